//! candle: joining, reshaping, permuting and gathering, each with candle's own kernels
//! (`cat`, `reshape`, `permute`, `index_select`).

use super::{err, reserve, tensor, wrap, CandleBackend};
use crate::functional::manipulation::{
    concat_plan, permutation, reshape_shape, take_indices, take_shape, ManipulationBackend,
};
use crate::{Array, Error, Result};
use candle_core::Tensor;

#[ivy_macros::backend_impl]
impl ManipulationBackend for CandleBackend {
    fn concat(arrays: &[&Array], axis: Option<usize>) -> Result<Array> {
        const OP: &str = "concat";
        let (_, ax, shape) = concat_plan(arrays, axis)?;
        // the dispatcher promoted the arrays to one dtype
        let d = arrays.first().map_or(crate::Dtype::Float32, |x| x.dtype());
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
                d,
                Tensor::zeros(shape.as_slice(), ts[0].dtype(), ts[0].device()),
            ),
            [one] => super::unshared(OP, arrays, wrap(OP, d, Ok((*one).clone()))),
            _ => wrap(OP, d, Tensor::cat(&parts, ax.unwrap_or(0))),
        }
    }

    fn reshape(x: &Array, shape: &[i64], copy: Option<bool>) -> Result<Array> {
        const OP: &str = "reshape";
        let to = reshape_shape(OP, x.shape(), shape)?;
        let t = tensor(OP, x)?;
        match copy {
            // a contiguous tensor reshapes in place: the result shares its storage
            Some(false) if !t.is_contiguous() => Err(Error::CopyNotAvoidable {
                op: OP,
                backend: crate::Backend::Candle,
                reason: "the tensor is not contiguous",
            }),
            Some(true) => {
                reserve(OP, &to, x.dtype())?;
                wrap(OP, x.dtype(), t.reshape(&*to).and_then(|r| r.copy()))
            }
            _ => {
                if !t.is_contiguous() {
                    reserve(OP, &to, x.dtype())?;
                }
                // shares a tensor's storage; a `Var`'s only when asked (`copy = Some(false)`)
                let r = wrap(OP, x.dtype(), t.reshape(&*to));
                match copy {
                    Some(false) => r,
                    _ => super::unshared(OP, &[x], r),
                }
            }
        }
    }

    /// `out` wins over `copy`: written into `out` whatever `copy` says.
    #[support_native_out]
    fn reshape_out(x: &Array, shape: &[i64], _copy: Option<bool>, out: &mut Array) -> Result<()> {
        crate::functional::manipulation::reshape_on_out::<Self>(x, shape, out)
    }

    fn permute_dims(x: &Array, axes: &[i64]) -> Result<Array> {
        const OP: &str = "permute_dims";
        let perm = permutation(OP, x.ndim(), axes)?;
        let t = tensor(OP, x)?;
        reserve(OP, x.shape(), x.dtype())?;
        let r = wrap(OP, x.dtype(), t.permute(perm).and_then(|p| p.contiguous()));
        super::unshared(OP, &[x], r)
    }

    fn take(x: &Array, indices: &Array, axis: Option<usize>) -> Result<Array> {
        const OP: &str = "take";
        let n = axis.map_or(x.size(), |ax| x.shape()[ax]);
        let idx = take_indices(OP, indices, n)?;
        let shape = take_shape(x.shape(), indices.shape(), axis);
        let t = tensor(OP, x)?;
        reserve(OP, &shape, x.dtype())?;
        if idx.is_empty() || shape.contains(&0) {
            return wrap(
                OP,
                x.dtype(),
                Tensor::zeros(shape.as_slice(), t.dtype(), t.device()),
            );
        }
        let (src, ax) = match axis {
            Some(ax) => (t.clone(), ax),
            None => (t.flatten_all().map_err(|e| err(OP, e))?, 0),
        };
        let ids: Vec<i64> = idx.iter().map(|&i| i as i64).collect();
        let len = ids.len();
        let r = Tensor::from_vec(ids, len, t.device())
            .and_then(|i| src.index_select(&i, ax))
            .and_then(|r| r.reshape(shape.as_slice()));
        wrap(OP, x.dtype(), r)
    }
}
