//! The candle backend: u8, u32, i16, i32, i64, bf16, f16, f32, f64 and bool; CPU (CUDA with
//! the `cuda` feature). Tensors are immutable; a `Var` is updated natively.
//!
//! Candle has no bool dtype: a bool array is a u8 tensor of 0s and 1s tagged bool
//! ([`CandleArray::Bool`]). Candle's comparisons give exactly such tensors; every cast to
//! bool is `!= 0`; and no u8 arithmetic ever runs on a bool tensor (the families compute
//! bools on the host, with the rows' `bool` classes).
//!
//! Some candle kernels panic on some dtypes (unary float ops on integers); the support
//! specs of this backend reject those dtypes before candle is called.

pub(crate) mod autograd;
mod creation;
mod data_type;
mod device;
mod elementwise;
mod fft;
mod general;
mod kernels;
mod layers;
mod linalg;
mod manipulation;
mod sorting;
mod statistical;

use crate::{Array, NativeArray};
use candle_core::{DType, Tensor, Var};
use ivy_core::{Backend, Device, Dtype, DtypeSet, Error, Result, Version};

/// Fixes candle's CPU thread count for the process, once: candle 0.11 looks it up on every
/// CPU matmul (`RAYON_NUM_THREADS`, else the CPU mask from the OS: about 30 µs a call, a
/// 1 x 1 product took 31 µs); with `RAYON_NUM_THREADS` set to the count candle itself finds,
/// the lookup is one `getenv`. Does nothing when the variable is already set. The `ivy`
/// CLI calls it first thing in `main`, the Python module on import.
///
/// ```standalone_crate
/// // SAFETY: its own process (not merged with other doctests), before any other thread
/// unsafe { ivy::backends::candle::pin_thread_count() };
/// assert!(std::env::var("RAYON_NUM_THREADS").is_ok());
/// ```
///
/// # Safety
/// It sets an environment variable: no other thread may read or write the environment
/// meanwhile (C's `getenv`/`setenv` are not synchronised with Rust's); call it at the start
/// of `main`.
pub unsafe fn pin_thread_count() {
    if std::env::var_os("RAYON_NUM_THREADS").is_none() {
        let n = candle_core::utils::get_num_threads();
        // SAFETY: the caller's contract (no concurrent access to the environment)
        unsafe { std::env::set_var("RAYON_NUM_THREADS", n.to_string()) };
    }
}

/// The candle backend (zero-sized).
#[derive(Clone, Copy, Debug, Default)]
pub struct CandleBackend;

impl crate::BackendInfo for CandleBackend {
    const BACKEND: Backend = Backend::Candle;
    const VERSION: Version = Version(crate::versions::CANDLE_VERSION.1);
    const VERSION_STR: &'static str = crate::versions::CANDLE_VERSION.0;
    const INVALID: DtypeSet = DtypeSet::VALID.difference(crate::native::CANDLE_VALID);
    #[cfg(feature = "cuda")]
    const DEVICES: ivy_core::DeviceSet = ivy_core::DeviceSet::ALL;
    #[cfg(not(feature = "cuda"))]
    const DEVICES: ivy_core::DeviceSet = ivy_core::DeviceSet::CPU;
}

/// Candle data: an immutable tensor, a variable updated in place, or a bool tensor.
#[derive(Clone, Debug)]
pub enum CandleArray {
    /// An immutable tensor.
    Tensor(Tensor),
    /// A variable (Ivy's `tf.Variable` case): `inplace_update` sets it natively.
    Var(Var),
    /// A bool array: a u8 tensor whose elements are 0 or 1 (candle has no bool dtype).
    Bool(Tensor),
}

impl CandleArray {
    /// The tensor (a variable's current value; a bool array's u8 tensor).
    pub fn tensor(&self) -> &Tensor {
        match self {
            CandleArray::Tensor(t) | CandleArray::Bool(t) => t,
            CandleArray::Var(v) => v.as_tensor(),
        }
    }

    /// A tensor holding ivy dtype `d`: tagged bool when `d` is bool (`t` is then a u8
    /// tensor of 0s and 1s).
    pub(crate) fn of(t: Tensor, d: Dtype) -> CandleArray {
        if d == Dtype::Bool {
            CandleArray::Bool(t)
        } else {
            CandleArray::Tensor(t)
        }
    }

