//! candle: creation ops. Buffers come from the shared creation kernels (fallible
//! allocation, integers exact, never through f64) and move into the tensor without a copy.

use super::{candle_device, host_types, reserve, tensor, wrap, CandleBackend, HostElem};
use crate::engine::creation::{
    arange_values, asarray_values_copy, eye_values, filled_values, tri_mask, typed_values,
};
use crate::functional::creation::{asarray_array, CreationBackend};
use crate::{Array, Data, Device, Dtype, Result, Scalar};
use candle_core::Tensor;

#[ivy_macros::backend_impl]
impl CreationBackend for CandleBackend {
    fn full(
        shape: &[usize],
        fill_value: Scalar,
        dtype: Dtype,
        device: Device,
        n: usize,
    ) -> Result<Array> {
        let dev = candle_device("full", device)?;
        host_types!("full", dtype, T => {
            let v = filled_values::<T>("full", n, fill_value)?;
            T::array("full", v, shape, &dev)
        })
    }
    fn arange(
        start: Scalar,
        stop: Option<Scalar>,
        step: Scalar,
        dtype: Dtype,
        device: Device,
    ) -> Result<Array> {
        let dev = candle_device("arange", device)?;
        host_types!("arange", dtype, T => {
            let v = arange_values::<T>(start, stop, step, dtype)?;
            let n = v.len();
            T::array("arange", v, &[n], &dev)
        })
    }
    fn asarray(obj: Data, dtype: Dtype, device: Device, copy: Option<bool>) -> Result<Array> {
        const OP: &str = "asarray";
        let given = obj.into_given()?;
        let dev = candle_device(OP, device)?;
        let obj = match given {
            Ok(g) => {
                let r = asarray_array::<Self>(&g, dtype, device, copy);
                // only `copy = false` asks for a `Var`'s storage (see `asarray`)
                return match copy {
                    Some(false) => r,
                    _ => super::unshared(OP, &[&g.array], r),
                };
            }
            Err(values) => values,
        };
        asarray_values_copy(copy, crate::Backend::Candle)?;
        let values = obj.checked_values(dtype)?;
        host_types!("asarray", dtype, T => {
            let v = typed_values::<T>("asarray", values.len(), |i| values[i])?;
            T::array("asarray", v, &obj.shape, &dev)
        })
    }
    fn eye(
        n_rows: usize,
        n_cols: Option<usize>,
        k: i64,
        dtype: Dtype,
        device: Device,
    ) -> Result<Array> {
        let dev = candle_device("eye", device)?;
        host_types!("eye", dtype, T => {
            let (v, shape) = eye_values::<T>(n_rows, n_cols, k, dtype)?;
            T::array("eye", v, &shape, &dev)
        })
    }
    fn tril(x: &Array, k: i64) -> Result<Array> {
        tri("tril", x, false, k)
    }
    fn triu(x: &Array, k: i64) -> Result<Array> {
        tri("triu", x, true, k)
    }
}

/// `tril` / `triu` with candle's `where_cond`: the shared keep-mask (a u8 matrix, on `x`'s
/// device) broadcast over the stack of matrices selects `x` or zero — a select, so an inf or
/// NaN outside the triangle becomes 0 and one inside stays (a multiply would give NaN).
/// The stack is flattened to rank 3 first (candle's kernels are written for rank ≤ 8).
fn tri(op: &'static str, x: &Array, upper: bool, k: i64) -> Result<Array> {
    let t = tensor(op, x)?;
    let n = x.ndim();
    let (rows, cols) = (x.shape()[n - 2], x.shape()[n - 1]);
    reserve(op, x.shape(), x.dtype())?;
    if x.size() == 0 {
        return wrap(op, x.dtype(), t.copy());
    }
    let batch = x.size() / (rows * cols);
    let mask = tri_mask(op, upper, k, rows, cols)?;
    let r = Tensor::from_vec(mask, (rows, cols), t.device())
        .and_then(|m| m.broadcast_as((batch, rows, cols)))
        .and_then(|m| {
            let t3 = t.reshape((batch, rows, cols))?;
            m.where_cond(&t3, &t3.zeros_like()?)
        })
        .and_then(|r| r.reshape(x.shape()));
    wrap(op, x.dtype(), r)
}
