//! Support answers are true (issue 6, "Support answers must be true"): for every op of the
//! registry × backend × each of the 15 dtypes × device (`cpu`, `cuda:0`),
//! "declared supported" ⇔ "a small call returns `Ok`".
//!
//! "Declared supported" is what `ivy::registry::support(entry, backend)` says — the dtype is
//! in `supported`, the device kind in `devices`, and the dtype not in `device_dtypes` for
//! that device kind — which is what `ivy support OP` prints. The call is one row of
//! [`call`]: a `match` on the op name giving small valid arguments, whose inputs are made
//! with that dtype on that device (`asarray(.., dtype, device)`); for creation ops the
//! dtype and device are the `dtype` and `device` keywords. A dtype the backend cannot hold
//! (candle: int8, uint16, uint64, complex, bool) or a device it cannot use makes the input
//! itself fail to build, which is a failed call: the op must then not be declared to
//! support it. An op of the registry without a row fails the test ("add a row for op X").
//!
//! Standalone ops (no dispatch, `support` is `None`) have rows that check the call works as
//! documented for that dtype on that backend.
//!
//! Also here: the static consistency of the rows (primary ops are native, compositional ones
//! are not, every compiled backend has a row) and the device-string parser (`cuda:N` and
//! `gpu:N` are one parser with one limit).
//!
//! Run: `cargo test -p ivy-tests --test support_calls` (well under a second of test time).
//! With the `cuda` feature on a machine without a CUDA device, the `cuda:0` cells are
//! skipped (no device to call); everywhere else they are checked.

use ivy::prelude::*;
use ivy::registry::{ops, support};
use ivy::{DtypeSet, Error, OpKind};
use std::panic::{catch_unwind, AssertUnwindSafe};

/// The outcome of one row.
enum Outcome {
    /// A dispatching op: `Ok` or the error of the call.
    Op(ivy::Result<()>),
    /// A standalone op: `Err` says how the call did not do what its doc says.
    Standalone(Result<(), String>),
}

/// An input of `dtype` on `device` holding `[1, 2]` (true, true for bool) on the current
/// backend; an error when the backend cannot hold the dtype or use the device.
fn x(dtype: Dtype, device: Device) -> ivy::Result<Array> {
    ivy::asarray_with(
        Data::from(vec![1i64, 2]),
        AsarrayKw {
            dtype: Some(dtype),
            device: Some(device),
        },
    )
}

/// A 1-element input (broadcasts against `x`).
fn x1(dtype: Dtype, device: Device) -> ivy::Result<Array> {
    ivy::asarray_with(
        Data::from(vec![1i64]),
        AsarrayKw {
            dtype: Some(dtype),
            device: Some(device),
        },
    )
}

fn ok<T>(r: ivy::Result<T>) -> Outcome {
    Outcome::Op(r.map(|_| ()))
}

/// `Ok` when `cond`, else `Err(why)`.
fn expect(cond: bool, why: impl FnOnce() -> String) -> Outcome {
    Outcome::Standalone(if cond { Ok(()) } else { Err(why()) })
}

/// The row of op `name`: a small valid call with inputs of `d` on `dev`, run on backend
/// `b`. `None`: no row for that op.
fn call(name: &str, b: Backend, d: Dtype, dev: Device) -> Option<Outcome> {
    ivy::with_backend(b, || row(name, b, d, dev))
}

