//! `softplus(x) = max(x, 0) + log1p(e^-|x|)` and numpy's `logaddexp(a, b)`: `a + ln 2`
//! where `a == b`, else `max(a, b) + log1p(e^-|a − b|)` (with the exact `a − b`, which
//! numpy rounds).
//!
//! `f64`: `e^-|d|` in two parts (`exp.rs`), its `log1p` in two parts (`log.rs`), and the sum
//! with the maximum carried by a two-sum, so that the last addition is the only rounding
//! above 2^-60 of the larger term. `logaddexp` cancels where `max(a, b)` is close to
//! `−log1p(e^-|a−b|)` (max(a, b) in (−ln 2, 0)); there its error is bounded in ULPs of
//! `max(a, b)`, not of the (small) result, as for any evaluation of this formula in `f64`.
//! `f32`: the same in `f32` arithmetic at the FMA levels (`exp32_pair`, `log1p32_unit_parts`,
//! intermediates kept normal), elsewhere in plain `f64`, rounded once.

use crate::exp::{exp32_pair, exp_core, exp_dd, P32};
use crate::log::{log1p32_unit_parts, log1p_dd, log_core, Q32, QX64};
use crate::{fast_two_sum, horner, two_sum, Binary, Fma, Unary};

/// `max(x, 0) + log1p(e^-|x|)` (= `log(1 + e^x)`, without overflow).
///
/// ```
/// # use std::mem::MaybeUninit;
/// let mut o = [MaybeUninit::uninit(); 3];
/// ivy_vecmath::map::<f64, ivy_vecmath::Softplus>(&[0.0, 1000.0, -30.0], &mut o);
/// let y: Vec<f64> = o.iter().map(|v| unsafe { v.assume_init() }).collect();
/// assert_eq!(y[0], std::f64::consts::LN_2);
/// assert_eq!(y[1], 1000.0);
/// assert!((y[2] / (-30f64).exp() - 1.0).abs() < 1e-13);
/// ```
#[derive(Debug)]
pub enum Softplus {}

/// `log(e^a + e^b)` as numpy defines it.
///
/// ```
/// # use std::mem::MaybeUninit;
/// let mut o = [MaybeUninit::uninit(); 3];
/// ivy_vecmath::zip::<f64, ivy_vecmath::Logaddexp>(
///     &[1.0, f64::NEG_INFINITY, 1000.0],
///     &[1.0, 2.0, 0.0],
///     &mut o,
/// );
/// let y: Vec<f64> = o.iter().map(|v| unsafe { v.assume_init() }).collect();
/// assert_eq!(y, [1.0 + std::f64::consts::LN_2, 2.0, 1000.0]);
/// ```
#[derive(Debug)]
pub enum Logaddexp {}

/// `log1p(e^-(d + dl))` in two parts for `0 ≤ d ≤ 690` and a low part `dl` (|dl| ≤
/// 2^-52 d): `e^-(d + dl) = e^-d (1 − dl)`, the product's correction given to `log1p`.
#[inline(always)]
fn log1p_exp_neg<M: Fma>(d: f64, dl: f64) -> (f64, f64) {
    let (eh, el) = exp_dd::<M, 1023>(-d);
    log1p_dd::<M, 21>(eh, M::fma(-eh, dl, el), &QX64)
}

/// `log1p(e^-d)` in plain f64 for `d ≥ 0` (relative error ≈ 2^-50): `e^-d` itself below
/// 2^-20, where `1 + e^-d` would round away its low bits.
#[inline(always)]
fn log1p_exp_neg_for_f32<M: Fma>(d: f64) -> f64 {
    let e = exp_core::<M, 6>(-d.min(700.0), &P32);
    let l = log_core::<M, 11>(1.0 + e, &Q32);
    if e < 1.0 / 1_048_576.0 {
        M::fma(-0.5 * e, e, e)
    } else {
        l
    }
}

/// `|x|` for an `e^-|x|` whose pair must stay normal: at most `limit` for `x ≥ 0` (where
/// the result has rounded to its limit from there on), and 0 below `floor` or for NaN (the
/// lanes the fast path declines). The pairs near `e^-690`/`e^-708` have subnormal low parts,
/// an FPU assist an operation, and the lane function computes its declined lanes too.
#[inline(always)]
fn benign_abs(x: f64, limit: f64, floor: f64) -> f64 {
    if x >= 0.0 {
        x.min(limit)
    } else if x >= floor {
        -x
    } else {
        0.0
    }
}

