//! `TanKw`: the op's keyword arguments as a struct whose `Default` gives Ivy's defaults.

use super::OpCx;
use proc_macro2::TokenStream;
use quote::{quote, ToTokens};

/// The keyword struct (nothing when the op has no keyword arguments).
pub(super) fn kw_struct(cx: &OpCx) -> TokenStream {
    if !cx.has_kw {
        return quote!();
    }
    let (kw_ident, name_s) = (&cx.kw_ident, &cx.name_s);
    let fields = cx.kws.iter().map(|k| {
        let (id, ty) = (&k.ident, &k.ty);
        let d = match &k.kw {
            Some(Some(e)) => format!(
                " `{id}` (default `{}`).",
                compact(&e.to_token_stream().to_string())
            ),
            _ => format!(" `{id}` (default `{}`).", super::facts::type_default(ty)),
        };
        quote!(#[doc = #d] pub #id: #ty)
    });
    let defaults = cx.kws.iter().map(|k| {
        let id = &k.ident;
        match &k.kw {
            Some(Some(e)) => quote!(#id: #e),
            _ => quote!(#id: ::core::default::Default::default()),
        }
    });
    let doc = format!(" Keyword arguments of [`{name_s}`]; `Default` gives Ivy's defaults.");
    quote! {
        #[doc = #doc]
        #[derive(Clone, Debug)]
        pub struct #kw_ident { #(#fields,)* }
        impl ::core::default::Default for #kw_ident {
            fn default() -> Self { #kw_ident { #(#defaults,)* } }
        }
    }
}

/// Token text without the spaces `to_string` puts between tokens (`- 1` → `-1`), for docs.
pub(super) fn compact(s: &str) -> String {
    if s.contains('"') {
        s.to_string()
    } else {
        s.replace(' ', "")
    }
}
