//! The family drivers: the checks, dtype rules and `out` handling every op of a family
//! shares, run once for every backend before the backend's kernel loop ([`Kernels`]). The
//! element classes and kernel rows they drive are the kernel layer's
//! ([`crate::kernel::class`]).

use crate::kernel::class::*;
use crate::{Array, BackendInfo, Operand};
use ivy_core::{Backend, Dtype, DtypeKind, DtypeSet, Error, Result, Scalar};
use std::borrow::Cow;

/// How a backend runs a kernel of each family: written once per backend. The arguments are
/// already normalised by the family (dtype converted and checked, shapes broadcast).
pub trait Kernels: BackendInfo {
    /// The backend writes family results into `out` itself (no intermediate array).
    const NATIVE_OUT: bool;
    /// Dtypes that run on the host (copied to host memory, computed by the row's slice
    /// kernel, copied back: CPU only) even when the row names the backend's own op.
    const HOST_WITH_OP: DtypeSet;
    /// Dtypes that run on the host when the row names no op of the backend.
    const HOST_WITHOUT_OP: DtypeSet;
    /// A mixed op declared with `#[family]` (`sigmoid`) runs its kernel row on this backend,
    /// one pass, instead of its body (the composition of other ops). ndarray does; candle
    /// keeps the compositions, which it differentiates.
    const MIXED_ROWS: bool;
    /// `K` of every element of `x`, in a new array.
    fn map<K: Unary>(x: &Array) -> Result<Array>;
    /// `K` of every element of `x` written into `out`, which has `x`'s shape and dtype:
    /// `Ok(false)` when the backend cannot write into `out` itself.
    fn map_into<K: Unary>(x: &Array, out: &mut Array) -> Result<bool>;
    /// `x = K(x)` in place: `x`'s dtype is one `K` computes and keeps. `Ok(false)` (`x`
    /// untouched) when the backend cannot update `x` itself (the default: candle's tensors
    /// are immutable).
    fn map_in_place<K: Unary>(x: &mut Array) -> Result<bool> {
        let _ = x;
        Ok(false)
    }
    /// `K`'s `to_real` class of every element of the complex `x`, in a new array of the
    /// real component dtype.
    fn map_real<K: Unary>(x: &Array) -> Result<Array>;
    /// [`map_real`](Kernels::map_real) into `out`, which has `x`'s shape and the real
    /// component dtype: `Ok(false)` when the backend cannot write into `out` itself.
    fn map_real_into<K: Unary>(x: &Array, out: &mut Array) -> Result<bool>;
    /// `K` of the elements of `a` and `b` (one dtype), broadcast to `shape`.
    fn zip<K: Binary>(shape: &[usize], a: &Array, b: &Array) -> Result<Array>;
    /// `K` into `out`, which has the broadcast shape and the operands' dtype: `Ok(false)`
    /// when the backend cannot write into `out` itself.
    fn zip_into<K: Binary>(a: &Array, b: &Array, out: &mut Array) -> Result<bool>;
    /// `out = K(out, b)` in place: `out` is `K`'s first operand and receives the result;
    /// `b` has `out`'s dtype and broadcasts to `out`'s shape. `Ok(false)` (`out` untouched)
    /// when the backend cannot update `out` itself.
    fn zip_in_place<K: Binary>(out: &mut Array, b: &Array) -> Result<bool>;
    /// `K2(K1(x, a), b)` of every element of `x`, the scalars converted to `x`'s dtype (as
    /// `full` converts them), in one pass: `clip` is `Minimum(Maximum(x, lo), hi)`.
    fn zip_scalars<K1: Binary, K2: Binary>(x: &Array, a: Scalar, b: Scalar) -> Result<Array>;
    /// `K` of every element of `x`, in a new bool array of `x`'s shape.
    fn map_bool<K: Predicate>(x: &Array) -> Result<Array>;
    /// `K` of every element of `x` written into `out`, a bool array of `x`'s shape:
    /// `Ok(false)` when the backend cannot write into `out` itself.
    fn map_bool_into<K: Predicate>(x: &Array, out: &mut Array) -> Result<bool>;
    /// `K` of the elements of `a` and `b`, broadcast to `shape`, in a new bool array. `a` and
    /// `b` have one dtype, or are int64 and uint64 (in either order): those compare exactly.
    fn zip_bool<K: Compare>(shape: &[usize], a: &Array, b: &Array) -> Result<Array>;
    /// `K` into `out`, a bool array of the broadcast shape (operands as for `zip_bool`):
    /// `Ok(false)` when the backend cannot write into `out` itself.
    fn zip_bool_into<K: Compare>(a: &Array, b: &Array, out: &mut Array) -> Result<bool>;
    /// `K` folded over the sorted, unique `axes` of `x` (which has the dtype `K` computes
    /// in, and no empty reduced axis when `K` has no identity); reduced axes are kept as 1
    /// with `keepdims`.
    fn fold<K: Reduction>(x: &Array, axes: &[usize], keepdims: bool) -> Result<Array>;
    /// An array of `shape` holding the row-major host values `v` (of `T`'s dtype, which the
    /// backend holds), on `device`: the results of the host kernels (linalg's dense
    /// decompositions, [`crate::engine::dense`]).
    fn from_host<T: crate::kernel::elem::Elem>(
        op: &'static str,
        v: Vec<T>,
        shape: &[usize],
        device: ivy_core::Device,
    ) -> Result<Array>;
    /// `x[m]` for a bool mask `m` of `x`'s leading axes (the caller checked its shape): the
    /// rows of `x` (viewed as `(m.size(), the rest)`, row-major) where `m` is true, in order,
    /// in one pass, reading the mask in place. `Ok(None)` when the backend has none or
    /// cannot read this mask (the default: the caller gathers the rows with `take`).
    fn compress(op: &'static str, x: &Array, m: &Array) -> Result<Option<Array>> {
        let _ = (op, x, m);
        Ok(None)
    }
}

