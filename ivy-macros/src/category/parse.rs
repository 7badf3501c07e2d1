//! Reading one op declaration and its helper attributes into an [`Op`]; every problem goes
//! to the [`Ctxt`] (the checks that span several attributes and parameters are in
//! [`validate`](super::validate)).

use super::model::{
    is_array_seq, is_opt_array, is_ref, kind_name, nested_ret, option_inner, result_inner,
    type_last_ident, Class, DeclFn, Family, Kind, Op, Param,
};
use super::validate;
use crate::attrs::{take_kw, take_param_attr, Helper};
use crate::ctxt::Ctxt;
use syn::ext::IdentExt;
use syn::parse::{Parse, ParseStream};
use syn::{Attribute, Expr, FnArg, Ident, Pat, Token};

/// The helper attributes of one declaration, sorted by what they say.
pub(super) struct Helpers {
    pub(super) kind: Option<Kind>,
    pub(super) nestable: Option<Attribute>,
    pub(super) container_dependent: Option<Attribute>,
    /// `#[global_state]`: the op changes process-wide state; not callable by name.
    pub(super) global_state: Option<Attribute>,
    pub(super) infer_dtype: Option<Attribute>,
    pub(super) infer_device: Option<Attribute>,
    /// `#[unsupported_dtypes(..)]` / `#[supported_dtypes(..)]`, read once the kind is known.
    pub(super) backend_specs: Vec<(Helper, Attribute)>,
    pub(super) check: Option<(syn::Path, Option<syn::Type>, Attribute)>,
    pub(super) family: Option<(Family, Attribute)>,
}

/// Parses one op declaration; every problem goes to `cx`.
pub(super) fn parse_op(
    cx: &mut Ctxt,
    mut decl: DeclFn,
    helpers: Vec<(Helper, Attribute)>,
) -> Option<Op> {
    let name = decl.sig.ident.unraw().to_string();
    let helpers = read_helpers(cx, &name, &helpers);
    let Some(kind) = helpers.kind else {
        cx.error_spanned_by(
            &decl.sig.ident,
            format!(
                "op `{name}` needs a kind: add `#[primary]` (no body), `#[compositional]`, `#[mixed]` or `#[standalone]` (with a body)"
            ),
        );
        return None;
    };
    let nestable_misplaced = validate::check_kind(cx, &decl, kind, &helpers);

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

    let (params, has_out) = parse_params(cx, &mut decl, kind, &helpers, returns_array);
    let family_ok = validate::check_params(
        cx,
        &decl,
        kind,
        &helpers,
        &params,
        nested_ret(&ret, &quote::quote!(p)).is_some(),
        nestable_misplaced,
    );
    let invalid_family = helpers.family.is_some() && !family_ok;
    let backend_unsupported = parse_backend_unsupported(cx, kind, &helpers.backend_specs);
    Some(Op {
        decl,
        kind,
        backend_unsupported,
        nestable: helpers.nestable.is_some(),
        container_dependent: helpers.container_dependent.is_some(),
        global_state: helpers.global_state.is_some(),
        infer_dtype: helpers.infer_dtype.is_some(),
        infer_device: helpers.infer_device.is_some(),
        params,
        has_out,
        ret,
        check: helpers.check.as_ref().map(|(p, _, _)| p.clone()),
        plan: helpers.check.and_then(|(_, t, _)| t),
        family: helpers.family.filter(|_| family_ok).map(|(f, _)| f),
        invalid_family,
    })
}

