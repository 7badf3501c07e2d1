"""Polynomial coefficients of ivy-vecmath's kernels (ivy-vecmath/src/*.rs).

Run from anywhere:  python3 scripts/vecmath_coeffs.py   (python3 with mpmath 1.3.0; pure
Python, a few seconds). It prints every fit as the Rust array its module holds.

Each fit is `mp.chebyfit(f, [a, b], deg + 1)` at 50 significant digits (Chebyshev
interpolation, near-minimax), its coefficients reversed to ascending order (`p[0] + z p[1]
+ ...`, the order of `horner` in lib.rs) and rounded to the nearest f64 (printed with
Python's shortest round-trip repr, as the sources quote them). `--check` also prints each
fit's max relative error over its interval, after that rounding (2001 points).

Functions with a removable singularity at 0 are evaluated only at Chebyshev nodes, interior
points, that avoid 0 but for odd-count fits on symmetric intervals (those return the limit);
the --check grid replaces 0 by 1e-8 of the interval's width.
"""

import struct
import sys

from mpmath import mp, mpf

mp.dps = 50


def exp_p(r):
    # exp.rs: e^r = 1 + r + r^2 P(r) (0 is a node of odd-count fits here)
    if r == 0:
        return mpf(1) / 2
    return (mp.exp(r) - 1 - r) / r**2


def exp_p3(r):
    # exp.rs: e^r = 1 + r + r^2/2 + r^3 P3(r) (0 is a node of odd-count fits here)
    if r == 0:
        return mpf(1) / 6
    return (mp.exp(r) - 1 - r - r**2 / 2) / r**3


def log_q(f):
    # log.rs: log(1 + f) = f - f^2/2 + f^3 Q(f)
    return (mp.log1p(f) - f + f**2 / 2) / f**3


def asin_p(z):
    # inv.rs: asin(s) = s + s z P(z), z = s^2
    s = mp.sqrt(z)
    return (mp.asin(s) - s) / (z * s)


def atan_p(z):
    # inv.rs: atan(t) = t + t z P(z), z = t^2
    t = mp.sqrt(z)
    return (mp.atan(t) - t) / (z * t)


def atanh_w(z):
    # pow.rs: log1p(f) = 2 atanh(s) = 2s + 2s^3/3 + 2s^5/5 + s^7 W(s^2), s = f/(2 + f)
    if z == 0:
        return mpf(2) / 7
    s = mp.sqrt(z)
    return 2 * (mp.atanh(s) - s - s**3 / 3 - s**5 / 5) / s**7


def tanh_p(z):
    # hyp.rs: tanh(s) = s + s z P(z), z = s^2
    if z == 0:
        return mpf(-1) / 3
    s = mp.sqrt(z)
    return (mp.tanh(s) - s) / (z * s)


def cosh_p(z):
    # hyp.rs: cosh(r) = 1 + z P(z), z = r^2
    if z == 0:
        return mpf(1) / 2
    return (mp.cosh(mp.sqrt(z)) - 1) / z


def sinh_q(z):
    # hyp.rs: sinh(r) = r + r z Q(z), z = r^2
    if z == 0:
        return mpf(1) / 6
    r = mp.sqrt(z)
    return (mp.sinh(r) - r) / (z * r)


LN2_HALF = mp.log(2) / 2
# s at f = √2 − 1, squared: the largest z of atanh_w
S2_MAX = ((mp.sqrt(2) - 1) / (mp.sqrt(2) + 1)) ** 2
# (Rust name, function, interval, degree)
def log2_p(r):
    # pow.rs (f32): log2(1 + r) = r P(r)
    if r == 0:
        return 1 / mp.log(2)
    return mp.log(1 + r, 2) / r


def exp2_p(r):
    # pow.rs (f32): 2^r = 1 + r P(r)
    if r == 0:
        return mp.log(2)
    return (mp.power(2, r) - 1) / r


def f32_of_bits(b):
    return struct.unpack("<f", struct.pack("<I", b))[0]


def f64_bits(v):
    return struct.unpack("<Q", struct.pack("<d", v))[0]


# pow.rs (f32): log2 x = k + log2 c + log2(1 + r), r = z/c - 1, for x = 2^k z with z's
# bits those of x less k << 52 and z in [0.69921875, 1.3984375) (bits 0x3f330000 as f32:
# ARM optimized-routines' powf reduction), c one of 16 centres chosen by z's top four
# fraction bits; the interval holding 1 has c = 1 (r = z - 1 exact near 1)
LOG2_OFF32 = 0x3F33_0000


def log2_table():
    """(invc, logc) per interval, and the largest |r| of any."""
    rows, rmax = [], mpf(0)
    for i in range(16):
        lo = mpf(f32_of_bits(LOG2_OFF32 + (i << 19)))
        hi = mpf(f32_of_bits(LOG2_OFF32 + ((i + 1) << 19)))
        if lo <= 1 < hi:
            invc, logc = 1.0, 0.0
        else:
            invc = float(2 / (lo + hi))
            logc = float(-mp.log(mpf(invc), 2))
        rows.append((invc, logc))
        rmax = max(rmax, abs(lo * invc - 1), abs(hi * invc - 1))
    return rows, rmax


def erfcx_t(t):
    # logexp.rs: erfc(y) e^(y^2) in t = 4 / (4 + y), y in [0, 10.5] (GELU's Phi)
    y = 4 / t - 4
    return mp.erfc(y) * mp.exp(y * y)


