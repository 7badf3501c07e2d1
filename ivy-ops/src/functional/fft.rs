//! The Array API's fft extension: `fft`, `ifft`, `rfft`, `irfft` are primaries (one host
//! transform each, `engine::fft` over ivy-fft: rustfft and realfft); the n-dimensional
//! transforms, `hfft`/`ihfft`, the sample frequencies and the shifts are compositional
//! bodies over them and the core set.

/// Discrete Fourier transforms.
#[ivy_macros::category(support_docs = "docs/support")]
pub mod fft {
    use crate::functional::creation::{asarray_with, AsarrayKw};
    use crate::functional::elementwise::conj;
    use crate::functional::manipulation::roll_with;
    use crate::functional::manipulation::RollKw;
    use crate::{Array, Device, Dtype, Result};

    /// The one-dimensional discrete Fourier transform of `x` (complex64 or complex128)
    /// along `axis` (default `-1`), over `n` points (default: the length along `axis`;
    /// shorter input is zero-padded, longer cropped). `norm`: `"backward"` (the default: no
    /// scaling), `"ortho"` (`1/√n`) or `"forward"` (`1/n`). rustfft, any length (mixed
    /// radix, Rader and Bluestein for primes).
    ///
    /// ```
    /// ivy::set_backend(ivy::Backend::Ndarray);
    /// let x = ivy::astype(&ivy::asarray(vec![1.0f64, 0.0, 0.0, 0.0])?, ivy::Dtype::Complex128)?;
    /// let y = ivy::fft(&x)?; // an impulse: a flat spectrum
    /// assert_eq!(y.to_vec::<num_complex::Complex<f64>>()?, vec![1.0.into(); 4]);
    /// let kw = ivy::prelude::FftKw { n: Some(8), ..Default::default() };
    /// assert_eq!(ivy::fft_with(&x, kw)?.shape(), &[8]); // zero-padded to 8 points
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[check(super::c2c_args -> crate::FftPlan)]
    pub fn fft(
        x: &Array,
        #[kw] n: Option<i64>,
        #[kw(default = -1)] axis: i64,
        #[kw(default = String::from("backward"))] norm: String,
    ) -> Result<Array>;

    /// The inverse of [`fft`]: `ifft(fft(x)) = x`; `"backward"` scales by `1/n` here.
    ///
    /// ```
    /// ivy::set_backend(ivy::Backend::Ndarray);
    /// let x = ivy::astype(&ivy::asarray(vec![1.0f64, 2.0, 3.0])?, ivy::Dtype::Complex128)?;
    /// let back = ivy::ifft(&ivy::fft(&x)?)?;
    /// let err = ivy::max(&ivy::abs(&ivy::subtract(&back, &x)?)?)?.to_f64_vec()?[0];
    /// assert!(err < 1e-15);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[check(super::c2c_args -> crate::FftPlan)]
    pub fn ifft(
        x: &Array,
        #[kw] n: Option<i64>,
        #[kw(default = -1)] axis: i64,
        #[kw(default = String::from("backward"))] norm: String,
    ) -> Result<Array>;

    /// The transform of real input (float32 or float64) along `axis`: the `n / 2 + 1`
    /// non-negative frequencies of [`fft`] (the rest are their conjugates), complex of
    /// `x`'s precision. realfft.
    ///
    /// ```
    /// ivy::set_backend(ivy::Backend::Ndarray);
    /// let x = ivy::asarray(vec![1.0f32, 1.0, 1.0, 1.0])?;
    /// let y = ivy::rfft(&x)?;
    /// assert_eq!((y.shape(), y.dtype()), (&[3][..], ivy::Dtype::Complex64));
    /// assert_eq!(ivy::real(&y)?.to_f64_vec()?, [4.0, 0.0, 0.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[check(super::r2c_args -> crate::FftPlan)]
    pub fn rfft(
        x: &Array,
        #[kw] n: Option<i64>,
        #[kw(default = -1)] axis: i64,
        #[kw(default = String::from("backward"))] norm: String,
    ) -> Result<Array>;

