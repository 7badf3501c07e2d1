//! The checks every op shares, run once by the generated code before any backend: backend
//! and device agreement, dtype support and promotion, scalar rules, broadcasting, axes.

use super::support::ImplInfo;
use crate::args::Data;
use crate::{Array, BackendInfo, Operand};
use ivy_core::{Backend, Device, DeviceSet, Dtype, DtypeSet, Error, Result, Scalar};

/// Rejects a device (or a dtype on that device) the op does not support on the backend.
#[cold]
pub fn check_device(
    op: &'static str,
    info: ImplInfo,
    device: Device,
    dtype: Dtype,
    backend: Backend,
    version: &'static str,
) -> Result<()> {
    let dtype = if info.unsupported_devices.contains(device) {
        None
    } else if info.device_dtypes[DeviceSet::index(device)].contains(dtype) {
        Some(dtype)
    } else {
        return Ok(());
    };
    Err(Error::UnsupportedDevice {
        op,
        device,
        dtype,
        backend,
        version,
    })
}

/// The backend of a call: the arrays' backend (all must agree), else the current backend.
#[inline]
pub fn backend_of(op: &'static str, backends: &[Option<Backend>]) -> Result<Backend> {
    let mut found: Option<Backend> = None;
    for b in backends.iter().flatten() {
        match found {
            None => found = Some(*b),
            Some(f) if f != *b => return Err(Error::BackendMismatch { op, a: f, b: *b }),
            _ => {}
        }
    }
    match found.or_else(ivy_core::current_backend) {
        Some(b) => Ok(b),
        None => Err(Error::NoBackend { op }),
    }
}

/// Mixed ops: with no backend set, the compositional body (`None`); else the backend.
#[inline]
pub fn backend_for_mixed(
    op: &'static str,
    backends: &[Option<Backend>],
) -> Result<Option<Backend>> {
    if ivy_core::current_backend().is_none() {
        return Ok(None);
    }
    backend_of(op, backends).map(Some)
}

/// Rejects a dtype the op does not support on the backend.
#[inline(always)]
pub fn check_dtype(
    op: &'static str,
    rejected: DtypeSet,
    dtype: Dtype,
    backend: Backend,
    version: &'static str,
) -> Result<()> {
    if rejected.contains(dtype) {
        return Err(unsupported_dtype(op, rejected, dtype, backend, version));
    }
    Ok(())
}

/// `x` if the op supports its dtype on the backend; else, under a casting mode, `x` cast to
/// the mode's candidate (kept in `store`); else the unsupported-dtype error.
#[inline(always)]
pub fn supported_input<'a>(
    op: &'static str,
    rejected: DtypeSet,
    x: &'a Array,
    store: &'a mut Option<Array>,
    backend: Backend,
    version: &'static str,
) -> Result<&'a Array> {
    if !rejected.contains(x.dtype()) {
        return Ok(x);
    }
    cast_input(op, rejected, x, store, backend, version)
}

#[cold]
#[inline(never)]
fn cast_input<'a>(
    op: &'static str,
    rejected: DtypeSet,
    x: &'a Array,
    store: &'a mut Option<Array>,
    backend: Backend,
    version: &'static str,
) -> Result<&'a Array> {
    let d = supported_dtype(op, rejected, x.dtype(), backend, version)?;
    Ok(store.insert(x.cast(d)?))
}

/// `dtype` if the op supports it on the backend; else the casting modes' candidate; else the
/// unsupported-dtype error.
#[inline]
pub fn supported_dtype(
    op: &'static str,
    rejected: DtypeSet,
    dtype: Dtype,
    backend: Backend,
    version: &'static str,
) -> Result<Dtype> {
    if !rejected.contains(dtype) {
        return Ok(dtype);
    }
    ivy_core::cast_candidate(dtype, DtypeSet::VALID.difference(rejected))
        .ok_or_else(|| unsupported_dtype(op, rejected, dtype, backend, version))
}

#[cold]
#[inline(never)]
fn unsupported_dtype(
    op: &'static str,
    rejected: DtypeSet,
    dtype: Dtype,
    backend: Backend,
    version: &'static str,
) -> Error {
    if !crate::native::valid_dtypes(backend).contains(dtype) {
        return crate::array::not_in_backend(Some(op), dtype, backend);
    }
    Error::UnsupportedDtype {
        op,
        dtype,
        backend,
        version,
        supported: DtypeSet::VALID.difference(rejected),
    }
}

