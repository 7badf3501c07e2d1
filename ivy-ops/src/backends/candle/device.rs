//! candle: devices. A tensor moves with `Tensor::to_device`; CUDA devices come from
//! [`candle_device`](super::candle_device) (one per ordinal for the process).

use super::{candle_device, device_of, reserve, tensor, wrap, CandleBackend};
use crate::functional::device::DeviceBackend;
use crate::{Array, Device, Result};

#[ivy_macros::backend_impl]
impl DeviceBackend for CandleBackend {
    fn dev(x: &Array) -> Result<Device> {
        Ok(x.device())
    }

    fn to_device(x: &Array, device: Device) -> Result<Array> {
        const OP: &str = "to_device";
        let t = tensor(OP, x)?;
        if device_of(t.device()) == device {
            // already there: the same tensor (candle clones share the storage)
            return Ok(x.clone());
        }
        let dev = candle_device(OP, device)?;
        if device == Device::Cpu {
            // candle aborts when host memory runs out: ask first
            reserve(OP, t.dims(), x.dtype())?;
        }
        wrap(OP, x.dtype(), t.to_device(&dev))
    }
}
