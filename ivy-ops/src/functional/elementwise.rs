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
}

pub use elementwise::*;

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
