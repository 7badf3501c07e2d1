//! `multi_head_attention` on every backend: numpy's vectors (spec/golden_attention.json,
//! from scripts/golden_layers.py), a case computed by hand, `out`, the errors, and
//! gradients through it on candle.

use ivy::prelude::*;
use ivy::{container, Error, Node};
use ivy_tests::{assert_close, test_backends};
use serde_json::Value as J;

fn nested_f64(v: &J) -> (Vec<f64>, Vec<usize>) {
    match v {
        J::Array(items) => {
            let mut flat = Vec::new();
            let mut inner = Vec::new();
            for it in items {
                let (f, s) = nested_f64(it);
                flat.extend(f);
                inner = s;
            }
            let mut shape = vec![items.len()];
            shape.extend(inner);
            (flat, shape)
        }
        J::Bool(b) => (vec![f64::from(u8::from(*b))], vec![]),
        n => (vec![n.as_f64().expect("a number")], vec![]),
    }
}

fn array(v: &J, dtype: Dtype) -> Array {
    let (flat, shape) = nested_f64(v);
    let shape: Vec<i64> = shape.iter().map(|&d| d as i64).collect();
    let a = ivy::asarray_with(
        flat,
        AsarrayKw {
            dtype: Some(Dtype::Float64),
            device: None,
            copy: None,
        },
    )
    .and_then(|a| a.reshape(&shape[..]))
    .expect("float64 array");
    a.astype(dtype).expect("cast")
}

/// A linear projection reading its weight from the Container of variables.
fn project(t: &Array, v: Option<&Container>) -> ivy::Result<Array> {
    let v = v.ok_or_else(|| Error::InvalidArgument {
        op: "project",
        message: "no variables".into(),
    })?;
    ivy::linear(t, v.at("w")?, None)
}

