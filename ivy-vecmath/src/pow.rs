//! `pow`: `exp(y log x)` for `x > 0`.
//!
//! `f64`: `log x` as a pair to about 2^-66 of it: fdlibm's reduction `x = 2^k (1 + f)`,
//! then `log(1 + f) = 2 atanh s = 2s + 2s³/3 + 2s⁵/5 + s⁷ W(s²)` with `s = f/(2 + f)`
//! (|s| ≤ 0.172; one division, corrected by its exact residual), the first three terms in
//! two parts (exact products), `W` a Chebyshev fit (mpmath, `scripts/vecmath_coeffs.py`,
//! degree 6), and `k ln 2` in fdlibm's two parts. `y log x` is then an exact product plus
//! its low part, and `e^(vh + vl) = e^vh (1 + vl)` with the two-part `exp` of `exp.rs`.
//! For `y log x` in [−690, 708] the value before the last rounding is within 2^-56 of the
//! result (2^-66 · 708 from the logarithm, 2^-60 from the exponential), so the result is
//! within 0.5 + 0.05 ULP, and exact powers come out exact. `x ≤ 0` (signs, integer `y`),
//! non-finite arguments, |y| ≥ 2^900 and results beyond `e^708` (overflow) or below
//! `e^-690` (where the pairs' low parts would be subnormal) take `pow`.
//!
//! `f32`: `exp(y log x)` in plain `f64`, with the `f32` kernels' short polynomials: `log x`
//! to 2^-37 of itself (`Q32`'s error, 2^-33.5, on a term below 7 % of the logarithm) and
//! the product to 2^-52 leave `y log x` within 2^-30 for every result in `f32`'s range
//! (|y log x| < 110), 0.03 `f32` ULP of the result.

use std::mem::MaybeUninit;

use crate::exp::{exp_core, exp_dd, LN2_HI, LN2_LO, P32};
use crate::log::{log_core, log_reduce, Q32};
use crate::{div_dd, fast_two_sum, horner, Binary, Fma};

/// `x^y` (`zip(x, y)`).
///
/// ```
/// # use std::mem::MaybeUninit;
/// let mut o = [MaybeUninit::uninit(); 3];
/// ivy_vecmath::zip::<f32, ivy_vecmath::Pow>(&[2.0, -2.0, 0.0], &[10.0, 3.0, -1.0], &mut o);
/// let y: Vec<f32> = o.iter().map(|v| unsafe { v.assume_init() }).collect();
/// assert_eq!(y, [1024.0, -8.0, f32::INFINITY]);
/// let mut o = [MaybeUninit::uninit(); 2];
/// ivy_vecmath::zip::<f64, ivy_vecmath::Pow>(&[2.0, 9.0], &[0.5, 0.5], &mut o);
/// assert_eq!(unsafe { o[0].assume_init() }, std::f64::consts::SQRT_2);
/// assert_eq!(unsafe { o[1].assume_init() }, 3.0);
/// ```
#[derive(Debug)]
pub enum Pow {}

/// `2 atanh s − 2s − 2s³/3 − 2s⁵/5 = s⁷ W(s²)` on [0, 0.0294] (relative error 2^-50).
const W64: [f64; 7] = [
    0.285714285714286,
    0.22222222222140714,
    0.18181818226058036,
    0.1538460639274099,
    0.133342017810555,
    0.11721820901503831,
    0.11566250279600705,
];
// 2/3 and 2/5 in two parts
const T3H: f64 = 0.6666666666666666;
const T3L: f64 = 3.700743415417188e-17;
const T5H: f64 = 0.4;
const T5L: f64 = -2.2204460492503132e-17;

/// `(a + al)(b + bl)` in two parts (the product of the high parts exact, the cross terms
/// rounded; `al bl` dropped).
#[inline(always)]
fn mul_dd<M: Fma>(a: f64, al: f64, b: f64, bl: f64) -> (f64, f64) {
    let (p, pe) = M::two_prod(a, b);
    (p, M::fma(a, bl, M::fma(al, b, pe)))
}

