//! `log`: `x = 2^k m`, m in [√½, √2), `f = m − 1`, `log(1 + f) = f − f²/2 + f³ Q(f)`
//! (division-free: `Q` is a Chebyshev fit, mpmath, `scripts/vecmath_coeffs.py`, degree 18
//! for `f64`, relative error 2^-54.5, and 10 for `f32`, 2^-33.5, computed in `f64`), summed
//! as fdlibm's `e_log.c` does with `k ln 2` in two parts.
//!
//! `log1p(x)`: the same reduction of `u = 1 + x`, with the rounding error `c` of that sum
//! added back as `c / u` (fdlibm's `s_log1p.c`; here `c 2^-k / (1 + f)` with the last
//! factor a short series, no division) and the result summed as `hi + lo` (two-sums), for
//! the kernels that need it beyond the last bit (`asinh`, `acosh`, `atanh`, `softplus`).
//!
//! `log2`, `log10`: FreeBSD's `e_log2.c` and `e_log10.c` (as ported in the `libm` crate,
//! MIT; Sun's notice: "Permission to use, copy, modify, and distribute this software is
//! freely granted, provided that this notice is preserved."): `log(1 + f)` split into a
//! 21-bit `hi` and a `lo`, each multiplied by `1/ln 2` (`1/ln 10`) in two parts, so that
//! the one inexact product is a small correction; `f²/2` is kept exact (two parts), and
//! subnormals are scaled rather than left to `libm`.
//!
//! `f32` `log`, `log1p`, `log2`, `log10` at the FMA levels: the same reduction in `f32` bits, `Q` of
//! degree 8 in `f32`, `f − f²/2` summed exactly and `k ln 2` (or `k`, `k log10 2`) added by
//! a fast two-sum, the `1/ln 2`, `1/ln 10` products in two parts (`log_parts32`); positive
//! subnormals take `libm`. Otherwise `f32` computes in `f64` (one rounding
//! of `k + log(1 + f)/ln 2`).

use crate::exp::{LN2_HI, LN2_LO};
use crate::{fast_two_sum, horner, Fma, Unary};

/// The natural logarithm.
///
/// ```
/// # use std::mem::MaybeUninit;
/// let mut o = [MaybeUninit::uninit()];
/// ivy_vecmath::map::<f32, ivy_vecmath::Log>(&[1.0], &mut o);
/// assert_eq!(unsafe { o[0].assume_init() }, 0.0);
/// ```
#[derive(Debug)]
pub enum Log {}

pub(crate) const Q64: [f64; 19] = [
    0.3333333333333333,
    -0.24999999999998596,
    0.20000000000003482,
    -0.16666666667365992,
    0.14285714285634818,
    -0.12499999898432576,
    0.11111111008787179,
    -0.10000006590426393,
    0.09090921076038966,
    -0.08333110642999564,
    0.07691741139835176,
    -0.07146922611081985,
    0.06680348247882924,
    -0.06213325491398715,
    0.05706613674459082,
    -0.05635857394607171,
    0.06362025303018654,
    -0.05959173018943104,
    0.027053075892336406,
];
/// `Q` to degree 20 (absolute error of `f³ Q` 2^-58.8, against 2^-56 for [`Q64`] near
/// f = √2 − 1, where it is 0.36 ULP of `log2`): for `log1p`, `log2`, `log10` and the
/// kernels built on them.
pub(crate) const QX64: [f64; 21] = [
    0.3333333333333333,
    -0.2500000000000004,
    0.1999999999999946,
    -0.16666666666643223,
    0.14285714285850773,
    -0.12500000004323591,
    0.11111111099840468,
    -0.09999999634780717,
    0.09090909371649986,
    -0.08333350032953588,
    0.07692315890028749,
    -0.07142415039547202,
    0.0666601535643227,
    -0.06256781945741766,
    0.05898528368226226,
    -0.05500704572405743,
    0.0506540966648457,
    -0.051385304688066284,
    0.05918790722857223,
    -0.053961619312197895,
    0.023264220927877086,
];
pub(crate) const Q32: [f64; 11] = [
    0.33333333384803754,
    -0.249999994987083,
    0.19999973727896375,
    -0.1666671980607466,
    0.14287886099982502,
    -0.12499927717186018,
    0.11048250377157395,
    -0.09931553137948022,
    0.09804564386097082,
    -0.09727659389760898,
    0.05555094556064493,
];

