//! Dynamic values: the arguments and results of a call by name
//! ([`registry::call`](crate::registry::call)), Python Ivy's "every function reachable by
//! name". The category macro emits, for every op, a function that reads its arguments from
//! [`Value`]s ([`FromValue`]) and returns its result as one ([`IntoValue`]).

use crate::{Array, Container, Data, Operand};
use ivy_core::{
    ArgType, Backend, Device, Dtype, DtypeSet, Error, ParamKind, ParamMeta, Result, Scalar,
};

/// One dynamic argument or result.
///
/// ```
/// use ivy::registry::{call, Value};
/// let x = ivy::with_backend(ivy::Backend::Ndarray, || ivy::asarray(vec![1.0f32, 2.0]))?;
/// let y = call("add", &[Value::from(&x), Value::from(2.0)], &[])?;
/// assert_eq!(y.as_array().unwrap(), &(&x + 2.0)?);
/// # Ok::<(), ivy::Error>(())
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum Value {
    /// Nothing (`None` of an optional argument; the result of an op returning `()`).
    None,
    /// A scalar: bool, int, float or complex.
    Scalar(Scalar),
    /// An array.
    Array(Array),
    /// A Container of arrays.
    Container(Container),
    /// A dtype.
    Dtype(Dtype),
    /// A device.
    Device(Device),
    /// A backend.
    Backend(Backend),
    /// Text.
    Str(String),
    /// A sequence (a shape, axes, several arrays, nested values for `asarray`, a tuple).
    List(Vec<Value>),
    /// Named fields (`finfo`'s result).
    Record(Vec<(&'static str, Value)>),
    /// A value of a custom array type ([`IvyArrayFunction`](crate::custom::IvyArrayFunction)):
    /// an op given one hands the call to its type (see [`crate::custom`]).
    Custom(crate::custom::CustomArray),
}

/// The most lists a value may nest (numpy's limit of dimensions, `NPY_MAXDIMS`; the CLI's
/// and the Python binding's too): a call by name refuses deeper values before anything reads
/// them recursively, so a deep nesting is an error, not a stack overflow.
pub const MAX_NESTING: usize = 64;

impl Value {
    /// Whether lists nest more than `limit` deep in this value, found without recursion.
    ///
    /// ```
    /// use ivy::registry::Value;
    /// let mut v = Value::from(1.0);
    /// for _ in 0..3 {
    ///     v = Value::List(vec![Value::from(0.0), v]);
    /// }
    /// assert!(v.nests_deeper_than(2) && !v.nests_deeper_than(3));
    /// ```
    pub fn nests_deeper_than(&self, limit: usize) -> bool {
        // a list of no lists (a shape, axes, a row of values): no stack to allocate, as
        // every call by name asks this of its list arguments
        let Value::List(items) = self else {
            return false;
        };
        if limit > 0 && !items.iter().any(|i| matches!(i, Value::List(_))) {
            return false;
        }
        let mut stack: Vec<(&Value, usize)> = vec![(self, 0)];
        while let Some((v, depth)) = stack.pop() {
            if let Value::List(items) = v {
                if depth == limit {
                    return true;
                }
                stack.extend(items.iter().map(|i| (i, depth + 1)));
            }
        }
        false
    }

    /// A Container, or a list holding one (a sequence argument): what makes a call by name
    /// of a nestable op run its nested form.
    ///
    /// ```
    /// use ivy::registry::Value;
    /// let c = Value::Container(ivy::Container::new());
    /// assert!(c.holds_container() && Value::List(vec![c]).holds_container());
    /// assert!(!Value::from(1.0).holds_container());
    /// ```
    pub fn holds_container(&self) -> bool {
        match self {
            Value::Container(_) => true,
            Value::List(items) => items.iter().any(|i| matches!(i, Value::Container(_))),
            _ => false,
        }
    }

    /// The first leaf of a (nested) list that is neither a list, a scalar nor an array.
    fn odd_leaf(&self) -> Option<&Value> {
        match self {
            Value::List(items) => items.iter().find_map(Value::odd_leaf),
            Value::Scalar(_) | Value::Array(_) => None,
            other => Some(other),
        }
    }

    /// What kind of value this is, in words (for error messages).
    pub fn kind(&self) -> String {
        match self {
            Value::None => "None".into(),
            Value::Scalar(Scalar::Bool(_)) => "a bool".into(),
            Value::Scalar(Scalar::Int(_)) => "an int".into(),
            Value::Scalar(Scalar::Float(_)) => "a float".into(),
            Value::Scalar(Scalar::Complex(..)) => "a complex".into(),
            Value::Array(a) => format!("an array ({} {:?})", a.dtype(), a.shape()),
            Value::Container(_) => "a Container".into(),
            Value::Dtype(_) => "a dtype".into(),
            Value::Device(_) => "a device".into(),
            Value::Backend(_) => "a backend".into(),
            Value::Str(_) => "a string".into(),
            // with the first leaf that is no number or array: what usually went wrong
            Value::List(v) => match v.iter().find_map(Value::odd_leaf) {
                Some(odd) => format!("a list of {} holding {}", v.len(), odd.kind()),
                None => format!("a list of {}", v.len()),
            },
            Value::Record(_) => "a record".into(),
            Value::Custom(c) => format!("a custom array ({})", c.type_name()),
        }
    }
    /// A value of a custom array type.
    ///
    /// ```
    /// # use ivy::custom::{ArrayFunctionCall, IvyArrayFunction};
    /// # use ivy::registry::Value;
    /// #[derive(Debug)]
    /// struct Mine(i32);
    /// impl IvyArrayFunction for Mine {
    ///     fn ivy_array_function(&self, _: &ArrayFunctionCall<'_>) -> Option<ivy::Result<Value>> { None }
    /// }
    /// let v = Value::custom(Mine(7));
    /// assert_eq!(v.downcast_ref::<Mine>().unwrap().0, 7);
    /// assert!(v.kind().contains("Mine") && v.as_custom().is_some());
    /// ```
    pub fn custom<T: crate::custom::IvyArrayFunction>(value: T) -> Value {
        Value::Custom(crate::custom::CustomArray::new(value))
    }
    /// The custom array, if this is one.
    pub fn as_custom(&self) -> Option<&crate::custom::CustomArray> {
        match self {
            Value::Custom(c) => Some(c),
            _ => None,
        }
    }
    /// The custom array as a `T`, if it is one.
    pub fn downcast_ref<T: crate::custom::IvyArrayFunction>(&self) -> Option<&T> {
        self.as_custom().and_then(|c| c.downcast_ref::<T>())
    }
    /// The array, if this is one.
    pub fn as_array(&self) -> Option<&Array> {
        match self {
            Value::Array(a) => Some(a),
            _ => None,
        }
    }
    /// The arrays of this value, depth first: one for an array, each leaf of a Container,
    /// each array of a list or record.
    pub fn arrays(&self) -> Vec<&Array> {
        let mut v = Vec::new();
        self.collect_arrays(&mut v);
        v
    }
    fn collect_arrays<'a>(&'a self, v: &mut Vec<&'a Array>) {
        match self {
            Value::Array(a) => v.push(a),
            Value::Container(c) => v.extend(c.leaves().map(|(_, a)| a)),
            Value::List(l) => l.iter().for_each(|x| x.collect_arrays(v)),
            Value::Record(r) => r.iter().for_each(|(_, x)| x.collect_arrays(v)),
            _ => {}
        }
    }
}

impl From<&Array> for Value {
    fn from(a: &Array) -> Value {
        Value::Array(a.clone())
    }
}
impl From<&Container> for Value {
    fn from(c: &Container) -> Value {
        Value::Container(c.clone())
    }
}
impl From<&str> for Value {
    fn from(s: &str) -> Value {
        Value::Str(s.to_string())
    }
}
impl<T: Into<Value>> From<Option<T>> for Value {
    fn from(v: Option<T>) -> Value {
        v.map_or(Value::None, Into::into)
    }
}
impl<T: Into<Value>> From<Vec<T>> for Value {
    fn from(v: Vec<T>) -> Value {
        Value::List(v.into_iter().map(Into::into).collect())
    }
}
impl From<&[i64]> for Value {
    fn from(v: &[i64]) -> Value {
        Value::List(
            v.iter()
                .map(|&i| Value::Scalar(Scalar::Int(i.into())))
                .collect(),
        )
    }
}
impl From<&[&Array]> for Value {
    fn from(v: &[&Array]) -> Value {
        Value::List(v.iter().map(|&a| Value::from(a)).collect())
    }
}
impl From<crate::custom::CustomArray> for Value {
    fn from(c: crate::custom::CustomArray) -> Value {
        Value::Custom(c)
    }
}
impl From<&crate::custom::CustomArray> for Value {
    fn from(c: &crate::custom::CustomArray) -> Value {
        Value::Custom(c.clone())
    }
}
/// `asarray`'s data: its array, else a scalar or nested lists of scalars (as the `Data`
/// reader takes them back).
impl From<Data> for Value {
    fn from(d: Data) -> Value {
        fn nest(values: &mut std::slice::Iter<'_, Scalar>, shape: &[usize]) -> Value {
            match shape.split_first() {
                None => values.next().map_or(Value::None, |&s| Value::Scalar(s)),
                Some((&n, rest)) => Value::List((0..n).map(|_| nest(values, rest)).collect()),
            }
        }
        if let Some(a) = d.array() {
            return Value::Array(a.clone());
        }
        nest(&mut d.values.iter(), &d.shape)
    }
}
impl From<&[usize]> for Value {
    fn from(v: &[usize]) -> Value {
        Value::List(v.iter().map(|&i| Value::from(i)).collect())
    }
}
macro_rules! value_from {
    ($($t:ty => |$v:ident| $e:expr),* $(,)?) => {$(
        impl From<$t> for Value {
            fn from($v: $t) -> Value { $e }
        }
    )*};
}
value_from!(
    Array => |a| Value::Array(a),
    Container => |c| Value::Container(c),
    Scalar => |s| Value::Scalar(s),
    bool => |b| Value::Scalar(Scalar::Bool(b)),
    i64 => |i| Value::Scalar(Scalar::Int(i.into())),
    i32 => |i| Value::Scalar(Scalar::Int(i.into())),
    usize => |i| Value::Scalar(Scalar::Int(i as i128)),
    f64 => |f| Value::Scalar(Scalar::Float(f)),
    f32 => |f| Value::Scalar(Scalar::Float(f as f64)),
    Dtype => |d| Value::Dtype(d),
    Device => |d| Value::Device(d),
    Backend => |b| Value::Backend(b),
    String => |s| Value::Str(s),
);

/// Reads a typed argument from a [`Value`] (what the generated dynamic entries call).
pub trait FromValue<'v>: Sized {
    /// What the parameter takes, in words (`"an array"`).
    const EXPECTED: &'static str;
    /// Whether [`read`](Self::read) says more than [`EXPECTED`](Self::EXPECTED) (it is
    /// overridden): then a list of these reports the item's own error, a single value given
    /// for the list included.
    ///
    /// ```
    /// use ivy::registry::{FromValue, Value};
    /// use ivy::Idx;
    /// assert!(<Idx as FromValue>::EXPLAINS && !<f64 as FromValue>::EXPLAINS);
    /// // an index item says what is wrong with it, inside a list or alone
    /// let query = Value::from(vec![Value::from(0), "1:x".into()]);
    /// let e = Vec::<Idx>::read("get_item", "query", &query).unwrap_err();
    /// assert!(e.to_string().contains("`x` is not an integer"), "{e}");
    /// let e = Vec::<Idx>::read("get_item", "query", &Value::from(1.5)).unwrap_err();
    /// assert!(e.to_string().contains("got a float"), "{e}");
    /// ```
    const EXPLAINS: bool = false;
    /// Whether one value given for a list of these is a list of one (`axis=0` as
    /// `axis=[0]`). Not for arrays: one array given for a sequence of arrays (`concat(x)`)
    /// is refused, since numpy would iterate its first axis and the standard asks for a
    /// tuple or list.
    ///
    /// ```
    /// use ivy::registry::{FromValue, Value};
    /// use ivy::{Array, Backend};
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = Value::Array(ivy::asarray(vec![1.0f32, 2.0])?);
    /// assert!(Vec::<Array>::from_value(&x).is_none());
    /// assert_eq!(Vec::<i64>::from_value(&Value::from(0)), Some(vec![0]));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    const ONE_IS_A_LIST: bool = true;
    /// The typed argument, or `None` when `v` is of another kind.
    fn from_value(v: &'v Value) -> Option<Self>;
    /// The typed argument, or [`Error::ArgumentKind`] naming the op and the parameter.
    fn read(op: &'static str, param: &'static str, v: &'v Value) -> Result<Self> {
        Self::from_value(v).ok_or_else(|| Error::ArgumentKind {
            op,
            param,
            expected: Self::EXPECTED,
            got: v.kind(),
        })
    }
}

impl<'v> FromValue<'v> for &'v Array {
    const EXPECTED: &'static str = "an array";
    const ONE_IS_A_LIST: bool = false;
    fn from_value(v: &'v Value) -> Option<Self> {
        v.as_array()
    }
}
impl<'v> FromValue<'v> for Array {
    const EXPECTED: &'static str = "an array";
    const ONE_IS_A_LIST: bool = false;
    fn from_value(v: &'v Value) -> Option<Self> {
        v.as_array().cloned()
    }
}
impl<'v> FromValue<'v> for Container {
    const EXPECTED: &'static str = "a Container";
    fn from_value(v: &'v Value) -> Option<Self> {
        match v {
            Value::Container(c) => Some(c.clone()),
            _ => None,
        }
    }
}
impl<'v> FromValue<'v> for () {
    const EXPECTED: &'static str = "nothing";
    fn from_value(v: &'v Value) -> Option<Self> {
        matches!(v, Value::None).then_some(())
    }
}
/// Several results: a list of as many.
macro_rules! from_value_tuple {
    ($(($($t:ident $v:ident),*)),*) => {$(
        impl<'v, $($t: FromValue<'v>),*> FromValue<'v> for ($($t,)*) {
            const EXPECTED: &'static str = "a list (a tuple of results)";
            fn from_value(v: &'v Value) -> Option<Self> {
                let Value::List(items) = v else { return None };
                let [$($v),*] = items.as_slice() else { return None };
                Some(($($t::from_value($v)?,)*))
            }
        }
    )*};
}
from_value_tuple!((A a, B b), (A a, B b, C c), (A a, B b, C c, D d));
impl<'v> FromValue<'v> for &'v Container {
    const EXPECTED: &'static str = "a Container";
    fn from_value(v: &'v Value) -> Option<Self> {
        match v {
            Value::Container(c) => Some(c),
            _ => None,
        }
    }
}
impl<'v> FromValue<'v> for Operand<'v> {
    const EXPECTED: &'static str = "an array or a scalar";
    fn from_value(v: &'v Value) -> Option<Self> {
        match v {
            Value::Array(a) => Some(Operand::Array(a)),
            Value::Scalar(s) => Some(Operand::Scalar(*s)),
            _ => None,
        }
    }
}
/// An argument of a nested form: an array, a scalar or a Container.
impl<'v> FromValue<'v> for crate::NestArg<'v> {
    const EXPECTED: &'static str = "an array, a scalar or a Container";
    fn from_value(v: &'v Value) -> Option<Self> {
        match v {
            Value::Array(a) => Some(crate::NestArg::Array(a)),
            Value::Scalar(s) => Some(crate::NestArg::Scalar(*s)),
            Value::Container(c) => Some(crate::NestArg::Container(c)),
            _ => None,
        }
    }
}
/// A scalar, or a 0-d array's value (numpy's scalars arrive as 0-d arrays; `numpy.full(2,
/// numpy.array(1.5))` takes one too).
impl<'v> FromValue<'v> for Scalar {
    const EXPECTED: &'static str = "a scalar";
    fn from_value(v: &'v Value) -> Option<Self> {
        match v {
            Value::Scalar(s) => Some(*s),
            Value::Array(a) if a.ndim() == 0 => scalar_in(a, a.dtype()).ok(),
            _ => None,
        }
    }
}
impl<'v> FromValue<'v> for f64 {
    const EXPECTED: &'static str = "a number";
    fn from_value(v: &'v Value) -> Option<Self> {
        match Scalar::from_value(v)? {
            Scalar::Float(f) => Some(f),
            Scalar::Int(i) => Some(i as f64),
            _ => None,
        }
    }
}
/// An int argument's value: an int, or a 0-d integer array, as Python's `__index__` takes
/// both (numpy's integer scalars arrive as 0-d arrays; `numpy.zeros(numpy.int64(3))` and
/// `range(numpy.array(3))` accept them).
///
/// ```
/// use ivy::registry::{FromValue, Value};
/// ivy::set_backend(ivy::Backend::Ndarray);
/// let three = Value::from(&ivy::asarray(3u8)?);
/// assert_eq!(i64::read("roll", "shift", &three)?, 3);
/// assert!(i64::read("roll", "shift", &Value::from(&ivy::asarray([3u8])?)).is_err()); // 1-d
/// # Ok::<(), ivy::Error>(())
/// ```
fn index_of(v: &Value) -> Option<i128> {
    match v {
        Value::Scalar(Scalar::Int(i)) => Some(*i),
        Value::Array(a) if a.ndim() == 0 && a.dtype().is_int() => {
            match scalar_in(a, a.dtype()).ok()? {
                Scalar::Int(i) => Some(i),
                _ => None,
            }
        }
        _ => None,
    }
}
impl<'v> FromValue<'v> for i64 {
    const EXPECTED: &'static str = "an int";
    const EXPLAINS: bool = true;
    fn from_value(v: &'v Value) -> Option<Self> {
        index_of(v).and_then(|i| i64::try_from(i).ok())
    }
    /// An int beyond int64's range is the right kind with a wrong value: the "out of range"
    /// error (Python's OverflowError), not a kind error.
    ///
    /// ```
    /// use ivy::registry::{FromValue, Value};
    /// let e = i64::read("roll", "shift", &Value::from(ivy::Scalar::Int(1 << 63))).unwrap_err();
    /// assert!(e.to_string().contains("the int 9223372036854775808 is out of range"), "{e}");
    /// ```
    fn read(op: &'static str, param: &'static str, v: &'v Value) -> Result<Self> {
        match index_of(v) {
            Some(i) => i64::try_from(i).map_err(|_| Error::InvalidArgument {
                op,
                message: format!(
                    "the int {i} is out of range for `{param}` (int64: -2**63 to 2**63 - 1)"
                ),
            }),
            None => Err(Error::ArgumentKind {
                op,
                param,
                expected: Self::EXPECTED,
                got: v.kind(),
            }),
        }
    }
}
impl<'v> FromValue<'v> for usize {
    const EXPECTED: &'static str = "a non-negative int";
    const EXPLAINS: bool = true;
    fn from_value(v: &'v Value) -> Option<Self> {
        index_of(v).and_then(|i| usize::try_from(i).ok())
    }
    /// A negative int is the right kind with a wrong value: [`Error::InvalidArgument`]
    /// (Python's ValueError, numpy's "negative dimensions are not allowed"), not a kind
    /// error.
    ///
    /// ```
    /// use ivy::registry::{FromValue, Value};
    /// let e = usize::read("eye", "n_rows", &Value::from(-1)).unwrap_err();
    /// assert!(matches!(e, ivy::Error::InvalidArgument { .. }), "{e}");
    /// assert!(e.to_string().contains("`n_rows` must be non-negative, got -1"), "{e}");
    /// ```
    fn read(op: &'static str, param: &'static str, v: &'v Value) -> Result<Self> {
        match index_of(v) {
            Some(i) if i < 0 => Err(Error::InvalidArgument {
                op,
                message: format!("`{param}` must be non-negative, got {i}"),
            }),
            Some(i) => usize::try_from(i).map_err(|_| Error::InvalidArgument {
                op,
                message: format!(
                    "the int {i} is out of range for `{param}` (at most {})",
                    usize::MAX
                ),
            }),
            None => Err(Error::ArgumentKind {
                op,
                param,
                expected: Self::EXPECTED,
                got: v.kind(),
            }),
        }
    }
}
/// A bool argument's value: a bool, or a 0-d bool array (numpy's bool scalars arrive as
/// 0-d arrays; numpy takes `keepdims=numpy.True_`), as ints take 0-d integer arrays.
///
/// ```
/// use ivy::registry::{FromValue, Value};
/// ivy::set_backend(ivy::Backend::Ndarray);
/// let yes = Value::from(&ivy::asarray(true)?);
/// assert!(bool::read("sum", "keepdims", &yes)?);
/// assert!(bool::read("sum", "keepdims", &Value::from(&ivy::asarray([true])?)).is_err()); // 1-d
/// assert!(bool::read("sum", "keepdims", &Value::from(&ivy::asarray(1u8)?)).is_err()); // an int
/// # Ok::<(), ivy::Error>(())
/// ```
impl<'v> FromValue<'v> for bool {
    const EXPECTED: &'static str = "a bool";
    fn from_value(v: &'v Value) -> Option<Self> {
        match v {
            Value::Scalar(Scalar::Bool(b)) => Some(*b),
            Value::Array(a) if a.ndim() == 0 && a.dtype() == Dtype::Bool => {
                match scalar_in(a, Dtype::Bool).ok()? {
                    Scalar::Bool(b) => Some(b),
                    _ => None,
                }
            }
            _ => None,
        }
    }
}
impl<'v> FromValue<'v> for Dtype {
    const EXPECTED: &'static str = "a dtype";
    fn from_value(v: &'v Value) -> Option<Self> {
        match v {
            Value::Dtype(d) => Some(*d),
            Value::Str(s) => s.parse().ok(),
            _ => None,
        }
    }
    /// A string that names none: the parse's own error (it lists the valid names), with
    /// the op and parameter.
    fn read(op: &'static str, param: &'static str, v: &'v Value) -> Result<Self> {
        read_parsed(op, param, v, Self::from_value, Self::EXPECTED)
    }
}
/// A value read by `from_value`, where a string that does not parse is the parse's error
/// with the op and parameter (a dtype name: the TypeError numpy raises for one; a device or
/// backend name: a ValueError), not "must be a dtype, got a string".
///
/// ```
/// use ivy::registry::{FromValue, Value};
/// let e = ivy::Dtype::read("zeros", "dtype", &Value::Str("flaot32".into())).unwrap_err();
/// assert!(e.to_string().contains("`zeros`: argument `dtype` must be a dtype, got `flaot32`"), "{e}");
/// assert!(e.to_string().contains("float32"), "{e}"); // the valid names
/// let e = ivy::Device::read("zeros", "device", &Value::Str("tpu".into())).unwrap_err();
/// assert!(matches!(e, ivy::Error::InvalidArgument { op: "zeros", .. }), "{e}");
/// ```
fn read_parsed<'v, T: std::str::FromStr<Err = Error>>(
    op: &'static str,
    param: &'static str,
    v: &'v Value,
    from_value: fn(&'v Value) -> Option<T>,
    expected: &'static str,
) -> Result<T> {
    match v {
        Value::Str(s) => s.parse().map_err(|e: Error| match e {
            Error::UnknownDtype { .. } => Error::ArgumentKind {
                op,
                param,
                expected,
                got: format!("`{s}` ({e})"),
            },
            e => Error::InvalidArgument {
                op,
                message: format!("argument `{param}`: {e}"),
            },
        }),
        v => from_value(v).ok_or_else(|| Error::ArgumentKind {
            op,
            param,
            expected,
            got: v.kind(),
        }),
    }
}
/// A dtype query's `Union[dtype, array]`: a dtype (or its name), or an array (its dtype).
impl<'v> FromValue<'v> for crate::DtypeLike {
    const EXPECTED: &'static str = "a dtype or an array";
    fn from_value(v: &'v Value) -> Option<Self> {
        match v {
            Value::Array(a) => Some(a.into()),
            v => Dtype::from_value(v).map(Into::into),
        }
    }
}
/// `isdtype`'s kinds: one kind (a kind name or a dtype), or a list mixing them.
impl<'v> FromValue<'v> for crate::DtypeKinds<'v> {
    const EXPECTED: &'static str = "a dtype kind, a dtype, or a list of them";
    fn from_value(v: &'v Value) -> Option<Self> {
        let one = |v: &'v Value| match v {
            Value::Str(s) => Some(s.as_str()),
            Value::Dtype(d) => Some(d.as_str()),
            _ => None,
        };
        match v {
            Value::List(items) => items.iter().map(one).collect::<Option<Vec<_>>>(),
            v => one(v).map(|k| vec![k]),
        }
        .map(Into::into)
    }
}
/// A dtype-like argument as a value: the dtype (what the queries read of an array).
impl From<crate::DtypeLike> for Value {
    fn from(d: crate::DtypeLike) -> Value {
        Value::Dtype(d.dtype())
    }
}
impl<'v> FromValue<'v> for Device {
    const EXPECTED: &'static str = "a device";
    fn from_value(v: &'v Value) -> Option<Self> {
        match v {
            Value::Device(d) => Some(*d),
            Value::Str(s) => s.parse().ok(),
            _ => None,
        }
    }
    /// A string that names none: the parse's own error (it lists the valid names), with
    /// the op and parameter.
    fn read(op: &'static str, param: &'static str, v: &'v Value) -> Result<Self> {
        read_parsed(op, param, v, Self::from_value, Self::EXPECTED)
    }
}
impl<'v> FromValue<'v> for Backend {
    const EXPECTED: &'static str = "a backend";
    fn from_value(v: &'v Value) -> Option<Self> {
        match v {
            Value::Backend(b) => Some(*b),
            Value::Str(s) => s.parse().ok(),
            _ => None,
        }
    }
    /// A string that names none: the parse's own error (it lists the valid names), with
    /// the op and parameter.
    fn read(op: &'static str, param: &'static str, v: &'v Value) -> Result<Self> {
        read_parsed(op, param, v, Self::from_value, Self::EXPECTED)
    }
}
impl<'v> FromValue<'v> for &'v str {
    const EXPECTED: &'static str = "a string";
    fn from_value(v: &'v Value) -> Option<Self> {
        match v {
            Value::Str(s) => Some(s),
            _ => None,
        }
    }
}
impl<'v> FromValue<'v> for String {
    const EXPECTED: &'static str = "a string";
    fn from_value(v: &'v Value) -> Option<Self> {
        <&str>::from_value(v).map(String::from)
    }
}
impl<'v, T: FromValue<'v>> FromValue<'v> for Option<T> {
    const EXPECTED: &'static str = T::EXPECTED;
    fn from_value(v: &'v Value) -> Option<Self> {
        match v {
            Value::None => Some(None),
            v => T::from_value(v).map(Some),
        }
    }
    /// `None`, or `T`'s value with `T`'s own error.
    fn read(op: &'static str, param: &'static str, v: &'v Value) -> Result<Self> {
        match v {
            Value::None => Ok(None),
            v => T::read(op, param, v).map(Some),
        }
    }
}
/// A list (a shape, axes, arrays); a single item is a list of one (`axis=0` as `axis=[0]`).
impl<'v, T: FromValue<'v>> FromValue<'v> for Vec<T> {
    const EXPECTED: &'static str = "a list";
    fn from_value(v: &'v Value) -> Option<Self> {
        match v {
            Value::List(items) => items.iter().map(T::from_value).collect(),
            one if T::ONE_IS_A_LIST => T::from_value(one).map(|t| vec![t]),
            _ => None,
        }
    }
    /// Each item read with `T`'s own error (so an item type that explains its rejection,
    /// such as an index item, is heard); any other value that is not a list of `T`s is
    /// "must be a list".
    fn read(op: &'static str, param: &'static str, v: &'v Value) -> Result<Self> {
        if let Some(items) = Self::from_value(v) {
            return Ok(items);
        }
        match v {
            Value::List(items) => items.iter().map(|x| T::read(op, param, x)).collect(),
            one if T::EXPLAINS && T::ONE_IS_A_LIST => T::read(op, param, one).map(|t| vec![t]),
            other => Err(Error::ArgumentKind {
                op,
                param,
                expected: Self::EXPECTED,
                got: other.kind(),
            }),
        }
    }
}
/// A shape: a list of non-negative ints (one int is a 1-d shape).
impl<'v> FromValue<'v> for crate::Shape {
    const EXPECTED: &'static str = "a shape (a list of non-negative ints)";
    const EXPLAINS: bool = true;
    fn from_value(v: &'v Value) -> Option<Self> {
        Vec::<usize>::from_value(v).map(crate::Shape::from)
    }
    /// A list of ints with a negative one: [`Error::InvalidArgument`] naming it.
    fn read(op: &'static str, param: &'static str, v: &'v Value) -> Result<Self> {
        if let Some(s) = Self::from_value(v) {
            return Ok(s);
        }
        let ints = match v {
            Value::List(items) => items.iter().all(|x| index_of(x).is_some()),
            v => index_of(v).is_some(),
        };
        match ints {
            true => Vec::<usize>::read(op, param, v).map(crate::Shape::from),
            false => Err(Error::ArgumentKind {
                op,
                param,
                expected: Self::EXPECTED,
                got: v.kind(),
            }),
        }
    }
}
impl From<crate::Shape> for Value {
    fn from(s: crate::Shape) -> Value {
        Value::from(s.dims())
    }
}
/// A native dtype by name: ndarray's element type (`"f32"`, `"half::bf16"`); on candle,
/// the candle dtype of the current backend (`"F32"`).
impl<'v> FromValue<'v> for crate::NativeDtype {
    const EXPECTED: &'static str = "a native dtype name";
    fn from_value(v: &'v Value) -> Option<Self> {
        let Value::Str(s) = v else { return None };
        crate::native::native_dtype_named(s)
    }
}
/// `asarray`'s data: a scalar, a (nested) list of scalars and arrays, or an array (its
/// handle: the buffer is shared, as `Data::from(&x)` shares it).
impl<'v> FromValue<'v> for Data {
    const EXPECTED: &'static str =
        "a scalar, a (nested) list of scalars and arrays of one shape, or an array";
    fn from_value(v: &'v Value) -> Option<Self> {
        data_of(v).ok().flatten()
    }
    fn read(op: &'static str, param: &'static str, v: &'v Value) -> Result<Self> {
        match data_of(v) {
            Ok(Some(d)) => Ok(d),
            Ok(None) => Err(match ragged(v) {
                // numpy's "inhomogeneous shape" (a ValueError)
                Some(why) => Error::InvalidArgument {
                    op,
                    message: format!(
                        "argument `{param}` is a ragged nested list ({why}): every list at one \
                         depth needs one length, and every leaf one shape"
                    ),
                },
                None => Error::ArgumentKind {
                    op,
                    param,
                    expected: Self::EXPECTED,
                    got: v.kind(),
                },
            }),
            Err(e) => Err(e.with_op(op)),
        }
    }
}

