//! The host kernels of the sorting, searching and set ops (`sort`, `argsort`,
//! `searchsorted`, `nonzero`, `unique_*`), written once over the element type (`T: Elem`)
//! on row-major slices, and shared by every backend that runs them on the host (ndarray
//! always; candle on the CPU).
//!
//! One order serves every op, numpy's: integers and bools by value; real floats by value
//! with `-0.0 == +0.0` and every NaN after every number (NaNs equal to each other); complex
//! numbers lexicographically (real part, then imaginary part, each in the real order),
//! which puts numpy's `R + Rj < R + nanj < nan + Rj < nan + nanj`. The order is a key read
//! through [`Elem`]'s exact conversions (integers and bools as `i128`, real floats as `f64`,
//! complex as two `f64`s), chosen by the element's kind, so no code is written per dtype.
//! Sorts are `slice::sort_by` (stable) with that comparator.

use crate::kernel::elem::Elem;
use ivy_core::DtypeKind;
use ivy_core::{Error, Result};
use std::cmp::Ordering;

/// Reals: by value, `-0.0 == +0.0`, NaN after every number and equal to NaN.
fn nan_last(a: f64, b: f64) -> Ordering {
    match (a.is_nan(), b.is_nan()) {
        (false, false) => a.partial_cmp(&b).unwrap_or(Ordering::Equal),
        (x, y) => x.cmp(&y),
    }
}

/// `x` is NaN (complex: either part is).
pub(crate) fn is_nan<T: Elem>(x: T) -> bool {
    match T::DTYPE.kind() {
        DtypeKind::Float => x.to_f64().is_nan(),
        DtypeKind::Complex => {
            let c = x.to_c128();
            c.re.is_nan() || c.im.is_nan()
        }
        DtypeKind::Int | DtypeKind::Uint | DtypeKind::Bool => false,
    }
}

/// `x != 0` (NaN is non-zero, `-0.0` is zero).
pub(crate) fn is_nonzero<T: Elem>(x: T) -> bool {
    match T::DTYPE.kind() {
        DtypeKind::Int | DtypeKind::Uint | DtypeKind::Bool => x.to_i128() != 0,
        DtypeKind::Float => x.to_f64() != 0.0,
        DtypeKind::Complex => {
            let c = x.to_c128();
            c.re != 0.0 || c.im != 0.0
        }
    }
}

/// numpy's ascending order (see the module's documentation).
pub(crate) fn ascending<T: Elem>(a: T, b: T) -> Ordering {
    match T::DTYPE.kind() {
        DtypeKind::Int | DtypeKind::Uint | DtypeKind::Bool => a.to_i128().cmp(&b.to_i128()),
        DtypeKind::Float => nan_last(a.to_f64(), b.to_f64()),
        DtypeKind::Complex => {
            let (x, y) = (a.to_c128(), b.to_c128());
            nan_last(x.re, y.re).then_with(|| nan_last(x.im, y.im))
        }
    }
}

/// The descending order: the numbers reversed, NaNs still last (among themselves in the
/// ascending order). Equal elements compare equal, so a stable sort keeps their order.
pub(crate) fn descending<T: Elem>(a: T, b: T) -> Ordering {
    match (is_nan(a), is_nan(b)) {
        (false, false) => ascending(b, a),
        (true, true) => ascending(a, b),
        (x, y) => x.cmp(&y),
    }
}

/// An array of `shape` seen as lanes along `axis`: `(outer, n, inner)`, lane `(o, i)`
/// holding the elements `o * n * inner + k * inner + i`, `k < n`.
pub(crate) fn lanes(shape: &[usize], axis: usize) -> (usize, usize, usize) {
    let outer = shape[..axis].iter().product();
    let n = shape.get(axis).copied().unwrap_or(1);
    let inner = shape.get(axis + 1..).map_or(1, |s| s.iter().product());
    (outer, n, inner)
}

/// The order of `order`'s direction.
fn order_fn<T: Elem>(desc: bool) -> fn(T, T) -> Ordering {
    if desc {
        descending::<T>
    } else {
        ascending::<T>
    }
}

