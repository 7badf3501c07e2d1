//! Generic kernels of the ndarray backend: each written once over the element trait.

use super::{Elem, NdArray, NdData, NdElem, NdView};
use crate::{Array, NativeArray};
use ::ndarray::{ArrayBase, ArrayD, ArrayViewD, ArrayViewMutD, Data, DataOwned, IxDyn};
use ivy_core::{Backend, Dtype, DtypeSet, Error, Result, Scalar};
use std::borrow::Cow;
use std::mem::MaybeUninit;

use crate::kernel::class::{
    binary_scalars, binary_slices, compare_slices, compare_wide, predicate_slices, to_real_slices,
    unary_slices, Binary, Compare, Predicate, Reduction, SliceFn, Unary,
};
use crate::kernel::strided::{self, Dst, Src};

/// The ndarray data of `x`, or a backend-mismatch error.
#[inline]
pub(crate) fn nd<'a>(op: &'static str, x: &'a Array) -> Result<&'a NdArray> {
    match &x.native {
        NativeArray::Ndarray(a) => Ok(a),
        // an op that reads Array storage: the lent buffer's copy (made once)
        NativeArray::NdarrayLent(l) => l.shared(op),
        #[allow(unreachable_patterns)]
        other => Err(not_ndarray(op, other.backend())),
    }
}

/// A view of the ndarray data of `x` (its storage, or the buffer lent to the op: no copy
/// either way), or a backend-mismatch error. What the kernels that only read use.
#[inline]
pub(crate) fn nd_view<'a>(op: &'static str, x: &'a Array) -> Result<NdView<'a>> {
    match &x.native {
        NativeArray::Ndarray(a) => Ok(super::view_of(a)),
        NativeArray::NdarrayLent(l) => Ok(l.view()),
        #[allow(unreachable_patterns)]
        other => Err(not_ndarray(op, other.backend())),
    }
}

/// The ndarray data of `out` for a kernel that overwrites every element in place, when its
/// buffer is `out`'s alone; `Ok(None)` when the buffer is shared (a clone or a view of it is
/// alive: Python's `op(x, y, out=x)` holds one in its arguments). Writing a shared buffer
/// would first copy all of it (copy-on-write) only to overwrite it; the callers answer
/// `Ok(false)` instead, and the family computes a new array and moves it into `out`.
#[inline]
fn nd_own<'a>(op: &'static str, out: &'a mut Array) -> Result<Option<&'a mut NdArray>> {
    let a = nd_mut(op, out)?;
    Ok(if a.is_unique() { Some(a) } else { None })
}

/// The ndarray data of `x`, mutably.
#[inline]
pub(crate) fn nd_mut<'a>(op: &'static str, x: &'a mut Array) -> Result<&'a mut NdArray> {
    let b = x.backend();
    match &mut x.native {
        NativeArray::Ndarray(a) => Ok(a),
        #[allow(unreachable_patterns)]
        _ => Err(not_ndarray(op, b)),
    }
}

/// Casts to `to` with ivy's conversion rules ([`Elem::cast_from`]): a new buffer.
pub(crate) fn cast(op: &'static str, a: &NdArray, to: Dtype) -> Result<NdArray> {
    cast_view(op, &super::view_of(a), to)
}

/// [`cast`] of a view.
pub(crate) fn cast_view(op: &'static str, a: &NdView<'_>, to: Dtype) -> Result<NdArray> {
    super::nd_view_all!(a, x, S => cast_from(op, x, to))
}

/// [`cast`] from element type `S`: the inner `match` written (and type-checked) once, not
/// once per source dtype.
fn cast_from<S: Elem>(op: &'static str, x: &ArrayViewD<'_, S>, to: Dtype) -> Result<NdArray> {
    super::nd_type!(to, D => Ok(D::wrap(try_map(op, x, D::cast_from::<S>)?)))
}

/// A view in a wanted dtype: the input's own ([`cast_view_cow`]) or a cast's new buffer.
pub(crate) enum CastView<'a> {
    /// The input, already of the dtype (no copy).
    Same(NdView<'a>),
    /// The cast.
    New(NdArray),
}

impl CastView<'_> {
    /// The data.
    pub(crate) fn view(&self) -> NdView<'_> {
        match self {
            CastView::Same(v) => v.reborrow(),
            CastView::New(a) => super::view_of(a),
        }
    }
}

