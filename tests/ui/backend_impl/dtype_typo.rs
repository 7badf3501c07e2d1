// A misspelt dtype in a spec: the error suggests the nearest name.

#[ivy::category]
pub mod demo {
    use ivy::{Array, Result};

    #[primary]
    pub fn double(x: &Array) -> Result<Array>;
}

#[ivy::backend_impl]
impl demo::DemoBackend for ivy::NdarrayBackend {
    fn double(x: &ivy::Array) -> ivy::Result<ivy::Array> {
        Ok(x.clone())
    }
}

#[ivy::backend_impl]
impl demo::DemoBackend for ivy::CandleBackend {
    #[with_unsupported_dtypes({"0.11.1 and below": ("flaot16",)})]
    fn double(x: &ivy::Array) -> ivy::Result<ivy::Array> {
        Ok(x.clone())
    }
}

fn main() {}
