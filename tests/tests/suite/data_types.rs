//! The dtype system (defaults, inference, casting, promotion queries, dtype info) on every
//! backend, and with no backend set.

use ivy::prelude::*;
use ivy::registry::Value;
use ivy::{DefaultKind, Error, Scalar};
use ivy_tests::{f32s, test_backends, typed};

test_backends! {
    fn astype_both_backends(b) {
        let x = f32s(&[1.5, -2.5])?;
        let i = ivy::astype(&x, Dtype::Int32)?;
        assert_eq!((i.dtype(), i.to_f64_vec()?), (Dtype::Int32, vec![1.0, -2.0]));
        let h = x.astype(Dtype::Float16)?;
        assert_eq!(h.dtype(), Dtype::Float16);
        let same = ivy::astype_with(&x, Dtype::Float32, AstypeKw { copy: false, device: None })?;
        assert_eq!(same.to_f64_vec()?, x.to_f64_vec()?);
        let mut out = typed(&[0.0, 0.0], Dtype::Float64)?;
        ivy::astype_out(&x, Dtype::Int64, &mut out)?;
        assert_eq!((out.dtype(), out.to_f64_vec()?), (Dtype::Float64, vec![1.0, -2.0]));
        let r = ivy::astype(&x, Dtype::Uint16);
        if b == Backend::Candle {
            assert!(matches!(r, Err(Error::DtypeNotInBackend { .. })), "{r:?}");
        } else {
            assert_eq!(r?.dtype(), Dtype::Uint16);
        }
        // the Array API's `device`: the result's place (the cpu here), or an error naming
        // `astype` for a device the backend does not have
        let kw = AstypeKw { copy: false, device: Some(Device::Cpu) };
        assert_eq!(ivy::astype_with(&x, Dtype::Int32, kw)?.device(), Device::Cpu);
        let kw = AstypeKw { copy: false, device: Some(Device::Cuda(7)) };
        let e = ivy::astype_with(&x, Dtype::Float64, kw).unwrap_err();
        assert!(e.to_string().contains("astype"), "{e}");
    }

    fn broadcast_to_and_arrays(b) {
        let x = f32s(&[1.0, 2.0])?;
        let y = ivy::broadcast_to(&x, [3, 2])?;
        assert_eq!(y.shape(), &[3, 2]);
        assert_eq!(y.to_f64_vec()?, vec![1.0, 2.0, 1.0, 2.0, 1.0, 2.0]);
        assert!(matches!(x.broadcast_to([3]), Err(Error::Shape { .. })));
        let col = ivy::asarray(Data::from(vec![10.0f32, 20.0]).reshape(&[2, 1])?)?;
        let both = ivy::broadcast_arrays(&[&x, &col])?;
        assert_eq!(both[0].shape(), &[2, 2]);
        assert_eq!(both[1].to_f64_vec()?, vec![10.0, 10.0, 20.0, 20.0]);
    }

    fn the_four_default_dtype_steps(b) {
        // 1. explicit dtype
        let z = ivy::full_with([1], 2, FullKw { dtype: Some(Dtype::Float16), device: None })?;
        assert_eq!(z.dtype(), Dtype::Float16);
        // 2. the first array argument, before any scalar
        let x = typed(&[1.0, 2.0], Dtype::Int16)?;
        let z = ivy::zeros_like(&x)?;
        assert_eq!((z.dtype(), z.shape(), z.to_f64_vec()?), (Dtype::Int16, &[2usize][..], vec![0.0, 0.0]));
        assert_eq!(ivy::full_like(&x, 2.5)?.dtype(), Dtype::Int16, "the array decides, not the float");
        let o = ivy::ones_like_with(&x, OnesLikeKw { dtype: Some(Dtype::Float32), device: None })?;
        assert_eq!((o.dtype(), o.to_f64_vec()?), (Dtype::Float32, vec![1.0, 1.0]));
        assert_eq!(x.zeros_like()?.device(), x.device());
        let c: Container = ivy::container! { a: x.clone() };
        assert_eq!(c.ones_like()?.at("a")?.dtype(), Dtype::Int16);
        // 3. the relevant scalar: int → default int, float → default float, bool → bool
        assert_eq!(ivy::full([1], 2)?.dtype(), Dtype::Int32);
        if b == Backend::Ndarray {
            assert_eq!(ivy::full([1], true)?.dtype(), Dtype::Bool);
        }
        assert_eq!(ivy::arange_with(0, ArangeKw { stop: Some(3.into()), step: 0.5.into(), ..Default::default() })?.dtype(), Dtype::Float32, "int and float scalars: float");
        // 4. the global default dtype
        assert_eq!(ivy::zeros([1])?.dtype(), Dtype::Float32);
        // defaults are settable per scope
        ivy::with_default(DefaultKind::Int, Dtype::Int64, || -> ivy::Result<()> {
            assert_eq!(ivy::full([1], 2)?.dtype(), Dtype::Int64);
            assert_eq!(ivy::asarray(vec![1i64, 2])?.dtype(), Dtype::Int64);
            // an unsuffixed literal is an `i32`: a sized type, which keeps its dtype
            assert_eq!(ivy::asarray(vec![1, 2])?.dtype(), Dtype::Int32);
            Ok(())
        })??;
        ivy::with_default(DefaultKind::Float, Dtype::Float64, || -> ivy::Result<()> {
            assert_eq!(ivy::asarray(vec![0.5])?.dtype(), Dtype::Float64);
            // linked: with no global default set, the default float dtype is the global one
            assert_eq!(ivy::zeros([1])?.dtype(), Dtype::Float64);
            assert_eq!(ivy::ones([1])?.dtype(), Dtype::Float64);
            let i = typed(&[3.0], Dtype::Int32)?;
            assert_eq!(ivy::divide(&i, &i)?.dtype(), Dtype::Float64, "int division uses the default float");
            Ok(())
        })??;
        ivy::with_default(DefaultKind::Dtype, Dtype::Float16, || -> ivy::Result<()> {
            assert_eq!(ivy::zeros([1])?.dtype(), Dtype::Float16);
            Ok(())
        })??;
        assert_eq!(ivy::full([1], 2)?.dtype(), Dtype::Int32, "scopes end");
    }

    fn promote_types_of_inputs_on_each_backend(b) {
        let x = typed(&[1.0], Dtype::Int32)?;
        let (p, q) = ivy::promote_types_of_inputs(&x, 2)?;
        assert_eq!((p.dtype(), q.dtype(), q.backend()), (Dtype::Int32, Dtype::Int32, b));
        let (p, q) = ivy::promote_types_of_inputs(&x, 0.5)?;
        assert_eq!((p.dtype(), q.dtype()), (Dtype::Float64, Dtype::Float64));
        let y = typed(&[1.0], Dtype::Float16)?;
        let (p, q) = ivy::type_promote_arrays(&x, &y)?;
        assert_eq!((p.dtype(), q.dtype()), (Dtype::Float64, Dtype::Float64), "precise: int32+float16");
        let (p, _) = ivy::with_precise_mode(false, || ivy::type_promote_arrays(&x, &y))?;
        assert_eq!(p.dtype(), Dtype::Float16);
    }

    fn valid_and_invalid_dtypes(b) {
        let valid = ivy::valid_dtypes();
        let invalid = ivy::invalid_dtypes();
        assert_eq!(valid.union(invalid), DtypeSet::VALID);
        assert!(valid.intersection(invalid).is_empty());
        if b == Backend::Candle {
            assert!(valid.contains(Dtype::Bool));
            for d in [Dtype::Int8, Dtype::Uint16, Dtype::Uint64, Dtype::Complex64] {
                assert!(invalid.contains(d), "{d}");
                let e = ivy::as_ivy_dtype(d.as_str()).unwrap_err();
                assert!(e.to_string().contains("candle"), "{e}");
            }
        } else {
            assert!(invalid.is_empty());
        }
        assert!(matches!(ivy::as_ivy_dtype("float8"), Err(Error::UnknownDtype { .. })));
    }
}