test_backends! {
    fn attention_matches_numpy(b) {
        let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../spec/golden_attention.json"))
            .expect("spec/golden_attention.json");
        let file: J = serde_json::from_str(&text).expect("json");
        let cases = file["cases"].as_array().expect("cases");
        assert_eq!(cases.len(), 3);
        // float64 where the backend holds it (candle does); float32 too
        for dtype in [Dtype::Float64, Dtype::Float32] {
            let tol = if dtype == Dtype::Float64 { 1e-12 } else { 1e-5 };
            for c in cases {
                let x = array(&c["x"], dtype);
                let ctx = c.get("context").map(|v| array(v, dtype));
                let mask = c.get("mask").map(|v| array(v, Dtype::Float64).astype(Dtype::Bool).unwrap());
                let vars = |k: &str| -> Option<Container> {
                    c.get(k).map(|w| container! { w: array(w, dtype) })
                };
                let (vq, vkv, vo) = (vars("wq"), vars("wkv"), vars("wo"));
                let f: &dyn Fn(&Array, Option<&Container>) -> ivy::Result<Array> = &project;
                let y = ivy::multi_head_attention(
                    &x,
                    c["scale"].as_f64().unwrap(),
                    c["num_heads"].as_i64().unwrap(),
                    ctx.as_ref(),
                    mask.as_ref(),
                    vq.as_ref().map(|_| f),
                    vkv.as_ref().map(|_| f),
                    vo.as_ref().map(|_| f),
                    vq.as_ref(),
                    vkv.as_ref(),
                    vo.as_ref(),
                )?;
                let (want, shape) = nested_f64(&c["expected"]);
                assert_eq!(y.shape(), &shape[..], "{}", c["id"]);
                assert_eq!(y.dtype(), dtype);
                assert_close(&y.to_f64_vec()?, &want, tol);
            }
        }
    }

    /// One head, two tokens: the weights are softmax([q·k0, q·k1] · scale), by hand.
    fn attention_by_hand_and_out(b) {
        let x = ivy::asarray([[1.0f32, 2.0], [3.0, -1.0]])?;
        let y = ivy::multi_head_attention(&x, 0.1, 1, None, None, None, None, None, None, None, None)?;
        let (t0, t1) = ([1.0f64, 2.0], [3.0f64, -1.0]);
        let dot = |a: [f64; 2], b: [f64; 2]| a[0] * b[0] + a[1] * b[1];
        let mut want = Vec::new();
        for q in [t0, t1] {
            let (s0, s1) = (dot(q, t0) * 0.1, dot(q, t1) * 0.1);
            let (e0, e1) = (s0.exp(), s1.exp());
            let (w0, w1) = (e0 / (e0 + e1), e1 / (e0 + e1));
            want.extend([w0 * t0[0] + w1 * t1[0], w0 * t0[1] + w1 * t1[1]]);
        }
        assert_close(&y.to_f64_vec()?, &want, 1e-6);
        // `out` is written at the end, by inplace_update
        let mut out = ivy::zeros(vec![2, 2])?;
        ivy::multi_head_attention_out(&x, 0.1, 1, None, None, None, None, None, None, None, None, &mut out)?;
        assert_eq!(out, y);
        // a mask excluding the other token: each token attends to itself only
        let eye = ivy::asarray([[true, false], [false, true]])?;
        let own = ivy::multi_head_attention(&x, 0.1, 1, None, Some(&eye), None, None, None, None, None, None)?;
        assert_close(&own.to_f64_vec()?, &[1.0, 2.0, 3.0, -1.0], 1e-6);
    }

    fn attention_errors_name_the_problem(b) {
        let x = ivy::zeros(vec![2, 4])?;
        let mha = |heads: i64, mask: Option<&Array>| {
            ivy::multi_head_attention(&x, 1.0, heads, None, mask, None, None, None, None, None, None)
        };
        for (heads, needle) in [(0, "num_heads"), (-1, "num_heads"), (3, "divisible")] {
            match mha(heads, None) {
                Err(Error::InvalidArgument { op: "multi_head_attention", message }) => {
                    assert!(message.contains(needle), "{message}")
                }
                other => panic!("{other:?}"),
            }
        }
        let not_bool = ivy::ones(vec![2, 2])?;
        assert!(matches!(mha(1, Some(&not_bool)), Err(Error::InvalidArgument { .. })));
        let odd = |_: &Array, _: Option<&Container>| ivy::zeros(vec![2, 5]);
        let e = ivy::multi_head_attention(&x, 1.0, 1, None, None, None, Some(&odd), None, None, None, None);
        assert!(matches!(e, Err(Error::InvalidArgument { .. })), "{e:?}");
        let flat = ivy::zeros(vec![4])?;
        assert!(ivy::multi_head_attention(&flat, 1.0, 1, None, None, None, None, None, None, None, None).is_err());
    }
}

