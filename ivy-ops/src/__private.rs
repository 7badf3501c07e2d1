//! What the generated code names, re-exported from the layers that define it (this module
//! defines nothing). Not public API: reached as `::ivy::__private`.

pub use crate::{
    Array, ArraysArg, Container, IntoArray, IntoArrayMut, IntoArrays, IntoOperand, NestArg, Operand,
};
pub use ivy_core::{
    resolve_device_spec, resolve_spec, Backend, BackendSupport, Device, DeviceSet, Dtype, DtypeSet,
    Error, OpEntry, OpKind, OpMeta, Result, Scalar, Shape, Version, VersionRange,
};

pub use crate::args::{ClipBound, Data, DtypeLike};
pub use crate::custom::{run_typed as custom_typed, run_typed_out as custom_typed_out};
pub use crate::engine::family::{self, Kernels};
pub use crate::engine::{checks::*, nest::*, out::*, support::*};
pub use crate::kernel::rows as kernels;
pub use crate::value::{
    check_arity, container_out, holds_container, no_kw_defaults, unknown_keyword, DynEntry,
    FromValue, IntoValue, Value,
};
pub use crate::BackendInfo;
pub use crate::{__dispatch as dispatch, __kernel_row as kernel_row, __support_for as support_for};
pub use ivy_core::{ArgType, ParamKind, ParamMeta};
