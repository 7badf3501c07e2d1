//! `sum` and the compositional `cross_entropy`, on every backend.

use ivy::prelude::*;
use ivy::{Error, OpKind};
use ivy_tests::{assert_close, f32s, test_backends, typed};

fn matrix() -> ivy::Result<Array> {
    ivy::asarray(Data::from(vec![1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0]).reshape(&[2, 3])?)
}

test_backends! {
    fn sum_all_and_axes(b) {
        let m = matrix()?;
        let all = ivy::sum(&m)?;
        assert_eq!(all.shape(), &[] as &[usize]);
        assert_eq!(all.to_f64_vec()?, vec![21.0]);
        let kw = SumKw { axis: Some(vec![0]), ..Default::default() };
        let s0 = ivy::sum_with(&m, kw)?;
        assert_eq!(s0.shape(), &[3]);
        assert_eq!(s0.to_f64_vec()?, vec![5.0, 7.0, 9.0]);
        let kw = SumKw { axis: Some(vec![-1]), keepdims: true, dtype: Some(Dtype::Float64) };
        let s1 = m.sum_with(kw)?;
        assert_eq!((s1.shape(), s1.dtype()), (&[2usize, 1][..], Dtype::Float64));
        assert_eq!(s1.to_f64_vec()?, vec![6.0, 15.0]);
        let bad = SumKw { axis: Some(vec![2]), ..Default::default() };
        assert!(matches!(ivy::sum_with(&m, bad), Err(Error::Axis { op: "sum", axis: 2, ndim: 2 })));
    }

    fn sum_out(b) {
        let m = matrix()?;
        let mut out = typed(&[0.0, 0.0], Dtype::Float64)?;
        let kw = SumKw { axis: Some(vec![1]), ..Default::default() };
        ivy::sum_with_out(&m, kw, &mut out)?;
        assert_eq!((out.dtype(), out.to_f64_vec()?), (Dtype::Float64, vec![6.0, 15.0]));
    }

    fn cross_entropy_matches_the_seed_formula(b) {
        let t = f32s(&[0.0, 1.0, 0.0])?;
        let p = f32s(&[0.2, 0.7, 0.1])?;
        let ce = ivy::cross_entropy(&t, &p)?;
        assert_close(&ce.to_f64_vec()?, &[-(0.7f64.ln())], 1e-6);
        // out is handled inside the body (passed to `negative`)
        let mut out = typed(&[0.0], Dtype::Float64)?;
        let mut out0 = ivy::zeros_with([], ZerosKw { dtype: Some(Dtype::Float64), device: None })?;
        ivy::cross_entropy_out(&t, &p, &mut out0)?;
        assert_close(&out0.to_f64_vec()?, &[-(0.7f64.ln())], 1e-6);
        assert_eq!(out0.dtype(), Dtype::Float64);
        assert!(ivy::cross_entropy_out(&t, &p, &mut out).is_err(), "shape [] vs [1]");
        assert_eq!(out.to_f64_vec()?, vec![0.0]);
        // keyword arguments
        let kw = CrossEntropyKw { axis: -1, epsilon: 0.25, ..Default::default() };
        let clipped = ivy::cross_entropy_with(&t, &p, kw.clone())?;
        assert_close(&clipped.to_f64_vec()?, &[-(0.7f64.ln())], 1e-6);
        let t2 = f32s(&[1.0, 0.0, 0.0])?;
        let clipped = t2.cross_entropy_with(&p, kw)?;
        assert_close(&clipped.to_f64_vec()?, &[-(0.25f64.ln())], 1e-6);
    }

    /// Issue 33: a float reduction of integers accumulates in float64 and rounds once to
    /// the result dtype (`sum`/`prod` with a float `dtype`, `mean`, `var`, `std`,
    /// `cumulative_sum`), the same on both backends.
    fn integer_inputs_accumulate_in_float64(b) {
        // int32 values below 2^24 (exact in float32) whose sum, 3.4e10, is beyond float16's
        // range and bfloat16's precision
        let v: Vec<f64> = (0..4096i64).map(|i| ((i * 7_919_993) % 16_777_213) as f64).collect();
        let x = typed(&v, Dtype::Int32)?;
        let n = v.len() as f64;
        let exact: f64 = v.iter().sum();
        let kw = |d| SumKw { dtype: Some(d), ..Default::default() };
        // 2^30 + 1 is not a float32: cast first (as before issue 33), every pair sums to 0
        let pairs: Vec<f64> = (0..4096)
            .map(|i| if i % 2 == 0 { 1_073_741_825.0 } else { -1_073_741_824.0 })
            .collect();
        let p = typed(&pairs, Dtype::Int32)?;
        let s = ivy::sum_with(&p, kw(Dtype::Float32))?;
        assert_eq!(s.to_f64_vec()?, [2048.0], "sum(pairs, dtype=float32)");
        assert_eq!(ivy::mean(&p)?.to_f64_vec()?, [0.5], "mean(pairs)");
        let s = ivy::sum_with(&x, kw(Dtype::Float32))?;
        assert_eq!(s.to_f64_vec()?, [exact as f32 as f64], "sum(int32, dtype=float32)");
        let s = ivy::sum_with(&x, kw(Dtype::Bfloat16))?;
        assert_eq!(s.dtype(), Dtype::Bfloat16);
        let want = half::bf16::from_f64(exact).to_f64();
        assert_eq!(s.to_f64_vec()?, [want], "sum(int32, dtype=bfloat16)");
        let s = ivy::sum_with(&x, kw(Dtype::Float16))?;
        assert_eq!(s.to_f64_vec()?, [f64::INFINITY], "beyond float16's range, rounded once");
        let mean = exact / n;
        assert_eq!(ivy::mean(&x)?.to_f64_vec()?, [mean as f32 as f64], "mean(int32)");
        let var = v.iter().map(|&e| (e - mean) * (e - mean)).sum::<f64>() / n;
        let ulp = |w: f64| w * f64::from(f32::EPSILON);
        let got = ivy::var(&x)?.to_f64_vec()?[0];
        assert!((got - var).abs() <= ulp(var), "var(int32) {got} vs {var}");
        let got = ivy::std(&x)?.to_f64_vec()?[0];
        assert!((got - var.sqrt()).abs() <= ulp(var.sqrt()), "std(int32) {got} vs {}", var.sqrt());
        let small = typed(&[3.0, 5.0, 7.0, 9.0], Dtype::Int32)?;
        let p = ivy::prod_with(&small, ProdKw { dtype: Some(Dtype::Float16), ..Default::default() })?;
        assert_eq!((p.dtype(), p.to_f64_vec()?), (Dtype::Float16, vec![945.0]));
        // running sums: 2^24 + 1 is not a float32, 2^24 + 2 is
        let c = typed(&[16_777_216.0, 1.0, 1.0], Dtype::Int32)?;
        let kw = CumulativeSumKw { dtype: Some(Dtype::Float32), ..Default::default() };
        let r = ivy::cumulative_sum_with(&c, kw)?;
        let want = vec![16_777_216.0, 16_777_216.0, 16_777_218.0];
        assert_eq!((r.dtype(), r.to_f64_vec()?), (Dtype::Float32, want));
    }

    /// Issue 33: float16 and bfloat16 sums (and running sums) accumulate in float32 and
    /// round once.
    fn half_floats_accumulate_in_float32(b) {
        for d in [Dtype::Float16, Dtype::Bfloat16] {
            // 2048 + 0.5 · 8192 in float32, rounded once: a half float's 2048 + 0.5 is 2048
            let mut v = vec![0.5; 8193];
            v[0] = 2048.0;
            let x = typed(&v, d)?;
            let exact = 2048.0 + 0.5 * 8192.0;
            assert_eq!(ivy::sum(&x)?.to_f64_vec()?, [exact], "sum({d})");
            // float16: 2049.5 rounds to 2050 (2048 + 0.5 stays 2048 at every half step)
            let steps: Vec<f64> = (0..5).map(|i| 2048.0 + 0.5 * i as f64).collect();
            let r = ivy::cumulative_sum(&typed(&v[..5], d)?)?.to_f64_vec()?;
            let want: Vec<f64> = steps.iter().map(|&s| match d {
                Dtype::Float16 => half::f16::from_f64(s).to_f64(),
                _ => half::bf16::from_f64(s).to_f64(),
            }).collect();
            assert_eq!(r, want, "cumulative_sum({d})");
        }
    }
}

