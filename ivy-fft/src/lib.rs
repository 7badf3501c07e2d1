//! ivy-rs's discrete Fourier transforms: one axis of a row-major array at a time, host
//! slices in and out, on [rustfft](https://docs.rs/rustfft) and
//! [realfft](https://docs.rs/realfft) (pure Rust, SIMD).
//!
//! Three primitives, numpy's `fft`/`ifft`, `rfft` and `irfft` along one axis:
//! [`c2c`] (complex to complex, either direction), [`r2c`] (real to the `n / 2 + 1`
//! non-negative-frequency bins) and [`c2r`] (those bins back to `n` reals). Each takes the
//! input as a row-major contiguous slice with its `shape`, the `axis` to transform and the
//! transform length `n` (numpy's `n`: the input is cropped or zero-padded to it along
//! `axis`), and returns a new buffer, or writes into a caller's one (the `_into`
//! variants, for `out=`). The n-d transforms and `hfft`/`ihfft` are compositions of
//! these, left to the caller (ivy-ops), as are dtypes and negative axes.
//!
//! Everything is generic over [`FftFloat`] (`f32` and `f64`). Plans are cached per
//! length and float type for the life of the process; many lanes with enough work are
//! split across rayon's threads; a single long transform runs on one thread.
//!
//! Failures are values ([`Failure`]), never panics: a zero length, an axis out of range,
//! an input or output slice of the wrong length, a buffer too large to allocate.
//!
//! ```
//! use ivy_fft::{c2c, c2r, r2c, Norm};
//! use num_complex::Complex;
//! // the DFT of an impulse is flat; the inverse brings it back
//! let x = [Complex::new(1.0f64, 0.0), Complex::new(0.0, 0.0), Complex::new(0.0, 0.0)];
//! let y = c2c(&x, &[3], 0, 3, false, Norm::Backward).unwrap();
//! assert!(y.iter().all(|v| (v - Complex::new(1.0, 0.0)).norm() < 1e-12));
//! let back = c2c(&y, &[3], 0, 3, true, Norm::Backward).unwrap();
//! assert!(back.iter().zip(&x).all(|(a, b)| (a - b).norm() < 1e-12));
//! // rfft / irfft along the last axis of a 2 × 4 array
//! let r = [1.0f32, 2.0, 3.0, 4.0, 0.0, 1.0, 0.0, -1.0];
//! let spec = r2c(&r, &[2, 4], 1, 4, Norm::Backward).unwrap(); // shape [2, 3]
//! assert_eq!(spec[0], Complex::new(10.0, 0.0));
//! let again = c2r(&spec, &[2, 3], 1, 4, Norm::Backward).unwrap(); // shape [2, 4]
//! assert!(again.iter().zip(&r).all(|(a, b)| (a - b).abs() < 1e-6));
//! assert_eq!(c2c(&x, &[3], 0, 0, false, Norm::Backward), Err(ivy_fft::Failure::ZeroLength));
//! ```

#![deny(missing_docs)]

use std::sync::{Arc, Mutex, OnceLock};

use num_complex::Complex;
use rayon::prelude::*;
use realfft::{ComplexToReal, RealToComplex};
use rustfft::num_traits::{Float, Zero};
use rustfft::{Fft, FftDirection, FftNum};

/// Why a transform produced no result.
///
/// ```
/// use ivy_fft::{r2c, Failure, Norm};
/// let x = [1.0f64; 6];
/// assert_eq!(r2c(&x, &[2, 3], 2, 3, Norm::Backward), Err(Failure::Axis { axis: 2, ndim: 2 }));
/// let e = r2c(&x, &[2, 2], 1, 3, Norm::Backward).unwrap_err();
/// assert_eq!(e, Failure::InputLength { expected: 4, got: 6 });
/// assert_eq!(Failure::ZeroLength.to_string(), "Invalid number of FFT data points (0) specified.");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The transform length `n` is 0.
    ZeroLength,
    /// `axis` is not below `ndim`, the number of dimensions of the shape.
    Axis {
        /// The axis asked for.
        axis: usize,
        /// The number of dimensions.
        ndim: usize,
    },
    /// The input slice's length is not the product of the shape (`expected` is
    /// `usize::MAX` when that product overflows).
    InputLength {
        /// The product of the shape.
        expected: usize,
        /// The input's length.
        got: usize,
    },
    /// The output slice of an `_into` function has not the length of [`out_shape`]'s product.
    OutputLength {
        /// The product of the output shape.
        expected: usize,
        /// The output's length.
        got: usize,
    },
    /// The output or a scratch buffer could not be allocated, or its size overflows.
    OutOfMemory,
}