    /// Ivy's dtype of the data.
    pub(crate) fn dtype(&self) -> Dtype {
        match self {
            CandleArray::Bool(_) => Dtype::Bool,
            other => dtype_of(other.tensor().dtype()),
        }
    }
}

/// An element type as the host sees a candle tensor: the nine candle element types as
/// themselves, and `bool`, stored as a u8 0 or 1. Every host round-trip of the backend
/// reads and writes tensors through it, so bool is converted in one place.
pub(crate) trait HostElem: crate::kernel::elem::Elem {
    /// The elements of `t`, in row-major order.
    fn values(t: &Tensor) -> candle_core::Result<Vec<Self>>;
    /// `f` of the elements of `t` read in place, when it is a contiguous CPU tensor holding
    /// `Self` (`None` otherwise, and for `bool`, held as u8).
    fn read<R>(t: &Tensor, f: impl FnOnce(&[Self]) -> R) -> Option<R>;
    /// A tensor of `shape` from row-major values, on `dev`.
    fn tensor(
        v: Vec<Self>,
        shape: &[usize],
        dev: &candle_core::Device,
    ) -> candle_core::Result<Tensor>;
    /// An array of `shape` from row-major values, on `dev` (tagged bool for `bool`).
    fn array(
        op: &'static str,
        v: Vec<Self>,
        shape: &[usize],
        dev: &candle_core::Device,
    ) -> Result<Array> {
        Self::tensor(v, shape, dev)
            .map(|t| Array::from_candle(CandleArray::of(t, Self::DTYPE)))
            .map_err(|e| err(op, e))
    }
}

macro_rules! host_elems {
    (() $([$v:ident $c:ident $t:ty])*) => {$(
        impl HostElem for $t {
            fn values(t: &Tensor) -> candle_core::Result<Vec<$t>> {
                t.flatten_all()?.to_vec1::<$t>()
            }
            fn read<R>(t: &Tensor, f: impl FnOnce(&[$t]) -> R) -> Option<R> {
                kernels::in_place(t, f)
            }
            fn tensor(
                v: Vec<$t>,
                shape: &[usize],
                dev: &candle_core::Device,
            ) -> candle_core::Result<Tensor> {
                Tensor::from_vec(v, shape, dev)
            }
        }
    )*};
}
candle_dtypes!(host_elems!());

impl HostElem for bool {
    fn values(t: &Tensor) -> candle_core::Result<Vec<bool>> {
        let v = t.flatten_all()?.to_vec1::<u8>()?;
        Ok(v.into_iter().map(|b| b != 0).collect())
    }
    fn read<R>(_t: &Tensor, _f: impl FnOnce(&[bool]) -> R) -> Option<R> {
        None
    }
    fn tensor(
        v: Vec<bool>,
        shape: &[usize],
        dev: &candle_core::Device,
    ) -> candle_core::Result<Tensor> {
        // the same length in u8: the bool buffer is reused (`collect` in place)
        let v: Vec<u8> = v.into_iter().map(u8::from).collect();
        Tensor::from_vec(v, shape, dev)
    }
}

/// The one list of the backend's dtypes: `[ivy-variant candle-variant element-type]`. Every
/// dtype conversion and `match` of this backend is generated from it (the same set as
/// [`Backend::valid_dtypes`], checked at compile time below).
macro_rules! candle_dtypes {
    ($m:ident! $args:tt) => {
        $crate::backends::candle::$m! { $args
            [Uint8 U8 u8] [Uint32 U32 u32] [Int16 I16 i16] [Int32 I32 i32] [Int64 I64 i64]
            [Bfloat16 BF16 ::half::bf16] [Float16 F16 ::half::f16] [Float32 F32 f32] [Float64 F64 f64]
        }
    };
}

