//! The op's row of the category's registry (`ELEMENTWISE_OPS`): its metadata and how to ask
//! a backend for its support.

use super::{meta, CatCx, OpCx};
use crate::category::model::{Class, Kind, Op};
use proc_macro2::TokenStream;
use quote::quote;
use syn::ext::IdentExt;

/// The row of a primary, mixed or compositional op.
pub(super) fn row(cx: &OpCx) -> TokenStream {
    let (p, meta_ident, upper) = (cx.p, &cx.meta_ident, &cx.upper);
    let trait_ident = &cx.cat.trait_ident;
    let is_primary = cx.op.kind == Kind::Primary;
    let support = match cx.op.kind {
        Kind::Primary if is_dtype_query(cx.op) => quote! {
            |__b| ::core::option::Option::Some(#p::support_for!(__b, __B => #p::query_support_of::<__B>(<__B as #trait_ident>::#upper)))
        },
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

/// A primary op that holds no array data: its parameters are dtypes (or arrays read for
/// their dtype only, `DtypeLike`) and plain values, and it infers no dtype (`can_cast`).
/// The dtypes it answers for are never held by the backend, so the backend's invalid
/// dtypes are not taken off its support. The same rule as `OpMeta::is_dtype_query`
/// (both classes are `ParamKind::Other`), which tools read.
fn is_dtype_query(op: &Op) -> bool {
    !op.infer_dtype
        && !op.has_out
        && op
            .params
            .iter()
            .all(|p| matches!(p.class, Class::DtypeLike | Class::Other))
}

/// The row of a standalone function: no backend support to report.
pub(super) fn standalone_row(cat: &CatCx, op: &Op) -> TokenStream {
    let p = &cat.p;
    let meta_ident = meta::meta_ident(&op.decl.sig.ident.unraw().to_string());
    quote! {
        #p::OpEntry { meta: &#meta_ident, support: |_| ::core::option::Option::None }
    }
}
