//! Element-wise ops on every backend.

use ivy::prelude::*;
use ivy::Error;
use ivy_tests::{assert_close, f32s, test_backends, typed};

test_backends! {
    fn tan_values(b) {
        let x = f32s(&[0.0, 0.5, 1.0])?;
        let y = ivy::tan(&x)?;
        assert_eq!(y.dtype(), Dtype::Float32);
        assert_eq!(y.backend(), b);
        assert_close(&y.to_f64_vec()?, &[0.0, 0.5f64.tan(), 1.0f64.tan()], 1e-6);
        // the method form is the same op
        assert_close(&x.tan()?.to_f64_vec()?, &y.to_f64_vec()?, 0.0);
    }

    fn log_exp_negative(b) {
        let x = f32s(&[1.0, 2.0])?;
        assert_close(&ivy::log(&x)?.to_f64_vec()?, &[0.0, 2f64.ln()], 1e-6);
        assert_close(&ivy::exp(&x)?.to_f64_vec()?, &[1f64.exp(), 2f64.exp()], 1e-6);
        assert_close(&ivy::negative(&x)?.to_f64_vec()?, &[-1.0, -2.0], 0.0);
        let i = typed(&[3.0, -4.0], Dtype::Int32)?;
        let n = (-&i)?;
        assert_eq!(n.dtype(), Dtype::Int32);
        assert_close(&n.to_f64_vec()?, &[-3.0, 4.0], 0.0);
    }

    fn add_broadcasts(b) {
        let a = ivy::asarray(Data::from(vec![1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0]).reshape(&[2, 3])?)?;
        let r = f32s(&[10.0, 20.0, 30.0])?;
        let s = ivy::add(&a, &r)?;
        assert_eq!(s.shape(), &[2, 3]);
        assert_close(&s.to_f64_vec()?, &[11.0, 22.0, 33.0, 14.0, 25.0, 36.0], 0.0);
        let bad = f32s(&[1.0, 2.0])?;
        assert!(matches!(ivy::add(&a, &bad), Err(Error::Shape { op: "add", .. }) | Err(Error::Backend { op: "add", .. })));
    }

    fn arithmetic_and_operators(b) {
        let x = f32s(&[6.0, 8.0])?;
        let y = f32s(&[3.0, 2.0])?;
        assert_close(&(&x - &y)?.to_f64_vec()?, &[3.0, 6.0], 0.0);
        assert_close(&(&x * &y)?.to_f64_vec()?, &[18.0, 16.0], 0.0);
        assert_close(&(&x / &y)?.to_f64_vec()?, &[2.0, 4.0], 0.0);
        assert_close(&(&x + 1.0)?.to_f64_vec()?, &[7.0, 9.0], 0.0);
        assert_close(&(10.0 - &x)?.to_f64_vec()?, &[4.0, 2.0], 0.0);
        assert_close(&x.subtract(1)?.to_f64_vec()?, &[5.0, 7.0], 0.0);
    }

    fn scalars_follow_promote_types_of_inputs(b) {
        let f = f32s(&[1.0])?;
        assert_eq!(ivy::add(&f, 2)?.dtype(), Dtype::Float32); // int scalar joins float array
        assert_eq!(ivy::add(&f, 2.5)?.dtype(), Dtype::Float32);
        let i = typed(&[1.0], Dtype::Int32)?;
        assert_eq!(ivy::add(&i, 2)?.dtype(), Dtype::Int32);
        let i8s = typed(&[1.0], Dtype::Int16)?;
        assert_eq!(ivy::add(&i8s, 2.5)?.dtype(), Dtype::Float64, "Ivy: float scalar + int array");
        let np = ivy::with_precise_mode(false, || ivy::add(&i, 2.5))?;
        assert_eq!(np.dtype(), Dtype::Float64, "in either mode");
        let r = ivy::add(&i, 2.5)?;
        assert_eq!(r.dtype(), Dtype::Float64); // int32 + float32 -> float64 (precise mode)
        assert_close(&r.to_f64_vec()?, &[3.5], 0.0);
    }

    fn array_promotion(b) {
        let i = typed(&[1.0], Dtype::Int32)?;
        let f = f32s(&[0.5])?;
        assert_eq!(ivy::add(&i, &f)?.dtype(), Dtype::Float64);
        let h = typed(&[1.0], Dtype::Float16)?;
        let bf = typed(&[1.0], Dtype::Bfloat16)?;
        assert_eq!(ivy::multiply(&h, &bf)?.dtype(), Dtype::Float32);
    }

    fn integer_divide_is_true_division(b) {
        let x = typed(&[7.0, 1.0], Dtype::Int32)?;
        let y = typed(&[2.0, 0.0], Dtype::Int32)?;
        let q = ivy::divide(&x, &y)?;
        assert_eq!(q.dtype(), Dtype::Float32);
        let v = q.to_f64_vec()?;
        assert_eq!(v[0], 3.5);
        assert!(v[1].is_infinite());
    }

    fn clip_values(b) {
        let x = f32s(&[-2.0, 0.5, 3.0])?;
        assert_close(&ivy::clip(&x, 0.0, 1.0)?.to_f64_vec()?, &[0.0, 0.5, 1.0], 0.0);
        assert!(matches!(ivy::clip(&x, 1.0, 0.0), Err(Error::InvalidArgument { op: "clip", .. })));
    }

    // candle's clip ran candle's maximum/minimum, which keep a NaN or not depending on the
    // operand order and the device; both backends now run maximum's and minimum's rows.
    fn clip_keeps_nan(b) {
        for d in [Dtype::Float16, Dtype::Bfloat16, Dtype::Float32, Dtype::Float64] {
            let x = typed(&[f64::NAN, -2.0, 0.5, f64::NAN, 3.0], d)?;
            for (lo, hi) in [(0.0, 1.0), (f64::NEG_INFINITY, f64::INFINITY), (-1.0, -1.0)] {
                let want = |v: f64| if v.is_nan() { v } else { v.max(lo).min(hi) };
                let c = ivy::clip(&x, lo, hi)?;
                assert_eq!((c.dtype(), c.backend()), (d, b));
                let mut out = ivy::zeros_like(&x)?;
                ivy::clip_out(&x, lo, hi, &mut out)?;
                for got in [c.to_f64_vec()?, out.to_f64_vec()?] {
                    for (i, (g, v)) in got.iter().zip(x.to_f64_vec()?).enumerate() {
                        let w = want(v);
                        assert!(
                            (g.is_nan() && w.is_nan()) || *g == w,
                            "{b}: clip({d}, {lo}, {hi})[{i}] = {g}, want {w}"
                        );
                    }
                }
            }
        }
    }

    // the Array API 2023.12's clip: each bound a scalar, an array (broadcast against x, the
    // result keeps x's shape and dtype) or None; before, the bounds were two f64s
    fn clip_array_bounds_broadcast(b) {
        let x = ivy::asarray(Data::from(vec![-2.0f32, 0.5, 3.0, 4.0, -1.0, 0.25]).reshape(&[2, 3])?)?;
        let lo = ivy::asarray(vec![0.0f64, 1.0, -5.0])?; // float64, cast to x's float32
        let hi = ivy::asarray(Data::from(vec![2.5f32, 0.0]).reshape(&[2, 1])?)?;
        let c = ivy::clip(&x, &lo, &hi)?;
        assert_eq!((c.dtype(), c.shape(), c.backend()), (Dtype::Float32, &[2usize, 3][..], b));
        // numpy: minimum(maximum(x, lo), hi); where the bounds cross (1 > 0), max wins
        assert_close(&c.to_f64_vec()?, &[0.0, 1.0, 2.5, 0.0, 0.0, 0.0], 0.0);
        // mixed: an array and a scalar, either way round; the out form and the method form
        assert_close(&ivy::clip(&x, &lo, 2.0)?.to_f64_vec()?, &[0.0, 1.0, 2.0, 2.0, 1.0, 0.25], 0.0);
        assert_close(&x.clip(-1.0, &lo)?.to_f64_vec()?, &[-1.0, 0.5, -5.0, 0.0, -1.0, -5.0], 0.0);
        let mut out = ivy::zeros_like(&x)?;
        ivy::clip_out(&x, &lo, &hi, &mut out)?;
        assert_close(&out.to_f64_vec()?, &c.to_f64_vec()?, 0.0);
        // an integer x keeps its dtype: float bounds are rounded inwards (the lower one up,
        // the upper one down), then cast, so no element lies outside [min, max]
        let i = typed(&[1.0, 5.0, 9.0], Dtype::Int32)?;
        let f = typed(&[2.7, 2.7, 2.7], Dtype::Float64)?;
        let ci = ivy::clip(&i, &f, 6)?;
        assert_eq!(ci.dtype(), Dtype::Int32);
        assert_eq!(ci.to_vec::<i32>()?, [3, 5, 6]);
        let g = typed(&[5.5, 5.5, 8.5], Dtype::Float32)?;
        assert_eq!(ivy::clip(&i, None::<f64>, &g)?.to_vec::<i32>()?, [1, 5, 8]);
        assert_eq!(ivy::clip(&i, 1.5, 8.5)?.to_vec::<i32>()?, [2, 5, 8]);
        // an integer array bound beyond x's integer dtype saturates, as a scalar bound does
        // (a wrapping cast made -1 a uint8 255 and 300 a 44)
        let u = typed(&[1.0, 5.0, 10.0], Dtype::Uint8)?;
        let below = typed(&[-1.0], Dtype::Int32)?;
        let above = typed(&[300.0, 7.0, 300.0], Dtype::Int32)?;
        assert_eq!(ivy::clip(&u, &below, None::<f64>)?.to_vec::<u8>()?, [1, 5, 10]);
        assert_eq!(ivy::clip(&u, &above, None::<f64>)?.to_vec::<u8>()?, [255, 7, 255]);
        assert_eq!(ivy::clip(&u, None::<f64>, &below)?.to_vec::<u8>()?, [0, 0, 0]);
        assert_eq!(ivy::clip(&u, &below, None::<f64>)?, ivy::clip(&u, -1, None::<f64>)?);
        // NaN in an array bound is numpy's maximum/minimum: NaN (no error, unlike a scalar)
        let n = f32s(&[f64::NAN, 0.0, 0.0])?;
        assert!(ivy::clip(&f32s(&[1.0, 2.0, 3.0])?, &n, None::<f64>)?.to_f64_vec()?[0].is_nan());
    }

    fn clip_shapes_broadcast_together(b) {
        // before: a bound broadcasting x to a larger shape was refused (the result kept x's
        // shape); numpy and the Array API suite: the result has the broadcast shape of x,
        // min and max (`np.clip(np.uint8(3), np.zeros(0, np.uint8), None).shape == (0,)`)
        let x = f32s(&[1.0, 2.0, 3.0])?;
        let lo = ivy::asarray(Data::from(vec![0.0f32, 0.0, 0.0, 2.5, 2.5, 2.5]).reshape(&[2, 3])?)?;
        let c = ivy::clip(&x, &lo, None::<f64>)?;
        assert_eq!((c.shape(), c.dtype(), c.backend()), (&[2usize, 3][..], Dtype::Float32, b));
        assert_eq!(c.to_f64_vec()?, [1.0, 2.0, 3.0, 2.5, 2.5, 3.0]);
        let col = ivy::asarray(Data::from(vec![1.5f32, 2.5]).reshape(&[2, 1])?)?;
        let c = ivy::clip(&x, 0.0, &col)?;
        assert_eq!((c.shape(), c.to_f64_vec()?), (&[2usize, 3][..], vec![1.0, 1.5, 1.5, 1.0, 2.0, 2.5]));
        // both bounds arrays: the broadcast of all three
        let z = ivy::asarray(Data::from(vec![2.0f32]).reshape(&[1, 1, 1])?)?;
        assert_eq!(ivy::clip(&x, &z, &col)?.shape(), &[1, 2, 3]);
        // a 0-d uint8 x with a bound of shape (0,): an empty result of x's dtype
        let u = typed(&[3.0], Dtype::Uint8)?;
        let u0 = ivy::reshape(&u, &[])?;
        let empty = ivy::zeros_with([0], ZerosKw { dtype: Some(Dtype::Uint8), device: None })?;
        let r = ivy::clip(&u0, &empty, None::<f64>)?;
        assert_eq!((r.shape(), r.dtype()), (&[0usize][..], Dtype::Uint8));
        // out must have the broadcast shape
        let mut out = ivy::zeros([2, 3])?;
        ivy::clip_out(&x, &lo, 1.0, &mut out)?;
        assert_eq!(out.to_f64_vec()?, [1.0, 1.0, 1.0, 1.0, 1.0, 1.0]);
        // shapes that do not broadcast are refused before anything runs; out untouched
        let e = ivy::clip(&x, 0.0, &f32s(&[1.0, 2.0])?).unwrap_err();
        assert!(matches!(e, Error::Shape { op: "clip", .. }), "{e}");
        let e = ivy::clip(&x, &col, &f32s(&[1.0, 2.0, 3.0, 4.0])?).unwrap_err();
        assert!(matches!(e, Error::Shape { op: "clip", .. }), "{e}");
        let mut out = f32s(&[7.0, 7.0, 7.0])?;
        assert!(ivy::clip_out(&x, &lo, 1.0, &mut out).is_err(), "out of x's shape, not the result's");
        assert_eq!(out.to_f64_vec()?, [7.0, 7.0, 7.0]);
        // scalar bounds keep Ivy's rules, also beside an array bound
        assert!(matches!(ivy::clip(&x, f64::NAN, &x), Err(Error::InvalidArgument { op: "clip", .. })));
        assert!(matches!(ivy::clip(&x, 2, 1), Err(Error::InvalidArgument { op: "clip", .. })));
    }

    fn clip_none_bounds(b) {
        let x = typed(&[-3.0, 0.0, 7.0], Dtype::Int64)?;
        let lo_only = ivy::clip(&x, -1, None::<i64>)?;
        assert_eq!((lo_only.dtype(), lo_only.to_vec::<i64>()?), (Dtype::Int64, vec![-1, 0, 7]));
        let hi_only = ivy::clip(&x, ClipBound::None, 5)?;
        assert_eq!(hi_only.to_vec::<i64>()?, [-3, 0, 5]);
        // no bound: a copy of x (numpy 2.1)
        let same = ivy::clip(&x, ClipBound::None, ClipBound::None)?;
        assert_eq!((same.dtype(), same.to_vec::<i64>()?), (Dtype::Int64, vec![-3, 0, 7]));
        // exact beyond 2^53: integer bounds are not rounded through f64
        let big = typed(&[0.0], Dtype::Int64)?;
        let big = ivy::add(&big, i64::MAX)?;
        assert_eq!(ivy::clip(&big, None::<i64>, i64::MAX - 1)?.to_vec::<i64>()?, [i64::MAX - 1]);
    }

    fn clip_by_name(b) {
        use ivy::registry::{call, Value};
        let x = f32s(&[-2.0, 0.5, 3.0])?;
        let hi = f32s(&[1.0, 0.0, 2.0])?;
        let args = [Value::from(&x), Value::None, Value::from(&hi)];
        let r = call("clip", &args, &[])?.as_array().unwrap().clone();
        assert_eq!((r.backend(), r.to_f64_vec()?), (b, vec![-2.0, 0.0, 2.0]));
        let args = [Value::from(&x), Value::from(0.0), Value::None];
        assert_eq!(call("clip", &args, &[])?.as_array().unwrap().to_f64_vec()?, [0.0, 0.5, 3.0]);
        let args = [Value::from(&x), Value::from(0.0), Value::from(1.0)];
        assert_eq!(call("clip", &args, &[])?.as_array().unwrap().to_f64_vec()?, [0.0, 0.5, 1.0]);
        // the parameters are the standard's, and say what they take
        let meta = ivy::registry::op("clip").unwrap().meta;
        let names: Vec<_> = meta.params.iter().map(|p| (p.name, p.arg)).collect();
        let bound = ivy_core::ArgType::Optional(&ivy_core::ArgType::Operand);
        assert_eq!(names, [("x", ivy_core::ArgType::Array), ("min", bound), ("max", bound)]);
    }

    fn integers_into_float_kernels_promote(b) {
        // superset support: candle's float kernels would panic on integers, ndarray's lack
        // them; both promote to a float dtype (float64 for int64) and agree
        let i = typed(&[0.0, 1.0], Dtype::Int64)?;
        for (r, want) in [(ivy::tan(&i)?, 1f64.tan()), (ivy::exp(&i)?, 1f64.exp()), (ivy::log(&i)?, 0.0)] {
            assert_eq!(r.dtype(), Dtype::Float64);
            assert!((r.to_f64_vec()?[1] - want).abs() < 1e-5);
        }
        let u = typed(&[2.0], Dtype::Uint8)?;
        assert_eq!(ivy::softplus(&u)?.dtype(), Dtype::Float32);
    }

    fn unsupported_dtype_is_an_error_not_a_panic(b) {
        // negating bools is rejected (by spec) on both backends
        let x = ivy::asarray(vec![true])?;
        match ivy::negative(&x) {
            Err(Error::UnsupportedDtype { op, dtype, backend, supported, .. }) => {
                assert_eq!((op, dtype, backend), ("negative", Dtype::Bool, b));
                assert!(supported.contains(Dtype::Float32) && !supported.contains(Dtype::Bool));
            }
            other => panic!("expected UnsupportedDtype, got {other:?}"),
        }
        let msg = ivy::negative(&x).unwrap_err().to_string();
        assert!(msg.contains("negative") && msg.contains("bool") && msg.contains(b.as_str()), "{msg}");
    }

    fn integer_arithmetic_wraps_on_both_backends(b) {
        // candle's integer kernels would panic on overflow in a debug build: ivy wraps, as
        // ndarray and numpy do (this workspace builds candle with overflow checks on)
        let u = typed(&[200.0, 3.0], Dtype::Uint8)?;
        assert_eq!(ivy::add(&u, &u)?.to_f64_vec()?, vec![144.0, 6.0]);
        assert_eq!(ivy::subtract(&u, 4)?.to_f64_vec()?, vec![196.0, 255.0]);
        assert_eq!(ivy::multiply(&u, 2)?.to_f64_vec()?, vec![144.0, 6.0]);
        assert_eq!(ivy::negative(&u)?.to_f64_vec()?, vec![56.0, 253.0]);
        assert_eq!(ivy::sum(&u)?.to_f64_vec()?, vec![203.0]);
        let big = ivy::asarray(vec![i64::MAX])?;
        let wrapped = ivy::multiply(&big, 2)?;
        let v: Vec<i64> = match b {
            Backend::Ndarray => ndarray::ArrayD::<i64>::try_from(wrapped)?.iter().copied().collect(),
            _ => candle_core::Tensor::try_from(wrapped)?.to_vec1::<i64>().unwrap(),
        };
        assert_eq!(v, vec![-2]);
        let i = typed(&[-128.0, 5.0], Dtype::Int16)?;
        assert_eq!(ivy::negative(&i)?.to_f64_vec()?, vec![128.0, -5.0]);
    }

    fn out_keeps_its_dtype(b) {
        let x = f32s(&[0.25, 0.5])?;
        let mut out = typed(&[0.0, 0.0], Dtype::Float64)?;
        ivy::tan_out(&x, &mut out)?;
        assert_eq!(out.dtype(), Dtype::Float64);
        assert_close(&out.to_f64_vec()?, &[0.25f64.tan(), 0.5f64.tan()], 1e-6);
        let mut same = f32s(&[0.0, 0.0])?;
        ivy::add_out(&x, &x, &mut same)?;
        assert_close(&same.to_f64_vec()?, &[0.5, 1.0], 0.0);
        x.exp_out(&mut same)?;
        assert_close(&same.to_f64_vec()?, &[0.25f64.exp(), 0.5f64.exp()], 1e-6);
    }

    fn failed_out_call_leaves_out_unchanged(b) {
        let x = f32s(&[1.0, 2.0, 3.0])?;
        let mut out = f32s(&[9.0, 9.0])?;
        assert!(matches!(ivy::tan_out(&x, &mut out), Err(Error::Shape { .. })));
        assert!(ivy::add_out(&x, &x, &mut out).is_err());
        if b == Backend::Ndarray {
            let bad = ivy::asarray(vec![true, false])?;
            assert!(ivy::negative_out(&bad, &mut out).is_err());
        }
        assert_eq!(out.to_f64_vec()?, vec![9.0, 9.0]);
        assert_eq!(out.dtype(), Dtype::Float32);
    }

    fn softplus_mixed(b) {
        // both backends override the body (`log(1 + exp(x))`, which overflows) with the
        // kernel row: 100 stays 100, where exp(100) is inf in float32
        let x = f32s(&[-1.0, 0.0, 2.0, 100.0])?;
        let want: Vec<f64> = [-1.0f64, 0.0, 2.0].iter().map(|v| (1.0 + v.exp()).ln()).chain([100.0]).collect();
        assert_close(&ivy::softplus(&x)?.to_f64_vec()?, &want, 1e-6);
        let mut out = f32s(&[0.0, 0.0, 0.0, 0.0])?;
        ivy::softplus_out(&x, &mut out)?;
        assert_close(&out.to_f64_vec()?, &want, 1e-6);
        let row = ivy::registry::support(ivy::registry::op("softplus").unwrap(), b).unwrap();
        assert!(row.native, "{b} overrides softplus");
        let t = ivy::softplus(&ivy::asarray(vec![true, false])?)?;
        assert_eq!(t.dtype(), Dtype::Float32);
    }
}