/// A leaf of a nested list given as data: a Python scalar or an array.
enum Leaf<'v> {
    Scalar(Scalar),
    Array(&'v Array),
}

/// The shape of a leaf (a scalar's is `[]`), the dims it adds below the lists.
fn leaf_shape(v: &Value) -> Option<&[usize]> {
    match v {
        Value::Scalar(_) => Some(&[]),
        Value::Array(a) => Some(a.shape()),
        _ => None,
    }
}

/// The nesting of `v` (lists down to leaves) with every list's length at its depth and every
/// leaf's shape alike: the leaves in order and the whole shape (the lists' lengths, then the
/// leaves' shape). `None` where it is ragged or a leaf is neither a scalar nor an array.
fn nesting(v: &Value) -> Option<(Vec<Leaf<'_>>, Vec<usize>)> {
    fn walk<'v>(
        v: &'v Value,
        depth: usize,
        dims: &mut Vec<usize>,
        leaf: &mut Option<&'v [usize]>,
        out: &mut Vec<Leaf<'v>>,
    ) -> bool {
        match v {
            Value::List(items) => {
                // the first path down fixes the lists' lengths; a list below a leaf's depth,
                // or of another length, is ragged
                if depth == dims.len() && leaf.is_none() {
                    dims.push(items.len());
                } else if dims.get(depth) != Some(&items.len()) {
                    return false;
                }
                items.iter().all(|x| walk(x, depth + 1, dims, leaf, out))
            }
            Value::Scalar(_) | Value::Array(_) if depth == dims.len() => {
                let shape = leaf_shape(v);
                if leaf.is_some() && *leaf != shape {
                    return false;
                }
                *leaf = shape;
                out.push(match v {
                    Value::Scalar(s) => Leaf::Scalar(*s),
                    Value::Array(a) => Leaf::Array(a),
                    _ => return false,
                });
                true
            }
            _ => false,
        }
    }
    let (mut dims, mut leaf, mut out) = (Vec::new(), None, Vec::new());
    if !walk(v, 0, &mut dims, &mut leaf, &mut out) {
        return None;
    }
    dims.extend_from_slice(leaf.unwrap_or(&[]));
    Some((out, dims))
}

