//! candle: element-wise ops. The family ops (`#[family(..)]`) need nothing here: they run
//! through [`Kernels`](crate::engine::family::Kernels), implemented once in this backend's `kernels.rs`.

use super::{tensor, wrap, CandleBackend};
use crate::functional::elementwise::ElementwiseBackend;
use crate::{Array, Result};

#[ivy_macros::backend_impl]
impl ElementwiseBackend for CandleBackend {
    /// `maximum` and `minimum`'s rows (`zip_scalars` for scalar bounds): candle's own
    /// `maximum`/`minimum` for floats (differentiable, every device), integers on the host;
    /// real numbers only, as the standard says (and as on ndarray).
    #[with_unsupported_dtypes({"0.11.1 and below": ("bool",)})]
    #[host_dtypes({"0.11.1 and below": ("integer",)})]
    fn clip(x: &Array, min: crate::ClipBound, max: crate::ClipBound) -> Result<Array> {
        crate::engine::family::clip::<Self>(x, min, max)
    }

    /// The kernel row `Remainder` (`modulus = true`, on the host: candle has no
    /// remainder) or the composed truncated remainder; no native `out` (the dispatcher
    /// writes it). The dtypes are the row's: `family::info` of the row, which a test checks.
    #[with_unsupported_dtypes({"0.11.1 and below": ("complex", "bool")})]
    #[host_dtypes({"0.11.1 and below": ("int16", "int32", "int64", "uint8", "uint32", "float")})]
    fn remainder(x1: &Array, x2: &Array, modulus: bool) -> Result<Array> {
        crate::functional::elementwise::remainder_on::<Self>(x1, x2, modulus)
    }

    // softplus: mixed; candle overrides the body (which overflows: `log(1 + exp(x))`) with
    // the kernel row's stable candle expression (integers and bools as the default float)
    fn softplus(x: &Array) -> Result<Array> {
        crate::engine::family::unary::<Self, crate::kernel::rows::Softplus>(x)
    }

    /// Candle's `where_cond`, the mask `condition != 0`.
    fn r#where(condition: &Array, x1: &Array, x2: &Array, shape: Vec<usize>) -> Result<Array> {
        const OP: &str = "where";
        let (c, a, b) = (tensor(OP, condition)?, tensor(OP, x1)?, tensor(OP, x2)?);
        // candle's kernels iterate over at most MAX_RANK dimensions: flatten beyond that
        let flat = shape.len() > super::kernels::MAX_RANK;
        let prep = |t: &candle_core::Tensor| {
            let t = t.broadcast_as(shape.as_slice())?;
            if flat {
                t.contiguous()?.flatten_all()
            } else {
                Ok(t)
            }
        };
        // the mask of the prepared condition: `ne` iterates too (a rank-12 condition
        // panicked here)
        let mask = prep(c).and_then(|c| c.ne(0.0));
        let r = mask
            .and_then(|m| m.where_cond(&prep(a)?, &prep(b)?))
            .and_then(|r| r.reshape(shape.as_slice()));
        wrap(OP, x1.dtype(), r)
    }
}
