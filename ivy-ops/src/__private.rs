//! Runtime helpers of the generated code. Not public API: reached as `::ivy::__private`.

pub use crate::{
    Array, ArraysArg, Container, IntoArray, IntoArrayMut, IntoArrays, IntoOperand, NestArg, Operand,
};
use ivy_core::Nest;
pub use ivy_core::{
    resolve_device_spec, resolve_spec, Backend, BackendSupport, Device, DeviceSet, Dtype, DtypeSet,
    Error, OpEntry, OpKind, OpMeta, Result, Scalar, Shape, Version, VersionRange,
};

pub use crate::args::{ClipBound, Data, DtypeLike};
pub use crate::custom::{run_typed as custom_typed, run_typed_out as custom_typed_out};
pub use crate::engine::family::{self, Kernels};
use crate::kernel::class;
pub use crate::kernel::rows as kernels;
pub use crate::value::{
    check_arity, container_out, holds_container, no_kw_defaults, unknown_keyword, DynEntry,
    FromValue, IntoValue, Value,
};
pub use crate::BackendInfo;
pub use crate::{__dispatch as dispatch, __kernel_row as kernel_row, __support_for as support_for};
pub use ivy_core::{ArgType, ParamKind, ParamMeta};

/// What `#[backend_impl]` records for one op on one backend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ImplInfo {
    /// Dtypes the op rejects there (besides the backend's invalid ones).
    pub unsupported: DtypeSet,
    /// The backend implements the op itself.
    pub native: bool,
    /// The backend writes into `out` itself.
    pub native_out: bool,
    /// Device kinds the op rejects there.
    pub unsupported_devices: DeviceSet,
    /// Dtypes rejected on one device kind only ([`DeviceSet::index`]). Includes `host` for
    /// every device but the CPU.
    pub device_dtypes: [DtypeSet; 2],
    /// Dtypes the backend computes on the host (data copied to host memory and back):
    /// allowed on the CPU device only.
    pub host: DtypeSet,
}

impl ImplInfo {
    /// Default of primary ops.
    pub const NATIVE: ImplInfo = ImplInfo {
        unsupported: DtypeSet::EMPTY,
        native: true,
        native_out: false,
        unsupported_devices: DeviceSet::EMPTY,
        device_dtypes: [DtypeSet::EMPTY; 2],
        host: DtypeSet::EMPTY,
    };
    /// Default of mixed ops: the compositional body.
    pub const BODY: ImplInfo = ImplInfo {
        unsupported: DtypeSet::EMPTY,
        native: false,
        native_out: false,
        unsupported_devices: DeviceSet::EMPTY,
        device_dtypes: [DtypeSet::EMPTY; 2],
        host: DtypeSet::EMPTY,
    };

    /// Whether any device spec applies (so dispatch checks devices at all).
    #[inline(always)]
    pub const fn has_device_specs(&self) -> bool {
        !self.unsupported_devices.is_empty()
            || !self.device_dtypes[0].is_empty()
            || !self.device_dtypes[1].is_empty()
    }
}

/// Rejects a device (or a dtype on that device) the op does not support on the backend.
#[cold]
pub fn check_device(
    op: &'static str,
    info: ImplInfo,
    device: Device,
    dtype: Dtype,
    backend: Backend,
    version: &'static str,
) -> Result<()> {
    let dtype = if info.unsupported_devices.contains(device) {
        None
    } else if info.device_dtypes[DeviceSet::index(device)].contains(dtype) {
        Some(dtype)
    } else {
        return Ok(());
    };
    Err(Error::UnsupportedDevice {
        op,
        device,
        dtype,
        backend,
        version,
    })
}

/// The version of backend `b` built into this crate ("" when compiled out).
pub fn backend_version(b: Backend) -> &'static str {
    crate::__for_backend!(b, __B => <__B as BackendInfo>::VERSION_STR, else => "")
}

/// The error for a backend compiled out.
#[cold]
pub fn unavailable(b: Backend) -> Error {
    Error::BackendUnavailable { backend: b }
}

/// The support row of a backend compiled out.
pub fn not_compiled(b: Backend) -> BackendSupport {
    BackendSupport {
        backend: b,
        compiled: false,
        native: false,
        native_out: false,
        supported: DtypeSet::EMPTY,
        devices: DeviceSet::EMPTY,
        device_dtypes: [DtypeSet::EMPTY; 2],
        host: DtypeSet::EMPTY,
    }
}

