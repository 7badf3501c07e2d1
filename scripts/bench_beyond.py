#!/usr/bin/env python3
# requires: numpy, ivy_rs (bash ivy-py/dev.sh build; `--n1 --rust` runs without it); JAX when importable (ivy-py/bench/env.sh: numpy 2.4.6, jax 0.10.2)
"""Times the ops beyond element-wise (issue 38's table) on ivy_rs (ndarray and candle
backends) against numpy (and JAX on the CPU when importable), in one run, and prints a
Markdown page.

    bash ivy-py/bench/env.sh   # target/benchenv: numpy, JAX, the ivy_rs wheel
    target/benchenv/bin/python scripts/bench_beyond.py > docs/perf/<date>-beyond-elementwise.md
    target/benchenv/bin/python scripts/bench_beyond.py --quick --ops sort,take

Every op runs on the same seeded random inputs on every side (1 M elements; 1000 x 1000 for
the axis ops; 64 x 64 and 256 x 256 for matmul). Timing is ``timeit``'s: a loop sized to
take ``--min-time`` seconds, the best of ``--repeats`` repeats, per call. Ratios are the best
ivy_rs backend over min(numpy, JAX), measured in the same run; below 1 is faster.

The whole table is measured twice, in two child processes: with each side's default
threads (rayon's pool on ivy_rs, OpenBLAS's on numpy's matmul, XLA's on JAX) and with one
thread each (``RAYON_NUM_THREADS=1``, ``OPENBLAS_NUM_THREADS=1``, ``OMP_NUM_THREADS=1``,
XLA ``--xla_cpu_multi_thread_eigen=false``, and the child pinned to one CPU: XLA's CPU
client gathers on a pool of its own whatever its flags say); the page shows both ratios. The machine is
shared: read the ratios, not the absolute times.
"""

import argparse
import json
import os
import platform
import subprocess
import sys
import timeit

N = 1_000_000
SIDE = 1000


