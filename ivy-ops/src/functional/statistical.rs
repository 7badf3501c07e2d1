//! Reductions.

/// Reductions: the `reduce` family (`sum`, `prod`, `max`, `min`, `all`, `any`: one kernel
/// row each in [`crate::kernels`]), and the statistics built on it.
#[ivy_macros::category]
pub mod statistical {
    use crate::{Array, Dtype, Result};

    /// Sum over `axis` (all axes when `None`), keeping reduced axes as 1 with `keepdims`.
    /// Computed in `dtype` when given; else a signed integer narrower than the default int
    /// dtype sums in the default int dtype, an unsigned one in the default uint dtype, bool
    /// in the default int dtype (the standard's rule; Ivy keeps int8 and overflows).
    /// Integer sums wrap.
    ///
    /// ```
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

    /// Product over `axis`, with `sum`'s dtype rule (`1` for an empty reduction).
    ///
    /// ```
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
}

pub use statistical::*;
