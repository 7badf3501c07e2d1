//! Reductions.

/// Reductions.
#[ivy_macros::category]
pub mod statistical {
    use crate::{Array, Dtype, Result};

    /// Sum over `axis` (all axes when `None`), keeping reduced axes as 1 with `keepdims`,
    /// computed in `dtype` when given (bool sums in the default int dtype).
    #[primary]
    #[nestable]
    pub fn sum(
        x: &Array,
        #[kw]
        #[axes]
        axis: Option<Vec<i64>>,
        #[kw] keepdims: bool,
        #[kw] dtype: Option<Dtype>,
        out: Option<&mut Array>,
    ) -> Result<Array>;
}

pub use statistical::*;

/// The dtype a sum accumulates in.
pub(crate) fn sum_dtype(x: crate::Dtype, dtype: Option<crate::Dtype>) -> crate::Dtype {
    dtype.unwrap_or(if x == crate::Dtype::Bool {
        ivy_core::default_int_dtype()
    } else {
        x
    })
}
