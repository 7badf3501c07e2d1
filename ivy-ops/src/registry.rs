//! The op registry: every op with its metadata and per-backend support, for the CLI and the
//! support queries. Compositional ops fold in their callees' support (intersection).

use ivy_core::{Backend, BackendSupport, DtypeSet, OpEntry, OpKind};

/// Every op, sorted by name.
///
/// ```
/// let ops = ivy::registry::ops();
/// assert!(ops.iter().any(|e| e.meta.name == "tan"));
/// ```
pub fn ops() -> Vec<&'static OpEntry> {
    let mut v: Vec<&'static OpEntry> = crate::functional::CATEGORIES
        .iter()
        .flat_map(|c| c.iter())
        .collect();
    v.sort_by_key(|e| e.meta.name);
    v
}

/// The op named `name`.
pub fn op(name: &str) -> Option<&'static OpEntry> {
    crate::functional::CATEGORIES
        .iter()
        .flat_map(|c| c.iter())
        .find(|e| e.meta.name == name)
}

/// How `op` runs on backend `b` (`None` for standalone functions). For compositional ops,
/// and mixed ops running their body there, the supported dtypes are the intersection over
/// the ops the body calls (recursively), less the dtypes declared unsupported for `b`.
pub fn support(entry: &OpEntry, b: Backend) -> Option<BackendSupport> {
    support_at(entry, b, 0)
}

fn support_at(entry: &OpEntry, b: Backend, depth: usize) -> Option<BackendSupport> {
    let mut row = (entry.support)(b)?;
    let body_runs = match entry.meta.kind {
        OpKind::Compositional => true,
        OpKind::Mixed => !row.native,
        _ => false,
    };
    if body_runs && depth < 16 {
        let mut set = row.supported;
        for name in entry.meta.callees {
            let Some(callee) = op(name).filter(|c| c.meta.name != entry.meta.name) else {
                continue;
            };
            if let Some(r) = support_at(callee, b, depth + 1) {
                set = set.intersection(r.supported);
            }
        }
        row.supported = set.difference(entry.meta.declared_unsupported(b));
    }
    Some(row)
}

/// Dtypes `op` supports on backend `b` (Ivy's `function_supported_dtypes`).
pub fn function_supported_dtypes(name: &str, b: Backend) -> Option<DtypeSet> {
    support(op(name)?, b).map(|r| r.supported)
}

/// Dtypes `op` does not support on backend `b` (Ivy's `function_unsupported_dtypes`).
pub fn function_unsupported_dtypes(name: &str, b: Backend) -> Option<DtypeSet> {
    function_supported_dtypes(name, b).map(|s| DtypeSet::VALID.difference(s))
}