/// Why the nested list `v` has no shape, where that is its raggedness (not a leaf of another
/// kind): the first two lengths or leaf shapes that disagree.
fn ragged(v: &Value) -> Option<String> {
    fn shapes(v: &Value, depth: usize, seen: &mut Vec<(usize, String)>) -> bool {
        match v {
            Value::List(items) => {
                seen.push((depth, format!("a list of {}", items.len())));
                items.iter().all(|x| shapes(x, depth + 1, seen))
            }
            v => match leaf_shape(v) {
                Some([]) => {
                    seen.push((depth, "a scalar".into()));
                    true
                }
                Some(s) => {
                    seen.push((depth, format!("an array of shape {s:?}")));
                    true
                }
                None => false,
            },
        }
    }
    let Value::List(_) = v else { return None };
    let mut seen = Vec::new();
    if !shapes(v, 0, &mut seen) {
        return None;
    }
    seen.iter().find_map(|(d, what)| {
        let first = seen.iter().find(|(d2, _)| d2 == d).map(|(_, w)| w)?;
        (first != what).then(|| format!("{first} and {what} at depth {d}"))
    })
}

/// The data a value stands for: an array; a scalar; or a (nested, not ragged) list whose
/// leaves are scalars, or arrays of one shape (numpy stacks them: `asarray([x, y])` of two
/// arrays of shape `[2]` has shape `[2, 2]`). With arrays among the leaves the dtype is
/// theirs, promoted together, with the scalars joining it as they join an array operand (the
/// Array API's `asarray` of a list of arrays; `engine::checks::join_scalar`), and every leaf
/// converted to it as `astype` converts. `Ok(None)`: not data; `Err`: leaves whose dtypes do
/// not mix.
fn data_of(v: &Value) -> Result<Option<Data>> {
    if let Value::Array(a) = v {
        return Ok(Some(Data::from(a)));
    }
    let Some((leaves, shape)) = nesting(v) else {
        return Ok(None);
    };
    let mut target: Option<Dtype> = None;
    for l in &leaves {
        if let Leaf::Array(a) = l {
            target = Some(match target {
                None => a.dtype(),
                Some(d) => ivy_core::promote_types(d, a.dtype())?,
            });
        }
    }
    let Some(mut target) = target else {
        // no array among the leaves: all scalars
        let values = leaves
            .into_iter()
            .filter_map(|l| match l {
                Leaf::Scalar(s) => Some(s),
                Leaf::Array(_) => None,
            })
            .collect();
        return Ok(Some(Data::from_scalars(values, shape)));
    };
    const OP: &str = "asarray";
    for l in &leaves {
        if let Leaf::Scalar(s) = l {
            target = crate::engine::checks::join_scalar(OP, target, *s)?;
        }
    }
    // fallibly: a list may name one large array many times
    let total = shape.iter().try_fold(1usize, |n, &d| n.checked_mul(d));
    let mut values = crate::kernel::alloc::try_vec::<Scalar>(OP, total.unwrap_or(usize::MAX))?;
    for l in leaves {
        match l {
            Leaf::Scalar(s) => values.push(s),
            Leaf::Array(a) => scalars_in(a, target, &mut values)?,
        }
    }
    Ok(Some(Data::from_typed_scalars(values, shape, target)))
}

