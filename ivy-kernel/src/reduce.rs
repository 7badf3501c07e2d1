//! Reductions over row-major buffers, written once for every backend that reduces on the
//! host (all of ndarray; candle's integer reductions, which must wrap instead of panicking).
//!
//! A reduction folds a set of axes out of a shape. Runs of adjacent reduced axes are merged
//! and each run is one pass over a buffer viewed as `(outer, n, inner)`:
//! - `inner == 1` (the run is innermost, e.g. a full reduction): each row of `n` contiguous
//!   values is folded pairwise ([`par::fold`]: numpy's summation accuracy, 16 accumulators
//!   per leaf in vector registers), rows or halves of a long row on both cores;
//! - `inner > 1`: the `n` rows of `inner` values are combined element-wise into one row,
//!   a contiguous loop at the CPU's vector width ([`ivy_vecmath::vectorised`]): narrow rows
//!   whole (`fold_rows` for `max`/`min`, `fold_row_blocks` for sums and products), wide
//!   ones in strips of columns split over both cores when large.

use crate::alloc::try_vec;
use crate::elem::{same_slice, Elem};
use crate::par::{self, Shared};
use crate::rows::Add;
use crate::sort::{ascending, is_nan, lanes};
use ivy_core::{DtypeKind, Result};
use std::cmp::Ordering;
use std::mem::MaybeUninit;

/// Folds the sorted, unique `axes` out of `x` (row-major, of `shape`); the result is
/// row-major over the remaining axes. `init` is `f`'s identity; without one (`max`), `f`
/// must be idempotent and no reduced axis empty: each fold starts from its first value.
/// `leaf` folds a whole row where it has a vectorised kernel; rows are combined
/// element-wise by `f`, at the CPU's vector width.
pub fn reduce<T: Copy + Send + Sync>(
    op: &'static str,
    x: &[T],
    shape: &[usize],
    axes: &[usize],
    init: Option<T>,
    (f, leaf): (
        impl Fn(T, T) -> T + Copy + Send + Sync,
        impl Fn(&[T]) -> Option<T> + Copy + Send + Sync,
    ),
) -> Result<Vec<T>> {
    let mut shape = shape.to_vec();
    let mut cur: Option<Vec<T>> = None;
    // innermost runs first, so the indices of the runs still to do stay valid
    let mut end = axes.len();
    while end > 0 {
        let mut start = end - 1;
        while start > 0 && axes[start - 1] + 1 == axes[start] {
            start -= 1;
        }
        let (lo, hi) = (axes[start], axes[end - 1] + 1);
        let outer: usize = shape[..lo].iter().product();
        let n: usize = shape[lo..hi].iter().product();
        let inner: usize = shape[hi..].iter().product();
        let src: &[T] = cur.as_deref().unwrap_or(x);
        let next = fold_run(op, src, (outer, n, inner), init, f, leaf)?;
        shape.drain(lo..hi);
        cur = Some(next);
        end = start;
    }
    match cur {
        Some(v) => Ok(v),
        None => {
            let mut v = try_vec(op, x.len())?;
            v.extend_from_slice(x);
            Ok(v)
        }
    }
}

/// The columns a part of an axis fold walks at once (see [`fold_run`]).
const STRIP: usize = 512;

/// Rows this narrow are folded whole (`fold_rows`): two of them stay in L1.
const NARROW_BYTES: usize = 8 << 10;

/// Blocks smaller than this keep the strip loop (`fold_rows` allocates its partial rows:
/// many small blocks would pay that per block).
const WHOLE_ROWS_MIN: usize = 64 << 10;

/// The rows of `block` (each `inner` long) folded element-wise into `o` by `f` (an
/// idempotent, associative fold: `max`, `min`), in place, at the CPU's vector width; row
/// ranges on both cores when large, the ranges' rows combined by `f` in order, pairwise as
/// the ranges finish.
fn fold_rows<T: Copy + Send + Sync>(
    block: &[T],
    inner: usize,
    f: impl Fn(T, T) -> T + Copy + Send + Sync,
    o: &mut [MaybeUninit<T>],
) {
    let n = block.len() / inner;
    let leaf = |lo: usize, hi: usize| -> Option<Vec<T>> {
        let (first, rows) = block[lo * inner..hi * inner].split_at_checked(inner)?;
        let mut acc = first.to_vec();
        ivy_vecmath::vectorised(FoldInto {
            acc: &mut acc,
            rows,
            f,
        });
        Some(acc)
    };
    // the halves' rows combined as the rows were, left then right, on the thread that
    // finishes them (the 62 parts of a 1000 x 1000 float64 max along axis 0 combined in
    // turn on one thread after both took 153-162 µs from Python, pairwise 125-135)
    let combine = |a: Option<Vec<T>>, b: Option<Vec<T>>| match (a, b) {
        (Some(mut acc), Some(row)) => {
            ivy_vecmath::vectorised(FoldInto {
                acc: &mut acc,
                rows: &row,
                f,
            });
            Some(acc)
        }
        (a, None) => a,
        (None, b) => b,
    };
    let unit = inner * std::mem::size_of::<T>();
    if let Some(acc) = par::reduce_parts(n, unit, &leaf, &combine) {
        for (s, &v) in o.iter_mut().zip(&acc) {
            s.write(v);
        }
    }
}

/// `acc = f(acc, row)` element-wise for each row of `rows` in turn (rows of `acc`'s length),
/// at the CPU's vector width ([`ivy_vecmath::vectorised`]).
struct FoldInto<'a, T, F> {
    /// The accumulated row.
    acc: &'a mut [T],
    /// The rows folded into it.
    rows: &'a [T],
    /// The fold.
    f: F,
}

impl<T: Copy, F: Fn(T, T) -> T> ivy_vecmath::VectorLoop for FoldInto<'_, T, F> {
    type Output = ();
    #[inline(always)]
    fn run(self) {
        fold_into(self.acc, self.rows, self.f);
    }
}

/// [`FoldInto`]'s loop (always inlined: into the vectorised caller): four rows at a time,
/// each value of `acc` loaded and stored once per four (the same folds in the same order).
/// Folded a row at a time, `max`'s `if a >= v { a } else { v }` stored back to `acc` became
/// a store of the lanes where `v` wins, which LLVM made a masked store (`vmaskmovps` at
/// AVX2), and the next row's load of those lanes waited for it: a 1000 x 1000 float32 max
/// along axis 0 took 501 µs on one thread, its sum 100.
#[inline(always)]
fn fold_into<T: Copy>(acc: &mut [T], rows: &[T], f: impl Fn(T, T) -> T) {
    let inner = acc.len().max(1);
    let mut quads = rows.chunks_exact(4 * inner);
    for q in &mut quads {
        let (r0, q) = q.split_at(inner);
        let (r1, q) = q.split_at(inner);
        let (r2, r3) = q.split_at(inner);
        let vals = r0.iter().zip(r1).zip(r2).zip(r3);
        for (a, (((&v0, &v1), &v2), &v3)) in acc.iter_mut().zip(vals) {
            *a = f(f(f(f(*a, v0), v1), v2), v3);
        }
    }
    for row in quads.remainder().chunks_exact(inner) {
        acc.iter_mut().zip(row).for_each(|(a, &v)| *a = f(*a, v));
    }
}