/// The dtypes `K` supports on `B`.
const fn supported<B: BackendInfo + ?Sized, K: Kernel>() -> DtypeSet {
    K::SUPPORTED.difference(B::INVALID)
}

/// The support of a family op on backend `B` (the default of its support constant).
pub const fn info<B: Kernels + ?Sized, K: Kernel>() -> crate::engine::support::ImplInfo {
    // a row with the backend's op computes its integers-as-floats there (after a cast)
    let host = if K::HAS_CANDLE && K::NATIVE_INTS {
        DtypeSet::EMPTY
    } else if K::HAS_CANDLE {
        K::DTYPES.intersection(B::HOST_WITH_OP)
    } else {
        B::HOST_WITHOUT_OP
    }
    .intersection(supported::<B, K>());
    crate::engine::support::ImplInfo {
        unsupported: DtypeSet::VALID.difference(K::SUPPORTED),
        native_out: B::NATIVE_OUT,
        // host dtypes are rejected on every device but the CPU
        device_dtypes: [DtypeSet::EMPTY, host],
        host,
        ..crate::engine::support::ImplInfo::NATIVE
    }
}

/// The support of a mixed family op on `B` ([`Kernels::MIXED_ROWS`]): its row's ([`info`])
/// less the dtypes its declaration marks unsupported there
/// (`#[unsupported_dtypes(ndarray = ..)]`), or its body's.
pub const fn mixed_info<B: Kernels + ?Sized, K: Kernel>(
    meta: &ivy_core::OpMeta,
) -> crate::engine::support::ImplInfo {
    if !B::MIXED_ROWS {
        return crate::engine::support::ImplInfo::BODY;
    }
    let i = info::<B, K>();
    crate::engine::support::ImplInfo {
        unsupported: i.unsupported.union(meta.declared_unsupported(B::BACKEND)),
        ..i
    }
}

/// `x` in a dtype `K` computes: integers and bools in a float dtype when the row has no
/// integer kernel ([`ivy_core::int_float_dtype`]: float64 for int64 and uint64 where the
/// backend holds it, else the default float dtype; the converted array kept in `cast`, which the caller holds while
/// the op runs); any other dtype the row lacks is `Error::UnsupportedDtype`. A reference
/// comes back, not a `Cow<Array>`: moving `Result`s of those cost an n = 1 `add` 250 of
/// its 1 900 instructions (callgrind).
#[inline]
fn input<'a, B: BackendInfo + ?Sized, K: Kernel>(
    x: &'a Array,
    cast: &'a mut Option<Array>,
) -> Result<&'a Array> {
    let d = x.dtype();
    if K::INT_AS_FLOAT && (d.is_int() || d.is_bool()) {
        let f = ivy_core::int_float_dtype(d, !B::INVALID.contains(Dtype::Float64));
        let x = cast.insert(x.cast(f)?);
        check::<B, K>(x.dtype())?;
        return Ok(x);
    }
    check::<B, K>(d)?;
    Ok(x)
}

