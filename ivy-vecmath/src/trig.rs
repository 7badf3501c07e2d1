//! `sin`, `cos`, `tan`: fdlibm's medium-size argument reduction (`e_rem_pio2.c`, its first
//! two rounds: `x − k π/2` with `π/2` in 33-bit parts, leaving `r = y0 + y1`) and its
//! kernels `__kernel_sin`/`__kernel_cos` (coefficients from fdlibm, as ported in the `libm`
//! crate, MIT; Sun's notice: "Permission to use, copy, modify, and distribute this software
//! is freely granted, provided that this notice is preserved."). Both kernels run for every
//! lane and the quadrant selects; `tan` is their quotient. Arguments beyond `2^20 π/2`, and
//! lanes whose reduction cancels more than the two rounds cover, take the exact path.
//!
//! `f32` `tan` at the FMA levels is `f32` arithmetic (`tan32`): Cody–Waite reduction by
//! π/2 in three `f32` parts up to |x| = 71476 (numpy's bound for the same scheme; beyond,
//! `libm`), the remainder in two parts, `tan r = r + r³ T(r²)` and, in odd quadrants, the
//! cotangent's quotient corrected by its residual. `f32` `sin`/`cos` stay in `f64`.

use crate::{fast_two_sum, horner, shifted_int, Fma, Unary, SHIFT};

/// Sine.
///
/// ```
/// # use std::mem::MaybeUninit;
/// let mut o = [MaybeUninit::uninit()];
/// ivy_vecmath::map::<f64, ivy_vecmath::Sin>(&[-0.0], &mut o);
/// assert!(unsafe { o[0].assume_init() }.is_sign_negative());
/// ```
#[derive(Debug)]
pub enum Sin {}
/// Cosine.
///
/// ```
/// # use std::mem::MaybeUninit;
/// let mut o = [MaybeUninit::uninit()];
/// ivy_vecmath::map::<f32, ivy_vecmath::Cos>(&[0.0], &mut o);
/// assert_eq!(unsafe { o[0].assume_init() }, 1.0);
/// ```
#[derive(Debug)]
pub enum Cos {}
/// Tangent.
///
/// ```
/// # use std::mem::MaybeUninit;
/// let mut o = [MaybeUninit::uninit()];
/// ivy_vecmath::map::<f64, ivy_vecmath::Tan>(&[0.0], &mut o);
/// assert_eq!(unsafe { o[0].assume_init() }, 0.0);
/// ```
#[derive(Debug)]
pub enum Tan {}

// e_rem_pio2.c
const INV_PIO2: f64 = std::f64::consts::FRAC_2_PI;
const PIO2_1: f64 = 1.570_796_326_734_125_614_17e0; // first 33 bits of π/2
const PIO2_1T: f64 = 6.077_100_506_506_192_249_32e-11; // π/2 − PIO2_1
const PIO2_2: f64 = 6.077_100_506_303_965_976_60e-11; // second 33 bits of π/2
const PIO2_2T: f64 = 2.022_266_248_795_950_631_54e-21; // π/2 − (PIO2_1 + PIO2_2)

// k_sin.c
const S1: f64 = -1.666_666_666_666_663_243_48e-1;
const S2: f64 = 8.333_333_333_322_489_461_24e-3;
const S3: f64 = -1.984_126_982_985_794_931_34e-4;
const S4: f64 = 2.755_731_370_707_006_767_89e-6;
const S5: f64 = -2.505_076_025_340_686_341_95e-8;
const S6: f64 = 1.589_690_995_211_550_102_21e-10;

// k_cos.c
const C1: f64 = 4.166_666_666_666_660_190_37e-2;
const C2: f64 = -1.388_888_888_887_410_957_49e-3;
const C3: f64 = 2.480_158_728_947_672_941_78e-5;
const C4: f64 = -2.755_731_435_139_066_330_35e-7;
const C5: f64 = 2.087_572_321_298_174_827_90e-9;
const C6: f64 = -1.135_964_755_778_819_482_65e-11;

/// The largest |x| reduced here (fdlibm's medium case).
const MEDIUM: f64 = 1_647_099.0; // ≈ 2^20 π/2

