//! Layers and activations: `softmax`, `log_softmax`, `logsumexp`, `relu`, `sigmoid`,
//! `leaky_relu`, `silu`, `hardswish`, `mish`, `gelu`, `linear` and the seed's container-dependent
//! `multi_head_attention`, each a composition of ivy ops (so they run, and differentiate on
//! candle, wherever those ops do); `sigmoid`, `silu`, `hardswish`, `mish`, `gelu` and
//! `leaky_relu` are mixed: ndarray runs kernel rows instead (the first four declare theirs
//! with `#[family(unary)]`; `gelu`, two rows picked by `approximate`, and `leaky_relu`, a
//! binary row of `x` and `alpha`, are overridden in ndarray's `layers.rs`).

// `multi_head_attention` has Ivy's signature (eleven arguments), and its projection
// closures (`Option<&dyn Fn(..)>`) are spelled out there, where the category macro sees
// that no value can give them (an alias would hide the closure from it): in every
// generated form
#![allow(clippy::type_complexity, clippy::too_many_arguments)]

/// `gelu`'s constants, outside the category module (where `-K` reads as `negative`).
mod gelu_consts {
    /// `-1/√2`: `Φ(x) = ½·erfc(-x/√2)`.
    pub const NEG_FRAC_1_SQRT_2: f64 = -std::f64::consts::FRAC_1_SQRT_2;
    /// `2·√(2/π)`: `½(1 + tanh(u)) = sigmoid(2u)`.
    pub const TANH_TO_SIGMOID: f64 = 2.0 * 0.797_884_560_802_865_4;
    /// The cubic coefficient of the tanh form.
    pub const CUBIC: f64 = 0.044_715;
    /// Below this, `x·Φ(x)` is below float64's smallest subnormal: the result is `-0.0`
    /// (not `-inf·0`, NaN, at `-inf`).
    pub const UNDERFLOW: f64 = -40.0;
}

/// Layers and activations.
#[ivy_macros::category(support_docs = "docs/support")]
pub mod layers {
    use crate::engine::indexing::Idx;
    use crate::prelude::{MaxKw, SumKw};
    use crate::{Array, Container, Error, Result};

    /// `e^x / sum(e^x)` along `axis` (default -1), computed as `e^(x - max) / sum(...)`
    /// so that large inputs do not overflow (Ivy's `softmax`). Integer inputs are computed
    /// in the default float dtype.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([[1.0f32, 2.0, 3.0], [1000.0, 1000.0, 1000.0]])?;
    /// let s = ivy::softmax(&x)?.to_vec::<f32>()?;
    /// let e = [1f32.exp(), 2f32.exp(), 3f32.exp()];
    /// let total: f32 = e.iter().sum();
    /// assert!((s[2] - e[2] / total).abs() < 1e-6);
    /// assert_eq!(&s[3..], [1.0 / 3.0; 3]); // no overflow
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[nestable]
    pub fn softmax(
        x: &Array,
        #[kw(default = -1)] axis: i64,
        out: Option<&mut Array>,
    ) -> Result<Array> {
        let x = float_input(x)?;
        // a 0-d array is its own softmax over "every" axis (torch: 1); an empty array is
        // empty (there is no maximum to subtract); the axis is still checked
        if (x.ndim() == 0 || x.size() == 0) && x.dtype() != crate::Dtype::Bool {
            check_0d_axis("softmax", &x, axis)?;
            return crate::ones_like(&*x).map(Some);
        }
        let m = crate::max_with(
            &x,
            MaxKw {
                axis: Some(vec![axis]),
                keepdims: true,
            },
        )?;
        let e = crate::exp(&crate::subtract(&*x, &m)?)?;
        let s = crate::sum_with(
            &e,
            SumKw {
                axis: Some(vec![axis]),
                keepdims: true,
                ..Default::default()
            },
        )?;
        crate::divide_into(&e, &s, out)
    }

    /// The rectified linear unit `max(x, 0)` (Ivy's `relu`; its `complex_mode` is not
    /// taken, so complex and bool inputs are refused): `maximum(x, 0)` (Ivy's numpy
    /// backend's `np.maximum(x, 0)`), so a NaN stays NaN and integers keep their dtype
    /// (`-0.0` stays `-0.0`, `maximum`'s row; numpy's vectorised loop may give `+0.0`). On candle it runs on candle's `maximum` and differentiates (slope
    /// 1 above 0, 0 below; ½ at 0, candle's split of a tie).
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([-2.0f32, 0.0, 1.5, f32::NAN])?;
    /// let r = ivy::relu(&x)?.to_vec::<f32>()?;
    /// assert_eq!(&r[..3], [0.0, 0.0, 1.5]);
    /// assert!(r[3].is_nan());
    /// assert_eq!(ivy::relu(&ivy::asarray([-3i8, 4])?)?.to_vec::<i8>()?, [0, 4]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[nestable]
    #[unsupported_dtypes(ndarray = ("complex", "bool"), candle = ("bool",))]
    pub fn relu(x: &Array, out: Option<&mut Array>) -> Result<Array> {
        crate::maximum_into(x, 0, out)
    }

