// A shape parameter is positional, as in the Array API.

#[ivy::category]
pub mod demo {
    use ivy::{Array, Result, Shape};

    #[compositional]
    pub fn blank(#[kw] shape: Shape) -> Result<Array> {
        ivy::zeros(shape)
    }
}

fn main() {}
