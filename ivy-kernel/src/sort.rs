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
//! Lanes of at least `RADIX_MIN` real or integer values sort by a stable LSD radix sort of
//! an order-preserving integer key (`radix_key`: the same order, ties kept in place);
//! shorter lanes and complex values by `slice::sort_by` (stable) with the comparator.

use crate::elem::Elem;
use crate::init_mut;
use ivy_core::DtypeKind;
use ivy_core::{Error, Result};
use std::cmp::Ordering;
use std::mem::MaybeUninit;

/// Reals: by value, `-0.0 == +0.0`, NaN after every number and equal to NaN.
fn nan_last(a: f64, b: f64) -> Ordering {
    match (a.is_nan(), b.is_nan()) {
        (false, false) => a.partial_cmp(&b).unwrap_or(Ordering::Equal),
        (x, y) => x.cmp(&y),
    }
}

/// `x` is NaN (complex: either part is).
pub fn is_nan<T: Elem>(x: T) -> bool {
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
pub fn is_nonzero<T: Elem>(x: T) -> bool {
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
pub fn ascending<T: Elem>(a: T, b: T) -> Ordering {
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
pub fn descending<T: Elem>(a: T, b: T) -> Ordering {
    match (is_nan(a), is_nan(b)) {
        (false, false) => ascending(b, a),
        (true, true) => ascending(a, b),
        (x, y) => x.cmp(&y),
    }
}

/// An array of `shape` seen as lanes along `axis`: `(outer, n, inner)`, lane `(o, i)`
/// holding the elements `o * n * inner + k * inner + i`, `k < n`.
#[inline]
pub fn lanes(shape: &[usize], axis: usize) -> (usize, usize, usize) {
    let outer = shape[..axis].iter().product();
    let n = shape.get(axis).copied().unwrap_or(1);
    let inner = shape.get(axis + 1..).map_or(1, |s| s.iter().product());
    (outer, n, inner)
}

/// Lanes at least this long sort by radix (below it, `sort_by`'s insertion and merge steps
/// beat the radix sort's histograms).
const RADIX_MIN: usize = 512;

/// The radix sort's digit (11 bits: 2048 buckets, three passes for 32-bit keys).
const DIGIT: u32 = 11;

/// The width of `T`'s radix key, `None` for complex values (compared, not keyed).
fn radix_bits<T: Elem>() -> Option<u32> {
    match T::DTYPE.kind() {
        DtypeKind::Complex => None,
        DtypeKind::Float if T::DTYPE == ivy_core::Dtype::Float64 => Some(64),
        // float16 and bfloat16 through their exact float32 values
        DtypeKind::Float => Some(32),
        DtypeKind::Int | DtypeKind::Uint | DtypeKind::Bool => Some(T::DTYPE.bits()),
    }
}

/// `x`'s radix key: unsigned, of [`radix_bits`] bits, ordered as [`ascending`] (`desc`:
/// [`descending`]) orders the values, equal exactly where they compare equal (`-0.0` and
/// `0.0`; every NaN, which takes the largest key either way).
#[inline(always)]
fn radix_key<T: Elem>(x: T, desc: bool) -> u64 {
    let (k, bits, nan) = match T::DTYPE.kind() {
        DtypeKind::Float => {
            let v = x.to_f64();
            if T::DTYPE == ivy_core::Dtype::Float64 {
                let b = if v == 0.0 { 0 } else { v.to_bits() };
                let k = if b >> 63 == 1 { !b } else { b | 1 << 63 };
                (if v.is_nan() { u64::MAX } else { k }, 64, v.is_nan())
            } else {
                let b = if v == 0.0 { 0 } else { (v as f32).to_bits() };
                let k = if b >> 31 == 1 { !b } else { b | 1 << 31 };
                (if v.is_nan() { u32::MAX } else { k } as u64, 32, v.is_nan())
            }
        }
        _ => {
            let bits = T::DTYPE.bits();
            let min = if T::DTYPE.kind() == DtypeKind::Int {
                -(1i128 << (bits - 1))
            } else {
                0
            };
            ((x.to_i128() - min) as u64, bits, false)
        }
    };
    if desc && !nan {
        !k & (u64::MAX >> (64 - bits))
    } else {
        k
    }
}

/// Stable LSD radix sort of `v` by `key` (`bits` wide), `scratch` at least as long: one
/// pass counts every digit, then one scatter per digit that is not the same for all.
fn radix_sort<T: Copy>(
    v: &mut [T],
    scratch: &mut [std::mem::MaybeUninit<T>],
    bits: u32,
    key: impl Fn(T) -> u64,
) {
    let n = v.len();
    assert!(
        scratch.len() >= n,
        "radix_sort: scratch shorter than the values"
    );
    const MASK: u64 = (1 << DIGIT) - 1;
    let passes = bits.div_ceil(DIGIT) as usize;
    let mut counts = vec![[0usize; 1 << DIGIT]; passes];
    for &x in v.iter() {
        let k = key(x);
        for (p, c) in counts.iter_mut().enumerate() {
            c[((k >> (p as u32 * DIGIT)) & MASK) as usize] += 1;
        }
    }
    let (mut from, mut to): (*mut T, *mut T) = (v.as_mut_ptr(), scratch.as_mut_ptr().cast());
    let mut in_scratch = false;
    for (p, c) in counts.iter_mut().enumerate() {
        if c.contains(&n) {
            continue; // every key has this digit: the order stays
        }
        let mut sum = 0;
        for m in c.iter_mut() {
            (*m, sum) = (sum, sum + *m);
        }
        for i in 0..n {
            // SAFETY: `from` holds n values (v, or scratch after a full scatter)
            let x = unsafe { *from.add(i) };
            let d = ((key(x) >> (p as u32 * DIGIT)) & MASK) as usize;
            // SAFETY: the prefix sums place each of the n values at a distinct slot < n
            unsafe { to.add(c[d]).write(x) };
            c[d] += 1;
        }
        (from, to) = (to, from);
        in_scratch = !in_scratch;
    }
    if in_scratch {
        // SAFETY: scratch's first n slots hold the sorted values; `v` is n long
        unsafe { std::ptr::copy_nonoverlapping(from, v.as_mut_ptr(), n) };
    }
}

/// Sorts a lane, the values of `src`, into `dst` (as long): real and integer values of 4
/// or 8 bytes by their order-preserving words ([`sort_as_words`]); other keyed values by
/// radix when the lane is long; the rest (complex values, short lanes of narrow ones) by
/// `sort_by` with the comparator. `flat`: the same values as a slice, when the lane is
/// contiguous (its word conversions then split over the cores when large).
fn sort_lane<T: Elem>(
    op: &'static str,
    src: impl ExactSizeIterator<Item = T> + Clone,
    flat: Option<&[T]>,
    dst: &mut [MaybeUninit<T>],
    desc: bool,
    scratch: &mut Vec<T>,
) -> Result<()> {
    let n = dst.len();
    // every slot of `dst` (and of the words) is written from `src`, one value each
    assert_eq!(src.len(), n, "sort_lane: a source as long as the lane");
    let mut reserve = || -> Result<()> {
        if scratch.capacity() < n {
            *scratch = crate::alloc::try_vec::<T>(op, n)?;
        }
        Ok(())
    };
    let words = word_width::<T>().filter(|_| n >= WORDS_MIN);
    if let Some(w) = words {
        reserve()?;
        return if w == 32 {
            sort_as_words::<T, u32>(op, src, flat, dst, desc, scratch)
        } else {
            sort_as_words::<T, u64>(op, src, flat, dst, desc, scratch)
        };
    }
    for (d, x) in dst.iter_mut().zip(src) {
        d.write(x);
    }
    // SAFETY: every slot of `dst` was written just above
    let lane = unsafe { init_mut(dst) };
    match radix_bits::<T>() {
        Some(bits) if n >= RADIX_MIN => {
            reserve()?;
            radix_sort(lane, scratch.spare_capacity_mut(), bits, |x| {
                radix_key(x, desc)
            });
        }
        _ => {
            let cmp = order_fn::<T>(desc);
            lane.sort_by(|&a, &b| cmp(a, b));
        }
    }
    Ok(())
}

/// `s`'s slots as words of `W`, as wide and as aligned as `T`.
///
/// # Safety
/// `T` is a real or integer type exactly as wide as `W` (`word_width`): a primitive of
/// that width, as aligned, every bit pattern both a `T` and a `W`.
unsafe fn as_words<T, W>(s: &mut [MaybeUninit<T>]) -> &mut [MaybeUninit<W>] {
    debug_assert_eq!(std::mem::size_of::<T>(), std::mem::size_of::<W>());
    // SAFETY: the caller's
    unsafe { std::slice::from_raw_parts_mut(s.as_mut_ptr().cast(), s.len()) }
}

/// Lanes at least this long sort as words (shorter ones: a few comparisons, less than the
/// words' passes cost).
const WORDS_MIN: usize = 8;

/// A word of a keyed sort: `u32` (the keys of 4-byte values, the argsort words of short
/// keys) or `u64`.
trait Word:
    ivy_vecmath::sort::SortKey
    + std::ops::Not<Output = Self>
    + std::ops::BitAnd<Output = Self>
    + std::ops::BitOr<Output = Self>
    + std::ops::BitXor<Output = Self>
{
    /// The top bit.
    const SIGN: Self;
    /// The bits of the float of this width's infinity.
    const INF: Self;
    /// No bit.
    const ZERO: Self;
    /// Every bit.
    const ONES: Self;
    /// The width.
    const BITS: u32;
    /// `x`'s bits (`T` exactly as wide as `Self`).
    fn of<T: Copy>(x: T) -> Self;
    /// The `T` of these bits.
    fn to<T: Copy>(self) -> T;
    /// Every bit set where the top bit is, none where it is not.
    fn spread_sign(self) -> Self;
    /// As a `u64` (the radix sort's key).
    fn wide(self) -> u64;
}

macro_rules! word {
    ($($w:ty, $inf:expr);*) => {$(
        impl Word for $w {
            const SIGN: Self = 1 << (<$w>::BITS - 1);
            const INF: Self = $inf;
            const ZERO: Self = 0;
            const ONES: Self = <$w>::MAX;
            const BITS: u32 = <$w>::BITS;
            #[inline(always)]
            fn of<T: Copy>(x: T) -> Self {
                assert!(std::mem::size_of::<T>() == std::mem::size_of::<$w>(), "a word of another width");
                // SAFETY: as wide (checked above; `word_width` dispatches only such `T`s), and
                // every bit pattern is a word
                unsafe { std::mem::transmute_copy(&x) }
            }
            #[inline(always)]
            fn to<T: Copy>(self) -> T {
                assert!(std::mem::size_of::<T>() == std::mem::size_of::<$w>(), "a word of another width");
                // SAFETY: as wide; `to` is only called for the real and integer types of
                // this width, whose every bit pattern is a value
                unsafe { std::mem::transmute_copy(&self) }
            }
            #[inline(always)]
            fn spread_sign(self) -> Self {
                (self >> (<$w>::BITS - 1)).wrapping_neg()
            }
            #[inline(always)]
            fn wide(self) -> u64 {
                self as u64
            }
        }
    )*};
}
word!(u32, 0x7f80_0000; u64, 0x7ff0_0000_0000_0000);

/// The word width of `T`'s keyed sort: 32 for float32, int32 and uint32, 64 for float64,
/// int64 and uint64; `None` for the rest (complex values; narrower ones, which the radix
/// sort's two passes or fewer serve).
fn word_width<T: Elem>() -> Option<u32> {
    use ivy_core::Dtype::*;
    match T::DTYPE {
        Float32 | Int32 | Uint32 => Some(32),
        Float64 | Int64 | Uint64 => Some(64),
        _ => None,
    }
}

/// `x`'s word: the `radix_key` order, computed from `x`'s bits without a branch. Equal
/// exactly where the values compare equal: `-0.0` takes `+0.0`'s word and every NaN the
/// largest word, either way (the values of those runs are put back after the sort).
#[inline(always)]
fn word_key<T: Elem, W: Word>(x: T, desc: bool) -> W {
    let b = W::of(x);
    let k = match T::DTYPE.kind() {
        DtypeKind::Float => {
            // selects, not branches: a vector loop ([`ToWords`])
            let abs = b & !W::SIGN;
            let k = if abs == W::ZERO {
                W::SIGN
            } else {
                b ^ (b.spread_sign() | W::SIGN)
            };
            let k = if desc { !k } else { k };
            return if abs > W::INF { W::ONES } else { k };
        }
        DtypeKind::Int => b ^ W::SIGN,
        _ => b,
    };
    if desc {
        !k
    } else {
        k
    }
}

/// [`sort_as_words`]' first pass, at the CPU's vector width ([`ivy_vecmath::vectorised`]):
/// each value of `src` as its word into `keys`; returns whether a `-0.0` or a NaN was seen.
struct ToWords<'a, W, I> {
    src: I,
    keys: &'a mut [MaybeUninit<W>],
    desc: bool,
}

impl<T: Elem, W: Word, I: Iterator<Item = T>> ivy_vecmath::VectorLoop for ToWords<'_, W, I> {
    type Output = bool;
    #[inline(always)]
    fn run(self) -> bool {
        let float = T::DTYPE.kind() == DtypeKind::Float;
        let mut odd = false;
        for (k, x) in self.keys.iter_mut().zip(self.src) {
            let b = W::of(x);
            odd |= float & ((b == W::SIGN) | ((b & !W::SIGN) > W::INF));
            k.write(word_key::<T, W>(x, self.desc));
        }
        odd
    }
}

/// [`sort_as_words`]' last pass, at the CPU's vector width: each word back to its value's
/// bits.
struct FromWords<'a, T, W> {
    words: &'a mut [W],
    desc: bool,
    value: std::marker::PhantomData<T>,
}

