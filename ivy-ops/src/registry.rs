//! The op registry: every op with its metadata and per-backend support, for the CLI and the
//! support queries. Compositional ops fold in their callees' support (intersection).

use ivy_core::{Backend, BackendSupport, DtypeSet, Error, OpKind, Result};

pub use crate::value::{DynEntry, FromValue, IntoValue, Kwargs, Value, MAX_NESTING};
pub use ivy_core::{ArgType, OpEntry, OpMeta, ParamKind, ParamMeta};

/// Calls the op `name` with dynamic arguments: positional `args` in the declaration's order
/// (arrays, scalars, Containers, lists for shapes and axes, dtypes, devices, strings) and
/// keyword arguments by name. Ivy's "every function reachable by name". `out` may be given
/// as a keyword argument (an array): the op's `_out` form writes into a copy of it, which
/// is returned ([`DynEntry::call_out`] writes into the caller's array). A Container among
/// the arguments of a nestable op runs its nested form and returns Containers.
///
/// ```
/// use ivy::registry::{call, Value};
/// ivy::set_backend(ivy::Backend::Candle);
/// let x = ivy::asarray(vec![vec![1i32, 2], vec![3, 4]])?;
/// let s = call("sum", &[Value::from(&x)], &[("axis", Value::from(vec![0i64])), ("keepdims", true.into())])?;
/// assert_eq!(s.as_array().unwrap().shape(), &[1, 2]);
/// assert!(matches!(call("summ", &[], &[]), Err(ivy::Error::UnknownOp { suggestion: Some("sum"), .. })));
/// assert!(matches!(call("tan", &[], &[]), Err(ivy::Error::Arity { expected: 1, got: 0, .. })));
/// assert!(matches!(call("tan", &[Value::from(1.0)], &[]), Err(ivy::Error::ArgumentKind { .. })));
/// # ivy::unset_backend();
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn call(name: &str, args: &[Value], kwargs: &Kwargs<'_>) -> Result<Value> {
    let entry = dyn_entry(name).ok_or_else(|| Error::UnknownOp {
        name: name.to_string(),
        suggestion: closest(name),
    })?;
    entry.call(args, kwargs)
}

/// The metadata of the op `name`, or [`Error::UnknownOp`] with the closest name.
///
/// ```
/// assert_eq!(ivy::registry::meta("tan")?.params.len(), 1);
/// assert!(ivy::registry::meta("tann").is_err());
/// # Ok::<(), ivy::Error>(())
/// ```
pub fn meta(name: &str) -> Result<&'static OpMeta> {
    crate::functional::CATEGORIES
        .iter()
        .flat_map(|c| c.iter())
        .find(|e| e.meta.name == name)
        .map(|e| e.meta)
        .ok_or_else(|| Error::UnknownOp {
            name: name.to_string(),
            suggestion: closest(name),
        })
}

/// The dynamic entry of the op `name`.
pub fn dyn_entry(name: &str) -> Option<&'static DynEntry> {
    crate::functional::CALLS
        .iter()
        .flat_map(|c| c.iter())
        .find(|e| e.meta.name == name)
}

