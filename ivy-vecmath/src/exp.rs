//! `exp`, `expm1`: `x = k ln 2 + r`, |r| ≤ ln 2 / 2 (Cody and Waite's two-part `ln 2`,
//! fdlibm's constants), `e^r = 1 + r + r² P(r)`, times `2^k` built in the exponent bits.
//! `P` is a Chebyshev fit (mpmath; `scripts/vecmath_coeffs.py`), degree 9 for `f64`
//! (relative error 2^-55.7) and 5 for `f32` (2^-32, computed in `f64`, rounded once).
//! `f32` `expm1` at the FMA levels is in `f32` arithmetic instead (sixteen lanes to an
//! AVX-512 register): `2^k − 1 + 2^k r` summed exactly, `r` and `r²` in two parts, and
//! the rest from a degree-5 `f32` fit (`EXPM1P32`), 0.81 ULP at most over every `f32`
//! input.
//!
//! `expm1` (and the kernels built on it: `sinh`, `cosh`, `tanh`, `softplus`, `logaddexp`)
//! keeps `r` in two parts, as fdlibm's `s_expm1.c` does, writes `e^r = 1 + r + r²/2 +
//! r³ P3(r)` (`P3` another fit, degree 9) with `r²` exact in two parts, and sums
//! `2^k − 1 + 2^k r + 2^k r²/2 + …` carrying the rounding errors (Dekker's two-sums), so
//! that only the final addition rounds to more than 2^-60 of the result: division-free,
//! unlike `s_expm1.c`.

use crate::log::{LN2_HI32, LN2_LO32};
use crate::{fast_two_sum, horner, shifted_int, two_sum, Fma, Unary, SHIFT};

/// `e^x`.
///
/// ```
/// # use std::mem::MaybeUninit;
/// let mut o = [MaybeUninit::uninit()];
/// ivy_vecmath::map::<f64, ivy_vecmath::Exp>(&[0.0], &mut o);
/// assert_eq!(unsafe { o[0].assume_init() }, 1.0);
/// ```
#[derive(Debug)]
pub enum Exp {}

// fdlibm (e_exp.c): ln 2 in two parts, the high one with 32 significant bits, so that
// `k * LN2_HI` is exact for |k| < 2^21.
pub(crate) const LN2_HI: f64 = 6.931_471_803_691_238_164_90e-1;
pub(crate) const LN2_LO: f64 = 1.908_214_929_270_587_700_02e-10;

pub(crate) const P64: [f64; 10] = [
    0.5000000000000001,
    0.16666666666666669,
    0.041666666666624164,
    0.008333333333330065,
    0.0013888888917196719,
    0.00019841269863040545,
    2.4801521322368692e-05,
    2.7557268480310024e-06,
    2.7620075879983367e-07,
    2.5100375832561234e-08,
];
/// `(e^r − 1 − r − r²/2) / r³` on [−ln 2/2, ln 2/2], degree 9 (relative error 2^-52.8):
/// the kernels that carry `r²/2` exactly (`expm1` and those built on `exp_dd`).
pub(crate) const P3_64: [f64; 10] = [
    0.16666666666666669,
    0.041666666666666664,
    0.008333333333330065,
    0.0013888888888886554,
    0.00019841269863040545,
    2.4801587317135164e-05,
    2.7557268480310024e-06,
    2.755728298405588e-07,
    2.5100375832561234e-08,
    2.091122972975856e-09,
];
pub(crate) const P32: [f64; 6] = [
    0.5000000013457727,
    0.16666666681614256,
    0.04166646500604005,
    0.008333310934448869,
    0.0013933641031986701,
    0.00019890980869750327,
];

/// `e^x` for `x` whose result is a normal `f64` and `|x| < 2^20` (`p`: [`P64`] or [`P32`]).
#[inline(always)]
pub(crate) fn exp_core<M: Fma, const N: usize>(x: f64, p: &[f64; N]) -> f64 {
    let t = M::fma(x, std::f64::consts::LOG2_E, SHIFT);
    let k = t - SHIFT;
    // exact without FMA too: `k * LN2_HI` is exact, and `x - k ln 2` by Sterbenz's lemma
    let r = M::fma(k, -LN2_HI, x);
    let r = M::fma(k, -LN2_LO, r);
    let er = 1.0 + M::fma(r * r, horner::<M, _, N>(r, p), r);
    let scale = f64::from_bits(shifted_int(t).wrapping_add(1023) << 52);
    er * scale
}

