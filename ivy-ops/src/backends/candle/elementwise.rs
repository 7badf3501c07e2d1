//! candle: element-wise ops. Candle's unary float kernels `todo!()`-panic on integer
//! tensors and its integer kernels panic on overflow in debug builds: float ops promote
//! integers to the default float first (superset support), and integer arithmetic and
//! negation are computed here with wrapping, as ndarray and numpy do.

use super::{candle_types, dtype_of, err, tensor, wrap, CandleBackend};
use crate::backends::float_input;
use crate::elem::{Add, ElemMap, ElemZip, Mul, Neg, Sub};
use crate::functional::elementwise::ElementwiseBackend;
use crate::{Array, Result};
use candle_core::Tensor;

/// Integer arithmetic computed here with wrapping (numpy's and ndarray's semantics): candle's
/// own integer kernels use plain `+ - *`, which panic on overflow in debug builds of any crate
/// that depends on ivy.
fn int_zip<F: ElemZip>(op: &'static str, a: &Tensor, b: &Tensor) -> Result<Tensor> {
    let shape = crate::__private::broadcast_shapes(op, a.dims(), b.dims())?;
    let d = dtype_of(a.dtype());
    super::reserve(op, &shape, d)?;
    let flat = |t: &Tensor| {
        t.broadcast_as(shape.as_slice())
            .and_then(|t| t.flatten_all())
    };
    let (x, y) = (
        flat(a).map_err(|e| err(op, e))?,
        flat(b).map_err(|e| err(op, e))?,
    );
    candle_types!(d, T => {
        let xs = x.to_vec1::<T>().map_err(|e| err(op, e))?;
        let ys = y.to_vec1::<T>().map_err(|e| err(op, e))?;
        let mut v = crate::alloc::try_vec::<T>(op, xs.len())?;
        v.extend(xs.iter().zip(&ys).map(|(&p, &q)| F::f(p, q)));
        Tensor::from_vec(v, shape.as_slice(), a.device()).map_err(|e| err(op, e))
    }, other => Err(crate::array::not_in_backend(Some(op), other, crate::Backend::Candle)))
}

/// `F` over an integer tensor, computed here with wrapping.
fn int_map<F: ElemMap>(op: &'static str, a: &Tensor) -> Result<Tensor> {
    let x = a.flatten_all().map_err(|e| err(op, e))?;
    candle_types!(dtype_of(a.dtype()), T => {
        let xs = x.to_vec1::<T>().map_err(|e| err(op, e))?;
        let mut v = crate::alloc::try_vec::<T>(op, xs.len())?;
        v.extend(xs.into_iter().map(F::f));
        Tensor::from_vec(v, a.dims(), a.device()).map_err(|e| err(op, e))
    }, other => Err(crate::array::not_in_backend(Some(op), other, crate::Backend::Candle)))
}

/// A float binary op after the shape check (so a mismatch is `Error::Shape` on every backend)
/// and, when broadcasting makes the result larger than both inputs, the allocation check.
fn float_zip(
    op: &'static str,
    x1: &Array,
    x2: &Array,
    f: fn(&Tensor, &Tensor) -> candle_core::Result<Tensor>,
) -> Result<Array> {
    let (a, b) = (tensor(op, x1)?, tensor(op, x2)?);
    if a.dims() != b.dims() {
        let shape = crate::__private::broadcast_shapes(op, a.dims(), b.dims())?;
        super::reserve(op, &shape, x1.dtype())?;
    }
    wrap(op, f(a, b))
}

/// `F` on integers (wrapping, computed here), candle's kernel `f` on floats.
fn arith<F: ElemZip>(
    op: &'static str,
    x1: &Array,
    x2: &Array,
    f: fn(&Tensor, &Tensor) -> candle_core::Result<Tensor>,
) -> Result<Array> {
    if x1.dtype().is_int() {
        let t = int_zip::<F>(op, tensor(op, x1)?, tensor(op, x2)?)?;
        return Ok(Array::from_candle(super::CandleArray::Tensor(t)));
    }
    float_zip(op, x1, x2, f)
}

fn true_div_inputs(x1: &Array, x2: &Array) -> Result<Option<(Array, Array)>> {
    if x1.dtype().is_float() {
        return Ok(None);
    }
    let d = ivy_core::default_float_dtype();
    Ok(Some((x1.cast(d)?, x2.cast(d)?)))
}

#[ivy_macros::backend_impl]
impl ElementwiseBackend for CandleBackend {
    fn tan(x: &Array) -> Result<Array> {
        let x = float_input(x)?;
        let t = tensor("tan", &x)?;
        wrap("tan", t.sin().and_then(|s| t.cos().and_then(|c| s.div(&c))))
    }

    fn log(x: &Array) -> Result<Array> {
        // superset: candle's float kernels panic on integers, so integers are promoted first
        wrap("log", tensor("log", &*float_input(x)?)?.log())
    }

    fn exp(x: &Array) -> Result<Array> {
        wrap("exp", tensor("exp", &*float_input(x)?)?.exp())
    }

    fn negative(x: &Array) -> Result<Array> {
        let t = tensor("negative", x)?;
        if x.dtype().is_float() {
            wrap("negative", t.neg())
        } else {
            // candle's `neg` panics on integers: wrapping negation here (uint8: 0 - 3 = 253)
            int_map::<Neg>("negative", t).map(|t| Array::from_candle(super::CandleArray::Tensor(t)))
        }
    }

    fn add(x1: &Array, x2: &Array) -> Result<Array> {
        arith::<Add>("add", x1, x2, Tensor::broadcast_add)
    }

    fn subtract(x1: &Array, x2: &Array) -> Result<Array> {
        arith::<Sub>("subtract", x1, x2, Tensor::broadcast_sub)
    }

    fn multiply(x1: &Array, x2: &Array) -> Result<Array> {
        arith::<Mul>("multiply", x1, x2, Tensor::broadcast_mul)
    }

    fn divide(x1: &Array, x2: &Array) -> Result<Array> {
        // Integer division by zero panics in candle; Ivy divides integers as floats anyway.
        match true_div_inputs(x1, x2)? {
            Some((a, b)) => float_zip("divide", &a, &b, Tensor::broadcast_div),
            None => float_zip("divide", x1, x2, Tensor::broadcast_div),
        }
    }

    fn clip(x: &Array, x_min: f64, x_max: f64) -> Result<Array> {
        // bounds checked before dispatch; converted to x's dtype as on every backend
        let t = tensor("clip", x)?;
        let d = t.dtype();
        let lo = candle_core::Tensor::new(x_min, t.device()).and_then(|s| s.to_dtype(d));
        let hi = candle_core::Tensor::new(x_max, t.device()).and_then(|s| s.to_dtype(d));
        let (lo, hi) = (
            lo.map_err(|e| err("clip", e))?,
            hi.map_err(|e| err("clip", e))?,
        );
        wrap(
            "clip",
            t.broadcast_maximum(&lo)
                .and_then(|m| m.broadcast_minimum(&hi)),
        )
    }
    // no softplus: candle uses the compositional body
}
