//! Element types: one trait, implemented once per dtype by a macro (candle's `with_dtype!`
//! pattern), so every kernel is written once over `T: Elem`. The ndarray backend stores all
//! 15; the candle backend uses the same conversions for its nine.

use half::{bf16, f16};
use ivy_core::{Dtype, DtypeKind};
use num_complex::Complex;

/// An element type the ndarray backend stores.
pub trait Elem: Copy + Send + Sync + std::fmt::Debug + std::fmt::Display + 'static {
    /// The Ivy dtype.
    const DTYPE: Dtype;
    /// Zero.
    fn zero() -> Self;
    /// As f64 (real part; 0/1 for bool; saturating for nothing since f64 is wide).
    fn to_f64(self) -> f64;
    /// As i128 (truncating floats, saturating).
    fn to_i128(self) -> i128;
    /// As complex f64.
    fn to_c128(self) -> Complex<f64>;
    /// From f64 (`as` semantics for integers: truncating, saturating).
    fn from_f64(v: f64) -> Self;
    /// From i128 (wrapping for integers).
    fn from_i128(v: i128) -> Self;
    /// From complex f64 (real part for real types).
    fn from_c128(v: Complex<f64>) -> Self;
    /// Wrapping add (integers), logical or (bool).
    fn add(self, o: Self) -> Self;
    /// Wrapping subtract.
    fn sub(self, o: Self) -> Self;
    /// Wrapping multiply (integers), logical and (bool).
    fn mul(self, o: Self) -> Self;
    /// Divide; integers divide by zero give 0 (never panics; ivy divides ints as floats).
    fn div(self, o: Self) -> Self;
    /// Wrapping negation (bool: not).
    fn neg(self) -> Self;
    /// `self < o` (false when either is NaN; complex numbers order lexicographically, as
    /// numpy's do; `false < true`).
    fn lt(self, o: Self) -> bool;

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

/// Floating and complex elements: the transcendental kernels.
pub trait FloatElem: Elem {
    /// Tangent.
    fn tan(self) -> Self;
    /// Natural log.
    fn ln(self) -> Self;
    /// Exponential.
    fn exp(self) -> Self;
    /// `ln(1 + exp(x))`, computed stably.
    fn softplus(self) -> Self;
}

macro_rules! int_elem {
    ($($t:ty => $d:ident),*) => {$(
        impl Elem for $t {
            const DTYPE: Dtype = Dtype::$d;
            #[inline] fn zero() -> Self { 0 }
            #[inline] fn to_f64(self) -> f64 { self as f64 }
            #[inline] fn to_i128(self) -> i128 { self as i128 }
            #[inline] fn to_c128(self) -> Complex<f64> { Complex::new(self as f64, 0.0) }
            #[inline] fn from_f64(v: f64) -> Self { v as $t }
            #[inline] fn from_i128(v: i128) -> Self { v as $t }
            #[inline] fn from_c128(v: Complex<f64>) -> Self { v.re as $t }
            #[inline] fn add(self, o: Self) -> Self { self.wrapping_add(o) }
            #[inline] fn sub(self, o: Self) -> Self { self.wrapping_sub(o) }
            #[inline] fn mul(self, o: Self) -> Self { self.wrapping_mul(o) }
            #[inline] fn div(self, o: Self) -> Self { self.checked_div(o).unwrap_or(0) }
            #[inline] fn neg(self) -> Self { (0 as $t).wrapping_sub(self) }
            #[inline] fn lt(self, o: Self) -> bool { self < o }
        }
    )*};
}
int_elem!(i8 => Int8, i16 => Int16, i32 => Int32, i64 => Int64, u8 => Uint8, u16 => Uint16, u32 => Uint32, u64 => Uint64);

macro_rules! float_elem {
    ($($t:ty => $d:ident, $to:expr, $from:expr);*) => {$(
        impl Elem for $t {
            const DTYPE: Dtype = Dtype::$d;
            #[inline] fn zero() -> Self { $from(0.0) }
            #[inline] fn to_f64(self) -> f64 { $to(self) }
            #[inline] fn to_i128(self) -> i128 { $to(self) as i128 }
            #[inline] fn to_c128(self) -> Complex<f64> { Complex::new($to(self), 0.0) }
            #[inline] fn from_f64(v: f64) -> Self { $from(v) }
            #[inline] fn from_i128(v: i128) -> Self { $from(v as f64) }
            #[inline] fn from_c128(v: Complex<f64>) -> Self { $from(v.re) }
            #[inline] fn add(self, o: Self) -> Self { self + o }
            #[inline] fn sub(self, o: Self) -> Self { self - o }
            #[inline] fn mul(self, o: Self) -> Self { self * o }
            #[inline] fn div(self, o: Self) -> Self { self / o }
            #[inline] fn neg(self) -> Self { -self }
            #[inline] fn lt(self, o: Self) -> bool { self < o }
        }
        impl FloatElem for $t {
            #[inline] fn tan(self) -> Self { $from($to(self).tan()) }
            #[inline] fn ln(self) -> Self { $from($to(self).ln()) }
            #[inline] fn exp(self) -> Self { $from($to(self).exp()) }
            #[inline] fn softplus(self) -> Self {
                let x = $to(self);
                $from(x.max(0.0) + (-x.abs()).exp().ln_1p())
            }
        }
    )*};
}
float_elem!(
    f16 => Float16, f16::to_f64, f16::from_f64;
    bf16 => Bfloat16, bf16::to_f64, bf16::from_f64;
    f64 => Float64, std::convert::identity, std::convert::identity
);