/// `argsort` of the row-major `xs` of `shape` along `axis` (a valid axis): the stable
/// order of each lane, as int64 positions along the axis.
pub(crate) fn argsort<T: Elem>(
    op: &'static str,
    xs: &[T],
    shape: &[usize],
    axis: usize,
    desc: bool,
) -> Result<Vec<i64>> {
    let mut out = crate::kernel::alloc::try_vec::<i64>(op, xs.len())?;
    if xs.is_empty() {
        return Ok(out); // no lane to sort (and maybe very many empty ones)
    }
    let (outer, n, inner) = lanes(shape, axis);
    let cmp = order_fn::<T>(desc);
    out.resize(xs.len(), 0);
    let mut idx = crate::kernel::alloc::try_vec::<usize>(op, n)?;
    for o in 0..outer {
        for i in 0..inner {
            let base = o * n * inner + i;
            idx.clear();
            idx.extend(0..n);
            idx.sort_by(|&a, &b| cmp(xs[base + a * inner], xs[base + b * inner]));
            for (k, &j) in idx.iter().enumerate() {
                out[base + k * inner] = j as i64;
            }
        }
    }
    Ok(out)
}

/// `sort` of the row-major `xs` of `shape` along `axis` (a valid axis), stable.
pub(crate) fn sort<T: Elem>(
    op: &'static str,
    xs: &[T],
    shape: &[usize],
    axis: usize,
    desc: bool,
) -> Result<Vec<T>> {
    let mut out = crate::kernel::alloc::try_vec::<T>(op, xs.len())?;
    if xs.is_empty() {
        return Ok(out); // no lane to sort (and maybe very many empty ones)
    }
    let (outer, n, inner) = lanes(shape, axis);
    let cmp = order_fn::<T>(desc);
    out.extend_from_slice(xs);
    let mut lane = crate::kernel::alloc::try_vec::<T>(op, n)?;
    for o in 0..outer {
        for i in 0..inner {
            let base = o * n * inner + i;
            lane.clear();
            lane.extend((0..n).map(|k| xs[base + k * inner]));
            lane.sort_by(|&a, &b| cmp(a, b));
            for (k, &v) in lane.iter().enumerate() {
                out[base + k * inner] = v;
            }
        }
    }
    Ok(out)
}

