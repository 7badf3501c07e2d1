//! `Divide` at every level gives the scalar division's bits (one IEEE operation a lane):
//! zeros of both signs, infinities, NaN, subnormals, random values, odd lengths.

mod common;

use ivy_vecmath::{Divide, Level};
use std::mem::MaybeUninit;

/// `Divide` over `a`, `b` at `level` against `div` lane by lane: the same bits, or both NaN.
fn check<T: Copy + std::fmt::Debug>(
    level: Level,
    a: &[T],
    b: &[T],
    div: fn(T, T) -> T,
    bits: fn(T) -> u64,
    nan: fn(T) -> bool,
) where
    Divide: ivy_vecmath::Binary<T>,
{
    let mut o = vec![MaybeUninit::uninit(); a.len()];
    ivy_vecmath::zip_at::<T, Divide>(level, a, b, &mut o);
    for ((o, &x), &y) in o.iter().zip(a).zip(b) {
        // SAFETY: the kernel wrote every slot
        let (got, want) = (unsafe { o.assume_init() }, div(x, y));
        assert!(
            bits(got) == bits(want) || (nan(got) && nan(want)),
            "{level:?} {x:?} / {y:?}"
        );
    }
}

#[test]
fn divide_is_the_scalar_division_at_every_level() {
    let mut next = common::xorshift(0x9e37_79b9_7f4a_7c15);
    let special = [
        0.0,
        -0.0,
        1.0,
        -1.0,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
        1e-310,
        3.0,
    ];
    for n in [0usize, 1, 7, 64, 65, 1000] {
        let a: Vec<f64> = (0..n)
            .map(|i| match next() % 4 {
                0 => special[i % special.len()],
                _ => {
                    f64::from_bits(next() >> 2) * if next().is_multiple_of(2) { 1.0 } else { -1.0 }
                }
            })
            .collect();
        let b: Vec<f64> = (0..n)
            .map(|i| special[(i * 7 + 3) % special.len()] + (next() % 3) as f64)
            .collect();
        let (a32, b32): (Vec<f32>, Vec<f32>) = (
            a.iter().map(|&v| v as f32).collect(),
            b.iter().map(|&v| v as f32).collect(),
        );
        for level in Level::ALL {
            check(level, &a, &b, |x, y| x / y, f64::to_bits, f64::is_nan);
            check(
                level,
                &a32,
                &b32,
                |x, y| x / y,
                |v: f32| u64::from(v.to_bits()),
                f32::is_nan,
            );
        }
    }
}