/// The value of the one-element `a` converted to `dtype` (as `astype` converts), as a scalar
/// of typed data of that dtype.
fn scalar_in(a: &Array, dtype: Dtype) -> Result<Scalar> {
    let mut one = None;
    each_scalar_in(a, dtype, &mut |s| one = Some(s))?;
    match one {
        Some(s) if a.size() == 1 => Ok(s),
        _ => Err(Error::InvalidArgument {
            op: "asarray",
            message: format!("an array of shape {:?} is not one value", a.shape()),
        }),
    }
}

/// The elements of `a` (row-major) converted to `dtype` (as `astype` converts), as scalars
/// of typed data of that dtype, appended to `out`.
fn scalars_in(a: &Array, dtype: Dtype, out: &mut Vec<Scalar>) -> Result<()> {
    each_scalar_in(a, dtype, &mut |s| out.push(s))
}

/// [`scalars_in`]'s elements handed to `sink` in order: a 0-d array's one value read in place
/// (no buffer made: 0-d arrays are the scalars Python code passes, numpy's among them).
fn each_scalar_in(a: &Array, dtype: Dtype, sink: &mut dyn FnMut(Scalar)) -> Result<()> {
    fn put<T: crate::kernel::elem::Elem>(
        a: &Array,
        sink: &mut dyn FnMut(Scalar),
        f: fn(T) -> Scalar,
    ) -> Result<()> {
        if a.ndim() == 0 {
            sink(f(a.item::<T>()?));
        } else {
            a.to_vec::<T>()?.into_iter().map(f).for_each(sink);
        }
        Ok(())
    }
    let a = a.to_backend(crate::Backend::Ndarray)?.cast(dtype)?;
    match dtype {
        Dtype::Bool => put(&a, sink, Scalar::Bool),
        Dtype::Uint64 => put(&a, sink, |i: u64| Scalar::Int(i.into())),
        d if d.is_int() => put(&a.cast(Dtype::Int64)?, sink, |i: i64| Scalar::Int(i.into())),
        d if d.is_complex() => put(
            &a.cast(Dtype::Complex128)?,
            sink,
            |c: num_complex::Complex<f64>| Scalar::Complex(c.re, c.im),
        ),
        _ => put(&a.cast(Dtype::Float64)?, sink, Scalar::Float),
    }
}

