//! Ivy's semantics that issue 6 found wrong: linked default dtypes, the range rules of
//! `default_dtype(item=…)`, nested `asarray`, and device strings. Scoped settings only (the
//! process-wide setters live in global_defaults.rs, alone in its binary).

use ivy::prelude::*;
use ivy::registry::{FromValue, Value};
use ivy::{Device, Error, Scalar};
use ivy_tests::test_backends;

test_backends! {
    fn ints_past_int64_are_exact_or_out_of_range(b) {
        // `Scalar::Int` is an i128: an int past int64 is uint64 data on its own, exact with
        // uint64 and float arrays, out of range for int64 (numpy 2), compared exactly
        let big = Scalar::Int(1 << 63);
        if b != Backend::Candle {
            // (candle holds no uint64)
            assert_eq!(ivy::asarray(big)?.dtype(), Dtype::Uint64);
            let u = ivy::asarray([1u64, 2])?;
            assert_eq!(ivy::add(&u, big)?.to_vec::<u64>()?, [(1 << 63) + 1, (1 << 63) + 2]);
            let max = Scalar::Int(u64::MAX.into());
            assert_eq!(ivy::equal(&u, max)?.to_vec::<bool>()?, [false, false]);
            let i = ivy::asarray([1i64, 2])?;
            assert_eq!(ivy::less(&i, big)?.to_vec::<bool>()?, [true, true]);
        }
        let i = ivy::asarray([1i64, 2])?;
        let e = ivy::add(&i, big).unwrap_err();
        assert!(e.to_string().contains("out of range"), "{e}");
        let f = ivy::asarray([1.0f64])?;
        assert_eq!(ivy::add(&f, big)?.to_f64_vec()?, [9223372036854775808.0]);
        // beyond uint64 too: an error, not a wrapped value or a panic
        let huge = Scalar::Int(1 << 100);
        assert!(ivy::asarray(huge).is_err());
        assert!(ivy::less(&i, huge).is_err());
        // scalars alone, or with a bool array, take uint64 past int64: beyond it, an error
        for s in [Scalar::Int(1 << 64), Scalar::Int(-(1 << 63) - 1)] {
            let e = ivy::add(s, 1).unwrap_err();
            assert!(e.to_string().contains("out of range"), "{e}");
            assert!(ivy::add(&ivy::asarray([true])?, s).is_err());
            assert!(ivy::equal(s, 0).is_err());
        }
        // a list mixing an array and such an int (the registry's, Python's, `asarray`)
        let list = Value::List(vec![Value::from(&i), Value::Scalar(Scalar::Int(1 << 64))]);
        let mixed = ivy::registry::call("asarray", &[list], &[]);
        assert!(mixed.is_err(), "{mixed:?}");
        let e = usize::read("zeros", "shape", &Value::Scalar(Scalar::Int(1 << 70))).unwrap_err();
        assert!(e.to_string().contains("out of range"), "{e}");
        let kw = |stop: i128, step: i128| ivy::ArangeKw {
            stop: Some(Scalar::Int(stop)),
            step: Scalar::Int(step),
            ..Default::default()
        };
        assert!(ivy::arange_with(Scalar::Int(i128::MIN), kw(i128::MAX, 1)).is_err());
        assert!(ivy::arange_with(Scalar::Int(i128::MAX), kw(i128::MIN, -1)).is_err());
        // an empty range of such ints: no element to hold (ndarray: of the uint64 the range
        // rules give them; candle holds no uint64)
        let empty = ivy::arange_with(Scalar::Int(i128::MIN), kw(i128::MIN + 1, -1));
        if b != Backend::Candle {
            assert_eq!(empty?.size(), 0);
        }
    }

    fn a_set_default_float_dtype_drives_creation(b) {
        // before: float32 on both backends, against the `zeros` doc and Ivy
        let z = ivy::with_default_float_dtype(Dtype::Float64, || ivy::zeros([2]))??;
        assert_eq!(z.dtype(), Dtype::Float64);
        let o = ivy::with_default_float_dtype(Dtype::Float16, || ivy::ones([1]))??;
        assert_eq!(o.dtype(), Dtype::Float16);
        let e = ivy::with_default_float_dtype(Dtype::Float64, || ivy::asarray(Vec::<f64>::new()))??;
        assert_eq!(e.dtype(), Dtype::Float64);
        // a set global default dtype wins over the float default
        let z = ivy::with_default_float_dtype(Dtype::Float64, || {
            ivy::with_default_dtype(Dtype::Int64, || ivy::zeros([1]))
        })???;
        assert_eq!(z.dtype(), Dtype::Int64);
        assert_eq!(ivy::zeros([1])?.dtype(), Dtype::Float32, "scopes end");
    }

    fn a_float_global_default_is_the_default_float_dtype(b) {
        // before: asarray of floats ignored a float global default
        let x = ivy::with_default_dtype(Dtype::Float64, || ivy::asarray([1.0, 2.0]))??;
        assert_eq!(x.dtype(), Dtype::Float64);
        let f = ivy::with_default_dtype(Dtype::Float64, || ivy::full([1], 0.5))??;
        assert_eq!(f.dtype(), Dtype::Float64);
        // an int global default is not a float default: floats stay float32, ints follow it
        let (x, i) = ivy::with_default_dtype(Dtype::Int64, || {
            (ivy::asarray([1.0, 2.0]), ivy::asarray([1i64, 2]))
        })?;
        assert_eq!((x?.dtype(), i?.dtype()), (Dtype::Float32, Dtype::Int64));
    }

    fn range_rules_decide_before_the_defaults(b) {
        // before: float32 (1e300 became inf) and int32 (1 << 40 wrapped) for lists; a
        // creation op's float scalar takes the default float dtype (the Array API's rule,
        // `tests/creation.rs`), its int scalar still widens
        assert_eq!(ivy::full([1], 1i64 << 40)?.dtype(), Dtype::Int64);
        let x = ivy::asarray([1.0, 1e300])?;
        assert_eq!((x.dtype(), x.to_f64_vec()?), (Dtype::Float64, vec![1.0, 1e300]));
        let x = ivy::asarray([[1.0, 2.0], [3.0, 1e300]])?;
        assert_eq!(x.dtype(), Dtype::Float64, "every leaf of a nested list counts");
        let i = ivy::asarray([1i64, 1 << 40])?;
        assert_eq!((i.dtype(), i.to_f64_vec()?), (Dtype::Int64, vec![1.0, (1u64 << 40) as f64]));
        let i = ivy::asarray(vec![vec![1i64, 2], vec![3, -(1 << 40)]])?;
        assert_eq!(i.dtype(), Dtype::Int64);
        assert_eq!(ivy::asarray([1.0f32, 2.0])?.dtype(), Dtype::Float32);
    }

    fn nested_asarray(b) {
        let m = ivy::asarray([[1.0f32, 2.0], [3.0, 4.0]])?;
        assert_eq!((m.shape(), m.dtype()), (&[2usize, 2][..], Dtype::Float32));
        assert_eq!(m.to_f64_vec()?, vec![1.0, 2.0, 3.0, 4.0]);
        let v = ivy::asarray(vec![vec![1i64, 2], vec![3, 4], vec![5, 6]])?;
        assert_eq!((v.shape(), v.to_f64_vec()?), (&[3usize, 2][..], vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0]));
        let deep = ivy::asarray(vec![[[1u8, 2], [3, 4]], [[5, 6], [7, 8]]])?;
        assert_eq!(deep.shape(), &[2, 2, 2]);
        assert_eq!(deep.to_f64_vec()?, (1..=8).map(f64::from).collect::<Vec<_>>());
        let rows: Vec<Vec<f64>> = vec![vec![0.5; 3]; 2];
        let s = ivy::asarray(&rows[..])?;
        assert_eq!(s.shape(), &[2, 3]);
        let slice: &[[i32; 2]] = &[[1, 2], [3, 4]];
        assert_eq!(ivy::asarray(slice)?.shape(), &[2, 2]);
        assert_eq!(ivy::asarray(&rows)?.shape(), &[2, 3]);
        // empty lists: the missing dimensions are 0
        let e = ivy::asarray(Vec::<Vec<f32>>::new())?;
        assert_eq!(e.shape(), &[0, 0]);
        let e = ivy::asarray(vec![Vec::<f32>::new(); 3])?;
        assert_eq!(e.shape(), &[3, 0]);
        // scalars are 0-d
        assert_eq!(ivy::asarray(2.5)?.shape(), &[] as &[usize]);
        // explicit dtype over nested data
        let kw = AsarrayKw { dtype: Some(Dtype::Int32), device: None, copy: None };
        let t = ivy::asarray_with([[1.7, -2.2]], kw)?;
        assert_eq!((t.shape(), t.to_f64_vec()?), (&[1usize, 2][..], vec![1.0, -2.0]));
    }

    fn rust_data_keeps_its_type(b) {
        // before: every float type gave float32 and every integer type int32 (`vec![1u8]`
        // was int32, `vec![1.0f32]` float64 under a float64 default)
        let valid = ivy::valid_dtypes();
        let typed: Vec<(ivy::Result<Array>, Dtype)> = vec![
            (ivy::asarray(vec![1u8, 2]), Dtype::Uint8),
            (ivy::asarray([[1u16]]), Dtype::Uint16),
            (ivy::asarray(3u32), Dtype::Uint32),
            (ivy::asarray(vec![1u64]), Dtype::Uint64),
            (ivy::asarray(vec![1usize]), Dtype::Uint64),
            (ivy::asarray(vec![-1i8]), Dtype::Int8),
            (ivy::asarray(vec![-1i16]), Dtype::Int16),
            (ivy::asarray(vec![-1i32]), Dtype::Int32),
            (ivy::asarray(vec![-1isize]), Dtype::Int64),
            (ivy::asarray(vec![half::f16::ONE]), Dtype::Float16),
            (ivy::asarray(vec![half::bf16::ONE]), Dtype::Bfloat16),
            (ivy::asarray(vec![num_complex::Complex::<f32>::new(1.0, 2.0)]), Dtype::Complex64),
        ];
        for (x, d) in typed {
            if valid.contains(d) {
                assert_eq!(x?.dtype(), d);
            } else {
                assert!(matches!(x, Err(Error::DtypeNotInBackend { .. })), "{d}: {x:?}");
            }
        }
        // the sized types ignore the default dtypes; Python's numbers follow them
        ivy::with_default_float_dtype(Dtype::Float64, || -> ivy::Result<()> {
            assert_eq!(ivy::asarray(vec![1.0f32])?.dtype(), Dtype::Float32);
            assert_eq!(ivy::asarray(vec![1.0f64])?.dtype(), Dtype::Float64);
            Ok(())
        })??;
        ivy::with_default_int_dtype(Dtype::Int64, || -> ivy::Result<()> {
            assert_eq!(ivy::asarray(vec![1i32])?.dtype(), Dtype::Int32);
            assert_eq!(ivy::asarray(vec![1i64])?.dtype(), Dtype::Int64);
            Ok(())
        })??;
        assert_eq!(ivy::asarray(vec![1.0, 2.0])?.dtype(), Dtype::Float32, "f64: a Python float");
        assert_eq!(ivy::asarray(vec![1i64])?.dtype(), Dtype::Int32, "i64: a Python int");
        assert_eq!(ivy::asarray([true])?.dtype(), Dtype::Bool);
        if valid.contains(Dtype::Complex64) {
            let c = ivy::asarray(vec![num_complex::Complex::<f64>::new(1.0, 2.0)])?;
            assert_eq!(c.dtype(), Dtype::Complex64, "Complex<f64>: a Python complex");
        }
        // an explicit dtype wins; the values are exact
        let kw = AsarrayKw { dtype: Some(Dtype::Float32), device: None, copy: None };
        let x = ivy::asarray_with(vec![200u8, 7], kw)?;
        assert_eq!((x.dtype(), x.to_f64_vec()?), (Dtype::Float32, vec![200.0, 7.0]));
        let x = ivy::asarray(vec![200u8, 7])?;
        assert_eq!(x.to_f64_vec()?, vec![200.0, 7.0]);
    }

    fn ragged_asarray_is_a_typed_error(b) {
        for (e, lens) in [
            (ivy::asarray(vec![vec![1.0, 2.0], vec![3.0]]), ("1", "2")),
            (ivy::asarray(vec![vec![vec![1], vec![2]], vec![vec![3], vec![4, 5]]]), ("2", "1")),
            (ivy::asarray(vec![vec![1u8], vec![]]), ("0", "1")),
        ] {
            match e {
                Err(Error::InvalidArgument { op: "asarray", message }) => {
                    assert!(message.contains("ragged"), "{message}");
                    assert!(message.contains(&format!("has {} elements", lens.0)), "{message}");
                    assert!(message.contains(&format!("has {} (depth", lens.1)), "{message}");
                }
                other => panic!("expected a ragged-input error, got {other:?}"),
            }
        }
        // the error names where: the second list of depth 1 against the first
        let e = ivy::asarray([vec![1, 2], vec![3]]).unwrap_err().to_string();
        assert!(e.contains("obj[1]") && e.contains("obj[0]"), "{e}");
    }

    fn unsigned_64_bit_values(b) {
        // `u64` / `usize` data is uint64 (a sized Rust type keeps its dtype)
        let kw = |d| AsarrayKw { dtype: Some(d), device: None, copy: None };
        let x = ivy::asarray_with(vec![1u64, 2], kw(Dtype::Int32))?;
        assert_eq!((x.dtype(), x.to_f64_vec()?), (Dtype::Int32, vec![1.0, 2.0]));
        let n = ivy::asarray_with([7usize, 8], kw(Dtype::Int64))?;
        assert_eq!(n.to_f64_vec()?, vec![7.0, 8.0]);
        let big = [[u64::MAX, 1]];
        if b == Backend::Ndarray {
            assert_eq!(ivy::asarray([7usize, 8])?.dtype(), Dtype::Uint64);
            assert_eq!(ivy::asarray(vec![1u64, 2])?.dtype(), Dtype::Uint64);
            // beyond int64: uint64, exactly
            let u = ivy::asarray(big)?;
            assert_eq!((u.dtype(), u.shape()), (Dtype::Uint64, &[1usize, 2][..]));
            let nd = ndarray::ArrayD::<u64>::try_from(u)?;
            assert_eq!(nd.iter().copied().collect::<Vec<_>>(), vec![u64::MAX, 1]);
        } else {
            // candle has no uint64
            assert!(matches!(ivy::asarray(big), Err(Error::DtypeNotInBackend { .. })));
        }
        // as floats, the value, not its bit pattern
        let kw = AsarrayKw { dtype: Some(Dtype::Float64), device: None, copy: None };
        let f = ivy::asarray_with(big, kw)?;
        assert_eq!(f.to_f64_vec()?, vec![u64::MAX as f64, 1.0]);
    }
}

