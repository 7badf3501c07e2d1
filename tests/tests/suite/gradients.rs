//! `execute_with_gradients`: one backward pass over a Container of variables on candle,
//! checked against central finite differences; a typed error on ndarray.

use candle_core::{Device as CDevice, Tensor, Var};
use ivy::prelude::*;
use ivy::{container, Error};

fn f64s(v: &[f64]) -> Array {
    ivy::asarray_with(
        v.to_vec(),
        AsarrayKw {
            dtype: Some(Dtype::Float64),
            device: None,
            copy: None,
        },
    )
    .expect("candle holds float64")
}

/// y = sum(tanh(w * x) + exp(b) * w) + sum(sin(b)): x a constant.
fn model(v: &Container) -> ivy::Result<Array> {
    let (w, b) = (v.at("layer/w")?, v.at("b")?);
    let x = f64s(&[0.5, -1.5, 2.0]);
    let a = ivy::tanh(&(w * &x)?)?;
    let c = (&ivy::exp(b)? * w)?;
    &ivy::sum(&(&a + &c)?)? + &ivy::sum(&ivy::sin(b)?)?
}

fn values(c: &Container, k: &str) -> Vec<f64> {
    c.at(k).unwrap().to_f64_vec().unwrap()
}

/// Central differences of `model` at `xs` for every element of every leaf.
fn finite_differences(xs: &Container) -> Container<Vec<f64>> {
    finite_differences_of(model, xs)
}

/// Central differences of `model` (a scalar function) at `xs` for every element of every
/// leaf.
fn finite_differences_of(
    model: impl Fn(&Container) -> ivy::Result<Array>,
    xs: &Container,
) -> Container<Vec<f64>> {
    let h = 1e-6;
    xs.map(|kc, a| {
        let base = a.to_f64_vec()?;
        let mut g = Vec::new();
        for i in 0..base.len() {
            let at = |d: f64| -> ivy::Result<f64> {
                let mut v = base.clone();
                v[i] += d;
                let mut moved = xs.clone();
                let shape: Vec<i64> = a.shape().iter().map(|&n| n as i64).collect();
                moved.insert(kc, f64s(&v).reshape(&shape[..])?);
                Ok(model(&moved)?.to_f64_vec()?[0])
            };
            g.push((at(h)? - at(-h)?) / (2.0 * h));
        }
        Ok(g)
    })
    .unwrap()
}

#[test]
fn gradients_match_finite_differences_in_one_pass() {
    ivy::with_backend(Backend::Candle, || {
        let xs: Container = container! { layer: { w: f64s(&[0.3, -0.7, 1.1]) }, b: f64s(&[0.25]) };
        let (y, grads, ()) = ivy::execute_with_gradients(model, &xs).unwrap();
        assert_eq!(
            y.to_f64_vec().unwrap(),
            model(&xs).unwrap().to_f64_vec().unwrap()
        );
        assert_eq!(grads.shapes(), xs.shapes());
        let fd = finite_differences(&xs);
        for kc in xs.all_key_chains() {
            let (got, want) = (values(&grads, &kc), fd.at(&kc).unwrap());
            for (g, w) in got.iter().zip(want) {
                assert!(
                    (g - w).abs() <= 1e-6 * (1.0 + w.abs()),
                    "{kc}: {got:?} vs {want:?}"
                );
            }
        }
        // the same on float32
        let xs32 = ivy::nested::astype(&xs, Dtype::Float32).unwrap();
        let m32 = |v: &Container| -> ivy::Result<Array> {
            let (w, b) = (v.at("layer/w")?, v.at("b")?);
            &ivy::sum(&(w * w)?)? + &ivy::sum(&ivy::exp(b)?)?
        };
        let (_, g32, ()) = ivy::execute_with_gradients(m32, &xs32).unwrap();
        assert_eq!(g32.at("layer/w").unwrap().dtype(), Dtype::Float32);
        let w = values(&xs32, "layer/w");
        for (g, w) in values(&g32, "layer/w").iter().zip(&w) {
            assert!((g - 2.0 * w).abs() < 1e-6);
        }
        assert!((values(&g32, "b")[0] - 0.25f64.exp()).abs() < 1e-6);
    });
}

