//! ndarray: layers and activations. `gelu` and `leaky_relu` run their kernel rows (one
//! pass into one buffer); `sigmoid`, `silu`, `hardswish` and `mish` run theirs as mixed
//! family ops (`#[family(unary)]` and `Kernels::MIXED_ROWS`), with nothing here; every
//! other op is its composition.

use crate::functional::layers::LayersBackend;
use crate::{Array, NdarrayBackend, Result};

#[ivy_macros::backend_impl]
impl LayersBackend for NdarrayBackend {
    // gelu: mixed; ndarray overrides the body (in float64, nine ops: 1 M float32 took 13.6
    // ms, 12.3 with `approximate`) with the rows `Gelu` and `GeluTanh`
    #[with_unsupported_dtypes({"0.17.2 and below": ("complex", "bool")})]
    fn gelu(x: &Array, approximate: bool) -> Result<Array> {
        use crate::kernel::rows::{Gelu, GeluTanh};
        if approximate {
            crate::engine::family::unary::<Self, GeluTanh>(x)
        } else {
            crate::engine::family::unary::<Self, Gelu>(x)
        }
    }
    #[support_native_out]
    fn gelu_out(x: &Array, approximate: bool, out: &mut Array) -> Result<()> {
        use crate::kernel::rows::{Gelu, GeluTanh};
        if approximate {
            crate::engine::family::unary_out::<Self, GeluTanh>(x, out)
        } else {
            crate::engine::family::unary_out::<Self, Gelu>(x, out)
        }
    }

    // leaky_relu: mixed; ndarray overrides the body (three ops: `greater`, `multiply`,
    // `where`) with the binary row `LeakyRelu` of `x` and `alpha` in `x`'s dtype (as the
    // body's `multiply` converts it)
    #[with_unsupported_dtypes({"0.17.2 and below": ("complex", "bool", "integer")})]
    fn leaky_relu(x: &Array, alpha: f64) -> Result<Array> {
        let a = slope(x, alpha)?;
        crate::engine::family::binary::<Self, crate::kernel::rows::LeakyRelu>(x, &a)
    }
    #[support_native_out]
    fn leaky_relu_out(x: &Array, alpha: f64, out: &mut Array) -> Result<()> {
        let a = slope(x, alpha)?;
        crate::engine::family::binary_out::<Self, crate::kernel::rows::LeakyRelu>(x, &a, out)
    }
}

/// `alpha` as a 0-d array of `x`'s dtype, as the body's `multiply` converts its scalar.
fn slope(x: &Array, alpha: f64) -> Result<Array> {
    crate::native::scalar_array(
        "leaky_relu",
        crate::Backend::Ndarray,
        crate::Scalar::Float(alpha),
        x.dtype(),
        x.device(),
    )
}
