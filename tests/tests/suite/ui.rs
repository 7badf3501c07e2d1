//! Compile-fail tests of the macros' diagnostics: `tests/ui/<macro>/<case>.rs` with the
//! expected compiler output next to it in `<case>.stderr`.
//! Regenerate with `TRYBUILD=overwrite cargo test -p ivy-tests --test suite ui::`, then read the diffs.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("ui/**/*.rs");
}
