//! Operators on `&Array`: `+ - * / %`, `& | ^ << >>`, unary `-` and `!` call the ops and
//! return `Result<Array>`; scalars promote Ivy's way.
//!
//! | operator | op |
//! |---|---|
//! | `a + b`, `a - b`, `a * b`, `a / b` | [`add`](crate::add), [`subtract`](crate::subtract), [`multiply`](crate::multiply), [`divide`](crate::divide) (true division) |
//! | `a % b` | [`remainder`](crate::remainder) (Python's: the sign of `b`) |
//! | `a & b`, `a \| b`, `a ^ b` | [`bitwise_and`](crate::bitwise_and), [`bitwise_or`](crate::bitwise_or), [`bitwise_xor`](crate::bitwise_xor) (integers and bools) |
//! | `a << b`, `a >> b` | [`bitwise_left_shift`](crate::bitwise_left_shift), [`bitwise_right_shift`](crate::bitwise_right_shift) (integers) |
//! | `-a` | [`negative`](crate::negative) |
//! | `!a` | Ivy's `__invert__`: [`logical_not`](crate::logical_not) of a bool array, [`bitwise_invert`](crate::bitwise_invert) of any other (an integer array; a float or complex one is `bitwise_invert`'s `Error::UnsupportedDtype`) |
//!
//! An operator is its op: the same dtype (Ivy's promotion), the same values and the same
//! typed errors (`Error::Shape` for shapes that do not broadcast, `Error::UnsupportedDtype`
//! for `<<` on floats). No operator panics. The mapping is data too: [`OPERATORS`] lists
//! every operator, compound assignment and comparison method with the name of its op in
//! the registry (and the operator itself, as a function), which is what the test suite
//! checks each one against (`registry::call(op, ..)`, on both backends).
//!
//! # Which scalars, on which side
//!
//! * **Right of the array**: anything the ops take as an operand (`impl IntoOperand`, native arrays included):
//!   another `&Array`, every Rust scalar type `Operand` converts (`f32`, `f64`, the integers
//!   `i8` to `i64`, `isize`, `u8` to `u64` and `usize`, which a [`Scalar`]'s `i128` holds
//!   exactly, and `bool`; not `i128`, whose values no dtype holds) and [`Scalar`]. One generic impl,
//!   so the result's type is known however the scalar's type is inferred: `(&x + 2)?.dtype()`
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
//! assert_eq!((&x % 1.5)?, ivy::asarray([1.0f32, 0.5])?);
//!
//! let i = ivy::asarray([6i32, -3])?;
//! assert_eq!((&i & 3)?, ivy::asarray([2i32, 1])?);
//! assert_eq!((1 << &i)?, ivy::asarray([64i32, 0])?); // 0 for a negative shift (numpy)
//! assert_eq!((!&i)?, ivy::asarray([-7i32, 2])?);
//! let big = ivy::asarray([u64::MAX, 7])?; // uint64: a u64 beyond i64 is kept exactly
//! assert_eq!(ivy::floor_divide(&big, 2u64)?, ivy::asarray([u64::MAX / 2, 3])?);
//! assert_eq!((&i % 4usize)?, ivy::asarray([2i32, 1])?);
//! assert_eq!((!&ivy::asarray([true, false])?)?, ivy::asarray([false, true])?);
//! // no panic: the op's typed error
//! assert!(matches!(!&x, Err(ivy::Error::UnsupportedDtype { op: "bitwise_invert", .. })));
//! assert!(matches!(&x << 1, Err(ivy::Error::UnsupportedDtype { .. })));
//! # Ok::<(), ivy::Error>(())
//! ```
//!
//! # Compound assignment: methods, not `+=`
//!
//! Rust's `AddAssign` and its kin return `()`, so a fallible update could only report an
//! error by panicking; `&mut Array` therefore has no `+=`. [`Array::add_assign`] and its
//! kin (`sub_assign`, `mul_assign`, `div_assign`, `rem_assign`, `bitand_assign`,
//! `bitor_assign`, `bitxor_assign`, `shl_assign`, `shr_assign`) return `Result<()>`. They
//! follow Ivy's `out=`: `x.add_assign(y)` is `add_out(x, y, out = x)` — the result is
//! written into `x`, which keeps its shape (`y` must broadcast to it, else `Error::Shape`)
//! and its dtype (the result is cast into it, as every `out` is) — and on error `x` is
//! unchanged. The shape is checked first, before any work: an update wrong in two ways (a
//! `y` that does not broadcast to `x`, and a dtype the op lacks) reports `Error::Shape`,
//! where `add_out` reports the dtype.
//!
//! What allocates: when the promoted dtype is `x`'s own and the op computes that dtype
//! itself, the ndarray backend updates `x`'s buffer in place (no allocation for an array
//! `y` of `x`'s dtype; one small 0-d array for a scalar; a cast copy of `y` when it has
//! another dtype that promotes to `x`'s). Otherwise (candle, whose tensors are immutable
//! and are rebound; a promotion to another dtype; integers of `divide`, which computes in
//! floats; a dtype the op only takes under a casting mode) the result is computed in a new
//! array and written into `x`, as `op_out` does.
//!
//! ```
//! use ivy::prelude::*;
//! ivy::set_backend(Backend::Ndarray);
//! let mut x = ivy::asarray([1.0f32, 2.0])?;
//! x.add_assign(&ivy::asarray([0.5f32, 0.5])?)?; // in place
//! x.mul_assign(2)?;
//! assert_eq!(x, ivy::asarray([3.0f32, 5.0])?);
//! x.add_assign(0.25f64)?; // float32 stays float32
//! assert_eq!(x.dtype(), Dtype::Float32);
//! // a failed update leaves `x` as it was
//! assert!(matches!(x.add_assign(&ivy::asarray([1.0f32, 2.0, 3.0])?), Err(ivy::Error::Shape { .. })));
//! assert_eq!(x, ivy::asarray([3.25f32, 5.25])?);
//! # Ok::<(), ivy::Error>(())
//! ```
//!
//! # Comparisons
//!
//! Rust's `<` and `==` must return `bool`, so element-wise comparisons are methods:
//! [`Array::lt`], [`Array::le`], [`Array::gt`], [`Array::ge`] (short names of
//! [`less`](crate::less), [`less_equal`](crate::less_equal), [`greater`](crate::greater),
//! [`greater_equal`](crate::greater_equal)), and `equal` / `not_equal` of
//! [`ArrayElementwise`](crate::prelude::ArrayElementwise) (`eq` and `ne` are
//! [`PartialEq`]'s whole-array comparison, which gives a `bool`). Containers have the same
//! ops as methods (`c.less(&d)`, `c.remainder(2)`, `c.bitwise_and(&d)`, …), leaf by leaf.

