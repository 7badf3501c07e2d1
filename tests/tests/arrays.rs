//! The Arrays page: native arrays in (ndarray's `ArrayD` / `ArrayViewD` / `ArcArray`,
//! candle's `Tensor` / `Var`), `Array`s out, conversions back, `Debug`, and the `copy`
//! rules of `reshape` / `astype` (buffer identity, not just values), on every backend.

use ivy::prelude::*;
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
    }

    fn astype_copy_rules(b) {
        let x = ivy::arange(4.0)?;
        let same = |copy| AstypeKw { copy };
        assert!(ivy::astype_with(&x, Dtype::Float32, same(false))?.may_share_memory(&x));
        assert!(ivy::astype(&x, Dtype::Float32)?.may_share_memory(&x)); // default copy=false
        let c = ivy::astype_with(&x, Dtype::Float32, same(true))?;
        assert!(!c.may_share_memory(&x));
        assert_eq!(c, x);
        // another dtype is always a new buffer
        assert!(!ivy::astype(&x, Dtype::Float64)?.may_share_memory(&x));
    }
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
    let copy = ivy::astype_with(&x, Dtype::Float32, AstypeKw { copy: true })?;
    let bcast = ivy::broadcast_to(&x, [2])?;
    let reshaped = ivy::reshape(&x, &[2, 1])?;
    let permuted = ivy::permute_dims(&x, &[0])?;
    let joined = ivy::concat(&[&x])?;
    // documented sharing: copy=false asks for the Var's storage
    let view = ivy::reshape_with(&x, &[2], ReshapeKw { copy: Some(false) })?;
    let shared = ivy::astype(&x, Dtype::Float32)?;
    ivy::inplace_update(
        &mut x,
        &ivy::with_backend(Backend::Candle, || ivy::asarray([7.0f32, 8.0]))?,
    )?;
    for r in [&copy, &bcast, &reshaped, &permuted, &joined] {
        assert_eq!(r.to_vec::<f32>()?, [1.0, 2.0], "{r:?}");
        assert!(!r.may_share_memory(&x));
    }
    assert_eq!(view.to_vec::<f32>()?, [7.0, 8.0]);
    assert_eq!(shared.to_vec::<f32>()?, [7.0, 8.0]);
    Ok(())
}
