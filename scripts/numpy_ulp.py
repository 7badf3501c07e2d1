#!/usr/bin/env python3
# requires: numpy==2.1.3 mpmath==1.3.0
"""numpy's maximum error in ULPs, per math function, in float32 and float64, over the sweeps
of ``ivy-vecmath/tests/accuracy.rs``, so that a table can quote numpy's figure next to ivy's.

Run from anywhere: ``python3 scripts/numpy_ulp.py [--n N] [--seed S] [--check K] [--ops a,b]``
(``pip install numpy==2.1.3 mpmath==1.3.0`` first; written against numpy 2.1.3 on x86-64
Linux, where ``np.longdouble`` is the x87 80-bit type). It prints a markdown table.

Inputs: the test's generator (SplitMix64, the same seeds and the same ranges), vectorised, so
the first N inputs of every range are the test's own (``--seed S`` xors S into every seed; 0
is the test's). N defaults to the test's N = 2^20, for float32 and float64 alike. The
float32 inputs are the float64 ones rounded (as the test's ``as f32``). Log-uniform ranges
take 2^u from ``math.pow``: glibc's ``pow``, as the test's ``powf`` (``np.power`` differs
from it in a last bit for ~5% of them). The rounding ops draw the test's mix (random f64
and f32 bits, integers and half-integers of up to 2^60 nudged by 0, ±1, ±2 ULPs, the
specials) in its proportions, not its sequence.

Error, as in the test: |y - ref| / ulp(unit), the unit being the reference (rounded to
float64), but for logaddexp max(|ref|, |max(a, b)|). ulp64(u) = 2^(e - 1075) for u's biased
exponent e clamped to [1, 2046]; ulp32(u) = 2^(floor(log2 max(|u|, 2^-126)) - 23). Inputs
whose reference is not finite in float64 (in float32: beyond float32's max) are skipped; a
NaN result where the reference is finite counts as an infinite error.

Reference: numpy's own ufunc in ``np.longdouble`` on the same inputs, for every op and both
dtypes. Those loops call glibc's long-double functions (expm1l, sinl, powl, atan2l, ...),
which are within a few ULPs of a 64-bit mantissa: ~1e-3 of a float64 ULP, ~1e-12 of a
float32 one. ``--check K`` (default 1000) verifies that against mpmath (200 bits) on the first
K inputs of every float64 range and at every op's worst float64 input, and prints it.

Unlike the test's float64 figures for exp, log, sin, cos, tan, atan, asin, acos, atan2,
hypot and pow (distances to glibc's float64 result, itself within 0.53 ULP of exact), the
figures here are distances to the exact value for every op.
"""

import argparse
import math
import platform
import time

import numpy as np
from mpmath import mp

LD, F64, F32 = np.longdouble, np.float64, np.float32

# ---- the test's generator: SplitMix64 and its ranges -------------------------------------