    /// The inverse of [`rfft`]: `n` real points (default `2 (m - 1)` for `m` input values)
    /// from the non-negative frequencies along `axis`; the imaginary parts of the zero
    /// (and, for even `n`, the Nyquist) frequency are ignored, as numpy does.
    ///
    /// ```
    /// ivy::set_backend(ivy::Backend::Ndarray);
    /// let x = ivy::asarray(vec![1.0f64, 2.0, 3.0, 4.0, 5.0])?;
    /// let kw = ivy::prelude::IrfftKw { n: Some(5), ..Default::default() };
    /// let back = ivy::irfft_with(&ivy::rfft(&x)?, kw)?; // odd n: say it
    /// let err = ivy::max(&ivy::abs(&ivy::subtract(&back, &x)?)?)?.to_f64_vec()?[0];
    /// assert!(err < 1e-5); // float32, ivy's default float dtype
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[check(super::c2r_args -> crate::FftPlan)]
    pub fn irfft(
        x: &Array,
        #[kw] n: Option<i64>,
        #[kw(default = -1)] axis: i64,
        #[kw(default = String::from("backward"))] norm: String,
    ) -> Result<Array>;

    /// The transform of a signal with Hermitian symmetry, given by its non-negative
    /// frequencies: real, `n` points (default `2 (m - 1)`). numpy's `hfft`:
    /// `irfft(conj(x))` with the norm's direction swapped.
    ///
    /// ```
    /// ivy::set_backend(ivy::Backend::Ndarray);
    /// let x = ivy::astype(&ivy::asarray(vec![1.0f64, 2.0, 3.0])?, ivy::Dtype::Complex128)?;
    /// assert_eq!(ivy::hfft(&x)?.to_f64_vec()?, [8.0, -2.0, 0.0, -2.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[nestable]
    pub fn hfft(
        x: &Array,
        #[kw] n: Option<i64>,
        #[kw(default = -1)] axis: i64,
        #[kw(default = String::from("backward"))] norm: String,
    ) -> Result<Array> {
        let norm = super::swap_norm(&norm);
        irfft_with(&conj(x)?, IrfftKw { n, axis, norm })
    }

    /// The inverse of [`hfft`]: the `n / 2 + 1` non-negative frequencies of a real signal's
    /// inverse transform, `conj(rfft(x))` with the norm's direction swapped.
    ///
    /// ```
    /// ivy::set_backend(ivy::Backend::Ndarray);
    /// let x = ivy::asarray(vec![8.0f64, -2.0, 0.0, -2.0])?;
    /// let y = ivy::ihfft(&x)?;
    /// assert_eq!(ivy::real(&y)?.to_f64_vec()?, [1.0, 2.0, 3.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[nestable]
    pub fn ihfft(
        x: &Array,
        #[kw] n: Option<i64>,
        #[kw(default = -1)] axis: i64,
        #[kw(default = String::from("backward"))] norm: String,
    ) -> Result<Array> {
        let norm = super::swap_norm(&norm);
        conj(&rfft_with(x, RfftKw { n, axis, norm })?)
    }

    /// The n-dimensional transform: [`fft`] along each of `axes` (default: every axis, or
    /// the last `len(s)` when `s` is given) with the lengths `s` (`-1` or none: the input's
    /// length). `norm` as for [`fft`], over the whole transform.
    ///
    /// ```
    /// ivy::set_backend(ivy::Backend::Ndarray);
    /// let x = ivy::astype(&ivy::ones(&[2, 3])?, ivy::Dtype::Complex64)?;
    /// let y = ivy::fftn(&x)?;
    /// assert_eq!(ivy::real(&y)?.to_f64_vec()?, [6.0, 0.0, 0.0, 0.0, 0.0, 0.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[nestable]
    pub fn fftn(
        x: &Array,
        #[kw] s: Option<Vec<i64>>,
        #[kw] axes: Option<Vec<i64>>,
        #[kw(default = String::from("backward"))] norm: String,
    ) -> Result<Array> {
        let steps = super::nd_steps("fftn", x.shape(), s.as_deref(), axes.as_deref())?;
        super::probe_steps("fftn", x, &steps, None)?;
        let mut y = super::copy_of(x)?;
        for (axis, n) in steps {
            let norm = norm.clone();
            y = fft_with(&y, FftKw { n, axis, norm })?;
        }
        Ok(y)
    }

