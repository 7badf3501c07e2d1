//! `maximum`, `minimum`: NaN from either side (numpy's, the standard's), else the larger
//! (smaller) value, the first of two equal ones (so `max(0.0, −0.0)` is `0.0` and
//! `max(−0.0, 0.0)` is `−0.0`, as ivy's own loops give): a compare and a select a lane, for
//! element-wise calls ([`crate::zip`]) and for folds ([`crate::fold`]).

use crate::{Binary, Fma};

/// The larger of two values, NaN if either is NaN.
///
/// ```
/// # use std::mem::MaybeUninit;
/// let mut o = [MaybeUninit::uninit(); 2];
/// ivy_vecmath::zip::<f32, ivy_vecmath::Maximum>(&[1.0, f32::NAN], &[2.0, 0.0], &mut o);
/// assert_eq!(unsafe { o[0].assume_init() }, 2.0);
/// assert!(unsafe { o[1].assume_init() }.is_nan());
/// ```
#[derive(Debug)]
pub enum Maximum {}

/// The smaller of two values, NaN if either is NaN.
///
/// ```
/// assert_eq!(ivy_vecmath::fold::<f32, ivy_vecmath::Minimum>(&[3.0, -2.0]), Some(-2.0));
/// ```
#[derive(Debug)]
pub enum Minimum {}

/// `$K` for each float type: `a` where `a $cmp b` or `a` is NaN, else `b` (NaN `b` too).
macro_rules! extreme {
    ($K:ident $cmp:tt: $($t:ty),*) => {$(
        impl Binary<$t> for $K {
            #[inline(always)]
            fn fast<M: Fma>(a: $t, b: $t) -> ($t, bool) {
                (Self::exact(a, b), true)
            }
            #[inline(always)]
            fn exact(a: $t, b: $t) -> $t {
                if a $cmp b || a.is_nan() { a } else { b }
            }
        }
    )*};
}
extreme!(Maximum >=: f32, f64);
extreme!(Minimum <=: f32, f64);

/// [`crate::ArgSlices`]' loop for one float type below AVX2 ([`lanes`] above): the extreme
/// (`MAX`: the largest, else the smallest; NaN if there is one) by [`crate::fold_leaf`]'s
/// vectorised fold, then the first element equal to it (or NaN), found a chunk of 64 at a
/// time (a compare per vector, no branch inside a chunk). A masked-select loop keeping an
/// index per lane ran 3x slower: the compiler kept its lanes in memory.
macro_rules! arg_two_pass {
    ($name:ident, $t:ty) => {
        #[inline(always)]
        pub(crate) fn $name<const MAX: bool, M: Fma>(x: &[$t]) -> Option<usize> {
            let first = *x.first()?;
            let m = crate::fold_leaf::<$t, $t, { crate::FOLD_LANES }>(
                x,
                first,
                |v| v,
                |a, b| {
                    if MAX {
                        Maximum::fast::<M>(a, b).0
                    } else {
                        Minimum::fast::<M>(a, b).0
                    }
                },
            );
            #[allow(clippy::eq_op)]
            let nan = m != m;
            #[allow(clippy::eq_op)]
            let hit = |v: $t| if nan { v != v } else { v == m };
            let mut at = 0;
            for c in x.chunks(64) {
                if c.iter().fold(false, |a, &v| a | hit(v)) {
                    return c.iter().position(|&v| hit(v)).map(|j| at + j);
                }
                at += c.len();
            }
            // the fold's result is one of the elements
            Some(0)
        }
    };
}
arg_two_pass!(arg_f32, f32);
arg_two_pass!(arg_f64, f64);

