//! The layering of `ivy-ops/src`, read from the files. Imports go only downward:
//!
//! - the kernel layer (element types, classes and rows, math, folds, sorts, loops) is its own
//!   crate, `ivy-kernel`, below `ivy-ops` (re-exported as `ivy::kernel`): cargo refuses a
//!   dependency back up, so the compiler keeps that rule;
//! - `engine/` (checks, support, out, nesting, family drivers, the indexing engine)
//!   never names `functional/`, `backends/`, the user API built on them, or an op;
//! - `backends/` takes from `functional/` only the category's backend trait, plan types and
//!   the compositional bodies listed below, never a plan helper: plans come from the
//!   generated code (`#[check(f -> Plan)]`, computed once);
//! - `__private.rs` (what the generated code names) defines nothing: it re-exports.
//!
//! ivy-ops has no unit tests (its lib has `test = false`: a harness would compile the crate a
//! second time); a test that checks the sources says so when one is added there. Unit-test
//! modules are still skipped by the readers, to their closing brace. Each rule was seen to
//! fail on a probe (an engine function calling `crate::reshape`, a `#[test]` in `engine/`).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// Code of `functional/` that backends run as their implementation: whole bodies (built from
/// the backend's own methods, one rule for both backends), not plans.
const BODIES: &[(&str, &str)] = &[
    (
        "reshape_on_out",
        "`reshape` into `out` (out wins over copy), from the backend's `reshape`",
    ),
    (
        "remainder_on",
        "numpy's remainder built from the backend's own ops",
    ),
    ("remainder_on_out", "as `remainder_on`, into `out`"),
    (
        "__var_body",
        "`var`'s compositional body, for the dtypes a backend leaves to it",
    ),
    (
        "asarray_array",
        "`asarray` of an array, from the backend's `astype` and `to_device`",
    ),
    (
        "GradOutput",
        "the results `execute_with_gradients` returns (a type)",
    ),
];

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../ivy-ops/src")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir)
        .expect("readable source tree")
        .flatten()
    {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The files of one layer (a folder of `ivy-ops/src`), each with its code: comments
/// dropped, and the unit-test module at the end of the file cut off.
fn layer(name: &str) -> Vec<(PathBuf, String)> {
    let mut files = Vec::new();
    rust_files(&src().join(name), &mut files);
    assert!(!files.is_empty(), "no files under ivy-ops/src/{name}");
    files
        .into_iter()
        .map(|f| {
            let text = std::fs::read_to_string(&f).expect("readable file");
            (f, code(&text))
        })
        .collect()
}

/// `text` without comments and without its unit-test modules (`#[cfg(test)] mod tests { … }`,
/// skipped to their closing brace).
fn code(text: &str) -> String {
    let mut out = String::new();
    let mut lines = text.lines().peekable();
    let mut depth = 0usize; // > 0 inside a test module
    while let Some(line) = lines.next() {
        let line = match line.find("//") {
            Some(i) if !line[..i].contains('"') => &line[..i],
            _ => line,
        };
        if depth > 0 {
            depth += line.matches('{').count();
            depth -= line.matches('}').count().min(depth);
            continue;
        }
        let t = line.trim_start();
        let test_cfg = t.starts_with("#[cfg(test)]") || t.starts_with("#[cfg(all(test");
        if test_cfg
            && lines
                .peek()
                .is_some_and(|n| n.trim_start().starts_with("mod tests"))
        {
            let header = lines.next().unwrap_or_default();
            depth = header.matches('{').count().max(1);
            continue;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// The crate-level names `code` reaches: the first segment after each `crate::` or
/// `$crate::`, and each item of a `crate::{…}` list.
fn crate_names(code: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        let before = &rest[..at];
        rest = &rest[at + "crate::".len()..];
        // `ivy_core::…` and other paths ending in `crate` are not this crate
        if before.ends_with(|c: char| c.is_alphanumeric() || c == '_') {
            continue;
        }
        if let Some(list) = rest.strip_prefix('{') {
            let end = list.find('}').unwrap_or(list.len());
            names.extend(
                list[..end]
                    .split(',')
                    .map(|s| s.trim().split("::").next().unwrap_or("").to_string())
                    .filter(|s| !s.is_empty()),
            );
        } else {
            let end = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            // `$crate::$name!`: a macro's metavariable, checked where the macro is called
            if end > 0 {
                names.push(rest[..end].to_string());
            }
        }
    }
    names
}

/// The names of the ops declared in `functional/` (`pub fn name` inside the categories),
/// with the `_with` and `_out` forms the macros add.
fn op_names() -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for (_, code) in layer("functional") {
        for part in code.split("pub fn ").skip(1) {
            let end = part
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(part.len());
            let n = &part[..end];
            for form in ["", "_with", "_out", "_out_with"] {
                names.insert(format!("{n}{form}"));
            }
        }
    }
    names
}

fn report(what: &str, bad: &[String]) {
    assert!(bad.is_empty(), "{what}:\n{}", bad.join("\n"));
}

/// ivy-ops' lib has `test = false`, so a unit test written in it would never run: the
/// engine's and backends' tests live in the suite (`engine.rs`), the kernels' in ivy-kernel.
#[test]
fn ivy_ops_has_no_unit_tests_that_would_never_run() {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    assert!(files.len() > 30, "too few files under ivy-ops/src");
    let mut bad = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).expect("readable file");
        for (i, line) in text.lines().enumerate() {
            let t = line.trim_start();
            let test_cfg = t.starts_with("#[cfg")
                && t.split(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .any(|w| w == "test");
            if t.starts_with("#[test]") || test_cfg {
                bad.push(format!("{}:{}: {t}", f.display(), i + 1));
            }
        }
    }
    report(
        "ivy-ops/src has unit tests, which its lib (`test = false`) never runs: put them in \
         the suite (tests/tests/suite), or in ivy-kernel for the kernel layer",
        &bad,
    );
}

#[test]
fn the_engine_imports_no_declaration_no_backend_and_no_op() {
    let ops = op_names();
    assert!(ops.contains("reshape") && ops.contains("asarray_with"));
    let upward = [
        "functional",
        "backends",
        "prelude",
        "indexing",
        "ops",
        "nested",
    ];
    let mut bad = Vec::new();
    for (f, code) in layer("engine") {
        for n in crate_names(&code) {
            if upward.contains(&n.as_str()) || ops.contains(&n) {
                bad.push(format!("{}: crate::{n}", f.display()));
            }
        }
    }
    report(
        "engine/ names a layer above it (declarations, backends) or an op",
        &bad,
    );
}

/// The items `src` names after each `crate::functional::<category>::` (a braced list may
/// span lines).
fn functional_items(src: &str) -> Vec<String> {
    let mut items = Vec::new();
    let mut rest = src;
    while let Some(at) = rest.find("crate::functional::") {
        rest = &rest[at + "crate::functional::".len()..];
        let Some(sep) = rest.find("::") else { break };
        let after = &rest[sep + 2..];
        if let Some(list) = after.strip_prefix('{') {
            let end = list.find('}').unwrap_or(list.len());
            items.extend(
                list[..end]
                    .split(',')
                    .map(|s| s.trim().to_string())
                    .filter(|s| !s.is_empty()),
            );
        } else {
            let end = after
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(after.len());
            items.push(after[..end].to_string());
        }
    }
    items
}

#[test]
fn backends_call_no_plan_helper() {
    let files = layer("backends");
    assert!(files.len() > 10, "too few backend files");
    let mut bad = Vec::new();
    for (f, code) in &files {
        for item in functional_items(code) {
            let allowed = item.ends_with("Backend")
                || item.ends_with("Plan")
                || item == "Dims"
                || BODIES.iter().any(|(h, _)| *h == item);
            if !allowed {
                bad.push(format!("{}: crate::functional::…::{item}", f.display()));
            }
        }
    }
    report(
        "backend files call helpers of functional/; a plan goes through `#[check(f -> Plan)]` \
         (computed once by the generated code, passed to the backend method), a shared rule \
         lives in engine/",
        &bad,
    );
}

#[test]
fn the_private_surface_defines_nothing() {
    let text = std::fs::read_to_string(src().join("__private.rs")).expect("readable file");
    let code = code(&text);
    let mut bad = Vec::new();
    for line in code.lines() {
        let t = line.trim_start();
        let item = t
            .trim_start_matches("pub ")
            .trim_start_matches("pub(crate) ");
        if [
            "fn ",
            "struct ",
            "enum ",
            "trait ",
            "impl",
            "const ",
            "static ",
            "type ",
            "mod ",
            "macro_rules!",
        ]
        .iter()
        .any(|k| item.starts_with(k))
        {
            bad.push(line.to_string());
        }
    }
    report(
        "__private.rs defines items; define them in their layer and re-export them",
        &bad,
    );
}

#[test]
fn the_readers_read_lists_paths_and_tests() {
    let src = "use crate::functional::a::{X, y_z,\n  W};\nlet v = crate::functional::b::helper(1);";
    assert_eq!(functional_items(src), ["X", "y_z", "W", "helper"]);
    let c = code(
        "use crate::kernel::elem; // crate::array\nuse ivy_core::x;\n$crate::__m!();\n\
         #[cfg(test)]\nmod tests {\n    fn f() { crate::asarray(); }\n}\nfn after() { crate::Array; }\n",
    );
    assert_eq!(crate_names(&c), ["kernel", "__m", "Array"]);
    assert_eq!(
        crate_names("use crate::{Array, engine::checks::x};"),
        ["Array", "engine"]
    );
}
