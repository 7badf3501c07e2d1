//! The ndarray backend: every dtype, CPU, mutable buffers.
//!
//! Kernels are written once over `T: Elem`; the `nd_*!` macros hold the only dtype `match`,
//! and [`Elem`] routes each element type to its class's kernel.

mod creation;
mod data_type;
mod device;
mod elementwise;
mod fft;
mod general;
mod indexing;
mod kernels;
mod layers;
mod lent;
mod linalg;
mod manipulation;
mod sorting;
mod statistical;
mod storage;

pub use crate::kernel::elem::Elem;
pub(crate) use indexing::{assign_basic, basic_view, scatter};
pub(crate) use kernels::*;
pub use lent::NdLent;
pub(crate) use lent::{lend, view_of};
pub use storage::NdData;
pub(crate) use storage::{new_with, shaped_data, SMALL_BYTES};

use ::ndarray::{ArcArray, ArrayD, ArrayViewD, IxDyn};

use ivy_core::{Backend, Dtype, DtypeSet, Version};

/// The ndarray backend (zero-sized).
#[derive(Clone, Copy, Debug, Default)]
pub struct NdarrayBackend;

impl crate::BackendInfo for NdarrayBackend {
    const BACKEND: Backend = Backend::Ndarray;
    const VERSION: Version = Version(crate::versions::NDARRAY_VERSION.1);
    const VERSION_STR: &'static str = crate::versions::NDARRAY_VERSION.0;
    const INVALID: DtypeSet = DtypeSet::EMPTY;
    const DEVICES: ivy_core::DeviceSet = ivy_core::DeviceSet::CPU;
}

/// The one list of the backend's dtypes: `(variant element-type)` pairs, integers and bool
/// first, then floats and complex. Every dtype `match` below is generated from it.
macro_rules! nd_dtypes {
    ($m:ident! $args:tt) => {
        $crate::backends::ndarray::$m! { $args
            [Int8 i8] [Int16 i16] [Int32 i32] [Int64 i64]
            [Uint8 u8] [Uint16 u16] [Uint32 u32] [Uint64 u64] [Bool bool];
            [Bfloat16 ::half::bf16] [Float16 ::half::f16] [Float32 f32] [Float64 f64]
            [Complex64 ::num_complex::Complex<f32>] [Complex128 ::num_complex::Complex<f64>]
        }
    };
}

macro_rules! nd_array {
    (() $([$iv:ident $it:ty])* ; $([$fv:ident $ft:ty])*) => {
        nd_array!($($iv($it)),*, $($fv($ft)),*);
    };
    ($($v:ident($t:ty)),*) => {
        /// An ndarray array of any of the 15 dtypes.
        #[derive(Clone, Debug, PartialEq)]
        #[allow(missing_docs)]
        pub enum NdArray { $($v(NdData<$t>)),* }

        impl NdArray {
            /// The dtype.
            pub fn dtype(&self) -> Dtype {
                match self { $(NdArray::$v(_) => <$t as Elem>::DTYPE),* }
            }
            /// The shape.
            pub fn shape(&self) -> &[usize] {
                match self { $(NdArray::$v(a) => a.shape()),* }
            }
            /// Whether the buffer is this array's alone (no clone or view of it alive): a
            /// write to a shared buffer first copies all of it (copy-on-write).
            pub fn is_unique(&self) -> bool {
                match self { $(NdArray::$v(a) => a.is_unique()),* }
            }
        }
        $(
            impl From<ArrayD<$t>> for NdArray {
                fn from(a: ArrayD<$t>) -> NdArray { NdArray::$v(NdData::from(a)) }
            }
            impl From<ArcArray<$t, IxDyn>> for NdArray {
                fn from(a: ArcArray<$t, IxDyn>) -> NdArray { NdArray::$v(NdData::from(a)) }
            }
            impl From<NdData<$t>> for NdArray {
                fn from(a: NdData<$t>) -> NdArray { NdArray::$v(a) }
            }
            impl NdElem for $t {
                fn wrap(a: ArrayD<Self>) -> NdArray { NdArray::$v(NdData::from(a)) }
                fn wrap_shared(a: NdData<Self>) -> NdArray { NdArray::$v(a) }
                fn unwrap_ref(a: &NdArray) -> Option<&NdData<Self>> {
                    match a { NdArray::$v(x) => Some(x), #[allow(unreachable_patterns)] _ => None }
                }
                fn unwrap_mut(a: &mut NdArray) -> Option<&mut NdData<Self>> {
                    match a { NdArray::$v(x) => Some(x), #[allow(unreachable_patterns)] _ => None }
                }
                fn unwrap(a: NdArray) -> Result<NdData<Self>, NdArray> {
                    match a { NdArray::$v(x) => Ok(x), #[allow(unreachable_patterns)] other => Err(other) }
                }
                fn wrap_view(a: ArrayViewD<'_, Self>) -> NdView<'_> { NdView::$v(a) }
                fn view_ref<'s, 'v>(a: &'s NdView<'v>) -> Option<&'s ArrayViewD<'v, Self>> {
                    match a { NdView::$v(x) => Some(x), #[allow(unreachable_patterns)] _ => None }
                }
            }
        )*

        /// A view of ndarray data of any dtype: what the kernels read (an Array's storage,
        /// or an array lent to the op, alike).
        #[derive(Clone, Debug)]
        #[doc(hidden)]
        #[allow(missing_docs)]
        pub enum NdView<'a> { $($v(ArrayViewD<'a, $t>)),* }

        impl NdView<'_> {
            /// The dtype.
            pub(crate) fn dtype(&self) -> Dtype {
                match self { $(NdView::$v(_) => <$t as Elem>::DTYPE),* }
            }
            /// The shape.
            pub(crate) fn shape(&self) -> &[usize] {
                match self { $(NdView::$v(a) => a.shape()),* }
            }
            /// The same view, for `&self`'s lifetime (views are invariant in theirs).
            pub(crate) fn reborrow(&self) -> NdView<'_> {
                match self { $(NdView::$v(a) => NdView::$v(a.view())),* }
            }
        }
    };
}

