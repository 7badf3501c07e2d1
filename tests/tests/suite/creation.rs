//! Creation ops, dtype and device inference, on every backend.

use ivy::prelude::*;
use ivy::registry::Value;
use ivy::Error;
use ivy_tests::{assert_close, test_backends};

test_backends! {
    fn zeros_ones_defaults(b) {
        let z = ivy::zeros([2, 3])?;
        assert_eq!((z.dtype(), z.shape(), z.backend(), z.device()), (Dtype::Float32, &[2usize, 3][..], b, Device::Cpu));
        assert!(z.to_f64_vec()?.iter().all(|v| *v == 0.0));
        let o = ivy::ones_with([2], OnesKw { dtype: Some(Dtype::Int64), device: None })?;
        assert_eq!(o.dtype(), Dtype::Int64);
        assert_eq!(o.to_f64_vec()?, vec![1.0, 1.0]);
    }

    fn full_infers_dtype_from_the_fill_value(b) {
        assert_eq!(ivy::full([2], 3)?.dtype(), Dtype::Int32);
        assert_eq!(ivy::full([2], 3.5)?.dtype(), Dtype::Float32);
        assert_eq!(ivy::full([2], 1i64 << 40)?.dtype(), Dtype::Int64);
        let f = ivy::full_with([2], 7, FullKw { dtype: Some(Dtype::Float64), device: None })?;
        assert_eq!(f.dtype(), Dtype::Float64);
        assert_eq!(f.to_f64_vec()?, vec![7.0, 7.0]);
        // an int fill out of the dtype's range is refused, not wrapped (numpy 2 raises)
        let u8_kw = || FullKw { dtype: Some(Dtype::Uint8), device: None };
        assert!(matches!(ivy::full_with([2], 300, u8_kw()), Err(Error::InvalidArgument { op: "full", .. })));
        assert!(matches!(ivy::full_with([2], -1, u8_kw()), Err(Error::InvalidArgument { op: "full", .. })));
        assert_eq!(ivy::full_with([2], 255, u8_kw())?.to_f64_vec()?, vec![255.0, 255.0]);
        let x = ivy::full_with([2], 1, u8_kw())?;
        assert!(matches!(ivy::full_like(&x, 300), Err(Error::InvalidArgument { op: "full_like", .. })));
    }

    fn arange_values(b) {
        let a = ivy::arange_with(0, ArangeKw { stop: Some(5.into()), step: 2.into(), ..Default::default() })?;
        assert_eq!(a.dtype(), Dtype::Int32);
        assert_eq!(a.to_f64_vec()?, vec![0.0, 2.0, 4.0]);
        let f = ivy::arange_with(0.0, ArangeKw { stop: Some(1.0.into()), step: 0.25.into(), ..Default::default() })?;
        assert_eq!(f.dtype(), Dtype::Float32);
        assert_close(&f.to_f64_vec()?, &[0.0, 0.25, 0.5, 0.75], 0.0);
        assert!(matches!(ivy::arange_with(0, ArangeKw { stop: Some(5.into()), step: 0.into(), ..Default::default() }), Err(Error::InvalidArgument { op: "arange", .. })));
    }

    fn large_integers_are_exact(b) {
        let big = (1i64 << 53) + 1;
        let a = ivy::asarray(vec![big])?;
        assert_eq!(a.dtype(), Dtype::Int64);
        let back: Vec<i64> = match a.backend() {
            Backend::Ndarray => ndarray::ArrayD::<i64>::try_from(a.clone())?.iter().copied().collect(),
            _ => candle_core::Tensor::try_from(a.clone())?.to_vec1::<i64>().unwrap(),
        };
        assert_eq!(back, vec![big]);
        let f = ivy::full([1], big)?;
        assert_eq!(f.dtype(), Dtype::Int64);
        assert_eq!(ivy::arange_with(big, ArangeKw { stop: Some((big + 3).into()), step: 1.into(), ..Default::default() })?.size(), 3);
    }

    fn asarray_infers(b) {
        assert_eq!(ivy::asarray(vec![1, 2])?.dtype(), Dtype::Int32);
        assert_eq!(ivy::asarray(vec![1.0, 2.0])?.dtype(), Dtype::Float32);
        let m = ivy::asarray(Data::from(vec![1.0, 2.0, 3.0, 4.0]).reshape(&[2, 2])?)?;
        assert_eq!(m.shape(), &[2, 2]);
        assert_eq!(ivy::asarray(2.5)?.shape(), &[] as &[usize]);
    }

    fn python_numbers_must_fit_an_explicit_dtype(b) {
        // numpy 2: `asarray([300, 2], dtype=uint8)` is OverflowError (it wrapped to 44), and
        // `asarray([1, 2+0j], dtype=float32)` a TypeError (the imaginary part was dropped)
        let uint8 = || AsarrayKw { dtype: Some(Dtype::Uint8), ..Default::default() };
        let e = ivy::asarray_with(vec![300i64, 2], uint8()).unwrap_err();
        assert!(matches!(e, Error::InvalidArgument { op: "asarray", .. }), "{e}");
        assert!(e.to_string().contains("300") && e.to_string().contains("uint8"), "{e}");
        assert!(ivy::asarray_with(vec![-1i64], uint8()).is_err());
        assert_eq!(ivy::asarray_with(vec![0i64, 255], uint8())?.to_vec::<u8>()?, [0, 255]);
        // floats convert by the casting rules (truncation), as numpy
        assert_eq!(ivy::asarray_with(vec![1.7, 2.5], uint8())?.to_vec::<u8>()?, [1, 2]);
        let c = vec![num_complex::Complex::new(1.0f64, 0.0), num_complex::Complex::new(2.0, 1.0)];
        let f32_ = AsarrayKw { dtype: Some(Dtype::Float32), ..Default::default() };
        assert!(matches!(ivy::asarray_with(c, f32_).unwrap_err(), Error::InvalidArgument { op: "asarray", .. }));
        // typed Rust data converts as `astype` does (numpy's array-to-dtype rule: it wraps)
        assert_eq!(ivy::asarray_with(vec![300u32], uint8())?.to_vec::<u8>()?, [44]);
    }

    fn impossible_shapes_are_errors(b) {
        let r = ivy::zeros([usize::MAX, 4]);
        assert!(matches!(r, Err(Error::InvalidArgument { op: "zeros", .. })), "{r:?}");
        assert!(ivy::full([usize::MAX, usize::MAX], 1).is_err());
        assert!(ivy::zeros([1 << 62]).is_err());
        assert!(ivy::zeros([usize::MAX]).is_err());
        let x = ivy::zeros([1])?;
        assert!(ivy::broadcast_to(&x, [1 << 62]).is_err());
        assert!(Data::from(vec![1]).reshape(&[usize::MAX, 2]).is_err());
        assert!(ivy::arange_with(0.0, ArangeKw { stop: Some(1e300.into()), step: (1e-300).into(), ..Default::default() }).is_err());
        assert!(ivy::arange_with(i64::MIN, ArangeKw { stop: Some((i64::MAX).into()), step: 1.into(), ..Default::default() }).is_err());
        assert_eq!(ivy::arange_with(5, ArangeKw { stop: Some(0.into()), step: (-2).into(), ..Default::default() })?.to_f64_vec()?, vec![5.0, 3.0, 1.0]);
        assert_eq!(ivy::arange_with(5, ArangeKw { stop: Some(0.into()), step: 1.into(), ..Default::default() })?.size(), 0);
    }

    fn arange_start_only_is_the_stop(b) {
        assert_eq!(ivy::arange(5)?.to_f64_vec()?, vec![0.0, 1.0, 2.0, 3.0, 4.0]);
        assert_eq!(ivy::arange(5)?.dtype(), Dtype::Int32);
        assert_eq!(ivy::arange(2.0)?.dtype(), Dtype::Float32);
        // a float stop alone decides the dtype (it is a dtype hint, as start and step are)
        let f = ivy::arange_with(0, ArangeKw { stop: Some(2.0.into()), ..Default::default() })?;
        assert_eq!((f.dtype(), f.to_f64_vec()?), (Dtype::Float32, vec![0.0, 1.0]));
        assert_eq!(ivy::arange(-3)?.size(), 0);
        let v = ivy::registry::call("arange", &[Value::from(3)], &[("stop", Value::from(5))])?;
        assert_eq!(v.as_array().unwrap().to_f64_vec()?, vec![3.0, 4.0]);
    }

    fn float_and_complex_scalars_take_the_default_dtypes(b) {
        // before: float64 / complex128 where float32 cannot hold a value (Ivy's list rule);
        // the Array API: a Python float (complex) argument gives the default float (complex)
        // dtype, the value rounding to it (`np.full((), 4.6e-238j, dtype=np.complex64)` is 0j)
        let tiny = 1.401298464324817e-45;
        let kw = ArangeKw { step: 1.0.into(), ..Default::default() };
        let a = ivy::arange_with(tiny, kw)?;
        assert_eq!((a.dtype(), a.to_f64_vec()?, a.backend()), (Dtype::Float32, vec![0.0], b));
        if b == Backend::Ndarray {
            // candle holds no complex dtype
            let c = ivy::full([], Scalar::Complex(0.0, 4.641641312391297e-238))?;
            assert_eq!((c.dtype(), c.to_f64_vec()?), (Dtype::Complex64, vec![0.0]));
        }
        let big = ivy::full([1], 1e300)?;
        assert_eq!((big.dtype(), big.to_f64_vec()?), (Dtype::Float32, vec![f64::INFINITY]));
        let lin = ivy::linspace(0.0, 1e-300, 2)?;
        assert_eq!(lin.dtype(), Dtype::Float32);
        // by name too; a set default float dtype is followed; ints still widen
        let v = ivy::registry::call("full", &[Value::List(vec![]), Value::from(1e-300)], &[])?;
        assert_eq!(v.as_array().unwrap().dtype(), Dtype::Float32);
        let d = ivy::with_default_float_dtype(Dtype::Float64, || ivy::full([1], 1e-300))??;
        assert_eq!((d.dtype(), d.to_f64_vec()?), (Dtype::Float64, vec![1e-300]));
        assert_eq!(ivy::full([1], 1i64 << 40)?.dtype(), Dtype::Int64);
        let kw = ArangeKw { stop: Some((1i64 << 40).into()), step: (1i64 << 39).into(), ..Default::default() };
        assert_eq!(ivy::arange_with(0.5, kw)?.dtype(), Dtype::Float32);
    }

    fn a_complex_value_makes_no_real_or_integer_value(b) {
        // before: `asarray([1+2j], dtype=int32)` was [1] and `full(2, 1+2j, dtype=float32)`
        // [1, 1] (the imaginary part dropped); float32 and bool were already refused
        use ivy::registry::call;
        let c = Value::Scalar(Scalar::Complex(1.0, 2.0));
        for d in [Dtype::Int32, Dtype::Uint8, Dtype::Float32, Dtype::Bool] {
            let kw = [("dtype", Value::Dtype(d))];
            let e = call("asarray", &[Value::List(vec![c.clone()])], &kw).unwrap_err();
            assert!(matches!(e, Error::InvalidArgument { op: "asarray", .. }) && e.to_string().contains("complex value"), "{e}");
            let full = call("full", &[Value::from(2), c.clone()], &kw);
            match d {
                // a bool takes the value's truth (numpy's, and `set_item`'s)
                Dtype::Bool => assert_eq!(full?.as_array().unwrap().to_vec::<bool>()?, [true, true]),
                _ => {
                    let e = full.unwrap_err();
                    assert!(matches!(e, Error::InvalidArgument { op: "full", .. }) && e.to_string().contains("complex fill"), "{e}");
                }
            }
        }
        let x = ivy::asarray(vec![1.0f32, 2.0])?;
        let e = call("full_like", &[Value::Array(x), c.clone()], &[]).unwrap_err();
        assert!(e.to_string().contains("`full_like`") && e.to_string().contains("complex fill"), "{e}");
        if b == Backend::Ndarray {
            let kw = [("dtype", Value::Dtype(Dtype::Complex64))];
            let ok = call("full", &[Value::from(1), c], &kw)?;
            assert_eq!(ok.as_array().unwrap().dtype(), Dtype::Complex64);
        }
    }

    fn a_huge_float_out_of_an_int_range_is_named_short(b) {
        // before: all 301 digits of 1e300 in the message
        let kw = [("dtype", Value::Dtype(Dtype::Int32))];
        let e = ivy::registry::call("asarray", &[Value::List(vec![Value::from(1e300)])], &kw).unwrap_err();
        assert!(e.to_string().contains("the float 1e300 is out of range"), "{e}");
        let _ = b;
    }

    fn lists_nested_deeper_than_numpy_allows_are_an_error_not_a_stack_overflow(b) {
        // before: a rank-1000 array from 1000 nested lists, and at 40 000 an abort
        use ivy::registry::{call, MAX_NESTING};
        let nest = |depth: usize| (0..depth).fold(Value::from(1.0), |v, _| Value::List(vec![v]));
        let ok = call("asarray", &[nest(MAX_NESTING)], &[])?;
        assert_eq!(ok.as_array().unwrap().ndim(), MAX_NESTING);
        for depth in [MAX_NESTING + 1, 1000] {
            let e = call("asarray", &[nest(depth)], &[]).unwrap_err();
            assert!(matches!(e, Error::InvalidArgument { op: "asarray", .. }) && e.to_string().contains("64 deep"), "{e}");
        }
        // deep enough to overflow any recursive reading; built and dropped on a thread with
        // room for the drop's own recursion
        let deep = std::thread::Builder::new().stack_size(256 << 20).spawn(move || {
            ivy::set_backend(b);
            let e = call("isdtype", &[nest(100_000)], &[]).unwrap_err();
            matches!(e, Error::InvalidArgument { op: "isdtype", .. })
        });
        assert!(deep.unwrap().join().unwrap());
    }

    fn typed_scalars_by_name_give_their_dtype(b) {
        // before: `full(3, np.float64(1.5))` from Python was float32 (the 0-d array read as a
        // number); Ivy's `default_dtype(item=…)` and numpy take the array's dtype
        use ivy::registry::call;
        let dtype = |op: &str, args: &[Value], kw: &[(&str, Value)]| {
            call(op, args, kw).map(|v| v.as_array().map(|a| (a.dtype(), a.to_f64_vec().unwrap())).unwrap())
        };
        let f64_ = |v: f64| Value::Array(ivy::asarray_with(v, AsarrayKw { dtype: Some(Dtype::Float64), ..Default::default() }).unwrap());
        let i16_ = |v: i64| Value::Array(ivy::asarray_with(v, AsarrayKw { dtype: Some(Dtype::Int16), ..Default::default() }).unwrap());
        let two = Value::from(2);
        assert_eq!(dtype("full", &[two.clone(), f64_(1.5)], &[])?, (Dtype::Float64, vec![1.5, 1.5]));
        assert_eq!(dtype("full", &[two.clone(), i16_(7)], &[])?, (Dtype::Int16, vec![7.0, 7.0]));
        // a dtype given wins; a Python number stays weak (int16 with a Python int)
        let kw = [("dtype", Value::Dtype(Dtype::Int32))];
        assert_eq!(dtype("full", &[two.clone(), i16_(7)], &kw)?.0, Dtype::Int32);
        assert_eq!(dtype("arange", &[i16_(3)], &[])?, (Dtype::Int16, vec![0.0, 1.0, 2.0]));
        assert_eq!(dtype("arange", &[i16_(0)], &[("stop", Value::from(3))])?.0, Dtype::Int16);
        assert_eq!(dtype("arange", &[Value::from(0)], &[("stop", f64_(2.0))])?.0, Dtype::Float64);
        // a Python float an int16 cannot hold: the op's own inference (the default float)
        let r = dtype("arange", &[i16_(0)], &[("stop", Value::from(1.0)), ("step", Value::from(0.5))])?;
        assert_eq!(r, (Dtype::Float32, vec![0.0, 0.5]));
        assert_eq!(dtype("linspace", &[f64_(0.0), Value::from(1.0), two.clone()], &[])?.0, Dtype::Float64);
        // ops with an array argument keep their rule (`full_like`: the array's dtype)
        let x = Value::Array(ivy::asarray(vec![1i32, 2])?);
        assert_eq!(dtype("full_like", &[x, f64_(1.5)], &[])?.0, Dtype::Int32);
        let _ = b;
    }

    fn asarray_by_name_takes_lists_of_arrays(b) {
        // before: "argument `obj` must be a scalar, a (nested) list of scalars or an array,
        // got a list of 1" (Python: `xp.asarray([[x[0, 0]]])`); the dtype is the arrays'
        // (promoted), Python scalars joining it as they join an array operand
        use ivy::registry::call;
        let asarray = |obj: Value| call("asarray", &[obj], &[]).map(|v| v.as_array().cloned().unwrap());
        let m = ivy::asarray_with(vec![1i64, 2, 3, 4], AsarrayKw { dtype: Some(Dtype::Int16), ..Default::default() })?;
        let m = ivy::reshape(&m, &[2, 2])?;
        let at = |i: i64, j: i64| m.get(ivy::s![i, j]).map(Value::Array);
        let t = asarray(Value::List(vec![
            Value::List(vec![at(0, 0)?, at(1, 0)?]),
            Value::List(vec![at(0, 1)?, at(1, 1)?]),
        ]))?;
        assert_eq!((t.shape(), t.dtype(), t.to_f64_vec()?), (&[2usize, 2][..], Dtype::Int16, vec![1.0, 3.0, 2.0, 4.0]));
        assert_eq!(t.backend(), b);
        assert_eq!(asarray(Value::List(vec![Value::List(vec![at(1, 1)?])]))?.shape(), &[1, 1]);
        // a Python int joins int16; a float makes float64 (Ivy's rule for an int array);
        // two array dtypes promote
        let r = asarray(Value::List(vec![at(0, 0)?, Value::from(7)]))?;
        assert_eq!((r.dtype(), r.to_f64_vec()?), (Dtype::Int16, vec![1.0, 7.0]));
        let r = asarray(Value::List(vec![at(0, 0)?, Value::from(0.5)]))?;
        assert_eq!((r.dtype(), r.to_f64_vec()?), (Dtype::Float64, vec![1.0, 0.5]));
        let f = Value::Array(ivy::asarray(2.5f32)?);
        let r = asarray(Value::List(vec![f.clone(), at(0, 1)?]))?;
        assert_eq!((r.dtype(), r.to_f64_vec()?), (Dtype::Float32, vec![2.5, 2.0]));
        // an explicit dtype converts as astype does
        let r = call("asarray", &[Value::List(vec![f, at(1, 0)?])], &[("dtype", Value::Dtype(Dtype::Int32))])?;
        assert_eq!(r.as_array().unwrap().to_f64_vec()?, [2.0, 3.0]);
        // n-d arrays of one shape stack below the lists, as numpy's `asarray([x, y])`
        let r = asarray(Value::List(vec![Value::Array(m.clone()), Value::Array((&m * 10)?)]))?;
        assert_eq!((r.shape(), r.dtype()), (&[2usize, 2, 2][..], Dtype::Int16));
        assert_eq!(r.to_f64_vec()?, [1.0, 2.0, 3.0, 4.0, 10.0, 20.0, 30.0, 40.0]);
        // an int beyond the arrays' dtype is an error; so is a ragged nesting, naming the
        // lengths or shapes that disagree
        let e = asarray(Value::List(vec![at(0, 0)?, Value::from(1i64 << 40)])).unwrap_err();
        assert!(matches!(e, Error::InvalidArgument { op: "asarray", .. }), "{e:?}");
        let e = asarray(Value::List(vec![Value::List(vec![at(0, 0)?]), at(0, 1)?])).unwrap_err();
        assert!(e.to_string().contains("ragged") && e.to_string().contains("a list of 1 and a scalar at depth 1"), "{e}");
        let e = asarray(Value::List(vec![Value::Array(m.clone()), at(0, 1)?])).unwrap_err();
        assert!(matches!(e, Error::InvalidArgument { op: "asarray", .. }), "{e:?}");
        assert!(e.to_string().contains("an array of shape [2, 2] and a scalar at depth 1"), "{e}");
    }

    fn empty_is_zero_filled(b) {
        let e = ivy::empty([2, 2])?;
        assert_eq!((e.dtype(), e.to_f64_vec()?), (Dtype::Float32, vec![0.0; 4]));
        let x = ivy::full([3], 7)?;
        let l = ivy::empty_like(&x)?;
        assert_eq!((l.dtype(), l.to_f64_vec()?), (Dtype::Int32, vec![0.0; 3]));
        assert!(matches!(ivy::empty([usize::MAX, 2]), Err(Error::InvalidArgument { op: "empty", .. })));
    }

    fn eye_shapes_and_sizes(b) {
        let e = ivy::eye_with(3, EyeKw { n_cols: Some(2), k: -1, ..Default::default() })?;
        assert_eq!(e.shape(), &[3, 2]);
        assert_eq!(e.to_f64_vec()?, vec![0.0, 0.0, 1.0, 0.0, 0.0, 1.0]);
        assert_eq!(ivy::eye_with(2, EyeKw { k: 5, ..Default::default() })?.to_f64_vec()?, vec![0.0; 4]);
        assert_eq!(ivy::eye(0)?.shape(), &[0, 0]);
        let r = ivy::eye(1_000_000_000_000);
        assert!(matches!(r, Err(Error::InvalidArgument { op: "eye", .. })), "{r:?}");
    }

    fn linspace_matches_numpy(b) {
        assert_eq!(ivy::linspace(0, 10, 0)?.size(), 0);
        assert_eq!(ivy::linspace(2, 3, 1)?.to_f64_vec()?, vec![2.0]);
        let i = ivy::linspace_with(0, 10, 4, LinspaceKw { dtype: Some(Dtype::Int32), ..Default::default() })?;
        assert_eq!(i.to_f64_vec()?, vec![0.0, 3.0, 6.0, 10.0]);
        let d = ivy::linspace_with(0.0, 1.0, 3, LinspaceKw { dtype: Some(Dtype::Float64), ..Default::default() })?;
        assert_eq!(d.to_f64_vec()?, vec![0.0, 0.5, 1.0]);
    }

    fn meshgrid_indexing(b) {
        let (x, y, z) = (ivy::arange(3)?, ivy::arange(2.0)?, ivy::ones([4])?);
        let g = ivy::meshgrid(&[&x, &y, &z])?;
        assert!(g.iter().all(|a| a.shape() == [2, 3, 4]));
        assert_eq!((g[0].dtype(), g[1].dtype()), (Dtype::Int32, Dtype::Float32));
        let g = ivy::meshgrid_with(&[&x, &y, &z], MeshgridKw { indexing: "ij".into() })?;
        assert!(g.iter().all(|a| a.shape() == [3, 2, 4]));
        assert!(ivy::meshgrid(&[] as &[&Array])?.is_empty());
        let r = ivy::meshgrid_with(&[&x], MeshgridKw { indexing: "yx".into() });
        match r {
            Err(Error::InvalidArgument { op: "meshgrid", message }) => assert!(message.contains("\"xy\" or \"ij\""), "{message}"),
            other => panic!("{other:?}"),
        }
    }

    fn tril_triu_keep_nan_and_inf(b) {
        let x = ivy::asarray(vec![vec![f32::NAN, f32::INFINITY], vec![f32::NEG_INFINITY, 1.0]])?;
        let l = ivy::tril(&x)?.to_f64_vec()?;
        assert!(l[0].is_nan() && l[1] == 0.0 && l[2] == f64::NEG_INFINITY && l[3] == 1.0, "{l:?}");
        let u = ivy::triu(&x)?.to_f64_vec()?;
        assert!(u[0].is_nan() && u[1] == f64::INFINITY && u[2] == 0.0, "{u:?}");
        let s = ivy::tril(&ivy::ones([2, 3, 2, 2])?)?;
        assert_eq!(s.shape(), &[2, 3, 2, 2]);
        assert_eq!(ivy::sum(&s)?.to_f64_vec()?, vec![18.0]);
        let r = ivy::triu(&ivy::ones([3])?);
        assert!(matches!(r, Err(Error::InvalidArgument { op: "triu", .. })), "{r:?}");
    }

    fn unknown_device_is_an_error(b) {
        let r = ivy::zeros_with([1], ZerosKw { dtype: None, device: Some(Device::Cuda(0)) });
        if cfg!(feature = "cuda") && b == Backend::Candle {
            return Ok(());
        }
        assert!(matches!(r, Err(Error::DeviceUnavailable { .. })), "{r:?}");
    }
}

