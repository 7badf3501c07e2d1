//! The kernels on small matrices with known answers, through the public API (an integration
//! test: the library is not rebuilt as a test harness).

use ivy_linalg::*;
use num_complex::Complex;

fn close(a: &[f64], b: &[f64], tol: f64) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| (x - y).abs() <= tol)
}

#[test]
fn determinants_carry_the_permutation_sign() {
    // a row swap: det [[0, 1], [1, 0]] = -1
    assert_eq!(f64::det(2, &[0.0, 1.0, 1.0, 0.0]), -1.0);
    let a = [2.0, 1.0, 0.0, 0.0, 3.0, 1.0, 4.0, 0.0, 1.0];
    // 2·3·1 + 1·1·4 = 10
    assert!((f64::det(3, &a) - 10.0).abs() < 1e-12);
    let (s, l) = f64::slogdet(3, &a);
    assert_eq!(s, 1.0);
    assert!((l - 10f64.ln()).abs() < 1e-12);
    assert_eq!(
        f64::slogdet(2, &[1.0, 2.0, 2.0, 4.0]),
        (0.0, f64::NEG_INFINITY)
    );
    assert_eq!(f64::det(0, &[]), 1.0);
}

#[test]
fn singular_determinants_are_positive_zero() {
    // a zero pivot before the last (the LU's later pivots would be 0/0); +0.0 as numpy
    for a in [[0.0; 9], [0.0, 0.0, 0.0, 1.0, 1.0, 1.0, 2.0, 3.0, 4.0]] {
        let d = f64::det(3, &a);
        assert!(d == 0.0 && d.is_sign_positive(), "{d}");
    }
    let d = f32::det(2, &[1.0, 2.0, 2.0, 4.0]);
    assert!(d == 0.0 && d.is_sign_positive(), "{d}");
    assert_eq!(
        Complex::<f64>::det(2, &[Complex::new(0.0, 0.0); 4]),
        Complex::new(0.0, 0.0)
    );
    // with a zero pivot, whatever the rest (numpy: 0.0 for these too); a NaN pivot is NaN
    assert_eq!(f64::det(2, &[0.0, 0.0, 0.0, f64::INFINITY]), 0.0);
    assert_eq!(f64::det(2, &[f64::INFINITY, 0.0, 0.0, 0.0]), 0.0);
    assert!(f64::det(2, &[1.0, 0.0, 0.0, f64::NAN]).is_nan());
    // a row swap of a complex identity: -1 + 0i (numpy's sign), not -1 - 0i
    let one = Complex::new(1.0, 0.0);
    let zero = Complex::new(0.0, 0.0);
    let d = Complex::<f64>::det(2, &[zero, one, one, zero]);
    assert!(
        d.re == -1.0 && d.im == 0.0 && d.im.is_sign_positive(),
        "{d}"
    );
}

#[test]
fn factorisations_reconstruct() {
    let a = [4.0, 2.0, 0.6, 2.0, 5.0, 1.0, 0.6, 1.0, 3.0];
    let mut l = [0.0; 9];
    f64::cholesky(3, &a, false, &mut l).unwrap();
    let mut llt = [0.0; 9];
    for i in 0..3 {
        for j in 0..3 {
            llt[i * 3 + j] = (0..3).map(|k| l[i * 3 + k] * l[j * 3 + k]).sum();
        }
    }
    assert!(close(&llt, &a, 1e-12));
    assert_eq!(
        f64::cholesky(2, &[1.0, 2.0, 2.0, 1.0], false, &mut [0.0; 4]),
        Err(Failure::NotPositiveDefinite)
    );
    // QR of a 3 × 2
    let b = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0];
    let (mut q, mut r) = ([0.0; 6], [0.0; 4]);
    f64::qr(3, 2, &b, false, &mut q, &mut r);
    let mut qr = [0.0; 6];
    for i in 0..3 {
        for j in 0..2 {
            qr[i * 2 + j] = (0..2).map(|k| q[i * 2 + k] * r[k * 2 + j]).sum();
        }
    }
    assert!(close(&qr, &b, 1e-12));
    assert_eq!(r[2], 0.0);
    // SVD values of diag(3, 2) in descending order
    let mut s = [0.0; 2];
    f64::svd(2, 2, &[2.0, 0.0, 0.0, 3.0], &mut s, None).unwrap();
    assert!(close(&s, &[3.0, 2.0], 1e-12));
}

