//! Support specs: `{"0.11.1 and below": ("int64", "float"), "0.12 and above": ("int8",)}`.
//!
//! Every dtype name, class name and version key is checked here, at the literal's span.

use crate::ctxt::Ctxt;
use ivy_core::{DtypeSet, VersionRange};
use proc_macro2::{Delimiter, TokenStream, TokenTree};
use quote::quote;
use syn::parse::{Parse, ParseStream};
use syn::{braced, parenthesized, LitStr, Token};

/// One `"key": (dtypes…)` entry.
pub struct Entry {
    pub key: LitStr,
    pub dtypes: Vec<LitStr>,
}

/// A parsed spec, not yet validated.
pub struct RawSpec {
    pub entries: Vec<Entry>,
}

impl Parse for RawSpec {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        if input.peek(LitStr) {
            return Err(
                input.error("expected a version-keyed dict: {\"0.11.1 and below\": (\"int64\",)}")
            );
        }
        let content;
        braced!(content in input);
        let mut entries = Vec::new();
        while !content.is_empty() {
            let key: LitStr = content.parse()?;
            content.parse::<Token![:]>()?;
            if content.peek(LitStr) {
                let bare: LitStr = content.parse()?;
                return Err(syn::Error::new(
                    bare.span(),
                    format!(
                        "expected a tuple of dtype names, found a bare string; write (\"{}\",)",
                        bare.value()
                    ),
                ));
            }
            let tuple;
            parenthesized!(tuple in content);
            let names = tuple.parse_terminated(<LitStr as Parse>::parse, Token![,])?;
            entries.push(Entry {
                key,
                dtypes: names.into_iter().collect(),
            });
            if content.is_empty() {
                break;
            }
            content.parse::<Token![,]>()?;
        }
        if !input.is_empty() {
            return Err(input.error("unexpected tokens after the spec"));
        }
        Ok(RawSpec { entries })
    }
}

/// A validated spec: version ranges with dtype sets (or device sets, for device specs: the
/// bits of a `DeviceSet`).
pub struct Spec {
    pub entries: Vec<(VersionRange, DtypeSet)>,
    /// A device spec (`cpu`, `cuda`) rather than a dtype spec.
    pub devices: bool,
    /// Dtypes named one by one (not through a class), with their literals for errors.
    pub named: Vec<(LitStr, ivy_core::Dtype)>,
}

impl Spec {
    /// Parses and validates a dtype spec; every problem goes to `cx`.
    pub fn from_tokens(cx: &mut Ctxt, tokens: TokenStream) -> Option<Spec> {
        Self::parse_kind(cx, tokens, false)
    }

    /// Parses and validates a device spec (`{"0.11.1 and below": ("cuda",)}`).
    pub fn devices_from_tokens(cx: &mut Ctxt, tokens: TokenStream) -> Option<Spec> {
        Self::parse_kind(cx, tokens, true)
    }

    fn parse_kind(cx: &mut Ctxt, tokens: TokenStream, devices: bool) -> Option<Spec> {
        // Accept both `attr({...})` group contents and a bare `{...}`.
        let tokens = match tokens.clone().into_iter().collect::<Vec<_>>().as_slice() {
            [TokenTree::Group(g)] if g.delimiter() == Delimiter::Parenthesis => g.stream(),
            _ => tokens,
        };
        let raw: RawSpec = match syn::parse2(tokens) {
            Ok(r) => r,
            Err(e) => {
                cx.syn_error(e);
                return None;
            }
        };
        Self::from_raw(cx, &raw, devices)
    }

