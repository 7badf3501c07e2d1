//! Generic kernels of the ndarray backend: each written once over the element trait.

use super::{Elem, NdArray, NdElem};
use crate::{Array, NativeArray};
use ::ndarray::{ArrayBase, ArrayD, ArrayViewD, ArrayViewMutD, Data, IxDyn};
use ivy_core::{Backend, Dtype, DtypeSet, Error, Result, Scalar};
use std::borrow::Cow;
use std::mem::MaybeUninit;

use super::strided::{self, Dst, Src};
use crate::family::{
    binary_slices, compare_slices, compare_wide, predicate_slices, to_real_slices, unary_slices,
    Binary, Compare, Predicate, Reduction, SliceFn, Unary,
};

/// The ndarray data of `x`, or a backend-mismatch error.
#[inline]
pub(crate) fn nd<'a>(op: &'static str, x: &'a Array) -> Result<&'a NdArray> {
    match &x.native {
        NativeArray::Ndarray(a) => Ok(a),
        #[allow(unreachable_patterns)]
        other => Err(Error::BackendMismatch {
            op,
            a: Backend::Ndarray,
            b: other.backend(),
        }),
    }
}

/// The ndarray data of `x`, mutably.
#[inline]
pub(crate) fn nd_mut<'a>(op: &'static str, x: &'a mut Array) -> Result<&'a mut NdArray> {
    let b = x.backend();
    match &mut x.native {
        NativeArray::Ndarray(a) => Ok(a),
        #[allow(unreachable_patterns)]
        _ => Err(Error::BackendMismatch {
            op,
            a: Backend::Ndarray,
            b,
        }),
    }
}

/// Casts to `to` with ivy's conversion rules ([`Elem::cast_from`]): a new buffer.
pub(crate) fn cast(op: &'static str, a: &NdArray, to: Dtype) -> Result<NdArray> {
    super::nd_all!(a, x, S => cast_from(op, x, to))
}

/// [`cast`] from element type `S`: the inner `match` written (and type-checked) once, not
/// once per source dtype.
fn cast_from<S: Elem>(op: &'static str, x: &super::NdData<S>, to: Dtype) -> Result<NdArray> {
    super::nd_type!(to, D => Ok(D::wrap(try_map(op, x, D::cast_from::<S>)?)))
}

/// `a` in dtype `to`: borrowed when it already has it (no copy), else cast.
pub(crate) fn cast_cow<'a>(
    op: &'static str,
    a: &'a NdArray,
    to: Dtype,
) -> Result<Cow<'a, NdArray>> {
    if a.dtype() == to {
        Ok(Cow::Borrowed(a))
    } else {
        cast(op, a, to).map(Cow::Owned)
    }
}

/// An uninitialised standard-layout buffer of `shape`, allocated through [`crate::alloc`].
fn try_uninit<T>(op: &'static str, shape: &[usize]) -> Result<ArrayD<MaybeUninit<T>>> {
    let n = crate::alloc::shape_size(op, shape, std::mem::size_of::<T>())?;
    let mut v = crate::alloc::try_vec::<MaybeUninit<T>>(op, n)?;
    // SAFETY: `MaybeUninit<T>` needs no initialisation, and `n` is within the capacity.
    unsafe { v.set_len(n) };
    shaped(op, shape, v)
}

/// A row-major buffer as an array of `shape` (the one wrapping of every kernel's buffer).
pub(crate) fn shaped<T>(op: &'static str, shape: &[usize], v: Vec<T>) -> Result<ArrayD<T>> {
    ArrayD::from_shape_vec(IxDyn(shape), v).map_err(|_| Error::InvalidArgument {
        op,
        message: format!("shape {shape:?} does not match its element count"),
    })
}

