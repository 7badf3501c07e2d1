//! Nestable ops on Containers (the seed's x/y/z examples), standalone nest functions and a
//! container-dependent op, on every backend.

use ivy::prelude::*;
use ivy::{container, Error};
use ivy_tests::{assert_close, test_backends};

fn a(v: f64) -> Array {
    ivy::asarray(v).expect("backend set")
}

fn xyz() -> (Container, Container, Container) {
    let x: Container = container! { a: { b: a(2.0), c: a(4.0) }, d: { e: a(6.0), f: a(8.0) } };
    let y: Container = container! { a: a(2.0), d: a(3.0) };
    let z: Container = container! { a: { b: a(10.0), c: { g: a(11.0), h: a(12.0) } }, d: { e: a(13.0), f: a(14.0) } };
    (x, y, z)
}

fn leaf(c: &Container, k: &str) -> f64 {
    c.at(k).unwrap().to_f64_vec().unwrap()[0]
}

test_backends! {
    fn shared_structure_divide(b) {
        let (x, y, _) = xyz();
        let q = x.divide(&y)?;
        assert_eq!(leaf(&q, "a/b"), 1.0);
        assert_eq!(leaf(&q, "a/c"), 2.0);
        assert_eq!(leaf(&q, "d/e"), 2.0); // 6 / 3: the seed prints 3, Ivy computes 2
        assert_close(&[leaf(&q, "d/f")], &[8.0 / 3.0], 1e-6);
    }

    fn shared_structure_add_three(b) {
        let (x, y, z) = xyz();
        let s = ivy::nested::add(&x.add(&y)?, &z)?;
        let keys: Vec<String> = s.leaves().map(|(k, _)| k).collect();
        assert_eq!(keys, ["a/b", "a/c/g", "a/c/h", "d/e", "d/f"]);
        let vals: Vec<f64> = keys.iter().map(|k| leaf(&s, k)).collect();
        assert_eq!(vals, vec![14.0, 17.0, 18.0, 22.0, 25.0]);
    }

    fn unshared_structure_is_an_error(b) {
        let (x, _, _) = xyz();
        let y: Container = container! { a: a(2.0), d: a(3.0), g: a(4.0) };
        match x.add(&y) {
            Err(Error::ContainerStructure { op: "add", key_chain }) => assert_eq!(key_chain, "g"),
            other => panic!("{other:?}"),
        }
        let z: Container = container! { a: { b: a(10.0), c: { g: a(11.0), h: a(12.0) } }, d: { e: a(13.0), g: a(14.0) } };
        match ivy::nested::add(&x, &z) {
            Err(Error::ContainerStructure { key_chain, .. }) => assert_eq!(key_chain, "d/f"),
            other => panic!("{other:?}"),
        }
    }

    fn comparisons_leaf_by_leaf(b) {
        let (x, y, _) = xyz(); // x: a/b 2, a/c 4, d/e 6, d/f 8; y: a 2, d 3 (float64)
        let flags = |c: &Container| -> Vec<bool> {
            c.leaves().map(|(_, v)| v.to_vec::<bool>().unwrap()[0]).collect()
        };
        // a Container (shared-structure broadcasting): y's leaf `a` meets a/b and a/c
        assert_eq!(flags(&x.lt(&y)?), [false, false, false, false]);
        assert_eq!(flags(&x.le(&y)?), [true, false, false, false]);
        assert_eq!(flags(&x.gt(&y)?), [false, true, true, true]);
        assert_eq!(flags(&x.ge(&y)?), [true, true, true, true]);
        // a scalar or an array at every leaf
        assert_eq!(flags(&x.lt(5)?), [true, true, false, false]);
        assert_eq!(flags(&x.ge(&a(6.0))?), [false, false, true, true]);
        let r = x.gt(4.0)?;
        assert_eq!(r.at("d/e")?.dtype(), Dtype::Bool);
        // the same as the ops' Container methods, and the keys are kept
        assert_eq!(x.lt(&y)?, x.less(&y)?);
        assert_eq!(x.ge(3)?, x.greater_equal(3)?);
        let keys: Vec<String> = r.leaves().map(|(k, _)| k).collect();
        assert_eq!(keys, ["a/b", "a/c", "d/e", "d/f"]);
        // the ops' errors: structures that are not shared
        let g: Container = container! { a: a(2.0), g: a(4.0) };
        assert!(matches!(x.le(&g), Err(Error::ContainerStructure { op: "less_equal", .. })));
    }

    fn unary_and_scalar_nested(b) {
        let (x, _, _) = xyz();
        let t = x.tan()?;
        assert_close(&[leaf(&t, "d/e")], &[6f64.tan()], 1e-5);
        let plus = ivy::nested::add(&x, 1.0)?;
        assert_eq!(leaf(&plus, "a/b"), 3.0);
        let arr = a(10.0);
        let minus = ivy::nested::subtract(&arr, &x)?;
        assert_eq!(leaf(&minus, "d/f"), 2.0);
        let sums = ivy::nested::sum(&x)?;
        assert_eq!(leaf(&sums, "a/c"), 4.0);
        assert!(matches!(ivy::nested::tan(&arr), Err(Error::InvalidArgument { .. })), "needs a Container");
    }

    fn nested_cross_entropy(b) {
        let t: Container = container! { p: ivy::asarray(vec![0.0f32, 1.0])?, q: ivy::asarray(vec![1.0f32, 0.0])? };
        let pred = ivy::asarray(vec![0.25f32, 0.75])?;
        let ce = t.cross_entropy(&pred)?;
        assert_close(&[leaf(&ce, "p"), leaf(&ce, "q")], &[-(0.75f64.ln()), -(0.25f64.ln())], 1e-6);
    }

    fn standalone_functions(b) {
        let (x, _, _) = xyz();
        let doubled = ivy::nested_map(&x, |v| v * 2.0)?;
        assert_eq!(leaf(&doubled, "d/f"), 16.0);
        assert_eq!(ivy::index_nest(&x, "a/c")?.to_f64_vec()?, vec![4.0]);
        assert!(matches!(ivy::index_nest(&x, "a/z"), Err(Error::KeyChain { .. })));
        assert_eq!(ivy::default(None, 3), 3);
        assert_eq!(ivy::default(Some(1), 3), 1);
        let q = ivy::stable_divide(a(1.0), a(0.0), None)?;
        assert!(q.to_f64_vec()?[0].is_finite());
    }

}

