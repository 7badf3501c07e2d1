//! ndarray and candle agree (issue 6, "Done when"): for every op of the registry that
//! computes on arrays, with float32, float64 and int32 inputs (random values including
//! negatives, zeros, -0.0, large values, NaN and ±inf for floats, integer extremes; shapes
//! 0-d, empty and broadcasting), both backends give the same dtype, the same shape and the
//! same values within the tolerance below — or both fail with the same `Error` variant.
//!
//! Each op of `ivy::registry::ops()` has a row in [`row`]: cases to compare, or the reason
//! agreement does not apply ([`Row::NotApplicable`]); an op without a row fails the test
//! ("add a row for op X").
//!
//! Tolerances (in units in the last place of the result dtype; integer results and bool are
//! compared exactly; NaN equals NaN; +0.0 equals -0.0):
//! - exact (0 ULP): creation ops, `asarray`, the like-ops, `astype`, `broadcast_to`,
//!   `broadcast_arrays`, `negative`, `add`, `subtract`, `multiply`, `divide`, `clip`,
//!   `inplace_update`, `type_promote_arrays`, `promote_types_of_inputs`, `stable_divide`,
//!   `sum_leaves` (one IEEE operation per element: correctly rounded on both);
//! - 4 ULP: `tan`, `log`, `exp` (libm-quality functions);
//! - `sum` of floats and `cross_entropy` (reductions): the summation order may differ, so
//!   `|a - b| ≤ n · eps · Σ|xᵢ| + 4 ULP` (the classic bound of recursive summation); float
//!   sum inputs avoid values whose partial sums could overflow in one order and not in the
//!   other; integer sums are exact and wrap on overflow (issue 6).
//!
//! Documented numeric differences:
//! - `softplus`: ndarray runs a native, numerically stable kernel; candle runs the
//!   compositional body `log(exp(x) + 1)` (the op's doc says so), which rounds `1 + exp(x)`
//!   to the dtype: an absolute error up to one eps (float32: 0.0011883342 vs 0.0011882872
//!   at x = -6.73). So softplus is compared within `4 · eps · max(1, |result|)`, and not
//!   at all where `exp(x)` overflows (x > 88.5 for float32, > 709.5 for float64: candle
//!   gives inf, ndarray x). Dtype, shape and the other elements are compared as usual.
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
//! Run: `cargo test -p ivy-tests --test agreement` (about a second of test time).

use ivy::prelude::*;
use ivy::Error;
use ivy_tests::Rng;
use std::collections::BTreeMap;
use std::panic::{catch_unwind, AssertUnwindSafe};

// ======================================================================== PRNG

/// Cases per op and input dtype.
const CASES: usize = 60;
const SEED: u64 = 0x0005_eeda_92ee;
const DTYPES: [Dtype; 3] = [Dtype::Float32, Dtype::Float64, Dtype::Int32];

// ======================================================================== inputs

/// An input array: values, shape and dtype, built on whichever backend is current.
#[derive(Clone, Debug)]
struct In {
    vals: Vec<Scalar>,
    shape: Vec<usize>,
    dtype: Dtype,
}

impl In {
    fn build(&self) -> ivy::Result<Array> {
        ivy::asarray_with(
            Data::from(self.vals.clone()).reshape(&self.shape)?,
            AsarrayKw {
                dtype: Some(self.dtype),
                device: None,
            },
        )
    }
    /// Σ|xᵢ| as f64 (the scale of a sum's rounding error).
    fn abs_sum(&self) -> f64 {
        self.vals.iter().map(|v| v.to_f64().abs()).sum()
    }
}

/// Which values an input may hold.
#[derive(Clone, Copy, PartialEq)]
enum Domain {
    /// Everything: NaN, ±inf, extremes.
    Any,
    /// No value whose partial sums may overflow in one summation order only.
    Summable,
    /// Probabilities (cross_entropy), with a few odd values.
    Unit,
}

