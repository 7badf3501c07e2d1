//! `Array` and `NativeArray`.

use crate::backends::{CandleArray, NdArray};
use ivy_core::{Backend, Device, Dtype, Error, Result};
use std::fmt;

/// The data of an [`Array`], one variant per compiled-in backend (Ivy's `NativeArray`).
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum NativeArray {
    /// An ndarray array (all 15 dtypes).
    Ndarray(NdArray),
    /// A candle tensor or variable.
    Candle(CandleArray),
}

impl NativeArray {
    /// The backend holding the data.
    #[inline]
    pub fn backend(&self) -> Backend {
        match self {
            NativeArray::Ndarray(_) => Backend::Ndarray,
            NativeArray::Candle(_) => Backend::Candle,
        }
    }
}

/// An ivy array: a backend's native array behind one type. Ops accept `&Array`; the backend
/// is the array's own.
///
/// ```
/// use ivy::prelude::*;
/// ivy::set_backend(Backend::Candle);
/// let x = ivy::asarray_with([0.0f32, 1.0], AsarrayKw { dtype: None, device: None })?;
/// assert_eq!(x.backend(), Backend::Candle);
/// assert_eq!(x.dtype(), Dtype::Float32);
/// assert_eq!(x.shape(), &[2]);
/// let y = x.tan()?;
/// assert!((y.to_f64_vec()?[1] - 1.0f64.tan()).abs() < 1e-6);
/// # Ok::<(), ivy::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Array {
    pub(crate) native: NativeArray,
}

impl Array {
    /// Wraps native data.
    pub fn from_native(native: NativeArray) -> Array {
        Array { native }
    }
    /// The native data.
    pub fn native(&self) -> &NativeArray {
        &self.native
    }
    /// The native data, by value.
    pub fn into_native(self) -> NativeArray {
        self.native
    }
    /// The array's backend.
    #[inline]
    pub fn backend(&self) -> Backend {
        self.native.backend()
    }
    /// The array's dtype.
    #[inline]
    pub fn dtype(&self) -> Dtype {
        match &self.native {
            NativeArray::Ndarray(a) => crate::backends::nd_dtype(a),
            NativeArray::Candle(t) => crate::backends::candle_dtype(t),
        }
    }
    /// The array's shape.
    #[inline]
    pub fn shape(&self) -> &[usize] {
        match &self.native {
            NativeArray::Ndarray(a) => crate::backends::nd_shape(a),
            NativeArray::Candle(t) => crate::backends::candle_shape(t),
        }
    }
    /// Number of dimensions.
    pub fn ndim(&self) -> usize {
        self.shape().len()
    }
    /// Number of elements.
    pub fn size(&self) -> usize {
        self.shape().iter().product()
    }
    /// The array's device.
    pub fn device(&self) -> Device {
        match &self.native {
            NativeArray::Ndarray(_) => Device::Cpu,
            NativeArray::Candle(t) => crate::backends::candle_device(t),
        }
    }
    /// The values as f64 (real part of complex values), row-major.
    pub fn to_f64_vec(&self) -> Result<Vec<f64>> {
        match &self.native {
            NativeArray::Ndarray(a) => Ok(crate::backends::nd_to_f64(a)),
            NativeArray::Candle(t) => crate::backends::candle_to_f64(t),
        }
    }
    /// A copy on another backend (same dtype; an error if that backend lacks the dtype).
    pub fn to_backend(&self, b: Backend) -> Result<Array> {
        if b == self.backend() {
            return Ok(self.clone());
        }
        crate::backends::convert(self, b)
    }
    /// A copy with another dtype (numpy `astype` rules), on the same backend.
    pub fn cast(&self, dtype: Dtype) -> Result<Array> {
        crate::backends::cast(self, dtype)
    }
}

impl fmt::Display for Array {
    /// `ivy.array([...], dtype=float32)`; arrays above 100 elements print as a shape summary.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.size() > 100 {
            return write!(
                f,
                "ivy.array(<shape {:?}>, dtype={})",
                self.shape(),
                self.dtype()
            );
        }
        let body = crate::backends::format_values(self).map_err(|_| fmt::Error)?;
        write!(f, "ivy.array({body}, dtype={})", self.dtype())
    }
}

/// An error for an operation given arrays of a dtype the backend cannot hold.
pub(crate) fn not_in_backend(op: Option<&'static str>, dtype: Dtype, backend: Backend) -> Error {
    Error::DtypeNotInBackend {
        op,
        dtype,
        backend,
        valid: crate::backends::valid_dtypes(backend),
    }
}
