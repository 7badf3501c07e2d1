//! Each kernel at n = 1 000 000 (`f32` and `f64`; `IVY_BENCH_N` changes it), at the best level this CPU has
//! (`IVY_SIMD` lowers it), against the standard library's scalar loop over the same inputs
//! (`for (o, v) in out.iter_mut().zip(x) { *o = v.exp_m1() }`), both into a preallocated
//! output. Inputs are seeded uniform values over a range typical of each function.
//!
//! `cargo bench -p ivy-vecmath --bench kernels [-- FILTER]`; each group is
//! `<kernel>/<dtype>` with the functions `ivy` and `std`. The key sort's groups are
//! `sort_keys/u32` and `sort_keys/u64`: `ivy` (`sort::sort_keys`, one thread) against
//! `std` (`slice::sort_unstable`), each on a fresh copy of the same random keys.

use std::mem::MaybeUninit;

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use ivy_vecmath::*;

/// Elements per call: 1 000 000, or `IVY_BENCH_N` (a size that fits in L1/L2, e.g. 16384,
/// separates a kernel's arithmetic from memory traffic).
static N: std::sync::LazyLock<usize> = std::sync::LazyLock::new(|| {
    std::env::var("IVY_BENCH_N")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000_000)
});

/// `n` values uniform in [lo, hi) from a fixed seed (SplitMix64).
fn uniform(n: usize, seed: u64, lo: f64, hi: f64) -> Vec<f64> {
    let mut s = seed;
    (0..n)
        .map(|_| {
            s = s.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = s;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^= z >> 31;
            lo + (hi - lo) * ((z >> 11) as f64 / (1u64 << 53) as f64)
        })
        .collect()
}

fn unary<K: Unary<f32> + Unary<f64>>(
    c: &mut Criterion,
    name: &str,
    (lo, hi): (f64, f64),
    std32: fn(f32) -> f32,
    std64: fn(f64) -> f64,
) {
    let x64 = uniform(*N, 1, lo, hi);
    let x32: Vec<f32> = x64.iter().map(|&v| v as f32).collect();
    let mut g = c.benchmark_group(format!("{name}/f32"));
    let mut out = vec![MaybeUninit::<f32>::uninit(); *N];
    g.bench_function("ivy", |b| {
        b.iter(|| map::<f32, K>(black_box(&x32), &mut out))
    });
    let mut out = vec![0f32; *N];
    g.bench_function("std", |b| {
        b.iter(|| {
            for (o, &v) in out.iter_mut().zip(black_box(&x32)) {
                *o = std32(v);
            }
        })
    });
    g.finish();
    let mut g = c.benchmark_group(format!("{name}/f64"));
    let mut out = vec![MaybeUninit::<f64>::uninit(); *N];
    g.bench_function("ivy", |b| {
        b.iter(|| map::<f64, K>(black_box(&x64), &mut out))
    });
    let mut out = vec![0f64; *N];
    g.bench_function("std", |b| {
        b.iter(|| {
            for (o, &v) in out.iter_mut().zip(black_box(&x64)) {
                *o = std64(v);
            }
        })
    });
    g.finish();
}

macro_rules! unary {
    ($c:ident; $($K:ident $name:literal ($lo:expr, $hi:expr) $f:ident;)*) => {$(
        unary::<$K>($c, $name, ($lo, $hi), f32::$f, f64::$f);
    )*};
}

fn binary<K: Binary<f32> + Binary<f64>>(
    c: &mut Criterion,
    name: &str,
    (lo, hi): (f64, f64),
    (lo2, hi2): (f64, f64),
    std32: fn(f32, f32) -> f32,
    std64: fn(f64, f64) -> f64,
) {
    let a64 = uniform(*N, 1, lo, hi);
    let b64 = uniform(*N, 2, lo2, hi2);
    let a32: Vec<f32> = a64.iter().map(|&v| v as f32).collect();
    let b32: Vec<f32> = b64.iter().map(|&v| v as f32).collect();
    let mut g = c.benchmark_group(format!("{name}/f32"));
    let mut out = vec![MaybeUninit::<f32>::uninit(); *N];
    g.bench_function("ivy", |b| {
        b.iter(|| zip::<f32, K>(black_box(&a32), black_box(&b32), &mut out))
    });
    let mut out = vec![0f32; *N];
    g.bench_function("std", |b| {
        b.iter(|| {
            for ((o, &x), &y) in out.iter_mut().zip(black_box(&a32)).zip(black_box(&b32)) {
                *o = std32(x, y);
            }
        })
    });
    g.finish();
    let mut g = c.benchmark_group(format!("{name}/f64"));
    let mut out = vec![MaybeUninit::<f64>::uninit(); *N];
    g.bench_function("ivy", |b| {
        b.iter(|| zip::<f64, K>(black_box(&a64), black_box(&b64), &mut out))
    });
    let mut out = vec![0f64; *N];
    g.bench_function("std", |b| {
        b.iter(|| {
            for ((o, &x), &y) in out.iter_mut().zip(black_box(&a64)).zip(black_box(&b64)) {
                *o = std64(x, y);
            }
        })
    });
    g.finish();
}