impl core::fmt::Display for Failure {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match *self {
            Failure::ZeroLength => f.write_str("Invalid number of FFT data points (0) specified."),
            Failure::Axis { axis, ndim } => {
                write!(
                    f,
                    "axis {axis} is out of bounds for array of dimension {ndim}"
                )
            }
            Failure::InputLength { expected, got } => {
                write!(f, "the input has {got} elements, its shape has {expected}")
            }
            Failure::OutputLength { expected, got } => write!(
                f,
                "the output has {got} elements, the transform's output shape has {expected}"
            ),
            Failure::OutOfMemory => f.write_str("the FFT's buffers are too large to allocate"),
        }
    }
}

impl std::error::Error for Failure {}

/// Which side of a transform pair is scaled, and by what: numpy's `norm=`. `n` is the
/// transform length (the output length of [`c2r`]).
///
/// ```
/// use ivy_fft::Norm;
/// assert_eq!(Norm::default(), Norm::Backward);
/// assert_eq!(Norm::parse("ortho"), Some(Norm::Ortho));
/// assert_eq!(Norm::Forward.scale::<f64>(4, false), 0.25);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Norm {
    /// No scaling forward, `1/n` on the inverse (numpy's default).
    #[default]
    Backward,
    /// `1/sqrt(n)` both ways (unitary).
    Ortho,
    /// `1/n` forward, no scaling on the inverse.
    Forward,
}

impl Norm {
    /// The norm named `"backward"`, `"ortho"` or `"forward"`; `None` for anything else.
    ///
    /// ```
    /// use ivy_fft::Norm;
    /// assert_eq!(Norm::parse("forward"), Some(Norm::Forward));
    /// assert_eq!(Norm::parse("Backward"), None);
    /// ```
    pub fn parse(s: &str) -> Option<Norm> {
        match s {
            "backward" => Some(Norm::Backward),
            "ortho" => Some(Norm::Ortho),
            "forward" => Some(Norm::Forward),
            _ => None,
        }
    }

    /// The norm of the opposite direction: backward ↔ forward, ortho stays (numpy's
    /// `hfft(a, n, norm) = irfft(conj(a), n, norm.swap())`).
    ///
    /// ```
    /// use ivy_fft::Norm;
    /// assert_eq!(Norm::Backward.swap(), Norm::Forward);
    /// assert_eq!(Norm::Ortho.swap(), Norm::Ortho);
    /// ```
    pub fn swap(self) -> Norm {
        match self {
            Norm::Backward => Norm::Forward,
            Norm::Ortho => Norm::Ortho,
            Norm::Forward => Norm::Backward,
        }
    }

    /// The factor a transform of length `n` is multiplied by (`inverse`: the `+` sign
    /// direction), computed in `T` as numpy does: `1`, `1/n` or `1/sqrt(n)`.
    ///
    /// ```
    /// use ivy_fft::Norm;
    /// assert_eq!(Norm::Backward.scale::<f32>(8, false), 1.0);
    /// assert_eq!(Norm::Backward.scale::<f32>(8, true), 0.125);
    /// assert_eq!(Norm::Ortho.scale::<f64>(4, true), 0.5);
    /// ```
    pub fn scale<T: FftFloat>(self, n: usize, inverse: bool) -> T {
        let n = T::from_usize(n).unwrap_or_else(T::infinity);
        match (self, inverse) {
            (Norm::Backward, false) | (Norm::Forward, true) => T::one(),
            (Norm::Ortho, _) => n.sqrt().recip(),
            _ => n.recip(),
        }
    }
}

mod sealed {
    use realfft::{ComplexToReal, RealFftPlanner, RealToComplex};
    use rustfft::{Fft, FftDirection, FftNum, FftPlanner};
    use std::sync::Arc;

    /// The process-wide plan caches of one float type.
    pub struct Planners<T: FftNum> {
        pub c: FftPlanner<T>,
        pub r: RealFftPlanner<T>,
    }

    impl<T: FftNum> Default for Planners<T> {
        fn default() -> Self {
            Planners {
                c: FftPlanner::new(),
                r: RealFftPlanner::new(),
            }
        }
    }

