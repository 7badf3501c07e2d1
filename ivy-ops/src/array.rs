//! `Array` and `NativeArray`.

use crate::backends::{CandleArray, NdArray, NdLent};
use ivy_core::{Backend, Device, Dtype, Error, Result};
use std::fmt;

/// The data of an [`Array`], one variant per compiled-in backend (Ivy's `NativeArray`).
#[derive(Debug)]
#[non_exhaustive]
pub enum NativeArray {
    /// An ndarray array (all 15 dtypes).
    Ndarray(NdArray),
    /// A candle tensor or variable.
    Candle(CandleArray),
    /// An ndarray buffer lent to one op call: an `&ArrayD<T>` or `ArrayViewD<T>` argument,
    /// read in place instead of copied. Only an op's body sees one (behind `&Array`, while
    /// the op runs); cloning the Array copies the data into an [`NativeArray::Ndarray`].
    NdarrayLent(NdLent),
}

impl Clone for NativeArray {
    /// Shares the buffer (ndarray's copy-on-write storage, candle's handles); copies a lent
    /// ndarray buffer, which an Array cannot keep (like cloning an `ndarray::ArrayD`, that
    /// copy aborts if memory runs out).
    fn clone(&self) -> NativeArray {
        match self {
            NativeArray::Ndarray(a) => NativeArray::Ndarray(a.clone()),
            NativeArray::Candle(c) => NativeArray::Candle(c.clone()),
            NativeArray::NdarrayLent(l) => crate::native::lent_to_owned(l),
        }
    }
}

impl NativeArray {
    /// The backend holding the data.
    #[inline]
    pub fn backend(&self) -> Backend {
        match self {
            NativeArray::Ndarray(_) | NativeArray::NdarrayLent(_) => Backend::Ndarray,
            NativeArray::Candle(_) => Backend::Candle,
        }
    }
}

/// An ivy array: a backend's native array behind one type. Ops accept `&Array`; the backend
/// is the array's own.
///
/// Operators call the ops and return `Result<Array>`: `&x + &y`, `&x * 2`, `&x - 0.5f32`,
/// `2.0 * &x`, `-&x`. On the right any scalar an op takes (`f32`, `f64`, `i8`–`i64`,
/// `u8`–`u32`, `bool`, [`Scalar`](crate::Scalar)); on the left `i64`, `f64`, `bool` or a
/// `Scalar` (`Scalar::from(1u8) - &x`), so that an unsuffixed literal there stays
/// unambiguous. `==` compares dtype, shape and values exactly (see `PartialEq` below);
/// `Display` prints Ivy's repr.
///
/// ```
/// use ivy::prelude::*;
/// ivy::set_backend(Backend::Candle);
/// let x = ivy::asarray_with([0.0f32, 1.0], AsarrayKw { dtype: None, device: None, copy: None })?;
/// assert_eq!(x.backend(), Backend::Candle);
/// assert_eq!(x.dtype(), Dtype::Float32);
/// assert_eq!(x.shape(), &[2]);
/// let y = x.tan()?;
/// assert!((y.to_f64_vec()?[1] - 1.0f64.tan()).abs() < 1e-6);
/// assert_eq!((2 * &x)?, (&x + &x)?);
/// # Ok::<(), ivy::Error>(())
/// ```
#[derive(Clone)]
pub struct Array {
    pub(crate) native: NativeArray,
}

impl Array {
    /// Wraps native data.
    pub fn from_native(native: NativeArray) -> Array {
        Array { native }
    }
    /// The native data.
    pub fn native(&self) -> &NativeArray {
        &self.native
    }
    /// The native data, by value.
    pub fn into_native(self) -> NativeArray {
        self.native
    }
    /// The array's backend.
    #[inline]
    pub fn backend(&self) -> Backend {
        self.native.backend()
    }
    /// The array's dtype.
    #[inline]
    pub fn dtype(&self) -> Dtype {
        match &self.native {
            NativeArray::Ndarray(a) => crate::native::nd_dtype(a),
            NativeArray::Candle(t) => crate::native::candle_dtype(t),
            NativeArray::NdarrayLent(l) => crate::native::lent_dtype(l),
        }
    }
    /// The array's shape.
    #[inline]
    pub fn shape(&self) -> &[usize] {
        match &self.native {
            NativeArray::Ndarray(a) => crate::native::nd_shape(a),
            NativeArray::Candle(t) => crate::native::candle_shape(t),
            NativeArray::NdarrayLent(l) => crate::native::lent_shape(l),
        }
    }
    /// Number of dimensions.
    pub fn ndim(&self) -> usize {
        self.shape().len()
    }
    /// Number of elements.
    pub fn size(&self) -> usize {
        let shape = self.shape();
        if shape.contains(&0) {
            return 0;
        }
        shape.iter().fold(1usize, |n, &d| n.saturating_mul(d))
    }
    /// The array's device.
    pub fn device(&self) -> Device {
        match &self.native {
            NativeArray::Ndarray(_) | NativeArray::NdarrayLent(_) => Device::Cpu,
            NativeArray::Candle(t) => crate::native::candle_device(t),
        }
    }
    /// The values as f64 (real part of complex values), row-major.
    pub fn to_f64_vec(&self) -> Result<Vec<f64>> {
        match &*self.unlent("to_f64_vec")? {
            NativeArray::Ndarray(a) => Ok(crate::native::nd_to_f64(a)),
            NativeArray::Candle(t) => crate::native::candle_to_f64(t),
            NativeArray::NdarrayLent(_) => Err(Error::BackendUnavailable {
                backend: self.backend(),
            }),
        }
    }
    /// A copy on another backend (same dtype; an error if that backend lacks the dtype).
    pub fn to_backend(&self, b: Backend) -> Result<Array> {
        if b == self.backend() {
            return Ok(self.clone());
        }
        crate::native::convert(self, b)
    }
    /// A copy with another dtype (numpy `astype` rules), on the same backend.
    pub fn cast(&self, dtype: Dtype) -> Result<Array> {
        crate::native::cast(self, dtype)
    }

