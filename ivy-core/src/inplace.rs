//! The in-place mode (Ivy's `set_inplace_mode`): what an update does when the array it
//! targets cannot be written in place (a candle tensor).

use crate::{Error, Result};
use std::cell::Cell;
use std::sync::atomic::{AtomicU8, Ordering};

/// What an in-place update (`inplace_update`, `out`, `Array::set`, the compound-assignment
/// methods) does with an array whose buffer cannot be written (a candle tensor).
///
/// * `Lenient` (the default, Ivy's): the Array is rebound to the new data — every handle
///   to the *Array* sees the update, other arrays sharing the old tensor do not.
/// * `Strict`: that rebinding is an [`Error::InplaceStrict`] and nothing changes, so code
///   that relies on buffer writes cannot silently behave differently on another backend.
///   Buffers that are written (ndarray arrays, candle `Var`s) are unaffected.
///
/// ```
/// use ivy_core::{inplace_mode, set_inplace_mode, unset_inplace_mode, with_inplace_mode, InplaceMode};
/// assert_eq!(inplace_mode(), InplaceMode::Lenient);
/// set_inplace_mode("strict").unwrap();
/// assert_eq!(inplace_mode(), InplaceMode::Strict);
/// assert_eq!(with_inplace_mode(InplaceMode::Lenient, inplace_mode), InplaceMode::Lenient);
/// unset_inplace_mode();
/// assert!(set_inplace_mode("loose").is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum InplaceMode {
    /// Rebind what cannot be written (Ivy's default).
    #[default]
    Lenient,
    /// Refuse to rebind: an error instead.
    Strict,
}

impl std::str::FromStr for InplaceMode {
    type Err = Error;
    fn from_str(s: &str) -> Result<InplaceMode> {
        match s {
            "lenient" => Ok(InplaceMode::Lenient),
            "strict" => Ok(InplaceMode::Strict),
            other => Err(Error::InvalidArgument {
                op: "set_inplace_mode",
                message: format!("unknown in-place mode {other:?}: use \"lenient\" or \"strict\""),
            }),
        }
    }
}

impl std::fmt::Display for InplaceMode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.pad(match self {
            InplaceMode::Lenient => "lenient",
            InplaceMode::Strict => "strict",
        })
    }
}

const UNSET: u8 = 0;
static GLOBAL: AtomicU8 = AtomicU8::new(UNSET);
thread_local! {
    static SCOPED: Cell<u8> = const { Cell::new(UNSET) };
}

fn encode(m: InplaceMode) -> u8 {
    match m {
        InplaceMode::Lenient => 1,
        InplaceMode::Strict => 2,
    }
}

fn decode(v: u8) -> Option<InplaceMode> {
    match v {
        1 => Some(InplaceMode::Lenient),
        2 => Some(InplaceMode::Strict),
        _ => None,
    }
}

/// The in-place mode in force: this thread's scoped one, else the process's, else lenient.
#[inline]
pub fn inplace_mode() -> InplaceMode {
    decode(SCOPED.with(Cell::get))
        .or_else(|| decode(GLOBAL.load(Ordering::Relaxed)))
        .unwrap_or_default()
}

/// Sets the process's in-place mode by name, `"lenient"` or `"strict"` (Ivy's
/// `set_inplace_mode`); another name is an [`Error::InvalidArgument`] and changes nothing.
pub fn set_inplace_mode(mode: &str) -> Result<()> {
    let m: InplaceMode = mode.parse()?;
    GLOBAL.store(encode(m), Ordering::Relaxed);
    Ok(())
}

/// Restores the default (lenient) in-place mode for the process.
pub fn unset_inplace_mode() {
    GLOBAL.store(UNSET, Ordering::Relaxed);
}

/// Runs `f` with the in-place mode `mode` on this thread (restored after, even on a panic).
pub fn with_inplace_mode<R>(mode: InplaceMode, f: impl FnOnce() -> R) -> R {
    struct Restore(u8);
    impl Drop for Restore {
        fn drop(&mut self) {
            SCOPED.with(|s| s.set(self.0));
        }
    }
    let _restore = Restore(SCOPED.with(|s| s.replace(encode(mode))));
    f()
}

/// `Ok` unless the strict mode forbids rebinding an array of `backend` in `op`.
pub fn check_rebind(op: &'static str, backend: crate::Backend) -> Result<()> {
    match inplace_mode() {
        InplaceMode::Lenient => Ok(()),
        InplaceMode::Strict => Err(Error::InplaceStrict { op, backend }),
    }
}
