#!/usr/bin/env python3
# requires: numpy==2.1.3 jax==0.4.26 jaxlib==0.4.26
"""Times numpy and JAX (on the CPU) on the ops of ``ivy-ops/benches/ops.txt`` and prints a
markdown table that compares them with the Rust figures of the criterion benchmark
``ivy-ops/benches/elementwise.rs``.

What it does
------------
``ivy-ops/benches/ops.txt`` is the single source of truth: each line names an op, its kind
(``unary``, ``binary`` or ``reduce``) and the range its uniform random inputs come from
(binary ops: x1 in [lo, hi), x2 in [lo2, hi2)). For every selected op, dtype (float32,
float64) and size n (default 1, 1000, 1000000) the script

- draws the inputs from ``numpy.random.default_rng(0)`` (a fresh generator per op, dtype and
  n, so a subset gives the same inputs as a full run) in float64 and casts them to the dtype;
- times numpy: ``np.<op>(x)`` (``np.<op>(x1, x2)``), except softplus, which numpy lacks, is
  ``np.logaddexp(0, x)``, pow is ``np.power``, asin/acos/atan/asinh/acosh/atanh/atan2 are
  ``np.arcsin``/… (the same ufuncs as numpy 2's ``np.asin``/…), and the reductions are
  ``np.sum/np.mean/np.prod/np.var/np.std/np.max/np.min`` over the whole array;
- times JAX: ``jax.jit`` of the ``jax.numpy`` equivalent (softplus: ``jax.nn.softplus``),
  float64 enabled (``jax_enable_x64``), CPU only (``JAX_PLATFORMS=cpu``), called on arrays
  already on the device, each call waited for with ``.block_until_ready()``, after a warm-up
  call (compilation is not timed);
- reads the Rust figures that criterion stored:
  ``<criterion-dir>/<op>_<f32|f64>/<impl>/<n>/new/estimates.json``, ``median.point_estimate``
  (ns), for impl = ``ivy_ndarray``, ``ivy_candle`` (and ``ndarray_raw``, in the JSON output
  and with ``--show-raw``); a missing file shows as ``–``.

Timing is ``timeit``'s: the loop count is chosen (1, 2, 5, 10, 20, …) so that one repeat
takes at least ``--min-time`` seconds (0.2 s; 0.02 s with ``--quick``), then ``--repeats``
repeats (5; 3 with ``--quick``) are run and the **median** per-call time is reported (the
median, like criterion's ``median.point_estimate`` that the Rust columns show; the JSON
output also has the minimum).

Output: one markdown table per size (op, dtype, n, ivy_ndarray ns, ivy_candle ns, numpy ns,
jax ns, best-ivy/numpy, best-ivy/min(numpy, jax), where best-ivy is the faster of the
ivy_ndarray and ivy_candle figures that exist; a ratio below 1 means ivy-rs is faster),
then per dtype and size the geometric mean of best-ivy/numpy (and of best-ivy/min(numpy,
jax)) and how many ops are at ≤ 1.0× of the faster of numpy and JAX. The machine (CPU
model, core count, load average) and the versions come first. ``--json FILE`` also writes
the raw numbers.

How to run
----------
From anywhere (paths are relative to this file)::

    pip install numpy==2.1.3 jax==0.4.26 jaxlib==0.4.26
    python3 scripts/bench_numpy.py                         # everything: ~15 min
    python3 scripts/bench_numpy.py --quick                 # everything: ~1 min, noisier
    python3 scripts/bench_numpy.py --quick --sizes 1000 --dtypes f32
    python3 scripts/bench_numpy.py --ops exp,log,sum --sizes 1000000 --json /tmp/b.json
    python3 scripts/bench_numpy.py --run-cargo --ops exp,tan --sizes 1000000
    python3 scripts/bench_numpy.py --no-jax --criterion-dir /elsewhere/criterion

``--run-cargo`` first runs ``cargo bench -p ivy-ops --bench elementwise -- '<filter>'`` from
the repository root, the filter a regex selecting the chosen ops, dtypes and sizes
(``^(exp|tan)_(f32)/[^/]+/(1000000)$``), so that Rust and Python are timed in one go;
without it the script only reads the criterion results already there. The default
criterion directory is ``$CRITERION_HOME``, else ``$CARGO_TARGET_DIR/criterion``, else
``<repo>/target/criterion``.

Noise: on a small shared VM the cheap, memory-bound ops at n = 1M (add, negative, floor,
sqrt, exp f32, ...) vary by up to ~50% from one run to the next (JAX more than numpy), while
the compute-bound ones (f64 transcendentals) agree within a few %. Compare figures taken in
one run (``--run-cargo``) on an otherwise idle machine, and repeat before trusting a ratio
near 1.

numpy's ufuncs run on one thread; XLA may split a large element-wise loop over several
threads. ``--jax-single-thread`` sets ``XLA_FLAGS=--xla_cpu_multi_thread_eigen=false
intra_op_parallelism_threads=1``; ``taskset -c 0 python3 scripts/bench_numpy.py`` pins the
whole process to one core. (On the 2-core Xeon this was written on, the flag changed no
n = 1M timing: XLA ran these loops on one thread anyway.)

Versions
--------
Pinned: ``numpy==2.1.3`` (the project's pin), ``jax==0.4.26``, ``jaxlib==0.4.26`` (with
``ml_dtypes``, ``opt_einsum`` and ``scipy`` as pip resolves them; tested with ml_dtypes 0.6.0,
scipy 1.17.1, Python 3.11.7). jax/jaxlib 0.4.24 (and 0.4.25) install next to numpy 2.1.3
but fail at the first array transfer (``XlaRuntimeError: INVALID_ARGUMENT: Unknown NumPy
dtype dtype('float64') ... itemsize 0``: jaxlib < 0.4.26 is built against numpy 1.x);
0.4.26 is the oldest jaxlib that works with numpy 2.x. Only numpy, jax and the standard
library are used.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import re
import statistics
import subprocess
import sys
import time
import timeit
from pathlib import Path

import numpy as np

SCRIPT_DIR = Path(__file__).resolve().parent
REPO_ROOT = SCRIPT_DIR.parent
OPS_FILE = REPO_ROOT / "ivy-ops" / "benches" / "ops.txt"

DEFAULT_SIZES = [1, 1000, 1_000_000]
DTYPES = {"f32": np.float32, "f64": np.float64}
RUST_IMPLS = ["ivy_ndarray", "ivy_candle", "ndarray_raw"]
BEST_IVY_IMPLS = ["ivy_ndarray", "ivy_candle"]
DASH = "\u2013"  # –

# numpy / jax.numpy function names where they differ from the op's name. The arc* names are
# the canonical ufuncs in numpy (numpy 2's np.asin is np.arcsin) and exist in every jax.
FUNC_NAMES = {
    "asin": "arcsin",
    "acos": "arccos",
    "atan": "arctan",
    "asinh": "arcsinh",
    "acosh": "arccosh",
    "atanh": "arctanh",
    "atan2": "arctan2",
    "pow": "power",
}
REDUCTIONS = {"sum", "mean", "prod", "var", "std", "max", "min"}


# --------------------------------------------------------------------------------------
# ops.txt


class Op:
    def __init__(self, name: str, kind: str, ranges: list[tuple[float, float]]):
        self.name = name
        self.kind = kind
        self.ranges = ranges

    @property
    def arity(self) -> int:
        return 2 if self.kind == "binary" else 1


def parse_ops(path: Path) -> list[Op]:
    ops = []
    for lineno, raw in enumerate(path.read_text().splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        f = line.split()
        where = f"{path}:{lineno}"
        if len(f) < 2 or f[1] not in ("unary", "binary", "reduce"):
            sys.exit(f"{where}: expected `op kind lo hi [lo2 hi2]`, got {raw!r}")
        want = 6 if f[1] == "binary" else 4
        if len(f) != want:
            sys.exit(f"{where}: a {f[1]} op needs {want - 2} bounds, got {raw!r}")
        bounds = [float(v) for v in f[2:]]
        ranges = [(bounds[i], bounds[i + 1]) for i in range(0, len(bounds), 2)]
        for lo, hi in ranges:
            if not lo < hi:
                sys.exit(f"{where}: empty range [{lo}, {hi})")
        ops.append(Op(f[0], f[1], ranges))
    return ops


def make_inputs(op: Op, dtype, n: int) -> list[np.ndarray]:
    rng = np.random.default_rng(0)
    return [rng.uniform(lo, hi, n).astype(dtype) for lo, hi in op.ranges]


# --------------------------------------------------------------------------------------
# the calls: (function, timeit statement) where the statement calls `f` on `x` (and `y`)


def numpy_call(op: Op):
    if op.name == "softplus":
        return np.logaddexp, "f(0, x)"
    f = getattr(np, FUNC_NAMES.get(op.name, op.name))
    return f, ("f(x, y)" if op.arity == 2 else "f(x)")


def jax_call(op: Op, jax, jnp):
    if op.name == "softplus":
        g = jax.nn.softplus
    else:
        g = getattr(jnp, FUNC_NAMES.get(op.name, op.name))
    f = jax.jit(g)
    return f, ("f(x, y).block_until_ready()" if op.arity == 2 else "f(x).block_until_ready()")


def time_stmt(stmt: str, env: dict, min_time: float, repeats: int) -> dict:
    """timeit with autorange to >= min_time per repeat; per-call ns, median and min."""
    timer = timeit.Timer(stmt, globals=env)
    number = 1
    while True:
        for k in (1, 2, 5):
            loops = number * k
            t = timer.timeit(loops)
            if t >= min_time:
                break
        else:
            number *= 10
            continue
        break
    # the calibration run that reached min_time counts as the first repeat
    per_call = [t / loops * 1e9]
    per_call += [x / loops * 1e9 for x in timer.repeat(repeat=repeats - 1, number=loops)]
    return {
        "median_ns": statistics.median(per_call),
        "min_ns": min(per_call),
        "loops": loops,
        "repeats": len(per_call),
    }


# --------------------------------------------------------------------------------------
# criterion


def default_criterion_dir() -> Path:
    if os.environ.get("CRITERION_HOME"):
        return Path(os.environ["CRITERION_HOME"])
    if os.environ.get("CARGO_TARGET_DIR"):
        return Path(os.environ["CARGO_TARGET_DIR"]) / "criterion"
    return REPO_ROOT / "target" / "criterion"


def read_rust(crit: Path, op: str, dtype: str, n: int) -> dict:
    out = {}
    for impl in RUST_IMPLS:
        p = crit / f"{op}_{dtype}" / impl / str(n) / "new" / "estimates.json"
        try:
            est = json.loads(p.read_text())
            out[impl] = float(est["median"]["point_estimate"])
        except FileNotFoundError:
            continue
        except (OSError, ValueError, KeyError, TypeError) as e:
            print(f"warning: cannot read {p}: {e}", file=sys.stderr)
    return out


def cargo_filter(ops: list[str], dtypes: list[str], sizes: list[int]) -> str:
    alt = lambda xs: "(" + "|".join(re.escape(str(x)) for x in xs) + ")"  # noqa: E731
    return f"^{alt(ops)}_{alt(dtypes)}/[^/]+/{alt(sizes)}$"


def run_cargo(filt: str) -> None:
    cmd = ["cargo", "bench", "-p", "ivy-ops", "--bench", "elementwise", "--", filt]
    print(f"$ (cd {REPO_ROOT} && {' '.join(cmd[:-1])} '{filt}')", file=sys.stderr, flush=True)
    try:
        rc = subprocess.run(cmd, cwd=REPO_ROOT).returncode
    except FileNotFoundError:
        sys.exit("error: --run-cargo: `cargo` is not on PATH")
    if rc != 0:
        sys.exit(f"error: cargo bench failed (exit {rc})")


# --------------------------------------------------------------------------------------
# machine and versions


def machine_info() -> dict:
    model = None
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    info = {
        "cpu": model or platform.processor() or platform.machine(),
        "cores": os.cpu_count(),
        "platform": platform.platform(),
        "python": platform.python_version(),
        "numpy": np.__version__,
    }
    if hasattr(os, "sched_getaffinity"):
        info["usable_cores"] = len(os.sched_getaffinity(0))
    if hasattr(os, "getloadavg"):
        info["loadavg"] = [round(v, 2) for v in os.getloadavg()]
    try:  # the SIMD extensions numpy's kernels may use on this CPU
        from numpy._core._multiarray_umath import __cpu_features__ as feats

        wanted = ["AVX512_SKX", "AVX512F", "AVX2", "FMA3", "AVX", "SSE42", "ASIMD", "SVE"]
        info["numpy_simd"] = [k for k in wanted if feats.get(k)]
    except Exception:  # noqa: BLE001 (private numpy module: optional)
        pass
    return info


def import_jax(single_thread: bool):
    os.environ["JAX_PLATFORMS"] = "cpu"
    if single_thread:
        flags = "--xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1"
        os.environ["XLA_FLAGS"] = (os.environ.get("XLA_FLAGS", "") + " " + flags).strip()
    try:
        import jax
        import jax.numpy as jnp
        import jaxlib
    except ImportError as e:
        sys.exit(
            f"error: cannot import jax ({e}); `pip install jax==0.4.26 jaxlib==0.4.26` "
            "or pass --no-jax"
        )
    jax.config.update("jax_enable_x64", True)
    jax.config.update("jax_platforms", "cpu")
    return jax, jnp, jaxlib.__version__


# --------------------------------------------------------------------------------------
# output


def fmt_ns(v: float | None) -> str:
    if v is None:
        return DASH
    if v >= 100:
        return f"{v:,.0f}"
    return f"{v:.1f}"


def fmt_ratio(v: float | None) -> str:
    return DASH if v is None else f"{v:.2f}\u00d7"  # ×


def best_ivy(rust: dict) -> float | None:
    vals = [rust[k] for k in BEST_IVY_IMPLS if k in rust]
    return min(vals) if vals else None


def ratios(rec: dict) -> tuple[float | None, float | None]:
    b = best_ivy(rec["rust"])
    np_ns = rec["numpy"]["median_ns"] if rec.get("numpy") else None
    jx_ns = rec["jax"]["median_ns"] if rec.get("jax") else None
    r_np = b / np_ns if b is not None and np_ns else None
    others = [v for v in (np_ns, jx_ns) if v]
    r_best = b / min(others) if b is not None and others else None
    return r_np, r_best


def geomean(xs: list[float]) -> float | None:
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


def print_tables(records: list[dict], sizes: list[int], dtypes: list[str], show_raw: bool):
    raw_col = ["ndarray_raw ns"] if show_raw else []
    head = (
        ["op", "dtype", "n", "ivy_ndarray ns", "ivy_candle ns"]
        + raw_col
        + ["numpy ns", "jax ns", "best-ivy/numpy", "best-ivy/min(numpy,jax)"]
    )
    right = [False, False] + [True] * (len(head) - 2)
    sep = ["---:" if r else "---" for r in right]
    for n in sizes:
        rows = [r for r in records if r["n"] == n]
        if not rows:
            continue
        print(f"\n### n = {n:,}\n")
        print("| " + " | ".join(head) + " |")
        print("|" + "|".join(sep) + "|")
        for r in rows:
            r_np, r_best = ratios(r)
            raw = [fmt_ns(r["rust"].get("ndarray_raw"))] if show_raw else []
            cells = (
                [r["op"], r["dtype"], str(n)]
                + [fmt_ns(r["rust"].get("ivy_ndarray")), fmt_ns(r["rust"].get("ivy_candle"))]
                + raw
                + [
                    fmt_ns(r["numpy"]["median_ns"] if r.get("numpy") else None),
                    fmt_ns(r["jax"]["median_ns"] if r.get("jax") else None),
                    fmt_ratio(r_np),
                    fmt_ratio(r_best),
                ]
            )
            print("| " + " | ".join(cells) + " |")

    print("\n### Summary (best-ivy = faster of ivy_ndarray, ivy_candle; < 1 = ivy-rs faster)\n")
    print(
        "| dtype | n | ops | geomean best-ivy/numpy | geomean best-ivy/min(numpy,jax) "
        "| ops at ≤ 1.0× of min(numpy,jax) |"
    )
    print("|---|---:|---:|---:|---:|---:|")
    summary = []
    for dt in dtypes:
        for n in sizes:
            rows = [r for r in records if r["n"] == n and r["dtype"] == dt]
            if not rows:
                continue
            rs = [ratios(r) for r in rows]
            r_np = [a for a, _ in rs if a is not None]
            r_best = [b for _, b in rs if b is not None]
            at_most_1 = sum(1 for b in r_best if b <= 1.0)
            s = {
                "dtype": dt,
                "n": n,
                "ops": len(rows),
                "ops_with_rust_and_numpy": len(r_np),
                "geomean_best_ivy_over_numpy": geomean(r_np),
                "geomean_best_ivy_over_min_numpy_jax": geomean(r_best),
                "ops_at_most_1x_of_min_numpy_jax": at_most_1,
                "ops_compared": len(r_best),
            }
            summary.append(s)
            print(
                f"| {dt} | {n:,} | {len(rows)} | {fmt_ratio(s['geomean_best_ivy_over_numpy'])} "
                f"(over {len(r_np)}) | {fmt_ratio(s['geomean_best_ivy_over_min_numpy_jax'])} "
                f"| {at_most_1} / {len(r_best)} |"
            )
    return summary


# --------------------------------------------------------------------------------------


def parse_size(s: str) -> int:
    s = s.strip().lower().replace("_", "")
    mult = 1
    if s and s[-1] in "km":
        mult = 1000 if s[-1] == "k" else 1_000_000
        s = s[:-1]
    v = float(s) * mult
    if v != int(v) or v < 1:
        raise argparse.ArgumentTypeError(f"bad size {s!r}")
    return int(v)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(
        description="Time numpy and JAX (CPU) on ivy-ops/benches/ops.txt and compare with "
        "the Rust criterion results of ivy-ops/benches/elementwise.rs.",
    )
    ap.add_argument("--ops", help="comma-separated subset of the ops in ops.txt (default: all)")
    ap.add_argument(
        "--sizes",
        default=",".join(map(str, DEFAULT_SIZES)),
        help="comma-separated sizes (default 1,1000,1000000; 1k and 1M are accepted)",
    )
    ap.add_argument("--dtypes", default="f32,f64", help="comma-separated: f32,f64 (default both)")
    ap.add_argument("--quick", action="store_true", help="shorter timing: 0.02 s x 3 repeats")
    ap.add_argument("--min-time", type=float, help="seconds per repeat (default 0.2; quick 0.02)")
    ap.add_argument("--repeats", type=int, help="repeats, median taken (default 5; quick 3)")
    ap.add_argument("--no-jax", action="store_true", help="do not time (or import) JAX")
    ap.add_argument("--no-numpy", action="store_true", help="do not time numpy")
    ap.add_argument(
        "--jax-single-thread",
        action="store_true",
        help="XLA_FLAGS=--xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1",
    )
    ap.add_argument(
        "--criterion-dir",
        type=Path,
        help="criterion output directory (default $CRITERION_HOME, $CARGO_TARGET_DIR/criterion "
        "or <repo>/target/criterion)",
    )
    ap.add_argument(
        "--run-cargo",
        action="store_true",
        help="first run `cargo bench -p ivy-ops --bench elementwise -- <filter>` for the "
        "selected ops, dtypes and sizes",
    )
    ap.add_argument("--show-raw", action="store_true", help="add an ndarray_raw column")
    ap.add_argument("--json", type=Path, metavar="FILE", help="also write the raw numbers here")
    args = ap.parse_args(argv)

    all_ops = parse_ops(OPS_FILE)
    by_name = {op.name: op for op in all_ops}
    if args.ops:
        names = [s.strip() for s in args.ops.split(",") if s.strip()]
        unknown = [s for s in names if s not in by_name]
        if unknown:
            ap.error(f"unknown op(s) {', '.join(unknown)}; ops.txt has: {', '.join(by_name)}")
        ops = [by_name[s] for s in names]
    else:
        ops = all_ops
    try:
        sizes = [parse_size(s) for s in args.sizes.split(",") if s.strip()]
    except (ValueError, argparse.ArgumentTypeError) as e:
        ap.error(f"--sizes: {e}")
    aliases = {"float32": "f32", "float64": "f64"}
    dtypes = [aliases.get(s.strip(), s.strip()) for s in args.dtypes.split(",") if s.strip()]
    for d in dtypes:
        if d not in DTYPES:
            ap.error(f"--dtypes: unknown dtype {d!r} (f32, f64)")
    min_time = args.min_time or (0.02 if args.quick else 0.2)
    repeats = args.repeats or (3 if args.quick else 5)
    if repeats < 1:
        ap.error("--repeats must be >= 1")
    crit = args.criterion_dir or default_criterion_dir()

    if args.run_cargo:
        run_cargo(cargo_filter([op.name for op in ops], dtypes, sizes))

    info = machine_info()
    jax = jnp = None
    if not args.no_jax:
        jax, jnp, jaxlib_version = import_jax(args.jax_single_thread)
        info["jax"] = jax.__version__
        info["jaxlib"] = jaxlib_version
        info["jax_devices"] = [str(d) for d in jax.devices()]
        if os.environ.get("XLA_FLAGS"):
            info["XLA_FLAGS"] = os.environ["XLA_FLAGS"]

    print("## numpy / JAX (CPU) vs ivy-rs (criterion)\n")
    cores = f"{info['cores']} cores"
    if info.get("usable_cores") not in (None, info["cores"]):
        cores += f" ({info['usable_cores']} usable)"
    print(f"- machine: {info['cpu']}, {cores}, load average {info.get('loadavg', '?')}")
    if info.get("numpy_simd"):
        print(f"- numpy SIMD: {', '.join(info['numpy_simd'])}")
    print(f"- {info['platform']}, Python {info['python']}, numpy {info['numpy']}", end="")
    if jax is not None:
        print(f", jax {info['jax']}, jaxlib {info['jaxlib']} ({', '.join(info['jax_devices'])})")
    else:
        print(", JAX not timed")
    if info.get("XLA_FLAGS"):
        print(f"- XLA_FLAGS={info['XLA_FLAGS']}")
    print(
        f"- timing: median per-call time of {repeats} repeats of >= {min_time} s each "
        f"(timeit); Rust: criterion median.point_estimate from {crit}"
    )
    sys.stdout.flush()

    records = []
    t_start = time.perf_counter()
    for n in sizes:
        for dt in dtypes:
            dtype = DTYPES[dt]
            for op in ops:
                inputs = make_inputs(op, dtype, n)
                rec = {"op": op.name, "kind": op.kind, "dtype": dt, "n": n}
                rec["rust"] = read_rust(crit, op.name, dt, n)
                if not args.no_numpy:
                    f, stmt = numpy_call(op)
                    env = {"f": f, "x": inputs[0], "y": inputs[-1]}
                    out = eval(stmt, env)  # warm-up, and a dtype check
                    if np.asarray(out).dtype != dtype:
                        print(f"warning: numpy {op.name} {dt} -> {out.dtype}", file=sys.stderr)
                    rec["numpy"] = time_stmt(stmt, env, min_time, repeats)
                if jax is not None:
                    f, stmt = jax_call(op, jax, jnp)
                    dev = [jax.device_put(a) for a in inputs]
                    env = {"f": f, "x": dev[0], "y": dev[-1]}
                    out = eval(stmt, env)  # compiles; not timed
                    if out.dtype != dtype:
                        print(f"warning: jax {op.name} {dt} -> {out.dtype}", file=sys.stderr)
                    rec["jax"] = time_stmt(stmt, env, min_time, repeats)
                    del dev, env, out
                records.append(rec)
                print(
                    f"  {op.name:>10} {dt} n={n:<8} numpy "
                    f"{fmt_ns(rec['numpy']['median_ns'] if 'numpy' in rec else None):>12} ns  jax "
                    f"{fmt_ns(rec['jax']['median_ns'] if 'jax' in rec else None):>12} ns",
                    file=sys.stderr,
                    flush=True,
                )
    elapsed = time.perf_counter() - t_start

    summary = print_tables(records, sizes, dtypes, args.show_raw)
    print(f"\n({elapsed:.0f} s of Python timing)")

    if args.json:
        doc = {
            "machine": info,
            "settings": {
                "min_time_s": min_time,
                "repeats": repeats,
                "statistic": "median",
                "criterion_dir": str(crit),
                "ops_file": str(OPS_FILE),
                "seed": 0,
            },
            "results": records,
            "summary": summary,
        }
        args.json.write_text(json.dumps(doc, indent=1) + "\n")
        print(f"wrote {args.json}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