/// `f` of every element of `a`, in a new fallibly allocated array of `a`'s shape (ndarray's
/// `mapv`, without the abort on allocation failure): a plain slice loop, which the compiler
/// vectorises. A non-contiguous `a` is copied to standard layout first (by the one strided
/// loop, generic over `T` only), so each `f` instantiates nothing but this loop.
pub(crate) fn try_map<'a, T: Copy + 'a, U>(
    op: &'static str,
    a: impl Into<ArrayViewD<'a, T>>,
    f: impl Fn(T) -> U,
) -> Result<ArrayD<U>> {
    let a = a.into();
    let copy;
    let xs = match a.as_slice() {
        Some(xs) => xs,
        None => {
            copy = standard_vec(op, &a)?;
            &copy[..]
        }
    };
    let mut v = crate::alloc::try_vec::<U>(op, xs.len())?;
    for (o, &x) in v.spare_capacity_mut().iter_mut().zip(xs) {
        o.write(f(x));
    }
    // SAFETY: `try_vec` reserved `xs.len()` slots and the loop wrote each of them.
    unsafe { v.set_len(xs.len()) };
    shaped(op, a.shape(), v)
}

/// The elements of `a` in row-major order, in a fallibly allocated vector.
pub(crate) fn standard_vec<T: Copy>(op: &'static str, a: &ArrayViewD<'_, T>) -> Result<Vec<T>> {
    let n = crate::alloc::shape_size(op, a.shape(), std::mem::size_of::<T>())?;
    let mut v = crate::alloc::try_vec::<T>(op, n)?;
    let mut dst = ArrayViewMutD::from_shape(IxDyn(a.shape()), &mut v.spare_capacity_mut()[..n])
        .map_err(|_| shape_err(op, a.shape(), &[n]))?;
    if !strided::run([Src::from(a)], Dst::uninit(&mut dst), copy_slices::<T>) {
        return Err(shape_err(op, a.shape(), a.shape()));
    }
    // SAFETY: `run` wrote all `n` elements (`dst` is `a`'s shape over the first `n` slots).
    unsafe { v.set_len(n) };
    Ok(v)
}

/// The elements of `a` in row-major order: its own buffer when it is in standard layout,
/// else a copy.
pub(crate) fn row_major<'a, T: Copy, S: Data<Elem = T>>(
    op: &'static str,
    a: &'a ArrayBase<S, IxDyn>,
) -> Result<Cow<'a, [T]>> {
    match a.as_slice() {
        Some(s) => Ok(Cow::Borrowed(s)),
        None => standard_vec(op, &a.view()).map(Cow::Owned),
    }
}

/// The identity slice kernel (a copy).
fn copy_slices<T: Copy>([xs]: [&[T]; 1], out: &mut [MaybeUninit<T>]) {
    for (o, &x) in out.iter_mut().zip(xs) {
        o.write(x);
    }
}

/// A fallibly allocated copy of `a` in standard layout.
pub(crate) fn try_owned<T: Copy>(op: &'static str, a: &ArrayViewD<'_, T>) -> Result<ArrayD<T>> {
    shaped(op, a.shape(), standard_vec(op, a)?)
}

/// `f` over `ins` (broadcast to `shape`) in a new array of `shape`.
fn new_array<T: Copy, O: Copy, S: Data<Elem = T>, const N: usize>(
    op: &'static str,
    shape: &[usize],
    ins: [&ArrayBase<S, IxDyn>; N],
    f: SliceFn<T, O, N>,
) -> Result<ArrayD<O>> {
    let mut out = try_uninit::<O>(op, shape)?;
    if !strided::run(ins.map(Src::from), Dst::uninit(&mut out), f) {
        let lhs = ins.first().map_or(&[][..], |a| a.shape());
        return Err(shape_err(op, lhs, shape));
    }
    // SAFETY: `run` wrote every element of `out`.
    Ok(unsafe { out.assume_init() })
}

/// `f` over `ins` (broadcast to `out`'s shape) into `out`: `false` (`out` untouched) when an
/// input does not broadcast to it.
fn into_array<T: Copy, O: Copy, S: Data<Elem = T>, const N: usize>(
    ins: [&ArrayBase<S, IxDyn>; N],
    out: &mut super::NdData<O>,
    f: SliceFn<T, O, N>,
) -> bool {
    strided::run(ins.map(Src::from), Dst::init(out), f)
}

/// An int64 or uint64 array as `i128`s (exact), for comparing the two.
fn wide(op: &'static str, x: &NdArray) -> Result<ArrayD<i128>> {
    match x {
        NdArray::Int64(a) => try_map(op, a.view(), i128::from),
        NdArray::Uint64(a) => try_map(op, a.view(), i128::from),
        other => Err(mixed_dtypes(op, other, other)),
    }
}

