//! ndarray: reductions.

use super::kernels::{cast, nd};
use super::{Elem, NdElem, NdarrayBackend};
use crate::functional::statistical::{normalize_axes, sum_dtype, StatisticalBackend};
use crate::{Array, Dtype, Result};
use ::ndarray::Axis;

#[ivy_macros::backend_impl]
impl StatisticalBackend for NdarrayBackend {
    fn sum(
        x: &Array,
        axis: Option<Vec<i64>>,
        keepdims: bool,
        dtype: Option<Dtype>,
    ) -> Result<Array> {
        let a = nd("sum", x)?;
        let axes = normalize_axes("sum", &axis, a.shape().len())?;
        let d = sum_dtype(a.dtype(), dtype);
        let a = cast(a, d);
        let r = super::nd_all!(&a, v, T => {
            let mut acc = v.clone();
            for &ax in axes.iter().rev() {
                acc = acc.fold_axis(Axis(ax), T::zero(), |s, x| s.add(*x));
                if keepdims {
                    acc.insert_axis_inplace(Axis(ax));
                }
            }
            T::wrap(acc)
        });
        Ok(Array::from_nd(r))
    }
}
