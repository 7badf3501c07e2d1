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

    /// Elementwise binary cross-entropy between `true_` labels (in `[0, 1]`) and `pred`
    /// (Ivy's `binary_cross_entropy`, `reduction="none"`: reduce with [`mean`](crate::mean)
    /// or [`sum`](crate::sum)). Probabilities (`from_logits = false`):
    /// `-(t·log(p) + (1 − t)·log(1 − p))` with `p = clip(pred, ε, 1 − ε)`. Logits
    /// (`from_logits = true`): the stable form `max(x, 0) − x·t + log(1 + e^−|x|)`, which
    /// never overflows (`epsilon` is unused there). Compositional: differentiable on candle.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let t = ivy::asarray([0.0f32, 1.0])?;
    /// let p = ivy::asarray([0.25f32, 0.75])?;
    /// let l = ivy::binary_cross_entropy(&t, &p)?.to_vec::<f32>()?;
    /// assert!((l[0] - -(0.75f32).ln()).abs() < 1e-6 && (l[1] - -(0.75f32).ln()).abs() < 1e-6);
    /// let kw = BinaryCrossEntropyKw { from_logits: true, ..Default::default() };
    /// let x = ivy::asarray([1000.0f32, -1000.0])?;
    /// let l = ivy::binary_cross_entropy_with(&t, &x, kw)?.to_vec::<f32>()?;
    /// assert_eq!(l, [1000.0, 1000.0]); // no overflow
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[nestable]
    pub fn binary_cross_entropy(
        true_: &Array,
        pred: &Array,
        #[kw(default = false)] from_logits: bool,
        #[kw(default = 1e-7)] epsilon: f64,
        out: Option<&mut Array>,
    ) -> Result<Array> {
        use crate::{abs, add, exp, log, negative, relu, subtract};
        if from_logits {
            // max(x, 0) - x t + log(1 + e^-|x|): e^-|x| <= 1, so nothing overflows
            let soft = log(&add(&exp(&negative(&abs(pred)?)?)?, 1.0)?)?;
            let lin = subtract(&relu(pred)?, &multiply(pred, true_)?)?;
            return crate::add_into(&lin, &soft, out);
        }
        let p = clip(pred, epsilon, 1.0 - epsilon)?;
        let pos = multiply(true_, &log(&p)?)?;
        let q = subtract(1.0, &p)?;
        let neg = multiply(&subtract(1.0, true_)?, &log(&q)?)?;
        negative_into(&add(&pos, &neg)?, out)
    }

    /// Cross-entropy between integer class indices `true_` and `pred` probabilities along
    /// `axis` (Ivy's `sparse_cross_entropy`): [`cross_entropy`] of `one_hot(true_)`, so
    /// `-log(clip(pred[..., true_], ε, 1 − ε))`. As in Ivy, the one-hot labels have
    /// `true_`'s shape plus a last axis of `n = pred.shape[axis]` classes and broadcast
    /// against `pred` (so `true_` is usually `pred`'s shape without its last axis); a
    /// negative label counts from the end, as `take`'s indices do (`-1` is the
    /// last class, as in Ivy's numpy one-hot); a non-integer dtype or a label outside
    /// `[-n, n)` for `n` classes is an `InvalidArgument` error.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let t = ivy::asarray([1i64, 0])?;
    /// let p = ivy::asarray([[0.25f32, 0.75], [0.5, 0.5]])?;
    /// let l = ivy::sparse_cross_entropy(&t, &p)?.to_vec::<f32>()?;
    /// assert!((l[0] - -(0.75f32).ln()).abs() < 1e-6 && (l[1] - 2f32.ln()).abs() < 1e-6);
    /// let last = ivy::sparse_cross_entropy(&ivy::asarray([-1i64, 0])?, &p)?;
    /// assert_eq!(last.to_vec::<f32>()?, l);
    /// assert!(ivy::sparse_cross_entropy(&ivy::asarray([2i64, 0])?, &p).is_err());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[nestable]
    pub fn sparse_cross_entropy(
        #[index] true_: &Array,
        pred: &Array,
        #[kw(default = -1)] axis: i64,
        #[kw(default = 1e-7)] epsilon: f64,
        out: Option<&mut Array>,
    ) -> Result<Array> {
        use crate::{any, equal, expand_dims, greater_equal, less, logical_or};
        let bad = |message: String| crate::Error::InvalidArgument {
            op: "sparse_cross_entropy",
            message,
        };
        if !true_.dtype().is_int() {
            return Err(bad(format!(
                "`true_` holds class indices: an integer dtype, not {} (cast the labels, \
                 or pass one-hot labels to `cross_entropy`)",
                true_.dtype()
            )));
        }
        let nd = pred.shape().len() as i64;
        if nd == 0 || axis < -nd || axis >= nd {
            return Err(crate::Error::Axis {
                op: "sparse_cross_entropy",
                axis,
                ndim: pred.shape().len(),
            });
        }
        let n = pred.shape()[if axis < 0 { axis + nd } else { axis } as usize] as i64;
        let labels = expand_dims(true_, -1)?;
        let outside = logical_or(&less(&labels, -n)?, &greater_equal(&labels, n)?)?;
        if any(&outside)?.item::<bool>()? {
            return Err(bad(format!(
                "class indices must lie in [-{n}, {n}) (`pred`'s axis {axis} has {n} classes)"
            )));
        }
        // classes 0..n (and -n..0) along a new last axis, on the labels' backend and device
        // (not the global ones): the one-hot mask
        let kw = crate::ArangeKw {
            device: Some(true_.device()),
            ..Default::default()
        };
        let classes = crate::with_backend(true_.backend(), || crate::arange_with(n, kw))?;
        let from_end = crate::subtract(&classes, n)?;
        let hit = logical_or(&equal(&labels, &classes)?, &equal(&labels, &from_end)?)?;
        let one_hot = hit.cast(pred.dtype())?;
        let kw = CrossEntropyKw { axis, epsilon };
        crate::cross_entropy_into(&one_hot, pred, kw, out)
    }
}

#[doc(inline)]
pub use losses::*;
