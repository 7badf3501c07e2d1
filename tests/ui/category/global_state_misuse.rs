// `#[global_state]` marks an op that changes process-wide state: it takes no arguments, and
// such an op cannot be mapped over a Container's leaves.

#[ivy::category]
pub mod demo {
    use ivy::{Array, Result};

    #[compositional]
    #[global_state(yes)]
    pub fn set_mode(x: &Array) -> Result<()> {
        let _ = x;
        Ok(())
    }

    #[compositional]
    #[global_state]
    #[nestable]
    pub fn set_level(x: &Array) -> Result<Array> {
        Ok(x.clone())
    }
}

fn main() {}