/// The operands of a comparison: of one dtype, or int64 with uint64 (compared as `i128`).
enum Pair<'a> {
    Same(&'a NdArray, &'a NdArray),
    Wide(Box<[ArrayD<i128>; 2]>),
}

fn compare_pair<'a>(op: &'static str, x: &'a NdArray, y: &'a NdArray) -> Result<Pair<'a>> {
    Ok(match (x.dtype(), y.dtype()) {
        (Dtype::Int64, Dtype::Uint64) | (Dtype::Uint64, Dtype::Int64) => {
            Pair::Wide(Box::new([wide(op, x)?, wide(op, y)?]))
        }
        _ => Pair::Same(x, y),
    })
}

/// How ndarray runs each family: the row's slice kernel for the operands' element type,
/// through the one strided loop (`strided::run`). The dtype `match` is the family's only
/// per-op code.
impl crate::family::Kernels for super::NdarrayBackend {
    const NATIVE_OUT: bool = true;
    const HOST_WITH_OP: DtypeSet = DtypeSet::EMPTY;
    const HOST_WITHOUT_OP: DtypeSet = DtypeSet::EMPTY;

    fn map<K: Unary>(x: &Array) -> Result<Array> {
        let x = nd(K::NAME, x)?;
        super::nd_all!(x, a, T => {
            let r = new_array(K::NAME, a.shape(), [a], unary_slices::<T, K>)?;
            Ok(Array::from_nd(T::wrap(r)))
        })
    }

    fn map_into<K: Unary>(x: &Array, out: &mut Array) -> Result<bool> {
        let (x, out) = (nd(K::NAME, x)?, nd_mut(K::NAME, out)?);
        super::nd_all!(x, a, T => Ok(match T::unwrap_mut(out) {
            Some(o) if o.shape() == a.shape() => into_array([a], o, unary_slices::<T, K>),
            _ => false,
        }))
    }

    fn map_real<K: Unary>(x: &Array) -> Result<Array> {
        Ok(Array::from_nd(match nd(K::NAME, x)? {
            NdArray::Complex64(a) => NdArray::from(new_array(
                K::NAME,
                a.shape(),
                [a],
                to_real_slices::<f32, K>,
            )?),
            NdArray::Complex128(a) => NdArray::from(new_array(
                K::NAME,
                a.shape(),
                [a],
                to_real_slices::<f64, K>,
            )?),
            other => return Err(mixed_dtypes(K::NAME, other, other)),
        }))
    }

    fn map_real_into<K: Unary>(x: &Array, out: &mut Array) -> Result<bool> {
        let (x, out) = (nd(K::NAME, x)?, nd_mut(K::NAME, out)?);
        Ok(match (x, out) {
            (NdArray::Complex64(a), NdArray::Float32(o)) if o.shape() == a.shape() => {
                into_array([a], o, to_real_slices::<f32, K>)
            }
            (NdArray::Complex128(a), NdArray::Float64(o)) if o.shape() == a.shape() => {
                into_array([a], o, to_real_slices::<f64, K>)
            }
            _ => false,
        })
    }

    fn zip_scalars<K1: Binary, K2: Binary>(x: &Array, a: Scalar, b: Scalar) -> Result<Array> {
        let x = nd(K1::NAME, x)?;
        super::nd_all!(x, v, T => {
            let (a, b) = (T::from_scalar(a), T::from_scalar(b));
            let r = try_map(K1::NAME, v.view(), |e| T::binary::<K2>(T::binary::<K1>(e, a), b))?;
            Ok(Array::from_nd(T::wrap(r)))
        })
    }

    fn zip<K: Binary>(shape: &[usize], x: &Array, y: &Array) -> Result<Array> {
        let (x, y) = (nd(K::NAME, x)?, nd(K::NAME, y)?);
        super::nd_all!(x, a, T => {
            let b = T::unwrap_ref(y).ok_or_else(|| mixed_dtypes(K::NAME, x, y))?;
            let r = new_array(K::NAME, shape, [a, b], binary_slices::<T, K>)?;
            Ok(Array::from_nd(T::wrap(r)))
        })
    }