/// [`crate::ArgSlices`]' loop along a strided axis for one float type: `x` is rows of
/// `best.len()` values; each column's best value and its row kept in locals across four
/// rows at a time (selects, no branches: a vector loop), stored once per four rows. Storing
/// the selects back row by row became masked stores that the next row's loads waited on.
macro_rules! arg_rows {
    ($name:ident, $t:ty) => {
        #[inline(always)]
        pub(crate) fn $name<const MAX: bool>(x: &[$t], best: &mut [$t], at: &mut [i64]) {
            let inner = best.len().min(at.len());
            if inner == 0 {
                return;
            }
            let (best, at) = (&mut best[..inner], &mut at[..inner]);
            // strictly better (a column keeps its first extreme), or the first NaN
            #[allow(clippy::eq_op)]
            let better = |v: $t, b: $t| (if MAX { v > b } else { v < b }) | ((v != v) & (b == b));
            let Some((first, rest)) = x.split_at_checked(inner) else {
                return;
            };
            best.copy_from_slice(first);
            at.fill(0);
            let mut quads = rest.chunks_exact(4 * inner);
            let mut i = 1i64;
            for q in &mut quads {
                let (r0, q) = q.split_at(inner);
                let (r1, q) = q.split_at(inner);
                let (r2, r3) = q.split_at(inner);
                let vals = r0.iter().zip(r1).zip(r2).zip(r3);
                for ((b, o), (((&v0, &v1), &v2), &v3)) in
                    best.iter_mut().zip(at.iter_mut()).zip(vals)
                {
                    let (mut m, mut k) = (*b, *o);
                    for (v, j) in [(v0, i), (v1, i + 1), (v2, i + 2), (v3, i + 3)] {
                        let t = better(v, m);
                        m = if t { v } else { m };
                        k = if t { j } else { k };
                    }
                    (*b, *o) = (m, k);
                }
                i += 4;
            }
            for row in quads.remainder().chunks_exact(inner) {
                for ((b, o), &v) in best.iter_mut().zip(at.iter_mut()).zip(row) {
                    let t = better(v, *b);
                    *b = if t { v } else { *b };
                    *o = if t { i } else { *o };
                }
                i += 1;
            }
        }
    };
}
arg_rows!(arg_rows_f32, f32);
arg_rows!(arg_rows_f64, f64);

/// `argmax` (`MAX`) / `argmin` of `f32` and `f64` in one pass, as numpy's AVX-512 loop does it: four
/// accumulators of (value, index) lanes take each vector's lanes where they are strictly
/// better (so a lane keeps its first extreme), a NaN is only noted (the first NaN is then
/// found by a scan), and the lanes are merged at the end: the extreme, then the smallest
/// index holding it (±0 equal, as the two-pass loop compares). About 2x faster than the
/// two-pass loop on 1000-element lanes; the compiler did not keep a generic select loop's
/// lanes in registers, so this is written with intrinsics, one function per level.
#[cfg(target_arch = "x86_64")]
pub(crate) mod lanes {
    use std::arch::x86_64::*;

    /// The element types the lanes scan.
    pub(crate) trait Lane: Copy + PartialOrd {
        fn nan(self) -> bool;
    }
    impl Lane for f32 {
        fn nan(self) -> bool {
            self.is_nan()
        }
    }
    impl Lane for f64 {
        fn nan(self) -> bool {
            self.is_nan()
        }
    }

    /// The plain scan: the first NaN, else the first extreme (short and very long slices,
    /// and the tail past the last whole step).
    fn scan<const MAX: bool, T: Lane>(x: &[T], mut best: T, mut at: usize, from: usize) -> usize {
        for (j, &y) in x.iter().enumerate().skip(from) {
            if y.nan() {
                return j;
            }
            if if MAX { y > best } else { y < best } {
                best = y;
                at = j;
            }
        }
        at
    }

    /// The first extreme of `x` by the plain scan.
    fn plain<const MAX: bool, T: Lane>(x: &[T]) -> Option<usize> {
        let first = *x.first()?;
        Some(if first.nan() {
            0
        } else {
            scan::<MAX, T>(x, first, 0, 1)
        })
    }

