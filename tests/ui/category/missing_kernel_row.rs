// A `#[family]` op runs the kernel row of its CamelCase name: without the row, the error
// says where to add it.

#[ivy::category]
pub mod demo {
    use ivy::{Array, Result};

    #[primary]
    #[family(unary)]
    pub fn cbrt(x: &Array, out: Option<&mut Array>) -> Result<Array>;
}

#[ivy::backend_impl]
impl demo::DemoBackend for ivy::NdarrayBackend {}

#[ivy::backend_impl]
impl demo::DemoBackend for ivy::CandleBackend {}

fn main() {}
