//! The attribute macros of ivy-rs.
//!
//! - [`category`] on an inline `mod` of op declarations generates the category's backend
//!   trait, the public dispatchers, the `_out`/`_with`/`_into` forms, the nested (Container)
//!   forms and the Array/Container method traits.
//! - [`backend_impl`] on `impl XBackend for SomeBackend` records each method's dtype support
//!   and native-`out` flag as constants.
//! - The helper attributes (`#[primary]`, `#[nestable]`, `#[support_native_out]`, …) are read
//!   by those two; used anywhere else they fail with an error naming where they belong.
//!
//! All logic works on `proc_macro2` tokens (see `expand` functions) so it is unit-tested with
//! `quote!` inputs and insta snapshots.

mod attrs;
mod backend_impl;
mod category;
mod ctxt;
mod misplaced;
mod spec;
#[cfg(test)]
mod tests;

use proc_macro::TokenStream;

/// Turns an inline module of op declarations into a category. See the crate docs of `ivy`.
#[proc_macro_attribute]
pub fn category(attr: TokenStream, item: TokenStream) -> TokenStream {
    category::expand(attr.into(), item.into()).into()
}

/// Records dtype support and native-`out` flags of a backend's implementation of a category.
#[proc_macro_attribute]
pub fn backend_impl(attr: TokenStream, item: TokenStream) -> TokenStream {
    backend_impl::expand(attr.into(), item.into()).into()
}

macro_rules! misplaced {
    ($($name:ident => $where:literal),* $(,)?) => {$(
        #[doc = concat!("`#[", stringify!($name), "]`: ", $where, ". Anywhere else it is a compile error.")]
        #[proc_macro_attribute]
        pub fn $name(attr: TokenStream, item: TokenStream) -> TokenStream {
            misplaced::expand(stringify!($name), $where, attr.into(), item.into()).into()
        }
    )*};
}

misplaced! {
    primary => "belongs on a body-less op declaration inside a `#[ivy::category]` module",
    compositional => "belongs on an op declaration with a body inside a `#[ivy::category]` module",
    mixed => "belongs on an op declaration with a body inside a `#[ivy::category]` module",
    standalone => "belongs on a function inside a `#[ivy::category]` module",
    nestable => "belongs on an op declaration inside a `#[ivy::category]` module",
    container_dependent => "belongs on an op declaration inside a `#[ivy::category]` module",
    global_state => "belongs on an op declaration inside a `#[ivy::category]` module (an op that changes process-wide state, not callable by name)",
    infer_dtype => "belongs on an op declaration inside a `#[ivy::category]` module",
    infer_device => "belongs on an op declaration inside a `#[ivy::category]` module",
    support_native_out => "belongs on a backend method that takes `out`, inside a `#[ivy::backend_impl]` impl",
    with_unsupported_dtypes => "belongs on a backend method inside a `#[ivy::backend_impl]` impl",
    with_supported_dtypes => "belongs on a backend method inside a `#[ivy::backend_impl]` impl",
    with_unsupported_devices => "belongs on a backend method inside a `#[ivy::backend_impl]` impl",
    with_supported_devices => "belongs on a backend method inside a `#[ivy::backend_impl]` impl",
    with_unsupported_device_and_dtypes => "belongs on a backend method inside a `#[ivy::backend_impl]` impl",
    host_dtypes => "belongs on a backend method inside a `#[ivy::backend_impl]` impl (the dtypes it computes on the host)",
    unsupported_dtypes => "belongs on a compositional or mixed op declaration inside a `#[ivy::category]` module (per backend: `candle = (\"float16\",)`)",
    check => "belongs on a primary or mixed op declaration inside a `#[ivy::category]` module: `#[check(path_to_fn)]`",
    family => "belongs on a primary op declaration inside a `#[ivy::category]` module: `#[family(unary)]`, `binary`, `predicate`, `compare` or `reduce`",
    supported_dtypes => "belongs on a compositional or mixed op declaration inside a `#[ivy::category]` module (per backend: `candle = (\"float32\",)`)",
}
