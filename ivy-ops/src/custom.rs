//! Custom array types: Ivy's `__ivy_array_function__` protocol.
//!
//! A type of your own becomes an argument of every ivy op by implementing
//! [`IvyArrayFunction`]. When an op receives one (in place of an array: `ivy::abs(&my)`,
//! `ivy::add(&x, &my)`, or a [`Value::Custom`] in a call by name), it does not run: it
//! collects the custom types among its arguments (each type once, in argument order), and
//! asks each in turn to handle the call ([`IvyArrayFunction::ivy_array_function`]) with the
//! op's identity, those types and the op's arguments as [`Value`]s (every positional
//! argument, and the keyword arguments: see [`ArrayFunctionCall::kwargs`]); a call by name
//! is checked as the op checks it (arity, keyword names, `out`) first. The first handler
//! that does not decline gives
//! the result; if every one declines, the op fails with [`Error::NoArrayFunction`] naming
//! the op and the types.
//!
//! Ops that update an array in place (`Array::set`, `add_assign`…, `inplace_update`) and
//! sequence arguments (`concat`'s) take custom arrays only in calls by name; typed, they
//! are a typed error.
//!
//! The typed functions (`ivy::abs`) return their declared type: a handler gives them an
//! array (`Value::Array`) where they return an `Array`. A call by name
//! ([`registry::call`](crate::registry::call)) returns whatever the handler gives, custom
//! arrays included. An `out` array given with custom arguments receives the handler's
//! result (`out` wins, as everywhere).
//!
//! [`HandledFunctions`] is the seed's `HANDLED_FUNCTIONS` dict with its `implements`
//! decorator: a table of per-op handlers that declines ops it lacks and calls involving
//! other custom types.
//!
//! ```
//! use ivy::custom::{ArrayFunctionCall, HandledFunctions, IvyArrayFunction};
//! use ivy::registry::Value;
//! use std::sync::LazyLock;
//!
//! /// The seed's `MyArray`: some data of its own.
//! #[derive(Clone, Debug)]
//! struct MyArray {
//!     data: f64,
//! }
//!
//! static HANDLED: LazyLock<HandledFunctions<MyArray>> = LazyLock::new(|| {
//!     HandledFunctions::new()
//!         // `implements(ivy.abs)`: the custom abs returns a MyArray
//!         .implements("abs", |call| {
//!             let me = call.arg::<MyArray>(0)?;
//!             Ok(Value::custom(MyArray { data: me.data.abs() }))
//!         })
//!         // an op returning an Array for the typed API
//!         .and_then(|h| h.implements("sqrt", |call| {
//!             let me = call.arg::<MyArray>(0)?;
//!             ivy::asarray(me.data.sqrt()).map(Value::Array)
//!         }))
//!         .expect("abs and sqrt are ops")
//! });
//!
//! impl IvyArrayFunction for MyArray {
//!     fn ivy_array_function(&self, call: &ArrayFunctionCall<'_>) -> Option<ivy::Result<Value>> {
//!         HANDLED.handle(call) // `None`: NotImplemented
//!     }
//! }
//!
//! ivy::set_backend(ivy::Backend::Ndarray);
//! let x = MyArray { data: -3.0 };
//! // by name: any value back, a MyArray here
//! let y = ivy::registry::call("abs", &[Value::custom(x.clone())], &[])?;
//! assert_eq!(y.downcast_ref::<MyArray>().unwrap().data, 3.0);
//! // the typed API: an Array back
//! assert_eq!(ivy::sqrt(&MyArray { data: 4.0 })?.to_f64_vec()?, [2.0]);
//! // `abs` through the typed API gives a MyArray, which is not an Array: a typed error
//! assert!(ivy::abs(&x).is_err());
//! // an op MyArray does not handle
//! let e = ivy::tan(&x).unwrap_err();
//! assert!(matches!(e, ivy::Error::NoArrayFunction { op: "tan", .. }));
//! assert!(e.to_string().contains("MyArray"));
//! # Ok::<(), ivy::Error>(())
//! ```

use crate::registry::{Kwargs, OpMeta, Value};
use crate::Array;
use ivy_core::{Error, Result};
use std::any::Any;
use std::collections::HashMap;
use std::fmt;
use std::marker::PhantomData;
use std::sync::Arc;