def splitmix(seed, n, calls):
    """n draws of `calls` consecutive outputs of the test's `Rng(seed)`, shape (n, calls)."""
    z = np.uint64(seed) + np.arange(1, n * calls + 1, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return (z ^ (z >> np.uint64(31))).reshape(n, calls)


def uniform(bits, lo, hi):
    """The test's `uniform`: lo + (hi - lo) * (bits >> 11) / 2^53, in float64."""
    return lo + (hi - lo) * ((bits >> np.uint64(11)).astype(F64) / 2.0**53)


def neg_if(bits, v):
    """-v where the low bit is set (the test's sign coin)."""
    return np.where((bits & np.uint64(1)) == 1, -v, v)


POW2 = np.frompyfunc(math.pow, 2, 1)  # glibc's pow, as the test's powf (np.power is not)


def draw(rng, seed, n):
    """n inputs of one of the test's `Range`s, as (kind, params...)."""
    kind, *p = rng
    if kind == "U":  # Uniform(lo, hi)
        return uniform(splitmix(seed, n, 1)[:, 0], *p)
    if kind == "L":  # LogUniform(lo, hi, signed): magnitudes 2^U(lo, hi)
        lo, hi, signed = p
        u = splitmix(seed, n, 2 if signed else 1)
        v = POW2(2.0, uniform(u[:, 0], float(lo), float(hi))).astype(F64)
        return neg_if(u[:, 1], v) if signed else v
    if kind in ("P", "F"):  # AllPositive, AllFinite: random bits below +inf
        u = splitmix(seed, n, 1 if kind == "P" else 2)
        v = (u[:, 0] % np.uint64(0x7FF0000000000000)).view(F64)
        return neg_if(u[:, 1], v) if kind == "F" else v
    if kind == "pio2":  # NearPio2(spread, kmax): k pi/2 + U(-spread, spread) ULPs
        spread, kmax = p
        u = splitmix(seed, n, 2)
        base = (u[:, 0] % np.uint64(kmax)).astype(F64) * (np.pi / 2)
        return base + uniform(u[:, 1], -spread, spread) * 2.0**-52 * np.maximum(np.abs(base), 1.0)
    raise ValueError(kind)


def rounding_inputs(seed, n):
    """The test's `rounding_inputs` mix, in its proportions (1:1:2:2) and with its specials."""
    u = splitmix(seed, n, 6)
    nb = u[:, 2] % np.uint64(61)  # an integer of up to nb bits, maybe + 0.5, maybe negated
    k = (u[:, 3] >> (np.uint64(64) - np.maximum(nb, np.uint64(1)))).astype(F64) * (nb != 0)
    base = neg_if(u[:, 4] >> np.uint64(1), k + 0.5 * (u[:, 4] & np.uint64(1)))
    b = (base.view(np.int64) + (u[:, 5] % np.uint64(5)).astype(np.int64) - 2).view(F64)
    f32bits = (u[:, 1] & np.uint64(0xFFFFFFFF)).astype(np.uint32).view(F32).astype(F64)
    b32 = b.astype(F32).astype(F64)
    v = np.choose((u[:, 0] % np.uint64(6)).astype(np.intp), [u[:, 1].view(F64), f32bits, b, b, b32, b32])
    specials = [0.0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, np.inf, -np.inf, 4503599627370495.5,
                -4503599627370495.5, 8388607.5, -8388607.5, 2.0**-1022, -5e-324, 1.7976931348623157e308,
                -1.7976931348623157e308, np.nan]
    return np.concatenate([v, specials])


# ---- the ops: name, numpy function, mpmath function, ranges (those of accuracy.rs) -------

HYP = [("U", -1.0, 1.0), ("L", -60, 0, True), ("U", -30.0, 30.0), ("U", -90.0, 90.0), ("U", -709.7, 709.7)]
TRIG = [("U", -10.0, 10.0), ("U", -1e5, 1e5), ("U", -1.7e6, 1.7e6), ("pio2", 4.0, 100_000), ("pio2", 1e6, 1_000_000)]
LOGS = [("P",), ("U", 0.5, 2.0), ("U", 1.0 - 1e-4, 1.0 + 1e-4), ("U", 0.0, 1000.0)]

OPS = [
    ("exp", np.exp, mp.exp, [("U", -708.0, 708.0), ("U", -1.0, 1.0), ("U", -1e-6, 1e-6), ("U", -104.0, 89.0)]),
    ("expm1", np.expm1, mp.expm1, [("U", -40.0, 708.0), ("U", -1.1, 1.1), ("L", -60, -1, True), ("U", -20.0, 89.0)]),
    ("log", np.log, mp.log, LOGS),
    ("log1p", np.log1p, mp.log1p, [("P",), ("U", -1.0, 1.0), ("L", -60, -1, True), ("U", 0.0, 1000.0)]),
    ("log2", np.log2, lambda x: mp.log(x, 2), LOGS),
    ("log10", np.log10, mp.log10, LOGS),
    ("sin", np.sin, mp.sin, TRIG),
    ("cos", np.cos, mp.cos, TRIG),
    ("tan", np.tan, mp.tan, TRIG),
    ("sinh", np.sinh, mp.sinh, HYP),
    ("cosh", np.cosh, mp.cosh, HYP),
    ("tanh", np.tanh, mp.tanh, [("U", -1.0, 1.0), ("L", -60, 0, True), ("U", -20.0, 20.0), ("L", -3, 5, True)]),
    ("asin", np.arcsin, mp.asin, [("U", -1.0, 1.0), ("U", 0.49, 0.51), ("L", -60, 0, True), ("U", 0.999, 1.0)]),
    ("acos", np.arccos, mp.acos, [("U", -1.0, 1.0), ("U", -0.51, -0.49), ("L", -60, 0, True),
                                  ("U", -1.0, -0.999), ("U", 0.999, 1.0)]),
    ("atan", np.arctan, mp.atan, [("U", -1.0, 1.0), ("U", -10.0, 10.0), ("L", -60, 60, True), ("F",)]),
    ("atan2", np.arctan2, mp.atan2, [(("U", -10.0, 10.0), ("U", -10.0, 10.0)), (("L", -40, 40, True),) * 2,
                                     (("F",), ("F",)), (("U", -1.0, 1.0), ("U", -1e-3, 1e-3))]),
    ("asinh", np.arcsinh, mp.asinh, [("U", -1.0, 1.0), ("U", -10.0, 10.0), ("L", -60, 60, True), ("L", 26, 30, True)]),
    ("acosh", np.arccosh, mp.acosh, [("U", 1.0, 2.0), ("U", 1.0, 1.0001), ("L", 0, 60, False), ("L", 26, 30, False)]),
    ("atanh", np.arctanh, mp.atanh, [("U", -1.0, 1.0), ("L", -60, 0, True), ("U", 0.99, 1.0), ("U", -1.0, -0.9999)]),
    ("hypot", np.hypot, mp.hypot, [(("U", -10.0, 10.0),) * 2, (("F",),) * 2, (("L", -1070, -400, True),) * 2,
                                   (("L", 400, 1023, True),) * 2, (("U", -1.0, 1.0), ("L", -60, 0, True))]),
    ("pow", np.power, mp.power, [(("U", 0.0, 10.0), ("U", -10.0, 10.0)), (("U", 0.9, 1.1), ("U", -1e3, 1e3)),
                                 (("U", 0.999, 1.001), ("U", -5e5, 5e5)), (("P",), ("U", -2.0, 2.0)),
                                 (("L", -1074, 1024, False), ("U", -1.0, 1.0)),
                                 (("L", 20, 60, False), ("U", 10.0, 40.0)), (("U", -10.0, 10.0), ("U", -5.0, 5.0))]),
    ("logaddexp", np.logaddexp, lambda a, b: mp.log(mp.exp(a) + mp.exp(b)),
     [(("U", -10.0, 10.0),) * 2, (("U", -1e3, 1e3),) * 2, (("L", -60, 10, True),) * 2, (("U", -0.7, 0.0),) * 2]),
    ("softplus", lambda x: np.logaddexp(x.dtype.type(0), x), lambda x: mp.log1p(mp.exp(x)),
     [("U", -10.0, 10.0), ("U", -750.0, 750.0), ("L", -60, 10, True), ("U", -110.0, 90.0)]),
    ("floor", np.floor, None, None),  # ranges None: rounding_inputs (bit-exact results)
    ("ceil", np.ceil, None, None),
    ("trunc", np.trunc, None, None),
    ("rint", np.rint, None, None),  # the test's RoundEven
]


def unit_of(name, xs, r):
    """The magnitude whose ULP is the error's unit (float64 values)."""
    if name == "logaddexp":  # the sum cancels for max(a, b) in (-ln 2, 0): see accuracy.rs
        return np.maximum(np.abs(r), np.abs(np.maximum(xs[0], xs[1])))
    return r


def ulp64(u):
    e = np.clip((np.abs(u).view(np.uint64) >> np.uint64(52)).astype(np.int64), 1, 2046)
    return np.ldexp(1.0, e - 1075)


def ulp32(u):
    return np.ldexp(1.0, np.frexp(np.maximum(np.abs(u), 2.0**-126))[1] - 24)


def measure(name, f, xs, dt):
    """numpy's max error (ULPs of dt) on the float64 inputs xs, its index, the number of results
    not bit-identical to the (rounded) reference, and numpy's result there."""
    xd = [x.astype(dt) for x in xs]
    y, r = f(*xd), f(*[x.astype(LD) for x in xd])
    r64 = r.astype(F64)
    ok = np.isfinite(r64) & ((dt == F64) | (np.abs(r64) <= np.finfo(F32).max))
    unit = unit_of(name, [x.astype(F64) for x in xd], r64)
    e = (np.abs(y.astype(LD) - r) / (ulp64(unit) if dt == F64 else ulp32(unit))).astype(F64)
    e = np.where(ok, np.where(np.isnan(e), np.inf, e), 0.0)
    ref, bits = r.astype(dt), f"u{np.dtype(dt).itemsize}"  # bit-exactness, NaN matching NaN
    mism = int(np.sum((y.view(bits) != ref.view(bits)) & ~(np.isnan(y) & np.isnan(ref))))
    i = int(np.argmax(e))
    return e[i], i, mism, y[i]


def exact(v):
    """A finite long double (or float) as an exact mpf."""
    m, e = np.frexp(LD(v))
    return mp.mpf(int(np.ldexp(m, 64))) * mp.mpf(2) ** (int(e) - 64)


def mp_err(name, mpf, args, approx):
    """|approx - exact| in float64 ULPs of the op's unit, the exact value by mpmath."""
    t = mpf(*[mp.mpf(float(v)) for v in args])
    u = unit_of(name, [F64(v) for v in args], F64(float(t)))
    return float(abs(exact(approx) - t) / mp.mpf(float(ulp64(np.array([u], dtype=F64))[0])))


def fmt(x, dt):
    return np.format_float_scientific(dt(x), unique=True, trim="-")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=1 << 20, help="inputs per range (default 2^20, the test's)")
    ap.add_argument("--seed", type=lambda s: int(s, 0), default=0, help="xored into the test's seeds")
    ap.add_argument("--check", type=int, default=1000, help="mpmath check points per float64 range")
    ap.add_argument("--ops", default="", help="comma-separated subset of ops")
    a = ap.parse_args()
    mp.prec = 200
    t0 = time.time()
    from numpy._core._multiarray_umath import __cpu_baseline__, __cpu_dispatch__, __cpu_features__
    found = [f for f in __cpu_dispatch__ if __cpu_features__.get(f)]
    print(f"numpy {np.__version__}, Python {platform.python_version()}, {' '.join(platform.libc_ver())}, "
          f"{platform.machine()}; SIMD baseline {' '.join(__cpu_baseline__)}; dispatched: {' '.join(found)}")
    print(f"N = {a.n} inputs per range (float32 and float64), seeds of accuracy.rs xor {a.seed:#x}; "
          "reference: np.longdouble (glibc long double) for every op\n")
    print("| op | numpy f32 max ULP | numpy f64 max ULP | worst f32 input | worst f64 input |")
    print("|---|---|---|---|---|")
    checks = []  # (op, max |longdouble ref - exact|, numpy's f64 worst error by mpmath, by longdouble)
    sel = set(a.ops.split(",")) - {""}
    np.seterr(all="ignore")  # overflows, NaN casts, log(0), ...: expected in these sweeps
    for name, f, mpf, ranges in OPS:
        if sel and name not in sel:
            continue
        if ranges is None:  # a rounding op: one input set
            sets = [[rounding_inputs(0x20D ^ len(name) ^ a.seed, a.n)]]
        elif isinstance(ranges[0][0], tuple):  # binary: the test's check2 seeds
            sets = [[draw(ra, 0xA5EED ^ (i << 8) ^ a.seed, a.n), draw(rb, 0xB5EED ^ (i << 8) ^ a.seed, a.n)]
                    for i, (ra, rb) in enumerate(ranges)]
        else:  # unary: the test's check seeds
            sets = [[draw(r, 0x5EED ^ (i << 8) ^ a.seed, a.n)] for i, r in enumerate(ranges)]
        cells, worst = [], []
        for dt in (F32, F64):
            res = [measure(name, f, xs, dt) for xs in sets]
            k = max(range(len(res)), key=lambda k: res[k][0])
            e, args, mism, y = res[k][0], [x[res[k][1]] for x in sets[k]], sum(r[2] for r in res), res[k][3]
            if ranges is None:  # the rounding ops' contract: the exact result's bits
                cells.append(f"{e:.3f} ({mism} results not bit-exact)" if mism else f"{e:.0f} (bit-exact)")
            else:
                cells.append(f"{e:.3f}")
            worst.append("–" if e == 0 else ", ".join(fmt(v, dt) for v in args))
        if mpf and e > 0:  # the float64 reference against mpmath, then numpy's worst f64 error
            refdev = 0.0
            for xs in sets:
                for j in range(min(a.check, a.n)):
                    r = f(*[LD(x[j]) for x in xs])
                    if np.isfinite(F64(r)):
                        refdev = max(refdev, mp_err(name, mpf, [x[j] for x in xs], r))
            checks.append((name, refdev, mp_err(name, mpf, args, y), e))
        label = "softplus (`logaddexp(0, x)`)" if name == "softplus" else name
        print(f"| {label} | {cells[0]} | {cells[1]} | {worst[0]} | {worst[1]} |", flush=True)
    if checks:
        dev = max(checks, key=lambda c: c[1])
        dis = max(checks, key=lambda c: abs(c[2] - c[3]))
        print(f"\nmpmath check ({mp.prec} bits, first {a.check} inputs of every float64 range): the longdouble "
              f"reference is within {dev[1]:.1e} float64 ULP of exact (worst: {dev[0]}); numpy's float64 max "
              f"error recomputed against mpmath at its input agrees within {abs(dis[2] - dis[3]):.1e} ULP "
              f"(worst: {dis[0]}, {dis[2]:.3f} by mpmath).")
    print(f"\nrun time: {time.time() - t0:.0f} s")


if __name__ == "__main__":
    main()