/// `a` in dtype `to`: itself when it already has it (no copy), else cast.
pub(crate) fn cast_view_cow<'a>(
    op: &'static str,
    a: NdView<'a>,
    to: Dtype,
) -> Result<CastView<'a>> {
    if a.dtype() == to {
        Ok(CastView::Same(a))
    } else {
        cast_view(op, &a, to).map(CastView::New)
    }
}

/// A row-major buffer as an array of `shape` (the one wrapping of every kernel's buffer),
/// owned (`ArrayD`) or shared (`NdData`, made as such: not an owned array moved into an
/// `Arc` after, one move of the array's parts less per result), as the caller takes it.
/// The shape is checked here, once, by [`shape_size`](crate::kernel::alloc::shape_size):
/// ndarray's `from_shape_vec` checked it again in its general (strided) form: about 18 of
/// the 91 ns that making and dropping a one-element result cost (a standalone criterion
/// test; `benches/small.rs` shows the 2-14 % per op).
#[inline]
pub(crate) fn shaped<S: DataOwned>(
    op: &'static str,
    shape: &[usize],
    v: Vec<S::Elem>,
) -> Result<ArrayBase<S, IxDyn>> {
    let n = crate::kernel::alloc::shape_size(op, shape, std::mem::size_of::<S::Elem>())?;
    if n != v.len() {
        return Err(Error::InvalidArgument {
            op,
            message: format!(
                "shape {shape:?} does not match its element count {}",
                v.len()
            ),
        });
    }
    // SAFETY: `v` holds exactly the product of `shape`'s lengths, and the product of its
    // non-zero lengths fits in `isize::MAX` bytes (`shape_size`)
    Ok(unsafe { row_major_unchecked(shape, v) })
}

/// `v` as a row-major array of `shape` (owned or shared), unchecked. One and two dimensions
/// are made with a fixed dimension first: ndarray's strides for `IxDyn` are built in pieces,
/// about 10 of the 80 ns a one-element `ArcArray<f32, IxDyn>` costs to make and drop.
///
/// # Safety
/// `v.len()` is the product of `shape`'s lengths, and the product of its non-zero lengths
/// fits in `isize::MAX` bytes (what [`shape_size`](crate::kernel::alloc::shape_size)
/// checks): ndarray's conditions for a row-major array over `v` with its default strides.
#[inline]
unsafe fn row_major_unchecked<S: DataOwned>(
    shape: &[usize],
    v: Vec<S::Elem>,
) -> ArrayBase<S, IxDyn> {
    // SAFETY: the caller's conditions are ndarray's
    unsafe {
        match *shape {
            [n] => ArrayBase::<S, ::ndarray::Ix1>::from_shape_vec_unchecked(n, v).into_dyn(),
            [r, c] => {
                ArrayBase::<S, ::ndarray::Ix2>::from_shape_vec_unchecked((r, c), v).into_dyn()
            }
            _ => ArrayBase::from_shape_vec_unchecked(IxDyn(shape), v),
        }
    }
}

/// `f` of every element of `a`, in a new fallibly allocated array of `a`'s shape (ndarray's
/// `mapv`, without the abort on allocation failure): a plain slice loop, which the compiler
/// vectorises. A non-contiguous `a` is copied to standard layout first (by the one strided
/// loop, generic over `T` only), so each `f` instantiates nothing but this loop.
pub(crate) fn try_map<'a, T: Copy + Send + Sync + 'a, U>(
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
    let mut v = crate::kernel::alloc::try_vec::<U>(op, xs.len())?;
    for (o, &x) in v.spare_capacity_mut().iter_mut().zip(xs) {
        o.write(f(x));
    }
    // SAFETY: `try_vec` reserved `xs.len()` slots and the loop wrote each of them.
    unsafe { v.set_len(xs.len()) };
    shaped(op, a.shape(), v)
}

/// The elements of `a` in row-major order, in a fallibly allocated vector.
pub(crate) fn standard_vec<T: Copy + Send + Sync>(
    op: &'static str,
    a: &ArrayViewD<'_, T>,
) -> Result<Vec<T>> {
    let n = crate::kernel::alloc::shape_size(op, a.shape(), std::mem::size_of::<T>())?;
    let mut v = crate::kernel::alloc::try_vec::<T>(op, n)?;
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
pub(crate) fn row_major<'a, T: Copy + Send + Sync, S: Data<Elem = T>>(
    op: &'static str,
    a: &'a ArrayBase<S, IxDyn>,
) -> Result<Cow<'a, [T]>> {
    match a.as_slice() {
        Some(s) => Ok(Cow::Borrowed(s)),
        None => standard_vec(op, &a.view()).map(Cow::Owned),
    }
}