#[test]
fn rest_outputs_unused_variables_vars_and_retained_graphs() {
    ivy::with_backend(Backend::Candle, || {
        // a Var leaf stays the variable; an unused leaf gets zeros; `rest` comes back
        let var = Var::from_tensor(&Tensor::new(&[2.0f32, 3.0], &CDevice::Cpu).unwrap()).unwrap();
        let xs: Container = container! { v: Array::from(var.clone()), unused: ivy::asarray([1.0f32, 1.0]).unwrap() };
        let f = |c: &Container| -> ivy::Result<(Array, String)> {
            let v = c.at("v")?;
            Ok((ivy::sum(&(v * v)?)?, "rest".to_string()))
        };
        let (y, grads, rest) = ivy::execute_with_gradients(f, &xs).unwrap();
        assert_eq!(rest, "rest");
        assert_eq!(y.item::<f32>().unwrap(), 13.0);
        assert_eq!(values(&grads, "v"), [4.0, 6.0]);
        assert_eq!(values(&grads, "unused"), [0.0, 0.0]);
        // retain_grads keeps y in the graph; by default it is detached
        let tracked = |a: &Array| a.to_tensor().unwrap().track_op();
        assert!(!tracked(&y));
        let kw = ExecuteWithGradientsKw { retain_grads: true };
        let (y, _, _) = ivy::execute_with_gradients_with(f, &xs, kw).unwrap();
        assert!(tracked(&y));
        // a non-scalar y is differentiated as its sum
        let (_, g, ()) =
            ivy::execute_with_gradients(|c: &Container| c.at("v")? * 3.0, &xs).unwrap();
        assert_eq!(values(&g, "v"), [3.0, 3.0]);
    });
}

#[test]
fn what_cannot_be_differentiated_is_a_typed_error() {
    // ndarray has no autograd: the error names candle
    let nd: Container = ivy::with_backend(Backend::Ndarray, || {
        container! { w: ivy::asarray([1.0f32]).unwrap() }
    });
    match ivy::execute_with_gradients(|c: &Container| Ok(c.at("w")?.clone()), &nd) {
        Err(e @ Error::NoAutograd { .. }) => assert!(e.to_string().contains("candle"), "{e}"),
        other => panic!("{other:?}"),
    }
    ivy::with_backend(Backend::Candle, || {
        let sum_w = |c: &Container| ivy::sum(c.at("w")?);
        // an integer leaf, leaves on two backends
        let ints: Container = container! { w: ivy::asarray([1i32, 2]).unwrap() };
        match ivy::execute_with_gradients(sum_w, &ints) {
            Err(Error::InvalidArgument { message, .. }) => {
                assert!(message.contains("`w`"), "{message}")
            }
            other => panic!("{other:?}"),
        }
        let mut mixed: Container = container! { w: ivy::asarray([1.0f32]).unwrap() };
        mixed.insert("v", nd.at("w").unwrap().clone());
        assert!(matches!(
            ivy::execute_with_gradients(sum_w, &mixed),
            Err(Error::BackendMismatch { .. })
        ));
        // y not computed on candle
        let xs: Container = container! { w: ivy::asarray([1.0f32]).unwrap() };
        let off = |_: &Container| ivy::with_backend(Backend::Ndarray, || ivy::asarray(1.0f32));
        assert!(matches!(
            ivy::execute_with_gradients(off, &xs),
            Err(Error::InvalidArgument { .. })
        ));
        // the function's own error comes back as it is
        let failing = |c: &Container| ivy::reshape(c.at("w")?, &[7i64][..]);
        assert!(matches!(
            ivy::execute_with_gradients(failing, &xs),
            Err(Error::Shape { .. }) | Err(Error::InvalidArgument { .. })
        ));
    });
}

