//! `atan`, `atan2`, `asin`, `acos`.
//!
//! `atan`/`atan2`: Cephes' three-interval reduction (`atan.c`), taken from the two
//! arguments without forming `y/x`: for `|y| ≤ |x|/2`, `t = |y|/|x|`; up to `2|x|`,
//! `t = (|y| − |x|)/(|y| + |x|)` around π/4 (the numerator exact by Sterbenz's lemma); beyond,
//! `t = −|x|/|y|` around π/2. One division, corrected by its exact residual, gives `t` in two
//! parts (|t| ≤ ½), `atan t = t + t³ P(t²)` (a Chebyshev fit, mpmath,
//! `scripts/vecmath_coeffs.py`: degree 12 for `f64`, 6 for `f32`), and the base angle is
//! added in two parts (fdlibm's `atanhi`/`atanlo`) with the sum's error carried, so that
//! the last addition is the only rounding above 2^-58 of the result. `atan2` then takes the
//! quadrant, `π − a` in two parts for negative `x`.
//!
//! `asin`/`acos`: fdlibm's `e_asin.c`/`e_acos.c` reduction (as ported in the `libm` crate,
//! MIT; Sun's notice: "Permission to use, copy, modify, and distribute this software is
//! freely granted, provided that this notice is preserved."): for |x| ≤ ½, `asin x = x +
//! x³ P(x²)`; above, `asin x = π/2 − 2 asin √((1 − |x|)/2)` with the square root in two
//! parts (fdlibm's `c`, here from the exact residual `z − s²`), one polynomial (degree 12
//! for `f64`, 6 for `f32`, fit as above) instead of fdlibm's rational function. `acos`
//! adds the same parts to π/2, 0 or π.
//!
//! `f32` at the FMA levels: the same reductions in `f32` arithmetic (`atan32_parts`,
//! `asin32_parts`), the quotient or root in two parts from its exact residual, polynomials
//! of degree 5 with `f32` coefficients, the base angles in two `f32` parts. Elsewhere
//! `f32` computes in `f64` with one plain division or square root (relative error 2^-52)
//! and rounds once.

use crate::{div_dd, fast_two_sum, horner, two_sum, Binary, Fma, Unary};

/// Arctangent.
///
/// ```
/// # use std::mem::MaybeUninit;
/// let mut o = [MaybeUninit::uninit(); 2];
/// ivy_vecmath::map::<f64, ivy_vecmath::Atan>(&[1.0, f64::NEG_INFINITY], &mut o);
/// assert_eq!(unsafe { o[0].assume_init() }, std::f64::consts::FRAC_PI_4);
/// assert_eq!(unsafe { o[1].assume_init() }, -std::f64::consts::FRAC_PI_2);
/// ```
#[derive(Debug)]
pub enum Atan {}

/// Arcsine.
///
/// ```
/// # use std::mem::MaybeUninit;
/// let mut o = [MaybeUninit::uninit(); 2];
/// ivy_vecmath::map::<f64, ivy_vecmath::Asin>(&[-1.0, 2.0], &mut o);
/// assert_eq!(unsafe { o[0].assume_init() }, -std::f64::consts::FRAC_PI_2);
/// assert!(unsafe { o[1].assume_init() }.is_nan());
/// ```
#[derive(Debug)]
pub enum Asin {}

/// Arccosine.
///
/// ```
/// # use std::mem::MaybeUninit;
/// let mut o = [MaybeUninit::uninit(); 2];
/// ivy_vecmath::map::<f32, ivy_vecmath::Acos>(&[1.0, -1.0], &mut o);
/// assert_eq!(unsafe { o[0].assume_init() }, 0.0);
/// assert_eq!(unsafe { o[1].assume_init() }, std::f32::consts::PI);
/// ```
#[derive(Debug)]
pub enum Acos {}

