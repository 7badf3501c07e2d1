//! The engine's and the backends' internals, through their public paths: the family
//! drivers (`ivy::family`), the device checks (`ivy::engine::checks`), the size of a lent
//! ndarray argument, candle's casts and error messages. (These were ivy-ops' unit tests: in
//! the suite, ivy-ops is compiled once for the tests, not a second time for its own harness.)

use ivy::engine::checks::{many_devices, same_device};
use ivy::family::{compare, compare_operands, compare_out, info, predicate, predicate_out, Kernel};
use ivy::kernels::{Equal, Greater, GreaterEqual, Isinf, Less, LessEqual, NotEqual};
use ivy::prelude::AsarrayKw;
use ivy::{
    Array, Backend, BackendInfo, Data, Device, Dtype, DtypeSet, Error, NdarrayBackend as Nd,
    Operand, Result, Scalar,
};

#[test]
fn arrays_of_one_call_share_a_device() {
    let (cpu, g0, g1) = (Device::Cpu, Device::Cuda(0), Device::Cuda(1));
    assert!(same_device("add", &[], None).is_ok());
    assert!(same_device("add", &[cpu, cpu, cpu], Some(cpu)).is_ok());
    assert!(same_device("add", &[g1, g1], None).is_ok());
    assert_eq!(
        same_device("add", &[cpu, g0], None),
        Err(Error::DeviceMismatch {
            op: "add",
            a: cpu,
            b: g0
        })
    );
    // two GPUs are two devices; the first that differs is named
    assert_eq!(
        same_device("concat", &[g0, g0, g1, cpu], None),
        Err(Error::DeviceMismatch {
            op: "concat",
            a: g0,
            b: g1
        })
    );
    // `out` counts too
    let e = same_device("tan", &[g0], Some(cpu)).unwrap_err();
    assert!(e.to_string().contains("`tan`") && e.to_string().contains("to_device"));
}

#[test]
fn only_multi_device_backends_check() {
    assert!(!many_devices::<ivy::NdarrayBackend>());
    assert_eq!(many_devices::<ivy::CandleBackend>(), cfg!(feature = "cuda"));
}

/// An array of `data` (exact for any int64 or uint64) with `dtype` on `backend`.
fn arr_on(backend: Backend, data: impl Into<Data>, dtype: Dtype) -> Array {
    let kw = AsarrayKw {
        dtype: Some(dtype),
        device: None,
        copy: None,
    };
    ivy_core::with_backend(backend, || ivy::asarray_with(data.into(), kw)).expect("an array")
}

fn arr(data: impl Into<Data>, dtype: Dtype) -> Array {
    arr_on(Backend::Ndarray, data, dtype)
}

fn bools(a: &Array) -> Vec<bool> {
    assert_eq!(a.dtype(), Dtype::Bool);
    a.to_f64_vec()
        .expect("bools")
        .iter()
        .map(|&v| v != 0.0)
        .collect()
}

/// int64 against uint64, both orders, where float64 (Ivy's promotion) rounds.
#[test]
fn int64_and_uint64_compare_exactly() {
    let big = 1i64 << 53;
    let i = arr(vec![big + 1, -1, i64::MAX, 0, big], Dtype::Int64);
    let u = arr(
        vec![big as u64, u64::MAX, i64::MAX as u64 + 1, 0, big as u64 + 1],
        Dtype::Uint64,
    );
    let cmp = |f: fn(&Array, &Array) -> Result<Array>, a: &Array, b: &Array| {
        bools(&f(a, b).expect("compares"))
    };
    let (t, f) = (true, false);
    assert_eq!(cmp(compare::<Nd, Less>, &i, &u), [f, t, t, f, t]);
    assert_eq!(cmp(compare::<Nd, LessEqual>, &i, &u), [f, t, t, t, t]);
    assert_eq!(cmp(compare::<Nd, Greater>, &i, &u), [t, f, f, f, f]);
    assert_eq!(cmp(compare::<Nd, GreaterEqual>, &i, &u), [t, f, f, t, f]);
    assert_eq!(cmp(compare::<Nd, Equal>, &i, &u), [f, f, f, t, f]);
    assert_eq!(cmp(compare::<Nd, NotEqual>, &i, &u), [t, t, t, f, t]);
    // the other order
    assert_eq!(cmp(compare::<Nd, Less>, &u, &i), [t, f, f, f, f]);
    assert_eq!(cmp(compare::<Nd, Equal>, &u, &i), [f, f, f, t, f]);
    // narrower integers widen exactly (int8 against uint64, broadcast)
    let s = arr(vec![-1i64], Dtype::Int8);
    assert_eq!(cmp(compare::<Nd, Less>, &s, &u), [t, t, t, t, t]);
    // the public forms agree with the family (whatever the dispatcher promotes, the
    // values here are exact in float64)
    let small = arr(vec![3i64, -3], Dtype::Int64);
    let us = arr(vec![3u64, 4], Dtype::Uint64);
    assert_eq!(bools(&ivy::less_equal(&small, &us).unwrap()), [t, t]);
}

