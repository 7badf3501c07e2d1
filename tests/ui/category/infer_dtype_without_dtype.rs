// `#[infer_dtype]` fills in a keyword parameter `dtype: Option<Dtype>`, which must exist.

#[ivy::category]
pub mod demo {
    use ivy::{Array, Result};

    #[primary]
    #[infer_dtype]
    pub fn zeros(shape: &[usize]) -> Result<Array>;
}

#[ivy::backend_impl]
impl demo::DemoBackend for ivy::NdarrayBackend {
    fn zeros(shape: &[usize]) -> ivy::Result<ivy::Array> {
        ivy::zeros(shape)
    }
}

#[ivy::backend_impl]
impl demo::DemoBackend for ivy::CandleBackend {
    fn zeros(shape: &[usize]) -> ivy::Result<ivy::Array> {
        ivy::zeros(shape)
    }
}

fn main() {}
