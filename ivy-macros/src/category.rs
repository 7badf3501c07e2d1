//! `#[category] pub mod name { … }`: parse → validate → expand.
//!
//! Each op declaration becomes (for an op `tan` of category `elementwise`):
//! - a method of `trait ElementwiseBackend` (required for primary ops, provided with the
//!   compositional body for mixed ops) plus `tan_out` and a `TAN` support constant;
//! - the dispatchers `tan`, `tan_out`, `tan_into` (and `tan_with*` when the op has keyword
//!   arguments, gathered in `TanKw`);
//! - `nested::tan` for nestable ops (Containers accepted for any array argument);
//! - methods of `ArrayElementwise` / `ContainerElementwise`;
//! - a row of the category's op registry `OPS`.

use crate::attrs::{take_helpers, take_kw, Helper};
use crate::ctxt::Ctxt;
use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned, ToTokens};
use syn::parse::{Parse, ParseStream};
use syn::visit::Visit;
use syn::{
    Attribute, Block, Expr, FnArg, Ident, Item, ItemMod, Pat, ReturnType, Signature, Token, Type,
    Visibility,
};

/// A declaration with or without a body.
#[derive(Clone)]
struct DeclFn {
    attrs: Vec<Attribute>,
    vis: Visibility,
    sig: Signature,
    body: Option<Block>,
}

impl Parse for DeclFn {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let attrs = input.call(Attribute::parse_outer)?;
        let vis = input.parse()?;
        let sig = input.parse()?;
        let body = if input.peek(Token![;]) {
            input.parse::<Token![;]>()?;
            None
        } else {
            Some(input.parse()?)
        };
        Ok(DeclFn {
            attrs,
            vis,
            sig,
            body,
        })
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Primary,
    Compositional,
    Mixed,
    Standalone,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Class {
    /// `&Array`
    Array,
    /// `&mut Array` (updated in place; decides the backend like `&Array`).
    ArrayMut,
    /// `Operand`: an array or a scalar, promoted with the other operands.
    Operand,
    /// `&Container`
    Container,
    /// `Scalar`: a scalar that decides the dtype under `#[infer_dtype]`.
    Scalar,
    /// `Data`: nested values (asarray).
    Data,
    /// `dtype: Option<Dtype>` under `#[infer_dtype]`.
    InferDtype,
    /// `device: Option<Device>` under `#[infer_device]`.
    InferDevice,
    /// Anything else, passed through.
    Other,
}

struct Param {
    ident: Ident,
    ty: Type,
    class: Class,
    /// `Some(default)` for keyword arguments.
    kw: Option<Option<Expr>>,
}

struct Op {
    decl: DeclFn,
    kind: Kind,
    nestable: bool,
    container_dependent: bool,
    infer_dtype: bool,
    infer_device: bool,
    params: Vec<Param>,
    has_out: bool,
    /// `T` of `Result<T>`.
    ret: Type,
    /// Per-backend dtypes declared unsupported on a compositional/mixed declaration.
    backend_unsupported: Vec<(ivy_core::Backend, ivy_core::DtypeSet)>,
    /// `#[check(path)]`: the shared argument check run before any backend is called.
    check: Option<syn::Path>,
}

/// `candle = ("float16", "int"), ndarray = ("bool",)`
struct BackendSpecs(Vec<(Ident, Vec<syn::LitStr>)>);

impl Parse for BackendSpecs {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let mut v = Vec::new();
        while !input.is_empty() {
            let b: Ident = input.parse()?;
            input.parse::<Token![=]>()?;
            if input.peek(syn::LitStr) {
                let bare: syn::LitStr = input.parse()?;
                return Err(syn::Error::new(
                    bare.span(),
                    format!(
                        "expected a tuple of dtype names, found a bare string; write (\"{}\",)",
                        bare.value()
                    ),
                ));
            }
            let content;
            syn::parenthesized!(content in input);
            let names = content.parse_terminated(<syn::LitStr as Parse>::parse, Token![,])?;
            v.push((b, names.into_iter().collect()));
            if input.is_empty() {
                break;
            }
            input.parse::<Token![,]>()?;
        }
        Ok(BackendSpecs(v))
    }
}

/// Parses `#[unsupported_dtypes(..)]` / `#[supported_dtypes(..)]` into per-backend
/// unsupported sets (a supported set is stored as its complement within the backend).
fn parse_backend_specs(
    cx: &mut Ctxt,
    attr: &Attribute,
    supported: bool,
    out: &mut Vec<(ivy_core::Backend, ivy_core::DtypeSet)>,
) {
    let specs: BackendSpecs = match attr.parse_args() {
        Ok(s) => s,
        Err(e) => {
            cx.syn_error(e);
            return;
        }
    };
    for (b, names) in specs.0 {
        let Ok(backend) = b.to_string().parse::<ivy_core::Backend>() else {
            cx.error_spanned_by(
                &b,
                format!("unknown backend `{b}`; valid backends are: ndarray, candle"),
            );
            continue;
        };
        let mut set = ivy_core::DtypeSet::EMPTY;
        for n in &names {
            match ivy_core::DtypeSet::dtype_or_class(&n.value()) {
                Some(d) => set = set.union(d),
                None => cx.error_spanned_by(
                    n,
                    format!(
                        "unknown dtype or class `{}`; valid dtypes: {}; classes: {}",
                        n.value(),
                        ivy_core::valid_dtype_names(),
                        ivy_core::DtypeSet::CLASS_NAMES.join(", ")
                    ),
                ),
            }
        }
        let unsupported = if supported {
            backend.valid_dtypes().difference(set)
        } else {
            set.intersection(backend.valid_dtypes())
        };
        out.push((backend, unsupported));
    }
}

fn type_last_ident(ty: &Type) -> Option<String> {
    match ty {
        Type::Path(p) => p.path.segments.last().map(|s| s.ident.to_string()),
        Type::Reference(r) => type_last_ident(&r.elem),
        _ => None,
    }
}

fn is_ref(ty: &Type, mutable: bool) -> bool {
    matches!(ty, Type::Reference(r) if r.mutability.is_some() == mutable)
}

/// `Option<X>` → `X`.
fn option_inner(ty: &Type) -> Option<&Type> {
    let Type::Path(p) = ty else { return None };
    let seg = p.path.segments.last()?;
    if seg.ident != "Option" {
        return None;
    }
    let syn::PathArguments::AngleBracketed(args) = &seg.arguments else {
        return None;
    };
    match args.args.first()? {
        syn::GenericArgument::Type(t) => Some(t),
        _ => None,
    }
}