    /// The lanes' merge and the tail: `vals`/`idx` are each lane's extreme and its index.
    fn finish<const MAX: bool, T: Lane>(x: &[T], vals: &[T], idx: &[usize], done: usize) -> usize {
        let (mut best, mut at) = (vals[0], idx[0]);
        for (&b, &a) in vals.iter().zip(idx).skip(1) {
            if (if MAX { b > best } else { b < best }) || (b == best && a < at) {
                best = b;
                at = a;
            }
        }
        scan::<MAX, T>(x, best, at, done)
    }

    /// AVX-512: 4 x 16 lanes.
    ///
    /// # Safety
    /// The CPU has AVX-512 F.
    #[target_feature(enable = "avx512f,avx512dq,avx512vl,avx512bw,avx2,fma")]
    pub(crate) unsafe fn arg_f32_avx512<const MAX: bool>(x: &[f32]) -> Option<usize> {
        const W: usize = 16;
        let n = x.len();
        if n < 4 * W || n > i32::MAX as usize {
            return plain::<MAX, f32>(x);
        }
        let p = x.as_ptr();
        let better = |y: __m512, v: __m512| {
            if MAX {
                _mm512_cmp_ps_mask::<_CMP_GT_OQ>(y, v)
            } else {
                _mm512_cmp_ps_mask::<_CMP_LT_OQ>(y, v)
            }
        };
        let lane = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
        // SAFETY (every load): offsets below `i + 4 W <= n`
        let mut v = [0, 1, 2, 3].map(|k| unsafe { _mm512_loadu_ps(p.add(k * W)) });
        let mut ix =
            [0, 1, 2, 3].map(|k| _mm512_add_epi32(lane, _mm512_set1_epi32((k * W) as i32)));
        let mut cur = ix;
        let mut nan: __mmask16 = 0;
        for vk in v {
            nan |= _mm512_cmp_ps_mask::<_CMP_UNORD_Q>(vk, vk);
        }
        let step = _mm512_set1_epi32(4 * W as i32);
        let mut i = 4 * W;
        while i + 4 * W <= n {
            for k in 0..4 {
                let y = unsafe { _mm512_loadu_ps(p.add(i + k * W)) };
                cur[k] = _mm512_add_epi32(cur[k], step);
                let m = better(y, v[k]);
                v[k] = _mm512_mask_mov_ps(v[k], m, y);
                ix[k] = _mm512_mask_mov_epi32(ix[k], m, cur[k]);
                nan |= _mm512_cmp_ps_mask::<_CMP_UNORD_Q>(y, y);
            }
            i += 4 * W;
        }
        // the last elements: one more step over the final 4 W (some seen again, at their
        // own indices, which cannot change the first extreme), not a scalar tail
        if i < n {
            let base = n - 4 * W;
            // SAFETY (every load): `base + 4 W = n`
            for k in 0..4 {
                let at = base + k * W;
                let y = unsafe { _mm512_loadu_ps(p.add(at)) };
                let c = _mm512_add_epi32(lane, _mm512_set1_epi32(at as i32));
                let m = better(y, v[k]);
                v[k] = _mm512_mask_mov_ps(v[k], m, y);
                ix[k] = _mm512_mask_mov_epi32(ix[k], m, c);
                nan |= _mm512_cmp_ps_mask::<_CMP_UNORD_Q>(y, y);
            }
            i = n;
        }
        if nan != 0 {
            return x.iter().position(|v| v.is_nan());
        }
        for k in 1..4 {
            let tie = _mm512_cmp_ps_mask::<_CMP_EQ_OQ>(v[k], v[0])
                & _mm512_cmplt_epi32_mask(ix[k], ix[0]);
            let m = better(v[k], v[0]) | tie;
            v[0] = _mm512_mask_mov_ps(v[0], m, v[k]);
            ix[0] = _mm512_mask_mov_epi32(ix[0], m, ix[k]);
        }
        let (mut vals, mut idx) = ([0f32; W], [0i32; W]);
        // SAFETY: W-lane stores into W-element arrays
        unsafe {
            _mm512_storeu_ps(vals.as_mut_ptr(), v[0]);
            _mm512_storeu_si512(idx.as_mut_ptr().cast(), ix[0]);
        }
        Some(finish::<MAX, f32>(x, &vals, &idx.map(|a| a as usize), i))
    }