    /// The logistic sigmoid `1 / (1 + e^-x)` (Ivy's `sigmoid`; its `complex_mode` is not
    /// taken, so complex and bool inputs are refused), computed stably from
    /// `z = e^-|x|` (never above 1): `1 / (1 + z)` for `x >= 0`, `z / (1 + z)` below, so
    /// no `exp` overflows for any input (nor does a gradient through the branch not taken
    /// on candle, where it differentiates). float16 and bfloat16 are computed in float32
    /// and rounded once; integers in the default float dtype (as `softmax`). A mixed family
    /// op: ndarray runs the kernel row `Sigmoid` instead of this body (six ops), one
    /// vectorised pass (within about half an ULP; float16 and bfloat16 through float64,
    /// rounded once).
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([0.0f32, 2.0, -1000.0, 1000.0])?;
    /// let s = ivy::sigmoid(&x)?.to_vec::<f32>()?;
    /// assert_eq!(s[0], 0.5);
    /// assert!((s[1] - 1.0 / (1.0 + (-2f32).exp())).abs() < 1e-7);
    /// assert_eq!(&s[2..], [0.0, 1.0]); // no overflow
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[mixed]
    #[nestable]
    #[family(unary)]
    #[unsupported_dtypes(ndarray = ("complex", "bool"), candle = ("bool",))]
    pub fn sigmoid(x: &Array, out: Option<&mut Array>) -> Result<Array> {
        let _ = &out; // the result is returned: the generated entry writes `out`
        let (x, result) = widened(x)?;
        let z = crate::exp(&crate::negative(&crate::abs(&*x)?)?)?;
        let one_plus_z = crate::add(&z, 1)?;
        let above = crate::divide(1, &one_plus_z)?;
        let below = crate::divide(&z, &one_plus_z)?;
        let s = crate::r#where(&crate::greater_equal(&*x, 0)?, &above, &below)?;
        // returned: the generated entry writes it into `out` when one is given
        narrowed(s, result).map(Some)
    }

    /// `log(softmax(x))` along `axis` (default -1; Ivy's `log_softmax`, its `complex_mode`
    /// not taken), computed stably as `x - m - log(sum(e^(x - m)))` with `m` the maximum
    /// along `axis` (a non-finite maximum taken as 0, as Ivy's numpy backend), so no `exp`
    /// overflows and no `log` of an underflowed 0 gives `-inf` for finite inputs. Integer
    /// inputs are computed in the default float dtype (as `softmax`); a 0-d array gives 0;
    /// complex and bool inputs are refused. On candle it differentiates.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([[1.0, 2.0, 3.0], [-1000.0, 0.0, 1000.0]])?.astype(Dtype::Float64)?;
    /// let l = ivy::log_softmax(&x)?.to_vec::<f64>()?;
    /// let lse = (1f64.exp() + 2f64.exp() + 3f64.exp()).ln();
    /// assert!((l[0] - (1.0 - lse)).abs() < 1e-12);
    /// assert_eq!(&l[3..], [-2000.0, -1000.0, 0.0]); // no overflow, no -inf
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[nestable]
    #[unsupported_dtypes(ndarray = ("complex", "bool"), candle = ("bool",))]
    pub fn log_softmax(
        x: &Array,
        #[kw(default = -1)] axis: i64,
        out: Option<&mut Array>,
    ) -> Result<Array> {
        let x = float_input(x)?;
        if (x.ndim() == 0 || x.size() == 0) && x.dtype() != crate::Dtype::Bool {
            check_0d_axis("log_softmax", &x, axis)?;
            return crate::zeros_like(&*x).map(Some);
        }
        let (m, lse) = shifted_log_sum_exp(&x, axis)?;
        crate::subtract_into(&crate::subtract(&*x, &m)?, &lse, out)
    }

