//! Dispatch overhead: `ivy::tan` / `ivy::add` (and their `_out` forms), `ivy::sum` and
//! `ivy::clip` against the raw ndarray and candle calls, at n = 1 and n = 1 000 000, on
//! random inputs (a constant input makes `tan` ~2.7x faster than real data).
//!
//! `layouts` runs element-wise ops over broadcast and transposed operands.
//!
//! `cargo bench -p ivy-ops --bench dispatch`

mod common;

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion};
use ivy::functional::elementwise::ElementwiseBackend;
use ivy::{Array, CandleBackend, NdarrayBackend};
use ndarray::{ArrayD, IxDyn, Zip};

/// `n` uniform values in [-1, 1) from a fixed seed.
fn random(n: usize, seed: u64) -> Vec<f32> {
    common::uniform(n, seed, (-1.0, 1.0))
        .into_iter()
        .map(|v| v as f32)
        .collect()
}

fn bench(c: &mut Criterion) {
    for n in [1usize, 1_000_000] {
        let raw = ArrayD::<f32>::from_shape_vec(IxDyn(&[n]), random(n, 1)).unwrap();
        let raw2 = ArrayD::<f32>::from_shape_vec(IxDyn(&[n]), random(n, 2)).unwrap();
        let x = Array::from(raw.clone());
        let y = Array::from(raw2.clone());
        let mut out = Array::from(raw.clone());
        let mut raw_out = raw.clone();
        let t = candle_core::Tensor::from_vec(random(n, 1), n, &candle_core::Device::Cpu).unwrap();
        let t2 = candle_core::Tensor::from_vec(random(n, 2), n, &candle_core::Device::Cpu).unwrap();
        let cx = Array::from(t.clone());
        let cy = Array::from(t2.clone());

        let mut g = c.benchmark_group("tan");
        g.bench_with_input(BenchmarkId::new("ndarray_raw", n), &n, |b, _| {
            b.iter(|| black_box(&raw).mapv(f32::tan))
        });
        g.bench_with_input(BenchmarkId::new("ivy_ndarray", n), &n, |b, _| {
            b.iter(|| ivy::tan(black_box(&x)).unwrap())
        });
        // the backend's method itself, without dispatch: separates dispatch from type erasure
        g.bench_with_input(BenchmarkId::new("ivy_ndarray_nodispatch", n), &n, |b, _| {
            b.iter(|| <NdarrayBackend as ElementwiseBackend>::tan(black_box(&x)).unwrap())
        });
        g.bench_with_input(BenchmarkId::new("ndarray_raw_out", n), &n, |b, _| {
            b.iter(|| {
                Zip::from(&mut raw_out)
                    .and(black_box(&raw))
                    .for_each(|o, &v| *o = v.tan())
            })
        });
        g.bench_with_input(BenchmarkId::new("ivy_ndarray_out", n), &n, |b, _| {
            b.iter(|| ivy::tan_out(black_box(&x), &mut out).unwrap())
        });
        g.bench_with_input(BenchmarkId::new("candle_raw", n), &n, |b, _| {
            b.iter(|| {
                let s = black_box(&t).sin().unwrap();
                s.div(&t.cos().unwrap()).unwrap()
            })
        });
        g.bench_with_input(BenchmarkId::new("ivy_candle", n), &n, |b, _| {
            b.iter(|| ivy::tan(black_box(&cx)).unwrap())
        });
        g.bench_with_input(BenchmarkId::new("ivy_candle_nodispatch", n), &n, |b, _| {
            b.iter(|| <CandleBackend as ElementwiseBackend>::tan(black_box(&cx)).unwrap())
        });
        g.finish();

        let mut g = c.benchmark_group("add");
        g.bench_with_input(BenchmarkId::new("ndarray_raw", n), &n, |b, _| {
            b.iter(|| black_box(&raw) + black_box(&raw2))
        });
        g.bench_with_input(BenchmarkId::new("ivy_ndarray", n), &n, |b, _| {
            b.iter(|| ivy::add(black_box(&x), black_box(&y)).unwrap())
        });
        // borrowed ndarray arrays straight in: lent to the op, read in place (no copy)
        g.bench_with_input(BenchmarkId::new("ivy_ndarray_lent", n), &n, |b, _| {
            b.iter(|| ivy::add(black_box(&raw), black_box(&raw2)).unwrap())
        });
        g.bench_with_input(BenchmarkId::new("ivy_ndarray_nodispatch", n), &n, |b, _| {
            b.iter(|| {
                <NdarrayBackend as ElementwiseBackend>::add(black_box(&x), black_box(&y)).unwrap()
            })
        });
        g.bench_with_input(BenchmarkId::new("ndarray_raw_out", n), &n, |b, _| {
            b.iter(|| {
                Zip::from(&mut raw_out)
                    .and(black_box(&raw))
                    .and(black_box(&raw2))
                    .for_each(|o, &u, &v| *o = u + v)
            })
        });
        g.bench_with_input(BenchmarkId::new("ivy_ndarray_out", n), &n, |b, _| {
            b.iter(|| ivy::add_out(black_box(&x), black_box(&y), &mut out).unwrap())
        });
        g.bench_with_input(BenchmarkId::new("candle_raw", n), &n, |b, _| {
            b.iter(|| black_box(&t).broadcast_add(black_box(&t2)).unwrap())
        });
        g.bench_with_input(BenchmarkId::new("ivy_candle", n), &n, |b, _| {
            b.iter(|| ivy::add(black_box(&cx), black_box(&cy)).unwrap())
        });
        g.bench_with_input(BenchmarkId::new("ivy_candle_nodispatch", n), &n, |b, _| {
            b.iter(|| {
                <CandleBackend as ElementwiseBackend>::add(black_box(&cx), black_box(&cy)).unwrap()
            })
        });
        g.finish();

        let ints = raw.mapv(|v| (v * 1000.0) as i32);
        let xi = Array::from(ints.clone());
        let mut g = c.benchmark_group("sum");
        g.bench_with_input(BenchmarkId::new("ndarray_raw", n), &n, |b, _| {
            b.iter(|| black_box(&raw).sum())
        });
        g.bench_with_input(BenchmarkId::new("ivy_ndarray", n), &n, |b, _| {
            b.iter(|| ivy::sum(black_box(&x)).unwrap())
        });
        g.bench_with_input(BenchmarkId::new("ndarray_raw_i32", n), &n, |b, _| {
            b.iter(|| black_box(&ints).fold(0i32, |a, &v| a.wrapping_add(v)))
        });
        g.bench_with_input(BenchmarkId::new("ivy_ndarray_i32", n), &n, |b, _| {
            b.iter(|| ivy::sum(black_box(&xi)).unwrap())
        });
        g.bench_with_input(BenchmarkId::new("candle_raw", n), &n, |b, _| {
            b.iter(|| black_box(&t).sum_all().unwrap())
        });
        g.bench_with_input(BenchmarkId::new("ivy_candle", n), &n, |b, _| {
            b.iter(|| ivy::sum(black_box(&cx)).unwrap())
        });
        g.finish();

        // the compositional cross_entropy against its parts called one by one
        let p = ivy::clip(&x, 0.01, 0.99).unwrap();
        let mut g = c.benchmark_group("cross_entropy");
        g.bench_with_input(BenchmarkId::new("ivy_parts", n), &n, |b, _| {
            b.iter(|| {
                let pc = ivy::clip(black_box(&p), 1e-7, 1.0 - 1e-7).unwrap();
                let lp = ivy::log(&pc).unwrap();
                let prod = ivy::multiply(&lp, black_box(&y)).unwrap();
                ivy::negative(ivy::sum(&prod).unwrap()).unwrap()
            })
        });
        g.bench_with_input(BenchmarkId::new("ivy_ndarray", n), &n, |b, _| {
            b.iter(|| ivy::cross_entropy(black_box(&y), black_box(&p)).unwrap())
        });
        g.finish();

        let mut g = c.benchmark_group("clip");
        g.bench_with_input(BenchmarkId::new("ndarray_raw", n), &n, |b, _| {
            b.iter(|| black_box(&raw).mapv(|v| v.clamp(-0.5, 0.5)))
        });
        g.bench_with_input(BenchmarkId::new("ivy_ndarray", n), &n, |b, _| {
            b.iter(|| ivy::clip(black_box(&x), -0.5, 0.5).unwrap())
        });
        g.finish();
    }
}

