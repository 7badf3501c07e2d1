//! Generates the promotion tables from `spec/ivy_promotion_tables.json` into constants,
//! so promotion is a table lookup at run time, never a parse.
use std::{env, fs, path::PathBuf};

fn main() {
    let spec = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap())
        .join("..")
        .join("spec")
        .join("ivy_promotion_tables.json");
    println!("cargo:rerun-if-changed={}", spec.display());
    let text = fs::read_to_string(&spec).expect("spec/ivy_promotion_tables.json is readable");
    let json: serde_json::Value = serde_json::from_str(&text).expect("promotion spec is JSON");
    let names: Vec<String> = json["dtypes"]
        .as_array()
        .expect("dtypes list")
        .iter()
        .map(|v| v.as_str().expect("dtype name").to_string())
        .collect();
    let index = |n: &str| {
        names
            .iter()
            .position(|x| x == n)
            .unwrap_or_else(|| panic!("unknown dtype {n} in promotion spec"))
    };
    let table = |keys: &[&str]| {
        let mut t = vec![vec![usize::MAX; names.len()]; names.len()];
        for key in keys {
            for row in json[*key].as_array().expect("table") {
                let r = row.as_array().expect("triple");
                let (a, b, c) = (
                    index(r[0].as_str().unwrap()),
                    index(r[1].as_str().unwrap()),
                    index(r[2].as_str().unwrap()),
                );
                t[a][b] = c;
                t[b][a] = c;
            }
        }
        t
    };
    let precise = table(&[
        "array_api_promotion_table",
        "common_extra_promotion_table",
        "precise_extra_promotion_table",
    ]);
    let non_precise = table(&[
        "array_api_promotion_table",
        "common_extra_promotion_table",
        "extra_promotion_table",
    ]);
    let mut out = String::new();
    out.push_str("/// Spec order of the dtypes the tables are indexed by.\n#[allow(dead_code)]\n");
    out.push_str(&format!(
        "pub(crate) const SPEC_DTYPES: [&str; {}] = {:?};\n",
        names.len(),
        names
    ));
    for (name, t) in [("PRECISE", &precise), ("NON_PRECISE", &non_precise)] {
        out.push_str(&format!(
            "pub(crate) const {name}: [[u8; {n}]; {n}] = [\n",
            n = names.len()
        ));
        for row in t.iter() {
            let cells: Vec<String> = row
                .iter()
                .map(|&c| {
                    if c == usize::MAX {
                        "255".into()
                    } else {
                        c.to_string()
                    }
                })
                .collect();
            out.push_str(&format!("    [{}],\n", cells.join(", ")));
        }
        out.push_str("];\n");
    }
    let dest = PathBuf::from(env::var("OUT_DIR").unwrap()).join("promotion_tables.rs");
    fs::write(dest, out).expect("write generated tables");
}