/// The bits of √½ (rounded): `x`'s bits minus these have `x`'s exponent for m in [√½, √2).
/// `Q` for the `f32`-arithmetic kernels: degree 8, `f32` coefficients, relative error
/// 2^-23.7 (`scripts/vecmath_coeffs.py`); `f³ Q(f)` is below 7 % of `log(1 + f)`, so the
/// fit adds at most 2^-27.5 of the result.
pub(crate) const Q32N: [f32; 9] = [
    0.333_333_31,
    -0.249_999_97,
    0.200_007_16,
    -0.166_678_03,
    0.142_490_58,
    -0.124_256_87,
    0.116_854_2,
    -0.114_797_34,
    0.069_716_12,
];

// e_logf.c (fdlibm): ln 2 in two parts, `k * LN2_HI32` exact for |k| ≤ 128
pub(crate) const LN2_HI32: f32 = f32::from_bits(0x3f31_7180);
pub(crate) const LN2_LO32: f32 = f32::from_bits(0x3717_f7d2);
// e_log10f.c: log10(2) in two parts, the same way
const LOG10_2HI32: f32 = f32::from_bits(0x3e9a_2080);
const LOG10_2LO32: f32 = f32::from_bits(0x3554_27de);
// 1/ln 2 and 1/ln 10: the nearest f32 and the remainder's
const LOG2E_HI32: f32 = f32::from_bits(0x3fb8_aa3b);
const LOG2E_LO32: f32 = f32::from_bits(0x32a5_7060);
const LOG10E_HI32: f32 = f32::from_bits(0x3ede_5bd9);
const LOG10E_LO32: f32 = f32::from_bits(0xb22d_91af);

/// `log x` of a positive normal `f32` in `f32` arithmetic (FMA levels; sixteen lanes to an
/// AVX-512 register): `(k, hi, lo)` with `log x = k ln 2 + hi + lo`, `|lo|` below 2^-22 of
/// `|hi|`, `hi + lo` within 2^-27 of `log(1 + f)`. The reduction is `log_reduce`'s; `f −
/// f²/2` is summed exactly (the square's error from `fma32`, the difference's from a fast
/// two-sum), so that only the caller's last addition rounds at the result's scale.
#[inline(always)]
fn log_parts32<M: Fma, const ESTRIN: bool>(x: f32) -> (f32, f32, f32) {
    let (k, f) = log_reduce32(x);
    log1p_parts32::<M, ESTRIN>(k, f)
}

/// `x = 2^k (1 + f)`, `1 + f` in [√½, √2), `f` exact: `(k, f)`.
#[inline(always)]
fn log_reduce32(x: f32) -> (i32, f32) {
    let ix = x.to_bits().wrapping_sub(0x3f35_04f3); // √½
    let k = (ix as i32) >> 23;
    (
        k,
        f32::from_bits(x.to_bits().wrapping_sub((k as u32) << 23)) - 1.0,
    )
}

/// `(k, hi, lo)` with `k ln 2 + hi + lo = k ln 2 + log(1 + f)`, as [`log_parts32`]. The
/// polynomial by Estrin's scheme where that measured faster (`log10`, `log1p` and the
/// kernels built on it: 5–10 % at AVX2, whose loops were bound by the chain's latency),
/// by Horner's elsewhere (`log2` measured 8 % slower with Estrin's, `log` the same).
#[inline(always)]
fn log1p_parts32<M: Fma, const ESTRIN: bool>(k: i32, f: f32) -> (f32, f32, f32) {
    let hf = 0.5 * f;
    let h = hf * f;
    let hl = M::fma32(hf, f, -h);
    let f2 = f * f;
    let q = if ESTRIN {
        estrin9::<M>(f, f2, &Q32N)
    } else {
        horner::<M, _, 9>(f, &Q32N)
    };
    let t = f2 * f * q;
    let (s, e) = fast_two_sum(f, -h); // |f| ≥ |h|
    (k as f32, s, e + (t - hl))
}

