//! General ops: in-place updates, indexing.

/// General ops.
#[ivy_macros::category]
pub mod general {
    use crate::{Array, Idx, Operand, Result};

    /// `x[query]`, Ivy's `get_item` (numpy's `__getitem__`): integers, slices with steps,
    /// the ellipsis, new axes, integer arrays and bool masks, numpy's meaning on every
    /// backend (see the [`indexing`](crate::indexing) module). A basic index (no arrays) is
    /// a view of `x`'s buffer on ndarray and a copy on candle; an advanced one copies.
    /// [`Array::get`] is this op; over Containers (`nested::get_item`, `c.get_item(..)`)
    /// the index applies at every leaf. Called by name, `query` is a list of index items (an
    /// int, `"start:stop:step"`, `"..."`, `None`, an array; one item alone is a list of
    /// one); a malformed item is `Error::ArgumentKind`, an item the array rejects (out of
    /// range, a step of 0, a mask of another shape, too many items)
    /// `Error::InvalidArgument`.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// use ivy::registry::{call, Value};
    /// ivy::set_backend(Backend::Candle);
    /// let x = ivy::reshape(&ivy::arange(6.0)?, &[2, 3])?;
    /// let row = ivy::get_item(&x, ivy::s![1, ..;2])?; // x[1, ::2]
    /// assert_eq!(row.to_f64_vec()?, [3.0, 5.0]);
    /// let by_name = call("get_item", &[Value::from(&x), Value::from(vec![Value::from(1), "::2".into()])], &[])?;
    /// assert_eq!(by_name.as_array().unwrap(), &row);
    /// assert!(ivy::get_item(&x, ivy::s![.., 3]).is_err()); // out of range: an error
    /// // nestable: the same index at every leaf of a Container
    /// let c = ivy::container! { a: x.clone(), b: { c: ivy::ones([2, 2])? } };
    /// let firsts = ivy::nested::get_item(&c, ivy::s![.., 0])?;
    /// assert_eq!(firsts.at("a")?.to_f64_vec()?, [0.0, 3.0]);
    /// assert_eq!(firsts.at("b/c")?.shape(), &[2]);
    /// assert_eq!(c.get_item(ivy::s![1, 1])?.at("a")?.to_f64_vec()?, [4.0]); // the method
    /// # ivy::unset_backend();
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[nestable]
    pub fn get_item(x: &Array, query: &[Idx]) -> Result<Array> {
        crate::indexing::get(x, query)
    }

    /// `x[query] = val`, Ivy's `set_item` (numpy's `__setitem__`): writes the selected
    /// elements with `val` (an array or a scalar) broadcast to the selection's shape and
    /// cast to `x`'s dtype (an int scalar must be a value of an integer `x`'s dtype, as in
    /// numpy 2); on error `x` is unchanged. On ndarray the data is written into
    /// `x`'s buffer (a basic index allocates nothing); on candle a `Var` is set natively and
    /// a tensor is rebound to new data (refused under the strict in-place mode). Indices as
    /// for [`get_item`]; [`Array::set`] is this op. Called by name it updates a clone of its
    /// argument and returns it (the caller's array is unchanged, except a candle `Var`,
    /// whose clones share its storage).
    ///
    /// ```
    /// use ivy::prelude::*;
    /// use ivy::registry::{call, Value};
    /// ivy::set_backend(Backend::Ndarray);
    /// let mut x = ivy::zeros([2, 3])?;
    /// ivy::set_item(&mut x, ivy::s![.., 0], 1)?; // x[:, 0] = 1
    /// assert_eq!(x.to_vec::<f32>()?, [1.0, 0.0, 0.0, 1.0, 0.0, 0.0]);
    /// let y = call("set_item", &[Value::from(&x), Value::from("1:"), Value::from(7)], &[])?; // x[1:] = 7
    /// assert_eq!(y.as_array().unwrap().to_vec::<f32>()?, [1.0, 0.0, 0.0, 7.0, 7.0, 7.0]);
    /// assert_eq!(x.to_vec::<f32>()?, [1.0, 0.0, 0.0, 1.0, 0.0, 0.0]); // the argument is a value
    /// # ivy::unset_backend();
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    pub fn set_item(x: &mut Array, query: &[Idx], val: Operand) -> Result<()> {
        crate::indexing::set(x, query, val)
    }

    /// Updates `x` with `val` (broadcast to `x`'s shape), Ivy's `inplace_update`.
    ///
    /// The Array is always updated. On ndarray the existing buffer is written when the dtypes
    /// agree; `x` takes `val`'s dtype (a new buffer) unless `keep_input_dtype` (default false,
    /// as in Ivy), which casts `val` into `x`'s buffer. Candle tensors are
    /// immutable: the Array is rebound to new data, and with `ensure_in_backend` that is an
    /// error; a candle `Var` is updated natively.
    #[primary]
    pub fn inplace_update(
        x: &mut Array,
        val: &Array,
        #[kw] ensure_in_backend: bool,
        #[kw] keep_input_dtype: bool,
    ) -> Result<()>;

