//! `ivy ops`, `ivy support` and `ivy dtypes`: what the op registry knows.

use crate::json::{self, value, Ordered};
use crate::{CliError, CliResult};
use ivy::registry;
use ivy::{Backend, Dtype, DtypeSet, OpKind};
use ivy_core::{ArgType, BackendSupport, DeviceSet, OpEntry, ParamKind, ParamMeta};
use serde_json::{json, Map, Value};

/// How an op runs on one backend: `native`, `host`, `native+host`, `compositional` or
/// `unavailable` (not compiled in); see [`BackendSupport::implementation`].
fn implementation(s: &BackendSupport) -> &'static str {
    s.implementation()
}

fn yes_no(b: bool) -> &'static str {
    if b {
        "yes"
    } else {
        "no"
    }
}

pub(crate) fn print_json(v: &Value) -> CliResult {
    outln!("{}", serde_json::to_string_pretty(v)?);
    Ok(())
}

/// Prints rows as a table, each column padded to its widest cell.
pub(crate) fn print_table(header: &[&str], rows: &[Vec<String>]) {
    let mut widths: Vec<usize> = header.iter().map(|h| h.len()).collect();
    for row in rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.len());
        }
    }
    let line = |cells: Vec<&str>| {
        let padded: Vec<String> = cells
            .iter()
            .zip(&widths)
            .map(|(c, w)| format!("{c:<w$}"))
            .collect();
        outln!("{}", padded.join("  ").trim_end());
    };
    line(header.to_vec());
    for row in rows {
        line(row.iter().map(String::as_str).collect());
    }
}

// ---------------------------------------------------------------- ivy ops

/// `ivy ops [--json]`.
pub fn ops(json: bool) -> CliResult {
    let entries = registry::ops();
    if json {
        let list: Vec<Value> = entries.iter().map(|e| op_json(e)).collect();
        return print_json(&Value::Array(list));
    }
    let mut header = vec!["OP", "CATEGORY", "KIND", "NESTABLE", "CONTAINER-DEP", "OUT"];
    header.extend(Backend::ALL.iter().map(|b| b.as_str()));
    let rows: Vec<Vec<String>> = entries
        .iter()
        .map(|e| {
            let m = e.meta;
            let mut row = vec![
                m.name.to_string(),
                m.category.to_string(),
                m.kind.as_str().to_string(),
                yes_no(m.nestable).to_string(),
                yes_no(m.container_dependent).to_string(),
                yes_no(m.has_out).to_string(),
            ];
            row.extend(Backend::ALL.iter().map(|&b| {
                registry::support(e, b)
                    .map_or("-", |s| implementation(&s))
                    .to_string()
            }));
            row
        })
        .collect();
    print_table(&header, &rows);
    Ok(())
}

/// `{backend: f(its support row)}` for each backend the op dispatches to (none for a
/// standalone function).
pub(crate) fn per_backend(e: &OpEntry, f: impl Fn(&BackendSupport) -> Value) -> Map<String, Value> {
    Backend::ALL
        .iter()
        .filter_map(|&b| registry::support(e, b).map(|s| (b.as_str().to_string(), f(&s))))
        .collect()
}

/// One op of `ivy ops --json`. Standalone ops (which do not dispatch) get `"backends": {}`.
fn op_json(e: &OpEntry) -> Value {
    let m = e.meta;
    let backends = per_backend(
        e,
        |s| json!({ "implementation": implementation(s), "native_out": s.native_out }),
    );
    json!({
        "name": m.name,
        "category": m.category,
        "kind": m.kind.as_str(),
        "nestable": m.nestable,
        "container_dependent": m.container_dependent,
        "global_state": m.global_state,
        "has_out": m.has_out,
        "infer_dtype": m.infer_dtype,
        "infer_device": m.infer_device,
        "params": m.params.iter().map(param_json).collect::<Vec<_>>(),
        "backends": backends,
    })
}

/// One parameter of `ivy ops --json`: `{"name", "kind", "keyword", "ty"}` (`kind` in
/// snake case: `array`, `array_mut`, `operand`, `container`, `scalar`, `data`, `dtype`,
/// `device`, `other`; `ty` the Rust type as declared).
fn param_json(p: &ParamMeta) -> Value {
    json!({
        "name": p.name,
        "kind": param_kind(p.kind),
        "keyword": p.keyword,
        "ty": p.ty,
        "arg": arg_json(&p.arg),
    })
}