/// The seed's two container-dependent functions together: gradients of an attention
/// layer's output with respect to its Container of projection weights, on candle.
#[test]
fn gradients_through_attention() {
    ivy::with_backend(Backend::Candle, || {
        let f64s = |a: Array| a.astype(Dtype::Float64).unwrap();
        let x = f64s(ivy::asarray([[0.5f64, -1.0], [1.5, 0.25], [-0.5, 0.75]]).unwrap());
        let w = f64s(ivy::asarray([[0.5f64, -0.25], [0.125, 1.0]]).unwrap());
        let weights: Container = container! { q: { w: w.clone() }, out: { w: w.clone() } };
        let f = |v: &Container| -> ivy::Result<Array> {
            let (q, o) = (v.get("q"), v.get("out"));
            let (Some(Node::Nest(q)), Some(Node::Nest(o))) = (q, o) else {
                return Err(Error::InvalidArgument {
                    op: "test",
                    message: "structure".into(),
                });
            };
            let p: &dyn Fn(&Array, Option<&Container>) -> ivy::Result<Array> = &project;
            let y = ivy::multi_head_attention(
                &x,
                0.5,
                2,
                None,
                None,
                Some(p),
                None,
                Some(p),
                Some(q),
                None,
                Some(o),
            )?;
            ivy::sum(&(&y * &y)?)
        };
        let (y, grads, ()) = ivy::execute_with_gradients(f, &weights).unwrap();
        assert_eq!(grads.shapes(), weights.shapes());
        // central differences of the same function, element by element
        let h = 1e-6;
        for kc in weights.all_key_chains() {
            let base = weights.at(&kc).unwrap().to_f64_vec().unwrap();
            let g = grads.at(&kc).unwrap().to_f64_vec().unwrap();
            for i in 0..base.len() {
                let at = |d: f64| {
                    let mut v = base.clone();
                    v[i] += d;
                    let mut moved = weights.clone();
                    // built as float64 directly: a float32 detour would round the step away
                    let kw = AsarrayKw {
                        dtype: Some(Dtype::Float64),
                        device: None,
                        copy: None,
                    };
                    moved.insert(
                        &kc,
                        ivy::asarray_with(v, kw)
                            .unwrap()
                            .reshape(&[2i64, 2][..])
                            .unwrap(),
                    );
                    f(&moved).unwrap().item::<f64>().unwrap()
                };
                let fd = (at(h) - at(-h)) / (2.0 * h);
                assert!(
                    (g[i] - fd).abs() < 1e-5 * (1.0 + fd.abs()),
                    "{kc}[{i}]: {} vs {fd}",
                    g[i]
                );
            }
        }
        assert!(y.item::<f64>().unwrap() > 0.0);
    });
}

test_backends! {
    /// Attention over a batch of a batch (4-d `x`, a 4-d mask): candle's matmul takes one
    /// batch dimension, so ivy flattens them; the result is the per-slice attention.
    fn attention_on_4d_inputs(b) {
        let x = ivy::arange(2.0 * 2.0 * 3.0 * 4.0)?.reshape(&[2i64, 2, 3, 4][..])?;
        let x = ivy::multiply(&ivy::sin(&x)?, 0.5)?;
        let y = ivy::multi_head_attention(&x, 0.5, 2, None, None, None, None, None, None, None, None)?;
        assert_eq!(y.shape(), &[2, 2, 3, 4]);
        for i in 0..2i64 {
            for j in 0..2i64 {
                let xs = x.get(ivy::s![i, j])?;
                let ys = ivy::multi_head_attention(&xs, 0.5, 2, None, None, None, None, None, None, None, None)?;
                assert_close(&y.get(ivy::s![i, j])?.to_f64_vec()?, &ys.to_f64_vec()?, 1e-6);
            }
        }
        // a rank-5 product directly
        let a = ivy::ones([2, 1, 2, 3, 2])?;
        let c = ivy::ones([2, 1, 2, 2, 3])?;
        let p = ivy::matmul(&a, &c)?;
        assert_eq!(p.shape(), &[2, 1, 2, 3, 3]);
        assert!(p.to_f64_vec()?.iter().all(|v| *v == 2.0));
    }

    /// `out` of attention follows every op's `out` rules: the result's shape, `out`'s dtype;
    /// the errors of softmax and linear name them.
    fn layer_out_rules_and_error_names(b) {
        let x = ivy::asarray([[1.0f32, 2.0], [3.0, -1.0]])?;
        let mha_out = |out: &mut Array| {
            ivy::multi_head_attention_out(&x, 0.1, 1, None, None, None, None, None, None, None, None, out)
        };
        if ivy::valid_dtypes().contains(Dtype::Float64) {
            let mut wide = ivy::zeros_with([2, 2], ZerosKw { dtype: Some(Dtype::Float64), device: None })?;
            mha_out(&mut wide)?;
            assert_eq!(wide.dtype(), Dtype::Float64);
        }
        let mut big = ivy::zeros([2, 2, 2])?;
        let kept = big.clone();
        assert!(matches!(mha_out(&mut big), Err(Error::Shape { op: "multi_head_attention", .. })));
        assert_eq!(big, kept);
        assert!(matches!(
            ivy::softmax_with(&x, SoftmaxKw { axis: 5 }),
            Err(Error::Axis { op: "softmax", .. })
        ));
        // a 0-d softmax is 1 (torch); an empty axis gives an empty array; the axis is checked
        let one = ivy::softmax(&ivy::asarray(3.5f32)?)?;
        assert_eq!((one.shape(), one.to_f64_vec()?), (&[][..], vec![1.0]));
        let empty = ivy::softmax(&ivy::zeros([3, 0])?)?;
        assert_eq!(empty.shape(), &[3, 0]);
        assert!(matches!(
            ivy::softmax_with(&ivy::zeros([3, 0])?, SoftmaxKw { axis: 2 }),
            Err(Error::Axis { op: "softmax", .. })
        ));
        let w = ivy::ones([3, 5])?;
        assert!(matches!(ivy::linear(&x, &w, None), Err(Error::Shape { op: "linear", .. })));
    }
}