/// The support row of a primary or mixed op on backend `B`.
pub fn support_of<B: BackendInfo>(info: ImplInfo, primary: bool) -> BackendSupport {
    let supported = DtypeSet::VALID
        .difference(B::INVALID)
        .difference(info.unsupported);
    BackendSupport {
        backend: B::BACKEND,
        compiled: true,
        native: primary || info.native,
        native_out: info.native_out,
        supported,
        devices: B::DEVICES.difference(info.unsupported_devices),
        device_dtypes: info.device_dtypes,
        host: if primary || info.native {
            info.host.intersection(supported)
        } else {
            DtypeSet::EMPTY
        },
    }
}

/// The support row of a primary op that holds no array data (a dtype query: `can_cast`;
/// the category macro's `is_dtype_query`): it answers for every dtype, those the backend
/// cannot hold included, so only the op's own unsupported dtypes are taken off.
pub fn query_support_of<B: BackendInfo>(info: ImplInfo) -> BackendSupport {
    let supported = DtypeSet::VALID.difference(info.unsupported);
    BackendSupport {
        supported,
        host: info.host.intersection(supported),
        ..support_of::<B>(info, true)
    }
}

/// The dtypes a compositional body rejects on each backend: those outside
/// `registry::body_support` (the intersection of its callees' support less its declared
/// dtypes: what `ivy::registry::support` answers for a compositional op). The generated
/// dispatch keeps one in a `static` per op and computes each backend's set on first use,
/// so a call costs an atomic load and a bitmask test.
pub struct BodySupport([std::sync::atomic::AtomicU32; Backend::ALL.len()]);

impl BodySupport {
    /// Nothing computed yet.
    #[allow(clippy::new_without_default)]
    pub const fn new() -> Self {
        BodySupport([const { std::sync::atomic::AtomicU32::new(0) }; Backend::ALL.len()])
    }

    /// The dtypes the body of `meta` rejects on backend `b` (computed once).
    #[inline]
    pub fn rejected(&self, meta: &OpMeta, b: Backend) -> DtypeSet {
        let i = Backend::ALL.iter().position(|x| *x == b).unwrap_or(0);
        // bit 16 marks a computed entry (the set itself is 15 bits)
        match self.0[i].load(std::sync::atomic::Ordering::Relaxed) {
            0 => self.compute(meta, b, i),
            v => DtypeSet(v as u16),
        }
    }

    #[cold]
    #[inline(never)]
    fn compute(&self, meta: &OpMeta, b: Backend, i: usize) -> DtypeSet {
        let r = DtypeSet::VALID.difference(crate::registry::body_support(meta, b));
        self.0[i].store(
            u32::from(r.0) | 1 << 16,
            std::sync::atomic::Ordering::Relaxed,
        );
        r
    }
}

/// The support row of a compositional op before its callees are folded in
/// (see [`crate::registry`]).
pub fn compositional_support(b: Backend) -> BackendSupport {
    BackendSupport {
        backend: b,
        compiled: crate::backends::is_compiled(b),
        native: false,
        native_out: false,
        supported: crate::backends::valid_dtypes(b),
        devices: backend_devices(b),
        device_dtypes: [DtypeSet::EMPTY; 2],
        host: DtypeSet::EMPTY,
    }
}

/// The device kinds backend `b` can use in this build (none when compiled out).
pub fn backend_devices(b: Backend) -> DeviceSet {
    crate::__for_backend!(b, __B => <__B as BackendInfo>::DEVICES, else => DeviceSet::EMPTY)
}

/// The backend of a call: the arrays' backend (all must agree), else the current backend.
#[inline]
pub fn backend_of(op: &'static str, backends: &[Option<Backend>]) -> Result<Backend> {
    let mut found: Option<Backend> = None;
    for b in backends.iter().flatten() {
        match found {
            None => found = Some(*b),
            Some(f) if f != *b => return Err(Error::BackendMismatch { op, a: f, b: *b }),
            _ => {}
        }
    }
    match found.or_else(ivy_core::current_backend) {
        Some(b) => Ok(b),
        None => Err(Error::NoBackend { op }),
    }
}

/// Mixed ops: with no backend set, the compositional body (`None`); else the backend.
#[inline]
pub fn backend_for_mixed(
    op: &'static str,
    backends: &[Option<Backend>],
) -> Result<Option<Backend>> {
    if ivy_core::current_backend().is_none() {
        return Ok(None);
    }
    backend_of(op, backends).map(Some)
}

/// Rejects a dtype the op does not support on the backend.
#[inline(always)]
pub fn check_dtype(
    op: &'static str,
    rejected: DtypeSet,
    dtype: Dtype,
    backend: Backend,
    version: &'static str,
) -> Result<()> {
    if rejected.contains(dtype) {
        return Err(unsupported_dtype(op, rejected, dtype, backend, version));
    }
    Ok(())
}

