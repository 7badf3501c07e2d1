// `#[support_native_out]` is a property of one backend's implementation, not of the op.

#[ivy::category]
pub mod demo {
    use ivy::{Array, Result};

    #[primary]
    #[support_native_out]
    pub fn double(x: &Array, out: Option<&mut Array>) -> Result<Array>;
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
