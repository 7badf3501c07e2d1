//! JSON objects whose keys print in the order given (serde_json's `Map` sorts them), so
//! dtype tables read in `Dtype::ALL` order.

use crate::CliResult;
use serde_json::Value;

/// A JSON value whose objects keep their key order.
pub enum Ordered {
    /// An object, keys in insertion order.
    Object(Vec<(String, Ordered)>),
    /// An array of values that keep their objects' key order.
    List(Vec<Ordered>),
    /// Any other value (its own objects, if any, print sorted).
    Value(Value),
}

impl Ordered {
    /// An object from `(key, value)` pairs.
    pub fn object<K: Into<String>>(entries: impl IntoIterator<Item = (K, Ordered)>) -> Ordered {
        Ordered::Object(entries.into_iter().map(|(k, v)| (k.into(), v)).collect())
    }

    /// Pretty-printed as `serde_json::to_string_pretty` would.
    pub fn to_pretty(&self) -> CliResult<String> {
        let mut out = String::new();
        self.render(0, &mut out)?;
        Ok(out)
    }

    fn render(&self, depth: usize, out: &mut String) -> CliResult {
        match self {
            Ordered::Value(v) => {
                let text = serde_json::to_string_pretty(v)?;
                out.push_str(&text.replace('\n', &format!("\n{}", "  ".repeat(depth))));
            }
            Ordered::List(items) if items.is_empty() => out.push_str("[]"),
            Ordered::List(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    out.push('\n');
                    out.push_str(&"  ".repeat(depth + 1));
                    item.render(depth + 1, out)?;
                }
                out.push('\n');
                out.push_str(&"  ".repeat(depth));
                out.push(']');
            }
            Ordered::Object(entries) if entries.is_empty() => out.push_str("{}"),
            Ordered::Object(entries) => {
                out.push('{');
                for (i, (key, value)) in entries.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    out.push('\n');
                    out.push_str(&"  ".repeat(depth + 1));
                    out.push_str(&serde_json::to_string(key)?);
                    out.push_str(": ");
                    value.render(depth + 1, out)?;
                }
                out.push('\n');
                out.push_str(&"  ".repeat(depth));
                out.push('}');
            }
        }
        Ok(())
    }
}

/// A plain (non-object) value.
pub fn value(v: impl Into<Value>) -> Ordered {
    Ordered::Value(v.into())
}

/// Prints `v`, pretty, on stdout.
pub fn print(v: &Ordered) -> CliResult {
    outln!("{}", v.to_pretty()?);
    Ok(())
}