/// `p[0] + p[1] f + … + p[8] f^8` by Estrin's scheme (`f2 = f²`): four levels of FMA
/// rather than Horner's eight, so that the kernels that end in this polynomial are not
/// bound by its latency (out-of-order execution overlaps fewer elements than a long chain
/// needs). Its terms are below 7 % of `log(1 + f)`, so its rounding order does not show.
#[inline(always)]
fn estrin9<M: Fma>(f: f32, f2: f32, p: &[f32; 9]) -> f32 {
    let p01 = M::fma32(p[1], f, p[0]);
    let p23 = M::fma32(p[3], f, p[2]);
    let p45 = M::fma32(p[5], f, p[4]);
    let p67 = M::fma32(p[7], f, p[6]);
    let f4 = f2 * f2;
    let lo = M::fma32(p23, f2, p01);
    let hi = M::fma32(p67, f2, p45);
    M::fma32(f4, M::fma32(f4, p[8], hi), lo)
}

/// Whether an `f32` is positive, normal and finite (`log_parts32`'s domain).
#[inline(always)]
fn positive_normal(x: f32) -> bool {
    x >= f32::MIN_POSITIVE && x <= f32::MAX
}

/// The logarithm of a positive subnormal `f32` times `scale` (1, log2 e, log10 e), for the
/// `f32` logarithms' `edge` (their fast paths take normal inputs): the subnormal as its bits
/// times 2^-149, exact and normal in `f64` (read as an integer: arithmetic on subnormals
/// costs FPU assists), through `log_core` (to 2^-37), rounded once; 0.5 + 2^-13 ULP.
/// `(_, false)` for every other input. 1 M subnormals took 30-34 ms through libm lane by
/// lane (numpy 0.3-0.6).
#[inline(always)]
fn subnormal_edge32<M: Fma>(x: f32, scale: f64) -> (f32, bool) {
    const TWO_M149: f64 = f64::from_bits((1023 - 149) << 52);
    let b = x.to_bits();
    let sub = b.wrapping_sub(1) < 0x007f_ffff;
    let xd = if sub { f64::from(b) * TWO_M149 } else { 1.0 };
    ((log_core::<M, 11>(xd, &Q32) * scale) as f32, sub)
}

/// A logarithm's `edge` for `f32`: subnormals ([`subnormal_edge32`]), then the pole's.
#[inline(always)]
fn log_edge32<M: Fma>(x: f32, scale: f64) -> (f32, bool) {
    let (v, sub) = subnormal_edge32::<M>(x, scale);
    let (p, known) = pole_edge(x, 0.0);
    (if sub { v } else { p }, sub || known)
}

const SQRT_HALF_BITS: u64 = 0x3fe6_a09e_667f_3bcd;

/// `(k, f)` with `x = 2^k (1 + f)`, `1 + f` in [√½, √2), for positive normal `x`.
#[inline(always)]
pub(crate) fn log_reduce(x: f64) -> (f64, f64) {
    let ix = x.to_bits().wrapping_sub(SQRT_HALF_BITS);
    let k = (ix as i64) >> 52;
    let m = f64::from_bits(x.to_bits().wrapping_sub((k as u64) << 52));
    (k as f64, m - 1.0)
}