    /// [`inplace_update`] of every leaf of the Container `x`, in place (the Container keeps
    /// its identity and structure): `val` is an array (or scalar) used at every leaf, or a
    /// Container with a leaf at each of `x`'s key chains. Every leaf is checked first (the
    /// key chains, backends, that each value broadcasts to its leaf, and that no candle
    /// tensor would be rebound under `ensure_in_backend` or the strict in-place mode), so a
    /// failed call leaves `x` unchanged.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let mut c: Container = ivy::container! { a: ivy::zeros([2])?, b: { c: ivy::zeros([3])? } };
    /// ivy::inplace_update_container(&mut c, &ivy::asarray(1.5f32)?, InplaceUpdateKw::default())?;
    /// assert_eq!(c.at("b/c")?.to_vec::<f32>()?, [1.5; 3]);
    /// let v = ivy::container! { a: ivy::asarray([1.0f32, 2.0])?, b: { c: ivy::asarray(3.0f32)? } };
    /// ivy::inplace_update_container(&mut c, &v, InplaceUpdateKw::default())?;
    /// assert_eq!(c.at("a")?.to_vec::<f32>()?, [1.0, 2.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn inplace_update_container<'v>(
        x: &mut crate::Container,
        val: impl Into<crate::NestArg<'v>>,
        kw: InplaceUpdateKw,
    ) -> Result<()> {
        const OP: &str = "inplace_update";
        let val = val.into();
        let value_at = |chain: &str| -> Result<&Array> {
            match val {
                crate::NestArg::Array(a) => Ok(a),
                crate::NestArg::Container(c) => c.at(chain).map_err(|e| e.with_op(OP)),
                crate::NestArg::Mapped(..) => Err(crate::Error::InvalidArgument {
                    op: OP,
                    message: "mapping options do not apply to an in-place update: select the leaves to update with `prune_key_chains` (or update a sub-container)".into(),
                }),
                crate::NestArg::Scalar(_) => Err(crate::Error::InvalidArgument {
                    op: OP,
                    message: "a scalar value is made an array first".into(),
                }),
            }
        };
        // every leaf a candle tensor rebinding would refuse is refused before any is written
        let refused = |leaf: &Array, target: crate::Dtype| -> Result<()> {
            if crate::backends::update_rebinds(leaf, target) {
                if kw.ensure_in_backend {
                    return Err(crate::Error::InplaceNotInBackend {
                        backend: leaf.backend(),
                    });
                }
                ivy_core::check_rebind(OP, leaf.backend())?;
            }
            Ok(())
        };
        // a scalar: one 0-d array per leaf dtype is made inside the per-leaf update
        if let crate::NestArg::Scalar(s) = val {
            for (_, leaf) in x.leaves() {
                refused(leaf, leaf.dtype())?;
            }
            for (_, leaf) in x.leaves_mut() {
                let kwf = crate::prelude::FullKw {
                    dtype: Some(leaf.dtype()),
                    device: Some(leaf.device()),
                };
                let v = ivy_core::with_backend(leaf.backend(), || crate::full_with([], s, kwf))?;
                inplace_update_with(leaf, &v, kw.clone())?;
            }
            return Ok(());
        }
        for (chain, leaf) in x.leaves() {
            let v = value_at(&chain)?;
            if v.backend() != leaf.backend() {
                return Err(crate::Error::BackendMismatch {
                    op: OP,
                    a: leaf.backend(),
                    b: v.backend(),
                });
            }
            if crate::__private::broadcast_shapes(OP, v.shape(), leaf.shape())? != leaf.shape() {
                return Err(crate::Error::Shape {
                    op: OP,
                    lhs: v.shape().to_vec(),
                    rhs: leaf.shape().to_vec(),
                    reason: "do not broadcast (val must broadcast to x)",
                });
            }
            refused(
                leaf,
                if kw.keep_input_dtype {
                    leaf.dtype()
                } else {
                    v.dtype()
                },
            )?;
        }
        for (chain, leaf) in x.leaves_mut() {
            inplace_update_with(leaf, value_at(&chain)?, kw.clone())?;
        }
        Ok(())
    }

    /// Replaces `out`'s data by `value` (same backend, shape and dtype, checked by callers):
    /// the ndarray buffer is overwritten, a candle tensor rebound, a candle `Var` set.
    pub(crate) fn replace_data(op: &'static str, out: &mut Array, value: Array) -> Result<()> {
        crate::backends::replace_data(op, out, value)
    }
}

pub use general::*;
