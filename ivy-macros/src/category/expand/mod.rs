//! Generation: per op, one function per generated artefact (one file each), fed the op's
//! derived names and lists ([`OpCx`]); [`generate`] assembles them into the category's items.

mod backend_trait;
mod body;
mod dispatch;
mod dynamic;
mod facts;
mod kw;
mod meta;
mod methods;
mod nested;
mod public;
mod registry;

use super::model::{camel, lifetime_of, Class, Kind, Op, Param};
use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, ToTokens};
use syn::ext::IdentExt;
use syn::{Attribute, Ident, Type, Visibility};

/// What every op of the category shares.
pub(super) struct CatCx<'a> {
    /// The category's name (`elementwise`).
    pub(super) cat: &'a str,
    /// The path of ivy's private support module.
    pub(super) p: TokenStream,
    /// `ElementwiseBackend`
    pub(super) trait_ident: Ident,
    /// `#[category(support_docs = "dir")]`: the folder of per-op support pages.
    pub(super) support_docs: Option<&'a str>,
}

/// The names and parameter lists derived from one (non-standalone) op, computed once and
/// read by every artefact.
pub(super) struct OpCx<'a> {
    pub(super) cat: &'a CatCx<'a>,
    pub(super) op: &'a Op,
    /// The private support path (`cat.p`).
    pub(super) p: &'a TokenStream,
    pub(super) name: &'a Ident,
    pub(super) name_s: String,
    pub(super) span: Span,
    /// The declaration's doc attributes, then the generated facts ([`facts::op_facts`]).
    pub(super) docs: Vec<TokenStream>,
    pub(super) other_attrs: Vec<&'a Attribute>,
    pub(super) vis: &'a Visibility,
    /// `T` of the op's `Result<T>`.
    pub(super) ret: &'a Type,
    /// `TAN`: the backend trait's support constant.
    pub(super) upper: Ident,
    /// `__META_TAN`
    pub(super) meta_ident: Ident,
    /// `TanKw`
    pub(super) kw_ident: Ident,
    pub(super) name_out: Ident,
    pub(super) name_with: Ident,
    pub(super) name_with_out: Ident,
    pub(super) name_into: Ident,
    /// `__tan_body`: the compositional body as a private function.
    pub(super) body_ident: Ident,
    /// `__tan_impl`: the per-backend step.
    pub(super) impl_ident: Ident,
    /// The entry taking every argument: `tan_into` with `out`, else `tan_with` with keyword
    /// arguments, else `tan`.
    pub(super) core_ident: Ident,
    pub(super) positional: Vec<&'a Param>,
    pub(super) kws: Vec<&'a Param>,
    pub(super) has_kw: bool,
    /// `x: impl Into<Operand<'__x>>, …` of the public forms.
    pub(super) pos_params: Vec<TokenStream>,
    pub(super) pos_names: Vec<&'a Ident>,
    /// Generics of the public forms (operand lifetimes).
    pub(super) lt: TokenStream,
    /// Generics of the nested forms (array and operand lifetimes).
    pub(super) nlt: TokenStream,
    /// The op's own generic parameters, for the body function (`<T: Bound>` or nothing).
    pub(super) body_gen: TokenStream,
    /// The op's where clause (or nothing), after every form's return type.
    pub(super) wc: TokenStream,
    /// `kw: TanKw,` or nothing.
    pub(super) kw_param: TokenStream,
    /// `kw,` or nothing.
    pub(super) kw_arg: TokenStream,
    /// `<TanKw as Default>::default(),` or nothing.
    pub(super) kw_default: TokenStream,
    /// Every parameter, forwarded to the next layer.
    pub(super) all_names: Vec<TokenStream>,
    /// Array inputs (`&Array` and `Operand`): promoted, dtype-checked, inferred from.
    pub(super) array_like: Vec<&'a Param>,
    /// `#[index]` arrays: decide the backend and device only.
    pub(super) indices: Vec<&'a Param>,
    /// Sequence inputs (`&[&Array]`).
    pub(super) seqs: Vec<&'a Param>,
    /// Inputs holding zero or more arrays known at run time (`x.iter()` gives them):
    /// sequences, optional arrays, and `Data` (`asarray`'s values, or an array), so an
    /// array given as `Data` decides the backend and the device like an `&Array` does.
    pub(super) many: Vec<&'a Param>,
    /// `out: Option<&mut Array>` or nothing.
    pub(super) out_param: TokenStream,
    /// What the body, the per-backend step and the core entry return: `Result<Option<Array>>`
    /// with `out`, else `Result<T>`.
    pub(super) into_ret: TokenStream,
    /// The backends of the array arguments (and of `out`), to decide where the op runs.
    pub(super) backends_expr: TokenStream,
}