/// An op candle would compute on the host inside the recorded function is an error naming
/// it, not a silently zero gradient; outside it, the same op runs on tracked tensors.
#[test]
fn host_paths_inside_the_recording_are_refused() {
    ivy::with_backend(Backend::Candle, || {
        let xs: Container = container! { w: ivy::asarray([1.0f32, 2.0]).unwrap() };
        // find a float op candle computes on the host
        let host_op = ivy::registry::ops()
            .into_iter()
            .map(|e| e.meta.name)
            .find(|name| {
                ivy::registry::support(ivy::registry::op(name).unwrap(), Backend::Candle)
                    .is_some_and(|s| s.native && s.host.contains(Dtype::Float32))
            });
        let Some(name) = host_op else {
            println!("no float32 op runs on the host on candle: nothing to refuse");
            return;
        };
        let f = |c: &Container| -> ivy::Result<Array> {
            let args = vec![
                ivy::registry::Value::Array(c.at("w")?.clone());
                ivy::registry::op(name).unwrap().meta.positional().count()
            ];
            match ivy::registry::call(name, &args, &[])? {
                ivy::registry::Value::Array(a) => ivy::sum(&a.astype(Dtype::Float32)?),
                other => Err(Error::InvalidArgument {
                    op: "test",
                    message: format!("{other:?}"),
                }),
            }
        };
        // the probe's result outside the recording: one that cannot carry a gradient (an
        // integer or bool result) cuts nothing and is allowed inside it
        let args = vec![
            ivy::registry::Value::Array(xs.at("w").unwrap().clone());
            ivy::registry::op(name).unwrap().meta.positional().count()
        ];
        if let Ok(ivy::registry::Value::Array(a)) = ivy::registry::call(name, &args, &[]) {
            if !a.dtype().is_float() {
                ivy::execute_with_gradients(f, &xs).unwrap();
                println!("`{name}` gives {}: allowed inside the recording", a.dtype());
                return;
            }
        }
        match ivy::execute_with_gradients(f, &xs) {
            Err(Error::InvalidArgument { message, .. })
                if message.contains("cuts the gradient graph") =>
            {
                println!("`{name}` refused inside the recording: {message}")
            }
            // the op may refuse these arguments before computing: then it reached no host path
            Err(e) => println!("`{name}` refused the probe arguments: {e}"),
            Ok(_) => panic!("`{name}` computed on the host inside execute_with_gradients"),
        }
    });
}

/// An in-place update of a variable inside the recorded function would leave the graph on
/// the old tensor (zero gradients): it is an error; an integer `Var` leaf is refused as an
/// integer tensor leaf is.
#[test]
fn in_place_updates_and_integer_vars_are_refused() {
    ivy::with_backend(Backend::Candle, || {
        let xs: Container = container! { w: ivy::asarray([1.0f32, 2.0]).unwrap() };
        let f = |c: &Container| -> ivy::Result<Array> {
            let y = ivy::sum(&(c.at("w")? * c.at("w")?)?)?;
            let mut w = c.at("w")?.clone();
            ivy::inplace_update(&mut w, ivy::zeros([2])?)?;
            Ok(y)
        };
        match ivy::execute_with_gradients(f, &xs) {
            Err(Error::InvalidArgument {
                op: "inplace_update",
                message,
            }) => {
                assert!(message.contains("cut the gradient graph"), "{message}")
            }
            other => panic!("{other:?}"),
        }
        // outside the recording the same update is fine
        let mut w = xs.at("w").unwrap().clone();
        ivy::inplace_update(&mut w, ivy::zeros([2]).unwrap()).unwrap();
        let var = Var::from_tensor(&Tensor::new(&[1u32, 2], &CDevice::Cpu).unwrap()).unwrap();
        let ints: Container = container! { n: Array::from(var) };
        let r = ivy::execute_with_gradients(|c: &Container| ivy::sum(c.at("n")?), &ints);
        match r {
            Err(Error::InvalidArgument { message, .. }) => {
                assert!(message.contains("float"), "{message}")
            }
            other => panic!("{other:?}"),
        }
    });
}

