#[ivy::category]
pub mod demo {
    use ivy::{Array, Result};

    /// Doubles.
    #[primary]
    pub fn double(x: &Array) -> Result<Array>;
}

#[ivy::backend_impl]
impl demo::DemoBackend for ivy::NdarrayBackend {
    fn double(x: &ivy::Array) -> ivy::Result<ivy::Array> {
        ivy::add(x, x)
    }
}

#[ivy::backend_impl]
impl demo::DemoBackend for ivy::CandleBackend {
    // candle cannot hold int8 at all: it is not an op-specific gap
    #[with_unsupported_dtypes({"0.11.1 and below": ("int8", "float16")})]
    fn double(x: &ivy::Array) -> ivy::Result<ivy::Array> {
        ivy::add(x, x)
    }
}

fn main() {}