/// Sorts the helper attributes; reports repeated ones and those that belong elsewhere.
fn read_helpers(cx: &mut Ctxt, name: &str, helpers: &[(Helper, Attribute)]) -> Helpers {
    let mut kind: Option<Kind> = None;
    let (mut nestable, mut container_dependent, mut infer_dtype, mut infer_device) =
        (None, None, None, None);
    let mut global_state = None;
    let mut backend_specs: Vec<(Helper, Attribute)> = Vec::new();
    let mut check: Option<(syn::Path, Option<syn::Type>, Attribute)> = None;
    let mut family: Option<(Family, Attribute)> = None;
    for (h, attr) in helpers {
        let slot = match h {
            Helper::Check => {
                // `#[check(f)]` or `#[check(f -> Plan)]` (f returns the plan the backends get)
                let parsed = attr.parse_args_with(|input: syn::parse::ParseStream<'_>| {
                    let path: syn::Path = input.parse()?;
                    let plan = if input.peek(syn::Token![->]) {
                        input.parse::<syn::Token![->]>()?;
                        Some(input.parse::<syn::Type>()?)
                    } else {
                        None
                    };
                    Ok((path, plan))
                });
                match parsed {
                    Ok(_) if check.is_some() => cx.error_spanned_by(
                        attr,
                        "`#[check]` may only be given once; make one function run every check",
                    ),
                    Ok((path, plan)) => check = Some((path, plan, attr.clone())),
                    Err(_) => cx.error_spanned_by(
                        attr,
                        "`#[check]` takes the path of a function, and optionally the type of the plan it returns: `#[check(my_checks)]` (returns `Result<()>`) or `#[check(my_plan -> MyPlan)]` (returns `Result<MyPlan>`, passed to the backend method as its last argument before `out`); it is called with the op's name and a reference to each argument before any backend runs",
                    ),
                }
                continue;
            }
            Helper::Family => {
                let f = attr
                    .parse_args::<Ident>()
                    .ok()
                    .and_then(|i| Family::ALL.into_iter().find(|f| i == f.name()));
                match f {
                    _ if family.is_some() => cx.error_spanned_by(
                        attr,
                        "`#[family]` may only be given once",
                    ),
                    Some(f) => family = Some((f, attr.clone())),
                    None => cx.error_spanned_by(
                        attr,
                        "`#[family]` names the op's kernel family: `#[family(unary)]` (one `&Array`), `#[family(binary)]` (two `Operand`s), `#[family(predicate)]` (one `&Array`, bool result), `#[family(compare)]` (two `Operand`s, bool result) or `#[family(reduce)]` (`x`, `axis`, `keepdims`[, `dtype`]: a fold over axes); the kernel row of the same CamelCase name goes in `ivy::kernels`",
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
                if let Some(prev) = kind {
                    cx.error_spanned_by(
                        attr,
                        format!(
                            "`{name}` already has the kind `#[{}]`; an op has exactly one kind",
                            kind_name(prev)
                        ),
                    );
                } else {
                    kind = Some(k);
                }
                continue;
            }
            Helper::Nestable => &mut nestable,
            Helper::ContainerDependent => &mut container_dependent,
            Helper::GlobalState => &mut global_state,
            Helper::InferDtype => &mut infer_dtype,
            Helper::InferDevice => &mut infer_device,
            Helper::UnsupportedDtypes | Helper::SupportedDtypes => {
                backend_specs.push((*h, attr.clone()));
                continue;
            }
            Helper::SupportNativeOut
            | Helper::WithUnsupportedDtypes
            | Helper::WithSupportedDtypes
            | Helper::WithUnsupportedDevices
            | Helper::WithSupportedDevices
            | Helper::WithUnsupportedDeviceAndDtypes
            | Helper::HostDtypes => {
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
    Helpers {
        kind,
        nestable,
        container_dependent,
        global_state,
        infer_dtype,
        infer_device,
        backend_specs,
        check,
        family,
    }
}

/// Classifies the parameters (removing their `#[kw]` attributes); `out` is not a
/// parameter but sets the returned flag.
fn parse_params(
    cx: &mut Ctxt,
    decl: &mut DeclFn,
    kind: Kind,
    helpers: &Helpers,
    returns_array: bool,
) -> (Vec<Param>, bool) {
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
        let marker = param_marker(cx, &mut pt.attrs);
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
            _ if is_array_seq(&ty) => Class::Arrays,
            _ if is_opt_array(&ty) => Class::OptArray,
            Some("Array") if is_ref(&ty, false) => Class::Array,
            Some("Array") if is_ref(&ty, true) => Class::ArrayMut,
            Some("Operand") => Class::Operand,
            Some("Container") if is_ref(&ty, false) => Class::Container,
            Some("Scalar") => Class::Scalar,
            Some("Data") => Class::Data,
            _ if ident == "dtype" && helpers.infer_dtype.is_some() => Class::InferDtype,
            _ if ident == "device" && helpers.infer_device.is_some() => Class::InferDevice,
            Some("Shape") => Class::Shape,
            Some("DtypeLike") => Class::DtypeLike,
            Some("ClipBound") => Class::Bound,
            _ => Class::Other,
        };
        let class = match marker {
            None => class,
            Some(m) => match marked_class(&m, &ty, class) {
                Ok(c) => c,
                Err(want) => {
                    cx.error_spanned_by(
                        &pt.ty,
                        format!("`#[{}]` goes on a parameter of type {want}", m.name()),
                    );
                    class
                }
            },
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
        let class = if matches!(class, Class::Shape | Class::DtypeLike) && kw.is_some() {
            let what = if class == Class::Shape {
                "shape"
            } else {
                "dtype-like"
            };
            cx.error_spanned_by(
                &ident,
                format!(
                    "{what} parameter `{ident}` is positional (as in the Array API): drop `#[kw]`"
                ),
            );
            Class::Other // reported: passed through as declared, so no second error
        } else {
            class
        };
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
    (params, has_out)
}

/// A parameter's class marker: `#[axes]`, `#[axis]`, `#[axis(inserted)]` or `#[index]`.
pub(super) enum Marker {
    Axes,
    Axis { inserted: bool },
    Index,
}

impl Marker {
    fn name(&self) -> &'static str {
        match self {
            Marker::Axes => "axes",
            Marker::Axis { .. } => "axis",
            Marker::Index => "index",
        }
    }
}

/// Removes and reads the parameter's class marker (one at most).
fn param_marker(cx: &mut Ctxt, attrs: &mut Vec<Attribute>) -> Option<Marker> {
    let mut found = Vec::new();
    for name in ["axes", "axis", "index"] {
        while let Some(a) = take_param_attr(attrs, name) {
            found.push((name, a));
        }
    }
    let mut marker = None;
    for (i, (name, a)) in found.iter().enumerate() {
        if i > 0 {
            cx.error_spanned_by(
                a,
                "a parameter takes one of `#[axes]`, `#[axis]`, `#[index]`",
            );
            continue;
        }
        let inserted = match (&a.meta, *name) {
            (syn::Meta::Path(_), _) => false,
            (syn::Meta::List(l), "axis") => match syn::parse2::<Ident>(l.tokens.clone()) {
                Ok(id) if id == "inserted" => true,
                _ => {
                    cx.error_spanned_by(
                        l,
                        "write `#[axis]`, or `#[axis(inserted)]` for an axis of the result's new dimension (counted against the rank plus one)",
                    );
                    false
                }
            },
            _ => {
                cx.error_spanned_by(a, format!("write `#[{name}]`, with no arguments"));
                false
            }
        };
        marker = Some(match *name {
            "axes" => Marker::Axes,
            "axis" => Marker::Axis { inserted },
            _ => Marker::Index,
        });
    }
    marker
}

/// The class a marker gives a parameter of type `ty` (classified `class` without it), or
/// the type it needs.
fn marked_class(m: &Marker, ty: &syn::Type, class: Class) -> Result<Class, &'static str> {
    let is_i64 = |t: &syn::Type| matches!(t, syn::Type::Path(tp) if tp.path.is_ident("i64"));
    match m {
        Marker::Index if class == Class::Array => Ok(Class::Index),
        Marker::Index => Err("`&Array`"),
        Marker::Axis { inserted } => match option_inner(ty) {
            Some(t) if is_i64(t) => Ok(Class::Axis {
                optional: true,
                inserted: *inserted,
            }),
            None if is_i64(ty) => Ok(Class::Axis {
                optional: false,
                inserted: *inserted,
            }),
            _ => Err("`i64` or `Option<i64>`"),
        },
        Marker::Axes => {
            let vec_i64 = option_inner(ty).and_then(|v| match v {
                syn::Type::Path(tp) => {
                    let seg = tp.path.segments.last()?;
                    let syn::PathArguments::AngleBracketed(a) = &seg.arguments else {
                        return None;
                    };
                    match a.args.first()? {
                        syn::GenericArgument::Type(t) if seg.ident == "Vec" && is_i64(t) => {
                            Some(())
                        }
                        _ => None,
                    }
                }
                _ => None,
            });
            vec_i64.map(|()| Class::Axes).ok_or("`Option<Vec<i64>>`")
        }
    }
}

/// `#[kw(default = expr)]`
pub(super) struct KwDefault(pub(super) Expr);

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

/// The per-backend unsupported dtypes declared on a compositional or mixed op.
fn parse_backend_unsupported(
    cx: &mut Ctxt,
    kind: Kind,
    spec_attrs: &[(Helper, Attribute)],
) -> Vec<(ivy_core::Backend, ivy_core::DtypeSet)> {
    let mut backend_unsupported = Vec::new();
    for (h, attr) in spec_attrs {
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
    backend_unsupported
}

/// `candle = ("float16", "int"), ndarray = ("bool",)`
pub(super) struct BackendSpecs(Vec<(Ident, Vec<syn::LitStr>)>);

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
pub(super) fn parse_backend_specs(
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
                format!(
                    "unknown backend `{b}`; valid backends are: {}",
                    ivy_core::Backend::NAMES.join(", ")
                ),
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
