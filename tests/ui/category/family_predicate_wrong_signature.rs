// A `#[family(predicate)]` op takes one array, nothing else.

#[ivy::category]
pub mod demo {
    use ivy::{Array, Operand, Result};

    #[primary]
    #[family(predicate)]
    pub fn isnan(x: Operand) -> Result<Array>;
}

use ivy::{Array, Result};

#[ivy::backend_impl]
impl demo::DemoBackend for ivy::NdarrayBackend {
    fn isnan(x: &Array) -> Result<Array> {
        Ok(x.clone())
    }
}

#[ivy::backend_impl]
impl demo::DemoBackend for ivy::CandleBackend {
    fn isnan(x: &Array) -> Result<Array> {
        Ok(x.clone())
    }
}

fn main() {}
