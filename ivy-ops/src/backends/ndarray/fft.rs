//! ndarray: the fft extension's four transforms, each one line into
//! [`crate::engine::fft`] (rustfft / realfft on the host buffer).

use super::NdarrayBackend;
use crate::engine::fft;
use crate::functional::fft::{FftBackend, FftPlan};
use crate::{Array, Result};

#[ivy_macros::backend_impl]
impl FftBackend for NdarrayBackend {
    #[with_supported_dtypes({"0.17.2 and below": ("complex64", "complex128")})]
    fn fft(x: &Array, _n: Option<i64>, _axis: i64, _norm: String, p: FftPlan) -> Result<Array> {
        fft::c2c::<Self>("fft", x, &p, false)
    }
    #[with_supported_dtypes({"0.17.2 and below": ("complex64", "complex128")})]
    fn ifft(x: &Array, _n: Option<i64>, _axis: i64, _norm: String, p: FftPlan) -> Result<Array> {
        fft::c2c::<Self>("ifft", x, &p, true)
    }
    #[with_supported_dtypes({"0.17.2 and below": ("float32", "float64")})]
    fn rfft(x: &Array, _n: Option<i64>, _axis: i64, _norm: String, p: FftPlan) -> Result<Array> {
        fft::r2c::<Self>("rfft", x, &p)
    }
    #[with_supported_dtypes({"0.17.2 and below": ("complex64", "complex128")})]
    fn irfft(x: &Array, _n: Option<i64>, _axis: i64, _norm: String, p: FftPlan) -> Result<Array> {
        fft::c2r::<Self>("irfft", x, &p)
    }
}
