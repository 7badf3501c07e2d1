//! ndarray: devices. ndarray arrays live in host memory: the CPU is the only device.
//!
//! Declared from `backends/mod.rs` (`#[path]`), not from `ndarray/mod.rs`, so its module
//! path is `crate::backends::ndarray_device`.

use crate::functional::device::DeviceBackend;
use crate::{Array, Backend, Device, Error, NdarrayBackend, Result};

#[ivy_macros::backend_impl]
impl DeviceBackend for NdarrayBackend {
    fn to_device(x: &Array, device: Device) -> Result<Array> {
        match device {
            // an ndarray Array owns its buffer: a new Array is a copy (`Array::into_device`
            // moves the buffer instead)
            Device::Cpu => Ok(x.clone()),
            other => Err(Error::DeviceUnavailable {
                op: "to_device",
                device: other,
                backend: Backend::Ndarray,
            }),
        }
    }
}
