//! Default dtypes: process-wide values, settable and unsettable, with thread-scoped
//! overrides (Ivy's `set_default_float_dtype`, `unset_…` and the context-manager forms),
//! linked as Ivy links its stacks ([`default_of`]), and the range rules of Ivy's
//! `default_dtype(item=…)` / `default_float_dtype(input=…)` / `default_int_dtype(input=…)`.

use crate::dtype::{Dtype, DtypeKind};
use crate::error::{Error, Result};
use crate::scalar::Scalar;
use std::cell::Cell;
use std::sync::atomic::{AtomicU8, Ordering};

const UNSET: u8 = u8::MAX;

/// Which default.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DefaultKind {
    /// The global default dtype (`default_dtype()` with no item): float32, or the default
    /// float dtype when only that is set.
    Dtype,
    /// The default float dtype: float32, or a float global default dtype.
    Float,
    /// The default (signed) int dtype: int32, or a signed-int global default dtype.
    Int,
    /// The default unsigned dtype: uint32, or an unsigned global default dtype.
    Uint,
    /// The default complex dtype: complex64, or a complex global default dtype.
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
    fn mismatch(self, d: Dtype) -> String {
        let class = match self {
            DefaultKind::Dtype => "valid",
            DefaultKind::Float => "float",
            DefaultKind::Int => "signed integer",
            DefaultKind::Uint => "unsigned integer",
            DefaultKind::Complex => "complex",
        };
        format!("{d} is not a {class} dtype; this default takes only {class} dtypes")
    }
    fn name(self, scoped: bool) -> &'static str {
        match (self, scoped) {
            (DefaultKind::Dtype, false) => "set_default_dtype",
            (DefaultKind::Float, false) => "set_default_float_dtype",
            (DefaultKind::Int, false) => "set_default_int_dtype",
            (DefaultKind::Uint, false) => "set_default_uint_dtype",
            (DefaultKind::Complex, false) => "set_default_complex_dtype",
            (DefaultKind::Dtype, true) => "with_default_dtype",
            (DefaultKind::Float, true) => "with_default_float_dtype",
            (DefaultKind::Int, true) => "with_default_int_dtype",
            (DefaultKind::Uint, true) => "with_default_uint_dtype",
            (DefaultKind::Complex, true) => "with_default_complex_dtype",
        }
    }
    /// The typed error of a setter given a dtype of the wrong kind.
    fn check(self, d: Dtype, scoped: bool) -> Result<()> {
        if self.accepts(d) {
            return Ok(());
        }
        Err(Error::InvalidArgument {
            op: self.name(scoped),
            message: self.mismatch(d),
        })
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

/// The value of default `i` in force on this thread (scoped, else process), `UNSET` if none.
#[inline(always)]
fn raw(scoped: &[Cell<u8>; 5], i: usize) -> u8 {
    match scoped[i].get() {
        UNSET => GLOBAL[i].load(Ordering::Relaxed),
        b => b,
    }
}

/// The default dtype of `kind` in force on this thread, following Ivy's linked stacks (a
/// default is *set* when a scope on this thread or the process set it; a scope wins):
///
/// - `Dtype` (`default_dtype()` with no item): the global default dtype if set; else the
///   default float dtype if set; else float32.
/// - `Float`: the default float dtype if set; else the global default dtype if it is a float
///   dtype; else float32.
/// - `Int`, `Uint`, `Complex`: that default if set; else the global default dtype if it is of
///   that kind (signed int, unsigned int, complex); else int32, uint32, complex64.
///
/// A few thread-local and atomic loads, no allocation: it is on the dispatch hot path.
///
/// ```
/// use ivy_core::{default_of, with_default, DefaultKind, Dtype};
/// assert_eq!(default_of(DefaultKind::Dtype), Dtype::Float32);
/// // a set default float dtype is the global default when that is not set ...
/// let d = with_default(DefaultKind::Float, Dtype::Float64, || default_of(DefaultKind::Dtype));
/// assert_eq!(d.unwrap(), Dtype::Float64);
/// // ... and a float global default is the default float dtype when that is not set
/// let f = with_default(DefaultKind::Dtype, Dtype::Float16, || default_of(DefaultKind::Float));
/// assert_eq!(f.unwrap(), Dtype::Float16);
/// // a global default of another kind leaves the float default alone
/// let f = with_default(DefaultKind::Dtype, Dtype::Int64, || {
///     (default_of(DefaultKind::Float), default_of(DefaultKind::Int))
/// });
/// assert_eq!(f.unwrap(), (Dtype::Float32, Dtype::Int64));
/// ```
#[inline]
pub fn default_of(kind: DefaultKind) -> Dtype {
    SCOPED.with(|s| {
        if let Some(d) = decode(raw(s, kind.index())) {
            return d;
        }
        let linked = match kind {
            DefaultKind::Dtype => decode(raw(s, DefaultKind::Float.index())),
            _ => decode(raw(s, DefaultKind::Dtype.index())).filter(|d| kind.accepts(*d)),
        };
        linked.unwrap_or(kind.builtin())
    })
}

/// Sets the process-wide default of `kind`; a dtype of the wrong kind (an int for the float
/// default, …) is an [`Error::InvalidArgument`] and changes nothing.
///
/// ```
/// use ivy_core::{set_default, DefaultKind, Dtype, Error};
/// let e = set_default(DefaultKind::Float, Dtype::Int8).unwrap_err();
/// assert!(matches!(e, Error::InvalidArgument { op: "set_default_float_dtype", .. }));
/// ```
pub fn set_default(kind: DefaultKind, d: Dtype) -> Result<()> {
    kind.check(d, false)?;
    GLOBAL[kind.index()].store(d as u8, Ordering::Relaxed);
    Ok(())
}

/// Restores Ivy's builtin default of `kind` for the process.
pub fn unset_default(kind: DefaultKind) {
    GLOBAL[kind.index()].store(UNSET, Ordering::Relaxed);
}

/// Runs `f` with the default of `kind` set to `d` on this thread; a dtype of the wrong kind
/// is an [`Error::InvalidArgument`] and `f` does not run.
///
/// ```
/// use ivy_core::{default_float_dtype, with_default, DefaultKind, Dtype};
/// let d = with_default(DefaultKind::Float, Dtype::Float64, default_float_dtype).unwrap();
/// assert_eq!(d, Dtype::Float64);
/// assert_eq!(default_float_dtype(), Dtype::Float32);
/// assert!(with_default(DefaultKind::Float, Dtype::Int8, || unreachable!()).is_err());
/// ```
pub fn with_default<R>(kind: DefaultKind, d: Dtype, f: impl FnOnce() -> R) -> Result<R> {
    kind.check(d, true)?;
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

/// The default float dtype: the one set, else a float global default dtype, else float32
/// (see [`default_of`]).
pub fn default_float_dtype() -> Dtype {
    default_of(DefaultKind::Float)
}
/// The default int dtype: the one set, else a signed-int global default dtype, else int32.
pub fn default_int_dtype() -> Dtype {
    default_of(DefaultKind::Int)
}
/// The default unsigned dtype: the one set, else an unsigned global default dtype, else
/// uint32.
pub fn default_uint_dtype() -> Dtype {
    default_of(DefaultKind::Uint)
}
/// The default complex dtype: the one set, else a complex global default dtype, else
/// complex64.
pub fn default_complex_dtype() -> Dtype {
    default_of(DefaultKind::Complex)
}

/// The float dtype a float-only function (`tan`, `exp`, `atan2`, `divide`, `mean`, …)
/// computes and returns for an integer or bool input of dtype `d` (after promotion): float64
/// for int64 and uint64 when the backend holds float64 (`has_float64`), as numpy and Ivy's
/// jax backend answer; the default float dtype for narrower integers and bools (and for
/// int64 on a backend without float64). Other dtypes are returned unchanged.
///
/// ```
/// use ivy_core::{int_float_dtype, Dtype};
/// assert_eq!(int_float_dtype(Dtype::Int64, true), Dtype::Float64);
/// assert_eq!(int_float_dtype(Dtype::Uint64, true), Dtype::Float64);
/// assert_eq!(int_float_dtype(Dtype::Int32, true), Dtype::Float32); // the default float
/// assert_eq!(int_float_dtype(Dtype::Bool, true), Dtype::Float32);
/// assert_eq!(int_float_dtype(Dtype::Int64, false), Dtype::Float32);
/// assert_eq!(int_float_dtype(Dtype::Float16, true), Dtype::Float16);
/// ```
pub fn int_float_dtype(d: Dtype, has_float64: bool) -> Dtype {
    match d {
        Dtype::Int64 | Dtype::Uint64 if has_float64 => Dtype::Float64,
        d if d.is_int() || d.is_bool() => default_float_dtype(),
        d => d,
    }
}

/// Ivy's `default_dtype(dtype=…, item=…)`: an explicit dtype wins; else the item decides —
/// complex → default complex, float → default float, int → default int, bool → bool; with
/// neither, the global default dtype ([`default_of`]`(DefaultKind::Dtype)`, linked to the
/// default float dtype). Ranges decide before the defaults: an int beyond the default int
/// dtype → int64 (no signed dtype holds values beyond int64, so those are uint64 — see
/// [`default_int_for`]); a finite float that float32 cannot hold → float64 (see
/// [`default_float_dtype_for`]); a complex with such a part → complex128.
///
/// ```
/// use ivy_core::{default_dtype, Dtype, Scalar};
/// assert_eq!(default_dtype(None, Some(Scalar::Int(3))), Dtype::Int32);
/// assert_eq!(default_dtype(None, Some(Scalar::Int(1 << 40))), Dtype::Int64);
/// assert_eq!(default_dtype(None, Some(Scalar::Float(0.5))), Dtype::Float32);
/// assert_eq!(default_dtype(None, Some(Scalar::Float(1e300))), Dtype::Float64);
/// assert_eq!(default_dtype(None, Some(Scalar::Complex(0.0, 1e-300))), Dtype::Complex128);
/// assert_eq!(default_dtype(Some(Dtype::Int8), Some(Scalar::Float(0.5))), Dtype::Int8);
/// assert_eq!(default_dtype(None, None), Dtype::Float32);
/// ```
#[inline]
pub fn default_dtype(dtype: Option<Dtype>, item: Option<Scalar>) -> Dtype {
    if let Some(d) = dtype {
        return d;
    }
    match item {
        None => default_of(DefaultKind::Dtype),
        // one item is a list of one: the same kind and range rules
        Some(s) => default_dtype_for(&[s]),
    }
}

/// The dtype of an integer value: the default int dtype if it holds the value, else int64,
/// else uint64 (values beyond int64).
///
/// ```
/// use ivy_core::{default_int_for, Dtype};
/// assert_eq!(default_int_for(7), Dtype::Int32);
/// assert_eq!(default_int_for(-(1 << 40)), Dtype::Int64);
/// assert_eq!(default_int_for(1 << 63), Dtype::Uint64);
/// ```
pub fn default_int_for(v: i128) -> Dtype {
    int_dtype_for_range(v, v)
}

/// The default int dtype if it holds every value in `lo..=hi`, else int64 if that does, else
/// uint64.
fn int_dtype_for_range(lo: i128, hi: i128) -> Dtype {
    let d = default_int_dtype();
    let holds = |min: i128, max: i128| lo >= min && hi <= max;
    let fits = match d {
        Dtype::Int8 => holds(i8::MIN.into(), i8::MAX.into()),
        Dtype::Int16 => holds(i16::MIN.into(), i16::MAX.into()),
        Dtype::Int32 => holds(i32::MIN.into(), i32::MAX.into()),
        _ => holds(i64::MIN.into(), i64::MAX.into()),
    };
    if fits {
        d
    } else if holds(i64::MIN.into(), i64::MAX.into()) {
        Dtype::Int64
    } else {
        Dtype::Uint64
    }
}

/// Whether float32 cannot hold the finite, nonzero `x` (Ivy's `_check_float64`): |x| above
/// 3.4028235e38, or a binary exponent (`x = m·2^e`, 0.5 ≤ |m| < 1, C's `frexp`) below -126
/// or above 128. Zero, NaN and the infinities fit any float dtype.
#[inline]
fn beyond_float32(x: f64) -> bool {
    if x == 0.0 || !x.is_finite() {
        return false;
    }
    if x.abs() > 3.402_823_5e38 {
        return true;
    }
    // frexp exponent of a normal f64: the biased exponent minus 1022; a subnormal f64 is far
    // below float32's range
    let biased = ((x.to_bits() >> 52) & 0x7ff) as i32;
    biased == 0 || !(-126..=128).contains(&(biased - 1022))
}

/// Whether a float leaf, or a part of a complex leaf, is beyond float32 (ints never are: an
/// i64 is within float32's range).
#[inline]
fn beyond_float32_parts(s: Scalar) -> bool {
    match s {
        Scalar::Float(f) => beyond_float32(f),
        Scalar::Complex(re, im) => beyond_float32(re) || beyond_float32(im),
        Scalar::Bool(_) | Scalar::Int(_) => false,
    }
}

/// The integer value a leaf stands for in the int range rules: ints and bools exactly,
/// floats (and complex real parts) truncated, saturating; NaN and the infinities none.
fn int_value(s: Scalar) -> Option<i128> {
    let of_float = |f: f64| f.is_finite().then(|| f.trunc() as i128);
    match s {
        Scalar::Bool(b) => Some(b as i128),
        Scalar::Int(i) => Some(i),
        Scalar::Float(f) => of_float(f),
        Scalar::Complex(re, _) => of_float(re),
    }
}

/// Ivy's `default_float_dtype(input=…)` for a number or a (flattened) list of numbers: float64
/// when any value is a finite float that float32 cannot hold (|x| > 3.4028235e38, or a
/// binary exponent below -126 or above 128 — zero excluded), else the default float dtype
/// ([`default_float_dtype`]). An empty input gives the default float dtype.
///
/// ```
/// use ivy_core::{default_float_dtype_for, Dtype, Scalar};
/// assert_eq!(default_float_dtype_for(&[Scalar::Float(0.5)]), Dtype::Float32);
/// assert_eq!(default_float_dtype_for(&[Scalar::Float(1e300)]), Dtype::Float64);
/// assert_eq!(default_float_dtype_for(&[Scalar::Float(1.0), Scalar::Float(1e-40)]), Dtype::Float64);
/// assert_eq!(default_float_dtype_for(&[Scalar::Float(0.0), Scalar::Float(f64::INFINITY)]), Dtype::Float32);
/// ```
pub fn default_float_dtype_for(input: &[Scalar]) -> Dtype {
    if input.iter().any(|s| beyond_float32_parts(*s)) {
        Dtype::Float64
    } else {
        default_float_dtype()
    }
}

/// Ivy's `default_int_dtype(input=…)` for a number or a (flattened) list of numbers: the
/// default int dtype when it holds every value, else int64 when that does, else uint64 (a
/// value beyond int64). Floats count by their truncated value. An empty input gives the
/// default int dtype.
///
/// ```
/// use ivy_core::{default_int_dtype_for, Dtype, Scalar};
/// assert_eq!(default_int_dtype_for(&[Scalar::Int(1), Scalar::Int(-2)]), Dtype::Int32);
/// assert_eq!(default_int_dtype_for(&[Scalar::Int(1), Scalar::Int(1 << 40)]), Dtype::Int64);
/// assert_eq!(default_int_dtype_for(&[Scalar::Int(i64::MIN.into())]), Dtype::Int64);
/// assert_eq!(default_int_dtype_for(&[Scalar::Int(1 << 63)]), Dtype::Uint64); // a Python int past int64
/// assert_eq!(default_int_dtype_for(&[Scalar::Float(1e19)]), Dtype::Uint64);
/// ```
pub fn default_int_dtype_for(input: &[Scalar]) -> Dtype {
    let mut range: Option<(i128, i128)> = None;
    for v in input.iter().filter_map(|s| int_value(*s)) {
        range = Some(match range {
            None => (v, v),
            Some((lo, hi)) => (lo.min(v), hi.max(v)),
        });
    }
    match range {
        None => default_int_dtype(),
        Some((lo, hi)) => int_dtype_for_range(lo, hi),
    }
}

/// Ivy's `default_uint_dtype(input=…)`: the default unsigned dtype when it holds the largest
/// value, else uint64. (Negative values fit no unsigned dtype; converting them wraps, as every
/// integer conversion does.)
///
/// ```
/// use ivy_core::{default_uint_dtype_for, Dtype, Scalar};
/// assert_eq!(default_uint_dtype_for(&[Scalar::Int(7)]), Dtype::Uint32);
/// assert_eq!(default_uint_dtype_for(&[Scalar::Int(1 << 40)]), Dtype::Uint64);
/// ```
pub fn default_uint_dtype_for(input: &[Scalar]) -> Dtype {
    let d = default_uint_dtype();
    let max = input.iter().filter_map(|s| int_value(*s)).max();
    let limit: i128 = match d {
        Dtype::Uint8 => u8::MAX.into(),
        Dtype::Uint16 => u16::MAX.into(),
        Dtype::Uint32 => u32::MAX.into(),
        _ => u64::MAX.into(),
    };
    match max {
        Some(m) if m > limit => Dtype::Uint64,
        _ => d,
    }
}

/// Ivy's `default_complex_dtype(input=…)`: complex128 when any real or imaginary part is a
/// finite value float32 cannot hold (as in [`default_float_dtype_for`]), else the default
/// complex dtype.
///
/// ```
/// use ivy_core::{default_complex_dtype_for, Dtype, Scalar};
/// assert_eq!(default_complex_dtype_for(&[Scalar::Complex(1.0, 2.0)]), Dtype::Complex64);
/// assert_eq!(default_complex_dtype_for(&[Scalar::Complex(1e300, 0.0)]), Dtype::Complex128);
/// ```
pub fn default_complex_dtype_for(input: &[Scalar]) -> Dtype {
    if input.iter().any(|s| beyond_float32_parts(*s)) {
        Dtype::Complex128
    } else {
        default_complex_dtype()
    }
}

/// Ivy's `default_dtype(item=…)` for a (flattened) list of items: the highest kind among
/// them decides (bool < int < float < complex), then that kind's range rules over **all**
/// the items ([`default_int_dtype_for`], [`default_float_dtype_for`],
/// [`default_complex_dtype_for`]); bools alone give bool; an empty list gives the default
/// float dtype.
///
/// ```
/// use ivy_core::{default_dtype_for, Dtype, Scalar};
/// use Scalar::{Bool, Float, Int};
/// assert_eq!(default_dtype_for(&[Int(1), Int(1 << 40)]), Dtype::Int64);
/// assert_eq!(default_dtype_for(&[Int(1), Float(2.5)]), Dtype::Float32);
/// assert_eq!(default_dtype_for(&[Float(1.0), Float(1e300)]), Dtype::Float64);
/// assert_eq!(default_dtype_for(&[Bool(true)]), Dtype::Bool);
/// assert_eq!(default_dtype_for(&[]), Dtype::Float32);
/// ```
pub fn default_dtype_for(items: &[Scalar]) -> Dtype {
    let rank = |s: &Scalar| match s {
        Scalar::Bool(_) => 0u8,
        Scalar::Int(_) => 1,
        Scalar::Float(_) => 2,
        Scalar::Complex(..) => 3,
    };
    match items.iter().map(rank).max() {
        None | Some(2) => default_float_dtype_for(items),
        Some(0) => Dtype::Bool,
        Some(1) => default_int_dtype_for(items),
        Some(_) => default_complex_dtype_for(items),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Dtype::*;

    fn with<R>(kind: DefaultKind, d: Dtype, f: impl FnOnce() -> R) -> R {
        with_default(kind, d, f).unwrap()
    }

    #[test]
    fn defaults_are_linked() {
        use DefaultKind as K;
        // a set float default is the global default when that is unset (zeros(shape) follows)
        with(K::Float, Float64, || {
            assert_eq!(default_of(K::Dtype), Float64);
            assert_eq!(default_dtype(None, None), Float64);
            // a set global default wins over it
            with(K::Dtype, Float16, || {
                assert_eq!(default_of(K::Dtype), Float16)
            });
        });
        // a float global default is the float default when that is unset ...
        with(K::Dtype, Float64, || {
            assert_eq!(default_float_dtype(), Float64);
            assert_eq!(default_dtype(None, Some(Scalar::Float(0.5))), Float64);
            // ... and the kinds it is not leave their builtin
            assert_eq!(default_int_dtype(), Int32);
            assert_eq!(default_uint_dtype(), Uint32);
            assert_eq!(default_complex_dtype(), Complex64);
            // a set float default wins over it
            with(K::Float, Float16, || {
                assert_eq!(default_float_dtype(), Float16)
            });
        });
        for (global, kind) in [(Int8, K::Int), (Uint16, K::Uint), (Complex128, K::Complex)] {
            with(K::Dtype, global, || {
                assert_eq!(default_of(kind), global);
                assert_eq!(default_float_dtype(), Float32);
            });
        }
        // an unsigned global default is not the (signed) int default
        with(K::Dtype, Uint8, || assert_eq!(default_int_dtype(), Int32));
        assert_eq!(default_of(K::Dtype), Float32);
    }

    #[test]
    fn setters_reject_other_kinds() {
        for (kind, bad) in [
            (DefaultKind::Float, Int8),
            (DefaultKind::Float, Complex64),
            (DefaultKind::Int, Uint8),
            (DefaultKind::Int, Float32),
            (DefaultKind::Uint, Int8),
            (DefaultKind::Complex, Float64),
        ] {
            let e = with_default(kind, bad, || ()).unwrap_err();
            assert!(matches!(e, Error::InvalidArgument { .. }), "{e}");
            assert!(set_default(kind, bad).is_err());
        }
        assert_eq!(default_float_dtype(), Float32);
        assert_eq!(default_int_dtype(), Int32);
    }

    #[test]
    fn float_range_rules() {
        let f = |x: f64| default_dtype(None, Some(Scalar::Float(x)));
        for x in [1e300, -1e300, 3.5e38, 1e-300, 2f64.powi(-128), 5e-324] {
            assert_eq!(f(x), Float64, "{x:e}");
        }
        let max32 = f32::MAX as f64;
        for x in [
            0.0,
            -0.0,
            1.0,
            1e38,
            max32,
            1e-38,
            2f64.powi(-127),
            f64::NAN,
            f64::INFINITY,
        ] {
            assert_eq!(f(x), Float32, "{x:e}");
        }
        // float64 wins over any default float dtype
        with(DefaultKind::Float, Float16, || {
            assert_eq!(f(1e300), Float64);
            assert_eq!(f(1.0), Float16);
        });
        // lists: every leaf counts
        let v = [Scalar::Float(1.0), Scalar::Int(3), Scalar::Float(1e300)];
        assert_eq!(default_float_dtype_for(&v), Float64);
        assert_eq!(default_dtype_for(&v), Float64);
        assert_eq!(default_dtype_for(&v[..2]), Float32);
        assert_eq!(
            default_complex_dtype_for(&[Scalar::Complex(1.0, 1e300)]),
            Complex128
        );
    }

    #[test]
    fn int_range_rules() {
        use Scalar::Int;
        assert_eq!(
            default_int_dtype_for(&[Int(1), Int(i32::MAX as i128)]),
            Int32
        );
        assert_eq!(
            default_int_dtype_for(&[Int(1), Int(i32::MIN as i128 - 1)]),
            Int64
        );
        assert_eq!(default_int_dtype_for(&[Int(1), Int(1 << 40)]), Int64);
        assert_eq!(default_int_dtype_for(&[Scalar::Float(1e19)]), Uint64);
        assert_eq!(default_int_dtype_for(&[]), Int32);
        assert_eq!(default_dtype_for(&[Int(1), Int(1 << 40)]), Int64);
        with(DefaultKind::Int, Int8, || {
            assert_eq!(default_int_dtype_for(&[Int(100)]), Int8);
            assert_eq!(default_int_dtype_for(&[Int(1000)]), Int64);
        });
        assert_eq!(default_uint_dtype_for(&[Int(1 << 33)]), Uint64);
        assert_eq!(default_uint_dtype_for(&[Int(1 << 31)]), Uint32);
    }
}