#[test]
fn setters_reject_dtypes_of_another_kind() {
    // scoped and process-wide forms alike; the rejected call changes nothing
    let e = ivy::with_default_float_dtype(Dtype::Int8, || unreachable!()).unwrap_err();
    assert!(
        matches!(
            e,
            Error::InvalidArgument {
                op: "with_default_float_dtype",
                ..
            }
        ),
        "{e}"
    );
    assert!(matches!(
        ivy::set_default_float_dtype(Dtype::Int8),
        Err(Error::InvalidArgument {
            op: "set_default_float_dtype",
            ..
        })
    ));
    assert!(ivy::set_default_int_dtype(Dtype::Uint8).is_err());
    assert!(ivy::with_default_int_dtype(Dtype::Float32, || ()).is_err());
    assert!(ivy::set_default_uint_dtype(Dtype::Int64).is_err());
    assert!(ivy::with_default_complex_dtype(Dtype::Float64, || ()).is_err());
    assert_eq!(ivy::default_float_dtype(), Dtype::Float32);
    assert_eq!(ivy::default_int_dtype(), Dtype::Int32);
    // so a float kernel's "promote to the default float" can never reach an integer
    let r = ivy::with_backend(Backend::Candle, || {
        let i = ivy::asarray([1i64, 2])?;
        ivy::exp(&i)
    })
    .unwrap();
    assert_eq!(r.dtype(), Dtype::Float32);
}