    /// The inverse of [`fftn`] (see it for `s` and `axes`).
    ///
    /// ```
    /// ivy::set_backend(ivy::Backend::Ndarray);
    /// let x = ivy::astype(&ivy::reshape(&ivy::arange(6.0)?, &[2, 3])?, ivy::Dtype::Complex128)?;
    /// let back = ivy::ifftn(&ivy::fftn(&x)?)?;
    /// let err = ivy::max(&ivy::abs(&ivy::subtract(&back, &x)?)?)?.to_f64_vec()?[0];
    /// assert!(err < 1e-14);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[nestable]
    pub fn ifftn(
        x: &Array,
        #[kw] s: Option<Vec<i64>>,
        #[kw] axes: Option<Vec<i64>>,
        #[kw(default = String::from("backward"))] norm: String,
    ) -> Result<Array> {
        let steps = super::nd_steps("ifftn", x.shape(), s.as_deref(), axes.as_deref())?;
        super::probe_steps("ifftn", x, &steps, None)?;
        let mut y = super::copy_of(x)?;
        for (axis, n) in steps {
            let norm = norm.clone();
            y = ifft_with(&y, IfftKw { n, axis, norm })?;
        }
        Ok(y)
    }

    /// The n-dimensional transform of real input: [`rfft`] along the last of `axes`, then
    /// [`fft`] along the others (see [`fftn`] for `s` and `axes`).
    ///
    /// ```
    /// ivy::set_backend(ivy::Backend::Ndarray);
    /// let y = ivy::rfftn(&ivy::ones(&[2, 4])?)?;
    /// assert_eq!(y.shape(), &[2, 3]);
    /// assert_eq!(ivy::real(&y)?.to_f64_vec()?, [8.0, 0.0, 0.0, 0.0, 0.0, 0.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[nestable]
    pub fn rfftn(
        x: &Array,
        #[kw] s: Option<Vec<i64>>,
        #[kw] axes: Option<Vec<i64>>,
        #[kw(default = String::from("backward"))] norm: String,
    ) -> Result<Array> {
        let (rest, (axis, n)) =
            super::real_nd_steps("rfftn", x.shape(), s.as_deref(), axes.as_deref())?;
        let kw = RfftKw {
            n,
            axis,
            norm: norm.clone(),
        };
        super::complex_steps(rfft_with(x, kw)?, rest, &norm)
    }

    /// The inverse of [`rfftn`]: [`ifft`] along all but the last of `axes`, then [`irfft`]
    /// along the last (its length `s[-1]`, default `2 (m - 1)`).
    ///
    /// ```
    /// ivy::set_backend(ivy::Backend::Ndarray);
    /// let x = ivy::reshape(&ivy::arange(8.0)?, &[2, 4])?;
    /// let back = ivy::irfftn(&ivy::rfftn(&x)?)?;
    /// let err = ivy::max(&ivy::abs(&ivy::subtract(&back, &x)?)?)?.to_f64_vec()?[0];
    /// assert!(err < 1e-5);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[nestable]
    pub fn irfftn(
        x: &Array,
        #[kw] s: Option<Vec<i64>>,
        #[kw] axes: Option<Vec<i64>>,
        #[kw(default = String::from("backward"))] norm: String,
    ) -> Result<Array> {
        let (rest, (axis, n)) =
            super::real_nd_steps("irfftn", x.shape(), s.as_deref(), axes.as_deref())?;
        super::probe_steps("irfftn", x, &rest, Some((axis, n)))?;
        let mut y = super::copy_of(x)?;
        for (axis, n) in rest {
            let norm = norm.clone();
            y = ifft_with(&y, IfftKw { n, axis, norm })?;
        }
        irfft_with(&y, IrfftKw { n, axis, norm })
    }