/// The rows of one block of `fold_row_blocks`: a fixed count (not one per thread), so the
/// bits do not depend on the threads.
const ROW_BLOCK: usize = 64;

/// The rows of `block` (each `inner` long) folded element-wise into `o` by `f` with identity
/// `init`, for folds that are not idempotent (sums, products): blocks of [`ROW_BLOCK`] rows
/// each folded in order into a partial row (whole rows: each thread streams through
/// contiguous memory), blocks on both cores when large, then the partial rows folded in
/// order. The same bits on any number of threads; a sum's error grows with
/// `ROW_BLOCK + n / ROW_BLOCK` rather than `n` (numpy's row-by-row order has `n`). Columns
/// split over threads walked half-rows a page apart, where the prefetcher starts over: a
/// 1000 x 1000 float32 sum along axis 0 took 1.65x numpy's time on two threads so.
fn fold_row_blocks<T: Copy + Send + Sync>(
    op: &'static str,
    block: &[T],
    inner: usize,
    init: T,
    f: impl Fn(T, T) -> T + Copy + Send + Sync,
    o: &mut [MaybeUninit<T>],
) -> Result<()> {
    let n = block.len() / inner;
    let blocks = n.div_ceil(ROW_BLOCK);
    let mut partials = try_vec::<T>(op, blocks * inner)?;
    let slots = Shared(partials.spare_capacity_mut().as_mut_ptr());
    let unit = ROW_BLOCK * inner * std::mem::size_of::<T>();
    par::parts(blocks, unit, &|lo, hi| {
        // at the CPU's vector width (a sum of float64 rows: two lanes a step at SSE2)
        ivy_vecmath::vectorised(FoldBlocks {
            rows: (block, inner, init, f),
            slots,
            parts: lo..hi,
        })
    });
    // SAFETY: each of the `blocks` partial rows was written whole above
    unsafe { partials.set_len(blocks * inner) };
    let mut parts = partials.chunks_exact(inner);
    if let Some(first) = parts.next() {
        for (s, &v) in o.iter_mut().zip(first) {
            s.write(v);
        }
        // SAFETY: every slot of `o` was written just above
        let o = unsafe { crate::init_mut(o) };
        for p in parts {
            o.iter_mut().zip(p).for_each(|(a, &v)| *a = f(*a, v));
        }
    }
    Ok(())
}

/// `fold_row_blocks`' blocks `parts` folded into their partial rows, at the CPU's vector
/// width ([`ivy_vecmath::vectorised`]: a sum of float64 rows takes two lanes a step at SSE2).
struct FoldBlocks<'a, T, F> {
    /// The block of rows, the row length, the identity and the fold.
    rows: (&'a [T], usize, T, F),
    /// The partial rows, one per block of [`ROW_BLOCK`] rows.
    slots: Shared<T>,
    /// The blocks to fold.
    parts: std::ops::Range<usize>,
}

impl<T: Copy, F: Fn(T, T) -> T> ivy_vecmath::VectorLoop for FoldBlocks<'_, T, F> {
    type Output = ();
    #[inline(always)]
    fn run(self) {
        let FoldBlocks {
            rows: (block, inner, init, f),
            slots,
            parts: std::ops::Range { start: lo, end: hi },
        } = self;
        let n = block.len() / inner;
        for b in lo..hi {
            let rows = &block[b * ROW_BLOCK * inner..((b + 1) * ROW_BLOCK).min(n) * inner];
            // a block has a row (b < n / ROW_BLOCK rounded up)
            let (first, rows) = rows.split_at(inner);
            // SAFETY: partial row b (slots b * inner .. (b + 1) * inner) is this part's own
            let acc = unsafe { slots.range(b * inner, (b + 1) * inner) };
            // the first block starts from the identity (as the strip loop does: `0 + -0.0` is
            // 0.0), the others from their first row
            for (a, &v) in acc.iter_mut().zip(first) {
                a.write(if b == 0 { f(init, v) } else { v });
            }
            // SAFETY: every slot of `acc` was written just above
            let acc = unsafe { crate::init_mut(acc) };
            fold_into(acc, rows, &f);
        }
    }
}

/// `(outer, n, inner) → (outer, inner)`.
fn fold_run<T: Copy + Send + Sync>(
    op: &'static str,
    x: &[T],
    (outer, n, inner): (usize, usize, usize),
    init: Option<T>,
    f: impl Fn(T, T) -> T + Copy + Send + Sync,
    leaf: impl Fn(&[T]) -> Option<T> + Copy + Send + Sync,
) -> Result<Vec<T>> {
    if inner == 1 && n != 0 {
        // rows of `n`: each folded pairwise (leaves by `leaf` where it folds them)
        return map_rows(op, x, outer, n, |row| par::fold_by(row, init, f, leaf));
    }
    let mut out = try_vec(op, outer * inner)?;
    if n == 0 || inner == 0 || outer == 0 {
        // nothing to fold: the identity (an op without one never gets here with outputs)
        if let Some(init) = init {
            out.resize(outer * inner, init);
        }
        return Ok(out);
    }
    let size = std::mem::size_of::<T>();
    let narrow = inner * size <= NARROW_BYTES && n.saturating_mul(inner * size) >= WHOLE_ROWS_MIN;
    if init.is_none() && narrow {
        // an idempotent fold (max, min) over narrow rows: whole rows in order, in place, so each thread streams through contiguous memory (strips of columns
        // start a new page every row, where the prefetcher starts over: a 1000 x 1000
        // float64 max along axis 0 took 1.4x numpy's one-thread time so)
        for (block, o) in x
            .chunks_exact(n * inner)
            .zip(out.spare_capacity_mut().chunks_exact_mut(inner))
        {
            fold_rows(block, inner, f, o);
        }
        // SAFETY: every one of the `outer * inner` slots was written above
        unsafe { out.set_len(outer * inner) };
        return Ok(out);
    }
    if let (Some(init), true) = (init, narrow) {
        // a fold with an identity (sums, products) over narrow rows: whole rows in fixed
        // blocks of rows (the same bits on any number of threads)
        for (block, o) in x
            .chunks_exact(n * inner)
            .zip(out.spare_capacity_mut().chunks_exact_mut(inner))
        {
            fold_row_blocks(op, block, inner, init, f, o)?;
        }
        // SAFETY: every one of the `outer * inner` slots was written above
        unsafe { out.set_len(outer * inner) };
        return Ok(out);
    }
    let slots = &mut out.spare_capacity_mut()[..outer * inner];
    // per block, `n` rows of `inner` combined element-wise; columns split over the cores in
    // strips of at least STRIP columns (narrow strips walk the rows with a stride: a
    // 1000 x 1000 float32 max along axis 0 took 1.8x numpy's time in 32-column strips)
    let strips = inner.div_ceil(STRIP);
    for (block, o) in x.chunks_exact(n * inner).zip(slots.chunks_exact_mut(inner)) {
        let cols = Shared(o.as_mut_ptr());
        par::parts(strips, n.saturating_mul(size * STRIP), &|s_lo, s_hi| {
            let (lo, hi) = (s_lo * STRIP, (s_hi * STRIP).min(inner));
            let first = &block[lo..hi];
            // SAFETY: columns `lo..hi` are this part's own slots of the block's output
            let o = unsafe { cols.range(lo, hi) };
            match init {
                Some(init) => o.iter_mut().zip(first).for_each(|(a, &v)| {
                    a.write(f(init, v));
                }),
                None => o.iter_mut().zip(first).for_each(|(a, &v)| {
                    a.write(v);
                }),
            }
            // SAFETY: every slot of `o` was written just above
            let o = unsafe { crate::init_mut(o) };
            // blocks of STRIP columns, each walked down the rows, in place at the CPU's
            // vector width
            ivy_vecmath::vectorised(FoldCols {
                acc: o,
                rows: (block, inner, lo),
                f,
            });
        });
    }
    // SAFETY: every one of the `outer * inner` slots was written above
    unsafe { out.set_len(outer * inner) };
    Ok(out)
}

