//! The parameter model beyond single arrays: sequences of arrays (`&[&Array]`, promoted
//! together before a backend runs, any element a Container in the nested forms), optional
//! arrays (`Option<&Array>`) and several outputs (`Vec<Array>` and tuples, one Container per
//! output over Containers), on both backends.

use ivy::prelude::*;
use ivy::registry::Value;
use ivy::Error;
use optional::ArrayOptional;
use outputs::ContainerOutputs;

/// Demo ops with several outputs.
#[ivy::category]
pub mod outputs {
    use ivy::{Array, Result};

    /// `(max(x, 0), min(x, 0))`: two outputs.
    #[compositional]
    #[nestable]
    pub fn split_sign(x: &Array) -> Result<(Array, Array)> {
        Ok((ivy::maximum(x, 0)?, ivy::minimum(x, 0)?))
    }

    /// `x` joined with itself `n` times along axis 0, and the count as an array: takes a
    /// sequence and gives two outputs.
    #[compositional]
    #[nestable]
    pub fn join_count(xs: &[&Array]) -> Result<(Array, Array)> {
        let n = xs.len() as i64;
        Ok((ivy::concat(xs)?, ivy::asarray(n)?))
    }
}

/// A demo op with an optional array argument.
#[ivy::category]
pub mod optional {
    use ivy::{Array, Result};

    /// `x * w`, or a copy of `x` without `w`.
    #[primary]
    #[nestable]
    pub fn scale(x: &Array, w: Option<&Array>) -> Result<Array>;
}

fn scale_impl(x: &Array, w: Option<&Array>) -> ivy::Result<Array> {
    match w {
        Some(w) => ivy::multiply(x, w),
        None => Ok(x.clone()),
    }
}

#[ivy::backend_impl]
impl optional::OptionalBackend for ivy::NdarrayBackend {
    fn scale(x: &Array, w: Option<&Array>) -> ivy::Result<Array> {
        scale_impl(x, w)
    }
}

#[ivy::backend_impl]
impl optional::OptionalBackend for ivy::CandleBackend {
    fn scale(x: &Array, w: Option<&Array>) -> ivy::Result<Array> {
        scale_impl(x, w)
    }
}

const BACKENDS: [Backend; 2] = [Backend::Ndarray, Backend::Candle];

#[test]
fn optional_arrays_decide_the_backend_when_given() {
    for b in BACKENDS {
        ivy::with_backend(b, || {
            let x = arr(vec![1.0, 2.0]);
            let w = arr(vec![3.0, 4.0]);
            assert_eq!(optional::scale(&x, Some(&w))?.to_f64_vec()?, [3.0, 8.0]);
            assert_eq!(optional::scale(&x, None)?.to_f64_vec()?, [1.0, 2.0]);
            assert_eq!(x.scale(Some(&w))?.to_f64_vec()?, [3.0, 8.0]);
            // nested: the optional argument may be a Container, or absent
            let c = ivy::container! { a: arr(vec![2.0, 2.0]) };
            let s = optional::nested::scale(&x, Some((&c).into()))?;
            assert_eq!(s.at("a")?.to_f64_vec()?, [2.0, 4.0]);
            let s = optional::nested::scale(&c, None)?;
            assert_eq!(s.at("a")?.to_f64_vec()?, [2.0, 2.0]);
            // by name: `None` for the optional argument
            let entry = optional::OPTIONAL_CALLS[0];
            let v = entry.call(&[Value::from(&x), Value::None], &[])?;
            assert!(matches!(v, Value::Array(a) if a.to_f64_vec()? == [1.0, 2.0]));
            Ok::<(), Error>(())
        })
        .unwrap();
    }
    let x = ivy::with_backend(Backend::Ndarray, || arr(vec![1.0]));
    let w = ivy::with_backend(Backend::Candle, || arr(vec![1.0]));
    let e = optional::scale(&x, Some(&w)).unwrap_err();
    assert!(
        matches!(e, Error::BackendMismatch { op: "scale", .. }),
        "{e}"
    );
    // an optional array decides the backend on its own: candle's, not the current one
    let r = ivy::with_backend(Backend::Ndarray, || optional::scale(&w, None)).unwrap();
    assert_eq!(r.backend(), Backend::Candle);
}

