//! ndarray: casting and broadcasting.

use super::kernels::{cast, nd, shape_err, try_owned};
use super::{NdElem, NdarrayBackend};
use crate::functional::data_type::DataTypeBackend;
use crate::{Array, Dtype, Result};
use ::ndarray::IxDyn;

#[ivy_macros::backend_impl]
impl DataTypeBackend for NdarrayBackend {
    fn astype(x: &Array, dtype: Dtype, copy: bool) -> Result<Array> {
        let _ = copy; // an owned ndarray result is always a copy
        Ok(Array::from_nd(cast("astype", nd("astype", x)?, dtype)?))
    }

    fn broadcast_to(x: &Array, shape: &[usize]) -> Result<Array> {
        // `shape` was checked before dispatch (`#[check(broadcast_target)]`)
        let a = nd("broadcast_to", x)?;
        let r = super::nd_all!(a, v, T => match v.broadcast(IxDyn(shape)) {
            Some(b) => T::wrap(try_owned("broadcast_to", &b)?),
            None => return Err(shape_err("broadcast_to", v.shape(), shape)),
        });
        Ok(Array::from_nd(r))
    }
}
