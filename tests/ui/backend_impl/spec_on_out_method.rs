// The dtype spec of an op goes on its plain method, and covers the `_out` method too.

#[ivy::category]
pub mod demo {
    use ivy::{Array, Result};

    #[primary]
    pub fn double(x: &Array, out: Option<&mut Array>) -> Result<Array>;
}

#[ivy::backend_impl]
impl demo::DemoBackend for ivy::NdarrayBackend {
    fn double(x: &ivy::Array) -> ivy::Result<ivy::Array> {
        Ok(x.clone())
    }
    #[support_native_out]
    #[with_unsupported_dtypes({"0.17.2 and below": ("bool",)})]
    fn double_out(x: &ivy::Array, out: &mut ivy::Array) -> ivy::Result<()> {
        *out = x.clone();
        Ok(())
    }
}

#[ivy::backend_impl]
impl demo::DemoBackend for ivy::CandleBackend {
    fn double(x: &ivy::Array) -> ivy::Result<ivy::Array> {
        Ok(x.clone())
    }
}

fn main() {}
