//! The indexing engine: index items ([`Idx`], the [`s!`](crate::s) macro, their by-name
//! encoding), their normalisation against a shape, and the selection they make (the
//! offsets of the selected elements, or the basic walk a backend's view or write follows).
//! The user API (`get_item`, `set_item`, `Array::get`, `Array::set`) is [`crate::indexing`].

use crate::{Array, Dtype, Error, Result};
use std::ops::{Range, RangeFrom, RangeFull, RangeInclusive, RangeTo, RangeToInclusive};

/// One item of an index.
#[derive(Clone, Debug, PartialEq)]
pub enum Idx {
    /// One position along an axis (negative counts from the end); the axis is dropped.
    Int(i64),
    /// `start:stop:step` along an axis (Python's meaning: `None` bounds take the defaults
    /// for the step's sign, out-of-range bounds clamp; a step of 0 is an error).
    Slice {
        /// The first position (`None`: the start, or the end for a negative step).
        start: Option<i64>,
        /// The position not reached (`None`: past the end, or before the start).
        stop: Option<i64>,
        /// The stride, negative to walk backwards.
        step: i64,
    },
    /// Every axis not named by the other items (at most one per index).
    Ellipsis,
    /// A new axis of length 1 (the Array API's `newaxis`).
    NewAxis,
    /// Integer-array indexing: an integer array of positions along one axis (negative ones
    /// count from the end). The arrays of one index broadcast together.
    Array(Array),
    /// Boolean-mask indexing: a bool array covering as many axes as it has (its shape must
    /// be theirs); selects, in row-major order, the elements where it is true.
    Mask(Array),
}

/// The Array API's `newaxis`: a new axis of length 1 at its place in an index.
pub const NEWAXIS: Idx = Idx::NewAxis;
/// The Array API's `...`: every axis the other items of an index do not name.
pub const ELLIPSIS: Idx = Idx::Ellipsis;

impl Idx {
    /// `start:stop:step` (Python's slice).
    pub const fn slice(start: Option<i64>, stop: Option<i64>, step: i64) -> Idx {
        Idx::Slice { start, stop, step }
    }

    /// A range with a step, as ndarray's `s![a..b;step]` means it: the range first, then
    /// every `step`-th element of it, walking it from its end when `step` is negative
    /// (`s![1..4;-1]` is positions 3, 2, 1; Python's `1:4:-1` would be empty). What the
    /// [`s!`](crate::s) macro builds for `range;step`. Only a range takes a step: anything
    /// else becomes a slice with step 0, which indexing reports as an error.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// use ivy::Idx;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::arange(6.0)?;
    /// assert_eq!(x.get(&[Idx::stepped(1..5, -2)])?.to_f64_vec()?, [4.0, 2.0]);
    /// assert_eq!(x.get(&[Idx::stepped(.., 4)])?.to_f64_vec()?, [0.0, 4.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn stepped(range: impl Into<Idx>, step: i64) -> Idx {
        match range.into() {
            Idx::Slice {
                start,
                stop,
                step: 1,
            } if step > 0 => Idx::slice(start, stop, step),
            // walk [a, b) backwards: from b - 1 down to a, in Python's terms
            Idx::Slice {
                start,
                stop,
                step: 1,
            } if step < 0 => {
                let first = match stop {
                    None => None,
                    // an empty range: [a, 0), and [a, i64::MIN) which has no last element
                    Some(0) | Some(i64::MIN) => return Idx::slice(Some(0), Some(0), step),
                    Some(b) => Some(b - 1),
                };
                let last = match start {
                    None | Some(0) => None,
                    Some(a) => Some(a.saturating_sub(1)),
                };
                Idx::slice(first, last, step)
            }
            _ => Idx::slice(None, None, 0),
        }
    }
}

