//! Element types: one trait, implemented once per element *class* (integers, real floats,
//! complex, bool) by a macro, as candle's `with_dtype!` does. It holds the conversions
//! between element types and routes each element type to the kernel of its class
//! ([`Elem::unary`], [`Elem::binary`]): the ops themselves are kernel rows
//! ([`crate::kernels`]), never methods here. The ndarray backend stores all 15 types; the
//! candle backend uses the same conversions and kernels for its nine.

use crate::family::{Binary, Unary};
use half::{bf16, f16};
use ivy_core::{Dtype, DtypeKind};
use num_complex::Complex;
use std::mem::MaybeUninit;

/// An element type of ivy's arrays.
pub trait Elem: Copy + Send + Sync + std::fmt::Debug + std::fmt::Display + 'static {
    /// The Ivy dtype.
    const DTYPE: Dtype;
    /// As f64 (real part; 0/1 for bool).
    fn to_f64(self) -> f64;
    /// As i128 (truncating floats, saturating).
    fn to_i128(self) -> i128;
    /// As complex f64.
    fn to_c128(self) -> Complex<f64>;
    /// From f64 (`as` semantics for integers: truncating, saturating, NaN → 0).
    fn from_f64(v: f64) -> Self;
    /// From i128 (wrapping for integers).
    fn from_i128(v: i128) -> Self;
    /// From complex f64 (real part for real types).
    fn from_c128(v: Complex<f64>) -> Self;
    /// The unary kernel `K` of this element's class.
    fn unary<K: Unary>(x: Self) -> Self;
    /// The binary kernel `K` of this element's class.
    fn binary<K: Binary>(a: Self, b: Self) -> Self;
    /// `K`'s vectorised slice kernel for this type, if it has one (f32 and f64 only):
    /// returns `true` when it wrote every element of `out`.
    #[inline(always)]
    fn unary_slice<K: Unary>(_x: &[Self], _out: &mut [MaybeUninit<Self>]) -> bool {
        false
    }
    /// `K`'s vectorised slice kernel for two slices of one length, if it has one.
    #[inline(always)]
    fn binary_slice<K: Binary>(_a: &[Self], _b: &[Self], _out: &mut [MaybeUninit<Self>]) -> bool {
        false
    }

    /// An element from a scalar (ints exactly, through i128).
    #[inline]
    fn from_scalar(s: ivy_core::Scalar) -> Self {
        use ivy_core::Scalar;
        match s {
            Scalar::Bool(b) => Self::from_i128(b as i128),
            Scalar::Int(i) => Self::from_i128(i as i128),
            Scalar::Float(f) => Self::from_f64(f),
            Scalar::Complex(r, i) => Self::from_c128(Complex::new(r, i)),
        }
    }

    /// Converts any element into this type with numpy's `astype` rules.
    #[inline]
    fn cast_from<S: Elem>(s: S) -> Self {
        match Self::DTYPE.kind() {
            DtypeKind::Int | DtypeKind::Uint => match S::DTYPE.kind() {
                DtypeKind::Float | DtypeKind::Complex => Self::from_f64(s.to_f64()),
                _ => Self::from_i128(s.to_i128()),
            },
            DtypeKind::Float => Self::from_f64(s.to_f64()),
            DtypeKind::Complex | DtypeKind::Bool => Self::from_c128(s.to_c128()),
        }
    }
}

/// The integer elements: what an `int` kernel row may use (wrapping arithmetic).
pub trait IntElem:
    Elem
    + num_traits::PrimInt
    + num_traits::WrappingAdd
    + num_traits::WrappingSub
    + num_traits::WrappingMul
    + num_traits::WrappingNeg
{
}
impl<T> IntElem for T where
    T: Elem
        + num_traits::PrimInt
        + num_traits::WrappingAdd
        + num_traits::WrappingSub
        + num_traits::WrappingMul
        + num_traits::WrappingNeg
{
}

/// The real floating elements (bfloat16, float16, float32, float64): what a `real` (or
/// `float`) kernel row may use, `num_traits::Float`.
pub trait RealElem: Elem + num_traits::Float + num_traits::FloatConst {}
impl<T: Elem + num_traits::Float + num_traits::FloatConst> RealElem for T {}

