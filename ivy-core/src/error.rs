//! The one error type of ivy-rs.

use crate::backend::Backend;
use crate::device::Device;
use crate::dtype::{Dtype, DtypeSet};

/// `Result` with [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// [`Error::OutOfMemory`]'s size: `usize::MAX` is a size that overflowed (`n` elements of
/// `b` bytes past the address space), not a count to print.
///
/// ```
/// let e = ivy_core::Error::OutOfMemory { op: "zeros", bytes: usize::MAX };
/// assert!(e.to_string().contains("cannot allocate more bytes than memory can address"), "{e}");
/// ```
fn bytes_text(bytes: usize) -> String {
    match bytes {
        usize::MAX => "more bytes than memory can address".to_string(),
        b => format!("{b} bytes"),
    }
}

/// Every way an ivy-rs call can fail. Messages name the op and the fix.
///
/// ```
/// use ivy_core::{Dtype, Error};
/// let e = "floa32".parse::<Dtype>().unwrap_err();
/// assert!(matches!(e, Error::UnknownDtype { .. }));
/// assert!(e.to_string().contains("float32"));
/// ```
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    // === Dtype errors ===
    /// A dtype name that is not one of Ivy's 15.
    #[error(
        "unknown dtype `{name}`; valid dtypes are: {}",
        crate::dtype::valid_dtype_names()
    )]
    UnknownDtype {
        /// The name given.
        name: String,
    },
    /// An op called with a dtype it does not support on a backend.
    #[error("`{op}` does not support dtype {dtype} on backend {backend} {version}; supported dtypes: {}", supported_text(*.supported))]
    UnsupportedDtype {
        /// The op.
        op: &'static str,
        /// The rejected dtype.
        dtype: Dtype,
        /// The backend.
        backend: Backend,
        /// The backend's version.
        version: &'static str,
        /// What the op supports there.
        supported: DtypeSet,
    },
    /// An array of a dtype the backend cannot hold at all.
    #[error(
        "backend {backend} has no dtype {dtype}{}; its valid dtypes are {valid}",
        op_suffix(op)
    )]
    DtypeNotInBackend {
        /// The op, when one asked.
        op: Option<&'static str>,
        /// The dtype.
        dtype: Dtype,
        /// The backend.
        backend: Backend,
        /// The backend's valid dtypes.
        valid: DtypeSet,
    },
    /// Two dtypes without a promotion rule.
    #[error("cannot promote {a} and {b}: no rule in Ivy's promotion table")]
    Promotion {
        /// First dtype.
        a: Dtype,
        /// Second dtype.
        b: Dtype,
    },

    // === Shape errors ===
    /// Shapes that do not broadcast, or do not match where they must.
    #[error("`{op}`: shapes {lhs:?} and {rhs:?} {reason}")]
    Shape {
        /// The op.
        op: &'static str,
        /// First shape.
        lhs: Vec<usize>,
        /// Second shape.
        rhs: Vec<usize>,
        /// What was expected.
        reason: &'static str,
    },
    /// An axis out of range.
    #[error(
        "`{op}`: axis {axis} is out of range for an array of rank {ndim} ({})",
        valid_axes(*.ndim)
    )]
    Axis {
        /// The op.
        op: &'static str,
        /// The axis given.
        axis: i64,
        /// The array's rank.
        ndim: usize,
    },

    // === Memory errors ===
    /// A result buffer the allocator could not provide (instead of aborting the process).
    #[error(
        "`{op}`: cannot allocate {} for the result; use a smaller shape or free memory",
        bytes_text(*.bytes)
    )]
    OutOfMemory {
        /// The op.
        op: &'static str,
        /// The bytes asked for (`usize::MAX`: more than memory can address).
        bytes: usize,
    },

    // === Device errors ===
    /// A device string that does not parse.
    #[error("unknown device `{name}`; use `cpu` or `cuda:N`")]
    UnknownDevice {
        /// The name given.
        name: String,
    },
    /// A device the backend (or this build) cannot use.
    #[error("`{op}`: backend {backend} cannot use device {device}{}", backend.device_hint())]
    DeviceUnavailable {
        /// The op.
        op: &'static str,
        /// The device.
        device: Device,
        /// The backend.
        backend: Backend,
    },

    /// A GPU this build can use but this machine does not have: the driver sees no device
    /// of that ordinal (no GPU at all, or fewer than the ordinal asks).
    ///
    /// ```
    /// use ivy_core::{Backend, Device, Error};
    /// let e = Error::NoSuchDevice { op: "zeros", device: Device::Cuda(1), backend: Backend::Candle, visible: 1 };
    /// assert!(e.to_string().contains("the CUDA driver sees 1 GPU (cuda:0)"), "{e}");
    /// let e = Error::NoSuchDevice { op: "zeros", device: Device::Cuda(0), backend: Backend::Candle, visible: 0 };
    /// assert!(e.to_string().contains("the CUDA driver sees no GPU"), "{e}");
    /// ```
    #[error("`{op}`: backend {backend} has no device {device}: {}", visible_gpus(*visible))]
    NoSuchDevice {
        /// The op.
        op: &'static str,
        /// The device asked for.
        device: Device,
        /// The backend.
        backend: Backend,
        /// How many GPUs the driver sees.
        visible: usize,
    },

    /// An op called on a device it does not support with a backend (device specs).
    #[error("`{op}` does not support device {device}{} on backend {backend} {version}", dtype.map(|d| format!(" for dtype {d}")).unwrap_or_default())]
    UnsupportedDevice {
        /// The op.
        op: &'static str,
        /// The device.
        device: Device,
        /// The dtype, when the gap is for one dtype on that device.
        dtype: Option<Dtype>,
        /// The backend.
        backend: Backend,
        /// The backend's version.
        version: &'static str,
    },

    /// Arrays on different devices in one call (Ivy raises the same: an op runs on the
    /// device of its inputs, so they must share one).
    ///
    /// ```
    /// use ivy_core::{Device, Error};
    /// let e = Error::DeviceMismatch { op: "add", a: Device::Cpu, b: Device::Cuda(0) };
    /// assert_eq!(
    ///     e.to_string(),
    ///     "`add`: arrays on devices cpu and cuda:0 in one call; move one with `to_device` first"
    /// );
    /// ```
    #[error("`{op}`: arrays on devices {a} and {b} in one call; move one with `to_device` first")]
    DeviceMismatch {
        /// The op.
        op: &'static str,
        /// The first array's device.
        a: Device,
        /// The device of an array that differs from it.
        b: Device,
    },

    // === Backend errors ===
    /// A backend name that is not known.
    #[error("unknown backend `{name}`; valid backends are: {}", Backend::NAMES.join(", "))]
    UnknownBackend {
        /// The name given.
        name: String,
    },
    /// A backend that this build does not include.
    #[error("backend {backend} is not compiled in; enable the `{backend}` feature of ivy-ops")]
    BackendUnavailable {
        /// The backend.
        backend: Backend,
    },
    /// Arrays of different backends in one call.
    #[error("`{op}`: arrays of backends {a} and {b} in one call; convert one with `to_backend`")]
    BackendMismatch {
        /// The op.
        op: &'static str,
        /// First backend.
        a: Backend,
        /// Second backend.
        b: Backend,
    },
    /// An op that needs a backend, called with no array and no backend set.
    #[error("`{op}` needs a backend: pass an array or call `ivy::set_backend` / `ivy::with_backend` first")]
    NoBackend {
        /// The op.
        op: &'static str,
    },
    /// An op that needs automatic differentiation, on a backend without it.
    #[error("`{op}` needs automatic differentiation, which backend {backend} does not have; backends with it: {backends} (move the arrays there with `Array::to_backend`)")]
    NoAutograd {
        /// The op.
        op: &'static str,
        /// The backend of the call.
        backend: Backend,
        /// The compiled-in backends that have it.
        backends: String,
    },
    /// An error raised by a backend crate.
    #[error("`{op}` failed in backend {backend}: {message}")]
    Backend {
        /// The op.
        op: &'static str,
        /// The backend.
        backend: Backend,
        /// The backend's message.
        message: String,
    },
    /// `inplace_update` with `ensure_in_backend` on a backend whose arrays are immutable.
    #[error("`inplace_update`: backend {backend} arrays are immutable, so the update cannot happen in the backend; pass ensure_in_backend = false (the Array is then rebound) or use a variable")]
    InplaceNotInBackend {
        /// The backend.
        backend: Backend,
    },

    /// Under the strict in-place mode, an update that would rebind an immutable array (a
    /// candle tensor) instead of writing its buffer.
    #[error("`{op}`: the in-place mode is strict, and a backend {backend} tensor cannot be written in place (the Array would be rebound to new data); use a candle Var, an ndarray array, or `ivy::set_inplace_mode(\"lenient\")`")]
    InplaceStrict {
        /// The op.
        op: &'static str,
        /// The backend.
        backend: Backend,
    },

    /// `copy = false` where the backend cannot give a result sharing the input's memory.
    #[error("`{op}`: copy=false, but on backend {backend} the result cannot share memory with the input ({reason}); pass copy=None (a copy only when needed) or copy=true")]
    CopyNotAvoidable {
        /// The op.
        op: &'static str,
        /// The backend.
        backend: Backend,
        /// Why.
        reason: &'static str,
    },

    // === Container errors ===
    /// Containers whose structures are not shared.
    #[error("`{op}`: containers do not share their nested structure at key chain `{key_chain}`; every container must have the key, or a leaf above it")]
    ContainerStructure {
        /// The op.
        op: &'static str,
        /// Where the structures differ.
        key_chain: String,
    },
    /// A key chain that is not in a container.
    #[error("key chain `{key_chain}` not found in the container")]
    KeyChain {
        /// The key chain.
        key_chain: String,
    },
    /// A Container `out` whose key chains are not the result's: names the side that lacks
    /// the leaf.
    ///
    /// ```
    /// use ivy_core::Error;
    /// let e = Error::OutStructure { op: "exp", key_chain: "a/c".into(), in_out: true };
    /// assert_eq!(
    ///     e.to_string(),
    ///     "`exp`: the result has no leaf at key chain `a/c`, which `out` has; a Container `out` must have exactly the result's key chains"
    /// );
    /// ```
    #[error("`{op}`: {} has no leaf at key chain `{key_chain}`, which {} has; a Container `out` must have exactly the result's key chains", if *.in_out { "the result" } else { "`out`" }, if *.in_out { "`out`" } else { "the result" })]
    OutStructure {
        /// The op.
        op: &'static str,
        /// The key chain one side lacks.
        key_chain: String,
        /// `true`: `out` has the leaf and the result lacks it; `false`: the other way.
        in_out: bool,
    },
    /// An error at one leaf of a Container (a whole-Container conversion), naming the leaf.
    ///
    /// ```
    /// use ivy_core::{Backend, Dtype, DtypeSet, Error};
    /// let inner = Error::DtypeNotInBackend {
    ///     op: Some("to_backend"),
    ///     dtype: Dtype::Int8,
    ///     backend: Backend::Candle,
    ///     valid: DtypeSet::EMPTY,
    /// };
    /// let e = Error::Leaf { key_chain: "a/b".into(), source: Box::new(inner) };
    /// assert!(e.to_string().starts_with("at leaf `a/b`: backend candle has no dtype int8"));
    /// assert_eq!(e.op(), Some("to_backend"));
    /// ```
    #[error("at leaf `{key_chain}`: {source}")]
    Leaf {
        /// The leaf's key chain.
        key_chain: String,
        /// The error at that leaf.
        source: Box<Error>,
    },

    // === I/O errors ===
    /// A file that could not be read or written.
    #[error("`{op}`: cannot {action} `{path}`: {reason}")]
    Io {
        /// The op.
        op: &'static str,
        /// `read` or `write`.
        action: &'static str,
        /// The file.
        path: String,
        /// The operating system's reason.
        reason: String,
    },

    // === Argument errors ===
    /// Any other invalid argument.
    #[error("`{op}`: {message}")]
    InvalidArgument {
        /// The op.
        op: &'static str,
        /// What is wrong and how to fix it.
        message: String,
    },
    /// A matrix the decomposition cannot take: singular (`inv`, `solve`), not positive
    /// definite (`cholesky`), or an iteration that did not converge (`eigh`, `svd`): numpy's
    /// `LinAlgError`.
    #[error("`{op}`: {message}")]
    LinAlg {
        /// The op.
        op: &'static str,
        /// Which matrix of the stack, what is wrong with it, and what to do instead.
        message: String,
    },
    // === Calls by name (the dynamic op table) ===
    /// A name that is no op of the registry.
    #[error("no op named `{name}`{}; `ivy ops` lists every op", suggestion.map(|s| format!(" (did you mean `{s}`?)")).unwrap_or_default())]
    UnknownOp {
        /// The name given.
        name: String,
        /// The closest op name, if one is close.
        suggestion: Option<&'static str>,
    },
    /// A call by name with the wrong number of positional arguments.
    #[error("`{op}` takes {expected} positional argument{} ({params}), got {got}", if *expected == 1 { "" } else { "s" })]
    Arity {
        /// The op.
        op: &'static str,
        /// How many it takes.
        expected: usize,
        /// How many were given.
        got: usize,
        /// The positional parameters, by name.
        params: String,
    },
    /// A call by name with an argument of the wrong kind (a scalar where an array goes, …).
    #[error("`{op}`: argument `{param}` must be {expected}, got {got}")]
    ArgumentKind {
        /// The op.
        op: &'static str,
        /// The parameter.
        param: &'static str,
        /// What it takes.
        expected: &'static str,
        /// What was given.
        got: String,
    },
    /// A keyword argument the op does not have.
    #[error("`{op}` has no keyword argument `{name}`; its keyword arguments: {valid}")]
    UnknownKeyword {
        /// The op.
        op: &'static str,
        /// The name given.
        name: String,
        /// The op's keyword arguments.
        valid: String,
    },
    /// An op that cannot be called by name (it takes a Rust closure or a generic type).
    #[error("`{op}` cannot be called by name: {reason}; call it from Rust")]
    NotCallable {
        /// The op.
        op: &'static str,
        /// Why.
        reason: &'static str,
    },

    /// Custom array types (`ivy::IvyArrayFunction`) among an op's arguments, and every
    /// one of their handlers declined the call.
    #[error("`{op}` has no implementation for the custom array type(s) {types}: each `IvyArrayFunction` handler declined it; handle `{op}` in the type's `ivy_array_function` (e.g. `HandledFunctions::implements(\"{op}\", ..)`), or pass `ivy::Array`s")]
    NoArrayFunction {
        /// The op.
        op: &'static str,
        /// The custom types involved, in order.
        types: String,
    },

    /// A malformed version key of a support spec.
    #[error("malformed version key `{key}`: {reason}; use \"X and below\", \"X and above\", \"X to Y\" or \"X\"")]
    VersionKey {
        /// The key.
        key: String,
        /// What is wrong.
        reason: &'static str,
    },
}

