// A `#[family(unary)]` op takes `x: &Array`: a wrong parameter type is reported once, as
// the family's shape (no `#[nestable]` or missing-method errors after it).

#[ivy::category]
pub mod demo {
    use ivy::{Array, Result};

    #[primary]
    #[nestable]
    #[family(unary)]
    pub fn cbrt(x: f64, out: Option<&mut Array>) -> Result<Array>;
}

#[ivy::backend_impl]
impl demo::DemoBackend for ivy::NdarrayBackend {}

#[ivy::backend_impl]
impl demo::DemoBackend for ivy::CandleBackend {}

fn main() {}
