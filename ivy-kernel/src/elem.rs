//! Element types: one trait, implemented once per element *class* (integers, real floats,
//! complex, bool) by a macro, as candle's `with_dtype!` does. It holds the conversions
//! between element types and routes each element type to the kernel of its class
//! ([`Elem::unary`], [`Elem::binary`], [`Elem::predicate`], [`Elem::compare`]): the ops
//! themselves are kernel rows ([`crate::rows`]), never methods here. The ndarray backend
//! stores all 15 types; the candle backend uses the same conversions and kernels for its
//! nine.

use crate::class::{Binary, Compare, Predicate, Unary};
use half::{bf16, f16};
use ivy_core::{Dtype, DtypeKind};
use num_complex::Complex;
use std::mem::MaybeUninit;

/// An element type of ivy's arrays.
pub trait Elem: Copy + Send + Sync + std::fmt::Debug + std::fmt::Display + 'static {
    /// The Ivy dtype.
    const DTYPE: Dtype;
    /// As f64 (real part; 0/1 for bool).
    fn to_f64(self) -> f64;
    /// As i128 (truncating floats, saturating).
    fn to_i128(self) -> i128;
    /// As complex f64.
    fn to_c128(self) -> Complex<f64>;
    /// From f64 (`as` semantics for integers: truncating, saturating, NaN → 0).
    fn from_f64(v: f64) -> Self;
    /// From i128 (wrapping for integers; rounded once, to nearest, ties to even, for
    /// floats and complex).
    fn from_i128(v: i128) -> Self;
    /// From complex f64 (real part for real types).
    fn from_c128(v: Complex<f64>) -> Self;
    /// The unary kernel `K` of this element's class.
    fn unary<K: Unary>(x: Self) -> Self;
    /// The binary kernel `K` of this element's class.
    fn binary<K: Binary>(a: Self, b: Self) -> Self;
    /// The predicate kernel `K` of this element's class.
    fn predicate<K: Predicate>(x: Self) -> bool;
    /// The comparison kernel `K` of this element's class.
    fn compare<K: Compare>(a: Self, b: Self) -> bool;
    /// `K`'s vectorised slice kernel for this type, if it has one (f32 and f64 only):
    /// returns `true` when it wrote every element of `out`.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn unary_slice<K: Unary>(_x: &[Self], _out: &mut [MaybeUninit<Self>]) -> bool {
        false
    }
    /// `K`'s vectorised slice kernel for two slices of one length, if it has one.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn binary_slice<K: Binary>(_a: &[Self], _b: &[Self], _out: &mut [MaybeUninit<Self>]) -> bool {
        false
    }
    /// `K` of each element of `a` with the broadcast `b` through a per-slice plan, if `K`
    /// has one for this type ([`Binary::int_by`]): `true` when it wrote every element.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn binary_by<K: Binary>(_a: &[Self], _b: Self, _out: &mut [MaybeUninit<Self>]) -> bool {
        false
    }
    /// `K`'s vectorised fold of a whole slice, if it has one ([`Binary::fold_f32`]).
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn fold_slice<K: Binary>(_x: &[Self]) -> Option<Self> {
        None
    }
    /// `K2(K1(x, a), b)` of each element in one vectorised pass, where both rows have
    /// vectorised kernels ([`Binary::then_f32`]): `true` when it wrote every element.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn scalar_pair_slice<K1: Binary, K2: Binary>(
        _x: &[Self],
        _a: Self,
        _b: Self,
        _out: &mut [MaybeUninit<Self>],
    ) -> bool {
        false
    }

    /// An element from a scalar (ints exactly, through i128).
    #[inline]
    fn from_scalar(s: ivy_core::Scalar) -> Self {
        use ivy_core::Scalar;
        match s {
            Scalar::Bool(b) => Self::from_i128(b as i128),
            Scalar::Int(i) => Self::from_i128(i),
            Scalar::Float(f) => Self::from_f64(f),
            Scalar::Complex(r, i) => Self::from_c128(Complex::new(r, i)),
        }
    }

    /// Converts any element into this type with numpy's `astype` rules. Integers and bools
    /// go through i128, which holds them exactly, so a conversion to a float or complex
    /// type rounds once (through f64 it would round twice for int64 / uint64 beyond 2^53).
    #[inline]
    fn cast_from<S: Elem>(s: S) -> Self {
        match (Self::DTYPE.kind(), S::DTYPE.kind()) {
            (_, DtypeKind::Int | DtypeKind::Uint | DtypeKind::Bool) => Self::from_i128(s.to_i128()),
            (DtypeKind::Int | DtypeKind::Uint | DtypeKind::Float, _) => Self::from_f64(s.to_f64()),
            (DtypeKind::Complex | DtypeKind::Bool, _) => Self::from_c128(s.to_c128()),
        }
    }
}

