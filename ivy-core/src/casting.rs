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
    /// `crosscast_data_types`, for an op lacking the input's whole kind: ints when the op
    /// supports no integer dtype → the default float dtype; floats when it supports no float
    /// dtype, or an unsupported bool → the default int dtype. An op lacking only some
    /// dtypes of a kind is not crosscast (see [`cast_candidate`]).
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

/// Crosscast, only for an op lacking the input's whole kind (Ivy's "doesn't support int
/// dtypes, but supports float, and vice-versa"): an integer input when the op supports no
/// integer dtype (signed or unsigned) → the default float dtype; a float input when it
/// supports no float dtype → the default int dtype; an unsupported bool → the default int
/// dtype. Anything else (an op lacking only float16, say) finds nothing: crossing kinds there
/// would silently change values (1.5 → 1).
///
/// `supported` is what the op supports on the backend (the backend's valid dtypes minus the
/// op's gaps), so "every valid integer dtype of the backend is unsupported" is exactly
/// "`supported` holds no integer dtype".
fn crosscast(d: Dtype, supported: DtypeSet) -> Option<Dtype> {
    let lacks = |kind: DtypeSet| supported.intersection(kind).is_empty();
    let c = match d.kind() {
        DtypeKind::Int | DtypeKind::Uint if lacks(DtypeSet::INTEGER) => default_float_dtype(),
        DtypeKind::Float if lacks(DtypeSet::FLOAT) => default_int_dtype(),
        DtypeKind::Bool if !supported.contains(Dtype::Bool) => default_int_dtype(),
        _ => return None,
    };
    supported.contains(c).then_some(c)
}

/// The dtype an op supporting `supported` should compute `d` in under the casting modes on
/// for this thread, or `None` (no mode on, or no candidate): then the op reports the
/// unsupported dtype. `supported` is the op's supported set on the backend (the backend's
/// valid dtypes minus the op's gaps). Crosscast, then upcast, then downcast, as the modes
/// on allow (`Cast` turns on all three).
///
/// ```
/// use ivy_core::{cast_candidate, with_casting_mode, CastingMode, Dtype, DtypeSet};
/// // an op with no integer dtype at all: crosscast computes ints in the default float dtype
/// let floats = DtypeSet::FLOAT;
/// let c = with_casting_mode(CastingMode::Crosscast, || cast_candidate(Dtype::Int64, floats));
/// assert_eq!(c, Some(Dtype::Float32));
/// // an op lacking only float16: crosscast finds nothing (no silent 1.5 → 1) ...
/// let no_f16 = DtypeSet::VALID.difference(DtypeSet::of(&[Dtype::Float16]));
/// let c = with_casting_mode(CastingMode::Crosscast, || cast_candidate(Dtype::Float16, no_f16));
/// assert_eq!(c, None);
/// // ... and `Cast` goes on to upcast
/// let c = with_casting_mode(CastingMode::Cast, || cast_candidate(Dtype::Float16, no_f16));
/// assert_eq!(c, Some(Dtype::Float32));
/// ```
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

#[cfg(test)]
mod tests {
    use super::*;
    use Dtype::*;

    fn cross(d: Dtype, supported: DtypeSet) -> Option<Dtype> {
        with_casting_mode(CastingMode::Crosscast, || cast_candidate(d, supported))
    }

    #[test]
    fn crosscast_needs_the_whole_kind_missing() {
        let without = |ds: &[Dtype]| DtypeSet::VALID.difference(DtypeSet::of(ds));
        // lacking only float16 (or every float but one): no crossing to an int
        assert_eq!(cross(Float16, without(&[Float16])), None);
        assert_eq!(cross(Float16, without(&[Bfloat16, Float16, Float64])), None);
        // lacking every float: the default int
        assert_eq!(
            cross(Float16, without(&[Bfloat16, Float16, Float32, Float64])),
            Some(Int32)
        );
        // lacking some ints, signed or unsigned: nothing; lacking every integer: default float
        assert_eq!(cross(Int8, without(&[Int8])), None);
        assert_eq!(
            cross(Uint8, DtypeSet::FLOAT.union(DtypeSet::of(&[Int64]))),
            None
        );
        assert_eq!(cross(Uint8, DtypeSet::FLOAT), Some(Float32));
        // bool unsupported: the default int
        assert_eq!(cross(Bool, without(&[Bool])), Some(Int32));
        // complex never crosscasts
        assert_eq!(cross(Complex64, DtypeSet::FLOAT), None);
        // a backend's valid set (candle: no int8, uint16, uint64): its ints all gone counts
        let candle_valid = without(&[Int8, Uint16, Uint64, Complex64, Complex128, Bool]);
        let no_ints = candle_valid.difference(DtypeSet::INTEGER);
        assert_eq!(cross(Int64, no_ints), Some(Float32));
    }

    #[test]
    fn cast_is_crosscast_then_upcast_then_downcast() {
        let cast = |d, s| with_casting_mode(CastingMode::Cast, || cast_candidate(d, s));
        let no_f16 = DtypeSet::VALID.difference(DtypeSet::of(&[Float16]));
        assert_eq!(cast(Float16, no_f16), Some(Float32));
        let only_low = DtypeSet::of(&[Bfloat16, Int32]);
        assert_eq!(cast(Float16, only_low), Some(Bfloat16), "downcast last");
        assert_eq!(
            cast(Float16, DtypeSet::of(&[Int32])),
            Some(Int32),
            "crosscast first"
        );
    }
}
