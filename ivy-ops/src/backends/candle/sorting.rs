//! candle: sorting, searching and set functions, through the host kernels of
//! [`crate::kernel::sort`] (shared with ndarray), on the CPU only (`host_only`; every dtype is a
//! host dtype of these ops, so `ivy support` reports `host` and other devices reject them).
//! Candle's own `arg_sort_last_dim` is not stable and does not put NaNs last, and candle
//! has no nonzero, unique or searchsorted kernel.

use super::kernels::host_values_for;
use super::{host_types, tensor, CandleBackend, HostElem};
use crate::functional::sorting::{SearchsortedPlan, SortingBackend};
use crate::kernel::sort;
use crate::{Array, Dtype, Result};
use candle_core::Device;

/// An array of `shape` from row-major values, on `device`.
fn array_of<T: HostElem>(
    op: &'static str,
    shape: &[usize],
    v: Vec<T>,
    device: &Device,
) -> Result<Array> {
    T::array(op, v, shape, device)
}

/// Runs `$body` with `$xs` bound to the host values of `$x` and `$T` to their type; `as
/// $d`: for a result of dtype `$d` (indices: allowed inside `execute_with_gradients`).
macro_rules! on_host {
    ($op:expr, $x:expr, $t:ident, $xs:ident, $T:ident => $body:expr) => {
        on_host!($op, $x, $t, $xs, $T as <$T as crate::kernel::elem::Elem>::DTYPE => $body)
    };
    ($op:expr, $x:expr, $t:ident, $xs:ident, $T:ident as $d:expr => $body:expr) => {{
        let $t = tensor($op, $x)?;
        host_types!($op, $x.dtype(), $T => {
            let $xs = host_values_for::<$T>($op, $t, $t.dims(), $d)?;
            $body
        })
    }};
}

/// `unique_all` of `x`, as arrays: `(values, indices, inverse_indices, counts)`.
fn unique_arrays(op: &'static str, x: &Array) -> Result<(Array, Array, Array, Array)> {
    on_host!(op, x, t, xs, T => {
        let u = sort::unique(op, &xs)?;
        let (n, d) = (u.values.len(), t.device());
        Ok((
            array_of(op, &[n], u.values, d)?,
            array_of(op, &[n], u.indices, d)?,
            array_of(op, x.shape(), u.inverse, d)?,
            array_of(op, &[n], u.counts, d)?,
        ))
    })
}

#[ivy_macros::backend_impl]
impl SortingBackend for CandleBackend {
    #[host_dtypes({"0.11.1 and below": ("valid",)})]
    fn sort(x: &Array, axis: usize, descending: bool, _stable: bool) -> Result<Array> {
        const OP: &str = "sort";
        on_host!(OP, x, t, xs, T => {
            let v = sort::sort(OP, &xs, x.shape(), axis, descending)?;
            array_of(OP, x.shape(), v, t.device())
        })
    }

    #[host_dtypes({"0.11.1 and below": ("valid",)})]
    fn argsort(x: &Array, axis: usize, descending: bool, _stable: bool) -> Result<Array> {
        const OP: &str = "argsort";
        on_host!(OP, x, t, xs, T as Dtype::Int64 => {
            let v = sort::argsort(OP, &xs, x.shape(), axis, descending)?;
            array_of(OP, x.shape(), v, t.device())
        })
    }

    #[host_dtypes({"0.11.1 and below": ("valid",)})]
    fn searchsorted(
        x1: &Array,
        x2: &Array,
        _side: String,
        _sorter: Option<Array>,
        plan: SearchsortedPlan,
    ) -> Result<Array> {
        const OP: &str = "searchsorted";
        let SearchsortedPlan {
            right,
            sorter,
            operands,
        } = plan;
        let (x1, x2) = operands.as_ref().map_or((x1, x2), |(a, b)| (a, b));
        let n = x1.shape().last().copied().unwrap_or(1);
        let t2 = tensor(OP, x2)?;
        on_host!(OP, x1, t, xs, T as Dtype::Int64 => {
            let vs = host_values_for::<T>(OP, t2, t2.dims(), Dtype::Int64)?;
            let v = sort::searchsorted(OP, &xs, n, &vs, right, sorter.as_deref())?;
            array_of(OP, x2.shape(), v, t.device())
        })
    }

    #[host_dtypes({"0.11.1 and below": ("valid",)})]
    fn nonzero(x: &Array) -> Result<Vec<Array>> {
        const OP: &str = "nonzero";
        on_host!(OP, x, t, xs, T as Dtype::Int64 => {
            sort::nonzero(OP, &xs, x.shape())?
                .into_iter()
                .map(|v| {
                    let n = v.len();
                    array_of(OP, &[n], v, t.device())
                })
                .collect()
        })
    }

    #[host_dtypes({"0.11.1 and below": ("valid",)})]
    fn unique_all(x: &Array) -> Result<(Array, Array, Array, Array)> {
        unique_arrays("unique_all", x)
    }

    #[host_dtypes({"0.11.1 and below": ("valid",)})]
    fn unique_counts(x: &Array) -> Result<(Array, Array)> {
        let (values, _, _, counts) = unique_arrays("unique_counts", x)?;
        Ok((values, counts))
    }

    #[host_dtypes({"0.11.1 and below": ("valid",)})]
    fn unique_inverse(x: &Array) -> Result<(Array, Array)> {
        let (values, _, inverse, _) = unique_arrays("unique_inverse", x)?;
        Ok((values, inverse))
    }

    #[host_dtypes({"0.11.1 and below": ("valid",)})]
    fn unique_values(x: &Array) -> Result<Array> {
        const OP: &str = "unique_values";
        on_host!(OP, x, t, xs, T => {
            let v = sort::unique_values(OP, &xs)?;
            array_of(OP, &[v.len()], v, t.device())
        })
    }
}