test_backends! {
    /// Attention over 0 keys: the softmax is over an empty axis, the result zeros of
    /// `[..., queries, h·f]` (torch's and jax's answer), on every backend and with a mask.
    fn attention_with_no_keys_is_zeros(b) {
        let x = ivy::asarray([[1.0f32, 0.0, 2.0, 1.0], [0.0, 1.0, -1.0, 3.0]])?;
        let none = ivy::zeros([0, 4])?;
        let y = ivy::multi_head_attention(&x, 0.5, 2, Some(&none), None, None, None, None, None, None, None)?;
        assert_eq!((y.shape(), y.dtype()), (&[2, 4][..], Dtype::Float32));
        assert_eq!(y.to_f64_vec()?, [0.0; 8]);
        let mask = ivy::ones_with([2, 0], OnesKw { dtype: Some(Dtype::Bool), device: None })?;
        let y = ivy::multi_head_attention(&x, 0.5, 2, Some(&none), Some(&mask), None, None, None, None, None, None)?;
        assert_eq!(y.to_f64_vec()?, [0.0; 8]);
        // batched: [2, 0, 4] keys for [2, 2, 4] queries
        let xb = ivy::stack(&[&x, &x])?;
        let y = ivy::multi_head_attention(&xb, 1.0, 1, Some(&ivy::zeros([2, 0, 4])?), None, None, None, None, None, None, None)?;
        assert_eq!(y.shape(), &[2, 2, 4]);
    }

    /// Shape errors are found before any op runs and name the argument and the fix, not
    /// the `matmul` or `where` that would fail.
    fn attention_shape_errors_name_the_argument(b) {
        let x = ivy::zeros([2, 4])?;
        let mha = |context: Option<&Array>, mask: Option<&Array>| {
            ivy::multi_head_attention(&x, 1.0, 2, context, mask, None, None, None, None, None, None)
        };
        let msg = |r: ivy::Result<Array>| match r {
            Err(Error::InvalidArgument { op: "multi_head_attention", message }) => message,
            other => panic!("{other:?}"),
        };
        // key features differ from the query's (the matmul of q and k^T)
        let m = msg(mha(Some(&ivy::zeros([3, 6])?), None));
        assert!(m.contains("the query (x) has 4 features and the key (context) 6"), "{m}");
        // context not divisible by the heads
        let m = msg(mha(Some(&ivy::zeros([3, 5])?), None));
        assert!(m.contains("the key (context)") && m.contains("num_heads = 2"), "{m}");
        // a mask that does not broadcast to [queries, keys] (the `where`)
        let bad_mask = ivy::ones_with([2, 5], OnesKw { dtype: Some(Dtype::Bool), device: None })?;
        let m = msg(mha(None, Some(&bad_mask)));
        assert!(m.contains("mask must broadcast to [..., queries, keys] = [2, 2]"), "{m}");
        let flat_mask = ivy::ones_with([2], OnesKw { dtype: Some(Dtype::Bool), device: None })?;
        assert!(msg(mha(None, Some(&flat_mask))).contains("mask must broadcast"));
        // batch dimensions that do not broadcast
        let xb = ivy::zeros([3, 2, 4])?;
        let cb = ivy::zeros([2, 2, 4])?;
        let m = msg(ivy::multi_head_attention(&xb, 1.0, 2, Some(&cb), None, None, None, None, None, None, None));
        assert!(m.contains("batch dimensions") && m.contains("[3]") && m.contains("[2]"), "{m}");
        // a projection's output: named as such
        let q_proj = |_: &Array, _: Option<&Container>| ivy::zeros([2, 3]);
        let m = msg(ivy::multi_head_attention(&x, 1.0, 2, None, None, Some(&q_proj), None, None, None, None, None));
        assert!(m.contains("the query (to_q_fn's output)"), "{m}");
        // the errors of the ops it is written with are its own (a bool x: matmul refuses it)
        let bools = ivy::ones_with([2, 4], OnesKw { dtype: Some(Dtype::Bool), device: None })?;
        let e = ivy::multi_head_attention(&bools, 1.0, 2, None, None, None, None, None, None, None, None);
        if let Err(e) = e {
            assert_eq!(e.op(), Some("multi_head_attention"), "{e}");
        }
    }
}