    /// The plans are methods of the float type, implemented for `f32` and `f64` by `float!`:
    /// non-generic functions, so rustfft's and realfft's planners (every algorithm they can
    /// pick) are monomorphised here, optimised, and not in each crate that calls a transform
    /// (they were 30 % of ivy-ops' debug code).
    pub trait Sealed: FftNum + ZeroBits {
        fn planners() -> &'static std::sync::Mutex<Planners<Self>>;
        fn plan_c2c(n: usize, dir: FftDirection) -> Arc<dyn Fft<Self>>;
        fn plan_r2c(n: usize) -> Arc<dyn RealToComplex<Self>>;
        fn plan_c2r(n: usize) -> Arc<dyn ComplexToReal<Self>>;
    }

    /// Element types whose all-zero bytes are a valid value (zero), for `zeroed`.
    ///
    /// # Safety
    /// Only for such types, of non-zero size.
    pub unsafe trait ZeroBits: Copy + Send + Sync + 'static {}

    // SAFETY: IEEE 754 +0.0; `Complex` is `repr(C)` of two of them
    unsafe impl ZeroBits for f32 {}
    unsafe impl ZeroBits for f64 {}
    unsafe impl<T: ZeroBits> ZeroBits for num_complex::Complex<T> {}
}

/// The float types the transforms run in: `f32` and `f64` (sealed).
///
/// ```
/// fn norm_of<T: ivy_fft::FftFloat>(x: &[T]) -> T {
///     x.iter().fold(T::zero(), |a, &b| a + b * b).sqrt()
/// }
/// assert_eq!(norm_of(&[3.0f32, 4.0]), 5.0);
/// ```
pub trait FftFloat: FftNum + Float + sealed::Sealed {}

macro_rules! float {
    ($($t:ty),*) => {$(
        impl sealed::Sealed for $t {
            fn planners() -> &'static Mutex<sealed::Planners<$t>> {
                static P: OnceLock<Mutex<sealed::Planners<$t>>> = OnceLock::new();
                P.get_or_init(Default::default)
            }
            fn plan_c2c(n: usize, dir: FftDirection) -> Arc<dyn Fft<$t>> {
                plan::<$t, _>(|p| p.c.plan_fft(n, dir))
            }
            fn plan_r2c(n: usize) -> Arc<dyn RealToComplex<$t>> {
                plan::<$t, _>(|p| p.r.plan_fft_forward(n))
            }
            fn plan_c2r(n: usize) -> Arc<dyn ComplexToReal<$t>> {
                plan::<$t, _>(|p| p.r.plan_fft_inverse(n))
            }
        }
        impl FftFloat for $t {}
    )*};
}

float!(f32, f64);

/// Runs `f` on `T`'s plan caches (a poisoned lock is taken over: the caches only grow).
fn plan<T: FftFloat, R>(f: impl FnOnce(&mut sealed::Planners<T>) -> R) -> R {
    f(&mut T::planners().lock().unwrap_or_else(|e| e.into_inner()))
}

/// The three transforms, for [`out_shape`].
///
/// ```
/// use ivy_fft::Kind;
/// assert_eq!(Kind::R2c.out_len(7), 4);
/// assert_eq!(Kind::C2r.in_len(7), 4);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// [`c2c`]: `n` complex in, `n` complex out along the axis.
    C2c,
    /// [`r2c`]: `n` reals in, `n / 2 + 1` complex out.
    R2c,
    /// [`c2r`]: `n / 2 + 1` complex in, `n` reals out.
    C2r,
}

impl Kind {
    /// The length the input is cropped or zero-padded to along the axis, for length `n`.
    ///
    /// ```
    /// use ivy_fft::Kind;
    /// assert_eq!((Kind::C2c.in_len(6), Kind::R2c.in_len(6), Kind::C2r.in_len(6)), (6, 6, 4));
    /// ```
    pub fn in_len(self, n: usize) -> usize {
        match self {
            Kind::C2r => n / 2 + 1,
            _ => n,
        }
    }

    /// The output's length along the axis, for length `n`.
    ///
    /// ```
    /// use ivy_fft::Kind;
    /// assert_eq!((Kind::C2c.out_len(6), Kind::R2c.out_len(6), Kind::C2r.out_len(6)), (6, 4, 6));
    /// ```
    pub fn out_len(self, n: usize) -> usize {
        match self {
            Kind::R2c => n / 2 + 1,
            _ => n,
        }
    }
}

