//! Default dtypes: process-wide values, settable and unsettable, with thread-scoped
//! overrides (Ivy's `set_default_float_dtype`, `unset_…` and the context-manager forms).

use crate::dtype::{Dtype, DtypeKind};
use crate::error::{Error, Result};
use crate::scalar::Scalar;
use std::cell::Cell;
use std::sync::atomic::{AtomicU8, Ordering};

const UNSET: u8 = u8::MAX;

/// Which default.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DefaultKind {
    /// The global default dtype (`default_dtype()` with no item): float32.
    Dtype,
    /// The default float dtype: float32.
    Float,
    /// The default (signed) int dtype: int32.
    Int,
    /// The default unsigned dtype: uint32.
    Uint,
    /// The default complex dtype: complex64.
    Complex,
}

impl DefaultKind {
    const fn index(self) -> usize {
        self as usize
    }
    /// Ivy's out-of-the-box value.
    pub const fn builtin(self) -> Dtype {
        match self {
            DefaultKind::Dtype | DefaultKind::Float => Dtype::Float32,
            DefaultKind::Int => Dtype::Int32,
            DefaultKind::Uint => Dtype::Uint32,
            DefaultKind::Complex => Dtype::Complex64,
        }
    }
    fn accepts(self, d: Dtype) -> bool {
        match self {
            DefaultKind::Dtype => true,
            DefaultKind::Float => d.kind() == DtypeKind::Float,
            DefaultKind::Int => d.kind() == DtypeKind::Int,
            DefaultKind::Uint => d.kind() == DtypeKind::Uint,
            DefaultKind::Complex => d.kind() == DtypeKind::Complex,
        }
    }
    fn name(self) -> &'static str {
        match self {
            DefaultKind::Dtype => "set_default_dtype",
            DefaultKind::Float => "set_default_float_dtype",
            DefaultKind::Int => "set_default_int_dtype",
            DefaultKind::Uint => "set_default_uint_dtype",
            DefaultKind::Complex => "set_default_complex_dtype",
        }
    }
}

static GLOBAL: [AtomicU8; 5] = [
    AtomicU8::new(UNSET),
    AtomicU8::new(UNSET),
    AtomicU8::new(UNSET),
    AtomicU8::new(UNSET),
    AtomicU8::new(UNSET),
];

thread_local! {
    static SCOPED: [Cell<u8>; 5] = const {
        [Cell::new(UNSET), Cell::new(UNSET), Cell::new(UNSET), Cell::new(UNSET), Cell::new(UNSET)]
    };
}

fn decode(b: u8) -> Option<Dtype> {
    Dtype::ALL.get(b as usize).copied()
}

/// The default dtype of `kind` in force on this thread: a scoped override, else the process
/// value, else Ivy's builtin.
#[inline]
pub fn default_of(kind: DefaultKind) -> Dtype {
    let i = kind.index();
    decode(SCOPED.with(|s| s[i].get()))
        .or_else(|| decode(GLOBAL[i].load(Ordering::Relaxed)))
        .unwrap_or(kind.builtin())
}

/// Sets the process-wide default of `kind`; a dtype of the wrong kind is an error.
pub fn set_default(kind: DefaultKind, d: Dtype) -> Result<()> {
    if !kind.accepts(d) {
        return Err(Error::InvalidArgument {
            op: kind.name(),
            message: format!("{d} is not a valid dtype for this default"),
        });
    }
    GLOBAL[kind.index()].store(d as u8, Ordering::Relaxed);
    Ok(())
}

/// Restores Ivy's builtin default of `kind` for the process.
pub fn unset_default(kind: DefaultKind) {
    GLOBAL[kind.index()].store(UNSET, Ordering::Relaxed);
}

/// Runs `f` with the default of `kind` set to `d` on this thread.
///
/// ```
/// use ivy_core::{default_float_dtype, with_default, DefaultKind, Dtype};
/// let d = with_default(DefaultKind::Float, Dtype::Float64, default_float_dtype).unwrap();
/// assert_eq!(d, Dtype::Float64);
/// assert_eq!(default_float_dtype(), Dtype::Float32);
/// ```
pub fn with_default<R>(kind: DefaultKind, d: Dtype, f: impl FnOnce() -> R) -> Result<R> {
    if !kind.accepts(d) {
        return Err(Error::InvalidArgument {
            op: kind.name(),
            message: format!("{d} is not a valid dtype for this default"),
        });
    }
    struct Restore(usize, u8);
    impl Drop for Restore {
        fn drop(&mut self) {
            SCOPED.with(|s| s[self.0].set(self.1));
        }
    }
    let i = kind.index();
    let _restore = Restore(i, SCOPED.with(|s| s[i].replace(d as u8)));
    Ok(f())
}

/// The default float dtype (float32 unless set).
pub fn default_float_dtype() -> Dtype {
    default_of(DefaultKind::Float)
}
/// The default int dtype (int32 unless set).
pub fn default_int_dtype() -> Dtype {
    default_of(DefaultKind::Int)
}
/// The default unsigned dtype (uint32 unless set).
pub fn default_uint_dtype() -> Dtype {
    default_of(DefaultKind::Uint)
}
/// The default complex dtype (complex64 unless set).
pub fn default_complex_dtype() -> Dtype {
    default_of(DefaultKind::Complex)
}

/// Ivy's `default_dtype(dtype=…, item=…)`: an explicit dtype wins; else the item decides —
/// complex → default complex, float → default float, int → default int (beyond int32 → int64;
/// no signed dtype holds values beyond int64, so those are uint64 — see [`default_int_for`]),
/// bool → bool; with neither, the global default dtype.
///
/// ```
/// use ivy_core::{default_dtype, Dtype, Scalar};
/// assert_eq!(default_dtype(None, Some(Scalar::Int(3))), Dtype::Int32);
/// assert_eq!(default_dtype(None, Some(Scalar::Int(1 << 40))), Dtype::Int64);
/// assert_eq!(default_dtype(None, Some(Scalar::Float(0.5))), Dtype::Float32);
/// assert_eq!(default_dtype(Some(Dtype::Int8), Some(Scalar::Float(0.5))), Dtype::Int8);
/// assert_eq!(default_dtype(None, None), Dtype::Float32);
/// ```
pub fn default_dtype(dtype: Option<Dtype>, item: Option<Scalar>) -> Dtype {
    if let Some(d) = dtype {
        return d;
    }
    match item {
        None => default_of(DefaultKind::Dtype),
        Some(Scalar::Bool(_)) => Dtype::Bool,
        Some(Scalar::Int(i)) => default_int_for(i as i128),
        Some(Scalar::Float(_)) => default_float_dtype(),
        Some(Scalar::Complex(..)) => default_complex_dtype(),
    }
}

/// The dtype of an integer value: the default int dtype if it holds the value, else int64,
/// else uint64 (values beyond int64).
pub fn default_int_for(v: i128) -> Dtype {
    let d = default_int_dtype();
    let fits = |d: Dtype| match d {
        Dtype::Int8 => i8::try_from(v).is_ok(),
        Dtype::Int16 => i16::try_from(v).is_ok(),
        Dtype::Int32 => i32::try_from(v).is_ok(),
        _ => i64::try_from(v).is_ok(),
    };
    if fits(d) {
        d
    } else if i64::try_from(v).is_ok() {
        Dtype::Int64
    } else {
        Dtype::Uint64
    }
}
