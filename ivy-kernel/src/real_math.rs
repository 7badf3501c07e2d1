//! Scalar functions of the kernel rows that `std` and `num_traits` do not give with the
//! Array API's (numpy's) semantics: Python-style floor division and remainder, integer
//! powers, shifts, `round` half to even, `sign`, `logaddexp`. Each is generic over the
//! element class (one definition serves every dtype of it) and total: no input panics.
//!
//! The float `floor_divide`/`remainder` pair is numpy's `npy_divmod` (numpy's
//! `npy_math_internal.h.src`, BSD-3-Clause), rewritten over [`num_traits::Float`].

use crate::elem::IntElem;
use num_traits::{Float, PrimInt};

/// `a` to the power `b` with wrapping multiplication (square and multiply: at most 64
/// squarings). A negative exponent gives the integer part of the real result, truncated
/// toward zero: `1` for a base of 1, `±1` for -1 (by the exponent's parity), `0` otherwise
/// (`0 ** -1` too). numpy raises on negative integer exponents; the Array API leaves them
/// unspecified.
pub fn int_pow<T: IntElem>(a: T, b: T) -> T {
    let (zero, one) = (T::zero(), T::one());
    if b < zero {
        return if a == one {
            one
        } else if is_minus_one(a) {
            if b & one == one {
                a
            } else {
                one
            }
        } else {
            zero
        };
    }
    let (mut base, mut e, mut r) = (a, b, one);
    while e > zero {
        if e & one == one {
            r = r.wrapping_mul(&base);
        }
        e = e >> 1;
        if e > zero {
            base = base.wrapping_mul(&base);
        }
    }
    r
}

/// `x` is -1 (never, for the unsigned types).
#[inline(always)]
fn is_minus_one<T: IntElem>(x: T) -> bool {
    x < T::zero() && x == T::zero().wrapping_sub(&T::one())
}

/// Python's `a // b` on integers: rounded toward negative infinity; `x // 0` is 0 (numpy's
/// value) and `MIN // -1` wraps to `MIN`. The types of at most 32 bits divide through
/// `f64` or `f32` (`narrow_floor_quotient`: exact, and a vector loop where integer
/// division is not).
#[inline(always)]
pub fn int_floor_divide<T: IntElem>(a: T, b: T) -> T {
    let zero = T::zero();
    let minus_one = is_minus_one(b);
    if let Some(q) = narrow_floor_quotient(a, b, (b == zero) | minus_one) {
        // selects, not branches
        let q = if minus_one { a.wrapping_neg() } else { q };
        return if b == zero { zero } else { q };
    }
    if b == zero {
        return zero;
    }
    if minus_one {
        return a.wrapping_neg(); // MIN // -1 wraps to MIN (numpy)
    }
    let q = a / b;
    if (a % b != zero) && ((a < zero) != (b < zero)) {
        q - T::one()
    } else {
        q
    }
}

/// `⌊a / b⌋` (`⌊a / 1⌋` where `skip`: `b` is 0 or -1, which callers select away) for the
/// types of at most 32 bits (`None` for the 64-bit ones), by `f64` division (`f32` for the
/// 8- and 16-bit types) and `floor`, converted through an `i32` (uint32's quotient moved
/// into its range: vector conversions exist to `i32` only).
///
/// Exact: `a` and `b` are exact in `f64`, and the correctly rounded quotient is within
/// `|a / b| · 2^-53` of `a / b`, which is less than `1 / |b|` (as `|a| < 2^53`), the least
/// distance from a quotient that is not an integer to the nearest integer; so it rounds to
/// `a / b` itself when that is an integer and never across one otherwise. In `f32` the
/// same holds for `|a| < 2^24`.
#[inline(always)]
fn narrow_floor_quotient<T: IntElem>(a: T, b: T, skip: bool) -> Option<T> {
    use ivy_core::Dtype::{Int16, Int32, Int8, Uint16, Uint32, Uint8};
    if !matches!(T::DTYPE, Int8 | Int16 | Int32 | Uint8 | Uint16 | Uint32) {
        return None;
    }
    let d = if skip { T::one() } else { b };
    if T::DTYPE == Uint32 {
        // quotients up to 2^32 - 1: moved down by 2^31 into `i32`'s range for the
        // conversion, and back by flipping the top bit
        let q = (a.to_f64() / d.to_f64()).floor() - 2_147_483_648.0;
        // SAFETY: `d` is not 0, so the quotient is an integer in `0..2^32`
        let q: i32 = unsafe { q.to_int_unchecked() };
        return Some(T::from_i128(((q as u32) ^ 1 << 31).into()));
    }
    // SAFETY (both): the quotient is an integer (`floor`) within `i32`: `d` is neither 0
    // nor -1, so `|a / d|` is at most `|a|` (at most 2^31 where negative, below it where
    // positive) for the signed types, and at most 65535 for the unsigned ones
    let q: i32 = if std::mem::size_of::<T>() <= 2 {
        // operands below 2^24: the same argument in `f32`, twice the lanes
        let (a, d) = (a.to_f64() as f32, d.to_f64() as f32);
        unsafe { (a / d).floor().to_int_unchecked() }
    } else {
        unsafe { (a.to_f64() / d.to_f64()).floor().to_int_unchecked() }
    };
    Some(T::from_i128(q.into()))
}

