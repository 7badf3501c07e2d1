//! ndarray: element-wise ops. The family ops (`#[family(..)]`) need nothing here: they run
//! through [`Kernels`](crate::family::Kernels), implemented once in `kernels.rs`.

use super::NdarrayBackend;
use crate::functional::elementwise::ElementwiseBackend;
use crate::{Array, Result};

#[ivy_macros::backend_impl]
impl ElementwiseBackend for NdarrayBackend {
    #[with_unsupported_dtypes({"0.17.2 and below": ("complex", "bool")})]
    fn clip(x: &Array, x_min: f64, x_max: f64) -> Result<Array> {
        crate::family::clip::<Self>(x, x_min, x_max)
    }

    // softplus: mixed; ndarray overrides the body with the stable kernel row
    fn softplus(x: &Array) -> Result<Array> {
        crate::family::unary::<Self, crate::kernels::Softplus>(x)
    }
    #[support_native_out]
    fn softplus_out(x: &Array, out: &mut Array) -> Result<()> {
        crate::family::unary_out::<Self, crate::kernels::Softplus>(x, out)
    }
}
