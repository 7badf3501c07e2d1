//! The candle backend: u8, u32, i16, i32, i64, bf16, f16, f32, f64; CPU (CUDA with the
//! `cuda` feature). Tensors are immutable; a `Var` is updated natively.
//!
//! Some candle kernels panic on some dtypes (unary float ops on integers); the support
//! specs of this backend reject those dtypes before candle is called.

mod creation;
mod data_type;
mod elementwise;
mod general;
mod kernels;
mod statistical;

use crate::{Array, NativeArray};
use candle_core::{DType, Tensor, Var};
use ivy_core::{Backend, Device, Dtype, DtypeSet, Error, Result, Version};

/// The candle backend (zero-sized).
#[derive(Clone, Copy, Debug, Default)]
pub struct CandleBackend;

impl crate::BackendInfo for CandleBackend {
    const BACKEND: Backend = Backend::Candle;
    const VERSION: Version = Version(crate::versions::CANDLE_VERSION.1);
    const VERSION_STR: &'static str = crate::versions::CANDLE_VERSION.0;
    const INVALID: DtypeSet = DtypeSet::VALID.difference(super::CANDLE_VALID);
    #[cfg(feature = "cuda")]
    const DEVICES: ivy_core::DeviceSet = ivy_core::DeviceSet::ALL;
    #[cfg(not(feature = "cuda"))]
    const DEVICES: ivy_core::DeviceSet = ivy_core::DeviceSet::CPU;
}

/// Candle data: an immutable tensor, or a variable updated in place.
#[derive(Clone, Debug)]
pub enum CandleArray {
    /// An immutable tensor.
    Tensor(Tensor),
    /// A variable (Ivy's `tf.Variable` case): `inplace_update` sets it natively.
    Var(Var),
}

impl CandleArray {
    /// The tensor (a variable's current value).
    pub fn tensor(&self) -> &Tensor {
        match self {
            CandleArray::Tensor(t) => t,
            CandleArray::Var(v) => v.as_tensor(),
        }
    }
}

/// Ivy's dtype of a candle dtype (only the nine candle dtypes ivy admits reach here).
pub(crate) fn dtype_of(d: DType) -> Dtype {
    match d {
        DType::U8 => Dtype::Uint8,
        DType::U32 => Dtype::Uint32,
        DType::I16 => Dtype::Int16,
        DType::I32 => Dtype::Int32,
        DType::I64 => Dtype::Int64,
        DType::BF16 => Dtype::Bfloat16,
        DType::F16 => Dtype::Float16,
        DType::F64 => Dtype::Float64,
        _ => Dtype::Float32,
    }
}

/// Candle's dtype for an ivy dtype, or an error naming the backend's valid dtypes.
pub(crate) fn candle_dtype(op: Option<&'static str>, d: Dtype) -> Result<DType> {
    Ok(match d {
        Dtype::Uint8 => DType::U8,
        Dtype::Uint32 => DType::U32,
        Dtype::Int16 => DType::I16,
        Dtype::Int32 => DType::I32,
        Dtype::Int64 => DType::I64,
        Dtype::Bfloat16 => DType::BF16,
        Dtype::Float16 => DType::F16,
        Dtype::Float32 => DType::F32,
        Dtype::Float64 => DType::F64,
        other => return Err(crate::array::not_in_backend(op, other, Backend::Candle)),
    })
}

pub(crate) fn device_of(d: &candle_core::Device) -> Device {
    match d.location() {
        candle_core::DeviceLocation::Cuda { gpu_id } => Device::Cuda(gpu_id),
        _ => Device::Cpu,
    }
}

/// The candle device for an ivy device.
pub(crate) fn candle_device(op: &'static str, d: Device) -> Result<candle_core::Device> {
    match d {
        Device::Cpu => Ok(candle_core::Device::Cpu),
        #[cfg(feature = "cuda")]
        Device::Cuda(n) => candle_core::Device::new_cuda(n).map_err(|e| err(op, e)),
        other => Err(Error::DeviceUnavailable {
            op,
            device: other,
            backend: Backend::Candle,
        }),
    }
}

/// A candle error as an ivy error naming the op: only for conditions ivy cannot check
/// first. The message is candle's own, without the backtrace candle attaches when
/// `RUST_BACKTRACE` is set, on one line.
pub(crate) fn err(op: &'static str, e: candle_core::Error) -> Error {
    Error::Backend {
        op,
        backend: Backend::Candle,
        message: message_of(&e),
    }
}

fn message_of(e: &candle_core::Error) -> String {
    use candle_core::Error as E;
    let m = match e {
        E::WithBacktrace { inner, .. } => return message_of(inner),
        E::Context { inner, context } => format!("{context}: {}", message_of(inner)),
        E::WithPath { inner, path } => format!("{}: {}", path.display(), message_of(inner)),
        other => other.to_string(),
    };
    let mut lines = m.lines().map(str::trim).filter(|l| !l.is_empty());
    let first = lines.next().unwrap_or("unknown error").to_string();
    lines.fold(first, |acc, l| acc + "; " + l)
}

#[cfg(test)]
mod tests {
    #[test]
    fn messages_drop_backtraces() {
        let inner = candle_core::Error::Msg("shape mismatch\nin add".into());
        let e = candle_core::Error::WithBacktrace {
            inner: Box::new(inner),
            backtrace: Box::new(std::backtrace::Backtrace::force_capture()),
        }
        .context("while adding");
        let m = super::err("add", e).to_string();
        assert_eq!(
            m,
            "`add` failed in backend candle: while adding: shape mismatch; in add"
        );
    }
}

