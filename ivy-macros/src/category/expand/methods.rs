//! The op as methods of the category's Array trait (`ArrayElementwise`): `x.tan()`,
//! `x.tan_with(kw)`, `x.tan_out(out)`, when its first argument is an array.

use super::{generics_of, OpCx};
use crate::category::model::Class;
use proc_macro2::TokenStream;
use quote::quote;

/// The trait's method declarations and their impls for `Array` (none without a receiver).
pub(super) fn array_methods(cx: &OpCx) -> (Vec<TokenStream>, Vec<TokenStream>) {
    let Some(first) = cx.receiver() else {
        return (Vec::new(), Vec::new());
    };
    let (p, name, name_s, ret) = (cx.p, cx.name, &cx.name_s, cx.ret);
    let (name_with, name_out, kw_ident) = (&cx.name_with, &cx.name_out, &cx.kw_ident);
    // the receiver is the first positional parameter: the rest of the public form's lists
    let (rest_params, rest_names) = (&cx.pos_params[1..], &cx.pos_names[1..]);
    let mlt = generics_of(
        cx.positional[1..].iter().copied(),
        super::ARG_CLASSES,
        &cx.op.decl.sig.generics.params,
    );
    let wc = &cx.wc;
    let self_arg = if first.class == Class::Operand {
        quote!(#p::Operand::Array(self))
    } else {
        quote!(self)
    };
    let m_doc = format!(" Method form of [`{name_s}`](fn@{name_s}).");
    let mut decls = vec![
        quote!(#[doc = #m_doc] fn #name #mlt(&self, #(#rest_params),*) -> #p::Result<#ret> #wc;),
    ];
    let mut impls = vec![
        quote!(#[inline] fn #name #mlt(&self, #(#rest_params),*) -> #p::Result<#ret> #wc { #name(#self_arg, #(#rest_names),*) }),
    ];
    if cx.has_kw {
        decls.push(quote!(#[doc = #m_doc] fn #name_with #mlt(&self, #(#rest_params,)* kw: #kw_ident) -> #p::Result<#ret> #wc;));
        impls.push(quote!(#[inline] fn #name_with #mlt(&self, #(#rest_params,)* kw: #kw_ident) -> #p::Result<#ret> #wc { #name_with(#self_arg, #(#rest_names,)* kw) }));
    }
    if cx.op.has_out {
        decls.push(quote!(#[doc = #m_doc] fn #name_out #mlt(&self, #(#rest_params,)* out: &mut #p::Array) -> #p::Result<()> #wc;));
        impls.push(quote!(#[inline] fn #name_out #mlt(&self, #(#rest_params,)* out: &mut #p::Array) -> #p::Result<()> #wc { #name_out(#self_arg, #(#rest_names,)* out) }));
    }
    (decls, impls)
}