/// The output shape of the transform `kind` of length `n` along `axis` of `shape`: `shape`
/// with `shape[axis]` replaced by [`Kind::out_len`]. Checks `n` and `axis` only.
///
/// ```
/// use ivy_fft::{out_shape, Failure, Kind};
/// assert_eq!(out_shape(Kind::R2c, &[3, 8, 2], 1, 8), Ok(vec![3, 5, 2]));
/// assert_eq!(out_shape(Kind::C2r, &[3, 5], 1, 9), Ok(vec![3, 9]));
/// assert_eq!(out_shape(Kind::C2c, &[3], 0, 0), Err(Failure::ZeroLength));
/// ```
pub fn out_shape(
    kind: Kind,
    shape: &[usize],
    axis: usize,
    n: usize,
) -> Result<Vec<usize>, Failure> {
    check_axis(shape, axis, n)?;
    let mut s = shape.to_vec();
    s[axis] = kind.out_len(n);
    Ok(s)
}

fn check_axis(shape: &[usize], axis: usize, n: usize) -> Result<(), Failure> {
    if n == 0 {
        return Err(Failure::ZeroLength);
    }
    if axis >= shape.len() {
        return Err(Failure::Axis {
            axis,
            ndim: shape.len(),
        });
    }
    Ok(())
}

/// The product of `dims` (0 when one is 0, even if the others overflow).
fn product(dims: &[usize]) -> Option<usize> {
    if dims.contains(&0) {
        return Some(0);
    }
    dims.iter().try_fold(1usize, |a, &d| a.checked_mul(d))
}

/// A row-major array seen as `outer × len × inner`, transformed along `len`, with the
/// length of its output.
#[derive(Clone, Copy)]
struct Geom {
    outer: usize,
    len: usize,
    inner: usize,
    out_len: usize,
}

/// Checks the arguments of a transform and measures its input and output.
fn geom(
    kind: Kind,
    in_len: usize,
    shape: &[usize],
    axis: usize,
    n: usize,
) -> Result<Geom, Failure> {
    check_axis(shape, axis, n)?;
    let expected = product(shape).unwrap_or(usize::MAX);
    if in_len != expected {
        return Err(Failure::InputLength {
            expected,
            got: in_len,
        });
    }
    let (outer, inner) = (product(&shape[..axis]), product(&shape[axis + 1..]));
    let out_len = match (outer, inner) {
        (Some(0), _) | (_, Some(0)) => 0,
        (Some(o), Some(i)) => o
            .checked_mul(kind.out_len(n))
            .and_then(|x| x.checked_mul(i))
            .ok_or(Failure::OutOfMemory)?,
        // the input has a 0 along `axis` only: the output's size overflows
        _ => return Err(Failure::OutOfMemory),
    };
    let (outer, inner) = (outer.unwrap_or(0), inner.unwrap_or(0));
    Ok(Geom {
        outer,
        len: shape[axis],
        inner,
        out_len,
    })
}

/// A zeroed buffer of `len` elements, or `OutOfMemory`: `calloc`, whose large blocks are
/// fresh pages the kernel zeroes on first touch, not a pass over the whole buffer.
fn zeroed<E: sealed::ZeroBits>(len: usize) -> Result<Vec<E>, Failure> {
    const { assert!(size_of::<E>() > 0) };
    if len == 0 {
        return Ok(Vec::new());
    }
    let layout = std::alloc::Layout::array::<E>(len).map_err(|_| Failure::OutOfMemory)?;
    // SAFETY: the layout's size is not 0
    let p = unsafe { std::alloc::alloc_zeroed(layout) }.cast::<E>();
    if p.is_null() {
        return Err(Failure::OutOfMemory);
    }
    // SAFETY: allocated by the global allocator with the layout of `len` `E`s, all valid
    // zeros (`ZeroBits`)
    Ok(unsafe { Vec::from_raw_parts(p, len, len) })
}

/// `xs *= f`, unless `f` is 1.
fn scale<T: FftFloat, E: Copy + core::ops::Mul<T, Output = E>>(xs: &mut [E], f: T) {
    if f != T::one() {
        xs.iter_mut().for_each(|x| *x = *x * f);
    }
}

/// A transform of whole lanes gathered contiguously: `src` holds lanes of `lens().0`
/// elements (cropped and zero-padded already), `dst` receives as many lanes of
/// `lens().1`, scaled.
trait Kernel<T: FftFloat>: Sync {
    type In: sealed::ZeroBits + Zero;
    type Out: sealed::ZeroBits;
    /// The lane lengths read and written.
    fn lens(&self) -> (usize, usize);
    /// The scratch `run` (or `run_direct` when `direct`) needs.
    fn scratch_len(&self, direct: bool) -> usize;
    /// Transforms the lanes of `src` (garbage afterwards) into `dst`.
    fn run(&self, src: &mut [Self::In], dst: &mut [Self::Out], scratch: &mut [Complex<T>]);
    /// Whether `run_direct` transforms (else it does nothing).
    const DIRECT: bool = false;
    /// Transforms the lanes of `src`, left as they are, into `dst`.
    fn run_direct(&self, _: &[Self::In], _: &mut [Self::Out], _: &mut [Complex<T>]) {}
}