/// Python's `a % b` on integers: the sign of `b`; `x % 0` is 0 (numpy's value). The types
/// of `narrow_floor_quotient` as `a - ⌊a / b⌋ · b`.
#[inline(always)]
pub fn int_remainder<T: IntElem>(a: T, b: T) -> T {
    let zero = T::zero();
    // x % -1 is 0 (MIN % -1 would overflow)
    let none = b == zero || is_minus_one(b);
    if let Some(q) = narrow_floor_quotient(a, b, none) {
        let r = a.wrapping_sub(&q.wrapping_mul(&b));
        return if none { zero } else { r };
    }
    if none {
        return zero;
    }
    let r = a % b;
    if r != zero && ((r < zero) != (b < zero)) {
        r + b
    } else {
        r
    }
}

/// numpy's `npy_divmod`: Python's floor division and remainder of floats.
fn divmod<T: Float>(a: T, b: T) -> (T, T) {
    let zero = T::zero();
    let m = a % b; // fmod
    if b == zero {
        return (a / b, m);
    }
    let mut div = (a - m) / b;
    let mut m = m;
    if m != zero {
        if (b < zero) != (m < zero) {
            m = m + b;
            div = div - T::one();
        }
    } else {
        m = zero.copysign(b);
    }
    let floordiv = if div != zero {
        let f = div.floor();
        if div - f > T::one() / (T::one() + T::one()) {
            f + T::one()
        } else {
            f
        }
    } else {
        zero.copysign(a / b)
    };
    (floordiv, m)
}

/// Python's `a // b` on floats (numpy's `floor_divide`): `x // 0` is `x / 0` (±inf or NaN).
pub fn floor_divide<T: Float>(a: T, b: T) -> T {
    if b == T::zero() {
        return a / b;
    }
    divmod(a, b).0
}

/// Python's `a % b` on floats (numpy's `remainder`): the sign of `b`; `x % 0` is NaN.
pub fn remainder<T: Float>(a: T, b: T) -> T {
    if b == T::zero() {
        return a % b;
    }
    divmod(a, b).1
}

/// `a << b` as numpy shifts: 0 once `b` reaches the bit width or is negative.
pub fn shl<T: PrimInt>(a: T, b: T) -> T {
    match b.to_u32().filter(|&s| s < T::zero().count_zeros()) {
        Some(s) => a << s as usize,
        None => T::zero(),
    }
}

/// `a >> b` as numpy shifts (arithmetic for signed types): once `b` reaches the bit width
/// or is negative, -1 for a negative `a` and 0 otherwise.
pub fn shr<T: PrimInt>(a: T, b: T) -> T {
    match b.to_u32().filter(|&s| s < T::zero().count_zeros()) {
        Some(s) => a >> s as usize,
        None if a < T::zero() => !T::zero(),
        None => T::zero(),
    }
}

/// Rounds to the nearest integer, ties to even (numpy's `round`, IEEE `roundeven`).
pub fn round_half_even<T: Float>(x: T) -> T {
    let r = x.round(); // ties away from zero
    let two = T::one() + T::one();
    if (r - x).abs() == T::one() / two {
        (x / two).round() * two
    } else {
        r
    }
}

/// The sign of `x`: -1, 0 or 1 (`+0.0` for either zero, NaN for NaN: numpy's `sign`).
pub fn sign<T: Float>(x: T) -> T {
    if x > T::zero() {
        T::one()
    } else if x < T::zero() {
        -T::one()
    } else if x.is_nan() {
        x
    } else {
        T::zero()
    }
}

/// The hard swish `x · clip(x + 3, 0, 6) / 6`, each step rounded in `T` as Ivy's composition
/// rounds it (NaN propagates through the clip).
///
/// ```
/// assert_eq!(ivy_kernel::real_math::hardswish(-1.5f32), -0.375);
/// assert_eq!(ivy_kernel::real_math::hardswish(5.0f64), 5.0);
/// assert_eq!(ivy_kernel::real_math::hardswish(-4.0f32), -0.0);
/// assert!(ivy_kernel::real_math::hardswish(f32::NAN).is_nan());
/// ```
#[inline]
pub fn hardswish<T: Float + crate::elem::Elem>(x: T) -> T {
    let (three, six) = (T::from_f64(3.0), T::from_f64(6.0));
    let r = x + three;
    let r = if r < T::zero() {
        T::zero()
    } else if r > six {
        six
    } else {
        r
    };
    x * r / six
}

/// The sign of an integer: -1, 0 or 1.
pub fn int_sign<T: PrimInt>(x: T) -> T {
    if x > T::zero() {
        T::one()
    } else if x < T::zero() {
        T::zero() - T::one()
    } else {
        T::zero()
    }
}

/// `|x|` with wrapping for integers (`abs(MIN) == MIN`, as numpy).
pub fn int_abs<T: IntElem>(x: T) -> T {
    if x < T::zero() {
        x.wrapping_neg()
    } else {
        x
    }
}

