//! `ivy coverage`: the Array API 2023.12 main namespace and its two extensions (`linalg.*`,
//! `fft.*`) against the op registry, read from the spec file in the repository
//! (`spec/array_api_2023_12.json`), so the table stays true by itself as ops are added. An
//! extension function counts as the registry op of its name without the prefix
//! (`linalg.solve` is `solve`, `linalg.matmul` the core `matmul`).

use crate::catalog::{print_json, print_table};
use crate::{CliError, CliResult};
use ivy::registry;
use ivy::{Backend, OpKind};
use serde_json::{json, Value};

/// The Array API function list, compiled in.
const SPEC: &str = include_str!("../../spec/array_api_2023_12.json");

/// Categories outside the main namespace's functions (the extensions and the constants:
/// `linalg.*`, `fft.*`, `e`, `pi`, …; the inspection API is left out by name).
const OUTSIDE: [&str; 3] = ["constants", "linalg_extension", "fft_extension"];

/// Main-namespace functions with no Rust counterpart, and why.
const NOT_APPLICABLE: [(&str, &str); 1] = [(
    "from_dlpack",
    "DLPack is the Python C-API exchange protocol; in Rust, native arrays convert directly",
)];

/// One function of the standard.
#[derive(Clone)]
struct Row {
    name: String,
    category: String,
    /// Per backend: how it runs (`native`, `host`, `compositional`, … or `standalone`), or
    /// `None` when missing there.
    backends: Vec<Option<&'static str>>,
    present: bool,
}

/// The extensions, by spec category and name prefix.
const EXTENSIONS: [(&str, &str); 2] = [("linalg_extension", "linalg."), ("fft_extension", "fft.")];

/// The main-namespace functions of the spec, in the spec's order.
fn functions() -> CliResult<Vec<(String, String)>> {
    spec_functions(|name, category| {
        !OUTSIDE.contains(&category)
            && !name.contains('.')
            && !name.starts_with("__")
            && !NOT_APPLICABLE.iter().any(|(n, _)| *n == name)
    })
}

/// The extension functions of the spec (`linalg.solve`, …), in the spec's order.
fn extension_functions() -> CliResult<Vec<(String, String)>> {
    spec_functions(|_, category| EXTENSIONS.iter().any(|(c, _)| *c == category))
}

/// The spec's functions `keep` accepts, as (name, category).
fn spec_functions(keep: impl Fn(&str, &str) -> bool) -> CliResult<Vec<(String, String)>> {
    let spec: Value = serde_json::from_str(SPEC)
        .map_err(|e| CliError::Other(format!("spec/array_api_2023_12.json: {e}")))?;
    let list = spec["functions"]
        .as_array()
        .ok_or_else(|| CliError::Other("spec/array_api_2023_12.json: no functions".into()))?;
    Ok(list
        .iter()
        .filter_map(|f| {
            let name = f["name"].as_str()?;
            let category = f["category"].as_str()?;
            // `__array_namespace_info__` and its `info.*` methods are the inspection API
            keep(name, category).then(|| (name.to_string(), category.to_string()))
        })
        .collect())
}

fn rows(functions: Vec<(String, String)>) -> Vec<Row> {
    functions
        .into_iter()
        .map(|(name, category)| {
            let op = EXTENSIONS
                .iter()
                .find_map(|(_, prefix)| name.strip_prefix(prefix))
                .unwrap_or(&name);
            let entry = registry::op(op);
            let backends = Backend::ALL
                .iter()
                .map(|&b| {
                    let e = entry?;
                    if e.meta.kind == OpKind::Standalone {
                        return Some("standalone");
                    }
                    // an op counts on a backend when it computes some dtype there
                    registry::support(e, b)
                        .filter(|s| s.compiled && !s.supported.is_empty())
                        .map(|s| s.implementation())
                })
                .collect();
            Row {
                present: entry.is_some(),
                name,
                category,
                backends,
            }
        })
        .collect()
}

/// How many of `rows` are present, and per backend.
fn counts(rows: &[Row]) -> (usize, Vec<usize>) {
    let present = rows.iter().filter(|r| r.present).count();
    let per = (0..Backend::ALL.len())
        .map(|i| rows.iter().filter(|r| r.backends[i].is_some()).count())
        .collect();
    (present, per)
}