#[test]
fn candle_lacks_some_dtypes() {
    ivy::with_backend(Backend::Candle, || {
        let r = ivy::zeros_with(
            [2],
            ZerosKw {
                dtype: Some(Dtype::Uint16),
                device: None,
            },
        );
        match r {
            Err(e @ Error::DtypeNotInBackend { .. }) => {
                let m = e.to_string();
                assert!(
                    m.contains("candle") && m.contains("uint16") && m.contains("float32"),
                    "{m}"
                );
            }
            other => panic!("{other:?}"),
        }
        // bool exists on candle (a u8 tensor tagged bool)
        let t = ivy::asarray(vec![true, false]).unwrap();
        assert_eq!(
            (t.dtype(), t.to_f64_vec().unwrap()),
            (Dtype::Bool, vec![1.0, 0.0])
        );
    });
    // ndarray holds all 15
    ivy::with_backend(Backend::Ndarray, || {
        for d in Dtype::ALL {
            let z = ivy::zeros_with(
                [1],
                ZerosKw {
                    dtype: Some(d),
                    device: None,
                },
            )
            .unwrap();
            assert_eq!(z.dtype(), d);
        }
    });
}

#[test]
fn creation_without_backend_names_the_fix() {
    assert_eq!(ivy::current_backend(), None);
    let e = ivy::zeros([1]).unwrap_err();
    assert!(matches!(e, Error::NoBackend { op: "zeros" }));
    assert!(e.to_string().contains("set_backend"));
}