fn float_vals(g: &mut Rng, d: Dtype, n: usize, dom: Domain) -> Vec<Scalar> {
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
            let v = match dom {
                Domain::Unit => {
                    if g.chance(0.9) {
                        g.uniform(0.0, 1.0)
                    } else {
                        g.pick(&[0.0, 1.0, -0.5, 2.0, f64::NAN])
                    }
                }
                _ if g.chance(0.5) => g.uniform(-10.0, 10.0),
                Domain::Summable => {
                    let v = g.pick(pool);
                    if v.is_finite() && v.abs() > 1e29 {
                        v.signum() * 1e29
                    } else {
                        v
                    }
                }
                Domain::Any => g.pick(pool),
            };
            Scalar::Float(v)
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
                g.below(41) as i64 - 20
            } else {
                g.pick(pool)
            })
        })
        .collect()
}

fn input(g: &mut Rng, d: Dtype, shape: &[usize], dom: Domain) -> In {
    let n = shape.iter().product();
    let vals = if d.is_int() {
        int_vals(g, n)
    } else {
        float_vals(g, d, n, dom)
    };
    In {
        vals,
        shape: shape.to_vec(),
        dtype: d,
    }
}

fn input_any_shape(g: &mut Rng, d: Dtype, dom: Domain) -> In {
    let s = shape(g);
    input(g, d, &s, dom)
}

const SHAPES: &[&[usize]] = &[&[], &[0], &[1], &[5], &[2, 3], &[2, 0, 3], &[3, 1, 2]];

/// Shape pairs: equal, broadcasting, empty, and two that do not broadcast.
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
];

fn shape(g: &mut Rng) -> Vec<usize> {
    g.pick(SHAPES).to_vec()
}

// ======================================================================== cases

/// How results are compared.
#[derive(Clone, Copy, Debug)]
enum Tol {
    /// Within this many ULP of the result dtype (0: exact).
    Ulp(u64),
    /// A reduction over `n` values whose magnitudes sum to `abs_sum`.
    Sum { n: usize, abs_sum: f64 },
    /// softplus: relative/absolute where comparable (see the file's top comment).
    Softplus,
}

/// One case: a call built from inputs, run on each backend.
struct Case {
    desc: String,
    tol: Tol,
    run: Box<dyn Fn() -> ivy::Result<Vec<Array>>>,
    /// For softplus: the input values (to tell comparable elements).
    inputs: Vec<f64>,
}

fn case(desc: String, tol: Tol, run: impl Fn() -> ivy::Result<Vec<Array>> + 'static) -> Case {
    Case {
        desc,
        tol,
        run: Box::new(run),
        inputs: vec![],
    }
}

