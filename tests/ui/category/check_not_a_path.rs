// `#[check]` takes the path of a function.

#[ivy::category]
pub mod demo {
    use ivy::{Array, Result};

    #[compositional]
    #[check("positive")]
    pub fn double(x: &Array) -> Result<Array> {
        ivy::add(x, x)
    }
}

fn main() {}