/// Turns a typed result into a [`Value`].
pub trait IntoValue {
    /// The value.
    fn into_value(self) -> Value;
}
impl<T: Into<Value>> IntoValue for T {
    fn into_value(self) -> Value {
        self.into()
    }
}
impl From<()> for Value {
    fn from(_: ()) -> Value {
        Value::None
    }
}
/// Several outputs: a list, in order.
macro_rules! value_from_tuple {
    ($(($($t:ident $v:ident),*)),*) => {$(
        impl<$($t: Into<Value>),*> From<($($t,)*)> for Value {
            fn from(($($v,)*): ($($t,)*)) -> Value {
                Value::List(vec![$($v.into()),*])
            }
        }
    )*};
}
value_from_tuple!((A a, B b), (A a, B b, C c), (A a, B b, C c, D d));
impl From<DtypeSet> for Value {
    fn from(s: DtypeSet) -> Value {
        Value::List(s.iter().map(Value::Dtype).collect())
    }
}
/// The native dtype's name, as the `NativeDtype` reader takes it back.
impl From<crate::NativeDtype> for Value {
    fn from(n: crate::NativeDtype) -> Value {
        Value::Str(n.name())
    }
}
impl From<crate::Finfo> for Value {
    fn from(f: crate::Finfo) -> Value {
        Value::Record(vec![
            ("bits", Value::from(f.bits as i64)),
            ("eps", f.eps.into()),
            ("max", f.max.into()),
            ("min", f.min.into()),
            ("smallest_normal", f.smallest_normal.into()),
            ("dtype", f.dtype.into()),
        ])
    }
}
impl From<crate::Iinfo> for Value {
    fn from(f: crate::Iinfo) -> Value {
        let int = |v: i128| {
            i64::try_from(v)
                .map(Value::from)
                .unwrap_or_else(|_| Value::Str(v.to_string()))
        };
        Value::Record(vec![
            ("bits", Value::from(f.bits as i64)),
            ("min", int(f.min)),
            ("max", int(f.max)),
            ("dtype", f.dtype.into()),
        ])
    }
}

