// `out` of an op declaration is optional: `Option<&mut Array>`.

#[ivy::category]
pub mod demo {
    use ivy::{Array, Result};

    #[primary]
    pub fn double(x: &Array, out: &mut Array) -> Result<Array>;
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