impl From<i64> for Idx {
    fn from(i: i64) -> Idx {
        Idx::Int(i)
    }
}
impl From<Range<i64>> for Idx {
    fn from(r: Range<i64>) -> Idx {
        Idx::slice(Some(r.start), Some(r.end), 1)
    }
}
impl From<RangeInclusive<i64>> for Idx {
    fn from(r: RangeInclusive<i64>) -> Idx {
        // `a..=-1` is "through the last": no stop
        let stop = match r.end().checked_add(1) {
            Some(0) | None => None,
            s => s,
        };
        Idx::slice(Some(*r.start()), stop, 1)
    }
}
impl From<RangeFrom<i64>> for Idx {
    fn from(r: RangeFrom<i64>) -> Idx {
        Idx::slice(Some(r.start), None, 1)
    }
}
impl From<RangeTo<i64>> for Idx {
    fn from(r: RangeTo<i64>) -> Idx {
        Idx::slice(None, Some(r.end), 1)
    }
}
impl From<RangeToInclusive<i64>> for Idx {
    fn from(r: RangeToInclusive<i64>) -> Idx {
        Idx::from(0..=r.end)
    }
}
impl From<RangeFull> for Idx {
    fn from(_: RangeFull) -> Idx {
        Idx::slice(None, None, 1)
    }
}
impl From<&Array> for Idx {
    /// A bool array is a mask ([`Idx::Mask`]), any other an integer array ([`Idx::Array`];
    /// a float array is reported by indexing).
    fn from(a: &Array) -> Idx {
        Idx::from(a.clone())
    }
}
impl From<Array> for Idx {
    /// See `From<&Array>`.
    fn from(a: Array) -> Idx {
        match a.dtype() {
            Dtype::Bool => Idx::Mask(a),
            _ => Idx::Array(a),
        }
    }
}
impl From<&Idx> for Idx {
    fn from(i: &Idx) -> Idx {
        i.clone()
    }
}

// ======================================================================== indices by name

/// What a [`Value`](crate::registry::Value) holding one index item looks like (the
/// `query` of `get_item` / `set_item` called by name).
const ITEM: &str = "an index item (an int, a slice string \"start:stop:step\", \"...\", None or \"newaxis\", an integer array or a bool mask)";

/// `"start:stop"` or `"start:stop:step"`, each part optional (Python's slice syntax), or
/// the reason it is not one.
fn parse_slice(s: &str) -> std::result::Result<Idx, String> {
    let parts: Vec<&str> = s.split(':').map(str::trim).collect();
    if parts.len() > 3 {
        return Err("a slice has at most two colons, `start:stop:step`".into());
    }
    let part = |p: &str| -> std::result::Result<Option<i64>, String> {
        match p {
            "" => Ok(None),
            p => p
                .parse::<i64>()
                .map(Some)
                .map_err(|_| format!("`{p}` is not an integer")),
        }
    };
    let step = match parts.get(2) {
        Some(p) => part(p)?.unwrap_or(1),
        None => 1,
    };
    Ok(Idx::slice(part(parts[0])?, part(parts[1])?, step))
}

