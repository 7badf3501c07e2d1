//! ndarray: reductions. The `reduce` family ops need nothing here: they run through
//! [`Kernels::fold`](crate::family::Kernels::fold). `cumulative_sum`, `argmax` and `argmin`
//! run the shared host loops of [`crate::reduce`] over the array's elements.

use super::kernels::{cast_view_cow, nd_view, row_major, shaped};
use super::{NdElem, NdarrayBackend};
use crate::family::Accumulate;
use crate::functional::statistical::{arg_shape, scan_plan, StatisticalBackend};
use crate::{Array, Dtype, Result};

#[ivy_macros::backend_impl]
impl StatisticalBackend for NdarrayBackend {
    fn cumulative_sum(
        x: &Array,
        axis: Option<usize>,
        dtype: Option<Dtype>,
        include_initial: bool,
    ) -> Result<Array> {
        const OP: &str = "cumulative_sum";
        let d = Accumulate::Widen.dtype(x.dtype(), dtype);
        let (shape, ax) = scan_plan(x.shape(), axis, include_initial);
        crate::alloc::reserve(OP, &shape, d)?;
        let a = cast_view_cow(OP, nd_view(OP, x)?, d)?;
        super::nd_view_all!(&a.view(), v, T => {
            let r = crate::reduce::cumulative_sum(OP, &row_major(OP, v)?, v.shape(), ax, include_initial)?;
            Ok(Array::from_nd(T::wrap(shaped(OP, &shape, r)?)))
        })
    }

    #[with_unsupported_dtypes({"0.17.2 and below": ("complex",)})]
    fn argmax(x: &Array, axis: Option<usize>, keepdims: bool) -> Result<Array> {
        arg_extreme("argmax", x, axis, keepdims, true)
    }

    #[with_unsupported_dtypes({"0.17.2 and below": ("complex",)})]
    fn argmin(x: &Array, axis: Option<usize>, keepdims: bool) -> Result<Array> {
        arg_extreme("argmin", x, axis, keepdims, false)
    }
}

fn arg_extreme(
    op: &'static str,
    x: &Array,
    axis: Option<usize>,
    keepdims: bool,
    max: bool,
) -> Result<Array> {
    let shape = arg_shape(x.shape(), axis, keepdims);
    super::nd_view_all!(&nd_view(op, x)?, v, T => {
        let r = crate::reduce::arg_extreme(op, &row_major(op, v)?, v.shape(), axis, max)?;
        Ok(Array::from_nd(i64::wrap(shaped(op, &shape, r)?)))
    })
}
