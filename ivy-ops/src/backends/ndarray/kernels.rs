//! Generic kernels of the ndarray backend: each written once over the element trait.

use super::{Elem, NdArray, NdElem};
use crate::{Array, NativeArray};
use ::ndarray::{ArrayD, ArrayViewD, Dimension, IxDyn, Zip};
use ivy_core::{Backend, Dtype, Error, Result};
use std::borrow::Cow;
use std::mem::MaybeUninit;

pub(crate) use crate::elem::{ElemMap, ElemZip, FloatMap};

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

fn unsupported(op: &'static str, d: Dtype) -> Error {
    Error::UnsupportedDtype {
        op,
        dtype: d,
        backend: Backend::Ndarray,
        version: crate::versions::NDARRAY_VERSION.0,
        supported: ivy_core::DtypeSet::FLOAT.union(ivy_core::DtypeSet::COMPLEX),
    }
}

/// Casts to `to` with ivy's conversion rules ([`Elem::cast_from`]): a new buffer.
pub(crate) fn cast(op: &'static str, a: &NdArray, to: Dtype) -> Result<NdArray> {
    super::nd_all!(a, x, S => super::nd_type!(to, D => Ok(D::wrap(try_map(op, x, |v: S| D::cast_from(v))?))))
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
/// `mapv`, without the abort on allocation failure). Contiguous inputs run as a plain slice
/// loop, which the compiler vectorises.
pub(crate) fn try_map<'a, T: Copy + 'a, U>(
    op: &'static str,
    a: impl Into<ArrayViewD<'a, T>>,
    f: impl Fn(T) -> U,
) -> Result<ArrayD<U>> {
    let a = a.into();
    let mut out = try_uninit::<U>(op, a.shape())?;
    fill_map(&mut out, &a, f);
    // SAFETY: `fill_map` wrote every element of `out`.
    Ok(unsafe { out.assume_init() })
}

fn fill_map<T: Copy, U>(
    out: &mut ArrayD<MaybeUninit<U>>,
    a: &ArrayViewD<'_, T>,
    f: impl Fn(T) -> U,
) {
    if let (Some(xs), Some(os)) = (a.as_slice(), out.as_slice_mut()) {
        os.iter_mut().zip(xs).for_each(|(o, &x)| {
            o.write(f(x));
        });
        return;
    }
    Zip::from(out).and(a).for_each(|o, &x| {
        o.write(f(x));
    });
}

/// `f` of the elements of `a` and `b` (both of `shape`, e.g. broadcast views), in a new
/// fallibly allocated array.
pub(crate) fn try_zip<T: Copy, U>(
    op: &'static str,
    shape: &[usize],
    a: &ArrayViewD<'_, T>,
    b: &ArrayViewD<'_, T>,
    f: impl Fn(T, T) -> U,
) -> Result<ArrayD<U>> {
    let mut out = try_uninit::<U>(op, shape)?;
    fill_zip(&mut out, a, b, f);
    // SAFETY: `fill_zip` wrote every element of `out` (a and b have out's shape).
    Ok(unsafe { out.assume_init() })
}

fn fill_zip<T: Copy, U>(
    out: &mut ArrayD<MaybeUninit<U>>,
    a: &ArrayViewD<'_, T>,
    b: &ArrayViewD<'_, T>,
    f: impl Fn(T, T) -> U,
) {
    if let (Some(xs), Some(ys), Some(os)) = (a.as_slice(), b.as_slice(), out.as_slice_mut()) {
        os.iter_mut()
            .zip(xs.iter().zip(ys))
            .for_each(|(o, (&x, &y))| {
                o.write(f(x, y));
            });
        return;
    }
    Zip::from(out).and(a).and(b).for_each(|o, &x, &y| {
        o.write(f(x, y));
    });
}

/// A fallibly allocated copy of `a` in standard layout.
pub(crate) fn try_owned<T: Copy>(op: &'static str, a: &ArrayViewD<'_, T>) -> Result<ArrayD<T>> {
    try_map(op, a.view(), |v| v)
}

/// `F` over a float/complex array.
pub(crate) fn unary_float<F: FloatMap>(op: &'static str, x: &NdArray) -> Result<NdArray> {
    super::nd_float!(x, a, T => Ok(T::wrap(try_map(op, a, F::f::<T>)?)), other => Err(unsupported(op, other.dtype())))
}

/// `F` over a float/complex array, into `out`: in place with no allocation when `out` has
/// the input's dtype and shape, else computed and written with `write_out`.
pub(crate) fn unary_float_into<F: FloatMap>(
    op: &'static str,
    x: &Array,
    out: &mut Array,
) -> Result<()> {
    let xa = nd(op, x)?;
    if let Ok(o) = nd_mut(op, out) {
        let done = super::nd_float!(xa, a, T => {
            match T::unwrap_mut(o) {
                Some(o) if o.shape() == a.shape() => {
                    match (o.as_slice_mut(), a.as_slice()) {
                        // contiguous: a plain slice loop the compiler vectorises
                        (Some(os), Some(xs)) => os.iter_mut().zip(xs).for_each(|(o, &v)| *o = F::f(v)),
                        _ => Zip::from(o).and(a).for_each(|o, &v| *o = F::f(v)),
                    }
                    true
                }
                _ => false,
            }
        }, _other => false);
        if done {
            return Ok(());
        }
    }
    let r = unary_float::<F>(op, xa)?;
    crate::__private::write_out(op, Array::from_nd(r), out)
}

/// `F` over any array.
pub(crate) fn unary<F: ElemMap>(op: &'static str, x: &NdArray) -> Result<NdArray> {
    super::nd_all!(x, a, T => Ok(T::wrap(try_map(op, a, F::f::<T>)?)))
}

/// Broadcast views of two shapes, or a shape error naming the op.
pub(crate) fn broadcast_shape(op: &'static str, a: &[usize], b: &[usize]) -> Result<IxDyn> {
    crate::__private::broadcast_shapes(op, a, b).map(|s| IxDyn(&s))
}

/// `F` elementwise over two arrays of one dtype, with broadcasting.
pub(crate) fn binary<F: ElemZip>(op: &'static str, x: &NdArray, y: &NdArray) -> Result<NdArray> {
    super::nd_all!(x, a, T => {
        let b = T::unwrap_ref(y).ok_or_else(|| Error::InvalidArgument {
            op,
            message: format!("operands must have one dtype after promotion, got {} and {}", x.dtype(), y.dtype()),
        })?;
        if a.shape() == b.shape() {
            return Ok(T::wrap(try_zip(op, a.shape(), &a.view(), &b.view(), F::f::<T>)?));
        }
        let shape = broadcast_shape(op, a.shape(), b.shape())?;
        let (av, bv) = match (a.broadcast(shape.clone()), b.broadcast(shape.clone())) {
            (Some(av), Some(bv)) => (av, bv),
            _ => return Err(shape_err(op, a.shape(), b.shape())),
        };
        Ok(T::wrap(try_zip(op, shape.slice(), &av, &bv, F::f::<T>)?))
    })
}

/// `F` into `out` with no allocation when `out` has the operands' dtype and the broadcast
/// shape; else computed and written with `write_out`.
pub(crate) fn binary_into<F: ElemZip>(
    op: &'static str,
    x: &Array,
    y: &Array,
    out: &mut Array,
) -> Result<()> {
    let (xa, ya) = (nd(op, x)?, nd(op, y)?);
    if let Ok(o) = nd_mut(op, out) {
        let done = super::nd_all!(xa, a, T => {
            match (T::unwrap_ref(ya), T::unwrap_mut(o)) {
                (Some(b), Some(o)) if a.shape() == o.shape() && b.shape() == o.shape() => {
                    match (o.as_slice_mut(), a.as_slice(), b.as_slice()) {
                        (Some(os), Some(xs), Some(ys)) => os
                            .iter_mut()
                            .zip(xs.iter().zip(ys))
                            .for_each(|(o, (&u, &v))| *o = F::f(u, v)),
                        _ => Zip::from(o).and(a).and(b).for_each(|o, &u, &v| *o = F::f(u, v)),
                    }
                    true
                }
                (Some(b), Some(o)) => match (a.broadcast(o.raw_dim()), b.broadcast(o.raw_dim())) {
                    (Some(av), Some(bv)) if crate::__private::broadcasts_to(a.shape(), b.shape(), o.shape()) => {
                        Zip::from(o).and(&av).and(&bv).for_each(|o, &u, &v| *o = F::f(u, v));
                        true
                    }
                    _ => false,
                },
                _ => false,
            }
        });
        if done {
            return Ok(());
        }
    }
    let r = binary::<F>(op, xa, ya)?;
    crate::__private::write_out(op, Array::from_nd(r), out)
}

pub(crate) fn shape_err(op: &'static str, a: &[usize], b: &[usize]) -> Error {
    Error::Shape {
        op,
        lhs: a.to_vec(),
        rhs: b.to_vec(),
        reason: "do not broadcast",
    }
}

/// Clamps every value to `[lo, hi]` in the array's own element type: the bounds are
/// converted to it first (ivy's conversion rules, as `astype`), so float32 stays float32 and
/// integer arrays keep their dtype. NaN values stay NaN. The bounds were checked before
/// dispatch (`lo <= hi`, neither NaN).
pub(crate) fn clip(x: &NdArray, lo: f64, hi: f64) -> Result<NdArray> {
    super::nd_all!(x, a, T => {
        let (lo, hi) = (T::from_f64(lo), T::from_f64(hi));
        Ok(T::wrap(try_map("clip", a, |v: T| {
            if v.lt(lo) { lo } else if hi.lt(v) { hi } else { v }
        })?))
    })
}