use crate::engine::family;
use crate::engine::family::Kernels;
use crate::engine::support::ImplInfo;
use crate::engine::{
    checks::{backend_of, check_device},
    out::write_out,
};
use crate::functional::elementwise::ElementwiseBackend;
use crate::kernel::class;
use crate::kernel::class::Binary;
use crate::kernel::rows as kernels;
use crate::{Array, Container, IntoOperand, NestArg, Operand, Result, Scalar};
use ivy_core::Backend;
use std::ops::{Add, BitAnd, BitOr, BitXor, Div, Mul, Neg, Not, Rem, Shl, Shr, Sub};

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
    Rem rem => remainder,
    BitAnd bitand => bitwise_and,
    BitOr bitor => bitwise_or,
    BitXor bitxor => bitwise_xor,
    Shl shl => bitwise_left_shift,
    Shr shr => bitwise_right_shift,
);

impl Neg for &Array {
    type Output = Result<Array>;
    #[inline]
    fn neg(self) -> Result<Array> {
        crate::negative(self)
    }
}

impl Not for &Array {
    type Output = Result<Array>;
    /// Ivy's `__invert__`: logical NOT of a bool array, bitwise NOT of an integer array; a
    /// float or complex array is `bitwise_invert`'s `Error::UnsupportedDtype`.
    #[inline]
    fn not(self) -> Result<Array> {
        if self.dtype().is_bool() {
            crate::logical_not(self)
        } else {
            crate::bitwise_invert(self)
        }
    }
}

/// The in-place step of a compound assignment on backend `B`: `x = K(x, y)` through the
/// family ([`family::binary_in_place`]), when the call is one the op's dispatcher would
/// hand to that family unchanged: `x`'s dtype supported as it is (no casting mode), the
/// devices allowed, and the backend running the op through its kernel row (its support
/// constant `info` is the family's; a backend implementing the op itself states its own).
/// `Ok(false)`: not such a call, nothing done.
fn in_place<B: Kernels, K: Binary>(info: ImplInfo, x: &mut Array, y: &Array) -> Result<bool> {
    if !family_call::<B, K>(info, x.dtype(), &[&*x, y])? {
        return Ok(false);
    }
    family::binary_in_place::<B, K>(x, y).map(|()| true)
}

