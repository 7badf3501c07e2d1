//! Loss functions.

use crate::{Array, Error, Result};

/// Loss functions.
#[ivy_macros::category(support_docs = "docs/support")]
pub mod losses {
    use super::Reduction;
    use crate::ops::{map_owned, zip_owned};
    use crate::{clip, mean_with, multiply, negative_into, sum_with, MeanKw, SumKw};
    use crate::{Array, Result};

    /// Cross-entropy between `true_` labels and `pred` probabilities along `axis` (Ivy's
    /// `cross_entropy(true, pred, /, *, axis=-1, epsilon=1e-7, reduction=...)`): the
    /// elementwise terms `-log(clip(pred, ε, 1 − ε)) · true_` (broadcast), reduced by
    /// `reduction`: `"sum"` (the default: this project's seed defines the loss as
    /// `-sum(log(clip(pred)) · true_, axis)`) or `"mean"` (their mean over `axis`; Ivy's later
    /// versions default to `"mean"`) or `"none"` (the elementwise terms, `pred`'s shape after
    /// broadcasting; `axis` is then unused). Another `reduction` is an `InvalidArgument`
    /// error. Compositional: clip, log, multiply, then the reduction and the negation, chained
    /// through one temporary of `pred`'s size (the log and the product update the clipped
    /// array in place where the backend can, on ndarray), passing `out` to its last op.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(ivy::Backend::Ndarray);
    /// let t = ivy::asarray(vec![0.0f32, 1.0])?;
    /// let p = ivy::asarray(vec![0.25f32, 0.75])?;
    /// let l = ivy::cross_entropy(&t, &p)?;
    /// assert!((l.item::<f32>()? - -(0.75f32).ln()).abs() < 1e-6);
    /// let mean = CrossEntropyKw { reduction: "mean".into(), ..Default::default() };
    /// let m = ivy::cross_entropy_with(&t, &p, mean)?;
    /// assert!((m.item::<f32>()? - -(0.75f32).ln() / 2.0).abs() < 1e-6);
    /// let bad = CrossEntropyKw { reduction: "max".into(), ..Default::default() };
    /// assert!(ivy::cross_entropy_with(&t, &p, bad).is_err());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[nestable]
    pub fn cross_entropy(
        true_: &Array,
        pred: &Array,
        #[kw(default = -1)] axis: i64,
        #[kw(default = 1e-7)] epsilon: f64,
        #[kw(default = String::from("sum"))] reduction: String,
        out: Option<&mut Array>,
    ) -> Result<Array> {
        let reduction = super::reduction("cross_entropy", &reduction)?;
        let t = clip(pred, epsilon, 1.0 - epsilon)?;
        let t = map_owned!(t, log, Log, LOG)?;
        let t = zip_owned(t, true_, |x, y| multiply(x, y), |x, y| x.mul_assign(y))?;
        let axis = Some(vec![axis]);
        // negated after the reduction, not before: `-(0.0 + -0.0)` is -0.0, numpy's answer
        // for a row whose labels are all 0
        match reduction {
            Reduction::Sum => negative_into(
                &sum_with(
                    &t,
                    SumKw {
                        axis,
                        ..Default::default()
                    },
                )?,
                out,
            ),
            Reduction::Mean => negative_into(
                &mean_with(
                    &t,
                    MeanKw {
                        axis,
                        ..Default::default()
                    },
                )?,
                out,
            ),
            Reduction::None => negative_into(&t, out),
        }
    }

