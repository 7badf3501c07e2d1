//! Devices.

use crate::error::{Error, Result};
use std::fmt;
use std::str::FromStr;

/// Where an array lives: `cpu` or `cuda:N`.
///
/// ```
/// use ivy_core::Device;
/// assert_eq!("cuda:1".parse::<Device>().unwrap(), Device::Cuda(1));
/// assert_eq!(Device::Cpu.to_string(), "cpu");
/// assert!("tpu".parse::<Device>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Device {
    /// The host CPU.
    #[default]
    Cpu,
    /// A CUDA GPU by ordinal.
    Cuda(usize),
}

impl fmt::Display for Device {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Device::Cpu => f.pad("cpu"),
            Device::Cuda(n) => f.pad(&format!("cuda:{n}")),
        }
    }
}

impl FromStr for Device {
    type Err = Error;
    fn from_str(s: &str) -> Result<Device> {
        match s {
            "cpu" => Ok(Device::Cpu),
            "cuda" | "gpu" => Ok(Device::Cuda(0)),
            _ => s
                .strip_prefix("cuda:")
                .or_else(|| s.strip_prefix("gpu:"))
                .and_then(|n| n.parse().ok())
                .map(Device::Cuda)
                .ok_or_else(|| Error::UnknownDevice {
                    name: s.to_string(),
                }),
        }
    }
}
