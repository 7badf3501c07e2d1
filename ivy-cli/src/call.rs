//! `ivy call OP ARGS… [--backend B] [--dtype D] [--kw NAME=VALUE …] [--json]`: runs any op
//! of the registry on literal inputs, through the dynamic op table
//! ([`ivy::registry::call`]), and prints the result.
//!
//! Each argument is a literal: a number (`3`, `-2.5`, `nan`, `inf`, `1e-3`), a complex number
//! (`1+2j`, `-0.5j`), `true`/`false`, `null`/`None`, a word (`float32`, `cpu`, `cuda:0`,
//! `candle`, `real floating`), a quoted string, a (nested) list (`[[1, 2], [3, 4]]`) or, for
//! Containers, an object (`{"a": [1, 2], "b": {"c": 3}}`). What the literal becomes is
//! decided by the parameter it fills (its [`ArgType`] in the op's metadata, the macro's reading of the declared type):
//! an array for an array parameter (`ivy::asarray` on the chosen backend, `--dtype` if
//! given), an array for a list and a scalar for a number where an operand goes, nested values
//! for `asarray`'s `obj`, a dtype, a device, a backend, a list of ints for a shape or axes, an
//! index for `get_item` / `set_item` (`'[0, "1:", null]'` is `x[0, 1:, None]`; an inner list
//! is an integer array or a bool mask), and so on. A literal the parameter cannot take is passed as what it looks like, so the op's
//! own typed error (`argument `x` must be an array, got a dtype`) reports it.

use crate::json::{self, value, Ordered};
use crate::{CliError, CliResult};
use ivy::backends::NdArray;
use ivy::elem::Elem;
use ivy::registry::{self, FromValue, Value};
use ivy::{Array, AsarrayKw, Backend, Container, Data, Device, Dtype, NativeArray, Scalar};
use ivy_core::{ArgType, DtypeKind, Node, ParamMeta};
use serde_json::Value as Json;

/// What `ivy call` was asked.
#[derive(Debug, Default, PartialEq)]
pub struct Request {
    /// The op's name.
    pub op: String,
    /// The positional arguments, as literals.
    pub args: Vec<String>,
    /// `--kw NAME=VALUE`, in order.
    pub kws: Vec<String>,
    /// `--backend` (ndarray when left out).
    pub backend: Option<String>,
    /// `--dtype`: the dtype of array literals.
    pub dtype: Option<String>,
    /// `--json`.
    pub json: bool,
}

impl Request {
    /// Takes the options out of the arguments: clap hands every word after the first
    /// argument over as an argument (so that `-inf` and `-1` are literals), options included
    /// (`ivy call add 1 2 --backend candle`). Nothing after `--` is an option.
    pub fn take_options(mut self) -> CliResult<Request> {
        let raw = std::mem::take(&mut self.args);
        let mut words = raw.into_iter();
        while let Some(w) = words.next() {
            if w == "--" {
                self.args.extend(words.by_ref());
                break;
            }
            let Some(flag) = w
                .strip_prefix("--")
                .filter(|f| f.starts_with(char::is_alphabetic))
            else {
                self.args.push(w);
                continue;
            };
            let (name, inline) = match flag.split_once('=') {
                Some((n, v)) => (n, Some(v.to_string())),
                None => (flag, None),
            };
            let mut value = |name: &str| {
                inline
                    .clone()
                    .or_else(|| words.next())
                    .ok_or_else(|| CliError::Usage(format!("`--{name}` needs a value")))
            };
            match name {
                "json" if inline.is_none() => self.json = true,
                "backend" => self.backend = Some(value(name)?),
                "dtype" => self.dtype = Some(value(name)?),
                "kw" => self.kws.push(value(name)?),
                _ => {
                    return Err(CliError::Usage(format!(
                        "unknown option `{w}` of `ivy call` (options: --backend B, --dtype D, \
                         --kw NAME=VALUE, --json; put `--` before literals that start with `--`)"
                    )))
                }
            }
        }
        Ok(self)
    }
}

/// `ivy call`.
pub fn run(req: Request) -> CliResult {
    let req = req.take_options()?;
    let backend = match &req.backend {
        Some(b) => b
            .parse::<Backend>()
            .map_err(|e| CliError::Usage(e.to_string()))?,
        None => Backend::Ndarray,
    };
    let dtype = req
        .dtype
        .as_deref()
        .map(crate::catalog::parse_dtype)
        .transpose()?;
    let result = no_panic(&req.op, || ivy::with_backend(backend, || call(&req, dtype)))?;
    if req.json {
        return json::print(&Ordered::object([
            ("op", value(req.op.as_str())),
            ("backend", value(backend.as_str())),
            ("result", value_json(&result)?),
        ]));
    }
    outln!("{}", human(&result)?);
    if let Value::Array(a) = &result {
        outln!("{}", array_line(a));
    }
    Ok(())
}

