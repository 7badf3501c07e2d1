//! Gathers: the elements (or blocks of elements) of a row-major buffer at checked indices,
//! written straight into the result's buffer (`take`; boolean masks' selections).

use crate::kernel::alloc::try_vec;
use crate::kernel::par::{self, Shared};
use ivy_core::Result;

/// `x` (row-major, viewed as `(outer, n, inner)`) at the indices `idx` (each in `0..n`)
/// along the middle axis: `outer` blocks of `idx.len()` runs of `inner` elements, row-major
/// (numpy's `take`). Large gathers run on both cores.
pub(crate) fn take<T: Copy + Send + Sync>(
    op: &'static str,
    x: &[T],
    (outer, n, inner): (usize, usize, usize),
    idx: &[i64],
) -> Result<Vec<T>> {
    let len = outer * idx.len() * inner;
    let mut out = try_vec::<T>(op, len)?;
    let slots = Shared(out.spare_capacity_mut().as_mut_ptr());
    let m = idx.len();
    if inner == 1 {
        // one element per index: the indices split over the cores
        let unit = std::mem::size_of::<T>() + std::mem::size_of::<i64>();
        for o in 0..outer {
            let src = &x[o * n..(o + 1) * n];
            par::parts(m, unit, &|lo, hi| {
                // SAFETY: slots `o * m + lo..o * m + hi` are this part's, within `len`
                let dst = unsafe { slots.range(o * m + lo, o * m + hi) };
                for (d, &i) in dst.iter_mut().zip(&idx[lo..hi]) {
                    d.write(src[i as usize]);
                }
            });
        }
    } else {
        let unit = inner * std::mem::size_of::<T>();
        par::parts(outer * m, unit, &|lo, hi| {
            for r in lo..hi {
                let (o, k) = (r / m, r % m);
                let at = (o * n + idx[k] as usize) * inner;
                // SAFETY: run `r`'s slots are this part's, within `len`
                let dst = unsafe { slots.range(r * inner, (r + 1) * inner) };
                for (d, &v) in dst.iter_mut().zip(&x[at..at + inner]) {
                    d.write(v);
                }
            }
        });
    }
    // SAFETY: every slot was written above
    unsafe { out.set_len(len) };
    Ok(out)
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
}
