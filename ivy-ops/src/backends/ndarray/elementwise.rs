//! ndarray: element-wise ops.

use super::kernels::{binary, binary_into, nd, unary, unary_float, unary_float_into};
use super::kernels::{ElemZip, FloatMap};
use super::NdarrayBackend;
use crate::elem::{Add, Div, Exp, Ln, Mul, Neg, Softplus, Sub, Tan};
use crate::functional::elementwise::ElementwiseBackend;
use crate::{Array, Result};

fn float_op<F: FloatMap>(op: &'static str, x: &Array) -> Result<Array> {
    let x = crate::backends::float_input(x)?;
    Ok(Array::from_nd(unary_float::<F>(op, nd(op, &x)?)?))
}

fn float_op_into<F: FloatMap>(op: &'static str, x: &Array, out: &mut Array) -> Result<()> {
    let x = crate::backends::float_input(x)?;
    unary_float_into::<F>(op, &x, out)
}

fn zip_op<F: ElemZip>(op: &'static str, x1: &Array, x2: &Array) -> Result<Array> {
    Ok(Array::from_nd(binary::<F>(op, nd(op, x1)?, nd(op, x2)?)?))
}

/// Ivy divides integers (and bools) in the default float dtype.
fn true_div_inputs(x1: &Array, x2: &Array) -> Result<Option<(Array, Array)>> {
    if x1.dtype().is_float() || x1.dtype().is_complex() {
        return Ok(None);
    }
    let d = ivy_core::default_float_dtype();
    Ok(Some((x1.cast(d)?, x2.cast(d)?)))
}

#[ivy_macros::backend_impl]
impl ElementwiseBackend for NdarrayBackend {
    fn tan(x: &Array) -> Result<Array> {
        float_op::<Tan>("tan", x)
    }
    #[support_native_out]
    fn tan_out(x: &Array, out: &mut Array) -> Result<()> {
        float_op_into::<Tan>("tan", x, out)
    }

    fn log(x: &Array) -> Result<Array> {
        float_op::<Ln>("log", x)
    }
    #[support_native_out]
    fn log_out(x: &Array, out: &mut Array) -> Result<()> {
        float_op_into::<Ln>("log", x, out)
    }

    fn exp(x: &Array) -> Result<Array> {
        float_op::<Exp>("exp", x)
    }
    #[support_native_out]
    fn exp_out(x: &Array, out: &mut Array) -> Result<()> {
        float_op_into::<Exp>("exp", x, out)
    }

    #[with_unsupported_dtypes({"0.17.2 and below": ("bool",)})]
    fn negative(x: &Array) -> Result<Array> {
        Ok(Array::from_nd(unary::<Neg>(
            "negative",
            nd("negative", x)?,
        )?))
    }

    #[with_unsupported_dtypes({"0.17.2 and below": ("bool",)})]
    fn add(x1: &Array, x2: &Array) -> Result<Array> {
        zip_op::<Add>("add", x1, x2)
    }
    #[support_native_out]
    fn add_out(x1: &Array, x2: &Array, out: &mut Array) -> Result<()> {
        binary_into::<Add>("add", x1, x2, out)
    }

    #[with_unsupported_dtypes({"0.17.2 and below": ("bool",)})]
    fn subtract(x1: &Array, x2: &Array) -> Result<Array> {
        zip_op::<Sub>("subtract", x1, x2)
    }
    #[support_native_out]
    fn subtract_out(x1: &Array, x2: &Array, out: &mut Array) -> Result<()> {
        binary_into::<Sub>("subtract", x1, x2, out)
    }

    #[with_unsupported_dtypes({"0.17.2 and below": ("bool",)})]
    fn multiply(x1: &Array, x2: &Array) -> Result<Array> {
        zip_op::<Mul>("multiply", x1, x2)
    }
    #[support_native_out]
    fn multiply_out(x1: &Array, x2: &Array, out: &mut Array) -> Result<()> {
        binary_into::<Mul>("multiply", x1, x2, out)
    }

    fn divide(x1: &Array, x2: &Array) -> Result<Array> {
        match true_div_inputs(x1, x2)? {
            Some((a, b)) => zip_op::<Div>("divide", &a, &b),
            None => zip_op::<Div>("divide", x1, x2),
        }
    }

    #[with_unsupported_dtypes({"0.17.2 and below": ("complex", "bool")})]
    fn clip(x: &Array, x_min: f64, x_max: f64) -> Result<Array> {
        super::kernels::clip(nd("clip", x)?, x_min, x_max).map(Array::from_nd)
    }

    fn softplus(x: &Array) -> Result<Array> {
        float_op::<Softplus>("softplus", x)
    }
    #[support_native_out]
    fn softplus_out(x: &Array, out: &mut Array) -> Result<()> {
        float_op_into::<Softplus>("softplus", x, out)
    }
}