/// Runs `f`, turning a panic inside ivy or a backend (a bug: ops return typed errors) into a
/// one-line error instead of a crash.
fn no_panic<T>(op: &str, f: impl FnOnce() -> CliResult<T>) -> CliResult<T> {
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
    std::panic::set_hook(hook);
    r.unwrap_or_else(|payload| {
        let msg = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "no message".into());
        let msg: Vec<&str> = msg
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        Err(CliError::Other(format!(
            "`{op}` failed inside ivy or its backend without a typed error (a bug): {}",
            msg.join("; ")
        )))
    })
}

/// A literal as error messages quote it (long ones cut).
fn quote(text: &str) -> String {
    const MAX: usize = 40;
    if text.chars().count() <= MAX {
        text.to_string()
    } else {
        format!("{}…", text.chars().take(MAX).collect::<String>())
    }
}

/// Converts the literals and calls the op (under the chosen backend).
fn call(req: &Request, dtype: Option<Dtype>) -> CliResult<Value> {
    let cx = Cx { op: &req.op, dtype };
    // An unknown op: the registry's own error (with its "did you mean").
    let params: &[ParamMeta] = registry::op(&req.op).map_or(&[], |e| e.meta.params);
    let positional: Vec<&ParamMeta> = params.iter().filter(|p| !p.keyword).collect();
    // With the wrong number of arguments, or for an op that takes a type no literal gives
    // (a closure, a generic type), the literals go as they look: the call's typed error
    // (arity, not callable) says what is wrong.
    let typed = positional.len() == req.args.len() && params.iter().all(|p| p.arg.is_known());

    let mut args = Vec::with_capacity(req.args.len());
    for (i, text) in req.args.iter().enumerate() {
        let lit = parse_literal(text)
            .map_err(|e| CliError::Usage(format!("argument {} (`{}`): {e}", i + 1, quote(text))))?;
        let v = match positional.get(i) {
            Some(p) if typed => cx.convert(&lit, &p.arg, p.name)?,
            Some(p) => cx.generic(&lit, p.name)?,
            None => cx.generic(&lit, &format!("argument {}", i + 1))?,
        };
        args.push(v);
    }

    let mut kws: Vec<(&str, Value)> = Vec::with_capacity(req.kws.len());
    for kw in &req.kws {
        let (name, text) = kw.split_once('=').ok_or_else(|| {
            CliError::Usage(format!(
                "--kw `{kw}`: expected NAME=VALUE (e.g. `--kw axis=[0]`)"
            ))
        })?;
        let name = name.trim();
        if kws.iter().any(|(n, _)| *n == name) {
            return Err(CliError::Usage(format!(
                "--kw `{name}` is given twice: give each keyword once"
            )));
        }
        let lit = parse_literal(text)
            .map_err(|e| CliError::Usage(format!("keyword `{name}` (`{}`): {e}", quote(text))))?;
        let v = match params.iter().find(|p| p.keyword && p.name == name) {
            Some(p) if typed => cx.convert(&lit, &p.arg, p.name)?,
            // `out=`: an array the op's `_out` form writes into (its dtype kept)
            None if name == "out" && matches!(lit, Lit::List(_)) => {
                Value::Array(cx.array(&lit, "out")?)
            }
            // An unknown keyword: `call` names the op's keywords.
            _ => cx.generic(&lit, name)?,
        };
        kws.push((name, v));
    }
    registry::call(&req.op, &args, &kws).map_err(call_error)
}

/// Argument errors of a call by name are bad arguments (exit code 2); the op's own failures
/// and ops that cannot be called by name are ivy errors (exit code 1).
fn call_error(e: ivy::Error) -> CliError {
    match e {
        // more positional arguments than the op takes: its keywords may be what was meant
        // (`ivy call arange 0 10`: `stop` is a keyword here)
        ivy::Error::Arity {
            op, expected, got, ..
        } if got > expected => {
            let kws: Vec<&str> = registry::meta(op)
                .map(|m| {
                    m.params
                        .iter()
                        .filter(|p| p.keyword)
                        .map(|p| p.name)
                        .collect()
                })
                .unwrap_or_default();
            let mut msg = e.to_string();
            if let Some(first) = kws.first() {
                msg.push_str(&format!(
                    "; its keyword arguments ({}) go with `--kw NAME=VALUE`, e.g. `--kw {first}=…`",
                    kws.join(", ")
                ));
            }
            CliError::Usage(msg)
        }
        ivy::Error::UnknownOp { .. }
        | ivy::Error::Arity { .. }
        | ivy::Error::ArgumentKind { .. }
        | ivy::Error::UnknownKeyword { .. } => CliError::Usage(e.to_string()),
        e => CliError::Ivy(e),
    }
}

// ---------------------------------------------------------------- literals