    /// AVX2: 4 x 8 lanes.
    ///
    /// # Safety
    /// The CPU has AVX2.
    #[target_feature(enable = "avx2,fma")]
    pub(crate) unsafe fn arg_f32_avx2<const MAX: bool>(x: &[f32]) -> Option<usize> {
        const W: usize = 8;
        let n = x.len();
        if n < 4 * W || n > i32::MAX as usize {
            return plain::<MAX, f32>(x);
        }
        let p = x.as_ptr();
        let better = |y: __m256, v: __m256| {
            if MAX {
                _mm256_cmp_ps::<_CMP_GT_OQ>(y, v)
            } else {
                _mm256_cmp_ps::<_CMP_LT_OQ>(y, v)
            }
        };
        let lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
        // SAFETY (every load): offsets below `i + 4 W <= n`
        let mut v = [0, 1, 2, 3].map(|k| unsafe { _mm256_loadu_ps(p.add(k * W)) });
        let mut ix =
            [0, 1, 2, 3].map(|k| _mm256_add_epi32(lane, _mm256_set1_epi32((k * W) as i32)));
        let mut cur = ix;
        let mut nan = _mm256_setzero_ps();
        for vk in v {
            nan = _mm256_or_ps(nan, _mm256_cmp_ps::<_CMP_UNORD_Q>(vk, vk));
        }
        let step = _mm256_set1_epi32(4 * W as i32);
        let mut i = 4 * W;
        while i + 4 * W <= n {
            for k in 0..4 {
                let y = unsafe { _mm256_loadu_ps(p.add(i + k * W)) };
                cur[k] = _mm256_add_epi32(cur[k], step);
                let m = better(y, v[k]);
                v[k] = _mm256_blendv_ps(v[k], y, m);
                ix[k] = _mm256_blendv_epi8(ix[k], cur[k], _mm256_castps_si256(m));
                nan = _mm256_or_ps(nan, _mm256_cmp_ps::<_CMP_UNORD_Q>(y, y));
            }
            i += 4 * W;
        }
        // the last elements: one more step over the final 4 W (some seen again, at their
        // own indices, which cannot change the first extreme), not a scalar tail
        if i < n {
            let base = n - 4 * W;
            // SAFETY (every load): `base + 4 W = n`
            for k in 0..4 {
                let at = base + k * W;
                let y = unsafe { _mm256_loadu_ps(p.add(at)) };
                let c = _mm256_add_epi32(lane, _mm256_set1_epi32(at as i32));
                let m = better(y, v[k]);
                v[k] = _mm256_blendv_ps(v[k], y, m);
                ix[k] = _mm256_blendv_epi8(ix[k], c, _mm256_castps_si256(m));
                nan = _mm256_or_ps(nan, _mm256_cmp_ps::<_CMP_UNORD_Q>(y, y));
            }
            i = n;
        }
        if _mm256_movemask_ps(nan) != 0 {
            return x.iter().position(|v| v.is_nan());
        }
        for k in 1..4 {
            let tie = _mm256_and_ps(
                _mm256_cmp_ps::<_CMP_EQ_OQ>(v[k], v[0]),
                _mm256_castsi256_ps(_mm256_cmpgt_epi32(ix[0], ix[k])),
            );
            let m = _mm256_or_ps(better(v[k], v[0]), tie);
            v[0] = _mm256_blendv_ps(v[0], v[k], m);
            ix[0] = _mm256_blendv_epi8(ix[0], ix[k], _mm256_castps_si256(m));
        }
        let (mut vals, mut idx) = ([0f32; W], [0i32; W]);
        // SAFETY: W-lane stores into W-element arrays
        unsafe {
            _mm256_storeu_ps(vals.as_mut_ptr(), v[0]);
            _mm256_storeu_si256(idx.as_mut_ptr().cast(), ix[0]);
        }
        Some(finish::<MAX, f32>(x, &vals, &idx.map(|a| a as usize), i))
    }

