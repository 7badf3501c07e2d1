//! The Arrays page: native arrays in (ndarray's `ArrayD` / `ArrayViewD` / `ArcArray`,
//! candle's `Tensor` / `Var`), `Array`s out, conversions back, `Debug`, and the `copy`
//! rules of `reshape` / `astype` / `asarray` (buffer identity, not just values), on every
//! backend.

use ivy::prelude::*;
use ivy::registry::{self, Value};
use ivy::{Error, NativeArray};
use ivy_tests::test_backends;
use ndarray::{ArcArray, ArrayD, IxDyn};

fn nd(v: &[f32], shape: &[usize]) -> ArrayD<f32> {
    ArrayD::from_shape_vec(IxDyn(shape), v.to_vec()).unwrap()
}

fn tensor(v: &[f32]) -> candle_core::Tensor {
    candle_core::Tensor::new(v, &candle_core::Device::Cpu).unwrap()
}

#[test]
fn ndarray_natives_go_straight_into_ops() -> ivy::Result<()> {
    let a = nd(&[1.0, 4.0, 9.0], &[3]);
    // borrowed, viewed, shared and moved arrays: all are array arguments
    assert_eq!(ivy::sqrt(&a)?.to_vec::<f32>()?, [1.0, 2.0, 3.0]);
    assert_eq!(ivy::sqrt(a.view())?.to_vec::<f32>()?, [1.0, 2.0, 3.0]);
    let arc: ArcArray<f32, IxDyn> = a.clone().into_shared();
    assert_eq!(ivy::sqrt(&arc)?.backend(), Backend::Ndarray);
    assert_eq!(ivy::sqrt(a.clone())?.shape(), &[3]);
    // operands: natives with Arrays and scalars, on either side
    let x = Array::from(nd(&[1.0, 1.0, 1.0], &[3]));
    assert_eq!(ivy::add(&a, &x)?.to_vec::<f32>()?, [2.0, 5.0, 10.0]);
    assert_eq!(ivy::subtract(&x, &a)?.to_vec::<f32>()?, [0.0, -3.0, -8.0]);
    assert_eq!(ivy::multiply(&a, 2)?.to_vec::<f32>()?, [2.0, 8.0, 18.0]);
    // an op's other array parameters too (`#[index]`, keyword forms, methods' arguments)
    let idx = ArrayD::from_shape_vec(IxDyn(&[2]), vec![2i64, 0]).unwrap();
    assert_eq!(ivy::take(&a, &idx)?.to_vec::<f32>()?, [9.0, 1.0]);
    assert_eq!(x.add(&a)?.to_vec::<f32>()?, [2.0, 5.0, 10.0]);
    // the result is always an Array, on the native's backend
    assert!(matches!(ivy::abs(&a)?.native(), NativeArray::Ndarray(_)));
    Ok(())
}

#[test]
fn candle_natives_go_straight_into_ops() -> ivy::Result<()> {
    let t = tensor(&[1.0, 4.0]);
    assert_eq!(ivy::sqrt(&t)?.to_vec::<f32>()?, [1.0, 2.0]);
    assert_eq!(ivy::sqrt(&t)?.backend(), Backend::Candle);
    let v = candle_core::Var::from_tensor(&t).unwrap();
    assert_eq!(ivy::multiply(&v, &t)?.to_vec::<f32>()?, [1.0, 16.0]);
    assert_eq!(ivy::add(t.clone(), 1)?.to_vec::<f32>()?, [2.0, 5.0]);
    // a native of another backend than an Array's: the usual typed mismatch
    let x = Array::from(nd(&[1.0, 2.0], &[2]));
    assert!(matches!(
        ivy::add(&x, &t),
        Err(Error::BackendMismatch { .. })
    ));
    Ok(())
}