/// The four-quadrant arctangent of `y / x` (`zip(y, x)`), in [−π, π].
///
/// ```
/// # use std::mem::MaybeUninit;
/// let mut o = [MaybeUninit::uninit(); 3];
/// ivy_vecmath::zip::<f64, ivy_vecmath::Atan2>(&[1.0, 0.0, -0.0], &[-1.0, -1.0, 2.0], &mut o);
/// let y: Vec<f64> = o.iter().map(|v| unsafe { v.assume_init() }).collect();
/// assert_eq!(y[0], 3.0 * std::f64::consts::FRAC_PI_4);
/// assert_eq!(y[1], std::f64::consts::PI);
/// assert!(y[2] == 0.0 && y[2].is_sign_negative());
/// ```
#[derive(Debug)]
pub enum Atan2 {}

// fdlibm (s_atan.c atanhi/atanlo, e_asin.c, e_atan2.c): π/4, π/2, π in two parts, the
// high parts std's constants
const PIO4_HI: f64 = std::f64::consts::FRAC_PI_4;
const PIO4_LO: f64 = 3.061_616_997_868_383_017_93e-17;
const PIO2_HI: f64 = std::f64::consts::FRAC_PI_2;
const PIO2_LO: f64 = 6.123_233_995_736_766_035_87e-17;
const PI_HI: f64 = std::f64::consts::PI;
const PI_LO: f64 = 1.224_646_799_147_353_177_20e-16;

pub(crate) const ATAN64: [f64; 13] = [
    -0.3333333333333333,
    0.19999999999999488,
    -0.14285714285599188,
    0.11111111100917376,
    -0.09090908620322523,
    0.07692294712540285,
    -0.06666435677235948,
    0.05879578429582425,
    -0.05240099507994713,
    0.04628024868570153,
    -0.03806653672057366,
    0.025006503566489507,
    -0.009215792047089858,
];
pub(crate) const ATAN32: [f64; 7] = [
    -0.33333333312024666,
    0.1999999162809032,
    -0.14285172263231363,
    0.11097799754415337,
    -0.08932458295316177,
    0.06691303998756595,
    -0.032740468968388434,
];
pub(crate) const ASIN64: [f64; 13] = [
    0.16666666666666669,
    0.07499999999998433,
    0.04464285714635543,
    0.030381944138531247,
    0.02237217294214989,
    0.017352392720869973,
    0.013971212973552933,
    0.011479177415184906,
    0.01032281435018578,
    0.005457506718640358,
    0.01740087944269402,
    -0.014851887071247204,
    0.028757851367421566,
];
pub(crate) const ASIN32: [f64; 7] = [
    0.16666666686085643,
    0.07499992404401838,
    0.04464766388813485,
    0.030269138728589183,
    0.023611817008891752,
    0.010574415516912909,
    0.030974540371355073,
];

/// The reduction of `atan(ay / ax)`, `ay, ax ≥ 0`: `(num, dh, dl, base_hi, base_lo)` with
/// `atan(ay/ax) = base + atan(num / (dh + dl))`, `num` exact and |num/d| ≤ ½ (`dl` zero
/// unless `TWO_PART`: `ay + ax` is exact in f64 for `f32` arguments).
#[inline(always)]
fn atan_reduce<const TWO_PART: bool>(ay: f64, ax: f64) -> (f64, f64, f64, f64, f64) {
    let mid = ay > 0.5 * ax;
    let big = ay > 2.0 * ax;
    let (sh, sl) = if TWO_PART {
        two_sum(ay, ax)
    } else {
        (ay + ax, 0.0)
    };
    if big {
        (-ax, ay, 0.0, PIO2_HI, PIO2_LO)
    } else if mid {
        (ay - ax, sh, sl, PIO4_HI, PIO4_LO)
    } else {
        (ay, ax, 0.0, 0.0, 0.0)
    }
}