    /// AVX-512, float64: 4 x 8 lanes, 64-bit indices.
    ///
    /// # Safety
    /// The CPU has AVX-512 F.
    #[target_feature(enable = "avx512f,avx512dq,avx512vl,avx512bw,avx2,fma")]
    pub(crate) unsafe fn arg_f64_avx512<const MAX: bool>(x: &[f64]) -> Option<usize> {
        const W: usize = 8;
        let n = x.len();
        if n < 4 * W {
            return plain::<MAX, f64>(x);
        }
        let p = x.as_ptr();
        let better = |y: __m512d, v: __m512d| {
            if MAX {
                _mm512_cmp_pd_mask::<_CMP_GT_OQ>(y, v)
            } else {
                _mm512_cmp_pd_mask::<_CMP_LT_OQ>(y, v)
            }
        };
        let lane = _mm512_setr_epi64(0, 1, 2, 3, 4, 5, 6, 7);
        // SAFETY (every load): offsets below `i + 4 W <= n`
        let mut v = [0, 1, 2, 3].map(|k| unsafe { _mm512_loadu_pd(p.add(k * W)) });
        let mut ix =
            [0, 1, 2, 3].map(|k| _mm512_add_epi64(lane, _mm512_set1_epi64((k * W) as i64)));
        let mut cur = ix;
        let mut nan: __mmask8 = 0;
        for vk in v {
            nan |= _mm512_cmp_pd_mask::<_CMP_UNORD_Q>(vk, vk);
        }
        let step = _mm512_set1_epi64(4 * W as i64);
        let mut i = 4 * W;
        while i + 4 * W <= n {
            for k in 0..4 {
                let y = unsafe { _mm512_loadu_pd(p.add(i + k * W)) };
                cur[k] = _mm512_add_epi64(cur[k], step);
                let m = better(y, v[k]);
                v[k] = _mm512_mask_mov_pd(v[k], m, y);
                ix[k] = _mm512_mask_mov_epi64(ix[k], m, cur[k]);
                nan |= _mm512_cmp_pd_mask::<_CMP_UNORD_Q>(y, y);
            }
            i += 4 * W;
        }
        // the last elements: one more step over the final 4 W (some seen again, at their
        // own indices, which cannot change the first extreme), not a scalar tail
        if i < n {
            let base = n - 4 * W;
            // SAFETY (every load): `base + 4 W = n`
            for k in 0..4 {
                let at = base + k * W;
                let y = unsafe { _mm512_loadu_pd(p.add(at)) };
                let c = _mm512_add_epi64(lane, _mm512_set1_epi64(at as i64));
                let m = better(y, v[k]);
                v[k] = _mm512_mask_mov_pd(v[k], m, y);
                ix[k] = _mm512_mask_mov_epi64(ix[k], m, c);
                nan |= _mm512_cmp_pd_mask::<_CMP_UNORD_Q>(y, y);
            }
            i = n;
        }
        if nan != 0 {
            return x.iter().position(|v| v.is_nan());
        }
        for k in 1..4 {
            let tie = _mm512_cmp_pd_mask::<_CMP_EQ_OQ>(v[k], v[0])
                & _mm512_cmplt_epi64_mask(ix[k], ix[0]);
            let m = better(v[k], v[0]) | tie;
            v[0] = _mm512_mask_mov_pd(v[0], m, v[k]);
            ix[0] = _mm512_mask_mov_epi64(ix[0], m, ix[k]);
        }
        let (mut vals, mut idx) = ([0f64; W], [0i64; W]);
        // SAFETY: W-lane stores into W-element arrays
        unsafe {
            _mm512_storeu_pd(vals.as_mut_ptr(), v[0]);
            _mm512_storeu_si512(idx.as_mut_ptr().cast(), ix[0]);
        }
        Some(finish::<MAX, f64>(x, &vals, &idx.map(|a| a as usize), i))
    }