    /// The elements, row-major, as `T` — which must be the array's own element type (`f32`
    /// for float32, `bool` for bool, `half::f16`, `num_complex::Complex<f64>`, …), on any
    /// backend. Another `T` is a typed error naming both dtypes: cast first.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// for b in [Backend::Ndarray, Backend::Candle] {
    ///     // (ivy's asarray gives Python ints the default int dtype, int32: cast to uint8)
    ///     let x = ivy::with_backend(b, || ivy::asarray([[1, 2], [3, 4]]))?.cast(Dtype::Uint8)?;
    ///     assert_eq!(x.to_vec::<u8>()?, [1, 2, 3, 4]);
    ///     assert!(x.to_vec::<f32>().is_err()); // uint8, not float32
    ///     assert_eq!(x.cast(Dtype::Float32)?.to_vec::<f32>()?, [1.0, 2.0, 3.0, 4.0]);
    /// }
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn to_vec<T: crate::kernel::elem::Elem>(&self) -> Result<Vec<T>> {
        self.expect_dtype::<T>("to_vec")?;
        match &*self.unlent("to_vec")? {
            #[cfg(feature = "ndarray")]
            NativeArray::Ndarray(a) => crate::backends::ndarray::nd_all!(a, x, S => {
                let v: Vec<S> = crate::backends::ndarray::nd_row_major("to_vec", x)?.into_owned();
                downcast(v)
            }),
            #[cfg(feature = "candle")]
            NativeArray::Candle(c) => {
                use crate::backends::candle::{err, host_types, HostElem};
                host_types!("to_vec", c.dtype(), S => {
                    downcast(S::values(c.tensor()).map_err(|e| err("to_vec", e))?)
                })
            }
            #[allow(unreachable_patterns)]
            _ => Err(Error::BackendUnavailable {
                backend: self.backend(),
            }),
        }
    }

    /// The one element of a size-1 array (0-d or not, as numpy's `item`), as `T`, the
    /// array's own element type; an array of another size, or another `T`, is a typed error.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Candle);
    /// let s = ivy::sum(&ivy::asarray([1.5f32, 2.0])?)?;
    /// assert_eq!(s.item::<f32>()?, 3.5);
    /// assert!(ivy::asarray([1.0f32, 2.0])?.item::<f32>().is_err()); // two elements
    /// # ivy::unset_backend();
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn item<T: crate::kernel::elem::Elem>(&self) -> Result<T> {
        self.expect_dtype::<T>("item")?;
        if self.size() != 1 {
            return Err(Error::InvalidArgument {
                op: "item",
                message: format!(
                    "only an array of one element converts to a scalar; this one has shape {:?} ({} elements): index it first",
                    self.shape(),
                    self.size()
                ),
            });
        }
        self.to_vec::<T>()?
            .pop()
            .ok_or_else(|| Error::InvalidArgument {
                op: "item",
                message: "the array is empty".into(),
            })
    }

    /// The array as an `ndarray::ArrayD<T>`, `T` its element type: no copy for an ndarray
    /// array whose buffer is not shared (else one copy); candle arrays are converted. Another
    /// `T` is a typed error: cast first.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let a: ndarray::ArrayD<f64> = ivy::arange(3.0)?.cast(Dtype::Float64)?.to_ndarray()?;
    /// assert_eq!(a.as_slice().unwrap(), &[0.0, 1.0, 2.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[cfg(feature = "ndarray")]
    pub fn to_ndarray<T: crate::backends::ndarray::NdElem>(&self) -> Result<::ndarray::ArrayD<T>> {
        self.expect_dtype::<T>("to_ndarray")?;
        ::ndarray::ArrayD::<T>::try_from(self.clone())
    }

