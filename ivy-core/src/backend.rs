//! Backend names and the global backend config: a process-wide default plus a thread-local
//! override stack.

use crate::device::DeviceSet;
use crate::dtype::{Dtype, DtypeSet};
use crate::error::{Error, Result};
use std::cell::{Cell, RefCell};
use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicU8, Ordering};

/// The one list of backends: every `match` on [`Backend`], its names (`FromStr`, `Display`,
/// [`Backend::NAMES`], the text of [`Error::UnknownBackend`]) and what ivy-core knows of each
/// backend are generated from it.
macro_rules! backends {
    ($(
        $(#[$doc:meta])*
        $variant:ident = $name:literal {
            valid_dtypes: $valid:expr,
            all_devices: $devices:expr,
            device_hint: $hint:literal $(,)?
        }
    ),* $(,)?) => {
        /// A backend ivy-rs knows of (compiled in or not).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        #[repr(u8)]
        pub enum Backend {
            $(
                #[doc = concat!("The `", $name, "` backend.")]
                $(#[$doc])*
                $variant,
            )*
        }
        impl Backend {
            /// Every known backend.
            pub const ALL: &'static [Backend] = &[$(Backend::$variant),*];
            /// The names of [`Backend::ALL`], in order: what `FromStr` reads and
            /// [`Error::UnknownBackend`] lists.
            ///
            /// ```
            /// use ivy_core::Backend;
            /// assert_eq!(Backend::NAMES, ["ndarray", "candle"]);
            /// let e = "tpu".parse::<Backend>().unwrap_err();
            /// assert_eq!(e.to_string(), "unknown backend `tpu`; valid backends are: ndarray, candle");
            /// ```
            pub const NAMES: &'static [&'static str] = &[$($name),*];
            /// The backend's name.
            pub const fn as_str(self) -> &'static str {
                match self { $(Backend::$variant => $name,)* }
            }
            /// The dtypes the backend can hold.
            pub const fn valid_dtypes(self) -> DtypeSet {
                match self { $(Backend::$variant => $valid,)* }
            }
            /// The device kinds the backend can use in a build with every feature (which of
            /// them this build has: `ivy::backends::devices` in crate `ivy`).
            ///
            /// ```
            /// use ivy_core::{Backend, Device};
            /// assert!(!Backend::Ndarray.all_devices().contains(Device::Cuda(0)));
            /// assert!(Backend::Candle.all_devices().contains(Device::Cuda(0)));
            /// ```
            pub const fn all_devices(self) -> DeviceSet {
                match self { $(Backend::$variant => $devices,)* }
            }
            /// What an error about an unusable device adds for this backend (the fix).
            pub const fn device_hint(self) -> &'static str {
                match self { $(Backend::$variant => $hint,)* }
            }
        }
        impl FromStr for Backend {
            type Err = Error;
            fn from_str(s: &str) -> Result<Backend> {
                match s {
                    $($name => Ok(Backend::$variant),)*
                    _ => Err(Error::UnknownBackend { name: s.to_string() }),
                }
            }
        }
    };
}

backends! {
    /// All 15 dtypes, on the CPU.
    Ndarray = "ndarray" {
        valid_dtypes: DtypeSet::VALID,
        all_devices: DeviceSet::CPU,
        device_hint: " (ndarray is CPU only)",
    },
    /// u8, u32, i16, i32, i64, bf16, f16, f32, f64 and bool (held as a u8 tensor of 0s and
    /// 1s, tagged bool); CPU, and CUDA with the `cuda` feature.
    Candle = "candle" {
        valid_dtypes: DtypeSet::of(&[
            Dtype::Bool,
            Dtype::Uint8,
            Dtype::Uint32,
            Dtype::Int16,
            Dtype::Int32,
            Dtype::Int64,
            Dtype::Bfloat16,
            Dtype::Float16,
            Dtype::Float32,
            Dtype::Float64,
        ]),
        all_devices: DeviceSet::ALL,
        device_hint: " (build ivy with the `cuda` feature for CUDA devices)",
    },
}

impl Backend {
    /// The backend of a backend type's name (`NdarrayBackend`), as macros see it.
    pub fn from_type_name(name: &str) -> Option<Backend> {
        Backend::ALL
            .iter()
            .copied()
            .find(|b| name.eq_ignore_ascii_case(&format!("{}Backend", b.as_str())))
    }
}

impl fmt::Display for Backend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

const NONE: u8 = u8::MAX;
static DEFAULT: AtomicU8 = AtomicU8::new(NONE);
thread_local! {
    static TOP: Cell<u8> = const { Cell::new(NONE) };
    static STACK: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

fn decode(b: u8) -> Option<Backend> {
    Backend::ALL.get(b as usize).copied()
}

/// The backend in force on this thread: the innermost [`with_backend`], else the last
/// [`set_backend`] on this thread, else the process default ([`set_default_backend`]), else
/// none.
///
/// ```
/// use ivy_core::{current_backend, with_backend, Backend};
/// assert_eq!(current_backend(), None);
/// with_backend(Backend::Candle, || assert_eq!(current_backend(), Some(Backend::Candle)));
/// assert_eq!(current_backend(), None);
/// ```
#[inline]
pub fn current_backend() -> Option<Backend> {
    let top = TOP.with(Cell::get);
    if top != NONE {
        return decode(top);
    }
    decode(DEFAULT.load(Ordering::Relaxed))
}

/// Pushes `b` onto this thread's backend stack (Ivy's `set_backend`).
pub fn set_backend(b: Backend) {
    STACK.with(|s| s.borrow_mut().push(TOP.with(|t| t.replace(b as u8))));
}

/// Pops this thread's backend stack (Ivy's `unset_backend`); returns the backend removed.
pub fn unset_backend() -> Option<Backend> {
    let prev = STACK.with(|s| s.borrow_mut().pop())?;
    decode(TOP.with(|t| t.replace(prev)))
}

/// Sets the process-wide default backend, seen by every thread without its own override.
pub fn set_default_backend(b: Option<Backend>) {
    DEFAULT.store(b.map_or(NONE, |b| b as u8), Ordering::Relaxed);
}

/// Runs `f` with `b` as this thread's backend, restoring the previous one after (also on panic).
pub fn with_backend<R>(b: Backend, f: impl FnOnce() -> R) -> R {
    struct Pop;
    impl Drop for Pop {
        fn drop(&mut self) {
            unset_backend();
        }
    }
    set_backend(b);
    let _pop = Pop;
    f()
}
