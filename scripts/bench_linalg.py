#!/usr/bin/env python3
# requires: numpy==2.1.3, ivy_rs built in release (bash ivy-py/dev.sh build)
"""Times the linalg and fft extensions of ivy-rs (ndarray backend, through ``ivy_rs``: the
same Rust kernels, faer and rustfft, a Python call adding ~1 us) against numpy (OpenBLAS /
LAPACK, pocketfft) on the same seeded random inputs, in one process, back to back, and
reports the accuracy of each side next to its speed.

Sizes (issue 37): matmul 1024 x 1024; solve, inv, cholesky, qr, svd, eigh 512 x 512; fft
and rfft of 2^20 points; float64 and float32 (complex128 / complex64 for fft).

Timing: after one warm-up call, ``--repeats`` runs (default 7) of a loop sized to last at
least ``--min-time`` seconds (default 0.3); the median per-call time is reported, and the
ratio ivy-rs / numpy (below 1: ivy-rs is faster).

Accuracy: a relative residual per op, computed in float64 from each side's result on the
same input: matmul and fft against an exact-as-possible reference (numpy in float64 /
complex128 on the float32 inputs); solve ||A x - b|| / (||A|| ||x||); inv
||A X - I|| / (||A|| ||X||); cholesky ||L Lᵀ - A|| / ||A||; qr ||Q R - A|| / ||A||; svd
||U S Vh - A|| / ||A||; eigh ||A V - V diag(w)|| / ||A|| (Frobenius norms).

Threads: numpy's BLAS threads are whatever OpenBLAS picks (``OPENBLAS_NUM_THREADS`` /
the core count; printed from threadpoolctl when installed, else the environment); ivy-rs
uses rayon's pool (``RAYON_NUM_THREADS``, default the core count) for faer's parallel
decompositions and for the fft's lanes.

Usage::

    target/pyenv/bin/python scripts/bench_linalg.py [--repeats 7] [--min-time 0.3] [--json out.json]
"""
import argparse
import json
import os
import platform
import statistics
import time

import numpy as np

import ivy_rs


def timeit(f, min_time, repeats):
    f()
    loops = 1
    while True:
        t = time.perf_counter()
        for _ in range(loops):
            f()
        dt = time.perf_counter() - t
        if dt >= min_time or loops >= 1 << 20:
            break
        loops *= 2 if dt < min_time / 4 else 1
        if dt >= min_time / 4:
            loops = max(loops, int(loops * min_time / max(dt, 1e-9)) + 1)
    runs = [dt / loops]
    for _ in range(repeats - 1):
        t = time.perf_counter()
        for _ in range(loops):
            f()
        runs.append((time.perf_counter() - t) / loops)
    return statistics.median(runs)


def fro(a):
    return float(np.linalg.norm(np.asarray(a, dtype=np.complex128 if np.iscomplexobj(a) else np.float64)))


def wide(a):
    a = np.asarray(a)
    return a.astype(np.complex128 if np.iscomplexobj(a) else np.float64)


