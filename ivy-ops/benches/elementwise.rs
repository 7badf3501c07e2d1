//! Element-wise ops and reductions at n = 1, 1 000 and 1 000 000, float32 and float64, on
//! both backends and against the raw ndarray call: the ops and input ranges of
//! `benches/ops.txt` (uniform random inputs, seeded), which `scripts/bench_numpy.py` times
//! on numpy and JAX for the comparison table.
//!
//! `cargo bench -p ivy-ops --bench elementwise -- '^exp_f32/'` (criterion ids:
//! `<op>_<f32|f64>/<ivy_ndarray|ivy_candle|ndarray_raw>/<n>`).

mod common;

use criterion::{black_box, BenchmarkId, Criterion};
use ivy::Array;
use ndarray::{ArrayD, IxDyn};
use num_traits::Float;

/// One row of `ops.txt`.
struct Op {
    name: &'static str,
    kind: &'static str,
    ranges: Vec<(f64, f64)>,
}

fn ops() -> Vec<Op> {
    include_str!("ops.txt")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&'static str> = l.split_whitespace().collect();
            let num = |s: &str| s.parse::<f64>().expect("ops.txt: a number");
            let ranges = f[2..].chunks(2).map(|c| (num(c[0]), num(c[1]))).collect();
            Op {
                name: f[0],
                kind: f[1],
                ranges,
            }
        })
        .collect()
}

type Un = fn(&Array) -> ivy::Result<Array>;
type Bin = fn(&Array, &Array) -> ivy::Result<Array>;

macro_rules! by_name {
    ($name:expr, $ty:ty, $args:tt => $($op:ident)*) => {
        match $name {
            $(stringify!($op) => Some(by_name!(@f $op $args) as $ty),)*
            _ => None,
        }
    };
    (@f $op:ident ($($arg:ident),*)) => { |$($arg),*| ivy::$op($($arg),*) };
}

fn ivy_unary(name: &str) -> Option<Un> {
    by_name!(name, Un, (x) => exp expm1 log log1p log2 log10 sin cos tan tanh sinh cosh asin acos
        atan asinh acosh atanh sqrt softplus floor ceil round trunc negative sum mean prod var
        std max min)
}

fn ivy_binary(name: &str) -> Option<Bin> {
    by_name!(name, Bin, (x, y) => atan2 pow hypot logaddexp add)
}

type Raw<T> = Box<dyn Fn(&ArrayD<T>, &ArrayD<T>) -> ArrayD<T>>;

fn scalar<T: Clone>(v: T) -> ArrayD<T> {
    ArrayD::from_elem(IxDyn(&[]), v)
}

/// The raw ndarray computation of each op: the std function element-wise, or ndarray's
/// reduction.
fn raw<T: Float + ndarray::ScalarOperand + num_traits::FromPrimitive + 'static>(
    name: &str,
) -> Option<Raw<T>> {
    let un = |f: fn(T) -> T| -> Option<Raw<T>> { Some(Box::new(move |a, _| a.mapv(f))) };
    let bin = |f: fn(T, T) -> T| -> Option<Raw<T>> {
        Some(Box::new(move |a, b| {
            ndarray::Zip::from(a).and(b).map_collect(|&x, &y| f(x, y))
        }))
    };
    let red =
        |f: fn(&ArrayD<T>) -> T| -> Option<Raw<T>> { Some(Box::new(move |a, _| scalar(f(a)))) };
    match name {
        "exp" => un(T::exp),
        "expm1" => un(T::exp_m1),
        "log" => un(T::ln),
        "log1p" => un(T::ln_1p),
        "log2" => un(T::log2),
        "log10" => un(T::log10),
        "sin" => un(T::sin),
        "cos" => un(T::cos),
        "tan" => un(T::tan),
        "tanh" => un(T::tanh),
        "sinh" => un(T::sinh),
        "cosh" => un(T::cosh),
        "asin" => un(T::asin),
        "acos" => un(T::acos),
        "atan" => un(T::atan),
        "asinh" => un(T::asinh),
        "acosh" => un(T::acosh),
        "atanh" => un(T::atanh),
        "sqrt" => un(T::sqrt),
        "softplus" => un(|x| x.max(T::zero()) + (-x.abs()).exp().ln_1p()),
        "floor" => un(T::floor),
        "ceil" => un(T::ceil),
        "round" => un(T::round),
        "trunc" => un(T::trunc),
        "negative" => un(|x| -x),
        "atan2" => bin(T::atan2),
        "pow" => bin(T::powf),
        "hypot" => bin(T::hypot),
        "logaddexp" => bin(|a, b| a.max(b) + (-(a - b).abs()).exp().ln_1p()),
        "add" => bin(|a, b| a + b),
        "sum" => red(|a| a.sum()),
        "mean" => red(|a| a.mean().unwrap_or(T::nan())),
        "prod" => red(|a| a.product()),
        "var" => red(|a| a.var(T::zero())),
        "std" => red(|a| a.std(T::zero())),
        "max" => red(|a| a.fold(T::neg_infinity(), |m, &v| m.max(v))),
        "min" => red(|a| a.fold(T::infinity(), |m, &v| m.min(v))),
        _ => None,
    }
}

