//! Sorting of fixed-width unsigned keys (`u32`, `u64`) with AVX-512: a vectorised
//! quicksort, the approach of x86-simd-sort (numpy's sort on AVX-512) and vqsort.
//!
//! - Partitions run a register at a time: one comparison against the pivot, the lanes below
//!   it compressed to the front of the output and the rest to its back (compressed in a
//!   register, then a masked store: a compressing store to memory is microcoded on AMD's
//!   Zen 4). The partition writes beside its input (`scratch`), so each level reads and
//!   writes once and no lane is swapped in place; the levels alternate between the two
//!   buffers and the leaves write into the result.
//! - The pivot is the median of one register of samples taken evenly across the run, sorted
//!   by the network below.
//! - Runs of at most sixteen registers (256 `u32` or 128 `u64` keys) are sorted in
//!   registers by a bitonic network (min/max and lane permutations), padded with the
//!   largest key (sixteen measured 5-10 % faster than eight at 1 M keys).
//! - A run whose pivot is its smallest key is split into the keys equal to the pivot, which
//!   are done, and the rest (so many equal keys cannot recurse forever); recursion deeper
//!   than `2 log2 n + 8` levels (pivots that keep missing) finishes with
//!   `slice::sort_unstable`.
//!
//! Keys are unsigned: callers map their values to keys in the order they want (floats by
//! their sign-adjusted bits, signed integers by flipping the sign bit), and a stable order
//! from an unstable sort by putting the position in the key's low bits.
//!
//! Below [`Level::Avx512`](crate::Level::Avx512) ([`level`](crate::level), `IVY_SIMD`), or off
//! x86-64, [`sort_keys`] and [`split_keys`] do nothing and say so; the caller keeps its own
//! sort for that case.

use std::mem::MaybeUninit;

/// A key [`sort_keys`] orders: `u32` or `u64` (sealed).
pub trait SortKey: Copy + Ord + Send + Sync + 'static + private::Sealed {}

impl SortKey for u32 {}
impl SortKey for u64 {}

mod private {
    use std::mem::MaybeUninit;

    /// The width-specific entry points (sealed: only `u32` and `u64`).
    pub trait Sealed: Sized {
        /// [`super::sort_keys`] at AVX-512.
        fn sort(v: &mut [Self], scratch: &mut [MaybeUninit<Self>]) -> bool;
        /// [`super::split_keys`] at AVX-512.
        fn split(v: &mut [Self], scratch: &mut [MaybeUninit<Self>]) -> Option<usize>;
    }
}

/// Sorts `v` ascending, with `scratch` (at least as long as `v`) as the partitions' second
/// buffer. Returns `false`, leaving `v` as it was, when the vector sort is not available:
/// below the AVX-512 level, off x86-64, or with a `scratch` shorter than `v`.
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
///     assert!(ivy_vecmath::level() < ivy_vecmath::Level::Avx512);
/// }
/// ```
pub fn sort_keys<K: SortKey>(v: &mut [K], scratch: &mut [MaybeUninit<K>]) -> bool {
    if !available() || scratch.len() < v.len() {
        return false;
    }
    K::sort(v, scratch)
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
    if !available() || scratch.len() < v.len() || v.len() < 2 {
        return None;
    }
    K::split(v, scratch)
}

/// Whether the vector sort runs here (the AVX-512 level, x86-64, with `popcnt`, which every
/// AVX-512 CPU has but a virtual one may hide).
fn available() -> bool {
    #[cfg(target_arch = "x86_64")]
    return crate::level() >= crate::Level::Avx512 && std::arch::is_x86_feature_detected!("popcnt");
    #[cfg(not(target_arch = "x86_64"))]
    false
}

#[cfg(not(target_arch = "x86_64"))]
macro_rules! sealed_off {
    ($($t:ty),*) => {$(
        impl private::Sealed for $t {
            fn sort(_: &mut [Self], _: &mut [MaybeUninit<Self>]) -> bool {
                false
            }
            fn split(_: &mut [Self], _: &mut [MaybeUninit<Self>]) -> Option<usize> {
                None
            }
        }
    )*};
}
#[cfg(not(target_arch = "x86_64"))]
sealed_off!(u32, u64);

#[cfg(target_arch = "x86_64")]
mod avx512 {
    use super::private::Sealed;
    use std::arch::x86_64::*;
    use std::mem::MaybeUninit;

