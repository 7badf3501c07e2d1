//! Complex elementary functions with the special values of C99 Annex G (what numpy's
//! `sin`, `cos`, `tan` and their hyperbolic forms give): [`csinh`], [`ccosh`] and [`ctanh`],
//! and [`csin`] / [`ccos`] / [`ctan`] through them, and [`csqrt`]; plus numpy's own complex
//! formulas where numpy has them (`expm1`, `log1p`, `sign`, `pow`). Where the Array API
//! standard's special cases differ from C99 or numpy (`ctanh(±inf + iy)`, `expm1` of a
//! non-finite argument, `sign` of a NaN component), the standard's values are taken.
//! One generic definition over [`num_traits::Float`] serves complex64 and complex128.
//!
//! Ported from FreeBSD's msun, `lib/msun/src/s_csinh.c` (csinh, csin), `s_ccosh.c`
//! (ccosh, ccos), `s_csqrt.c` (csqrt) and
//! `lib/msun/src/s_ctanh.c` (ctanh, ctan), which musl's `src/complex` also carries (musl is
//! MIT-licensed). The FreeBSD files are under the BSD 2-clause license; their notices:
//!
//! ```text
//! s_csinh.c, s_ccosh.c: Copyright (c) 2005 Bruce D. Evans and Steven G. Kargl
//! s_ctanh.c: Copyright (c) 2011 David Schultz
//! All rights reserved.
//!
//! Redistribution and use in source and binary forms, with or without
//! modification, are permitted provided that the following conditions
//! are met:
//! 1. Redistributions of source code must retain the above copyright
//!    notice unmodified, this list of conditions, and the following
//!    disclaimer.
//! 2. Redistributions in binary form must reproduce the above copyright
//!    notice, this list of conditions and the following disclaimer in the
//!    documentation and/or other materials provided with the distribution.
//!
//! THIS SOFTWARE IS PROVIDED BY THE AUTHOR ``AS IS'' AND ANY EXPRESS OR
//! IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE IMPLIED WARRANTIES
//! OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE DISCLAIMED.
//! IN NO EVENT SHALL THE AUTHOR BE LIABLE FOR ANY DIRECT, INDIRECT,
//! INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL DAMAGES (INCLUDING, BUT
//! NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR SERVICES; LOSS OF USE,
//! DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER CAUSED AND ON ANY
//! THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR TORT
//! (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE OF
//! THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
//! ```
//!
//! Changes from the C: the bit tests on the IEEE words are predicates of `Float`, and the
//! thresholds that the C spells per format (22 and 710 for double, 9 and 88.7 for float)
//! are derived from the type's epsilon and largest value; for finite arguments beyond
//! `ln(MAX)`, where `cosh` overflows, csinh scales `exp` by halving (or quartering) the
//! argument instead of FreeBSD's `__ldexp_cexp`.

use num_complex::Complex;
use num_traits::Float;

/// `t · e^a / 2` for `a ≥ ln(MAX)` (where `e^a` itself overflows), without a spurious
/// overflow: `e^a` is taken as two (or four) factors `e^(a/2)` (`a/2`, `a/4` are exact).
fn scaled_half_exp<T: Float>(t: T, a: T) -> T {
    let half = T::one() / (T::one() + T::one());
    let h = (a * half).exp();
    if h.is_finite() {
        return ((t * h) * half) * h;
    }
    // beyond 2·ln(MAX): the result overflows unless |t| is far below 1/MAX's square root
    let q = (a * half * half).exp();
    ((((t * q) * q) * half) * q) * q
}