/// A parsed command-line literal.
#[derive(Clone, Debug, PartialEq)]
enum Lit {
    Null,
    Bool(bool),
    /// An int of int64's or uint64's range (a Python int numpy takes: ivy's `Scalar::Int`,
    /// whose value must fit the dtype it meets; one above int64 is uint64 data on its own).
    Int(i128),
    Float(f64),
    Complex(f64, f64),
    /// A word or a quoted string.
    Str {
        text: String,
        quoted: bool,
    },
    List(Vec<Lit>),
    /// `{key: value, …}` (a Container).
    Object(Vec<(String, Lit)>),
}

/// Parses one literal. A literal that does not start with a bracket or a quote is one atom,
/// spaces and colons included (`cuda:0`, `real floating`, `1+2j`).
fn parse_literal(text: &str) -> Result<Lit, String> {
    let t = text.trim();
    if t.is_empty() {
        return Err("empty literal".into());
    }
    if !t.starts_with(['[', '{', '"', '\'']) {
        return atom(t);
    }
    let mut p = Parser {
        chars: t.chars().collect(),
        pos: 0,
        depth: 0,
    };
    let lit = p.value()?;
    p.skip_ws();
    if p.pos < p.chars.len() {
        return Err(format!(
            "unexpected `{}` after the literal",
            p.chars[p.pos..].iter().collect::<String>()
        ));
    }
    Ok(lit)
}

/// A bare word: null, a bool, an int, a float, a complex number, or text. An int is an
/// int64, or a uint64 above `i64::MAX`; beyond both it is an error (numpy's OverflowError),
/// not a float.
fn atom(t: &str) -> Result<Lit, String> {
    match t {
        "null" | "None" | "none" => return Ok(Lit::Null),
        "true" | "True" => return Ok(Lit::Bool(true)),
        "false" | "False" => return Ok(Lit::Bool(false)),
        "nan" | "NaN" | "+nan" | "-nan" => return Ok(Lit::Float(f64::NAN)),
        "inf" | "+inf" | "infinity" | "Infinity" => return Ok(Lit::Float(f64::INFINITY)),
        "-inf" | "-infinity" | "-Infinity" => return Ok(Lit::Float(f64::NEG_INFINITY)),
        _ => {}
    }
    let numeric = t.starts_with(|c: char| c.is_ascii_digit() || matches!(c, '-' | '+' | '.'));
    if numeric {
        let digits = t.strip_prefix(['-', '+']).unwrap_or(t);
        if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
            if let Ok(i) = t.parse::<i64>() {
                return Ok(Lit::Int(i.into()));
            }
            if let Ok(u) = t.strip_prefix('+').unwrap_or(t).parse::<u64>() {
                return Ok(Lit::Int(u.into()));
            }
            return Err(format!(
                "the int {t} is out of range of int64 and uint64 ({} to {}), the widest integer \
                 dtypes (numpy raises OverflowError); write it as a float (e.g. `{}`) for a \
                 float",
                i64::MIN,
                u64::MAX,
                float_form(t)
            ));
        }
        if let Ok(f) = t.parse::<f64>() {
            return Ok(Lit::Float(f));
        }
    }
    if let Some(c) = complex(t) {
        return Ok(c);
    }
    Ok(Lit::Str {
        text: t.to_string(),
        quoted: false,
    })
}

/// An integer's digits written as a float literal (`99999999999999999999` → `1e20`).
fn float_form(t: &str) -> String {
    format!("{:e}", t.parse::<f64>().unwrap_or(f64::INFINITY))
}

/// `1+2j`, `-1.5-0.5j`, `2j`, `1e-3+1e3j` (Python's complex literals).
fn complex(t: &str) -> Option<Lit> {
    let body = t.strip_suffix(['j', 'J'])?;
    let real = |s: &str| {
        s.strip_prefix('+')
            .unwrap_or(s)
            .parse::<f64>()
            .ok()
            .filter(|_| s.starts_with(|c: char| c.is_ascii_digit() || matches!(c, '-' | '+' | '.')))
    };
    let imag = |s: &str| match s {
        "" | "+" => Some(1.0),
        "-" => Some(-1.0),
        s => real(s),
    };
    // The sign between the two parts: the last `+`/`-` not at the start nor after an `e`.
    let bytes = body.as_bytes();
    let split = (1..bytes.len())
        .rev()
        .find(|&i| matches!(bytes[i], b'+' | b'-') && !matches!(bytes[i - 1], b'e' | b'E'));
    match split {
        Some(i) => Some(Lit::Complex(real(&body[..i])?, imag(&body[i..])?)),
        None if body.is_empty() => None,
        None => Some(Lit::Complex(0.0, imag(body)?)),
    }
}

/// The parser of bracketed literals.
struct Parser {
    chars: Vec<char>,
    pos: usize,
    depth: usize,
}

/// How deeply lists and objects may nest (arrays have at most a few dozen dimensions).
const MAX_DEPTH: usize = 64;

impl Parser {
    fn skip_ws(&mut self) {
        while self.chars.get(self.pos).is_some_and(|c| c.is_whitespace()) {
            self.pos += 1;
        }
    }