#[test]
fn mixed_op_without_backend_runs_the_body() {
    // Arrays exist, but no backend is set: Ivy runs the compositional body.
    let x = ivy::with_backend(Backend::Ndarray, || f32s(&[0.0, 1.0])).unwrap();
    assert_eq!(ivy::current_backend(), None);
    let y = ivy::softplus(&x).unwrap();
    assert_close(
        &y.to_f64_vec().unwrap(),
        &[2f64.ln(), (1.0 + 1f64.exp()).ln()],
        1e-6,
    );
}

#[test]
fn arrays_of_two_backends_are_an_error() {
    let a = ivy::with_backend(Backend::Ndarray, || f32s(&[1.0])).unwrap();
    let c = ivy::with_backend(Backend::Candle, || f32s(&[1.0])).unwrap();
    match ivy::add(&a, &c) {
        Err(Error::BackendMismatch { op: "add", .. }) => {}
        other => panic!("{other:?}"),
    }
    // converting one fixes it
    let c2 = c.to_backend(Backend::Ndarray).unwrap();
    assert_eq!(ivy::add(&a, &c2).unwrap().to_f64_vec().unwrap(), vec![2.0]);
}

#[test]
fn uint8_int8_promote_on_ndarray() {
    ivy::with_backend(Backend::Ndarray, || {
        let u = typed(&[200.0], Dtype::Uint8).unwrap();
        let i = typed(&[-100.0], Dtype::Int8).unwrap();
        let s = ivy::add(&u, &i).unwrap();
        assert_eq!(s.dtype(), Dtype::Int16);
        assert_eq!(s.to_f64_vec().unwrap(), vec![100.0]);
    });
}