struct C2c<T: FftFloat> {
    fft: Arc<dyn Fft<T>>,
    factor: T,
}

impl<T: FftFloat> Kernel<T> for C2c<T> {
    type In = Complex<T>;
    type Out = Complex<T>;
    fn lens(&self) -> (usize, usize) {
        (self.fft.len(), self.fft.len())
    }
    fn scratch_len(&self, direct: bool) -> usize {
        if direct {
            self.fft.get_immutable_scratch_len()
        } else {
            self.fft.get_outofplace_scratch_len()
        }
    }
    fn run(&self, src: &mut [Complex<T>], dst: &mut [Complex<T>], scratch: &mut [Complex<T>]) {
        self.fft.process_outofplace_with_scratch(src, dst, scratch);
        scale(dst, self.factor);
    }
    const DIRECT: bool = true;
    fn run_direct(&self, src: &[Complex<T>], dst: &mut [Complex<T>], scratch: &mut [Complex<T>]) {
        self.fft.process_immutable_with_scratch(src, dst, scratch);
        scale(dst, self.factor);
    }
}

struct R2c<T: FftFloat> {
    fft: Arc<dyn RealToComplex<T>>,
    factor: T,
}

impl<T: FftFloat> Kernel<T> for R2c<T> {
    type In = T;
    type Out = Complex<T>;
    fn lens(&self) -> (usize, usize) {
        (self.fft.len(), self.fft.complex_len())
    }
    fn scratch_len(&self, _: bool) -> usize {
        self.fft.get_scratch_len()
    }
    fn run(&self, src: &mut [T], dst: &mut [Complex<T>], scratch: &mut [Complex<T>]) {
        let (n, h) = self.lens();
        for (s, d) in src.chunks_exact_mut(n).zip(dst.chunks_exact_mut(h)) {
            // cannot fail: the lengths are the plan's
            let _ = self.fft.process_with_scratch(s, d, scratch);
        }
        scale(dst, self.factor);
    }
}

struct C2r<T: FftFloat> {
    fft: Arc<dyn ComplexToReal<T>>,
    factor: T,
}

impl<T: FftFloat> Kernel<T> for C2r<T> {
    type In = Complex<T>;
    type Out = T;
    fn lens(&self) -> (usize, usize) {
        (self.fft.complex_len(), self.fft.len())
    }
    fn scratch_len(&self, _: bool) -> usize {
        self.fft.get_scratch_len()
    }
    fn run(&self, src: &mut [Complex<T>], dst: &mut [T], scratch: &mut [Complex<T>]) {
        let (h, n) = self.lens();
        for (s, d) in src.chunks_exact_mut(h).zip(dst.chunks_exact_mut(n)) {
            // the imaginary parts of bin 0 and (n even) bin n/2 are ignored, as pocketfft
            // does; realfft would report them
            s[0].im = T::zero();
            if n.is_multiple_of(2) {
                s[h - 1].im = T::zero();
            }
            let _ = self.fft.process_with_scratch(s, d, scratch);
        }
        scale(dst, self.factor);
    }
}

/// Elements in one gathered batch of lanes (1 MiB of `Complex<f64>`, in L2).
const BATCH: usize = 1 << 16;
/// Lanes × length above which the lanes are split across rayon's threads.
const PARALLEL: usize = 1 << 16;

/// One worker's buffers: gathered lanes in, transformed lanes out, the kernel's scratch.
struct Work<I, O, T> {
    src: Vec<I>,
    dst: Vec<O>,
    scratch: Vec<Complex<T>>,
}

impl<I: sealed::ZeroBits, O: sealed::ZeroBits, T: FftFloat> Work<I, O, T> {
    fn new(src: usize, dst: usize, scratch: usize) -> Result<Self, Failure> {
        Ok(Work {
            src: zeroed(src)?,
            dst: zeroed(dst)?,
            scratch: zeroed(scratch)?,
        })
    }
}

/// The output as a raw pointer, for workers writing disjoint strided lanes.
#[derive(Clone, Copy)]
struct Shared<O>(*mut O, usize);

// SAFETY: workers write through it only to disjoint ranges (see `walk`).
unsafe impl<O: Send> Send for Shared<O> {}
unsafe impl<O: Send> Sync for Shared<O> {}

