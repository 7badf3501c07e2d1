//! `sinh`, `cosh`, `tanh` from the two-part `expm1`/`exp` of `exp.rs` (no fdlibm code: its
//! `e_sinh.c`/`s_tanh.c` formulas, rounded step by step, are up to 1.9 ULP off in glibc):
//!
//! - `sinh a = H + H / (2H + 1)` with `H = (e^a − 1)/2`,
//! - `cosh a = X + 1 / 4X` with `X = e^a / 2`,
//! - `tanh a = −m / (2 + m)` with `m = e^(−2a) − 1`,
//!
//! each quotient taken once (one division a lane) and corrected by its exact residual
//! (`div_dd`), each sum carried in two parts, so that only the last addition rounds to more
//! than 2^-60 of the result. `H` and `X` come scaled by ½ in the exponent bits, so that
//! `sinh`, `cosh` reach 709.78 without overflowing `2^k`. `tanh` saturates to ±1 from
//! |x| = 20; odd functions take `x`'s sign. Without FMA, `f32` `sinh`, `cosh` compute the
//! same formulas plainly in `f64` and round once, with a short exponential (`ln 2` in one
//! part; `P32`, relative error ≈ 2^-50, for `sinh`, whose `e^a − 1` near 0 needs it, and
//! the degree-4 `P4_F64`, 2^-26.9, for `cosh`: 0.51 and 0.62 ULP at most over every `f32`
//! input), as `f32` `tanh` does (the `P32` `expm1`). At the FMA levels the three are in
//! `f32` arithmetic (sixteen lanes to an AVX-512 register). `sinh`, `cosh`:
//! `2^(k−1) ((1 ± g) + (1 ∓ g) r + (c1 + s1) ± g (c1 − s1))`, `g = 2^-2k`, from the even
//! and odd polynomials `c1`, `s1` of the reduced argument `r`, the large terms exact
//! (`cosh_sinh32`; no division, one branch for every `k`: 0.81 and 0.75 ULP at most over
//! every `f32` input). `tanh`: `a + a³ P(a²)` below 0.55, and `(1 − g)/(1 + g)`
//! above, `g = e^-2a` from an `f32` exponential (`exp32_parts`, relative error 2^-25) whose
//! error the form damps, the reciprocal of `1 + g` from a quadratic and one correction by
//! its exact residual, without a division (0.78 ULP at most over every `f32` input).
//!
//! `asinh`, `acosh`, `atanh`: fdlibm's formulas (`s_asinh.c`, `e_acosh.c`, `e_atanh.c`):
//! `log1p(|x| + √(1 + x²) − 1)`, `log1p(x − 1 + √(x² − 1))`, `½ log1p(2|x|/(1 − |x|))`, and
//! `log(2|x|)` from 2^28, with the argument of `log1p` formed in two parts (exact squares,
//! a square root corrected by its exact residual, or a residual-corrected quotient) and
//! given to the two-part `log1p` of `log.rs`; one division a lane. `f32` `asinh`: the same
//! in plain `f64`. `f32` `acosh`, `atanh` at the FMA levels: the same two-part arguments in
//! `f32` arithmetic (`x − 1` is exact, the square's error from an FMA, the root and the
//! quotient corrected by their exact residuals; `log(2x)` from 2^12), given to the `f32`
//! two-part `log1p` of `log.rs` (`log1p32`): 0.66 and 0.72 ULP at most over every `f32`
//! input. Without FMA they compute in plain `f64`.

use crate::exp::{exp32_parts, exp_dd, expm1_dd, expm1_for_f32, pow2_32, shift32, EXP32N4, P32};
use crate::log::{log1p32, log1p_dd, log_core, LN2_HI32, LN2_LO32, Q32, QX64};
use crate::{div_dd, fast_two_sum, horner, shifted_int, two_sum, Fma, Unary, SHIFT};

/// Hyperbolic sine.
///
/// ```
/// # use std::mem::MaybeUninit;
/// let mut o = [MaybeUninit::uninit(); 2];
/// ivy_vecmath::map::<f64, ivy_vecmath::Sinh>(&[-0.0, 1e-300], &mut o);
/// assert!(unsafe { o[0].assume_init() }.is_sign_negative());
/// assert_eq!(unsafe { o[1].assume_init() }, 1e-300);
/// ```
#[derive(Debug)]
pub enum Sinh {}

