//! candle: element-wise ops. Candle's unary float kernels `todo!()`-panic on integer
//! tensors: float ops promote integers to the default float first (superset support), and
//! `negative`, which has no such promotion, declares the unsigned dtypes unsupported (tested).

use super::{err, tensor, wrap, CandleBackend};
use crate::backends::float_input;
use crate::functional::elementwise::ElementwiseBackend;
use crate::{Array, Result};

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

    #[with_unsupported_dtypes({"0.11.1 and below": ("unsigned",)})]
    fn negative(x: &Array) -> Result<Array> {
        let t = tensor("negative", x)?;
        if x.dtype().is_float() {
            wrap("negative", t.neg())
        } else {
            // candle's `neg` panics on integers: 0 - x instead.
            wrap("negative", t.zeros_like().and_then(|z| z.sub(t)))
        }
    }

    fn add(x1: &Array, x2: &Array) -> Result<Array> {
        wrap("add", tensor("add", x1)?.broadcast_add(tensor("add", x2)?))
    }

    fn subtract(x1: &Array, x2: &Array) -> Result<Array> {
        wrap(
            "subtract",
            tensor("subtract", x1)?.broadcast_sub(tensor("subtract", x2)?),
        )
    }

    fn multiply(x1: &Array, x2: &Array) -> Result<Array> {
        wrap(
            "multiply",
            tensor("multiply", x1)?.broadcast_mul(tensor("multiply", x2)?),
        )
    }

    fn divide(x1: &Array, x2: &Array) -> Result<Array> {
        // Integer division by zero panics in candle; Ivy divides integers as floats anyway.
        match true_div_inputs(x1, x2)? {
            Some((a, b)) => wrap(
                "divide",
                tensor("divide", &a)?.broadcast_div(tensor("divide", &b)?),
            ),
            None => wrap(
                "divide",
                tensor("divide", x1)?.broadcast_div(tensor("divide", x2)?),
            ),
        }
    }

    fn clip(x: &Array, x_min: f64, x_max: f64) -> Result<Array> {
        if x_min > x_max {
            return Err(crate::Error::InvalidArgument {
                op: "clip",
                message: format!("x_min ({x_min}) must not exceed x_max ({x_max})"),
            });
        }
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
