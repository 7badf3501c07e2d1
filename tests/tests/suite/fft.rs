//! The fft extension by its defining properties, on every backend and dtype it computes:
//! `ifft(fft(x)) = x`, `irfft(rfft(x), n) = x` for even and odd `n`, Parseval's identity,
//! `rfft` as the first half of `fft`, `fftn` as `fft` along each axis, the shifts as each
//! other's inverse; batched, padded and cropped inputs; zero-size batches; typed errors.
//! (Golden vectors from numpy: `spec/golden/{fft,rfft,…}.json`.)
//!
//! Run: `cargo test -p ivy-tests --test suite -- fft::`

use ivy::prelude::*;
use ivy::{Array, Backend, Dtype};

/// The backends and complex dtypes `fft` computes in.
fn cases() -> Vec<(Backend, Dtype)> {
    let mut v = Vec::new();
    for b in [Backend::Ndarray, Backend::Candle] {
        for d in [Dtype::Complex64, Dtype::Complex128] {
            if ivy::registry::function_supported_dtypes("fft", b).is_some_and(|s| s.contains(d)) {
                v.push((b, d));
            }
        }
    }
    v
}

fn real_of(d: Dtype) -> Dtype {
    match d {
        Dtype::Complex64 => Dtype::Float32,
        _ => Dtype::Float64,
    }
}

fn eps(d: Dtype) -> f64 {
    match d {
        Dtype::Float32 | Dtype::Complex64 => f32::EPSILON as f64,
        _ => f64::EPSILON,
    }
}

/// A seeded pseudo-random real array in [-1, 1) of `shape` and real dtype `d`.
fn random(seed: u64, shape: &[usize], d: Dtype) -> ivy::Result<Array> {
    let n: usize = shape.iter().product();
    let mut s = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let v: Vec<f64> = (0..n)
        .map(|_| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            (s >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0
        })
        .collect();
    let shape: Vec<i64> = shape.iter().map(|&x| x as i64).collect();
    ivy::reshape(&ivy::asarray(v)?, &shape)?.cast(d)
}

/// A random complex array of `shape` and complex dtype `d`.
fn crandom(seed: u64, shape: &[usize], d: Dtype) -> ivy::Result<Array> {
    let re = random(seed, shape, Dtype::Float64)?;
    let im = random(seed + 1000, shape, Dtype::Float64)?;
    let j = ivy::asarray(ivy::Scalar::Complex(0.0, 1.0))?;
    ivy::add(&re, &ivy::multiply(&im, &j)?)?.cast(d)
}

fn max_diff(a: &Array, b: &Array) -> ivy::Result<f64> {
    let d = ivy::abs(&ivy::subtract(a, b)?)?;
    Ok(d.cast(Dtype::Float64)?
        .to_f64_vec()?
        .into_iter()
        .fold(0.0, f64::max))
}

fn each(f: impl Fn(Backend, Dtype) -> ivy::Result<()>) {
    for (b, d) in cases() {
        if let Err(e) = ivy::with_backend(b, || f(b, d)) {
            panic!("{b} {d}: {e}");
        }
    }
}

fn kw(n: Option<i64>, axis: i64, norm: &str) -> FftKw {
    FftKw {
        n,
        axis,
        norm: norm.into(),
    }
}