/// A custom array type: ivy ops handed one call [`ivy_array_function`] instead of running
/// (Ivy's `__ivy_array_function__`). See the [module docs](self).
///
/// ```compile_fail
/// // a type without the trait is not an argument of an op
/// struct Plain;
/// let _ = ivy::abs(&Plain);
/// ```
///
/// [`ivy_array_function`]: IvyArrayFunction::ivy_array_function
pub trait IvyArrayFunction: Any + fmt::Debug + Send + Sync {
    /// Handles `call`, returning its result, or declines it with `None` (Python's
    /// `NotImplemented`): the next custom type among the arguments is asked, and when every
    /// one declines the op fails with [`Error::NoArrayFunction`].
    fn ivy_array_function(&self, call: &ArrayFunctionCall<'_>) -> Option<Result<Value>>;
}

/// A value of a custom array type, shared: what [`Value::Custom`] holds and what a handler
/// reads back with [`downcast_ref`](CustomArray::downcast_ref). Ops take it (or `&` it) as
/// an array argument.
///
/// ```
/// use ivy::custom::{ArrayFunctionCall, CustomArray, IvyArrayFunction};
/// #[derive(Debug)]
/// struct Big(Vec<f64>); // not Clone: passed as a CustomArray handle
/// impl IvyArrayFunction for Big {
///     fn ivy_array_function(&self, call: &ArrayFunctionCall<'_>) -> Option<ivy::Result<ivy::registry::Value>> {
///         (call.op() == "sum").then(|| ivy::asarray(self.0.iter().sum::<f64>()).map(Into::into))
///     }
/// }
/// ivy::set_backend(ivy::Backend::Ndarray);
/// let big = CustomArray::new(Big(vec![1.0, 2.0, 3.0]));
/// assert_eq!(ivy::sum(&big)?.to_f64_vec()?, [6.0]);
/// assert_eq!(big.downcast_ref::<Big>().unwrap().0.len(), 3);
/// assert!(big.type_name().ends_with("Big"));
/// # Ok::<(), ivy::Error>(())
/// ```
#[derive(Clone)]
pub struct CustomArray {
    inner: Arc<dyn IvyArrayFunction>,
    type_name: &'static str,
}

impl CustomArray {
    /// Wraps a value of a custom array type.
    pub fn new<T: IvyArrayFunction>(value: T) -> CustomArray {
        CustomArray {
            inner: Arc::new(value),
            type_name: std::any::type_name::<T>(),
        }
    }
    /// The value's type, by name (`std::any::type_name`).
    pub fn type_name(&self) -> &'static str {
        self.type_name
    }
    /// The value, if it is a `T`.
    pub fn downcast_ref<T: IvyArrayFunction>(&self) -> Option<&T> {
        let any: &dyn Any = &*self.inner;
        any.downcast_ref::<T>()
    }
    /// Whether both handles hold the same value.
    pub fn ptr_eq(&self, other: &CustomArray) -> bool {
        Arc::ptr_eq(&self.inner, &other.inner)
    }
}

impl fmt::Debug for CustomArray {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.inner.fmt(f)
    }
}

/// One op call handed to the custom array types among its arguments: the op, those types,
/// and the arguments as values (the op's dynamic arguments, as
/// [`registry::call`](crate::registry::call) takes them).
#[derive(Debug)]
pub struct ArrayFunctionCall<'a> {
    meta: &'static OpMeta,
    types: &'a [&'static str],
    args: &'a [Value],
    kwargs: &'a Kwargs<'a>,
}