#[test]
fn integer_overflow_wraps_on_both_backends() {
    for b in [Backend::Ndarray, Backend::Candle] {
        ivy::with_backend(b, || {
            let u = typed(&[250.0], Dtype::Uint8).unwrap();
            let s = ivy::add(&u, &u).unwrap();
            assert_eq!(s.dtype(), Dtype::Uint8);
            assert_eq!(s.to_f64_vec().unwrap(), vec![244.0], "{b}");
        });
    }
}

test_backends! {
    fn remainder_modulus_false_is_fmod(b) {
        let fmod = || RemainderKw { modulus: false };
        let rem = |x1: &Array, x2: &Array| ivy::remainder_with(x1, x2, fmod());
        // floats: the sign of x1, exact (C's fmod), where modulus=true has x2's sign
        let x = f32s(&[5.5, -5.5, 5.5, -5.5, 7.0, -1e-20, 3.0, -0.0])?;
        let y = f32s(&[2.0, 2.0, -2.0, -2.0, 7.0, 1.0, f64::INFINITY, 1.0])?;
        let r = rem(&x, &y)?;
        assert_eq!(r.dtype(), Dtype::Float32);
        let want = [1.5f32, -1.5, 1.5, -1.5, 0.0, -1e-20, 3.0, -0.0];
        let got = r.to_vec::<f32>()?;
        assert_eq!(got, want);
        // signed zeros: -0.0 for a negative x1 (fmod(-7, 7)), as C
        assert!(got[7].is_sign_negative());
        let m = ivy::remainder(&x, &y)?.to_vec::<f32>()?;
        assert_eq!(&m[..4], &[1.5, 0.5, -0.5, -1.5]);
        // float division by zero: NaN, as modulus=true; NaN and inf in: NaN
        let z = rem(&f32s(&[1.0, f64::NAN, f64::INFINITY])?, &f32s(&[0.0, 1.0, 2.0])?)?;
        assert!(z.to_f64_vec()?.iter().all(|v| v.is_nan()));
        // integers: exact, x % 0 is 0 (the rule of modulus=true), MIN and -1 included
        let i = typed(&[7.0, -7.0, 7.0, -7.0, -7.0, -2147483648.0, -2147483648.0, 5.0], Dtype::Int32)?;
        let d = typed(&[3.0, 3.0, -3.0, -3.0, 0.0, -1.0, 2147483647.0, -2147483648.0], Dtype::Int32)?;
        let r = rem(&i, &d)?;
        assert_eq!(r.dtype(), Dtype::Int32);
        assert_eq!(r.to_vec::<i32>()?, [1, -1, 1, -1, 0, 0, -1, 5]);
        // unsigned: the same as modulus=true
        let u = typed(&[7.0, 200.0], Dtype::Uint8)?;
        assert_eq!(rem(&u, &typed(&[3.0, 0.0], Dtype::Uint8)?)?.to_vec::<u8>()?, [1, 0]);
        // scalars and broadcasting, as modulus=true
        let s = ivy::remainder_with(&typed(&[-7.0, 7.0], Dtype::Int64)?, 3, fmod())?;
        assert_eq!((s.dtype(), s.to_vec::<i64>()?), (Dtype::Int64, vec![-1, 1]));
        let col = f32s(&[5.0, -5.0])?.reshape(&[2, 1])?;
        let s = rem(&col, &f32s(&[3.0, -3.0])?)?;
        assert_eq!((s.shape(), s.to_vec::<f32>()?), (&[2usize, 2][..], vec![2.0, 2.0, -2.0, -2.0]));
        // the method and nested forms take the keyword too
        assert_eq!(x.remainder_with(2, fmod())?.to_vec::<f32>()?[1], -1.5);
        let c = ivy::container! { a: f32s(&[-5.5])? };
        assert_eq!(c.remainder_with(2, fmod())?.at("a")?.to_vec::<f32>()?, [-1.5]);
        // bools and complex numbers: the op's error, named after it
        let t = typed(&[1.0], Dtype::Bool)?;
        assert!(matches!(rem(&t, &t), Err(Error::UnsupportedDtype { op: "remainder", .. })));
        // out: keeps its dtype; a wrong shape is an error that leaves it unchanged
        let mut out = ivy::zeros_with([8], ZerosKw { dtype: Some(Dtype::Float64), device: None })?;
        ivy::remainder_with_out(&x, &y, fmod(), &mut out)?;
        assert_eq!(out.dtype(), Dtype::Float64);
        assert_eq!(out.to_vec::<f64>()?[..4], [1.5, -1.5, 1.5, -1.5]);
        let mut small = ivy::ones([3])?;
        for modulus in [true, false] {
            let e = ivy::remainder_with_out(&x, &y, RemainderKw { modulus }, &mut small);
            assert!(matches!(e, Err(Error::Shape { op: "remainder", .. })), "{e:?}");
            assert_eq!(small.to_vec::<f32>()?, [1.0; 3]);
        }
    }
}

