//! Loss functions.

/// Loss functions.
#[ivy_macros::category]
pub mod losses {
    use crate::{clip, log, negative_into, sum_with, SumKw};
    use crate::{Array, Result};

    /// Cross-entropy between `true_` labels and `pred` probabilities along `axis`.
    /// Compositional: the seed's body, passing `out` to its last op.
    #[compositional]
    #[nestable]
    pub fn cross_entropy(
        true_: &Array,
        pred: &Array,
        #[kw(default = -1)] axis: i64,
        #[kw(default = 1e-7)] epsilon: f64,
        out: Option<&mut Array>,
    ) -> Result<Array> {
        let pred = clip(pred, epsilon, 1.0 - epsilon)?;
        let log_pred = log(&pred)?;
        let prod = (&log_pred * true_)?;
        let kw = SumKw {
            axis: Some(vec![axis]),
            ..Default::default()
        };
        negative_into(&sum_with(&prod, kw)?, out)
    }
}

pub use losses::*;
