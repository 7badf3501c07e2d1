//! `log`: `x = 2^k m`, m in [√½, √2), `f = m − 1`, `log(1 + f) = f − f²/2 + f³ Q(f)`
//! (division-free: `Q` is a Chebyshev fit, mpmath, `scripts/vecmath_coeffs.py`, degree 18
//! for `f64`, relative error 2^-54.5, and 10 for `f32`, 2^-33.5, computed in `f64`), summed
//! as fdlibm's `e_log.c` does with `k ln 2` in two parts.

use crate::exp::{LN2_HI, LN2_LO};
use crate::{horner, Fma, Unary};

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
const SQRT_HALF_BITS: u64 = 0x3fe6_a09e_667f_3bcd;

/// `(k, f)` with `x = 2^k (1 + f)`, `1 + f` in [√½, √2), for positive normal `x`.
#[inline(always)]
pub(crate) fn log_reduce(x: f64) -> (f64, f64) {
    let ix = x.to_bits().wrapping_sub(SQRT_HALF_BITS);
    let k = (ix as i64) >> 52;
    let m = f64::from_bits(x.to_bits().wrapping_sub((k as u64) << 52));
    (k as f64, m - 1.0)
}

/// `log x` for positive normal `x` (`q`: [`Q64`] or [`Q32`]).
#[inline(always)]
pub(crate) fn log_core<M: Fma, const N: usize>(x: f64, q: &[f64; N]) -> f64 {
    let (k, f) = log_reduce(x);
    let f2 = f * f;
    let hfsq = 0.5 * f2;
    let lo = M::fma(f2 * f, horner::<M, N>(f, q), k * LN2_LO);
    k * LN2_HI + (f - (hfsq - lo))
}

impl Unary<f64> for Log {
    #[inline(always)]
    fn fast<M: Fma>(x: f64) -> (f64, bool) {
        (
            log_core::<M, 19>(x, &Q64),
            x >= f64::MIN_POSITIVE && x <= f64::MAX,
        )
    }
    fn exact(x: f64) -> f64 {
        x.ln()
    }
}

impl Unary<f32> for Log {
    #[inline(always)]
    fn fast<M: Fma>(x: f32) -> (f32, bool) {
        // every positive finite f32, subnormals too, is a normal f64
        (
            log_core::<M, 11>(f64::from(x), &Q32) as f32,
            x > 0.0 && x <= f32::MAX,
        )
    }
    fn exact(x: f32) -> f32 {
        x.ln()
    }
}
