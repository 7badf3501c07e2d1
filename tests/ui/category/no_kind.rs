// A body-less declaration without a kind attribute.

#[ivy::category]
pub mod demo {
    use ivy::{Array, Result};

    /// Doubles `x`.
    pub fn double(x: &Array) -> Result<Array>;
}

fn main() {}
