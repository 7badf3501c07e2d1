//! Support answers are true (issue 6, "Support answers must be true"): for every op of the
//! registry × backend × each of the 15 dtypes × device (`cpu`, `cuda:0`),
//! "declared supported" ⇔ "a small call returns `Ok`".
//!
//! "Declared supported" is what `ivy::registry::support(entry, backend)` says — the dtype is
//! in `supported`, the device kind in `devices`, and the dtype not in `device_dtypes` for
//! that device kind — which is what `ivy support OP` prints. The call is the op called by
//! name (`ivy::registry::call`) with the small valid arguments of [`ivy_tests::Small`],
//! generated from the op's parameter metadata alone (no row per op): its arrays are made
//! with that dtype on that device (`asarray(.., dtype, device)`); for creation ops the dtype
//! and device are the `dtype` and `device` keywords. A dtype the backend cannot hold
//! (candle: int8, uint16, uint64, complex, bool) or a device it cannot use makes the input
//! itself fail to build, which is a failed call: the op must then not be declared to
//! support it. An error that is not about the dtype or the device is reported with a hint
//! that the generator's rule for some parameter type is wrong, and an error saying the
//! arguments do not fit the op (`ArgumentKind`, `Arity`, `UnknownKeyword`) always fails.
//!
//! Standalone ops (no dispatch, `support` is `None`) have no support answer: their call by
//! name must not panic, must not be rejected for its arguments, must not leak
//! `Error::Backend`, and must return `Ok` for some dtype on each backend (on `cpu`). Ops the
//! registry declares not callable by name (`Error::NotCallable`: a closure or generic
//! parameter) are printed with the reason and skipped. [`every_op_is_exercised`] fails for
//! an op that is neither exercised nor declared not callable — in particular for an op with
//! a parameter type the generator has no rule for (teach `Ty` in `tests/src/lib.rs`).
//!
//! Also here: the static consistency of the rows (primary ops are native, compositional ones
//! are not, every compiled backend has a row) and the device-string parser (`cuda:N` and
//! `gpu:N` are one parser with one limit).
//!
//! Run: `cargo test -p ivy-tests --test suite support_calls::` (well under a second of test time).
//! With the `cuda` feature on a machine without a CUDA device, the `cuda:0` cells are
//! skipped (no device to call); everywhere else they are checked.

use ivy::prelude::*;
use ivy::registry::{ops, support, Value};
use ivy::{Error, OpKind};
use ivy_core::OpEntry;
use ivy_tests::{fill, is_argument_error, plans, Param, Plan, Small};
use std::collections::{BTreeMap, BTreeSet};
use std::panic::{catch_unwind, AssertUnwindSafe};

/// What one cell's call did.
enum Got {
    /// An input could not be built (a dtype the backend cannot hold, a device it cannot
    /// use): the error.
    NoInput(Error),
    /// The call's result.
    Call(ivy::Result<Value>),
}

/// The small call of op `entry` (parameters `params`) for dtype `d` on device `dev`, on
/// backend `b`.
fn call(entry: &OpEntry, params: &[Param], b: Backend, d: Dtype, dev: Device) -> Got {
    ivy::with_backend(b, || {
        let mut got = None;
        for shape in Small::SHAPES {
            got = Some(
                match fill(entry.meta, params, &mut Small::with_shape(d, dev, shape)) {
                    Ok(args) => Got::Call(args.call(entry.meta.name)),
                    Err(e) => Got::NoInput(e),
                },
            );
            if !matches!(&got, Some(Got::Call(Err(e))) if Small::retry(e)) {
                break;
            }
        }
        got.expect("Small::SHAPES is not empty")
    })
}

/// What the registry declares for `entry` on `b` with dtype `d` on device `dev`.
fn declared(entry: &OpEntry, b: Backend, d: Dtype, dev: Device) -> bool {
    // an op that takes no array and no device (`can_cast`) makes nothing on any device:
    // its answer is the CPU's
    let dev = if runs_on_no_device(entry) {
        Device::Cpu
    } else {
        dev
    };
    match support(entry, b) {
        Some(r) => {
            r.compiled
                && r.supported.contains(d)
                && r.devices.contains(dev)
                && !r.device_dtypes[ivy_core::DeviceSet::index(dev)].contains(d)
        }
        None => false,
    }
}

