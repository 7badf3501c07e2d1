//! ndarray: layers and activations. `sigmoid` runs its kernel row (one vectorised pass into
//! one buffer); every other op is its composition.

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
}
