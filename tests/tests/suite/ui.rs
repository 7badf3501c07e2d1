//! Compile-fail tests of the macros' diagnostics: `tests/ui/<macro>/<case>.rs` with the
//! expected compiler output next to it in `<case>.stderr`.
//! Regenerate with `TRYBUILD=overwrite cargo test -p ivy-tests --test suite ui::`, then read the diffs.
//!
//! trybuild checks its project's dependencies (ivy, candle, faer: about 250 crates) in two
//! cargo runs whose rustflags differ: the first without `--diagnostic-width=140`, the second
//! with it. Cargo keys each crate's artifacts by its rustflags, so every dependency was checked
//! twice (165 s of a cold run on 2 cores; 93 s checked once). `CARGO_ENCODED_RUSTFLAGS` takes
//! precedence over the `--config` rustflags trybuild passes, and trybuild clears only
//! `RUSTFLAGS`: so [`ui`] runs the cases in a child process of this binary with that variable set
//! to the second run's flags, the same for both runs. The flags are trybuild 1.0's (the lock pins
//! it); were they to change, the `.stderr` comparisons would show it.

use std::process::Command;

/// The flags trybuild's second run gives rustc (`rustflags::toml` with `--diagnostic-width=140`),
/// separated as `CARGO_ENCODED_RUSTFLAGS` wants.
const RUSTFLAGS: &str =
    "--cfg\x1ftrybuild\x1f--verbose\x1f-A\x1fdead_code\x1f--diagnostic-width=140";

#[test]
fn ui() {
    let exe = std::env::current_exe().expect("the test binary's path");
    let out = Command::new(exe)
        .args(["ui::cases", "--exact", "--nocapture", "--include-ignored"])
        .env("CARGO_ENCODED_RUSTFLAGS", RUSTFLAGS)
        .output()
        .expect("run the ui cases in a child process");
    print!("{}", String::from_utf8_lossy(&out.stdout));
    eprint!("{}", String::from_utf8_lossy(&out.stderr));
    assert!(
        out.status.success(),
        "the ui cases failed (their report is above)"
    );
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("1 passed"),
        "the child process ran no ui case (its output is above)"
    );
}

/// The cases themselves; [`ui`] runs this in a child process with the rustflags set. Ignored
/// in the parent run, where trybuild's own flags would check every dependency twice (run
/// directly, with `--ignored`, it passes all the same, only slower).
#[test]
#[ignore = "run by `ui` in a child process, with CARGO_ENCODED_RUSTFLAGS set"]
fn cases() {
    let t = trybuild::TestCases::new();
    t.compile_fail("ui/**/*.rs");
}