/// Hyperbolic cosine.
///
/// ```
/// # use std::mem::MaybeUninit;
/// let mut o = [MaybeUninit::uninit(); 2];
/// ivy_vecmath::map::<f32, ivy_vecmath::Cosh>(&[0.0, -100.0], &mut o);
/// assert_eq!(unsafe { o[0].assume_init() }, 1.0);
/// assert_eq!(unsafe { o[1].assume_init() }, f32::INFINITY);
/// ```
#[derive(Debug)]
pub enum Cosh {}

/// Hyperbolic tangent.
///
/// ```
/// # use std::mem::MaybeUninit;
/// let mut o = [MaybeUninit::uninit(); 3];
/// ivy_vecmath::map::<f64, ivy_vecmath::Tanh>(&[0.5, -30.0, f64::INFINITY], &mut o);
/// let y: Vec<f64> = o.iter().map(|v| unsafe { v.assume_init() }).collect();
/// assert!((y[0] - 0.5f64.tanh()).abs() <= f64::EPSILON / 2.0);
/// assert_eq!(&y[1..], &[-1.0, 1.0]);
/// ```
#[derive(Debug)]
pub enum Tanh {}

/// Above this, `H / (2H + 1)` is ½ to below 2^-61 of `H` and is not divided out (which
/// keeps the division's operands in range).
const TWO60: f64 = 1_152_921_504_606_846_976.0;

impl Unary<f64> for Sinh {
    #[inline(always)]
    fn fast<M: Fma>(x: f64) -> (f64, bool) {
        let a = x.abs();
        // H = (e^a − 1)/2 in two parts
        let (hh, hl) = expm1_dd::<M, 1022>(a.min(709.7));
        let big = hh > TWO60;
        let (nh, nl) = if big { (TWO60, 0.0) } else { (hh, hl) };
        // H / (2H + 1) ≤ H
        let (dh, dl) = two_sum(2.0 * nh, 1.0);
        let (q, ql) = div_dd::<M>(nh, nl, dh, M::fma(2.0, nl, dl));
        let (sh, sl) = fast_two_sum(hh, q);
        // (below 1e-300 `(e^a − 1)/2` loses a subnormal `a`'s last bit: `edge`)
        (
            (sh + (sl + (hl + ql))).copysign(x),
            a <= 709.7 && !(a < 1e-300 && a != 0.0),
        )
    }
    /// Past overflow ±∞; below 1e-300, `x` itself.
    #[inline(always)]
    fn edge<M: Fma>(x: f64) -> (f64, bool) {
        let a = x.abs();
        (
            if a < 1.0 {
                x
            } else {
                f64::INFINITY.copysign(x)
            },
            a > 710.5 || a < 1e-300,
        )
    }
    fn exact(x: f64) -> f64 {
        x.sinh()
    }
}

/// `(cosh r − 1) / r²` as a polynomial in `z = r²` on [0, (ln 2/2)²], `f32` coefficients,
/// degree 2 (relative error 2^-27.5 after rounding; `scripts/vecmath_coeffs.py`, `COSH32P`).
const COSH32P: [f32; 3] = [0.5, 0.041_666_467, 0.001_393_364_2];

/// `(sinh r − r) / r³` as a polynomial in `z = r²` on [0, (ln 2/2)²], `f32` coefficients,
/// degree 2 (relative error 2^-25.0 after rounding, that of `1/6`; `scripts/vecmath_coeffs.py`,
/// `SINH32Q`).
const SINH32Q: [f32; 3] = [0.166_666_67, 0.008_333_310_5, 0.000_198_909_81];

