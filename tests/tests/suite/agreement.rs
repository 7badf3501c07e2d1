//! ndarray and candle agree (issue 6, "Done when"): for every op of the registry that
//! computes on arrays, with float32, float64 and int32 inputs (random values including
//! negatives, zeros, -0.0, large values, NaN and ±inf for floats, integer extremes; shapes
//! 0-d, empty and broadcasting), both backends give the same dtype, the same shape and the
//! same values within the tolerance below — or both fail with the same `Error` variant.
//!
//! No row per op: every op of `ivy::registry::ops()` is called by name
//! (`ivy::registry::call`) with arguments generated from its parameter metadata ([`Ag`],
//! a [`Source`] of `ivy_tests`), built on ndarray and copied to candle (`to_backend`), so
//! both backends get the same inputs. An op is compared for the input dtypes both backends
//! declare it supports (all of them for standalone ops). It does not apply — printed with
//! the reason — when it takes no array and is not a creation op (it computes nothing on a
//! backend: dtype logic, and answers about the backend itself, which differ by design), or
//! when no input dtype is supported on both; an op the registry declares not callable by
//! name is printed with its reason. [`every_op_is_covered`] fails for any other op that no
//! case compared, and for an op whose parameter types the generator has no rule for.
//!
//! The generated arguments, by parameter type:
//! - arrays (and operands, `&mut` arrays): the first of a call has the case's input dtype
//!   and the first shape of a pair of [`PAIRS`] (equal, broadcasting, empty, and two that do
//!   not broadcast), the second the second shape and mostly the same dtype (else another
//!   of the three), and so on alternately; an operand is sometimes a scalar (NaN, ±inf,
//!   1e300, `1 << 40`, …); a Container holds two such arrays; a list of arrays is two (of
//!   one shape half the time); indices (`#[index]`) are `[0, -1, 0]` as int64;
//! - an index (`get_item` / `set_item`'s `query`): items for the first array's leading
//!   axes — ints in range, slices with random bounds and steps (negative too), `":"`,
//!   int64 arrays of one shared length, masks — sometimes an ellipsis and a new axis
//!   (`None`), and one case in eight rejected (an out-of-range int, a step of 0, one item
//!   too many); an operand drawn after an index is mostly a scalar (a value written into
//!   a selection, which any scalar fits);
//! - a shape (`&[usize]`): the pair's broadcast shape (else its second shape), so
//!   `broadcast_to` mostly succeeds; a list of ints named `shape`: `[-1]`, `[n]`, `[1, -1]`
//!   or `[n, 1]` for the first array's size `n`; axes: the first array's axes of length 1
//!   when it has some, else `[0]`, `[-1]` or `[0, -1]`; an int: `-1` or `0`;
//! - a scalar: a small int or float, or a value beyond any size (±inf, NaN, 1e300,
//!   `i64::MIN`/`MAX`) — never a size in between, as a scalar may set the result's size
//!   (`arange`); `Data`: values of any of the three dtypes in any shape;
//! - a float: a bound (±inf, ±1e30, 0, 0.5, …; sometimes NaN), a second float mostly not
//!   below the first (ordered bounds); a dtype: one both backends hold; text: the input
//!   dtype's name (a key of the generated Containers);
//! - keywords keep their defaults, except: a creation op's `dtype` (mostly the input dtype;
//!   its `device` stays `cpu`), and, in 30% of the cases, any other keyword (a float
//!   keyword — epsilon-like — from 1e-7, 1e-3, 0.25; an option `None` or a value).
//!
//! Tolerances, by what the result is (not by op name), in units in the last place (ULP) of
//! the result dtype; integer and bool results are compared exactly; NaN equals NaN; +0.0
//! equals -0.0:
//! - a float result with fewer elements than the largest input (a reduction: `sum`,
//!   `cross_entropy`): the summation order may differ, so
//!   `|a - b| ≤ n · eps · Σ|xᵢ| + 4 ULP` (the classic bound of recursive summation; `n` the
//!   elements of the largest input, `Σ|xᵢ|` over the finite values of every input, `eps`
//!   the coarsest of the result's and the float inputs' dtypes: a body may compute in an
//!   input's dtype before promoting, `cross_entropy`'s `log` of float32 `pred`); where
//!   `Σ|xᵢ|` exceeds the dtype's range, partial sums may overflow in one order only, and a
//!   non-finite result on one side is accepted; integer sums are exact and wrap on overflow
//!   (issue 6);
//! - a mixed op run natively on one backend and by its compositional body on the other
//!   (none in the library today: `softplus` is overridden on both; a body like
//!   `log(exp(x) + 1)` rounds `1 + exp(x)` to the dtype): `4 · eps · max(1, |result|)`, and
//!   an infinity on one side only is accepted (an intermediate of the body may overflow:
//!   `exp(x)` for x > 88.5 in float32);
//! - any other float result: 4 ULP (libm-quality functions: `tan`, `log`, `exp`, `sin`;
//!   one IEEE operation per element — arithmetic, casts, creation — is exact on both, well
//!   within it).
//!
//! Rules this file checks where the issue leaves the choice to the implementation (the
//! lead's choices):
//! - float → integer conversion (`astype`, `full` of a float into an int dtype, `asarray`,
//!   `sum(dtype = int32)` of float input) is Rust's saturating `as`: NaN → 0, ±inf and
//!   out-of-range values → the dtype's min / max, fractions truncated toward zero
//!   ([`float_to_int_is_saturating_as`]);
//! - a NaN `clip` bound is `Error::InvalidArgument` on both backends
//!   ([`clip_nan_bound_is_invalid_argument`]);
//! - integer sums wrap (two's complement) on both backends ([`integer_sums_wrap`]).
//!
//! An error stating a documented limitation of one backend (`InplaceNotInBackend`: candle's
//! tensors are immutable, so `ensure_in_backend = true` is refused there;
//! `CopyNotAvoidable`: a `copy = false` that one backend's storage cannot honour, such as
//! `reshape` of an array whose layout needs a copy) is not a disagreement.
//!
//! The same comparison runs against candle on `cuda:0` ([`candle_on_cuda_agrees`]) in a
//! build with the `cuda` feature on a machine with a CUDA GPU: the candle copy of every
//! input, and every device argument, on `cuda:0`; a call given no array run with `cuda:0` as
//! the default device; every array of candle's result on `cuda:0`; the dtypes compared those
//! candle declares on `cuda:0`. Without a GPU that test prints why it is skipped.
//!
//! Run: `cargo test -p ivy-tests --test suite agreement::` (about a second of test time).

use ivy::prelude::*;
use ivy::registry::{support, Value};
use ivy::{Error, OpKind};
use ivy_core::OpEntry;
use ivy_tests::{
    describe, fill, guarded, is_creation, nested, plans, value, variant, Param, Plan, Rng, Source,
    Ty,
};
use std::collections::{BTreeMap, BTreeSet};

/// Cases per op and input dtype.
const CASES: usize = 60;
const SEED: u64 = 0x0005_eeda_92ee;
const DTYPES: [Dtype; 3] = [Dtype::Float32, Dtype::Float64, Dtype::Int32];