/// An index item by name: one clear encoding, Python's.
///
/// | value | item | Python |
/// |---|---|---|
/// | an int (`Value::from(-1)`) | [`Idx::Int`] | `x[-1]` |
/// | a string `"start:stop:step"`, each part optional (`":"`, `"1:"`, `"::-1"`, `"1:5:2"`) | [`Idx::Slice`] | `x[1:5:2]` |
/// | `"..."` | [`Idx::Ellipsis`] | `x[...]` |
/// | `Value::None` or `"newaxis"` | [`Idx::NewAxis`] | `x[None]` |
/// | an integer array | [`Idx::Array`] | `x[np.array([0, 2])]` |
/// | a bool array | [`Idx::Mask`] | `x[x > 0]` |
///
/// An index is a list of items (Python's tuple: `Value::List` of `[1, "::2"]` is
/// `x[1, ::2]`); a single item stands for a list of one. A list inside the index is not an
/// item: make it an array (Python would). Anything else — a float, a bool, text that is no
/// slice (`"1:x"`, `"1:2:3:4"`), a nested list — is `Error::ArgumentKind` naming the op,
/// the parameter and the item; a well-formed item the array rejects (out of range, a step
/// of 0, a mask of the wrong shape, too many items) is the op's `Error::InvalidArgument`.
///
/// ```
/// use ivy::registry::{call, Value};
/// ivy::set_backend(ivy::Backend::Ndarray);
/// let x = ivy::reshape(&ivy::arange(6.0)?, &[2, 3])?;
/// let q = Value::List(vec![Value::from(-1), Value::from("::-2")]); // x[-1, ::-2]
/// let y = call("get_item", &[Value::from(&x), q], &[])?;
/// assert_eq!(y.as_array().unwrap().to_f64_vec()?, [5.0, 3.0]);
/// let q = Value::List(vec![Value::from("..."), Value::None]); // x[..., None]
/// assert_eq!(call("get_item", &[Value::from(&x), q], &[])?.as_array().unwrap().shape(), &[2, 3, 1]);
/// let mask = ivy::greater(&x, 3.5)?;
/// let y = call("set_item", &[Value::from(&x), Value::from(&mask), Value::from(0)], &[])?; // x[x > 3.5] = 0
/// assert_eq!(y.as_array().unwrap().to_f64_vec()?, [0.0, 1.0, 2.0, 3.0, 0.0, 0.0]);
/// // malformed: a typed error naming the op and what an item is
/// let e = call("get_item", &[Value::from(&x), Value::from("1:x")], &[]).unwrap_err();
/// assert!(matches!(e, ivy::Error::ArgumentKind { op: "get_item", param: "query", .. }), "{e}");
/// // well-formed but out of range: the op's error
/// let e = call("get_item", &[Value::from(&x), Value::from(2)], &[]).unwrap_err();
/// assert!(matches!(e, ivy::Error::InvalidArgument { op: "get_item", .. }), "{e}");
/// # ivy::unset_backend();
/// # Ok::<(), ivy::Error>(())
/// ```
impl<'v> crate::registry::FromValue<'v> for Idx {
    const EXPECTED: &'static str = ITEM;
    const EXPLAINS: bool = true;
    fn from_value(v: &'v crate::registry::Value) -> Option<Self> {
        use crate::registry::Value;
        match v {
            // beyond int64: out of range for any axis, as the saturated value is
            Value::Scalar(crate::Scalar::Int(i)) => {
                Some(Idx::Int(i64::try_from(*i).unwrap_or(if *i < 0 {
                    i64::MIN
                } else {
                    i64::MAX
                })))
            }
            Value::None => Some(Idx::NewAxis),
            Value::Str(s) => match s.trim() {
                "..." => Some(Idx::Ellipsis),
                "newaxis" => Some(Idx::NewAxis),
                t if t.contains(':') => parse_slice(t).ok(),
                _ => None,
            },
            Value::Array(a) => Some(Idx::from(a)),
            _ => None,
        }
    }
    fn read(op: &'static str, param: &'static str, v: &'v crate::registry::Value) -> Result<Self> {
        use crate::registry::Value;
        if let Some(i) = Self::from_value(v) {
            return Ok(i);
        }
        let got = match v {
            Value::Str(s) => {
                let t = s.trim();
                let why = if t.contains(':') {
                    parse_slice(t).err().unwrap_or_default()
                } else {
                    "not a slice (`start:stop:step`), `...` or `newaxis`".into()
                };
                let shown: String = s.chars().take(40).collect();
                format!("the string {shown:?}: {why}")
            }
            Value::Scalar(crate::Scalar::Bool(_)) => {
                "a bool (a mask is a bool array)".into()
            }
            Value::List(_) => format!(
                "{} inside the index (an index is one list of items; make an inner list an integer array)",
                v.kind()
            ),
            other => other.kind(),
        };
        Err(Error::ArgumentKind {
            op,
            param,
            expected: ITEM,
            got,
        })
    }
}