impl Unary<f64> for Softplus {
    #[inline(always)]
    fn fast<M: Fma>(x: f64) -> (f64, bool) {
        // e^-|x| of a lane the result does not need computed at 40 (x + e^-x rounds to x
        // from 37 on) or 0 (declined): near e^-690 the pairs' low parts are subnormal, an
        // FPU assist an operation (1 M float64 ±∞ or NaN: 27-29 ms, numpy 12)
        let a = benign_abs(x, 40.0, -690.0);
        let (lh, ll) = log1p_exp_neg::<M>(a, 0.0);
        let (s, e) = two_sum(x.max(0.0), lh);
        // below −690 the result is e^x, its pair's low part subnormal: libm's; above 690,
        // x + e^-x rounds to x
        (s + (e + ll), x >= -690.0 && x <= f64::MAX)
    }
    /// At ∞ ∞; far below 0 (where e^x rounds to 0) 0.
    #[inline(always)]
    fn edge<M: Fma>(x: f64) -> (f64, bool) {
        (
            if x > 0.0 { x } else { 0.0 },
            x == f64::INFINITY || x < -745.2,
        )
    }
    fn exact(x: f64) -> f64 {
        // (NaN as it came, quieted: `−|x|` would clear its sign)
        if x.is_nan() {
            return x + x;
        }
        x.max(0.0) + (-x.abs()).exp().ln_1p()
    }
}

/// `log1p(e^-(d + dl))` in `f32` arithmetic (FMA levels) as a pair `(v, c)`, for `0 ≤ d ≤
/// 60` and a low part `dl` (|dl| ≤ 2^-24 d): `e^-d` as a pair ([`exp32_pair`], to 2^-28),
/// times `1 − dl` (to dl², below 2^-36), the product's correction given to `log1p` as its
/// low part ([`log1p32_unit_parts`]). `log1p(e)` is no more sensitive to `e`'s relative error
/// than `e/((1 + e) log1p(e)) ≤ 1`.
#[inline(always)]
fn log1p_exp_neg32<M: Fma>(d: f32, dl: f32) -> (f32, f32) {
    let (eh, el) = exp32_pair::<M>(-d);
    log1p32_unit_parts::<M>(eh, M::fma32(-eh, dl, el))
}

/// Beyond it, `e^-d` is below 2^-86; up to it, every intermediate of `exp32_pair` and
/// `log1p32_unit_parts` is normal (subnormal ones are slow, not wrong).
const EXPNEG_MAX32: f32 = 60.0;

impl Unary<f32> for Softplus {
    const INTERLEAVE: bool = true;
    #[inline(always)]
    fn fast<M: Fma>(x: f32) -> (f32, bool) {
        if M::FUSED {
            // max(x, 0) + v + c with one rounding at the result's scale (a two-sum): `v + c`
            // to about 0.2 ULP, so about 0.7 ULP in all. From 60 on x + e^-x rounds to x
            // (the clamp); below −60, and for NaN and ∞, the exact path
            let (v, c) = log1p_exp_neg32::<M>(x.abs().min(EXPNEG_MAX32), 0.0);
            let (s, e) = two_sum(x.max(0.0), v);
            return (s + (e + c), x >= -EXPNEG_MAX32 && x <= f32::MAX);
        }
        let xd = f64::from(x);
        let y = xd.max(0.0) + log1p_exp_neg_for_f32::<M>(xd.abs());
        (y as f32, !x.is_nan())
    }
    /// At ∞ ∞; below −60 (`EXPNEG_MAX32`) `log1p(e^x)` is `e^x` (to 2^-86), by `Exp`'s
    /// `f64` form (subnormal results and 0 rounded once, by the cast).
    #[inline(always)]
    fn edge<M: Fma>(x: f32) -> (f32, bool) {
        let e = crate::exp::exp_core::<M, 6>(f64::from(x.max(-104.5)), &crate::exp::P32) as f32;
        (
            if x > 0.0 { x } else { e },
            x == f32::INFINITY || x < -EXPNEG_MAX32,
        )
    }
    fn exact(x: f32) -> f32 {
        // (NaN as it came, quieted: `−|x|` would clear its sign)
        if x.is_nan() {
            return x + x;
        }
        x.max(0.0) + (-x.abs()).exp().ln_1p()
    }
}

/// `Logaddexp`'s exact path for one float type: numpy's definition (`a == b` gives
/// `a + ln 2`, so equal infinities do not make `inf - inf`; NaN propagates).
macro_rules! logaddexp_exact {
    ($t:ident) => {
        fn exact(a: $t, b: $t) -> $t {
            if a == b {
                a + std::$t::consts::LN_2
            } else {
                let t = a - b;
                if t > 0.0 {
                    a + (-t).exp().ln_1p()
                } else if t <= 0.0 {
                    b + t.exp().ln_1p()
                } else {
                    t
                }
            }
        }
    };
}

