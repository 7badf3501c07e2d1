//! Both cores for large arrays: when and how work is split over rayon's threads.
//!
//! One rule for every kernel that runs on the host (ndarray's element-wise walk and its
//! reductions, candle's host paths): work that moves at least [`PAR_MIN_BYTES`] is split in
//! parts of at least [`PAR_GRAIN_BYTES`], by halving with `rayon::join` (each half a stack
//! job: no heap allocation per part). The split never changes a result:
//! - element-wise work computes each element as one thread would;
//! - reductions ([`fold`]) are pairwise, and the pairs do not depend on the thread count:
//!   the tree is cut at the same points whether its halves run on one thread or two.
//!
//! `RAYON_NUM_THREADS=1` (or a machine with one core) runs everything on the calling thread.

/// Work that moves at least this many bytes (inputs read plus output written) is split over
/// rayon's threads, when it has more than one. Measured on 2 cores (`negative`, `add`,
/// `exp`, `sin` on float32 at 2^12..2^20 elements, against `RAYON_NUM_THREADS=1`): handing
/// parts to the pool costs 5–10 µs, which the cheapest, memory-bound ops (`negative`) win
/// back from about 1.5 MiB on.
pub const PAR_MIN_BYTES: usize = 2 << 20;

/// The fewest bytes one part of a split moves (finer parts balance a shared machine's
/// uneven cores better; 1 MiB parts measured 20 % slower than these at 1 M elements).
pub const PAR_GRAIN_BYTES: usize = 1 << 17;

/// Whether work of `bytes` is split.
#[inline]
fn worth_splitting(bytes: usize) -> bool {
    bytes >= PAR_MIN_BYTES && rayon::current_num_threads() > 1
}

/// `body(lo, hi)` over `0..len` (units of `unit_bytes` each): at once, or split in parts of
/// at least [`PAR_GRAIN_BYTES`] on rayon's threads when the whole moves [`PAR_MIN_BYTES`]
/// or more. Parts start on whole cache lines where a unit is smaller than one.
pub fn parts(len: usize, unit_bytes: usize, body: &(dyn Fn(usize, usize) + Sync)) {
    // one instantiation (`R = ()`) serves every kernel's parts, which keeps rayon's join
    // out of each kernel's compile time
    reduce_parts(len, unit_bytes, body, &|(), ()| ())
}

/// [`parts`] whose parts each return a value: `leaf(lo, hi)` per part, the two halves of
/// each split combined in order as `combine(left, right)` on the thread that finishes them
/// (a tree: the combining runs on both threads, not after them on one).
pub fn reduce_parts<R: Send>(
    len: usize,
    unit_bytes: usize,
    leaf: &(dyn Fn(usize, usize) -> R + Sync),
    combine: &(dyn Fn(R, R) -> R + Sync),
) -> R {
    let unit_bytes = unit_bytes.max(1);
    if len >= 2 && worth_splitting(len.saturating_mul(unit_bytes)) {
        let grain = PAR_GRAIN_BYTES.div_ceil(unit_bytes).max(1);
        let align = (64 / unit_bytes).max(1);
        return bisect_reduce(0, len, grain, align, leaf, combine);
    }
    leaf(0, len)
}

/// [`reduce_parts`]' halving, at a multiple of `align` units, until a part is shorter than
/// two grains.
fn bisect_reduce<R: Send>(
    lo: usize,
    hi: usize,
    grain: usize,
    align: usize,
    leaf: &(dyn Fn(usize, usize) -> R + Sync),
    combine: &(dyn Fn(R, R) -> R + Sync),
) -> R {
    let mid = lo + ((hi - lo) / 2) / align * align;
    if hi - lo < 2 * grain || mid <= lo {
        return leaf(lo, hi);
    }
    let (a, b) = rayon::join(
        || bisect_reduce(lo, mid, grain, align, leaf, combine),
        || bisect_reduce(mid, hi, grain, align, leaf, combine),
    );
    combine(a, b)
}

/// `f()`, run on one of rayon's threads when the work moves [`PAR_MIN_BYTES`] or more and
/// the caller is not one of them (a Python call, a user's thread): for kernels that
/// alternate sequential and parallel phases (a sort's split between its conversions and its
/// halves). From outside the pool, each phase's idle workers kept spinning beside the
/// calling thread's sequential work, three threads on two cores: 1 M float64 `sort` took
/// 8.3 ms from the calling thread against 6.6-6.8 on a worker. The caller waits asleep.
pub fn on_pool<R: Send>(bytes: usize, f: impl FnOnce() -> R + Send) -> R {
    if worth_splitting(bytes) && rayon::current_thread_index().is_none() {
        // from outside the pool, `join` runs both closures on the pool's threads
        return rayon::join(f, || ()).0;
    }
    f()
}

