// `#[check]` runs before backend dispatch; a compositional op has none.

#[ivy::category]
pub mod demo {
    use ivy::{Array, Result};

    fn positive(_op: &'static str, _x: &&Array) -> Result<()> {
        Ok(())
    }

    #[compositional]
    #[check(positive)]
    pub fn double(x: &Array) -> Result<Array> {
        ivy::add(x, x)
    }
}

fn main() {}