/// `atan(ay / ax)` in two parts (normalized), for `ay, ax ≥ 0` in {0} ∪ [2^-500, 2^500],
/// not both 0.
#[inline(always)]
fn atan_dd<M: Fma>(ay: f64, ax: f64) -> (f64, f64) {
    let (num, dh, dl, bh, bl) = atan_reduce::<true>(ay, ax);
    let (t, tl) = div_dd::<M>(num, 0.0, dh, dl);
    let z = t * t;
    let tail = t * z * horner::<M, _, 13>(z, &ATAN64);
    // atan(t + tl) = atan t + tl / (1 + t²) + O(tl²)
    let (s, e) = fast_two_sum(bh, t);
    fast_two_sum(s, (e + bl) + (M::fma(-tl, z, tl) + tail))
}

/// `atan(ay / ax)` for `f32` arguments, in `f64` (relative error ≈ 2^-51).
#[inline(always)]
fn atan_for_f32<M: Fma>(ay: f64, ax: f64) -> f64 {
    let (num, dh, _, bh, bl) = atan_reduce::<false>(ay, ax);
    let t = num / dh;
    let z = t * t;
    bh + M::fma(t * z, horner::<M, _, 7>(z, &ATAN32), t + bl)
}

/// `atan t = t + t z P(z)`, z = t², |t| ≤ ½, for the `f32`-arithmetic kernels: degree 5,
/// `f32` coefficients, relative error 2^-24 (`scripts/vecmath_coeffs.py`); the term is
/// below 8.4 % of the result.
const ATAN32N: [f32; 6] = [
    -0.333_333_34,
    0.199_998_75,
    -0.142_798,
    0.110_068_806,
    -0.082_355_06,
    0.042_256_858,
];
// π/4, π/2, π in two f32 parts
const PIO4_HI32: f32 = f32::from_bits(0x3f49_0fdb);
const PIO4_LO32: f32 = f32::from_bits(0xb2bb_bd2e);
const PIO2_HI32: f32 = f32::from_bits(0x3fc9_0fdb);
const PIO2_LO32: f32 = f32::from_bits(0xb33b_bd2e);
const PI_HI32: f32 = f32::from_bits(0x4049_0fdb);
const PI_LO32: f32 = f32::from_bits(0xb3bb_bd2e);

/// `atan(ay / ax)` for `ay, ax ≥ 0` (not both 0, the larger within 2^±100) in `f32`
/// arithmetic (FMA levels), as `(s, lo)` with `s` the base angle plus `t` and `lo` the rest:
/// `atan_reduce`'s three intervals, `t = num / (den + dl)` to 2^-46 (a reciprocal, the
/// product, and the exact residual), the base angle in two parts.
#[inline(always)]
fn atan32_parts<M: Fma>(ay: f32, ax: f32) -> (f32, f32) {
    let mid = ay > 0.5 * ax;
    let big = ay > 2.0 * ax;
    // ay + ax in two parts (fast two-sum, the larger first)
    let (g, l) = if ay > ax { (ay, ax) } else { (ax, ay) };
    let (sh, sl) = fast_two_sum(g, l);
    let (num, den, dl, bh, bl) = if big {
        (-ax, ay, 0.0, PIO2_HI32, PIO2_LO32)
    } else if mid {
        (ay - ax, sh, sl, PIO4_HI32, PIO4_LO32)
    } else {
        (ay, ax, 0.0, 0.0, 0.0)
    };
    let r = 1.0 / den;
    let t = num * r;
    let tl = (M::fma32(-t, den, num) - t * dl) * r;
    let z = t * t;
    let tail = t * z * horner::<M, _, 6>(z, &ATAN32N);
    // atan(t + tl) = atan t + tl / (1 + t²) + …; |bh| > |t| unless bh = 0
    let (s, e) = fast_two_sum(bh, t);
    (s, e + (bl + (M::fma32(-tl, z, tl) + tail)))
}

impl Unary<f64> for Atan {
    #[inline(always)]
    fn fast<M: Fma>(x: f64) -> (f64, bool) {
        // atan rounds to π/2 from 2^60 (and ∞ is clamped there)
        let (h, l) = atan_dd::<M>(x.abs().min(1_152_921_504_606_846_976.0), 1.0);
        ((h + l).copysign(x), !x.is_nan())
    }
    fn exact(x: f64) -> f64 {
        x.atan()
    }
}