/// `ivy coverage [--json] [--missing]`.
pub fn coverage(json: bool, missing: bool) -> CliResult {
    let rows = rows(functions()?);
    let ext_rows = rows_by_extension(extension_functions()?);
    let total = rows.len();
    let count = |i: usize| rows.iter().filter(|r| r.backends[i].is_some()).count();
    let present = rows.iter().filter(|r| r.present).count();
    if json {
        let as_json = |r: &Row| {
            let mut b = serde_json::Map::new();
            for (i, backend) in Backend::ALL.iter().enumerate() {
                b.insert(backend.as_str().into(), json!(r.backends[i]));
            }
            json!({"name": r.name, "category": r.category, "present": r.present, "backends": b})
        };
        let functions: Vec<Value> = rows.iter().map(as_json).collect();
        let mut summary = serde_json::Map::new();
        summary.insert("total".into(), json!(total));
        summary.insert("present".into(), json!(present));
        for (i, b) in Backend::ALL.iter().enumerate() {
            summary.insert(b.as_str().into(), json!(count(i)));
        }
        let not_applicable: Vec<Value> = NOT_APPLICABLE
            .iter()
            .map(|(n, why)| json!({"name": n, "reason": why}))
            .collect();
        let mut extensions = serde_json::Map::new();
        for (prefix, r) in &ext_rows {
            let (p, per) = counts(r);
            let mut e = serde_json::Map::new();
            e.insert("total".into(), json!(r.len()));
            e.insert(
                "functions".into(),
                json!(r.iter().map(as_json).collect::<Vec<_>>()),
            );
            e.insert("present".into(), json!(p));
            for (i, b) in Backend::ALL.iter().enumerate() {
                e.insert(b.as_str().into(), json!(per[i]));
            }
            extensions.insert(prefix.trim_end_matches('.').into(), Value::Object(e));
        }
        return print_json(&json!({
            "standard": "Array API 2023.12, main namespace",
            "summary": summary,
            "extensions": extensions,
            "functions": functions,
            "not_applicable": not_applicable,
        }));
    }
    let mut header = vec!["FUNCTION", "CATEGORY", "PRESENT"];
    header.extend(Backend::ALL.iter().map(|b| b.as_str()));
    let table: Vec<Vec<String>> = rows
        .iter()
        .chain(ext_rows.iter().flat_map(|(_, r)| r))
        .filter(|r| !missing || r.backends.iter().any(Option::is_none))
        .map(|r| {
            let mut row = vec![
                r.name.clone(),
                r.category.clone(),
                if r.present { "yes" } else { "no" }.to_string(),
            ];
            row.extend(r.backends.iter().map(|b| b.unwrap_or("-").to_string()));
            row
        })
        .collect();
    print_table(&header, &table);
    outln!();
    let per_backend: Vec<String> = Backend::ALL
        .iter()
        .enumerate()
        .map(|(i, b)| format!("{b} {}/{total}", count(i)))
        .collect();
    outln!(
        "Array API 2023.12 main namespace: {present}/{total} present; {}",
        per_backend.join(", ")
    );
    for (prefix, r) in &ext_rows {
        let (p, per) = counts(r);
        let per: Vec<String> = Backend::ALL
            .iter()
            .enumerate()
            .map(|(i, b)| format!("{b} {}/{}", per[i], r.len()))
            .collect();
        outln!(
            "Array API 2023.12 {} extension: {p}/{} present; {}",
            prefix.trim_end_matches('.'),
            r.len(),
            per.join(", ")
        );
    }
    for (n, why) in NOT_APPLICABLE {
        outln!("not counted: {n} ({why})");
    }
    Ok(())
}

/// The extension functions' rows, per extension (its prefix).
fn rows_by_extension(functions: Vec<(String, String)>) -> Vec<(&'static str, Vec<Row>)> {
    let all = rows(functions);
    EXTENSIONS
        .iter()
        .map(|(_, prefix)| {
            let r = all
                .iter()
                .filter(|r| r.name.starts_with(prefix))
                .cloned()
                .collect();
            (*prefix, r)
        })
        .collect()
}
