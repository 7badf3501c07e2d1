//! Runs the built `ivy` binary and checks its output and exit codes.

use serde_json::Value;
use std::process::{Command, Output};

fn ivy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ivy"))
        .args(args)
        .output()
        .expect("the ivy binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("stdout is UTF-8")
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("stderr is UTF-8")
}

fn json_of(args: &[&str]) -> Value {
    let o = ivy(args);
    assert!(o.status.success(), "{args:?} failed: {}", stderr(&o));
    serde_json::from_str(&stdout(&o)).expect("valid JSON")
}

fn names(v: &Value) -> Vec<&str> {
    v.as_array()
        .expect("a JSON array")
        .iter()
        .map(|d| d.as_str().expect("a string"))
        .collect()
}

#[test]
fn ops_json_lists_every_kind_and_the_flags() {
    let v = json_of(&["ops", "--json"]);
    let ops = v.as_array().expect("an array of ops");
    let find = |name: &str| {
        ops.iter()
            .find(|o| o["name"] == name)
            .unwrap_or_else(|| panic!("no op {name}"))
    };
    for kind in ["primary", "compositional", "mixed", "standalone"] {
        assert!(ops.iter().any(|o| o["kind"] == kind), "no {kind} op");
    }
    for o in ops {
        for key in [
            "name",
            "category",
            "kind",
            "nestable",
            "container_dependent",
            "has_out",
            "backends",
        ] {
            assert!(o.get(key).is_some(), "{key} missing in {o}");
        }
    }
    assert!(ops.iter().any(|o| o["nestable"] == true));

    let tan = find("tan");
    assert_eq!(tan["kind"], "primary");
    assert_eq!(tan["nestable"], true);
    assert_eq!(tan["has_out"], true);
    assert_eq!(tan["backends"]["ndarray"]["implementation"], "native");
    assert_eq!(tan["backends"]["candle"]["implementation"], "native");

    let sum_leaves = find("sum_leaves");
    assert_eq!(sum_leaves["container_dependent"], true);
    assert_eq!(sum_leaves["nestable"], false);
    assert_eq!(
        sum_leaves["backends"]["ndarray"]["implementation"],
        "compositional"
    );

    let softplus = find("softplus");
    assert_eq!(softplus["kind"], "mixed");
    assert_eq!(softplus["backends"]["ndarray"]["implementation"], "native");
    assert_eq!(
        softplus["backends"]["candle"]["implementation"],
        "compositional"
    );

    let standalone = find("nested_map");
    assert_eq!(standalone["kind"], "standalone");
    assert_eq!(standalone["backends"], serde_json::json!({}));
}

#[test]
fn ops_text_is_a_table() {
    let o = ivy(&["ops"]);
    assert!(o.status.success());
    let out = stdout(&o);
    let header = out.lines().next().expect("a header line");
    assert!(header.starts_with("OP") && header.contains("ndarray") && header.contains("candle"));
    let softplus = out
        .lines()
        .find(|l| l.starts_with("softplus "))
        .expect("a softplus row");
    assert!(softplus.contains("mixed") && softplus.contains("compositional"));
}

#[test]
fn support_tan_json_has_both_backends() {
    let v = json_of(&["support", "tan", "--json"]);
    assert_eq!(v["op"], "tan");
    assert_eq!(v["kind"], "primary");
    let candle = &v["backends"]["candle"];
    let ndarray = &v["backends"]["ndarray"];
    assert!(names(&ndarray["supported"]).contains(&"float32"));
    assert!(names(&candle["supported"]).contains(&"float32"));
    let unsupported = names(&candle["unsupported"]);
    for d in ["int16", "int32", "int64", "uint8", "uint32"] {
        assert!(
            unsupported.contains(&d),
            "candle tan should not support {d}"
        );
    }
    // supported + unsupported = the 15 dtypes.
    assert_eq!(names(&candle["supported"]).len() + unsupported.len(), 15);
}

#[test]
fn support_backend_filter_and_dtype() {
    let v = json_of(&[
        "support",
        "tan",
        "--backend",
        "candle",
        "--dtype",
        "int64",
        "--json",
    ]);
    let backends = v["backends"].as_object().expect("an object");
    assert_eq!(backends.keys().collect::<Vec<_>>(), ["candle"]);
    assert_eq!(v["dtype"], "int64");
    assert_eq!(v["backends"]["candle"]["dtype_supported"], false);
}

#[test]
fn support_of_a_standalone_function() {
    let o = ivy(&["support", "nested_map"]);
    assert!(o.status.success());
    assert!(stdout(&o).contains("does not dispatch"));
    let v = json_of(&["support", "nested_map", "--json"]);
    assert_eq!(v["kind"], "standalone");
    assert_eq!(v["backends"], serde_json::json!({}));
}

#[test]
fn unknown_op_exits_2_with_a_message() {
    let o = ivy(&["support", "nosuchop"]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.contains("nosuchop") && err.contains("ivy ops"), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "one line: {err}");
    assert!(stdout(&o).is_empty());
}

#[test]
fn unknown_backend_exits_2() {
    let o = ivy(&["support", "tan", "--backend", "tpu"]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.contains("tpu") && err.contains("ndarray"), "{err}");

    let o = ivy(&["dtypes", "--backend", "tpu"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn unknown_dtype_exits_2() {
    let o = ivy(&["support", "tan", "--dtype", "float8"]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.contains("float8") && err.contains("float32"), "{err}");
}

#[test]
fn dtypes_of_backends() {
    let v = json_of(&["dtypes", "--json"]);
    assert_eq!(names(&v["ndarray"]["valid"]).len(), 15);
    assert_eq!(names(&v["none"]["valid"]).len(), 15);
    let candle = names(&v["candle"]["valid"]);
    assert!(candle.contains(&"float32") && !candle.contains(&"complex64"));

    let v = json_of(&["dtypes", "--backend", "none", "--json"]);
    assert_eq!(v.as_object().expect("an object").len(), 1);
}

#[test]
fn tour_runs_every_example() {
    let o = ivy(&["tour"]);
    assert!(o.status.success(), "tour failed: {}", stderr(&o));
    let out = stdout(&o);

    // x / y: d/e = 6 / 3 = 2.
    let div = out.split("x / y = {").nth(1).expect("the x / y container");
    let e_line = div
        .lines()
        .find(|l| l.trim_start().starts_with("e:"))
        .expect("an e: leaf");
    assert!(e_line.contains("ivy.array(2"), "{e_line}");

    // x + y + z: a/c/g = 4 + 2 + 11 = 17, d/f = 8 + 3 + 14 = 25.
    let sum = out
        .split("x + y + z = {")
        .nth(1)
        .expect("the x + y + z container");
    assert!(sum.contains("g: ivy.array(17"), "{sum}");
    assert!(sum.contains("f: ivy.array(25"), "{sum}");

    // The non-shared structure and the ensure_in_backend errors are printed.
    assert!(out.contains("do not share their nested structure"));
    assert!(out.contains("ensure_in_backend=True) -> error"));
    assert!(out.contains("ndarray: ivy.inplace_update(x, val) -> x = ivy.array([7, 8, 9]"));
    assert!(out.contains("the buffer was written"));
    assert!(out.contains("x was rebound"));
    assert!(out.contains("1.3862944")); // cross_entropy
    assert!(out.contains("(after: still float64)"));
}
