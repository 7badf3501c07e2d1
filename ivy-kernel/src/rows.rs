//! The kernel rows of the element-wise families: one row per op (see [`crate::class`]).
//!
//! A row names its op and gives one generic expression per element class; the same
//! expression runs on ndarray (every dtype) and on candle's host path (its integers, and
//! floats without a `candle` op). `candle(..)` maps the op to candle's own kernel for float
//! tensors. `simd(K)` runs the row's float32 and float64 slices through `ivy_vecmath`'s
//! vectorised kernel `K` (run-time CPU dispatch; ≤ 1 ULP, see that crate) on ndarray, and
//! on candle's host path for a row without a `candle(..)` op; `vecmath(K)` is `simd(K)` and
//! the `real` class from `K`'s `f64` exact path, rounded once. A unary or binary row without `int`/`bool` computes those dtypes in the default
//! float dtype; predicate and comparison rows (bool results) compute exactly their classes.
//! Beyond the Array API's dtypes, a row computes what numpy 2 and both of Ivy's backends
//! answer alike (bools in `abs`, `ceil`, `add`, `less`, …; complex numbers in the ordering
//! comparisons and `max`/`min`); where they disagree (`square`, `pow`, `floor_divide`,
//! `remainder` and the shifts of bools are int8 in numpy and int32 in Ivy's jax backend;
//! `conj` of bools int8 and bool) the row has no class and the dtype is refused.
//!
//! ```
//! use ivy_core::Dtype;
//! use ivy_kernel::class::Kernel;
//! assert_eq!(ivy_kernel::rows::Sin::NAME, "sin");
//! assert!(ivy_kernel::rows::Sin::SUPPORTED.contains(Dtype::Int8)); // as float32
//! assert!(!ivy_kernel::rows::Negative::SUPPORTED.contains(Dtype::Bool));
//! assert!(ivy_kernel::rows::Signbit::SUPPORTED.contains(Dtype::Int8)); // as numpy
//! assert!(ivy_kernel::rows::Less::SUPPORTED.contains(Dtype::Complex64)); // lexicographic
//! assert!(!ivy_kernel::rows::Square::SUPPORTED.contains(Dtype::Bool)); // numpy ≠ Ivy
//! ```

