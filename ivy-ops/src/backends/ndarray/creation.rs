//! ndarray: creation ops.

use super::kernels::full_typed;
use super::{Elem, NdElem, NdarrayBackend};
use crate::functional::creation::{arange_values, checked_size, CreationBackend};
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
        super::nd_type!(dtype, T => full_typed::<T>(shape, T::from_scalar(s))),
    ))
}

fn from_values(values: &[Scalar], shape: &[usize], dtype: Dtype) -> Result<Array> {
    let nd = super::nd_type!(dtype, T => {
        let v: Vec<T> = values.iter().map(|s| T::from_scalar(*s)).collect();
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
        let values = arange_values(start, stop, step)?;
        from_values(&values, &[values.len()], dtype)
    }
    fn asarray(obj: Data, dtype: Dtype, device: Device) -> Result<Array> {
        cpu_only("asarray", device)?;
        from_values(&obj.values, &obj.shape, dtype)
    }
}
