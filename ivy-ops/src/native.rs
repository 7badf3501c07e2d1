//! The table of compiled backends: which native array each holds, and everything that picks
//! a backend by value (dtypes and devices a backend holds, conversion and casts between
//! them, views and scatters, replacing an array's data, native dtypes). The per-backend
//! dispatch of the generated code comes from one macro here,
//! [`__for_backend!`](crate::__for_backend): a backend compiled out is an arm returning
//! `Error::BackendUnavailable`, so no `cfg` appears in generated code. The engine reaches
//! a backend through this table and the traits backends implement, never `backends/`.

#[cfg(feature = "candle")]
use crate::backends::candle;
#[cfg(feature = "ndarray")]
use crate::backends::ndarray;
use crate::backends::{CandleArray, NdArray, NdLent};
use crate::{Array, NativeArray};
use ivy_core::{Backend, Device, Dtype, DtypeSet, Error, Result};

/// Runs `$e` with `$B` bound to the backend type of `$b`; `$else` for a backend compiled out.
#[doc(hidden)]
#[macro_export]
macro_rules! __for_backend {
    ($b:expr, $B:ident => $e:expr, else => $else:expr) => {
        match $b {
            $crate::__private::Backend::Ndarray => $crate::__ndarray_arm!($B => $e, $else),
            $crate::__private::Backend::Candle => $crate::__candle_arm!($B => $e, $else),
            #[allow(unreachable_patterns)]
            _ => $else,
        }
    };
}

#[cfg(feature = "ndarray")]
#[doc(hidden)]
#[macro_export]
macro_rules! __ndarray_arm {
    ($B:ident => $e:expr, $else:expr) => {{
        type $B = $crate::NdarrayBackend;
        $e
    }};
}
#[cfg(not(feature = "ndarray"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __ndarray_arm {
    ($B:ident => $e:expr, $else:expr) => {
        $else
    };
}
#[cfg(feature = "candle")]
#[doc(hidden)]
#[macro_export]
macro_rules! __candle_arm {
    ($B:ident => $e:expr, $else:expr) => {{
        type $B = $crate::CandleBackend;
        $e
    }};
}
#[cfg(not(feature = "candle"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __candle_arm {
    ($B:ident => $e:expr, $else:expr) => {
        $else
    };
}

/// Dispatch: `$e` on the backend type of `$b`, `Err(BackendUnavailable)` if compiled out.
#[doc(hidden)]
#[macro_export]
macro_rules! __dispatch {
    ($b:expr, $B:ident => $e:expr) => {
        $crate::__for_backend!($b, $B => $e, else => ::core::result::Result::Err($crate::__private::unavailable($b)))
    };
}

/// Support query: `$e` on the backend type of `$b`, a "not compiled" row if compiled out.
#[doc(hidden)]
#[macro_export]
macro_rules! __support_for {
    ($b:expr, $B:ident => $e:expr) => {
        $crate::__for_backend!($b, $B => $e, else => $crate::__private::not_compiled($b))
    };
}

/// The dtypes a backend can hold.
pub fn valid_dtypes(b: Backend) -> DtypeSet {
    b.valid_dtypes()
}

/// Candle's dtypes: u8, u32, i16, i32, i64, bf16, f16, f32, f64.
pub const CANDLE_VALID: DtypeSet = Backend::Candle.valid_dtypes();

/// The device kinds backend `b` can use in this build: ndarray the CPU; candle the CPU, and
/// CUDA with the `cuda` feature; none when `b` is compiled out. The kinds it has in a build
/// with every feature are [`Backend::all_devices`].
///
/// ```
/// use ivy::{Backend, Device};
/// assert!(ivy::backends::devices(Backend::Candle).contains(Device::Cpu));
/// assert!(!ivy::backends::devices(Backend::Ndarray).contains(Device::Cuda(0)));
/// ```
pub fn devices(b: Backend) -> ivy_core::DeviceSet {
    crate::engine::support::backend_devices(b)
}

