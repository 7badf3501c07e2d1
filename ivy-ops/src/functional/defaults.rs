//! Named forms of the default-dtype setters (Ivy's `set_default_float_dtype`,
//! `unset_default_float_dtype` and the context-manager forms), one family written once.

use ivy_core::{DefaultKind, Dtype, DtypeSet, Result};

/// Ivy's `all_dtypes`: the 15 dtypes.
pub const ALL_DTYPES: DtypeSet = DtypeSet::VALID;
/// Ivy's `all_numeric_dtypes`: every dtype but bool.
pub const ALL_NUMERIC_DTYPES: DtypeSet = DtypeSet::NUMERIC;
/// Ivy's `all_int_dtypes`: signed and unsigned integers.
pub const ALL_INT_DTYPES: DtypeSet = DtypeSet::INTEGER;
/// Ivy's `all_uint_dtypes`.
pub const ALL_UINT_DTYPES: DtypeSet = DtypeSet::UNSIGNED;
/// Ivy's `all_float_dtypes`: bfloat16, float16, float32, float64.
pub const ALL_FLOAT_DTYPES: DtypeSet = DtypeSet::FLOAT;
/// Ivy's `all_complex_dtypes`.
pub const ALL_COMPLEX_DTYPES: DtypeSet = DtypeSet::COMPLEX;

macro_rules! valid_class {
    ($($name:ident => $class:ident),*) => {$(
        #[doc = concat!("The `", stringify!($class), "` dtypes the current backend can hold (all of them with no backend set).")]
        pub fn $name() -> DtypeSet {
            crate::valid_dtypes().intersection(DtypeSet::$class)
        }
    )*};
}
valid_class!(
    valid_numeric_dtypes => NUMERIC,
    valid_int_dtypes => INTEGER,
    valid_uint_dtypes => UNSIGNED,
    valid_float_dtypes => FLOAT,
    valid_complex_dtypes => COMPLEX
);

macro_rules! default_family {
    ($($kind:ident: $get:ident, $set:ident, $unset:ident, $with:ident;)*) => {$(
        #[doc = concat!("The default dtype of kind `", stringify!($kind), "` in force on this thread.")]
        pub fn $get() -> Dtype {
            ivy_core::default_of(DefaultKind::$kind)
        }
        #[doc = concat!("Sets the process-wide default (`", stringify!($kind), "`); a dtype of another kind is an error.")]
        pub fn $set(d: Dtype) -> Result<()> {
            ivy_core::set_default(DefaultKind::$kind, d)
        }
        #[doc = concat!("Restores Ivy's builtin default (`", stringify!($kind), "`).")]
        pub fn $unset() {
            ivy_core::unset_default(DefaultKind::$kind)
        }
        #[doc = concat!("Runs `f` with the default (`", stringify!($kind), "`) set to `d` on this thread.")]
        pub fn $with<R>(d: Dtype, f: impl FnOnce() -> R) -> Result<R> {
            ivy_core::with_default(DefaultKind::$kind, d, f)
        }
    )*};
}

default_family! {
    Dtype: global_default_dtype, set_default_dtype, unset_default_dtype, with_default_dtype;
    Float: default_float_dtype, set_default_float_dtype, unset_default_float_dtype, with_default_float_dtype;
    Int: default_int_dtype, set_default_int_dtype, unset_default_int_dtype, with_default_int_dtype;
    Uint: default_uint_dtype, set_default_uint_dtype, unset_default_uint_dtype, with_default_uint_dtype;
    Complex: default_complex_dtype, set_default_complex_dtype, unset_default_complex_dtype, with_default_complex_dtype;
}
