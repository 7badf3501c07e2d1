// `#[family]` gives every backend the kernel row: the op is primary, not mixed.

#[ivy::category]
pub mod demo {
    use ivy::{Array, Result};

    #[mixed]
    #[family(unary)]
    pub fn twice(x: &Array) -> Result<Array> {
        ivy::add(x, x)
    }
}



#[ivy::backend_impl]
impl demo::DemoBackend for ivy::NdarrayBackend {}

#[ivy::backend_impl]
impl demo::DemoBackend for ivy::CandleBackend {}

fn main() {}
