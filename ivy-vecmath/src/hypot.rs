//! `hypot`: the squares exact in two parts (`Fma::two_prod`), summed with their error
//! (two-sum), and the square root corrected by its exact residual (`√s ≈ r + (s − r²)/2r`,
//! the technique of glibc's 2.35 `hypot`, written here from the formula): one square root
//! and one division a lane, one final rounding. Operands beyond 2^±500 are scaled by
//! 2^∓600 first (exactly), so that every finite pair takes the fast path. `f32` does the
//! same in `f32` arithmetic at the FMA levels (sixteen lanes a register; scaled by 2^∓70
//! beyond 2^±50), and elsewhere sums the exact squares in `f64` and rounds the square root
//! once.

use crate::{fast_two_sum, two_sum, Binary, Fma};

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

// f32 scaling: powers of two that keep the squares of the larger operand, and their
// errors down to 2^-48 of them, normal
const TWO50F: f32 = f32::from_bits((127 + 50) << 23);
const TWO_M50F: f32 = f32::from_bits((127 - 50) << 23);
const TWO90F: f32 = f32::from_bits((127 + 90) << 23);
const TWO_M90F: f32 = f32::from_bits((127 - 90) << 23);
const TWO70F: f32 = f32::from_bits((127 + 70) << 23);
const TWO_M70F: f32 = f32::from_bits((127 - 70) << 23);

/// `hypot` of `f32`s in `f32` arithmetic (FMA levels), as the `f64` kernel: exact squares
/// (FMA), their sum in two parts, the square root corrected by its exact residual (a
/// midpoint test instead of the division measured slower).
#[inline(always)]
fn hypot32<M: Fma>(a: f32, b: f32) -> f32 {
    let (x, y) = (a.abs(), b.abs());
    let (x, y) = if x >= y { (x, y) } else { (y, x) };
    let (sc, inv) = if x > TWO50F {
        (TWO_M70F, TWO70F)
    } else if x < TWO_M50F {
        (TWO90F, TWO_M90F)
    } else {
        (1.0, 1.0)
    };
    let (x, y) = (x * sc, y * sc);
    let p = x * x;
    let q = y * y;
    // p ≥ q: fast two-sum, then the products' errors
    let (sh, sl) = fast_two_sum(p, q);
    let sl = sl + (M::fma32(x, x, -p) + M::fma32(y, y, -q));
    let r = sh.sqrt();
    let res = M::fma32(-r, r, sh) + sl;
    (r + res / (2.0 * r.max(f32::MIN_POSITIVE))) * inv
}

impl Binary<f32> for Hypot {
    #[inline(always)]
    fn fast<M: Fma>(a: f32, b: f32) -> (f32, bool) {
        if M::FUSED {
            return (hypot32::<M>(a, b), a.is_finite() && b.is_finite());
        }
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