/// Inside the recording, a host result that cannot carry a gradient cuts nothing and is
/// allowed: indices (`argmax`, `argsort`), integer results of integer arrays computed from
/// the variables, host reads of empty arrays; a float result computed on the host
/// (`sort`'s values) is still refused, naming the op called. ndarray has no autograd.
#[test]
fn results_without_gradients_are_allowed_in_the_recording() {
    let f = |c: &Container| -> ivy::Result<(Array, Vec<f64>)> {
        let w = c.at("w")?;
        let i = ivy::argmax(w)?;
        let order = ivy::argsort(w)?;
        let ints = ivy::add(&w.astype(Dtype::Int64)?, 1)?; // integer host path
        let none = ivy::sort(&w.get(ivy::s![0..0])?)?; // an empty host read
        assert_eq!((none.shape(), ints.dtype()), (&[0][..], Dtype::Int64));
        let y = ivy::sum(&(w * w)?)?;
        let mut seen = i.to_f64_vec()?;
        seen.extend(order.to_f64_vec()?);
        seen.extend(ints.to_f64_vec()?);
        Ok((y, seen))
    };
    ivy::with_backend(Backend::Candle, || {
        let xs: Container = container! { w: ivy::asarray([3.0f32, 1.0, 2.0]).unwrap() };
        let (y, grads, seen) = ivy::execute_with_gradients(f, &xs).unwrap();
        assert_eq!(y.to_f64_vec().unwrap(), [14.0]);
        assert_eq!(values(&grads, "w"), [6.0, 2.0, 4.0]);
        assert_eq!(seen, [0.0, 1.0, 2.0, 0.0, 4.0, 2.0, 3.0]);
        // a float result on the host still cuts the graph: refused, naming `sort`
        let sorted = |c: &Container| ivy::sum(&ivy::sort(c.at("w")?)?);
        match ivy::execute_with_gradients(sorted, &xs) {
            Err(Error::InvalidArgument {
                op: "sort",
                message,
            }) => {
                assert!(message.contains("cuts the gradient graph"), "{message}")
            }
            other => panic!("{other:?}"),
        }
    });
    let nd: Container = ivy::with_backend(Backend::Ndarray, || {
        container! { w: ivy::asarray([3.0f32, 1.0, 2.0]).unwrap() }
    });
    assert!(matches!(
        ivy::execute_with_gradients(f, &nd),
        Err(Error::NoAutograd { .. })
    ));
}

/// `f`'s gradients from candle's one backward pass match central differences at `xs`
/// (float64 leaves).
fn check_gradients(what: &str, f: impl Fn(&Container) -> ivy::Result<Array>, xs: &Container) {
    let (_, grads, ()) = ivy::execute_with_gradients(&f, xs)
        .unwrap_or_else(|e| panic!("{what}: differentiable on candle: {e}"));
    let fd = finite_differences_of(&f, xs);
    for kc in xs.all_key_chains() {
        let (got, want) = (values(&grads, &kc), fd.at(&kc).unwrap());
        assert_eq!(got.len(), want.len(), "{what}: {kc}");
        for (g, w) in got.iter().zip(want) {
            assert!(
                (g - w).abs() <= 1e-6 * (1.0 + w.abs()),
                "{what}: {kc}: {got:?} vs {want:?}"
            );
        }
    }
}

