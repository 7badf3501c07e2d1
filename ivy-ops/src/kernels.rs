//! The kernel rows of the element-wise families: one row per op (see [`crate::family`](mod@crate::family)).
//!
//! A row names its op and gives one generic expression per element class; the same
//! expression runs on ndarray (every dtype) and on candle's host path (its integers, and
//! floats without a `candle` op). `candle(..)` maps the op to candle's own kernel for float
//! tensors. A unary or binary row without `int`/`bool` computes those dtypes in the default
//! float dtype; predicate and comparison rows (bool results) compute exactly their classes.
//!
//! ```
//! use ivy::family::Kernel;
//! assert_eq!(ivy::kernels::Sin::NAME, "sin");
//! assert!(ivy::kernels::Sin::SUPPORTED.contains(ivy::Dtype::Int8)); // as float32
//! assert!(!ivy::kernels::Negative::SUPPORTED.contains(ivy::Dtype::Bool));
//! assert!(!ivy::kernels::Signbit::SUPPORTED.contains(ivy::Dtype::Int8)); // real floats only
//! assert!(!ivy::kernels::Less::SUPPORTED.contains(ivy::Dtype::Complex64));
//! ```

crate::unary_kernels! {
    /// Tangent (candle has no `tan`: `sin / cos` there). Complex: C99 Annex G, as numpy
    /// (`ctan(z) = -i ctanh(iz)`, Kahan's `ctanh`: no cancellation near the poles).
    Tan: "tan",
        real(x => x.tan()),
        complex(z => crate::complex_math::ctan(z)),
        candle(t => t.sin()?.div(&t.cos()?));
    /// Sine. Complex: C99 Annex G, as numpy (`csin(z) = -i csinh(iz)`).
    Sin: "sin",
        real(x => x.sin()),
        complex(z => crate::complex_math::csin(z)),
        candle(t => t.sin());
    /// Cosine. Complex: C99 Annex G, as numpy (`ccos(z) = ccosh(iz)`).
    Cos: "cos",
        real(x => x.cos()),
        complex(z => crate::complex_math::ccos(z)),
        candle(t => t.cos());
    /// Hyperbolic sine (candle has no `sinh`: the row's kernel on the host there).
    /// Complex: C99 Annex G, as numpy.
    Sinh: "sinh", real(x => x.sinh()), complex(z => crate::complex_math::csinh(z));
    /// Hyperbolic cosine (candle has no `cosh`: the row's kernel on the host there).
    /// Complex: C99 Annex G, as numpy.
    Cosh: "cosh", real(x => x.cosh()), complex(z => crate::complex_math::ccosh(z));
    /// Hyperbolic tangent. Complex: C99 Annex G, as numpy (Kahan's `ctanh`).
    Tanh: "tanh",
        real(x => x.tanh()),
        complex(z => crate::complex_math::ctanh(z)),
        candle(t => t.tanh());
    /// Natural logarithm.
    Log: "log", float(x => x.ln()), candle(t => t.log());
    /// Exponential.
    Exp: "exp", float(x => x.exp()), candle(t => t.exp());
    /// Numerical negative (wrapping for integers: `-(-128i8) == -128`).
    Negative: "negative", int(x => x.wrapping_neg()), float(x => -x), candle(t => t.neg());
    /// `log(1 + exp(x))`, stably for reals.
    Softplus: "softplus",
        real(x => x.max(T::zero()) + (-x.abs()).exp().ln_1p()),
        complex(z => (z.exp() + num_complex::Complex::new(T::one(), T::zero())).ln());
}

crate::binary_kernels! {
    /// `a + b` (wrapping for integers).
    Add: "add", int(a, b => a.wrapping_add(&b)), float(a, b => a + b), candle(a, b => a.broadcast_add(b));
    /// `a - b` (wrapping for integers).
    Subtract: "subtract", int(a, b => a.wrapping_sub(&b)), float(a, b => a - b), candle(a, b => a.broadcast_sub(b));
    /// `a * b` (wrapping for integers).
    Multiply: "multiply", int(a, b => a.wrapping_mul(&b)), float(a, b => a * b), candle(a, b => a.broadcast_mul(b));
    /// True division: integers and bools divide in the default float dtype.
    Divide: "divide", float(a, b => a / b), candle(a, b => a.broadcast_div(b));
    /// The larger of `a` and `b`; NaN if either is NaN (numpy's `maximum`); complex
    /// numbers compare lexicographically; `or` for bools.
    Maximum: "maximum",
        int(a, b => a.max(b)),
        real(a, b => if a >= b || a.is_nan() { a } else { b }),
        complex(a, b => if (a.re, a.im) >= (b.re, b.im) || a.re.is_nan() || a.im.is_nan() { a } else { b }),
        bool(a, b => a | b);
    /// The smaller of `a` and `b`; NaN if either is NaN (numpy's `minimum`).
    Minimum: "minimum",
        int(a, b => a.min(b)),
        real(a, b => if a <= b || a.is_nan() { a } else { b }),
        complex(a, b => if (a.re, a.im) <= (b.re, b.im) || a.re.is_nan() || a.im.is_nan() { a } else { b }),
        bool(a, b => a & b);
}

crate::predicate_kernels! {
    /// NaN; complex: either component NaN. Never for integers and bools.
    Isnan: "isnan",
        int(_ => false),
        real(x => x.is_nan()),
        complex(z => z.re.is_nan() || z.im.is_nan()),
        bool(_ => false);
    /// ±infinity; complex: either component infinite (even when the other is NaN). Never
    /// for integers and bools.
    Isinf: "isinf",
        int(_ => false),
        real(x => x.is_infinite()),
        complex(z => z.re.is_infinite() || z.im.is_infinite()),
        bool(_ => false);
    /// Finite; complex: both components finite. Always for integers and bools.
    Isfinite: "isfinite",
        int(_ => true),
        real(x => x.is_finite()),
        complex(z => z.re.is_finite() && z.im.is_finite()),
        bool(_ => true);
    /// The sign bit is set: -0.0, negative numbers and NaNs with the sign bit (real floats
    /// only, as the Array API specifies).
    Signbit: "signbit", real(x => x.is_sign_negative());
}

crate::compare_kernels! {
    /// `a == b`: NaN equals nothing; complex numbers are equal when both components are.
    Equal: "equal", int(a, b => a == b), float(a, b => a == b), bool(a, b => a == b);
    /// `a != b`: true where either is NaN.
    NotEqual: "not_equal", int(a, b => a != b), float(a, b => a != b), bool(a, b => a != b);
    /// `a < b` (real numbers only, as the Array API specifies; NaN compares false).
    Less: "less", int(a, b => a < b), real(a, b => a < b);
    /// `a <= b`.
    LessEqual: "less_equal", int(a, b => a <= b), real(a, b => a <= b);
    /// `a > b`.
    Greater: "greater", int(a, b => a > b), real(a, b => a > b);
    /// `a >= b`.
    GreaterEqual: "greater_equal", int(a, b => a >= b), real(a, b => a >= b);
}