def residuals():
    def solve(a, b, x):
        return fro(wide(a) @ wide(x) - wide(b)) / (fro(a) * fro(x))

    def inv(a, x):
        n = a.shape[0]
        return fro(wide(a) @ wide(x) - np.eye(n)) / (fro(a) * fro(x))

    def chol(a, l):
        return fro(wide(l) @ wide(l).T - wide(a)) / fro(a)

    def qr(a, res):
        q, r = res
        return fro(wide(q) @ wide(r) - wide(a)) / fro(a)

    def svd(a, res):
        u, s, vh = res
        return fro((wide(u) * wide(s)) @ wide(vh) - wide(a)) / fro(a)

    def eigh(a, res):
        w, v = res
        return fro(wide(a) @ wide(v) - wide(v) * wide(w)) / fro(a)

    return solve, inv, chol, qr, svd, eigh


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repeats", type=int, default=7)
    ap.add_argument("--min-time", type=float, default=0.3)
    ap.add_argument("--json")
    args = ap.parse_args()
    ivy_rs.set_backend("ndarray") if hasattr(ivy_rs, "set_backend") else None
    rng = np.random.default_rng(0)
    solve_r, inv_r, chol_r, qr_r, svd_r, eigh_r = residuals()
    rows = []

    def to_ivy(a):
        return ivy_rs.asarray(a)

    def case(name, dtype, np_f, ivy_f, np_args, resid):
        ivy_args = [to_ivy(a) for a in np_args]
        t_np = timeit(lambda: np_f(*np_args), args.min_time, args.repeats)
        t_ivy = timeit(lambda: ivy_f(*ivy_args), args.min_time, args.repeats)
        r_np = resid(np_f(*np_args))
        got = ivy_f(*ivy_args)
        got = tuple(np.asarray(g) for g in got) if isinstance(got, tuple) else np.asarray(got)
        r_ivy = resid(got)
        rows.append(dict(op=name, dtype=dtype, numpy_ms=t_np * 1e3, ivy_ms=t_ivy * 1e3,
                         ratio=t_ivy / t_np, numpy_residual=r_np, ivy_residual=r_ivy))
        print(f"{name:10s} {dtype:10s} numpy {t_np * 1e3:9.2f} ms  ivy-rs {t_ivy * 1e3:9.2f} ms  "
              f"ratio {t_ivy / t_np:5.2f}  residual numpy {r_np:.1e} ivy-rs {r_ivy:.1e}", flush=True)

    la = ivy_rs.linalg
    for dt in (np.float64, np.float32):
        name = np.dtype(dt).name
        a = rng.standard_normal((1024, 1024)).astype(dt)
        b = rng.standard_normal((1024, 1024)).astype(dt)
        exact = wide(a) @ wide(b)
        case("matmul", name, np.matmul, ivy_rs.matmul, [a, b], lambda r: fro(wide(r) - exact) / fro(exact))
        n = 512
        m = rng.standard_normal((n, n)).astype(dt)
        rhs = rng.standard_normal((n, 1)).astype(dt)
        spd = (m @ m.T + n * np.eye(n)).astype(dt)
        sym = ((m + m.T) / 2).astype(dt)
        case("solve", name, np.linalg.solve, la.solve, [m, rhs], lambda x: solve_r(m, rhs, x))
        case("inv", name, np.linalg.inv, la.inv, [m], lambda x: inv_r(m, x))
        case("cholesky", name, np.linalg.cholesky, la.cholesky, [spd], lambda l: chol_r(spd, l))
        case("qr", name, np.linalg.qr, la.qr, [m], lambda r: qr_r(m, r))
        case("svd", name, lambda x: np.linalg.svd(x, full_matrices=False),
             lambda x: la.svd(x, full_matrices=False), [m], lambda r: svd_r(m, r))
        case("eigh", name, np.linalg.eigh, la.eigh, [sym], lambda r: eigh_r(sym, r))
    for ct, rt in ((np.complex128, np.float64), (np.complex64, np.float32)):
        n = 1 << 20
        z = (rng.standard_normal(n) + 1j * rng.standard_normal(n)).astype(ct)
        r = rng.standard_normal(n).astype(rt)
        zf, rf = np.fft.fft(wide(z)), np.fft.rfft(wide(r))
        case("fft", np.dtype(ct).name, np.fft.fft, ivy_rs.fft.fft, [z], lambda y: fro(wide(y) - zf) / fro(zf))
        case("rfft", np.dtype(rt).name, np.fft.rfft, ivy_rs.fft.rfft, [r], lambda y: fro(wide(y) - rf) / fro(rf))

    threads = {"OPENBLAS_NUM_THREADS": os.environ.get("OPENBLAS_NUM_THREADS"),
               "RAYON_NUM_THREADS": os.environ.get("RAYON_NUM_THREADS"), "cpus": os.cpu_count()}
    try:
        from threadpoolctl import threadpool_info
        threads["numpy_blas"] = [(i.get("internal_api"), i.get("num_threads")) for i in threadpool_info()]
    except ImportError:
        pass
    meta = dict(numpy=np.__version__, machine=platform.processor() or platform.machine(),
                load=os.getloadavg(), threads=threads)
    print(json.dumps(meta))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(dict(meta=meta, rows=rows), f, indent=1)


if __name__ == "__main__":
    main()
