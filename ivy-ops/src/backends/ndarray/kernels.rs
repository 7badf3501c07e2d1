//! Generic kernels of the ndarray backend: each written once over the element trait.

use super::{Elem, NdArray, NdElem};
use crate::{Array, NativeArray};
use ::ndarray::{ArrayD, IxDyn, Zip};
use ivy_core::{Backend, Dtype, Error, Result};

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

/// Casts to `to` with numpy's `astype` rules.
pub(crate) fn cast(a: &NdArray, to: Dtype) -> NdArray {
    if a.dtype() == to {
        return a.clone();
    }
    super::nd_all!(a, x, S => super::nd_type!(to, D => D::wrap(x.mapv(|v: S| D::cast_from(v)))))
}

/// `F` over a float/complex array.
pub(crate) fn unary_float<F: FloatMap>(op: &'static str, x: &NdArray) -> Result<NdArray> {
    super::nd_float!(x, a, T => Ok(T::wrap(a.mapv(F::f::<T>))), other => Err(unsupported(op, other.dtype())))
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
pub(crate) fn unary<F: ElemMap>(x: &NdArray) -> NdArray {
    super::nd_all!(x, a, T => T::wrap(a.mapv(F::f::<T>)))
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
            if let (Some(xs), Some(ys)) = (a.as_slice(), b.as_slice()) {
                let v: Vec<T> = xs.iter().zip(ys).map(|(&u, &v)| F::f(u, v)).collect();
                return ArrayD::from_shape_vec(a.raw_dim(), v).map(T::wrap).map_err(|e| Error::InvalidArgument {
                    op,
                    message: e.to_string(),
                });
            }
            return Ok(T::wrap(Zip::from(a).and(b).map_collect(|&u, &v| F::f(u, v))));
        }
        let shape = broadcast_shape(op, a.shape(), b.shape())?;
        let (av, bv) = match (a.broadcast(shape.clone()), b.broadcast(shape)) {
            (Some(av), Some(bv)) => (av, bv),
            _ => return Err(shape_err(op, a.shape(), b.shape())),
        };
        Ok(T::wrap(Zip::from(&av).and(&bv).map_collect(|&u, &v| F::f(u, v))))
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

/// A typed array filled with one value.
pub(crate) fn full_typed<T: NdElem>(shape: &[usize], v: T) -> NdArray {
    T::wrap(ArrayD::from_elem(IxDyn(shape), v))
}

/// Clamps every value to `[lo, hi]` (compared as f64).
pub(crate) fn clip(x: &NdArray, lo: f64, hi: f64) -> Result<NdArray> {
    if lo > hi {
        return Err(Error::InvalidArgument {
            op: "clip",
            message: format!("x_min ({lo}) must not exceed x_max ({hi})"),
        });
    }
    Ok(super::nd_all!(x, a, T => T::wrap(a.mapv(|v: T| {
        let f = v.to_f64();
        if f < lo { T::from_f64(lo) } else if f > hi { T::from_f64(hi) } else { v }
    }))))
}
