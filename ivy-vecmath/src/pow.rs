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
//! `f32`: `2^(y log2 x)` in `f64` with ARM optimized-routines' tables (16 intervals for
//! the logarithm, 16 for the exponential; [`pow32_core`]): 0.5 + 0.01 ULP. At AVX-512 the
//! tables are read by permutes of two registers (`avx512::pow_block`): the lane function's
//! table reads compile to gathers, which cost a third of the time.

use std::mem::MaybeUninit;

use crate::exp::{exp_dd, LN2_HI, LN2_LO};
use crate::log::log_reduce;
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

// float32: ARM optimized-routines' powf tables (`scripts/vecmath_coeffs.py` prints them):
// `1/c` and `log2 c` of the 16 intervals of the reduced argument, `2^(j/16)`'s bits less
// `j << 48`, and the two polynomials

/// `1/c`, the centre `c` of each interval of `z` (1 for the interval holding 1).
const LOG2_INVC: [f64; 16] = [
    1.3989071038251366,
    1.3403141361256545,
    1.2864321608040201,
    1.2367149758454106,
    1.1906976744186046,
    1.147982062780269,
    1.1082251082251082,
    1.0711297071129706,
    1.0364372469635628,
    1.0,
    0.9481481481481482,
    0.8951048951048951,
    0.847682119205298,
    0.8050314465408805,
    0.7664670658682635,
    0.7314285714285714,
];

/// `log2 c`, to the nearest `f64`.
const LOG2_LOGC: [f64; 16] = [
    -0.4843001617159575,
    -0.4225711719642514,
    -0.3633753794563512,
    -0.3065130425006747,
    -0.2518071504105397,
    -0.19910010007969525,
    -0.14825095858394247,
    -0.09913319201925132,
    -0.05163276841532236,
    0.0,
    0.07681559705083084,
    0.1598713367783894,
    0.2384047393250789,
    0.3128829552843553,
    0.38370429247405213,
    0.4512111118323288,
];

/// `log2(1 + r) = r P(r)` on |r| ≤ 0.0297 (relative error 2^-38.3).
const LOG2_P: [f64; 6] = [
    1.442695040893326,
    -0.721347520448299,
    0.4808982575228639,
    -0.36067368195992633,
    0.28881062329273527,
    -0.24068684192562564,
];

/// `2^r = 1 + r P(r)` on |r| ≤ 1/32 (relative error of `2^r` 2^-37.5).
const EXP2_P: [f64; 4] = [
    0.6931471804009951,
    0.24022650694073813,
    0.05550541078283726,
    0.009618279533832767,
];

/// The bits of `2^(j/16)` less `j << 48`: adding `k << 48` (`k = 16 q + j`) gives `2^(k/16)`.
const EXP2_T: [u64; 16] = [
    0x3ff0000000000000,
    0x3fefb5586cf9890f,
    0x3fef72b83c7d517b,
    0x3fef387a6e756238,
    0x3fef06fe0a31b715,
    0x3feedea64c123422,
    0x3feebfdad5362a27,
    0x3feeab07dd485429,
    0x3feea09e667f3bcd,
    0x3feea11473eb0187,
    0x3feeace5422aa0db,
    0x3feec49182a3f090,
    0x3feee89f995ad3ad,
    0x3fef199bdd85529c,
    0x3fef5818dcfba487,
    0x3fefa4afa2a490da,
];

/// 0.69921875 (`f32` bits `0x3f33_0000`) as `f64` bits: `x`'s bits less these have `k` in
/// their exponent field and the interval's number in the top four fraction bits.
const LOG2_OFF: u64 = 0x3fe6_6000_0000_0000;
/// The exponent field and sign of [`LOG2_OFF`]'s difference: `k << 52`.
const EXPONENT_FIELD: u64 = 0xfff0_0000_0000_0000;
/// `1.5 · 2^48`: its ulp is 1/16, so `t + SHIFT16` holds `16 t` rounded in its low bits.
const SHIFT16: f64 = 422_212_465_065_984.0;
/// `t` beyond [−160, 130] gives 0 or ∞ in `f32` (2^-150 is half the least subnormal).
const T_MIN: f64 = -160.0;
const T_MAX: f64 = 130.0;

