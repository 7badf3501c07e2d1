//! Generic kernels of the ndarray backend: each written once over the element trait.

use super::{Elem, NdArray, NdElem};
use crate::{Array, NativeArray};
use ::ndarray::{ArrayD, ArrayViewD, ArrayViewMutD, IxDyn, Zip};
use ivy_core::{Backend, Dtype, Error, Result, Scalar};
use std::borrow::Cow;
use std::mem::MaybeUninit;

use crate::family::{Binary, Compare, Predicate, Unary};

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

/// A fallibly allocated copy of `a` in standard layout.
pub(crate) fn try_owned<T: Copy>(op: &'static str, a: &ArrayViewD<'_, T>) -> Result<ArrayD<T>> {
    try_map(op, a.view(), |v| v)
}

/// `K` of every element of `a`: the row's slice kernel when it has one for `T`, else a plain
/// slice loop the compiler vectorises (or a strided walk for non-contiguous input).
fn map_k<T: Elem, K: Unary>(a: &ArrayD<T>) -> Result<ArrayD<T>> {
    let mut out = try_uninit::<T>(K::NAME, a.shape())?;
    match (a.as_slice(), out.as_slice_mut()) {
        (Some(xs), Some(os)) => {
            if !T::unary_slice::<K>(xs, os) {
                os.iter_mut().zip(xs).for_each(|(o, &x)| {
                    o.write(T::unary::<K>(x));
                });
            }
        }
        _ => Zip::from(&mut out).and(a).for_each(|o, &x| {
            o.write(T::unary::<K>(x));
        }),
    }
    // SAFETY: every element of `out` was written above.
    Ok(unsafe { out.assume_init() })
}

/// `K` of the elements of `a` and `b` (views of one shape).
fn zip_k<T: Elem, K: Binary>(
    shape: &[usize],
    a: &ArrayViewD<'_, T>,
    b: &ArrayViewD<'_, T>,
) -> Result<ArrayD<T>> {
    let mut out = try_uninit::<T>(K::NAME, shape)?;
    match (a.as_slice(), b.as_slice(), out.as_slice_mut()) {
        (Some(xs), Some(ys), Some(os)) => {
            if !T::binary_slice::<K>(xs, ys, os) {
                os.iter_mut()
                    .zip(xs.iter().zip(ys))
                    .for_each(|(o, (&x, &y))| {
                        o.write(T::binary::<K>(x, y));
                    });
            }
        }
        _ => Zip::from(&mut out).and(a).and(b).for_each(|o, &x, &y| {
            o.write(T::binary::<K>(x, y));
        }),
    }
    // SAFETY: `a` and `b` have `out`'s shape, so every element of `out` was written.
    Ok(unsafe { out.assume_init() })
}

/// An initialised slice as slots a slice kernel may overwrite (with initialised values).
fn as_slots<T>(s: &mut [T]) -> &mut [MaybeUninit<T>] {
    // SAFETY: `MaybeUninit<T>` has `T`'s layout, and slice kernels only write valid `T`s.
    unsafe { &mut *(s as *mut [T] as *mut [MaybeUninit<T>]) }
}

/// Where a bool-valued family (predicate, comparison) writes: a new array ([`NewBools`]) or
/// an existing bool array ([`IntoBools`], `out`). The family's kernel is written once over
/// it.
trait Bools {
    /// What writing gives: the new array, or nothing.
    type Out;
    /// `f` of every element of `a`.
    fn map<T: Copy>(
        self,
        op: &'static str,
        a: &ArrayD<T>,
        f: impl Fn(T) -> bool,
    ) -> Result<Self::Out>;
    /// `f` of the elements of `a` and `b` (of two element types, maybe), broadcast to the
    /// destination's shape.
    fn zip<T: Copy, U: Copy>(
        self,
        op: &'static str,
        a: &ArrayD<T>,
        b: &ArrayD<U>,
        f: impl Fn(T, U) -> bool,
    ) -> Result<Self::Out>;
}

/// A new bool array of this shape (the broadcast shape for `zip`).
struct NewBools<'s>(&'s [usize]);

/// An existing bool array.
struct IntoBools<'o>(&'o mut ArrayD<bool>);

/// `a` and `b` broadcast to `shape`.
fn broadcast_pair<'a, T, U>(
    op: &'static str,
    shape: &[usize],
    a: &'a ArrayD<T>,
    b: &'a ArrayD<U>,
) -> Result<(ArrayViewD<'a, T>, ArrayViewD<'a, U>)> {
    match (a.broadcast(IxDyn(shape)), b.broadcast(IxDyn(shape))) {
        (Some(av), Some(bv)) => Ok((av, bv)),
        _ => Err(shape_err(op, a.shape(), b.shape())),
    }
}