    /// The array as a candle `Tensor`: the tensor itself for a candle array (a `Var`'s
    /// current value; a bool array's u8 storage of 0s and 1s), a converted copy for an
    /// ndarray array (an error for a dtype candle does not hold).
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let t = ivy::asarray([1.0f32, 2.0])?.to_tensor()?;
    /// assert_eq!(t.to_vec1::<f32>().unwrap(), [1.0, 2.0]);
    /// assert!(ivy::asarray([1])?.cast(Dtype::Int8)?.to_tensor().is_err()); // candle has no int8
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[cfg(feature = "candle")]
    pub fn to_tensor(&self) -> Result<candle_core::Tensor> {
        candle_core::Tensor::try_from(self.clone())
    }

    /// Whether `self` and `other` may share memory (numpy's `may_share_memory`): true when
    /// their ndarray buffers overlap or they hold the same candle storage. Clones, views
    /// (basic indexing on ndarray), reshapes and casts without a copy share; every result
    /// of an op that computes is a new buffer.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::arange(6.0)?;
    /// let y = ivy::reshape(&x, &[2, 3])?;        // no copy
    /// assert!(x.may_share_memory(&y));
    /// assert!(!x.may_share_memory(&ivy::abs(&x)?));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn may_share_memory(&self, other: &Array) -> bool {
        if let (Some(a), Some(b)) = (
            crate::native::nd_byte_range(&self.native),
            crate::native::nd_byte_range(&other.native),
        ) {
            return a.start < b.end && b.start < a.end;
        }
        match (&self.native, &other.native) {
            #[cfg(feature = "candle")]
            (NativeArray::Candle(a), NativeArray::Candle(b)) => {
                crate::backends::candle::same_storage(a.tensor(), b.tensor())
            }
            #[allow(unreachable_patterns)]
            _ => false,
        }
    }

    /// The native data, with a buffer lent to the running op in Array storage (copied once,
    /// cached: see [`NativeArray::NdarrayLent`]); never `NdarrayLent`.
    pub(crate) fn unlent(&self, op: &'static str) -> Result<std::borrow::Cow<'_, NativeArray>> {
        match &self.native {
            NativeArray::NdarrayLent(l) => {
                crate::native::lent_shared(l, op).map(std::borrow::Cow::Owned)
            }
            other => Ok(std::borrow::Cow::Borrowed(other)),
        }
    }

    /// The Array, with a lent buffer copied into its own storage.
    pub(crate) fn into_unlent(self, op: &'static str) -> Result<Array> {
        match self.native {
            NativeArray::NdarrayLent(l) => {
                Ok(Array::from_native(crate::native::lent_shared(&l, op)?))
            }
            native => Ok(Array { native }),
        }
    }

    /// `Ok` when `T` is the array's element type, else the typed error of `op`.
    fn expect_dtype<T: crate::kernel::elem::Elem>(&self, op: &'static str) -> Result<()> {
        if T::DTYPE == self.dtype() {
            return Ok(());
        }
        Err(Error::InvalidArgument {
            op,
            message: format!(
                "the array has dtype {}, not {} (the element type asked for): cast it first with `Array::cast`",
                self.dtype(),
                T::DTYPE
            ),
        })
    }
}

/// `v` as `Vec<T>` when `S` is `T` (checked by the caller through the dtypes).
#[allow(dead_code)]
fn downcast<S: 'static, T: 'static>(v: Vec<S>) -> Result<Vec<T>> {
    let b: Box<dyn std::any::Any> = Box::new(v);
    b.downcast::<Vec<T>>()
        .map(|b| *b)
        .map_err(|_| Error::InvalidArgument {
            op: "to_vec",
            message: "element type mismatch".into(),
        })
}

impl fmt::Debug for Array {
    /// Ivy's repr with the backend and device added:
    /// `ivy.array([1., 2.], dtype=float32, backend=ndarray, device=cpu)`.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// let x = ivy::with_backend(Backend::Candle, || ivy::asarray([1.0f32, 2.0]))?;
    /// assert_eq!(format!("{x:?}"), "ivy.array([1., 2.], dtype=float32, backend=candle, device=cpu)");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = repr::repr(self);
        let head = r.strip_suffix(')').unwrap_or(&r);
        write!(
            f,
            "{head}, backend={}, device={})",
            self.backend(),
            self.device()
        )
    }
}