/// Rejects a dtype the row has no kernel for (the dispatcher already did, from the same
/// constants; this keeps a direct backend call from reaching a class default).
#[inline]
pub fn check<B: BackendInfo + ?Sized, K: Kernel>(d: Dtype) -> Result<()> {
    if K::DTYPES.contains(d) && !B::INVALID.contains(d) {
        return Ok(());
    }
    Err(Error::UnsupportedDtype {
        op: K::NAME,
        dtype: d,
        backend: B::BACKEND,
        version: B::VERSION_STR,
        supported: supported::<B, K>(),
    })
}

/// A unary family op.
#[inline]
pub fn unary<B: Kernels + ?Sized, K: Unary>(x: &Array) -> Result<Array> {
    let mut cast = None;
    let x = input::<B, K>(x, &mut cast)?;
    if K::COMPLEX_TO_REAL && x.dtype().is_complex() {
        return B::map_real::<K>(x);
    }
    B::map::<K>(x)
}

/// The dtype of a unary row's results for input dtype `d` (after [`input`]'s conversion).
fn unary_result<K: Unary>(d: Dtype) -> Dtype {
    match d {
        Dtype::Complex64 if K::COMPLEX_TO_REAL => Dtype::Float32,
        Dtype::Complex128 if K::COMPLEX_TO_REAL => Dtype::Float64,
        d => d,
    }
}

/// A unary family op into `out` (which keeps its dtype; unchanged on error).
#[inline]
pub fn unary_out<B: Kernels + ?Sized, K: Unary>(x: &Array, out: &mut Array) -> Result<()> {
    let mut cast = None;
    let x = input::<B, K>(x, &mut cast)?;
    let to_real = K::COMPLEX_TO_REAL && x.dtype().is_complex();
    if out.dtype() == unary_result::<K>(x.dtype()) && out.shape() == x.shape() {
        let written = if to_real {
            B::map_real_into::<K>(x, out)?
        } else {
            B::map_into::<K>(x, out)?
        };
        if written {
            return Ok(());
        }
    }
    let r = if to_real {
        B::map_real::<K>(x)?
    } else {
        B::map::<K>(x)?
    };
    crate::engine::out::write_out(K::NAME, r, out)
}

/// `x = K(x)` in place, when `K` keeps `x`'s dtype (no integers computed as floats, no
/// complex to real) and the backend can write `x` itself: `Ok(false)` (`x` untouched)
/// otherwise, for the caller to compute the op and write its result into `x`.
pub(crate) fn unary_in_place<B: Kernels + ?Sized, K: Unary>(x: &mut Array) -> Result<bool> {
    let d = x.dtype();
    if unary_result::<K>(d) != d || (K::INT_AS_FLOAT && (d.is_int() || d.is_bool())) {
        return Ok(false);
    }
    check::<B, K>(d)?;
    B::map_in_place::<K>(x)
}

/// Both operands of a binary family op in a dtype `K` computes (operands of one dtype;
/// conversions kept in `casts`, as [`input`] keeps them).
#[inline]
fn inputs<'a, B: BackendInfo + ?Sized, K: Kernel>(
    a: &'a Array,
    b: &'a Array,
    casts: &'a mut [Option<Array>; 2],
) -> Result<(&'a Array, &'a Array)> {
    if a.dtype() != b.dtype() {
        return Err(Error::InvalidArgument {
            op: K::NAME,
            message: format!(
                "operands must have one dtype after promotion, got {} and {}",
                a.dtype(),
                b.dtype()
            ),
        });
    }
    let [ca, cb] = casts;
    Ok((input::<B, K>(a, ca)?, input::<B, K>(b, cb)?))
}

/// The broadcast shape of two operands (borrowed when they have one shape: no allocation).
fn broadcast<'a>(op: &'static str, a: &'a Array, b: &Array) -> Result<Cow<'a, [usize]>> {
    if crate::same_shape(a.shape(), b.shape()) {
        Ok(Cow::Borrowed(a.shape()))
    } else {
        crate::engine::checks::broadcast_shapes(op, a.shape(), b.shape()).map(Cow::Owned)
    }
}