#[test]
fn inverse_transforms_round_trip() {
    each(|_, d| {
        for (i, shape) in [&[16usize][..], &[3, 7], &[2, 5, 6], &[97]]
            .iter()
            .enumerate()
        {
            let x = crandom(i as u64, shape, d)?;
            for norm in ["backward", "ortho", "forward"] {
                for axis in [-1, 0] {
                    let y = ivy::fft_with(&x, kw(None, axis, norm))?;
                    let back = ivy::ifft_with(
                        &y,
                        IfftKw {
                            n: None,
                            axis,
                            norm: norm.into(),
                        },
                    )?;
                    assert!(
                        max_diff(&back, &x)? < 50.0 * eps(d),
                        "ifft(fft(x)) {shape:?} {norm}"
                    );
                }
            }
            // real input, even and odd lengths
            let r = random(i as u64 + 7, shape, real_of(d))?;
            let m = shape[shape.len() - 1] as i64;
            let back = ivy::irfft_with(
                &ivy::rfft(&r)?,
                IrfftKw {
                    n: Some(m),
                    ..Default::default()
                },
            )?;
            assert_eq!(back.dtype(), real_of(d));
            assert!(
                max_diff(&back, &r)? < 50.0 * eps(d),
                "irfft(rfft(x), n) {shape:?}"
            );
            let back = ivy::irfftn_with(
                &ivy::rfftn(&r)?,
                IrfftnKw {
                    s: Some(shape.iter().map(|&v| v as i64).collect()),
                    ..Default::default()
                },
            )?;
            assert!(
                max_diff(&back, &r)? < 50.0 * eps(d),
                "irfftn(rfftn(x), s) {shape:?}"
            );
        }
        Ok(())
    });
}

#[test]
fn parseval_and_the_real_half_spectrum() {
    each(|_, d| {
        let n = 64;
        let x = crandom(3, &[n], d)?;
        let y = ivy::fft(&x)?;
        let energy = |a: &Array| -> ivy::Result<f64> {
            let s = ivy::sum(&ivy::square(&ivy::abs(a)?)?)?;
            Ok(s.cast(Dtype::Float64)?.to_f64_vec()?[0])
        };
        let (ex, ey) = (energy(&x)?, energy(&y)?);
        assert!((ey / n as f64 - ex).abs() < 100.0 * eps(d) * ex, "Parseval");
        let yo = ivy::fft_with(&x, kw(None, -1, "ortho"))?;
        assert!(
            (energy(&yo)? - ex).abs() < 100.0 * eps(d) * ex,
            "ortho is unitary"
        );
        // rfft is the first n/2 + 1 values of fft of the same real input
        let r = random(4, &[n], real_of(d))?;
        let half = ivy::rfft(&r)?;
        let full = ivy::fft(&r.cast(d)?)?;
        let idx = ivy::arange(Scalar::Int((n / 2 + 1) as i128))?;
        let first = ivy::take(&full, &idx)?;
        assert!(max_diff(&half, &first)? < 100.0 * eps(d) * n as f64);
        // hfft of the half spectrum of a real signal's inverse is the signal: ihfft / hfft
        let back = ivy::hfft_with(
            &ivy::ihfft(&r)?,
            HfftKw {
                n: Some(n as i64),
                ..Default::default()
            },
        )?;
        assert!(max_diff(&back, &r)? < 100.0 * eps(d));
        Ok(())
    });
}

#[test]
fn fftn_is_fft_along_each_axis_with_padding_and_cropping() {
    each(|_, d| {
        let x = crandom(5, &[3, 4, 5], d)?;
        let mut step = x.clone();
        for (axis, n) in [(0, 4), (2, 3)] {
            step = ivy::fft_with(&step, kw(Some(n), axis, "backward"))?;
        }
        let all = ivy::fftn_with(
            &x,
            FftnKw {
                s: Some(vec![4, 3]),
                axes: Some(vec![0, 2]),
                ..Default::default()
            },
        )?;
        assert_eq!(all.shape(), &[4, 4, 3]);
        assert!(max_diff(&all, &step)? < 100.0 * eps(d));
        // every axis, no s: the shape is kept
        assert_eq!(ivy::ifftn(&x)?.shape(), &[3, 4, 5]);
        Ok(())
    });
}