impl PartialEq for Array {
    /// Exact equality, as ndarray's arrays have: the same dtype, the same shape and the same
    /// values, so `NaN != NaN` and `-0.0 == 0.0`. Arrays on different backends (or devices)
    /// holding the same dtype, shape and values are equal; an array that cannot be brought
    /// to the other's backend is unequal to it. Element-wise comparison is the `equal` op.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// let a = ivy::with_backend(Backend::Ndarray, || ivy::asarray([1.0f32, 2.0]))?;
    /// let b = ivy::with_backend(Backend::Candle, || ivy::asarray([1.0f32, 2.0]))?;
    /// assert_eq!(a, b);
    /// assert_ne!(a, a.cast(Dtype::Float64)?); // another dtype
    /// let nan = ivy::with_backend(Backend::Ndarray, || ivy::asarray([f32::NAN]))?;
    /// assert_ne!(nan, nan.clone());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    fn eq(&self, other: &Array) -> bool {
        if self.dtype() != other.dtype() || self.shape() != other.shape() {
            return false;
        }
        let (Ok(x), Ok(y)) = (self.unlent("eq"), other.unlent("eq")) else {
            return false;
        };
        match (&*x, &*y) {
            #[cfg(feature = "ndarray")]
            (NativeArray::Ndarray(a), NativeArray::Ndarray(b)) => a == b,
            #[cfg(feature = "candle")]
            (NativeArray::Candle(a), NativeArray::Candle(b)) => candle_eq(a.tensor(), b.tensor()),
            #[allow(unreachable_patterns)]
            _ => eq_on_ndarray(self, other),
        }
    }
}

/// Candle tensors of the same dtype and shape: the same values (on any devices).
#[cfg(feature = "candle")]
fn candle_eq(a: &candle_core::Tensor, b: &candle_core::Tensor) -> bool {
    use crate::backends::candle::{candle_types, dtype_of};
    fn values<T: candle_core::WithDType>(t: &candle_core::Tensor) -> Option<Vec<T>> {
        t.flatten_all().and_then(|t| t.to_vec1()).ok()
    }
    candle_types!(dtype_of(a.dtype()), T => {
        match (values::<T>(a), values::<T>(b)) {
            (Some(x), Some(y)) => x == y,
            _ => false,
        }
    }, _other => false)
}

/// Arrays of different backends: equal when both convert to ndarray and compare equal there.
fn eq_on_ndarray(a: &Array, b: &Array) -> bool {
    #[cfg(feature = "ndarray")]
    if let (Ok(a), Ok(b)) = (
        a.to_backend(Backend::Ndarray),
        b.to_backend(Backend::Ndarray),
    ) && let (NativeArray::Ndarray(x), NativeArray::Ndarray(y)) = (&a.native, &b.native)
    {
        return x == y;
    }
    let _ = (a, b);
    false
}

impl fmt::Display for Array {
    /// Ivy's repr (numpy's layout under an `ivy.array(` prefix), always naming the dtype:
    /// rows align under the first row's bracket, every element is padded to a common width,
    /// floats print like numpy (`1.` for whole values, at most 8 decimals, scientific
    /// notation when the magnitudes call for it), lines wrap at 75 characters, and arrays of
    /// more than 1000 elements show their first and last 3 items of each long axis around
    /// `...`, and their shape.
    ///
    /// The alternate form (`{:#}`, what a [`Container`](crate::Container) prints its leaves
    /// with) prints the same array the same way, except that an array large enough to be
    /// summarised (more than 1000 elements) prints as its shape and dtype alone. Whether an
    /// array is summarised depends on its element count only, inside a Container or not.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([[0.0f32, 1.5], [-2.0, 3.0]])?;
    /// assert_eq!(
    ///     x.to_string(),
    ///     "ivy.array([[ 0. ,  1.5],\n           [-2. ,  3. ]], dtype=float32)"
    /// );
    /// assert_eq!(ivy::asarray([1i32, -20])?.to_string(), "ivy.array([  1, -20], dtype=int32)");
    /// let big = ivy::zeros(vec![30, 40])?;
    /// assert_eq!(format!("{big:#}"), "ivy.array(shape=[30, 40], dtype=float32)");
    /// let c: Container = ivy::container! { w: big, b: ivy::asarray([1i32])? };
    /// assert_eq!(
    ///     c.to_string(),
    ///     "{\n    b: ivy.array([1], dtype=int32),\n    w: ivy.array(shape=[30, 40], dtype=float32)\n}"
    /// );
    /// # Ok::<(), ivy::Error>(())
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() && repr::summarised(self) {
            return write!(
                f,
                "ivy.array(shape={:?}, dtype={})",
                self.shape(),
                self.dtype()
            );
        }
        f.write_str(&repr::repr(self))
    }
}

