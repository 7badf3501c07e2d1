//! # ivy-rs
//!
//! One op declaration, many backends: the function-wrapping system of the
//! [Ivy](https://github.com/ivy-llc/ivy) ML library, done at compile time. Each op is declared
//! once in a [`#[ivy::category]`](macro@category) module; the macros generate the backend
//! dispatch, the dtype and device checks and inference, the `out` forms, the Container
//! (nested) forms, the Array and Container methods and a registry that calls any op by name.
//!
//! ```
//! use ivy::prelude::*;
//! ivy::set_backend(Backend::Ndarray);
//! let x = ivy::asarray([0.0f32, 0.5, 1.0])?;
//! let y = ivy::tan(&x)?;                       // function form
//! let z = (&y + 1.0)?;                         // operators, scalars promoted Ivy's way
//! let mut out = ivy::zeros_with(&[3], ZerosKw { dtype: Some(Dtype::Float64), device: None })?;
//! ivy::tan_out(&x, &mut out)?;                 // `out` keeps its dtype
//! assert_eq!(out.dtype(), Dtype::Float64);
//! assert_eq!(z.shape(), &[3]);
//! // the same code on candle
//! let t = ivy::with_backend(Backend::Candle, || ivy::tan(&ivy::asarray([0.5f32])?))?;
//! assert_eq!(t.backend(), Backend::Candle);
//! # Ok::<(), ivy::Error>(())
//! ```
//!
//! ## Backends
//! [`Backend::Ndarray`] (CPU, all 15 dtypes) and [`Backend::Candle`] (CPU; CUDA with the
//! `cuda` feature; no int8, uint16, uint64 or complex). The current backend is per thread
//! ([`set_backend`], [`with_backend`]); an op runs on the backend of its array arguments,
//! and arrays of two backends in one call are an error that says how to convert
//! ([`Array::to_backend`]). Native arrays come in and go out without copies where the
//! layouts allow ([`NativeArray`], [`Array::into_native`]; [`backends`]).
//!
//! ## Function kinds (Ivy's Function Types page)
//! - **primary** (`#[primary]`, no body): every backend implements it; a backend that does
//!   not is a compile error at its `#[backend_impl]`.
//! - **compositional** (`#[compositional]`): a body of other ivy ops, so it runs on every
//!   backend; its dtype support is the intersection of its callees'.
//! - **mixed** (`#[mixed]`): a compositional body that a backend may override.
//! - **standalone** (`#[standalone]`): plain code, no dispatch.
//! - **nestable** (`#[nestable]`): any array argument may be a [`Container`]; see [`nested`].
//! - **container-dependent** (`#[container_dependent]`): takes a Container whole
//!   ([`execute_with_gradients`], [`multi_head_attention`]).
//!
//! Every op's page states its kind, its keyword arguments with their defaults and its dtype
//! and device support on each backend (generated from the same metadata as `ivy support`);
//! [`support_matrix`] has every op at once, and [`registry`] answers the same at run time.
//!
//! ## Arguments
//! Positional arguments of Ivy are positional here. Keyword-only arguments (`dtype`,
//! `device`, `axis`, `keepdims`, …) live in a per-op struct `<Op>Kw` with `Default`; the
//! plain form uses the defaults (`ivy::sum(&x)`), the `_with` form takes the struct
//! (`ivy::sum_with(&x, SumKw { axis: Some(vec![0]), ..Default::default() })`). `out` is
//! never an argument of the plain form: `op_out(.., &mut out)` writes into `out` (which
//! keeps its dtype) and `op_into(.., kw, Option<&mut Array>)` takes everything.
//!
//! ## Dtypes
//! [`Dtype`] has Ivy's 15 dtypes; promotion follows Ivy's tables ([`promote_types`],
//! [`result_type`], precise mode by default: [`with_precise_mode`]); Python-like scalars
//! ([`Scalar`]) take Ivy's default dtypes ([`default_dtype`], [`set_default_dtype`],
//! [`with_default_dtype`]); an op's unsupported dtype is an error, or a cast under the
//! casting modes ([`with_casting_mode`]). [`finfo`] and [`iinfo`] give the limits.
//!
//! ## `out` and in-place updates
//! `op_out` writes into an array of any dtype (cast on the way); a failed call leaves `out`
//! as it was. [`inplace_update`] overwrites an ndarray buffer or rebinds a candle tensor
//! (a candle `Var` is set); [`with_inplace_mode`] makes rebinding an error where a true
//! in-place write is required.
//!
//! ## Containers
//! [`Container`] is Ivy's nested map of arrays (sorted keys by default, key chains `a/b`),
//! built with [`container!`]. Nestable ops map over it — function (`ivy::nested::add`),
//! method (`c.add(&d)`), with mapping options ([`ContainerArrays::with_options`]) and a
//! Container `out` (`ivy::nested::add_out`) — and [`ContainerArrays`] saves and loads it as
//! safetensors.
//!
//! ## Where things are
//! - The ops, by category: [`functional`] (each re-exported at the root: `ivy::tan`), their
//!   Container forms in [`nested`], their methods in [`prelude`].
//! - [`registry`]: every op's metadata and support, and calls by name.
//! - [`indexing`]: `x.at(..)`, slices, `NEWAXIS`, `ELLIPSIS`, integer and boolean indices.
//! - [`custom`]: your own array types through `__ivy_array_function__`.
//! - [`family`](mod@family) and [`kernels`](mod@kernels): the op families and their kernel rows (contributors).
//! - The `ivy` command (`cargo install --path ivy-cli`): the tour, the catalog, support, calls
//!   by name. The repository's `CONTRIBUTING.md` explains how to add ops and backends.