/// `|x| = k π/2 + y0 + y1` for `x` with |x| ≤ `MEDIUM`: `(k mod 4, y0, y1, ok)`, `ok` false
/// when the reduction cancelled more than its two rounds cover (fdlibm's third round).
#[inline(always)]
fn reduce<M: Fma>(ax: f64) -> (u64, f64, f64, bool) {
    let t = M::fma(ax, INV_PIO2, SHIFT);
    let k = t - SHIFT;
    // first round: `k * PIO2_1` is exact (k < 2^21, 33 bits)
    let r = ax - k * PIO2_1;
    // second round (fdlibm's, for every lane): `k * PIO2_2` is exact
    let w = k * PIO2_2;
    let r2 = r - w;
    let w = k * PIO2_2T - ((r - r2) - w);
    let y0 = r2 - w;
    let y1 = (r2 - y0) - w;
    // fdlibm takes a third round when y0 lost more than 49 bits to x
    let ok = y0.abs() >= ax * f64::from_bits(0x3ce0_0000_0000_0000); // 2^-49
    (shifted_int(t) & 3, y0, y1, ok)
}

/// fdlibm's `__kernel_sin(x, y, 1)`: sin(x + y) for |x + y| ≤ π/4.
#[inline(always)]
fn k_sin<M: Fma>(x: f64, y: f64) -> f64 {
    let z = x * x;
    let v = z * x;
    let r = M::fma(z, M::fma(z, M::fma(z, M::fma(z, S6, S5), S4), S3), S2);
    x - ((z * M::fma(0.5, y, -(v * r)) - y) - v * S1)
}

/// fdlibm's `__kernel_cos(x, y)`: cos(x + y) for |x + y| ≤ π/4.
#[inline(always)]
fn k_cos<M: Fma>(x: f64, y: f64) -> f64 {
    let z = x * x;
    let w = z * z;
    let r = z * M::fma(z, M::fma(z, C3, C2), C1) + w * w * M::fma(z, M::fma(z, C6, C5), C4);
    let hz = 0.5 * z;
    let w = 1.0 - hz;
    w + (((1.0 - w) - hz) + M::fma(z, r, -(x * y)))
}

/// `(sin, cos)` of `k π/2 + r` from `(sin r, cos r)` and the quadrant `q = k mod 4`: sin =
/// s, c, -s, -c; cos = c, -s, -c, s.
#[inline(always)]
fn quadrant(q: u64, s: f64, c: f64) -> (f64, f64) {
    let (s, c) = if q & 1 == 1 { (c, -s) } else { (s, c) };
    let flip = (q & 2) << 62;
    (
        f64::from_bits(s.to_bits() ^ flip),
        f64::from_bits(c.to_bits() ^ flip),
    )
}

/// `(sin |x|, cos |x|, ok)` for `f64` arguments: `ok` false beyond `MEDIUM` and where the
/// reduction cancelled more than it covers.
#[inline(always)]
fn sin_cos<M: Fma>(ax: f64) -> (f64, f64, bool) {
    let (q, y0, y1, ok) = reduce::<M>(ax);
    let (s, c) = quadrant(q, k_sin::<M>(y0, y1), k_cos::<M>(y0, y1));
    (s, c, ok && ax <= MEDIUM)
}

/// `(sin |x|, cos |x|, ok)` for an `f32` argument, in `f64`: the first reduction round
/// alone (`k * PIO2_1` exact, `r` good to 2^-50 of itself for every `f32` input up to
/// `MEDIUM`), and fdlibm's kernels cut to the degree `f32` needs (the dropped terms are below
/// 2^-28 of the result: ≤ 0.04 `f32` ULP).
#[inline(always)]
fn sin_cos_for_f32<M: Fma>(ax: f64) -> (f64, f64, bool) {
    let t = M::fma(ax, INV_PIO2, SHIFT);
    let k = t - SHIFT;
    let r = M::fma(-k, PIO2_1T, ax - k * PIO2_1);
    let z = r * r;
    let s = M::fma(
        r * z,
        M::fma(z, M::fma(z, M::fma(z, M::fma(z, S5, S4), S3), S2), S1),
        r,
    );
    let c = M::fma(
        z * z,
        M::fma(z, M::fma(z, M::fma(z, C4, C3), C2), C1),
        M::fma(-0.5, z, 1.0),
    );
    let (s, c) = quadrant(shifted_int(t) & 3, s, c);
    (s, c, ax <= MEDIUM)
}

