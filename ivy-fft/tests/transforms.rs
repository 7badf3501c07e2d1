//! The transforms against a naive O(n²) DFT, round trips, argument checks and the parallel
//! paths, through the public API (an integration test: the library is not rebuilt as a test
//! harness).

use ivy_fft::*;
use num_complex::Complex;
use std::f64::consts::PI;

type C = Complex<f64>;

const NORMS: [Norm; 3] = [Norm::Backward, Norm::Ortho, Norm::Forward];

/// A deterministic pseudo-random sequence in [-1, 1).
fn noise(len: usize, seed: u64) -> Vec<f64> {
    let mut s = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    (0..len)
        .map(|_| {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((s >> 11) as f64 / (1u64 << 53) as f64) * 2.0 - 1.0
        })
        .collect()
}

fn cnoise(len: usize, seed: u64) -> Vec<C> {
    let (a, b) = (noise(len, seed), noise(len, seed ^ 0x5555));
    a.into_iter()
        .zip(b)
        .map(|(re, im)| C::new(re, im))
        .collect()
}

/// `outer × len × inner` of `shape` about `axis`.
fn split(shape: &[usize], axis: usize) -> (usize, usize, usize) {
    (
        shape[..axis].iter().product(),
        shape[axis],
        shape[axis + 1..].iter().product(),
    )
}

/// The naive O(n²) reference: every lane of `x` along `axis` cropped or padded to `m_in`,
/// mapped by `f` (the lane in, `m_out` values out), written along `axis` of the result.
fn lanes<I: Copy, O: Copy + Default>(
    x: &[I],
    shape: &[usize],
    axis: usize,
    m_in: usize,
    m_out: usize,
    zero: I,
    f: impl Fn(&[I]) -> Vec<O>,
) -> Vec<O> {
    let (outer, len, inner) = split(shape, axis);
    let mut out = vec![O::default(); outer * m_out * inner];
    for o in 0..outer {
        for i in 0..inner {
            let lane: Vec<I> = (0..m_in)
                .map(|j| {
                    if j < len {
                        x[(o * len + j) * inner + i]
                    } else {
                        zero
                    }
                })
                .collect();
            for (j, v) in f(&lane).into_iter().enumerate() {
                out[(o * m_out + j) * inner + i] = v;
            }
        }
    }
    out
}

fn dft(x: &[C], inverse: bool) -> Vec<C> {
    let n = x.len();
    let sign = if inverse { 1.0 } else { -1.0 };
    (0..n)
        .map(|k| {
            x.iter()
                .enumerate()
                .map(|(j, v)| {
                    v * C::from_polar(1.0, sign * 2.0 * PI * ((j * k) % n) as f64 / n as f64)
                })
                .sum()
        })
        .collect()
}

fn naive_c2c(x: &[C], shape: &[usize], axis: usize, n: usize, inverse: bool, norm: Norm) -> Vec<C> {
    let f = norm.scale::<f64>(n, inverse);
    lanes(x, shape, axis, n, n, C::new(0.0, 0.0), |l| {
        dft(l, inverse).into_iter().map(|v| v * f).collect()
    })
}

fn naive_r2c(x: &[f64], shape: &[usize], axis: usize, n: usize, norm: Norm) -> Vec<C> {
    let f = norm.scale::<f64>(n, false);
    lanes(x, shape, axis, n, n / 2 + 1, 0.0, |l| {
        let c: Vec<C> = l.iter().map(|&v| C::new(v, 0.0)).collect();
        dft(&c, false)[..n / 2 + 1].iter().map(|v| v * f).collect()
    })
}

fn naive_c2r(x: &[C], shape: &[usize], axis: usize, n: usize, norm: Norm) -> Vec<f64> {
    let (h, f) = (n / 2 + 1, norm.scale::<f64>(n, true));
    lanes(x, shape, axis, h, n, C::new(0.0, 0.0), |l| {
        let mut full = vec![C::new(0.0, 0.0); n];
        full[0] = C::new(l[0].re, 0.0);
        for k in 1..h {
            full[k] = l[k];
            full[n - k] = l[k].conj();
        }
        if n.is_multiple_of(2) {
            full[n / 2] = C::new(l[n / 2].re, 0.0);
        }
        dft(&full, true).into_iter().map(|v| v.re * f).collect()
    })
}

fn close_c(a: &[C], b: &[C], tol: f64) {
    assert_eq!(a.len(), b.len());
    let scale = b.iter().fold(1.0f64, |m, v| m.max(v.norm()));
    for (i, (x, y)) in a.iter().zip(b).enumerate() {
        assert!((x - y).norm() <= tol * scale, "at {i}: {x} vs {y}");
    }
}