/// Whether `entry` takes no array (nor data that may hold one) and no device, and infers no
/// device: then no device is involved in a call.
fn runs_on_no_device(entry: &OpEntry) -> bool {
    use ivy_core::ParamKind as K;
    !entry.meta.infer_device
        && entry.meta.params.iter().all(|p| {
            !matches!(
                p.kind,
                K::Array
                    | K::ArrayMut
                    | K::Operand
                    | K::Arrays
                    | K::OptionalArray
                    | K::Container
                    | K::Data
                    | K::Device
                    | K::Index
            )
        })
}

/// The devices checked: `cpu`, and `cuda:0` unless this build has CUDA but this machine no
/// device (then there is nothing to call).
fn devices() -> Vec<Device> {
    let mut v = vec![Device::Cpu];
    let cuda_build = cfg!(feature = "cuda");
    let has_device = ivy_tests::candle_cuda().is_ok();
    if !cuda_build || has_device {
        v.push(Device::Cuda(0));
    } else {
        println!("note: built with `cuda` but no CUDA device here; cuda:0 cells skipped");
    }
    v
}

fn short(e: &Error) -> String {
    e.to_string().lines().next().unwrap_or("").to_string()
}

fn panic_message(p: Box<dyn std::any::Any + Send>) -> String {
    p.downcast_ref::<String>()
        .cloned()
        .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_default()
}