/// numpy's `array_repr` / `array2string` (default print options: precision 8, threshold
/// 1000, edge items 3, line width 75, `floatmode="maxprec"`), with the `ivy.array(` prefix.
mod repr {
    use super::{Array, NativeArray};
    use crate::kernel::elem::Elem;
    use ivy_core::{Dtype, DtypeKind, Result};

    const PREFIX: &str = "ivy.array(";
    const LINE_WIDTH: usize = 75;
    const THRESHOLD: usize = 1000;
    const EDGE_ITEMS: usize = 3;
    const PRECISION: usize = 8;
    /// The most axes printed as nested brackets (numpy's limit of dimensions).
    const MAX_NESTED: usize = 64;

    /// One element, widened.
    #[derive(Clone, Copy)]
    enum Cell {
        Bool(bool),
        Int(i128),
        Float(f64),
        Complex(f64, f64),
    }

    fn cell<T: Elem>(e: T) -> Cell {
        match T::DTYPE.kind() {
            DtypeKind::Bool => Cell::Bool(e.to_i128() != 0),
            DtypeKind::Int | DtypeKind::Uint => Cell::Int(e.to_i128()),
            DtypeKind::Float => Cell::Float(e.to_f64()),
            DtypeKind::Complex => {
                let c = e.to_c128();
                Cell::Complex(c.re, c.im)
            }
        }
    }

    /// Whether `x` prints summarised: more than [`THRESHOLD`] elements, its size alone
    /// deciding (the Display of a Container's leaves asks the same question).
    pub(super) fn summarised(x: &Array) -> bool {
        x.size() > THRESHOLD
    }

    pub(super) fn repr(x: &Array) -> String {
        let dtype = x.dtype();
        let shape = x.shape();
        if shape.contains(&0) {
            return if shape.len() == 1 {
                format!("{PREFIX}[], dtype={dtype})")
            } else {
                format!("{PREFIX}[], shape={}, dtype={dtype})", py_tuple(shape))
            };
        }
        if shape.len() > MAX_NESTED {
            // the layout nests a bracket per axis (and recurses per axis): past numpy's limit
            // of dimensions, the shape alone
            return format!("{PREFIX}shape={}, dtype={dtype})", py_tuple(shape));
        }
        let summarise = summarised(x);
        let keep: Vec<bool> = shape
            .iter()
            .map(|&n| summarise && n > 2 * EDGE_ITEMS)
            .collect();
        let cells = match gather(x, &keep) {
            Ok(c) => c,
            Err(e) => return format!("{PREFIX}<values unreadable: {e}>, dtype={dtype})"),
        };
        let shown: Vec<usize> = shape
            .iter()
            .zip(&keep)
            .map(|(&n, &k)| if k { 2 * EDGE_ITEMS } else { n })
            .collect();
        let words = words(&cells, dtype, shape.is_empty());
        let layout = Layout {
            shape: &shown,
            summarised: &keep,
            words: &words,
        };
        let hanging = " ".repeat(PREFIX.len() + 1);
        // the dtype follows a ",", so rows get one character less (numpy's suffix)
        let arr = format!("{PREFIX}{},", layout.item(0, 0, &hanging, LINE_WIDTH - 1));
        // numpy ≥ 2.2 names the shape of a summarised array
        let dtype_str = if summarise {
            format!("shape={}, dtype={dtype})", py_tuple(shape))
        } else {
            format!("dtype={dtype})")
        };
        let last_line = arr.len() - arr.rfind('\n').map_or(0, |i| i + 1);
        if last_line + dtype_str.len() + 1 > LINE_WIDTH {
            format!("{arr}\n{}{dtype_str}", " ".repeat(PREFIX.len()))
        } else {
            format!("{arr} {dtype_str}")
        }
    }

    /// A shape as Python prints a tuple: `(2, 0)`, `(2000,)`.
    fn py_tuple(shape: &[usize]) -> String {
        match shape {
            [n] => format!("({n},)"),
            _ => {
                let dims: Vec<String> = shape.iter().map(usize::to_string).collect();
                format!("({})", dims.join(", "))
            }
        }
    }

    /// The elements shown, row-major: all of them, or for each summarised axis its first
    /// and last [`EDGE_ITEMS`] (only those are copied).
    fn gather(x: &Array, summarised: &[bool]) -> Result<Vec<Cell>> {
        match &*x.unlent("repr")? {
            #[cfg(feature = "ndarray")]
            NativeArray::Ndarray(a) => {
                crate::backends::ndarray::nd_all!(a, v, T => nd_cells(v.view(), summarised))
            }
            #[cfg(feature = "candle")]
            NativeArray::Candle(t) => candle_cells(t, summarised),
            #[allow(unreachable_patterns)]
            _ => Err(ivy_core::Error::BackendUnavailable {
                backend: x.backend(),
            }),
        }
    }

