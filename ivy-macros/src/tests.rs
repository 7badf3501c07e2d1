//! Expansion snapshots (insta + prettyplease), one per macro × option.
//!
//! Each input is one tiny op, so a snapshot shows exactly what one option adds. Review a
//! changed snapshot as generated code: `cargo insta review` (or `INSTA_UPDATE=always` and
//! read the diff).

use proc_macro2::TokenStream;
use quote::quote;

fn pretty(tokens: TokenStream) -> String {
    let file: syn::File = syn::parse2(tokens.clone())
        .unwrap_or_else(|e| panic!("expansion does not parse as a file: {e}\n{tokens}"));
    prettyplease::unparse(&file)
}

fn category(item: TokenStream) -> String {
    pretty(crate::category::expand(quote!(), item))
}

fn backend_impl(item: TokenStream) -> String {
    pretty(crate::backend_impl::expand(quote!(), item))
}

/// The expansion must carry no `compile_error!`: these inputs are all valid.
fn assert_clean(text: &str) {
    assert!(
        !text.contains("compile_error"),
        "unexpected error in:\n{text}"
    );
}

#[test]
fn category_primary() {
    let text = category(quote! {
        pub mod demo {
            use crate::{Array, Result};

            /// Tangent.
            #[primary]
            pub fn tan(x: &Array) -> Result<Array>;
        }
    });
    assert_clean(&text);
    insta::assert_snapshot!("category_primary", text);
}

#[test]
fn category_check() {
    let text = category(quote! {
        pub mod demo {
            use crate::{Array, Result};

            /// Clips.
            #[primary]
            #[check(super::bounds)]
            pub fn clip(x: &Array, lo: f64, hi: f64) -> Result<Array>;
        }
    });
    assert_clean(&text);
    assert!(
        text.contains("super::bounds(\"clip\", &x, &lo, &hi)?;"),
        "{text}"
    );
    insta::assert_snapshot!("category_check", text);
}

/// `#[check(f -> Plan)]`: the check's result is bound once and passed to the backend
/// method (and its `_out` form) as the argument after the op's own, before `out`.
#[test]
fn category_check_plan() {
    let text = category(quote! {
        pub mod demo {
            use crate::{Array, Result};

            /// Permutes.
            #[primary]
            #[check(super::permutation -> Vec<usize>)]
            pub fn permute(x: &Array, axes: &[i64], out: Option<&mut Array>) -> Result<Array>;
        }
    });
    assert_clean(&text);
    let flat: String = text.split_whitespace().collect();
    for want in [
        "fnpermute(x:&Array,axes:&[i64],plan:Vec<usize>,)->::ivy::__private::Result<Array>;",
        "fnpermute_out(x:&Array,axes:&[i64],plan:Vec<usize>,out:&mut::ivy::__private::Array,)",
        "let__plan:Vec<usize>=super::permutation(\"permute\",&x,&axes)?;",
        "<__BasDemoBackend>::permute(x,axes,__plan)",
        "<__BasDemoBackend>::permute_out(x,axes,__plan,out)",
    ] {
        assert!(flat.contains(want), "no `{want}` in:\n{text}");
    }
    insta::assert_snapshot!("category_check_plan", text);
}

/// A `ClipBound` parameter (`clip`'s `min`/`max`): `impl Into<ClipBound>` in the public
/// form, converted once; an array it holds decides the backend (`iter()`, as an optional
/// array's); read as `Optional(Operand)` by name.
#[test]
fn category_clip_bound() {
    let text = category(quote! {
        pub mod demo {
            use crate::{Array, ClipBound, Result};

            /// Clips.
            #[primary]
            #[check(super::bounds)]
            pub fn clip(x: &Array, min: ClipBound, max: ClipBound) -> Result<Array>;
        }
    });
    assert_clean(&text);
    let flat: String = text.split_whitespace().collect();
    for want in [
        "min:impl::core::convert::Into<::ivy::__private::ClipBound>",
        "letmin:::ivy::__private::ClipBound=::core::convert::Into::into(min);",
        "__v.extend(min.iter().map(|__a|::core::option::Option::Some(__a.backend()))",
        "super::bounds(\"clip\",&x,&min,&max)?;",
        "ArgType::Optional(&::ivy::__private::ArgType::Operand,)",
    ] {
        assert!(flat.contains(want), "no `{want}` in:\n{text}");
    }
}