/// Whether a backend is compiled into this build.
pub fn is_compiled(b: Backend) -> bool {
    crate::__for_backend!(b, __B => true, else => false)
}

pub(crate) fn nd_dtype(a: &NdArray) -> Dtype {
    #[cfg(feature = "ndarray")]
    return a.dtype();
    #[cfg(not(feature = "ndarray"))]
    match *a {}
}
pub(crate) fn nd_shape(a: &NdArray) -> &[usize] {
    #[cfg(feature = "ndarray")]
    return a.shape();
    #[cfg(not(feature = "ndarray"))]
    match *a {}
}
pub(crate) fn nd_to_f64(a: &NdArray) -> Vec<f64> {
    #[cfg(feature = "ndarray")]
    return ndarray::nd_all!(a, x, T => x.view().iter().map(|v| ndarray::Elem::to_f64(*v)).collect());
    #[cfg(not(feature = "ndarray"))]
    match *a {}
}
// not inlined: `Array::dtype`/`shape` stay small enough to inline everywhere (their hot
// arms are the storage ones)
#[inline(never)]
pub(crate) fn lent_dtype(l: &NdLent) -> Dtype {
    #[cfg(feature = "ndarray")]
    return l.dtype();
    #[cfg(not(feature = "ndarray"))]
    match *l {}
}
#[inline(never)]
pub(crate) fn lent_shape(l: &NdLent) -> &[usize] {
    #[cfg(feature = "ndarray")]
    return l.shape();
    #[cfg(not(feature = "ndarray"))]
    match *l {}
}
/// A lent buffer in Array storage (copied once per call, cached).
pub(crate) fn lent_shared(l: &NdLent, op: &'static str) -> Result<NativeArray> {
    #[cfg(feature = "ndarray")]
    return l.shared(op).map(|a| NativeArray::Ndarray(a.clone()));
    #[cfg(not(feature = "ndarray"))]
    {
        let _ = op;
        match *l {}
    }
}
/// A lent buffer copied into Array storage (`Clone`; aborts if memory runs out, as cloning
/// an `ndarray::ArrayD` does).
pub(crate) fn lent_to_owned(l: &NdLent) -> NativeArray {
    #[cfg(feature = "ndarray")]
    return match l.shared("clone") {
        Ok(a) => NativeArray::Ndarray(a.clone()),
        Err(_) => std::alloc::handle_alloc_error(
            std::alloc::Layout::array::<u8>(l.shape().iter().product::<usize>())
                .unwrap_or(std::alloc::Layout::new::<u8>()),
        ),
    };
    #[cfg(not(feature = "ndarray"))]
    match *l {}
}
/// The addresses an ndarray array's elements span (its storage's, or the lent buffer's).
pub(crate) fn nd_byte_range(a: &NativeArray) -> Option<std::ops::Range<usize>> {
    match a {
        #[cfg(feature = "ndarray")]
        NativeArray::Ndarray(a) => Some(ndarray::byte_range(&ndarray::view_of(a))),
        #[cfg(feature = "ndarray")]
        NativeArray::NdarrayLent(l) => Some(ndarray::byte_range(&l.view())),
        _ => None,
    }
}
pub(crate) fn candle_dtype(t: &CandleArray) -> Dtype {
    #[cfg(feature = "candle")]
    return t.dtype();
    #[cfg(not(feature = "candle"))]
    match *t {}
}
pub(crate) fn candle_shape(t: &CandleArray) -> &[usize] {
    #[cfg(feature = "candle")]
    return t.tensor().dims();
    #[cfg(not(feature = "candle"))]
    match *t {}
}
pub(crate) fn candle_device(t: &CandleArray) -> Device {
    #[cfg(feature = "candle")]
    return candle::device_of(t.tensor().device());
    #[cfg(not(feature = "candle"))]
    match *t {}
}
pub(crate) fn candle_to_f64(t: &CandleArray) -> Result<Vec<f64>> {
    #[cfg(feature = "candle")]
    return candle::to_f64_vec(t.tensor());
    #[cfg(not(feature = "candle"))]
    match *t {}
}

