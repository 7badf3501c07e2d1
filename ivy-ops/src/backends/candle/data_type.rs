//! candle: casting and broadcasting.

use super::{cast, err, tensor, CandleArray, CandleBackend};
use crate::functional::data_type::DataTypeBackend;
use crate::{Array, Dtype, Error, Result};

#[ivy_macros::backend_impl]
impl DataTypeBackend for CandleBackend {
    fn astype(x: &Array, dtype: Dtype, copy: bool) -> Result<Array> {
        if dtype == x.dtype() && !copy {
            return Ok(x.clone()); // tensors are immutable: sharing is safe
        }
        cast(tensor("astype", x)?, dtype).map(Array::from_candle)
    }

    fn broadcast_to(x: &Array, shape: &[usize]) -> Result<Array> {
        let t = tensor("broadcast_to", x)?;
        super::reserve("broadcast_to", shape, x.dtype())?;
        crate::__private::broadcast_shapes("broadcast_to", t.dims(), shape).and_then(|s| {
            if s != shape {
                Err(Error::Shape {
                    op: "broadcast_to",
                    lhs: t.dims().to_vec(),
                    rhs: shape.to_vec(),
                    reason: "do not broadcast",
                })
            } else {
                Ok(())
            }
        })?;
        let b = t
            .broadcast_as(shape)
            .and_then(|b| b.contiguous())
            .map_err(|e| err("broadcast_to", e))?;
        Ok(Array::from_candle(CandleArray::Tensor(b)))
    }
}
