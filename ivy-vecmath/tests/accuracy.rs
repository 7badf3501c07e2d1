//! The accuracy contract of every kernel at every dispatch level this CPU has (levels it
//! lacks are skipped with a printed reason): over ≥ 1 M random inputs per range (the same
//! inputs at every level), the error against a reference is at most the kernel's bound, and
//! special values (±0, ±∞, NaN, subnormals, huge arguments, range edges) give the platform
//! `libm`'s results exactly.
//!
//! References: for `f32`, the platform's `f64` function of the same input (its error,
//! ≈ 2^-52, is far below an `f32` ULP), so the error is measured in fractional `f32` ULPs.
//! For `f64`, the platform's `f64` function where glibc is within about 0.53 ULP of the true
//! value (`exp`, `log`, `sin`, `cos`, `tan`, `atan`, `asin`, `acos`, `atan2`, `hypot`,
//! `pow`; measured against mpmath), so the bound is on the distance to it; elsewhere
//! (`expm1`, `log1p`, `log2`, `log10`, the hyperbolic functions and their inverses,
//! `softplus`, `logaddexp`) glibc is up to 1.9 ULP off, and the reference is a
//! double-double evaluation (`dd`, checked against mpmath by `reference_values`): the error
//! is to the true value.
//!
//! The bound holds at every level but `scalar`, which is the platform's `libm` itself: its
//! errors are printed (glibc's `log10` is 1.6 ULP off in `f64`, `log10f` 2 ULP in `f32`),
//! not bounded. The fast levels' lanes that fall back to `libm` (special values) are
//! bounded with the rest.
//!
//! The crate is compiled with `opt-level = 3` in the dev and test profiles (the workspace's
//! `Cargo.toml`), so this sweep takes seconds.

mod dd;

use std::mem::MaybeUninit;

use dd::Dd;
use ivy_vecmath::{
    map_at, zip_at, Acos, Acosh, Asin, Asinh, Atan, Atan2, Atanh, Binary, Ceil, Cos, Cosh, Exp,
    Expm1, Floor, Gelu, GeluTanh, Hypot, Level, Log, Log10, Log1p, Log2, Logaddexp, Mish, Pow,
    RoundEven, Sigmoid, Silu, Sin, Sinh, Softplus, Sqrt, Tan, Tanh, Trunc, Unary,
};

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
    /// Uniform in [0, 1).
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
    /// Uniform in [lo, hi).
    fn uniform(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }
}

const N: usize = 1 << 20;

/// The range of inputs a sweep draws from.
#[derive(Clone, Copy, Debug)]
enum Range {
    /// Uniform in [lo, hi).
    Uniform(f64, f64),
    /// Magnitudes log-uniform in [2^lo, 2^hi), both signs when the flag is set.
    LogUniform(i32, i32, bool),
    /// Positive finite numbers of every exponent (random bits).
    AllPositive,
    /// Finite numbers of every exponent and both signs (random bits).
    AllFinite,
    /// Within `spread` ULPs of `k π/2`, `k` up to `kmax` (the reductions' hard cases).
    NearPio2(f64, i64),
}

fn draw(rng: &mut Rng, range: Range) -> f64 {
    match range {
        Range::Uniform(lo, hi) => rng.uniform(lo, hi),
        Range::LogUniform(lo, hi, signed) => {
            let v = 2f64.powf(rng.uniform(f64::from(lo), f64::from(hi)));
            if signed && rng.next() & 1 == 1 {
                -v
            } else {
                v
            }
        }
        Range::AllPositive => f64::from_bits(rng.next() % 0x7ff0_0000_0000_0000),
        Range::AllFinite => {
            let v = f64::from_bits(rng.next() % 0x7ff0_0000_0000_0000);
            if rng.next() & 1 == 1 {
                -v
            } else {
                v
            }
        }
        Range::NearPio2(spread, kmax) => {
            let k = (rng.next() % kmax as u64) as f64;
            let base = k * std::f64::consts::FRAC_PI_2;
            let ulps = rng.uniform(-spread, spread);
            base + ulps * f64::EPSILON * base.abs().max(1.0)
        }
    }
}