#![warn(missing_docs)]
// A one-backend build (`--no-default-features --features candle`) keeps the other backend's
// arms, over uninhabited types: unreachable there, and checked in the two-backend build.
#![cfg_attr(
    not(all(feature = "ndarray", feature = "candle")),
    allow(dead_code, unused_variables, unreachable_code)
)]

extern crate self as ivy;

mod args;
mod array;
pub mod backends;
pub mod constants;
pub mod containers;
pub mod custom;
pub mod engine;
pub mod functional;
pub mod indexing;
pub mod native;
pub mod ops;
pub mod prelude;
pub mod registry;
mod value;

/// The kernel layer (the `ivy-kernel` crate): element types, the families' element classes
/// and rows, and the math, folds, sorts and loops over plain slices.
pub use ivy_kernel as kernel;
pub use kernel::elem;
/// The kernel rows of the element-wise and reduction families (the kernel layer's
/// [`kernel::rows`]).
pub use kernel::rows as kernels;

/// Op families: the element classes and rows ([`kernel::class`]) and the drivers every
/// backend runs them through ([`engine::family`]), under one path.
pub mod family {
    pub use crate::engine::family::*;
    pub use crate::kernel::class::*;
}

/// The backend crates' versions, which support specs resolve against. The workspace
/// `Cargo.toml` pins each crate to exactly this version (`=`), so a build as a path, git or
/// crates.io dependency has it too (a build script reading `Cargo.lock` found none there);
/// `tests/tests/suite/specs.rs` (`backend_versions_are_the_pinned_and_locked_ones`) fails when
/// `Cargo.toml` or `Cargo.lock` says otherwise.
#[allow(dead_code)] // a backend compiled out leaves its version unused
mod versions {
    /// ndarray's version: its text and its numbers.
    pub(crate) const NDARRAY_VERSION: (&str, [u32; 3]) = ("0.17.2", [0, 17, 2]);
    /// candle-core's version: its text and its numbers.
    pub(crate) const CANDLE_VERSION: (&str, [u32; 3]) = ("0.11.1", [0, 11, 1]);
}

/// The support matrix: every op × backend × dtype and device, with how each backend runs
/// it (the repository's `docs/SUPPORT.md`, generated by `ivy support --matrix --markdown`).
#[doc = include_str!("../../docs/SUPPORT.md")]
pub mod support_matrix {}

/// The README's Rust examples run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeDoctests;

/// The numpy → ivy-rs page (`docs/FROM_NUMPY.md`) runs as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../docs/FROM_NUMPY.md")]
pub struct FromNumpyDoctests;

#[doc(hidden)]
pub mod __private;

pub(crate) use kernel::same_shape;