/// `log x` as a normalized pair, to about 2^-66 of it, for positive finite `x`.
#[inline(always)]
fn log_fine<M: Fma>(x: f64) -> (f64, f64) {
    const TWO54: f64 = 18_014_398_509_481_984.0;
    let sub = x < f64::MIN_POSITIVE;
    let (k, f) = log_reduce(if sub { x * TWO54 } else { x });
    let k = if sub { k - 54.0 } else { k };
    // s = f / (2 + f), 2 + f exact in two parts
    let (dh, dl) = fast_two_sum(2.0, f);
    let (s, sl) = div_dd::<M>(f, 0.0, dh, dl);
    let (zh, zl) = mul_dd::<M>(s, sl, s, sl);
    let (ch, cl) = mul_dd::<M>(s, sl, zh, zl); // s³
    let (t3h, t3l) = mul_dd::<M>(ch, cl, T3H, T3L);
    let (fh, fl) = mul_dd::<M>(ch, cl, zh, zl); // s⁵
    let (t5h, t5l) = mul_dd::<M>(fh, fl, T5H, T5L);
    let r = fh * zh * horner::<M, _, 7>(zh, &W64);
    // 2s, t3, t5, r: same signs, decreasing magnitudes
    let (a, al) = fast_two_sum(2.0 * s, t3h);
    let (a, al2) = fast_two_sum(a, t5h);
    let lo = (al + al2) + (M::fma(2.0, sl, t3l) + (t5l + r));
    // |k ln 2| ≥ ln 2 > |log(1 + f)| for k ≠ 0; k LN2_HI is exact
    let (b, bl) = fast_two_sum(k * LN2_HI, a);
    fast_two_sum(b, bl + M::fma(k, LN2_LO, lo))
}

/// `x^y` for the exponents numpy's `fast_scalar_power` knows (2, 0.5, −1, 1, ±0), by one
/// operation: `x · x`, `√x`, `1/x`, `x`, `1`, each correctly rounded (as the power it stands
/// for), with `pow`'s special values (`√` gives `+0` for `−0` and `+∞` for `−∞`; `x⁰` is 1
/// even for NaN). `(value, true)` for those exponents, `(_, false)` for any other. Every
/// path uses it (the fast path declines 2, 0.5 and −1, which it may round differently), so
/// a lane's value does not depend on the lanes beside it.
#[inline(always)]
fn known_power<T: crate::EdgeFloat>(x: T, y: T) -> (T, bool) {
    let (one, zero) = (T::from(1.0), T::from(0.0));
    if y == T::from(2.0) {
        (x * x, true)
    } else if y == T::from(0.5) {
        (root(x), true)
    } else if y == -one {
        (one / x, true)
    } else if y == one {
        (x, true)
    } else {
        (one, y == zero)
    }
}

/// `x^0.5`: `√x`, but `+0` for `−0` and `+∞` for `−∞`.
#[inline(always)]
fn root<T: crate::EdgeFloat>(x: T) -> T {
    let inf = T::from(f32::INFINITY);
    if x == -inf {
        inf
    } else {
        x.sqrt() + T::from(0.0)
    }
}

/// The exponents the fast path declines, for [`known_power`].
#[inline(always)]
fn declined_power<T: crate::EdgeFloat>(y: T) -> bool {
    y == T::from(2.0) || y == T::from(0.5) || y == T::from(-1.0)
}

/// A whole slice whose exponents are all one known power ([`known_power`]): one operation
/// a lane, 10x faster than the general kernel (numpy's `x ** 2` runs `square`, `x ** 0.5`
/// `sqrt`). `false`, nothing written, otherwise (also when `a` and `b` differ in length).
#[inline(always)]
fn scalar_power<T: crate::EdgeFloat>(a: &[T], b: &[T], out: &mut [MaybeUninit<T>]) -> bool {
    #[inline(always)]
    fn each<T: Copy>(a: &[T], out: &mut [MaybeUninit<T>], f: impl Fn(T) -> T) -> bool {
        for (o, &x) in out.iter_mut().zip(a) {
            o.write(f(x));
        }
        true
    }
    let Some(&y) = b.first() else {
        return false;
    };
    // the exponents are scanned only when the first one is a known power
    // (the scan in blocks without an early exit inside one: vectorised)
    if !known_power(y, y).1
        || b.len() != a.len()
        || !b
            .chunks(64)
            .all(|c| c.iter().fold(true, |all, &v| all & (v == y)))
    {
        return false;
    }
    let one = T::from(1.0);
    // the operations of `known_power`, one loop each
    if y == T::from(2.0) {
        each(a, out, |x| x * x)
    } else if y == T::from(0.5) {
        each(a, out, root)
    } else if y == -one {
        each(a, out, |x| one / x)
    } else if y == one {
        each(a, out, |x| x)
    } else {
        each(a, out, |_| one)
    }
}