/// The seed's special path on ndarray: `remainder_out` writes `out`'s own buffer through
/// the kernel row (`modulus = true`, native) and through `inplace_update` after the
/// composed ops (`modulus = false`): the pointer is the same before and after.
#[test]
fn remainder_out_keeps_the_buffer_on_both_paths() -> ivy::Result<()> {
    use ivy::backends::NdArray;
    fn ptr(x: &Array) -> *const u8 {
        match x.native() {
            ivy::NativeArray::Ndarray(NdArray::Float32(a)) => a.as_ptr().cast(),
            ivy::NativeArray::Ndarray(NdArray::Float64(a)) => a.as_ptr().cast(),
            ivy::NativeArray::Ndarray(NdArray::Int32(a)) => a.as_ptr().cast(),
            other => panic!("unexpected {other:?}"),
        }
    }
    ivy::with_backend(Backend::Ndarray, || {
        let x = f32s(&[5.5, -5.5, 7.0])?;
        for (modulus, want) in [(true, [1.5, 0.5, 1.0]), (false, [1.5, -1.5, 1.0])] {
            let kw = RemainderKw { modulus };
            // out of the result's dtype, and of another one (cast into its buffer)
            for d in [Dtype::Float32, Dtype::Float64] {
                let mut out = ivy::zeros_with(
                    [3],
                    ZerosKw {
                        dtype: Some(d),
                        device: None,
                    },
                )?;
                let before = ptr(&out);
                ivy::remainder_with_out(&x, 2, kw.clone(), &mut out)?;
                assert_eq!(ptr(&out), before, "modulus = {modulus}, out {d}");
                assert_eq!((out.dtype(), out.to_f64_vec()?), (d, want.to_vec()));
            }
        }
        // integers too
        let i = typed(&[-7.0, 7.0], Dtype::Int32)?;
        let mut out = ivy::zeros_with(
            [2],
            ZerosKw {
                dtype: Some(Dtype::Int32),
                device: None,
            },
        )?;
        let before = ptr(&out);
        ivy::remainder_with_out(&i, 3, RemainderKw { modulus: false }, &mut out)?;
        assert_eq!((ptr(&out), out.to_vec::<i32>()?), (before, vec![-1, 1]));
        Ok(())
    })
}