macro_rules! candle_conversions {
    (() $([$v:ident $c:ident $t:ty])*) => {
        /// Ivy's dtype of a candle dtype; `None` for the candle dtypes ivy has no name for
        /// (the f8/f6/f4 formats).
        pub(crate) fn ivy_dtype(d: DType) -> Option<Dtype> {
            match d {
                $(DType::$c => Some(Dtype::$v),)*
                _ => None,
            }
        }

        /// Candle's dtype for an ivy dtype (u8 for bool, its storage), or an error naming
        /// the backend's valid dtypes.
        pub(crate) fn candle_dtype(op: Option<&'static str>, d: Dtype) -> Result<DType> {
            match d {
                $(Dtype::$v => Ok(DType::$c),)*
                Dtype::Bool => Ok(DType::U8),
                #[allow(unreachable_patterns)]
                other => Err(crate::array::not_in_backend(op, other, Backend::Candle)),
            }
        }

        // The list, and bool, is the set ivy-core declares for candle.
        const _: () = assert!(
            DtypeSet::of(&[$(Dtype::$v,)* Dtype::Bool]).0 == Backend::Candle.valid_dtypes().0,
            "candle_dtypes! and Backend::Candle.valid_dtypes() list different dtypes"
        );
    };
}
candle_dtypes!(candle_conversions!());

/// Ivy's dtype of a candle dtype (a bool array's storage is u8: see
/// [`CandleArray::dtype`]). Arrays only hold the nine candle dtypes ivy admits
/// (`From<Tensor>` converts the others to float32), so the float32 fallback is never taken.
pub(crate) fn dtype_of(d: DType) -> Dtype {
    ivy_dtype(d).unwrap_or(Dtype::Float32)
}

pub(crate) fn device_of(d: &candle_core::Device) -> Device {
    match d.location() {
        candle_core::DeviceLocation::Cuda { gpu_id } => Device::Cuda(gpu_id),
        _ => Device::Cpu,
    }
}

/// The candle device for an ivy device: the CPU; with the `cuda` feature, the process's one
/// CUDA device of that ordinal (`cuda_device`); else [`Error::DeviceUnavailable`] (whose
/// message names the `cuda` feature).
pub(crate) fn candle_device(op: &'static str, d: Device) -> Result<candle_core::Device> {
    match d {
        Device::Cpu => Ok(candle_core::Device::Cpu),
        #[cfg(feature = "cuda")]
        Device::Cuda(n) => cuda_device(op, n),
        other => Err(Error::DeviceUnavailable {
            op,
            device: other,
            backend: Backend::Candle,
        }),
    }
}

/// The CUDA device of ordinal `n`, opened once per process and shared: candle gives every
/// `Device::new_cuda` call a device of its own, and refuses to combine tensors of two such
/// devices even on the same GPU, so every array ivy puts on `cuda:N` must come from one.
/// An ordinal the driver does not have (no GPU at all, or fewer GPUs) is
/// [`Error::NoSuchDevice`], counted before candle is asked; a GPU the driver has but cannot
/// open (out of memory, say) is [`Error::Backend`] with the driver's message. Neither is
/// remembered: a later call tries again.
#[cfg(feature = "cuda")]
fn cuda_device(op: &'static str, n: usize) -> Result<candle_core::Device> {
    use std::sync::{Mutex, PoisonError};
    static OPENED: Mutex<Vec<(usize, candle_core::Device)>> = Mutex::new(Vec::new());
    let mut opened = OPENED.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some((_, d)) = opened.iter().find(|(i, _)| *i == n) {
        return Ok(d.clone());
    }
    // no driver, or none that initialises, sees no GPU
    let visible = candle_core::cuda_backend::cudarc::driver::CudaContext::device_count()
        .map_or(0, |c| usize::try_from(c).unwrap_or(0));
    if n >= visible {
        return Err(Error::NoSuchDevice {
            op,
            device: Device::Cuda(n),
            backend: Backend::Candle,
            visible,
        });
    }
    let d = candle_core::Device::new_cuda(n).map_err(|e| err(op, e))?;
    opened.push((n, d.clone()));
    Ok(d)
}