// ======================================================================== inputs

/// An input array: values, shape and dtype.
#[derive(Clone, Debug)]
struct In {
    vals: Vec<Scalar>,
    shape: Vec<usize>,
    dtype: Dtype,
}

impl In {
    /// The array, on the current backend.
    fn build(&self) -> ivy::Result<Array> {
        ivy::asarray_with(
            Data::from(self.vals.clone()).reshape(&self.shape)?,
            AsarrayKw {
                dtype: Some(self.dtype),
                device: None,
                copy: None,
            },
        )
    }
    /// Σ|xᵢ| over the finite values, as f64 (the scale of a sum's rounding error).
    fn abs_sum(&self) -> f64 {
        self.vals
            .iter()
            .map(|v| v.to_f64().abs())
            .filter(|v| v.is_finite())
            .sum()
    }
}

fn float_vals(g: &mut Rng, d: Dtype, n: usize) -> Vec<Scalar> {
    let f32_pool: &[f64] = &[
        0.0,
        -0.0,
        1.0,
        -1.0,
        0.5,
        -2.5,
        3.0,
        1e-40,
        1e-30,
        1e30,
        -1e30,
        3e38,
        -3e38,
        88.5,
        -104.0,
        16777217.0,
        f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
    ];
    let f64_pool: &[f64] = &[
        0.0,
        -0.0,
        1.0,
        -1.0,
        0.5,
        -2.5,
        3.0,
        5e-324,
        1e-300,
        1e300,
        -1e300,
        1.7e308,
        709.5,
        -745.0,
        9007199254740993.0,
        f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
    ];
    let pool = if d == Dtype::Float32 {
        f32_pool
    } else {
        f64_pool
    };
    (0..n)
        .map(|_| {
            Scalar::Float(if g.chance(0.5) {
                g.uniform(-10.0, 10.0)
            } else {
                g.pick(pool)
            })
        })
        .collect()
}

fn int_vals(g: &mut Rng, n: usize) -> Vec<Scalar> {
    let pool: &[i64] = &[
        0,
        1,
        -1,
        2,
        -7,
        100,
        -100,
        i32::MAX as i64,
        i32::MIN as i64,
        65536,
        46341,
        -46341,
    ];
    (0..n)
        .map(|_| {
            Scalar::Int(if g.chance(0.5) {
                g.below(41) as i128 - 20
            } else {
                g.pick(pool).into()
            })
        })
        .collect()
}

fn input(g: &mut Rng, d: Dtype, shape: &[usize]) -> In {
    let n = shape.iter().product();
    let vals = if d.is_int() {
        int_vals(g, n)
    } else {
        float_vals(g, d, n)
    };
    In {
        vals,
        shape: shape.to_vec(),
        dtype: d,
    }
}

const SHAPES: &[&[usize]] = &[&[], &[0], &[1], &[5], &[2, 3], &[2, 0, 3], &[3, 1, 2]];

/// Shape pairs: equal, broadcasting, empty, and two that do not broadcast; several are also
/// matrix products (`[k]·[k]`, `[m, k]·[k]`, `[m, 1]·[1, n]`, square stacks).
const PAIRS: &[(&[usize], &[usize])] = &[
    (&[], &[]),
    (&[4], &[4]),
    (&[2, 3], &[3]),
    (&[2, 1], &[1, 3]),
    (&[], &[2, 2]),
    (&[3, 1], &[]),
    (&[0], &[1]),
    (&[2, 0], &[1, 0]),
    (&[2], &[3]),
    (&[2, 3], &[3, 2]),
    (&[1, 3], &[1, 3]),
    (&[2, 1, 3], &[2, 1, 3]),
    (&[3, 3], &[3, 3]),
    (&[2, 2, 2], &[2, 2]),
];

/// The broadcast shape of `a` and `b`, if they broadcast.
fn broadcast(a: &[usize], b: &[usize]) -> Option<Vec<usize>> {
    let n = a.len().max(b.len());
    let at = |s: &[usize], i: usize| {
        if i + s.len() >= n {
            s[i + s.len() - n]
        } else {
            1
        }
    };
    (0..n)
        .map(|i| match (at(a, i), at(b, i)) {
            (x, y) if x == y || y == 1 => Some(x),
            (1, y) => Some(y),
            _ => None,
        })
        .collect()
}

// ======================================================================== the generator

/// A scalar argument: small, or beyond any size (a scalar may set a result's size).
fn scalar(g: &mut Rng) -> Scalar {
    match g.below(10) {
        0..=3 => Scalar::Int(g.range_i64(-10, 10).into()),
        4..=8 => Scalar::Float(g.pick(&[0.5, -1.5, 2.5, 0.1, 0.25, -0.0, 1.0, 3.3, -7.0])),
        _ => g.pick(&[
            Scalar::Float(f64::NAN),
            Scalar::Float(f64::INFINITY),
            Scalar::Float(f64::NEG_INFINITY),
            Scalar::Float(1e300),
            Scalar::Float(-1e300),
            Scalar::Int(i64::MIN.into()),
            Scalar::Int(i64::MAX.into()),
        ]),
    }
}

/// A scalar operand (never a size).
fn operand_scalar(g: &mut Rng) -> Scalar {
    if g.chance(0.5) {
        Scalar::Float(g.pick(&[2.5, -0.0, f64::NAN, f64::INFINITY, 1e300, 3.0]))
    } else {
        Scalar::Int(g.pick(&[0, 3, -2, i32::MAX as i128, 1 << 40]))
    }
}

/// Bounds (positional floats).
const BOUNDS: [f64; 10] = [
    f64::NEG_INFINITY,
    -1.0,
    0.0,
    0.5,
    2.0,
    100.0,
    f64::INFINITY,
    1e30,
    -1e30,
    3e9,
];

/// The dtypes both backends hold.
fn common_dtypes() -> Vec<Dtype> {
    Backend::Ndarray
        .valid_dtypes()
        .intersection(Backend::Candle.valid_dtypes())
        .iter()
        .collect()
}

/// The arguments of one case (see the file's top comment), built on the current backend.
struct Ag<'a> {
    g: &'a mut Rng,
    /// The case's input dtype.
    d: Dtype,
    /// The case's shape pair.
    pair: (Vec<usize>, Vec<usize>),
    /// What each generated array or Container holds (for the report).
    notes: Vec<String>,
    /// The positional floats drawn so far.
    floats: Vec<f64>,
    /// Σ|xᵢ| over every input's finite values; the most elements of one input.
    abs_sum: f64,
    max_in: usize,
    /// The coarsest `eps` of the float inputs' dtypes (0 without one).
    in_eps: f64,
    /// An index was drawn: the operands after it are values written into a selection.
    indexed: bool,
}