fn arr(v: Vec<f32>) -> Array {
    ivy::asarray(v).unwrap()
}

#[test]
fn tuple_outputs_unstack_over_containers() {
    for b in BACKENDS {
        ivy::with_backend(b, || {
            let x = arr(vec![-1.0, 2.0]);
            let (p, n) = outputs::split_sign(&x)?;
            assert_eq!(p.to_f64_vec()?, [0.0, 2.0]);
            assert_eq!(n.to_f64_vec()?, [-1.0, 0.0]);
            let c = ivy::container! { a: x.clone(), b: { c: arr(vec![3.0]) } };
            let (pc, nc) = outputs::nested::split_sign(&c)?;
            assert_eq!(pc.at("b/c")?.to_f64_vec()?, [3.0]);
            assert_eq!(nc.at("a")?.to_f64_vec()?, [-1.0, 0.0]);
            // the method form returns the same pair
            let (pm, _) = c.split_sign()?;
            assert_eq!(pm, pc);
            Ok::<(), Error>(())
        })
        .unwrap();
    }
}

#[test]
fn sequences_take_containers_in_nested_forms() {
    for b in BACKENDS {
        ivy::with_backend(b, || {
            let x = arr(vec![1.0]);
            let c = ivy::container! { a: arr(vec![2.0]), b: arr(vec![3.0, 4.0]) };
            // a plain array in the list is used at every leaf
            let j = ivy::nested::concat(&[(&x).into(), (&c).into()])?;
            assert_eq!(j.at("a")?.to_f64_vec()?, [1.0, 2.0]);
            assert_eq!(j.at("b")?.to_f64_vec()?, [1.0, 3.0, 4.0]);
            let (joined, count) = outputs::nested::join_count(&[(&c).into(), (&c).into()])?;
            assert_eq!(joined.at("b")?.to_f64_vec()?, [3.0, 4.0, 3.0, 4.0]);
            assert_eq!(count.at("a")?.to_f64_vec()?, [2.0]);
            // a Container whose structure differs is an error naming the op
            let d = ivy::container! { z: arr(vec![1.0]) };
            let e = ivy::nested::concat(&[(&c).into(), (&d).into()]).unwrap_err();
            assert!(
                matches!(e, Error::ContainerStructure { op: "concat", .. }),
                "{e}"
            );
            Ok::<(), Error>(())
        })
        .unwrap();
    }
}

#[test]
fn vec_outputs_unstack_and_check_their_count() {
    for b in BACKENDS {
        ivy::with_backend(b, || {
            let x = arr(vec![1.0, 2.0]);
            let c = ivy::container! { a: arr(vec![5.0]) };
            let outs = ivy::nested::broadcast_arrays(&[(&c).into(), (&x).into()])?;
            assert_eq!(outs.len(), 2);
            assert_eq!(outs[0].at("a")?.to_f64_vec()?, [5.0, 5.0]);
            assert_eq!(outs[1].at("a")?.to_f64_vec()?, [1.0, 2.0]);
            Ok::<(), Error>(())
        })
        .unwrap();
    }
    // leaves giving different numbers of outputs cannot be unstacked
    let c: ivy_core::Container<Vec<i32>> = ivy_core::container! { a: vec![1, 2], b: vec![3] };
    let e = c.unstack("op", 2).unwrap_err();
    assert!(e.to_string().contains("`b`"), "{e}");
}

