//! The candle expressions kernel rows name (a row's `candle(..)` class) where candle's own
//! op is not the standard's: `erfc`, a candle op of ivy's own (forward on the host, with a
//! backward pass in candle ops, so it differentiates on candle's graph like candle's
//! kernels), and `max`/`min` that propagate NaN.

use candle_core::backend::BackendStorage;
use candle_core::{CpuStorage, CustomOp1, Layout, Result, Shape, Tensor};

/// `erfc(t)`, accurate in the tail (libm's `erfc`, computed in float64 and rounded once).
/// On the CPU: `Erfc`, a custom op with `d/dx erfc(x) = -2/√π·e^(-x²)`. On a GPU, where
/// the custom op has no kernel: `1 - erf(t)` from candle's own kernels, which loses the
/// relative accuracy of small results (`erfc(x)` for `x` above about 1).
pub fn erfc(t: &Tensor) -> Result<Tensor> {
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

/// Candle's `max` (or `min`) over `axes`, kept as 1: NaN where a NaN was reduced (candle's
/// own kernels skip NaN; the standard propagates it).
pub fn extreme(t: &Tensor, axes: &[usize], max: bool) -> Result<Tensor> {
    let fold = |t: Tensor| {
        axes.iter().try_fold(t, |t, &a| {
            if max {
                t.max_keepdim(a)
            } else {
                t.min_keepdim(a)
            }
        })
    };
    let r = fold(t.clone())?;
    if !t.dtype().is_float() {
        return Ok(r);
    }
    let seen = axes.iter().try_fold(t.ne(t)?, |m, &a| m.max_keepdim(a))?;
    let nan = Tensor::full(f32::NAN, r.shape(), r.device())?.to_dtype(r.dtype())?;
    seen.where_cond(&nan, &r)
}