/// Links an element type to its `NdArray` variant.
pub trait NdElem: Elem {
    /// Wraps a typed array (no copy: the buffer becomes shared storage).
    fn wrap(a: ArrayD<Self>) -> NdArray;
    /// Wraps shared storage (no copy).
    fn wrap_shared(a: NdData<Self>) -> NdArray;
    /// The typed array, if the variant matches.
    fn unwrap_ref(a: &NdArray) -> Option<&NdData<Self>>;
    /// The typed array, mutably (a write copies a shared buffer first), if the variant matches.
    fn unwrap_mut(a: &mut NdArray) -> Option<&mut NdData<Self>>;
    /// The typed array by value, if the variant matches.
    fn unwrap(a: NdArray) -> Result<NdData<Self>, NdArray>;
    /// Wraps a typed view.
    #[doc(hidden)]
    fn wrap_view(a: ArrayViewD<'_, Self>) -> NdView<'_>;
    /// The typed view, if the variant matches.
    #[doc(hidden)]
    fn view_ref<'s, 'v>(a: &'s NdView<'v>) -> Option<&'s ArrayViewD<'v, Self>>;
}

nd_dtypes!(nd_array!());

macro_rules! __nd_all {
    (($E:ident, $arr:expr, $a:ident, $T:ident, $body:expr) $([$v:ident $t:ty])* ; $([$fv:ident $ft:ty])*) => {{
        use $crate::backends::ndarray::$E as __N;
        match $arr {
            $(__N::$v($a) => {
                #[allow(dead_code)]
                type $T = $t;
                $body
            })*
            $(__N::$fv($a) => {
                #[allow(dead_code)]
                type $T = $ft;
                $body
            })*
        }
    }};
}

macro_rules! __nd_type {
    (($dtype:expr, $T:ident, $body:expr) $([$v:ident $t:ty])* ; $([$fv:ident $ft:ty])*) => {{
        use ::ivy_core::Dtype as __D;
        match $dtype {
            $(__D::$v => {
                #[allow(dead_code)]
                type $T = $t;
                $body
            })*
            $(__D::$fv => {
                #[allow(dead_code)]
                type $T = $ft;
                $body
            })*
            #[allow(unreachable_patterns)]
            _ => unreachable!("Dtype has 15 variants"),
        }
    }};
}

/// Runs `$body` with `$a` bound to the typed array and `$T` to its element type, for every
/// dtype.
macro_rules! nd_all {
    ($arr:expr, $a:ident, $T:ident => $body:expr) => {
        $crate::backends::ndarray::nd_dtypes!(__nd_all!(NdArray, $arr, $a, $T, $body))
    };
}

/// [`nd_all!`] over an [`NdView`]: `$a` is the typed view (`&ArrayViewD<T>`).
macro_rules! nd_view_all {
    ($arr:expr, $a:ident, $T:ident => $body:expr) => {
        $crate::backends::ndarray::nd_dtypes!(__nd_all!(NdView, $arr, $a, $T, $body))
    };
}

/// Runs `$body` with `$xs` bound to the elements of the Array `$x` in row-major order (a
/// `Cow<[T]>`: its own buffer where it is in standard layout, read in place; no view built)
/// and `$T` to its element type, for every dtype.
macro_rules! nd_rows {
    ($op:expr, $x:expr, $xs:ident, $T:ident => $body:expr) => {
        $crate::backends::ndarray::nd_type!($x.dtype(), $T => {
            let $xs = $crate::backends::ndarray::typed::<$T>($op, $x)?.row_major($op)?;
            $body
        })
    };
}

/// Runs `$body` with `$T` bound to the element type of `$dtype`.
macro_rules! nd_type {
    ($dtype:expr, $T:ident => $body:expr) => {
        $crate::backends::ndarray::nd_dtypes!(__nd_type!($dtype, $T, $body))
    };
}

pub(crate) use {__nd_all, __nd_type, nd_all, nd_array, nd_dtypes, nd_rows, nd_type, nd_view_all};

impl<T: NdElem> From<ArrayD<T>> for crate::Array {
    /// Wraps an ndarray array (no copy).
    fn from(a: ArrayD<T>) -> crate::Array {
        crate::Array::from_nd(T::wrap(a))
    }
}

impl<'a, T: NdElem> crate::IntoArray<'a> for ArrayD<T> {
    /// Moves the buffer into shared storage (no copy).
    #[inline]
    fn into_array(self, _op: &'static str) -> ivy_core::Result<crate::ArrayArg<'a>> {
        Ok(crate::ArrayArg::owned(crate::Array::from(self)))
    }
}
impl<'a, T: NdElem> crate::IntoArray<'a> for &ArcArray<T, IxDyn> {
    /// Shares the buffer (no copy).
    #[inline]
    fn into_array(self, _op: &'static str) -> ivy_core::Result<crate::ArrayArg<'a>> {
        Ok(crate::ArrayArg::owned(crate::Array::from_nd(
            T::wrap_shared(NdData::from(self.clone())),
        )))
    }
}
impl<'a, T: NdElem> crate::IntoArray<'a> for &'a ArrayD<T> {
    /// Lent to the op (no copy): see [`IntoArray`](crate::IntoArray).
    #[inline]
    fn into_array(self, _op: &'static str) -> ivy_core::Result<crate::ArrayArg<'a>> {
        Ok(lend(self.view()))
    }
}
impl<'a, T: NdElem> crate::IntoArray<'a> for &'a ArrayViewD<'_, T> {
    /// Lent to the op (no copy): see [`IntoArray`](crate::IntoArray).
    #[inline]
    fn into_array(self, _op: &'static str) -> ivy_core::Result<crate::ArrayArg<'a>> {
        Ok(lend(self.view()))
    }
}
impl<'a, T: NdElem> crate::IntoArray<'a> for ArrayViewD<'a, T> {
    /// Lent to the op (no copy): see [`IntoArray`](crate::IntoArray).
    #[inline]
    fn into_array(self, _op: &'static str) -> ivy_core::Result<crate::ArrayArg<'a>> {
        Ok(lend(self))
    }
}
crate::args::native_operand!(
    [T: NdElem] ArrayD<T>,
    [T: NdElem] &ArcArray<T, IxDyn>,
    [T: NdElem] &'a ArrayD<T>,
    [T: NdElem] &'a ArrayViewD<'_, T>,
    [T: NdElem] ArrayViewD<'a, T>,
);
crate::args::native_data!(
    [T: NdElem] ArrayD<T> => copied: false,
    [T: NdElem] &ArcArray<T, IxDyn> => copied: false,
    [T: NdElem] &ArrayD<T> => copied: true,
    [T: NdElem] &ArrayViewD<'_, T> => copied: true,
    [T: NdElem] ArrayViewD<'_, T> => copied: true,
);

crate::args::seq_item_native!(
    [T: NdElem] ArrayD<T> => |x| x,
    [T: NdElem] &ArrayD<T> => |x| *x,
    [T: NdElem] ArcArray<T, IxDyn> => |x| x,
    [T: NdElem] &ArcArray<T, IxDyn> => |x| *x,
    [T: NdElem] ArrayViewD<'_, T> => |x| x,
    [T: NdElem] &ArrayViewD<'_, T> => |x| *x,
);

/// The addresses the elements of `a` span (empty for an empty array).
pub(crate) fn byte_range(a: &NdView<'_>) -> std::ops::Range<usize> {
    fn span<T>(x: &ArrayViewD<'_, T>) -> std::ops::Range<usize> {
        if x.is_empty() {
            return 0..0;
        }
        let base = x.as_ptr() as usize;
        let size = std::mem::size_of::<T>() as isize;
        let (mut lo, mut hi) = (0isize, 0isize);
        for (&d, &s) in x.shape().iter().zip(x.strides()) {
            let reach = (d as isize - 1) * s * size;
            if reach < 0 {
                lo += reach;
            } else {
                hi += reach;
            }
        }
        (base as isize + lo) as usize..(base as isize + hi + size.max(1)) as usize
    }
    nd_view_all!(a, x, T => span(x))
}

impl<T: NdElem> crate::IntoArrayMut for &mut ArrayD<T> {
    /// The buffer moves into an Array (no copy) for the op, and back after it, cast back to
    /// `T` if the op changed the dtype; on an error it is put back unchanged.
    fn with_array<R>(
        self,
        op: &'static str,
        f: impl FnOnce(&mut crate::Array) -> ivy_core::Result<R>,
    ) -> ivy_core::Result<R> {
        let empty = ::ndarray::Array1::<T>::from_vec(Vec::new()).into_dyn();
        let mut a = crate::Array::from(std::mem::replace(self, empty));
        let r = f(&mut a);
        let a = match (&r, a.dtype() == T::DTYPE) {
            (Ok(_), false) => a.cast(T::DTYPE).map_err(|e| e.with_op(op))?,
            _ => a,
        };
        // the op kept the buffer (or failed before writing it): take it back
        match a.native {
            crate::NativeArray::Ndarray(n) => match T::unwrap(n) {
                Ok(d) => *self = d.into_owned(),
                Err(_) => unreachable_dtype(op)?,
            },
            #[allow(unreachable_patterns)]
            _ => unreachable_dtype(op)?,
        }
        r
    }
}

/// The error of a native update whose Array changed kind (never expected).
fn unreachable_dtype(op: &'static str) -> ivy_core::Result<()> {
    Err(ivy_core::Error::InvalidArgument {
        op,
        message: "the native array's data could not be written back".into(),
    })
}

impl<T: NdElem> From<ArcArray<T, IxDyn>> for crate::Array {
    /// Wraps shared ndarray storage (no copy).
    fn from(a: ArcArray<T, IxDyn>) -> crate::Array {
        crate::Array::from_nd(T::wrap_shared(NdData::from(a)))
    }
}

impl<T: NdElem> TryFrom<crate::Array> for ArrayD<T> {
    type Error = ivy_core::Error;
    /// The ndarray array of element type `T` (no copy for ndarray arrays of that dtype;
    /// candle arrays are converted). A dtype other than `T`'s is an error: cast first.
    fn try_from(a: crate::Array) -> ivy_core::Result<ArrayD<T>> {
        let a = match a.backend() {
            Backend::Ndarray => a, // moved: an unshared buffer is taken as is
            _ => a.to_backend(Backend::Ndarray)?,
        };
        let d = a.dtype();
        match a.native {
            crate::NativeArray::Ndarray(n) => {
                T::unwrap(n)
                    .map(NdData::into_owned)
                    .map_err(|_| ivy_core::Error::InvalidArgument {
                        op: "into_ndarray",
                        message: format!(
                            "the array has dtype {d}, not {}; cast it first with `Array::cast`",
                            T::DTYPE
                        ),
                    })
            }
            #[allow(unreachable_patterns)]
            _ => Err(ivy_core::Error::BackendUnavailable {
                backend: Backend::Ndarray,
            }),
        }
    }
}