/// `a / b` by Smith's method, numpy's algorithm: the larger component of `b` divides the
/// other first, so no intermediate overflows where the quotient does not
/// (`(9.6e18 + 1.6e19i) / (5.5e15 + 1.8e19i)` in complex64: `c² + d²` of the textbook
/// formula is above float32's range, and the quotient came out 0). Division by zero gives
/// numpy's infinities and NaNs.
pub fn cdiv<T: Float>(a: Complex<T>, b: Complex<T>) -> Complex<T> {
    let (ar, ai, br, bi) = (a.re, a.im, b.re, b.im);
    let (br_abs, bi_abs) = (br.abs(), bi.abs());
    if br_abs >= bi_abs {
        if br_abs == T::zero() && bi_abs == T::zero() {
            return Complex::new(ar / br_abs, ai / br_abs);
        }
        let rat = bi / br;
        let scl = T::one() / (br + bi * rat);
        Complex::new((ar + ai * rat) * scl, (ai - ar * rat) * scl)
    } else {
        let rat = br / bi;
        let scl = T::one() / (bi + br * rat);
        Complex::new((ar * rat + ai) * scl, (ai * rat - ar) * scl)
    }
}

/// Complex hyperbolic sine, Annex G special values (FreeBSD's `csinh`).
pub fn csinh<T: Float>(z: Complex<T>) -> Complex<T> {
    let (x, y) = (z.re, z.im);
    let zero = T::zero();

    // the nearly non-exceptional cases: x and y finite
    if x.is_finite() && y.is_finite() {
        if y == zero {
            return Complex::new(x.sinh(), y);
        }
        let (s, c) = y.sin_cos();
        if x.abs() < T::max_value().ln() {
            // cosh(x) does not overflow
            return Complex::new(x.sinh() * c, x.cosh() * s);
        }
        // |x| ≥ ln(MAX): sinh(|x|) = cosh(x) = e^|x| / 2 to working precision
        let a = x.abs();
        return Complex::new(
            scaled_half_exp(c, a) * T::one().copysign(x),
            scaled_half_exp(s, a),
        );
    }

    // From here on x or y is not finite; the C's `y - y` (NaN for y infinite or NaN, which
    // also raises the invalid exception, unobservable here) is `nan`.
    let nan = T::nan();
    // sinh(±0 ± i inf) = ±0 + i NaN; sinh(±0 ± i NaN) = ±0 + i NaN (the zero keeps x's sign)
    if x == zero {
        return Complex::new(x, nan);
    }
    // sinh(±inf ± i0) = ±inf ± i0; sinh(NaN ± i0) = NaN ± i0
    if y == zero {
        return Complex::new(x + x, y);
    }
    // sinh(x ± i inf) = NaN + i NaN and sinh(x + i NaN) = NaN + i NaN, x finite non-zero
    if x.is_finite() {
        return Complex::new(nan, nan);
    }
    if x.is_infinite() {
        // sinh(±inf + i NaN) = sinh(±inf ± i inf) = inf + i NaN: the real part's sign is
        // unspecified (Annex G, the Array API); numpy's +inf (FreeBSD keeps x's sign)
        if !y.is_finite() {
            return Complex::new(x.abs(), nan);
        }
        // sinh(±inf + iy) = ±inf cos(y) + i inf sin(y)
        let (s, c) = y.sin_cos();
        return Complex::new(x * c, T::infinity() * s);
    }
    // x is NaN (and y ≠ 0): NaN + i NaN
    Complex::new(nan, nan)
}

/// Complex sine: `csin(z) = -i csinh(iz) = i conj(csinh(i conj(z)))`, i.e. csinh with the
/// parts swapped on the way in and out (FreeBSD's `csin`).
pub fn csin<T: Float>(z: Complex<T>) -> Complex<T> {
    let w = csinh(Complex::new(z.im, z.re));
    Complex::new(w.im, w.re)
}

