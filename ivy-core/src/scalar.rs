//! Python-like scalars that mix with arrays.

use crate::dtype::Dtype;

/// A scalar operand: mixes with arrays following `promote_types_of_inputs`.
///
/// ```
/// use ivy_core::Scalar;
/// assert_eq!(Scalar::from(2), Scalar::Int(2));
/// assert_eq!(Scalar::from(0.5f32), Scalar::Float(0.5));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
// A whole word for the tag: with a one-byte tag a `bool` payload sits in bytes 1..8, and
// every move of a `Scalar` (or of an enum holding one, as `Operand`) copied those seven bytes
// as two overlapping 4-byte moves, which the CPU cannot forward from the stores before them
// (a stall of about a dozen cycles on each of a binary op's operands).
#[repr(u64)]
pub enum Scalar {
    /// A boolean.
    Bool(bool),
    /// An integer (Python `int`): `i128`, so every integer numpy takes (int64's and uint64's
    /// ranges, -2^63 to 2^64 - 1) is held exactly. Where it meets an array or a dtype, the
    /// value must fit the dtype (numpy 2's OverflowError).
    Int(i128),
    /// A float (Python `float`).
    Float(f64),
    /// A complex number (re, im).
    Complex(f64, f64),
}

/// An i128 beyond i64 as f64 (rounded to nearest): kept out of line, see [`Scalar::to_f64`].
#[cold]
#[inline(never)]
fn wide_to_f64(i: i128) -> f64 {
    i as f64
}

impl Scalar {
    /// The scalar as f64 (real part for complex, 0/1 for bool; an int rounded to nearest,
    /// ties to even).
    ///
    /// ```
    /// use ivy_core::Scalar;
    /// assert_eq!(Scalar::Int(-3).to_f64(), -3.0);
    /// assert_eq!(Scalar::Int((1 << 53) + 1).to_f64(), 9007199254740992.0); // a tie: to even
    /// assert_eq!(Scalar::Int(i128::MAX).to_f64(), 2f64.powi(127)); // beyond i64 too
    /// assert_eq!(Scalar::Int((1 << 80) + (1 << 28)).to_f64(), 2f64.powi(80) + 2f64.powi(28));
    /// assert_eq!(Scalar::Complex(1.5, 2.0).to_f64(), 1.5);
    /// ```
    pub fn to_f64(self) -> f64 {
        match self {
            Scalar::Bool(b) => b as u8 as f64,
            // through i64 where it fits: the same rounding, one instruction where
            // `i128 as f64` is a call (`__floattidf`, about 45 instructions). The wide case
            // is a cold call of its own: written inline, LLVM makes the cheap call
            // unconditionally and selects (both branches paid the libcall).
            Scalar::Int(i) => match i64::try_from(i) {
                Ok(i) => i as f64,
                Err(_) => wide_to_f64(i),
            },
            Scalar::Float(f) => f,
            Scalar::Complex(r, _) => r,
        }
    }

    /// Whether this scalar's value fits `dtype`'s kind, so an array of `dtype` keeps its dtype
    /// when combined with it (Ivy: int scalars join int/float arrays, float scalars join
    /// float arrays, …).
    pub fn joins(self, dtype: Dtype) -> bool {
        match self {
            Scalar::Bool(_) => true,
            Scalar::Int(_) => !dtype.is_bool(),
            Scalar::Float(_) => dtype.is_float() || dtype.is_complex(),
            Scalar::Complex(..) => dtype.is_complex(),
        }
    }
}

macro_rules! from_scalar {
    ($($t:ty => $v:ident as $c:ty),*) => {$(
        impl From<$t> for Scalar {
            fn from(x: $t) -> Scalar { Scalar::$v(x as $c) }
        }
    )*};
}
from_scalar!(i8 => Int as i128, i16 => Int as i128, i32 => Int as i128, i64 => Int as i128,
    u8 => Int as i128, u16 => Int as i128, u32 => Int as i128, u64 => Int as i128,
    isize => Int as i128, usize => Int as i128, f32 => Float as f64, f64 => Float as f64);

impl From<bool> for Scalar {
    fn from(x: bool) -> Scalar {
        Scalar::Bool(x)
    }
}
