//! Dispatch overhead: `ivy::tan` / `ivy::add` (and their `_out` forms) against the raw
//! ndarray and candle calls, at n = 1 and n = 1 000 000.
//!
//! `cargo bench -p ivy-ops --bench dispatch`

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion};
use ivy::functional::elementwise::ElementwiseBackend;
use ivy::{Array, CandleBackend, NdarrayBackend};
use ndarray::{ArrayD, IxDyn, Zip};

fn bench(c: &mut Criterion) {
    for n in [1usize, 1_000_000] {
        let raw = ArrayD::<f32>::from_elem(IxDyn(&[n]), 0.5);
        let raw2 = raw.clone();
        let x = Array::from(raw.clone());
        let y = Array::from(raw2.clone());
        let mut out = Array::from(raw.clone());
        let mut raw_out = raw.clone();
        let t =
            candle_core::Tensor::from_vec(vec![0.5f32; n], n, &candle_core::Device::Cpu).unwrap();
        let t2 = t.clone();
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
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
