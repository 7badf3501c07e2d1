//! Named forms of the default-dtype setters (Ivy's `set_default_float_dtype`,
//! `unset_default_float_dtype` and the context-manager forms), one family written once.

use ivy_core::{DefaultKind, Dtype, Result};

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