fn close_r(a: &[f64], b: &[f64], tol: f64) {
    assert_eq!(a.len(), b.len());
    let scale = b.iter().fold(1.0f64, |m, v| m.max(v.abs()));
    for (i, (x, y)) in a.iter().zip(b).enumerate() {
        assert!((x - y).abs() <= tol * scale, "at {i}: {x} vs {y}");
    }
}

/// The lengths tested: 1..=17, composites and primes.
fn sizes() -> Vec<usize> {
    (1..=17).chain([30, 64, 97]).collect()
}

/// 3-d shapes with `len` on `axis`.
fn shapes(len: usize) -> [(Vec<usize>, usize); 3] {
    [
        (vec![len, 2, 3], 0),
        (vec![3, len, 2], 1),
        (vec![2, 3, len], 2),
    ]
}

#[test]
fn c2c_matches_the_naive_dft() {
    for n in sizes() {
        // exact length, padded (input shorter), cropped (input longer)
        for len in [n, n.saturating_sub(3).max(1), n + 2] {
            for (shape, axis) in shapes(len) {
                let x = cnoise(shape.iter().product(), (n * 31 + len) as u64);
                for inverse in [false, true] {
                    for norm in NORMS {
                        let got = c2c(&x, &shape, axis, n, inverse, norm).unwrap();
                        let want = naive_c2c(&x, &shape, axis, n, inverse, norm);
                        close_c(&got, &want, 1e-12);
                        let mut os = shape.clone();
                        os[axis] = n;
                        assert_eq!(out_shape(Kind::C2c, &shape, axis, n).unwrap(), os);
                    }
                }
            }
        }
    }
}

#[test]
fn r2c_and_c2r_match_the_naive_dft() {
    for n in sizes() {
        let h = n / 2 + 1;
        for len in [n, n.saturating_sub(3).max(1), n + 2] {
            for (shape, axis) in shapes(len) {
                let x = noise(shape.iter().product(), (n * 17 + len) as u64);
                for norm in NORMS {
                    let got = r2c(&x, &shape, axis, n, norm).unwrap();
                    close_c(&got, &naive_r2c(&x, &shape, axis, n, norm), 1e-12);
                }
            }
        }
        // c2r reads h bins: exactly, padded, cropped
        for len in [h, h.saturating_sub(2).max(1), h + 3] {
            for (shape, axis) in shapes(len) {
                let x = cnoise(shape.iter().product(), (n * 13 + len) as u64);
                for norm in NORMS {
                    let got = c2r(&x, &shape, axis, n, norm).unwrap();
                    close_r(&got, &naive_c2r(&x, &shape, axis, n, norm), 1e-12);
                }
            }
        }
    }
}

#[test]
fn round_trips_and_parseval() {
    for n in [1, 2, 3, 8, 9, 30, 97, 128, 1000, 1023] {
        let x = noise(4 * n, n as u64);
        for (shape, axis) in [(vec![4, n], 1), (vec![n, 4], 0)] {
            for norm in NORMS {
                let spec = r2c(&x, &shape, axis, n, norm).unwrap();
                let mut s = shape.clone();
                s[axis] = n / 2 + 1;
                let back = c2r(&spec, &s, axis, n, norm).unwrap();
                close_r(&back, &x, 1e-12);
                let z = cnoise(4 * n, n as u64 + 1);
                let y = c2c(&z, &shape, axis, n, false, norm).unwrap();
                close_c(&c2c(&y, &shape, axis, n, true, norm).unwrap(), &z, 1e-12);
            }
        }
        // Parseval: ortho is unitary
        let z = cnoise(n, 7);
        let y = c2c(&z, &[n], 0, n, false, Norm::Ortho).unwrap();
        let (ez, ey) = (
            z.iter().map(|v| v.norm_sqr()).sum::<f64>(),
            y.iter().map(|v| v.norm_sqr()).sum::<f64>(),
        );
        assert!((ez - ey).abs() <= 1e-12 * ez, "{ez} vs {ey}");
    }
}