// f32 separately: its kernels stay in f32 (no widening), which is what makes them fast.
impl Elem for f32 {
    const DTYPE: Dtype = Dtype::Float32;
    #[inline]
    fn zero() -> Self {
        0.0
    }
    #[inline]
    fn to_f64(self) -> f64 {
        self as f64
    }
    #[inline]
    fn to_i128(self) -> i128 {
        self as i128
    }
    #[inline]
    fn to_c128(self) -> Complex<f64> {
        Complex::new(self as f64, 0.0)
    }
    #[inline]
    fn from_f64(v: f64) -> Self {
        v as f32
    }
    #[inline]
    fn from_i128(v: i128) -> Self {
        v as f32
    }
    #[inline]
    fn from_c128(v: Complex<f64>) -> Self {
        v.re as f32
    }
    #[inline]
    fn add(self, o: Self) -> Self {
        self + o
    }
    #[inline]
    fn sub(self, o: Self) -> Self {
        self - o
    }
    #[inline]
    fn mul(self, o: Self) -> Self {
        self * o
    }
    #[inline]
    fn div(self, o: Self) -> Self {
        self / o
    }
    #[inline]
    fn neg(self) -> Self {
        -self
    }
    #[inline]
    fn lt(self, o: Self) -> bool {
        self < o
    }
}
impl FloatElem for f32 {
    #[inline]
    fn tan(self) -> Self {
        f32::tan(self)
    }
    #[inline]
    fn ln(self) -> Self {
        f32::ln(self)
    }
    #[inline]
    fn exp(self) -> Self {
        f32::exp(self)
    }
    #[inline]
    fn softplus(self) -> Self {
        self.max(0.0) + (-self.abs()).exp().ln_1p()
    }
}

macro_rules! complex_elem {
    ($($t:ty => $d:ident, $f:ty);*) => {$(
        impl Elem for Complex<$f> {
            const DTYPE: Dtype = Dtype::$d;
            #[inline] fn zero() -> Self { Complex::new(0.0, 0.0) }
            #[inline] fn to_f64(self) -> f64 { self.re as f64 }
            #[inline] fn to_i128(self) -> i128 { self.re as i128 }
            #[inline] fn to_c128(self) -> Complex<f64> { Complex::new(self.re as f64, self.im as f64) }
            #[inline] fn from_f64(v: f64) -> Self { Complex::new(v as $f, 0.0) }
            #[inline] fn from_i128(v: i128) -> Self { Complex::new(v as $f, 0.0) }
            #[inline] fn from_c128(v: Complex<f64>) -> Self { Complex::new(v.re as $f, v.im as $f) }
            #[inline] fn add(self, o: Self) -> Self { self + o }
            #[inline] fn sub(self, o: Self) -> Self { self - o }
            #[inline] fn mul(self, o: Self) -> Self { self * o }
            #[inline] fn div(self, o: Self) -> Self { self / o }
            #[inline] fn neg(self) -> Self { -self }
            #[inline] fn lt(self, o: Self) -> bool { (self.re, self.im) < (o.re, o.im) }
        }
        impl FloatElem for Complex<$f> {
            #[inline] fn tan(self) -> Self { Complex::tan(self) }
            #[inline] fn ln(self) -> Self { Complex::ln(self) }
            #[inline] fn exp(self) -> Self { Complex::exp(self) }
            #[inline] fn softplus(self) -> Self { (Complex::exp(self) + Complex::new(1.0, 0.0)).ln() }
        }
    )*};
}
complex_elem!(c64 => Complex64, f32; c128 => Complex128, f64);

impl Elem for bool {
    const DTYPE: Dtype = Dtype::Bool;
    #[inline]
    fn zero() -> Self {
        false
    }
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
    #[inline]
    fn add(self, o: Self) -> Self {
        self | o
    }
    #[inline]
    fn sub(self, o: Self) -> Self {
        self ^ o
    }
    #[inline]
    fn mul(self, o: Self) -> Self {
        self & o
    }
    #[inline]
    fn div(self, o: Self) -> Self {
        self & o
    }
    #[inline]
    fn neg(self) -> Self {
        !self
    }
    #[inline]
    fn lt(self, o: Self) -> bool {
        !self & o
    }
}

/// A unary kernel over float/complex elements (candle maps these ops to its own kernels).
#[cfg_attr(not(feature = "ndarray"), allow(dead_code))]
pub(crate) trait FloatMap {
    fn f<T: FloatElem>(x: T) -> T;
}
/// A unary kernel over every numeric element.
pub(crate) trait ElemMap {
    fn f<T: Elem>(x: T) -> T;
}
/// A binary kernel over every element.
pub(crate) trait ElemZip {
    fn f<T: Elem>(a: T, b: T) -> T;
}

macro_rules! float_map {
    ($($name:ident => $m:ident),*) => {$(
        #[cfg_attr(not(feature = "ndarray"), allow(dead_code))]
        pub(crate) struct $name;
        impl FloatMap for $name {
            #[inline(always)]
            fn f<T: FloatElem>(x: T) -> T { x.$m() }
        }
    )*};
}
float_map!(Tan => tan, Ln => ln, Exp => exp, Softplus => softplus);

macro_rules! elem_zip {
    ($($name:ident => $m:ident),*) => {$(
        #[cfg_attr(not(feature = "ndarray"), allow(dead_code))] // candle divides floats natively
        pub(crate) struct $name;
        impl ElemZip for $name {
            #[inline(always)]
            fn f<T: Elem>(a: T, b: T) -> T { a.$m(b) }
        }
    )*};
}
elem_zip!(Add => add, Sub => sub, Mul => mul, Div => div);

/// Wrapping negation.
pub(crate) struct Neg;
impl ElemMap for Neg {
    #[inline(always)]
    fn f<T: Elem>(x: T) -> T {
        x.neg()
    }
}