impl<O> Shared<O> {
    /// The `count` elements from `start`.
    ///
    /// # Safety
    /// No other live reference may overlap them.
    #[allow(clippy::mut_from_ref)]
    unsafe fn row(&self, start: usize, count: usize) -> &mut [O] {
        assert!(start.checked_add(count).is_some_and(|e| e <= self.1));
        // SAFETY: in bounds (above); exclusive by the caller's contract
        unsafe { std::slice::from_raw_parts_mut(self.0.add(start), count) }
    }
}

/// Runs `k` over every lane of `input` (`g`) into `out` (`g.out_len` elements): each lane
/// cropped or zero-padded to the kernel's input length, transformed, scaled, written.
fn walk<T: FftFloat, K: Kernel<T>>(
    k: &K,
    input: &[K::In],
    g: Geom,
    out: &mut [K::Out],
) -> Result<(), Failure> {
    let (mi, mo) = k.lens();
    let Geom {
        outer, len, inner, ..
    } = g;
    let lanes = outer * inner;
    if lanes == 0 {
        return Ok(());
    }
    let m = mi.max(mo);
    let threads = rayon::current_num_threads();
    let parallel = lanes >= 2 && threads > 1 && lanes.saturating_mul(m) > PARALLEL;
    let copy = len.min(mi);
    // zero-pads the gathered lanes of `src` past `copy`
    let pad = |src: &mut [K::In]| {
        if copy < mi {
            src.chunks_exact_mut(mi)
                .for_each(|s| s[copy..].fill(K::In::zero()));
        }
    };
    if inner == 1 {
        // contiguous lanes: batches of whole lanes, written straight into `out`
        let direct = K::DIRECT && len == mi;
        let mut per = if direct {
            lanes
        } else {
            (BATCH / m).clamp(1, lanes)
        };
        if parallel {
            per = per.min(lanes.div_ceil(4 * threads));
        }
        let new = || {
            Work::<K::In, K::Out, T>::new(
                if direct { 0 } else { per * mi },
                0,
                k.scratch_len(direct),
            )
        };
        let body = |w: &mut Work<K::In, K::Out, T>, b: usize, dst: &mut [K::Out]| {
            let count = dst.len() / mo;
            let first = b * per;
            if direct {
                k.run_direct(
                    &input[first * len..(first + count) * len],
                    dst,
                    &mut w.scratch,
                );
            } else {
                let src = &mut w.src[..count * mi];
                if len == mi {
                    src.copy_from_slice(&input[first * len..(first + count) * len]);
                } else {
                    for (l, s) in src.chunks_exact_mut(mi).enumerate() {
                        s[..copy].copy_from_slice(&input[(first + l) * len..][..copy]);
                    }
                    pad(src);
                }
                k.run(src, dst, &mut w.scratch);
            }
        };
        if parallel {
            out.par_chunks_mut(per * mo)
                .enumerate()
                .try_for_each_init(new, |w, (b, dst)| {
                    body(w.as_mut().map_err(|e| *e)?, b, dst);
                    Ok(())
                })
        } else {
            let mut w = new()?;
            out.chunks_mut(per * mo)
                .enumerate()
                .for_each(|(b, dst)| body(&mut w, b, dst));
            Ok(())
        }
    } else {
        // strided lanes: blocks of up to 64 neighbouring lanes (neighbours in memory),
        // gathered into `src`, transformed into `dst`, scattered into `out`
        let mut width = (BATCH / m).clamp(1, 64).min(inner);
        if parallel {
            width = width.min(lanes.div_ceil(4 * threads));
        }
        let blocks = inner.div_ceil(width);
        let shared = Shared(out.as_mut_ptr(), out.len());
        let new = || Work::<K::In, K::Out, T>::new(width * mi, width * mo, k.scratch_len(false));
        let body = |w: &mut Work<K::In, K::Out, T>, u: usize| {
            let (o, i0) = (u / blocks, (u % blocks) * width);
            let count = width.min(inner - i0);
            let src = &mut w.src[..count * mi];
            for j in 0..copy {
                let row = &input[(o * len + j) * inner + i0..][..count];
                for (l, &x) in row.iter().enumerate() {
                    src[l * mi + j] = x;
                }
            }
            pad(src);
            let dst = &mut w.dst[..count * mo];
            k.run(src, dst, &mut w.scratch);
            for j in 0..mo {
                // SAFETY: block `u` alone writes elements i0..i0 + count of these rows
                let row = unsafe { shared.row((o * mo + j) * inner + i0, count) };
                for (l, x) in row.iter_mut().enumerate() {
                    *x = dst[l * mo + j];
                }
            }
        };
        let units = outer * blocks;
        if parallel {
            (0..units).into_par_iter().try_for_each_init(new, |w, u| {
                body(w.as_mut().map_err(|e| *e)?, u);
                Ok(())
            })
        } else {
            let mut w = new()?;
            (0..units).for_each(|u| body(&mut w, u));
            Ok(())
        }
    }
}