/// fdlibm's reduction kept in two parts: `(s, rh, rl)` with `x = k ln 2 + rh + rl`,
/// |rh| < 0.35, |rl| ≤ 2^-53 |rh|, and `s = 2^k` times `2^(E0 − 1023)` (`E0 = 1022`: half
/// of it), normal for `k + E0` in [1, 2046] (|x| ≤ 708 with `E0 = 1023`).
#[inline(always)]
pub(crate) fn exp_reduce<M: Fma, const E0: u64>(x: f64) -> (f64, f64, f64) {
    let t = M::fma(x, std::f64::consts::LOG2_E, SHIFT);
    let k = t - SHIFT;
    let hi = M::fma(k, -LN2_HI, x); // exact
    let rh = M::fma(k, -LN2_LO, hi);
    let rl = M::fma(k, -LN2_LO, hi - rh); // fdlibm's `c`
    let s = f64::from_bits(shifted_int(t).wrapping_add(E0) << 52);
    (s, rh, rl)
}

/// `(s, rh, q, ql, t3)` with `e^x 2^(E0 − 1023) = s (1 + rh + (q + ql)/2 + t3)`: `q + ql = rh²`
/// exactly, `t3 = rh³ P3(rh) + rl (1 + rh)` (|t3| < 0.008, to 2^-60 with [`P3_64`]), for
/// `x` where `s` is normal ([`exp_reduce`]).
#[inline(always)]
pub(crate) fn exp_parts<M: Fma, const E0: u64>(x: f64) -> (f64, f64, f64, f64, f64) {
    let (s, rh, rl) = exp_reduce::<M, E0>(x);
    let (q, ql) = M::two_prod(rh, rh);
    let t3 = M::fma(q * rh, horner::<M, _, 10>(rh, &P3_64), M::fma(rl, rh, rl));
    (s, rh, q, ql, t3)
}

/// `(e^x − 1) 2^(E0 − 1023)` as a normalized pair `hi + lo` (|lo| ≤ ulp(hi)/2; to about
/// 2^-60 of the value), for
/// |x| ≤ 708 (and up to 709.78 with `E0 = 1022`).
#[inline(always)]
pub(crate) fn expm1_dd<M: Fma, const E0: u64>(x: f64) -> (f64, f64) {
    let (s, rh, q, ql, t3) = exp_parts::<M, E0>(x);
    let one = f64::from_bits(E0 << 52);
    // 2^k − 1 in two parts (the low part is −1 for k > 53, 2^k for k < −53, else 0)
    let (tm, tlo) = two_sum(s, -one);
    // |2^k − 1| > |2^k rh| for k ≠ 0 (|rh| < 0.35), and 0 + rh is exact for k = 0; the
    // sum then exceeds 2^k rh²/2
    let (h, l) = fast_two_sum(tm, s * rh);
    let (h, l2) = fast_two_sum(h, 0.5 * s * q);
    fast_two_sum(h, M::fma(s, M::fma(0.5, ql, t3), tlo) + (l + l2))
}

/// `e^x 2^(E0 − 1023)` as a normalized pair `hi + lo` (to about 2^-60 of the value), for
/// `x` where `s` is normal ([`exp_reduce`]).
#[inline(always)]
pub(crate) fn exp_dd<M: Fma, const E0: u64>(x: f64) -> (f64, f64) {
    let (s, rh, q, ql, t3) = exp_parts::<M, E0>(x);
    let (h, l) = fast_two_sum(s, s * rh);
    let (h, l2) = fast_two_sum(h, 0.5 * s * q);
    fast_two_sum(h, M::fma(s, M::fma(0.5, ql, t3), l + l2))
}

