//! Reads the backend crates' versions from Cargo.lock, so support specs resolve against the
//! version really built.
use std::{env, fs, path::PathBuf};

fn locked_version(lock: &str, name: &str) -> Option<String> {
    let mut lines = lock.lines();
    while let Some(l) = lines.next() {
        if l.trim() == format!("name = \"{name}\"") {
            let v = lines.next()?;
            return v
                .trim()
                .strip_prefix("version = \"")?
                .strip_suffix('"')
                .map(String::from);
        }
    }
    None
}

fn main() {
    let manifest = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap());
    let lock_path = manifest.join("..").join("Cargo.lock");
    println!("cargo:rerun-if-changed={}", lock_path.display());
    let lock = fs::read_to_string(&lock_path).unwrap_or_default();
    let mut out = String::new();
    for (konst, krate) in [
        ("NDARRAY_VERSION", "ndarray"),
        ("CANDLE_VERSION", "candle-core"),
    ] {
        let v = locked_version(&lock, krate).unwrap_or_else(|| "0.0.0".to_string());
        let mut parts = [0u32; 3];
        for (i, p) in v.split('.').take(3).enumerate() {
            parts[i] = p
                .split(|c: char| !c.is_ascii_digit())
                .next()
                .unwrap_or("0")
                .parse()
                .unwrap_or(0);
        }
        out.push_str(&format!(
            "pub(crate) const {konst}: (&str, [u32; 3]) = ({v:?}, [{}, {}, {}]);\n",
            parts[0], parts[1], parts[2]
        ));
    }
    fs::write(
        PathBuf::from(env::var("OUT_DIR").unwrap()).join("versions.rs"),
        out,
    )
    .unwrap();
}