#[test]
fn cumulative_sum_starts_with_the_first_element_itself() {
    // numpy: cumsum([-0.0, 1.0]) starts with -0.0 (0 + -0.0 would be +0.0); with
    // include_initial the run starts with +0.0; lanes along the last axis and along axis 0
    for b in [Backend::Ndarray, Backend::Candle] {
        ivy::with_backend(b, || -> ivy::Result<()> {
            let x = ivy::asarray(vec![-0.0f64, 1.0, 2.5])?;
            let r = ivy::cumulative_sum(&x)?.to_f64_vec()?;
            assert!(r[0] == 0.0 && r[0].is_sign_negative(), "{b:?}: {r:?}");
            assert_eq!(&r[1..], [1.0, 3.5]);
            let m = ivy::reshape(
                &ivy::asarray(vec![1.0f64, 2.0, 3.0, 4.0, 5.0, 6.0])?,
                &[2, 3],
            )?;
            let last = ivy::cumulative_sum_with(
                &m,
                CumulativeSumKw {
                    axis: Some(1),
                    ..Default::default()
                },
            )?;
            assert_eq!(last.to_f64_vec()?, [1.0, 3.0, 6.0, 4.0, 9.0, 15.0]);
            let first = ivy::cumulative_sum_with(
                &m,
                CumulativeSumKw {
                    axis: Some(0),
                    include_initial: true,
                    ..Default::default()
                },
            )?;
            assert_eq!(first.shape(), &[3, 3]);
            assert_eq!(
                first.to_f64_vec()?,
                [0.0, 0.0, 0.0, 1.0, 2.0, 3.0, 5.0, 7.0, 9.0]
            );
            Ok(())
        })
        .unwrap();
    }
}

