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
            let v = (entry.call)(&[Value::from(&x), Value::None], &[])?;
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
                &[3],
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
                },
            )?;
            let e = ivy::concat_out(&[&x, &m], &mut out).unwrap_err();
            assert!(matches!(e, Error::Shape { op: "concat", .. }), "{e}");
            assert_eq!(out.to_f64_vec()?, [1.0, -2.0, 200.0]);
            assert!(matches!(
                ivy::concat(&[]),
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
