//! `sinh`, `cosh`, `tanh` from the two-part `expm1`/`exp` of `exp.rs` (no fdlibm code: its
//! `e_sinh.c`/`s_tanh.c` formulas, rounded step by step, are up to 1.9 ULP off in glibc):
//!
//! - `sinh a = H + H / (2H + 1)` with `H = (e^a − 1)/2`,
//! - `cosh a = X + 1 / 4X` with `X = e^a / 2`,
//! - `tanh a = E / (E + 2)` with `E = e^(2a) − 1`,
//!
//! each quotient taken once (one division a lane) and corrected by its exact residual
//! (`div_dd`), each sum carried in two parts, so that only the last addition rounds to more
//! than 2^-60 of the result. `H` and `X` come scaled by ½ in the exponent bits, so that
//! `sinh`, `cosh` reach 709.78 without overflowing `2^k`. `tanh` saturates to ±1 from
//! |x| = 20; odd functions take `x`'s sign. `f32` computes the same formulas plainly in
//! `f64` (the short `P32` exponential, relative error ≈ 2^-50) and rounds once.

use crate::exp::{exp_core, exp_dd, expm1_dd, expm1_for_f32, P32};
use crate::{div_dd, fast_two_sum, two_sum, Fma, Unary};

/// Hyperbolic sine.
///
/// ```
/// # use std::mem::MaybeUninit;
/// let mut o = [MaybeUninit::uninit(); 2];
/// ivy_vecmath::map::<f64, ivy_vecmath::Sinh>(&[-0.0, 1e-300], &mut o);
/// assert!(unsafe { o[0].assume_init() }.is_sign_negative());
/// assert_eq!(unsafe { o[1].assume_init() }, 1e-300);
/// ```
#[derive(Debug)]
pub enum Sinh {}

/// Hyperbolic cosine.
///
/// ```
/// # use std::mem::MaybeUninit;
/// let mut o = [MaybeUninit::uninit(); 2];
/// ivy_vecmath::map::<f32, ivy_vecmath::Cosh>(&[0.0, -100.0], &mut o);
/// assert_eq!(unsafe { o[0].assume_init() }, 1.0);
/// assert_eq!(unsafe { o[1].assume_init() }, f32::INFINITY);
/// ```
#[derive(Debug)]
pub enum Cosh {}

/// Hyperbolic tangent.
///
/// ```
/// # use std::mem::MaybeUninit;
/// let mut o = [MaybeUninit::uninit(); 3];
/// ivy_vecmath::map::<f64, ivy_vecmath::Tanh>(&[0.5, -30.0, f64::INFINITY], &mut o);
/// let y: Vec<f64> = o.iter().map(|v| unsafe { v.assume_init() }).collect();
/// assert!((y[0] - 0.5f64.tanh()).abs() <= f64::EPSILON / 2.0);
/// assert_eq!(&y[1..], &[-1.0, 1.0]);
/// ```
#[derive(Debug)]
pub enum Tanh {}

/// Above this, `H / (2H + 1)` is ½ to below 2^-61 of `H` and is not divided out (which
/// keeps the division's operands in range).
const TWO60: f64 = 1_152_921_504_606_846_976.0;

impl Unary<f64> for Sinh {
    #[inline(always)]
    fn fast<M: Fma>(x: f64) -> (f64, bool) {
        let a = x.abs();
        // H = (e^a − 1)/2 in two parts
        let (hh, hl) = expm1_dd::<M, 1022>(a.min(709.7));
        let big = hh > TWO60;
        let (nh, nl) = if big { (TWO60, 0.0) } else { (hh, hl) };
        // H / (2H + 1) ≤ H
        let (dh, dl) = two_sum(2.0 * nh, 1.0);
        let (q, ql) = div_dd::<M>(nh, nl, dh, M::fma(2.0, nl, dl));
        let (sh, sl) = fast_two_sum(hh, q);
        ((sh + (sl + (hl + ql))).copysign(x), a <= 709.7)
    }
    fn exact(x: f64) -> f64 {
        x.sinh()
    }
}

impl Unary<f32> for Sinh {
    #[inline(always)]
    fn fast<M: Fma>(x: f32) -> (f32, bool) {
        // above 90 the result overflows f32 (and stays finite in f64 to 100)
        let a = f64::from(x.abs().min(100.0));
        let e = expm1_for_f32::<M>(a);
        let y = 0.5 * (e + e / (e + 1.0));
        ((y as f32).copysign(x), !x.is_nan())
    }
    fn exact(x: f32) -> f32 {
        x.sinh()
    }
}

impl Unary<f64> for Cosh {
    #[inline(always)]
    fn fast<M: Fma>(x: f64) -> (f64, bool) {
        let a = x.abs();
        // X = e^a / 2 in two parts, X ≥ ½ ≥ 1/4X
        let (xh, xl) = exp_dd::<M, 1022>(a.min(709.7));
        let big = xh > TWO60;
        let (nh, nl) = if big { (TWO60, 0.0) } else { (xh, xl) };
        let (r, rl) = div_dd::<M>(0.25, 0.0, nh, nl);
        let (sh, sl) = fast_two_sum(xh, r);
        (sh + (sl + (xl + rl)), a <= 709.7)
    }
    fn exact(x: f64) -> f64 {
        x.cosh()
    }
}

impl Unary<f32> for Cosh {
    #[inline(always)]
    fn fast<M: Fma>(x: f32) -> (f32, bool) {
        let a = f64::from(x.abs().min(100.0));
        let e = exp_core::<M, 6>(a, &P32);
        ((0.5 * (e + 1.0 / e)) as f32, !x.is_nan())
    }
    fn exact(x: f32) -> f32 {
        x.cosh()
    }
}

impl Unary<f64> for Tanh {
    #[inline(always)]
    fn fast<M: Fma>(x: f64) -> (f64, bool) {
        // from 20 on, tanh rounds to 1 (1 − tanh < 2^-56)
        let a = x.abs().min(20.0);
        let (eh, el) = expm1_dd::<M, 1023>(2.0 * a);
        let (dh, dl) = two_sum(eh, 2.0);
        let (q, ql) = div_dd::<M>(eh, el, dh, dl + el);
        ((q + ql).copysign(x), !x.is_nan())
    }
    fn exact(x: f64) -> f64 {
        x.tanh()
    }
}

impl Unary<f32> for Tanh {
    #[inline(always)]
    fn fast<M: Fma>(x: f32) -> (f32, bool) {
        // from 10 on, tanh rounds to 1 in f32
        let a = f64::from(x.abs().min(10.0));
        let e = expm1_for_f32::<M>(2.0 * a);
        (((e / (e + 2.0)) as f32).copysign(x), !x.is_nan())
    }
    fn exact(x: f32) -> f32 {
        x.tanh()
    }
}