/// `(e^r − 1 − r) / r²` on [−ln 2/2, ln 2/2] in `f32` coefficients, degree 4 (relative
/// error 2^-22.8 after rounding the coefficients, so 2^-26.8 of `w = r + r² P(r)`;
/// `scripts/vecmath_coeffs.py`, `EXP32N4`): for `tanh`, whose error in `e^b` is damped.
pub(crate) const EXP32N4: [f32; 5] = [
    0.5,
    0.166_665_78,
    0.041_666_556,
    0.008_363_173,
    0.001_392_617_6,
];

/// `1.5 · 2^23`, [`SHIFT`] for `f32`.
const SHIFT32: f32 = 12_582_912.0;

/// `1.5 · 2^23 + e`: adding it to `v` (|v| < 2^21) rounds `v` to an integer `k` and leaves
/// `k + e` in the low bits of the sum `t`, so that for `k + e` in [1, 254], [`pow2_32`]`(t)`
/// is `2^(k + e − 127)`, without an integer addition.
pub(crate) const fn shift32(e: u32) -> f32 {
    SHIFT32 + e as f32
}

/// `2^(k + e − 127)` from `t = v + shift32(e)` ([`shift32`]): `t`'s bits shifted into the
/// exponent field (the bits above `k + e` fall off).
#[inline(always)]
pub(crate) fn pow2_32(t: f32) -> f32 {
    f32::from_bits(t.to_bits() << 23)
}

/// The `f32` reduction of `e^b` (FMA levels): `(t, r, rl)` with `k` the nearest integer to
/// `b / ln 2`, [`pow2_32`]`(t)` = `2^(k + E − 127)` (for `k + E` in [1, 254]) and `r + rl`
/// = `b − k ln 2` to about 2^-50 (fdlibm's two-part `ln 2` of `e_logf.c`: `b − k LN2_HI32`
/// is exact, `r` rounds the rest and `rl` is its rounding error).
#[inline(always)]
pub(crate) fn exp32_reduce<M: Fma, const E: u32>(b: f32) -> (f32, f32, f32) {
    let t = M::fma32(b, std::f32::consts::LOG2_E, shift32(E));
    let k = t - shift32(E);
    let rh = M::fma32(k, -LN2_HI32, b);
    let r = M::fma32(k, -LN2_LO32, rh);
    (t, r, M::fma32(k, -LN2_LO32, rh - r))
}

/// `e^b` in `f32` arithmetic (FMA levels) as `(s, w)` with `e^b 2^(E − 127) = s (1 + w)`:
/// `s = 2^(k + E − 127)` (`k` the nearest integer to `b / ln 2`, `k + E` in [1, 254]),
/// `w = e^r − 1` for the reduced `r = b − k ln 2` (fdlibm's two-part `ln 2` of `e_logf.c`;
/// `b − k LN2_HI32` is exact), |w| < 0.42. `w` carries two roundings below 2^-26 each (of
/// `r` and of the last `fma`) and the fit's error (2^-26.8 with [`EXP32N4`]): `s (1 + w)`
/// is within about 2^-25 of `e^b 2^(E − 127)`, and the callers sum `s + s w` exactly
/// rather than rounding `1 + w`.
#[inline(always)]
pub(crate) fn exp32_parts<M: Fma, const E: u32, const N: usize>(
    b: f32,
    p: &[f32; N],
) -> (f32, f32) {
    let (t, r, _) = exp32_reduce::<M, E>(b);
    let w = M::fma32(r * r, horner::<M, _, N>(r, p), r);
    (pow2_32(t), w)
}

/// `e^b` in `f32` arithmetic (FMA levels) as a pair `(h, l)` (|l| ≤ ulp(h)/2) within about
/// 2^-28 of `e^b`, for `b` in [−80, 88] (`h` normal): `2^k (1 + r + c)` with `r + rl` the
/// two-part reduction ([`exp32_reduce`]), `c = r² P(r) + rl (1 + r)` with `r²` in two
/// parts and [`EXPM1P32`], and `1 + r` exact in two parts (fast two-sums), so that only
/// `c`'s terms round (at 2^-24 of `c` < 0.06). For `softplus` and `logaddexp`, whose
/// `log1p` takes the pair.
#[inline(always)]
pub(crate) fn exp32_pair<M: Fma>(b: f32) -> (f32, f32) {
    let (t, r, rl) = exp32_reduce::<M, 127>(b);
    let q = r * r;
    let qe = M::fma32(r, r, -q);
    let c = M::fma32(
        q,
        horner::<M, _, 6>(r, &EXPM1P32),
        M::fma32(qe, 0.5, M::fma32(rl, r, rl)),
    );
    let (a, ae) = fast_two_sum(1.0, r);
    let (h, l) = fast_two_sum(a, ae + c);
    let s = pow2_32(t);
    (s * h, s * l)
}