    /// The sample frequencies of an `n`-point [`fft`] with sample spacing `d`: `[0, 1, …,
    /// ⌈n/2⌉ - 1, -⌊n/2⌋, …, -1] / (d·n)`, in `dtype` (a real float dtype; default: the
    /// default float dtype, as the standard's 2024.12 `dtype` keyword), on `device`.
    ///
    /// ```
    /// ivy::set_backend(ivy::Backend::Ndarray);
    /// assert_eq!(ivy::fftfreq(4)?.to_f64_vec()?, [0.0, 0.25, -0.5, -0.25]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[infer_dtype]
    #[infer_device]
    #[unsupported_dtypes(ndarray = ("integer", "bool", "complex"), candle = ("integer", "bool"))]
    pub fn fftfreq(
        n: usize,
        #[kw(default = 1.0)] d: f64,
        #[kw] dtype: Option<Dtype>,
        #[kw] device: Option<Device>,
    ) -> Result<Array> {
        let values = super::frequencies("fftfreq", n, d, false)?;
        let kw = AsarrayKw {
            dtype: Some(super::real_float("fftfreq", dtype)?),
            device,
            copy: None,
        };
        asarray_with(values, kw)
    }

    /// The sample frequencies of an `n`-point [`rfft`]: `[0, 1, …, ⌊n/2⌋] / (d·n)`.
    ///
    /// ```
    /// ivy::set_backend(ivy::Backend::Ndarray);
    /// assert_eq!(ivy::rfftfreq(4)?.to_f64_vec()?, [0.0, 0.25, 0.5]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[infer_dtype]
    #[infer_device]
    #[unsupported_dtypes(ndarray = ("integer", "bool", "complex"), candle = ("integer", "bool"))]
    pub fn rfftfreq(
        n: usize,
        #[kw(default = 1.0)] d: f64,
        #[kw] dtype: Option<Dtype>,
        #[kw] device: Option<Device>,
    ) -> Result<Array> {
        let values = super::frequencies("rfftfreq", n, d, true)?;
        let kw = AsarrayKw {
            dtype: Some(super::real_float("rfftfreq", dtype)?),
            device,
            copy: None,
        };
        asarray_with(values, kw)
    }

    /// The zero frequency moved to the middle of `axes` (default: every axis): a `roll` by
    /// half of each length (numpy's `fftshift`).
    ///
    /// ```
    /// ivy::set_backend(ivy::Backend::Ndarray);
    /// let f = ivy::fftfreq(5)?;
    /// assert_eq!(ivy::fftshift(&f)?.to_f64_vec()?, ivy::asarray(vec![-0.4f32, -0.2, 0.0, 0.2, 0.4])?.to_f64_vec()?);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[nestable]
    pub fn fftshift(x: &Array, #[kw] axes: Option<Vec<i64>>) -> Result<Array> {
        let (shift, axis) = super::shifts("fftshift", x.shape(), axes.as_deref(), false)?;
        roll_with(x, &shift, RollKw { axis: Some(axis) })
    }

    /// The inverse of [`fftshift`] (they differ for odd lengths).
    ///
    /// ```
    /// ivy::set_backend(ivy::Backend::Ndarray);
    /// let f = ivy::fftfreq(5)?;
    /// assert_eq!(ivy::ifftshift(&ivy::fftshift(&f)?)?, f);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[nestable]
    pub fn ifftshift(x: &Array, #[kw] axes: Option<Vec<i64>>) -> Result<Array> {
        let (shift, axis) = super::shifts("ifftshift", x.shape(), axes.as_deref(), true)?;
        roll_with(x, &shift, RollKw { axis: Some(axis) })
    }
}

#[doc(inline)]
pub use fft::*;

pub use crate::engine::fft::FftPlan;

use crate::{Array, Error, Result};
use ivy_fft::Kind;

/// The check and plan of `fft` and `ifft`.
pub(crate) fn c2c_args(
    op: &'static str,
    x: &&Array,
    n: &Option<i64>,
    axis: &i64,
    norm: &str,
) -> Result<FftPlan> {
    crate::engine::fft::fft_plan(op, Kind::C2c, x, *n, *axis, norm)
}

