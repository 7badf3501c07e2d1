//! What a category is made of once read: op declarations ([`DeclFn`]), their kind, their
//! parameters (each with a [`Class`] deciding its type in every generated form), and the
//! parsed [`Op`].

use proc_macro2::TokenStream;
use quote::quote;
use syn::parse::{Parse, ParseStream};
use syn::{Attribute, Block, Expr, Ident, ReturnType, Signature, Token, Type, Visibility};

/// A declaration with or without a body.
#[derive(Clone)]
pub(super) struct DeclFn {
    pub(super) attrs: Vec<Attribute>,
    pub(super) vis: Visibility,
    pub(super) sig: Signature,
    pub(super) body: Option<Block>,
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
pub(super) enum Kind {
    Primary,
    Compositional,
    Mixed,
    Standalone,
}

/// The helper attribute's name of a kind (`primary`, …).
pub(super) fn kind_name(k: Kind) -> &'static str {
    match k {
        Kind::Primary => "primary",
        Kind::Compositional => "compositional",
        Kind::Mixed => "mixed",
        Kind::Standalone => "standalone",
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Class {
    /// `&Array`
    Array,
    /// `&mut Array` (updated in place; decides the backend like `&Array`).
    ArrayMut,
    /// `Operand`: an array or a scalar, promoted with the other operands.
    Operand,
    /// `&[&Array]`: a sequence of arrays, each deciding the backend like `&Array`.
    Arrays,
    /// `Option<&Array>`: an optional array, deciding the backend like `&Array` when given.
    OptArray,
    /// `#[index] &Array`: integer indices; decides the backend and device like `&Array`, but
    /// is neither promoted nor dtype-checked against the op's support (it must hold ints).
    Index,
    /// `Shape`: `impl Into<Shape>` in the public forms, `&[usize]` past the dispatcher.
    Shape,
    /// `DtypeLike`: `impl Into<DtypeLike>` (a dtype, or an array for its dtype) in the public
    /// forms, a `Dtype` past the dispatcher; an array given decides the backend.
    DtypeLike,
    /// `ClipBound`: `impl Into<ClipBound>` (none, a scalar or an array: `clip`'s `min` and
    /// `max`) in the public forms, a `ClipBound` past the dispatcher; an array given decides
    /// the backend and takes part in the device check, as an optional array does.
    Bound,
    /// `#[axes] Option<Vec<i64>>`: normalised before dispatch (negative axes resolved,
    /// duplicates rejected, sorted, `None` = every axis); backends get `&[usize]`.
    Axes,
    /// `#[axis] i64` or `Option<i64>`: normalised before dispatch, backends get `usize` /
    /// `Option<usize>`; `inserted` counts it against the rank plus one (a new axis).
    Axis { optional: bool, inserted: bool },
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

impl Class {
    /// An array input of the op: an `&Array` or an `Operand`.
    pub(super) fn is_array_like(self) -> bool {
        matches!(self, Class::Array | Class::Operand | Class::Index)
    }

    /// A parameter that is one `&Array` in every form (`&Array`, `#[index] &Array`).
    pub(super) fn is_one_array(self) -> bool {
        matches!(self, Class::Array | Class::Index)
    }

    /// Zero or more array inputs, known at run time: a sequence, an optional array or a
    /// bound (`x.iter()` gives them either way).
    pub(super) fn is_array_many(self) -> bool {
        matches!(self, Class::Arrays | Class::OptArray | Class::Bound)
    }
}

pub(super) struct Param {
    pub(super) ident: Ident,
    pub(super) ty: Type,
    pub(super) class: Class,
    /// `Some(default)` for keyword arguments.
    pub(super) kw: Option<Option<Expr>>,
}

/// The type of a parameter in each generated form, by class (`p` is the private path).
impl Param {
    /// In the public dispatchers and the Array methods: conversions are accepted.
    pub(super) fn pub_ty(&self, p: &TokenStream) -> TokenStream {
        let ty = &self.ty;
        match self.class {
            Class::Operand => {
                let l = lifetime_of(&self.ident);
                quote!(impl #p::IntoOperand<#l>)
            }
            Class::Array | Class::Index => {
                let l = lifetime_of(&self.ident);
                quote!(impl #p::IntoArray<#l>)
            }
            Class::ArrayMut => quote!(impl #p::IntoArrayMut),
            Class::Arrays => {
                let l = lifetime_of(&self.ident);
                quote!(impl #p::IntoArrays<#l>)
            }
            Class::Scalar => quote!(impl ::core::convert::Into<#p::Scalar>),
            Class::Data => quote!(impl ::core::convert::Into<#p::Data>),
            Class::Shape => quote!(impl ::core::convert::Into<#p::Shape>),
            Class::DtypeLike => quote!(impl ::core::convert::Into<#p::DtypeLike>),
            Class::Bound => quote!(impl ::core::convert::Into<#p::ClipBound>),
            _ => quote!(#ty),
        }
    }

    /// In the backend trait's methods: operands are promoted arrays, inferred dtype and
    /// device are decided.
    pub(super) fn trait_ty(&self, p: &TokenStream) -> TokenStream {
        let ty = &self.ty;
        match self.class {
            Class::Operand => quote!(&#p::Array),
            Class::InferDtype | Class::DtypeLike => quote!(#p::Dtype),
            Class::InferDevice => quote!(#p::Device),
            Class::Scalar => quote!(#p::Scalar),
            Class::Data => quote!(#p::Data),
            Class::Shape | Class::Axes => quote!(&[usize]),
            Class::Axis {
                optional: false, ..
            } => quote!(usize),
            Class::Axis { optional: true, .. } => quote!(::core::option::Option<usize>),
            _ => quote!(#ty),
        }
    }

    /// In the per-backend step, and the converted value of a public argument.
    pub(super) fn impl_ty(&self, p: &TokenStream) -> TokenStream {
        let ty = &self.ty;
        match self.class {
            Class::Operand => quote!(#p::Operand<'_>),
            Class::Scalar => quote!(#p::Scalar),
            Class::Data => quote!(#p::Data),
            Class::Shape => quote!(&[usize]),
            Class::DtypeLike => quote!(#p::Dtype),
            _ => quote!(#ty),
        }
    }

    /// In the private compositional body function.
    pub(super) fn body_ty(&self, p: &TokenStream) -> TokenStream {
        let ty = &self.ty;
        match self.class {
            Class::Operand => quote!(#p::Operand<'_>),
            Class::Shape => quote!(&[usize]),
            Class::DtypeLike => quote!(#p::Dtype),
            _ => quote!(#ty),
        }
    }

    /// In the nested (Container) forms: any array argument may be a Container.
    pub(super) fn nested_ty(&self, p: &TokenStream) -> TokenStream {
        match self.class {
            Class::Array | Class::Operand | Class::Index => {
                let l = lifetime_of(&self.ident);
                quote!(impl ::core::convert::Into<#p::NestArg<#l>>)
            }
            Class::Arrays => {
                let l = lifetime_of(&self.ident);
                quote!(&[#p::NestArg<#l>])
            }
            Class::OptArray => {
                let l = lifetime_of(&self.ident);
                quote!(::core::option::Option<#p::NestArg<#l>>)
            }
            _ => self.pub_ty(p),
        }
    }

    /// The argument a backend trait method passes to the body for this parameter.
    pub(super) fn trait_to_body_arg(&self, p: &TokenStream) -> TokenStream {
        let id = &self.ident;
        match self.class {
            Class::Operand => quote!(#p::Operand::Array(#id)),
            Class::InferDtype | Class::InferDevice => {
                quote!(::core::option::Option::Some(#id))
            }
            Class::Axes => {
                quote!(::core::option::Option::Some(#id.iter().map(|&__a| __a as i64).collect()))
            }
            Class::Axis {
                optional: false, ..
            } => quote!(#id as i64),
            Class::Axis { optional: true, .. } => quote!(#id.map(|__a| __a as i64)),
            _ => quote!(#id),
        }
    }

    /// The expression passing a dispatcher's parameter on to the next layer.
    pub(super) fn forward(&self) -> TokenStream {
        let id = &self.ident;
        quote!(#id)
    }
}

pub(super) struct Op {
    pub(super) decl: DeclFn,
    pub(super) kind: Kind,
    pub(super) nestable: bool,
    pub(super) container_dependent: bool,
    /// `#[global_state]`: changes process-wide state, so its by-name entry answers
    /// `NotCallable`.
    pub(super) global_state: bool,
    pub(super) infer_dtype: bool,
    pub(super) infer_device: bool,
    pub(super) params: Vec<Param>,
    pub(super) has_out: bool,
    /// `T` of `Result<T>`.
    pub(super) ret: Type,
    /// Per-backend dtypes declared unsupported on a compositional/mixed declaration.
    pub(super) backend_unsupported: Vec<(ivy_core::Backend, ivy_core::DtypeSet)>,
    /// `#[check(path)]`: the shared argument check run before any backend is called.
    pub(super) check: Option<syn::Path>,
    /// `#[check(path -> Plan)]`: the type of the plan the check returns; the generated code
    /// passes it to the backend method (primary ops only), so no backend recomputes it.
    pub(super) plan: Option<syn::Type>,
    /// `#[family(unary | binary | predicate | compare)]`: backend methods and support from the
    /// kernel row.
    pub(super) family: Option<Family>,
    /// A `#[family]` attribute that was reported as invalid: the backend method gets an
    /// unreachable default, so backends written either way (relying on the family, or
    /// implementing the method) add no second error.
    pub(super) invalid_family: bool,
}

/// The lifetime of an operand parameter's `impl Into<…<'l>>`.
pub(super) fn lifetime_of(id: &Ident) -> syn::Lifetime {
    syn::Lifetime::new(&format!("'__{id}"), id.span())
}

/// A function parameter (`impl Fn(..)`, `&dyn FnMut(..)`, `Option<&dyn Fn(..)>`…): the
/// caller's code runs inside the op, so its errors are its own (not renamed to the op).
pub(super) fn takes_fn(ty: &Type) -> bool {
    fn any_fn(ts: proc_macro2::TokenStream) -> bool {
        ts.into_iter().any(|t| match t {
            proc_macro2::TokenTree::Ident(i) => i == "Fn" || i == "FnMut" || i == "FnOnce",
            proc_macro2::TokenTree::Group(g) => any_fn(g.stream()),
            _ => false,
        })
    }
    any_fn(quote::ToTokens::to_token_stream(ty))
}

pub(super) fn type_last_ident(ty: &Type) -> Option<String> {
    match ty {
        Type::Path(p) => p.path.segments.last().map(|s| s.ident.to_string()),
        Type::Reference(r) => type_last_ident(&r.elem),
        _ => None,
    }
}

pub(super) fn is_ref(ty: &Type, mutable: bool) -> bool {
    matches!(ty, Type::Reference(r) if r.mutability.is_some() == mutable)
}

/// `Option<X>` → `X`.
pub(super) fn option_inner(ty: &Type) -> Option<&Type> {
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

pub(super) fn result_inner(ret: &ReturnType) -> Option<Type> {
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

/// `Option<&Array>`: an optional array.
pub(super) fn is_opt_array(ty: &Type) -> bool {
    option_inner(ty)
        .is_some_and(|t| is_ref(t, false) && type_last_ident(t).as_deref() == Some("Array"))
}

/// `&[&Array]`: a sequence of arrays.
pub(super) fn is_array_seq(ty: &Type) -> bool {
    let Type::Reference(r) = ty else { return false };
    let Type::Slice(sl) = &*r.elem else {
        return false;
    };
    r.mutability.is_none()
        && is_ref(&sl.elem, false)
        && type_last_ident(&sl.elem).as_deref() == Some("Array")
}

/// The result of an op's nested form, from the op's: `Array` → `Container`, `Vec<Array>` →
/// `Vec<Container>` and a tuple of Arrays → a tuple of Containers (one Container per
/// output); `None` for a result that does not map over Containers.
pub(super) fn nested_ret(ret: &Type, p: &TokenStream) -> Option<TokenStream> {
    let is_array =
        |t: &Type| matches!(t, Type::Path(_)) && type_last_ident(t).as_deref() == Some("Array");
    match ret {
        t if is_array(t) => Some(quote!(#p::Container)),
        Type::Tuple(t) if (2..=4).contains(&t.elems.len()) && t.elems.iter().all(is_array) => {
            let cs = t.elems.iter().map(|_| quote!(#p::Container));
            Some(quote!((#(#cs),*)))
        }
        Type::Path(tp) => {
            let seg = tp.path.segments.last()?;
            let syn::PathArguments::AngleBracketed(args) = &seg.arguments else {
                return None;
            };
            match args.args.first()? {
                syn::GenericArgument::Type(t) if seg.ident == "Vec" && is_array(t) => {
                    Some(quote!(::std::vec::Vec<#p::Container>))
                }
                _ => None,
            }
        }
        _ => None,
    }
}

pub(super) fn camel(s: &str) -> String {
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

/// The kernel families an op can be declared in (`#[family(..)]`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Family {
    /// One `&Array` in, one array of its dtype out: `kernels::<Op>: Unary`.
    Unary,
    /// Two promoted operands in, broadcast: `kernels::<Op>: Binary`.
    Binary,
    /// One `&Array` in, a bool array of its shape out: `kernels::<Op>: Predicate`.
    Predicate,
    /// Two operands in, promoted as for `Binary` (integers compared exactly), a bool array
    /// of their broadcast shape out: `kernels::<Op>: Compare`.
    Compare,
    /// One `&Array` folded over `#[axes]`, with `keepdims` (and optionally a `dtype` to
    /// accumulate in): `kernels::<Op>: Reduction`.
    Reduce,
}

impl Family {
    /// Every family, in the order messages list them.
    pub(super) const ALL: [Family; 5] = [
        Family::Unary,
        Family::Binary,
        Family::Predicate,
        Family::Compare,
        Family::Reduce,
    ];

    /// The family's name: in `#[family(..)]`, and of its functions in `ivy::family`
    /// (`family::unary` / `family::unary_out`).
    pub(super) fn name(self) -> &'static str {
        match self {
            Family::Unary => "unary",
            Family::Binary => "binary",
            Family::Predicate => "predicate",
            Family::Compare => "compare",
            Family::Reduce => "reduce",
        }
    }

    /// The family function an op with `n` parameters (besides `out`) runs: a reduction
    /// with a `dtype` parameter runs `reduce_dtype`.
    pub(super) fn run(self, n: usize) -> &'static str {
        match self {
            Family::Reduce if n == 4 => "reduce_dtype",
            other => other.name(),
        }
    }

    /// The parameters its ops take (besides `out`), for messages.
    pub(super) fn params(self) -> &'static str {
        match self {
            Family::Unary | Family::Predicate => "one parameter `x: &Array`",
            Family::Binary | Family::Compare => "two parameters `x1: Operand, x2: Operand`",
            Family::Reduce => "`x: &Array, #[kw] #[axes] axis: Option<Vec<i64>>, #[kw] keepdims: bool` and optionally `#[kw] dtype: Option<Dtype>`",
        }
    }

    /// Whether an op with these parameters (besides `out`) fits the family.
    pub(super) fn fits(self, params: &[Param]) -> bool {
        let want: &[Class] = match self {
            Family::Unary | Family::Predicate => &[Class::Array],
            Family::Binary | Family::Compare => &[Class::Operand, Class::Operand],
            Family::Reduce => {
                let names = ["x", "axis", "keepdims", "dtype"];
                return matches!(params.len(), 3 | 4)
                    && params.iter().zip(names).all(|(p, n)| p.ident == n)
                    && params[0].class == Class::Array
                    && params[1].class == Class::Axes;
            }
        };
        params.iter().map(|p| p.class).eq(want.iter().copied())
    }
}
