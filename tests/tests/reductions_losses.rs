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
        let kw = CrossEntropyKw { axis: -1, epsilon: 0.25 };
        let clipped = ivy::cross_entropy_with(&t, &p, kw.clone())?;
        assert_close(&clipped.to_f64_vec()?, &[-(0.7f64.ln())], 1e-6);
        let t2 = f32s(&[1.0, 0.0, 0.0])?;
        let clipped = t2.cross_entropy_with(&p, kw)?;
        assert_close(&clipped.to_f64_vec()?, &[-(0.25f64.ln())], 1e-6);
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
    assert!(!body.contains(Dtype::Bool), "add takes no bool");
    let native = ivy::registry::support(soft, Backend::Ndarray).unwrap();
    assert!(native.native);
    let (b, n) = ivy::registry::mixed_support(soft, Backend::Candle).unwrap();
    assert_eq!((b, n), (body, None));
    let r = ivy::with_backend(Backend::Candle, || {
        mixed_demo::soft(ivy::asarray(vec![1i32, 2]).unwrap())
    });
    assert_eq!(r.unwrap().dtype(), Dtype::Float32);
}