    /// AVX2, float64: 4 x 4 lanes, 64-bit indices.
    ///
    /// # Safety
    /// The CPU has AVX2.
    #[target_feature(enable = "avx2,fma")]
    pub(crate) unsafe fn arg_f64_avx2<const MAX: bool>(x: &[f64]) -> Option<usize> {
        const W: usize = 4;
        let n = x.len();
        if n < 4 * W {
            return plain::<MAX, f64>(x);
        }
        let p = x.as_ptr();
        let better = |y: __m256d, v: __m256d| {
            if MAX {
                _mm256_cmp_pd::<_CMP_GT_OQ>(y, v)
            } else {
                _mm256_cmp_pd::<_CMP_LT_OQ>(y, v)
            }
        };
        let lane = _mm256_setr_epi64x(0, 1, 2, 3);
        // SAFETY (every load): offsets below `i + 4 W <= n`
        let mut v = [0, 1, 2, 3].map(|k| unsafe { _mm256_loadu_pd(p.add(k * W)) });
        let mut ix =
            [0, 1, 2, 3].map(|k| _mm256_add_epi64(lane, _mm256_set1_epi64x((k * W) as i64)));
        let mut cur = ix;
        let mut nan = _mm256_setzero_pd();
        for vk in v {
            nan = _mm256_or_pd(nan, _mm256_cmp_pd::<_CMP_UNORD_Q>(vk, vk));
        }
        let step = _mm256_set1_epi64x(4 * W as i64);
        let mut i = 4 * W;
        while i + 4 * W <= n {
            for k in 0..4 {
                let y = unsafe { _mm256_loadu_pd(p.add(i + k * W)) };
                cur[k] = _mm256_add_epi64(cur[k], step);
                let m = better(y, v[k]);
                v[k] = _mm256_blendv_pd(v[k], y, m);
                ix[k] = _mm256_blendv_epi8(ix[k], cur[k], _mm256_castpd_si256(m));
                nan = _mm256_or_pd(nan, _mm256_cmp_pd::<_CMP_UNORD_Q>(y, y));
            }
            i += 4 * W;
        }
        // the last elements: one more step over the final 4 W (some seen again, at their
        // own indices, which cannot change the first extreme), not a scalar tail
        if i < n {
            let base = n - 4 * W;
            // SAFETY (every load): `base + 4 W = n`
            for k in 0..4 {
                let at = base + k * W;
                let y = unsafe { _mm256_loadu_pd(p.add(at)) };
                let c = _mm256_add_epi64(lane, _mm256_set1_epi64x(at as i64));
                let m = better(y, v[k]);
                v[k] = _mm256_blendv_pd(v[k], y, m);
                ix[k] = _mm256_blendv_epi8(ix[k], c, _mm256_castpd_si256(m));
                nan = _mm256_or_pd(nan, _mm256_cmp_pd::<_CMP_UNORD_Q>(y, y));
            }
            i = n;
        }
        if _mm256_movemask_pd(nan) != 0 {
            return x.iter().position(|v| v.is_nan());
        }
        for k in 1..4 {
            let tie = _mm256_and_pd(
                _mm256_cmp_pd::<_CMP_EQ_OQ>(v[k], v[0]),
                _mm256_castsi256_pd(_mm256_cmpgt_epi64(ix[0], ix[k])),
            );
            let m = _mm256_or_pd(better(v[k], v[0]), tie);
            v[0] = _mm256_blendv_pd(v[0], v[k], m);
            ix[0] = _mm256_blendv_epi8(ix[0], ix[k], _mm256_castpd_si256(m));
        }
        let (mut vals, mut idx) = ([0f64; W], [0i64; W]);
        // SAFETY: W-lane stores into W-element arrays
        unsafe {
            _mm256_storeu_pd(vals.as_mut_ptr(), v[0]);
            _mm256_storeu_si256(idx.as_mut_ptr().cast(), ix[0]);
        }
        Some(finish::<MAX, f64>(x, &vals, &idx.map(|a| a as usize), i))
    }
}
