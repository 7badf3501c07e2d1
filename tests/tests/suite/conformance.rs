//! Spec conformance: `ivy_core`'s promotion, `can_cast` and dtype classes against
//! `spec/ivy_promotion_tables.json` and ivy-semantics.md ("Dtypes and promotion").
//!
//! The tables are rebuilt here from the JSON, independently of `ivy-core/build.rs`.

use ivy_core::{can_cast, promote_types, with_precise_mode, Dtype, DtypeSet};
use serde_json::Value;
use std::collections::HashMap;

const SPEC: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../spec/ivy_promotion_tables.json"
);

const PRECISE_TABLES: [&str; 3] = [
    "array_api_promotion_table",
    "common_extra_promotion_table",
    "precise_extra_promotion_table",
];
const NON_PRECISE_TABLES: [&str; 3] = [
    "array_api_promotion_table",
    "common_extra_promotion_table",
    "extra_promotion_table",
];

/// A promotion table: ordered pair of names → result name.
type Table = HashMap<(String, String), String>;

fn spec() -> Value {
    let text = std::fs::read_to_string(SPEC).unwrap_or_else(|e| panic!("read {SPEC}: {e}"));
    serde_json::from_str(&text).expect("the promotion spec is JSON")
}

fn str_of(v: &Value) -> String {
    v.as_str()
        .unwrap_or_else(|| panic!("{v} is not a string"))
        .to_string()
}

/// The union of the named tables, both orders of every entry. Panics when two entries
/// disagree about a pair.
fn build(spec: &Value, keys: &[&str]) -> Table {
    let mut t = Table::new();
    for key in keys {
        let entries = spec[*key]
            .as_array()
            .unwrap_or_else(|| panic!("{key} is not a list"));
        for e in entries {
            let e = e.as_array().expect("an entry is a list");
            assert_eq!(e.len(), 3, "{key}: {e:?} is not [a, b, result]");
            let (a, b, c) = (str_of(&e[0]), str_of(&e[1]), str_of(&e[2]));
            for pair in [(a.clone(), b.clone()), (b, a)] {
                if let Some(old) = t.insert(pair.clone(), c.clone()) {
                    assert_eq!(old, c, "{key}: {pair:?} given two results");
                }
            }
        }
    }
    t
}

fn dtype(name: &str) -> Dtype {
    name.parse()
        .unwrap_or_else(|e| panic!("spec dtype {name}: {e}"))
}

fn promote(precise: bool, a: Dtype, b: Dtype) -> Dtype {
    with_precise_mode(precise, || promote_types(a, b))
        .unwrap_or_else(|e| panic!("promote_types({a}, {b}), precise={precise}: {e}"))
}

#[test]
fn spec_dtypes_are_dtype_all_in_order() {
    let names: Vec<String> = spec()["dtypes"]
        .as_array()
        .expect("a dtypes list")
        .iter()
        .map(str_of)
        .collect();
    let ours: Vec<&str> = Dtype::ALL.iter().map(|d| d.as_str()).collect();
    assert_eq!(names, ours);
    for d in Dtype::ALL {
        assert_eq!(dtype(d.as_str()), d);
        assert_eq!(d.to_string(), d.as_str());
    }
}

#[test]
fn spec_tables_are_complete_and_symmetric() {
    let spec = spec();
    for keys in [PRECISE_TABLES, NON_PRECISE_TABLES] {
        let t = build(&spec, &keys);
        assert_eq!(t.len(), 225, "{keys:?}");
        for a in Dtype::ALL {
            for b in Dtype::ALL {
                let ab = &t[&(a.to_string(), b.to_string())];
                assert_eq!(ab, &t[&(b.to_string(), a.to_string())]);
                dtype(ab);
            }
        }
    }
}

