//! `hypot`: the squares exact in two parts (`Fma::two_prod`), summed with their error
//! (two-sum), and the square root corrected by its exact residual (`√s ≈ r + (s − r²)/2r`,
//! the technique of glibc's 2.35 `hypot`, written here from the formula): one square root
//! and one division a lane, one final rounding. Operands beyond 2^±500 are scaled by
//! 2^∓600 first (exactly), so that every finite pair takes the fast path. `f32` sums the
//! exact squares in `f64` and rounds the square root once.

use crate::{two_sum, Binary, Fma};

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

const TWO500: f64 = f64::from_bits((1023 + 500) << 52);
const TWO_M500: f64 = f64::from_bits((1023 - 500) << 52);
const TWO600: f64 = f64::from_bits((1023 + 600) << 52);
const TWO_M600: f64 = f64::from_bits((1023 - 600) << 52);

impl Binary<f64> for Hypot {
    #[inline(always)]
    fn fast<M: Fma>(a: f64, b: f64) -> (f64, bool) {
        let (x, y) = (a.abs(), b.abs());
        let m = if x > y { x } else { y };
        // powers of two: exact, but for the smaller operand's bits below 2^-1074, which are
        // below 2^-900 of the larger one
        let (sc, inv) = if m > TWO500 {
            (TWO_M600, TWO600)
        } else if m < TWO_M500 {
            (TWO600, TWO_M600)
        } else {
            (1.0, 1.0)
        };
        let (x, y) = (x * sc, y * sc);
        let (p, pe) = M::two_prod(x, x);
        let (q, qe) = M::two_prod(y, y);
        let (sh, sl) = two_sum(p, q);
        let sl = sl + (pe + qe);
        let r = sh.sqrt();
        let (rr, rre) = M::two_prod(r, r);
        let corr = ((sh - rr) - rre + sl) / (2.0 * r.max(f64::MIN_POSITIVE));
        ((r + corr) * inv, a.is_finite() && b.is_finite())
    }
    fn exact(a: f64, b: f64) -> f64 {
        a.hypot(b)
    }
}

impl Binary<f32> for Hypot {
    #[inline(always)]
    fn fast<M: Fma>(a: f32, b: f32) -> (f32, bool) {
        let (x, y) = (f64::from(a), f64::from(b));
        // the squares are exact in f64; the sum and the root round at 2^-53
        (
            M::fma(x, x, y * y).sqrt() as f32,
            a.is_finite() && b.is_finite(),
        )
    }
    fn exact(a: f32, b: f32) -> f32 {
        a.hypot(b)
    }
}