/// The value of an index item, in the encoding [`FromValue`](crate::registry::FromValue)
/// reads back (see there).
///
/// ```
/// use ivy::registry::{FromValue, Value};
/// use ivy::Idx;
/// for i in [Idx::from(-2), Idx::slice(None, Some(4), -1), ivy::ELLIPSIS, ivy::NEWAXIS] {
///     let v = Value::from(i.clone());
///     assert_eq!(Idx::read("get_item", "query", &v)?, i);
/// }
/// assert!(matches!(Value::from(Idx::slice(Some(1), None, 2)), Value::Str(s) if s == "1::2"));
/// # Ok::<(), ivy::Error>(())
/// ```
impl From<Idx> for crate::registry::Value {
    fn from(i: Idx) -> crate::registry::Value {
        use crate::registry::Value;
        let part = |p: Option<i64>| p.map_or(String::new(), |v| v.to_string());
        match i {
            Idx::Int(i) => Value::from(i),
            Idx::Slice {
                start,
                stop,
                step: 1,
            } => Value::Str(format!("{}:{}", part(start), part(stop))),
            Idx::Slice { start, stop, step } => {
                Value::Str(format!("{}:{}:{step}", part(start), part(stop)))
            }
            Idx::Ellipsis => Value::from("..."),
            Idx::NewAxis => Value::None,
            Idx::Array(a) | Idx::Mask(a) => Value::Array(a),
        }
    }
}

/// An index, ndarray's `s![…]` syntax: items separated by commas, each an integer, a Rust
/// range, a range with a step (`a..b;step`, ndarray's meaning: see [`Idx::stepped`]), `...`
/// (the ellipsis), [`NEWAXIS`], an `&Array` (integer array or bool mask) or any [`Idx`].
/// It expands to `&[Idx; N]`, what [`Array::get`] and [`Array::set`] take.
///
/// ```
/// use ivy::prelude::*;
/// use ivy::{s, NEWAXIS};
/// ivy::set_backend(Backend::Candle);
/// let x = ivy::reshape(&ivy::arange(12.0)?, &[3, 4])?;
/// assert_eq!(x.get(s![-1, ..;2])?.to_f64_vec()?, [8.0, 10.0]);      // x[-1, ::2]
/// assert_eq!(x.get(s![..., 1..3, NEWAXIS])?.shape(), &[3, 2, 1]);    // x[..., 1:3, None]
/// assert_eq!(x.get(s![1..;-1, 0])?.to_f64_vec()?, [8.0, 4.0]);       // x[:0:-1, 0]
/// # ivy::unset_backend();
/// # Ok::<(), ivy::Error>(())
/// ```
#[macro_export]
macro_rules! s {
    ($($t:tt)*) => { $crate::__s!(@ [] $($t)*) };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __s {
    (@ [$($done:expr,)*]) => { &[$($done,)*] };
    (@ [$($done:expr,)*] ... $(, $($rest:tt)*)?) => {
        $crate::__s!(@ [$($done,)* $crate::Idx::Ellipsis,] $($($rest)*)?)
    };
    (@ [$($done:expr,)*] $e:expr ; $step:expr $(, $($rest:tt)*)?) => {
        $crate::__s!(@ [$($done,)* $crate::Idx::stepped($e, $step),] $($($rest)*)?)
    };
    (@ [$($done:expr,)*] $e:expr $(, $($rest:tt)*)?) => {
        $crate::__s!(@ [$($done,)* $crate::Idx::from($e),] $($($rest)*)?)
    };
}

fn invalid(op: &'static str, message: String) -> Error {
    Error::InvalidArgument { op, message }
}

/// One step of basic indexing, in order: each `Index` or `Range` consumes the next axis of
/// `x`, a `NewAxis` inserts one before it.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Step {
    /// Position `pos` of the axis (which is dropped).
    Index { pos: usize },
    /// `len` positions of the axis from `start`, `step` apart.
    Range {
        start: usize,
        step: isize,
        len: usize,
    },
    /// A new axis of length 1.
    NewAxis,
}

