//! `ivy support --matrix` (every op × backend × dtype and device, with the implementation
//! kind) and `ivy ops --backend-api` (what a backend implements): both read the registry's
//! metadata, so `docs/SUPPORT.md` and the list in `CONTRIBUTING.md` cannot go stale (a test
//! regenerates each and compares).

use crate::catalog::{devices_not_compiled, per_backend, print_json, print_table, Verdict};
use crate::{CliError, CliResult};
use ivy::registry;
use ivy::{Backend, Dtype, DtypeSet, OpKind};
use ivy_core::{BackendSupport, OpEntry};
use serde_json::{json, Map, Value};
use std::fmt::Write as _;
use std::path::Path;

/// How `ivy support --matrix` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// A padded text table (ASCII cells).
    Text,
    /// JSON: one object per op.
    Json,
    /// The Markdown page committed as `docs/SUPPORT.md`.
    Markdown,
}

/// One dtype cell: what the op does with the dtype on the backend ([`Verdict`], with the
/// supported dtypes split by where they are computed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cell {
    /// Supported, computed by the backend.
    Native,
    /// Supported, computed on the host (copied to host memory and back).
    Host,
    /// Not supported: the backend holds the dtype and the op does not support it there (or
    /// the backend is not compiled into this build).
    Unsupported(Verdict),
    /// The backend cannot hold the dtype at all.
    NotHeld,
}

impl Cell {
    fn of(s: &BackendSupport, d: Dtype) -> Cell {
        match Verdict::of(s, d) {
            Verdict::Supported if s.host.contains(d) => Cell::Host,
            Verdict::Supported => Cell::Native,
            Verdict::NotInBackend => Cell::NotHeld,
            v => Cell::Unsupported(v),
        }
    }

    /// The JSON value: `ivy support --json`'s `reason`, `host` for a supported dtype
    /// computed on the host.
    fn code(self) -> &'static str {
        match self {
            Cell::Native => Verdict::Supported.code(),
            Cell::Host => "host",
            Cell::Unsupported(v) => v.code(),
            Cell::NotHeld => Verdict::NotInBackend.code(),
        }
    }

    fn symbol(self, f: Format) -> &'static str {
        match (self, f) {
            (Cell::Native, Format::Markdown) => "✓",
            (Cell::Native, _) => "y",
            (Cell::Host, _) => "h",
            (Cell::Unsupported(_), Format::Markdown) => "✗",
            (Cell::Unsupported(_), _) => "n",
            (Cell::NotHeld, Format::Markdown) => "·",
            (Cell::NotHeld, _) => ".",
        }
    }
}

/// The short column name of a dtype (`f32`, `c128`, `b` for bool).
fn short(d: Dtype) -> String {
    let s = d.as_str();
    if d == Dtype::Bool {
        return "b".into();
    }
    let digits = s.trim_start_matches(|c: char| c.is_ascii_alphabetic());
    match &s[..s.len() - digits.len()] {
        "bfloat" => format!("bf{digits}"),
        word => format!("{}{digits}", &word[..1]),
    }
}

/// The device kinds an op runs on there: this build's, plus the backend's kinds this build
/// lacks (`cuda` without the feature), so the page is the same with or without it.
fn device_kinds(s: &BackendSupport) -> ivy_core::DeviceSet {
    s.devices.union(devices_not_compiled(s.backend))
}

/// The devices an op runs on there, with the dtypes it does not support on each.
fn devices(s: &BackendSupport) -> String {
    let mut parts: Vec<String> = vec![device_kinds(s).names().join(", ")];
    for (i, dev) in ["cpu", "cuda"].iter().enumerate() {
        // the dtypes the backend cannot hold are in no device's list
        let off = s.device_dtypes[i].intersection(ivy::backends::valid_dtypes(s.backend));
        if !off.is_empty() {
            let names: Vec<String> = off.iter().map(short).collect();
            parts.push(format!("not on {dev}: {}", names.join(" ")));
        }
    }
    parts.join("; ")
}

/// The op's kind with its flags: `primary, nestable`.
fn kind(e: &OpEntry) -> String {
    let m = e.meta;
    let mut k = m.kind.as_str().to_string();
    if m.nestable {
        k.push_str(", nestable");
    }
    if m.container_dependent {
        k.push_str(", container-dependent");
    }
    k
}