/// A parameter's [`ArgType`] in `ivy ops --json`: a name (`"int"`), or `{"list": …}` /
/// `{"optional": …}` around one.
pub(crate) fn arg_json(a: &ArgType) -> Value {
    match a {
        ArgType::List(t) => json!({ "list": arg_json(t) }),
        ArgType::Optional(t) => json!({ "optional": arg_json(t) }),
        leaf => Value::from(match leaf {
            ArgType::Array => "array",
            ArgType::ArrayMut => "array_mut",
            ArgType::Operand => "operand",
            ArgType::Container => "container",
            ArgType::Scalar => "scalar",
            ArgType::Data => "data",
            ArgType::Dtype => "dtype",
            ArgType::DtypeLike => "dtype_like",
            ArgType::Device => "device",
            ArgType::Backend => "backend",
            ArgType::NativeDtype => "native_dtype",
            ArgType::Str => "str",
            ArgType::Float => "float",
            ArgType::Int => "int",
            ArgType::Uint => "uint",
            ArgType::Bool => "bool",
            ArgType::Index => "index",
            ArgType::List(_) | ArgType::Optional(_) | ArgType::Opaque => "opaque",
        }),
    }
}

/// The name of a parameter kind in `ivy ops --json`.
pub(crate) fn param_kind(k: ParamKind) -> &'static str {
    match k {
        ParamKind::Array => "array",
        ParamKind::ArrayMut => "array_mut",
        ParamKind::Operand => "operand",
        ParamKind::Arrays => "arrays",
        ParamKind::Index => "index",
        ParamKind::OptionalArray => "optional_array",
        ParamKind::Container => "container",
        ParamKind::Scalar => "scalar",
        ParamKind::Data => "data",
        ParamKind::Dtype => "dtype",
        ParamKind::Device => "device",
        ParamKind::Other => "other",
    }
}

// ---------------------------------------------------------------- ivy support

/// `ivy support OP [--backend B] [--dtype D] [--json]`.
pub fn support(name: &str, backend: Option<&str>, dtype: Option<&str>, json: bool) -> CliResult {
    let entry = registry::op(name).ok_or_else(|| unknown_op(name))?;
    let backends: Vec<Backend> = match backend {
        Some(b) => vec![parse_backend(b)?],
        None => Backend::ALL.to_vec(),
    };
    let dtype: Option<Dtype> = dtype.map(parse_dtype).transpose()?;
    let m = entry.meta;

    // Standalone functions have no backend rows (`support` is `None` everywhere).
    let rows: Vec<BackendSupport> = backends
        .iter()
        .filter_map(|&b| registry::support(entry, b))
        .collect();

    if json {
        let mut by_backend = Map::new();
        for s in &rows {
            let mut o = json!({
                "implementation": implementation(s),
                "native_out": s.native_out,
                "host": s.host.names(),
                "supported": s.supported.names(),
                "unsupported": DtypeSet::VALID.difference(s.supported).names(),
                "unsupported_by_op": op_gaps(s).names(),
                "not_in_backend": not_held(s.backend).names(),
                "devices": s.devices.names(),
                "devices_not_compiled": devices_not_compiled(s.backend).names(),
                "unsupported_on_device": {
                    "cpu": s.device_dtypes[0].names(),
                    "cuda": s.device_dtypes[1].names(),
                },
            });
            if let Some(d) = dtype {
                let v = Verdict::of(s, d);
                o["dtype_supported"] = Value::Bool(v == Verdict::Supported);
                o["reason"] = Value::String(v.code().to_string());
                o["message"] = Value::String(v.explain(m.name, s, d));
            }
            by_backend.insert(s.backend.as_str().to_string(), o);
        }
        let mut out = json!({
            "op": m.name,
            "category": m.category,
            "kind": m.kind.as_str(),
            "backends": by_backend,
        });
        if let Some(d) = dtype {
            out["dtype"] = Value::String(d.to_string());
        }
        return print_json(&out);
    }

    outln!("{} ({}, {})", m.name, m.kind.as_str(), m.category);
    if m.kind == OpKind::Standalone || rows.is_empty() {
        outln!(
            "`{}` is a standalone function: it does not dispatch to a backend, so it has no per-backend dtype support.",
            m.name
        );
        return Ok(());
    }
    for s in &rows {
        let mut how = implementation(s).to_string();
        if s.native_out {
            how.push_str(", writes `out` natively");
        }
        outln!("{} ({how})", s.backend);
        outln!("  supported:   {}", list(s.supported));
        outln!("  unsupported: {}", list(op_gaps(s)));
        let held = not_held(s.backend);
        if !held.is_empty() {
            outln!(
                "  not held:    {} ({} cannot hold these dtypes at all)",
                list(held),
                s.backend
            );
        }
        if !s.host.is_empty() {
            let why = if s.native {
                format!("no {} kernel: copied to host memory and back", s.backend)
            } else {
                "some op the body calls copies these to host memory and back".to_string()
            };
            outln!("  on the host: {} ({why}; CPU only)", list(s.host));
        }
        outln!("  devices:     {}", devices_line(s));
        for (i, dev) in ["cpu", "cuda"].iter().enumerate() {
            if !s.device_dtypes[i].is_empty() {
                let gap = format!("not on {dev}:");
                outln!("  {gap:<13}{}", list(s.device_dtypes[i]));
            }
        }
        if let Some(d) = dtype {
            outln!("  {d}: {}", Verdict::of(s, d).explain(m.name, s, d));
        }
    }
    Ok(())
}

