//! ndarray: layers and activations. `gelu` runs its kernel rows (one vectorised pass into
//! one buffer); `sigmoid` and `mish` run theirs as mixed family ops (`#[family(unary)]` and
//! `Kernels::MIXED_ROWS`), with nothing here; every other op is its composition.

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
}