/// Whether the op's dispatcher would hand a call in dtype `d` to `K`'s family unchanged:
/// `d` supported as it is (no casting mode), the backend running the op through its kernel
/// row (its support constant `info` is the family's), and the devices of `arrays` allowed
/// (else the dispatcher's device error).
fn family_call<B: Kernels, K: class::Kernel>(
    info: ImplInfo,
    d: ivy_core::Dtype,
    arrays: &[&Array],
) -> Result<bool> {
    if B::INVALID.union(info.unsupported).contains(d) || info != family::info::<B, K>() {
        return Ok(false);
    }
    if info.has_device_specs() {
        for a in arrays {
            check_device(K::NAME, info, a.device(), d, B::BACKEND, B::VERSION_STR)?;
        }
    }
    Ok(true)
}

/// The in-place step of a unary op on backend `B`: `x = K(x)` through the family
/// ([`family::unary_in_place`]), on the same conditions as [`in_place`]: `Ok(false)`,
/// nothing done, when the op's dispatcher would not hand the call to the family unchanged,
/// when `K` changes the dtype, or when the backend cannot write `x` itself.
pub(crate) fn unary_in_place<B: Kernels, K: class::Unary>(
    info: ImplInfo,
    x: &mut Array,
) -> Result<bool> {
    if !family_call::<B, K>(info, x.dtype(), &[&*x])? {
        return Ok(false);
    }
    family::unary_in_place::<B, K>(x)
}

/// `op(x)` for an `x` the caller owns, in `x`'s own buffer where the backend can update it
/// (ndarray; [`unary_in_place`]'s conditions), else `op(&x)`: the same result either way.
/// What compositional bodies chain their steps with, so that a chain of element-wise ops
/// holds one temporary. `$f`: the op, `$row`: its kernel row, `$info`: its
/// `ElementwiseBackend` support constant.
macro_rules! map_owned {
    ($x:expr, $f:ident, $row:ident, $info:ident) => {{
        let mut x: $crate::Array = $x;
        let b = x.backend();
        let done = $crate::__dispatch!(b, __B => $crate::ops::unary_in_place::<__B, $crate::kernel::rows::$row>(
            <__B as $crate::functional::elementwise::ElementwiseBackend>::$info,
            &mut x,
        ))?;
        if done {
            Ok(x)
        } else {
            $crate::$f(&x)
        }
    }};
}
pub(crate) use map_owned;

/// `op(x, y)` for an `x` the caller owns ([`map_owned`]'s binary form): `x.op_assign(y)`
/// when the result has `x`'s dtype and shape (in place on ndarray), else `op(&x, y)`.
pub(crate) fn zip_owned<'b>(
    mut x: Array,
    y: &'b Array,
    op: fn(Operand<'_>, Operand<'_>) -> Result<Array>,
    assign_op: fn(&mut Array, &'b Array) -> Result<()>,
) -> Result<Array> {
    let keeps = ivy_core::promote_types(x.dtype(), y.dtype()).is_ok_and(|t| t == x.dtype())
        && crate::engine::checks::broadcasts_to(x.shape(), y.shape(), x.shape());
    if keeps {
        assign_op(&mut x, y)?;
        Ok(x)
    } else {
        op(Operand::Array(&x), Operand::Array(y))
    }
}

