//! ndarray: basic indexing as views of the shared buffer, and writes into it.

use super::kernels::{shape_err, try_owned};
use super::{NdArray, NdElem};
use crate::engine::indexing::{walk_basic, Step};
use crate::{Array, Error, Idx, Result};
use ::ndarray::{ArrayBase, Axis, Dimension, IxDyn, RawData, Slice};

/// ndarray's `Slice` for `len` positions from `start`, `step` apart (a negative step walks
/// the range `[start + (len-1)·step, start]` from its end, which is ndarray's meaning).
fn slice_of(start: usize, step: isize, len: usize) -> Slice {
    if len == 0 {
        return Slice::new(0, Some(0), 1);
    }
    let last = start as isize + (len as isize - 1) * step;
    let (lo, hi) = if step > 0 {
        (start as isize, last + 1)
    } else {
        (last, start as isize + 1)
    };
    Slice::new(lo, Some(hi), step)
}

/// Narrows `v` (of `shape`) to the selection of a basic index, in place: no element is
/// copied. New axes are inserted (length 1), for a read and for a write alike: a value is
/// checked against the selection's shape with them, as numpy and the gather path check it.
/// The steps were checked by `walk_basic` (positions in range, slices clamped): nothing
/// here panics.
fn select<S: RawData>(
    op: &'static str,
    v: &mut ArrayBase<S, IxDyn>,
    shape: &[usize],
    index: &[Idx],
) -> Result<()> {
    let mut cur = 0usize; // where the next axis of x is in `v`
    walk_basic(op, shape, index, |s| {
        match s {
            Step::Index { pos } => v.index_axis_inplace(Axis(cur), pos),
            Step::Range { start, step, len } => {
                // a whole axis (the trailing axes an index leaves) stays as it is
                if (start, step, len) != (0, 1, v.len_of(Axis(cur))) {
                    v.slice_axis_inplace(Axis(cur), slice_of(start, step, len));
                }
                cur += 1;
            }
            Step::NewAxis => {
                v.insert_axis_inplace(Axis(cur));
                cur += 1;
            }
        }
        Ok(())
    })
}

/// `a[index]` for a basic index: a view sharing `a`'s buffer (no element copied).
pub(crate) fn basic_view(op: &'static str, a: &NdArray, index: &[Idx]) -> Result<Array> {
    let shape = a.shape();
    super::nd_all!(a, x, T => {
        // shares the buffer; an index `walk_basic` refuses drops this handle, nothing else
        let v = match x.as_shared() {
            Some(arc) => {
                let mut v = arc.clone();
                select(op, &mut v, shape, index)?;
                super::NdData::from(v)
            }
            None => {
                let mut v = x.view();
                select(op, &mut v, shape, index)?;
                // SAFETY: `v` is a view of `x`'s buffer, which is not an `ArcArray`
                match unsafe { x.view_into(v) } {
                    Some(d) => d,
                    // never: only an `ArcArray` answers `None`, and it took the branch above
                    None => {
                        return Err(Error::InvalidArgument {
                            op,
                            message: "the array's storage could not be viewed".into(),
                        });
                    }
                }
            }
        };
        Ok(Array::from_nd(T::wrap_shared(v)))
    })
}

/// `a[index] = v` for a basic index, written into `a`'s buffer (a shared buffer is copied
/// first: copy-on-write); `v` has `a`'s dtype. Allocates nothing when `a` is unshared and
/// the arrays have at most four axes. A failed call leaves `a` unchanged.
pub(crate) fn assign_basic(
    op: &'static str,
    a: &mut NdArray,
    index: &[Idx],
    v: &NdArray,
) -> Result<()> {
    walk_basic(op, a.shape(), index, |_| Ok(()))?;
    super::nd_all!(v, src, T => {
        let Some(dst) = T::unwrap_mut(a) else {
            return Err(Error::InvalidArgument {
                op,
                message: "the value's dtype differs from the array's".into(),
            });
        };
        let shape = IxDyn(dst.shape());
        // the selection's shape first, new axes included (a read-only view: no
        // copy-on-write yet)
        let mut sel = dst.view();
        select(op, &mut sel, shape.slice(), index)?;
        // numpy drops the value's leading length-1 axes beyond the selection's rank
        let mut s = src.view();
        while s.ndim() > sel.ndim() && s.shape()[0] == 1 {
            s.index_axis_inplace(Axis(0), 0);
        }
        let Some(b) = s.broadcast(sel.raw_dim()) else {
            return Err(shape_err(op, src.shape(), sel.shape()));
        };
        // nothing to write: ndarray's `assign` walks an empty selection row by row (2^58
        // rows of no element ran for minutes)
        if b.is_empty() {
            return Ok(());
        }
        // checked: the write
        let mut w = dst.view_mut();
        select(op, &mut w, shape.slice(), index)?;
        w.assign(&b);
        Ok(())
    })
}

/// Writes `v` (a's dtype, one element per offset) at the row-major `offsets` of `a`, in
/// its buffer (made row-major first if it is not).
pub(crate) fn scatter(
    op: &'static str,
    a: &mut NdArray,
    offsets: &[usize],
    v: &NdArray,
) -> Result<()> {
    let n = a.shape().iter().product::<usize>();
    if let Some(&o) = offsets.iter().find(|&&o| o >= n) {
        return Err(Error::InvalidArgument {
            op,
            message: format!("offset {o} is out of range for {n} elements"),
        });
    }
    super::nd_all!(v, src, T => {
        let Some(dst) = T::unwrap_mut(a) else {
            return Err(Error::InvalidArgument {
                op,
                message: "the value's dtype differs from the array's".into(),
            });
        };
        let values = super::kernels::nd_row_major(op, src)?;
        if !dst.is_standard_layout() {
            *dst = try_owned(op, &dst.view())?.into();
        }
        match dst.view_mut().into_slice() {
            Some(d) => crate::native::write_at(d, offsets, &values),
            None => {
                return Err(Error::InvalidArgument {
                    op,
                    message: "the array's buffer is not contiguous".into(),
                })
            }
        }
        Ok(())
    })
}
