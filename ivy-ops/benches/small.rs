//! Issue 38's ops at n = 1: the per-call cost of creation, gathers, masks, sorting, axis
//! reductions, scans, matmul, broadcasting and clip on one-element float32 inputs (1 x 1 for
//! the axis ops and matmul), on both backends. `scripts/bench_beyond.py --n1 --rust` times
//! numpy on the same calls and reads these figures back from `target/criterion/n1_<op>/`.
//!
//! `cargo bench -p ivy-ops --bench small`; `small --calls <op> <count>` only calls one op
//! (`scripts/n1_instructions.py` counts the instructions of that under callgrind).

mod common;

use std::time::Duration;

use criterion::{black_box, BenchmarkId, Criterion};
use ivy::prelude::*;

/// The inputs, made on the current backend: `x` one float32, `m`/`m2` 1 x 1, an int64
/// index, `x > 0` and a query for searchsorted.
struct In {
    x: Array,
    m: Array,
    m2: Array,
    idx: Array,
    mask: Array,
    q: Array,
}

impl In {
    fn new() -> ivy::Result<In> {
        let f32s = |seed| ivy::asarray(vec![common::uniform(1, seed, (-1.0, 1.0))[0] as f32]);
        let x = f32s(1)?;
        Ok(In {
            m: ivy::reshape(&x, &[1, 1])?,
            m2: ivy::reshape(&f32s(2)?, &[1, 1])?,
            idx: ivy::asarray(vec![0i64])?,
            mask: x.gt(0.0)?,
            q: f32s(3)?,
            x,
        })
    }
}

const F32: Option<Dtype> = Some(Dtype::Float32);

fn axis0() -> Option<Vec<i64>> {
    Some(vec![0])
}

/// The ops, named as in `scripts/bench_beyond.py` (spaces become underscores).
type Call = fn(&In) -> ivy::Result<Array>;
const CALLS: &[(&str, Call)] = &[
    ("linspace", |_| {
        let kw = LinspaceKw {
            dtype: F32,
            ..Default::default()
        };
        ivy::linspace_with(0.0, 1.0, 1, kw)
    }),
    ("eye(1000)", |_| {
        ivy::eye_with(
            1,
            EyeKw {
                dtype: F32,
                ..Default::default()
            },
        )
    }),
    ("arange", |_| {
        ivy::arange_with(
            1,
            ArangeKw {
                dtype: F32,
                ..Default::default()
            },
        )
    }),
    ("zeros", |_| {
        ivy::zeros_with(
            1,
            ZerosKw {
                dtype: F32,
                ..Default::default()
            },
        )
    }),
    ("argmax axis -1", |i| {
        let kw = ArgmaxKw {
            axis: Some(-1),
            keepdims: false,
        };
        ivy::argmax_with(black_box(&i.m), kw)
    }),
    ("argmax axis 0", |i| {
        let kw = ArgmaxKw {
            axis: Some(0),
            keepdims: false,
        };
        ivy::argmax_with(black_box(&i.m), kw)
    }),
    ("take 1M", |i| ivy::take(black_box(&i.x), &i.idx)),
    ("mask select", |i| black_box(&i.x).get(ivy::s![&i.mask])),
    ("sort", |i| ivy::sort(black_box(&i.x))),
    ("argsort", |i| ivy::argsort(black_box(&i.x))),
    ("unique", |i| ivy::unique_values(black_box(&i.x))),
    ("searchsorted", |i| ivy::searchsorted(black_box(&i.x), &i.q)),
    ("max axis 0", |i| {
        let kw = MaxKw {
            axis: axis0(),
            keepdims: false,
        };
        ivy::max_with(black_box(&i.m), kw)
    }),
    ("sum axis 0", |i| {
        let kw = SumKw {
            axis: axis0(),
            ..Default::default()
        };
        ivy::sum_with(black_box(&i.m), kw)
    }),
    ("mean axis 0", |i| {
        let kw = MeanKw {
            axis: axis0(),
            keepdims: false,
        };
        ivy::mean_with(black_box(&i.m), kw)
    }),
    ("var axis 0", |i| {
        let kw = VarKw {
            axis: axis0(),
            ..Default::default()
        };
        ivy::var_with(black_box(&i.m), kw)
    }),
    ("cumulative_sum", |i| ivy::cumulative_sum(black_box(&i.x))),
    ("matmul 64", |i| ivy::matmul(black_box(&i.m), &i.m2)),
    ("broadcast add", |i| ivy::add(black_box(&i.m), &i.m2)),
    ("clip", |i| ivy::clip(black_box(&i.x), -0.5, 0.5)),
];

fn main() {
    // SAFETY: first thing in main, before any other thread (as the `ivy` CLI and the Python
    // module do): candle's CPU matmul otherwise looks its thread count up on every call
    unsafe { ivy::backends::candle::pin_thread_count() };
    // `small --calls <op> <count>`: the op (its name with underscores) called that many
    // times on ndarray, untimed: `scripts/n1_instructions.py` counts its instructions
    // under callgrind
    let args: Vec<String> = std::env::args().collect();
    if let Some(i) = args.iter().position(|a| a == "--calls") {
        let (Some(name), Some(Ok(count))) =
            (args.get(i + 1), args.get(i + 2).map(|c| c.parse::<usize>()))
        else {
            eprintln!("usage: small --calls <op> <count>");
            std::process::exit(2);
        };
        let Some((_, call)) = CALLS.iter().find(|(n, _)| n.replace(' ', "_") == *name) else {
            eprintln!(
                "no op {name}: one of {:?}",
                CALLS.iter().map(|c| c.0).collect::<Vec<_>>()
            );
            std::process::exit(2);
        };
        ivy::with_backend(Backend::Ndarray, || {
            let inputs = In::new().expect("the n = 1 inputs");
            for _ in 0..count {
                black_box(call(black_box(&inputs)).expect("the call"));
            }
        });
        return;
    }
    let mut c = Criterion::default()
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1))
        .configure_from_args();
    for (backend, label) in [
        (Backend::Ndarray, "ivy_ndarray"),
        (Backend::Candle, "ivy_candle"),
    ] {
        ivy::with_backend(backend, || {
            let inputs = In::new().expect("the n = 1 inputs");
            for (name, call) in CALLS {
                if let Err(e) = call(&inputs) {
                    eprintln!("{name} on {label}: {e} (not timed)");
                    continue;
                }
                let group = format!("n1_{}", name.replace(' ', "_"));
                let mut g = c.benchmark_group(group);
                g.bench_with_input(BenchmarkId::new(label, 1), &1, |b, _| {
                    b.iter(|| call(&inputs).unwrap())
                });
                g.finish();
            }
        });
    }
    c.final_summary();
}
