// An op has exactly one kind.

#[ivy::category]
pub mod demo {
    use ivy::{Array, Result};

    #[compositional]
    #[mixed]
    pub fn double(x: &Array) -> Result<Array> {
        ivy::add(x, x)
    }
}

fn main() {}