impl Bools for NewBools<'_> {
    type Out = ArrayD<bool>;
    fn map<T: Copy>(
        self,
        op: &'static str,
        a: &ArrayD<T>,
        f: impl Fn(T) -> bool,
    ) -> Result<ArrayD<bool>> {
        try_map(op, a.view(), f)
    }
    fn zip<T: Copy, U: Copy>(
        self,
        op: &'static str,
        a: &ArrayD<T>,
        b: &ArrayD<U>,
        f: impl Fn(T, U) -> bool,
    ) -> Result<ArrayD<bool>> {
        let (av, bv) = broadcast_pair(op, self.0, a, b)?;
        let mut out = try_uninit::<bool>(op, self.0)?;
        fill_bools(
            out.view_mut(),
            av,
            bv,
            |o, v| {
                o.write(v);
            },
            f,
        );
        // SAFETY: `av` and `bv` have `out`'s shape, so every element was written.
        Ok(unsafe { out.assume_init() })
    }
}

impl Bools for IntoBools<'_> {
    type Out = ();
    fn map<T: Copy>(self, op: &'static str, a: &ArrayD<T>, f: impl Fn(T) -> bool) -> Result<()> {
        if self.0.shape() != a.shape() {
            return Err(shape_err(op, a.shape(), self.0.shape()));
        }
        fill_bools(
            self.0.view_mut(),
            a.view(),
            a.view(),
            |o, v| *o = v,
            |x, _| f(x),
        );
        Ok(())
    }
    fn zip<T: Copy, U: Copy>(
        self,
        op: &'static str,
        a: &ArrayD<T>,
        b: &ArrayD<U>,
        f: impl Fn(T, U) -> bool,
    ) -> Result<()> {
        let (av, bv) = broadcast_pair(op, self.0.shape(), a, b)?;
        fill_bools(self.0.view_mut(), av, bv, |o, v| *o = v, f);
        Ok(())
    }
}

/// `put(slot, f(x, y))` for every element of `out` and of `a`, `b` (all of one shape): a
/// plain slice loop when all three are contiguous, else a strided walk.
fn fill_bools<O, T: Copy, U: Copy>(
    mut out: ArrayViewMutD<'_, O>,
    a: ArrayViewD<'_, T>,
    b: ArrayViewD<'_, U>,
    put: impl Fn(&mut O, bool),
    f: impl Fn(T, U) -> bool,
) {
    if let (Some(os), Some(xs), Some(ys)) = (out.as_slice_mut(), a.as_slice(), b.as_slice()) {
        os.iter_mut()
            .zip(xs.iter().zip(ys))
            .for_each(|(o, (&x, &y))| put(o, f(x, y)));
        return;
    }
    Zip::from(out)
        .and(&a)
        .and(&b)
        .for_each(|o, &x, &y| put(o, f(x, y)));
}

/// The predicate `K` of every element of `x`, into `dst`: the family's one dtype `match`.
fn predicate_nd<K: Predicate, D: Bools>(x: &NdArray, dst: D) -> Result<D::Out> {
    super::nd_all!(x, a, T => dst.map(K::NAME, a, T::predicate::<K>))
}

/// The comparison `K` of the elements of `x` and `y`, into `dst`: the family's one dtype
/// `match`. int64 with uint64 (the one mixed pair the family passes) compares exactly, as
/// `i128`.
fn compare_nd<K: Compare, D: Bools>(x: &NdArray, y: &NdArray, dst: D) -> Result<D::Out> {
    let exact = |u: i128, v: i128| K::int(u, v);
    match (x, y) {
        (NdArray::Int64(a), NdArray::Uint64(b)) => {
            dst.zip(K::NAME, a, b, |u, v| exact(u.into(), v.into()))
        }
        (NdArray::Uint64(a), NdArray::Int64(b)) => {
            dst.zip(K::NAME, a, b, |u, v| exact(u.into(), v.into()))
        }
        _ => super::nd_all!(x, a, T => {
            let b = T::unwrap_ref(y).ok_or_else(|| mixed_dtypes(K::NAME, x, y))?;
            dst.zip(K::NAME, a, b, T::compare::<K>)
        }),
    }
}

/// How ndarray runs each family: one generic loop per shape, for all 15 dtypes.
impl crate::family::Kernels for super::NdarrayBackend {
    const NATIVE_OUT: bool = true;

