//! Writing results into `out`: the value is checked and cast once, and a failed call leaves
//! `out` exactly as it was.

use crate::{Array, Container};
use ivy_core::{Error, Result};

/// The value of an `_into` call made without `out`.
#[inline]
pub fn expect_value(op: &'static str, r: Result<Option<Array>>) -> Result<Array> {
    match r? {
        Some(a) => Ok(a),
        None => Err(wrote_without_out(op)),
    }
}

#[cold]
fn wrote_without_out(op: &'static str) -> Error {
    Error::InvalidArgument {
        op,
        message:
            "the body wrote into `out` although none was given; return the value when `out` is None"
                .into(),
    }
}

/// Runs a call's steps (conversions, checks, the backend or the body): an error names `op`,
/// the op the user called, whatever op inside raised it (the `astype` of a promotion, the
/// `clip` a loss is written with). See [`Error::with_op`](crate::Error::with_op).
#[inline(always)]
pub fn named<T>(op: &'static str, f: impl FnOnce() -> Result<T>) -> Result<T> {
    f().map_err(|e| e.with_op(op))
}

/// Finishes a compositional body's out path: writes a returned value into `out`.
pub fn finish_out(op: &'static str, r: Option<Array>, out: &mut Array) -> Result<()> {
    match r {
        Some(v) => write_out(op, v, out),
        None => Ok(()),
    }
}

/// Writes `value` into `out`: same shape required, `out` keeps its dtype; on error `out` is
/// unchanged.
pub fn write_out(op: &'static str, value: Array, out: &mut Array) -> Result<()> {
    let value = out_value(op, value, out)?;
    crate::native::replace_data(op, out, value)
}

/// Writes `value`'s leaves into the Container `out` by [`write_out`]'s rules (the same key
/// chains; at each, the result's shape and backend, cast to the leaf's dtype): a nested
/// form's `out` (`nested::tan_out`) and [`ContainerArrays::assign`](crate::ContainerArrays::assign).
/// Every leaf is checked and cast before any is written: on error `out` is unchanged.
pub fn write_container_out(op: &'static str, value: Container, out: &mut Container) -> Result<()> {
    let chains = out.all_key_chains();
    let given = value.all_key_chains();
    // the side lacking a leaf the other has is named: `out` (`in_out`) or the result
    let lacking = |kc: &String, in_out: bool| Error::OutStructure {
        op,
        key_chain: kc.clone(),
        in_out,
    };
    if let Some(kc) = chains.iter().find(|kc| value.leaf(kc).is_none()) {
        return Err(lacking(kc, true));
    }
    if let Some(kc) = given.iter().find(|kc| out.leaf(kc).is_none()) {
        return Err(lacking(kc, false));
    }
    let mut ready = Vec::with_capacity(chains.len());
    for kc in &chains {
        let o = out.at(kc)?;
        let v = out_value(op, value.at(kc)?.clone(), o)?;
        if crate::native::update_rebinds(o, o.dtype()) {
            ivy_core::check_rebind(op, o.backend())?;
        }
        ready.push(v);
    }
    for ((_, o), v) in out.leaves_mut().zip(ready) {
        crate::native::replace_data(op, o, v)?;
    }
    Ok(())
}

/// `value` ready to replace `out`'s data ([`write_out`]'s checks, and its cast to `out`'s
/// dtype), `out` untouched: what a write of several outs checks for each before any.
pub(crate) fn out_value(op: &'static str, value: Array, out: &Array) -> Result<Array> {
    if value.shape() != out.shape() {
        return Err(Error::Shape {
            op,
            lhs: value.shape().to_vec(),
            rhs: out.shape().to_vec(),
            reason: "(result, out) differ: `out` must have the result's shape",
        });
    }
    if value.backend() != out.backend() {
        return Err(Error::BackendMismatch {
            op,
            a: value.backend(),
            b: out.backend(),
        });
    }
    // same dtype: moved as is (a cast would copy the whole buffer)
    if value.dtype() == out.dtype() {
        Ok(value)
    } else {
        value.cast(out.dtype())
    }
}