/// The rows of a block after its first (`rows`: the block, its row length and the first of
/// the strip's columns) folded into the strip `acc` by `f`, `STRIP` columns at a time
/// walked down the rows, at the CPU's vector width ([`ivy_vecmath::vectorised`]).
struct FoldCols<'a, T, F> {
    /// The strip's accumulated columns.
    acc: &'a mut [T],
    /// The block, its row length, the strip's first column.
    rows: (&'a [T], usize, usize),
    /// The fold.
    f: F,
}

impl<T: Copy, F: Fn(T, T) -> T> ivy_vecmath::VectorLoop for FoldCols<'_, T, F> {
    type Output = ();
    #[inline(always)]
    fn run(self) {
        let FoldCols {
            acc,
            rows: (block, inner, lo),
            f,
        } = self;
        for (i, acc) in acc.chunks_mut(STRIP).enumerate() {
            let c0 = lo + i * STRIP;
            for row in block.chunks_exact(inner).skip(1) {
                let row = &row[c0..c0 + acc.len()];
                acc.iter_mut().zip(row).for_each(|(a, &v)| *a = f(*a, v));
            }
        }
    }
}

/// The variance along the middle axis of `x` viewed as `(outer, n, inner)` (a strided axis:
/// `inner > 1`), over `divisor`, as `(outer, inner)`: the same two passes as [`variance`]
/// without moving the axis last (a transposing copy of the whole array took more time than
/// the passes), each strip of `STRIP` columns summed down the rows in blocks of
/// `VAR_ROWS` (each block's sums added to the total: an error growing with `VAR_ROWS +
/// n / VAR_ROWS`, not `n`). Strips run on both cores. An empty axis gives 0 over the divisor
/// (NaN for numpy's divisor, `n` less the correction), as [`variance`].
pub fn variance_strided<T: num_traits::Float + Send + Sync>(
    op: &'static str,
    x: &[T],
    (outer, n, inner): (usize, usize, usize),
    divisor: T,
) -> Result<Vec<T>> {
    let mut out = try_vec(op, outer * inner)?;
    if n == 0 || outer * inner == 0 {
        // no deviations: 0 over the divisor, as [`variance`] gives
        out.resize(outer * inner, T::zero() / divisor);
        return Ok(out);
    }
    let count = T::from(n).unwrap_or_else(T::nan);
    let slots = Shared(out.spare_capacity_mut().as_mut_ptr());
    let size = std::mem::size_of::<T>();
    let strips = inner.div_ceil(STRIP);
    for (b, block) in x.chunks_exact(n * inner).take(outer).enumerate() {
        par::parts(strips, n.saturating_mul(size * STRIP), &|s_lo, s_hi| {
            let (lo, hi) = (s_lo * STRIP, (s_hi * STRIP).min(inner));
            for c0 in (lo..hi).step_by(STRIP) {
                let w = (c0 + STRIP).min(hi) - c0;
                let mut mean = column_sums(block, inner, c0, w, |v, _| v);
                for m in &mut mean[..w] {
                    *m = *m / count;
                }
                let sq = column_sums(block, inner, c0, w, |v, k| (v - mean[k]) * (v - mean[k]));
                // SAFETY: block b's columns c0..c0 + w are this part's own slots
                let o = unsafe { slots.range(b * inner + c0, b * inner + c0 + w) };
                for (o, &s) in o.iter_mut().zip(&sq[..w]) {
                    o.write(s / divisor);
                }
            }
        });
    }
    // SAFETY: every block's columns were written above
    unsafe { out.set_len(outer * inner) };
    Ok(out)
}

/// The variance over `axes` (sorted, unique, one run of adjacent axes) of the row-major
/// `xs` of `shape`, over `divisor`, row-major over the other axes: [`variance`] of rows when
/// the run is last, else [`variance_strided`] down the columns (nothing copied). `None`
/// for no axes or axes apart (the caller moves them together first).
pub fn variance_run<T: num_traits::Float + Send + Sync>(
    op: &'static str,
    xs: &[T],
    shape: &[usize],
    axes: &[usize],
    divisor: T,
) -> Option<Result<Vec<T>>> {
    let (&lo, &hi) = (axes.first()?, axes.last()?);
    if !axes.windows(2).all(|w| w[0] + 1 == w[1]) || hi >= shape.len() {
        return None;
    }
    let outer = shape[..lo].iter().product();
    let n = shape[lo..=hi].iter().product();
    let inner = shape[hi + 1..].iter().product();
    Some(match inner {
        1 => variance(op, xs, outer, n, divisor),
        _ => variance_strided(op, xs, (outer, n, inner), divisor),
    })
}

/// The sums of `g(value, column)` down the rows of `block` (rows of `inner`) for the `w`
/// columns from `c0` (at most `STRIP`), in blocks of `VAR_ROWS` rows: [`variance_strided`]'s
/// passes (a generic `g`, so each pass is one inlined, vectorisable loop).
fn column_sums<T: num_traits::Float>(
    block: &[T],
    inner: usize,
    c0: usize,
    w: usize,
    g: impl Fn(T, usize) -> T,
) -> [T; STRIP] {
    let (mut total, mut part) = ([T::zero(); STRIP], [T::zero(); STRIP]);
    for rows in block.chunks(VAR_ROWS * inner) {
        part[..w].fill(T::zero());
        for row in rows.chunks_exact(inner) {
            for (k, (p, &v)) in part[..w].iter_mut().zip(&row[c0..c0 + w]).enumerate() {
                *p = *p + g(v, k);
            }
        }
        for (t, &p) in total[..w].iter_mut().zip(&part[..w]) {
            *t = *t + p;
        }
    }
    total
}

/// The rows [`variance_strided`] sums before adding to the total.
const VAR_ROWS: usize = 128;

