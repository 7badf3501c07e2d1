//! Sorting of fixed-width unsigned keys (`u32`, `u64`) with AVX-512 or AVX2: a vectorised
//! quicksort, the approach of x86-simd-sort (numpy's sort on both) and vqsort. The
//! algorithm is written once (`vector_quicksort!`) over a register and the instruction
//! set's lane operations (`Lanes`: 16 `u32` or 8 `u64` to an AVX-512 register, 8 or 4 to an
//! AVX2 one).
//!
//! - Partitions run a register at a time: one comparison against the pivot, the lanes below
//!   it compressed to the front of the output and the rest to its back (compressed in a
//!   register, then a masked store: a compressing store to memory is microcoded on AMD's
//!   Zen 4; AVX2 compresses by one permutation from a table of lane orders). The partition
//!   writes beside its input (`scratch`), so each level reads and writes once and no lane is
//!   swapped in place; the levels alternate between the two buffers and the leaves write
//!   into the result. The keys may start in either buffer ([`sort_keys`]: in the result;
//!   [`sort_keys_into`]: in the other, where a caller has just written them).
//! - The pivot is the median of samples taken evenly across the run, sorted by the network
//!   below: one register of them, or sixteen keys in runs of 1024 or more (at AVX2 a
//!   register holds only 4 `u64` keys); [`split_keys`]' pivot, which decides how evenly two
//!   threads share a sort, a leaf's worth of them (128 `u64` or 256 `u32` keys at AVX-512).
//! - Runs of at most sixteen registers (256 `u32` or 128 `u64` keys at AVX-512, half that at
//!   AVX2) are sorted in registers, padded with the largest key, by a network of
//!   x86-simd-sort's structure: each lane's keys sorted down the registers (Batcher's merge
//!   sort, whole registers compared, no permutes; x86-simd-sort uses the best known
//!   networks, 60 comparators to Batcher's 63 at sixteen), then the columns merged by
//!   bitonic merges (sixteen registers
//!   measured 5-10 % faster than eight at 1 M keys). Against a bitonic sort of each
//!   register first, a leaf of 128 `u64` keys costs 0.61x, and 1 M keys 0.85x (0.92x for
//!   `u32`), at AVX-512 on Sapphire Rapids.
//! - A run whose pivot is its smallest key is split into the keys equal to the pivot, which
//!   are done, and the rest (so many equal keys cannot recurse forever); recursion deeper
//!   than `2 log2 n + 8` levels (pivots that keep missing) finishes with
//!   `slice::sort_unstable`.
//!
//! Keys are unsigned: callers map their values to keys in the order they want (floats by
//! their sign-adjusted bits, signed integers by flipping the sign bit), and a stable order
//! from an unstable sort by putting the position in the key's low bits.
//!
//! Below [`Level::Avx2`] ([`level`](crate::level), `IVY_SIMD`), off x86-64, or without
//! `popcnt`, [`sort_keys`] and [`split_keys`] do nothing and say so; the caller keeps its
//! own sort for that case.

use crate::Level;
use std::mem::MaybeUninit;

/// A key [`sort_keys`] orders: `u32` or `u64` (sealed).
pub trait SortKey: Copy + Ord + Send + Sync + 'static + private::Sealed {}

impl SortKey for u32 {}
impl SortKey for u64 {}

mod private {
    use crate::Level;

    /// The width-specific entry points (sealed: only `u32` and `u64`).
    pub trait Sealed: Sized {
        /// Sorts the `n` keys at `b` (`in_b`) or at `a` into `a`, the other buffer taking
        /// the partitions, at `level` (`false`, nothing touched, below AVX2).
        ///
        /// # Safety
        /// `level` is one the CPU has; `a` and `b` are valid for `n` reads and writes and
        /// do not overlap; the `n` keys at the buffer named by `in_b` are initialised.
        unsafe fn sort_raw(level: Level, a: *mut Self, b: *mut Self, in_b: bool, n: usize) -> bool;
        /// The `n` (at least 2) keys at `src` partitioned into `dst` around a sampled
        /// median at `level` (`None` below AVX2): `m` in `1..=n`, no key of `dst[..m]`
        /// above one of `dst[m..n]`.
        ///
        /// # Safety
        /// `level` is one the CPU has; `src` holds `n` initialised keys, `dst` is valid for
        /// `n` writes, and they do not overlap.
        unsafe fn split_raw(
            level: Level,
            src: *const Self,
            dst: *mut Self,
            n: usize,
        ) -> Option<usize>;
    }
}

/// Sorts `v` ascending, with `scratch` (at least as long as `v`) as the partitions' second
/// buffer. Returns `false`, leaving `v` as it was, when the vector sort is not available:
/// below the AVX2 level, off x86-64, or with a `scratch` shorter than `v`.
///
/// ```
/// use std::mem::MaybeUninit;
/// let mut v: Vec<u32> = (0..1000u32).map(|i| i.wrapping_mul(2_654_435_761) >> 7).collect();
/// let mut scratch = vec![MaybeUninit::<u32>::uninit(); v.len()];
/// let mut want = v.clone();
/// want.sort_unstable();
/// if ivy_vecmath::sort::sort_keys(&mut v, &mut scratch) {
///     assert_eq!(v, want);
/// } else {
///     assert!(ivy_vecmath::level() < ivy_vecmath::Level::Avx2);
/// }
/// ```
pub fn sort_keys<K: SortKey>(v: &mut [K], scratch: &mut [MaybeUninit<K>]) -> bool {
    match vector_level() {
        // SAFETY: the level is the CPU's; `scratch` is at least as long as `v`, and a
        // `&mut` does not overlap another
        Some(level) if scratch.len() >= v.len() => unsafe {
            K::sort_raw(
                level,
                v.as_mut_ptr(),
                scratch.as_mut_ptr().cast(),
                false,
                v.len(),
            )
        },
        _ => false,
    }
}