impl<T: Elem, W: Word> ivy_vecmath::VectorLoop for FromWords<'_, T, W> {
    type Output = ();
    #[inline(always)]
    fn run(self) {
        for w in self.words.iter_mut() {
            *w = W::of(word_value::<T, W>(*w, self.desc));
        }
    }
}

/// The value of a non-NaN word (NaN's word gives a NaN of other bits).
#[inline(always)]
fn word_value<T: Elem, W: Word>(k: W, desc: bool) -> T {
    let k = if desc { !k } else { k };
    let b = match T::DTYPE.kind() {
        DtypeKind::Float => k ^ (!k.spread_sign() | W::SIGN),
        DtypeKind::Int => k ^ W::SIGN,
        _ => k,
    };
    b.to()
}

/// Sorts the values of `src` (a real or integer `T` exactly as wide as `W`; `flat`, the
/// same as a slice when contiguous) into `dst` by their words: each value's word written
/// into `scratch` (with one look for `-0.0` and NaN on the way; on both cores when `flat`
/// is large, as is the way back), the words sorted from there into `dst` ([`sort_words_into`]; equal
/// words are equal bits, so an unstable sort is stable), each word back to its value.
/// Floats' `-0.0` and NaNs, whose words they share with other bits, are kept aside in
/// their order when present and put back on their runs: the sort stays stable. One read of
/// the values, no copy of them into the result first.
fn sort_as_words<T: Elem, W: Word>(
    op: &'static str,
    src: impl ExactSizeIterator<Item = T> + Clone,
    flat: Option<&[T]>,
    dst: &mut [MaybeUninit<T>],
    desc: bool,
    scratch: &mut Vec<T>,
) -> Result<()> {
    let n = dst.len();
    assert_eq!(src.len(), n, "sort_as_words: a source as long as the lane");
    let abs = |x: &T| W::of(*x) & !W::SIGN;
    let (is_zero, is_nan) = (|x: &T| abs(x) == W::ZERO, |x: &T| abs(x) > W::INF);
    // SAFETY: `T` is as wide as `W` (`word_width`), and `sort_lane` reserved at least the
    // lane's length
    let keys = unsafe { as_words::<T, W>(&mut scratch.spare_capacity_mut()[..n]) };
    // only a -0.0 or a NaN needs putting back (+0.0 is its word's own value); a contiguous
    // lane converts on both cores when large
    let odd = match flat {
        Some(xs) => {
            let slots = crate::par::Shared(keys.as_mut_ptr());
            let part = |lo: usize, hi: usize| {
                // SAFETY: the parts are disjoint ranges of the `n` keys
                let keys = unsafe { slots.range(lo, hi) };
                let src = xs[lo..hi].iter().copied();
                ivy_vecmath::vectorised(ToWords { src, keys, desc })
            };
            crate::par::reduce_parts(n, 2 * size_of::<T>(), &part, &|a, b| a | b)
        }
        None => ivy_vecmath::vectorised(ToWords {
            src: src.clone(),
            keys: &mut *keys,
            desc,
        }),
    };
    let (mut zeros, mut nans) = (Vec::new(), Vec::new());
    if odd {
        zeros = crate::alloc::try_vec::<T>(op, src.clone().filter(is_zero).count())?;
        nans = crate::alloc::try_vec::<T>(op, src.clone().filter(is_nan).count())?;
        zeros.extend(src.clone().filter(is_zero));
        nans.extend(src.filter(is_nan));
    }
    // SAFETY: every key was written above
    let keys = unsafe { init_mut(keys) };
    // SAFETY: as above
    let out = unsafe { as_words::<T, W>(dst) };
    sort_words_into(keys, out, rayon::current_num_threads());
    // SAFETY: `sort_words_into` wrote every word of `out`
    let words = unsafe { init_mut(out) };
    let zero_at = words.partition_point(|&k| k < if desc { !W::SIGN } else { W::SIGN });
    let slots = crate::par::Shared(words.as_mut_ptr().cast::<MaybeUninit<W>>());
    crate::par::parts(n, 2 * size_of::<W>(), &|lo, hi| {
        // SAFETY: the parts are disjoint ranges of the `n` words, each written above
        let words = unsafe { init_mut(slots.range(lo, hi)) };
        ivy_vecmath::vectorised(FromWords::<T, W> {
            words,
            desc,
            value: std::marker::PhantomData,
        });
    });
    // SAFETY: every slot of `dst` holds a value (the words' bits)
    let lane = unsafe { init_mut(dst) };
    lane[zero_at..zero_at + zeros.len()].copy_from_slice(&zeros);
    lane[n - nans.len()..].copy_from_slice(&nans);
    Ok(())
}