#[test]
fn container_prints_like_ivy() {
    ivy::with_backend(Backend::Ndarray, || {
        let y: Container = container! { a: a(2.0), d: { e: a(3.0) } };
        let s = y.to_string();
        assert_eq!(s, "{\n    a: ivy.array(2., dtype=float32),\n    d: {\n        e: ivy.array(3., dtype=float32)\n    }\n}");
    });
}

test_backends! {
    fn empty_containers_print_as_braces(b) {
        assert_eq!(Container::<Array>::new().to_string(), "{}");
        let c: Container = container! { a: a(1.0), d: {} };
        assert_eq!(c.to_string(), "{\n    a: ivy.array(1., dtype=float32),\n    d: {}\n}");
        let nested: Container = container! { d: { e: {} } };
        assert_eq!(nested.to_string(), "{\n    d: {\n        e: {}\n    }\n}");
    }

    fn multi_line_leaves_stay_aligned(b) {
        let m = || ivy::asarray(Data::from(vec![0.0f32, 1.0, 2.0, 3.0]).reshape(&[2, 2])?);
        let c: Container = container! { ab: m()?, d: { e: m()? } };
        assert_eq!(
            c.to_string(),
            "{\n    ab: ivy.array([[0., 1.],\n                   [2., 3.]], dtype=float32),\n    \
             d: {\n        e: ivy.array([[0., 1.],\n                      [2., 3.]], dtype=float32)\n    }\n}"
        );
    }
}

