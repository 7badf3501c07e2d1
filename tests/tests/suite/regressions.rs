//! Regressions found by a panic hunt over the Arrays and In-place Updates pages: each test
//! failed (or panicked) before its fix.

use ivy::custom::{ArrayFunctionCall, IvyArrayFunction};
use ivy::prelude::*;
use ivy::registry::{call, Value};
use ivy::{Error, Idx, Result};
use ivy_tests::test_backends;

/// Answers every call with an array `[1.0]`.
#[derive(Clone, Debug, Default)]
struct Answers;
impl IvyArrayFunction for Answers {
    fn ivy_array_function(&self, _: &ArrayFunctionCall<'_>) -> Option<Result<Value>> {
        Some(ivy::asarray([1.0f32]).map(Value::Array))
    }
}

fn f32s(v: &[f32]) -> Result<Array> {
    ivy::asarray(v.to_vec())
}

/// `Idx::stepped(a..i64::MIN, -1)` computed `i64::MIN - 1` (a debug-build panic, a wrong
/// selection in release): the range is empty.
#[test]
#[allow(clippy::reversed_empty_ranges)] // empty on purpose
fn a_backward_range_ending_at_i64_min_is_empty() {
    let _ = Idx::stepped(..i64::MIN, -1);
    for b in [Backend::Ndarray, Backend::Candle] {
        ivy::with_backend(b, || -> Result<()> {
            let x = ivy::arange(4.0)?;
            assert_eq!(x.get(&[Idx::stepped(0..i64::MIN, -1)])?.shape(), &[0]);
            assert_eq!(x.get(ivy::s![..i64::MIN;-1])?.shape(), &[0]);
            Ok(())
        })
        .unwrap();
    }
}

/// A candle `Var` updated with a value sharing its storage (itself, a clone) was candle's
/// raw "cannot set a variable to a tensor that is derived from its value".
#[test]
fn a_candle_var_updated_with_itself() -> Result<()> {
    ivy::with_backend(Backend::Candle, || {
        let var = candle_core::Var::new(&[1.0f32, 2.0], &candle_core::Device::Cpu).unwrap();
        let mut x = Array::from(var.clone());
        let same = x.clone();
        ivy::inplace_update(&mut x, &same)?;
        x.set(ivy::s![..], &same)?;
        let doubled = (&same * 2)?;
        ivy::inplace_update(&mut x, &doubled)?;
        assert_eq!(var.as_tensor().to_vec1::<f32>().unwrap(), [2.0, 4.0]);
        Ok(())
    })
}

/// `inplace_update_container` wrote a `Var` leaf, then refused a tensor leaf under
/// `ensure_in_backend` or the strict in-place mode: a failed call must change nothing.
#[test]
fn a_refused_container_update_changes_no_leaf() -> Result<()> {
    ivy::with_backend(Backend::Candle, || {
        let var = candle_core::Var::new(&[1.0f32, 2.0], &candle_core::Device::Cpu).unwrap();
        let mut c = ivy::container! { a: Array::from(var.clone()), b: f32s(&[1.0, 2.0])? };
        let kw = InplaceUpdateKw {
            ensure_in_backend: true,
            ..Default::default()
        };
        let r = ivy::inplace_update_container(&mut c, &f32s(&[5.0, 5.0])?, kw);
        assert!(matches!(r, Err(Error::InplaceNotInBackend { .. })), "{r:?}");
        let r = ivy::with_inplace_mode(ivy::InplaceMode::Strict, || {
            ivy::inplace_update_container(&mut c, 5.0, InplaceUpdateKw::default())
        });
        assert!(matches!(r, Err(Error::InplaceStrict { .. })), "{r:?}");
        assert_eq!(c.at("a")?.to_vec::<f32>()?, [1.0, 2.0]);
        assert_eq!(var.as_tensor().to_vec1::<f32>().unwrap(), [1.0, 2.0]);
        // all-Var Containers are written in place under strict mode
        let mut v = ivy::container! { a: Array::from(var.clone()) };
        ivy::with_inplace_mode(ivy::InplaceMode::Strict, || {
            ivy::inplace_update_container(&mut v, 5.0, InplaceUpdateKw::default())
        })?;
        assert_eq!(var.as_tensor().to_vec1::<f32>().unwrap(), [5.0, 5.0]);
        Ok(())
    })
}

/// A candle `Var` of a dtype ivy has no name for (f8…) claimed float32 and failed in
/// candle's own words; it is now a float32 copy to read, and a typed error to update.
#[test]
fn a_candle_var_of_an_exotic_dtype() -> Result<()> {
    use candle_core::{DType, Tensor, Var};
    ivy::with_backend(Backend::Candle, || {
        let t = Tensor::zeros((2,), DType::F8E4M3, &candle_core::Device::Cpu).unwrap();
        let mut v = Var::from_tensor(&t).unwrap();
        let x = Array::from(v.clone());
        assert_eq!(
            (x.dtype(), x.to_vec::<f32>()?),
            (Dtype::Float32, vec![0.0, 0.0])
        );
        assert_eq!(ivy::add(&v, 1.0)?.to_vec::<f32>()?, [1.0, 1.0]);
        let r = ivy::inplace_update(&mut v, &f32s(&[1.0, 2.0])?);
        assert!(
            matches!(
                r,
                Err(Error::InvalidArgument {
                    op: "inplace_update",
                    ..
                })
            ),
            "{r:?}"
        );
        Ok(())
    })
}