/// The integer elements: what an `int` kernel row may use (wrapping arithmetic).
pub trait IntElem:
    Elem
    + num_traits::PrimInt
    + num_traits::WrappingAdd
    + num_traits::WrappingSub
    + num_traits::WrappingMul
    + num_traits::WrappingNeg
    + crate::divisor::Divisible
{
}
impl<T> IntElem for T where
    T: Elem
        + num_traits::PrimInt
        + num_traits::WrappingAdd
        + num_traits::WrappingSub
        + num_traits::WrappingMul
        + num_traits::WrappingNeg
        + crate::divisor::Divisible
{
}

/// The real floating elements (bfloat16, float16, float32, float64): what a `real` (or
/// `float`) kernel row may use, `num_traits::Float`.
pub trait RealElem: Elem + num_traits::Float + num_traits::FloatConst {}
impl<T: Elem + num_traits::Float + num_traits::FloatConst> RealElem for T {}

macro_rules! int_elem {
    ($($t:ty => $d:ident),*) => {$(
        impl Elem for $t {
            const DTYPE: Dtype = Dtype::$d;
            #[inline] fn to_f64(self) -> f64 { self as f64 }
            #[inline] fn to_i128(self) -> i128 { self as i128 }
            #[inline] fn to_c128(self) -> Complex<f64> { Complex::new(self as f64, 0.0) }
            #[inline] fn from_f64(v: f64) -> Self { v as $t }
            #[inline] fn from_i128(v: i128) -> Self { v as $t }
            #[inline] fn from_c128(v: Complex<f64>) -> Self { v.re as $t }
            #[cfg_attr(not(debug_assertions), inline(always))] fn unary<K: Unary>(x: Self) -> Self { K::int(x) }
            #[cfg_attr(not(debug_assertions), inline(always))] fn binary<K: Binary>(a: Self, b: Self) -> Self { K::int(a, b) }
            #[cfg_attr(not(debug_assertions), inline(always))] fn binary_by<K: Binary>(a: &[Self], b: Self, out: &mut [MaybeUninit<Self>]) -> bool { K::int_by(a, b, out) }
            #[cfg_attr(not(debug_assertions), inline(always))] fn predicate<K: Predicate>(x: Self) -> bool { K::int(x) }
            #[cfg_attr(not(debug_assertions), inline(always))] fn compare<K: Compare>(a: Self, b: Self) -> bool { K::int(a, b) }
        }
    )*};
}
int_elem!(i8 => Int8, i16 => Int16, i32 => Int32, i64 => Int64, u8 => Uint8, u16 => Uint16, u32 => Uint32, u64 => Uint64);

