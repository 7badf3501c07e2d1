// A `#[family(binary)]` op takes two operands, nothing else.

#[ivy::category]
pub mod demo {
    use ivy::{Array, Result};

    #[primary]
    #[family(binary)]
    pub fn maximum(x1: &Array, x2: &Array, #[kw] strict: bool) -> Result<Array>;
}

use ivy::{Array, Result};

#[ivy::backend_impl]
impl demo::DemoBackend for ivy::NdarrayBackend {
    fn maximum(x1: &Array, _x2: &Array, _strict: bool) -> Result<Array> {
        Ok(x1.clone())
    }
}

#[ivy::backend_impl]
impl demo::DemoBackend for ivy::CandleBackend {
    fn maximum(x1: &Array, _x2: &Array, _strict: bool) -> Result<Array> {
        Ok(x1.clone())
    }
}

fn main() {}
