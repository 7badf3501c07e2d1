// A container-dependent op consumes its Container whole: it cannot be mapped over one.

#[ivy::category]
pub mod demo {
    use ivy::{Array, Container, Result};

    #[compositional]
    #[container_dependent]
    #[nestable]
    pub fn first_leaf(c: &Container) -> Result<Array> {
        Ok(c.leaves().next().unwrap().1.clone())
    }
}

fn main() {}