/// `x^y` as `2^(y log2 x)` for positive finite `x` converted from `f32` (subnormals are
/// normal as `f64`), in `f64`, with ARM optimized-routines' `powf` design and longer
/// polynomials:
/// - `x = 2^k z`, `z` in [0.699, 1.398) and in one of 16 intervals by its top four fraction
///   bits; `log2 x = k + log2 c + log2(1 + r)` with `r = z/c − 1` (one FMA with the table's
///   `1/c`, |r| ≤ 0.0297). `c = 1` on the interval holding 1, where `r = x − 1` is exact,
///   so `log2 x` stays accurate relative to itself near 1.
/// - `2^t = 2^q 2^(j/16) 2^r` with `t = q + j/16 + r`, |r| ≤ 1/32.
///
/// `y log2 x` is within 2^-38.3 of itself plus the roundings (2^-52), so for every `f32`
/// result (|t| < 151) within 2^-30.7 absolute, and the value before its rounding to `f32`
/// within 2^-30.5 relative: 0.5 + 0.01 ULP. `t` is clamped to [−160, 130].
/// [`avx512::pow_block`] computes the same operations eight lanes at a time.
#[inline(always)]
fn pow32_core<M: Fma>(x: f64, y: f64) -> f64 {
    let tmp = x.to_bits().wrapping_sub(LOG2_OFF);
    let i = ((tmp >> 48) & 15) as usize;
    let z = f64::from_bits(x.to_bits().wrapping_sub(tmp & EXPONENT_FIELD));
    // k, the top twelve bits of `tmp` as a signed number, converted exactly in f64 lanes
    // (AVX2 has no i64 conversion): 2^52 + 2048 + k as bits, less 2^52 + 2048
    let k = f64::from_bits((tmp >> 52) ^ 0x4330_0000_0000_0800) - 4_503_599_627_372_544.0;
    let r = M::fma(z, LOG2_INVC[i], -1.0);
    let l = M::fma(r, horner::<M, _, 6>(r, &LOG2_P), k + LOG2_LOGC[i]);
    // +0: a logarithm that sends every `t` but `0 · l` beyond the clamp (0, 1 or ∞)
    let l = if x == 0.0 { ZERO_LOG } else { l };
    let t = (y * l).clamp(T_MIN, T_MAX);
    let kd = t + SHIFT16;
    let ki = kd.to_bits();
    let r = t - (kd - SHIFT16);
    let s = f64::from_bits(EXP2_T[(ki & 15) as usize].wrapping_add(ki << 48));
    s * M::fma(r, horner::<M, _, 4>(r, &EXP2_P), 1.0)
}

/// `log2 x` for `x = +0` in [`pow32_core`]: `y · ZERO_LOG` is beyond the clamp for every
/// nonzero `f32` `y` (|y| ≥ 2^-149), and `−0` for `y = 0`, so `+0^y` is `+0`, `+∞` or 1,
/// C99's values, without leaving the fast path (`pow(relu(x), 1.5)`: half its bases +0).
const ZERO_LOG: f64 = -1e300;

/// `(+0)^y` for finite `y`: `+0` for `y > 0`, `+∞` for `y < 0`, 1 for `y = 0` (C99).
#[inline(always)]
fn zero_base(y: f64) -> f64 {
    if y > 0.0 {
        0.0
    } else if y < 0.0 {
        f64::INFINITY
    } else {
        1.0
    }
}