fn row(name: &str, b: Backend, d: Dtype, dev: Device) -> Option<Outcome> {
    let dt = Some(d);
    let device = Some(dev);
    Some(match name {
        // ---- creation: the dtype and device keywords
        "zeros" => ok(ivy::zeros_with(&[2], ZerosKw { dtype: dt, device })),
        "ones" => ok(ivy::ones_with(&[2], OnesKw { dtype: dt, device })),
        "full" => ok(ivy::full_with(
            &[2],
            Scalar::Int(1),
            FullKw { dtype: dt, device },
        )),
        "arange" => ok(ivy::arange_with(
            Scalar::Int(0),
            Scalar::Int(2),
            Scalar::Int(1),
            ArangeKw { dtype: dt, device },
        )),
        "asarray" => ok(x(d, dev)),
        // the like-ops: an input of the dtype, and the dtype as keyword
        "zeros_like" => ok(x(d, dev).and_then(|a| {
            ivy::zeros_like(&a)?;
            ivy::zeros_like_with(&a, ZerosLikeKw { dtype: dt, device })
        })),
        "ones_like" => ok(x(d, dev).and_then(|a| {
            ivy::ones_like(&a)?;
            ivy::ones_like_with(&a, OnesLikeKw { dtype: dt, device })
        })),
        "full_like" => ok(x(d, dev).and_then(|a| {
            ivy::full_like(&a, Scalar::Int(1))?;
            ivy::full_like_with(&a, Scalar::Int(1), FullLikeKw { dtype: dt, device })
        })),
        // ---- data types
        // from the dtype to itself (an input of the dtype) and to float32 (always held)
        "astype" => ok(x(d, dev).and_then(|a| {
            ivy::astype(&a, d)?;
            ivy::astype(&a, Dtype::Float32)
        })),
        "broadcast_to" => ok(x1(d, dev).and_then(|a| ivy::broadcast_to(&a, &[2, 3]))),
        "broadcast_arrays" => ok(x(d, dev).and_then(|a| {
            let c = x1(d, dev)?;
            ivy::broadcast_arrays(&[&a, &c])
        })),
        "result_type" => {
            let r = ivy::result_type([d, d]);
            expect(r == Ok(d), || format!("result_type([{d}, {d}]) = {r:?}"))
        }
        "promote_types" => {
            let r = ivy::promote_types(d, d);
            expect(r == Ok(d), || format!("promote_types({d}, {d}) = {r:?}"))
        }
        "can_cast" => expect(ivy::can_cast(d, d), || {
            format!("can_cast({d}, {d}) is false")
        }),
        "default_dtype" => {
            let r = ivy::default_dtype(dt, None);
            expect(r == d, || format!("default_dtype(Some({d}), None) = {r}"))
        }
        "as_native_dtype" => {
            let r = ivy::as_native_dtype(d);
            let held = b.valid_dtypes().contains(d);
            expect(r.is_ok() == held, || {
                format!("as_native_dtype({d}) on {b} = {r:?}; {b} holds {d}: {held}")
            })
        }
        "from_native_dtype" => match ivy::as_native_dtype(d) {
            Ok(n) => {
                let r = ivy::from_native_dtype(n);
                expect(r == Ok(d), || {
                    format!("from_native_dtype({n:?}) = {r:?}, not {d}")
                })
            }
            Err(_) => expect(!b.valid_dtypes().contains(d), || {
                format!("{b} holds {d} but has no native dtype for it")
            }),
        },
        "dtype" => match x(d, dev) {
            Ok(a) => expect(ivy::dtype(&a) == d, || {
                format!("dtype of a {d} array is {}", ivy::dtype(&a))
            }),
            Err(_) => Outcome::Standalone(Ok(())),
        },
        "finfo" => {
            let r = ivy::finfo(d);
            let want = d.is_float() || d.is_complex();
            expect(r.is_ok() == want, || format!("finfo({d}) = {r:?}"))
        }
        "iinfo" => {
            let r = ivy::iinfo(d);
            expect(r.is_ok() == d.is_int(), || format!("iinfo({d}) = {r:?}"))
        }
        "isdtype" => {
            let r = ivy::isdtype(d, d.as_str());
            expect(r == Ok(true), || {
                format!("isdtype({d}, {:?}) = {r:?}", d.as_str())
            })
        }
        "type_promote_arrays" => match x(d, dev) {
            Ok(a) => {
                let r = ivy::type_promote_arrays(&a, &a);
                expect(
                    r.as_ref()
                        .is_ok_and(|(p, q)| p.dtype() == d && q.dtype() == d),
                    || format!("type_promote_arrays of two {d} arrays = {r:?}"),
                )
            }
            Err(_) => Outcome::Standalone(Ok(())),
        },
        "promote_types_of_inputs" => match x(d, dev) {
            Ok(a) => {
                let r = ivy::promote_types_of_inputs(&a, &a);
                expect(
                    r.as_ref()
                        .is_ok_and(|(p, q)| p.dtype() == d && q.dtype() == d),
                    || format!("promote_types_of_inputs of two {d} arrays = {r:?}"),
                )
            }
            Err(_) => Outcome::Standalone(Ok(())),
        },
        "valid_dtypes" => {
            let r = ivy::valid_dtypes();
            expect(r == b.valid_dtypes(), || {
                format!("valid_dtypes() on {b} = {r}")
            })
        }
        "invalid_dtypes" => {
            let r = ivy::invalid_dtypes();
            expect(r == DtypeSet::VALID.difference(b.valid_dtypes()), || {
                format!("invalid_dtypes() on {b} = {r}")
            })
        }
        "backend_valid_dtypes" => {
            let r = ivy::backend_valid_dtypes(Some(b));
            expect(r == b.valid_dtypes(), || {
                format!("backend_valid_dtypes({b}) = {r}")
            })
        }
        "as_ivy_dtype" => {
            let r = ivy::as_ivy_dtype(d.as_str());
            let held = b.valid_dtypes().contains(d);
            expect(
                r.is_ok() == held && r.as_ref().map_or(true, |x| *x == d),
                || format!("as_ivy_dtype({:?}) on {b} = {r:?}", d.as_str()),
            )
        }
        // ---- elementwise
        "tan" => ok(x(d, dev).and_then(|a| ivy::tan(&a))),
        "sin" => ok(x(d, dev).and_then(|a| ivy::sin(&a))),
        "maximum" => ok(x(d, dev).and_then(|a| ivy::maximum(&a, &a))),
        "minimum" => ok(x(d, dev).and_then(|a| ivy::minimum(&a, &a))),
        "log" => ok(x(d, dev).and_then(|a| ivy::log(&a))),
        "exp" => ok(x(d, dev).and_then(|a| ivy::exp(&a))),
        "negative" => ok(x(d, dev).and_then(|a| ivy::negative(&a))),
        "softplus" => ok(x(d, dev).and_then(|a| ivy::softplus(&a))),
        "add" => ok(x(d, dev).and_then(|a| ivy::add(&a, &a))),
        "subtract" => ok(x(d, dev).and_then(|a| ivy::subtract(&a, &a))),
        "multiply" => ok(x(d, dev).and_then(|a| ivy::multiply(&a, &a))),
        "divide" => ok(x(d, dev).and_then(|a| ivy::divide(&a, &a))),
        "clip" => ok(x(d, dev).and_then(|a| ivy::clip(&a, 0.0, 1.0))),
        // ---- statistical, losses, general
        "sum" => ok(x(d, dev).and_then(|a| ivy::sum(&a))),
        "cross_entropy" => ok(x(d, dev).and_then(|a| ivy::cross_entropy(&a, &a))),
        "inplace_update" => ok(x(d, dev).and_then(|mut a| {
            let v = x(d, dev)?;
            ivy::inplace_update(&mut a, &v)
        })),
        // ---- nest
        "nested_map" => match x(d, dev) {
            Ok(a) => {
                let c: Container = ivy::container! { a: a };
                let r = ivy::nested_map(&c, |v| Ok(v.clone()));
                expect(r.is_ok(), || format!("nested_map(identity) = {r:?}"))
            }
            Err(_) => Outcome::Standalone(Ok(())),
        },
        "index_nest" => match x(d, dev) {
            Ok(a) => {
                let c: Container = ivy::container! { a: { b: a } };
                let r = ivy::index_nest(&c, "a/b").map(|v| v.dtype());
                expect(r == Ok(d), || format!("index_nest(.., \"a/b\") = {r:?}"))
            }
            Err(_) => Outcome::Standalone(Ok(())),
        },
        "default" => expect(
            ivy::default(None, d) == d && ivy::default(Some(d), Dtype::Bool) == d,
            || "default(None, x) != x or default(Some(x), y) != x".into(),
        ),
        "stable_divide" => match x(d, dev) {
            // a composition of add and divide: works where both are declared to
            // (the scalar min_denominator may promote first, so only this direction holds)
            Ok(a) => {
                let r = ivy::stable_divide(&a, &a, None);
                let declared = ["add", "divide"].iter().all(|op| declared(op, b, d, dev));
                expect(r.is_ok() || !declared, || {
                    format!("stable_divide of {d} arrays = {r:?}, but add and divide are declared")
                })
            }
            Err(_) => Outcome::Standalone(Ok(())),
        },
        "sum_leaves" => ok(x(d, dev).and_then(|a| {
            // two leaves, so the body's `add` runs
            let c: Container = ivy::container! { a: a.clone(), b: a };
            ivy::sum_leaves(&c)
        })),
        _ => return None,
    })
}