#[test]
fn backend_stack_and_default() {
    ivy::set_backend(Backend::Candle);
    ivy::set_backend(Backend::Ndarray);
    assert_eq!(ivy::current_backend(), Some(Backend::Ndarray));
    assert_eq!(ivy::unset_backend(), Some(Backend::Ndarray));
    assert_eq!(ivy::current_backend(), Some(Backend::Candle));
    ivy::unset_backend();
    assert_eq!(ivy::current_backend(), None);
    // threads see the process default, not another thread's stack
    ivy::set_backend(Backend::Candle);
    let other = std::thread::spawn(ivy::current_backend).join().unwrap();
    assert_eq!(other, None);
    ivy::unset_backend();
}

#[test]
fn conversions_with_ndarray_and_candle() {
    let nd = ndarray::ArrayD::from_shape_vec(ndarray::IxDyn(&[2]), vec![1.5f64, 2.5]).unwrap();
    let a = Array::from(nd.clone());
    assert_eq!((a.backend(), a.dtype()), (Backend::Ndarray, Dtype::Float64));
    let back: ndarray::ArrayD<f64> = a.clone().try_into().unwrap();
    assert_eq!(back, nd);
    assert!(ndarray::ArrayD::<f32>::try_from(a.clone()).is_err());
    let t = candle_core::Tensor::new(&[1u32, 2, 3], &candle_core::Device::Cpu).unwrap();
    let c = Array::from(t);
    assert_eq!((c.backend(), c.dtype()), (Backend::Candle, Dtype::Uint32));
    let t2: candle_core::Tensor = c.clone().try_into().unwrap();
    assert_eq!(t2.to_vec1::<u32>().unwrap(), vec![1, 2, 3]);
    let c_nd = c.to_backend(Backend::Ndarray).unwrap();
    assert_eq!(c_nd.to_f64_vec().unwrap(), vec![1.0, 2.0, 3.0]);
    // int8 has no candle equivalent
    let i8s = ivy::with_backend(Backend::Ndarray, || {
        ivy::asarray_with(
            vec![1],
            AsarrayKw {
                dtype: Some(Dtype::Int8),
                device: None,
                copy: None,
            },
        )
    })
    .unwrap();
    assert!(matches!(
        i8s.to_backend(Backend::Candle),
        Err(Error::DtypeNotInBackend { .. })
    ));
}

#[test]
fn arrays_and_errors_cross_threads() {
    fn send_sync<T: Send + Sync + 'static>() {}
    send_sync::<Array>();
    send_sync::<Container>();
    send_sync::<Error>();
    // an array made on one thread is used on another
    let x = ivy::with_backend(Backend::Candle, || ivy::asarray(vec![1.0f32, 2.0])).unwrap();
    let y = std::thread::spawn(move || ivy::exp(&x).unwrap())
        .join()
        .unwrap();
    assert_eq!(y.backend(), Backend::Candle);
}