impl Error {
    /// The same error naming `op` as the op that failed: how an op written over another
    /// (`zeros` over `full`) reports its callee's errors under its own name, as if it had
    /// failed itself. Errors that name no op are unchanged.
    ///
    /// ```
    /// use ivy_core::Error;
    /// let e = Error::NoBackend { op: "full" }.with_op("zeros");
    /// assert_eq!(e, Error::NoBackend { op: "zeros" });
    /// ```
    pub fn with_op(mut self, op: &'static str) -> Error {
        match self.op_slot() {
            OpSlot::Op(o) => *o = op,
            OpSlot::Asked(o) => *o = o.map(|_| op),
            OpSlot::None => {}
        }
        self
    }

    /// The error itself, or for an error at a Container's leaf ([`Error::Leaf`], which a
    /// nested call's leaf errors are) the error there: what to match on for its kind.
    ///
    /// ```
    /// use ivy_core::Error;
    /// let inner = Error::NoBackend { op: "zeros" };
    /// let e = Error::Leaf { key_chain: "a/b".into(), source: Box::new(inner.clone()) };
    /// assert_eq!(e.root(), &inner);
    /// assert_eq!(inner.root(), &inner);
    /// ```
    pub fn root(&self) -> &Error {
        let mut e = self;
        while let Error::Leaf { source, .. } = e {
            e = source;
        }
        e
    }