#[test]
fn large_arrays_take_the_parallel_paths() {
    // lanes × length above PARALLEL: contiguous and strided lanes split across threads
    let (a, b) = (300, 260);
    let x = cnoise(a * b, 3);
    for (axis, n) in [(0, a), (1, b), (0, a + 5), (1, b - 7)] {
        let got = c2c(&x, &[a, b], axis, n, false, Norm::Backward).unwrap();
        close_c(
            &got,
            &naive_c2c(&x, &[a, b], axis, n, false, Norm::Backward),
            1e-11,
        );
    }
    let r = noise(a * b, 4);
    for axis in [0, 1] {
        let n = [a, b][axis];
        let spec = r2c(&r, &[a, b], axis, n, Norm::Ortho).unwrap();
        close_c(&spec, &naive_r2c(&r, &[a, b], axis, n, Norm::Ortho), 1e-11);
        let mut s = vec![a, b];
        s[axis] = n / 2 + 1;
        close_r(&c2r(&spec, &s, axis, n, Norm::Ortho).unwrap(), &r, 1e-12);
    }
    // one long lane: a single transform
    let n = 1 << 16;
    let z = cnoise(n, 5);
    let y = c2c(&z, &[n], 0, n, false, Norm::Forward).unwrap();
    close_c(
        &c2c(&y, &[n], 0, n, true, Norm::Forward).unwrap(),
        &z,
        1e-12,
    );
    let idx = [0, 1, 12345];
    let direct: Vec<C> = idx
        .iter()
        .map(|&k| {
            z.iter()
                .enumerate()
                .map(|(j, v)| v * C::from_polar(1.0, -2.0 * PI * ((j * k) % n) as f64 / n as f64))
                .sum::<C>()
                / n as f64
        })
        .collect();
    close_c(&idx.map(|k| y[k]), &direct, 1e-12);
}

#[test]
fn c2r_ignores_the_imaginary_parts_numpy_ignores() {
    for n in [1, 2, 5, 6, 16, 17] {
        let h = n / 2 + 1;
        let mut x = cnoise(h, n as u64);
        let clean = c2r(&x, &[h], 0, n, Norm::Backward).unwrap();
        x[0].im = 3.0;
        if n.is_multiple_of(2) {
            x[h - 1].im = -2.0;
        }
        assert_eq!(c2r(&x, &[h], 0, n, Norm::Backward).unwrap(), clean);
        close_r(&clean, &naive_c2r(&x, &[h], 0, n, Norm::Backward), 1e-12);
        // strided lanes too
        let y: Vec<C> = x.iter().flat_map(|&v| [v, v]).collect();
        let two = c2r(&y, &[h, 2], 0, n, Norm::Backward).unwrap();
        assert!(two
            .chunks(2)
            .zip(&clean)
            .all(|(p, &c)| p[0] == c && p[1] == c));
    }
}

#[test]
fn arguments_are_checked() {
    let x = vec![C::new(1.0, 0.0); 6];
    assert_eq!(
        c2c(&x, &[2, 3], 1, 0, false, Norm::Backward),
        Err(Failure::ZeroLength)
    );
    assert_eq!(
        r2c(&[1.0], &[1], 0, 0, Norm::Backward),
        Err(Failure::ZeroLength)
    );
    assert_eq!(
        c2r(&x, &[6], 0, 0, Norm::Backward),
        Err(Failure::ZeroLength)
    );
    assert_eq!(
        c2c(&x, &[2, 3], 2, 3, false, Norm::Backward),
        Err(Failure::Axis { axis: 2, ndim: 2 })
    );
    assert_eq!(
        c2r(&x, &[], 0, 3, Norm::Backward),
        Err(Failure::Axis { axis: 0, ndim: 0 })
    );
    assert_eq!(
        c2c(&x, &[2, 2], 1, 3, false, Norm::Backward),
        Err(Failure::InputLength {
            expected: 4,
            got: 6
        })
    );
    assert_eq!(
        c2c(&x, &[usize::MAX, 3], 1, 3, false, Norm::Backward),
        Err(Failure::InputLength {
            expected: usize::MAX,
            got: 6
        })
    );
    let mut out = vec![C::new(0.0, 0.0); 5];
    assert_eq!(
        c2c_into(&x, &[2, 3], 1, 3, false, Norm::Backward, &mut out),
        Err(Failure::OutputLength {
            expected: 6,
            got: 5
        })
    );
    let mut rout = vec![0.0; 3];
    assert_eq!(
        c2r_into(&x, &[2, 3], 1, 4, Norm::Backward, &mut rout),
        Err(Failure::OutputLength {
            expected: 8,
            got: 3
        })
    );
    // outputs too large to allocate, or to count
    let one = [C::new(1.0, 0.0)];
    assert_eq!(
        c2c(&one, &[1], 0, usize::MAX, false, Norm::Backward),
        Err(Failure::OutOfMemory)
    );
    assert_eq!(
        c2r(&one, &[1], 0, usize::MAX / 2, Norm::Backward),
        Err(Failure::OutOfMemory)
    );
    assert_eq!(
        c2c(&x, &[6], 0, 1 << 62, false, Norm::Backward),
        Err(Failure::OutOfMemory)
    );
    assert_eq!(
        r2c(&[0.0; 4], &[2, 2], 1, usize::MAX, Norm::Backward),
        Err(Failure::OutOfMemory)
    );
    for e in [
        Failure::ZeroLength,
        Failure::OutOfMemory,
        Failure::Axis { axis: 3, ndim: 1 },
    ] {
        assert!(!e.to_string().is_empty());
    }
}