/// Sorts the keys of `keys` ascending into `out[..keys.len()]`, with `keys` as the
/// partitions' second buffer (left holding keys in no particular order): what a caller
/// that has just written its keys into a buffer of its own uses, saving the copy into the
/// result. Returns `false`, leaving both as they were, when the vector sort is not
/// available (see [`sort_keys`]) or `out` is shorter than `keys`.
///
/// ```
/// use std::mem::MaybeUninit;
/// let mut keys: Vec<u64> = (0..1000u64).map(|i| i.wrapping_mul(0x9e37_79b9_7f4a_7c15)).collect();
/// let mut want = keys.clone();
/// want.sort_unstable();
/// let mut out = vec![MaybeUninit::<u64>::uninit(); keys.len()];
/// if ivy_vecmath::sort::sort_keys_into(&mut keys, &mut out) {
///     // SAFETY: every key of `out` was written
///     let out: Vec<u64> = out.iter().map(|k| unsafe { k.assume_init() }).collect();
///     assert_eq!(out, want);
/// }
/// ```
pub fn sort_keys_into<K: SortKey>(keys: &mut [K], out: &mut [MaybeUninit<K>]) -> bool {
    match vector_level() {
        // SAFETY: the level is the CPU's; `out` is at least as long as `keys`, which hold
        // initialised keys; a `&mut` does not overlap another
        Some(level) if out.len() >= keys.len() => unsafe {
            K::sort_raw(
                level,
                out.as_mut_ptr().cast(),
                keys.as_mut_ptr(),
                true,
                keys.len(),
            )
        },
        _ => false,
    }
}

/// Partitions `v` around the median of a sample, for sorting its two parts apart (on two
/// threads): returns `m` in `1..=v.len()` with every key of `v[..m]` at most every key of
/// `v[m..]`, or `None` (`v` as it was) when the vector sort is not available (see
/// [`sort_keys`]) or `v` holds fewer than two keys.
///
/// ```
/// use std::mem::MaybeUninit;
/// let mut v: Vec<u64> = (0..5000u64).map(|i| i.wrapping_mul(0x9e37_79b9_7f4a_7c15)).collect();
/// let mut scratch = vec![MaybeUninit::<u64>::uninit(); v.len()];
/// if let Some(m) = ivy_vecmath::sort::split_keys(&mut v, &mut scratch) {
///     let left_max = v[..m].iter().max().unwrap();
///     assert!(v[m..].iter().all(|k| k >= left_max));
/// }
/// ```
pub fn split_keys<K: SortKey>(v: &mut [K], scratch: &mut [MaybeUninit<K>]) -> Option<usize> {
    let m = split_keys_into(v, scratch)?;
    for (k, s) in v.iter_mut().zip(scratch.iter()) {
        // SAFETY: `split_keys_into` wrote the first `v.len()` keys of `scratch`
        *k = unsafe { s.assume_init() };
    }
    Some(m)
}

/// [`split_keys`] from `keys` into `out[..keys.len()]`, `keys` left as they were: the
/// partition lands in `out` (no copy back).
///
/// ```
/// use std::mem::MaybeUninit;
/// let keys: Vec<u32> = (0..5000u32).map(|i| i.wrapping_mul(2_654_435_761)).collect();
/// let mut out = vec![MaybeUninit::<u32>::uninit(); keys.len()];
/// if let Some(m) = ivy_vecmath::sort::split_keys_into(&keys, &mut out) {
///     // SAFETY: every key of `out` was written
///     let out: Vec<u32> = out.iter().map(|k| unsafe { k.assume_init() }).collect();
///     let left_max = out[..m].iter().max().unwrap();
///     assert!(out[m..].iter().all(|k| k >= left_max));
/// }
/// ```
pub fn split_keys_into<K: SortKey>(keys: &[K], out: &mut [MaybeUninit<K>]) -> Option<usize> {
    match vector_level() {
        // SAFETY: the level is the CPU's; `keys` holds at least two initialised keys and
        // `out` is at least as long; a `&mut` does not overlap a `&`
        Some(level) if out.len() >= keys.len() && keys.len() >= 2 => unsafe {
            K::split_raw(level, keys.as_ptr(), out.as_mut_ptr().cast(), keys.len())
        },
        _ => None,
    }
}

/// The level the vector sort runs at here: AVX-512 or AVX2 ([`level`](crate::level)), on
/// x86-64 with `popcnt` (which every such CPU has, but a virtual one may hide); `None`
/// below.
fn vector_level() -> Option<Level> {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("popcnt") {
        let level = crate::level();
        return (level >= Level::Avx2).then_some(level);
    }
    None
}

#[cfg(not(target_arch = "x86_64"))]
macro_rules! sealed_off {
    ($($t:ty),*) => {$(
        impl private::Sealed for $t {
            unsafe fn sort_raw(_: Level, _: *mut Self, _: *mut Self, _: bool, _: usize) -> bool {
                false
            }
            unsafe fn split_raw(_: Level, _: *const Self, _: *mut Self, _: usize) -> Option<usize> {
                None
            }
        }
    )*};
}
#[cfg(not(target_arch = "x86_64"))]
sealed_off!(u32, u64);

/// `body` once for each `i` in `0..n` (`n` at most the `N` of `N:`, a constant after
/// monomorphisation), written out: the networks' loops over registers and steps, which
/// LLVM left rolled (and their registers on the stack).
#[cfg(target_arch = "x86_64")]
macro_rules! unroll {
    (4: $i:ident < $n:expr, $body:block) => {
        $crate::sort::unroll!(@ $i, $n, $body; 0 1 2 3)
    };
    (16: $i:ident < $n:expr, $body:block) => {
        $crate::sort::unroll!(@ $i, $n, $body; 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15)
    };
    (64: $i:ident < $n:expr, $body:block) => {
        $crate::sort::unroll!(@ $i, $n, $body;
            0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31
            32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60
            61 62 63)
    };
    (@ $i:ident, $n:expr, $body:block; $($k:literal)*) => {
        $(
            if $k < $n {
                let $i: usize = $k;
                $body
            }
        )*
    };
}
#[cfg(target_arch = "x86_64")]
pub(crate) use unroll;

#[cfg(target_arch = "x86_64")]
/// The comparators `(i, j)`, `i < j`, of Batcher's odd-even merge sort of `n` (a power of
/// two, at most 16) inputs, and how many there are (63 at 16; the best known has 60).
const fn batcher(n: usize) -> ([(usize, usize); 64], usize) {
    let (mut out, mut c, mut p) = ([(0, 0); 64], 0, 1);
    while p < n {
        let mut k = p;
        while k >= 1 {
            let mut j = k % p;
            while j + k < n {
                let mut i = 0;
                while i < k && i + j + k < n {
                    if (i + j) / (2 * p) == (i + j + k) / (2 * p) {
                        out[c] = (i + j, i + j + k);
                        c += 1;
                    }
                    i += 1;
                }
                j += 2 * k;
            }
            k /= 2;
        }
        p *= 2;
    }
    (out, c)
}

