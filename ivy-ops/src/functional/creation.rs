//! Array creation.

/// Array creation ops.
#[ivy_macros::category(support_docs = "docs/support")]
pub mod creation {
    use crate::{broadcast_to, reshape};
    use crate::{Array, Backend, Data, Device, Dtype, Result, Scalar, Shape};

    /// An array of zeros (default dtype: the default float dtype). Compositional: `full`
    /// with 0 in the inferred dtype, so a backend implements the fill once (in `full`);
    /// errors name `zeros`.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let z = ivy::zeros([2, 3])?;
    /// assert_eq!((z.shape(), z.dtype()), (&[2usize, 3][..], Dtype::Float32)); // the default float dtype
    /// assert_eq!(z.to_vec::<f32>()?, [0.0; 6]);
    /// let kw = ZerosKw { dtype: Some(Dtype::Int64), device: Some(Device::Cpu) };
    /// assert_eq!(ivy::zeros_with([2], kw)?.to_vec::<i64>()?, [0, 0]);
    /// let e = ivy::zeros([usize::MAX, 4]).unwrap_err(); // too large: an error naming `zeros`
    /// assert!(matches!(e, ivy::Error::InvalidArgument { op: "zeros", .. }));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[infer_dtype]
    #[infer_device]
    pub fn zeros(
        shape: Shape,
        #[kw] dtype: Option<Dtype>,
        #[kw] device: Option<Device>,
    ) -> Result<Array> {
        let dtype = Some(crate::engine::checks::infer_dtype(dtype, &[], &[]));
        full_with(shape, Scalar::Int(0), FullKw { dtype, device }).map_err(|e| e.with_op("zeros"))
    }

    /// An array of ones (default dtype: the default float dtype). Compositional, as `zeros`.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let o = ivy::ones((2, 2))?;
    /// assert_eq!((o.dtype(), o.to_vec::<f32>()?), (Dtype::Float32, vec![1.0; 4])); // the default float dtype
    /// let b = ivy::ones_with([3], OnesKw { dtype: Some(Dtype::Bool), ..Default::default() })?;
    /// assert_eq!(b.to_vec::<bool>()?, [true; 3]);
    /// let kw = OnesKw { dtype: Some(Dtype::Int32), device: Some(Device::Cpu) };
    /// let c = ivy::with_backend(Backend::Candle, || ivy::ones_with([2], kw))?;
    /// assert_eq!((c.backend(), c.to_vec::<i32>()?), (Backend::Candle, vec![1, 1]));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[infer_dtype]
    #[infer_device]
    pub fn ones(
        shape: Shape,
        #[kw] dtype: Option<Dtype>,
        #[kw] device: Option<Device>,
    ) -> Result<Array> {
        let dtype = Some(crate::engine::checks::infer_dtype(dtype, &[], &[]));
        full_with(shape, Scalar::Int(1), FullKw { dtype, device }).map_err(|e| e.with_op("ones"))
    }

    /// An array filled with `fill_value`; its dtype follows the value (int → default int,
    /// float → default float, bool → bool) unless given.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let i = ivy::full([2], 7)?; // an int fill: the default int dtype
    /// assert_eq!((i.dtype(), i.to_vec::<i32>()?), (Dtype::Int32, vec![7, 7]));
    /// assert_eq!(ivy::full([2], 0.5)?.to_vec::<f32>()?, [0.5, 0.5]); // a float fill: float32
    /// assert_eq!(ivy::full((), true)?.to_vec::<bool>()?, [true]); // a bool fill: bool (0-d)
    /// assert_eq!(ivy::full([1], 1i64 << 40)?.dtype(), Dtype::Int64); // beyond int32
    /// let kw = FullKw { dtype: Some(Dtype::Int64), ..Default::default() };
    /// assert_eq!(ivy::full_with([2, 1], 3, kw)?.to_vec::<i64>()?, [3, 3]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[infer_dtype]
    #[infer_device]
    #[check(super::full_shape -> usize)]
    pub fn full(
        shape: Shape,
        fill_value: Scalar,
        #[kw] dtype: Option<Dtype>,
        #[kw] device: Option<Device>,
    ) -> Result<Array>;

