//! Exhaustive accuracy scan of `f32` kernels: every `f32` bit pattern (or a range of them)
//! through [`map_at`] at a level, against the platform's `f64` function of the same input
//! (error ≈ 2^-52, far below an `f32` ULP), in fractional `f32` ULPs of the reference.
//! Results the reference rounds to ±∞ must be ±∞, NaN references must give NaN.
//!
//! `cargo run --release -p ivy-vecmath --example scan32 -- OP [LEVEL] [THREADS] [LO HI]`,
//! `OP` one of `sinh`, `cosh`, `tanh`, `expm1`, `exp`, `softplus`, `LEVEL` an `IVY_SIMD` name (default: the
//! best), `LO`/`HI` the bit patterns scanned (hex, inclusive; default all 2^32).

use std::mem::MaybeUninit;

use ivy_vecmath::{map_at, Cosh, Exp, Expm1, Level, Sinh, Softplus, Tanh, Unary};

fn ulp32(v: f64) -> f64 {
    let a = v.abs().max(f64::from(f32::MIN_POSITIVE));
    2f64.powi(a.log2().floor() as i32 - 23)
}

/// (max error in ULPs, its input, count of lanes above ½ ULP, count of wrong specials).
fn scan<K: Unary<f32>>(
    level: Level,
    refr: fn(f64) -> f64,
    lo: u64,
    hi: u64,
) -> (f64, f32, u64, u64) {
    const B: u64 = 1 << 16;
    let mut x = vec![0f32; B as usize];
    let mut out = vec![MaybeUninit::<f32>::uninit(); B as usize];
    let (mut worst, mut at, mut half, mut bad) = (0.0f64, 0.0f32, 0u64, 0u64);
    let mut start = lo;
    while start <= hi {
        let n = (hi - start + 1).min(B) as usize;
        for (i, v) in x[..n].iter_mut().enumerate() {
            *v = f32::from_bits((start + i as u64) as u32);
        }
        map_at::<f32, K>(level, &x[..n], &mut out[..n]);
        for (&xi, o) in x[..n].iter().zip(&out[..n]) {
            // every element was written
            let y = unsafe { o.assume_init() };
            let r = refr(f64::from(xi));
            let rr = r as f32;
            if r.is_nan() || rr.is_infinite() || rr == 0.0 {
                if !(y.to_bits() == rr.to_bits() || (r.is_nan() && y.is_nan())) {
                    if bad < 10 {
                        println!(
                            "  special {xi:e} ({:#010x}): {y:e}, want {rr:e}",
                            xi.to_bits()
                        );
                    }
                    bad += 1;
                }
                continue;
            }
            let e = (f64::from(y) - r).abs() / ulp32(r);
            if e > 0.5 {
                half += 1;
            }
            if e > worst || e.is_nan() {
                worst = if e.is_nan() { f64::INFINITY } else { e };
                at = xi;
            }
        }
        start += n as u64;
    }
    (worst, at, half, bad)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let op = args.first().map_or("sinh", String::as_str).to_string();
    let level = args
        .get(1)
        .and_then(|s| Level::parse(s))
        .unwrap_or_else(ivy_vecmath::detected);
    let threads: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(2);
    let hex = |s: &String| u64::from_str_radix(s.trim_start_matches("0x"), 16).unwrap();
    let lo = args.get(3).map_or(0, hex);
    let hi = args.get(4).map_or(u64::from(u32::MAX), hex);
    let f: fn(Level, u64, u64) -> (f64, f32, u64, u64) = match op.as_str() {
        "sinh" => |l, a, b| scan::<Sinh>(l, f64::sinh, a, b),
        "cosh" => |l, a, b| scan::<Cosh>(l, f64::cosh, a, b),
        "tanh" => |l, a, b| scan::<Tanh>(l, f64::tanh, a, b),
        "expm1" => |l, a, b| scan::<Expm1>(l, f64::exp_m1, a, b),
        "exp" => |l, a, b| scan::<Exp>(l, f64::exp, a, b),
        "softplus" => {
            |l, a, b| scan::<Softplus>(l, |x| x.max(0.0) + (-x.abs()).exp().ln_1p(), a, b)
        }
        _ => panic!("unknown op {op}"),
    };
    let t0 = std::time::Instant::now();
    let step = (hi - lo + 1).div_ceil(threads);
    let parts: Vec<_> = (0..threads)
        .map(|i| {
            let a = lo + i * step;
            let b = (a + step - 1).min(hi);
            std::thread::spawn(move || f(level, a, b))
        })
        .collect::<Vec<_>>()
        .into_iter()
        .map(|h| h.join().unwrap())
        .collect();
    let (mut worst, mut at, mut half, mut bad) = (0.0, 0.0, 0, 0);
    for (w, a, h, b) in parts {
        if w > worst {
            (worst, at) = (w, a);
        }
        half += h;
        bad += b;
    }
    println!(
        "{op} {} [{lo:#x}, {hi:#x}]: max {worst:.4} ULP at {at:e} ({:#010x}); {half} above 0.5 ULP; {bad} wrong special/overflow results; {:.1} s",
        level.name(),
        at.to_bits(),
        t0.elapsed().as_secs_f64()
    );
}
