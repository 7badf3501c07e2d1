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

    // the seed's container-dependent examples: never nestable; execute_with_gradients runs
    // where there is autograd (candle), and on ndarray on no dtype
    for name in ["execute_with_gradients", "multi_head_attention"] {
        let op = find(name);
        assert_eq!(op["container_dependent"], true, "{name}");
        assert_eq!(op["nestable"], false, "{name}");
        assert_eq!(op["kind"], "compositional", "{name}");
    }
    let ewg = find("execute_with_gradients");
    assert_eq!(ewg["backends"]["ndarray"]["implementation"], "unsupported");
    assert_eq!(ewg["backends"]["candle"]["implementation"], "compositional");

    let softplus = find("softplus");
    assert_eq!(softplus["kind"], "mixed");
    // both backends override the body with the kernel row
    assert_eq!(softplus["backends"]["ndarray"]["implementation"], "native");
    assert_eq!(softplus["backends"]["candle"]["implementation"], "native");
    let greater = find("greater");
    assert_eq!(greater["backends"]["candle"]["implementation"], "native");

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
    assert!(softplus.contains("mixed") && softplus.contains("native"));
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
    // superset support: integers are promoted, so tan takes every dtype candle can hold;
    // what it lacks is what candle cannot hold at all
    for d in ["int16", "int32", "int64", "uint8", "uint32"] {
        assert!(
            names(&candle["supported"]).contains(&d),
            "candle tan supports {d}"
        );
    }
    for d in ["int8", "uint16", "complex64"] {
        assert!(unsupported.contains(&d), "candle has no {d}");
    }
    // bool is a u8 tensor tagged bool there: tan takes it as float32, as on ndarray
    assert!(names(&candle["supported"]).contains(&"bool"));
    // ndarray runs on the CPU only; candle at least there (CUDA with the `cuda` feature)
    assert_eq!(names(&ndarray["devices"]), ["cpu"]);
    assert!(names(&candle["devices"]).contains(&"cpu"));
    // what candle lacks for creation is what it cannot hold
    let zeros = json_of(&["support", "zeros", "--backend", "candle", "--json"]);
    assert!(names(&zeros["backends"]["candle"]["unsupported"]).contains(&"uint16"));
}

#[test]
fn support_backend_filter_and_dtype() {
    let v = json_of(&[
        "support",
        "negative",
        "--backend",
        "candle",
        "--dtype",
        "uint16",
        "--json",
    ]);
    let backends = v["backends"].as_object().expect("an object");
    assert_eq!(backends.keys().collect::<Vec<_>>(), ["candle"]);
    assert_eq!(v["dtype"], "uint16");
    assert_eq!(v["backends"]["candle"]["dtype_supported"], false);
}

#[test]
fn support_says_why_a_dtype_is_not_supported() {
    // candle cannot hold uint16 at all: say so, and list what it holds
    let o = ivy(&[
        "support",
        "negative",
        "--backend",
        "candle",
        "--dtype",
        "uint16",
    ]);
    assert!(o.status.success());
    let out = stdout(&o);
    let line = out
        .lines()
        .find(|l| l.trim_start().starts_with("uint16:"))
        .unwrap_or_else(|| panic!("no uint16 verdict in {out}"));
    assert!(line.contains("NOT supported"), "{line}");
    assert!(line.contains("candle cannot hold uint16"), "{line}");
    assert!(line.contains("float32") && line.contains("int64"), "{line}");
    // an op-specific gap: the backend holds the dtype, the op does not take it
    let o = ivy(&[
        "support",
        "clip",
        "--backend",
        "ndarray",
        "--dtype",
        "complex64",
    ]);
    let out = stdout(&o);
    let line = out
        .lines()
        .find(|l| l.trim_start().starts_with("complex64:"))
        .unwrap_or_else(|| panic!("no complex64 verdict in {out}"));
    assert!(
        line.contains("`clip` does not support complex64 on ndarray"),
        "{line}"
    );
    assert!(line.contains("complex128"), "the op's other gaps: {line}");
    let o = ivy(&[
        "support",
        "tan",
        "--backend",
        "candle",
        "--dtype",
        "float32",
    ]);
    assert!(stdout(&o).contains("float32: supported"));
}

#[test]
fn support_lists_op_gaps_apart_from_what_the_backend_cannot_hold() {
    let out = stdout(&ivy(&["support", "tan", "--backend", "candle"]));
    let field = |name: &str| {
        out.lines()
            .find(|l| l.trim_start().starts_with(name))
            .unwrap_or_else(|| panic!("no {name} line in {out}"))
            .to_string()
    };
    assert!(field("unsupported:").ends_with(" -"), "{out}");
    let held = field("not held:");
    assert!(
        held.contains("uint16") && held.contains("cannot hold"),
        "{held}"
    );
    // ndarray holds every dtype: no such line
    let out = stdout(&ivy(&["support", "tan", "--backend", "ndarray"]));
    assert!(!out.contains("not held"), "{out}");
}

#[test]
fn support_json_carries_the_reason() {
    let v = json_of(&[
        "support",
        "negative",
        "--backend",
        "candle",
        "--dtype",
        "uint16",
        "--json",
    ]);
    let c = &v["backends"]["candle"];
    assert_eq!(c["dtype_supported"], false);
    assert_eq!(c["reason"], "not_in_backend");
    assert!(c["message"]
        .as_str()
        .expect("a message")
        .contains("cannot hold uint16"));
    assert!(names(&c["not_in_backend"]).contains(&"uint16"));
    // negative takes no bool, on any backend
    assert_eq!(names(&c["unsupported_by_op"]), ["bool"]);

    let v = json_of(&[
        "support",
        "clip",
        "--backend",
        "ndarray",
        "--dtype",
        "complex64",
        "--json",
    ]);
    let n = &v["backends"]["ndarray"];
    assert_eq!(n["reason"], "unsupported_by_op");
    assert!(names(&n["unsupported_by_op"]).contains(&"complex64"));
    assert!(names(&n["not_in_backend"]).is_empty());

    let v = json_of(&["support", "tan", "--dtype", "float32", "--json"]);
    for b in ["ndarray", "candle"] {
        assert_eq!(v["backends"][b]["reason"], "supported", "{b}");
        assert_eq!(v["backends"][b]["dtype_supported"], true, "{b}");
    }
}

#[test]
fn support_answers_devices_for_both_backends() {
    let cuda = cfg!(feature = "cuda");
    let v = json_of(&["support", "to_device", "--json"]);
    let (nd, ca) = (&v["backends"]["ndarray"], &v["backends"]["candle"]);
    // ndarray: the CPU, in any build
    assert_eq!(names(&nd["devices"]), ["cpu"]);
    assert!(names(&nd["devices_not_compiled"]).is_empty());
    // candle: the CPU, and CUDA with the `cuda` feature (else named as not compiled)
    let want: &[&str] = if cuda { &["cpu", "cuda"] } else { &["cpu"] };
    assert_eq!(names(&ca["devices"]), want);
    let missing: &[&str] = if cuda { &[] } else { &["cuda"] };
    assert_eq!(names(&ca["devices_not_compiled"]), missing);
    let out = stdout(&ivy(&["support", "to_device"]));
    let lines: Vec<&str> = out.lines().filter(|l| l.contains("devices:")).collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(lines[0].trim().ends_with("devices:     cpu"), "{out}");
    let candle = if cuda {
        "devices:     cpu, cuda"
    } else {
        "devices:     cpu (cuda: needs the `cuda` feature)"
    };
    assert!(lines[1].trim().ends_with(candle), "{out}");
}

