//! Integer division by a divisor fixed for a whole slice (`x // 7`, `x % 7`): one reciprocal
//! computed per slice, then a multiplication, a subtraction, an addition and two shifts per
//! element instead of a hardware division (x86 has no vector integer division, and its
//! scalar 64-bit one takes tens of cycles; numpy divides by a scalar so too, through
//! libdivide).
//!
//! The reciprocal is Granlund and Montgomery's ("Division by invariant integers using
//! multiplication", PLDI 1994, figure 4.1): exact for every unsigned dividend and every
//! divisor `d ≥ 1` of its width. Signed floor division reduces to it by the sign
//! identities in [`floor_divide_by`]. The binary rows `floor_divide` and `remainder` use it
//! through their `int_by` class, where the strided walk hands them a broadcast divisor.

use crate::elem::IntElem;
use std::mem::MaybeUninit;

/// Unsigned lanes a [`Reciprocal`] divides (16, 32 or 64 bits; 8-bit values divide in
/// 16-bit lanes, as x86 has no 8-bit vector multiplication).
pub trait Lane: num_traits::PrimInt + Send + Sync {
    /// A multiplier as [`mulhi`](Self::mulhi) takes it.
    type Multiplier: Copy + std::fmt::Debug;
    /// The reciprocal's multiplier for `d`, `2^(l-1) < d ≤ 2^l`: `⌊2^N · (2^l - d) / d⌋ + 1`
    /// for `N` this type's width (it fits in `N` bits).
    fn multiplier(d: Self, l: u32) -> Self::Multiplier;
    /// The high half of the double-width product `m · n`.
    fn mulhi(m: Self::Multiplier, n: Self) -> Self;
}

/// `⌊2^bits · (2^l - d) / d⌋ + 1`: `2^bits · (2^l - d) < 2^(2 bits - 1)` (as
/// `2^l - d < 2^(l-1) ≤ 2^(bits-1)`, from `d > 2^(l-1)`), within `u128` for `bits ≤ 64`.
fn magic(d: u64, l: u32, bits: u32) -> u128 {
    let d = u128::from(d);
    (1u128 << bits) * ((1u128 << l) - d) / d + 1
}

macro_rules! lane {
    ($($u:ty => $w:ty),*) => {$(
        impl Lane for $u {
            type Multiplier = $u;
            fn multiplier(d: Self, l: u32) -> $u {
                magic(d.into(), l, <$u>::BITS) as $u
            }
            #[inline(always)]
            fn mulhi(m: $u, n: Self) -> Self {
                ((<$w>::from(m) * <$w>::from(n)) >> <$u>::BITS) as $u
            }
        }
    )*};
}
lane!(u16 => u32, u32 => u64);

impl Lane for u64 {
    /// The multiplier's low and high 32 bits.
    type Multiplier = [u64; 2];
    fn multiplier(d: Self, l: u32) -> [u64; 2] {
        let m = magic(d, l, 64) as u64;
        [m & 0xffff_ffff, m >> 32]
    }
    /// From four 32 × 32-bit products in 64-bit lanes, which vectorise (x86 has no 64-bit
    /// vector `mulhi`; a `u128` product, or these products of one 64-bit multiplier's
    /// halves, which LLVM recognises as one, stay scalar).
    #[inline(always)]
    fn mulhi([m0, m1]: [u64; 2], n: Self) -> Self {
        const LO: u64 = 0xffff_ffff;
        let (m0, m1, n0, n1) = (m0 & LO, m1 & LO, n & LO, n >> 32);
        let (p01, p10) = (n0 * m1, n1 * m0);
        let mid = ((n0 * m0) >> 32) + (p01 & LO) + (p10 & LO);
        n1 * m1 + (p01 >> 32) + (p10 >> 32) + (mid >> 32)
    }
}

/// The reciprocal of an unsigned divisor: `⌊n / d⌋ = (t + ((n - t) >> s1)) >> s2` with
/// `t` the high half of `m · n`, for every `n` of the type.
#[derive(Clone, Copy, Debug)]
pub struct Reciprocal<U: Lane> {
    m: U::Multiplier,
    s1: usize,
    s2: usize,
}

impl<U: Lane> Reciprocal<U> {
    /// The reciprocal of `d`; `d` must not be 0 (its quotients are those of 1 then).
    pub fn new(d: U) -> Self {
        let d = d.max(U::one());
        // l = ⌈log2 d⌉
        let l = U::zero().count_zeros() - (d - U::one()).leading_zeros();
        Self {
            m: U::multiplier(d, l),
            s1: l.min(1) as usize,
            s2: l.saturating_sub(1) as usize,
        }
    }

    /// `⌊n / d⌋`.
    #[inline(always)]
    pub fn quotient(self, n: U) -> U {
        let t = U::mulhi(self.m, n);
        // t ≤ n (the multiplier is below 2^N), and the sum is at most n
        (t + ((n - t) >> self.s1)) >> self.s2
    }
}

