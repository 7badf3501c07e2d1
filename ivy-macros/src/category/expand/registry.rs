//! The op's row of the category's registry (`ELEMENTWISE_OPS`): its metadata and how to ask
//! a backend for its support.

use super::{meta, CatCx, OpCx};
use crate::category::model::{Kind, Op};
use proc_macro2::TokenStream;
use quote::quote;
use syn::ext::IdentExt;

/// The row of a primary, mixed or compositional op.
pub(super) fn row(cx: &OpCx) -> TokenStream {
    let (p, meta_ident, upper) = (cx.p, &cx.meta_ident, &cx.upper);
    let trait_ident = &cx.cat.trait_ident;
    let is_primary = cx.op.kind == Kind::Primary;
    let support = match cx.op.kind {
        Kind::Primary | Kind::Mixed => quote! {
            |__b| ::core::option::Option::Some(#p::support_for!(__b, __B => #p::support_of::<__B>(<__B as #trait_ident>::#upper, #is_primary)))
        },
        _ => quote! {
            |__b| ::core::option::Option::Some(#p::compositional_support(__b))
        },
    };
    quote! {
        #p::OpEntry { meta: &#meta_ident, support: #support }
    }
}

/// The row of a standalone function: no backend support to report.
pub(super) fn standalone_row(cat: &CatCx, op: &Op) -> TokenStream {
    let p = &cat.p;
    let meta_ident = meta::meta_ident(&op.decl.sig.ident.unraw().to_string());
    quote! {
        #p::OpEntry { meta: &#meta_ident, support: |_| ::core::option::Option::None }
    }
}