fn bench_dtype<T>(c: &mut Criterion, dt: &str, cast: fn(f64) -> T)
where
    T: Float
        + ndarray::ScalarOperand
        + num_traits::FromPrimitive
        + candle_core::WithDType
        + 'static,
    Array: From<ArrayD<T>>,
{
    for op in ops() {
        let mut g = c.benchmark_group(format!("{}_{dt}", op.name));
        g.sample_size(20)
            .warm_up_time(std::time::Duration::from_millis(300))
            .measurement_time(std::time::Duration::from_secs(1));
        for n in [1usize, 1_000, 1_000_000] {
            let data = |i: usize| -> Vec<T> {
                let r = op.ranges[i.min(op.ranges.len() - 1)];
                common::uniform(n, 1 + i as u64, r)
                    .into_iter()
                    .map(cast)
                    .collect()
            };
            let (d1, d2) = (data(0), data(1));
            let nd = |d: &Vec<T>| ArrayD::from_shape_vec(IxDyn(&[n]), d.clone()).expect("shape");
            let (r1, r2) = (nd(&d1), nd(&d2));
            let (x, y) = (Array::from(r1.clone()), Array::from(r2.clone()));
            let cpu = &candle_core::Device::Cpu;
            let tensor =
                |d: &Vec<T>| candle_core::Tensor::from_vec(d.clone(), n, cpu).expect("tensor");
            let (cx, cy) = (
                <Array as From<candle_core::Tensor>>::from(tensor(&d1)),
                <Array as From<candle_core::Tensor>>::from(tensor(&d2)),
            );
            if let Some(f) = raw::<T>(op.name) {
                g.bench_with_input(BenchmarkId::new("ndarray_raw", n), &n, |b, _| {
                    b.iter(|| f(black_box(&r1), black_box(&r2)))
                });
            }
            // the backend set, as a user of one backend does: mixed ops (`softplus`, `var`)
            // run the backend's override then (with none set, Ivy runs their bodies)
            let mut run = |id: &str, x: &Array, y: &Array| {
                ivy::set_backend(x.backend());
                if op.kind == "binary" {
                    let f = ivy_binary(op.name).expect("a binary op of ops.txt");
                    if f(x, y).is_ok() {
                        g.bench_with_input(BenchmarkId::new(id, n), &n, |b, _| {
                            b.iter(|| f(black_box(x), black_box(y)))
                        });
                    }
                } else {
                    let f = ivy_unary(op.name).expect("an op of ops.txt");
                    if f(x).is_ok() {
                        g.bench_with_input(BenchmarkId::new(id, n), &n, |b, _| {
                            b.iter(|| f(black_box(x)))
                        });
                    }
                }
            };
            run("ivy_ndarray", &x, &y);
            run("ivy_candle", &cx, &cy);
            ivy::unset_backend();
        }
        g.finish();
    }
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    bench_dtype::<f32>(&mut c, "f32", |v| v as f32);
    bench_dtype::<f64>(&mut c, "f64", |v| v);
    c.final_summary();
}
