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
        // Integers accumulate in int64 and wrap back to `d` (candle's own integer sum would
        // panic on overflow in debug builds); floats sum in `d`.
        let acc = if x.dtype().is_int() || d.is_int() {
            candle_core::DType::I64
        } else {
            d
        };
        let r = t
            .to_dtype(acc)
            .and_then(|t| {
                if keepdims {
                    t.sum_keepdim(axes)
                } else {
                    t.sum(axes)
                }
            })
            .and_then(|t| t.to_dtype(d));
        wrap("sum", r)
    }
}
