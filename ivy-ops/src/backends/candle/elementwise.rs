//! candle: element-wise ops. The family ops (`#[family(..)]`) need nothing here: they run
//! through [`Kernels`](crate::family::Kernels), implemented once in `kernels.rs`.

use super::{err, tensor, wrap, CandleBackend};
use crate::functional::elementwise::ElementwiseBackend;
use crate::{Array, Result};

#[ivy_macros::backend_impl]
impl ElementwiseBackend for CandleBackend {
    fn clip(x: &Array, x_min: f64, x_max: f64) -> Result<Array> {
        // bounds checked before dispatch; converted to x's dtype as on every backend
        let t = tensor("clip", x)?;
        let d = t.dtype();
        let lo = candle_core::Tensor::new(x_min, t.device()).and_then(|s| s.to_dtype(d));
        let hi = candle_core::Tensor::new(x_max, t.device()).and_then(|s| s.to_dtype(d));
        let (lo, hi) = (
            lo.map_err(|e| err("clip", e))?,
            hi.map_err(|e| err("clip", e))?,
        );
        let flat = super::kernels::flat_input("clip", t)?;
        wrap(
            "clip",
            flat.broadcast_maximum(&lo)
                .and_then(|m| m.broadcast_minimum(&hi))
                .and_then(|r| r.reshape(t.dims())),
        )
    }
    // no softplus: candle uses the compositional body
}
