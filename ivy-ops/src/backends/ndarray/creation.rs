//! ndarray: creation ops.

use super::kernels::{elem_from_scalar, full_typed};
use super::{NdElem, NdarrayBackend};
use crate::functional::creation::{arange_len, checked_size, CreationBackend};
use crate::{Array, Data, Device, Dtype, Error, Result, Scalar};
use ::ndarray::{ArrayD, IxDyn};

fn cpu_only(op: &'static str, device: Device) -> Result<()> {
    match device {
        Device::Cpu => Ok(()),
        d => Err(Error::DeviceUnavailable {
            op,
            device: d,
            backend: crate::Backend::Ndarray,
        }),
    }
}

fn filled(
    op: &'static str,
    shape: &[usize],
    s: Scalar,
    dtype: Dtype,
    device: Device,
) -> Result<Array> {
    cpu_only(op, device)?;
    checked_size(op, shape)?;
    Ok(Array::from_nd(
        super::nd_type!(dtype, T => full_typed::<T>(shape, elem_from_scalar::<T>(s))),
    ))
}

fn from_values(values: &[Scalar], shape: &[usize], dtype: Dtype) -> Result<Array> {
    let nd = super::nd_type!(dtype, T => {
        let v: Vec<T> = values.iter().map(|s| elem_from_scalar::<T>(*s)).collect();
        T::wrap(ArrayD::from_shape_vec(IxDyn(shape), v).map_err(|e| Error::InvalidArgument {
            op: "asarray",
            message: e.to_string(),
        })?)
    });
    Ok(Array::from_nd(nd))
}

#[ivy_macros::backend_impl]
impl CreationBackend for NdarrayBackend {
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
        cpu_only("arange", device)?;
        let n = arange_len(start, stop, step)?;
        let ints = [start, stop, step]
            .iter()
            .all(|s| matches!(s, Scalar::Int(_)));
        let values: Vec<Scalar> = (0..n)
            .map(|i| match (start, step) {
                (Scalar::Int(a), Scalar::Int(s)) if ints => Scalar::Int(a + i as i64 * s),
                _ => Scalar::Float(start.to_f64() + i as f64 * step.to_f64()),
            })
            .collect();
        from_values(&values, &[n], dtype)
    }
    fn asarray(obj: Data, dtype: Dtype, device: Device) -> Result<Array> {
        cpu_only("asarray", device)?;
        from_values(&obj.values, &obj.shape, dtype)
    }
}