#[test]
fn no_backend_means_every_dtype_is_valid() {
    assert_eq!(ivy::current_backend(), None);
    assert_eq!(ivy::valid_dtypes(), DtypeSet::VALID);
    assert!(ivy::invalid_dtypes().is_empty());
    assert_eq!(ivy::as_ivy_dtype("uint16").unwrap(), Dtype::Uint16);
}

#[test]
fn default_dtype_of_items() -> ivy::Result<()> {
    assert_eq!(
        ivy::default_dtype(None, Some(Scalar::Int(1).into()))?,
        Dtype::Int32
    );
    assert_eq!(
        ivy::default_dtype(None, Some(Scalar::Int(1 << 40).into()))?,
        Dtype::Int64
    );
    assert_eq!(
        ivy::default_dtype(None, Some(Scalar::Float(1.0).into()))?,
        Dtype::Float32
    );
    assert_eq!(
        ivy::default_dtype(None, Some(Scalar::Complex(1.0, 1.0).into()))?,
        Dtype::Complex64
    );
    assert_eq!(
        ivy::default_dtype(None, Some(Scalar::Bool(true).into()))?,
        Dtype::Bool
    );
    assert_eq!(
        ivy::default_dtype(Some(Dtype::Uint8), Some(Scalar::Float(1.0).into()))?,
        Dtype::Uint8
    );
    assert_eq!(ivy::default_dtype(None, None)?, Dtype::Float32);
    assert_eq!(ivy_core::default_int_for(1i128 << 70), Dtype::Uint64);
    // an empty list of Python numbers is the default float dtype; a sized type keeps its own
    assert_eq!(
        ivy::Data::from(Vec::<i64>::new()).inferred_dtype(),
        Dtype::Float32
    );
    assert_eq!(
        ivy::Data::from(Vec::<i32>::new()).inferred_dtype(),
        Dtype::Int32
    );
    assert_eq!(
        ivy::Data::from(vec![Scalar::Int(1), Scalar::Float(2.5)]).inferred_dtype(),
        Dtype::Float32
    );
    // an array item answers its own dtype, on each backend (through the primary `dtype`)
    for b in [Backend::Ndarray, Backend::Candle] {
        let x = ivy::with_backend(b, || ivy::asarray([1, 2])?.astype(Dtype::Uint8))?;
        let d = ivy::with_backend(b, || ivy::default_dtype(None, Some((&x).into())))?;
        assert_eq!(d, Dtype::Uint8, "{b}");
    }
    Ok(())
}

