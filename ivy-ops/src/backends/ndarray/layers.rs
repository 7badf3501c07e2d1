//! ndarray: layers and activations. `sigmoid`, `gelu` and `mish` run their kernel rows (one
//! vectorised pass into one buffer); every other op is its composition.

use crate::functional::layers::LayersBackend;
use crate::{Array, NdarrayBackend, Result};

#[ivy_macros::backend_impl]
impl LayersBackend for NdarrayBackend {
    // sigmoid: mixed; ndarray overrides the body (six ops, each a pass and a buffer: 1 M
    // float32 took 8 ms) with the kernel row; complex and bool refused, as the body refuses
    // them (integers are computed in the default float dtype, as the body computes them)
    #[with_unsupported_dtypes({"0.17.2 and below": ("complex", "bool")})]
    fn sigmoid(x: &Array) -> Result<Array> {
        crate::engine::family::unary::<Self, crate::kernel::rows::Sigmoid>(x)
    }
    #[support_native_out]
    fn sigmoid_out(x: &Array, out: &mut Array) -> Result<()> {
        crate::engine::family::unary_out::<Self, crate::kernel::rows::Sigmoid>(x, out)
    }

    // mish: mixed; ndarray overrides the body (twelve ops: 1 M float32 took 10.6 ms) with
    // the kernel row
    #[with_unsupported_dtypes({"0.17.2 and below": ("complex", "bool")})]
    fn mish(x: &Array) -> Result<Array> {
        crate::engine::family::unary::<Self, crate::kernel::rows::Mish>(x)
    }
    #[support_native_out]
    fn mish_out(x: &Array, out: &mut Array) -> Result<()> {
        crate::engine::family::unary_out::<Self, crate::kernel::rows::Mish>(x, out)
    }

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
}
