//! candle: reductions. The `reduce` family ops run through
//! [`Kernels::fold`](crate::engine::family::Kernels::fold): candle's own kernels for floats (and
//! for `max`/`min` of integers), the shared host loops of [`crate::kernel::reduce`] otherwise
//! (integer sums wrap there, where candle's panic on overflow in debug builds).

use super::kernels::{host_values, host_values_for};
use super::{host_types, tensor, CandleBackend, HostElem};
use crate::functional::statistical::{ScanPlan, StatisticalBackend};
use crate::{Array, Dtype};

/// `cumulative_sum`, `argmax` and `argmin` run the shared host loops of `ivy-kernel/src/reduce.rs`
/// (CPU only): candle's `cumsum` is a product with a triangular matrix (quadratic memory,
/// and `inf * 0` makes NaN), and its `argmax`/`argmin` skip NaN.
#[ivy_macros::backend_impl]
impl StatisticalBackend for CandleBackend {
    #[host_dtypes({"0.11.1 and below": ("valid",)})]
    fn cumulative_sum(
        x: &Array,
        _axis: Option<usize>,
        _dtype: Option<Dtype>,
        include_initial: bool,
        plan: ScanPlan,
    ) -> crate::Result<Array> {
        const OP: &str = "cumulative_sum";
        let ScanPlan {
            dtype: d,
            acc,
            shape,
            axis: ax,
        } = plan;
        let t = tensor(OP, x)?;
        let t = super::cast(t, acc)?;
        let t = t.tensor();
        // float32 and float64 CPU tensors off the autograd graph: read in place (no copy in)
        let in_place = match acc {
            _ if t.track_op() => None,
            Dtype::Float32 => cpu_scan::<f32>(t, ax, include_initial, &shape),
            Dtype::Float64 => cpu_scan::<f64>(t, ax, include_initial, &shape),
            _ => None,
        };
        let r = match in_place {
            Some(r) => r?,
            None => host_types!(OP, acc, T => {
                let xs = host_values::<T>(OP, t, t.dims())?;
                let r = crate::kernel::reduce::cumulative_sum(OP, &xs, t.dims(), ax, include_initial)?;
                T::array(OP, r, &shape, t.device())
            })?,
        };
        match acc == d {
            true => Ok(r),
            false => r.cast(d).map_err(|e| e.with_op(OP)),
        }
    }

    /// float32 and float64 CPU tensors off an autograd graph, contiguous, the axes one run:
    /// the fused two-pass kernel read in place (`reduce::variance_run`, as ndarray's);
    /// anything else runs the compositional body (candle's ops keep the graph; bool is
    /// outside its callees' support, as on ndarray; integers, as there, on the host).
    #[with_unsupported_dtypes({"0.11.1 and below": ("bool",)})]
    #[host_dtypes({"0.11.1 and below": ("integer",)})]
    fn var(
        x: &Array,
        axis: Option<Vec<i64>>,
        correction: f64,
        keepdims: bool,
    ) -> crate::Result<Array> {
        let t = tensor("var", x)?;
        let fused = match x.dtype() {
            _ if !t.device().is_cpu() || t.track_op() => None,
            Dtype::Float32 => cpu_var::<f32>(t, axis.as_deref(), correction, keepdims),
            Dtype::Float64 => cpu_var::<f64>(t, axis.as_deref(), correction, keepdims),
            _ => None,
        };
        match fused {
            Some(r) => r,
            None => crate::engine::out::expect_value(
                "var",
                crate::functional::statistical::__var_body(x, axis, correction, keepdims, None),
            ),
        }
    }

    #[host_dtypes({"0.11.1 and below": ("valid",)})]
    fn argmax(
        x: &Array,
        axis: Option<usize>,
        _keepdims: bool,
        shape: Vec<usize>,
    ) -> crate::Result<Array> {
        arg_extreme("argmax", x, axis, &shape, true)
    }