    /// `log(sum(e^x))` along `axis` (default -1), the axis kept as 1 when `keepdims`
    /// (Ivy's `logsumexp`), computed stably as `m + log(sum(e^(x - m)))` with `m` the
    /// maximum along `axis` (a non-finite maximum taken as 0), so large inputs do not
    /// overflow. Integer inputs are computed in the default float dtype; a 0-d array is
    /// its own result, and an empty axis gives `-inf` (`log(0)`); complex and bool inputs
    /// are refused. On candle it differentiates.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([[0.0, 0.0], [1000.0, 1000.0]])?.astype(Dtype::Float64)?;
    /// let r = ivy::logsumexp(&x)?;
    /// assert_eq!(r.shape(), [2]);
    /// assert_eq!(r.to_vec::<f64>()?, [2f64.ln(), 1000.0 + 2f64.ln()]); // no overflow
    /// let kw = LogsumexpKw { axis: 0, keepdims: true };
    /// assert_eq!(ivy::logsumexp_with(&x, kw)?.shape(), [1, 2]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[nestable]
    #[unsupported_dtypes(ndarray = ("complex", "bool"), candle = ("bool",))]
    pub fn logsumexp(
        x: &Array,
        #[kw(default = -1)] axis: i64,
        #[kw(default = false)] keepdims: bool,
        out: Option<&mut Array>,
    ) -> Result<Array> {
        let _ = &out; // the result is returned: the generated entry writes `out`
        let x = float_input(x)?;
        if x.ndim() == 0 && x.dtype() != crate::Dtype::Bool {
            check_0d_axis("logsumexp", &x, axis)?;
            return Ok(Some(x.into_owned()));
        }
        let kept = if x.size() == 0 {
            // no maximum to subtract: the sum of an empty axis is 0, its log `-inf`
            let s = crate::sum_with(
                &crate::exp(&*x)?,
                SumKw {
                    axis: Some(vec![axis]),
                    keepdims: true,
                    ..Default::default()
                },
            )?;
            crate::log(&s)?
        } else {
            let (m, lse) = shifted_log_sum_exp(&x, axis)?;
            crate::add(&lse, &m)?
        };
        if keepdims {
            Ok(Some(kept))
        } else {
            Ok(Some(crate::squeeze(&kept, &[axis])?))
        }
    }

    /// The leaky rectified linear unit `x if x > 0 else alpha * x` (Ivy's `leaky_relu`,
    /// `alpha` default 0.2; its `complex_mode` is not taken): `where(x > 0, x, x * alpha)`
    /// (Ivy's numpy backend), in the input's float dtype, so a NaN stays NaN. Integer,
    /// bool and complex inputs are refused (`alpha * x` of an integer has no integer
    /// dtype to keep; cast first). On candle it differentiates (slope `alpha` at 0). Mixed:
    /// ndarray runs the kernel row `LeakyRelu` (`alpha` in the input's dtype, the same
    /// values in one pass) instead of this body (three ops).
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([-2.0f32, 0.0, 1.5])?;
    /// assert_eq!(ivy::leaky_relu(&x)?.to_vec::<f32>()?, [-0.4, 0.0, 1.5]);
    /// let kw = LeakyReluKw { alpha: 0.5 };
    /// assert_eq!(ivy::leaky_relu_with(&x, kw)?.to_vec::<f32>()?, [-1.0, 0.0, 1.5]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[mixed]
    #[nestable]
    #[unsupported_dtypes(ndarray = ("complex", "bool", "integer"), candle = ("bool", "integer"))]
    pub fn leaky_relu(
        x: &Array,
        #[kw(default = 0.2)] alpha: f64,
        out: Option<&mut Array>,
    ) -> Result<Array> {
        crate::where_into(&crate::greater(x, 0)?, x, &crate::multiply(x, alpha)?, out)
    }

    /// The sigmoid linear unit `x * sigmoid(x)` (Ivy's `silu`, also called swish), from
    /// the stable `sigmoid` (no overflow for any input). float16 and bfloat16 are computed
    /// in float32 and rounded once; integers in the default float dtype (as `sigmoid`).
    /// Bool and complex inputs are refused. A mixed family op: ndarray runs the kernel row
    /// `Silu` instead of this body, one vectorised pass (float32 within half an ULP,
    /// float64 0.54 ULP above -680 and 1.5 below; float16 and bfloat16 through float64,
    /// rounded once); candle runs the body, which differentiates (two roundings and its
    /// `exp`: about 2 ULP, and results in the subnormal range lose digits there, as in
    /// float32 `silu(-100)`). `silu(-inf)` is NaN (`-inf * 0`), on either.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([0.0f32, 1.0, -1000.0, 1000.0])?;
    /// let s = ivy::silu(&x)?.to_vec::<f32>()?;
    /// assert!((s[1] - 1.0 / (1.0 + (-1f32).exp())).abs() < 1e-7);
    /// assert_eq!((s[0], s[2], s[3]), (0.0, 0.0, 1000.0)); // no overflow
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[mixed]
    #[nestable]
    #[family(unary)]
    #[unsupported_dtypes(ndarray = ("complex", "bool"), candle = ("bool",))]
    pub fn silu(x: &Array, out: Option<&mut Array>) -> Result<Array> {
        let _ = &out; // the result is returned: the generated entry writes `out`
        let (x, result) = widened(x)?;
        let s = crate::multiply(&*x, &crate::sigmoid(&*x)?)?;
        narrowed(s, result).map(Some)
    }