/// The complex DFT of length `n` along `axis` of the row-major `input` of `shape`, into
/// `out` (row-major, of [`out_shape`]`(Kind::C2c, ..)`: `shape[axis]` replaced by `n`).
///
/// Each lane along `axis` is cropped to its first `n` elements or zero-padded to `n`
/// (a 0-length axis pads to zeros), then transformed: `y[k] = f · Σⱼ x[j] e^{∓2πi jk/n}`,
/// sign `-` forward, `+` when `inverse`, `f` = [`Norm::scale`]`(n, inverse)`. A shape with
/// a 0 elsewhere transforms nothing (`out` is empty).
///
/// ```
/// use ivy_fft::{c2c_into, Norm};
/// use num_complex::Complex;
/// // along axis 0 of a 2 × 2 array: sums and differences of the rows
/// let x = [1.0f64, 2.0, 3.0, 5.0].map(|v| Complex::new(v, 0.0));
/// let mut out = [Complex::new(0.0, 0.0); 4];
/// c2c_into(&x, &[2, 2], 0, 2, false, Norm::Backward, &mut out).unwrap();
/// assert_eq!(out.map(|v| v.re), [4.0, 7.0, -2.0, -3.0]);
/// ```
pub fn c2c_into<T: FftFloat>(
    input: &[Complex<T>],
    shape: &[usize],
    axis: usize,
    n: usize,
    inverse: bool,
    norm: Norm,
    out: &mut [Complex<T>],
) -> Result<(), Failure> {
    let dir = if inverse {
        FftDirection::Inverse
    } else {
        FftDirection::Forward
    };
    transform(Kind::C2c, input, shape, axis, n, out, || C2c {
        fft: T::plan_c2c(n, dir),
        factor: norm.scale(n, inverse),
    })
}

/// [`c2c_into`] into a new buffer.
///
/// ```
/// use ivy_fft::{c2c, Norm};
/// use num_complex::Complex;
/// // numpy.fft.ifft([0, 4], n=4) == [1, i, -1, -i]
/// let x = [Complex::new(0.0f32, 0.0), Complex::new(4.0, 0.0)];
/// let y = c2c(&x, &[2], 0, 4, true, Norm::Backward).unwrap();
/// let want = [(1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.0, -1.0)];
/// assert!(y.iter().zip(want).all(|(a, (re, im))| (a - Complex::new(re, im)).norm() < 1e-6));
/// ```
pub fn c2c<T: FftFloat>(
    input: &[Complex<T>],
    shape: &[usize],
    axis: usize,
    n: usize,
    inverse: bool,
    norm: Norm,
) -> Result<Vec<Complex<T>>, Failure> {
    let mut out = zeroed(geom(Kind::C2c, input.len(), shape, axis, n)?.out_len)?;
    c2c_into(input, shape, axis, n, inverse, norm, &mut out)?;
    Ok(out)
}

/// The forward DFT of length `n` of the real `input` (row-major, `shape`) along `axis`,
/// its `n / 2 + 1` non-negative-frequency bins (numpy's `rfft`), into `out` (of
/// [`out_shape`]`(Kind::R2c, ..)`). Lanes are cropped or zero-padded to `n` as in
/// [`c2c_into`]; scaled by [`Norm::scale`]`(n, false)`.
///
/// ```
/// use ivy_fft::{r2c_into, Norm};
/// use num_complex::Complex;
/// let mut out = [Complex::new(0.0f64, 0.0); 3];
/// r2c_into(&[1.0, 1.0, 1.0, 1.0], &[4], 0, 4, Norm::Forward, &mut out).unwrap();
/// assert_eq!(out, [Complex::new(1.0, 0.0), Complex::new(0.0, 0.0), Complex::new(0.0, 0.0)]);
/// ```
pub fn r2c_into<T: FftFloat>(
    input: &[T],
    shape: &[usize],
    axis: usize,
    n: usize,
    norm: Norm,
    out: &mut [Complex<T>],
) -> Result<(), Failure> {
    transform(Kind::R2c, input, shape, axis, n, out, || R2c {
        fft: T::plan_r2c(n),
        factor: norm.scale(n, false),
    })
}

