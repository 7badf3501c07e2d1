//! Nestable ops over Containers: `nested::tan` (and `nested::tan_with`), where any array
//! argument may be a Container, and their methods on the category's Container trait.

use super::{generics_of, OpCx};
use crate::category::model::{nested_ret, Class, Param};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use syn::ext::IdentExt;
use syn::{Ident, Type};

/// The functions of the category's `nested` module for this op.
pub(super) fn nested_fns(cx: &OpCx) -> Vec<TokenStream> {
    let (p, name, name_s, has_kw) = (cx.p, cx.name, &cx.name_s, cx.has_kw);
    let (name_with, nlt, kw_param, wc) = (&cx.name_with, &cx.nlt, &cx.kw_param, &cx.wc);
    let nest_params: Vec<TokenStream> = cx
        .positional
        .iter()
        .map(|prm| nest_param(cx, prm))
        .collect();
    let nested_convert: Vec<TokenStream> = cx
        .positional
        .iter()
        .filter(|prm| {
            matches!(
                prm.class,
                Class::Scalar | Class::Data | Class::Shape | Class::DtypeLike | Class::Bound
            ) || (prm.class == Class::Other && into_target(&prm.ty).is_some())
        })
        .map(|prm| {
            let id = &prm.ident;
            let ty = match prm.class {
                Class::Shape => quote!(#p::Shape),
                Class::DtypeLike => quote!(#p::DtypeLike),
                Class::Bound => quote!(#p::ClipBound),
                // a declared `impl Into<X>` (`repeat`'s `Repeats`): converted once, the `X`
                // cloned at every leaf
                Class::Other => into_target(&prm.ty).map_or_else(|| prm.impl_ty(p), |x| quote!(#x)),
                _ => prm.impl_ty(p),
            };
            quote!(let #id: #ty = ::core::convert::Into::into(#id);)
        })
        .collect();
    let nest_args: Vec<&Ident> = cx
        .positional
        .iter()
        .filter(|p| p.class.is_array_like())
        .map(|p| &p.ident)
        .collect();
    // with a sequence parameter the leaves' positions are known at run time only
    let (nest_setup, nest_list, leaf_args) = if cx.many.is_empty() {
        (
            quote!(),
            quote!(&[#(::core::convert::Into::into(#nest_args)),*]),
            leaf_args(cx),
        )
    } else {
        seq_nest_list(cx)
    };
    let nret = nested_ret(cx.ret, p).unwrap_or_else(|| quote!(#p::Container));
    let target = if has_kw {
        quote!(super::#name_with)
    } else {
        quote!(super::#name)
    };
    let kw_clone = if has_kw {
        quote!(::core::clone::Clone::clone(&kw),)
    } else {
        quote!()
    };
    let n_doc = format!(" [`{name_s}`](fn@super::{name_s}) over Containers: any array argument may be a Container (shared-structure broadcasting).");
    let nested_name = if has_kw { name_with } else { name };
    let mut fns = vec![quote! {
        #[doc = #n_doc]
        #[allow(clippy::too_many_arguments)]
        pub fn #nested_name #nlt(#(#nest_params,)* #kw_param) -> #p::Result<#nret> #wc {
            #(#nested_convert)*
            #nest_setup
            #p::nest_call(#name_s, #nest_list, |__a| #target(#(#leaf_args,)* #kw_clone))
        }
    }];
    if has_kw {
        let (pos_names, kw_default) = (&cx.pos_names, &cx.kw_default);
        fns.push(quote! {
            #[doc = #n_doc]
            pub fn #name #nlt(#(#nest_params),*) -> #p::Result<#nret> #wc {
                #name_with(#(#pos_names,)* #kw_default)
            }
        });
    }
    if writes_container_out(cx) {
        // Ivy's `out=` on a nested call: the Container of results written into `out`'s leaves
        let (name_out, name_with_out, pos_names) = (&cx.name_out, &cx.name_with_out, &cx.pos_names);
        let o_doc = format!(" [`{name_s}`](fn@super::{name_s}) over Containers, written into the Container `out` (Ivy's `out=`): the same key chains, each leaf by the `out` rules of arrays (shape and backend kept, cast to the leaf's dtype), every leaf checked before any is written, so on error `out` is unchanged.");
        fns.push(quote! {
            #[doc = #o_doc]
            #[allow(clippy::too_many_arguments)]
            pub fn #name_out #nlt(#(#nest_params,)* out: &mut #p::Container) -> #p::Result<()> #wc {
                #p::write_container_out(#name_s, #name(#(#pos_names),*)?, out)
            }
        });
        if has_kw {
            fns.push(quote! {
                #[doc = #o_doc]
                #[allow(clippy::too_many_arguments)]
                pub fn #name_with_out #nlt(#(#nest_params,)* #kw_param out: &mut #p::Container) -> #p::Result<()> #wc {
                    #p::write_container_out(#name_s, #name_with(#(#pos_names,)* kw)?, out)
                }
            });
        }
    }
    fns
}

/// Whether the op's nested forms get `_out` forms: an op with an `out` (whose result is
/// then one `Array`, so its nested form returns one Container).
fn writes_container_out(cx: &OpCx) -> bool {
    cx.op.has_out
}

/// A parameter of a nested form.
fn nest_param(cx: &OpCx, prm: &Param) -> TokenStream {
    let id = &prm.ident;
    let ty = prm.nested_ty(cx.p);
    quote!(#id: #ty)
}

/// The arguments of the op's call on one leaf: array arguments come from the leaf `__a`,
/// the others are cloned (or passed on when references).
fn leaf_args(cx: &OpCx) -> Vec<TokenStream> {
    let name_s = &cx.name_s;
    let mut j = 0usize;
    cx.positional
        .iter()
        .map(|prm| {
            let id_s = prm.ident.unraw().to_string();
            match prm.class {
                Class::Array | Class::Index => {
                    let t = quote!(__a[#j].array(#name_s, #id_s)?);
                    j += 1;
                    t
                }
                Class::Operand => {
                    let t = quote!(__a[#j]);
                    j += 1;
                    t
                }
                _ => leaf_arg(prm),
            }
        })
        .collect()
}

/// `X` of a declared `impl Into<X>` parameter type.
fn into_target(ty: &Type) -> Option<&Type> {
    let Type::ImplTrait(it) = ty else { return None };
    it.bounds.iter().find_map(|b| match b {
        syn::TypeParamBound::Trait(t) => {
            let seg = t.path.segments.last()?;
            match &seg.arguments {
                syn::PathArguments::AngleBracketed(a) if seg.ident == "Into" => {
                    a.args.iter().find_map(|g| match g {
                        syn::GenericArgument::Type(x) => Some(x),
                        _ => None,
                    })
                }
                _ => None,
            }
        }
        _ => None,
    })
}

/// A non-array argument at every leaf: cloned, or passed on when a reference.
fn leaf_arg(prm: &Param) -> TokenStream {
    let id = &prm.ident;
    match prm.class {
        Class::Scalar | Class::Data | Class::Other if matches!(prm.ty, Type::Reference(_)) => {
            quote!(#id)
        }
        Class::Shape => quote!(&#id),
        _ => quote!(::core::clone::Clone::clone(&#id)),
    }
}

/// The nested arguments as one list built at run time (a sequence adds one entry per
/// element), and the leaf arguments read back from their recorded positions.
fn seq_nest_list(cx: &OpCx) -> (TokenStream, TokenStream, Vec<TokenStream>) {
    let (p, name_s) = (cx.p, &cx.name_s);
    let mut pushes = Vec::new();
    let args = cx
        .positional
        .iter()
        .map(|prm| {
            let id = &prm.ident;
            let id_s = id.to_string();
            let at = format_ident!("__at_{}", id);
            match prm.class {
                Class::Array | Class::Index | Class::Operand => {
                    pushes.push(quote! {
                        let #at = __nest.len();
                        __nest.push(::core::convert::Into::into(#id));
                    });
                    if prm.class.is_one_array() {
                        quote!(__a[#at].array(#name_s, #id_s)?)
                    } else {
                        quote!(__a[#at])
                    }
                }
                Class::OptArray => {
                    pushes.push(quote! {
                        let #at = #id.map(|__x| {
                            __nest.push(__x);
                            __nest.len() - 1
                        });
                    });
                    quote!(#at.map(|__i| __a[__i].array(#name_s, #id_s)).transpose()?)
                }
                Class::Arrays => {
                    pushes.push(quote! {
                        let #at = __nest.len()..__nest.len() + #id.len();
                        __nest.extend_from_slice(#id);
                    });
                    quote! {
                        &__a[#at.clone()]
                            .iter()
                            .map(|__o| __o.array(#name_s, #id_s))
                            .collect::<#p::Result<::std::vec::Vec<&#p::Array>>>()?
                    }
                }
                _ => leaf_arg(prm),
            }
        })
        .collect();
    let setup = quote! {
        let mut __nest: ::std::vec::Vec<#p::NestArg<'_>> = ::std::vec::Vec::new();
        #(#pushes)*
    };
    (setup, quote!(&__nest), args)
}

/// The Container trait's method declarations and impls (none without an array receiver).
pub(super) fn container_methods(cx: &OpCx) -> (Vec<TokenStream>, Vec<TokenStream>) {
    if cx.receiver().is_none() {
        return (Vec::new(), Vec::new());
    }
    let (p, name, name_s, name_with, kw_ident) =
        (cx.p, cx.name, &cx.name_s, &cx.name_with, &cx.kw_ident);
    let rest: Vec<&Param> = cx.positional.iter().skip(1).copied().collect();
    let rest_params: Vec<TokenStream> = rest.iter().map(|prm| nest_param(cx, prm)).collect();
    let rest_names: Vec<&Ident> = rest.iter().map(|p| &p.ident).collect();
    let clt = generics_of(
        rest.iter().copied(),
        &[
            Class::Array,
            Class::Index,
            Class::Operand,
            Class::Arrays,
            Class::OptArray,
        ],
        &cx.op.decl.sig.generics.params,
    );
    let wc = &cx.wc;
    let nret = nested_ret(cx.ret, p).unwrap_or_else(|| quote!(#p::Container));
    let m_doc = format!(" Container method form of [`{name_s}`](fn@{name_s}).");
    let mut decls = vec![
        quote!(#[doc = #m_doc] fn #name #clt(&self, #(#rest_params),*) -> #p::Result<#nret> #wc;),
    ];
    let mut impls = vec![
        quote!(#[inline] fn #name #clt(&self, #(#rest_params),*) -> #p::Result<#nret> #wc { nested::#name(self, #(#rest_names),*) }),
    ];
    if cx.has_kw {
        decls.push(quote!(#[doc = #m_doc] fn #name_with #clt(&self, #(#rest_params,)* kw: #kw_ident) -> #p::Result<#nret> #wc;));
        impls.push(quote!(#[inline] fn #name_with #clt(&self, #(#rest_params,)* kw: #kw_ident) -> #p::Result<#nret> #wc { nested::#name_with(self, #(#rest_names,)* kw) }));
    }
    if writes_container_out(cx) {
        let name_out = &cx.name_out;
        let o_doc =
            format!(" Container method form of [`nested::{name_s}_out`](fn@nested::{name_s}_out).");
        decls.push(quote!(#[doc = #o_doc] fn #name_out #clt(&self, #(#rest_params,)* out: &mut #p::Container) -> #p::Result<()> #wc;));
        impls.push(quote!(#[inline] fn #name_out #clt(&self, #(#rest_params,)* out: &mut #p::Container) -> #p::Result<()> #wc { nested::#name_out(self, #(#rest_names,)* out) }));
    }
    (decls, impls)
}