#[test]
fn sequences_of_natives_go_straight_into_ops() -> ivy::Result<()> {
    // ndarray: borrowed, owned, views, shared; a slice, an array or a Vec of them
    let (a, b) = (nd(&[1.0, 2.0], &[2]), nd(&[3.0, 4.0], &[2]));
    assert_eq!(
        ivy::concat(&[&a, &b])?.to_vec::<f32>()?,
        [1.0, 2.0, 3.0, 4.0]
    );
    assert_eq!(ivy::stack(&[a.view(), b.view()])?.shape(), &[2, 2]);
    assert_eq!(
        ivy::concat(&vec![a.clone(), b.clone()])?.backend(),
        Backend::Ndarray
    );
    let arcs = vec![a.clone().into_shared(), b.clone().into_shared()];
    assert_eq!(ivy::concat(&arcs)?.to_vec::<f32>()?, [1.0, 2.0, 3.0, 4.0]);
    // meshgrid's and broadcast_arrays' sequences too, and the keyword forms
    assert_eq!(ivy::meshgrid(&[&a, &b])?.len(), 2);
    assert_eq!(
        ivy::broadcast_arrays(&[&a, &b])?[1].to_vec::<f32>()?,
        [3.0, 4.0]
    );
    let kw = ConcatKw { axis: None };
    assert_eq!(ivy::concat_with(&[&a, &b], kw)?.shape(), &[4]);
    // candle: tensors and Vars
    let (t, u) = (tensor(&[1.0]), tensor(&[2.0]));
    assert_eq!(ivy::concat(&[&t, &u])?.to_vec::<f32>()?, [1.0, 2.0]);
    let v = candle_core::Var::from_tensor(&t).unwrap();
    assert_eq!(ivy::stack(&[&v, &v])?.backend(), Backend::Candle);
    // `Array`s in a Vec; `&Array`s pass as they are
    let x = Array::from(a.clone());
    assert_eq!(ivy::concat(&vec![x.clone(), x.clone()])?.shape(), &[4]);
    let refs: Vec<&Array> = vec![&x, &x];
    assert_eq!(ivy::concat(&refs)?.shape(), &[4]);
    // an item that fails to convert is the op's typed error
    let matrix = ndarray::ArrayD::<f32>::zeros(IxDyn(&[0, 3])); // rank 2 with rank 1
    assert!(matches!(
        ivy::concat(&[&matrix, &a]),
        Err(Error::Shape { .. } | Error::InvalidArgument { .. })
    ));
    Ok(())
}

#[test]
fn natives_are_not_copied_where_the_backend_shares() -> ivy::Result<()> {
    // a candle tensor: the Array holds the same storage
    let t = tensor(&[1.0, 2.0]);
    let a = ivy::reshape(&t, &[2])?;
    assert!(a.may_share_memory(&Array::from(t.clone())));
    // an ndarray ArcArray: the same buffer
    let arc: ArcArray<f32, IxDyn> = nd(&[1.0, 2.0], &[2]).into_shared();
    let r = ivy::reshape(&arc, &[2, 1])?;
    assert!(r.may_share_memory(&Array::from(arc.clone())));
    // an owned ArrayD moved in: its buffer, not a copy
    let owned = nd(&[1.0, 2.0], &[2]);
    let ptr = owned.as_ptr();
    let r = ArrayD::<f32>::try_from(ivy::reshape(owned, &[2])?)?; // by value: no copy either

    assert_eq!(r.as_ptr(), ptr);
    Ok(())
}