crate::unary_kernels! {
    /// Tangent (candle has no `tan`: `sin / cos` there). Complex: C99 Annex G, as numpy
    /// (`ctan(z) = -i ctanh(iz)`, Kahan's `ctanh`: no cancellation near the poles).
    Tan: "tan",
        real(x => x.tan()),
        simd(Tan),
        complex(z => crate::complex_math::ctan(z)),
        candle(t => t.sin()?.div(&t.cos()?));
    /// Sine. Complex: C99 Annex G, as numpy (`csin(z) = -i csinh(iz)`).
    Sin: "sin",
        real(x => x.sin()),
        simd(Sin),
        complex(z => crate::complex_math::csin(z)),
        candle(t => t.sin());
    /// Cosine. Complex: C99 Annex G, as numpy (`ccos(z) = ccosh(iz)`).
    Cos: "cos",
        real(x => x.cos()),
        simd(Cos),
        complex(z => crate::complex_math::ccos(z)),
        candle(t => t.cos());
    /// Hyperbolic sine (candle has no `sinh`: the row's kernel on the host there).
    /// Complex: C99 Annex G, as numpy.
    Sinh: "sinh", real(x => x.sinh()), simd(Sinh), complex(z => crate::complex_math::csinh(z));
    /// Hyperbolic cosine (candle has no `cosh`: the row's kernel on the host there).
    /// Complex: C99 Annex G, as numpy.
    Cosh: "cosh", real(x => x.cosh()), simd(Cosh), complex(z => crate::complex_math::ccosh(z));
    /// Hyperbolic tangent. Complex: C99 Annex G, as numpy (Kahan's `ctanh`), except the
    /// Array API's `tanh(±inf + iy) = ±1 + 0j` with `y`'s sign (numpy: `0·sin(2y)`).
    Tanh: "tanh",
        real(x => x.tanh()),
        simd(Tanh),
        complex(z => crate::complex_math::ctanh(z)),
        candle(t => t.tanh());
    /// Natural logarithm.
    Log: "log", float(x => x.ln()), simd(Log), candle(t => t.log());
    /// Exponential.
    Exp: "exp", float(x => x.exp()), simd(Exp), candle(t => t.exp());
    /// Numerical negative (wrapping for integers: `-(-128i8) == -128`).
    Negative: "negative", int(x => x.wrapping_neg()), float(x => -x), candle(t => t.neg());
    /// Inverse cosine. Complex (and the other inverse functions): C99 Annex G branch cuts
    /// and special values, Hull, Fairgrieve and Tang's algorithms (FreeBSD's `catrig.c`, as
    /// numpy).
    Acos: "acos", real(x => x.acos()), simd(Acos), complex(z => crate::complex_catrig::cacos(z));
    /// Inverse sine.
    Asin: "asin", real(x => x.asin()), simd(Asin), complex(z => crate::complex_catrig::casin(z));
    /// Inverse tangent.
    Atan: "atan", real(x => x.atan()), simd(Atan), complex(z => crate::complex_catrig::catan(z));
    /// Inverse hyperbolic cosine (complex: `acosh(±0 + NaN j) = NaN + πj/2`, the Array API's).
    Acosh: "acosh", real(x => x.acosh()), simd(Acosh), complex(z => crate::complex_catrig::cacosh(z));
    /// Inverse hyperbolic sine.
    Asinh: "asinh", real(x => x.asinh()), simd(Asinh), complex(z => crate::complex_catrig::casinh(z));
    /// Inverse hyperbolic tangent.
    Atanh: "atanh", real(x => x.atanh()), simd(Atanh), complex(z => crate::complex_catrig::catanh(z));
    /// `exp(x) - 1`, accurate near 0. Complex: numpy's formula (no cancellation near 0), with
    /// the Array API's special values for non-finite and real arguments.
    Expm1: "expm1", real(x => x.exp_m1()), simd(Expm1), complex(z => crate::complex_math::cexpm1(z));
    /// `log(1 + x)`, accurate near 0.
    Log1p: "log1p", real(x => x.ln_1p()), simd(Log1p), complex(z => crate::complex_math::clog1p(z));
    /// The error function, real only: computed in float64 by libm's `erf` (musl's, ≤ 1 ULP)
    /// and rounded once (float16, bfloat16 and float32 included). Candle: its own `erf`.
    Erf: "erf",
        real(x => T::from_f64(libm::erf(crate::elem::Elem::to_f64(x)))),
        candle(t => t.erf());
    /// The complementary error function `1 - erf(x)`, accurate where `erf(x)` is near 1
    /// (libm's `erfc`, float64, rounded once). Candle: on the CPU an op of ivy's own that
    /// differentiates (`candle_ops::erfc`), on a GPU `1 - erf(x)`.
    Erfc: "erfc",
        real(x => T::from_f64(libm::erfc(crate::elem::Elem::to_f64(x)))),
        candle(t => crate::candle_ops::erfc(t));
    /// Base-2 logarithm. Complex: `ln(z) · log2(e)`, as numpy.
    Log2: "log2", real(x => x.log2()), simd(Log2), complex(z => z.ln() * T::LOG2_E());
    /// Base-10 logarithm. Complex: `ln(z) · log10(e)`, as numpy.
    Log10: "log10", real(x => x.log10()), simd(Log10), complex(z => z.ln() * T::LOG10_E());
    /// Square root. Complex: the principal branch, C99 Annex G special values (FreeBSD's
    /// `csqrt`, as numpy).
    Sqrt: "sqrt", real(x => x.sqrt()), simd(Sqrt), complex(z => crate::complex_math::csqrt(z)), candle(t => t.sqrt());
    /// `x * x` (wrapping for integers).
    Square: "square", int(x => x.wrapping_mul(&x)), float(x => x * x), candle(t => t.sqr());
    /// -1, 0 or 1 (NaN for NaN, `+0.0` for either zero); complex: `z / |z|` (0 for 0, NaN for
    /// a NaN component), the Array API's and numpy 2's definition. Candle's `sign` gives 0
    /// for NaN: not used.
    Sign: "sign",
        int(x => crate::real_math::int_sign(x)),
        real(x => crate::real_math::sign(x)),
        complex(z => crate::complex_math::csign(z));
    /// `+x`: a copy.
    Positive: "positive", int(x => x), float(x => x), candle(t => Ok(t.clone()));
    /// Complex conjugate; the identity for real numbers.
    Conj: "conj", int(x => x), real(x => x), complex(z => z.conj()), candle(t => Ok(t.clone()));
    /// Rounds toward +infinity; the identity for integers and bools (numpy 2 and Ivy).
    Ceil: "ceil", int(x => x), real(x => x.ceil()), bool(x => x), simd(Ceil), candle(t => t.ceil());
    /// Rounds toward -infinity; the identity for integers and bools.
    Floor: "floor", int(x => x), real(x => x.floor()), bool(x => x), simd(Floor), candle(t => t.floor());
    /// Rounds toward zero; the identity for integers and bools.
    Trunc: "trunc", int(x => x), real(x => x.trunc()), bool(x => x), simd(Trunc);
    /// Rounds to the nearest integer, ties to even (candle's `round` ties away from zero:
    /// not used); complex: each component; the identity for integers.
    Round: "round",
        int(x => x),
        real(x => crate::real_math::round_half_even(x)),
        simd(RoundEven),
        complex(z => crate::complex_math::cround(z));
    /// Bitwise NOT of integers; logical NOT of bools.
    BitwiseInvert: "bitwise_invert", int(x => !x), bool(x => !x);
    /// Absolute value (wrapping for integers: `abs(-128i8) == -128`, as numpy); the
    /// identity for bools (numpy and Ivy); complex: the modulus `hypot(re, im)`, a real array.
    Abs: "abs",
        int(x => crate::real_math::int_abs(x)),
        real(x => x.abs()),
        bool(x => x),
        to_real(z => z.re.hypot(z.im)),
        candle(t => t.abs());
    /// The real component: a real array for complex input; the identity for real input.
    Real: "real", int(x => x), real(x => x), bool(x => x), to_real(z => z.re), candle(t => Ok(t.clone()));
    /// The imaginary component: a real array for complex input; zeros for real input.
    Imag: "imag",
        int(_ => T::zero()),
        real(_ => T::zero()),
        bool(_ => false),
        to_real(z => z.im),
        candle(t => t.zeros_like());
    /// `log(1 + exp(x))`, stably for reals (`max(x, 0) + log1p(exp(-|x|))`: no overflow,
    /// and `exp(x)` for very negative `x`). Candle: the same, with `candle_log1p`.
    Softplus: "softplus",
        real(x => x.max(T::zero()) + (-x.abs()).exp().ln_1p()),
        simd(Softplus),
        complex(z => (z.exp() + num_complex::Complex::new(T::one(), T::zero())).ln()),
        candle(t => candle_softplus(t));
    /// The logistic sigmoid `1 / (1 + e^-x)`, stably from `z = e^-|x|` (`1 / (1 + z)` for
    /// `x ≥ 0`, `z / (1 + z)` below: nothing overflows), one element at a time in float64,
    /// rounded once (float16 and bfloat16 too); float32 and float64 slices vectorised
    /// (`ivy_vecmath::Sigmoid`, within about half an ULP).
    Sigmoid: "sigmoid", vecmath(Sigmoid);
    /// GELU, `x Φ(x) = x erfc(−x/√2) / 2`: one element at a time by libm's `erfc` in float64,
    /// rounded once; float32 slices vectorised (`ivy_vecmath::Gelu`, in float64, within half
    /// an ULP). Below −40, −0.
    Gelu: "gelu", vecmath(Gelu);
    /// GELU's tanh form (`gelu(x, approximate = true)`), `x σ(2 √(2/π) (x + 0.044715 x³))`:
    /// one element at a time in float64, rounded once; float32 and float64 slices vectorised
    /// (`ivy_vecmath::GeluTanh`: float64 within 1.5 ULP above x = −21, below which results
    /// under 1e-307 take the plain formula; float32 half an ULP).
    GeluTanh: "gelu", vecmath(GeluTanh);
    /// SiLU (swish), `x σ(x)`, from `z = e^-|x|` (nothing overflows): one element at a time
    /// in float64 (`x σ(x)`, libm's `exp`: within 2.5 ULP for float64), rounded once for
    /// float32 and the half types; float32 and float64 slices vectorised
    /// (`ivy_vecmath::Silu`: float32 within half an ULP, float64 0.54 ULP above −680 and
    /// 1.5 below). −∞ gives NaN, as `x σ(x)` does.
    Silu: "silu", vecmath(Silu);
    /// The hard swish `x · clip(x + 3, 0, 6) / 6`, each step rounded in the input's float
    /// dtype (`real_math::hardswish`, vectorised by the compiler).
    Hardswish: "hardswish", real(x => crate::real_math::hardswish(x));
    /// Mish, `x tanh(softplus(x))`, from `z = e^-|x|` (nothing overflows): one element at a
    /// time by libm in float64 (numpy's formula), rounded once; float32 and float64 slices
    /// vectorised (`ivy_vecmath::Mish`: float64 within 1.5 ULP, float32 half an ULP).
    Mish: "mish", vecmath(Mish);
}

