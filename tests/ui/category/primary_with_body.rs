// A primary op is implemented by the backends: it has no body.

#[ivy::category]
pub mod demo {
    use ivy::{Array, Result};

    #[primary]
    pub fn double(x: &Array) -> Result<Array> {
        ivy::add(x, x)
    }
}

#[ivy::backend_impl]
impl demo::DemoBackend for ivy::NdarrayBackend {
    fn double(x: &ivy::Array) -> ivy::Result<ivy::Array> {
        Ok(x.clone())
    }
}

#[ivy::backend_impl]
impl demo::DemoBackend for ivy::CandleBackend {
    fn double(x: &ivy::Array) -> ivy::Result<ivy::Array> {
        Ok(x.clone())
    }
}

fn main() {}