/// A candle error as an ivy error naming the op: only for conditions ivy cannot check
/// first. The message is candle's own, without the backtrace candle attaches when
/// `RUST_BACKTRACE` is set, on one line. (Public for the suite's test of it only.)
#[doc(hidden)]
pub fn err(op: &'static str, e: candle_core::Error) -> Error {
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

/// Checks that a result of `shape` and `dtype` can exist and be allocated, before candle
/// allocates it itself (candle aborts the process on allocation failure).
pub(crate) use crate::kernel::alloc::reserve;

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

/// Wraps a candle result as an array of ivy dtype `d` (tagged bool when `d` is bool: the
/// tensor is then a u8 tensor of 0s and 1s).
pub(crate) fn wrap(op: &'static str, d: Dtype, r: candle_core::Result<Tensor>) -> Result<Array> {
    r.map(|t| Array::from_candle(CandleArray::of(t, d)))
        .map_err(|e| err(op, e))
}

/// `r` (computed from `inputs` without a copy, possibly) detached from every `Var` among
/// the inputs: a `Var` is written in place by `inplace_update`, so a result sharing its
/// storage would change with it. Tensors are immutable: sharing theirs is safe and kept.
pub(crate) fn unshared(op: &'static str, inputs: &[&Array], r: Result<Array>) -> Result<Array> {
    let mut r = r?;
    let shares = inputs.iter().any(|x| match (&x.native, &r.native) {
        (NativeArray::Candle(CandleArray::Var(v)), NativeArray::Candle(c)) => {
            same_storage(v.as_tensor(), c.tensor())
        }
        _ => false,
    });
    if shares {
        let d = r.dtype();
        if let NativeArray::Candle(c) = &mut r.native {
            let t = c.tensor().copy().map_err(|e| err(op, e))?;
            *c = CandleArray::of(t, d);
        }
    }
    Ok(r)
}

/// Writes `v` (c's dtype, one element per offset) at the row-major `offsets` of `c`: on
/// the host, then natively into a `Var`, or by rebinding a tensor (refused under the strict
/// in-place mode, before anything is read).
pub(crate) fn scatter(
    op: &'static str,
    c: &mut CandleArray,
    offsets: &[usize],
    v: &CandleArray,
) -> Result<()> {
    if !matches!(c, CandleArray::Var(_)) {
        ivy_core::check_rebind(op, Backend::Candle)?;
    }
    let d = c.dtype();
    let t = c.tensor();
    let n = t.elem_count();
    if let Some(&o) = offsets.iter().find(|&&o| o >= n) {
        return Err(Error::InvalidArgument {
            op,
            message: format!("offset {o} is out of range for {n} elements"),
        });
    }
    let new = host_types!(op, d, T => {
        let mut xs = T::values(t).map_err(|e| err(op, e))?;
        let vals = T::values(v.tensor()).map_err(|e| err(op, e))?;
        crate::native::write_at(&mut xs, offsets, &vals);
        T::tensor(xs, t.dims(), t.device()).map_err(|e| err(op, e))
    })?;
    match c {
        CandleArray::Var(var) => set_var(op, var, &new),
        other => {
            *other = CandleArray::of(new, d);
            Ok(())
        }
    }
}

pub(crate) fn to_f64_vec(t: &Tensor) -> Result<Vec<f64>> {
    t.to_dtype(DType::F64)
        .and_then(|t| t.flatten_all())
        .and_then(|t| t.to_vec1::<f64>())
        .map_err(|e| err("to_f64_vec", e))
}

/// `t` as `to` (every cast of the backend: `astype`, promotion, family inputs): candle's
/// own conversion, or, on the CPU, ivy's on the host where candle's rounds twice (int32,
/// int64 and uint32 to bfloat16, through float32; a GPU keeps candle's conversion).
pub(crate) fn cast(t: &Tensor, to: Dtype) -> Result<CandleArray> {
    if to == Dtype::Bool {
        // nonzero is true (NaN too): candle's `ne` gives the u8 0s and 1s of a bool tensor
        reserve("astype", t.dims(), to)?;
        // `ne` walks with candle's `NdIter`, at most `MAX_RANK` dimensions (a panic beyond)
        return kernels::flat_input("astype", t)?
            .ne(0.0)
            .and_then(|m| m.reshape(t.dims()))
            .map(CandleArray::Bool)
            .map_err(|e| err("astype", e));
    }
    // a bool source is a u8 tensor of 0s and 1s: converted as u8, it converts as bool
    // on a GPU, candle's own conversion (rounding twice) rather than a host round-trip
    if t.device().is_cpu() && data_type::rounds_twice(dtype_of(t.dtype()), to) {
        return data_type::host_cast("astype", t, to);
    }
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
    /// converted to float32 first, so no Array holds a dtype ivy cannot name. An empty
    /// tensor of a strided layout becomes a contiguous one of its shape (no element to
    /// copy): candle's kernels walk a strided layout row by row, and an op on a transposed
    /// `(0, 2**40)` tensor ran for minutes.
    fn from(t: Tensor) -> Array {
        let t = match ivy_dtype(t.dtype()) {
            Some(_) => t,
            None => t.to_dtype(DType::F32).unwrap_or(t),
        };
        let t = match t.elem_count() == 0 && !t.is_contiguous() {
            true => Tensor::zeros(t.dims(), t.dtype(), t.device()).unwrap_or(t),
            false => t,
        };
        Array::from_candle(CandleArray::Tensor(t))
    }
}

impl From<Var> for Array {
    /// Wraps a candle variable (its storage: updates of the Array set it). A variable of a
    /// dtype outside Ivy's 15 (the f8/f6/f4 formats) becomes a float32 tensor copy, as
    /// [`From<Tensor>`](#impl-From<Tensor>-for-Array) converts those.
    fn from(v: Var) -> Array {
        if ivy_dtype(v.dtype()).is_none() {
            return Array::from(v.as_tensor().clone());
        }
        Array::from_candle(CandleArray::Var(v))
    }
}

/// Whether two tensors hold the same storage (candle shares it between a tensor and its
/// views, reshapes, clones and a `Var`'s tensor).
pub(crate) fn same_storage(a: &Tensor, b: &Tensor) -> bool {
    let (sa, _) = a.storage_and_layout();
    let (sb, _) = b.storage_and_layout();
    std::ptr::eq(&*sa, &*sb)
}

/// Sets `var` to `value` (same shape): a value sharing the variable's storage (the variable
/// itself, a view of it) is copied first, as candle refuses to set a variable from its own
/// storage.
pub(crate) fn set_var(op: &'static str, var: &Var, value: &Tensor) -> Result<()> {
    if same_storage(var.as_tensor(), value) {
        let copy = value.copy().map_err(|e| err(op, e))?;
        return var.set(&copy).map_err(|e| err(op, e));
    }
    var.set(value).map_err(|e| err(op, e))
}

impl<'a> crate::IntoArray<'a> for &Tensor {
    /// The tensor's handle (no copy); a candle dtype ivy has no name for (f8/f6/f4) is
    /// converted to float32, as [`From<Tensor>`](Array#impl-From<Tensor>-for-Array) does.
    #[inline]
    fn into_array(self, _op: &'static str) -> Result<crate::ArrayArg<'a>> {
        Ok(crate::ArrayArg::owned(Array::from(self.clone())))
    }
}
impl<'a> crate::IntoArray<'a> for Tensor {
    #[inline]
    fn into_array(self, _op: &'static str) -> Result<crate::ArrayArg<'a>> {
        Ok(crate::ArrayArg::owned(Array::from(self)))
    }
}
impl<'a> crate::IntoArray<'a> for &Var {
    /// The variable's handle (no copy): the op reads its current value.
    #[inline]
    fn into_array(self, _op: &'static str) -> Result<crate::ArrayArg<'a>> {
        Ok(crate::ArrayArg::owned(Array::from(self.clone())))
    }
}
crate::args::native_operand!([] &Tensor, [] Tensor, [] &Var);
crate::args::seq_item_native!(
    [] Tensor => |x| x,
    [] &Tensor => |x| *x,
    [] Var => |x| x,
    [] &Var => |x| *x,
);
crate::args::native_data!(
    [] &Tensor => copied: false,
    [] Tensor => copied: false,
    [] &Var => copied: false,
);

impl crate::IntoArrayMut for &mut Var {
    /// A `Var` is set natively, keeping its dtype (the value is cast into it).
    fn with_array<R>(self, op: &'static str, f: impl FnOnce(&mut Array) -> Result<R>) -> Result<R> {
        if ivy_dtype(self.dtype()).is_none() {
            return Err(Error::InvalidArgument {
                op,
                message: format!(
                    "a candle Var of dtype {:?} has no ivy dtype, so it cannot be updated in place; convert it to one of ivy's dtypes first",
                    self.dtype()
                ),
            });
        }
        let mut a = Array::from(self.clone());
        let r = f(&mut a)?;
        if let NativeArray::Candle(CandleArray::Var(_)) = &a.native {
            return Ok(r); // written in place
        }
        // the op rebound the Array (another dtype): set the Var with the value, cast back
        let t = tensor(op, &a.cast(dtype_of(self.dtype()))?)?.clone();
        set_var(op, self, &t)?;
        Ok(r)
    }
}

impl crate::IntoArrayMut for &mut Tensor {
    /// An error: a candle tensor is immutable, so it cannot be updated in place.
    fn with_array<R>(
        self,
        op: &'static str,
        _f: impl FnOnce(&mut Array) -> Result<R>,
    ) -> Result<R> {
        Err(Error::InvalidArgument {
            op,
            message: "a candle Tensor cannot be updated in place (candle tensors are immutable): pass an `&mut ivy::Array` holding it (rebound), or a `candle_core::Var`".into(),
        })
    }
}

impl TryFrom<Array> for Tensor {
    type Error = Error;
    /// The tensor of an Array: a candle Array's own (a variable's current value), or a
    /// copy of another backend's on candle's CPU (as `TryFrom<Array> for ArrayD` converts).
    fn try_from(a: Array) -> Result<Tensor> {
        let a = a
            .to_backend(ivy_core::Backend::Candle)
            .map_err(|e| e.with_op("to_tensor"))?;
        tensor("to_tensor", &a).cloned()
    }
}

macro_rules! __candle_types {
    (($d:expr, $T:ident, $body:expr, $other:ident, $else:expr) $([$v:ident $c:ident $t:ty])*) => {
        match $d {
            $(::ivy_core::Dtype::$v => {
                #[allow(dead_code)]
                type $T = $t;
                $body
            })*
            #[allow(unreachable_patterns)]
            $other => $else,
        }
    };
}

/// Runs `$body` with `$T` bound to the element type of a candle dtype; `$else` otherwise.
macro_rules! candle_types {
    ($d:expr, $T:ident => $body:expr, $other:ident => $else:expr) => {
        $crate::backends::candle::candle_dtypes!(__candle_types!($d, $T, $body, $other, $else))
    };
}
/// Runs `$body` with `$T` bound to the [`HostElem`] of an ivy dtype the backend holds (the
/// nine candle element types, and `bool`); for any other dtype, `Error::DtypeNotInBackend`
/// naming `$op`.
macro_rules! host_types {
    ($op:expr, $d:expr, $T:ident => $body:expr) => {
        $crate::backends::candle::candle_dtypes!(__host_types!(
            $d,
            $T,
            $body,
            other,
            Err($crate::array::not_in_backend(
                Some($op),
                other,
                ::ivy_core::Backend::Candle
            ))
        ))
    };
}

macro_rules! __host_types {
    (($($args:tt)*) $($rows:tt)*) => {
        $crate::backends::candle::__candle_types!(($($args)*) $($rows)* [Bool U8 bool])
    };
}
pub(crate) use {
    __candle_types, __host_types, candle_conversions, candle_dtypes, candle_types, host_elems,
    host_types,
};

#[cfg(feature = "ndarray")]
mod nd_convert {
    use super::*;
    use crate::backends::ndarray::{NdArray, NdElem};
    use ndarray::{ArrayD, IxDyn};

    /// ndarray → candle (CPU), same dtype.
    pub(crate) fn from_nd(a: &NdArray) -> Result<CandleArray> {
        let shape = a.shape().to_vec();
        host_types!("to_backend", a.dtype(), T => {
            let arr = T::unwrap_ref(a).ok_or_else(|| Error::InvalidArgument {
                op: "to_backend",
                message: format!("ndarray data does not match its dtype {}", a.dtype()),
            })?;
            let mut v = crate::kernel::alloc::try_vec::<T>("to_backend", arr.len())?;
            v.extend(arr.view().iter().copied());
            T::tensor(v, &shape, &candle_core::Device::Cpu)
                .map(|t| CandleArray::of(t, a.dtype()))
                .map_err(|e| err("to_backend", e))
        })
    }

    /// candle → ndarray, same dtype.
    pub(crate) fn to_nd(c: &CandleArray) -> Result<NdArray> {
        let t = c.tensor();
        let shape = t.dims().to_vec();
        host_types!("to_backend", c.dtype(), T => {
            let v = T::values(t).map_err(|e| err("to_backend", e))?;
            ArrayD::from_shape_vec(IxDyn(&shape), v)
                .map(T::wrap)
                .map_err(|e| Error::InvalidArgument { op: "to_backend", message: e.to_string() })
        })
    }
}
#[cfg(feature = "ndarray")]
pub(crate) use nd_convert::{from_nd, to_nd};
