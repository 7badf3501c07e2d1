//! Custom array types (`ivy::IvyArrayFunction`, Ivy's `__ivy_array_function__`) on every
//! backend: the seed's `MyArray` / `HANDLED_FUNCTIONS` / `implements(ivy.abs)` example, ops
//! with several operands, keyword arguments and `out`, declining handlers, and every op of
//! the registry handing a custom argument to its handler (registry driven, no op names).

use ivy::custom::{ArrayFunctionCall, CustomArray, HandledFunctions, IvyArrayFunction};
use ivy::prelude::*;
use ivy::registry::Value;
use ivy::{Error, Result};
use ivy_tests::{fill, plan, test_backends, Plan, Small, Ty};
use std::sync::{Arc, LazyLock, Mutex};

/// The seed's `MyArray`: data of its own (here an ivy array, so its handlers can run ops).
#[derive(Clone, Debug)]
struct MyArray {
    data: Array,
}

/// The seed's `HANDLED_FUNCTIONS` with `implements(ivy.abs)` and two more.
static HANDLED: LazyLock<HandledFunctions<MyArray>> = LazyLock::new(|| {
    HandledFunctions::new()
        // `my_abs`: a MyArray back (by name), as the seed's handler keeps its class
        .implements("abs", |call| {
            let me = call.arg::<MyArray>(0)?;
            Ok(Value::custom(MyArray {
                data: ivy::abs(&me.data)?,
            }))
        })
        // several operands: a MyArray with an array or a scalar, either side; an Array back
        .and_then(|h| {
            h.implements("add", |call| {
                let side = |v: &Value| -> Result<Value> {
                    Ok(match v.downcast_ref::<MyArray>() {
                        Some(m) => Value::Array(m.data.clone()),
                        None => v.clone(),
                    })
                };
                let args = [side(&call.args()[0])?, side(&call.args()[1])?];
                ivy::registry::call("add", &args, &[])
            })
        })
        // keyword arguments arrive with their values (defaults included)
        .and_then(|h| {
            h.implements("sum", |call| {
                let me = call.arg::<MyArray>(0)?;
                let kw: Vec<(&str, Value)> = call.kwargs().to_vec();
                ivy::registry::call("sum", &[Value::Array(me.data.clone())], &kw)
            })
        })
        .expect("abs, add and sum are ops")
});

impl IvyArrayFunction for MyArray {
    fn ivy_array_function(&self, call: &ArrayFunctionCall<'_>) -> Option<Result<Value>> {
        HANDLED.handle(call)
    }
}

/// A type that declines everything (Python's `return NotImplemented`).
#[derive(Clone, Debug)]
struct Declines;
impl IvyArrayFunction for Declines {
    fn ivy_array_function(&self, _: &ArrayFunctionCall<'_>) -> Option<Result<Value>> {
        None
    }
}

/// Records every call it is handed and answers `spy:<op>`.
#[derive(Debug, Default)]
struct Spy {
    seen: Mutex<Vec<Seen>>,
}

/// One call a [`Spy`] was handed: the op, the custom types, how many positional arguments.
#[derive(Clone, Debug)]
struct Seen {
    op: String,
    types: Vec<String>,
    args: usize,
}
impl IvyArrayFunction for Spy {
    fn ivy_array_function(&self, call: &ArrayFunctionCall<'_>) -> Option<Result<Value>> {
        let types = call.types().iter().map(|t| t.to_string()).collect();
        self.seen.lock().unwrap().push(Seen {
            op: call.op().to_string(),
            types,
            args: call.args().len(),
        });
        Some(Ok(Value::Str(format!("spy:{}", call.op()))))
    }
}

/// The address of an ndarray float64 array's first element (`None` on candle).
fn nd_ptr(x: &Array) -> Option<*const f64> {
    match x.native() {
        ivy::NativeArray::Ndarray(ivy::backends::NdArray::Float64(a)) => Some(a.as_ptr()),
        _ => None,
    }
}

fn my(values: &[f32]) -> Result<MyArray> {
    Ok(MyArray {
        data: ivy::asarray(values.to_vec())?,
    })
}