    #[host_dtypes({"0.11.1 and below": ("valid",)})]
    fn argmin(
        x: &Array,
        axis: Option<usize>,
        _keepdims: bool,
        shape: Vec<usize>,
    ) -> crate::Result<Array> {
        arg_extreme("argmin", x, axis, &shape, false)
    }
}

/// `var` of a contiguous CPU tensor by the fused kernel, read in place: `None` where the
/// tensor is not contiguous or the axes are apart (the body runs).
fn cpu_var<T: HostElem + candle_core::WithDType + num_traits::Float>(
    t: &candle_core::Tensor,
    axis: Option<&[i64]>,
    correction: f64,
    keepdims: bool,
) -> Option<crate::Result<Array>> {
    const OP: &str = "var";
    let shape = t.dims();
    let (axes, _, divisor) = match crate::engine::checks::var_axes(OP, shape, axis, correction) {
        Ok(v) => v,
        Err(e) => return Some(Err(e)),
    };
    let d = <T as num_traits::NumCast>::from(divisor).unwrap_or_else(T::nan);
    let r = super::kernels::in_place(t, |xs: &[T]| {
        crate::kernel::reduce::variance_run(OP, xs, shape, &axes, d)
    })??;
    let out_shape = crate::kernel::reduce::reduced_shape(shape, &axes, keepdims);
    Some(r.and_then(|v| T::array(OP, v, &out_shape, t.device())))
}

/// `cumulative_sum` of a contiguous CPU tensor, its values read in place: `None` when `t` is
/// not such a tensor.
fn cpu_scan<T: HostElem + candle_core::WithDType>(
    t: &candle_core::Tensor,
    axis: usize,
    include_initial: bool,
    shape: &[usize],
) -> Option<crate::Result<Array>> {
    const OP: &str = "cumulative_sum";
    let r = super::kernels::in_place(t, |xs: &[T]| {
        crate::kernel::reduce::cumulative_sum(OP, xs, t.dims(), axis, include_initial)
    })?;
    Some(r.and_then(|r| T::array(OP, r, shape, t.device())))
}

fn arg_extreme(
    op: &'static str,
    x: &Array,
    axis: Option<usize>,
    shape: &[usize],
    max: bool,
) -> crate::Result<Array> {
    let t = tensor(op, x)?;
    // the dtypes the host loop vectorises, on the CPU: read in place from candle's storage
    // (indices carry no gradient)
    let in_place = match x.dtype() {
        Dtype::Float32 => cpu_arg::<f32>(op, t, axis, shape, max),
        Dtype::Float64 => cpu_arg::<f64>(op, t, axis, shape, max),
        Dtype::Int64 => cpu_arg::<i64>(op, t, axis, shape, max),
        Dtype::Int32 => cpu_arg::<i32>(op, t, axis, shape, max),
        Dtype::Int16 => cpu_arg::<i16>(op, t, axis, shape, max),
        Dtype::Uint32 => cpu_arg::<u32>(op, t, axis, shape, max),
        Dtype::Uint8 => cpu_arg::<u8>(op, t, axis, shape, max),
        _ => None,
    };
    if let Some(r) = in_place {
        return r;
    }
    host_types!(op, x.dtype(), T => {
        let xs = host_values_for::<T>(op, t, t.dims(), Dtype::Int64)?;
        let r = crate::kernel::reduce::arg_extreme(op, &xs, t.dims(), axis, max)?;
        HostElem::array(op, r, shape, t.device())
    })
}

/// [`arg_extreme`] of a contiguous CPU tensor, its values read in place: `None` when `t` is
/// not such a tensor.
fn cpu_arg<T: HostElem + candle_core::WithDType>(
    op: &'static str,
    t: &candle_core::Tensor,
    axis: Option<usize>,
    shape: &[usize],
    max: bool,
) -> Option<crate::Result<Array>> {
    let r = super::kernels::in_place(t, |xs: &[T]| {
        crate::kernel::reduce::arg_extreme(op, xs, t.dims(), axis, max)
    })?;
    Some(r.and_then(|r| <i64 as HostElem>::array(op, r, shape, t.device())))
}
