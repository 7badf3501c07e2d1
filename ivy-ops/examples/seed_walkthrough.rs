//! The Ivy seed idea in one file: a function written once with ivy ops runs on every
//! backend (here ndarray and candle) with a Container of parameters, and gives the
//! same numbers; nestable ops map over a whole Container; a Container prints as Ivy
//! prints it; and dtypes follow Ivy's defaults and promotion rules.
//!
//! Run: `cargo run -p ivy-ops --example seed_walkthrough`

use ivy::prelude::*;

/// Written once: a tiny classifier (2 features -> 3 tanh units -> softmax over 2).
fn classify(p: &Container, x: &Array) -> ivy::Result<Array> {
    let h = ivy::linear(x, p.at("hidden/w")?, Some(p.at("hidden/b")?))?;
    let logits = ivy::linear(&ivy::tanh(&h)?, p.at("out/w")?, Some(p.at("out/b")?))?;
    ivy::softmax(&logits)
}

/// The parameters and a batch of three inputs, on the current backend.
fn setup() -> ivy::Result<(Container, Array)> {
    let p = ivy::container! {
        hidden: {
            w: ivy::asarray([[0.5f32, -1.0], [1.5, 0.25], [-0.75, 0.5]])?,
            b: ivy::asarray([0.1f32, -0.2, 0.0])?,
        },
        out: {
            w: ivy::asarray([[1.0f32, -0.5, 2.0], [-1.0, 0.5, 0.25]])?,
            b: ivy::asarray([0.0f32, 0.3])?,
        },
    };
    let x = ivy::asarray([[1.0f32, -0.5], [0.25, 2.0], [-1.5, 0.75]])?;
    Ok((p, x))
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    println!("== one function, two backends ==");
    let mut results = Vec::new();
    for &b in Backend::ALL {
        let y = ivy::with_backend(b, || -> ivy::Result<Array> {
            let (p, x) = setup()?;
            classify(&p, &x)
        })?;
        results.push((b, y.backend(), y.to_vec::<f32>()?));
    }
    for (b, on, _) in &results {
        println!("with_backend({b}): the result lives on {on}");
    }
    let (nd, cd) = (&results[0].2, &results[1].2);
    println!("row  {:<22}{}", results[0].0, results[1].0);
    for (i, (r0, r1)) in nd.chunks(2).zip(cd.chunks(2)).enumerate() {
        let fmt = |r: &[f32]| format!("[{:.6}, {:.6}]", r[0], r[1]);
        println!("{i:<5}{:<22}{}", fmt(r0), fmt(r1));
    }
    let worst = nd.iter().zip(cd).map(|(a, b)| (a - b).abs());
    let worst = worst.fold(0.0f32, f32::max);
    if worst > 1e-6 {
        return Err(format!("the backends disagree by {worst}").into());
    }
    if nd.chunks(2).any(|r| (r[0] + r[1] - 1.0).abs() > 1e-6) {
        return Err("a softmax row does not sum to 1".into());
    }
    println!("largest difference: {worst:e}; each row sums to 1");

    println!("\n== a Container of parameters (ndarray) ==");
    ivy::set_backend(Backend::Ndarray);
    let (p, _) = setup()?;
    println!("params = {p}");
    let keys = p.all_key_chains();
    println!("key chains: {}", keys.join(", "));

    println!("\n== nestable ops over the whole Container ==");
    // one call, every leaf: mean of each array, then scale only the `out` layer
    let means = ivy::nested::mean(&p)?;
    println!("ivy.nested.mean(params) = {means}");
    let opts = MapOptions {
        key_chains: Some(&["out"]),
        ..Default::default()
    };
    let scaled = ivy::nested::multiply(p.with_options(&opts), 10.0)?;
    println!("params * 10 at key chain `out` only:");
    println!("  out/b = {}", scaled.at("out/b")?);
    println!("  hidden/b = {} (kept)", scaled.at("hidden/b")?);
    if scaled.at("hidden/b")? != p.at("hidden/b")? {
        return Err("hidden/b should be kept".into());
    }
    // Container methods are the same ops: params + params == 2 * params
    let doubled = p.add(&p)?;
    if doubled != ivy::nested::multiply(&p, 2.0)? {
        return Err("params + params != 2 * params".into());
    }
    println!("p.add(&p) == ivy::nested::multiply(&p, 2.0): true");

    println!("\n== dtypes: defaults and promotion ==");
    let f = ivy::asarray(0.5)?;
    let i = ivy::asarray([1, 2])?;
    println!(
        "asarray(0.5) -> {}; asarray([1, 2]) -> {}",
        f.dtype(),
        i.dtype()
    );
    let f64_ = ivy::with_default_float_dtype(Dtype::Float64, || ivy::asarray(0.5))??;
    println!(
        "with_default_float_dtype(float64): asarray(0.5) -> {}",
        f64_.dtype()
    );
    // a float scalar takes the default float dtype, then int32 with float32 promotes
    println!("int32 array + 1.5 -> {}", (&i + 1.5)?.dtype());
    let fl = ivy::asarray([0.5f32, 1.5])?;
    println!("int32 array + float32 array -> {}", (&i + &fl)?.dtype());
    let loose = ivy::with_precise_mode(false, || ivy::promote_types(Dtype::Int32, Dtype::Float32));
    println!(
        "promote_types(int32, float32) = {} (precise), {} (non-precise)",
        ivy::promote_types(Dtype::Int32, Dtype::Float32)?,
        loose?
    );
    let u = ivy::astype(&i, Dtype::Uint8)?;
    println!(
        "uint8 array + int8 array -> {}",
        (&u + &ivy::astype(&i, Dtype::Int8)?)?.dtype()
    );
    Ok(())
}
