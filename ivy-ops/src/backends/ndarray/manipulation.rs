//! ndarray: joining, reshaping, permuting and gathering. Each result is a new standard-layout
//! buffer (fallibly allocated); the element loops are generic over the element type only.

use super::kernels::{nd, nd_view, row_major, try_owned};
use super::{NdElem, NdarrayBackend};
use crate::functional::manipulation::{Dims, ManipulationBackend, TakePlan};
use crate::{Array, Error, Result};
use ::ndarray::{ArrayD, ArrayViewD, Axis, IxDyn};

/// `copy = Some(false)` cannot be honoured: the array's elements are not laid out in
/// row-major order, so the new shape needs a new buffer.
fn no_view(op: &'static str) -> Error {
    Error::CopyNotAvoidable {
        op,
        backend: crate::Backend::Ndarray,
        reason: "the array is not in row-major (standard) layout",
    }
}

/// `a` as a new standard-layout array of `shape` (same size).
fn reshaped<T: Copy + Send + Sync>(
    op: &'static str,
    a: ArrayViewD<'_, T>,
    shape: &[usize],
) -> Result<ArrayD<T>> {
    let from = a.shape().to_vec();
    try_owned(op, &a)?
        .into_shape_with_order(IxDyn(shape))
        .map_err(|_| Error::Shape {
            op,
            lhs: from,
            rhs: shape.to_vec(),
            reason: "have different sizes",
        })
}

#[ivy_macros::backend_impl]
impl ManipulationBackend for NdarrayBackend {
    fn concat(arrays: &[&Array], ax: Option<usize>, shape: Vec<usize>) -> Result<Array> {
        const OP: &str = "concat";
        let first = arrays[0]; // the check ensured one at least
        let all = arrays
            .iter()
            .map(|x| nd_view(OP, x))
            .collect::<Result<Vec<_>>>()?;
        super::nd_view_all!(&nd_view(OP, first)?, _a, T => {
            let views = all
                .iter()
                .zip(arrays)
                .map(|(v, x)| {
                    T::view_ref(v)
                        .map(|a| a.view())
                        .ok_or_else(|| Error::InvalidArgument {
                            op: OP,
                            message: format!(
                                "arrays of one dtype expected, got {} and {}",
                                first.dtype(),
                                x.dtype()
                            ),
                        })
                })
                .collect::<Result<Vec<ArrayViewD<'_, T>>>>()?;
            let r: ArrayD<T> = match ax {
                None => ArrayD::from_shape_vec(
                    IxDyn(&shape),
                    views.iter().flat_map(|v| v.iter().copied()).collect(),
                ),
                Some(ax) => ::ndarray::concatenate(Axis(ax), &views),
            }
            .map_err(|_| Error::Shape {
                op: OP,
                lhs: first.shape().to_vec(),
                rhs: shape.clone(),
                reason: "do not join (the arrays need one rank and equal dimensions except along `axis`)",
            })?;
            Ok(Array::from_nd(T::wrap(r)))
        })
    }

    fn reshape(x: &Array, _shape: &[i64], copy: Option<bool>, to: Dims) -> Result<Array> {
        const OP: &str = "reshape";
        super::nd_all!(nd(OP, x)?, a, T => {
            // without `copy = Some(true)`, a row-major buffer is shared (copy-on-write)
            if copy != Some(true) && a.is_standard_layout()
                && let Some(r) = a.reshaped(&to) {
                    return Ok(Array::from_nd(T::wrap_shared(r)));
                }
            if copy == Some(false) {
                return Err(no_view(OP));
            }
            Ok(Array::from_nd(T::wrap(reshaped(OP, a.view(), &to)?)))
        })
    }

    /// `out` wins over `copy`: written into `out` whatever `copy` says.
    #[support_native_out]
    fn reshape_out(
        x: &Array,
        shape: &[i64],
        _copy: Option<bool>,
        to: Dims,
        out: &mut Array,
    ) -> Result<()> {
        crate::functional::manipulation::reshape_on_out::<Self>(x, shape, to, out)
    }

    fn permute_dims(x: &Array, _axes: &[i64], perm: Vec<usize>) -> Result<Array> {
        const OP: &str = "permute_dims";
        super::nd_view_all!(&nd_view(OP, x)?, a, T => {
            let v = a.view().permuted_axes(IxDyn(&perm));
            Ok(Array::from_nd(T::wrap(try_owned(OP, &v)?)))
        })
    }

    fn take(x: &Array, indices: &Array, axis: Option<usize>, plan: TakePlan) -> Result<Array> {
        const OP: &str = "take";
        let TakePlan {
            indices: idx,
            shape,
        } = plan;
        let lanes = match axis {
            Some(ax) => crate::kernel::sort::lanes(x.shape(), ax),
            None => (1, x.size(), 1),
        };
        let given;
        let idx: &[i64] = match &idx {
            Some(v) => v,
            None => {
                given = super::kernels::typed::<i64>(OP, indices)?.view(OP)?;
                &row_major(OP, &given)?
            }
        };
        super::nd_rows!(OP, x, xs, T => {
            // the indices were checked against the axis, the result's size reserved
            let r = crate::kernel::gather::take(OP, &xs, lanes, idx)?;
            Ok(Array::from_nd(T::wrap_shared(super::shaped_data(OP, &shape, r)?)))
        })
    }
}