#[test]
fn promote_types_matches_the_spec_in_both_modes() {
    let spec = spec();
    for (precise, keys) in [(true, PRECISE_TABLES), (false, NON_PRECISE_TABLES)] {
        let t = build(&spec, &keys);
        let mut mismatches = Vec::new();
        for a in Dtype::ALL {
            for b in Dtype::ALL {
                let got = promote(precise, a, b);
                let want = &t[&(a.to_string(), b.to_string())];
                if got.as_str() != want {
                    mismatches.push(format!("{a} + {b}: spec {want}, ivy_core {got}"));
                }
            }
        }
        assert!(
            mismatches.is_empty(),
            "precise={precise}: {} mismatches:\n{}",
            mismatches.len(),
            mismatches.join("\n")
        );
    }
}

/// The dtype queries of every backend (`ivy::can_cast`, primary; `ivy::result_type`) give
/// the spec's answer for all 225 pairs in both modes, dtypes the backend cannot hold
/// included (issue 33: they are pure dtype logic).
#[test]
fn every_backend_answers_the_dtype_queries_from_the_spec() {
    let spec = spec();
    for (precise, keys) in [(true, PRECISE_TABLES), (false, NON_PRECISE_TABLES)] {
        let t = build(&spec, &keys);
        let mut mismatches = Vec::new();
        for &backend in ivy::Backend::ALL {
            with_precise_mode(precise, || {
                ivy::with_backend(backend, || {
                    for a in Dtype::ALL {
                        for b in Dtype::ALL {
                            let want = dtype(&t[&(a.to_string(), b.to_string())]);
                            let cast = ivy::can_cast(a, b).map_err(|e| e.to_string());
                            let result = ivy::result_type([a, b]).map_err(|e| e.to_string());
                            if cast != Ok(want == b) || result != Ok(want) {
                                mismatches.push(format!(
                                    "{backend}: ({a}, {b}): spec {want}; can_cast {cast:?}, result_type {result:?}"
                                ));
                            }
                        }
                    }
                })
            });
        }
        assert!(
            mismatches.is_empty(),
            "precise={precise}: {} mismatches:\n{}",
            mismatches.len(),
            mismatches.join("\n")
        );
    }
}

#[test]
fn the_modes_differ_only_on_precise_extra_pairs() {
    let spec = spec();
    let extra = build(&spec, &["precise_extra_promotion_table"]);
    for a in Dtype::ALL {
        for b in Dtype::ALL {
            let differs = promote(true, a, b) != promote(false, a, b);
            if differs {
                assert!(
                    extra.contains_key(&(a.to_string(), b.to_string())),
                    "{a} + {b} differs between the modes outside precise_extra"
                );
            }
        }
    }
}

#[test]
fn precise_mode_is_the_default_and_scoped() {
    use Dtype::*;
    assert!(ivy_core::precise_mode());
    assert_eq!(promote_types(Int32, Float32).unwrap(), Float64);
    with_precise_mode(false, || {
        assert!(!ivy_core::precise_mode());
        assert_eq!(promote_types(Int32, Float32).unwrap(), Float32);
        with_precise_mode(true, || {
            assert_eq!(promote_types(Int32, Float32).unwrap(), Float64)
        });
        assert_eq!(promote_types(Int32, Float32).unwrap(), Float32);
    });
    assert!(ivy_core::precise_mode());
}

#[test]
fn notable_promotions() {
    use Dtype::*;
    for precise in [true, false] {
        let p = |a, b| promote(precise, a, b);
        assert_eq!(p(Int32, Float32), if precise { Float64 } else { Float32 });
        assert_eq!(p(Float32, Int32), if precise { Float64 } else { Float32 });
        assert_eq!(p(Int64, Uint64), Float64, "precise={precise}");
        assert_eq!(p(Uint64, Int64), Float64, "precise={precise}");
        assert_eq!(p(Uint8, Int8), Int16);
        assert_eq!(p(Int8, Uint8), Int16);
        assert_eq!(p(Float16, Bfloat16), Float32);
        assert_eq!(p(Bfloat16, Float16), Float32);
        for x in Dtype::ALL {
            assert_eq!(p(Bool, x), x, "bool + {x}, precise={precise}");
            assert_eq!(p(x, Bool), x, "{x} + bool, precise={precise}");
            assert_eq!(p(x, x), x, "{x} + {x}, precise={precise}");
        }
    }
}