/// `Pow`'s `edge` for either type: the known powers ([`known_power`]); NaN where the result
/// is NaN (a NaN input but for `pow(NaN, 0)` and `pow(1, NaN)`; a finite negative base
/// with a finite non-integer exponent), and a finite negative base with an integer
/// exponent: `|x|^y` by the fast path, negated when `y` is odd.
macro_rules! pow_edge {
    ($t:ty) => {
        #[inline(always)]
        #[allow(clippy::eq_op)]
        fn edge<M: Fma>(x: $t, y: $t) -> ($t, bool) {
            let (kv, known) = known_power(x, y);
            // NaN is no integer; ±∞ is, but is left to libm below
            let integer = y == y.trunc();
            let odd = integer && y * 0.5 != (y * 0.5).trunc();
            let (p, ok) = <Self as Binary<$t>>::fast::<M>(-x, y);
            let negative = x < 0.0 && x > <$t>::NEG_INFINITY && y.is_finite();
            let nan = (x != x && y != 0.0) || (y != y && x != 1.0);
            let v = if known {
                kv
            } else if nan {
                x + y
            } else if !integer {
                crate::invalid(x)
            } else if odd {
                -p
            } else {
                p
            };
            (v, known || nan || (negative && (!integer || ok)))
        }
    };
}

impl Binary<f64> for Pow {
    const INTERLEAVE: bool = true;
    #[inline(always)]
    fn fast<M: Fma>(x: f64, y: f64) -> (f64, bool) {
        const TWO900: f64 = f64::from_bits((1023 + 900) << 52);
        let (lh, ll) = log_fine::<M>(x);
        let (vh, vl) = M::two_prod(y, lh);
        let vl = M::fma(y, ll, vl);
        let (eh, el) = exp_dd::<M, 1023>(vh.clamp(-708.0, 708.0));
        // e^(vh + vl) = e^vh (1 + vl + O(vl²)), |vl| ≤ 2^-43
        (
            eh + M::fma(eh, vl, el),
            // below e^-690 the pairs' low parts are subnormal, their bits too few
            x > 0.0
                && x <= f64::MAX
                && y.abs() < TWO900
                && vh >= -690.0
                && vh <= 708.0
                && !declined_power(y),
        )
    }
    pow_edge!(f64);
    #[inline(always)]
    fn shortcut(a: &[f64], b: &[f64], out: &mut [MaybeUninit<f64>]) -> bool {
        scalar_power(a, b, out)
    }
    fn exact(x: f64, y: f64) -> f64 {
        match known_power(x, y) {
            (v, true) => v,
            _ => x.powf(y),
        }
    }
}

impl Binary<f32> for Pow {
    const INTERLEAVE: bool = true;
    #[inline(always)]
    fn fast<M: Fma>(x: f32, y: f32) -> (f32, bool) {
        let (xd, yd) = (f64::from(x), f64::from(y));
        // beyond [−110, 95] the f32 result is 0 or ∞ (e^-103.3 is half the least subnormal)
        let v = (yd * log_core::<M, 11>(xd, &Q32)).clamp(-110.0, 95.0);
        (
            exp_core::<M, 6>(v, &P32) as f32,
            x > 0.0 && x <= f32::MAX && y.is_finite() && !declined_power(y),
        )
    }
    pow_edge!(f32);
    #[inline(always)]
    fn shortcut(a: &[f32], b: &[f32], out: &mut [MaybeUninit<f32>]) -> bool {
        scalar_power(a, b, out)
    }
    fn exact(x: f32, y: f32) -> f32 {
        match known_power(x, y) {
            (v, true) => v,
            _ => x.powf(y),
        }
    }
}