/// What agreement means for an op.
enum Row {
    /// Cases for an input dtype.
    Cases(fn(&mut Rng, Dtype) -> Vec<Case>),
    /// Agreement does not apply (why).
    NotApplicable(&'static str),
}

fn row(name: &str) -> Option<Row> {
    use Row::*;
    Some(match name {
        // creation
        "zeros" | "ones" => Cases(|g, d| creation(g, d, false)),
        "full" => Cases(|g, d| creation(g, d, true)),
        "arange" => Cases(arange),
        "asarray" => Cases(asarray),
        "zeros_like" | "ones_like" | "full_like" => Cases(like),
        // data types
        "astype" => Cases(astype),
        "broadcast_to" => Cases(broadcast_to),
        "broadcast_arrays" => Cases(broadcast_arrays),
        "type_promote_arrays" => Cases(|g, d| {
            pairs(g, d, "type_promote_arrays", Tol::Ulp(0), |a, b| {
                let (p, q) = ivy::type_promote_arrays(a, b)?;
                Ok(vec![p, q])
            })
        }),
        "promote_types_of_inputs" => Cases(|g, d| {
            pairs(g, d, "promote_types_of_inputs", Tol::Ulp(0), |a, b| {
                let (p, q) = ivy::promote_types_of_inputs(a, b)?;
                Ok(vec![p, q])
            })
        }),
        "result_type" | "promote_types" | "can_cast" | "default_dtype" | "dtype" | "finfo"
        | "iinfo" | "isdtype" => {
            NotApplicable("standalone dtype logic: computes nothing on a backend")
        }
        "as_native_dtype"
        | "from_native_dtype"
        | "valid_dtypes"
        | "invalid_dtypes"
        | "backend_valid_dtypes"
        | "as_ivy_dtype" => NotApplicable(
            "answers about the backend itself: differ by design (candle lacks some dtypes)",
        ),
        // elementwise
        "tan" => Cases(|g, d| unary(g, d, "tan", Tol::Ulp(4), ivy::tan)),
        "sin" => Cases(|g, d| unary(g, d, "sin", Tol::Ulp(4), ivy::sin)),
        "maximum" => Cases(|g, d| binary(g, d, "maximum", |a, b| ivy::maximum(a, b))),
        "minimum" => Cases(|g, d| binary(g, d, "minimum", |a, b| ivy::minimum(a, b))),
        "log" => Cases(|g, d| unary(g, d, "log", Tol::Ulp(4), ivy::log)),
        "exp" => Cases(|g, d| unary(g, d, "exp", Tol::Ulp(4), ivy::exp)),
        "negative" => Cases(|g, d| unary(g, d, "negative", Tol::Ulp(0), ivy::negative)),
        "softplus" => Cases(|g, d| unary(g, d, "softplus", Tol::Softplus, ivy::softplus)),
        "add" => Cases(|g, d| binary(g, d, "add", |a, b| ivy::add(a, b))),
        "subtract" => Cases(|g, d| binary(g, d, "subtract", |a, b| ivy::subtract(a, b))),
        "multiply" => Cases(|g, d| binary(g, d, "multiply", |a, b| ivy::multiply(a, b))),
        "divide" => Cases(|g, d| binary(g, d, "divide", |a, b| ivy::divide(a, b))),
        "clip" => Cases(clip),
        // statistical, losses, general
        "sum" => Cases(sum),
        "cross_entropy" => Cases(cross_entropy),
        "inplace_update" => Cases(inplace_update),
        // nest
        "stable_divide" => Cases(|g, d| {
            let m = g.pick(&[None, Some(0.0), Some(1.0), Some(1e-3)]);
            pairs(g, d, "stable_divide", Tol::Ulp(0), move |a, b| {
                Ok(vec![ivy::stable_divide(a, b, m)?])
            })
        }),
        "sum_leaves" => Cases(|g, d| {
            pairs(g, d, "sum_leaves", Tol::Ulp(0), |a, b| {
                let c: Container = ivy::container! { a: a.clone(), b: b.clone() };
                Ok(vec![ivy::sum_leaves(&c)?])
            })
        }),
        "nested_map" | "index_nest" | "default" => {
            NotApplicable("container / Option utilities: no computation of their own")
        }
        _ => return None,
    })
}

fn creation(g: &mut Rng, d: Dtype, with_fill: bool) -> Vec<Case> {
    (0..CASES)
        .map(|_| {
            let s = shape(g);
            let dtype = if g.chance(0.2) { None } else { Some(d) };
            let fill = if g.chance(0.5) {
                Scalar::Float(g.pick(&[
                    0.5,
                    -1.5,
                    1e10,
                    -1e10,
                    3e38,
                    1e300,
                    f64::NAN,
                    f64::INFINITY,
                    -0.0,
                ]))
            } else {
                Scalar::Int(g.pick(&[0, 7, -1, i32::MAX as i64 + 1, i64::MIN]))
            };
            if with_fill {
                case(
                    format!("full(&{s:?}, {fill:?}, dtype {dtype:?})"),
                    Tol::Ulp(0),
                    move || {
                        Ok(vec![ivy::full_with(
                            &s,
                            fill,
                            FullKw {
                                dtype,
                                device: None,
                            },
                        )?])
                    },
                )
            } else {
                case(
                    format!("zeros/ones(&{s:?}, dtype {dtype:?})"),
                    Tol::Ulp(0),
                    move || {
                        Ok(vec![
                            ivy::zeros_with(
                                &s,
                                ZerosKw {
                                    dtype,
                                    device: None,
                                },
                            )?,
                            ivy::ones_with(
                                &s,
                                OnesKw {
                                    dtype,
                                    device: None,
                                },
                            )?,
                        ])
                    },
                )
            }
        })
        .collect()
}

fn arange(g: &mut Rng, d: Dtype) -> Vec<Case> {
    (0..CASES)
        .map(|_| {
            let ints = g.chance(0.5);
            let (start, stop, step) = if ints {
                let a = g.below(21) as i64 - 10;
                let b = g.below(21) as i64 - 10;
                let s = g.pick(&[1i64, 2, 3, -1, -2, 0]);
                (Scalar::Int(a), Scalar::Int(b), Scalar::Int(s))
            } else {
                let a = g.pick(&[0.0, -1.5, 0.1, 2.5, -0.0]);
                let b = g.pick(&[1.0, 3.3, -2.0, 0.7, 10.0]);
                let s = g.pick(&[0.1, 0.25, -0.5, 0.3, 1.0, f64::NAN]);
                (Scalar::Float(a), Scalar::Float(b), Scalar::Float(s))
            };
            let dtype = if g.chance(0.3) { None } else { Some(d) };
            case(
                format!("arange({start:?}, {stop:?}, {step:?}, dtype {dtype:?})"),
                Tol::Ulp(0),
                move || {
                    Ok(vec![ivy::arange_with(
                        start,
                        stop,
                        step,
                        ArangeKw {
                            dtype,
                            device: None,
                        },
                    )?])
                },
            )
        })
        .collect()
}

fn asarray(g: &mut Rng, d: Dtype) -> Vec<Case> {
    (0..CASES)
        .map(|_| {
            // values of any kind into dtype d: conversions (float → int: saturating `as`)
            let src = g.pick(&DTYPES);
            let x = input_any_shape(g, src, Domain::Any);
            let desc = format!("asarray({:?} as {d})", x.vals);
            case(desc, Tol::Ulp(0), move || {
                let y = In {
                    dtype: d,
                    ..x.clone()
                };
                Ok(vec![y.build()?])
            })
        })
        .collect()
}

fn like(g: &mut Rng, d: Dtype) -> Vec<Case> {
    (0..CASES)
        .map(|_| {
            let x = input_any_shape(g, d, Domain::Any);
            let dtype = if g.chance(0.5) {
                None
            } else {
                Some(g.pick(&DTYPES))
            };
            let fill = Scalar::Float(g.pick(&[2.5, -1.0, f64::NAN, 1e10, -0.0]));
            case(
                format!("zeros_like/ones_like/full_like({x:?}, {fill:?}, dtype {dtype:?})"),
                Tol::Ulp(0),
                move || {
                    let a = x.build()?;
                    Ok(vec![
                        ivy::zeros_like_with(
                            &a,
                            ZerosLikeKw {
                                dtype,
                                device: None,
                            },
                        )?,
                        ivy::ones_like_with(
                            &a,
                            OnesLikeKw {
                                dtype,
                                device: None,
                            },
                        )?,
                        ivy::full_like_with(
                            &a,
                            fill,
                            FullLikeKw {
                                dtype,
                                device: None,
                            },
                        )?,
                    ])
                },
            )
        })
        .collect()
}

/// The dtypes both backends hold.
const COMMON: [Dtype; 9] = [
    Dtype::Int16,
    Dtype::Int32,
    Dtype::Int64,
    Dtype::Uint8,
    Dtype::Uint32,
    Dtype::Bfloat16,
    Dtype::Float16,
    Dtype::Float32,
    Dtype::Float64,
];

fn astype(g: &mut Rng, d: Dtype) -> Vec<Case> {
    (0..CASES)
        .map(|_| {
            let x = input_any_shape(g, d, Domain::Any);
            let to = g.pick(&COMMON);
            case(format!("astype({x:?}, {to})"), Tol::Ulp(0), move || {
                Ok(vec![ivy::astype(&x.build()?, to)?])
            })
        })
        .collect()
}

fn broadcast_to(g: &mut Rng, d: Dtype) -> Vec<Case> {
    (0..CASES)
        .map(|_| {
            let (a, b) = g.pick(PAIRS);
            let x = input(g, d, a, Domain::Any);
            let target = b.to_vec();
            case(
                format!("broadcast_to({x:?}, &{target:?})"),
                Tol::Ulp(0),
                move || Ok(vec![ivy::broadcast_to(&x.build()?, &target)?]),
            )
        })
        .collect()
}

fn broadcast_arrays(g: &mut Rng, d: Dtype) -> Vec<Case> {
    pairs(g, d, "broadcast_arrays", Tol::Ulp(0), |a, b| {
        ivy::broadcast_arrays(&[a, b])
    })
}

/// Cases over two inputs: the first of dtype `d`, the second of `d` or another of the three.
fn pairs(
    g: &mut Rng,
    d: Dtype,
    op: &'static str,
    tol: Tol,
    f: impl Fn(&Array, &Array) -> ivy::Result<Vec<Array>> + Clone + 'static,
) -> Vec<Case> {
    (0..CASES)
        .map(|_| {
            let (sa, sb) = g.pick(PAIRS);
            let d2 = if g.chance(0.6) { d } else { g.pick(&DTYPES) };
            let a = input(g, d, sa, Domain::Any);
            let b = input(g, d2, sb, Domain::Any);
            let f = f.clone();
            case(format!("{op}({a:?}, {b:?})"), tol, move || {
                f(&a.build()?, &b.build()?)
            })
        })
        .collect()
}

fn unary(
    g: &mut Rng,
    d: Dtype,
    op: &'static str,
    tol: Tol,
    f: fn(&Array) -> ivy::Result<Array>,
) -> Vec<Case> {
    (0..CASES)
        .map(|_| {
            let x = input_any_shape(g, d, Domain::Any);
            let inputs = x.vals.iter().map(|v| v.to_f64()).collect();
            let mut c = case(format!("{op}({x:?})"), tol, move || {
                Ok(vec![f(&x.build()?)?])
            });
            c.inputs = inputs;
            c
        })
        .collect()
}

fn binary(
    g: &mut Rng,
    d: Dtype,
    op: &'static str,
    f: for<'a, 'b> fn(Operand<'a>, Operand<'b>) -> ivy::Result<Array>,
) -> Vec<Case> {
    let mut v = pairs(g, d, op, Tol::Ulp(0), move |a, b| {
        Ok(vec![f(a.into(), b.into())?])
    });
    // scalar operands on either side
    for _ in 0..CASES / 3 {
        let x = input_any_shape(g, d, Domain::Any);
        let s = if g.chance(0.5) {
            Scalar::Float(g.pick(&[2.5, -0.0, f64::NAN, f64::INFINITY, 1e300, 3.0]))
        } else {
            Scalar::Int(g.pick(&[0, 3, -2, i32::MAX as i64, 1 << 40]))
        };
        let left = g.chance(0.5);
        v.push(case(
            format!(
                "{op}({}{x:?}{})",
                if left {
                    format!("{s:?}, ")
                } else {
                    String::new()
                },
                if left {
                    String::new()
                } else {
                    format!(", {s:?}")
                }
            ),
            Tol::Ulp(0),
            move || {
                let a = x.build()?;
                Ok(vec![if left {
                    f(s.into(), (&a).into())?
                } else {
                    f((&a).into(), s.into())?
                }])
            },
        ));
    }
    v
}

fn clip(g: &mut Rng, d: Dtype) -> Vec<Case> {
    (0..CASES)
        .map(|_| {
            let x = input_any_shape(g, d, Domain::Any);
            let bounds = [
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
            let lo = g.pick(&bounds);
            let hi = if g.chance(0.8) {
                g.pick(&bounds).max(lo)
            } else {
                g.pick(&bounds)
            };
            // a NaN bound: both must give the same error
            let (lo, hi) = match g.below(12) {
                0 => (f64::NAN, hi),
                1 => (lo, f64::NAN),
                _ => (lo, hi),
            };
            case(
                format!("clip({x:?}, {lo:?}, {hi:?})"),
                Tol::Ulp(0),
                move || Ok(vec![ivy::clip(&x.build()?, lo, hi)?]),
            )
        })
        .collect()
}

fn sum(g: &mut Rng, d: Dtype) -> Vec<Case> {
    (0..CASES)
        .map(|_| {
            let s = g
                .pick(&[&[][..], &[0], &[7], &[2, 3], &[3, 0], &[2, 3, 4], &[24]])
                .to_vec();
            let x = input(g, d, &s, Domain::Summable);
            let ndim = s.len() as i64;
            let axis = match g.below(4) {
                0 => None,
                1 if ndim > 0 => Some(vec![0]),
                2 if ndim > 0 => Some(vec![-1]),
                3 if ndim > 1 => Some(vec![0, -1]),
                _ => None,
            };
            let keepdims = g.chance(0.3);
            let dtype = g.pick(&[
                None,
                None,
                Some(Dtype::Float64),
                Some(Dtype::Float32),
                Some(Dtype::Int32),
                Some(Dtype::Int64),
            ]);
            let tol = if d.is_int() && dtype.is_none_or(|t| t.is_int()) {
                Tol::Ulp(0)
            } else {
                Tol::Sum {
                    n: x.vals.len(),
                    abs_sum: x.abs_sum(),
                }
            };
            let kw = SumKw {
                axis,
                keepdims,
                dtype,
            };
            case(format!("sum_with({x:?}, {kw:?})"), tol, move || {
                Ok(vec![ivy::sum_with(&x.build()?, kw.clone())?])
            })
        })
        .collect()
}

fn cross_entropy(g: &mut Rng, d: Dtype) -> Vec<Case> {
    (0..CASES)
        .map(|_| {
            let s = g.pick(&[&[3][..], &[2, 3], &[1, 4], &[0, 3]]).to_vec();
            let t = input(g, d, &s, Domain::Unit);
            let p = input(g, d, &s, Domain::Unit);
            let axis = g.pick(&[-1, 0]);
            // -log(eps) ≈ 16: each term at most 16 |t|
            let n = t.vals.len();
            let abs_sum = 17.0 * t.abs_sum();
            let kw = CrossEntropyKw {
                axis,
                epsilon: 1e-7,
            };
            case(
                format!("cross_entropy_with({t:?}, {p:?}, {kw:?})"),
                Tol::Sum { n: n + 2, abs_sum },
                move || {
                    Ok(vec![ivy::cross_entropy_with(
                        &t.build()?,
                        &p.build()?,
                        kw.clone(),
                    )?])
                },
            )
        })
        .collect()
}

fn inplace_update(g: &mut Rng, d: Dtype) -> Vec<Case> {
    (0..CASES)
        .map(|_| {
            let (sa, sb) = g.pick(&[
                (&[3][..], &[3][..]),
                (&[2, 3], &[3]),
                (&[], &[]),
                (&[2, 2], &[]),
                (&[0], &[1]),
                (&[2], &[3]),
            ]);
            let x = input(g, d, sa, Domain::Any);
            let vd = g.pick(&DTYPES);
            let v = input(g, vd, sb, Domain::Any);
            let keep_input_dtype = g.chance(0.5);
            let kw = InplaceUpdateKw {
                ensure_in_backend: false,
                keep_input_dtype,
            };
            case(
                format!("inplace_update_with({x:?}, {v:?}, {kw:?})"),
                Tol::Ulp(0),
                move || {
                    let mut a = x.build()?;
                    ivy::inplace_update_with(&mut a, &v.build()?, kw.clone())?;
                    Ok(vec![a])
                },
            )
        })
        .collect()
}

// ======================================================================== comparing

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

/// Whether `a` (ndarray) and `b` (candle) agree for an element of dtype `d`.
fn close(a: f64, b: f64, d: Dtype, tol: Tol, input: Option<f64>) -> bool {
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
        Tol::Sum { n, abs_sum } => {
            a.is_finite()
                && b.is_finite()
                && ((a - b).abs() <= n as f64 * eps(d) * abs_sum || ulps <= 4)
        }
        Tol::Softplus => {
            let x = input.unwrap_or(0.0);
            let exp_overflows = if d == Dtype::Float32 {
                x > 88.5
            } else {
                x > 709.5
            };
            if exp_overflows {
                return true; // documented difference: candle inf, ndarray x
            }
            // candle rounds 1 + exp(x) to the dtype: an absolute error of up to eps
            (a - b).abs() <= 4.0 * eps(d) * a.abs().max(1.0) || ulps <= 4
        }
    }
}

/// The reason `a` and `b` disagree, if they do.
fn disagreement(a: &Array, b: &Array, tol: Tol, inputs: &[f64]) -> Option<String> {
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
    for (i, (x, y)) in va.iter().zip(&vb).enumerate() {
        // elementwise softplus: the input of this element
        let input = (inputs.len() == va.len()).then(|| inputs[i]);
        if !close(*x, *y, d, tol, input) {
            return Some(format!(
                "element {i}: ndarray {x:?}, candle {y:?} ({d}, tolerance {tol:?}); all: ndarray {va:?}, candle {vb:?}"
            ));
        }
    }
    None
}

fn variant(e: &Error) -> String {
    format!("{e:?}")
        .chars()
        .take_while(|c| c.is_alphanumeric())
        .collect()
}

thread_local! {
    static QUIET: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `f` catching a panic, without printing it (the test reports it).
fn quietly<R>(f: impl FnOnce() -> R) -> Result<R, String> {
    static HOOK: std::sync::Once = std::sync::Once::new();
    HOOK.call_once(|| {
        let prev = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !QUIET.with(|q| q.get()) {
                prev(info)
            }
        }));
    });
    let was = QUIET.with(|q| q.replace(true));
    let r = catch_unwind(AssertUnwindSafe(f));
    QUIET.with(|q| q.set(was));
    r.map_err(|p| {
        p.downcast_ref::<String>()
            .cloned()
            .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default()
    })
}