    fn zip_into<K: Binary>(x: &Array, y: &Array, out: &mut Array) -> Result<bool> {
        let (x, y, out) = (nd(K::NAME, x)?, nd(K::NAME, y)?, nd_mut(K::NAME, out)?);
        super::nd_all!(x, a, T => Ok(match (T::unwrap_ref(y), T::unwrap_mut(out)) {
            (Some(b), Some(o)) => into_array([a, b], o, binary_slices::<T, K>),
            _ => false,
        }))
    }

    fn zip_in_place<K: Binary>(out: &mut Array, y: &Array) -> Result<bool> {
        let (y, out) = (nd(K::NAME, y)?, nd_mut(K::NAME, out)?);
        super::nd_all!(y, b, T => Ok(match T::unwrap_mut(out) {
            Some(o) => strided::update(Dst::init(o), Src::from(b), binary_slices::<T, K>),
            None => false,
        }))
    }

    fn map_bool<K: Predicate>(x: &Array) -> Result<Array> {
        let x = nd(K::NAME, x)?;
        let r = super::nd_all!(x, a, T => new_array(K::NAME, a.shape(), [a], predicate_slices::<T, K>))?;
        Ok(Array::from_nd(NdArray::from(r)))
    }

    fn map_bool_into<K: Predicate>(x: &Array, out: &mut Array) -> Result<bool> {
        let (x, out) = (nd(K::NAME, x)?, nd_mut(K::NAME, out)?);
        let Some(o) = bool::unwrap_mut(out).filter(|o| o.shape() == x.shape()) else {
            return Ok(false);
        };
        Ok(super::nd_all!(x, a, T => into_array([a], o, predicate_slices::<T, K>)))
    }

    fn zip_bool<K: Compare>(shape: &[usize], x: &Array, y: &Array) -> Result<Array> {
        let (x, y) = (nd(K::NAME, x)?, nd(K::NAME, y)?);
        let r = match compare_pair(K::NAME, x, y)? {
            Pair::Wide(w) => new_array(K::NAME, shape, [&w[0], &w[1]], compare_wide::<K>)?,
            Pair::Same(x, y) => super::nd_all!(x, a, T => {
                let b = T::unwrap_ref(y).ok_or_else(|| mixed_dtypes(K::NAME, x, y))?;
                new_array(K::NAME, shape, [a, b], compare_slices::<T, K>)?
            }),
        };
        Ok(Array::from_nd(NdArray::from(r)))
    }

    fn zip_bool_into<K: Compare>(x: &Array, y: &Array, out: &mut Array) -> Result<bool> {
        let (x, y, out) = (nd(K::NAME, x)?, nd(K::NAME, y)?, nd_mut(K::NAME, out)?);
        let Some(o) = bool::unwrap_mut(out) else {
            return Ok(false);
        };
        Ok(match compare_pair(K::NAME, x, y)? {
            Pair::Wide(w) => into_array([&w[0], &w[1]], o, compare_wide::<K>),
            Pair::Same(x, y) => super::nd_all!(x, a, T => match T::unwrap_ref(y) {
                Some(b) => into_array([a, b], o, compare_slices::<T, K>),
                None => false,
            }),
        })
    }

    fn fold<K: Reduction>(x: &Array, axes: &[usize], keepdims: bool) -> Result<Array> {
        let x = nd(K::NAME, x)?;
        super::nd_all!(x, a, T => {
            let r = crate::family::fold_host::<T, K>(&row_major(K::NAME, a)?, a.shape(), axes)?;
            let shape = crate::reduce::reduced_shape(a.shape(), axes, keepdims);
            Ok(Array::from_nd(T::wrap(shaped(K::NAME, &shape, r)?)))
        })
    }
}

fn mixed_dtypes(op: &'static str, x: &NdArray, y: &NdArray) -> Error {
    Error::InvalidArgument {
        op,
        message: format!(
            "operands must have one dtype after promotion, got {} and {}",
            x.dtype(),
            y.dtype()
        ),
    }
}

pub(crate) fn shape_err(op: &'static str, a: &[usize], b: &[usize]) -> Error {
    Error::Shape {
        op,
        lhs: a.to_vec(),
        rhs: b.to_vec(),
        reason: "do not broadcast",
    }
}