fn result_inner(ret: &ReturnType) -> Option<Type> {
    let ReturnType::Type(_, ty) = ret else {
        return None;
    };
    let Type::Path(p) = &**ty else { return None };
    let seg = p.path.segments.last()?;
    if seg.ident != "Result" {
        return None;
    }
    let syn::PathArguments::AngleBracketed(args) = &seg.arguments else {
        return None;
    };
    match args.args.first()? {
        syn::GenericArgument::Type(t) => Some(t.clone()),
        _ => None,
    }
}

fn camel(s: &str) -> String {
    s.split('_')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let mut c = p.chars();
            c.next()
                .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                .unwrap_or_default()
        })
        .collect()
}

/// Parses one op declaration; every problem goes to `cx`.
fn parse_op(cx: &mut Ctxt, mut decl: DeclFn, helpers: Vec<(Helper, Attribute)>) -> Option<Op> {
    let name = decl.sig.ident.to_string();
    let mut kind: Option<(Kind, &Attribute)> = None;
    let (mut nestable, mut container_dependent, mut infer_dtype, mut infer_device) =
        (None, None, None, None);
    let mut backend_spec_attrs: Vec<(Helper, Attribute)> = Vec::new();
    let mut check: Option<(syn::Path, &Attribute)> = None;
    for (h, attr) in &helpers {
        let slot = match h {
            Helper::Check => {
                match attr.parse_args::<syn::Path>() {
                    Ok(_) if check.is_some() => cx.error_spanned_by(
                        attr,
                        "`#[check]` may only be given once; make one function run every check",
                    ),
                    Ok(path) => check = Some((path, attr)),
                    Err(_) => cx.error_spanned_by(
                        attr,
                        "`#[check]` takes the path of a function: `#[check(my_checks)]`, called with the op's name and a reference to each argument before any backend runs",
                    ),
                }
                continue;
            }
            Helper::Primary | Helper::Compositional | Helper::Mixed | Helper::Standalone => {
                let k = match h {
                    Helper::Primary => Kind::Primary,
                    Helper::Compositional => Kind::Compositional,
                    Helper::Mixed => Kind::Mixed,
                    _ => Kind::Standalone,
                };
                if let Some((prev, _)) = kind {
                    cx.error_spanned_by(
                        attr,
                        format!(
                            "`{name}` already has the kind `#[{}]`; an op has exactly one kind",
                            kind_name(prev)
                        ),
                    );
                } else {
                    kind = Some((k, attr));
                }
                continue;
            }
            Helper::Nestable => &mut nestable,
            Helper::ContainerDependent => &mut container_dependent,
            Helper::InferDtype => &mut infer_dtype,
            Helper::InferDevice => &mut infer_device,
            Helper::UnsupportedDtypes | Helper::SupportedDtypes => {
                backend_spec_attrs.push((*h, attr.clone()));
                continue;
            }
            Helper::SupportNativeOut
            | Helper::WithUnsupportedDtypes
            | Helper::WithSupportedDtypes
            | Helper::WithUnsupportedDevices
            | Helper::WithSupportedDevices
            | Helper::WithUnsupportedDeviceAndDtypes => {
                cx.error_spanned_by(
                    attr,
                    format!(
                        "`#[{}]` belongs on a backend's method inside a `#[ivy::backend_impl]` impl, not on the op declaration",
                        h.name()
                    ),
                );
                continue;
            }
        };
        if slot.is_some() {
            cx.error_spanned_by(attr, format!("`#[{}]` may only be given once", h.name()));
        }
        *slot = Some(attr.clone());
    }
    let Some((kind, kind_attr)) = kind else {
        cx.error_spanned_by(
            &decl.sig.ident,
            format!(
                "op `{name}` needs a kind: add `#[primary]` (no body), `#[compositional]`, `#[mixed]` or `#[standalone]` (with a body)"
            ),
        );
        return None;
    };
    match (kind, &decl.body) {
        (Kind::Primary, Some(b)) => cx.error_spanned_by(
            b,
            format!("primary op `{name}` has no body: its implementations live in the backends (use `#[mixed]` for a compositional fallback)"),
        ),
        (Kind::Compositional | Kind::Mixed | Kind::Standalone, None) => cx.error_spanned_by(
            &decl.sig,
            format!(
                "`#[{}]` op `{name}` needs a body (`{{ … }}`) written with other ivy ops",
                kind_name(kind)
            ),
        ),
        _ => {}
    }
    // Set when `#[nestable]` is already reported as not applying: its own requirements
    // (an array parameter, an Array result) are then not checked, to report one error.
    let mut nestable_misplaced = false;
    if let (Some(n), Some(_)) = (&nestable, &container_dependent) {
        nestable_misplaced = true;
        cx.error_spanned_by(
            n,
            format!("container-dependent op `{name}` cannot be `#[nestable]`: its Container argument is consumed whole, not mapped over"),
        );
    }
    if let (Kind::Standalone, Some(n)) = (kind, &nestable) {
        nestable_misplaced = true;
        cx.error_spanned_by(
            n,
            "`#[nestable]` does not apply to a `#[standalone]` function",
        );
    }
    let _ = kind_attr;

    let ret = match result_inner(&decl.sig.output) {
        Some(t) => t,
        None if kind == Kind::Standalone => syn::parse_quote!(()),
        None => {
            cx.error_spanned_by(
                &decl.sig.output,
                format!("op `{name}` must return `Result<T>` (usually `Result<Array>`)"),
            );
            return None;
        }
    };
    let returns_array = type_last_ident(&ret).as_deref() == Some("Array");

    let mut params = Vec::new();
    let mut has_out = false;
    let mut seen_kw = false;
    let n_inputs = decl.sig.inputs.len();
    for (i, arg) in decl.sig.inputs.iter_mut().enumerate() {
        let FnArg::Typed(pt) = arg else {
            cx.error_spanned_by(arg, "ops are free functions: no `self`");
            continue;
        };
        let kw_attr = take_kw(&mut pt.attrs);
        let Pat::Ident(pi) = &*pt.pat else {
            cx.error_spanned_by(&pt.pat, "op parameters must be plain names");
            continue;
        };
        let ident = pi.ident.clone();
        let ty = (*pt.ty).clone();
        if ident == "out" {
            let ok = option_inner(&ty)
                .is_some_and(|t| is_ref(t, true) && type_last_ident(t).as_deref() == Some("Array"));
            if !ok {
                cx.error_spanned_by(&pt.ty, "`out` must have type `Option<&mut Array>`");
            } else if i + 1 != n_inputs {
                cx.error_spanned_by(&ident, "`out` must be the last parameter");
            } else if !returns_array {
                cx.error_spanned_by(&ident, "only ops returning `Result<Array>` can take `out`");
                continue; // reported: generate the op without an `out` form
            }
            if kind == Kind::Standalone {
                cx.error_spanned_by(&ident, "a `#[standalone]` function has no `out` form");
            }
            has_out = true;
            continue;
        }
        let last = type_last_ident(&ty);
        let class = match last.as_deref() {
            Some("Array") if is_ref(&ty, false) => Class::Array,
            Some("Array") if is_ref(&ty, true) => Class::ArrayMut,
            Some("Operand") => Class::Operand,
            Some("Container") if is_ref(&ty, false) => Class::Container,
            Some("Scalar") => Class::Scalar,
            Some("Data") => Class::Data,
            _ if ident == "dtype" && infer_dtype.is_some() => Class::InferDtype,
            _ if ident == "device" && infer_device.is_some() => Class::InferDevice,
            _ => Class::Other,
        };
        let kw = match kw_attr {
            None => None,
            Some(a) => match &a.meta {
                syn::Meta::Path(_) => Some(None),
                syn::Meta::List(l) => match syn::parse2::<KwDefault>(l.tokens.clone()) {
                    Ok(d) => Some(Some(d.0)),
                    Err(e) => {
                        cx.syn_error(e);
                        Some(None)
                    }
                },
                syn::Meta::NameValue(nv) => {
                    cx.error_spanned_by(nv, "write `#[kw]` or `#[kw(default = expr)]`");
                    Some(None)
                }
            },
        };
        if kw.is_some() {
            seen_kw = true;
        } else if seen_kw && kind != Kind::Standalone {
            cx.error_spanned_by(
                &ident,
                "positional parameters come before keyword (`#[kw]`) parameters",
            );
        }
        if matches!(class, Class::InferDtype | Class::InferDevice) && kw.is_none() {
            cx.error_spanned_by(
                &ident,
                format!("`{ident}` is keyword-only: mark it `#[kw]`"),
            );
        }
        params.push(Param {
            ident,
            ty,
            class,
            kw,
        });
    }
    if let Some(a) = &infer_dtype {
        if !params.iter().any(|p| p.class == Class::InferDtype) {
            cx.error_spanned_by(
                a,
                "`#[infer_dtype]` needs a parameter `#[kw] dtype: Option<Dtype>`",
            );
        }
    }
    if let Some(a) = &infer_device {
        if !params.iter().any(|p| p.class == Class::InferDevice) {
            cx.error_spanned_by(
                a,
                "`#[infer_device]` needs a parameter `#[kw] device: Option<Device>`",
            );
        }
    }
    if let Some(a) = nestable.as_ref().filter(|_| !nestable_misplaced) {
        if !returns_array {
            cx.error_spanned_by(a, "a `#[nestable]` op must return `Result<Array>`");
        }
        if !params
            .iter()
            .any(|p| matches!(p.class, Class::Array | Class::Operand))
        {
            cx.error_spanned_by(
                a,
                "a `#[nestable]` op needs an array parameter (`&Array` or `Operand`)",
            );
        }
    }
    if let Some(a) = &container_dependent {
        if !params.iter().any(|p| p.class == Class::Container) {
            cx.error_spanned_by(
                a,
                "a `#[container_dependent]` op needs a `&Container` parameter",
            );
        }
    }
    if kind != Kind::Standalone
        && params.iter().any(|p| p.class == Class::Container)
        && container_dependent.is_none()
    {
        cx.error_spanned_by(
            &decl.sig.ident,
            "an op taking a `&Container` parameter must be marked `#[container_dependent]`",
        );
    }
    if let (Some((_, attr)), Kind::Compositional | Kind::Standalone) = (&check, kind) {
        cx.error_spanned_by(
            *attr,
            format!(
                "`#[check]` runs before backend dispatch, and `#[{}]` op `{name}` has none: check the arguments in its body",
                kind_name(kind)
            ),
        );
    }
    let check = check.map(|(p, _)| p);
    let mut backend_unsupported = Vec::new();
    for (h, attr) in &backend_spec_attrs {
        if matches!(kind, Kind::Primary | Kind::Standalone) {
            cx.error_spanned_by(
                attr,
                format!(
                    "`#[{}]` goes on compositional and mixed declarations; a primary op states its support on each backend method with `#[with_{}]`",
                    h.name(),
                    h.name()
                ),
            );
            continue;
        }
        parse_backend_specs(
            cx,
            attr,
            *h == Helper::SupportedDtypes,
            &mut backend_unsupported,
        );
    }
    Some(Op {
        decl,
        kind,
        backend_unsupported,
        nestable: nestable.is_some(),
        container_dependent: container_dependent.is_some(),
        infer_dtype: infer_dtype.is_some(),
        infer_device: infer_device.is_some(),
        params,
        has_out,
        ret,
        check,
    })
}

