#!/usr/bin/env python3
# requires: numpy, valgrind; the bench binary of `cargo bench -p ivy-ops --bench small --no-run`
"""Issue 38's ops at n = 1, counted in instructions: ivy-rs's Rust call against numpy's
Python call, both under callgrind. Times on a shared machine vary by 2x from one minute to
the next; instruction counts repeat to the instruction, whatever else runs.

    cargo bench -p ivy-ops --bench small --no-run   # prints the binary's path
    python scripts/n1_instructions.py target/release/deps/small-<hash> [--ops sort,argsort]

Each side runs the op 10 100 times and 100 times in one process each (the same one-element
float32 inputs: ``benches/small.rs``'s ``--calls`` and ``bench_beyond.py``'s ``cases(n1=True)``);
the difference over 10 000 is the count per call, the result's drop included, and on
numpy's side the Python call (a lambda in a function's loop, as ``timeit`` times it) too.
The ratio is a proxy for time, not time: the two sides retire instructions at different
rates (docs/perf/2026-12-05-n1-beyond.md compares them).
"""

import argparse
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

RUNS = (10_100, 100)


def refs(cmd):
    """callgrind's total instruction count for `cmd`."""
    r = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + cmd,
                       capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)}: {r.stderr[-500:]}")
    for line in r.stderr.splitlines():
        if "Collected :" in line or "refs:" in line:
            return int(line.split()[-1].replace(",", ""))
    raise RuntimeError(f"no count in callgrind's output for {' '.join(cmd)}")


def per_call(cmd):
    hi, lo = (refs(cmd + [str(k)]) for k in RUNS)
    return (hi - lo) / (RUNS[0] - RUNS[1])


def numpy_child(op, count):
    import numpy as np
    from bench_beyond import Numpy, cases

    for name, _, make in cases(np, np.random.default_rng(0), n1=True):
        if name.replace(" ", "_") == op:
            fn = make(Numpy(np))
            for _ in range(count):
                fn()
            return
    raise SystemExit(f"no op {op}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary", nargs="?", help="the `small` bench binary")
    ap.add_argument("--ops", help="comma-separated op names (as in bench_beyond.py's table)")
    ap.add_argument("--numpy-child", nargs=2, metavar=("OP", "COUNT"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.numpy_child:
        return numpy_child(args.numpy_child[0], int(args.numpy_child[1]))
    if not args.binary:
        ap.error("the bench binary is required")
    import numpy as np
    from bench_beyond import N1_NAMES, cases

    names = [c[0] for c in cases(np, np.random.default_rng(0), n1=True)]
    if args.ops:
        want = args.ops.split(",")
        unknown = [w for w in want if w not in names]
        if unknown:
            ap.error(f"no op {unknown}: the names are {names}")
        names = [n for n in names if n in want]
    print("| op | ivy-rs Rust (ndarray) | numpy (Python call) | ratio |")
    print("|---|---|---|---|")
    for name in names:
        op = name.replace(" ", "_")
        try:
            ivy = per_call([args.binary, "--calls", op])
            npy = per_call([sys.executable, os.path.abspath(__file__), "--numpy-child", op])
        except RuntimeError as e:  # one op failing (an old binary without it): its row only
            print(f"| {N1_NAMES.get(name, name)} | – | – | – |", flush=True)
            print(f"{name}: {e}", file=sys.stderr)
            continue
        print(f"| {N1_NAMES.get(name, name)} | {ivy:,.0f} | {npy:,.0f} | {ivy / npy:.2f}x |", flush=True)


if __name__ == "__main__":
    main()