    fn peek(&mut self) -> Option<char> {
        self.skip_ws();
        self.chars.get(self.pos).copied()
    }

    fn expect(&mut self, c: char) -> Result<(), String> {
        match self.peek() {
            Some(x) if x == c => {
                self.pos += 1;
                Ok(())
            }
            Some(x) => Err(format!("expected `{c}`, found `{x}`")),
            None => Err(format!("expected `{c}`, found the end")),
        }
    }

    fn value(&mut self) -> Result<Lit, String> {
        if matches!(self.peek(), Some('[' | '{')) {
            self.depth += 1;
            if self.depth > MAX_DEPTH {
                return Err(format!("lists nested more than {MAX_DEPTH} deep"));
            }
            let v = self.nested();
            self.depth -= 1;
            return v;
        }
        self.nested()
    }

    /// A list, an object, a quoted string or an atom.
    fn nested(&mut self) -> Result<Lit, String> {
        match self.peek() {
            Some('[') => {
                self.pos += 1;
                let mut items = Vec::new();
                loop {
                    if self.peek() == Some(']') {
                        self.pos += 1;
                        return Ok(Lit::List(items));
                    }
                    items.push(self.value()?);
                    match self.peek() {
                        Some(',') => self.pos += 1,
                        Some(']') => {}
                        Some(x) => return Err(format!("expected `,` or `]`, found `{x}`")),
                        None => return Err("unclosed `[`".into()),
                    }
                }
            }
            Some('{') => {
                self.pos += 1;
                let mut items: Vec<(String, Lit)> = Vec::new();
                loop {
                    if self.peek() == Some('}') {
                        self.pos += 1;
                        return Ok(Lit::Object(items));
                    }
                    let key = match self.peek() {
                        Some(q @ ('"' | '\'')) => self.quoted(q)?,
                        Some(_) => self.until(&[':', ',', '}', '{', '[', ']'])?,
                        None => return Err("unclosed `{`".into()),
                    };
                    self.expect(':')?;
                    let v = self.value()?;
                    if items.iter().any(|(k, _)| *k == key) {
                        return Err(format!("key `{key}` given twice"));
                    }
                    items.push((key, v));
                    match self.peek() {
                        Some(',') => self.pos += 1,
                        Some('}') => {}
                        Some(x) => return Err(format!("expected `,` or `}}`, found `{x}`")),
                        None => return Err("unclosed `{`".into()),
                    }
                }
            }
            Some(q @ ('"' | '\'')) => Ok(Lit::Str {
                text: self.quoted(q)?,
                quoted: true,
            }),
            Some(_) => atom(&self.until(&[',', ']', '}', '[', '{'])?),
            None => Err("expected a value, found the end".into()),
        }
    }

    /// A quoted string (`\` escapes the next character).
    fn quoted(&mut self, q: char) -> Result<String, String> {
        self.pos += 1;
        let mut s = String::new();
        while let Some(&c) = self.chars.get(self.pos) {
            self.pos += 1;
            match c {
                '\\' => {
                    let next = self.chars.get(self.pos).copied().ok_or("unclosed string")?;
                    s.push(next);
                    self.pos += 1;
                }
                c if c == q => return Ok(s),
                c => s.push(c),
            }
        }
        Err("unclosed string".into())
    }

    /// Text up to one of `stops`, trimmed (not empty).
    fn until(&mut self, stops: &[char]) -> Result<String, String> {
        let start = self.pos;
        while self.chars.get(self.pos).is_some_and(|c| !stops.contains(c)) {
            self.pos += 1;
        }
        let s: String = self.chars[start..self.pos].iter().collect();
        let s = s.trim();
        if s.is_empty() {
            return Err(match self.chars.get(self.pos) {
                Some(c) => format!("expected a value, found `{c}`"),
                None => "expected a value, found the end".into(),
            });
        }
        Ok(s.to_string())
    }
}

// ---------------------------------------------------------------- parameters

/// What the conversions need: the op (for messages) and the dtype of array literals.
struct Cx<'a> {
    op: &'a str,
    dtype: Option<Dtype>,
}