crate::binary_kernels! {
    /// `a + b` (wrapping for integers); logical OR for bools (numpy and Ivy: a bool result).
    Add: "add", int(a, b => a.wrapping_add(&b)), float(a, b => a + b), bool(a, b => a | b),
        candle(a, b => a.broadcast_add(b));
    /// `a - b` (wrapping for integers).
    Subtract: "subtract", int(a, b => a.wrapping_sub(&b)), float(a, b => a - b), candle(a, b => a.broadcast_sub(b));
    /// `a * b` (wrapping for integers); logical AND for bools (numpy and Ivy: a bool result).
    Multiply: "multiply", int(a, b => a.wrapping_mul(&b)), float(a, b => a * b), bool(a, b => a & b),
        candle(a, b => a.broadcast_mul(b));
    /// True division: integers and bools divide as floats (float64 for int64 and uint64,
    /// else the default float dtype: [`ivy_core::int_float_dtype`]). Complex: Smith's method
    /// (numpy's), so no intermediate overflows where the quotient does not.
    Divide: "divide",
        real(a, b => a / b),
        complex(a, b => crate::complex_math::cdiv(a, b)),
        simd(Divide),
        candle(a, b => a.broadcast_div(b));
    /// `atan2(x1, x2)`: the angle of the point `(x2, x1)`, with C99's signed zeros.
    Atan2: "atan2", real(a, b => a.atan2(b)), simd(Atan2);
    /// `x1` with the sign bit of `x2`.
    Copysign: "copysign", real(a, b => a.copysign(b));
    /// `sqrt(x1² + x2²)` without overflow.
    Hypot: "hypot", real(a, b => a.hypot(b)), simd(Hypot);
    /// `log(exp(x1) + exp(x2))` without overflow (numpy's algorithm).
    Logaddexp: "logaddexp", real(a, b => crate::real_math::logaddexp(a, b)), simd(Logaddexp);
    /// The leaky ReLU with slope `b`: `a` where `a > 0`, else `a · b` (`leaky_relu`'s
    /// `where(x > 0, x, x * alpha)` in one pass, rounded alike; NaN stays NaN).
    LeakyRelu: "leaky_relu", real(a, b => if a > T::zero() { a } else { a * b });
    /// Heaviside step: 0 for `x1 < 0`, `x2` for `x1 == 0` (either sign of zero), 1 for
    /// `x1 > 0`; NaN `x1` stays NaN (numpy's `heaviside`).
    Heaviside: "heaviside",
        real(a, b => if a < T::zero() { T::zero() } else if a > T::zero() { T::one() } else if a == T::zero() { b } else { a });
    /// `x1 ** x2`. Integers: wrapping; a negative exponent gives the result truncated toward
    /// zero (1 for base 1, ±1 for base -1, else 0; numpy raises). Complex: numpy's
    /// `nc_pow`. Candle's `pow` is `exp(x2 · ln(x1))` (NaN for a negative base): not used.
    Pow: "pow",
        int(a, b => crate::real_math::int_pow(a, b)),
        real(a, b => a.powf(b)),
        simd(Pow),
        complex(a, b => crate::complex_math::cpow(a, b));
    /// Python's `x1 % x2` (the sign of `x2`). Integers: `x % 0 == 0` (numpy's value);
    /// floats: `x % 0` is NaN.
    Remainder: "remainder",
        int(a, b => crate::real_math::int_remainder(a, b)),
        int_by(xs, b, out => crate::divisor::remainder_by(xs, b, out)),
        real(a, b => crate::real_math::remainder(a, b));
    /// Python's `x1 // x2` (toward -infinity). Integers: `x // 0 == 0` (numpy's value),
    /// `MIN // -1 == MIN` (wrapping); floats: `x // 0` is `x / 0`.
    FloorDivide: "floor_divide",
        int(a, b => crate::real_math::int_floor_divide(a, b)),
        int_by(xs, b, out => crate::divisor::floor_divide_by(xs, b, out)),
        real(a, b => crate::real_math::floor_divide(a, b));
    /// Bitwise AND of integers; logical AND of bools.
    BitwiseAnd: "bitwise_and", int(a, b => a & b), bool(a, b => a & b);
    /// Bitwise OR of integers; logical OR of bools.
    BitwiseOr: "bitwise_or", int(a, b => a | b), bool(a, b => a | b);
    /// Bitwise XOR of integers; logical XOR of bools.
    BitwiseXor: "bitwise_xor", int(a, b => a ^ b), bool(a, b => a ^ b);
    /// `x1 << x2`: 0 once `x2` reaches the bit width or is negative (numpy).
    BitwiseLeftShift: "bitwise_left_shift", int(a, b => crate::real_math::shl(a, b));
    /// `x1 >> x2`, arithmetic for signed dtypes: past the bit width (or negative), -1 for a
    /// negative `x1`, else 0 (numpy).
    BitwiseRightShift: "bitwise_right_shift", int(a, b => crate::real_math::shr(a, b));
    /// The larger of `a` and `b`; NaN if either is NaN (numpy's `maximum`; candle's own
    /// `maximum`, which differentiates, keeps `a` when `b` is NaN: corrected by
    /// `nan_wins`); complex
    /// numbers in numpy's lexicographic order (`complex_less`: a number with a NaN
    /// component wins, the first one if both have one); `or` for bools.
    Maximum: "maximum",
        simd(Maximum),
        fold(Maximum),
        int(a, b => a.max(b)),
        real(a, b => if a >= b || a.is_nan() { a } else { b }),
        complex(a, b => if complex_nan(a) || complex_less(b, a, true) { a } else { b }),
        bool(a, b => a | b),
        candle(a, b => nan_wins(b, a.broadcast_maximum(b)?));
    /// The smaller of `a` and `b`; NaN if either is NaN (numpy's `minimum`).
    Minimum: "minimum",
        simd(Minimum),
        fold(Minimum),
        int(a, b => a.min(b)),
        real(a, b => if a <= b || a.is_nan() { a } else { b }),
        complex(a, b => if complex_nan(a) || complex_less(a, b, true) { a } else { b }),
        bool(a, b => a & b),
        candle(a, b => nan_wins(b, a.broadcast_minimum(b)?));
}