impl<'a> Ag<'a> {
    fn new(g: &'a mut Rng, d: Dtype) -> Ag<'a> {
        let (a, b) = g.pick(PAIRS);
        Ag {
            g,
            d,
            pair: (a.to_vec(), b.to_vec()),
            notes: Vec::new(),
            floats: Vec::new(),
            abs_sum: 0.0,
            max_in: 0,
            in_eps: 0.0,
            indexed: false,
        }
    }
    /// The array of input slot `slot`: alternately the pair's shapes; the first of the
    /// case's dtype, the others mostly too.
    fn array(&mut self, slot: usize) -> ivy::Result<(Array, String)> {
        let shape = if slot.is_multiple_of(2) {
            self.pair.0.clone()
        } else {
            self.pair.1.clone()
        };
        let d = if slot == 0 || self.g.chance(0.6) {
            self.d
        } else {
            self.g.pick(&DTYPES)
        };
        let x = input(self.g, d, &shape);
        self.abs_sum += x.abs_sum();
        self.max_in = self.max_in.max(x.vals.len());
        if d.is_float() {
            self.in_eps = self.in_eps.max(eps(d));
        }
        Ok((x.build()?, format!("{x:?}")))
    }
    fn text(&self) -> &'static str {
        self.d.as_str()
    }
    /// An int64 array of `vals` in `shape` (index arrays), noted.
    fn int_array(&mut self, vals: Vec<i64>, shape: &[usize]) -> ivy::Result<Value> {
        let i = In {
            vals: vals.into_iter().map(Scalar::from).collect(),
            shape: shape.to_vec(),
            dtype: Dtype::Int64,
        };
        self.notes.push(format!("indices {i:?}"));
        Ok(Value::Array(i.build()?))
    }
    /// One index item for an axis of length `n`: an int, a slice (bounds out of range too,
    /// negative steps), every position, an integer array of `len` positions, a mask.
    fn index_item(&mut self, n: usize, len: usize) -> ivy::Result<Value> {
        let ni = n as i64;
        let pos = |g: &mut Rng| g.range_i64(-ni, ni - 1);
        Ok(match self.g.below(8) {
            0 | 1 if n > 0 => Value::from(pos(self.g)),
            2 | 3 => {
                let bound = |g: &mut Rng| {
                    if g.chance(0.4) {
                        String::new()
                    } else {
                        g.range_i64(-ni - 2, ni + 2).to_string()
                    }
                };
                let (a, b) = (bound(self.g), bound(self.g));
                let step = self.g.pick(&[1i64, 2, -1, -2, 3]);
                Value::Str(format!("{a}:{b}:{step}"))
            }
            4 | 5 if n > 0 => {
                let vals = (0..len).map(|_| pos(self.g)).collect();
                self.int_array(vals, &[len])?
            }
            6 => {
                let m = In {
                    vals: (0..n).map(|_| Scalar::Bool(self.g.chance(0.5))).collect(),
                    shape: vec![n],
                    dtype: Dtype::Bool,
                };
                self.notes.push(format!("mask {m:?}"));
                Value::Array(m.build()?)
            }
            _ => Value::from(":"),
        })
    }
    /// An index for the first array (shape `pair.0`): items for its leading axes, maybe
    /// an ellipsis and new axes; one in eight rejected (an out-of-range int, a step of 0,
    /// one item too many), which both backends must reject alike.
    fn index(&mut self) -> ivy::Result<Value> {
        self.indexed = true;
        let shape = self.pair.0.clone();
        let nd = shape.len();
        let len = self.g.pick(&[1usize, 2, 3]);
        let k = self.g.below(nd + 1);
        let mut items = Vec::new();
        for &n in &shape[..k] {
            items.push(self.index_item(n, len)?);
        }
        if self.g.chance(0.3) {
            let at = self.g.below(items.len() + 1);
            items.insert(at.min(k), Value::from("..."));
        }
        if self.g.chance(0.3) {
            let at = self.g.below(items.len() + 1);
            items.insert(at, Value::None);
        }
        if self.g.chance(0.125) {
            let n = shape.first().copied().unwrap_or(0) as i64;
            items = match self.g.below(3) {
                0 => vec![Value::from(self.g.pick(&[n, -n - 1, i64::MAX]))],
                1 => vec![Value::from("::0")],
                _ => (0..=nd).map(|_| Value::from(0i64)).collect(),
            };
        }
        Ok(Value::List(items))
    }
}

