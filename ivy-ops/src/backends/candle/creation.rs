//! candle: creation ops. Values are converted per dtype (integers exactly), never through f64.

use super::{candle_device, candle_types, err, CandleArray, CandleBackend};
use crate::elem::Elem;
use crate::functional::creation::{arange_values, checked_size, CreationBackend};
use crate::{Array, Backend, Data, Device, Dtype, Result, Scalar};
use candle_core::Tensor;

fn from_values(
    op: &'static str,
    values: &[Scalar],
    shape: &[usize],
    dtype: Dtype,
    device: Device,
) -> Result<Tensor> {
    let dev = candle_device(op, device)?;
    candle_types!(dtype, T => {
        let v: Vec<T> = values.iter().map(|s| T::from_scalar(*s)).collect();
        Tensor::from_vec(v, shape, &dev).map_err(|e| err(op, e))
    }, other => Err(crate::array::not_in_backend(Some(op), other, Backend::Candle)))
}

fn filled(
    op: &'static str,
    shape: &[usize],
    s: Scalar,
    dtype: Dtype,
    device: Device,
) -> Result<Array> {
    checked_size(op, shape)?;
    let one = from_values(op, &[s], &[], dtype, device)?;
    let t = one
        .broadcast_as(shape)
        .and_then(|t| t.contiguous())
        .map_err(|e| err(op, e))?;
    Ok(Array::from_candle(CandleArray::Tensor(t)))
}

#[ivy_macros::backend_impl]
impl CreationBackend for CandleBackend {
    fn zeros(shape: &[usize], dtype: Dtype, device: Device) -> Result<Array> {
        filled("zeros", shape, Scalar::Int(0), dtype, device)
    }
    fn ones(shape: &[usize], dtype: Dtype, device: Device) -> Result<Array> {
        filled("ones", shape, Scalar::Int(1), dtype, device)
    }
    fn full(shape: &[usize], fill_value: Scalar, dtype: Dtype, device: Device) -> Result<Array> {
        filled("full", shape, fill_value, dtype, device)
    }
    fn arange(
        start: Scalar,
        stop: Scalar,
        step: Scalar,
        dtype: Dtype,
        device: Device,
    ) -> Result<Array> {
        let values = arange_values(start, stop, step)?;
        let t = from_values("arange", &values, &[values.len()], dtype, device)?;
        Ok(Array::from_candle(CandleArray::Tensor(t)))
    }
    fn asarray(obj: Data, dtype: Dtype, device: Device) -> Result<Array> {
        let t = from_values("asarray", &obj.values, &obj.shape, dtype, device)?;
        Ok(Array::from_candle(CandleArray::Tensor(t)))
    }
}
