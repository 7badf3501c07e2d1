//! candle: in-place updates. Tensors are immutable: the Array is rebound (an error with
//! `ensure_in_backend`); a `Var` is set natively.

use super::{err, tensor, CandleArray, CandleBackend};
use crate::functional::general::GeneralBackend;
use crate::{Array, Backend, Error, NativeArray, Result};

#[ivy_macros::backend_impl]
impl GeneralBackend for CandleBackend {
    fn inplace_update(
        x: &mut Array,
        val: &Array,
        ensure_in_backend: bool,
        keep_input_dtype: bool,
    ) -> Result<()> {
        let v = tensor("inplace_update", val)?;
        let xt = tensor("inplace_update", x)?;
        let target = if keep_input_dtype {
            xt.dtype()
        } else {
            v.dtype()
        };
        let shape = xt.dims().to_vec();
        let v = v
            .to_dtype(target)
            .and_then(|v| v.broadcast_as(shape.as_slice()))
            .and_then(|v| v.contiguous())
            .map_err(|_| Error::Shape {
                op: "inplace_update",
                lhs: val.shape().to_vec(),
                rhs: shape.clone(),
                reason: "do not broadcast (val must broadcast to x)",
            })?;
        match &mut x.native {
            NativeArray::Candle(CandleArray::Var(var)) if var.dtype() == v.dtype() => {
                var.set(&v).map_err(|e| err("inplace_update", e))
            }
            NativeArray::Candle(c) => {
                if ensure_in_backend {
                    return Err(Error::InplaceNotInBackend {
                        backend: Backend::Candle,
                    });
                }
                *c = CandleArray::Tensor(v);
                Ok(())
            }
            #[allow(unreachable_patterns)]
            _ => Err(Error::BackendMismatch {
                op: "inplace_update",
                a: Backend::Candle,
                b: x.backend(),
            }),
        }
    }
}