test_backends! {
    /// `relu` and `sigmoid` on every backend (numpy's values are in spec/golden): the `out`
    /// form, float16 computed in float32 and rounded once, no overflow at ±1000, and bool
    /// refused with an error naming the op.
    fn relu_and_sigmoid(b) {
        let x = ivy::asarray([-1000.0f32, -1.0, 0.0, 2.0, 1000.0])?;
        assert_eq!(ivy::relu(&x)?.to_vec::<f32>()?, [0.0, 0.0, 0.0, 2.0, 1000.0]);
        let mut out = ivy::zeros([5])?;
        ivy::sigmoid_into(&x, Some(&mut out))?;
        let s = out.to_vec::<f32>()?;
        assert_eq!((s[0], s[2], s[4]), (0.0, 0.5, 1.0));
        assert!((s[3] - 1.0 / (1.0 + (-2f32).exp())).abs() < 1e-7);
        let h = ivy::sigmoid(&x.astype(Dtype::Float16)?)?;
        assert_eq!(h.dtype(), Dtype::Float16);
        assert_eq!(h.to_f64_vec()?[1], f64::from(half::f16::from_f32(1.0 / (1.0 + 1f32.exp()))));
        assert_eq!(ivy::sigmoid(&ivy::asarray([0i32])?)?.dtype(), Dtype::Float32);
        let flags = ivy::asarray([true, false])?;
        assert!(matches!(ivy::relu(&flags), Err(Error::UnsupportedDtype { op: "relu", .. })));
        assert!(matches!(ivy::sigmoid(&flags), Err(Error::UnsupportedDtype { op: "sigmoid", .. })));
    }
}