#[test]
fn category_axes_index_shape() {
    let text = category(quote! {
        pub mod demo {
            use crate::{Array, Result, Shape};

            /// Gathers along an axis.
            #[primary]
            pub fn take(x: &Array, #[index] indices: &Array, #[kw] #[axis] axis: Option<i64>) -> Result<Array>;

            /// Reduces.
            #[primary]
            #[check(super::fits)]
            pub fn total(x: &Array, #[kw] #[axes] axis: Option<Vec<i64>>) -> Result<Array>;

            /// Broadcasts.
            #[primary]
            pub fn spread(x: &Array, shape: Shape, #[axis(inserted)] at: i64) -> Result<Array>;
        }
    });
    assert_clean(&text);
    // the check and the backend see normalised axes
    assert!(
        text.contains("let axis: &[usize] = &__axes_axis;")
            && text.contains("super::fits(\"total\", &x, &axis)?;"),
        "{text}"
    );
    assert!(
        text.contains("index_input(\"take\", \"indices\", indices)?;"),
        "{text}"
    );
    assert!(
        text.contains("shape: impl ::core::convert::Into<::ivy::__private::Shape>"),
        "{text}"
    );
    insta::assert_snapshot!("category_axes_index_shape", text);
}

#[test]
fn category_family() {
    let text = category(quote! {
        pub mod demo {
            use crate::{Array, Operand, Result};

            /// Sine.
            #[primary]
            #[family(unary)]
            pub fn sin(x: &Array, out: Option<&mut Array>) -> Result<Array>;

            /// The larger.
            #[primary]
            #[family(binary)]
            pub fn maximum(x1: Operand, x2: Operand) -> Result<Array>;
        }
    });
    assert_clean(&text);
    // the backend methods and support constants come from the kernel rows
    let flat: String = text
        .split_whitespace()
        .collect::<String>()
        .replace(",>", ">");
    for want in [
        "::ivy::__private::kernel_row!(useSinin::ivy::__private::family::unary::<Self,Sin>(x))",
        "::ivy::__private::kernel_row!(useSinin::ivy::__private::family::unary_out::<Self,Sin>(x,out))",
        "::ivy::__private::kernel_row!(useMaximumin::ivy::__private::family::info::<Self,Maximum>())",
        "::ivy::__private::kernel_row!(useMaximumin::ivy::__private::family::binary::<Self,Maximum>(x1,x2))",
        // a missing row is one error naming the fix
        "::ivy::__private::kernel_row!(checkSin,\"`#[family(unary)]`op`sin`hasnokernelrow`Sin`",
    ] {
        assert!(flat.contains(want), "{want} not in {text}");
    }
    insta::assert_snapshot!("category_family", text);
}

#[test]
fn category_family_bool() {
    let text = category(quote! {
        pub mod demo {
            use crate::{Array, Operand, Result};

            /// NaN test.
            #[primary]
            #[family(predicate)]
            pub fn isnan(x: &Array, out: Option<&mut Array>) -> Result<Array>;

            /// Less than.
            #[primary]
            #[family(compare)]
            pub fn less(x1: Operand, x2: Operand) -> Result<Array>;
        }
    });
    assert_clean(&text);
    // the bool-valued families run through their own family functions
    let flat: String = text
        .split_whitespace()
        .collect::<String>()
        .replace(",>", ">");
    for want in [
        "::ivy::__private::kernel_row!(useIsnanin::ivy::__private::family::info::<Self,Isnan>())",
        "::ivy::__private::kernel_row!(useIsnanin::ivy::__private::family::predicate::<Self,Isnan>(x))",
        "::ivy::__private::kernel_row!(useIsnanin::ivy::__private::family::predicate_out::<Self,Isnan>(x,out))",
        "::ivy::__private::kernel_row!(useLessin::ivy::__private::family::compare::<Self,Less>(x1,x2))",
        "family:::core::option::Option::Some(\"compare\")",
    ] {
        assert!(flat.contains(want), "{want} not in {text}");
    }
    insta::assert_snapshot!("category_family_bool", text);
}

#[test]
fn category_family_reduce() {
    let text = category(quote! {
        pub mod demo {
            use crate::{Array, Dtype, Result};

            /// Sum.
            #[primary]
            #[family(reduce)]
            pub fn sum(
                x: &Array,
                #[kw] #[axes] axis: Option<Vec<i64>>,
                #[kw] keepdims: bool,
                #[kw] dtype: Option<Dtype>,
                out: Option<&mut Array>,
            ) -> Result<Array>;

            /// Maximum.
            #[primary]
            #[family(reduce)]
            pub fn max(x: &Array, #[kw] #[axes] axis: Option<Vec<i64>>, #[kw] keepdims: bool) -> Result<Array>;
        }
    });
    assert_clean(&text);
    // a reduction with a `dtype` parameter runs `reduce_dtype`, one without `reduce`
    let flat: String = text
        .split_whitespace()
        .collect::<String>()
        .replace(",>", ">");
    for want in [
        "::ivy::__private::kernel_row!(useSumin::ivy::__private::family::reduce_dtype::<Self,Sum>(x,axis,keepdims,dtype))",
        "::ivy::__private::kernel_row!(useSumin::ivy::__private::family::reduce_dtype_out::<Self,Sum>(x,axis,keepdims,dtype,out))",
        "::ivy::__private::kernel_row!(useMaxin::ivy::__private::family::reduce::<Self,Max>(x,axis,keepdims))",
        "::ivy::__private::kernel_row!(useMaxin::ivy::__private::family::info::<Self,Max>())",
    ] {
        assert!(flat.contains(want), "{want} not in {text}");
    }
    insta::assert_snapshot!("category_family_reduce", text);
}

#[test]
fn category_raw_identifier() {
    let text = category(quote! {
        pub mod demo {
            use crate::{Array, Operand, Result};

            /// Selects.
            #[primary]
            pub fn r#where(condition: &Array, x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;
        }
    });
    assert_clean(&text);
    // the op is named without the prefix; derived names drop it too
    let flat: String = text.split_whitespace().collect();
    for want in [
        "name:\"where\"",
        "fnr#where(",
        "fnwhere_out(",
        "WHERE:",
        "__META_WHERE",
    ] {
        assert!(flat.contains(want), "{want} not in {text}");
    }
    assert!(!flat.contains("\"r#where\""), "{text}");
}

#[test]
fn category_dynamic_entry() {
    let text = category(quote! {
        pub mod demo {
            use crate::{Array, Result};

            /// Sums.
            #[primary]
            pub fn sum(x: &Array, shape: &[usize], #[kw] keepdims: bool) -> Result<Array>;

            /// Takes a closure.
            #[standalone]
            pub fn apply(x: &Array, f: impl Fn(&Array) -> Array) -> Array { f(x) }
        }
    });
    assert_clean(&text);
    assert!(text.contains("pub static DEMO_CALLS"), "{text}");
    assert!(text.contains("NotCallable"), "{text}");
    insta::assert_snapshot!("category_dynamic_entry", text);
}

#[test]
fn category_index_query() {
    // an index (`&[Idx]`) is a list of index items by name; with a `&mut Array` and an
    // operand: `set_item`'s shape
    let text = category(quote! {
        pub mod demo {
            use crate::{Array, Idx, Operand, Result};

            /// Writes a selection.
            #[compositional]
            pub fn put(x: &mut Array, query: &[Idx], val: Operand) -> Result<()> {
                crate::indexing::set(x, query, val)
            }
        }
    });
    assert_clean(&text);
    assert!(
        text.contains("arg: ::ivy::__private::ArgType::List(&::ivy::__private::ArgType::Index)"),
        "{text}"
    );
    insta::assert_snapshot!("category_index_query", text);
}

#[test]
fn category_compositional() {
    let text = category(quote! {
        pub mod demo {
            use crate::{Array, Result};

            /// `x + x`.
            #[compositional]
            pub fn double(x: &Array) -> Result<Array> {
                add(x, x)
            }
        }
    });
    assert_clean(&text);
    insta::assert_snapshot!("category_compositional", text);
}

/// The callees recorded in `OpMeta` (`callees: &[…]`), whitespace removed.
fn callees_of(text: &str) -> String {
    let start = text.find("callees: &[").expect("a callees list") + "callees: &[".len();
    let end = start + text[start..].find(']').expect("the list's end");
    let list: String = text[start..end].split_whitespace().collect();
    list.trim_end_matches(',').to_string()
}

#[test]
fn category_callees_of_operators() {
    // every operator `ivy-ops/src/ops.rs` implements on `&Array`, and Rust's own operators
    // on bools and casts, which call no op
    let text = category(quote! {
        pub mod demo {
            use crate::{Array, Result};

            /// Every operator.
            #[compositional]
            pub fn every_operator(x: &Array, y: &Array, n: usize) -> Result<Array> {
                if !x.is_empty() && !(n > 0) && !matches!(n, 1) && !true {
                    return Ok(x.clone());
                }
                let _k = n as u64 % 3;
                let a = ((x % y)? & y)?;
                let b = ((&a | y)? ^ &(x << y)?)?;
                let c = (&b >> 1)?;
                let d = (!&c)?;
                -&d
            }
        }
    });
    assert_clean(&text);
    assert_eq!(
        callees_of(&text),
        concat!(
            r#""bitwise_and","bitwise_invert","bitwise_left_shift","bitwise_or","#,
            r#""bitwise_right_shift","bitwise_xor","clone","is_empty","logical_not","#,
            r#""negative","remainder""#
        )
    );
}

#[test]
fn category_mixed() {
    let text = category(quote! {
        pub mod demo {
            use crate::{Array, Result};

            /// `log(1 + exp(x))`, overridable by a backend.
            #[mixed]
            pub fn softplus(x: &Array, out: Option<&mut Array>) -> Result<Array> {
                log_into(&add(&exp(x)?, 1.0)?, out)
            }
        }
    });
    assert_clean(&text);
    insta::assert_snapshot!("category_mixed", text);
}

#[test]
fn category_mixed_family() {
    // the row where the backend's `Kernels::MIXED_ROWS` is set, the body elsewhere: only
    // the backend trait differs from a plain mixed op's expansion
    let text = category(quote! {
        pub mod demo {
            use crate::{Array, Result};

            /// `log(1 + exp(x))`, the kernel row `Softplus` on some backends.
            #[mixed]
            #[family(unary)]
            pub fn softplus(x: &Array, out: Option<&mut Array>) -> Result<Array> {
                log_into(&add(&exp(x)?, 1.0)?, out)
            }
        }
    });
    assert_clean(&text);
    let start = text
        .find("pub trait DemoBackend")
        .expect("the backend trait");
    let end = start + text[start..].find("\n    }\n").expect("its end") + 6;
    insta::assert_snapshot!("category_mixed_family", &text[start..end]);
}

#[test]
fn category_standalone() {
    let text = category(quote! {
        pub mod demo {
            use crate::{Container, Result};

            /// The number of leaves.
            #[standalone]
            pub fn num_leaves(c: &Container) -> usize {
                c.leaves().count()
            }

            /// An operand as written (`impl IntoOperand`): read as an `Operand` by name.
            #[standalone]
            pub fn twice<'a>(x: impl crate::IntoOperand<'a>) -> Result<crate::Array> {
                crate::add(x, 0)
            }
        }
    });
    assert_clean(&text);
    assert!(
        text.contains("ArgType::Operand") && text.contains("callable: true"),
        "{text}"
    );
    insta::assert_snapshot!("category_standalone", text);
}

#[test]
fn category_nestable() {
    let text = category(quote! {
        pub mod demo {
            use crate::{Array, Operand, Result};

            /// `x1 + x2`.
            #[primary]
            #[nestable]
            pub fn add(x1: Operand, x2: Operand) -> Result<Array>;
        }
    });
    assert_clean(&text);
    insta::assert_snapshot!("category_nestable", text);
}

/// A nestable op with `out` and keywords: its nested `_out` / `_with_out` forms and the
/// Container `_out` method write a Container `out` (the Container part of the expansion).
#[test]
fn category_nestable_out() {
    let text = category(quote! {
        pub mod demo {
            use crate::{Array, Result};

            /// `x` scaled.
            #[primary]
            #[nestable]
            pub fn scale(x: &Array, #[kw] by: f64, out: Option<&mut Array>) -> Result<Array>;
        }
    });
    assert_clean(&text);
    let (from, to) = (
        text.find("/// Nestable `demo` ops as methods on `Container`")
            .expect("container trait"),
        text.find("///Every op of the `demo` category, with its metadata")
            .expect("registry"),
    );
    insta::assert_snapshot!("category_nestable_out", &text[from..to]);
}

/// `#[category(support_docs = "dir")]`: each op's page includes `dir/<op>.md` under
/// `cfg(doc)` (only there: a build needs no such file); a malformed argument is an error.
#[test]
fn category_support_docs() {
    let decl = quote! {
        pub mod demo {
            use crate::{Array, Result};

            /// Tangent.
            #[primary]
            pub fn tan(x: &Array) -> Result<Array>;
        }
    };
    let text = pretty(crate::category::expand(
        quote!(support_docs = "docs/support"),
        decl.clone(),
    ));
    assert_clean(&text);
    assert!(
        text.contains(
            r#"doc = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/support/tan.md"))"#
        ) && text.contains("#[cfg_attr(\n        doc,"),
        "{text}"
    );
    for bad in [
        quote!(support_docs),
        quote!(support_docs = 3),
        quote!(docs = "x"),
        quote!(support_docs = ""),
    ] {
        let text = crate::category::expand(bad.clone(), decl.clone()).to_string();
        assert!(
            text.contains("compile_error") && text.contains("support_docs"),
            "{bad}: {text}"
        );
    }
}

/// A sequence of arrays (promoted together, each deciding the backend, each a possible
/// Container in the nested form), an optional array, and several outputs (one Container per
/// output).
#[test]
fn category_wide_params() {
    let text = category(quote! {
        pub mod demo {
            use crate::{Array, Result};

            /// Joins arrays.
            #[primary]
            #[nestable]
            pub fn concat(arrays: &[&Array], #[kw(default = Some(0))] axis: Option<i64>) -> Result<Array>;

            /// `x * w`, or `x` without `w`.
            #[primary]
            #[nestable]
            pub fn scale(x: &Array, w: Option<&Array>) -> Result<Array>;

            /// Positive and negative parts.
            #[compositional]
            #[nestable]
            pub fn split_sign(x: &Array) -> Result<(Array, Array)> {
                Ok((ivy::maximum(x, 0)?, ivy::minimum(x, 0)?))
            }
        }
    });
    assert_clean(&text);
    insta::assert_snapshot!("category_wide_params", text);
}

#[test]
fn category_kw() {
    let text = category(quote! {
        pub mod demo {
            use crate::{Array, Result};

            /// Sum over `axis`.
            #[primary]
            pub fn sum(x: &Array, #[kw] keepdims: bool, #[kw(default = -1)] axis: i64) -> Result<Array>;
        }
    });
    assert_clean(&text);
    insta::assert_snapshot!("category_kw", text);
}

#[test]
fn category_infer_dtype_device() {
    let text = category(quote! {
        pub mod demo {
            use crate::{Array, Device, Dtype, Result, Scalar};

            /// Filled with `fill_value`.
            #[primary]
            #[infer_dtype]
            #[infer_device]
            pub fn full(
                shape: &[usize],
                fill_value: Scalar,
                #[kw] dtype: Option<Dtype>,
                #[kw] device: Option<Device>,
            ) -> Result<Array>;
        }
    });
    assert_clean(&text);
    insta::assert_snapshot!("category_infer_dtype_device", text);
}

#[test]
fn category_container_dependent() {
    let text = category(quote! {
        pub mod demo {
            use crate::{Array, Container, Result};

            /// The first leaf.
            #[compositional]
            #[container_dependent]
            pub fn first_leaf(c: &Container) -> Result<Array> {
                first(c)
            }
        }
    });
    assert_clean(&text);
    insta::assert_snapshot!("category_container_dependent", text);
}

/// `#[global_state]`: the by-name entry answers `NotCallable` with the reason, whatever
/// the parameters could be read as; the typed forms are unchanged.
#[test]
fn category_global_state() {
    let text = category(quote! {
        pub mod demo {
            use crate::{Dtype, Result};

            /// Sets the mode.
            #[compositional]
            #[global_state]
            pub fn set_mode(d: Dtype) -> Result<()> {
                store(d)
            }
        }
    });
    assert_clean(&text);
    assert!(text.contains("NotCallable"), "{text}");
    insta::assert_snapshot!("category_global_state", text);
}

/// An op's own generic parameters and where clause reach every form: the body, the
/// keyword form and the default-keyword form (after the operand lifetimes).
#[test]
fn category_generic_compositional() {
    let text = category(quote! {
        pub mod demo {
            use crate::{Array, Container, Result};

            /// Runs `f` on the leaves.
            #[compositional]
            #[container_dependent]
            pub fn run_leaves<O: Out, F>(f: F, c: &Container, #[kw] flag: bool) -> Result<(Array, O)>
            where
                F: FnOnce(&Container) -> Result<O>,
            {
                go(f, c, flag)
            }
        }
    });
    assert_clean(&text);
    assert!(
        text.contains("pub fn __run_leaves_body<O: Out, F>("),
        "{text}"
    );
    assert!(text.contains("pub fn run_leaves<O: Out, F>("), "{text}");
    assert!(
        text.contains("pub fn run_leaves_with<O: Out, F>("),
        "{text}"
    );
    insta::assert_snapshot!("category_generic_compositional", text);
}

#[test]
fn backend_impl_native_out() {
    let text = backend_impl(quote! {
        impl DemoBackend for B {
            #[with_unsupported_dtypes({"0.11.1 and below": ("integer", "bool"), "0.12 and above": ("bool",)})]
            fn tan(x: &Array) -> Result<Array> {
                tan_kernel(x)
            }
            #[support_native_out]
            fn tan_out(x: &Array, out: &mut Array) -> Result<()> {
                tan_kernel_into(x, out)
            }
        }
    });
    assert_clean(&text);
    insta::assert_snapshot!("backend_impl_native_out", text);
}

#[test]
fn backend_impl_without_native_out() {
    let text = backend_impl(quote! {
        impl DemoBackend for B {
            #[with_supported_dtypes({"0.9 to 0.11.1": ("float",)})]
            fn tan(x: &Array) -> Result<Array> {
                tan_kernel(x)
            }
        }
    });
    assert_clean(&text);
    insta::assert_snapshot!("backend_impl_without_native_out", text);
}

#[test]
fn backend_impl_block_and_device_specs() {
    let text = backend_impl(quote! {
        #[with_unsupported_dtypes({"0.11.1 and below": ("float64",)})]
        impl DemoBackend for B {
            #[with_unsupported_devices({"0.11.1 and below": ("cuda",)})]
            #[with_unsupported_device_and_dtypes({"0.11.1 and below": {"cpu": ("int16",)}})]
            fn tan(x: &Array) -> Result<Array> {
                tan_kernel(x)
            }
        }
    });
    assert_clean(&text);
    insta::assert_snapshot!("backend_impl_block_and_device_specs", text);
}
