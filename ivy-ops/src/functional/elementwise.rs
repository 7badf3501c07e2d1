//! Element-wise ops.

/// Element-wise ops.
#[ivy_macros::category(support_docs = "docs/support")]
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

    /// The remainder of `x1 / x2`, element-wise, with broadcasting: Ivy's `remainder(x1,
    /// x2, *, modulus=True)`, for integers and real floats.
    ///
    /// - `modulus = true` (the default; the `%` operator): Python's `x1 % x2`, the sign of
    ///   `x2` (numpy's `remainder`), the kernel row `Remainder` of the binary family.
    /// - `modulus = false`: the truncated remainder, the sign of `x1` (C's `fmod`, numpy's
    ///   `fmod`, `torch.fmod`), exact. Ivy's own backends compute `round(x2 * frac(x1 /
    ///   x2))`, which rounds float results to integers (`5.5, 2` gives 2.0); ivy-rs gives
    ///   `fmod` (1.5).
    ///
    /// Division by zero, one rule for both: integer `x % 0` is 0 (numpy's value), float
    /// `x % 0` is NaN.
    ///
    /// `modulus = false` is composed of other ops — floats: `copysign(remainder(|x1|, |x2|),
    /// x1)` (the floored remainder of non-negative numbers is their `fmod`, exactly);
    /// integers: the floored remainder minus `x2` where it is nonzero and the operands'
    /// signs differ. That is the seed's special path (its `cholesky(upper=True)` and torch
    /// `remainder(modulus=False)`): on ndarray, `remainder_out` writes `out` natively
    /// through the kernel row for `modulus = true`, and with
    /// [`inplace_update`](crate::inplace_update) of the composed result (`out`'s own buffer,
    /// cast to `out`'s dtype) for `modulus = false`; on candle (no native `out`) the
    /// dispatcher writes `out` either way.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([5.5f32, -5.5, 7.0, -7.0])?;
    /// assert_eq!(ivy::remainder(&x, 2)?.to_vec::<f32>()?, [1.5, 0.5, 1.0, 1.0]);
    /// let fmod = RemainderKw { modulus: false };
    /// assert_eq!(ivy::remainder_with(&x, 2, fmod.clone())?.to_vec::<f32>()?, [1.5, -1.5, 1.0, -1.0]);
    /// let i = ivy::asarray([7i32, -7, 7, -7])?;
    /// let d = ivy::asarray([3i32, 3, -3, 0])?;
    /// assert_eq!(ivy::remainder_with(&i, &d, fmod.clone())?.to_vec::<i32>()?, [1, -1, 1, 0]);
    /// // `out` keeps its buffer on both paths (and its dtype)
    /// let mut out = ivy::zeros_with([4], ZerosKw { dtype: Some(Dtype::Float64), device: None })?;
    /// ivy::remainder_with_out(&x, 2, fmod, &mut out)?;
    /// assert_eq!(out.to_vec::<f64>()?, [1.5, -1.5, 1.0, -1.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    pub fn remainder(
        x1: Operand,
        x2: Operand,
        #[kw(default = true)] modulus: bool,
        out: Option<&mut Array>,
    ) -> Result<Array>;

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
    /// stably) by the ndarray backend; with no backend set, the body runs, with one
    /// temporary (`exp(x)`, to which 1 is added in place).
    #[mixed]
    #[nestable]
    pub fn softplus(x: &Array, out: Option<&mut Array>) -> Result<Array> {
        let mut s = exp(x)?;
        s.add_assign(1.0)?;
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

/// `remainder` on backend `B` (operands promoted and broadcast-checked by the dispatcher):
/// the kernel row for `modulus = true`, the composed truncated remainder otherwise.
pub(crate) fn remainder_on<B: crate::family::Kernels>(
    x1: &crate::Array,
    x2: &crate::Array,
    modulus: bool,
) -> crate::Result<crate::Array> {
    if modulus {
        crate::family::binary::<B, crate::kernels::Remainder>(x1, x2)
    } else {
        truncated_remainder(x1, x2)
    }
}

/// `remainder` into `out` on backend `B`, the seed's two paths: the kernel row writes into
/// `out` natively (`modulus = true`); the composed truncated remainder ends in ops that do
/// not, so its result is written with `inplace_update` (into `out`'s buffer, cast to
/// `out`'s dtype; `out` must have the result's shape, as every `out` must). `out` is
/// unchanged on error.
pub(crate) fn remainder_on_out<B: crate::family::Kernels>(
    x1: &crate::Array,
    x2: &crate::Array,
    modulus: bool,
    out: &mut crate::Array,
) -> crate::Result<()> {
    const OP: &str = "remainder";
    if modulus {
        return crate::family::binary_out::<B, crate::kernels::Remainder>(x1, x2, out);
    }
    let r = truncated_remainder(x1, x2)?;
    if r.shape() != out.shape() {
        return Err(crate::Error::Shape {
            op: OP,
            lhs: r.shape().to_vec(),
            rhs: out.shape().to_vec(),
            reason: "(result, out) differ: `out` must have the result's shape",
        });
    }
    let kw = crate::InplaceUpdateKw {
        keep_input_dtype: true,
        ..Default::default()
    };
    crate::inplace_update_with(out, &r, kw).map_err(|e| e.with_op(OP))
}

/// C's `fmod` of two arrays of one integer or real float dtype, composed of ops (see
/// [`remainder`]); errors name `remainder`.
fn truncated_remainder(x1: &crate::Array, x2: &crate::Array) -> crate::Result<crate::Array> {
    let fmod = || -> crate::Result<crate::Array> {
        if x1.dtype().is_float() {
            // fmod(a, b) = copysign(fmod(|a|, |b|), a), and for |a|, |b| the floored
            // remainder is fmod itself (numpy's algorithm adjusts only opposite signs)
            copysign(&remainder(&abs(x1)?, &abs(x2)?)?, x1)
        } else {
            // the floored remainder, minus x2 where it is nonzero and the operands' signs
            // differ (exact: |r| < |x2| with r of x2's sign, so r - x2 cannot overflow)
            let r = remainder(x1, x2)?;
            let signs_differ = logical_xor(&less(x1, 0)?, &less(x2, 0)?)?;
            let fix = logical_and(&r, &signs_differ)?;
            r#where(&fix, &subtract(&r, x2)?, &r)
        }
    };
    fmod().map_err(|e| e.with_op("remainder"))
}

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
