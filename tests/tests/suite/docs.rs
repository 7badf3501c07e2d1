//! Every op of the registry is documented with a runnable example written in its
//! declaration: the doc comment above `#[primary]` / `#[compositional]` / `#[mixed]` /
//! `#[standalone]` holds a code block (a doctest, which `cargo test --doc` runs). The macro
//! records that comment in the op's metadata (`OpMeta::doc`), which is what is checked.

use std::path::Path;

#[test]
fn every_op_has_an_example_in_its_declaration() {
    let mut missing = Vec::new();
    for e in ivy::registry::ops() {
        let doc = e.meta.doc;
        let first = doc.lines().next().unwrap_or_default();
        assert!(
            !first.trim().is_empty(),
            "`{}`: its doc comment starts with a summary line",
            e.meta.name
        );
        if !doc.lines().any(|l| l.trim_start().starts_with("```")) {
            missing.push(format!("{} ({})", e.meta.name, e.meta.category));
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