/// `start:stop:step` on an axis of length `n` (Python's `slice.indices`: out-of-range
/// bounds clamp): the first position, and how many there are.
fn slice_range(
    op: &'static str,
    n: usize,
    start: Option<i64>,
    stop: Option<i64>,
    step: i64,
) -> Result<(usize, usize)> {
    if step == 0 {
        return Err(invalid(op, "a slice step must not be 0".into()));
    }
    let n = n as i128;
    let clamp = |v: i64, lo: i128, hi: i128| {
        let v = v as i128;
        let v = if v < 0 { v + n } else { v };
        v.clamp(lo, hi)
    };
    let step = step as i128;
    let (first, end) = if step > 0 {
        (
            start.map_or(0, |s| clamp(s, 0, n)),
            stop.map_or(n, |s| clamp(s, 0, n)),
        )
    } else {
        (
            start.map_or(n - 1, |s| clamp(s, -1, n - 1)),
            stop.map_or(-1, |s| clamp(s, -1, n - 1)),
        )
    };
    let span = if step > 0 { end - first } else { first - end };
    // `span` <= n + 1 and |step| <= 2**63 fit in u64: a 64-bit division (not i128's call)
    let len = if span <= 0 {
        0
    } else {
        (span as u64).div_ceil(step.unsigned_abs() as u64)
    };
    Ok((first.max(0) as usize, len as usize))
}

/// How many axes of `x` an item covers.
fn covers(i: &Idx) -> usize {
    match i {
        Idx::Int(_) | Idx::Slice { .. } | Idx::Array(_) => 1,
        Idx::Mask(m) => m.ndim(),
        Idx::Ellipsis | Idx::NewAxis => 0,
    }
}

/// Checks the index against `ndim`: at most one ellipsis, no more axes covered than there
/// are. Returns how many axes the ellipsis (or the implicit trailing one) stands for.
fn fill_count(op: &'static str, shape: &[usize], index: &[Idx]) -> Result<usize> {
    let mut named = 0usize;
    let mut ellipses = 0usize;
    for i in index {
        named += covers(i);
        ellipses += usize::from(matches!(i, Idx::Ellipsis));
    }
    if ellipses > 1 {
        return Err(invalid(op, "an index may have at most one ellipsis".into()));
    }
    if named > shape.len() {
        return Err(invalid(
            op,
            format!(
                "too many indices: {named} for an array of {} dimensions (shape {shape:?})",
                shape.len()
            ),
        ));
    }
    Ok(shape.len() - named)
}

/// Whether the index has integer arrays or masks (numpy's advanced indexing), after
/// checking their dtypes: a mask holds bools, an index array integers.
pub(crate) fn is_advanced(op: &'static str, index: &[Idx]) -> Result<bool> {
    let mut advanced = false;
    for i in index {
        match i {
            Idx::Mask(m) if m.dtype() != Dtype::Bool => {
                return Err(invalid(
                    op,
                    format!(
                        "a boolean mask must be a bool array, not {}: compare to make one \
                         (`ivy::greater(&x, 0)`), or pass positions as an integer array (`Idx::Array`)",
                        m.dtype()
                    ),
                ));
            }
            Idx::Array(a) if !a.dtype().is_int() => {
                let fix = if a.dtype() == Dtype::Bool {
                    "a bool array is a mask: pass it as `Idx::Mask` (`Idx::from(array)` picks \
                     by dtype)"
                } else {
                    "cast it with `astype`"
                };
                return Err(invalid(
                    op,
                    format!(
                        "an index array must hold integers, not {}: {fix}",
                        a.dtype()
                    ),
                ));
            }
            Idx::Array(_) | Idx::Mask(_) => advanced = true,
            _ => {}
        }
    }
    Ok(advanced)
}