/// Sorts the words of `keys` ascending into `out` (as long), `keys` left as the second
/// buffer: split around a sampled median straight into `out` and the parts sorted there on
/// two threads ([`sort_words`]) when large, else one vector sort from `keys` into `out`;
/// without the vector sort, a copy and [`sort_words`].
fn sort_words_into<W: Word>(keys: &mut [W], out: &mut [MaybeUninit<W>], ways: usize) {
    /// `keys` as the second buffer (once nothing else reads them).
    ///
    /// # Safety
    /// Only words are written through the result (it leaves no slot of `keys`
    /// uninitialised).
    unsafe fn second<W>(keys: &mut [W]) -> &mut [MaybeUninit<W>] {
        // SAFETY: `MaybeUninit<W>` has `W`'s layout; the caller's
        unsafe { &mut *(keys as *mut [W] as *mut [MaybeUninit<W>]) }
    }
    if ways > 1
        && std::mem::size_of_val(keys) >= crate::par::PAR_MIN_BYTES
        && let Some(m) = ivy_vecmath::sort::split_keys_into(keys, out)
    {
        // SAFETY: the split wrote every word of `out`
        let out = unsafe { init_mut(out) };
        let (a, b) = out.split_at_mut(m);
        // SAFETY: the sorts write only words
        let (sa, sb) = unsafe { second(keys) }.split_at_mut(m);
        crate::par::join(&mut || sort_words(a, sa, ways / 2), &mut || {
            sort_words(b, sb, ways - ways / 2)
        });
        return;
    }
    if !vector_off() && ivy_vecmath::sort::sort_keys_into(keys, out) {
        return;
    }
    for (o, &k) in out.iter_mut().zip(keys.iter()) {
        o.write(k);
    }
    // SAFETY: every word of `out` was written just above; the sort writes only words
    sort_words(unsafe { init_mut(out) }, unsafe { second(keys) }, 1);
}