test_backends! {
    fn seed_example_abs(b) {
        // `X = MyArray(-3); X = ivy.abs(X)`: by name the handler's MyArray comes back
        let x = my(&[-3.0, 2.0])?;
        let y = ivy::registry::call("abs", &[Value::custom(x.clone())], &[])?;
        let y = y.downcast_ref::<MyArray>().expect("a MyArray back");
        assert_eq!((y.data.to_vec::<f32>()?, y.data.backend()), (vec![3.0, 2.0], b));
        // the typed `ivy::abs` returns an Array: a MyArray result is a typed error saying so
        let e = ivy::abs(&x).unwrap_err();
        assert!(matches!(e, Error::InvalidArgument { op: "abs", .. }), "{e}");
        assert!(e.to_string().contains("MyArray") && e.to_string().contains("registry::call"), "{e}");
        // an op MyArray does not implement: the error names the op and the type
        let e = ivy::tan(&x).unwrap_err();
        assert!(matches!(&e, Error::NoArrayFunction { op: "tan", types } if types.ends_with("MyArray")), "{e}");
    }

    fn several_operands_and_scalars(b) {
        let x = my(&[1.0, 2.0])?;
        let a = ivy::asarray([10.0f32, 20.0])?;
        // custom on either side, with an Array or a scalar; the typed API returns the Array
        assert_eq!(ivy::add(&x, &a)?.to_vec::<f32>()?, [11.0, 22.0]);
        assert_eq!(ivy::add(&a, &x)?.to_vec::<f32>()?, [11.0, 22.0]);
        assert_eq!(ivy::add(&x, 1.0)?.to_vec::<f32>()?, [2.0, 3.0]);
        assert_eq!(ivy::add(&x, &x)?.to_vec::<f32>()?, [2.0, 4.0]);
        // natives mixed in are Arrays in the handler's values
        let nd = ndarray::ArrayD::from_shape_vec(ndarray::IxDyn(&[2]), vec![5.0f32, 6.0]).unwrap();
        if b == Backend::Ndarray {
            assert_eq!(ivy::add(&x, &nd)?.to_vec::<f32>()?, [6.0, 8.0]);
        }
    }

    fn keyword_arguments_and_out(b) {
        let x = MyArray { data: ivy::asarray([[1.0f32, 2.0], [3.0, 4.0]])? };
        let s = ivy::sum_with(&x, SumKw { axis: Some(vec![0]), keepdims: true, ..Default::default() })?;
        assert_eq!((s.shape(), s.to_vec::<f32>()?), (&[1usize, 2][..], vec![4.0, 6.0]));
        // `out` receives the handler's array, keeping its dtype; same buffer on ndarray
        let y = my(&[1.0, 2.0])?;
        let mut out = ivy::zeros_with([2], ZerosKw { dtype: Some(Dtype::Float64), device: None })?;
        let before = nd_ptr(&out);
        ivy::add_out(&y, 1.0, &mut out)?;
        assert_eq!((out.dtype(), out.to_vec::<f64>()?), (Dtype::Float64, vec![2.0, 3.0]));
        assert_eq!(nd_ptr(&out), before, "out written in place");
        // a failed custom call leaves `out` as it was: wrong shape, then a declined op
        let mut small = ivy::zeros([3])?;
        assert!(matches!(ivy::add_out(&y, 1.0, &mut small), Err(Error::Shape { .. })));
        assert!(matches!(ivy::tan_out(&y, &mut small), Err(Error::NoArrayFunction { .. })));
        assert_eq!(small.to_vec::<f32>()?, [0.0; 3]);
        // by name, `out` as a keyword
        let mut o2 = ivy::zeros([2])?;
        let r = ivy::registry::call("add", &[Value::custom(y.clone()), Value::from(1.0)], &[("out", Value::Array(o2.clone()))])?;
        assert_eq!(r.as_array().unwrap().to_vec::<f32>()?, [2.0, 3.0]);
        ivy::registry::dyn_entry("add").unwrap().call_out(&[Value::custom(y), Value::from(1.0)], &[], &mut o2)?;
        assert_eq!(o2.to_vec::<f32>()?, [2.0, 3.0]);
    }

    fn declining_and_order(b) {
        let x = my(&[1.0])?;
        // the first type declines, the next handles: MyArray answers `abs` (a MyArray back)
        let r = ivy::registry::call("add", &[Value::custom(Declines), Value::custom(x.clone())], &[]);
        // MyArray's table declines a call with another custom type (the seed's issubclass check)
        let e = r.unwrap_err();
        match &e {
            Error::NoArrayFunction { op: "add", types } => {
                assert!(types.contains("Declines") && types.contains("MyArray"), "{types}");
                assert!(types.find("Declines") < types.find("MyArray"), "argument order: {types}");
            }
            other => panic!("{other}"),
        }
        // the first type declines, the next one answers: its answer is the result
        let spy = CustomArray::new(Spy::default());
        let r = ivy::registry::call("add", &[Value::custom(Declines), Value::Custom(spy.clone())], &[])?;
        assert!(matches!(&r, Value::Str(s) if s == "spy:add"), "{r:?}");
        let seen = spy.downcast_ref::<Spy>().unwrap().seen.lock().unwrap().clone();
        assert_eq!(seen[0].types.len(), 2, "the handler sees both custom types");
        // and in the typed API: `Declines` is asked first, then `Spy`
        let e = ivy::tan(CustomArray::new(Declines)).unwrap_err();
        assert!(matches!(e, Error::NoArrayFunction { op: "tan", .. }), "{e}");
        // (Spy answers a string, which the typed `add` reports: proof that Spy was asked)
        let r = ivy::add(CustomArray::new(Declines), &spy);
        assert!(r.as_ref().is_err_and(|e| e.to_string().contains("returned a string")), "{r:?}");
        // a type seen twice is asked once, and `types` lists it once
        let spy = CustomArray::new(Spy::default());
        let r = ivy::registry::call("add", &[Value::Custom(spy.clone()), Value::Custom(spy.clone())], &[])?;
        assert!(matches!(&r, Value::Str(s) if s == "spy:add"));
        let seen = spy.downcast_ref::<Spy>().unwrap().seen.lock().unwrap().clone();
        assert_eq!(seen.len(), 1);
        assert_eq!(seen[0].types.len(), 1);
        // a custom type inside a list argument (a sequence of arrays) is found too
        let a = ivy::asarray([1.0f32])?;
        let r = ivy::registry::call("concat", &[Value::List(vec![Value::Array(a), Value::Custom(spy.clone())])], &[])?;
        assert!(matches!(&r, Value::Str(s) if s == "spy:concat"));
        // the typed API, with a handle of a non-Clone type
        let e = ivy::tan(&spy).unwrap_err();
        assert!(e.to_string().contains("spy:tan") || matches!(e, Error::InvalidArgument { op: "tan", .. }), "{e}");
    }
}