test_backends! {
    fn conversions_back(b) {
        let x = ivy::asarray([[1.0f32, 2.0], [3.0, 4.0]])?;
        assert_eq!(x.to_vec::<f32>()?, [1.0, 2.0, 3.0, 4.0]);
        assert!(matches!(x.to_vec::<f64>(), Err(Error::InvalidArgument { op: "to_vec", .. })));
        assert_eq!(ivy::sum(&x)?.item::<f32>()?, 10.0);
        assert!(matches!(x.item::<f32>(), Err(Error::InvalidArgument { op: "item", .. })));
        assert!(x.item::<i64>().is_err());
        let a: ArrayD<f32> = x.to_ndarray()?;
        assert_eq!(a.shape(), &[2, 2]);
        assert!(x.to_ndarray::<i32>().is_err());
        let a: ArrayD<f32> = ArrayD::try_from(x.clone())?;
        assert_eq!(a.as_slice().unwrap(), &[1.0, 2.0, 3.0, 4.0]);
        let t = x.to_tensor()?;
        assert_eq!(t.dims(), &[2, 2]);
        let flags = ivy::asarray([true, false])?;
        assert_eq!(flags.to_vec::<bool>()?, [true, false]);
        let h = x.cast(Dtype::Float16)?;
        assert_eq!(h.to_vec::<half::f16>()?[3], half::f16::from_f32(4.0));
        if b == Backend::Ndarray {
            let c = ivy::asarray([1i8])?.cast(Dtype::Int8)?;
            let e = c.to_tensor().unwrap_err();
            assert!(matches!(e, Error::DtypeNotInBackend { .. }), "{e:?}");
        }
    }

    fn debug_adds_backend_and_device(b) {
        let x = ivy::asarray([1.0f32, 2.0])?;
        assert_eq!(x.to_string(), "ivy.array([1., 2.], dtype=float32)");
        assert_eq!(
            format!("{x:?}"),
            format!("ivy.array([1., 2.], dtype=float32, backend={b}, device=cpu)")
        );
    }

    fn reshape_without_copy_shares_the_buffer(b) {
        let x = ivy::arange(6.0)?;
        // unspecified copy = copy=false: the same buffer where the backend can
        let y = ivy::reshape(&x, &[2, 3])?;
        assert!(y.may_share_memory(&x));
        let kw = |copy| ReshapeKw { copy };
        let y = ivy::reshape_with(&x, &[3, 2], kw(Some(false)))?;
        assert!(y.may_share_memory(&x));
        // copy=true: always a new buffer
        let y = ivy::reshape_with(&x, &[3, 2], kw(Some(true)))?;
        assert!(!y.may_share_memory(&x));
        assert_eq!(y.to_vec::<f32>()?, x.to_vec::<f32>()?);
        // a transposed array is not row-major: copy=false cannot be honoured
        let t = ivy::permute_dims(&ivy::reshape(&x, &[2, 3])?, &[1, 0])?;
        if b == Backend::Ndarray {
            // (ndarray's permute_dims is a copy today: make it a view to exercise this)
            assert!(!t.may_share_memory(&x));
        }
        // copy and out both given: out wins (written in place, keeps its buffer)
        let mut out = ivy::zeros([2, 3])?;
        let before = out.clone();
        ivy::reshape_with_out(&x, &[2, 3], kw(Some(false)), &mut out)?;
        assert_eq!(out.to_vec::<f32>()?, [0.0, 1.0, 2.0, 3.0, 4.0, 5.0]);
        if b == Backend::Ndarray {
            // written into its own buffer (a candle tensor is rebound: immutable, so sharing
            // x's storage is harmless there)
            assert!(!out.may_share_memory(&x));
            assert!(!before.may_share_memory(&out)); // the write copied the shared buffer
        }
        // a strided view (ndarray) cannot be reshaped without a copy; with `out`, out wins
        let v = x.get(ivy::s![..;2])?;
        let r = ivy::reshape_with(&v, &[3, 1], kw(Some(false)));
        if b == Backend::Ndarray {
            assert!(matches!(r, Err(Error::CopyNotAvoidable { .. })), "{r:?}");
        }
        let mut out = ivy::zeros([3, 1])?;
        ivy::reshape_with_out(&v, &[3, 1], kw(Some(false)), &mut out)?;
        assert_eq!(out.to_vec::<f32>()?, [0.0, 2.0, 4.0]);
    }

    fn astype_copy_rules(b) {
        let x = ivy::arange(4.0)?;
        let same = |copy| AstypeKw { copy, device: None };
        assert!(ivy::astype_with(&x, Dtype::Float32, same(false))?.may_share_memory(&x));
        assert!(ivy::astype(&x, Dtype::Float32)?.may_share_memory(&x)); // default copy=false
        let c = ivy::astype_with(&x, Dtype::Float32, same(true))?;
        assert!(!c.may_share_memory(&x));
        assert_eq!(c, x);
        // another dtype is always a new buffer
        assert!(!ivy::astype(&x, Dtype::Float64)?.may_share_memory(&x));
        // copy and out both given: out wins (written, keeping its dtype and, on ndarray, its
        // buffer; never x's)
        for copy in [false, true] {
            let mut out = ivy::zeros_with([4], ZerosKw { dtype: Some(Dtype::Float64), device: None })?;
            let before = ndarray_ptr(&out);
            ivy::astype_with_out(&x, Dtype::Float32, same(copy), &mut out)?;
            assert_eq!((out.dtype(), out.to_vec::<f64>()?), (Dtype::Float64, vec![0.0, 1.0, 2.0, 3.0]));
            assert!(!out.may_share_memory(&x));
            if b == Backend::Ndarray {
                assert_eq!(ndarray_ptr(&out), before);
            }
        }
    }

    fn item_is_typed(b) {
        let x = ivy::asarray(2.5f32)?;
        assert_eq!(x.item::<f32>()?, 2.5);
        let e = x.item::<f64>().unwrap_err();
        assert!(matches!(e, Error::InvalidArgument { op: "item", .. }), "{e:?}");
        assert!(e.to_string().contains("float32"), "{e}");
        assert!(x.item::<i32>().is_err());
    }

    fn asarray_copy_rules(b) {
        let x = ivy::arange(4.0)?; // float32
        let kw = |copy| AsarrayKw { copy, ..Default::default() };
        // unspecified copy = copy=false: the same buffer (ndarray: the same pointer)
        let y = ivy::asarray(&x)?;
        assert!(y.may_share_memory(&x));
        assert_eq!(y, x);
        if b == Backend::Ndarray {
            assert_eq!(f32_ptr(&y), f32_ptr(&x));
        }
        let y = ivy::asarray_with(&x, kw(Some(false)))?;
        assert!(y.may_share_memory(&x));
        assert!(ivy::asarray(x.clone())?.may_share_memory(&x)); // an Array moved in
        // the array's own dtype named explicitly: still the same buffer
        let same = AsarrayKw { dtype: Some(Dtype::Float32), copy: Some(false), device: None };
        assert!(ivy::asarray_with(&x, same)?.may_share_memory(&x));
        // copy=true: always a new buffer
        let c = ivy::asarray_with(&x, kw(Some(true)))?;
        assert!(!c.may_share_memory(&x));
        assert_eq!(c, x);
        // another dtype is a cast, a new buffer, which copy=false refuses
        let f64s = AsarrayKw { dtype: Some(Dtype::Float64), ..Default::default() };
        let f = ivy::asarray_with(&x, f64s.clone())?;
        assert!(!f.may_share_memory(&x));
        assert_eq!((f.dtype(), f.to_f64_vec()?), (Dtype::Float64, x.to_f64_vec()?));
        let e = ivy::asarray_with(&x, AsarrayKw { copy: Some(false), ..f64s }).unwrap_err();
        assert!(matches!(e, Error::CopyNotAvoidable { op: "asarray", .. }), "{e}");
        // Rust values are always copied into the new array: copy=false refuses them
        let e = ivy::asarray_with(vec![1.0, 2.0], kw(Some(false))).unwrap_err();
        assert!(matches!(e, Error::CopyNotAvoidable { op: "asarray", .. }), "{e}");
        assert_eq!(ivy::asarray_with(vec![1.0, 2.0], kw(Some(true)))?.shape(), &[2]);
        // shared storage is copy-on-write (ndarray) or immutable (candle): an in-place
        // update of one never shows through the other
        let mut w = ivy::asarray(&x)?;
        ivy::inplace_update(&mut w, &ivy::zeros([4])?)?;
        assert_eq!(x.to_vec::<f32>()?, [0.0, 1.0, 2.0, 3.0]);
        assert_eq!(w.to_vec::<f32>()?, [0.0; 4]);
        // the array decides the backend (as for any array argument), whatever the current
        let other = match b {
            Backend::Ndarray => Backend::Candle,
            _ => Backend::Ndarray,
        };
        let z = ivy::with_backend(other, || ivy::asarray(&x))?;
        assert_eq!(z.backend(), b);
        assert!(z.may_share_memory(&x));
        // and its device
        assert_eq!(z.device(), x.device());
    }

    fn asarray_by_name_takes_an_array(b) {
        let x = ivy::arange(3.0)?;
        let v = registry::call("asarray", &[Value::from(&x)], &[])?;
        let y = v.as_array().expect("an array");
        assert!(y.may_share_memory(&x));
        assert_eq!(y, &x);
        let v = registry::call("asarray", &[Value::from(&x)], &[("copy", Value::from(true))])?;
        assert!(!v.as_array().expect("an array").may_share_memory(&x));
        let kw = [("dtype", Value::Dtype(Dtype::Int64))];
        let v = registry::call("asarray", &[Value::from(&x)], &kw)?;
        assert_eq!(v.as_array().expect("an array").to_vec::<i64>()?, [0, 1, 2]);
        // values still work by name
        let v = registry::call("asarray", &[Value::from(vec![1i64, 2])], &[])?;
        assert_eq!(v.as_array().expect("an array").shape(), &[2]);
    }

    fn repeat_takes_an_int_ints_or_an_array(b) {
        // before: `repeats` was a list of ints only (the standard's is `int | array`)
        let x = ivy::asarray([[1.0f32, 2.0], [3.0, 4.0]])?;
        let axis0 = || RepeatKw { axis: Some(0) };
        assert_eq!(ivy::repeat(&x, 2)?.to_f64_vec()?, [1.0, 1.0, 2.0, 2.0, 3.0, 3.0, 4.0, 4.0]);
        assert_eq!(ivy::repeat(&x, &[2][..])?, ivy::repeat(&x, 2)?);
        let counts = ivy::asarray(vec![0i64, 3])?;
        let r = ivy::repeat_with(&x, &counts, axis0())?;
        assert_eq!((r.shape(), r.to_f64_vec()?), (&[3usize, 2][..], vec![3.0, 4.0, 3.0, 4.0, 3.0, 4.0]));
        assert_eq!(r, ivy::repeat_with(&x, vec![0, 3], axis0())?);
        // counts of any Rust integer type (usize is the natural one)
        assert_eq!(r, ivy::repeat_with(&x, vec![0usize, 3], axis0())?);
        assert_eq!(r, ivy::repeat_with(&x, &[0i32, 3][..], axis0())?);
        assert_eq!(r, ivy::repeat_with(&x, [0u32, 3], axis0())?);
        let one = ivy::asarray(2i32)?; // a 0-d array: one count
        assert_eq!(ivy::repeat(&x, &one)?, ivy::repeat(&x, 2)?);
        assert_eq!(x.repeat_with(&counts, axis0())?, r, "the method form");
        let c: Container = ivy::container! { a: x.clone() };
        assert_eq!(ivy::nested::repeat_with(&c, &counts, axis0())?.at("a")?, &r, "over Containers");
        // by name: an int, a list, an array
        for reps in [Value::from(2i64), Value::from(vec![2i64]), Value::from(&ivy::asarray(vec![2i64])?)] {
            let v = registry::call("repeat", &[Value::from(&x), reps], &[])?;
            assert_eq!(v.as_array().expect("an array").shape(), &[8]);
        }
        let v = registry::call("repeat", &[Value::from(&x), Value::from(&counts)], &[("axis", Value::from(0i64))])?;
        assert_eq!(v.as_array().expect("an array"), &r);
        // typed errors: float counts, a 2-D array, the wrong count, negative counts
        let out_before = ivy::zeros([3, 2])?;
        let mut out = out_before.clone();
        for bad in [ivy::asarray(vec![1.0f32, 2.0])?, ivy::asarray(vec![vec![1i64, 2]])?, ivy::asarray(vec![1i64, 2, 3])?, ivy::asarray(vec![-1i64, 2])?] {
            let e = ivy::repeat_with_out(&x, &bad, axis0(), &mut out).unwrap_err();
            // float counts: a dtype error (TypeError in Python); the others: values
            let kind = bad.dtype().is_float();
            assert!(matches!((&e, kind), (Error::ArgumentKind { op: "repeat", .. }, true) | (Error::InvalidArgument { op: "repeat", .. }, false)), "{e:?}");
            assert!(e.to_string().contains("repeats"), "{e}");
        }
        assert_eq!(out, out_before, "a failed call leaves `out` untouched");
    }
}