/// Keyword arguments of a call by name: `(name, value)` pairs.
pub type Kwargs<'a> = [(&'a str, Value)];

/// The dynamic entry of one op: reads its arguments from values, calls it, returns a value.
///
/// ```
/// use ivy::registry::{dyn_entry, Value};
/// ivy::set_backend(ivy::Backend::Ndarray);
/// let x = ivy::asarray(vec![1.0f32, 4.0])?;
/// let negative = dyn_entry("negative").unwrap();
/// // into an `out` array of another dtype: the `_out` form's rules (cast into `out`)
/// let mut out = ivy::zeros_with([2], ivy::ZerosKw { dtype: Some(ivy::Dtype::Float64), device: None })?;
/// negative.call_out(&[Value::from(&x)], &[], &mut out)?;
/// assert_eq!((out.dtype(), out.to_f64_vec()?), (ivy::Dtype::Float64, vec![-1.0, -4.0]));
/// // a Container argument runs the nested form
/// let c = ivy::container! { a: x.clone() };
/// let r = negative.call(&[Value::from(&c)], &[])?;
/// assert!(matches!(r, Value::Container(c) if c.at("a")?.to_f64_vec()? == [-1.0, -4.0]));
/// # ivy::unset_backend();
/// # Ok::<(), ivy::Error>(())
/// ```
#[derive(Clone, Copy)]
pub struct DynEntry {
    /// The op's metadata (the entry carries it: no search of the registry by name).
    pub meta: &'static crate::registry::OpMeta,
    /// The generated entry: positional values, keyword values, and `out` apart.
    #[doc(hidden)]
    pub run: fn(&[Value], &Kwargs<'_>, Option<&mut Array>) -> Result<Value>,
    /// The op's keyword arguments with their default values (for custom array handlers).
    #[doc(hidden)]
    pub kw_defaults: fn() -> Vec<(&'static str, Value)>,
    /// Whether the op can be called by name: `false` where it takes a Rust closure or a
    /// generic type, or changes process-wide state (`#[global_state]`); its entry then
    /// answers [`Error::NotCallable`] with the reason, and bindings (the Python module)
    /// leave it out.
    pub callable: bool,
}

/// The keyword defaults of an op without keyword arguments.
#[doc(hidden)]
pub fn no_kw_defaults() -> Vec<(&'static str, Value)> {
    Vec::new()
}

impl DynEntry {
    /// The op's name.
    pub fn name(&self) -> &'static str {
        self.meta.name
    }

    /// Calls the op. An `out` keyword argument (an array) runs its `_out` form on a copy of
    /// that array and returns it, written (Ivy's `out=`); a Container among the arguments
    /// of a nestable op runs its nested form.
    pub fn call(&self, args: &[Value], kwargs: &Kwargs<'_>) -> Result<Value> {
        let Some(at) = kwargs.iter().position(|(n, _)| *n == "out") else {
            return self.run(args, kwargs, None);
        };
        let mut out = <Array as FromValue>::read(self.meta.name, "out", &kwargs[at].1)?;
        let rest: Vec<(&str, Value)> = kwargs
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != at)
            .map(|(_, (n, v))| (*n, v.clone()))
            .collect();
        self.run(args, &rest, Some(&mut out))?;
        Ok(Value::Array(out))
    }