macro_rules! int_elem {
    ($($t:ty => $d:ident),*) => {$(
        impl Elem for $t {
            const DTYPE: Dtype = Dtype::$d;
            #[inline] fn to_f64(self) -> f64 { self as f64 }
            #[inline] fn to_i128(self) -> i128 { self as i128 }
            #[inline] fn to_c128(self) -> Complex<f64> { Complex::new(self as f64, 0.0) }
            #[inline] fn from_f64(v: f64) -> Self { v as $t }
            #[inline] fn from_i128(v: i128) -> Self { v as $t }
            #[inline] fn from_c128(v: Complex<f64>) -> Self { v.re as $t }
            #[inline(always)] fn unary<K: Unary>(x: Self) -> Self { K::int(x) }
            #[inline(always)] fn binary<K: Binary>(a: Self, b: Self) -> Self { K::int(a, b) }
        }
    )*};
}
int_elem!(i8 => Int8, i16 => Int16, i32 => Int32, i64 => Int64, u8 => Uint8, u16 => Uint16, u32 => Uint32, u64 => Uint64);

macro_rules! real_elem {
    ($($t:ty => $d:ident, $to:expr, $from:expr $(, slices: $us:ident $bs:ident)?);*) => {$(
        impl Elem for $t {
            const DTYPE: Dtype = Dtype::$d;
            #[inline] fn to_f64(self) -> f64 { $to(self) }
            #[inline] fn to_i128(self) -> i128 { $to(self) as i128 }
            #[inline] fn to_c128(self) -> Complex<f64> { Complex::new($to(self), 0.0) }
            #[inline] fn from_f64(v: f64) -> Self { $from(v) }
            #[inline] fn from_i128(v: i128) -> Self { $from(v as f64) }
            #[inline] fn from_c128(v: Complex<f64>) -> Self { $from(v.re) }
            #[inline(always)] fn unary<K: Unary>(x: Self) -> Self { K::real(x) }
            #[inline(always)] fn binary<K: Binary>(a: Self, b: Self) -> Self { K::real(a, b) }
            $(
                #[inline(always)]
                fn unary_slice<K: Unary>(x: &[Self], out: &mut [MaybeUninit<Self>]) -> bool { K::$us(x, out) }
                #[inline(always)]
                fn binary_slice<K: Binary>(a: &[Self], b: &[Self], out: &mut [MaybeUninit<Self>]) -> bool { K::$bs(a, b, out) }
            )?
        }
    )*};
}
real_elem!(
    f16 => Float16, f16::to_f64, f16::from_f64;
    bf16 => Bfloat16, bf16::to_f64, bf16::from_f64;
    f32 => Float32, |v: f32| v as f64, |v: f64| v as f32, slices: slice_f32 slice_f32;
    f64 => Float64, std::convert::identity, std::convert::identity, slices: slice_f64 slice_f64
);

macro_rules! complex_elem {
    ($($d:ident, $f:ty);*) => {$(
        impl Elem for Complex<$f> {
            const DTYPE: Dtype = Dtype::$d;
            #[inline] fn to_f64(self) -> f64 { self.re as f64 }
            #[inline] fn to_i128(self) -> i128 { self.re as i128 }
            #[inline] fn to_c128(self) -> Complex<f64> { Complex::new(self.re as f64, self.im as f64) }
            #[inline] fn from_f64(v: f64) -> Self { Complex::new(v as $f, 0.0) }
            #[inline] fn from_i128(v: i128) -> Self { Complex::new(v as $f, 0.0) }
            #[inline] fn from_c128(v: Complex<f64>) -> Self { Complex::new(v.re as $f, v.im as $f) }
            #[inline(always)] fn unary<K: Unary>(x: Self) -> Self { K::complex(x) }
            #[inline(always)] fn binary<K: Binary>(a: Self, b: Self) -> Self { K::complex(a, b) }
        }
    )*};
}
complex_elem!(Complex64, f32; Complex128, f64);

impl Elem for bool {
    const DTYPE: Dtype = Dtype::Bool;
    #[inline]
    fn to_f64(self) -> f64 {
        self as u8 as f64
    }
    #[inline]
    fn to_i128(self) -> i128 {
        self as i128
    }
    #[inline]
    fn to_c128(self) -> Complex<f64> {
        Complex::new(self as u8 as f64, 0.0)
    }
    #[inline]
    fn from_f64(v: f64) -> Self {
        v != 0.0
    }
    #[inline]
    fn from_i128(v: i128) -> Self {
        v != 0
    }
    #[inline]
    fn from_c128(v: Complex<f64>) -> Self {
        v.re != 0.0 || v.im != 0.0
    }
    #[inline(always)]
    fn unary<K: Unary>(x: Self) -> Self {
        K::bool(x)
    }
    #[inline(always)]
    fn binary<K: Binary>(a: Self, b: Self) -> Self {
        K::bool(a, b)
    }
}