#[test]
fn sequences_are_promoted_and_checked_before_the_backend() {
    for b in BACKENDS {
        ivy::with_backend(b, || {
            let typed = |v: Vec<i64>, d| {
                ivy::asarray_with(
                    v,
                    AsarrayKw {
                        dtype: Some(d),
                        device: None,
                        copy: None,
                    },
                )
            };
            let x = typed(vec![1, -2], Dtype::Float16)?;
            let y = typed(vec![200], Dtype::Float32)?;
            let z = ivy::concat(&[&x, &y])?;
            assert_eq!(z.dtype(), Dtype::Float32);
            assert_eq!(z.to_f64_vec()?, [1.0, -2.0, 200.0]);
            // `out` keeps its buffer and dtype; a failed call leaves it as it was
            let mut out = ivy::zeros_with(
                [3],
                ZerosKw {
                    dtype: Some(Dtype::Float32),
                    device: None,
                },
            )?;
            ivy::concat_out(&[&x, &y], &mut out)?;
            assert_eq!(out.to_f64_vec()?, [1.0, -2.0, 200.0]);
            let m = ivy::asarray_with(
                vec![vec![1i64]],
                AsarrayKw {
                    dtype: Some(Dtype::Float16),
                    device: None,
                    copy: None,
                },
            )?;
            let e = ivy::concat_out(&[&x, &m], &mut out).unwrap_err();
            assert!(matches!(e, Error::Shape { op: "concat", .. }), "{e}");
            assert_eq!(out.to_f64_vec()?, [1.0, -2.0, 200.0]);
            assert!(matches!(
                ivy::concat(&[] as &[&Array]),
                Err(Error::InvalidArgument { op: "concat", .. })
            ));
            let e = ivy::concat_with(&[&x], ConcatKw { axis: Some(1) }).unwrap_err();
            assert!(
                matches!(
                    e,
                    Error::Axis {
                        op: "concat",
                        axis: 1,
                        ndim: 1
                    }
                ),
                "{e}"
            );
            // flattening joins any shapes
            let f = ivy::concat_with(&[&m, &x], ConcatKw { axis: None })?;
            assert_eq!(f.shape(), &[3]);
            Ok::<(), Error>(())
        })
        .unwrap();
    }
    // arrays on different backends are an error naming both
    let x = ivy::with_backend(Backend::Ndarray, || arr(vec![1.0]));
    let y = ivy::with_backend(Backend::Candle, || arr(vec![1.0]));
    let e = ivy::concat(&[&x, &y]).unwrap_err();
    assert!(
        matches!(e, Error::BackendMismatch { op: "concat", .. }),
        "{e}"
    );
}

/// Demo ops with axis, index and shape parameters: each backend returns what it was given,
/// so the tests see the normalised arguments.
#[ivy::category]
pub mod axes {
    use ivy::{Array, Result};

    /// The axes the backend received, as an int64 array.
    #[primary]
    #[nestable]
    pub fn seen_axes(
        x: &Array,
        #[kw]
        #[axes]
        axis: Option<Vec<i64>>,
    ) -> Result<Array>;

    /// `[axis, new]` as the backend received them (`new` is -1 when not given): `axis`
    /// counts against `x`'s rank, `new` against one more (an inserted axis).
    #[primary]
    pub fn seen_axis(
        x: &Array,
        #[axis] axis: i64,
        #[kw]
        #[axis(inserted)]
        new: Option<i64>,
    ) -> Result<Array>;