#[test]
fn declared_support_matches_calls() {
    let devices = devices();
    let mut cells = 0;
    let mut wrong: Vec<String> = Vec::new();
    // (op on backend, device; what is wrong) → the dtypes it is wrong for
    let mut groups: BTreeMap<(String, String), Vec<Dtype>> = BTreeMap::new();
    let mut group = |name: &str, b: Backend, d: Dtype, dev: Device, what: String| {
        groups
            .entry((format!("{name} on {b}, {dev}"), what))
            .or_default()
            .push(d);
    };
    let plans = plans();
    for (entry, plan) in &plans {
        let name = entry.meta.name;
        let params = match plan {
            Ok(Plan::Call(params)) => params,
            Ok(Plan::NotCallable(_)) => continue,
            Err(msg) => {
                wrong.push(msg.clone());
                continue;
            }
        };
        for &b in Backend::ALL {
            let row = support(entry, b);
            let mut standalone_ok = false;
            for d in Dtype::ALL {
                for &dev in &devices {
                    cells += 1;
                    let got =
                        match catch_unwind(AssertUnwindSafe(|| call(entry, params, b, d, dev))) {
                            Ok(g) => g,
                            Err(p) => {
                                wrong.push(format!(
                                    "{name} on {b}, {d}, {dev}: the call panicked: {}",
                                    panic_message(p)
                                ));
                                continue;
                            }
                        };
                    if row.is_none() {
                        // standalone: no support answer; the call must work as a call
                        match got {
                            Got::NoInput(_) => {}
                            Got::Call(Ok(_)) => standalone_ok |= dev == Device::Cpu,
                            Got::Call(Err(e)) if is_argument_error(&e) => group(
                                name,
                                b,
                                d,
                                dev,
                                format!("the generated arguments are rejected: {}", short(&e)),
                            ),
                            Got::Call(Err(e @ Error::Backend { .. })) => group(
                                name,
                                b,
                                d,
                                dev,
                                format!("Error::Backend leaks: {}", short(&e)),
                            ),
                            Got::Call(Err(_)) => {}
                        }
                        continue;
                    }
                    let r = match got {
                        Got::NoInput(e) | Got::Call(Err(e)) => Err(e),
                        Got::Call(Ok(_)) => Ok(()),
                    };
                    let decl = declared(entry, b, d, dev);
                    let rejected = r.as_ref().is_err_and(is_argument_error);
                    if decl != r.is_ok() || rejected {
                        let call = match &r {
                            Ok(()) => "the call returns Ok".to_string(),
                            Err(e) => {
                                // an error about something else than the dtype or the
                                // device means a generator rule gives a wrong argument
                                let about_support = matches!(
                                    e,
                                    Error::UnsupportedDtype { .. }
                                        | Error::DtypeNotInBackend { .. }
                                        | Error::DeviceUnavailable { .. }
                                        | Error::UnsupportedDevice { .. }
                                );
                                let hint = if about_support {
                                    ""
                                } else if matches!(e, Error::Backend { .. }) {
                                    " (the backend itself failed)"
                                } else {
                                    " (not a dtype or device error: check the rules of `Small` \
                                     in tests/src/lib.rs for this op's parameter types)"
                                };
                                format!(
                                    "the call fails: {}{hint}",
                                    short(e).replace(d.as_str(), "{dtype}")
                                )
                            }
                        };
                        group(
                            name,
                            b,
                            d,
                            dev,
                            format!(
                                "declared {}, but {call}",
                                if decl { "supported" } else { "NOT supported" }
                            ),
                        );
                    }
                }
            }
            if row.is_none() && !standalone_ok {
                wrong.push(format!(
                    "{name} (standalone) on {b}: no call returned Ok, for any dtype on cpu"
                ));
            }
        }
    }
    for ((at, what), dtypes) in groups {
        let ds: Vec<&str> = dtypes.iter().map(|d| d.as_str()).collect();
        wrong.push(format!("{at}, dtypes [{}]: {what}", ds.join(", ")));
    }
    println!(
        "support_calls: {} ops × {} backends × 15 dtypes × {} devices = {cells} cells, {} groups wrong",
        plans.len(),
        Backend::ALL.len(),
        devices.len(),
        wrong.len()
    );
    assert!(
        wrong.is_empty(),
        "support answers that do not match the calls ({} groups):\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

/// Every op of the registry is exercised here — its small call, on some backend and dtype,
/// reaches the op with arguments it accepts — or is declared not callable by name (printed
/// with the reason). Fails naming an op whose parameter types the generator cannot fill.
#[test]
fn every_op_is_exercised() {
    let mut exercised = BTreeSet::new();
    for (entry, plan) in plans() {
        let Ok(Plan::Call(params)) = plan else {
            continue;
        };
        'op: for &b in Backend::ALL {
            for d in Dtype::ALL {
                let got =
                    catch_unwind(AssertUnwindSafe(|| call(entry, &params, b, d, Device::Cpu)));
                if let Ok(Got::Call(r)) = got {
                    if !r.as_ref().is_err_and(is_argument_error) {
                        exercised.insert(entry.meta.name.to_string());
                        break 'op;
                    }
                }
            }
        }
    }
    ivy_tests::assert_every_op_covered("support_calls.rs", &exercised, &BTreeMap::new());
}

/// Primary ops are native everywhere, compositional ops nowhere; standalone ops have no
/// support row; every dispatching op has a row on every backend, saying it is compiled.
#[test]
fn support_rows_are_consistent() {
    let mut wrong = Vec::new();
    for entry in ops() {
        let name = entry.meta.name;
        for &b in Backend::ALL {
            let row = support(entry, b);
            match (entry.meta.kind, row) {
                (OpKind::Standalone, None) => {}
                (OpKind::Standalone, Some(_)) => {
                    wrong.push(format!("{name} (standalone) has a row on {b}"))
                }
                (k, None) => wrong.push(format!("{name} ({}) has no row on {b}", k.as_str())),
                (k, Some(r)) => {
                    if !r.compiled {
                        wrong.push(format!("{name}: {b} is compiled in but the row says not"));
                    }
                    if k == OpKind::Primary && !r.native {
                        wrong.push(format!("{name} is primary but not native on {b}"));
                    }
                    if k == OpKind::Compositional && (r.native || r.native_out) {
                        wrong.push(format!("{name} is compositional but native on {b}"));
                    }
                    if r.native_out && !r.native {
                        wrong.push(format!("{name}: native_out without native on {b}"));
                    }
                    // a dtype query (`can_cast`) answers for every dtype, held or not
                    if entry.meta.is_dtype_query() {
                        if r.supported != DtypeSet::VALID {
                            wrong.push(format!(
                                "{name} is a dtype query but supports only {} on {b}",
                                r.supported
                            ));
                        }
                    } else if !r.supported.difference(b.valid_dtypes()).is_empty() {
                        wrong.push(format!(
                            "{name} on {b} declares dtypes {b} cannot hold: {}",
                            r.supported.difference(b.valid_dtypes())
                        ));
                    }
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// One op, one meaning: among the dtypes candle holds, candle supports exactly what ndarray
/// (which holds all 15) supports. A dtype supported on one backend only would escape the
/// agreement test, which compares the dtypes both support (a bool `matmul` that summed
/// with u8 arithmetic on candle, say), and would make a program's portability depend on the
/// backend for no reason the user can see.
#[test]
fn backends_support_the_same_dtypes_where_both_hold_them() {
    let both = Backend::Ndarray
        .valid_dtypes()
        .intersection(Backend::Candle.valid_dtypes());
    let mut wrong = Vec::new();
    for entry in ops() {
        let (Some(nd), Some(ca)) = (
            support(entry, Backend::Ndarray),
            support(entry, Backend::Candle),
        ) else {
            continue;
        };
        let (nd, ca) = (
            nd.supported.intersection(both),
            ca.supported.intersection(both),
        );
        // an op that does not run on a backend at all (no dtype there: `execute_with_gradients`
        // without autograd) has no second meaning; calling it there is a typed error
        if nd.is_empty() || ca.is_empty() {
            continue;
        }
        if nd != ca {
            wrong.push(format!(
                "{}: only ndarray supports {}; only candle supports {}",
                entry.meta.name,
                nd.difference(ca),
                ca.difference(nd)
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// `cuda:N` and `gpu:N` are one parser with one limit: every spelling of a number gives
/// the same answer under both prefixes, and `Display` round-trips.
#[test]
fn device_strings_parse_alike() {
    let numbers = [
        "0",
        "1",
        "7",
        "01",
        "+1",
        "-1",
        " 1",
        "1 ",
        "",
        "x",
        "4294967295",
        "4294967296",
        "9223372036854775807",
        "18446744073709551615",
        "18446744073709551616",
        "99999999999999999999999",
    ];
    let mut wrong = Vec::new();
    for n in numbers {
        let c = format!("cuda:{n}").parse::<Device>();
        let g = format!("gpu:{n}").parse::<Device>();
        if c.is_ok() != g.is_ok() || c.as_ref().ok() != g.as_ref().ok() {
            wrong.push(format!("\"cuda:{n}\" → {c:?} but \"gpu:{n}\" → {g:?}"));
        }
        if let Ok(d) = c {
            let back = d.to_string().parse::<Device>();
            if back.as_ref().ok() != Some(&d) {
                wrong.push(format!("{d} does not round-trip: {back:?}"));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The coverage guarantee: an op with a parameter type the generator has no rule for fails
/// the registry suites with a message naming the op, the parameter and its type (here a
/// made-up op, as a newly declared one would be); the types declared today are read.
#[test]
fn a_parameter_type_without_a_rule_fails_naming_the_op() {
    use ivy_core::{ArgType, OpMeta, ParamKind, ParamMeta};
    use ivy_tests::Ty;
    static PARAMS: [ParamMeta; 2] = [
        ParamMeta {
            name: "x",
            kind: ParamKind::Array,
            keyword: false,
            ty: "&Array",
            arg: ArgType::Array,
        },
        ParamMeta {
            name: "pad",
            kind: ParamKind::Other,
            keyword: false,
            ty: "Padding",
            arg: ArgType::Opaque,
        },
    ];
    static META: OpMeta = OpMeta {
        name: "made_up_op",
        category: "test",
        kind: OpKind::Primary,
        nestable: false,
        container_dependent: false,
        global_state: false,
        has_out: false,
        infer_dtype: false,
        infer_device: false,
        callees: &[],
        backend_unsupported: &[],
        params: &PARAMS,
        family: None,
        doc: "",
    };
    let entry = OpEntry {
        meta: &META,
        support: |_| None,
    };
    let msg = ivy_tests::plan(&entry).unwrap_err();
    for part in ["`made_up_op`", "`pad`", "`Padding`"] {
        assert!(msg.contains(part), "{msg}");
    }
    // the macro's reading of declared types, as the generator sees them
    let list = |t| Ty::List(Box::new(t));
    let opt = |t| Ty::Opt(Box::new(t));
    let param = |op: &str, name: &str| {
        let e = ivy::registry::ops()
            .into_iter()
            .find(|e| e.meta.name == op)
            .unwrap_or_else(|| panic!("no op `{op}`"));
        let p = e.meta.params.iter().find(|p| p.name == name);
        *p.unwrap_or_else(|| panic!("`{op}` has no `{name}`"))
    };
    for (op, name, want) in [
        ("zeros", "shape", Some(list(Ty::Usize))),
        ("broadcast_arrays", "arrays", Some(list(Ty::Array))),
        ("inplace_update", "x", Some(Ty::ArrayMut)),
        ("get_all_arrays_on_dev", "within", Some(Ty::Container)),
        ("sum", "axis", Some(opt(list(Ty::Int)))),
        ("add", "x1", Some(Ty::Operand)),
        (
            "result_type",
            "arrays_and_dtypes",
            Some(list(Ty::DtypeLike)),
        ),
        ("can_cast", "from_", Some(Ty::DtypeLike)),
        ("finfo", "type", Some(Ty::DtypeLike)),
        ("isdtype", "kind", Some(list(Ty::Str))),
        ("from_native_dtype", "n", Some(Ty::NativeDtype)),
        ("nested_map", "f", None),
    ] {
        assert_eq!(Ty::of(&param(op, name)), want, "{op}({name})");
    }
}