#[test]
fn map_with_key_chains() {
    ivy::with_backend(Backend::Ndarray, || {
        let (x, _, _) = xyz();
        let opts = ivy_core::MapOptions {
            key_chains: Some(&["d"]),
            to_apply: false,
            prune_unapplied: true,
        };
        let m = x.map_with(|_, v| v.negative(), &opts).unwrap();
        let keys: Vec<String> = m.leaves().map(|(k, _)| k).collect();
        assert_eq!(keys, ["a/b", "a/c"]);
        assert_eq!(leaf(&m, "a/b"), -2.0);
    });
}

test_backends! {
    /// Ivy's mapping options through an argument of any nested form: selection by key chain
    /// (a chain selects the leaves below it), its inversion, pruning; broadcasting as
    /// without options; several outputs keep an unapplied leaf in each.
    fn mapping_options_select_leaves(b) {
        let (x, y, _) = xyz(); // x: a/b 2, a/c 4, d/e 6, d/f 8; y: a 2, d 3
        let sel = MapOptions { key_chains: Some(&["a", "d/f"]), ..Default::default() };
        let q = ivy::nested::divide(x.with_options(&sel), &y)?;
        let vals: Vec<f64> = q.all_key_chains().iter().map(|k| leaf(&q, k)).collect();
        assert_eq!(vals, [1.0, 2.0, 6.0, f64::from(8.0f32 / 3.0)]); // d/e kept (float32 leaves)
        // the options may sit on any argument; the kept leaves are the first container's
        let q = ivy::nested::divide(&x, y.with_options(&sel))?;
        assert_eq!(leaf(&q, "d/e"), 6.0);
        let inv = MapOptions { to_apply: false, ..sel };
        let n = ivy::nested::negative(x.with_options(&inv))?;
        let vals: Vec<f64> = n.all_key_chains().iter().map(|k| leaf(&n, k)).collect();
        assert_eq!(vals, [2.0, 4.0, -6.0, 8.0]);
        let pruned = MapOptions { prune_unapplied: true, ..inv };
        let n = ivy::nested::negative(x.with_options(&pruned))?;
        assert_eq!(n.all_key_chains(), ["d/e"]);
        // every leaf pruned: an empty Container
        let none = MapOptions { key_chains: Some(&["zz"]), prune_unapplied: true, ..Default::default() };
        assert!(ivy::nested::exp(x.with_options(&none))?.is_empty());
        // the method form takes the options on its argument
        assert_eq!(leaf(&x.add(y.with_options(&sel))?, "d/e"), 6.0);
        // two outputs: an unapplied leaf is kept in both
        let u: Container = container! { p: ivy::asarray(vec![3i32, 3, 5])?, q: ivy::asarray(vec![1i32])? };
        let only_p = MapOptions { key_chains: Some(&["p"]), ..Default::default() };
        let (values, counts) = ivy::nested::unique_counts(u.with_options(&only_p))?;
        assert_eq!(values.at("p")?.to_f64_vec()?, [3.0, 5.0]);
        assert_eq!(counts.at("p")?.to_f64_vec()?, [2.0, 1.0]);
        assert_eq!(values.at("q")?, u.at("q")?);
        assert_eq!(counts.at("q")?, u.at("q")?);
        // an in-place update takes no mapping options (it would ignore them silently)
        let mut z = ivy::nested::zeros_like(&x)?;
        assert!(matches!(
            ivy::inplace_update_container(&mut z, x.with_options(&sel), InplaceUpdateKw::default()),
            Err(Error::InvalidArgument { op: "inplace_update", .. })
        ));
        // options twice, or a structure that is not shared, are errors
        assert!(matches!(
            ivy::nested::add(x.with_options(&sel), y.with_options(&sel)),
            Err(Error::InvalidArgument { op: "add", .. })
        ));
        let bad: Container = container! { a: a(1.0), z: a(2.0) };
        assert!(matches!(
            ivy::nested::add(x.with_options(&sel), &bad),
            Err(Error::ContainerStructure { .. })
        ));
    }

    /// `out` as a Container: each leaf written by the array `out` rules; any failure leaves
    /// every leaf as it was.
    fn container_out_updates_every_leaf_or_none(b) {
        let (x, _, _) = xyz();
        let mut out = ivy::nested::zeros_like(&x)?;
        let before = out.clone();
        out.assign(ivy::nested::multiply(&x, 2.0)?)?;
        assert_eq!(leaf(&out, "d/f"), 16.0);
        assert_eq!(out.dtypes(), before.dtypes());
        // a float64 out keeps float64 (the leaves of x are float32)
        if ivy::valid_dtypes().contains(Dtype::Float64) {
            let mut wide = ivy::nested::astype(&x, Dtype::Float64)?;
            wide.assign(ivy::nested::divide(&x, 3.0)?)?;
            assert!(wide.leaves().all(|(_, a)| a.dtype() == Dtype::Float64));
            assert_eq!(leaf(&wide, "d/f"), f64::from(8.0f32 / 3.0));
        }
        // the last leaf's shape is wrong: nothing is written
        let mut value = ivy::nested::multiply(&x, 3.0)?;
        value.insert("d/f", ivy::asarray(vec![1.0, 2.0])?);
        let kept = out.clone();
        assert!(matches!(out.assign(value), Err(Error::Shape { op: "assign", .. })));
        assert_eq!(out, kept);
        // other key chains: the error says which side lacks which leaf
        let missing = kept.clone().prune_key_chains(&["a/c"]);
        match out.assign(missing) {
            Err(e @ Error::OutStructure { in_out: true, .. }) => {
                assert!(matches!(&e, Error::OutStructure { key_chain, .. } if key_chain == "a/c"));
                assert!(e.to_string().contains("the result has no leaf at key chain `a/c`, which `out` has"), "{e}");
            }
            other => panic!("{other:?}"),
        }
        let mut extra = ivy::nested::multiply(&x, 3.0)?;
        extra.insert("a/z", ivy::asarray(vec![1.0f32])?);
        match out.assign(extra) {
            Err(e @ Error::OutStructure { in_out: false, .. }) => {
                assert!(matches!(&e, Error::OutStructure { key_chain, .. } if key_chain == "a/z"));
                assert!(e.to_string().contains("`out` has no leaf at key chain `a/z`, which the result has"), "{e}");
            }
            other => panic!("{other:?}"),
        }
        let mut short = kept.clone().prune_key_chains(&["a/c"]);
        assert!(matches!(
            ivy::nested::exp_out(&x, &mut short),
            Err(Error::OutStructure { op: "exp", in_out: false, .. })
        ));
        assert_eq!(out, kept);
        // the strict in-place mode refuses to rebind candle tensors, before any write
        if b == Backend::Candle {
            let r = ivy::with_inplace_mode(ivy::InplaceMode::Strict, || {
                out.assign(ivy::nested::multiply(&x, 5.0)?)
            });
            assert!(r.is_err());
            assert_eq!(out, kept);
        } else {
            ivy::with_inplace_mode(ivy::InplaceMode::Strict, || {
                out.assign(ivy::nested::multiply(&x, 5.0)?)
            })?;
            assert_eq!(leaf(&out, "a/b"), 10.0);
        }
    }

    /// The nested `_out` forms (Ivy's `out=` on a nested call): function, keyword and
    /// method forms write into a Container `out` by the same rules as `assign`.
    fn nested_out_forms_write_a_container_out(b) {
        let (x, y, _) = xyz();
        let mut out = ivy::nested::zeros_like(&x)?;
        ivy::nested::sqrt_out(&x, &mut out)?;
        assert_eq!(out, ivy::nested::sqrt(&x)?);
        // operands broadcast over the shared structure, as in the nested form
        ivy::nested::add_out(&x, &y, &mut out)?;
        assert_eq!(leaf(&out, "d/f"), 11.0);
        ivy::nested::multiply_out(&x, 0.5, &mut out)?;
        assert_eq!(leaf(&out, "a/c"), 2.0);
        // the method form
        x.negative_out(&mut out)?;
        assert_eq!(leaf(&out, "a/b"), -2.0);
        // the keyword form: a reduction into 0-d leaves
        let mut sums = ivy::nested::sum(&x)?;
        let kw = SumKw { keepdims: false, ..Default::default() };
        ivy::nested::sum_with_out(&ivy::nested::multiply(&x, 3.0)?, kw, &mut sums)?;
        assert_eq!(leaf(&sums, "d/e"), 18.0);
        // out keeps its dtype
        if ivy::valid_dtypes().contains(Dtype::Float64) {
            let mut wide = ivy::nested::astype(&x, Dtype::Float64)?;
            ivy::nested::divide_out(&x, 3.0, &mut wide)?;
            assert!(wide.leaves().all(|(_, a)| a.dtype() == Dtype::Float64));
        }
        // a wrong shape at one leaf: the error names the op, and nothing is written
        out.insert("d/f", ivy::zeros([3])?);
        let kept = out.clone();
        assert!(matches!(ivy::nested::exp_out(&x, &mut out), Err(Error::Shape { op: "exp", .. })));
        assert_eq!(out, kept);
        // an array out with Container arguments, by name, points at the nested form
        let mut arr = ivy::zeros([1])?;
        let e = ivy::registry::dyn_entry("exp").unwrap().call_out(&[x.clone().into()], &[], &mut arr);
        assert!(
            matches!(&e, Err(Error::InvalidArgument { message, .. }) if message.contains("nested::exp_out")),
            "{e:?}"
        );
    }

    /// A sequence of arrays is a sub-Container (keys "0", "1", …): nested ops reach every
    /// element (Ivy's `map_sequences=True`), in order past ten, and a key chain selects one.
    fn sequences_are_mapped_in_order(b) {
        let ws: Vec<Array> = (0..12).map(|i| ivy::asarray([i as f32])).collect::<ivy::Result<_>>()?;
        let mut c: Container = container! { lr: ivy::asarray([0.5f32])? };
        c.insert_node("layers", ivy::Node::Nest(Container::from_sequence(ws)));
        let d = ivy::nested::multiply(&c, 2.0)?;
        let Some(ivy::Node::Nest(layers)) = d.get("layers") else { panic!("no layers") };
        let got: Vec<f64> = layers.to_sequence().unwrap().iter().map(|a| a.to_f64_vec().unwrap()[0]).collect();
        assert_eq!(got, (0..12).map(|i| 2.0 * i as f64).collect::<Vec<_>>());
        let opts = MapOptions { key_chains: Some(&["layers/11"]), prune_unapplied: true, ..Default::default() };
        let one = ivy::nested::negative(c.with_options(&opts))?;
        assert_eq!(one.all_key_chains(), ["layers/11"]);
        assert_eq!(leaf(&one, "layers/11"), -11.0);
    }
}

test_backends! {
    /// `to_backend` of a Container names the leaf whose conversion failed (candle holds no
    /// int8), the inner error kept.
    fn container_to_backend_names_the_leaf(b) {
        let c: Container = ivy::with_backend(Backend::Ndarray, || -> ivy::Result<_> {
            Ok(container! { a: { b: ivy::ones([2])?, c: ivy::ones([2])?.astype(Dtype::Int8)? } })
        })?;
        let e = c.to_backend(Backend::Candle).unwrap_err();
        match &e {
            Error::Leaf { key_chain, source } => {
                assert_eq!(key_chain, "a/c");
                assert!(matches!(**source, Error::DtypeNotInBackend { dtype: Dtype::Int8, .. }), "{e}");
            }
            other => panic!("{other:?}"),
        }
        assert!(e.to_string().starts_with("at leaf `a/c`: backend candle has no dtype int8"), "{e}");
        assert_eq!(c.to_backend(Backend::Ndarray)?, c);
    }
}