#[test]
fn huge_and_tiny_entries_are_rescaled() {
    // squares of 1e19 overflow float32: scaled to the largest entry first (as LAPACK)
    let i = Complex::new(0.0f32, 1.0);
    let mut a = [Complex::new(0.0f32, 0.0); 30];
    a[26] = i;
    a[27] = i * 8.39e18;
    a[28] = i * 8.9e18;
    a[29] = i * 1.38e19;
    let mut s = [0.0f32; 5];
    Complex::<f32>::svd(6, 5, &a, &mut s, None).unwrap();
    let norm = (1.0f64 + 8.39e18f64.powi(2) + 8.9e18f64.powi(2) + 1.38e19f64.powi(2)).sqrt();
    assert!(((s[0] as f64) - norm).abs() / norm < 1e-6, "{s:?}");
    let mut w = [0.0f64; 2];
    f64::eigh(2, &[1e-200, 0.0, 0.0, 3e-200], &mut w, None).unwrap();
    assert!((w[1] / 3e-200 - 1.0).abs() < 1e-12, "{w:?}");
    // subnormal entries: 1 / max overflows, so the scaling is two finite steps (it made
    // every entry NaN); the determinant underflows to 0 as numpy's, its log does not
    let t = [1e-310f64, 0.0, 0.0, 2e-310];
    f64::eigh(2, &t, &mut w, None).unwrap();
    assert!(
        (w[0] / 1e-310 - 1.0).abs() < 1e-9 && (w[1] / 2e-310 - 1.0).abs() < 1e-9,
        "{w:?}"
    );
    let mut s = [0.0f64; 2];
    f64::svd(2, 2, &t, &mut s, None).unwrap();
    assert!(
        (s[0] / 2e-310 - 1.0).abs() < 1e-9 && (s[1] / 1e-310 - 1.0).abs() < 1e-9,
        "{s:?}"
    );
    assert_eq!(f64::det(2, &t), 0.0);
    let (sign, log) = f64::slogdet(2, &t);
    let want = 1e-310f64.ln() + 2e-310f64.ln();
    assert!(
        sign == 1.0 && (log - want).abs() < 1e-9 * want.abs(),
        "{sign} {log} {want}"
    );
    // huge ones: the determinant of entries 1e200 overflows to inf (numpy's too); of 1e13
    // it is exact to rounding
    assert_eq!(f64::det(2, &[1e200, 0.0, 0.0, 1e200]), f64::INFINITY);
    let d = f64::det(2, &[1e13, 2e13, 3e13, 4e13]);
    assert!((d / -2e26 - 1.0).abs() < 1e-12, "{d}");
}

#[test]
fn complex_kernels_run() {
    let i = Complex::new(0.0f64, 1.0);
    let one = Complex::new(1.0, 0.0);
    // a Hermitian matrix [[2, i], [-i, 2]]: eigenvalues 1 and 3
    let a = [one * 2.0, i, -i, one * 2.0];
    let mut w = [0.0; 2];
    Complex::<f64>::eigh(2, &a, &mut w, None).unwrap();
    assert!(close(&w, &[1.0, 3.0], 1e-12));
    let d = Complex::<f64>::det(2, &a);
    assert!((d - one * 3.0).norm() < 1e-12);
}