    /// The hard swish `x * relu6(x + 3) / 6` (Ivy's `hardswish`): `x * clip(x + 3, 0, 6)
    /// / 6` in the input's float dtype (0 below -3, `x` above 3). Integer, bool and
    /// complex inputs are refused (cast first). A mixed family op: ndarray runs the kernel
    /// row `Hardswish` (the same steps, rounded alike, in one pass) instead of this body;
    /// candle runs the body, which differentiates.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([-4.0f32, -1.5, 0.0, 3.0, 5.0])?;
    /// assert_eq!(ivy::hardswish(&x)?.to_vec::<f32>()?, [0.0, -0.375, 0.0, 3.0, 5.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[mixed]
    #[nestable]
    #[family(unary)]
    #[unsupported_dtypes(ndarray = ("complex", "bool", "integer"), candle = ("bool", "integer"))]
    pub fn hardswish(x: &Array, out: Option<&mut Array>) -> Result<Array> {
        let r6 = crate::clip(&crate::add(x, 3)?, 0, 6)?;
        crate::divide_into(&crate::multiply(x, &r6)?, 6, out)
    }

    /// The mish activation `x * tanh(softplus(x))` (Ivy's `mish`; its `complex_mode` is not
    /// taken), computed stably from `z = e^-|x|` (never above 1): `tanh(softplus(x))` is
    /// `(1 + 2z) / (1 + 2z + 2z²)` for `x >= 0` and `z(z + 2) / (z(z + 2) + 2)` below, so
    /// no `exp` overflows and no `log` loses the small values of very negative inputs (nor
    /// does a gradient through the branch not taken on candle, where it differentiates).
    /// float16 and bfloat16 are computed in float32 and rounded once; integers in the
    /// default float dtype (as `sigmoid`). Bool and complex inputs are refused. A mixed
    /// family op: ndarray runs the kernel row `Mish` instead of this body (twelve ops), one
    /// vectorised pass (float32 within half an ULP, float64 1.5).
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([1.0, -1000.0, 1000.0])?.astype(Dtype::Float64)?;
    /// let m = ivy::mish(&x)?.to_vec::<f64>()?;
    /// assert!((m[0] - 1f64.exp().ln_1p().tanh()).abs() < 1e-15);
    /// assert_eq!(&m[1..], [-0.0, 1000.0]); // no overflow
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[mixed]
    #[nestable]
    #[family(unary)]
    #[unsupported_dtypes(ndarray = ("complex", "bool"), candle = ("bool",))]
    pub fn mish(x: &Array, out: Option<&mut Array>) -> Result<Array> {
        let _ = &out; // the result is returned: the generated entry writes `out`
        let (x, result) = widened(x)?;
        let z = crate::exp(&crate::negative(&crate::abs(&*x)?)?)?;
        let two_z = crate::multiply(&z, 2)?;
        // x >= 0: (1 + 2z) / (1 + 2z + 2z²)
        let num = crate::add(&two_z, 1)?;
        let above = crate::divide(&num, &crate::add(&num, &crate::multiply(&two_z, &z)?)?)?;
        // x < 0: z(z + 2) / (z(z + 2) + 2)
        let n = crate::multiply(&z, &crate::add(&z, 2)?)?;
        let below = crate::divide(&n, &crate::add(&n, 2)?)?;
        let t = crate::r#where(&crate::greater_equal(&*x, 0)?, &above, &below)?;
        narrowed(crate::multiply(&*x, &t)?, result).map(Some)
    }

