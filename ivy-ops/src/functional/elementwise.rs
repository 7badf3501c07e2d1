//! Element-wise ops.

/// Element-wise ops.
#[ivy_macros::category]
pub mod elementwise {
    use crate::{Array, Operand, Result};

    /// Tangent, element-wise.
    #[primary]
    #[nestable]
    pub fn tan(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Natural logarithm, element-wise.
    #[primary]
    #[nestable]
    pub fn log(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Exponential, element-wise.
    #[primary]
    #[nestable]
    pub fn exp(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Numerical negative, element-wise.
    #[primary]
    #[nestable]
    pub fn negative(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// `x1 + x2` with broadcasting and Ivy's promotion; either side may be a scalar.
    #[primary]
    #[nestable]
    pub fn add(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// `x1 - x2` with broadcasting and Ivy's promotion.
    #[primary]
    #[nestable]
    pub fn subtract(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// `x1 * x2` with broadcasting and Ivy's promotion.
    #[primary]
    #[nestable]
    pub fn multiply(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// True division `x1 / x2`; integer inputs divide in the default float dtype.
    #[primary]
    #[nestable]
    pub fn divide(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// Clips values to `[x_min, x_max]`.
    #[primary]
    #[nestable]
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