#[test]
fn matmul_writes_every_element_and_reads_none() {
    // the destination starts as NaN: a kernel that read it (even to scale it by zero)
    // would leave NaNs; the plain loop of tiny products (up to 64 multiply-adds) and just
    // past it, sizes past faer's small-matrix path, k = 0, products split in row blocks
    // over threads (odd row counts) and one past that, on faer's own split
    use std::mem::MaybeUninit;
    for (m, k, n) in [
        (2, 3, 2),
        (1, 1, 1),
        (4, 4, 4),
        (4, 4, 5),
        (1, 64, 1),
        (0, 3, 2),
        (3, 2, 0),
        (2, 0, 5),
        (37, 19, 53),
        (130, 70, 90),
        (4, 0, 3),
        (200, 150, 90),
        (97, 300, 80),
        (520, 520, 520),
    ] {
        let a: Vec<f64> = (0..m * k).map(|i| (i % 7) as f64 - 3.0).collect();
        let b: Vec<f64> = (0..k * n).map(|i| (i % 5) as f64 * 0.5).collect();
        let mut c = vec![MaybeUninit::new(f64::NAN); m * n];
        f64::matmul(m, k, n, &a, &b, &mut c);
        for i in 0..m {
            for j in 0..n {
                // SAFETY: every element was initialised (NaN) before the call
                let got = unsafe { c[i * n + j].assume_init() };
                let want: f64 = (0..k).map(|p| a[i * k + p] * b[p * n + j]).sum();
                assert!(
                    (got - want).abs() <= 1e-9 * want.abs().max(1.0),
                    "{m}x{k}x{n}"
                );
            }
        }
    }
}

#[test]
fn tiny_products_keep_signed_zeros_and_complex_products() {
    use std::mem::MaybeUninit;
    // a lone -0 product stays -0 (each dot product starts from its first term, not from +0)
    let mut c = [MaybeUninit::new(f32::NAN)];
    f32::matmul(1, 1, 1, &[-0.0], &[1.0], &mut c);
    // SAFETY: initialised (NaN) before the call
    let z = unsafe { c[0].assume_init() };
    assert!(z == 0.0 && z.is_sign_negative(), "{z}");
    // (1 + 2i)(3 - i) + (0 + i)(i) = 5 + 5i - 1 = 4 + 5i
    let a = [Complex::new(1.0f64, 2.0), Complex::new(0.0, 1.0)];
    let b = [Complex::new(3.0f64, -1.0), Complex::new(0.0, 1.0)];
    let mut c = [MaybeUninit::new(Complex::new(f64::NAN, f64::NAN))];
    Complex::<f64>::matmul(1, 2, 1, &a, &b, &mut c);
    // SAFETY: as above
    assert_eq!(unsafe { c[0].assume_init() }, Complex::new(4.0, 5.0));
}

#[test]
fn tiny_real_products_match_faer_bit_for_bit() {
    // up to 64 multiply-adds a real product skips faer's setup: the plain loop must give
    // what faer gave (fused multiply-adds from the first product), so nothing computed
    // through matmul (pinv, the backends' agreement) moves by an ulp
    use faer::{Accum, Mat, Par};
    use std::mem::MaybeUninit;
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut r = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0
    };
    let fused = cfg!(target_arch = "aarch64")
        || cfg!(target_arch = "x86_64") && std::arch::is_x86_feature_detected!("fma");
    for (m, k, n) in [
        (1, 1, 1),
        (2, 2, 2),
        (3, 3, 3),
        (1, 5, 1),
        (4, 4, 4),
        (2, 7, 3),
        (1, 64, 1),
    ] {
        for _ in 0..50 {
            let a: Vec<f64> = (0..m * k).map(|_| r() * 1e3f64.powf(r())).collect();
            let b: Vec<f64> = (0..k * n).map(|_| r() * 1e3f64.powf(r())).collect();
            let mut want = Mat::<f64>::zeros(m, n);
            faer::linalg::matmul::matmul(
                want.as_mut(),
                Accum::Replace,
                Mat::<f64>::from_fn(m, k, |i, j| a[i * k + j]).as_ref(),
                Mat::<f64>::from_fn(k, n, |i, j| b[i * n + j]).as_ref(),
                1.0,
                Par::Seq,
            );
            let mut c = vec![MaybeUninit::new(f64::NAN); m * n];
            f64::matmul(m, k, n, &a, &b, &mut c);
            for (e, c) in c.iter().enumerate() {
                // SAFETY: every element was initialised (NaN) before the call
                let (got, want) = (unsafe { c.assume_init() }, want[(e / n, e % n)]);
                if fused {
                    assert_eq!(
                        got.to_bits(),
                        want.to_bits(),
                        "{m}x{k}x{n}: {got} vs {want}"
                    );
                } else {
                    assert!(
                        (got - want).abs() <= 1e-12 * want.abs().max(1.0),
                        "{m}x{k}x{n}"
                    );
                }
            }
        }
    }
}