/// `cosh a` (`SIGN = 0`) or `sinh a` (`SIGN = 1 << 31`) for `a` in [0, 89.5), in `f32`
/// arithmetic (FMA levels).
///
/// `a = k ln 2 + r` (`e_logf.c`'s two-part `ln 2`: `rh = a − k LN2_HI32` exact, `r + rl`
/// its difference with `k LN2_LO32` in two parts), so `e^±a = 2^±k e^±r` and
/// `2 cosh a / 2^k = e^r + g e^-r`, `2 sinh a / 2^k = e^r − g e^-r` with `g = 2^-2k`. With
/// `C = cosh r = 1 + c1`, `S = sinh r = r + s1` (even and odd polynomials in `r` sharing
/// `z = r²`), `e^r ± g e^-r = (1 ± g) + (1 ∓ g) r + (c1 + s1) ± g (c1 − s1)`: `1 ± g` is
/// exact (to `2k` = 24; beyond, its rounding is carried), `(1 ∓ g) r` is one FMA (`g` is a
/// power of 2) whose rounding is recovered with the sum's (as a fast two-sum's: `1 ± g` is
/// 0, or above 0.75 > |(1 ∓ g) r|), so that only the small terms (below 0.1) and the last
/// addition round. `k = 0` and 1 need no separate branch: at `k = 0`, `cosh`'s `1 + g` is 2
/// and its `(1 − g) r` 0, `sinh`'s `1 − g` 0 and `(1 + g) r = 2r` exact. From `k = 20`, `g`
/// (below 2^-40) is kept at 2^-40. An exhaustive scan of the `f32` inputs
/// (`examples/scan32.rs`): `sinh` 0.81 ULP at most (at 0.357, `k = 1`), `cosh` 0.75.
#[inline(always)]
fn cosh_sinh32<M: Fma, const SIGN: u32>(a: f32) -> f32 {
    // k + 125 in t's low bits
    let t = M::fma32(a, std::f32::consts::LOG2_E, shift32(125));
    let k = t - shift32(125);
    let rh = M::fma32(k, -LN2_HI32, a);
    let r = M::fma32(k, -LN2_LO32, rh);
    let rl = M::fma32(k, -LN2_LO32, rh - r);
    let z = r * r;
    // cosh r − 1, and sinh(r + rl) − r (to rl r, below 2^-27)
    let c1 = z * horner::<M, _, 3>(z, &COSH32P);
    let s1 = M::fma32(r * z, horner::<M, _, 3>(z, &SINH32Q), rl);
    // ±2^-2k' for k' = min(k, 20): its biased exponent 127 − 2k' = 377 − 2 (k' + 125)
    // (the bits of t above k' + 125 fall off the shift)
    let tm = t.min(shift32(125) + 20.0).to_bits();
    let g = f32::from_bits((377u32 << 23).wrapping_sub(tm << 24) | SIGN);
    let small = M::fma32(g, c1 - s1, c1 + s1);
    let u = 1.0 + g;
    let ue = g - (u - 1.0);
    // h + l = u + (1 ∓ g) r: h − u is exact (a fast two-sum's), and so is r − (h − u)
    // where it matters (|r| ≥ 1/8; below, its rounding is under 2^-27 g)
    let h = u + M::fma32(-g, r, r);
    let l = M::fma32(-g, r, r - (h - u));
    let b = h + (l + (ue + small));
    // 2^(k − 1) b as 2^(k − 2) (2b): k reaches 129 (2^128 overflows) below sinh's and
    // cosh's overflow threshold, 89.42
    (b + b) * pow2_32(t)
}

/// [`cosh_sinh32`]'s `SIGN` for `sinh`.
const SINH32: u32 = 1 << 31;

impl Unary<f32> for Sinh {
    const INTERLEAVE: bool = true;
    #[inline(always)]
    fn fast<M: Fma>(x: f32) -> (f32, bool) {
        if M::FUSED {
            let a = x.abs();
            // from 89.5 (k = 130; the result overflows from 89.42), and for NaN, the exact
            // path
            return (cosh_sinh32::<M, SINH32>(a).copysign(x), a < 89.5);
        }
        // above 90 the result overflows f32 (and stays finite in f64 to 100)
        let a = f64::from(x.abs().min(100.0));
        // e^a − 1 as `expm1_for_f32`'s, but with `ln 2` in one part (`k ln 2`'s rounding is
        // below 2^-45 of the result; k = 0 keeps r = a exact)
        let t = M::fma(a, std::f64::consts::LOG2_E, SHIFT);
        let k = t - SHIFT;
        let r = M::fma(k, -std::f64::consts::LN_2, a);
        let s = f64::from_bits(shifted_int(t).wrapping_add(1023) << 52);
        let e = M::fma(s, M::fma(r * r, horner::<M, _, 6>(r, &P32), r), s - 1.0);
        let y = 0.5 * (e + e / (e + 1.0));
        ((y as f32).copysign(x), !x.is_nan())
    }
    /// Past overflow ±∞.
    #[inline(always)]
    fn edge<M: Fma>(x: f32) -> (f32, bool) {
        (f32::INFINITY.copysign(x), x.abs() > 89.5)
    }
    fn exact(x: f32) -> f32 {
        x.sinh()
    }
}