#[cfg(target_arch = "x86_64")]
/// The lanes `i` of `l` with `i & b != 0` (`b` a power of two).
const fn bit_lanes(l: usize, b: usize) -> u32 {
    let (mut m, mut lane) = (0, 0);
    while lane < l {
        if lane & b != 0 {
            m |= 1 << lane;
        }
        lane += 1;
    }
    m
}

#[cfg(target_arch = "x86_64")]
/// The first `n` bits.
#[inline(always)]
fn first(n: usize) -> u32 {
    if n >= 32 {
        u32::MAX
    } else {
        (1 << n) - 1
    }
}

/// The vectorised quicksort, written once over a register type and the instruction-set
/// features its functions are compiled for: each instruction set's module instantiates it
/// and implements its `Lanes` for `u32` and `u64`.
#[cfg(target_arch = "x86_64")]
macro_rules! vector_quicksort {
    ($features:literal, $reg:ty) => {
        /// One width's register operations (`L` keys to a register). Masks are `u32`,
        /// one bit a lane.
        pub(super) trait Lanes: Copy + Ord + 'static {
            /// Keys to a register.
            const L: usize;
            /// The largest key (the leaves' padding).
            const MAX: Self;
            /// The register at `p`.
            unsafe fn load(p: *const Self) -> $reg;
            /// The first `n` (< `L`) keys at `p`, the other lanes `MAX`.
            unsafe fn load_n(p: *const Self, n: usize) -> $reg;
            /// `v` to `p`.
            unsafe fn store(p: *mut Self, v: $reg);
            /// `v`'s first `n` lanes to `p`.
            unsafe fn store_n(p: *mut Self, v: $reg, n: usize);
            /// `x` in every lane.
            unsafe fn splat(x: Self) -> $reg;
            /// The lanes of `v` below `p` (`LE`: at most `p`).
            unsafe fn below<const LE: bool>(v: $reg, p: $reg) -> u32;
            /// The lanes of `m`, packed to the front.
            unsafe fn compress(m: u32, v: $reg) -> $reg;
            /// The `c` lanes of `m`, packed to the top.
            unsafe fn compress_top(m: u32, v: $reg, c: usize) -> $reg;
            /// Lane-wise minimum.
            unsafe fn vmin(a: $reg, b: $reg) -> $reg;
            /// Lane-wise maximum.
            unsafe fn vmax(a: $reg, b: $reg) -> $reg;
            /// Lane `i ^ x` of `v` in lane `i` (`x` below `L`).
            unsafe fn xor_lanes(v: $reg, x: usize) -> $reg;
            /// `b`'s lanes where `m`, `a`'s elsewhere.
            unsafe fn blend(m: u32, a: $reg, b: $reg) -> $reg;
            /// `v` in the form the network's `vmin`, `vmax`, `blend` and `step` take (the
            /// identity; AVX2's `u64` flips the sign bits, its network comparing signed).
            #[inline]
            #[target_feature(enable = $features)]
            unsafe fn to_net(v: $reg) -> $reg {
                v
            }
            /// `v` from the network's form back to keys.
            #[inline]
            #[target_feature(enable = $features)]
            unsafe fn from_net(v: $reg) -> $reg {
                v
            }
            /// One compare-exchange step between lanes `i` and `i ^ x`: the lanes of
            /// `take_max` take the larger key of their pair, the others the smaller.
            #[inline]
            #[target_feature(enable = $features)]
            unsafe fn step(v: $reg, x: usize, take_max: u32) -> $reg {
                unsafe {
                    let p = Self::xor_lanes(v, x);
                    Self::blend(take_max, Self::vmin(v, p), Self::vmax(v, p))
                }
            }
        }

        /// The smaller keys of `a` and `b` lane by lane to `a`, the larger to `b`.
        #[inline]
        #[target_feature(enable = $features)]
        unsafe fn coex<K: Lanes>(a: &mut $reg, b: &mut $reg) {
            unsafe { (*a, *b) = (K::vmin(*a, *b), K::vmax(*a, *b)) }
        }

        /// The `R * L` keys of `v` (`R` a power of two, at most 16) sorted ascending across
        /// the registers, by x86-simd-sort's structure: each lane's `R` keys sorted down the
        /// registers first (Batcher's odd-even merge sort: compare-exchanges of whole
        /// registers, no permutes), then columns merged pairwise by bitonic merges, blocks of
        /// `s = 2, 4, .., L` lanes at a time. A merge reverses the lanes of each block in the
        /// upper half of every run of `w` registers (`w = R, R/2, .., 2`) and exchanges the
        /// run's registers from its two ends inwards, then finishes within each register: `i`
        /// against `i ^ (s - 1)`, then `i ^ s/4`, .., `i ^ 1`, the lanes with that bit (`s/2`,
        /// `s/4`, .., 1) taking the larger key. The loops are written out (`unroll!`): as
        /// loops, LLVM kept the registers on the stack.
        #[inline]
        #[target_feature(enable = $features)]
        unsafe fn network<K: Lanes, const R: usize>(v: &mut [$reg; R]) {
            const { assert!(R.is_power_of_two() && R <= 16 && K::L <= 16) };
            let (pairs, count) = const { super::batcher(R) };
            super::unroll!(64: c < count, {
                let (i, j) = pairs[c];
                let (lo, hi) = v.split_at_mut(j);
                unsafe { coex::<K>(&mut lo[i], &mut hi[0]) };
            });
            super::unroll!(4: q < K::L.trailing_zeros() as usize, {
                let s = 2 << q;
                super::unroll!(4: e < R.trailing_zeros() as usize, {
                    let w = R >> e;
                    super::unroll!(16: r < R, {
                        if r % w >= w / 2 {
                            v[r] = unsafe { K::xor_lanes(v[r], s - 1) };
                        }
                    });
                    super::unroll!(16: r < R, {
                        if r % w < w / 2 {
                            let (lo, hi) = v.split_at_mut(r + 1);
                            let o = r - r % w + w - 1 - r % w;
                            unsafe { coex::<K>(&mut lo[r], &mut hi[o - r - 1]) };
                        }
                    });
                });
                super::unroll!(16: r < R, {
                    v[r] = unsafe { K::step(v[r], s - 1, super::bit_lanes(K::L, s / 2)) };
                    super::unroll!(4: t < q, {
                        let x = s >> (t + 2);
                        v[r] = unsafe { K::step(v[r], x, super::bit_lanes(K::L, x)) };
                    });
                });
            });
        }

        /// The `n` (at most `R * L`) keys at `src` sorted into `dst` (which may be `src`).
        #[inline]
        #[target_feature(enable = $features)]
        unsafe fn leaf<K: Lanes, const R: usize>(src: *const K, dst: *mut K, n: usize) {
            unsafe {
                let mut v = [K::to_net(K::splat(K::MAX)); R];
                for (r, x) in v.iter_mut().enumerate() {
                    let lo = r * K::L;
                    if lo + K::L <= n {
                        *x = K::to_net(K::load(src.add(lo)));
                    } else if lo < n {
                        *x = K::to_net(K::load_n(src.add(lo), n - lo));
                    }
                }
                network::<K, R>(&mut v);
                for (r, x) in v.iter().enumerate() {
                    let lo = r * K::L;
                    if lo + K::L <= n {
                        K::store(dst.add(lo), K::from_net(*x));
                    } else if lo < n {
                        K::store_n(dst.add(lo), K::from_net(*x), n - lo);
                    }
                }
            }
        }

        /// The most keys a leaf sorts.
        const fn leaf_max<K: Lanes>() -> usize {
            16 * K::L
        }

        /// A leaf of the fewest registers that hold `n` keys.
        #[target_feature(enable = $features)]
        unsafe fn leaf_any<K: Lanes>(src: *const K, dst: *mut K, n: usize) {
            unsafe {
                match n.div_ceil(K::L) {
                    0 | 1 => leaf::<K, 1>(src, dst, n),
                    2 => leaf::<K, 2>(src, dst, n),
                    3 | 4 => leaf::<K, 4>(src, dst, n),
                    5..=8 => leaf::<K, 8>(src, dst, n),
                    _ => leaf::<K, 16>(src, dst, n),
                }
            }
        }

        /// The `n` keys at `src` into `dst`: those below `pivot` (`LE`: at most `pivot`) to the
        /// front, in their order, the rest to the back; returns how many went to the front.
        #[inline]
        #[target_feature(enable = $features)]
        unsafe fn partition<K: Lanes, const LE: bool>(
            src: *const K,
            dst: *mut K,
            n: usize,
            pivot: K,
        ) -> usize {
            unsafe {
                let p = K::splat(pivot);
                let all = first(K::L);
                let (mut lo, mut hi, mut i) = (0, n, 0);
                // Full-register stores while at least two registers remain: the lower part's
                // spill lanes fall in the gap not yet written, and so do the upper part's (its
                // lanes rotated to the register's top). Masked stores for the rest.
                while i + 2 * K::L <= n {
                    let v = K::load(src.add(i));
                    let m = K::below::<LE>(v, p);
                    let c = m.count_ones() as usize;
                    K::store(dst.add(lo), K::compress(m, v));
                    hi -= K::L - c;
                    K::store(
                        dst.add(hi + (K::L - c) - K::L),
                        K::compress_top(!m & all, v, K::L - c),
                    );
                    lo += c;
                    i += K::L;
                }
                while i + K::L <= n {
                    let v = K::load(src.add(i));
                    let m = K::below::<LE>(v, p);
                    let c = m.count_ones() as usize;
                    K::store_n(dst.add(lo), K::compress(m, v), c);
                    hi -= K::L - c;
                    K::store_n(dst.add(hi), K::compress(!m & all, v), K::L - c);
                    lo += c;
                    i += K::L;
                }
                if i < n {
                    let r = n - i;
                    let v = K::load_n(src.add(i), r);
                    let m = K::below::<LE>(v, p) & first(r);
                    let c = m.count_ones() as usize;
                    K::store_n(dst.add(lo), K::compress(m, v), c);
                    hi -= r - c;
                    K::store_n(dst.add(hi), K::compress(!m & first(r), v), r - c);
                    lo += c;
                }
                debug_assert_eq!(lo, hi);
                lo
            }
        }

        /// The median of keys taken evenly across the `n` (at least `L`) at `p`: one
        /// register of them, or sixteen keys once `n` is large enough that their network's
        /// cost is small beside the partition (at AVX2 a register is 4 `u64` or 8 `u32` keys,
        /// whose median splits far from the middle more often).
        #[inline]
        #[target_feature(enable = $features)]
        unsafe fn pivot<K: Lanes>(p: *const K, n: usize) -> K {
            unsafe {
                let mut s = [K::MAX; 16];
                let k = if n >= PIVOT16_MIN { 16 } else { K::L };
                let stride = n / k;
                for (t, x) in s.iter_mut().take(k).enumerate() {
                    *x = *p.add(t * stride + stride / 2);
                }
                if k == K::L {
                    let mut v = [K::to_net(K::load(s.as_ptr()))];
                    network::<K, 1>(&mut v);
                    K::store(s.as_mut_ptr(), K::from_net(v[0]));
                } else {
                    leaf_any::<K>(s.as_ptr(), s.as_mut_ptr(), k);
                }
                s[k / 2]
            }
        }

        /// The median of a leaf's worth of keys (128 `u64` or 256 `u32` at AVX-512) taken
        /// evenly across the `n` (at least [`SPLIT_WIDE_MIN`]) at `p`: [`split`]'s pivot,
        /// which decides how evenly two threads share the sort. Sixteen samples left 70 % of
        /// a million normally distributed keys on one side (a rank's spread of about 12 %;
        /// at 128 samples about 4 %).
        #[target_feature(enable = $features)]
        unsafe fn wide_pivot<K: Lanes>(p: *const K, n: usize) -> K {
            unsafe {
                let mut s = [K::MAX; 256];
                let k = leaf_max::<K>();
                let stride = n / k;
                for (t, x) in s.iter_mut().take(k).enumerate() {
                    *x = *p.add(t * stride + stride / 2);
                }
                leaf_any::<K>(s.as_ptr(), s.as_mut_ptr(), k);
                s[k / 2]
            }
        }

        /// Runs at least this long split around [`wide_pivot`]'s median.
        const SPLIT_WIDE_MIN: usize = 1 << 14;

        /// Runs at least this long take their pivot from sixteen samples.
        const PIVOT16_MIN: usize = 1024;

        /// Sorts the `n` keys that are at `b` (`in_b`) or `a` into `a`, the other buffer taking
        /// the partitions.
        #[target_feature(enable = $features)]
        unsafe fn quicksort<K: Lanes>(a: *mut K, b: *mut K, in_b: bool, n: usize, depth: u32) {
            unsafe {
                let (cur, other) = if in_b { (b, a) } else { (a, b) };
                if n <= leaf_max::<K>() {
                    return leaf_any::<K>(cur, a, n);
                }
                if depth == 0 {
                    if in_b {
                        std::ptr::copy_nonoverlapping(b, a, n);
                    }
                    return std::slice::from_raw_parts_mut(a, n).sort_unstable();
                }
                let p = pivot::<K>(cur, n);
                let below = partition::<K, false>(cur, other, n, p);
                if below > 0 {
                    quicksort::<K>(a, b, !in_b, below, depth - 1);
                    quicksort::<K>(a.add(below), b.add(below), !in_b, n - below, depth - 1);
                } else {
                    // the pivot is the smallest key: its copies are done, the rest go on
                    let equal = partition::<K, true>(cur, other, n, p);
                    std::slice::from_raw_parts_mut(a, equal).fill(p);
                    quicksort::<K>(a.add(equal), b.add(equal), !in_b, n - equal, depth - 1);
                }
            }
        }

        /// The `n` keys at `b` (`in_b`) or `a` sorted into `a` (`Sealed::sort_raw`).
        #[target_feature(enable = $features)]
        pub(super) unsafe fn sort<K: Lanes>(a: *mut K, b: *mut K, in_b: bool, n: usize) {
            let depth = 2 * (usize::BITS - n.leading_zeros()) + 8;
            unsafe { quicksort::<K>(a, b, in_b, n, depth) }
        }

        /// One partition of the `n` (at least 2) keys at `src` into `dst` around their
        /// sampled median (`Sealed::split_raw`).
        #[target_feature(enable = $features)]
        pub(super) unsafe fn split<K: Lanes>(src: *const K, dst: *mut K, n: usize) -> usize {
            unsafe {
                let p = if n >= SPLIT_WIDE_MIN {
                    wide_pivot::<K>(src, n)
                } else if n >= K::L {
                    pivot::<K>(src, n)
                } else {
                    *src.add(n / 2)
                };
                let mut m = partition::<K, false>(src, dst, n, p);
                if m == 0 {
                    m = partition::<K, true>(src, dst, n, p);
                }
                m
            }
        }
    };
}