// `f32`-arithmetic `tan`: π/2 in three `f32` parts (Cody–Waite with FMA, as numpy's
// `f32` sin/cos: the first step `|x| − k P1` is exact for k < 2^16), and tan on [0, π/4] as
// `r + r³ T(r²)` (degree 6, `f32` coefficients, relative error 2^-24.9,
// `scripts/vecmath_coeffs.py`)
const PIO2_1F: f32 = f32::from_bits(0x3fc9_0fdb);
const PIO2_2F: f32 = f32::from_bits(0xb33b_bd2e);
const PIO2_3F: f32 = f32::from_bits(0xa6f7_2ced);
const FRAC_2_PI_F: f32 = f32::from_bits(0x3f22_f983);
/// `1.5 · 2^23`: adding it rounds an `f32` below 2^22 to an integer, held in the sum's low
/// bits.
const SHIFT32: f32 = 12_582_912.0;
/// The largest |x| the `f32` reduction takes (numpy's bound for the same three parts).
const MEDIUM32: f32 = 71_476.0;
const TAN32: [f32; 7] = [
    0.333_333_34,
    0.133_332_31,
    0.053_994_466,
    0.021_621_127,
    0.009_962_147,
    0.001_185_321_6,
    0.003_843_139_9,
];

/// `tan x` of an `f32` in `f32` arithmetic (FMA levels): `tan r` or `−1/tan r` by the
/// quadrant's parity.
#[inline(always)]
fn tan32<M: Fma>(x: f32) -> (f32, bool) {
    let ax = x.abs();
    let t = M::fma32(ax, FRAC_2_PI_F, SHIFT32);
    let k = t - SHIFT32;
    let odd = t.to_bits() & 1 == 1;
    // r = |x| − k π/2 as r2 + rl: the first step exact, the second's product and sum
    // errors kept (FMA, two-sum), the third a correction
    let r1 = M::fma32(-k, PIO2_1F, ax);
    let p = k * PIO2_2F;
    let pe = M::fma32(k, PIO2_2F, -p);
    let r2 = r1 - p;
    let bb = r2 - r1;
    let e = (r1 - (r2 - bb)) + (-p - bb);
    let rl = M::fma32(-k, PIO2_3F, e - pe);
    // tan(r2 + rl) = r2 + r2³ T(r2²) + rl (1 + r2²) + …, summed as t + d
    let z = r2 * r2;
    let corr = M::fma32(r2 * z, horner::<M, _, 7>(z, &TAN32), M::fma32(rl, z, rl));
    let (t, d) = fast_two_sum(r2, corr);
    // odd quadrants: −1/(t + d), the quotient corrected by its residual
    let q0 = -1.0 / t;
    let q = M::fma32(q0, M::fma32(q0, t, 1.0) + q0 * d, q0);
    let v = if odd { q } else { t };
    (
        f32::from_bits(v.to_bits() ^ (x.to_bits() & 0x8000_0000)),
        ax <= MEDIUM32,
    )
}

/// `x`'s sign bit applied to `v` (odd functions of `|x|`).
#[inline(always)]
fn with_sign_of(v: f64, x: f64) -> f64 {
    f64::from_bits(v.to_bits() ^ (x.to_bits() & (1 << 63)))
}

/// Each kernel: its result from `sin |x|`, `cos |x|` and `x`, for both dtypes.
macro_rules! trig_impls {
    ($($K:ident: |$s:pat_param, $c:pat_param, $x:pat_param| $e:expr, $std:ident, $native:literal;)*) => {$(
        impl Unary<f64> for $K {
            #[inline(always)]
            fn fast<M: Fma>(x: f64) -> (f64, bool) {
                let ($s, $c, ok) = sin_cos::<M>(x.abs());
                let $x = x;
                ($e, ok)
            }
            /// At ±∞ NaN.
            #[inline(always)]
            fn edge<M: Fma>(x: f64) -> (f64, bool) {
                (crate::invalid(x), x.abs() == f64::INFINITY)
            }
            fn exact(x: f64) -> f64 {
                x.$std()
            }
        }
        impl Unary<f32> for $K {
            #[inline(always)]
            fn fast<M: Fma>(x: f32) -> (f32, bool) {
                if M::FUSED && $native {
                    return tan32::<M>(x);
                }
                let x = f64::from(x);
                let ($s, $c, ok) = sin_cos_for_f32::<M>(x.abs());
                let $x = x;
                ($e as f32, ok)
            }
            /// At ±∞ NaN.
            #[inline(always)]
            fn edge<M: Fma>(x: f32) -> (f32, bool) {
                (crate::invalid(x), x.abs() == f32::INFINITY)
            }
            fn exact(x: f32) -> f32 {
                x.$std()
            }
        }
    )*};
}

trig_impls! {
    Sin: |s, _, x| with_sign_of(s, x), sin, false;
    Cos: |_, c, _| c, cos, false;
    // f32: `tan32` at the FMA levels
    Tan: |s, c, x| with_sign_of(s / c, x), tan, true;
}
