//! `maximum`, `minimum`: NaN from either side (numpy's, the standard's), else the larger
//! (smaller) value, the first of two equal ones (so `max(0.0, −0.0)` is `0.0` and
//! `max(−0.0, 0.0)` is `−0.0`, as ivy's own loops give): a compare and a select a lane, for
//! element-wise calls ([`crate::zip`]) and for folds ([`crate::fold`]).

use crate::{Binary, Fma};

/// The larger of two values, NaN if either is NaN.
///
/// ```
/// # use std::mem::MaybeUninit;
/// let mut o = [MaybeUninit::uninit(); 2];
/// ivy_vecmath::zip::<f32, ivy_vecmath::Maximum>(&[1.0, f32::NAN], &[2.0, 0.0], &mut o);
/// assert_eq!(unsafe { o[0].assume_init() }, 2.0);
/// assert!(unsafe { o[1].assume_init() }.is_nan());
/// ```
#[derive(Debug)]
pub enum Maximum {}

/// The smaller of two values, NaN if either is NaN.
///
/// ```
/// assert_eq!(ivy_vecmath::fold::<f32, ivy_vecmath::Minimum>(&[3.0, -2.0]), Some(-2.0));
/// ```
#[derive(Debug)]
pub enum Minimum {}

/// `$K` for each float type: `a` where `a $cmp b` or `a` is NaN, else `b` (NaN `b` too).
macro_rules! extreme {
    ($K:ident $cmp:tt: $($t:ty),*) => {$(
        impl Binary<$t> for $K {
            #[inline(always)]
            fn fast<M: Fma>(a: $t, b: $t) -> ($t, bool) {
                (Self::exact(a, b), true)
            }
            #[inline(always)]
            fn exact(a: $t, b: $t) -> $t {
                if a $cmp b || a.is_nan() { a } else { b }
            }
        }
    )*};
}
extreme!(Maximum >=: f32, f64);
extreme!(Minimum <=: f32, f64);
