//! Every op of the registry is documented with a runnable example written in its
//! declaration: the doc comment above `#[primary]` / `#[compositional]` / `#[mixed]` /
//! `#[standalone]` in `ivy-ops/src/functional/*.rs` holds a code block (a doctest, which
//! `cargo test --doc` runs).

use std::collections::BTreeMap;
use std::path::Path;

/// Op name → whether its declaration's doc comment has a code block.
fn declared_examples() -> BTreeMap<String, bool> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../ivy-ops/src/functional");
    let mut found = BTreeMap::new();
    for entry in std::fs::read_dir(&dir).expect("ivy-ops/src/functional") {
        let path = entry.expect("a directory entry").path();
        if path.extension().is_none_or(|x| x != "rs") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("a source file");
        let lines: Vec<&str> = text.lines().map(str::trim).collect();
        for (i, line) in lines.iter().enumerate() {
            let is_kind = [
                "#[primary]",
                "#[compositional]",
                "#[mixed]",
                "#[standalone]",
            ]
            .contains(line);
            if !is_kind {
                continue;
            }
            // the attributes and doc lines around the kind, up to the `fn` line
            let mut start = i;
            while start > 0
                && (lines[start - 1].starts_with("///") || lines[start - 1].starts_with("#["))
            {
                start -= 1;
            }
            let Some(fn_at) = (i..lines.len()).find(|&j| lines[j].contains("fn ")) else {
                continue;
            };
            let fn_line = lines[fn_at];
            let name = fn_line
                .split("fn ")
                .nth(1)
                .and_then(|r| r.split(['(', '<']).next())
                .map(|n| n.trim_start_matches("r#").to_string())
                .unwrap_or_default();
            let has_example = lines[start..fn_at].iter().any(|l| l.starts_with("/// ```"));
            found.insert(name, has_example);
        }
    }
    found
}

#[test]
fn every_op_has_an_example_in_its_declaration() {
    let found = declared_examples();
    let mut missing = Vec::new();
    for e in ivy::registry::ops() {
        match found.get(e.meta.name) {
            Some(true) => {}
            Some(false) => missing.push(format!("{} ({})", e.meta.name, e.meta.category)),
            None => panic!(
                "`{}`: declaration not found in ivy-ops/src/functional",
                e.meta.name
            ),
        }
    }
    assert!(
        missing.is_empty(),
        "{} ops have no example (a ```` ``` ```` block in the doc comment of their declaration):\n{}",
        missing.len(),
        missing.join("\n")
    );
}

/// CONTRIBUTING.md shows the compile errors a contributor meets as the compiler prints them:
/// each of its `text` blocks is a committed ui expectation (`tests/ui/**/*.stderr`), or part
/// of one, so a changed diagnostic fails here until the guide is updated.
#[test]
fn contributing_shows_real_compiler_output() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let guide = std::fs::read_to_string(root.join("../CONTRIBUTING.md")).expect("CONTRIBUTING.md");
    let mut expectations = Vec::new();
    let mut dirs = vec![root.join("ui")];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).expect("tests/ui") {
            let p = e.expect("an entry").path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "stderr") {
                expectations.push(std::fs::read_to_string(&p).expect("a .stderr file"));
            }
        }
    }
    let blocks: Vec<&str> = guide
        .split("```text\n")
        .skip(1)
        .filter_map(|b| b.split_once("```").map(|(body, _)| body))
        .filter(|b| b.trim_start().starts_with("error"))
        .collect();
    assert!(blocks.len() >= 8, "{} compiler-output blocks", blocks.len());
    for b in blocks {
        assert!(
            expectations.iter().any(|x| x.contains(b.trim_end())),
            "CONTRIBUTING.md shows compiler output that no tests/ui/**/*.stderr has:\n{b}"
        );
    }
}