    /// The op the error names (the op the user called: every generated op entry renames
    /// the errors of what it runs, [`Error::with_op`]); `None` for an error naming no op.
    ///
    /// ```
    /// use ivy_core::Error;
    /// assert_eq!(Error::NoBackend { op: "zeros" }.op(), Some("zeros"));
    /// assert_eq!(Error::UnknownDevice { name: "tpu".into() }.op(), None);
    /// ```
    pub fn op(&self) -> Option<&'static str> {
        match self.clone().op_slot() {
            OpSlot::Op(o) => Some(*o),
            OpSlot::Asked(o) => *o,
            OpSlot::None => None,
        }
    }

    /// Where the error names its op: the one list of the variants that name one.
    fn op_slot(&mut self) -> OpSlot<'_> {
        // Exhaustive on purpose: a new variant decides here whether it names an op.
        match self {
            Error::UnsupportedDtype { op: o, .. }
            | Error::Shape { op: o, .. }
            | Error::Axis { op: o, .. }
            | Error::OutOfMemory { op: o, .. }
            | Error::DeviceUnavailable { op: o, .. }
            | Error::NoSuchDevice { op: o, .. }
            | Error::UnsupportedDevice { op: o, .. }
            | Error::DeviceMismatch { op: o, .. }
            | Error::BackendMismatch { op: o, .. }
            | Error::NoBackend { op: o }
            | Error::Backend { op: o, .. }
            | Error::ContainerStructure { op: o, .. }
            | Error::InvalidArgument { op: o, .. }
            | Error::LinAlg { op: o, .. }
            | Error::Arity { op: o, .. }
            | Error::ArgumentKind { op: o, .. }
            | Error::UnknownKeyword { op: o, .. }
            | Error::NotCallable { op: o, .. }
            | Error::CopyNotAvoidable { op: o, .. }
            | Error::InplaceStrict { op: o, .. }
            | Error::Io { op: o, .. }
            | Error::NoAutograd { op: o, .. }
            | Error::NoArrayFunction { op: o, .. }
            | Error::OutStructure { op: o, .. } => OpSlot::Op(o),
            Error::Leaf { source, .. } => source.op_slot(),
            Error::DtypeNotInBackend { op: o, .. } => OpSlot::Asked(o),
            Error::UnknownDtype { .. }
            | Error::Promotion { .. }
            | Error::UnknownDevice { .. }
            | Error::UnknownBackend { .. }
            | Error::BackendUnavailable { .. }
            | Error::InplaceNotInBackend { .. }
            | Error::KeyChain { .. }
            | Error::UnknownOp { .. }
            | Error::VersionKey { .. } => OpSlot::None,
        }
    }
}

