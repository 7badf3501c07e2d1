//! One error context that collects every error of an expansion (serde's `Ctxt`).

use proc_macro2::TokenStream;
use quote::ToTokens;
use std::fmt::Display;

#[derive(Default)]
pub struct Ctxt {
    errors: Vec<syn::Error>,
}

impl Ctxt {
    pub fn error_spanned_by(&mut self, tokens: impl ToTokens, msg: impl Display) {
        self.errors.push(syn::Error::new_spanned(tokens, msg));
    }

    pub fn syn_error(&mut self, e: syn::Error) {
        self.errors.push(e);
    }

    /// Every error as `compile_error!`s.
    pub fn into_compile_errors(self) -> TokenStream {
        self.errors
            .into_iter()
            .map(|e| e.to_compile_error())
            .collect()
    }
}
