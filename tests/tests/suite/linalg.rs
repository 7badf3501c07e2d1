//! The linalg extension's decompositions, by their defining properties, on every backend and
//! every dtype it computes: Q·R = A with Q orthonormal and R upper triangular,
//! U·diag(S)·Vh = A, A·v = λ·v, inv(A)·A = I, solve's residual, cholesky's L·Lᴴ = A, over
//! random, ill-conditioned, batched and empty inputs; typed errors for singular and
//! indefinite matrices. (Golden vectors from numpy: `spec/golden/{inv,det,…}.json`.)
//!
//! Run: `cargo test -p ivy-tests --test suite -- linalg::`

use ivy::prelude::*;
use ivy::{Array, Backend, Dtype};

/// The backends and the dtypes each computes dense decompositions in.
fn cases() -> Vec<(Backend, Dtype)> {
    let mut v = Vec::new();
    for b in [Backend::Ndarray, Backend::Candle] {
        for d in [
            Dtype::Float32,
            Dtype::Float64,
            Dtype::Complex64,
            Dtype::Complex128,
        ] {
            if ivy::registry::function_supported_dtypes("inv", b).is_some_and(|s| s.contains(d)) {
                v.push((b, d));
            }
        }
    }
    v
}

/// A seeded pseudo-random matrix stack in [-1, 1) (complex: both parts), of `shape`.
fn random(seed: u64, shape: &[usize], d: Dtype) -> ivy::Result<Array> {
    let n: usize = shape.iter().product();
    let mut s = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        (s >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0
    };
    let re: Vec<f64> = (0..n).map(|_| next()).collect();
    let x = ivy::reshape(
        &ivy::asarray(re)?,
        &shape.iter().map(|&v| v as i64).collect::<Vec<_>>(),
    )?;
    if d.is_complex() {
        let im: Vec<f64> = (0..n).map(|_| next()).collect();
        let im = ivy::reshape(
            &ivy::asarray(im)?,
            &shape.iter().map(|&v| v as i64).collect::<Vec<_>>(),
        )?;
        let j = ivy::asarray(ivy::Scalar::Complex(0.0, 1.0))?;
        return ivy::add(&x, &ivy::multiply(&im, &j)?)?.cast(d);
    }
    x.cast(d)
}

fn eps(d: Dtype) -> f64 {
    match d {
        Dtype::Float32 | Dtype::Complex64 => f32::EPSILON as f64,
        _ => f64::EPSILON,
    }
}

/// max |a - b|
fn max_diff(a: &Array, b: &Array) -> ivy::Result<f64> {
    let d = ivy::abs(&ivy::subtract(a, b)?)?;
    Ok(d.cast(Dtype::Float64)?
        .to_f64_vec()?
        .into_iter()
        .fold(0.0, f64::max))
}

/// The conjugate transpose of a stack.
fn h(x: &Array) -> ivy::Result<Array> {
    ivy::conj(&ivy::matrix_transpose(x)?)
}

/// An identity stack like `x`'s matrices (`n × n`), of `x`'s dtype.
fn eye_like(n: usize, d: Dtype) -> ivy::Result<Array> {
    ivy::eye(n)?.cast(d)
}

fn each(f: impl Fn(Backend, Dtype) -> ivy::Result<()>) {
    for (b, d) in cases() {
        if let Err(e) = ivy::with_backend(b, || f(b, d)) {
            panic!("{b} {d}: {e}");
        }
    }
}

#[test]
fn qr_reconstructs_with_orthonormal_q() {
    each(|_, d| {
        for (i, shape) in [&[4usize, 3][..], &[3, 4], &[2, 3, 3], &[5, 1]]
            .iter()
            .enumerate()
        {
            let a = random(i as u64 + 1, shape, d)?;
            for mode in ["reduced", "complete"] {
                let (q, r) = ivy::qr_with(&a, QrKw { mode: mode.into() })?;
                let tol = 50.0 * eps(d);
                assert!(
                    max_diff(&ivy::matmul(&q, &r)?, &a)? < tol,
                    "{mode} Q·R = A, shape {shape:?}"
                );
                let k = q.shape()[q.ndim() - 1];
                assert!(
                    max_diff(&ivy::matmul(&h(&q)?, &q)?, &eye_like(k, d)?)? < tol,
                    "QᴴQ = I"
                );
                assert!(
                    max_diff(
                        &ivy::tril_with(&r, TrilKw { k: -1 })?,
                        &ivy::zeros_like(&r)?
                    )? == 0.0,
                    "R upper"
                );
            }
        }
        Ok(())
    });
}