/// The op name closest to `name` (at most two edits away, and fewer than `name` has
/// characters: `""` resembles no op), for "did you mean".
fn closest(name: &str) -> Option<&'static str> {
    let len = name.chars().count();
    fn distance(a: &str, b: &str) -> usize {
        let b: Vec<char> = b.chars().collect();
        let mut row: Vec<usize> = (0..=b.len()).collect();
        for (i, ca) in a.chars().enumerate() {
            let mut prev = row[0];
            row[0] = i + 1;
            for (j, cb) in b.iter().enumerate() {
                let cur = row[j + 1];
                row[j + 1] = (prev + usize::from(ca != *cb)).min(row[j] + 1).min(cur + 1);
                prev = cur;
            }
        }
        row[b.len()]
    }
    ops()
        .into_iter()
        .map(|e| (distance(name, e.meta.name), e.meta.name))
        .filter(|(d, _)| *d <= 2 && *d < len)
        .min()
        .map(|(_, n)| n)
}

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
        let (mut set, mut host) = (row.supported, DtypeSet::EMPTY);
        let (mut devices, mut device_dtypes) = (row.devices, row.device_dtypes);
        for name in entry.meta.callees {
            let Some(callee) = op(name).filter(|c| c.meta.name != entry.meta.name) else {
                continue;
            };
            if let Some(r) = support_at(callee, b, depth + 1) {
                set = set.intersection(r.supported);
                host = host.union(r.host);
                // a callee that cannot run a dtype on a device (a host path on cuda) takes
                // the composition off that device for that dtype too
                devices = devices.intersection(r.devices);
                for (mine, theirs) in device_dtypes.iter_mut().zip(r.device_dtypes) {
                    *mine = mine.union(theirs);
                }
            }
        }
        row.supported = set.difference(entry.meta.declared_unsupported(b));
        row.host = host.intersection(row.supported);
        row.devices = devices;
        row.device_dtypes = device_dtypes.map(|d| d.intersection(row.supported));
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

/// Device kinds `op` supports on backend `b` (Ivy's `function_supported_devices`).
pub fn function_supported_devices(name: &str, b: Backend) -> Option<ivy_core::DeviceSet> {
    support(op(name)?, b).map(|r| r.devices)
}

/// Device kinds `op` does not support on backend `b`.
pub fn function_unsupported_devices(name: &str, b: Backend) -> Option<ivy_core::DeviceSet> {
    function_supported_devices(name, b).map(|s| ivy_core::DeviceSet::ALL.difference(s))
}

/// Dtypes `op` supports on the current backend; with none set, on every compiled backend
/// (the intersection), so the answer holds whichever backend runs it.
///
/// ```
/// use ivy::{Backend, Dtype};
/// let s = ivy::with_backend(Backend::Candle, || ivy::registry::current_supported_dtypes("tan"));
/// assert!(s.unwrap().contains(Dtype::Float16));
/// assert!(!ivy::registry::current_supported_dtypes("tan").unwrap().contains(Dtype::Int8));
/// ```
pub fn current_supported_dtypes(name: &str) -> Option<DtypeSet> {
    match ivy_core::current_backend() {
        Some(b) => function_supported_dtypes(name, b),
        None => Backend::ALL
            .iter()
            .filter(|b| crate::native::is_compiled(**b))
            .map(|b| function_supported_dtypes(name, *b))
            .try_fold(DtypeSet::VALID, |acc, s| s.map(|s| acc.intersection(s))),
    }
}

/// For a mixed op on backend `b`: the compositional answer (what the body supports there)
/// and the native answer (`None` when the backend has no override).
pub fn mixed_support(entry: &OpEntry, b: Backend) -> Option<(DtypeSet, Option<DtypeSet>)> {
    let row = (entry.support)(b)?;
    Some((
        body_support(entry.meta, b),
        row.native.then_some(row.supported),
    ))
}

/// What the compositional body of the op `meta` supports on backend `b`: the dtypes `b` can
/// hold, intersected over the ops the body calls (as [`support`] answers for each), less
/// the dtypes declared unsupported for `b` — the `supported` of [`support`] for a
/// compositional op. The generated dispatch refuses (or, under a casting mode, casts) an
/// `&Array` input outside it before the body runs (`engine::support::BodySupport`, computed once
/// per op and backend).
pub(crate) fn body_support(meta: &OpMeta, b: Backend) -> DtypeSet {
    let mut body = crate::native::valid_dtypes(b);
    for name in meta.callees {
        let callee = op(name).filter(|c| c.meta.name != meta.name);
        if let Some(r) = callee.and_then(|c| support(c, b)) {
            body = body.intersection(r.supported);
        }
    }
    body.difference(meta.declared_unsupported(b))
}
