//! The accuracy contract of every kernel at every dispatch level this CPU has (levels it
//! lacks are skipped with a printed reason): over ≥ 1 M random inputs per range, the error
//! against a reference is at most the kernel's bound, and special values (±0, ±∞, NaN,
//! subnormals, huge arguments, range edges) give the platform `libm`'s results exactly.
//!
//! References: for `f32`, the platform's `f64` function of the same input (its error,
//! ≈ 2^-53, is far below an `f32` ULP), so the error is measured in fractional `f32` ULPs;
//! for `f64`, the platform's `f64` function (glibc's `exp`, `log`, `sin`, `cos` are within
//! about 0.52 ULP of the true value), so the bound is on the distance to it.
//!
//! The crate is compiled with `opt-level = 3` in the dev and test profiles (the workspace's
//! `Cargo.toml`), so this sweep takes seconds.

use std::mem::MaybeUninit;

use ivy_vecmath::{map_at, Cos, Exp, Level, Log, Sin, Tan, Unary};

/// SplitMix64: a seeded generator (no dependency for a few lines).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    /// Uniform in [lo, hi).
    fn uniform(&mut self, lo: f64, hi: f64) -> f64 {
        let u = (self.next() >> 11) as f64 / (1u64 << 53) as f64;
        lo + (hi - lo) * u
    }
}

const N: usize = 1 << 20;

/// The range of inputs a sweep draws from.
#[derive(Clone, Copy, Debug)]
enum Range {
    /// Uniform in [lo, hi).
    Uniform(f64, f64),
    /// Positive finite numbers of every exponent (random bits).
    AllPositive,
    /// Within `spread` ULPs of `k π/2`, `k` up to `kmax` (the reductions' hard cases).
    NearPio2(f64, i64),
}

fn inputs(range: Range, seed: u64) -> Vec<f64> {
    let mut rng = Rng(seed);
    (0..N)
        .map(|_| match range {
            Range::Uniform(lo, hi) => rng.uniform(lo, hi),
            Range::AllPositive => f64::from_bits(rng.next() % 0x7ff0_0000_0000_0000),
            Range::NearPio2(spread, kmax) => {
                let k = (rng.next() % kmax as u64) as f64;
                let base = k * std::f64::consts::FRAC_PI_2;
                let ulps = rng.uniform(-spread, spread);
                base + ulps * f64::EPSILON * base.abs().max(1.0)
            }
        })
        .collect()
}

fn ulp64(v: f64) -> f64 {
    let e = (v.abs().to_bits() >> 52).min(2046);
    if e > 52 {
        f64::from_bits((e - 52) << 52)
    } else {
        f64::from_bits(1u64 << (e.max(1) - 1))
    }
}
fn ulp32(v: f64) -> f64 {
    let a = v.abs().max(f64::from(f32::MIN_POSITIVE));
    2f64.powi(a.log2().floor() as i32 - 23)
}

fn run<T: Copy, K: Unary<T>>(level: Level, x: &[T]) -> Vec<T> {
    let mut out = vec![MaybeUninit::<T>::uninit(); x.len()];
    map_at::<T, K>(level, x, &mut out);
    out.into_iter()
        .map(|v| unsafe { v.assume_init() }) // every element was written
        .collect()
}

fn levels() -> Vec<Level> {
    let best = ivy_vecmath::detected();
    for l in Level::ALL.iter().filter(|l| **l > best) {
        println!(
            "skipping level {}: this CPU lacks it (best: {})",
            l.name(),
            best.name()
        );
    }
    Level::ALL.into_iter().filter(|l| *l <= best).collect()
}

/// Max error in ULPs of `K` over `range`, for f64 and f32, at `level`.
fn sweep<K: Unary<f64> + Unary<f32>>(
    level: Level,
    range: Range,
    reference: fn(f64) -> f64,
) -> (f64, f64, f64) {
    let x64 = inputs(range, 0x5eed ^ level as u64);
    let y64 = run::<f64, K>(level, &x64);
    let mut e64 = 0.0f64;
    let mut worst = f64::NAN;
    for (&x, &y) in x64.iter().zip(&y64) {
        let r = reference(x);
        if !r.is_finite() {
            continue;
        }
        let e = (y - r).abs() / ulp64(r);
        if e > e64 || e.is_nan() {
            e64 = if e.is_nan() { f64::INFINITY } else { e };
            worst = x;
        }
    }
    let x32: Vec<f32> = x64.iter().map(|&v| v as f32).collect();
    let y32 = run::<f32, K>(level, &x32);
    let mut e32 = 0.0f64;
    for (&x, &y) in x32.iter().zip(&y32) {
        let r = reference(f64::from(x));
        if !r.is_finite() || r.abs() > f64::from(f32::MAX) {
            continue;
        }
        let e = (f64::from(y) - r).abs() / ulp32(r);
        if e > e32 || e.is_nan() {
            e32 = if e.is_nan() { f64::INFINITY } else { e };
        }
    }
    (e64, e32, worst)
}