impl Binary<f64> for Logaddexp {
    #[inline(always)]
    fn fast<M: Fma>(a: f64, b: f64) -> (f64, bool) {
        // |a − b| in two parts (numpy rounds it: its error, up to |a − b| 2^-54 of the
        // result, is many ULPs where the result is far smaller than |a − b|)
        let (dh, dl) = two_sum(a, -b);
        let (d, dl) = if dh < 0.0 { (-dh, -dl) } else { (dh, dl) };
        let m = a.max(b);
        // beyond 690, log1p(e^-d) < 2^-995 is below 2^-95 of |m| ≥ 2^-900 (smaller |m|
        // takes libm: the pairs' low parts would be subnormal); such a `d`, and NaN, is
        // computed as 0 (the pairs of e^-690 cost an FPU assist an operation: ±∞ 25 ms)
        let (lh, ll) = log1p_exp_neg::<M>(if d <= 690.0 { d } else { 0.0 }, dl);
        let (lh, ll) = if d > 690.0 { (0.0, 0.0) } else { (lh, ll) };
        let (s, e) = two_sum(m, lh);
        let y = s + (e + ll);
        (
            if a == b {
                a + std::f64::consts::LN_2
            } else {
                y
            },
            a.is_finite() && b.is_finite() && (d <= 690.0 || m.abs() >= TWO_M900),
        )
    }
    #[inline(always)]
    fn edge<M: Fma>(a: f64, b: f64) -> (f64, bool) {
        crate::logaddexp_edge(a, b)
    }
    logaddexp_exact!(f64);
}

const TWO_M900: f64 = f64::from_bits((1023 - 900) << 52);
const TWO_M55F: f32 = f32::from_bits((127 - 55) << 23);

impl Binary<f32> for Logaddexp {
    const INTERLEAVE: bool = true;
    #[inline(always)]
    fn fast<M: Fma>(a: f32, b: f32) -> (f32, bool) {
        if M::FUSED {
            // as the f64 kernel, in f32 arithmetic: |a − b| exact in two parts, the sum with
            // the maximum by a two-sum (a = b gives d = 0 and the pair of ln 2). Beyond d =
            // 60, log1p(e^-d) < 2^-86 is below 2^-31 of |m| ≥ 2^-55 (smaller |m|, and
            // infinities and NaN, take the exact path)
            let (dh, dl) = two_sum(a, -b);
            // |dh|, and dl with its sign flipped where dh < 0 (a sign-bit xor)
            let d = dh.abs();
            let dl = f32::from_bits(dl.to_bits() ^ (dh.to_bits() & 0x8000_0000));
            let m = a.max(b);
            let (v, c) = log1p_exp_neg32::<M>(d.min(EXPNEG_MAX32), dl);
            let (v, c) = if d > EXPNEG_MAX32 { (0.0, 0.0) } else { (v, c) };
            let (s, e) = two_sum(m, v);
            return (
                s + (e + c),
                a.is_finite() && b.is_finite() && (d <= EXPNEG_MAX32 || m.abs() >= TWO_M55F),
            );
        }
        let (ad, bd) = (f64::from(a), f64::from(b));
        let y = ad.max(bd) + log1p_exp_neg_for_f32::<M>((ad - bd).abs());
        (
            if a == b {
                (ad + std::f64::consts::LN_2) as f32
            } else {
                y as f32
            },
            a.is_finite() && b.is_finite(),
        )
    }
    #[inline(always)]
    fn edge<M: Fma>(a: f32, b: f32) -> (f32, bool) {
        crate::logaddexp_edge(a, b)
    }
    logaddexp_exact!(f32);
}

/// The logistic sigmoid `1 / (1 + e^-x)`, from `z = e^-|x|` (never above 1, so nothing
/// overflows): `1 / (1 + z)` for `x ≥ 0`, `z / (1 + z)` below.
///
/// `f64`: `z` in two parts (`exp_dd`, to 2^-60), `1 + z` in two parts, and the quotient
/// corrected by its residual, so that only its last step rounds above 2^-60: within about
/// half an ULP. Below −706 `e^x` itself (σ's other terms are below 2^-1000 of it), scaled
/// by 2^64 and back (1 ULP for subnormal results), below −745.2 0. `f32`: the same quotient
/// in plain `f64` (`z` to 2^-32), rounded once to `f32`.
///
/// ```
/// # use std::mem::MaybeUninit;
/// let mut o = [MaybeUninit::uninit(); 4];
/// ivy_vecmath::map::<f64, ivy_vecmath::Sigmoid>(&[0.0, 800.0, -800.0, -2.0], &mut o);
/// let y: Vec<f64> = o.iter().map(|v| unsafe { v.assume_init() }).collect();
/// assert_eq!(&y[..3], [0.5, 1.0, 0.0]);
/// assert!((y[3] - 1.0 / (1.0 + 2f64.exp())).abs() < 1e-16);
/// ```
#[derive(Debug)]
pub enum Sigmoid {}

/// `2^-64`, the scale of `exp_dd::<M, { 1023 + 64 }>` undone.
const TWO_M64: f64 = f64::from_bits((1023 - 64) << 52);

