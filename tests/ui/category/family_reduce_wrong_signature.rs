// A `#[family(reduce)]` op takes `x`, `#[axes] axis` and `keepdims` (and optionally `dtype`),
// by those names: an axis that is not `#[axes]` does not fit.

#[ivy::category]
pub mod demo {
    use ivy::{Array, Result};

    #[primary]
    #[family(reduce)]
    pub fn max(x: &Array, #[kw] axis: Option<i64>, #[kw] keepdims: bool) -> Result<Array>;
}

use ivy::{Array, Result};

#[ivy::backend_impl]
impl demo::DemoBackend for ivy::NdarrayBackend {
    fn max(x: &Array, _axis: Option<i64>, _keepdims: bool) -> Result<Array> {
        Ok(x.clone())
    }
}

#[ivy::backend_impl]
impl demo::DemoBackend for ivy::CandleBackend {
    fn max(x: &Array, _axis: Option<i64>, _keepdims: bool) -> Result<Array> {
        Ok(x.clone())
    }
}

fn main() {}
