//! candle: element-wise ops. The family ops (`#[family(..)]`) need nothing here: they run
//! through [`Kernels`](crate::family::Kernels), implemented once in `kernels.rs`.

use super::CandleBackend;
use crate::functional::elementwise::ElementwiseBackend;
use crate::{Array, Result};

#[ivy_macros::backend_impl]
impl ElementwiseBackend for CandleBackend {
    /// Every dtype on the host (`zip_scalars`: one pass of `maximum` and `minimum`'s rows).
    #[host_dtypes({"0.11.1 and below": ("valid",)})]
    fn clip(x: &Array, x_min: f64, x_max: f64) -> Result<Array> {
        crate::family::clip::<Self>(x, x_min, x_max)
    }
    // no softplus: candle uses the compositional body
}
