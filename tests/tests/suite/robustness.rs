//! Issue 6, "no panic, no abort" and "errors are ivy's": sizes that cannot exist or cannot be
//! allocated, integer reductions that overflow, float → integer conversions, clip bounds,
//! shape errors before the backend, and support answers that match calls. Each test failed
//! before its fix (a panic inside ndarray, a process abort, a candle debug-build overflow
//! panic, different values on the two backends, or `Error::Backend`).

use ivy::prelude::*;
use ivy::{Error, Scalar};
use ivy_tests::{test_backends, typed};

/// Element counts no allocator grants: `1 << 40` (the sizes, far beyond RAM + swap,
/// which Linux's default overcommit heuristic refuses); where the kernel grants any size
/// (`vm.overcommit_memory = 1`), sizes beyond the 47-bit address space instead.
fn huge() -> usize {
    if ivy_tests::overcommit_always() {
        1 << 46
    } else {
        1 << 40
    }
}

fn is_invalid(r: ivy::Result<Array>) -> bool {
    matches!(r, Err(Error::InvalidArgument { .. }))
}
fn is_oom(r: ivy::Result<Array>) -> bool {
    matches!(r, Err(Error::OutOfMemory { .. }))
}

test_backends! {
    // ndarray panicked ("Shape too large"); candle accepted it: now one typed error on both.
    fn shapes_that_cannot_exist(b) {
        let huge = [0, usize::MAX];
        assert!(is_invalid(ivy::zeros(huge)));
        assert!(is_invalid(ivy::ones(huge)));
        assert!(is_invalid(ivy::full(huge, 1.0)));
        let x = ivy::asarray([1.0f32])?;
        assert!(is_invalid(ivy::broadcast_to(&x, huge)));
        assert!(is_invalid(ivy::zeros([1 << 62, 4])));
        // an empty shape whose elements could exist is fine, on both
        assert_eq!(ivy::zeros([0, 1 << 40])?.shape(), &[0, 1 << 40]);
        // an empty stack of huge matrices has nothing to mask (ndarray built the whole
        // triangle mask first: OutOfMemory where candle gave the empty result)
        let empty = ivy::zeros([0usize, 1 << 40, 2])?;
        assert_eq!(ivy::tril(&empty)?.shape(), &[0, 1 << 40, 2]);
        assert_eq!(ivy::triu(&empty)?.shape(), &[0, 1 << 40, 2]);
    }

    // These aborted the process ("memory allocation of N bytes failed").
    fn sizes_that_cannot_be_allocated(b) {
        let n = huge();
        let e = ivy::zeros([n]).unwrap_err();
        assert!(
            matches!(e, Error::OutOfMemory { op: "zeros", bytes } if bytes == 4 * n),
            "{e}"
        );
        assert!(e.to_string().contains(&format!("{} bytes", 4 * n)), "{e}");
        assert!(is_oom(ivy::full([n], 1.0)));
        assert!(is_oom(ivy::arange((n as i64) << 10)));
        let x = ivy::asarray([1.0f32])?;
        assert!(is_oom(ivy::broadcast_to(&x, [2 * n])));
        // broadcasting two small arrays into a huge result
        let side = if n == 1 << 40 { 1 << 20 } else { 1 << 23 };
        let col = ivy::zeros([side, 1])?;
        let row = ivy::zeros([1, side])?;
        assert!(is_oom(ivy::add(&col, &row)));
    }

    // candle's integer sum panicked on overflow in debug builds; both wrap now.
    fn integer_sums_wrap(b) {
        let x = typed(&[0.0], Dtype::Int64)?;
        let x = ivy::full_like(&x, i64::MAX)?;
        let x = ivy::broadcast_to(&x, [2])?;
        let s = ivy::sum(&x)?;
        assert_eq!(s.dtype(), Dtype::Int64);
        assert_eq!(ivy::astype(&s, Dtype::Float64)?.to_f64_vec()?, vec![-2.0]);
        // a float sum computed in int32: each value converts (saturating), then wraps
        let f = ivy::asarray([3.0e9f32, 3.0e9, 1.5])?;
        let kw = SumKw { dtype: Some(Dtype::Int32), ..Default::default() };
        let s = ivy::sum_with(&f, kw)?;
        assert_eq!(s.dtype(), Dtype::Int32);
        let want = (i32::MAX).wrapping_add(i32::MAX).wrapping_add(1);
        assert_eq!(s.to_f64_vec()?, vec![want as f64]);
    }

    // One rule for float → integer conversions: Rust's saturating `as`, NaN → 0.
    fn float_to_int_saturates(b) {
        let x = ivy::asarray([1e10, -1e10, f64::NAN, 3.7, -3.7])?;
        for (d, want) in [
            (Dtype::Int32, vec![i32::MAX as f64, i32::MIN as f64, 0.0, 3.0, -3.0]),
            (Dtype::Uint8, vec![255.0, 0.0, 0.0, 3.0, 0.0]),
            (Dtype::Int64, vec![1e10, -1e10, 0.0, 3.0, -3.0]),
        ] {
            assert_eq!(ivy::astype(&x, d)?.to_f64_vec()?, want, "{d}");
        }
    }

    // A NaN bound gave [-1, 1] on ndarray and [0, 1] on candle; now an error on both.
    fn clip_bounds(b) {
        let x = typed(&[-3.0, 0.0, 3.0], Dtype::Int32)?;
        for (lo, hi) in [(f64::NAN, 1.0), (-1.0, f64::NAN), (2.0, 1.0)] {
            let e = ivy::clip(&x, lo, hi).unwrap_err();
            assert!(matches!(e, Error::InvalidArgument { op: "clip", .. }), "{e}");
        }
        let c = ivy::clip(&x, -1.5, 2.5)?; // bounds converted to int32 first: -1, 2
        assert_eq!((c.dtype(), c.to_f64_vec()?), (Dtype::Int32, vec![-1.0, 0.0, 2.0]));
        let f = ivy::asarray([-3.0f32, f32::NAN, 0.25, 3.0])?;
        let c = ivy::clip(&f, -1.0, f64::INFINITY)?;
        assert_eq!(c.dtype(), Dtype::Float32);
        let v = c.to_f64_vec()?;
        assert_eq!((v[0], v[2], v[3]), (-1.0, 0.25, 3.0));
        assert!(v[1].is_nan());
    }

    // candle divide returned Error::Backend with candle's text; add returned Error::Shape.
    fn shape_errors_before_the_backend(b) {
        let x = ivy::zeros([2, 3])?;
        let y = ivy::zeros([4])?;
        for r in [
            ivy::add(&x, &y),
            ivy::subtract(&x, &y),
            ivy::multiply(&x, &y),
            ivy::divide(&x, &y),
            ivy::broadcast_to(&x, [3, 3]),
            ivy::broadcast_to(&x, [3]),
        ] {
            assert!(matches!(r, Err(Error::Shape { .. })), "{r:?}");
        }
        let kw = SumKw { axis: Some(vec![2]), ..Default::default() };
        assert!(matches!(ivy::sum_with(&x, kw), Err(Error::Axis { op: "sum", axis: 2, ndim: 2 })));
        // out keeps its data when the call fails
        let mut out = ivy::ones([2, 3])?;
        assert!(ivy::divide_out(&x, &y, &mut out).is_err());
        assert_eq!(out.to_f64_vec()?, vec![1.0; 6]);
    }

    // Full and axis reductions through the shared kernel, every layout.
    fn sums_by_axis(b) {
        let v: Vec<f64> = (0..24).map(f64::from).collect();
        let x = typed(&v, Dtype::Int32)?;
        let x = ivy::broadcast_to(&x, [24])?;
        let x3 = ivy::asarray(ivy::Data::from(v.clone()).reshape(&[2, 3, 4])?)?;
        let sum = |axis: Vec<i64>, keepdims| {
            ivy::sum_with(&x3, SumKw { axis: Some(axis), keepdims, dtype: None })
        };
        assert_eq!(ivy::sum(&x)?.to_f64_vec()?, vec![276.0]);
        assert_eq!(sum(vec![0, 2], false)?.to_f64_vec()?, vec![60.0, 92.0, 124.0]);
        assert_eq!(sum(vec![-1], true)?.shape(), &[2, 3, 1]);
        assert_eq!(sum(vec![1, 2], false)?.to_f64_vec()?, vec![66.0, 210.0]);
        assert_eq!(sum(vec![], false)?.to_f64_vec()?, v);
        let e = ivy::zeros([0, 3])?;
        assert_eq!(ivy::sum_with(&e, SumKw { axis: Some(vec![0]), ..Default::default() })?.to_f64_vec()?, vec![0.0; 3]);
    }
}