/// Complex hyperbolic cosine, Annex G special values (FreeBSD's `ccosh`). Where the
/// standard leaves a zero's sign unspecified, numpy's choice (glibc's): `+0` for
/// `cosh(±0 ± i inf)` and `cosh(±0 + i NaN)` (FreeBSD takes the product of the signs), the
/// product of the signs elsewhere.
pub fn ccosh<T: Float>(z: Complex<T>) -> Complex<T> {
    let (x, y) = (z.re, z.im);
    let zero = T::zero();

    if x.is_finite() && y.is_finite() {
        if y == zero {
            return Complex::new(x.cosh(), x * y);
        }
        let (s, c) = y.sin_cos();
        if x.abs() < T::max_value().ln() {
            return Complex::new(x.cosh() * c, x.sinh() * s);
        }
        // |x| ≥ ln(MAX): cosh(x) = sinh(|x|) = e^|x| / 2 to working precision
        let a = x.abs();
        return Complex::new(
            scaled_half_exp(c, a),
            scaled_half_exp(s, a) * T::one().copysign(x),
        );
    }

    let nan = T::nan();
    // cosh(±0 ± i inf) = cosh(±0 + i NaN) = NaN + i0
    if x == zero {
        return Complex::new(nan, zero);
    }
    // cosh(±inf ± i0) = +inf ± i0; cosh(NaN ± i0) = NaN ± i0
    if y == zero {
        return Complex::new(x * x, zero.copysign(x) * y);
    }
    // cosh(x ± i inf) = cosh(x + i NaN) = NaN + i NaN, x finite non-zero
    if x.is_finite() {
        return Complex::new(nan, nan);
    }
    if x.is_infinite() {
        // cosh(±inf + i NaN) = cosh(±inf ± i inf) = +inf + i NaN
        if !y.is_finite() {
            return Complex::new(T::infinity(), nan);
        }
        // cosh(±inf + iy) = +inf cos(y) ± i inf sin(y)
        let (s, c) = y.sin_cos();
        return Complex::new(T::infinity() * c, x * s);
    }
    // x is NaN (and y ≠ 0)
    Complex::new(nan, nan)
}

/// Complex cosine: `ccos(z) = ccosh(iz)` (FreeBSD's `ccos`).
pub fn ccos<T: Float>(z: Complex<T>) -> Complex<T> {
    ccosh(Complex::new(-z.im, z.re))
}

/// Complex hyperbolic tangent, Annex G special values (FreeBSD's `ctanh`), by Kahan's
/// algorithm (W. Kahan, "Branch Cuts for Complex Elementary Functions or Much Ado About
/// Nothing's Sign Bit", 1987): with `t = tan(y)`, `β = 1 + t² = 1/cos²(y)`, `s = sinh(x)`
/// and `ρ = √(1 + s²) = cosh(x)`, `tanh(z) = (β ρ s + i t) / (1 + β s²)`. Unlike
/// `sin(2x) / (cos(2x) + cosh(2y))`, it does not cancel near the poles. One departure
/// from Annex G, the Array API's: `ctanh(±inf + iy) = ±1 + i0` with `y`'s sign (C99:
/// `i0·sin(2y)`).
pub fn ctanh<T: Float>(z: Complex<T>) -> Complex<T> {
    let (x, y) = (z.re, z.im);
    let (zero, one) = (T::zero(), T::one());

    if !x.is_finite() {
        // ctanh(NaN ± i0) = NaN ± i0; ctanh(NaN + iy) = NaN + i NaN for y ≠ 0
        if x.is_nan() {
            return Complex::new(x, if y == zero { y } else { x * y });
        }
        // ctanh(±inf + iy) = ±1 + i0 with y's sign: the Array API's `1 + 0j` for every
        // positive finite y, and conj/odd symmetry elsewhere (C99 and numpy give
        // `i0·sin(2y)`, -0 where cos(y) < 0); ctanh(±inf ± i inf) = ±1 ± i0 and
        // ctanh(±inf + iNaN) = ±1 + i0 (the zero's sign is unspecified for these)
        let im = if y.is_nan() { zero } else { zero.copysign(y) };
        return Complex::new(one.copysign(x), im);
    }

    // ctanh(±0 + i NaN) = ±0 + i NaN; ctanh(±0 ± i inf) = ±0 + i NaN;
    // ctanh(x + i NaN) = ctanh(x ± i inf) = NaN + i NaN for x ≠ 0
    if !y.is_finite() {
        let nan = T::nan(); // the C's `y - y`
        return Complex::new(if x == zero { x } else { nan }, nan);
    }

    // |x| ≥ ln(1/eps)/2 + 4, so e^(-2|x|) < eps·e^-8: tanh(x) rounds to ±1 and
    // ctanh(±huge + iy) ≈ ±1 + i 4 sin(y) cos(y) e^(-2|x|) (from sinh²(x) ≈ e^(2|x|)/4),
    // written so that nothing overflows
    let two = one + one;
    let four = two + two;
    if x.abs() >= -T::epsilon().ln() / two + four {
        let exp_mx = (-x.abs()).exp();
        return Complex::new(one.copysign(x), four * y.sin() * y.cos() * exp_mx * exp_mx);
    }

    // Kahan's algorithm
    let t = y.tan();
    let beta = one + t * t; // 1 / cos²(y)
    let s = x.sinh();
    let rho = (one + s * s).sqrt(); // cosh(x)
    let denom = one + beta * s * s;
    Complex::new((beta * rho * s) / denom, t / denom)
}