/// `x` if the op supports its dtype on the backend; else, under a casting mode, `x` cast to
/// the mode's candidate (kept in `store`); else the unsupported-dtype error.
#[inline(always)]
pub fn supported_input<'a>(
    op: &'static str,
    rejected: DtypeSet,
    x: &'a Array,
    store: &'a mut Option<Array>,
    backend: Backend,
    version: &'static str,
) -> Result<&'a Array> {
    if !rejected.contains(x.dtype()) {
        return Ok(x);
    }
    cast_input(op, rejected, x, store, backend, version)
}

#[cold]
#[inline(never)]
fn cast_input<'a>(
    op: &'static str,
    rejected: DtypeSet,
    x: &'a Array,
    store: &'a mut Option<Array>,
    backend: Backend,
    version: &'static str,
) -> Result<&'a Array> {
    let d = supported_dtype(op, rejected, x.dtype(), backend, version)?;
    Ok(store.insert(x.cast(d)?))
}

/// `dtype` if the op supports it on the backend; else the casting modes' candidate; else the
/// unsupported-dtype error.
#[inline]
pub fn supported_dtype(
    op: &'static str,
    rejected: DtypeSet,
    dtype: Dtype,
    backend: Backend,
    version: &'static str,
) -> Result<Dtype> {
    if !rejected.contains(dtype) {
        return Ok(dtype);
    }
    ivy_core::cast_candidate(dtype, DtypeSet::VALID.difference(rejected))
        .ok_or_else(|| unsupported_dtype(op, rejected, dtype, backend, version))
}

