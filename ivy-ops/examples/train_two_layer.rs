//! A two-layer classifier (4 inputs -> 8 ReLU units -> 3 classes, softmax and
//! `ivy::cross_entropy`) whose parameters are one `ivy::Container`, trained by plain
//! gradient descent with `ivy::execute_with_gradients` on candle; the update
//! `p - lr * grad` is two nested ops over whole Containers. It checks that the loss falls
//! and that one gradient matches a finite difference. The trained parameters then move
//! to ndarray, and the same forward function gives the same predictions there.
//!
//! Run: `cargo run -p ivy-ops --example train_two_layer`

use ivy::prelude::*;

const STEPS: usize = 20;
const LR: f64 = 0.5;

/// Deterministic inputs `x` (`[16, 4]`) and one-hot labels `y` (`[16, 3]`): the class
/// is the index of the largest of `x @ v`'s three columns.
fn data() -> ivy::Result<(Array, Array)> {
    let t = ivy::linspace(-2, 2, 64)?;
    let x = ivy::reshape(&ivy::sin(&(&t * 2.5)?)?, &[16, 4])?;
    let v = ivy::asarray([
        [1.0f32, -1.0, 0.0],
        [0.0, 1.0, -1.0],
        [-1.0, 0.0, 1.0],
        [0.5, 0.5, 0.5],
    ])?;
    let s = ivy::matmul(&x, &v)?;
    let top = ivy::max_with(
        &s,
        MaxKw {
            axis: Some(vec![-1]),
            keepdims: true,
        },
    )?;
    let y = ivy::equal(&s, &top)?.cast(Dtype::Float32)?;
    Ok((x, y))
}

/// Small deterministic weights: `scale * cos(0.7 k + phase)`, `k = 0, 1, ...`.
fn init(shape: &[i64], phase: f64, scale: f64) -> ivy::Result<Array> {
    let n: i64 = shape.iter().product();
    let k = ivy::arange(n)?.cast(Dtype::Float32)?;
    let w = (&ivy::cos(&(&(&k * 0.7)? + phase)?)? * scale)?;
    ivy::reshape(&w, shape)
}

/// The forward pass (class probabilities), written once with ivy ops: any backend the
/// arrays are on.
fn forward(p: &Container, x: &Array) -> ivy::Result<Array> {
    let h = ivy::relu(&ivy::linear(x, p.at("w1")?, Some(p.at("b1")?))?)?;
    ivy::softmax(&ivy::linear(&h, p.at("w2")?, Some(p.at("b2")?))?)
}

/// Mean cross-entropy over the batch.
fn loss(probs: &Array, labels: &Array) -> ivy::Result<Array> {
    ivy::mean(&ivy::cross_entropy(labels, probs)?)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    ivy::set_backend(Backend::Candle);
    let (x, y) = data()?;
    let mut params: Container = ivy::container! {
        w1: init(&[8, 4], 0.0, 0.5)?,
        b1: ivy::zeros([8])?,
        w2: init(&[3, 8], 1.0, 0.5)?,
        b2: ivy::zeros([3])?,
    };
    let shapes: Vec<String> = params
        .leaves()
        .map(|(k, a)| format!("{k} {:?}", a.shape()))
        .collect();
    println!("parameters: {}", shapes.join(", "));
    println!("training on candle: {STEPS} steps, lr = {LR}");

    let objective = |p: &Container| loss(&forward(p, &x)?, &y);
    let mut losses = Vec::new();
    for step in 0..STEPS {
        let (l, grads, ()) = ivy::execute_with_gradients(objective, &params)?;
        let l = l.item::<f32>()?;
        losses.push(l);
        if step % 5 == 0 || step == STEPS - 1 {
            println!("  step {step:>2}  loss {l:.6}");
        }
        if step == 0 {
            check_one_gradient(&objective, &params, &grads)?;
        }
        // p <- p - lr * grad, leaf by leaf over the whole Container
        params = ivy::nested::subtract(&params, &ivy::nested::multiply(&grads, LR)?)?;
    }
    let (first, last) = (losses[0], losses[STEPS - 1]);
    if last >= first {
        return Err(format!("loss did not go down: {first} -> {last}").into());
    }
    println!("loss {first:.6} -> {last:.6}");

    // the same function on ndarray, with the trained parameters moved there
    let nd_params = params.map(|_, a| a.to_backend(Backend::Ndarray))?;
    let (nd_x, nd_y) = (
        x.to_backend(Backend::Ndarray)?,
        y.to_backend(Backend::Ndarray)?,
    );
    let on_nd = ivy::with_backend(Backend::Ndarray, || forward(&nd_params, &nd_x))?;
    let on_candle = forward(&params, &x)?;
    println!("backends: {} vs {}", on_candle.backend(), on_nd.backend());
    let (a, b) = (on_candle.to_vec::<f32>()?, on_nd.to_vec::<f32>()?);
    println!("first predictions: candle      ndarray");
    for (p, q) in a.iter().zip(&b).take(4) {
        println!("                   {p:>10.6}  {q:>10.6}");
    }
    for (i, (p, q)) in a.iter().zip(&b).enumerate() {
        if (p - q).abs() > 1e-5 * p.abs().max(q.abs()).max(1.0) {
            return Err(format!("prediction {i}: candle {p} vs ndarray {q}").into());
        }
    }
    let nd_loss = loss(&on_nd, &nd_y)?.item::<f32>()?;
    println!("loss after the last update (ndarray): {nd_loss:.6}");
    println!("all {} predictions agree within 1e-5 (relative)", a.len());
    Ok(())
}

/// The gradient of the loss in `w2[0][0]` against a central finite difference.
fn check_one_gradient(
    objective: &impl Fn(&Container) -> ivy::Result<Array>,
    params: &Container,
    grads: &Container,
) -> Result<(), Box<dyn std::error::Error>> {
    let h = 1e-2f32;
    let w2 = params.at("w2")?.to_vec::<f32>()?;
    let nudged = |d: f32| -> ivy::Result<f32> {
        let mut w = w2.clone();
        w[0] += d;
        let mut p = params.clone();
        p.insert("w2", ivy::reshape(&ivy::asarray(w)?, &[3, 8])?);
        objective(&p)?.item::<f32>()
    };
    let fd = (nudged(h)? - nudged(-h)?) / (2.0 * h);
    let g = grads.at("w2")?.to_vec::<f32>()?[0];
    println!("d loss / d w2[0][0]: {g:.6} (finite difference {fd:.6})");
    if (g - fd).abs() > 1e-3 * (1.0 + fd.abs()) {
        return Err(format!("gradient {g} vs finite difference {fd}").into());
    }
    Ok(())
}
