//! `arg` (argmax / argmin) against a plain scan, at every level: ties (the first wins),
//! ±0 (equal), NaN (the first NaN wins), every length around the block size; and the
//! extreme kernels' one-pass `zip_scalars` (clip) against two `zip`s.

mod common;

use ivy_vecmath::{ArgSlices, Level, Maximum, Minimum};

/// numpy's argmax (`max`) / argmin: the first NaN, else the first extreme value.
fn scan(x: &[f64], max: bool) -> Option<usize> {
    if let Some(i) = x.iter().position(|v| v.is_nan()) {
        return Some(i);
    }
    let mut best = 0;
    for (i, &v) in x.iter().enumerate().skip(1) {
        if (max && v > x[best]) || (!max && v < x[best]) {
            best = i;
        }
    }
    (!x.is_empty()).then_some(best)
}

#[test]
fn arg_is_the_first_extreme_at_every_level() {
    let mut next = common::xorshift(0x9e37_79b9_7f4a_7c15);
    for n in [
        0usize, 1, 2, 15, 31, 32, 33, 63, 64, 65, 96, 127, 128, 129, 255, 256, 257, 1000, 4097,
    ] {
        for case in 0..6 {
            let x: Vec<f64> = (0..n)
                .map(|_| match (next() % 32, case) {
                    (0, 1 | 5) => f64::NAN,
                    (1, _) => 0.0,
                    (2, _) => -0.0,
                    (3, 2) => f64::INFINITY,
                    (4, 2) => f64::NEG_INFINITY,
                    // few distinct values: many ties
                    (r, 3) => (r % 4) as f64,
                    (r, _) => (r as f64 - 16.0) * 0.5,
                })
                .collect();
            let y: Vec<f32> = x.iter().map(|&v| v as f32).collect();
            for level in Level::ALL {
                for max in [true, false] {
                    let want = scan(&x, max);
                    let (a, b) = if max {
                        (
                            Maximum::arg_f64_at(level, &x),
                            Maximum::arg_f32_at(level, &y),
                        )
                    } else {
                        (
                            Minimum::arg_f64_at(level, &x),
                            Minimum::arg_f32_at(level, &y),
                        )
                    };
                    assert_eq!(a, want, "f64 n={n} case={case} {level:?} max={max}");
                    assert_eq!(b, want, "f32 n={n} case={case} {level:?} max={max}");
                }
            }
        }
    }
}

/// Along a strided axis: each column's index equals the plain scan of that column.
#[test]
fn arg_rows_is_each_columns_first_extreme() {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    // rows after the first: none, a remainder only, whole fours, fours and a remainder
    for (n, inner) in [
        (1usize, 1usize),
        (1, 5),
        (4, 2),
        (5, 8),
        (7, 3),
        (10, 16),
        (64, 33),
        (300, 17),
    ] {
        let x: Vec<f64> = (0..n * inner)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                match state % 64 {
                    0 => f64::NAN,
                    1 => -0.0,
                    2 => 0.0,
                    r => (r % 8) as f64,
                }
            })
            .collect();
        let y: Vec<f32> = x.iter().map(|&v| v as f32).collect();
        for max in [true, false] {
            let (mut b64, mut b32, mut a64, mut a32) = (
                vec![0.0; inner],
                vec![0.0f32; inner],
                vec![0i64; inner],
                vec![0i64; inner],
            );
            for l in Level::ALL {
                if max {
                    Maximum::arg_rows_f64_at(l, &x, &mut b64, &mut a64);
                    Maximum::arg_rows_f32_at(l, &y, &mut b32, &mut a32);
                } else {
                    Minimum::arg_rows_f64_at(l, &x, &mut b64, &mut a64);
                    Minimum::arg_rows_f32_at(l, &y, &mut b32, &mut a32);
                }
                for j in 0..inner {
                    let col: Vec<f64> = (0..n).map(|i| x[i * inner + j]).collect();
                    let want = scan(&col, max).map(|i| i as i64);
                    assert_eq!(
                        Some(a64[j]),
                        want,
                        "{l:?} f64 {n}x{inner} col {j} max={max}"
                    );
                    assert_eq!(
                        Some(a32[j]),
                        want,
                        "{l:?} f32 {n}x{inner} col {j} max={max}"
                    );
                }
            }
        }
    }
}

/// `zip_scalars` (clip's one pass) gives, bit for bit, `zip` with the first bound then `zip`
/// with the second, at every level: NaN inputs and bounds, ±0, every length around the
/// block size.
#[test]
fn zip_scalars_is_two_zips() {
    use ivy_vecmath::Binary;
    use std::mem::MaybeUninit;
    fn both<T: Copy + Default, K1: Binary<T>, K2: Binary<T>>(
        level: Level,
        x: &[T],
        a: T,
        b: T,
    ) -> (Vec<T>, Vec<T>) {
        let n = x.len();
        let done = |v: Vec<MaybeUninit<T>>| -> Vec<T> {
            // SAFETY: the kernels wrote every slot
            v.into_iter().map(|e| unsafe { e.assume_init() }).collect()
        };
        let mut one = vec![MaybeUninit::uninit(); n];
        ivy_vecmath::zip_scalars_at::<T, K1, K2>(level, x, a, b, &mut one);
        let (sa, sb) = (vec![a; n], vec![b; n]);
        let mut t = vec![MaybeUninit::uninit(); n];
        ivy_vecmath::zip_at::<T, K1>(level, x, &sa, &mut t);
        let t = done(t);
        let mut two = vec![MaybeUninit::uninit(); n];
        ivy_vecmath::zip_at::<T, K2>(level, &t, &sb, &mut two);
        (done(one), done(two))
    }
    let mut state = 0x1234_5678_9abc_def1u64;
    for n in [0usize, 1, 7, 63, 64, 65, 200, 1000] {
        let x: Vec<f64> = (0..n)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                match state % 16 {
                    0 => f64::NAN,
                    1 => -0.0,
                    2 => 0.0,
                    r => r as f64 - 8.0,
                }
            })
            .collect();
        let y: Vec<f32> = x.iter().map(|&v| v as f32).collect();
        for (a, b) in [
            (-3.0, 3.0),
            (0.0, -0.0),
            (f64::NAN, 1.0),
            (-1.0, f64::NAN),
            (5.0, -5.0),
        ] {
            for level in Level::ALL {
                let (one, two) = both::<f64, Maximum, Minimum>(level, &x, a, b);
                let bits = |v: &[f64]| v.iter().map(|e| e.to_bits()).collect::<Vec<_>>();
                assert_eq!(bits(&one), bits(&two), "f64 n={n} ({a}, {b}) {level:?}");
                let (one, two) = both::<f32, Maximum, Minimum>(level, &y, a as f32, b as f32);
                let bits = |v: &[f32]| v.iter().map(|e| e.to_bits()).collect::<Vec<_>>();
                assert_eq!(bits(&one), bits(&two), "f32 n={n} ({a}, {b}) {level:?}");
            }
        }
    }
}