/// `v` rounded once (to nearest, ties to even) to `digits` significant bits (`digits` ≤
/// 53), as an f64, which holds the result exactly. A float type of `digits` significant
/// bits converts it exactly (or overflows to ±inf as `v` would), so `v` reaches that type
/// with a single rounding, done here on the integer with all its dropped bits as sticky
/// bits. Going through `v as f64` instead rounds twice once |v| ≥ 2^53 (int64 → bfloat16:
/// 2^60 + 2^52 + 1 would give 2^60, not 2^60 + 2^53), and even below 2^53 the narrowing
/// cannot be left to `half`: its `from_f64` ignores the low 32 bits of the f64 significand
/// when rounding, so a bit there that breaks a tie is lost (132338732130 gave the bfloat16
/// 246·2^29 below it, not the nearest, 247·2^29).
#[inline]
fn round_to_digits(v: i128, digits: u32) -> f64 {
    let a = v.unsigned_abs();
    let bits = u128::BITS - a.leading_zeros();
    let keep = digits.min(f64::MANTISSA_DIGITS);
    if bits <= keep {
        // exact, and exactly representable in the target; through i64 (|v| < 2^53), one
        // instruction where `i128 as f64` is a libcall (`__floattidf`, ~45 instructions)
        return v as i64 as f64;
    }
    let shift = bits - keep; // ≥ 1
    let q = a >> shift;
    let rest = a & ((1u128 << shift) - 1); // the dropped bits (round and sticky)
    let half = 1u128 << (shift - 1);
    let q = if rest > half || (rest == half && q & 1 == 1) {
        q + 1
    } else {
        q
    };
    // q ≤ 2^keep, so q << shift ≤ 2^bits ≤ 2^127 (bits = 128 only for a = 2^127, which
    // has no rest): no overflow; and at most `keep` ≤ 53 significant bits: exact in f64
    let r = (q << shift) as f64;
    if v < 0 {
        -r
    } else {
        r
    }
}

macro_rules! real_elem {
    ($($t:ty => $d:ident, $to:expr, $from:expr, $digits:expr $(, slices: $us:ident $bs:ident $fs:ident $ps:ident)?);*) => {$(
        impl Elem for $t {
            const DTYPE: Dtype = Dtype::$d;
            #[inline] fn to_f64(self) -> f64 { $to(self) }
            #[inline] fn to_i128(self) -> i128 { $to(self) as i128 }
            #[inline] fn to_c128(self) -> Complex<f64> { Complex::new($to(self), 0.0) }
            #[inline] fn from_f64(v: f64) -> Self { $from(v) }
            #[inline] fn from_i128(v: i128) -> Self { $from(round_to_digits(v, $digits)) }
            #[inline] fn from_c128(v: Complex<f64>) -> Self { $from(v.re) }
            #[cfg_attr(not(debug_assertions), inline(always))] fn unary<K: Unary>(x: Self) -> Self { K::real(x) }
            #[cfg_attr(not(debug_assertions), inline(always))] fn binary<K: Binary>(a: Self, b: Self) -> Self { K::real(a, b) }
            #[cfg_attr(not(debug_assertions), inline(always))] fn predicate<K: Predicate>(x: Self) -> bool { K::real(x) }
            #[cfg_attr(not(debug_assertions), inline(always))] fn compare<K: Compare>(a: Self, b: Self) -> bool { K::real(a, b) }
            $(
                #[cfg_attr(not(debug_assertions), inline(always))]
                fn unary_slice<K: Unary>(x: &[Self], out: &mut [MaybeUninit<Self>]) -> bool { K::$us(x, out) }
                #[cfg_attr(not(debug_assertions), inline(always))]
                fn binary_slice<K: Binary>(a: &[Self], b: &[Self], out: &mut [MaybeUninit<Self>]) -> bool { K::$bs(a, b, out) }
                #[cfg_attr(not(debug_assertions), inline(always))]
                fn fold_slice<K: Binary>(x: &[Self]) -> Option<Self> { K::$fs(x) }
                #[cfg_attr(not(debug_assertions), inline(always))]
                fn scalar_pair_slice<K1: Binary, K2: Binary>(x: &[Self], a: Self, b: Self, out: &mut [MaybeUninit<Self>]) -> bool { K1::$ps::<K2>(x, a, b, out) }
            )?
        }
    )*};
}
real_elem!(
    f16 => Float16, f16::to_f64, |v| f16::from_f32(odd_f32(v)), f16::MANTISSA_DIGITS;
    bf16 => Bfloat16, bf16::to_f64, |v| bf16::from_f32(odd_f32(v)), bf16::MANTISSA_DIGITS;
    f32 => Float32, |v: f32| v as f64, |v: f64| v as f32, f32::MANTISSA_DIGITS, slices: slice_f32 slice_f32 fold_f32 then_f32;
    f64 => Float64, std::convert::identity, std::convert::identity, f64::MANTISSA_DIGITS, slices: slice_f64 slice_f64 fold_f64 then_f64
);

