//! candle: reductions.

use super::{candle_dtype, tensor, wrap, CandleBackend};
use crate::functional::statistical::{normalize_axes, sum_dtype, StatisticalBackend};
use crate::{Array, Dtype, Result};

#[ivy_macros::backend_impl]
impl StatisticalBackend for CandleBackend {
    fn sum(
        x: &Array,
        axis: Option<Vec<i64>>,
        keepdims: bool,
        dtype: Option<Dtype>,
    ) -> Result<Array> {
        let t = tensor("sum", x)?;
        let axes = normalize_axes("sum", &axis, t.dims().len())?;
        let d = candle_dtype(Some("sum"), sum_dtype(x.dtype(), dtype))?;
        let t = t.to_dtype(d);
        wrap(
            "sum",
            t.and_then(|t| {
                if keepdims {
                    t.sum_keepdim(axes)
                } else {
                    t.sum(axes)
                }
            }),
        )
    }
}