    #[cfg(feature = "ndarray")]
    fn nd_cells<T: Elem>(v: ndarray::ArrayViewD<'_, T>, summarised: &[bool]) -> Result<Vec<Cell>> {
        use ndarray::{Axis, Slice};
        let mut edges: Option<ndarray::ArrayD<T>> = None;
        for (ax, _) in summarised.iter().enumerate().filter(|(_, k)| **k) {
            let cur = edges.as_ref().map_or_else(|| v.view(), |e| e.view());
            let n = cur.len_of(Axis(ax));
            let head = cur.slice_axis(Axis(ax), Slice::from(..EDGE_ITEMS));
            let tail = cur.slice_axis(Axis(ax), Slice::from(n - EDGE_ITEMS..));
            let joined = ndarray::concatenate(Axis(ax), &[head, tail]).map_err(|e| {
                ivy_core::Error::InvalidArgument {
                    op: "repr",
                    message: e.to_string(),
                }
            })?;
            edges = Some(joined);
        }
        let view = edges.as_ref().map_or_else(|| v.view(), |e| e.view());
        Ok(view.iter().map(|e| cell(*e)).collect())
    }

    #[cfg(feature = "candle")]
    fn candle_cells(c: &crate::backends::CandleArray, summarised: &[bool]) -> Result<Vec<Cell>> {
        use crate::backends::candle::{err, host_types, HostElem};
        let mut t = c.tensor().clone();
        for (ax, _) in summarised.iter().enumerate().filter(|(_, k)| **k) {
            let n = t.dim(ax).map_err(|e| err("repr", e))?;
            let head = t.narrow(ax, 0, EDGE_ITEMS).map_err(|e| err("repr", e))?;
            let tail = t
                .narrow(ax, n - EDGE_ITEMS, EDGE_ITEMS)
                .map_err(|e| err("repr", e))?;
            t = candle_core::Tensor::cat(&[head, tail], ax).map_err(|e| err("repr", e))?;
        }
        host_types!("repr", c.dtype(), T => {
            let v = T::values(&t).map_err(|e| err("repr", e))?;
            Ok(v.into_iter().map(cell).collect())
        })
    }

    /// Each element as text, all padded to one width (numpy's per-dtype format functions).
    fn words(cells: &[Cell], dtype: Dtype, zero_d: bool) -> Vec<String> {
        let prec = Prec::of(dtype);
        match dtype.kind() {
            DtypeKind::Bool => cells
                .iter()
                .map(|c| match c {
                    Cell::Bool(true) if zero_d => "True".to_string(),
                    Cell::Bool(true) => " True".to_string(),
                    _ => "False".to_string(),
                })
                .collect(),
            DtypeKind::Int | DtypeKind::Uint => {
                let s: Vec<String> = cells
                    .iter()
                    .map(|c| match c {
                        Cell::Int(i) => i.to_string(),
                        _ => String::new(),
                    })
                    .collect();
                let w = s.iter().map(String::len).max().unwrap_or(0);
                s.into_iter().map(|s| format!("{s:>w$}")).collect()
            }
            DtypeKind::Float => {
                let v: Vec<f64> = cells
                    .iter()
                    .map(|c| match c {
                        Cell::Float(f) => *f,
                        _ => 0.0,
                    })
                    .collect();
                let ff = FloatFormat::new(&v, prec, false);
                v.iter().map(|&x| ff.format(x)).collect()
            }
            DtypeKind::Complex => {
                let (re, im): (Vec<f64>, Vec<f64>) = cells
                    .iter()
                    .map(|c| match c {
                        Cell::Complex(r, i) => (*r, *i),
                        _ => (0.0, 0.0),
                    })
                    .unzip();
                let (rf, imf) = (
                    FloatFormat::new(&re, prec, false),
                    FloatFormat::new(&im, prec, true),
                );
                re.iter()
                    .zip(&im)
                    .map(|(&r, &i)| {
                        let i = imf.format(i);
                        let end = i.trim_end().len();
                        format!("{}{}j{}", rf.format(r), &i[..end], &i[end..])
                    })
                    .collect()
            }
        }
    }

    /// The float type whose shortest round-trip digits are printed.
    #[derive(Clone, Copy)]
    enum Prec {
        F16,
        Bf16,
        F32,
        F64,
    }

    impl Prec {
        fn of(d: Dtype) -> Prec {
            match d {
                Dtype::Float16 => Prec::F16,
                Dtype::Bfloat16 => Prec::Bf16,
                Dtype::Float32 | Dtype::Complex64 => Prec::F32,
                _ => Prec::F64,
            }
        }

        /// `x` rounded to this type.
        fn round(self, x: f64) -> f64 {
            match self {
                Prec::F16 => half::f16::from_f64(x).to_f64(),
                Prec::Bf16 => half::bf16::from_f64(x).to_f64(),
                Prec::F32 => x as f32 as f64,
                Prec::F64 => x,
            }
        }