/// An integer element type's lanes for [`Reciprocal`]: its bits as the unsigned type of its
/// width (widened to 16 bits for the 8-bit types).
pub trait Divisible: Copy {
    /// The lanes.
    type Lane: Lane;
    /// The bits of `self` as unsigned, zero-extended to the lane.
    fn to_lane(self) -> Self::Lane;
    /// The low bits of `u` as this type.
    fn from_lane(u: Self::Lane) -> Self;
}

macro_rules! divisible {
    ($($t:ty => $u:ty => $l:ty),*) => {$(
        impl Divisible for $t {
            type Lane = $l;
            #[inline(always)]
            fn to_lane(self) -> $l {
                self as $u as $l
            }
            #[inline(always)]
            fn from_lane(u: $l) -> Self {
                u as $t
            }
        }
    )*};
}
divisible!(
    i8 => u8 => u16, i16 => u16 => u16, i32 => u32 => u32, i64 => u64 => u64,
    u8 => u8 => u16, u16 => u16 => u16, u32 => u32 => u32, u64 => u64 => u64
);

/// Shorter slices divide element by element: the reciprocal costs about a 128-bit division.
const MIN_LEN: usize = 16;

/// Python's `x // d` of each element of `xs` into `out` (the values of
/// [`int_floor_divide`](crate::real_math::int_floor_divide): `x // 0` is 0, `MIN // -1`
/// wraps to `MIN`) by one reciprocal of `|d|`; `false` (nothing written) for a slice too
/// short to pay for it.
///
/// With `D = |d|`, as unsigned: for `d > 0`, `⌊x / d⌋ = ⌊x / D⌋` for `x ≥ 0` and
/// `!⌊!x / D⌋` for `x < 0` (`!x = -x - 1 ≥ 0`); for `d < 0`, `⌊x / d⌋ = ⌊-x / D⌋` for
/// `x ≤ 0` (`-MIN` is `2^(N-1)` as unsigned) and `!⌊(x - 1) / D⌋` for `x > 0`. Each is a
/// select on the element's sign, not a branch.
pub fn floor_divide_by<T: IntElem>(xs: &[T], d: T, out: &mut [MaybeUninit<T>]) -> bool {
    by(xs, d, out, |_, q| q)
}

/// Python's `x % d` of each element (the sign of `d`; `x % 0` is 0): `x - ⌊x / d⌋ · d`
/// with [`floor_divide_by`]'s quotient, wrapping (`MIN % -1` is 0).
pub fn remainder_by<T: IntElem>(xs: &[T], d: T, out: &mut [MaybeUninit<T>]) -> bool {
    by(xs, d, out, move |x, q| x.wrapping_sub(&q.wrapping_mul(&d)))
}