/// The buffer of an ndarray float32 array.
fn f32_ptr(x: &Array) -> *const f32 {
    match x.native() {
        NativeArray::Ndarray(ivy::backends::NdArray::Float32(a)) => a.as_ptr(),
        other => panic!("not an ndarray float32 array: {other:?}"),
    }
}

#[test]
fn asarray_of_native_arrays() -> ivy::Result<()> {
    let kw = |copy| AsarrayKw {
        copy,
        ..Default::default()
    };
    // an owned ArrayD moves in: its buffer, even with copy=false
    let owned = nd(&[1.0, 2.0], &[2]);
    let p = owned.as_ptr();
    let a = ivy::asarray_with(owned, kw(Some(false)))?;
    assert_eq!(f32_ptr(&a), p);
    assert_eq!(ArrayD::<f32>::try_from(a)?.as_ptr(), p);
    // an ArcArray: shared
    let arc: ArcArray<f32, IxDyn> = nd(&[1.0, 2.0], &[2]).into_shared();
    let a = ivy::asarray_with(&arc, kw(Some(false)))?;
    assert_eq!(f32_ptr(&a), arc.as_ptr());
    // a borrowed ArrayD or a view is copied once converted: copy=false is refused
    let owned = nd(&[1.0, 2.0], &[2]);
    let e = ivy::asarray_with(&owned, kw(Some(false))).unwrap_err();
    assert!(
        matches!(e, Error::CopyNotAvoidable { op: "asarray", .. }),
        "{e}"
    );
    assert!(ivy::asarray_with(owned.view(), kw(Some(false))).is_err());
    let a = ivy::asarray(&owned)?;
    assert_ne!(f32_ptr(&a), owned.as_ptr());
    assert_eq!(
        ivy::asarray_with(owned.view(), kw(Some(true)))?.to_vec::<f32>()?,
        [1.0, 2.0]
    );
    // a candle tensor: the same storage (no backend needs to be set: the array decides)
    let t = tensor(&[1.0, 2.0]);
    let a = ivy::asarray(&t)?;
    assert_eq!(a.backend(), Backend::Candle);
    assert!(a.may_share_memory(&Array::from(t.clone())));
    let c = ivy::asarray_with(t.clone(), kw(Some(true)))?;
    assert!(!c.may_share_memory(&Array::from(t)));
    Ok(())
}