    /// One width's register operations (`L` keys to a 512-bit register). Masks are `u32`,
    /// one bit a lane.
    pub(super) trait Lanes: Copy + Ord + 'static {
        /// Keys to a register.
        const L: usize;
        /// The largest key (the leaves' padding).
        const MAX: Self;
        /// The steps `(j, lanes taking the larger key)` of the in-register bitonic sort,
        /// descending (`[0]`) and ascending (`[1]`), the first `SORT_STEPS` of each.
        const SORT: [[(usize, u32); 10]; 2] =
            [sort_steps(Self::L, false), sort_steps(Self::L, true)];
        /// How many steps [`Self::SORT`] holds.
        const SORT_STEPS: usize;
        /// The steps that make a bitonic register monotone, as [`Self::SORT`].
        const MERGE: [[(usize, u32); 10]; 2] =
            [merge_steps(Self::L, false), merge_steps(Self::L, true)];
        /// The register at `p`.
        unsafe fn load(p: *const Self) -> __m512i;
        /// The first `n` (< `L`) keys at `p`, the other lanes `MAX`.
        unsafe fn load_n(p: *const Self, n: usize) -> __m512i;
        /// `v` to `p`.
        unsafe fn store(p: *mut Self, v: __m512i);
        /// `v`'s first `n` lanes to `p`.
        unsafe fn store_n(p: *mut Self, v: __m512i, n: usize);
        /// `x` in every lane.
        unsafe fn splat(x: Self) -> __m512i;
        /// The lanes of `v` below `p` (`LE`: at most `p`).
        unsafe fn below<const LE: bool>(v: __m512i, p: __m512i) -> u32;
        /// The lanes of `m`, packed to the front.
        unsafe fn compress(m: u32, v: __m512i) -> __m512i;
        /// The `c` lanes of `m`, packed to the top.
        unsafe fn compress_top(m: u32, v: __m512i, c: usize) -> __m512i;
        /// Lane-wise minimum.
        unsafe fn vmin(a: __m512i, b: __m512i) -> __m512i;
        /// Lane-wise maximum.
        unsafe fn vmax(a: __m512i, b: __m512i) -> __m512i;
        /// Lane `i` of `v` moved to lane `i ^ j`.
        unsafe fn swap_lanes(v: __m512i, j: usize) -> __m512i;
        /// `b`'s lanes where `m`, `a`'s elsewhere.
        unsafe fn blend(m: u32, a: __m512i, b: __m512i) -> __m512i;
    }

    /// The first `n` bits.
    #[inline(always)]
    fn first(n: usize) -> u32 {
        if n >= 32 {
            u32::MAX
        } else {
            (1 << n) - 1
        }
    }

    macro_rules! lanes {
        ($t:ty, $s:ty, $l:expr, $mask:ty, $set1:ident, $mload:ident, $mstore:ident, $lt:ident,
         $le:ident, $compress:ident, $min:ident, $max:ident, $perm:ident, $blend:ident) => {
            impl Lanes for $t {
                const L: usize = $l;
                const MAX: Self = <$t>::MAX;
                const SORT_STEPS: usize = {
                    let b = ($l as usize).trailing_zeros() as usize;
                    b * (b + 1) / 2
                };
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
                unsafe fn swap_lanes(v: __m512i, j: usize) -> __m512i {
                    // the index vectors of j = 1, 2, 4, 8
                    const SWAP: [[$s; $l]; 4] = {
                        let (mut t, mut q) = ([[0; $l]; 4], 0);
                        while q < 4 {
                            let mut i = 0;
                            while i < $l {
                                t[q][i] = (i ^ (1 << q)) as $s;
                                i += 1;
                            }
                            q += 1;
                        }
                        t
                    };
                    let idx = unsafe {
                        _mm512_loadu_si512(SWAP[j.trailing_zeros() as usize].as_ptr().cast())
                    };
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

    /// The lanes that take the larger key at step `j` of stage `k` of a bitonic sort within
    /// a register of `l` lanes; at `k >= l` the whole register goes one way (`asc`).
    const fn take_max(l: usize, k: usize, j: usize, asc: bool) -> u32 {
        let (mut m, mut lane) = (0, 0);
        while lane < l {
            let up = if k >= l { asc } else { lane & k == 0 };
            if (lane & j != 0) == up {
                m |= 1 << lane;
            }
            lane += 1;
        }
        m
    }

    /// The steps of the in-register bitonic sort of `l` lanes (stages `k = 2, 4, .., l`).
    const fn sort_steps(l: usize, asc: bool) -> [(usize, u32); 10] {
        let (mut out, mut s, mut k) = ([(0, 0); 10], 0, 2);
        while k <= l {
            let mut j = k / 2;
            while j > 0 {
                out[s] = (j, take_max(l, k, j, asc));
                s += 1;
                j /= 2;
            }
            k *= 2;
        }
        out
    }

    /// The last stage's steps alone (a bitonic register to a monotone one).
    const fn merge_steps(l: usize, asc: bool) -> [(usize, u32); 10] {
        let (mut out, mut s, mut j) = ([(0, 0); 10], 0, l / 2);
        while j > 0 {
            out[s] = (j, take_max(l, l, j, asc));
            s += 1;
            j /= 2;
        }
        out
    }

    /// One compare-exchange step between lanes `j` apart.
    #[inline]
    #[target_feature(enable = "avx512f")]
    unsafe fn step<K: Lanes>(v: __m512i, j: usize, take_max: u32) -> __m512i {
        unsafe {
            let p = K::swap_lanes(v, j);
            K::blend(take_max, K::vmin(v, p), K::vmax(v, p))
        }
    }

    /// `v` sorted within the register, ascending (`asc`) or descending.
    #[inline]
    #[target_feature(enable = "avx512f")]
    unsafe fn sort_register<K: Lanes>(mut v: __m512i, asc: bool) -> __m512i {
        for &(j, m) in &K::SORT[usize::from(asc)][..K::SORT_STEPS] {
            v = unsafe { step::<K>(v, j, m) };
        }
        v
    }

    /// A bitonic register made monotone (`asc` or descending).
    #[inline]
    #[target_feature(enable = "avx512f")]
    unsafe fn merge_register<K: Lanes>(mut v: __m512i, asc: bool) -> __m512i {
        for &(j, m) in &K::MERGE[usize::from(asc)][..K::L.trailing_zeros() as usize] {
            v = unsafe { step::<K>(v, j, m) };
        }
        v
    }

    /// The `R * L` keys of `v` sorted ascending across the registers (a bitonic network).
    #[inline]
    #[target_feature(enable = "avx512f")]
    unsafe fn network<K: Lanes, const R: usize>(v: &mut [__m512i; R]) {
        for (r, x) in v.iter_mut().enumerate() {
            *x = unsafe { sort_register::<K>(*x, r % 2 == 0) };
        }
        let mut kr = 2; // the stage's block, in registers
        while kr <= R {
            let mut d = kr / 2;
            while d > 0 {
                for r in 0..R {
                    if r & d == 0 {
                        let (a, b) = (v[r], v[r | d]);
                        let (lo, hi) = unsafe { (K::vmin(a, b), K::vmax(a, b)) };
                        let asc = r & kr == 0;
                        (v[r], v[r | d]) = if asc { (lo, hi) } else { (hi, lo) };
                    }
                }
                d /= 2;
            }
            for (r, x) in v.iter_mut().enumerate() {
                *x = unsafe { merge_register::<K>(*x, r & kr == 0) };
            }
            kr *= 2;
        }
    }

    /// The `n` (at most `R * L`) keys at `src` sorted into `dst` (which may be `src`).
    #[inline]
    #[target_feature(enable = "avx512f")]
    unsafe fn leaf<K: Lanes, const R: usize>(src: *const K, dst: *mut K, n: usize) {
        unsafe {
            let mut v = [K::splat(K::MAX); R];
            for (r, x) in v.iter_mut().enumerate() {
                let lo = r * K::L;
                if lo + K::L <= n {
                    *x = K::load(src.add(lo));
                } else if lo < n {
                    *x = K::load_n(src.add(lo), n - lo);
                }
            }
            network::<K, R>(&mut v);
            for (r, x) in v.iter().enumerate() {
                let lo = r * K::L;
                if lo + K::L <= n {
                    K::store(dst.add(lo), *x);
                } else if lo < n {
                    K::store_n(dst.add(lo), *x, n - lo);
                }
            }
        }
    }

    /// The most keys a leaf sorts.
    const fn leaf_max<K: Lanes>() -> usize {
        16 * K::L
    }

    /// A leaf of the fewest registers that hold `n` keys.
    #[target_feature(enable = "avx512f")]
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
    #[target_feature(enable = "avx512f,popcnt")]
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

    /// The median of `L` keys taken evenly across the `n` (at least `L`) at `p`.
    #[inline]
    #[target_feature(enable = "avx512f")]
    unsafe fn pivot<K: Lanes>(p: *const K, n: usize) -> K {
        unsafe {
            let mut s = [K::MAX; 16];
            let stride = n / K::L;
            for (t, x) in s.iter_mut().take(K::L).enumerate() {
                *x = *p.add(t * stride + stride / 2);
            }
            let v = sort_register::<K>(K::load(s.as_ptr()), true);
            K::store(s.as_mut_ptr(), v);
            s[K::L / 2]
        }
    }

    /// Sorts the `n` keys that are at `b` (`in_b`) or `a` into `a`, the other buffer taking
    /// the partitions.
    #[target_feature(enable = "avx512f,popcnt")]
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

    /// `v` sorted, `scratch` (as long) the second buffer.
    #[target_feature(enable = "avx512f,popcnt")]
    unsafe fn sort<K: Lanes>(v: &mut [K], scratch: &mut [MaybeUninit<K>]) {
        let depth = 2 * (usize::BITS - v.len().leading_zeros()) + 8;
        unsafe {
            quicksort::<K>(
                v.as_mut_ptr(),
                scratch.as_mut_ptr().cast(),
                false,
                v.len(),
                depth,
            )
        }
    }

    /// One partition of `v` (at least 2 keys) around its sampled median, through `scratch`.
    #[target_feature(enable = "avx512f,popcnt")]
    unsafe fn split<K: Lanes>(v: &mut [K], scratch: &mut [MaybeUninit<K>]) -> usize {
        let n = v.len();
        unsafe {
            let (src, dst) = (v.as_mut_ptr(), scratch.as_mut_ptr().cast::<K>());
            let p = if n >= K::L {
                pivot::<K>(src, n)
            } else {
                *src.add(n / 2)
            };
            let mut m = partition::<K, false>(src, dst, n, p);
            if m == 0 {
                m = partition::<K, true>(src, dst, n, p);
            }
            std::ptr::copy_nonoverlapping(dst, src, n);
            m
        }
    }

    macro_rules! sealed {
        ($($t:ty),*) => {$(
            impl Sealed for $t {
                fn sort(v: &mut [Self], scratch: &mut [MaybeUninit<Self>]) -> bool {
                    // SAFETY: called only at the AVX-512 level (`super::available`), with
                    // `scratch` at least as long as `v`
                    unsafe { sort::<$t>(v, &mut scratch[..v.len()]) };
                    true
                }
                fn split(v: &mut [Self], scratch: &mut [MaybeUninit<Self>]) -> Option<usize> {
                    // SAFETY: as above, and `v` holds at least two keys
                    Some(unsafe { split::<$t>(v, &mut scratch[..v.len()]) })
                }
            }
        )*};
    }
    sealed!(u32, u64);
}

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

    /// Every length around the leaves' and registers' sizes, and long runs of random,
    /// few-valued, sorted, reversed and equal keys, sort as `sort_unstable` sorts them; a
    /// split leaves no key of its left part above one of its right part.
    fn check<K: SortKey + std::fmt::Debug>(make: impl Fn(u64) -> K) {
        if !available() {
            return;
        }
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        let mut lens: Vec<usize> = (0..300).collect();
        lens.extend([511, 512, 513, 1000, 4097, 100_000]);
        for &n in &lens {
            for kind in 0..5 {
                let raw: Vec<u64> = (0..n).map(|_| next()).collect();
                let mut v: Vec<K> = match kind {
                    0 => raw.iter().map(|&r| make(r)).collect(),
                    1 => raw.iter().map(|&r| make(r % 3)).collect(),
                    2 => (0..n as u64).map(&make).collect(),
                    3 => (0..n as u64).rev().map(&make).collect(),
                    _ => vec![make(7); n],
                };
                let mut want = v.clone();
                want.sort_unstable();
                let mut scratch = vec![MaybeUninit::uninit(); n];
                let mut w = v.clone();
                assert!(sort_keys(&mut v, &mut scratch));
                assert_eq!(v, want, "n = {n}, kind {kind}");
                if let Some(m) = split_keys(&mut w, &mut scratch) {
                    assert!((1..=n).contains(&m));
                    let left = *w[..m].iter().max().unwrap();
                    assert!(w[m..].iter().all(|&k| k >= left), "split n = {n}");
                    w.sort_unstable();
                    assert_eq!(w, want, "split keeps the keys");
                } else {
                    assert!(n < 2);
                }
            }
        }
        assert!(!sort_keys(&mut [make(1), make(0)], &mut []));
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