/// Whether [`sort_words`] skips the vector sort (the tests' switch to the radix path).
fn vector_off() -> bool {
    #[cfg(test)]
    return tests::NO_VECTOR.get();
    #[cfg(not(test))]
    false
}

/// Sorts `words` ascending: by ivy-vecmath's vector sort where the CPU has AVX2 or AVX-512, else by
/// radix; split around a sampled median first and the parts sorted on two threads while
/// `ways` > 1 and the words fill [`PAR_MIN_BYTES`](crate::par::PAR_MIN_BYTES).
fn sort_words<W: Word>(words: &mut [W], scratch: &mut [std::mem::MaybeUninit<W>], ways: usize) {
    if ways > 1
        && std::mem::size_of_val(words) >= crate::par::PAR_MIN_BYTES
        && let Some(m) = ivy_vecmath::sort::split_keys(words, scratch)
    {
        let (a, b) = words.split_at_mut(m);
        let (sa, sb) = scratch.split_at_mut(m);
        crate::par::join(&mut || sort_words(a, sa, ways / 2), &mut || {
            sort_words(b, sb, ways - ways / 2)
        });
        return;
    }
    if vector_off() || !ivy_vecmath::sort::sort_keys(words, scratch) {
        if words.len() < RADIX_MIN {
            words.sort_unstable();
        } else {
            radix_sort(words, scratch, W::BITS, |w| w.wide());
        }
    }
}

/// [`argsort_lane`]'s buffers, reused from lane to lane.
#[derive(Default)]
struct ArgBuffers {
    pairs: Vec<u64>,
    pair_scratch: Vec<u64>,
    words: Vec<u128>,
    scratch: Vec<u128>,
    idx: Vec<usize>,
}

