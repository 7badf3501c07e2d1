//! `floor`, `ceil`, `trunc`, `round_ties_even`, bit for bit as std's, without `roundsd`
//! (SSE4.1, not in the x86-64 baseline, where std's `floor` is a library call): below 2^52
//! (2^23 for `f32`), `(|x| + 2^52) − 2^52` rounds |x| to an integer, ties to even, in the
//! default rounding mode; `floor`/`ceil`/`trunc` step that by one where it went the wrong
//! way, and every result takes `x`'s sign (so that `−0.5` gives `−0`, as std does). From
//! 2^52 on every float is an integer, returned as is (±∞ too). NaN lanes take std's
//! functions (for their exact bits). At the FMA levels (AVX2 and up, which imply SSE4.1) the
//! kernels are std's own functions, which LLVM lowers to `vroundps`/`vroundpd` there.

use crate::{Fma, Unary};

/// Rounding down (`f64::floor`).
///
/// ```
/// # use std::mem::MaybeUninit;
/// let mut o = [MaybeUninit::uninit(); 3];
/// ivy_vecmath::map::<f64, ivy_vecmath::Floor>(&[-0.5, 2.5, -0.0], &mut o);
/// let y: Vec<f64> = o.iter().map(|v| unsafe { v.assume_init() }).collect();
/// assert_eq!(y[..2], [-1.0, 2.0]);
/// assert!(y[2] == 0.0 && y[2].is_sign_negative());
/// ```
#[derive(Debug)]
pub enum Floor {}

/// Rounding up (`f64::ceil`).
///
/// ```
/// # use std::mem::MaybeUninit;
/// let mut o = [MaybeUninit::uninit(); 2];
/// ivy_vecmath::map::<f32, ivy_vecmath::Ceil>(&[-0.5, 2.5], &mut o);
/// let y: Vec<f32> = o.iter().map(|v| unsafe { v.assume_init() }).collect();
/// assert!(y[0] == 0.0 && y[0].is_sign_negative());
/// assert_eq!(y[1], 3.0);
/// ```
#[derive(Debug)]
pub enum Ceil {}

/// Rounding toward zero (`f64::trunc`).
///
/// ```
/// # use std::mem::MaybeUninit;
/// let mut o = [MaybeUninit::uninit(); 2];
/// ivy_vecmath::map::<f64, ivy_vecmath::Trunc>(&[-2.7, 1e300], &mut o);
/// let y: Vec<f64> = o.iter().map(|v| unsafe { v.assume_init() }).collect();
/// assert_eq!(y, [-2.0, 1e300]);
/// ```
#[derive(Debug)]
pub enum Trunc {}

/// Rounding to the nearest integer, ties to even (`f64::round_ties_even`, numpy's `round`).
///
/// ```
/// # use std::mem::MaybeUninit;
/// let mut o = [MaybeUninit::uninit(); 4];
/// ivy_vecmath::map::<f64, ivy_vecmath::RoundEven>(&[0.5, 1.5, 2.5, -2.5], &mut o);
/// let y: Vec<f64> = o.iter().map(|v| unsafe { v.assume_init() }).collect();
/// assert_eq!(y, [0.0, 2.0, 2.0, -2.0]);
/// ```
#[derive(Debug)]
pub enum RoundEven {}

/// Each kernel, for both types: `$r` is the nearest integer to `$x` (ties to even, with
/// `$x`'s sign), `$e` the result before taking `$x`'s sign.
macro_rules! rounding {
    ($($K:ident: |$r:ident, $x:pat_param| $e:expr, $std:ident;)*) => {$(
        impl Unary<f64> for $K {
            #[inline(always)]
            fn fast<M: Fma>(x: f64) -> (f64, bool) {
                if M::FUSED {
                    // the FMA levels have SSE4.1 (AVX2 implies it): std's function is one
                    // `vroundpd` there, itself bit for bit (NaN lanes still take the
                    // exact path, for std's NaN bits)
                    return (x.$std(), !x.is_nan());
                }
                const TWO52: f64 = 4_503_599_627_370_496.0;
                let a = x.abs();
                let $r = ((a + TWO52) - TWO52).copysign(x);
                let $x = x;
                let y = ($e).copysign(x);
                (if a < TWO52 { y } else { x }, !x.is_nan())
            }
            fn exact(x: f64) -> f64 {
                x.$std()
            }
        }
        impl Unary<f32> for $K {
            #[inline(always)]
            fn fast<M: Fma>(x: f32) -> (f32, bool) {
                if M::FUSED {
                    // the FMA levels have SSE4.1 (AVX2 implies it): std's function is one
                    // `vroundps` there, itself bit for bit (NaN lanes still take the
                    // exact path, for std's NaN bits)
                    return (x.$std(), !x.is_nan());
                }
                const TWO23: f32 = 8_388_608.0;
                let a = x.abs();
                let $r = ((a + TWO23) - TWO23).copysign(x);
                let $x = x;
                let y = ($e).copysign(x);
                (if a < TWO23 { y } else { x }, !x.is_nan())
            }
            fn exact(x: f32) -> f32 {
                x.$std()
            }
        }
    )*};
}

rounding! {
    Floor: |r, x| if r > x { r - 1.0 } else { r }, floor;
    Ceil: |r, x| if r < x { r + 1.0 } else { r }, ceil;
    Trunc: |r, x| if r.abs() > x.abs() { r.abs() - 1.0 } else { r.abs() }, trunc;
    RoundEven: |r, _x| r, round_ties_even;
}

/// The square root (`f64::sqrt`), correctly rounded at every level: IEEE's own
/// `sqrtps`/`sqrtpd` at the lane width of each level (std's scalar code is SSE2's), so the
/// kernel only widens the lanes.
///
/// ```
/// # use std::mem::MaybeUninit;
/// let mut o = [MaybeUninit::uninit(); 3];
/// ivy_vecmath::map::<f32, ivy_vecmath::Sqrt>(&[4.0, 2.0, -1.0], &mut o);
/// let y: Vec<f32> = o.iter().map(|v| unsafe { v.assume_init() }).collect();
/// assert_eq!(y[..2], [2.0, 2.0f32.sqrt()]);
/// assert!(y[2].is_nan());
/// ```
#[derive(Debug)]
pub enum Sqrt {}

macro_rules! sqrt_impls {
    ($($t:ty),*) => {$(
        impl Unary<$t> for Sqrt {
            #[inline(always)]
            fn fast<M: Fma>(x: $t) -> ($t, bool) {
                (x.sqrt(), !x.is_nan())
            }
            fn exact(x: $t) -> $t {
                x.sqrt()
            }
        }
    )*};
}
sqrt_impls!(f32, f64);