/// The check and plan of `rfft`.
pub(crate) fn r2c_args(
    op: &'static str,
    x: &&Array,
    n: &Option<i64>,
    axis: &i64,
    norm: &str,
) -> Result<FftPlan> {
    crate::engine::fft::fft_plan(op, Kind::R2c, x, *n, *axis, norm)
}

/// The check and plan of `irfft`.
pub(crate) fn c2r_args(
    op: &'static str,
    x: &&Array,
    n: &Option<i64>,
    axis: &i64,
    norm: &str,
) -> Result<FftPlan> {
    crate::engine::fft::fft_plan(op, Kind::C2r, x, *n, *axis, norm)
}

/// `rfftn`'s complex steps, on `rfft`'s result: `fft` along each of `steps`. (A helper, not
/// the body: the body's callees decide its dtypes, and these calls take the complex result
/// of the body's `rfft`, not the real input.)
fn complex_steps(mut y: Array, steps: Vec<Step>, norm: &str) -> Result<Array> {
    for (axis, n) in steps {
        let kw = crate::prelude::FftKw {
            n,
            axis,
            norm: norm.into(),
        };
        y = crate::fft_with(&y, kw)?;
    }
    Ok(y)
}

/// Probes the allocation of each step's result (complex; `real_last`: a last `irfft` step,
/// real), in order, before any step runs: a transform whose later result cannot exist fails
/// at once, not after its earlier steps filled memory (`irfftn` with `s = (2**30, 2**30)`
/// wrote a 16 GiB intermediate before its 4 EiB result was refused, and was killed).
fn probe_steps(op: &'static str, x: &Array, steps: &[Step], real_last: Option<Step>) -> Result<()> {
    use crate::engine::fft::{complex_of, real_of};
    let mut shape = x.shape().to_vec();
    let complex = complex_of(x.dtype());
    // an axis or a length the step refuses is its own error, left to it
    let resized = |shape: &mut Vec<usize>, (axis, n): Step, inverse_real: bool| {
        let len = shape.get(axis as usize).copied()?;
        let n = match n {
            Some(n) => usize::try_from(n).ok().filter(|&n| n > 0)?,
            None if inverse_real => 2 * len.checked_sub(1)?,
            None => len,
        };
        shape[axis as usize] = n;
        Some(())
    };
    for &step in steps {
        if resized(&mut shape, step, false).is_none() {
            return Ok(());
        }
        crate::kernel::alloc::reserve(op, &shape, complex)?;
    }
    if let Some(step) = real_last
        && resized(&mut shape, step, true).is_some()
    {
        crate::kernel::alloc::reserve(op, &shape, real_of(complex))?;
    }
    Ok(())
}

/// The norm of the other direction (`hfft` is `irfft` of the conjugate with it).
fn swap_norm(norm: &str) -> String {
    match norm {
        "backward" => "forward".into(),
        "forward" => "backward".into(),
        other => other.into(),
    }
}

/// A copy of `x` (the n-dimensional transforms over no axes return one).
fn copy_of(x: &Array) -> Result<Array> {
    let kw = crate::prelude::AstypeKw {
        copy: true,
        ..Default::default()
    };
    crate::astype_with(x, x.dtype(), kw)
}

/// One 1-d transform of an n-dimensional one: its axis and its length (none: the input's).
type Step = (i64, Option<i64>);

