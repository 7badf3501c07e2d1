//! `exp`: `x = k ln 2 + r`, |r| ≤ ln 2 / 2 (Cody and Waite's two-part `ln 2`, fdlibm's
//! constants), `e^r = 1 + r + r² P(r)`, times `2^k` built in the exponent bits.
//! `P` is a Chebyshev fit (mpmath; `scripts/vecmath_coeffs.py`), degree 9 for `f64`
//! (relative error 2^-55.7) and 5 for `f32` (2^-32, computed in `f64`, rounded once).

use crate::{horner, shifted_int, Fma, Unary, SHIFT};

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
    let er = 1.0 + M::fma(r * r, horner::<M, N>(r, p), r);
    let scale = f64::from_bits(shifted_int(t).wrapping_add(1023) << 52);
    er * scale
}

impl Unary<f64> for Exp {
    #[inline(always)]
    fn fast<M: Fma>(x: f64) -> (f64, bool) {
        // |k| ≤ 1021: `2^k` and the result are normal
        (exp_core::<M, 10>(x, &P64), x.abs() <= 708.0)
    }
    fn exact(x: f64) -> f64 {
        x.exp()
    }
}

impl Unary<f32> for Exp {
    #[inline(always)]
    fn fast<M: Fma>(x: f32) -> (f32, bool) {
        // k in [-151, 129]: `2^k` is a normal f64; results below f32's normal range
        // (subnormal or 0) and above it (∞) are rounded once, by the cast
        let x = f64::from(x);
        (exp_core::<M, 6>(x, &P32) as f32, x > -104.0 && x < 89.0)
    }
    fn exact(x: f32) -> f32 {
        x.exp()
    }
}