/// A comparison's operands: exact pairs stay as they are, everything else is promoted
/// as for any op.
#[test]
fn compare_operands_promote_except_where_values_change() {
    let b = Backend::Ndarray;
    let i = arr(vec![1i64, 2], Dtype::Int64);
    let u = arr(vec![1u64, 2], Dtype::Uint64);
    let u8s = arr(vec![255i64, 0], Dtype::Uint8);
    let f = arr(vec![1.0f64, 2.0], Dtype::Float32);
    let dtypes = |ops: [Operand<'_>; 2]| {
        let mut store = Default::default();
        compare_operands("less", b, ops, &mut store).map(|[x, y]| (x.dtype(), y.dtype()))
    };
    use Operand::{Array as A, Scalar as S};
    assert_eq!(dtypes([A(&i), A(&u)]), Ok((Dtype::Int64, Dtype::Uint64)));
    assert_eq!(dtypes([A(&u), A(&i)]), Ok((Dtype::Uint64, Dtype::Int64)));
    assert_eq!(dtypes([A(&i), A(&f)]), Ok((Dtype::Float64, Dtype::Float64)));
    assert_eq!(dtypes([A(&u8s), A(&i)]), Ok((Dtype::Int64, Dtype::Int64)));
    // scalars: in range, the array's dtype; outside it, int64
    assert_eq!(
        dtypes([A(&u8s), S(Scalar::Int(7))]),
        Ok((Dtype::Uint8, Dtype::Uint8))
    );
    assert_eq!(
        dtypes([A(&u8s), S(Scalar::Int(-1))]),
        Ok((Dtype::Uint8, Dtype::Int64))
    );
    assert_eq!(
        dtypes([S(Scalar::Int(256)), A(&u8s)]),
        Ok((Dtype::Int64, Dtype::Uint8))
    );
    assert_eq!(
        dtypes([A(&f), S(Scalar::Int(-1))]),
        Ok((Dtype::Float32, Dtype::Float32))
    );
    // shapes are checked before anything is kept
    let three = arr(vec![1u64, 2, 3], Dtype::Uint64);
    assert!(matches!(
        dtypes([A(&i), A(&three)]),
        Err(Error::Shape { op: "less", .. })
    ));
    // and the family compares what it keeps exactly
    let mut store = Default::default();
    let [x, y] = compare_operands("equal", b, [A(&u8s), S(Scalar::Int(-1))], &mut store).unwrap();
    assert_eq!(bools(&compare::<Nd, Equal>(x, y).unwrap()), [false, false]);
}

/// `out`: a bool `out` is written in place; another dtype keeps its dtype (the values
/// converted, as every `out`); a wrong shape is an error naming the op, `out` unchanged.
#[test]
fn out_forms() {
    let x = arr(vec![1.0f64, f64::INFINITY, f64::NAN], Dtype::Float32);
    let mut out = arr(vec![true, true, true], Dtype::Bool);
    predicate_out::<Nd, Isinf>(&x, &mut out).unwrap();
    assert_eq!(bools(&out), [false, true, false]);
    let mut f = arr(vec![7.0f64, 7.0, 7.0], Dtype::Float32);
    predicate_out::<Nd, Isinf>(&x, &mut f).unwrap();
    assert_eq!(f.dtype(), Dtype::Float32);
    assert_eq!(f.to_f64_vec().unwrap(), [0.0, 1.0, 0.0]);
    let y = arr(vec![2.0f64], Dtype::Float32);
    compare_out::<Nd, Less>(&x, &y, &mut out).unwrap();
    assert_eq!(bools(&out), [true, false, false]);
    let mut short = arr(vec![true], Dtype::Bool);
    let e = compare_out::<Nd, Less>(&x, &y, &mut short).unwrap_err();
    assert!(matches!(e, Error::Shape { op: "less", .. }), "{e:?}");
    assert_eq!(bools(&short), [true]);
}