    /// Binary cross-entropy between `true_` labels (in `[0, 1]`) and `pred` (Ivy's
    /// `binary_cross_entropy(true, pred, /, *, from_logits=False, epsilon=0.0,
    /// reduction="mean", pos_weight=None, axis=None)`, with Ivy's meanings):
    ///
    /// - `true_` is cast to `pred`'s dtype, then smoothed: `t = true_ · (1 − ε) + ε / 2`, with
    ///   `epsilon` (ε, default 0: no smoothing) in `[0, 1]`;
    /// - probabilities (`from_logits = false`): `-(t·log(p) + (1 − t)·log(1 − p))` with
    ///   `p = clip(pred, 1e-7, 1 − 1e-7)` (a fixed clip, as in Ivy);
    /// - logits (`from_logits = true`): the stable form `max(x, 0) − x·t + log(1 + e^−|x|)`,
    ///   which never overflows; with `pos_weight` (`w`, weighting the positive term of each
    ///   class) the stable weighted form `(1 − t)·x + (1 + (w − 1)·t)·(log(1 + e^−|x|) +
    ///   max(−x, 0))`, equal to Ivy's `-(w·t·log σ(x) + (1 − t)·log(1 − σ(x)))` except where
    ///   Ivy's clip of `σ(x)` to `[1e-7, 1 − 1e-7]` bounds it (`|x| > 16`);
    /// - `reduction`: `"mean"` (default) or `"sum"` of the elementwise losses over `axis`
    ///   (`None`, the default: every axis), or `"none"`: the elementwise losses.
    ///
    /// Errors (`InvalidArgument`): another `reduction`, `epsilon` outside `[0, 1]`,
    /// `pos_weight` without `from_logits = true`, or a `pos_weight` whose length is not the
    /// number of classes (`pred.shape[0]` for a 1-D `pred`, else `pred.shape[1]`).
    /// Compositional: differentiable on candle.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let t = ivy::asarray([0.0f32, 1.0])?;
    /// let p = ivy::asarray([0.25f32, 0.75])?;
    /// let l = ivy::binary_cross_entropy(&t, &p)?.item::<f32>()?; // the mean
    /// assert!((l - -(0.75f32).ln()).abs() < 1e-6);
    /// let none = BinaryCrossEntropyKw { reduction: "none".into(), ..Default::default() };
    /// let l = ivy::binary_cross_entropy_with(&t, &p, none.clone())?.to_vec::<f32>()?;
    /// assert!((l[0] - -(0.75f32).ln()).abs() < 1e-6 && (l[1] - -(0.75f32).ln()).abs() < 1e-6);
    /// let kw = BinaryCrossEntropyKw { from_logits: true, ..none };
    /// let x = ivy::asarray([1000.0f32, -1000.0])?;
    /// let l = ivy::binary_cross_entropy_with(&t, &x, kw.clone())?.to_vec::<f32>()?;
    /// assert_eq!(l, [1000.0, 1000.0]); // no overflow
    /// let w = BinaryCrossEntropyKw { pos_weight: Some(ivy::asarray([1.0f32, 2.0])?), ..kw };
    /// let l = ivy::binary_cross_entropy_with(&t, &x, w)?.to_vec::<f32>()?;
    /// assert_eq!(l, [1000.0, 2000.0]); // the positive label weighs 2
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[nestable]
    pub fn binary_cross_entropy(
        true_: &Array,
        pred: &Array,
        #[kw(default = false)] from_logits: bool,
        #[kw(default = 0.0)] epsilon: f64,
        #[kw(default = String::from("mean"))] reduction: String,
        #[kw] pos_weight: Option<Array>,
        #[kw] axis: Option<Vec<i64>>,
        out: Option<&mut Array>,
    ) -> Result<Array> {
        use crate::{abs, add, exp, log, negative, relu, subtract};
        const OP: &str = "binary_cross_entropy";
        let reduction = super::reduction(OP, &reduction)?;
        super::bce_args(OP, pred, from_logits, epsilon, pos_weight.as_ref())?;
        let cast;
        let mut t = true_;
        if true_.dtype() != pred.dtype() {
            cast = true_.cast(pred.dtype())?;
            t = &cast;
        }
        let smoothed;
        if epsilon > 0.0 {
            smoothed = add(&multiply(t, 1.0 - epsilon)?, 0.5 * epsilon)?;
            t = &smoothed;
        }
        let loss = if from_logits {
            // log(1 + e^-|x|): e^-|x| <= 1, so nothing overflows
            let soft = log(&add(&exp(&negative(&abs(pred)?)?)?, 1.0)?)?;
            match &pos_weight {
                None => add(&subtract(&relu(pred)?, &multiply(pred, t)?)?, &soft)?,
                Some(w) => {
                    // (1 - t) x + (1 + (w - 1) t) (log(1 + e^-|x|) + max(-x, 0))
                    let lin = multiply(&subtract(1.0, t)?, pred)?;
                    let l = add(&multiply(&subtract(w, 1.0)?, t)?, 1.0)?;
                    let sp = add(&soft, &relu(&negative(pred)?)?)?;
                    add(&lin, &multiply(&l, &sp)?)?
                }
            }
        } else {
            let p = clip(pred, 1e-7, 1.0 - 1e-7)?;
            let pos = multiply(t, &log(&p)?)?;
            let q = subtract(1.0, &p)?;
            let neg = multiply(&subtract(1.0, t)?, &log(&q)?)?;
            negative(&add(&pos, &neg)?)?
        };
        match reduction {
            // returned: the generated entry writes it into `out` when one is given
            Reduction::None => Ok(Some(loss)),
            Reduction::Sum => crate::sum_into(
                &loss,
                SumKw {
                    axis,
                    ..Default::default()
                },
                out,
            ),
            Reduction::Mean => crate::mean_into(
                &loss,
                MeanKw {
                    axis,
                    ..Default::default()
                },
                out,
            ),
        }
    }