/// `x = op(x, rhs)`, written into `x` with `op_out`'s rules (see the module docs). `fast`
/// is the op's [`in_place`] step for a backend, given `rhs` promoted to `x`'s dtype; `op`
/// the op itself, for every other call.
fn assign(
    name: &'static str,
    x: &mut Array,
    rhs: Operand<'_>,
    fast: fn(Backend, &mut Array, &Array) -> Result<bool>,
    op: fn(Operand<'_>, Operand<'_>) -> Result<Array>,
) -> Result<()> {
    let backend = backend_of(name, &[Some(x.backend()), rhs.backend()])?;
    let d = x.dtype();
    if let Operand::Array(y) = rhs {
        // `x` keeps its shape: a `y` that does not broadcast to it fails before any work
        family::check_in_place(name, x.shape(), y.shape())?;
    }
    // `rhs` promoted with `x` (Ivy's rules, as the op promotes them), when that keeps
    // `x`'s dtype
    let mut store = None;
    let y = match rhs {
        Operand::Array(y) if y.dtype() == d => Some(y),
        Operand::Array(y) if ivy_core::promote_types(d, y.dtype()).is_ok_and(|t| t == d) => {
            Some(&*store.insert(y.cast(d)?))
        }
        Operand::Scalar(s) if s.joins(d) => {
            crate::engine::checks::int_scalar_fits(name, s, d)?;
            let a = crate::native::scalar_array(name, backend, s, d, x.device())?;
            Some(&*store.insert(a))
        }
        _ => None,
    };
    if let Some(y) = y
        && fast(backend, x, y)?
    {
        return Ok(());
    }
    let r = op(Operand::Array(&*x), rhs)?;
    write_out(name, r, x)
}