/// Rows give exactly their classes: no integer-as-float for bool results. Candle
/// computes comparisons and predicates with its own kernels for every dtype it holds
/// (bools as u8 0s and 1s), the logical ones included; `signbit` on the host.
#[test]
fn support() {
    use ivy::kernels::{Isnan, LogicalAnd, Signbit};
    assert!(!Signbit::INT_AS_FLOAT && Signbit::SUPPORTED.contains(Dtype::Int32));
    assert!(Less::SUPPORTED.contains(Dtype::Uint64) && Less::SUPPORTED.contains(Dtype::Bool));
    assert!(Equal::SUPPORTED.contains(Dtype::Bool) && Equal::SUPPORTED.contains(Dtype::Complex64));
    assert_eq!(
        info::<Nd, Less>().unsupported,
        DtypeSet::VALID.difference(Less::SUPPORTED)
    );
    {
        use ivy::CandleBackend as Ca;
        const { assert!(Isinf::NATIVE_INTS && LogicalAnd::NATIVE_INTS && !Signbit::NATIVE_INTS) };
        assert_eq!(info::<Ca, Isinf>().host, DtypeSet::EMPTY);
        assert_eq!(info::<Ca, LogicalAnd>().host, DtypeSet::EMPTY);
        assert_eq!(
            info::<Ca, Signbit>().host,
            Signbit::SUPPORTED.difference(<Ca as BackendInfo>::INVALID)
        );
        let on_candle =
            |f: &dyn Fn() -> Result<Array>| ivy_core::with_backend(Backend::Candle, f).unwrap();
        let x = on_candle(&|| ivy::asarray(vec![1.0f32, f32::INFINITY, f32::NAN, -0.0]));
        let b = predicate::<Ca, Isinf>(&x).unwrap();
        assert_eq!(b.dtype(), Dtype::Bool);
        assert_eq!(bools(&b), [false, true, false, false]);
        let b = predicate::<Ca, Isnan>(&x).unwrap();
        assert_eq!(bools(&b), [false, false, true, false]);
        let y = on_candle(&|| ivy::asarray(vec![0.0f32, 2.0, 0.0, 0.0]));
        let b = compare::<Ca, LogicalAnd>(&x, &y).unwrap();
        assert_eq!(bools(&b), [false, true, false, false]); // NaN is true, -0.0 false
        let b = compare::<Ca, Less>(&y, &x).unwrap();
        assert_eq!(bools(&b), [true, true, false, false]);
    }
}

/// A lent Array is about as big as any other (one word more at most): every Array, and
/// every `Result<Array>`, is moved around by value, so its size is on the hot path.
#[test]
fn lending_does_not_grow_arrays() {
    use std::mem::size_of;
    let (lent, nd) = (
        size_of::<ivy::backends::ndarray::NdLent>(),
        size_of::<ivy::backends::ndarray::NdArray>(),
    );
    assert!(
        lent <= nd + size_of::<usize>(),
        "NdLent {lent} bytes, NdArray {nd}"
    );
}

/// Wide integers reach bfloat16 with one rounding on candle, as on ndarray and numpy
/// (candle's own cast goes through float32: two roundings). Values show the host cast is
/// taken where it must be; that narrower casts (int16, or int64 to float32) keep candle's own
/// cast is a speed choice no value shows, and is not checked here.
#[test]
fn wide_ints_reach_bfloat16_with_one_rounding_on_candle() {
    use half::bf16;
    use ivy::elem::Elem;
    let on_candle = |v: Data, dtype: Dtype, shape: &[i64]| {
        let x = arr_on(Backend::Candle, v, dtype);
        ivy_core::with_backend(Backend::Candle, || {
            let x = ivy::reshape(&x, shape)?;
            let r = ivy::astype(&x, Dtype::Bfloat16)?;
            assert_eq!(r.shape(), x.shape());
            Ok::<_, Error>(r)
        })
        .expect("candle casts to bfloat16")
    };
    let bf16s = |a: &Array| {
        assert_eq!((a.backend(), a.dtype()), (Backend::Candle, Dtype::Bfloat16));
        a.to_f64_vec().expect("values")
    };
    // 2^60 + 2^52 + 1 (numpy: 2^60 + 2^53), a tie broken by a bit beyond float32's 24,
    // and values below 2^24 (exact in float32 already)
    let big: i64 = (1 << 60) + (1 << 52) + 1;
    let i64s = vec![big, -big, 132_338_732_130, 16_777_217, -3, 0];
    let want: Vec<f64> = i64s.iter().map(|&v| bf16::cast_from(v).to_f64()).collect();
    let r = bf16s(&on_candle(i64s.clone().into(), Dtype::Int64, &[2, 3]));
    assert_eq!(r, want);
    assert_eq!(r[0], ((1u64 << 60) + (1 << 53)) as f64);
    // int32 and uint32: float32 rounds them first, then bfloat16 again
    let i32s: Vec<i64> = vec![(1 << 30) + (1 << 22) + 1, -((1 << 30) + (1 << 22) + 1), 7];
    let want: Vec<f64> = i32s.iter().map(|&v| bf16::cast_from(v).to_f64()).collect();
    let r = bf16s(&on_candle(i32s.clone().into(), Dtype::Int32, &[3]));
    assert_eq!(r, want);
    assert_eq!(r[0], f64::from((1 << 30) + (1 << 23)));
    let r = bf16s(&on_candle(vec![i32s[0], 7].into(), Dtype::Uint32, &[2]));
    assert_eq!(r, [want[0], want[2]]);
}