/// The position `i` names on an axis of length `n`, or the typed error.
fn position(op: &'static str, i: i64, axis: usize, n: usize) -> Result<usize> {
    let p = if i < 0 {
        i.checked_add(n as i64)
    } else {
        Some(i)
    };
    match p.filter(|p| (0..n as i64).contains(p)) {
        Some(p) => Ok(p as usize),
        None => Err(invalid(
            op,
            format!("index {i} is out of range for axis {axis} of length {n}"),
        )),
    }
}

/// Runs `f` on each step of a basic index (no arrays or masks), the ellipsis expanded and
/// the trailing axes filled with full ranges. Allocates nothing.
pub(crate) fn walk_basic(
    op: &'static str,
    shape: &[usize],
    index: &[Idx],
    mut f: impl FnMut(Step) -> Result<()>,
) -> Result<()> {
    let fill = fill_count(op, shape, index)?;
    let mut axis = 0usize;
    let full = |axis: &mut usize, f: &mut dyn FnMut(Step) -> Result<()>, k: usize| {
        for _ in 0..k {
            let len = shape[*axis];
            f(Step::Range {
                start: 0,
                step: 1,
                len,
            })?;
            *axis += 1;
        }
        Ok::<(), Error>(())
    };
    for i in index {
        match i {
            Idx::Ellipsis => full(&mut axis, &mut f, fill)?,
            Idx::NewAxis => f(Step::NewAxis)?,
            Idx::Int(i) => {
                let pos = position(op, *i, axis, shape[axis])?;
                f(Step::Index { pos })?;
                axis += 1;
            }
            Idx::Slice { start, stop, step } => {
                let (start, len) = slice_range(op, shape[axis], *start, *stop, *step)?;
                f(Step::Range {
                    start,
                    step: *step as isize,
                    len,
                })?;
                axis += 1;
            }
            Idx::Array(_) | Idx::Mask(_) => {
                return Err(invalid(op, "an array index needs the gather path".into()))
            }
        }
    }
    if !index.contains(&Idx::Ellipsis) {
        full(&mut axis, &mut f, fill)?;
    }
    Ok(())
}

/// The offsets of a block's positions, in order: a strided run (a whole axis, a slice;
/// never expanded when the selection is empty, so an empty array with a huge axis costs
/// nothing), or a list.
enum Offsets {
    /// `len` positions from `first`, `step` apart, along an axis of stride `stride`.
    Run {
        first: usize,
        step: i64,
        len: usize,
        stride: usize,
    },
    /// The offsets themselves.
    List(Vec<usize>),
}

impl Offsets {
    fn len(&self) -> usize {
        match self {
            Offsets::Run { len, .. } => *len,
            Offsets::List(v) => v.len(),
        }
    }
    /// The offset of position `j` (< `len`).
    fn at(&self, j: usize) -> usize {
        match self {
            Offsets::Run {
                first,
                step,
                stride,
                ..
            } => (*first as i128 + j as i128 * *step as i128) as usize * stride,
            Offsets::List(v) => v[j],
        }
    }
}

/// A block of the selection: its shape, and the offset (into `x` in row-major order) of
/// each of its positions.
struct Block {
    shape: Vec<usize>,
    offsets: Offsets,
}

/// The integer values of an index array, each resolved against an axis of length `n`.
fn array_positions(op: &'static str, a: &Array, axis: usize, n: usize) -> Result<Vec<usize>> {
    // (its dtype is checked by `is_advanced`)
    let v = crate::native::int_values(op, a, crate::native::IntRole::Index)?;
    v.into_iter().map(|i| position(op, i, axis, n)).collect()
}