/// Generates the compound-assignment methods: `method => op, ROW, CONST`, with its docs.
macro_rules! assign_methods {
    ($($(#[$doc:meta])* $m:ident => $f:ident, $row:ident, $info:ident;)*) => {
        impl Array {$(
            $(#[$doc])*
            ///
            /// Ivy's `out=` with `self` as `out`: `self` keeps its shape (`rhs` must broadcast
            /// to it, else `Error::Shape`) and its dtype (the result is cast into it); on
            /// error `self` is unchanged. On ndarray, when `rhs` promotes with `self` to
            /// `self`'s dtype and the op computes that dtype itself, `self`'s buffer is
            /// updated in place: no allocation for an array `rhs` of `self`'s dtype (a
            /// scalar becomes a 0-d array first; an array of another dtype is cast first).
            /// Otherwise (candle, whose tensors are rebound; a promotion to a wider dtype)
            /// the result is computed in a new array and cast into `self`, as `op_out`
            /// writes.
            #[inline]
            pub fn $m<'b>(&mut self, rhs: impl IntoOperand<'b>) -> Result<()> {
                let rhs = rhs.into_operand(stringify!($f))?;
                assign(
                    stringify!($f),
                    self,
                    rhs.get(),
                    |b, x, y| {
                        crate::__dispatch!(b, __B => in_place::<__B, kernels::$row>(
                            <__B as ElementwiseBackend>::$info,
                            x,
                            y,
                        ))
                    },
                    |a, b| crate::$f(a, b),
                )
            }
        )*}
    };
}

assign_methods! {
    /// `self += rhs`: [`add`](crate::add) written into `self`.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let mut x = ivy::asarray([1.0f32, 2.0])?;
    /// x.add_assign(&ivy::asarray([10.0f32, 20.0])?)?;
    /// x.add_assign(1)?;
    /// assert_eq!(x, ivy::asarray([12.0f32, 23.0])?);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    add_assign => add, Add, ADD;
    /// `self -= rhs`: [`subtract`](crate::subtract) written into `self`.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let mut x = ivy::asarray([[1i32, 2], [3, 4]])?;
    /// x.sub_assign(&ivy::asarray([1i32, 2])?)?; // a row, broadcast over `x`
    /// assert_eq!(x, ivy::asarray([[0i32, 0], [2, 2]])?);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    sub_assign => subtract, Subtract, SUBTRACT;
    /// `self *= rhs`: [`multiply`](crate::multiply) written into `self`.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let mut x = ivy::asarray([1.5f32, -2.0])?;
    /// x.mul_assign(2)?;
    /// assert_eq!(x, ivy::asarray([3.0f32, -4.0])?);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    mul_assign => multiply, Multiply, MULTIPLY;
    /// `self /= rhs`: [`divide`](crate::divide) (true division) written into `self`; an
    /// integer `self` keeps its dtype (the quotient cast back, truncated toward zero).
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let mut x = ivy::asarray([3.0f32, 5.0])?;
    /// x.div_assign(2)?;
    /// assert_eq!(x, ivy::asarray([1.5f32, 2.5])?);
    /// // (asarray gives Rust ints Ivy's default int dtype, int32: cast for another)
    /// let mut i = ivy::asarray([7, -7])?.cast(Dtype::Int64)?;
    /// i.div_assign(2)?;
    /// assert_eq!(i, ivy::asarray([3, -3])?.cast(Dtype::Int64)?);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    div_assign => divide, Divide, DIVIDE;
    /// `self //= rhs` (Python's operator; Rust has none): [`floor_divide`](crate::floor_divide)
    /// (toward -infinity; integer `x // 0` is 0) written into `self`. By a scalar, integers
    /// divide by its reciprocal.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let mut x = ivy::asarray([7i32, -7, 5])?;
    /// x.floor_divide_assign(2)?;
    /// assert_eq!(x, ivy::asarray([3i32, -4, 2])?);
    /// x.floor_divide_assign(&ivy::asarray([0i32, 2, -1])?)?;
    /// assert_eq!(x, ivy::asarray([0i32, -2, -2])?);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    floor_divide_assign => floor_divide, FloorDivide, FLOOR_DIVIDE;
    /// `self %= rhs`: [`remainder`](crate::remainder) (Python's `%`, the sign of `rhs`)
    /// written into `self`.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let mut x = ivy::asarray([7i32, -7])?;
    /// x.rem_assign(3)?;
    /// assert_eq!(x, ivy::asarray([1i32, 2])?);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    rem_assign => remainder, Remainder, REMAINDER;
    /// `self &= rhs`: [`bitwise_and`](crate::bitwise_and) (logical AND of bools) written
    /// into `self`.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let mut x = ivy::asarray([6, 5])?.cast(Dtype::Uint8)?;
    /// x.bitand_assign(3)?;
    /// assert_eq!(x, ivy::asarray([2, 1])?.cast(Dtype::Uint8)?);
    /// let mut b = ivy::asarray([true, true])?;
    /// b.bitand_assign(&ivy::asarray([true, false])?)?;
    /// assert_eq!(b, ivy::asarray([true, false])?);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    bitand_assign => bitwise_and, BitwiseAnd, BITWISE_AND;
    /// `self |= rhs`: [`bitwise_or`](crate::bitwise_or) (logical OR of bools) written into
    /// `self`.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let mut x = ivy::asarray([4, 1])?.cast(Dtype::Int16)?;
    /// x.bitor_assign(2)?;
    /// assert_eq!(x, ivy::asarray([6, 3])?.cast(Dtype::Int16)?);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    bitor_assign => bitwise_or, BitwiseOr, BITWISE_OR;
    /// `self ^= rhs`: [`bitwise_xor`](crate::bitwise_xor) (logical XOR of bools) written
    /// into `self`.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let mut x = ivy::asarray([true, false])?;
    /// x.bitxor_assign(true)?;
    /// assert_eq!(x, ivy::asarray([false, true])?);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    bitxor_assign => bitwise_xor, BitwiseXor, BITWISE_XOR;
    /// `self <<= rhs`: [`bitwise_left_shift`](crate::bitwise_left_shift) written into
    /// `self` (integers).
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let mut x = ivy::asarray([1i64, 3])?;
    /// x.shl_assign(&ivy::asarray([4i64, 1])?)?;
    /// assert_eq!(x, ivy::asarray([16i64, 6])?);
    /// // floats have no shifts: the op's error, `x` unchanged
    /// let mut f = ivy::asarray([1.0f32])?;
    /// assert!(matches!(f.shl_assign(1), Err(ivy::Error::UnsupportedDtype { .. })));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    shl_assign => bitwise_left_shift, BitwiseLeftShift, BITWISE_LEFT_SHIFT;
    /// `self >>= rhs`: [`bitwise_right_shift`](crate::bitwise_right_shift) (arithmetic for
    /// signed integers) written into `self`.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let mut x = ivy::asarray([16i32, -16])?;
    /// x.shr_assign(2)?;
    /// assert_eq!(x, ivy::asarray([4i32, -4])?);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    shr_assign => bitwise_right_shift, BitwiseRightShift, BITWISE_RIGHT_SHIFT;
}

/// Element-wise comparisons under short names. `==` and `!=` cannot be element-wise (Rust's
/// [`PartialEq`] gives one `bool` for the whole array, and `eq`/`ne` are its methods): the
/// element-wise forms are `equal` and `not_equal` of
/// [`ArrayElementwise`](crate::prelude::ArrayElementwise).
impl Array {
    /// `self < rhs`, element-wise: [`less`](crate::less) (a bool array; real numbers only,
    /// NaN compares false).
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([1.0f32, 2.0, f32::NAN])?;
    /// assert_eq!(x.lt(2)?, ivy::asarray([true, false, false])?);
    /// assert_eq!(x.lt(&ivy::asarray([3.0f32, 1.0, 0.0])?)?, ivy::asarray([true, false, false])?);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn lt<'b>(&self, rhs: impl IntoOperand<'b>) -> Result<Array> {
        crate::less(self, rhs)
    }

    /// `self <= rhs`, element-wise: [`less_equal`](crate::less_equal).
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([1i32, 2, 3])?;
    /// assert_eq!(x.le(2)?, ivy::asarray([true, true, false])?);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn le<'b>(&self, rhs: impl IntoOperand<'b>) -> Result<Array> {
        crate::less_equal(self, rhs)
    }

    /// `self > rhs`, element-wise: [`greater`](crate::greater).
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([1i32, 2, 3])?;
    /// assert_eq!(x.gt(&ivy::asarray([0i32, 2, 4])?)?, ivy::asarray([true, false, false])?);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn gt<'b>(&self, rhs: impl IntoOperand<'b>) -> Result<Array> {
        crate::greater(self, rhs)
    }

    /// `self >= rhs`, element-wise: [`greater_equal`](crate::greater_equal).
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([1.0f32, 2.0, 3.0])?;
    /// assert_eq!(x.ge(2.0)?, ivy::asarray([false, true, true])?);
    /// // `equal` / `not_equal` are the element-wise `==` / `!=`
    /// assert_eq!(x.equal(2)?, ivy::asarray([false, true, false])?);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[inline]
    pub fn ge<'b>(&self, rhs: impl IntoOperand<'b>) -> Result<Array> {
        crate::greater_equal(self, rhs)
    }
}