/// `searchsorted`: for each row `r` of `x1` (rows of length `n`, ascending, or ascending
/// through the row's `sorter` positions) and each of the `m` values of row `r` of `x2`, the
/// insertion position that keeps the row sorted: before equal elements (`right = false`) or
/// after them. NaN is greater than every number. `x2.len() == rows * m`.
pub(crate) fn searchsorted<T: Elem>(
    op: &'static str,
    x1: &[T],
    n: usize,
    x2: &[T],
    right: bool,
    sorter: Option<&[usize]>,
) -> Result<Vec<i64>> {
    let rows = x1.len().checked_div(n).unwrap_or(0);
    let m = x2.len().checked_div(rows).unwrap_or(0);
    let mut out = crate::kernel::alloc::try_vec::<i64>(op, x2.len())?;
    for (j, &v) in x2.iter().enumerate() {
        let r = j.checked_div(m).unwrap_or(0);
        let at = |k: usize| {
            let p = r * n + k;
            x1[r * n + sorter.map_or(k, |s| s[p])]
        };
        // the first position whose element is not before `v` (left) / is after `v` (right)
        let (mut lo, mut hi) = (0usize, n);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            let c = ascending(at(mid), v);
            let go_right = if right {
                c != Ordering::Greater
            } else {
                c == Ordering::Less
            };
            if go_right {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        out.push(lo as i64);
    }
    Ok(out)
}

/// `searchsorted`'s sorter as positions in `0..n` (each row's positions into that row),
/// or `Error::InvalidArgument` naming the first one out of range.
pub(crate) fn sorter_positions(op: &'static str, sorter: &[f64], n: usize) -> Result<Vec<usize>> {
    let mut out = crate::kernel::alloc::try_vec::<usize>(op, sorter.len())?;
    for &s in sorter {
        if !(0.0..n as f64).contains(&s) {
            return Err(Error::InvalidArgument {
                op,
                message: format!(
                    "`sorter` holds {s}, out of range for a row of length {n} (sorter holds positions 0..{n})"
                ),
            });
        }
        out.push(s as usize);
    }
    Ok(out)
}

/// `nonzero` of the row-major `xs` of `shape`: one int64 index vector per axis, the
/// positions of the non-zero elements in row-major order.
pub(crate) fn nonzero<T: Elem>(
    op: &'static str,
    xs: &[T],
    shape: &[usize],
) -> Result<Vec<Vec<i64>>> {
    let count = xs.iter().filter(|&&x| is_nonzero(x)).count();
    let mut out = crate::kernel::alloc::try_vec::<Vec<i64>>(op, shape.len())?;
    for _ in shape {
        out.push(crate::kernel::alloc::try_vec::<i64>(op, count)?);
    }
    for (flat, _) in xs.iter().enumerate().filter(|&(_, &x)| is_nonzero(x)) {
        let mut rest = flat;
        for (ax, &d) in shape.iter().enumerate().rev() {
            out[ax].push((rest % d) as i64);
            rest /= d;
        }
    }
    Ok(out)
}

/// What `unique_all` returns, on the host: the distinct values in ascending order, the
/// position of each one's first occurrence, the position of each element's value in
/// `values`, and the counts.
pub(crate) struct Unique<T> {
    /// The distinct values, ascending (each NaN on its own, last).
    pub values: Vec<T>,
    /// The first occurrence of each value in the flattened input.
    pub indices: Vec<i64>,
    /// For each element of the flattened input, its value's position in `values`.
    pub inverse: Vec<i64>,
    /// How many elements hold each value.
    pub counts: Vec<i64>,
}

/// The distinct values of `xs` (numpy 2's `unique_all`, `equal_nan=False`): `-0.0` and
/// `+0.0` are one value (the first occurring one is kept), each NaN is a value of its own.
pub(crate) fn unique<T: Elem>(op: &'static str, xs: &[T]) -> Result<Unique<T>> {
    let order = argsort(op, xs, &[xs.len()], 0, false)?;
    let same = |p: T, x: T| !is_nan(x) && ascending(p, x) == Ordering::Equal;
    // the number of distinct values, so each result is allocated once, exactly
    let groups = usize::from(!order.is_empty())
        + order
            .windows(2)
            .filter(|w| !same(xs[w[0] as usize], xs[w[1] as usize]))
            .count();
    let mut u = Unique {
        values: crate::kernel::alloc::try_vec::<T>(op, groups)?,
        indices: crate::kernel::alloc::try_vec::<i64>(op, groups)?,
        inverse: crate::kernel::alloc::try_vec::<i64>(op, xs.len())?,
        counts: crate::kernel::alloc::try_vec::<i64>(op, groups)?,
    };
    u.inverse.resize(xs.len(), 0);
    let mut prev: Option<T> = None;
    for &j in &order {
        let x = xs[j as usize];
        if !prev.is_some_and(|p| same(p, x)) {
            u.values.push(x);
            u.indices.push(j);
            u.counts.push(0);
        }
        let g = u.values.len() - 1;
        u.counts[g] += 1;
        u.inverse[j as usize] = g as i64;
        prev = Some(x);
    }
    Ok(u)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orders() {
        let xs = [2.0f64, f64::NAN, -0.0, 0.0, 1.0, f64::NAN, -1.0];
        assert_eq!(
            argsort("t", &xs, &[7], 0, false).unwrap(),
            [6, 2, 3, 4, 0, 1, 5]
        );
        assert_eq!(
            argsort("t", &xs, &[7], 0, true).unwrap(),
            [0, 4, 2, 3, 6, 1, 5]
        );
        let u = [3u8, 255, 0, 255];
        assert_eq!(argsort("t", &u, &[4], 0, true).unwrap(), [1, 3, 0, 2]);
        let i = [i8::MIN, 0, i8::MAX, i8::MIN];
        assert_eq!(argsort("t", &i, &[4], 0, true).unwrap(), [2, 1, 0, 3]);
        assert_eq!(
            argsort("t", &[true, false, true], &[3], 0, true).unwrap(),
            [0, 2, 1]
        );
    }

    #[test]
    fn lanes_along_axes() {
        let xs = [3i32, 1, 2, 0, 5, 4];
        assert_eq!(
            sort("t", &xs, &[2, 3], 1, false).unwrap(),
            [1, 2, 3, 0, 4, 5]
        );
        assert_eq!(
            sort("t", &xs, &[2, 3], 0, false).unwrap(),
            [0, 1, 2, 3, 5, 4]
        );
    }

    #[test]
    fn searching_and_sets() {
        let x1 = [1.0f32, 2.0, 2.0, f32::NAN];
        let x2 = [2.0f32, f32::NAN, 0.0];
        assert_eq!(
            searchsorted("t", &x1, 4, &x2, false, None).unwrap(),
            [1, 3, 0]
        );
        assert_eq!(
            searchsorted("t", &x1, 4, &x2, true, None).unwrap(),
            [3, 4, 0]
        );
        let u = unique("t", &[2.0f64, f64::NAN, 1.0, 2.0, f64::NAN]).unwrap();
        assert_eq!(u.indices, [2, 0, 1, 4]);
        assert_eq!(u.inverse, [1, 2, 0, 1, 3]);
        assert_eq!(u.counts, [1, 2, 1, 1]);
        let nz = nonzero("t", &[0i64, 3, 0, 4], &[2, 2]).unwrap();
        assert_eq!(nz, [vec![0, 1], vec![1, 1]]);
    }
}