/// Complex tangent: `ctan(z) = -i ctanh(iz) = i conj(ctanh(i conj(z)))`, i.e. ctanh with
/// the parts swapped on the way in and out (FreeBSD's `ctan`).
pub fn ctan<T: Float>(z: Complex<T>) -> Complex<T> {
    let w = ctanh(Complex::new(z.im, z.re));
    Complex::new(w.im, w.re)
}

/// `exp(z) - 1` without cancellation near 0 (numpy's `nc_expm1` formula for finite
/// arguments: `expm1(x)·cos(y) - 2·sin²(y/2) + i·exp(x)·sin(y)`), with the Array API's
/// special values where numpy's formula makes a NaN of `0·inf` or `inf - inf`:
/// `expm1(±0 + i0) = +0 + i0`; a real argument (`y = ±0`) gives `expm1(x) ± i0`
/// (`NaN ± i0` for a NaN `x`, `+inf ± i0` for `+inf`, `-1 ± i0` for `-inf`);
/// `expm1(-inf + iy) = +0·cis(y) - 1` (`-1 ± i0` for an infinite `y`, `-1 + i0` for a NaN
/// one); `expm1(+inf + iy) = +inf·cis(y) - 1` (`+inf + iNaN` for an infinite or NaN `y`);
/// `expm1(x ± i inf) = expm1(x + iNaN) = NaN + iNaN` for finite `x`;
/// `expm1(NaN + iy) = NaN + iNaN` for `y ≠ 0`.
pub fn cexpm1<T: Float>(z: Complex<T>) -> Complex<T> {
    let (x, y) = (z.re, z.im);
    let zero = T::zero();
    if y == zero {
        // exp(x) - 1 of a real x, the imaginary zero kept; `+ 0` turns expm1(-0) = -0 into
        // +0 (exp(-0 + i0) - 1 = (1 + i0) - 1 = +0 + i0)
        return Complex::new(x.exp_m1() + zero, y);
    }
    if x.is_infinite() {
        let one = T::one();
        if x < zero {
            // +0·cis(y) - 1; the zero's sign is unspecified for an infinite or NaN y
            let im = if y.is_finite() {
                zero.copysign(y.sin())
            } else if y.is_infinite() {
                zero.copysign(y)
            } else {
                zero
            };
            return Complex::new(-one, im);
        }
        if !y.is_finite() {
            return Complex::new(x, T::nan());
        }
        // +inf·cis(y) - 1 (cos(y), sin(y) ≠ 0 for finite y ≠ 0)
        let (s, c) = y.sin_cos();
        return Complex::new(x * c, x * s);
    }
    // finite x (y infinite or NaN gives NaN + iNaN), or a NaN x (y ≠ 0: NaN + iNaN)
    let two = T::one() + T::one();
    let a = (y / two).sin();
    Complex::new(x.exp_m1() * y.cos() - two * a * a, x.exp() * y.sin())
}

