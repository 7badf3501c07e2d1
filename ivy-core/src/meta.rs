//! Op metadata: what the macros know about each op, as constants.

use crate::backend::Backend;
use crate::dtype::DtypeSet;

/// The function kinds of Ivy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OpKind {
    /// Implemented by every backend.
    Primary,
    /// A composition of other ivy ops.
    Compositional,
    /// A compositional body plus native overrides on some backends.
    Mixed,
    /// Framework-agnostic helper code that is not an array op.
    Standalone,
}

impl OpKind {
    /// Ivy's name of the kind.
    pub const fn as_str(self) -> &'static str {
        match self {
            OpKind::Primary => "primary",
            OpKind::Compositional => "compositional",
            OpKind::Mixed => "mixed",
            OpKind::Standalone => "standalone",
        }
    }
}

/// What the category macro records of one op declaration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpMeta {
    /// The op's name (`"tan"`).
    pub name: &'static str,
    /// Its category (`"elementwise"`).
    pub category: &'static str,
    /// Primary, compositional, mixed or standalone.
    pub kind: OpKind,
    /// Accepts Containers for its array arguments.
    pub nestable: bool,
    /// Some argument must be a Container.
    pub container_dependent: bool,
    /// `#[global_state]`: changes process-wide state, so not callable by name.
    pub global_state: bool,
    /// Has an `out` parameter (so an `_out` form).
    pub has_out: bool,
    /// `#[infer_dtype]`.
    pub infer_dtype: bool,
    /// `#[infer_device]`.
    pub infer_device: bool,
    /// For compositional and mixed ops: the functions the body calls (by name).
    pub callees: &'static [&'static str],
    /// For compositional and mixed ops: dtypes declared unsupported per backend on the
    /// declaration (`#[unsupported_dtypes(candle = ("float16",))]`; supported specs are
    /// stored as their complement).
    pub backend_unsupported: &'static [(Backend, DtypeSet)],
    /// The parameters, in order (`out` excluded).
    pub params: &'static [ParamMeta],
    /// The kernel family (`"unary"`, `"binary"`) of an op declared `#[family(..)]`.
    pub family: Option<&'static str>,
    /// The declaration's own doc comment, as written (without what the macro appends):
    /// what the Python binding's docstrings and `ivy support` show.
    pub doc: &'static str,
}

/// How a parameter of an op is passed (the category macro's parameter classes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParamKind {
    /// `&Array`.
    Array,
    /// `&mut Array`, updated in place.
    ArrayMut,
    /// An array or a scalar (`impl Into<Operand>`), promoted with the other operands.
    Operand,
    /// `&[&Array]`: a sequence of arrays.
    Arrays,
    /// `#[index] &Array`: integer indices (any int dtype; neither promoted nor checked
    /// against the op's dtype support).
    Index,
    /// `Option<&Array>`: an optional array.
    OptionalArray,
    /// `&Container`.
    Container,
    /// A scalar (`impl Into<Scalar>`).
    Scalar,
    /// Nested values (`impl Into<Data>`).
    Data,
    /// `dtype: Option<Dtype>` inferred from the other arguments.
    Dtype,
    /// `device: Option<Device>` inferred from the other arguments.
    Device,
    /// Any other type (its Rust type is in [`ParamMeta::ty`]).
    Other,
}

/// One parameter of an op, as declared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParamMeta {
    /// The name (`"x1"`).
    pub name: &'static str,
    /// How it is passed.
    pub kind: ParamKind,
    /// A keyword argument (a field of the op's `Kw` struct).
    pub keyword: bool,
    /// The Rust type as declared (`"Option<Vec<i64>>"`), for display.
    pub ty: &'static str,
    /// The value the parameter takes, as a tree read from the declared type (what tools
    /// read, rather than parsing [`ty`](Self::ty)).
    pub arg: ArgType,
}