/// The variance of each row of `n` values of `x` (`rows` of them, row-major), over
/// `divisor`: two passes over the row and none over a temporary — the mean (a pairwise
/// sum over `n`), then the pairwise sum of squared deviations from it (numpy's two-pass
/// algorithm, without its two temporaries). Rows, or halves of long ones, run on both
/// cores. An empty row is NaN (its mean is 0/0), as numpy's.
pub fn variance<T: num_traits::Float + Send + Sync>(
    op: &'static str,
    x: &[T],
    rows: usize,
    n: usize,
    divisor: T,
) -> Result<Vec<T>> {
    let count = T::from(n).unwrap_or_else(T::nan);
    let zero = Some(T::zero());
    map_rows(op, x, rows, n, |row| {
        let m = par::fold(row, zero, |a, b| a + b) / count;
        par::fold_map(
            row,
            zero,
            move |v| (v - m) * (v - m),
            |a, b| a + b,
            |_| None,
        ) / divisor
    })
}

/// `g` of each of the `rows` rows of `n` values of `x` (row-major; with `n` 0, each row is
/// empty), in a new vector; groups of rows on both cores.
fn map_rows<T: Sync, U: Send>(
    op: &'static str,
    x: &[T],
    rows: usize,
    n: usize,
    g: impl Fn(&[T]) -> U + Sync,
) -> Result<Vec<U>> {
    let mut out = try_vec(op, rows)?;
    let slots = Shared(out.spare_capacity_mut().as_mut_ptr());
    par::parts(
        rows,
        n.saturating_mul(std::mem::size_of::<T>()),
        &|lo, hi| {
            for r in lo..hi {
                let row = x.get(r * n..(r + 1) * n).unwrap_or(&[]);
                // SAFETY: row `r` of `lo..hi` is this part's own slot of `out`
                unsafe { slots.write(r, g(row)) };
            }
        },
    );
    // SAFETY: the parts cover `0..rows`, and each wrote its rows' slots
    unsafe { out.set_len(rows) };
    Ok(out)
}

/// The running sums of `x` (row-major, of `shape`) along `axis`, wrapping for integers;
/// with `include_initial` each run starts with a 0 (`cumulative_sum`). A 0-d `x` is one
/// element.
pub fn cumulative_sum<T: Elem>(
    op: &'static str,
    x: &[T],
    shape: &[usize],
    axis: usize,
    include_initial: bool,
) -> Result<Vec<T>> {
    let (outer, n, inner) = lanes(shape, axis);
    let m = n + usize::from(include_initial);
    let mut out = try_vec(op, outer * m * inner)?;
    let zero = T::from_i128(0);
    if inner == 1 {
        // along the last axis (or a vector): one running sum per lane, in a register; a long
        // lane in blocks summed side by side
        for lane in x.chunks_exact(n.max(1)).take(outer) {
            if n >= BLOCKED_SCAN {
                scan_blocks(lane, include_initial, &mut out);
                continue;
            }
            let mut items = lane.iter();
            let mut acc = if include_initial {
                zero
            } else {
                // the first sum is the first element itself (0 + -0.0 would be +0.0)
                match items.next() {
                    Some(&v) => v,
                    None => continue,
                }
            };
            out.push(acc);
            for &v in items {
                acc = T::binary::<Add>(acc, v);
                out.push(acc);
            }
        }
        out.resize(outer * m, zero);
        return Ok(out);
    }
    for block in x.chunks_exact((n * inner).max(1)).take(outer) {
        let start = out.len();
        out.resize(start + inner, zero);
        let mut prev = start;
        if !include_initial && n > 0 {
            out.truncate(start);
            out.extend_from_slice(&block[..inner]);
        }
        let first = usize::from(!include_initial);
        for row in block.chunks_exact(inner.max(1)).take(n).skip(first) {
            let here = out.len();
            out.extend_from_within(prev..prev + inner);
            for (a, &v) in out[here..].iter_mut().zip(row) {
                *a = T::binary::<Add>(*a, v);
            }
            prev = here;
        }
    }
    // empty runs (outer or inner of 0) leave `out` at its size: zeros when `m > 0`
    out.resize(outer * m * inner, zero);
    Ok(out)
}

/// The lane length from which [`scan_blocks`] runs a lane's sums (below it, one chain).
const BLOCKED_SCAN: usize = 4096;

/// How many blocks [`scan_blocks`] sums side by side: independent chains of additions, so
/// the adds' latency overlaps (one chain waits about four cycles per element).
const SCAN_CHAINS: usize = 8;

/// The running sums of `lane` (with `include_initial`, after a 0) appended to `out`, which
/// has the room: the lane in [`SCAN_CHAINS`] blocks, each summed from its own first element
/// (the chains advance side by side), then each block offset by the sum of the blocks
/// before it. Integers give the same (wrapping) sums as one chain; floats round in another
/// order, with error bounded as one chain's (block length + blocks, not lane length, terms
/// in each sum's bound).
fn scan_blocks<T: Elem>(lane: &[T], include_initial: bool, out: &mut Vec<T>) {
    let n = lane.len();
    let start = out.len() + usize::from(include_initial);
    if include_initial {
        out.push(T::from_i128(0));
    }
    let b = n.div_ceil(SCAN_CHAINS);
    let dst = &mut out.spare_capacity_mut()[..n];
    let mut acc: [T; SCAN_CHAINS] = [T::from_i128(0); SCAN_CHAINS];
    // every block but the last has `b` elements; the last has `b` or fewer (at least one)
    let last = n - (SCAN_CHAINS - 1) * b;
    for (k, a) in acc.iter_mut().enumerate() {
        // the first sum of a block is its first element itself (0 + -0.0 would be +0.0)
        *a = lane[k * b];
        dst[k * b].write(*a);
    }
    for j in 1..b {
        let chains = if j < last {
            SCAN_CHAINS
        } else {
            SCAN_CHAINS - 1
        };
        for (k, a) in acc.iter_mut().enumerate().take(chains) {
            *a = T::binary::<Add>(*a, lane[k * b + j]);
            dst[k * b + j].write(*a);
        }
    }
    // SAFETY: each of the `n` slots after `start` was written above (block k's `b` or
    // `last` elements), within the room the caller reserved
    unsafe { out.set_len(start + n) };
    let sums = &mut out[start..];
    let mut offset = acc[0];
    for (k, block) in sums.chunks_mut(b).enumerate().skip(1) {
        for v in block.iter_mut() {
            *v = T::binary::<Add>(offset, *v);
        }
        offset = T::binary::<Add>(offset, acc[k]);
    }
}

