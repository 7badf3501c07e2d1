//! The host matrix product, written once over the element type: integers (wrapping) on
//! both backends, and anything a backend's own matrix multiply does not take.

use crate::alloc::try_vec;
use crate::elem::Elem;
use crate::rows::{Add, Multiply};
use ivy_core::Result;
use std::borrow::Cow;

/// The row-major elements of `x` (of `shape`) broadcast to `[batch.., rows, cols]`: each
/// batch's matrix (the added axes of 1-d operands already in `shape`). `x` itself where it
/// already is that (its batch axes those of `batch`, or no batch at all); a copy only where
/// broadcasting repeats matrices.
pub fn batched<'a, T: Copy>(
    op: &'static str,
    x: &'a [T],
    shape: &[usize],
    batch: &[usize],
) -> Result<Cow<'a, [T]>> {
    let mat: usize = shape[shape.len().saturating_sub(2)..].iter().product();
    let nb: usize = batch.iter().product();
    let own = &shape[..shape.len().saturating_sub(2)];
    // the batch axes broadcast to `batch`: with as many matrices, none repeats and the
    // source order is the batch order
    if own.iter().product::<usize>() == nb {
        return Ok(Cow::Borrowed(x));
    }
    let mut out = try_vec(op, nb * mat)?;
    // the source batch index of every batch index (broadcasting: size-1 dimensions repeat)
    let pad = batch.len() - own.len();
    let mut idx = vec![0usize; batch.len()];
    for _ in 0..nb {
        let mut src = 0;
        for (i, &d) in own.iter().enumerate() {
            src = src * d + if d == 1 { 0 } else { idx[pad + i] };
        }
        out.extend_from_slice(&x[src * mat..(src + 1) * mat]);
        for i in (0..batch.len()).rev() {
            idx[i] += 1;
            if idx[i] < batch[i] {
                break;
            }
            idx[i] = 0;
        }
    }
    Ok(Cow::Owned(out))
}

/// `a @ b` for each of `batches` batches (shapes as [`matmul`]'s) by faer's kernels
/// (`ivy_linalg::Dense`: SIMD with fused multiply-adds, blocked, parallel when large),
/// each result element written once (no zero fill): the float and complex products of
/// ndarray, and the small ones of candle on the CPU, so both give the same bits.
pub fn dense_matmul<T: ivy_linalg::Dense>(
    op: &'static str,
    a: &[T],
    b: &[T],
    batches: usize,
    [m, k, n]: [usize; 3],
) -> Result<Vec<T>> {
    let len = batches * m * n;
    let mut out = try_vec::<T>(op, len)?;
    if m * n > 0 {
        let dst = &mut out.spare_capacity_mut()[..len];
        for (i, c) in dst.chunks_exact_mut(m * n).enumerate() {
            let (a, b) = (
                &a[i * m * k..(i + 1) * m * k],
                &b[i * k * n..(i + 1) * k * n],
            );
            // writes the whole of `c` (zeros when k = 0), reading none of it
            <T as ivy_linalg::Dense>::matmul(m, k, n, a, b, c);
        }
    }
    // SAFETY: each of the `batches` chunks of `m * n` elements was written whole by
    // `matmul` (none when `m * n = 0`, and `len` is then 0).
    unsafe { out.set_len(len) };
    Ok(out)
}

/// `a @ b` for each of `batches` batches: `a` is `[batches, m, k]`, `b` is
/// `[batches, k, n]` (row-major, batches already broadcast); the result is
/// `[batches, m, n]`. `i-k-j` order: the inner
/// loop runs along contiguous rows of `b` and of the result.
pub fn matmul<T: Elem>(
    op: &'static str,
    a: &[T],
    b: &[T],
    batches: usize,
    [m, k, n]: [usize; 3],
) -> Result<Vec<T>> {
    let nb = batches;
    let zero = T::from_i128(0);
    let mut out = try_vec(op, nb * m * n)?;
    out.resize(nb * m * n, zero);
    if m * n == 0 {
        return Ok(out);
    }
    for ((c, a), b) in out
        .chunks_exact_mut(m * n)
        .zip(a.chunks_exact((m * k).max(1)))
        .zip(b.chunks_exact((k * n).max(1)))
    {
        if k == 0 {
            continue;
        }
        for (crow, arow) in c.chunks_exact_mut(n).zip(a.chunks_exact(k)) {
            for (&aik, brow) in arow.iter().zip(b.chunks_exact(n)) {
                for (cij, &bkj) in crow.iter_mut().zip(brow) {
                    *cij = T::binary::<Add>(*cij, T::binary::<Multiply>(aik, bkj));
                }
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn batches_broadcast() {
        // two 1x2 matrices (shape [2, 1, 1, 2]) times three 2x1 ones ([3, 2, 1]): batch [2, 3]
        let a: Vec<i64> = (1..=4).collect();
        let b: Vec<i64> = (1..=6).collect();
        let ab = batched("t", &a, &[2, 1, 1, 2], &[2, 3]).unwrap();
        let bb = batched("t", &b, &[3, 2, 1], &[2, 3]).unwrap();
        let r = matmul("t", &ab, &bb, 6, [1, 2, 1]).unwrap();
        // [1,2]·[1,2]=5, ·[3,4]=11, ·[5,6]=17; [3,4]·… = 11, 25, 39
        assert_eq!(r, vec![5, 11, 17, 11, 25, 39]);
        let r = matmul("t", &[1i8, 2, 3], &[100, 100, 100], 1, [1, 3, 1]).unwrap();
        assert_eq!(r, vec![88]); // 600 wraps in int8
        assert_eq!(
            matmul::<f32>("t", &[], &[], 1, [2, 0, 3]).unwrap(),
            vec![0.0; 6]
        );
    }
}