#[test]
fn precise_mode_is_scoped() {
    let (a, b) = (Dtype::Int32, Dtype::Float32);
    assert!(ivy::precise_mode());
    assert_eq!(ivy::promote_types(a, b).unwrap(), Dtype::Float64);
    let np = ivy::with_precise_mode(false, || ivy::promote_types(a, b).unwrap());
    assert_eq!(np, Dtype::Float32);
    assert_eq!(ivy::promote_types(a, b).unwrap(), Dtype::Float64);
    // arrays follow the mode too
    ivy::with_backend(Backend::Ndarray, || {
        let i = typed(&[1.0], Dtype::Int32).unwrap();
        let f = f32s(&[1.0]).unwrap();
        let r = ivy::with_precise_mode(false, || ivy::add(&i, &f).unwrap());
        assert_eq!(r.dtype(), Dtype::Float32);
    });
}

#[test]
fn dtype_queries() {
    use Dtype::*;
    assert_eq!(ivy::result_type([Int8, Uint8]).unwrap(), Int16);
    assert_eq!(ivy::result_type([Bool, Float64, Int64]).unwrap(), Float64);
    ivy::with_backend(Backend::Ndarray, || {
        assert!(ivy::can_cast(Int8, Int32).unwrap());
        assert!(!ivy::can_cast(Int32, Int8).unwrap());
        assert!(!ivy::can_cast(Float64, Float32).unwrap());
    });
    // a dtype the backend cannot hold still answers (pure dtype logic); no backend is an
    // error
    ivy::with_backend(Backend::Candle, || {
        assert!(ivy::can_cast(Int8, Int32).unwrap());
        assert!(ivy::can_cast(Int16, Int32).unwrap());
    });
    let unset = std::thread::spawn(|| ivy::can_cast(Int8, Int32))
        .join()
        .unwrap();
    if ivy::current_backend().is_none() {
        assert!(matches!(unset, Err(Error::NoBackend { .. })), "{unset:?}");
    }
    let f = ivy::finfo(Float32).unwrap();
    assert_eq!((f.bits, f.eps), (32, f32::EPSILON as f64));
    assert_eq!(
        ivy::finfo(Complex128).unwrap(),
        ivy::finfo(Float64).unwrap()
    );
    assert_eq!(ivy::finfo(Bfloat16).unwrap().eps, 0.0078125);
    let i = ivy::iinfo(Int16).unwrap();
    assert_eq!((i.bits, i.min, i.max), (16, -32768, 32767));
    assert_eq!(ivy::iinfo(Uint64).unwrap().max, u64::MAX as i128);
    assert!(ivy::iinfo(Float32).is_err());
    for (d, k, want) in [
        (Int8, "signed integer", true),
        (Uint8, "signed integer", false),
        (Complex64, "complex floating", true),
        (Float64, "real floating", true),
        (Bool, "bool", true),
    ] {
        assert_eq!(ivy::isdtype(d, k).unwrap(), want, "{d} {k}");
    }
    ivy::with_backend(Backend::Ndarray, || {
        assert_eq!(ivy::dtype(f32s(&[1.0]).unwrap()).unwrap(), Float32)
    });
}