/// The index along `axis` (the flattened array when `None`) of the first largest (`max`)
/// or smallest element of `x` (row-major, of `shape`; no reduced axis empty); a NaN wins
/// over every number, the first NaN over later ones (numpy's `argmax` / `argmin`).
pub fn arg_extreme<T: Elem>(
    op: &'static str,
    x: &[T],
    shape: &[usize],
    axis: Option<usize>,
    max: bool,
) -> Result<Vec<i64>> {
    let flat = [x.len()];
    let (outer, n, inner) = match axis {
        Some(a) => lanes(shape, a),
        None => lanes(&flat, 0),
    };
    // numpy's order (`sort::ascending`: NaN after every number); a NaN wins, the first one
    let want = if max {
        Ordering::Greater
    } else {
        Ordering::Less
    };
    if outer * inner == 0 {
        return Ok(Vec::new());
    }
    if n == 0 {
        return Err(ivy_core::Error::InvalidArgument {
            op,
            message: format!(
                "cannot take the index of an extremum over an empty axis (shape {shape:?})"
            ),
        });
    }
    if inner == 1 {
        // contiguous lanes: a vectorised scan of each (lanes on both cores when large)
        return map_rows(op, x, outer, n, |lane| lane_arg(lane, max, want) as i64);
    }
    {
        use ivy_vecmath::{ArgSlices, Maximum, Minimum};
        let lanes = (outer, n, inner);
        if let Some(x) = same_slice::<T, f32>(x) {
            let rows = if max {
                Maximum::arg_rows_f32
            } else {
                Minimum::arg_rows_f32
            };
            return strided_arg(op, x, lanes, rows);
        }
        if let Some(x) = same_slice::<T, f64>(x) {
            let rows = if max {
                Maximum::arg_rows_f64
            } else {
                Minimum::arg_rows_f64
            };
            return strided_arg(op, x, lanes, rows);
        }
    }
    if ordered_exactly::<T>() {
        let rows = |block: &[T], best: &mut [T], out: &mut [i64]| {
            if max {
                ivy_vecmath::vectorised(ExactArgRows::<T, true> { block, best, out });
            } else {
                ivy_vecmath::vectorised(ExactArgRows::<T, false> { block, best, out });
            }
        };
        return strided_arg(op, x, (outer, n, inner), rows);
    }
    let mut out = try_vec::<i64>(op, outer * inner)?;
    let mut best = try_vec::<T>(op, inner)?;
    for block in x.chunks_exact(n * inner).take(outer) {
        let start = out.len();
        out.resize(start + inner, 0);
        best.clear();
        best.extend_from_slice(&block[..inner]);
        for (i, row) in block.chunks_exact(inner).enumerate().skip(1) {
            for ((b, o), &v) in best.iter_mut().zip(&mut out[start..]).zip(row) {
                if !is_nan(*b) && (is_nan(v) || ascending(v, *b) == want) {
                    *b = v;
                    *o = i as i64;
                }
            }
        }
    }
    Ok(out)
}

/// [`arg_extreme`] along a strided axis (`inner > 1`) of a float type: ivy-vecmath's
/// element-wise compare-and-select of each row with the best so far (`rows` is its loop).
fn strided_arg<T: Copy + 'static>(
    op: &'static str,
    x: &[T],
    (outer, n, inner): (usize, usize, usize),
    rows: impl Fn(&[T], &mut [T], &mut [i64]),
) -> Result<Vec<i64>> {
    let mut out = try_vec::<i64>(op, outer * inner)?;
    let mut best = try_vec::<T>(op, inner)?;
    best.extend_from_slice(&x[..inner]);
    for block in x.chunks_exact(n * inner).take(outer) {
        let start = out.len();
        out.resize(start + inner, 0);
        rows(block, &mut best, &mut out[start..]);
    }
    Ok(out)
}

/// The index of the first extreme element of a non-empty contiguous lane (`want`: the
/// order a better element has); f32 and f64 through ivy-vecmath's vectorised scan.
fn lane_arg<T: Elem>(lane: &[T], max: bool, want: Ordering) -> usize {
    use ivy_vecmath::{ArgSlices, Maximum, Minimum};
    let vectorised = if let Some(v) = same_slice::<T, f32>(lane) {
        if max {
            Maximum::arg_f32(v)
        } else {
            Minimum::arg_f32(v)
        }
    } else if let Some(v) = same_slice::<T, f64>(lane) {
        if max {
            Maximum::arg_f64(v)
        } else {
            Minimum::arg_f64(v)
        }
    } else {
        None
    };
    if let Some(i) = vectorised {
        return i;
    }
    if ordered_exactly::<T>() {
        return if max {
            ivy_vecmath::vectorised(ExactArg::<T, true>(lane))
        } else {
            ivy_vecmath::vectorised(ExactArg::<T, false>(lane))
        };
    }
    let mut at = 0;
    let mut best = lane[0];
    for (i, &v) in lane.iter().enumerate().skip(1) {
        if is_nan(best) {
            break;
        }
        if is_nan(v) || ascending(v, best) == want {
            best = v;
            at = i;
        }
    }
    at
}

/// Whether `T`'s values are ordered exactly by [`Elem::to_i128`] and hold no NaN: the
/// integer and boolean dtypes, whose extrema [`ExactArg`] and [`ExactArgRows`] find.
fn ordered_exactly<T: Elem>() -> bool {
    matches!(
        T::DTYPE.kind(),
        DtypeKind::Int | DtypeKind::Uint | DtypeKind::Bool
    )
}

/// `a` is strictly better than `b`: above it (`MAX`) or below it ([`ordered_exactly`]
/// types; the `i128`s are the values widened, which the compiler compares at their width).
#[inline(always)]
fn beats<T: Elem, const MAX: bool>(a: T, b: T) -> bool {
    if MAX {
        a.to_i128() > b.to_i128()
    } else {
        a.to_i128() < b.to_i128()
    }
}

/// The first position of a non-empty lane's extremum, for [`ordered_exactly`] types, at
/// the CPU's vector width: the extremum by a select fold, then the first block of 64 that
/// holds it (an or-fold of equalities per block), then its position there.
struct ExactArg<'a, T, const MAX: bool>(&'a [T]);

impl<T: Elem, const MAX: bool> ivy_vecmath::VectorLoop for ExactArg<'_, T, MAX> {
    type Output = usize;
    #[inline(always)]
    fn run(self) -> usize {
        let lane = self.0;
        let best = lane
            .iter()
            .fold(lane[0], |b, &v| if beats::<T, MAX>(v, b) { v } else { b })
            .to_i128();
        const BLOCK: usize = 64;
        for (k, block) in lane.chunks(BLOCK).enumerate() {
            if block
                .iter()
                .fold(false, |hit, &v| hit | (v.to_i128() == best))
            {
                let at = block.iter().position(|&v| v.to_i128() == best);
                return k * BLOCK + at.unwrap_or(0);
            }
        }
        0
    }
}

/// [`arg_extreme`] along a strided axis for [`ordered_exactly`] types: `best` starts as
/// the block's first row, then each later row is compared with it and its row index taken
/// into `out` (zeros on entry) where strictly better (the first extremum wins), by selects
/// at the CPU's vector width, four rows at a time.
struct ExactArgRows<'a, T, const MAX: bool> {
    block: &'a [T],
    best: &'a mut [T],
    out: &'a mut [i64],
}

impl<T: Elem, const MAX: bool> ivy_vecmath::VectorLoop for ExactArgRows<'_, T, MAX> {
    type Output = ();
    #[inline(always)]
    fn run(self) {
        let inner = self.best.len();
        self.best.copy_from_slice(&self.block[..inner]);
        let rows = &self.block[inner..];
        // four rows at a time: each column's best and index stay in registers across them
        let mut quads = rows.chunks_exact(4 * inner);
        let mut i = 1;
        for quad in quads.by_ref() {
            let (r0, rest) = quad.split_at(inner);
            let (r1, rest) = rest.split_at(inner);
            let (r2, r3) = rest.split_at(inner);
            for j in 0..inner {
                let (mut b, mut o) = (self.best[j], self.out[j]);
                for (k, v) in [r0[j], r1[j], r2[j], r3[j]].into_iter().enumerate() {
                    let win = beats::<T, MAX>(v, b);
                    b = if win { v } else { b };
                    o = if win { (i + k) as i64 } else { o };
                }
                (self.best[j], self.out[j]) = (b, o);
            }
            i += 4;
        }
        for row in quads.remainder().chunks_exact(inner) {
            for ((b, o), &v) in self.best.iter_mut().zip(self.out.iter_mut()).zip(row) {
                let win = beats::<T, MAX>(v, *b);
                *b = if win { v } else { *b };
                *o = if win { i as i64 } else { *o };
            }
            i += 1;
        }
    }
}

