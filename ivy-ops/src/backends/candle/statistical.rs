//! candle: reductions. Float sums run in candle's kernels; integer sums run on the host
//! through the shared kernels of [`crate::reduce`], wrapping like integer arithmetic (candle's
//! own integer sum panics on overflow in debug builds), so both backends agree exactly.

use super::{candle_dtype, candle_types, dtype_of, err, tensor, wrap, CandleBackend};
use crate::elem::Elem;
use crate::functional::statistical::{sum_dtype, StatisticalBackend};
use crate::reduce::{reduce, reduced_shape};
use crate::{Array, Backend, Dtype, Result};
use candle_core::Tensor;

#[ivy_macros::backend_impl]
impl StatisticalBackend for CandleBackend {
    #[host_dtypes({"0.11.1 and below": ("integer",)})]
    fn sum(x: &Array, axes: &[usize], keepdims: bool, dtype: Option<Dtype>) -> Result<Array> {
        let t = tensor("sum", x)?;
        let d = sum_dtype(x.dtype(), dtype);
        let cd = candle_dtype(Some("sum"), d)?;
        if d != x.dtype() {
            super::reserve("sum", t.dims(), d)?;
        }
        let t = t.to_dtype(cd).map_err(|e| err("sum", e))?;
        let shape = reduced_shape(t.dims(), axes, keepdims);
        // an empty input can reduce to a large result (`[0, n]` over axis 0 gives `[n]`)
        super::reserve("sum", &shape, d)?;
        if d.is_float() {
            return wrap(
                "sum",
                if keepdims {
                    t.sum_keepdim(axes)
                } else {
                    t.sum(axes)
                },
            );
        }
        candle_types!(dtype_of(cd), T => {
            let xs = super::kernels::host_values::<T>("sum", &t, t.dims())?;
            let r = reduce("sum", &xs, t.dims(), axes, T::from_i128(0), T::binary::<crate::kernels::Add>)?;
            wrap("sum", Tensor::from_vec(r, shape.as_slice(), t.device()))
        }, other => Err(crate::array::not_in_backend(Some("sum"), other, Backend::Candle)))
    }
}