#[cold]
#[inline(never)]
fn unsupported_dtype(
    op: &'static str,
    rejected: DtypeSet,
    dtype: Dtype,
    backend: Backend,
    version: &'static str,
) -> Error {
    if !crate::backends::valid_dtypes(backend).contains(dtype) {
        return crate::array::not_in_backend(Some(op), dtype, backend);
    }
    Error::UnsupportedDtype {
        op,
        dtype,
        backend,
        version,
        supported: DtypeSet::VALID.difference(rejected),
    }
}

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
    crate::functional::general::replace_data(op, out, value)
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
        if crate::backends::update_rebinds(o, o.dtype()) {
            ivy_core::check_rebind(op, o.backend())?;
        }
        ready.push(v);
    }
    for ((_, o), v) in out.leaves_mut().zip(ready) {
        crate::functional::general::replace_data(op, o, v)?;
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

/// Promotes operands with `promote_types_of_inputs`: arrays promote by the table; a scalar
/// takes the other operand's dtype when its kind fits (`int` with int or float arrays,
/// `float` with float arrays), else its own default dtype; then it becomes an array on
/// `backend`, on the first array's device (the default device when every operand is a
/// scalar). Converted operands are kept in `store`; arrays already of the result dtype are
/// borrowed, so the common case (arrays of one dtype) copies nothing and skips the table.
pub fn promote_operands<'s, const N: usize>(
    op: &'static str,
    backend: Backend,
    ops: [Operand<'s>; N],
    store: &'s mut [Option<Array>; N],
) -> Result<[&'s Array; N]> {
    // the element-wise shared shape check, before any conversion or backend call
    for (i, a) in ops.iter().enumerate() {
        if let Operand::Array(a) = a {
            for b in &ops[i + 1..] {
                if let Operand::Array(b) = b {
                    check_broadcastable(op, a.shape(), b.shape())?;
                }
            }
        }
    }
    promote_operands_as_checked(op, backend, ops, store)
}

/// [`promote_operands`] for an op with its own shape rules (a `#[check]`, such as
/// `matmul`'s): no broadcasting check.
pub fn promote_operands_as_checked<'s, const N: usize>(
    op: &'static str,
    backend: Backend,
    ops: [Operand<'s>; N],
    store: &'s mut [Option<Array>; N],
) -> Result<[&'s Array; N]> {
    if let Some(arrays) = same_dtype_arrays(&ops) {
        return Ok(arrays);
    }
    let mut target: Option<Dtype> = None;
    for o in &ops {
        if let Operand::Array(a) = o {
            target = Some(match target {
                None => a.dtype(),
                Some(d) => ivy_core::promote_types(d, a.dtype())?,
            });
        }
    }
    for o in &ops {
        if let Operand::Scalar(s) = o {
            target = Some(match target {
                Some(d) => join_scalar(op, d, *s)?,
                None => scalar_dtype(*s),
            });
        }
    }
    let target = target.unwrap_or_else(ivy_core::default_float_dtype);
    let device = ops
        .iter()
        .find_map(|o| match o {
            Operand::Array(a) => Some(a.device()),
            Operand::Scalar(_) => None,
        })
        .unwrap_or_else(ivy_core::default_device);
    for (slot, o) in store.iter_mut().zip(&ops) {
        *slot = match o {
            Operand::Array(a) if a.dtype() == target => None,
            Operand::Array(a) => Some(a.cast(target)?),
            Operand::Scalar(s) => Some(crate::functional::creation::scalar_array(
                op, backend, *s, target, device,
            )?),
        };
    }
    let store: &'s [Option<Array>; N] = store;
    Ok(std::array::from_fn(|i| match (&store[i], ops[i]) {
        (Some(converted), _) => converted,
        (None, Operand::Array(a)) => a,
        (None, Operand::Scalar(_)) => unreachable!("scalars are always converted"),
    }))
}

/// The dtype of arrays of dtype `d` combined with the Python scalar `s` (Ivy's scalar rule,
/// the operators' and `asarray`'s of a list mixing arrays and scalars): `d` when `s` joins
/// it (an int must then be a value of it); a float with integers float64 and a complex
/// with reals complex128 (Ivy's `_get_target_dtype`, in either mode); else the promotion.
pub fn join_scalar(op: &'static str, d: Dtype, s: Scalar) -> Result<Dtype> {
    Ok(match s {
        s if s.joins(d) => {
            int_scalar_fits(op, s, d)?;
            d
        }
        Scalar::Float(_) if d.is_int() => Dtype::Float64,
        Scalar::Complex(..) => Dtype::Complex128,
        s => ivy_core::promote_types(d, scalar_dtype(s))?,
    })
}

/// An int scalar taking an integer array's dtype must be a value of it: numpy 2 and torch
/// refuse `uint8 + 300` and `uint8 % -3` rather than wrap the scalar into the dtype.
#[inline]
pub fn int_scalar_fits(op: &'static str, s: Scalar, d: Dtype) -> Result<()> {
    int_fits(
        op,
        s,
        d,
        "for the array's dtype",
        "cast the array to a wider dtype first, or pass the value as an array",
    )
}

/// An int scalar given for an integer dtype `d` is a value of it; else
/// [`Error::InvalidArgument`]: "the int `v` is out of range `what` `d` (min to max); `fix`".
/// Other scalars and dtypes pass (floats convert by the casting rules).
pub(crate) fn int_fits(op: &'static str, s: Scalar, d: Dtype, what: &str, fix: &str) -> Result<()> {
    let Scalar::Int(v) = s else { return Ok(()) };
    if !d.is_int() {
        return Ok(());
    }
    let info = crate::iinfo(d)?;
    if (info.min..=info.max).contains(&i128::from(v)) {
        return Ok(());
    }
    Err(Error::InvalidArgument {
        op,
        message: format!(
            "the int {v} is out of range {what} {d} ({} to {}); {fix}",
            info.min, info.max
        ),
    })
}

/// The arrays, when every operand is an array and all share one dtype.
#[inline]
fn same_dtype_arrays<'s, const N: usize>(ops: &[Operand<'s>; N]) -> Option<[&'s Array; N]> {
    let mut first: Option<Dtype> = None;
    for o in ops {
        match o {
            Operand::Array(a) => match first {
                None => first = Some(a.dtype()),
                Some(d) if d == a.dtype() => {}
                Some(_) => return None,
            },
            Operand::Scalar(_) => return None,
        }
    }
    Some(ops.map(|o| match o {
        Operand::Array(a) => a,
        Operand::Scalar(_) => unreachable!("every operand was checked to be an array"),
    }))
}

/// The default dtype of a scalar (Ivy's `default_dtype(item=…)`).
#[inline]
pub fn scalar_dtype(s: Scalar) -> Dtype {
    ivy_core::default_dtype(None, Some(s))
}

/// Joins the dtypes of Python-like items (scalars, list elements): the higher kind wins
/// (bool < int < float < complex), then the wider dtype, so `[1, 2.5]` is the default float
/// dtype, not the promotion of int32 and float32 (float64).
pub fn join_item_dtypes(a: Dtype, b: Dtype) -> Dtype {
    let rank = |d: Dtype| match d.kind() {
        ivy_core::DtypeKind::Bool => 0,
        ivy_core::DtypeKind::Int | ivy_core::DtypeKind::Uint => 1,
        ivy_core::DtypeKind::Float => 2,
        ivy_core::DtypeKind::Complex => 3,
    };
    match rank(a).cmp(&rank(b)) {
        std::cmp::Ordering::Less => b,
        std::cmp::Ordering::Greater => a,
        std::cmp::Ordering::Equal if b.bits() > a.bits() => b,
        std::cmp::Ordering::Equal => a,
    }
}

