//! Named forms of the default-dtype setters (Ivy's `set_default_float_dtype`,
//! `unset_default_float_dtype` and the context-manager forms), one family written once.

use ivy_core::{DefaultKind, Dtype, DtypeSet, Result};

/// Ivy's `default_float_dtype(input=…)`, `default_int_dtype(input=…)`, … and
/// `default_dtype(item=[…])`: the range rules over a number or a list of numbers (see each).
pub use ivy_core::{
    default_complex_dtype_for, default_dtype_for, default_float_dtype_for, default_int_dtype_for,
    default_uint_dtype_for,
};

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

/// Emits its tokens unless told `op` (a setter declared as a registry op elsewhere).
macro_rules! setter {
    (op; $($t:tt)*) => {};
    (; $($t:tt)*) => { $($t)* };
}

macro_rules! default_family {
    ($($kind:ident($good:ident, $bad:ident): $get:ident, $set:ident $([$op:ident])?, $unset:ident, $with:ident;)*) => {$(
        #[doc = concat!("The default dtype of kind `", stringify!($kind), "` in force on this thread, linked to the others as in Ivy (see [`ivy_core::default_of`]).")]
        ///
        /// ```
        #[doc = concat!("let d = ivy::", stringify!($with), "(ivy::Dtype::", stringify!($good), ", ivy::", stringify!($get), ")?;")]
        #[doc = concat!("assert_eq!(d, ivy::Dtype::", stringify!($good), ");")]
        /// # Ok::<(), ivy::Error>(())
        /// ```
        pub fn $get() -> Dtype {
            ivy_core::default_of(DefaultKind::$kind)
        }
        setter!($($op)?;
        #[doc = concat!("Sets the process-wide default (`", stringify!($kind), "`); a dtype of another kind is an [`Error::InvalidArgument`](crate::Error::InvalidArgument) and changes nothing.")]
        ///
        /// ```
        #[doc = concat!("ivy::", stringify!($set), "(ivy::Dtype::", stringify!($good), ")?;")]
        #[doc = concat!("assert_eq!(ivy::", stringify!($get), "(), ivy::Dtype::", stringify!($good), ");")]
        #[doc = concat!("ivy::", stringify!($unset), "();")]
        #[doc = concat!("assert!(ivy::", stringify!($set), "(ivy::Dtype::", stringify!($bad), ").is_err() || ivy::Dtype::", stringify!($bad), " == ivy::Dtype::", stringify!($good), ");")]
        /// # Ok::<(), ivy::Error>(())
        /// ```
        pub fn $set(d: Dtype) -> Result<()> {
            ivy_core::set_default(DefaultKind::$kind, d)
        }
        );
        #[doc = concat!("Restores Ivy's builtin default (`", stringify!($kind), "`).")]
        ///
        /// ```
        #[doc = concat!("let builtin = ivy::", stringify!($get), "();")]
        #[doc = concat!("ivy::", stringify!($set), "(ivy::Dtype::", stringify!($good), ")?;")]
        #[doc = concat!("ivy::", stringify!($unset), "();")]
        #[doc = concat!("assert_eq!(ivy::", stringify!($get), "(), builtin);")]
        /// # Ok::<(), ivy::Error>(())
        /// ```
        pub fn $unset() {
            ivy_core::unset_default(DefaultKind::$kind)
        }
        #[doc = concat!("Runs `f` with the default (`", stringify!($kind), "`) set to `d` on this thread; a dtype of another kind is an [`Error::InvalidArgument`](crate::Error::InvalidArgument) and `f` does not run.")]
        ///
        /// ```
        #[doc = concat!("let d = ivy::", stringify!($with), "(ivy::Dtype::", stringify!($good), ", ivy::", stringify!($get), ")?;")]
        #[doc = concat!("assert_eq!(d, ivy::Dtype::", stringify!($good), ");")]
        #[doc = concat!("assert!(ivy::", stringify!($with), "(ivy::Dtype::", stringify!($bad), ", || ()).is_err() || ivy::Dtype::", stringify!($bad), " == ivy::Dtype::", stringify!($good), ");")]
        /// # Ok::<(), ivy::Error>(())
        /// ```
        pub fn $with<R>(d: Dtype, f: impl FnOnce() -> R) -> Result<R> {
            ivy_core::with_default(DefaultKind::$kind, d, f)
        }
    )*};
}

default_family! {
    Dtype(Float64, Float64): global_default_dtype, set_default_dtype [op], unset_default_dtype, with_default_dtype;
    Float(Float64, Int8): default_float_dtype, set_default_float_dtype, unset_default_float_dtype, with_default_float_dtype;
    Int(Int64, Float32): default_int_dtype, set_default_int_dtype, unset_default_int_dtype, with_default_int_dtype;
    Uint(Uint8, Int8): default_uint_dtype, set_default_uint_dtype, unset_default_uint_dtype, with_default_uint_dtype;
    Complex(Complex128, Float64): default_complex_dtype, set_default_complex_dtype, unset_default_complex_dtype, with_default_complex_dtype;
}
