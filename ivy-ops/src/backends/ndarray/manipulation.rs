//! ndarray: joining arrays.

use super::kernels::nd;
use super::{NdElem, NdarrayBackend};
use crate::functional::manipulation::{concat_plan, ManipulationBackend};
use crate::{Array, Error, Result};
use ::ndarray::{ArrayD, ArrayViewD, Axis, IxDyn};

#[ivy_macros::backend_impl]
impl ManipulationBackend for NdarrayBackend {
    fn concat(arrays: &[&Array], axis: Option<usize>) -> Result<Array> {
        const OP: &str = "concat";
        let (first, ax, shape) = concat_plan(arrays, axis)?;
        super::nd_all!(nd(OP, first)?, _a, T => {
            let views = arrays
                .iter()
                .map(|x| {
                    T::unwrap_ref(nd(OP, x)?)
                        .map(|a| a.view())
                        .ok_or_else(|| Error::InvalidArgument {
                            op: OP,
                            message: format!(
                                "arrays of one dtype expected, got {} and {}",
                                first.dtype(),
                                x.dtype()
                            ),
                        })
                })
                .collect::<Result<Vec<ArrayViewD<'_, T>>>>()?;
            let r: ArrayD<T> = match ax {
                None => ArrayD::from_shape_vec(
                    IxDyn(&shape),
                    views.iter().flat_map(|v| v.iter().copied()).collect(),
                ),
                Some(ax) => ::ndarray::concatenate(Axis(ax), &views),
            }
            .map_err(|_| Error::Shape {
                op: OP,
                lhs: first.shape().to_vec(),
                rhs: shape.clone(),
                reason: "do not join (the arrays need one rank and equal dimensions except along `axis`)",
            })?;
            Ok(Array::from_nd(T::wrap(r)))
        })
    }
}
