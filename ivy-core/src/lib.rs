//! Framework-agnostic core of ivy-rs: dtypes and promotion, devices, version specs, op
//! metadata, the error type, the global backend config and `Container<T>`.
//!
//! It knows no backend crate; `ivy` (crate `ivy-ops`) builds the arrays and ops on it.

#![warn(missing_docs)]

mod backend;
mod casting;
mod container;
mod defaults;
mod device;
mod dtype;
mod error;
mod inplace;
mod meta;
mod promotion;
mod scalar;
mod shape;
mod version;

pub use backend::{
    current_backend, set_backend, set_default_backend, unset_backend, with_backend, Backend,
};
pub use casting::{
    cast_candidate, casting_mode, casting_modes, set_casting_mode, with_casting_mode, CastingMode,
};
pub use container::{Container, KeyOrder, MapOptions, Nest, Node};
pub use defaults::{
    default_complex_dtype, default_complex_dtype_for, default_dtype, default_dtype_for,
    default_float_dtype, default_float_dtype_for, default_int_dtype, default_int_dtype_for,
    default_int_for, default_of, default_uint_dtype, default_uint_dtype_for, int_float_dtype,
    set_default, unset_default, with_default, DefaultKind,
};
pub use device::{
    default_device, set_default_device, set_process_default_device, unset_default_device,
    with_default_device, Device, DeviceSet,
};
pub use dtype::{valid_dtype_names, Dtype, DtypeKind, DtypeSet};
pub use error::{Error, Result};
pub use inplace::{
    check_rebind, inplace_mode, set_inplace_mode, unset_inplace_mode, with_inplace_mode,
    InplaceMode,
};
pub use meta::{ArgType, BackendSupport, OpEntry, OpKind, OpMeta, ParamKind, ParamMeta};
pub use promotion::{
    can_cast, precise_mode, promote_types, set_precise_mode, with_precise_mode, PreciseMode,
};
pub use scalar::Scalar;
pub use shape::Shape;
pub use version::{resolve_device_spec, resolve_spec, Version, VersionRange};