#[test]
fn svd_reconstructs_and_values_descend() {
    each(|_, d| {
        for (i, shape) in [&[4usize, 3][..], &[3, 4], &[2, 3, 3]].iter().enumerate() {
            let a = random(i as u64 + 10, shape, d)?;
            let (u, s, vh) = ivy::svd_with(
                &a,
                SvdKw {
                    full_matrices: false,
                },
            )?;
            let us = ivy::multiply(&u, &ivy::expand_dims(&s.cast(d)?, -2)?)?;
            assert!(
                max_diff(&ivy::matmul(&us, &vh)?, &a)? < 50.0 * eps(d),
                "U·diag(S)·Vh = A"
            );
            let v = s.cast(Dtype::Float64)?.to_f64_vec()?;
            let k = s.shape()[s.ndim() - 1];
            assert!(
                v.chunks(k).all(|c| c.windows(2).all(|w| w[0] >= w[1])),
                "descending"
            );
            assert!(max_diff(&ivy::svdvals(&a)?, &s)? < 50.0 * eps(d));
            let (u, _, vh) = ivy::svd(&a)?; // full matrices: square, orthonormal
            let (m, n) = (shape[shape.len() - 2], shape[shape.len() - 1]);
            assert!(max_diff(&ivy::matmul(&h(&u)?, &u)?, &eye_like(m, d)?)? < 50.0 * eps(d));
            assert!(max_diff(&ivy::matmul(&vh, &h(&vh)?)?, &eye_like(n, d)?)? < 50.0 * eps(d));
        }
        Ok(())
    });
}

#[test]
fn eigh_satisfies_av_equals_lambda_v() {
    each(|_, d| {
        let b = random(7, &[2, 4, 4], d)?;
        let a = ivy::add(&b, &h(&b)?)?; // Hermitian
        let (w, v) = ivy::eigh(&a)?;
        let av = ivy::matmul(&a, &v)?;
        let vl = ivy::multiply(&v, &ivy::expand_dims(&w.cast(d)?, -2)?)?;
        assert!(max_diff(&av, &vl)? < 100.0 * eps(d), "A·v = λ·v");
        assert!(max_diff(&ivy::matmul(&h(&v)?, &v)?, &eye_like(4, d)?)? < 100.0 * eps(d));
        assert!(max_diff(&ivy::eigvalsh(&a)?, &w)? < 100.0 * eps(d));
        Ok(())
    });
}

#[test]
fn inverse_solve_and_cholesky() {
    each(|_, d| {
        let n = 5;
        let b = random(3, &[3, n, n], d)?;
        // well conditioned: B + 2n·I
        let a = ivy::add(&b, &ivy::multiply(&eye_like(n, d)?, 2.0 * n as f64)?)?;
        let tol = 200.0 * eps(d);
        assert!(
            max_diff(&ivy::matmul(&ivy::inv(&a)?, &a)?, &eye_like(n, d)?)? < tol,
            "inv(A)·A = I"
        );
        let rhs = random(4, &[3, n, 2], d)?;
        let x = ivy::solve(&a, &rhs)?;
        assert!(
            max_diff(&ivy::matmul(&a, &x)?, &rhs)? < tol,
            "solve residual"
        );
        // a vector right-hand side broadcasts against the stack
        let v = random(5, &[n], d)?;
        let xv = ivy::solve(&a, &v)?;
        assert_eq!(xv.shape(), &[3, n]);
        // Hermitian positive definite: B·Bᴴ + n·I
        let spd = ivy::add(
            &ivy::matmul(&b, &h(&b)?)?,
            &ivy::multiply(&eye_like(n, d)?, n as f64)?,
        )?;
        let l = ivy::cholesky(&spd)?;
        assert!(
            max_diff(&ivy::matmul(&l, &h(&l)?)?, &spd)? < tol,
            "L·Lᴴ = A"
        );
        let u = ivy::cholesky_with(&spd, CholeskyKw { upper: true })?;
        assert!(max_diff(&u, &h(&l)?)? == 0.0, "upper = Lᴴ");
        // det and slogdet agree
        let (sign, logabs) = ivy::slogdet(&a)?;
        let det = ivy::det(&a)?;
        let from_log = ivy::multiply(&sign, &ivy::exp(&logabs)?.cast(d)?)?;
        let scale = ivy::abs(&det)?
            .cast(Dtype::Float64)?
            .to_f64_vec()?
            .into_iter()
            .fold(1.0, f64::max);
        assert!(max_diff(&from_log, &det)? < 1e3 * eps(d) * scale);
        Ok(())
    });
}

