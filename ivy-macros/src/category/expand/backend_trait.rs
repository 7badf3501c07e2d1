//! The op's items in the category's backend trait: the `TAN` support constant (set by
//! `#[backend_impl]`), the method `tan` (required for a primary op, the body for a mixed
//! one) and `tan_out` (a fallback that writes the result into `out`).

use super::OpCx;
use crate::category::model::{camel, Kind};
use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};

/// The trait items (none for a compositional op).
pub(super) fn trait_items(cx: &OpCx) -> Vec<TokenStream> {
    let op = cx.op;
    if !matches!(op.kind, Kind::Primary | Kind::Mixed) {
        return Vec::new();
    }
    let (p, span, name, name_s, ret) = (cx.p, cx.span, cx.name, &cx.name_s, cx.ret);
    let (upper, body_ident, all_names) = (&cx.upper, &cx.body_ident, &cx.all_names);
    let mut items = Vec::new();
    let mut trait_params: Vec<TokenStream> = op
        .params
        .iter()
        .map(|prm| {
            let id = &prm.ident;
            let ty = prm.trait_ty(p);
            quote!(#id: #ty)
        })
        .collect();
    // `#[check(f -> Plan)]` (primary ops): the plan, computed once by the generated code
    let mut all_names = all_names.clone();
    if let Some(plan) = &op.plan {
        trait_params.push(quote!(plan: #plan));
        all_names.push(quote!(plan));
    }
    let all_names = &all_names;
    // A family op: every backend runs the kernel row `kernels::<Op>` through its family's
    // functions, named after it (`family::unary` / `family::unary_out`, …). The row is
    // reached through `kernel_row!`, so a missing one is reported once, by `row_check`.
    // A mixed family op runs the row on the backends whose `Kernels::MIXED_ROWS` is set,
    // its body on the others.
    let family = op.family.map(|f| {
        let k = quote::format_ident!("{}", camel(name_s), span = span);
        (f, k)
    });
    let mixed_rows = family.is_some() && op.kind == Kind::Mixed;
    let meta_ident = &cx.meta_ident;
    let info_default = if let (Some((_, k)), true) = (&family, mixed_rows) {
        quote!(#p::kernel_row!(use #k in #p::family::mixed_info::<Self, #k>(&#meta_ident)))
    } else if let Some((_, k)) = &family {
        quote!(#p::kernel_row!(use #k in #p::family::info::<Self, #k>()))
    } else if op.kind == Kind::Primary {
        quote!(#p::ImplInfo::NATIVE)
    } else {
        quote!(#p::ImplInfo::BODY)
    };
    let info_doc = format!("Support of `{name_s}` on this backend (set by `#[backend_impl]`).");
    items.push(quote! {
        #[doc = #info_doc]
        #[doc(hidden)]
        const #upper: #p::ImplInfo = #info_default;
    });
    let body_args: Vec<TokenStream> = op
        .params
        .iter()
        .map(|prm| prm.trait_to_body_arg(p))
        .collect();
    let sig_doc = format!(" The backend's `{name_s}`.");
    // the row, first, where a mixed family op runs it; into `out` only while the support
    // constant is the row's (`native_out`): a backend overriding the op alone (its own
    // constant, without `#[support_native_out]`) has `out` written from its own method
    let row_first = |run: &str, out: TokenStream| match &family {
        Some((_, k)) if mixed_rows => {
            let when = if out.is_empty() {
                quote!(<Self as #p::Kernels>::MIXED_ROWS)
            } else {
                quote!(<Self as #p::Kernels>::MIXED_ROWS && Self::#upper.native_out)
            };
            let run = quote::format_ident!("{}", run);
            quote! {
                if #when {
                    return #p::kernel_row!(use #k in #p::family::#run::<Self, #k>(#(#all_names,)* #out));
                }
            }
        }
        _ => quote!(),
    };
    if let (Some((f, k)), false) = (&family, mixed_rows) {
        let run = quote::format_ident!("{}", f.run(op.params.len()));
        items.push(quote_spanned! {span=>
            #[doc = #sig_doc]
            #[inline]
            fn #name(#(#trait_params),*) -> #p::Result<#ret> {
                #p::kernel_row!(use #k in #p::family::#run::<Self, #k>(#(#all_names),*))
            }
        });
    } else if op.invalid_family {
        // The program does not build (the family error is reported): a default keeps
        // backends written for the family from each adding a missing-method error.
        items.push(quote_spanned! {span=>
            #[doc = #sig_doc]
            #[allow(unused_variables)]
            fn #name(#(#trait_params),*) -> #p::Result<#ret> {
                ::core::unreachable!("this op failed to compile")
            }
        });
    } else if op.kind == Kind::Primary {
        items.push(quote_spanned! {span=>
            #[doc = #sig_doc]
            fn #name(#(#trait_params),*) -> #p::Result<#ret>;
        });
    } else if op.has_out {
        let row = family.as_ref().map_or(quote!(), |(f, _)| {
            row_first(f.run(op.params.len()), quote!())
        });
        items.push(quote_spanned! {span=>
            #[doc = #sig_doc]
            fn #name(#(#trait_params),*) -> #p::Result<#ret> {
                #row
                #p::expect_value(#name_s, #body_ident(#(#body_args,)* ::core::option::Option::None))
            }
        });
    } else {
        let row = family.as_ref().map_or(quote!(), |(f, _)| {
            row_first(f.run(op.params.len()), quote!())
        });
        items.push(quote_spanned! {span=>
            #[doc = #sig_doc]
            fn #name(#(#trait_params),*) -> #p::Result<#ret> {
                #row
                #body_ident(#(#body_args),*)
            }
        });
    }
    if op.has_out {
        let name_out = &cx.name_out;
        let out_doc =
            format!("The backend's `{name_s}` writing into `out` (which keeps its dtype).");
        let row = family.as_ref().map_or(quote!(), |(f, _)| {
            row_first(&format!("{}_out", f.run(op.params.len())), quote!(out))
        });
        let fallback = if op.kind == Kind::Mixed {
            quote! {
                #row
                if !Self::#upper.native {
                    return #p::finish_out(#name_s, #body_ident(#(#body_args,)* ::core::option::Option::Some(&mut *out))?, out);
                }
            }
        } else {
            quote!()
        };
        let write = match &family {
            Some((f, k)) if !mixed_rows => {
                let run_out = quote::format_ident!("{}_out", f.run(op.params.len()));
                quote!(#p::kernel_row!(use #k in #p::family::#run_out::<Self, #k>(#(#all_names,)* out)))
            }
            _ => quote!(#p::write_out(#name_s, Self::#name(#(#all_names),*)?, out)),
        };
        items.push(quote_spanned! {span=>
            #[doc = #out_doc]
            fn #name_out(#(#trait_params,)* out: &mut #p::Array) -> #p::Result<()> {
                #fallback
                #write
            }
        });
    }
    items
}

/// A family op's check that its kernel row exists (none for other ops): without the row,
/// the one error names the row to add and where.
pub(super) fn row_check(cx: &OpCx) -> Option<TokenStream> {
    let name_s = &cx.name_s;
    let family = cx.op.family?;
    // the invocation carries the op name's span: the error points at the declaration
    let p = quote_spanned!(cx.span=> ::ivy::__private);
    let k = quote::format_ident!("{}", camel(name_s), span = cx.span);
    let msg = format!(
        "`#[family({f})]` op `{name_s}` has no kernel row `{k}`: add a row `{k}: \"{name_s}\", …` to the `{f}_kernels!` block of ivy-kernel/src/rows.rs",
        f = family.name()
    );
    Some(quote_spanned! {cx.span=> #p::kernel_row!(check #k, #msg);})
}