#[test]
fn named_default_forms_and_precise_guard() {
    let d = ivy::with_default_float_dtype(Dtype::Float64, || {
        ivy::with_default_int_dtype(Dtype::Int8, || {
            (ivy::default_float_dtype(), ivy::default_int_dtype())
        })
    })
    .unwrap()
    .unwrap();
    assert_eq!(d, (Dtype::Float64, Dtype::Int8));
    assert!(ivy::with_default_complex_dtype(Dtype::Float32, || ()).is_err());
    assert_eq!(ivy::global_default_dtype(), Dtype::Float32);
    {
        let _np = ivy::PreciseMode::new(false);
        assert!(!ivy::precise_mode());
        assert_eq!(
            ivy::promote_types(Dtype::Int32, Dtype::Float32).unwrap(),
            Dtype::Float32
        );
    }
    assert!(ivy::precise_mode());
}

#[test]
fn native_dtypes_round_trip() {
    for b in [Backend::Ndarray, Backend::Candle] {
        ivy::with_backend(b, || {
            for d in ivy::valid_dtypes().iter() {
                let n = ivy::as_native_dtype(d).unwrap();
                assert_eq!(ivy::from_native_dtype(n).unwrap(), d, "{b} {d}");
            }
            for d in ivy::invalid_dtypes().iter() {
                assert!(ivy::as_native_dtype(d).is_err(), "{b} {d}");
            }
        });
    }
    assert!(matches!(
        ivy::as_native_dtype(Dtype::Float32),
        Err(Error::NoBackend { .. })
    ));
    assert!(ivy::from_native_dtype(ivy::NativeDtype::Ndarray("f128")).is_err());
    assert!(ivy::from_native_dtype(ivy::NativeDtype::Candle(candle_core::DType::F8E4M3)).is_err());
}

#[test]
fn dtype_tuples() {
    assert_eq!(ivy::ALL_DTYPES.iter().count(), 15);
    assert!(!ivy::ALL_NUMERIC_DTYPES.contains(Dtype::Bool));
    assert_eq!(ivy::ALL_INT_DTYPES.iter().count(), 8);
    assert_eq!(ivy::ALL_UINT_DTYPES.iter().count(), 4);
    assert_eq!(ivy::ALL_FLOAT_DTYPES.iter().count(), 4);
    assert_eq!(ivy::ALL_COMPLEX_DTYPES.iter().count(), 2);
    assert_eq!(ivy::valid_int_dtypes(), ivy::ALL_INT_DTYPES);
    ivy::with_backend(Backend::Candle, || {
        assert_eq!(
            ivy::valid_uint_dtypes(),
            DtypeSet::of(&[Dtype::Uint8, Dtype::Uint32])
        );
        assert!(ivy::valid_complex_dtypes().is_empty());
        assert_eq!(ivy::valid_float_dtypes(), ivy::ALL_FLOAT_DTYPES);
    });
}

#[test]
fn like_ops_run_their_body_without_a_backend() {
    let x = ivy::with_backend(Backend::Candle, || typed(&[1.0, 2.0], Dtype::Int16)).unwrap();
    assert_eq!(ivy::current_backend(), None);
    let z = ivy::zeros_like(&x).unwrap();
    assert_eq!(
        (z.backend(), z.dtype(), z.shape()),
        (Backend::Candle, Dtype::Int16, &[2usize][..])
    );
    let f = ivy::full_like(&x, 7).unwrap();
    assert_eq!(f.to_f64_vec().unwrap(), vec![7.0, 7.0]);
}