crate::predicate_kernels! {
    /// NaN; complex: either component NaN. Never for integers and bools.
    Isnan: "isnan",
        int(_ => false),
        real(x => x.is_nan()),
        complex(z => z.re.is_nan() || z.im.is_nan()),
        bool(_ => false),
        candle(t => t.ne(t));
    /// ±infinity; complex: either component infinite (even when the other is NaN). Never
    /// for integers and bools.
    Isinf: "isinf",
        int(_ => false),
        real(x => x.is_infinite()),
        complex(z => z.re.is_infinite() || z.im.is_infinite()),
        bool(_ => false),
        candle(t => not_finite(t)?.minimum(&t.eq(t)?));
    /// Finite; complex: both components finite. Always for integers and bools.
    Isfinite: "isfinite",
        int(_ => true),
        real(x => x.is_finite()),
        complex(z => z.re.is_finite() && z.im.is_finite()),
        bool(_ => true),
        candle(t => not_finite(t)?.eq(0.0));
    /// Logical NOT: true where `x` is zero (false) — every dtype, as Ivy casts to bool;
    /// complex: both components zero.
    LogicalNot: "logical_not",
        int(x => x == T::zero()),
        real(x => x == T::zero()),
        complex(z => z.re == T::zero() && z.im == T::zero()),
        bool(x => !x),
        candle(t => t.eq(0.0));
    /// The sign bit is set: -0.0, negative numbers and NaNs with the sign bit; for integers
    /// `x < 0`, for bools never (numpy and Ivy; the Array API names real floats only).
    Signbit: "signbit",
        int(x => x < T::zero()),
        real(x => x.is_sign_negative()),
        bool(_ => false);
}

