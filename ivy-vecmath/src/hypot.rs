//! `hypot`: the squares exact in two parts (`Fma::two_prod`), summed with their error
//! (two-sum), and the square root corrected by its exact residual (`√s ≈ r + (s − r²)/2r`,
//! the technique of glibc's 2.35 `hypot`, written here from the formula): one square root a
//! lane and no division (`1/2r` to the few bits the correction needs, from a bit trick and
//! a Newton step), one final rounding. Operands beyond about 2^±480 take the exact
//! path (libm's `hypot`) rather than a scaling on every lane. `f32` sums the exact squares
//! in `f64`, rounds the sum to `f32` and takes its `f32` square root (0.86 ULP at most; a
//! root in `f32` arithmetic corrected by its residual, as the `f64` kernel, was 1.6× slower
//! at AVX2).

use crate::{recip_approx, two_sum, Binary, Fma};

/// `√(a² + b²)` without undue overflow or underflow.
///
/// ```
/// # use std::mem::MaybeUninit;
/// let mut o = [MaybeUninit::uninit(); 2];
/// ivy_vecmath::zip::<f64, ivy_vecmath::Hypot>(&[3.0, 1e300], &[-4.0, 1e300], &mut o);
/// assert_eq!(unsafe { o[0].assume_init() }, 5.0);
/// assert_eq!(unsafe { o[1].assume_init() }, 1e300 * std::f64::consts::SQRT_2);
/// ```
#[derive(Debug)]
pub enum Hypot {}

const TWO1000: f64 = f64::from_bits((1023 + 1000) << 52);
const TWO_M960: f64 = f64::from_bits((1023 - 960) << 52);

impl Binary<f64> for Hypot {
    #[inline(always)]
    fn fast<M: Fma>(a: f64, b: f64) -> (f64, bool) {
        // no scaling and no ordering (the two-sum takes either order): sums in [2^-960,
        // 2^1000] keep the squares finite and the larger one's error normal (the smaller
        // one's, where subnormal, is below 2^-62 of the sum); outside, and for infinities
        // and NaN, the exact path
        let (p, pe) = M::two_prod(a, a);
        let (q, qe) = M::two_prod(b, b);
        let (sh, sl) = two_sum(p, q);
        let sl = sl + (pe + qe);
        let r = sh.sqrt();
        let (rr, rre) = M::two_prod(r, r);
        // the correction is below an ULP of r, so 1/2r to 2^-8.6 suffices (0.003 ULP)
        let corr = ((sh - rr) - rre + sl) * recip_approx::<M>(2.0 * r);
        (r + corr, sh >= TWO_M960 && sh <= TWO1000)
    }
    #[inline(always)]
    fn edge<M: Fma>(a: f64, b: f64) -> (f64, bool) {
        crate::hypot_edge(a, b)
    }
    fn exact(a: f64, b: f64) -> f64 {
        a.hypot(b)
    }
}

impl Binary<f32> for Hypot {
    #[inline(always)]
    fn fast<M: Fma>(a: f32, b: f32) -> (f32, bool) {
        // the squares are exact in f64 and their sum rounds once (2^-53); rounded to f32
        // (relative error 2^-24 at most), whose IEEE square root halves that error: at most
        // 0.36 ULP of the result (where `s` starts an odd binade), plus the root's rounding,
        // 0.86 ULP in all, with no scaling (f32's squares never overflow f64) and no
        // division. Sums rounding outside f32's normal range (results beyond about 2^±63)
        // take the exact path, as do infinities and NaN
        let (x, y) = (f64::from(a), f64::from(b));
        let s = M::fma(x, x, y * y) as f32;
        (s.sqrt(), s >= f32::MIN_POSITIVE && s <= f32::MAX)
    }
    #[inline(always)]
    fn edge<M: Fma>(a: f32, b: f32) -> (f32, bool) {
        crate::hypot_edge(a, b)
    }
    fn exact(a: f32, b: f32) -> f32 {
        a.hypot(b)
    }
}