impl Unary<f64> for Cosh {
    #[inline(always)]
    fn fast<M: Fma>(x: f64) -> (f64, bool) {
        let a = x.abs();
        // X = e^a / 2 in two parts, X ≥ ½ ≥ 1/4X
        let (xh, xl) = exp_dd::<M, 1022>(a.min(709.7));
        let big = xh > TWO60;
        let (nh, nl) = if big { (TWO60, 0.0) } else { (xh, xl) };
        let (r, rl) = div_dd::<M>(0.25, 0.0, nh, nl);
        let (sh, sl) = fast_two_sum(xh, r);
        (sh + (sl + (xl + rl)), a <= 709.7)
    }
    /// Past overflow ∞.
    #[inline(always)]
    fn edge<M: Fma>(x: f64) -> (f64, bool) {
        (f64::INFINITY, x.abs() > 710.5)
    }
    fn exact(x: f64) -> f64 {
        x.cosh()
    }
}

/// `(e^r − 1 − r) / r²` on [−ln 2/2, ln 2/2], degree 4 (relative error 2^-22.8, so
/// 2^-26.9 of `e^r`; `scripts/vecmath_coeffs.py`, `P4_F64`): `f32` `cosh`, whose `e^r`
/// needs no more (`sinh`'s `e^a − 1` near 0 does: 0.86 ULP with it).
const P4_F64: [f64; 5] = [
    0.5,
    0.1666657702559799,
    0.041666554662050534,
    0.008363173074513711,
    0.001392617611993558,
];

impl Unary<f32> for Cosh {
    #[inline(always)]
    fn fast<M: Fma>(x: f32) -> (f32, bool) {
        if M::FUSED {
            let a = x.abs();
            return (cosh_sinh32::<M, 0>(a), a < 89.5);
        }
        let a = f64::from(x.abs().min(100.0));
        // e^a / 2 as exp_core's, but with `ln 2` in one part (`k ln 2`'s rounding is below
        // 2^-45, far below an f32 ULP) and ½ folded into the scale
        let t = M::fma(a, std::f64::consts::LOG2_E, SHIFT);
        let k = t - SHIFT;
        let r = M::fma(k, -std::f64::consts::LN_2, a);
        let er = 1.0 + M::fma(r * r, horner::<M, _, 5>(r, &P4_F64), r);
        let e2 = er * f64::from_bits(shifted_int(t).wrapping_add(1022) << 52);
        ((e2 + 0.25 / e2) as f32, !x.is_nan())
    }
    /// Past overflow ∞.
    #[inline(always)]
    fn edge<M: Fma>(x: f32) -> (f32, bool) {
        (f32::INFINITY, x.abs() > 89.5)
    }
    fn exact(x: f32) -> f32 {
        x.cosh()
    }
}

impl Unary<f64> for Tanh {
    #[inline(always)]
    fn fast<M: Fma>(x: f64) -> (f64, bool) {
        // tanh a = −m / (2 + m), m = e^(−2a) − 1 in (−1, 0]: 2 + m in [1, 2] takes a fast
        // two-sum; from 20 on, tanh rounds to 1 (1 − tanh < 2^-56)
        let a = x.abs().min(20.0);
        let (mh, ml) = expm1_dd::<M, 1023>(-2.0 * a);
        let (dh, dl) = fast_two_sum(2.0, mh);
        let (q, ql) = div_dd::<M>(-mh, -ml, dh, dl + ml);
        ((q + ql).copysign(x), !x.is_nan())
    }
    fn exact(x: f64) -> f64 {
        x.tanh()
    }
}