/// ndarray has no CUDA: support answers say so, and agree with what a call does.
#[test]
fn ndarray_support_is_cpu_only() {
    let tan = ivy::registry::op("tan").unwrap();
    let nd = ivy::registry::support(tan, Backend::Ndarray).unwrap();
    assert!(nd.devices.contains(Device::Cpu));
    assert!(!nd.devices.contains(Device::Cuda(0)));
    let kw = ZerosKw {
        dtype: None,
        device: Some(Device::Cuda(0)),
    };
    let r = ivy::with_backend(Backend::Ndarray, || ivy::zeros_with([2], kw));
    assert!(matches!(r, Err(Error::DeviceUnavailable { .. })));
    // candle has CUDA only when built with the `cuda` feature
    let c = ivy::registry::support(tan, Backend::Candle).unwrap();
    assert_eq!(c.devices.contains(Device::Cuda(0)), cfg!(feature = "cuda"));
}

/// A fill value decides nothing about allocation: a scalar fill of a valid shape works.
#[test]
fn scalar_fills() {
    let a = ivy::with_backend(Backend::Candle, || ivy::full([2], Scalar::Int(7))).unwrap();
    assert_eq!(a.to_f64_vec().unwrap(), vec![7.0, 7.0]);
}

/// Candle's CPU kernels iterate over at most 8 dimensions (a panic beyond): element-wise ops
/// and broadcasting on higher ranks still work, on every backend, through the dynamic table
/// (so every unary and binary family op is covered without a row here).
#[test]
fn ranks_above_eight_do_not_panic() {
    use ivy::registry::{call, ops, Value};
    let mut shape = vec![1usize; 12];
    shape[0] = 2;
    shape[11] = 3;
    let mut row = vec![1usize; 12];
    row[11] = 3;
    for b in [Backend::Ndarray, Backend::Candle] {
        ivy::with_backend(b, || {
            let kw = |d| OnesKw {
                dtype: Some(d),
                device: None,
            };
            for e in ops() {
                // the first of float32 and int64 (both held by both backends) the op supports
                let Some(d) = [Dtype::Float32, Dtype::Int64].into_iter().find(|&d| {
                    ivy::registry::support(e, b).is_some_and(|s| s.supported.contains(d))
                }) else {
                    continue;
                };
                let x = ivy::ones_with(&shape, kw(d)).unwrap();
                let r = ivy::ones_with(&row, kw(d)).unwrap();
                let args = match e.meta.family {
                    Some("unary" | "predicate") => vec![Value::from(&x)],
                    Some("binary" | "compare") => vec![Value::from(&x), Value::from(&r)],
                    _ => continue,
                };
                let y = call(e.meta.name, &args, &[])
                    .unwrap_or_else(|err| panic!("{b:?} {}: {err}", e.meta.name));
                assert_eq!(
                    y.as_array().unwrap().shape(),
                    &shape[..],
                    "{b:?} {}",
                    e.meta.name
                );
            }
            // `remainder` takes `modulus`, so it is no family op: both of its paths (the
            // composed `modulus = false` runs `where` and the logical ops on integers)
            for d in [Dtype::Float32, Dtype::Int64] {
                let (x, r) = (
                    ivy::ones_with(&shape, kw(d)).unwrap(),
                    ivy::ones_with(&row, kw(d)).unwrap(),
                );
                for modulus in [true, false] {
                    let kw = [("modulus", Value::from(modulus))];
                    let y = call("remainder", &[Value::from(&x), Value::from(&r)], &kw)
                        .unwrap_or_else(|err| panic!("{b:?} remainder {d}: {err}"));
                    assert_eq!(y.as_array().unwrap().shape(), &shape[..], "{b:?} {d}");
                }
            }
            let x = ivy::ones_with(&shape, kw(Dtype::Float32)).unwrap();
            let cond = ivy::ones_with(&row, kw(Dtype::Bool)).unwrap();
            let w = ivy::r#where(&cond, &x, 0.0).unwrap();
            assert_eq!(w.shape(), &shape[..]);
            let c = ivy::clip(&x, 0.0, 0.5).unwrap();
            assert_eq!(c.shape(), &shape[..]);
        });
    }
}

/// What `as_native_dtype` returns by name, `from_native_dtype` reads back by name.
#[test]
fn native_dtypes_round_trip_by_name() {
    use ivy::registry::{call, Value};
    for b in [Backend::Ndarray, Backend::Candle] {
        ivy::with_backend(b, || {
            let n = call("as_native_dtype", &[Value::from(Dtype::Float32)], &[]).unwrap();
            let d = call("from_native_dtype", &[n], &[]).unwrap();
            assert!(matches!(d, Value::Dtype(Dtype::Float32)), "{b:?}: {d:?}");
        });
    }
}