/// Promotes operands with `promote_types_of_inputs`: arrays promote by the table; a scalar
/// takes the other operand's dtype when its kind fits (`int` with int or float arrays,
/// `float` with float arrays), else its own default dtype; then it becomes an array on
/// `backend`, on the first array's device (the default device when every operand is a
/// scalar). Converted operands are kept in `store`; arrays already of the result dtype are
/// borrowed, so the common case (arrays of one dtype) copies nothing and skips the table.
pub fn promote_operands<'s, const N: usize>(
    op: &'static str,
    backend: Backend,
    ops: [Operand<'s>; N],
    store: &'s mut [Option<Array>; N],
) -> Result<[&'s Array; N]> {
    // the element-wise shared shape check, before any conversion or backend call
    for (i, a) in ops.iter().enumerate() {
        if let Operand::Array(a) = a {
            for b in &ops[i + 1..] {
                if let Operand::Array(b) = b {
                    check_broadcastable(op, a.shape(), b.shape())?;
                }
            }
        }
    }
    promote_operands_as_checked(op, backend, ops, store)
}

/// [`promote_operands`] for an op with its own shape rules (a `#[check]`, such as
/// `matmul`'s): no broadcasting check.
pub fn promote_operands_as_checked<'s, const N: usize>(
    op: &'static str,
    backend: Backend,
    ops: [Operand<'s>; N],
    store: &'s mut [Option<Array>; N],
) -> Result<[&'s Array; N]> {
    if let Some(arrays) = same_dtype_arrays(&ops) {
        return Ok(arrays);
    }
    let mut target: Option<Dtype> = None;
    for o in &ops {
        if let Operand::Array(a) = o {
            target = Some(match target {
                None => a.dtype(),
                Some(d) => ivy_core::promote_types(d, a.dtype())?,
            });
        }
    }
    for o in &ops {
        if let Operand::Scalar(s) = o {
            target = Some(match target {
                Some(d) => join_scalar(op, d, *s)?,
                None => {
                    // an int beyond int64 and uint64 (whose own dtype is uint64) is an
                    // error, not a wrapped value
                    let d = scalar_dtype(*s);
                    int_scalar_fits(op, *s, d)?;
                    d
                }
            });
        }
    }
    let target = target.unwrap_or_else(ivy_core::default_float_dtype);
    let device = ops
        .iter()
        .find_map(|o| match o {
            Operand::Array(a) => Some(a.device()),
            Operand::Scalar(_) => None,
        })
        .unwrap_or_else(ivy_core::default_device);
    for (slot, o) in store.iter_mut().zip(&ops) {
        *slot = match o {
            Operand::Array(a) if a.dtype() == target => None,
            Operand::Array(a) => Some(a.cast(target)?),
            Operand::Scalar(s) => Some(crate::native::scalar_array(
                op, backend, *s, target, device,
            )?),
        };
    }
    let store: &'s [Option<Array>; N] = store;
    Ok(std::array::from_fn(|i| match (&store[i], ops[i]) {
        (Some(converted), _) => converted,
        (None, Operand::Array(a)) => a,
        (None, Operand::Scalar(_)) => unreachable!("scalars are always converted"),
    }))
}

/// The dtype of arrays of dtype `d` combined with the Python scalar `s` (Ivy's scalar rule,
/// the operators' and `asarray`'s of a list mixing arrays and scalars): `d` when `s` joins
/// it (an int must then be a value of it); a float with integers float64 and a complex
/// with reals complex128 (Ivy's `_get_target_dtype`, in either mode); else the promotion.
pub fn join_scalar(op: &'static str, d: Dtype, s: Scalar) -> Result<Dtype> {
    Ok(match s {
        s if s.joins(d) => {
            int_scalar_fits(op, s, d)?;
            d
        }
        Scalar::Float(_) if d.is_int() => Dtype::Float64,
        Scalar::Complex(..) => Dtype::Complex128,
        s => {
            // the promotion must hold the int too (`bool` with an int beyond uint64)
            let t = ivy_core::promote_types(d, scalar_dtype(s))?;
            int_scalar_fits(op, s, t)?;
            t
        }
    })
}