crate::compare_kernels! {
    /// Logical AND of the operands' truth values (nonzero is true; NaN is true).
    LogicalAnd: "logical_and",
        int(a, b => a != T::zero() && b != T::zero()),
        real(a, b => a != T::zero() && b != T::zero()),
        complex(a, b => (a.re != T::zero() || a.im != T::zero()) && (b.re != T::zero() || b.im != T::zero())),
        bool(a, b => a && b),
        candle(a, b => a.ne(0.0)?.broadcast_minimum(&b.ne(0.0)?));
    /// Logical OR of the operands' truth values.
    LogicalOr: "logical_or",
        int(a, b => a != T::zero() || b != T::zero()),
        real(a, b => a != T::zero() || b != T::zero()),
        complex(a, b => a.re != T::zero() || a.im != T::zero() || b.re != T::zero() || b.im != T::zero()),
        bool(a, b => a || b),
        candle(a, b => a.ne(0.0)?.broadcast_maximum(&b.ne(0.0)?));
    /// Logical XOR of the operands' truth values.
    LogicalXor: "logical_xor",
        int(a, b => (a != T::zero()) != (b != T::zero())),
        real(a, b => (a != T::zero()) != (b != T::zero())),
        complex(a, b => (a.re != T::zero() || a.im != T::zero()) != (b.re != T::zero() || b.im != T::zero())),
        bool(a, b => a != b),
        candle(a, b => a.ne(0.0)?.broadcast_ne(&b.ne(0.0)?));
    /// `a == b`: NaN equals nothing; complex numbers are equal when both components are.
    Equal: "equal", int(a, b => a == b), float(a, b => a == b), bool(a, b => a == b),
        candle(a, b => a.broadcast_eq(b));
    /// `a != b`: true where either is NaN.
    NotEqual: "not_equal", int(a, b => a != b), float(a, b => a != b), bool(a, b => a != b),
        candle(a, b => a.broadcast_ne(b));
    /// `a < b`; NaN compares false. Beyond the Array API's real numbers, as numpy and Ivy:
    /// bools as 0 and 1, complex numbers lexicographically (`complex_less`: real parts,
    /// then imaginary parts; false when a component is NaN).
    Less: "less", int(a, b => a < b), real(a, b => a < b), bool(a, b => !a & b),
        complex(a, b => complex_less(a, b, false)), candle(a, b => a.broadcast_lt(b));
    /// `a <= b`.
    LessEqual: "less_equal", int(a, b => a <= b), real(a, b => a <= b), bool(a, b => a <= b),
        complex(a, b => complex_less(a, b, true)), candle(a, b => a.broadcast_le(b));
    /// `a > b`.
    Greater: "greater", int(a, b => a > b), real(a, b => a > b), bool(a, b => a & !b),
        complex(a, b => complex_less(b, a, false)), candle(a, b => a.broadcast_gt(b));
    /// `a >= b`.
    GreaterEqual: "greater_equal", int(a, b => a >= b), real(a, b => a >= b), bool(a, b => a >= b),
        complex(a, b => complex_less(b, a, true)), candle(a, b => a.broadcast_ge(b));
}