/// `log(1 + a + b)` as a normalized pair `hi + lo` (to about 2^-60 of the value), for
/// `a > −1`, `1 + a < 2^1023 √2` and `b` a low part (|b| ≤ 2^-50 |a| or 2^-50).
#[inline(always)]
pub(crate) fn log1p_dd<M: Fma, const N: usize>(a: f64, b: f64, q: &[f64; N]) -> (f64, f64) {
    let u = 1.0 + a;
    // the exact error of `1 + a` (fast two-sum, the larger term first), plus `b`
    let (big, small) = if a.abs() > 1.0 { (a, 1.0) } else { (1.0, a) };
    let c = ((big - u) + small) + b;
    let ix = u.to_bits().wrapping_sub(SQRT_HALF_BITS);
    let ki = (ix as i64) >> 52;
    let f = f64::from_bits(u.to_bits().wrapping_sub((ki as u64) << 52)) - 1.0;
    // for k = 0, f is `a` itself (exact; `u − 1` cancels against `c` where `1 + a` rounds
    // across 1) and the correction is `b` alone
    let (f, c) = if ki == 0 { (a, b) } else { (f, c) };
    let k = ki as f64;
    // log(u + c) − log u ≈ c / u = c 2^-k / (1 + f); the series' error (f^5 / (1 + f),
    // under 0.9 %) is below 2^-60 of the result, c being below 2^-53 u
    let inv_2k = f64::from_bits(((1023 - ki) as u64) << 52);
    let dl = c * inv_2k * horner::<M, _, 5>(f, &[1.0, -1.0, 1.0, -1.0, 1.0]);
    // log(1 + f) = f − f²/2 + f³ Q(f), with f²/2 exact in two parts
    let (f2, f2l) = M::two_prod(f, f);
    let lo = M::fma(f2 * f, horner::<M, _, N>(f, q), M::fma(k, LN2_LO, dl));
    // |k ln 2| > |f| for k ≠ 0; |k ln 2 + f| > f²/2
    let (h, l) = fast_two_sum(k * LN2_HI, f);
    let (h, l2) = fast_two_sum(h, -0.5 * f2);
    fast_two_sum(h, M::fma(-0.5, f2l, l + l2) + lo)
}

/// `log x` for positive normal `x` (`q`: [`Q64`] or [`Q32`]).
#[inline(always)]
pub(crate) fn log_core<M: Fma, const N: usize>(x: f64, q: &[f64; N]) -> f64 {
    log_core_scaled::<M, N>(x, q, 0.0)
}

/// `log(x 2^dk)` for positive normal `x` and an integer `dk` with |k + dk| < 2^11 (`k ln 2`'s
/// high part stays exact): [`log_core`] with `dk` added to the exponent.
#[inline(always)]
fn log_core_scaled<M: Fma, const N: usize>(x: f64, q: &[f64; N], dk: f64) -> f64 {
    let (k, f) = log_reduce(x);
    let k = k + dk;
    let f2 = f * f;
    let hfsq = 0.5 * f2;
    let lo = M::fma(f2 * f, horner::<M, _, N>(f, q), k * LN2_LO);
    k * LN2_HI + (f - (hfsq - lo))
}

/// [`Unary::edge`] of a logarithm whose pole is at `pole` (`log`, `log2`, `log10`: 0;
/// `log1p`: −1): below it NaN, at it −∞, at ∞ ∞.
#[inline(always)]
fn pole_edge<T: crate::EdgeFloat>(x: T, pole: f32) -> (T, bool) {
    let p = T::from(pole);
    let v = if x < p {
        crate::invalid(x)
    } else if x == p {
        T::from(f32::NEG_INFINITY)
    } else {
        x
    };
    (v, x <= p || x == T::from(f32::INFINITY))
}

impl Unary<f64> for Log {
    #[inline(always)]
    fn fast<M: Fma>(x: f64) -> (f64, bool) {
        (
            log_core::<M, 19>(x, &Q64),
            x >= f64::MIN_POSITIVE && x <= f64::MAX,
        )
    }
    /// Subnormals, as the `f32` logarithms': `log(b 2^-1074)` for the bits `b` read as an
    /// integer (exact in `f64`), with −1074 added to the exponent (1 M subnormals took
    /// 33 ms through libm lane by lane; numpy 1.0); then the pole's values.
    #[inline(always)]
    fn edge<M: Fma>(x: f64) -> (f64, bool) {
        let b = x.to_bits();
        let sub = b.wrapping_sub(1) < 0x000f_ffff_ffff_ffff;
        let v = log_core_scaled::<M, 19>(if sub { b as f64 } else { 1.0 }, &Q64, -1074.0);
        let (p, known) = pole_edge(x, 0.0);
        (if sub { v } else { p }, sub || known)
    }
    fn exact(x: f64) -> f64 {
        x.ln()
    }
}

