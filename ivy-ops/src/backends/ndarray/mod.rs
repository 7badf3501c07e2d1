//! The ndarray backend: every dtype, CPU, mutable buffers.
//!
//! Kernels are written once over `T: Elem` / `T: FloatElem`; the `nd_*!` macros hold the
//! only dtype `match` of each family.

mod creation;
mod data_type;
mod elementwise;
mod general;
mod kernels;
mod statistical;

pub use crate::elem::{Elem, FloatElem};
pub(crate) use kernels::*;

use ::ndarray::ArrayD;
use half::{bf16, f16};
use ivy_core::{Backend, Dtype, DtypeSet, Version};
use num_complex::Complex;

/// The ndarray backend (zero-sized).
#[derive(Clone, Copy, Debug, Default)]
pub struct NdarrayBackend;

impl crate::BackendInfo for NdarrayBackend {
    const BACKEND: Backend = Backend::Ndarray;
    const VERSION: Version = Version(crate::versions::NDARRAY_VERSION.1);
    const VERSION_STR: &'static str = crate::versions::NDARRAY_VERSION.0;
    const INVALID: DtypeSet = DtypeSet::EMPTY;
}

macro_rules! nd_array {
    ($($v:ident($t:ty)),*) => {
        /// An ndarray array of any of the 15 dtypes.
        #[derive(Clone, Debug, PartialEq)]
        #[allow(missing_docs)]
        pub enum NdArray { $($v(ArrayD<$t>)),* }

        impl NdArray {
            /// The dtype.
            pub fn dtype(&self) -> Dtype {
                match self { $(NdArray::$v(_) => <$t as Elem>::DTYPE),* }
            }
            /// The shape.
            pub fn shape(&self) -> &[usize] {
                match self { $(NdArray::$v(a) => a.shape()),* }
            }
        }
        $(
            impl From<ArrayD<$t>> for NdArray {
                fn from(a: ArrayD<$t>) -> NdArray { NdArray::$v(a) }
            }
            impl NdElem for $t {
                fn wrap(a: ArrayD<Self>) -> NdArray { NdArray::$v(a) }
                fn unwrap_ref(a: &NdArray) -> Option<&ArrayD<Self>> {
                    match a { NdArray::$v(x) => Some(x), #[allow(unreachable_patterns)] _ => None }
                }
                fn unwrap_mut(a: &mut NdArray) -> Option<&mut ArrayD<Self>> {
                    match a { NdArray::$v(x) => Some(x), #[allow(unreachable_patterns)] _ => None }
                }
                fn unwrap(a: NdArray) -> Result<ArrayD<Self>, NdArray> {
                    match a { NdArray::$v(x) => Ok(x), #[allow(unreachable_patterns)] other => Err(other) }
                }
            }
        )*
    };
}

/// Links an element type to its `NdArray` variant.
pub trait NdElem: Elem {
    /// Wraps a typed array.
    fn wrap(a: ArrayD<Self>) -> NdArray;
    /// The typed array, if the variant matches.
    fn unwrap_ref(a: &NdArray) -> Option<&ArrayD<Self>>;
    /// The typed array, mutably, if the variant matches.
    fn unwrap_mut(a: &mut NdArray) -> Option<&mut ArrayD<Self>>;
    /// The typed array by value, if the variant matches.
    fn unwrap(a: NdArray) -> Result<ArrayD<Self>, NdArray>;
}

nd_array!(
    Int8(i8),
    Int16(i16),
    Int32(i32),
    Int64(i64),
    Uint8(u8),
    Uint16(u16),
    Uint32(u32),
    Uint64(u64),
    Bfloat16(bf16),
    Float16(f16),
    Float32(f32),
    Float64(f64),
    Complex64(Complex<f32>),
    Complex128(Complex<f64>),
    Bool(bool)
);

/// Runs `$body` with `$a` bound to the typed array and `$T` to its element type, for every
/// dtype.
macro_rules! nd_all {
    ($arr:expr, $a:ident, $T:ident => $body:expr) => {{
        use $crate::backends::ndarray::NdArray as __N;
        match $arr {
            __N::Int8($a) => {
                #[allow(dead_code)]
                type $T = i8;
                $body
            }
            __N::Int16($a) => {
                #[allow(dead_code)]
                type $T = i16;
                $body
            }
            __N::Int32($a) => {
                #[allow(dead_code)]
                type $T = i32;
                $body
            }
            __N::Int64($a) => {
                #[allow(dead_code)]
                type $T = i64;
                $body
            }
            __N::Uint8($a) => {
                #[allow(dead_code)]
                type $T = u8;
                $body
            }
            __N::Uint16($a) => {
                #[allow(dead_code)]
                type $T = u16;
                $body
            }
            __N::Uint32($a) => {
                #[allow(dead_code)]
                type $T = u32;
                $body
            }
            __N::Uint64($a) => {
                #[allow(dead_code)]
                type $T = u64;
                $body
            }
            __N::Bfloat16($a) => {
                #[allow(dead_code)]
                type $T = ::half::bf16;
                $body
            }
            __N::Float16($a) => {
                #[allow(dead_code)]
                type $T = ::half::f16;
                $body
            }
            __N::Float32($a) => {
                #[allow(dead_code)]
                type $T = f32;
                $body
            }
            __N::Float64($a) => {
                #[allow(dead_code)]
                type $T = f64;
                $body
            }
            __N::Complex64($a) => {
                #[allow(dead_code)]
                type $T = ::num_complex::Complex<f32>;
                $body
            }
            __N::Complex128($a) => {
                #[allow(dead_code)]
                type $T = ::num_complex::Complex<f64>;
                $body
            }
            __N::Bool($a) => {
                #[allow(dead_code)]
                type $T = bool;
                $body
            }
        }
    }};
}

/// Like `nd_all!` for the float and complex dtypes; `$other` for the rest.
macro_rules! nd_float {
    ($arr:expr, $a:ident, $T:ident => $body:expr, $other:ident => $else:expr) => {{
        use $crate::backends::ndarray::NdArray as __N;
        match $arr {
            __N::Bfloat16($a) => {
                #[allow(dead_code)]
                type $T = ::half::bf16;
                $body
            }
            __N::Float16($a) => {
                #[allow(dead_code)]
                type $T = ::half::f16;
                $body
            }
            __N::Float32($a) => {
                #[allow(dead_code)]
                type $T = f32;
                $body
            }
            __N::Float64($a) => {
                #[allow(dead_code)]
                type $T = f64;
                $body
            }
            __N::Complex64($a) => {
                #[allow(dead_code)]
                type $T = ::num_complex::Complex<f32>;
                $body
            }
            __N::Complex128($a) => {
                #[allow(dead_code)]
                type $T = ::num_complex::Complex<f64>;
                $body
            }
            $other => $else,
        }
    }};
}

/// Runs `$body` with `$T` bound to the element type of `$dtype`.
macro_rules! nd_type {
    ($dtype:expr, $T:ident => $body:expr) => {{
        use ::ivy_core::Dtype as __D;
        match $dtype {
            __D::Int8 => {
                #[allow(dead_code)]
                type $T = i8;
                $body
            }
            __D::Int16 => {
                #[allow(dead_code)]
                type $T = i16;
                $body
            }
            __D::Int32 => {
                #[allow(dead_code)]
                type $T = i32;
                $body
            }
            __D::Int64 => {
                #[allow(dead_code)]
                type $T = i64;
                $body
            }
            __D::Uint8 => {
                #[allow(dead_code)]
                type $T = u8;
                $body
            }
            __D::Uint16 => {
                #[allow(dead_code)]
                type $T = u16;
                $body
            }
            __D::Uint32 => {
                #[allow(dead_code)]
                type $T = u32;
                $body
            }
            __D::Uint64 => {
                #[allow(dead_code)]
                type $T = u64;
                $body
            }
            __D::Bfloat16 => {
                #[allow(dead_code)]
                type $T = ::half::bf16;
                $body
            }
            __D::Float16 => {
                #[allow(dead_code)]
                type $T = ::half::f16;
                $body
            }
            __D::Float32 => {
                #[allow(dead_code)]
                type $T = f32;
                $body
            }
            __D::Float64 => {
                #[allow(dead_code)]
                type $T = f64;
                $body
            }
            __D::Complex64 => {
                #[allow(dead_code)]
                type $T = ::num_complex::Complex<f32>;
                $body
            }
            __D::Complex128 => {
                #[allow(dead_code)]
                type $T = ::num_complex::Complex<f64>;
                $body
            }
            __D::Bool => {
                #[allow(dead_code)]
                type $T = bool;
                $body
            }
            #[allow(unreachable_patterns)]
            _ => unreachable!("Dtype has 15 variants"),
        }
    }};
}

pub(crate) use {nd_all, nd_float, nd_type};

impl<T: NdElem> From<ArrayD<T>> for crate::Array {
    /// Wraps an ndarray array (no copy).
    fn from(a: ArrayD<T>) -> crate::Array {
        crate::Array::from_nd(T::wrap(a))
    }
}

impl<T: NdElem> TryFrom<crate::Array> for ArrayD<T> {
    type Error = ivy_core::Error;
    /// The ndarray array of element type `T` (no copy for ndarray arrays of that dtype;
    /// candle arrays are converted). A dtype other than `T`'s is an error: cast first.
    fn try_from(a: crate::Array) -> ivy_core::Result<ArrayD<T>> {
        let a = a.to_backend(Backend::Ndarray)?;
        let d = a.dtype();
        match a.native {
            crate::NativeArray::Ndarray(n) => {
                T::unwrap(n).map_err(|_| ivy_core::Error::InvalidArgument {
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