/// `(tanh a − a) / a³` as a polynomial in `z = a²` on [0, 0.55²], `f32` coefficients,
/// degree 4 (relative error 2^-24.0 after rounding; `scripts/vecmath_coeffs.py`, `TANH32N`).
const TANH32N: [f32; 5] = [
    -0.333_333_31,
    0.133_331_13,
    -0.053_909_428,
    0.021_309_389,
    -0.006_610_227_7,
];

/// `1/(1 + g)` on [0, 1/3], degree 2, `f32` coefficients (relative error 2^-10.4;
/// `scripts/vecmath_coeffs.py`, `RECIP1G`): the first approximation of `tanh`'s reciprocal.
const RECIP1G: [f32; 3] = [0.999_259_8, -0.959_289_43, 0.639_526_25];

/// `2 RECIP1G(2h)`, a polynomial in `h = g/2`: [`RECIP1G`]'s coefficients times 2, 4, 8
/// (exact).
const RECIP1G_2: [f32; 3] = [2.0 * RECIP1G[0], 4.0 * RECIP1G[1], 8.0 * RECIP1G[2]];

impl Unary<f32> for Tanh {
    const INTERLEAVE: bool = true;
    #[inline(always)]
    fn fast<M: Fma>(x: f32) -> (f32, bool) {
        if M::FUSED {
            let a = x.abs();
            // below 0.55 (tanh < 0.5005): tanh a = a + a³ P(a²), the correction below 10 %
            // of the result (its roundings and the fit's 2^-24 add under 0.3 ULP)
            let z = a * a;
            let small = M::fma32(a * z, horner::<M, _, 5>(z, &TANH32N), a);
            // from 0.55: tanh a = (1 − g)/(1 + g) = 2v − 1, v = 1/(1 + g) in [0.75, 1), g =
            // e^-2a = 2s (1 + w) ≤ 1/3, found without a division: v0 a quadratic in g
            // (relative error 2^-10.4), then the exact residual e = 1 − (1 + g) v0 (g =
            // 2 (gh + gl) in two parts, exact: s is a power of 2; 1 − v0 is exact, and
            // 1 − v0 − 2gh v0 = e + 2gl v0 is below 2^-10, so that its FMA rounds to
            // 2^-34) and v = v0 (1 + e + e²) to e³ (2^-31), added to 2v0 − 1 (exact) with
            // one rounding. Halving g (s = 2^(k−1)) and computing v2 = 2v0 directly (the
            // quadratic's coefficients scaled) saves the doublings, exactly. g's relative
            // error, about 2^-25, reaches tanh damped by 2g/(1 + g)² ≤ 3/8: under 0.2 ULP.
            // From 9.01 on, tanh rounds to 1 (g < 2^-26), so a is clamped to 10. An
            // exhaustive scan of the f32 inputs: 0.78 ULP at most (at 0.52, from the
            // polynomial; 0.66 from 0.55)
            let (s, w) = exp32_parts::<M, 126, 5>(-2.0 * a.min(10.0), &EXP32N4);
            let gh = M::fma32(s, w, s);
            let gl = M::fma32(s, w, s - gh);
            let v2 = horner::<M, _, 3>(gh, &RECIP1G_2);
            let e = M::fma32(-gl, v2, M::fma32(-gh, v2, M::fma32(-0.5, v2, 1.0)));
            let y = if a < 0.55 {
                small
            } else {
                M::fma32(v2, M::fma32(e, e, e), v2 - 1.0)
            };
            return (y.copysign(x), !x.is_nan());
        }
        // from 10 on, tanh rounds to 1 in f32
        let a = f64::from(x.abs().min(10.0));
        let e = expm1_for_f32::<M>(2.0 * a);
        (((e / (e + 2.0)) as f32).copysign(x), !x.is_nan())
    }
    fn exact(x: f32) -> f32 {
        x.tanh()
    }
}

/// Inverse hyperbolic sine.
///
/// ```
/// # use std::mem::MaybeUninit;
/// let mut o = [MaybeUninit::uninit(); 2];
/// ivy_vecmath::map::<f64, ivy_vecmath::Asinh>(&[-0.0, 1e-300], &mut o);
/// assert!(unsafe { o[0].assume_init() }.is_sign_negative());
/// assert_eq!(unsafe { o[1].assume_init() }, 1e-300);
/// ```
#[derive(Debug)]
pub enum Asinh {}