        /// From this magnitude up, numpy prints scientific: `10^min(8, finfo.precision)`.
        fn exp_cutoff(self) -> f64 {
            match self {
                Prec::F16 => 1e3,
                Prec::Bf16 => 1e2,
                Prec::F32 => 1e6,
                Prec::F64 => 1e8,
            }
        }

        /// The shortest decimal digits that read back as `v` (finite, ≥ 0) in this type, and
        /// the decimal exponent of the first: `v = d.ddd × 10^e`.
        fn shortest(self, v: f64) -> (String, i32) {
            let s = match self {
                Prec::F64 => format!("{v:e}"),
                Prec::F32 => format!("{:e}", v as f32),
                Prec::F16 | Prec::Bf16 => (0..17)
                    .map(|d| format!("{v:.d$e}"))
                    .find(|s| s.parse::<f64>().is_ok_and(|x| self.round(x) == v))
                    .unwrap_or_else(|| format!("{v:e}")),
            };
            split_exp(&s)
        }
    }

    /// `"1.25e-3"` → `("125", -3)`.
    fn split_exp(s: &str) -> (String, i32) {
        let (m, e) = s.split_once('e').unwrap_or((s, "0"));
        (m.replace('.', ""), e.parse().unwrap_or(0))
    }

    /// Positional digits of `v` (finite, ≥ 0): integer part and fraction, the shortest
    /// round-trip digits with at most [`PRECISION`] decimals (rounded beyond), trailing
    /// zeros trimmed.
    fn positional(v: f64, prec: Prec) -> (String, String) {
        let (digits, e) = prec.shortest(v);
        let (int, frac) = if e >= 0 {
            let e = e as usize;
            if digits.len() > e + 1 {
                (digits[..=e].to_string(), digits[e + 1..].to_string())
            } else {
                (
                    digits.clone() + &"0".repeat(e + 1 - digits.len()),
                    String::new(),
                )
            }
        } else {
            let zeros = "0".repeat(e.unsigned_abs() as usize - 1);
            ("0".to_string(), zeros + &digits)
        };
        if frac.len() <= PRECISION {
            return (int, frac);
        }
        let s = format!("{v:.PRECISION$}");
        let (int, frac) = s.split_once('.').unwrap_or((&s, ""));
        (int.to_string(), frac.trim_end_matches('0').to_string())
    }

    /// Scientific digits of `v` (finite, ≥ 0): leading digit, fraction, exponent; at most
    /// [`PRECISION`] decimals.
    fn scientific(v: f64, prec: Prec) -> (String, String, i32) {
        let (mut digits, mut e) = prec.shortest(v);
        if digits.len() > PRECISION + 1 {
            (digits, e) = split_exp(&format!("{v:.PRECISION$e}"));
            let kept = digits.trim_end_matches('0').len().max(1);
            digits.truncate(kept);
        }
        let frac = digits.split_off(1);
        (digits, frac, e)
    }

    /// numpy's `FloatingFormat` (`floatmode="maxprec"`, `sign="-"`, or `"+"` for the
    /// imaginary parts of complex numbers).
    struct FloatFormat {
        prec: Prec,
        plus: bool,
        exp: bool,
        pad_left: usize,
        pad_right: usize,
        precision: usize,
        exp_size: usize,
    }

    impl FloatFormat {
        fn new(values: &[f64], prec: Prec, plus: bool) -> FloatFormat {
            let finite: Vec<f64> = values.iter().copied().filter(|v| v.is_finite()).collect();
            let (mut max, mut min) = (0.0f64, f64::INFINITY);
            for a in finite.iter().map(|v| v.abs()).filter(|a| *a != 0.0) {
                max = max.max(a);
                min = min.min(a);
            }
            // numpy compares in the array's own type
            let exp = max > 0.0
                && (max >= prec.exp_cutoff()
                    || min < prec.round(1e-4)
                    || prec.round(max / min) > 1e3);
            let mut f = FloatFormat {
                prec,
                plus,
                exp,
                pad_left: 0,
                pad_right: 0,
                precision: PRECISION,
                exp_size: 0,
            };
            let sign = |v: f64| usize::from(plus || v.is_sign_negative());
            if finite.is_empty() {
            } else if exp {
                for &v in &finite {
                    let (int, frac, e) = scientific(v.abs(), prec);
                    f.pad_left = f.pad_left.max(sign(v) + int.len());
                    f.exp_size = f.exp_size.max(e.unsigned_abs().to_string().len().max(2));
                    f.pad_right = f.pad_right.max(frac.len());
                }
                f.precision = f.pad_right;
                f.pad_right = f.exp_size + 2 + f.precision;
            } else {
                for &v in &finite {
                    let (int, frac) = positional(v.abs(), prec);
                    f.pad_left = f.pad_left.max(sign(v) + int.len());
                    f.pad_right = f.pad_right.max(frac.len());
                }
            }
            if finite.len() != values.len() {
                let neginf = plus || values.contains(&f64::NEG_INFINITY);
                let offset = f.pad_right + 1;
                f.pad_left = f
                    .pad_left
                    .max(3usize.saturating_sub(offset))
                    .max((3 + usize::from(neginf)).saturating_sub(offset));
            }
            f
        }