fn run_on(b: Backend, c: &Case) -> Result<ivy::Result<Vec<Array>>, String> {
    quietly(|| ivy::with_backend(b, || (c.run)()))
}

#[test]
fn backends_agree() {
    let ops = ivy::registry::ops();
    ivy_tests::assert_row_for_every_op(
        "agreement.rs",
        "cases, or Row::NotApplicable with the reason",
        |n| row(n).is_some(),
    );
    let mut g = Rng(SEED);
    let mut compared = 0;
    let mut not_applicable = Vec::new();
    // (op, what) → (count, first case, detail)
    let mut wrong: BTreeMap<(String, String), (usize, String, String)> = BTreeMap::new();
    for e in &ops {
        let name = e.meta.name;
        let cases = match row(name).unwrap() {
            Row::NotApplicable(why) => {
                not_applicable.push(format!("{name} ({why})"));
                continue;
            }
            Row::Cases(f) => DTYPES
                .iter()
                .flat_map(|&d| f(&mut g, d))
                .collect::<Vec<_>>(),
        };
        let mut both_ok = 0;
        let n_cases = cases.len();
        for c in cases {
            compared += 1;
            let nd = run_on(Backend::Ndarray, &c);
            let cd = run_on(Backend::Candle, &c);
            let problem = match (nd, cd) {
                (Err(p), _) => Some(("ndarray panics".to_string(), p)),
                (_, Err(p)) => Some(("candle panics".to_string(), p)),
                (Ok(Ok(a)), Ok(Ok(b))) => {
                    both_ok += 1;
                    if a.len() != b.len() {
                        Some(("different number of results".into(), String::new()))
                    } else {
                        a.iter()
                            .zip(&b)
                            .find_map(|(x, y)| disagreement(x, y, c.tol, &c.inputs))
                            .map(|d| {
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
                }
                (Ok(Err(x)), Ok(Err(y))) => (variant(&x) != variant(&y)).then(|| {
                    (
                        format!("different errors: {} vs {}", variant(&x), variant(&y)),
                        format!("ndarray: {}; candle: {}", first_line(&x), first_line(&y)),
                    )
                }),
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
                let e =
                    wrong
                        .entry((name.to_string(), what))
                        .or_insert((0, c.desc.clone(), detail));
                e.0 += 1;
            }
        }
        // most cases must compare values, not only errors
        if both_ok * 4 < n_cases {
            wrong.insert(
                (name.to_string(), "too few cases compare values".into()),
                (
                    both_ok,
                    format!("{both_ok} of {n_cases} cases are Ok on both backends"),
                    String::new(),
                ),
            );
        }
    }
    println!(
        "agreement: {compared} cases compared; not applicable: {}",
        not_applicable.join(", ")
    );
    let report: Vec<String> = wrong
        .iter()
        .map(|((op, what), (n, desc, detail))| {
            format!("{op}: {what} — {n}×, e.g. {desc}\n    {detail}")
        })
        .collect();
    assert!(
        report.is_empty(),
        "ndarray and candle disagree ({} classes):\n{}",
        report.len(),
        report.join("\n")
    );
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
                // full and asarray convert a float the same way
                for &x in &[f64::NAN, 1e10, -1e10, -1.5, f64::INFINITY] {
                    let w = want(x, to);
                    let f = ivy::with_backend(b, || {
                        ivy::full_with(
                            &[1],
                            Scalar::Float(x),
                            FullKw {
                                dtype: Some(to),
                                device: None,
                            },
                        )
                        .and_then(|a| a.to_f64_vec())
                    });
                    if f.as_ref().ok() != Some(&vec![w]) {
                        wrong.push(format!(
                            "{b}: full([1], {x:?}, dtype {to}) = {f:?}, want [{w}]"
                        ));
                    }
                    let a = ivy::with_backend(b, || {
                        ivy::asarray_with(
                            Data::from(vec![x]),
                            AsarrayKw {
                                dtype: Some(to),
                                device: None,
                            },
                        )
                        .and_then(|a| a.to_f64_vec())
                    });
                    if a.as_ref().ok() != Some(&vec![w]) {
                        wrong.push(format!(
                            "{b}: asarray([{x:?}], dtype {to}) = {a:?}, want [{w}]"
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
            let x = ivy::asarray_with(
                Data::from(vec![-1i64, 0, 5]),
                AsarrayKw {
                    dtype: Some(d),
                    device: None,
                },
            )?;
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
/// candle's kernels).
#[test]
fn integer_sums_wrap() {
    let cases: Vec<(Dtype, Vec<i64>, i64)> = vec![
        (Dtype::Int64, vec![i64::MAX, 1], i64::MIN),
        (Dtype::Int64, vec![i64::MIN, -1], i64::MAX),
        (Dtype::Int32, vec![i32::MAX as i64, 1], i32::MIN as i64),
        (
            Dtype::Int32,
            vec![i32::MIN as i64, -1, -1],
            i32::MAX as i64 - 1,
        ),
        (Dtype::Uint8, vec![200, 100], 44),
        (Dtype::Int16, vec![32767, 32767], -2),
        (Dtype::Uint32, vec![u32::MAX as i64, 2], 1),
    ];
    let mut wrong = Vec::new();
    for &b in Backend::ALL {
        for (d, v, want) in &cases {
            let r = quietly(|| {
                ivy::with_backend(b, || -> ivy::Result<Vec<f64>> {
                    let x = ivy::asarray_with(
                        Data::from(v.clone()),
                        AsarrayKw {
                            dtype: Some(*d),
                            device: None,
                        },
                    )?;
                    let s = ivy::sum(&x)?;
                    assert_eq!(s.dtype(), *d, "a sum keeps the integer dtype");
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