    /// The Gaussian error linear unit (Ivy's `gelu`; its `complex_mode` is not taken, so
    /// complex and bool inputs are refused). Exact form (`approximate = false`, the
    /// default): `x·Φ(x)`, `Φ` the standard normal CDF, computed as `½x·erfc(-x/√2)` (as
    /// JAX), so the negative tail keeps its relative accuracy where `1 + erf(x/√2)` would
    /// cancel. Approximate form: `½x(1 + tanh(√(2/π)(x + 0.044715x³)))`, computed as
    /// `x·sigmoid(2√(2/π)(x + 0.044715x³))` (no cancellation either). float16, bfloat16 and
    /// float32 are computed in float64 and rounded once (≤ 1 ULP everywhere); integers give
    /// the default float dtype. In float64 both forms are backward stable: the negative
    /// tail is ill-conditioned (a relative change `δ` of `x` changes `gelu(x)` by about
    /// `x²·δ`), so results there are within about `x²` ULP, as any float64 evaluation
    /// from a rounded `x`. On candle it differentiates (`erfc` is an op of ivy's own there,
    /// with its derivative; the rest are candle's kernels). Mixed: ndarray overrides this
    /// body (nine ops in float64) with the kernel rows `Gelu` and `GeluTanh`, one pass
    /// (float32 vectorised in float64 within half an ULP; float64 by libm's `erfc` for the
    /// exact form, vectorised within 1.5 ULP for the tanh form above x = −21, where its
    /// results are below 1e-307).
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([1.0f32, -10.0, f32::NEG_INFINITY])?;
    /// let g = ivy::gelu(&x)?.to_vec::<f32>()?;
    /// assert!((g[0] - 0.841_344_7).abs() < 1e-7);
    /// assert!((g[1] / -7.619_853e-23 - 1.0).abs() < 1e-6); // the tail keeps its digits
    /// assert_eq!(g[2], 0.0);
    /// let a = ivy::gelu_with(&x, GeluKw { approximate: true })?.to_vec::<f32>()?;
    /// assert!((a[0] - 0.841_192).abs() < 1e-6);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[mixed]
    #[nestable]
    #[unsupported_dtypes(ndarray = ("complex", "bool"), candle = ("bool",))]
    pub fn gelu(
        x: &Array,
        #[kw(default = false)] approximate: bool,
        out: Option<&mut Array>,
    ) -> Result<Array> {
        use super::gelu_consts as k;
        let _ = &out; // the result is returned: the generated entry writes `out`
        let result = if x.dtype().is_int() {
            ivy_core::int_float_dtype(x.dtype(), true)
        } else {
            x.dtype()
        };
        let x = if x.dtype() == crate::Dtype::Float64 {
            std::borrow::Cow::Borrowed(x)
        } else {
            std::borrow::Cow::Owned(crate::astype(x, crate::Dtype::Float64)?)
        };
        let g = if approximate {
            let x3 = crate::multiply(&crate::multiply(&*x, &*x)?, &*x)?;
            let inner = crate::add(&*x, &crate::multiply(&x3, k::CUBIC)?)?;
            let s = crate::sigmoid(&crate::multiply(&inner, k::TANH_TO_SIGMOID)?)?;
            crate::multiply(&*x, &s)?
        } else {
            let phi2 = crate::erfc(&crate::multiply(&*x, k::NEG_FRAC_1_SQRT_2)?)?;
            crate::multiply(&crate::multiply(&*x, 0.5)?, &phi2)?
        };
        // below float64's range the result is -0.0 (at -inf, `-inf·0` would be NaN)
        let g = crate::r#where(&crate::less(&*x, k::UNDERFLOW)?, -0.0, &g)?;
        narrowed(g, result).map(Some)
    }

    /// `x` and the dtype of the result of a float function of it: float16 and bfloat16
    /// computed in float32 (rounded once by [`narrowed`]), integers in the default float
    /// dtype, other dtypes as they are (`sigmoid`'s and `silu`'s rule).
    fn widened(x: &Array) -> Result<(std::borrow::Cow<'_, Array>, crate::Dtype)> {
        use crate::Dtype;
        let d = x.dtype();
        let (work, result) = match d {
            Dtype::Float16 | Dtype::Bfloat16 => (Dtype::Float32, d),
            d if d.is_int() => {
                let f = ivy_core::int_float_dtype(d, true);
                (f, f)
            }
            d => (d, d),
        };
        Ok((
            if work == d {
                std::borrow::Cow::Borrowed(x)
            } else {
                std::borrow::Cow::Owned(crate::astype(x, work)?)
            },
            result,
        ))
    }

    /// `s` rounded once to `result` (the second half of [`widened`]).
    fn narrowed(s: Array, result: crate::Dtype) -> Result<Array> {
        if s.dtype() == result {
            Ok(s)
        } else {
            crate::astype(&s, result)
        }
    }