    /// The first array's rank counts for a sequence's axis.
    #[primary]
    pub fn seen_seq_axis(xs: &[&Array], #[axis] axis: i64) -> Result<Array>;

    /// `x`'s flat elements at `indices` (as float64), and `indices`' dtype as the backend
    /// got it.
    #[primary]
    #[nestable]
    pub fn pick(x: &Array, #[index] indices: &Array) -> Result<Array>;
}

fn ints(v: Vec<i64>) -> ivy::Result<Array> {
    ivy::asarray_with(
        v,
        ivy::AsarrayKw {
            dtype: Some(Dtype::Int64),
            device: None,
            copy: None,
        },
    )
}

fn pick_impl(x: &Array, indices: &Array) -> ivy::Result<Array> {
    let xs = x.to_f64_vec()?;
    let mut v: Vec<f64> = indices
        .to_f64_vec()?
        .into_iter()
        .map(|i| xs[i as usize])
        .collect();
    // the index dtype as the backend got it (not promoted): its bit width
    v.push(indices.dtype().bits() as f64);
    ivy::asarray(v)
}

macro_rules! axes_backend {
    ($b:ty) => {
        #[ivy::backend_impl]
        impl axes::AxesBackend for $b {
            fn seen_axes(_x: &Array, axis: &[usize]) -> ivy::Result<Array> {
                ints(axis.iter().map(|&a| a as i64).collect())
            }
            fn seen_axis(_x: &Array, axis: usize, new: Option<usize>) -> ivy::Result<Array> {
                ints(vec![axis as i64, new.map_or(-1, |a| a as i64)])
            }
            fn seen_seq_axis(_xs: &[&Array], axis: usize) -> ivy::Result<Array> {
                ints(vec![axis as i64])
            }
            #[with_unsupported_dtypes({"0.1 and above": ("int8",)})]
            fn pick(x: &Array, indices: &Array) -> ivy::Result<Array> {
                pick_impl(x, indices)
            }
        }
    };
}
axes_backend!(ivy::NdarrayBackend);
axes_backend!(ivy::CandleBackend);

fn i64s(a: &Array) -> Vec<i64> {
    a.to_f64_vec()
        .unwrap()
        .into_iter()
        .map(|v| v as i64)
        .collect()
}

#[test]
fn axes_are_normalised_before_the_backend() {
    for b in BACKENDS {
        ivy::with_backend(b, || {
            let x = ivy::zeros((2, 3, 4))?;
            let kw = |axis: Option<Vec<i64>>| axes::SeenAxesKw { axis };
            assert_eq!(i64s(&axes::seen_axes(&x)?), [0, 1, 2]); // None: every axis
            assert_eq!(i64s(&axes::seen_axes_with(&x, kw(Some(vec![-1, 0])))?), [0, 2]);
            assert_eq!(i64s(&axes::seen_axes_with(&x, kw(Some(vec![])))?), [] as [i64; 0]);
            // out of range, and one dimension named twice
            let e = axes::seen_axes_with(&x, kw(Some(vec![3]))).unwrap_err();
            assert!(
                matches!(e, Error::Axis { op: "seen_axes", axis: 3, ndim: 3 }),
                "{e}"
            );
            let e = axes::seen_axes_with(&x, kw(Some(vec![1, -2]))).unwrap_err();
            assert!(
                matches!(&e, Error::InvalidArgument { op: "seen_axes", message } if message.contains("dimension 1 twice")),
                "{e}"
            );
            // one axis, and an inserted one (counted against rank + 1)
            let kw = |new| axes::SeenAxisKw { new };
            assert_eq!(i64s(&axes::seen_axis_with(&x, -1, kw(Some(-1)))?), [2, 3]);
            assert_eq!(i64s(&axes::seen_axis_with(&x, 0, kw(None))?), [0, -1]);
            let e = axes::seen_axis_with(&x, 0, kw(Some(4))).unwrap_err();
            assert!(matches!(e, Error::Axis { axis: 4, ndim: 4, .. }), "{e}");
            let e = axes::seen_axis(&x, -4).unwrap_err();
            assert!(matches!(e, Error::Axis { axis: -4, ndim: 3, .. }), "{e}");
            // a sequence: its first array's rank; an empty one is an error, not a panic
            let y = ivy::zeros([5])?;
            assert_eq!(i64s(&axes::seen_seq_axis(&[&y, &x], -1)?), [0]);
            let e = axes::seen_seq_axis(&[] as &[&Array], 0).unwrap_err();
            assert!(
                matches!(&e, Error::InvalidArgument { op: "seen_seq_axis", message } if message.contains("`xs` needs at least one array")),
                "{e}"
            );
            // nested: each leaf's rank counts
            let c = ivy::container! { a: ivy::zeros([2])?, b: ivy::zeros([2, 2])? };
            let r = axes::nested::seen_axes_with(&c, kw_axes(Some(vec![-1])))?;
            assert_eq!((i64s(r.at("a")?), i64s(r.at("b")?)), (vec![0], vec![1]));
            // by name, axes go through the same normalisation
            let entry = axes::AXES_CALLS.iter().find(|e| e.name() == "seen_axes").unwrap();
            let v = entry.call(&[Value::from(&x)], &[("axis", Value::from(-1i64))])?;
            assert!(matches!(v, Value::Array(a) if i64s(&a) == [2]));
            Ok::<(), Error>(())
        })
        .unwrap();
    }
}

ivy_tests::test_backends! {
    /// The macro gives each category a `prelude` module of its method traits and every
    /// keyword struct (`ivy::prelude` glob-imports ivy's): a new op's `OpKw` reaches it with
    /// no hand-kept list.
    fn keyword_structs_and_method_traits_reach_the_category_prelude(b) {
        use axes::prelude::{ArrayAxes, ContainerAxes, SeenAxesKw, SeenAxisKw};
        let x = ivy::zeros((2, 3, 4))?;
        assert_eq!(i64s(&x.seen_axes_with(SeenAxesKw { axis: Some(vec![-1]) })?), [2]);
        assert_eq!(i64s(&x.seen_axis_with(0, SeenAxisKw::default())?), [0, -1]);
        let c = ivy::container! { a: x.clone() };
        assert_eq!(i64s(c.seen_axes()?.at("a")?), [0, 1, 2]);
        // ivy's own categories, through `ivy::prelude` (imported by this file)
        let kw = InplaceUpdateKw { keep_input_dtype: true, ..Default::default() };
        let mut y = ivy::zeros([2])?;
        ivy::inplace_update_with(&mut y, &ivy::ones([2])?, kw)?;
        assert_eq!(x.get_item(ivy::s![0, 0, ..;2])?.shape(), &[2]); // ArrayGeneral
        let _ = (SumKw::default(), SoftmaxKw::default(), ExecuteWithGradientsKw::default());
    }
}

fn kw_axes(axis: Option<Vec<i64>>) -> axes::SeenAxesKw {
    axes::SeenAxesKw { axis }
}

#[test]
fn index_arguments_are_neither_promoted_nor_dtype_checked() {
    for b in BACKENDS {
        ivy::with_backend(b, || {
            let x = arr(vec![10.0, 20.0, 30.0]);
            for d in [Dtype::Int8, Dtype::Int32, Dtype::Int64, Dtype::Uint8] {
                if !b.valid_dtypes().contains(d) {
                    continue;
                }
                let i = ivy::astype(&ints(vec![2, 0])?, d)?;
                // int8 is unsupported by `pick` on both backends, yet fine as indices; the
                // index keeps its own dtype (not promoted with x's float32)
                let r = axes::pick(&x, &i)?.to_f64_vec()?;
                assert_eq!(r, [30.0, 10.0, d.bits() as f64], "{b:?} {d}");
            }
            let e = axes::pick(&x, arr(vec![0.0])).unwrap_err();
            assert!(
                matches!(
                    &e,
                    Error::ArgumentKind {
                        op: "pick",
                        param: "indices",
                        ..
                    }
                ),
                "{e}"
            );
            // the op's own dtype support still applies to `x` (int8 unsupported)
            if b.valid_dtypes().contains(Dtype::Int8) {
                let x8 = ivy::astype(&ints(vec![1, 2])?, Dtype::Int8)?;
                let e = axes::pick(&x8, &ints(vec![0])?);
                assert!(
                    matches!(e, Err(Error::UnsupportedDtype { op: "pick", .. })),
                    "{e:?}"
                );
            }
            // nested: the indices may be a Container too
            let c = ivy::container! { a: ints(vec![1])?, b: ints(vec![2, 2])? };
            let r = axes::nested::pick(&x, &c)?;
            assert_eq!(r.at("b")?.to_f64_vec()?, [30.0, 30.0, 64.0]);
            Ok::<(), Error>(())
        })
        .unwrap();
    }
    // the indices decide the backend like any array
    let x = ivy::with_backend(Backend::Ndarray, || arr(vec![1.0]));
    let i = ivy::with_backend(Backend::Candle, || ints(vec![0])).unwrap();
    let e = axes::pick(&x, &i).unwrap_err();
    assert!(
        matches!(e, Error::BackendMismatch { op: "pick", .. }),
        "{e}"
    );
}

#[test]
fn shapes_take_tuples_arrays_slices_and_vecs() {
    for b in BACKENDS {
        ivy::with_backend(b, || {
            let want: &[usize] = &[2, 3];
            assert_eq!(ivy::zeros((2, 3))?.shape(), want);
            assert_eq!(ivy::ones([2, 3])?.shape(), want);
            assert_eq!(ivy::zeros(&[2usize, 3][..])?.shape(), want);
            assert_eq!(ivy::full(vec![2, 3], 1.5)?.shape(), want);
            assert_eq!(ivy::zeros(4)?.shape(), &[4]);
            assert_eq!(ivy::zeros(())?.shape(), &[] as &[usize]);
            let x = ivy::ones([3])?;
            assert_eq!(ivy::broadcast_to(&x, (2, 3))?.shape(), want);
            // nested: one shape for every leaf
            let c = ivy::container! { a: x.clone() };
            let r = ivy::nested::broadcast_to(&c, [4, 3])?;
            assert_eq!(r.at("a")?.shape(), &[4, 3]);
            // by name: a list
            let v = ivy::registry::call("zeros", &[Value::from(vec![2i64, 3])], &[])?;
            assert!(matches!(v, Value::Array(a) if a.shape() == want));
            Ok::<(), Error>(())
        })
        .unwrap();
    }
}

/// A mixed op with a shared check: it runs on either path (a backend, or the body when no
/// backend is set), on normalised axes.
#[ivy::category]
pub mod checked {
    use ivy::{Array, Result};

    /// `x + k`; `k` must not be negative; `axis` (checked only) must name a dimension.
    #[mixed]
    #[check(super::non_negative)]
    pub fn shift(
        x: &Array,
        k: i64,
        #[kw]
        #[axis]
        axis: Option<i64>,
    ) -> Result<Array> {
        let _ = axis;
        ivy::add(x, k)
    }
}

fn non_negative(op: &'static str, _x: &&Array, k: &i64, axis: &Option<usize>) -> ivy::Result<()> {
    if *k < 0 || axis.is_some_and(|a| a > 8) {
        return Err(Error::InvalidArgument {
            op,
            message: format!("k = {k} is negative"),
        });
    }
    Ok(())
}

#[ivy::backend_impl]
impl checked::CheckedBackend for ivy::NdarrayBackend {}
#[ivy::backend_impl]
impl checked::CheckedBackend for ivy::CandleBackend {}

#[test]
fn a_mixed_ops_check_runs_with_or_without_a_backend() {
    let x = ivy::with_backend(Backend::Ndarray, || arr(vec![1.0, 2.0]));
    let kw = |axis| checked::ShiftKw { axis };
    assert_eq!(ivy::current_backend(), None); // the body runs
    for run in [
        &|f: &dyn Fn() -> ivy::Result<Array>| f() as ivy::Result<Array>,
        &|f: &dyn Fn() -> ivy::Result<Array>| ivy::with_backend(Backend::Ndarray, f),
    ] as [&dyn Fn(&dyn Fn() -> ivy::Result<Array>) -> ivy::Result<Array>; 2]
    {
        assert_eq!(
            run(&|| checked::shift(&x, 1))
                .unwrap()
                .to_f64_vec()
                .unwrap(),
            [2.0, 3.0]
        );
        let e = run(&|| checked::shift(&x, -1)).unwrap_err();
        assert!(
            matches!(e, Error::InvalidArgument { op: "shift", .. }),
            "{e}"
        );
        // axes are normalised before the check on both paths
        assert!(run(&|| checked::shift_with(&x, 1, kw(Some(-1)))).is_ok());
        let e = run(&|| checked::shift_with(&x, 1, kw(Some(1)))).unwrap_err();
        assert!(
            matches!(
                e,
                Error::Axis {
                    op: "shift",
                    axis: 1,
                    ndim: 1
                }
            ),
            "{e}"
        );
    }
}