/// The positions of the true flags, in order (a branch-free pass: each position written,
/// the end advanced by the flag).
pub(crate) fn true_positions(op: &'static str, flags: &[bool]) -> Result<Vec<i64>> {
    let mut pos = crate::kernel::alloc::try_vec::<i64>(op, flags.len())?;
    let slots = pos.spare_capacity_mut();
    let mut k = 0;
    for (i, &f) in flags.iter().enumerate() {
        // k <= i < flags.len(): within the slots
        slots[k].write(i as i64);
        k += usize::from(f);
    }
    // SAFETY: slots 0..k were written (each k reached was written before it advanced)
    unsafe { pos.set_len(k) };
    pos.shrink_to_fit();
    Ok(pos)
}

/// Row-major strides (in elements) of `shape`.
fn strides_of(shape: &[usize]) -> Vec<usize> {
    let mut s = vec![1usize; shape.len()];
    for k in (0..shape.len().saturating_sub(1)).rev() {
        s[k] = s[k + 1].saturating_mul(shape[k + 1]);
    }
    s
}

/// numpy's broadcast of shapes, or the typed error.
fn broadcast_shapes(op: &'static str, shapes: &[&[usize]]) -> Result<Vec<usize>> {
    let n = shapes.iter().map(|s| s.len()).max().unwrap_or(0);
    let mut out = vec![1usize; n];
    for s in shapes {
        for (k, &d) in s.iter().enumerate() {
            let o = &mut out[n - s.len() + k];
            if *o == 1 {
                *o = d;
            } else if d != 1 && d != *o {
                return Err(Error::Shape {
                    op,
                    lhs: shapes[0].to_vec(),
                    rhs: s.to_vec(),
                    reason: "index arrays do not broadcast together",
                });
            }
        }
    }
    Ok(out)
}

