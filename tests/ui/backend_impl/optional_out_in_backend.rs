// A backend method never takes the declaration's `out: Option<&mut Array>`.

#[ivy::category]
pub mod demo {
    use ivy::{Array, Result};

    #[primary]
    pub fn relu(x: &Array, out: Option<&mut Array>) -> Result<Array>;
}

use ivy::{Array, Result};

#[ivy::backend_impl]
impl demo::DemoBackend for ivy::NdarrayBackend {
    fn relu(x: &Array, out: Option<&mut Array>) -> Result<Array> {
        let _ = out;
        Ok(x.clone())
    }
}

#[ivy::backend_impl]
impl demo::DemoBackend for ivy::CandleBackend {
    fn relu(x: &Array) -> Result<Array> {
        Ok(x.clone())
    }
}

fn main() {}