impl<'a> ArrayFunctionCall<'a> {
    /// The op's name (`"abs"`).
    pub fn op(&self) -> &'static str {
        self.meta.name
    }
    /// The op's metadata: its parameters, kind, category.
    pub fn meta(&self) -> &'static OpMeta {
        self.meta
    }
    /// The custom types among the arguments (each once, in argument order): Ivy's `types`.
    pub fn types(&self) -> &'a [&'static str] {
        self.types
    }
    /// The positional arguments, in the op's order.
    pub fn args(&self) -> &'a [Value] {
        self.args
    }
    /// The keyword arguments: every keyword parameter of the op with its value (the default
    /// where the caller gave none), in a typed call and a call by name alike.
    pub fn kwargs(&self) -> &'a Kwargs<'a> {
        self.kwargs
    }
    /// The keyword argument `name`, if given.
    pub fn kwarg(&self, name: &str) -> Option<&'a Value> {
        self.kwargs.iter().find(|(n, _)| *n == name).map(|(_, v)| v)
    }
    /// Positional argument `i` as the custom type `T`, or an error naming the op.
    pub fn arg<T: IvyArrayFunction>(&self, i: usize) -> Result<&'a T> {
        let got = self.args.get(i);
        got.and_then(Value::downcast_ref::<T>)
            .ok_or_else(|| Error::InvalidArgument {
                op: self.meta.name,
                message: format!(
                    "the custom handler expected argument {i} to be a {}, got {}",
                    std::any::type_name::<T>(),
                    got.map_or_else(|| "nothing".into(), Value::kind)
                ),
            })
    }
    /// Positional argument `i` as an array, or an error naming the op.
    pub fn array(&self, i: usize) -> Result<&'a Array> {
        let got = self.args.get(i);
        got.and_then(Value::as_array)
            .ok_or_else(|| Error::InvalidArgument {
                op: self.meta.name,
                message: format!(
                    "the custom handler expected argument {i} to be an array, got {}",
                    got.map_or_else(|| "nothing".into(), Value::kind)
                ),
            })
    }
}

type Handler = Box<dyn Fn(&ArrayFunctionCall<'_>) -> Result<Value> + Send + Sync>;

/// Per-op handlers of the custom type `T`: the seed's `HANDLED_FUNCTIONS` dict and its
/// `implements` decorator. [`handle`](HandledFunctions::handle) is what
/// [`IvyArrayFunction::ivy_array_function`] typically returns: it declines an op without a
/// handler, and a call whose custom types are not all `T` (the seed's `issubclass` check).
///
/// ```
/// use ivy::custom::HandledFunctions;
/// #[derive(Debug)]
/// struct Mine;
/// # impl ivy::custom::IvyArrayFunction for Mine {
/// #     fn ivy_array_function(&self, _: &ivy::custom::ArrayFunctionCall<'_>) -> Option<ivy::Result<ivy::registry::Value>> { None }
/// # }
/// let h = HandledFunctions::<Mine>::new().implements("abs", |c| Ok(c.args()[0].clone()))?;
/// assert!(h.handles("abs") && !h.handles("tan"));
/// // an op name that is not an op
/// assert!(matches!(h.implements("abss", |_| Ok(ivy::registry::Value::None)),
///                  Err(ivy::Error::UnknownOp { suggestion: Some("abs"), .. })));
/// # Ok::<(), ivy::Error>(())
/// ```
pub struct HandledFunctions<T> {
    handlers: HashMap<&'static str, Handler>,
    _type: PhantomData<fn() -> T>,
}

impl<T: IvyArrayFunction> Default for HandledFunctions<T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: IvyArrayFunction> HandledFunctions<T> {
    /// No handlers.
    pub fn new() -> Self {
        HandledFunctions {
            handlers: HashMap::new(),
            _type: PhantomData,
        }
    }
    /// Adds the handler of the op `op` (`implements(ivy.abs)`); an unknown op name is
    /// [`Error::UnknownOp`].
    pub fn implements(
        mut self,
        op: &str,
        handler: impl Fn(&ArrayFunctionCall<'_>) -> Result<Value> + Send + Sync + 'static,
    ) -> Result<Self> {
        let meta = crate::registry::meta(op)?;
        self.handlers.insert(meta.name, Box::new(handler));
        Ok(self)
    }
    /// Whether `op` has a handler.
    pub fn handles(&self, op: &str) -> bool {
        self.handlers.contains_key(op)
    }
    /// Runs the op's handler; `None` (declined) when it has none, or when a custom type
    /// other than `T` takes part in the call.
    pub fn handle(&self, call: &ArrayFunctionCall<'_>) -> Option<Result<Value>> {
        let own = std::any::type_name::<T>();
        if !call.types().iter().all(|t| *t == own) {
            return None;
        }
        self.handlers.get(call.op()).map(|h| h(call))
    }
}

impl<T> fmt::Debug for HandledFunctions<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut ops: Vec<&&str> = self.handlers.keys().collect();
        ops.sort();
        f.debug_struct("HandledFunctions")
            .field("type", &std::any::type_name::<T>())
            .field("ops", &ops)
            .finish()
    }
}