impl Unary<f32> for Log {
    #[inline(always)]
    fn fast<M: Fma>(x: f32) -> (f32, bool) {
        if M::FUSED {
            let (k, hi, lo) = log_parts32::<M, false>(x);
            let (u, c) = with_k_ln2::<M>(k, hi, lo);
            return (u + c, positive_normal(x));
        }
        // every positive finite f32, subnormals too, is a normal f64
        (
            log_core::<M, 11>(f64::from(x), &Q32) as f32,
            x > 0.0 && x <= f32::MAX,
        )
    }
    #[inline(always)]
    fn edge<M: Fma>(x: f32) -> (f32, bool) {
        log_edge32::<M>(x, 1.0)
    }
    fn exact(x: f32) -> f32 {
        x.ln()
    }
}

/// `log(1 + x)`, accurate near 0.
///
/// ```
/// # use std::mem::MaybeUninit;
/// let mut o = [MaybeUninit::uninit(); 2];
/// ivy_vecmath::map::<f64, ivy_vecmath::Log1p>(&[1e-20, -0.0], &mut o);
/// assert_eq!(unsafe { o[0].assume_init() }, 1e-20);
/// assert!(unsafe { o[1].assume_init() }.is_sign_negative());
/// ```
#[derive(Debug)]
pub enum Log1p {}

impl Unary<f64> for Log1p {
    #[inline(always)]
    fn fast<M: Fma>(x: f64) -> (f64, bool) {
        let (h, l) = log1p_dd::<M, 21>(x, 0.0, &QX64);
        // `h + l` loses the sign of −0
        (if x == 0.0 { x } else { h + l }, x > -1.0 && x < 1e308)
    }
    #[inline(always)]
    fn edge<M: Fma>(x: f64) -> (f64, bool) {
        pole_edge(x, -1.0)
    }
    fn exact(x: f64) -> f64 {
        x.ln_1p()
    }
}

impl Unary<f32> for Log1p {
    const INTERLEAVE: bool = true;
    #[inline(always)]
    fn fast<M: Fma>(x: f32) -> (f32, bool) {
        if M::FUSED {
            // (−0 as the low part: `c + −0` folds away)
            let y = log1p32::<M, false>(x, -0.0);
            // −0 keeps its sign
            return (if x == 0.0 { x } else { y }, x > -1.0 && x <= f32::MAX);
        }
        // `1 + x` is exact in f64 for |x| ≥ 2^-29; below, log1p(x) rounds to x in f32
        let xd = f64::from(x);
        let y = log_core::<M, 11>(1.0 + xd, &Q32) as f32;
        (
            if xd.abs() < 1.0 / (1u64 << 29) as f64 {
                x
            } else {
                y
            },
            x > -1.0 && x <= f32::MAX,
        )
    }
    #[inline(always)]
    fn edge<M: Fma>(x: f32) -> (f32, bool) {
        pole_edge(x, -1.0)
    }
    fn exact(x: f32) -> f32 {
        x.ln_1p()
    }
}