/// σ(u) from `z = e^-|u|` in two parts (`zh + zl`, `zh ≤ 1`): `1 / (1 + z)` for `u ≥ 0`
/// (`positive`), `z / (1 + z)` below, with `1 + z` in two parts and the quotient corrected
/// by its residual: within about half an ULP.
#[inline(always)]
fn logistic_dd<M: Fma>(zh: f64, zl: f64, positive: bool) -> f64 {
    let (q, r, dh) = logistic_parts::<M>(zh, zl, positive);
    M::fma(r, 1.0 / dh, q)
}

/// [`logistic_dd`] unsummed: `σ = q + r / dh` (the quotient, its residual, and the high part
/// of `1 + z`), for a product with σ rounded once (`silu`).
#[inline(always)]
fn logistic_parts<M: Fma>(zh: f64, zl: f64, positive: bool) -> (f64, f64, f64) {
    let (dh, dl) = fast_two_sum(1.0, zh);
    let (nh, nl) = if positive { (1.0, 0.0) } else { (zh, zl) };
    let (q, r) = div_residual::<M>(nh, nl, dh, dl + zl);
    (q, r, dh)
}

/// `(nh + nl) / (dh + dl)` (pairs, `|nh| ≤ |dh|`-ish, `dh` normal): `q = nh / dh`, then
/// `q + (n − q d) / dh` with `q dh` exact, so within about half an ULP.
#[inline(always)]
fn div_dd<M: Fma>(nh: f64, nl: f64, dh: f64, dl: f64) -> f64 {
    let (q, r) = div_residual::<M>(nh, nl, dh, dl);
    M::fma(r, 1.0 / dh, q)
}

/// `q = nh / dh` and the residual `n − q d`: q dh exactly (two_prod: Dekker's at the levels
/// without FMA), nh − p exact (p is within an ULP of nh).
#[inline(always)]
fn div_residual<M: Fma>(nh: f64, nl: f64, dh: f64, dl: f64) -> (f64, f64) {
    let q = nh / dh;
    let (p, pe) = M::two_prod(q, dh);
    (q, ((nh - p) - pe) + M::fma(-q, dl, nl))
}

impl Unary<f64> for Sigmoid {
    const INTERLEAVE: bool = true;
    #[inline(always)]
    fn fast<M: Fma>(x: f64) -> (f64, bool) {
        // e^-|x|: at 40 for larger x (1 / (1 + z) rounds to 1 from 37.4 on), at 0 for the
        // declined lanes (below −706, NaN); the pairs of e^-708 cost an FPU assist an
        // operation (1 M ±∞ or NaN: 18-60 ms, numpy 5)
        let a = benign_abs(x, 40.0, -706.0);
        let (zh, zl) = exp_dd::<M, 1023>(-a);
        // (below −706 the pair's low part and the correction turn subnormal, 1.4 ULP at
        // −708: `edge`)
        (logistic_dd::<M>(zh, zl, x >= 0.0), x >= -706.0)
    }
    #[inline(always)]
    fn edge<M: Fma>(x: f64) -> (f64, bool) {
        // below −706, σ(x) = e^x (1 − e^x + …) is e^x to 2^-1000: e^x 2^64 as a pair, rounded
        // once, scaled back exactly (a second rounding only for subnormal results); below
        // −745.2, 0
        // (−∞ and NaN at −706: the pair of e^-745 2^64 has a subnormal low part, an FPU
        // assist an operation)
        let (h, l) = exp_dd::<M, { 1023 + 64 }>(if x >= -745.2 { x } else { -706.0 });
        let v = if x < -745.2 { 0.0 } else { (h + l) * TWO_M64 };
        (v, x < -706.0)
    }
    fn exact(x: f64) -> f64 {
        if x.is_nan() {
            return x + x;
        }
        let z = (-x.abs()).exp();
        if x >= 0.0 {
            1.0 / (1.0 + z)
        } else {
            z / (1.0 + z)
        }
    }
}

impl Unary<f32> for Sigmoid {
    const INTERLEAVE: bool = true;
    #[inline(always)]
    fn fast<M: Fma>(x: f32) -> (f32, bool) {
        // |x| clamped at 120: e^-120 is below every f32, so the results are 1 and 0 there
        let xd = f64::from(x);
        let z = exp_core::<M, 6>(-xd.abs().min(120.0), &P32);
        let n = if xd >= 0.0 { 1.0 } else { z };
        ((n / (1.0 + z)) as f32, !x.is_nan())
    }
    fn exact(x: f32) -> f32 {
        <Sigmoid as Unary<f64>>::exact(f64::from(x)) as f32
    }
}