/// The AVX-512 instantiation: 16 `u32` or 8 `u64` keys to a register; masked loads and
/// stores, compress by `vpcompress`.
#[cfg(target_arch = "x86_64")]
mod avx512 {
    use super::first;
    use std::arch::x86_64::*;

    vector_quicksort!("avx512f,popcnt", __m512i);

    macro_rules! lanes {
        ($t:ty, $s:ty, $l:expr, $mask:ty, $set1:ident, $mload:ident, $mstore:ident, $lt:ident,
         $le:ident, $compress:ident, $min:ident, $max:ident, $perm:ident, $blend:ident) => {
            impl Lanes for $t {
                const L: usize = $l;
                const MAX: Self = <$t>::MAX;
                #[inline]
                #[target_feature(enable = "avx512f")]
                unsafe fn load(p: *const Self) -> __m512i {
                    unsafe { _mm512_loadu_si512(p.cast()) }
                }
                #[inline]
                #[target_feature(enable = "avx512f")]
                unsafe fn load_n(p: *const Self, n: usize) -> __m512i {
                    unsafe { $mload($set1(-1), first(n) as $mask, p.cast()) }
                }
                #[inline]
                #[target_feature(enable = "avx512f")]
                unsafe fn store(p: *mut Self, v: __m512i) {
                    unsafe { _mm512_storeu_si512(p.cast(), v) }
                }
                #[inline]
                #[target_feature(enable = "avx512f")]
                unsafe fn store_n(p: *mut Self, v: __m512i, n: usize) {
                    unsafe { $mstore(p.cast(), first(n) as $mask, v) }
                }
                #[inline]
                #[target_feature(enable = "avx512f")]
                unsafe fn splat(x: Self) -> __m512i {
                    $set1(x as $s)
                }
                #[inline]
                #[target_feature(enable = "avx512f")]
                unsafe fn below<const LE: bool>(v: __m512i, p: __m512i) -> u32 {
                    u32::from(if LE { $le(v, p) } else { $lt(v, p) })
                }
                #[inline]
                #[target_feature(enable = "avx512f")]
                unsafe fn compress(m: u32, v: __m512i) -> __m512i {
                    $compress(m as $mask, v)
                }
                #[inline]
                #[target_feature(enable = "avx512f")]
                unsafe fn compress_top(m: u32, v: __m512i, c: usize) -> __m512i {
                    // lane t of the result is lane (t + c) mod L of the packed register
                    const ROTATE: [[$s; $l]; $l + 1] = {
                        let (mut t, mut c) = ([[0; $l]; $l + 1], 0);
                        while c <= $l {
                            let mut i = 0;
                            while i < $l {
                                t[c][i] = ((i + c) % $l) as $s;
                                i += 1;
                            }
                            c += 1;
                        }
                        t
                    };
                    let idx = unsafe { _mm512_loadu_si512(ROTATE[c].as_ptr().cast()) };
                    $perm(idx, $compress(m as $mask, v))
                }
                #[inline]
                #[target_feature(enable = "avx512f")]
                unsafe fn vmin(a: __m512i, b: __m512i) -> __m512i {
                    $min(a, b)
                }
                #[inline]
                #[target_feature(enable = "avx512f")]
                unsafe fn vmax(a: __m512i, b: __m512i) -> __m512i {
                    $max(a, b)
                }
                #[inline]
                #[target_feature(enable = "avx512f")]
                unsafe fn xor_lanes(v: __m512i, x: usize) -> __m512i {
                    // the index vectors of every `x`
                    const XOR: [[$s; $l]; $l] = {
                        let (mut t, mut x) = ([[0; $l]; $l], 0);
                        while x < $l {
                            let mut i = 0;
                            while i < $l {
                                t[x][i] = (i ^ x) as $s;
                                i += 1;
                            }
                            x += 1;
                        }
                        t
                    };
                    let idx = unsafe { _mm512_loadu_si512(XOR[x].as_ptr().cast()) };
                    $perm(idx, v)
                }
                #[inline]
                #[target_feature(enable = "avx512f")]
                unsafe fn blend(m: u32, a: __m512i, b: __m512i) -> __m512i {
                    $blend(m as $mask, a, b)
                }
            }
        };
    }