impl Source for Ag<'_> {
    fn leaf(&mut self, ty: &Ty, p: &Param) -> ivy::Result<Value> {
        let slot = p.slot.unwrap_or(0);
        Ok(match ty {
            // a value written into a selection: mostly a scalar (it fits any selection)
            Ty::Operand if self.indexed && self.g.chance(0.6) => {
                Value::Scalar(operand_scalar(self.g))
            }
            Ty::Operand if self.g.chance(0.15) => Value::Scalar(operand_scalar(self.g)),
            // indices (`#[index]`): 0 and -1, in range of any axis that is not empty
            Ty::Array if p.meta.kind == ivy_core::ParamKind::Index => {
                let i = In {
                    vals: vec![Scalar::Int(0), Scalar::Int(-1), Scalar::Int(0)],
                    shape: vec![3],
                    dtype: Dtype::Int64,
                };
                self.notes.push(format!("indices {i:?}"));
                Value::Array(i.build()?)
            }
            Ty::Array | Ty::ArrayMut | Ty::Operand => {
                let (a, note) = self.array(slot)?;
                self.notes.push(note);
                Value::Array(a)
            }
            Ty::Container => {
                let (a, na) = self.array(slot)?;
                let (b, nb) = self.array(slot + 1)?;
                let mut c = Container::new();
                c.insert(self.text(), a);
                c.insert("b", b);
                self.notes
                    .push(format!("container{{{}: {na}, b: {nb}}}", self.text()));
                Value::Container(c)
            }
            Ty::Scalar => Value::Scalar(scalar(self.g)),
            Ty::Data => {
                let src = self.g.pick(&DTYPES);
                let shape = self.g.pick(SHAPES);
                nested(&input(self.g, src, shape).vals, shape)
            }
            Ty::Dtype => Value::Dtype(self.g.pick(&common_dtypes())),
            // a dtype query's `Union[dtype, array]`: either
            Ty::DtypeLike if self.g.chance(0.5) => {
                let (a, note) = self.array(slot)?;
                self.notes.push(note);
                Value::Array(a)
            }
            Ty::DtypeLike => Value::Dtype(self.g.pick(&common_dtypes())),
            Ty::Device => Value::Device(Device::Cpu),
            Ty::Backend => ivy::current_backend().map_or(Value::None, Value::Backend),
            Ty::NativeDtype => Value::Str(ivy_tests::native_name(self.d)?),
            Ty::Str => Value::from(self.text()),
            Ty::Float => {
                let mut v = if self.g.chance(1.0 / 24.0) {
                    f64::NAN
                } else {
                    self.g.pick(&BOUNDS)
                };
                if let Some(&prev) = self.floats.last() {
                    if self.g.chance(0.8) {
                        v = v.max(prev);
                    }
                }
                self.floats.push(v);
                Value::from(v)
            }
            Ty::Int => Value::from(self.g.pick(&[-1i64, 0])),
            Ty::Usize => Value::from(self.g.below(4)),
            Ty::Bool => Value::from(self.g.chance(0.5)),
            Ty::Index => {
                let n = self.pair.0.first().copied().unwrap_or(1);
                self.index_item(n, 2)?
            }
            Ty::List(_) | Ty::Opt(_) => unreachable!("not a leaf"),
        })
    }
    fn list(&mut self, of: &Ty, p: &Param) -> ivy::Result<Value> {
        Ok(match of {
            // an index of the first array
            Ty::Index => self.index()?,
            Ty::Usize => {
                let (a, b) = &self.pair;
                Value::from(&broadcast(a, b).unwrap_or_else(|| b.clone())[..])
            }
            // a target shape (`reshape`): `[-1]`, or the first array's size
            Ty::Int if p.meta.name == "shape" => {
                let n = self.pair.0.iter().product::<usize>() as i64;
                Value::from(
                    self.g
                        .pick(&[vec![-1i64], vec![n], vec![1, -1], vec![n, 1]]),
                )
            }
            // a list named `axes` (`permute_dims`): a permutation of the first array's axes
            Ty::Int if p.meta.name == "axes" && self.g.chance(0.75) => {
                let n = self.pair.0.len() as i64;
                let mut axes: Vec<i64> = (0..n).collect();
                if self.g.chance(0.5) {
                    axes.reverse();
                }
                Value::from(axes)
            }
            Ty::Int => {
                // the first array's axes of length 1 when it has some (where `squeeze` applies)
                let ones: Vec<i64> = (0..self.pair.0.len() as i64)
                    .filter(|&i| self.pair.0[i as usize] == 1)
                    .collect();
                if !ones.is_empty() {
                    Value::from(ones)
                } else {
                    Value::from(self.g.pick(&[vec![0i64], vec![-1], vec![0, -1]]))
                }
            }
            Ty::Array => {
                // two arrays of one shape half the time (`stack`), else the pair's shapes
                let (a, na) = self.array(0)?;
                let slot = if self.g.chance(0.5) { 2 } else { 1 };
                let (b, nb) = self.array(slot)?;
                self.notes.push(na);
                self.notes.push(nb);
                Value::List(vec![Value::Array(a), Value::Array(b)])
            }
            _ => Value::List(vec![value(self, of, p)?, value(self, of, p)?]),
        })
    }
    fn option(&mut self, of: &Ty, p: &Param) -> ivy::Result<Value> {
        // an optional array (`searchsorted`'s `sorter`) must hold valid positions: mostly none
        let none = if matches!(of, Ty::Array) { 0.8 } else { 0.4 };
        if self.g.chance(none) {
            Ok(Value::None)
        } else {
            value(self, of, p)
        }
    }
    fn keyword(&mut self, p: &Param, creation: bool) -> Option<ivy::Result<Value>> {
        use ivy_core::ParamKind as K;
        match (creation, p.meta.kind) {
            (true, K::Dtype) => self.g.chance(0.8).then_some(Ok(Value::Dtype(self.d))),
            (_, K::Device) => None,
            _ if !self.g.chance(0.3) => None,
            _ if p.ty == Ty::Float => Some(Ok(Value::from(self.g.pick(&[1e-7, 1e-3, 0.25])))),
            _ => Some(value(self, &p.ty, p)),
        }
    }
}

// ======================================================================== comparing

/// How float results are compared (see the file's top comment).
#[derive(Clone, Copy, Debug)]
enum Tol {
    /// Within this many ULP of the result dtype.
    Ulp(u64),
    /// A reduction over `n` values whose finite magnitudes sum to `abs_sum`.
    Reduce { n: usize, abs_sum: f64, in_eps: f64 },
    /// A compositional body against a native kernel.
    Composed,
}

/// What the tolerance of a case's results depends on.
#[derive(Clone, Copy, Debug)]
struct Scale {
    /// The most elements of one input array.
    max_in: usize,
    /// Σ|xᵢ| over the inputs' finite values.
    abs_sum: f64,
    /// The coarsest `eps` of the float inputs' dtypes.
    in_eps: f64,
    /// The op is mixed and native on one backend only.
    composed: bool,
}

impl Scale {
    fn tol(&self, result: &Array) -> Tol {
        if result.size() < self.max_in {
            Tol::Reduce {
                n: self.max_in,
                abs_sum: self.abs_sum,
                in_eps: self.in_eps,
            }
        } else if self.composed {
            Tol::Composed
        } else {
            Tol::Ulp(4)
        }
    }
}

/// Position of a float on the integer line (ULP distance = difference).
fn ordered(v: f64, d: Dtype) -> i128 {
    let (bits, sign_bit) = match d {
        Dtype::Float32 => ((v as f32).to_bits() as u64, 1u64 << 31),
        Dtype::Float16 => (half::f16::from_f64(v).to_bits() as u64, 1 << 15),
        Dtype::Bfloat16 => (half::bf16::from_f64(v).to_bits() as u64, 1 << 15),
        _ => (v.to_bits(), 1 << 63),
    };
    if bits & sign_bit != 0 {
        -((bits & !sign_bit) as i128)
    } else {
        bits as i128
    }
}

fn eps(d: Dtype) -> f64 {
    match d {
        Dtype::Float16 => 9.77e-4,
        Dtype::Bfloat16 => 7.82e-3,
        Dtype::Float32 => f32::EPSILON as f64,
        _ => f64::EPSILON,
    }
}

/// The largest finite value of float dtype `d`.
fn max_finite(d: Dtype) -> f64 {
    match d {
        Dtype::Float16 => 65504.0,
        Dtype::Bfloat16 => 3.38e38,
        Dtype::Float32 => f32::MAX as f64,
        _ => f64::MAX,
    }
}

/// Whether `a` (ndarray) and `b` (candle) agree for an element of dtype `d`.
fn close(a: f64, b: f64, d: Dtype, tol: Tol) -> bool {
    if let Tol::Reduce { abs_sum, .. } = tol {
        // a reduction of products (`matmul`, `vecdot`) whose terms may overflow: inf in one
        // summation order (or with a fused multiply-add) is NaN (inf - inf) in another
        if !a.is_finite() && !b.is_finite() && abs_sum * abs_sum >= max_finite(d) {
            return true;
        }
    }
    if a.is_nan() || b.is_nan() {
        return a.is_nan() && b.is_nan();
    }
    if a == b {
        return true; // also +0 == -0, inf == inf
    }
    if !d.is_float() {
        return false;
    }
    let ulps = (ordered(a, d) - ordered(b, d)).unsigned_abs();
    match tol {
        Tol::Ulp(n) => ulps <= n as u128,
        Tol::Reduce { n, abs_sum, in_eps } => {
            if a.is_finite() && b.is_finite() {
                (a - b).abs() <= n as f64 * eps(d).max(in_eps) * abs_sum || ulps <= 4
            } else {
                // partial sums may overflow in one order only
                abs_sum >= max_finite(d)
            }
        }
        Tol::Composed => {
            a.is_infinite() != b.is_infinite()
                || (a - b).abs() <= 4.0 * eps(d) * a.abs().max(1.0)
                || ulps <= 4
        }
    }
}

