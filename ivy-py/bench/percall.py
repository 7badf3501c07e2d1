"""Per-call time of ivy_rs against numpy and Ivy-Python, in one process, one run.

    bash ivy-py/bench/env.sh   # target/benchenv: numpy, Ivy-Python, the ivy_rs wheel
    target/benchenv/bin/python ivy-py/bench/percall.py [--quick] > docs/perf/python.md

Needs ivy_rs (``bash ivy-py/dev.sh build``) and numpy in the running interpreter; Ivy-Python
(``pip install ivy==1.0.0.5``, numpy backend) is measured when importable. For n = 1 and
n = 1e6 float32 elements (random, seeded) it times ``exp(x)``, ``add(x, y)``, ``x + y``,
``sum(x)`` and ``x[1:3]`` with ``timeit``: the best of 7 repeats of a loop sized to take
about 0.2 s, per call. Ratios are ivy_rs over numpy from the same run. Prints Markdown.
"""

import argparse
import os
import platform
import sys
import timeit

import numpy as np

import ivy_rs

try:  # Ivy-Python, for comparison (optional)
    import ivy as ivy_py

    ivy_py.set_backend("numpy")
except Exception:  # noqa: BLE001
    ivy_py = None


def best_per_call(stmt, glb, quick):
    t = timeit.Timer(stmt, globals=glb)
    n, _ = t.autorange()
    reps = 3 if quick else 7
    return min(t.repeat(repeat=reps, number=n)) / n


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="3 repeats instead of 7")
    a = ap.parse_args()
    rng = np.random.default_rng(0)
    ops = {
        "exp(x)": "m.exp(x)",
        "add(x, y)": "m.add(x, y)",
        "x + y": "x + y",
        "sum(x)": "m.sum(x)",
        "x[1:3]": "x[1:3]",
    }
    libs = [("numpy", np, lambda v: v)]
    for b in ("ndarray", "candle"):
        libs.append((f"ivy_rs ({b})", ivy_rs, lambda v, b=b: _on(b, v)))
    if ivy_py is not None:
        libs.append(("Ivy-Python 1.0.0.5 (numpy)", ivy_py, ivy_py.array))
    print("# ivy_rs per-call time (Python)\n")
    print(f"One run of `python ivy-py/bench/percall.py` on {platform.machine()}, "
          f"{os.cpu_count()} cores, Python {platform.python_version()}, numpy {np.__version__}"
          f"{', Ivy ' + ivy_py.__version__ if ivy_py is not None else ''}; "
          f"RAYON_NUM_THREADS={os.environ.get('RAYON_NUM_THREADS', 'unset')}. "
          "Best of 7 repeats, per call, float32, random inputs (seeded). The machine is shared: "
          "read ratios from the same run, not the absolute times.\n")
    for n in (1, 1_000_000):
        xs = rng.standard_normal(n).astype(np.float32)
        ys = rng.standard_normal(n).astype(np.float32)
        rows = {}
        for lib, m, conv in libs:
            x, y = conv(xs), conv(ys)
            for name, stmt in ops.items():
                with _backend(lib):
                    rows.setdefault(name, {})[lib] = best_per_call(
                        stmt, {"m": m, "x": x, "y": y}, a.quick
                    )
        names = [lib for lib, _, _ in libs]
        print(f"## n = {n:,}\n")
        print("| call | " + " | ".join(names) + " | ivy_rs (ndarray) / numpy |")
        print("|---|" + "---|" * len(names) + "---|")
        for op, r in rows.items():
            cells = [_fmt(r[lib]) for lib in names]
            ratio = r["ivy_rs (ndarray)"] / r["numpy"]
            print(f"| `{op}` | " + " | ".join(cells) + f" | {ratio:.2f}x |")
        print()
    sys.stdout.flush()


class _backend:
    """Runs the timing of an ivy_rs column on its backend."""

    def __init__(self, lib):
        self.b = "candle" if "candle" in lib else ("ndarray" if "ndarray" in lib else None)

    def __enter__(self):
        if self.b:
            ivy_rs.set_backend(self.b)

    def __exit__(self, *exc):
        if self.b:
            ivy_rs.unset_backend()


def _on(backend, v):
    with ivy_rs.using_backend(backend):
        return ivy_rs.asarray(v)


def _fmt(seconds):
    if seconds < 1e-3:
        return f"{seconds * 1e6:.2f} µs"
    return f"{seconds * 1e3:.3f} ms"


if __name__ == "__main__":
    main()