pub use args::{
    ArrayArg, ArraysArg, ClipBound, Data, DtypeKinds, DtypeLike, IntoArray, IntoArrayMut,
    IntoArrays, IntoData, IntoOperand, MatrixNormOrd, NestArg, Operand, OperandArg, Repeats,
    SeqItem, TensordotAxes,
};
pub use array::{Array, NativeArray};
#[cfg(feature = "candle")]
pub use backends::CandleBackend;
#[cfg(feature = "ndarray")]
pub use backends::NdarrayBackend;
pub use constants::{E, INF, NAN, PI};
pub use containers::ContainerArrays;
#[cfg(feature = "ndarray")]
pub use containers::{from_safetensors, load_safetensors};
pub use custom::IvyArrayFunction;
#[doc(inline)]
pub use functional::creation::*;
#[doc(inline)]
pub use functional::data_type::*;
#[doc(inline)]
pub use functional::defaults::*;
#[doc(inline)]
pub use functional::device::*;
#[doc(inline)]
pub use functional::elementwise::*;
#[doc(inline)]
pub use functional::fft::*;
#[doc(inline)]
pub use functional::general::*;
#[doc(inline)]
pub use functional::gradients::*;
#[doc(inline)]
pub use functional::layers::*;
#[doc(inline)]
pub use functional::linalg::*;
#[doc(inline)]
pub use functional::losses::*;
#[doc(inline)]
pub use functional::manipulation::*;
#[doc(inline)]
pub use functional::nest::*;
#[doc(inline)]
pub use functional::sorting::*;
#[doc(inline)]
pub use functional::statistical::*;
pub use indexing::{Idx, ELLIPSIS, NEWAXIS};
pub use ivy_core::{
    cast_candidate, casting_mode, casting_modes, set_casting_mode, with_casting_mode, CastingMode,
};
pub use ivy_core::{
    container, current_backend, set_backend, set_default_backend, unset_backend, with_backend,
    Backend, Device, Dtype, DtypeSet, Error, KeyOrder, MapOptions, Node, OpKind, Result, Scalar,
    Shape,
};
pub use ivy_core::{
    default_device, set_default_device, set_process_default_device, unset_default_device,
    with_default_device,
};
pub use ivy_core::{
    default_of, precise_mode, set_default, set_precise_mode, unset_default, with_default,
    with_precise_mode, DefaultKind, PreciseMode,
};
pub use ivy_core::{
    inplace_mode, set_inplace_mode, unset_inplace_mode, with_inplace_mode, InplaceMode,
};
pub use ivy_macros::{backend_impl, category};
#[doc(hidden)]
pub use ivy_macros::{
    check, compositional, container_dependent, family, global_state, host_dtypes, infer_device,
    infer_dtype, mixed, nestable, primary, standalone, support_native_out, supported_dtypes,
    unsupported_dtypes, with_supported_devices, with_supported_dtypes,
    with_unsupported_device_and_dtypes, with_unsupported_devices, with_unsupported_dtypes,
};
pub use native::NativeDtype;
pub use ops::ContainerCompare;

/// `Container` of arrays (Ivy's `ivy.Container`).
pub type Container<T = Array> = ivy_core::Container<T>;

/// Every category's nested (Container) forms: `ivy::nested::add(&c, 2.0)`.
pub mod nested {
    #[doc(inline)]
    pub use crate::functional::creation::nested::*;
    #[doc(inline)]
    pub use crate::functional::data_type::nested::*;
    #[doc(inline)]
    pub use crate::functional::device::nested::*;
    #[doc(inline)]
    pub use crate::functional::elementwise::nested::*;
    #[doc(inline)]
    pub use crate::functional::fft::nested::*;
    #[doc(inline)]
    pub use crate::functional::general::nested::*;
    #[doc(inline)]
    pub use crate::functional::layers::nested::*;
    #[doc(inline)]
    pub use crate::functional::linalg::nested::*;
    #[doc(inline)]
    pub use crate::functional::losses::nested::*;
    #[doc(inline)]
    pub use crate::functional::manipulation::nested::*;
    #[doc(inline)]
    pub use crate::functional::sorting::nested::*;
    #[doc(inline)]
    pub use crate::functional::statistical::nested::*;
}

/// Identity of a backend, implemented by each backend type.
pub trait BackendInfo {
    /// Which backend.
    const BACKEND: Backend;
    /// The backend crate's version (its exact pin in Cargo.toml: see the `versions` module).
    const VERSION: ivy_core::Version;
    /// The version as text.
    const VERSION_STR: &'static str;
    /// Dtypes the backend cannot hold at all.
    const INVALID: DtypeSet;
    /// Device kinds the backend can use in this build (ndarray: the CPU; candle: the CPU,
    /// and CUDA with the `cuda` feature). Support answers never name another.
    const DEVICES: ivy_core::DeviceSet;
}