#[test]
fn ill_conditioned_inputs_stay_accurate_to_their_condition() {
    each(|_, d| {
        // a Hilbert matrix of order 6 (cond ≈ 1.5e7)
        let n = 6;
        let vals: Vec<f64> = (0..n * n)
            .map(|k| 1.0 / ((k / n + k % n + 1) as f64))
            .collect();
        let a = ivy::reshape(&ivy::asarray(vals)?, &[n as i64, n as i64])?.cast(d)?;
        let x = ivy::solve(&a, &ivy::ones([n])?.cast(d)?)?;
        let r = max_diff(&ivy::matmul(&a, &x)?, &ivy::ones([n])?.cast(d)?)?;
        // the residual is backward stable: small even where x is not accurate
        assert!(r < 1e4 * eps(d), "residual {r}");
        Ok(())
    });
}

#[test]
fn empty_and_zero_size_stacks() {
    each(|_, d| {
        let e = ivy::zeros([0, 3, 3])?.cast(d)?;
        assert_eq!(ivy::inv(&e)?.shape(), &[0, 3, 3]);
        assert_eq!(ivy::det(&e)?.shape(), &[0]);
        assert_eq!(ivy::eigvalsh(&e)?.shape(), &[0, 3]);
        let z = ivy::zeros([2, 0, 0])?.cast(d)?;
        assert_eq!(ivy::det(&z)?.to_f64_vec()?, [1.0, 1.0]);
        assert_eq!(ivy::inv(&z)?.shape(), &[2, 0, 0]);
        let w = ivy::zeros([3, 0])?.cast(d)?;
        let (q, r) = ivy::qr(&w)?;
        assert_eq!((q.shape(), r.shape()), (&[3, 0][..], &[0, 0][..]));
        assert_eq!(ivy::svdvals(&w)?.shape(), &[0]);
        Ok(())
    });
}

#[test]
fn failures_are_typed_errors() {
    each(|b, d| {
        let singular = ivy::asarray([[1.0, 2.0], [2.0, 4.0]])?.cast(d)?;
        let e = ivy::inv(&singular).unwrap_err();
        assert!(
            matches!(e, ivy::Error::LinAlg { op: "inv", .. }),
            "{b}: {e}"
        );
        assert!(e.to_string().contains("singular"), "{e}");
        let stack = ivy::stack(&[&ivy::eye(2)?.cast(d)?, &singular])?;
        let e = ivy::solve(&stack, &ivy::ones([2])?.cast(d)?).unwrap_err();
        assert!(e.to_string().contains("matrix 1 of the stack"), "{e}");
        let indefinite = ivy::asarray([[1.0, 2.0], [2.0, 1.0]])?.cast(d)?;
        assert!(matches!(
            ivy::cholesky(&indefinite),
            Err(ivy::Error::LinAlg { .. })
        ));
        assert!(matches!(
            ivy::inv(&ivy::ones([2, 3])?.cast(d)?),
            Err(ivy::Error::LinAlg { .. })
        ));
        assert!(matches!(
            ivy::qr_with(&singular, QrKw { mode: "r".into() }),
            Err(ivy::Error::InvalidArgument { .. })
        ));
        assert_eq!(
            ivy::det(&singular)?.cast(Dtype::Float64)?.to_f64_vec()?,
            [0.0]
        );
        Ok(())
    });
}

