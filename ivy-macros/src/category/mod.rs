//! `#[category] pub mod name { … }`: read → parse → validate → expand.
//!
//! The pipeline, one module per step:
//! 1. [`expand`](fn@expand) (here) reads the module: `use`s and private helper functions pass through,
//!    every other function is an op declaration ([`model::DeclFn`]).
//! 2. [`parse`] turns each declaration and its helper attributes into an [`model::Op`]
//!    (parameters classified by [`model::Class`]); [`validate`] reports the checks that span
//!    several attributes and parameters. A declaration that cannot be read becomes a stub.
//! 3. [`expand`](mod@expand) generates, per op, one artefact per file, assembled into the
//!    category's items.
//!
//! Each op declaration becomes (for an op `tan` of category `elementwise`):
//! - a method of `trait ElementwiseBackend` (required for primary ops, provided with the
//!   compositional body for mixed ops) plus `tan_out` and a `TAN` support constant;
//! - the dispatchers `tan`, `tan_out`, `tan_into` (and `tan_with*` when the op has keyword
//!   arguments, gathered in `TanKw`);
//! - `nested::tan` for nestable ops (Containers accepted for any array argument);
//! - methods of `ArrayElementwise` / `ContainerElementwise`;
//! - a row of the category's op registry `OPS`.

mod callees;
mod expand;
mod model;
mod parse;
mod validate;

use crate::attrs::take_helpers;
use crate::ctxt::Ctxt;
use model::DeclFn;
use proc_macro2::TokenStream;
use quote::{quote, ToTokens};
use syn::{Attribute, FnArg, Item, ItemMod};

/// The category's arguments: none, or `support_docs = "dir"` — a folder (relative to the
/// crate's manifest) of generated per-op Markdown (`<op>.md`, `ivy support --matrix
/// --fragments dir`) that each op's rustdoc page includes under `cfg(doc)`.
fn category_args(cx: &mut Ctxt, attr: TokenStream) -> Option<String> {
    if attr.is_empty() {
        return None;
    }
    const USAGE: &str = "`#[category]` takes no arguments, or `support_docs = \"dir\"`: the folder (relative to the crate's manifest) of the per-op support pages that `ivy support --matrix --fragments dir` writes";
    match syn::parse2::<syn::MetaNameValue>(attr.clone()) {
        Ok(nv) if nv.path.is_ident("support_docs") => match &nv.value {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(s),
                ..
            }) if !s.value().is_empty() => Some(s.value()),
            v => {
                cx.error_spanned_by(v, USAGE);
                None
            }
        },
        _ => {
            cx.error_spanned_by(&attr, USAGE);
            None
        }
    }
}

pub fn expand(attr: TokenStream, item: TokenStream) -> TokenStream {
    let mut cx = Ctxt::default();
    let support_docs = category_args(&mut cx, attr);
    let mut module: ItemMod = match syn::parse2(item.clone()) {
        Ok(m) => m,
        Err(e) => {
            let err = syn::Error::new(
                e.span(),
                "`#[category]` goes on an inline module: `pub mod elementwise { … }`",
            )
            .to_compile_error();
            return quote!(#err #item);
        }
    };
    let Some((_, items)) = module.content.take() else {
        let err = syn::Error::new_spanned(
            &module,
            "`#[category]` needs an inline module (`mod name { … }`): file modules cannot be read by a proc macro",
        )
        .to_compile_error();
        return quote!(#err #module);
    };
    let cat = module.ident.to_string();
    let mut passthrough = Vec::new();
    let mut ops = Vec::new();
    for it in items {
        let tokens = it.to_token_stream();
        let is_fn = matches!(&it, Item::Fn(_))
            || matches!(&it, Item::Verbatim(_)) && syn::parse2::<DeclFn>(tokens.clone()).is_ok();
        if !is_fn {
            if matches!(&it, Item::Use(_)) {
                passthrough.push(quote!(#[allow(unused_imports)] #tokens));
            } else {
                passthrough.push(tokens);
            }
            continue;
        }
        let mut decl: DeclFn = match syn::parse2(tokens.clone()) {
            Ok(d) => d,
            Err(e) => {
                cx.syn_error(e);
                continue;
            }
        };
        let helpers = take_helpers(&mut decl.attrs);
        if helpers.is_empty() && decl.body.is_some() {
            // A private helper function of the category: kept as written.
            passthrough.push(tokens);
            continue;
        }
        let fallback = decl.clone();
        match parse::parse_op(&mut cx, decl, helpers) {
            Some(op) => ops.push(op),
            // The error is reported; a stub keeps the op's name so callers get no
            // second error (thiserror's fallback idea).
            None => passthrough.push(stub(fallback)),
        }
    }
    let generated = expand::generate(&cat, &ops, support_docs.as_deref());
    let errors = cx.into_compile_errors();
    let attrs = &module.attrs;
    let vis = &module.vis;
    let ident = &module.ident;
    quote! {
        #(#attrs)*
        #vis mod #ident {
            #(#passthrough)*
            #generated
            #errors
        }
    }
}

/// A declaration that could not be read, as a function that compiles: its signature without
/// `#[kw]` attributes and an unreachable body (the program does not build anyway).
fn stub(mut decl: DeclFn) -> TokenStream {
    for arg in decl.sig.inputs.iter_mut() {
        if let FnArg::Typed(pt) = arg {
            pt.attrs.retain(|a| !a.path().is_ident("kw"));
        }
    }
    let attrs: Vec<&Attribute> = decl
        .attrs
        .iter()
        .filter(|a| a.path().is_ident("doc"))
        .collect();
    let (vis, sig) = (&decl.vis, &decl.sig);
    quote! {
        #(#attrs)*
        #[allow(unused_variables, clippy::diverging_sub_expression)]
        #vis #sig { ::core::unreachable!("this op failed to compile") }
    }
}
