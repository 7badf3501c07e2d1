//! ndarray: reductions. The `reduce` family ops need nothing here: they run through
//! [`Kernels::fold`](crate::engine::family::Kernels::fold). `cumulative_sum`, `argmax` and `argmin`
//! run the shared host loops of [`crate::kernel::reduce`] over the array's elements.

use super::kernels::{cast_view_cow, nd_view, row_major};
use super::{NdElem, NdarrayBackend};
use crate::functional::statistical::{ScanPlan, StatisticalBackend};
use crate::{Array, Dtype, Result};

#[ivy_macros::backend_impl]
impl StatisticalBackend for NdarrayBackend {
    fn cumulative_sum(
        x: &Array,
        _axis: Option<usize>,
        _dtype: Option<Dtype>,
        include_initial: bool,
        plan: ScanPlan,
    ) -> Result<Array> {
        const OP: &str = "cumulative_sum";
        let ScanPlan {
            dtype: d,
            acc,
            shape,
            axis: ax,
        } = plan;
        let a = cast_view_cow(OP, nd_view(OP, x)?, acc)?;
        let r: Array = super::nd_view_all!(&a.view(), v, T => {
            let r = crate::kernel::reduce::cumulative_sum(OP, &row_major(OP, v)?, v.shape(), ax, include_initial)?;
            Ok::<_, crate::Error>(Array::from_nd(T::wrap_shared(super::shaped_data(OP, &shape, r)?)))
        })?;
        match acc == d {
            true => Ok(r),
            false => r.cast(d).map_err(|e| e.with_op(OP)),
        }
    }

    /// float32 and float64: the fused two-pass kernel (`reduce::variance`) over the
    /// reduced axes (moved last: a copy only when that is not the array's own layout); other
    /// dtypes run the compositional body (bool is outside its callees' support: refused).
    #[with_unsupported_dtypes({"0.17.2 and below": ("bool",)})]
    fn var(x: &Array, axis: Option<Vec<i64>>, correction: f64, keepdims: bool) -> Result<Array> {
        match x.dtype() {
            Dtype::Float32 => variance::<f32>(x, axis.as_deref(), correction, keepdims),
            Dtype::Float64 => variance::<f64>(x, axis.as_deref(), correction, keepdims),
            _ => crate::engine::out::expect_value(
                "var",
                crate::functional::statistical::__var_body(x, axis, correction, keepdims, None),
            ),
        }
    }
    #[support_native_out]
    fn var_out(
        x: &Array,
        axis: Option<Vec<i64>>,
        correction: f64,
        keepdims: bool,
        out: &mut Array,
    ) -> Result<()> {
        let v = Self::var(x, axis, correction, keepdims)?;
        crate::engine::out::write_out("var", v, out)
    }

    #[with_unsupported_dtypes({"0.17.2 and below": ("complex",)})]
    fn argmax(x: &Array, axis: Option<usize>, _keepdims: bool, shape: Vec<usize>) -> Result<Array> {
        arg_extreme("argmax", x, axis, &shape, true)
    }

    #[with_unsupported_dtypes({"0.17.2 and below": ("complex",)})]
    fn argmin(x: &Array, axis: Option<usize>, _keepdims: bool, shape: Vec<usize>) -> Result<Array> {
        arg_extreme("argmin", x, axis, &shape, false)
    }
}

fn arg_extreme(
    op: &'static str,
    x: &Array,
    axis: Option<usize>,
    shape: &[usize],
    max: bool,
) -> Result<Array> {
    super::nd_rows!(op, x, xs, T => {
        let r = crate::kernel::reduce::arg_extreme(op, &xs, x.shape(), axis, max)?;
        Ok(Array::from_nd(i64::wrap_shared(super::shaped_data(op, shape, r)?)))
    })
}

/// [`StatisticalBackend::var`] for a float dtype `T`.
fn variance<T: NdElem + num_traits::Float>(
    x: &Array,
    axis: Option<&[i64]>,
    correction: f64,
    keepdims: bool,
) -> Result<Array> {
    const OP: &str = "var";
    let shape = x.shape();
    let (axes, n, divisor) = crate::engine::checks::var_axes(OP, shape, axis, correction)?;
    let v = super::kernels::typed::<T>(OP, x)?.view(OP)?;
    let d = T::from(divisor).unwrap_or_else(T::nan);
    // the array's own row-major buffer, the axes one run: folded in place
    let r = match v
        .as_slice()
        .and_then(|xs| crate::kernel::reduce::variance_run(OP, xs, shape, &axes, d))
    {
        Some(r) => r?,
        None => {
            let kept: Vec<usize> = (0..shape.len()).filter(|a| !axes.contains(a)).collect();
            let rows = kept.iter().map(|&a| shape[a]).product();
            let moved = v.permuted_axes(::ndarray::IxDyn(&[&kept[..], &axes[..]].concat()));
            let xs = row_major(OP, &moved)?;
            crate::kernel::reduce::variance(OP, &xs, rows, n, d)?
        }
    };
    let out_shape = crate::kernel::reduce::reduced_shape(shape, &axes, keepdims);
    Ok(Array::from_nd(T::wrap_shared(super::shaped_data(
        OP, &out_shape, r,
    )?)))
}
