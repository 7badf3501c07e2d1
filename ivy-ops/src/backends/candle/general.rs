//! candle: in-place updates. Tensors are immutable: the Array is rebound (an error with
//! `ensure_in_backend`); a `Var` is set natively.

use super::{tensor, CandleArray, CandleBackend};
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
        super::autograd::no_update_on_graph("inplace_update", tensor("inplace_update", x)?)?;
        let shape = tensor("inplace_update", x)?.dims().to_vec();
        let x_dtype = x.dtype();
        let target = if keep_input_dtype {
            x_dtype
        } else {
            val.dtype()
        };
        // ivy's cast (to bool: nonzero), then the broadcast
        let v = super::cast(v, target)?;
        let v = v
            .tensor()
            .broadcast_as(shape.as_slice())
            .and_then(|v| v.contiguous())
            .map_err(|_| Error::Shape {
                op: "inplace_update",
                lhs: val.shape().to_vec(),
                rhs: shape.clone(),
                reason: "do not broadcast (val must broadcast to x)",
            })?;
        match &mut x.native {
            // a variable keeps its dtype (never bool: candle variables are numeric)
            NativeArray::Candle(CandleArray::Var(var)) if target == x_dtype => {
                super::set_var("inplace_update", var, &v)
            }
            NativeArray::Candle(c) => {
                if ensure_in_backend {
                    return Err(Error::InplaceNotInBackend {
                        backend: Backend::Candle,
                    });
                }
                ivy_core::check_rebind("inplace_update", Backend::Candle)?;
                *c = CandleArray::of(v, target);
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