/// Inverse hyperbolic cosine.
///
/// ```
/// # use std::mem::MaybeUninit;
/// let mut o = [MaybeUninit::uninit(); 2];
/// ivy_vecmath::map::<f32, ivy_vecmath::Acosh>(&[1.0, 0.5], &mut o);
/// assert_eq!(unsafe { o[0].assume_init() }, 0.0);
/// assert!(unsafe { o[1].assume_init() }.is_nan());
/// ```
#[derive(Debug)]
pub enum Acosh {}

/// Inverse hyperbolic tangent.
///
/// ```
/// # use std::mem::MaybeUninit;
/// let mut o = [MaybeUninit::uninit(); 2];
/// ivy_vecmath::map::<f64, ivy_vecmath::Atanh>(&[1.0, -0.5], &mut o);
/// assert_eq!(unsafe { o[0].assume_init() }, f64::INFINITY);
/// assert_eq!(unsafe { o[1].assume_init() }, -0.5493061443340549); // −ln(3)/2, rounded
/// ```
#[derive(Debug)]
pub enum Atanh {}

// The exact paths: std's `asinh`, `acosh`, `atanh` are Rust formulas, not libm calls (up
// to 1e8 ULP off near 1 or 0, and overflowing for |x| ≥ √f64::MAX); these are fdlibm's
// (`s_asinh.c`, `e_acosh.c`, `e_atanh.c`) over libm's `log1p` and `ln`, about 1.5 ULP as
// glibc's own. The `f32` kernels call them in f64.

fn asinh_libm(x: f64) -> f64 {
    let a = x.abs();
    let y = if a < 1.0 / TWO28 {
        a
    } else if a < 2.0 {
        (a + a * a / (1.0 + (1.0 + a * a).sqrt())).ln_1p()
    } else if a < TWO28 {
        (2.0 * a + 1.0 / ((a * a + 1.0).sqrt() + a)).ln()
    } else {
        a.ln() + std::f64::consts::LN_2
    };
    y.copysign(x)
}

fn acosh_libm(x: f64) -> f64 {
    if x < 2.0 {
        // NaN below 1 (a negative square root)
        let t = x - 1.0;
        (t + (2.0 * t + t * t).sqrt()).ln_1p() + if x < 1.0 { f64::NAN } else { 0.0 }
    } else if x < TWO28 {
        (2.0 * x - 1.0 / (x + (x * x - 1.0).sqrt())).ln()
    } else {
        x.ln() + std::f64::consts::LN_2
    }
}

fn atanh_libm(x: f64) -> f64 {
    let a = x.abs();
    let y = if a < 0.5 {
        let t = a + a;
        0.5 * (t + t * a / (1.0 - a)).ln_1p()
    } else {
        0.5 * ((a + a) / (1.0 - a)).ln_1p()
    };
    y.copysign(x)
}

/// From here on, `asinh x = log(2x)` and `acosh x = log(2x)` to below 2^-60.
const TWO28: f64 = 268_435_456.0;
/// The fast paths' largest argument (2x stays far from overflow).
const TWO1000: f64 = f64::from_bits((1023 + 1000) << 52);

/// `√(wh + wl)` in two parts (`wl` a low part), the correction from the exact residual.
#[inline(always)]
fn sqrt_dd<M: Fma>(wh: f64, wl: f64) -> (f64, f64) {
    let s = wh.sqrt();
    let (p, pe) = M::two_prod(s, s);
    // (s = 0 only for w = 0, where the residual is 0 too)
    (s, ((wh - p) - pe + wl) / (2.0 * s.max(f64::MIN_POSITIVE)))
}

