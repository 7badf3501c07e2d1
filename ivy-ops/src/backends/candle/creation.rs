//! candle: creation ops. Buffers come from the shared creation kernels (fallible
//! allocation, integers exact, never through f64) and move into the tensor without a copy.

use super::{candle_device, candle_types, err, CandleArray, CandleBackend};
use crate::functional::creation::{arange_values, filled_values, typed_values, CreationBackend};
use crate::{Array, Backend, Data, Device, Dtype, Result, Scalar};
use candle_core::Tensor;

/// A tensor of `shape` from a row-major buffer, on `device`.
fn tensor_of<T: candle_core::WithDType>(
    op: &'static str,
    v: Vec<T>,
    shape: &[usize],
    dev: &candle_core::Device,
) -> Result<Array> {
    Tensor::from_vec(v, shape, dev)
        .map(|t| Array::from_candle(CandleArray::Tensor(t)))
        .map_err(|e| err(op, e))
}

#[ivy_macros::backend_impl]
impl CreationBackend for CandleBackend {
    fn full(shape: &[usize], fill_value: Scalar, dtype: Dtype, device: Device) -> Result<Array> {
        let dev = candle_device("full", device)?;
        candle_types!(dtype, T => {
            let v = filled_values::<T>("full", shape, fill_value, dtype)?;
            tensor_of("full", v, shape, &dev)
        }, other => Err(crate::array::not_in_backend(Some("full"), other, Backend::Candle)))
    }
    fn arange(
        start: Scalar,
        stop: Scalar,
        step: Scalar,
        dtype: Dtype,
        device: Device,
    ) -> Result<Array> {
        let dev = candle_device("arange", device)?;
        candle_types!(dtype, T => {
            let v = arange_values::<T>(start, stop, step, dtype)?;
            let n = v.len();
            tensor_of("arange", v, &[n], &dev)
        }, other => Err(crate::array::not_in_backend(Some("arange"), other, Backend::Candle)))
    }
    fn asarray(obj: Data, dtype: Dtype, device: Device) -> Result<Array> {
        let values = obj.checked_values(dtype)?;
        let dev = candle_device("asarray", device)?;
        candle_types!(dtype, T => {
            let v = typed_values::<T>("asarray", values.len(), |i| values[i])?;
            tensor_of("asarray", v, &obj.shape, &dev)
        }, other => Err(crate::array::not_in_backend(Some("asarray"), other, Backend::Candle)))
    }
}