/// What the registry declares for `op` on `b` with dtype `d` on device `dev`.
fn declared(op: &str, b: Backend, d: Dtype, dev: Device) -> bool {
    let entry = ivy::registry::op(op).unwrap_or_else(|| panic!("no op {op} in the registry"));
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

/// The devices checked: `cpu`, and `cuda:0` unless this build has CUDA but this machine no
/// device (then there is nothing to call).
fn devices() -> Vec<Device> {
    let mut v = vec![Device::Cpu];
    let cuda_build = cfg!(feature = "cuda");
    let has_device = ivy::with_backend(Backend::Candle, || {
        ivy::zeros_with(
            &[1],
            ZerosKw {
                dtype: Some(Dtype::Float32),
                device: Some(Device::Cuda(0)),
            },
        )
    })
    .is_ok();
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

#[test]
fn declared_support_matches_calls() {
    let entries = ops();
    ivy_tests::assert_row_for_every_op(
        "support_calls.rs",
        "every op of the registry needs one",
        |n| call(n, Backend::Ndarray, Dtype::Float32, Device::Cpu).is_some(),
    );

    let devices = devices();
    let mut cells = 0;
    // (op, backend, device, what is wrong) → the dtypes it is wrong for
    let mut wrong: Vec<String> = Vec::new();
    let mut groups: std::collections::BTreeMap<(String, String), Vec<Dtype>> = Default::default();
    let mut group = |name: &str, b: Backend, d: Dtype, dev: Device, what: String| {
        groups
            .entry((format!("{name} on {b}, {dev}"), what))
            .or_default()
            .push(d);
    };
    for entry in &entries {
        let name = entry.meta.name;
        for &b in Backend::ALL {
            let row = support(entry, b);
            for d in Dtype::ALL {
                for &dev in &devices {
                    cells += 1;
                    let got = catch_unwind(AssertUnwindSafe(|| call(name, b, d, dev).unwrap()));
                    let got = match got {
                        Ok(g) => g,
                        Err(p) => {
                            let msg = p
                                .downcast_ref::<String>()
                                .cloned()
                                .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                                .unwrap_or_default();
                            wrong.push(format!(
                                "{name} on {b}, {d}, {dev}: the call panicked: {msg}"
                            ));
                            continue;
                        }
                    };
                    match (&row, got) {
                        (Some(_), Outcome::Op(r)) => {
                            let decl = declared(name, b, d, dev);
                            if decl != r.is_ok() {
                                let call = match &r {
                                    Ok(()) => "the call returns Ok".to_string(),
                                    Err(e) => {
                                        // an error about something else than the dtype or
                                        // the device means the row's arguments are wrong
                                        let about_support = matches!(
                                            e,
                                            Error::UnsupportedDtype { .. }
                                                | Error::DtypeNotInBackend { .. }
                                                | Error::DeviceUnavailable { .. }
                                                | Error::UnsupportedDevice { .. }
                                        );
                                        format!(
                                            "the call fails: {}{}",
                                            short(e).replace(d.as_str(), "{dtype}"),
                                            if about_support { "" } else { " (not a dtype or device error: check the test's row for this op)" }
                                        )
                                    }
                                };
                                group(name, b, d, dev, format!(
                                    "declared {}, but {call}",
                                    if decl { "supported" } else { "NOT supported" }
                                ));
                            }
                        }
                        (None, Outcome::Standalone(r)) => {
                            if let Err(why) = r {
                                wrong.push(format!("{name} on {b}, {d}, {dev}: {why}"));
                            }
                        }
                        (Some(_), Outcome::Standalone(_)) => wrong.push(format!(
                            "{name}: the registry has a support row on {b} but the test's row is standalone"
                        )),
                        (None, Outcome::Op(_)) => wrong.push(format!(
                            "{name}: no support row on {b} (standalone?) but the test's row calls it as an op"
                        )),
                    }
                }
            }
        }
    }
    for ((at, what), dtypes) in groups {
        let ds: Vec<&str> = dtypes.iter().map(|d| d.as_str()).collect();
        wrong.push(format!("{at}, dtypes [{}]: {what}", ds.join(", ")));
    }
    println!(
        "support_calls: {} ops × {} backends × 15 dtypes × {} devices = {cells} cells, {} groups wrong",
        entries.len(),
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
                    if !r.supported.difference(b.valid_dtypes()).is_empty() {
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
