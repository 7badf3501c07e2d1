//! The fft extension's transforms, the one body of every backend's method: the array read
//! to the host, one [`ivy_fft`] transform (rustfft / realfft) along the plan's axis, the
//! result made on the input's backend and device ([`Kernels::from_host`]). The plan
//! ([`FftPlan`]) is the ops' `#[check]` result, computed once by the generated code.

use crate::engine::family::Kernels;
use crate::Array;
use ivy_core::{Dtype, Error, Result};
use ivy_fft::{Failure, Kind, Norm};
use num_complex::Complex;

/// One transform along one axis: the axis (normalised), the transform length `n` (the
/// input is cropped or zero-padded to it, numpy's `n`), the normalisation and the result's
/// shape (its allocation probed).
///
/// ```
/// ivy::set_backend(ivy::Backend::Ndarray);
/// // the plan of rfft over 8 points: axis 0, n = 8, the result has 8 / 2 + 1 values
/// let x = ivy::zeros(&[8])?;
/// assert_eq!(ivy::rfft(&x)?.shape(), &[5]);
/// # Ok::<(), ivy::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FftPlan {
    /// The axis transformed.
    pub axis: usize,
    /// The transform length.
    pub n: usize,
    /// The normalisation (numpy's `norm`).
    pub norm: Norm,
    /// The result's shape.
    pub shape: Vec<usize>,
}

/// The plan of transform `kind` of `x` (`shape`, `dtype`) along `axis` (negative: from the
/// end) with length `n` (none: the input's length, or `2 (m - 1)` for a complex-to-real
/// transform of `m` values) and normalisation `norm`.
pub(crate) fn fft_plan(
    op: &'static str,
    kind: Kind,
    x: &Array,
    n: Option<i64>,
    axis: i64,
    norm: &str,
) -> Result<FftPlan> {
    let axis = crate::engine::checks::normalize_axis(op, axis, x.ndim())?;
    let m = x.shape()[axis];
    let n = match (n, kind) {
        (Some(n), _) => n,
        (None, Kind::C2r) => 2 * (m as i64 - 1),
        (None, _) => m as i64,
    };
    if n < 1 {
        return Err(Error::InvalidArgument {
            op,
            message: format!(
                "the number of points `n` must be at least 1, got {n}{}",
                match kind {
                    Kind::C2r => " (by default 2·(m - 1) for m input values: pass `n`)",
                    _ => "",
                }
            ),
        });
    }
    let norm = Norm::parse(norm).ok_or_else(|| Error::InvalidArgument {
        op,
        message: format!("`norm` must be \"backward\", \"ortho\" or \"forward\", got {norm:?}"),
    })?;
    let n = usize::try_from(n).map_err(|_| Error::InvalidArgument {
        op,
        message: format!("`n` = {n} does not fit this machine's sizes"),
    })?;
    let shape = ivy_fft::out_shape(kind, x.shape(), axis, n).map_err(|f| failure(op, f))?;
    let dtype = match kind {
        Kind::C2r => real_of(x.dtype()),
        Kind::R2c => complex_of(x.dtype()),
        Kind::C2c => x.dtype(),
    };
    crate::kernel::alloc::reserve(op, &shape, dtype)?;
    Ok(FftPlan {
        axis,
        n,
        norm,
        shape,
    })
}

/// The complex dtype of a real one's precision (float32 → complex64).
pub(crate) fn complex_of(d: Dtype) -> Dtype {
    match d {
        Dtype::Float64 | Dtype::Complex128 => Dtype::Complex128,
        _ => Dtype::Complex64,
    }
}

/// The real dtype of a complex one's precision (complex64 → float32).
pub(crate) fn real_of(d: Dtype) -> Dtype {
    match d {
        Dtype::Complex128 | Dtype::Float64 => Dtype::Float64,
        _ => Dtype::Float32,
    }
}

fn failure(op: &'static str, f: Failure) -> Error {
    match f {
        Failure::OutOfMemory => Error::OutOfMemory {
            op,
            bytes: usize::MAX,
        },
        f => Error::InvalidArgument {
            op,
            message: f.to_string(),
        },
    }
}

/// Runs `$body` with `$T` the float type of `$d` (its two accepted dtypes: the float32-
/// and the float64-precision one).
macro_rules! fft_types {
    ($op:expr, $d:expr, [$f32:pat, $f64:pat], $T:ident => $body:expr) => {
        match $d {
            $f32 => {
                type $T = f32;
                $body
            }
            $f64 => {
                type $T = f64;
                $body
            }
            d => Err(Error::InvalidArgument {
                op: $op,
                message: format!("the transform does not take {d}: cast with astype"),
            }),
        }
    };
}

/// `fft` / `ifft`: the complex transform along the plan's axis (complex64, complex128).
pub fn c2c<B: Kernels + ?Sized>(
    op: &'static str,
    x: &Array,
    p: &FftPlan,
    inverse: bool,
) -> Result<Array> {
    fft_types!(op, x.dtype(), [Dtype::Complex64, Dtype::Complex128], T => {
        let a = x.to_vec::<Complex<T>>()?;
        let out = ivy_fft::c2c(&a, x.shape(), p.axis, p.n, inverse, p.norm)
            .map_err(|f| failure(op, f))?;
        B::from_host(op, out, &p.shape, x.device())
    })
}

/// `rfft`: the real-to-complex transform (float32 → complex64, float64 → complex128).
pub fn r2c<B: Kernels + ?Sized>(op: &'static str, x: &Array, p: &FftPlan) -> Result<Array> {
    fft_types!(op, x.dtype(), [Dtype::Float32, Dtype::Float64], T => {
        let a = x.to_vec::<T>()?;
        let out = ivy_fft::r2c(&a, x.shape(), p.axis, p.n, p.norm).map_err(|f| failure(op, f))?;
        B::from_host(op, out, &p.shape, x.device())
    })
}

/// `irfft`: the complex-to-real transform (complex64 → float32, complex128 → float64).
pub fn c2r<B: Kernels + ?Sized>(op: &'static str, x: &Array, p: &FftPlan) -> Result<Array> {
    fft_types!(op, x.dtype(), [Dtype::Complex64, Dtype::Complex128], T => {
        let a = x.to_vec::<Complex<T>>()?;
        let out = ivy_fft::c2r(&a, x.shape(), p.axis, p.n, p.norm).map_err(|f| failure(op, f))?;
        B::from_host(op, out, &p.shape, x.device())
    })
}
