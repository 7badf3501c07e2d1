// A compositional op is written with other ivy ops: it needs a body.

#[ivy::category]
pub mod demo {
    use ivy::{Array, Result};

    #[compositional]
    pub fn double(x: &Array) -> Result<Array>;
}

fn main() {}