    fn from_raw(cx: &mut Ctxt, raw: &RawSpec, devices: bool) -> Option<Spec> {
        let mut entries: Vec<(VersionRange, DtypeSet)> = Vec::new();
        let mut seen: Vec<(String, VersionRange)> = Vec::new();
        let mut named = Vec::new();
        let mut ok = true;
        for e in &raw.entries {
            let range = match VersionRange::parse(&e.key.value()) {
                Ok(r) => r,
                Err(err) => {
                    cx.error_spanned_by(&e.key, err);
                    ok = false;
                    continue;
                }
            };
            if let Some((prev, _)) = seen.iter().find(|(_, r)| r.overlaps(&range)) {
                cx.error_spanned_by(
                    &e.key,
                    format!(
                        "version key `{}` overlaps the earlier key `{prev}`; keys must cover disjoint versions",
                        e.key.value()
                    ),
                );
                ok = false;
            }
            let mut set = DtypeSet::EMPTY;
            for d in e.dtypes.iter().filter(|_| devices) {
                match ivy_core::DeviceSet::parse_name(&d.value()) {
                    Some(k) => set = DtypeSet(set.0 | k.0 as u16),
                    None => {
                        cx.error_spanned_by(
                            d,
                            format!(
                                "unknown device `{}`; device specs name `cpu` or `cuda` (`gpu`)",
                                d.value()
                            ),
                        );
                        ok = false;
                    }
                }
            }
            for d in e.dtypes.iter().filter(|_| !devices) {
                if let Ok(dt) = d.value().parse::<ivy_core::Dtype>() {
                    named.push((d.clone(), dt));
                }
                match DtypeSet::dtype_or_class(&d.value()) {
                    Some(s) => set = set.union(s),
                    None => {
                        let hint = nearest_dtype_name(&d.value())
                            .map(|n| format!(" (did you mean `{n}`?)"))
                            .unwrap_or_default();
                        cx.error_spanned_by(
                            d,
                            format!(
                                "unknown dtype or class `{}`{hint}; valid dtypes: {}; classes: {}",
                                d.value(),
                                ivy_core::valid_dtype_names(),
                                DtypeSet::CLASS_NAMES.join(", ")
                            ),
                        );
                        ok = false;
                    }
                }
            }
            seen.push((e.key.value(), range));
            entries.push((range, set));
        }
        ok.then_some(Spec {
            entries,
            devices,
            named,
        })
    }