    lanes!(
        u32,
        i32,
        16,
        u16,
        _mm512_set1_epi32,
        _mm512_mask_loadu_epi32,
        _mm512_mask_storeu_epi32,
        _mm512_cmplt_epu32_mask,
        _mm512_cmple_epu32_mask,
        _mm512_maskz_compress_epi32,
        _mm512_min_epu32,
        _mm512_max_epu32,
        _mm512_permutexvar_epi32,
        _mm512_mask_blend_epi32
    );
    lanes!(
        u64,
        i64,
        8,
        u8,
        _mm512_set1_epi64,
        _mm512_mask_loadu_epi64,
        _mm512_mask_storeu_epi64,
        _mm512_cmplt_epu64_mask,
        _mm512_cmple_epu64_mask,
        _mm512_maskz_compress_epi64,
        _mm512_min_epu64,
        _mm512_max_epu64,
        _mm512_permutexvar_epi64,
        _mm512_mask_blend_epi64
    );
}

/// The AVX2 instantiation: 8 `u32` or 4 `u64` keys to a register. AVX2 has no compress
/// and no mask registers: a lane mask is a movemask's bits, compress is one permutation from
/// a table (the mask's lanes first, in order, then the others), which also serves as the
/// compress to the top of the complement. AVX2 compares 64-bit lanes signed only, and has
/// no 64-bit min/max: `u64` keys compare with their sign bits flipped, the partitions'
/// registers as they are loaded, the leaves' and the pivot's networks flipped once around
/// (`to_net`), where min, max and each step blend by one compare.
#[cfg(target_arch = "x86_64")]
mod avx2 {
    use super::first;
    use std::arch::x86_64::*;

