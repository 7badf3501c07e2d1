//! `Divide` at every level gives the scalar division's bits (one IEEE operation a lane):
//! zeros of both signs, infinities, NaN, subnormals, random values, odd lengths.

use ivy_vecmath::{Divide, Level};
use std::mem::MaybeUninit;

#[test]
fn divide_is_the_scalar_division_at_every_level() {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
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
                _ => f64::from_bits(next() >> 2) * if next() % 2 == 0 { 1.0 } else { -1.0 },
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
            let mut o = vec![MaybeUninit::uninit(); n];
            ivy_vecmath::zip_at::<f64, Divide>(level, &a, &b, &mut o);
            for i in 0..n {
                // SAFETY: the kernel wrote every slot
                let got = unsafe { o[i].assume_init() };
                let want = a[i] / b[i];
                assert!(
                    got.to_bits() == want.to_bits() || (got.is_nan() && want.is_nan()),
                    "f64 {level:?} {} / {}",
                    a[i],
                    b[i]
                );
            }
            let mut o = vec![MaybeUninit::uninit(); n];
            ivy_vecmath::zip_at::<f32, Divide>(level, &a32, &b32, &mut o);
            for i in 0..n {
                // SAFETY: the kernel wrote every slot
                let got = unsafe { o[i].assume_init() };
                let want = a32[i] / b32[i];
                assert!(
                    got.to_bits() == want.to_bits() || (got.is_nan() && want.is_nan()),
                    "f32 {level:?} {} / {}",
                    a32[i],
                    b32[i]
                );
            }
        }
    }
}