crate::reduce_kernels! {
    /// Sum: `add` folded, integers wrapping (their sums widen first: see
    /// [`Accumulate::Widen`](crate::class::Accumulate::Widen)). Candle sums floats with its
    /// own kernel, integers on the host (its integer sum panics on overflow in debug builds).
    Sum: "sum", fold Add, identity Some(0), accumulate Widen, dtypes ::ivy_core::DtypeSet::VALID,
        candle(t, axes => t.sum_keepdim(axes));
    /// Product: `multiply` folded, integers wrapping (widened first, as `sum`). Candle has
    /// no product: the host fold there (CPU).
    Prod: "prod", fold Multiply, identity Some(1), accumulate Widen, dtypes ::ivy_core::DtypeSet::VALID;
    /// Maximum: NaN if any element is NaN (the standard; candle's own `max` skips NaN, so
    /// its result is corrected where a NaN was seen). No identity: an empty axis is an
    /// error. Every dtype: complex numbers (outside the standard) in numpy's lexicographic
    /// order, the first number with a NaN component winning, as `maximum` folds them.
    Max: "max", fold Maximum, identity None, accumulate Keep,
        dtypes ::ivy_core::DtypeSet::VALID,
        candle(t, axes => crate::candle_ops::extreme(t, axes, true)) with ints;
    /// Minimum, as [`Max`].
    Min: "min", fold Minimum, identity None, accumulate Keep,
        dtypes ::ivy_core::DtypeSet::VALID,
        candle(t, axes => crate::candle_ops::extreme(t, axes, false)) with ints;
    /// Whether every element is nonzero (`true` for an empty reduction).
    All: "all", fold BitwiseAnd, identity Some(1), accumulate Bool, dtypes ::ivy_core::DtypeSet::VALID,
        candle(t, axes => crate::candle_ops::extreme(t, axes, false)) with ints;
    /// Whether any element is nonzero (`false` for an empty reduction).
    Any: "any", fold BitwiseOr, identity Some(0), accumulate Bool, dtypes ::ivy_core::DtypeSet::VALID,
        candle(t, axes => crate::candle_ops::extreme(t, axes, true)) with ints;
}