struct KwDefault(Expr);
impl Parse for KwDefault {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let k: Ident = input.parse()?;
        if k != "default" {
            return Err(syn::Error::new(k.span(), "expected `default = expr`"));
        }
        input.parse::<Token![=]>()?;
        Ok(KwDefault(input.parse()?))
    }
}

fn kind_name(k: Kind) -> &'static str {
    match k {
        Kind::Primary => "primary",
        Kind::Compositional => "compositional",
        Kind::Mixed => "mixed",
        Kind::Standalone => "standalone",
    }
}

/// Names of the functions and methods a body calls, and the ops its operators call.
fn callees(body: &Block) -> Vec<String> {
    struct V(Vec<String>);
    impl<'ast> Visit<'ast> for V {
        fn visit_expr_call(&mut self, c: &'ast syn::ExprCall) {
            if let Expr::Path(p) = &*c.func {
                if let Some(s) = p.path.segments.last() {
                    let n = s.ident.to_string();
                    if n.starts_with(|c: char| c.is_ascii_lowercase()) {
                        self.0.push(n);
                    }
                }
            }
            syn::visit::visit_expr_call(self, c);
        }
        fn visit_expr_method_call(&mut self, m: &'ast syn::ExprMethodCall) {
            self.0.push(m.method.to_string());
            syn::visit::visit_expr_method_call(self, m);
        }
        fn visit_expr_binary(&mut self, b: &'ast syn::ExprBinary) {
            let op = match b.op {
                syn::BinOp::Add(_) => Some("add"),
                syn::BinOp::Sub(_) => Some("subtract"),
                syn::BinOp::Mul(_) => Some("multiply"),
                syn::BinOp::Div(_) => Some("divide"),
                _ => None,
            };
            self.0.extend(op.map(String::from));
            syn::visit::visit_expr_binary(self, b);
        }
        fn visit_expr_unary(&mut self, u: &'ast syn::ExprUnary) {
            if let syn::UnOp::Neg(_) = u.op {
                self.0.push("negative".into());
            }
            syn::visit::visit_expr_unary(self, u);
        }
    }
    let mut v = V(Vec::new());
    v.visit_block(body);
    // The generated forms (`sum_with`, `log_into`, …) belong to their op.
    for name in &mut v.0 {
        if let Some(base) = ["_with_out", "_with", "_out", "_into"]
            .iter()
            .find_map(|s| name.strip_suffix(s))
        {
            *name = base.to_string();
        }
    }
    v.0.sort();
    v.0.dedup();
    v.0
}

