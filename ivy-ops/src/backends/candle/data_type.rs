//! candle: casting and broadcasting.

use super::{candle_types, cast, dtype_of, err, reserve, tensor, wrap, CandleArray, CandleBackend};
use crate::functional::data_type::DataTypeBackend;
use crate::{Array, Backend, Device, Dtype, Result};
use candle_core::Tensor;

#[ivy_macros::backend_impl]
impl DataTypeBackend for CandleBackend {
    fn dtype(x: &Array) -> Result<Dtype> {
        Ok(x.dtype())
    }

    fn can_cast(from_: Dtype, to: Dtype) -> Result<bool> {
        Ok(ivy_core::can_cast(from_, to))
    }

    fn astype(x: &Array, dtype: Dtype, copy: bool, device: Device) -> Result<Array> {
        let t = tensor("astype", x)?;
        let r = if dtype == x.dtype() {
            match copy {
                // shared storage (a `Var`'s too: the result is a tensor, which a later update
                // of the `Var` shows through, as `copy = false` asks)
                false => Array::from_candle(CandleArray::of(t.clone(), dtype)),
                true => wrap("astype", dtype, t.copy())?,
            }
        } else {
            cast(t, dtype).map(Array::from_candle)?
        };
        r.into_device(device)
    }

    fn broadcast_to(x: &Array, shape: &[usize]) -> Result<Array> {
        // `shape` was checked before dispatch (`#[check(broadcast_target)]`)
        let t = tensor("broadcast_to", x)?;
        super::reserve("broadcast_to", shape, x.dtype())?;
        let b = t
            .broadcast_as(shape)
            .and_then(|b| b.contiguous())
            .map_err(|e| err("broadcast_to", e))?;
        let r = Ok(Array::from_candle(CandleArray::of(b, x.dtype())));
        super::unshared("broadcast_to", &[x], r)
    }
}

/// Whether candle's own `to_dtype` rounds twice converting `from` to `to`: candle-core
/// converts uint32, int32 and int64 to bfloat16 through float32 (`bf16::from_f32(v as
/// f32)`), two roundings for values beyond 2^24 (int64 2^60 + 2^52 + 1 gives 2^60, not the
/// nearest bfloat16 2^60 + 2^53). Its other integer conversions are exact or round once
/// (float16 overflows from 65520 on, well within float32's exact integers).
pub(super) fn rounds_twice(from: Dtype, to: Dtype) -> bool {
    to == Dtype::Bfloat16 && matches!(from, Dtype::Uint32 | Dtype::Int32 | Dtype::Int64)
}

/// `t` converted to `to` on the host with ivy's element conversion ([`Elem::cast_from`],
/// the ndarray backend's), as a new tensor of `t`'s shape on `t`'s device.
pub(super) fn host_cast(op: &'static str, t: &Tensor, to: Dtype) -> Result<CandleArray> {
    let from = dtype_of(t.dtype());
    reserve(op, t.dims(), from)?; // the host copy of `t`
    reserve(op, t.dims(), to)?;
    let flat = t.flatten_all().map_err(|e| err(op, e))?;
    candle_types!(from, S => {
        let src = flat.to_vec1::<S>().map_err(|e| err(op, e))?;
        host_cast_from(op, &src, t, to)
    }, other => Err(crate::array::not_in_backend(Some(op), other, Backend::Candle)))
}

/// [`host_cast`] from host values of element type `S`: the inner `match` written (and
/// type-checked) once, not once per source dtype.
fn host_cast_from<S: candle_core::WithDType + crate::kernel::elem::Elem>(
    op: &'static str,
    src: &[S],
    t: &Tensor,
    to: Dtype,
) -> Result<CandleArray> {
    candle_types!(to, D => {
        let out = super::kernels::host_run(op, [src], crate::kernel::class::cast_slices::<S, D>)?;
        Tensor::from_vec(out, t.dims(), t.device())
            .map(CandleArray::Tensor)
            .map_err(|e| err(op, e))
    }, other => Err(crate::array::not_in_backend(Some(op), other, Backend::Candle)))
}
