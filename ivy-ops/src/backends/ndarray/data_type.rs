//! ndarray: casting and broadcasting.

use super::kernels::{cast_view, nd_view, shape_err, try_owned};
use super::{NdElem, NdarrayBackend};
use crate::functional::data_type::DataTypeBackend;
use crate::{Array, Device, Dtype, Result};
use ::ndarray::IxDyn;

#[ivy_macros::backend_impl]
impl DataTypeBackend for NdarrayBackend {
    fn dtype(x: &Array) -> Result<Dtype> {
        Ok(x.dtype())
    }

    fn can_cast(from_: Dtype, to: Dtype) -> Result<bool> {
        Ok(ivy_core::can_cast(from_, to))
    }

    fn astype(x: &Array, dtype: Dtype, copy: bool, device: Device) -> Result<Array> {
        let a = nd_view("astype", x)?;
        let r = if dtype == x.dtype() {
            // the same dtype: shared storage (copy-on-write; a copy of a lent buffer), or a
            // new buffer with `copy`
            match copy {
                false => x.clone(),
                true => Array::from_nd(
                    super::nd_view_all!(&a, v, T => T::wrap(try_owned("astype", v)?)),
                ),
            }
        } else {
            Array::from_nd(cast_view("astype", &a, dtype)?)
        };
        r.into_device(device)
    }

    fn broadcast_to(x: &Array, shape: &[usize]) -> Result<Array> {
        // `shape` was checked before dispatch (`#[check(broadcast_target)]`)
        let a = nd_view("broadcast_to", x)?;
        let r = super::nd_view_all!(&a, v, T => match v.broadcast(IxDyn(shape)) {
            Some(b) => T::wrap(try_owned("broadcast_to", &b)?),
            None => return Err(shape_err("broadcast_to", v.shape(), shape)),
        });
        Ok(Array::from_nd(r))
    }
}
