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
        } else if a == zero.wrapping_sub(&one) && a < zero {
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

/// Python's `a // b` on integers: rounded toward negative infinity; `x // 0` is 0 (numpy's
/// value) and `MIN // -1` wraps to `MIN`.
pub fn int_floor_divide<T: IntElem>(a: T, b: T) -> T {
    let zero = T::zero();
    if b == zero {
        return zero;
    }
    if b < zero && b == zero.wrapping_sub(&T::one()) {
        return a.wrapping_neg(); // MIN // -1 wraps to MIN (numpy)
    }
    let q = a / b;
    if (a % b != zero) && ((a < zero) != (b < zero)) {
        q - T::one()
    } else {
        q
    }
}

/// Python's `a % b` on integers: the sign of `b`; `x % 0` is 0 (numpy's value).
pub fn int_remainder<T: IntElem>(a: T, b: T) -> T {
    let zero = T::zero();
    if b == zero || (b < zero && b == zero.wrapping_sub(&T::one())) {
        return zero; // x % -1 is 0 (MIN % -1 would overflow)
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
