//! ndarray: devices. ndarray arrays live in host memory: the CPU is the only device.

use crate::functional::device::DeviceBackend;
use crate::{Array, Backend, Device, Error, NdarrayBackend, Result};

#[ivy_macros::backend_impl]
impl DeviceBackend for NdarrayBackend {
    fn dev(x: &Array) -> Result<Device> {
        Ok(x.device())
    }

    fn to_device(x: &Array, device: Device) -> Result<Array> {
        match device {
            // the same buffer, shared (copy-on-write storage: no element is copied)
            Device::Cpu => Ok(x.clone()),
            other => Err(Error::DeviceUnavailable {
                op: "to_device",
                device: other,
                backend: Backend::Ndarray,
            }),
        }
    }
}
