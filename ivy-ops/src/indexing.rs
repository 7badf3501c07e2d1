//! Indexing and setitem with numpy's meaning, on every backend: integers (negative too),
//! slices with steps (negative steps too), the ellipsis, [`NEWAXIS`], integer arrays and
//! boolean masks.
//!
//! An index is a list of [`Idx`], written with the [`s!`](crate::s) macro (ndarray's, with
//! `...` and arrays added) or built dynamically: `Idx::from(1)`, a Rust range
//! (`Idx::from(1..3)`, `Idx::from(..)`), [`Idx::slice`] for Python's `start:stop:step`,
//! [`ELLIPSIS`], [`NEWAXIS`], and `Idx::from(&array)` — an integer array (positions along
//! one axis) or a bool array (a mask over as many axes as it has).
//!
//! * [`Array::get`] / [`get_item`] (`x[index]`): with only integers, slices, the ellipsis
//!   and new axes (numpy's *basic* indexing) the result on **ndarray is a view**: it shares
//!   `x`'s buffer, no element is copied (ivy's ndarray storage is copy-on-write, so a later
//!   write to either array never shows through the other). On **candle it is a copy** (one
//!   gather). Integer arrays and masks (*advanced* indexing) always copy: the index arrays
//!   broadcast together, and their result axes go where the first of them stands when
//!   they are adjacent, else first (numpy's rule; an integer next to an array counts as
//!   one).
//! * [`Array::set`] (`x[index] = value`): writes the selected elements, the value broadcast
//!   to the selection's shape and cast to `x`'s dtype. On ndarray into `x`'s buffer (basic
//!   indices allocate nothing); on candle a `Var` is set natively and a tensor is rebound
//!   to a new one (an error under the strict in-place mode, see
//!   [`set_inplace_mode`](crate::set_inplace_mode)).
//! * Both are ops of the registry (category `general`, compositional): [`get_item`] and
//!   [`set_item`], Ivy's `ivy.get_item(x, query)` and `ivy.set_item(x, query, val)`, listed
//!   by [`registry::ops`](crate::registry::ops) with their metadata and per-backend support
//!   and callable by name (`registry::call("get_item", ..)`, `ivy call get_item`), the
//!   index written as a list of values (ints, `"start:stop:step"` strings, `"..."`, `None`,
//!   arrays: the encoding is on [`Idx`]'s `FromValue` impl). [`Array::get`] and
//!   [`Array::set`] are those ops. By name, `set_item` returns the updated array (it
//!   updates its own copy of the argument, except a candle `Var`, whose clones
//!   share its storage: that is set too).
//!
//! A 0-d bool mask covers no axis and adds one of length 1 (`True`) or 0 (`False`); a mask
//! axis of length 0 matches an axis of any length and selects nothing (numpy's rules).
//! Out-of-range integers, out-of-range array entries, a mask whose shape is not that of the
//! axes it covers (nor 0 there), float index arrays, a step of 0, two ellipses and too many indices are
//! typed errors (`Error::InvalidArgument` naming `get_item` or `set_item`), never panics.
//!
//! ```
//! use ivy::prelude::*;
//! use ivy::{Idx, ELLIPSIS, NEWAXIS};
//! ivy::set_backend(Backend::Ndarray);
//! let mut x = ivy::reshape(&ivy::arange(6.0)?, &[2, 3])?;
//! assert_eq!(x.get(&[Idx::from(-1)])?.to_f64_vec()?, [3.0, 4.0, 5.0]); // x[-1]
//! assert_eq!(x.get(ivy::s![.., NEWAXIS])?.shape(), &[2, 1, 3]); // x[:, None]
//! assert_eq!(x.get(ivy::s![..., ..;-2])?.to_f64_vec()?, [2.0, 0.0, 5.0, 3.0]); // x[..., ::-2]
//! let big = ivy::greater(&x, 3.5)?;
//! assert_eq!(x.get(ivy::s![&big])?.to_f64_vec()?, [4.0, 5.0]); // x[x > 3.5]
//! let rows = ivy::asarray([1, 0, 1])?;
//! assert_eq!(x.get(ivy::s![&rows, 0])?.to_f64_vec()?, [3.0, 0.0, 3.0]); // x[[1, 0, 1], 0]
//! x.set(ivy::s![0, 1..], 9)?; // x[0, 1:] = 9
//! x.set(ivy::s![&big], &ivy::asarray([-1.0f32, -2.0])?)?;
//! assert_eq!(x.to_f64_vec()?, [0.0, 9.0, 9.0, 3.0, -1.0, -2.0]);
//! assert!(x.get(&[Idx::from(2)]).is_err()); // out of range: an error, not a panic
//! # Ok::<(), ivy::Error>(())
//! ```