/// An int scalar taking an integer array's dtype must be a value of it: numpy 2 and torch
/// refuse `uint8 + 300` and `uint8 % -3` rather than wrap the scalar into the dtype.
#[inline]
pub fn int_scalar_fits(op: &'static str, s: Scalar, d: Dtype) -> Result<()> {
    int_fits(
        op,
        s,
        d,
        "for the array's dtype",
        "cast the array to a wider dtype first, or pass the value as an array",
    )
}

/// An int scalar given for an integer dtype `d` is a value of it; else
/// [`Error::InvalidArgument`]: "the int `v` is out of range `what` `d` (min to max); `fix`".
/// Other scalars and dtypes pass (floats convert by the casting rules).
#[inline]
pub(crate) fn int_fits(op: &'static str, s: Scalar, d: Dtype, what: &str, fix: &str) -> Result<()> {
    match s {
        Scalar::Int(v) if d.is_int() => int_value_fits(op, v, d, what, fix),
        _ => Ok(()),
    }
}

/// A Python float given as a value of an integer dtype `d` (a fill, an item of a list, a
/// value written into an array), as numpy takes one: NaN has no integer value
/// ([`Error::InvalidArgument`], numpy's ValueError), an infinity or a float beyond `d`'s
/// range none in it (OverflowError); other floats truncate. (An array's floats convert by
/// `astype`'s rules instead: NaN 0, saturating.)
///
/// ```
/// # use ivy::prelude::*;
/// ivy::set_backend(Backend::Ndarray);
/// assert!(ivy::full_with([2], f64::NAN, FullKw { dtype: Some(Dtype::Int32), device: None }).is_err());
/// assert!(ivy::full_with([2], 1e20, FullKw { dtype: Some(Dtype::Int32), device: None }).is_err());
/// let x = ivy::full_with([1], -2.7, FullKw { dtype: Some(Dtype::Int32), device: None })?;
/// assert_eq!(x.to_vec::<i32>()?, [-2]);
/// # Ok::<(), ivy::Error>(())
/// ```
#[inline]
pub(crate) fn float_fits(op: &'static str, s: Scalar, d: Dtype) -> Result<()> {
    match s {
        Scalar::Float(f) if d.is_int() => float_value_fits(op, f, d),
        _ => Ok(()),
    }
}

/// [`float_fits`] of a float for an integer dtype (out of line: the common calls pass).
fn float_value_fits(op: &'static str, f: f64, d: Dtype) -> Result<()> {
    if f.is_nan() {
        return Err(Error::InvalidArgument {
            op,
            message: format!(
                "the float NaN has no value of dtype {d}; check the data, or cast a float array \
                 with `astype` (which makes NaN 0)"
            ),
        });
    }
    let info = int_range(d)?;
    // `as` saturates, and is exact for every finite float within i128
    let t = f.trunc() as i128;
    if f.is_finite() && (info.min..=info.max).contains(&t) {
        return Ok(());
    }
    Err(Error::InvalidArgument {
        op,
        message: format!(
            "the float {f:?} is out of range for dtype {d} ({} to {}); choose a wider dtype, or \
             cast a float array with `astype` (which saturates)",
            info.min, info.max
        ),
    })
}

/// [`int_fits`] of an int value (`arange`'s first two values, an int's sum with its step
/// beyond int64 included): the one "the int … is out of range" message, which the Python
/// binding maps to OverflowError.
pub(crate) fn int_value_fits(
    op: &'static str,
    v: i128,
    d: Dtype,
    what: &str,
    fix: &str,
) -> Result<()> {
    let info = int_range(d)?;
    if (info.min..=info.max).contains(&v) {
        return Ok(());
    }
    Err(Error::InvalidArgument {
        op,
        message: format!(
            "the int {v} is out of range {what} {d} ({} to {}); {fix}",
            info.min, info.max
        ),
    })
}

/// The arrays, when every operand is an array and all share one dtype.
#[inline]
fn same_dtype_arrays<'s, const N: usize>(ops: &[Operand<'s>; N]) -> Option<[&'s Array; N]> {
    let mut first: Option<Dtype> = None;
    for o in ops {
        match o {
            Operand::Array(a) => match first {
                None => first = Some(a.dtype()),
                Some(d) if d == a.dtype() => {}
                Some(_) => return None,
            },
            Operand::Scalar(_) => return None,
        }
    }
    Some(ops.map(|o| match o {
        Operand::Array(a) => a,
        Operand::Scalar(_) => unreachable!("every operand was checked to be an array"),
    }))
}