#[test]
fn ndarray_clones_are_copy_on_write() -> ivy::Result<()> {
    let mut x = Array::from(nd(&[1.0, 2.0], &[2]));
    let y = x.clone();
    assert!(x.may_share_memory(&y)); // a clone shares the buffer
    let v = Array::from(nd(&[5.0, 6.0], &[2]));
    ivy::inplace_update(&mut x, &v)?; // the write copies first: y keeps its values
    assert_eq!(y.to_vec::<f32>()?, [1.0, 2.0]);
    assert_eq!(x.to_vec::<f32>()?, [5.0, 6.0]);
    assert!(!x.may_share_memory(&y));
    Ok(())
}

#[test]
fn results_derived_from_a_var_do_not_share_its_storage() -> ivy::Result<()> {
    let var = candle_core::Var::from_tensor(&tensor(&[1.0, 2.0])).unwrap();
    let mut x = Array::from(var);
    let copy = ivy::astype_with(
        &x,
        Dtype::Float32,
        AstypeKw {
            copy: true,
            device: None,
        },
    )?;
    let bcast = ivy::broadcast_to(&x, [2])?;
    let reshaped = ivy::reshape(&x, &[2, 1])?;
    let permuted = ivy::permute_dims(&x, &[0])?;
    let joined = ivy::concat(&[&x])?;
    let as_array = ivy::asarray(&x)?; // unspecified copy: detached from the Var
    let as_copy = ivy::asarray_with(
        &x,
        AsarrayKw {
            copy: Some(true),
            ..Default::default()
        },
    )?;
    let as_native = ivy::asarray(&var_of(&x))?; // a `&Var` given natively
                                                // documented sharing: copy=false asks for the Var's storage
    let view = ivy::reshape_with(&x, &[2], ReshapeKw { copy: Some(false) })?;
    let shared = ivy::astype(&x, Dtype::Float32)?;
    let as_shared = ivy::asarray_with(
        &x,
        AsarrayKw {
            copy: Some(false),
            ..Default::default()
        },
    )?;
    assert!(as_shared.may_share_memory(&x));
    ivy::inplace_update(
        &mut x,
        &ivy::with_backend(Backend::Candle, || ivy::asarray([7.0f32, 8.0]))?,
    )?;
    for r in [
        &copy, &bcast, &reshaped, &permuted, &joined, &as_array, &as_copy, &as_native,
    ] {
        assert_eq!(r.to_vec::<f32>()?, [1.0, 2.0], "{r:?}");
        assert!(!r.may_share_memory(&x));
    }
    assert_eq!(view.to_vec::<f32>()?, [7.0, 8.0]);
    assert_eq!(shared.to_vec::<f32>()?, [7.0, 8.0]);
    assert_eq!(as_shared.to_vec::<f32>()?, [7.0, 8.0]);
    Ok(())
}