fn inputs(range: Range, seed: u64) -> Vec<f64> {
    let mut rng = Rng(seed);
    (0..N).map(|_| draw(&mut rng, range)).collect()
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

/// Whether two results are the same value (NaN matching NaN).
fn same<T: Copy + PartialEq>(a: T, b: T) -> bool {
    #[allow(clippy::eq_op)]
    let nan = a != a && b != b;
    a == b || nan
}

/// Sampled lanes, each recomputed by a one-element call (the kernels' n = 1 path).
fn sample(n: usize) -> impl Iterator<Item = usize> {
    (0..n.min(64)).chain((64..n).step_by(97))
}

/// Every element written by a kernel call.
fn written<T: Copy>(out: Vec<MaybeUninit<T>>) -> Vec<T> {
    out.into_iter()
        .map(|v| unsafe { v.assume_init() }) // every element was written
        .collect()
}

/// A one-element call's result against the slice's at the same lane.
fn agrees<T: Copy + PartialEq + std::fmt::Debug>(
    level: Level,
    one: T,
    bulk: T,
    input: impl std::fmt::Debug,
) {
    assert!(
        same(one, bulk),
        "{}: a one-element call gives {one:?}, the slice {bulk:?}, for {input:?}",
        level.name()
    );
}

fn run<T: Copy + PartialEq + std::fmt::Debug + std::ops::Add<Output = T>, K: Unary<T>>(
    level: Level,
    x: &[T],
) -> Vec<T> {
    let mut out = vec![MaybeUninit::<T>::uninit(); x.len()];
    map_at::<T, K>(level, x, &mut out);
    let bulk = written(out);
    for i in sample(x.len()) {
        let mut o = vec![MaybeUninit::uninit()];
        map_at::<T, K>(level, &x[i..=i], &mut o);
        agrees(level, written(o)[0], bulk[i], x[i]);
    }
    bulk
}

fn run2<T: Copy + PartialEq + std::fmt::Debug, K: Binary<T>>(
    level: Level,
    a: &[T],
    b: &[T],
) -> Vec<T> {
    let mut out = vec![MaybeUninit::<T>::uninit(); a.len()];
    zip_at::<T, K>(level, a, b, &mut out);
    let bulk = written(out);
    for i in sample(a.len()) {
        let mut o = vec![MaybeUninit::uninit()];
        zip_at::<T, K>(level, &a[i..=i], &b[i..=i], &mut o);
        agrees(level, written(o)[0], bulk[i], (a[i], b[i]));
    }
    bulk
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

/// Max error (in ULPs of `unit`) of `y` against `r`, and the index of the worst element
/// (references that are not finite are skipped).
fn max_err64(y: &[f64], r: &[Dd], unit: &[f64]) -> (f64, usize) {
    let mut worst = (0.0f64, 0);
    for (i, ((&y, r), &u)) in y.iter().zip(r).zip(unit).enumerate() {
        if !r.hi.is_finite() {
            continue;
        }
        let e = ((y - r.hi) - r.lo).abs() / ulp64(u);
        if e > worst.0 || e.is_nan() {
            worst = (if e.is_nan() { f64::INFINITY } else { e }, i);
        }
    }
    worst
}

fn max_err32(y: &[f32], r: &[f64], unit: &[f64]) -> f64 {
    let mut worst = 0.0f64;
    for ((&y, &r), &u) in y.iter().zip(r).zip(unit) {
        if !r.is_finite() || r.abs() > f64::from(f32::MAX) {
            continue;
        }
        let e = (f64::from(y) - r).abs() / ulp32(u);
        if e > worst || e.is_nan() {
            worst = if e.is_nan() { f64::INFINITY } else { e };
        }
    }
    worst
}

/// Sweeps `K` over each range at every level: `ref64` is the f64 reference (a
/// double-double), `ref32` the f32 one (in f64, of the f32 input).
fn check<K: Unary<f64> + Unary<f32>>(
    name: &str,
    bound: f64,
    ref64: impl Fn(f64) -> Dd,
    ref32: impl Fn(f64) -> f64,
    ranges: &[Range],
) {
    let levels = levels();
    let mut failures = Vec::new();
    for (i, &range) in ranges.iter().enumerate() {
        let x64 = inputs(range, 0x5eed ^ (i as u64) << 8);
        let x32: Vec<f32> = x64.iter().map(|&v| v as f32).collect();
        let r64: Vec<Dd> = x64.iter().map(|&x| ref64(x)).collect();
        let r32: Vec<f64> = x32.iter().map(|&x| ref32(f64::from(x))).collect();
        let u64: Vec<f64> = r64.iter().map(|r| r.hi).collect();
        for &level in &levels {
            let (e64, at) = max_err64(&run::<f64, K>(level, &x64), &r64, &u64);
            let e32 = max_err32(&run::<f32, K>(level, &x32), &r32, &r32);
            let worst = x64[at];
            println!(
                "{name:>9} {:>7} {range:?}: max {e64:.3} ULP (f64, at {worst:e}), {e32:.3} ULP (f32)",
                level.name()
            );
            if level != Level::Scalar && !(e64 <= bound && e32 <= bound) {
                failures.push(format!(
                    "{name} at {}: {e64} / {e32} ULP over {range:?} (bound {bound}); worst f64 input {worst:e}",
                    level.name()
                ));
            }
        }
    }
    for &level in &levels {
        specials::<K>(name, level);
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// [`check`] for a binary kernel over pairs of ranges; `unit(a, b, r)` is the magnitude
/// whose ULP is the error's unit (`r`, the reference, for most).
fn check2<K: Binary<f64> + Binary<f32>>(
    name: &str,
    bound: f64,
    ref64: impl Fn(f64, f64) -> Dd,
    ref32: impl Fn(f64, f64) -> f64,
    unit: fn(f64, f64, f64) -> f64,
    ranges: &[(Range, Range)],
) {
    let levels = levels();
    let mut failures = Vec::new();
    for (i, &(ra, rb)) in ranges.iter().enumerate() {
        let a64 = inputs(ra, 0xa5eed ^ (i as u64) << 8);
        let b64 = inputs(rb, 0xb5eed ^ (i as u64) << 8);
        let a32: Vec<f32> = a64.iter().map(|&v| v as f32).collect();
        let b32: Vec<f32> = b64.iter().map(|&v| v as f32).collect();
        let r64: Vec<Dd> = a64.iter().zip(&b64).map(|(&a, &b)| ref64(a, b)).collect();
        let r32: Vec<f64> = a32
            .iter()
            .zip(&b32)
            .map(|(&a, &b)| ref32(f64::from(a), f64::from(b)))
            .collect();
        let u64: Vec<f64> = a64
            .iter()
            .zip(&b64)
            .zip(&r64)
            .map(|((&a, &b), r)| unit(a, b, r.hi))
            .collect();
        let u32: Vec<f64> = a32
            .iter()
            .zip(&b32)
            .zip(&r32)
            .map(|((&a, &b), &r)| unit(f64::from(a), f64::from(b), r))
            .collect();
        for &level in &levels {
            let (e64, at) = max_err64(&run2::<f64, K>(level, &a64, &b64), &r64, &u64);
            let e32 = max_err32(&run2::<f32, K>(level, &a32, &b32), &r32, &u32);
            let (wa, wb) = (a64[at], b64[at]);
            println!(
                "{name:>9} {:>7} {ra:?} × {rb:?}: max {e64:.3} ULP (f64, at ({wa:e}, {wb:e})), {e32:.3} ULP (f32)",
                level.name()
            );
            if level != Level::Scalar && !(e64 <= bound && e32 <= bound) {
                failures.push(format!(
                    "{name} at {}: {e64} / {e32} ULP over {ra:?} × {rb:?} (bound {bound}); worst f64 inputs ({wa:e}, {wb:e})",
                    level.name()
                ));
            }
        }
    }
    for &level in &levels {
        specials2::<K>(name, level);
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

const SPECIALS64: [f64; 46] = [
    // outside domains, at poles, past overflow and underflow (`Unary::edge`)
    -706.5,
    -707.99,
    1.0,
    -1.0,
    2.0,
    -2.0,
    -1.5,
    100.0,
    -100.0,
    709.8,
    -745.1,
    710.4,
    710.6,
    -710.6,
    1000.0,
    -1000.0,
    89.4,
    89.6,
    -89.6,
    -105.0,
    1e38,
    -1e38,
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
    1_152_921_504_606_846_976.0, // 2^60
];

const SPECIALS32: [f32; 11] = [
    88.8,
    -103.0,
    1e-45,
    -1e-45,
    1e-40,
    88.72,
    88.73,
    -103.9,
    -104.0,
    f32::MAX,
    1e30,
];

/// Whether a fast-path value `y` passes for the exact path's `e`: the same bits (any NaN for
/// NaN), or, for finite nonzero `e`, within 2 ULPs.
fn same64(y: f64, e: f64) -> bool {
    (e.is_nan() && y.is_nan())
        || e.to_bits() == y.to_bits()
        || (e.is_finite() && e != 0.0 && (y - e).abs() <= 2.0 * ulp64(e))
}
fn same32(y: f32, e: f32) -> bool {
    (e.is_nan() && y.is_nan())
        || e.to_bits() == y.to_bits()
        || (e.is_finite() && e != 0.0 && f64::from((y - e).abs()) <= 2.0 * ulp32(f64::from(e)))
}

/// Special values give the exact path's (libm's) results, bit for bit (NaN for NaN: its
/// sign and payload are unspecified, and libm's vary by function).
fn specials<K: Unary<f64> + Unary<f32>>(name: &str, level: Level) {
    let y = run::<f64, K>(level, &SPECIALS64);
    for (&x, &y) in SPECIALS64.iter().zip(&y) {
        let e = <K as Unary<f64>>::exact(x);
        assert!(
            same64(y, e),
            "{name} at {}: f64 {x:e} gave {y:e} ({:#x}), libm {e:e} ({:#x})",
            level.name(),
            y.to_bits(),
            e.to_bits()
        );
    }
    let s32: Vec<f32> = SPECIALS64
        .iter()
        .map(|&v| v as f32)
        .chain(SPECIALS32)
        .collect();
    let y = run::<f32, K>(level, &s32);
    for (&x, &y) in s32.iter().zip(&y) {
        let e = <K as Unary<f32>>::exact(x);
        assert!(
            same32(y, e),
            "{name} at {}: f32 {x:e} gave {y:e} ({:#x}), libm {e:e} ({:#x})",
            level.name(),
            y.to_bits(),
            e.to_bits()
        );
    }
}

/// [`specials`] for a binary kernel: every pair of a table of special values.
fn specials2<K: Binary<f64> + Binary<f32>>(name: &str, level: Level) {
    let s = [
        0.0,
        -0.0,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
        1.0,
        -1.0,
        0.5,
        -2.5,
        3.0,
        f64::MIN_POSITIVE,
        5e-324,
        -1e-310,
        f64::MAX,
        -1e300,
        1e22,
        709.0,
        -746.0,
        1e-20,
        // negative bases with integer exponents, odd and even (`pow`'s `edge`)
        -2.0,
        2.0,
        -3.0,
        4.0,
        0.25,
        -0.75,
        1e10,
        -1e10,
        -60.0,
    ];
    let (a64, b64): (Vec<f64>, Vec<f64>) = s
        .iter()
        .flat_map(|&a| s.iter().map(move |&b| (a, b)))
        .unzip();
    let y = run2::<f64, K>(level, &a64, &b64);
    for ((&a, &b), &y) in a64.iter().zip(&b64).zip(&y) {
        let e = <K as Binary<f64>>::exact(a, b);
        assert!(
            same64(y, e),
            "{name} at {}: f64 ({a:e}, {b:e}) gave {y:e}, libm {e:e}",
            level.name()
        );
    }
    let a32: Vec<f32> = a64.iter().map(|&v| v as f32).collect();
    let b32: Vec<f32> = b64.iter().map(|&v| v as f32).collect();
    let y = run2::<f32, K>(level, &a32, &b32);
    for ((&a, &b), &y) in a32.iter().zip(&b32).zip(&y) {
        let e = <K as Binary<f32>>::exact(a, b);
        assert!(
            same32(y, e),
            "{name} at {}: f32 ({a:e}, {b:e}) gave {y:e}, libm {e:e}",
            level.name()
        );
    }
}

/// A glibc function as a (double-double) reference.
fn lib(f: fn(f64) -> f64) -> impl Fn(f64) -> Dd {
    move |x| Dd::from(f(x))
}

#[test]
fn reference_values() {
    // (reference, x, mpmath's value as hi + lo at 60 digits: scripts' `mp.dps = 60`)
    #[allow(clippy::type_complexity)]
    let cases: &[(fn(f64) -> Dd, f64, f64, f64)] = &[
        (dd::expm1_ref, 1e-300, 1e-300, 0.0),
        (
            dd::expm1_ref,
            -3e-09,
            -2.9999999955e-09,
            1.5122984558962938e-25,
        ),
        (
            dd::expm1_ref,
            0.1,
            0.10517091807564763,
            1.77148771361055e-18,
        ),
        (
            dd::expm1_ref,
            0.34,
            0.4049475905635938,
            2.4494021305886566e-17,
        ),
        (
            dd::expm1_ref,
            0.35,
            0.41906754859325723,
            -1.6297529353529618e-17,
        ),
        (
            dd::expm1_ref,
            -0.7,
            -0.5034146962085905,
            9.827550225511106e-18,
        ),
        (
            dd::expm1_ref,
            1.5,
            3.481689070338065,
            -1.392716142846992e-16,
        ),
        (
            dd::expm1_ref,
            -20.0,
            -0.9999999979388464,
            4.1293110494709923e-17,
        ),
        (
            dd::expm1_ref,
            100.0,
            2.6881171418161356e+43,
            -1.6101271449201627e+27,
        ),
        (
            dd::expm1_ref,
            700.0,
            1.0142320547350045e+304,
            1.6666571920734673e+287,
        ),
        (dd::log1p_ref, 1e-300, 1e-300, 0.0),
        (
            dd::log1p_ref,
            -3e-09,
            -3.0000000045e-09,
            -1.6472984560650437e-25,
        ),
        (
            dd::log1p_ref,
            0.1,
            0.09531017980432487,
            -3.808451650416249e-19,
        ),
        (
            dd::log1p_ref,
            -0.2,
            -0.22314355131420976,
            -4.7865172104896585e-18,
        ),
        (
            dd::log1p_ref,
            0.3,
            0.26236426446749106,
            -1.6067257209028454e-17,
        ),
        (
            dd::log1p_ref,
            1.5,
            0.9162907318741551,
            -4.141195369011963e-17,
        ),
        (
            dd::log1p_ref,
            -0.999,
            -6.907755278982136,
            -2.369515526854508e-16,
        ),
        (
            dd::log1p_ref,
            10000000000.0,
            23.025850930040455,
            1.3736784183183428e-15,
        ),
        (
            dd::log1p_ref,
            1e+305,
            702.288453363184,
            -4.228799392874969e-14,
        ),
        (
            dd::log2_ref,
            1e-310,
            -1029.7977094150824,
            7.642091113839806e-14,
        ),
        (
            dd::log2_ref,
            0.3,
            -1.7369655941662063,
            1.0829022389854901e-16,
        ),
        (
            dd::log2_ref,
            1.0000001,
            1.4426949695965583e-07,
            6.897421541207991e-24,
        ),
        (dd::log2_ref, 3.0, 1.584962500721156, 1.0579781240112554e-16),
        (
            dd::log2_ref,
            1e+300,
            996.5784284662087,
            -1.5800929191358255e-14,
        ),
        (dd::log10_ref, 1e-310, -310.0, -1.3267988483924993e-15),
        (
            dd::log10_ref,
            0.3,
            -0.5228787452803376,
            4.133893249000496e-17,
        ),
        (
            dd::log10_ref,
            1.0000001,
            4.3429446044209946e-08,
            -1.4176686763728597e-24,
        ),
        (
            dd::log10_ref,
            3.0,
            0.47712125471966244,
            1.8999057013019158e-18,
        ),
        (dd::log10_ref, 1e+300, 300.0, 2.2802527652488452e-17),
        (dd::sinh_ref, 1e-300, 1e-300, 0.0),
        (
            dd::sinh_ref,
            -1e-05,
            -1.0000000000166668e-05,
            6.182319396196156e-22,
        ),
        (dd::sinh_ref, 0.3, 0.3045202934471426, 9.177343117072388e-18),
        (
            dd::sinh_ref,
            -2.0,
            -3.6268604078470186,
            -1.9291196578353674e-16,
        ),
        (
            dd::sinh_ref,
            30.0,
            5343237290762.231,
            -0.0003718172657214174,
        ),
        (
            dd::sinh_ref,
            50.0,
            2.592352764293536e+21,
            209515.72666146673,
        ),
        (
            dd::sinh_ref,
            710.0,
            1.1169973830808555e+308,
            5.772538034401481e+291,
        ),
        (dd::cosh_ref, 1e-300, 1.0, 0.0),
        (dd::cosh_ref, -1e-05, 1.00000000005, -4.136601875107545e-18),
        (dd::cosh_ref, 0.3, 1.0453385141288605, 7.371812611119388e-18),
        (
            dd::cosh_ref,
            -2.0,
            3.7621956910836314,
            7.146584908813439e-17,
        ),
        (
            dd::cosh_ref,
            30.0,
            5343237290762.231,
            -0.0003718172656278412,
        ),
        (
            dd::cosh_ref,
            50.0,
            2.592352764293536e+21,
            209515.72666146673,
        ),
        (
            dd::cosh_ref,
            710.0,
            1.1169973830808555e+308,
            5.772538034401481e+291,
        ),
        (dd::tanh_ref, 1e-300, 1e-300, 0.0),
        (
            dd::tanh_ref,
            -1e-05,
            -9.999999999666668e-06,
            4.5758701526937e-22,
        ),
        (
            dd::tanh_ref,
            0.3,
            0.2913126124515909,
            -6.4602656586469586e-18,
        ),
        (
            dd::tanh_ref,
            -2.0,
            -0.9640275800758169,
            1.9413550547557176e-17,
        ),
        (
            dd::tanh_ref,
            15.0,
            0.9999999999998128,
            3.114257501541364e-17,
        ),
        (dd::asinh_ref, 1e-300, 1e-300, 0.0),
        (
            dd::asinh_ref,
            -1e-05,
            -9.999999999833334e-06,
            -6.1824027295294845e-22,
        ),
        (
            dd::asinh_ref,
            0.3,
            0.29567304756342244,
            -1.351693404864361e-17,
        ),
        (
            dd::asinh_ref,
            -2.0,
            -1.4436354751788103,
            -4.124885142212745e-17,
        ),
        (
            dd::asinh_ref,
            100000.0,
            12.206072645555174,
            -7.31190182940092e-16,
        ),
        (
            dd::asinh_ref,
            10000000000.0,
            23.7189981105004,
            1.294128121094199e-15,
        ),
        (
            dd::asinh_ref,
            1e+300,
            691.4686750787737,
            -3.4959947505732075e-14,
        ),
        (
            dd::acosh_ref,
            1.0000000000000002,
            2.1073424255447014e-08,
            1.478246810224244e-24,
        ),
        (
            dd::acosh_ref,
            1.001,
            0.04471763360830685,
            -1.5112553013717277e-18,
        ),
        (
            dd::acosh_ref,
            1.5,
            0.9624236501192069,
            -4.651563402692547e-17,
        ),
        (
            dd::acosh_ref,
            3.0,
            1.762747174039086,
            -4.501091785651732e-17,
        ),
        (
            dd::acosh_ref,
            100000.0,
            12.206072645505174,
            1.6112525530998768e-16,
        ),
        (
            dd::acosh_ref,
            10000000000.0,
            23.7189981105004,
            1.2941231210941988e-15,
        ),
        (
            dd::acosh_ref,
            1e+300,
            691.4686750787737,
            -3.4959947505732075e-14,
        ),
        (dd::atanh_ref, 1e-300, 1e-300, 0.0),
        (
            dd::atanh_ref,
            -1e-05,
            -1.0000000000333334e-05,
            -4.576203486027043e-22,
        ),
        (
            dd::atanh_ref,
            0.3,
            0.3095196042031117,
            5.4139184190139844e-18,
        ),
        (
            dd::atanh_ref,
            -0.75,
            -0.9729550745276566,
            -3.6617931039524534e-17,
        ),
        (
            dd::atanh_ref,
            0.999999,
            7.254328619247669,
            1.153045648593053e-16,
        ),
        (dd::softplus_ref, -700.0, 9.85967654375977e-305, 8.5e-322),
        (
            dd::softplus_ref,
            -30.0,
            9.357622968839737e-14,
            -6.166501881941325e-31,
        ),
        (
            dd::softplus_ref,
            -1e-05,
            0.6931421805724453,
            5.4911772522957155e-17,
        ),
        (
            dd::softplus_ref,
            0.0,
            std::f64::consts::LN_2,
            2.3190468138462996e-17,
        ),
        (
            dd::softplus_ref,
            0.3,
            0.8543552444685271,
            4.828698568625145e-17,
        ),
        (
            dd::softplus_ref,
            2.0,
            2.1269280110429727,
            -1.9177224164009852e-16,
        ),
        (dd::softplus_ref, 40.0, 40.0, 4.248354255291589e-18),
        (
            |x| dd::logaddexp_ref(x, -0.25),
            0.5,
            0.8868710061149,
            -5.2017199521722955e-17,
        ),
        (
            |x| dd::logaddexp_ref(x, 2.0),
            -3.0,
            2.0067153484891183,
            -1.871539192757289e-16,
        ),
        (
            |x| dd::logaddexp_ref(x, 99.0),
            100.0,
            100.31326168751822,
            2.02356013956306e-15,
        ),
        (
            |x| dd::logaddexp_ref(x, -0.002),
            -0.001,
            0.6916473055599401,
            -3.877665152688482e-17,
        ),
        (|x| dd::logaddexp_ref(x, -1000.0), 1e-300, 1e-300, 0.0),
    ];
    for &(f, x, hi, lo) in cases {
        let r = f(x);
        let err = ((r.hi - hi) + (r.lo - lo)).abs() / hi.abs();
        assert!(
            err < 2f64.powi(-95) || (hi.abs() < 1e-290 && r.hi == hi),
            "reference at {x:e}: {r:?}, mpmath {hi:e} + {lo:e} (relative error {err:e})"
        );
    }
}

#[test]
fn exp_within_1_ulp() {
    use Range::*;
    check::<Exp>(
        "exp",
        1.0,
        lib(f64::exp),
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
        lib(f64::ln),
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
    check::<Sin>("sin", 1.0, lib(f64::sin), f64::sin, &TRIG);
}

#[test]
fn cos_within_1_ulp() {
    check::<Cos>("cos", 1.0, lib(f64::cos), f64::cos, &TRIG);
}

#[test]
fn tan_within_3_ulp() {
    check::<Tan>("tan", 3.0, lib(f64::tan), f64::tan, &TRIG);
}

#[test]
fn expm1_within_1_ulp() {
    use Range::*;
    check::<Expm1>(
        "expm1",
        1.0,
        dd::expm1_ref,
        f64::exp_m1,
        &[
            Uniform(-40.0, 708.0),
            Uniform(-1.1, 1.1),
            LogUniform(-60, -1, true),
            Uniform(-20.0, 89.0),
        ],
    );
}

#[test]
fn log1p_within_1_ulp() {
    use Range::*;
    check::<Log1p>(
        "log1p",
        1.0,
        dd::log1p_ref,
        f64::ln_1p,
        &[
            AllPositive,
            Uniform(-1.0, 1.0),
            LogUniform(-60, -1, true),
            Uniform(0.0, 1000.0),
        ],
    );
}

#[test]
fn log2_within_1_ulp() {
    use Range::*;
    check::<Log2>(
        "log2",
        1.0,
        dd::log2_ref,
        f64::log2,
        &[
            AllPositive,
            Uniform(0.5, 2.0),
            Uniform(1.0 - 1e-4, 1.0 + 1e-4),
            Uniform(0.0, 1000.0),
        ],
    );
}

#[test]
fn log10_within_1_ulp() {
    use Range::*;
    check::<Log10>(
        "log10",
        1.0,
        dd::log10_ref,
        f64::log10,
        &[
            AllPositive,
            Uniform(0.5, 2.0),
            Uniform(1.0 - 1e-4, 1.0 + 1e-4),
            Uniform(0.0, 1000.0),
        ],
    );
}

const HYPERBOLIC: [Range; 5] = [
    Range::Uniform(-1.0, 1.0),
    Range::LogUniform(-60, 0, true),
    Range::Uniform(-30.0, 30.0),
    Range::Uniform(-90.0, 90.0),
    Range::Uniform(-709.7, 709.7),
];

#[test]
fn sinh_within_1_ulp() {
    check::<Sinh>("sinh", 1.0, dd::sinh_ref, f64::sinh, &HYPERBOLIC);
}

#[test]
fn cosh_within_1_ulp() {
    check::<Cosh>("cosh", 1.0, dd::cosh_ref, f64::cosh, &HYPERBOLIC);
}

#[test]
fn tanh_within_1_ulp() {
    use Range::*;
    check::<Tanh>(
        "tanh",
        1.0,
        dd::tanh_ref,
        f64::tanh,
        &[
            Uniform(-1.0, 1.0),
            LogUniform(-60, 0, true),
            Uniform(-20.0, 20.0),
            LogUniform(-3, 5, true),
        ],
    );
}

#[test]
fn atan_within_1_ulp() {
    use Range::*;
    check::<Atan>(
        "atan",
        1.0,
        lib(f64::atan),
        f64::atan,
        &[
            Uniform(-1.0, 1.0),
            Uniform(-10.0, 10.0),
            LogUniform(-60, 60, true),
            AllFinite,
        ],
    );
}

#[test]
fn asin_within_1_ulp() {
    use Range::*;
    check::<Asin>(
        "asin",
        1.0,
        lib(f64::asin),
        f64::asin,
        &[
            Uniform(-1.0, 1.0),
            Uniform(0.49, 0.51),
            LogUniform(-60, 0, true),
            Uniform(0.999, 1.0),
        ],
    );
}

#[test]
fn acos_within_1_ulp() {
    use Range::*;
    check::<Acos>(
        "acos",
        1.0,
        lib(f64::acos),
        f64::acos,
        &[
            Uniform(-1.0, 1.0),
            Uniform(-0.51, -0.49),
            LogUniform(-60, 0, true),
            Uniform(-1.0, -0.999),
            Uniform(0.999, 1.0),
        ],
    );
}

/// The f64 reference of `atan2(y, x)` (glibc's, within 0.52 ULP).
fn atan2_ref(y: f64, x: f64) -> Dd {
    Dd::from(y.atan2(x))
}

#[test]
fn atan2_within_1_ulp() {
    use Range::*;
    check2::<Atan2>(
        "atan2",
        1.0,
        atan2_ref,
        f64::atan2,
        |_, _, r| r,
        &[
            (Uniform(-10.0, 10.0), Uniform(-10.0, 10.0)),
            (LogUniform(-40, 40, true), LogUniform(-40, 40, true)),
            (AllFinite, AllFinite),
            (Uniform(-1.0, 1.0), Uniform(-1e-3, 1e-3)),
        ],
    );
}

#[test]
fn asinh_within_1_ulp() {
    use Range::*;
    check::<Asinh>(
        "asinh",
        1.0,
        dd::asinh_ref,
        f64::asinh,
        &[
            Uniform(-1.0, 1.0),
            Uniform(-10.0, 10.0),
            LogUniform(-60, 60, true),
            LogUniform(26, 30, true),
        ],
    );
}

#[test]
fn acosh_within_1_ulp() {
    use Range::*;
    check::<Acosh>(
        "acosh",
        1.0,
        dd::acosh_ref,
        f64::acosh,
        &[
            Uniform(1.0, 2.0),
            Uniform(1.0, 1.0001),
            LogUniform(0, 60, false),
            LogUniform(26, 30, false),
        ],
    );
}

#[test]
fn atanh_within_1_ulp() {
    use Range::*;
    check::<Atanh>(
        "atanh",
        1.0,
        dd::atanh_ref,
        f64::atanh,
        &[
            Uniform(-1.0, 1.0),
            LogUniform(-60, 0, true),
            Uniform(0.99, 1.0),
            Uniform(-1.0, -0.9999),
        ],
    );
}

fn hypot_ref(a: f64, b: f64) -> Dd {
    Dd::from(a.hypot(b))
}

#[test]
fn hypot_within_1_ulp() {
    use Range::*;
    check2::<Hypot>(
        "hypot",
        1.0,
        hypot_ref,
        f64::hypot,
        |_, _, r| r,
        &[
            (Uniform(-10.0, 10.0), Uniform(-10.0, 10.0)),
            (AllFinite, AllFinite),
            (LogUniform(-1070, -400, true), LogUniform(-1070, -400, true)),
            (LogUniform(400, 1023, true), LogUniform(400, 1023, true)),
            (Uniform(-1.0, 1.0), LogUniform(-60, 0, true)),
        ],
    );
}

fn pow_ref(x: f64, y: f64) -> Dd {
    Dd::from(x.powf(y))
}

#[test]
fn pow_within_1_ulp() {
    use Range::*;
    check2::<Pow>(
        "pow",
        1.0,
        pow_ref,
        f64::powf,
        |_, _, r| r,
        &[
            (Uniform(0.0, 10.0), Uniform(-10.0, 10.0)),
            (Uniform(0.9, 1.1), Uniform(-1000.0, 1000.0)),
            (Uniform(0.999, 1.001), Uniform(-5e5, 5e5)),
            (AllPositive, Uniform(-2.0, 2.0)),
            (LogUniform(-1074, 1024, false), Uniform(-1.0, 1.0)),
            (LogUniform(20, 60, false), Uniform(10.0, 40.0)),
            (Uniform(-10.0, 10.0), Uniform(-5.0, 5.0)),
        ],
    );
}

/// The float32 logarithms of every positive subnormal (at the FMA levels their `edge`: the
/// bits read as an integer, the logarithm in `f64`) within 0.5 + 2^-12 ULP of libm's
/// float64 logarithm, at every vector level.
#[test]
fn log_f32_subnormals() {
    let x: Vec<f32> = (1u32..0x0080_0000).map(f32::from_bits).collect();
    // float64 `log` of a million subnormals of every exponent (its `edge` too)
    let x64 = inputs(Range::LogUniform(-1074, -1022, false), 0x71);
    let r64: Vec<Dd> = x64.iter().map(|&v| Dd::from(v.ln())).collect();
    let unit: Vec<f64> = x64.iter().map(|&v| v.ln()).collect();
    for level in levels() {
        let (err, at) = max_err64(&run::<f64, Log>(level, &x64), &r64, &unit);
        println!(
            "     log {:>7} f64 subnormals: max {err:.4} ULP",
            level.name()
        );
        assert!(
            err <= 1.0,
            "log({:e}) at {}: {err} ULP",
            x64[at],
            level.name()
        );
    }
    type Case = (&'static str, fn(f64) -> f64, fn(Level, &[f32]) -> Vec<f32>);
    let cases: [Case; 3] = [
        ("log", f64::ln, |l, x| run::<f32, Log>(l, x)),
        ("log2", f64::log2, |l, x| run::<f32, Log2>(l, x)),
        ("log10", f64::log10, |l, x| run::<f32, Log10>(l, x)),
    ];
    for (name, reference, kernel) in cases {
        let r: Vec<f64> = x.iter().map(|&v| reference(f64::from(v))).collect();
        for level in levels() {
            let err = max_err32(&kernel(level, &x), &r, &r);
            println!("{name:>8} {:>7} subnormals: max {err:.4} ULP", level.name());
            // (the scalar level is libm's `logf`, `log10f`: 0.512 ULP)
            let bound = if level == Level::Scalar {
                1.0
            } else {
                0.5 + 1.0 / 4096.0
            };
            assert!(err <= bound, "{name} at {}: {err} ULP", level.name());
        }
    }
}

/// float32 `pow`'s AVX-512 blocks (table lookups by permutes) give the lane function's
/// values bit for bit: against AVX2 (the same FMAs, tables read by gathers), and with a
/// declined lane put in each block (the block then goes through the lane function); +0
/// bases, which the fast path takes, give libm's values.
#[test]
fn pow_f32_blocks_match_lanes() {
    let fused: Vec<Level> = levels().into_iter().filter(|l| *l >= Level::Avx2).collect();
    let mut x = inputs(Range::LogUniform(-149, 128, false), 0x61);
    x.extend(inputs(Range::Uniform(0.5, 2.0), 0x62));
    x.extend(inputs(Range::Uniform(0.999, 1.001), 0x63));
    // +0 bases in the fast path too (C99's 0, ∞ or 1), every 37th lane
    let x: Vec<f32> = x
        .iter()
        .enumerate()
        .map(|(i, &v)| if i % 37 == 0 { 0.0 } else { v as f32 })
        .collect();
    let y: Vec<f32> = inputs(Range::Uniform(-40.0, 40.0), 0x64)
        .iter()
        .chain(&inputs(Range::LogUniform(-30, 20, true), 0x65))
        .chain(&inputs(Range::Uniform(-3.0, 3.0), 0x66))
        .map(|&v| v as f32)
        .collect();
    // one lane in each block of 64 declined (a negative base), at a different place each
    let mut x_declined = x.clone();
    for (b, block) in x_declined.chunks_mut(64).enumerate() {
        let i = (b * 13) % block.len();
        block[i] = -block[i];
    }
    let mut runs = Vec::new();
    for &level in &fused {
        let clean = run2::<f32, Pow>(level, &x, &y);
        let mixed = run2::<f32, Pow>(level, &x_declined, &y);
        for (i, (&c, &m)) in clean.iter().zip(&mixed).enumerate() {
            if x_declined[i] == x[i] {
                assert_eq!(
                    c.to_bits(),
                    m.to_bits(),
                    "{}: pow({:e}, {:e}) beside a declined lane",
                    level.name(),
                    x[i],
                    y[i]
                );
            }
        }
        for (i, &v) in clean.iter().enumerate().step_by(37) {
            let e = x[i].powf(y[i]);
            assert_eq!(
                v.to_bits(),
                e.to_bits(),
                "{}: pow(+0, {:e})",
                level.name(),
                y[i]
            );
        }
        runs.push((level, clean));
    }
    for pair in runs.windows(2) {
        let ((la, a), (lb, b)) = (&pair[0], &pair[1]);
        for (i, (&u, &v)) in a.iter().zip(b).enumerate() {
            assert_eq!(
                u.to_bits(),
                v.to_bits(),
                "pow({:e}, {:e}): {} {u:e}, {} {v:e}",
                x[i],
                y[i],
                la.name(),
                lb.name()
            );
        }
    }
}

fn softplus32(x: f64) -> f64 {
    x.max(0.0) + (-x.abs()).exp().ln_1p()
}

#[test]
fn softplus_within_1_ulp() {
    use Range::*;
    check::<Softplus>(
        "softplus",
        1.0,
        dd::softplus_ref,
        softplus32,
        &[
            Uniform(-10.0, 10.0),
            Uniform(-750.0, 750.0),
            LogUniform(-60, 10, true),
            Uniform(-110.0, 90.0),
        ],
    );
}

#[test]
fn sigmoid_within_1_ulp() {
    use Range::*;
    check::<Sigmoid>(
        "sigmoid",
        1.0,
        dd::sigmoid_ref,
        <Sigmoid as Unary<f64>>::exact,
        &[
            Uniform(-10.0, 10.0),
            Uniform(-750.0, 750.0),
            LogUniform(-60, 10, true),
            Uniform(-110.0, 90.0),
            Uniform(-752.0, -700.0),
        ],
    );
}

/// GELU in `f32` (computed in `f64`) against libm's `erfc` in `f64`, at every level. (The
/// `f64` kernel is libm's.)
#[test]
fn gelu_f32_within_1_ulp() {
    use Range::*;
    let mut failures = Vec::new();
    for (i, range) in [
        Uniform(-6.0, 6.0),
        Uniform(-16.0, 16.0),
        LogUniform(-30, 7, true),
    ]
    .into_iter()
    .enumerate()
    {
        let x32: Vec<f32> = inputs(range, 0x6e1 ^ (i as u64) << 8)
            .iter()
            .map(|&v| v as f32)
            .collect();
        let r32: Vec<f64> = x32
            .iter()
            .map(|&x| <Gelu as Unary<f64>>::exact(f64::from(x)))
            .collect();
        for level in levels() {
            let e32 = max_err32(&run::<f32, Gelu>(level, &x32), &r32, &r32);
            println!(
                "     gelu {:>7} {range:?}: max {e32:.3} ULP (f32)",
                level.name()
            );
            if level != Level::Scalar && e32 > 1.0 {
                failures.push(format!(
                    "gelu at {}: {e32} ULP over {range:?}",
                    level.name()
                ));
            }
        }
    }
    for level in levels() {
        specials::<Gelu>("gelu", level);
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// GELU's tanh form: two roundings (σ's and the product's) in `f64`, so within 1.5 ULP
/// (held to 2), `u` carried in two parts so that `e^u` does not magnify its rounding. From
/// `x` = −21 (`u` below −708, results below 1e-307) to −40 the exact path's plain formula
/// takes over, whose error `e^u` magnifies about 700 times: not held.
#[test]
fn gelu_tanh_within_bounds() {
    use Range::*;
    check::<GeluTanh>(
        "gelu_tanh",
        2.0,
        dd::gelu_tanh_ref,
        <GeluTanh as Unary<f64>>::exact,
        &[
            Uniform(-3.0, 3.0),
            Uniform(-20.0, 40.0),
            LogUniform(-40, 1, true),
        ],
    );
}

/// Mish: `f32` through `f64` (half an ULP), `f64` two roundings (held to 2 ULP).
#[test]
fn mish_within_bounds() {
    use Range::*;
    check::<Mish>(
        "mish",
        2.0,
        dd::mish_ref,
        <Mish as Unary<f64>>::exact,
        &[
            Uniform(-10.0, 10.0),
            Uniform(-700.0, 700.0),
            LogUniform(-40, 6, true),
            // (the reference's e^x turns subnormal below −708.4)
            Uniform(-708.3, -700.0),
        ],
    );
}

#[test]
fn silu_within_bounds() {
    use Range::*;
    // the fast path, above −680: half an ULP and the quotient's residual
    check::<Silu>(
        "silu",
        0.54,
        dd::silu_ref,
        <Silu as Unary<f64>>::exact,
        &[
            Uniform(-10.0, 10.0),
            Uniform(-680.0, 700.0),
            LogUniform(-40, 6, true),
            Uniform(-160.0, -90.0),
            Uniform(-680.0, -670.0),
        ],
    );
    // `x e^x` from a scaled e^x below (the reference's e^x turns subnormal below −708.4)
    check::<Silu>(
        "silu",
        1.5,
        dd::silu_ref,
        <Silu as Unary<f64>>::exact,
        &[Uniform(-708.3, -680.0), Uniform(-706.5, -700.0)],
    );
}

/// The powers numpy computes by one operation (2, 0.5, −1, 1, 0): at every level, libm's
/// values (within 2 ULP, special ones bit for bit) and exactly that operation's, whether
/// every exponent is the same (the shortcut) or they are mixed with others (the kernel,
/// lane by lane).
#[test]
fn pow_scalar_powers() {
    // every exponent 2, 0.5, -1, 1 or ±0 (the shortcut): libm's values, specials bit for
    // bit, and exactly the one operation each stands for
    let mut x64 = inputs(Range::Uniform(-1e3, 1e3), 0x5a);
    x64.extend(inputs(Range::Uniform(0.0, 1e-300), 0x5b));
    x64.extend(SPECIALS64);
    x64.extend([
        f64::NEG_INFINITY,
        f64::INFINITY,
        -0.0,
        0.0,
        f64::NAN,
        -f64::NAN,
    ]);
    let x32: Vec<f32> = x64.iter().map(|&v| v as f32).collect();
    fn by_op<T>(x: T, e: f32, sqrt: fn(T) -> T) -> T
    where
        T: Copy + PartialEq + From<f32>,
        T: std::ops::Add<Output = T> + std::ops::Mul<Output = T> + std::ops::Div<Output = T>,
    {
        let inf = T::from(f32::INFINITY);
        match e {
            2.0 => x * x,
            0.5 if x == T::from(f32::NEG_INFINITY) => inf,
            0.5 => sqrt(x) + T::from(0.0),
            -1.0 => T::from(1.0) / x,
            1.0 => x,
            _ => T::from(1.0),
        }
    }
    for e in [2.0f32, 0.5, -1.0, 1.0, 0.0, -0.0] {
        let y64 = vec![f64::from(e); x64.len()];
        let y32 = vec![e; x32.len()];
        for level in levels() {
            let r = run2::<f64, Pow>(level, &x64, &y64);
            for (&x, &y) in x64.iter().zip(&r) {
                let at = level.name();
                assert!(
                    same64(y, x.powf(f64::from(e))),
                    "f64 {x:e}^{e} gave {y:e} at {at}"
                );
                let o = by_op(x, e, f64::sqrt);
                assert!(
                    y.to_bits() == o.to_bits() || (y.is_nan() && o.is_nan()),
                    "f64 {x:e}^{e} at {at}"
                );
            }
            let r = run2::<f32, Pow>(level, &x32, &y32);
            for (&x, &y) in x32.iter().zip(&r) {
                let at = level.name();
                assert!(same32(y, x.powf(e)), "f32 {x:e}^{e} gave {y:e} at {at}");
                let o = by_op(x, e, f32::sqrt);
                assert!(
                    y.to_bits() == o.to_bits() || (y.is_nan() && o.is_nan()),
                    "f32 {x:e}^{e} at {at}"
                );
            }
        }
    }
    // the exponents mixed with others: the same values lane by lane (the general kernel
    // leaves the known powers to the same operations), whatever the lanes beside them
    let pick = [2.0f32, 0.5, -1.0, 3.0, 0.25, 1.0];
    let y32: Vec<f32> = (0..x32.len())
        .map(|i| pick[(i * 7 + i / 3) % pick.len()])
        .collect();
    let y64: Vec<f64> = y32.iter().map(|&e| f64::from(e)).collect();
    for level in levels() {
        let at = level.name();
        let r = run2::<f64, Pow>(level, &x64, &y64);
        for ((&x, &e), &y) in x64.iter().zip(&y32).zip(&r) {
            assert!(
                same64(y, x.powf(f64::from(e))),
                "f64 {x:e}^{e} gave {y:e} at {at}"
            );
            if [2.0, 0.5, -1.0, 1.0].contains(&e) {
                let o = by_op(x, e, f64::sqrt);
                assert!(
                    y.to_bits() == o.to_bits() || (y.is_nan() && o.is_nan()),
                    "f64 {x:e}^{e} at {at}"
                );
            }
        }
        let r = run2::<f32, Pow>(level, &x32, &y32);
        for ((&x, &e), &y) in x32.iter().zip(&y32).zip(&r) {
            assert!(same32(y, x.powf(e)), "f32 {x:e}^{e} gave {y:e} at {at}");
            if [2.0, 0.5, -1.0, 1.0].contains(&e) {
                let o = by_op(x, e, f32::sqrt);
                assert!(
                    y.to_bits() == o.to_bits() || (y.is_nan() && o.is_nan()),
                    "f32 {x:e}^{e} at {at}"
                );
            }
        }
    }
}

/// numpy's `logaddexp` in f64 (the f32 reference).
fn logaddexp64(a: f64, b: f64) -> f64 {
    if a == b {
        a + std::f64::consts::LN_2
    } else {
        a.max(b) + (-(a - b).abs()).exp().ln_1p()
    }
}

#[test]
fn logaddexp_within_1_ulp() {
    use Range::*;
    // the unit: an ULP of max(|result|, |max(a, b)|) (the sum cancels for max(a, b) in
    // (−ln 2, 0), see the kernel's doc)
    check2::<Logaddexp>(
        "logaddexp",
        1.0,
        dd::logaddexp_ref,
        logaddexp64,
        |a, b, r| r.abs().max(a.max(b).abs()),
        &[
            (Uniform(-10.0, 10.0), Uniform(-10.0, 10.0)),
            (Uniform(-1000.0, 1000.0), Uniform(-1000.0, 1000.0)),
            (LogUniform(-60, 10, true), LogUniform(-60, 10, true)),
            (Uniform(-0.7, 0.0), Uniform(-0.7, 0.0)),
        ],
    );
}

/// Values for the rounding kernels: random bits of every exponent (NaNs and infinities
/// included), and values at and next to integers and halves of every magnitude.
fn rounding_inputs(seed: u64) -> Vec<f64> {
    let mut rng = Rng(seed);
    let mut v = Vec::with_capacity(N);
    while v.len() < N {
        match rng.next() % 4 {
            0 => v.push(f64::from_bits(rng.next())),
            1 => v.push(f64::from(f32::from_bits(rng.next() as u32))),
            _ => {
                // an integer or half-integer of up to 2^60, then nudged by 0, ±1, ±2 ULPs
                let bits = rng.next() % 61;
                let k =
                    (rng.next() >> (64 - bits.max(1))) as f64 * if bits == 0 { 0.0 } else { 1.0 };
                let half = if rng.next() & 1 == 1 { 0.5 } else { 0.0 };
                let base = if rng.next() & 1 == 1 {
                    -(k + half)
                } else {
                    k + half
                };
                let nudge = (rng.next() % 5) as i64 - 2;
                let b = f64::from_bits((base.to_bits() as i64).wrapping_add(nudge) as u64);
                v.push(b);
                v.push(b as f32 as f64);
            }
        }
    }
    v.truncate(N);
    v.extend([
        0.0,
        -0.0,
        0.5,
        -0.5,
        1.5,
        -1.5,
        2.5,
        -2.5,
        f64::INFINITY,
        f64::NEG_INFINITY,
    ]);
    v.extend([
        4_503_599_627_370_495.5,
        -4_503_599_627_370_495.5,
        8_388_607.5,
        -8_388_607.5,
    ]);
    v.extend([f64::MIN_POSITIVE, -5e-324, f64::MAX, f64::MIN, f64::NAN]);
    v
}

/// Whether a rounding kernel's bits `y` match std's `e`: the same bits, except that for a
/// NaN input either may have set the quiet bit (`quiet`) of a signalling NaN. IEEE 754 leaves
/// that to the implementation: SSE4.1's `roundpd` quiets it, and which `ceil` std calls at
/// the scalar level (glibc's quiets, compiler-builtins' returns it as it is) depends on how
/// the test binary was linked. Sign and payload must survive either way.
fn same_rounding(e: u64, y: u64, nan_input: bool, quiet: u64) -> bool {
    e == y || (nan_input && e | quiet == y | quiet)
}

/// A rounding kernel gives std's bits for every input, at every level (a signalling NaN
/// may come back quiet: [`same_rounding`]).
fn check_rounding<K: Unary<f64> + Unary<f32>>(
    name: &str,
    std64: fn(f64) -> f64,
    std32: fn(f32) -> f32,
) {
    let x64 = rounding_inputs(0x20d ^ name.len() as u64);
    let x32: Vec<f32> = x64.iter().map(|&v| v as f32).collect();
    for level in levels() {
        let y = run::<f64, K>(level, &x64);
        for (&x, &y) in x64.iter().zip(&y) {
            let e = std64(x);
            assert!(
                same_rounding(e.to_bits(), y.to_bits(), x.is_nan(), 1 << 51),
                "{name} at {}: f64 {x:e} ({:#x}) gave {y:e}, std {e:e}",
                level.name(),
                x.to_bits()
            );
        }
        let y = run::<f32, K>(level, &x32);
        for (&x, &y) in x32.iter().zip(&y) {
            let e = std32(x);
            assert!(
                same_rounding(e.to_bits().into(), y.to_bits().into(), x.is_nan(), 1 << 22),
                "{name} at {}: f32 {x:e} ({:#x}) gave {y:e}, std {e:e}",
                level.name(),
                x.to_bits()
            );
        }
        println!(
            "{name:>9} {:>7}: {} f64 and f32 inputs bit-exact",
            level.name(),
            x64.len()
        );
    }
}

#[test]
fn floor_bit_exact() {
    check_rounding::<Floor>("floor", f64::floor, f32::floor);
}

#[test]
fn ceil_bit_exact() {
    check_rounding::<Ceil>("ceil", f64::ceil, f32::ceil);
}

#[test]
fn trunc_bit_exact() {
    check_rounding::<Trunc>("trunc", f64::trunc, f32::trunc);
}

#[test]
fn sqrt_bit_exact() {
    check_rounding::<Sqrt>("sqrt", f64::sqrt, f32::sqrt);
}

#[test]
fn round_even_bit_exact() {
    check_rounding::<RoundEven>("roundeven", f64::round_ties_even, f32::round_ties_even);
}