/// `log(1 + z)` (numpy's `nc_log1p`): `ln|1 + z| + i·arg(1 + z)`.
pub fn clog1p<T: Float>(z: Complex<T>) -> Complex<T> {
    let re = z.re + T::one();
    Complex::new(re.hypot(z.im).ln(), z.im.atan2(re))
}

/// `z / |z|` (the Array API's complex `sign`, numpy 2's): 0 for 0, NaN for a NaN
/// component (the standard's; numpy gives `±1 + 0j` for `±inf + NaN j`, as `|z|` is
/// infinite); an infinite component gives its direction (both infinite: NaN).
pub fn csign<T: Float>(z: Complex<T>) -> Complex<T> {
    let (zero, one) = (T::zero(), T::one());
    let nan = Complex::new(T::nan(), T::nan());
    let abs = z.re.hypot(z.im);
    if z.re.is_nan() || z.im.is_nan() {
        nan
    } else if abs.is_infinite() {
        match (z.re.is_infinite(), z.im.is_infinite()) {
            (true, true) => nan,
            (true, false) => Complex::new(one.copysign(z.re), zero),
            _ => Complex::new(zero, one.copysign(z.im)),
        }
    } else if abs == zero {
        Complex::new(zero, zero)
    } else {
        Complex::new(z.re / abs, z.im / abs)
    }
}

/// `a ** b` (numpy's `nc_pow`): `1` for `b == 0`; `0` for `0 ** b` with `re(b) > 0`, NaN
/// for other powers of 0; integer exponents below 100 in magnitude by
/// repeated multiplication (exact where the products are); else `exp(b·ln(a))`.
pub fn cpow<T: Float>(a: Complex<T>, b: Complex<T>) -> Complex<T> {
    let (zero, one) = (T::zero(), T::one());
    if b.re == zero && b.im == zero {
        return Complex::new(one, zero);
    }
    if a.re == zero && a.im == zero {
        return if b.re > zero {
            Complex::new(zero, zero)
        } else {
            Complex::new(T::nan(), T::nan())
        };
    }
    if b.im == zero && b.re.fract() == zero && b.re.abs() < T::from(100).unwrap_or(zero) {
        let n = b.re.abs().to_u32().unwrap_or(0);
        if b.re > zero && n <= 3 {
            // unrolled as numpy does (no `1 · z`, whose `0 · inf` would make a NaN)
            return match n {
                1 => a,
                2 => a * a,
                _ => a * (a * a),
            };
        }
        let (mut acc, mut p, mut k) = (Complex::new(one, zero), a, n);
        while k > 0 {
            if k & 1 == 1 {
                acc = acc * p;
            }
            k >>= 1;
            if k > 0 {
                p = p * p;
            }
        }
        return if b.re < zero {
            Complex::new(one, zero) / acc
        } else {
            acc
        };
    }
    (b * a.ln()).exp()
}

/// Each component rounded half to even (numpy's complex `round`).
pub fn cround<T: Float>(z: Complex<T>) -> Complex<T> {
    Complex::new(
        crate::real_math::round_half_even(z.re),
        crate::real_math::round_half_even(z.im),
    )
}