/// `e^x − 1` for an `f32` kernel, in `f64`: `2^k − 1 + 2^k (rh + rh² P(rh))` with `P32`,
/// relative error ≈ 2^-50, for |x| ≤ 708.
#[inline(always)]
pub(crate) fn expm1_for_f32<M: Fma>(x: f64) -> f64 {
    let (s, rh, _) = exp_reduce::<M, 1023>(x);
    let tail = rh * rh * horner::<M, _, 6>(rh, &P32);
    M::fma(s, rh + tail, s - 1.0)
}

impl Unary<f64> for Exp {
    #[inline(always)]
    fn fast<M: Fma>(x: f64) -> (f64, bool) {
        // |k| ≤ 1021: `2^k` and the result are normal
        (exp_core::<M, 10>(x, &P64), x.abs() <= 708.0)
    }
    /// Past overflow ∞, past underflow (below half the least subnormal) 0.
    #[inline(always)]
    fn edge<M: Fma>(x: f64) -> (f64, bool) {
        let big = x > 709.79;
        (if big { f64::INFINITY } else { 0.0 }, big || x < -745.2)
    }
    fn exact(x: f64) -> f64 {
        x.exp()
    }
}

impl Unary<f32> for Exp {
    const INTERLEAVE: bool = true;
    #[inline(always)]
    fn fast<M: Fma>(x: f32) -> (f32, bool) {
        if M::FUSED {
            // FMA levels, in f32 arithmetic (twice the lanes of f64): e^x = 2^k (1 + w), w =
            // e^(r + rl) − 1 = r + c, c = r² P(r) + rl (1 + r) (to rl², below 2^-52), with r
            // in two parts as `Expm1`'s (`e_logf.c`'s `ln 2`) and P = EXPM1P32 (2^-26.7).
            // Roundings: r + c (|w| < 0.42: 2^-26 of 1, a quarter ULP where 1 + w < 1), r²
            // and P's (about 2^-28), then the last FMA's half ULP. From |x| > 87 on (results
            // near f32's ends) and for NaN the lane takes the exact path
            let (t, r, rl) = exp32_reduce::<M, 127>(x);
            let c = M::fma32(r * r, horner::<M, _, 6>(r, &EXPM1P32), M::fma32(rl, r, rl));
            let s = pow2_32(t);
            return (M::fma32(s, r + c, s), x.abs() <= 87.0);
        }
        // k in [-151, 129]: `2^k` is a normal f64; results below f32's normal range
        // (subnormal or 0) and above it (∞) are rounded once, by the cast
        let x = f64::from(x);
        (exp_core::<M, 6>(x, &P32) as f32, x > -104.0 && x < 89.0)
    }
    /// Past overflow ∞, past underflow (below half the least subnormal) 0. Results in the
    /// subnormal range (−104 to −87) take `exact`, as in numpy (about 7 ms for 1 M of them,
    /// numpy's 6.3): computing them here, in `f64` for every declined lane, or in `f32` with
    /// a subnormal product (a microcode assist for its whole vector), made ∞, −∞ (a masked
    /// logit) and NaN 1.4-2.4x slower.
    #[inline(always)]
    fn edge<M: Fma>(x: f32) -> (f32, bool) {
        let big = x > 88.73;
        (if big { f32::INFINITY } else { 0.0 }, big || x < -104.0)
    }
    fn exact(x: f32) -> f32 {
        x.exp()
    }
}

/// `e^x − 1`, accurate near 0.
///
/// ```
/// # use std::mem::MaybeUninit;
/// let mut o = [MaybeUninit::uninit(); 2];
/// ivy_vecmath::map::<f64, ivy_vecmath::Expm1>(&[1e-20, 0.0], &mut o);
/// assert_eq!(unsafe { o[0].assume_init() }, 1e-20);
/// assert_eq!(unsafe { o[1].assume_init() }, 0.0);
/// ```
#[derive(Debug)]
pub enum Expm1 {}