def cases(np, rng, n1=False):
    """(name, dtype, make inputs(np-like module m, asarray) -> callable per library).

    ``n1``: the same calls on one-element float32 inputs (1 x 1 for the axis ops and matmul;
    ``eye(1)``, a one-element ``linspace``), as ``ivy-ops/benches/small.rs`` makes them."""
    N, SIDE = (1, 1) if n1 else (globals()["N"], globals()["SIDE"])
    out = []
    for dt in ("float32",) if n1 else ("float32", "float64"):
        m = rng.standard_normal((SIDE, SIDE)).astype(dt)
        f = m.ravel().copy()
        i = rng.integers(0, N, N)
        mask = f > 0
        sorted_f = np.sort(f)
        q = rng.standard_normal(N).astype(dt)
        col = rng.standard_normal((SIDE, 1)).astype(dt)
        row = rng.standard_normal((1, SIDE)).astype(dt)
        k = 1 if n1 else 64
        a64, b64 = rng.standard_normal((k, k)).astype(dt), rng.standard_normal((k, k)).astype(dt)
        a256, b256 = rng.standard_normal((256, 256)).astype(dt), rng.standard_normal((256, 256)).astype(dt)
        out += [
            ("linspace", dt, lambda L, d=dt: (lambda t=L.dtype(d): L.linspace(0.0, 1.0, N, dtype=t))),
            ("eye(1000)", dt, lambda L, d=dt: (lambda t=L.dtype(d): L.eye(SIDE, dtype=t))),
            ("arange", dt, lambda L, d=dt: (lambda t=L.dtype(d): L.arange(N, dtype=t))),
            ("zeros", dt, lambda L, d=dt: (lambda t=L.dtype(d): L.zeros(N, dtype=t))),
            ("argmax axis -1", dt, lambda L, m=m: (lambda x=L.asarray(m): L.argmax(x, axis=-1))),
            ("argmax axis 0", dt, lambda L, m=m: (lambda x=L.asarray(m): L.argmax(x, axis=0))),
            ("take 1M", dt, lambda L, f=f, i=i: (lambda x=L.asarray(f), j=L.asarray(i): L.take(x, j))),
            ("mask select", dt, lambda L, f=f, k=mask: (lambda x=L.asarray(f), b=L.asarray(k): x[b])),
            ("sort", dt, lambda L, f=f: (lambda x=L.asarray(f): L.sort(x))),
            ("argsort", dt, lambda L, f=f: (lambda x=L.asarray(f): L.argsort(x))),
            ("unique", dt, lambda L, f=f: (lambda x=L.asarray(f): L.unique_values(x))),
            ("searchsorted", dt, lambda L, s=sorted_f, q=q: (lambda x=L.asarray(s), v=L.asarray(q): L.searchsorted(x, v))),
            ("max axis 0", dt, lambda L, m=m: (lambda x=L.asarray(m): L.max(x, axis=0))),
            ("sum axis 0", dt, lambda L, m=m: (lambda x=L.asarray(m): L.sum(x, axis=0))),
            ("mean axis 0", dt, lambda L, m=m: (lambda x=L.asarray(m): L.mean(x, axis=0))),
            ("var axis 0", dt, lambda L, m=m: (lambda x=L.asarray(m): L.var(x, axis=0))),
            ("cumulative_sum", dt, lambda L, f=f: (lambda x=L.asarray(f): L.cumulative_sum(x))),
            ("matmul 64", dt, lambda L, a=a64, b=b64: (lambda x=L.asarray(a), y=L.asarray(b): L.matmul(x, y))),
            ("matmul 256", dt, lambda L, a=a256, b=b256: (lambda x=L.asarray(a), y=L.asarray(b): L.matmul(x, y))),
            ("broadcast add", dt, lambda L, c=col, r=row: (lambda x=L.asarray(c), y=L.asarray(r): L.add(x, y))),
            ("clip", dt, lambda L, f=f: (lambda x=L.asarray(f): L.clip(x, -0.5, 0.5))),
        ]
    if n1:
        out = [c for c in out if c[0] != "matmul 256"]
        return out
    # the integer rows (numpy divides by a scalar with libdivide; nonzero of half-zero data)
    for dt in ("int32", "int64"):
        m = rng.integers(-1000, 1000, (SIDE, SIDE)).astype(dt)
        f = m.ravel().copy()
        half = f * (rng.integers(0, 2, N) == 1)
        out += [
            ("argmax axis -1", dt, lambda L, m=m: (lambda x=L.asarray(m): L.argmax(x, axis=-1))),
            ("argmax axis 0", dt, lambda L, m=m: (lambda x=L.asarray(m): L.argmax(x, axis=0))),
            ("floor_divide by 7", dt, lambda L, f=f: (lambda x=L.asarray(f): L.floor_divide(x, 7))),
            ("remainder by 7", dt, lambda L, f=f: (lambda x=L.asarray(f): L.remainder(x, 7))),
            ("nonzero", dt, lambda L, h=half: (lambda x=L.asarray(h): L.nonzero(x))),
        ]
    return out


# the n = 1 table's names for the ops whose name states the 1 M size
N1_NAMES = {"eye(1000)": "eye(1)", "take 1M": "take", "matmul 64": "matmul 1 x 1"}


def rust_n1(crit, op):
    """The criterion medians (seconds) of ``benches/small.rs`` for one op, per backend."""
    got = {}
    for b in ("ndarray", "candle"):
        f = os.path.join(crit, "n1_" + op.replace(" ", "_"), "ivy_" + b, "1", "new", "estimates.json")
        if os.path.exists(f):
            with open(f) as fh:
                got[f"ivy-rs Rust ({b})"] = json.load(fh)["median"]["point_estimate"] * 1e-9
    return got


class Numpy:
    """numpy under the Array API names the table uses."""

    def __init__(self, np):
        self.np = np

    def __getattr__(self, name):
        # cached on the instance: later lookups are plain attribute reads (at n = 1 a
        # __getattr__ call per op call would cost more than the op)
        setattr(self, name, getattr(self.np, name))
        return getattr(self, name)

    def dtype(self, d):
        return getattr(self.np, d)

    def unique_values(self, x):
        return self.np.unique(x)

    def cumulative_sum(self, x):
        return self.np.cumsum(x)


class Jax:
    """jax.numpy, each call jitted once per op and waited for."""

    def __init__(self, jax, jnp):
        self.jax, self.jnp = jax, jnp

    def dtype(self, d):
        return getattr(self.jnp, d)

    def asarray(self, x):
        return self.jax.device_put(self.jnp.asarray(x)).block_until_ready()

    def __getattr__(self, name):
        fn = {"unique_values": self.jnp.unique, "cumulative_sum": self.jnp.cumsum}.get(name)
        fn = fn or getattr(self.jnp, name)

        def call(*a, **kw):
            r = fn(*a, **kw)
            return r.block_until_ready() if hasattr(r, "block_until_ready") else r

        setattr(self, name, call)
        return call