        fn format(&self, v: f64) -> String {
            if !v.is_finite() {
                let text = match (v.is_nan(), v < 0.0, self.plus) {
                    (true, _, false) => "nan",
                    (true, _, true) => "+nan",
                    (false, true, _) => "-inf",
                    (false, false, false) => "inf",
                    (false, false, true) => "+inf",
                };
                let w = self.pad_left + self.pad_right + 1;
                return format!("{text:>w$}");
            }
            let sign = if v.is_sign_negative() {
                "-"
            } else if self.plus {
                "+"
            } else {
                ""
            };
            let pl = self.pad_left;
            if self.exp {
                // every value gets the widest value's number of digits (its own digits,
                // not zeros: numpy's `min_digits`)
                let (mut digits, e) = split_exp(&format!("{:.*e}", self.precision, v.abs()));
                let frac = digits.split_off(1);
                let int = format!("{sign}{digits}");
                let es = if e < 0 { '-' } else { '+' };
                let ew = self.exp_size;
                format!("{int:>pl$}.{frac}e{es}{:0ew$}", e.unsigned_abs())
            } else {
                let (int, frac) = positional(v.abs(), self.prec);
                let int = format!("{sign}{int}");
                let pr = self.pad_right;
                format!("{int:>pl$}.{frac:<pr$}")
            }
        }
    }

    /// numpy's `_formatArray`: nested brackets, rows under the first row's bracket, long
    /// rows wrapped, `...` for the middle of summarised axes.
    struct Layout<'a> {
        shape: &'a [usize],
        summarised: &'a [bool],
        words: &'a [String],
    }

    impl Layout<'_> {
        /// The item at `axis` starting at flat index `offset`; `hanging` is the indent of
        /// its continuation lines, `width` the line width left to it.
        fn item(&self, axis: usize, offset: usize, hanging: &str, width: usize) -> String {
            let Some(&len) = self.shape.get(axis) else {
                return self.words.get(offset).cloned().unwrap_or_default();
            };
            let axes_left = self.shape.len() - axis;
            let next_hanging = format!("{hanging} ");
            let stride: usize = self.shape[axis + 1..].iter().product();
            let sub = |i: usize| {
                self.item(
                    axis + 1,
                    offset + i * stride,
                    &next_hanging,
                    width.saturating_sub(1),
                )
            };
            let summary = self.summarised[axis];
            let (lead, trail_start) = if summary {
                (EDGE_ITEMS, len - EDGE_ITEMS)
            } else {
                (0, 0)
            };
            let mut s = String::new();
            if axes_left == 1 {
                let elem_width = width.saturating_sub(1);
                let mut line = hanging.to_string();
                let words = (0..lead)
                    .map(|i| Some(sub(i)))
                    .chain(summary.then_some(None))
                    .chain((trail_start..len).map(|i| Some(sub(i))));
                for (n, word) in words.enumerate() {
                    if n > 0 {
                        line.push_str(", ");
                    }
                    let word = word.unwrap_or_else(|| "...".to_string());
                    if line.len() + word.len() > elem_width && line.len() > hanging.len() {
                        s.push_str(line.trim_end());
                        s.push('\n');
                        line = hanging.to_string();
                    }
                    line.push_str(&word);
                }
                s.push_str(&line);
            } else {
                let sep = format!(",{}", "\n".repeat(axes_left - 1));
                let rows = (0..lead)
                    .map(|i| Some(sub(i)))
                    .chain(summary.then_some(None))
                    .chain((trail_start..len).map(|i| Some(sub(i))));
                for (n, row) in rows.enumerate() {
                    if n > 0 {
                        s.push_str(&sep);
                    }
                    s.push_str(hanging);
                    s.push_str(&row.unwrap_or_else(|| "...".to_string()));
                }
            }
            format!("[{}]", &s[hanging.len()..])
        }
    }
}

/// An error for an operation given arrays of a dtype the backend cannot hold.
pub(crate) fn not_in_backend(op: Option<&'static str>, dtype: Dtype, backend: Backend) -> Error {
    Error::DtypeNotInBackend {
        op,
        dtype,
        backend,
        valid: crate::native::valid_dtypes(backend),
    }
}