#[test]
fn default_dtype_range_rules() {
    let d = |s: Scalar| ivy::default_dtype(None, Some(s.into())).unwrap();
    assert_eq!(d(Scalar::Float(1e300)), Dtype::Float64);
    assert_eq!(d(Scalar::Float(-3.5e38)), Dtype::Float64);
    assert_eq!(d(Scalar::Float(1e-300)), Dtype::Float64);
    assert_eq!(d(Scalar::Float(3.4e38)), Dtype::Float32);
    assert_eq!(d(Scalar::Float(0.0)), Dtype::Float32);
    assert_eq!(d(Scalar::Float(f64::INFINITY)), Dtype::Float32);
    assert_eq!(d(Scalar::Float(f64::NAN)), Dtype::Float32);
    assert_eq!(d(Scalar::Complex(1e300, 0.0)), Dtype::Complex128);
    // float64 even with another default float dtype set
    let f = ivy::with_default_float_dtype(Dtype::Bfloat16, || {
        (d(Scalar::Float(1e300)), d(Scalar::Float(1.0)))
    })
    .unwrap();
    assert_eq!(f, (Dtype::Float64, Dtype::Bfloat16));
    // the `input=` forms: a number or a list, judged by every value
    let fl = [Scalar::Float(1.0), Scalar::Float(1e300)];
    assert_eq!(ivy::default_float_dtype_for(&fl), Dtype::Float64);
    assert_eq!(ivy::default_float_dtype_for(&fl[..1]), Dtype::Float32);
    let il = [Scalar::Int(1), Scalar::Int(1 << 40)];
    assert_eq!(ivy::default_int_dtype_for(&il), Dtype::Int64);
    assert_eq!(ivy::default_int_dtype_for(&il[..1]), Dtype::Int32);
    assert_eq!(
        ivy::default_int_dtype_for(&[Scalar::Float(2e19)]),
        Dtype::Uint64
    );
    assert_eq!(ivy::default_dtype_for(&il), Dtype::Int64);
    assert_eq!(ivy::default_dtype_for(&[]), Dtype::Float32);
    // Data: all leaves, nested
    assert_eq!(
        ivy::Data::from([[1.0], [1e300]]).inferred_dtype(),
        Dtype::Float64
    );
    assert_eq!(
        ivy::Data::from(vec![vec![1i64], vec![1 << 40]]).inferred_dtype(),
        Dtype::Int64
    );
}

#[test]
fn device_strings_have_one_parser_and_one_limit() {
    // before: `gpu:18446744073709551615` was Cuda(usize::MAX)
    for s in [
        "gpu:18446744073709551615",
        "cuda:18446744073709551615",
        "gpu:65536",
        "cuda:65536",
        "gpu:+1",
        "cuda:+1",
        "gpu:",
        "cuda:",
        "gpu: 1",
        "cuda:1 ",
    ] {
        assert!(
            matches!(s.parse::<Device>(), Err(Error::UnknownDevice { .. })),
            "{s}"
        );
    }
    for (s, n) in [("gpu:65535", 65535), ("cuda:65535", 65535), ("gpu:0", 0)] {
        assert_eq!(s.parse::<Device>().unwrap(), Device::Cuda(n));
    }
    assert_eq!(Device::MAX_ORDINAL, 65535);
}