    /// The spec as a `&[(VersionRange, DtypeSet)]` expression.
    pub fn to_tokens(&self) -> TokenStream {
        let items = self.entries.iter().map(|(r, s)| {
            let [a, b, c] = r.lo.0;
            let [d, e, f] = r.hi.0;
            let set = if self.devices {
                let bits = s.0 as u8;
                quote!(::ivy::__private::DeviceSet(#bits))
            } else {
                let bits = s.0;
                quote!(::ivy::__private::DtypeSet(#bits))
            };
            quote! {
                (
                    ::ivy::__private::VersionRange {
                        lo: ::ivy::__private::Version([#a, #b, #c]),
                        hi: ::ivy::__private::Version([#d, #e, #f]),
                    },
                    #set,
                )
            }
        });
        quote!(&[#(#items),*])
    }
}

/// The dtype or class name closest to a misspelt `name` (transpositions count as one
/// edit), when it is close: at most one edit in four characters, and with digits exactly
/// when `name` has them (`float8` is not a misspelt `float`).
fn nearest_dtype_name(name: &str) -> Option<&'static str> {
    let name = name.to_ascii_lowercase();
    let digits = |s: &str| s.bytes().any(|b| b.is_ascii_digit());
    let mut names = DtypeSet::VALID.names();
    names.extend(DtypeSet::CLASS_NAMES);
    names
        .into_iter()
        .filter(|n| digits(n) == digits(&name))
        .map(|n| (edit_distance(&name, n), n))
        .filter(|&(d, n)| d > 0 && d <= (n.len().max(name.len()) / 4).max(1))
        .min_by_key(|&(d, _)| d)
        .map(|(_, n)| n)
}

/// The optimal-string-alignment distance: insertions, deletions, substitutions and
/// transpositions of adjacent characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, v) in d[0].iter_mut().enumerate() {
        *v = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut v = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                v = v.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = v;
        }
    }
    d[a.len()][b.len()]
}

/// `{"0.11.1 and below": {"cpu": ("int8",), "cuda": ("float16",)}}`: one dtype spec per
/// device kind (index 0 = cpu, 1 = cuda).
pub fn device_dtype_specs(cx: &mut Ctxt, tokens: TokenStream) -> Option<[Spec; 2]> {
    /// `"device": ("dtype", …)` pairs of one version key.
    type DeviceEntries = Vec<(LitStr, Vec<LitStr>)>;
    struct Outer(Vec<(LitStr, DeviceEntries)>);
    impl Parse for Outer {
        fn parse(input: ParseStream) -> syn::Result<Self> {
            let content;
            braced!(content in input);
            let mut v = Vec::new();
            while !content.is_empty() {
                let key: LitStr = content.parse()?;
                content.parse::<Token![:]>()?;
                let inner;
                braced!(inner in content);
                let mut devs = Vec::new();
                while !inner.is_empty() {
                    let dev: LitStr = inner.parse()?;
                    inner.parse::<Token![:]>()?;
                    let tuple;
                    parenthesized!(tuple in inner);
                    let names = tuple.parse_terminated(<LitStr as Parse>::parse, Token![,])?;
                    devs.push((dev, names.into_iter().collect()));
                    if inner.is_empty() {
                        break;
                    }
                    inner.parse::<Token![,]>()?;
                }
                v.push((key, devs));
                if content.is_empty() {
                    break;
                }
                content.parse::<Token![,]>()?;
            }
            Ok(Outer(v))
        }
    }
    let tokens = match tokens.clone().into_iter().collect::<Vec<_>>().as_slice() {
        [TokenTree::Group(g)] if g.delimiter() == Delimiter::Parenthesis => g.stream(),
        _ => tokens,
    };
    let outer: Outer = match syn::parse2(tokens) {
        Ok(o) => o,
        Err(e) => {
            cx.syn_error(e);
            return None;
        }
    };
    let mut raws = [
        RawSpec {
            entries: Vec::new(),
        },
        RawSpec {
            entries: Vec::new(),
        },
    ];
    for (key, devs) in &outer.0 {
        for raw in raws.iter_mut() {
            raw.entries.push(Entry {
                key: key.clone(),
                dtypes: Vec::new(),
            });
        }
        for (dev, names) in devs {
            match ivy_core::DeviceSet::parse_name(&dev.value()) {
                Some(k) if k == ivy_core::DeviceSet::CPU => raws[0]
                    .entries
                    .last_mut()?
                    .dtypes
                    .extend(names.iter().cloned()),
                Some(_) => raws[1]
                    .entries
                    .last_mut()?
                    .dtypes
                    .extend(names.iter().cloned()),
                None => cx.error_spanned_by(
                    dev,
                    format!(
                        "unknown device `{}`; use `cpu` or `cuda` (`gpu`)",
                        dev.value()
                    ),
                ),
            }
        }
    }
    let [cpu, cuda] = raws;
    let cpu = Spec::from_raw(cx, &cpu, false);
    let cuda = Spec::from_raw(cx, &cuda, false);
    Some([cpu?, cuda?])
}

#[cfg(test)]
mod tests {
    use super::nearest_dtype_name;

    #[test]
    fn a_close_misspelling_gets_the_nearest_name() {
        assert_eq!(nearest_dtype_name("flaot16"), Some("float16"));
        assert_eq!(nearest_dtype_name("unit8"), Some("uint8"));
        assert_eq!(nearest_dtype_name("intger"), Some("integer"));
        assert_eq!(nearest_dtype_name("Float32"), None); // a known name, only cased
        assert_eq!(nearest_dtype_name("float8"), None); // not `float`, nor `float16`
        assert_eq!(nearest_dtype_name("string"), None);
    }
}