#[test]
fn call_dev_and_to_device_by_name() {
    let o = ivy(&["call", "dev", "[1, 2]"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).trim(), "cpu");
    let o = ivy(&["call", "to_device", "[1, 2]", "cpu", "--backend", "candle"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("device: cpu"), "{}", stdout(&o));
    let o = ivy(&[
        "call",
        "to_device",
        "[1, 2]",
        "cuda:0",
        "--backend",
        "ndarray",
    ]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("ndarray is CPU only"), "{}", stderr(&o));
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
fn call_refuses_a_keyword_given_twice_and_names_odd_list_items() {
    let o = ivy(&[
        "call",
        "sum",
        "[1, 2]",
        "--kw",
        "keepdims=true",
        "--kw",
        "keepdims=false",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.contains("`keepdims` is given twice"), "{err}");
    let o = ivy(&["call", "exp", "[null]"]);
    let err = stderr(&o);
    assert!(err.contains("a list of 1 holding None"), "{err}");
    // `--` right after the op ends the options too: `--json` is a literal (a string here)
    let o = ivy(&["call", "exp", "--", "--json"]);
    let err = stderr(&o);
    assert!(
        err.contains("argument `x` must be an array, got a string"),
        "{err}"
    );
    assert!(ivy(&["call", "exp", "--", "[0.0]"]).status.success());
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
    assert_eq!(v["backend"], "none");
    assert_eq!(names(&v["valid"]).len(), 15);
    assert!(names(&v["invalid"]).is_empty());
    // the text names what `none` stands for (its JSON key stays `none`)
    let text = text_of(&["dtypes", "--backend", "none"]);
    assert!(text.starts_with("no backend (`none`): int8,"), "{text}");
}

/// The 15 dtype names, in `Dtype::ALL` order.
const DTYPES: [&str; 15] = [
    "int8",
    "int16",
    "int32",
    "int64",
    "uint8",
    "uint16",
    "uint32",
    "uint64",
    "bfloat16",
    "float16",
    "float32",
    "float64",
    "complex64",
    "complex128",
    "bool",
];

/// `ivy ARGS`, which must succeed, as its trimmed stdout.
fn text_of(args: &[&str]) -> String {
    let o = ivy(args);
    assert!(o.status.success(), "{args:?} failed: {}", stderr(&o));
    stdout(&o).trim().to_string()
}

#[test]
fn dtypes_json_of_one_backend_has_the_classes() {
    let args = ["dtypes", "--backend", "candle", "--json"];
    let v = json_of(&args);
    let keys = [
        "backend", "valid", "invalid", "numeric", "integer", "unsigned", "float", "complex",
    ];
    assert_eq!(v.as_object().expect("an object").len(), keys.len());
    // The keys print in this order.
    let text = text_of(&args);
    let at: Vec<usize> = keys
        .iter()
        .map(|k| {
            text.find(&format!("\"{k}\":"))
                .unwrap_or_else(|| panic!("no {k}"))
        })
        .collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "{text}");
    assert_eq!(v["backend"], "candle");

    let valid = names(&v["valid"]);
    let invalid = names(&v["invalid"]);
    for d in ["uint16", "int8", "complex64", "complex128"] {
        assert!(
            !valid.contains(&d) && invalid.contains(&d),
            "candle has {d}?"
        );
    }
    assert!(valid.contains(&"bool"));
    assert!(valid.contains(&"float16") && !invalid.contains(&"float16"));
    assert_eq!(valid.len() + invalid.len(), 15);
    // The classes only list dtypes candle can hold.
    for class in ["numeric", "integer", "unsigned", "float", "complex"] {
        for d in names(&v[class]) {
            assert!(
                valid.contains(&d),
                "{class} lists {d}, which candle cannot hold"
            );
        }
    }
    assert!(names(&v["complex"]).is_empty());
    assert!(names(&v["float"]).contains(&"float16"));
    assert_eq!(names(&v["unsigned"]), ["uint8", "uint32"]);
    assert!(!names(&v["integer"]).contains(&"int8"));

    // Without a backend restriction the classes are the full ones.
    let v = json_of(&["dtypes", "--backend", "ndarray", "--json"]);
    assert_eq!(names(&v["numeric"]).len(), 14);
    assert!(!names(&v["numeric"]).contains(&"bool"));
    assert_eq!(names(&v["integer"]).len(), 8);
    assert_eq!(names(&v["unsigned"]).len(), 4);
    assert_eq!(
        names(&v["float"]),
        ["bfloat16", "float16", "float32", "float64"]
    );
    assert_eq!(names(&v["complex"]), ["complex64", "complex128"]);
}

#[test]
fn promote_a_pair() {
    assert_eq!(text_of(&["promote", "int32", "float32"]), "float64");
    assert_eq!(
        text_of(&["promote", "int32", "float32", "--non-precise"]),
        "float32"
    );
    assert_eq!(text_of(&["promote", "uint8", "int8"]), "int16");
    assert_eq!(text_of(&["promote", "int64", "uint64"]), "float64");
    assert_eq!(text_of(&["promote", "float16", "bfloat16"]), "float32");
    for d in DTYPES {
        assert_eq!(text_of(&["promote", "bool", d]), d);
        assert_eq!(text_of(&["promote", d, "bool"]), d);
    }
    let v = json_of(&["promote", "int32", "float32", "--non-precise", "--json"]);
    assert_eq!(v["result"], "float32");
    assert_eq!(v["mode"], "non-precise");
}

#[test]
fn promote_table_json_is_complete_and_symmetric() {
    for mode in [&[][..], &["--non-precise"][..]] {
        let mut args = vec!["promote", "--table", "--json"];
        args.extend(mode);
        let v = json_of(&args);
        let rows = v.as_object().expect("an object");
        assert_eq!(rows.len(), 15);
        for a in DTYPES {
            let row = rows[a].as_object().expect("a row object");
            assert_eq!(row.len(), 15, "row {a}");
            for b in DTYPES {
                assert_eq!(v[a][b], v[b][a], "{a} {b} {mode:?}");
                assert!(DTYPES.contains(&v[a][b].as_str().expect("a dtype name")));
            }
        }
        let expected = if mode.is_empty() {
            "float64"
        } else {
            "float32"
        };
        assert_eq!(v["int32"]["float32"], expected);
    }
}

#[test]
fn promote_table_text_is_a_matrix() {
    let out = text_of(&["promote", "--table"]);
    assert!(out.lines().next().expect("a title").contains("precise"));
    let row = out
        .lines()
        .find(|l| l.starts_with("int32 "))
        .expect("an int32 row");
    assert_eq!(row.split_whitespace().count(), 16, "{row}");
}

#[test]
fn can_cast_agrees_with_promote() {
    assert_eq!(text_of(&["can-cast", "int8", "int16"]), "true");
    assert_eq!(text_of(&["can-cast", "int16", "int8"]), "false");
    assert_eq!(text_of(&["can-cast", "int32", "float32"]), "false");
    assert_eq!(
        text_of(&["can-cast", "int32", "float32", "--non-precise"]),
        "true"
    );
    let promote = json_of(&["promote", "--table", "--json"]);
    let cast = json_of(&["can-cast", "--table", "--json"]);
    assert_eq!(cast.as_object().expect("an object").len(), 15);
    for a in DTYPES {
        assert_eq!(cast[a].as_object().expect("a row object").len(), 15);
        for b in DTYPES {
            let can = cast[a][b].as_bool().expect("a boolean");
            assert_eq!(can, promote[a][b] == b, "can_cast({a}, {b})");
        }
    }
}

#[test]
fn promote_and_can_cast_reject_unknown_dtypes() {
    for args in [
        &["promote", "int32", "float8"][..],
        &["promote", "float8", "int32", "--non-precise"],
        &["can-cast", "int32", "float8"],
    ] {
        let o = ivy(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = stderr(&o);
        assert!(err.contains("float8") && err.contains("float32"), "{err}");
        assert_eq!(err.trim_end().lines().count(), 1, "one line: {err}");
        assert!(stdout(&o).is_empty());
    }
    // A pair and --table together, or half a pair: clap's usage error, also exit 2.
    assert_eq!(ivy(&["promote", "int32"]).status.code(), Some(2));
    assert_eq!(
        ivy(&["promote", "--table", "int8", "int8"]).status.code(),
        Some(2)
    );
}

/// The tour's lines as printed before wrapping: a line indented four columns past the one
/// before it continues it when that one is long (past 60 columns) or the line starts a
/// result or a comment (`= `, `-> `, `(`): the tour wraps at 80 with that indent (a
/// comment's continuation keeps its `//`, four columns past the comment's text).
fn unwrap_tour(text: &str) -> String {
    let indent = |l: &str| l.len() - l.trim_start().len();
    let mut lines: Vec<String> = Vec::new();
    for line in text.lines() {
        let comment_goes_on = |prev: &str| {
            indent(line) == indent(prev)
                && prev.trim_start().starts_with("// ")
                && line.trim_start().starts_with("//    ")
        };
        match lines.last_mut() {
            Some(prev) if comment_goes_on(prev) => {
                prev.push(' ');
                prev.push_str(line.trim_start()[2..].trim_start());
            }
            Some(prev)
                if indent(line) == indent(prev) + 4
                    && (prev.chars().count() > 60
                        || ["= ", "(", "-> "]
                            .iter()
                            .any(|s| line.trim_start().starts_with(s))) =>
            {
                prev.push(' ');
                prev.push_str(line.trim_start());
            }
            _ => lines.push(line.to_string()),
        }
    }
    lines.join("\n")
}

#[test]
fn tour_runs_every_example() {
    let o = ivy(&["tour"]);
    assert!(o.status.success(), "tour failed: {}", stderr(&o));
    // a wrapped comment stays a comment on its continuation line
    assert!(
        stdout(&o).contains("\n//     (after: still float64)\n"),
        "{}",
        stdout(&o)
    );
    // (a comment's two spaces are one where the wrap moved it to its own line)
    let out = unwrap_tour(&stdout(&o)).replace("  (", " (");

    // x / y: d/e = 6 / 3 = 2.
    let div = out
        .split("ivy::nested::divide(&x, &y)? = {")
        .nth(1)
        .expect("the x / y container");
    let e_line = div
        .lines()
        .find(|l| l.trim_start().starts_with("e:"))
        .expect("an e: leaf");
    assert!(e_line.contains("ivy.array(2"), "{e_line}");

    // x + y + z: a/c/g = 4 + 2 + 11 = 17, d/f = 8 + 3 + 14 = 25.
    let sum = out
        .split("x.add(&y)?.add(&z)? = {")
        .nth(1)
        .expect("the x + y + z container");
    assert!(sum.contains("g: ivy.array(17"), "{sum}");
    assert!(sum.contains("f: ivy.array(25"), "{sum}");

    // The non-shared structure and the ensure_in_backend errors are printed.
    assert!(out.contains("do not share their nested structure"));
    assert!(out.contains("ivy::inplace_update_with(&mut x, &val, kw.clone()) -> error"));
    assert!(out.contains(
        "-- ndarray\nlet mut x = ivy::asarray(vec![1.0f32, 2.0, 3.0])?;\n\
         let val = ivy::asarray(vec![7.0f32, 8.0, 9.0])?;\n\
         ivy::inplace_update(&mut x, &val)?;\n// x = ivy.array([7., 8., 9.]"
    ));
    assert!(out.contains("the buffer was written"));
    assert!(out.contains("x was rebound"));
    assert!(out.contains("1.3862944")); // cross_entropy
    assert!(out.contains("(after: still float64)"));
    // Rust data keeps its type; f64 and i64 are Python's numbers
    assert!(
        out.contains("asarray(vec![1.0, 2.0]) -> float32, vec![1i64] -> int32"),
        "{out}"
    );
    assert!(
        out.contains("asarray(vec![1.0f32]) -> float32, vec![1u8] -> uint8, vec![1i16] -> int16")
    );
    // the two pages' examples run on both backends (each tour line that states an outcome
    // is checked by the tour itself, which fails otherwise)
    for b in ["ndarray", "candle"] {
        for line in [
            ": let modulus = false;\n\
             ivy::remainder_with_out(&x1, &x2, RemainderKw { modulus }, &mut out)?;\n\
             // out = ivy.array([ 1., -1.]",
            ": Containers\n\
             ivy::inplace_update_container(&mut c, &v, InplaceUpdateKw::default())?;\n\
             // c = {",
        ] {
            assert!(out.contains(&format!("{b}{line}")), "{b}{line}\n{out}");
        }
    }
    // (word-wrapped lines rejoined: the copy calls are long)
    let flat = out.split_whitespace().collect::<Vec<_>>().join(" ");
    for line in [
        "ivy::reshape(&x, &[2, 2])?.may_share_memory(&x) = true",
        "ivy::reshape_with(&x, &[2, 2], ReshapeKw { copy: Some(true) })?.may_share_memory(&x) = false",
        "ivy::astype(&x, Dtype::Float32)?.may_share_memory(&x) = true",
        "ivy::astype_with(&x, Dtype::Float32, AstypeKw { copy: true, device: None })?.may_share_memory(&x) = false",
        "ivy::asarray(&x)?.may_share_memory(&x) = true",
        "ivy::asarray_with(&x, AsarrayKw { copy: Some(true), ..Default::default() })?.may_share_memory(&x) = false",
    ] {
        assert_eq!(flat.matches(line).count(), 2, "{line} on both backends\n{out}");
    }
    assert!(out.contains("the Var holds [7.0, 8.0, 9.0] (set natively)"));
    assert!(out.contains("ivy::inplace_update(&mut t, &val) -> error"));
    assert!(out.contains("nd holds [1.0, 2.0, 1.0, 2.0] (broadcast, cast, the same buffer)"));
    // the Function Types page's container-dependent examples and cache_fn
    for line in [
        "execute_with_gradients: compositional, container-dependent: true, nestable: false",
        "multi_head_attention: compositional, container-dependent: true, nestable: false",
        "w: ivy.array([2., 4.], dtype=float32)",
        "ivy::execute_with_gradients(|v: &Container| Ok(v.at(\"w\")?.clone()), &nd) -> error",
        "attention = ivy.array([[",
        "slow_square.call(12) = 144, again = 144, computed 1 time(s)",
    ] {
        assert!(out.contains(line), "{line}\n{out}");
    }
    // the README's casting-mode example: a real gap, resolved under crosscast
    assert!(
        out.contains(
            "ivy::with_casting_mode(ivy::CastingMode::Crosscast, || ivy::negative(&x))? \
             = ivy.array([-1,  0]"
        ),
        "{out}"
    );
}

// ---------------------------------------------------------------- ivy call

/// Checks that a failed run is a clean error: a non-zero exit, one `error: ` line on stderr,
/// nothing on stdout, no panic.
fn assert_clean_error(args: &[&str], o: &Output) {
    let err = stderr(o);
    assert!(!o.status.success(), "{args:?} succeeded: {}", stdout(o));
    assert!(!err.contains("panicked"), "{args:?} panicked: {err}");
    assert!(err.starts_with("error: "), "{args:?}: {err}");
    assert_eq!(
        err.trim_end().lines().count(),
        1,
        "{args:?}: one line: {err}"
    );
    assert!(stdout(o).is_empty(), "{args:?}: {}", stdout(o));
}

/// Checks a JSON result of `ivy call`: the kinds, and arrays' values nested by their shape.
fn assert_result_shape(v: &Value) {
    let kind = v["kind"]
        .as_str()
        .unwrap_or_else(|| panic!("no kind in {v}"));
    match kind {
        "array" => {
            assert!(v["dtype"].is_string(), "{v}");
            let shape: Vec<u64> = v["shape"]
                .as_array()
                .unwrap_or_else(|| panic!("no shape in {v}"))
                .iter()
                .map(|d| d.as_u64().expect("a dimension"))
                .collect();
            let mut level = vec![&v["values"]];
            for &n in &shape {
                level = level
                    .iter()
                    .flat_map(|x| {
                        let items = x
                            .as_array()
                            .unwrap_or_else(|| panic!("{v}: not nested by {shape:?}"));
                        assert_eq!(items.len() as u64, n, "{v}: not nested by {shape:?}");
                        items
                    })
                    .collect();
            }
        }
        "list" => v["items"]
            .as_array()
            .expect("items")
            .iter()
            .for_each(assert_result_shape),
        "record" => v["fields"]
            .as_object()
            .expect("fields")
            .values()
            .for_each(assert_result_shape),
        "container" => v["items"]
            .as_object()
            .expect("items")
            .values()
            .for_each(assert_result_shape),
        "scalar" | "dtype" | "device" | "backend" | "str" | "none" => {
            assert!(v.get("value").is_some(), "{v}")
        }
        other => panic!("unexpected result kind {other}: {v}"),
    }
}

/// How the every-op test fills a parameter.
enum Fill {
    /// Literals to try, in order.
    Try(Vec<String>),
    /// A type no literal gives (a closure, a generic type): the op cannot be called by name.
    NotCallable,
}

/// Literals for a parameter, from its `arg` type tree in `ivy ops --json`; `None` when the
/// test has no literal for a leaf type.
fn fill(arg: &serde_json::Value) -> Option<Fill> {
    let strs = |v: &[&str]| Some(Fill::Try(v.iter().map(|s| s.to_string()).collect()));
    if let Some(t) = arg.get("optional") {
        return match fill(t)? {
            Fill::Try(mut v) => {
                v.push("null".into());
                Some(Fill::Try(v))
            }
            Fill::NotCallable => Some(Fill::NotCallable),
        };
    }
    if let Some(t) = arg.get("list") {
        return match fill(t)? {
            Fill::Try(v) => Some(Fill::Try(vec![
                format!("[{}]", v.join(", ")),
                format!("[{}]", v[0]),
                format!("[{}]", v[v.len() - 1]),
            ])),
            Fill::NotCallable => Some(Fill::NotCallable),
        };
    }
    match arg.as_str()? {
        // 2-d ones for the ops that need rank 2 (matrix_transpose) or an axis of length 1
        // (squeeze); ints that index an axis of 2 (sparse_cross_entropy's classes); a float
        // symmetric positive-definite matrix (the linalg extension: cholesky, solve); a
        // 3-vector (cross); last, a complex vector (the fft extension)
        "array" | "array_mut" => strs(&[
            "[0.25, 0.5]",
            "[1, 2]",
            "[[1, 2], [3, 4]]",
            "[[1, 2]]",
            "[1, 0]",
            "[[2.0, 0.5], [0.5, 1.0]]",
            "[1.0, 2.0, 3.0]",
            "[1+2j, -0.5j, 2, 1]",
        ]),
        "operand" => strs(&["[0.25, 0.5]", "2", "[[2.0, 0.5], [0.5, 1.0]]"]),
        "container" => strs(&[r#"{"a": [0.25, 0.5], "b": {"c": [1.0, 2.0]}}"#]),
        "scalar" => strs(&["1", "0.5"]),
        "data" => strs(&["[[1, 2], [3, 4]]", "1.5"]),
        "dtype" => strs(&["float32", "int32"]),
        "dtype_like" => strs(&["float32", "int32", "[0.25, 0.5]"]),
        "device" => strs(&["cpu"]),
        "backend" => strs(&["ndarray", "candle"]),
        "str" => strs(&["float32", "a", "real floating"]),
        "native_dtype" => strs(&["f32", "F32"]),
        "float" => strs(&["0", "1"]),
        "int" | "uint" => strs(&["2", "0"]),
        "bool" => strs(&["true", "false"]),
        // an index item: an int, a slice, a new axis, an integer array
        "index" => strs(&["0", "\"::-1\"", "null", "[1, 0]"]),
        // a closure or a type parameter of the op: no literal gives it
        "opaque" => Some(Fill::NotCallable),
        _ => None,
    }
}

/// At most this many argument combinations per op and backend.
const MAX_TRIES: usize = 64;

#[test]
fn call_runs_every_op_on_both_backends() {
    let ops = json_of(&["ops", "--json"]);
    let ops = ops.as_array().expect("an array of ops");
    assert!(ops.len() > 30, "too few ops: {}", ops.len());
    let (mut called, mut not_callable) = (0, 0);
    for o in ops {
        let name = o["name"].as_str().expect("a name");
        let params = o["params"]
            .as_array()
            .unwrap_or_else(|| panic!("`ivy ops --json` gives no params for {name}"));
        let mut choices: Vec<Vec<String>> = Vec::new();
        // an op changing process-wide state answers NotCallable whatever its arguments
        let mut callable = o["global_state"] != true;
        for p in params.iter().filter(|p| p["keyword"] == false) {
            let (arg, ty) = (&p["arg"], p["ty"].as_str().unwrap());
            match fill(arg) {
                Some(Fill::Try(v)) => choices.push(v),
                Some(Fill::NotCallable) => {
                    callable = false;
                    choices.push(vec!["null".into()]);
                }
                None => panic!(
                    "op `{name}`: the every-op test cannot fill parameter `{}` of type `{ty}` ({arg}); teach `fill` this type",
                    p["name"].as_str().unwrap_or("?")
                ),
            }
        }
        // Every combination of the candidates, first candidates first.
        let mut combos: Vec<Vec<String>> = vec![vec![]];
        for c in &choices {
            combos = combos
                .iter()
                .flat_map(|prefix| {
                    c.iter().map(move |x| {
                        let mut v = prefix.clone();
                        v.push(x.clone());
                        v
                    })
                })
                .take(MAX_TRIES)
                .collect();
        }
        for backend in ["ndarray", "candle"] {
            // an op that supports no dtype on this backend (candle's fft: candle holds no
            // complex dtype) has no call that succeeds: its first call fails cleanly
            if o["backends"][backend]["implementation"] == "unsupported" {
                let mut args = vec!["call", name];
                args.extend(combos[0].iter().map(String::as_str));
                args.extend(["--backend", backend, "--json"]);
                let out = ivy(&args);
                assert!(
                    !out.status.success(),
                    "{args:?} succeeded on a backend declared unsupported"
                );
                assert_clean_error(&args, &out);
                continue;
            }
            let mut failures = Vec::new();
            let mut ok = false;
            for combo in &combos {
                let mut args = vec!["call", name];
                args.extend(combo.iter().map(String::as_str));
                args.extend(["--backend", backend, "--json"]);
                let out = ivy(&args);
                if !callable {
                    assert_clean_error(&args, &out);
                    assert!(
                        stderr(&out).contains("cannot be called by name"),
                        "{args:?}: {}",
                        stderr(&out)
                    );
                    ok = true;
                    break;
                }
                if out.status.success() {
                    let v: Value = serde_json::from_str(&stdout(&out))
                        .unwrap_or_else(|e| panic!("{args:?}: not JSON ({e}): {}", stdout(&out)));
                    assert_eq!(v["op"], name, "{v}");
                    assert_eq!(v["backend"], backend, "{v}");
                    assert_result_shape(&v["result"]);
                    ok = true;
                    break;
                }
                assert_clean_error(&args, &out);
                failures.push(format!("{combo:?}: {}", stderr(&out).trim_end()));
            }
            assert!(
                ok,
                "`ivy call {name}` failed on {backend} with every argument tried:\n{}",
                failures.join("\n")
            );
        }
        if callable {
            called += 1;
        } else {
            not_callable += 1;
        }
    }
    assert!(called > 30, "{called} ops called");
    assert!(not_callable >= 1, "no op is marked not callable");
}

fn call_json(args: &[&str]) -> Value {
    let mut a = vec!["call"];
    a.extend(args);
    a.push("--json");
    json_of(&a)
}

#[test]
fn call_add_on_candle() {
    let v = call_json(&["add", "[1, 2]", "3", "--backend", "candle"]);
    assert_eq!(v["op"], "add");
    assert_eq!(v["backend"], "candle");
    let r = &v["result"];
    assert_eq!(r["kind"], "array");
    assert_eq!(r["dtype"], "int32");
    assert_eq!(r["shape"], serde_json::json!([2]));
    assert_eq!(r["values"], serde_json::json!([4, 5]));

    let text = text_of(&["call", "add", "[1.5, 2]", "1", "--backend", "candle"]);
    assert!(
        text.contains("ivy.array([2.5, 3. ], dtype=float32)"),
        "{text}"
    );
    assert!(
        text.contains("dtype: float32, shape: [2], backend: candle, device: cpu"),
        "{text}"
    );
    // options before the op, `--dtype` for the array literals
    let v = json_of(&[
        "call",
        "--backend",
        "candle",
        "--dtype",
        "float64",
        "--json",
        "add",
        "[1]",
        "1",
    ]);
    assert_eq!(v["result"]["dtype"], "float64");
    assert_eq!(v["result"]["values"], serde_json::json!([2.0]));
}

#[test]
fn call_sum_with_keywords() {
    let args = [
        "sum",
        "[[1,2],[3,4]]",
        "--kw",
        "axis=[0]",
        "--kw",
        "keepdims=true",
    ];
    for backend in ["ndarray", "candle"] {
        let mut a = args.to_vec();
        a.extend(["--backend", backend]);
        let r = &call_json(&a)["result"];
        assert_eq!(r["shape"], serde_json::json!([1, 2]), "{r}");
        assert_eq!(r["values"], serde_json::json!([[4, 6]]), "{r}");
    }
    let r = &call_json(&["sum", "[[1,2],[3,4]]", "--kw", "dtype=float64"])["result"];
    assert_eq!(r["dtype"], "float64");
    assert_eq!(r["values"], serde_json::json!(10.0));
}

#[test]
fn call_big_ints_are_python_ints_and_asarray_takes_dtype() {
    // before: ints above int64 became float32 (1e20), and asarray ignored `--dtype`
    let r = &call_json(&["asarray", "9223372036854775808"])["result"];
    assert_eq!(r["dtype"], "uint64", "{r}");
    assert_eq!(r["values"], serde_json::json!(9223372036854775808u64));
    let r = &call_json(&["asarray", "[1, 18446744073709551615]"])["result"];
    assert_eq!(
        (r["dtype"].as_str(), &r["values"]),
        (Some("uint64"), &serde_json::json!([1, u64::MAX]))
    );
    let r = &call_json(&["add", "9223372036854775808", "1"])["result"];
    assert_eq!(
        (r["dtype"].as_str(), &r["values"]),
        (Some("uint64"), &serde_json::json!(9223372036854775809u64))
    );
    // a float among them: floats, as before
    assert_eq!(
        call_json(&["asarray", "[9223372036854775808, 0.5]"])["result"]["dtype"],
        "float32"
    );
    for backend in ["ndarray", "candle"] {
        let r = &call_json(&[
            "asarray",
            "[1, 2]",
            "--dtype",
            "int64",
            "--backend",
            backend,
        ])["result"];
        assert_eq!(r["dtype"], "int64", "{backend}: {r}");
        let r = &call_json(&[
            "asarray",
            "[1, 2]",
            "--dtype",
            "float64",
            "--backend",
            backend,
        ])["result"];
        assert_eq!(
            (r["dtype"].as_str(), &r["values"]),
            (Some("float64"), &serde_json::json!([1.0, 2.0]))
        );
    }
    let r = &call_json(&["asarray", "[1, 2]", "--dtype", "uint64"])["result"];
    assert_eq!(r["dtype"], "uint64", "{r}");
    // an explicit keyword wins over `--dtype`
    let r = &call_json(&[
        "asarray",
        "[1, 2]",
        "--dtype",
        "uint64",
        "--kw",
        "dtype=int8",
    ])["result"];
    assert_eq!(r["dtype"], "int8", "{r}");
    // beyond int64 and uint64: a usage error, exit code 2
    for args in [
        &["call", "add", "99999999999999999999", "1"][..],
        &["call", "asarray", "-9223372036854775809"],
    ] {
        let o = ivy(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stdout(&o));
        let e = stderr(&o);
        assert!(e.contains("int64"), "{args:?}: {e}");
        assert!(!e.contains("panicked"), "{e}");
    }
    // an int above int64 is an int (as in Python): uint64 where it stands alone, out of
    // range where it meets int64 or a negative int (ivy's error, exit code 1)
    let r = &call_json(&["full", "[2]", "9223372036854775808"])["result"];
    assert_eq!(r["dtype"], "uint64", "{r}");
    for args in [
        &["call", "asarray", "[-1, 9223372036854775808]"][..],
        &[
            "call",
            "add",
            "[1, 2]",
            "9223372036854775808",
            "--dtype",
            "int64",
        ],
        &["call", "roll", "[1, 2]", "9223372036854775808"],
    ] {
        let o = ivy(args);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {}", stdout(&o));
        let e = stderr(&o);
        assert!(e.contains("out of range"), "{args:?}: {e}");
        assert!(!e.contains("panicked"), "{e}");
    }
    let e = stderr(&ivy(&["call", "add", "99999999999999999999", "1"]));
    assert!(e.contains("out of range") && e.contains("`1e20`"), "{e}");
    // an argument's array that the backend cannot hold: the error names the op called
    // (it named `asarray`, the CLI's conversion)
    let o = ivy(&[
        "call",
        "add",
        "[1, 2]",
        "9223372036854775808",
        "--backend",
        "candle",
    ]);
    let e = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{e}");
    assert!(e.contains("`add`") && !e.contains("asarray"), "{e}");
}

#[test]
fn call_astype_zeros_and_dtype_functions() {
    let r = &call_json(&["astype", "[1.5, 2]", "int32"])["result"];
    assert_eq!(
        (&r["dtype"], &r["values"]),
        (&"int32".into(), &serde_json::json!([1, 2]))
    );

    let r = &call_json(&[
        "zeros",
        "[2, 3]",
        "--kw",
        "dtype=float16",
        "--backend",
        "candle",
    ])["result"];
    assert_eq!(r["dtype"], "float16");
    assert_eq!(
        r["values"],
        serde_json::json!([[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]])
    );

    let r = &call_json(&["promote_types", "int32", "float32"])["result"];
    assert_eq!(r, &serde_json::json!({"kind": "dtype", "value": "float64"}));
    let r = &call_json(&["promote_types", "int32", "float32"])["result"];
    assert_eq!(r["value"], "float64");
    assert_eq!(
        text_of(&["call", "promote_types", "int32", "float32"]).trim(),
        "float64"
    );

    let r = &call_json(&["finfo", "float32"])["result"];
    assert_eq!(r["kind"], "record");
    assert_eq!(r["fields"]["bits"]["value"], 32);
    assert_eq!(r["fields"]["dtype"]["value"], "float32");
    let text = text_of(&["call", "finfo", "float32"]);
    assert!(text.contains("bits:") && text.contains("eps:"), "{text}");

    let r = &call_json(&["isdtype", "float16", "real floating"])["result"];
    assert_eq!(r["value"], true);

    // issue 33: the dtype queries take arrays, several kinds, every dtype on every backend
    let r = &call_json(&["finfo", "complex64"])["result"];
    assert_eq!(r["fields"]["dtype"]["value"], "float32");
    let r = &call_json(&["finfo", "[1.5]", "--dtype", "float16"])["result"];
    assert_eq!(r["fields"]["bits"]["value"], 16);
    let r = &call_json(&["iinfo", "[1, 2]", "--dtype", "int16"])["result"];
    assert_eq!(r["fields"]["max"]["value"], 32767);
    let r = &call_json(&["can_cast", "[1, 2]", "float64", "--dtype", "int32"])["result"];
    assert_eq!(r["value"], true);
    let r = &call_json(&["can_cast", "int8", "int32", "--backend", "candle"])["result"];
    assert_eq!(r["value"], true);
    let r = &call_json(&["result_type", "[int8, uint8, float16]"])["result"];
    assert_eq!(r["value"], "float32");
    let r = &call_json(&["isdtype", "int8", "[integral, real floating]"])["result"];
    assert_eq!(r["value"], true);
}

#[test]
fn call_special_floats_complex_and_containers() {
    let r = &call_json(&["negative", "[nan, inf, 1]"])["result"];
    assert_eq!(r["values"], serde_json::json!(["nan", "-inf", -1.0]));
    let r = &call_json(&["add", "[1+2j]", "-1j"])["result"];
    assert!(r["dtype"].as_str().unwrap().starts_with("complex"), "{r}");
    assert_eq!(r["values"], serde_json::json!([[1.0, 1.0]]));
    // a negative scalar literal after the array
    let r = &call_json(&["add", "[1, 2]", "-inf"])["result"];
    assert_eq!(r["values"], serde_json::json!(["-inf", "-inf"]));

    let v = call_json(&[
        "get_all_arrays_on_dev",
        "cpu",
        r#"{"a": [1, 2], "b": {"c": [3, 4]}}"#,
    ]);
    assert_eq!(
        v["result"]["items"]["b"]["items"]["c"]["values"],
        serde_json::json!([3, 4]),
        "{v}"
    );
    let v = call_json(&["index_nest", r#"{"a": [1, 2], "b": {"c": [3, 4]}}"#, "b/c"]);
    assert_eq!(v["result"]["values"], serde_json::json!([3, 4]), "{v}");
    let v = call_json(&["broadcast_arrays", "[[1, 2], [[3], [4]]]"]);
    let items = v["result"]["items"].as_array().expect("a list");
    assert_eq!(items.len(), 2);
    assert_eq!(items[0]["shape"], serde_json::json!([2, 2]));
}

#[test]
fn call_out_and_containers_reach_the_other_forms() {
    for backend in ["ndarray", "candle"] {
        // `--kw out=…`: the `_out` form, which keeps out's dtype
        let r = &call_json(&[
            "add",
            "[1, 2]",
            "0.5",
            "--kw",
            "out=[0.0, 0.0]",
            "--backend",
            backend,
        ])["result"];
        assert_eq!(r["dtype"], "float32", "{r}");
        assert_eq!(r["values"], serde_json::json!([1.5, 2.5]), "{r}");
        // a Container where an array goes: the nested form, a Container back
        let r = &call_json(&[
            "negative",
            r#"{"a": [4.0], "b": {"c": [9.0, 16.0]}}"#,
            "--backend",
            backend,
        ])["result"];
        assert_eq!(r["kind"], "container", "{r}");
        let text = text_of(&[
            "call",
            "add",
            r#"{"a": [1], "b": [2]}"#,
            "10",
            "--backend",
            backend,
        ]);
        assert!(text.contains("11") && text.contains("12"), "{text}");
    }
    // `out` of the wrong shape: the op's typed error
    let o = ivy(&["call", "add", "[1, 2]", "1", "--kw", "out=[0]"]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("add"), "{o:?}");
    // `out` with a Container argument, and on an op without an `out` form
    let o = ivy(&["call", "negative", r#"{"a": [4.0]}"#, "--kw", "out=[0.0]"]);
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("Container"),
        "{o:?}"
    );
    let o = ivy(&["call", "asarray", "[1]", "--kw", "out=[0]"]);
    assert!(String::from_utf8_lossy(&o.stderr).contains("out"), "{o:?}");
}

#[test]
fn call_errors_are_clean() {
    let cases: &[(&[&str], i32, &str)] = &[
        (&["call", "tann", "[1]"], 2, "did you mean `tan`?"),
        // an empty name resembles no op (it suggested `qr`, two edits away)
        (
            &["call", "", "[1]"],
            2,
            "no op named ``; `ivy ops` lists every op",
        ),
        (
            &["call", "tan"],
            2,
            "`tan` takes 1 positional argument (x), got 0",
        ),
        (
            &["call", "add", "1", "2", "3"],
            2,
            "takes 2 positional arguments",
        ),
        (
            &["call", "tan", "float32"],
            2,
            "argument `x` must be an array, got a dtype",
        ),
        (
            &["call", "astype", "[1]", "[2]"],
            2,
            "argument `dtype` must be a dtype",
        ),
        (
            &["call", "astype", "[1]", "flaot32"],
            2,
            "unknown dtype `flaot32`",
        ),
        (
            &["call", "sum", "[1]", "--kw", "axes=[0]"],
            2,
            "no keyword argument `axes`",
        ),
        (&["call", "sum", "[1]", "--kw", "axis"], 2, "NAME=VALUE"),
        (&["call", "tan", "[1, 2"], 2, "unclosed `[`"),
        (&["call", "tan", "[[1, 2], [3]]"], 2, "rectangular"),
        (
            &["call", "tan", "[1]", "--backend", "tpu"],
            2,
            "unknown backend `tpu`",
        ),
        (
            &["call", "tan", "[1]", "--bogus"],
            2,
            "unknown option `--bogus`",
        ),
        (
            &["call", "nested_map", "{a: [1]}", "f"],
            1,
            "cannot be called by name",
        ),
        (
            &["call", "default", "1", "2"],
            1,
            "cannot be called by name",
        ),
        (
            &["call", "isdtype", "float32", "floating"],
            1,
            "unknown kind `floating`",
        ),
    ];
    for &(args, code, message) in cases {
        for backend in ["ndarray", "candle"] {
            let mut a = args.to_vec();
            a.extend(["--backend", backend]);
            if a.contains(&"tpu") {
                a.truncate(a.len() - 2);
            }
            let o = ivy(&a);
            assert_clean_error(&a, &o);
            assert_eq!(o.status.code(), Some(code), "{a:?}: {}", stderr(&o));
            assert!(stderr(&o).contains(message), "{a:?}: {}", stderr(&o));
        }
    }
}

#[test]
fn ops_json_lists_the_params() {
    let v = json_of(&["ops", "--json"]);
    let sum = v
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "sum")
        .expect("sum");
    assert_eq!(
        sum["params"][0],
        serde_json::json!({"name": "x", "kind": "array", "keyword": false, "ty": "&Array", "arg": "array"})
    );
    assert_eq!(
        sum["params"][1],
        serde_json::json!({"name": "axis", "kind": "other", "keyword": true, "ty": "Option<Vec<i64>>",
            "arg": {"optional": {"list": "int"}}})
    );
}

#[test]
fn call_never_crashes() {
    // Arrays of many dimensions (candle iterates at most 8): a result or a clean error.
    let deep = format!("{}1{}", "[".repeat(16), "]".repeat(16));
    for backend in ["ndarray", "candle"] {
        let args = ["call", "tan", deep.as_str(), "--backend", backend];
        let o = ivy(&args);
        if !o.status.success() {
            assert_clean_error(&args, &o);
        }
    }
    // Lists nested too deep for an array, and long literals quoted short.
    let too_deep = format!("{}{}", "[".repeat(5000), "]".repeat(5000));
    let args = ["call", "tan", too_deep.as_str()];
    let o = ivy(&args);
    assert_clean_error(&args, &o);
    assert!(stderr(&o).len() < 200, "{}", stderr(&o));
    // `--` ends the options: a literal that looks like one is an argument.
    let args = ["call", "add", "[1]", "--", "--json"];
    let o = ivy(&args);
    assert_clean_error(&args, &o);
    assert!(stderr(&o).contains("must be an array or a scalar, got a string"));
}

#[test]
fn call_indexes_with_python_items() {
    // x[1, ::-1]: an int and a slice string
    let text = text_of(&[
        "call",
        "get_item",
        "[[1, 2, 3], [4, 5, 6]]",
        "[1, \"::-1\"]",
    ]);
    assert!(
        text.starts_with("ivy.array([6, 5, 4], dtype=int32)"),
        "{text}"
    );
    // x[[1, 0], None]: an inner list is an integer array, null a new axis; on candle too
    let args = [
        "call",
        "get_item",
        "[[1, 2], [3, 4]]",
        "[[1, 0], null]",
        "--backend",
        "candle",
    ];
    assert!(text_of(&args).contains("shape: [2, 1, 2]"));
    // x[mask] = 0 by name returns the updated array
    let args = [
        "call",
        "set_item",
        "[[1, 2], [3, 4]]",
        "[[[true, false], [false, true]]]",
        "0",
    ];
    assert!(text_of(&args).starts_with("ivy.array([[0, 2],\n           [3, 0]]"));
    // malformed items and rejected ones are one-line errors naming the op
    for (q, want) in [
        ("1:x", "`x` is not an integer"),
        ("0:2:0", "step must not be 0"),
        ("[0, 0, 0]", "too many indices"),
    ] {
        let args = ["call", "get_item", "[[1, 2], [3, 4]]", q];
        let o = ivy(&args);
        assert_clean_error(&args, &o);
        assert!(
            stderr(&o).contains("`get_item`") && stderr(&o).contains(want),
            "{}",
            stderr(&o)
        );
    }
}

#[test]
fn call_prints_lists_and_records_readably() {
    let text = text_of(&["call", "broadcast_arrays", "[[1, 2], [[3], [4]]]"]);
    assert!(text.starts_with("[0] ivy.array([[1, 2],"), "{text}");
    assert!(text.contains("[1] ivy.array([[3, 3],"), "{text}");
    assert!(
        text.contains("dtype: int32, shape: [2, 2], backend: ndarray"),
        "{text}"
    );
    let text = text_of(&["call", "iinfo", "int8"]);
    assert!(
        text.contains("min:   -128") && text.contains("dtype: int8"),
        "{text}"
    );
    let text = text_of(&["call", "valid_dtypes", "--backend", "candle"]);
    assert!(text.starts_with("[int16, int32,"), "{text}");
    assert_eq!(
        text_of(&["call", "isdtype", "int8", "bool"]).trim(),
        "False"
    );
}

#[test]
fn coverage_counts_the_main_namespace_from_the_spec() {
    let v = json_of(&["coverage", "--json"]);
    let fns = v["functions"].as_array().expect("functions");
    // the issue's count: 126 main-namespace functions of the Array API 2023.12 (from_dlpack
    // is not applicable in Rust; the inspection API is not a function of the namespace)
    assert_eq!(fns.len(), 126);
    assert_eq!(v["summary"]["total"], 126);
    let present = fns.iter().filter(|f| f["present"] == true).count();
    assert_eq!(v["summary"]["present"], present);
    let find = |n: &str| fns.iter().find(|f| f["name"] == n).expect(n);
    assert_eq!(find("add")["backends"]["ndarray"], "native");
    assert_eq!(find("add")["backends"]["candle"], "native+host");
    assert_eq!(find("sinh")["backends"]["candle"], "host");
    assert_eq!(find("result_type")["backends"]["ndarray"], "standalone");
    assert_eq!(find("ones")["backends"]["candle"], "compositional");
    // a function present in the registry is counted on a backend only where it computes
    // some dtype
    for f in fns {
        if f["present"] == false {
            assert!(f["backends"]["ndarray"].is_null(), "{f}");
        }
    }
    // the extensions: 23 linalg and 14 fft functions, counted as the registry ops of their
    // names without the prefix
    let ext = &v["extensions"];
    assert_eq!(ext["linalg"]["total"], 23);
    assert_eq!(ext["fft"]["total"], 14);
    let linalg = ext["linalg"]["functions"]
        .as_array()
        .expect("linalg functions");
    let solve = linalg
        .iter()
        .find(|f| f["name"] == "linalg.solve")
        .expect("linalg.solve");
    assert_eq!(solve["backends"]["candle"], "host");
    let text = stdout(&ivy(&["coverage"]));
    assert!(text.contains(&format!("{present}/126 present")), "{text}");
    assert!(text.contains("linalg extension: "), "{text}");
}

#[test]
fn support_reports_host_dtypes() {
    let v = json_of(&["support", "sinh", "--json"]);
    let c = &v["backends"]["candle"];
    assert_eq!(c["implementation"], "host");
    assert!(names(&c["host"]).contains(&"float32"));
    // host round-trips are CPU only
    assert!(names(&c["unsupported_on_device"]["cuda"]).contains(&"float32"));
    let n = &v["backends"]["ndarray"];
    assert_eq!(n["implementation"], "native");
    assert!(names(&n["host"]).is_empty());
}

/// The repository root (the CLI crate's parent).
fn repo() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace root")
        .to_path_buf()
}

#[test]
fn support_md_is_generated_and_fresh() {
    let o = ivy(&["support", "--matrix", "--markdown"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let fresh = stdout(&o);
    let committed = std::fs::read_to_string(repo().join("docs/SUPPORT.md")).unwrap_or_default();
    assert!(
        fresh == committed,
        "docs/SUPPORT.md is stale: run `cargo run -p ivy-cli -- support --matrix --markdown > docs/SUPPORT.md`"
    );
    // every op has rows, and the legend's symbols are the cells
    assert!(
        fresh.contains("| `tan` | primary, nestable | ndarray | native, native out | ✓ |"),
        "{fresh}"
    );
    assert!(fresh.contains("| `cache_fn` | standalone |"), "{fresh}");
}

#[test]
fn support_pages_of_the_op_docs_are_fresh() {
    let dir = std::env::temp_dir().join(format!("ivy-support-{}", std::process::id()));
    let o = ivy(&["support", "--matrix", "--fragments", dir.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let read = |d: &std::path::Path| -> Vec<(String, String)> {
        let mut v: Vec<(String, String)> = std::fs::read_dir(d)
            .map(|it| {
                it.filter_map(|e| e.ok())
                    .map(|e| {
                        let p = e.path();
                        let name = p.file_name().unwrap().to_string_lossy().into_owned();
                        (name, std::fs::read_to_string(&p).unwrap_or_default())
                    })
                    .collect()
            })
            .unwrap_or_default();
        v.sort();
        v
    };
    let (fresh, committed) = (read(&dir), read(&repo().join("ivy-ops/docs/support")));
    let _ = std::fs::remove_dir_all(&dir);
    assert!(fresh.len() > 100, "{} pages", fresh.len());
    assert!(
        fresh == committed,
        "ivy-ops/docs/support is stale: run `cargo run -p ivy-cli -- support --matrix --fragments ivy-ops/docs/support`"
    );
}

#[test]
fn support_matrix_json_and_text() {
    let v = json_of(&["support", "--matrix", "--json"]);
    let tan = v
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "tan")
        .expect("tan");
    assert_eq!(tan["backends"]["ndarray"]["dtypes"]["float32"], "supported");
    assert_eq!(
        tan["backends"]["candle"]["dtypes"]["int8"],
        "not_in_backend"
    );
    let o = ivy(&["support", "--matrix"]);
    assert!(o.status.success());
    assert!(stdout(&o).contains("y: supported"));
    // --matrix takes no op, --markdown needs --matrix
    assert_eq!(ivy(&["support", "tan", "--matrix"]).status.code(), Some(2));
    assert_eq!(
        ivy(&["support", "tan", "--markdown"]).status.code(),
        Some(2)
    );
    assert_eq!(ivy(&["support"]).status.code(), Some(2));
}

#[test]
fn support_without_an_op_points_to_matrix_and_unknown_ops_suggest() {
    // no op: the error and the usage both say `--matrix`
    let o = ivy(&["support"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("`--matrix`"), "{}", stderr(&o));
    let help = stdout(&ivy(&["support", "--help"]));
    assert!(help.contains("ivy support --matrix"), "{help}");
    // an unknown op: the registry's "did you mean", the same line as `ivy call`'s
    let o = ivy(&["support", "tann"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("no op named `tann` (did you mean `tan`?)"),
        "{}",
        stderr(&o)
    );
    assert_eq!(stderr(&o), stderr(&ivy(&["call", "tann", "[1]"])));
}

#[test]
fn backend_api_in_contributing_is_fresh() {
    let o = ivy(&["ops", "--backend-api"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let fresh = stdout(&o);
    assert!(fresh.contains("`ElementwiseBackend`"), "{fresh}");
    let guide = std::fs::read_to_string(repo().join("CONTRIBUTING.md")).unwrap_or_default();
    let (start, end) = ("<!-- backend-api:start -->\n", "<!-- backend-api:end -->");
    let block = guide
        .split_once(start)
        .and_then(|(_, rest)| rest.split_once(end))
        .map(|(b, _)| b)
        .unwrap_or_default();
    assert!(
        block == fresh,
        "CONTRIBUTING.md's backend list is stale: replace the lines between the backend-api markers with `cargo run -p ivy-cli -- ops --backend-api`"
    );
}

#[test]
fn tour_sections_list_and_select() {
    let o = ivy(&["tour", "--list"]);
    assert!(o.status.success());
    let list = stdout(&o);
    assert!(list.lines().any(|l| l.starts_with("containers ")), "{list}");
    let o = ivy(&["tour", "containers", "dtypes"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("== Containers: shared-structure broadcasting =="));
    assert!(!text.contains("== tan on both backends =="));
    // piped: no colour codes, and every line fits 80 columns
    assert!(!text.contains('\x1b'));
    let o = ivy(&["tour", "nosuch"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("no tour section `nosuch`"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn tour_shows_the_rust_calls_it_runs() {
    let o = ivy(&["tour"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = unwrap_tour(&stdout(&o));
    // the calls as written in Rust, not Python-like pseudo-code (`ivy.take(x, [1], axis=0)`)
    for call in [
        "ivy::tan(&x)?",
        "ivy::tan_out(&x, &mut out)?;",
        "ivy::take_with(&x, &rows, TakeKw { axis: Some(0) })?",
        "ivy::mean_with(&x, MeanKw { axis: Some(vec![0]), keepdims: false })?",
        "x.get(ivy::s![.., -1, ivy::NEWAXIS])?",
        "ivy::r#where(&mask, &x, 0.0)?",
    ] {
        assert!(out.contains(call), "{call}\n{out}");
    }
    // `ivy.` only in printed arrays (`ivy.array(…)`), never as a call; numpy only in
    // `// numpy:` comments
    for line in out.lines().filter(|l| !l.starts_with("// numpy:")) {
        let pseudo = line
            .match_indices("ivy.")
            .any(|(i, _)| !line[i..].starts_with("ivy.array("));
        assert!(!pseudo, "pseudo-code: {line}");
        assert!(
            !line.contains("=True") && !line.contains("=False"),
            "pseudo-code: {line}"
        );
    }
}

#[test]
fn tour_fits_80_columns() {
    let o = ivy(&["tour"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    let long: Vec<&str> = text.lines().filter(|l| l.chars().count() > 80).collect();
    assert!(
        long.is_empty(),
        "lines over 80 columns:\n{}",
        long.join("\n")
    );
}

#[test]
fn completions_for_each_shell() {
    for sh in ["bash", "zsh", "fish"] {
        let o = ivy(&["completions", sh]);
        assert!(o.status.success(), "{sh}: {}", stderr(&o));
        let s = stdout(&o);
        assert!(s.contains("ivy") && s.contains("support"), "{sh}: {s}");
    }
    assert_eq!(ivy(&["completions", "tcsh"]).status.code(), Some(2));
}

#[test]
fn a_container_leaf_that_makes_no_array_is_that_leafs_error() {
    // the leaf's own error, not the Container turned into text ("got a string")
    let o = ivy(&["call", "negative", r#"{"a": [300]}"#, "--dtype", "uint8"]);
    let err = stderr(&o);
    assert!(
        err.contains("the int 300 is out of range for the dtype uint8"),
        "{err}"
    );
    let o = ivy(&["call", "negative", r#"{"a": [1], "b": {"c": null}}"#]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("argument `x[b/c]`: not an array literal"),
        "{}",
        stderr(&o)
    );
    assert!(
        ivy(&["call", "negative", r#"{"a": [1], "b": {"c": [2.5]}}"#])
            .status
            .success()
    );
}

/// Runs `ivy args` with stdout (or stderr) on `/dev/full`, where every write fails with
/// "no space left on device" (Linux).
#[cfg(target_os = "linux")]
fn ivy_to_full(args: &[&str], stderr_full: bool) -> Output {
    let full = || {
        std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full")
    };
    let mut c = Command::new(env!("CARGO_BIN_EXE_ivy"));
    c.args(args);
    if stderr_full {
        c.stderr(full());
    } else {
        c.stdout(full());
    }
    c.output().expect("the ivy binary runs")
}

#[cfg(target_os = "linux")]
#[test]
fn output_that_cannot_be_written_is_an_error_not_a_success_or_a_panic() {
    // stdout: exit 1 with the reason (a closed pipe alone ends quietly with success)
    for args in [
        &["ops"][..],
        &["tour"],
        &["call", "arange", "100000", "--json"],
    ] {
        let o = ivy_to_full(args, false);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        assert!(
            stderr(&o).contains("cannot write the output"),
            "{}",
            stderr(&o)
        );
    }
    // stderr: the error's exit code, not a panic's 101
    let o = ivy_to_full(&["call", "nosuchop"], true);
    assert_eq!(o.status.code(), Some(2));
    let o = ivy_to_full(&["call", "negative", "[300]", "--dtype", "uint8"], true);
    assert_eq!(o.status.code(), Some(1));
}
