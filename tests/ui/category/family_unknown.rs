// `#[family]` names one of the kernel families.

#[ivy::category]
pub mod demo {
    use ivy::{Array, Result};

    #[primary]
    #[family(trinary)]
    pub fn sin(x: &Array) -> Result<Array>;
}

use ivy::{Array, Result};

#[ivy::backend_impl]
impl demo::DemoBackend for ivy::NdarrayBackend {
    fn sin(x: &Array) -> Result<Array> {
        Ok(x.clone())
    }
}

#[ivy::backend_impl]
impl demo::DemoBackend for ivy::CandleBackend {
    fn sin(x: &Array) -> Result<Array> {
        Ok(x.clone())
    }
}

fn main() {}
