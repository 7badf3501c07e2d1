//! ndarray: reductions, through the shared host kernels of [`crate::reduce`].

use super::kernels::{cast_cow, nd, shaped, try_owned};
use super::{Elem, NdElem, NdarrayBackend};
use crate::functional::statistical::{sum_dtype, StatisticalBackend};
use crate::reduce::{reduce, reduced_shape};
use crate::{Array, Dtype, Result};

#[ivy_macros::backend_impl]
impl StatisticalBackend for NdarrayBackend {
    fn sum(x: &Array, axes: &[usize], keepdims: bool, dtype: Option<Dtype>) -> Result<Array> {
        let a = nd("sum", x)?;
        let a = cast_cow("sum", a, sum_dtype(a.dtype(), dtype))?;
        let r = super::nd_all!(&*a, v, T => {
            let owned;
            let xs = match v.as_slice() {
                Some(xs) => xs,
                None => {
                    owned = try_owned("sum", &v.view())?;
                    owned.as_slice().unwrap_or_default()
                }
            };
            let r = reduce("sum", xs, v.shape(), axes, T::from_i128(0), T::binary::<crate::kernels::Add>)?;
            let shape = reduced_shape(v.shape(), axes, keepdims);
            T::wrap(shaped("sum", &shape, r)?)
        });
        Ok(Array::from_nd(r))
    }
}