test_backends! {
    /// `log_softmax` and `logsumexp` on every backend (numpy's values are in spec/golden):
    /// stable at ±1000 (no `inf`, no `-inf` from an underflowed `log(0)`), an axis of
    /// `-inf` only, keepdims, the `out` form (left untouched by a failed call), 0-d and
    /// empty inputs, integers in the default float dtype, and a bad axis naming the op.
    fn log_softmax_and_logsumexp(b) {
        let x = ivy::asarray([[-1000.0f32, 0.0, 1000.0], [1.0, 2.0, 3.0]])?;
        let l = ivy::log_softmax(&x)?.to_vec::<f32>()?;
        assert_eq!(&l[..3], [-2000.0, -1000.0, 0.0]);
        let lse = (1f64.exp() + 2f64.exp() + 3f64.exp()).ln();
        for (v, i) in l[3..].iter().zip([1.0f64, 2.0, 3.0]) {
            assert!((f64::from(*v) - (i - lse)).abs() < 1e-6, "{v}");
        }
        let r = ivy::logsumexp(&x)?;
        assert_eq!(r.shape(), [2]);
        let r = r.to_vec::<f32>()?;
        assert_eq!(r[0], 1000.0);
        assert!((f64::from(r[1]) - lse).abs() < 1e-6);
        let mut out = ivy::zeros([1, 3])?;
        ivy::logsumexp_with_out(&x, LogsumexpKw { axis: 0, keepdims: true }, &mut out)?;
        assert_eq!(out.to_vec::<f32>()?[2], 1000.0);
        let bad = ivy::logsumexp_with_out(&x, LogsumexpKw { axis: 2, keepdims: true }, &mut out);
        assert!(matches!(bad, Err(Error::Axis { op: "logsumexp", .. })), "{bad:?}");
        assert_eq!(out.to_vec::<f32>()?[2], 1000.0);
        let inf = ivy::asarray([[f64::NEG_INFINITY, f64::NEG_INFINITY], [f64::NEG_INFINITY, 0.0]])?;
        assert_eq!(ivy::logsumexp(&inf)?.to_f64_vec()?, [f64::NEG_INFINITY, 0.0]);
        assert_eq!(ivy::log_softmax(&inf)?.to_f64_vec()?[2..], [f64::NEG_INFINITY, 0.0]);
        assert_eq!(ivy::log_softmax(&ivy::asarray(3.5f64)?)?.to_f64_vec()?, [0.0]);
        assert_eq!(ivy::logsumexp(&ivy::asarray(3.5f64)?)?.to_f64_vec()?, [3.5]);
        let empty = ivy::zeros([2, 0])?;
        assert_eq!(ivy::logsumexp(&empty)?.to_vec::<f32>()?, [f32::NEG_INFINITY; 2]);
        assert_eq!(ivy::log_softmax(&empty)?.shape(), [2, 0]);
        let i = ivy::log_softmax(&ivy::asarray([[0i32, 0]])?)?;
        assert_eq!(i.dtype(), Dtype::Float32);
        assert!((i.to_vec::<f32>()?[0] + 2f32.ln()).abs() < 1e-7);
        assert!(matches!(
            ivy::log_softmax_with(&x, LogSoftmaxKw { axis: 5 }),
            Err(Error::Axis { op: "log_softmax", .. })
        ));
    }
}

test_backends! {
    /// `leaky_relu`, `silu` and `hardswish` on every backend (numpy's values are in
    /// spec/golden): `alpha`, the `out` form, no overflow at ±1000, float16 `silu`
    /// computed in float32 and rounded once, and the refused dtypes naming the op.
    fn leaky_relu_silu_hardswish(b) {
        let x = ivy::asarray([-1000.0f32, -2.0, 0.0, 2.0, 1000.0])?;
        assert_eq!(ivy::leaky_relu(&x)?.to_vec::<f32>()?, [-200.0, -0.4, 0.0, 2.0, 1000.0]);
        let mut out = ivy::zeros([5])?;
        ivy::leaky_relu_with_out(&x, LeakyReluKw { alpha: 0.5 }, &mut out)?;
        assert_eq!(out.to_vec::<f32>()?, [-500.0, -1.0, 0.0, 2.0, 1000.0]);
        let s = ivy::silu(&x)?.to_vec::<f32>()?;
        assert_eq!((s[0], s[2], s[4]), (0.0, 0.0, 1000.0));
        assert!((s[3] - 2.0 / (1.0 + (-2f32).exp())).abs() < 1e-6);
        let h = ivy::silu(&x.astype(Dtype::Float16)?)?;
        assert_eq!(h.dtype(), Dtype::Float16);
        assert_eq!(h.to_f64_vec()?[3], f64::from(half::f16::from_f32(2.0 / (1.0 + (-2f32).exp()))));
        assert_eq!(ivy::silu(&ivy::asarray([0i64])?.astype(Dtype::Int64)?)?.dtype(), Dtype::Float64);
        ivy::hardswish_into(&x, Some(&mut out))?;
        assert_eq!(out.to_vec::<f32>()?, [0.0, -2.0 / 6.0, 0.0, 2.0 * 5.0 / 6.0, 1000.0]);
        let ints = ivy::asarray([-1i32, 2])?;
        let e = ivy::leaky_relu_with_out(&ints, LeakyReluKw::default(), &mut out);
        assert!(matches!(e, Err(Error::UnsupportedDtype { op: "leaky_relu", .. })), "{e:?}");
        assert_eq!(out.to_vec::<f32>()?[4], 1000.0); // untouched
        assert!(matches!(ivy::hardswish(&ints), Err(Error::UnsupportedDtype { op: "hardswish", .. })));
        let flags = ivy::asarray([true, false])?;
        assert!(matches!(ivy::silu(&flags), Err(Error::UnsupportedDtype { op: "silu", .. })));
    }
}