impl Unary<f32> for Atan {
    #[inline(always)]
    fn fast<M: Fma>(x: f32) -> (f32, bool) {
        if M::FUSED {
            // atan rounds to π/2 from 2^25 on (∞ is clamped there)
            let (s, lo) = atan32_parts::<M>(x.abs().min(1.0e30), 1.0);
            return ((s + lo).copysign(x), !x.is_nan());
        }
        let a = f64::from(x.abs().min(1.0e30));
        ((atan_for_f32::<M>(a, 1.0) as f32).copysign(x), !x.is_nan())
    }
    fn exact(x: f32) -> f32 {
        x.atan()
    }
}

/// Whether `atan2`'s fast path takes `|v|`: 0, or within [2^-500, 2^500] (not NaN or ∞).
#[inline(always)]
fn in_range(a: f64) -> bool {
    const LO: f64 = f64::from_bits((1023 - 500) << 52);
    const HI: f64 = f64::from_bits((1023 + 500) << 52);
    a == 0.0 || (a >= LO && a <= HI)
}

impl Binary<f64> for Atan2 {
    #[inline(always)]
    fn fast<M: Fma>(y: f64, x: f64) -> (f64, bool) {
        let (ay, ax) = (y.abs(), x.abs());
        let (h, l) = atan_dd::<M>(ay, ax);
        // x < 0 (−0 too): π − atan(|y|/|x|)
        let (ph, pe) = fast_two_sum(PI_HI, -h);
        let v = if x.is_sign_negative() {
            ph + (pe + (PI_LO - l))
        } else {
            h + l
        };
        (
            v.copysign(y),
            in_range(ay) && in_range(ax) && (ay != 0.0 || ax != 0.0),
        )
    }
    #[inline(always)]
    fn edge<M: Fma>(y: f64, x: f64) -> (f64, bool) {
        crate::atan2_edge(y, x)
    }
    fn exact(y: f64, x: f64) -> f64 {
        y.atan2(x)
    }
}

impl Binary<f32> for Atan2 {
    const INTERLEAVE: bool = true;
    #[inline(always)]
    fn fast<M: Fma>(y: f32, x: f32) -> (f32, bool) {
        if M::FUSED {
            // scaled (exactly) so that ay + ax does not overflow, and that the quotient's
            // residual (2^-24 of the smaller operand) stays normal
            let (ay, ax) = (y.abs(), x.abs());
            let m = ay.max(ax);
            let sc = if m > 1.0e30 {
                1.0 / 1_099_511_627_776.0 // 2^-40
            } else if m < 1.0e6 && ay.min(ax) < 1.0e-30 {
                1_208_925_819_614_629_174_706_176.0 // 2^80
            } else {
                1.0
            };
            let (s, lo) = atan32_parts::<M>(ay * sc, ax * sc);
            let v = if x.is_sign_negative() {
                // π − a, π ≥ s
                let (d, e) = fast_two_sum(PI_HI32, -s);
                d + (e + (PI_LO32 - lo))
            } else {
                s + lo
            };
            // results below 2^-100 (a quotient near f32's subnormal range) take `atan2f`
            return (
                v.copysign(y),
                y.is_finite()
                    && x.is_finite()
                    && (x != 0.0 || y != 0.0)
                    && (v >= 1e-30 || y == 0.0),
            );
        }
        let (ay, ax) = (f64::from(y.abs()), f64::from(x.abs()));
        let a = atan_for_f32::<M>(ay, ax);
        let v = if x.is_sign_negative() { PI_HI - a } else { a };
        (
            (v as f32).copysign(y),
            y.is_finite() && x.is_finite() && (y != 0.0 || x != 0.0),
        )
    }
    #[inline(always)]
    fn edge<M: Fma>(y: f32, x: f32) -> (f32, bool) {
        crate::atan2_edge(y, x)
    }
    fn exact(y: f32, x: f32) -> f32 {
        y.atan2(x)
    }
}