/// `log(1 + x + xl)` in `f32` arithmetic (FMA levels), for `x > −1` finite and `xl` a low
/// part (|xl| ≤ 2^-22 |x|, or 0): `u = 1 + x` rounded, `c` its exact error (fast two-sum,
/// the larger first) plus `xl`; for k = 0, f is x itself (exact) and the correction `xl`
/// alone, else log(u + c) = log u + c/u + …, with c/u = c 2^-k / (1 + f) from a short
/// series (c is below 2^-23 u). `hi + lo` of [`log1p_parts32`] and `k ln 2` are summed
/// with one rounding at the result's scale: 0.70 ULP (`log1p`'s sweep). `NONNEG` (for
/// `0 ≤ x < 2^100`: `acosh`, `atanh`) takes `c` from `max`/`min` rather than a branch on
/// |x| > 1, and `2^-k` without a clamp.
#[inline(always)]
pub(crate) fn log1p32<M: Fma, const NONNEG: bool>(x: f32, xl: f32) -> f32 {
    let u = 1.0 + x;
    let c = if NONNEG {
        (x.max(1.0) - u) + x.min(1.0)
    } else if x.abs() > 1.0 {
        (x - u) + 1.0
    } else {
        (1.0 - u) + x
    };
    let (k, f) = log_reduce32(u);
    let (f, c) = if k == 0 { (x, xl) } else { (f, c + xl) };
    let k2 = if NONNEG { k } else { k.clamp(-126, 127) };
    let inv_2k = f32::from_bits(((127 - k2) as u32) << 23);
    let dl = c * inv_2k * recip_1p::<M>(f);
    let (kf, hi, lo) = log1p_parts32::<M, true>(k, f);
    let (v, c) = with_k_ln2::<M>(kf, hi, lo + dl);
    v + c
}

/// `1/(1 + f)` to f⁴ (the series for the correction `c/(1 + f)`, `c` below 2^-23). The
/// callers compute it before the polynomial: placed after, `log1p` measured 30 % slower.
#[inline(always)]
fn recip_1p<M: Fma>(f: f32) -> f32 {
    M::fma32(M::fma32(f, -f, f), f, 1.0 - f)
}

/// `kf ln 2 + hi + lo` as `(v, c)`: `kf LN2_HI32 + hi` exact in two parts (|kf ln 2| ≥ |hi|
/// for kf ≠ 0), everything else in `c`, for one rounding at the result's scale.
#[inline(always)]
fn with_k_ln2<M: Fma>(kf: f32, hi: f32, lo: f32) -> (f32, f32) {
    let (v, ve) = fast_two_sum(kf * LN2_HI32, hi);
    (v, M::fma32(kf, LN2_LO32, ve + lo))
}

const TWO_M30F: f32 = f32::from_bits((127 - 30) << 23);

/// [`log1p32`] for `x` in [0, 1] (`softplus` and `logaddexp`, where `x = e^-d`) before its
/// last rounding, as `(v, c)` (|c| below 2^-21 of |v|, to about 0.2 ULP), the callers
/// adding it to another term with one rounding:
/// `1 + x` is in [1, 2], so `k` is 0 (`f = x`, exact) or 1 (`f = (1 + x)/2 − 1`, exact, and
/// the halved rounding error of `1 + x`, from a fast two-sum), without the general
/// reduction's integer steps, its clamp and its branch on |x| > 1.
#[inline(always)]
pub(crate) fn log1p32_unit_parts<M: Fma>(x: f32, xl: f32) -> (f32, f32) {
    let u = 1.0 + x;
    // k = 1 from √2 on, where `log_reduce32` changes k
    let big = u.to_bits() >= 0x3fb5_04f3;
    let f = if big { M::fma32(0.5, u, -1.0) } else { x };
    let c = if big {
        0.5 * (((1.0 - u) + x) + xl)
    } else {
        xl
    };
    // below 2^-30, log(1 + f) is f to 2^-31 of it: the series takes 0 instead, so that no
    // lane computes a subnormal f² or f³ (the callers' e^-d reaches 2^-86, and subnormal
    // results cost AMD's FPU an assist each: logaddexp over [−20, 20]² ran 1.4× slower)
    let fq = if f.abs() >= TWO_M30F { f } else { 0.0 };
    let dl = c * recip_1p::<M>(fq);
    let kf = if big { 1.0 } else { 0.0 };
    let (_, hi, lo) = log1p_parts32::<M, true>(0, fq);
    // hi for the lanes that took the series, f (exact) for the others
    with_k_ln2::<M>(kf, hi + (f - fq), lo + dl)
}