/// The value a parameter takes in a call by name, read by the category macro from the
/// declared Rust type: `Option<Vec<i64>>` is `Optional(List(Int))`.
///
/// ```
/// use ivy_core::ArgType::{self, *};
/// const AXIS: ArgType = Optional(&List(&Int)); // what the macro emits for `Option<Vec<i64>>`
/// assert!(matches!(AXIS, Optional(List(Int))));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ArgType {
    /// An array.
    Array,
    /// An array updated in place.
    ArrayMut,
    /// An array or a scalar, promoted with the other operands.
    Operand,
    /// A Container of arrays.
    Container,
    /// A scalar.
    Scalar,
    /// Nested values (`asarray`'s input).
    Data,
    /// A dtype.
    Dtype,
    /// A dtype, or an array standing for its dtype (the Array API's `Union[dtype, array]`
    /// of the dtype queries: `can_cast`'s `from_`, `finfo`'s and `iinfo`'s `type`,
    /// `result_type`'s arguments).
    DtypeLike,
    /// A device.
    Device,
    /// A backend.
    Backend,
    /// A backend's own dtype, by its name.
    NativeDtype,
    /// Text.
    Str,
    /// A float.
    Float,
    /// A signed integer.
    Int,
    /// A non-negative integer.
    Uint,
    /// A bool.
    Bool,
    /// One item of an array index (`ivy::Idx`): an int, a slice written `"start:stop:step"`
    /// (each part optional), `"..."`, a new axis (`None` or `"newaxis"`), an integer array
    /// or a bool mask. An index (`x[1, ::2]`, the `query` of `get_item` / `set_item`) is a
    /// `List(&Index)`, where a single item stands for a list of one.
    ///
    /// ```
    /// use ivy_core::ArgType::{self, *};
    /// const QUERY: ArgType = List(&Index); // what the macro emits for `&[Idx]`
    /// assert!(QUERY.is_known());
    /// ```
    Index,
    /// A sequence of values.
    List(&'static ArgType),
    /// A value or none.
    Optional(&'static ArgType),
    /// No value gives it (a closure, a generic type).
    Opaque,
}

impl ArgType {
    /// Whether a value can give it: no [`Opaque`](ArgType::Opaque) type inside.
    ///
    /// ```
    /// use ivy_core::ArgType::*;
    /// assert!(List(&Array).is_known());
    /// assert!(!Optional(&Opaque).is_known());
    /// ```
    pub fn is_known(&self) -> bool {
        match self {
            ArgType::Opaque => false,
            ArgType::List(t) | ArgType::Optional(t) => t.is_known(),
            _ => true,
        }
    }
}

impl OpMeta {
    /// The positional parameters.
    pub fn positional(&self) -> impl Iterator<Item = &'static ParamMeta> + use<> {
        self.params.iter().filter(|p| !p.keyword)
    }
    /// The keyword parameters.
    pub fn keywords(&self) -> impl Iterator<Item = &'static ParamMeta> + use<> {
        self.params.iter().filter(|p| p.keyword)
    }

    /// A dtype query: a primary op that holds no array data — every parameter a dtype, an
    /// array read for its dtype only (`DtypeLike`) or a plain value, no inferred dtype, no
    /// `out` (`can_cast`). It answers for every dtype on every backend, those the backend
    /// cannot hold included (the category macro gives it that support row).
    ///
    /// ```
    /// use ivy_core::{ArgType, OpKind, OpMeta, ParamKind, ParamMeta};
    /// const FROM: ParamMeta = ParamMeta {
    ///     name: "from_", kind: ParamKind::Other, keyword: false, ty: "DtypeLike", arg: ArgType::DtypeLike,
    /// };
    /// let meta = OpMeta {
    ///     name: "can_cast", category: "data_type", kind: OpKind::Primary, nestable: false,
    ///     container_dependent: false, global_state: false, has_out: false, infer_dtype: false,
    ///     infer_device: false, callees: &[], backend_unsupported: &[], params: &[FROM],
    ///     family: None, doc: "",
    /// };
    /// assert!(meta.is_dtype_query());
    /// assert!(!OpMeta { kind: OpKind::Compositional, ..meta }.is_dtype_query());
    /// ```
    pub fn is_dtype_query(&self) -> bool {
        self.kind == OpKind::Primary
            && !self.infer_dtype
            && !self.has_out
            && self.params.iter().all(|p| p.kind == ParamKind::Other)
    }
}