/// numpy's lexicographic order of complex numbers (its `CLT` / `CLE`): `a < b` (`a <= b`
/// with `or_equal`) when `a`'s real part is smaller and neither imaginary part is NaN, or
/// the real parts are equal and `a`'s imaginary part is smaller (or equal). Any NaN
/// component makes it false.
#[cfg_attr(not(debug_assertions), inline(always))]
fn complex_less<T: crate::elem::RealElem>(
    a: num_complex::Complex<T>,
    b: num_complex::Complex<T>,
    or_equal: bool,
) -> bool {
    let imag = if or_equal { a.im <= b.im } else { a.im < b.im };
    (a.re < b.re && !a.im.is_nan() && !b.im.is_nan()) || (a.re == b.re && imag)
}

/// Either component of `z` is NaN.
#[cfg_attr(not(debug_assertions), inline(always))]
fn complex_nan<T: crate::elem::RealElem>(z: num_complex::Complex<T>) -> bool {
    z.re.is_nan() || z.im.is_nan()
}

/// Candle's softplus, `max(x, 0) + log1p(exp(-|x|))`; float16 and bfloat16 computed in
/// float32 and rounded once, as the host kernels do.
#[cfg(feature = "candle")]
fn candle_softplus(t: &candle_core::Tensor) -> candle_core::Result<candle_core::Tensor> {
    use candle_core::DType;
    let half = matches!(t.dtype(), DType::F16 | DType::BF16);
    let x = if half {
        t.to_dtype(DType::F32)?
    } else {
        t.clone()
    };
    let r = x
        .maximum(0.0)?
        .add(&candle_log1p(&x.abs()?.neg()?.exp()?)?)?;
    if half {
        r.to_dtype(t.dtype())
    } else {
        Ok(r)
    }
}

/// Candle has no `log1p`: `log(u) · y / (u - 1)` with `u = 1 + y` (Goldberg's correction,
/// a few ULP; `y` itself where `u` rounds to 1), for float tensors.
#[cfg(feature = "candle")]
fn candle_log1p(y: &candle_core::Tensor) -> candle_core::Result<candle_core::Tensor> {
    let u = y.affine(1.0, 1.0)?;
    let d = u.affine(1.0, -1.0)?;
    let r = u.log()?.mul(&y.div(&d)?)?;
    d.eq(0.0)?.where_cond(y, &r)
}

/// Candle's `maximum`/`minimum` result `r` of `a` and `b` with numpy's NaN semantics:
/// candle's kernels (`maximum`: `if a < b { b } else { a }`, `minimum` alike) already give
/// a NaN `a`, so only where `b` is NaN (the `ne(b, b)` mask, as the reduce family restores NaN) the result is `b`. Each
/// element of `r` comes from `a` or `b` through `where_cond`: gradients flow to the operand
/// chosen.
#[cfg(feature = "candle")]
fn nan_wins(
    b: &candle_core::Tensor,
    r: candle_core::Tensor,
) -> candle_core::Result<candle_core::Tensor> {
    let shape = r.shape().clone();
    let b = b.broadcast_as(&shape)?;
    b.ne(&b)?.where_cond(&b, &r)
}

/// Candle: 1 where `t` is not finite (`t - t` is NaN for ±inf and NaN, 0 otherwise; exact
/// for every dtype candle holds, integers and bools giving 0), as a u8 tensor.
#[cfg(feature = "candle")]
fn not_finite(t: &candle_core::Tensor) -> candle_core::Result<candle_core::Tensor> {
    t.sub(t)?.ne(0.0)
}
