//! Basic indexing: integers (negative too), slices with steps (negative steps too), `..`
//! (the Array API's ellipsis) and [`NEWAXIS`], with numpy's meaning, on every backend.
//!
//! [`Array::get`] (and [`get_item`]) takes a list of [`Idx`]: `Idx::from(1)`, a Rust range
//! (`Idx::from(1..3)`, `Idx::from(..)`), [`Idx::slice`] for a step, [`ELLIPSIS`] and
//! [`NEWAXIS`]. The result is a new array (a copy, on the array's backend and device: the
//! selection is one `take` per axis it narrows, then one `reshape` that drops the indexed
//! axes and inserts the new ones).
//!
//! ```
//! use ivy::prelude::*;
//! use ivy::{Idx, ELLIPSIS, NEWAXIS};
//! ivy::set_backend(Backend::Ndarray);
//! let x = ivy::reshape(&ivy::arange(6.0)?, &[2, 3])?;
//! assert_eq!(x.get(&[Idx::from(-1)])?.to_f64_vec()?, [3.0, 4.0, 5.0]); // x[-1]
//! assert_eq!(x.get(&[Idx::from(..), NEWAXIS])?.shape(), &[2, 1, 3]); // x[:, None]
//! assert_eq!(x.get(&[ELLIPSIS, Idx::slice(None, None, -2)])?.to_f64_vec()?, [2.0, 0.0, 5.0, 3.0]);
//! assert!(x.get(&[Idx::from(2)]).is_err()); // out of range: an error, not a panic
//! # Ok::<(), ivy::Error>(())
//! ```

use crate::functional::manipulation::index_array_of;
use crate::prelude::TakeKw;
use crate::{Array, Error, Result};
use std::ops::{Range, RangeFrom, RangeFull, RangeInclusive, RangeTo, RangeToInclusive};

/// One item of an index (numpy's basic indexing).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Idx {
    /// One position along an axis (negative counts from the end); the axis is dropped.
    Int(i64),
    /// `start:stop:step` along an axis (`None` bounds take numpy's defaults for the step's
    /// sign; a step of 0 is an error).
    Slice {
        /// The first position (`None`: the start, or the end for a negative step).
        start: Option<i64>,
        /// The position not reached (`None`: past the end, or before the start).
        stop: Option<i64>,
        /// The stride, negative to walk backwards.
        step: i64,
    },
    /// Every axis not named by the other items (at most one per index).
    Ellipsis,
    /// A new axis of length 1 (the Array API's `newaxis`).
    NewAxis,
}

/// The Array API's `newaxis`: a new axis of length 1 at its place in an index.
pub const NEWAXIS: Idx = Idx::NewAxis;
/// The Array API's `...`: every axis the other items of an index do not name.
pub const ELLIPSIS: Idx = Idx::Ellipsis;

impl Idx {
    /// `start:stop:step`.
    pub const fn slice(start: Option<i64>, stop: Option<i64>, step: i64) -> Idx {
        Idx::Slice { start, stop, step }
    }
}

impl From<i64> for Idx {
    fn from(i: i64) -> Idx {
        Idx::Int(i)
    }
}
impl From<Range<i64>> for Idx {
    fn from(r: Range<i64>) -> Idx {
        Idx::slice(Some(r.start), Some(r.end), 1)
    }
}
impl From<RangeInclusive<i64>> for Idx {
    fn from(r: RangeInclusive<i64>) -> Idx {
        // `a..=-1` is "through the last": no stop
        let stop = match r.end().checked_add(1) {
            Some(0) | None => None,
            s => s,
        };
        Idx::slice(Some(*r.start()), stop, 1)
    }
}
impl From<RangeFrom<i64>> for Idx {
    fn from(r: RangeFrom<i64>) -> Idx {
        Idx::slice(Some(r.start), None, 1)
    }
}
impl From<RangeTo<i64>> for Idx {
    fn from(r: RangeTo<i64>) -> Idx {
        Idx::slice(None, Some(r.end), 1)
    }
}
impl From<RangeToInclusive<i64>> for Idx {
    fn from(r: RangeToInclusive<i64>) -> Idx {
        Idx::from(0..=r.end)
    }
}
impl From<RangeFull> for Idx {
    fn from(_: RangeFull) -> Idx {
        Idx::slice(None, None, 1)
    }
}

const OP: &str = "get_item";

fn invalid(message: String) -> Error {
    Error::InvalidArgument { op: OP, message }
}