fn check<K: Unary<f64> + Unary<f32>>(
    name: &str,
    bound: f64,
    reference: fn(f64) -> f64,
    ranges: &[Range],
) {
    let mut failures = Vec::new();
    for level in levels() {
        for &range in ranges {
            let (e64, e32, worst) = sweep::<K>(level, range, reference);
            println!(
                "{name:>4} {:>7} {range:?}: max {e64:.3} ULP (f64, at {worst:e}), {e32:.3} ULP (f32)",
                level.name()
            );
            if !(e64 <= bound && e32 <= bound) {
                failures.push(format!(
                    "{name} at {}: {e64} / {e32} ULP over {range:?} (bound {bound}); worst f64 input {worst:e}",
                    level.name()
                ));
            }
        }
        specials::<K>(name, level);
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// Special values give the exact path's (libm's) results, bit for bit.
fn specials<K: Unary<f64> + Unary<f32>>(name: &str, level: Level) {
    let s64 = [
        0.0,
        -0.0,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
        f64::MIN_POSITIVE,
        -f64::MIN_POSITIVE,
        5e-324,
        -5e-324,
        1e-310,
        f64::MAX,
        f64::MIN,
        1e22,
        -1e22,
        1e300,
        708.0,
        -708.0,
        709.7,
        709.79,
        -745.2,
        -746.0,
        1_647_099.0,
        1_647_100.0,
        2f64.powi(60),
    ];
    let y = run::<f64, K>(level, &s64);
    for (&x, &y) in s64.iter().zip(&y) {
        let e = <K as Unary<f64>>::exact(x);
        let same = (e.is_nan() && y.is_nan()) || e.to_bits() == y.to_bits();
        let close = (y - e).abs() <= 2.0 * ulp64(e);
        assert!(
            same || (e.is_finite() && e != 0.0 && close),
            "{name} at {}: f64 {x:e} gave {y:e}, libm {e:e}",
            level.name()
        );
    }
    let s32: Vec<f32> = s64
        .iter()
        .map(|&v| v as f32)
        .chain([
            1e-45f32,
            -1e-45,
            1e-40,
            88.72,
            88.73,
            -103.9,
            -104.0,
            f32::MAX,
            1e30,
        ])
        .collect();
    let y = run::<f32, K>(level, &s32);
    for (&x, &y) in s32.iter().zip(&y) {
        let e = <K as Unary<f32>>::exact(x);
        let same = (e.is_nan() && y.is_nan()) || e.to_bits() == y.to_bits();
        let close = f64::from((y - e).abs()) <= 2.0 * ulp32(f64::from(e));
        assert!(
            same || (e.is_finite() && e != 0.0 && close),
            "{name} at {}: f32 {x:e} gave {y:e}, libm {e:e}",
            level.name()
        );
    }
}

#[test]
fn exp_within_1_ulp() {
    use Range::*;
    check::<Exp>(
        "exp",
        1.0,
        f64::exp,
        &[
            Uniform(-708.0, 708.0),
            Uniform(-1.0, 1.0),
            Uniform(-1e-6, 1e-6),
            Uniform(-104.0, 89.0),
        ],
    );
}

#[test]
fn log_within_1_ulp() {
    use Range::*;
    check::<Log>(
        "log",
        1.0,
        f64::ln,
        &[
            AllPositive,
            Uniform(0.5, 2.0),
            Uniform(1.0 - 1e-4, 1.0 + 1e-4),
            Uniform(0.0, 1000.0),
        ],
    );
}

const TRIG: [Range; 5] = [
    Range::Uniform(-10.0, 10.0),
    Range::Uniform(-1e5, 1e5),
    Range::Uniform(-1.7e6, 1.7e6),
    Range::NearPio2(4.0, 100_000),
    Range::NearPio2(1e6, 1_000_000),
];

#[test]
fn sin_within_1_ulp() {
    check::<Sin>("sin", 1.0, f64::sin, &TRIG);
}

#[test]
fn cos_within_1_ulp() {
    check::<Cos>("cos", 1.0, f64::cos, &TRIG);
}

#[test]
fn tan_within_3_ulp() {
    check::<Tan>("tan", 3.0, f64::tan, &TRIG);
}