/// `erfc(y) e^(y²)` as a polynomial in `t = 4 / (4 + y)`, `y` in [0, 10.5], degree 14
/// (relative error 2^-37; `scripts/vecmath_coeffs.py`, `ERFCX_T`): [`Gelu`]'s `Φ` in `f64`
/// for `f32` results.
const ERFCX_T: [f64; 15] = [
    -6.046682139340003e-06,
    0.14121488179170816,
    0.13892873134863146,
    0.15284947339765392,
    0.04412174017261913,
    0.42303563954242157,
    -0.7315960307985648,
    1.7404535890425235,
    -2.3841548554160354,
    2.650907015555471,
    -1.8755986803269313,
    0.8563864710077747,
    -0.12137366111204685,
    -0.05028281127492516,
    0.015114543752338915,
];

/// Below it (and at −∞) GELU is `−0.0`: `x Φ(x)` is below every `f64` (as Ivy's
/// composition gives it; `−∞ · 0` would be NaN).
const GELU_UNDERFLOW: f64 = -40.0;

/// GELU, `x Φ(x) = x erfc(−x/√2) / 2` (Φ the standard normal distribution function).
///
/// `f32`: in `f64`, `Φ(−|x|) = e^(−x²/2) erfcx(|x|/√2) / 2` from `ERFCX_T` (2^-37) and
/// `Exp`'s `f64` kernel, `Φ(x) = 1 − Φ(−x)` for `x ≥ 0`, the product rounded once to `f32`.
/// Below −15 the result rounds to −0. `f64`: libm's `erfc` (no vectorised `f64` form yet).
///
/// ```
/// # use std::mem::MaybeUninit;
/// let mut o = [MaybeUninit::uninit(); 3];
/// ivy_vecmath::map::<f32, ivy_vecmath::Gelu>(&[0.0, 1.0, -1000.0], &mut o);
/// let y: Vec<f32> = o.iter().map(|v| unsafe { v.assume_init() }).collect();
/// assert_eq!(y[0], 0.0);
/// assert!((y[1] - 0.841_344_7).abs() < 1e-7);
/// assert_eq!(y[2].to_bits(), (-0.0f32).to_bits());
/// ```
#[derive(Debug)]
pub enum Gelu {}

impl Unary<f64> for Gelu {
    #[inline(always)]
    fn fast<M: Fma>(x: f64) -> (f64, bool) {
        (x, false)
    }
    fn exact(x: f64) -> f64 {
        if x < GELU_UNDERFLOW {
            return -0.0;
        }
        0.5 * x * libm::erfc(-x * std::f64::consts::FRAC_1_SQRT_2)
    }
}

impl Unary<f32> for Gelu {
    const INTERLEAVE: bool = true;
    #[inline(always)]
    fn fast<M: Fma>(x: f32) -> (f32, bool) {
        let xd = f64::from(x);
        // x² is exact (24-bit significand); |x| ≥ 15 gives −0 below and x above
        let a = xd.abs().min(15.0);
        let t = 4.0 / (4.0 + a * std::f64::consts::FRAC_1_SQRT_2);
        let h = 0.5
            * exp_core::<M, 10>(-0.5 * (a * a), &crate::exp::P64)
            * horner::<M, _, 15>(t, &ERFCX_T);
        // (below 2^-30, Φ = 1/2 + x/√(2π), as the reference's f64 value, which rounds a
        // product at a tie, the least subnormal's half, the same way)
        let phi = if a < 1.0 / (1u64 << 30) as f64 {
            0.5 + xd * 0.398_942_280_401_432_7
        } else if xd >= 0.0 {
            1.0 - h
        } else {
            h
        };
        let g = if xd < -15.0 { -0.0 } else { xd * phi };
        (g as f32, !x.is_nan())
    }
    fn exact(x: f32) -> f32 {
        <Gelu as Unary<f64>>::exact(f64::from(x)) as f32
    }
}

/// GELU's tanh form, `x (1 + tanh(√(2/π) (x + 0.044715 x³))) / 2 = x σ(u)` with `u =
/// 2 √(2/π) (x + 0.044715 x³)` and σ the logistic sigmoid ([`Sigmoid`]'s form, from
/// `e^-|u|`). `f64`: `u` in two parts (exact products, a two-sum), `e^-|u|` in two parts and
/// σ as [`Sigmoid`]'s quotient, so that the error of `u`, which `e^u` magnifies `|u|` times
/// in the negative tail, does not reach the result (within 1.5 ULP; plain `f64` arithmetic
/// was 13 ULP off at −3); below `u = −708` (`x` below −21, results below 1e-307, where
/// the plain formula's error grows to 1 700 ULP) and above 1e100 the plain formula;
/// below −40 (and at −∞) −0. `f32`: the formula in plain `f64`, rounded once.
///
/// ```
/// # use std::mem::MaybeUninit;
/// let mut o = [MaybeUninit::uninit(); 2];
/// ivy_vecmath::map::<f64, ivy_vecmath::GeluTanh>(&[0.0, f64::NEG_INFINITY], &mut o);
/// let y: Vec<f64> = o.iter().map(|v| unsafe { v.assume_init() }).collect();
/// assert_eq!(y[0], 0.0);
/// assert_eq!(y[1].to_bits(), (-0.0f64).to_bits());
/// ```
#[derive(Debug)]
pub enum GeluTanh {}

