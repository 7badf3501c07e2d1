//! `__META_TAN`: the op's metadata (`OpMeta`), shared by its dispatchers and its registry row.

use super::CatCx;
use crate::category::callees::op_callees;
use crate::category::model::{camel, Kind, Op};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use syn::ext::IdentExt;
use syn::Ident;

/// `__META_TAN` for the op `tan`.
pub(super) fn meta_ident(name_s: &str) -> Ident {
    format_ident!("__META_{}", name_s.to_uppercase())
}

/// The `OpMeta` constant of any op (standalone ones included).
pub(super) fn meta_const(cat: &CatCx, op: &Op) -> TokenStream {
    let p = &cat.p;
    let cat_s = cat.cat;
    let name_s = op.decl.sig.ident.unraw().to_string();
    let meta_ident = meta_ident(&name_s);
    let kind_tok = match op.kind {
        Kind::Primary => quote!(#p::OpKind::Primary),
        Kind::Compositional => quote!(#p::OpKind::Compositional),
        Kind::Mixed => quote!(#p::OpKind::Mixed),
        Kind::Standalone => quote!(#p::OpKind::Standalone),
    };
    let callee_list = op_callees(op);
    let declared: Vec<TokenStream> = op
        .backend_unsupported
        .iter()
        .map(|(b, d)| {
            let v = format_ident!("{}", camel(b.as_str()));
            let bits = d.0;
            quote!((#p::Backend::#v, #p::DtypeSet(#bits)))
        })
        .collect();
    let (nestable, cdep, global, has_out, idt, idv) = (
        op.nestable,
        op.container_dependent,
        op.global_state,
        op.has_out,
        op.infer_dtype,
        op.infer_device,
    );
    let params = super::dynamic::params_meta(p, op);
    let family = match op.family {
        Some(f) => {
            let f = f.name();
            quote!(::core::option::Option::Some(#f))
        }
        None => quote!(::core::option::Option::None),
    };
    // the doc comment as written: one line per `///` line, the leading space removed
    let doc: String = op
        .decl
        .attrs
        .iter()
        .filter_map(|a| match &a.meta {
            syn::Meta::NameValue(nv) if nv.path.is_ident("doc") => match &nv.value {
                syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(s),
                    ..
                }) => Some(s.value()),
                _ => None,
            },
            _ => None,
        })
        .map(|l| l.strip_prefix(' ').map(str::to_string).unwrap_or(l))
        .collect::<Vec<_>>()
        .join("\n");
    quote! {
        #[doc(hidden)]
        pub const #meta_ident: #p::OpMeta = #p::OpMeta {
            name: #name_s,
            category: #cat_s,
            kind: #kind_tok,
            nestable: #nestable,
            container_dependent: #cdep,
            global_state: #global,
            has_out: #has_out,
            infer_dtype: #idt,
            infer_device: #idv,
            callees: &[#(#callee_list),*],
            backend_unsupported: &[#(#declared),*],
            params: #params,
            family: #family,
            doc: #doc,
        };
    }
}
