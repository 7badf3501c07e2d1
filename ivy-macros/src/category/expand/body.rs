//! `__tan_body`: the body of a compositional or mixed op as a private function, called by
//! the core entry and by the backend trait's default methods.

use super::OpCx;
use crate::category::model::Kind;
use proc_macro2::TokenStream;
use quote::quote;

/// The body function (nothing for a primary op).
pub(super) fn body_fn(cx: &OpCx) -> TokenStream {
    let op = cx.op;
    let Some(body) = op.decl.body.as_ref().filter(|_| op.kind != Kind::Primary) else {
        return quote!();
    };
    let p = cx.p;
    let (body_ident, body_ret, out_param) = (&cx.body_ident, &cx.into_ret, &cx.out_param);
    let (body_gen, wc) = (&cx.body_gen, &cx.wc);
    let body_params = op.params.iter().map(|prm| {
        let id = &prm.ident;
        let ty = prm.body_ty(p);
        quote!(#id: #ty)
    });
    quote! {
        #[doc(hidden)]
        #[allow(clippy::too_many_arguments, unused_mut)]
        pub fn #body_ident #body_gen(#(#body_params,)* #out_param) -> #body_ret #wc #body
    }
}
