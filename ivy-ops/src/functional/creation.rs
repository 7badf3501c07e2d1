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

    /// Zeros shaped like `x`, of `x`'s dtype and device unless given (the second step of
    /// dtype inference: the first array argument). Mixed: written once over `zeros`.
    #[mixed]
    #[nestable]
    #[infer_dtype]
    #[infer_device]
    pub fn zeros_like(
        x: &Array,
        #[kw] dtype: Option<Dtype>,
        #[kw] device: Option<Device>,
    ) -> Result<Array> {
        full_like_with(x, Scalar::Int(0), FullLikeKw { dtype, device })
    }

    /// Ones shaped like `x`.
    #[mixed]
    #[nestable]
    #[infer_dtype]
    #[infer_device]
    pub fn ones_like(
        x: &Array,
        #[kw] dtype: Option<Dtype>,
        #[kw] device: Option<Device>,
    ) -> Result<Array> {
        full_like_with(x, Scalar::Int(1), FullLikeKw { dtype, device })
    }

    /// `fill_value` shaped like `x`, of `x`'s dtype unless given (the array decides before the
    /// scalar).
    #[mixed]
    #[nestable]
    #[infer_dtype]
    #[infer_device]
    pub fn full_like(
        x: &Array,
        fill_value: Scalar,
        #[kw] dtype: Option<Dtype>,
        #[kw] device: Option<Device>,
    ) -> Result<Array> {
        let kw = FullKw {
            dtype: Some(dtype.unwrap_or(x.dtype())),
            device: Some(device.unwrap_or(x.device())),
        };
        crate::with_backend(x.backend(), || full_with(x.shape(), fill_value, kw))
    }

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
        // at most isize::MAX bytes for the widest element (complex128: 16 bytes)
        shape
            .iter()
            .try_fold(1usize, |n, &d| n.checked_mul(d))
            .filter(|n| *n <= isize::MAX as usize / 16)
            .ok_or_else(|| crate::Error::InvalidArgument {
                op,
                message: format!("shape {shape:?} has more elements than fit in memory"),
            })
    }

    /// The values of `arange(start, stop, step)`: exact integers when all three are ints.
    pub(crate) fn arange_values(start: Scalar, stop: Scalar, step: Scalar) -> Result<Vec<Scalar>> {
        let n = arange_len(start, stop, step)?;
        Ok((0..n)
            .map(|i| match (start, stop, step) {
                (Scalar::Int(a), Scalar::Int(_), Scalar::Int(s)) => {
                    Scalar::Int(a.wrapping_add((i as i64).wrapping_mul(s)))
                }
                _ => Scalar::Float(start.to_f64() + i as f64 * step.to_f64()),
            })
            .collect())
    }

    /// Number of elements of `arange(start, stop, step)`, or an error for a zero step.
    fn arange_len(start: Scalar, stop: Scalar, step: Scalar) -> Result<usize> {
        let (a, b, s) = (start.to_f64(), stop.to_f64(), step.to_f64());
        if s == 0.0 || !s.is_finite() {
            return Err(crate::Error::InvalidArgument {
                op: "arange",
                message: "`step` must be a finite non-zero number".into(),
            });
        }
        if let (Scalar::Int(a), Scalar::Int(b), Scalar::Int(s)) = (start, stop, step) {
            // exact for integers: ceil((b - a) / s) in i128
            let (a, b, s) = (a as i128, b as i128, s as i128);
            let n = (((b - a) + s - s.signum()) / s).max(0);
            if n > isize::MAX as i128 / 16 {
                return Err(crate::Error::InvalidArgument {
                    op: "arange",
                    message: format!("{n} elements do not fit in memory"),
                });
            }
            return Ok(n as usize);
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