/// Element-wise ops over layouts other than one contiguous buffer (a 1000 × 1000 float32
/// matrix): a row, a column and a scalar broadcast against it, a transposed (F-order)
/// operand, and `tan` of the transposed matrix, each against ndarray's own operator.
fn layouts(c: &mut Criterion) {
    let n = 1000;
    let m = ArrayD::<f32>::from_shape_vec(IxDyn(&[n, n]), random(n * n, 3)).unwrap();
    let mt = ArrayD::<f32>::from_shape_vec(IxDyn(&[n, n]), random(n * n, 4))
        .unwrap()
        .reversed_axes(); // F-order
    let row = ArrayD::<f32>::from_shape_vec(IxDyn(&[n]), random(n, 5)).unwrap();
    let col = ArrayD::<f32>::from_shape_vec(IxDyn(&[n, 1]), random(n, 6)).unwrap();
    let (x, xt) = (Array::from(m.clone()), Array::from(mt.clone()));
    let (r, cl) = (Array::from(row.clone()), Array::from(col.clone()));
    let mut g = c.benchmark_group("layouts");
    g.bench_function("row/ndarray_raw", |b| {
        b.iter(|| black_box(&m) + black_box(&row))
    });
    g.bench_function("row/ivy_ndarray", |b| {
        b.iter(|| ivy::add(black_box(&x), black_box(&r)).unwrap())
    });
    g.bench_function("column/ndarray_raw", |b| {
        b.iter(|| black_box(&m) + black_box(&col))
    });
    g.bench_function("column/ivy_ndarray", |b| {
        b.iter(|| ivy::add(black_box(&x), black_box(&cl)).unwrap())
    });
    g.bench_function("scalar/ndarray_raw", |b| b.iter(|| black_box(&m) + 2.0f32));
    g.bench_function("scalar/ivy_ndarray", |b| {
        b.iter(|| ivy::add(black_box(&x), 2.0).unwrap())
    });
    g.bench_function("transposed/ndarray_raw", |b| {
        b.iter(|| black_box(&m) + black_box(&mt))
    });
    g.bench_function("transposed/ivy_ndarray", |b| {
        b.iter(|| ivy::add(black_box(&x), black_box(&xt)).unwrap())
    });
    g.bench_function("tan_transposed/ndarray_raw", |b| {
        b.iter(|| black_box(&mt).mapv(f32::tan))
    });
    g.bench_function("tan_transposed/ivy_ndarray", |b| {
        b.iter(|| ivy::tan(black_box(&xt)).unwrap())
    });
    g.finish();
}

criterion_group!(benches, bench, layouts);
criterion_main!(benches);