macro_rules! complex_elem {
    ($($d:ident, $f:ty);*) => {$(
        impl Elem for Complex<$f> {
            const DTYPE: Dtype = Dtype::$d;
            #[inline] fn to_f64(self) -> f64 { self.re as f64 }
            #[inline] fn to_i128(self) -> i128 { self.re as i128 }
            #[inline] fn to_c128(self) -> Complex<f64> { Complex::new(self.re as f64, self.im as f64) }
            #[inline] fn from_f64(v: f64) -> Self { Complex::new(v as $f, 0.0) }
            #[inline] fn from_i128(v: i128) -> Self { Complex::new(v as $f, 0.0) }
            #[inline] fn from_c128(v: Complex<f64>) -> Self { Complex::new(v.re as $f, v.im as $f) }
            #[cfg_attr(not(debug_assertions), inline(always))] fn unary<K: Unary>(x: Self) -> Self { K::complex(x) }
            #[cfg_attr(not(debug_assertions), inline(always))] fn binary<K: Binary>(a: Self, b: Self) -> Self { K::complex(a, b) }
            #[cfg_attr(not(debug_assertions), inline(always))] fn predicate<K: Predicate>(x: Self) -> bool { K::complex(x) }
            #[cfg_attr(not(debug_assertions), inline(always))] fn compare<K: Compare>(a: Self, b: Self) -> bool { K::complex(a, b) }
        }
    )*};
}
complex_elem!(Complex64, f32; Complex128, f64);