/// The shape of a reduction's result: reduced axes dropped, or kept as 1 with `keepdims`.
#[inline]
pub fn reduced_shape(shape: &[usize], axes: &[usize], keepdims: bool) -> Vec<usize> {
    shape
        .iter()
        .enumerate()
        .filter_map(|(i, &d)| match (axes.contains(&i), keepdims) {
            (false, _) => Some(d),
            (true, true) => Some(1),
            (true, false) => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sum(x: &[i64], shape: &[usize], axes: &[usize]) -> Vec<i64> {
        reduce("t", x, shape, axes, Some(0), (i64::wrapping_add, |_| None)).unwrap()
    }

    /// Along a strided axis, every path (strips of STRIP columns, narrow rows whole, both
    /// split over threads: the last two shapes) gives the bits of each column folded row by
    /// row in order: NaNs, ±0 ties, widths around the block size, several outer blocks.
    #[test]
    fn strided_folds_give_the_in_order_bits() {
        use crate::rows::{Maximum, Minimum};
        let mut next = crate::xorshift(0x2545_f491_4f6c_dd1du64);
        for shape in [
            [2usize, 5, 3],
            [3, 40, 511],
            [1, 7, 512],
            [2, 9, 1500],
            [1, 2, 2000],
            [2, 3000, 300],
            [1, 200, 3000],
        ] {
            for zeros in [false, true] {
                // `zeros`: only ±0, so every extreme is a tie the order of the fold decides
                let x: Vec<f32> = (0..shape.iter().product())
                    .map(|_| {
                        let state = next();
                        match state % 64 {
                            r if zeros => [0.0, -0.0][(r % 2) as usize],
                            0 => f32::NAN,
                            1 => -0.0,
                            2 => 0.0,
                            r => (r % 9) as f32 - 4.0,
                        }
                    })
                    .collect();
                let run = |max: bool| {
                    let f = if max {
                        <f32 as Elem>::binary::<Maximum>
                    } else {
                        <f32 as Elem>::binary::<Minimum>
                    };
                    reduce("t", &x, &shape, &[1], None, (f, |_| None))
                        .unwrap()
                        .iter()
                        .map(|v| v.to_bits())
                        .collect::<Vec<_>>()
                };
                // each column folded row by row in order: the bits every path must give (the
                // leftmost of equal extremes, the first NaN)
                let expected = |max: bool| {
                    let f = if max {
                        <f32 as Elem>::binary::<Maximum>
                    } else {
                        <f32 as Elem>::binary::<Minimum>
                    };
                    let [outer, n, inner] = shape;
                    let mut r = Vec::new();
                    for o in 0..outer {
                        for c in 0..inner {
                            let at = |i: usize| x[(o * n + i) * inner + c];
                            r.push((1..n).fold(at(0), |a, i| f(a, at(i))).to_bits());
                        }
                    }
                    r
                };
                for max in [true, false] {
                    assert_eq!(run(max), expected(max), "{shape:?} max={max}");
                }
            }
        }
    }

    /// The contiguous lanes' vectorised scan (f32, f64, and the generic one for i32) gives
    /// the strided walk's indices: argmax/argmin along the last axis of `x` equal those along
    /// the first axis of `x` transposed; lanes long and many enough to run on both cores.
    /// Integer and boolean lanes (the vectorised select loops) give the first extremum's
    /// position, against a plain scan, along every axis and over the whole array, with many
    /// ties and lanes shorter and longer than a block of 64.
    #[test]
    fn integer_arg_extremes_take_the_first_extremum() {
        fn naive<T: Elem>(x: &[T], shape: &[usize], axis: Option<usize>, max: bool) -> Vec<i64> {
            let flat = [x.len()];
            let (outer, n, inner) = match axis {
                Some(a) => lanes(shape, a),
                None => lanes(&flat, 0),
            };
            let mut out = Vec::new();
            for o in 0..outer {
                for i in 0..inner {
                    let at = |k: usize| x[o * n * inner + k * inner + i].to_i128();
                    let mut best = 0;
                    for k in 1..n {
                        if (max && at(k) > at(best)) || (!max && at(k) < at(best)) {
                            best = k;
                        }
                    }
                    out.push(best as i64);
                }
            }
            out
        }
        fn check<T: Elem>(make: impl Fn(u64) -> T) {
            let mut next = crate::xorshift(0x9e37_79b9_7f4a_7c15);
            for shape in [
                vec![1000],
                vec![3, 70, 5],
                vec![2, 200],
                vec![130, 3],
                vec![1, 1],
            ] {
                let len = shape.iter().product();
                for spread in [3, 1 << 20] {
                    let x: Vec<T> = (0..len).map(|_| make(next() % spread)).collect();
                    let axes = (0..shape.len()).map(Some).chain([None]);
                    for (axis, max) in axes.flat_map(|a| [(a, true), (a, false)]) {
                        assert_eq!(
                            arg_extreme("t", &x, &shape, axis, max).unwrap(),
                            naive(&x, &shape, axis, max),
                            "{:?} {shape:?} axis {axis:?} max {max} spread {spread}",
                            T::DTYPE
                        );
                    }
                }
            }
        }
        check(|r| r as i8);
        check(|r| (r as i16).wrapping_mul(7919));
        check(|r| (r as i32).wrapping_sub(1 << 19));
        check(|r| (r as i64).wrapping_mul(-0x1234_5678_9abc));
        check(|r| r as u8);
        check(|r| (r as u16).wrapping_mul(7919));
        check(|r| r as u32 * 4001);
        check(|r| r.wrapping_mul(0x9e37_79b9_7f4a_7c15));
        check(|r| r % 2 == 1);
    }

    #[test]
    fn contiguous_lanes_agree_with_the_strided_walk() {
        fn check<T: Elem>(x: &[T], rows: usize, cols: usize) {
            let t: Vec<T> = (0..cols * rows)
                .map(|k| x[(k % rows) * cols + k / rows])
                .collect();
            for max in [true, false] {
                let a = arg_extreme("t", x, &[rows, cols], Some(1), max).unwrap();
                let b = arg_extreme("t", &t, &[cols, rows], Some(0), max).unwrap();
                assert_eq!(a, b, "{:?} max={max}", T::DTYPE);
            }
        }
        let mut next = crate::xorshift(0x2545_f491_4f6c_dd1du64);
        let (rows, cols) = (600, 1500);
        let x: Vec<f64> = (0..rows * cols)
            .map(|_| {
                let state = next();
                match state % 4096 {
                    0 => f64::NAN,
                    1 => -0.0,
                    r => (r % 200) as f64 - 100.0,
                }
            })
            .collect();
        check(&x, rows, cols);
        check(&x.iter().map(|&v| v as f32).collect::<Vec<_>>(), rows, cols);
        check(
            &x.iter()
                .map(|&v| if v.is_nan() { 7 } else { v as i32 })
                .collect::<Vec<_>>(),
            rows,
            cols,
        );
    }

    #[test]
    fn axes() {
        let x: Vec<i64> = (0..24).collect();
        let s = [2, 3, 4];
        assert_eq!(sum(&x, &s, &[0, 1, 2]), vec![276]);
        assert_eq!(sum(&x, &s, &[2]), vec![6, 22, 38, 54, 70, 86]);
        assert_eq!(
            sum(&x, &s, &[0]),
            vec![12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34]
        );
        assert_eq!(sum(&x, &s, &[0, 2]), vec![60, 92, 124]);
        assert_eq!(sum(&x, &s, &[1, 2]), vec![66, 210]);
        assert_eq!(sum(&x, &s, &[]), x);
        assert_eq!(sum(&[], &[0, 3], &[0]), vec![0, 0, 0]);
        assert_eq!(sum(&[], &[3, 0], &[1]), vec![0, 0, 0]);
        assert_eq!(sum(&[], &[0, 3], &[1]), Vec::<i64>::new());
        assert_eq!(sum(&[i64::MAX, 1], &[2], &[0]), vec![i64::MIN]);
        assert_eq!(reduced_shape(&s, &[0, 2], true), vec![1, 3, 1]);
        assert_eq!(reduced_shape(&s, &[0, 2], false), vec![3]);
    }

    #[test]
    fn without_identity() {
        let max = |x: &[i64], shape: &[usize], axes: &[usize]| {
            reduce("t", x, shape, axes, None, (|a: i64, b| a.max(b), |_| None)).unwrap()
        };
        let x: Vec<i64> = (0..24).map(|v| (v * 7) % 24).collect();
        assert_eq!(max(&x, &[2, 3, 4], &[0, 1, 2]), vec![23]);
        assert_eq!(
            max(&x, &[2, 3, 4], &[1]),
            vec![8, 15, 22, 21, 20, 23, 10, 17]
        );
        assert_eq!(max(&x, &[2, 3, 4], &[2]), vec![21, 18, 22, 19, 23, 20]);
        assert_eq!(max(&[], &[0, 3], &[1]), Vec::<i64>::new());
    }

    #[test]
    fn long_scans_run_in_blocks_with_one_chains_results() {
        // lanes from BLOCKED_SCAN on are summed in blocks side by side: integers exactly as
        // one chain, floats within one chain's error bound; -0.0 and NaN as one chain
        let mut next = crate::xorshift(0x9e37_79b9_7f4a_7c15u64);
        for n in [BLOCKED_SCAN, BLOCKED_SCAN + 7, 3 * BLOCKED_SCAN + 1] {
            let ints: Vec<i64> = (0..2 * n).map(|_| next() as i64).collect();
            for init in [false, true] {
                let got = cumulative_sum("t", &ints, &[2, n], 1, init).unwrap();
                let mut want = Vec::new();
                for lane in ints.chunks(n) {
                    let mut acc = 0i64;
                    if init {
                        want.push(0);
                    }
                    for &v in lane {
                        acc = acc.wrapping_add(v);
                        want.push(acc);
                    }
                }
                assert_eq!(got, want, "n = {n}, include_initial = {init}");
            }
            let xs: Vec<f32> = (0..n)
                .map(|_| (next() >> 40) as f32 / (1u64 << 23) as f32 - 1.0)
                .collect();
            let got = cumulative_sum("t", &xs, &[n], 0, false).unwrap();
            let (mut exact, mut abs) = (0.0f64, 0.0f64);
            for (i, &v) in xs.iter().enumerate() {
                exact += f64::from(v);
                abs += f64::from(v).abs();
                // one chain's bound: (terms - 1) * eps * sum |x|; a block sum has at most
                // the block's length plus the blocks before it as terms
                let bound =
                    (n / SCAN_CHAINS + 2 * SCAN_CHAINS) as f64 * f64::from(f32::EPSILON) * abs;
                assert!(
                    (f64::from(got[i]) - exact).abs() <= bound,
                    "n = {n}, at {i}"
                );
            }
        }
        let zeros = vec![-0.0f64; BLOCKED_SCAN];
        assert!(cumulative_sum("t", &zeros, &[BLOCKED_SCAN], 0, false)
            .unwrap()
            .iter()
            .all(|v| *v == 0.0 && v.is_sign_negative()));
        let mut nan = vec![1.0f64; BLOCKED_SCAN];
        nan[BLOCKED_SCAN / 2 + 3] = f64::NAN;
        let got = cumulative_sum("t", &nan, &[BLOCKED_SCAN], 0, false).unwrap();
        assert!(got[..BLOCKED_SCAN / 2 + 3]
            .iter()
            .enumerate()
            .all(|(i, v)| *v == (i + 1) as f64));
        assert!(got[BLOCKED_SCAN / 2 + 3..].iter().all(|v| v.is_nan()));
    }

    #[test]
    fn scans_and_arg_extremes() {
        let x: Vec<i64> = vec![1, 2, 3, 4, 5, 6];
        let cs = |shape: &[usize], axis, init| cumulative_sum("t", &x, shape, axis, init).unwrap();
        assert_eq!(cs(&[6], 0, false), vec![1, 3, 6, 10, 15, 21]);
        assert_eq!(cs(&[2, 3], 1, false), vec![1, 3, 6, 4, 9, 15]);
        assert_eq!(cs(&[2, 3], 0, false), vec![1, 2, 3, 5, 7, 9]);
        assert_eq!(cs(&[2, 3], 0, true), vec![0, 0, 0, 1, 2, 3, 5, 7, 9]);
        assert_eq!(cs(&[2, 3], 1, true), vec![0, 1, 3, 6, 0, 4, 9, 15]);
        assert_eq!(
            cumulative_sum::<i64>("t", &[], &[0], 0, true).unwrap(),
            vec![0]
        );
        assert_eq!(
            cumulative_sum::<i64>("t", &[], &[2, 0], 1, true).unwrap(),
            vec![0, 0]
        );
        assert_eq!(
            cumulative_sum::<i64>("t", &[], &[0, 2], 0, true).unwrap(),
            vec![0, 0]
        );
        let f = [1.0f32, f32::NAN, 3.0, 3.0, f32::NAN, -1.0];
        assert_eq!(arg_extreme("t", &f, &[6], None, true).unwrap(), vec![1]);
        assert_eq!(
            arg_extreme("t", &f, &[2, 3], Some(1), true).unwrap(),
            vec![1, 1]
        );
        assert_eq!(
            arg_extreme("t", &f, &[2, 3], Some(0), false).unwrap(),
            vec![0, 0, 1]
        );
        let b = [false, true, true, false];
        assert_eq!(arg_extreme("t", &b, &[4], None, true).unwrap(), vec![1]);
        assert_eq!(arg_extreme("t", &b, &[4], None, false).unwrap(), vec![0]);
        assert!(arg_extreme::<f32>("t", &[], &[2, 0], Some(0), true)
            .unwrap()
            .is_empty());
        assert!(arg_extreme::<f32>("t", &[], &[0, 2], Some(1), true)
            .unwrap()
            .is_empty());
        let g = [2i8, 5, 5, -1];
        assert_eq!(arg_extreme("t", &g, &[4], None, true).unwrap(), vec![1]);
        assert_eq!(
            arg_extreme("t", &g, &[2, 2], Some(1), false).unwrap(),
            vec![0, 1]
        );
    }

    /// Reductions large enough to be split over the cores (rows, long rows, columns) give
    /// the sequential results.
    #[test]
    fn split_reductions_agree() {
        let shape = [3, 700, 900];
        let x: Vec<i64> = (0..3 * 700 * 900)
            .map(|v| (v * 7919) % 1013 - 500)
            .collect();
        let at = |i: usize, j: usize, k: usize| x[(i * 700 + j) * 900 + k];
        let rows = sum(&x, &shape, &[2]);
        assert_eq!(rows[700 + 5], (0..900).map(|k| at(1, 5, k)).sum::<i64>());
        let cols = sum(&x, &shape, &[1]);
        assert_eq!(cols[900 + 17], (0..700).map(|j| at(1, j, 17)).sum::<i64>());
        let outer = sum(&x, &shape, &[0]);
        assert_eq!(outer[899], (0..3).map(|i| at(i, 0, 899)).sum::<i64>());
        let all = sum(&x, &shape, &[0, 1, 2]);
        assert_eq!(all, vec![x.iter().sum::<i64>()]);
        let max = reduce(
            "t",
            &x,
            &shape,
            &[0, 2],
            None,
            (|a: i64, b| a.max(b), |_| None),
        )
        .unwrap();
        assert_eq!(
            max[3],
            (0..3)
                .flat_map(|i| (0..900).map(move |k| (i, k)))
                .map(|(i, k)| at(i, 3, k))
                .max()
                .unwrap()
        );
    }

    /// Sums along a strided axis of narrow rows fold fixed blocks of rows: exact for ints
    /// (wrapping), the same float bits on one thread as on two, within the blocked error
    /// bound, and `-0.0` columns as the strip loop gives them.
    #[test]
    fn row_block_sums_are_thread_independent() {
        let (n, inner) = (1000usize, 600usize);
        let ints: Vec<i64> = (0..n * inner)
            .map(|v| ((v as i64) * 7919) % 1013 - 500)
            .collect();
        let cols = sum(&ints, &[n, inner], &[0]);
        for k in [0, 17, inner - 1] {
            assert_eq!(cols[k], (0..n).map(|j| ints[j * inner + k]).sum::<i64>());
        }
        let xs: Vec<f32> = (0..n * inner)
            .map(|v| ((v * 2654435761usize) % 10007) as f32 * 1.0e-3 + 0.1)
            .collect();
        let fsum = |x: &[f32]| sum_f32(x, n, inner);
        let two = fsum(&xs);
        let one = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap()
            .install(|| fsum(&xs));
        assert_eq!(
            two.iter().map(|v| v.to_bits()).collect::<Vec<_>>(),
            one.iter().map(|v| v.to_bits()).collect::<Vec<_>>()
        );
        for k in [0, 301, inner - 1] {
            let exact: f64 = (0..n).map(|j| xs[j * inner + k] as f64).sum();
            // (ROW_BLOCK + n / ROW_BLOCK) roundings of at most half an ulp of the total
            let bound = (ROW_BLOCK + n.div_ceil(ROW_BLOCK)) as f64 * exact * f32::EPSILON as f64;
            assert!(
                (two[k] as f64 - exact).abs() <= bound,
                "{k}: {} vs {exact}",
                two[k]
            );
        }
        // (300 rows of 64: past the size the strip loop keeps)
        let zeros = vec![-0.0f32; 300 * 64];
        assert!(sum_f32(&zeros, 300, 64)
            .iter()
            .all(|v| v.to_bits() == 0.0f32.to_bits()));
    }

    fn sum_f32(x: &[f32], n: usize, inner: usize) -> Vec<f32> {
        reduce(
            "t",
            x,
            &[n, inner],
            &[0],
            Some(0.0f32),
            (|a: f32, b: f32| a + b, |_: &[f32]| None),
        )
        .unwrap()
    }

    /// No row, however long the rows would be (an empty axis beside a huge one): nothing to
    /// compute, and no overflow sizing the split (found by the random-call fuzzer).
    #[test]
    fn no_rows_of_huge_length() {
        assert!(variance::<f32>("t", &[], 0, usize::MAX / 2, 1.0)
            .unwrap()
            .is_empty());
        let r = reduce::<f64>(
            "t",
            &[],
            &[0, usize::MAX / 2],
            &[1],
            Some(0.0),
            (|a, b| a + b, |_| None),
        );
        assert!(r.unwrap().is_empty());
        let c = reduce::<f64>(
            "t",
            &[],
            &[usize::MAX / 2, 0, 3],
            &[0],
            Some(0.0),
            (|a, b| a + b, |_| None),
        );
        assert!(c.unwrap().is_empty());
    }

    #[test]
    fn long_rows() {
        let x: Vec<i64> = (0..1000).collect();
        assert_eq!(sum(&x, &[1000], &[0]), vec![499500]);
        assert_eq!(sum(&x, &[10, 100], &[1])[9], (900..1000).sum::<i64>());
    }

    /// The strided variance (no transposing copy) agrees with the row variance of the
    /// transposed values: strips wider than STRIP, axes longer than VAR_ROWS, one row, NaN.
    #[test]
    fn strided_variance_equals_the_rows() {
        let mut next = crate::xorshift(0x5851_f42d_4c95_7f2du64);
        for (outer, n, inner) in [
            (1usize, 1000usize, 1000usize),
            (2, 3, 1300),
            (3, 1, 5),
            (1, 300, 2),
            (2, 0, 3),
        ] {
            let x: Vec<f64> = (0..outer * n * inner)
                .map(|_| {
                    let state = next();
                    if state.is_multiple_of(5000) {
                        f64::NAN
                    } else {
                        (state % 10_000) as f64 / 1000.0 - 3.0
                    }
                })
                .collect();
            let got = variance_strided("t", &x, (outer, n, inner), 1.0).unwrap();
            // the axis moved last: rows of n
            let mut t = Vec::with_capacity(x.len());
            for o in 0..outer {
                for c in 0..inner {
                    t.extend((0..n).map(|k| x[(o * n + k) * inner + c]));
                }
            }
            let want = variance("t", &t, outer * inner, n, 1.0).unwrap();
            assert_eq!(got.len(), want.len());
            for (g, w) in got.iter().zip(&want) {
                assert!(
                    (g.is_nan() && w.is_nan()) || (g - w).abs() <= 1e-12 * w.abs().max(1.0),
                    "{outer}x{n}x{inner}: {g} vs {w}"
                );
            }
        }
    }
}