/// Converts between backends.
pub(crate) fn convert(x: &Array, to: Backend) -> Result<Array> {
    if !is_compiled(to) {
        return Err(Error::BackendUnavailable { backend: to });
    }
    match (&*x.unlent("to_backend")?, to) {
        #[cfg(all(feature = "ndarray", feature = "candle"))]
        (NativeArray::Ndarray(a), Backend::Candle) => candle::from_nd(a).map(Array::from_candle),
        #[cfg(all(feature = "ndarray", feature = "candle"))]
        (NativeArray::Candle(t), Backend::Ndarray) => candle::to_nd(t).map(Array::from_nd),
        _ => Ok(x.clone()),
    }
}

/// Casts on the array's own backend.
pub(crate) fn cast(x: &Array, to: Dtype) -> Result<Array> {
    if x.dtype() == to {
        return Ok(x.clone());
    }
    match &x.native {
        #[cfg(feature = "ndarray")]
        NativeArray::Ndarray(a) => Ok(Array::from_nd(ndarray::cast("astype", a, to)?)),
        #[cfg(feature = "ndarray")]
        NativeArray::NdarrayLent(l) => {
            Ok(Array::from_nd(ndarray::cast_view("astype", &l.view(), to)?))
        }
        #[cfg(feature = "candle")]
        NativeArray::Candle(t) => candle::cast(t.tensor(), to).map(Array::from_candle),
        #[allow(unreachable_patterns)]
        _ => Err(Error::BackendUnavailable {
            backend: x.backend(),
        }),
    }
}

/// What an integer array passed to [`int_values`] holds, for its error messages.
#[derive(Clone, Copy)]
pub(crate) enum IntRole {
    /// Positions along an axis.
    Index,
    /// Repetition counts.
    Count,
}

/// The values of an integer array as int64, row-major, converted in one pass with no cast
/// array first: what index and count arguments (`take`'s indices, integer-array indexing,
/// `repeat`'s counts) read. A uint64 value beyond int64's range is an error naming it: an
/// index out of range of any axis (never wrapped to a negative index counting from the
/// end), a count too large. Any dtype but an integer one is an error.
pub(crate) fn int_values(op: &'static str, x: &Array, role: IntRole) -> Result<Vec<i64>> {
    use crate::kernel::elem::Elem;
    fn to_i64<S: Elem>(op: &'static str, s: &[S], role: IntRole) -> Result<Vec<i64>> {
        // only uint64 holds values beyond int64's range: checked in a pass of its own, so
        // that the conversion below is a plain (vectorised) widening loop
        let beyond = |x: &&S| x.to_i128() > i128::from(i64::MAX);
        let first_beyond = match S::DTYPE {
            Dtype::Uint64 => s.iter().find(beyond),
            _ => None,
        };
        if let Some(x) = first_beyond {
            let message = match role {
                IntRole::Index => {
                    format!("index {x} (uint64) is out of range of any axis (beyond int64's range)")
                }
                IntRole::Count => format!("count {x} (uint64) is too large (beyond int64's range)"),
            };
            return Err(Error::InvalidArgument { op, message });
        }
        let mut v = crate::kernel::alloc::try_vec::<i64>(op, s.len())?;
        v.extend(s.iter().map(|x| x.to_i128() as i64));
        Ok(v)
    }
    if !x.dtype().is_int() {
        return Err(Error::InvalidArgument {
            op,
            message: format!(
                "expected an integer array, got dtype {}: cast it with `astype`",
                x.dtype()
            ),
        });
    }
    match &x.native {
        #[cfg(feature = "ndarray")]
        NativeArray::Ndarray(_) | NativeArray::NdarrayLent(_) => {
            ndarray::nd_view_all!(&ndarray::nd_view(op, x)?, a, S => {
                to_i64(op, &ndarray::row_major(op, a)?, role)
            })
        }
        #[cfg(feature = "candle")]
        NativeArray::Candle(c) => {
            use candle::HostElem;
            candle::host_types!(op, c.dtype(), S => match S::read(c.tensor(), |s| to_i64(op, s, role)) {
                Some(r) => r,
                None => to_i64(op, &S::values(c.tensor()).map_err(|e| candle::err(op, e))?, role),
            })
        }
        #[allow(unreachable_patterns)]
        _ => Err(Error::BackendUnavailable {
            backend: x.backend(),
        }),
    }
}

