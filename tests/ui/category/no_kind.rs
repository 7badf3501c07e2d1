// A body-less declaration without a kind attribute.

#[ivy::category]
pub mod demo {
    use ivy::{Array, Result};

    /// Doubles `x`.
    pub fn double(x: &Array) -> Result<Array>;
}

// Callers of the op get no second error: the macro keeps a stub of it.
fn main() {
    let _double: fn(&ivy::Array) -> ivy::Result<ivy::Array> = demo::double;
}