impl OpMeta {
    /// The dtypes declared unsupported for `b` on the declaration.
    /// (A `const fn`: a mixed family op's support constant adds it to its row's.)
    #[inline]
    pub const fn declared_unsupported(&self, b: Backend) -> DtypeSet {
        let mut s = DtypeSet::EMPTY;
        let mut i = 0;
        while i < self.backend_unsupported.len() {
            let (x, d) = self.backend_unsupported[i];
            if x as u8 == b as u8 {
                s = s.union(d);
            }
            i += 1;
        }
        s
    }
}

/// What one backend says about one op.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BackendSupport {
    /// The backend.
    pub backend: Backend,
    /// Whether the backend is compiled into this build.
    pub compiled: bool,
    /// The backend has its own implementation (primary ops always; mixed ops when overridden).
    pub native: bool,
    /// The implementation writes into `out` itself.
    pub native_out: bool,
    /// Dtypes the op supports there (backend-valid ∩ supported − unsupported).
    pub supported: DtypeSet,
    /// Device kinds the op supports there.
    pub devices: crate::DeviceSet,
    /// Dtypes rejected on one device kind only, indexed by [`DeviceSet::index`](crate::DeviceSet::index).
    pub device_dtypes: [DtypeSet; 2],
    /// Dtypes the backend computes on the host (its data copied to host memory and back, the
    /// last resort where the backend has no kernel): a subset of `supported`, allowed on the
    /// CPU device only. For a compositional op, the host dtypes of the ops its body calls.
    pub host: DtypeSet,
}

impl BackendSupport {
    /// How the op runs there: `"native"`, `"host"` (every supported dtype on the host),
    /// `"native+host"` (some dtypes on the host), `"compositional"` (its body over other
    /// ops), `"unsupported"` (no dtype: the op does not run there, as
    /// `execute_with_gradients` on a backend without autograd) or `"unavailable"` (the
    /// backend is not compiled in).
    ///
    /// ```
    /// use ivy_core::{Backend, BackendSupport, DeviceSet, DtypeSet};
    /// let s = BackendSupport {
    ///     backend: Backend::Candle,
    ///     compiled: true,
    ///     native: true,
    ///     native_out: false,
    ///     supported: DtypeSet::FLOAT.union(DtypeSet::INTEGER),
    ///     devices: DeviceSet::ALL,
    ///     device_dtypes: [DtypeSet::EMPTY, DtypeSet::INTEGER],
    ///     host: DtypeSet::INTEGER,
    /// };
    /// assert_eq!(s.implementation(), "native+host");
    /// let none = BackendSupport { supported: DtypeSet::EMPTY, host: DtypeSet::EMPTY, ..s };
    /// assert_eq!(none.implementation(), "unsupported");
    /// ```
    pub fn implementation(&self) -> &'static str {
        if !self.compiled {
            "unavailable"
        } else if self.supported.is_empty() {
            "unsupported"
        } else if !self.native {
            "compositional"
        } else if self.host.is_empty() {
            "native"
        } else if self.supported.difference(self.host).is_empty() {
            "host"
        } else {
            "native+host"
        }
    }
}

/// One row of the op registry: metadata plus a per-backend query.
#[derive(Clone, Copy, Debug)]
pub struct OpEntry {
    /// The declaration's metadata.
    pub meta: &'static OpMeta,
    /// Per-backend support, `None` for ops that do not dispatch (standalone).
    pub support: fn(Backend) -> Option<BackendSupport>,
}