impl<'a> OpCx<'a> {
    fn new(cat: &'a CatCx<'a>, op: &'a Op) -> Self {
        let p = &cat.p;
        let name = &op.decl.sig.ident;
        // a raw identifier (`r#where`) names the op without its prefix
        let name_s = name.unraw().to_string();
        let span = name.span();
        let mut docs: Vec<TokenStream> = op
            .decl
            .attrs
            .iter()
            .filter(|a| a.path().is_ident("doc"))
            .map(|a| a.to_token_stream())
            .collect();
        let other_attrs: Vec<_> = op
            .decl
            .attrs
            .iter()
            .filter(|a| !a.path().is_ident("doc"))
            .collect();
        let upper = format_ident!("{}", name_s.to_uppercase(), span = span);
        let meta_ident = meta::meta_ident(&name_s);
        let positional: Vec<&Param> = op.params.iter().filter(|p| p.kw.is_none()).collect();
        let kws: Vec<&Param> = op.params.iter().filter(|p| p.kw.is_some()).collect();
        let kw_ident = format_ident!("{}Kw", camel(&name_s), span = span);
        let has_kw = !kws.is_empty();
        let pos_params: Vec<TokenStream> = positional
            .iter()
            .map(|prm| {
                let id = &prm.ident;
                let ty = prm.pub_ty(p);
                quote!(#id: #ty)
            })
            .collect();
        let pos_names: Vec<&Ident> = positional.iter().map(|p| &p.ident).collect();
        // the op's own generic parameters follow the operand lifetimes in every form
        let decl = &op.decl.sig.generics.params;
        let lt = generics_of(positional.iter().copied(), ARG_CLASSES, decl);
        let nlt = generics_of(
            positional.iter().copied(),
            &[
                Class::Array,
                Class::Index,
                Class::Operand,
                Class::Arrays,
                Class::OptArray,
            ],
            decl,
        );
        let body_gen = if decl.is_empty() {
            quote!()
        } else {
            quote!(<#decl>)
        };
        let wc = op.decl.sig.generics.where_clause.to_token_stream();
        let kw_param = if has_kw {
            quote!(kw: #kw_ident,)
        } else {
            quote!()
        };
        let kw_arg = if has_kw { quote!(kw,) } else { quote!() };
        let kw_default = if has_kw {
            quote!(<#kw_ident as ::core::default::Default>::default(),)
        } else {
            quote!()
        };
        let all_names: Vec<TokenStream> = op.params.iter().map(Param::forward).collect();
        let name_out = format_ident!("{}_out", name_s, span = span);
        let name_with = format_ident!("{}_with", name_s, span = span);
        let name_with_out = format_ident!("{}_with_out", name_s, span = span);
        let name_into = format_ident!("{}_into", name_s, span = span);
        let body_ident = format_ident!("__{}_body", name_s);
        let impl_ident = format_ident!("__{}_impl", name_s);
        let core_ident = if op.has_out {
            name_into.clone()
        } else if has_kw {
            name_with.clone()
        } else {
            name.clone()
        };
        let array_like: Vec<&Param> = op
            .params
            .iter()
            .filter(|p| matches!(p.class, Class::Array | Class::Operand))
            .collect();
        let indices: Vec<&Param> = op
            .params
            .iter()
            .filter(|p| p.class == Class::Index)
            .collect();
        let seqs: Vec<&Param> = op
            .params
            .iter()
            .filter(|p| p.class == Class::Arrays)
            .collect();
        let many: Vec<&Param> = op
            .params
            .iter()
            .filter(|p| p.class.is_array_many() || p.class == Class::Data)
            .collect();
        let ret = &op.ret;
        let (out_param, into_ret) = if op.has_out {
            (
                quote!(out: ::core::option::Option<&mut #p::Array>),
                quote!(#p::Result<::core::option::Option<#p::Array>>),
            )
        } else {
            (quote!(), quote!(#p::Result<#ret>))
        };
        let backends_expr = backends_expr(p, op, &many);
        docs.extend(facts::op_facts(cat, op, &name_s, &kw_ident, &kws));
        OpCx {
            cat,
            op,
            p,
            name,
            name_s,
            span,
            docs,
            other_attrs,
            vis: &op.decl.vis,
            ret,
            upper,
            meta_ident,
            kw_ident,
            name_out,
            name_with,
            name_with_out,
            name_into,
            body_ident,
            impl_ident,
            core_ident,
            positional,
            kws,
            has_kw,
            pos_params,
            pos_names,
            lt,
            nlt,
            body_gen,
            wc,
            kw_param,
            kw_arg,
            kw_default,
            all_names,
            array_like,
            indices,
            seqs,
            many,
            out_param,
            into_ret,
            backends_expr,
        }
    }

    /// The first positional parameter when it is an array: the receiver of the method forms.
    pub(super) fn receiver(&self) -> Option<&'a Param> {
        self.positional
            .first()
            .copied()
            .filter(|f| f.class.is_array_like())
    }
}

/// `&[Some(x.backend()), y.backend(), out.as_deref().map(Array::backend)]`
fn backends_expr(p: &TokenStream, op: &Op, many: &[&Param]) -> TokenStream {
    let items = op
        .params
        .iter()
        .filter(|p| {
            p.class.is_array_like() || matches!(p.class, Class::ArrayMut | Class::DtypeLike)
        })
        .map(|prm| {
            let id = &prm.ident;
            match prm.class {
                Class::Array | Class::Index | Class::ArrayMut => {
                    quote!(::core::option::Option::Some(#id.backend()))
                }
                // converted in the core entry (`__arg_x`): an array's backend, or none
                Class::DtypeLike => {
                    let store = format_ident!("__arg_{}", id);
                    quote!(#store.backend())
                }
                _ => quote!(#id.backend()),
            }
        });
    let out_b = if op.has_out {
        quote!(out.as_deref().map(#p::Array::backend),)
    } else {
        quote!()
    };
    if many.is_empty() {
        return quote!(&[#(#items,)* #out_b]);
    }
    let ids = many.iter().map(|prm| &prm.ident);
    quote!(&{
        let mut __v = ::std::vec![#(#items,)* #out_b];
        #(__v.extend(#ids.iter().map(|__a| ::core::option::Option::Some(__a.backend())));)*
        __v
    })
}

/// `<'__x1, '__x2>` for the parameters of the given classes (empty if none).
/// The classes whose public type is `impl Trait<'l>` (a lifetime per parameter).
const ARG_CLASSES: &[Class] = &[Class::Operand, Class::Array, Class::Index, Class::Arrays];

/// Then the op's own generic parameters (`decl`), lifetimes first as Rust requires.
fn generics_of<'a>(
    params: impl Iterator<Item = &'a Param>,
    classes: &[Class],
    decl: &syn::punctuated::Punctuated<syn::GenericParam, syn::Token![,]>,
) -> TokenStream {
    let lts: Vec<syn::Lifetime> = params
        .filter(|p| classes.contains(&p.class))
        .map(|p| lifetime_of(&p.ident))
        .collect();
    let (decl_lts, decl_rest): (Vec<_>, Vec<_>) = decl
        .iter()
        .partition(|g| matches!(g, syn::GenericParam::Lifetime(_)));
    if lts.is_empty() && decl.is_empty() {
        quote!()
    } else {
        quote!(<#(#decl_lts,)* #(#lts,)* #(#decl_rest),*>)
    }
}

/// The category's items: the backend trait, the functions, the Array and Container method
/// traits, the nested forms and the op registry.
pub(super) fn generate(cat: &str, ops: &[Op], support_docs: Option<&str>) -> TokenStream {
    let camel_cat = camel(cat);
    let cat_cx = CatCx {
        cat,
        p: quote!(::ivy::__private),
        trait_ident: format_ident!("{}Backend", camel_cat),
        support_docs,
    };
    let array_trait = format_ident!("Array{}", camel_cat);
    let container_trait = format_ident!("Container{}", camel_cat);

    let mut trait_items = Vec::new();
    let mut fns = Vec::new();
    let mut nested_fns = Vec::new();
    let (mut array_decls, mut array_impls) = (Vec::new(), Vec::new());
    let (mut container_decls, mut container_impls) = (Vec::new(), Vec::new());
    let mut registry = Vec::new();
    let mut calls = Vec::new();
    let mut kw_idents = Vec::new();

    for op in ops {
        fns.push(meta::meta_const(&cat_cx, op));
        let (dyn_fn, dyn_row) = dynamic::entry(&cat_cx, op);
        fns.push(dyn_fn);
        calls.push(dyn_row);
        if op.kind == Kind::Standalone {
            fns.push(standalone_fn(op, &cat_cx.p));
            registry.push(registry::standalone_row(&cat_cx, op));
            continue;
        }
        let cx = OpCx::new(&cat_cx, op);
        fns.push(kw::kw_struct(&cx));
        if cx.has_kw {
            kw_idents.push(cx.kw_ident.clone());
        }
        fns.push(body::body_fn(&cx));
        trait_items.extend(backend_trait::trait_items(&cx));
        fns.extend(backend_trait::row_check(&cx));
        fns.push(dispatch::impl_fn(&cx));
        fns.push(dispatch::core_fn(&cx));
        fns.extend(public::public_forms(&cx));
        let (decls, impls) = methods::array_methods(&cx);
        array_decls.extend(decls);
        array_impls.extend(impls);
        if op.nestable {
            nested_fns.extend(nested::nested_fns(&cx));
            let (decls, impls) = nested::container_methods(&cx);
            container_decls.extend(decls);
            container_impls.extend(impls);
        }
        registry.push(registry::row(&cx));
    }

    let p = &cat_cx.p;
    let trait_ident = &cat_cx.trait_ident;
    let trait_doc = format!(" What a backend implements for the `{cat}` category: one method per primary op, overridable defaults for mixed ops.");
    let on_unimpl = format!("backend `{{Self}}` does not implement the `{cat}` category");
    let array_doc = format!(" `{cat}` ops as methods on `Array` (in the prelude).");
    let container_doc =
        format!(" Nestable `{cat}` ops as methods on `Container` (in the prelude).");
    let ops_ident = format_ident!("{}_OPS", cat.to_uppercase());
    let reg_doc =
        format!("Every op of the `{cat}` category, with its metadata and per-backend support.");
    let calls_ident = format_ident!("{}_CALLS", cat.to_uppercase());
    let calls_doc = format!("Every op of the `{cat}` category, callable by name with dynamic arguments ([`ivy::registry::call`]).");
    // the category's share of `ivy::prelude`: its method traits (those with a method) and
    // every keyword struct, so a new op's `OpKw` reaches the prelude with no edit there
    let prelude_doc = format!(
        " The `{cat}` category's items for a prelude: its method traits and keyword structs \
         (`ivy::prelude` glob-imports it)."
    );
    let mut prelude_items = Vec::new();
    if !array_decls.is_empty() {
        prelude_items.push(array_trait.clone());
    }
    if !container_decls.is_empty() {
        prelude_items.push(container_trait.clone());
    }
    prelude_items.extend(kw_idents);
    quote! {
        #[doc = #trait_doc]
        #[diagnostic::on_unimplemented(message = #on_unimpl, label = "add `#[ivy::backend_impl]` impl of this trait for the backend")]
        pub trait #trait_ident: #p::BackendInfo + #p::Kernels {
            #(#trait_items)*
        }

        #(#fns)*

        #[doc = #array_doc]
        pub trait #array_trait {
            #(#array_decls)*
        }
        impl #array_trait for #p::Array {
            #(#array_impls)*
        }

        #[doc = #container_doc]
        pub trait #container_trait {
            #(#container_decls)*
        }
        impl #container_trait for #p::Container {
            #(#container_impls)*
        }

        /// Nestable ops of this category over Containers.
        pub mod nested {
            #[allow(unused_imports)]
            use super::*;
            #(#nested_fns)*
        }

        #[doc = #prelude_doc]
        pub mod prelude {
            #[allow(unused_imports)]
            pub use super::{#(#prelude_items),*};
        }

        #[doc = #reg_doc]
        pub static #ops_ident: &[#p::OpEntry] = &[#(#registry),*];

        #[doc = #calls_doc]
        pub static #calls_ident: &[#p::DynEntry] = &[#(#calls),*];
    }
}

/// A `#[standalone]` function, kept as written (its helper attributes removed).
fn standalone_fn(op: &Op, p: &TokenStream) -> TokenStream {
    let decl = &op.decl;
    let attrs = &decl.attrs;
    let vis = &decl.vis;
    let sig = &decl.sig;
    let body = &decl.body;
    let facts = facts::standalone_facts();
    // a fallible op's errors name it, as every generated entry's do (`named`), unless the
    // caller's own function runs inside (its errors are its own)
    let takes_fn = sig.inputs.iter().any(|a| match a {
        syn::FnArg::Typed(t) => crate::category::model::takes_fn(&t.ty),
        syn::FnArg::Receiver(_) => false,
    });
    let body = match body {
        Some(b) if !takes_fn && crate::category::model::result_inner(&sig.output).is_some() => {
            let (name, ret) = (sig.ident.to_string(), &sig.output);
            quote!({ #p::named(#name, || #ret #b) })
        }
        _ => quote!(#body),
    };
    quote!(#(#attrs)* #(#facts)* #vis #sig #body)
}