impl Array {
    /// Wraps ndarray data.
    #[cfg(feature = "ndarray")]
    pub fn from_nd(a: NdArray) -> Array {
        Array {
            native: NativeArray::Ndarray(a),
        }
    }
    /// Wraps candle data.
    #[cfg(feature = "candle")]
    pub fn from_candle(t: CandleArray) -> Array {
        Array {
            native: NativeArray::Candle(t),
        }
    }
}

/// `x[index]` as a view of `x` (no element copied) where the backend has views (ndarray),
/// for a basic index; `None` elsewhere.
pub(crate) fn basic_view(
    op: &'static str,
    x: &Array,
    index: &[crate::Idx],
) -> Result<Option<Array>> {
    match &x.native {
        #[cfg(feature = "ndarray")]
        NativeArray::Ndarray(a) => ndarray::basic_view(op, a, index).map(Some),
        // the result owns its data: a view of the lent buffer's copy
        #[cfg(feature = "ndarray")]
        NativeArray::NdarrayLent(l) => ndarray::basic_view(op, l.shared(op)?, index).map(Some),
        #[allow(unreachable_patterns)]
        _ => Ok(None),
    }
}

/// `x[index] = value` (`value` of `x`'s dtype and backend) written into `x`'s buffer for a
/// basic index where the backend can (ndarray): `false` elsewhere (the caller scatters).
pub(crate) fn assign_basic(
    op: &'static str,
    x: &mut Array,
    index: &[crate::Idx],
    value: &Array,
) -> Result<bool> {
    match (&mut x.native, &*value.unlent(op)?) {
        #[cfg(feature = "ndarray")]
        (NativeArray::Ndarray(a), NativeArray::Ndarray(v)) => {
            ndarray::assign_basic(op, a, index, v).map(|()| true)
        }
        #[allow(unreachable_patterns)]
        _ => Ok(false),
    }
}

/// Writes `value` (x's dtype and backend, one element per offset, row-major) at the
/// row-major `offsets` of `x`: into the ndarray buffer, natively into a candle `Var`, by
/// rebinding a candle tensor (refused under the strict in-place mode).
pub(crate) fn scatter(
    op: &'static str,
    x: &mut Array,
    offsets: &[usize],
    value: &Array,
) -> Result<()> {
    let b = x.backend();
    match (&mut x.native, &*value.unlent(op)?) {
        #[cfg(feature = "ndarray")]
        (NativeArray::Ndarray(a), NativeArray::Ndarray(v)) => ndarray::scatter(op, a, offsets, v),
        #[cfg(feature = "candle")]
        (NativeArray::Candle(c), NativeArray::Candle(v)) => candle::scatter(op, c, offsets, v),
        #[allow(unreachable_patterns)]
        (_, v) => Err(Error::BackendMismatch {
            op,
            a: b,
            b: v.backend(),
        }),
    }
}

/// Writes `values` (row-major, one per offset) at `offsets` of the row-major `dst`: the one
/// element loop of every scatter (the offsets were checked against `dst`'s size).
pub(crate) fn write_at<T: Copy>(dst: &mut [T], offsets: &[usize], values: &[T]) {
    for (&o, &v) in offsets.iter().zip(values) {
        if let Some(d) = dst.get_mut(o) {
            *d = v;
        }
    }
}

/// Whether updating `x` in place with a value of dtype `target` rebinds it to new data
/// (a candle tensor, or a candle `Var` given another dtype) rather than writing its buffer.
pub(crate) fn update_rebinds(x: &Array, target: ivy_core::Dtype) -> bool {
    match &x.native {
        #[cfg(feature = "candle")]
        NativeArray::Candle(candle::CandleArray::Var(_)) => target != x.dtype(),
        #[cfg(feature = "candle")]
        NativeArray::Candle(_) => true,
        #[allow(unreachable_patterns)]
        _ => false,
    }
}

