#[ivy::category]
pub mod demo {
    use ivy::{Array, Result};

    /// Per-backend specs belong to compositional and mixed declarations.
    #[primary]
    #[unsupported_dtypes(candle = ("float16",))]
    pub fn double(x: &Array) -> Result<Array>;

    /// An unknown backend name.
    #[compositional]
    #[unsupported_dtypes(torch = ("float16",))]
    pub fn halve(x: &Array) -> Result<Array> {
        ivy::divide(x, 2.0)
    }
}

#[ivy::backend_impl]
impl demo::DemoBackend for ivy::NdarrayBackend {
    fn double(x: &ivy::Array) -> ivy::Result<ivy::Array> {
        ivy::add(x, x)
    }
}

#[ivy::backend_impl]
impl demo::DemoBackend for ivy::CandleBackend {
    fn double(x: &ivy::Array) -> ivy::Result<ivy::Array> {
        ivy::add(x, x)
    }
}

fn main() {}