/// `rayon::join` of two closures, instantiated once.
#[inline(never)]
pub fn join(a: &mut (dyn FnMut() + Send), b: &mut (dyn FnMut() + Send)) {
    rayon::join(a, b);
}

/// The output slots of split work, shared by its parts (each writes only its own).
#[derive(Clone, Copy)]
pub struct Shared<T>(pub *mut std::mem::MaybeUninit<T>);

// SAFETY: the parts of one fold write disjoint slots, and the fold returns once all are done.
unsafe impl<T: Send> Send for Shared<T> {}
// SAFETY: as above.
unsafe impl<T: Send> Sync for Shared<T> {}

impl<T> Shared<T> {
    /// Writes slot `i`.
    ///
    /// # Safety
    /// `i` is within the slots, and no other part writes it.
    pub unsafe fn write(&self, i: usize, v: T) {
        unsafe { (*self.0.add(i)).write(v) };
    }
    /// Slots `lo..hi`.
    ///
    /// # Safety
    /// The range is within the slots, and no other part touches it.
    #[allow(clippy::mut_from_ref)]
    pub unsafe fn range(&self, lo: usize, hi: usize) -> &mut [std::mem::MaybeUninit<T>] {
        unsafe { std::slice::from_raw_parts_mut(self.0.add(lo), hi - lo) }
    }
}

/// Independent accumulators of a leaf fold: the compiler keeps them in vector registers.
const LANES: usize = 16;

/// The longest run folded lane-wise (each lane sums `LEAF / LANES` = 16 values, as numpy's
/// pairwise sum does with its 8 accumulators over blocks of 128); longer runs are halved.
pub const LEAF: usize = 256;

/// Folds `x` with `f`, pairwise: a run of at most [`LEAF`] values in `LANES` interleaved
/// accumulators, a longer one as `f(fold(first half), fold(second half))` — for float sums,
/// numpy's pairwise summation (error growing with log n, not n). `init` is `f`'s identity;
/// without one, `f` must be idempotent (`max`) and `x` not empty (each run starts from its
/// first value). Halves of large runs fold on two threads; the result does not depend on
/// whether they do. Integer `f`s wrap, so their results do not depend on the order at all.
pub fn fold<T, F>(x: &[T], init: Option<T>, f: F) -> T
where
    T: Copy + Send + Sync,
    F: Fn(T, T) -> T + Copy + Send + Sync,
{
    fold_by(x, init, f, |_| None)
}

/// [`fold`] whose leaves `leaf` may fold instead (a vectorised kernel of the same fold,
/// giving the same bits: `Binary::fold_f32`; `None` where it has none).
pub fn fold_by<T, F, L>(x: &[T], init: Option<T>, f: F, leaf: L) -> T
where
    T: Copy + Send + Sync,
    F: Fn(T, T) -> T + Copy + Send + Sync,
    L: Fn(&[T]) -> Option<T> + Copy + Send + Sync,
{
    fold_map(x, init, |v| v, f, leaf)
}

/// [`fold_by`] of `g` of each value: `g` applied as the leaves read `x` (no temporary).
pub fn fold_map<T, U, G, F, L>(x: &[T], init: Option<U>, g: G, f: F, leaf: L) -> U
where
    T: Copy + Send + Sync,
    U: Copy + Send + Sync,
    G: Fn(T) -> U + Copy + Send + Sync,
    F: Fn(U, U) -> U + Copy + Send + Sync,
    L: Fn(&[T]) -> Option<U> + Copy + Send + Sync,
{
    // an idempotent fold (no identity: `max`, `min`) is exact in any order: longer leaves
    // and more accumulators (four vector registers of chains, not one)
    let (leaf_len, lanes) = match init {
        Some(_) => (LEAF, LANES),
        None => (FLAT_LEAF, FLAT_LANES),
    };
    if x.len() <= leaf_len {
        if let Some(r) = leaf(x) {
            return r;
        }
        return match init {
            Some(i) => ivy_vecmath::fold_leaf::<T, U, LANES>(x, i, g, f),
            None => ivy_vecmath::fold_leaf::<T, U, FLAT_LANES>(x, g(x[0]), g, f),
        };
    }
    // the halves' boundary on a whole number of lanes, so each leaf is full
    let mid = (x.len() / 2).div_ceil(lanes) * lanes;
    let (a, b) = x.split_at(mid);
    if worth_splitting(std::mem::size_of_val(x)) {
        let (mut ra, mut rb) = (None, None);
        join(
            &mut || ra = Some(fold_map(a, init, g, f, leaf)),
            &mut || rb = Some(fold_map(b, init, g, f, leaf)),
        );
        if let (Some(ra), Some(rb)) = (ra, rb) {
            return f(ra, rb);
        }
    }
    f(fold_map(a, init, g, f, leaf), fold_map(b, init, g, f, leaf))
}