/// Replaces `out`'s data by `value` (same backend, shape and dtype): on ndarray copied into
/// `out`'s own buffer (a new result is moved in instead where `out`'s buffer is shared), a
/// candle tensor rebound (an error under the strict in-place mode),
/// a candle `Var` set.
pub(crate) fn replace_data(op: &'static str, out: &mut Array, value: Array) -> Result<()> {
    match (&mut out.native, value.native) {
        #[cfg(feature = "ndarray")]
        (NativeArray::Ndarray(o), NativeArray::Ndarray(v)) => {
            ndarray::nd_all!(o, oa, T => match <T as ndarray::NdElem>::unwrap(v) {
                // `out` keeps its buffer where it is its own; a shared one would be copied
                // whole before the write (copy-on-write), so a new result (its buffer its
                // own, laid out in order) is moved in instead
                Ok(va) if !oa.is_unique() && va.is_unique() && va.is_standard_layout() => {
                    *oa = va;
                    Ok(())
                }
                Ok(va) => { oa.view_mut().assign(&va.view()); Ok(()) }
                Err(_) => Err(Error::InvalidArgument { op, message: "out and value dtypes differ".into() }),
            })
        }
        #[cfg(feature = "candle")]
        (NativeArray::Candle(candle::CandleArray::Var(var)), NativeArray::Candle(v)) => {
            candle::set_var(op, var, v.tensor())
        }
        #[cfg(feature = "candle")]
        (NativeArray::Candle(c), NativeArray::Candle(v)) => {
            ivy_core::check_rebind(op, Backend::Candle)?;
            *c = match v {
                candle::CandleArray::Var(v) => candle::CandleArray::Tensor(v.as_tensor().clone()),
                v => v,
            };
            Ok(())
        }
        #[allow(unreachable_patterns)]
        (o, v) => Err(Error::BackendMismatch {
            op,
            a: v.backend(),
            b: o.backend(),
        }),
    }
}

/// A backend's own dtype type (Ivy's `NativeDtype`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum NativeDtype {
    /// ndarray's element type, by its Rust name (`"f32"`, `"half::bf16"`, `"Complex<f64>"`).
    Ndarray(&'static str),
    /// A candle dtype.
    #[cfg(feature = "candle")]
    Candle(candle_core::DType),
    /// Candle's bool: a u8 tensor of 0s and 1s tagged bool (candle has no bool dtype), named
    /// `"U8Bool"`.
    #[cfg(feature = "candle")]
    CandleBool,
}

const ND_TYPES: [&str; 15] = [
    "i8",
    "i16",
    "i32",
    "i64",
    "u8",
    "u16",
    "u32",
    "u64",
    "half::bf16",
    "half::f16",
    "f32",
    "f64",
    "Complex<f32>",
    "Complex<f64>",
    "bool",
];

impl NativeDtype {
    /// The name: ndarray's element type (`"f32"`, `"half::bf16"`) or candle's dtype (`"F32"`),
    /// which [`crate::registry::call`] reads back as a native dtype.
    ///
    /// ```
    /// let n = ivy::with_backend(ivy::Backend::Ndarray, || ivy::as_native_dtype(ivy::Dtype::Float32))?;
    /// assert_eq!(n.name(), "f32");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    pub fn name(&self) -> String {
        match self {
            NativeDtype::Ndarray(s) => s.to_string(),
            #[cfg(feature = "candle")]
            NativeDtype::Candle(c) => format!("{c:?}"),
            #[cfg(feature = "candle")]
            NativeDtype::CandleBool => CANDLE_BOOL.to_string(),
        }
    }
}