impl Unary<f64> for Asinh {
    #[inline(always)]
    fn fast<M: Fma>(x: f64) -> (f64, bool) {
        let a = x.abs();
        // A = a + √(1 + a²) − 1 in two parts: asinh a = log1p(A)
        let (qh, ql) = M::two_prod(a, a);
        let (wh, wl) = two_sum(1.0, qh);
        let (sh, sl) = sqrt_dd::<M>(wh, wl + ql);
        let (dh, de) = fast_two_sum(sh, -1.0);
        // √(1 + a²) − 1 ≤ a
        let (ah, al) = fast_two_sum(a, dh);
        let al = al + (de + sl);
        // above 2^28: log(2a) = log1p(2a − 1), 2a − 1 in two parts
        let (bh, bl) = fast_two_sum(2.0 * a, -1.0);
        let (ah, al) = if a > TWO28 { (bh, bl) } else { (ah, al) };
        let (h, l) = log1p_dd::<M, 21>(ah, al, &QX64);
        ((h + l).copysign(x), a <= TWO1000)
    }
    /// At ±∞ ±∞.
    #[inline(always)]
    fn edge<M: Fma>(x: f64) -> (f64, bool) {
        (x, x.abs() == f64::INFINITY)
    }
    fn exact(x: f64) -> f64 {
        asinh_libm(x)
    }
}

impl Unary<f32> for Asinh {
    const INTERLEAVE: bool = true;
    #[inline(always)]
    fn fast<M: Fma>(x: f32) -> (f32, bool) {
        let a = f64::from(x.abs());
        // below 2^-12, asinh rounds to x; above, 1 + A's rounding is below 2^-41 of A
        let big_a = a + ((M::fma(a, a, 1.0)).sqrt() - 1.0);
        let y = log_core::<M, 11>(1.0 + big_a, &Q32);
        let y = if a < 1.0 / 4096.0 { a } else { y };
        ((y as f32).copysign(x), x.abs() <= f32::MAX)
    }
    /// At ±∞ ±∞.
    #[inline(always)]
    fn edge<M: Fma>(x: f32) -> (f32, bool) {
        (x, x.abs() == f32::INFINITY)
    }
    fn exact(x: f32) -> f32 {
        asinh_libm(f64::from(x)) as f32
    }
}

impl Unary<f64> for Acosh {
    #[inline(always)]
    fn fast<M: Fma>(x: f64) -> (f64, bool) {
        // A = x − 1 + √(x² − 1) in two parts (x − 1, x² − 1 exact): acosh x = log1p(A)
        let (th, tl) = fast_two_sum(x, -1.0);
        let (qh, ql) = M::two_prod(x, x);
        let (wh, wl) = fast_two_sum(qh, -1.0);
        let (sh, sl) = sqrt_dd::<M>(wh, wl + ql);
        // √(x² − 1) ≥ x − 1
        let (ah, al) = fast_two_sum(sh, th);
        let al = al + (tl + sl);
        let (bh, bl) = fast_two_sum(2.0 * x, -1.0);
        let (ah, al) = if x > TWO28 { (bh, bl) } else { (ah, al) };
        let (h, l) = log1p_dd::<M, 21>(ah, al, &QX64);
        (h + l, x >= 1.0 && x <= TWO1000)
    }
    /// Below 1 NaN, at ∞ ∞.
    #[inline(always)]
    fn edge<M: Fma>(x: f64) -> (f64, bool) {
        (
            if x < 1.0 { crate::invalid(x) } else { x },
            x < 1.0 || x == f64::INFINITY,
        )
    }
    fn exact(x: f64) -> f64 {
        acosh_libm(x)
    }
}