/// What [`Error::NoSuchDevice`] says of the GPUs the driver sees.
fn visible_gpus(n: usize) -> String {
    let fix = "check `nvidia-smi` and `CUDA_VISIBLE_DEVICES`";
    match n {
        0 => format!("the CUDA driver sees no GPU ({fix})"),
        1 => "the CUDA driver sees 1 GPU (cuda:0)".to_string(),
        n => format!("the CUDA driver sees {n} GPUs (cuda:0 to cuda:{})", n - 1),
    }
}

/// The op field of an [`Error`] variant ([`Error::op_slot`]).
enum OpSlot<'a> {
    /// A variant that always names its op.
    Op(&'a mut &'static str),
    /// [`Error::DtypeNotInBackend`]: names the op that asked, when one did.
    Asked(&'a mut Option<&'static str>),
    /// A variant naming no op.
    None,
}

fn op_suffix(op: &Option<&'static str>) -> String {
    op.map(|o| format!(" (asked by `{o}`)")).unwrap_or_default()
}

/// The supported-dtype list of an `UnsupportedDtype` message: an empty set says why.
fn supported_text(s: DtypeSet) -> String {
    if s == DtypeSet::EMPTY {
        "none on this backend (run it on another: `set_backend`, `using_backend`)".into()
    } else {
        s.to_string()
    }
}

/// The axes an array of rank `ndim` has, in words (an `Error::Axis` message).
fn valid_axes(ndim: usize) -> String {
    match ndim {
        0 => "a 0-d array has no axes".into(),
        n => format!("valid: -{n} to {}", n - 1),
    }
}