/// A binary family op (operands already promoted to one dtype).
#[inline]
pub fn binary<B: Kernels + ?Sized, K: Binary>(a: &Array, b: &Array) -> Result<Array> {
    let shape = broadcast(K::NAME, a, b)?;
    let mut casts = [None, None];
    let (a, b) = inputs::<B, K>(a, b, &mut casts)?;
    B::zip::<K>(&shape, a, b)
}

/// A binary family op into `out` (which keeps its dtype; unchanged on error). When `out`
/// has the operands' dtype and their broadcast shape, the backend writes into it directly
/// (no allocation on ndarray).
#[inline]
pub fn binary_out<B: Kernels + ?Sized, K: Binary>(
    a: &Array,
    b: &Array,
    out: &mut Array,
) -> Result<()> {
    let mut casts = [None, None];
    let (x, y) = inputs::<B, K>(a, b, &mut casts)?;
    if out.dtype() == x.dtype()
        && crate::engine::checks::broadcasts_to(x.shape(), y.shape(), out.shape())
        && B::zip_into::<K>(x, y, out)?
    {
        return Ok(());
    }
    let shape = broadcast(K::NAME, a, b)?;
    crate::engine::out::write_out(K::NAME, B::zip::<K>(&shape, x, y)?, out)
}

/// A binary family op updating its first operand: `out = K(out, b)`, the value written
/// into `out` as [`binary_out`] writes (`out` keeps its shape and dtype; unchanged on error).
/// `b` has been promoted as the op's operands are; it must broadcast to `out`'s shape. When
/// `b` has `out`'s dtype and `K` computes that dtype itself, the backend updates `out` in
/// place ([`Kernels::zip_in_place`]: no allocation on ndarray, `out`'s elements read in
/// chunks just ahead of the writes); otherwise (candle, integers of a row that computes
/// them as floats) the result is computed as `K(out, b)` and written into `out`.
pub fn binary_in_place<B: Kernels + ?Sized, K: Binary>(out: &mut Array, b: &Array) -> Result<()> {
    check_in_place(K::NAME, out.shape(), b.shape())?;
    let d = out.dtype();
    if d == b.dtype() && !(K::INT_AS_FLOAT && (d.is_int() || d.is_bool())) {
        check::<B, K>(d)?;
        if B::zip_in_place::<K>(out, b)? {
            return Ok(());
        }
    }
    let r = {
        let mut casts = [None, None];
        let (x, y) = inputs::<B, K>(out, b, &mut casts)?;
        B::zip::<K>(out.shape(), x, y)?
    };
    crate::engine::out::write_out(K::NAME, r, out)
}

/// `Ok` when an operand of shape `b` broadcasts to `out` (an in-place update keeps `out`'s
/// shape); else `Error::Shape`, as the op reports shapes that do not broadcast, or as its
/// `out` form reports a result larger than `out`.
pub(crate) fn check_in_place(op: &'static str, out: &[usize], b: &[usize]) -> Result<()> {
    if crate::engine::checks::broadcasts_to(out, b, out) {
        return Ok(());
    }
    let shape = crate::engine::checks::broadcast_shapes(op, out, b)?;
    Err(Error::Shape {
        op,
        lhs: shape,
        rhs: out.to_vec(),
        reason: "(result, out) differ: `out` must have the result's shape",
    })
}

/// A predicate family op: a bool array of `x`'s shape.
#[inline]
pub fn predicate<B: Kernels + ?Sized, K: Predicate>(x: &Array) -> Result<Array> {
    check::<B, K>(x.dtype())?;
    B::map_bool::<K>(x)
}

/// A predicate family op into `out` (which keeps its dtype, as every `out` does; unchanged
/// on error). A bool `out` of `x`'s shape is written directly (no allocation on ndarray).
#[inline]
pub fn predicate_out<B: Kernels + ?Sized, K: Predicate>(x: &Array, out: &mut Array) -> Result<()> {
    check::<B, K>(x.dtype())?;
    if out.dtype() == Dtype::Bool && out.shape() == x.shape() && B::map_bool_into::<K>(x, out)? {
        return Ok(());
    }
    crate::engine::out::write_out(K::NAME, B::map_bool::<K>(x)?, out)
}

