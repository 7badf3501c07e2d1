// `#[axis]` takes no argument but `inserted`.

#[ivy::category]
pub mod demo {
    use ivy::{Array, Result};

    #[compositional]
    pub fn expand(x: &Array, #[axis(new)] axis: i64) -> Result<Array> {
        let _ = axis;
        Ok(x.clone())
    }
}

fn main() {}