#[test]
fn compositional_support_is_the_callees_intersection() {
    let ce = ivy::registry::op("cross_entropy").unwrap();
    assert_eq!(ce.meta.kind, OpKind::Compositional);
    for name in ["clip", "log", "negative", "sum", "multiply"] {
        assert!(
            ce.meta.callees.contains(&name),
            "{name} in {:?}",
            ce.meta.callees
        );
    }
    // ndarray: clip rejects complex and bool, negative rejects bool → so does cross_entropy
    let s = ivy::registry::support(ce, Backend::Ndarray)
        .unwrap()
        .supported;
    assert!(!s.contains(Dtype::Complex64) && !s.contains(Dtype::Bool));
    assert!(s.contains(Dtype::Float32) && s.contains(Dtype::Int8));
    let clip = ivy::registry::support(ivy::registry::op("clip").unwrap(), Backend::Ndarray)
        .unwrap()
        .supported;
    assert_eq!(s.intersection(clip), s, "never more than a callee");
    // candle: clip rejects bool there too; what candle cannot hold stays out
    let s = ivy::registry::support(ce, Backend::Candle)
        .unwrap()
        .supported;
    let candle = ivy::backends::valid_dtypes(Backend::Candle);
    assert_eq!(s, candle.difference(DtypeSet::BOOL));
}

/// A mixed op overridden on ndarray only: candle runs its body.
#[ivy::category]
pub mod mixed_demo {
    use ivy::{Array, Result};

    /// `log(exp(x) + 1)`.
    #[mixed]
    pub fn soft(x: &Array) -> Result<Array> {
        ivy::log(&ivy::add(&ivy::exp(x)?, 1.0)?)
    }
}

#[ivy::backend_impl]
impl mixed_demo::MixedDemoBackend for ivy::NdarrayBackend {
    fn soft(x: &Array) -> ivy::Result<Array> {
        ivy::softplus(x)
    }
}
#[ivy::backend_impl]
impl mixed_demo::MixedDemoBackend for ivy::CandleBackend {}

#[test]
fn mixed_op_running_its_body_reports_the_body_support() {
    let soft = &mixed_demo::MIXED_DEMO_OPS[0];
    assert_eq!(soft.meta.kind, OpKind::Mixed);
    // candle runs the body: its support is the body's (exp, add, log) there
    let sp = ivy::registry::support(soft, Backend::Candle).unwrap();
    let mut body = ivy::backends::valid_dtypes(Backend::Candle);
    for callee in ["exp", "add", "log"] {
        body = body.intersection(
            ivy::registry::function_supported_dtypes(callee, Backend::Candle).unwrap(),
        );
    }
    assert!(!sp.native);
    assert_eq!(sp.supported, body);
    assert!(!body.contains(Dtype::Complex64), "candle holds no complex");
    let native = ivy::registry::support(soft, Backend::Ndarray).unwrap();
    assert!(native.native);
    let (b, n) = ivy::registry::mixed_support(soft, Backend::Candle).unwrap();
    assert_eq!((b, n), (body, None));
    let r = ivy::with_backend(Backend::Candle, || {
        mixed_demo::soft(ivy::asarray(vec![1i32, 2]).unwrap())
    });
    assert_eq!(r.unwrap().dtype(), Dtype::Float32);
}

