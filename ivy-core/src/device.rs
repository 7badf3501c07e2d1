//! Devices.

use crate::error::{Error, Result};
use std::cell::RefCell;
use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicUsize, Ordering};

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

thread_local! {
    /// This thread's default-device stack (Ivy's `default_device_stack`): the last entry is
    /// in force; empty means the CPU.
    static DEFAULT_DEVICE: RefCell<Vec<Device>> = const { RefCell::new(Vec::new()) };
}

/// The process-wide default device, seen by every thread with an empty stack:
/// 0 = none (the CPU), 1 = the CPU, `2 + n` = `cuda:n` up to [`Device::MAX_ORDINAL`];
/// [`HUGE`] = a larger ordinal, kept in [`HUGE_ORDINAL`] (no GPU has one, but `Device` holds
/// any `usize`, and the device set must be the device read back).
static PROCESS_DEFAULT: AtomicUsize = AtomicUsize::new(0);
const HUGE: usize = usize::MAX;
static HUGE_ORDINAL: AtomicUsize = AtomicUsize::new(0);

fn decode_process_default() -> Option<Device> {
    match PROCESS_DEFAULT.load(Ordering::Acquire) {
        0 => None,
        1 => Some(Device::Cpu),
        HUGE => Some(Device::Cuda(HUGE_ORDINAL.load(Ordering::Relaxed))),
        n => Some(Device::Cuda(n - 2)),
    }
}

/// Sets (or with `None` clears) the process-wide default device: the default of every
/// thread whose own stack ([`set_default_device`], [`with_default_device`]) is empty —
/// threads spawned later included. Like [`set_default_backend`](crate::set_default_backend)
/// for backends.
///
/// ```
/// use ivy_core::{default_device, set_process_default_device, with_default_device, Device};
/// set_process_default_device(Some(Device::Cuda(0)));
/// assert_eq!(std::thread::spawn(default_device).join().unwrap(), Device::Cuda(0));
/// // a thread's own setting wins
/// assert_eq!(with_default_device(Device::Cpu, default_device), Device::Cpu);
/// // every ordinal comes back as set (none beyond `Device::MAX_ORDINAL` exists, but a
/// // `Device` can hold one)
/// for n in [Device::MAX_ORDINAL, Device::MAX_ORDINAL + 1, usize::MAX - 1, usize::MAX] {
///     set_process_default_device(Some(Device::Cuda(n)));
///     assert_eq!(std::thread::spawn(default_device).join().unwrap(), Device::Cuda(n));
/// }
/// set_process_default_device(None);
/// assert_eq!(default_device(), Device::Cpu);
/// ```
pub fn set_process_default_device(d: Option<Device>) {
    let code = match d {
        None => 0,
        Some(Device::Cpu) => 1,
        Some(Device::Cuda(n)) if n <= Device::MAX_ORDINAL => n + 2,
        Some(Device::Cuda(n)) => {
            HUGE_ORDINAL.store(n, Ordering::Relaxed);
            HUGE
        }
    };
    // Release: a thread that reads `HUGE` reads the ordinal stored before it
    PROCESS_DEFAULT.store(code, Ordering::Release);
}

/// The default device on this thread (Ivy's `default_device()`): the innermost
/// [`with_default_device`], else the last [`set_default_device`] not yet unset, else the
/// process-wide default ([`set_process_default_device`]), else the CPU.
/// It is where creation ops put arrays when neither a `device` argument nor an array
/// argument decides (`#[infer_device]`: explicit → first array → this).
///
/// Like the backend stack ([`set_backend`](crate::set_backend)), the stack is per thread:
/// a thread starts on the process-wide default, the CPU unless set.
///
/// ```
/// use ivy_core::{default_device, with_default_device, Device};
/// assert_eq!(default_device(), Device::Cpu);
/// let d = with_default_device(Device::Cuda(1), default_device);
/// assert_eq!(d, Device::Cuda(1));
/// assert_eq!(default_device(), Device::Cpu);
/// ```
#[inline]
pub fn default_device() -> Device {
    DEFAULT_DEVICE
        .with(|s| s.borrow().last().copied())
        .or_else(decode_process_default)
        .unwrap_or(Device::Cpu)
}