#[test]
fn every_pair_answers_and_is_symmetric() {
    for precise in [true, false] {
        for a in Dtype::ALL {
            for b in Dtype::ALL {
                assert_eq!(promote(precise, a, b), promote(precise, b, a));
            }
        }
    }
}

#[test]
fn can_cast_is_promote_equals_target() {
    for precise in [true, false] {
        with_precise_mode(precise, || {
            for a in Dtype::ALL {
                for b in Dtype::ALL {
                    let promoted = promote_types(a, b).expect("every pair answers");
                    assert_eq!(
                        can_cast(a, b),
                        promoted == b,
                        "can_cast({a}, {b}), precise={precise}"
                    );
                }
            }
        });
    }
    use Dtype::*;
    assert!(can_cast(Int8, Int16) && !can_cast(Int16, Int8));
    assert!(!can_cast(Int32, Float32));
    assert!(with_precise_mode(false, || can_cast(Int32, Float32)));
    assert!(Dtype::ALL
        .iter()
        .all(|&d| can_cast(Bool, d) && can_cast(d, d)));
}

#[test]
fn dtype_classes_match_the_semantics() {
    let set = |pred: fn(&Dtype) -> bool| {
        DtypeSet::of(&Dtype::ALL.into_iter().filter(pred).collect::<Vec<_>>())
    };
    assert_eq!(DtypeSet::VALID, DtypeSet::of(&Dtype::ALL));
    assert_eq!(DtypeSet::VALID.iter().count(), 15);
    // numeric: all but bool.
    assert_eq!(DtypeSet::NUMERIC, set(|d| *d != Dtype::Bool));
    assert!(!DtypeSet::NUMERIC.contains(Dtype::Bool));
    // integer: signed and unsigned.
    assert_eq!(
        DtypeSet::INTEGER.names(),
        ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]
    );
    assert_eq!(DtypeSet::INTEGER, set(|d| d.is_int()));
    assert_eq!(
        DtypeSet::UNSIGNED.names(),
        ["uint8", "uint16", "uint32", "uint64"]
    );
    assert_eq!(
        DtypeSet::FLOAT.names(),
        ["bfloat16", "float16", "float32", "float64"]
    );
    assert_eq!(DtypeSet::FLOAT, set(|d| d.is_float()));
    assert_eq!(DtypeSet::COMPLEX.names(), ["complex64", "complex128"]);
    assert_eq!(DtypeSet::COMPLEX, set(|d| d.is_complex()));
    // The classes partition the numeric dtypes; bool is in none of them.
    assert_eq!(
        DtypeSet::INTEGER
            .union(DtypeSet::FLOAT)
            .union(DtypeSet::COMPLEX),
        DtypeSet::NUMERIC
    );
    assert!(DtypeSet::INTEGER.intersection(DtypeSet::FLOAT).is_empty());
    assert!(DtypeSet::FLOAT.intersection(DtypeSet::COMPLEX).is_empty());
    assert!(DtypeSet::UNSIGNED.difference(DtypeSet::INTEGER).is_empty());
    // Class names: there is no `bool` class; `bool` is a plain dtype name.
    assert_eq!(
        DtypeSet::CLASS_NAMES,
        ["valid", "numeric", "integer", "unsigned", "float", "complex"]
    );
    for name in DtypeSet::CLASS_NAMES {
        assert!(DtypeSet::class(name).is_some(), "{name}");
    }
    assert_eq!(DtypeSet::class("bool"), None);
    assert_eq!(
        DtypeSet::dtype_or_class("bool"),
        Some(DtypeSet::of(&[Dtype::Bool]))
    );
}

