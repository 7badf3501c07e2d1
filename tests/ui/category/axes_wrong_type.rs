// `#[axes]` takes `Option<Vec<i64>>` (none = every axis); one axis is `#[axis]`.

#[ivy::category]
pub mod demo {
    use ivy::{Array, Result};

    #[compositional]
    pub fn total(x: &Array, #[kw] #[axes] axis: Option<i64>) -> Result<Array> {
        let _ = axis;
        Ok(x.clone())
    }
}

fn main() {}