    /// Values from `start` to `stop` (exclusive) by `step` (the Array API's
    /// `arange(start, /, stop=None, step=1)`): with no `stop`, `start` is the stop and the
    /// values start at 0. Rust has no optional positional arguments, so `stop` and `step` are
    /// keyword arguments here (`ArangeKw`; `--kw stop=…` by name). The dtype follows the
    /// three scalars: ints give the default int dtype, any float the default float dtype.
    /// The values are numpy's, bit for bit (`start`, `start + step`, then `v0 + i * (v1 -
    /// v0)` in the dtype); an integer dtype must hold the first two (else
    /// `InvalidArgument`, numpy 2's OverflowError), a bool one at most two values, and
    /// complex bounds are an `ArgumentKind` error.
    /// numpy's `np.arange(0, 1, 0.1)` is `arange_with(0, ArangeKw { stop, step, .. })`, not
    /// `arange(0)` as the compiler suggests (the repository's `docs/FROM_NUMPY.md`).
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// assert_eq!(ivy::arange(5)?.to_f64_vec()?, [0.0, 1.0, 2.0, 3.0, 4.0]);
    /// assert_eq!(ivy::arange(5)?.dtype(), Dtype::Int32);
    /// let kw = ArangeKw { stop: Some(2.0.into()), step: 0.5.into(), ..Default::default() };
    /// let x = ivy::arange_with(1, kw)?;
    /// assert_eq!((x.to_f64_vec()?, x.dtype()), (vec![1.0, 1.5], Dtype::Float32));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[infer_dtype]
    #[infer_device]
    pub fn arange(
        start: Scalar,
        #[kw] stop: Option<Scalar>,
        #[kw(default = Scalar::Int(1))] step: Scalar,
        #[kw] dtype: Option<Dtype>,
        #[kw] device: Option<Device>,
    ) -> Result<Array>;

    /// An array of `shape` whose values the standard leaves unspecified. ivy-rs never
    /// exposes uninitialised memory: it is `zeros` (compositional; errors name `empty`).
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::empty(&[2, 3])?;
    /// assert_eq!((x.shape(), x.dtype()), (&[2usize, 3][..], Dtype::Float32));
    /// assert_eq!(x.to_f64_vec()?, [0.0; 6]); // zero-filled
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[infer_dtype]
    #[infer_device]
    pub fn empty(
        shape: Shape,
        #[kw] dtype: Option<Dtype>,
        #[kw] device: Option<Device>,
    ) -> Result<Array> {
        zeros_with(shape, ZerosKw { dtype, device }).map_err(|e| e.with_op("empty"))
    }

    /// An array shaped like `x` (its dtype and device unless given) whose values the
    /// standard leaves unspecified: zero-filled in ivy-rs (`zeros_like`; errors name
    /// `empty_like`).
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::ones_with([2, 2], OnesKw { dtype: Some(Dtype::Int64), device: None })?;
    /// let e = ivy::empty_like(&x)?;
    /// assert_eq!((e.shape(), e.dtype()), (&[2usize, 2][..], Dtype::Int64));
    /// assert_eq!(e.to_f64_vec()?, [0.0; 4]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[nestable]
    #[infer_dtype]
    #[infer_device]
    pub fn empty_like(
        x: &Array,
        #[kw] dtype: Option<Dtype>,
        #[kw] device: Option<Device>,
    ) -> Result<Array> {
        zeros_like_with(x, ZerosLikeKw { dtype, device }).map_err(|e| e.with_op("empty_like"))
    }

    /// A 2-D array of `n_rows` × `n_cols` (default `n_rows`) with ones on the `k`-th
    /// diagonal (`k > 0` above the main diagonal, `k < 0` below) and zeros elsewhere; the
    /// default float dtype unless given. `n_cols` is a keyword argument (Rust has no
    /// optional positional arguments).
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// assert_eq!(ivy::eye(2)?.to_f64_vec()?, [1.0, 0.0, 0.0, 1.0]);
    /// let kw = EyeKw { n_cols: Some(3), k: 1, ..Default::default() };
    /// let x = ivy::eye_with(2, kw)?;
    /// assert_eq!(x.shape(), &[2, 3]);
    /// assert_eq!(x.to_f64_vec()?, [0.0, 1.0, 0.0, 0.0, 0.0, 1.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[infer_dtype]
    #[infer_device]
    #[check(super::eye_shape)]
    pub fn eye(
        n_rows: usize,
        #[kw] n_cols: Option<usize>,
        #[kw] k: i64,
        #[kw] dtype: Option<Dtype>,
        #[kw] device: Option<Device>,
    ) -> Result<Array>;

