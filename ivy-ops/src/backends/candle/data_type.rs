//! candle: casting and broadcasting.

use super::{cast, err, tensor, CandleArray, CandleBackend};
use crate::functional::data_type::DataTypeBackend;
use crate::{Array, Dtype, Result};

#[ivy_macros::backend_impl]
impl DataTypeBackend for CandleBackend {
    fn astype(x: &Array, dtype: Dtype, copy: bool) -> Result<Array> {
        if dtype == x.dtype() && !copy {
            return Ok(x.clone()); // tensors are immutable: sharing is safe
        }
        cast(tensor("astype", x)?, dtype).map(Array::from_candle)
    }

    fn broadcast_to(x: &Array, shape: &[usize]) -> Result<Array> {
        // `shape` was checked before dispatch (`#[check(broadcast_target)]`)
        let t = tensor("broadcast_to", x)?;
        super::reserve("broadcast_to", shape, x.dtype())?;
        let b = t
            .broadcast_as(shape)
            .and_then(|b| b.contiguous())
            .map_err(|e| err("broadcast_to", e))?;
        Ok(Array::from_candle(CandleArray::Tensor(b)))
    }
}
