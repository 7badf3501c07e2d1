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

impl Device {
    /// The largest CUDA ordinal a device string may name (`cuda:65535`): one limit for both
    /// spellings (`cuda:N`, `gpu:N`). Far beyond any real machine, and small enough that no
    /// ordinal overflows a driver's `int`.
    pub const MAX_ORDINAL: usize = u16::MAX as usize;
}

/// The ordinal of `cuda:N` / `gpu:N`: one or more ASCII digits (no sign, no spaces), at most
/// [`Device::MAX_ORDINAL`].
fn parse_ordinal(n: &str) -> Option<usize> {
    if n.is_empty() || !n.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    // all digits: only overflow can fail, and anything that overflows is over the limit
    n.parse::<usize>()
        .ok()
        .filter(|&i| i <= Device::MAX_ORDINAL)
}

/// Parses `cpu`, `cuda`, `gpu` (ordinal 0), `cuda:N` and `gpu:N`, where `N` is plain ASCII
/// digits up to [`Device::MAX_ORDINAL`]; anything else (a sign, spaces, an empty or larger
/// number) is [`Error::UnknownDevice`].
///
/// ```
/// use ivy_core::Device;
/// assert_eq!("gpu:3".parse::<Device>().unwrap(), Device::Cuda(3));
/// assert_eq!("cuda:65535".parse::<Device>().unwrap(), Device::Cuda(65535));
/// for bad in ["cuda:65536", "gpu:18446744073709551615", "cuda:+1", "gpu: 1", "cuda:", "gpu:-0"] {
///     assert!(bad.parse::<Device>().is_err(), "{bad}");
/// }
/// ```
impl FromStr for Device {
    type Err = Error;
    fn from_str(s: &str) -> Result<Device> {
        match s {
            "cpu" => Ok(Device::Cpu),
            "cuda" | "gpu" => Ok(Device::Cuda(0)),
            _ => s
                .strip_prefix("cuda:")
                .or_else(|| s.strip_prefix("gpu:"))
                .and_then(parse_ordinal)
                .map(Device::Cuda)
                .ok_or_else(|| Error::UnknownDevice {
                    name: s.to_string(),
                }),
        }
    }
}

/// A set of device kinds (`cpu`, `cuda`) as a bitmask: the representation of device specs.
///
/// ```
/// use ivy_core::{Device, DeviceSet};
/// let s = DeviceSet::parse_name("gpu").unwrap();
/// assert!(s.contains(Device::Cuda(1)) && !s.contains(Device::Cpu));
/// assert_eq!(DeviceSet::ALL.names(), ["cpu", "cuda"]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct DeviceSet(pub u8);

impl DeviceSet {
    /// No device.
    pub const EMPTY: DeviceSet = DeviceSet(0);
    /// The host CPU.
    pub const CPU: DeviceSet = DeviceSet(1);
    /// Every CUDA device.
    pub const CUDA: DeviceSet = DeviceSet(2);
    /// Every device kind.
    pub const ALL: DeviceSet = DeviceSet(3);

    /// The index of a device's kind (0 = cpu, 1 = cuda).
    #[inline]
    pub const fn index(d: Device) -> usize {
        match d {
            Device::Cpu => 0,
            Device::Cuda(_) => 1,
        }
    }
    /// Whether the set holds `d`'s kind.
    #[inline]
    pub const fn contains(self, d: Device) -> bool {
        self.0 & (1 << Self::index(d)) != 0
    }
    /// Set union.
    pub const fn union(self, o: DeviceSet) -> DeviceSet {
        DeviceSet(self.0 | o.0)
    }
    /// Set difference.
    pub const fn difference(self, o: DeviceSet) -> DeviceSet {
        DeviceSet(self.0 & !o.0)
    }
    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// A device kind of a spec: `cpu`, or `cuda` / `gpu`.
    pub fn parse_name(s: &str) -> Option<DeviceSet> {
        match s {
            "cpu" => Some(Self::CPU),
            "cuda" | "gpu" => Some(Self::CUDA),
            _ => None,
        }
    }
    /// The kinds' names.
    pub fn names(self) -> Vec<&'static str> {
        [(Self::CPU, "cpu"), (Self::CUDA, "cuda")]
            .into_iter()
            .filter(|(k, _)| self.0 & k.0 != 0)
            .map(|(_, n)| n)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_parser_one_limit_for_both_spellings() {
        for p in ["cuda", "gpu"] {
            assert_eq!(format!("{p}:7").parse::<Device>().unwrap(), Device::Cuda(7));
            let max = format!("{p}:{}", Device::MAX_ORDINAL);
            assert_eq!(
                max.parse::<Device>().unwrap(),
                Device::Cuda(Device::MAX_ORDINAL)
            );
            for n in [
                "65536",
                "4294967296",
                "18446744073709551615",
                "18446744073709551616",
                "+1",
                "-1",
                " 1",
                "1 ",
                "",
                "1.0",
                "0x1",
                "١",
            ] {
                let s = format!("{p}:{n}");
                let e = s.parse::<Device>().unwrap_err();
                assert!(matches!(e, Error::UnknownDevice { .. }), "{s}: {e}");
            }
        }
        assert!(" cpu".parse::<Device>().is_err());
        assert_eq!(
            Device::Cuda(3).to_string().parse::<Device>().unwrap(),
            Device::Cuda(3)
        );
    }
}