fn kernels(c: &mut Criterion) {
    unary! {c;
        Exp "exp" (-50.0, 50.0) exp;
        Log "log" (0.0, 100.0) ln;
        Sin "sin" (-10.0, 10.0) sin;
        Cos "cos" (-10.0, 10.0) cos;
        Tan "tan" (-10.0, 10.0) tan;
        Expm1 "expm1" (-5.0, 5.0) exp_m1;
        Log1p "log1p" (-0.9, 10.0) ln_1p;
        Log2 "log2" (0.0, 100.0) log2;
        Log10 "log10" (0.0, 100.0) log10;
        Sinh "sinh" (-5.0, 5.0) sinh;
        Cosh "cosh" (-5.0, 5.0) cosh;
        Tanh "tanh" (-5.0, 5.0) tanh;
        Atan "atan" (-5.0, 5.0) atan;
        Asin "asin" (-1.0, 1.0) asin;
        Acos "acos" (-1.0, 1.0) acos;
        Asinh "asinh" (-5.0, 5.0) asinh;
        Acosh "acosh" (1.0, 10.0) acosh;
        Atanh "atanh" (-1.0, 1.0) atanh;
        Floor "floor" (-1e6, 1e6) floor;
        Ceil "ceil" (-1e6, 1e6) ceil;
        Trunc "trunc" (-1e6, 1e6) trunc;
        RoundEven "roundeven" (-1e6, 1e6) round_ties_even;
    }
    unary::<Softplus>(
        c,
        "softplus",
        (-20.0, 20.0),
        |x| x.max(0.0) + (-x.abs()).exp().ln_1p(),
        |x| x.max(0.0) + (-x.abs()).exp().ln_1p(),
    );
    // half the inputs or more outside the domain or past overflow and underflow, the
    // kernels' `Unary::edge` values: every block takes the extra pass
    unary! {c;
        Log "log_edges" (-100.0, 100.0) ln;
        Exp "exp_edges" (-200.0, 200.0) exp;
        Cosh "cosh_edges" (-200.0, 200.0) cosh;
        Asin "asin_edges" (-2.0, 2.0) asin;
        Acosh "acosh_edges" (-10.0, 10.0) acosh;
    }
}

fn binaries(c: &mut Criterion) {
    binary::<Atan2>(c, "atan2", (-5.0, 5.0), (-5.0, 5.0), f32::atan2, f64::atan2);
    binary::<Hypot>(c, "hypot", (-5.0, 5.0), (-5.0, 5.0), f32::hypot, f64::hypot);
    binary::<Pow>(c, "pow", (0.0, 5.0), (-5.0, 5.0), f32::powf, f64::powf);
    // numpy's definition, in each type; softplus's and logaddexp's ranges are
    // `ivy-ops/benches/ops.txt`'s (their far tails, e^-40, once hit subnormal slow paths)
    binary::<Logaddexp>(
        c,
        "logaddexp",
        (-20.0, 20.0),
        (-20.0, 20.0),
        |a, b| {
            if a == b {
                a + std::f32::consts::LN_2
            } else {
                a.max(b) + (-(a - b).abs()).exp().ln_1p()
            }
        },
        |a, b| {
            if a == b {
                a + std::f64::consts::LN_2
            } else {
                a.max(b) + (-(a - b).abs()).exp().ln_1p()
            }
        },
    );
}

fn sort_keys(c: &mut Criterion) {
    fn group<K: sort::SortKey>(c: &mut Criterion, name: &str, keys: Vec<K>) {
        let mut g = c.benchmark_group(format!("sort_keys/{name}"));
        let mut scratch = vec![MaybeUninit::<K>::uninit(); keys.len()];
        let mut v = keys.clone();
        g.bench_function("ivy", |b| {
            b.iter(|| {
                v.copy_from_slice(&keys);
                black_box(sort::sort_keys(&mut v, &mut scratch))
            })
        });
        g.bench_function("std", |b| {
            b.iter(|| {
                v.copy_from_slice(&keys);
                v.sort_unstable();
                black_box(&v);
            })
        });
        g.finish();
    }
    let bits = uniform(*N, 13, 0.0, 1.0);
    let wide = |x: &f64| (x * u64::MAX as f64) as u64;
    group(
        c,
        "u32",
        bits.iter().map(|x| (wide(x) >> 32) as u32).collect(),
    );
    group(c, "u64", bits.iter().map(wide).collect());
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(std::time::Duration::from_millis(300))
        .measurement_time(std::time::Duration::from_secs(1));
    targets = kernels, binaries, sort_keys
}
criterion_main!(benches);