/// `argsort` of one lane of `n` values read by `at`, into `out` (positions): 4- and 8-byte
/// real and integer values as words holding their order-preserving word and the position
/// ([`sort_words`]); narrower ones by radix of `key << 64 | position` words (the position
/// breaks no tie: LSD passes over the key alone keep the positions' order) when long; the
/// rest by `sort_by` of the positions.
fn argsort_lane<T: Elem>(
    op: &'static str,
    n: usize,
    at: impl Fn(usize) -> T,
    desc: bool,
    bufs: &mut ArgBuffers,
    mut out: impl FnMut(usize, usize),
) -> Result<()> {
    let ArgBuffers {
        pairs,
        pair_scratch,
        words,
        scratch,
        idx,
    } = bufs;
    if word_width::<T>() == Some(32) && n >= WORDS_MIN && u32::try_from(n).is_ok() {
        // `word << 32 | position`: distinct words, so the vector sort's order is stable
        if pairs.capacity() < n {
            *pairs = crate::alloc::try_vec::<u64>(op, n)?;
            *pair_scratch = crate::alloc::try_vec::<u64>(op, n)?;
        }
        pairs.clear();
        pairs.extend((0..n).map(|k| u64::from(word_key::<T, u32>(at(k), desc)) << 32 | k as u64));
        sort_words(
            pairs,
            &mut pair_scratch.spare_capacity_mut()[..n],
            rayon::current_num_threads(),
        );
        for (k, &w) in pairs.iter().enumerate() {
            out(k, w as u32 as usize);
        }
        return Ok(());
    }
    if word_width::<T>() == Some(64) && n >= WORDS_MIN {
        // `word` with its low `b` bits replaced by the position (`b` bits hold every
        // position): distinct words, sorted as the 4-byte ones are; then each run of words
        // whose kept bits tie (a random lane has almost no such runs; a lane of small
        // integers or near-equal values, one long one) is sorted again by words of the low
        // bits and the position
        let b = usize::BITS - (n - 1).leading_zeros();
        let low = (1u64 << b) - 1;
        if pairs.capacity() < n {
            *pairs = crate::alloc::try_vec::<u64>(op, n)?;
            *pair_scratch = crate::alloc::try_vec::<u64>(op, n)?;
        }
        pairs.clear();
        pairs.extend((0..n).map(|k| word_key::<T, u64>(at(k), desc) & !low | k as u64));
        sort_words(
            pairs,
            &mut pair_scratch.spare_capacity_mut()[..n],
            rayon::current_num_threads(),
        );
        let mut start = 0;
        while start < n {
            let kept = pairs[start] & !low;
            let mut end = start + 1;
            while end < n && pairs[end] & !low == kept {
                end += 1;
            }
            if end - start > 1 {
                let run = &mut pairs[start..end];
                if 2 * b <= u64::BITS {
                    // the run's words again, of the bits that differ and the position
                    for w in run.iter_mut() {
                        let pos = *w & low;
                        *w = (word_key::<T, u64>(at(pos as usize), desc) & low) << b | pos;
                    }
                    let scratch = &mut pair_scratch.spare_capacity_mut()[..run.len()];
                    sort_words(run, scratch, rayon::current_num_threads());
                } else {
                    run.sort_unstable_by_key(|&w| {
                        (word_key::<T, u64>(at((w & low) as usize), desc), w & low)
                    });
                }
            }
            start = end;
        }
        for (k, &w) in pairs.iter().enumerate() {
            out(k, (w & low) as usize);
        }
        return Ok(());
    }
    match radix_bits::<T>() {
        Some(bits) if n >= RADIX_MIN => {
            if words.capacity() < n {
                *words = crate::alloc::try_vec::<u128>(op, n)?;
                *scratch = crate::alloc::try_vec::<u128>(op, n)?;
            }
            words.clear();
            words.extend((0..n).map(|k| (radix_key(at(k), desc) as u128) << 64 | k as u128));
            radix_sort(words, scratch.spare_capacity_mut(), bits, |w| {
                (w >> 64) as u64
            });
            for (k, &w) in words.iter().enumerate() {
                out(k, w as u64 as usize);
            }
        }
        _ => {
            let cmp = order_fn::<T>(desc);
            idx.clear();
            idx.extend(0..n);
            idx.sort_by(|&a, &b| cmp(at(a), at(b)));
            for (k, &j) in idx.iter().enumerate() {
                out(k, j);
            }
        }
    }
    Ok(())
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
pub fn argsort<T: Elem>(
    op: &'static str,
    xs: &[T],
    shape: &[usize],
    axis: usize,
    desc: bool,
) -> Result<Vec<i64>> {
    let bytes = std::mem::size_of_val(xs);
    crate::par::on_pool(bytes, || argsort_here(op, xs, shape, axis, desc))
}

/// [`argsort`] on the calling thread.
fn argsort_here<T: Elem>(
    op: &'static str,
    xs: &[T],
    shape: &[usize],
    axis: usize,
    desc: bool,
) -> Result<Vec<i64>> {
    let mut out = crate::alloc::try_vec::<i64>(op, xs.len())?;
    if xs.is_empty() {
        return Ok(out); // no lane to sort (and maybe very many empty ones)
    }
    let (outer, n, inner) = lanes(shape, axis);
    out.resize(xs.len(), 0);
    let mut bufs = ArgBuffers::default();
    for o in 0..outer {
        for i in 0..inner {
            let base = o * n * inner + i;
            let at = |k: usize| xs[base + k * inner];
            let put = |k: usize, j: usize| out[base + k * inner] = j as i64;
            argsort_lane(op, n, at, desc, &mut bufs, put)?;
        }
    }
    Ok(out)
}

/// `sort` of the row-major `xs` of `shape` along `axis` (a valid axis), stable.
pub fn sort<T: Elem>(
    op: &'static str,
    xs: &[T],
    shape: &[usize],
    axis: usize,
    desc: bool,
) -> Result<Vec<T>> {
    let bytes = std::mem::size_of_val(xs);
    crate::par::on_pool(bytes, || sort_here(op, xs, shape, axis, desc))
}

/// [`sort`] on the calling thread.
fn sort_here<T: Elem>(
    op: &'static str,
    xs: &[T],
    shape: &[usize],
    axis: usize,
    desc: bool,
) -> Result<Vec<T>> {
    let mut out = crate::alloc::try_vec::<T>(op, xs.len())?;
    if xs.is_empty() {
        return Ok(out); // no lane to sort (and maybe very many empty ones)
    }
    let (outer, n, inner) = lanes(shape, axis);
    let mut scratch = Vec::new();
    let dst = &mut out.spare_capacity_mut()[..xs.len()];
    if inner == 1 {
        // each lane sorted from the input straight into the result
        for (d, lane) in dst.chunks_exact_mut(n).zip(xs.chunks_exact(n)) {
            sort_lane(op, lane.iter().copied(), Some(lane), d, desc, &mut scratch)?;
        }
    } else {
        let mut lane = crate::alloc::try_vec::<T>(op, n)?;
        let lane = &mut lane.spare_capacity_mut()[..n];
        for o in 0..outer {
            for i in 0..inner {
                let base = o * n * inner + i;
                let src = (0..n).map(|k| xs[base + k * inner]);
                sort_lane(op, src, None, lane, desc, &mut scratch)?;
                for (k, v) in lane.iter().enumerate() {
                    // SAFETY: `sort_lane` wrote every slot of the lane
                    dst[base + k * inner].write(unsafe { v.assume_init() });
                }
            }
        }
    }
    // SAFETY: each lane wrote its `n` slots, and the lanes cover the array
    unsafe { out.set_len(xs.len()) };
    Ok(out)
}

/// `searchsorted`: for each row `r` of `x1` (rows of length `n`, ascending, or ascending
/// through the row's `sorter` positions) and each of the `m` values of row `r` of `x2`, the
/// insertion position that keeps the row sorted: before equal elements (`right = false`) or
/// after them. NaN is greater than every number. `x2.len() == rows * m`.
///
/// The values are searched `SEARCH_BATCH` at a time, level by level: a branch-free
/// binary search whose steps depend only on `n`, so the batch's probes at one level are
/// independent loads the CPU overlaps (one value at a time waits for each miss in turn:
/// 7x JAX's time on 1 M values into 1 M); batches on both cores when large.
pub fn searchsorted<T: Elem>(
    op: &'static str,
    x1: &[T],
    n: usize,
    x2: &[T],
    right: bool,
    sorter: Option<&[usize]>,
) -> Result<Vec<i64>> {
    let rows = x1.len().checked_div(n).unwrap_or(0);
    let m = x2.len().checked_div(rows).unwrap_or(0);
    let mut out = crate::alloc::try_vec::<i64>(op, x2.len())?;
    let slots = crate::par::Shared(out.spare_capacity_mut().as_mut_ptr());
    // about one cache miss per level and value
    let unit = (usize::BITS - n.leading_zeros()) as usize * 64;
    crate::par::parts(
        x2.len().div_ceil(SEARCH_BATCH),
        unit * SEARCH_BATCH,
        &|lo, hi| {
            let (lo, hi) = (lo * SEARCH_BATCH, (hi * SEARCH_BATCH).min(x2.len()));
            for b0 in (lo..hi).step_by(SEARCH_BATCH) {
                let b1 = (b0 + SEARCH_BATCH).min(hi);
                // a batch stays within one row (rows of x2 of m values each)
                let mut j = b0;
                while j < b1 {
                    let r = j.checked_div(m).unwrap_or(0);
                    let end = b1.min((r + 1).saturating_mul(m).max(j + 1));
                    let row = &x1[(r * n).min(x1.len())..((r + 1) * n).min(x1.len())];
                    let order =
                        sorter.map(|s| &s[(r * n).min(s.len())..((r + 1) * n).min(s.len())]);
                    // SAFETY: slots j..end are this part's, within x2.len()
                    let dst = unsafe { slots.range(j, end) };
                    search_batch(row, order, &x2[j..end], right, dst);
                    j = end;
                }
            }
        },
    );
    // SAFETY: the parts cover every value's slot
    unsafe { out.set_len(x2.len()) };
    Ok(out)
}

/// How many values [`searchsorted`] searches together.
const SEARCH_BATCH: usize = 32;

/// The insertion positions of `vs` (at most `SEARCH_BATCH`) in the ascending `row` (read
/// through `order` when given), into `out`: `base` moves to the probe where the element
/// there is before the value (`right`: not after it), the halves shrinking alike for all.
fn search_batch<T: Elem>(
    row: &[T],
    order: Option<&[usize]>,
    vs: &[T],
    right: bool,
    out: &mut [std::mem::MaybeUninit<i64>],
) {
    let n = row.len();
    let at = |k: usize| match order {
        Some(o) => row[o[k]],
        None => row[k],
    };
    // whether the row's element k goes before `v`, without a branch for real numbers (a
    // probe's outcome is a coin toss: a branch on it is mispredicted half the time)
    let before = |k: usize, v: T| {
        let e = at(k);
        match T::DTYPE.kind() {
            DtypeKind::Float => {
                let (e, v) = (e.to_f64(), v.to_f64());
                #[allow(clippy::eq_op)]
                let (e_nan, v_nan) = (e != e, v != v);
                if right {
                    !((v < e) | (e_nan & !v_nan))
                } else {
                    (e < v) | (v_nan & !e_nan)
                }
            }
            DtypeKind::Int | DtypeKind::Uint | DtypeKind::Bool => {
                let (e, v) = (e.to_i128(), v.to_i128());
                if right {
                    e <= v
                } else {
                    e < v
                }
            }
            DtypeKind::Complex => {
                let c = ascending(e, v);
                if right {
                    c != Ordering::Greater
                } else {
                    c == Ordering::Less
                }
            }
        }
    };
    if n == 0 {
        for o in out.iter_mut() {
            o.write(0);
        }
        return;
    }
    let mut base = [0usize; SEARCH_BATCH];
    let (vs, base) = (
        &vs[..vs.len().min(SEARCH_BATCH)],
        &mut base[..vs.len().min(SEARCH_BATCH)],
    );
    let mut size = n;
    while size > 1 {
        let half = size / 2;
        for (b, &v) in base.iter_mut().zip(vs) {
            let mid = *b + half;
            *b = if before(mid, v) { mid } else { *b };
        }
        size -= half;
    }
    for ((o, &b), &v) in out.iter_mut().zip(base.iter()).zip(vs) {
        o.write((b + usize::from(before(b, v))) as i64);
    }
}

/// `searchsorted`'s sorter as positions in `0..n` (each row's positions into that row),
/// or `Error::InvalidArgument` naming the first one out of range.
pub fn sorter_positions(op: &'static str, sorter: &[i64], n: usize) -> Result<Vec<usize>> {
    let mut out = crate::alloc::try_vec::<usize>(op, sorter.len())?;
    for &s in sorter {
        match usize::try_from(s) {
            Ok(p) if p < n => out.push(p),
            _ => {
                let valid = match n {
                    0 => "a row of length 0 has none".to_string(),
                    _ => format!("valid positions are 0 to {}", n - 1),
                };
                return Err(Error::InvalidArgument {
                    op,
                    message: format!(
                        "`sorter` holds {s}, out of range for a row of length {n} ({valid})"
                    ),
                });
            }
        }
    }
    Ok(out)
}

/// `nonzero` of the row-major `xs` of `shape`: one int64 index vector per axis, the
/// positions of the non-zero elements in row-major order.
pub fn nonzero<T: Elem>(op: &'static str, xs: &[T], shape: &[usize]) -> Result<Vec<Vec<i64>>> {
    let count = ivy_vecmath::vectorised(CountNonzero(xs));
    let mut out = crate::alloc::try_vec::<Vec<i64>>(op, shape.len())?;
    for ax in 0..shape.len() {
        // the last axis's vector one longer: its compaction writes one slot past the last
        // position it keeps
        let extra = usize::from(ax + 1 == shape.len());
        out.push(crate::alloc::try_vec::<i64>(op, count + extra)?);
    }
    let Some((&row_len, outer_shape)) = shape.split_last() else {
        return Ok(out); // 0-d: no axis, no index
    };
    if row_len == 0 || count == 0 {
        return Ok(out);
    }
    let (outer_axes, last) = out.split_at_mut(shape.len() - 1);
    let last = &mut last[0];
    // each row along the last axis: its positions compacted without a branch (each written,
    // the end advanced by whether the element is non-zero), the other axes' indices the
    // row's own, counted like an odometer
    let mut at = vec![0i64; outer_shape.len()];
    for row in xs.chunks_exact(row_len) {
        let start = last.len();
        let spare = &mut last.spare_capacity_mut()[..row_len.min(count - start) + 1];
        let mut k = 0;
        for (j, &x) in row.iter().enumerate() {
            spare[k.min(spare.len() - 1)].write(j as i64);
            k += usize::from(is_nonzero(x));
        }
        // SAFETY: the first `k` slots past `start` were written (a slot is written before
        // the end passes it), and `k` is at most what remains of `count`
        unsafe { last.set_len(start + k) };
        for (v, &i) in outer_axes.iter_mut().zip(&at) {
            v.extend(std::iter::repeat_n(i, k));
        }
        for (i, &d) in at.iter_mut().zip(outer_shape).rev() {
            *i += 1;
            if *i < d as i64 {
                break;
            }
            *i = 0;
        }
    }
    Ok(out)
}

/// How many elements of a slice are non-zero ([`is_nonzero`]), at the CPU's vector width.
struct CountNonzero<'a, T>(&'a [T]);

