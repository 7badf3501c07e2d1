//! `floor`, `ceil`, `trunc` and `round` (ties to even), bit-exact with `std`'s at every
//! level and for every input.
//!
//! Without SSE4.1 (the x86-64 baseline) `f64::floor` is a library call per element. The
//! kernels use the classic round-to-integer trick instead: for `|x| < 2^52` (`f64`; 2^23
//! for `f32`), `(|x| + 2^52) - 2^52` is `|x|` rounded to the nearest integer, ties to even
//! (the default rounding mode), and one comparison corrects it to the wanted direction.
//! Larger magnitudes, infinities and NaN are integral already and pass through. The result
//! takes `x`'s sign, which is the sign each of the four functions gives (`floor(-0.0)` and
//! `ceil(-0.5)` are `-0.0`).

use crate::{Fma, Unary};

/// Rounds toward −∞.
///
/// ```
/// # use std::mem::MaybeUninit;
/// let mut o = [MaybeUninit::uninit(); 2];
/// ivy_vecmath::map::<f64, ivy_vecmath::Floor>(&[-0.5, 2.5], &mut o);
/// assert_eq!(unsafe { [o[0].assume_init(), o[1].assume_init()] }, [-1.0, 2.0]);
/// ```
#[derive(Debug)]
pub enum Floor {}
/// Rounds toward +∞.
///
/// ```
/// # use std::mem::MaybeUninit;
/// let mut o = [MaybeUninit::uninit()];
/// ivy_vecmath::map::<f32, ivy_vecmath::Ceil>(&[-0.5], &mut o);
/// assert_eq!(unsafe { o[0].assume_init() }.to_bits(), (-0.0f32).to_bits());
/// ```
#[derive(Debug)]
pub enum Ceil {}
/// Rounds toward zero.
///
/// ```
/// # use std::mem::MaybeUninit;
/// let mut o = [MaybeUninit::uninit()];
/// ivy_vecmath::map::<f64, ivy_vecmath::Trunc>(&[-2.7], &mut o);
/// assert_eq!(unsafe { o[0].assume_init() }, -2.0);
/// ```
#[derive(Debug)]
pub enum Trunc {}
/// Rounds to the nearest integer, ties to even (numpy's `round`, `f64::round_ties_even`).
///
/// ```
/// # use std::mem::MaybeUninit;
/// let mut o = [MaybeUninit::uninit(); 2];
/// ivy_vecmath::map::<f32, ivy_vecmath::RoundEven>(&[2.5, -3.5], &mut o);
/// assert_eq!(unsafe { [o[0].assume_init(), o[1].assume_init()] }, [2.0, -4.0]);
/// ```
#[derive(Debug)]
pub enum RoundEven {}

/// One macro arm per kernel: `|x, a, t| expr` gives the rounded magnitude from `x`,
/// `a = |x|` and `t`, `a` rounded to the nearest integer (ties to even).
macro_rules! rounding {
    ($($k:ident: |$x:ident, $a:ident, $t:ident| $e:expr, $std:ident;)*) => {$(
        rounding!(@one $k, f64, 4_503_599_627_370_496.0, |$x, $a, $t| $e, $std);
        rounding!(@one $k, f32, 8_388_608.0, |$x, $a, $t| $e, $std);
    )*};
    (@one $k:ident, $t_:ty, $two_p:expr, |$x:ident, $a:ident, $t:ident| $e:expr, $std:ident) => {
        impl Unary<$t_> for $k {
            #[inline(always)]
            fn fast<M: Fma>($x: $t_) -> ($t_, bool) {
                let $a = $x.abs();
                let $t = ($a + $two_p) - $two_p;
                let r = <$t_>::copysign($e, $x);
                // |x| ≥ 2^52 (2^23), ±∞ and NaN are their own results
                (if $a < $two_p { r } else { $x }, true)
            }
            #[inline]
            fn exact(x: $t_) -> $t_ {
                x.$std()
            }
        }
    };
}

rounding! {
    // toward −∞: of the magnitude, down for positive x, up for negative x
    Floor: |x, a, t| if x.is_sign_negative() { t.up(t < a) } else { t.down(t > a) }, floor;
    Ceil: |x, a, t| if x.is_sign_negative() { t.down(t > a) } else { t.up(t < a) }, ceil;
    Trunc: |_x, a, t| t.down(t > a), trunc;
    RoundEven: |_x, _a, t| t, round_ties_even;
}

/// One step of a rounded magnitude, taken or not (branch-free).
trait Nudge: Sized {
    /// `self + 1` when `b`, else `self`.
    fn up(self, b: bool) -> Self;
    /// `self - 1` when `b`, else `self`.
    fn down(self, b: bool) -> Self;
}

macro_rules! nudge {
    ($($t:ty)*) => {$(
        impl Nudge for $t {
            #[inline(always)]
            fn up(self, b: bool) -> $t {
                self + <$t>::from(u8::from(b))
            }
            #[inline(always)]
            fn down(self, b: bool) -> $t {
                self - <$t>::from(u8::from(b))
            }
        }
    )*};
}
nudge!(f32 f64);