/// Whether a value holds a custom array, at any depth of a list or record.
fn holds_custom(v: &Value) -> bool {
    match v {
        Value::Custom(_) => true,
        Value::List(items) => items.iter().any(holds_custom),
        Value::Record(fields) => fields.iter().any(|(_, v)| holds_custom(v)),
        _ => false,
    }
}

/// Whether a call by name has custom array arguments.
pub(crate) fn in_call(args: &[Value], kwargs: &Kwargs<'_>) -> bool {
    args.iter().any(holds_custom) || kwargs.iter().any(|(_, v)| holds_custom(v))
}

fn collect<'v>(v: &'v Value, found: &mut Vec<&'v CustomArray>) {
    match v {
        Value::Custom(c) if !found.iter().any(|f| f.type_name == c.type_name) => found.push(c),
        Value::List(items) => items.iter().for_each(|x| collect(x, found)),
        Value::Record(fields) => fields.iter().for_each(|(_, x)| collect(x, found)),
        _ => {}
    }
}

/// Hands the call to the custom types among its arguments (each once, in order); the first
/// that does not decline gives the result.
pub(crate) fn dispatch(
    meta: &'static OpMeta,
    args: &[Value],
    kwargs: &Kwargs<'_>,
) -> Result<Value> {
    let mut found = Vec::new();
    args.iter().for_each(|v| collect(v, &mut found));
    kwargs.iter().for_each(|(_, v)| collect(v, &mut found));
    let types: Vec<&'static str> = found.iter().map(|c| c.type_name).collect();
    let call = ArrayFunctionCall {
        meta,
        types: &types,
        args,
        kwargs,
    };
    for c in &found {
        if let Some(r) = c.inner.ivy_array_function(&call) {
            return r;
        }
    }
    Err(Error::NoArrayFunction {
        op: meta.name,
        types: types.join(", "),
    })
}

fn wrong_result(meta: &'static OpMeta, v: &Value, expected: &str) -> Error {
    Error::InvalidArgument {
        op: meta.name,
        message: format!(
            "the custom array handler returned {}, and the typed `ivy::{}` returns {expected}: return that from the handler, or call the op by name (`ivy::registry::call`) to get any value back",
            v.kind(),
            meta.name
        ),
    }
}

/// The typed API's custom path: the handlers' value as the op's result type `R`.
#[doc(hidden)]
#[cold]
#[inline(never)]
pub fn run_typed<R: for<'v> crate::registry::FromValue<'v>>(
    meta: &'static OpMeta,
    args: Vec<Value>,
    kwargs: Vec<(&'static str, Value)>,
) -> Result<R> {
    let v = dispatch(meta, &args, &kwargs)?;
    R::from_value(&v).ok_or_else(|| wrong_result(meta, &v, R::EXPECTED))
}

/// The typed API's custom path of an op with `out`: the handlers' array, returned, or
/// written into `out` (`out` unchanged on error).
#[doc(hidden)]
#[cold]
#[inline(never)]
pub fn run_typed_out(
    meta: &'static OpMeta,
    args: Vec<Value>,
    kwargs: Vec<(&'static str, Value)>,
    out: Option<&mut Array>,
) -> Result<Option<Array>> {
    let v = dispatch(meta, &args, &kwargs)?;
    match out {
        None => v
            .as_array()
            .cloned()
            .map(Some)
            .ok_or_else(|| wrong_result(meta, &v, "an array")),
        Some(out) => write_into(meta, &v, out).map(|()| None),
    }
}

/// Writes the handlers' array `v` into `out` (its rules: same shape, `out`'s dtype kept;
/// unchanged on error); any other value is an error.
pub(crate) fn write_into(meta: &'static OpMeta, v: &Value, out: &mut Array) -> Result<()> {
    let a = v
        .as_array()
        .cloned()
        .ok_or_else(|| Error::InvalidArgument {
            op: meta.name,
            message: format!(
                "`out` was given, and the custom array handler returned {} rather than an array",
                v.kind()
            ),
        })?;
    crate::engine::out::write_out(meta.name, a, out)
}