    vector_quicksort!("avx2,popcnt", __m256i);

    /// For every mask of `l` lanes (`M = 2^l`), the `permutevar8x32` indices that put the
    /// mask's lanes first, in order, then the others in order (a key of `8 / l` 32-bit lanes
    /// moves as a block).
    const fn packing<const M: usize>(l: usize) -> [[u32; 8]; M] {
        let (mut t, w, mut m) = ([[0u32; 8]; M], 8 / l, 0);
        while m < M {
            let (mut out, mut pass) = (0, 0);
            while pass < 2 {
                let mut k = 0;
                while k < l {
                    if ((m >> k) & 1 == 1) == (pass == 0) {
                        let mut e = 0;
                        while e < w {
                            t[m][out * w + e] = (k * w + e) as u32;
                            e += 1;
                        }
                        out += 1;
                    }
                    k += 1;
                }
                pass += 1;
            }
            m += 1;
        }
        t
    }

    /// For every `x` below `l`, the `permutevar8x32` indices that put key `k ^ x` of `l`
    /// in key `k`'s place.
    const fn xoring(l: usize) -> [[u32; 8]; 8] {
        let (mut t, w, mut x) = ([[0u32; 8]; 8], 8 / l, 0);
        while x < l {
            let mut k = 0;
            while k < l {
                let mut e = 0;
                while e < w {
                    t[x][k * w + e] = ((k ^ x) * w + e) as u32;
                    e += 1;
                }
                k += 1;
            }
            x += 1;
        }
        t
    }

    static PACK32: [[u32; 8]; 256] = packing::<256>(8);
    static PACK64: [[u32; 8]; 16] = packing::<16>(4);
    static XOR32: [[u32; 8]; 8] = xoring(8);
    static XOR64: [[u32; 8]; 8] = xoring(4);

