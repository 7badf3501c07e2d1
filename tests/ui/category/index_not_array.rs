// `#[index]` marks an `&Array` of indices.

#[ivy::category]
pub mod demo {
    use ivy::{Array, Result};

    #[compositional]
    pub fn pick(x: &Array, #[index] i: i64) -> Result<Array> {
        let _ = i;
        Ok(x.clone())
    }
}

fn main() {}
