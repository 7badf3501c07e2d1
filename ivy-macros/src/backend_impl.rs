//! `#[backend_impl] impl XBackend for SomeBackend { … }`: strips and checks the helper
//! attributes of each method and records them as the trait's support constants.

use crate::attrs::{take_helpers, Helper};
use crate::ctxt::Ctxt;
use crate::spec::Spec;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use std::collections::BTreeMap;
use syn::ext::IdentExt;
use syn::{FnArg, ImplItem, ItemImpl, Pat};

#[derive(Default)]
struct Info {
    base_present: bool,
    native_out: bool,
    /// `(is_supported_spec, spec)`
    spec: Option<(bool, Spec)>,
    /// `(is_supported_spec, device spec)`
    devices: Option<(bool, Spec)>,
    /// Dtypes rejected per device kind (cpu, cuda).
    device_dtypes: Option<[Spec; 2]>,
    /// Dtypes computed on the host (CPU only).
    host: Option<Spec>,
    span: Option<proc_macro2::Span>,
}

pub fn expand(attr: TokenStream, item: TokenStream) -> TokenStream {
    let mut cx = Ctxt::default();
    if !attr.is_empty() {
        cx.error_spanned_by(&attr, "`#[backend_impl]` takes no arguments");
    }
    let mut imp: ItemImpl = match syn::parse2(item.clone()) {
        Ok(i) => i,
        Err(e) => {
            let err = syn::Error::new(
                e.span(),
                "`#[backend_impl]` goes on `impl <Category>Backend for <Backend> { … }`",
            )
            .to_compile_error();
            return quote!(#err #item);
        }
    };
    if imp.trait_.is_none() {
        cx.error_spanned_by(
            &imp.self_ty,
            "`#[backend_impl]` goes on a trait impl: `impl <Category>Backend for <Backend>`",
        );
    }
    // The backend, when the impl names one of ivy's own: its invalid dtypes are never listed
    // in a spec (they are not per-op gaps: the backend cannot hold them at all).
    let backend = match &*imp.self_ty {
        syn::Type::Path(tp) => tp
            .path
            .segments
            .last()
            .and_then(|s| ivy_core::Backend::from_type_name(&s.ident.to_string())),
        _ => None,
    };
    let check_named = |cx: &mut Ctxt, spec: &Spec| {
        if let Some(b) = backend {
            for (lit, d) in &spec.named {
                if !b.valid_dtypes().contains(*d) {
                    cx.error_spanned_by(
                        lit,
                        format!(
                            "backend {b} has no dtype {d} at all (its invalid dtypes: {}); a spec lists only the dtypes an op lacks among those the backend holds — remove `{d}`",
                            ivy_core::DtypeSet::VALID.difference(b.valid_dtypes())
                        ),
                    );
                }
            }
        }
    };
    // A spec on the impl block covers every method (Ivy's decorator over a whole module); a
    // method's own spec adds to it.
    let mut block: Option<(bool, Spec)> = None;
    for (h, a) in take_helpers(&mut imp.attrs) {
        match h {
            Helper::WithUnsupportedDtypes | Helper::WithSupportedDtypes if block.is_none() => {
                if let syn::Meta::List(l) = &a.meta {
                    if let Some(spec) = Spec::from_tokens(&mut cx, l.tokens.clone()) {
                        check_named(&mut cx, &spec);
                        block = Some((h == Helper::WithSupportedDtypes, spec));
                    }
                } else {
                    cx.error_spanned_by(&a, format!("`#[{}]` needs a spec", h.name()));
                }
            }
            Helper::WithUnsupportedDtypes | Helper::WithSupportedDtypes => cx.error_spanned_by(
                &a,
                "the impl block already has a dtype spec: give one per block, and refine it on methods",
            ),
            other => cx.error_spanned_by(
                &a,
                format!(
                    "`#[{}]` does not go on a backend impl block; only `#[with_(un)supported_dtypes]` does",
                    other.name()
                ),
            ),
        }
    }
    let mut infos: BTreeMap<String, Info> = BTreeMap::new();
    for it in &mut imp.items {
        let ImplItem::Fn(f) = it else { continue };
        let name = f.sig.ident.unraw().to_string();
        let helpers = take_helpers(&mut f.attrs);
        // The declaration's `out: Option<&mut Array>` copied into a backend method: a base
        // method never takes `out` (the dispatcher writes its result), and a native one is a
        // separate `<op>_out(…, out: &mut Array)`. Reported once; the parameter is dropped
        // from the emitted method (bound to `None` in its body) so nothing else cascades.
        let optional_out = f.sig.inputs.iter().enumerate().find_map(|(i, a)| match a {
            FnArg::Typed(pt) if is_optional_out(a) => Some((i, pt.clone())),
            _ => None,
        });
        if let Some((i, pt)) = optional_out {
            let base = name.strip_suffix("_out").unwrap_or(&name);
            cx.error_spanned_by(
                &pt,
                format!(
                    "a backend method never takes `out: Option<&mut Array>` (the dispatcher writes the result into `out`): drop the `out` parameter from `{name}`; to write into `out` natively, add a separate `fn {base}_out(…, out: &mut Array) -> Result<()>` marked `#[support_native_out]`"
                ),
            );
            f.sig.inputs = std::mem::take(&mut f.sig.inputs)
                .into_iter()
                .enumerate()
                .filter(|(j, _)| *j != i)
                .map(|(_, a)| a)
                .collect();
            let ty = &pt.ty;
            f.block.stmts.insert(
                0,
                syn::parse_quote!(#[allow(unused_variables)] let out: #ty = ::core::option::Option::None;),
            );
        }
        let out_param = f.sig.inputs.iter().find_map(|a| match a {
            FnArg::Typed(pt) => match &*pt.pat {
                Pat::Ident(pi) if pi.ident == "out" => Some(pt.clone()),
                _ => None,
            },
            _ => None,
        });
        let mut native_out_attr = None;
        let mut spec_attr: Option<(Helper, syn::Attribute)> = None;
        let mut device_attrs: Vec<(Helper, syn::Attribute)> = Vec::new();
        let mut host_attr: Option<syn::Attribute> = None;
        for (h, a) in helpers {
            match h {
                Helper::HostDtypes => {
                    if host_attr.is_some() {
                        cx.error_spanned_by(&a, "`#[host_dtypes]` may only be given once");
                    } else {
                        host_attr = Some(a);
                    }
                }
                Helper::SupportNativeOut => {
                    if native_out_attr.is_some() {
                        cx.error_spanned_by(&a, "`#[support_native_out]` may only be given once");
                    }
                    native_out_attr = Some(a);
                }
                Helper::WithUnsupportedDtypes | Helper::WithSupportedDtypes => {
                    if let Some((prev, _)) = &spec_attr {
                        cx.error_spanned_by(
                            &a,
                            format!(
                                "`{name}` already has `#[{}]`: give either the supported or the unsupported dtypes of a method, not both",
                                prev.name()
                            ),
                        );
                    } else {
                        spec_attr = Some((h, a));
                    }
                }
                Helper::WithUnsupportedDevices
                | Helper::WithSupportedDevices
                | Helper::WithUnsupportedDeviceAndDtypes => device_attrs.push((h, a)),
                Helper::UnsupportedDtypes | Helper::SupportedDtypes => cx.error_spanned_by(
                    &a,
                    format!(
                        "`#[{}]` (per backend) goes on a compositional or mixed declaration; on a backend method write `#[with_{}]`",
                        h.name(),
                        h.name()
                    ),
                ),
                other => cx.error_spanned_by(
                    &a,
                    format!(
                        "`#[{}]` belongs on the op declaration inside the `#[ivy::category]` module, not on a backend method",
                        other.name()
                    ),
                ),
            }
        }
        let base = match &out_param {
            Some(_) => name.strip_suffix("_out").unwrap_or(&name).to_string(),
            None => name.clone(),
        };
        let info = infos.entry(base.clone()).or_default();
        match (&native_out_attr, &out_param) {
            (Some(a), None) => cx.error_spanned_by(
                a,
                format!(
                    "`#[support_native_out]` on `{name}`, which takes no `out`: implement `fn {name}_out(…, out: &mut Array) -> Result<()>` that writes into `out`, or remove the attribute"
                ),
            ),
            (None, Some(pt)) => cx.error_spanned_by(
                pt,
                format!(
                    "`{name}` takes `out` but is not marked `#[support_native_out]`: add the attribute (the flag must match what the function does), or drop the `out` method and let the dispatcher write the result"
                ),
            ),
            (Some(_), Some(_)) => {
                if !name.ends_with("_out") {
                    cx.error_spanned_by(
                        &f.sig.ident,
                        format!("a method writing into `out` is named `<op>_out`: rename `{name}` to `{name}_out`"),
                    );
                }
                info.native_out = true;
            }
            (None, None) => {
                info.base_present = true;
                info.span = Some(f.sig.ident.span());
            }
        }
        for (h, a) in device_attrs {
            let syn::Meta::List(l) = &a.meta else {
                cx.error_spanned_by(&a, format!("`#[{}]` needs a spec", h.name()));
                continue;
            };
            if out_param.is_some() {
                cx.error_spanned_by(
                    &a,
                    format!("give the device spec on `{base}`, not on `{name}`: it covers both"),
                );
                continue;
            }
            match h {
                Helper::WithUnsupportedDeviceAndDtypes => {
                    if info.device_dtypes.is_some() {
                        cx.error_spanned_by(
                            &a,
                            "`#[with_unsupported_device_and_dtypes]` may only be given once",
                        );
                    }
                    info.device_dtypes = crate::spec::device_dtype_specs(&mut cx, l.tokens.clone());
                }
                _ => {
                    if info.devices.is_some() {
                        cx.error_spanned_by(
                            &a,
                            "give either the supported or the unsupported devices of a method, once",
                        );
                    }
                    if let Some(spec) = Spec::devices_from_tokens(&mut cx, l.tokens.clone()) {
                        info.devices = Some((h == Helper::WithSupportedDevices, spec));
                    }
                }
            }
        }
        if let Some(a) = host_attr {
            match &a.meta {
                syn::Meta::List(l) if out_param.is_none() => {
                    if let Some(spec) = Spec::from_tokens(&mut cx, l.tokens.clone()) {
                        check_named(&mut cx, &spec);
                        info.host = Some(spec);
                    }
                }
                syn::Meta::List(_) => cx.error_spanned_by(
                    &a,
                    format!("give `#[host_dtypes]` on `{base}`, not on `{name}`: it covers both"),
                ),
                _ => cx.error_spanned_by(
                    &a,
                    "`#[host_dtypes]` needs a spec: ({\"0.11.1 and below\": (\"integer\",)}), the dtypes this method computes on the host (allowed on the CPU device only)",
                ),
            }
        }
        if let Some((h, a)) = spec_attr {
            if out_param.is_some() {
                cx.error_spanned_by(
                    &a,
                    format!("give the dtype spec on `{base}`, not on `{name}`: it covers both"),
                );
            } else {
                let tokens = match &a.meta {
                    syn::Meta::List(l) => l.tokens.clone(),
                    _ => {
                        cx.error_spanned_by(
                            &a,
                            format!(
                                "`#[{}]` needs a spec: ({{\"0.11.1 and below\": (\"int64\",)}})",
                                h.name()
                            ),
                        );
                        continue;
                    }
                };
                if let Some(spec) = Spec::from_tokens(&mut cx, tokens) {
                    check_named(&mut cx, &spec);
                    info.spec = Some((h == Helper::WithSupportedDtypes, spec));
                }
            }
        }
    }
    let p = quote!(::ivy::__private);
    let consts = infos.iter().map(|(name, info)| {
        let upper = match info.span {
            Some(s) => format_ident!("{}", name.to_uppercase(), span = s),
            None => format_ident!("{}", name.to_uppercase()),
        };
        let resolve = |spec: &Option<(bool, Spec)>| match spec {
            None => quote!(#p::DtypeSet::EMPTY),
            Some((false, spec)) => {
                let s = spec.to_tokens();
                quote!(#p::resolve_spec(#s, <Self as #p::BackendInfo>::VERSION))
            }
            Some((true, spec)) => {
                let s = spec.to_tokens();
                quote!(#p::DtypeSet::VALID.difference(#p::resolve_spec(#s, <Self as #p::BackendInfo>::VERSION)))
            }
        };
        let unsupported = match (&block, &info.spec) {
            (None, _) => resolve(&info.spec),
            (Some(_), None) => resolve(&block),
            (Some(_), Some(_)) => {
                let (a, b) = (resolve(&block), resolve(&info.spec));
                quote!(#a.union(#b))
            }
        };
        let (native, native_out) = (info.base_present, info.native_out);
        let unsupported_devices = match &info.devices {
            None => quote!(#p::DeviceSet::EMPTY),
            Some((supported, spec)) => {
                let s = spec.to_tokens();
                let r = quote!(#p::resolve_device_spec(#s, <Self as #p::BackendInfo>::VERSION));
                if *supported {
                    quote!(#p::DeviceSet::ALL.difference(#r))
                } else {
                    r
                }
            }
        };
        let host = match &info.host {
            None => quote!(#p::DtypeSet::EMPTY),
            Some(spec) => {
                let s = spec.to_tokens();
                quote!(#p::resolve_spec(#s, <Self as #p::BackendInfo>::VERSION))
            }
        };
        // host dtypes are rejected on every device but the CPU
        let device_dtypes = match (&info.device_dtypes, &info.host) {
            (None, None) => quote!([#p::DtypeSet::EMPTY, #p::DtypeSet::EMPTY]),
            (None, Some(_)) => quote!([#p::DtypeSet::EMPTY, #host]),
            (Some([cpu, cuda]), _) => {
                let (c, g) = (cpu.to_tokens(), cuda.to_tokens());
                quote!([
                    #p::resolve_spec(#c, <Self as #p::BackendInfo>::VERSION),
                    #p::resolve_spec(#g, <Self as #p::BackendInfo>::VERSION).union(#host),
                ])
            }
        };
        quote! {
            const #upper: #p::ImplInfo = #p::ImplInfo {
                unsupported: #unsupported,
                native: #native,
                native_out: #native_out,
                unsupported_devices: #unsupported_devices,
                device_dtypes: #device_dtypes,
                host: #host,
            };
        }
    });
    let consts: Vec<_> = consts.collect();
    let errors = cx.into_compile_errors();
    let ItemImpl {
        attrs,
        defaultness,
        unsafety,
        impl_token,
        generics,
        trait_,
        self_ty,
        items,
        brace_token,
    } = imp;
    let (impl_generics, _, where_clause) = generics.split_for_impl();
    let trait_tokens = trait_.map(|(bang, path, for_)| quote!(#bang #path #for_));
    let mut out = quote! {
        #errors
        #(#attrs)*
        #defaultness #unsafety #impl_token #impl_generics #trait_tokens #self_ty #where_clause
    };
    // The impl's own braces (not the attribute's span): errors about the impl as a whole,
    // such as a missing trait item (E0046), then point at `impl … for …`.
    brace_token.surround(&mut out, |out| {
        out.extend(quote!(#(#consts)* #(#items)*));
    });
    out
}

/// A parameter `out: Option<&mut …>`: the op declaration's optional out, which no backend
/// method takes.
fn is_optional_out(arg: &FnArg) -> bool {
    let FnArg::Typed(pt) = arg else { return false };
    let Pat::Ident(pi) = &*pt.pat else {
        return false;
    };
    let syn::Type::Path(tp) = &*pt.ty else {
        return false;
    };
    pi.ident == "out"
        && tp.path.segments.last().is_some_and(|s| {
            s.ident == "Option"
                && matches!(&s.arguments, syn::PathArguments::AngleBracketed(a)
                    if matches!(a.args.first(), Some(syn::GenericArgument::Type(syn::Type::Reference(r))) if r.mutability.is_some()))
        })
}