impl<T: Elem> ivy_vecmath::VectorLoop for CountNonzero<'_, T> {
    type Output = usize;
    #[inline(always)]
    fn run(self) -> usize {
        self.0.iter().map(|&x| usize::from(is_nonzero(x))).sum()
    }
}

/// What `unique_all` returns, on the host: the distinct values in ascending order, the
/// position of each one's first occurrence, the position of each element's value in
/// `values`, and the counts.
pub struct Unique<T> {
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
pub fn unique<T: Elem>(op: &'static str, xs: &[T]) -> Result<Unique<T>> {
    crate::par::on_pool(std::mem::size_of_val(xs), || unique_here(op, xs))
}

/// [`unique`] on the calling thread.
fn unique_here<T: Elem>(op: &'static str, xs: &[T]) -> Result<Unique<T>> {
    let order = argsort(op, xs, &[xs.len()], 0, false)?;
    let same = same_value::<T>;
    // the number of distinct values, so each result is allocated once, exactly
    let groups = usize::from(!order.is_empty())
        + order
            .windows(2)
            .filter(|w| !same(xs[w[0] as usize], xs[w[1] as usize]))
            .count();
    let mut u = Unique {
        values: crate::alloc::try_vec::<T>(op, groups)?,
        indices: crate::alloc::try_vec::<i64>(op, groups)?,
        inverse: crate::alloc::try_vec::<i64>(op, xs.len())?,
        counts: crate::alloc::try_vec::<i64>(op, groups)?,
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

/// The distinct values of `xs` ([`unique`]'s `values` alone): a stable sort (the first of
/// equal values first: `-0.0` or `+0.0`, whichever occurs first), then each value unlike the
/// one before it (every NaN is kept).
pub fn unique_values<T: Elem>(op: &'static str, xs: &[T]) -> Result<Vec<T>> {
    crate::par::on_pool(std::mem::size_of_val(xs), || unique_values_here(op, xs))
}

/// [`unique_values`] on the calling thread.
fn unique_values_here<T: Elem>(op: &'static str, xs: &[T]) -> Result<Vec<T>> {
    let mut v = sort(op, xs, &[xs.len()], 0, false)?;
    // each value against the one before it in the sorted order (not the last one kept:
    // no chain through `k`), stored at `k` either way and kept when it differs
    let Some(&first) = v.first() else {
        return Ok(v);
    };
    let (mut k, mut p, n) = (1, first, v.len());
    let at = v.as_mut_ptr();
    for i in 1..n {
        // SAFETY: `k <= i < n`: one store at most per element read
        let x = unsafe { *at.add(i) };
        unsafe { *at.add(k) = x };
        k += usize::from(!same_value(p, x));
        p = x;
    }
    v.truncate(k);
    Ok(v)
}

/// `a` and `b` are one value of a set: equal (`-0.0 == 0.0`), and neither is NaN.
#[inline(always)]
fn same_value<T: Elem>(a: T, b: T) -> bool {
    match T::DTYPE.kind() {
        DtypeKind::Float => a.to_f64() == b.to_f64(),
        DtypeKind::Int | DtypeKind::Uint | DtypeKind::Bool => a.to_i128() == b.to_i128(),
        DtypeKind::Complex => !is_nan(b) && ascending(a, b) == Ordering::Equal,
    }
}

#[cfg(test)]
mod tests {
    thread_local! {
        /// Words sort by radix, as on a CPU without AVX2.
        pub(super) static NO_VECTOR: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    }

    /// The keyed sorts (words by the vector sort, words by radix as without AVX2, radix
    /// keys of narrow values) give exactly the comparison sorts' results (stable: equal keys,
    /// ±0 and NaNs, keep their order), ascending and descending, values and positions, for
    /// every kind of key width; and so do lanes long enough to split over two threads.
    #[test]
    fn radix_sorts_equal_the_comparison_sorts() {
        for no_vector in [false, true] {
            NO_VECTOR.set(no_vector);
            check_all(3000);
        }
        NO_VECTOR.set(false);
        // lanes long enough to split over two threads (values and argsort pairs)
        check_all(600_000);
    }

    /// [`radix_sorts_equal_the_comparison_sorts`] over `n` random values of each dtype
    /// (float32 and float64 only when `n` is large).
    fn check_all(n: usize) {
        fn check<T: Elem>(xs: &[T]) {
            for desc in [false, true] {
                let cmp = order_fn::<T>(desc);
                let mut want = xs.to_vec();
                want.sort_by(|&a, &b| cmp(a, b));
                let got = sort("t", xs, &[xs.len()], 0, desc).unwrap();
                let bits = |v: &[T]| {
                    v.iter()
                        .map(|x| (x.to_f64().to_bits(), x.to_i128()))
                        .collect::<Vec<_>>()
                };
                assert!(bits(&got) == bits(&want), "{:?} desc={desc}", T::DTYPE);
                let mut idx: Vec<usize> = (0..xs.len()).collect();
                idx.sort_by(|&a, &b| cmp(xs[a], xs[b]));
                let pos = argsort("t", xs, &[xs.len()], 0, desc).unwrap();
                assert!(
                    pos.iter().zip(&idx).all(|(&p, &i)| p as usize == i),
                    "{:?}",
                    T::DTYPE
                );
            }
        }
        let mut next = crate::xorshift(0x9e37_79b9_7f4a_7c15u64);
        let raw: Vec<u64> = (0..n).map(|_| next()).collect();
        let f: Vec<f64> = raw
            .iter()
            .map(|&r| match r % 16 {
                0 => f64::NAN,
                1 => -f64::NAN,
                2 => 0.0,
                3 => -0.0,
                4 => f64::INFINITY,
                5 => f64::NEG_INFINITY,
                6 => f64::MIN_POSITIVE / 4.0,
                _ => ((r >> 8) % 200) as f64 - 100.0 + 0.5 * ((r >> 20) % 2) as f64,
            })
            .collect();
        check(&f);
        check(&f.iter().map(|&v| v as f32).collect::<Vec<_>>());
        if n > 10_000 {
            return;
        }
        // 8-byte values that tie above their low bits (where argsort's words keep the
        // position): near-equal floats, and integers of three high parts
        let near: Vec<f64> = raw
            .iter()
            .map(|&r| {
                (1.0 + (r % 4096) as f64 * f64::EPSILON) * if r & 1 << 40 == 0 { 1.0 } else { -1.0 }
            })
            .collect();
        check(&near);
        check(
            &raw.iter()
                .map(|&r| ((r % 3) << 24 | r >> 44) as i64 - (1 << 24))
                .collect::<Vec<_>>(),
        );
        check(
            &f.iter()
                .map(|&v| half::f16::from_f64(v))
                .collect::<Vec<_>>(),
        );
        check(
            &f.iter()
                .map(|&v| half::bf16::from_f64(v))
                .collect::<Vec<_>>(),
        );
        check(&raw.iter().map(|&r| r as i8).collect::<Vec<_>>());
        check(
            &raw.iter()
                .map(|&r| (r % 50) as i64 - 25)
                .collect::<Vec<_>>(),
        );
        check(&raw.iter().map(|&r| r as i64).collect::<Vec<_>>());
        check(&raw.iter().map(|&r| r % 7).collect::<Vec<_>>());
        check(&raw.iter().map(|&r| r as i32).collect::<Vec<_>>());
        check(&raw.iter().map(|&r| (r % 9) as i32 - 4).collect::<Vec<_>>());
        check(&raw.iter().map(|&r| r as u32).collect::<Vec<_>>());
        check(&raw);
        check(&raw.iter().map(|&r| r as u16).collect::<Vec<_>>());
        check(&raw.iter().map(|&r| r % 3 == 0).collect::<Vec<_>>());
    }

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
        // lanes long enough for the words (strided ones gathered, contiguous ones one after
        // another through the same scratch), with -0.0 and NaN to put back: each lane as
        // `sort_by` sorts it, bit for bit
        let mut next = crate::xorshift(0x2545_f491_4f6c_dd1d);
        let (a, b, c) = (3usize, 40usize, 5usize);
        let xs: Vec<f64> = (0..a * b * c)
            .map(|_| match next() % 8 {
                0 => f64::NAN,
                1 => -0.0,
                2 => 0.0,
                r => (r % 5) as f64 - 2.0,
            })
            .collect();
        for axis in 0..3 {
            for desc in [false, true] {
                let got = sort("t", &xs, &[a, b, c], axis, desc).unwrap();
                let (outer, n, inner) = lanes(&[a, b, c], axis);
                let cmp = order_fn::<f64>(desc);
                for o in 0..outer {
                    for i in 0..inner {
                        let at = |k: usize| o * n * inner + i + k * inner;
                        let mut want: Vec<f64> = (0..n).map(|k| xs[at(k)]).collect();
                        want.sort_by(|&p, &q| cmp(p, q));
                        let lane: Vec<u64> = (0..n).map(|k| got[at(k)].to_bits()).collect();
                        let want: Vec<u64> = want.iter().map(|v| v.to_bits()).collect();
                        assert_eq!(lane, want, "axis {axis} desc={desc} lane {o},{i}");
                    }
                }
            }
        }
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
        let v = unique_values("t", &[2.0f64, f64::NAN, 1.0, 2.0, f64::NAN]).unwrap();
        assert_eq!(format!("{v:?}"), format!("{:?}", u.values));
        let z = unique_values("t", &[-0.0f32, 1.0, 0.0, -0.0]).unwrap();
        assert_eq!((z[0].to_bits(), z.len()), ((-0.0f32).to_bits(), 2));
        assert_eq!(u.indices, [2, 0, 1, 4]);
        assert_eq!(u.inverse, [1, 2, 0, 1, 3]);
        assert_eq!(u.counts, [1, 2, 1, 1]);
        let nz = nonzero("t", &[0i64, 3, 0, 4], &[2, 2]).unwrap();
        assert_eq!(nz, [vec![0, 1], vec![1, 1]]);
    }

    /// `nonzero`'s row-wise compaction gives every non-zero element's indices in row-major
    /// order, against the division of each flat position: shapes with short, long, single
    /// and empty axes, sparse and dense data, NaN and -0.0.
    #[test]
    fn nonzero_equals_the_flat_positions() {
        fn flat<T: Elem>(xs: &[T], shape: &[usize]) -> Vec<Vec<i64>> {
            let mut out = vec![Vec::new(); shape.len()];
            for (flat, _) in xs.iter().enumerate().filter(|&(_, &x)| is_nonzero(x)) {
                let mut rest = flat;
                for (ax, &d) in shape.iter().enumerate().rev() {
                    out[ax].push((rest % d) as i64);
                    rest /= d;
                }
            }
            out
        }
        let mut next = crate::xorshift(0x9e37_79b9_7f4a_7c15);
        let shapes: [&[usize]; 9] = [
            &[1000],
            &[3, 7, 5],
            &[2, 1, 300],
            &[40, 1],
            &[1, 1],
            &[4, 0, 3],
            &[0],
            &[2, 3, 2, 3],
            &[],
        ];
        for shape in shapes {
            let len: usize = shape.iter().product();
            for density in [0, 1, 8, 15, 16] {
                let xs: Vec<f64> = (0..len)
                    .map(|_| match next() % 16 {
                        r if r >= density => 0.0,
                        0 => f64::NAN,
                        1 => -0.0,
                        r => r as f64,
                    })
                    .collect();
                assert_eq!(
                    nonzero("t", &xs, shape).unwrap(),
                    flat(&xs, shape),
                    "{shape:?}"
                );
                let ints: Vec<i32> = xs.iter().map(|&x| x as i32).collect();
                assert_eq!(
                    nonzero("t", &ints, shape).unwrap(),
                    flat(&ints, shape),
                    "{shape:?}"
                );
            }
        }
    }

    /// The batched level-by-level search gives each value the position a plain scan finds:
    /// many rows, row lengths around powers of two, duplicates, ±0, NaN, both sides, with and
    /// without a sorter, value counts across batch boundaries and parallel parts.
    #[test]
    fn batched_searches_equal_the_scan() {
        let mut next = crate::xorshift(0x0bad_cafe_1234_5678u64);
        for (rows, n, m) in [
            (1usize, 1usize, 1usize),
            (1, 7, 100),
            (3, 8, 33),
            (2, 33, 65),
            (1, 1000, 70_001),
            (4, 0, 5),
        ] {
            let draw = |r: u64| match r % 24 {
                0 => f64::NAN,
                1 => -0.0,
                2 => 0.0,
                r => (r % 9) as f64 - 4.0,
            };
            let mut x1: Vec<f64> = (0..rows * n).map(|_| draw(next())).collect();
            for row in x1.chunks_mut(n.max(1)) {
                row.sort_by(|a, b| ascending(*a, *b));
            }
            let x2: Vec<f64> = (0..rows * m).map(|_| draw(next())).collect();
            // a sorter: each row reversed in memory, read back through positions
            let rev: Vec<f64> = x1
                .chunks(n.max(1))
                .flat_map(|r| r.iter().rev().copied())
                .collect();
            let order: Vec<usize> = (0..rows * n).map(|p| n - 1 - p % n.max(1)).collect();
            for right in [false, true] {
                let want: Vec<i64> = x2
                    .iter()
                    .enumerate()
                    .map(|(j, &v)| {
                        let row = &x1[(j / m) * n..(j / m + 1) * n];
                        row.iter()
                            .filter(|&&e| {
                                let c = ascending(e, v);
                                if right {
                                    c != Ordering::Greater
                                } else {
                                    c == Ordering::Less
                                }
                            })
                            .count() as i64
                    })
                    .collect();
                assert_eq!(
                    searchsorted("t", &x1, n, &x2, right, None).unwrap(),
                    want,
                    "{rows}x{n} right={right}"
                );
                if n > 0 {
                    assert_eq!(
                        searchsorted("t", &rev, n, &x2, right, Some(&order)).unwrap(),
                        want,
                        "sorter {rows}x{n}"
                    );
                }
            }
        }
    }
}