/// `2 √(2/π)`, GELU's tanh form as a sigmoid.
const GELU_TANH_K: f64 = 2.0 * 0.797_884_560_802_865_4;
/// The cubic coefficient of GELU's tanh form.
const GELU_CUBIC: f64 = 0.044_715;

impl Unary<f64> for GeluTanh {
    const INTERLEAVE: bool = true;
    #[inline(always)]
    fn fast<M: Fma>(x: f64) -> (f64, bool) {
        // u = K (x + C x³) in two parts: the products exact (two_prod), the sum a two-sum
        let (x2, x2e) = M::two_prod(x, x);
        let (x3, x3e) = M::two_prod(x2, x);
        let x3e = M::fma(x2e, x, x3e);
        let (c3, c3e) = M::two_prod(GELU_CUBIC, x3);
        let (v, ve) = two_sum(x, c3);
        let ve = ve + M::fma(GELU_CUBIC, x3e, c3e);
        let (uh, ue) = M::two_prod(GELU_TANH_K, v);
        let ul = M::fma(GELU_TANH_K, ve, ue);
        // e^-|u| = e^-|uh| (1 − sign(uh) ul), to ul²; at 40 (ul dropped) where σ has
        // rounded to 1 (from 37.4 on), at 0 where the value is −0 or the lane declined: the
        // pairs near e^-708 have subnormal low parts, an FPU assist an operation (1 M ±∞,
        // NaN or 100: 20-52 ms, numpy's composition 9-25)
        let positive = uh >= 0.0;
        let big = uh > 40.0;
        let a = if positive {
            if big {
                40.0
            } else {
                uh
            }
        } else if uh >= -708.0 && x >= GELU_UNDERFLOW {
            -uh
        } else {
            0.0
        };
        let ul = if big { 0.0 } else { ul };
        let (zh, zl) = exp_dd::<M, 1023>(-a);
        let zl = M::fma(zh, if positive { -ul } else { ul }, zl);
        let s = logistic_dd::<M>(zh, zl, positive);
        let g = if x < GELU_UNDERFLOW { -0.0 } else { x * s };
        // beyond 1e100 (x³ near overflow, ∞) libm's: x there
        (g, (uh >= -708.0 && x <= 1e100) || x < GELU_UNDERFLOW)
    }
    /// Beyond 1e100 (∞ too) `x`: σ(u) is 1 there, as the exact path gives it.
    #[inline(always)]
    fn edge<M: Fma>(x: f64) -> (f64, bool) {
        (x, x > 1e100)
    }
    fn exact(x: f64) -> f64 {
        if x.is_nan() {
            return x + x;
        }
        if x < GELU_UNDERFLOW {
            return -0.0;
        }
        x * logistic64(GELU_TANH_K * (x + GELU_CUBIC * x * x * x))
    }
}

/// σ(u) in plain `f64` from `z = e^-|u|` (std's `exp`).
fn logistic64(u: f64) -> f64 {
    let z = (-u.abs()).exp();
    (if u >= 0.0 { 1.0 } else { z }) / (1.0 + z)
}

impl Unary<f32> for GeluTanh {
    const INTERLEAVE: bool = true;
    #[inline(always)]
    fn fast<M: Fma>(x: f32) -> (f32, bool) {
        // in plain f64: u's rounding, magnified at most 708 times, stays below 2^-42
        let xd = f64::from(x);
        let u = GELU_TANH_K * M::fma(GELU_CUBIC * xd, xd * xd, xd);
        let z = exp_core::<M, 10>(-u.abs().min(708.0), &crate::exp::P64);
        let s = if u >= 0.0 { 1.0 } else { z } / (1.0 + z);
        let g = if xd < GELU_UNDERFLOW { -0.0 } else { xd * s };
        (g as f32, !x.is_nan())
    }
    fn exact(x: f32) -> f32 {
        <GeluTanh as Unary<f64>>::exact(f64::from(x)) as f32
    }
}

/// Mish, `x tanh(softplus(x))`, from `z = e^-|x|` (never above 1): `tanh(softplus(x))` is
/// `(1 + 2z) / (1 + 2z + 2z²)` for `x ≥ 0` and `z (z + 2) / (z (z + 2) + 2)` below (Ivy's
/// composition's form), times `x`. `f32`: in plain `f64`, rounded once. `f64`: `z`, the
/// numerator and the denominator in two parts and the quotient corrected by its residual,
/// then the product (two roundings, within 1.5 ULP); from −752 to −706 `x e^x` from a
/// scaled `e^x` (`edge`); below −752 and for ±∞ the exact path (libm's `exp`, `ln_1p` and
/// `tanh`: numpy's formula, within 4 ULP; below −708 `x e^(x/2) e^(x/2)`).
///
/// ```
/// # use std::mem::MaybeUninit;
/// let mut o = [MaybeUninit::uninit(); 2];
/// ivy_vecmath::map::<f32, ivy_vecmath::Mish>(&[0.0, 1.0], &mut o);
/// let y: Vec<f32> = o.iter().map(|v| unsafe { v.assume_init() }).collect();
/// assert_eq!(y[0], 0.0);
/// assert!((y[1] - 0.865_098_4).abs() < 1e-7);
/// ```
#[derive(Debug)]
pub enum Mish {}