/// The default dtype of a scalar (Ivy's `default_dtype(item=…)`).
#[inline]
pub fn scalar_dtype(s: Scalar) -> Dtype {
    ivy_core::default_dtype(None, Some(s))
}

/// Joins the dtypes of Python-like items (scalars, list elements): the higher kind wins
/// (bool < int < float < complex), then the wider dtype, so `[1, 2.5]` is the default float
/// dtype, not the promotion of int32 and float32 (float64).
pub fn join_item_dtypes(a: Dtype, b: Dtype) -> Dtype {
    let rank = |d: Dtype| match d.kind() {
        ivy_core::DtypeKind::Bool => 0,
        ivy_core::DtypeKind::Int | ivy_core::DtypeKind::Uint => 1,
        ivy_core::DtypeKind::Float => 2,
        ivy_core::DtypeKind::Complex => 3,
    };
    match rank(a).cmp(&rank(b)) {
        std::cmp::Ordering::Less => b,
        std::cmp::Ordering::Greater => a,
        std::cmp::Ordering::Equal if b.bits() > a.bits() => b,
        std::cmp::Ordering::Equal => a,
    }
}

/// What decides the dtype of a creation op.
pub trait DtypeHint {
    /// The dtype this value implies (`None`: no hint, an absent optional scalar).
    fn hint(&self) -> Option<Dtype>;
}
/// The dtype a scalar argument of a creation op (`full`'s fill value, `arange`'s bounds)
/// implies: a float the default float dtype and a complex number the default complex dtype
/// whatever its magnitude (the Array API standard's rule: a value float32 cannot hold
/// becomes ±inf or rounds, as in `np.full((), 1e300, dtype=np.float32)`); an int the
/// default int dtype, or int64 / uint64 where it needs them; a bool bool.
pub fn creation_scalar_dtype(s: Scalar) -> Dtype {
    match s {
        Scalar::Float(_) => ivy_core::default_float_dtype(),
        Scalar::Complex(..) => ivy_core::default_complex_dtype(),
        Scalar::Int(_) | Scalar::Bool(_) => scalar_dtype(s),
    }
}
impl DtypeHint for Scalar {
    fn hint(&self) -> Option<Dtype> {
        Some(creation_scalar_dtype(*self))
    }
}
impl DtypeHint for Option<Scalar> {
    fn hint(&self) -> Option<Dtype> {
        self.map(creation_scalar_dtype)
    }
}
impl DtypeHint for Data {
    fn hint(&self) -> Option<Dtype> {
        Some(self.inferred_dtype())
    }
}

/// `#[infer_dtype]`: explicit dtype, else the first array's, else the relevant scalars'
/// (promoted together), else the default float dtype.
pub fn infer_dtype(explicit: Option<Dtype>, arrays: &[Dtype], scalars: &[Option<Dtype>]) -> Dtype {
    if let Some(d) = explicit {
        return d;
    }
    if let Some(d) = arrays.first() {
        return *d;
    }
    scalars
        .iter()
        .flatten()
        .copied()
        .reduce(join_item_dtypes)
        .unwrap_or_else(|| ivy_core::default_of(ivy_core::DefaultKind::Dtype))
}

/// `#[infer_device]`: explicit device, else the first array's, else this thread's default
/// device ([`ivy_core::default_device`]: the CPU unless set).
#[inline]
pub fn infer_device(explicit: Option<Device>, arrays: &[Device]) -> Device {
    explicit
        .or_else(|| arrays.first().copied())
        .unwrap_or_else(ivy_core::default_device)
}

/// Whether arrays of backend `B` can live on more than one device (`DEVICES` holds more
/// than the CPU): a constant, so the device-agreement check of the per-backend step folds
/// away on ndarray and on a candle built without `cuda`.
#[inline(always)]
pub const fn many_devices<B: BackendInfo>() -> bool {
    !B::DEVICES.difference(DeviceSet::CPU).is_empty()
}

/// The arrays of one call (inputs, then `out`) must share one device: else
/// [`Error::DeviceMismatch`] naming the first device and the first that differs. Nothing is
/// moved implicitly (Ivy's default, without its soft-device mode).
#[inline]
pub fn same_device(op: &'static str, devices: &[Device], out: Option<Device>) -> Result<()> {
    let mut all = devices.iter().copied().chain(out);
    let Some(first) = all.next() else {
        return Ok(());
    };
    match all.find(|d| *d != first) {
        None => Ok(()),
        Some(other) => Err(device_mismatch(op, first, other)),
    }
}