/// The native dtype of `d` on backend `b`.
pub(crate) fn native_dtype(b: Backend, d: Dtype) -> Result<NativeDtype> {
    if !is_compiled(b) {
        return Err(Error::BackendUnavailable { backend: b });
    }
    match b {
        #[cfg(feature = "candle")]
        Backend::Candle if d == Dtype::Bool => Ok(NativeDtype::CandleBool),
        #[cfg(feature = "candle")]
        Backend::Candle => {
            candle::candle_dtype(Some("as_native_dtype"), d).map(NativeDtype::Candle)
        }
        _ => Ok(NativeDtype::Ndarray(ND_TYPES[d as usize])),
    }
}

/// The native dtype named `s`: an ndarray element type, or a candle dtype by its `Debug`
/// name (`F32`) or ivy name.
pub(crate) fn native_dtype_named(s: &str) -> Option<NativeDtype> {
    if let Some(t) = ND_TYPES.iter().find(|t| **t == s) {
        return Some(NativeDtype::Ndarray(t));
    }
    #[cfg(feature = "candle")]
    if s == CANDLE_BOOL {
        return Some(NativeDtype::CandleBool);
    }
    #[cfg(feature = "candle")]
    for d in Dtype::ALL {
        if let Ok(c) = candle::candle_dtype(None, d)
            && format!("{c:?}") == s
        {
            return Some(NativeDtype::Candle(c));
        }
    }
    None
}

/// The ivy dtype of a native dtype.
pub(crate) fn from_native_dtype(n: NativeDtype) -> Result<Dtype> {
    match n {
        NativeDtype::Ndarray(name) => ND_TYPES
            .iter()
            .position(|t| *t == name)
            .map(|i| Dtype::ALL[i])
            .ok_or_else(|| Error::InvalidArgument {
                op: "from_native_dtype",
                message: format!("`{name}` is not an ndarray element type of ivy"),
            }),
        #[cfg(feature = "candle")]
        NativeDtype::Candle(c) => candle::ivy_dtype(c).ok_or_else(|| Error::InvalidArgument {
            op: "from_native_dtype",
            message: format!("candle dtype {c:?} has no ivy dtype"),
        }),
        #[cfg(feature = "candle")]
        NativeDtype::CandleBool => Ok(Dtype::Bool),
    }
}

/// The name of [`NativeDtype::CandleBool`].
#[cfg(feature = "candle")]
const CANDLE_BOOL: &str = "U8Bool";

/// `execute_with_gradients` on the backend of `xs` (all its leaves on one backend; the
/// current backend for an empty Container): candle's autograd, or an error naming the
/// backends that have one.
pub(crate) fn execute_with_gradients<O: crate::functional::gradients::GradOutput>(
    op: &'static str,
    func: impl FnOnce(&crate::Container) -> Result<O>,
    xs: &crate::Container,
    retain_grads: bool,
) -> Result<(Array, crate::Container, O::Rest)> {
    let backends: Vec<Option<Backend>> = xs.leaves().map(|(_, a)| Some(a.backend())).collect();
    let b = crate::engine::checks::backend_of(op, &backends)?;
    match b {
        #[cfg(feature = "candle")]
        Backend::Candle => candle::autograd::execute_with_gradients(op, func, xs, retain_grads),
        b => {
            let _ = (func, retain_grads);
            Err(Error::NoAutograd {
                op,
                backend: b,
                backends: if cfg!(feature = "candle") {
                    "candle".into()
                } else {
                    "none in this build (enable the `candle` feature)".into()
                },
            })
        }
    }
}

/// A 0-d array of `dtype` holding `s`, on `backend` (the scalar operands of arithmetic).
pub(crate) fn scalar_array(
    op: &'static str,
    backend: Backend,
    s: ivy_core::Scalar,
    dtype: Dtype,
    device: Device,
) -> Result<Array> {
    use crate::functional::creation::CreationBackend;
    crate::__dispatch!(backend, __B => {
        crate::engine::checks::check_dtype(op, <__B as crate::BackendInfo>::INVALID, dtype, backend, <__B as crate::BackendInfo>::VERSION_STR)?;
        // a 0-d array: one element
        <__B as CreationBackend>::full(&[], s, dtype, device, 1)
    })
}