impl Cx<'_> {
    /// The value of `lit` for a parameter taking `target`; a literal of another kind goes as
    /// it looks ([`generic`](Self::generic)), for the call's typed error.
    fn convert(&self, lit: &Lit, target: &ArgType, param: &str) -> CliResult<Value> {
        let bad =
            |e: ivy::Error| CliError::Usage(format!("`{}`: argument `{param}`: {e}", self.op));
        let word = match lit {
            Lit::Str { text, .. } => Some(text.as_str()),
            _ => None,
        };
        let v = match target {
            ArgType::Optional(_) if *lit == Lit::Null => Some(Value::None),
            ArgType::Optional(t) => return self.convert(lit, t, param),
            ArgType::List(t) => match lit {
                Lit::List(items) => Some(Value::List(
                    items
                        .iter()
                        .map(|x| self.convert(x, t, param))
                        .collect::<CliResult<_>>()?,
                )),
                _ => return self.convert(lit, t, param),
            },
            ArgType::Array | ArgType::ArrayMut => match data(lit) {
                Some(_) => Some(Value::Array(self.array(lit, param)?)),
                None => None,
            },
            ArgType::Operand if matches!(lit, Lit::List(_)) => {
                Some(Value::Array(self.array(lit, param)?))
            }
            ArgType::Operand | ArgType::Scalar => scalar(lit).map(Value::Scalar),
            ArgType::Container => match lit {
                Lit::Object(items) => Some(Value::Container(self.container(items, param, "")?)),
                _ => None,
            },
            // `--dtype` is the data's dtype, as for every array literal
            ArgType::Data if data(lit).is_some() && self.dtype.is_some() => {
                Some(Value::Array(self.array(lit, param)?))
            }
            ArgType::Data => data(lit),
            // a dtype name, or an array literal (its dtype: `--dtype`, else inferred)
            ArgType::DtypeLike if word.is_none() && data(lit).is_some() => {
                Some(Value::Array(self.array(lit, param)?))
            }
            ArgType::Dtype | ArgType::DtypeLike => word
                .map(|w| w.parse::<Dtype>().map(Value::Dtype).map_err(bad))
                .transpose()?,
            ArgType::Device => word
                .map(|w| w.parse::<Device>().map(Value::Device).map_err(bad))
                .transpose()?,
            ArgType::Backend => word
                .map(|w| w.parse::<Backend>().map(Value::Backend).map_err(bad))
                .transpose()?,
            ArgType::Str | ArgType::NativeDtype => word.map(Value::from),
            ArgType::Float => match *lit {
                Lit::Int(i) => Some(Value::Scalar(Scalar::Float(i as f64))),
                Lit::Float(f) => Some(Value::Scalar(Scalar::Float(f))),
                _ => None,
            },
            ArgType::Int | ArgType::Uint => match *lit {
                Lit::Int(i) if i >= 0 || *target == ArgType::Int => {
                    Some(Value::Scalar(Scalar::Int(i)))
                }
                Lit::Int(_) | Lit::Float(_) | Lit::Bool(_) | Lit::Complex(..) => {
                    let expected = if *target == ArgType::Int {
                        "an int"
                    } else {
                        "a non-negative int"
                    };
                    return Err(CliError::Usage(format!(
                        "`{}`: argument `{param}` takes {expected}, got {}",
                        self.op,
                        py_scalar(scalar(lit).unwrap_or(Scalar::Int(0)))
                    )));
                }
                _ => None,
            },
            ArgType::Bool => match *lit {
                Lit::Bool(b) => Some(Value::Scalar(Scalar::Bool(b))),
                _ => None,
            },
            // an index item: an int, `null` (a new axis), text (`1:5:2`, `...`, `newaxis`),
            // or a list: an integer array or a bool mask (numpy's `x[[0, 2]]`), made
            // without `--dtype` (which is for the data)
            ArgType::Index => match lit {
                Lit::Int(i) => Some(Value::Scalar(Scalar::Int(*i))),
                Lit::Null => Some(Value::None),
                Lit::Str { text, .. } => Some(Value::Str(text.clone())),
                Lit::List(_) if data(lit).is_some() => {
                    Some(Value::Array(self.array_as(lit, param, None)?))
                }
                _ => None,
            },
            ArgType::Opaque => None,
        };
        match v {
            Some(v) => Ok(v),
            None => self.generic(lit, param),
        }
    }

    /// A literal as it looks: null, a scalar, a dtype (a dtype name), text, a list of those,
    /// or a Container (an object whose leaves are array literals: else the leaf's error).
    fn generic(&self, lit: &Lit, param: &str) -> CliResult<Value> {
        Ok(match lit {
            Lit::Null => Value::None,
            Lit::Str { text, quoted } => match text.parse::<Dtype>() {
                Ok(d) if !quoted => Value::Dtype(d),
                _ => Value::Str(text.clone()),
            },
            Lit::List(items) => Value::List(
                items
                    .iter()
                    .map(|x| self.generic(x, param))
                    .collect::<CliResult<_>>()?,
            ),
            // an object is a Container: a leaf that makes no array is that leaf's error
            // (its key named), not a Container turned into text
            Lit::Object(items) => Value::Container(self.container(items, param, "")?),
            _ => scalar(lit).map_or(Value::None, Value::Scalar),
        })
    }

    /// An array literal on the current backend (`--dtype` if given).
    fn array(&self, lit: &Lit, param: &str) -> CliResult<Array> {
        self.array_as(lit, param, self.dtype)
    }

    /// An array literal on the current backend, of `dtype` if given (else inferred).
    fn array_as(&self, lit: &Lit, param: &str, dtype: Option<Dtype>) -> CliResult<Array> {
        let v = data(lit).ok_or_else(|| {
            CliError::Usage(format!(
                "`{}`: argument `{param}`: not an array literal (numbers, bools or complex numbers, \
                 in nested lists)",
                self.op
            ))
        })?;
        let d = Data::from_value(&v).ok_or_else(|| {
            CliError::Usage(format!(
                "`{}`: argument `{param}`: nested lists must be rectangular (every list of one \
                 depth the same length) and hold numbers or bools",
                self.op
            ))
        })?;
        // the array is the called op's argument: its errors name that op, not `asarray`
        ivy::asarray_with(
            d,
            AsarrayKw {
                dtype,
                device: None,
                copy: None,
            },
        )
        .map_err(|e| match registry::meta(self.op) {
            Ok(m) => e.with_op(m.name).into(),
            Err(_) => e.into(),
        })
    }

    /// A Container: each key an array literal or a nested object.
    fn container(&self, items: &[(String, Lit)], param: &str, chain: &str) -> CliResult<Container> {
        let mut c = Container::new();
        for (k, v) in items {
            let kc = if chain.is_empty() {
                k.clone()
            } else {
                format!("{chain}/{k}")
            };
            let node = match v {
                Lit::Object(inner) => Node::Nest(self.container(inner, param, &kc)?),
                leaf => Node::Leaf(self.array(leaf, &format!("{param}[{kc}]"))?),
            };
            c.insert_node(k, node);
        }
        Ok(c)
    }
}