    /// Calls the op's `_out` form, writing into `out` (its shape and dtype kept; unchanged
    /// when the call fails). An op without an `out` form rejects it as an unknown keyword.
    pub fn call_out(&self, args: &[Value], kwargs: &Kwargs<'_>, out: &mut Array) -> Result<()> {
        self.run(args, kwargs, Some(out)).map(drop)
    }

    /// The generated entry, or with custom array arguments their types' handlers.
    fn run(&self, args: &[Value], kwargs: &Kwargs<'_>, out: Option<&mut Array>) -> Result<Value> {
        let nested = |v: &Value| v.nests_deeper_than(MAX_NESTING);
        if args.iter().chain(kwargs.iter().map(|(_, v)| v)).any(nested) {
            return Err(Error::InvalidArgument {
                op: self.meta.name,
                message: format!(
                    "an argument nests lists more than {MAX_NESTING} deep: ivy reads at most \
                     {MAX_NESTING} dimensions from nested lists, as numpy"
                ),
            });
        }
        if crate::custom::in_call(args, kwargs) {
            return self.call_custom(args, kwargs, out);
        }
        if let Some(d) = self.typed_scalar_dtype(args, kwargs)? {
            let mut kw: Vec<(&str, Value)> = kwargs.to_vec();
            kw.retain(|(n, _)| *n != "dtype");
            kw.push(("dtype", Value::Dtype(d)));
            return (self.run)(args, &kw, out);
        }
        (self.run)(args, kwargs, out)
    }