    /// `v`'s lanes permuted by the indices `idx`.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn permute(v: __m256i, idx: &[u32; 8]) -> __m256i {
        // SAFETY: `idx` is 32 bytes
        _mm256_permutevar8x32_epi32(v, unsafe { _mm256_loadu_si256(idx.as_ptr().cast()) })
    }

    /// One width's lane operations at AVX2: the loads, stores, compares, compresses, lane
    /// permutations (`xor_lanes`) and blends written once over the width's intrinsics (`$gt`: the signed compare
    /// of the keys with their sign bits flipped by `$flip`; `$first(n)`: the lanes below
    /// `n`; `$of(m)`: the lanes of the bit mask `m`), the min/max (and any overrides) given.
    macro_rules! avx2_lanes {
        ($t:ty, $s:ty, $l:expr, $set1:ident, $maskload:ident, $maskstore:ident,
         $gt:ident, $movemask:ident, $cast:ident, $pack:ident, $xor:ident, $flip:ident,
         $first:ident, $of:ident; $($rest:tt)*) => {
            impl Lanes for $t {
                const L: usize = $l;
                const MAX: Self = <$t>::MAX;
                #[inline]
                #[target_feature(enable = "avx2")]
                unsafe fn load(p: *const Self) -> __m256i {
                    unsafe { _mm256_loadu_si256(p.cast()) }
                }
                #[inline]
                #[target_feature(enable = "avx2")]
                unsafe fn load_n(p: *const Self, n: usize) -> __m256i {
                    let m = $first(n);
                    // SAFETY: the first `n` lanes are the caller's; the lanes at and past `n`
                    // are masked, so not read (a masked-out element does not fault, as with
                    // AVX-512's masked loads), and set to `MAX` below
                    let v = unsafe { $maskload(p.cast(), m) };
                    _mm256_or_si256(v, _mm256_xor_si256(m, $set1(-1)))
                }
                #[inline]
                #[target_feature(enable = "avx2")]
                unsafe fn store(p: *mut Self, v: __m256i) {
                    unsafe { _mm256_storeu_si256(p.cast(), v) }
                }
                #[inline]
                #[target_feature(enable = "avx2")]
                unsafe fn store_n(p: *mut Self, v: __m256i, n: usize) {
                    // SAFETY: the first `n` lanes are the caller's; the others are masked, not
                    // written
                    unsafe { $maskstore(p.cast(), $first(n), v) }
                }
                #[inline]
                #[target_feature(enable = "avx2")]
                unsafe fn splat(x: Self) -> __m256i {
                    $set1(x as $s)
                }
                #[inline]
                #[target_feature(enable = "avx2")]
                unsafe fn below<const LE: bool>(v: __m256i, p: __m256i) -> u32 {
                    // keys, not the network's form: compared signed with the sign bits
                    // flipped (the pivot's flip is the same for every register of a partition)
                    let (v, p) = ($flip(v), $flip(p));
                    if LE {
                        !$movemask($cast($gt(v, p))) as u32 & super::first($l)
                    } else {
                        $movemask($cast($gt(p, v))) as u32
                    }
                }
                #[inline]
                #[target_feature(enable = "avx2")]
                unsafe fn compress(m: u32, v: __m256i) -> __m256i {
                    permute(v, &$pack[(m & super::first($l)) as usize])
                }
                #[inline]
                #[target_feature(enable = "avx2")]
                unsafe fn compress_top(m: u32, v: __m256i, _c: usize) -> __m256i {
                    // the other lanes first: `m`'s `c` lanes end at the top
                    permute(v, &$pack[(!m & super::first($l)) as usize])
                }
                #[inline]
                #[target_feature(enable = "avx2")]
                unsafe fn xor_lanes(v: __m256i, x: usize) -> __m256i {
                    // the rows past `l` are zeros (key 0 everywhere), not lane orders
                    debug_assert!(x < $l);
                    permute(v, &$xor[x])
                }
                #[inline]
                #[target_feature(enable = "avx2")]
                unsafe fn blend(m: u32, a: __m256i, b: __m256i) -> __m256i {
                    _mm256_blendv_epi8(a, b, $of(m))
                }
                $($rest)*
            }
        };
    }

    avx2_lanes!(
        u32, i32, 8, _mm256_set1_epi32, _mm256_maskload_epi32, _mm256_maskstore_epi32,
        _mm256_cmpgt_epi32, _mm256_movemask_ps, _mm256_castsi256_ps, PACK32, XOR32, signed32,
        first32, lanes32;
        #[inline]
        #[target_feature(enable = "avx2")]
        unsafe fn vmin(a: __m256i, b: __m256i) -> __m256i {
            _mm256_min_epu32(a, b)
        }
        #[inline]
        #[target_feature(enable = "avx2")]
        unsafe fn vmax(a: __m256i, b: __m256i) -> __m256i {
            _mm256_max_epu32(a, b)
        }
    );

    avx2_lanes!(
        u64, i64, 4, _mm256_set1_epi64x, _mm256_maskload_epi64, _mm256_maskstore_epi64,
        _mm256_cmpgt_epi64, _mm256_movemask_pd, _mm256_castsi256_pd, PACK64, XOR64, signed64,
        first64, lanes64;
        #[inline]
        #[target_feature(enable = "avx2")]
        unsafe fn vmin(a: __m256i, b: __m256i) -> __m256i {
            _mm256_blendv_epi8(a, b, _mm256_cmpgt_epi64(a, b))
        }
        #[inline]
        #[target_feature(enable = "avx2")]
        unsafe fn vmax(a: __m256i, b: __m256i) -> __m256i {
            _mm256_blendv_epi8(b, a, _mm256_cmpgt_epi64(a, b))
        }
        #[inline]
        #[target_feature(enable = "avx2")]
        unsafe fn to_net(v: __m256i) -> __m256i {
            signed64(v)
        }
        #[inline]
        #[target_feature(enable = "avx2")]
        unsafe fn from_net(v: __m256i) -> __m256i {
            signed64(v)
        }
        #[inline]
        #[target_feature(enable = "avx2")]
        unsafe fn step(v: __m256i, x: usize, take_max: u32) -> __m256i {
            // one compare: a lane taking the larger key takes its pair's where it is not
            // above it, a lane taking the smaller one where it is
            let p = permute(v, &XOR64[x]);
            let take_p = _mm256_xor_si256(_mm256_cmpgt_epi64(v, p), lanes64(take_max));
            _mm256_blendv_epi8(v, p, take_p)
        }
    );

    /// The 32-bit lanes below `n` (at most 8).
    #[inline]
    #[target_feature(enable = "avx2")]
    fn first32(n: usize) -> __m256i {
        _mm256_cmpgt_epi32(
            _mm256_set1_epi32(n as i32),
            _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7),
        )
    }

    /// The 64-bit lanes below `n` (at most 4).
    #[inline]
    #[target_feature(enable = "avx2")]
    fn first64(n: usize) -> __m256i {
        _mm256_cmpgt_epi64(_mm256_set1_epi64x(n as i64), _mm256_setr_epi64x(0, 1, 2, 3))
    }

    /// Every bit of the 32-bit lanes in `m`, none of the others.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn lanes32(m: u32) -> __m256i {
        let bits = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
        _mm256_cmpeq_epi32(_mm256_and_si256(_mm256_set1_epi32(m as i32), bits), bits)
    }

    /// `v`'s 32-bit keys as the `i32`s of the same order: their sign bits flipped (and back).
    #[inline]
    #[target_feature(enable = "avx2")]
    fn signed32(v: __m256i) -> __m256i {
        _mm256_xor_si256(v, _mm256_set1_epi32(i32::MIN))
    }

    /// Every bit of the 64-bit lanes in `m`, none of the others.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn lanes64(m: u32) -> __m256i {
        let bits = _mm256_setr_epi64x(1, 2, 4, 8);
        _mm256_cmpeq_epi64(
            _mm256_and_si256(_mm256_set1_epi64x(i64::from(m)), bits),
            bits,
        )
    }

    /// The `i64` lanes of `v`'s `u64` keys in the same order: their sign bits flipped (and
    /// back).
    #[inline]
    #[target_feature(enable = "avx2")]
    fn signed64(v: __m256i) -> __m256i {
        _mm256_xor_si256(v, _mm256_set1_epi64x(i64::MIN))
    }
}

/// Each key width's entry points: the instantiation of the level asked for.
#[cfg(target_arch = "x86_64")]
macro_rules! sealed {
    ($($t:ty),*) => {$(
        impl private::Sealed for $t {
            unsafe fn sort_raw(
                level: Level,
                a: *mut Self,
                b: *mut Self,
                in_b: bool,
                n: usize,
            ) -> bool {
                // SAFETY: the caller's (`Sealed::sort_raw`)
                match level {
                    Level::Avx512 => unsafe { avx512::sort::<$t>(a, b, in_b, n) },
                    Level::Avx2 => unsafe { avx2::sort::<$t>(a, b, in_b, n) },
                    Level::Baseline | Level::Scalar => return false,
                }
                true
            }
            unsafe fn split_raw(
                level: Level,
                src: *const Self,
                dst: *mut Self,
                n: usize,
            ) -> Option<usize> {
                // SAFETY: the caller's (`Sealed::split_raw`)
                match level {
                    Level::Avx512 => Some(unsafe { avx512::split::<$t>(src, dst, n) }),
                    Level::Avx2 => Some(unsafe { avx2::split::<$t>(src, dst, n) }),
                    Level::Baseline | Level::Scalar => None,
                }
            }
        }
    )*};
}
#[cfg(target_arch = "x86_64")]
sealed!(u32, u64);

