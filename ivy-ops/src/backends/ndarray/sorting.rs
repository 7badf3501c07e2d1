//! ndarray: sorting, searching and set functions, through the host kernels of
//! [`crate::kernel::sort`] (written once over the element type) on each array's row-major elements.

use super::{NdElem, NdarrayBackend};
use crate::functional::sorting::{SearchsortedPlan, SortingBackend};
use crate::kernel::sort;
use crate::{Array, Result};

/// An array of `shape` from row-major values.
fn array_of<T: NdElem>(op: &'static str, shape: &[usize], v: Vec<T>) -> Result<Array> {
    Ok(Array::from_nd(T::wrap_shared(super::shaped_data(
        op, shape, v,
    )?)))
}

/// `unique_all` of `x`, as arrays: `(values, indices, inverse_indices, counts)`.
fn unique_arrays(op: &'static str, x: &Array) -> Result<(Array, Array, Array, Array)> {
    super::nd_rows!(op, x, xs, T => {
        let u = sort::unique(op, &xs)?;
        let n = u.values.len();
        Ok((
            array_of(op, &[n], u.values)?,
            array_of(op, &[n], u.indices)?,
            array_of(op, x.shape(), u.inverse)?,
            array_of(op, &[n], u.counts)?,
        ))
    })
}

#[ivy_macros::backend_impl]
impl SortingBackend for NdarrayBackend {
    #[with_unsupported_dtypes({"0.17.2 and below": ("complex",)})]
    fn sort(x: &Array, axis: usize, descending: bool, _stable: bool) -> Result<Array> {
        const OP: &str = "sort";
        super::nd_rows!(OP, x, xs, T => {
            let v = sort::sort(OP, &xs, x.shape(), axis, descending)?;
            array_of(OP, x.shape(), v)
        })
    }

    #[with_unsupported_dtypes({"0.17.2 and below": ("complex",)})]
    fn argsort(x: &Array, axis: usize, descending: bool, _stable: bool) -> Result<Array> {
        const OP: &str = "argsort";
        super::nd_rows!(OP, x, xs, T => {
            let v = sort::argsort(OP, &xs, x.shape(), axis, descending)?;
            array_of(OP, x.shape(), v)
        })
    }

    #[with_unsupported_dtypes({"0.17.2 and below": ("complex",)})]
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
        super::nd_rows!(OP, x1, xs, T => {
            if x2.dtype() != x1.dtype() {
                return Err(crate::Error::InvalidArgument {
                    op: OP,
                    message: format!("x1 and x2 of one dtype expected, got {} and {}", x1.dtype(), x2.dtype()),
                });
            }
            let other = super::typed::<T>(OP, x2)?.row_major(OP)?;
            let v = sort::searchsorted(
                OP,
                &xs,
                n,
                &other,
                right,
                sorter.as_deref(),
            )?;
            array_of(OP, x2.shape(), v)
        })
    }

    fn nonzero(x: &Array) -> Result<Vec<Array>> {
        const OP: &str = "nonzero";
        super::nd_rows!(OP, x, xs, T => {
            sort::nonzero(OP, &xs, x.shape())?
                .into_iter()
                .map(|v| {
                    let n = v.len();
                    array_of(OP, &[n], v)
                })
                .collect()
        })
    }

    fn unique_all(x: &Array) -> Result<(Array, Array, Array, Array)> {
        unique_arrays("unique_all", x)
    }

    fn unique_counts(x: &Array) -> Result<(Array, Array)> {
        let (values, _, _, counts) = unique_arrays("unique_counts", x)?;
        Ok((values, counts))
    }

    fn unique_inverse(x: &Array) -> Result<(Array, Array)> {
        let (values, _, inverse, _) = unique_arrays("unique_inverse", x)?;
        Ok((values, inverse))
    }

    fn unique_values(x: &Array) -> Result<Array> {
        const OP: &str = "unique_values";
        super::nd_rows!(OP, x, xs, T => {
            let v = sort::unique_values(OP, &xs)?;
            array_of(OP, &[v.len()], v)
        })
    }
}