/// `ivy support --matrix [--json | --markdown]`.
pub fn matrix(f: Format) -> CliResult {
    let entries = registry::ops();
    if f == Format::Json {
        let list: Vec<Value> = entries.iter().map(|e| op_json(e)).collect();
        return print_json(&Value::Array(list));
    }
    let dtypes: Vec<Dtype> = DtypeSet::VALID.iter().collect();
    let mut header: Vec<String> = ["op", "kind", "backend", "implementation"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    header.extend(dtypes.iter().map(|&d| short(d)));
    header.push("devices".into());
    let mut rows: Vec<Vec<String>> = Vec::new();
    for e in &entries {
        if e.meta.kind == OpKind::Standalone {
            let mut row = vec![
                e.meta.name.into(),
                kind(e),
                "any".into(),
                "standalone".into(),
            ];
            row.extend(dtypes.iter().map(|_| String::new()));
            row.push("no backend call".into());
            rows.push(row);
            continue;
        }
        for &b in Backend::ALL {
            let Some(s) = registry::support(e, b) else {
                continue;
            };
            let mut how = s.implementation().to_string();
            if s.native_out {
                how.push_str(", native out");
            }
            let mut row = vec![e.meta.name.into(), kind(e), b.as_str().into(), how];
            row.extend(
                dtypes
                    .iter()
                    .map(|&d| Cell::of(&s, d).symbol(f).to_string()),
            );
            row.push(devices(&s));
            rows.push(row);
        }
    }
    match f {
        Format::Markdown => markdown(&header, &rows, entries.len()),
        _ => {
            let h: Vec<&str> = header.iter().map(String::as_str).collect();
            print_table(&h, &rows);
            outln!();
            outln!("y: supported  h: supported, computed on the host  n: not supported by the op  .: the backend cannot hold the dtype");
        }
    }
    Ok(())
}

fn markdown(header: &[String], rows: &[Vec<String>], n_ops: usize) {
    outln!("# Support matrix");
    outln!();
    outln!("<!-- generated by `cargo run -p ivy-cli -- support --matrix --markdown > /tmp/SUPPORT.md && mv /tmp/SUPPORT.md docs/SUPPORT.md`; a test fails when it is stale -->");
    outln!();
    outln!(
        "Every op ({n_ops}) on every backend: how it runs there, which dtypes it supports and \
         on which devices. The same metadata answers `ivy support <op>` and \
         `ivy::registry::function_supported_dtypes`."
    );
    outln!();
    outln!("- **implementation**: `native` (the backend's kernel), `host` (copied to host memory, computed by ivy, copied back), `native+host` (some dtypes each way), `compositional` (written with other ivy ops: the intersection of theirs), `unsupported` (no dtype at all); `native out` when the backend writes `out` itself.");
    outln!("- **dtype cells**: ✓ supported, h supported but computed on the host, ✗ not supported by the op (the backend holds the dtype), · the backend cannot hold the dtype at all.");
    outln!("- **devices**: where it runs (`cuda` needs candle's `cuda` feature), and the dtypes it does not support on one device.");
    outln!("- **standalone** functions do not dispatch to a backend: they have no per-backend support.");
    outln!();
    let line = |cells: &[String]| outln!("| {} |", cells.join(" | "));
    line(header);
    let sep: Vec<String> = header.iter().map(|_| "---".to_string()).collect();
    line(&sep);
    for row in rows {
        let mut r = row.clone();
        r[0] = format!("`{}`", r[0]);
        line(&r);
    }
}

/// The support table of one op, as its rustdoc page includes it (`ivy-ops/docs/support`).
fn fragment(e: &OpEntry) -> String {
    let name = e.meta.name;
    let mut t = format!(
        "**Support** (generated by `ivy support --matrix --fragments`; `ivy support {name}` \
         says why a dtype is not supported):\n\n\
         | backend | implementation | supported | on the host | not supported | not held by the backend | devices |\n\
         |---|---|---|---|---|---|---|\n"
    );
    let names = |d: DtypeSet| {
        if d.is_empty() {
            "–".to_string()
        } else {
            d.names().join(", ")
        }
    };
    for &b in Backend::ALL {
        let Some(s) = registry::support(e, b) else {
            continue;
        };
        let held = ivy::backends::valid_dtypes(b);
        let mut how = s.implementation().to_string();
        if s.native_out {
            how.push_str(", native out");
        }
        let _ = writeln!(
            t,
            "| {b} | {how} | {} | {} | {} | {} | {} |",
            names(s.supported),
            names(s.host.intersection(s.supported)),
            names(held.difference(s.supported)),
            names(DtypeSet::VALID.difference(held)),
            devices(&s),
        );
    }
    t
}

/// `ivy support --matrix --fragments DIR`: writes `DIR/<op>.md` for every op that
/// dispatches (standalone functions have no support table), and removes other `.md` files
/// there (ops renamed or gone).
pub fn fragments(dir: &Path) -> CliResult {
    let io = |what: &str, p: &Path, e: std::io::Error| {
        CliError::Other(format!("cannot {what} {}: {e}", p.display()))
    };
    std::fs::create_dir_all(dir).map_err(|e| io("create", dir, e))?;
    let entries: Vec<&OpEntry> = registry::ops()
        .into_iter()
        .filter(|e| e.meta.kind != OpKind::Standalone)
        .collect();
    for old in std::fs::read_dir(dir).map_err(|e| io("read", dir, e))? {
        let p = old.map_err(|e| io("read", dir, e))?.path();
        let stem = p.file_stem().and_then(|s| s.to_str()).unwrap_or_default();
        if p.extension().is_some_and(|x| x == "md") && !entries.iter().any(|e| e.meta.name == stem)
        {
            std::fs::remove_file(&p).map_err(|e| io("remove", &p, e))?;
        }
    }
    for e in &entries {
        let p = dir.join(format!("{}.md", e.meta.name));
        std::fs::write(&p, fragment(e)).map_err(|err| io("write", &p, err))?;
    }
    outln!("wrote {} support pages to {}", entries.len(), dir.display());
    Ok(())
}

/// One op of `ivy support --matrix --json`.
fn op_json(e: &OpEntry) -> Value {
    let m = e.meta;
    let backends = per_backend(e, |s| {
        let cells: Map<String, Value> = DtypeSet::VALID
            .iter()
            .map(|d| (d.to_string(), Value::from(Cell::of(s, d).code())))
            .collect();
        json!({
            "implementation": s.implementation(),
            "native_out": s.native_out,
            "dtypes": cells,
            "devices": device_kinds(s).names(),
            "unsupported_on_device": {
                "cpu": s.device_dtypes[0].names(),
                "cuda": s.device_dtypes[1].names(),
            },
        })
    });
    json!({
        "name": m.name,
        "category": m.category,
        "kind": m.kind.as_str(),
        "nestable": m.nestable,
        "container_dependent": m.container_dependent,
        "backends": backends,
    })
}

/// `ivy ops --backend-api`: per category, the trait a backend implements, its required
/// methods (the primary ops) and its overridable ones (the mixed ops), as Markdown.
pub fn backend_api() -> CliResult {
    let entries = registry::ops();
    let mut cats: Vec<&str> = entries.iter().map(|e| e.meta.category).collect();
    cats.sort_unstable();
    cats.dedup();
    outln!("Each category's trait (`#[ivy::backend_impl] impl <Trait> for MyBackend`), after `BackendInfo` and `Kernels`:");
    outln!();
    for cat in cats {
        // a family op's method and support constant are provided by its family (an
        // override is possible, not required), so adding one leaves this list as it is
        let of = |k: OpKind| -> Vec<String> {
            entries
                .iter()
                .filter(|e| e.meta.category == cat && e.meta.kind == k)
                .filter(|e| k != OpKind::Primary || e.meta.family.is_none())
                .map(|e| format!("`{}`", e.meta.name))
                .collect()
        };
        let families: Vec<&str> = {
            let mut f: Vec<&str> = entries
                .iter()
                .filter(|e| e.meta.category == cat)
                .filter_map(|e| e.meta.family)
                .collect();
            f.sort_unstable();
            f.dedup();
            f
        };
        let (required, optional) = (of(OpKind::Primary), of(OpKind::Mixed));
        if required.is_empty() && optional.is_empty() && families.is_empty() {
            outln!("- `{}Backend`: no methods", camel(cat));
            continue;
        }
        outln!("- `{}Backend`:", camel(cat));
        if !required.is_empty() {
            outln!("  required ({}): {}", required.len(), required.join(", "));
        }
        if !optional.is_empty() {
            outln!(
                "  optional overrides of the mixed ops ({}): {}",
                optional.len(),
                optional.join(", ")
            );
        }
        if !families.is_empty() {
            let names: Vec<String> = families.iter().map(|f| format!("`{f}`")).collect();
            let of_the = if names.len() == 1 {
                "family"
            } else {
                "families"
            };
            outln!(
                "  provided: every op of the {} {of_the} (`ivy ops` lists them; a backend may override one)",
                names.join(", ")
            );
        }
    }
    Ok(())
}

/// `data_type` → `DataType`.
fn camel(s: &str) -> String {
    s.split('_')
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                .unwrap_or_default()
        })
        .collect()
}
