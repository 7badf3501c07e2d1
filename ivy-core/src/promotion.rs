//! Ivy's type promotion, as tables generated at build time from `spec/`.

use crate::dtype::Dtype;
use crate::error::{Error, Result};
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, Ordering};

include!(concat!(env!("OUT_DIR"), "/promotion_tables.rs"));

static PRECISE_GLOBAL: AtomicBool = AtomicBool::new(true);
thread_local! {
    static PRECISE_SCOPED: Cell<Option<bool>> = const { Cell::new(None) };
}

/// Whether precise promotion mode is on (the default).
pub fn precise_mode() -> bool {
    PRECISE_SCOPED
        .with(Cell::get)
        .unwrap_or_else(|| PRECISE_GLOBAL.load(Ordering::Relaxed))
}

/// Sets precise mode for the whole process.
pub fn set_precise_mode(on: bool) {
    PRECISE_GLOBAL.store(on, Ordering::Relaxed);
}

/// Runs `f` with precise mode set to `on` on this thread, then restores the previous mode.
///
/// ```
/// use ivy_core::{promote_types, with_precise_mode, Dtype};
/// let d = with_precise_mode(false, || promote_types(Dtype::Int32, Dtype::Float32).unwrap());
/// assert_eq!(d, Dtype::Float32);
/// assert_eq!(promote_types(Dtype::Int32, Dtype::Float32).unwrap(), Dtype::Float64);
/// ```
pub fn with_precise_mode<R>(on: bool, f: impl FnOnce() -> R) -> R {
    struct Restore(Option<bool>);
    impl Drop for Restore {
        fn drop(&mut self) {
            PRECISE_SCOPED.with(|c| c.set(self.0));
        }
    }
    let _restore = Restore(PRECISE_SCOPED.with(|c| c.replace(Some(on))));
    f()
}

/// A scoped precise mode for this thread, as a guard: the previous mode returns when it is
/// dropped (Ivy's `with ivy.PreciseMode(False):`).
///
/// ```
/// use ivy_core::{promote_types, Dtype, PreciseMode};
/// {
///     let _np = PreciseMode::new(false);
///     assert_eq!(promote_types(Dtype::Int32, Dtype::Float32).unwrap(), Dtype::Float32);
/// }
/// assert_eq!(promote_types(Dtype::Int32, Dtype::Float32).unwrap(), Dtype::Float64);
/// ```
#[must_use = "the mode ends when the guard is dropped"]
pub struct PreciseMode {
    prev: Option<bool>,
    // thread-local state: the guard must stay on its thread
    _not_send: std::marker::PhantomData<*const ()>,
}

impl PreciseMode {
    /// Sets precise mode to `on` on this thread until the guard is dropped.
    pub fn new(on: bool) -> PreciseMode {
        PreciseMode {
            prev: PRECISE_SCOPED.with(|c| c.replace(Some(on))),
            _not_send: std::marker::PhantomData,
        }
    }
}

impl Drop for PreciseMode {
    fn drop(&mut self) {
        PRECISE_SCOPED.with(|c| c.set(self.prev));
    }
}

fn spec_index(d: Dtype) -> usize {
    // The spec lists dtypes in `Dtype::ALL` order; `tests/` checks it.
    d as usize
}

/// Promotes two dtypes with Ivy's table (precise or not, per [`precise_mode`]).
///
/// ```
/// use ivy_core::{promote_types, Dtype::*};
/// assert_eq!(promote_types(Uint8, Int8).unwrap(), Int16);
/// assert_eq!(promote_types(Bool, Float16).unwrap(), Float16);
/// ```
pub fn promote_types(a: Dtype, b: Dtype) -> Result<Dtype> {
    let table = if precise_mode() {
        &PRECISE
    } else {
        &NON_PRECISE
    };
    let c = table[spec_index(a)][spec_index(b)];
    if c == 255 {
        return Err(Error::Promotion { a, b });
    }
    Ok(Dtype::ALL[c as usize])
}

/// `promote_types(from, to) == to`.
pub fn can_cast(from: Dtype, to: Dtype) -> bool {
    promote_types(from, to).map(|d| d == to).unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn spec_order_matches_dtype_order() {
        for (i, d) in Dtype::ALL.iter().enumerate() {
            assert_eq!(SPEC_DTYPES[i], d.as_str());
        }
    }
    #[test]
    fn every_pair_answers() {
        for a in Dtype::ALL {
            for b in Dtype::ALL {
                assert!(promote_types(a, b).is_ok(), "{a} {b}");
                assert!(with_precise_mode(false, || promote_types(a, b)).is_ok());
            }
        }
    }
}
