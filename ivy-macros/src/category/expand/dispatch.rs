//! Dispatch: the per-backend step `__tan_impl::<B>` (promote operands, check that the
//! arrays share a device, infer dtype and device, check dtype and device support, run
//! `#[check]`, call the backend) and the core entry (`tan_into` / `tan_with` / `tan`) that
//! converts the arguments and chooses between a backend and the compositional body.

use super::OpCx;
use crate::category::model::{Class, Family, Kind};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use syn::ext::IdentExt;
use syn::Ident;

/// The per-backend step (nothing for a compositional op).
pub(super) fn impl_fn(cx: &OpCx) -> TokenStream {
    let op = cx.op;
    if !matches!(op.kind, Kind::Primary | Kind::Mixed) {
        return quote!();
    }
    let (p, trait_ident, upper) = (cx.p, &cx.cat.trait_ident, &cx.upper);
    let (impl_ident, impl_out_param, impl_ret) = (&cx.impl_ident, &cx.out_param, &cx.into_ret);
    let impl_params: Vec<TokenStream> = op
        .params
        .iter()
        .map(|prm| {
            let id = &prm.ident;
            let ty = prm.impl_ty(p);
            quote!(#id: #ty)
        })
        .collect();
    let promote = promote(cx);
    let same_device = same_device(cx);
    let infer = infer(cx);
    let mixed_declared = mixed_declared(cx);
    let checks = dtype_checks(cx);
    let device_checks = device_checks(cx);
    let axes = normalize_axes(cx);
    // `#[check(f)]`: shared argument checks, once, before the backend is called.
    // `#[check(f -> Plan)]`: its result is the plan passed to the backend.
    let arg_check = match (&op.check, &op.plan) {
        (Some(f), Some(plan)) => {
            let (name_s, all_names) = (&cx.name_s, &cx.all_names);
            quote!(let __plan: #plan = #f(#name_s, #(&#all_names),*)?;)
        }
        (Some(f), None) => {
            let (name_s, all_names) = (&cx.name_s, &cx.all_names);
            quote!(#f(#name_s, #(&#all_names),*)?;)
        }
        (None, _) => quote!(),
    };
    let call = backend_call(cx);
    quote! {
        #[doc(hidden)]
        #[inline(always)]
        #[allow(clippy::too_many_arguments)]
        fn #impl_ident<__B: #trait_ident>(__backend: #p::Backend, #(#impl_params,)* #impl_out_param) -> #impl_ret {
            let _ = __backend;
            #promote
            #same_device
            #infer
            let __rejected = <__B as #p::BackendInfo>::INVALID.union(<__B as #trait_ident>::#upper.unsupported);
            #mixed_declared
            #(#checks)*
            #device_checks
            #axes
            #arg_check
            #call
        }
    }
}

/// Operands promoted together to arrays of one dtype on the chosen backend; the arrays of a
/// sequence parameter, promoted together the same way.
fn promote(cx: &OpCx) -> TokenStream {
    let (p, name_s) = (cx.p, &cx.name_s);
    let operands: Vec<&Ident> = cx
        .op
        .params
        .iter()
        .filter(|p| p.class == Class::Operand)
        .map(|p| &p.ident)
        .collect();
    let seqs = cx.seqs.iter().map(|prm| {
        let id = &prm.ident;
        rebind_seq(p, id, "prom", quote!(#p::promote_seq(#id)))
    });
    let seqs = quote!(#(#seqs)*);
    if operands.is_empty() {
        seqs
    } else {
        // a comparison keeps the operands whose promotion would change a value (its family
        // compares integers of two dtypes exactly)
        // an op with a `#[check]` owns its shape rules (`matmul`); others broadcast
        let promote = if cx.op.family == Some(Family::Compare) {
            quote!(#p::family::compare_operands)
        } else if cx.op.check.is_some() {
            quote!(#p::promote_operands_as_checked)
        } else {
            quote!(#p::promote_operands)
        };
        quote! {
            let mut __store = ::core::default::Default::default();
            let [#(#operands),*] = #promote(#name_s, __backend, [#(#operands),*], &mut __store)?;
            #seqs
        }
    }
}

/// The arrays of the call (inputs after promotion, `&mut` arrays, indices, sequences,
/// optional arrays, then `out`) share one device, or `Error::DeviceMismatch`. Guarded by a
/// constant of the backend (`many_devices`), so a CPU-only backend runs nothing; omitted
/// when the op has fewer than two arrays.
fn same_device(cx: &OpCx) -> TokenStream {
    let (p, name_s, op) = (cx.p, &cx.name_s, cx.op);
    let fixed: Vec<&Ident> = op
        .params
        .iter()
        .filter(|prm| {
            prm.class.is_one_array() || matches!(prm.class, Class::Operand | Class::ArrayMut)
        })
        .map(|prm| &prm.ident)
        .collect();
    if fixed.len() + usize::from(op.has_out) < 2 && cx.many.is_empty() {
        return quote!();
    }
    let devs = with_seqs(cx, quote!(#(#fixed.device()),*), |a| quote!(#a.device()));
    let out = if op.has_out {
        quote!(out.as_deref().map(#p::Array::device))
    } else {
        quote!(::core::option::Option::None)
    };
    quote! {
        if #p::many_devices::<__B>() {
            #p::same_device(#name_s, #devs, #out)?;
        }
    }
}

/// `#[infer_dtype]` / `#[infer_device]`: the missing dtype or device from the arguments.
fn infer(cx: &OpCx) -> TokenStream {
    let (p, op) = (cx.p, cx.op);
    let mut t = TokenStream::new();
    if op.infer_dtype {
        let array_dtypes = cx.array_like.iter().map(|prm| {
            let id = &prm.ident;
            quote!(#id.dtype())
        });
        let scalars = op
            .params
            .iter()
            .filter(|prm| {
                matches!(prm.class, Class::Scalar | Class::Data)
                    || (prm.class == Class::Other && is_opt_scalar(&prm.ty))
            })
            .map(|prm| {
                let id = &prm.ident;
                quote!(#p::DtypeHint::hint(&#id))
            });
        let array_dtypes = with_seqs(cx, quote!(#(#array_dtypes),*), |a| quote!(#a.dtype()));
        // an explicit dtype is taken as it is: the arguments' hints (a scalar's default
        // dtype, a nested list's inferred one) are computed only when it is absent
        t.extend(quote! {
            let dtype: #p::Dtype = match dtype {
                ::core::option::Option::Some(__d) => __d,
                ::core::option::Option::None => #p::infer_dtype(
                    ::core::option::Option::None, #array_dtypes, &[#(#scalars),*],
                ),
            };
        });
    }
    if op.infer_device {
        let devs = cx.array_like.iter().map(|prm| {
            let id = &prm.ident;
            quote!(#id.device())
        });
        let devs = with_seqs(cx, quote!(#(#devs),*), |a| quote!(#a.device()));
        t.extend(quote! {
            let device: #p::Device = #p::infer_device(device, #devs);
        });
    }
    t
}

/// A mixed op run by its body on this backend (no native override) also rejects the dtypes
/// outside its body's support (its callees' intersection less its declared dtypes: what
/// the registry answers there), computed once per backend ([`body_rejected`]).
fn mixed_declared(cx: &OpCx) -> TokenStream {
    let op = cx.op;
    if op.kind == Kind::Mixed && (has_callees(op) || !op.backend_unsupported.is_empty()) {
        let (trait_ident, upper) = (&cx.cat.trait_ident, &cx.upper);
        let body = body_rejected(cx, quote!(__B::BACKEND));
        quote! {
            let __rejected = if <__B as #trait_ident>::#upper.native {
                __rejected
            } else {
                __rejected.union(#body)
            };
        }
    } else {
        quote!()
    }
}

/// The body calls some op: its support is the intersection of theirs.
fn has_callees(op: &crate::category::model::Op) -> bool {
    !crate::category::callees::op_callees(op).is_empty()
}

/// The dtypes the op's body rejects on backend `b` (an expression of type `Backend`): those
/// outside `registry::body_support`, cached per op in a `static` (one atomic load and a
/// bitmask afterwards). An op whose body runs the caller's code (`impl Fn` parameters) or
/// reads Containers cannot be judged by its callees: only its declared dtypes.
fn body_rejected(cx: &OpCx, b: TokenStream) -> TokenStream {
    let (p, meta_ident, op) = (cx.p, &cx.meta_ident, cx.op);
    let judged = !op.container_dependent
        && !op
            .params
            .iter()
            .any(|prm| crate::category::model::takes_fn(&prm.ty));
    if judged {
        quote!({
            static __BODY_SUPPORT: #p::BodySupport = #p::BodySupport::new();
            __BODY_SUPPORT.rejected(&#meta_ident, #b)
        })
    } else {
        quote!(#meta_ident.declared_unsupported(#b))
    }
}

/// Before a body runs: its `&Array` inputs outside the body's support on their (or the
/// current) backend are cast under a casting mode, else refused with
/// `Error::UnsupportedDtype` naming the op, as a primary op's are (nothing when the op has
/// no `&Array` input, or its body calls no op and declares no dtype).
fn body_dtype_checks(cx: &OpCx) -> TokenStream {
    let (p, op, name_s) = (cx.p, cx.op, &cx.name_s);
    let arrays: Vec<&Ident> = op
        .params
        .iter()
        .filter(|p| p.class == Class::Array)
        .map(|p| &p.ident)
        .collect();
    if arrays.is_empty() || (!has_callees(op) && op.backend_unsupported.is_empty()) {
        return quote!();
    }
    let stores: Vec<Ident> = arrays
        .iter()
        .map(|id| format_ident!("__cast_{}", id))
        .collect();
    let rejected = body_rejected(cx, quote!(__b));
    quote! {
        // dtypes the body does not support on the arrays' (or the current) backend
        let (__rejected, __b) = match #p::backend_of(#name_s, &[#(::core::option::Option::Some(#arrays.backend())),*]) {
            ::core::result::Result::Ok(__b) => (#rejected, __b),
            ::core::result::Result::Err(_) => (#p::DtypeSet::EMPTY, #p::Backend::Ndarray),
        };
        #(
            let mut #stores = ::core::option::Option::None;
            let #arrays: &#p::Array = #p::supported_input(#name_s, __rejected, #arrays, &mut #stores, __b, #p::backend_version(__b))?;
        )*
    }
}

/// Each array input (promoted operands included) must have a dtype the op supports on
/// the backend; under a casting mode an unsupported one is cast (Ivy's casting modes).
fn dtype_checks(cx: &OpCx) -> Vec<TokenStream> {
    let (p, name_s) = (cx.p, &cx.name_s);
    let mut v: Vec<TokenStream> = cx
        .array_like
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
    v.extend(cx.seqs.iter().map(|prm| {
        let id = &prm.ident;
        let call =
            quote!(#p::supported_seq(#name_s, __rejected, #id, __B::BACKEND, __B::VERSION_STR));
        rebind_seq(p, id, "cast", call)
    }));
    v.extend(cx.many.iter().filter(|prm| prm.class == Class::OptArray).map(|prm| {
        let id = &prm.ident;
        let store = format_ident!("__cast_{}", id);
        quote! {
            let mut #store = ::core::option::Option::None;
            let #id: ::core::option::Option<&#p::Array> = match #id {
                ::core::option::Option::Some(__x) => ::core::option::Option::Some(
                    #p::supported_input(#name_s, __rejected, __x, &mut #store, __B::BACKEND, __B::VERSION_STR)?,
                ),
                ::core::option::Option::None => ::core::option::Option::None,
            };
        }
    }));
    v.extend(cx.indices.iter().map(|prm| {
        let (id, id_s) = (&prm.ident, prm.ident.unraw().to_string());
        quote!(#p::index_input(#name_s, #id_s, #id)?;)
    }));
    if cx.op.infer_dtype {
        v.push(quote! {
            let dtype: #p::Dtype = #p::supported_dtype(#name_s, __rejected, dtype, __B::BACKEND, __B::VERSION_STR)?;
        });
    }
    v
}

/// `#[axes]` / `#[axis]`: normalised against the rank of the first array argument (a
/// sequence's first array), so checks and backends see non-negative axes only.
fn normalize_axes(cx: &OpCx) -> TokenStream {
    let (p, name_s) = (cx.p, &cx.name_s);
    let axes: Vec<_> = cx
        .op
        .params
        .iter()
        .filter(|prm| matches!(prm.class, Class::Axes | Class::Axis { .. }))
        .collect();
    if axes.is_empty() {
        return quote!();
    }
    // validation guarantees an array parameter
    let Some(first) = cx.op.params.iter().find(|prm| {
        prm.class.is_array_like() || matches!(prm.class, Class::ArrayMut | Class::Arrays)
    }) else {
        return quote!();
    };
    let (fid, fid_s) = (&first.ident, first.ident.unraw().to_string());
    let rank = match first.class {
        Class::Arrays => quote!(#p::seq_rank(#name_s, #fid_s, #fid)?),
        _ => quote!(#fid.ndim()),
    };
    let each = axes.iter().map(|prm| {
        let (id, id_s) = (&prm.ident, prm.ident.unraw().to_string());
        match prm.class {
            Class::Axes => {
                let store = format_ident!("__axes_{}", id);
                quote! {
                    let #store = #p::normalize_axes(#name_s, #id_s, #id.as_deref(), __rank)?;
                    let #id: &[usize] = &#store;
                }
            }
            Class::Axis { optional, inserted } => {
                let rank = if inserted {
                    quote!(__rank + 1)
                } else {
                    quote!(__rank)
                };
                if optional {
                    quote! {
                        let #id: ::core::option::Option<usize> = match #id {
                            ::core::option::Option::Some(__a) => ::core::option::Option::Some(#p::normalize_axis(#name_s, __a, #rank)?),
                            ::core::option::Option::None => ::core::option::Option::None,
                        };
                    }
                } else {
                    quote!(let #id: usize = #p::normalize_axis(#name_s, #id, #rank)?;)
                }
            }
            _ => quote!(),
        }
    });
    quote! {
        let __rank: usize = #rank;
        #(#each)*
    }
}

/// Device specs: a constant per backend, so this folds away when the backend has none.
fn device_checks(cx: &OpCx) -> TokenStream {
    let (p, name_s, op) = (cx.p, &cx.name_s, cx.op);
    let mut v: Vec<TokenStream> = cx
        .array_like
        .iter()
        .chain(&cx.indices)
        .map(|prm| {
            let id = &prm.ident;
            quote!(#p::check_device(#name_s, __info, #id.device(), #id.dtype(), __B::BACKEND, __B::VERSION_STR)?;)
        })
        .collect();
    v.extend(cx.many.iter().map(|prm| {
        let id = &prm.ident;
        quote! {
            for __a in #id.iter() {
                #p::check_device(#name_s, __info, __a.device(), __a.dtype(), __B::BACKEND, __B::VERSION_STR)?;
            }
        }
    }));
    if op.infer_device && op.infer_dtype {
        v.push(quote!(#p::check_device(#name_s, __info, device, dtype, __B::BACKEND, __B::VERSION_STR)?;));
    }
    if v.is_empty() {
        quote!()
    } else {
        let (trait_ident, upper) = (&cx.cat.trait_ident, &cx.upper);
        quote! {
            let __info = <__B as #trait_ident>::#upper;
            if __info.has_device_specs() {
                #(#v)*
            }
        }
    }
}

/// Rebinds sequence parameter `id` to the arrays `call` gives (`Ok(Some(vec))`), else keeps
/// it (`Ok(None)`: nothing copied).
fn rebind_seq(p: &TokenStream, id: &Ident, what: &str, call: TokenStream) -> TokenStream {
    let (store, refs) = (
        format_ident!("__{}_{}", what, id),
        format_ident!("__{}_refs_{}", what, id),
    );
    quote! {
        let #store = #call?;
        let #refs: ::std::vec::Vec<&#p::Array>;
        let #id: &[&#p::Array] = match &#store {
            ::core::option::Option::None => #id,
            ::core::option::Option::Some(__v) => {
                #refs = __v.iter().collect();
                &#refs
            }
        };
    }
}

/// `&[fixed…]`, or with sequence or optional-array parameters `&{ vec![fixed…] extended by
/// f(each array they hold) }`.
pub(super) fn with_seqs(
    cx: &OpCx,
    fixed: TokenStream,
    f: impl Fn(&TokenStream) -> TokenStream,
) -> TokenStream {
    if cx.many.is_empty() {
        return quote!(&[#fixed]);
    }
    let a = quote!(__a);
    let each = f(&a);
    let ids = cx.many.iter().map(|prm| &prm.ident);
    quote!(&{
        let mut __v = ::std::vec![#fixed];
        #(__v.extend(#ids.iter().map(|__a| #each));)*
        __v
    })
}

/// The backend's method: `tan`, or `tan_out` when `out` is given.
fn backend_call(cx: &OpCx) -> TokenStream {
    let (trait_ident, name) = (&cx.cat.trait_ident, cx.name);
    let mut all_names = cx.all_names.clone();
    if cx.op.plan.is_some() {
        all_names.push(quote!(__plan));
    }
    if cx.op.has_out {
        let name_out = &cx.name_out;
        quote! {
            match out {
                ::core::option::Option::None => <__B as #trait_ident>::#name(#(#all_names),*).map(::core::option::Option::Some),
                ::core::option::Option::Some(out) => <__B as #trait_ident>::#name_out(#(#all_names,)* out).map(|()| ::core::option::Option::None),
            }
        }
    } else {
        quote!(<__B as #trait_ident>::#name(#(#all_names),*))
    }
}

/// The core entry: every argument (keyword struct and `out` included), converted, then
/// run on a backend or by the body.
pub(super) fn core_fn(cx: &OpCx) -> TokenStream {
    let (p, op, name_s) = (cx.p, cx.op, &cx.name_s);
    let (kw_ident, has_kw) = (&cx.kw_ident, cx.has_kw);
    let convert: Vec<TokenStream> = cx
        .positional
        .iter()
        .filter(|prm| {
            matches!(
                prm.class,
                Class::Operand
                    | Class::Array
                    | Class::Arrays
                    | Class::Index
                    | Class::Scalar
                    | Class::Data
                    | Class::Shape
                    | Class::DtypeLike
                    | Class::Bound
            )
        })
        .map(|prm| {
            let id = &prm.ident;
            let store = format_ident!("__arg_{}", id);
            match prm.class {
                // natives become Arrays here: bodies and backends see `&Array`
                Class::Array | Class::Index => {
                    return quote! {
                        let #store = #p::IntoArray::into_array(#id, #name_s)?;
                        let #id: &#p::Array = &#store;
                    };
                }
                // a sequence of natives (or of `Array`s) is converted; `&Array`s pass as is
                Class::Arrays => {
                    let holder = format_ident!("__refs_{}", id);
                    return quote! {
                        let #store = #p::IntoArrays::into_arrays(#id, #name_s)?;
                        let mut #holder = ::std::vec::Vec::new();
                        let #id: &[&#p::Array] = #store.refs(&mut #holder);
                    };
                }
                Class::Operand => {
                    return quote! {
                        let #store = #p::IntoOperand::into_operand(#id, #name_s)?;
                        let #id: #p::Operand<'_> = #store.get();
                    };
                }
                _ => {}
            }
            if prm.class == Class::DtypeLike {
                // the dtype goes on; an array's backend is kept for `backends_expr`
                return quote! {
                    let #store: #p::DtypeLike = ::core::convert::Into::into(#id);
                    let #id: #p::Dtype = #store.dtype();
                };
            }
            if prm.class == Class::Bound {
                return quote!(let #id: #p::ClipBound = ::core::convert::Into::into(#id););
            }
            if prm.class == Class::Shape {
                let store = format_ident!("__shape_{}", id);
                return quote! {
                    let #store: #p::Shape = ::core::convert::Into::into(#id);
                    let #id: &[usize] = &#store;
                };
            }
            let ty = prm.impl_ty(p);
            quote!(let #id: #ty = ::core::convert::Into::into(#id);)
        })
        .collect();
    let unpack_kw = if has_kw {
        let kw_names = cx.kws.iter().map(|k| &k.ident);
        quote!(let #kw_ident { #(#kw_names,)* } = kw;)
    } else {
        quote!()
    };
    let custom = super::dynamic::custom_branch(cx);
    let run = run(cx);
    // a `&mut Array` parameter also takes a native array: the op runs on an Array holding
    // it, which is written back (`IntoArrayMut::with_array`)
    let run = match cx
        .positional
        .iter()
        .find(|prm| prm.class == Class::ArrayMut)
    {
        Some(prm) => {
            let id = &prm.ident;
            let core_ret = &cx.into_ret;
            quote! {
                #p::IntoArrayMut::with_array(#id, #name_s, move |#id: &mut #p::Array| -> #core_ret { #run })
            }
        }
        None => run,
    };
    // every error of the call names the op called (a cast inside a promotion says
    // `bitwise_or`, not `astype`; a body's callees say the body's op), except where the
    // caller's own function runs inside (`impl Fn` parameters): its errors are its own
    let core_ret = &cx.into_ret;
    let run = if op
        .params
        .iter()
        .any(|prm| crate::category::model::takes_fn(&prm.ty))
    {
        run
    } else {
        quote!(#p::named(#name_s, || -> #core_ret { #run }))
    };
    let core_pub_params = {
        let mut v = cx.pos_params.clone();
        if has_kw {
            v.push(quote!(kw: #kw_ident));
        }
        if op.has_out {
            v.push(quote!(out: ::core::option::Option<&mut #p::Array>));
        }
        v
    };
    let core_doc = if op.has_out {
        format!("[`{name_s}`] with every argument: writes into `out` when given (returning `None`), else returns the result.")
    } else if has_kw {
        format!("[`{name_s}`] with keyword arguments.")
    } else {
        String::new()
    };
    let core_docs = if core_doc.is_empty() {
        let docs = &cx.docs;
        quote!(#(#docs)*)
    } else {
        quote!(#[doc = #core_doc])
    };
    let (other_attrs, vis, core_ident, lt, wc) =
        (&cx.other_attrs, cx.vis, &cx.core_ident, &cx.lt, &cx.wc);
    quote! {
        #core_docs
        #(#other_attrs)*
        #[inline]
        #[allow(clippy::too_many_arguments)]
        #vis fn #core_ident #lt(#(#core_pub_params),*) -> #core_ret #wc {
            #custom
            #(#convert)*
            #unpack_kw
            #run
        }
    }
}

/// Choose the path, then run it: a backend (primary), a backend or the body (mixed), the
/// body with declared-unsupported inputs cast (compositional).
fn run(cx: &OpCx) -> TokenStream {
    let (p, op, name_s) = (cx.p, cx.op, &cx.name_s);
    let (impl_ident, all_names, backends_expr) = (&cx.impl_ident, &cx.all_names, &cx.backends_expr);
    let out_forward = if op.has_out { quote!(out) } else { quote!() };
    let body_run = body_run(cx);
    let body_checks = body_dtype_checks(cx);
    // a mixed op's `#[check]` also runs when its body does (no backend set): on the
    // arguments as given, axes normalised in a scope of their own (the body gets them raw)
    // (operands and inferred dtypes/devices are reported by validation: nothing emitted)
    let per_backend = op.params.iter().any(|prm| {
        matches!(
            prm.class,
            Class::Operand | Class::InferDtype | Class::InferDevice
        )
    });
    let body_check = match (&op.check, op.kind) {
        (Some(f), Kind::Mixed) if !per_backend => {
            let (axes, names) = (normalize_axes(cx), &cx.all_names);
            quote!({ #axes #f(#name_s, #(&#names),*)?; })
        }
        _ => quote!(),
    };
    match op.kind {
        Kind::Primary => quote! {
            let __backend = #p::backend_of(#name_s, #backends_expr)?;
            #p::dispatch!(__backend, __B => #impl_ident::<__B>(__backend, #(#all_names,)* #out_forward))
        },
        Kind::Mixed => quote! {
            match #p::backend_for_mixed(#name_s, #backends_expr)? {
                ::core::option::Option::None => {
                    #body_checks
                    #body_check
                    #body_run
                }
                ::core::option::Option::Some(__backend) => #p::dispatch!(__backend, __B => #impl_ident::<__B>(__backend, #(#all_names,)* #out_forward)),
            }
        },
        Kind::Compositional => {
            let checks = body_dtype_checks(cx);
            quote! {
                #checks
                #body_run
            }
        }
        Kind::Standalone => unreachable!(),
    }
}

/// The body's call. A body given `out` may write into it (returning None) or return the
/// value: either way `out` ends up holding the result.
fn body_run(cx: &OpCx) -> TokenStream {
    let (p, name_s, body_ident, body_call_args) = (cx.p, &cx.name_s, &cx.body_ident, &cx.all_names);
    if cx.op.has_out {
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
    }
}

/// `Option<Scalar>`: an optional scalar, a dtype hint when given (`arange`'s `stop`).
fn is_opt_scalar(ty: &syn::Type) -> bool {
    crate::category::model::option_inner(ty)
        .and_then(crate::category::model::type_last_ident)
        .is_some_and(|n| n == "Scalar")
}