/// The pieces of `asin`/`acos` for |x| ≤ 1: `(big, v, w)` with `asin |x| = v + w` for
/// |x| ≤ ½ (`v = |x|`, `w = |x|³ P(x²)`) and `asin |x| = π/2 − 2 (v + w)` above
/// (`v = s = √((1 − |x|)/2)` rounded, `w` its error plus `s³ P(s²)`).
#[inline(always)]
fn asin_parts<M: Fma>(ax: f64) -> (bool, f64, f64) {
    let big = ax > 0.5;
    // exact: 1 − |x| by Sterbenz's lemma, the halving
    let z = if big { (1.0 - ax) * 0.5 } else { ax * ax };
    let p = z * horner::<M, _, 13>(z, &ASIN64);
    let s = z.sqrt();
    // √z = s + (z − s²) / 2s, the residual exact
    let (ss, sse) = M::two_prod(s, s);
    let sl = ((z - ss) - sse) / (2.0 * s.max(1e-300));
    let v = if big { s } else { ax };
    let w = if big { M::fma(s, p, sl) } else { ax * p };
    (big, v, w)
}

impl Unary<f64> for Asin {
    #[inline(always)]
    fn fast<M: Fma>(x: f64) -> (f64, bool) {
        let ax = x.abs();
        let (big, v, w) = asin_parts::<M>(ax);
        // π/2 − 2v − 2w, π/2 − 2v exactly in two parts (2v ≤ 1)
        let (h, e) = fast_two_sum(PIO2_HI, -2.0 * v);
        let y = if big {
            h + (e + M::fma(-2.0, w, PIO2_LO))
        } else {
            v + w
        };
        (y.copysign(x), ax <= 1.0)
    }
    /// Beyond ±1 NaN.
    #[inline(always)]
    fn edge<M: Fma>(x: f64) -> (f64, bool) {
        (crate::invalid(x), x.abs() > 1.0)
    }
    fn exact(x: f64) -> f64 {
        x.asin()
    }
}

impl Unary<f64> for Acos {
    #[inline(always)]
    fn fast<M: Fma>(x: f64) -> (f64, bool) {
        let ax = x.abs();
        let (big, v, w) = asin_parts::<M>(ax);
        // |x| ≤ ½: π/2 − asin x; x > ½: 2 asin s; x < −½: π − 2 asin s
        let neg = x.is_sign_negative();
        let (c_hi, c_lo) = if !big {
            (PIO2_HI, PIO2_LO)
        } else if neg {
            (PI_HI, PI_LO)
        } else {
            (0.0, 0.0)
        };
        let (lead, rest) = if !big {
            (-x, -w.copysign(x))
        } else if neg {
            (-2.0 * v, -2.0 * w)
        } else {
            (2.0 * v, 2.0 * w)
        };
        // |c| ≥ |lead| (or c = 0)
        let (h, e) = fast_two_sum(c_hi, lead);
        (h + (e + (c_lo + rest)), ax <= 1.0)
    }
    /// Beyond ±1 NaN.
    #[inline(always)]
    fn edge<M: Fma>(x: f64) -> (f64, bool) {
        (crate::invalid(x), x.abs() > 1.0)
    }
    fn exact(x: f64) -> f64 {
        x.acos()
    }
}

/// `asin`'s pieces for an `f32` argument, in `f64`: `(big, a)` with `a = asin |x|` for
/// |x| ≤ ½ and `asin √((1 − |x|)/2)` above.
#[inline(always)]
fn asin_for_f32<M: Fma>(ax: f64) -> (bool, f64) {
    let big = ax > 0.5;
    let z = if big { (1.0 - ax) * 0.5 } else { ax * ax };
    let s = if big { z.sqrt() } else { ax };
    (big, M::fma(s * z, horner::<M, _, 7>(z, &ASIN32), s))
}