/// The operands of a comparison as the backends take them: of one dtype, or integers of
/// two dtypes, both converted to an integer dtype that holds them exactly (their
/// promotion, when it is an integer dtype), else widened to int64 and uint64: the only
/// mixed pair a backend sees is int64 with uint64, which it compares exactly.
fn compare_inputs<'a, B: BackendInfo + ?Sized, K: Compare>(
    a: &'a Array,
    b: &'a Array,
    casts: &'a mut [Option<Array>; 2],
) -> Result<(&'a Array, &'a Array)> {
    let (da, db) = (a.dtype(), b.dtype());
    if da == db || !da.is_int() || !db.is_int() {
        return inputs::<B, K>(a, b, casts);
    }
    check::<B, K>(da)?;
    check::<B, K>(db)?;
    // an integer dtype holding both exactly (`uint8` and an int64 scalar: int64), else
    // uint64 against int64, compared as `i128` (which needs no uint64 where one exists)
    let common = ivy_core::promote_types(da, db).ok().filter(|d| d.is_int());
    let wide = |x: &'a Array, cast: &'a mut Option<Array>| -> Result<&'a Array> {
        let to = match (common, x.dtype().kind()) {
            (Some(d), _) => d,
            (None, DtypeKind::Uint) => Dtype::Uint64,
            _ => Dtype::Int64,
        };
        Ok(if x.dtype() == to {
            x
        } else {
            cast.insert(x.cast(to)?)
        })
    };
    let [ca, cb] = casts;
    Ok((wide(a, ca)?, wide(b, cb)?))
}

/// A comparison family op: a bool array of the operands' broadcast shape. The operands have
/// one dtype (promoted), or are integers of two dtypes, compared exactly.
#[inline]
pub fn compare<B: Kernels + ?Sized, K: Compare>(a: &Array, b: &Array) -> Result<Array> {
    let shape = broadcast(K::NAME, a, b)?;
    let mut casts = [None, None];
    let (a, b) = compare_inputs::<B, K>(a, b, &mut casts)?;
    B::zip_bool::<K>(&shape, a, b)
}

/// A comparison family op into `out` (which keeps its dtype; unchanged on error). A bool
/// `out` of the broadcast shape is written directly (no allocation on ndarray).
#[inline]
pub fn compare_out<B: Kernels + ?Sized, K: Compare>(
    a: &Array,
    b: &Array,
    out: &mut Array,
) -> Result<()> {
    let mut casts = [None, None];
    let (x, y) = compare_inputs::<B, K>(a, b, &mut casts)?;
    if out.dtype() == Dtype::Bool
        && crate::engine::checks::broadcasts_to(x.shape(), y.shape(), out.shape())
        && B::zip_bool_into::<K>(x, y, out)?
    {
        return Ok(());
    }
    let shape = broadcast(K::NAME, a, b)?;
    crate::engine::out::write_out(K::NAME, B::zip_bool::<K>(&shape, x, y)?, out)
}

/// The operands of a comparison op, before its dtype checks: promoted as every operand is
/// ([`promote_operands`](crate::engine::checks::promote_operands): Ivy's table, a scalar taking
/// the array's dtype), except where that would change a value and so the answer:
/// - integer arrays of two dtypes whose promotion is not an integer dtype (uint64 with a
///   signed integer: float64, which rounds beyond 2^53, so Ivy finds
///   `int64(2**53 + 1) == uint64(2**53)`) are left as they are;
/// - an int scalar outside an integer array's dtype (`uint8 == -1`, `int8 < 300`) becomes an
///   int64 array instead of wrapping into the array's dtype.
///
/// [`compare`] then compares integers of any two dtypes exactly, as numpy does.
pub fn compare_operands<'s>(
    op: &'static str,
    backend: Backend,
    ops: [Operand<'s>; 2],
    store: &'s mut [Option<Array>; 2],
) -> Result<[&'s Array; 2]> {
    let outside = |s: &Scalar, d: Dtype| match s {
        Scalar::Int(i) if d.is_int() => {
            crate::engine::checks::int_range(d).is_ok_and(|r| !(r.min..=r.max).contains(i))
        }
        _ => false,
    };
    // int64, or uint64 for an int above int64's range (beyond both: an error)
    let as_int64 = |s: Scalar, like: &Array, slot: &'s mut Option<Array>| -> Result<&'s Array> {
        let wide = matches!(s, Scalar::Int(i) if i > i64::MAX.into());
        let d = if wide { Dtype::Uint64 } else { Dtype::Int64 };
        crate::engine::checks::int_fits(op, s, d, "for any integer dtype", "compare with a float")?;
        let a = crate::native::scalar_array(op, backend, s, d, like.device())?;
        Ok(slot.insert(a))
    };
    match ops {
        [Operand::Array(a), Operand::Array(b)]
            if a.dtype().is_int()
                && b.dtype().is_int()
                && ivy_core::promote_types(a.dtype(), b.dtype()).is_ok_and(|d| !d.is_int()) =>
        {
            crate::engine::checks::check_broadcastable(op, a.shape(), b.shape())?;
            Ok([a, b])
        }
        [Operand::Array(a), Operand::Scalar(s)] if outside(&s, a.dtype()) => {
            let [_, slot] = store;
            Ok([a, as_int64(s, a, slot)?])
        }
        [Operand::Scalar(s), Operand::Array(b)] if outside(&s, b.dtype()) => {
            let [slot, _] = store;
            Ok([as_int64(s, b, slot)?, b])
        }
        ops => crate::engine::checks::promote_operands(op, backend, ops, store),
    }
}