/// Complex square root, principal branch, with C99 Annex G's special values (FreeBSD's
/// `csqrt`, `lib/msun/src/s_csqrt.c`, Copyright (c) 2007 David Schultz, BSD 2-clause as
/// above): `csqrt(±0 + i·b) = +0 + i·b`, an infinite imaginary part gives `+inf` with it,
/// `csqrt(NaN + i·y) = NaN + i·NaN`, `csqrt(-inf + i·y) = 0 + i·inf` (`NaN ± i·inf` for a
/// NaN `y`), `csqrt(+inf + i·y) = +inf + i·0` (`+inf + i·NaN` for a NaN `y`). Finite
/// arguments use Algorithm 312 (CACM 10, 1967), scaled by 1/4 near overflow.
pub fn csqrt<T: Float>(z: Complex<T>) -> Complex<T> {
    let (mut a, mut b) = (z.re, z.im);
    let (zero, one) = (T::zero(), T::one());
    let two = one + one;
    if a == zero && b == zero {
        return Complex::new(zero, b);
    }
    if b.is_infinite() {
        return Complex::new(T::infinity(), b);
    }
    if a.is_nan() {
        return Complex::new(a, T::nan());
    }
    if a.is_infinite() {
        // `b - b`: NaN for a NaN `b`, else 0
        let nan_or_zero = if b.is_nan() { b } else { zero };
        return if a.is_sign_negative() {
            Complex::new(nan_or_zero.abs(), a.abs().copysign(b))
        } else {
            Complex::new(a, nan_or_zero.copysign(b))
        };
    }
    // |a| or |b| beyond MAX / (1 + sqrt 2): a + hypot(a, b) could overflow
    let thresh = T::max_value() * (two.sqrt() - one);
    let scale = a.abs() >= thresh || b.abs() >= thresh;
    if scale {
        let quarter = one / (two + two);
        a = a * quarter;
        b = b * quarter;
    }
    let half = one / two;
    let r = if a >= zero {
        let t = ((a + a.hypot(b)) * half).sqrt();
        Complex::new(t, b / (two * t))
    } else {
        let t = ((-a + a.hypot(b)) * half).sqrt();
        Complex::new(b.abs() / (two * t), t.copysign(b))
    };
    if scale {
        Complex::new(r.re * two, r.im * two)
    } else {
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn same(a: f64, b: f64) -> bool {
        (a.is_nan() && b.is_nan()) || (a == b && a.is_sign_negative() == b.is_sign_negative())
    }

    type F64 = fn(Complex<f64>) -> Complex<f64>;
    type F32 = fn(Complex<f32>) -> Complex<f32>;

    /// `f` of `z` is `want` in both precisions (NaN matches NaN; a zero's sign counts).
    fn check((f, g): (F64, F32), z: (f64, f64), want: (f64, f64)) {
        let w = f(Complex::new(z.0, z.1));
        assert!(
            same(w.re, want.0) && same(w.im, want.1),
            "{z:?} gave {w:?}, expected {want:?}"
        );
        let w = g(Complex::new(z.0 as f32, z.1 as f32));
        assert!(
            same(w.re.into(), want.0) && same(w.im.into(), want.1),
            "{z:?} (f32) gave {w:?}, expected {want:?}"
        );
    }

    const SIN: (F64, F32) = (csin, csin);
    const COS: (F64, F32) = (ccos, ccos);
    const COSH: (F64, F32) = (ccosh, ccosh);
    const TAN: (F64, F32) = (ctan, ctan);

    const INF: f64 = f64::INFINITY;
    const NAN: f64 = f64::NAN;

    #[test]
    fn csin_annex_g() {
        check(SIN, (INF, 0.0), (NAN, 0.0));
        check(SIN, (-INF, 0.0), (NAN, 0.0));
        check(SIN, (0.0, INF), (0.0, INF));
        check(SIN, (0.0, -INF), (0.0, -INF));
        check(SIN, (NAN, 0.0), (NAN, 0.0));
        check(SIN, (NAN, NAN), (NAN, NAN));
        check(SIN, (INF, INF), (NAN, INF));
        check(SIN, (1.0, INF), (INF, INF));
        check(SIN, (-1.0, INF), (-INF, INF));
        check(SIN, (0.0, 0.0), (0.0, 0.0));
        check(SIN, (-0.0, -0.0), (-0.0, -0.0));
    }

    #[test]
    fn ccosh_annex_g() {
        check(COSH, (0.0, 0.0), (1.0, 0.0));
        check(COSH, (-0.0, 0.0), (1.0, -0.0));
        check(COSH, (0.0, INF), (NAN, 0.0));
        check(COSH, (-0.0, -INF), (NAN, 0.0));
        check(COSH, (0.0, NAN), (NAN, 0.0));
        check(COSH, (NAN, -0.0), (NAN, -0.0));
        check(COSH, (1.0, INF), (NAN, NAN));
        check(COSH, (INF, 0.0), (INF, 0.0));
        check(COSH, (-INF, 0.0), (INF, -0.0));
        check(COSH, (INF, INF), (INF, NAN));
        check(COSH, (INF, NAN), (INF, NAN));
        check(COSH, (NAN, 0.0), (NAN, 0.0));
        check(COSH, (NAN, 1.0), (NAN, NAN));
        check(COSH, (NAN, NAN), (NAN, NAN));
        // cosh(inf + iy) = inf cis(y)
        let w = ccosh(Complex::new(INF, 1.0));
        assert!(w.re == INF && w.im == INF);
        // cos(z) = cosh(iz)
        check(COS, (0.0, 0.0), (1.0, -0.0));
        check(COS, (INF, 0.0), (NAN, 0.0));
        check(COS, (0.0, INF), (INF, -0.0));
        // an ordinary value against cos(x)cosh(y) - i sin(x)sinh(y), and overflow-free
        // growth for large |y|
        let (x, y) = (0.7f64, -1.3f64);
        let w = ccos(Complex::new(x, y));
        assert!((w.re - x.cos() * y.cosh()).abs() <= 4.0 * f64::EPSILON * w.re.abs());
        assert!((w.im + x.sin() * y.sinh()).abs() <= 4.0 * f64::EPSILON * w.im.abs());
        let w = ccosh(Complex::new(711.0f64, 1e-300));
        assert!(
            w.re.is_infinite() && w.im.is_finite() && w.im > 0.0,
            "{w:?}"
        );
    }

    #[test]
    fn ctan_annex_g() {
        check(TAN, (INF, 0.0), (NAN, 0.0));
        check(TAN, (-INF, 0.0), (NAN, 0.0));
        check(TAN, (0.0, INF), (0.0, 1.0));
        check(TAN, (0.0, -INF), (0.0, -1.0));
        check(TAN, (NAN, 0.0), (NAN, 0.0));
        check(TAN, (NAN, NAN), (NAN, NAN));
        check(TAN, (INF, INF), (0.0, 1.0));
        check(TAN, (1.0, NAN), (NAN, NAN));
        check(TAN, (0.0, 0.0), (0.0, 0.0));
        check(TAN, (-0.0, -0.0), (-0.0, -0.0));
    }

    #[test]
    fn finite_values() {
        // tan of a real argument near π/2 is the real tan (no cancellation)
        let w = ctan(Complex::new(-1.5f64, 0.0));
        assert_eq!(w.re, (-1.5f64).tan());
        assert!(same(w.im, 0.0));
        // large imaginary parts: tan → ±i, sin grows like e^|y| / 2 without overflow
        let w = ctan(Complex::new(1.0f64, 800.0));
        assert_eq!(w.re, 0.0);
        assert_eq!(w.im, 1.0);
        let w = csin(Complex::new(1e-300f64, 711.0));
        let e = 1e-300 * 0.5 * 700f64.exp() * 11f64.exp();
        assert!((w.re - e).abs() <= 8.0 * f64::EPSILON * e, "{w:?}");
        assert!(w.im.is_infinite() && w.im > 0.0);
        let w = csin(Complex::new(1e-38f32, 120.0));
        let e = f64::from(1e-38f32) * 0.5 * 120f64.exp();
        let tol = 8.0 * f64::from(f32::EPSILON) * e;
        assert!((f64::from(w.re) - e).abs() <= tol, "{w:?}");
        assert!(w.im.is_infinite() && w.im > 0.0);
        // an ordinary value against sin(x)cosh(y) + i cos(x)sinh(y)
        let (x, y) = (0.7f64, -1.3f64);
        let w = csin(Complex::new(x, y));
        assert!((w.re - x.sin() * y.cosh()).abs() <= 4.0 * f64::EPSILON * w.re.abs());
        assert!((w.im - x.cos() * y.sinh()).abs() <= 4.0 * f64::EPSILON * w.im.abs());
    }
}