/// A scalar literal.
fn scalar(lit: &Lit) -> Option<Scalar> {
    Some(match *lit {
        Lit::Bool(b) => Scalar::Bool(b),
        Lit::Int(i) => Scalar::Int(i),
        Lit::Float(f) => Scalar::Float(f),
        Lit::Complex(r, i) => Scalar::Complex(r, i),
        _ => return None,
    })
}

/// Nested values (`asarray`'s `obj`): a scalar or a nested list of scalars.
fn data(lit: &Lit) -> Option<Value> {
    match lit {
        Lit::List(items) => items
            .iter()
            .map(data)
            .collect::<Option<_>>()
            .map(Value::List),
        l => scalar(l).map(Value::Scalar),
    }
}

// ---------------------------------------------------------------- output

/// `dtype: float32, shape: [2], backend: candle, device: cpu`.
fn array_line(a: &Array) -> String {
    format!(
        "dtype: {}, shape: {:?}, backend: {}, device: {}",
        a.dtype(),
        a.shape(),
        a.backend(),
        a.device()
    )
}

/// A float as Python prints it: `3.0`, `0.1`, `1e-07`-style exponents, `nan`, `inf`.
fn py_float(f: f64) -> String {
    if f.is_nan() {
        "nan".into()
    } else if f.is_infinite() {
        if f > 0.0 { "inf" } else { "-inf" }.into()
    } else {
        format!("{f:?}")
    }
}

fn py_scalar(s: Scalar) -> String {
    match s {
        Scalar::Bool(b) => if b { "True" } else { "False" }.into(),
        Scalar::Int(i) => i.to_string(),
        Scalar::Float(f) => py_float(f),
        Scalar::Complex(r, i) => {
            let im = py_float(i);
            let sign = if im.starts_with('-') { "" } else { "+" };
            format!("({}{sign}{im}j)", py_float(r))
        }
    }
}

/// A value, readably: arrays in Ivy's repr, a record one field a line, a list inline when
/// its items fit on one line.
fn human(v: &Value) -> CliResult<String> {
    Ok(match v {
        Value::None => "None".into(),
        Value::Scalar(s) => py_scalar(*s),
        Value::Array(a) => a.to_string(),
        Value::Container(c) => c.to_string(),
        Value::Dtype(d) => d.to_string(),
        Value::Device(d) => d.to_string(),
        Value::Backend(b) => b.to_string(),
        Value::Str(s) => s.clone(),
        Value::List(items) => {
            let parts: Vec<String> = items.iter().map(human).collect::<CliResult<_>>()?;
            if parts.iter().any(|p| p.contains('\n'))
                || items.iter().any(|i| matches!(i, Value::Array(_)))
            {
                let mut out = String::new();
                for (i, (p, item)) in parts.iter().zip(items).enumerate() {
                    if i > 0 {
                        out.push('\n');
                    }
                    let prefix = format!("[{i}] ");
                    out.push_str(&prefix);
                    out.push_str(&p.replace('\n', &format!("\n{}", " ".repeat(prefix.len()))));
                    if let Value::Array(a) = item {
                        out.push_str(&format!("\n{}{}", " ".repeat(prefix.len()), array_line(a)));
                    }
                }
                out
            } else {
                format!("[{}]", parts.join(", "))
            }
        }
        Value::Record(fields) => {
            let width = fields.iter().map(|(k, _)| k.len()).max().unwrap_or(0);
            fields
                .iter()
                .map(|(k, v)| {
                    Ok(format!(
                        "{:<w$} {}",
                        format!("{k}:"),
                        human(v)?,
                        w = width + 1
                    ))
                })
                .collect::<CliResult<Vec<_>>>()?
                .join("\n")
        }
        other => format!("{other:?}"),
    })
}