#[test]
fn empty_shapes() {
    let none: [C; 0] = [];
    // a 0 elsewhere: an empty output of the right shape, for any n
    assert_eq!(c2c(&none, &[0, 4], 1, 8, false, Norm::Backward), Ok(vec![]));
    assert_eq!(
        r2c(&[] as &[f64], &[3, 0], 0, 5, Norm::Backward),
        Ok(vec![])
    );
    assert_eq!(
        c2r(&none, &[2, 0, 3], 2, 1 << 40, Norm::Backward),
        Ok(vec![])
    );
    assert_eq!(out_shape(Kind::R2c, &[3, 0], 0, 5), Ok(vec![3, 0]));
    let big = [usize::MAX, 2, 0, 3];
    assert_eq!(
        c2c(&none, &big, 2, 4, false, Norm::Backward),
        Err(Failure::OutOfMemory)
    );
    assert_eq!(c2c(&none, &big, 3, 4, false, Norm::Backward), Ok(vec![]));
    // a 0 along the axis: zero-padded to n
    assert_eq!(
        c2c(&none, &[2, 0], 1, 3, true, Norm::Ortho),
        Ok(vec![C::new(0.0, 0.0); 6])
    );
    assert_eq!(
        c2c(&none, &[0, 2], 0, 3, false, Norm::Ortho),
        Ok(vec![C::new(0.0, 0.0); 6])
    );
    assert_eq!(
        r2c(&[] as &[f32], &[0, 3], 0, 4, Norm::Backward),
        Ok(vec![Complex::new(0.0, 0.0); 9])
    );
    assert_eq!(c2r(&none, &[0], 0, 5, Norm::Backward), Ok(vec![0.0; 5]));
    // a 0-d lane count of 1: a scalar shape has no axis
    assert_eq!(
        c2c(&[C::new(1.0, 0.0)], &[], 0, 1, false, Norm::Backward),
        Err(Failure::Axis { axis: 0, ndim: 0 })
    );
}

#[test]
fn f32_matches_f64() {
    for n in [1, 5, 8, 12, 97, 256] {
        for (shape, axis) in [(vec![3, n], 1), (vec![n, 3], 0)] {
            let x = noise(3 * n, n as u64);
            let z = cnoise(3 * n, n as u64);
            let x32: Vec<f32> = x.iter().map(|&v| v as f32).collect();
            let z32: Vec<Complex<f32>> = z
                .iter()
                .map(|v| Complex::new(v.re as f32, v.im as f32))
                .collect();
            let widen = |v: Vec<Complex<f32>>| -> Vec<C> {
                v.iter().map(|c| C::new(c.re as f64, c.im as f64)).collect()
            };
            for norm in NORMS {
                let got = widen(c2c(&z32, &shape, axis, n, true, norm).unwrap());
                close_c(&got, &naive_c2c(&z, &shape, axis, n, true, norm), 1e-5);
                let got = widen(r2c(&x32, &shape, axis, n, norm).unwrap());
                close_c(&got, &naive_r2c(&x, &shape, axis, n, norm), 1e-5);
                let mut s = shape.clone();
                s[axis] = n / 2 + 1;
                let h = &z32[..3 * (n / 2 + 1)];
                let got: Vec<f64> = c2r(h, &s, axis, n, norm)
                    .unwrap()
                    .iter()
                    .map(|&v| v as f64)
                    .collect();
                close_r(
                    &got,
                    &naive_c2r(&z[..3 * (n / 2 + 1)], &s, axis, n, norm),
                    1e-5,
                );
            }
        }
    }
    // numpy's f32 scale factors: computed in f32
    assert_eq!(Norm::Ortho.scale::<f32>(3, false), 1.0 / 3f32.sqrt());
    assert_eq!(Norm::Backward.scale::<f32>(3, true), 1.0 / 3f32);
}

#[test]
fn into_variants_write_the_same() {
    let z = cnoise(24, 9);
    let want = c2c(&z, &[2, 3, 4], 1, 5, false, Norm::Ortho).unwrap();
    let mut out = vec![C::new(9.0, 9.0); 40];
    c2c_into(&z, &[2, 3, 4], 1, 5, false, Norm::Ortho, &mut out).unwrap();
    assert_eq!(out, want);
    let x = noise(24, 10);
    let want = r2c(&x, &[2, 3, 4], 2, 6, Norm::Forward).unwrap();
    let mut out = vec![C::new(9.0, 9.0); 24];
    r2c_into(&x, &[2, 3, 4], 2, 6, Norm::Forward, &mut out).unwrap();
    assert_eq!(out, want);
    let want = c2r(&z, &[2, 3, 4], 0, 3, Norm::Backward).unwrap();
    let mut out = vec![9.0; 36];
    c2r_into(&z, &[2, 3, 4], 0, 3, Norm::Backward, &mut out).unwrap();
    assert_eq!(out, want);
}