/// `asin s = s + s z P(z)`, z = s², s ≤ ½, for the `f32`-arithmetic kernels: degree 5,
/// `f32` coefficients, relative error 2^-23.9 (`scripts/vecmath_coeffs.py`); the term is
/// below 4.5 % of the result.
const ASIN32N: [f32; 6] = [
    0.166_666_66,
    0.075_000_94,
    0.044_599_403,
    0.031_100_662,
    0.017_149_238,
    0.033_690_847,
];

/// `asin` of `ax` in [0, 1] in `f32` arithmetic (FMA levels), fdlibm's split: `(big, a,
/// al)` with `asin ax = a + al` for ax ≤ ½, and `asin √((1 − ax)/2) = a + al` above (the
/// square root in two parts from its exact residual).
#[inline(always)]
fn asin32_parts<M: Fma>(ax: f32) -> (bool, f32, f32) {
    let big = ax > 0.5;
    // exact: 1 − ax by Sterbenz's lemma, the halving
    let z = if big { (1.0 - ax) * 0.5 } else { ax * ax };
    let s = if big { z.sqrt() } else { ax };
    let sl = if big {
        M::fma32(-s, s, z) / (s + s).max(f32::MIN_POSITIVE)
    } else {
        0.0
    };
    (big, s, M::fma32(s * z, horner::<M, _, 6>(z, &ASIN32N), sl))
}

impl Unary<f32> for Asin {
    #[inline(always)]
    fn fast<M: Fma>(x: f32) -> (f32, bool) {
        if M::FUSED {
            let (big, a, al) = asin32_parts::<M>(x.abs());
            // big: π/2 − 2(a + al), |π/2| > 2a
            let (d, e) = fast_two_sum(PIO2_HI32, -2.0 * a);
            let y = if big {
                d + (e + M::fma32(-2.0, al, PIO2_LO32))
            } else {
                a + al
            };
            return (y.copysign(x), x.abs() <= 1.0);
        }
        let (big, a) = asin_for_f32::<M>(f64::from(x.abs()));
        let y = if big { M::fma(-2.0, a, PIO2_HI) } else { a };
        ((y as f32).copysign(x), x.abs() <= 1.0)
    }
    /// Beyond ±1 NaN.
    #[inline(always)]
    fn edge<M: Fma>(x: f32) -> (f32, bool) {
        (crate::invalid(x), x.abs() > 1.0)
    }
    fn exact(x: f32) -> f32 {
        x.asin()
    }
}

impl Unary<f32> for Acos {
    #[inline(always)]
    fn fast<M: Fma>(x: f32) -> (f32, bool) {
        if M::FUSED {
            let (big, a, al) = asin32_parts::<M>(x.abs());
            let neg = x.is_sign_negative();
            // small: π/2 − asin x; big: 2 asin(…) for x > 0, π − 2 asin(…) for x < 0
            let (a, al) = if big {
                // bh − a: the doubled angle subtracted from π, or added to 0
                let m = if neg { 2.0 } else { -2.0 };
                (m * a, m * al)
            } else {
                (a.copysign(x), al.copysign(x))
            };
            let (bh, bl) = if !big {
                (PIO2_HI32, PIO2_LO32)
            } else if neg {
                (PI_HI32, PI_LO32)
            } else {
                (0.0, 0.0)
            };
            // bh − a, |bh| > |a| unless bh = 0
            let (d, e) = fast_two_sum(bh, -a);
            return (d + (e + (bl - al)), x.abs() <= 1.0);
        }
        let (big, a) = asin_for_f32::<M>(f64::from(x.abs()));
        let neg = x.is_sign_negative();
        let y = if !big {
            PIO2_HI - a.copysign(f64::from(x))
        } else if neg {
            M::fma(-2.0, a, PI_HI)
        } else {
            2.0 * a
        };
        (y as f32, x.abs() <= 1.0)
    }
    /// Beyond ±1 NaN.
    #[inline(always)]
    fn edge<M: Fma>(x: f32) -> (f32, bool) {
        (crate::invalid(x), x.abs() > 1.0)
    }
    fn exact(x: f32) -> f32 {
        x.acos()
    }
}