/// `remainder` is a hand-written backend method (it takes `modulus`) that runs the kernel
/// row `Remainder`: its declared support is the row's (`family::info`), so the support
/// queries and the in-place path of `rem_assign` (which requires the family's support
/// constant) are those of a family op.
#[test]
fn remainder_support_is_its_kernel_rows() {
    use ivy::family::info;
    use ivy::functional::elementwise::ElementwiseBackend;
    use ivy::kernels::Remainder;
    use ivy::{CandleBackend, NdarrayBackend};
    assert_eq!(
        <NdarrayBackend as ElementwiseBackend>::REMAINDER,
        info::<NdarrayBackend, Remainder>()
    );
    assert_eq!(
        <CandleBackend as ElementwiseBackend>::REMAINDER,
        info::<CandleBackend, Remainder>()
    );
}

test_backends! {
    /// An error names the op called: a complex scalar makes `bitwise_or`'s operands
    /// complex128, which candle cannot hold; the cast inside the promotion said
    /// "asked by `astype`" there.
    fn bitwise_or_dtype_errors_name_bitwise_or(b) {
        let x = typed(&[1.0, 2.0], Dtype::Uint8)?;
        let e = ivy::bitwise_or(&x, Scalar::Complex(1.0, 0.0)).unwrap_err();
        assert_eq!(e.op(), Some("bitwise_or"), "{e}");
        assert!(e.to_string().contains("`bitwise_or`"), "{e}");
        assert!(!e.to_string().contains("astype"), "{e}");
    }
}

// Issue 33: inputs outside the Array API's dtypes where numpy 2 and both of Ivy's backends
// agree, and the float dtype float-only functions of integers compute in.
test_backends! {
    fn bools_where_numpy_and_ivy_agree(b) {
        let t = |v: &[bool]| ivy::asarray(v.to_vec());
        let x = t(&[true, false])?;
        for r in [ivy::abs(&x)?, ivy::ceil(&x)?, ivy::floor(&x)?, ivy::trunc(&x)?] {
            assert_eq!((r.dtype(), r.backend()), (Dtype::Bool, b));
            assert_eq!(r.to_vec::<bool>()?, [true, false]);
        }
        let (p, q) = (t(&[true, true, false, false])?, t(&[true, false, true, false])?);
        let add = ivy::add(&p, &q)?;
        assert_eq!((add.dtype(), add.to_vec::<bool>()?), (Dtype::Bool, vec![true, true, true, false]));
        let mul = ivy::multiply(&p, &q)?;
        assert_eq!(mul.to_vec::<bool>()?, [true, false, false, false]);
        assert_eq!(ivy::less(&p, &q)?.to_vec::<bool>()?, [false, false, true, false]);
        assert_eq!(ivy::less_equal(&p, &q)?.to_vec::<bool>()?, [true, false, true, true]);
        assert_eq!(ivy::greater(&p, &q)?.to_vec::<bool>()?, [false, true, false, false]);
        assert_eq!(ivy::greater_equal(&p, &q)?.to_vec::<bool>()?, [true, true, false, true]);
        // matmul of bools: OR of ANDs, a bool (numpy)
        let m = ivy::matmul(&p, &q)?;
        assert_eq!((m.dtype(), m.item::<bool>()?), (Dtype::Bool, true));
        let m = ivy::matmul(&t(&[false, true])?, &t(&[true, false])?)?;
        assert!(!m.item::<bool>()?);
        // signbit of integers and bools (numpy: x < 0; never for bools)
        let i = typed(&[-3.0, 0.0, 7.0], Dtype::Int64)?;
        assert_eq!(ivy::signbit(&i)?.to_vec::<bool>()?, [true, false, false]);
        assert_eq!(ivy::signbit(&x)?.to_vec::<bool>()?, [false, false]);
        // where numpy (int8) and Ivy's jax backend (int32) disagree: still refused
        for r in [ivy::square(&x), ivy::conj(&x), ivy::pow(&x, &x), ivy::floor_divide(&x, &x),
                  ivy::remainder(&x, &x), ivy::bitwise_left_shift(&x, &x),
                  ivy::bitwise_right_shift(&x, &x)] {
            assert!(matches!(r, Err(Error::UnsupportedDtype { dtype: Dtype::Bool, .. })), "{r:?}");
        }
    }

    fn complex_division_does_not_overflow_in_between(b) {
        if b != Backend::Ndarray {
            return Ok(()); // candle holds no complex dtype
        }
        // the textbook formula's c² + d² is above float32's range here, and the quotient
        // came out 0 (found by the Array API suite); numpy: 0.8538076-0.52058876j
        let a = ivy::asarray([num_complex::Complex::new(9.607_876e18f32, 1.574_709_8e19)])?;
        let d = ivy::asarray([num_complex::Complex::new(5.515_761e15f32, 1.844_674_3e19)])?;
        let q = ivy::divide(&a, &d)?.to_vec::<num_complex::Complex<f32>>()?[0];
        assert!((q.re - 0.853_807_6).abs() < 1e-6 && (q.im + 0.520_588_76).abs() < 1e-6, "{q}");
        // by zero: numpy's infinities
        let z = ivy::asarray([num_complex::Complex::new(0.0f32, 0.0)])?;
        let one = ivy::asarray([num_complex::Complex::new(1.0f32, 1.0)])?;
        let q = ivy::divide(&one, &z)?.to_vec::<num_complex::Complex<f32>>()?[0];
        assert!(q.re.is_infinite() && q.im.is_infinite(), "{q}");
    }

    fn complex_order_as_numpy(b) {
        if b != Backend::Ndarray {
            return Ok(()); // candle holds no complex dtype
        }
        let c = |v: &[(f64, f64)]| {
            ivy::asarray(v.iter().map(|&(r, i)| num_complex::Complex::new(r, i)).collect::<Vec<_>>())?
                .cast(Dtype::Complex128)
        };
        let nan = f64::NAN;
        let x = c(&[(1.0, 2.0), (1.0, nan), (2.0, 0.0), (1.0, 1.0)])?;
        let y = c(&[(1.0, 3.0), (2.0, 0.0), (1.0, nan), (1.0, 1.0)])?;
        // lexicographic; a NaN component makes every ordering false (numpy's CLT)
        assert_eq!(ivy::less(&x, &y)?.to_vec::<bool>()?, [true, false, false, false]);
        assert_eq!(ivy::less_equal(&x, &y)?.to_vec::<bool>()?, [true, false, false, true]);
        assert_eq!(ivy::greater(&y, &x)?.to_vec::<bool>()?, [true, false, false, false]);
        assert_eq!(ivy::greater_equal(&x, &y)?.to_vec::<bool>()?, [false, false, false, true]);
        // maximum: a NaN operand wins (the first, if both have one), as numpy
        let m = ivy::maximum(&c(&[(2.0, 0.0)])?, &c(&[(1.0, nan)])?)?;
        let v = m.to_vec::<num_complex::Complex<f64>>()?;
        assert!(v[0].re == 1.0 && v[0].im.is_nan(), "{v:?}");
        // max / min reductions: lexicographic, the first NaN number wins
        let z = c(&[(1.0, 2.0), (1.0, 3.0), (0.0, 9.0)])?;
        assert_eq!(ivy::max(&z)?.item::<num_complex::Complex<f64>>()?, num_complex::Complex::new(1.0, 3.0));
        assert_eq!(ivy::min(&z)?.item::<num_complex::Complex<f64>>()?, num_complex::Complex::new(0.0, 9.0));
        let w = c(&[(3.0, 0.0), (1.0, nan), (2.0, 0.0)])?;
        let r = ivy::max(&w)?.item::<num_complex::Complex<f64>>()?;
        assert!(r.re == 1.0 && r.im.is_nan(), "{r:?}");
    }

    fn wide_ints_compute_in_float64(b) {
        let i64s = typed(&[1.0, 2.0], Dtype::Int64)?;
        let i32s = typed(&[1.0, 2.0], Dtype::Int32)?;
        let t = ivy::tan(&i64s)?;
        assert_eq!((t.dtype(), t.backend()), (Dtype::Float64, b));
        assert_close(&t.to_f64_vec()?, &[1f64.tan(), 2f64.tan()], 1e-15);
        assert_eq!(ivy::tan(&i32s)?.dtype(), Dtype::Float32);
        assert_eq!(ivy::tan(&ivy::asarray(vec![true])?)?.dtype(), Dtype::Float32);
        // after promotion: int32 with int64 is int64
        assert_eq!(ivy::atan2(&i32s, &i64s)?.dtype(), Dtype::Float64);
        assert_eq!(ivy::hypot(&i64s, &i64s)?.dtype(), Dtype::Float64);
        assert_eq!(ivy::logaddexp(&i32s, &i64s)?.dtype(), Dtype::Float64);
        assert_eq!(ivy::divide(&i64s, &i64s)?.dtype(), Dtype::Float64);
        assert_eq!(ivy::divide(&i32s, &i32s)?.dtype(), Dtype::Float32);
        assert_eq!(ivy::mean(&i64s)?.dtype(), Dtype::Float64);
        assert_eq!(ivy::mean(&i32s)?.dtype(), Dtype::Float32);
        // the default float still decides for narrower integers
        ivy::with_default(ivy::DefaultKind::Float, Dtype::Float64, || -> ivy::Result<()> {
            assert_eq!(ivy::tan(&i32s)?.dtype(), Dtype::Float64);
            Ok(())
        })??;
    }
}