/// Whether [`Pow`]'s `f32` fast path takes `(x, y)`: `x` in [+0, MAX] (its bits, as an
/// unsigned number, at most MAX's: `−0`, negative, infinite and NaN bases are above), `y`
/// finite and not 2, 0.5 or −1.
#[inline(always)]
fn pow32_takes(x: f32, y: f32) -> bool {
    x.to_bits() <= f32::MAX.to_bits() && y.is_finite() && !declined_power(y)
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
/// with a finite non-integer exponent); C99 Annex F's values (libm's bits) for a zero or
/// infinite base and for an infinite exponent, so that arrays holding zeros (`pow(relu(x),
/// 1.5)`) stay off libm; and a finite negative base with an integer exponent: `|x|^y` by
/// the fast path, negated when `y` is odd.
macro_rules! pow_edge {
    ($t:ty) => {
        #[inline(always)]
        #[allow(clippy::eq_op)]
        fn edge<M: Fma>(x: $t, y: $t) -> ($t, bool) {
            let inf = <$t>::INFINITY;
            let (kv, known) = known_power(x, y);
            // NaN is no integer, ±∞ is no odd one
            let integer = y == y.trunc();
            let odd = integer && y * 0.5 != (y * 0.5).trunc();
            let (p, ok) = <Self as Binary<$t>>::fast::<M>(-x, y);
            let negative = x < 0.0 && x > -inf && y.is_finite();
            let nan = (x != x && y != 0.0) || (y != y && x != 1.0);
            // a zero or infinite base: 0 or ∞, with the base's sign for an odd exponent;
            // an infinite exponent (finite nonzero base): 1 for |x| = 1, else 0 or ∞
            let base = x == 0.0 || x.abs() == inf;
            let annex_f = base || (y.abs() == inf && x == x);
            let ax = x.abs();
            let f = if base {
                let mag = if (x == 0.0) == (y < 0.0) { inf } else { 0.0 };
                if odd {
                    mag.copysign(x)
                } else {
                    mag
                }
            } else if ax == 1.0 {
                1.0
            } else if (ax < 1.0) == (y < 0.0) {
                inf
            } else {
                0.0
            };
            let v = if known {
                kv
            } else if nan {
                x + y
            } else if annex_f {
                f
            } else if !integer {
                crate::invalid(x)
            } else if odd {
                -p
            } else {
                p
            };
            (v, known || nan || annex_f || (negative && (!integer || ok)))
        }
    };
}

impl Binary<f64> for Pow {
    const INTERLEAVE: bool = true;
    #[inline(always)]
    fn fast<M: Fma>(x: f64, y: f64) -> (f64, bool) {
        const TWO900: f64 = f64::from_bits((1023 + 900) << 52);
        // +0 and the bases declined below are computed as 1: their arithmetic went through
        // subnormal intermediates, an FPU assist an operation (half the bases 0: 142 ns a
        // lane); +0's value is C99's, selected at the end
        let positive = x > 0.0 && x <= f64::MAX;
        let zero = x.to_bits() == 0;
        let (lh, ll) = log_fine::<M>(if positive { x } else { 1.0 });
        let (vh, vl) = M::two_prod(y, lh);
        let vl = M::fma(y, ll, vl);
        let (eh, el) = exp_dd::<M, 1023>(vh.clamp(-708.0, 708.0));
        // e^(vh + vl) = e^vh (1 + vl + O(vl²)), |vl| ≤ 2^-43
        let v = eh + M::fma(eh, vl, el);
        (
            if zero { zero_base(y) } else { v },
            // below e^-690 the pairs' low parts are subnormal, their bits too few
            (positive || zero)
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
        (
            pow32_core::<M>(f64::from(x), f64::from(y)) as f32,
            pow32_takes(x, y),
        )
    }
    pow_edge!(f32);
    #[inline(always)]
    fn shortcut(a: &[f32], b: &[f32], out: &mut [MaybeUninit<f32>]) -> bool {
        scalar_power(a, b, out)
    }
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    unsafe fn block_avx512(a: &[f32], b: &[f32], out: &mut [MaybeUninit<f32>]) -> Option<bool> {
        // SAFETY: the caller's (the CPU's features)
        Some(unsafe { avx512::pow_block(a, b, out) })
    }
    fn exact(x: f32, y: f32) -> f32 {
        match known_power(x, y) {
            (v, true) => v,
            _ => x.powf(y),
        }
    }
}

/// [`pow32_core`] and [`pow32_takes`] eight lanes at a time, the tables read by permutes
/// of two registers (`vpermt2pd`) where the auto-vectorised lane function gathers. 1 M
/// `f32` pairs on one Sapphire Rapids core (criterion, same minutes): 1.2–1.3 ms; the lane
/// function with gathers 1.6; the table-free kernel before (degree-11 `log`, degree-6
/// `exp`) 1.7.
#[cfg(target_arch = "x86_64")]
mod avx512 {
    use std::arch::x86_64::*;
    use std::mem::MaybeUninit;

    use super::{
        EXP2_P, EXP2_T, EXPONENT_FIELD, LOG2_INVC, LOG2_LOGC, LOG2_OFF, LOG2_P, SHIFT16, T_MAX,
        T_MIN, ZERO_LOG,
    };

    /// `p[0] + x p[1] + ...` as `horner` computes it (the same FMAs in the same order).
    #[inline]
    #[target_feature(enable = "avx512f,fma")]
    fn horner<const N: usize>(x: __m512d, p: &[f64; N]) -> __m512d {
        let mut acc = _mm512_set1_pd(p[N - 1]);
        let mut i = N - 1;
        while i > 0 {
            i -= 1;
            acc = _mm512_fmadd_pd(acc, x, _mm512_set1_pd(p[i]));
        }
        acc
    }

    /// A 16-entry table in two registers.
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn table(t: &[f64; 16]) -> (__m512d, __m512d) {
        // SAFETY: `t` holds 16 elements, two registers' worth
        unsafe {
            (
                _mm512_loadu_pd(t.as_ptr()),
                _mm512_loadu_pd(t.as_ptr().add(8)),
            )
        }
    }

    /// `Pow`'s `f32` fast path over 64 lanes: writes `fast::<Fused>`'s values and returns
    /// whether it took every lane.
    ///
    /// # Safety
    ///
    /// The CPU has AVX-512 F, DQ, VL and BW, AVX2 and FMA, and `a`, `b` and `out` hold 64
    /// elements each.
    #[target_feature(enable = "avx512f,avx512dq,avx512vl,avx512bw,avx2,fma")]
    pub(super) unsafe fn pow_block(a: &[f32], b: &[f32], out: &mut [MaybeUninit<f32>]) -> bool {
        let (inv_lo, inv_hi) = table(&LOG2_INVC);
        let (logc_lo, logc_hi) = table(&LOG2_LOGC);
        let (exp_lo, exp_hi) = table(&EXP2_T.map(f64::from_bits));
        let (exp_lo, exp_hi) = (_mm512_castpd_si512(exp_lo), _mm512_castpd_si512(exp_hi));
        let mut all = 0xff;
        for i in (0..64).step_by(8) {
            // SAFETY: `i + 8 <= 64`, the slices' length
            let (x32, y32) = unsafe {
                (
                    _mm256_loadu_ps(a.as_ptr().add(i)),
                    _mm256_loadu_ps(b.as_ptr().add(i)),
                )
            };
            // pow32_takes: x in [+0, MAX] (its bits), y finite and not 2, 0.5 or −1
            let y_abs = _mm256_andnot_ps(_mm256_set1_ps(-0.0), y32);
            let x_bits = _mm256_castps_si256(x32);
            let max_bits = _mm256_set1_epi32(f32::MAX.to_bits() as i32);
            all &= _mm256_cmp_epu32_mask::<_MM_CMPINT_LE>(x_bits, max_bits)
                & _mm256_cmp_ps_mask::<_CMP_LT_OQ>(y_abs, _mm256_set1_ps(f32::INFINITY))
                & _mm256_cmp_ps_mask::<_CMP_NEQ_UQ>(y32, _mm256_set1_ps(2.0))
                & _mm256_cmp_ps_mask::<_CMP_NEQ_UQ>(y32, _mm256_set1_ps(0.5))
                & _mm256_cmp_ps_mask::<_CMP_NEQ_UQ>(y32, _mm256_set1_ps(-1.0));
            // pow32_core
            let (x, y) = (_mm512_cvtps_pd(x32), _mm512_cvtps_pd(y32));
            let bits = _mm512_castpd_si512(x);
            let tmp = _mm512_sub_epi64(bits, _mm512_set1_epi64(LOG2_OFF as i64));
            // the permutes read the index's low four bits: the top four fraction bits
            let idx = _mm512_srli_epi64::<48>(tmp);
            let field = _mm512_and_si512(tmp, _mm512_set1_epi64(EXPONENT_FIELD as i64));
            let z = _mm512_castsi512_pd(_mm512_sub_epi64(bits, field));
            let k = _mm512_cvtepi64_pd(_mm512_srai_epi64::<52>(tmp));
            let invc = _mm512_permutex2var_pd(inv_lo, idx, inv_hi);
            let logc = _mm512_permutex2var_pd(logc_lo, idx, logc_hi);
            let r = _mm512_fmadd_pd(z, invc, _mm512_set1_pd(-1.0));
            let l = _mm512_fmadd_pd(r, horner(r, &LOG2_P), _mm512_add_pd(k, logc));
            let zero = _mm256_cmp_ps_mask::<_CMP_EQ_OQ>(x32, _mm256_setzero_ps());
            let l = _mm512_mask_blend_pd(zero, l, _mm512_set1_pd(ZERO_LOG));
            let t = _mm512_mul_pd(y, l);
            let t = _mm512_min_pd(
                _mm512_max_pd(t, _mm512_set1_pd(T_MIN)),
                _mm512_set1_pd(T_MAX),
            );
            let kd = _mm512_add_pd(t, _mm512_set1_pd(SHIFT16));
            let ki = _mm512_castpd_si512(kd);
            let r = _mm512_sub_pd(t, _mm512_sub_pd(kd, _mm512_set1_pd(SHIFT16)));
            let tj = _mm512_permutex2var_epi64(exp_lo, ki, exp_hi);
            let s = _mm512_castsi512_pd(_mm512_add_epi64(tj, _mm512_slli_epi64::<48>(ki)));
            let p = _mm512_fmadd_pd(r, horner(r, &EXP2_P), _mm512_set1_pd(1.0));
            let v = _mm512_cvtpd_ps(_mm512_mul_pd(s, p));
            // SAFETY: as the loads'; `MaybeUninit<f32>` is laid out as `f32`
            unsafe { _mm256_storeu_ps(out.as_mut_ptr().add(i).cast(), v) };
        }
        all == 0xff
    }
}