#[test]
fn pinv_satisfies_the_penrose_conditions_and_rank_counts() {
    each(|_, d| {
        for (i, (m, r, n)) in [(4usize, 2usize, 3usize), (3, 3, 5), (5, 1, 5)]
            .into_iter()
            .enumerate()
        {
            // a rank-r product of random factors, in a batch of 2
            let a = ivy::matmul(
                &random(20 + i as u64, &[2, m, r], d)?,
                &random(30 + i as u64, &[2, r, n], d)?,
            )?;
            let p = ivy::pinv(&a)?;
            assert_eq!(p.shape(), &[2, n, m]);
            let tol = 1e3 * eps(d);
            let apa = ivy::matmul(&ivy::matmul(&a, &p)?, &a)?;
            assert!(max_diff(&apa, &a)? < tol, "A·A⁺·A = A ({m}x{n}, rank {r})");
            let pap = ivy::matmul(&ivy::matmul(&p, &a)?, &p)?;
            assert!(max_diff(&pap, &p)? < tol * 1e2, "A⁺·A·A⁺ = A⁺");
            let ap = ivy::matmul(&a, &p)?;
            assert!(max_diff(&ap, &h(&ap)?)? < tol, "A·A⁺ Hermitian");
            let rank = ivy::matrix_rank(&a)?;
            assert_eq!(rank.dtype(), Dtype::Int64);
            assert_eq!(rank.to_f64_vec()?, [r as f64, r as f64], "rank");
        }
        // empty matrices: rank 0, a zero-size pseudo-inverse
        let e = ivy::zeros([3, 0])?.cast(d)?;
        assert_eq!(ivy::pinv(&e)?.shape(), &[0, 3]);
        assert_eq!(ivy::matrix_rank(&e)?.to_f64_vec()?, [0.0]);
        Ok(())
    });
}

#[test]
fn matrix_power_matches_repeated_products() {
    each(|_, d| {
        let n = 4;
        let b = random(40, &[2, n, n], d)?;
        let a = ivy::add(&b, &ivy::multiply(&eye_like(n, d)?, 2.0)?)?;
        let tol = 1e3 * eps(d);
        let a3 = ivy::matmul(&ivy::matmul(&a, &a)?, &a)?;
        assert!(
            max_diff(&ivy::matrix_power(&a, 3)?, &a3)? < tol * 10.0,
            "A³"
        );
        let m2 = ivy::matrix_power(&a, -2)?;
        let back = ivy::matmul(&m2, &ivy::matrix_power(&a, 2)?)?;
        assert!(
            max_diff(&back, &ivy::broadcast_to(&eye_like(n, d)?, [2, n, n])?)? < tol,
            "A⁻²·A² = I"
        );
        let i = ivy::matrix_power(&a, 0)?;
        assert_eq!(i.shape(), &[2, n, n]);
        assert_eq!(i.dtype(), d);
        let one = ivy::matrix_power(&a, 1)?;
        assert!(
            max_diff(&one, &a)? == 0.0 && !one.may_share_memory(&a),
            "A¹: a copy"
        );
        Ok(())
    });
}

#[test]
fn norms_agree_with_their_definitions() {
    each(|_, d| {
        let a = random(50, &[2, 3, 4], d)?;
        let tol = 100.0 * eps(d);
        let s = ivy::svdvals(&a)?;
        let norm = |ord: ivy::MatrixNormOrd| {
            ivy::matrix_norm_with(
                &a,
                MatrixNormKw {
                    ord,
                    keepdims: false,
                },
            )
        };
        let fro = norm("fro".into())?;
        let flat = ivy::reshape(&a, &[2, 12])?;
        let kw = VectorNormKw {
            axis: Some(vec![-1]),
            ..Default::default()
        };
        assert!(
            max_diff(&fro, &ivy::vector_norm_with(&flat, kw)?)? < tol,
            "fro"
        );
        let last = Some(vec![-1]);
        let smax = ivy::max_with(
            &s,
            MaxKw {
                axis: last.clone(),
                keepdims: false,
            },
        )?;
        assert!(
            max_diff(&norm(2.into())?, &smax)? < tol,
            "2: the largest singular value"
        );
        let nuc = ivy::sum_with(
            &s,
            SumKw {
                axis: last.clone(),
                ..Default::default()
            },
        )?;
        assert!(max_diff(&norm("nuc".into())?, &nuc)? < tol, "nuc");
        // 1: the largest column sum; inf: the largest row sum
        let abs = ivy::abs(&a)?;
        let col = ivy::sum_with(
            &abs,
            SumKw {
                axis: Some(vec![-2]),
                ..Default::default()
            },
        )?;
        let colmax = ivy::max_with(
            &col,
            MaxKw {
                axis: last.clone(),
                keepdims: false,
            },
        )?;
        assert!(max_diff(&norm(1.into())?, &colmax)? < tol, "1");
        let row = ivy::sum_with(
            &abs,
            SumKw {
                axis: last.clone(),
                ..Default::default()
            },
        )?;
        let rowmin = ivy::min_with(
            &row,
            MinKw {
                axis: last,
                keepdims: false,
            },
        )?;
        assert!(
            max_diff(&norm(f64::NEG_INFINITY.into())?, &rowmin)? < tol,
            "-inf"
        );
        assert!(matches!(
            norm(3.into()),
            Err(ivy::Error::InvalidArgument {
                op: "matrix_norm",
                ..
            })
        ));
        // vector norms: p = 3 against its definition, inf the largest |x|, 0 the count
        let v = random(51, &[5], d)?;
        let av = ivy::abs(&v)?.cast(Dtype::Float64)?.to_f64_vec()?;
        let p3 = av.iter().map(|x| x.powi(3)).sum::<f64>().cbrt();
        let vn = |ord: f64| -> ivy::Result<f64> {
            let kw = VectorNormKw {
                ord,
                ..Default::default()
            };
            let r = ivy::vector_norm_with(&v, kw)?;
            Ok(r.cast(Dtype::Float64)?.to_f64_vec()?[0])
        };
        assert!((vn(3.0)? - p3).abs() < tol * p3, "p = 3");
        assert_eq!(vn(f64::INFINITY)?, av.iter().cloned().fold(0.0, f64::max));
        assert_eq!(vn(0.0)?, 5.0);
        Ok(())
    });
}