/// The selection `index` makes of an array of `shape`: the result's shape and, for each of
/// its elements in row-major order, the element of `x` (its row-major offset).
pub(crate) fn selection(
    op: &'static str,
    shape: &[usize],
    index: &[Idx],
) -> Result<(Vec<usize>, Vec<usize>)> {
    let fill = fill_count(op, shape, index)?;
    let strides = strides_of(shape);
    let advanced = is_advanced(op, index)?;
    let mut blocks: Vec<Block> = Vec::new();
    // the advanced items (integers count when there are arrays): shape and offsets each
    let mut adv: Vec<Block> = Vec::new();
    let (mut adv_at, mut adjacent, mut last_adv) = (None::<usize>, true, false);
    let mut axis = 0usize;
    let full = |axis: usize| Block {
        shape: vec![shape[axis]],
        offsets: Offsets::Run {
            first: 0,
            step: 1,
            len: shape[axis],
            stride: strides[axis],
        },
    };
    let mut items: Vec<&Idx> = Vec::with_capacity(index.len());
    items.extend(index.iter());
    let ellipsis_at = items.iter().position(|i| matches!(i, Idx::Ellipsis));
    for (k, i) in items.iter().enumerate() {
        let is_adv = match i {
            Idx::Array(_) | Idx::Mask(_) => true,
            Idx::Int(_) => advanced,
            _ => false,
        };
        if is_adv {
            if adv_at.is_none() {
                adv_at = Some(blocks.len());
            } else if !last_adv {
                adjacent = false;
            }
        }
        last_adv = is_adv;
        match i {
            Idx::Ellipsis => {
                for _ in 0..fill {
                    blocks.push(full(axis));
                    axis += 1;
                }
            }
            Idx::NewAxis => blocks.push(Block {
                shape: vec![1],
                offsets: Offsets::List(vec![0]),
            }),
            Idx::Int(v) => {
                let p = position(op, *v, axis, shape[axis])?;
                let b = Block {
                    shape: vec![],
                    offsets: Offsets::List(vec![p * strides[axis]]),
                };
                if is_adv {
                    adv.push(b);
                } else {
                    blocks.push(b);
                }
                axis += 1;
            }
            Idx::Slice { start, stop, step } => {
                let (first, len) = slice_range(op, shape[axis], *start, *stop, *step)?;
                blocks.push(Block {
                    shape: vec![len],
                    offsets: Offsets::Run {
                        first,
                        step: *step,
                        len,
                        stride: strides[axis],
                    },
                });
                axis += 1;
            }
            Idx::Array(a) => {
                let pos = array_positions(op, a, axis, shape[axis])?;
                adv.push(Block {
                    shape: a.shape().to_vec(),
                    offsets: Offsets::List(pos.into_iter().map(|p| p * strides[axis]).collect()),
                });
                axis += 1;
            }
            Idx::Mask(m) => {
                let covered = &shape[axis..axis + m.ndim()];
                // numpy (and the Array API suite) let a mask axis of length 0 stand for an
                // axis of any length: it selects nothing
                let matches = m
                    .shape()
                    .iter()
                    .zip(covered)
                    .all(|(&k, &n)| k == n || k == 0);
                if !matches {
                    return Err(invalid(
                        op,
                        format!(
                            "a boolean mask of shape {:?} indexes axes {}..{} of shape {covered:?}: their shapes must be equal",
                            m.shape(),
                            axis,
                            axis + m.ndim()
                        ),
                    ));
                }
                let flags = m.to_vec::<bool>()?;
                let sub = strides_of(covered);
                let mut offsets = Vec::new();
                for (flat, _) in flags.iter().enumerate().filter(|(_, f)| **f) {
                    let off: usize = (0..m.ndim())
                        .map(|d| (flat / sub[d]) % covered[d] * strides[axis + d])
                        .sum();
                    offsets.push(off);
                }
                adv.push(Block {
                    shape: vec![offsets.len()],
                    offsets: Offsets::List(offsets),
                });
                axis += m.ndim();
            }
        }
        let _ = k;
    }
    if ellipsis_at.is_none() {
        for _ in 0..fill {
            blocks.push(full(axis));
            axis += 1;
        }
    }
    if let Some(at) = adv_at {
        // the advanced items broadcast together into one block
        let shapes: Vec<&[usize]> = adv.iter().map(|b| b.shape.as_slice()).collect();
        let bshape = broadcast_shapes(op, &shapes)?;
        let n = crate::kernel::alloc::shape_size(op, &bshape, 1)?;
        let out_strides = strides_of(&bshape);
        let adv_strides: Vec<Vec<usize>> = adv.iter().map(|b| strides_of(&b.shape)).collect();
        let mut offsets = crate::kernel::alloc::try_vec::<usize>(op, n)?;
        for flat in 0..n {
            let mut off = 0usize;
            for (b, bs) in adv.iter().zip(&adv_strides) {
                // the element of `b` this position reads (broadcast axes read index 0)
                let lead = bshape.len() - b.shape.len();
                let mut j = 0usize;
                for (d, &len) in b.shape.iter().enumerate() {
                    if len != 1 {
                        j += (flat / out_strides[lead + d]) % bshape[lead + d] * bs[d];
                    }
                }
                off += b.offsets.at(j);
            }
            offsets.push(off);
        }
        let block = Block {
            shape: bshape,
            offsets: Offsets::List(offsets),
        };
        blocks.insert(if adjacent { at } else { 0 }, block);
    }
    // the outer sum of the blocks, in order
    let out_shape: Vec<usize> = blocks
        .iter()
        .flat_map(|b| b.shape.iter().copied())
        .collect();
    let total = crate::kernel::alloc::shape_size(op, &out_shape, 1)?;
    if total == 0 {
        // nothing selected (a run along a huge axis of an empty array is never expanded)
        return Ok((out_shape, Vec::new()));
    }
    let mut offsets = crate::kernel::alloc::try_vec::<usize>(op, total)?;
    offsets.push(0);
    for b in &blocks {
        let len = b.offsets.len();
        let mut next = crate::kernel::alloc::try_vec::<usize>(op, offsets.len() * len)?;
        for &o in &offsets {
            next.extend((0..len).map(|j| o + b.offsets.at(j)));
        }
        offsets = next;
    }
    Ok((out_shape, offsets))
}