impl Elem for bool {
    const DTYPE: Dtype = Dtype::Bool;
    #[inline]
    fn to_f64(self) -> f64 {
        self as u8 as f64
    }
    #[inline]
    fn to_i128(self) -> i128 {
        self as i128
    }
    #[inline]
    fn to_c128(self) -> Complex<f64> {
        Complex::new(self as u8 as f64, 0.0)
    }
    #[inline]
    fn from_f64(v: f64) -> Self {
        v != 0.0
    }
    #[inline]
    fn from_i128(v: i128) -> Self {
        v != 0
    }
    #[inline]
    fn from_c128(v: Complex<f64>) -> Self {
        v.re != 0.0 || v.im != 0.0
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn unary<K: Unary>(x: Self) -> Self {
        K::bool(x)
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn binary<K: Binary>(a: Self, b: Self) -> Self {
        K::bool(a, b)
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn predicate<K: Predicate>(x: Self) -> bool {
        K::bool(x)
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn compare<K: Compare>(a: Self, b: Self) -> bool {
        K::bool(a, b)
    }
}

/// `v` as a `Vec<T>` when `S` is `T` (a dtype match's element type standing for a generic
/// one), without a copy; `None` otherwise.
#[doc(hidden)]
pub fn same_vec<S: 'static, T: 'static>(v: Vec<S>) -> Option<Vec<T>> {
    let b: Box<dyn std::any::Any> = Box::new(v);
    b.downcast::<Vec<T>>().ok().map(|b| *b)
}

/// `v` rounded to an `f32` by round-to-odd (truncated toward zero, the last bit set when
/// inexact): rounding that to a narrower format (float16, bfloat16: 13 and 16 fewer bits)
/// gives `v` correctly rounded, as numpy's `astype` does. `half`'s own `from_f64` goes
/// through a rounded `f32` where the CPU has F16C, and double rounding is off by one ULP
/// near the midpoints (`0.1053772` became `0.10535`, numpy `0.1054`).
#[inline]
#[doc(hidden)]
pub fn odd_f32(v: f64) -> f32 {
    let r = v as f32;
    if v.is_nan() || f64::from(r) == v {
        return r;
    }
    // |r| > |v|: one step toward zero (finite or infinite r alike)
    let t = if f64::from(r).abs() > v.abs() {
        f32::from_bits(r.to_bits() - 1)
    } else {
        r
    };
    f32::from_bits(t.to_bits() | 1)
}

/// `x` as `&[T]` when `S` is `T` (a generic element type that is in fact `T`), without a
/// copy; `None` otherwise.
#[doc(hidden)]
pub fn same_slice<S: 'static, T: 'static>(x: &[S]) -> Option<&[T]> {
    (std::any::TypeId::of::<S>() == std::any::TypeId::of::<T>())
        // SAFETY: S and T are the same type.
        .then(|| unsafe { std::slice::from_raw_parts(x.as_ptr().cast::<T>(), x.len()) })
}

#[cfg(test)]
mod tests {

    /// float64 to float16/bfloat16 is correctly rounded (numpy's `astype`), not rounded
    /// twice through float32: the nearer of the two neighbours (ties to even), over random
    /// bit patterns in range, and the midpoint that exposed it. (half's `from_f64_const`
    /// is no reference: it misrounds 2.8314592443260214e-3 too.)
    #[test]
    fn narrow_floats_round_once() {
        use half::{bf16, f16};
        assert_eq!(<f16 as Elem>::from_f64(0.1053772).to_bits(), 11967); // numpy: 0.1054
        assert_eq!(
            <f16 as Elem>::from_f64(2.8314592443260214e-3).to_bits(),
            6605
        ); // numpy
           // the nearest of bits b-1, b, b+1 (differences exact: Sterbenz), ties to even
        fn nearest(v: f64, b: u16, to: impl Fn(u16) -> f64) -> u16 {
            let mut best = b;
            for c in [b.wrapping_sub(1), b.wrapping_add(1)] {
                let (dc, db) = ((to(c) - v).abs(), (to(best) - v).abs());
                if dc < db || (dc == db && c % 2 == 0) {
                    best = c;
                }
            }
            best
        }
        let mut next = crate::xorshift(0x9e37_79b9_7f4a_7c15u64);
        for _ in 0..200_000 {
            let state = next();
            // positive, exponents 2^-23..2^76, every mantissa
            let v = f64::from_bits(
                (state & 0x000f_ffff_ffff_ffff) | ((1000 + (state >> 52) % 77) << 52),
            );
            for v in [v, v * 1e-5, v * 1e30] {
                if v < 65504.0 && v > 1e-7 {
                    let h = <f16 as Elem>::from_f64(v).to_bits();
                    assert_eq!(h, nearest(v, h, |c| f16::from_bits(c).to_f64()), "{v:e}");
                }
                if v < 1e38 {
                    let h = <bf16 as Elem>::from_f64(v).to_bits();
                    assert_eq!(h, nearest(v, h, |c| bf16::from_bits(c).to_f64()), "{v:e}");
                }
            }
        }
    }

    use super::*;

    /// Edge values and pseudo-random integers of every magnitude within the u64 / i64
    /// range (so that the neighbours of a result still fit an i128), ties included.
    fn samples() -> Vec<i128> {
        let mut v: Vec<i128> = vec![
            0,
            1,
            -1,
            255,
            256,
            257,
            16_777_217,
            (1 << 55) + (1 << 31) + 1,
            (1 << 60) + (1 << 52) + 1,
            (1 << 60) + (1 << 52),
            (1 << 60) + (3 << 52),
            36_028_799_166_447_617,
            9_223_372_586_610_589_697,
            65_504,
            65_519,
            65_520,
            i64::MAX as i128,
            i64::MIN as i128,
            u64::MAX as i128,
            (1 << 53) + 1,
            -(1 << 53) - 1,
        ];
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        for i in 0..20_000 {
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let m = i128::from(x >> (x % 64));
            // every few: a tie between two floats of 8, 11 or 24 bits, or its neighbours
            let m = match i % 4 {
                0 => {
                    let p = [8u32, 11, 24][(x % 3) as usize];
                    let b = 128 - m.leading_zeros();
                    if b > p + 1 {
                        let s = b - p;
                        ((m >> s) << s) + (1 << (s - 1)) + i128::from(x % 3) - 1
                    } else {
                        m
                    }
                }
                _ => m,
            };
            v.push(if x & 1 == 1 {
                -m.min(i64::MAX as i128)
            } else {
                m
            });
        }
        v
    }

    /// `r` (a finite result of `v`, `down` and `up` its neighbours, `even` whether its last
    /// significand bit is 0) is `v` rounded to nearest, ties to even.
    fn nearest(v: i128, r: f64, down: f64, up: f64, even: bool) -> bool {
        let dist = |f: f64| (v - f as i128).unsigned_abs();
        let d = dist(r);
        [down, up]
            .into_iter()
            .filter(|f| f.is_finite())
            .all(|f| d < dist(f) || (d == dist(f) && even))
    }

    #[test]
    fn ints_round_once_into_every_float_type() {
        for v in samples() {
            assert_eq!(
                f64::from_i128(v).to_bits(),
                (v as f64).to_bits(),
                "{v} → f64"
            );
            assert_eq!(
                f32::from_i128(v).to_bits(),
                (v as f32).to_bits(),
                "{v} → f32"
            );
            let c = Complex::<f32>::from_i128(v);
            assert_eq!(
                (c.re.to_bits(), c.im),
                ((v as f32).to_bits(), 0.0),
                "{v} → c64"
            );

            let b = bf16::from_i128(v);
            if v.unsigned_abs() <= 256 {
                assert_eq!(b.to_f64(), v as f64, "{v} → bf16 exactly");
            } else {
                let (down, up) = (
                    bf16::from_bits(b.to_bits() - 1),
                    bf16::from_bits(b.to_bits() + 1),
                );
                let even = b.to_bits() & 1 == 0;
                assert!(
                    nearest(v, b.to_f64(), down.to_f64(), up.to_f64(), even),
                    "{v} → bf16 {b}"
                );
            }

            let h = f16::from_i128(v);
            if v.unsigned_abs() >= 65_520 {
                assert!(
                    h.is_infinite() && (h.is_sign_negative() == (v < 0)),
                    "{v} → f16 {h}"
                );
            } else if v.unsigned_abs() <= 2048 {
                assert_eq!(h.to_f64(), v as f64, "{v} → f16 exactly");
            } else {
                let (down, up) = (
                    f16::from_bits(h.to_bits() - 1),
                    f16::from_bits(h.to_bits() + 1),
                );
                let even = h.to_bits() & 1 == 0;
                assert!(
                    nearest(v, h.to_f64(), down.to_f64(), up.to_f64(), even),
                    "{v} → f16 {h}"
                );
            }
        }
    }

    #[test]
    fn casts_from_wide_ints_round_once() {
        // the golden cases: numpy's astype
        let v: i64 = (1 << 60) + (1 << 52) + 1;
        assert_eq!(
            bf16::cast_from(v).to_f64(),
            ((1u64 << 60) + (1 << 53)) as f64
        );
        let v: i64 = (1 << 55) + (1 << 31) + 1;
        assert_eq!(f32::cast_from(v), ((1u64 << 55) + (1 << 32)) as f32);
        assert_eq!(
            Complex::<f32>::cast_from(v).re,
            ((1u64 << 55) + (1 << 32)) as f32
        );
        let u: u64 = 9_223_372_586_610_589_697;
        assert_eq!(f32::cast_from(u), u as f32);
        assert_eq!(Complex::<f32>::cast_from(u).re, u as f32);
        // the other sources are unchanged
        assert_eq!(i8::cast_from(-3.7f64), -3);
        assert_eq!(u8::cast_from(300i32), 44);
        assert!(bool::cast_from(Complex::new(0.0f32, 1.0)));
        assert_eq!(f32::cast_from(true), 1.0);
        assert_eq!(Complex::<f64>::cast_from(-2i8), Complex::new(-2.0, 0.0));
        assert_eq!(f16::cast_from(1.0e9f64), f16::INFINITY);
    }
}