#[cfg(test)]
mod tests {
    use super::*;

    fn xorshift(mut s: u64) -> impl FnMut() -> u64 {
        move || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        }
    }

    /// At every vector level the CPU has (AVX2, AVX-512): every length around the leaves'
    /// and registers' sizes, and long runs of random, few-valued, sorted, reversed, extreme
    /// and equal keys, sort as `sort_unstable` sorts them; a split leaves no key of its left part above
    /// one of its right part.
    fn check<K: SortKey + std::fmt::Debug>(make: impl Fn(u64) -> K) {
        let Some(top) = vector_level() else {
            assert!(!sort_keys(
                &mut [make(1), make(0)],
                &mut [MaybeUninit::uninit(); 2]
            ));
            return;
        };
        for level in [Level::Avx2, Level::Avx512] {
            if level <= top {
                check_at(level, &make);
            }
        }
    }

    fn check_at<K: SortKey + std::fmt::Debug>(level: Level, make: &impl Fn(u64) -> K) {
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        let mut lens: Vec<usize> = (0..300).collect();
        lens.extend([511, 512, 513, 1000, 4097, 100_000]);
        for &n in &lens {
            for kind in 0..8 {
                let raw: Vec<u64> = (0..n).map(|_| next()).collect();
                let mut v: Vec<K> = match kind {
                    0 => raw.iter().map(|&r| make(r)).collect(),
                    1 => raw.iter().map(|&r| make(r % 3)).collect(),
                    2 => (0..n as u64).map(&make).collect(),
                    3 => (0..n as u64).rev().map(&make).collect(),
                    // the extremes: the leaves' padding and the sign bit's both sides
                    4 => raw
                        .iter()
                        .map(|&r| make(if r & 1 == 0 { 0 } else { u64::MAX }))
                        .collect(),
                    5 => vec![make(7); n],
                    // magnitudes spread over every width: most keys small (a skewed spread)
                    6 => raw.iter().map(|&r| make(r >> (r % 64))).collect(),
                    // a narrow range, with keys far outside it that a pivot's samples
                    // mostly miss
                    _ => raw
                        .iter()
                        .enumerate()
                        .map(|(i, &r)| match i % 1013 {
                            5 => make(r | 1 << 63),
                            9 => make(r >> 60),
                            _ => make(1 << 40 | r >> 44),
                        })
                        .collect(),
                };
                let mut want = v.clone();
                want.sort_unstable();
                let (keys, mut w) = (v.clone(), v.clone());
                // in place (the keys at `a`), then from the second buffer into the first
                let mut scratch = vec![MaybeUninit::<K>::uninit(); n];
                // SAFETY: `level` is at most the CPU's; both buffers hold `n` keys
                assert!(unsafe {
                    K::sort_raw(level, v.as_mut_ptr(), scratch.as_mut_ptr().cast(), false, n)
                });
                assert_eq!(v, want, "{level:?}: n = {n}, kind {kind}");
                let mut out = vec![make(3); n];
                // SAFETY: as above
                assert!(unsafe { K::sort_raw(level, out.as_mut_ptr(), w.as_mut_ptr(), true, n) });
                assert_eq!(out, want, "{level:?}: into, n = {n}, kind {kind}");
                if n < 2 {
                    continue;
                }
                let mut out = vec![make(3); n];
                // SAFETY: as above, with `n` at least 2
                if let Some(m) = unsafe { K::split_raw(level, keys.as_ptr(), out.as_mut_ptr(), n) }
                {
                    assert!((1..=n).contains(&m));
                    let left = *out[..m].iter().max().unwrap();
                    assert!(
                        out[m..].iter().all(|&k| k >= left),
                        "{level:?}: split n = {n}"
                    );
                    out.sort_unstable();
                    assert_eq!(out, want, "{level:?}: split keeps the keys");
                } else {
                    panic!("{level:?}: no split of {n} keys");
                }
            }
        }
        assert!(!sort_keys(&mut [make(1), make(0)], &mut []));
    }

    /// Batcher's networks sort every input of 0s and 1s (so every input: the 0-1 principle)
    /// with the comparator counts of the merge sort (63 at 16 inputs).
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn batcher_networks_sort() {
        for (n, want) in [(1, 0), (2, 1), (4, 5), (8, 19), (16, 63)] {
            let (pairs, count) = batcher(n);
            assert_eq!(count, want, "{n} inputs");
            for bits in 0u32..1 << n {
                let mut v: Vec<u32> = (0..n).map(|i| bits >> i & 1).collect();
                for &(i, j) in &pairs[..count] {
                    assert!(i < j && j < n);
                    (v[i], v[j]) = (v[i].min(v[j]), v[i].max(v[j]));
                }
                assert!(v.is_sorted(), "{n} inputs: {bits:b}");
            }
        }
    }

    /// The split of a large run shares it evenly between two threads: a million normally
    /// distributed float64 keys (whose split around sixteen samples' median left 70 % on
    /// one side) split within 45-55 % at every vector level the CPU has.
    #[test]
    fn large_splits_are_even() {
        let Some(top) = vector_level() else { return };
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        let mut unit = || (next() >> 11) as f64 / (1u64 << 53) as f64;
        let keys: Vec<u64> = (0..1 << 20)
            .map(|_| {
                let (u, v) = (unit(), unit());
                let x = (-2.0 * (u + 1e-300).ln()).sqrt() * (std::f64::consts::TAU * v).cos();
                let b = x.to_bits();
                if (b as i64) < 0 {
                    !b
                } else {
                    b | 1 << 63
                }
            })
            .collect();
        let n = keys.len();
        for level in [Level::Avx2, Level::Avx512] {
            if level <= top {
                let mut out = vec![0u64; n];
                // SAFETY: `level` is at most the CPU's; both buffers hold `n` keys
                let m = unsafe {
                    <u64 as private::Sealed>::split_raw(level, keys.as_ptr(), out.as_mut_ptr(), n)
                };
                let share = m.unwrap() as f64 / n as f64;
                assert!((0.45..=0.55).contains(&share), "{level:?}: {share}");
            }
        }
    }

    #[test]
    fn u32_keys_sort_as_sort_unstable() {
        check(|r| r as u32);
        check(|r| (r >> 40) as u32 | 0xffff_0000);
    }

    #[test]
    fn u64_keys_sort_as_sort_unstable() {
        check(|r| r);
        check(|r| r | 1 << 63);
    }
}