/// The leaf length and accumulators of an idempotent fold ([`fold_map`] without `init`):
/// ivy-vecmath's fold shape, whose vectorised folds (`fold_by`'s leaves) then agree bit
/// for bit.
const FLAT_LEAF: usize = 8192;
const FLAT_LANES: usize = ivy_vecmath::FOLD_LANES;

#[cfg(test)]
mod tests {
    use super::*;

    /// A row's vectorised fold (`max`, `min` on f32/f64 through ivy-vecmath) gives the bits
    /// of the generic fold: NaN wherever one is, the same zero sign for ±0 ties.
    #[test]
    fn vectorised_leaves_give_the_generic_bits() {
        use crate::class::Binary;
        use crate::rows::{Maximum, Minimum};
        let mut next = crate::xorshift(0x2545_f491_4f6c_dd1du64);
        for n in [1usize, 63, 64, 65, 1000, 8192, 8193, 300_001] {
            for nan in [false, true] {
                let x: Vec<f64> = (0..n)
                    .map(|_| match next() % 16 {
                        0 => 0.0,
                        1 => -0.0,
                        2 if nan => f64::NAN,
                        r => (r as f64 - 8.0) * 0.25,
                    })
                    .collect();
                let y: Vec<f32> = x.iter().map(|&v| v as f32).collect();
                let same64 = |a: f64, b: f64| a.to_bits() == b.to_bits();
                let same32 = |a: f32, b: f32| a.to_bits() == b.to_bits();
                assert!(same64(
                    fold(&x, None, Maximum::real),
                    fold_by(&x, None, Maximum::real, Maximum::fold_f64)
                ));
                assert!(same64(
                    fold(&x, None, Minimum::real),
                    fold_by(&x, None, Minimum::real, Minimum::fold_f64)
                ));
                assert!(same32(
                    fold(&y, None, Maximum::real),
                    fold_by(&y, None, Maximum::real, Maximum::fold_f32)
                ));
                assert!(same32(
                    fold(&y, None, Minimum::real),
                    fold_by(&y, None, Minimum::real, Minimum::fold_f32)
                ));
            }
        }
    }

    #[test]
    fn parts_cover_the_range_once() {
        use std::sync::atomic::{AtomicU8, Ordering};
        for (len, unit) in [
            (0, 4),
            (1, 4),
            (1000, 4),
            (1 << 20, 4),
            (3000, 4096),
            (7, 1 << 20),
        ] {
            let seen: Vec<AtomicU8> = (0..len).map(|_| AtomicU8::new(0)).collect();
            parts(len, unit, &|lo, hi| {
                assert!(lo < hi || len == 0);
                for s in &seen[lo..hi] {
                    s.fetch_add(1, Ordering::Relaxed);
                }
            });
            assert!(seen.iter().all(|s| s.load(Ordering::Relaxed) == 1), "{len}");
        }
    }

    /// The pairwise sum is as accurate as numpy's: 1M values of 0.1f32 sum to within a few
    /// ULPs of 100000 (a sequential f32 sum is off by ~1 %), and identically on one thread.
    #[test]
    fn pairwise_sums_are_accurate_and_deterministic() {
        let x = vec![0.1f32; 1 << 20];
        let s = fold(&x, Some(0.0), |a, b| a + b);
        let exact = (1u32 << 20) as f64 * f64::from(0.1f32);
        assert!(((f64::from(s) - exact) / exact).abs() < 1e-6, "{s}");
        let one = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap();
        let s1 = one.install(|| fold(&x, Some(0.0), |a, b| a + b));
        assert_eq!(s.to_bits(), s1.to_bits());
        let m = fold(&[3i64, 9, -2], None, i64::max);
        assert_eq!(m, 9);
        let odd: Vec<i64> = (0..1001).collect();
        assert_eq!(fold(&odd, Some(0), i64::wrapping_add), 500_500);
    }
}