use crate::engine::indexing::{is_advanced, selection};
pub use crate::engine::indexing::{Idx, ELLIPSIS, NEWAXIS};
pub use crate::functional::general::{get_item, set_item};
use crate::functional::manipulation::index_array_of;
use crate::prelude::TakeKw;
use crate::{Array, Error, Result};

/// `x[index]` (the body of the registered op [`get_item`]): see the
/// [module docs](crate::indexing). A view of `x` on ndarray for a basic index, else a new
/// array on `x`'s backend and device.
pub(crate) fn get(x: &Array, index: &[Idx]) -> Result<Array> {
    const OP: &str = "get_item";
    // `x[mask]` with a bool mask of x's leading axes first: the common advanced index
    if let [Idx::Mask(m)] = index
        && m.dtype() == crate::Dtype::Bool
        && let (ms, xs) = (m.shape(), x.shape())
        && xs.get(..ms.len()) == Some(ms)
    {
        return masked(OP, x, m);
    }
    if !is_advanced(OP, index)?
        && let Some(view) = crate::native::basic_view(OP, x, index)?
    {
        return Ok(view);
    }
    let (shape, offsets) = selection(OP, x.shape(), index)?;
    gather(OP, x, &shape, offsets)
}

/// Arrays up to this many elements select by a mask in one pass on one thread (the
/// backend's `compress`); larger ones through `take`, whose gather splits over the cores.
const ONE_PASS_MAX: usize = 1 << 14;

/// `x[mask]` for a mask of `x`'s leading axes: the rows of `x` (viewed as `(mask's size,
/// the other axes)`) at the mask's true elements, in its row-major order. Small arrays in
/// one pass where the backend has one; else the positions of the true elements, then one
/// `take` of those rows.
fn masked(op: &'static str, x: &Array, m: &Array) -> Result<Array> {
    if x.size() <= ONE_PASS_MAX {
        let y = crate::__for_backend!(x.backend(), __B =>
            <__B as crate::engine::family::Kernels>::compress(op, x, m),
            else => Ok(None));
        if let Some(y) = y.map_err(|e| e.with_op(op))? {
            return Ok(y);
        }
    }
    let keep = m.to_vec::<bool>()?;
    let pos = crate::engine::indexing::true_positions(op, &keep)?;
    ivy_core::with_backend(x.backend(), || {
        if m.ndim() == x.ndim() {
            // a mask of every axis: the positions are offsets of the flattened x (`take`
            // without an axis reads x in row-major order: no reshape first)
            let idx = index_array_of(op, x, pos)?;
            return crate::functional::manipulation::take_with(x, &idx, TakeKw { axis: None });
        }
        // the mask's size, not -1: an empty x (or trailing axis) leaves -1 undetermined
        let mut rows = vec![m.size() as i64];
        rows.extend(x.shape()[m.ndim()..].iter().map(|&d| d as i64));
        let x = crate::reshape(x, &rows)?;
        let idx = index_array_of(op, &x, pos)?;
        crate::functional::manipulation::take_with(&x, &idx, TakeKw { axis: Some(0) })
    })
    .map_err(|e| e.with_op(op))
}

/// The elements of `x` at `offsets` (row-major), as an array of `shape`: one `take`.
fn gather(op: &'static str, x: &Array, shape: &[usize], offsets: Vec<usize>) -> Result<Array> {
    ivy_core::with_backend(x.backend(), || {
        let flat = crate::reshape(x, &[-1])?;
        let idx = index_array_of(op, x, offsets.into_iter().map(|o| o as i64).collect())?;
        let kw = TakeKw { axis: Some(0) };
        let y = crate::functional::manipulation::take_with(&flat, &idx, kw)?;
        let shape: Vec<i64> = shape.iter().map(|&d| d as i64).collect();
        crate::reshape(&y, &shape)
    })
    .map_err(|e| e.with_op(op))
}

