//! candle: reductions. The `reduce` family ops run through
//! [`Kernels::fold`](crate::family::Kernels::fold): candle's own kernels for floats (and
//! for `max`/`min` of integers), the shared host loops of [`crate::reduce`] otherwise
//! (integer sums wrap there, where candle's panic on overflow in debug builds).

use super::CandleBackend;
use crate::functional::statistical::StatisticalBackend;
use candle_core::{Result, Tensor};

#[ivy_macros::backend_impl]
impl StatisticalBackend for CandleBackend {}

/// Candle's `max` (or `min`) over `axes`, kept as 1: NaN where a NaN was reduced (candle's
/// own kernels skip NaN; the standard propagates it).
pub(crate) fn extreme(t: &Tensor, axes: &[usize], max: bool) -> Result<Tensor> {
    let fold = |t: Tensor| {
        axes.iter().try_fold(t, |t, &a| {
            if max {
                t.max_keepdim(a)
            } else {
                t.min_keepdim(a)
            }
        })
    };
    let r = fold(t.clone())?;
    if !t.dtype().is_float() {
        return Ok(r);
    }
    let seen = axes.iter().try_fold(t.ne(t)?, |m, &a| m.max_keepdim(a))?;
    let nan = Tensor::full(f32::NAN, r.shape(), r.device())?.to_dtype(r.dtype())?;
    seen.where_cond(&nan, &r)
}