/// [`r2c_into`] into a new buffer.
///
/// ```
/// use ivy_fft::{r2c, Norm};
/// use num_complex::Complex;
/// // numpy.fft.rfft([1, 2, 3]) == [6, -1.5+0.866j]
/// let y = r2c(&[1.0f64, 2.0, 3.0], &[3], 0, 3, Norm::Backward).unwrap();
/// assert_eq!(y.len(), 2);
/// assert!((y[1] - Complex::new(-1.5, 0.75f64.sqrt())).norm() < 1e-12);
/// ```
pub fn r2c<T: FftFloat>(
    input: &[T],
    shape: &[usize],
    axis: usize,
    n: usize,
    norm: Norm,
) -> Result<Vec<Complex<T>>, Failure> {
    let mut out = zeroed(geom(Kind::R2c, input.len(), shape, axis, n)?.out_len)?;
    r2c_into(input, shape, axis, n, norm, &mut out)?;
    Ok(out)
}

/// The inverse DFT of length `n` whose non-negative-frequency bins are the lanes of
/// `input` along `axis` (numpy's `irfft`), `n` reals per lane, into `out` (of
/// [`out_shape`]`(Kind::C2r, ..)`: `shape[axis]` replaced by `n`).
///
/// Each lane is cropped or zero-padded to `n / 2 + 1` bins `X`, the imaginary parts of
/// `X[0]` and (`n` even) `X[n/2]` are ignored, and `x[j] = f · Σₖ Y[k] e^{+2πi jk/n}`
/// with `Y` the Hermitian extension of `X` (`Y[n-k] = conj(X[k])`), `f` =
/// [`Norm::scale`]`(n, true)`.
///
/// ```
/// use ivy_fft::{c2r_into, Norm};
/// use num_complex::Complex;
/// // bin 0's imaginary part is ignored, as numpy's does
/// let x = [Complex::new(4.0f64, 7.0), Complex::new(0.0, 0.0)];
/// let mut out = [0.0; 3];
/// c2r_into(&x, &[2], 0, 3, Norm::Backward, &mut out).unwrap();
/// assert!(out.iter().all(|v| (v - 4.0 / 3.0).abs() < 1e-12));
/// ```
pub fn c2r_into<T: FftFloat>(
    input: &[Complex<T>],
    shape: &[usize],
    axis: usize,
    n: usize,
    norm: Norm,
    out: &mut [T],
) -> Result<(), Failure> {
    transform(Kind::C2r, input, shape, axis, n, out, || C2r {
        fft: T::plan_c2r(n),
        factor: norm.scale(n, true),
    })
}

/// [`c2r_into`] into a new buffer.
///
/// ```
/// use ivy_fft::{c2r, Norm};
/// use num_complex::Complex;
/// // numpy.fft.irfft([2, 1]) == [1.5, 0.5]
/// let y = c2r(&[Complex::new(2.0f32, 0.0), Complex::new(1.0, 0.0)], &[2], 0, 2, Norm::Backward);
/// assert_eq!(y, Ok(vec![1.5, 0.5]));
/// ```
pub fn c2r<T: FftFloat>(
    input: &[Complex<T>],
    shape: &[usize],
    axis: usize,
    n: usize,
    norm: Norm,
) -> Result<Vec<T>, Failure> {
    let mut out = zeroed(geom(Kind::C2r, input.len(), shape, axis, n)?.out_len)?;
    c2r_into(input, shape, axis, n, norm, &mut out)?;
    Ok(out)
}

/// The steps every transform shares: the geometry and `out`'s length checked, nothing
/// planned for an empty result, then the lanes of `input` through `kernel()` into `out`.
fn transform<T: FftFloat, K: Kernel<T>>(
    kind: Kind,
    input: &[K::In],
    shape: &[usize],
    axis: usize,
    n: usize,
    out: &mut [K::Out],
    kernel: impl FnOnce() -> K,
) -> Result<(), Failure> {
    let g = geom(kind, input.len(), shape, axis, n)?;
    out_fits(g, out.len())?;
    if g.out_len == 0 {
        return Ok(());
    }
    walk(&kernel(), input, g, out)
}

fn out_fits(g: Geom, got: usize) -> Result<(), Failure> {
    if got != g.out_len {
        return Err(Failure::OutputLength {
            expected: g.out_len,
            got,
        });
    }
    Ok(())
}