/// `x tanh(softplus(x))` in plain `f64` from `z = e^-|x|` (`|x|` clamped at 708).
#[inline(always)]
fn mish64<M: Fma>(x: f64) -> f64 {
    let z = exp_core::<M, 10>(-x.abs().min(708.0), &crate::exp::P64);
    let t = if x >= 0.0 {
        let n = M::fma(2.0, z, 1.0);
        n / M::fma(2.0 * z, z, n)
    } else {
        let m = z * (z + 2.0);
        m / (m + 2.0)
    };
    x * t
}

impl Unary<f64> for Mish {
    const INTERLEAVE: bool = true;
    #[inline(always)]
    fn fast<M: Fma>(x: f64) -> (f64, bool) {
        // z, the numerator and the denominator in two parts, the quotient by `div_dd`; z at
        // 40 for larger x (the quotient rounds to 1 from 19.1 on), at 0 for the declined
        // lanes (as `Sigmoid`'s: no subnormal pairs)
        let a = benign_abs(x, 40.0, -706.0);
        let (zh, zl) = exp_dd::<M, 1023>(-a);
        let (q, qe) = M::two_prod(zh, zh);
        let ql = M::fma(2.0 * zh, zl, qe);
        let (nh, nl, dh, dl) = if x >= 0.0 {
            // (1 + 2z) / (1 + 2z + 2z²)
            let (nh, nl) = fast_two_sum(1.0, 2.0 * zh);
            let nl = M::fma(2.0, zl, nl);
            let (dh, dl) = fast_two_sum(nh, 2.0 * q);
            (nh, nl, dh, dl + M::fma(2.0, ql, nl))
        } else {
            // (z² + 2z) / (z² + 2z + 2)
            let (mh, ml) = two_sum(2.0 * zh, q);
            let ml = ml + M::fma(2.0, zl, ql);
            let (dh, dl) = fast_two_sum(2.0, mh);
            (mh, ml, dh, dl + ml)
        };
        (
            x * div_dd::<M>(nh, nl, dh, dl),
            // below −706 the pairs' low parts turn subnormal (1.8 ULP at −707.4): `edge`
            x >= -706.0 && x <= f64::MAX,
        )
    }
    #[inline(always)]
    fn edge<M: Fma>(x: f64) -> (f64, bool) {
        x_exp_x_edge::<M>(x, -706.0)
    }
    fn exact(x: f64) -> f64 {
        x_times(x, |x| (x.max(0.0) + (-x.abs()).exp().ln_1p()).tanh())
    }
}

/// `x f(x)` where `f(x)` is `e^x` to 2^-1000 (`mish`'s `tanh(softplus(x))`, `silu`'s
/// `σ(x)`), from −752 to `upper` (below −42, where `f` is `e^x` to 2^-60): `x e^x` with
/// `e^x 2^64` as a pair, the product rounded once and scaled back exactly (libm's subnormal
/// `e^x`, times `|x|`, was 300 ULP off); below, the exact path ([`x_times`]).
#[inline(always)]
fn x_exp_x_edge<M: Fma>(x: f64, upper: f64) -> (f64, bool) {
    // (other lanes, −∞ and NaN at `upper`: e^-752 2^64's low part is subnormal)
    let inside = x >= -752.0 && x < upper;
    let (h, l) = exp_dd::<M, { 1023 + 64 }>(if inside { x } else { upper });
    let v = M::fma(x, h, x * l) * TWO_M64;
    // ±∞ as `x f(x)` gives them: +∞ (f → 1), NaN for −∞ (−∞ · 0)
    let infinite = x.abs() == f64::INFINITY;
    let v = if x == f64::INFINITY {
        x
    } else if infinite {
        crate::invalid(x)
    } else {
        v
    };
    (v, inside || infinite)
}

/// `x f(x)` for the exact paths of `mish` and `silu`, whose `f(x)` is `e^x` to 2^-1000
/// below −708: there `x e^(x/2) e^(x/2)`, each factor normal (libm's subnormal `e^x` times
/// `|x|` lost hundreds of ULP). NaN gives NaN (`x + x`, its sign kept).
fn x_times(x: f64, f: impl Fn(f64) -> f64) -> f64 {
    if x.is_nan() {
        return x + x;
    }
    if x < -708.0 {
        let h = (0.5 * x).exp();
        return x * h * h;
    }
    x * f(x)
}