#[cold]
#[inline(never)]
fn device_mismatch(op: &'static str, a: Device, b: Device) -> Error {
    Error::DeviceMismatch { op, a, b }
}

/// Dimension `i` of `shape` right-aligned to `n` dimensions (1 where it has none).
#[inline]
fn dim_at(shape: &[usize], i: usize, n: usize) -> usize {
    let pad = n - shape.len();
    if i < pad {
        1
    } else {
        shape[i - pad]
    }
}

/// The broadcast shape of two shapes (numpy rules), or a shape error naming the op.
pub fn broadcast_shapes(op: &'static str, a: &[usize], b: &[usize]) -> Result<Vec<usize>> {
    let n = a.len().max(b.len());
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        out.push(match (dim_at(a, i, n), dim_at(b, i, n)) {
            (x, y) if x == y => x,
            (1, y) => y,
            (x, 1) => x,
            _ => {
                return Err(Error::Shape {
                    op,
                    lhs: a.to_vec(),
                    rhs: b.to_vec(),
                    reason: "do not broadcast",
                })
            }
        });
    }
    Ok(out)
}

/// A shape error unless `a` and `b` broadcast together (no allocation).
#[inline]
pub fn check_broadcastable(op: &'static str, a: &[usize], b: &[usize]) -> Result<()> {
    if crate::same_shape(a, b) {
        return Ok(());
    }
    let n = a.len().max(b.len());
    let ok = (0..n).all(|i| {
        let (x, y) = (dim_at(a, i, n), dim_at(b, i, n));
        x == y || x == 1 || y == 1
    });
    if ok {
        Ok(())
    } else {
        Err(Error::Shape {
            op,
            lhs: a.to_vec(),
            rhs: b.to_vec(),
            reason: "do not broadcast",
        })
    }
}

/// Whether `a` and `b` broadcast to exactly `target` (no allocation).
#[inline]
pub fn broadcasts_to(a: &[usize], b: &[usize], target: &[usize]) -> bool {
    let n = target.len();
    if a.len() > n || b.len() > n || (a.len() < n && b.len() < n) {
        return false;
    }
    (0..n).all(|i| {
        let (da, db) = (dim_at(a, i, n), dim_at(b, i, n));
        let t = target[i];
        (da == t || da == 1) && (db == t || db == 1) && (da == t || db == t)
    })
}

/// The arrays of a sequence argument on the op's supported dtypes: `None` when every one is
/// supported (nothing copied); else every array, cast where its dtype is rejected (Ivy's
/// casting modes, as [`supported_input`]).
pub fn supported_seq(
    op: &'static str,
    rejected: DtypeSet,
    xs: &[&Array],
    backend: Backend,
    version: &'static str,
) -> Result<Option<Vec<Array>>> {
    if xs.iter().all(|x| !rejected.contains(x.dtype())) {
        return Ok(None);
    }
    xs.iter()
        .map(|x| {
            let mut store = None;
            supported_input(op, rejected, x, &mut store, backend, version)?;
            Ok(store.unwrap_or_else(|| (*x).clone()))
        })
        .collect::<Result<Vec<Array>>>()
        .map(Some)
}

/// The arrays of a sequence argument promoted to one dtype (Ivy's table, as operands are):
/// `None` when they already share one (nothing copied).
pub fn promote_seq(xs: &[&Array]) -> Result<Option<Vec<Array>>> {
    let Some(first) = xs.first() else {
        return Ok(None);
    };
    if xs.iter().all(|x| x.dtype() == first.dtype()) {
        return Ok(None);
    }
    let target = xs
        .iter()
        .try_fold(first.dtype(), |d, x| ivy_core::promote_types(d, x.dtype()))?;
    xs.iter()
        .map(|x| {
            if x.dtype() == target {
                Ok((*x).clone())
            } else {
                x.cast(target)
            }
        })
        .collect::<Result<Vec<Array>>>()
        .map(Some)
}

