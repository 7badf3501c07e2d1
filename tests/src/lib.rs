//! Shared helpers of the behaviour suite: `test_backends!` runs each test body once per
//! compiled-in backend, with that backend set (burn's backend tests, candle's `test_device!`);
//! and the registry-driven machinery of the suites that call every op by name
//! (`support_calls`, `random_calls`, `agreement`): the type of each parameter read from its
//! metadata ([`Ty`]), the plan of an op ([`plan`]), argument generation from those types
//! ([`Source`], [`fill`], the small valid call [`Small`]), and the coverage assertion
//! ([`assert_every_op_covered`]).
//!
//! The registry suites keep no row per op: an op is exercised the moment it is declared. An
//! op whose parameters the generator cannot fill (a parameter type [`Ty::of`] has no rule
//! for) fails those suites, naming the op and the type, so a new parameter type forces
//! someone to teach the generator; an op the registry declares not callable by name
//! (`Error::NotCallable`: it takes a closure or a generic type) is reported with its reason.

use ivy::registry::Value;
// The registry's metadata types: `ivy` does not re-export them at its root, and this
// library depends on `ivy` only (`ivy-core` is a dev-dependency of the test targets).
use ivy::registry::{ArgType, OpEntry, OpMeta, ParamKind, ParamMeta};
use ivy::{Array, Backend, Container, Data, Device, Dtype, Error, Result, Scalar};
use std::collections::{BTreeMap, BTreeSet};