#[test]
fn frequencies_and_shifts() {
    for b in [Backend::Ndarray, Backend::Candle] {
        ivy::with_backend(b, || -> ivy::Result<()> {
            let f = ivy::fftfreq(5)?;
            assert_eq!(f.dtype(), Dtype::Float32);
            let shifted = ivy::fftshift(&f)?;
            let v = shifted.to_f64_vec()?;
            assert!(
                v.windows(2).all(|w| w[0] < w[1]),
                "fftshift sorts fftfreq: {v:?}"
            );
            assert_eq!(ivy::ifftshift(&shifted)?, f);
            let x = ivy::reshape(&ivy::arange(12i64)?, &[3, 4])?;
            let kw = FftshiftKw {
                axes: Some(vec![1]),
            };
            assert_eq!(
                ivy::fftshift_with(&x, kw)?.to_f64_vec()?,
                [2.0, 3.0, 0.0, 1.0, 6.0, 7.0, 4.0, 5.0, 10.0, 11.0, 8.0, 9.0]
            );
            assert_eq!(ivy::rfftfreq(6)?.shape(), &[4]);
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{b}: {e}"));
    }
}

#[test]
fn empty_batches_and_errors() {
    each(|_, d| {
        let e = ivy::zeros([0, 8])?.cast(d)?;
        assert_eq!(ivy::fft(&e)?.shape(), &[0, 8]);
        assert_eq!(ivy::rfft(&e.cast(real_of(d))?)?.shape(), &[0, 5]);
        let x = crandom(6, &[4], d)?;
        let bad = |r: ivy::Result<Array>| matches!(r, Err(ivy::Error::InvalidArgument { .. }));
        assert!(bad(ivy::fft_with(&x, kw(Some(0), -1, "backward"))));
        assert!(bad(ivy::fft_with(&x, kw(Some(-3), -1, "backward"))));
        assert!(bad(ivy::fft_with(&x, kw(None, -1, "unitary"))));
        assert!(matches!(
            ivy::fft_with(&x, kw(None, 1, "backward")),
            Err(ivy::Error::Axis { .. })
        ));
        // irfft of one value: the default n is 0
        assert!(bad(ivy::irfft(&crandom(7, &[1], d)?)));
        // fft of a real array: a dtype error naming the fix
        assert!(ivy::fft(&random(8, &[4], real_of(d))?).is_err());
        Ok(())
    });
}

#[test]
fn candle_refuses_the_transforms_with_a_dtype_error() {
    ivy::with_backend(Backend::Candle, || {
        let x = ivy::ones([4]).unwrap();
        let e = ivy::rfft(&x).unwrap_err();
        assert!(
            matches!(e, ivy::Error::UnsupportedDtype { .. }),
            "candle holds no complex dtype: {e}"
        );
    });
}

/// An n-dimensional transform whose result cannot be allocated fails before its first step
/// runs: `irfftn` with `s = (2**30, 2**30)` (a 4 EiB result) wrote a 16 GiB intermediate
/// first and was killed for memory.
#[test]
fn an_unallocatable_nd_result_fails_before_any_step() {
    ivy::with_backend(Backend::Ndarray, || {
        let x = ivy::ones_with(
            [2, 2],
            OnesKw {
                dtype: Some(Dtype::Complex64),
                device: None,
            },
        )
        .unwrap();
        let s = Some(vec![1 << 30, 1 << 30]);
        let kw = IrfftnKw {
            s: s.clone(),
            ..Default::default()
        };
        let e = ivy::irfftn_with(&x, kw).unwrap_err();
        assert!(matches!(e, ivy::Error::OutOfMemory { .. }), "{e}");
        let kw = FftnKw {
            s,
            ..Default::default()
        };
        // 8 EiB: beyond isize::MAX bytes (an InvalidArgument), refused before the 16 GiB step
        let e = ivy::fftn_with(&x, kw).unwrap_err();
        assert!(
            matches!(
                e,
                ivy::Error::OutOfMemory { .. } | ivy::Error::InvalidArgument { .. }
            ),
            "{e}"
        );
    });
}
