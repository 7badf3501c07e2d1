//! Gathers: the elements (or blocks of elements) of a row-major buffer at checked indices,
//! written straight into the result's buffer (`take`; boolean masks' selections).

use crate::alloc::try_vec;
use crate::par::{self, Shared};
use ivy_core::{Error, Result};
use std::mem::MaybeUninit;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

/// `x` (row-major, viewed as `(outer, n, inner)`) at the indices `idx` along the middle
/// axis: `outer` blocks of `idx.len()` runs of `inner` elements, row-major (numpy's `take`).
/// The gather checks the indices as it reads them (no pass of its own over them): a
/// negative index counts from the end, one still outside `0..n` fails the call. Large
/// gathers run on both cores.
pub fn take<T: Copy + Send + Sync>(
    op: &'static str,
    x: &[T],
    (outer, n, inner): (usize, usize, usize),
    idx: &[i64],
) -> Result<Vec<T>> {
    let len = outer * idx.len() * inner;
    if len == 0 {
        // nothing to write (walking 2^58 empty rows one by one ran for minutes): the indices
        // checked all the same
        if idx.iter().any(|&i| wrap(i, n) >= n) {
            return Err(out_of_range(op, idx, n));
        }
        return Ok(Vec::new());
    }
    let mut out = try_vec::<T>(op, len)?;
    let slots = Shared(out.spare_capacity_mut().as_mut_ptr());
    let m = idx.len();
    let bad = AtomicBool::new(false);
    if inner == 1 {
        // one element per index: the indices split over the cores
        let unit = std::mem::size_of::<T>() + std::mem::size_of::<i64>();
        for o in 0..outer {
            let src = &x[o * n..(o + 1) * n];
            par::parts(m, unit, &|lo, hi| {
                // SAFETY: slots `o * m + lo..o * m + hi` are this part's, within `len`
                let dst = unsafe { slots.range(o * m + lo, o * m + hi) };
                for (d, &i) in dst.iter_mut().zip(&idx[lo..hi]) {
                    match src.get(wrap(i, n)) {
                        Some(&v) => {
                            d.write(v);
                        }
                        None => return bad.store(true, Relaxed),
                    }
                }
            });
        }
    } else {
        let unit = inner * std::mem::size_of::<T>();
        par::parts(outer * m, unit, &|lo, hi| {
            for r in lo..hi {
                let (o, k) = (r / m, r % m);
                let j = wrap(idx[k], n);
                if j >= n {
                    return bad.store(true, Relaxed);
                }
                let at = (o * n + j) * inner;
                // SAFETY: run `r`'s slots are this part's, within `len`
                let dst = unsafe { slots.range(r * inner, (r + 1) * inner) };
                for (d, &v) in dst.iter_mut().zip(&x[at..at + inner]) {
                    d.write(v);
                }
            }
        });
    }
    if bad.into_inner() {
        return Err(out_of_range(op, idx, n));
    }
    // SAFETY: every slot was written above
    unsafe { out.set_len(len) };
    Ok(out)
}

/// The rows of `x` (row-major: `keep.len()` rows of `inner` elements) whose `keep` flag is
/// set, in order, `count` of them: a boolean mask's selection in one pass, with no index
/// array (one thread: the caller sends large selections through [`take`]).
pub fn compress<T: Copy>(
    op: &'static str,
    x: &[T],
    inner: usize,
    keep: &[bool],
    count: usize,
) -> Result<Vec<T>> {
    let n = count.saturating_mul(inner);
    let mut out = try_vec::<T>(op, n)?;
    let written = compress_into(x, inner, keep, &mut out.spare_capacity_mut()[..n]);
    // SAFETY: `compress_into` wrote the first `written` elements, at most `n`
    unsafe { out.set_len(written) };
    Ok(out)
}

/// [`compress`] into `out` (room for `count · inner` elements): the number of elements
/// written, at most `out.len()` (all of it when `count` is `keep`'s count of `true`s).
pub fn compress_into<T: Copy>(
    x: &[T],
    inner: usize,
    keep: &[bool],
    out: &mut [MaybeUninit<T>],
) -> usize {
    match inner {
        0 => 0,
        // a mask of every axis: elements, not rows (no copy call per element)
        1 => {
            let kept = x.iter().zip(keep).filter(|(_, k)| **k).map(|(v, _)| *v);
            out.iter_mut().zip(kept).map(|(o, v)| o.write(v)).count()
        }
        _ => {
            let rows = x.chunks_exact(inner).zip(keep).filter(|(_, k)| **k);
            let mut w = 0;
            for ((row, _), o) in rows.zip(out.chunks_exact_mut(inner)) {
                o.write_copy_of_slice(row);
                w += inner;
            }
            w
        }
    }
}

