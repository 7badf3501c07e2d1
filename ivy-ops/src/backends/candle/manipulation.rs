//! candle: joining arrays.

use super::{err, tensor, wrap, CandleBackend};
use crate::functional::manipulation::{concat_plan, ManipulationBackend};
use crate::{Array, Result};
use candle_core::Tensor;

#[ivy_macros::backend_impl]
impl ManipulationBackend for CandleBackend {
    fn concat(arrays: &[&Array], axis: Option<usize>) -> Result<Array> {
        const OP: &str = "concat";
        let (_, ax, shape) = concat_plan(arrays, axis)?;
        let ts = arrays
            .iter()
            .map(|x| {
                let t = tensor(OP, x)?;
                match ax {
                    None => t.flatten_all().map_err(|e| err(OP, e)),
                    Some(_) => Ok(t.clone()),
                }
            })
            .collect::<Result<Vec<Tensor>>>()?;
        // candle's `cat` is not written for empty parts: join the non-empty ones
        let parts: Vec<&Tensor> = ts.iter().filter(|t| t.elem_count() > 0).collect();
        match parts.as_slice() {
            [] => wrap(
                OP,
                Tensor::zeros(shape.as_slice(), ts[0].dtype(), ts[0].device()),
            ),
            [one] => Ok(Array::from((*one).clone())),
            _ => wrap(OP, Tensor::cat(&parts, ax.unwrap_or(0))),
        }
    }
}