/// `x[index] = value` (the body of the registered op [`set_item`]): see [`Array::set`].
pub(crate) fn set(x: &mut Array, index: &[Idx], value: crate::Operand<'_>) -> Result<()> {
    const OP: &str = "set_item";
    let value = match value {
        crate::Operand::Array(a) if a.dtype() == x.dtype() => std::borrow::Cow::Borrowed(a),
        crate::Operand::Array(a) => {
            if a.backend() != x.backend() {
                return Err(Error::BackendMismatch {
                    op: OP,
                    a: x.backend(),
                    b: a.backend(),
                });
            }
            std::borrow::Cow::Owned(a.cast(x.dtype())?)
        }
        crate::Operand::Scalar(s) => {
            // numpy 2 refuses `x[0] = 300` for uint8 (the operators' rule), not wrapping it
            crate::engine::checks::int_scalar_fits(OP, s, x.dtype())?;
            // and `x[0] = nan` for an integer x is numpy's ValueError, not a 0
            crate::engine::checks::float_fits(OP, s, x.dtype())?;
            // nor a complex scalar into a real number array (numpy's TypeError; the
            // standard's scalar rules mix complex scalars with complex arrays only), not
            // dropping its imaginary part (a bool array takes its truth, as numpy's)
            let real = !x.dtype().is_complex() && !x.dtype().is_bool();
            if let (ivy_core::Scalar::Complex(re, im), true) = (s, real) {
                return Err(Error::ArgumentKind {
                    op: OP,
                    param: "val",
                    expected: "a real scalar or an array for an integer or float array \
                               (a complex scalar would lose its imaginary part)",
                    got: format!("({re}{im:+}j) for an array of dtype {}", x.dtype()),
                });
            }
            let kw = crate::prelude::FullKw {
                dtype: Some(x.dtype()),
                device: Some(x.device()),
            };
            let b = x.backend();
            std::borrow::Cow::Owned(ivy_core::with_backend(b, || crate::full_with([], s, kw))?)
        }
    };
    if value.backend() != x.backend() {
        return Err(Error::BackendMismatch {
            op: OP,
            a: x.backend(),
            b: value.backend(),
        });
    }
    if !is_advanced(OP, index)? && crate::native::assign_basic(OP, x, index, &value)? {
        return Ok(());
    }
    let (shape, offsets) = selection(OP, x.shape(), index)?;
    // numpy drops the value's leading length-1 axes beyond the selection's rank
    let vshape = value.shape();
    let extra = vshape.len().saturating_sub(shape.len());
    let value = if extra > 0 && vshape[..extra].iter().all(|&d| d == 1) {
        let s: Vec<i64> = vshape[extra..].iter().map(|&d| d as i64).collect();
        std::borrow::Cow::Owned(ivy_core::with_backend(x.backend(), || {
            crate::reshape(&*value, &s)
        })?)
    } else {
        value
    };
    let value = if value.shape() == shape.as_slice() {
        value
    } else {
        let b = x.backend();
        std::borrow::Cow::Owned(
            ivy_core::with_backend(b, || crate::broadcast_to(&*value, shape.as_slice()))
                .map_err(|e| e.with_op(OP))?,
        )
    };
    crate::native::scatter(OP, x, &offsets, &value)
}

impl Array {
    /// `self[index]`: the op [`get_item`] (see the [module docs](crate::indexing)).
    ///
    /// ```
    /// use ivy::prelude::*;
    /// use ivy::{Idx, NEWAXIS};
    /// ivy::set_backend(Backend::Candle);
    /// let x = ivy::arange(5.0)?;
    /// assert_eq!(x.get(&[Idx::slice(Some(4), Some(0), -2)])?.to_f64_vec()?, [4.0, 2.0]);
    /// assert_eq!(x.get(&[NEWAXIS, Idx::from(1..3)])?.shape(), &[1, 2]);
    /// # ivy::unset_backend();
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn get(&self, index: &[Idx]) -> Result<Array> {
        get_item(self, index)
    }

    /// `self[index] = value`, the op [`set_item`]: writes the selected elements with
    /// `value` (an array or a scalar) broadcast to the selection's shape and cast to
    /// `self`'s dtype; a failed call leaves `self` unchanged. See the
    /// [module docs](crate::indexing) for where the data goes on each backend.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// use ivy::s;
    /// ivy::set_backend(Backend::Ndarray);
    /// let mut x = ivy::zeros([2, 3])?;
    /// x.set(s![.., 0], 1)?;                              // x[:, 0] = 1
    /// x.set(s![1, 1..], &ivy::asarray([5.0f32, 6.0])?)?; // x[1, 1:] = [5, 6]
    /// assert_eq!(x.to_vec::<f32>()?, [1.0, 0.0, 0.0, 1.0, 5.0, 6.0]);
    /// assert!(x.set(s![2], 0).is_err()); // out of range
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn set<'v>(&mut self, index: &[Idx], value: impl crate::IntoOperand<'v>) -> Result<()> {
        set_item(self, index, value)
    }
}