/// Pushes `d` onto this thread's default-device stack (Ivy's `set_default_device`): it is
/// the default device until [`unset_default_device`] pops it.
///
/// ```
/// use ivy_core::{default_device, set_default_device, unset_default_device, Device};
/// set_default_device(Device::Cuda(0));
/// assert_eq!(default_device(), Device::Cuda(0));
/// assert_eq!(unset_default_device(), Some(Device::Cuda(0)));
/// assert_eq!(default_device(), Device::Cpu);
/// ```
pub fn set_default_device(d: Device) {
    DEFAULT_DEVICE.with(|s| s.borrow_mut().push(d));
}

/// Pops this thread's default-device stack (Ivy's `unset_default_device`): the device set
/// before the last [`set_default_device`] is the default again. Returns the device removed,
/// `None` (and nothing changes) when the stack is empty.
///
/// ```
/// use ivy_core::{default_device, set_default_device, unset_default_device, Device};
/// assert_eq!(unset_default_device(), None);
/// set_default_device(Device::Cuda(0));
/// set_default_device(Device::Cuda(1));
/// unset_default_device();
/// assert_eq!(default_device(), Device::Cuda(0));
/// unset_default_device();
/// assert_eq!(default_device(), Device::Cpu);
/// ```
pub fn unset_default_device() -> Option<Device> {
    DEFAULT_DEVICE.with(|s| s.borrow_mut().pop())
}

/// Runs `f` with `d` as this thread's default device (Ivy's `with ivy.DefaultDevice(d):`),
/// then restores the stack as it was before, also when `f` panics or leaves devices it set
/// itself on the stack.
///
/// ```
/// use ivy_core::{default_device, set_default_device, with_default_device, Device};
/// let inner = with_default_device(Device::Cuda(2), || {
///     set_default_device(Device::Cuda(3)); // left set: dropped on the way out
///     default_device()
/// });
/// assert_eq!(inner, Device::Cuda(3));
/// assert_eq!(default_device(), Device::Cpu);
/// ```
pub fn with_default_device<R>(d: Device, f: impl FnOnce() -> R) -> R {
    struct Restore(usize);
    impl Drop for Restore {
        fn drop(&mut self) {
            DEFAULT_DEVICE.with(|s| s.borrow_mut().truncate(self.0));
        }
    }
    let _restore = Restore(DEFAULT_DEVICE.with(|s| {
        let mut s = s.borrow_mut();
        s.push(d);
        s.len() - 1
    }));
    f()
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
    /// Set intersection.
    pub const fn intersection(self, o: DeviceSet) -> DeviceSet {
        DeviceSet(self.0 & o.0)
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
    fn default_device_stack_per_thread() {
        assert_eq!(default_device(), Device::Cpu);
        set_default_device(Device::Cuda(4));
        // another thread has its own stack
        assert_eq!(
            std::thread::spawn(default_device).join().unwrap(),
            Device::Cpu
        );
        with_default_device(Device::Cpu, || {
            assert_eq!(default_device(), Device::Cpu);
            with_default_device(Device::Cuda(1), || {
                assert_eq!(default_device(), Device::Cuda(1))
            });
            assert_eq!(default_device(), Device::Cpu);
        });
        assert_eq!(default_device(), Device::Cuda(4));
        // a panic inside the scope restores the stack
        let r = std::panic::catch_unwind(|| {
            with_default_device(Device::Cuda(9), || panic!("inside"));
        });
        assert!(r.is_err());
        assert_eq!(default_device(), Device::Cuda(4));
        assert_eq!(unset_default_device(), Some(Device::Cuda(4)));
        assert_eq!(unset_default_device(), None);
        assert_eq!(default_device(), Device::Cpu);
    }

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
