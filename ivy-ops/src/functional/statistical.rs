//! Reductions.

/// Reductions: the `reduce` family (`sum`, `prod`, `max`, `min`, `all`, `any`: one kernel
/// row each in [`crate::kernel::rows`]), and the statistics built on it.
#[ivy_macros::category(support_docs = "docs/support")]
pub mod statistical {
    use crate::functional::data_type::astype;
    use crate::functional::elementwise::{abs, divide, isnan, r#where, sqrt, square, subtract};
    use crate::{Array, Dtype, Result};
    use std::borrow::Cow;

    /// Sum over `axis` (all axes when `None`), keeping reduced axes as 1 with `keepdims`.
    /// Computed in `dtype` when given; else a signed integer narrower than the default int
    /// dtype sums in the default int dtype, an unsigned one in the default uint dtype, bool
    /// in the default int dtype (the standard's rule; Ivy keeps int8 and overflows).
    /// Integer sums wrap. A float result accumulates in float64 when `x` is an integer or
    /// bool array, in float32 when it is float16 or bfloat16, and is rounded once
    /// (`prod`, `mean`, `var`, `std` and `cumulative_sum` too); floats are summed pairwise
    /// on every backend's CPU path. numpy's `np.sum(x, 0)` is `sum_with(&x, SumKw { axis:
    /// Some(vec![0]), .. })` or `x.sum_with(..)`, not `sum(&x)` as the compiler suggests (the
    /// repository's `docs/FROM_NUMPY.md`).
    ///
    /// ```
    /// ivy::set_backend(ivy::Backend::Ndarray);
    /// let x = ivy::asarray(vec![vec![1i8, 2], vec![3, 4]])?;
    /// let s = ivy::sum_with(&x, ivy::prelude::SumKw { axis: Some(vec![-1]), ..Default::default() })?;
    /// assert_eq!(s.dtype(), ivy::Dtype::Int32);
    /// assert_eq!(s.to_f64_vec()?, [3.0, 7.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(reduce)]
    pub fn sum(
        x: &Array,
        #[kw]
        #[axes]
        axis: Option<Vec<i64>>,
        #[kw] keepdims: bool,
        #[kw] dtype: Option<Dtype>,
        out: Option<&mut Array>,
    ) -> Result<Array>;

    /// Sum over `axis` treating NaNs as zero (numpy's `nansum`), with `sum`'s keywords and
    /// dtype rule; a complex element with a NaN component counts as zero. Integer and bool
    /// inputs (no NaNs) sum exactly as `sum`. Compositional: `sum` of `where(isnan(x), 0, x)`.
    ///
    /// ```
    /// ivy::set_backend(ivy::Backend::Ndarray);
    /// let x = ivy::asarray(vec![vec![1.0f64, f64::NAN], vec![3.0, 4.0]])?;
    /// assert_eq!(ivy::nansum(&x)?.to_f64_vec()?, [8.0]);
    /// let kw = ivy::prelude::NansumKw { axis: Some(vec![1]), ..Default::default() };
    /// assert_eq!(ivy::nansum_with(&x, kw)?.to_f64_vec()?, [1.0, 7.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[nestable]
    pub fn nansum(
        x: &Array,
        #[kw] axis: Option<Vec<i64>>,
        #[kw] dtype: Option<Dtype>,
        #[kw] keepdims: bool,
        out: Option<&mut Array>,
    ) -> Result<Array> {
        let kw = SumKw {
            axis,
            keepdims,
            dtype,
        };
        let s = match x.dtype().is_float() || x.dtype().is_complex() {
            true => sum_with(&r#where(&isnan(x)?, 0.0, x)?, kw)?,
            false => sum_with(x, kw)?,
        };
        super::finish("nansum", s, out)
    }

    /// Product over `axis`, with `sum`'s dtype rule (`1` for an empty reduction).
    ///
    /// ```
    /// ivy::set_backend(ivy::Backend::Ndarray);
    /// let x = ivy::asarray(vec![1.5f64, 2.0, -4.0])?;
    /// assert_eq!(ivy::prod(&x)?.to_f64_vec()?, [-12.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(reduce)]
    pub fn prod(
        x: &Array,
        #[kw]
        #[axes]
        axis: Option<Vec<i64>>,
        #[kw] keepdims: bool,
        #[kw] dtype: Option<Dtype>,
        out: Option<&mut Array>,
    ) -> Result<Array>;

    /// Maximum over `axis`: NaN where a reduced element is NaN. Reducing an axis of length
    /// 0 is an error (no identity), as in numpy.
    ///
    /// ```
    /// ivy::set_backend(ivy::Backend::Ndarray);
    /// let x = ivy::asarray(vec![vec![1.0f32, 5.0], vec![3.0, f32::NAN]])?;
    /// let m = ivy::max_with(&x, ivy::prelude::MaxKw { axis: Some(vec![0]), keepdims: false })?;
    /// assert!(m.to_f64_vec()?[1].is_nan());
    /// assert_eq!(m.to_f64_vec()?[0], 3.0);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(reduce)]
    pub fn max(
        x: &Array,
        #[kw]
        #[axes]
        axis: Option<Vec<i64>>,
        #[kw] keepdims: bool,
        out: Option<&mut Array>,
    ) -> Result<Array>;

    /// Minimum over `axis`, as `max`.
    ///
    /// ```
    /// ivy::set_backend(ivy::Backend::Ndarray);
    /// let x = ivy::asarray(vec![4i64, -2, 7])?;
    /// assert_eq!(ivy::min(&x)?.to_f64_vec()?, [-2.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(reduce)]
    pub fn min(
        x: &Array,
        #[kw]
        #[axes]
        axis: Option<Vec<i64>>,
        #[kw] keepdims: bool,
        out: Option<&mut Array>,
    ) -> Result<Array>;

    /// Whether every element over `axis` is nonzero (NaN counts as nonzero): a bool array,
    /// `true` for an empty reduction.
    ///
    /// ```
    /// ivy::set_backend(ivy::Backend::Ndarray);
    /// let x = ivy::asarray(vec![vec![1, 0], vec![2, 3]])?;
    /// let a = ivy::all_with(&x, ivy::prelude::AllKw { axis: Some(vec![1]), keepdims: false })?;
    /// assert_eq!(a.to_f64_vec()?, [0.0, 1.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(reduce)]
    pub fn all(
        x: &Array,
        #[kw]
        #[axes]
        axis: Option<Vec<i64>>,
        #[kw] keepdims: bool,
        out: Option<&mut Array>,
    ) -> Result<Array>;

    /// Whether any element over `axis` is nonzero: a bool array, `false` for an empty
    /// reduction.
    ///
    /// ```
    /// ivy::set_backend(ivy::Backend::Ndarray);
    /// let x = ivy::asarray(vec![0.0f32, -0.0, 2.5])?;
    /// assert_eq!(ivy::any(&x)?.to_f64_vec()?, [1.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[family(reduce)]
    pub fn any(
        x: &Array,
        #[kw]
        #[axes]
        axis: Option<Vec<i64>>,
        #[kw] keepdims: bool,
        out: Option<&mut Array>,
    ) -> Result<Array>;

    /// Arithmetic mean over `axis` (NaN for an empty reduction, as 0 / 0). Floating
    /// inputs keep their dtype (float16 and bfloat16 accumulate in float32, as numpy's
    /// float16 mean does); integers and bool give the default float dtype, int64 and
    /// uint64 float64 where the backend has it ([`ivy_core::int_float_dtype`], `divide`'s
    /// rule; the standard leaves them open; numpy gives float64, Ivy 1.0.0.5 an integer),
    /// accumulated in float64 (as numpy) and rounded once. Compositional: `sum` over a
    /// count.
    ///
    /// ```
    /// ivy::set_backend(ivy::Backend::Ndarray);
    /// let x = ivy::asarray(vec![vec![1.0f32, 2.0], vec![3.0, 5.0]])?;
    /// let m = ivy::mean_with(&x, ivy::prelude::MeanKw { axis: Some(vec![1]), keepdims: false })?;
    /// assert_eq!(m.to_f64_vec()?, [1.5, 4.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[nestable]
    pub fn mean(
        x: &Array,
        #[kw] axis: Option<Vec<i64>>,
        #[kw] keepdims: bool,
        out: Option<&mut Array>,
    ) -> Result<Array> {
        const OP: &str = "mean";
        let (d, acc) = super::stat_dtypes(x.dtype());
        let n = super::reduced_count(OP, x, axis.as_deref())?;
        let xs = match x.dtype() == acc {
            true => Cow::Borrowed(x),
            false => Cow::Owned(astype(x, acc)?),
        };
        let kw = SumKw {
            axis,
            keepdims,
            dtype: None,
        };
        let mut m = sum_with(&xs, kw)?;
        // the sum is the one temporary: divided in place when the quotient keeps its dtype
        if m.dtype().is_float() || m.dtype().is_complex() {
            m.div_assign(n)?;
        } else {
            m = divide(&m, n)?;
        }
        match m.dtype() == d {
            true => super::finish(OP, m, out),
            false => super::finish(OP, astype(&m, d)?, out),
        }
    }

    /// Variance over `axis`: the sum of squared deviations from the mean over
    /// `N - correction` (clamped at 0: the result is then inf or NaN, as numpy's). Dtypes as
    /// `mean`, but bool is unsupported (it has no deviations: `subtract` rejects it);
    /// complex input gives its real component dtype (`|x - mean|²`). Mixed: this
    /// compositional body (mean, deviations, squares, sum: two temporaries), overridden on
    /// ndarray for float32 and float64 by a fused two-pass kernel with no temporary
    /// (`reduce::variance`; pairwise sums, as numpy's accuracy).
    ///
    /// ```
    /// ivy::set_backend(ivy::Backend::Ndarray);
    /// let x = ivy::asarray(vec![1.0f64, 2.0, 3.0, 4.0])?;
    /// assert_eq!(ivy::var(&x)?.to_f64_vec()?, [1.25]);
    /// let kw = ivy::prelude::VarKw { correction: 1.0, ..Default::default() };
    /// let y = ivy::asarray(vec![1.0f64, 3.0])?;
    /// assert_eq!(ivy::var_with(&y, kw)?.to_f64_vec()?, [2.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[mixed]
    #[nestable]
    pub fn var(
        x: &Array,
        #[kw] axis: Option<Vec<i64>>,
        #[kw] correction: f64,
        #[kw] keepdims: bool,
        out: Option<&mut Array>,
    ) -> Result<Array> {
        const OP: &str = "var";
        let (d, acc) = super::stat_dtypes(x.dtype());
        let n = super::reduced_count(OP, x, axis.as_deref())?;
        let divisor = crate::engine::checks::divisor(OP, n, correction)?;
        let xs = match x.dtype() == acc {
            true => Cow::Borrowed(x),
            false => Cow::Owned(astype(x, acc)?),
        };
        let kw = MeanKw {
            axis: axis.clone(),
            keepdims: true,
        };
        let dev = subtract(&*xs, &mean_with(&xs, kw)?)?;
        let sq = match dev.dtype().is_complex() {
            true => square(&abs(&dev)?)?,
            false => square(&dev)?,
        };
        let kw = SumKw {
            axis,
            keepdims,
            dtype: None,
        };
        let v = divide(&sum_with(&sq, kw)?, divisor)?;
        match v.dtype() == super::real_of(d) {
            true => super::finish(OP, v, out),
            false => super::finish(OP, astype(&v, super::real_of(d))?, out),
        }
    }

    /// Standard deviation over `axis`: the square root of `var`. Compositional.
    ///
    /// ```
    /// ivy::set_backend(ivy::Backend::Ndarray);
    /// let x = ivy::asarray(vec![1.0f64, 3.0])?;
    /// assert_eq!(ivy::std(&x)?.to_f64_vec()?, [1.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[nestable]
    pub fn std(
        x: &Array,
        #[kw] axis: Option<Vec<i64>>,
        #[kw] correction: f64,
        #[kw] keepdims: bool,
        out: Option<&mut Array>,
    ) -> Result<Array> {
        let kw = VarKw {
            axis,
            correction,
            keepdims,
        };
        // the root taken in the variance's buffer (in place on ndarray)
        let v = crate::ops::map_owned!(var_with(x, kw)?, sqrt, Sqrt, SQRT)?;
        super::finish("std", v, out)
    }

    /// Cumulative sum along `axis` (optional for arrays of rank 0 or 1; a 0-d array is
    /// treated as 1-d, as numpy does), with `sum`'s dtype rule; `include_initial` prepends
    /// the zero. Runs on the host on candle (its `cumsum` is a matrix product: quadratic
    /// memory, and NaN from `inf * 0`).
    ///
    /// ```
    /// ivy::set_backend(ivy::Backend::Ndarray);
    /// let x = ivy::asarray(vec![1i64, 2, 3])?;
    /// assert_eq!(ivy::cumulative_sum(&x)?.to_f64_vec()?, [1.0, 3.0, 6.0]);
    /// let kw = ivy::prelude::CumulativeSumKw { include_initial: true, ..Default::default() };
    /// assert_eq!(ivy::cumulative_sum_with(&x, kw)?.to_f64_vec()?, [0.0, 1.0, 3.0, 6.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[check(super::cumulative_sum_args -> super::ScanPlan)]
    pub fn cumulative_sum(
        x: &Array,
        #[kw]
        #[axis]
        axis: Option<i64>,
        #[kw] dtype: Option<Dtype>,
        #[kw] include_initial: bool,
        out: Option<&mut Array>,
    ) -> Result<Array>;

    /// The index of the largest element over `axis` (the flattened array when `None`):
    /// int64, the first occurrence; a NaN counts as the largest (the first NaN's index, as
    /// numpy). An empty reduced axis is an error (the shared host loop's). Real dtypes and bool. Runs on the host on
    /// candle (its `argmax` skips NaN).
    ///
    /// ```
    /// ivy::set_backend(ivy::Backend::Ndarray);
    /// let x = ivy::asarray(vec![vec![1.0f32, 7.0, 7.0], vec![f32::NAN, 0.0, 2.0]])?;
    /// let kw = ivy::prelude::ArgmaxKw { axis: Some(1), keepdims: false };
    /// assert_eq!(ivy::argmax_with(&x, kw)?.to_f64_vec()?, [1.0, 0.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[check(super::arg_args -> Vec<usize>)]
    pub fn argmax(
        x: &Array,
        #[kw]
        #[axis]
        axis: Option<i64>,
        #[kw] keepdims: bool,
    ) -> Result<Array>;

    /// The index of the smallest element over `axis`, as `argmax` (a NaN counts as the
    /// smallest).
    ///
    /// ```
    /// ivy::set_backend(ivy::Backend::Ndarray);
    /// let x = ivy::asarray(vec![3i32, -1, 4, -1])?;
    /// assert_eq!(ivy::argmin(&x)?.to_f64_vec()?, [1.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[check(super::arg_args -> Vec<usize>)]
    pub fn argmin(
        x: &Array,
        #[kw]
        #[axis]
        axis: Option<i64>,
        #[kw] keepdims: bool,
    ) -> Result<Array>;
}

#[doc(inline)]
pub use statistical::*;

use crate::{Array, Dtype, Result};

/// The dtype of a statistic (`mean`, `var`, `std`) of dtype `d`, and the dtype it
/// accumulates in (the reductions' rule, [`Accumulate::accumulator`]: integers and bool
/// in float64, half floats in float32): integers and bool give the float dtype of
/// [`ivy_core::int_float_dtype`] (float64 for int64 and uint64, else the default float).
///
/// [`Accumulate::accumulator`]: crate::kernel::class::Accumulate::accumulator
fn stat_dtypes(x: Dtype) -> (Dtype, Dtype) {
    // float64 for int64 / uint64, else the default float (both backends hold float64)
    let d = ivy_core::int_float_dtype(x, true);
    (d, crate::kernel::class::Accumulate::Widen.accumulator(x, d))
}

/// The number of elements each reduction over `axis` folds (as a float divisor).
fn reduced_count(op: &'static str, x: &Array, axis: Option<&[i64]>) -> Result<f64> {
    let axes = crate::engine::checks::normalize_axes(op, "axis", axis, x.ndim())?;
    Ok(axes.iter().map(|&a| x.shape()[a] as f64).product())
}

/// The real component dtype of `d` (`d` itself when real).
fn real_of(d: Dtype) -> Dtype {
    match d {
        Dtype::Complex64 => Dtype::Float32,
        Dtype::Complex128 => Dtype::Float64,
        d => d,
    }
}

/// The end of a body: `y`, or written into `out` when given.
pub(crate) fn finish(op: &'static str, y: Array, out: Option<&mut Array>) -> Result<Option<Array>> {
    match out {
        Some(o) => crate::engine::out::write_out(op, y, o).map(|_| None),
        None => Ok(Some(y)),
    }
}

/// `cumulative_sum`'s check: `axis` may be omitted for rank 0 or 1 only.
/// `cumulative_sum`'s plan: the result's dtype and the dtype it accumulates in, the
/// result's shape (its allocation probed) and the axis it runs along (a 0-d array as 1-d).
///
/// ```
/// ivy::set_backend(ivy::Backend::Ndarray);
/// // the plan of this call: float64 accumulated in float64, shape [4], axis 0
/// let x = ivy::asarray(vec![1i32, 2, 3])?;
/// let kw = ivy::prelude::CumulativeSumKw { axis: None, dtype: Some(ivy::Dtype::Float64), include_initial: true };
/// assert_eq!(ivy::cumulative_sum_with(&x, kw)?.to_f64_vec()?, [0.0, 1.0, 3.0, 6.0]);
/// # Ok::<(), ivy::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct ScanPlan {
    /// The result's dtype.
    pub dtype: Dtype,
    /// The dtype the running sums accumulate in (rounded once to `dtype`).
    pub acc: Dtype,
    /// The result's shape.
    pub shape: Vec<usize>,
    /// The axis accumulated along.
    pub axis: usize,
}

/// `cumulative_sum`'s check and plan.
fn cumulative_sum_args(
    op: &'static str,
    x: &&Array,
    axis: &Option<usize>,
    dtype: &Option<Dtype>,
    include_initial: &bool,
) -> Result<ScanPlan> {
    if axis.is_none() && x.ndim() > 1 {
        return Err(ivy_core::Error::InvalidArgument {
            op,
            message: format!(
                "an array of rank {} needs `axis` (which axis to accumulate along)",
                x.ndim()
            ),
        });
    }
    let (d, acc) = scan_dtypes(x.dtype(), *dtype);
    let (shape, ax) = scan_plan(x.shape(), *axis, *include_initial);
    crate::kernel::alloc::reserve(op, &shape, d)?;
    Ok(ScanPlan {
        dtype: d,
        acc,
        shape,
        axis: ax,
    })
}

/// `argmax`'s and `argmin`'s plan: the result's shape.
fn arg_args(
    op: &'static str,
    x: &&Array,
    axis: &Option<usize>,
    keepdims: &bool,
) -> Result<Vec<usize>> {
    let shape = arg_shape(x.shape(), *axis, *keepdims);
    crate::kernel::alloc::reserve(op, &shape, Dtype::Int64)?;
    Ok(shape)
}

/// `cumulative_sum`'s result dtype for input dtype `x` and its `dtype` argument (`sum`'s
/// rule), and the dtype its running sums accumulate in before each is rounded once to it
/// ([`Accumulate::accumulator`](crate::kernel::class::Accumulate::accumulator)).
fn scan_dtypes(x: Dtype, dtype: Option<Dtype>) -> (Dtype, Dtype) {
    let d = crate::kernel::class::Accumulate::Widen.dtype(x, dtype);
    (d, crate::kernel::class::Accumulate::Widen.accumulator(x, d))
}

/// The shape of `cumulative_sum`'s result and the axis it runs along (a 0-d array as 1-d).
fn scan_plan(shape: &[usize], axis: Option<usize>, include_initial: bool) -> (Vec<usize>, usize) {
    let mut s = if shape.is_empty() {
        vec![1]
    } else {
        shape.to_vec()
    };
    let ax = axis.unwrap_or(0);
    s[ax] += usize::from(include_initial);
    (s, ax)
}

/// The shape of `argmax`'s result.
fn arg_shape(shape: &[usize], axis: Option<usize>, keepdims: bool) -> Vec<usize> {
    match axis {
        Some(a) => crate::kernel::reduce::reduced_shape(shape, &[a], keepdims),
        None if keepdims => vec![1; shape.len()],
        None => vec![],
    }
}