/// `spec/array_api_2023_12.json` is read here: every ivy op named like an Array API function
/// of the main namespace follows the standard's `dtype`/`device` keywords (creation ops infer
/// both, Ivy's `@infer_dtype`/`@infer_device`), and the coverage is reported.
#[test]
fn array_api_functions() {
    let spec: Value = serde_json::from_str(include_str!("../../../spec/array_api_2023_12.json"))
        .expect("spec/array_api_2023_12.json parses");
    let functions = spec["functions"].as_array().expect("a function list");
    let main: Vec<&Value> = functions
        .iter()
        .filter(|f| {
            let name = f["name"].as_str().unwrap_or_default();
            !name.contains('.') && f["category"] != "constants"
        })
        .collect();
    assert!(
        main.len() > 100,
        "the main namespace has {} functions",
        main.len()
    );
    let mut covered = Vec::new();
    for f in &main {
        let name = f["name"].as_str().unwrap_or_default();
        let Some(op) = ivy::registry::op(name) else {
            continue;
        };
        covered.push(name);
        let kw: Vec<&str> = f["keyword_only"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .collect();
        if f["category"] == "creation" {
            assert_eq!(
                op.meta.infer_dtype,
                kw.contains(&"dtype"),
                "`{name}`: the standard's dtype keyword and #[infer_dtype] disagree"
            );
            assert_eq!(
                op.meta.infer_device,
                kw.contains(&"device"),
                "`{name}`: the standard's device keyword and #[infer_device] disagree"
            );
        }
    }
    assert!(covered.contains(&"zeros") && covered.contains(&"sum"));
    println!(
        "Array API 2023.12 coverage: {} of {} main-namespace functions: {covered:?}",
        covered.len(),
        main.len()
    );
}

/// Every parameter of an Array API function has an ivy parameter of the same name (the
/// Python binding maps them by name, with the standard's markers): a positional-only one
/// without a default is positional in Rust, a keyword-only one is a `#[kw]` keyword. Rust
/// names a keyword
/// with a raw identifier (`finfo(r#type)`), and the macro records it unraw.
#[test]
fn array_api_parameters_have_ivy_names() {
    let spec: Value = serde_json::from_str(include_str!("../../../spec/array_api_2023_12.json"))
        .expect("spec/array_api_2023_12.json parses");
    // a standard parameter ivy does not take yet, with the reason
    let missing: &[(&str, &str, &str)] = &[];
    let list = |f: &Value, k: &str| -> Vec<String> {
        f[k].as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .map(|s| s.trim_start_matches('*').to_string())
            .collect()
    };
    let mut problems = Vec::new();
    for f in spec["functions"].as_array().expect("a function list") {
        let name = f["name"].as_str().unwrap_or_default();
        let Some(op) = ivy::registry::op(name) else {
            continue;
        };
        let sig = f["signature"].as_str().unwrap_or_default();
        let inner = &sig[sig.find('(').map_or(0, |i| i + 1)..sig.rfind(')').unwrap_or(0)];
        let (pos_only, kw_only) = (list(f, "positional_only"), list(f, "keyword_only"));
        for p in inner.split(',').map(str::trim) {
            // a positional parameter with a default (`eye`'s `n_cols=None`) is a keyword in
            // Rust, which has no optional positional arguments
            let has_default = p.contains('=');
            let p = p
                .split('=')
                .next()
                .unwrap_or_default()
                .trim()
                .trim_start_matches('*');
            if p.is_empty() || p == "/" {
                continue;
            }
            if missing.iter().any(|(o, q, _)| *o == name && *q == p) {
                continue;
            }
            match op.meta.params.iter().find(|m| m.name == p) {
                None => problems.push(format!("{name}: no parameter `{p}` ({sig})")),
                Some(m) if pos_only.iter().any(|q| q == p) && m.keyword && !has_default => {
                    problems.push(format!("{name}: `{p}` is positional-only, ivy's is #[kw]"))
                }
                Some(m) if kw_only.iter().any(|q| q == p) && !m.keyword => problems.push(format!(
                    "{name}: `{p}` is keyword-only, ivy's is positional"
                )),
                Some(_) => {}
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