/// `#[axes]`: the axes `axis` names in an array of rank `ndim` (all of them when `None`),
/// non-negative and sorted; an axis out of range, or one named twice (`[0, -2]` on a
/// matrix), is an error naming the op.
pub fn normalize_axes(
    op: &'static str,
    param: &'static str,
    axis: Option<&[i64]>,
    ndim: usize,
) -> Result<Vec<usize>> {
    let Some(axes) = axis else {
        return Ok((0..ndim).collect());
    };
    let mut v = Vec::with_capacity(axes.len());
    for &a in axes {
        let ax = normalize_axis(op, a, ndim)?;
        if v.contains(&ax) {
            return Err(Error::InvalidArgument {
                op,
                message: format!(
                    "`{param}` names dimension {ax} twice ({axes:?} on an array of rank {ndim}): list each axis once"
                ),
            });
        }
        v.push(ax);
    }
    v.sort_unstable();
    Ok(v)
}

/// `#[axis]`: axis `a` of an array of rank `ndim`, negative counting from the end.
#[inline]
pub fn normalize_axis(op: &'static str, a: i64, ndim: usize) -> Result<usize> {
    let n = ndim as i64;
    if a < -n || a >= n {
        return Err(Error::Axis { op, axis: a, ndim });
    }
    Ok(if a < 0 { (a + n) as usize } else { a as usize })
}

/// The rank axes are counted against when the first array argument is a sequence: its
/// first array's (a sequence with an axis needs one).
#[inline]
pub fn seq_rank(op: &'static str, param: &'static str, arrays: &[&Array]) -> Result<usize> {
    match arrays.first() {
        Some(a) => Ok(a.ndim()),
        None => Err(Error::InvalidArgument {
            op,
            message: format!("`{param}` needs at least one array"),
        }),
    }
}

/// `#[index]`: an index array holds integers (it is neither promoted nor cast).
#[inline]
pub fn index_input(op: &'static str, param: &'static str, x: &Array) -> Result<()> {
    if x.dtype().is_int() {
        return Ok(());
    }
    // a dtype error: TypeError in Python (numpy's `take` of float indices too)
    Err(Error::ArgumentKind {
        op,
        param,
        expected: "an integer array (indices are neither promoted nor cast: convert them \
                   with `astype`)",
        got: format!("an array of dtype {}", x.dtype()),
    })
}

/// The values of an integer dtype: `iinfo`'s `min` and `max`, exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IntRange {
    /// The least value.
    pub min: i128,
    /// The greatest value.
    pub max: i128,
}

/// The values integer dtype `d` holds; an error (naming `iinfo`) for any other dtype.
pub fn int_range(d: Dtype) -> Result<IntRange> {
    let (min, max): (i128, i128) = match d {
        Dtype::Int8 => (i8::MIN.into(), i8::MAX.into()),
        Dtype::Int16 => (i16::MIN.into(), i16::MAX.into()),
        Dtype::Int32 => (i32::MIN.into(), i32::MAX.into()),
        Dtype::Int64 => (i64::MIN.into(), i64::MAX.into()),
        Dtype::Uint8 => (0, u8::MAX.into()),
        Dtype::Uint16 => (0, u16::MAX.into()),
        Dtype::Uint32 => (0, u32::MAX.into()),
        Dtype::Uint64 => (0, u64::MAX.into()),
        other => {
            return Err(Error::InvalidArgument {
                op: "iinfo",
                message: format!("{other} is not an integer dtype; use `finfo` for floats"),
            })
        }
    };
    Ok(IntRange { min, max })
}

/// `var`'s reduced axes (normalised, sorted), their element count and divisor (see
/// [`divisor`]) for an array of `shape`: what a backend's fused variance kernel needs.
pub(crate) fn var_axes(
    op: &'static str,
    shape: &[usize],
    axis: Option<&[i64]>,
    correction: f64,
) -> Result<(Vec<usize>, usize, f64)> {
    let axes = normalize_axes(op, "axis", axis, shape.len())?;
    let n: usize = axes.iter().map(|&a| shape[a]).product();
    let d = divisor(op, n as f64, correction)?;
    Ok((axes, n, d))
}

/// `var`'s divisor `n - correction`, clamped at 0 (numpy's rule: the variance is then inf
/// or NaN); a negative or non-finite `correction` is an error.
pub(crate) fn divisor(op: &'static str, n: f64, correction: f64) -> Result<f64> {
    if !correction.is_finite() || correction < 0.0 {
        return Err(Error::InvalidArgument {
            op,
            message: format!("`correction` must be a finite number >= 0, got {correction}"),
        });
    }
    Ok((n - correction).max(0.0))
}