/// An array bound decides the backend as an array argument does: two backends is
/// `Error::BackendMismatch`, naming `clip`.
#[test]
fn clip_array_bound_takes_part_in_backend_selection() -> ivy::Result<()> {
    let x = ivy::with_backend(Backend::Ndarray, || f32s(&[1.0, 2.0]))?;
    let lo = ivy::with_backend(Backend::Candle, || f32s(&[0.0, 3.0]))?;
    let e = ivy::clip(&x, &lo, None::<f64>).unwrap_err();
    assert!(
        matches!(e, Error::BackendMismatch { op: "clip", .. }),
        "{e}"
    );
    Ok(())
}

/// What a component of a complex special case must be: exactly `v` (a NaN matches a
/// NaN, a zero's sign counts), `v` up to its sign (the standard leaves the sign
/// unspecified), or close to `v` (a multiple of π), sign included or not.
#[derive(Clone, Copy, Debug)]
enum Want {
    Is(f64),
    AnySign(f64),
    Near(f64),
    NearAnySign(f64),
}

impl Want {
    fn holds(self, got: f64) -> bool {
        let near = |v: f64, g: f64| (g - v).abs() <= 1e-6 * v.abs();
        match self {
            Want::Is(v) if v.is_nan() => got.is_nan(),
            Want::Is(v) => got == v && got.is_sign_negative() == v.is_sign_negative(),
            Want::AnySign(v) => got.abs() == v.abs(),
            Want::Near(v) => near(v, got),
            Want::NearAnySign(v) => near(v.abs(), got.abs()),
        }
    }
}

