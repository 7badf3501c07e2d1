// A declaration without a kind (and without a body) is not an op yet.

#[ivy::category]
pub mod demo {
    use ivy::{Array, Result};

    #[nestable]
    pub fn double(x: &Array) -> Result<Array>;
}

fn main() {}