class Ivy:
    """ivy_rs on one backend."""

    def __init__(self, xp, backend):
        self.xp, self.backend = xp, backend

    def __getattr__(self, name):
        setattr(self, name, getattr(self.xp, name))
        return getattr(self, name)

    def dtype(self, d):
        return getattr(self.xp, d)


def best(fn, min_time, repeats):
    fn()  # warm-up (JAX compiles here)
    t = timeit.Timer(fn)
    n = 1
    while True:
        if t.timeit(n) >= min_time:
            break
        n *= 2
    return min(t.repeat(repeats, n)) / n


def measure(args):
    """Child process: the table as JSON on stdout."""
    if os.environ.get("IVY_BENCH_ONE_CPU"):
        # XLA's CPU client keeps a thread pool of its own whatever XLA_FLAGS say: only the
        # process's affinity holds JAX (and everything else) to one core
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    import numpy as np

    libs = [("numpy", Numpy(np))]
    try:
        import ivy_rs
    except ImportError:
        # `--n1 --rust` compares the Rust calls with numpy: the wheel is optional there
        if not (args.n1 and args.rust):
            raise
    else:
        libs += [(f"ivy_rs ({b})", Ivy(ivy_rs, b)) for b in ("ndarray", "candle")]
    try:
        if args.no_jax:
            raise ImportError
        import jax
        import jax.numpy as jnp

        jax.config.update("jax_enable_x64", True)
        libs.append(("jax", Jax(jax, jnp)))
    except ImportError:
        pass
    only = set(args.ops.split(",")) if args.ops else None
    rows = []
    for name, dt, make in cases(np, np.random.default_rng(0), args.n1):
        if only and name not in only:
            continue
        r = {"op": name, "dtype": dt}
        for lib, m in libs:
            try:
                if isinstance(m, Ivy):
                    with ivy_rs.using_backend(m.backend):
                        fn = make(m)
                        r[lib] = best(fn, args.min_time, args.repeats)
                else:
                    r[lib] = best(make(m), args.min_time, args.repeats)
            except Exception as e:  # noqa: BLE001 (an op a side lacks: shown as –)
                r[lib] = None
                r[lib + " error"] = f"{type(e).__name__}: {e}"[:120]
        rows.append(r)
        print(f"{name} {dt}", file=sys.stderr, flush=True)
    json.dump({"rows": rows, "libs": [lib for lib, _ in libs],
               "versions": {"numpy": np.__version__, "python": platform.python_version()}},
              sys.stdout)


def fmt(t):
    if t is None:
        return "–"
    if t < 1e-6:
        return f"{t * 1e9:.0f} ns"
    return f"{t * 1e6:.0f} µs" if t >= 1e-5 else f"{t * 1e6:.2f} µs"