test_backends! {
    /// `mish` on every backend (numpy's values are in spec/golden): stable at ±1000 and
    /// precise in the negative tail, float16 computed in float32 and rounded once, bool
    /// refused naming the op.
    fn mish(b) {
        let x = ivy::asarray([-1000.0f64, -20.0, 0.0, 1.0, 1000.0])?.astype(Dtype::Float64)?;
        let m = ivy::mish(&x)?.to_f64_vec()?;
        assert_eq!((m[0], m[2], m[4]), (-0.0, 0.0, 1000.0));
        let sp = |v: f64| v.exp().ln_1p();
        assert!((m[1] / (-20.0 * sp(-20.0).tanh()) - 1.0).abs() < 1e-14, "{}", m[1]);
        assert!((m[3] - sp(1.0).tanh()).abs() < 1e-15);
        let h = ivy::mish(&x.astype(Dtype::Float16)?)?;
        assert_eq!(h.dtype(), Dtype::Float16);
        assert_eq!(h.to_f64_vec()?[3], f64::from(half::f16::from_f64(sp(1.0).tanh())));
        let flags = ivy::asarray([true, false])?;
        assert!(matches!(ivy::mish(&flags), Err(Error::UnsupportedDtype { op: "mish", .. })));
    }
}

/// `leaky_relu` and `hardswish` run kernel rows on ndarray that round as their bodies do:
/// the same bits as the ops the bodies compose, special values and dtypes of two bytes
/// included (rows of one pass, no new values).
#[test]
fn activation_rows_round_as_their_compositions() -> ivy::Result<()> {
    let mut v: Vec<f64> = (0..4000)
        .map(|i| (f64::from(i) - 2000.0) * 0.00731)
        .collect();
    v.extend([
        0.0,
        -0.0,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
        1e-310,
        1e300,
    ]);
    v.extend([
        -1e300, -3.0, 3.0, -2.9999999, 65504.0, -65504.0, 1e-7, -1e-7,
    ]);
    let bits = |a: &Array| -> ivy::Result<Vec<u64>> {
        // NaN as one value (its sign and payload unspecified), -0 kept apart from 0
        Ok(a.to_f64_vec()?
            .into_iter()
            .map(|f| if f.is_nan() { u64::MAX } else { f.to_bits() })
            .collect())
    };
    ivy::with_backend(Backend::Ndarray, || {
        for d in [
            Dtype::Float16,
            Dtype::Bfloat16,
            Dtype::Float32,
            Dtype::Float64,
        ] {
            let x = ivy_tests::typed(&v, d)?;
            for alpha in [0.2, 0.01, 1.0 / 3.0, -2.5] {
                let row = ivy::leaky_relu_with(&x, LeakyReluKw { alpha })?;
                let body = ivy::r#where(&ivy::greater(&x, 0)?, &x, &ivy::multiply(&x, alpha)?)?;
                assert_eq!(row.dtype(), d);
                assert_eq!(bits(&row)?, bits(&body)?, "leaky_relu {d} alpha {alpha}");
            }
            let row = ivy::hardswish(&x)?;
            let r6 = ivy::clip(&ivy::add(&x, 3)?, 0, 6)?;
            let body = ivy::divide(&ivy::multiply(&x, &r6)?, 6)?;
            assert_eq!(bits(&row)?, bits(&body)?, "hardswish {d}");
        }
        Ok(())
    })
}
