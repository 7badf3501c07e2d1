//! Sorting, searching and set functions (the Array API's `sort`, `argsort`,
//! `searchsorted`, `nonzero` and `unique_*`). Every op is primary: each backend runs the
//! host kernels of `kernel::sort`, written once over the element type (candle on the CPU
//! only: its own `arg_sort_last_dim` is neither stable nor NaN-aware).
//!
//! The order is numpy's: NaN after every number (in both directions), `-0.0 == +0.0`,
//! sorts always stable. Several results are tuples in the standard's order
//! (`unique_all` → `(values, indices, inverse_indices, counts)`); `nonzero` returns one index
//! array per axis. Every index and count is int64.

/// Sorting, searching and set functions.
#[ivy_macros::category(support_docs = "docs/support")]
pub mod sorting {
    use crate::{Array, Result};

    /// `x` sorted along `axis` (default: the last), ascending or, with `descending`,
    /// descending. The sort is always stable (equal elements keep their order in both
    /// directions; `stable = false` is accepted and sorts stably too), NaNs go last in both
    /// directions and `-0.0` equals `+0.0`. Real dtypes and bool; a 0-d `x` has no axis
    /// (`Error::Axis`, as numpy).
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray(vec![3.0f32, f32::NAN, 1.0, 2.0])?;
    /// assert_eq!(ivy::sort(&x)?.to_f64_vec()?[..3], [1.0, 2.0, 3.0]);
    /// let d = ivy::sort_with(&x, SortKw { descending: true, ..Default::default() })?;
    /// assert_eq!(d.to_f64_vec()?[..3], [3.0, 2.0, 1.0]); // NaN still last
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    pub fn sort(
        x: &Array,
        #[kw(default = -1)]
        #[axis]
        axis: i64,
        #[kw] descending: bool,
        #[kw(default = true)] stable: bool,
        out: Option<&mut Array>,
    ) -> Result<Array>;

    /// The int64 positions that sort `x` along `axis` (see [`sort`] for the order: stable
    /// in both directions, NaNs last).
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray(vec![2i32, 1, 2, 0])?;
    /// let i = ivy::argsort(&x)?;
    /// assert_eq!((i.dtype(), i.to_f64_vec()?), (Dtype::Int64, vec![3.0, 1.0, 0.0, 2.0]));
    /// let d = ivy::argsort_with(&x, ArgsortKw { descending: true, ..Default::default() })?;
    /// assert_eq!(d.to_f64_vec()?, [0.0, 2.0, 1.0, 3.0]); // equal elements keep their order
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    pub fn argsort(
        x: &Array,
        #[kw(default = -1)]
        #[axis]
        axis: i64,
        #[kw] descending: bool,
        #[kw(default = true)] stable: bool,
        out: Option<&mut Array>,
    ) -> Result<Array>;

    /// The int64 positions where the values `x2` would be inserted into the sorted 1-D `x1`
    /// to keep it sorted: before equal elements (`side = "left"`) or after them
    /// (`"right"`). With `sorter`, `x1` is sorted through those positions (`argsort(x1)`).
    /// The result has `x2`'s shape; NaN is greater than every number. `x1` and `x2` are
    /// promoted to one dtype (Ivy's table). Ivy's extension: an N-D `x1` searches each
    /// last-axis row with the row of `x2` of the same leading index (`x2`'s leading
    /// dimensions equal `x1`'s).
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x1 = ivy::asarray(vec![1.0f64, 2.0, 2.0, 3.0])?;
    /// let x2 = ivy::asarray(vec![2.0f64, 5.0])?;
    /// assert_eq!(ivy::searchsorted(&x1, &x2)?.to_f64_vec()?, [1.0, 4.0]);
    /// let kw = SearchsortedKw { side: "right".into(), ..Default::default() };
    /// assert_eq!(ivy::searchsorted_with(&x1, &x2, kw)?.to_f64_vec()?, [3.0, 4.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[check(super::searchsorted_args -> super::SearchsortedPlan)]
    pub fn searchsorted(
        x1: &Array,
        x2: &Array,
        #[kw(default = String::from("left"))] side: String,
        #[kw] sorter: Option<Array>,
        out: Option<&mut Array>,
    ) -> Result<Array>;