/// A float in JSON: a number, or `"nan"`, `"inf"`, `"-inf"`.
fn json_float(f: f64) -> Json {
    if f.is_finite() {
        Json::from(f)
    } else {
        Json::from(py_float(f))
    }
}

fn json_scalar(s: Scalar) -> Json {
    match s {
        Scalar::Bool(b) => Json::from(b),
        // JSON numbers of int64's and uint64's ranges (an `i128` beyond both as a float)
        Scalar::Int(i) => i64::try_from(i)
            .map(Json::from)
            .or_else(|_| u64::try_from(i).map(Json::from))
            .unwrap_or_else(|_| Json::from(i as f64)),
        Scalar::Float(f) => json_float(f),
        Scalar::Complex(r, i) => Json::from(vec![json_float(r), json_float(i)]),
    }
}

fn kind_value(kind: &str, v: Json) -> Ordered {
    Ordered::object([("kind", value(kind)), ("value", Ordered::Value(v))])
}

/// A result as JSON: `{"kind": "array", "dtype", "shape", "device", "values"}`, `{"kind":
/// "scalar", "type", "value"}`, `{"kind": "dtype" | "device" | "backend" | "str", "value"}`,
/// `{"kind": "none", "value": null}`, `{"kind": "list", "items"}`, `{"kind": "record",
/// "fields"}`, `{"kind": "container", "items"}`. Floats that are not finite are `"nan"`,
/// `"inf"`, `"-inf"`; complex numbers `[re, im]`.
fn value_json(v: &Value) -> CliResult<Ordered> {
    Ok(match v {
        Value::None => kind_value("none", Json::Null),
        Value::Scalar(s) => {
            let ty = match s {
                Scalar::Bool(_) => "bool",
                Scalar::Int(_) => "int",
                Scalar::Float(_) => "float",
                Scalar::Complex(..) => "complex",
            };
            Ordered::object([
                ("kind", value("scalar")),
                ("type", value(ty)),
                ("value", Ordered::Value(json_scalar(*s))),
            ])
        }
        Value::Array(a) => array_json(a)?,
        Value::Container(c) => container_json(c)?,
        Value::Dtype(d) => kind_value("dtype", Json::from(d.as_str())),
        Value::Device(d) => kind_value("device", Json::from(d.to_string())),
        Value::Backend(b) => kind_value("backend", Json::from(b.as_str())),
        Value::Str(s) => kind_value("str", Json::from(s.as_str())),
        Value::List(items) => Ordered::object([
            ("kind", value("list")),
            (
                "items",
                Ordered::List(items.iter().map(value_json).collect::<CliResult<_>>()?),
            ),
        ]),
        Value::Record(fields) => Ordered::object([
            ("kind", value("record")),
            (
                "fields",
                Ordered::object(
                    fields
                        .iter()
                        .map(|(k, v)| Ok((*k, value_json(v)?)))
                        .collect::<CliResult<Vec<_>>>()?,
                ),
            ),
        ]),
        other => kind_value("other", Json::from(format!("{other:?}"))),
    })
}

fn container_json(c: &Container) -> CliResult<Ordered> {
    let items = c
        .iter()
        .map(|(k, node)| {
            Ok((
                k,
                match node {
                    Node::Leaf(a) => array_json(a)?,
                    Node::Nest(c) => container_json(c)?,
                },
            ))
        })
        .collect::<CliResult<Vec<_>>>()?;
    Ok(Ordered::object([
        ("kind", value("container")),
        ("items", Ordered::object(items)),
    ]))
}

fn array_json(a: &Array) -> CliResult<Ordered> {
    let flat = cells(a)?;
    Ok(Ordered::object([
        ("kind", value("array")),
        ("dtype", value(a.dtype().as_str())),
        ("shape", value(a.shape().to_vec())),
        ("device", value(a.device().to_string())),
        ("values", Ordered::Value(nest(&flat, a.shape()))),
    ]))
}

/// Row-major values nested by `shape` (a 0-d array is its one value).
fn nest(flat: &[Json], shape: &[usize]) -> Json {
    match shape.split_first() {
        None => flat.first().cloned().unwrap_or(Json::Null),
        Some((&n, rest)) => {
            let step: usize = rest.iter().product();
            Json::Array(
                (0..n)
                    .map(|i| nest(flat.get(i * step..(i + 1) * step).unwrap_or(&[]), rest))
                    .collect(),
            )
        }
    }
}

