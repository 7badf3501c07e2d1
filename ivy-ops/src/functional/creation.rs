//! Array creation.

/// Array creation ops.
#[ivy_macros::category]
pub mod creation {
    use crate::{Array, Backend, Data, Device, Dtype, Result, Scalar};

    /// An array of zeros (default dtype: the default float dtype).
    #[primary]
    #[infer_dtype]
    #[infer_device]
    pub fn zeros(
        shape: &[usize],
        #[kw] dtype: Option<Dtype>,
        #[kw] device: Option<Device>,
    ) -> Result<Array>;

    /// An array of ones.
    #[primary]
    #[infer_dtype]
    #[infer_device]
    pub fn ones(
        shape: &[usize],
        #[kw] dtype: Option<Dtype>,
        #[kw] device: Option<Device>,
    ) -> Result<Array>;

    /// An array filled with `fill_value`; its dtype follows the value (int → default int,
    /// float → default float, bool → bool) unless given.
    #[primary]
    #[infer_dtype]
    #[infer_device]
    pub fn full(
        shape: &[usize],
        fill_value: Scalar,
        #[kw] dtype: Option<Dtype>,
        #[kw] device: Option<Device>,
    ) -> Result<Array>;

    /// Values from `start` to `stop` (exclusive) by `step`; ints give the default int dtype.
    #[primary]
    #[infer_dtype]
    #[infer_device]
    pub fn arange(
        start: Scalar,
        stop: Scalar,
        step: Scalar,
        #[kw] dtype: Option<Dtype>,
        #[kw] device: Option<Device>,
    ) -> Result<Array>;

    /// An array from values (`Vec`, arrays, nested arrays, scalars).
    #[primary]
    #[infer_dtype]
    #[infer_device]
    pub fn asarray(
        obj: Data,
        #[kw] dtype: Option<Dtype>,
        #[kw] device: Option<Device>,
    ) -> Result<Array>;

    /// A 0-d array of `dtype` holding `s`, on `backend` (the scalar operands of arithmetic).
    pub(crate) fn scalar_array(
        op: &'static str,
        backend: Backend,
        s: Scalar,
        dtype: Dtype,
        device: Device,
    ) -> Result<Array> {
        crate::__private::dispatch!(backend, __B => {
            crate::__private::check_dtype(op, <__B as crate::BackendInfo>::INVALID, dtype, backend, <__B as crate::BackendInfo>::VERSION_STR)?;
            <__B as CreationBackend>::full(&[], s, dtype, device)
        })
    }

    /// The number of elements of `shape`, or an error when it overflows `usize`.
    pub(crate) fn checked_size(op: &'static str, shape: &[usize]) -> Result<usize> {
        shape
            .iter()
            .try_fold(1usize, |n, &d| n.checked_mul(d))
            .ok_or_else(|| crate::Error::InvalidArgument {
                op,
                message: format!("shape {shape:?} has more elements than fit in memory"),
            })
    }

    /// Number of elements of `arange(start, stop, step)`, or an error for a zero step.
    pub(crate) fn arange_len(start: Scalar, stop: Scalar, step: Scalar) -> Result<usize> {
        let (a, b, s) = (start.to_f64(), stop.to_f64(), step.to_f64());
        if s == 0.0 || !s.is_finite() {
            return Err(crate::Error::InvalidArgument {
                op: "arange",
                message: "`step` must be a finite non-zero number".into(),
            });
        }
        let n = ((b - a) / s).ceil().max(0.0);
        if n > (isize::MAX as f64) / 16.0 {
            return Err(crate::Error::InvalidArgument {
                op: "arange",
                message: format!("{n} elements do not fit in memory"),
            });
        }
        Ok(n as usize)
    }
}

pub use creation::*;
