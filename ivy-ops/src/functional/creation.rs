//! Array creation.

/// Array creation ops.
#[ivy_macros::category]
pub mod creation {
    use crate::{Array, Backend, Data, Device, Dtype, Result, Scalar, Shape};

    /// An array of zeros (default dtype: the default float dtype). Compositional: `full`
    /// with 0 in the inferred dtype, so a backend implements the fill once (in `full`);
    /// errors name `zeros`.
    #[compositional]
    #[infer_dtype]
    #[infer_device]
    pub fn zeros(
        shape: Shape,
        #[kw] dtype: Option<Dtype>,
        #[kw] device: Option<Device>,
    ) -> Result<Array> {
        let dtype = Some(crate::__private::infer_dtype(dtype, &[], &[]));
        full_with(shape, Scalar::Int(0), FullKw { dtype, device }).map_err(|e| e.with_op("zeros"))
    }

    /// An array of ones (default dtype: the default float dtype). Compositional, as `zeros`.
    #[compositional]
    #[infer_dtype]
    #[infer_device]
    pub fn ones(
        shape: Shape,
        #[kw] dtype: Option<Dtype>,
        #[kw] device: Option<Device>,
    ) -> Result<Array> {
        let dtype = Some(crate::__private::infer_dtype(dtype, &[], &[]));
        full_with(shape, Scalar::Int(1), FullKw { dtype, device }).map_err(|e| e.with_op("ones"))
    }

    /// An array filled with `fill_value`; its dtype follows the value (int → default int,
    /// float → default float, bool → bool) unless given.
    #[primary]
    #[infer_dtype]
    #[infer_device]
    #[check(super::full_shape)]
    pub fn full(
        shape: Shape,
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

    /// A buffer of `n` elements `value(i)`, fallibly allocated: the one body of every
    /// creation kernel (each backend only picks `T` for the dtype).
    pub(crate) fn typed_values<T: crate::elem::Elem>(
        op: &'static str,
        n: usize,
        value: impl Fn(usize) -> Scalar,
    ) -> Result<Vec<T>> {
        let mut v = crate::alloc::try_vec::<T>(op, n)?;
        v.extend((0..n).map(|i| T::from_scalar(value(i))));
        Ok(v)
    }

    /// `shape` filled with `s`, fallibly allocated.
    pub(crate) fn filled_values<T: crate::elem::Elem>(
        op: &'static str,
        shape: &[usize],
        s: Scalar,
        dtype: Dtype,
    ) -> Result<Vec<T>> {
        let n = crate::alloc::shape_size_of(op, shape, dtype)?;
        let mut v = crate::alloc::try_vec::<T>(op, n)?;
        v.resize(n, T::from_scalar(s));
        Ok(v)
    }

    /// The values of `arange(start, stop, step)` in `dtype` (exact integers when all three
    /// are ints), fallibly allocated.
    pub(crate) fn arange_values<T: crate::elem::Elem>(
        start: Scalar,
        stop: Scalar,
        step: Scalar,
        dtype: Dtype,
    ) -> Result<Vec<T>> {
        let n = arange_len(start, stop, step)?;
        crate::alloc::shape_size_of("arange", &[n], dtype)?;
        typed_values("arange", n, |i| match (start, stop, step) {
            (Scalar::Int(a), Scalar::Int(_), Scalar::Int(s)) => {
                Scalar::Int(a.wrapping_add((i as i64).wrapping_mul(s)))
            }
            _ => Scalar::Float(start.to_f64() + i as f64 * step.to_f64()),
        })
    }

    /// Number of elements of `arange(start, stop, step)`, or an error for a zero or
    /// non-finite step, non-finite bounds, or a count beyond `usize`.
    pub(crate) fn arange_len(start: Scalar, stop: Scalar, step: Scalar) -> Result<usize> {
        let (a, b, s) = (start.to_f64(), stop.to_f64(), step.to_f64());
        if s == 0.0 || !s.is_finite() {
            return Err(crate::Error::InvalidArgument {
                op: "arange",
                message: "`step` must be a finite non-zero number".into(),
            });
        }
        let too_many = |n: String| crate::Error::InvalidArgument {
            op: "arange",
            message: format!("{n} elements are more than an array can hold"),
        };
        if let (Scalar::Int(a), Scalar::Int(b), Scalar::Int(s)) = (start, stop, step) {
            // exact for integers: ceil((b - a) / s) in i128
            let (a, b, s) = (a as i128, b as i128, s as i128);
            let n = (((b - a) + s - s.signum()) / s).max(0);
            return usize::try_from(n)
                .ok()
                .filter(|n| *n <= isize::MAX as usize)
                .ok_or_else(|| too_many(n.to_string()));
        }
        if !a.is_finite() || !b.is_finite() {
            return Err(crate::Error::InvalidArgument {
                op: "arange",
                message: format!("`start` and `stop` must be finite, got {a} and {b}"),
            });
        }
        let n = ((b - a) / s).ceil().max(0.0);
        if n >= isize::MAX as f64 {
            return Err(too_many(n.to_string()));
        }
        Ok(n as usize)
    }
}

pub use creation::*;

/// `full`'s shared check (also run for `zeros` and `ones`, written over `full`): a shape
/// that can exist for the dtype.
pub(crate) fn full_shape(
    op: &'static str,
    shape: &&[usize],
    _fill: &crate::Scalar,
    dtype: &crate::Dtype,
    _device: &crate::Device,
) -> crate::Result<()> {
    crate::alloc::shape_size_of(op, shape, *dtype).map(drop)
}