/// Declares tests that run on every backend: `test_backends! { fn name(b) { body } }`
/// generates `name::ndarray` and `name::candle`, each running `body` under
/// `ivy::with_backend(b, ..)` and failing on `Err`.
#[macro_export]
macro_rules! test_backends {
    ($($(#[$doc:meta])* fn $name:ident($b:ident) $body:block)*) => {$(
        $(#[$doc])*
        mod $name {
            #[allow(unused_imports)]
            use super::*;
            #[allow(unused_variables)]
            fn run($b: ::ivy::Backend) -> ::ivy::Result<()> {
                ::ivy::with_backend($b, || -> ::ivy::Result<()> { $body Ok(()) })
            }
            #[test]
            fn ndarray() {
                run(::ivy::Backend::Ndarray).unwrap()
            }
            #[test]
            fn candle() {
                run(::ivy::Backend::Candle).unwrap()
            }
        }
    )*};
}

/// A float32 array of `v` on the current backend.
pub fn f32s(v: &[f64]) -> Result<Array> {
    typed(v, Dtype::Float32)
}

/// An array of `v` with `dtype` on the current backend.
pub fn typed(v: &[f64], dtype: Dtype) -> Result<Array> {
    ivy::asarray_with(
        Data::from(v.to_vec()),
        ivy::prelude::AsarrayKw {
            dtype: Some(dtype),
            device: None,
            copy: None,
        },
    )
}

/// Asserts two float slices are equal within `tol`.
#[track_caller]
pub fn assert_close(got: &[f64], want: &[f64], tol: f64) {
    assert_eq!(got.len(), want.len(), "lengths differ: {got:?} vs {want:?}");
    for (g, w) in got.iter().zip(want) {
        assert!(
            (g - w).abs() <= tol * (1.0 + w.abs()),
            "{got:?} != {want:?}"
        );
    }
}

/// A small deterministic generator (splitmix64) for the seeded tests: no crate, and the same
/// sequence on every machine.
#[derive(Clone, Debug)]
pub struct Rng(pub u64);

impl Rng {
    /// A generator from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }
    /// The next 64 random bits.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// A value in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    /// `true` with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }
    /// One element of `s` (non-empty).
    pub fn pick<T: Clone>(&mut self, s: &[T]) -> T {
        s[self.below(s.len())].clone()
    }
    /// A value in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
    /// A value in `[lo, hi)`.
    pub fn uniform(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }
    /// A value in `lo..=hi`.
    pub fn range_i64(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }
}

/// Whether the kernel grants any allocation size (`vm.overcommit_memory = 1`); then only
/// sizes beyond the address space fail, and the huge-size tests use those.
pub fn overcommit_always() -> bool {
    std::fs::read_to_string("/proc/sys/vm/overcommit_memory")
        .map(|s| s.trim() == "1")
        .unwrap_or(false)
}

// ======================================================================== parameter types

/// What a parameter takes, read from its [`ParamMeta`] (its kind, else its declared Rust
/// type): the vocabulary of the argument generators. Leaves are generated by a [`Source`];
/// lists and options are built around them by [`value`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ty {
    /// `&Array`.
    Array,
    /// `&mut Array` (updated in place).
    ArrayMut,
    /// An array or a scalar.
    Operand,
    /// A Container of arrays.
    Container,
    /// A scalar (bool, int, float or complex).
    Scalar,
    /// Nested values (`asarray`).
    Data,
    /// A dtype.
    Dtype,
    /// A dtype, or an array standing for its dtype (the dtype queries' `Union[dtype,
    /// array]`).
    DtypeLike,
    /// A device.
    Device,
    /// A backend.
    Backend,
    /// A backend's own dtype, by its native name.
    NativeDtype,
    /// Text.
    Str,
    /// A float (`f64`).
    Float,
    /// An integer (`i64`).
    Int,
    /// A non-negative integer (`usize`).
    Usize,
    /// A bool.
    Bool,
    /// One item of an array index (`ivy::Idx`); an index is a `List` of them.
    Index,
    /// A sequence (`&[T]`, `Vec<T>`, `impl IntoIterator<Item = T>`).
    List(Box<Ty>),
    /// An optional value (`Option<T>`).
    Opt(Box<Ty>),
}

impl Ty {
    /// The type of parameter `p`, or `None` when the generator has no rule for its type.
    pub fn of(p: &ParamMeta) -> Option<Ty> {
        Ty::from_arg(&p.arg)
    }

    /// The type of an [`ArgType`] (the macro's reading of the declared type), or `None` for
    /// an opaque one.
    pub fn from_arg(a: &ArgType) -> Option<Ty> {
        Some(match a {
            ArgType::Array => Ty::Array,
            ArgType::ArrayMut => Ty::ArrayMut,
            ArgType::Operand => Ty::Operand,
            ArgType::Container => Ty::Container,
            ArgType::Scalar => Ty::Scalar,
            ArgType::Data => Ty::Data,
            ArgType::Dtype => Ty::Dtype,
            ArgType::DtypeLike => Ty::DtypeLike,
            ArgType::Device => Ty::Device,
            ArgType::Backend => Ty::Backend,
            ArgType::NativeDtype => Ty::NativeDtype,
            ArgType::Str => Ty::Str,
            ArgType::Float => Ty::Float,
            ArgType::Int => Ty::Int,
            ArgType::Uint => Ty::Usize,
            ArgType::Bool => Ty::Bool,
            ArgType::Index => Ty::Index,
            ArgType::List(t) => Ty::List(Box::new(Ty::from_arg(t)?)),
            ArgType::Optional(t) => Ty::Opt(Box::new(Ty::from_arg(t)?)),
            ArgType::Opaque => return None,
        })
    }

    /// Holds arrays: an array, an operand, a Container, or a list of those.
    pub fn is_array_like(&self) -> bool {
        match self {
            Ty::Array | Ty::ArrayMut | Ty::Operand | Ty::Container => true,
            Ty::List(t) | Ty::Opt(t) => t.is_array_like(),
            _ => false,
        }
    }
}

// ======================================================================== plans

/// One parameter of an op with its type.
#[derive(Clone, Debug)]
pub struct Param {
    /// The declaration's metadata.
    pub meta: &'static ParamMeta,
    /// Its type.
    pub ty: Ty,
    /// For array-like parameters: their index among the op's array-like parameters.
    pub slot: Option<usize>,
}

/// How an op is exercised by name.
#[derive(Clone, Debug)]
pub enum Plan {
    /// Callable: its parameters, each of a type the generator fills.
    Call(Vec<Param>),
    /// The registry declares it not callable by name (why).
    NotCallable(&'static str),
}

/// A creation op: it infers a dtype or a device and takes no array, so its `dtype` and
/// `device` keywords say what it makes.
pub fn is_creation(meta: &OpMeta, params: &[Param]) -> bool {
    (meta.infer_dtype || meta.infer_device) && !params.iter().any(|p| p.ty.is_array_like())
}

/// The plan of `entry`, or a message naming the op, the parameter and its type when the
/// generator has no rule for that type (teach [`Ty::of`] the type).
pub fn plan(entry: &OpEntry) -> std::result::Result<Plan, String> {
    let meta = entry.meta;
    // One argument too many: a callable entry answers `Arity` before doing anything; one
    // that cannot be called answers `NotCallable` whatever it is given.
    let probe = vec![Value::None; meta.positional().count() + 1];
    let answer = ivy::registry::call(meta.name, &probe, &[]);
    // the entry's `callable` flag (what bindings read to leave an op out) says the same
    if let Some(e) = ivy::registry::dyn_entry(meta.name) {
        if e.callable == matches!(answer, Err(Error::NotCallable { .. })) {
            return Err(format!(
                "`{}`: its DynEntry says callable = {}, its call by name answers {answer:?}",
                meta.name, e.callable
            ));
        }
    }
    if let Err(Error::NotCallable { reason, .. }) = answer {
        return Ok(Plan::NotCallable(reason));
    }
    let mut params = Vec::new();
    let mut slots = 0;
    for p in meta.params {
        let ty = Ty::of(p).ok_or_else(|| {
            format!(
                "op `{}`: parameter `{}` has type `{}`, which the argument generator has no \
                 rule for; teach `Ty` in tests/src/lib.rs (and each suite's `Source`) this type",
                meta.name, p.name, p.ty
            )
        })?;
        let slot = ty.is_array_like().then(|| {
            slots += 1;
            slots - 1
        });
        params.push(Param { meta: p, ty, slot });
    }
    Ok(Plan::Call(params))
}

/// Every op of the registry with its plan.
pub fn plans() -> Vec<(&'static OpEntry, std::result::Result<Plan, String>)> {
    ivy::registry::ops()
        .into_iter()
        .map(|e| (e, plan(e)))
        .collect()
}

/// Fails unless every op of the registry was exercised by `file` or is declared not callable
/// by name (those are printed with their reason); names each op neither, and each op whose
/// parameters the generator cannot fill. Replaces the per-op rows the suites used to keep.
///
/// `skipped` holds the ops the suite does not apply to, by a rule of its own (not by name),
/// with the reason; they are printed too.
#[track_caller]
pub fn assert_every_op_covered(
    file: &str,
    exercised: &BTreeSet<String>,
    skipped: &BTreeMap<String, String>,
) {
    let mut missing = Vec::new();
    for (e, plan) in plans() {
        let name = e.meta.name;
        match plan {
            Err(msg) => missing.push(msg),
            Ok(Plan::NotCallable(why)) => {
                println!("{file}: `{name}` is not exercisable by name: {why}")
            }
            Ok(Plan::Call(_)) if exercised.contains(name) => {}
            Ok(Plan::Call(_)) => match skipped.get(name) {
                Some(why) => println!("{file}: `{name}` does not apply here: {why}"),
                None => missing.push(format!(
                    "op `{name}` was never exercised (no call reached it with arguments it \
                     accepts)"
                )),
            },
        }
    }
    assert!(
        missing.is_empty(),
        "{file}: ops not covered ({}):\n{}",
        missing.len(),
        missing.join("\n")
    );
}

/// Errors that mean the arguments do not fit the op's parameters (the generator's fault,
/// unless it drew a wrong kind on purpose).
pub fn is_argument_error(e: &Error) -> bool {
    matches!(
        e,
        Error::ArgumentKind { .. } | Error::Arity { .. } | Error::UnknownKeyword { .. }
    )
}

// ======================================================================== generation

/// The arguments of one call by name.
#[derive(Clone, Debug, Default)]
pub struct Args {
    /// Positional arguments, in declaration order.
    pub positional: Vec<Value>,
    /// Keyword arguments passed (the others keep their defaults).
    pub keywords: Vec<(&'static str, Value)>,
}

impl Args {
    /// Calls op `name` with these arguments.
    pub fn call(&self, name: &str) -> Result<Value> {
        ivy::registry::call(name, &self.positional, &self.keywords)
    }
    /// Calls op `name`'s `_out` form with these arguments, writing into `out`.
    pub fn call_out(&self, name: &str, out: &mut Array) -> Result<()> {
        let entry = ivy::registry::dyn_entry(name).ok_or_else(|| ivy::Error::UnknownOp {
            name: name.to_string(),
            suggestion: None,
        })?;
        entry.call_out(&self.positional, &self.keywords, out)
    }
    /// The same arguments with every array on backend `b`.
    pub fn to_backend(&self, b: Backend) -> Result<Args> {
        self.map(|v| value_to_backend(v, b))
    }
    /// The same arguments on device `d`: every array moved there, every device argument
    /// `d`.
    pub fn to_device(&self, d: Device) -> Result<Args> {
        self.map(|v| value_to_device(v, d))
    }
    fn map(&self, f: impl Fn(&Value) -> Result<Value>) -> Result<Args> {
        Ok(Args {
            positional: self.positional.iter().map(&f).collect::<Result<_>>()?,
            keywords: self
                .keywords
                .iter()
                .map(|(k, v)| Ok((*k, f(v)?)))
                .collect::<Result<_>>()?,
        })
    }
}

/// `v` with every array (Container leaves included) copied to backend `b`.
pub fn value_to_backend(v: &Value, b: Backend) -> Result<Value> {
    map_leaves(v, &|a| a.to_backend(b), &|d| d)
}

/// `v` on device `d`: every array (Container leaves included) moved there, every device `d`.
pub fn value_to_device(v: &Value, d: Device) -> Result<Value> {
    map_leaves(v, &|a| ivy::to_device(a, d), &|_| d)
}

/// `v` with `array` applied to every array and `device` to every device it holds.
fn map_leaves(
    v: &Value,
    array: &dyn Fn(&Array) -> Result<Array>,
    device: &dyn Fn(Device) -> Device,
) -> Result<Value> {
    Ok(match v {
        Value::Array(a) => Value::Array(array(a)?),
        Value::Container(c) => Value::Container(c.map(|_, a| array(a))?),
        Value::List(l) => Value::List(
            l.iter()
                .map(|x| map_leaves(x, array, device))
                .collect::<Result<_>>()?,
        ),
        Value::Device(d) => Value::Device(device(*d)),
        other => other.clone(),
    })
}

/// Where the values of a generated call come from: one rule per leaf type; lists, options
/// and keywords have defaults.
pub trait Source {
    /// A value of leaf type `ty` (not a list or an option) for parameter `p`.
    fn leaf(&mut self, ty: &Ty, p: &Param) -> Result<Value>;
    /// A list of `of`s for `p`: by default two leaves.
    fn list(&mut self, of: &Ty, p: &Param) -> Result<Value> {
        Ok(Value::List(vec![value(self, of, p)?, value(self, of, p)?]))
    }
    /// An optional `of` for `p`: by default `None` (the documented default).
    fn option(&mut self, _of: &Ty, _p: &Param) -> Result<Value> {
        Ok(Value::None)
    }
    /// The value of keyword `p` to pass, or `None` to keep its default (the default rule).
    fn keyword(&mut self, _p: &Param, _creation: bool) -> Option<Result<Value>> {
        None
    }
}

/// A value of type `ty` for parameter `p`, from `src`.
pub fn value<S: Source + ?Sized>(src: &mut S, ty: &Ty, p: &Param) -> Result<Value> {
    match ty {
        Ty::List(of) => src.list(of, p),
        Ty::Opt(of) => src.option(of, p),
        leaf => src.leaf(leaf, p),
    }
}

/// The arguments of a call of the op of `meta` with parameters `params`, from `src`: every
/// positional parameter, and the keywords `src` chooses to pass.
pub fn fill<S: Source + ?Sized>(meta: &OpMeta, params: &[Param], src: &mut S) -> Result<Args> {
    let creation = is_creation(meta, params);
    let mut args = Args::default();
    for p in params {
        if p.meta.keyword {
            if let Some(v) = src.keyword(p, creation) {
                args.keywords.push((p.meta.name, v?));
            }
        } else {
            args.positional.push(value(src, &p.ty, p)?);
        }
    }
    Ok(args)
}

/// The native name of `d` on the current backend (`"f32"` on ndarray, `"F32"` on candle):
/// what a `NativeDtype` parameter reads.
pub fn native_name(d: Dtype) -> Result<String> {
    Ok(ivy::as_native_dtype(d)?.name())
}

/// An array of `shape` holding `1, 2, …` (true for bool), of `dtype` on `device`, on the
/// current backend; an error when the backend cannot hold the dtype or use the device.
pub fn counting(shape: &[usize], dtype: Dtype, device: Option<Device>) -> Result<Array> {
    let n: usize = shape.iter().product();
    let data = Data::from((1..=n as i64).collect::<Vec<i64>>()).reshape(shape)?;
    ivy::asarray_with(
        data,
        ivy::prelude::AsarrayKw {
            dtype: Some(dtype),
            device,
            copy: None,
        },
    )
}

/// Nested lists of `values` in `shape` (a scalar for `[]`): a `Data` argument.
pub fn nested(values: &[Scalar], shape: &[usize]) -> Value {
    match shape.split_first() {
        None => values.first().copied().map_or(Value::None, Value::Scalar),
        Some((&n, rest)) => {
            let step: usize = rest.iter().product();
            Value::List(
                (0..n)
                    .map(|i| nested(&values[(i * step).min(values.len())..], rest))
                    .collect(),
            )
        }
    }
}

/// The small valid call of an op for `dtype` on `device` (`support_calls`), by parameter
/// type, never by op name:
/// - arrays, operands and `&mut` arrays: one array of `shape` (`[1, 1]`: rank 2, square,
///   every axis of length 1, so element-wise ops, matrix products and `squeeze` all apply;
///   where that shape does not fit the op, the next of [`Small::SHAPES`], `[3]`)
///   holding `1, 2, …` of the dtype on the device; every array of the call has that shape;
///   indices (`#[index]`): int64 zeros;
/// - a Container: two leaves of that array, keyed by the call's text and `"b"`; a list of
///   arrays: two of them;
/// - a shape (`&[usize]`): `shape` (so `broadcast_to` is valid); a list of ints named
///   `shape` (`reshape`): `[-1]`; named `axes` (`permute_dims`): every axis in order; other
///   int lists (axes): `[0]`; a list of dtypes: the dtype twice;
/// - a scalar: `1`; `Data`: the values of the array; a float: `0.5` (equal bounds are
///   ordered bounds); an int: `0` (a valid axis); a usize: `1`; a bool: `false`;
/// - an index (a list of index items): `[0, ":"]` (`x[0, :]`); one item: `0`;
/// - a dtype: the dtype under test; a dtype-like argument: the dtype too (the query is
///   about it, also where the backend holds no array of it); a device: the device; a
///   backend: the current one; a native dtype: the dtype's native name on the current
///   backend;
/// - text: the dtype's name (a dtype name, a dtype kind for `isdtype`, and a key of the
///   Containers above);
/// - an option: `None` (the default); keywords keep their defaults, except the `dtype` and
///   `device` keywords of a creation op ([`is_creation`]), set to the dtype and device, and
///   an optional single `axis` (`Option<i64>`), set to `-1`.
#[derive(Clone, Debug)]
pub struct Small {
    /// The dtype under test.
    pub dtype: Dtype,
    /// The device under test.
    pub device: Device,
    /// The shape of every array.
    pub shape: Vec<usize>,
}

impl Small {
    /// The shapes a small call tries, in order: `[1, 1]` (square, every axis of length 1),
    /// then `[3]` for the ops a matrix does not fit (`outer` takes vectors, `cross` needs
    /// length 3): [`Small::retry`] says when the next is tried.
    pub const SHAPES: [&'static [usize]; 2] = [&[1, 1], &[3]];

    /// The small call for `dtype` on `device`, arrays of shape `[1, 1]`.
    pub fn new(dtype: Dtype, device: Device) -> Small {
        Small::with_shape(dtype, device, Small::SHAPES[0])
    }

    /// The small call for `dtype` on `device`, arrays of `shape`.
    pub fn with_shape(dtype: Dtype, device: Device, shape: &[usize]) -> Small {
        Small {
            dtype,
            device,
            shape: shape.to_vec(),
        }
    }

    /// Whether a call that failed with `e` is retried with the next of [`Small::SHAPES`]:
    /// the arrays' shape did not fit the op (a shape or rank error), which says nothing of
    /// its dtype support.
    pub fn retry(e: &Error) -> bool {
        matches!(
            e,
            Error::Shape { .. } | Error::InvalidArgument { .. } | Error::Axis { .. }
        )
    }
    fn array(&self) -> Result<Array> {
        counting(&self.shape, self.dtype, Some(self.device))
    }
    /// The text of the call: the dtype's name.
    pub fn text(&self) -> &'static str {
        self.dtype.as_str()
    }
}

impl Source for Small {
    /// An optional dtype (`default_dtype`'s `dtype`) is the cell's dtype, so the call is
    /// about it; any other optional argument keeps its default, `None`.
    fn option(&mut self, of: &Ty, p: &Param) -> Result<Value> {
        if matches!(of, Ty::Dtype) {
            return self.leaf(of, p);
        }
        Ok(Value::None)
    }

    fn leaf(&mut self, ty: &Ty, p: &Param) -> Result<Value> {
        let d = self.dtype;
        Ok(match ty {
            Ty::Array if p.meta.kind == ParamKind::Index => Value::Array(ivy::multiply(
                &counting(&[2], Dtype::Int64, Some(self.device))?,
                0,
            )?),
            Ty::Array | Ty::ArrayMut | Ty::Operand => Value::Array(self.array()?),
            Ty::Container => {
                let a = self.array()?;
                let mut c = Container::new();
                c.insert(self.text(), a.clone());
                c.insert("b", a);
                Value::Container(c)
            }
            Ty::Scalar => Value::from(1i64),
            Ty::Data => {
                let n: usize = self.shape.iter().product();
                let v: Vec<Scalar> = (1..=n as i128).map(Scalar::Int).collect();
                nested(&v, &self.shape)
            }
            Ty::Dtype | Ty::DtypeLike => Value::Dtype(d),
            Ty::Device => Value::Device(self.device),
            Ty::Backend => ivy::current_backend().map_or(Value::None, Value::Backend),
            Ty::NativeDtype => Value::Str(native_name(d)?),
            Ty::Str => Value::from(self.text()),
            Ty::Float => Value::from(0.5),
            Ty::Int => Value::from(0i64),
            Ty::Usize => Value::from(1usize),
            Ty::Bool => Value::from(false),
            // one item: the first position of an axis (every axis has length 1)
            Ty::Index => Value::from(0i64),
            Ty::List(_) | Ty::Opt(_) => unreachable!("not a leaf"),
        })
    }
    fn list(&mut self, of: &Ty, p: &Param) -> Result<Value> {
        Ok(match of {
            // an index: the first row, every column (`x[0, :]`)
            Ty::Index => Value::List(vec![Value::from(0i64), Value::from(":")]),
            Ty::Usize => Value::from(&self.shape[..]),
            Ty::Int if p.meta.name == "shape" => Value::from(vec![-1i64]),
            Ty::Int if p.meta.name == "axes" => {
                Value::from((0..self.shape.len() as i64).collect::<Vec<_>>())
            }
            Ty::Int => Value::from(vec![0i64]),
            _ => Value::List(vec![value(self, of, p)?, value(self, of, p)?]),
        })
    }
    fn keyword(&mut self, p: &Param, creation: bool) -> Option<Result<Value>> {
        match (creation, p.meta.kind) {
            (true, ParamKind::Dtype) => Some(Ok(Value::Dtype(self.dtype))),
            (true, ParamKind::Device) => Some(Ok(Value::Device(self.device))),
            // an optional single axis: the last one (`cumulative_sum` needs one for rank 2)
            _ if p.meta.name == "axis" && p.meta.ty.replace(' ', "") == "Option<i64>" => {
                Some(Ok(Value::from(-1i64)))
            }
            _ => None,
        }
    }
}

/// A call's description, `op(arg, …, kw = arg)`: each array or Container is shown by the
/// next of `notes` (what its generator recorded, in generation order), else by its dtype and
/// shape.
pub fn describe(name: &str, args: &Args, notes: &[String]) -> String {
    let mut notes = notes.iter();
    let mut parts: Vec<String> = args
        .positional
        .iter()
        .map(|v| show(v, &mut notes))
        .collect();
    for (k, v) in &args.keywords {
        parts.push(format!("{k} = {}", show(v, &mut notes)));
    }
    format!("{name}({})", parts.join(", "))
}

/// One value of a call, for messages (see [`describe`]).
pub fn show(v: &Value, notes: &mut std::slice::Iter<'_, String>) -> String {
    match v {
        Value::Array(a) => notes
            .next()
            .cloned()
            .unwrap_or_else(|| format!("{}:{}{:?}", a.backend(), a.dtype(), a.shape())),
        Value::Container(c) => notes
            .next()
            .cloned()
            .unwrap_or_else(|| format!("container({} leaves)", c.leaves().count())),
        Value::List(l) => {
            let items: Vec<String> = l.iter().map(|x| show(x, notes)).collect();
            format!("[{}]", items.join(", "))
        }
        Value::Scalar(s) => format!("{s:?}"),
        Value::Dtype(d) => d.to_string(),
        Value::Device(d) => d.to_string(),
        Value::Backend(b) => b.to_string(),
        Value::Str(s) => format!("{s:?}"),
        other => format!("{other:?}"),
    }
}

/// The variant name of an error (`Shape`, `InvalidArgument`, …): what the suites compare
/// when two calls should fail alike.
pub fn variant(e: &Error) -> String {
    format!("{e:?}")
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect()
}

thread_local! {
    static QUIET: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    static LAST_PANIC: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
}

/// `Ok` where candle can put arrays on `cuda:0` (a build with the `cuda` feature on a
/// machine with a CUDA GPU), else why not: the GPU tests' probe, asked once per process.
pub fn candle_cuda() -> &'static std::result::Result<(), String> {
    static PROBE: std::sync::OnceLock<std::result::Result<(), String>> = std::sync::OnceLock::new();
    PROBE.get_or_init(|| {
        ivy::with_backend(Backend::Candle, || {
            ivy::to_device(&ivy::asarray([1.0f32])?, Device::Cuda(0))
        })
        .map(drop)
        .map_err(|e| e.to_string())
    })
}

/// Runs `f` catching a panic without printing it (the suites report it with the call): the
/// panic's message and location on `Err`. One panic hook for the whole suite, installed on
/// first use; panics outside `guarded` print as usual.
pub fn guarded<R>(f: impl FnOnce() -> R) -> std::result::Result<R, String> {
    static HOOK: std::sync::Once = std::sync::Once::new();
    HOOK.call_once(|| {
        let prev = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !QUIET.with(|q| q.get()) {
                return prev(info);
            }
            let msg = if let Some(s) = info.payload().downcast_ref::<&str>() {
                s.to_string()
            } else if let Some(s) = info.payload().downcast_ref::<String>() {
                s.clone()
            } else {
                "<non-string panic>".into()
            };
            let loc = info
                .location()
                .map(|l| format!(" at {}:{}", l.file(), l.line()))
                .unwrap_or_default();
            LAST_PANIC.with(|p| *p.borrow_mut() = format!("{msg}{loc}"));
        }));
    });
    let was = QUIET.with(|q| q.replace(true));
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
    QUIET.with(|q| q.set(was));
    r.map_err(|_| LAST_PANIC.with(|p| p.borrow().clone()))
}
