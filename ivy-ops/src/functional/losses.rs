//! Loss functions.

/// Loss functions.
#[ivy_macros::category(support_docs = "docs/support")]
pub mod losses {
    use crate::ops::{map_owned, zip_owned};
    use crate::{clip, multiply, negative_into, sum_with, SumKw};
    use crate::{Array, Result};

    /// Cross-entropy between `true_` labels and `pred` probabilities along `axis`.
    /// Compositional: the seed's body, `-sum(log(clip(pred, ε, 1 − ε)) · true_)`, chained
    /// through one temporary of `pred`'s size (the log and the product update the clipped
    /// array in place where the backend can, on ndarray), passing `out` to its last op.
    ///
    /// ```
    /// ivy::set_backend(ivy::Backend::Ndarray);
    /// let t = ivy::asarray(vec![0.0f32, 1.0])?;
    /// let p = ivy::asarray(vec![0.25f32, 0.75])?;
    /// let l = ivy::cross_entropy(&t, &p)?;
    /// assert!((l.item::<f32>()? - -(0.75f32).ln()).abs() < 1e-6);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[nestable]
    pub fn cross_entropy(
        true_: &Array,
        pred: &Array,
        #[kw(default = -1)] axis: i64,
        #[kw(default = 1e-7)] epsilon: f64,
        out: Option<&mut Array>,
    ) -> Result<Array> {
        let t = clip(pred, epsilon, 1.0 - epsilon)?;
        let t = map_owned!(t, log, Log, LOG)?;
        let t = zip_owned(t, true_, |x, y| multiply(x, y), |x, y| x.mul_assign(y))?;
        let kw = SumKw {
            axis: Some(vec![axis]),
            ..Default::default()
        };
        // negated after the sum, not before: `-(0.0 + -0.0)` is -0.0, numpy's answer for
        // a row whose labels are all 0
        negative_into(&sum_with(&t, kw)?, out)
    }
}

#[doc(inline)]
pub use losses::*;