/// The `Var` a candle Array holds.
fn var_of(x: &Array) -> candle_core::Var {
    match x.native() {
        NativeArray::Candle(ivy::backends::CandleArray::Var(v)) => v.clone(),
        other => panic!("not a candle Var: {other:?}"),
    }
}

/// A borrowed ndarray argument is lent to the op (read in place: see `alloc.rs`), and
/// nothing of it outlives the call: an op that returns its input unchanged, or a view of
/// it, returns a copy (an Array owns its data), so a result never points into the
/// borrowed buffer. Every result equals the one for the same data as an `&Array`.
#[test]
fn lent_ndarray_arguments_never_outlive_the_call() -> ivy::Result<()> {
    let a = nd(&[3.0, 1.0, 2.0, 0.5, 4.0, 6.0], &[2, 3]);
    let x = Array::from(a.clone());
    let inside = |r: &Array| {
        let span = a.as_slice().unwrap().as_ptr_range();
        matches!(
            r.native(),
            NativeArray::Ndarray(ivy::backends::NdArray::Float32(_))
        ) && span.contains(&f32_ptr(r))
    };
    let cases: Vec<(&str, Array, Array)> = vec![
        (
            "reshape",
            ivy::reshape(&a, &[3, 2])?,
            ivy::reshape(&x, &[3, 2])?,
        ),
        (
            "astype same dtype",
            ivy::astype(&a, Dtype::Float32)?,
            ivy::astype(&x, Dtype::Float32)?,
        ),
        ("asarray", ivy::asarray(&a)?, ivy::asarray(&x)?),
        (
            "get_item",
            ivy::get_item(&a, ivy::s![1, ..])?,
            ivy::get_item(&x, ivy::s![1, ..])?,
        ),
        (
            "permute_dims",
            ivy::permute_dims(&a, &[1, 0])?,
            ivy::permute_dims(&x, &[1, 0])?,
        ),
        (
            "expand_dims",
            ivy::expand_dims(&a, 0)?,
            ivy::expand_dims(&x, 0)?,
        ),
        ("flip", ivy::flip(&a)?, ivy::flip(&x)?),
        ("concat", ivy::concat(&[&a, &a])?, ivy::concat(&[&x, &x])?),
        ("sort", ivy::sort(&a)?, ivy::sort(&x)?),
        (
            "matmul",
            ivy::matmul(&a, ivy::permute_dims(&x, &[1, 0])?)?,
            ivy::matmul(&x, ivy::permute_dims(&x, &[1, 0])?)?,
        ),
        (
            "where",
            ivy::r#where(&ivy::greater(&a, 1.5)?, &a, 0.0f32)?,
            ivy::r#where(&ivy::greater(&x, 1.5)?, &x, 0.0f32)?,
        ),
        ("clip", ivy::clip(&a, 1.0, 3.0)?, ivy::clip(&x, 1.0, 3.0)?),
        ("sum", ivy::sum(&a)?, ivy::sum(&x)?),
        ("mean", ivy::mean(&a)?, ivy::mean(&x)?),
        ("softplus", ivy::softplus(&a)?, ivy::softplus(&x)?),
        (
            "cross_entropy",
            ivy::cross_entropy(&a, &a)?,
            ivy::cross_entropy(&x, &x)?,
        ),
    ];
    for (name, lent, given) in &cases {
        assert_eq!(
            lent, given,
            "{name}: a lent argument gives the Array's result"
        );
        assert!(
            !inside(lent),
            "{name}: the result points into the borrowed buffer"
        );
    }
    // the results outlive the borrowed array
    drop(a);
    let _reuse = nd(&[-1.0; 6], &[2, 3]);
    for (name, lent, given) in &cases {
        assert_eq!(lent, given, "{name}: after the borrowed array is gone");
    }
    Ok(())
}