pub fn expand(attr: TokenStream, item: TokenStream) -> TokenStream {
    let mut cx = Ctxt::default();
    if !attr.is_empty() {
        cx.error_spanned_by(&attr, "`#[category]` takes no arguments");
    }
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
    let Some((brace, items)) = module.content.take() else {
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
        match parse_op(&mut cx, decl, helpers) {
            Some(op) => ops.push(op),
            // The error is reported; a stub keeps the op's name so callers get no
            // second error (thiserror's fallback idea).
            None => passthrough.push(stub(fallback)),
        }
    }
    let generated = generate(&cat, &ops);
    let errors = cx.into_compile_errors();
    let attrs = &module.attrs;
    let vis = &module.vis;
    let ident = &module.ident;
    let _ = brace;
    quote! {
        #(#attrs)*
        #vis mod #ident {
            #(#passthrough)*
            #generated
            #errors
        }
    }
}

/// Token text without the spaces `to_string` puts between tokens (`- 1` → `-1`), for docs.
fn compact(s: &str) -> String {
    if s.contains('"') {
        s.to_string()
    } else {
        s.replace(' ', "")
    }
}

/// The lifetime of an operand parameter's `impl Into<…<'l>>`.
fn lifetime_of(id: &Ident) -> syn::Lifetime {
    syn::Lifetime::new(&format!("'__{id}"), id.span())
}