def ratio(r, libs):
    ivy = [r[k] for k in ("ivy_rs (ndarray)", "ivy_rs (candle)") if r.get(k)]
    ref = [r[k] for k in libs if not k.startswith("ivy_rs") and r.get(k)]
    if not ivy or not ref:
        return None, None
    return min(ivy) / min(ref), (r.get("ivy_rs (candle)") or 0) / r["ivy_rs (ndarray)"] if r.get("ivy_rs (ndarray)") else None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="0.05 s loops, 3 repeats")
    ap.add_argument("--ops", help="comma-separated op names (as in the table)")
    ap.add_argument("--no-jax", action="store_true")
    ap.add_argument("--n1", action="store_true",
                    help="the same ops on one-element float32 inputs (issue 38's n = 1 target)")
    ap.add_argument("--rust", metavar="DIR", nargs="?", const=os.path.join(
                        os.path.dirname(os.path.abspath(__file__)), "..", "target", "criterion"),
                    help="with --n1: also read `cargo bench -p ivy-ops --bench small`'s "
                         "medians from this criterion directory (default target/criterion)")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    args.min_time, args.repeats = (0.05, 3) if args.quick else (0.2, 5)
    if args.child:
        return measure(args)
    if args.n1:
        return main_n1(args)
    one = {"RAYON_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1",
           "XLA_FLAGS": "--xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1",
           "IVY_BENCH_ONE_CPU": "1"}
    runs = {}
    for label, extra in (("default", {}), ("one thread", one)):
        env = dict(os.environ, **extra)
        cmd = [sys.executable, __file__, "--child"] + sys.argv[1:]
        out = subprocess.run(cmd, env=env, check=True, capture_output=True, text=True).stdout
        runs[label] = json.loads(out)
    d, s = runs["default"], runs["one thread"]
    libs = d["libs"]
    print("# Beyond element-wise: ivy_rs against numpy" + (" and JAX" if "jax" in libs else "") + "\n")
    print(f"One run of `python scripts/bench_beyond.py{' ' + ' '.join(sys.argv[1:]) if sys.argv[1:] else ''}` "
          f"on {platform.machine()}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.2f}; "
          f"Python {d['versions']['python']}, numpy {d['versions']['numpy']}. Best of the "
          f"repeats, per call; inputs random (seeded), 1 M elements (1000 x 1000 for the axis "
          f"ops). Threads: default = rayon's pool ({os.cpu_count()}) for ivy_rs, OpenBLAS's "
          f"for numpy's matmul, XLA's for JAX; one thread = every side on one (the process "
          f"pinned to one CPU). Ratio = the "
          f"faster ivy_rs backend over the faster of the others (below 1: ivy_rs faster); "
          f"candle/ndarray: candle's time over ndarray's.\n")
    print("| op | dtype | " + " | ".join(libs) + " | ratio | ratio, one thread | candle / ndarray |")
    print("|---|---|" + "---|" * len(libs) + "---|---|---|")
    for r, r1 in zip(d["rows"], s["rows"]):
        q, c = ratio(r, libs)
        q1, _ = ratio(r1, libs)
        cells = [fmt(r.get(k)) for k in libs]
        show = lambda v: "–" if v is None else f"{v:.2f}x"  # noqa: E731
        print(f"| {r['op']} | {r['dtype']} | " + " | ".join(cells) + f" | {show(q)} | {show(q1)} | {show(c)} |")
    errs = [(r["op"], r["dtype"], k, v) for r in d["rows"] for k, v in r.items() if k.endswith(" error")]
    if errs:
        print("\nNot measured (the call failed):\n")
        for op, dt, k, v in errs:
            print(f"- {op} {dt}, {k[:-6]}: {v}")


def main_n1(args):
    """Issue 38's ops at n = 1: numpy and ivy_rs from Python, and ivy-rs's Rust calls."""
    cmd = [sys.executable, __file__, "--child"] + sys.argv[1:]
    d = json.loads(subprocess.run(cmd, check=True, capture_output=True, text=True).stdout)
    libs = list(d["libs"])
    if args.rust:
        for r in d["rows"]:
            r.update(rust_n1(args.rust, r["op"]))
        libs += ["ivy-rs Rust (ndarray)", "ivy-rs Rust (candle)"]
    print("# Issue 38's ops at n = 1: ivy-rs against numpy\n")
    print(f"One run of `python scripts/bench_beyond.py {' '.join(sys.argv[1:])}` on "
          f"{platform.machine()}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.2f}; Python "
          f"{d['versions']['python']}, numpy {d['versions']['numpy']}. float32, one element "
          f"(1 x 1 for the axis ops and matmul), random (seeded). Python sides: best of the "
          f"repeats, per call. Rust sides: the criterion medians of `cargo bench -p ivy-ops "
          f"--bench small` (the same calls from Rust). Ratio = the faster ivy-rs figure of a "
          f"kind over numpy's; the issue's target is at most 0.33x.\n")
    print("| op | " + " | ".join(libs) + " | Python / numpy | Rust / numpy |")
    print("|---|" + "---|" * len(libs) + "---|---|")
    show = lambda v: "–" if v is None else f"{v:.2f}x"  # noqa: E731
    for r in d["rows"]:
        npt = r.get("numpy")
        py = [r[k] for k in ("ivy_rs (ndarray)", "ivy_rs (candle)") if r.get(k)]
        ru = [r[k] for k in ("ivy-rs Rust (ndarray)", "ivy-rs Rust (candle)") if r.get(k)]
        qp = min(py) / npt if py and npt else None
        qr = min(ru) / npt if ru and npt else None
        cells = [fmt(r.get(k)) for k in libs]
        print(f"| {N1_NAMES.get(r['op'], r['op'])} | " + " | ".join(cells) + f" | {show(qp)} | {show(qr)} |")


if __name__ == "__main__":
    main()