/// Every op callable by name hands a custom argument (in place of its first array or
/// operand) to the custom type, with its own name, all its arguments and every keyword;
/// and every op fails naming itself and the type when the type declines. Registry driven.
#[test]
fn every_op_hands_custom_arguments_to_the_handler() {
    ivy::with_backend(Backend::Ndarray, || -> Result<()> {
        let spy = CustomArray::new(Spy::default());
        let mut handled = 0;
        for entry in ivy::registry::ops() {
            let name = entry.meta.name;
            let Ok(Plan::Call(params)) = plan(entry) else {
                continue;
            };
            let mut args = fill(
                entry.meta,
                &params,
                &mut Small::new(Dtype::Float32, Device::Cpu),
            )?;
            // the first positional array-like argument becomes the custom value
            let Some(at) = params
                .iter()
                .filter(|p| !p.meta.keyword)
                .position(|p| matches!(p.ty, Ty::Array | Ty::ArrayMut | Ty::Operand))
            else {
                continue;
            };
            args.positional[at] = Value::Custom(spy.clone());
            let r = args.call(name)?;
            assert!(
                matches!(&r, Value::Str(s) if *s == format!("spy:{name}")),
                "{name}: {r:?}"
            );
            let seen = spy
                .downcast_ref::<Spy>()
                .unwrap()
                .seen
                .lock()
                .unwrap()
                .pop()
                .unwrap();
            assert_eq!(seen.op, name);
            assert_eq!(
                seen.args,
                args.positional.len(),
                "{name}: every positional argument"
            );
            args.positional[at] = Value::custom(Declines);
            match args.call(name) {
                Err(Error::NoArrayFunction { op, types }) => {
                    assert_eq!(op, name);
                    assert!(types.ends_with("Declines"), "{types}");
                }
                other => panic!("{name}: {other:?}"),
            }
            handled += 1;
        }
        assert!(handled > 80, "only {handled} ops take arrays?");
        Ok(())
    })
    .unwrap();
}

/// The typed API of ops of every shape hands custom arguments over too: one array, an
/// index, a tuple result, a list result, scalar bounds, two operands.
#[test]
fn typed_api_reaches_the_handler() {
    #[derive(Clone, Debug)]
    struct Echo(Arc<Mutex<Vec<String>>>);
    impl IvyArrayFunction for Echo {
        fn ivy_array_function(&self, call: &ArrayFunctionCall<'_>) -> Option<Result<Value>> {
            self.0.lock().unwrap().push(call.op().to_string());
            let a = ivy::asarray([1.0f32]);
            Some(match call.op() {
                "unique_inverse" => {
                    a.map(|a| Value::List(vec![Value::Array(a.clone()), Value::Array(a)]))
                }
                "unstack" => a.map(|a| Value::List(vec![Value::Array(a)])),
                _ => a.map(Value::Array),
            })
        }
    }
    ivy::with_backend(Backend::Candle, || -> Result<()> {
        let e = Echo(Arc::default());
        let x = ivy::asarray([1.0f32, 2.0])?;
        ivy::take(&x, &e)?; // the index argument
        ivy::take(&e, &x)?;
        let (u, i) = ivy::unique_inverse(&e)?;
        assert_eq!((u.shape(), i.shape()), (&[1usize][..], &[1usize][..]));
        assert_eq!(ivy::unstack(&e)?.len(), 1);
        ivy::clip(&e, 0.0, 1.0)?;
        ivy::matmul(&x, &e)?;
        assert_eq!(
            *e.0.lock().unwrap(),
            [
                "take",
                "take",
                "unique_inverse",
                "unstack",
                "clip",
                "matmul"
            ]
        );
        Ok(())
    })
    .unwrap();
}