/// A candle error's message is one line naming the op, without candle's backtrace.
#[test]
fn candle_messages_drop_backtraces() {
    let inner = candle_core::Error::Msg("shape mismatch\nin add".into());
    let e = candle_core::Error::WithBacktrace {
        inner: Box::new(inner),
        backtrace: Box::new(std::backtrace::Backtrace::force_capture()),
    }
    .context("while adding");
    let m = ivy::backends::candle::err("add", e).to_string();
    assert_eq!(
        m,
        "`add` failed in backend candle: while adding: shape mismatch; in add"
    );
}

/// Mixed family ops named after rows (`#[mixed] #[family(unary)]`): the row on a backend
/// with `Kernels::MIXED_ROWS` (ndarray), the body elsewhere (candle); ndarray overrides
/// `softplus`'s method alone, which then serves `out` too.
#[ivy::category]
pub mod mixedrows {
    use ivy::{Array, Result};

    /// The logistic sigmoid: its row on ndarray.
    #[mixed]
    #[family(unary)]
    pub fn sigmoid(x: &Array, out: Option<&mut Array>) -> Result<Array> {
        ivy::sigmoid_into(x, out)
    }

    /// Softplus: ndarray's override (zeros, to tell it apart).
    #[mixed]
    #[family(unary)]
    pub fn softplus(x: &Array, out: Option<&mut Array>) -> Result<Array> {
        ivy::softplus_into(x, out)
    }
}

#[ivy::backend_impl]
impl mixedrows::MixedrowsBackend for Nd {
    fn softplus(x: &Array) -> Result<Array> {
        ivy::zeros_like(x)
    }
}

#[ivy::backend_impl]
impl mixedrows::MixedrowsBackend for ivy::CandleBackend {}

#[test]
fn mixed_family_ops_run_the_row_or_the_body_or_the_override() -> Result<()> {
    use mixedrows::MixedrowsBackend as M;
    // the support constants: the row's, the body's, the override's
    const {
        assert!(<Nd as M>::SIGMOID.native && <Nd as M>::SIGMOID.native_out);
        assert!(!<ivy::CandleBackend as M>::SIGMOID.native);
        assert!(<Nd as M>::SOFTPLUS.native && !<Nd as M>::SOFTPLUS.native_out);
    }
    for b in [Backend::Ndarray, Backend::Candle] {
        ivy::with_backend(b, || -> Result<()> {
            let x = arr_on(b, vec![-1.0, 0.5, 3.0], Dtype::Float32);
            assert_eq!(mixedrows::sigmoid(&x)?, ivy::sigmoid(&x)?, "{b:?}");
            let mut out = ivy::zeros_like(&x)?;
            mixedrows::sigmoid_out(&x, &mut out)?;
            assert_eq!(out, ivy::sigmoid(&x)?, "{b:?} out");
            // ndarray's override, through `out` as well; candle's body
            let want = match b {
                Backend::Ndarray => ivy::zeros_like(&x)?,
                _ => ivy::softplus(&x)?,
            };
            assert_eq!(mixedrows::softplus(&x)?, want, "{b:?}");
            let mut out = ivy::ones_like(&x)?;
            mixedrows::softplus_out(&x, &mut out)?;
            assert_eq!(out, want, "{b:?} out");
            Ok(())
        })?;
    }
    Ok(())
}