    /// Cross-entropy between integer class indices `true_` and `pred` probabilities along
    /// `axis` (Ivy's `sparse_cross_entropy`): [`cross_entropy`] of `one_hot(true_)`, so
    /// `-log(clip(pred[..., true_], ε, 1 − ε))`. As in Ivy, the one-hot labels have
    /// `true_`'s shape plus a last axis of `n = pred.shape[axis]` classes and broadcast
    /// against `pred` (so `true_` is usually `pred`'s shape without its last axis); a
    /// negative label counts from the end, as `take`'s indices do (`-1` is the
    /// last class, as in Ivy's numpy one-hot); a non-integer dtype or a label outside
    /// `[-n, n)` for `n` classes is an `InvalidArgument` error. `reduction` is
    /// [`cross_entropy`]'s: `"sum"` (default; Ivy's later versions default to `"mean"`),
    /// `"mean"` over `axis`, or `"none"` (the elementwise terms, `pred`'s shape).
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
        #[kw(default = String::from("sum"))] reduction: String,
        out: Option<&mut Array>,
    ) -> Result<Array> {
        use crate::{any, equal, expand_dims, greater_equal, less, logical_or};
        super::reduction("sparse_cross_entropy", &reduction)?;
        let bad = |message: String| crate::Error::InvalidArgument {
            op: "sparse_cross_entropy",
            message,
        };
        if !true_.dtype().is_int() {
            return Err(crate::Error::ArgumentKind {
                op: "sparse_cross_entropy",
                param: "true_",
                expected: "class indices of an integer dtype (cast the labels, or pass one-hot \
                           labels to `cross_entropy`)",
                got: format!("an array of dtype {}", true_.dtype()),
            });
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
        let kw = CrossEntropyKw {
            axis,
            epsilon,
            reduction,
        };
        crate::cross_entropy_into(&one_hot, pred, kw, out)
    }
}

#[doc(inline)]
pub use losses::*;

/// The losses' `reduction` (Ivy's `"none"`, `"sum"`, `"mean"`), checked once for all of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reduction {
    None,
    Sum,
    Mean,
}

/// `reduction`'s value, or an `InvalidArgument` error of `op` naming the three allowed.
pub(crate) fn reduction(op: &'static str, reduction: &str) -> Result<Reduction> {
    match reduction {
        "none" => Ok(Reduction::None),
        "sum" => Ok(Reduction::Sum),
        "mean" => Ok(Reduction::Mean),
        other => Err(Error::InvalidArgument {
            op,
            message: format!("`reduction` must be \"none\", \"sum\" or \"mean\", got {other:?}"),
        }),
    }
}

/// `binary_cross_entropy`'s checks (Ivy's): `epsilon` (label smoothing) in `[0, 1]`;
/// `pos_weight` only with `from_logits`, with one weight per class (`pred.shape[0]` for a 1-D
/// `pred`, else `pred.shape[1]`).
fn bce_args(
    op: &'static str,
    pred: &Array,
    from_logits: bool,
    epsilon: f64,
    pos_weight: Option<&Array>,
) -> Result<()> {
    let bad = |message: String| Err(Error::InvalidArgument { op, message });
    if !(0.0..=1.0).contains(&epsilon) {
        return bad(format!(
            "`epsilon` (label smoothing) must be a float in [0, 1], got {epsilon}"
        ));
    }
    let Some(w) = pos_weight else { return Ok(()) };
    if !from_logits {
        return bad("`pos_weight` is only allowed with `from_logits = true` (pass logits)".into());
    }
    let shape = pred.shape();
    let classes = match shape.len() {
        0 => return bad("`pos_weight` needs a `pred` with a class axis (1-D or more)".into()),
        1 => shape[0],
        _ => shape[1],
    };
    if w.shape().first() != Some(&classes) {
        return bad(format!(
            "`pos_weight` (shape {:?}) must hold one weight per class: {classes} (the length \
             of `pred`'s class axis, dimension 1 of shape {shape:?}, or 0 of a 1-D `pred`)",
            w.shape()
        ));
    }
    Ok(())
}
