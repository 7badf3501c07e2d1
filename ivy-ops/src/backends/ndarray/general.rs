//! ndarray: in-place updates write the existing buffer.

use super::kernels::{cast_view_cow, nd_mut, nd_view, shape_err, try_owned};
use super::{NdElem, NdarrayBackend};
use crate::functional::general::GeneralBackend;
use crate::{Array, Result};
use ::ndarray::IxDyn;

#[ivy_macros::backend_impl]
impl GeneralBackend for NdarrayBackend {
    fn inplace_update(
        x: &mut Array,
        val: &Array,
        ensure_in_backend: bool,
        keep_input_dtype: bool,
    ) -> Result<()> {
        let _ = ensure_in_backend; // ndarray buffers are mutable: always in the backend
        let v = nd_view("inplace_update", val)?;
        let target = if keep_input_dtype {
            x.dtype()
        } else {
            v.dtype()
        };
        let v = cast_view_cow("inplace_update", v, target)?;
        let v = v.view();
        let xa = nd_mut("inplace_update", x)?;
        let shape = IxDyn(xa.shape());
        if xa.dtype() != target || !xa.is_unique() {
            // A dtype change rebinds (a new buffer of the new dtype), broadcast to x's shape;
            // so does a shared buffer, which a write would first copy whole.
            let vb = super::nd_view_all!(&v, a, T => match a.broadcast(shape.clone()) {
                Some(b) => T::wrap(try_owned("inplace_update", &b)?),
                None => return Err(shape_err("inplace_update", a.shape(), xa.shape())),
            });
            *xa = vb;
            return Ok(());
        }
        super::nd_view_all!(&v, a, T => {
            let xs = xa.shape().to_vec();
            let o = T::unwrap_mut(xa).ok_or_else(|| shape_err("inplace_update", a.shape(), &xs))?;
            match a.broadcast(o.shape()) {
                Some(b) => o.view_mut().assign(&b),
                None => return Err(shape_err("inplace_update", a.shape(), &xs)),
            }
        });
        Ok(())
    }
}