// ------------------------------------------------ dtype queries (issue 33)

test_backends! {
    /// `finfo` of a complex dtype is its real component's (the standard, numpy, Ivy).
    fn finfo_of_complex_is_the_real_components(b) {
        use Dtype::*;
        for (c, r) in [(Complex64, Float32), (Complex128, Float64)] {
            let f = ivy::finfo(c)?;
            assert_eq!(f, ivy::finfo(r)?, "finfo({c})");
            assert_eq!(f.dtype, r);
            // by name too
            let v = ivy::registry::call("finfo", &[Value::Dtype(c)], &[])?;
            assert_eq!(format!("{v:?}"), format!("{:?}", Value::from(ivy::finfo(r)?)));
        }
        assert_eq!(ivy::finfo(Complex64)?.eps, f32::EPSILON as f64);
    }

    /// Every dtype query answers for every dtype on every backend, those it cannot hold
    /// included, and `can_cast`'s support row says so (support ⇔ behaviour).
    fn dtype_queries_answer_every_dtype(b) {
        for from in Dtype::ALL {
            for to in Dtype::ALL {
                assert_eq!(ivy::can_cast(from, to)?, ivy_core::can_cast(from, to), "{from} → {to}");
                let by_name = ivy::registry::call(
                    "can_cast",
                    &[Value::Dtype(from), Value::Dtype(to)],
                    &[],
                )?;
                assert!(matches!(by_name, Value::Scalar(Scalar::Bool(c)) if c == ivy_core::can_cast(from, to)));
                assert_eq!(ivy::result_type([from, to])?, ivy_core::promote_types(from, to)?);
            }
            assert_eq!(ivy::finfo(from).is_ok(), from.is_float() || from.is_complex(), "{from}");
            assert_eq!(ivy::iinfo(from).is_ok(), from.is_int(), "{from}");
            assert!(ivy::isdtype(from, from.as_str())?);
        }
        let can_cast = ivy::registry::op("can_cast").unwrap();
        let row = ivy::registry::support(can_cast, b).unwrap();
        assert_eq!(row.supported, DtypeSet::VALID, "{b}");
        assert_eq!(row.implementation(), "native");
    }

    /// The dtype queries take an array wherever the Array API does: `can_cast(x, to)`,
    /// `finfo(x)`, `iinfo(x)`, `result_type(x, y, dtype)`; in Rust and by name.
    fn dtype_queries_take_arrays(b) {
        use ivy::registry::call;
        let x = f32s(&[1.0, 2.0])?;
        let i = typed(&[1.0], Dtype::Int16)?;
        assert!(ivy::can_cast(&x, Dtype::Float64)?);
        assert!(!ivy::can_cast(&x, Dtype::Int32)?);
        assert_eq!(ivy::finfo(&x)?, ivy::finfo(Dtype::Float32)?);
        assert_eq!(ivy::iinfo(&i)?, ivy::iinfo(Dtype::Int16)?);
        assert!(ivy::iinfo(&x).is_err());
        assert_eq!(ivy::result_type([&x, &i])?, Dtype::Float32);
        assert_eq!(
            ivy::result_type([DtypeLike::from(&i), DtypeLike::from(Dtype::Uint8)])?,
            Dtype::Int16
        );
        assert_eq!(
            ivy::result_type([DtypeLike::from(&i), (&x).into(), Dtype::Float64.into()])?,
            Dtype::Float64
        );
        // by name: an array or a dtype reads
        let ax = Value::Array(x.clone());
        let cast = call("can_cast", &[ax.clone(), Value::Dtype(Dtype::Float64)], &[])?;
        assert!(matches!(cast, Value::Scalar(Scalar::Bool(true))));
        let f = call("finfo", std::slice::from_ref(&ax), &[])?;
        assert_eq!(format!("{f:?}"), format!("{:?}", Value::from(ivy::finfo(Dtype::Float32)?)));
        let r = call("iinfo", &[Value::Array(i.clone())], &[])?;
        assert_eq!(format!("{r:?}"), format!("{:?}", Value::from(ivy::iinfo(Dtype::Int16)?)));
        let mixed = Value::List(vec![ax.clone(), Value::Array(i.clone()), Value::Dtype(Dtype::Float64)]);
        let r = call("result_type", &[mixed], &[])?;
        assert!(matches!(r, Value::Dtype(Dtype::Float64)), "{r:?}");
        // anything else is a typed argument error naming the op and the parameter
        let e = call("finfo", &[Value::from(1.5)], &[]).unwrap_err();
        assert!(matches!(e, Error::ArgumentKind { op: "finfo", .. }), "{e}");
        // with no backend set, an array decides where `can_cast` (primary) runs
        let (x2, i2) = (x.clone(), i.clone());
        let unset = std::thread::spawn(move || (ivy::can_cast(&x2, Dtype::Float64), ivy::can_cast(&i2, Dtype::Int8)))
            .join()
            .unwrap();
        assert!(unset.0? && !unset.1?);
    }

    /// `isdtype` takes several kinds (the standard's tuple: any matches), by name too.
    fn isdtype_takes_several_kinds(b) {
        use ivy::registry::call;
        use Dtype::*;
        assert!(ivy::isdtype(Int8, ["integral", "real floating"])?);
        assert!(ivy::isdtype(Float16, &["integral", "real floating"][..])?);
        assert!(!ivy::isdtype(Complex64, vec!["integral", "real floating"])?);
        assert!(ivy::isdtype(Bool, ["bool", "int8"])?);
        assert!(!ivy::isdtype(Int8, [] as [&str; 0])?);
        // an unknown kind is an error even after a match (numpy checks them all)
        assert!(matches!(
            ivy::isdtype(Int8, ["integral", "floating"]),
            Err(Error::InvalidArgument { op: "isdtype", .. })
        ));
        let kinds = Value::List(vec!["integral".into(), "real floating".into()]);
        let r = call("isdtype", &[Value::Dtype(Int8), kinds.clone()], &[])?;
        assert!(matches!(r, Value::Scalar(Scalar::Bool(true))));
        let r = call("isdtype", &[Value::Dtype(Complex128), kinds], &[])?;
        assert!(matches!(r, Value::Scalar(Scalar::Bool(false))));
        let r = call("isdtype", &[Value::Dtype(Uint8), "unsigned integer".into()], &[])?;
        assert!(matches!(r, Value::Scalar(Scalar::Bool(true))));
    }

    /// The 2023.12 `kind` may be a dtype, or a tuple mixing dtypes and kind names: a dtype
    /// matches exactly. Before: "argument `kind` must be a dtype kind or a list of them".
    fn isdtype_kinds_may_be_dtypes(b) {
        use ivy::registry::call;
        use Dtype::*;
        assert!(ivy::isdtype(Float32, Float32)?);
        assert!(!ivy::isdtype(Float32, Float64)?);
        assert!(ivy::isdtype(Int16, [Int8, Int16])?);
        assert!(!ivy::isdtype(Uint16, vec![Int8, Int16])?);
        let is = |d: Dtype, kind: Value| -> ivy::Result<bool> {
            match call("isdtype", &[Value::Dtype(d), kind], &[])? {
                Value::Scalar(Scalar::Bool(r)) => Ok(r),
                other => panic!("{other:?}"),
            }
        };
        assert!(is(Bool, Value::Dtype(Bool))?);
        assert!(!is(Int8, Value::Dtype(Uint8))?);
        let mixed = Value::List(vec![Value::Dtype(Float64), "signed integer".into()]);
        assert!(is(Float64, mixed.clone())?);
        assert!(is(Int64, mixed.clone())?);
        assert!(!is(Float32, mixed)?);
        // an unknown kind name among dtypes is still an error
        let bad = Value::List(vec![Value::Dtype(Int8), "floating".into()]);
        assert!(matches!(is(Int8, bad), Err(Error::InvalidArgument { op: "isdtype", .. })));
        assert!(is(Int8, Value::from(3)).is_err());
    }

    /// `{:?}` of an error names the dtypes of its sets, not a bitmask.
    fn error_debug_names_dtypes(b) {
        let e = ivy::with_backend(Backend::Candle, || ivy::as_ivy_dtype("uint16")).unwrap_err();
        let text = format!("{e:?}");
        assert!(text.contains("valid: {") && text.contains("bfloat16"), "{text}");
        assert!(!text.contains("DtypeSet("), "{text}");
        assert_eq!(
            format!("{:?}", DtypeSet::of(&[Dtype::Float16, Dtype::Bool])),
            "{float16, bool}"
        );
    }
}
