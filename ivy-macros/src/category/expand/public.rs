//! The thin public forms over the core entry: `tan` (default keyword arguments, no `out`),
//! `tan_out`, `tan_with` and `tan_with_out`.

use super::OpCx;
use proc_macro2::TokenStream;
use quote::quote;

/// The public forms the core entry does not already provide.
pub(super) fn public_forms(cx: &OpCx) -> Vec<TokenStream> {
    let (p, name, name_s, vis, lt, wc) = (cx.p, cx.name, &cx.name_s, cx.vis, &cx.lt, &cx.wc);
    let (docs, pos_params, pos_names) = (&cx.docs, &cx.pos_params, &cx.pos_names);
    let (kw_default, name_with) = (&cx.kw_default, &cx.name_with);
    let mut fns = Vec::new();
    if cx.op.has_out {
        let (name_into, name_out) = (&cx.name_into, &cx.name_out);
        fns.push(quote! {
            #(#docs)*
            #[inline]
            #vis fn #name #lt(#(#pos_params),*) -> #p::Result<#p::Array> #wc {
                #p::expect_value(#name_s, #name_into(#(#pos_names,)* #kw_default ::core::option::Option::None))
            }
        });
        let out_doc = format!(" [`{name_s}`] writing into `out`, which keeps its shape and dtype; on error `out` is unchanged.");
        fns.push(quote! {
            #[doc = #out_doc]
            #[inline]
            #vis fn #name_out #lt(#(#pos_params,)* out: &mut #p::Array) -> #p::Result<()> #wc {
                #name_into(#(#pos_names,)* #kw_default ::core::option::Option::Some(out)).map(|_| ())
            }
        });
        if cx.has_kw {
            let (kw_ident, kw_param, kw_arg) = (&cx.kw_ident, &cx.kw_param, &cx.kw_arg);
            let name_with_out = &cx.name_with_out;
            let with_doc = format!(" [`{name_s}`] with keyword arguments ([`{kw_ident}`]).");
            fns.push(quote! {
                #[doc = #with_doc]
                #[inline]
                #vis fn #name_with #lt(#(#pos_params,)* #kw_param) -> #p::Result<#p::Array> #wc {
                    #p::expect_value(#name_s, #name_into(#(#pos_names,)* #kw_arg ::core::option::Option::None))
                }
                #[doc = #out_doc]
                #[inline]
                #vis fn #name_with_out #lt(#(#pos_params,)* #kw_param out: &mut #p::Array) -> #p::Result<()> #wc {
                    #name_into(#(#pos_names,)* #kw_arg ::core::option::Option::Some(out)).map(|_| ())
                }
            });
        }
    } else if cx.has_kw {
        let ret = cx.ret;
        fns.push(quote! {
            #(#docs)*
            #[inline]
            #vis fn #name #lt(#(#pos_params),*) -> #p::Result<#ret> #wc {
                #name_with(#(#pos_names,)* #kw_default)
            }
        });
    }
    fns
}
