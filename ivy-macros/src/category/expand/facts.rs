//! The facts every op's rustdoc page states after the declaration's own doc: its Ivy kind
//! and flags, its other forms, its keyword arguments with their defaults, and (with
//! `#[category(support_docs = "dir")]`) its generated support table per backend.

use super::kw::compact;
use super::CatCx;
use crate::category::model::{kind_name, type_last_ident, Op, Param};
use proc_macro2::TokenStream;
use quote::{quote, ToTokens};
use syn::Ident;

/// The doc attributes appended to an op's public function.
pub(super) fn op_facts(
    cat: &CatCx,
    op: &Op,
    name_s: &str,
    kw_ident: &Ident,
    kws: &[&Param],
) -> Vec<TokenStream> {
    let mut kind = format!(" **Ivy kind:** {}", kind_name(op.kind));
    if op.nestable {
        kind.push_str(&format!(
            ", nestable (over Containers: [`nested::{name_s}`](fn@nested::{name_s}) and the Container method)"
        ));
    }
    if op.container_dependent {
        kind.push_str(", container-dependent (takes a Container whole; not nestable)");
    }
    if op.global_state {
        kind.push_str(", changes process-wide state (not callable by name)");
    }
    if op.infer_dtype {
        kind.push_str(", infers its dtype");
    }
    if op.infer_device {
        kind.push_str(", infers its device");
    }
    kind.push('.');
    if op.has_out {
        kind.push_str(&format!(
            " Writes into an array with [`{name_s}_out`](fn@{name_s}_out)"
        ));
        if op.nestable {
            kind.push_str(&format!(
                ", into a Container with [`nested::{name_s}_out`](fn@nested::{name_s}_out)"
            ));
        }
        kind.push('.');
    }
    let mut lines = vec![String::new(), kind];
    if !kws.is_empty() {
        let each: Vec<String> = kws
            .iter()
            .map(|k| {
                let d = match &k.kw {
                    Some(Some(e)) => compact(&e.to_token_stream().to_string()),
                    _ => type_default(&k.ty),
                };
                format!("`{}` = `{d}`", k.ident)
            })
            .collect();
        lines.push(String::new());
        lines.push(format!(
            " **Keyword arguments** ([`{kw_ident}`], with [`{name_s}_with`](fn@{name_s}_with)): {}.",
            each.join(", ")
        ));
    }
    let mut out: Vec<TokenStream> = lines.iter().map(|l| quote!(#[doc = #l])).collect();
    if let Some(dir) = cat.support_docs {
        let path = format!("/{dir}/{name_s}.md");
        out.push(quote!(#[doc = ""]));
        out.push(quote! {
            #[cfg_attr(doc, doc = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), #path)))]
        });
    }
    out
}

/// How `Default::default()` of a keyword's type reads: `false`, `None`, `0`, or the call.
pub(super) fn type_default(ty: &syn::Type) -> String {
    match type_last_ident(ty).as_deref() {
        Some("bool") => "false".into(),
        Some("Option") => "None".into(),
        Some("i8" | "i16" | "i32" | "i64" | "isize" | "u8" | "u16" | "u32" | "u64" | "usize") => {
            "0".into()
        }
        Some("f32" | "f64") => "0.0".into(),
        _ => "Default::default()".into(),
    }
}

/// The doc attributes appended to a standalone function.
pub(super) fn standalone_facts() -> Vec<TokenStream> {
    let l =
        " **Ivy kind:** standalone (plain code: no backend dispatch, so no per-backend support).";
    vec![quote!(#[doc = ""]), quote!(#[doc = #l])]
}
