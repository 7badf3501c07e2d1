//! Gradients through candle's autograd: [`execute_with_gradients`] makes each leaf of the
//! Container a candle `Var`, runs the function on them, and takes every gradient from one
//! `backward` pass (the seed's reason for not mapping over the leaves).
//!
//! While the function runs, the thread is *recording*. Every op candle has a kernel for
//! runs on candle's graph (`maximum`, `minimum`, `clip`, `where`, the comparisons, …), so
//! only an op candle lacks reaches the host: an op whose candle path computes a
//! float result on the host (reading a tracked tensor's values into ivy's own kernels) would
//! cut the graph and give silently wrong gradients, so [`off_graph`] makes it an error
//! naming the op instead; a host result that cannot carry a gradient (integer or bool
//! results, integer or empty inputs) cuts nothing and is allowed. Ivy's vectorised CPU kernels are skipped for tracked tensors at all times
//! (candle's own op keeps the graph).

use super::{err, CandleArray};
use crate::functional::gradients::GradOutput;
use crate::{Array, Container, NativeArray};
use candle_core::{Tensor, Var};
use ivy_core::{Error, Result};
use std::cell::Cell;

thread_local! {
    /// How many `execute_with_gradients` calls are running on this thread.
    static RECORDING: Cell<u32> = const { Cell::new(0) };
}

/// Marks the thread as recording while alive.
struct Recording;

impl Recording {
    fn start() -> Recording {
        RECORDING.with(|r| r.set(r.get() + 1));
        Recording
    }
}

impl Drop for Recording {
    fn drop(&mut self) {
        RECORDING.with(|r| r.set(r.get().saturating_sub(1)));
    }
}

/// Whether `t` is a variable, or computed from one, while `execute_with_gradients` records.
pub(crate) fn on_recorded_graph(t: &Tensor) -> bool {
    t.track_op() && RECORDING.with(Cell::get) > 0
}

/// An error when `t` is part of a recorded graph and `op` is about to compute a float
/// result of dtype `result` from its values on the host (which candle cannot
/// differentiate). A result that cannot carry a gradient cuts nothing, so it is allowed: an
/// integer or bool result (`argmax`, `argsort`'s indices, comparisons), one computed from
/// integer or bool values, or from no values at all (an empty tensor). The error's `op`
/// becomes the op the user called (the generated entry renames it); the message keeps
/// `op`, the one without a candle kernel.
pub(crate) fn off_graph(op: &'static str, t: &Tensor, result: ivy_core::Dtype) -> Result<()> {
    if result.is_float() && t.dtype().is_float() && t.elem_count() > 0 && on_recorded_graph(t) {
        return Err(Error::InvalidArgument {
            op,
            message: format!(
                "inside `execute_with_gradients`, candle has no kernel for `{op}` on this {:?} tensor, so it would compute on the host, which cuts the gradient graph; use ops candle computes itself (`ivy support {op}` names the dtypes candle computes natively)",
                t.dtype()
            ),
        });
    }
    Ok(())
}

/// An error when `t` is part of a recorded graph and `op` is about to replace it in place:
/// the graph would keep the old tensor, and the gradients would silently be zeros.
pub(crate) fn no_update_on_graph(op: &'static str, t: &Tensor) -> Result<()> {
    if on_recorded_graph(t) {
        return Err(Error::InvalidArgument {
            op,
            message: "inside `execute_with_gradients`, an in-place update of a variable or of an array computed from one would cut the gradient graph (its gradients would be zeros); compute a new array instead, or update after `execute_with_gradients` returns".into(),
        });
    }
    Ok(())
}

/// `func` of the variables `xs`, its first output, the gradient of that output (of its sum
/// when not a scalar, as candle's `backward` seeds it with ones) with respect to every leaf
/// in one backward pass, and the other outputs.
pub(crate) fn execute_with_gradients<O: GradOutput>(
    op: &'static str,
    func: impl FnOnce(&Container) -> Result<O>,
    xs: &Container,
    retain_grads: bool,
) -> Result<(Array, Container, O::Rest)> {
    let mut tensors = Vec::new();
    let vars = xs.map(|kc, a| {
        let var = match &a.native {
            NativeArray::Candle(CandleArray::Var(v)) if a.dtype().is_float() => v.clone(),
            NativeArray::Candle(CandleArray::Tensor(t)) if a.dtype().is_float() => {
                Var::from_tensor(t).map_err(|e| err(op, e))?
            }
            _ => {
                return Err(Error::InvalidArgument {
                    op,
                    message: format!(
                        "the leaf `{kc}` is a {} {} array: gradients are taken with respect to float arrays (cast it with `astype`)",
                        a.backend(),
                        a.dtype()
                    ),
                })
            }
        };
        tensors.push(var.as_tensor().clone());
        Ok(Array::from_candle(CandleArray::Var(var)))
    })?;
    let out = {
        let _recording = Recording::start();
        func(&vars)?
    };
    let (y, rest) = out.split();
    let yt = match &y.native {
        NativeArray::Candle(c) if y.dtype().is_float() => c.tensor().clone(),
        _ => {
            return Err(Error::InvalidArgument {
                op,
                message: format!(
                    "the function returned a {} {} array; its first output must be a float candle array computed from the variables",
                    y.backend(),
                    y.dtype()
                ),
            })
        }
    };
    let store = yt.backward().map_err(|e| err(op, e))?;
    let mut next = tensors.iter();
    let grads = vars.map(|_, _| {
        // one variable per leaf, in leaf order
        let Some(t) = next.next() else {
            return Err(Error::InvalidArgument {
                op,
                message: "the Container changed while its gradients were taken".into(),
            });
        };
        // a variable the output does not depend on has a zero gradient (as in Ivy)
        let g = match store.get(t) {
            Some(g) => g.detach(),
            None => t.zeros_like().map_err(|e| err(op, e))?,
        };
        Ok(Array::from_candle(CandleArray::Tensor(g)))
    })?;
    let y = if retain_grads {
        y
    } else {
        Array::from_candle(CandleArray::Tensor(yt.detach()))
    };
    Ok((y, grads, rest))
}