/// `log x` split as fdlibm's `e_log2.c`/`e_log10.c` do: `(k, hi, lo)` with
/// `log x = k ln 2 + hi + lo`, `hi` holding 21 bits (so that its products with the 32-bit
/// high parts of `1/ln 2`, `1/ln 10` are exact); unlike fdlibm, `f²/2` is exact in two parts
/// (its rounding is 0.25 ULP of `log2` near √2). For positive finite `x`, subnormals
/// scaled by 2^54 first.
#[inline(always)]
fn log_hi_lo<M: Fma>(x: f64) -> (f64, f64, f64) {
    let sub = x < f64::MIN_POSITIVE;
    let xs = if sub { x * TWO54 } else { x };
    let (k, f) = log_reduce(xs);
    let k = if sub { k - 54.0 } else { k };
    let (f2, f2l) = M::two_prod(f, f);
    let hfsq = 0.5 * f2;
    let hi = f64::from_bits((f - hfsq).to_bits() & 0xffff_ffff_0000_0000);
    let lo = M::fma(
        f2 * f,
        horner::<M, _, 21>(f, &QX64),
        M::fma(-0.5, f2l, (f - hi) - hfsq),
    );
    (k, hi, lo)
}

const TWO54: f64 = 18_014_398_509_481_984.0;

// e_log2.c: 1/ln 2 = IVLN2HI + IVLN2LO, the high part with 33 significant bits
const IVLN2HI: f64 = 1.442_695_040_721_446_275_71e0; // 0x3ff71547_65200000
const IVLN2LO: f64 = 1.675_171_316_488_651_183_53e-10; // 0x3de705fc_2eefa200
                                                       // e_log10.c
const IVLN10HI: f64 = 4.342_944_818_781_688_809_39e-1; // 0x3fdbcb7b_15200000
const IVLN10LO: f64 = 2.508_294_671_164_527_522_98e-11; // 0x3dbb9438_ca9aadd5
const LOG10_2HI: f64 = 3.010_299_956_636_117_713_06e-1; // 0x3fd34413_509f6000
const LOG10_2LO: f64 = 3.694_239_077_158_930_786_16e-13; // 0x3d59fef3_11f12b36

/// `log(1 + f) − f + f²/2`'s `f32` evaluation: `log(1 + f)` in f64 with `Q32` (relative
/// error 2^-50), for positive normal `x` (every positive finite `f32`): `(k, log(1 + f))`.
#[inline(always)]
fn log1p_f_for_f32<M: Fma>(x: f64) -> (f64, f64) {
    let (k, f) = log_reduce(x);
    let f2 = f * f;
    (
        k,
        f + M::fma(f2 * f, horner::<M, _, 11>(f, &Q32), -0.5 * f2),
    )
}

/// The base-2 logarithm.
///
/// ```
/// # use std::mem::MaybeUninit;
/// let mut o = [MaybeUninit::uninit(); 2];
/// ivy_vecmath::map::<f64, ivy_vecmath::Log2>(&[1024.0, 0.125], &mut o);
/// assert_eq!(unsafe { o[0].assume_init() }, 10.0);
/// assert_eq!(unsafe { o[1].assume_init() }, -3.0);
/// ```
#[derive(Debug)]
pub enum Log2 {}

impl Unary<f64> for Log2 {
    #[inline(always)]
    fn fast<M: Fma>(x: f64) -> (f64, bool) {
        let (k, hi, lo) = log_hi_lo::<M>(x);
        let val_hi = hi * IVLN2HI;
        let val_lo = M::fma(lo + hi, IVLN2LO, lo * IVLN2HI);
        let w = k + val_hi;
        let val_lo = val_lo + ((k - w) + val_hi);
        (val_lo + w, x > 0.0 && x <= f64::MAX)
    }
    #[inline(always)]
    fn edge<M: Fma>(x: f64) -> (f64, bool) {
        pole_edge(x, 0.0)
    }
    fn exact(x: f64) -> f64 {
        x.log2()
    }
}