/// The address of an ndarray-backed Array's buffer (`None` on candle).
fn ndarray_ptr(a: &Array) -> Option<usize> {
    match a.native() {
        NativeArray::Ndarray(ivy::backends::NdArray::Float64(d)) => Some(d.as_ptr() as usize),
        NativeArray::Ndarray(ivy::backends::NdArray::Float32(d)) => Some(d.as_ptr() as usize),
        _ => None,
    }
}

test_backends! {
    /// The 2023.12 range of `expand_dims`' axis is `[-N-1, N]` for rank N (`N` appends,
    /// `-N-1` prepends); beyond it `Error::Axis` (the Python binding's IndexError).
    fn expand_dims_takes_axes_from_minus_n_minus_1_to_n(b) {
        let x = ivy::zeros([2, 3])?;
        assert_eq!(ivy::expand_dims(&x, 2)?.shape(), &[2, 3, 1]);
        assert_eq!(ivy::expand_dims(&x, -3)?.shape(), &[1, 2, 3]);
        assert_eq!(ivy::expand_dims(&x, 1)?.shape(), &[2, 1, 3]);
        for bad in [3, -4, 6] {
            let e = ivy::expand_dims(&x, bad).unwrap_err();
            assert!(matches!(e, ivy::Error::Axis { op: "expand_dims", .. }), "{bad}: {e:?}");
        }
        let z = ivy::asarray(1.0f32)?;
        assert_eq!(ivy::expand_dims(&z, 0)?.shape(), &[1]);
        assert_eq!(ivy::expand_dims(&z, -1)?.shape(), &[1]);
        assert!(ivy::expand_dims(&z, 1).is_err() && ivy::expand_dims(&z, -2).is_err());
        let r = registry::call("expand_dims", &[Value::from(&x), Value::from(2)], &[])?;
        assert_eq!((r.as_array().unwrap().shape(), r.as_array().unwrap().backend()), (&[2usize, 3, 1][..], b));
    }
}

test_backends! {
    /// `tensordot`'s `axes` is the standard's `Union[int, Tuple[Sequence[int],
    /// Sequence[int]]]`, by name too (before: "argument `axes` must be an int, got a list of
    /// 2"; the pair form was a separate `pairs` keyword). Two empty lists: the outer product.
    fn tensordot_axes_is_an_int_or_a_pair_of_lists(b) {
        use ivy::TensordotAxes;
        let a = ivy::reshape(&ivy::arange(6.0)?, &[2, 3])?;
        let kw = |axes: TensordotAxes| TensordotKw { axes };
        let t = ivy::tensordot_with(&a, &a, kw(([0, 1], [0, 1]).into()))?;
        assert_eq!((t.shape(), t.to_f64_vec()?, t.backend()), (&[][..], vec![55.0], b));
        let t = ivy::tensordot_with(&a, &a, kw((vec![-1], vec![1]).into()))?;
        assert_eq!(t.to_f64_vec()?, [5.0, 14.0, 14.0, 50.0]);
        let outer = ivy::tensordot_with(&a, &a, kw(TensordotAxes::pairs([], [])))?;
        assert_eq!(outer.shape(), &[2, 3, 2, 3]);
        assert_eq!(outer, ivy::tensordot_with(&a, &a, kw(0.into()))?);
        assert_eq!(ivy::tensordot(&ivy::zeros([2, 3, 4])?, &ivy::zeros([3, 4, 5])?)?.shape(), &[2, 5]);
        let e = ivy::tensordot_with(&a, &a, kw(([0, 1], [0]).into())).unwrap_err();
        assert!(matches!(e, Error::InvalidArgument { op: "tensordot", .. }), "{e}");
        let e = ivy::tensordot_with(&a, &a, kw(([0], [0, 0]).into())).unwrap_err();
        assert!(matches!(e, Error::InvalidArgument { op: "tensordot", .. }), "{e}");
        // by name: an int or a list of two lists
        let by_name = |axes: Value| {
            registry::call("tensordot", &[Value::from(&a), Value::from(&a)], &[("axes", axes)])
                .map(|v| v.as_array().cloned().unwrap())
        };
        let ints = |v: &[i64]| Value::from(v);
        assert_eq!(by_name(Value::List(vec![ints(&[1]), ints(&[1])]))?.to_f64_vec()?, [5.0, 14.0, 14.0, 50.0]);
        assert_eq!(by_name(Value::List(vec![ints(&[]), ints(&[])]))?.shape(), &[2, 3, 2, 3]);
        assert_eq!(by_name(Value::from(0))?, outer);
        assert!(matches!(by_name(Value::from(1)), Err(Error::Shape { op: "tensordot", .. })));
        assert!(by_name(Value::List(vec![ints(&[1])])).is_err());
    }
}

