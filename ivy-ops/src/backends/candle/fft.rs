//! candle: the fft extension's four transforms. Candle holds no complex dtype, and each of
//! them takes or makes one, so none is supported (the support tables say so); the bodies
//! are the shared host transforms of [`crate::engine::fft`], which refuse the dtype too.
//! `fftfreq`, `rfftfreq`, `fftshift` and `ifftshift` (compositional) run on candle.

use super::CandleBackend;
use crate::engine::fft;
use crate::functional::fft::{FftBackend, FftPlan};
use crate::{Array, Result};

#[ivy_macros::backend_impl]
impl FftBackend for CandleBackend {
    #[with_unsupported_dtypes({"0.11.1 and below": ("valid",)})]
    fn fft(x: &Array, _n: Option<i64>, _axis: i64, _norm: String, p: FftPlan) -> Result<Array> {
        fft::c2c::<Self>("fft", x, &p, false)
    }
    #[with_unsupported_dtypes({"0.11.1 and below": ("valid",)})]
    fn ifft(x: &Array, _n: Option<i64>, _axis: i64, _norm: String, p: FftPlan) -> Result<Array> {
        fft::c2c::<Self>("ifft", x, &p, true)
    }
    #[with_unsupported_dtypes({"0.11.1 and below": ("valid",)})]
    fn rfft(x: &Array, _n: Option<i64>, _axis: i64, _norm: String, p: FftPlan) -> Result<Array> {
        fft::r2c::<Self>("rfft", x, &p)
    }
    #[with_unsupported_dtypes({"0.11.1 and below": ("valid",)})]
    fn irfft(x: &Array, _n: Option<i64>, _axis: i64, _norm: String, p: FftPlan) -> Result<Array> {
        fft::c2r::<Self>("irfft", x, &p)
    }
}
