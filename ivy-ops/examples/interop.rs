//! Native arrays in and out: an `ndarray::ArrayD<f32>` and a `candle_core::Tensor`
//! go straight into ivy ops (or become `ivy::Array`s with `From`), ivy computes on
//! each one's own backend, and the results come back as native arrays
//! (`to_ndarray`, `to_tensor`, `into_native`). Arrays of two backends meet only after
//! an explicit `to_backend`.
//!
//! Run: `cargo run -p ivy-ops --example interop`

use candle_core::{Device as CDevice, Tensor};
use ivy::backends::{CandleArray, NdArray};
use ivy::prelude::*;
use ivy::NativeArray;
use ndarray::{ArrayD, IxDyn};

type Res<T = ()> = Result<T, Box<dyn std::error::Error>>;

fn close(got: &[f32], want: &[f32]) -> Res {
    let ok = got.len() == want.len() && got.iter().zip(want).all(|(a, b)| (a - b).abs() < 1e-6);
    if ok {
        Ok(())
    } else {
        Err(format!("got {got:?}, want {want:?}").into())
    }
}

/// Prints `text` wrapped at 76 columns, indented by two spaces.
fn wrapped(text: &str) {
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.len() + word.len() >= 76 {
            println!("  {line}");
            line.clear();
        }
        line.push_str(if line.is_empty() { "" } else { " " });
        line.push_str(word);
    }
    println!("  {line}");
}

fn main() -> Res {
    println!("-- ndarray in: borrowed (lent to the op) or owned (no copy)");
    let nd = ArrayD::from_shape_vec(IxDyn(&[2, 2]), vec![1.0f32, 4.0, 9.0, 16.0])?;
    let r = ivy::sqrt(&nd)?; // a borrowed ArrayD goes straight in
    println!("ivy::sqrt(&nd), {} on {}:\n{r}", r.dtype(), r.backend());
    let x = Array::from(nd.clone()); // an owned ArrayD: wrapped, no copy
    let y = (&ivy::matmul(&x, &r)? + 1.0)?;
    println!("x @ sqrt(x) + 1:\n{y}");
    println!("-- ndarray out");
    let back: ArrayD<f32> = y.to_ndarray()?;
    let values = back.as_slice().ok_or("not contiguous")?;
    println!(
        "y.to_ndarray::<f32>(): shape {:?}, {values:?}",
        back.shape()
    );
    close(values, &[14.0, 19.0, 58.0, 83.0])?;
    if y.to_ndarray::<f64>().is_err() {
        println!("y.to_ndarray::<f64>(): a typed error (y is float32: cast first)");
    }

    println!("\n-- candle in: any Tensor handle, shared (not copied)");
    let t = Tensor::new(&[[1.0f32, -2.0, 3.0], [-4.0, 5.0, -6.0]], &CDevice::Cpu)?;
    let a = ivy::abs(&t)?;
    println!("ivy::abs(&t), {} on {}:\n{a}", a.dtype(), a.backend());
    let ta = Array::from(t.clone()); // From<Tensor>: the same tensor, shared
    let s = ivy::softmax(&ta)?;
    let kw = SumKw {
        axis: Some(vec![-1]),
        ..Default::default()
    };
    let sums = ivy::sum_with(&s, kw)?;
    println!("row sums of softmax(t) = {sums}");
    close(&sums.to_vec::<f32>()?, &[1.0, 1.0])?;
    println!("-- candle out");
    let back: Tensor = a.to_tensor()?;
    let values = back.flatten_all()?.to_vec1::<f32>()?;
    println!("a.to_tensor(): dims {:?}, {values:?}", back.dims());
    close(&values, &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0])?;

    println!("\n-- two backends in one call: an error, then an explicit move");
    let total = ivy::reshape(&ivy::sum(&x)?, &[1])?; // on ndarray: [30.0]
    match ivy::multiply(&a, &total) {
        Err(e) => {
            println!("ivy::multiply(candle a, ndarray total) -> error:");
            wrapped(&e.to_string());
        }
        Ok(_) => return Err("mixing backends should fail".into()),
    }
    let z = ivy::multiply(&a, &total.to_backend(Backend::Candle)?)?;
    println!("with total.to_backend(Candle): a * 30 on {}", z.backend());
    close(&z.to_vec::<f32>()?[..3], &[30.0, 60.0, 90.0])?;

    println!("\n-- the native value itself (Array::into_native)");
    for arr in [y, z] {
        match arr.into_native() {
            NativeArray::Ndarray(NdArray::Float32(d)) => {
                println!("ndarray ArcArray<f32>, shape {:?}", d.shape())
            }
            NativeArray::Candle(CandleArray::Tensor(t)) => {
                println!("candle Tensor {:?}, dims {:?}", t.dtype(), t.dims())
            }
            _ => println!("another kind of native array"),
        }
    }

    println!("\n-- writing a native ndarray buffer in place (broadcast, cast)");
    let mut buf = ArrayD::<f64>::zeros(IxDyn(&[2, 2]));
    let row = ivy::with_backend(Backend::Ndarray, || ivy::asarray([0.5f32, 1.5]))?;
    ivy::inplace_update(&mut buf, &row)?;
    let written = buf.as_slice().ok_or("not contiguous")?;
    println!("ivy::inplace_update(&mut buf, [0.5, 1.5]): buf = {written:?}");
    if written != [0.5, 1.5, 0.5, 1.5] {
        return Err("the ndarray buffer was not written".into());
    }
    println!("\nall interop checks passed");
    Ok(())
}