/// What decides the dtype of a creation op.
pub trait DtypeHint {
    /// The dtype this value implies (`None`: no hint, an absent optional scalar).
    fn hint(&self) -> Option<Dtype>;
}
/// The dtype a scalar argument of a creation op (`full`'s fill value, `arange`'s bounds)
/// implies: a float the default float dtype and a complex number the default complex dtype
/// whatever its magnitude (the Array API standard's rule: a value float32 cannot hold
/// becomes ±inf or rounds, as in `np.full((), 1e300, dtype=np.float32)`); an int the
/// default int dtype, or int64 / uint64 where it needs them; a bool bool.
pub fn creation_scalar_dtype(s: Scalar) -> Dtype {
    match s {
        Scalar::Float(_) => ivy_core::default_float_dtype(),
        Scalar::Complex(..) => ivy_core::default_complex_dtype(),
        Scalar::Int(_) | Scalar::Bool(_) => scalar_dtype(s),
    }
}
impl DtypeHint for Scalar {
    fn hint(&self) -> Option<Dtype> {
        Some(creation_scalar_dtype(*self))
    }
}
impl DtypeHint for Option<Scalar> {
    fn hint(&self) -> Option<Dtype> {
        self.map(creation_scalar_dtype)
    }
}
impl DtypeHint for Data {
    fn hint(&self) -> Option<Dtype> {
        Some(self.inferred_dtype())
    }
}

/// `#[infer_dtype]`: explicit dtype, else the first array's, else the relevant scalars'
/// (promoted together), else the default float dtype.
pub fn infer_dtype(explicit: Option<Dtype>, arrays: &[Dtype], scalars: &[Option<Dtype>]) -> Dtype {
    if let Some(d) = explicit {
        return d;
    }
    if let Some(d) = arrays.first() {
        return *d;
    }
    scalars
        .iter()
        .flatten()
        .copied()
        .reduce(join_item_dtypes)
        .unwrap_or_else(|| ivy_core::default_of(ivy_core::DefaultKind::Dtype))
}

/// `#[infer_device]`: explicit device, else the first array's, else this thread's default
/// device ([`ivy_core::default_device`]: the CPU unless set).
#[inline]
pub fn infer_device(explicit: Option<Device>, arrays: &[Device]) -> Device {
    explicit
        .or_else(|| arrays.first().copied())
        .unwrap_or_else(ivy_core::default_device)
}

/// Whether arrays of backend `B` can live on more than one device (`DEVICES` holds more
/// than the CPU): a constant, so the device-agreement check of the per-backend step folds
/// away on ndarray and on a candle built without `cuda`.
#[inline(always)]
pub const fn many_devices<B: BackendInfo>() -> bool {
    !B::DEVICES.difference(DeviceSet::CPU).is_empty()
}

/// The arrays of one call (inputs, then `out`) must share one device: else
/// [`Error::DeviceMismatch`] naming the first device and the first that differs. Nothing is
/// moved implicitly (Ivy's default, without its soft-device mode).
#[inline]
pub fn same_device(op: &'static str, devices: &[Device], out: Option<Device>) -> Result<()> {
    let mut all = devices.iter().copied().chain(out);
    let Some(first) = all.next() else {
        return Ok(());
    };
    match all.find(|d| *d != first) {
        None => Ok(()),
        Some(other) => Err(device_mismatch(op, first, other)),
    }
}

#[cold]
#[inline(never)]
fn device_mismatch(op: &'static str, a: Device, b: Device) -> Error {
    Error::DeviceMismatch { op, a, b }
}