/// The device kinds backend `b` has in a build with every feature but not in this one
/// (candle's `cuda` without the `cuda` feature).
pub(crate) fn devices_not_compiled(b: Backend) -> DeviceSet {
    if !ivy::backends::is_compiled(b) {
        return DeviceSet::EMPTY;
    }
    b.all_devices().difference(ivy::backends::devices(b))
}

/// `cpu, cuda`, or `cpu (cuda: needs the `cuda` feature)`: the op's devices in this build,
/// then the backend's kinds this build lacks and the feature that adds each.
fn devices_line(s: &BackendSupport) -> String {
    let mut line = s.devices.names().join(", ");
    if line.is_empty() {
        line.push('-');
    }
    let missing = devices_not_compiled(s.backend).names();
    if !missing.is_empty() {
        let each: Vec<String> = missing
            .iter()
            .map(|k| format!("{k}: needs the `{k}` feature"))
            .collect();
        line.push_str(&format!(" ({})", each.join("; ")));
    }
    line
}

/// The dtypes the backend holds that the op does not support there (its own gaps).
fn op_gaps(s: &BackendSupport) -> DtypeSet {
    if !s.compiled {
        return DtypeSet::EMPTY;
    }
    ivy::backends::valid_dtypes(s.backend).difference(s.supported)
}

/// The dtypes a backend cannot hold at all.
fn not_held(b: Backend) -> DtypeSet {
    DtypeSet::VALID.difference(ivy::backends::valid_dtypes(b))
}

/// Whether an op supports a dtype on one backend, and if not, why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// Supported.
    Supported,
    /// The backend is not compiled into this build.
    BackendUnavailable,
    /// The backend cannot hold the dtype at all (no op of it can take it).
    NotInBackend,
    /// The backend holds the dtype but this op does not support it there.
    UnsupportedByOp,
}

impl Verdict {
    pub(crate) fn of(s: &BackendSupport, d: Dtype) -> Verdict {
        if !s.compiled {
            Verdict::BackendUnavailable
        } else if s.supported.contains(d) {
            Verdict::Supported
        } else if !ivy::backends::valid_dtypes(s.backend).contains(d) {
            Verdict::NotInBackend
        } else {
            Verdict::UnsupportedByOp
        }
    }

    /// The `reason` of `ivy support --json`.
    pub(crate) fn code(self) -> &'static str {
        match self {
            Verdict::Supported => "supported",
            Verdict::BackendUnavailable => "backend_unavailable",
            Verdict::NotInBackend => "not_in_backend",
            Verdict::UnsupportedByOp => "unsupported_by_op",
        }
    }

    /// One line: the verdict and why.
    fn explain(self, op: &str, s: &BackendSupport, d: Dtype) -> String {
        let b = s.backend;
        match self {
            Verdict::Supported => {
                let off: Vec<&str> = ["cpu", "cuda"]
                    .iter()
                    .zip(&s.device_dtypes)
                    .filter(|(_, set)| set.contains(d))
                    .map(|(dev, _)| *dev)
                    .collect();
                if off.is_empty() {
                    "supported".to_string()
                } else {
                    format!("supported, except on {}", off.join(", "))
                }
            }
            Verdict::BackendUnavailable => {
                format!("NOT supported: the {b} backend is not compiled into this build")
            }
            Verdict::NotInBackend => format!(
                "NOT supported: {b} cannot hold {d} at all, so no op takes it there \
                 ({b} holds {})",
                list(ivy::backends::valid_dtypes(b))
            ),
            Verdict::UnsupportedByOp => format!(
                "NOT supported: `{op}` does not support {d} on {b}, although {b} holds it \
                 (the op's gaps there: {})",
                list(op_gaps(s))
            ),
        }
    }
}

