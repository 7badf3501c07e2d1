//! Operators on `&Array`: `+ - * /` and unary `-` call the ops ([`add`](crate::add),
//! [`subtract`](crate::subtract), [`multiply`](crate::multiply), [`divide`](crate::divide),
//! [`negative`](crate::negative)) and return `Result<Array>`; scalars promote Ivy's way.
//!
//! # Which scalars, on which side
//!
//! * **Right of the array**: anything the ops take as an operand (`impl Into<Operand>`):
//!   another `&Array`, every Rust scalar type `Operand` converts (`f32`, `f64`, `i8`, `i16`,
//!   `i32`, `i64`, `u8`, `u16`, `u32`, `bool`) and [`Scalar`]. One generic impl, so the
//!   result's type is known however the scalar's type is inferred: `(&x + 2)?.dtype()`
//!   compiles.
//! * **Left of the array**: `i64`, `f64`, `bool` and [`Scalar`]. Rust needs one impl per
//!   left-hand type, and a second integer (or float) type there would make every unsuffixed
//!   literal ambiguous: `(2 * &x)?.dtype()` would stop compiling ("type annotations
//!   needed"). So an unsuffixed `2` or `2.0` on the left is an `i64` or `f64` (a Python
//!   `int` or `float`, which is what Ivy promotes by anyway), and a typed scalar of another
//!   type goes in as a [`Scalar`]: `Scalar::from(1u8) - &x`.
//!
//! ```
//! use ivy::prelude::*;
//! ivy::set_backend(Backend::Ndarray);
//! let x = ivy::asarray([1.0f32, 2.0])?;
//! assert_eq!((2 * &x)?.dtype(), Dtype::Float32); // an int scalar joins a float array
//! assert_eq!((&x + 2.0f32)?, ivy::asarray([3.0f32, 4.0])?);
//! assert_eq!((ivy::Scalar::from(1u8) - &x)?, ivy::asarray([0.0f32, -1.0])?);
//! assert_eq!((-&x)?, ivy::asarray([-1.0f32, -2.0])?);
//! # Ok::<(), ivy::Error>(())
//! ```

use crate::{Array, IntoOperand, Result, Scalar};
use std::ops::{Add, Div, Mul, Neg, Sub};

/// Generates, for each `Trait method => op`: `&Array op rhs` for every `rhs` the op takes,
/// and `lhs op &Array` for every left-hand type listed.
macro_rules! binops {
    (lhs: $lhs:tt; $($tr:ident $m:ident => $f:ident),* $(,)?) => {$(
        impl<'b, T: IntoOperand<'b>> $tr<T> for &Array {
            type Output = Result<Array>;
            #[inline]
            fn $m(self, rhs: T) -> Result<Array> {
                crate::$f(self, rhs)
            }
        }
        binops!(@lhs $tr $m $f; $lhs);
    )*};
    (@lhs $tr:ident $m:ident $f:ident; [$($lhs:ty),*]) => {$(
        impl $tr<&Array> for $lhs {
            type Output = Result<Array>;
            #[inline]
            fn $m(self, rhs: &Array) -> Result<Array> {
                crate::$f(self, rhs)
            }
        }
    )*};
}
binops!(
    lhs: [i64, f64, bool, Scalar];
    Add add => add,
    Sub sub => subtract,
    Mul mul => multiply,
    Div div => divide,
);

impl Neg for &Array {
    type Output = Result<Array>;
    #[inline]
    fn neg(self) -> Result<Array> {
        crate::negative(self)
    }
}