    /// `num` evenly spaced values from `start` to `stop` (included when `endpoint`, the
    /// default), numpy's formula: `start + i * step` computed in float64 (complex128 for
    /// complex bounds), the last value exactly `stop`, then converted to the dtype (floored
    /// first for an integer dtype, as numpy 2). Default dtype: the default float dtype, or
    /// the default complex dtype when a bound is complex. Compositional over `asarray`.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::linspace(0, 1, 5)?;
    /// assert_eq!((x.to_f64_vec()?, x.dtype()), (vec![0.0, 0.25, 0.5, 0.75, 1.0], Dtype::Float32));
    /// let kw = LinspaceKw { endpoint: false, ..Default::default() };
    /// assert_eq!(ivy::linspace_with(0, 1, 4, kw)?.to_f64_vec()?, [0.0, 0.25, 0.5, 0.75]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[infer_dtype]
    #[infer_device]
    pub fn linspace(
        start: Scalar,
        stop: Scalar,
        num: usize,
        #[kw] dtype: Option<Dtype>,
        #[kw] device: Option<Device>,
        #[kw(default = true)] endpoint: bool,
    ) -> Result<Array> {
        if let Some(y) = super::linspace_real(start, stop, num, endpoint, dtype, device)? {
            return Ok(y);
        }
        let (values, dtype) = super::linspace_values(start, stop, num, endpoint, dtype)?;
        let kw = AsarrayKw {
            dtype: Some(dtype),
            device,
            copy: None,
        };
        asarray_with(values, kw).map_err(|e| e.with_op("linspace"))
    }

    /// Coordinate matrices from coordinate vectors: for N arrays (each flattened), N arrays
    /// of rank N, array `i` varying along axis `i`. `indexing` is `"xy"` (the default,
    /// Cartesian: the first two axes swapped) or `"ij"` (matrix); anything else is
    /// `Error::InvalidArgument`. Each output keeps its input's dtype. Compositional over
    /// `reshape` and `broadcast_to`; nestable.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let (x, y) = (ivy::asarray(vec![1, 2, 3])?, ivy::asarray(vec![4.0, 5.0])?);
    /// let g = ivy::meshgrid(&[&x, &y])?;
    /// assert_eq!((g[0].shape(), g[1].shape()), (&[2usize, 3][..], &[2usize, 3][..]));
    /// assert_eq!(g[1].to_f64_vec()?, [4.0, 4.0, 4.0, 5.0, 5.0, 5.0]);
    /// let kw = MeshgridKw { indexing: "ij".into() };
    /// assert_eq!(ivy::meshgrid_with(&[&x, &y], kw)?[0].shape(), &[3, 2]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[nestable]
    pub fn meshgrid(
        arrays: &[&Array],
        #[kw(default = String::from("xy"))] indexing: String,
    ) -> Result<Vec<Array>> {
        let sizes: Vec<usize> = arrays.iter().map(|a| a.size()).collect();
        let (shapes, target) = super::meshgrid_plan("meshgrid", &sizes, &indexing)?;
        let mut outs = crate::kernel::alloc::try_vec::<Array>("meshgrid", arrays.len())?;
        for (a, s) in arrays.iter().zip(&shapes) {
            outs.push(broadcast_to(&reshape(a, s)?, &target[..])?);
        }
        Ok(outs)
    }

