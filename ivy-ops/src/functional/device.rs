//! Devices: where an array lives, and moving it (Ivy's `ivy.functional.ivy.device`). The
//! default device (`default_device`, `set_default_device`, `unset_default_device`,
//! `with_default_device`) is plain code in ivy-core, re-exported at the crate root.

/// Device functions.
#[ivy_macros::category(support_docs = "docs/support")]
pub mod device {
    use crate::{Array, Container, Device, Result};

    /// The device `x` lives on (Ivy's `dev`): always the CPU on ndarray; the tensor's device
    /// on candle. Primary, as the Function Types page classifies it (each backend answers
    /// for its arrays); [`Array::device`] is the same answer, infallibly.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::zeros([2])?;
    /// assert_eq!(ivy::dev(&x)?, Device::Cpu);
    /// let y = ivy::with_backend(Backend::Candle, || ivy::ones([2]))?;
    /// assert_eq!(ivy::dev(&y)?, Device::Cpu);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    pub fn dev(x: &Array) -> Result<Device>;

    /// The arrays of `within` that are on `device`, under their key chains (Ivy's
    /// `get_all_arrays_on_dev`). Ivy walks Python's garbage collector for every live array;
    /// Rust has none, and a registry of every live array would cost each array creation a
    /// global lock, so the arrays looked at are the ones the caller holds, in a Container.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let c: Container = ivy::container! { a: ivy::zeros([2])?, b: { c: ivy::ones([3])? } };
    /// let on_cpu = ivy::get_all_arrays_on_dev(Device::Cpu, &c)?;
    /// assert_eq!(on_cpu.all_key_chains(), ["a", "b/c"]);
    /// assert!(ivy::get_all_arrays_on_dev(Device::Cuda(0), &c)?.is_empty());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[container_dependent]
    pub fn get_all_arrays_on_dev(device: Device, within: &Container) -> Result<Container> {
        let mut out = Container::with_key_order(within.key_order());
        for (kc, a) in within.leaves() {
            if dev(a)? == device {
                out.insert(&kc, a.clone());
            }
        }
        Ok(out)
    }

    /// `x` on `device` (Ivy's `to_device`), same backend, dtype, shape and values.
    ///
    /// - To the device `x` is already on: `x` itself, no data copied (the same ndarray
    ///   buffer, copy-on-write, or the same candle tensor).
    /// - ndarray: the CPU only; any other device is [`Error::DeviceUnavailable`](crate::Error::DeviceUnavailable).
    /// - candle: `cpu`, and `cuda:N` when ivy is built with the `cuda` feature (else
    ///   `DeviceUnavailable`, naming the feature); an ordinal the CUDA driver does not
    ///   have is [`Error::NoSuchDevice`](crate::Error::NoSuchDevice), a GPU it has but
    ///   cannot open [`Error::Backend`](crate::Error::Backend) with the driver's message.
    ///
    /// Ops never move arrays between devices themselves: arrays on different devices in one
    /// call are [`Error::DeviceMismatch`](crate::Error::DeviceMismatch); bring them
    /// together with `to_device` first.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Candle);
    /// let x = ivy::asarray([1.0f32, 2.0])?;
    /// let y = ivy::to_device(&x, Device::Cpu)?;
    /// assert_eq!((y.device(), &y), (Device::Cpu, &x));
    /// // ndarray has no GPU
    /// let z = ivy::with_backend(Backend::Ndarray, || ivy::asarray([1.0f32]))?;
    /// let e = ivy::to_device(&z, Device::Cuda(0)).unwrap_err();
    /// assert!(matches!(e, ivy::Error::DeviceUnavailable { op: "to_device", .. }));
    /// assert!(e.to_string().contains("ndarray is CPU only"));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    pub fn to_device(x: &Array, device: Device) -> Result<Array>;
}

#[doc(inline)]
pub use device::*;

use crate::{Array, Device, Result};

impl Array {
    /// This array on `device`, by value: when it is already there it is returned as is (the
    /// same buffer on every backend, ndarray's included); otherwise [`to_device`] moves it.
    /// The errors are `to_device`'s.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([1.0f32, 2.0])?;
    /// let y = x.clone().into_device(Device::Cpu)?;
    /// assert_eq!(y, x);
    /// assert!(x.into_device(Device::Cuda(0)).is_err());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn into_device(self, device: Device) -> Result<Array> {
        if self.device() == device {
            return Ok(self);
        }
        to_device(&self, device)
    }
}