/// `<'__x1, '__x2>` for the parameters of the given classes (empty if none).
fn generics_of<'a>(params: impl Iterator<Item = &'a Param>, classes: &[Class]) -> TokenStream {
    let lts: Vec<syn::Lifetime> = params
        .filter(|p| classes.contains(&p.class))
        .map(|p| lifetime_of(&p.ident))
        .collect();
    if lts.is_empty() {
        quote!()
    } else {
        quote!(<#(#lts),*>)
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

/// The expression passing a dispatcher's parameter on to the next layer.
fn forward(p: &Param) -> TokenStream {
    let id = &p.ident;
    quote!(#id)
}

fn generate(cat: &str, ops: &[Op]) -> TokenStream {
    let camel_cat = camel(cat);
    let trait_ident = format_ident!("{}Backend", camel_cat);
    let array_trait = format_ident!("Array{}", camel_cat);
    let container_trait = format_ident!("Container{}", camel_cat);
    let p = quote!(::ivy::__private);

    let mut trait_items = Vec::new();
    let mut fns = Vec::new();
    let mut nested_fns = Vec::new();
    let mut array_methods = (Vec::new(), Vec::new());
    let mut container_methods = (Vec::new(), Vec::new());
    let mut registry = Vec::new();

    for op in ops {
        let name = &op.decl.sig.ident;
        let name_s = name.to_string();
        let span = name.span();
        let docs: Vec<_> = op
            .decl
            .attrs
            .iter()
            .filter(|a| a.path().is_ident("doc"))
            .collect();
        let other_attrs: Vec<_> = op
            .decl
            .attrs
            .iter()
            .filter(|a| !a.path().is_ident("doc"))
            .collect();
        let vis = &op.decl.vis;
        let ret = &op.ret;
        let upper = format_ident!("{}", name_s.to_uppercase(), span = span);
        let meta_ident = format_ident!("__META_{}", name_s.to_uppercase());
        let kind_tok = match op.kind {
            Kind::Primary => quote!(#p::OpKind::Primary),
            Kind::Compositional => quote!(#p::OpKind::Compositional),
            Kind::Mixed => quote!(#p::OpKind::Mixed),
            Kind::Standalone => quote!(#p::OpKind::Standalone),
        };
        let callee_list = op.decl.body.as_ref().map(callees).unwrap_or_default();
        let declared: Vec<TokenStream> = op
            .backend_unsupported
            .iter()
            .map(|(b, d)| {
                let v = format_ident!("{}", camel(b.as_str()));
                let bits = d.0;
                quote!((#p::Backend::#v, #p::DtypeSet(#bits)))
            })
            .collect();
        let (nestable, cdep, has_out, idt, idv) = (
            op.nestable,
            op.container_dependent,
            op.has_out,
            op.infer_dtype,
            op.infer_device,
        );
        fns.push(quote! {
            #[doc(hidden)]
            pub const #meta_ident: #p::OpMeta = #p::OpMeta {
                name: #name_s,
                category: #cat,
                kind: #kind_tok,
                nestable: #nestable,
                container_dependent: #cdep,
                has_out: #has_out,
                infer_dtype: #idt,
                infer_device: #idv,
                callees: &[#(#callee_list),*],
                backend_unsupported: &[#(#declared),*],
            };
        });

        if op.kind == Kind::Standalone {
            let decl = &op.decl;
            let attrs = &decl.attrs;
            let sig = &decl.sig;
            let body = &decl.body;
            fns.push(quote!(#(#attrs)* #vis #sig #body));
            registry.push(quote! {
                #p::OpEntry { meta: &#meta_ident, support: |_| ::core::option::Option::None }
            });
            continue;
        }

        let positional: Vec<&Param> = op.params.iter().filter(|p| p.kw.is_none()).collect();
        let kws: Vec<&Param> = op.params.iter().filter(|p| p.kw.is_some()).collect();
        let kw_ident = format_ident!("{}Kw", camel(&name_s), span = span);
        let has_kw = !kws.is_empty();

        // ---- keyword struct
        if has_kw {
            let fields = kws.iter().map(|k| {
                let (id, ty) = (&k.ident, &k.ty);
                let d = match &k.kw {
                    Some(Some(e)) => format!(
                        " `{id}` (default `{}`).",
                        compact(&e.to_token_stream().to_string())
                    ),
                    _ => format!(" `{id}` (default: `Default::default()`)."),
                };
                quote!(#[doc = #d] pub #id: #ty)
            });
            let defaults = kws.iter().map(|k| {
                let id = &k.ident;
                match &k.kw {
                    Some(Some(e)) => quote!(#id: #e),
                    _ => quote!(#id: ::core::default::Default::default()),
                }
            });
            let doc =
                format!(" Keyword arguments of [`{name_s}`]; `Default` gives Ivy's defaults.");
            fns.push(quote! {
                #[doc = #doc]
                #[derive(Clone, Debug)]
                pub struct #kw_ident { #(#fields,)* }
                impl ::core::default::Default for #kw_ident {
                    fn default() -> Self { #kw_ident { #(#defaults,)* } }
                }
            });
        }

        // ---- public parameter lists
        let pub_ty = |prm: &Param| -> TokenStream {
            let ty = &prm.ty;
            match prm.class {
                Class::Operand => {
                    let l = lifetime_of(&prm.ident);
                    quote!(impl ::core::convert::Into<#p::Operand<#l>>)
                }
                Class::Scalar => quote!(impl ::core::convert::Into<#p::Scalar>),
                Class::Data => quote!(impl ::core::convert::Into<#p::Data>),
                _ => quote!(#ty),
            }
        };
        let pos_params: Vec<TokenStream> = positional
            .iter()
            .map(|prm| {
                let id = &prm.ident;
                let ty = pub_ty(prm);
                quote!(#id: #ty)
            })
            .collect();
        let pos_names: Vec<&Ident> = positional.iter().map(|p| &p.ident).collect();
        let lt = generics_of(positional.iter().copied(), &[Class::Operand]);
        let nlt = generics_of(positional.iter().copied(), &[Class::Array, Class::Operand]);
        let convert: Vec<TokenStream> = positional
            .iter()
            .filter(|prm| matches!(prm.class, Class::Operand | Class::Scalar | Class::Data))
            .map(|prm| {
                let id = &prm.ident;
                let ty = match prm.class {
                    Class::Operand => quote!(#p::Operand<'_>),
                    Class::Scalar => quote!(#p::Scalar),
                    _ => quote!(#p::Data),
                };
                quote!(let #id: #ty = ::core::convert::Into::into(#id);)
            })
            .collect();
        let nested_convert: Vec<TokenStream> = positional
            .iter()
            .filter(|prm| matches!(prm.class, Class::Scalar | Class::Data))
            .map(|prm| {
                let id = &prm.ident;
                let ty = if prm.class == Class::Scalar {
                    quote!(#p::Scalar)
                } else {
                    quote!(#p::Data)
                };
                quote!(let #id: #ty = ::core::convert::Into::into(#id);)
            })
            .collect();
        let kw_names: Vec<&Ident> = kws.iter().map(|k| &k.ident).collect();
        let unpack_kw = if has_kw {
            quote!(let #kw_ident { #(#kw_names,)* } = kw;)
        } else {
            quote!()
        };
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
        let all_params: Vec<&Param> = op.params.iter().collect();
        let all_names: Vec<TokenStream> = all_params.iter().map(|p| forward(p)).collect();

        // ---- backend trait method signature
        let trait_params: Vec<TokenStream> = all_params
            .iter()
            .map(|prm| {
                let id = &prm.ident;
                let ty = &prm.ty;
                match prm.class {
                    Class::Operand => quote!(#id: &#p::Array),
                    Class::InferDtype => quote!(#id: #p::Dtype),
                    Class::InferDevice => quote!(#id: #p::Device),
                    Class::Scalar => quote!(#id: #p::Scalar),
                    Class::Data => quote!(#id: #p::Data),
                    _ => quote!(#id: #ty),
                }
            })
            .collect();
        let name_out = format_ident!("{}_out", name_s, span = span);
        let name_with = format_ident!("{}_with", name_s, span = span);
        let name_with_out = format_ident!("{}_with_out", name_s, span = span);
        let name_into = format_ident!("{}_into", name_s, span = span);
        let body_ident = format_ident!("__{}_body", name_s);
        let impl_ident = format_ident!("__{}_impl", name_s);

        // ---- the compositional body as a private function
        let body_ret = if op.has_out {
            quote!(#p::Result<::core::option::Option<#p::Array>>)
        } else {
            quote!(#p::Result<#ret>)
        };
        if let Some(body) = op.decl.body.as_ref().filter(|_| op.kind != Kind::Primary) {
            let body_params = all_params.iter().map(|prm| {
                let id = &prm.ident;
                let ty = &prm.ty;
                match prm.class {
                    Class::Operand => quote!(#id: #p::Operand<'_>),
                    _ => quote!(#id: #ty),
                }
            });
            let out_param = if op.has_out {
                quote!(out: ::core::option::Option<&mut #p::Array>)
            } else {
                quote!()
            };
            fns.push(quote! {
                #[doc(hidden)]
                #[allow(clippy::too_many_arguments, unused_mut)]
                pub fn #body_ident(#(#body_params,)* #out_param) -> #body_ret #body
            });
        }

        // ---- trait items
        if matches!(op.kind, Kind::Primary | Kind::Mixed) {
            let info_default = if op.kind == Kind::Primary {
                quote!(#p::ImplInfo::NATIVE)
            } else {
                quote!(#p::ImplInfo::BODY)
            };
            let info_doc =
                format!("Support of `{name_s}` on this backend (set by `#[backend_impl]`).");
            trait_items.push(quote! {
                #[doc = #info_doc]
                #[doc(hidden)]
                const #upper: #p::ImplInfo = #info_default;
            });
            let body_args: Vec<TokenStream> = all_params
                .iter()
                .map(|prm| {
                    let id = &prm.ident;
                    match prm.class {
                        Class::Operand => quote!(#p::Operand::Array(#id)),
                        Class::InferDtype | Class::InferDevice => {
                            quote!(::core::option::Option::Some(#id))
                        }
                        _ => quote!(#id),
                    }
                })
                .collect();
            let sig_doc = format!(" The backend's `{name_s}`.");
            if op.kind == Kind::Primary {
                trait_items.push(quote_spanned! {span=>
                    #[doc = #sig_doc]
                    fn #name(#(#trait_params),*) -> #p::Result<#ret>;
                });
            } else if op.has_out {
                trait_items.push(quote_spanned! {span=>
                    #[doc = #sig_doc]
                    fn #name(#(#trait_params),*) -> #p::Result<#ret> {
                        #p::expect_value(#name_s, #body_ident(#(#body_args,)* ::core::option::Option::None))
                    }
                });
            } else {
                trait_items.push(quote_spanned! {span=>
                    #[doc = #sig_doc]
                    fn #name(#(#trait_params),*) -> #p::Result<#ret> {
                        #body_ident(#(#body_args),*)
                    }
                });
            }
            if op.has_out {
                let out_doc =
                    format!("The backend's `{name_s}` writing into `out` (which keeps its dtype).");
                let fallback = if op.kind == Kind::Mixed {
                    quote! {
                        if !Self::#upper.native {
                            return #p::finish_out(#name_s, #body_ident(#(#body_args,)* ::core::option::Option::Some(&mut *out))?, out);
                        }
                    }
                } else {
                    quote!()
                };
                trait_items.push(quote_spanned! {span=>
                    #[doc = #out_doc]
                    fn #name_out(#(#trait_params,)* out: &mut #p::Array) -> #p::Result<()> {
                        #fallback
                        #p::write_out(#name_s, Self::#name(#(#all_names),*)?, out)
                    }
                });
            }
        }

        // ---- the per-backend implementation step: promote, infer, check, call
        let array_like: Vec<&Param> = all_params
            .iter()
            .copied()
            .filter(|p| matches!(p.class, Class::Array | Class::Operand))
            .collect();
        let backends_expr = {
            let items = all_params
                .iter()
                .filter(|p| matches!(p.class, Class::Array | Class::Operand | Class::ArrayMut))
                .map(|prm| {
                    let id = &prm.ident;
                    match prm.class {
                        Class::Array | Class::ArrayMut => {
                            quote!(::core::option::Option::Some(#id.backend()))
                        }
                        _ => quote!(#id.backend()),
                    }
                });
            let out_b = if op.has_out {
                quote!(out.as_deref().map(#p::Array::backend),)
            } else {
                quote!()
            };
            quote!(&[#(#items,)* #out_b])
        };
        let operands: Vec<&Ident> = all_params
            .iter()
            .filter(|p| p.class == Class::Operand)
            .map(|p| &p.ident)
            .collect();
        let promote = if operands.is_empty() {
            quote!()
        } else {
            quote! {
                let mut __store = ::core::default::Default::default();
                let [#(#operands),*] = #p::promote_operands(#name_s, __backend, [#(#operands),*], &mut __store)?;
            }
        };
        let array_dtypes: Vec<TokenStream> = array_like
            .iter()
            .map(|prm| {
                let id = &prm.ident;
                quote!(#id.dtype())
            })
            .collect();
        let infer = {
            let mut t = TokenStream::new();
            if op.infer_dtype {
                let scalars = all_params
                    .iter()
                    .filter(|prm| matches!(prm.class, Class::Scalar | Class::Data))
                    .map(|prm| {
                        let id = &prm.ident;
                        quote!(#p::DtypeHint::hint(&#id))
                    });
                t.extend(quote! {
                    let dtype: #p::Dtype = #p::infer_dtype(dtype, &[#(#array_dtypes),*], &[#(#scalars),*]);
                });
            }
            if op.infer_device {
                let devs = array_like.iter().map(|prm| {
                    let id = &prm.ident;
                    quote!(#id.device())
                });
                t.extend(quote! {
                    let device: #p::Device = #p::infer_device(device, &[#(#devs),*]);
                });
            }
            t
        };
        // Each array input (promoted operands included) must have a dtype the op supports on
        // the backend; under a casting mode an unsupported one is cast (Ivy's casting modes).
        let checks: Vec<TokenStream> = {
            let mut v: Vec<TokenStream> = array_like
                .iter()
                .map(|prm| {
                    let id = &prm.ident;
                    let store = format_ident!("__cast_{}", id);
                    quote! {
                        let mut #store = ::core::option::Option::None;
                        let #id: &#p::Array = #p::supported_input(#name_s, __rejected, #id, &mut #store, __B::BACKEND, __B::VERSION_STR)?;
                    }
                })
                .collect();
            if op.infer_dtype {
                v.push(quote! {
                    let dtype: #p::Dtype = #p::supported_dtype(#name_s, __rejected, dtype, __B::BACKEND, __B::VERSION_STR)?;
                });
            }
            v
        };
        let impl_params: Vec<TokenStream> = all_params
            .iter()
            .map(|prm| {
                let id = &prm.ident;
                let ty = &prm.ty;
                match prm.class {
                    Class::Operand => quote!(#id: #p::Operand<'_>),
                    Class::Scalar => quote!(#id: #p::Scalar),
                    Class::Data => quote!(#id: #p::Data),
                    _ => quote!(#id: #ty),
                }
            })
            .collect();

        let mixed_declared = if op.kind == Kind::Mixed && !op.backend_unsupported.is_empty() {
            quote! {
                let __rejected = if <__B as #trait_ident>::#upper.native {
                    __rejected
                } else {
                    __rejected.union(#meta_ident.declared_unsupported(__B::BACKEND))
                };
            }
        } else {
            quote!()
        };
        // Device specs: a constant per backend, so this folds away when the backend has none.
        let device_checks = {
            let mut v: Vec<TokenStream> = array_like
                .iter()
                .map(|prm| {
                    let id = &prm.ident;
                    quote!(#p::check_device(#name_s, __info, #id.device(), #id.dtype(), __B::BACKEND, __B::VERSION_STR)?;)
                })
                .collect();
            if op.infer_device && op.infer_dtype {
                v.push(quote!(#p::check_device(#name_s, __info, device, dtype, __B::BACKEND, __B::VERSION_STR)?;));
            }
            if v.is_empty() {
                quote!()
            } else {
                quote! {
                    let __info = <__B as #trait_ident>::#upper;
                    if __info.has_device_specs() {
                        #(#v)*
                    }
                }
            }
        };
        let impl_out_param = if op.has_out {
            quote!(out: ::core::option::Option<&mut #p::Array>)
        } else {
            quote!()
        };
        let impl_ret = if op.has_out {
            quote!(#p::Result<::core::option::Option<#p::Array>>)
        } else {
            quote!(#p::Result<#ret>)
        };
        let call = if op.has_out {
            quote! {
                match out {
                    ::core::option::Option::None => <__B as #trait_ident>::#name(#(#all_names),*).map(::core::option::Option::Some),
                    ::core::option::Option::Some(out) => <__B as #trait_ident>::#name_out(#(#all_names,)* out).map(|()| ::core::option::Option::None),
                }
            }
        } else {
            quote!(<__B as #trait_ident>::#name(#(#all_names),*))
        };
        // `#[check(f)]`: shared argument checks, once, before the backend is called.
        let arg_check = match &op.check {
            Some(f) => quote!(#f(#name_s, #(&#all_names),*)?;),
            None => quote!(),
        };
        if matches!(op.kind, Kind::Primary | Kind::Mixed) {
            fns.push(quote! {
                #[doc(hidden)]
                #[inline(always)]
                #[allow(clippy::too_many_arguments)]
                fn #impl_ident<__B: #trait_ident>(__backend: #p::Backend, #(#impl_params,)* #impl_out_param) -> #impl_ret {
                    let _ = __backend;
                    #promote
                    #infer
                    let __rejected = <__B as #p::BackendInfo>::INVALID.union(<__B as #trait_ident>::#upper.unsupported);
                    #mixed_declared
                    #(#checks)*
                    #device_checks
                    #arg_check
                    #call
                }
            });
        }

        // ---- the core entry: choose the path, then run it
        let core_ident = if op.has_out {
            name_into.clone()
        } else if has_kw {
            name_with.clone()
        } else {
            name.clone()
        };
        let out_forward = if op.has_out { quote!(out) } else { quote!() };
        let body_call_args: Vec<TokenStream> = all_params.iter().map(|p| forward(p)).collect();
        // A body given `out` may write into it (returning None) or return the value: either
        // way `out` ends up holding the result.
        let body_run = if op.has_out {
            quote! {
                match out {
                    ::core::option::Option::None => #body_ident(#(#body_call_args,)* ::core::option::Option::None),
                    ::core::option::Option::Some(__o) => {
                        let __r = #body_ident(#(#body_call_args,)* ::core::option::Option::Some(&mut *__o))?;
                        #p::finish_out(#name_s, __r, __o).map(|()| ::core::option::Option::None)
                    }
                }
            }
        } else {
            quote!(#body_ident(#(#body_call_args),*))
        };
        let run = match op.kind {
            Kind::Primary => quote! {
                let __backend = #p::backend_of(#name_s, #backends_expr)?;
                #p::dispatch!(__backend, __B => #impl_ident::<__B>(__backend, #(#all_names,)* #out_forward))
            },
            Kind::Mixed => quote! {
                match #p::backend_for_mixed(#name_s, #backends_expr)? {
                    ::core::option::Option::None => #body_run,
                    ::core::option::Option::Some(__backend) => #p::dispatch!(__backend, __B => #impl_ident::<__B>(__backend, #(#all_names,)* #out_forward)),
                }
            },
            Kind::Compositional if !op.backend_unsupported.is_empty() => {
                let arrays: Vec<&Ident> = all_params
                    .iter()
                    .filter(|p| p.class == Class::Array)
                    .map(|p| &p.ident)
                    .collect();
                let stores: Vec<Ident> = arrays
                    .iter()
                    .map(|id| format_ident!("__cast_{}", id))
                    .collect();
                quote! {
                    // dtypes declared unsupported on the arrays' (or the current) backend
                    let (__rejected, __b) = match #p::backend_of(#name_s, &[#(::core::option::Option::Some(#arrays.backend())),*]) {
                        ::core::result::Result::Ok(b) => (#meta_ident.declared_unsupported(b), b),
                        ::core::result::Result::Err(_) => (#p::DtypeSet::EMPTY, #p::Backend::Ndarray),
                    };
                    #(
                        let mut #stores = ::core::option::Option::None;
                        let #arrays: &#p::Array = #p::supported_input(#name_s, __rejected, #arrays, &mut #stores, __b, #p::backend_version(__b))?;
                    )*
                    #body_run
                }
            }
            Kind::Compositional => body_run.clone(),
            Kind::Standalone => unreachable!(),
        };
        let core_pub_params = {
            let mut v = pos_params.clone();
            if has_kw {
                v.push(quote!(kw: #kw_ident));
            }
            if op.has_out {
                v.push(quote!(out: ::core::option::Option<&mut #p::Array>));
            }
            v
        };
        let core_ret = if op.has_out {
            quote!(#p::Result<::core::option::Option<#p::Array>>)
        } else {
            quote!(#p::Result<#ret>)
        };
        let core_doc = if op.has_out {
            format!("[`{name_s}`] with every argument: writes into `out` when given (returning `None`), else returns the result.")
        } else if has_kw {
            format!("[`{name_s}`] with keyword arguments.")
        } else {
            String::new()
        };
        let core_docs = if core_doc.is_empty() {
            quote!(#(#docs)*)
        } else {
            quote!(#[doc = #core_doc])
        };
        fns.push(quote! {
            #core_docs
            #(#other_attrs)*
            #[inline]
            #[allow(clippy::too_many_arguments)]
            #vis fn #core_ident #lt(#(#core_pub_params),*) -> #core_ret {
                #(#convert)*
                #unpack_kw
                #run
            }
        });
        // ---- thin public forms
        if op.has_out {
            fns.push(quote! {
                #(#docs)*
                #[inline]
                #vis fn #name #lt(#(#pos_params),*) -> #p::Result<#p::Array> {
                    #p::expect_value(#name_s, #name_into(#(#pos_names,)* #kw_default ::core::option::Option::None))
                }
            });
            let out_doc = format!(" [`{name_s}`] writing into `out`, which keeps its shape and dtype; on error `out` is unchanged.");
            fns.push(quote! {
                #[doc = #out_doc]
                #[inline]
                #vis fn #name_out #lt(#(#pos_params,)* out: &mut #p::Array) -> #p::Result<()> {
                    #name_into(#(#pos_names,)* #kw_default ::core::option::Option::Some(out)).map(|_| ())
                }
            });
            if has_kw {
                let with_doc = format!(" [`{name_s}`] with keyword arguments ([`{kw_ident}`]).");
                fns.push(quote! {
                    #[doc = #with_doc]
                    #[inline]
                    #vis fn #name_with #lt(#(#pos_params,)* #kw_param) -> #p::Result<#p::Array> {
                        #p::expect_value(#name_s, #name_into(#(#pos_names,)* #kw_arg ::core::option::Option::None))
                    }
                    #[doc = #out_doc]
                    #[inline]
                    #vis fn #name_with_out #lt(#(#pos_params,)* #kw_param out: &mut #p::Array) -> #p::Result<()> {
                        #name_into(#(#pos_names,)* #kw_arg ::core::option::Option::Some(out)).map(|_| ())
                    }
                });
            }
        } else if has_kw {
            fns.push(quote! {
                #(#docs)*
                #[inline]
                #vis fn #name #lt(#(#pos_params),*) -> #p::Result<#ret> {
                    #name_with(#(#pos_names,)* #kw_default)
                }
            });
        }

        // ---- methods and nested forms
        let first = positional
            .first()
            .filter(|f| matches!(f.class, Class::Array | Class::Operand));
        if let Some(first) = first {
            let rest: Vec<&&Param> = positional.iter().skip(1).collect();
            let rest_params: Vec<TokenStream> = rest
                .iter()
                .map(|prm| {
                    let id = &prm.ident;
                    let ty = pub_ty(prm);
                    quote!(#id: #ty)
                })
                .collect();
            let rest_names: Vec<&Ident> = rest.iter().map(|p| &p.ident).collect();
            let mlt = generics_of(rest.iter().map(|p| **p), &[Class::Operand]);
            let self_arg = if first.class == Class::Operand {
                quote!(#p::Operand::Array(self))
            } else {
                quote!(self)
            };
            let m_doc = format!(" Method form of [`{name_s}`](fn@{name_s}).");
            let mut decls = vec![
                quote!(#[doc = #m_doc] fn #name #mlt(&self, #(#rest_params),*) -> #p::Result<#ret>;),
            ];
            let mut impls = vec![
                quote!(#[inline] fn #name #mlt(&self, #(#rest_params),*) -> #p::Result<#ret> { #name(#self_arg, #(#rest_names),*) }),
            ];
            if has_kw {
                decls.push(quote!(#[doc = #m_doc] fn #name_with #mlt(&self, #(#rest_params,)* kw: #kw_ident) -> #p::Result<#ret>;));
                impls.push(quote!(#[inline] fn #name_with #mlt(&self, #(#rest_params,)* kw: #kw_ident) -> #p::Result<#ret> { #name_with(#self_arg, #(#rest_names,)* kw) }));
            }
            if op.has_out {
                decls.push(quote!(#[doc = #m_doc] fn #name_out #mlt(&self, #(#rest_params,)* out: &mut #p::Array) -> #p::Result<()>;));
                impls.push(quote!(#[inline] fn #name_out #mlt(&self, #(#rest_params,)* out: &mut #p::Array) -> #p::Result<()> { #name_out(#self_arg, #(#rest_names,)* out) }));
            }
            array_methods.0.extend(decls);
            array_methods.1.extend(impls);
        }
        if op.nestable {
            // Array arguments of nested forms: an Array, a scalar or a Container.
            let nest_param = |prm: &Param| -> TokenStream {
                let id = &prm.ident;
                match prm.class {
                    Class::Array | Class::Operand => {
                        let l = lifetime_of(id);
                        quote!(#id: impl ::core::convert::Into<#p::NestArg<#l>>)
                    }
                    _ => {
                        let ty = pub_ty(prm);
                        quote!(#id: #ty)
                    }
                }
            };
            let nest_params: Vec<TokenStream> = positional.iter().map(|p| nest_param(p)).collect();
            let nest_args: Vec<&Ident> = positional
                .iter()
                .filter(|p| matches!(p.class, Class::Array | Class::Operand))
                .map(|p| &p.ident)
                .collect();
            let mut j = 0usize;
            let leaf_args: Vec<TokenStream> = positional
                .iter()
                .map(|prm| {
                    let id = &prm.ident;
                    let id_s = id.to_string();
                    match prm.class {
                        Class::Array => {
                            let t = quote!(__a[#j].array(#name_s, #id_s)?);
                            j += 1;
                            t
                        }
                        Class::Operand => {
                            let t = quote!(__a[#j]);
                            j += 1;
                            t
                        }
                        Class::Scalar | Class::Data | Class::Other
                            if matches!(prm.ty, Type::Reference(_)) =>
                        {
                            quote!(#id)
                        }
                        _ => quote!(::core::clone::Clone::clone(&#id)),
                    }
                })
                .collect();
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
            let nested_name = if has_kw {
                name_with.clone()
            } else {
                name.clone()
            };
            nested_fns.push(quote! {
                #[doc = #n_doc]
                #[allow(clippy::too_many_arguments)]
                pub fn #nested_name #nlt(#(#nest_params,)* #kw_param) -> #p::Result<#p::Container> {
                    #(#nested_convert)*
                    #p::nest_call(#name_s, &[#(::core::convert::Into::into(#nest_args)),*], |__a| #target(#(#leaf_args,)* #kw_clone))
                }
            });
            if has_kw {
                nested_fns.push(quote! {
                    #[doc = #n_doc]
                    pub fn #name #nlt(#(#nest_params),*) -> #p::Result<#p::Container> {
                        #name_with(#(#pos_names,)* #kw_default)
                    }
                });
            }
            if first.is_some() {
                let rest: Vec<&&Param> = positional.iter().skip(1).collect();
                let rest_params: Vec<TokenStream> = rest.iter().map(|p| nest_param(p)).collect();
                let rest_names: Vec<&Ident> = rest.iter().map(|p| &p.ident).collect();
                let clt = generics_of(rest.iter().map(|p| **p), &[Class::Array, Class::Operand]);
                let m_doc = format!(" Container method form of [`{name_s}`](fn@{name_s}).");
                container_methods.0.push(quote!(#[doc = #m_doc] fn #name #clt(&self, #(#rest_params),*) -> #p::Result<#p::Container>;));
                container_methods.1.push(quote!(#[inline] fn #name #clt(&self, #(#rest_params),*) -> #p::Result<#p::Container> { nested::#name(self, #(#rest_names),*) }));
                if has_kw {
                    container_methods.0.push(quote!(#[doc = #m_doc] fn #name_with #clt(&self, #(#rest_params,)* kw: #kw_ident) -> #p::Result<#p::Container>;));
                    container_methods.1.push(quote!(#[inline] fn #name_with #clt(&self, #(#rest_params,)* kw: #kw_ident) -> #p::Result<#p::Container> { nested::#name_with(self, #(#rest_names,)* kw) }));
                }
            }
        }

        // ---- registry row
        let is_primary = op.kind == Kind::Primary;
        let support = match op.kind {
            Kind::Primary | Kind::Mixed => quote! {
                |__b| ::core::option::Option::Some(#p::support_for!(__b, __B => #p::support_of::<__B>(<__B as #trait_ident>::#upper, #is_primary)))
            },
            _ => quote! {
                |__b| ::core::option::Option::Some(#p::compositional_support(__b))
            },
        };
        registry.push(quote! {
            #p::OpEntry { meta: &#meta_ident, support: #support }
        });
    }

    let trait_doc = format!(" What a backend implements for the `{cat}` category: one method per primary op, overridable defaults for mixed ops.");
    let on_unimpl = format!("backend `{{Self}}` does not implement the `{cat}` category");
    let array_doc = format!(" `{cat}` ops as methods on `Array` (in the prelude).");
    let container_doc =
        format!(" Nestable `{cat}` ops as methods on `Container` (in the prelude).");
    let (ad, ai) = array_methods;
    let (cd, ci) = container_methods;
    let ops_ident = format_ident!("{}_OPS", cat.to_uppercase());
    let reg_doc =
        format!("Every op of the `{cat}` category, with its metadata and per-backend support.");
    let _ = Span::call_site();
    quote! {
        #[doc = #trait_doc]
        #[diagnostic::on_unimplemented(message = #on_unimpl, label = "add `#[ivy::backend_impl]` impl of this trait for the backend")]
        pub trait #trait_ident: #p::BackendInfo {
            #(#trait_items)*
        }

        #(#fns)*

        #[doc = #array_doc]
        pub trait #array_trait {
            #(#ad)*
        }
        impl #array_trait for #p::Array {
            #(#ai)*
        }

        #[doc = #container_doc]
        pub trait #container_trait {
            #(#cd)*
        }
        impl #container_trait for #p::Container {
            #(#ci)*
        }

        /// Nestable ops of this category over Containers.
        pub mod nested {
            #[allow(unused_imports)]
            use super::*;
            #(#nested_fns)*
        }

        #[doc = #reg_doc]
        pub static #ops_ident: &[#p::OpEntry] = &[#(#registry),*];
    }
}
