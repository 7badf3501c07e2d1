//! Support answers: what `#[backend_impl]` records per op and backend ([`ImplInfo`]), what a
//! backend or a compositional body supports, and the kernel-row lookup of `#[family]` ops.

use crate::kernel::class;
use crate::BackendInfo;
use ivy_core::{Backend, BackendSupport, DeviceSet, DtypeSet, Error, OpMeta};

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
        compiled: crate::native::is_compiled(b),
        native: false,
        native_out: false,
        supported: crate::native::valid_dtypes(b),
        devices: backend_devices(b),
        device_dtypes: [DtypeSet::EMPTY; 2],
        host: DtypeSet::EMPTY,
    }
}

/// The device kinds backend `b` can use in this build (none when compiled out).
pub fn backend_devices(b: Backend) -> DeviceSet {
    crate::__for_backend!(b, __B => <__B as BackendInfo>::DEVICES, else => DeviceSet::EMPTY)
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
        type $K = $crate::engine::support::MissingRow;
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
                use $crate::engine::support::RowCheck as _;
                #[allow(unused_imports)]
                use $crate::kernel::rows::*;
                if $K::MISSING {
                    ::core::panic!($msg)
                }
            }
        };
    };
}