FITS = [
    ("logexp.rs ERFCX_T", erfcx_t, (mpf(4) / mpf("14.5"), mpf(1)), 14),
    ("exp.rs P64", exp_p, (-LN2_HALF, LN2_HALF), 9),
    ("exp.rs P32", exp_p, (-LN2_HALF, LN2_HALF), 5),
    ("hyp.rs P4_F64", exp_p, (-LN2_HALF, LN2_HALF), 4),
    ("exp.rs P3_64", exp_p3, (-LN2_HALF, LN2_HALF), 9),
    ("log.rs Q64", log_q, (mp.sqrt(0.5) - 1, mp.sqrt(2) - 1), 18),
    ("log.rs Q32", log_q, (mp.sqrt(0.5) - 1, mp.sqrt(2) - 1), 10),
    ("log.rs QX64", log_q, (mp.sqrt(0.5) - 1, mp.sqrt(2) - 1), 20),
    ("inv.rs ASIN64", asin_p, (mpf(0), mpf(1) / 4), 12),
    ("inv.rs ASIN32", asin_p, (mpf(0), mpf(1) / 4), 6),
    ("inv.rs ATAN64", atan_p, (mpf(0), mpf(1) / 4), 12),
    ("inv.rs ATAN32", atan_p, (mpf(0), mpf(1) / 4), 6),
    ("pow.rs W64", atanh_w, (mpf(0), S2_MAX), 6),
    ("pow.rs LOG2_P", log2_p, (-log2_table()[1], log2_table()[1]), 5),
    ("pow.rs EXP2_P", exp2_p, (-mpf(1) / 32, mpf(1) / 32), 3),
]

# fits for the kernels in f32 arithmetic: coefficients rounded to the nearest f32 (the
# printed values are those f32s, in shortest f64 repr; the Rust sources quote them as f32
# literals)
FITS32 = [
    ("exp.rs EXP32N4", exp_p, (-LN2_HALF, LN2_HALF), 4),
    ("hyp.rs TANH32N", tanh_p, (mpf(0), mpf("0.55") ** 2), 4),
    ("hyp.rs COSH32P", cosh_p, (mpf(0), LN2_HALF**2), 2),
    ("hyp.rs SINH32Q", sinh_q, (mpf(0), LN2_HALF**2), 2),
    ("exp.rs EXPM1P32", exp_p, (-LN2_HALF, LN2_HALF), 5),
    ("hyp.rs RECIP1G", lambda g: 1 / (1 + g), (mpf(0), mpf(1) / 3), 2),
]

# constants split in two doubles (hi + lo), printed after the fits
SPLITS = [
    ("pow.rs T3H, T3L", mpf(2) / 3),
    ("pow.rs T5H, T5L", mpf(2) / 5),
]


def fit(f, interval, deg):
    c = mp.chebyfit(f, list(interval), deg + 1)
    return [float(v) for v in reversed(c)]


def to_f32(v):
    return struct.unpack("f", struct.pack("f", v))[0]


def max_rel_err(f, interval, coeffs, points=2001):
    a, b = interval
    worst = mpf(0)
    for i in range(points):
        z = a + (b - a) * mpf(i) / (points - 1)
        if z == 0:
            z = (b - a) * mpf(10) ** -8
        p = mpf(0)
        for v in reversed(coeffs):
            p = p * z + mpf(v)
        worst = max(worst, abs(p / f(z) - 1))
    return worst


def emit(fits, ty, conv, check):
    """Prints each fit of `fits` as a Rust const of element type `ty` (`conv`: rounding)."""
    suffix = ", f32" if ty == "f32" else ""
    for name, f, interval, deg in fits:
        coeffs = [conv(v) for v in fit(f, interval, deg)]
        module, const = name.split()
        print(f"// {module}: degree {deg} on [{float(interval[0])!r}, {float(interval[1])!r}]{suffix}")
        if check:
            err = max_rel_err(f, interval, coeffs)
            print(f"// max relative error 2^{float(mp.log(err, 2)):.1f}")
        print(f"pub(crate) const {const}: [{ty}; {len(coeffs)}] = [")
        for v in coeffs:
            print(f"    {v!r},")
        print("];")
        print()


def emit_tables():
    """pow.rs's float32 tables: 1/c and log2 c ([`log2_table`]), and 2^(j/16)'s bits less
    j << 48 (so that adding k << 48 for k = 16 q + j gives 2^(k/16))."""
    rows, _ = log2_table()
    for name, col in (("LOG2_INVC", 0), ("LOG2_LOGC", 1)):
        print(f"// pow.rs: {name}")
        print(f"const {name}: [f64; 16] = [")
        for row in rows:
            print(f"    {row[col]!r},")
        print("];")
        print()
    print("// pow.rs: EXP2_T")
    print("const EXP2_T: [u64; 16] = [")
    for j in range(16):
        bits = (f64_bits(float(mp.power(2, mpf(j) / 16))) - (j << 48)) % 2**64
        print(f"    0x{bits:016x},")
    print("];")
    print()


def main():
    check = "--check" in sys.argv[1:]
    emit(FITS, "f64", lambda v: v, check)
    emit(FITS32, "f32", to_f32, check)
    emit_tables()
    for name, v in SPLITS:
        hi = float(v)
        lo = float(v - mpf(hi))
        print(f"// {name}: {mp.nstr(v, 25)} = {hi!r} + {lo!r}")


if __name__ == "__main__":
    main()
