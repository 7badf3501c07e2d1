//! A loop of small calls, for counting instructions per call at n = 1:
//! `cargo build --release -p ivy-ops --example percall` then
//! `valgrind --tool=callgrind target/release/examples/percall exp 100000`
//! (ops: exp, tan, add, sum; the count divided by the calls is the per-call cost).

use ivy::prelude::*;
use std::hint::black_box;

fn main() -> ivy::Result<()> {
    let mut args = std::env::args().skip(1);
    let op = args.next().unwrap_or_else(|| "exp".into());
    let calls: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(100_000);
    ivy::set_backend(Backend::Ndarray);
    let x = ivy::asarray([0.5f32])?;
    let y = ivy::asarray([0.25f32])?;
    for _ in 0..calls {
        let r = match op.as_str() {
            "exp" => ivy::exp(black_box(&x))?,
            "tan" => ivy::tan(black_box(&x))?,
            "add" => ivy::add(black_box(&x), black_box(&y))?,
            "sum" => ivy::sum(black_box(&x))?,
            other => {
                return Err(ivy::Error::InvalidArgument {
                    op: "percall",
                    message: format!("unknown op `{other}` (exp, tan, add, sum)"),
                })
            }
        };
        black_box(r);
    }
    Ok(())
}