/// `clip` on every backend: `minimum(maximum(x, min), max)` through the
/// [`Maximum`](crate::kernel::rows::Maximum) and [`Minimum`](crate::kernel::rows::Minimum) rows, so a
/// NaN element stays NaN (numpy's `clip`) and integers and floats follow the same kernels as
/// `maximum`/`minimum`; the result has `x`'s dtype and the broadcast shape of `x` and the
/// array bounds (numpy's). Two scalar bounds take one pass (`zip_scalars`), converted to
/// `x`'s dtype first (as `full` converts a float: `astype`'s rules); a scalar with an absent
/// bound is the same pass with one row (`maximum(maximum(x, lo), lo)`); an array bound is
/// cast to `x`'s dtype, then applied with the row's `binary`, which broadcasts (numpy's
/// order: `max` wins where array bounds cross); no bound is a copy of `x`. The bounds were
/// checked before dispatch (`clip`'s `#[check]`: numbers, `min <= max`, shapes that
/// broadcast together); errors name `clip`.
pub fn clip<B: Kernels + ?Sized>(
    x: &Array,
    min: crate::ClipBound,
    max: crate::ClipBound,
) -> Result<Array> {
    use crate::kernel::rows::{Maximum, Minimum};
    use crate::ClipBound as Cb;
    const OP: &str = "clip";
    let run = || -> Result<Array> {
        if let (Cb::Scalar(lo), Cb::Scalar(hi)) = (&min, &max) {
            let (lo, hi) = (
                in_range(*lo, x.dtype(), true)?,
                in_range(*hi, x.dtype(), false)?,
            );
            return B::zip_scalars::<Maximum, Minimum>(x, lo, hi);
        }
        let lower = clip_step::<B, Maximum>(x, &min, true)?;
        let upper = clip_step::<B, Minimum>(lower.as_ref().unwrap_or(x), &max, false)?;
        match (upper, lower) {
            (Some(r), _) | (None, Some(r)) => Ok(r),
            (None, None) => unary::<B, crate::kernel::rows::Positive>(x), // a copy
        }
    };
    run().map_err(|e| e.with_op(OP))
}

/// A scalar bound of `clip` for an `x` of dtype `d`: an int beyond an integer dtype's range
/// saturates to its limits (the mathematical clip, as a float bound converts), rather than
/// wrapping (`-3` for uint8 is 0, not 253). A float bound of an integer `x` is rounded
/// inwards (a `lower` bound up, an upper one down), so no element of the result lies
/// outside `[min, max]` (`clip([1, 5], 1.5)` is `[2, 5]`; truncated, it was `[1, 5]`).
fn in_range(s: Scalar, d: Dtype, lower: bool) -> Result<Scalar> {
    match s {
        Scalar::Int(i) if d.is_int() => {
            let info = crate::engine::checks::int_range(d)?;
            Ok(Scalar::Int(i.clamp(info.min, info.max)))
        }
        Scalar::Float(f) if d.is_int() => {
            Ok(Scalar::Float(if lower { f.ceil() } else { f.floor() }))
        }
        s => Ok(s),
    }
}

