//! candle: creation ops.

use super::{candle_device, candle_dtype, err, wrap, CandleBackend};
use crate::functional::creation::{arange_len, checked_size, CreationBackend};
use crate::{Array, Data, Device, Dtype, Result, Scalar};
use candle_core::{DType, Tensor};

fn filled(
    op: &'static str,
    shape: &[usize],
    s: Scalar,
    dtype: Dtype,
    device: Device,
) -> Result<Array> {
    checked_size(op, shape)?;
    let d = candle_dtype(Some(op), dtype)?;
    let dev = candle_device(op, device)?;
    let base = Tensor::new(s.to_f64(), &dev).and_then(|t| t.to_dtype(d));
    wrap(
        op,
        base.and_then(|t| t.broadcast_as(shape))
            .and_then(|t| t.contiguous()),
    )
}

fn from_values(
    op: &'static str,
    values: Vec<f64>,
    shape: &[usize],
    dtype: Dtype,
    device: Device,
) -> Result<Array> {
    let d = candle_dtype(Some(op), dtype)?;
    let dev = candle_device(op, device)?;
    let t = Tensor::from_vec(values, shape, &dev).map_err(|e| err(op, e))?;
    wrap(
        op,
        if d == DType::F64 {
            Ok(t)
        } else {
            t.to_dtype(d)
        },
    )
}

#[ivy_macros::backend_impl]
impl CreationBackend for CandleBackend {
    fn zeros(shape: &[usize], dtype: Dtype, device: Device) -> Result<Array> {
        checked_size("zeros", shape)?;
        let d = candle_dtype(Some("zeros"), dtype)?;
        wrap(
            "zeros",
            Tensor::zeros(shape, d, &candle_device("zeros", device)?),
        )
    }
    fn ones(shape: &[usize], dtype: Dtype, device: Device) -> Result<Array> {
        checked_size("ones", shape)?;
        let d = candle_dtype(Some("ones"), dtype)?;
        wrap(
            "ones",
            Tensor::ones(shape, d, &candle_device("ones", device)?),
        )
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
        let n = arange_len(start, stop, step)?;
        let v: Vec<f64> = (0..n)
            .map(|i| start.to_f64() + i as f64 * step.to_f64())
            .collect();
        from_values("arange", v, &[n], dtype, device)
    }
    fn asarray(obj: Data, dtype: Dtype, device: Device) -> Result<Array> {
        let v: Vec<f64> = obj.values.iter().map(|s| s.to_f64()).collect();
        from_values("asarray", v, &obj.shape, dtype, device)
    }
}