    /// Ivy's `default_dtype(item=…)` for a call by name of an op whose dtype its scalars
    /// decide (`#[infer_dtype]`, no array parameter: `full`, `arange`, `linspace`): with no
    /// `dtype` given, a 0-d array passed for a scalar (numpy's `np.float64(1.5)`, an ivy
    /// array) is an array among the arguments, and its dtype is the result's, as in Ivy and
    /// numpy (`full(3, np.float64(1.5))` is float64). Several such arrays promote; a Python
    /// number among them of a kind their dtype cannot hold (a float with an int array) leaves
    /// the inference to the op (`None`), as do calls with no typed scalar.
    fn typed_scalar_dtype(&self, args: &[Value], kwargs: &Kwargs<'_>) -> Result<Option<Dtype>> {
        let meta = self.meta;
        if !meta.infer_dtype
            || meta.params.iter().any(|p| {
                !matches!(
                    p.kind,
                    ParamKind::Scalar | ParamKind::Dtype | ParamKind::Device | ParamKind::Other
                ) || matches!(p.arg, ArgType::Optional(ArgType::Array))
            })
            || !args
                .iter()
                .chain(kwargs.iter().map(|(_, v)| v))
                .any(|v| matches!(v, Value::Array(a) if a.ndim() == 0))
        {
            return Ok(None);
        }
        let given = |p: &ParamMeta| -> Option<&Value> {
            match p.keyword {
                true => kwargs.iter().find(|(n, _)| *n == p.name).map(|(_, v)| v),
                false => {
                    let i = meta.positional().position(|q| q.name == p.name)?;
                    args.get(i)
                }
            }
        };
        if meta
            .params
            .iter()
            .filter(|p| p.kind == ParamKind::Dtype)
            .any(|p| given(p).is_some_and(|v| !matches!(v, Value::None)))
        {
            return Ok(None);
        }
        let (mut dtype, mut weak) = (None::<Dtype>, Vec::new());
        let scalar =
            |p: &&ParamMeta| matches!(p.arg, ArgType::Scalar | ArgType::Optional(ArgType::Scalar));
        for p in meta.params.iter().filter(scalar) {
            match given(p) {
                Some(Value::Array(a)) if a.ndim() == 0 => {
                    dtype = Some(match dtype {
                        None => a.dtype(),
                        Some(d) => ivy_core::promote_types(d, a.dtype())?,
                    })
                }
                Some(Value::Scalar(s)) => weak.push(*s),
                _ => {}
            }
        }
        let Some(d) = dtype else { return Ok(None) };
        let holds = |s: &Scalar| match s {
            Scalar::Bool(_) => true,
            Scalar::Int(_) => !d.is_bool(),
            Scalar::Float(_) => d.is_float() || d.is_complex(),
            Scalar::Complex(..) => d.is_complex(),
        };
        Ok(weak.iter().all(holds).then_some(d))
    }

    /// Custom array arguments: the call goes to their types' handlers ([`crate::custom`])
    /// after the checks the op's own entry makes (arity, keyword names, `out` only with an
    /// out form); `out` receives the array they return (the result is then `None`, as the
    /// entries' is).
    fn call_custom(
        &self,
        args: &[Value],
        kwargs: &Kwargs<'_>,
        out: Option<&mut Array>,
    ) -> Result<Value> {
        let meta = self.meta;
        check_arity(meta, args)?;
        if let Some((n, _)) = kwargs
            .iter()
            .find(|(n, _)| !meta.keywords().any(|p| p.name == *n))
        {
            return Err(unknown_keyword(meta, n));
        }
        if out.is_some() && !meta.has_out {
            return Err(unknown_keyword(meta, "out"));
        }
        // every keyword, as a typed call passes them: the given ones over the defaults
        let mut all: Vec<(&str, Value)> = (self.kw_defaults)();
        for (n, v) in kwargs {
            match all.iter_mut().find(|(d, _)| d == n) {
                Some(slot) => slot.1 = v.clone(),
                None => all.push((n, v.clone())),
            }
        }
        let v = crate::custom::dispatch(meta, args, &all)?;
        match out {
            None => Ok(v),
            Some(out) => crate::custom::write_into(meta, &v, out).map(|()| Value::None),
        }
    }
}

impl std::fmt::Debug for DynEntry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DynEntry")
            .field("name", &self.meta.name)
            .finish()
    }
}

/// Whether any argument is a Container, or a list holding one (a sequence argument).
#[doc(hidden)]
pub fn holds_container(args: &[Value]) -> bool {
    args.iter().any(Value::holds_container)
}

/// An array `out` given with Container arguments (a Container `out` goes to the nested
/// `_out` form).
#[doc(hidden)]
pub fn container_out(op: &'static str) -> Error {
    Error::InvalidArgument {
        op,
        message: format!("`out` is an array, and Container arguments give Containers: call without `out` (the result is a new Container; from Rust, `nested::{op}_out` writes into a Container)"),
    }
}

/// The arity check of every generated entry.
#[doc(hidden)]
pub fn check_arity(meta: &ivy_core::OpMeta, args: &[Value]) -> Result<()> {
    // counted without collecting: every by-name call passes here
    let expected = meta.positional().count();
    if expected != args.len() {
        let params: Vec<&str> = meta.positional().map(|p| p.name).collect();
        return Err(Error::Arity {
            op: meta.name,
            expected,
            got: args.len(),
            params: params.join(", "),
        });
    }
    Ok(())
}

/// An unknown keyword argument of `meta`'s op.
#[doc(hidden)]
pub fn unknown_keyword(meta: &ivy_core::OpMeta, name: &str) -> Error {
    let valid: Vec<&str> = meta.keywords().map(|p| p.name).collect();
    Error::UnknownKeyword {
        op: meta.name,
        name: name.to_string(),
        valid: if valid.is_empty() {
            "none".into()
        } else {
            valid.join(", ")
        },
    }
}