    /// `x` in the default float dtype when it is an integer array (`softmax`'s rule).
    fn float_input(x: &Array) -> Result<std::borrow::Cow<'_, Array>> {
        Ok(if x.dtype().is_int() {
            std::borrow::Cow::Owned(x.cast(ivy_core::int_float_dtype(x.dtype(), true))?)
        } else {
            std::borrow::Cow::Borrowed(x)
        })
    }

    /// The axis of a reduction over a 0-d or empty `x` (no maximum to take) checked as
    /// the reduction would: a 0-d array takes 0 and -1 (its one "axis", as torch).
    fn check_0d_axis(op: &'static str, x: &Array, axis: i64) -> Result<()> {
        if x.ndim() > 0 {
            crate::engine::checks::normalize_axis(op, axis, x.ndim())?;
        } else if axis != 0 && axis != -1 {
            return Err(Error::Axis { op, axis, ndim: 0 });
        }
        Ok(())
    }

    /// `(m, log(sum(e^(x - m))))` along `axis`, both with the axis kept: `m` the maximum,
    /// a non-finite one taken as 0 (Ivy's numpy backend), so no `exp` overflows. The one
    /// stable mechanism of `log_softmax` and `logsumexp`.
    fn shifted_log_sum_exp(x: &Array, axis: i64) -> Result<(Array, Array)> {
        let m = crate::max_with(
            x,
            MaxKw {
                axis: Some(vec![axis]),
                keepdims: true,
            },
        )?;
        let m = crate::r#where(&crate::isfinite(&m)?, &m, 0)?;
        let s = crate::sum_with(
            &crate::exp(&crate::subtract(x, &m)?)?,
            SumKw {
                axis: Some(vec![axis]),
                keepdims: true,
                ..Default::default()
            },
        )?;
        Ok((m, crate::log(&s)?))
    }

    /// `x @ weight^T + bias` (Ivy's `linear`): `x` of shape `[..., in]`, `weight` of shape
    /// `[out, in]` (or a stack `[..., out, in]`), `bias` broadcasting to `[..., out]`.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([[1.0f32, 2.0]])?;
    /// let w = ivy::asarray([[1.0f32, 0.0], [1.0, 1.0], [0.0, -1.0]])?;
    /// let b = ivy::asarray([0.5f32, 0.0, 0.0])?;
    /// assert_eq!(ivy::linear(&x, &w, Some(&b))?.to_vec::<f32>()?, [1.5, 3.0, -2.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[nestable]
    pub fn linear(
        x: &Array,
        weight: &Array,
        bias: Option<&Array>,
        out: Option<&mut Array>,
    ) -> Result<Array> {
        // (the errors of the ops it is written with are `linear`'s: the generated entry
        // renames them, as for every op's body)
        let y = crate::matmul(x, &crate::matrix_transpose(weight)?)?;
        match bias {
            Some(b) => crate::add_into(&y, b, out),
            // returned: the generated entry writes it into `out` when one is given
            None => Ok(Some(y)),
        }
    }

    /// Multi-head attention (Ivy's `multi_head_attention`, the seed's example of a
    /// container-dependent function): queries from `x` (`[..., q, d]`), keys and values
    /// from `context` (default `x`), `num_heads` heads, similarities scaled by `scale`,
    /// positions where the bool `mask` (`[..., q, k]`) is false excluded, a softmax over
    /// the keys, and the heads joined again.
    ///
    /// Each projection is optional: `to_q_fn(x, to_q_v)` gives the queries
    /// (`[..., q, h·f]`, else `x`); `to_kv_fn(context, to_kv_v)` gives keys and values
    /// side by side (`[..., k, 2·h·f]`, split in halves; else `context` is both);
    /// `to_out_fn(attention, to_out_v)` maps the joined heads (`[..., q, h·f]`) to the
    /// result. The `to_*_v` Containers are the projections' variables: a many-to-one use
    /// of Containers, which is why the op is not nestable. `out` is written at the end by
    /// `inplace_update`, as the Inplace Updates page describes for this function.
    ///
    /// The shapes are checked before any op runs: an error names the argument (query, key,
    /// value, mask) and the fix. With no keys (a `context` of 0 tokens) the softmax is over
    /// an empty axis and the result is zeros (`[..., queries, h·f]`), as torch and jax give
    /// (numpy's `max` of an empty axis raises instead). The errors of the ops it is written
    /// with are this op's; those of the projection functions are theirs.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// // two tokens of two features, one head, no projections: each query attends to
    /// // both tokens, weighted by softmax(q·k / 2)
    /// let x = ivy::asarray([[1.0f32, 0.0], [0.0, 1.0]])?;
    /// let y = ivy::multi_head_attention(&x, 0.5, 1, None, None, None, None, None, None, None, None)?;
    /// let w = 1.0 / (1.0 + (-0.5f32).exp()); // weight of the token itself
    /// let y = y.to_vec::<f32>()?;
    /// assert!((y[0] - w).abs() < 1e-6 && (y[1] - (1.0 - w)).abs() < 1e-6);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[container_dependent]
    pub fn multi_head_attention(
        x: &Array,
        scale: f64,
        num_heads: i64,
        context: Option<&Array>,
        mask: Option<&Array>,
        to_q_fn: Option<&dyn Fn(&Array, Option<&Container>) -> Result<Array>>,
        to_kv_fn: Option<&dyn Fn(&Array, Option<&Container>) -> Result<Array>>,
        to_out_fn: Option<&dyn Fn(&Array, Option<&Container>) -> Result<Array>>,
        to_q_v: Option<&Container>,
        to_kv_v: Option<&Container>,
        to_out_v: Option<&Container>,
        out: Option<&mut Array>,
    ) -> Result<Array> {
        const OP: &str = "multi_head_attention";
        let h = usize::try_from(num_heads)
            .ok()
            .filter(|&h| h > 0)
            .ok_or_else(|| Error::InvalidArgument {
                op: OP,
                message: format!("num_heads must be positive, got {num_heads}"),
            })?;
        // BS × Q × (H·F)
        let q = match to_q_fn {
            Some(f) => f(x, to_q_v)?,
            None => x.clone(),
        };
        let q_from = if to_q_fn.is_some() {
            "to_q_fn's output"
        } else {
            "x"
        };
        let kv_from = match (to_kv_fn, context) {
            (Some(_), _) => "to_kv_fn's output",
            (None, Some(_)) => "context",
            (None, None) => "x (no context given)",
        };
        let context = context.unwrap_or(x);
        // BS × K × (2·H·F), split in halves; or the context as keys and values
        let (k, v) = match to_kv_fn {
            Some(f) => {
                let kv = f(context, to_kv_v)?;
                let n = kv.shape().last().copied().unwrap_or(0);
                if kv.ndim() < 2 || n % 2 != 0 {
                    return Err(Error::InvalidArgument {
                        op: OP,
                        message: format!("to_kv_fn gave shape {:?}: keys and values need [..., tokens, 2·num_heads·features], an even number of features (the two halves)", kv.shape()),
                    });
                }
                let half = (n / 2) as i64;
                let part = |from: i64, to: i64| {
                    let slice = Idx::Slice {
                        start: Some(from),
                        stop: Some(to),
                        step: 1,
                    };
                    crate::get_item(&kv, &[Idx::Ellipsis, slice]).map_err(|e| e.with_op(OP))
                };
                (part(0, half)?, part(half, 2 * half)?)
            }
            None => (context.clone(), context.clone()),
        };
        let operands = [
            ("query", q_from, &q),
            ("key", kv_from, &k),
            ("value", kv_from, &v),
        ];
        attention_shapes(&operands, mask, h)?;
        // the ops it is written with, after those checks: their errors are this op's
        let joined = attend(&q, &k, &v, mask, h, scale).map_err(|e| e.with_op(OP))?;
        let ret = match to_out_fn {
            Some(f) => f(&joined, to_out_v)?,
            None => joined,
        };
        match out {
            // by the `out` rules of every op: the result's shape, `out`'s dtype kept
            Some(o) if o.shape() != ret.shape() => Err(crate::Error::Shape {
                op: "multi_head_attention",
                lhs: ret.shape().to_vec(),
                rhs: o.shape().to_vec(),
                reason: "(result, out) differ: `out` must have the result's shape",
            }),
            Some(o) => {
                let keep = crate::InplaceUpdateKw {
                    keep_input_dtype: true,
                    ..Default::default()
                };
                crate::inplace_update_with(o, &ret, keep)
                    .map_err(|e| e.with_op("multi_head_attention"))?;
                Ok(None)
            }
            None => Ok(Some(ret)),
        }
    }

    /// The shapes of attention's operands, checked before any op runs, so that an error
    /// names the argument and the fix (not the `matmul` or `where` that would fail):
    /// `(name, where it comes from, array)` for the query, key and value.
    fn attention_shapes(
        operands: &[(&str, &str, &Array); 3],
        mask: Option<&Array>,
        h: usize,
    ) -> Result<()> {
        const OP: &str = "multi_head_attention";
        let bad = |message: String| Error::InvalidArgument { op: OP, message };
        for (name, from, t) in operands {
            let s = t.shape();
            if s.len() < 2 || !s[s.len() - 1].is_multiple_of(h) {
                return Err(bad(format!(
                    "the {name} ({from}) must be [..., tokens, num_heads·features] with features divisible by num_heads = {h}, got shape {s:?}"
                )));
            }
        }
        let [(_, q_from, q), (_, kv_from, k), (_, _, v)] = operands;
        let (qs, ks, vs) = (q.shape(), k.shape(), v.shape());
        let (nq, nk) = (qs.len(), ks.len());
        if qs[nq - 1] != ks[nk - 1] {
            return Err(bad(format!(
                "the query ({q_from}) has {} features and the key ({kv_from}) {}: the similarities are dot products of the two, so give them the same number of features",
                qs[nq - 1],
                ks[nk - 1]
            )));
        }
        if ks[nk - 2] != vs[vs.len() - 2] {
            return Err(bad(format!(
                "the key has {} tokens and the value {}: each key needs its value",
                ks[nk - 2],
                vs[vs.len() - 2]
            )));
        }
        // the batch dimensions broadcast together, and the mask to [..., queries, keys]
        let batch = |t: &[usize]| t[..t.len() - 2].to_vec();
        let b = crate::engine::checks::broadcast_shapes(OP, &batch(qs), &batch(ks))
            .and_then(|b| crate::engine::checks::broadcast_shapes(OP, &b, &batch(vs)))
            .map_err(|_| {
                bad(format!(
                    "the batch dimensions of the query {:?} ({q_from}), key {:?} and value {:?} ({kv_from}) do not broadcast together",
                    batch(qs),
                    batch(ks),
                    batch(vs)
                ))
            })?;
        if let Some(m) = mask {
            if !m.dtype().is_bool() {
                return Err(bad(format!(
                    "mask must be bool (true: attend), got {}",
                    m.dtype()
                )));
            }
            let mut want = b;
            want.extend([qs[nq - 2], ks[nk - 2]]);
            let ms = m.shape();
            let fits = ms.len() >= 2
                && crate::engine::checks::broadcast_shapes(OP, ms, &want).is_ok_and(|r| r == want);
            if !fits {
                return Err(bad(format!(
                    "mask must broadcast to [..., queries, keys] = {want:?}, got shape {ms:?}"
                )));
            }
        }
        Ok(())
    }

    /// Attention of checked operands: heads split, scaled similarities, the mask, a
    /// softmax over the keys (zero keys: an empty softmax, so the result is zeros, as
    /// torch and jax give), the values weighted, the heads joined.
    fn attend(
        q: &Array,
        k: &Array,
        v: &Array,
        mask: Option<&Array>,
        h: usize,
        scale: f64,
    ) -> Result<Array> {
        // BS × H × Q × F, BS × H × K × F, BS × H × K × F
        let (q, k, v) = (split_heads(q, h)?, split_heads(k, h)?, split_heads(v, h)?);
        // BS × H × Q × K
        let sim = crate::multiply(&crate::matmul(&q, &crate::matrix_transpose(&k)?)?, scale)?;
        let sim = match mask {
            Some(m) => {
                let lowest = -crate::finfo(sim.dtype())?.max;
                crate::r#where(&crate::expand_dims(m, -3)?, &sim, lowest)?
            }
            None => sim,
        };
        let attn = crate::softmax(&sim)?;
        // BS × Q × (H·F)
        join_heads(&crate::matmul(&attn, &v)?)
    }

    /// `[..., n, h·f]` as `[..., h, n, f]` (shapes checked by [`attention_shapes`]).
    fn split_heads(t: &Array, h: usize) -> Result<Array> {
        let s = t.shape();
        let nb = s.len() - 2;
        let mut shape: Vec<i64> = s[..nb].iter().map(|&d| d as i64).collect();
        shape.extend([s[nb] as i64, h as i64, (s[nb + 1] / h) as i64]);
        let mut axes: Vec<i64> = (0..nb as i64).collect();
        axes.extend([nb as i64 + 1, nb as i64, nb as i64 + 2]);
        crate::permute_dims(&crate::reshape(t, &shape[..])?, &axes)
    }

    /// `[..., h, n, f]` as `[..., n, h·f]`.
    fn join_heads(t: &Array) -> Result<Array> {
        let s = t.shape();
        let nb = s.len() - 3;
        let mut axes: Vec<i64> = (0..nb as i64).collect();
        axes.extend([nb as i64 + 1, nb as i64, nb as i64 + 2]);
        let mut shape: Vec<i64> = s[..nb].iter().map(|&d| d as i64).collect();
        shape.extend([s[nb + 1] as i64, (s[nb] * s[nb + 2]) as i64]);
        crate::reshape(&crate::permute_dims(t, &axes)?, &shape[..])
    }
}

#[doc(inline)]
pub use layers::*;