/// The reason array results `a` and `b` disagree, if they do.
fn disagreement(a: &Array, b: &Array, scale: Scale) -> Option<String> {
    if a.dtype() != b.dtype() || a.shape() != b.shape() {
        return Some(format!(
            "ndarray gives {} {:?}, candle {} {:?}",
            a.dtype(),
            a.shape(),
            b.dtype(),
            b.shape()
        ));
    }
    let (va, vb) = match (a.to_f64_vec(), b.to_f64_vec()) {
        (Ok(x), Ok(y)) => (x, y),
        (x, y) => return Some(format!("unreadable: {x:?} / {y:?}")),
    };
    let d = a.dtype();
    let tol = scale.tol(a);
    for (i, (x, y)) in va.iter().zip(&vb).enumerate() {
        if !close(*x, *y, d, tol) {
            return Some(format!(
                "element {i}: ndarray {x:?}, candle {y:?} ({d}, tolerance {tol:?}); all: ndarray {va:?}, candle {vb:?}"
            ));
        }
    }
    None
}

/// The reason results `a` (ndarray) and `b` (candle) disagree, if they do: arrays as above,
/// lists and Containers element by element, other values exactly.
fn value_disagreement(a: &Value, b: &Value, scale: Scale) -> Option<String> {
    match (a, b) {
        (Value::Array(x), Value::Array(y)) => disagreement(x, y, scale),
        (Value::List(x), Value::List(y)) if x.len() == y.len() => x
            .iter()
            .zip(y)
            .find_map(|(x, y)| value_disagreement(x, y, scale)),
        (Value::Container(x), Value::Container(y)) => {
            let (kx, ky): (Vec<_>, Vec<_>) = (x.leaves().collect(), y.leaves().collect());
            if kx.len() != ky.len() || kx.iter().zip(&ky).any(|(p, q)| p.0 != q.0) {
                return Some("different Container structures".into());
            }
            kx.iter()
                .zip(&ky)
                .find_map(|(p, q)| disagreement(p.1, q.1, scale))
        }
        (Value::Scalar(x), Value::Scalar(y)) => {
            let same = match (x, y) {
                (Scalar::Float(p), Scalar::Float(q)) => close(*p, *q, Dtype::Float64, Tol::Ulp(0)),
                _ => x == y,
            };
            (!same).then(|| format!("ndarray gives {x:?}, candle {y:?}"))
        }
        (x, y) => {
            let (p, q) = (format!("{x:?}"), format!("{y:?}"));
            (p != q).then(|| format!("ndarray gives {p}, candle {q}"))
        }
    }
}

/// Whether an argument holds an array.
fn holds_array(v: &Value) -> bool {
    match v {
        Value::Array(_) | Value::Container(_) => true,
        Value::List(vs) => vs.iter().any(holds_array),
        _ => false,
    }
}

/// Whether a result holds an array (in a list, a Container) for which `f` holds.
fn any_array(v: &Value, f: &impl Fn(&Array) -> bool) -> bool {
    match v {
        Value::Array(a) => f(a),
        Value::List(vs) => vs.iter().any(|v| any_array(v, f)),
        Value::Container(c) => c.leaves().any(|(_, a)| f(a)),
        _ => false,
    }
}

/// Whether a result holds an array on a backend other than `b`.
fn on_other(v: &Value, b: Backend) -> bool {
    any_array(v, &|a| a.backend() != b)
}

/// Whether a result holds an array on a device other than `d`.
fn off_device(v: &Value, d: Device) -> bool {
    any_array(v, &|a| a.device() != d)
}

/// An error stating a documented limitation of the backend that raised it (candle's
/// immutable tensors refuse `ensure_in_backend`), not a disagreement.
fn is_backend_limitation(e: &Error) -> bool {
    matches!(
        e,
        Error::InplaceNotInBackend { .. } | Error::CopyNotAvoidable { .. }
    )
}

// ======================================================================== the run

/// Why an op is not compared, by a rule on its metadata and support (never its name).
fn not_applicable(entry: &OpEntry, params: &[Param], dev: Device) -> Option<String> {
    if !params.iter().any(|p| p.ty.is_array_like()) && !is_creation(entry.meta, params) {
        return Some(
            "takes no array and is not a creation op: computes nothing on a backend (dtype \
             logic, or answers about the backend itself, which differ by design)"
                .into(),
        );
    }
    if compared_dtypes(entry, dev).is_empty() {
        return Some(format!(
            "no input dtype of float32, float64, int32 is supported on both (candle on {dev})"
        ));
    }
    None
}

/// The input dtypes `entry` is compared for: those both backends declare it supports, and
/// candle on `dev` (every one of [`DTYPES`] for standalone ops).
fn compared_dtypes(entry: &OpEntry, dev: Device) -> Vec<Dtype> {
    DTYPES
        .iter()
        .copied()
        .filter(|&d| {
            Backend::ALL
                .iter()
                .all(|&b| support(entry, b).is_none_or(|r| r.supported.contains(d)))
                && support(entry, Backend::Candle).is_none_or(|r| {
                    r.devices.contains(dev)
                        && !r.device_dtypes[ivy_core::DeviceSet::index(dev)].contains(d)
                })
        })
        .collect()
}

/// The outcome of comparing every op (`cases` cases per op and input dtype).
#[derive(Default)]
struct Run {
    /// Cases run on both backends.
    compared: usize,
    /// Ops with at least one case `Ok` on both backends.
    exercised: BTreeSet<String>,
    /// Ops not compared, with the reason.
    skipped: BTreeMap<String, String>,
    /// (op, what) → (count, first case, detail).
    wrong: BTreeMap<(String, String), (usize, String, String)>,
}