    /// The positions of the non-zero elements of `x`: one int64 array per axis (NaN is
    /// non-zero), in row-major order. A 0-d `x` is an error (as the standard and numpy 2).
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray(vec![vec![0.0f32, 1.0], vec![2.0, 0.0]])?;
    /// let nz = ivy::nonzero(&x)?;
    /// assert_eq!(nz[0].to_f64_vec()?, [0.0, 1.0]);
    /// assert_eq!(nz[1].to_f64_vec()?, [1.0, 0.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[check(super::nonzero_args)]
    pub fn nonzero(x: &Array) -> Result<Vec<Array>>;

    /// The distinct values of the flattened `x`, ascending, with the position of each
    /// value's first occurrence, each element's position in the values (`x`'s shape) and
    /// the counts: `(values, indices, inverse_indices, counts)`, the standard's order, the
    /// last three int64. Each NaN is a value of its own (numpy 2's `equal_nan=False`);
    /// `-0.0` and `+0.0` are one value.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray(vec![3i32, 1, 3, 2])?;
    /// let (values, indices, inverse, counts) = ivy::unique_all(&x)?;
    /// assert_eq!(values.to_f64_vec()?, [1.0, 2.0, 3.0]);
    /// assert_eq!(indices.to_f64_vec()?, [1.0, 3.0, 0.0]);
    /// assert_eq!(inverse.to_f64_vec()?, [2.0, 0.0, 2.0, 1.0]);
    /// assert_eq!(counts.to_f64_vec()?, [1.0, 1.0, 2.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    pub fn unique_all(x: &Array) -> Result<(Array, Array, Array, Array)>;

    /// The distinct values of the flattened `x` and their counts: `(values, counts)` (see
    /// [`unique_all`]).
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray(vec![2u8, 2, 7])?;
    /// let (values, counts) = ivy::unique_counts(&x)?;
    /// assert_eq!((values.to_f64_vec()?, counts.to_f64_vec()?), (vec![2.0, 7.0], vec![2.0, 1.0]));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    pub fn unique_counts(x: &Array) -> Result<(Array, Array)>;

    /// The distinct values of the flattened `x` and, for each element of `x`, its value's
    /// position in them (of `x`'s shape): `(values, inverse_indices)` (see [`unique_all`]).
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray(vec![vec![5i64, 4], vec![4, 5]])?;
    /// let (values, inverse) = ivy::unique_inverse(&x)?;
    /// assert_eq!(values.to_f64_vec()?, [4.0, 5.0]);
    /// assert_eq!((inverse.shape(), inverse.to_f64_vec()?), (&[2usize, 2][..], vec![1.0, 0.0, 0.0, 1.0]));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    pub fn unique_inverse(x: &Array) -> Result<(Array, Array)>;

    /// The distinct values of the flattened `x`, ascending (see [`unique_all`]).
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray(vec![1.0f32, f32::NAN, 1.0, f32::NAN])?;
    /// let v = ivy::unique_values(&x)?.to_f64_vec()?;
    /// assert_eq!(v[0], 1.0);
    /// assert!(v[1].is_nan() && v[2].is_nan()); // each NaN is distinct
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    pub fn unique_values(x: &Array) -> Result<Array>;
}

#[doc(inline)]
pub use sorting::*;

use crate::{Array, Error, Result};