/// Index `i` into an axis of length `n`, a negative one counted from the end (branch-free);
/// `n` or more (as `usize`: a negative one still negative wraps to a huge value) when out of
/// range.
#[inline(always)]
fn wrap(i: i64, n: usize) -> usize {
    // `i < 0`: `i + n` cannot overflow
    (i + i64::from(i < 0) * n as i64) as usize
}

/// Indices into an axis of length `n`, negative ones counted from the end, in place: an
/// error naming the first out of range.
#[inline]
pub fn wrap_indices(op: &'static str, idx: &mut [i64], n: usize) -> Result<()> {
    // branch-free (vectorised): note any still out of range, report after the pass
    let mut bad = false;
    for i in idx.iter_mut() {
        let j = wrap(*i, n);
        bad |= j >= n;
        *i = j as i64;
    }
    if bad {
        // report the index as given: undo the wrap of the first bad one
        let j = idx
            .iter()
            .copied()
            .find(|&j| j < 0 || j as usize >= n)
            .unwrap_or(0);
        let i = if j < 0 { j.saturating_sub(n as i64) } else { j };
        return Err(out_of_range_error(op, i, n));
    }
    Ok(())
}

/// The error for the first index of `idx` outside an axis of length `n`.
#[cold]
fn out_of_range(op: &'static str, idx: &[i64], n: usize) -> Error {
    let i = idx.iter().copied().find(|&i| wrap(i, n) >= n).unwrap_or(0);
    out_of_range_error(op, i, n)
}

fn out_of_range_error(op: &'static str, i: i64, n: usize) -> Error {
    Error::InvalidArgument {
        op,
        message: format!("index {i} is out of range for an axis of length {n}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn takes_elements_and_runs() {
        // (2, 3, 2): take [2, 0, 2] along the middle axis
        let x: Vec<i32> = (0..12).collect();
        let r = take("t", &x, (2, 3, 2), &[2, 0, 2]).unwrap();
        assert_eq!(r, [4, 5, 0, 1, 4, 5, 10, 11, 6, 7, 10, 11]);
        let r = take("t", &x, (3, 4, 1), &[3, 1]).unwrap();
        assert_eq!(r, [3, 1, 7, 5, 11, 9]);
        // large: split over the cores, same result
        let big: Vec<f64> = (0..1 << 20).map(f64::from).collect();
        let idx: Vec<i64> = (0..1 << 20).map(|i| (i * 7919) % (1 << 20)).collect();
        let r = take("t", &big, (1, 1 << 20, 1), &idx).unwrap();
        assert!(r.iter().zip(&idx).all(|(&v, &i)| v == i as f64));
        assert!(take("t", &big, (1, 1 << 20, 1), &[]).unwrap().is_empty());
    }

    #[test]
    fn wraps_negative_indices_and_rejects_the_rest() {
        let x: Vec<i32> = (0..12).collect();
        let r = take("t", &x, (2, 3, 2), &[-1, 0, -3]).unwrap();
        assert_eq!(r, [4, 5, 0, 1, 0, 1, 10, 11, 6, 7, 6, 7]);
        assert_eq!(
            take("t", &x, (3, 4, 1), &[-1, 1]).unwrap(),
            [3, 1, 7, 5, 11, 9]
        );
        // no elements to read (an empty outer or inner extent): the indices still checked
        assert!(take("t", &x, (0, 4, 1), &[4]).is_err());
        assert!(take("t", &x, (3, 4, 0), &[-5]).is_err());
        assert!(take("t", &x, (0, 4, 1), &[3, -4]).unwrap().is_empty());
        for bad in [[0, 4], [-5, 0], [i64::MIN, 0], [0, i64::MAX]] {
            for lanes in [(3, 4, 1), (1, 4, 3)] {
                let e = take("t", &x, lanes, &bad).unwrap_err().to_string();
                assert!(
                    e.contains(&format!("index {} is out of range", bad[0] + bad[1])),
                    "{e}"
                );
            }
            let mut v = bad.to_vec();
            let e = wrap_indices("t", &mut v, 4).unwrap_err().to_string();
            assert!(
                e.contains(&format!("index {} is out of range", bad[0] + bad[1])),
                "{e}"
            );
        }
        // large, one bad index in the second core's half: an error, no partial result
        let big: Vec<f32> = (0..1 << 20).map(|i| i as f32).collect();
        let mut idx: Vec<i64> = (0..1 << 20).map(|i| -(i % 1000) - 1).collect();
        let r = take("t", &big, (1, 1 << 20, 1), &idx).unwrap();
        assert!(r
            .iter()
            .zip(&idx)
            .all(|(&v, &i)| v == ((1 << 20) + i) as f32));
        idx[900_000] = 1 << 20;
        assert!(take("t", &big, (1, 1 << 20, 1), &idx).is_err());
        let mut w = vec![-1, 0, -4];
        wrap_indices("t", &mut w, 4).unwrap();
        assert_eq!(w, [3, 0, 0]);
    }
}