    fn map<K: Unary>(x: &Array) -> Result<Array> {
        let x = nd(K::NAME, x)?;
        super::nd_all!(x, a, T => Ok(Array::from_nd(T::wrap(map_k::<T, K>(a)?))))
    }

    fn map_into<K: Unary>(x: &Array, out: &mut Array) -> Result<bool> {
        let (x, out) = (nd(K::NAME, x)?, nd_mut(K::NAME, out)?);
        super::nd_all!(x, a, T => {
            let Some(o) = T::unwrap_mut(out).filter(|o| o.shape() == a.shape()) else {
                return Ok(false);
            };
            match (o.as_slice_mut(), a.as_slice()) {
                (Some(os), Some(xs)) => {
                    if !T::unary_slice::<K>(xs, as_slots(os)) {
                        os.iter_mut().zip(xs).for_each(|(o, &v)| *o = T::unary::<K>(v));
                    }
                }
                _ => Zip::from(o).and(a).for_each(|o, &v| *o = T::unary::<K>(v)),
            }
            Ok(true)
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
            let r = if a.shape() == shape && b.shape() == shape {
                zip_k::<T, K>(shape, &a.view(), &b.view())?
            } else {
                let dim = IxDyn(shape);
                match (a.broadcast(dim.clone()), b.broadcast(dim)) {
                    (Some(av), Some(bv)) => zip_k::<T, K>(shape, &av, &bv)?,
                    _ => return Err(shape_err(K::NAME, a.shape(), b.shape())),
                }
            };
            Ok(Array::from_nd(T::wrap(r)))
        })
    }

    fn zip_into<K: Binary>(x: &Array, y: &Array, out: &mut Array) -> Result<bool> {
        let (x, y, out) = (nd(K::NAME, x)?, nd(K::NAME, y)?, nd_mut(K::NAME, out)?);
        super::nd_all!(x, a, T => {
            let (Some(b), Some(o)) = (T::unwrap_ref(y), T::unwrap_mut(out)) else {
                return Ok(false);
            };
            if a.shape() == o.shape() && b.shape() == o.shape() {
                match (o.as_slice_mut(), a.as_slice(), b.as_slice()) {
                    (Some(os), Some(xs), Some(ys)) => {
                        if !T::binary_slice::<K>(xs, ys, as_slots(os)) {
                            os.iter_mut()
                                .zip(xs.iter().zip(ys))
                                .for_each(|(o, (&u, &v))| *o = T::binary::<K>(u, v));
                        }
                    }
                    _ => Zip::from(o).and(a).and(b).for_each(|o, &u, &v| *o = T::binary::<K>(u, v)),
                }
                return Ok(true);
            }
            match (a.broadcast(o.raw_dim()), b.broadcast(o.raw_dim())) {
                (Some(av), Some(bv)) => {
                    Zip::from(o).and(&av).and(&bv).for_each(|o, &u, &v| *o = T::binary::<K>(u, v));
                    Ok(true)
                }
                _ => Ok(false),
            }
        })
    }

    fn map_bool<K: Predicate>(x: &Array) -> Result<Array> {
        let x = nd(K::NAME, x)?;
        let r = predicate_nd::<K, _>(x, NewBools(x.shape()))?;
        Ok(Array::from_nd(NdArray::Bool(r)))
    }

    fn map_bool_into<K: Predicate>(x: &Array, out: &mut Array) -> Result<bool> {
        let (x, out) = (nd(K::NAME, x)?, nd_mut(K::NAME, out)?);
        let Some(o) = bool::unwrap_mut(out).filter(|o| o.shape() == x.shape()) else {
            return Ok(false);
        };
        predicate_nd::<K, _>(x, IntoBools(o))?;
        Ok(true)
    }

    fn zip_bool<K: Compare>(shape: &[usize], x: &Array, y: &Array) -> Result<Array> {
        let (x, y) = (nd(K::NAME, x)?, nd(K::NAME, y)?);
        let r = compare_nd::<K, _>(x, y, NewBools(shape))?;
        Ok(Array::from_nd(NdArray::Bool(r)))
    }

    fn zip_bool_into<K: Compare>(x: &Array, y: &Array, out: &mut Array) -> Result<bool> {
        let (x, y, out) = (nd(K::NAME, x)?, nd(K::NAME, y)?, nd_mut(K::NAME, out)?);
        let Some(o) = bool::unwrap_mut(out) else {
            return Ok(false);
        };
        compare_nd::<K, _>(x, y, IntoBools(o))?;
        Ok(true)
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