/// `log(exp(a) + exp(b))` without overflow (numpy's `npy_logaddexp`).
pub fn logaddexp<T: Float + num_traits::FloatConst>(a: T, b: T) -> T {
    if a == b {
        return a + T::LN_2(); // infinities of one sign, without inf - inf
    }
    let d = a - b;
    if d > T::zero() {
        a + (-d).exp().ln_1p()
    } else if d <= T::zero() {
        b + d.exp().ln_1p()
    } else {
        d // NaN
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_rules() {
        assert_eq!(int_pow(3i32, 4), 81);
        assert_eq!(int_pow(2i8, 7), -128); // wraps
        assert_eq!(int_pow(-1i16, -3), -1);
        assert_eq!(int_pow(-1i16, -4), 1);
        assert_eq!(int_pow(5u8, 0), 1);
        assert_eq!(int_pow(2i64, -1), 0);
        assert_eq!(int_pow(u64::MAX, u64::MAX), u64::MAX); // odd powers of -1 mod 2^64
        assert_eq!(int_floor_divide(-7i32, 2), -4);
        assert_eq!(int_floor_divide(7i32, -2), -4);
        assert_eq!(int_floor_divide(i8::MIN, -1), i8::MIN);
        assert_eq!(int_floor_divide(5u8, 0), 0);
        assert_eq!(int_remainder(-7i32, 2), 1);
        assert_eq!(int_remainder(7i32, -2), -1);
        assert_eq!(int_remainder(i64::MIN, -1), 0);
        assert_eq!(int_remainder(200u8, 7), 4);
        assert_eq!(shl(1i8, 7), -128);
        assert_eq!(shl(1i8, 8), 0);
        assert_eq!(shl(1i8, -1), 0);
        assert_eq!(shr(-128i8, 100), -1);
        assert_eq!(shr(64u8, 9), 0);
    }

    /// The `f64` path of the narrow types gives the integer division's quotient and
    /// remainder: every pair of int8 and uint8 values, and random and edge pairs (0, -1,
    /// `MIN`, `MAX`) of the 16- and 32-bit types.
    #[test]
    fn narrow_division_through_f64_is_exact() {
        fn by_integers<T: IntElem>(a: T, b: T) -> (T, T) {
            let (zero, one) = (T::zero(), T::one());
            if b == zero || (b < zero && b == zero.wrapping_sub(&one)) {
                return (if b == zero { zero } else { a.wrapping_neg() }, zero);
            }
            let (q, r) = (a / b, a % b);
            if r != zero && ((r < zero) != (b < zero)) {
                (q - one, r + b)
            } else {
                (q, r)
            }
        }
        fn check<T: IntElem>(a: T, b: T) {
            let got = (int_floor_divide(a, b), int_remainder(a, b));
            assert_eq!(got, by_integers(a, b), "{a} // {b}, {a} % {b}");
        }
        for a in i8::MIN..=i8::MAX {
            for b in i8::MIN..=i8::MAX {
                check(a, b);
            }
        }
        for a in 0..=u8::MAX {
            for b in 0..=u8::MAX {
                check(a, b);
            }
        }
        let mut next = crate::xorshift(0x2545_f491_4f6c_dd1d);
        let edges = [
            0,
            1,
            2,
            3,
            7,
            u32::MAX,
            u32::MAX - 1,
            1 << 31,
            (1 << 31) - 1,
            1 << 31 | 1,
        ];
        let mut pairs: Vec<(u32, u32)> = edges
            .iter()
            .flat_map(|&a| edges.iter().map(move |&b| (a, b)))
            .collect();
        for _ in 0..200_000 {
            let (r, s) = (next(), next());
            // quotients of every size: divisors of every width
            pairs.push((r as u32, (s as u32) >> (s >> 59)));
        }
        for &(a, b) in &pairs {
            check(a, b);
            check(a as i32, b as i32);
            check(a as u16, b as u16);
            check(a as i16, b as i16);
            check(a as i32, (b as i32).wrapping_neg());
        }
    }

    #[test]
    fn float_rules() {
        assert_eq!(floor_divide(-7.0f64, 2.0), -4.0);
        assert_eq!(remainder(-7.0f64, 2.0), 1.0);
        assert_eq!(remainder(5.0f64, f64::INFINITY), 5.0);
        assert!(remainder(5.0f64, 0.0).is_nan());
        assert_eq!(floor_divide(1.0f32, 0.0), f32::INFINITY);
        assert!(floor_divide(-0.0f64, 3.0).is_sign_negative());
        assert_eq!(round_half_even(2.5f32), 2.0);
        assert_eq!(round_half_even(-3.5f64), -4.0);
        assert_eq!(round_half_even(0.49999997f32), 0.0);
        assert_eq!(sign(-0.0f64).to_bits(), 0.0f64.to_bits());
        assert_eq!(logaddexp(f64::INFINITY, f64::INFINITY), f64::INFINITY);
        assert!((logaddexp(0.0f64, 0.0) - std::f64::consts::LN_2).abs() < 1e-16);
    }
}
