//! Functions candle has no kernel for, as candle ops of ivy's own: forward on the host
//! (candle's CPU device) with a backward pass in candle ops, so they differentiate on
//! candle's graph like its own kernels.

use candle_core::backend::BackendStorage;
use candle_core::{CpuStorage, CustomOp1, Layout, Shape, Tensor};

/// `erfc(t)`, accurate in the tail (libm's `erfc`, computed in float64 and rounded once).
/// On the CPU: [`Erfc`], a custom op with `d/dx erfc(x) = -2/√π·e^(-x²)`. On a GPU, where
/// the custom op has no kernel: `1 - erf(t)` from candle's own kernels, which loses the
/// relative accuracy of small results (`erfc(x)` for `x` above about 1).
pub(crate) fn erfc(t: &Tensor) -> candle_core::Result<Tensor> {
    if t.device().is_cpu() {
        t.apply_op1(Erfc)
    } else {
        t.erf()?.affine(-1.0, 1.0)
    }
}

/// The complementary error function as a candle op (see [`erfc`]).
struct Erfc;

impl CustomOp1 for Erfc {
    fn name(&self) -> &'static str {
        "erfc"
    }

    fn cpu_fwd(&self, s: &CpuStorage, l: &Layout) -> candle_core::Result<(CpuStorage, Shape)> {
        use candle_core::cpu_backend::unary_map;
        use half::{bf16, f16};
        let f = libm::erfc;
        let out = match s {
            CpuStorage::F64(v) => CpuStorage::F64(unary_map(v, l, f)),
            CpuStorage::F32(v) => CpuStorage::F32(unary_map(v, l, |x| f(x as f64) as f32)),
            CpuStorage::F16(v) => {
                CpuStorage::F16(unary_map(v, l, |x| f16::from_f64(f(x.to_f64()))))
            }
            CpuStorage::BF16(v) => {
                CpuStorage::BF16(unary_map(v, l, |x| bf16::from_f64(f(x.to_f64()))))
            }
            other => {
                return Err(candle_core::Error::UnsupportedDTypeForOp(
                    other.dtype(),
                    "erfc",
                ))
            }
        };
        Ok((out, l.shape().clone()))
    }

    fn bwd(&self, x: &Tensor, _res: &Tensor, grad: &Tensor) -> candle_core::Result<Option<Tensor>> {
        let slope = x
            .sqr()?
            .neg()?
            .exp()?
            .affine(-std::f64::consts::FRAC_2_SQRT_PI, 0.0)?;
        grad.mul(&slope).map(Some)
    }
}