/// Checks that a result of `shape` and `dtype` can exist and be allocated, before candle
/// allocates it itself (candle aborts the process on allocation failure).
pub(crate) fn reserve(op: &'static str, shape: &[usize], dtype: Dtype) -> Result<()> {
    let n = crate::alloc::shape_size_of(op, shape, dtype)?;
    crate::alloc::probe(op, crate::alloc::bytes_of(n, dtype))
}

/// The tensor of `x`, or a backend-mismatch error.
pub(crate) fn tensor<'a>(op: &'static str, x: &'a Array) -> Result<&'a Tensor> {
    match &x.native {
        NativeArray::Candle(c) => Ok(c.tensor()),
        #[allow(unreachable_patterns)]
        other => Err(Error::BackendMismatch {
            op,
            a: Backend::Candle,
            b: other.backend(),
        }),
    }
}

/// Wraps a candle result as an array.
pub(crate) fn wrap(op: &'static str, r: candle_core::Result<Tensor>) -> Result<Array> {
    r.map(|t| Array::from_candle(CandleArray::Tensor(t)))
        .map_err(|e| err(op, e))
}

pub(crate) fn to_f64_vec(t: &Tensor) -> Result<Vec<f64>> {
    t.to_dtype(DType::F64)
        .and_then(|t| t.flatten_all())
        .and_then(|t| t.to_vec1::<f64>())
        .map_err(|e| err("to_f64_vec", e))
}

pub(crate) fn cast(t: &Tensor, to: Dtype) -> Result<CandleArray> {
    let d = candle_dtype(Some("astype"), to)?;
    if d.size_in_bytes() > t.dtype().size_in_bytes() {
        reserve("astype", t.dims(), to)?;
    }
    t.to_dtype(d)
        .map(CandleArray::Tensor)
        .map_err(|e| err("astype", e))
}

impl From<Tensor> for Array {
    /// Wraps a candle tensor. Candle dtypes outside Ivy's 15 (the f8/f6/f4 formats) are
    /// converted to float32 first, so no Array holds a dtype ivy cannot name.
    fn from(t: Tensor) -> Array {
        let t = match t.dtype() {
            DType::U8
            | DType::U32
            | DType::I16
            | DType::I32
            | DType::I64
            | DType::BF16
            | DType::F16
            | DType::F32
            | DType::F64 => t,
            _ => t.to_dtype(DType::F32).unwrap_or(t),
        };
        Array::from_candle(CandleArray::Tensor(t))
    }
}

impl From<Var> for Array {
    fn from(v: Var) -> Array {
        Array::from_candle(CandleArray::Var(v))
    }
}

impl TryFrom<Array> for Tensor {
    type Error = Error;
    /// The tensor of a candle Array (a variable's current value).
    fn try_from(a: Array) -> Result<Tensor> {
        tensor("into_tensor", &a).cloned()
    }
}

/// Runs `$body` with `$T` bound to the element type of a candle dtype; `$else` otherwise.
macro_rules! candle_types {
    ($d:expr, $T:ident => $body:expr, $other:ident => $else:expr) => {
        match $d {
            ::ivy_core::Dtype::Uint8 => {
                type $T = u8;
                $body
            }
            ::ivy_core::Dtype::Uint32 => {
                type $T = u32;
                $body
            }
            ::ivy_core::Dtype::Int16 => {
                type $T = i16;
                $body
            }
            ::ivy_core::Dtype::Int32 => {
                type $T = i32;
                $body
            }
            ::ivy_core::Dtype::Int64 => {
                type $T = i64;
                $body
            }
            ::ivy_core::Dtype::Bfloat16 => {
                type $T = half::bf16;
                $body
            }
            ::ivy_core::Dtype::Float16 => {
                type $T = half::f16;
                $body
            }
            ::ivy_core::Dtype::Float32 => {
                type $T = f32;
                $body
            }
            ::ivy_core::Dtype::Float64 => {
                type $T = f64;
                $body
            }
            $other => $else,
        }
    };
}
pub(crate) use candle_types;

#[cfg(feature = "ndarray")]
mod nd_convert {
    use super::*;
    use crate::backends::ndarray::{NdArray, NdElem};
    use ndarray::{ArrayD, IxDyn};

    /// ndarray → candle (CPU), same dtype.
    pub(crate) fn from_nd(a: &NdArray) -> Result<CandleArray> {
        let shape = a.shape().to_vec();
        candle_types!(a.dtype(), T => {
            let arr = T::unwrap_ref(a).ok_or_else(|| Error::InvalidArgument {
                op: "to_backend",
                message: format!("ndarray data does not match its dtype {}", a.dtype()),
            })?;
            let mut v = crate::alloc::try_vec::<T>("to_backend", arr.len())?;
            v.extend(arr.iter().copied());
            Tensor::from_vec(v, shape, &candle_core::Device::Cpu)
                .map(CandleArray::Tensor)
                .map_err(|e| err("to_backend", e))
        }, other => Err(crate::array::not_in_backend(Some("to_backend"), other, Backend::Candle)))
    }

    /// candle → ndarray, same dtype.
    pub(crate) fn to_nd(t: &Tensor) -> Result<NdArray> {
        let shape = t.dims().to_vec();
        let flat = t.flatten_all().map_err(|e| err("to_backend", e))?;
        candle_types!(dtype_of(t.dtype()), T => {
            let v = flat.to_vec1::<T>().map_err(|e| err("to_backend", e))?;
            ArrayD::from_shape_vec(IxDyn(&shape), v)
                .map(T::wrap)
                .map_err(|e| Error::InvalidArgument { op: "to_backend", message: e.to_string() })
        }, _other => unreachable!("candle tensors hold candle dtypes"))
    }
}
#[cfg(feature = "ndarray")]
pub(crate) use nd_convert::{from_nd, to_nd};
