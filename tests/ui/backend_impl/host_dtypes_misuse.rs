// `#[host_dtypes]`: once per op, on its plain method (it covers the `_out` method too), with
// a spec; never on the op declaration.

#[ivy::category]
pub mod demo {
    use ivy::{Array, Result};

    #[primary]
    #[host_dtypes({"0.11.1 and below": ("integer",)})]
    pub fn double(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    #[primary]
    pub fn triple(x: &Array) -> Result<Array>;
}

#[ivy::backend_impl]
impl demo::DemoBackend for ivy::CandleBackend {
    #[host_dtypes({"0.11.1 and below": ("integer",)})]
    #[host_dtypes({"0.11.1 and below": ("float",)})]
    fn double(x: &ivy::Array) -> ivy::Result<ivy::Array> {
        Ok(x.clone())
    }
    #[support_native_out]
    #[host_dtypes({"0.11.1 and below": ("integer",)})]
    fn double_out(x: &ivy::Array, out: &mut ivy::Array) -> ivy::Result<()> {
        *out = x.clone();
        Ok(())
    }
    #[host_dtypes]
    fn triple(x: &ivy::Array) -> ivy::Result<ivy::Array> {
        Ok(x.clone())
    }
}

#[ivy::backend_impl]
impl demo::DemoBackend for ivy::NdarrayBackend {
    fn double(x: &ivy::Array) -> ivy::Result<ivy::Array> {
        Ok(x.clone())
    }
    fn triple(x: &ivy::Array) -> ivy::Result<ivy::Array> {
        Ok(x.clone())
    }
}

fn main() {}
