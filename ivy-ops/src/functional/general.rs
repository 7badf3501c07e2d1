//! General ops: in-place updates, indexing.

/// General ops.
#[ivy_macros::category(support_docs = "docs/support")]
pub mod general {
    use super::CachedFn;
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
    /// argument and returns it (the caller's value is unchanged, except a candle `Var`,
    /// whose clones share its storage); the Python binding then leaves the result in the
    /// array object it was given, as for every op that updates an `&mut Array`.
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
    /// agree and the buffer is `x`'s own (a buffer shared with a clone or view is not
    /// copied first: `x` gets a new one, `val`'s values); `x` takes `val`'s dtype (a new buffer) unless `keep_input_dtype` (default false,
    /// as in Ivy), which casts `val` into `x`'s buffer. Candle tensors are
    /// immutable: the Array is rebound to new data, and with `ensure_in_backend` that is an
    /// error; a candle `Var` is updated natively.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let mut a = ndarray::ArrayD::<f32>::zeros(ndarray::IxDyn(&[2, 2]));
    /// let p = a.as_ptr();
    /// ivy::inplace_update(&mut a, &ivy::asarray([1.0f32, 2.0])?)?; // broadcast to x's shape
    /// assert_eq!((a.as_slice().unwrap(), a.as_ptr()), (&[1.0f32, 2.0, 1.0, 2.0][..], p)); // the same buffer
    /// let (mut x, v) = (ivy::zeros([2])?, ivy::asarray([5, 6])?); // float32, int32
    /// let keep = InplaceUpdateKw { keep_input_dtype: true, ..Default::default() };
    /// ivy::inplace_update_with(&mut x, &v, keep)?; // v cast into x's buffer
    /// assert_eq!((x.dtype(), x.to_vec::<f32>()?), (Dtype::Float32, vec![5.0, 6.0]));
    /// ivy::inplace_update(&mut x, &v)?; // the default, as in Ivy: x takes v's dtype
    /// assert_eq!((x.dtype(), x.to_vec::<i32>()?), (Dtype::Int32, vec![5, 6]));
    /// ivy::set_backend(Backend::Candle); // candle tensors are immutable: x is rebound
    /// let (mut t, w) = (ivy::zeros([2])?, ivy::ones([2])?);
    /// let strict = InplaceUpdateKw { ensure_in_backend: true, ..Default::default() };
    /// assert!(matches!(ivy::inplace_update_with(&mut t, &w, strict), Err(ivy::Error::InplaceNotInBackend { .. })));
    /// ivy::inplace_update(&mut t, &w)?;
    /// assert_eq!(t.to_vec::<f32>()?, [1.0, 1.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
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
            if crate::native::update_rebinds(leaf, target) {
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
            if crate::engine::checks::broadcast_shapes(OP, v.shape(), leaf.shape())? != leaf.shape()
            {
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

    /// `f` with a cache (Ivy's `cache_fn`): [`CachedFn::call`] returns the result stored
    /// for arguments equal to earlier ones, else computes and stores it;
    /// [`CachedFn::call_with`]`(args, false)` computes without the cache, as Ivy's
    /// `cache=False`. Thread-safe (one lock around the table, never held while `f` runs:
    /// two threads missing the same key both compute it), and bounded: at most
    /// [`CachedFn::DEFAULT_CAPACITY`] entries, or the capacity given to
    /// [`CachedFn::with_capacity`]; the oldest entry goes first. Arrays are not keys
    /// (they are not `Hash`): cache on what builds them (shapes, hyper-parameters).
    ///
    /// ```
    /// use std::sync::atomic::{AtomicUsize, Ordering};
    /// let calls = AtomicUsize::new(0);
    /// let square = ivy::cache_fn(|n: &u64| {
    ///     calls.fetch_add(1, Ordering::Relaxed);
    ///     n * n
    /// });
    /// assert_eq!(square.call(12), 144);
    /// assert_eq!(square.call(12), 144); // cached: `f` ran once
    /// assert_eq!(calls.load(Ordering::Relaxed), 1);
    /// assert_eq!(square.call_with(12, false), 144); // cache = False
    /// assert_eq!(calls.load(Ordering::Relaxed), 2);
    /// ```
    #[standalone]
    pub fn cache_fn<A, R, F>(f: F) -> CachedFn<A, R, F>
    where
        A: std::hash::Hash + Eq + Clone,
        R: Clone,
        F: Fn(&A) -> R,
    {
        CachedFn::with_capacity(f, CachedFn::<A, R, F>::DEFAULT_CAPACITY)
    }

    /// The backend named `name` (`"ndarray"`, `"candle"`), or the current backend for
    /// `None` (Ivy's `get_backend`): a value to branch on. A name that is no backend, a
    /// backend not compiled in, or `None` with no backend set is an error.
    ///
    /// ```
    /// use ivy::Backend;
    /// assert_eq!(ivy::get_backend(Some("candle"))?, Backend::Candle);
    /// let b = ivy::with_backend(Backend::Ndarray, || ivy::get_backend(None))?;
    /// assert_eq!(b, Backend::Ndarray);
    /// assert!(ivy::get_backend(Some("torch")).is_err());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[standalone]
    pub fn get_backend(name: Option<&str>) -> Result<crate::Backend> {
        let b = match name {
            Some(n) => n.parse::<crate::Backend>()?,
            None => {
                ivy_core::current_backend().ok_or(crate::Error::NoBackend { op: "get_backend" })?
            }
        };
        if !crate::native::is_compiled(b) {
            return Err(crate::Error::BackendUnavailable { backend: b });
        }
        Ok(b)
    }
}

#[doc(inline)]
pub use general::*;

/// A function with a bounded, thread-safe cache of its results: made by [`cache_fn`].
pub struct CachedFn<A, R, F> {
    f: F,
    capacity: usize,
    table: std::sync::Mutex<Table<A, R>>,
}

/// The cached results, and their keys oldest first.
struct Table<A, R> {
    map: std::collections::HashMap<A, R>,
    order: std::collections::VecDeque<A>,
}

impl<A, R, F> CachedFn<A, R, F>
where
    A: std::hash::Hash + Eq + Clone,
    R: Clone,
    F: Fn(&A) -> R,
{
    /// How many results [`cache_fn`] keeps.
    pub const DEFAULT_CAPACITY: usize = 1024;

    /// `f` keeping at most `capacity` results (0: none).
    ///
    /// ```
    /// let f = ivy::CachedFn::with_capacity(|n: &i32| n + 1, 2);
    /// for n in 0..5 {
    ///     f.call(n);
    /// }
    /// assert_eq!(f.len(), 2); // the two newest
    /// ```
    pub fn with_capacity(f: F, capacity: usize) -> Self {
        CachedFn {
            f,
            capacity,
            table: std::sync::Mutex::new(Table {
                map: std::collections::HashMap::new(),
                order: std::collections::VecDeque::new(),
            }),
        }
    }

    /// The result for `args`: the cached one, or `f(&args)` (then cached).
    pub fn call(&self, args: A) -> R {
        self.call_with(args, true)
    }

    /// [`call`](Self::call), or with `cache = false` `f(&args)` without reading or
    /// writing the cache (Ivy's `cache=False`).
    pub fn call_with(&self, args: A, cache: bool) -> R {
        if !cache {
            return (self.f)(&args);
        }
        if let Some(r) = self.lock().map.get(&args) {
            return r.clone();
        }
        let r = (self.f)(&args);
        if self.capacity > 0 {
            let mut t = self.lock();
            if !t.map.contains_key(&args) {
                while t.order.len() >= self.capacity {
                    match t.order.pop_front() {
                        Some(old) => {
                            t.map.remove(&old);
                        }
                        None => break,
                    }
                }
                t.order.push_back(args.clone());
                t.map.insert(args, r.clone());
            }
        }
        r
    }

    /// How many results are cached.
    pub fn len(&self) -> usize {
        self.lock().map.len()
    }

    /// Whether nothing is cached.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Forgets every cached result.
    pub fn clear(&self) {
        let mut t = self.lock();
        t.map.clear();
        t.order.clear();
    }

    /// The table (a panic in another thread while it held the lock leaves the table
    /// consistent: every update is made under the lock, after `f` ran).
    fn lock(&self) -> std::sync::MutexGuard<'_, Table<A, R>> {
        self.table
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

impl<A, R, F> std::fmt::Debug for CachedFn<A, R, F> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CachedFn")
            .field("capacity", &self.capacity)
            .finish_non_exhaustive()
    }
}