/// FNV-1a of an op's name: its stream's seed.
fn name_hash(name: &str) -> u64 {
    name.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

/// How many times the second pass draws a case's inputs again.
const REDRAWS: usize = 200;

/// Compares `cases` cases per op and input dtype: ndarray on the CPU against candle on
/// `dev`.
fn run(cases: usize, dev: Device) -> Run {
    let mut out = Run::default();
    for (entry, plan) in plans() {
        let name = entry.meta.name;
        // each op draws from its own stream (seeded by its name), so that adding an op
        // leaves every other op's cases as they were
        let params = match plan {
            Ok(Plan::Call(params)) => params,
            Ok(Plan::NotCallable(_)) => continue,
            Err(msg) => {
                out.wrong
                    .insert((name.into(), msg), (1, String::new(), String::new()));
                continue;
            }
        };
        if let Some(why) = not_applicable(entry, &params, dev) {
            out.skipped.insert(name.into(), why);
            continue;
        }
        let composed = entry.meta.kind == OpKind::Mixed
            && support(entry, Backend::Ndarray).map(|r| r.native)
                != support(entry, Backend::Candle).map(|r| r.native);
        let creation = is_creation(entry.meta, &params);
        // A second pass, only for an op whose random inputs mostly fall outside its domain
        // (square matrices, positive-definite ones: the first pass compares too few values),
        // draws each case again until ndarray accepts it. Every other op keeps its first
        // pass, so adding this changed no other op's cases.
        for pass in 0..2 {
            let mut g = Rng(SEED ^ name_hash(name) ^ (pass as u64).wrapping_mul(0x9E37_79B9));
            let mut local = Run::default();
            let (mut both_ok, mut n_cases) = (0, 0);
            for d in compared_dtypes(entry, dev) {
                for _ in 0..cases {
                    n_cases += 1;
                    local.compared += 1;
                    // the second pass draws again (up to REDRAWS times) until ndarray accepts
                    // the inputs
                    let mut tries = 0;
                    let (built, max_in, abs_sum, in_eps, notes) = loop {
                        let mut ag = Ag::new(&mut g, d);
                        let built = ivy::with_backend(Backend::Ndarray, || {
                            fill(entry.meta, &params, &mut ag)
                        });
                        let accepted = |a: &ivy_tests::Args| {
                            let a = a.clone();
                            matches!(
                                guarded(|| ivy::with_backend(Backend::Ndarray, || a.call(name))),
                                Ok(Ok(_))
                            )
                        };
                        tries += 1;
                        if pass == 0 || tries > REDRAWS || built.as_ref().is_ok_and(accepted) {
                            break (built, ag.max_in, ag.abs_sum, ag.in_eps, ag.notes);
                        }
                    };
                    let args = match built {
                        Ok(a) => a,
                        Err(e) => {
                            let what = format!("the inputs cannot be built ({})", variant(&e));
                            let e = local.wrong.entry((name.into(), what)).or_insert((
                                0,
                                String::new(),
                                first_line(&e),
                            ));
                            e.0 += 1;
                            continue;
                        }
                    };
                    let scale = Scale {
                        max_in,
                        abs_sum,
                        in_eps,
                        composed,
                    };
                    let desc = describe(name, &args, &notes);
                    // an op given arrays runs on their backend, whatever the global one: each
                    // backend's call then runs under the other global backend (a creation op,
                    // or a call of scalars only, under its own)
                    let given = !creation
                        && args
                            .positional
                            .iter()
                            .chain(args.keywords.iter().map(|(_, v)| v))
                            .any(holds_array);
                    let global = |b: Backend| match (given, b) {
                        (false, b) => b,
                        (true, Backend::Ndarray) => Backend::Candle,
                        (true, _) => Backend::Ndarray,
                    };
                    // the candle copy first: an in-place op may write ndarray's buffers. It
                    // is on `dev`, its device arguments `dev`; a call given no array makes
                    // its result on the default device, `dev`.
                    let nd_args = args.clone();
                    let cd = guarded(|| {
                        ivy::with_default_device(if given { Device::Cpu } else { dev }, || {
                            ivy::with_backend(global(Backend::Candle), || {
                                args.to_backend(Backend::Candle)?.to_device(dev)?.call(name)
                            })
                        })
                    });
                    let nd = guarded(|| {
                        ivy::with_backend(global(Backend::Ndarray), || nd_args.call(name))
                    });
                    let problem = match (nd, cd) {
                        (Err(p), _) => Some(("ndarray panics".to_string(), p)),
                        (_, Err(p)) => Some(("candle panics".to_string(), p)),
                        (Ok(Ok(a)), Ok(Ok(b)))
                            if given
                                && (on_other(&a, Backend::Ndarray)
                                    || on_other(&b, Backend::Candle)) =>
                        {
                            Some((
                                "a result is not on the inputs' backend".to_string(),
                                format!("ndarray inputs give {a:?}; candle inputs give {b:?}"),
                            ))
                        }
                        (Ok(Ok(_)), Ok(Ok(b))) if off_device(&b, dev) => {
                            Some((format!("a candle result is not on {dev}"), format!("{b:?}")))
                        }
                        (Ok(Ok(a)), Ok(Ok(b))) => {
                            both_ok += 1;
                            value_disagreement(&a, &b, scale).map(|d| {
                                let what = d.split(':').next().unwrap_or("").to_string();
                                (
                                    format!(
                                        "values differ ({})",
                                        what.split_whitespace().next().unwrap_or("")
                                    ),
                                    d,
                                )
                            })
                        }
                        (Ok(Err(x)), Ok(Err(y))) => (variant(&x) != variant(&y)).then(|| {
                            (
                                format!("different errors: {} vs {}", variant(&x), variant(&y)),
                                format!("ndarray: {}; candle: {}", first_line(&x), first_line(&y)),
                            )
                        }),
                        // a backend's documented limitation, on that backend only
                        (_, Ok(Err(y))) if is_backend_limitation(&y) => None,
                        (Ok(Err(x)), _) if is_backend_limitation(&x) => None,
                        (Ok(Ok(_)), Ok(Err(y))) => Some((
                            format!("only candle fails ({})", variant(&y)),
                            first_line(&y),
                        )),
                        (Ok(Err(x)), Ok(Ok(_))) => Some((
                            format!("only ndarray fails ({})", variant(&x)),
                            first_line(&x),
                        )),
                    };
                    if let Some((what, detail)) = problem {
                        let e = out
                            .wrong
                            .entry((name.to_string(), what))
                            .or_insert((0, desc, detail));
                        e.0 += 1;
                    }
                }
            }
            if both_ok > 0 {
                local.exercised.insert(name.into());
            }
            // most cases must compare values, not only errors
            if both_ok * 4 < n_cases {
                local.wrong.insert(
                    (name.to_string(), "too few cases compare values".into()),
                    (
                        both_ok,
                        format!("{both_ok} of {n_cases} cases are Ok on both backends"),
                        String::new(),
                    ),
                );
            }
            let few = local
                .wrong
                .keys()
                .any(|(_, what)| what == "too few cases compare values");
            if pass == 1 || !few {
                out.compared += local.compared;
                out.exercised.extend(local.exercised);
                out.wrong.extend(local.wrong);
                break;
            }
        }
    }
    out
}

#[test]
fn backends_agree() {
    assert_agree(run(CASES, Device::Cpu), "ndarray and candle");
}

/// candle on `cuda:0` agrees with ndarray on the CPU, by the same rules, for the dtypes
/// candle declares on `cuda:0`. It needs a build with the `cuda` feature and a CUDA GPU;
/// without one it prints why it is skipped.
#[test]
fn candle_on_cuda_agrees() {
    if let Err(e) = ivy_tests::candle_cuda() {
        println!("skipped: candle_on_cuda_agrees needs a CUDA GPU through candle: {e}");
        return;
    }
    assert_agree(
        run(CASES, Device::Cuda(0)),
        "ndarray (cpu) and candle (cuda:0)",
    );
}

/// Prints what `r` compared and skipped; fails listing every disagreement.
fn assert_agree(r: Run, who: &str) {
    let mut skipped: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for (op, why) in &r.skipped {
        skipped.entry(why).or_default().push(op);
    }
    println!("agreement: {} cases compared", r.compared);
    for (why, ops) in skipped {
        println!("not applicable ({why}): {}", ops.join(", "));
    }
    let report: Vec<String> = r
        .wrong
        .iter()
        .map(|((op, what), (n, desc, detail))| {
            format!("{op}: {what} — {n}×, e.g. {desc}\n    {detail}")
        })
        .collect();
    assert!(
        report.is_empty(),
        "{who} disagree ({} classes):\n{}",
        report.len(),
        report.join("\n")
    );
}

/// Every op of the registry is compared here (some case is `Ok` on both backends), or does
/// not apply by the rule of [`not_applicable`], or is declared not callable by name.
#[test]
fn every_op_is_covered() {
    // enough cases that an op whose operands are often drawn in a dtype it rejects (an
    // integer-only op given a float second operand) still gets a call through
    let r = run(16, Device::Cpu);
    ivy_tests::assert_every_op_covered("agreement.rs", &r.exercised, &r.skipped);
}

fn first_line(e: &Error) -> String {
    e.to_string().lines().next().unwrap_or("").to_string()
}

// ======================================================================== the chosen rules

fn on_both(f: impl Fn(Backend) -> ivy::Result<()>) {
    for &b in Backend::ALL {
        ivy::with_backend(b, || f(b)).unwrap_or_else(|e| panic!("{b}: {e}"));
    }
}

/// Float → integer conversion is Rust's saturating `as` (NaN → 0) on both backends, for
/// `astype`, `asarray`, `full` and `sum(dtype = int)`.
#[test]
fn float_to_int_is_saturating_as() {
    let xs = [
        f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
        1e10,
        -1e10,
        2147483647.5,
        2147483648.0,
        -2147483649.0,
        -1.5,
        1.9,
        -0.0,
        255.5,
        256.0,
        -1.0,
        4294967296.0,
        9.3e18,
        -9.3e18,
    ];
    let want = |x: f64, to: Dtype| -> f64 {
        match to {
            Dtype::Int16 => x as i16 as f64,
            Dtype::Int32 => x as i32 as f64,
            Dtype::Int64 => x as i64 as f64,
            Dtype::Uint8 => x as u8 as f64,
            Dtype::Uint32 => x as u32 as f64,
            _ => unreachable!(),
        }
    };
    let mut wrong = Vec::new();
    for from in [Dtype::Float32, Dtype::Float64] {
        for to in [
            Dtype::Int16,
            Dtype::Int32,
            Dtype::Int64,
            Dtype::Uint8,
            Dtype::Uint32,
        ] {
            for &b in Backend::ALL {
                let r = ivy::with_backend(b, || -> ivy::Result<Vec<f64>> {
                    let x = ivy::asarray_with(
                        Data::from(xs.to_vec()),
                        AsarrayKw {
                            dtype: Some(from),
                            device: None,
                            copy: None,
                        },
                    )?;
                    ivy::astype(&x, to)?.to_f64_vec()
                });
                // the input is rounded to `from` first
                let expected: Vec<f64> = xs
                    .iter()
                    .map(|&x| {
                        want(
                            if from == Dtype::Float32 {
                                x as f32 as f64
                            } else {
                                x
                            },
                            to,
                        )
                    })
                    .collect();
                match r {
                    Ok(got) if got == expected => {}
                    other => wrong.push(format!("{b}: astype({from} → {to}) of {xs:?}\n    got {other:?}\n    want {expected:?}")),
                }
                // full and asarray take a Python float as numpy does: truncated where that
                // is a value of the dtype, else an error (NaN: no value; ±inf and beyond
                // the range: out of range), not the saturating `as` of an array's floats
                for &x in &[f64::NAN, 1e10, -1e10, -1.5, f64::INFINITY, 2.9] {
                    let w = want(x, to);
                    let fits = x.is_finite() && x.trunc() == w;
                    let f = ivy::with_backend(b, || {
                        ivy::full_with(
                            [1],
                            Scalar::Float(x),
                            FullKw {
                                dtype: Some(to),
                                device: None,
                            },
                        )
                        .and_then(|a| a.to_f64_vec())
                    });
                    let ok = |r: &ivy::Result<Vec<f64>>| match r {
                        Ok(v) => fits && v == &vec![w],
                        Err(ivy::Error::InvalidArgument { .. }) => !fits,
                        Err(_) => false,
                    };
                    if !ok(&f) {
                        wrong.push(format!(
                            "{b}: full([1], {x:?}, dtype {to}) = {f:?}, want [{w}] or an error ({fits})"
                        ));
                    }
                    let a = ivy::with_backend(b, || {
                        ivy::asarray_with(
                            Data::from(vec![x]),
                            AsarrayKw {
                                dtype: Some(to),
                                device: None,
                                copy: None,
                            },
                        )
                        .and_then(|a| a.to_f64_vec())
                    });
                    if !ok(&a) {
                        wrong.push(format!(
                            "{b}: asarray([{x:?}], dtype {to}) = {a:?}, want [{w}] or an error ({fits})"
                        ));
                    }
                }
            }
        }
    }
    // sum(dtype = int32) of a float input: each element converted, then summed (wrapping)
    for &b in Backend::ALL {
        let r = ivy::with_backend(b, || -> ivy::Result<Vec<f64>> {
            let x = ivy::asarray_with(
                Data::from(vec![f64::NAN, 1.9, -1.9, 3e9]),
                AsarrayKw {
                    dtype: Some(Dtype::Float64),
                    device: None,
                    copy: None,
                },
            )?;
            ivy::sum_with(
                &x,
                SumKw {
                    dtype: Some(Dtype::Int32),
                    ..Default::default()
                },
            )?
            .to_f64_vec()
        });
        let want = 0i32
            .wrapping_add(1)
            .wrapping_add(-1)
            .wrapping_add(3e9 as i32) as f64;
        if r.as_ref().ok() != Some(&vec![want]) {
            wrong.push(format!(
                "{b}: sum([NaN, 1.9, -1.9, 3e9], dtype int32) = {r:?}, want [{want}]"
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "float → int conversions that are not saturating `as`:\n{}",
        wrong.join("\n")
    );
}

/// A NaN clip bound is `InvalidArgument` on both backends, for every input dtype; ±inf
/// bounds are fine.
#[test]
fn clip_nan_bound_is_invalid_argument() {
    on_both(|b| {
        for d in [Dtype::Int32, Dtype::Float32, Dtype::Float64, Dtype::Uint8] {
            // uint8 holds -1 as 255 (a cast wraps; `asarray` of a Python -1 is an error)
            let x = ivy::asarray(vec![-1i64, 0, 5])?.astype(d)?;
            for (lo, hi) in [(f64::NAN, 1.0), (0.0, f64::NAN), (f64::NAN, f64::NAN)] {
                match ivy::clip(&x, lo, hi) {
                    Err(Error::InvalidArgument { op: "clip", .. }) => {}
                    other => panic!(
                        "{b}: clip({d} [-1, 0, 5], {lo}, {hi}) = {other:?}, want InvalidArgument"
                    ),
                }
                let mut out = x.clone();
                let before = out.to_f64_vec()?;
                assert!(ivy::clip_out(&x, lo, hi, &mut out).is_err());
                assert_eq!(out.to_f64_vec()?, before, "{b}: out unchanged");
            }
            let y = ivy::clip(&x, f64::NEG_INFINITY, f64::INFINITY)?;
            assert_eq!(
                y.to_f64_vec()?,
                x.to_f64_vec()?,
                "{b}: clip({d}, -inf, inf) is the identity"
            );
        }
        Ok(())
    });
}

/// Integer sums wrap on overflow, identically on both backends (no debug-build panic in
/// candle's kernels), in the standard's dtype: narrow integers widen to the default int /
/// uint dtype (int32 / uint32) first.
#[test]
fn integer_sums_wrap() {
    let cases: Vec<(Dtype, Vec<i64>, i64, Dtype)> = vec![
        (Dtype::Int64, vec![i64::MAX, 1], i64::MIN, Dtype::Int64),
        (Dtype::Int64, vec![i64::MIN, -1], i64::MAX, Dtype::Int64),
        (
            Dtype::Int32,
            vec![i32::MAX as i64, 1],
            i32::MIN as i64,
            Dtype::Int32,
        ),
        (
            Dtype::Int32,
            vec![i32::MIN as i64, -1, -1],
            i32::MAX as i64 - 1,
            Dtype::Int32,
        ),
        (Dtype::Uint8, vec![200, 100], 300, Dtype::Uint32),
        (Dtype::Int16, vec![32767, 32767], 65534, Dtype::Int32),
        (Dtype::Uint32, vec![u32::MAX as i64, 2], 1, Dtype::Uint32),
    ];
    let mut wrong = Vec::new();
    for &b in Backend::ALL {
        for (d, v, want, sum_dtype) in &cases {
            let r = guarded(|| {
                ivy::with_backend(b, || -> ivy::Result<Vec<f64>> {
                    let x = ivy::asarray_with(
                        Data::from(v.clone()),
                        AsarrayKw {
                            dtype: Some(*d),
                            device: None,
                            copy: None,
                        },
                    )?;
                    let s = ivy::sum(&x)?;
                    assert_eq!(s.dtype(), *sum_dtype, "the standard's sum dtype");
                    s.to_f64_vec()
                })
            });
            match r {
                Ok(Ok(got)) if got == vec![*want as f64] => {}
                Ok(other) => wrong.push(format!("{b}: sum({d} {v:?}) = {other:?}, want {want}")),
                Err(p) => wrong.push(format!("{b}: sum({d} {v:?}) panicked: {p}")),
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Large reductions (issue 33): `sum`, `mean`, `var` and `std` of 1e6 and 1e7 float32 and
/// int32 values, on both backends, against an exact reference (float64 over the exact
/// inputs) and against each other. Float32 inputs: within pairwise summation's bound,
/// `(20 + log2 n) · eps` relative (candle's sequential CPU sum was off by 2.2e-4 at 1e6 and
/// 2.7e-3 at 1e7); int32 inputs accumulate in float64 and round once: within 1 ULP of
/// float32.
#[test]
fn large_reductions_are_accurate() {
    let eps = f64::from(f32::EPSILON);
    let mut wrong = Vec::new();
    for n in [1_000_000usize, 10_000_000] {
        let nf = n as f64;
        let pairwise = (20.0 + nf.log2()) * eps;
        // (input, op, reference, relative tolerance)
        let tenth = f64::from(0.1f32);
        let m = (nf - 1.0) / 2.0;
        let var = (nf * nf - 1.0) / 12.0;
        // int32: i % 4889 (sums exact in float64)
        let (period, full) = (4889usize, n / 4889);
        let of_ints = |f: &dyn Fn(f64) -> f64| {
            let per: f64 = (0..period).map(|v| f(v as f64)).sum();
            per * full as f64 + (0..n % period).map(|v| f(v as f64)).sum::<f64>()
        };
        let isum = of_ints(&|v| v);
        let imean = isum / nf;
        let ivar = of_ints(&|v| (v - imean) * (v - imean)) / nf;
        let cases: Vec<(&str, &str, f64, f64)> = vec![
            ("full(0.1)", "sum", nf * tenth, pairwise),
            ("full(0.1)", "mean", tenth, pairwise),
            ("arange", "sum", nf * m, pairwise),
            ("arange", "mean", m, pairwise),
            ("arange", "var", var, pairwise),
            ("arange", "std", var.sqrt(), pairwise),
            ("int32", "sum", isum, eps),
            ("int32", "mean", imean, eps),
            ("int32", "var", ivar, eps),
            ("int32", "std", ivar.sqrt(), eps),
        ];
        let input = |name: &str| -> ivy::Result<Array> {
            let f32kw = || FullKw {
                dtype: Some(Dtype::Float32),
                device: None,
            };
            match name {
                "full(0.1)" => ivy::full_with([n], 0.1, f32kw()),
                "arange" => ivy::astype(&ivy::arange(n as i64)?, Dtype::Float32),
                _ => ivy::remainder(&ivy::astype(&ivy::arange(n as i64)?, Dtype::Int32)?, 4889),
            }
        };
        let mut got: BTreeMap<(&str, &str), Vec<f64>> = BTreeMap::new();
        for &b in Backend::ALL {
            ivy::with_backend(b, || -> ivy::Result<()> {
                for name in ["full(0.1)", "arange", "int32"] {
                    let x = input(name)?;
                    for &(_, op, _, _) in cases.iter().filter(|c| c.0 == name) {
                        let r = match op {
                            // int32's sum is an int32 (wrapping): its float32 sum is asked
                            "sum" => ivy::sum_with(
                                &x,
                                SumKw {
                                    dtype: Some(Dtype::Float32),
                                    ..Default::default()
                                },
                            )?,
                            "mean" => ivy::mean(&x)?,
                            "var" => ivy::var(&x)?,
                            _ => ivy::std(&x)?,
                        };
                        assert_eq!(r.dtype(), Dtype::Float32, "{b}: {op}({name})");
                        got.entry((name, op)).or_default().push(r.to_f64_vec()?[0]);
                    }
                }
                Ok(())
            })
            .unwrap_or_else(|e| panic!("{b}: {e}"));
        }
        for (name, op, want, rel) in cases {
            let vals = &got[&(name, op)];
            let tol = rel * want.abs();
            for (&b, &v) in Backend::ALL.iter().zip(vals) {
                if (v - want).abs() > tol {
                    let e = (v - want) / want;
                    wrong.push(format!(
                        "{b}: {op}({name}) of {n}: {v} vs {want} (relative {e:.2e}, allowed {rel:.1e})"
                    ));
                }
            }
            if (vals[0] - vals[1]).abs() > 2.0 * tol {
                wrong.push(format!(
                    "{op}({name}) of {n}: the backends differ, {vals:?}"
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