/// The values of an array, row-major, as JSON: exact integers, floats printed as short as
/// their dtype allows (`0.1` for a float32 0.1), complex numbers as `[re, im]`.
fn cells(a: &Array) -> CliResult<Vec<Json>> {
    let nd = a.to_backend(Backend::Ndarray)?;
    let NativeArray::Ndarray(x) = nd.native() else {
        return Err(CliError::Other("cannot read the array's values".into()));
    };
    macro_rules! each {
        ($($v:ident),*) => {
            match x {
                $(NdArray::$v(x) => x.view().iter().map(|e| cell(*e)).collect(),)*
            }
        };
    }
    Ok(each!(
        Int8, Int16, Int32, Int64, Uint8, Uint16, Uint32, Uint64, Bool, Bfloat16, Float16, Float32,
        Float64, Complex64, Complex128
    ))
}

fn cell<T: Elem>(e: T) -> Json {
    // Floats of a narrow dtype print through their own shortest form (f32 0.1 is 0.1).
    let short = |f: f64| -> f64 {
        if T::DTYPE.bits() < 64 && !matches!(T::DTYPE, Dtype::Complex128) {
            (f as f32).to_string().parse().unwrap_or(f)
        } else {
            f
        }
    };
    match T::DTYPE.kind() {
        DtypeKind::Bool => Json::from(e.to_i128() != 0),
        DtypeKind::Int | DtypeKind::Uint => {
            let i = e.to_i128();
            i64::try_from(i)
                .map(Json::from)
                .or_else(|_| u64::try_from(i).map(Json::from))
                .unwrap_or_else(|_| Json::from(i.to_string()))
        }
        DtypeKind::Float => json_float(short(e.to_f64())),
        DtypeKind::Complex => {
            let c = e.to_c128();
            Json::from(vec![json_float(short(c.re)), json_float(short(c.im))])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(t: &str) -> Lit {
        Lit::Str {
            text: t.into(),
            quoted: false,
        }
    }

    #[test]
    fn literals() {
        assert_eq!(parse_literal("3"), Ok(Lit::Int(3)));
        // ints above int64 are uint64; beyond, an error (never a float)
        assert_eq!(parse_literal("9223372036854775808"), Ok(Lit::Int(1 << 63)));
        assert_eq!(
            parse_literal("[18446744073709551615]"),
            Ok(Lit::List(vec![Lit::Int(u64::MAX.into())]))
        );
        assert!(parse_literal("18446744073709551616").is_err());
        assert!(parse_literal("[1, -9223372036854775809]").is_err());
        assert_eq!(parse_literal("1e20"), Ok(Lit::Float(1e20)));
        assert_eq!(parse_literal("-2.5"), Ok(Lit::Float(-2.5)));
        assert_eq!(parse_literal("-inf"), Ok(Lit::Float(f64::NEG_INFINITY)));
        assert!(matches!(parse_literal("nan"), Ok(Lit::Float(f)) if f.is_nan()));
        assert_eq!(parse_literal("1+2j"), Ok(Lit::Complex(1.0, 2.0)));
        assert_eq!(
            parse_literal("-1.5e-3-0.5j"),
            Ok(Lit::Complex(-1.5e-3, -0.5))
        );
        assert_eq!(parse_literal("2j"), Ok(Lit::Complex(0.0, 2.0)));
        assert_eq!(parse_literal("true"), Ok(Lit::Bool(true)));
        assert_eq!(parse_literal("None"), Ok(Lit::Null));
        assert_eq!(parse_literal("float32"), Ok(s("float32")));
        assert_eq!(parse_literal("cuda:0"), Ok(s("cuda:0")));
        assert_eq!(parse_literal("real floating"), Ok(s("real floating")));
        assert_eq!(
            parse_literal("[[1, 2.5], [nan, 1+1j]]").map(|l| format!("{l:?}")),
            Ok(format!(
                "{:?}",
                Lit::List(vec![
                    Lit::List(vec![Lit::Int(1), Lit::Float(2.5)]),
                    Lit::List(vec![Lit::Float(f64::NAN), Lit::Complex(1.0, 1.0)]),
                ])
            ))
        );
        assert_eq!(
            parse_literal(r#"{"a": [1], b: {c: 2}}"#),
            Ok(Lit::Object(vec![
                ("a".into(), Lit::List(vec![Lit::Int(1)])),
                ("b".into(), Lit::Object(vec![("c".into(), Lit::Int(2))])),
            ]))
        );
        assert_eq!(parse_literal("[]"), Ok(Lit::List(vec![])));
        assert_eq!(
            parse_literal("['a b', \"c\"]"),
            Ok(Lit::List(vec![
                Lit::Str {
                    text: "a b".into(),
                    quoted: true
                },
                Lit::Str {
                    text: "c".into(),
                    quoted: true
                },
            ]))
        );
        for bad in ["", "[1, 2", "[1,, 2]", "[1] x", "{a 1}", "\"abc"] {
            assert!(parse_literal(bad).is_err(), "{bad:?} parsed");
        }
    }

    #[test]
    fn opaque_types_are_not_callable() {
        assert!(ArgType::Optional(&ArgType::List(&ArgType::Int)).is_known());
        assert!(ArgType::List(&ArgType::Array).is_known());
        assert!(!ArgType::Optional(&ArgType::Opaque).is_known());
    }
}