type UnaryOp = fn(&Array) -> ivy::Result<Array>;
/// One special case: the op, the real parts `a` and imaginary parts `b` it covers (every
/// pair), and the result for `(a, b)`.
/// The result a special case gives for `(a, b)`.
type Rule = fn(f64, f64) -> [Want; 2];
type SpecialCase = (&'static str, UnaryOp, &'static [f64], &'static [f64], Rule);

test_backends! {
    /// Every complex special case that the Array API standard (2023.12, "Special cases" of
    /// the element-wise functions) lists for `expm1`, `acosh`, `tanh`, `sign` and the other
    /// complex functions with such a list, on complex64 and complex128, each condition
    /// tried at several values ("a finite number": zeros of both signs, small, large,
    /// negative). The zero of a `0j` is +0 where the standard says nothing of its sign (as
    /// the standard's test suite reads it).
    fn complex_special_cases_of_the_standard(b) {
        use core::f64::consts::{FRAC_PI_2, FRAC_PI_4, PI};
        use Want::{AnySign, Is, Near, NearAnySign};
        if b != Backend::Ndarray {
            return Ok(()); // candle holds no complex dtype
        }
        const INF: f64 = f64::INFINITY;
        const NAN: f64 = f64::NAN;
        const N: Want = Is(NAN);
        const ZEROS: &[f64] = &[0.0, -0.0];
        const FINITE: &[f64] = &[0.0, -0.0, 1.5, -2.0, 100.0];
        const NONZERO_FINITE: &[f64] = &[1.5, -2.0, 100.0, -0.0009765625];
        const POSITIVE_FINITE: &[f64] = &[0.5, 2.0, 100.0];
        const NONZERO: &[f64] = &[1.5, -2.0, INF, -INF];
        const NOT_INFINITE: &[f64] = &[0.0, -0.0, 1.5, -2.0, NAN];
        const ANY: &[f64] = &[0.0, -0.0, 1.5, -2.0, INF, -INF, NAN];
        // `s · cis(b)` for an infinite or zero `s` (the `+infinity * cis(b)` of the standard)
        fn cis(s: f64, b: f64) -> [Want; 2] {
            [Is(s * b.cos()), Is(s * b.sin())]
        }
        let expm1: UnaryOp = |x| ivy::expm1(x);
        let acosh: UnaryOp = |x| ivy::acosh(x);
        let tanh: UnaryOp = |x| ivy::tanh(x);
        let sign: UnaryOp = |x| ivy::sign(x);
        let acos: UnaryOp = |x| ivy::acos(x);
        let asinh: UnaryOp = |x| ivy::asinh(x);
        let atanh: UnaryOp = |x| ivy::atanh(x);
        let cosh: UnaryOp = |x| ivy::cosh(x);
        let sinh: UnaryOp = |x| ivy::sinh(x);
        let exp: UnaryOp = |x| ivy::exp(x);
        let log: UnaryOp = |x| ivy::log(x);
        let log1p: UnaryOp = |x| ivy::log1p(x);
        let sqrt: UnaryOp = |x| ivy::sqrt(x);
        let mut cases: Vec<SpecialCase> = vec![
            ("expm1", expm1, ZEROS, &[0.0], |_, _| [Is(0.0), Is(0.0)]),
            ("expm1", expm1, FINITE, &[INF], |_, _| [N, N]),
            ("expm1", expm1, FINITE, &[NAN], |_, _| [N, N]),
            ("expm1", expm1, &[INF], &[0.0], |_, _| [Is(INF), Is(0.0)]),
            ("expm1", expm1, &[-INF], FINITE, |_, b| [Is(-1.0), Is(0f64.copysign(b.sin()))]),
            ("expm1", expm1, &[INF], NONZERO_FINITE, |_, b| cis(INF, b)),
            ("expm1", expm1, &[-INF], &[INF], |_, _| [Is(-1.0), Is(0.0)]),
            ("expm1", expm1, &[INF], &[INF], |_, _| [Is(INF), N]),
            ("expm1", expm1, &[-INF], &[NAN], |_, _| [Is(-1.0), Is(0.0)]),
            ("expm1", expm1, &[INF], &[NAN], |_, _| [Is(INF), N]),
            ("expm1", expm1, &[NAN], &[0.0], |_, _| [N, Is(0.0)]),
            ("expm1", expm1, &[NAN], NONZERO, |_, _| [N, N]),
            ("expm1", expm1, &[NAN], &[NAN], |_, _| [N, N]),
            ("acosh", acosh, ZEROS, &[0.0], |_, _| [Is(0.0), Near(FRAC_PI_2)]),
            ("acosh", acosh, FINITE, &[INF], |_, _| [Is(INF), Near(FRAC_PI_2)]),
            ("acosh", acosh, NONZERO_FINITE, &[NAN], |_, _| [N, N]),
            ("acosh", acosh, &[0.0], &[NAN], |_, _| [N, NearAnySign(FRAC_PI_2)]),
            ("acosh", acosh, &[-INF], POSITIVE_FINITE, |_, _| [Is(INF), Near(PI)]),
            ("acosh", acosh, &[INF], POSITIVE_FINITE, |_, _| [Is(INF), Is(0.0)]),
            ("acosh", acosh, &[-INF], &[INF], |_, _| [Is(INF), Near(3.0 * FRAC_PI_4)]),
            ("acosh", acosh, &[INF], &[INF], |_, _| [Is(INF), Near(FRAC_PI_4)]),
            ("acosh", acosh, &[INF, -INF], &[NAN], |_, _| [Is(INF), N]),
            ("acosh", acosh, &[NAN], FINITE, |_, _| [N, N]),
            ("acosh", acosh, &[NAN], &[INF], |_, _| [Is(INF), N]),
            ("acosh", acosh, &[NAN], &[NAN], |_, _| [N, N]),
            ("tanh", tanh, &[0.0], &[0.0], |_, _| [Is(0.0), Is(0.0)]),
            ("tanh", tanh, NONZERO_FINITE, &[INF], |_, _| [N, N]),
            ("tanh", tanh, &[0.0], &[INF], |_, _| [Is(0.0), N]),
            ("tanh", tanh, NONZERO_FINITE, &[NAN], |_, _| [N, N]),
            ("tanh", tanh, &[0.0], &[NAN], |_, _| [Is(0.0), N]),
            ("tanh", tanh, &[INF], POSITIVE_FINITE, |_, _| [Is(1.0), Is(0.0)]),
            ("tanh", tanh, &[INF], &[INF], |_, _| [Is(1.0), AnySign(0.0)]),
            ("tanh", tanh, &[INF], &[NAN], |_, _| [Is(1.0), AnySign(0.0)]),
            ("tanh", tanh, &[NAN], &[0.0], |_, _| [N, Is(0.0)]),
            ("tanh", tanh, &[NAN], NONZERO, |_, _| [N, N]),
            ("tanh", tanh, &[NAN], &[NAN], |_, _| [N, N]),
            ("sign", sign, ZEROS, ZEROS, |_, _| [Is(0.0), Is(0.0)]),
            ("sign", sign, &[NAN], ANY, |_, _| [N, N]),
            ("sign", sign, ANY, &[NAN], |_, _| [N, N]),
            ("acos", acos, ZEROS, &[0.0], |_, _| [Near(FRAC_PI_2), Is(-0.0)]),
            ("acos", acos, ZEROS, &[NAN], |_, _| [Near(FRAC_PI_2), N]),
            ("acos", acos, FINITE, &[INF], |_, _| [Near(FRAC_PI_2), Is(-INF)]),
            ("acos", acos, NONZERO_FINITE, &[NAN], |_, _| [N, N]),
            ("acos", acos, &[-INF], POSITIVE_FINITE, |_, _| [Near(PI), Is(-INF)]),
            ("acos", acos, &[INF], POSITIVE_FINITE, |_, _| [Is(0.0), Is(-INF)]),
            ("acos", acos, &[-INF], &[INF], |_, _| [Near(3.0 * FRAC_PI_4), Is(-INF)]),
            ("acos", acos, &[INF], &[INF], |_, _| [Near(FRAC_PI_4), Is(-INF)]),
            ("acos", acos, &[INF, -INF], &[NAN], |_, _| [N, AnySign(INF)]),
            ("acos", acos, &[NAN], FINITE, |_, _| [N, N]),
            ("acos", acos, &[NAN], &[INF], |_, _| [N, Is(-INF)]),
            ("acos", acos, &[NAN], &[NAN], |_, _| [N, N]),
            ("asinh", asinh, &[0.0], &[0.0], |_, _| [Is(0.0), Is(0.0)]),
            ("asinh", asinh, POSITIVE_FINITE, &[INF], |_, _| [Is(INF), Near(FRAC_PI_2)]),
            ("asinh", asinh, FINITE, &[NAN], |_, _| [N, N]),
            ("asinh", asinh, &[INF], POSITIVE_FINITE, |_, _| [Is(INF), Is(0.0)]),
            ("asinh", asinh, &[INF], &[INF], |_, _| [Is(INF), Near(FRAC_PI_4)]),
            ("asinh", asinh, &[NAN], &[0.0], |_, _| [N, Is(0.0)]),
            ("asinh", asinh, &[NAN], NONZERO_FINITE, |_, _| [N, N]),
            ("asinh", asinh, &[NAN], &[INF], |_, _| [AnySign(INF), N]),
            ("asinh", asinh, &[NAN], &[NAN], |_, _| [N, N]),
            ("atanh", atanh, &[0.0], &[0.0], |_, _| [Is(0.0), Is(0.0)]),
            ("atanh", atanh, &[0.0], &[NAN], |_, _| [Is(0.0), N]),
            ("atanh", atanh, &[1.0], &[0.0], |_, _| [Is(INF), Is(0.0)]),
            ("atanh", atanh, POSITIVE_FINITE, &[INF], |_, _| [Is(0.0), Near(FRAC_PI_2)]),
            ("atanh", atanh, NONZERO_FINITE, &[NAN], |_, _| [N, N]),
            ("atanh", atanh, &[INF], POSITIVE_FINITE, |_, _| [Is(0.0), Near(FRAC_PI_2)]),
            ("atanh", atanh, &[INF], &[INF], |_, _| [Is(0.0), Near(FRAC_PI_2)]),
            ("atanh", atanh, &[INF], &[NAN], |_, _| [Is(0.0), N]),
            ("atanh", atanh, &[NAN], FINITE, |_, _| [N, N]),
            ("atanh", atanh, &[NAN], &[INF], |_, _| [AnySign(0.0), Near(FRAC_PI_2)]),
            ("atanh", atanh, &[NAN], &[NAN], |_, _| [N, N]),
            ("cosh", cosh, &[0.0], &[0.0], |_, _| [Is(1.0), Is(0.0)]),
            ("cosh", cosh, &[0.0], &[INF, NAN], |_, _| [N, AnySign(0.0)]),
            ("cosh", cosh, NONZERO_FINITE, &[INF, NAN], |_, _| [N, N]),
            ("cosh", cosh, &[INF], &[0.0], |_, _| [Is(INF), Is(0.0)]),
            ("cosh", cosh, &[INF], NONZERO_FINITE, |_, b| cis(INF, b)),
            ("cosh", cosh, &[INF], &[INF], |_, _| [AnySign(INF), N]),
            ("cosh", cosh, &[INF], &[NAN], |_, _| [Is(INF), N]),
            ("cosh", cosh, &[NAN], ZEROS, |_, _| [N, AnySign(0.0)]),
            ("cosh", cosh, &[NAN], NONZERO_FINITE, |_, _| [N, N]),
            ("cosh", cosh, &[NAN], &[NAN], |_, _| [N, N]),
            ("sinh", sinh, &[0.0], &[0.0], |_, _| [Is(0.0), Is(0.0)]),
            ("sinh", sinh, &[0.0], &[INF, NAN], |_, _| [AnySign(0.0), N]),
            ("sinh", sinh, POSITIVE_FINITE, &[INF, NAN], |_, _| [N, N]),
            ("sinh", sinh, &[INF], &[0.0], |_, _| [Is(INF), Is(0.0)]),
            ("sinh", sinh, &[INF], POSITIVE_FINITE, |_, b| cis(INF, b)),
            ("sinh", sinh, &[INF], &[INF, NAN], |_, _| [AnySign(INF), N]),
            ("sinh", sinh, &[NAN], &[0.0], |_, _| [N, Is(0.0)]),
            ("sinh", sinh, &[NAN], NONZERO_FINITE, |_, _| [N, N]),
            ("sinh", sinh, &[NAN], &[NAN], |_, _| [N, N]),
            ("exp", exp, ZEROS, &[0.0], |_, _| [Is(1.0), Is(0.0)]),
            ("exp", exp, FINITE, &[INF, NAN], |_, _| [N, N]),
            ("exp", exp, &[INF], &[0.0], |_, _| [Is(INF), Is(0.0)]),
            ("exp", exp, &[-INF], FINITE, |_, b| cis(0.0, b)),
            ("exp", exp, &[INF], NONZERO_FINITE, |_, b| cis(INF, b)),
            ("exp", exp, &[-INF], &[INF, NAN], |_, _| [Is(0.0), Is(0.0)]),
            ("exp", exp, &[INF], &[INF, NAN], |_, _| [Is(INF), N]),
            ("exp", exp, &[NAN], &[0.0], |_, _| [N, Is(0.0)]),
            ("exp", exp, &[NAN], NONZERO, |_, _| [N, N]),
            ("exp", exp, &[NAN], &[NAN], |_, _| [N, N]),
            ("log", log, &[-0.0], &[0.0], |_, _| [Is(-INF), Near(PI)]),
            ("log", log, &[0.0], &[0.0], |_, _| [Is(-INF), Is(0.0)]),
            ("log1p", log1p, &[-1.0], &[0.0], |_, _| [Is(-INF), Is(0.0)]),
            ("sqrt", sqrt, ZEROS, &[0.0], |_, _| [Is(0.0), Is(0.0)]),
            ("sqrt", sqrt, ANY, &[INF], |_, _| [Is(INF), Is(INF)]),
            ("sqrt", sqrt, FINITE, &[NAN], |_, _| [N, N]),
            ("sqrt", sqrt, &[-INF], POSITIVE_FINITE, |_, _| [Is(0.0), Is(INF)]),
            ("sqrt", sqrt, &[INF], POSITIVE_FINITE, |_, _| [Is(INF), Is(0.0)]),
            ("sqrt", sqrt, &[-INF], &[NAN], |_, _| [N, AnySign(INF)]),
            ("sqrt", sqrt, &[INF], &[NAN], |_, _| [Is(INF), N]),
            ("sqrt", sqrt, &[NAN], NOT_INFINITE, |_, _| [N, N]),
        ];
        // log and log1p share the rest of their lists (log1p's `a` shifted by 1 is no
        // change for these conditions)
        for (name, op) in [("log", log), ("log1p", log1p)] {
            let rows: [(&'static [f64], &'static [f64], Rule); 10] = [
                (FINITE, &[INF], |_, _| [Is(INF), Near(FRAC_PI_2)]),
                (FINITE, &[NAN], |_, _| [N, N]),
                (&[-INF], POSITIVE_FINITE, |_, _| [Is(INF), Near(PI)]),
                (&[INF], POSITIVE_FINITE, |_, _| [Is(INF), Is(0.0)]),
                (&[-INF], &[INF], |_, _| [Is(INF), Near(3.0 * FRAC_PI_4)]),
                (&[INF], &[INF], |_, _| [Is(INF), Near(FRAC_PI_4)]),
                (&[INF, -INF], &[NAN], |_, _| [Is(INF), N]),
                (&[NAN], FINITE, |_, _| [N, N]),
                (&[NAN], &[INF], |_, _| [Is(INF), N]),
                (&[NAN], &[NAN], |_, _| [N, N]),
            ];
            cases.extend(rows.into_iter().map(|(a, b, w)| (name, op, a, b, w)));
        }
        let mut failures = Vec::new();
        for (name, op, re, im, want) in cases {
            let pairs: Vec<(f64, f64)> =
                re.iter().flat_map(|&a| im.iter().map(move |&b| (a, b))).collect();
            let z = ivy::asarray(
                pairs.iter().map(|&(a, b)| num_complex::Complex::new(a, b)).collect::<Vec<_>>(),
            )?;
            for dtype in [Dtype::Complex64, Dtype::Complex128] {
                let got = op(&z.cast(dtype)?)?;
                assert_eq!(got.dtype(), dtype, "{name}");
                let got = got.cast(Dtype::Complex128)?.to_vec::<num_complex::Complex<f64>>()?;
                for (&(a, b), w) in pairs.iter().zip(got) {
                    let [wr, wi] = want(a, b);
                    if !(wr.holds(w.re) && wi.holds(w.im)) {
                        failures.push(format!(
                            "{name}({a:?} + {b:?}j) as {dtype:?} gave {w:?}, want {wr:?} + {wi:?}j"
                        ));
                    }
                }
            }
        }
        assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
    }
}