/// A nested call: maps `f` over the leaves with shared-structure broadcasting; scalars and
/// plain arrays are used at every leaf.
#[inline]
pub fn nest_call<R: NestOutput>(
    op: &'static str,
    args: &[NestArg<'_>],
    mut f: impl FnMut(&[Operand<'_>]) -> Result<R>,
) -> Result<R::Nested> {
    nest_call_dyn(op, args, &mut f)
}

/// [`nest_call`]'s walk, generic over the result type only: one copy serves every op. A
/// [`NestArg::Mapped`] argument's options select the leaves (at most one argument may carry
/// options).
fn nest_call_dyn<R: NestOutput>(
    op: &'static str,
    args: &[NestArg<'_>],
    f: &mut dyn FnMut(&[Operand<'_>]) -> Result<R>,
) -> Result<R::Nested> {
    let mut opts = None;
    for a in args {
        if let NestArg::Mapped(_, o) = a
            && opts.replace(*o).is_some()
        {
            return Err(Error::InvalidArgument {
                op,
                message: "mapping options are given on two arguments: give them on one".into(),
            });
        }
    }
    let nests: Vec<Nest<'_, Array>> = args
        .iter()
        .filter_map(|a| match a {
            NestArg::Array(x) => Some(Nest::Leaf(*x)),
            NestArg::Container(c) | NestArg::Mapped(c, _) => Some(Nest::Container(*c)),
            NestArg::Scalar(_) => None,
        })
        .collect();
    let default = ivy_core::MapOptions::default();
    Container::multi_map_with(
        op,
        &nests,
        opts.unwrap_or(&default),
        |leaves| {
            let mut j = 0;
            let ops: Vec<Operand<'_>> = args
                .iter()
                .map(|a| match a {
                    NestArg::Scalar(s) => Operand::Scalar(*s),
                    _ => {
                        j += 1;
                        Operand::Array(leaves[j - 1])
                    }
                })
                .collect();
            f(&ops)
        },
        |leaf| R::keep(op, leaf),
    )
    .and_then(|c| R::nest(op, c))
}

/// What an op returns, and what its nested form returns: one Container per output (Ivy
/// unstacks an op's several outputs over Containers).
pub trait NestOutput: Sized {
    /// The nested form's result.
    type Nested;
    /// The nested result from the container of per-leaf results.
    fn nest(op: &'static str, c: ivy_core::Container<Self>) -> Result<Self::Nested>;
    /// The result at a leaf the mapping options leave unapplied: the leaf itself, in every
    /// output.
    fn keep(op: &'static str, leaf: &Array) -> Result<Self>;
}

impl NestOutput for Array {
    type Nested = Container;
    #[inline]
    fn nest(_: &'static str, c: Container) -> Result<Container> {
        Ok(c)
    }
    fn keep(_: &'static str, leaf: &Array) -> Result<Array> {
        Ok(leaf.clone())
    }
}

/// A variable number of outputs: every leaf must give the same number.
impl NestOutput for Vec<Array> {
    type Nested = Vec<Container>;
    fn nest(op: &'static str, c: ivy_core::Container<Vec<Array>>) -> Result<Vec<Container>> {
        let n = c.leaves().next().map_or(0, |(_, v)| v.len());
        c.unstack(op, n)
    }
    /// A variable number of outputs cannot keep a leaf (how many copies?): an error.
    fn keep(op: &'static str, _: &Array) -> Result<Vec<Array>> {
        Err(Error::InvalidArgument {
            op,
            message: "an op with a variable number of outputs maps every leaf: give no key chains, or prune the unapplied leaves".into(),
        })
    }
}

macro_rules! nest_output_tuple {
    ($($n:literal: ($($v:ident),*)),*) => {$(
        impl NestOutput for ($(nest_output_tuple!(@t $v),)*) {
            type Nested = ($(nest_output_tuple!(@c $v),)*);
            fn nest(op: &'static str, c: ivy_core::Container<Self>) -> Result<Self::Nested> {
                let c = c.into_map(|($($v,)*)| vec![$($v),*]);
                let mut it = c.unstack(op, $n)?.into_iter();
                Ok(($(nest_output_tuple!(@next it $v),)*))
            }
            fn keep(_: &'static str, leaf: &Array) -> Result<Self> {
                Ok(($(nest_output_tuple!(@keep leaf $v),)*))
            }
        }
    )*};
    (@t $v:ident) => { Array };
    (@c $v:ident) => { Container };
    (@next $it:ident $v:ident) => { $it.next().unwrap_or_default() };
    (@keep $leaf:ident $v:ident) => { $leaf.clone() };
}
nest_output_tuple!(2: (a, b), 3: (a, b, c), 4: (a, b, c, d));

/// Dimension `i` of `shape` right-aligned to `n` dimensions (1 where it has none).
#[inline]
fn dim_at(shape: &[usize], i: usize, n: usize) -> usize {
    let pad = n - shape.len();
    if i < pad {
        1
    } else {
        shape[i - pad]
    }
}

/// The broadcast shape of two shapes (numpy rules), or a shape error naming the op.
pub fn broadcast_shapes(op: &'static str, a: &[usize], b: &[usize]) -> Result<Vec<usize>> {
    let n = a.len().max(b.len());
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        out.push(match (dim_at(a, i, n), dim_at(b, i, n)) {
            (x, y) if x == y => x,
            (1, y) => y,
            (x, 1) => x,
            _ => {
                return Err(Error::Shape {
                    op,
                    lhs: a.to_vec(),
                    rhs: b.to_vec(),
                    reason: "do not broadcast",
                })
            }
        });
    }
    Ok(out)
}

/// A shape error unless `a` and `b` broadcast together (no allocation).
#[inline]
pub fn check_broadcastable(op: &'static str, a: &[usize], b: &[usize]) -> Result<()> {
    if crate::same_shape(a, b) {
        return Ok(());
    }
    let n = a.len().max(b.len());
    let ok = (0..n).all(|i| {
        let (x, y) = (dim_at(a, i, n), dim_at(b, i, n));
        x == y || x == 1 || y == 1
    });
    if ok {
        Ok(())
    } else {
        Err(Error::Shape {
            op,
            lhs: a.to_vec(),
            rhs: b.to_vec(),
            reason: "do not broadcast",
        })
    }
}

/// Whether `a` and `b` broadcast to exactly `target` (no allocation).
#[inline]
pub fn broadcasts_to(a: &[usize], b: &[usize], target: &[usize]) -> bool {
    let n = target.len();
    if a.len() > n || b.len() > n || (a.len() < n && b.len() < n) {
        return false;
    }
    (0..n).all(|i| {
        let (da, db) = (dim_at(a, i, n), dim_at(b, i, n));
        let t = target[i];
        (da == t || da == 1) && (db == t || db == 1) && (da == t || db == t)
    })
}

/// The arrays of a sequence argument on the op's supported dtypes: `None` when every one is
/// supported (nothing copied); else every array, cast where its dtype is rejected (Ivy's
/// casting modes, as [`supported_input`]).
pub fn supported_seq(
    op: &'static str,
    rejected: DtypeSet,
    xs: &[&Array],
    backend: Backend,
    version: &'static str,
) -> Result<Option<Vec<Array>>> {
    if xs.iter().all(|x| !rejected.contains(x.dtype())) {
        return Ok(None);
    }
    xs.iter()
        .map(|x| {
            let mut store = None;
            supported_input(op, rejected, x, &mut store, backend, version)?;
            Ok(store.unwrap_or_else(|| (*x).clone()))
        })
        .collect::<Result<Vec<Array>>>()
        .map(Some)
}

/// The arrays of a sequence argument promoted to one dtype (Ivy's table, as operands are):
/// `None` when they already share one (nothing copied).
pub fn promote_seq(xs: &[&Array]) -> Result<Option<Vec<Array>>> {
    let Some(first) = xs.first() else {
        return Ok(None);
    };
    if xs.iter().all(|x| x.dtype() == first.dtype()) {
        return Ok(None);
    }
    let target = xs
        .iter()
        .try_fold(first.dtype(), |d, x| ivy_core::promote_types(d, x.dtype()))?;
    xs.iter()
        .map(|x| {
            if x.dtype() == target {
                Ok((*x).clone())
            } else {
                x.cast(target)
            }
        })
        .collect::<Result<Vec<Array>>>()
        .map(Some)
}

/// `#[axes]`: the axes `axis` names in an array of rank `ndim` (all of them when `None`),
/// non-negative and sorted; an axis out of range, or one named twice (`[0, -2]` on a
/// matrix), is an error naming the op.
pub fn normalize_axes(
    op: &'static str,
    param: &'static str,
    axis: Option<&[i64]>,
    ndim: usize,
) -> Result<Vec<usize>> {
    let Some(axes) = axis else {
        return Ok((0..ndim).collect());
    };
    let mut v = Vec::with_capacity(axes.len());
    for &a in axes {
        let ax = normalize_axis(op, a, ndim)?;
        if v.contains(&ax) {
            return Err(Error::InvalidArgument {
                op,
                message: format!(
                    "`{param}` names dimension {ax} twice ({axes:?} on an array of rank {ndim}): list each axis once"
                ),
            });
        }
        v.push(ax);
    }
    v.sort_unstable();
    Ok(v)
}

/// `#[axis]`: axis `a` of an array of rank `ndim`, negative counting from the end.
#[inline]
pub fn normalize_axis(op: &'static str, a: i64, ndim: usize) -> Result<usize> {
    let n = ndim as i64;
    if a < -n || a >= n {
        return Err(Error::Axis { op, axis: a, ndim });
    }
    Ok(if a < 0 { (a + n) as usize } else { a as usize })
}

/// The rank axes are counted against when the first array argument is a sequence: its
/// first array's (a sequence with an axis needs one).
#[inline]
pub fn seq_rank(op: &'static str, param: &'static str, arrays: &[&Array]) -> Result<usize> {
    match arrays.first() {
        Some(a) => Ok(a.ndim()),
        None => Err(Error::InvalidArgument {
            op,
            message: format!("`{param}` needs at least one array"),
        }),
    }
}

/// `#[index]`: an index array holds integers (it is neither promoted nor cast).
#[inline]
pub fn index_input(op: &'static str, param: &'static str, x: &Array) -> Result<()> {
    if x.dtype().is_int() {
        return Ok(());
    }
    Err(Error::InvalidArgument {
        op,
        message: format!(
            "`{param}` holds indices and must have an integer dtype, not {}: convert it with `astype`",
            x.dtype()
        ),
    })
}

/// The stand-in for a `#[family]` op's kernel row while the row is missing: it implements
/// every family, so the generated backend methods compile and the row's absence is reported
/// once, by [`kernel_row!`](crate::__kernel_row)`(check …)`, with the fix.
#[derive(Clone, Copy, Debug)]
pub struct MissingRow;

impl class::Kernel for MissingRow {
    const NAME: &'static str = "";
    const DTYPES: DtypeSet = DtypeSet::EMPTY;
}
impl class::Unary for MissingRow {}
impl class::Binary for MissingRow {}
impl class::Predicate for MissingRow {}
impl class::Compare for MissingRow {}
impl class::Reduction for MissingRow {
    type Fold = MissingRow;
    const IDENTITY: Option<i128> = None;
    const ACCUMULATE: class::Accumulate = class::Accumulate::Keep;
}

/// What a kernel row answers to [`kernel_row!`](crate::__kernel_row)`(check …)`: not
/// missing (the stand-in of a missing row answers `true`).
pub trait RowCheck {
    /// `false`: the row exists.
    const MISSING: bool = false;
}
impl<K: class::Kernel> RowCheck for K {}

/// A `#[family]` op's kernel row `kernels::$K`, looked up so that a missing row is one
/// error that says where to add it (a plain path would say "cannot find type").
/// `(use $K in $e)`: `$e` with `$K` naming the row, or [`MissingRow`] when there is none;
/// `(check $K, "message")`: an item that fails to compile with `message` when there is none.
#[doc(hidden)]
#[macro_export]
macro_rules! __kernel_row {
    (use $K:ident in $e:expr) => {{
        #[allow(dead_code)]
        type $K = $crate::__private::MissingRow;
        {
            #[allow(unused_imports)]
            use $crate::kernel::rows::*;
            $e
        }
    }};
    (check $K:ident, $msg:literal) => {
        const _: () = {
            #[allow(dead_code)]
            struct $K;
            #[allow(dead_code)]
            impl $K {
                const MISSING: bool = true;
            }
            {
                #[allow(unused_imports)]
                use $crate::__private::RowCheck as _;
                #[allow(unused_imports)]
                use $crate::kernel::rows::*;
                if $K::MISSING {
                    ::core::panic!($msg)
                }
            }
        };
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrays_of_one_call_share_a_device() {
        let (cpu, g0, g1) = (Device::Cpu, Device::Cuda(0), Device::Cuda(1));
        assert!(same_device("add", &[], None).is_ok());
        assert!(same_device("add", &[cpu, cpu, cpu], Some(cpu)).is_ok());
        assert!(same_device("add", &[g1, g1], None).is_ok());
        assert_eq!(
            same_device("add", &[cpu, g0], None),
            Err(Error::DeviceMismatch {
                op: "add",
                a: cpu,
                b: g0
            })
        );
        // two GPUs are two devices; the first that differs is named
        assert_eq!(
            same_device("concat", &[g0, g0, g1, cpu], None),
            Err(Error::DeviceMismatch {
                op: "concat",
                a: g0,
                b: g1
            })
        );
        // `out` counts too
        let e = same_device("tan", &[g0], Some(cpu)).unwrap_err();
        assert!(e.to_string().contains("`tan`") && e.to_string().contains("to_device"));
    }

    #[test]
    fn only_multi_device_backends_check() {
        #[cfg(feature = "ndarray")]
        assert!(!many_devices::<crate::NdarrayBackend>());
        #[cfg(feature = "candle")]
        assert_eq!(
            many_devices::<crate::CandleBackend>(),
            cfg!(feature = "cuda")
        );
    }
}
