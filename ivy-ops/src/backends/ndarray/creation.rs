//! ndarray: creation ops. Buffers come from the shared creation kernels (fallible
//! allocation); this file only picks the element type.

use super::{NdElem, NdarrayBackend};
use crate::functional::creation::{arange_values, filled_values, typed_values, CreationBackend};
use crate::{Array, Data, Device, Dtype, Error, Result, Scalar};

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

/// Wraps a row-major buffer of `shape`.
fn shaped<T: NdElem>(op: &'static str, shape: &[usize], v: Vec<T>) -> Result<Array> {
    super::kernels::shaped(op, shape, v).map(|a| Array::from_nd(T::wrap(a)))
}

#[ivy_macros::backend_impl]
impl CreationBackend for NdarrayBackend {
    fn full(shape: &[usize], fill_value: Scalar, dtype: Dtype, device: Device) -> Result<Array> {
        cpu_only("full", device)?;
        super::nd_type!(dtype, T => {
            let v = filled_values::<T>("full", shape, fill_value, dtype)?;
            shaped("full", shape, v)
        })
    }
    fn arange(
        start: Scalar,
        stop: Scalar,
        step: Scalar,
        dtype: Dtype,
        device: Device,
    ) -> Result<Array> {
        cpu_only("arange", device)?;
        super::nd_type!(dtype, T => {
            let v = arange_values::<T>(start, stop, step, dtype)?;
            shaped("arange", &[v.len()], v)
        })
    }
    fn asarray(obj: Data, dtype: Dtype, device: Device) -> Result<Array> {
        let values = obj.checked_values(dtype)?;
        cpu_only("asarray", device)?;
        super::nd_type!(dtype, T => {
            let v = typed_values::<T>("asarray", values.len(), |i| values[i])?;
            shaped("asarray", &obj.shape, v)
        })
    }
}