fn list(s: DtypeSet) -> String {
    if s.is_empty() {
        "-".to_string()
    } else {
        s.names().join(", ")
    }
}

/// An unknown op name: the registry's own [`ivy::Error::UnknownOp`] (the one `ivy call` and
/// `ivy::registry::call` give), with its "did you mean".
fn unknown_op(name: &str) -> CliError {
    match registry::meta(name) {
        Err(e) => CliError::Usage(e.to_string()),
        Ok(_) => CliError::Other(format!("op `{name}` is declared but has no registry entry")),
    }
}

fn parse_backend(s: &str) -> CliResult<Backend> {
    s.parse::<Backend>()
        .map_err(|e| CliError::Usage(e.to_string()))
}

pub(crate) fn parse_dtype(s: &str) -> CliResult<Dtype> {
    s.parse::<Dtype>()
        .map_err(|e| CliError::Usage(e.to_string()))
}

// ---------------------------------------------------------------- ivy dtypes

/// The dtype classes `ivy dtypes` lists, in output order.
const CLASSES: [(&str, DtypeSet); 5] = [
    ("numeric", DtypeSet::NUMERIC),
    ("integer", DtypeSet::INTEGER),
    ("unsigned", DtypeSet::UNSIGNED),
    ("float", DtypeSet::FLOAT),
    ("complex", DtypeSet::COMPLEX),
];

/// `{"backend", "valid", "invalid", "numeric", "integer", "unsigned", "float", "complex"}`:
/// each class lists only the backend's valid dtypes.
fn backend_dtypes_json(name: &str, valid: DtypeSet) -> Ordered {
    let mut entries = vec![
        ("backend", value(name)),
        ("valid", value(valid.names())),
        ("invalid", value(DtypeSet::VALID.difference(valid).names())),
    ];
    for (class, set) in CLASSES {
        entries.push((class, value(valid.intersection(set).names())));
    }
    Ordered::object(entries)
}

/// `ivy dtypes [--backend B] [--json]`: `B` is a backend or `none` (every dtype).
///
/// With `--backend`, the JSON is one backend's object (see [`backend_dtypes_json`]); without,
/// an object of those keyed by backend name (`ndarray`, `candle`, `none`).
pub fn dtypes(backend: Option<&str>, json: bool) -> CliResult {
    // `None` in the list stands for "no backend": every dtype is valid.
    let selected: Vec<Option<Backend>> = match backend {
        Some("none") => vec![None],
        Some(b) => vec![Some(b.parse::<Backend>().map_err(|e| {
            CliError::Usage(format!("{e} (or `none` for every dtype)"))
        })?)],
        None => Backend::ALL
            .iter()
            .map(|&b| Some(b))
            .chain([None])
            .collect(),
    };
    let rows: Vec<(&str, DtypeSet)> = selected
        .iter()
        .map(|b| match b {
            Some(b) => (b.as_str(), ivy::backends::valid_dtypes(*b)),
            None => ("none", DtypeSet::VALID),
        })
        .collect();
    if json {
        let out = match (backend, rows.as_slice()) {
            (Some(_), [(name, valid)]) => backend_dtypes_json(name, *valid),
            _ => Ordered::object(
                rows.iter()
                    .map(|(name, valid)| (*name, backend_dtypes_json(name, *valid))),
            ),
        };
        return json::print(&out);
    }
    for (name, valid) in &rows {
        // the JSON key stays `none`; the text says what it stands for
        let label = if *name == "none" {
            "no backend (`none`)"
        } else {
            name
        };
        outln!("{label}: {}", list(*valid));
        let invalid = DtypeSet::VALID.difference(*valid);
        if !invalid.is_empty() {
            outln!("  cannot hold: {}", list(invalid));
        }
        for (class, set) in CLASSES {
            outln!(
                "  {:<9} {}",
                format!("{class}:"),
                list(valid.intersection(set))
            );
        }
    }
    Ok(())
}
