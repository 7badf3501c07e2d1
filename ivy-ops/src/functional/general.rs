//! General ops: in-place updates.

/// General ops.
#[ivy_macros::category]
pub mod general {
    use crate::{Array, Result};

    /// Updates `x` with `val` (broadcast to `x`'s shape), Ivy's `inplace_update`.
    ///
    /// The Array is always updated. On ndarray the existing buffer is written when the dtypes
    /// agree; `x` takes `val`'s dtype (a new buffer) unless `keep_input_dtype` (default false,
    /// as in Ivy), which casts `val` into `x`'s buffer. Candle tensors are
    /// immutable: the Array is rebound to new data, and with `ensure_in_backend` that is an
    /// error; a candle `Var` is updated natively.
    #[primary]
    pub fn inplace_update(
        x: &mut Array,
        val: &Array,
        #[kw] ensure_in_backend: bool,
        #[kw] keep_input_dtype: bool,
    ) -> Result<()>;

    /// Replaces `out`'s data by `value` (same backend, shape and dtype, checked by callers):
    /// the ndarray buffer is overwritten, a candle tensor rebound, a candle `Var` set.
    pub(crate) fn replace_data(op: &'static str, out: &mut Array, value: Array) -> Result<()> {
        crate::backends::replace_data(op, out, value)
    }
}

pub use general::*;