/// The positions `start:stop:step` selects along an axis of length `n` (Python's
/// `slice.indices`: out-of-range bounds are clamped, never an error).
fn slice_positions(n: usize, start: Option<i64>, stop: Option<i64>, step: i64) -> Result<Vec<i64>> {
    if step == 0 {
        return Err(invalid("a slice step must not be 0".into()));
    }
    let n = n as i64;
    let clamp = |v: i64, lo: i64, hi: i64| {
        let v = if v < 0 { v.saturating_add(n) } else { v };
        v.clamp(lo, hi)
    };
    let (first, end) = if step > 0 {
        (
            start.map_or(0, |s| clamp(s, 0, n)),
            stop.map_or(n, |s| clamp(s, 0, n)),
        )
    } else {
        (
            start.map_or(n - 1, |s| clamp(s, -1, n - 1)),
            stop.map_or(-1, |s| clamp(s, -1, n - 1)),
        )
    };
    let mut v = Vec::new();
    let mut i = first;
    while (step > 0 && i < end) || (step < 0 && i > end) {
        v.push(i);
        match i.checked_add(step) {
            Some(next) => i = next,
            None => break, // past either end
        }
    }
    Ok(v)
}

/// `x[index]` (numpy's basic indexing), as a new array on `x`'s backend and device. Errors:
/// an integer out of range, a step of 0, more than one ellipsis, or more integers and
/// slices than `x` has axes (`Error::InvalidArgument`, naming `get_item`).
pub fn get_item(x: &Array, index: &[Idx]) -> Result<Array> {
    let named = index
        .iter()
        .filter(|i| matches!(i, Idx::Int(_) | Idx::Slice { .. }))
        .count();
    let ellipses = index.iter().filter(|i| **i == Idx::Ellipsis).count();
    if ellipses > 1 {
        return Err(invalid("an index may have at most one ellipsis".into()));
    }
    if named > x.ndim() {
        return Err(invalid(format!(
            "too many indices: {named} for an array of {} dimensions (shape {:?})",
            x.ndim(),
            x.shape()
        )));
    }
    // every axis gets an item: the ellipsis (or the end) stands for the unnamed ones
    let full = Idx::from(..);
    let mut items: Vec<Idx> = Vec::with_capacity(index.len() + x.ndim());
    for &i in index {
        if i == Idx::Ellipsis {
            items.extend(std::iter::repeat_n(full, x.ndim() - named));
        } else {
            items.push(i);
        }
    }
    if ellipses == 0 {
        items.extend(std::iter::repeat_n(full, x.ndim() - named));
    }
    ivy_core::with_backend(x.backend(), || select(x, items))
}

/// The selection of one item per axis (and the new axes), on the current backend: `x`'s.
fn select(x: &Array, items: Vec<Idx>) -> Result<Array> {
    let (mut shape, mut y, mut axis) = (Vec::new(), None::<Array>, 0usize);
    for item in items {
        let n = x.shape().get(axis).copied().unwrap_or(0);
        let positions = match item {
            Idx::NewAxis => {
                shape.push(1);
                continue;
            }
            Idx::Ellipsis => continue, // expanded by the caller
            Idx::Int(i) => {
                let p = if i < 0 {
                    i.checked_add(n as i64)
                } else {
                    Some(i)
                };
                match p.filter(|p| (0..n as i64).contains(p)) {
                    Some(p) => vec![p],
                    None => {
                        return Err(invalid(format!(
                            "index {i} is out of range for axis {axis} of length {n}"
                        )))
                    }
                }
            }
            Idx::Slice { start, stop, step } => {
                let p = slice_positions(n, start, stop, step)?;
                shape.push(p.len());
                p
            }
        };
        // the whole axis in order needs no gather
        if positions.len() != n || positions.iter().enumerate().any(|(k, &p)| p != k as i64) {
            let from = y.as_ref().unwrap_or(x);
            let idx = index_array_of(OP, from, positions)?;
            let kw = TakeKw {
                axis: Some(axis as i64),
            };
            y = Some(crate::functional::manipulation::take_with(from, &idx, kw)?);
        }
        axis += 1;
    }
    let y = y.unwrap_or_else(|| x.clone());
    if y.shape() == shape.as_slice() {
        return Ok(y);
    }
    let shape: Vec<i64> = shape.iter().map(|&d| d as i64).collect();
    crate::reshape(&y, &shape)
}

impl Array {
    /// `self[index]`: see [`get_item`] and the [module docs](crate::indexing).
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
}