/// One bound of `clip` applied with row `K`: `None` when absent.
fn clip_step<B: Kernels + ?Sized, K: Binary>(
    x: &Array,
    bound: &crate::ClipBound,
    lower: bool,
) -> Result<Option<Array>> {
    match bound {
        crate::ClipBound::None => Ok(None),
        crate::ClipBound::Scalar(s) => {
            let s = in_range(*s, x.dtype(), lower)?;
            B::zip_scalars::<K, K>(x, s, s).map(Some)
        }
        crate::ClipBound::Array(b) => {
            // the shapes broadcast together (`clip`'s #[check]); the result takes their shape
            let (sat, cast);
            let b = if b.dtype() == x.dtype() {
                b
            } else {
                // an integer bound beyond `x`'s integer dtype saturates to its limits, as a
                // scalar bound does (a plain cast would wrap: -1 as uint8 is 255); float
                // bounds saturate in the cast itself
                let src = if b.dtype().is_int() && x.dtype().is_int() {
                    let (bi, xi) = (
                        crate::engine::checks::int_range(b.dtype())?,
                        crate::engine::checks::int_range(x.dtype())?,
                    );
                    let lo = Scalar::Int(bi.min.max(xi.min));
                    let hi = Scalar::Int(bi.max.min(xi.max));
                    sat = B::zip_scalars::<
                        crate::kernel::rows::Maximum,
                        crate::kernel::rows::Minimum,
                    >(b, lo, hi)?;
                    &sat
                } else if b.dtype().is_float() && x.dtype().is_int() {
                    // rounded inwards, as a scalar bound (`in_range`)
                    sat = match lower {
                        true => unary::<B, crate::kernel::rows::Ceil>(b)?,
                        false => unary::<B, crate::kernel::rows::Floor>(b)?,
                    };
                    &sat
                } else {
                    b
                };
                cast = src.cast(x.dtype())?;
                &cast
            };
            binary::<B, K>(x, b).map(Some)
        }
    }
}

/// A reduction family op without a `dtype` argument.
#[inline]
pub fn reduce<B: Kernels + ?Sized, K: Reduction>(
    x: &Array,
    axes: &[usize],
    keepdims: bool,
) -> Result<Array> {
    reduce_dtype::<B, K>(x, axes, keepdims, None)
}

/// A reduction family op: `x` cast to the dtype `K` runs in, checked, folded.
pub fn reduce_dtype<B: Kernels + ?Sized, K: Reduction>(
    x: &Array,
    axes: &[usize],
    keepdims: bool,
    dtype: Option<Dtype>,
) -> Result<Array> {
    check::<B, K>(x.dtype())?;
    let d = K::ACCUMULATE.dtype(x.dtype(), dtype);
    if B::INVALID.contains(d) {
        return Err(crate::array::not_in_backend(Some(K::NAME), d, B::BACKEND));
    }
    if K::IDENTITY.is_none() && axes.iter().any(|&a| x.shape().get(a) == Some(&0)) {
        return Err(Error::InvalidArgument {
            op: K::NAME,
            message: format!(
                "cannot reduce an axis of length 0 of shape {:?}: `{}` has no identity (reduce over non-empty axes, or check `size()` first)",
                x.shape(),
                K::NAME
            ),
        });
    }
    crate::kernel::alloc::reserve(
        K::NAME,
        &crate::kernel::reduce::reduced_shape(x.shape(), axes, keepdims),
        d,
    )?;
    // folded in the accumulation dtype (where the backend holds it), rounded once to `d`
    let acc = match K::ACCUMULATE.accumulator(x.dtype(), d) {
        a if B::INVALID.contains(a) => d,
        a => a,
    };
    let r = if acc == x.dtype() {
        B::fold::<K>(x, axes, keepdims)?
    } else {
        B::fold::<K>(
            &x.cast(acc).map_err(|e| e.with_op(K::NAME))?,
            axes,
            keepdims,
        )?
    };
    match acc == d {
        true => Ok(r),
        false => r.cast(d).map_err(|e| e.with_op(K::NAME)),
    }
}

/// A reduction family op into `out` (which keeps its dtype; unchanged on error).
#[inline]
pub fn reduce_out<B: Kernels + ?Sized, K: Reduction>(
    x: &Array,
    axes: &[usize],
    keepdims: bool,
    out: &mut Array,
) -> Result<()> {
    crate::engine::out::write_out(K::NAME, reduce::<B, K>(x, axes, keepdims)?, out)
}

/// A reduction family op with a `dtype` argument into `out`.
#[inline]
pub fn reduce_dtype_out<B: Kernels + ?Sized, K: Reduction>(
    x: &Array,
    axes: &[usize],
    keepdims: bool,
    dtype: Option<Dtype>,
    out: &mut Array,
) -> Result<()> {
    let r = reduce_dtype::<B, K>(x, axes, keepdims, dtype)?;
    crate::engine::out::write_out(K::NAME, r, out)
}
