//! Operators on `&Array`: `+ - * /` and unary `-` call the ops and return `Result<Array>`.

use crate::{Array, Result};
use std::ops::{Add, Div, Mul, Neg, Sub};

macro_rules! binop {
    ($($tr:ident $m:ident => $f:ident),*) => {$(
        impl $tr<&Array> for &Array {
            type Output = Result<Array>;
            #[inline]
            fn $m(self, rhs: &Array) -> Result<Array> { crate::$f(self, rhs) }
        }
        impl $tr<f64> for &Array {
            type Output = Result<Array>;
            #[inline]
            fn $m(self, rhs: f64) -> Result<Array> { crate::$f(self, rhs) }
        }
        impl $tr<i64> for &Array {
            type Output = Result<Array>;
            #[inline]
            fn $m(self, rhs: i64) -> Result<Array> { crate::$f(self, rhs) }
        }
        impl $tr<&Array> for f64 {
            type Output = Result<Array>;
            #[inline]
            fn $m(self, rhs: &Array) -> Result<Array> { crate::$f(self, rhs) }
        }
    )*};
}
binop!(Add add => add, Sub sub => subtract, Mul mul => multiply, Div div => divide);

impl Neg for &Array {
    type Output = Result<Array>;
    #[inline]
    fn neg(self) -> Result<Array> {
        crate::negative(self)
    }
}