/// The ops candle has kernels for run on its graph inside `execute_with_gradients`
/// (`maximum`/`minimum`, `clip` with scalar and array bounds, `where` with a float result,
/// the comparisons feeding it, and `cross_entropy`, which clips): their gradients match
/// finite differences, where the host path refused them before. Points stay away from the
/// kinks (`x == 0`, the clip bounds), where a derivative is one-sided.
#[test]
fn ops_with_candle_kernels_differentiate() {
    ivy::with_backend(Backend::Candle, || {
        let xs: Container = container! { x: f64s(&[-1.5, -0.25, 0.5, 2.0]) };
        let x = |c: &Container| c.at("x").cloned();
        check_gradients(
            "maximum(x, 0.0)",
            |c| ivy::sum(&(&ivy::maximum(&x(c)?, 0.0)? * &x(c)?)?),
            &xs,
        );
        check_gradients(
            "minimum(x, 0.0)",
            |c| ivy::sum(&ivy::exp(&ivy::minimum(&x(c)?, 0.0)?)?),
            &xs,
        );
        check_gradients(
            "clip(x, -1.0, 1.0)",
            |c| ivy::sum(&ivy::sin(&ivy::clip(&x(c)?, -1.0, 1.0)?)?),
            &xs,
        );
        check_gradients(
            "clip(x, array, array)",
            |c| {
                let lo = f64s(&[-2.0, 0.0, -1.0, 1.0]);
                let hi = f64s(&[3.0, 1.0, 0.25, 1.5]);
                let y = ivy::clip(&x(c)?, &lo, &hi)?;
                ivy::sum(&(&y * &y)?)
            },
            &xs,
        );
        check_gradients(
            "where(x > 0, x * x, sin(x))",
            |c| {
                let x = x(c)?;
                let positive = ivy::greater(&x, 0.0)?;
                let lt = ivy::less(&x, -1.0)?;
                let y = ivy::r#where(&positive, &(&x * &x)?, &ivy::sin(&x)?)?;
                ivy::sum(&ivy::r#where(&lt, &(&x * 3.0)?, &y)?)
            },
            &xs,
        );
        let probs: Container = container! { p: f64s(&[0.2, 0.5, 0.3, 0.6, 0.3, 0.1]).reshape(&[2i64, 3][..]).unwrap() };
        check_gradients(
            "cross_entropy",
            |c| {
                let labels = f64s(&[0.0, 1.0, 0.0, 1.0, 0.0, 0.0]).reshape(&[2i64, 3][..])?;
                ivy::sum(&ivy::cross_entropy(&labels, c.at("p")?)?)
            },
            &probs,
        );
        // numpy's NaN semantics survive candle's own maximum (which keeps `a` for a NaN `b`)
        let (a, b) = (f64s(&[1.0, f64::NAN, 2.0]), f64s(&[f64::NAN, 1.0, 1.0]));
        for r in [ivy::maximum(&a, &b).unwrap(), ivy::minimum(&a, &b).unwrap()] {
            let v = r.to_f64_vec().unwrap();
            assert!(v[0].is_nan() && v[1].is_nan(), "{v:?}");
        }
        let v = ivy::clip(&b, 0.0, 0.5).unwrap().to_f64_vec().unwrap();
        assert!(v[0].is_nan() && v[1..] == [0.5, 0.5], "{v:?}");
    });
}

/// `binary_cross_entropy` (probabilities, logits, logits with `pos_weight`),
/// `cross_entropy` with `reduction = "mean"` and `sparse_cross_entropy` differentiate on
/// candle: their gradients match finite differences.
#[test]
fn losses_differentiate() {
    ivy::with_backend(Backend::Candle, || {
        let labels = || f64s(&[0.0, 1.0, 1.0, 0.0]);
        let ps: Container = container! { p: f64s(&[0.2, 0.7, 0.4, 0.9]) };
        check_gradients(
            "binary_cross_entropy",
            |c| ivy::sum(&ivy::binary_cross_entropy(labels(), c.at("p")?)?),
            &ps,
        );
        let xs: Container = container! { x: f64s(&[-3.0, 0.5, -0.25, 4.0]) };
        let logits = BinaryCrossEntropyKw {
            from_logits: true,
            ..Default::default()
        };
        check_gradients(
            "binary_cross_entropy(from_logits)",
            |c| {
                ivy::sum(&ivy::binary_cross_entropy_with(
                    labels(),
                    c.at("x")?,
                    logits.clone(),
                )?)
            },
            &xs,
        );
        // pos_weight (the stable weighted form), label smoothing and the sum over an axis
        let weighted = BinaryCrossEntropyKw {
            from_logits: true,
            epsilon: 0.1,
            pos_weight: Some(f64s(&[2.0, 0.5])),
            reduction: "sum".into(),
            axis: Some(vec![0]),
        };
        check_gradients(
            "binary_cross_entropy(pos_weight)",
            |c| {
                let x = ivy::reshape(c.at("x")?, &[2i64, 2][..])?;
                let t = ivy::reshape(labels(), &[2i64, 2][..])?;
                ivy::sum(&ivy::binary_cross_entropy_with(&t, &x, weighted.clone())?)
            },
            &xs,
        );
        let probs: Container = container! { p: f64s(&[0.2, 0.5, 0.3, 0.6, 0.3, 0.1]).reshape(&[2i64, 3][..]).unwrap() };
        let mean = CrossEntropyKw {
            reduction: "mean".into(),
            ..Default::default()
        };
        check_gradients(
            "cross_entropy(reduction mean)",
            |c| {
                let labels = f64s(&[0.0, 1.0, 0.0, 0.5, 0.0, 0.5]).reshape(&[2i64, 3][..])?;
                ivy::sum(&ivy::cross_entropy_with(&labels, c.at("p")?, mean.clone())?)
            },
            &probs,
        );
        check_gradients(
            "sparse_cross_entropy",
            |c| {
                let classes = ivy::asarray(vec![1i64, 0])?;
                ivy::sum(&ivy::sparse_cross_entropy(&classes, c.at("p")?)?)
            },
            &probs,
        );
    });
}

/// The activations `relu` and `sigmoid` differentiate on candle (finite differences), and
/// sigmoid's gradient stays finite where `exp(-x)` of the branch not taken would overflow.
#[test]
fn activations_differentiate() {
    ivy::with_backend(Backend::Candle, || {
        let xs: Container = container! { x: f64s(&[-3.0, -0.5, 0.75, 4.0]) };
        check_gradients(
            "relu",
            |c| ivy::sum(&(&ivy::relu(c.at("x")?)? * c.at("x")?)?),
            &xs,
        );
        check_gradients("sigmoid", |c| ivy::sum(&ivy::sigmoid(c.at("x")?)?), &xs);
        let far: Container = container! { x: f64s(&[-1000.0, 1000.0, 0.0]) };
        let (_, g, ()) =
            ivy::execute_with_gradients(|c: &Container| ivy::sum(&ivy::sigmoid(c.at("x")?)?), &far)
                .unwrap();
        assert_eq!(values(&g, "x"), [0.0, 0.0, 0.25]);
        // float32 too (float16 computes in float32: the cast differentiates)
        let x32: Container = container! { x: ivy::asarray([-1.0f32, 2.0]).unwrap() };
        let (_, g, ()) =
            ivy::execute_with_gradients(|c: &Container| ivy::sum(&ivy::sigmoid(c.at("x")?)?), &x32)
                .unwrap();
        for (g, x) in values(&g, "x").iter().zip([-1.0f64, 2.0]) {
            let s = 1.0 / (1.0 + (-x).exp());
            assert!((g - s * (1.0 - s)).abs() < 1e-6, "{g} vs {}", s * (1.0 - s));
        }
    });
}

/// `log_softmax` and `logsumexp` differentiate on candle (against finite differences),
/// through their stable form: at ±1000 the gradient is finite (`softmax(x)` for
/// `logsumexp`).
#[test]
fn log_softmax_and_logsumexp_differentiate() {
    ivy::with_backend(Backend::Candle, || {
        let x = ivy::reshape(f64s(&[-3.0, -0.5, 0.75, 4.0, 1.0, 2.0]), &[2i64, 3][..]).unwrap();
        let xs: Container = container! { x: x };
        let w = f64s(&[0.5, -1.0, 2.0, 1.5, 0.25, -0.75]);
        let w = ivy::reshape(&w, &[2i64, 3][..]).unwrap();
        check_gradients(
            "log_softmax",
            |c| ivy::sum(&(&ivy::log_softmax(c.at("x")?)? * &w)?),
            &xs,
        );
        check_gradients(
            "logsumexp",
            |c| {
                let kw = LogsumexpKw {
                    axis: 0,
                    keepdims: false,
                };
                ivy::sum(&(&ivy::logsumexp_with(c.at("x")?, kw)? * &f64s(&[1.0, -2.0, 0.5]))?)
            },
            &xs,
        );
        let far: Container = container! { x: f64s(&[-1000.0, 0.0, 1000.0]) };
        let (_, g, ()) =
            ivy::execute_with_gradients(|c: &Container| ivy::logsumexp(c.at("x")?), &far).unwrap();
        assert_eq!(values(&g, "x"), [0.0, 0.0, 1.0]);
    });
}

/// `leaky_relu`, `silu` and `hardswish` differentiate on candle (against finite
/// differences, away from their kinks), and `silu`'s gradient stays finite at ±1000.
#[test]
fn leaky_relu_silu_hardswish_differentiate() {
    ivy::with_backend(Backend::Candle, || {
        let xs: Container = container! { x: f64s(&[-4.0, -2.5, -0.5, 0.75, 2.0, 4.0]) };
        check_gradients(
            "leaky_relu",
            |c| ivy::sum(&(&ivy::leaky_relu(c.at("x")?)? * c.at("x")?)?),
            &xs,
        );
        check_gradients("silu", |c| ivy::sum(&ivy::silu(c.at("x")?)?), &xs);
        check_gradients("hardswish", |c| ivy::sum(&ivy::hardswish(c.at("x")?)?), &xs);
        let far: Container = container! { x: f64s(&[-1000.0, 1000.0, 0.0]) };
        let (_, g, ()) =
            ivy::execute_with_gradients(|c: &Container| ivy::sum(&ivy::silu(c.at("x")?)?), &far)
                .unwrap();
        assert_eq!(values(&g, "x"), [0.0, 1.0, 0.5]);
    });
}

/// `mish` differentiates on candle (against finite differences), with finite gradients
/// at ±1000 through its stable form.
#[test]
fn mish_differentiates() {
    ivy::with_backend(Backend::Candle, || {
        let xs: Container = container! { x: f64s(&[-4.0, -2.5, -0.5, 0.0, 0.75, 2.0, 4.0]) };
        check_gradients("mish", |c| ivy::sum(&ivy::mish(c.at("x")?)?), &xs);
        let far: Container = container! { x: f64s(&[-1000.0, 1000.0]) };
        let (_, g, ()) =
            ivy::execute_with_gradients(|c: &Container| ivy::sum(&ivy::mish(c.at("x")?)?), &far)
                .unwrap();
        assert_eq!(values(&g, "x"), [0.0, 1.0]);
    });
}

/// `gelu` differentiates on candle in both forms (against finite differences), into its
/// negative tail, with finite gradients far out (0 at -1000, 1 at 1000); so do `erf` and
/// `erfc`.
#[test]
fn gelu_erf_erfc_differentiate() {
    ivy::with_backend(Backend::Candle, || {
        let xs: Container =
            container! { x: f64s(&[-6.0, -3.2, -2.9, -1.25, -0.5, 0.0, 0.75, 2.0, 4.0]) };
        for approximate in [false, true] {
            check_gradients(
                &format!("gelu(approximate={approximate})"),
                |c| ivy::sum(&ivy::gelu_with(c.at("x")?, ivy::GeluKw { approximate })?),
                &xs,
            );
            let far: Container = container! { x: f64s(&[-1000.0, 1000.0]) };
            let (_, g, ()) = ivy::execute_with_gradients(
                |c: &Container| ivy::sum(&ivy::gelu_with(c.at("x")?, ivy::GeluKw { approximate })?),
                &far,
            )
            .unwrap();
            assert_eq!(values(&g, "x"), [0.0, 1.0], "approximate={approximate}");
        }
        // `erf` is candle's kernel; `erfc` an op of ivy's own on candle's CPU, with its
        // derivative `-2/√π·e^(-x²)`
        check_gradients("erf", |c| ivy::sum(&ivy::erf(c.at("x")?)?), &xs);
        check_gradients("erfc", |c| ivy::sum(&ivy::erfc(c.at("x")?)?), &xs);
    });
}
