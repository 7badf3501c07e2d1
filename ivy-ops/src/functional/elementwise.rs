//! Element-wise ops.

/// Element-wise ops.
#[ivy_macros::category]
pub mod elementwise {
    use crate::{Array, Operand, Result};

    /// Tangent, element-wise.
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn tan(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Sine, element-wise.
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn sin(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Cosine, element-wise.
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn cos(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Hyperbolic sine, element-wise.
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn sinh(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Hyperbolic cosine, element-wise.
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn cosh(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Hyperbolic tangent, element-wise.
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn tanh(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Natural logarithm, element-wise.
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn log(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Exponential, element-wise.
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn exp(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Numerical negative, element-wise.
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn negative(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// `x1 + x2` with broadcasting and Ivy's promotion; either side may be a scalar.
    #[primary]
    #[nestable]
    #[family(binary)]
    pub fn add(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// `x1 - x2` with broadcasting and Ivy's promotion.
    #[primary]
    #[nestable]
    #[family(binary)]
    pub fn subtract(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// `x1 * x2` with broadcasting and Ivy's promotion.
    #[primary]
    #[nestable]
    #[family(binary)]
    pub fn multiply(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// True division `x1 / x2`; integer inputs divide in the default float dtype.
    #[primary]
    #[nestable]
    #[family(binary)]
    pub fn divide(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// The larger of `x1` and `x2`, element-wise, with broadcasting; NaN where either is NaN.
    #[primary]
    #[nestable]
    #[family(binary)]
    pub fn maximum(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// The smaller of `x1` and `x2`, element-wise, with broadcasting; NaN where either is NaN.
    #[primary]
    #[nestable]
    #[family(binary)]
    pub fn minimum(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// Whether each element is NaN (complex: either component); false for integers and
    /// bools. A bool array of `x`'s shape.
    #[primary]
    #[nestable]
    #[family(predicate)]
    pub fn isnan(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Whether each element is ±infinity (complex: either component, even beside a NaN);
    /// false for integers and bools.
    #[primary]
    #[nestable]
    #[family(predicate)]
    pub fn isinf(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Whether each element is finite (complex: both components); true for integers and
    /// bools.
    #[primary]
    #[nestable]
    #[family(predicate)]
    pub fn isfinite(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Whether each element's sign bit is set (`-0.0`, negative numbers, NaNs with the sign
    /// bit); real floating-point dtypes only (the Array API).
    #[primary]
    #[nestable]
    #[family(predicate)]
    pub fn signbit(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// `x1 == x2`, element-wise, with broadcasting and Ivy's promotion; integers of two
    /// dtypes compare exactly (`int64` with `uint64` too). NaN equals nothing. A bool array.
    #[primary]
    #[nestable]
    #[family(compare)]
    pub fn equal(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// `x1 != x2`, element-wise (true where either is NaN).
    #[primary]
    #[nestable]
    #[family(compare)]
    pub fn not_equal(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// `x1 < x2`, element-wise, for real numbers (not bools, not complex: the Array API); NaN
    /// compares false.
    #[primary]
    #[nestable]
    #[family(compare)]
    pub fn less(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// `x1 <= x2`, element-wise, for real numbers.
    #[primary]
    #[nestable]
    #[family(compare)]
    pub fn less_equal(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// `x1 > x2`, element-wise, for real numbers.
    #[primary]
    #[nestable]
    #[family(compare)]
    pub fn greater(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// `x1 >= x2`, element-wise, for real numbers.
    #[primary]
    #[nestable]
    #[family(compare)]
    pub fn greater_equal(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// Inverse cosine, element-wise (radians; NaN outside `[-1, 1]`).
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn acos(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Inverse sine, element-wise (NaN outside `[-1, 1]`).
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn asin(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Inverse tangent, element-wise.
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn atan(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Inverse hyperbolic cosine, element-wise (NaN below 1).
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn acosh(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Inverse hyperbolic sine, element-wise.
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn asinh(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Inverse hyperbolic tangent, element-wise (±inf at ±1, NaN beyond).
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn atanh(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// `exp(x) - 1`, element-wise, accurate for `x` near 0.
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn expm1(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// `log(1 + x)`, element-wise, accurate for `x` near 0.
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn log1p(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Base-2 logarithm, element-wise.
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn log2(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Base-10 logarithm, element-wise.
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn log10(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Square root, element-wise (principal branch for complex; NaN for negative reals).
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn sqrt(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// `x * x`, element-wise; integers keep their dtype (wrapping).
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn square(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// The sign of each element: -1, 0 or 1 for reals (NaN for NaN, `+0.0` for either zero); `x
    /// / |x|` for complex (0 for 0).
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn sign(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// `+x`, element-wise: a copy of `x`.
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn positive(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Complex conjugate, element-wise; the identity for real dtypes.
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn conj(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Rounds each element toward +infinity; integers are returned unchanged.
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn ceil(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Rounds each element toward -infinity; integers are returned unchanged.
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn floor(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Rounds each element toward zero; integers are returned unchanged.
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn trunc(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Rounds each element to the nearest integer, ties to even (`round(2.5) == 2`); complex:
    /// each component; integers unchanged.
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn round(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Bitwise NOT of integers (`!x`), logical NOT of bools.
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn bitwise_invert(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Absolute value, element-wise; integers wrap (`abs(-128i8) == -128`, as numpy); complex
    /// input gives its modulus as a real array (complex64 → float32).
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn abs(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// The real component of each element: a real array for complex input (complex64 →
    /// float32); a copy for real input.
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn real(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// The imaginary component of each element: a real array for complex input; zeros of `x`'s
    /// dtype for real input.
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn imag(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// `atan2(x1, x2)`: the angle of the point `(x2, x1)` in radians, element-wise, with
    /// broadcasting.
    #[primary]
    #[nestable]
    #[family(binary)]
    pub fn atan2(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// `x1` with the sign of `x2`, element-wise, with broadcasting.
    #[primary]
    #[nestable]
    #[family(binary)]
    pub fn copysign(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// `sqrt(x1² + x2²)` without intermediate overflow, element-wise, with broadcasting.
    #[primary]
    #[nestable]
    #[family(binary)]
    pub fn hypot(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// `log(exp(x1) + exp(x2))` without overflow, element-wise, with broadcasting.
    #[primary]
    #[nestable]
    #[family(binary)]
    pub fn logaddexp(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// `x1 ** x2`, element-wise, with broadcasting. Integer powers wrap; a negative integer
    /// exponent gives the result truncated toward zero (1 for base 1, ±1 for base -1, else 0:
    /// numpy raises instead).
    #[primary]
    #[nestable]
    #[family(binary)]
    pub fn pow(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// Python's `x1 % x2` (the result has the sign of `x2`), element-wise. Integer `x % 0` is 0
    /// (numpy's value); float `x % 0` is NaN.
    #[primary]
    #[nestable]
    #[family(binary)]
    pub fn remainder(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// Python's `x1 // x2` (rounded toward -infinity), element-wise. Integer `x // 0` is 0
    /// (numpy's value) and `MIN // -1` wraps to `MIN`; float `x // 0` is `x / 0`.
    #[primary]
    #[nestable]
    #[family(binary)]
    pub fn floor_divide(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// Bitwise AND of integers, logical AND of bools, with broadcasting.
    #[primary]
    #[nestable]
    #[family(binary)]
    pub fn bitwise_and(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// Bitwise OR of integers, logical OR of bools, with broadcasting.
    #[primary]
    #[nestable]
    #[family(binary)]
    pub fn bitwise_or(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// Bitwise XOR of integers, logical XOR of bools, with broadcasting.
    #[primary]
    #[nestable]
    #[family(binary)]
    pub fn bitwise_xor(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// `x1 << x2` on integers, with broadcasting: 0 once `x2` reaches the bit width or is
    /// negative (numpy).
    #[primary]
    #[nestable]
    #[family(binary)]
    pub fn bitwise_left_shift(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// `x1 >> x2` on integers (arithmetic for signed dtypes), with broadcasting: past the bit
    /// width (or for a negative `x2`), -1 for negative `x1`, else 0 (numpy).
    #[primary]
    #[nestable]
    #[family(binary)]
    pub fn bitwise_right_shift(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// Logical NOT of the truth value of each element (zero is false), any dtype. A bool array.
    #[primary]
    #[nestable]
    #[family(predicate)]
    pub fn logical_not(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Logical AND of the truth values of `x1` and `x2` (nonzero is true, NaN too), with
    /// broadcasting. A bool array.
    #[primary]
    #[nestable]
    #[family(compare)]
    pub fn logical_and(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// Logical OR of the truth values of `x1` and `x2`, with broadcasting. A bool array.
    #[primary]
    #[nestable]
    #[family(compare)]
    pub fn logical_or(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// Logical XOR of the truth values of `x1` and `x2`, with broadcasting. A bool array.
    #[primary]
    #[nestable]
    #[family(compare)]
    pub fn logical_xor(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// Clips values to `[x_min, x_max]`, in `x`'s dtype: the bounds are converted to it first
    /// (as `astype` converts), so integer arrays stay integer and float32 stays float32. NaN
    /// elements stay NaN (numpy), on every backend: each runs `maximum`'s and `minimum`'s
    /// kernel rows ([`crate::family::clip`]). A NaN bound, or `x_min > x_max`, is
    /// `Error::InvalidArgument` on every backend.
    #[primary]
    #[nestable]
    #[check(super::clip_bounds)]
    pub fn clip(x: &Array, x_min: f64, x_max: f64, out: Option<&mut Array>) -> Result<Array>;

    /// `log(1 + exp(x))`. Mixed: a compositional body, overridden natively (and computed
    /// stably) by the ndarray backend; with no backend set, the body runs.
    #[mixed]
    #[nestable]
    pub fn softplus(x: &Array, out: Option<&mut Array>) -> Result<Array> {
        let s = add(&exp(x)?, 1.0)?;
        log_into(&s, out)
    }

    /// Elements of `x1` where `condition` is true, of `x2` elsewhere, the three broadcast
    /// together; `x1` and `x2` are promoted to one dtype (Ivy's table, as operands are).
    /// `condition` is bool in the standard; any other dtype counts nonzero (and NaN) as
    /// true, as numpy does (candle's `where_cond` takes such a mask: `ne(condition, 0)`).
    ///
    /// ```
    /// ivy::set_backend(ivy::Backend::Ndarray);
    /// let x = ivy::asarray(vec![1.0f32, -2.0, 3.0])?;
    /// let c = ivy::greater(&x, 0.0)?;
    /// assert_eq!(ivy::r#where(&c, &x, 0.0)?.to_f64_vec()?, [1.0, 0.0, 3.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[check(super::where_args)]
    pub fn r#where(
        condition: &Array,
        x1: Operand,
        x2: Operand,
        out: Option<&mut Array>,
    ) -> Result<Array>;
}

pub use elementwise::*;

/// `where`'s shared check: the three shapes broadcast together.
pub(crate) fn where_args(
    op: &'static str,
    c: &&crate::Array,
    x1: &&crate::Array,
    x2: &&crate::Array,
) -> crate::Result<()> {
    where_shape(op, c, x1, x2).map(|_| ())
}

/// The shape `where`'s three arguments broadcast to.
pub(crate) fn where_shape(
    op: &'static str,
    c: &crate::Array,
    x1: &crate::Array,
    x2: &crate::Array,
) -> crate::Result<Vec<usize>> {
    let s = crate::__private::broadcast_shapes(op, x1.shape(), x2.shape())?;
    crate::__private::broadcast_shapes(op, c.shape(), &s)
}

/// `clip`'s shared check: bounds that are numbers and in order.
pub(crate) fn clip_bounds(
    op: &'static str,
    _x: &&crate::Array,
    lo: &f64,
    hi: &f64,
) -> crate::Result<()> {
    if lo.is_nan() || hi.is_nan() {
        return Err(crate::Error::InvalidArgument {
            op,
            message: format!("bounds must be numbers, got x_min = {lo}, x_max = {hi}; drop a NaN bound or use +-inf"),
        });
    }
    if lo > hi {
        return Err(crate::Error::InvalidArgument {
            op,
            message: format!("x_min ({lo}) must not exceed x_max ({hi})"),
        });
    }
    Ok(())
}