// ======================================================================== the table

/// A binary row of [`OPERATORS`]: `symbol op assign_method` (`+ add add_assign`).
macro_rules! binary_row {
    ($sym:tt $op:ident $assign:ident) => {
        Operator {
            symbol: stringify!($sym),
            rust: concat!("a ", stringify!($sym), " b"),
            op: stringify!($op),
            bool_op: None,
            form: OperatorForm::Binary {
                apply: |a, b| a $sym b,
                scalar_lhs: |s, a| s $sym a,
                assign_name: stringify!($assign),
                assign: |x, y| x.$assign(y),
            },
        }
    };
}

/// A comparison-method row of [`OPERATORS`]: `symbol method op` (`< lt less`).
macro_rules! method_row {
    ($sym:tt $method:ident $op:ident) => {
        Operator {
            symbol: stringify!($sym),
            rust: concat!("a.", stringify!($method), "(b)"),
            op: stringify!($op),
            bool_op: None,
            form: OperatorForm::Method(|a, b| a.$method(b)),
        }
    };
}

/// How an operator of [`OPERATORS`] is applied (each a plain function calling the Rust
/// operator or method itself, so the row cannot claim an op the operator does not call
/// without the tests noticing).
///
/// ```
/// use ivy::ops::{OperatorForm, OPERATORS};
/// ivy::set_backend(ivy::Backend::Ndarray);
/// let x = ivy::asarray([1i32, 6])?;
/// let shl = OPERATORS.iter().find(|o| o.symbol == "<<").unwrap();
/// let OperatorForm::Binary { scalar_lhs, assign, .. } = shl.form else { unreachable!() };
/// assert_eq!(scalar_lhs(ivy::Scalar::Int(1), &x)?, ivy::asarray([2i32, 64])?); // 1 << x
/// let mut y = x.clone();
/// assign(&mut y, ivy::Operand::Scalar(ivy::Scalar::Int(2)))?; // y <<= 2
/// assert_eq!(y, ivy::asarray([4i32, 24])?);
/// # ivy::unset_backend();
/// # Ok::<(), ivy::Error>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub enum OperatorForm {
    /// `a ⊕ b` (`&Array` on the left, an array or a scalar on the right), with its other
    /// forms.
    Binary {
        /// `a ⊕ b`.
        apply: fn(&Array, Operand<'_>) -> Result<Array>,
        /// `s ⊕ a`, a scalar on the left (`2 * &x`).
        scalar_lhs: fn(Scalar, &Array) -> Result<Array>,
        /// The compound assignment method, by name (`"add_assign"`).
        assign_name: &'static str,
        /// `a ⊕= b`: the method, writing the op's result into `a` (its `out` form).
        assign: fn(&mut Array, Operand<'_>) -> Result<()>,
    },
    /// `⊕a`.
    Unary(fn(&Array) -> Result<Array>),
    /// An element-wise comparison method (`a.lt(b)`): Rust's `<` must return `bool`.
    Method(fn(&Array, Operand<'_>) -> Result<Array>),
}

/// One operator on [`Array`] and the registered op it is sugar for: a row of
/// [`OPERATORS`].
///
/// ```
/// let rows: Vec<(&str, &str)> = ivy::ops::OPERATORS.iter().map(|o| (o.rust, o.op)).collect();
/// assert!(rows.contains(&("a % b", "remainder")));
/// assert!(rows.contains(&("-a", "negative")));
/// assert!(rows.contains(&("a.lt(b)", "less")));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Operator {
    /// The operator's symbol (`"%"`; `"-"` both for `a - b` and `-a`, told apart by
    /// [`form`](Self::form)).
    pub symbol: &'static str,
    /// How it is written in Rust (`"a % b"`, `"-a"`, `"a.lt(b)"`).
    pub rust: &'static str,
    /// The op it calls, by its name in the registry (`"remainder"`).
    pub op: &'static str,
    /// The op it calls instead when its (left) operand is a bool array: `!` is
    /// `logical_not` there (Ivy's `__invert__`); `None` for the others.
    pub bool_op: Option<&'static str>,
    /// The operator itself.
    pub form: OperatorForm,
}

impl Operator {
    /// The op the operator calls on an array of `dtype`: [`bool_op`](Self::bool_op) for a
    /// bool array where it has one, else [`op`](Self::op).
    ///
    /// ```
    /// let not = ivy::ops::OPERATORS.iter().find(|o| o.symbol == "!").unwrap();
    /// assert_eq!(not.op_for(ivy::Dtype::Bool), "logical_not");
    /// assert_eq!(not.op_for(ivy::Dtype::Int8), "bitwise_invert");
    /// ```
    pub fn op_for(&self, dtype: crate::Dtype) -> &'static str {
        match self.bool_op {
            Some(b) if dtype.is_bool() => b,
            _ => self.op,
        }
    }
}

/// Every operator and compound assignment on [`Array`], and the comparison methods, each
/// with the registered op it calls: `registry::call(row.op, &[a, b], &[])` gives what the
/// operator gives (value, dtype, error), and `a ⊕= b` what the op's `out` form writes into
/// `a`. The table is what `tests/tests/suite/random_calls.rs` (`operators_are_their_ops`) checks
/// on both backends with random operands.
///
/// ```
/// use ivy::ops::{OperatorForm, OPERATORS};
/// use ivy::registry::{call, Value};
/// ivy::set_backend(ivy::Backend::Ndarray);
/// let rem = OPERATORS.iter().find(|o| o.symbol == "%").unwrap();
/// assert_eq!((rem.rust, rem.op), ("a % b", "remainder"));
/// let (a, b) = (ivy::asarray([7i32, -7])?, ivy::asarray([3i32, 3])?);
/// let OperatorForm::Binary { apply, .. } = rem.form else { unreachable!() };
/// let by_name = call(rem.op, &[Value::from(&a), Value::from(&b)], &[])?;
/// assert_eq!(&apply(&a, ivy::Operand::Array(&b))?, by_name.as_array().unwrap());
/// assert_eq!(OPERATORS.iter().filter(|o| matches!(o.form, OperatorForm::Binary { .. })).count(), 10);
/// # ivy::unset_backend();
/// # Ok::<(), ivy::Error>(())
/// ```
pub const OPERATORS: &[Operator] = &[
    binary_row!(+ add add_assign),
    binary_row!(- subtract sub_assign),
    binary_row!(* multiply mul_assign),
    binary_row!(/ divide div_assign),
    binary_row!(% remainder rem_assign),
    binary_row!(& bitwise_and bitand_assign),
    binary_row!(| bitwise_or bitor_assign),
    binary_row!(^ bitwise_xor bitxor_assign),
    binary_row!(<< bitwise_left_shift shl_assign),
    binary_row!(>> bitwise_right_shift shr_assign),
    Operator {
        symbol: "-",
        rust: "-a",
        op: "negative",
        bool_op: None,
        form: OperatorForm::Unary(|a| -a),
    },
    Operator {
        symbol: "!",
        rust: "!a",
        op: "bitwise_invert",
        bool_op: Some("logical_not"),
        form: OperatorForm::Unary(|a| !a),
    },
    method_row!(< lt less),
    method_row!(<= le less_equal),
    method_row!(> gt greater),
    method_row!(>= ge greater_equal),
];

/// Element-wise comparisons of a Container's leaves under the short names [`Array`] has
/// ([`Array::lt`], …): [`nested::less`](crate::nested::less),
/// [`less_equal`](crate::nested::less_equal), [`greater`](crate::nested::greater) and
/// [`greater_equal`](crate::nested::greater_equal) leaf by leaf, with the nested forms'
/// shared-structure broadcasting: `rhs` is a Container, an `&Array` or a scalar used at
/// every leaf. The result is a Container of bool arrays. A trait, in the prelude, because
/// `Container` lives in `ivy-core` (Rust's orphan rule); `equal` and `not_equal` are the
/// Container methods of [`ContainerElementwise`](crate::prelude::ContainerElementwise).
///
/// ```
/// use ivy::prelude::*;
/// ivy::set_backend(Backend::Ndarray);
/// let c = ivy::container! { a: ivy::asarray([1i32, 5])?, b: { c: ivy::asarray([3i32])? } };
/// let lt = c.lt(3)?;                                     // a scalar at every leaf
/// assert_eq!(lt.at("a")?, &ivy::asarray([true, false])?);
/// assert_eq!(lt.at("b/c")?, &ivy::asarray([false])?);
/// let other = ivy::container! { a: ivy::asarray([1i32, 6])?, b: ivy::asarray([2i32])? };
/// assert_eq!(c.ge(&other)?.at("a")?, &ivy::asarray([true, false])?);
/// assert_eq!(c.gt(&ivy::asarray(2i32)?)?.at("b/c")?, &ivy::asarray([true])?);
/// assert_eq!(c.le(&other)?.at("b/c")?, &ivy::asarray([false])?);
/// // complex leaves order as numpy's (real part, then imaginary part)
/// let z = ivy::container! { a: ivy::asarray([num_complex::Complex::new(1.0f32, 5.0)])? };
/// assert_eq!(z.lt(2)?.at("a")?, &ivy::asarray([true])?);
/// // a leaf that does not broadcast with `rhs`: the op's error, at that leaf
/// let e = c.lt(&ivy::asarray([1i32, 2, 3])?).unwrap_err();
/// assert!(matches!(e.root(), ivy::Error::Shape { .. }) && e.to_string().starts_with("at leaf `a`"));
/// # Ok::<(), ivy::Error>(())
/// ```
pub trait ContainerCompare {
    /// `self < rhs` leaf by leaf: [`nested::less`](crate::nested::less).
    fn lt<'b>(&self, rhs: impl Into<NestArg<'b>>) -> Result<Container>;
    /// `self <= rhs` leaf by leaf: [`nested::less_equal`](crate::nested::less_equal).
    fn le<'b>(&self, rhs: impl Into<NestArg<'b>>) -> Result<Container>;
    /// `self > rhs` leaf by leaf: [`nested::greater`](crate::nested::greater).
    fn gt<'b>(&self, rhs: impl Into<NestArg<'b>>) -> Result<Container>;
    /// `self >= rhs` leaf by leaf: [`nested::greater_equal`](crate::nested::greater_equal).
    fn ge<'b>(&self, rhs: impl Into<NestArg<'b>>) -> Result<Container>;
}

impl ContainerCompare for Container {
    #[inline]
    fn lt<'b>(&self, rhs: impl Into<NestArg<'b>>) -> Result<Container> {
        crate::nested::less(self, rhs)
    }
    #[inline]
    fn le<'b>(&self, rhs: impl Into<NestArg<'b>>) -> Result<Container> {
        crate::nested::less_equal(self, rhs)
    }
    #[inline]
    fn gt<'b>(&self, rhs: impl Into<NestArg<'b>>) -> Result<Container> {
        crate::nested::greater(self, rhs)
    }
    #[inline]
    fn ge<'b>(&self, rhs: impl Into<NestArg<'b>>) -> Result<Container> {
        crate::nested::greater_equal(self, rhs)
    }
}