/// The steps of an n-dimensional transform over `axes` with lengths `s` (the standard's
/// rules: `axes` none is every axis, or the last `len(s)` ones when `s` is given; `s[i] =
/// -1` keeps the input's length; `s` and `axes` as long as each other; no axis twice).
fn nd_steps(
    op: &'static str,
    shape: &[usize],
    s: Option<&[i64]>,
    axes: Option<&[i64]>,
) -> Result<Vec<Step>> {
    let ndim = shape.len();
    let axes: Vec<usize> = match (axes, s) {
        (Some(a), _) => a
            .iter()
            .map(|&a| crate::engine::checks::normalize_axis(op, a, ndim))
            .collect::<Result<_>>()?,
        (None, Some(s)) if s.len() > ndim => {
            return Err(Error::InvalidArgument {
                op,
                message: format!("`s` has {} lengths for {ndim} axes", s.len()),
            });
        }
        (None, Some(s)) => (ndim - s.len()..ndim).collect(),
        (None, None) => (0..ndim).collect(),
    };
    if let Some(s) = s
        && s.len() != axes.len()
    {
        return Err(Error::InvalidArgument {
            op,
            message: format!(
                "`s` has {} lengths but `axes` names {} axes; give one length per axis",
                s.len(),
                axes.len()
            ),
        });
    }
    for (i, a) in axes.iter().enumerate() {
        if axes[..i].contains(a) {
            return Err(Error::InvalidArgument {
                op,
                message: format!("`axes` names axis {a} twice"),
            });
        }
    }
    Ok(axes
        .iter()
        .enumerate()
        .map(|(i, &a)| {
            let n = s.map(|s| s[i]).filter(|&n| n != -1);
            (a as i64, n)
        })
        .collect())
}

/// The steps of `rfftn` / `irfftn`: the complex steps and the real one (the last axis).
fn real_nd_steps(
    op: &'static str,
    shape: &[usize],
    s: Option<&[i64]>,
    axes: Option<&[i64]>,
) -> Result<(Vec<Step>, Step)> {
    let mut steps = nd_steps(op, shape, s, axes)?;
    let last = steps.pop().ok_or_else(|| Error::InvalidArgument {
        op,
        message: "needs at least one axis to transform".into(),
    })?;
    Ok((steps, last))
}

/// The frequencies' dtype: `dtype` (default: the default float dtype), a real float dtype.
fn real_float(op: &'static str, dtype: Option<crate::Dtype>) -> Result<crate::Dtype> {
    let d = crate::engine::checks::infer_dtype(dtype, &[], &[]);
    let backend = ivy_core::current_backend().unwrap_or(ivy_core::Backend::Ndarray);
    let rejected = ivy_core::DtypeSet::VALID.difference(ivy_core::DtypeSet::FLOAT);
    let version = crate::engine::support::backend_version(backend);
    crate::engine::checks::supported_dtype(op, rejected, d, backend, version)
}

/// `fftfreq`'s (`half`: `rfftfreq`'s) values.
fn frequencies(op: &'static str, n: usize, d: f64, half: bool) -> Result<Vec<f64>> {
    if n == 0 || d == 0.0 || !d.is_finite() {
        return Err(Error::InvalidArgument {
            op,
            message: format!("needs n >= 1 and a finite, non-zero spacing d; got n = {n}, d = {d}"),
        });
    }
    let len = if half { n / 2 + 1 } else { n };
    let mut v = crate::kernel::alloc::try_vec::<f64>(op, len)?;
    let scale = d * n as f64;
    v.extend((0..len).map(|i| {
        // the second half is negative: [-n/2, …, -1]
        let k = if half || i < n.div_ceil(2) {
            i as f64
        } else {
            i as f64 - n as f64
        };
        k / scale
    }));
    Ok(v)
}

/// `fftshift`'s (`inverse`: `ifftshift`'s) shifts and the axes they roll.
fn shifts(
    op: &'static str,
    shape: &[usize],
    axes: Option<&[i64]>,
    inverse: bool,
) -> Result<(Vec<i64>, Vec<i64>)> {
    let ndim = shape.len();
    let axes: Vec<usize> = match axes {
        Some(a) => a
            .iter()
            .map(|&a| crate::engine::checks::normalize_axis(op, a, ndim))
            .collect::<Result<_>>()?,
        None => (0..ndim).collect(),
    };
    let shift = axes
        .iter()
        .map(|&a| {
            let half = (shape[a] / 2) as i64;
            if inverse {
                -half
            } else {
                half
            }
        })
        .collect();
    Ok((shift, axes.iter().map(|&a| a as i64).collect()))
}