impl Unary<f32> for Acosh {
    const INTERLEAVE: bool = true;
    #[inline(always)]
    fn fast<M: Fma>(x: f32) -> (f32, bool) {
        if M::FUSED {
            // A = t + √(t² + 2t), t = x − 1 (exact below 2^24): t² + 2t in two parts (the
            // square's error from `fma32`, the sum's from a fast two-sum, larger first), the
            // root corrected by its exact residual; acosh x = log1p(A). From 2^12 on,
            // acosh x = log(2x) = log1p(2x − 1) to below 2^-26 of the result (t is clamped
            // there, keeping the square finite)
            let t = (x - 1.0).min(4096.0);
            let p = t * t;
            let pe = M::fma32(t, t, -p);
            let (wh, wl) = fast_two_sum(p.max(2.0 * t), p.min(2.0 * t));
            let sh = wh.sqrt();
            // (sh = 0 only for t = 0, where the residual is 0 too)
            let sl = (M::fma32(-sh, sh, wh) + (wl + pe)) / (2.0 * sh).max(f32::MIN_POSITIVE);
            // √(t² + 2t) ≥ t
            let (ah, al) = fast_two_sum(sh, t);
            let al = al + sl;
            let (bh, bl) = fast_two_sum(2.0 * x, -1.0);
            let (ah, al) = if x > 4096.0 { (bh, bl) } else { (ah, al) };
            return (log1p32::<M, true>(ah, al), x >= 1.0 && x <= 1e38);
        }
        // t = x − 1 exact; A ≥ √(2t) ≥ 2^-11.5, so 1 + A's rounding is below 2^-41 of A
        let t = f64::from(x) - 1.0;
        let big_a = t + (t * (t + 2.0)).sqrt();
        (
            log_core::<M, 11>(1.0 + big_a, &Q32) as f32,
            x >= 1.0 && x <= f32::MAX,
        )
    }
    /// Below 1 NaN, at ∞ ∞.
    #[inline(always)]
    fn edge<M: Fma>(x: f32) -> (f32, bool) {
        (
            if x < 1.0 { crate::invalid(x) } else { x },
            x < 1.0 || x == f32::INFINITY,
        )
    }
    fn exact(x: f32) -> f32 {
        acosh_libm(f64::from(x)) as f32
    }
}

impl Unary<f64> for Atanh {
    #[inline(always)]
    fn fast<M: Fma>(x: f64) -> (f64, bool) {
        let a = x.abs();
        // A = 2a / (1 − a) in two parts (1 − a exact in two parts): atanh a = log1p(A)/2
        let (dh, dl) = fast_two_sum(1.0, -a);
        let (q, ql) = div_dd::<M>(2.0 * a, 0.0, dh, dl);
        let (h, l) = log1p_dd::<M, 21>(q, ql, &QX64);
        ((0.5 * (h + l)).copysign(x), a < 1.0)
    }
    /// Beyond ±1 NaN, at ±1 ±∞.
    #[inline(always)]
    fn edge<M: Fma>(x: f64) -> (f64, bool) {
        let a = x.abs();
        (
            if a > 1.0 {
                crate::invalid(x)
            } else {
                f64::INFINITY.copysign(x)
            },
            a >= 1.0,
        )
    }
    fn exact(x: f64) -> f64 {
        atanh_libm(x)
    }
}

impl Unary<f32> for Atanh {
    const INTERLEAVE: bool = true;
    #[inline(always)]
    fn fast<M: Fma>(x: f32) -> (f32, bool) {
        if M::FUSED {
            let a = x.abs();
            // A = 2a / (1 − a) in two parts: 1 − a exact in two parts, the quotient
            // q = 2a (1/dh) corrected by its exact residual; atanh a = log1p(A)/2. Below
            // 2^-12, atanh rounds to a
            let (dh, dl) = fast_two_sum(1.0, -a);
            let rcp = 1.0 / dh;
            let q = (2.0 * a) * rcp;
            let ql = M::fma32(-q, dl, M::fma32(-q, dh, 2.0 * a)) * rcp;
            let y = 0.5 * log1p32::<M, true>(q, ql);
            let y = if a < 1.0 / 4096.0 { a } else { y };
            return (y.copysign(x), a < 1.0);
        }
        let a = f64::from(x.abs());
        // below 2^-12, atanh rounds to x; above, 1 + A's rounding is below 2^-41 of A
        let y = 0.5 * log_core::<M, 11>(1.0 + 2.0 * a / (1.0 - a), &Q32);
        let y = if a < 1.0 / 4096.0 { a } else { y };
        ((y as f32).copysign(x), x.abs() < 1.0)
    }
    /// Beyond ±1 NaN, at ±1 ±∞.
    #[inline(always)]
    fn edge<M: Fma>(x: f32) -> (f32, bool) {
        let a = x.abs();
        (
            if a > 1.0 {
                crate::invalid(x)
            } else {
                f32::INFINITY.copysign(x)
            },
            a >= 1.0,
        )
    }
    fn exact(x: f32) -> f32 {
        atanh_libm(f64::from(x)) as f32
    }
}
