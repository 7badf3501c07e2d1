// `#[family]` gives backends the kernel row: the op is primary or mixed, not compositional.

#[ivy::category]
pub mod demo {
    use ivy::{Array, Result};

    #[compositional]
    #[family(unary)]
    pub fn twice(x: &Array) -> Result<Array> {
        ivy::add(x, x)
    }
}

fn main() {}