/// Results of at most 4 KiB are one allocation on ndarray (`Arc<[T]>`, the shape inline):
/// they share and copy on write as `ArcArray`s do, through reshapes, views with negative
/// steps, views of views, writes, `out=` and conversions back to ndarray.
#[test]
fn small_ndarray_results_share_and_copy_on_write() -> ivy::Result<()> {
    ivy::with_backend(Backend::Ndarray, || {
        let s = ivy::Idx::slice;
        // a small result: `zeros` and an element-wise op write their one allocation
        let mut x = ivy::add(
            &ivy::zeros([2, 3])?,
            &ivy::reshape(&ivy::arange(6.0)?, &[2, 3])?,
        )?;
        let row = |a: &Array| a.to_vec::<f32>();
        // a reshape and views share the buffer
        let r = ivy::reshape(&x, &[3, 2])?;
        assert!(r.may_share_memory(&x));
        let v = x.get(&[ivy::Idx::from(..), s(None, None, -1)])?; // x[:, ::-1]
        assert!(v.may_share_memory(&x));
        assert_eq!(row(&v)?, [2.0, 1.0, 0.0, 5.0, 4.0, 3.0]);
        let w = v.get(&[ivy::Idx::from(1), s(Some(0), None, 2)])?; // a view of the view
        assert!(w.may_share_memory(&x));
        assert_eq!(row(&w)?, [5.0, 3.0]);
        // ops read the strided view in place
        assert_eq!(
            row(&ivy::multiply(&v, 2.0)?)?,
            [4.0, 2.0, 0.0, 10.0, 8.0, 6.0]
        );
        assert_eq!(
            row(&ivy::reshape(&v, &[6])?)?,
            [2.0, 1.0, 0.0, 5.0, 4.0, 3.0]
        );
        // a write to x copies first: the reshape and the views keep their values
        x.set(&[ivy::Idx::from(0), ivy::Idx::from(0)], 9)?;
        assert_eq!(row(&x)?, [9.0, 1.0, 2.0, 3.0, 4.0, 5.0]);
        assert_eq!(row(&r)?, [0.0, 1.0, 2.0, 3.0, 4.0, 5.0]);
        assert_eq!(row(&v)?, [2.0, 1.0, 0.0, 5.0, 4.0, 3.0]);
        // writes to a view: through `set`, `out=` and an in-place update, each on a copy
        let mut v2 = v.clone();
        v2.set(&[ivy::Idx::from(1), ivy::Idx::from(2)], -1)?;
        assert_eq!(row(&v2)?, [2.0, 1.0, 0.0, 5.0, 4.0, -1.0]);
        let mut w2 = w.clone();
        ivy::negative_out(&w, &mut w2)?;
        assert_eq!(row(&w2)?, [-5.0, -3.0]);
        let mut w3 = w.clone();
        ivy::inplace_update(&mut w3, &ivy::asarray(vec![7.0f32, 8.0])?)?;
        assert_eq!(row(&w3)?, [7.0, 8.0]);
        assert_eq!(row(&v)?, [2.0, 1.0, 0.0, 5.0, 4.0, 3.0]);
        assert_eq!(row(&w)?, [5.0, 3.0]);
        assert_eq!(row(&r)?, [0.0, 1.0, 2.0, 3.0, 4.0, 5.0]);
        // an unshared small array is written in place
        let mut y = ivy::zeros(4)?;
        let p = f32_ptr(&y);
        ivy::negative_out(&ivy::ones(4)?, &mut y)?;
        assert_eq!((f32_ptr(&y), row(&y)?), (p, vec![-1.0; 4]));
        // more dimensions than a small array holds inline: still the same buffer
        let r5 = ivy::reshape_with(&x, &[1, 1, 1, 2, 3], ReshapeKw { copy: Some(false) })?;
        assert!(r5.may_share_memory(&x));
        assert_eq!(ivy::squeeze(&r5, &[0, 1, 2])?.to_vec::<f32>()?, row(&x)?);
        // an empty small array: written through (nothing to write), viewed, converted
        let mut e = ivy::zeros([2, 0])?;
        e.set(&[ivy::Idx::from(-1)], 1)?;
        assert_eq!(ivy::negative(&e.get(&[ivy::Idx::from(1)])?)?.shape(), &[0]);
        assert_eq!(ArrayD::<f32>::try_from(e)?.shape(), &[2, 0]);
        // back to ndarray: the values in their shape
        let a = ArrayD::<f32>::try_from(v)?;
        assert_eq!(a, nd(&[2.0, 1.0, 0.0, 5.0, 4.0, 3.0], &[2, 3]));
        let a = ArrayD::<f32>::try_from(w)?;
        assert_eq!(a, nd(&[5.0, 3.0], &[2]));
        let a = ArrayD::<f32>::try_from(r)?;
        assert_eq!(a, nd(&[0.0, 1.0, 2.0, 3.0, 4.0, 5.0], &[3, 2]));
        Ok(())
    })
}
