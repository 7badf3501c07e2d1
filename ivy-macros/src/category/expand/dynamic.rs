//! `__dyn_tan`: the op's dynamic entry (a call by name with [`Value`] arguments), and the
//! op's parameter metadata (`ParamMeta`), which tells generic tools what to pass.
//!
//! Each positional argument is read with `FromValue` as the type the public form takes
//! (`&Array`, `Operand`, `Scalar`, `Data`, a slice as a `Vec`, `impl Into<X>` as `X`,
//! `impl IntoIterator<Item = X>` as `Vec<X>`); keyword arguments set the fields of the op's
//! `Kw` struct by name. A parameter of a type no value can give (a closure, a generic type)
//! makes the entry an `Error::NotCallable` naming it.

use super::{meta, CatCx};
use crate::category::model::{camel, result_inner, Class, Kind, Op, Param};
use proc_macro2::TokenStream;
use quote::{format_ident, quote, ToTokens};
use syn::ext::IdentExt;
use syn::visit_mut::VisitMut;
use syn::{GenericArgument, PathArguments, Type, TypeParamBound};

/// The `ParamMeta` list of an op.
pub(super) fn params_meta(p: &TokenStream, op: &Op) -> TokenStream {
    let generics = type_generics(op);
    let rows = op.params.iter().map(|prm| {
        let name = prm.ident.unraw().to_string();
        let kind = match prm.class {
            Class::Array => quote!(Array),
            Class::Index => quote!(Index),
            Class::ArrayMut => quote!(ArrayMut),
            Class::Operand => quote!(Operand),
            Class::Arrays => quote!(Arrays),
            Class::OptArray => quote!(OptionalArray),
            Class::Container => quote!(Container),
            Class::Scalar => quote!(Scalar),
            Class::Data => quote!(Data),
            Class::InferDtype => quote!(Dtype),
            Class::InferDevice => quote!(Device),
            Class::Shape
            | Class::DtypeLike
            | Class::Bound
            | Class::Axes
            | Class::Axis { .. }
            | Class::Other => quote!(Other),
        };
        let keyword = prm.kw.is_some();
        let ty = compact_type(&prm.ty);
        let arg = match prm.class {
            Class::Operand => quote!(#p::ArgType::Operand),
            Class::Scalar => quote!(#p::ArgType::Scalar),
            Class::Data => quote!(#p::ArgType::Data),
            _ => arg_type(p, &prm.ty, &generics),
        };
        quote!(#p::ParamMeta { name: #name, kind: #p::ParamKind::#kind, keyword: #keyword, ty: #ty, arg: #arg })
    });
    quote!(&[#(#rows),*])
}

/// What an `impl Trait` parameter stands for in a call by name.
enum ImplTarget<'t> {
    /// `impl Into<X>`: an `X`.
    Into(&'t Type),
    /// `impl IntoIterator<Item = X>`: a list of `X`.
    Items(&'t Type),
    /// `impl IntoOperand<'a>` (a standalone op's operand, as a family op's `Operand`
    /// parameter is made public): an array or a scalar.
    Operand,
}

fn impl_target(it: &syn::TypeImplTrait) -> Option<ImplTarget<'_>> {
    for b in &it.bounds {
        let TypeParamBound::Trait(t) = b else {
            continue;
        };
        let Some(seg) = t.path.segments.last() else {
            continue;
        };
        let PathArguments::AngleBracketed(args) = &seg.arguments else {
            continue;
        };
        for a in &args.args {
            match (seg.ident.to_string().as_str(), a) {
                ("Into", GenericArgument::Type(x)) => return Some(ImplTarget::Into(x)),
                ("IntoOperand", GenericArgument::Lifetime(_)) => return Some(ImplTarget::Operand),
                ("IntoIterator", GenericArgument::AssocType(at)) if at.ident == "Item" => {
                    return Some(ImplTarget::Items(&at.ty))
                }
                _ => {}
            }
        }
    }
    None
}

/// The op's type parameters, by name.
fn type_generics(op: &Op) -> Vec<String> {
    op.decl
        .sig
        .generics
        .type_params()
        .map(|t| t.ident.to_string())
        .collect()
}

/// The `ArgType` tree of a declared type: references, `impl Into<X>`, `Option`, `Vec`,
/// slices and `impl IntoIterator<Item = X>` looked through; a closure or a generic type is
/// `Opaque`.
fn arg_type(p: &TokenStream, ty: &Type, generics: &[String]) -> TokenStream {
    let opaque = quote!(#p::ArgType::Opaque);
    if mentions(ty, generics) {
        return opaque;
    }
    match ty {
        Type::Reference(r) => {
            if r.mutability.is_some() {
                return match &*r.elem {
                    Type::Path(tp)
                        if tp.path.segments.last().is_some_and(|s| s.ident == "Array") =>
                    {
                        quote!(#p::ArgType::ArrayMut)
                    }
                    _ => opaque,
                };
            }
            match &*r.elem {
                Type::Slice(sl) => {
                    let e = arg_type(p, &sl.elem, generics);
                    quote!(#p::ArgType::List(&#e))
                }
                e => arg_type(p, e, generics),
            }
        }
        Type::Slice(sl) => {
            let e = arg_type(p, &sl.elem, generics);
            quote!(#p::ArgType::List(&#e))
        }
        Type::ImplTrait(it) => match impl_target(it) {
            Some(ImplTarget::Into(x)) => arg_type(p, x, generics),
            Some(ImplTarget::Operand) => quote!(#p::ArgType::Operand),
            Some(ImplTarget::Items(x)) => {
                let e = arg_type(p, x, generics);
                quote!(#p::ArgType::List(&#e))
            }
            None => opaque,
        },
        Type::Path(tp) => {
            let Some(seg) = tp.path.segments.last() else {
                return opaque;
            };
            let inner = match &seg.arguments {
                PathArguments::AngleBracketed(a) => a.args.iter().find_map(|g| match g {
                    GenericArgument::Type(t) => Some(t),
                    _ => None,
                }),
                _ => None,
            };
            let name = seg.ident.to_string();
            let leaf = |v: TokenStream| quote!(#p::ArgType::#v);
            match (name.as_str(), inner) {
                ("Option", Some(x)) => {
                    let e = arg_type(p, x, generics);
                    quote!(#p::ArgType::Optional(&#e))
                }
                ("Vec", Some(x)) => {
                    let e = arg_type(p, x, generics);
                    quote!(#p::ArgType::List(&#e))
                }
                (_, Some(_)) => opaque,
                ("Array", _) => leaf(quote!(Array)),
                ("Operand", _) => leaf(quote!(Operand)),
                ("Container", _) => leaf(quote!(Container)),
                ("Scalar", _) => leaf(quote!(Scalar)),
                ("Data", _) => leaf(quote!(Data)),
                ("Shape", _) => quote!(#p::ArgType::List(&#p::ArgType::Uint)),
                ("Dtype", _) => leaf(quote!(Dtype)),
                ("DtypeLike", _) => leaf(quote!(DtypeLike)),
                // `clip`'s bounds: none, a scalar or an array
                ("ClipBound", _) => quote!(#p::ArgType::Optional(&#p::ArgType::Operand)),
                // `isdtype`'s kinds: one kind or a list of them
                ("DtypeKinds", _) => quote!(#p::ArgType::List(&#p::ArgType::Str)),
                // `repeat`'s counts: an int or a list of ints (an array by name too)
                ("Repeats", _) => quote!(#p::ArgType::List(&#p::ArgType::Int)),
                // `tensordot`'s axes: an int, or two lists of axes (read as an int here)
                ("TensordotAxes", _) => leaf(quote!(Int)),
                // `matrix_norm`'s ord: "fro", "nuc" or a number (read as a number here)
                ("MatrixNormOrd", _) => leaf(quote!(Float)),
                ("Device", _) => leaf(quote!(Device)),
                ("Backend", _) => leaf(quote!(Backend)),
                ("NativeDtype", _) => leaf(quote!(NativeDtype)),
                ("str" | "String", _) => leaf(quote!(Str)),
                ("f32" | "f64", _) => leaf(quote!(Float)),
                ("i8" | "i16" | "i32" | "i64" | "isize", _) => leaf(quote!(Int)),
                ("u8" | "u16" | "u32" | "u64" | "usize", _) => leaf(quote!(Uint)),
                ("bool", _) => leaf(quote!(Bool)),
                ("Idx", _) => leaf(quote!(Index)),
                _ => opaque,
            }
        }
        _ => opaque,
    }
}

fn compact_type(ty: &Type) -> String {
    let s = ty.to_token_stream().to_string();
    let mut out = String::with_capacity(s.len());
    let chars: Vec<char> = s.chars().collect();
    for (i, c) in chars.iter().enumerate() {
        if *c == ' ' {
            let prev = if i > 0 { chars[i - 1] } else { ' ' };
            let next = chars.get(i + 1).copied().unwrap_or(' ');
            let keep = (prev.is_alphanumeric() || prev == '_' || prev == '\'' || prev == '>')
                && (next.is_alphanumeric() || next == '_' || next == '\'');
            let keep = keep || prev == ',' || prev == '=' || next == '=';
            if !keep {
                continue;
            }
        }
        out.push(*c);
    }
    out
}

/// Every lifetime of a type as `'_` (the entry has no named lifetimes).
struct Anon;
impl VisitMut for Anon {
    fn visit_lifetime_mut(&mut self, l: &mut syn::Lifetime) {
        *l = syn::Lifetime::new("'_", l.span());
    }
}

fn anon(ty: &Type) -> Type {
    let mut t = ty.clone();
    Anon.visit_type_mut(&mut t);
    t
}

/// How a parameter of type `ty` is read from a value.
enum Read {
    /// `<T as FromValue>::read(..)`, passed as is.
    Direct(Type),
    /// `<Vec<E> as FromValue>::read(..)`, passed as a slice.
    Slice(Type),
    /// Read as an owned `Array`, passed as `&mut`.
    Mut,
    /// No value gives this type.
    Not(String),
}

fn read_of(prm: &Param, generics: &[String], p: &TokenStream) -> Read {
    match prm.class {
        Class::Operand => return Read::Direct(syn::parse_quote!(#p::Operand<'_>)),
        Class::Scalar => return Read::Direct(syn::parse_quote!(#p::Scalar)),
        Class::Data => return Read::Direct(syn::parse_quote!(#p::Data)),
        Class::ArrayMut => return Read::Mut,
        _ => {}
    }
    let ty = anon(&prm.ty);
    if mentions(&ty, generics) {
        return Read::Not(format!("its argument `{}` has a generic type", prm.ident));
    }
    // `Option<&dyn Fn(..)>`, `&dyn Trait`, `fn(..)`: no value gives a closure
    if !matches!(ty, Type::ImplTrait(_)) && has_closure(ty.to_token_stream()) {
        return Read::Not(format!(
            "its argument `{}` is a Rust closure or trait object",
            prm.ident
        ));
    }
    match &ty {
        Type::Reference(r) if r.mutability.is_none() => {
            if let Type::Slice(s) = &*r.elem {
                return Read::Slice((*s.elem).clone());
            }
            Read::Direct(ty.clone())
        }
        Type::ImplTrait(it) => match impl_target(it) {
            Some(ImplTarget::Into(x)) => Read::Direct(x.clone()),
            Some(ImplTarget::Operand) => Read::Direct(syn::parse_quote!(#p::Operand<'_>)),
            Some(ImplTarget::Items(x)) => {
                // `impl IntoIterator<Item = impl Into<X>>`: a list of `X`
                let x = match x {
                    Type::ImplTrait(inner) => match impl_target(inner) {
                        Some(ImplTarget::Into(y)) => y,
                        _ => x,
                    },
                    _ => x,
                };
                Read::Direct(syn::parse_quote!(::std::vec::Vec<#x>))
            }
            None => {
                let bound = it.bounds.iter().find_map(|b| match b {
                    TypeParamBound::Trait(t) => t.path.segments.last().map(|s| s.ident.to_string()),
                    _ => None,
                });
                Read::Not(match bound {
                    Some(t) if !t.starts_with("Fn") => format!(
                        "its argument `{}` is an `impl {t}` (a generic type)",
                        prm.ident
                    ),
                    _ => format!(
                        "its argument `{}` is a Rust closure or trait object",
                        prm.ident
                    ),
                })
            }
        },
        _ => Read::Direct(ty),
    }
}

/// Whether a type names a trait object, an `impl Trait` or a function pointer anywhere.
fn has_closure(tokens: TokenStream) -> bool {
    tokens.into_iter().any(|t| match t {
        proc_macro2::TokenTree::Ident(i) => i == "dyn" || i == "impl" || i == "fn",
        proc_macro2::TokenTree::Group(g) => has_closure(g.stream()),
        _ => false,
    })
}

fn mentions(ty: &Type, generics: &[String]) -> bool {
    if generics.is_empty() {
        return false;
    }
    let s = ty.to_token_stream().to_string();
    s.split(|c: char| !c.is_alphanumeric() && c != '_')
        .any(|w| generics.iter().any(|g| g == w))
}

/// The reads of the positional arguments and the expressions passing them on; in the
/// nested form (`nested`), array parameters are read as `NestArg`s (an array, a scalar or
/// a Container). `Err` when no value gives some parameter.
#[allow(clippy::type_complexity)]
fn positional_reads(
    op: &Op,
    generics: &[String],
    p: &TokenStream,
    nested: bool,
) -> Result<(Vec<TokenStream>, Vec<TokenStream>, Option<syn::Ident>), String> {
    let name_s = op.decl.sig.ident.unraw().to_string();
    let (mut reads, mut args, mut mut_holder) = (Vec::new(), Vec::new(), None);
    let nest_arg: Type = syn::parse_quote!(#p::NestArg<'_>);
    for (i, prm) in op.params.iter().filter(|p| p.kw.is_none()).enumerate() {
        let id = &prm.ident;
        let id_s = id.unraw().to_string();
        let read = match prm.class {
            Class::Array | Class::Index | Class::Operand if nested => {
                Read::Direct(nest_arg.clone())
            }
            Class::Arrays if nested => Read::Slice(nest_arg.clone()),
            Class::OptArray if nested => {
                Read::Direct(syn::parse_quote!(::core::option::Option<#p::NestArg<'_>>))
            }
            _ => read_of(prm, generics, p),
        };
        match read {
            Read::Direct(t) => {
                reads.push(quote!(let #id: #t = <#t as #p::FromValue<'_>>::read(#name_s, #id_s, &__args[#i])?;));
                args.push(quote!(#id));
            }
            Read::Slice(e) => {
                reads.push(quote!(let #id: ::std::vec::Vec<#e> = <::std::vec::Vec<#e> as #p::FromValue<'_>>::read(#name_s, #id_s, &__args[#i])?;));
                args.push(quote!(&#id[..]));
            }
            Read::Mut => {
                reads.push(quote!(let mut #id: #p::Array = <#p::Array as #p::FromValue<'_>>::read(#name_s, #id_s, &__args[#i])?;));
                args.push(quote!(&mut #id));
                mut_holder = Some(id.clone());
            }
            Read::Not(reason) => return Err(reason),
        }
    }
    Ok((reads, args, mut_holder))
}

/// The op's dynamic entry function and its row of the category's `CALLS` table.
///
/// The entry takes `out` apart from the keyword arguments (`DynEntry::call` reads it from
/// them): an op with an `out` form writes into it through `op_into`; any other op rejects
/// it. A nestable op given a Container anywhere among its arguments (a sequence's items
/// included) runs its nested form instead (`nested::op`), returning Containers.
pub(super) fn entry(cat: &CatCx, op: &Op) -> (TokenStream, TokenStream) {
    let p = &cat.p;
    let name = &op.decl.sig.ident;
    let name_s = name.unraw().to_string();
    let meta_ident = meta::meta_ident(&name_s);
    let fn_ident = format_ident!("__dyn_{}", name_s);
    let generics = type_generics(op);
    let kws: Vec<&Param> = op.params.iter().filter(|p| p.kw.is_some()).collect();
    // the keyword defaults as values (what a custom array's handler sees for the keywords a
    // call by name does not give, as a typed call passes them)
    let has_defaults = !kws.is_empty() && op.kind != Kind::Standalone;
    let defaults_ident = format_ident!("__kwdefaults_{}", name_s);
    let row = |callable: bool| {
        let defaults = if callable && has_defaults {
            quote!(#defaults_ident)
        } else {
            quote!(#p::no_kw_defaults)
        };
        quote!(#p::DynEntry { meta: &#meta_ident, run: #fn_ident, kw_defaults: #defaults, callable: #callable })
    };

    let reads = if op.global_state {
        Err("it changes process-wide state (`#[global_state]`): a call by name from concurrent tests or a one-shot CLI process would change it for every thread, or for nothing".to_string())
    } else {
        positional_reads(op, &generics, p, false)
    };
    let (reads, args, mut_holder) = match reads {
        Ok(r) => r,
        Err(reason) => {
            let f = quote! {
                #[doc(hidden)]
                fn #fn_ident(_: &[#p::Value], _: &[(&str, #p::Value)], _: ::core::option::Option<&mut #p::Array>) -> #p::Result<#p::Value> {
                    ::core::result::Result::Err(#p::Error::NotCallable { op: #name_s, reason: #reason })
                }
            };
            return (f, row(false));
        }
    };
    let kw_ident = format_ident!("{}Kw", camel(&name_s));
    let (kw_setup, kw_arg) = if kws.is_empty() || op.kind == Kind::Standalone {
        let none = quote! {
            if let ::core::option::Option::Some((__n, _)) = __kw.first() {
                return ::core::result::Result::Err(#p::unknown_keyword(&#meta_ident, __n));
            }
        };
        (none, quote!())
    } else {
        let arms = kws.iter().map(|k| {
            let id = &k.ident;
            let id_s = id.unraw().to_string();
            let t = anon(&k.ty);
            quote!(#id_s => __k.#id = <#t as #p::FromValue<'_>>::read(#name_s, #id_s, __v)?,)
        });
        let setup = quote! {
            let mut __k = <#kw_ident as ::core::default::Default>::default();
            for (__n, __v) in __kw {
                match *__n {
                    #(#arms)*
                    __other => return ::core::result::Result::Err(#p::unknown_keyword(&#meta_ident, __other)),
                }
            }
        };
        (setup, quote!(__k))
    };
    // the plain (or `_with`) form, and its nested twin
    let target = if op.kind != Kind::Standalone && !kws.is_empty() {
        format_ident!("{}_with", name_s)
    } else {
        name.clone()
    };
    let join = |args: &[TokenStream], extra: TokenStream| -> TokenStream {
        match (kw_arg.is_empty(), extra.is_empty()) {
            (true, true) => quote!(#(#args),*),
            (true, false) => quote!(#(#args,)* #extra),
            (false, true) => quote!(#(#args,)* #kw_arg),
            (false, false) => quote!(#(#args,)* #kw_arg, #extra),
        }
    };
    let fallible = op.kind != Kind::Standalone || result_inner(&op.decl.sig.output).is_some();
    let result = if op.has_out {
        // `op_into` writes into `out` when given (returning `None`)
        let into = format_ident!("{}_into", name_s);
        let call_args = join(&args, quote!(__out));
        quote! {
            ::core::result::Result::Ok(match #into(#call_args)? {
                ::core::option::Option::Some(__r) => #p::Value::Array(__r),
                ::core::option::Option::None => #p::Value::None,
            })
        }
    } else {
        let call_args = join(&args, quote!());
        let call = if fallible {
            quote!(#target(#call_args)?)
        } else {
            quote!(#target(#call_args))
        };
        let result = match (&mut_holder, is_unit(op)) {
            (Some(h), true) => quote! { #call; ::core::result::Result::Ok(#p::Value::Array(#h)) },
            _ => quote!(::core::result::Result::Ok(#p::IntoValue::into_value(#call))),
        };
        quote! {
            if __out.is_some() {
                return ::core::result::Result::Err(#p::unknown_keyword(&#meta_ident, "out"));
            }
            #result
        }
    };
    // nestable: a Container among the arguments runs the nested form
    let nested = if op.nestable {
        match positional_reads(op, &generics, p, true) {
            Ok((n_reads, n_args, _)) => {
                let call_args = join(&n_args, quote!());
                quote! {
                    if #p::holds_container(__args) {
                        if __out.is_some() {
                            return ::core::result::Result::Err(#p::container_out(#name_s));
                        }
                        #(#n_reads)*
                        #kw_setup
                        return ::core::result::Result::Ok(#p::IntoValue::into_value(nested::#target(#call_args)?));
                    }
                }
            }
            Err(_) => quote!(),
        }
    } else {
        quote!()
    };
    let f = quote! {
        #[doc(hidden)]
        #[allow(unused_mut, clippy::needless_borrow)]
        fn #fn_ident(__args: &[#p::Value], __kw: &[(&str, #p::Value)], __out: ::core::option::Option<&mut #p::Array>) -> #p::Result<#p::Value> {
            #p::check_arity(&#meta_ident, __args)?;
            #nested
            #(#reads)*
            #kw_setup
            #result
        }
    };
    let defaults_fn = if has_defaults {
        let ids = kws.iter().map(|k| &k.ident);
        let names = kws.iter().map(|k| k.ident.unraw().to_string());
        quote! {
            #[doc(hidden)]
            fn #defaults_ident() -> ::std::vec::Vec<(&'static str, #p::Value)> {
                let __k = <#kw_ident as ::core::default::Default>::default();
                ::std::vec![#((#names, #p::Value::from(__k.#ids))),*]
            }
        }
    } else {
        quote!()
    };
    (quote!(#f #defaults_fn), row(true))
}

fn is_unit(op: &Op) -> bool {
    matches!(&op.ret, Type::Tuple(t) if t.elems.is_empty())
}

/// The custom-array path of an op's core entry (see `ivy::custom`): when an array argument
/// is a custom array type (`IntoArray::is_custom`, a constant `false` for every other
/// argument type, so the branch folds away), every argument becomes a `Value` and the call
/// goes to the custom types' handlers. Nothing for an op without array arguments, with an
/// argument updated in place, or with one no value gives.
pub(super) fn custom_branch(cx: &super::OpCx) -> TokenStream {
    let (p, op, name_s) = (cx.p, cx.op, &cx.name_s);
    let generics = type_generics(op);
    let mut checks = Vec::new();
    for prm in &op.params {
        let id = &prm.ident;
        match prm.class {
            Class::Array | Class::Index => checks.push(quote!(#p::IntoArray::is_custom(&#id))),
            Class::Operand => checks.push(quote!(#p::IntoOperand::is_custom(&#id))),
            Class::ArrayMut => return quote!(),
            _ => {}
        }
        if matches!(read_of(prm, &generics, p), Read::Not(_)) {
            return quote!();
        }
    }
    if checks.is_empty() || op.kind == Kind::Standalone {
        return quote!();
    }
    let value_of = |prm: &Param, e: TokenStream| -> TokenStream {
        match prm.class {
            Class::Array | Class::Index => quote!(#p::IntoArray::into_value(#e, #name_s)?),
            Class::Operand => quote!(#p::IntoOperand::into_value(#e, #name_s)?),
            Class::Scalar => {
                quote!(#p::Value::Scalar(::core::convert::Into::<#p::Scalar>::into(#e)))
            }
            Class::Data => quote!(#p::Value::from(::core::convert::Into::<#p::Data>::into(#e))),
            Class::Shape => {
                quote!(#p::Value::from(::core::convert::Into::<#p::Shape>::into(#e)))
            }
            Class::DtypeLike => {
                quote!(#p::Value::from(::core::convert::Into::<#p::DtypeLike>::into(#e)))
            }
            Class::Bound => {
                quote!(#p::Value::from(::core::convert::Into::<#p::ClipBound>::into(#e)))
            }
            Class::Arrays => quote!(#p::Value::from(
                #p::IntoArrays::into_arrays(#e, #name_s)?.refs(&mut ::std::vec::Vec::new())
            )),
            _ => match &prm.ty {
                Type::ImplTrait(it) => match impl_target(it) {
                    Some(ImplTarget::Into(x)) => {
                        quote!(#p::Value::from(::core::convert::Into::<#x>::into(#e)))
                    }
                    Some(ImplTarget::Operand) => quote!(#p::IntoOperand::into_value(#e, #name_s)?),
                    _ => quote!(#p::Value::List(
                        ::core::iter::IntoIterator::into_iter(#e).map(#p::Value::from).collect()
                    )),
                },
                Type::Reference(r) if matches!(&*r.elem, Type::Slice(_)) => quote!(
                    #p::Value::List(#e.iter().map(|__x| #p::Value::from(::core::clone::Clone::clone(__x))).collect())
                ),
                _ => quote!(#p::Value::from(#e)),
            },
        }
    };
    let args: Vec<TokenStream> = op
        .params
        .iter()
        .filter(|prm| prm.kw.is_none())
        .map(|prm| {
            let id = &prm.ident;
            value_of(prm, quote!(#id))
        })
        .collect();
    let kwargs: Vec<TokenStream> = op
        .params
        .iter()
        .filter(|prm| prm.kw.is_some())
        .map(|prm| {
            let id = &prm.ident;
            let (id_s, v) = (id.unraw().to_string(), value_of(prm, quote!(kw.#id)));
            quote!((#id_s, #v))
        })
        .collect();
    let meta_ident = &cx.meta_ident;
    let run = if op.has_out {
        quote!(#p::custom_typed_out(&#meta_ident, ::std::vec![#(#args),*], ::std::vec![#(#kwargs),*], out))
    } else {
        let ret = &cx.ret;
        quote!(#p::custom_typed::<#ret>(&#meta_ident, ::std::vec![#(#args),*], ::std::vec![#(#kwargs),*]))
    };
    quote! {
        if #(#checks)||* {
            return #run;
        }
    }
}
