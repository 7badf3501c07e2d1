//! Issue 38's ops at n = 1: the per-call cost of creation, gathers, masks, sorting, axis
//! reductions, scans, matmul, broadcasting and clip on one-element float32 inputs (1 x 1 for
//! the axis ops and matmul), on both backends. `scripts/bench_beyond.py --n1 --rust` times
//! numpy on the same calls and reads these figures back from `target/criterion/n1_<op>/`.
//!
//! `cargo bench -p ivy-ops --bench small`

mod common;

use std::time::Duration;

use criterion::{black_box, BenchmarkId, Criterion};
use ivy::prelude::*;

type Call = Box<dyn Fn() -> ivy::Result<Array>>;

/// The ops, named as in `scripts/bench_beyond.py` (spaces become underscores), each a call on
/// inputs made on the current backend.
fn calls() -> ivy::Result<Vec<(&'static str, Call)>> {
    let f32s = |seed| -> ivy::Result<Array> {
        let v = common::uniform(1, seed, (-1.0, 1.0))[0] as f32;
        ivy::asarray(vec![v])
    };
    let x = f32s(1)?;
    let m = ivy::reshape(&x, &[1, 1])?;
    let m2 = ivy::reshape(&f32s(2)?, &[1, 1])?;
    let idx = ivy::asarray(vec![0i64])?;
    let mask = x.gt(0.0)?;
    let q = f32s(3)?;
    let f = Some(Dtype::Float32);
    let axis0 = || Some(vec![0]);
    let mut v: Vec<(&'static str, Call)> = vec![
        (
            "linspace",
            Box::new(move || {
                ivy::linspace_with(
                    0.0,
                    1.0,
                    1,
                    LinspaceKw {
                        dtype: f,
                        ..Default::default()
                    },
                )
            }),
        ),
        (
            "eye(1000)",
            Box::new(move || {
                ivy::eye_with(
                    1,
                    EyeKw {
                        dtype: f,
                        ..Default::default()
                    },
                )
            }),
        ),
        (
            "arange",
            Box::new(move || {
                ivy::arange_with(
                    1,
                    ArangeKw {
                        dtype: f,
                        ..Default::default()
                    },
                )
            }),
        ),
        (
            "zeros",
            Box::new(move || {
                ivy::zeros_with(
                    1,
                    ZerosKw {
                        dtype: f,
                        ..Default::default()
                    },
                )
            }),
        ),
    ];
    let mc = m.clone();
    v.push((
        "argmax axis -1",
        Box::new(move || {
            ivy::argmax_with(
                black_box(&mc),
                ArgmaxKw {
                    axis: Some(-1),
                    keepdims: false,
                },
            )
        }),
    ));
    let mc = m.clone();
    v.push((
        "argmax axis 0",
        Box::new(move || {
            ivy::argmax_with(
                black_box(&mc),
                ArgmaxKw {
                    axis: Some(0),
                    keepdims: false,
                },
            )
        }),
    ));
    let (xc, ic) = (x.clone(), idx.clone());
    v.push(("take 1M", Box::new(move || ivy::take(black_box(&xc), &ic))));
    let (xc, mc) = (x.clone(), mask.clone());
    v.push((
        "mask select",
        Box::new(move || black_box(&xc).get(ivy::s![&mc])),
    ));
    let xc = x.clone();
    v.push(("sort", Box::new(move || ivy::sort(black_box(&xc)))));
    let xc = x.clone();
    v.push(("argsort", Box::new(move || ivy::argsort(black_box(&xc)))));
    let xc = x.clone();
    v.push((
        "unique",
        Box::new(move || ivy::unique_values(black_box(&xc))),
    ));
    let (xc, qc) = (x.clone(), q.clone());
    v.push((
        "searchsorted",
        Box::new(move || ivy::searchsorted(black_box(&xc), &qc)),
    ));
    let mc = m.clone();
    v.push((
        "max axis 0",
        Box::new(move || {
            ivy::max_with(
                black_box(&mc),
                MaxKw {
                    axis: axis0(),
                    keepdims: false,
                },
            )
        }),
    ));
    let mc = m.clone();
    v.push((
        "sum axis 0",
        Box::new(move || {
            ivy::sum_with(
                black_box(&mc),
                SumKw {
                    axis: axis0(),
                    ..Default::default()
                },
            )
        }),
    ));
    let mc = m.clone();
    v.push((
        "mean axis 0",
        Box::new(move || {
            ivy::mean_with(
                black_box(&mc),
                MeanKw {
                    axis: axis0(),
                    keepdims: false,
                },
            )
        }),
    ));
    let mc = m.clone();
    v.push((
        "var axis 0",
        Box::new(move || {
            ivy::var_with(
                black_box(&mc),
                VarKw {
                    axis: axis0(),
                    ..Default::default()
                },
            )
        }),
    ));
    let xc = x.clone();
    v.push((
        "cumulative_sum",
        Box::new(move || ivy::cumulative_sum(black_box(&xc))),
    ));
    let (mc, mc2) = (m.clone(), m2.clone());
    v.push((
        "matmul 64",
        Box::new(move || ivy::matmul(black_box(&mc), &mc2)),
    ));
    let (mc, mc2) = (m.clone(), m2.clone());
    v.push((
        "broadcast add",
        Box::new(move || ivy::add(black_box(&mc), &mc2)),
    ));
    let xc = x.clone();
    v.push((
        "clip",
        Box::new(move || ivy::clip(black_box(&xc), -0.5, 0.5)),
    ));
    Ok(v)
}

fn main() {
    // SAFETY: first thing in main, before any other thread (as the `ivy` CLI and the Python
    // module do): candle's CPU matmul otherwise looks its thread count up on every call
    unsafe { ivy::backends::candle::pin_thread_count() };
    let mut c = Criterion::default()
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1))
        .configure_from_args();
    for (backend, label) in [
        (Backend::Ndarray, "ivy_ndarray"),
        (Backend::Candle, "ivy_candle"),
    ] {
        ivy::with_backend(backend, || {
            let calls = calls().expect("the n = 1 inputs");
            for (name, call) in &calls {
                if let Err(e) = call() {
                    eprintln!("{name} on {label}: {e} (not timed)");
                    continue;
                }
                let group = format!("n1_{}", name.replace(' ', "_"));
                let mut g = c.benchmark_group(group);
                g.bench_with_input(BenchmarkId::new(label, 1), &1, |b, _| {
                    b.iter(|| call().unwrap())
                });
                g.finish();
            }
        });
    }
    c.final_summary();
}