test_backends! {
    // A call by name with a custom argument skipped the op's own checks (arity, keyword
    // names, `out` only where there is an out form): handlers indexing their arguments
    // could panic.
    fn calls_by_name_with_customs_are_checked_as_the_op_checks_them(b) {
        let x = f32s(&[1.0, 2.0])?;
        let r = call("add", &[Value::custom(Answers)], &[]);
        assert!(matches!(r, Err(Error::Arity { .. })), "{r:?}");
        let r = call("add", &[Value::custom(Answers), Value::from(1)], &[("bogus", Value::from(1))]);
        assert!(matches!(r, Err(Error::UnknownKeyword { .. })), "{r:?}");
        let r = call("get_item", &[Value::custom(Answers), Value::from(0)], &[("out", Value::from(&x))]);
        assert!(matches!(r, Err(Error::UnknownKeyword { .. })), "{r:?}");
        let mut out = f32s(&[0.0])?;
        let e = ivy::registry::dyn_entry("get_item").unwrap();
        let r = e.call_out(&[Value::custom(Answers), Value::from(0)], &[], &mut out);
        assert!(matches!(r, Err(Error::UnknownKeyword { .. })), "{r:?}");
        // a handler sees the same keywords typed and by name (the defaults filled in)
        #[derive(Clone, Debug)]
        struct Keywords(std::sync::Arc<std::sync::Mutex<Vec<Vec<String>>>>);
        impl IvyArrayFunction for Keywords {
            fn ivy_array_function(&self, call: &ArrayFunctionCall<'_>) -> Option<Result<Value>> {
                let kw = call.kwargs().iter().map(|(n, v)| format!("{n}={v:?}")).collect();
                self.0.lock().unwrap().push(kw);
                Some(ivy::asarray([1.0f32]).map(Value::Array))
            }
        }
        let k = Keywords(Default::default());
        ivy::sum_with(&k, SumKw { keepdims: true, ..Default::default() })?;
        call("sum", &[Value::custom(k.clone())], &[("keepdims", Value::from(true))])?;
        let seen = k.0.lock().unwrap().clone();
        assert_eq!(seen[0], seen[1]);
        assert_eq!(seen[0].len(), 3, "{seen:?}"); // axis, keepdims, dtype
        // the valid calls still reach the handler
        call("add", &[Value::custom(Answers), Value::from(1)], &[])?;
        call("sum", &[Value::custom(Answers)], &[("keepdims", Value::from(true))])?;
    }

    // An int scalar out of an integer array's range wrapped into it (`uint8 + 300` added
    // 44, `uint8 % -3` was positive); numpy 2 and torch refuse it, and so does ivy-rs now,
    // for the op, its operator and its compound assignment alike.
    fn an_int_scalar_out_of_the_dtype_range_is_an_error(b) {
        let u = ivy::asarray([1, 200])?.cast(Dtype::Uint8)?;
        for r in [ivy::add(&u, 300), ivy::remainder(&u, -3), &u + 300, &u << -1i64] {
            let e = r.unwrap_err();
            assert!(matches!(e, Error::InvalidArgument { .. }) && e.to_string().contains("out of range"), "{e}");
        }
        let mut v = u.clone();
        assert!(v.add_assign(-1).is_err());
        assert!(v.set(ivy::s![0], 300).is_err()); // numpy 2: x[0] = 300 is an OverflowError
        assert_eq!(v.to_vec::<u8>()?, [1, 200]);
        v.set(ivy::s![0], 255)?;
        assert_eq!(v.to_vec::<u8>()?, [255, 200]);
        // in range, either sign where the dtype holds it
        assert_eq!(ivy::add(&u, 55)?.to_vec::<u8>()?, [56, 255]);
        let i = ivy::asarray([1, -2])?; // int32
        assert_eq!(ivy::add(&i, i32::MIN as i64)?.to_vec::<i32>()?, [i32::MIN + 1, i32::MAX - 1]);
        assert!(ivy::add(&i, i32::MAX as i64 + 1).is_err());
        // a float array takes any int; an int array with a float scalar promotes (Ivy's rule)
        assert_eq!(ivy::add(&ivy::asarray([0.5f32])?, 1i64 << 40)?.dtype(), Dtype::Float32);
    }

    // Ops updating an array in place take no custom value, and say so (the message
    // claimed the handler was called).
    fn in_place_ops_refuse_custom_values_plainly(b) {
        let mut x = f32s(&[1.0, 2.0])?;
        let errs = [
            ivy::inplace_update(&mut x, &Answers).unwrap_err(),
            x.set(ivy::s![0], &Answers).unwrap_err(),
            x.mul_assign(&Answers).unwrap_err(),
        ];
        for e in errs {
            assert!(e.to_string().contains("takes no custom arrays"), "{e}");
        }
        assert_eq!(x.to_vec::<f32>()?, [1.0, 2.0]);
    }
}
