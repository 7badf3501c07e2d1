//! The source tree's layering, read from the files: a backend takes what it needs from the
//! generated code (its arguments and the plan of `#[check(f -> Plan)]`), from its own module
//! and from the shared kernels, never a plan helper of `functional/`. A backend file naming
//! `crate::functional::<category>::<item>` may name the category's backend trait, a plan
//! type, or one of the shared helpers listed below (engine code that still lives beside
//! the declarations: issue 36 moves it into a layer of its own).

use std::path::{Path, PathBuf};

/// Shared code of `functional/` that backends still call: not plans (nothing here
/// recomputes what the generated code already computed), but engine pieces to move.
const SHARED_HELPERS: &[(&str, &str)] = &[
    (
        "reshape_on_out",
        "`reshape` into `out` (out wins over copy), one rule for both backends",
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
    ("divisor", "`var`'s divisor rule (n - correction, checked)"),
    (
        "can_cast_any",
        "the dtype query `can_cast`, the same answer on every backend",
    ),
    ("arange_values", "creation: the values of `arange`"),
    ("asarray_array", "creation: `asarray` of an array"),
    ("asarray_values_copy", "creation: `asarray` of values"),
    ("eye_values", "creation: the values of `eye`"),
    ("filled_values", "creation: the values of `full`"),
    ("tri_mask", "creation: `tril`/`triu`'s mask"),
    ("typed_values", "creation: values of a dtype"),
    ("GradOutput", "the results `execute_with_gradients` returns"),
];

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
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../ivy-ops/src/backends");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    assert!(
        files.len() > 10,
        "no backend files under {}",
        root.display()
    );
    let mut bad = Vec::new();
    for f in &files {
        let src = std::fs::read_to_string(f).expect("readable file");
        for item in functional_items(&src) {
            let allowed = item.ends_with("Backend")
                || item.ends_with("Plan")
                || item == "Dims"
                || SHARED_HELPERS.iter().any(|(h, _)| *h == item);
            if !allowed {
                bad.push(format!("{}: crate::functional::…::{item}", f.display()));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "backend files call helpers of functional/; a plan goes through `#[check(f -> Plan)]` \
         (computed once by the generated code, passed to the backend method):\n{}",
        bad.join("\n")
    );
}

#[test]
fn the_item_reader_reads_lists_and_paths() {
    let src = "use crate::functional::a::{X, y_z,\n  W};\nlet v = crate::functional::b::helper(1);";
    assert_eq!(functional_items(src), ["X", "y_z", "W", "helper"]);
}
