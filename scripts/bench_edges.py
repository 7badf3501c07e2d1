"""Element-wise ops at inputs off their fast paths, the activations, and `out=` naming its
first argument: ivy_rs against numpy, 1 M float32, through the Python module.

Run with a Python that has numpy and a release build of ivy_rs (`IVY_PY_PROFILE=release
bash ivy-py/dev.sh build`):  python scripts/bench_edges.py  [--n N] [--repeat R]

Each figure is the best of R rounds (each the mean of 5 calls), in microseconds, the two
libraries alternating within a round (the machine is shared: compare within one run). It
prints Markdown tables: the special-value inputs (a constant array of each value, and
normal data), the activations against numpy's compositions, powers (numpy's one-operation
scalar powers and a general one), and `op(x, y, out=x)`.
"""

import argparse
import timeit
import warnings

import numpy as np

import ivy_rs as ivy

warnings.filterwarnings("ignore")


def best(f, repeat):
    return min(timeit.repeat(f, number=5, repeat=repeat)) / 5 * 1e6


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=1_000_000)
    ap.add_argument("--repeat", type=int, default=5)
    a = ap.parse_args()
    n, rep = a.n, a.repeat
    rng = np.random.default_rng(0)
    normal = rng.standard_normal(n).astype(np.float32)
    values = {"normal": None, "100": 100.0, "-100": -100.0, "1e10": 1e10, "inf": np.inf,
              "-inf": -np.inf, "nan": np.nan, "-2": -2.0, "0": 0.0}
    ops = ["exp", "expm1", "log", "log1p", "sin", "tanh", "cosh", "asin"]
    print(f"## Special inputs: ivy_rs / numpy, µs ({n} float32)\n")
    print("| op | " + " | ".join(values) + " |")
    print("|---|" + "---|" * len(values))
    for op in ops:
        f, g = getattr(ivy, op), getattr(np, op if op != "asin" else "arcsin")
        cells = []
        for v in values.values():
            arr = normal if v is None else np.full(n, v, np.float32)
            x = ivy.asarray(arr)
            t = best(lambda: f(x), rep)
            with np.errstate(all="ignore"):
                tn = best(lambda: g(arr), rep)
            cells.append(f"{t:.0f} / {tn:.0f}")
        print(f"| {op} | " + " | ".join(cells) + " |")
    x = ivy.asarray(normal)
    acts = [
        ("sigmoid", lambda: ivy.sigmoid(x), lambda: 1 / (1 + np.exp(-normal))),
        ("silu", lambda: ivy.silu(x), lambda: normal / (1 + np.exp(-normal))),
        ("gelu", lambda: ivy.gelu(x), None),
        ("gelu (approximate)", lambda: ivy.gelu(x, approximate=True),
         lambda: 0.5 * normal * (1 + np.tanh(0.7978845608 * (normal + 0.044715 * normal**3)))),
        ("mish", lambda: ivy.mish(x), lambda: normal * np.tanh(np.logaddexp(0, normal))),
        ("softplus", lambda: ivy.softplus(x), lambda: np.logaddexp(0, normal)),
        ("hardswish", lambda: ivy.hardswish(x),
         lambda: normal * np.clip(normal + 3, 0, 6) / 6),
    ]
    print(f"\n## Activations, µs ({n} float32, normal)\n")
    print("| op | ivy_rs | numpy's composition |")
    print("|---|---|---|")
    for name, f, g in acts:
        t = best(f, rep)
        tn = best(g, rep) if g else float("nan")
        print(f"| {name} | {t:.0f} | {'-' if g is None else f'{tn:.0f}'} |")
    print(f"\n## Powers, µs ({n} float32; x ≥ 0 drawn as |normal|, y uniform in [-5, 5))\n")
    xa_n = np.abs(normal)
    y_n = rng.uniform(-5, 5, n).astype(np.float32)
    xa, y = ivy.asarray(xa_n), ivy.asarray(y_n)
    rows = [
        ("x ** 2", lambda: x**2, lambda: normal**2),
        ("x ** 0.5", lambda: xa**0.5, lambda: xa_n**0.5),
        ("x ** -1", lambda: x**-1, lambda: normal**-1),
        ("x ** 3", lambda: x**3, lambda: normal**3),
        ("pow(x, y)", lambda: ivy.pow(xa, y), lambda: np.power(xa_n, y_n)),
    ]
    print("| call | ivy_rs | numpy |")
    print("|---|---|---|")
    for name, f, g in rows:
        with np.errstate(all="ignore"):
            print(f"| {name} | {best(f, rep):.0f} | {best(g, rep):.0f} |")
    print(f"\n## `add(x, y, out=x)`, µs ({n} float32)\n")
    xi, yi, oi = (ivy.asarray(normal.copy()) for _ in range(3))
    xn, yn, on = normal.copy(), normal.copy(), normal.copy()
    rows = [
        ("add(x, y, out=x)", lambda: ivy.add(xi, yi, out=xi), lambda: np.add(xn, yn, out=xn)),
        ("add(x, y, out=o)", lambda: ivy.add(xi, yi, out=oi), lambda: np.add(xn, yn, out=on)),
        ("add(x, y)", lambda: ivy.add(xi, yi), lambda: np.add(xn, yn)),
        ("sin(x, out=x)", lambda: ivy.sin(xi, out=xi), lambda: np.sin(xn, out=xn)),
    ]
    print("| call | ivy_rs | numpy |")
    print("|---|---|---|")
    for name, f, g in rows:
        print(f"| {name} | {best(f, rep):.0f} | {best(g, rep):.0f} |")


if __name__ == "__main__":
    main()