impl Unary<f64> for Expm1 {
    const INTERLEAVE: bool = true;
    #[inline(always)]
    fn fast<M: Fma>(x: f64) -> (f64, bool) {
        // below −40 the result rounds to −1 (|e^x| < 2^-57); −∞ too
        let (h, l) = expm1_dd::<M, 1023>(x.max(-40.0));
        // `h + l` loses the sign of −0
        (if x == 0.0 { x } else { h + l }, x <= 708.0)
    }
    /// Past overflow ∞.
    #[inline(always)]
    fn edge<M: Fma>(x: f64) -> (f64, bool) {
        (f64::INFINITY, x > 709.79)
    }
    fn exact(x: f64) -> f64 {
        x.exp_m1()
    }
}

/// `(e^r − 1 − r) / r²` on [−ln 2/2, ln 2/2] in `f32` coefficients, degree 5 (relative
/// error 2^-26.7 after rounding, that of `1/6`; `scripts/vecmath_coeffs.py`, `EXPM1P32`):
/// `f32` `expm1` at the FMA levels.
const EXPM1P32: [f32; 6] = [
    0.5,
    0.166_666_67,
    0.041_666_467,
    0.008_333_310_5,
    0.001_393_364_2,
    0.000_198_909_81,
];

impl Unary<f32> for Expm1 {
    const INTERLEAVE: bool = true;
    #[inline(always)]
    fn fast<M: Fma>(x: f32) -> (f32, bool) {
        if M::FUSED {
            // e^x − 1 = (2^k − 1) + 2^k r + 2^k (e^r − 1 − r) in f32 arithmetic, r in two
            // parts (`e_logf.c`'s `ln 2`, as `exp32_parts`), the first two terms exact and
            // summed with their rounding error carried (`2^k − 1` in two parts by a fast
            // two-sum with −1, `n = 1 − 2^k`; `2^k r` exact, below |2^k − 1| but at k = 0,
            // where `n` is 0), and `r²` exact in two parts, so that only the polynomial's
            // terms and the last addition round. Below −18 the result rounds to −1 (x is
            // clamped there); at k = −25 and −26 (x below −16.98) `n`'s rounding drops 2^k,
            // which moves the result by at most 0.7 ULP of −1, where it rounds to −1 or
            // 2^-24 − 1. The result has x's sign (which keeps −0). From 88.3 (k = 128), and
            // for NaN, the exact path. An exhaustive scan of the f32 inputs: 0.81 ULP at
            // most (at 0.349, k = 1, where 2^k (e^r − 1 − r) is a quarter of the result)
            let xc = x.max(-18.0);
            let (t, r, rl) = exp32_reduce::<M, 127>(xc);
            // 2^k, k in [−26, 127]
            let s = pow2_32(t);
            let n = 1.0 - s;
            let p = s * r;
            let h = p - n;
            let l = p - (h + n);
            let nl = (n + s) - 1.0;
            // 2^k (e^(r + rl) − 1 − r) = 2^k (r² P(r) + rl (1 + r)), to rl² (below 2^-52),
            // with r² in two parts
            let q = r * r;
            let qe = M::fma32(r, r, -q);
            let lo = M::fma32(s, M::fma32(qe, 0.5, M::fma32(rl, r, rl)), l + nl);
            let y = h + M::fma32(s * q, horner::<M, _, 6>(r, &EXPM1P32), lo);
            return (y.copysign(x), x < 88.3);
        }
        // below −20 the result rounds to −1, above 89 to ∞
        let y = expm1_for_f32::<M>(f64::from(x).clamp(-20.0, 100.0)) as f32;
        (if x == 0.0 { x } else { y }, !x.is_nan())
    }
    /// Past overflow ∞.
    #[inline(always)]
    fn edge<M: Fma>(x: f32) -> (f32, bool) {
        (f32::INFINITY, x > 88.73)
    }
    fn exact(x: f32) -> f32 {
        x.exp_m1()
    }
}