    /// The lower triangle of `x` (each matrix of its last two axes): elements above the
    /// `k`-th diagonal are zeroed (`k > 0` keeps diagonals above the main one). `x` needs
    /// rank 2 or more; every dtype.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::ones(&[2, 3])?;
    /// assert_eq!(ivy::tril(&x)?.to_f64_vec()?, [1.0, 0.0, 0.0, 1.0, 1.0, 0.0]);
    /// assert_eq!(ivy::tril_with(&x, TrilKw { k: -1 })?.to_f64_vec()?, [0.0, 0.0, 0.0, 1.0, 0.0, 0.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[check(super::tri_args)]
    pub fn tril(x: &Array, #[kw] k: i64, out: Option<&mut Array>) -> Result<Array>;

    /// The upper triangle of `x` (each matrix of its last two axes): elements below the
    /// `k`-th diagonal are zeroed. `x` needs rank 2 or more; every dtype.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::ones(&[2, 3])?;
    /// assert_eq!(ivy::triu(&x)?.to_f64_vec()?, [1.0, 1.0, 1.0, 0.0, 1.0, 1.0]);
    /// assert_eq!(ivy::triu_with(&x, TriuKw { k: 2 })?.to_f64_vec()?, [0.0, 0.0, 1.0, 0.0, 0.0, 0.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[check(super::tri_args)]
    pub fn triu(x: &Array, #[kw] k: i64, out: Option<&mut Array>) -> Result<Array>;

    /// Zeros shaped like `x`, of `x`'s dtype and device unless given (the second step of
    /// dtype inference: the first array argument). Mixed: written once over `zeros`.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([1, 2, 3])?; // int32
    /// let z = ivy::zeros_like(&x)?;
    /// assert_eq!((z.dtype(), z.to_vec::<i32>()?), (Dtype::Int32, vec![0, 0, 0])); // x's dtype
    /// let kw = ZerosLikeKw { dtype: Some(Dtype::Float32), ..Default::default() };
    /// assert_eq!(ivy::zeros_like_with(&x, kw)?.to_vec::<f32>()?, [0.0; 3]);
    /// let t = ivy::with_backend(Backend::Candle, || ivy::asarray([1.5f32]))?;
    /// assert_eq!(ivy::zeros_like(&t)?.backend(), Backend::Candle); // x's backend, not the current one
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[mixed]
    #[nestable]
    #[infer_dtype]
    #[infer_device]
    pub fn zeros_like(
        x: &Array,
        #[kw] dtype: Option<Dtype>,
        #[kw] device: Option<Device>,
    ) -> Result<Array> {
        full_like_with(x, Scalar::Int(0), FullLikeKw { dtype, device })
    }

    /// Ones shaped like `x`.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([1, 2])?.astype(Dtype::Uint8)?;
    /// let o = ivy::ones_like(&x)?;
    /// assert_eq!((o.dtype(), o.to_vec::<u8>()?), (Dtype::Uint8, vec![1, 1])); // x's dtype
    /// let kw = OnesLikeKw { dtype: Some(Dtype::Bool), ..Default::default() };
    /// assert_eq!(ivy::ones_like_with(&x, kw)?.to_vec::<bool>()?, [true, true]);
    /// let c: Container = ivy::container! { a: x.clone(), b: { c: ivy::zeros([3])? } };
    /// let oc = c.ones_like()?; // nestable: each leaf keeps its dtype
    /// assert_eq!((oc.at("a")?.dtype(), oc.at("b/c")?.to_vec::<f32>()?), (Dtype::Uint8, vec![1.0; 3]));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[mixed]
    #[nestable]
    #[infer_dtype]
    #[infer_device]
    pub fn ones_like(
        x: &Array,
        #[kw] dtype: Option<Dtype>,
        #[kw] device: Option<Device>,
    ) -> Result<Array> {
        full_like_with(x, Scalar::Int(1), FullLikeKw { dtype, device })
    }

    /// `fill_value` shaped like `x`, of `x`'s dtype unless given (the array decides before the
    /// scalar).
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([[1, 2], [3, 4]])?.astype(Dtype::Int16)?;
    /// let f = ivy::full_like(&x, 9)?;
    /// assert_eq!((f.shape(), f.dtype(), f.to_vec::<i16>()?), (&[2usize, 2][..], Dtype::Int16, vec![9; 4]));
    /// assert_eq!(ivy::full_like(&x, 2.5)?.dtype(), Dtype::Int16); // the array decides, not the float
    /// let kw = FullLikeKw { dtype: Some(Dtype::Float64), ..Default::default() };
    /// assert_eq!(ivy::full_like_with(&x, 2.5, kw)?.to_vec::<f64>()?, [2.5; 4]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[mixed]
    #[nestable]
    #[infer_dtype]
    #[infer_device]
    pub fn full_like(
        x: &Array,
        fill_value: Scalar,
        #[kw] dtype: Option<Dtype>,
        #[kw] device: Option<Device>,
    ) -> Result<Array> {
        let kw = FullKw {
            dtype: Some(dtype.unwrap_or(x.dtype())),
            device: Some(device.unwrap_or(x.device())),
        };
        crate::with_backend(x.backend(), || full_with(x.shape(), fill_value, kw))
            .map_err(|e| e.with_op("full_like"))
    }

    /// An array from `obj` (the Array API's `asarray`): values — `Vec`s, arrays and slices
    /// nested to any depth, scalars ([`IntoData`](crate::IntoData)) — or an array: an
    /// [`Array`] (`&x` or `x`) or a backend's native array ([`Data`] lists them). The dtype
    /// is `dtype`, else the array's, else the values': a sized Rust element type keeps its
    /// dtype (`u8` → uint8, `f32` → float32), while `f64`, `i64`, `bool` and `Complex<f64>`
    /// stand for Python's numbers and take Ivy's inference (`vec![1.0, 2.0]` is float32, the
    /// default float dtype; [`Data::inferred_dtype`](crate::Data::inferred_dtype)); the device is
    /// `device`, else the array's, else the default device. An array decides the backend,
    /// as an array argument of any op does; values take the current backend. By name `obj`
    /// may be a nested list whose leaves are scalars, or arrays of one shape (Python's
    /// `asarray([[x[0, 0]]])`, and `asarray([x, y])`, which stacks them as numpy does): its
    /// dtype is the arrays', promoted together, the scalars joining it as they join an array
    /// operand; a ragged nesting is an [`Error::InvalidArgument`](crate::Error::InvalidArgument)
    /// naming the two lengths or shapes that disagree.
    ///
    /// `copy` follows the seed (unspecified behaves as `copy = false`, "no new buffer")
    /// and the standard:
    /// - `None` (the default): an array already of the dtype and device is returned
    ///   sharing its buffer — ndarray's copy-on-write storage (a later write through either
    ///   copies first, as for `reshape`), the same candle storage — except a candle `Var`,
    ///   from which the result is detached (a `Var` is written in place, and results derived
    ///   from one never change with it unless asked); another dtype or device makes a new
    ///   buffer (a cast, a move);
    /// - `Some(true)`: always a new buffer;
    /// - `Some(false)`: never a new buffer: the array's buffer is shared (a `Var`'s too: a
    ///   later update of the `Var` shows through the result, as for `reshape` and `astype`
    ///   with `copy = false`); where that is impossible — another dtype or device, Rust values
    ///   (always copied into the new array), a borrowed ndarray array (`&ArrayD`,
    ///   `ArrayViewD`: lent for the call only, so the result must be a copy) — it is [`Error::CopyNotAvoidable`](crate::Error::CopyNotAvoidable).
    ///
    /// `asarray` has no `out` form (neither has the standard's), so the seed's rule "`out`
    /// wins over `copy`" does not arise here (`reshape` and `astype` follow it).
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([1.0f32, 2.0, 3.0])?;          // values: a new array
    /// let y = ivy::asarray(&x)?;                           // an Array: the same buffer
    /// assert!(y.may_share_memory(&x));
    /// let kw = |copy| AsarrayKw { copy, ..Default::default() };
    /// assert!(!ivy::asarray_with(&x, kw(Some(true)))?.may_share_memory(&x));
    /// let d = AsarrayKw { dtype: Some(Dtype::Float64), ..Default::default() };
    /// assert!(!ivy::asarray_with(&x, d)?.may_share_memory(&x)); // a cast: a new buffer
    /// assert_eq!(ivy::asarray(vec![1.0, 2.0])?.dtype(), Dtype::Float32); // Python floats
    /// assert_eq!(ivy::asarray(vec![1u8, 2])?.dtype(), Dtype::Uint8);     // a sized type
    /// let e = ivy::asarray_with(vec![1, 2], kw(Some(false))).unwrap_err();
    /// assert!(matches!(e, ivy::Error::CopyNotAvoidable { op: "asarray", .. }));
    /// // a native array: an owned ndarray buffer moves in, without a copy
    /// let nd = ndarray::ArrayD::<f32>::zeros(ndarray::IxDyn(&[2]));
    /// let p = nd.as_ptr();
    /// let z = ivy::asarray_with(nd, kw(Some(false)))?;
    /// assert_eq!(ndarray::ArrayD::<f32>::try_from(z)?.as_ptr(), p);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[infer_dtype]
    #[infer_device]
    pub fn asarray(
        obj: Data,
        #[kw] dtype: Option<Dtype>,
        #[kw] device: Option<Device>,
        #[kw] copy: Option<bool>,
    ) -> Result<Array>;
}

#[doc(inline)]
pub use creation::*;

/// `asarray` of an array on its own backend `B` (the array decides the backend), by
/// `asarray`'s `copy` rules: `B`'s `astype` to the same dtype shares the buffer (`copy =
/// false`; a tensor over a candle `Var`'s storage, which the caller detaches for `copy =
/// None`) or makes a new one (`copy = true`, unless converting a borrowed native already
/// made one); another dtype is a cast, another device a move (new buffers), which `copy =
/// Some(false)` refuses. The device was checked by the backend.
pub(crate) fn asarray_array<B>(
    given: &crate::args::GivenArray,
    dtype: crate::Dtype,
    device: crate::Device,
    copy: Option<bool>,
) -> crate::Result<crate::Array>
where
    B: crate::functional::data_type::DataTypeBackend + crate::functional::device::DeviceBackend,
{
    const OP: &str = "asarray";
    let a = &given.array;
    let moving = a.device() != device;
    if copy == Some(false) {
        let reason = if given.copied {
            "a borrowed ndarray array (`&ArrayD`, `ArrayViewD`) is copied into an Array: pass it by value or as an `ArcArray` to share its buffer"
        } else if a.dtype() != dtype {
            "the dtype differs from the array's, and a cast makes a new buffer"
        } else if moving {
            "the device differs from the array's, and a move makes a new buffer"
        } else {
            ""
        };
        if !reason.is_empty() {
            return Err(crate::Error::CopyNotAvoidable {
                op: OP,
                backend: <B as crate::BackendInfo>::BACKEND,
                reason,
            });
        }
    }
    // a new buffer only when asked and not made yet (a move makes one anyway)
    let fresh = copy == Some(true) && !given.copied && !moving;
    let r = B::astype(a, dtype, fresh, a.device()).map_err(|e| e.with_op(OP))?;
    if moving {
        return B::to_device(&r, device).map_err(|e| e.with_op(OP));
    }
    Ok(r)
}

/// `full`'s shared check (also run for `zeros` and `ones`, written over `full`): a fill
/// that makes a value of the dtype, and a shape that can exist for it. Its plan is the
/// element count, which the backend's `full` allocates without computing it again.
pub(crate) fn full_shape(
    op: &'static str,
    shape: &&[usize],
    fill: &crate::Scalar,
    dtype: &crate::Dtype,
    _device: &crate::Device,
) -> crate::Result<usize> {
    fill_fits(op, *fill, *dtype)?;
    crate::kernel::alloc::shape_size_of(op, shape, *dtype)
}

/// An int fill of an integer dtype must be a value of it: numpy 2 raises for
/// `full(2, 300, dtype=uint8)` rather than wrap 300 to 44 (floats convert by the casting
/// rules, as `astype` does). A complex fill needs a complex dtype, or bool (its truth, as
/// numpy's): its imaginary part was dropped silently (numpy warns).
pub(crate) fn fill_fits(
    op: &'static str,
    fill: crate::Scalar,
    dtype: crate::Dtype,
) -> crate::Result<()> {
    if let crate::Scalar::Complex(re, im) = fill
        && !dtype.is_complex()
        && !dtype.is_bool()
    {
        return Err(crate::Error::InvalidArgument {
            op,
            message: format!(
                "the complex fill ({re}{im:+}j) makes no {dtype} value; choose a complex \
                 dtype, or pass its real part"
            ),
        });
    }
    crate::engine::checks::int_fits(
        op,
        fill,
        dtype,
        "for the fill's dtype",
        "choose a wider dtype",
    )?;
    crate::engine::checks::float_fits(op, fill, dtype)
}

/// `eye`'s shared check: a 2-D shape that can exist for the dtype.
pub(crate) fn eye_shape(
    op: &'static str,
    n_rows: &usize,
    n_cols: &Option<usize>,
    _k: &i64,
    dtype: &crate::Dtype,
    _device: &crate::Device,
) -> crate::Result<()> {
    crate::kernel::alloc::shape_size_of(op, &[*n_rows, n_cols.unwrap_or(*n_rows)], *dtype).map(drop)
}

/// `tril`/`triu`'s shared check: a stack of matrices (rank 2 or more).
pub(crate) fn tri_args(op: &'static str, x: &&crate::Array, _k: &i64) -> crate::Result<()> {
    if x.ndim() < 2 {
        return Err(crate::Error::InvalidArgument {
            op,
            message: format!(
                "needs an array of rank 2 or more (a stack of matrices), got rank {}",
                x.ndim()
            ),
        });
    }
    Ok(())
}

/// `linspace` of real bounds into a real float dtype (the default float dtype when none is
/// given) on the CPU, as numpy 2.1.3 computes it, each element once, straight into the
/// result's buffer (both cores when large): `i * step + start` in float64 (`i / div * span`
/// when the step underflows to 0, `i * span` when the divisor is 0), the last element `stop`
/// with `endpoint`, rounded once to the dtype (numpy's `astype` of its float64 values).
/// `None` for the other cases (a complex bound or dtype, an integer dtype, another device,
/// no backend set: [`linspace_values`] and `asarray`).
pub(crate) fn linspace_real(
    start: crate::Scalar,
    stop: crate::Scalar,
    num: usize,
    endpoint: bool,
    dtype: Option<crate::Dtype>,
    device: Option<crate::Device>,
) -> crate::Result<Option<crate::Array>> {
    use crate::kernel::elem::Elem;
    use crate::{Device, Dtype, Scalar};
    const OP: &str = "linspace";
    let real = |s: Scalar| !matches!(s, Scalar::Complex(..));
    let dtype = dtype.unwrap_or_else(|| ivy_core::default_of(ivy_core::DefaultKind::Float));
    let Some(backend) = ivy_core::current_backend() else {
        return Ok(None);
    };
    // no device given: the default one (`with_default_device`), as every creation op infers
    let cpu = crate::engine::checks::infer_device(device, &[]) == Device::Cpu;
    if !(real(start) && real(stop) && cpu && dtype.is_float() && !dtype.is_complex()) {
        return Ok(None);
    }
    crate::kernel::alloc::shape_size_of(OP, &[num], dtype)?;
    let (a, b) = (start.to_f64(), stop.to_f64());
    let div = if endpoint { num.saturating_sub(1) } else { num };
    let (span, step) = (b - a, (b - a) / div as f64);
    let last = (endpoint && num > 1).then(|| num - 1);
    fn fill<T: Elem>(
        n: usize,
        at: impl Fn(f64) -> f64 + Sync + Copy,
        last: Option<usize>,
        b: f64,
    ) -> crate::Result<Vec<T>> {
        // element `i` as the f64 `blk + j` (exact, `i` < 2^53): `j` an i32, so the loop
        // converts in vector registers (a usize converts one at a time before AVX-512)
        let mut v = crate::engine::creation::indexed(OP, n, |blk| {
            // `at` copied in (its constants by value: through a reference they are
            // reloaded after every store, and the loop stays scalar)
            let blk = blk as f64;
            move |j| T::from_f64(at(blk + f64::from(j)))
        })?;
        if let Some(l) = last {
            v[l] = T::from_f64(b);
        }
        Ok(v)
    }
    macro_rules! host {
        ($t:ty) => {{
            let v: Vec<$t> = match div {
                0 => fill(num, move |i| i * span + a, last, b)?,
                d if step == 0.0 => fill(num, move |i| i / d as f64 * span + a, last, b)?,
                _ => fill(num, move |i| i * step + a, last, b)?,
            };
            crate::__for_backend!(backend, __B =>
                <__B as crate::engine::family::Kernels>::from_host(OP, v, &[num], Device::Cpu),
                else => return Ok(None))
        }};
    }
    let y = match dtype {
        Dtype::Float32 => host!(f32),
        Dtype::Float64 => host!(f64),
        Dtype::Float16 => host!(half::f16),
        Dtype::Bfloat16 => host!(half::bf16),
        _ => return Ok(None),
    };
    y.map(Some)
}

/// `linspace`'s values (numpy 2.1.3's formula, in float64 or complex128) and dtype: the
/// given one, else the default complex dtype for a complex bound, else the default float
/// dtype. Integer dtypes get the values floored (numpy 2), other conversions are `asarray`'s.
pub(crate) fn linspace_values(
    start: crate::Scalar,
    stop: crate::Scalar,
    num: usize,
    endpoint: bool,
    dtype: Option<crate::Dtype>,
) -> crate::Result<(crate::Data, crate::Dtype)> {
    use crate::Scalar;
    use ivy_core::DefaultKind;
    const OP: &str = "linspace";
    let complex = matches!(start, Scalar::Complex(..)) || matches!(stop, Scalar::Complex(..));
    let dtype = dtype.unwrap_or_else(|| {
        ivy_core::default_of(if complex {
            DefaultKind::Complex
        } else {
            DefaultKind::Float
        })
    });
    crate::kernel::alloc::shape_size_of(OP, &[num], dtype)?;
    let parts = |s: Scalar| match s {
        Scalar::Complex(re, im) => (re, im),
        other => (other.to_f64(), 0.0),
    };
    let ((a_re, a_im), (b_re, b_im)) = (parts(start), parts(stop));
    let div = if endpoint { num.saturating_sub(1) } else { num };
    // numpy: delta = stop - start; y = arange(num) * (delta / div) + start (y / div * delta
    // when the step underflows to 0; y * delta when div is 0), then y[-1] = stop
    let (d_re, d_im) = (b_re - a_re, b_im - a_im);
    let (s_re, s_im) = (d_re / div as f64, d_im / div as f64);
    let step_zero = div > 0 && s_re == 0.0 && s_im == 0.0;
    let at = |i: usize| -> (f64, f64) {
        let y = i as f64;
        let (y, (m_re, m_im)) = match (div, step_zero) {
            (0, _) => (y, (d_re, d_im)),
            (_, true) => (y / div as f64, (d_re, d_im)),
            _ => (y, (s_re, s_im)),
        };
        // (y + 0j) * m, as complex multiplication (the real case has m_im = 0)
        let (re, im) = if complex {
            (y * m_re - 0.0 * m_im, y * m_im + 0.0 * m_re)
        } else {
            (y * m_re, 0.0)
        };
        if endpoint && num > 1 && i == num - 1 {
            (b_re, b_im)
        } else {
            (re + a_re, im + a_im)
        }
    };
    let floor = dtype.is_int();
    let mut values = crate::kernel::alloc::try_vec::<Scalar>(OP, num)?;
    values.extend((0..num).map(|i| {
        let (re, im) = at(i);
        match (complex, floor) {
            (_, true) => Scalar::Float(re.floor()),
            (true, false) => Scalar::Complex(re, im),
            (false, false) => Scalar::Float(re),
        }
    }));
    Ok((crate::Data::from_scalars(values, vec![num]), dtype))
}

/// `meshgrid`'s plan for arrays of `sizes` elements: the shape each is reshaped to (its
/// size on its own axis, 1 elsewhere) and the shape all are broadcast to; `"xy"` swaps the
/// first two axes (with two arrays or more), `"ij"` keeps them.
pub(crate) fn meshgrid_plan(
    op: &'static str,
    sizes: &[usize],
    indexing: &str,
) -> crate::Result<(Vec<Vec<i64>>, Vec<usize>)> {
    let xy = match indexing {
        "xy" => true,
        "ij" => false,
        other => {
            return Err(crate::Error::InvalidArgument {
                op,
                message: format!("`indexing` must be \"xy\" or \"ij\", got {other:?}"),
            })
        }
    };
    let n = sizes.len();
    let axis_of = |i: usize| if xy && n >= 2 && i < 2 { 1 - i } else { i };
    let mut target = vec![0usize; n];
    let mut shapes = Vec::with_capacity(n);
    for (i, &s) in sizes.iter().enumerate() {
        target[axis_of(i)] = s;
        let mut shape = vec![1i64; n];
        shape[axis_of(i)] = s as i64;
        shapes.push(shape);
    }
    Ok((shapes, target))
}