/// `searchsorted`'s shared check: `side`, the shapes of `x1`, `x2` and `sorter`, and the
/// sorter's dtype (its values are checked by the kernel).
pub(crate) fn searchsorted_args(
    op: &'static str,
    x1: &&Array,
    x2: &&Array,
    side: &str,
    sorter: &Option<Array>,
) -> Result<SearchsortedPlan> {
    let right = searchsorted_side(op, side)?;
    let bad = |message: String| Err(Error::InvalidArgument { op, message });
    let (s1, s2) = (x1.shape(), x2.shape());
    match s1.len() {
        0 => return bad("`x1` must have at least one dimension (a 1-D sorted array)".into()),
        1 => {}
        k if s2.len() != k || s1[..k - 1] != s2[..k - 1] => {
            return Err(Error::Shape {
                op,
                lhs: s1.to_vec(),
                rhs: s2.to_vec(),
                reason: "do not match (an N-D `x1` needs `x2` with its leading dimensions)",
            })
        }
        _ => {}
    }
    if let Some(s) = sorter {
        if !s.dtype().is_int() {
            return Err(crate::Error::ArgumentKind {
                op: "searchsorted",
                param: "sorter",
                expected: "an integer array (indices into `x1`)",
                got: format!("an array of dtype {}", s.dtype()),
            });
        }
        if s.shape() != s1 {
            return bad(format!(
                "`sorter` has shape {:?}, `x1` has shape {s1:?} (they must agree)",
                s.shape()
            ));
        }
    }
    Ok(SearchsortedPlan {
        right,
        sorter: searchsorted_sorter(op, x1, sorter.as_ref())?,
        operands: searchsorted_operands(op, x1, x2)?,
    })
}

/// `searchsorted`'s plan: the side as "search to the right", the sorter's positions
/// (checked against `x1`'s rows) and `x1` and `x2` promoted to one dtype (`None`: they agree).
///
/// ```
/// use ivy::prelude::*;
/// ivy::set_backend(Backend::Ndarray);
/// // the plan of this call: right = true, no sorter, the operands promoted to float64
/// let x1 = ivy::asarray(vec![1i32, 2, 2, 3])?;
/// let kw = SearchsortedKw { side: "right".into(), ..Default::default() };
/// assert_eq!(ivy::searchsorted_with(&x1, &ivy::asarray(vec![2.5f64])?, kw)?.to_f64_vec()?, [3.0]);
/// # Ok::<(), ivy::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct SearchsortedPlan {
    /// `side == "right"`.
    pub right: bool,
    /// The sorter's positions, if a sorter was given.
    pub sorter: Option<Vec<usize>>,
    /// `x1` and `x2` promoted to one dtype, where their dtypes differ.
    pub operands: Option<(Array, Array)>,
}

/// `side` as "search to the right": `"left"` or `"right"`, else `Error::InvalidArgument`.
fn searchsorted_side(op: &'static str, side: &str) -> Result<bool> {
    match side {
        "left" => Ok(false),
        "right" => Ok(true),
        other => Err(Error::InvalidArgument {
            op,
            message: format!("`side` must be \"left\" or \"right\", got {other:?}"),
        }),
    }
}

/// `x1` and `x2` of `searchsorted` promoted to one dtype (Ivy's table; `None`: they agree),
/// on the backend that runs it.
fn searchsorted_operands(
    op: &'static str,
    x1: &Array,
    x2: &Array,
) -> Result<Option<(Array, Array)>> {
    if x1.dtype() == x2.dtype() {
        return Ok(None);
    }
    let d = ivy_core::promote_types(x1.dtype(), x2.dtype()).map_err(|e| e.with_op(op))?;
    let c1 = x1.cast(d).map_err(|e| e.with_op(op))?;
    let c2 = x2.cast(d).map_err(|e| e.with_op(op))?;
    Ok(Some((c1, c2)))
}

/// `searchsorted`'s sorter positions (`None` when not given), checked against `x1`'s rows.
fn searchsorted_sorter(
    op: &'static str,
    x1: &Array,
    sorter: Option<&Array>,
) -> Result<Option<Vec<usize>>> {
    let n = x1.shape().last().copied().unwrap_or(1);
    sorter
        .map(|s| {
            let s = crate::native::int_values(op, s, crate::native::IntRole::Index)?;
            crate::kernel::sort::sorter_positions(op, &s, n)
        })
        .transpose()
}

/// `nonzero`'s shared check: `x` has at least one dimension.
pub(crate) fn nonzero_args(op: &'static str, x: &&Array) -> Result<()> {
    if x.ndim() == 0 {
        return Err(Error::InvalidArgument {
            op,
            message: "a 0-d array has no axes to index (the standard's rule; use a 1-D array)"
                .into(),
        });
    }
    Ok(())
}