/// `out[i] = f(xs[i], ⌊xs[i] / d⌋)` (0 for `d == 0`).
#[inline(always)]
fn by<T: IntElem>(
    xs: &[T],
    d: T,
    out: &mut [MaybeUninit<T>],
    f: impl Fn(T, T) -> T + Copy,
) -> bool {
    let (zero, one) = (T::zero(), T::one());
    if xs.len() < MIN_LEN {
        return false;
    }
    if d == zero {
        for o in out.iter_mut() {
            o.write(zero);
        }
    } else if T::min_value() == zero {
        let r = Reciprocal::new(d.to_lane());
        crate::class::each(xs, out, move |x| {
            f(x, T::from_lane(r.quotient(x.to_lane())))
        });
    } else if d > zero {
        let r = Reciprocal::new(d.to_lane());
        let top = zero.count_zeros() as usize - 1;
        crate::class::each(xs, out, move |x| {
            let s = x >> top; // all ones where x < 0 (arithmetic shift)
            f(x, T::from_lane(r.quotient((x ^ s).to_lane())) ^ s)
        });
    } else {
        let r = Reciprocal::new(d.wrapping_neg().to_lane());
        crate::class::each(xs, out, move |x| {
            let positive = x > zero;
            let v = if positive { x - one } else { x.wrapping_neg() };
            let t = if positive { !zero } else { zero };
            f(x, T::from_lane(r.quotient(v.to_lane())) ^ t)
        });
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::real_math::{int_floor_divide, int_remainder};

    fn check<T: IntElem>(xs: &[T], d: T) {
        let mut q = vec![MaybeUninit::uninit(); xs.len()];
        let mut r = vec![MaybeUninit::uninit(); xs.len()];
        assert!(floor_divide_by(xs, d, &mut q));
        assert!(remainder_by(xs, d, &mut r));
        // SAFETY: both wrote every slot
        let (q, r) = unsafe { (crate::init_mut(&mut q), crate::init_mut(&mut r)) };
        for ((&x, &mut q), &mut r) in xs.iter().zip(q).zip(r) {
            let want = (int_floor_divide(x, d), int_remainder(x, d));
            assert_eq!((q, r), want, "{x} // {d}, {x} % {d}");
        }
    }

    /// The reciprocal gives the integer division's quotient: every 16-bit dividend by the
    /// divisors up to 300 and by powers of two and their neighbours, every 16-bit divisor
    /// for the dividends near its multiples, and random and edge pairs of the wider lanes.
    #[test]
    fn reciprocal_divides_exactly() {
        let powers = (0..16).flat_map(|k| [(1u16 << k) - 1, 1 << k, (1 << k) + 1]);
        for d in (1..=300).chain(powers).filter(|&d| d != 0) {
            let r = Reciprocal::new(d);
            for n in 0..=u16::MAX {
                assert_eq!(r.quotient(n), n / d, "{n} / {d}");
            }
        }
        for d in 1..=u16::MAX {
            let r = Reciprocal::new(d);
            let multiples = [1, 2, 3, d / 2, u16::MAX / d].map(|k| k.saturating_mul(d));
            for m in multiples.into_iter().chain([u16::MAX]) {
                for n in [m.saturating_sub(1), m, m.saturating_add(1)] {
                    assert_eq!(r.quotient(n), n / d, "{n} / {d}");
                }
            }
        }
        let mut next = crate::xorshift(0x9e37_79b9_7f4a_7c15);
        let edges = [
            1,
            2,
            3,
            5,
            7,
            10,
            1 << 31,
            (1 << 31) + 1,
            1 << 63,
            (1 << 63) + 1,
        ];
        let mut ds: Vec<u64> = edges.iter().flat_map(|&e| [e, e - 1, !e]).collect();
        ds.extend((0..2000).map(|_| next() >> (next() % 64)));
        for d in ds.into_iter().filter(|&d| d != 0) {
            let (r64, r32) = (Reciprocal::new(d), Reciprocal::new(d as u32));
            let ns: Vec<u64> = (0..200).map(|_| next() >> (next() % 64)).collect();
            for n in ns
                .into_iter()
                .chain([0, 1, d - 1, d, d.wrapping_add(1), u64::MAX])
            {
                assert_eq!(r64.quotient(n), n / d, "{n} / {d}");
                if let Some(q) = (n as u32).checked_div(d as u32) {
                    assert_eq!(r32.quotient(n as u32), q, "{n} / {d} (u32)");
                }
            }
        }
    }

    /// `floor_divide_by` and `remainder_by` give the element kernels' values: every int8
    /// and uint8 dividend by every divisor, and random and edge dividends (0, ±1, `MIN`,
    /// `MAX`, multiples of the divisor and their neighbours) of the wider types by edge
    /// and random divisors of every sign.
    #[test]
    fn division_by_a_scalar_agrees_with_the_element_kernels() {
        let i8s: Vec<i8> = (i8::MIN..=i8::MAX).collect();
        let u8s: Vec<u8> = (0..=u8::MAX).collect();
        for d in i8::MIN..=i8::MAX {
            check(&i8s, d);
        }
        for d in 0..=u8::MAX {
            check(&u8s, d);
        }
        let mut next = crate::xorshift(0x2545_f491_4f6c_dd1d);
        fn wide<T: IntElem>(next: &mut impl FnMut() -> u64) {
            let bits = T::zero().count_zeros();
            let of = |v: u64| T::from_i128(v.into());
            let (min, max) = (T::min_value(), T::max_value());
            let mut ds = vec![of(1), of(2), of(3), of(7), of(10), min, max, of(u64::MAX)];
            ds.extend([min + T::one(), max - T::one(), of(u64::MAX - 6)]);
            ds.extend((0..60).map(|_| of(next() >> (next() % 64))));
            for d in ds {
                let mut xs = vec![T::zero(), T::one(), of(u64::MAX), min, max, d];
                xs.extend([min + T::one(), max - T::one()]);
                for _ in 0..500 {
                    let x = of(next() >> (next() % 64));
                    // multiples of d and their neighbours
                    let k = x >> (bits as usize / 2);
                    let m = k.wrapping_mul(&d);
                    xs.extend([x, m, m.wrapping_add(&T::one()), m.wrapping_sub(&T::one())]);
                }
                check(&xs, d);
            }
        }
        wide::<i16>(&mut next);
        wide::<u16>(&mut next);
        wide::<i32>(&mut next);
        wide::<u32>(&mut next);
        wide::<i64>(&mut next);
        wide::<u64>(&mut next);
    }

    /// A slice shorter than `MIN_LEN` is left to the element loop.
    #[test]
    fn short_slices_are_declined() {
        let mut out = [MaybeUninit::<i64>::uninit(); 4];
        assert!(!floor_divide_by(&[1i64, 2, 3, 4], 3, &mut out));
    }
}
