//! candle: joining, reshaping, permuting and gathering, each with candle's own kernels
//! (`cat`, `reshape`, `permute`, `index_select`).

use super::{err, reserve, tensor, wrap, CandleBackend};
use crate::functional::manipulation::{Dims, ManipulationBackend, TakePlan};
use crate::{Array, Error, Result};
use candle_core::Tensor;

#[ivy_macros::backend_impl]
impl ManipulationBackend for CandleBackend {
    fn concat(arrays: &[&Array], ax: Option<usize>, shape: Vec<usize>) -> Result<Array> {
        const OP: &str = "concat";
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

    fn reshape(x: &Array, _shape: &[i64], copy: Option<bool>, to: Dims) -> Result<Array> {
        const OP: &str = "reshape";
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
    fn reshape_out(
        x: &Array,
        shape: &[i64],
        _copy: Option<bool>,
        to: Dims,
        out: &mut Array,
    ) -> Result<()> {
        crate::functional::manipulation::reshape_on_out::<Self>(x, shape, to, out)
    }

    fn permute_dims(x: &Array, _axes: &[i64], perm: Vec<usize>) -> Result<Array> {
        const OP: &str = "permute_dims";
        let t = tensor(OP, x)?;
        reserve(OP, x.shape(), x.dtype())?;
        let r = wrap(OP, x.dtype(), t.permute(perm).and_then(|p| p.contiguous()));
        super::unshared(OP, &[x], r)
    }

    fn take(x: &Array, indices: &Array, axis: Option<usize>, plan: TakePlan) -> Result<Array> {
        const OP: &str = "take";
        let TakePlan {
            indices: idx,
            shape,
        } = plan;
        let t = tensor(OP, x)?;
        let lanes = match axis {
            Some(ax) => crate::kernel::sort::lanes(x.shape(), ax),
            None => (1, x.size(), 1),
        };
        let host = t.device().is_cpu() && !t.track_op();
        if host && idx.is_none() && x.dtype() != crate::Dtype::Int64 && !shape.contains(&0) {
            // the int64 ids read in place too (another dtype than x's: another storage, so
            // the two read guards are of two locks)
            let ids = tensor(OP, indices)?;
            let r =
                super::kernels::in_place(ids, |ids: &[i64]| host_take(x, t, lanes, ids, &shape));
            if let Some(Some(r)) = r {
                return r;
            }
        }
        let idx = match idx {
            Some(v) => v,
            None => {
                // candle's own gather takes indices in range
                let mut v = indices.to_vec::<i64>()?;
                crate::kernel::gather::wrap_indices(OP, &mut v, lanes.1)?;
                v
            }
        };
        if idx.is_empty() || shape.contains(&0) {
            return wrap(
                OP,
                x.dtype(),
                Tensor::zeros(shape.as_slice(), t.dtype(), t.device()),
            );
        }
        if host {
            // off an autograd graph on the CPU: the host gather, read in place
            if let Some(r) = host_take(x, t, lanes, &idx, &shape) {
                return r;
            }
        }
        let (src, ax) = match axis {
            // candle's `index_select` takes contiguous tensors only (free when it is one)
            Some(ax) => (t.contiguous().map_err(|e| err(OP, e))?, ax),
            None => (t.flatten_all().map_err(|e| err(OP, e))?, 0),
        };
        let len = idx.len();
        let r = Tensor::from_vec(idx, len, t.device())
            .and_then(|i| src.index_select(&i, ax))
            .and_then(|r| r.reshape(shape.as_slice()));
        wrap(OP, x.dtype(), r)
    }
}

/// [`cpu_take`] for the dtypes it reads in place (`None` for the others).
fn host_take(
    x: &Array,
    t: &Tensor,
    lanes: (usize, usize, usize),
    idx: &[i64],
    shape: &[usize],
) -> Option<Result<Array>> {
    match x.dtype() {
        crate::Dtype::Float32 => cpu_take::<f32>(t, lanes, idx, shape),
        crate::Dtype::Float64 => cpu_take::<f64>(t, lanes, idx, shape),
        crate::Dtype::Int64 => cpu_take::<i64>(t, lanes, idx, shape),
        crate::Dtype::Int32 => cpu_take::<i32>(t, lanes, idx, shape),
        _ => None,
    }
}

/// `take` of a contiguous CPU tensor by the host gather ([`crate::kernel::gather`]), its
/// values read in place from candle's storage: `None` when `t` is not such a tensor.
fn cpu_take<T: super::HostElem + candle_core::WithDType>(
    t: &Tensor,
    lanes: (usize, usize, usize),
    idx: &[i64],
    shape: &[usize],
) -> Option<Result<Array>> {
    const OP: &str = "take";
    let v = super::kernels::in_place(t, |xs: &[T]| {
        crate::kernel::gather::take(OP, xs, lanes, idx)
    })?;
    Some(v.and_then(|v| T::array(OP, v, shape, t.device())))
}
