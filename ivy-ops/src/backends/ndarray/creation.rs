//! ndarray: creation ops. Buffers come from the shared creation kernels (fallible
//! allocation); this file only picks the element type.

use super::kernels::{nd_view, try_owned};
use super::{NdElem, NdarrayBackend};
use crate::engine::creation::{
    arange_plan, asarray_values_copy, eye_values, fill_into, filled_values, tri_mask, typed_values,
};
use crate::functional::creation::{asarray_array, CreationBackend};
use crate::{Array, Data, Device, Dtype, Error, Result, Scalar};
use ::ndarray::ArrayD;

fn cpu_only(op: &'static str, device: Device) -> Result<()> {
    match device {
        Device::Cpu => Ok(()),
        d => Err(Error::DeviceUnavailable {
            op,
            device: d,
            backend: crate::Backend::Ndarray,
        }),
    }
}

/// Wraps a row-major buffer of `shape`.
fn shaped<T: NdElem>(op: &'static str, shape: &[usize], v: Vec<T>) -> Result<Array> {
    super::shaped_data(op, shape, v).map(|a| Array::from_nd(T::wrap_shared(a)))
}

#[ivy_macros::backend_impl]
impl CreationBackend for NdarrayBackend {
    fn full(
        shape: &[usize],
        fill_value: Scalar,
        dtype: Dtype,
        device: Device,
        n: usize,
    ) -> Result<Array> {
        cpu_only("full", device)?;
        super::nd_type!(dtype, T => {
            if n.saturating_mul(std::mem::size_of::<T>()) <= super::SMALL_BYTES {
                // one allocation, written in place
                let d = super::new_with("full", shape, n, |out| {
                    fill_into(out, fill_value);
                    Ok(())
                })?;
                return Ok(Array::from_nd(T::wrap_shared(d)));
            }
            let v = filled_values::<T>("full", n, fill_value)?;
            shaped("full", shape, v)
        })
    }
    fn arange(
        start: Scalar,
        stop: Option<Scalar>,
        step: Scalar,
        dtype: Dtype,
        device: Device,
    ) -> Result<Array> {
        cpu_only("arange", device)?;
        super::nd_type!(dtype, T => {
            let plan = arange_plan::<T>(start, stop, step, dtype)?;
            let r = super::new_with("arange", &[plan.len], plan.len, |out| {
                plan.fill(out);
                Ok(())
            })?;
            Ok(Array::from_nd(T::wrap_shared(r)))
        })
    }
    fn asarray(obj: Data, dtype: Dtype, device: Device, copy: Option<bool>) -> Result<Array> {
        let given = obj.into_given()?;
        cpu_only("asarray", device)?;
        let obj = match given {
            Ok(g) => return asarray_array::<Self>(&g, dtype, device, copy),
            Err(values) => values,
        };
        asarray_values_copy(copy, crate::Backend::Ndarray)?;
        let values = obj.checked_values(dtype)?;
        super::nd_type!(dtype, T => {
            let v = typed_values::<T>("asarray", values.len(), |i| values[i])?;
            shaped("asarray", &obj.shape, v)
        })
    }
    fn eye(
        n_rows: usize,
        n_cols: Option<usize>,
        k: i64,
        dtype: Dtype,
        device: Device,
    ) -> Result<Array> {
        cpu_only("eye", device)?;
        super::nd_type!(dtype, T => {
            let (v, shape) = eye_values::<T>(n_rows, n_cols, k, dtype)?;
            shaped("eye", &shape, v)
        })
    }
    fn tril(x: &Array, k: i64) -> Result<Array> {
        tri("tril", x, false, k)
    }
    fn triu(x: &Array, k: i64) -> Result<Array> {
        tri("triu", x, true, k)
    }
}

/// `tril` / `triu`: a standard-layout copy of `x` with the elements outside the triangle set
/// to zero, matrix by matrix (the rank was checked).
fn tri(op: &'static str, x: &Array, upper: bool, k: i64) -> Result<Array> {
    let (rows, cols) = (x.shape()[x.ndim() - 2], x.shape()[x.ndim() - 1]);
    // an empty stack has no element to mask (its matrices may still be huge)
    let mask = if x.size() == 0 {
        Vec::new()
    } else {
        tri_mask(op, upper, k, rows, cols)?
    };
    super::nd_view_all!(&nd_view(op, x)?, a, T => {
        Ok(Array::from_nd(T::wrap(zero_outside(op, a, &mask)?)))
    })
}

/// `a` with every matrix's elements where `mask` is 0 set to zero (generic over `T` only).
fn zero_outside<T: NdElem>(
    op: &'static str,
    a: &::ndarray::ArrayViewD<'_, T>,
    mask: &[u8],
) -> Result<ArrayD<T>> {
    let mut r = try_owned(op, &a.view())?;
    let zero = T::from_scalar(Scalar::Int(0));
    if let (Some(data), false) = (r.as_slice_mut(), mask.is_empty()) {
        for m in data.chunks_mut(mask.len()) {
            for (v, &keep) in m.iter_mut().zip(mask) {
                if keep == 0 {
                    *v = zero;
                }
            }
        }
    }
    Ok(r)
}
