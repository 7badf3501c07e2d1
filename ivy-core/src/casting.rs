//! Casting modes: what an op does with a dtype it does not support. Off by default (the op
//! errors); each mode is settable process-wide and scoped per thread.

use crate::defaults::{default_float_dtype, default_int_dtype};
use crate::dtype::{Dtype, DtypeKind, DtypeSet};
use std::cell::Cell;
use std::sync::atomic::{AtomicU8, Ordering};

/// A casting mode of Ivy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastingMode {
    /// `upcast_data_types`: the next wider supported dtype of the same kind.
    Upcast,
    /// `downcast_data_types`: the next narrower supported dtype of the same kind.
    Downcast,
    /// `crosscast_data_types`: unsupported ints → the default float dtype; unsupported
    /// floats or bool → the default int dtype.
    Crosscast,
    /// `cast_data_types`: crosscast, then upcast, then downcast.
    Cast,
}

impl CastingMode {
    const fn bit(self) -> u8 {
        1 << (self as u8)
    }
}

static GLOBAL: AtomicU8 = AtomicU8::new(0);
thread_local! {
    static SCOPED: Cell<Option<u8>> = const { Cell::new(None) };
}

/// The casting modes on for this thread, as a bitmask (0 when none: the common case).
#[inline]
pub fn casting_modes() -> u8 {
    SCOPED
        .with(Cell::get)
        .unwrap_or_else(|| GLOBAL.load(Ordering::Relaxed))
}

/// Whether `mode` is on for this thread.
pub fn casting_mode(mode: CastingMode) -> bool {
    casting_modes() & mode.bit() != 0
}

/// Turns `mode` on or off process-wide (Ivy's `ivy.upcast_data_types = True`, …).
pub fn set_casting_mode(mode: CastingMode, on: bool) {
    if on {
        GLOBAL.fetch_or(mode.bit(), Ordering::Relaxed);
    } else {
        GLOBAL.fetch_and(!mode.bit(), Ordering::Relaxed);
    }
}

/// Runs `f` with only `mode` on for this thread (Ivy's `with ivy.UpcastDataTypes():`).
///
/// ```
/// use ivy_core::{cast_candidate, with_casting_mode, CastingMode, Dtype, DtypeSet};
/// let supported = DtypeSet::of(&[Dtype::Float32, Dtype::Float64]);
/// let up = with_casting_mode(CastingMode::Upcast, || cast_candidate(Dtype::Float16, supported));
/// assert_eq!(up, Some(Dtype::Float32));
/// assert_eq!(cast_candidate(Dtype::Float16, supported), None); // no mode: no cast
/// ```
pub fn with_casting_mode<R>(mode: CastingMode, f: impl FnOnce() -> R) -> R {
    struct Restore(Option<u8>);
    impl Drop for Restore {
        fn drop(&mut self) {
            SCOPED.with(|c| c.set(self.0));
        }
    }
    let _restore = Restore(SCOPED.with(|c| c.replace(Some(mode.bit()))));
    f()
}

/// The dtypes of `d`'s kind, narrowest first (bfloat16 before float16, as Ivy orders them).
fn ladder(d: Dtype) -> &'static [Dtype] {
    use Dtype::*;
    match d.kind() {
        DtypeKind::Int => &[Int8, Int16, Int32, Int64],
        DtypeKind::Uint => &[Uint8, Uint16, Uint32, Uint64],
        DtypeKind::Float => &[Bfloat16, Float16, Float32, Float64],
        DtypeKind::Complex => &[Complex64, Complex128],
        DtypeKind::Bool => &[Bool],
    }
}

fn upcast(d: Dtype, supported: DtypeSet) -> Option<Dtype> {
    let l = ladder(d);
    let i = l.iter().position(|x| *x == d)?;
    l[i + 1..].iter().copied().find(|x| supported.contains(*x))
}

fn downcast(d: Dtype, supported: DtypeSet) -> Option<Dtype> {
    let l = ladder(d);
    let i = l.iter().position(|x| *x == d)?;
    l[..i]
        .iter()
        .rev()
        .copied()
        .find(|x| supported.contains(*x))
}

fn crosscast(d: Dtype, supported: DtypeSet) -> Option<Dtype> {
    let c = match d.kind() {
        DtypeKind::Int | DtypeKind::Uint => default_float_dtype(),
        DtypeKind::Float | DtypeKind::Bool => default_int_dtype(),
        DtypeKind::Complex => return None,
    };
    supported.contains(c).then_some(c)
}

/// The dtype an op supporting `supported` should compute `d` in under the casting modes on
/// for this thread, or `None` (no mode on, or no candidate): then the op reports the
/// unsupported dtype.
pub fn cast_candidate(d: Dtype, supported: DtypeSet) -> Option<Dtype> {
    let modes = casting_modes();
    if modes == 0 {
        return None;
    }
    let on = |m: CastingMode| modes & m.bit() != 0;
    if on(CastingMode::Cast) {
        return crosscast(d, supported)
            .or_else(|| upcast(d, supported))
            .or_else(|| downcast(d, supported));
    }
    let mut r = None;
    if on(CastingMode::Crosscast) {
        r = r.or_else(|| crosscast(d, supported));
    }
    if on(CastingMode::Upcast) {
        r = r.or_else(|| upcast(d, supported));
    }
    if on(CastingMode::Downcast) {
        r = r.or_else(|| downcast(d, supported));
    }
    r
}
