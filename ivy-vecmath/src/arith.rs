//! `divide`: one IEEE division a lane (correctly rounded, so every level gives the scalar
//! loop's bits), for element-wise calls ([`crate::zip`]) at the run-time level: ivy-kernel is
//! built for the baseline target (SSE2), whose division is the one arithmetic op that is
//! compute-bound there (65 536 float32: 16.2 µs in ivy-kernel's loop, 10.8 µs here at
//! AVX-512; `add`, `subtract` and `multiply` measured no faster, so they keep the loop).

use crate::{Binary, Fma};

/// `a / b`.
///
/// ```
/// # use std::mem::MaybeUninit;
/// let mut o = [MaybeUninit::uninit(); 2];
/// ivy_vecmath::zip::<f32, ivy_vecmath::Divide>(&[1.0, -1.0], &[4.0, 0.0], &mut o);
/// assert_eq!(unsafe { o[0].assume_init() }, 0.25);
/// assert_eq!(unsafe { o[1].assume_init() }, f32::NEG_INFINITY);
/// ```
#[derive(Debug)]
pub enum Divide {}

/// `$K` as the operator `$op` for each float type.
macro_rules! arith {
    ($($K:ident $op:tt),*) => {$(
        impl Binary<f32> for $K {
            #[inline(always)]
            fn fast<M: Fma>(a: f32, b: f32) -> (f32, bool) {
                (a $op b, true)
            }
            #[inline(always)]
            fn exact(a: f32, b: f32) -> f32 {
                a $op b
            }
        }
        impl Binary<f64> for $K {
            #[inline(always)]
            fn fast<M: Fma>(a: f64, b: f64) -> (f64, bool) {
                (a $op b, true)
            }
            #[inline(always)]
            fn exact(a: f64, b: f64) -> f64 {
                a $op b
            }
        }
    )*};
}
arith!(Divide /);