test_backends! {
    /// An error names the op called: `cross_entropy` is written with `clip`, `log`,
    /// `multiply`, `sum` and `negative`, and their errors are `cross_entropy`'s (candle
    /// reported a `clip` error).
    fn cross_entropy_errors_name_cross_entropy(b) {
        let t = f32s(&[0.0, 1.0])?;
        let nan_eps = CrossEntropyKw {
            epsilon: f64::NAN,
            ..Default::default()
        };
        let e = ivy::cross_entropy_with(&t, &f32s(&[0.25, 0.75])?, nan_eps).unwrap_err();
        assert_eq!(e.op(), Some("cross_entropy"), "{e}");
        assert!(e.to_string().contains("`cross_entropy`"), "{e}");
        let e = ivy::cross_entropy(&t, ivy::asarray(vec![true, false])?).unwrap_err();
        assert_eq!(e.op(), Some("cross_entropy"), "{e}");
        assert!(!e.to_string().contains("`clip`"), "{e}");
    }
}

test_backends! {
    /// `binary_cross_entropy`: the probability form is `-(t log p + (1 - t) log(1 - p))`,
    /// the logits form agrees with it on `sigmoid(x)` and stays finite for huge logits,
    /// and `out` is written.
    fn binary_cross_entropy_forms(b) {
        let t = f32s(&[0.0, 1.0, 1.0, 0.0])?;
        let p = f32s(&[0.2, 0.7, 0.4, 0.9])?;
        let want: Vec<f64> = [(0.0, 0.2), (1.0, 0.7), (1.0, 0.4), (0.0, 0.9)]
            .iter()
            .map(|&(t, p): &(f64, f64)| -(t * p.ln() + (1.0 - t) * (1.0 - p).ln()))
            .collect();
        let none = BinaryCrossEntropyKw { reduction: "none".into(), ..Default::default() };
        let elementwise = ivy::binary_cross_entropy_with(&t, &p, none.clone())?;
        assert_close(&elementwise.to_f64_vec()?, &want, 1e-6);
        // Ivy's default reduction: the mean over every axis
        let mean = want.iter().sum::<f64>() / 4.0;
        assert_close(&ivy::binary_cross_entropy(&t, &p)?.to_f64_vec()?, &[mean], 1e-6);
        let x = f32s(&[-1.5, 0.8473, -0.4055, 2.1972])?;
        let logits = BinaryCrossEntropyKw { from_logits: true, ..none.clone() };
        let via_sigmoid = ivy::binary_cross_entropy_with(&t, &ivy::sigmoid(&x)?, none.clone())?.to_f64_vec()?;
        let direct = ivy::binary_cross_entropy_with(&t, &x, logits.clone())?.to_f64_vec()?;
        assert_close(&direct, &via_sigmoid, 1e-5);
        let huge = f32s(&[1e4, -1e4, 1e4, -1e4])?;
        let l = ivy::binary_cross_entropy_with(&t, &huge, logits.clone())?.to_f64_vec()?;
        assert_eq!(l, [1e4, 1e4, 0.0, 0.0]);
        // pos_weight weighs the positive term: w·t·(-log σ(x)) + (1 - t)·(-log(1 - σ(x))),
        // stable for huge logits too
        let w = BinaryCrossEntropyKw { pos_weight: Some(f32s(&[1.0, 2.0, 3.0, 4.0])?), ..logits.clone() };
        let weighted = ivy::binary_cross_entropy_with(&t, &huge, w)?.to_f64_vec()?;
        assert_eq!(weighted, [1e4, 2e4, 0.0, 0.0]);
        let mut out = f32s(&[0.0; 4])?;
        ivy::binary_cross_entropy_with_out(&t, &p, none, &mut out)?;
        assert_close(&out.to_f64_vec()?, &want, 1e-6);
        let mut out0 = ivy::zeros_with([], ZerosKw { dtype: Some(Dtype::Float32), device: None })?;
        ivy::binary_cross_entropy_out(&t, &p, &mut out0)?;
        assert_close(&out0.to_f64_vec()?, &[mean], 1e-6);
    }

    /// `binary_cross_entropy`'s keywords as in Ivy: `epsilon` smooths the labels
    /// (`t (1 - ε) + ε / 2`), `axis` picks the reduced axes, int labels take `pred`'s dtype;
    /// a bad `reduction`, `epsilon` outside [0, 1], `pos_weight` without logits or of the
    /// wrong length are `InvalidArgument` errors of `binary_cross_entropy` leaving `out`
    /// untouched.
    fn binary_cross_entropy_keywords(b) {
        let t = ivy::asarray(Data::from(vec![0.0f32, 1.0, 1.0, 0.0]).reshape(&[2, 2])?)?;
        let p = ivy::asarray(Data::from(vec![0.2f32, 0.7, 0.4, 0.9]).reshape(&[2, 2])?)?;
        let term = |t: f64, p: f64| -(t * p.ln() + (1.0 - t) * (1.0 - p).ln());
        let smooth = |t: f64| t * 0.8 + 0.1;
        let kw = BinaryCrossEntropyKw { epsilon: 0.2, reduction: "sum".into(), axis: Some(vec![1]), ..Default::default() };
        let l = ivy::binary_cross_entropy_with(&t, &p, kw)?;
        let want = [term(smooth(0.0), 0.2) + term(smooth(1.0), 0.7), term(smooth(1.0), 0.4) + term(smooth(0.0), 0.9)];
        assert_close(&l.to_f64_vec()?, &want, 1e-6);
        let ti = ivy::asarray(Data::from(vec![0i32, 1, 1, 0]).reshape(&[2, 2])?)?;
        let l = ivy::binary_cross_entropy(&ti, &p)?;
        assert_eq!(l.dtype(), Dtype::Float32);
        let mut out = f32s(&[7.0])?.reshape(&[] as &[i64])?;
        let logits = BinaryCrossEntropyKw { from_logits: true, ..Default::default() };
        for kw in [
            BinaryCrossEntropyKw { reduction: "max".into(), ..Default::default() },
            BinaryCrossEntropyKw { epsilon: 1.5, ..Default::default() },
            BinaryCrossEntropyKw { epsilon: f64::NAN, ..Default::default() },
            BinaryCrossEntropyKw { pos_weight: Some(f32s(&[1.0, 2.0])?), ..Default::default() },
            BinaryCrossEntropyKw { pos_weight: Some(f32s(&[1.0, 2.0, 3.0])?), ..logits },
        ] {
            let e = ivy::binary_cross_entropy_with_out(&t, &p, kw, &mut out).unwrap_err();
            assert!(matches!(e, Error::InvalidArgument { op: "binary_cross_entropy", .. }), "{e}");
            assert!(e.to_string().contains("`binary_cross_entropy`"), "{e}");
        }
        assert_eq!(out.to_f64_vec()?, [7.0]);
    }

    /// `cross_entropy`'s and `sparse_cross_entropy`'s `reduction`: `"sum"` (default),
    /// `"mean"` over `axis`, `"none"` the elementwise terms; another value is an
    /// `InvalidArgument` error naming the op and the three allowed.
    fn cross_entropy_reductions(b) {
        let t = ivy::asarray(Data::from(vec![0.0f32, 1.0, 0.0, 0.5, 0.0, 0.5]).reshape(&[2, 3])?)?;
        let p = ivy::asarray(Data::from(vec![0.2f32, 0.7, 0.1, 0.5, 0.25, 0.25]).reshape(&[2, 3])?)?;
        let terms = [0.0, -(0.7f64.ln()), 0.0, -0.5 * 0.5f64.ln(), 0.0, -0.5 * 0.25f64.ln()];
        let ce = |red: &str, axis| CrossEntropyKw { reduction: red.into(), axis, ..Default::default() };
        let none = ivy::cross_entropy_with(&t, &p, ce("none", -1))?;
        assert_eq!(none.shape(), &[2, 3]);
        assert_close(&none.to_f64_vec()?, &terms, 1e-6);
        let sums = [terms[0] + terms[1] + terms[2], terms[3] + terms[4] + terms[5]];
        assert_close(&ivy::cross_entropy(&t, &p)?.to_f64_vec()?, &sums, 1e-6);
        let mean = ivy::cross_entropy_with(&t, &p, ce("mean", -1))?;
        assert_close(&mean.to_f64_vec()?, &[sums[0] / 3.0, sums[1] / 3.0], 1e-6);
        let mean0 = ivy::cross_entropy_with(&t, &p, ce("mean", 0))?;
        let cols: Vec<f64> = (0..3).map(|j| (terms[j] + terms[3 + j]) / 2.0).collect();
        assert_close(&mean0.to_f64_vec()?, &cols, 1e-6);
        let mut out = f32s(&[7.0, 7.0])?;
        let e = ivy::cross_entropy_with_out(&t, &p, ce("avg", -1), &mut out).unwrap_err();
        assert!(matches!(e, Error::InvalidArgument { op: "cross_entropy", .. }), "{e}");
        assert!(e.to_string().contains(r#""none", "sum" or "mean""#), "{e}");
        assert_eq!(out.to_f64_vec()?, [7.0, 7.0]);
        // sparse_cross_entropy passes its reduction on
        let classes = ivy::asarray(vec![1i64, 0])?;
        let kw = SparseCrossEntropyKw { reduction: "mean".into(), ..Default::default() };
        let l = ivy::sparse_cross_entropy_with(&classes, &p, kw)?;
        assert_close(&l.to_f64_vec()?, &[-(0.7f64.ln()) / 3.0, -(0.5f64.ln()) / 3.0], 1e-6);
        let kw = SparseCrossEntropyKw { reduction: "none".into(), ..Default::default() };
        assert_eq!(ivy::sparse_cross_entropy_with(&classes, &p, kw)?.shape(), &[2, 3]);
        let kw = SparseCrossEntropyKw { reduction: "avg".into(), ..Default::default() };
        let e = ivy::sparse_cross_entropy_with_out(&classes, &p, kw, &mut out).unwrap_err();
        assert!(matches!(e, Error::InvalidArgument { op: "sparse_cross_entropy", .. }), "{e}");
        assert_eq!(out.to_f64_vec()?, [7.0, 7.0]);
    }

    /// `sparse_cross_entropy` is `cross_entropy` of the one-hot labels, broadcast as in
    /// Ivy (negative labels count from the end); float labels, labels outside the classes and a bad axis are typed errors naming
    /// it, and leave `out` untouched.
    fn sparse_cross_entropy_is_one_hot_cross_entropy(b) {
        let p = ivy::asarray(Data::from(vec![0.2f32, 0.7, 0.1, 0.0, 0.5, 0.5]).reshape(&[2, 3])?)?;
        let one_hot = ivy::asarray(Data::from(vec![0.0f32, 1.0, 0.0, 0.0, 0.0, 1.0]).reshape(&[2, 3])?)?;
        let classes = ivy::asarray(vec![1i64, 2])?;
        let want = ivy::cross_entropy(&one_hot, &p)?.to_f64_vec()?;
        assert_close(&ivy::sparse_cross_entropy(&classes, &p)?.to_f64_vec()?, &want, 1e-6);
        // Ivy's broadcasting: the one-hot [1, 4] of one label against a [4] `pred`
        let l = ivy::sparse_cross_entropy(&ivy::asarray(vec![2i32])?, &f32s(&[0.1, 0.1, 0.7, 0.1])?)?;
        assert_eq!(l.shape(), &[1]);
        assert_close(&l.to_f64_vec()?, &[-(0.7f32 as f64).ln()], 1e-6);
        let from_end = ivy::sparse_cross_entropy(&ivy::asarray(vec![-2i64, -1])?, &p)?;
        assert_close(&from_end.to_f64_vec()?, &want, 1e-6);
        let mut out = f32s(&[7.0, 7.0])?;
        for bad in [ivy::asarray(vec![1.0f32, 2.0])?, ivy::asarray(vec![3i64, 0])?, ivy::asarray(vec![-4i64, 0])?] {
            let e = ivy::sparse_cross_entropy_out(&bad, &p, &mut out).unwrap_err();
            // float labels: a dtype error (TypeError in Python); out-of-range ones: values
            let kind = bad.dtype().is_float();
            assert!(matches!((&e, kind), (Error::ArgumentKind { op: "sparse_cross_entropy", .. }, true) | (Error::InvalidArgument { op: "sparse_cross_entropy", .. }, false)), "{e}");
        }
        let far = SparseCrossEntropyKw { axis: 2, ..Default::default() };
        let e = ivy::sparse_cross_entropy_with_out(&classes, &p, far, &mut out).unwrap_err();
        assert!(matches!(e, Error::Axis { op: "sparse_cross_entropy", axis: 2, ndim: 2 }), "{e}");
        assert_eq!(out.to_f64_vec()?, [7.0, 7.0]);
    }
}
