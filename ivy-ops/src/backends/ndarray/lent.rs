//! Borrowed ndarray arguments, read in place: an `&ArrayD<T>` or `ArrayViewD<T>` given to an
//! op becomes an Array *lent* to that one call ([`NativeArray::NdarrayLent`]), whose kernels
//! read the caller's buffer without copying it.
//!
//! # Why this is sound
//!
//! An `Array` has no lifetime, so the view it holds has its lifetime erased
//! (`NdView<'static>`). That is sound because a lent Array never outlives the borrow:
//! - it is made only by [`lend`], which wraps it in an [`ArrayArg<'a>`](crate::ArrayArg)
//!   bound to the borrow's lifetime `'a`; an `ArrayArg` hands out `&Array` only, and its
//!   `into_owned` copies a lent array;
//! - `Clone` of an Array (of its `NativeArray`) copies a lent array into ordinary storage,
//!   so no op can keep it by cloning (an op returning its input, like `reshape` without a
//!   copy, returns a copy of a lent input: the result must own its data);
//! - the view is private, and only ever handed out reborrowed for `&self`'s lifetime
//!   ([`NdLent::view`]);
//! - nothing writes through it: the view is shared, and `&mut Array` is never lent.
//!
//! Kernels that only read take views ([`nd_view`](super::kernels::nd_view)) and never copy a
//! lent input: the families (element-wise ops, comparisons, reductions), casts, `where`,
//! `matmul`, `concat`, `take`, sorting, `tril`/`triu`, `broadcast_to`, `inplace_update`'s
//! value. What must own its result's data (`reshape`, basic indexing: views of their input)
//! reads [`NdLent::shared`], a copy made once per call and cached.

use super::{NdArray, NdElem, NdView};
use crate::{Array, ArrayArg, NativeArray};
use ::ndarray::ArrayViewD;
use ivy_core::{Dtype, Result};
use std::sync::OnceLock;

/// An ndarray array lent to one op call (see [`NativeArray::NdarrayLent`]): the caller's
/// buffer, read in place. Only an op's body sees one, behind `&Array`.
pub struct NdLent {
    /// The caller's data; its real lifetime is the `ArrayArg`'s (see the module docs).
    view: NdView<'static>,
    /// The copy in Array storage, made on first need by an op that reads storage (boxed: a
    /// lent Array is no bigger than another, so moving Arrays costs no more).
    shared: OnceLock<Box<NdArray>>,
}

/// The Array lent to an op for a borrowed ndarray argument: no copy.
pub(crate) fn lend<'a, T: NdElem>(v: ArrayViewD<'a, T>) -> ArrayArg<'a> {
    // SAFETY: the view's data is valid and aligned for `'a` (it is a live view), and the
    // `'static` lifetime never escapes: the Array lives in an `ArrayArg<'a>`, which cannot
    // outlive `'a` and never moves the lent Array out (see the module docs).
    let view: ArrayViewD<'static, T> = unsafe { v.raw_view().deref_into_view() };
    let lent = NdLent {
        view: T::wrap_view(view),
        shared: OnceLock::new(),
    };
    ArrayArg::lent(Array::from_native(NativeArray::NdarrayLent(lent)))
}

impl NdLent {
    /// The data, reborrowed for as long as `self` is borrowed (a view is invariant in its
    /// lifetime, so this makes a new one rather than coercing).
    #[inline]
    pub(crate) fn view(&self) -> NdView<'_> {
        self.view.reborrow()
    }

    /// The typed data, if `T` is its element type.
    #[inline]
    pub(crate) fn typed<T: NdElem>(&self) -> Option<ArrayViewD<'_, T>> {
        T::view_ref(&self.view).map(|v| v.view())
    }

    /// The typed data as a strided-loop operand (nothing cloned), if `T` is its element type.
    #[inline]
    pub(crate) fn typed_src<T: NdElem>(&self) -> Option<crate::kernel::strided::Src<'_, T>> {
        T::view_ref(&self.view).map(crate::kernel::strided::Src::from)
    }

    /// The data in Array storage: a copy, made once (fallibly allocated).
    pub(crate) fn shared(&self, op: &'static str) -> Result<&NdArray> {
        if let Some(a) = self.shared.get() {
            return Ok(a);
        }
        let copy = super::nd_view_all!(&self.view, v, T => T::wrap(super::try_owned(op, v)?));
        Ok(self.shared.get_or_init(|| Box::new(copy)))
    }

    /// The dtype.
    pub fn dtype(&self) -> Dtype {
        self.view.dtype()
    }

    /// The shape.
    pub fn shape(&self) -> &[usize] {
        self.view.shape()
    }
}

impl std::fmt::Debug for NdLent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NdLent")
            .field("dtype", &self.dtype())
            .field("shape", &self.shape())
            .finish_non_exhaustive()
    }
}

/// A view of an Array's ndarray data (its storage, or the buffer lent to the op): no copy.
#[inline]
pub(crate) fn view_of(a: &NdArray) -> NdView<'_> {
    super::nd_all!(a, x, T => T::wrap_view(x.view()))
}
