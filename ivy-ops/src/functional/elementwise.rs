//! Element-wise ops.

/// Element-wise ops.
#[ivy_macros::category(support_docs = "docs/support")]
pub mod elementwise {
    use crate::{Array, ClipBound, Operand, Result};

    /// Tangent, element-wise.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([0.0f32, std::f32::consts::FRAC_PI_4])?;
    /// let y = x.tan()?; // the method form of `ivy::tan(&x)`
    /// let v = y.to_vec::<f32>()?;
    /// assert_eq!(v[0], 0.0);
    /// assert!((v[1] - 1.0).abs() < 1e-6);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn tan(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Sine, element-wise.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([0.0f32, std::f32::consts::FRAC_PI_2])?;
    /// assert_eq!(ivy::sin(&x)?.to_vec::<f32>()?, [0.0, 1.0]);
    /// // the `_out` form writes into `out`, which keeps its own dtype (float64 here)
    /// let mut out = ivy::zeros_with([2], ZerosKw { dtype: Some(Dtype::Float64), device: None })?;
    /// ivy::sin_out(&x, &mut out)?;
    /// assert!(out.to_vec::<f64>()?.iter().zip([0.0, 1.0]).all(|(v, w)| (v - w).abs() < 1e-6));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn sin(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Cosine, element-wise.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// let y = ivy::with_backend(Backend::Candle, || {
    ///     ivy::cos(&ivy::asarray([0.0f32, std::f32::consts::PI])?)
    /// })?;
    /// assert_eq!(y.backend(), Backend::Candle);
    /// let v = y.to_vec::<f32>()?;
    /// assert!((v[0] - 1.0).abs() < 1e-6 && (v[1] + 1.0).abs() < 1e-6);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn cos(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Hyperbolic sine, element-wise.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([0, 1])?; // int32: computed in the default float dtype
    /// let y = ivy::sinh(&x)?;
    /// assert_eq!(y.dtype(), Dtype::Float32);
    /// let v = y.to_vec::<f32>()?;
    /// assert!(v[0] == 0.0 && (v[1] - 1.1752012).abs() < 1e-6);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn sinh(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Hyperbolic cosine, element-wise.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([0.0, 1.0, -1.0])?.astype(Dtype::Float64)?;
    /// let v = x.cosh()?.to_vec::<f64>()?;
    /// assert_eq!(v[0], 1.0);
    /// assert!((v[1] - 1.5430806348152437).abs() < 1e-12 && v[1] == v[2]); // an even function
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn cosh(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Hyperbolic tangent, element-wise.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Candle);
    /// let x = ivy::asarray([0.0f32, 0.5, 100.0])?;
    /// let v = ivy::tanh(&x)?.to_vec::<f32>()?;
    /// assert_eq!((v[0], v[2]), (0.0, 1.0)); // saturates, never NaN
    /// assert!((v[1] - 0.46211716).abs() < 1e-6);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn tanh(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Natural logarithm, element-wise.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([1.0f32, std::f32::consts::E, 0.0, -1.0])?;
    /// let v = ivy::log(&x)?.to_vec::<f32>()?;
    /// assert!(v[0] == 0.0 && (v[1] - 1.0).abs() < 1e-6);
    /// assert_eq!(v[2], f32::NEG_INFINITY); // log(0) = -inf
    /// assert!(v[3].is_nan()); // log of a negative real is NaN
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn log(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Exponential, element-wise.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([0.0f32, 1.0, f32::NEG_INFINITY])?;
    /// let v = ivy::exp(&x)?.to_vec::<f32>()?;
    /// assert_eq!((v[0], v[2]), (1.0, 0.0));
    /// assert!((v[1] - std::f32::consts::E).abs() < 1e-6);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn exp(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Numerical negative, element-wise.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([1, -2, -128])?.astype(Dtype::Int8)?;
    /// // integers wrap: -(-128) is -128 in int8
    /// assert_eq!(ivy::negative(&x)?.to_vec::<i8>()?, [-1, 2, -128]);
    /// assert_eq!((-&x)?, ivy::negative(&x)?); // the unary `-` operator
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn negative(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// `x1 + x2` with broadcasting and Ivy's promotion; either side may be a scalar.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([1, 2])?; // int32, Ivy's default int
    /// assert_eq!(ivy::add(&x, &x)?.to_vec::<i32>()?, [2, 4]);
    /// // a float scalar promotes int32 Ivy's way: float64 in precise mode (the default)
    /// let y = ivy::add(&x, 1.5)?;
    /// assert_eq!((y.dtype(), y.to_vec::<f64>()?), (Dtype::Float64, vec![2.5, 3.5]));
    /// assert_eq!((&x + 1.5)?, y); // the `+` operator is the same op
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(binary)]
    pub fn add(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// `x1 - x2` with broadcasting and Ivy's promotion.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([[5.0f32, 6.0], [7.0, 8.0]])?;
    /// let y = ivy::asarray([1.0f32, 2.0])?;
    /// let d = ivy::subtract(&x, &y)?; // `y` broadcasts over the rows
    /// assert_eq!((d.shape(), d.to_vec::<f32>()?), (&[2, 2][..], vec![4.0, 4.0, 6.0, 6.0]));
    /// // an int scalar keeps float32 (the method form)
    /// assert_eq!(x.subtract(1)?.to_vec::<f32>()?, [4.0, 5.0, 6.0, 7.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(binary)]
    pub fn subtract(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// `x1 * x2` with broadcasting and Ivy's promotion.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let a = ivy::asarray([3, 100])?.astype(Dtype::Uint8)?;
    /// let b = ivy::asarray([-2, 2])?.astype(Dtype::Int8)?;
    /// let p = ivy::multiply(&a, &b)?; // uint8 with int8 promotes to int16
    /// assert_eq!((p.dtype(), p.to_vec::<i16>()?), (Dtype::Int16, vec![-6, 200]));
    /// assert_eq!(ivy::multiply(&a, &a)?.to_vec::<u8>()?, [9, 16]); // uint8 wraps: 10000 mod 256
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(binary)]
    pub fn multiply(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// True division `x1 / x2`; integer inputs divide in the default float dtype.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([1, 2, -3])?; // int32
    /// let q = ivy::divide(&x, 2)?;
    /// assert_eq!((q.dtype(), q.to_vec::<f32>()?), (Dtype::Float32, vec![0.5, 1.0, -1.5]));
    /// let z = ivy::divide(&x, 0)?.to_vec::<f32>()?;
    /// assert_eq!((z[0], z[2]), (f32::INFINITY, f32::NEG_INFINITY));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(binary)]
    pub fn divide(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// The larger of `x1` and `x2`, element-wise, with broadcasting; NaN where either is NaN.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([1.0f32, -3.0, f32::NAN])?;
    /// let m = ivy::maximum(&x, 0.5)?.to_vec::<f32>()?;
    /// assert_eq!(&m[..2], [1.0, 0.5]);
    /// assert!(m[2].is_nan()); // NaN propagates (not numpy's `fmax`)
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(binary)]
    pub fn maximum(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// The smaller of `x1` and `x2`, element-wise, with broadcasting; NaN where either is NaN.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Candle);
    /// let x = ivy::asarray([1, 5, -2])?;
    /// let y = ivy::asarray([[3], [0]])?; // shape (2, 1): broadcasts to (2, 3)
    /// let m = ivy::minimum(&x, &y)?;
    /// assert_eq!(m.shape(), [2, 3]);
    /// assert_eq!(m.to_vec::<i32>()?, [1, 3, -2, 0, 0, -2]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(binary)]
    pub fn minimum(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// Whether each element is NaN (complex: either component); false for integers and
    /// bools. A bool array of `x`'s shape.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([1.0f32, f32::NAN, f32::INFINITY])?;
    /// let m = ivy::isnan(&x)?;
    /// assert_eq!((m.dtype(), m.to_vec::<bool>()?), (Dtype::Bool, vec![false, true, false]));
    /// // integers are never NaN
    /// assert_eq!(ivy::isnan(&ivy::asarray([1, 2])?)?.to_vec::<bool>()?, [false, false]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(predicate)]
    pub fn isnan(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Whether each element is ±infinity (complex: either component, even beside a NaN);
    /// false for integers and bools.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// use num_complex::Complex;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([f32::INFINITY, f32::NEG_INFINITY, f32::NAN, 1.0])?;
    /// assert_eq!(x.isinf()?.to_vec::<bool>()?, [true, true, false, false]);
    /// let z = ivy::asarray([Complex::new(f32::NAN, f32::INFINITY), Complex::new(1.0, 0.0)])?;
    /// assert_eq!(ivy::isinf(&z)?.to_vec::<bool>()?, [true, false]); // an infinite component
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(predicate)]
    pub fn isinf(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Whether each element is finite (complex: both components); true for integers and
    /// bools.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([1.0f32, f32::INFINITY, f32::NAN, -0.0])?;
    /// assert_eq!(ivy::isfinite(&x)?.to_vec::<bool>()?, [true, false, false, true]);
    /// let i = ivy::asarray([i32::MAX, 0])?; // integers are always finite
    /// assert_eq!(ivy::isfinite(&i)?.to_vec::<bool>()?, [true, true]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(predicate)]
    pub fn isfinite(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Whether each element's sign bit is set (`-0.0`, negative numbers, NaNs with the sign
    /// bit). Beyond the Array API's real floats, as numpy and Ivy: integers `x < 0`, bools
    /// never; complex numbers are refused.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([-0.0f32, 0.0, -2.5, f32::NAN, -f32::NAN])?;
    /// assert_eq!(ivy::signbit(&x)?.to_vec::<bool>()?, [true, false, true, false, true]);
    /// assert_eq!(ivy::signbit(&ivy::asarray([-1, 1])?)?.to_vec::<bool>()?, [true, false]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(predicate)]
    pub fn signbit(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// `x1 == x2`, element-wise, with broadcasting and Ivy's promotion; integers of two
    /// dtypes compare exactly (`int64` with `uint64` too). NaN equals nothing. A bool array.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([1.0f32, 2.0, f32::NAN])?;
    /// // NaN equals nothing, not even itself
    /// assert_eq!(ivy::equal(&x, &x)?.to_vec::<bool>()?, [true, true, false]);
    /// assert_eq!(x.equal(2)?.to_vec::<bool>()?, [false, true, false]);
    /// // int64 with uint64 compares exactly (float64 would round 2^53 + 1 to 2^53)
    /// let a = ivy::asarray([9007199254740993i64])?; // too big for int32: int64
    /// let b = ivy::asarray([9007199254740992i64])?.astype(Dtype::Uint64)?;
    /// assert_eq!(ivy::equal(&a, &b)?.to_vec::<bool>()?, [false]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(compare)]
    pub fn equal(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// `x1 != x2`, element-wise (true where either is NaN).
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([1.0f32, f32::NAN])?;
    /// let y = ivy::asarray([1.0f32, f32::NAN])?;
    /// let ne = x.not_equal(&y)?; // the method form
    /// assert_eq!(ne.to_vec::<bool>()?, [false, true]); // NaN != NaN
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(compare)]
    pub fn not_equal(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// `x1 < x2`, element-wise; NaN compares false. The Array API orders real numbers; as
    /// numpy and Ivy, bools also compare (as 0 and 1) and complex numbers lexicographically
    /// (real parts, then imaginary parts; false where a component is NaN). The same for
    /// `less_equal`, `greater` and `greater_equal`.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([1.0f32, 2.0, f32::NAN])?;
    /// let lt = ivy::less(&x, 2)?;
    /// assert_eq!((lt.dtype(), lt.to_vec::<bool>()?), (Dtype::Bool, vec![true, false, false]));
    /// assert_eq!(x.lt(2)?, lt); // the comparison method
    /// assert_eq!(ivy::less(&ivy::asarray([false, true])?, true)?.to_vec::<bool>()?, [true, false]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(compare)]
    pub fn less(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// `x1 <= x2`, element-wise, for real numbers.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([1, 2, 3])?;
    /// let y = ivy::asarray([2.0f32, 2.0, 2.0])?;
    /// assert_eq!(ivy::less_equal(&x, &y)?.to_vec::<bool>()?, [true, true, false]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(compare)]
    pub fn less_equal(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// `x1 > x2`, element-wise, for real numbers.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// let g = ivy::with_backend(Backend::Candle, || ivy::greater(&ivy::asarray([-1, 0, 4])?, 0))?;
    /// // candle holds bool as 0s and 1s tagged bool: it reads back as bool
    /// assert_eq!((g.dtype(), g.to_vec::<bool>()?), (Dtype::Bool, vec![false, false, true]));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(compare)]
    pub fn greater(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// `x1 >= x2`, element-wise, for real numbers.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([1.5f32, 2.0, f32::NAN])?;
    /// assert_eq!(ivy::greater_equal(&x, 2)?.to_vec::<bool>()?, [false, true, false]);
    /// assert_eq!(x.ge(2)?, ivy::greater_equal(&x, 2)?); // the comparison method
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(compare)]
    pub fn greater_equal(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// Inverse cosine, element-wise (radians; NaN outside `[-1, 1]`).
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([1.0f32, 0.0, 2.0])?;
    /// let v = ivy::acos(&x)?.to_vec::<f32>()?;
    /// assert!(v[0] == 0.0 && (v[1] - std::f32::consts::FRAC_PI_2).abs() < 1e-6);
    /// assert!(v[2].is_nan()); // outside [-1, 1]
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn acos(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Inverse sine, element-wise (NaN outside `[-1, 1]`).
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([0.0, 1.0, -1.5])?.astype(Dtype::Float64)?;
    /// let v = x.asin()?.to_vec::<f64>()?;
    /// assert!(v[0] == 0.0 && (v[1] - std::f64::consts::FRAC_PI_2).abs() < 1e-12);
    /// assert!(v[2].is_nan());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn asin(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Inverse tangent, element-wise.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([0.0f32, 1.0, f32::INFINITY])?;
    /// let v = ivy::atan(&x)?.to_vec::<f32>()?;
    /// assert_eq!(v[0], 0.0);
    /// assert!((v[1] - std::f32::consts::FRAC_PI_4).abs() < 1e-6);
    /// assert!((v[2] - std::f32::consts::FRAC_PI_2).abs() < 1e-6); // atan(inf) = pi/2
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn atan(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Inverse hyperbolic cosine, element-wise (NaN below 1).
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([1.0f32, 2.0, 0.5])?;
    /// let v = ivy::acosh(&x)?.to_vec::<f32>()?;
    /// assert!(v[0] == 0.0 && (v[1] - 1.3169579).abs() < 1e-6);
    /// assert!(v[2].is_nan()); // below 1
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn acosh(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Inverse hyperbolic sine, element-wise.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([0.0f32, 1.0, -1.0])?;
    /// let v = ivy::asinh(&x)?.to_vec::<f32>()?;
    /// assert!(v[0] == 0.0 && (v[1] - 0.8813736).abs() < 1e-6);
    /// assert_eq!(v[2], -v[1]); // an odd function
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn asinh(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Inverse hyperbolic tangent, element-wise (±inf at ±1, NaN beyond).
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([0.5f32, 1.0, -1.0, 2.0])?;
    /// let v = ivy::atanh(&x)?.to_vec::<f32>()?;
    /// assert!((v[0] - 0.54930615).abs() < 1e-6);
    /// assert_eq!((v[1], v[2]), (f32::INFINITY, f32::NEG_INFINITY));
    /// assert!(v[3].is_nan());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn atanh(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// `exp(x) - 1`, element-wise, accurate for `x` near 0.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([1e-10f32, 1.0])?;
    /// let v = ivy::expm1(&x)?.to_vec::<f32>()?;
    /// assert!((v[0] - 1e-10).abs() < 1e-16 && (v[1] - 1.7182818).abs() < 1e-6);
    /// // the naive form loses everything near 0 in float32
    /// assert_eq!((&ivy::exp(&x)? - 1)?.to_vec::<f32>()?[0], 0.0);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn expm1(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// `log(1 + x)`, element-wise, accurate for `x` near 0.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([1e-10f32, -1.0])?;
    /// let v = ivy::log1p(&x)?.to_vec::<f32>()?;
    /// assert!((v[0] - 1e-10).abs() < 1e-16);
    /// assert_eq!(v[1], f32::NEG_INFINITY);
    /// assert_eq!(ivy::log(&(&x + 1)?)?.to_vec::<f32>()?[0], 0.0); // log(1 + x) loses it
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn log1p(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// The Gauss error function `erf(x) = 2/√π ∫₀ˣ e^(-t²) dt`, element-wise (Ivy's
    /// `erf`; real inputs only: complex inputs are refused, integers and bools are
    /// computed in the default float dtype). Computed in float64 with musl's `erf` (libm,
    /// ≤ 1 ULP) and rounded once to the dtype; candle uses its own `erf` (libm's `erff` for
    /// float32, `erf` for float64) and differentiates it.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([0.0, 0.5, -3.0, f64::INFINITY])?.astype(Dtype::Float64)?;
    /// let v = ivy::erf(&x)?.to_vec::<f64>()?;
    /// assert_eq!(v[0], 0.0);
    /// assert!((v[1] - 0.5204998778130465).abs() < 1e-16);
    /// assert!((v[2] + 0.9999779095030014).abs() < 1e-16);
    /// assert_eq!(v[3], 1.0);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn erf(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// The complementary error function `erfc(x) = 1 - erf(x)`, element-wise (Ivy's
    /// `erfc`), accurate where `erf(x)` rounds to 1: `erfc(10)` is `2.1e-45`, not 0. Real
    /// inputs only (complex refused; integers and bools computed in the default float
    /// dtype); computed in float64 with musl's `erfc` (libm, ≤ 1 ULP) and rounded once. On
    /// candle's CPU it differentiates (`d/dx erfc(x) = -2/√π·e^(-x²)`); on a GPU it is
    /// candle's `1 - erf(x)`, which loses the relative accuracy of results below about 0.1.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([0.0, 1.0, 10.0, f64::NEG_INFINITY])?.astype(Dtype::Float64)?;
    /// let v = ivy::erfc(&x)?.to_vec::<f64>()?;
    /// assert_eq!(v[0], 1.0);
    /// assert!((v[1] - 0.15729920705028513).abs() < 1e-17);
    /// assert!((v[2] / 2.088487583762545e-45 - 1.0).abs() < 1e-15);
    /// assert_eq!(v[3], 2.0);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn erfc(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Base-2 logarithm, element-wise.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([1.0f32, 8.0, 0.5, 10.0])?;
    /// let v = ivy::log2(&x)?.to_vec::<f32>()?;
    /// let want = [0.0, 3.0, -1.0, 3.321928];
    /// assert!(v.iter().zip(want).all(|(v, w)| (v - w).abs() < 1e-6));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn log2(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Base-10 logarithm, element-wise.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Candle);
    /// let x = ivy::asarray([1, 100, 1000])?; // int32, computed as float32
    /// let v = x.log10()?.to_vec::<f32>()?;
    /// assert!(v.iter().zip([0.0, 2.0, 3.0]).all(|(v, w)| (v - w).abs() < 1e-6));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn log10(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Square root, element-wise (principal branch for complex; NaN for negative reals).
    ///
    /// ```
    /// use ivy::prelude::*;
    /// use num_complex::Complex;
    /// ivy::set_backend(Backend::Ndarray);
    /// let v = ivy::sqrt(&ivy::asarray([4.0f32, 2.25, -1.0])?)?.to_vec::<f32>()?;
    /// assert!(v[..2] == [2.0, 1.5] && v[2].is_nan()); // NaN for a negative real
    /// // complex input: the principal root, sqrt(-4) = 2i
    /// let z = ivy::sqrt(&ivy::asarray([Complex::new(-4.0f32, 0.0)])?)?;
    /// assert!((z.to_vec::<Complex<f32>>()?[0] - Complex::new(0.0, 2.0)).norm() < 1e-6);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn sqrt(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// `x * x`, element-wise; integers keep their dtype (wrapping).
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// assert_eq!(ivy::square(&ivy::asarray([1.5f32, -3.0])?)?.to_vec::<f32>()?, [2.25, 9.0]);
    /// let u = ivy::asarray([200, 15])?.astype(Dtype::Uint8)?;
    /// assert_eq!(u.square()?.to_vec::<u8>()?, [64, 225]); // uint8 wraps: 40000 mod 256
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn square(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// The sign of each element: -1, 0 or 1 for reals (NaN for NaN, `+0.0` for either zero); `x
    /// / |x|` for complex (0 for 0).
    ///
    /// ```
    /// use ivy::prelude::*;
    /// use num_complex::Complex;
    /// ivy::set_backend(Backend::Ndarray);
    /// let v = ivy::sign(&ivy::asarray([-2.5f32, -0.0, 3.0, f32::NAN])?)?.to_vec::<f32>()?;
    /// assert!(v[..3] == [-1.0, 0.0, 1.0] && v[3].is_nan());
    /// assert_eq!(ivy::sign(&ivy::asarray([-7, 0, 9])?)?.to_vec::<i32>()?, [-1, 0, 1]);
    /// let z = ivy::sign(&ivy::asarray([Complex::new(3.0f32, 4.0)])?)?; // x / |x|
    /// assert!((z.to_vec::<Complex<f32>>()?[0] - Complex::new(0.6, 0.8)).norm() < 1e-6);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn sign(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// `+x`, element-wise: a copy of `x`.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([-1, 2])?;
    /// let y = ivy::positive(&x)?;
    /// assert_eq!(y, x); // same dtype, shape and values
    /// assert!(!y.may_share_memory(&x)); // a new buffer
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn positive(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Complex conjugate, element-wise; the identity for real dtypes.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// use num_complex::Complex;
    /// ivy::set_backend(Backend::Ndarray);
    /// let z = ivy::asarray([Complex::new(1.0f32, 2.0), Complex::new(-3.0, -4.0)])?; // complex64
    /// let c = ivy::conj(&z)?;
    /// assert_eq!(c.dtype(), Dtype::Complex64);
    /// assert_eq!(c.to_vec::<Complex<f32>>()?, [Complex::new(1.0, -2.0), Complex::new(-3.0, 4.0)]);
    /// assert_eq!(ivy::conj(&ivy::asarray([1.5f32])?)?.to_vec::<f32>()?, [1.5]); // reals: identity
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn conj(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Rounds each element toward +infinity; integers are returned unchanged.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([-2.5f32, 2.1, -0.5])?;
    /// assert_eq!(ivy::ceil(&x)?.to_vec::<f32>()?, [-2.0, 3.0, -0.0]);
    /// let i = ivy::ceil(&ivy::asarray([-2, 3])?)?; // integers: unchanged, still int32
    /// assert_eq!((i.dtype(), i.to_vec::<i32>()?), (Dtype::Int32, vec![-2, 3]));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn ceil(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Rounds each element toward -infinity; integers are returned unchanged.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Candle);
    /// let x = ivy::asarray([-2.5f32, 2.9, 3.0])?;
    /// assert_eq!(ivy::floor(&x)?.to_vec::<f32>()?, [-3.0, 2.0, 3.0]);
    /// assert_eq!(x.floor()?.dtype(), Dtype::Float32); // floats stay floats
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn floor(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Rounds each element toward zero; integers are returned unchanged.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([-2.7f32, 2.7, f32::INFINITY])?;
    /// assert_eq!(ivy::trunc(&x)?.to_vec::<f32>()?, [-2.0, 2.0, f32::INFINITY]); // toward zero
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn trunc(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Rounds each element to the nearest integer, ties to even (`round(2.5) == 2`); complex:
    /// each component; integers unchanged.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([0.5f32, 1.5, 2.5, -2.5, 2.6])?;
    /// // ties go to the even neighbour (not Rust's `f32::round`, which goes away from zero)
    /// assert_eq!(ivy::round(&x)?.to_vec::<f32>()?, [0.0, 2.0, 2.0, -2.0, 3.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn round(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Bitwise NOT of integers (`!x`), logical NOT of bools.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// assert_eq!(ivy::bitwise_invert(&ivy::asarray([0, 5])?)?.to_vec::<i32>()?, [-1, -6]);
    /// let u = ivy::asarray([0, 200])?.astype(Dtype::Uint8)?;
    /// assert_eq!(ivy::bitwise_invert(&u)?.to_vec::<u8>()?, [255, 55]);
    /// let b = ivy::asarray([true, false])?;
    /// assert_eq!((!&b)?.to_vec::<bool>()?, [false, true]); // `!`: logical NOT of bools
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn bitwise_invert(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Absolute value, element-wise; integers wrap (`abs(-128i8) == -128`, as numpy); complex
    /// input gives its modulus as a real array (complex64 → float32).
    ///
    /// ```
    /// use ivy::prelude::*;
    /// use num_complex::Complex;
    /// ivy::set_backend(Backend::Ndarray);
    /// let a = ivy::abs(&ivy::asarray([-1.5f32, 0.0, 2.0])?)?;
    /// assert_eq!(a.to_vec::<f32>()?, [1.5, 0.0, 2.0]);
    /// let i = ivy::asarray([-5, -128])?.astype(Dtype::Int8)?;
    /// assert_eq!(ivy::abs(&i)?.to_vec::<i8>()?, [5, -128]); // wraps, as numpy
    /// let m = ivy::abs(&ivy::asarray([Complex::new(3.0f32, 4.0)])?)?; // the modulus, as float32
    /// assert_eq!((m.dtype(), m.to_vec::<f32>()?), (Dtype::Float32, vec![5.0]));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn abs(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// The real component of each element: a real array for complex input (complex64 →
    /// float32); a copy for real input.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// use num_complex::Complex;
    /// ivy::set_backend(Backend::Ndarray);
    /// let z = ivy::asarray([Complex::new(1.5f32, 2.0), Complex::new(-3.0, 0.5)])?; // complex64
    /// let r = ivy::real(&z)?;
    /// assert_eq!((r.dtype(), r.to_vec::<f32>()?), (Dtype::Float32, vec![1.5, -3.0]));
    /// let r = ivy::real(&z.astype(Dtype::Complex128)?)?; // complex128 → float64
    /// assert_eq!((r.dtype(), r.to_vec::<f64>()?), (Dtype::Float64, vec![1.5, -3.0]));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn real(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// The imaginary component of each element: a real array for complex input; zeros of `x`'s
    /// dtype for real input.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// use num_complex::Complex;
    /// ivy::set_backend(Backend::Ndarray);
    /// let z = ivy::asarray([Complex::new(1.0f32, 2.0), Complex::new(3.0, -0.5)])?; // complex64
    /// let i = ivy::imag(&z)?;
    /// assert_eq!((i.dtype(), i.to_vec::<f32>()?), (Dtype::Float32, vec![2.0, -0.5]));
    /// // real input: zeros of its dtype
    /// assert_eq!(ivy::imag(&ivy::asarray([7, 8])?)?.to_vec::<i32>()?, [0, 0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn imag(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// `atan2(x1, x2)`: the angle of the point `(x2, x1)` in radians, element-wise, with
    /// broadcasting.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// use std::f32::consts::{FRAC_PI_4, PI};
    /// ivy::set_backend(Backend::Ndarray);
    /// let y = ivy::asarray([1.0f32, 1.0, 0.0, -0.0])?;
    /// let x = ivy::asarray([1.0f32, -1.0, -1.0, -1.0])?;
    /// let v = ivy::atan2(&y, &x)?.to_vec::<f32>()?; // the angle of (x, y): quadrant-aware
    /// let want = [FRAC_PI_4, 3.0 * FRAC_PI_4, PI, -PI]; // the sign of zero picks ±pi
    /// assert!(v.iter().zip(want).all(|(v, w)| (v - w).abs() < 1e-6));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(binary)]
    pub fn atan2(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// `x1` with the sign of `x2`, element-wise, with broadcasting.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([1.0f32, -2.0, 3.0])?;
    /// let s = ivy::asarray([-0.0f32, 1.0, -5.0])?;
    /// // only the sign bit of `x2` counts: -0.0 makes it negative
    /// assert_eq!(ivy::copysign(&x, &s)?.to_vec::<f32>()?, [-1.0, 2.0, -3.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(binary)]
    pub fn copysign(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// `sqrt(x1² + x2²)` without intermediate overflow, element-wise, with broadcasting.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let a = ivy::asarray([3.0, 3e300])?.astype(Dtype::Float64)?;
    /// let b = ivy::asarray([4.0, 4e300])?.astype(Dtype::Float64)?;
    /// let h = ivy::hypot(&a, &b)?.to_vec::<f64>()?;
    /// assert_eq!(h[0], 5.0);
    /// assert!((h[1] / 5e300 - 1.0).abs() < 1e-12); // no overflow: 3e300² alone would be inf
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(binary)]
    pub fn hypot(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// `log(exp(x1) + exp(x2))` without overflow, element-wise, with broadcasting.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([0.0f32, 1000.0])?;
    /// let v = ivy::logaddexp(&x, &x)?.to_vec::<f32>()?; // log(2 e^x) = x + ln 2
    /// let ln2 = std::f32::consts::LN_2;
    /// assert!((v[0] - ln2).abs() < 1e-6);
    /// assert!((v[1] - (1000.0 + ln2)).abs() < 1e-3); // finite: no overflow
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(binary)]
    pub fn logaddexp(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// The Heaviside step function, element-wise, with broadcasting: 0 where `x1 < 0`, `x2`
    /// where `x1 == 0`, 1 where `x1 > 0`, NaN where `x1` is NaN (numpy's `heaviside`).
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([-1.5f32, 0.0, 2.0, f32::NAN])?;
    /// let h = ivy::heaviside(&x, 0.5)?.to_vec::<f32>()?;
    /// assert_eq!(h[..3], [0.0, 0.5, 1.0]);
    /// assert!(h[3].is_nan());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(binary)]
    pub fn heaviside(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// `x1 ** x2`, element-wise, with broadcasting. Integer powers wrap; a negative integer
    /// exponent gives the result truncated toward zero (1 for base 1, ±1 for base -1, else 0:
    /// numpy raises instead).
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([2, 3, -1, 1])?; // int32
    /// assert_eq!(ivy::pow(&x, 2)?.to_vec::<i32>()?, [4, 9, 1, 1]);
    /// // a negative integer exponent truncates toward zero (numpy raises)
    /// assert_eq!(x.pow(-1)?.to_vec::<i32>()?, [0, 0, -1, 1]);
    /// let r = ivy::pow(&ivy::asarray([4, 9])?, 0.5)?; // a float scalar: float64 in precise mode
    /// assert_eq!((r.dtype(), r.to_vec::<f64>()?), (Dtype::Float64, vec![2.0, 3.0]));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(binary)]
    pub fn pow(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// The remainder of `x1 / x2`, element-wise, with broadcasting: Ivy's `remainder(x1,
    /// x2, *, modulus=True)`, for integers and real floats.
    ///
    /// - `modulus = true` (the default; the `%` operator): Python's `x1 % x2`, the sign of
    ///   `x2` (numpy's `remainder`), the kernel row `Remainder` of the binary family.
    /// - `modulus = false`: the truncated remainder, the sign of `x1` (C's `fmod`, numpy's
    ///   `fmod`, `torch.fmod`), exact. Ivy's own backends compute `round(x2 * frac(x1 /
    ///   x2))`, which rounds float results to integers (`5.5, 2` gives 2.0); ivy-rs gives
    ///   `fmod` (1.5).
    ///
    /// Division by zero, one rule for both: integer `x % 0` is 0 (numpy's value), float
    /// `x % 0` is NaN.
    ///
    /// `modulus = false` is composed of other ops — floats: `copysign(remainder(|x1|, |x2|),
    /// x1)` (the floored remainder of non-negative numbers is their `fmod`, exactly);
    /// integers: the floored remainder minus `x2` where it is nonzero and the operands'
    /// signs differ. That is the seed's special path (its `cholesky(upper=True)` and torch
    /// `remainder(modulus=False)`): on ndarray, `remainder_out` writes `out` natively
    /// through the kernel row for `modulus = true`, and with
    /// [`inplace_update`](crate::inplace_update) of the composed result (`out`'s own buffer,
    /// cast to `out`'s dtype) for `modulus = false`; on candle (no native `out`) the
    /// dispatcher writes `out` either way.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([5.5f32, -5.5, 7.0, -7.0])?;
    /// assert_eq!(ivy::remainder(&x, 2)?.to_vec::<f32>()?, [1.5, 0.5, 1.0, 1.0]);
    /// let fmod = RemainderKw { modulus: false };
    /// assert_eq!(ivy::remainder_with(&x, 2, fmod.clone())?.to_vec::<f32>()?, [1.5, -1.5, 1.0, -1.0]);
    /// let i = ivy::asarray([7i32, -7, 7, -7])?;
    /// let d = ivy::asarray([3i32, 3, -3, 0])?;
    /// assert_eq!(ivy::remainder_with(&i, &d, fmod.clone())?.to_vec::<i32>()?, [1, -1, 1, 0]);
    /// // `out` keeps its buffer on both paths (and its dtype)
    /// let mut out = ivy::zeros_with([4], ZerosKw { dtype: Some(Dtype::Float64), device: None })?;
    /// ivy::remainder_with_out(&x, 2, fmod, &mut out)?;
    /// assert_eq!(out.to_vec::<f64>()?, [1.5, -1.5, 1.0, -1.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    pub fn remainder(
        x1: Operand,
        x2: Operand,
        #[kw(default = true)] modulus: bool,
        out: Option<&mut Array>,
    ) -> Result<Array>;

    /// Python's `x1 // x2` (rounded toward -infinity), element-wise. Integer `x // 0` is 0
    /// (numpy's value) and `MIN // -1` wraps to `MIN`; float `x // 0` is `x / 0`.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([7, -7, 7, -7])?;
    /// let y = ivy::asarray([2, 2, -2, -2])?;
    /// // rounded toward -infinity, as Python's `//` (not Rust's `/`, which truncates)
    /// assert_eq!(ivy::floor_divide(&x, &y)?.to_vec::<i32>()?, [3, -4, -4, 3]);
    /// assert_eq!(ivy::floor_divide(&x, 0)?.to_vec::<i32>()?, [0, 0, 0, 0]); // numpy's value
    /// let f = ivy::floor_divide(&ivy::asarray([-7.5f32, 1.0])?, 0)?.to_vec::<f32>()?;
    /// assert_eq!(f, [f32::NEG_INFINITY, f32::INFINITY]); // float: x / 0
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(binary)]
    pub fn floor_divide(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// Bitwise AND of integers, logical AND of bools, with broadcasting.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([12, 10])?; // 0b1100, 0b1010
    /// assert_eq!(ivy::bitwise_and(&x, 6)?.to_vec::<i32>()?, [4, 2]); // & 0b0110
    /// let b = ivy::asarray([true, true, false])?;
    /// let c = ivy::asarray([true, false, false])?;
    /// assert_eq!(ivy::bitwise_and(&b, &c)?.to_vec::<bool>()?, [true, false, false]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(binary)]
    pub fn bitwise_and(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// Bitwise OR of integers, logical OR of bools, with broadcasting.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Candle);
    /// let x = ivy::asarray([12, 1])?.astype(Dtype::Uint8)?;
    /// assert_eq!(ivy::bitwise_or(&x, 6)?.to_vec::<u8>()?, [14, 7]); // the int scalar takes uint8
    /// assert_eq!((&x | 6u8)?, ivy::bitwise_or(&x, 6)?); // the `|` operator
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(binary)]
    pub fn bitwise_or(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// Bitwise XOR of integers, logical XOR of bools, with broadcasting.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([12, 10, -1])?;
    /// assert_eq!(ivy::bitwise_xor(&x, 6)?.to_vec::<i32>()?, [10, 12, -7]);
    /// let b = ivy::asarray([true, false])?;
    /// assert_eq!(ivy::bitwise_xor(&b, true)?.to_vec::<bool>()?, [false, true]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(binary)]
    pub fn bitwise_xor(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// `x1 << x2` on integers, with broadcasting: 0 once `x2` reaches the bit width or is
    /// negative (numpy).
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([1, 1, 1, 3])?; // int32
    /// let s = ivy::asarray([1, 31, 32, -1])?;
    /// // bits shifted out are lost; a shift of 32 or more (or a negative one) gives 0
    /// assert_eq!(ivy::bitwise_left_shift(&x, &s)?.to_vec::<i32>()?, [2, i32::MIN, 0, 0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(binary)]
    pub fn bitwise_left_shift(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// `x1 >> x2` on integers (arithmetic for signed dtypes), with broadcasting: past the bit
    /// width (or for a negative `x2`), -1 for negative `x1`, else 0 (numpy).
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([-8, 8, -8, 8])?;
    /// let s = ivy::asarray([1, 1, 40, 40])?;
    /// // arithmetic for signed dtypes: past the bit width, -1 for negatives, else 0
    /// assert_eq!(ivy::bitwise_right_shift(&x, &s)?.to_vec::<i32>()?, [-4, 4, -1, 0]);
    /// assert_eq!((&x >> 2)?.to_vec::<i32>()?, [-2, 2, -2, 2]); // the `>>` operator
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(binary)]
    pub fn bitwise_right_shift(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// Logical NOT of the truth value of each element (zero is false), any dtype. A bool array.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([0.0f32, 2.5, f32::NAN, -0.0])?;
    /// let n = ivy::logical_not(&x)?; // zero is false, anything else (NaN too) is true
    /// assert_eq!((n.dtype(), n.to_vec::<bool>()?), (Dtype::Bool, vec![true, false, false, true]));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(predicate)]
    pub fn logical_not(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// Logical AND of the truth values of `x1` and `x2` (nonzero is true, NaN too), with
    /// broadcasting. A bool array.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([1.0f32, 0.0, f32::NAN])?;
    /// let y = ivy::asarray([2, 3, 1])?;
    /// assert_eq!(ivy::logical_and(&x, &y)?.to_vec::<bool>()?, [true, false, true]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(compare)]
    pub fn logical_and(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// Logical OR of the truth values of `x1` and `x2`, with broadcasting. A bool array.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Candle);
    /// let x = ivy::asarray([0, 0, 2])?;
    /// let y = ivy::asarray([0.0f32, 1.5, 0.0])?;
    /// assert_eq!(ivy::logical_or(&x, &y)?.to_vec::<bool>()?, [false, true, true]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(compare)]
    pub fn logical_or(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// Logical XOR of the truth values of `x1` and `x2`, with broadcasting. A bool array.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([0, 1, 2, 0])?;
    /// let y = ivy::asarray([0, 0, 3, 4])?;
    /// // truth values, not bits: 2 xor 3 is false (bitwise it would be 1)
    /// assert_eq!(x.logical_xor(&y)?.to_vec::<bool>()?, [false, true, false, true]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(compare)]
    pub fn logical_xor(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// Clips values to `[min, max]` (the Array API 2023.12's `clip(x, /, min=None,
    /// max=None)`): each bound is a scalar, an array broadcast against `x` (the result has
    /// the broadcast shape of `x` and the array bounds, as in numpy) or absent
    /// ([`ClipBound`]: `None::<f64>`, `ClipBound::None`). The result has `x`'s dtype: scalar bounds are converted to it
    /// first (as `astype` converts), array bounds cast to it, so integer arrays stay integer
    /// and float32 stays float32; float bounds of an integer `x` are rounded inwards first (the
    /// lower one up, the upper one down), so no element lies outside `[min, max]`; the result is numpy's `minimum(maximum(x, min), max)` in
    /// that dtype. NaN elements stay NaN (numpy), on every backend: each runs `maximum`'s and
    /// `minimum`'s kernel rows ([`crate::engine::family::clip`]). A NaN scalar bound, or scalar
    /// bounds with `min > max`, is `Error::InvalidArgument` on every backend; array bounds
    /// are taken as they are (numpy: where they cross, the result is `max`).
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([1, 5, 9])?; // int32: the bounds rounded inwards to int32 (3, 6)
    /// assert_eq!(ivy::clip(&x, 2.7, 6.5)?.to_vec::<i32>()?, [3, 5, 6]);
    /// assert_eq!(ivy::clip(&x, &ivy::asarray([1.5f32, 5.5, 9.5])?, None::<f64>)?.to_vec::<i32>()?, [2, 6, 10]);
    /// let f = ivy::clip(&ivy::asarray([-1.0f32, f32::NAN, 0.5])?, 0.0, 1.0)?.to_vec::<f32>()?;
    /// assert!(f[0] == 0.0 && f[1].is_nan() && f[2] == 0.5); // NaN stays NaN
    /// assert!(matches!(ivy::clip(&x, 3.0, 1.0), Err(ivy::Error::InvalidArgument { .. })));
    /// // an array bound (broadcast against x), no lower bound
    /// let hi = ivy::asarray([4, 4, 8])?;
    /// assert_eq!(ivy::clip(&x, None::<i64>, &hi)?.to_vec::<i32>()?, [1, 4, 8]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[check(super::clip_bounds)]
    pub fn clip(
        x: &Array,
        min: ClipBound,
        max: ClipBound,
        out: Option<&mut Array>,
    ) -> Result<Array>;

    /// `log(1 + exp(x))`. A mixed family op: ndarray runs the kernel row `Softplus` (stable:
    /// no overflow) instead of this body; candle and calls with no backend set run the body,
    /// with one temporary (`exp(x)`, to which 1 is added in place).
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([0.0f32, 1000.0, -1000.0])?;
    /// let v = ivy::softplus(&x)?.to_vec::<f32>()?;
    /// assert!((v[0] - std::f32::consts::LN_2).abs() < 1e-6);
    /// assert_eq!((v[1], v[2]), (1000.0, 0.0)); // the stable kernel: no overflow to inf
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[mixed]
    #[nestable]
    #[family(unary)]
    pub fn softplus(x: &Array, out: Option<&mut Array>) -> Result<Array> {
        let mut s = exp(x)?;
        s.add_assign(1.0)?;
        log_into(&s, out)
    }

    /// Elements of `x1` where `condition` is true, of `x2` elsewhere, the three broadcast
    /// together; `x1` and `x2` are promoted to one dtype (Ivy's table, as operands are).
    /// `condition` is bool in the standard; any other dtype counts nonzero (and NaN) as
    /// true, as numpy does (candle's `where_cond` takes such a mask: `ne(condition, 0)`).
    ///
    /// ```
    /// ivy::set_backend(ivy::Backend::Ndarray);
    /// let x = ivy::asarray(vec![1.0f32, -2.0, 3.0])?;
    /// let c = ivy::greater(&x, 0.0)?;
    /// assert_eq!(ivy::r#where(&c, &x, 0.0)?.to_f64_vec()?, [1.0, 0.0, 3.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[check(super::where_args -> Vec<usize>)]
    pub fn r#where(
        condition: &Array,
        x1: Operand,
        x2: Operand,
        out: Option<&mut Array>,
    ) -> Result<Array>;
}

#[doc(inline)]
pub use elementwise::*;

/// `remainder` on backend `B` (operands promoted and broadcast-checked by the dispatcher):
/// the kernel row for `modulus = true`, the composed truncated remainder otherwise.
pub(crate) fn remainder_on<B: crate::engine::family::Kernels>(
    x1: &crate::Array,
    x2: &crate::Array,
    modulus: bool,
) -> crate::Result<crate::Array> {
    if modulus {
        crate::engine::family::binary::<B, crate::kernel::rows::Remainder>(x1, x2)
    } else {
        truncated_remainder(x1, x2)
    }
}

/// `remainder` into `out` on backend `B`, the seed's two paths: the kernel row writes into
/// `out` natively (`modulus = true`); the composed truncated remainder ends in ops that do
/// not, so its result is written with `inplace_update` (into `out`'s buffer, cast to
/// `out`'s dtype; `out` must have the result's shape, as every `out` must). `out` is
/// unchanged on error.
pub(crate) fn remainder_on_out<B: crate::engine::family::Kernels>(
    x1: &crate::Array,
    x2: &crate::Array,
    modulus: bool,
    out: &mut crate::Array,
) -> crate::Result<()> {
    const OP: &str = "remainder";
    if modulus {
        return crate::engine::family::binary_out::<B, crate::kernel::rows::Remainder>(x1, x2, out);
    }
    let r = truncated_remainder(x1, x2)?;
    if r.shape() != out.shape() {
        return Err(crate::Error::Shape {
            op: OP,
            lhs: r.shape().to_vec(),
            rhs: out.shape().to_vec(),
            reason: "(result, out) differ: `out` must have the result's shape",
        });
    }
    let kw = crate::InplaceUpdateKw {
        keep_input_dtype: true,
        ..Default::default()
    };
    crate::inplace_update_with(out, &r, kw).map_err(|e| e.with_op(OP))
}

/// C's `fmod` of two arrays of one integer or real float dtype, composed of ops (see
/// [`remainder`]); errors name `remainder`.
fn truncated_remainder(x1: &crate::Array, x2: &crate::Array) -> crate::Result<crate::Array> {
    let fmod = || -> crate::Result<crate::Array> {
        if x1.dtype().is_float() {
            // fmod(a, b) = copysign(fmod(|a|, |b|), a), and for |a|, |b| the floored
            // remainder is fmod itself (numpy's algorithm adjusts only opposite signs)
            copysign(&remainder(&abs(x1)?, &abs(x2)?)?, x1)
        } else {
            // the floored remainder, minus x2 where it is nonzero and the operands' signs
            // differ (exact: |r| < |x2| with r of x2's sign, so r - x2 cannot overflow)
            let r = remainder(x1, x2)?;
            let signs_differ = logical_xor(&less(x1, 0)?, &less(x2, 0)?)?;
            let fix = logical_and(&r, &signs_differ)?;
            r#where(&fix, &subtract(&r, x2)?, &r)
        }
    };
    fmod().map_err(|e| e.with_op("remainder"))
}

/// `where`'s shared check: the three shapes broadcast together.
pub(crate) fn where_args(
    op: &'static str,
    c: &&crate::Array,
    x1: &&crate::Array,
    x2: &&crate::Array,
) -> crate::Result<Vec<usize>> {
    let shape = where_shape(op, c, x1, x2)?;
    crate::kernel::alloc::reserve(op, &shape, x1.dtype())?;
    Ok(shape)
}

/// The shape `where`'s three arguments broadcast to.
pub(crate) fn where_shape(
    op: &'static str,
    c: &crate::Array,
    x1: &crate::Array,
    x2: &crate::Array,
) -> crate::Result<Vec<usize>> {
    let s = crate::engine::checks::broadcast_shapes(op, x1.shape(), x2.shape())?;
    crate::engine::checks::broadcast_shapes(op, c.shape(), &s)
}

/// `clip`'s shared check of its bounds: scalar bounds real numbers, not NaN, and in order
/// when both are scalars (Ivy's rules); array bounds of shapes that broadcast with `x`'s
/// and each other's (the result takes the broadcast shape, as in numpy).
pub(crate) fn clip_bounds(
    op: &'static str,
    x: &&crate::Array,
    min: &crate::ClipBound,
    max: &crate::ClipBound,
) -> crate::Result<()> {
    use crate::ClipBound::Scalar as S;
    use ivy_core::Scalar;
    let mut shape = x.shape().to_vec();
    for b in [min, max].into_iter().filter_map(|b| b.array()) {
        shape = crate::engine::checks::broadcast_shapes(op, &shape, b.shape())?;
    }
    for (name, b) in [("min", min), ("max", max)] {
        match b {
            S(Scalar::Float(v)) if v.is_nan() => {
                return Err(crate::Error::InvalidArgument {
                    op,
                    message: format!(
                        "bounds must be numbers, got {name} = NaN; drop a NaN bound (None) or use +-inf"
                    ),
                });
            }
            S(Scalar::Complex(..)) => {
                return Err(crate::Error::InvalidArgument {
                    op,
                    message: format!(
                        "bounds must be real numbers, got a complex {name}; pass its real part"
                    ),
                });
            }
            _ => {}
        }
    }
    let show = |s: &Scalar| match *s {
        Scalar::Int(i) => i.to_string(),
        s => s.to_f64().to_string(),
    };
    if let (S(lo), S(hi)) = (min, max) {
        // exact between integers (no rounding through f64)
        let crossed = match (lo, hi) {
            (Scalar::Int(a), Scalar::Int(b)) => a > b,
            _ => lo.to_f64() > hi.to_f64(),
        };
        if crossed {
            return Err(crate::Error::InvalidArgument {
                op,
                message: format!(
                    "min ({}) must not exceed max ({}): swap them",
                    show(lo),
                    show(hi)
                ),
            });
        }
    }
    Ok(())
}
