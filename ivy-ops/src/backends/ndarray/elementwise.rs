//! ndarray: element-wise ops. The family ops (`#[family(..)]`) need nothing here: they run
//! through [`Kernels`](crate::engine::family::Kernels), implemented once in this backend's `kernels.rs`.

use super::kernels::{cast_view_cow, nd_view};
use super::{NdElem, NdView, NdarrayBackend};
use crate::functional::elementwise::ElementwiseBackend;
use crate::{Array, Dtype, Error, Result};
use ::ndarray::{IxDyn, Zip};

#[ivy_macros::backend_impl]
impl ElementwiseBackend for NdarrayBackend {
    #[with_unsupported_dtypes({"0.17.2 and below": ("complex", "bool")})]
    fn clip(x: &Array, min: crate::ClipBound, max: crate::ClipBound) -> Result<Array> {
        crate::engine::family::clip::<Self>(x, min, max)
    }

    /// The kernel row `Remainder` (`modulus = true`) or the composed truncated remainder;
    /// the dtypes are the row's (integers and real floats: `family::info` of the row, which
    /// a test checks, so `rem_assign` keeps its in-place path).
    #[with_unsupported_dtypes({"0.17.2 and below": ("complex", "bool")})]
    fn remainder(x1: &Array, x2: &Array, modulus: bool) -> Result<Array> {
        crate::functional::elementwise::remainder_on::<Self>(x1, x2, modulus)
    }
    /// The seed's special path: natively into `out` through the row (`modulus = true`),
    /// with `inplace_update` after the composed ops (`modulus = false`); `out`'s buffer is
    /// written either way.
    #[support_native_out]
    fn remainder_out(x1: &Array, x2: &Array, modulus: bool, out: &mut Array) -> Result<()> {
        crate::functional::elementwise::remainder_on_out::<Self>(x1, x2, modulus, out)
    }

    /// One pass over the three arguments broadcast together (ndarray's `Zip`); a non-bool
    /// `condition` is cast to bool (nonzero is true) first.
    fn r#where(condition: &Array, x1: &Array, x2: &Array, shape: Vec<usize>) -> Result<Array> {
        const OP: &str = "where";
        let c = cast_view_cow(OP, nd_view(OP, condition)?, Dtype::Bool)?;
        let c = c.view();
        let mismatch = || Error::InvalidArgument {
            op: OP,
            message: format!(
                "x1 and x2 must have one dtype after promotion, got {} and {}",
                x1.dtype(),
                x2.dtype()
            ),
        };
        let NdView::Bool(c) = &c else {
            return Err(mismatch());
        };
        let to = IxDyn(&shape);
        let y = nd_view(OP, x2)?;
        super::nd_view_all!(&nd_view(OP, x1)?, a, T => {
            let b = T::view_ref(&y).ok_or_else(mismatch)?;
            // the shapes were checked to broadcast to `shape`
            match (c.broadcast(to.clone()), a.broadcast(to.clone()), b.broadcast(to.clone())) {
                (Some(c), Some(a), Some(b)) => {
                    let r = Zip::from(&c).and(&a).and(&b).map_collect(|&c, &a, &b| if c { a } else { b });
                    Ok(Array::from_nd(T::wrap(r)))
                }
                _ => Err(super::kernels::shape_err(OP, x1.shape(), &shape)),
            }
        })
    }
}