#[test]
fn diagonal_trace_outer_and_cross() {
    for b in [Backend::Ndarray, Backend::Candle] {
        ivy::with_backend(b, || -> ivy::Result<()> {
            let x = ivy::reshape(&ivy::arange(24i64)?, &[2, 3, 4])?;
            let diag = |offset: i64| ivy::diagonal_with(&x, DiagonalKw { offset });
            assert_eq!(diag(0)?.to_f64_vec()?, [0.0, 5.0, 10.0, 12.0, 17.0, 22.0]);
            assert_eq!(diag(2)?.to_f64_vec()?, [2.0, 7.0, 14.0, 19.0]);
            assert_eq!(diag(-2)?.to_f64_vec()?, [8.0, 20.0]);
            assert_eq!(diag(i64::MAX)?.shape(), &[2, 0]);
            assert_eq!(diag(i64::MIN)?.shape(), &[2, 0]);
            let t = ivy::trace_with(
                &x,
                TraceKw {
                    offset: 1,
                    dtype: None,
                },
            )?;
            assert_eq!(t.to_f64_vec()?, [1.0 + 6.0 + 11.0, 13.0 + 18.0 + 23.0]);
            let o = ivy::outer(&ivy::arange(3i64)?, &ivy::arange(2i64)?)?;
            assert_eq!(o.to_f64_vec()?, [0.0, 0.0, 0.0, 1.0, 0.0, 2.0]);
            assert!(ivy::outer(&x, &x).is_err());
            // cross: orthogonal to both operands, anti-commutative, broadcast, along axis 0
            let u = ivy::asarray([[1.0f32, 2.0], [0.0, -1.0], [3.0, 0.5]])?;
            let w = ivy::asarray([0.5f32, 4.0, -2.0])?;
            let kw = CrossKw { axis: 0 };
            let w_col = ivy::reshape(&w, &[3, 1])?;
            let c = ivy::cross_with(&u, &w_col, kw.clone())?;
            assert_eq!(c.shape(), &[3, 2]);
            let dot = ivy::sum_with(
                &ivy::multiply(&c, &u)?,
                SumKw {
                    axis: Some(vec![0]),
                    ..Default::default()
                },
            )?;
            assert!(dot.to_f64_vec()?.iter().all(|v| v.abs() < 1e-5), "c ⟂ u");
            let rev = ivy::cross_with(&w_col, &u, kw)?;
            assert_eq!(ivy::negative(&rev)?.to_f64_vec()?, c.to_f64_vec()?);
            assert!(matches!(
                ivy::cross(&ivy::ones([2])?, &ivy::ones([2])?),
                Err(ivy::Error::Shape { op: "cross", .. })
            ));
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{b}: {e}"));
    }
}