/// [`row_major`] of an array's storage.
pub(crate) fn nd_row_major<'a, T: Copy + Send + Sync>(
    op: &'static str,
    a: &'a NdData<T>,
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
pub(crate) fn try_owned<T: Copy + Send + Sync>(
    op: &'static str,
    a: &ArrayViewD<'_, T>,
) -> Result<ArrayD<T>> {
    shaped(op, a.shape(), standard_vec(op, a)?)
}

/// `f` over `ins` (broadcast to `shape`) in a new array of `shape`: the buffer allocated
/// through [`crate::kernel::alloc`], written, then made shared storage directly (no `Array` to
/// convert, no copy-on-write check: a small op's cost is mostly ndarray's constructors).
fn new_array<T: Copy + Sync, O: Copy + Send, const N: usize>(
    op: &'static str,
    shape: &[usize],
    ins: [Src<'_, T>; N],
    f: SliceFn<T, O, N>,
) -> Result<NdData<O>> {
    new_array_with(op, shape, ins, f, false)
}

/// [`new_array`]; `scalars`: `f` takes a broadcast operand as its one value
/// ([`strided::run_new_scalars`]).
fn new_array_with<T: Copy + Sync, O: Copy + Send, const N: usize>(
    op: &'static str,
    shape: &[usize],
    ins: [Src<'_, T>; N],
    f: SliceFn<T, O, N>,
    scalars: bool,
) -> Result<NdData<O>> {
    let n = crate::kernel::alloc::shape_size(op, shape, std::mem::size_of::<O>())?;
    super::new_with(op, shape, n, |out| {
        let written = if scalars {
            strided::run_new_scalars(ins, shape, out, f)
        } else {
            strided::run_new(ins, shape, out, f)
        };
        if written {
            Ok(())
        } else {
            let lhs = ins.first().map_or(&[][..], |a| a.shape());
            Err(shape_err(op, lhs, shape))
        }
    })
}

/// `f` over `ins` (broadcast to `out`'s shape) into `out`: `false` (`out` untouched) when an
/// input does not broadcast to it.
fn into_array<T: Copy + Sync, O: Copy + Send, const N: usize>(
    ins: [Src<'_, T>; N],
    out: &mut super::NdData<O>,
    f: SliceFn<T, O, N>,
) -> bool {
    strided::run(ins, out.dst(), f)
}

/// An int64 or uint64 array as `i128`s (exact), for comparing the two.
fn wide(op: &'static str, x: &Array) -> Result<ArrayD<i128>> {
    match x.dtype() {
        Dtype::Int64 => try_map(op, typed::<i64>(op, x)?.view(op)?, i128::from),
        Dtype::Uint64 => try_map(op, typed::<u64>(op, x)?.view(op)?, i128::from),
        d => Err(mixed_dtypes(op, d, d)),
    }
}

/// An input of element type `T`, as the family kernels read it: `x`'s storage or the buffer
/// lent to the op, in place ([`Src`] borrows its shape and strides: nothing is copied).
#[derive(Clone, Copy)]
pub(crate) struct In<'a, T> {
    src: Src<'a, T>,
    x: &'a Array,
}

impl<'a, T: NdElem> In<'a, T> {
    /// The strided-loop operand.
    #[inline]
    pub(crate) fn src(&self) -> Src<'a, T> {
        self.src
    }
    /// The shape.
    #[inline]
    pub(crate) fn shape(&self) -> &'a [usize] {
        self.src.shape()
    }
    /// As an ndarray view (for the kernels that need one: the view's shape and strides are
    /// cloned).
    pub(crate) fn view(&self, op: &'static str) -> Result<ArrayViewD<'a, T>> {
        match &self.x.native {
            NativeArray::Ndarray(a) => T::unwrap_ref(a).map(|a| a.view()),
            NativeArray::NdarrayLent(l) => l.typed::<T>(),
            #[allow(unreachable_patterns)]
            _ => None,
        }
        .ok_or_else(|| mixed_dtypes(op, T::DTYPE, self.x.dtype()))
    }
    /// The elements in row-major order: the buffer itself when it is in standard layout.
    pub(crate) fn row_major(&self, op: &'static str) -> Result<Cow<'a, [T]>> {
        match &self.x.native {
            NativeArray::Ndarray(a) => match T::unwrap_ref(a) {
                Some(a) => nd_row_major(op, a),
                None => Err(mixed_dtypes(op, T::DTYPE, self.x.dtype())),
            },
            _ => {
                let v = self.view(op)?;
                match v.to_slice() {
                    Some(s) => Ok(Cow::Borrowed(s)),
                    None => standard_vec(op, &v).map(Cow::Owned),
                }
            }
        }
    }
}

/// `x`'s ndarray data of element type `T` (see [`In`]): a backend-mismatch error for another
/// backend, a mixed-dtypes one for another dtype. The family kernels' accessor: one `match`
/// on the dtype per kernel (theirs), no dtype-erased view in between.
#[inline(always)]
pub(crate) fn typed<'a, T: NdElem>(op: &'static str, x: &'a Array) -> Result<In<'a, T>> {
    let src = match &x.native {
        NativeArray::Ndarray(a) => T::unwrap_ref(a).map(NdData::src),
        NativeArray::NdarrayLent(l) => l.typed_src::<T>(),
        #[allow(unreachable_patterns)]
        other => return Err(not_ndarray(op, other.backend())),
    };
    match src {
        Some(src) => Ok(In { src, x }),
        None => Err(mixed_dtypes(op, T::DTYPE, x.dtype())),
    }
}

/// How ndarray runs each family: the row's slice kernel for the operands' element type,
/// through the one strided loop (`strided::run`). The dtype `match` is the family's only
/// per-op code. Inputs are read through typed views (`typed`), so an ndarray buffer lent
/// to the op is read in place.
impl crate::engine::family::Kernels for super::NdarrayBackend {
    const NATIVE_OUT: bool = true;
    const HOST_WITH_OP: DtypeSet = DtypeSet::EMPTY;
    const HOST_WITHOUT_OP: DtypeSet = DtypeSet::EMPTY;
    const MIXED_ROWS: bool = true;

    fn from_host<T: crate::kernel::elem::Elem>(
        op: &'static str,
        v: Vec<T>,
        shape: &[usize],
        _device: ivy_core::Device,
    ) -> Result<Array> {
        super::nd_type!(T::DTYPE, S => {
            let v: Vec<S> = crate::kernel::elem::same_vec(v).ok_or_else(|| mismatch(op))?;
            Ok(Array::from_nd(<S as super::NdElem>::wrap_shared(super::shaped_data(op, shape, v)?)))
        })
    }

    fn compress(op: &'static str, x: &Array, m: &Array) -> Result<Option<Array>> {
        // the two buffers read in place when they are ndarray's own, in standard layout;
        // any other mask or array (lent, transposed, another backend's) takes the
        // caller's general route
        let (NativeArray::Ndarray(NdArray::Bool(mask)), NativeArray::Ndarray(xa)) =
            (&m.native, &x.native)
        else {
            return Ok(None);
        };
        let Some(keep) = mask.as_slice() else {
            return Ok(None);
        };
        let count = keep.iter().filter(|&&k| k).count();
        let xs = xa.shape();
        let inner = match xs.get(mask.ndim()..) {
            Some(rest) => rest.iter().fold(1usize, |n, &d| n.saturating_mul(d)),
            None => return Ok(None),
        };
        let shape: crate::Shape = std::iter::once(count)
            .chain(xs[mask.ndim()..].iter().copied())
            .collect();
        super::nd_all!(xa, a, T => {
            let Some(v) = a.as_slice() else {
                return Ok(None);
            };
            let n = crate::kernel::alloc::shape_size(op, &shape, std::mem::size_of::<T>())?;
            let r = super::new_with(op, &shape, n, |out| {
                match crate::kernel::gather::compress_into(v, inner, keep, out) == n {
                    true => Ok(()),
                    false => Err(shape_err(op, xs, &shape)),
                }
            })?;
            Ok(Some(Array::from_nd(T::wrap_shared(r))))
        })
    }

    fn map<K: Unary>(x: &Array) -> Result<Array> {
        super::nd_type!(x.dtype(), T => {
            let a = typed::<T>(K::NAME, x)?;
            let r = new_array(K::NAME, a.shape(), [a.src()], unary_slices::<T, K>)?;
            Ok(Array::from_nd(T::wrap_shared(r)))
        })
    }

    fn map_into<K: Unary>(x: &Array, out: &mut Array) -> Result<bool> {
        let Some(out) = nd_own(K::NAME, out)? else {
            return Ok(false);
        };
        super::nd_type!(x.dtype(), T => {
            let a = typed::<T>(K::NAME, x)?;
            Ok(match T::unwrap_mut(out) {
                Some(o) if o.shape() == a.shape() => into_array([a.src()], o, unary_slices::<T, K>),
                _ => false,
            })
        })
    }

    fn map_in_place<K: Unary>(x: &mut Array) -> Result<bool> {
        let d = x.dtype();
        let Some(out) = nd_own(K::NAME, x)? else {
            return Ok(false);
        };
        super::nd_type!(d, T => Ok(match T::unwrap_mut(out) {
            Some(o) => strided::map_in_place(o.dst(), unary_slices::<T, K>),
            None => false,
        }))
    }

    fn map_real<K: Unary>(x: &Array) -> Result<Array> {
        Ok(Array::from_nd(match x.dtype() {
            Dtype::Complex64 => {
                let a = typed::<num_complex::Complex<f32>>(K::NAME, x)?;
                NdArray::from(new_array(
                    K::NAME,
                    a.shape(),
                    [a.src()],
                    to_real_slices::<f32, K>,
                )?)
            }
            Dtype::Complex128 => {
                let a = typed::<num_complex::Complex<f64>>(K::NAME, x)?;
                NdArray::from(new_array(
                    K::NAME,
                    a.shape(),
                    [a.src()],
                    to_real_slices::<f64, K>,
                )?)
            }
            d => return Err(mixed_dtypes(K::NAME, d, d)),
        }))
    }

    fn map_real_into<K: Unary>(x: &Array, out: &mut Array) -> Result<bool> {
        let d = x.dtype();
        let Some(out) = nd_own(K::NAME, out)? else {
            return Ok(false);
        };
        Ok(match (d, out) {
            (Dtype::Complex64, NdArray::Float32(o)) => {
                let a = typed::<num_complex::Complex<f32>>(K::NAME, x)?;
                o.shape() == a.shape() && into_array([a.src()], o, to_real_slices::<f32, K>)
            }
            (Dtype::Complex128, NdArray::Float64(o)) => {
                let a = typed::<num_complex::Complex<f64>>(K::NAME, x)?;
                o.shape() == a.shape() && into_array([a.src()], o, to_real_slices::<f64, K>)
            }
            _ => false,
        })
    }

    fn zip_scalars<K1: Binary, K2: Binary>(x: &Array, a: Scalar, b: Scalar) -> Result<Array> {
        super::nd_type!(x.dtype(), T => {
            let v = typed::<T>(K1::NAME, x)?;
            let (a, b) = (T::from_scalar(a), T::from_scalar(b));
            let view = v.view(K1::NAME)?;
            if let Some(xs) = view.as_slice() {
                // contiguous: the rows' vectorised kernels where they have them
                let mut out = crate::kernel::alloc::try_vec::<T>(K1::NAME, xs.len())?;
                let slots = &mut out.spare_capacity_mut()[..xs.len()];
                if crate::kernel::class::scalar_pair_slices::<T, K1, K2>(xs, a, b, slots) {
                    // SAFETY: every slot was written
                    unsafe { out.set_len(xs.len()) };
                    return Ok(Array::from_nd(T::wrap_shared(super::shaped_data(K1::NAME, view.shape(), out)?)));
                }
            }
            let r = try_map(K1::NAME, view, |e| T::binary::<K2>(T::binary::<K1>(e, a), b))?;
            Ok(Array::from_nd(T::wrap(r)))
        })
    }

    fn zip<K: Binary>(shape: &[usize], x: &Array, y: &Array) -> Result<Array> {
        super::nd_type!(x.dtype(), T => {
            let (a, b) = (typed::<T>(K::NAME, x)?, typed::<T>(K::NAME, y)?);
            let scalars = binary_scalars::<T, K>();
            let r = new_array_with(K::NAME, shape, [a.src(), b.src()], binary_slices::<T, K>, scalars)?;
            Ok(Array::from_nd(T::wrap_shared(r)))
        })
    }

    fn zip_into<K: Binary>(x: &Array, y: &Array, out: &mut Array) -> Result<bool> {
        let Some(out) = nd_own(K::NAME, out)? else {
            return Ok(false);
        };
        super::nd_type!(x.dtype(), T => {
            let a = typed::<T>(K::NAME, x)?;
            Ok(match (typed::<T>(K::NAME, y), T::unwrap_mut(out)) {
                (Ok(b), Some(o)) => strided::run_scalars(
                    [a.src(), b.src()],
                    o.dst(),
                    binary_slices::<T, K>,
                ),
                _ => false,
            })
        })
    }

    fn zip_in_place<K: Binary>(out: &mut Array, y: &Array) -> Result<bool> {
        let Some(out) = nd_own(K::NAME, out)? else {
            return Ok(false);
        };
        super::nd_type!(y.dtype(), T => {
            let b = typed::<T>(K::NAME, y)?;
            Ok(match T::unwrap_mut(out) {
                Some(o) => strided::update(
                    o.dst(),
                    b.src(),
                    binary_slices::<T, K>,
                    binary_scalars::<T, K>(),
                ),
                None => false,
            })
        })
    }

    fn map_bool<K: Predicate>(x: &Array) -> Result<Array> {
        let r = super::nd_type!(x.dtype(), T => {
            let a = typed::<T>(K::NAME, x)?;
            new_array(K::NAME, a.shape(), [a.src()], predicate_slices::<T, K>)
        })?;
        Ok(Array::from_nd(NdArray::from(r)))
    }

    fn map_bool_into<K: Predicate>(x: &Array, out: &mut Array) -> Result<bool> {
        let shape = x.shape();
        let Some(out) = nd_own(K::NAME, out)? else {
            return Ok(false);
        };
        let Some(o) = bool::unwrap_mut(out).filter(|o| o.shape() == shape) else {
            return Ok(false);
        };
        super::nd_type!(x.dtype(), T => {
            let a = typed::<T>(K::NAME, x)?;
            Ok(into_array([a.src()], o, predicate_slices::<T, K>))
        })
    }

    fn zip_bool<K: Compare>(shape: &[usize], x: &Array, y: &Array) -> Result<Array> {
        let r = match (x.dtype(), y.dtype()) {
            (Dtype::Int64, Dtype::Uint64) | (Dtype::Uint64, Dtype::Int64) => {
                let w = [wide(K::NAME, x)?, wide(K::NAME, y)?];
                new_array(
                    K::NAME,
                    shape,
                    [Src::from(&w[0]), Src::from(&w[1])],
                    compare_wide::<K>,
                )?
            }
            (d, _) => super::nd_type!(d, T => {
                let (a, b) = (typed::<T>(K::NAME, x)?, typed::<T>(K::NAME, y)?);
                new_array(K::NAME, shape, [a.src(), b.src()], compare_slices::<T, K>)?
            }),
        };
        Ok(Array::from_nd(NdArray::from(r)))
    }

    fn zip_bool_into<K: Compare>(x: &Array, y: &Array, out: &mut Array) -> Result<bool> {
        let Some(out) = nd_own(K::NAME, out)? else {
            return Ok(false);
        };
        let Some(o) = bool::unwrap_mut(out) else {
            return Ok(false);
        };
        Ok(match (x.dtype(), y.dtype()) {
            (Dtype::Int64, Dtype::Uint64) | (Dtype::Uint64, Dtype::Int64) => {
                let w = [wide(K::NAME, x)?, wide(K::NAME, y)?];
                into_array([Src::from(&w[0]), Src::from(&w[1])], o, compare_wide::<K>)
            }
            (d, e) if d == e => super::nd_type!(d, T => {
                let (a, b) = (typed::<T>(K::NAME, x)?, typed::<T>(K::NAME, y)?);
                into_array([a.src(), b.src()], o, compare_slices::<T, K>)
            }),
            _ => false,
        })
    }

    fn fold<K: Reduction>(x: &Array, axes: &[usize], keepdims: bool) -> Result<Array> {
        super::nd_type!(x.dtype(), T => {
            let a = typed::<T>(K::NAME, x)?;
            let r = crate::kernel::class::fold_host::<T, K>(&a.row_major(K::NAME)?, a.shape(), axes)?;
            let shape = crate::kernel::reduce::reduced_shape(a.shape(), axes, keepdims);
            Ok(Array::from_nd(T::wrap_shared(super::shaped_data(K::NAME, &shape, r)?)))
        })
    }
}

/// An array of another backend given to an ndarray kernel.
#[cold]
#[inline(never)]
fn not_ndarray(op: &'static str, b: Backend) -> Error {
    Error::BackendMismatch {
        op,
        a: Backend::Ndarray,
        b,
    }
}

#[cold]
#[inline(never)]
fn mixed_dtypes(op: &'static str, x: Dtype, y: Dtype) -> Error {
    Error::InvalidArgument {
        op,
        message: format!("operands must have one dtype after promotion, got {x} and {y}"),
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

/// A host kernel's values whose type is not their dtype's (a bug in the caller).
fn mismatch(op: &'static str) -> Error {
    Error::InvalidArgument {
        op,
        message: "host values of another element type than their dtype's".into(),
    }
}