/// SiLU (swish), `x σ(x)`, from `z = e^-|x|` (never above 1): `x / (1 + z)` for `x ≥ 0`,
/// `x z / (1 + z)` below. `f32`: in plain `f64`, rounded once (−0 below −150, where it
/// rounds to −0). `f64`: [`Sigmoid`]'s quotient and its residual's correction, times `x`
/// as a pair, rounded once (within 0.54 ULP above −680); from −752 to −680 `x e^x` from a
/// scaled `e^x` (`edge`, as [`Mish`]: 1.2 ULP, 1.5 without FMA); below, the exact path (`x e^(x/2) e^(x/2)`). `−∞`
/// gives NaN, as `x σ(x)` does.
///
/// ```
/// # use std::mem::MaybeUninit;
/// let mut o = [MaybeUninit::uninit(); 4];
/// ivy_vecmath::map::<f32, ivy_vecmath::Silu>(&[0.0, 1.0, -1e30, f32::INFINITY], &mut o);
/// let y: Vec<f32> = o.iter().map(|v| unsafe { v.assume_init() }).collect();
/// assert_eq!(y[0], 0.0);
/// assert!((y[1] - 1.0 / (1.0 + (-1f32).exp())).abs() < 1e-7);
/// assert_eq!(y[2].to_bits(), (-0.0f32).to_bits());
/// assert_eq!(y[3], f32::INFINITY);
/// ```
#[derive(Debug)]
pub enum Silu {}

impl Unary<f64> for Silu {
    const INTERLEAVE: bool = true;
    #[inline(always)]
    fn fast<M: Fma>(x: f64) -> (f64, bool) {
        // σ = q + r/dh; x q exactly, then one rounding; z at 64 for larger x (whose value
        // is x, below) and at 0 for the declined lanes (as `Sigmoid`'s)
        let a = benign_abs(x, 64.0, -680.0);
        let (zh, zl) = exp_dd::<M, 1023>(-a);
        let (q, r, dh) = logistic_parts::<M>(zh, zl, x >= 0.0);
        let (p, pe) = M::two_prod(x, q);
        let v = p + M::fma(x * r, 1.0 / dh, pe);
        // |x| < 2^-996: x / 2 (the pair's parts subnormal, the sum losing −0's sign); above
        // 64: x (x e^-x is below 2^-80 x; the product's error overflows for huge x); below
        // −680 the low parts (z's, the quotient's residual) lose bits to the subnormal range
        // (0.69 ULP at −705.96): `edge`
        let tiny = x.abs() < f64::from_bits((1023 - 996) << 52);
        let v = if tiny {
            x * 0.5
        } else if x > 64.0 {
            x
        } else {
            v
        };
        (v, x >= -680.0)
    }
    #[inline(always)]
    fn edge<M: Fma>(x: f64) -> (f64, bool) {
        x_exp_x_edge::<M>(x, -680.0)
    }
    fn exact(x: f64) -> f64 {
        x_times(x, <Sigmoid as Unary<f64>>::exact)
    }
}

impl Unary<f32> for Silu {
    const INTERLEAVE: bool = true;
    #[inline(always)]
    fn fast<M: Fma>(x: f32) -> (f32, bool) {
        // |x| e^-|x| is below half the least f32 subnormal from −150 on
        let xd = f64::from(x);
        let z = exp_core::<M, 6>(-xd.abs().min(150.0), &P32);
        let n = if xd >= 0.0 { xd } else { xd * z };
        let s = if xd < -150.0 { -0.0 } else { n / (1.0 + z) };
        // (−∞ gives NaN, as `x σ(x)` does: the exact path)
        (s as f32, x > f32::NEG_INFINITY)
    }
    /// −∞: NaN (`−∞ · σ(−∞)`), without the exact path's `e^x`.
    #[inline(always)]
    fn edge<M: Fma>(x: f32) -> (f32, bool) {
        (crate::invalid(x), x == f32::NEG_INFINITY)
    }
    fn exact(x: f32) -> f32 {
        <Silu as Unary<f64>>::exact(f64::from(x)) as f32
    }
}

impl Unary<f32> for Mish {
    const INTERLEAVE: bool = true;
    #[inline(always)]
    fn fast<M: Fma>(x: f32) -> (f32, bool) {
        (mish64::<M>(f64::from(x)) as f32, x.is_finite())
    }
    /// ±∞: +∞ and NaN (`x tanh(softplus(x))`), without the exact path.
    #[inline(always)]
    fn edge<M: Fma>(x: f32) -> (f32, bool) {
        let v = if x > 0.0 { x } else { crate::invalid(x) };
        (v, x.abs() == f32::INFINITY)
    }
    fn exact(x: f32) -> f32 {
        <Mish as Unary<f64>>::exact(f64::from(x)) as f32
    }
}