impl Unary<f32> for Log2 {
    #[inline(always)]
    fn fast<M: Fma>(x: f32) -> (f32, bool) {
        if M::FUSED {
            let (k, hi, lo) = log_parts32::<M, false>(x);
            // (hi + lo) / ln 2 = p + pe + …, the product's error exact; |k| ≥ 1 > |p|
            let p = hi * LOG2E_HI32;
            let pe = M::fma32(hi, LOG2E_HI32, -p);
            let (u, ue) = fast_two_sum(k, p);
            let c = M::fma32(hi, LOG2E_LO32, M::fma32(lo, LOG2E_HI32, ue + pe));
            return (u + c, positive_normal(x));
        }
        let (k, l) = log1p_f_for_f32::<M>(f64::from(x));
        (
            M::fma(l, std::f64::consts::LOG2_E, k) as f32,
            x > 0.0 && x <= f32::MAX,
        )
    }
    #[inline(always)]
    fn edge<M: Fma>(x: f32) -> (f32, bool) {
        log_edge32::<M>(x, std::f64::consts::LOG2_E)
    }
    fn exact(x: f32) -> f32 {
        x.log2()
    }
}

/// The base-10 logarithm.
///
/// ```
/// # use std::mem::MaybeUninit;
/// let mut o = [MaybeUninit::uninit(); 2];
/// ivy_vecmath::map::<f32, ivy_vecmath::Log10>(&[1000.0, 1.0], &mut o);
/// assert_eq!(unsafe { o[0].assume_init() }, 3.0);
/// assert_eq!(unsafe { o[1].assume_init() }, 0.0);
/// ```
#[derive(Debug)]
pub enum Log10 {}

impl Unary<f64> for Log10 {
    #[inline(always)]
    fn fast<M: Fma>(x: f64) -> (f64, bool) {
        let (k, hi, lo) = log_hi_lo::<M>(x);
        let val_hi = hi * IVLN10HI;
        let y = k * LOG10_2HI; // exact: LOG10_2HI has 33 bits, |k| < 2^11
        let val_lo = M::fma(lo + hi, IVLN10LO, M::fma(lo, IVLN10HI, k * LOG10_2LO));
        let w = y + val_hi;
        let val_lo = val_lo + ((y - w) + val_hi);
        (val_lo + w, x > 0.0 && x <= f64::MAX)
    }
    #[inline(always)]
    fn edge<M: Fma>(x: f64) -> (f64, bool) {
        pole_edge(x, 0.0)
    }
    fn exact(x: f64) -> f64 {
        x.log10()
    }
}

impl Unary<f32> for Log10 {
    const INTERLEAVE: bool = true;
    #[inline(always)]
    fn fast<M: Fma>(x: f32) -> (f32, bool) {
        if M::FUSED {
            let (k, hi, lo) = log_parts32::<M, true>(x);
            // k log10(2) (exact high part) + (hi + lo) log10(e); |k log10 2| > |p| for k ≠ 0
            let p = hi * LOG10E_HI32;
            let pe = M::fma32(hi, LOG10E_HI32, -p);
            let (u, ue) = fast_two_sum(k * LOG10_2HI32, p);
            let c = M::fma32(hi, LOG10E_LO32, M::fma32(lo, LOG10E_HI32, ue + pe));
            return (u + M::fma32(k, LOG10_2LO32, c), positive_normal(x));
        }
        let (k, l) = log1p_f_for_f32::<M>(f64::from(x));
        (
            M::fma(l, std::f64::consts::LOG10_E, k * std::f64::consts::LOG10_2) as f32,
            x > 0.0 && x <= f32::MAX,
        )
    }
    #[inline(always)]
    fn edge<M: Fma>(x: f32) -> (f32, bool) {
        log_edge32::<M>(x, std::f64::consts::LOG10_E)
    }
    fn exact(x: f32) -> f32 {
        x.log10()
    }
}
