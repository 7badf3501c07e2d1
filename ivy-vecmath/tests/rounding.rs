//! `floor`, `ceil`, `trunc` and `round` (ties to even) give `std`'s results bit for bit, at
//! every dispatch level this CPU has, over random bit patterns of every exponent (so values
//! near and beyond 2^52 / 2^23, subnormals, ±0, ±∞ and NaNs) and halves around integers.

use ivy_vecmath::{map_at, Ceil, Floor, Level, RoundEven, Trunc, Unary};
use std::mem::MaybeUninit;

fn run<T: Copy, K: Unary<T>>(level: Level, x: &[T]) -> Vec<T> {
    let mut out = vec![MaybeUninit::<T>::uninit(); x.len()];
    map_at::<T, K>(level, x, &mut out);
    out.into_iter()
        .map(|v| unsafe { v.assume_init() }) // every element was written
        .collect()
}

fn levels() -> Vec<Level> {
    let best = ivy_vecmath::detected();
    Level::ALL.into_iter().filter(|l| *l <= best).collect()
}

/// SplitMix64.
fn bits(n: usize, mut s: u64) -> impl Iterator<Item = u64> {
    (0..n).map(move |_| {
        s = s.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = s;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    })
}

fn inputs64() -> Vec<f64> {
    let mut v: Vec<f64> = bits(1 << 18, 1).map(f64::from_bits).collect();
    // magnitudes below 2^60 (the interesting exponents), and halves
    v.extend(bits(1 << 18, 2).map(|b| f64::from_bits(b & 0xc3ff_ffff_ffff_ffff)));
    v.extend(bits(1 << 16, 3).map(|b| (b % 4001) as f64 / 2.0 - 1000.0));
    v.extend([
        0.0,
        -0.0,
        0.5,
        -0.5,
        1.5,
        -1.5,
        2.5,
        -2.5,
        4503599627370495.5,
        -4503599627370495.5,
    ]);
    v.extend([
        4503599627370496.0,
        9007199254740991.0,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
    ]);
    v.extend([
        5e-324,
        -5e-324,
        f64::MAX,
        f64::MIN,
        0.49999999999999994,
        -0.49999999999999994,
    ]);
    v
}

fn check<K: Unary<f64> + Unary<f32>>(name: &str, std64: fn(f64) -> f64, std32: fn(f32) -> f32) {
    let x64 = inputs64();
    let x32: Vec<f32> = x64
        .iter()
        .map(|&v| v as f32)
        .chain(bits(1 << 18, 4).map(|b| f32::from_bits(b as u32)))
        .chain([
            8388607.5f32,
            -8388607.5,
            0.49999997,
            -0.49999997,
            1e-45,
            -1e-45,
        ])
        .collect();
    for level in levels() {
        for (x, y) in x64.iter().zip(run::<f64, K>(level, &x64)) {
            let e = std64(*x);
            assert!(
                e.to_bits() == y.to_bits() || (e.is_nan() && y.is_nan()),
                "{name} at {}: f64 {x:e} gave {y:e}, std {e:e}",
                level.name()
            );
        }
        for (x, y) in x32.iter().zip(run::<f32, K>(level, &x32)) {
            let e = std32(*x);
            assert!(
                e.to_bits() == y.to_bits() || (e.is_nan() && y.is_nan()),
                "{name} at {}: f32 {x:e} gave {y:e}, std {e:e}",
                level.name()
            );
        }
    }
}

#[test]
fn floor_is_std() {
    check::<Floor>("floor", f64::floor, f32::floor);
}

#[test]
fn ceil_is_std() {
    check::<Ceil>("ceil", f64::ceil, f32::ceil);
}

#[test]
fn trunc_is_std() {
    check::<Trunc>("trunc", f64::trunc, f32::trunc);
}

#[test]
fn round_is_std_ties_even() {
    check::<RoundEven>("round", f64::round_ties_even, f32::round_ties_even);
}
