//! Vectorised `f32`/`f64` math kernels with run-time CPU dispatch.
//!
//! Each kernel is written once, as a branch-free function of one lane (`mul_add`, bit tricks,
//! polynomials), and compiled at every dispatch [`Level`]: inside `#[target_feature]`
//! functions for AVX-512 and AVX2+FMA, as plain code for the target's baseline (SSE2 on
//! x86-64), where the compiler vectorises it, and as the exact scalar path (the platform's
//! `libm`, one element at a time). The best level the CPU has is picked once, at the first
//! call; the `IVY_SIMD` environment variable (`scalar`, `sse2`, `avx2`, `avx512`) lowers it.
//!
//! Lanes the fast path does not handle to the kernel's accuracy (NaN, infinities, zeros and
//! subnormals where they matter, arguments beyond the reduction's range) get one more
//! branch-free pass over their block: NaN gives NaN, and each kernel's `edge` its fixed
//! values (outside the domain, poles, overflow, underflow, ±∞: the platform's values, but
//! for a NaN's sign and payload, which IEEE 754 leaves unspecified and libm varies by
//! function). Only lanes still unknown go through the exact scalar path.
//!
//! Accuracy (tested at every level, `tests/accuracy.rs`): ≤ 1 ULP for `exp`, `expm1`,
//! `log`, `log1p`, `log2`, `log10`, `sin`, `cos`, `sinh`, `cosh`, `tanh`, `asinh`, `acosh`,
//! `atanh`, `atan`, `asin`, `acos`, `atan2`, `hypot`, `pow`, `softplus` and `logaddexp` (in
//! ULPs of the larger of the result and `max(a, b)`: the formula cancels for `max(a, b)`
//! in (−ln 2, 0)); ≤ 3 ULP for `tan`. `floor`, `ceil`, `trunc` and `round_ties_even` are
//! bit-exact with std's.
//!
//! Most `f32` kernels compute in `f64` and round once (`hypot` sums the exact squares in
//! `f64` and takes an `f32` square root). At the FMA levels, `exp`, `expm1`, `log`,
//! `log1p`, `log2`, `log10`, `tan`, `sinh`, `cosh`, `tanh`, `acosh`, `atanh`, `atan`,
//! `atan2`, `asin`, `acos`, `softplus` and `logaddexp` compute in `f32` arithmetic instead
//! ([`Fma::FUSED`], [`Fma::fma32`]): sixteen
//! lanes to an AVX-512 register rather than eight, which is what these kernels' speed is
//! bound by (they are instruction-bound, not memory- or division-bound: swapping an `f64`
//! division for an `f32` one gained nothing measurable, in `tan`, `sinh` and `cosh`). They
//! keep their accuracy with exact products and sums (FMA, two-sums) where a rounding would
//! reach the result's last bit (0.6–0.8 ULP; `tan` 1.3). A two-part `f32` exponential for
//! `sinh`/`cosh`/`tanh` was accurate (≤ 0.8 ULP) but took as many instructions per element
//! as the `f64` formulation; `sinh` and `cosh` instead sum `2^k e^r ± 2^-k e^-r` from even
//! and odd polynomials of the reduced argument, with the large terms exact and no division
//! (1.5× faster than the `f64` form), and `tanh` needs only a one-part `f32` exponential, its
//! form `(1 − e^-2a)/(1 + e^-2a)` damping the exponential's error (with a polynomial below
//! 0.55). Intermediates are kept normal over the inputs that take the fast path: a
//! subnormal product costs an FPU assist per instruction on AMD (`logaddexp` over
//! [−20, 20]² ran 1.4× slower until `e^-d` was clamped and `log1p`'s series skipped for
//! tiny arguments). Where glibc is itself more than ~0.55 ULP off
//! (`expm1`, `log1p`, `log10`, …) the `f64` kernels are measured against double-double
//! references, i.e. against the true value, and are then more accurate than the `Scalar`
//! level (the platform's `libm`).
//!
//! ```
//! use std::mem::MaybeUninit;
//! let x = [0.0f32, 1.0, -2.5];
//! let mut out = [MaybeUninit::<f32>::uninit(); 3];
//! ivy_vecmath::map::<f32, ivy_vecmath::Exp>(&x, &mut out);
//! let y: Vec<f32> = out.iter().map(|v| unsafe { v.assume_init() }).collect();
//! assert_eq!(y[0], 1.0);
//! assert!((y[1] - std::f32::consts::E).abs() <= f32::EPSILON * 3.0);
//! ```
//!
//! Algorithms are ported, with attribution in each module, from FreeBSD's msun / Sun's
//! fdlibm (as in the `libm` crate, MIT) and Cephes; polynomial coefficients not taken from
//! those are Chebyshev fits computed with mpmath (`scripts/vecmath_coeffs.py`).
//!
//! All `unsafe` of the crate is in [`map_at`]/[`zip_at`]/[`fold_at`]/[`ArgSlices`]: the calls of the `#[target_feature]`
//! instantiations, made only at levels the running CPU was found to have; and in [`sort`]'s
//! AVX-512 and AVX2 quicksort of `u32`/`u64` keys, whose loads and stores stay within its two
//! buffers.

#![warn(missing_docs)]
// constants are quoted as their sources print them; lane predicates stay plain comparisons
#![allow(clippy::excessive_precision, clippy::manual_range_contains)]

use std::mem::MaybeUninit;
use std::sync::atomic::{AtomicU8, Ordering};

mod arith;
mod exp;
mod extreme;
mod hyp;
mod hypot;
mod inv;
mod log;
mod logexp;
mod pow;
mod round;
pub mod sort;
mod trig;

pub use arith::Divide;
pub use exp::{Exp, Expm1};
pub use extreme::{Maximum, Minimum};
pub use hyp::{Acosh, Asinh, Atanh, Cosh, Sinh, Tanh};
pub use hypot::Hypot;
pub use inv::{Acos, Asin, Atan, Atan2};
pub use log::{Log, Log10, Log1p, Log2};
pub use logexp::{Gelu, GeluTanh, Logaddexp, Mish, Sigmoid, Silu, Softplus};
pub use pow::Pow;
pub use round::{Ceil, Floor, RoundEven, Sqrt, Trunc};
pub use trig::{Cos, Sin, Tan};

/// A dispatch level: the instruction set a kernel is compiled for. Ordered: a higher level
/// needs a CPU with more.
///
/// ```
/// use ivy_vecmath::Level;
/// assert!(Level::Scalar < Level::Avx512);
/// assert_eq!(Level::parse("avx2"), Some(Level::Avx2));
/// assert!(ivy_vecmath::level() <= ivy_vecmath::detected());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// The platform's scalar `libm`, one element at a time (the exact path).
    Scalar,
    /// The kernels as plain code for the compile target (SSE2 on x86-64), without fused
    /// multiply-add.
    Baseline,
    /// x86-64 AVX2 with FMA.
    Avx2,
    /// x86-64 AVX-512 (F, DQ, VL, BW) with FMA.
    Avx512,
}

impl Level {
    /// Every level, lowest first.
    pub const ALL: [Level; 4] = [Level::Scalar, Level::Baseline, Level::Avx2, Level::Avx512];

    /// The level's name, as `IVY_SIMD` takes it.
    ///
    /// ```
    /// assert_eq!(ivy_vecmath::Level::Baseline.name(), "sse2");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Level::Scalar => "scalar",
            Level::Baseline => "sse2",
            Level::Avx2 => "avx2",
            Level::Avx512 => "avx512",
        }
    }

    /// A level by name (`scalar`, `sse2` or `baseline`, `avx2`, `avx512`; any case).
    ///
    /// ```
    /// assert_eq!(ivy_vecmath::Level::parse("AVX512"), Some(ivy_vecmath::Level::Avx512));
    /// assert_eq!(ivy_vecmath::Level::parse("neon"), None);
    /// ```
    pub fn parse(s: &str) -> Option<Level> {
        match s.trim().to_ascii_lowercase().as_str() {
            "scalar" => Some(Level::Scalar),
            "sse2" | "baseline" => Some(Level::Baseline),
            "avx2" => Some(Level::Avx2),
            "avx512" => Some(Level::Avx512),
            _ => None,
        }
    }
}

const UNSET: u8 = u8::MAX;
static DETECTED: AtomicU8 = AtomicU8::new(UNSET);
static CHOSEN: AtomicU8 = AtomicU8::new(UNSET);

#[inline]
fn from_u8(v: u8) -> Level {
    Level::ALL[usize::from(v).min(3)]
}

/// The best level this CPU runs (detected once).
///
/// ```
/// assert!(ivy_vecmath::detected() >= ivy_vecmath::Level::Baseline);
/// ```
#[inline]
pub fn detected() -> Level {
    let v = DETECTED.load(Ordering::Relaxed);
    if v != UNSET {
        return from_u8(v);
    }
    first_detect()
}

/// [`detected`]'s first call (out of line: every kernel call inlines the check above).
#[cold]
#[inline(never)]
fn first_detect() -> Level {
    let l = detect();
    DETECTED.store(l as u8, Ordering::Relaxed);
    l
}

#[cfg(target_arch = "x86_64")]
fn detect() -> Level {
    if is_x86_feature_detected!("avx512f")
        && is_x86_feature_detected!("avx512dq")
        && is_x86_feature_detected!("avx512vl")
        && is_x86_feature_detected!("avx512bw")
        && is_x86_feature_detected!("avx2")
        && is_x86_feature_detected!("fma")
    {
        Level::Avx512
    } else if is_x86_feature_detected!("avx2") && is_x86_feature_detected!("fma") {
        Level::Avx2
    } else {
        Level::Baseline
    }
}

#[cfg(not(target_arch = "x86_64"))]
fn detect() -> Level {
    Level::Baseline
}

/// The level the kernels run at: [`detected`], lowered by the `IVY_SIMD` environment
/// variable when it names a lower level (read once, at the first call; an unknown name or
/// a level the CPU lacks is ignored).
///
/// ```
/// let l = ivy_vecmath::level();
/// assert!(l <= ivy_vecmath::detected());
/// ```
#[inline]
pub fn level() -> Level {
    let v = CHOSEN.load(Ordering::Relaxed);
    if v != UNSET {
        return from_u8(v);
    }
    first_level()
}

/// [`level`]'s first call: reads `IVY_SIMD` (out of line, as [`first_detect`]).
#[cold]
#[inline(never)]
fn first_level() -> Level {
    let best = detected();
    let l = std::env::var("IVY_SIMD")
        .ok()
        .and_then(|s| Level::parse(&s))
        .map_or(best, |l| l.min(best));
    CHOSEN.store(l as u8, Ordering::Relaxed);
    l
}

/// Fused or plain multiply-add: the kernels' one instruction-set-dependent operation.
pub trait Fma {
    /// Whether [`fma`](Self::fma) rounds once: the `f32` kernels written in `f32`
    /// arithmetic (sixteen lanes to an AVX-512 register, not eight) need it for their exact
    /// products, and take their `f64` formulation without it.
    const FUSED: bool = false;

    /// `a * b + c`.
    fn fma(a: f64, b: f64, c: f64) -> f64;

    /// `a * b + c` in `f32`.
    #[inline(always)]
    fn fma32(a: f32, b: f32, c: f32) -> f32 {
        a * b + c
    }

    /// `(p, e)`: the rounded product `p = a * b` and its error, `a b = p + e` exactly
    /// (for |a|, |b| < 2^995 and products whose error is above the subnormal range). This
    /// default is Dekker's product with Veltkamp's split (17 operations, for levels without
    /// FMA); [`Fused`] computes `e` with one `mul_add`.
    ///
    /// ```
    /// use ivy_vecmath::{Fma, Fused, Unfused};
    /// let (a, b) = (1.0 + f64::EPSILON, 1.0 - f64::EPSILON);
    /// assert_eq!(Fused::two_prod(a, b), (1.0, -f64::EPSILON * f64::EPSILON));
    /// assert_eq!(Unfused::two_prod(a, b), Fused::two_prod(a, b));
    /// ```
    #[inline(always)]
    fn two_prod(a: f64, b: f64) -> (f64, f64) {
        let p = a * b;
        let (ah, al) = split(a);
        let (bh, bl) = split(b);
        (p, ((ah * bh - p) + ah * bl + al * bh) + al * bl)
    }
}

/// Veltkamp's split: `a = hi + lo`, each with at most 26 significant bits.
#[inline(always)]
fn split(a: f64) -> (f64, f64) {
    let c = 134_217_729.0 * a; // 2^27 + 1
    let hi = c - (c - a);
    (hi, a - hi)
}

/// Knuth's two-sum: `(s, e)` with `s = a + b` rounded and `a + b = s + e` exactly.
#[inline(always)]
pub(crate) fn two_sum<T: Lane>(a: T, b: T) -> (T, T) {
    let s = a + b;
    let bb = s - a;
    (s, (a - (s - bb)) + (b - bb))
}

/// `(nh + nl) / (dh + dl)` as `(q, ql)`, `q` the rounded quotient of the high parts and
/// `ql` the correction from the exact residual `n − q d` (one division, by `dh`); for
/// |ql| ≪ |q| (low parts below 2^-50 of their high ones), `q + ql` is within about 2^-100
/// of the quotient. The residual is exact for |q|, |dh| < 2^995 with `q dh` above 2^-969.
#[inline(always)]
pub(crate) fn div_dd<M: Fma>(nh: f64, nl: f64, dh: f64, dl: f64) -> (f64, f64) {
    let r0 = 1.0 / dh;
    let q = nh * r0;
    let (p, pe) = M::two_prod(q, dh);
    // nh − p is exact (Sterbenz: p is within 2 ULPs of nh)
    let res = ((nh - p) - pe) + M::fma(-q, dl, nl);
    (q, res * r0)
}

/// `1/d` to 2^-8.6 (relative) for positive normal `d` whose reciprocal is normal, without
/// a division: the exponent-negating bit trick (within 6 %; the constant minimises the
/// bound after) and one Newton step `q0 (2 − d q0)`. For corrections that need a few bits
/// of a quotient (a square root's residual over `2r`), where a division would also take
/// the divider from the square root next to it (`hypot`'s `f64` kernel: 12 % faster).
#[inline(always)]
pub(crate) fn recip_approx<M: Fma>(d: f64) -> f64 {
    let q0 = f64::from_bits(0x7fde_6233_3333_332d_u64.wrapping_sub(d.to_bits()));
    M::fma(q0, M::fma(-d, q0, 1.0), q0)
}

/// Dekker's fast two-sum: as [`two_sum`], for |a| ≥ |b| (or `a = 0`).
#[inline(always)]
pub(crate) fn fast_two_sum<T: Lane>(a: T, b: T) -> (T, T) {
    let s = a + b;
    (s, b - (s - a))
}

/// A lane's float type (`f64`, or `f32` for the kernels in `f32` arithmetic): what the
/// shared helpers ([`horner`], [`fast_two_sum`]) need of it.
pub(crate) trait Lane:
    Copy + std::ops::Add<Output = Self> + std::ops::Sub<Output = Self>
{
    /// `a * b + c` at level `M` ([`Fma::fma`] or [`Fma::fma32`]).
    fn mad<M: Fma>(a: Self, b: Self, c: Self) -> Self;
}
impl Lane for f64 {
    #[inline(always)]
    fn mad<M: Fma>(a: f64, b: f64, c: f64) -> f64 {
        M::fma(a, b, c)
    }
}
impl Lane for f32 {
    #[inline(always)]
    fn mad<M: Fma>(a: f32, b: f32, c: f32) -> f32 {
        M::fma32(a, b, c)
    }
}

/// `mul_add` (one rounding): for levels with FMA.
#[derive(Debug)]
pub enum Fused {}
/// `a * b + c` (two roundings): for levels without FMA, where `mul_add` is a library call.
#[derive(Debug)]
pub enum Unfused {}

impl Fma for Fused {
    const FUSED: bool = true;
    #[inline(always)]
    fn fma(a: f64, b: f64, c: f64) -> f64 {
        a.mul_add(b, c)
    }
    #[inline(always)]
    fn fma32(a: f32, b: f32, c: f32) -> f32 {
        a.mul_add(b, c)
    }
    #[inline(always)]
    fn two_prod(a: f64, b: f64) -> (f64, f64) {
        let p = a * b;
        (p, a.mul_add(b, -p))
    }
}
impl Fma for Unfused {
    #[inline(always)]
    fn fma(a: f64, b: f64, c: f64) -> f64 {
        a * b + c
    }
}

/// Horner's scheme: `p[0] + x (p[1] + x (p[2] + …))`.
#[inline(always)]
pub(crate) fn horner<M: Fma, T: Lane, const N: usize>(x: T, p: &[T; N]) -> T {
    let mut acc = p[N - 1];
    let mut i = N - 1;
    while i > 0 {
        i -= 1;
        acc = T::mad::<M>(acc, x, p[i]);
    }
    acc
}

/// A unary kernel over elements of type `T`.
pub trait Unary<T: Copy> {
    /// Whether the block loop evaluates the two halves of each block side by side (two
    /// independent dependency chains a loop iteration): faster where one lane's chain is
    /// longer than out-of-order execution can overlap (`log1p`, `expm1`, `asinh`, `atanh`,
    /// `log10`, `exp`, `softplus`, `sinh`, `acosh`, `tanh`, `atan2`, `pow`, `logaddexp` in
    /// `f32`, `expm1` and `pow` in `f64`: 4–12 % at AVX2),
    /// slower where the loop already fills the registers (`log2` 25 %, `log`, `sin`, `cos`
    /// 10 %). Set per kernel from `benches/kernels.rs`; it changes no result.
    const INTERLEAVE: bool = false;
    /// The fast path for one lane: the value, and whether it is the kernel's answer (else
    /// the lane is recomputed by [`exact`](Self::exact)). Branch-free, so that loops over it
    /// vectorise.
    fn fast<M: Fma>(x: T) -> (T, bool);
    /// The kernel's value at inputs its fast path declines but whose answer is fixed: outside
    /// the domain (NaN), at a pole (±∞), past overflow (±∞) or underflow (0), at ±∞ (or
    /// computed another way, within the kernel's bound). `(value, known)`, branch-free like
    /// [`fast`](Self::fast). Only the blocks where a lane was declined
    /// compute it, in one more vectorised pass, so that an array of such inputs (the
    /// logarithm of data with zeros, the exponential of large logits) does not run lane by
    /// lane through `libm` (4-20x slower). A NaN input needs no entry: every unary kernel
    /// gives NaN for it (the input, quieted). Default: nothing known.
    #[inline(always)]
    fn edge<M: Fma>(x: T) -> (T, bool) {
        (x, false)
    }
    /// The exact scalar path (the platform's `libm`).
    fn exact(x: T) -> T;
}

/// A binary kernel over elements of type `T`.
pub trait Binary<T: Copy> {
    /// As [`Unary::INTERLEAVE`].
    const INTERLEAVE: bool = false;
    /// The fast path for one pair of lanes (see [`Unary::fast`]).
    fn fast<M: Fma>(a: T, b: T) -> (T, bool);
    /// As [`Unary::edge`], for a pair of lanes; NaN has no generic rule here (`pow(NaN, 0)`
    /// is 1, `hypot(∞, NaN)` ∞): each kernel states its own. Default: nothing known.
    #[inline(always)]
    fn edge<M: Fma>(a: T, _b: T) -> (T, bool) {
        (a, false)
    }
    /// A shortcut over whole slices (of two elements or more), tried first at every vector
    /// level: `true` when it wrote all of `out` with the values the kernel gives lane by
    /// lane (`pow` with every exponent 2: `x · x`, as its `edge` computes each). Default:
    /// none.
    #[inline(always)]
    fn shortcut(_a: &[T], _b: &[T], _out: &mut [MaybeUninit<T>]) -> bool {
        false
    }
    /// The fast path of one whole block (64 lanes) written with AVX-512 intrinsics, for a
    /// kernel whose lane function vectorises badly (`pow`'s `f32` tables, which LLVM reads
    /// with gathers; a permute of two registers reads 16 entries): writes the values of
    /// [`fast::<Fused>`](Self::fast) bit for bit, and returns whether it took every lane.
    /// `None` (the default): the lane function, auto-vectorised.
    ///
    /// # Safety
    ///
    /// The CPU has AVX-512 F, DQ, VL and BW, AVX2 and FMA, and `a`, `b` and `out` hold 64
    /// elements each.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    unsafe fn block_avx512(_a: &[T], _b: &[T], _out: &mut [MaybeUninit<T>]) -> Option<bool> {
        None
    }
    /// The exact scalar path.
    fn exact(a: T, b: T) -> T;
}

/// Lanes per block: a block with a lane the fast path declines is patched after the fact.
const BLOCK: usize = 64;

#[inline(always)]
fn map_blocks<T: Copy + PartialEq + std::ops::Add<Output = T>, K: Unary<T>, M: Fma>(
    x: &[T],
    out: &mut [MaybeUninit<T>],
) {
    // one element (a scalar op's call): the lane alone, without the loops' set-up (a third
    // of an n = 1 call's instructions); the same `fast::<M>`, so the same bits
    if let ([v], [o, ..]) = (x, &mut *out) {
        let (y, ok) = K::fast::<M>(*v);
        o.write(if ok { y } else { declined::<T, K, M>(*v) });
        return;
    }
    for (xs, os) in x.chunks(BLOCK).zip(out.chunks_mut(BLOCK)) {
        let mut all = true;
        if K::INTERLEAVE && xs.len() == BLOCK && os.len() == BLOCK {
            let (x0, x1) = xs.split_at(BLOCK / 2);
            let (o0, o1) = os.split_at_mut(BLOCK / 2);
            for i in 0..BLOCK / 2 {
                let (y0, ok0) = K::fast::<M>(x0[i]);
                let (y1, ok1) = K::fast::<M>(x1[i]);
                o0[i].write(y0);
                o1[i].write(y1);
                all &= ok0 & ok1;
            }
        } else {
            for (o, &v) in os.iter_mut().zip(xs) {
                let (y, ok) = K::fast::<M>(v);
                o.write(y);
                all &= ok;
            }
        }
        if !all {
            // the declined lanes: NaN (NaN) and the kernel's fixed values (`edge`) in one
            // more branch-free pass over the block; only the rest go through `exact`
            let mut rest = false;
            for (o, &v) in os.iter_mut().zip(xs) {
                let (y, ok) = K::fast::<M>(v);
                let (e, known) = unary_edge::<T, K, M>(v);
                o.write(if ok { y } else { e });
                rest |= !(ok | known);
            }
            if rest {
                for (o, &v) in os.iter_mut().zip(xs) {
                    if !K::fast::<M>(v).1 {
                        o.write(declined::<T, K, M>(v));
                    }
                }
            }
        }
    }
}

/// [`Unary::edge`] with the rule every unary kernel shares: NaN gives NaN (the input,
/// quieted).
#[inline(always)]
fn unary_edge<T: Copy + PartialEq + std::ops::Add<Output = T>, K: Unary<T>, M: Fma>(
    v: T,
) -> (T, bool) {
    #[allow(clippy::eq_op)]
    let nan = v != v;
    let (e, known) = K::edge::<M>(v);
    (if nan { v + v } else { e }, known | nan)
}

/// The value of a lane [`Unary::fast`] declines, one lane at a time (a one-element call, and
/// the lanes of a block that `edge` does not know either): as the block pass gives it.
#[inline(always)]
fn declined<T: Copy + PartialEq + std::ops::Add<Output = T>, K: Unary<T>, M: Fma>(v: T) -> T {
    match unary_edge::<T, K, M>(v) {
        (e, true) => e,
        _ => K::exact(v),
    }
}

/// `AVX512`: called at that level (from `zip_avx512` alone), where full blocks may take
/// [`Binary::block_avx512`].
#[inline(always)]
fn zip_blocks<T: Copy, K: Binary<T>, M: Fma, const AVX512: bool>(
    a: &[T],
    b: &[T],
    out: &mut [MaybeUninit<T>],
) {
    // one pair: as `map_blocks`
    if let ([x], [y], [o, ..]) = (a, b, &mut *out) {
        let (v, ok) = K::fast::<M>(*x, *y);
        o.write(if ok { v } else { declined2::<T, K, M>(*x, *y) });
        return;
    }
    // (here, not in `zip_at`: its loops compiled for the level's vector width)
    if K::shortcut(a, b, out) {
        return;
    }
    for ((xs, ys), os) in a
        .chunks(BLOCK)
        .zip(b.chunks(BLOCK))
        .zip(out.chunks_mut(BLOCK))
    {
        let full = xs.len() == BLOCK && ys.len() == BLOCK && os.len() == BLOCK;
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `AVX512` is set by `zip_avx512` alone, called where `detected` found
        // AVX-512 F/DQ/VL/BW, AVX2 and FMA; the block is full
        let vector = if AVX512 && full {
            unsafe { K::block_avx512(xs, ys, os) }
        } else {
            None
        };
        #[cfg(not(target_arch = "x86_64"))]
        let vector: Option<bool> = None;
        let mut all = true;
        if let Some(took) = vector {
            all = took;
        } else if K::INTERLEAVE && full {
            let (a0, a1) = xs.split_at(BLOCK / 2);
            let (b0, b1) = ys.split_at(BLOCK / 2);
            let (o0, o1) = os.split_at_mut(BLOCK / 2);
            for i in 0..BLOCK / 2 {
                let (v0, ok0) = K::fast::<M>(a0[i], b0[i]);
                let (v1, ok1) = K::fast::<M>(a1[i], b1[i]);
                o0[i].write(v0);
                o1[i].write(v1);
                all &= ok0 & ok1;
            }
        } else {
            for ((o, &x), &y) in os.iter_mut().zip(xs).zip(ys) {
                let (v, ok) = K::fast::<M>(x, y);
                o.write(v);
                all &= ok;
            }
        }
        if !all {
            // as `map_blocks`: the kernel's fixed values (`edge`) in one more branch-free
            // pass, and only the rest through `exact`
            let mut rest = false;
            for ((o, &x), &y) in os.iter_mut().zip(xs).zip(ys) {
                let (v, ok) = K::fast::<M>(x, y);
                let (e, known) = K::edge::<M>(x, y);
                o.write(if ok { v } else { e });
                rest |= !(ok | known);
            }
            if rest {
                for ((o, &x), &y) in os.iter_mut().zip(xs).zip(ys) {
                    if !K::fast::<M>(x, y).1 {
                        o.write(declined2::<T, K, M>(x, y));
                    }
                }
            }
        }
    }
}

/// What the kernels' `edge`s need of a float type.
pub(crate) trait EdgeFloat:
    Copy
    + PartialOrd
    + std::ops::Add<Output = Self>
    + std::ops::Mul<Output = Self>
    + std::ops::Div<Output = Self>
    + std::ops::Neg<Output = Self>
    + From<f32>
{
    /// π, rounded to the type.
    const PI: Self;
    /// π/2.
    const FRAC_PI_2: Self;
    /// π/4.
    const FRAC_PI_4: Self;
    /// The correctly rounded square root.
    fn sqrt(self) -> Self;
    /// `self`'s magnitude with `sign`'s sign.
    fn copysign(self, sign: Self) -> Self;
    /// Whether the sign bit is set (−0 and NaNs with it too).
    fn is_sign_negative(self) -> bool;
}

/// The NaN of a result outside `x`'s domain: the canonical quiet NaN. Its sign and
/// payload are unspecified (IEEE 754), and libm's differ from function to function (glibc's
/// `sin(∞)` has the sign bit set, its `asin(2)` clear), so the kernels do not copy them.
#[inline(always)]
pub(crate) fn invalid<T: EdgeFloat>(_x: T) -> T {
    T::from(f32::NAN)
}
macro_rules! edge_float {
    ($($t:ident)*) => {$(
        impl EdgeFloat for $t {
            const PI: $t = std::$t::consts::PI;
            const FRAC_PI_2: $t = std::$t::consts::FRAC_PI_2;
            const FRAC_PI_4: $t = std::$t::consts::FRAC_PI_4;
            #[inline(always)]
            fn sqrt(self) -> $t {
                <$t>::sqrt(self)
            }
            #[inline(always)]
            fn copysign(self, sign: $t) -> $t {
                <$t>::copysign(self, sign)
            }
            #[inline(always)]
            fn is_sign_negative(self) -> bool {
                <$t>::is_sign_negative(self)
            }
        }
    )*};
}
edge_float!(f32 f64);

/// `hypot`'s fixed values: an infinite side gives +∞ (even beside NaN), else NaN gives NaN.
#[inline(always)]
pub(crate) fn hypot_edge<T: EdgeFloat>(a: T, b: T) -> (T, bool) {
    let inf = T::from(f32::INFINITY);
    #[allow(clippy::eq_op)]
    let nan = a != a || b != b;
    let infinite = a == inf || a == -inf || b == inf || b == -inf;
    (if infinite { inf } else { a + b }, infinite || nan)
}

/// `logaddexp`'s fixed values: NaN gives NaN, −∞ gives the other side (−0 as +0), +∞
/// gives +∞.
#[inline(always)]
pub(crate) fn logaddexp_edge<T: EdgeFloat>(a: T, b: T) -> (T, bool) {
    let inf = T::from(f32::INFINITY);
    #[allow(clippy::eq_op)]
    let nan = a != a || b != b;
    // (`+ 0`: the formula's `max + log1p(0)` turns −0 into +0)
    let zero = T::from(0.0);
    let v = if nan {
        a + b
    } else if a == -inf {
        b + zero
    } else if b == -inf {
        a + zero
    } else {
        inf
    };
    (v, nan || a == -inf || b == -inf || a == inf || b == inf)
}

/// `atan2(y, x)`'s fixed values (C99 Annex F, libm's bits): NaN gives NaN; `y = ±∞` gives
/// `±π/2`, or `±π/4` / `±3π/4` beside `x = +∞` / `−∞`; `x = +∞` (or `+0` beside `y = ±0`)
/// gives `±0`, `x = −∞` (or `−0` beside `±0`) `±π`, the sign `y`'s.
#[inline(always)]
pub(crate) fn atan2_edge<T: EdgeFloat>(y: T, x: T) -> (T, bool) {
    let (inf, zero) = (T::from(f32::INFINITY), T::from(0.0));
    #[allow(clippy::eq_op)]
    let nan = y != y || x != x;
    let y_inf = y == inf || y == -inf;
    let x_inf = x == inf || x == -inf;
    let zeros = y == zero && x == zero;
    let left = x.is_sign_negative();
    let a = if y_inf {
        match (x_inf, left) {
            (true, true) => T::from(3.0) * T::FRAC_PI_4,
            (true, false) => T::FRAC_PI_4,
            _ => T::FRAC_PI_2,
        }
    } else if left {
        T::PI
    } else {
        zero
    };
    let v = if nan { y + x } else { a.copysign(y) };
    (v, nan || y_inf || x_inf || zeros)
}

/// [`declined`] for a pair of lanes.
#[inline(always)]
fn declined2<T: Copy, K: Binary<T>, M: Fma>(a: T, b: T) -> T {
    match K::edge::<M>(a, b) {
        (e, true) => e,
        _ => K::exact(a, b),
    }
}

/// `K2(K1(x, a), b)` over blocks, each lane as two [`zip`]s would give it (a lane whose fast
/// path is not exact takes the exact kernel, per step).
#[inline(always)]
fn pair_blocks<T: Copy, K1: Binary<T>, K2: Binary<T>, M: Fma>(
    x: &[T],
    a: T,
    b: T,
    out: &mut [MaybeUninit<T>],
) {
    for (xs, os) in x.chunks(BLOCK).zip(out.chunks_mut(BLOCK)) {
        let mut all = true;
        for (o, &v) in os.iter_mut().zip(xs) {
            let (t, ok1) = K1::fast::<M>(v, a);
            let (r, ok2) = K2::fast::<M>(t, b);
            o.write(r);
            all &= ok1 & ok2;
        }
        if !all {
            for (o, &v) in os.iter_mut().zip(xs) {
                let (t, ok1) = K1::fast::<M>(v, a);
                let t = if ok1 { t } else { K1::exact(v, a) };
                let (r, ok2) = K2::fast::<M>(t, b);
                o.write(if ok2 { r } else { K2::exact(t, b) });
            }
        }
    }
}

/// The accumulators of [`fold`]: 64 interleaved chains (eight AVX2 registers of `f32`).
/// ivy-kernel's idempotent folds (`max`, `min`) use the same leaf shape ([`fold_leaf`] with
/// this many lanes), so that a vectorised fold gives their bits.
pub const FOLD_LANES: usize = 64;

/// One leaf of a fold: `L` accumulators (each starting at `init`) over interleaved values
/// of `g(x)`, combined pairwise, then the values past the last whole `L` folded in order.
/// The one loop both [`fold`] and ivy-kernel's host folds run, so that their results agree bit
/// for bit.
///
/// ```
/// let s = ivy_vecmath::fold_leaf::<i64, i64, 4>(&[1, 2, 3, 4, 5, 6], 0, |v| v, |a, b| a + b);
/// assert_eq!(s, 21);
/// ```
#[inline(always)]
pub fn fold_leaf<T: Copy, U: Copy, const L: usize>(
    x: &[T],
    init: U,
    g: impl Fn(T) -> U,
    f: impl Fn(U, U) -> U,
) -> U {
    let mut acc = [init; L];
    let chunks = x.chunks_exact(L);
    let rest = chunks.remainder();
    for c in chunks {
        for i in 0..L {
            acc[i] = f(acc[i], g(c[i]));
        }
    }
    // pairwise over the lanes too
    let mut w = L;
    while w > 1 {
        w /= 2;
        for i in 0..w {
            acc[i] = f(acc[i], acc[i + w]);
        }
    }
    let mut r = acc[0];
    for &v in rest {
        r = f(r, g(v));
    }
    r
}

#[inline(always)]
fn fold_lanes<T: Copy, K: Binary<T>, M: Fma>(x: &[T]) -> Option<T> {
    let first = *x.first()?;
    Some(fold_leaf::<T, T, FOLD_LANES>(
        x,
        first,
        |v| v,
        |a, b| K::fast::<M>(a, b).0,
    ))
}

/// A loop to run at the CPU's vector width ([`vectorised`]): its `run` must be
/// `#[inline(always)]`, so that it is compiled into the instruction-set-specific caller.
pub trait VectorLoop {
    /// What the loop returns.
    type Output;
    /// The loop (mark it `#[inline(always)]`).
    fn run(self) -> Self::Output;
}

/// Runs `l` compiled for [`level`]'s instruction set (AVX-512 or AVX2 with FMA on x86-64)
/// rather than the compile target's (SSE2): the plain loops of its always-inlined `run` are
/// vectorised with that level's registers. For loops of exact element operations only (a
/// loop whose result would depend on the level must not run here; Rust never fuses a
/// multiply and an add by itself, so `i * step + a` rounds twice at every level).
///
/// ```
/// struct Ramp<'a>(&'a mut [f64]);
/// impl ivy_vecmath::VectorLoop for Ramp<'_> {
///     type Output = ();
///     #[inline(always)]
///     fn run(self) {
///         for (i, o) in self.0.iter_mut().enumerate() {
///             *o = i as f64 * 0.5 + 1.0;
///         }
///     }
/// }
/// let mut v = vec![0.0; 1000];
/// ivy_vecmath::vectorised(Ramp(&mut v));
/// assert_eq!(v[999], 500.5);
/// ```
#[inline]
pub fn vectorised<L: VectorLoop>(l: L) -> L::Output {
    vectorised_at(level(), l)
}

/// [`vectorised`] at a given level, lowered to [`detected`] when the CPU lacks it.
///
/// ```
/// struct Halves<'a>(&'a mut [f32]);
/// impl ivy_vecmath::VectorLoop for Halves<'_> {
///     type Output = f32;
///     #[inline(always)]
///     fn run(self) -> f32 {
///         self.0.iter_mut().for_each(|v| *v *= 0.5);
///         self.0.iter().sum()
///     }
/// }
/// for l in ivy_vecmath::Level::ALL {
///     assert_eq!(ivy_vecmath::vectorised_at(l, Halves(&mut [2.0, 4.0])), 3.0);
/// }
/// ```
#[inline]
pub fn vectorised_at<L: VectorLoop>(level: Level, l: L) -> L::Output {
    match level.min(detected()) {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `level` is at most `detected`, which found AVX-512 F/DQ/VL/BW, AVX2 and
        // FMA on this CPU.
        Level::Avx512 => unsafe { x86::run_avx512(l) },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `detected` found AVX2 and FMA on this CPU.
        Level::Avx2 => unsafe { x86::run_avx2(l) },
        _ => l.run(),
    }
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::*;

    #[target_feature(enable = "avx512f,avx512dq,avx512vl,avx512bw,avx2,fma")]
    pub(super) fn run_avx512<L: VectorLoop>(l: L) -> L::Output {
        l.run()
    }
    #[target_feature(enable = "avx2,fma")]
    pub(super) fn run_avx2<L: VectorLoop>(l: L) -> L::Output {
        l.run()
    }

    #[target_feature(enable = "avx512f,avx512dq,avx512vl,avx512bw,avx2,fma")]
    pub(super) fn map_avx512<T: Copy + PartialEq + std::ops::Add<Output = T>, K: Unary<T>>(
        x: &[T],
        out: &mut [MaybeUninit<T>],
    ) {
        map_blocks::<T, K, Fused>(x, out)
    }
    #[target_feature(enable = "avx2,fma")]
    pub(super) fn map_avx2<T: Copy + PartialEq + std::ops::Add<Output = T>, K: Unary<T>>(
        x: &[T],
        out: &mut [MaybeUninit<T>],
    ) {
        map_blocks::<T, K, Fused>(x, out)
    }
    #[target_feature(enable = "avx512f,avx512dq,avx512vl,avx512bw,avx2,fma")]
    pub(super) fn zip_avx512<T: Copy, K: Binary<T>>(a: &[T], b: &[T], out: &mut [MaybeUninit<T>]) {
        zip_blocks::<T, K, Fused, true>(a, b, out)
    }
    #[target_feature(enable = "avx2,fma")]
    pub(super) fn zip_avx2<T: Copy, K: Binary<T>>(a: &[T], b: &[T], out: &mut [MaybeUninit<T>]) {
        zip_blocks::<T, K, Fused, false>(a, b, out)
    }
    #[target_feature(enable = "avx512f,avx512dq,avx512vl,avx512bw,avx2,fma")]
    pub(super) fn pair_avx512<T: Copy, K1: Binary<T>, K2: Binary<T>>(
        x: &[T],
        a: T,
        b: T,
        out: &mut [MaybeUninit<T>],
    ) {
        pair_blocks::<T, K1, K2, Fused>(x, a, b, out)
    }
    #[target_feature(enable = "avx2,fma")]
    pub(super) fn pair_avx2<T: Copy, K1: Binary<T>, K2: Binary<T>>(
        x: &[T],
        a: T,
        b: T,
        out: &mut [MaybeUninit<T>],
    ) {
        pair_blocks::<T, K1, K2, Fused>(x, a, b, out)
    }
    #[target_feature(enable = "avx512f,avx512dq,avx512vl,avx512bw,avx2,fma")]
    pub(super) fn fold_avx512<T: Copy, K: Binary<T>>(x: &[T]) -> Option<T> {
        fold_lanes::<T, K, Fused>(x)
    }
    #[target_feature(enable = "avx2,fma")]
    pub(super) fn fold_avx2<T: Copy, K: Binary<T>>(x: &[T]) -> Option<T> {
        fold_lanes::<T, K, Fused>(x)
    }
    #[target_feature(enable = "avx512f,avx512dq,avx512vl,avx512bw,avx2,fma")]
    pub(super) fn arg_f32_avx512<const MAX: bool>(x: &[f32]) -> Option<usize> {
        // SAFETY: this function's target features include the kernel's
        unsafe { crate::extreme::lanes::arg_f32_avx512::<MAX>(x) }
    }
    #[target_feature(enable = "avx2,fma")]
    pub(super) fn arg_f32_avx2<const MAX: bool>(x: &[f32]) -> Option<usize> {
        // SAFETY: this function's target features include the kernel's
        unsafe { crate::extreme::lanes::arg_f32_avx2::<MAX>(x) }
    }
    #[target_feature(enable = "avx512f,avx512dq,avx512vl,avx512bw,avx2,fma")]
    pub(super) fn arg_f64_avx512<const MAX: bool>(x: &[f64]) -> Option<usize> {
        // SAFETY: this function's target features include the kernel's
        unsafe { crate::extreme::lanes::arg_f64_avx512::<MAX>(x) }
    }
    #[target_feature(enable = "avx2,fma")]
    pub(super) fn arg_f64_avx2<const MAX: bool>(x: &[f64]) -> Option<usize> {
        // SAFETY: this function's target features include the kernel's
        unsafe { crate::extreme::lanes::arg_f64_avx2::<MAX>(x) }
    }
    #[target_feature(enable = "avx512f,avx512dq,avx512vl,avx512bw,avx2,fma")]
    pub(super) fn arg_rows_f32_avx512<const MAX: bool>(
        x: &[f32],
        best: &mut [f32],
        at: &mut [i64],
    ) {
        crate::extreme::arg_rows_f32::<MAX>(x, best, at)
    }
    #[target_feature(enable = "avx512f,avx512dq,avx512vl,avx512bw,avx2,fma")]
    pub(super) fn arg_rows_f64_avx512<const MAX: bool>(
        x: &[f64],
        best: &mut [f64],
        at: &mut [i64],
    ) {
        crate::extreme::arg_rows_f64::<MAX>(x, best, at)
    }
    #[target_feature(enable = "avx2,fma")]
    pub(super) fn arg_rows_f32_avx2<const MAX: bool>(x: &[f32], best: &mut [f32], at: &mut [i64]) {
        crate::extreme::arg_rows_f32::<MAX>(x, best, at)
    }
    #[target_feature(enable = "avx2,fma")]
    pub(super) fn arg_rows_f64_avx2<const MAX: bool>(x: &[f64], best: &mut [f64], at: &mut [i64]) {
        crate::extreme::arg_rows_f64::<MAX>(x, best, at)
    }
}

/// A unary kernel's slice loops for both float types, compiled once, in this crate and at
/// its optimisation level, instead of in every caller that names the kernel: what `ivy`'s
/// `simd(K)` rows call (each [`map`] instantiation is four levels of inlined polynomial
/// code; instantiating them in the caller cost `ivy` a third of its build time).
///
/// ```
/// use ivy_vecmath::{Exp, UnarySlices};
/// # use std::mem::MaybeUninit;
/// let mut o = [MaybeUninit::uninit()];
/// Exp::map_f64(&[0.0], &mut o);
/// assert_eq!(unsafe { o[0].assume_init() }, 1.0);
/// ```
pub trait UnarySlices {
    /// [`map`] over `f32`.
    fn map_f32(x: &[f32], out: &mut [MaybeUninit<f32>]);
    /// [`map`] over `f64`.
    fn map_f64(x: &[f64], out: &mut [MaybeUninit<f64>]);
}

/// [`UnarySlices`] for binary kernels.
///
/// ```
/// use ivy_vecmath::{BinarySlices, Hypot};
/// # use std::mem::MaybeUninit;
/// let mut o = [MaybeUninit::uninit()];
/// Hypot::zip_f32(&[3.0], &[4.0], &mut o);
/// assert_eq!(unsafe { o[0].assume_init() }, 5.0);
/// ```
pub trait BinarySlices {
    /// [`zip`] over `f32`.
    fn zip_f32(a: &[f32], b: &[f32], out: &mut [MaybeUninit<f32>]);
    /// [`zip`] over `f64`.
    fn zip_f64(a: &[f64], b: &[f64], out: &mut [MaybeUninit<f64>]);
}

/// [`UnarySlices`] for the kernels a slice folds with ([`fold`]: `max`, `min`).
///
/// ```
/// use ivy_vecmath::{FoldSlices, Maximum};
/// assert_eq!(Maximum::fold_f32(&[1.0, 3.0, 2.0]), Some(3.0));
/// assert!(Maximum::fold_f64(&[1.0, f64::NAN, 2.0]).unwrap().is_nan());
/// assert_eq!(Maximum::fold_f32(&[]), None);
/// ```
pub trait FoldSlices {
    /// [`fold`] over `f32`.
    fn fold_f32(x: &[f32]) -> Option<f32>;
    /// [`fold`] over `f64`.
    fn fold_f64(x: &[f64]) -> Option<f64>;
}

/// The index of a slice's first extreme element: `argmax` ([`Maximum`]) and `argmin`
/// ([`Minimum`]) as numpy's (the first largest or smallest element; a NaN beats every
/// number, the first NaN later ones; `-0.0` equals `0.0`), at [`level`]; `None` for an empty
/// slice. The extreme by the vectorised fold ([`fold`]), then the first element equal to
/// it, a chunk of 64 at a time.
///
/// ```
/// use ivy_vecmath::{ArgSlices, Maximum, Minimum};
/// assert_eq!(Maximum::arg_f32(&[1.0, 3.0, 2.0, 3.0]), Some(1));
/// assert_eq!(Minimum::arg_f64(&[1.0, f64::NAN, -2.0]), Some(1)); // the first NaN
/// assert_eq!(Maximum::arg_f32(&[]), None);
/// ```
pub trait ArgSlices {
    /// Over `f32`, at a given level (lowered to [`detected`] when the CPU lacks it).
    ///
    /// ```
    /// use ivy_vecmath::{ArgSlices, Level, Maximum};
    /// let x: Vec<f32> = (0..1000).map(|i| (i as f32 * 0.37).sin()).collect();
    /// for l in Level::ALL {
    ///     assert_eq!(Maximum::arg_f32_at(l, &x), Some(225));
    /// }
    /// ```
    fn arg_f32_at(level: Level, x: &[f32]) -> Option<usize>;
    /// Over `f64`, at a given level.
    fn arg_f64_at(level: Level, x: &[f64]) -> Option<usize>;
    /// Over `f32`, at [`level`].
    #[inline]
    fn arg_f32(x: &[f32]) -> Option<usize> {
        Self::arg_f32_at(level(), x)
    }
    /// Over `f64`, at [`level`].
    #[inline]
    fn arg_f64(x: &[f64]) -> Option<usize> {
        Self::arg_f64_at(level(), x)
    }
    /// Along a strided axis: `x` is rows of `best.len()` values (a whole number of rows, at
    /// least one; `at` as long as `best`), and `at[j]` becomes the index of the row holding
    /// column `j`'s first extreme element (`best[j]` that element), at [`level`]. Four rows
    /// at a time into each column's best, a select of 64-bit indices per float lane:
    /// vectorised at AVX2 and AVX-512; elsewhere the same loop at the baseline.
    ///
    /// ```
    /// use ivy_vecmath::{ArgSlices, Maximum};
    /// let x = [1.0f32, 5.0, 3.0, 5.0, 2.0, f32::NAN]; // three rows of two
    /// let (mut best, mut at) = ([0.0; 2], [0i64; 2]);
    /// Maximum::arg_rows_f32(&x, &mut best, &mut at);
    /// assert_eq!(at, [1, 2]); // 3.0 in row 1; the NaN in row 2
    /// ```
    #[inline]
    fn arg_rows_f32(x: &[f32], best: &mut [f32], at: &mut [i64]) {
        Self::arg_rows_f32_at(level(), x, best, at)
    }
    /// [`arg_rows_f32`](Self::arg_rows_f32) over `f64`.
    #[inline]
    fn arg_rows_f64(x: &[f64], best: &mut [f64], at: &mut [i64]) {
        Self::arg_rows_f64_at(level(), x, best, at)
    }
    /// [`arg_rows_f32`](Self::arg_rows_f32) at a given level (lowered to the CPU's).
    ///
    /// ```
    /// use ivy_vecmath::{ArgSlices, Level, Minimum};
    /// let x = [4.0f32, 1.0, 2.0, 1.0, 2.0, 0.5]; // three rows of two
    /// for l in Level::ALL {
    ///     let (mut best, mut at) = ([0.0; 2], [0i64; 2]);
    ///     Minimum::arg_rows_f32_at(l, &x, &mut best, &mut at);
    ///     assert_eq!(at, [1, 2]); // 2.0 first in row 1 (a tie: the first row wins); 0.5 in row 2
    /// }
    /// ```
    fn arg_rows_f32_at(level: Level, x: &[f32], best: &mut [f32], at: &mut [i64]);
    /// [`arg_rows_f64`](Self::arg_rows_f64) at a given level (lowered to the CPU's).
    fn arg_rows_f64_at(level: Level, x: &[f64], best: &mut [f64], at: &mut [i64]);
}

/// [`ArgSlices`] at a level: the loop's AVX-512, AVX2 or baseline instantiation (`$plain`,
/// the plain function with its parameters) for argmax (`$max`) or argmin, called with
/// `$args`.
macro_rules! arg_at {
    ($level:expr, $max:expr, ($($arg:expr),*), $plain:expr, $avx512:ident, $avx2:ident) => {
        match $level.min(detected()) {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `detected` found AVX-512 F/DQ/VL/BW, AVX2 and FMA on this CPU.
            Level::Avx512 => unsafe { x86::$avx512::<$max>($($arg),*) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `detected` found AVX2 and FMA on this CPU.
            Level::Avx2 => unsafe { x86::$avx2::<$max>($($arg),*) },
            _ => $plain($($arg),*),
        }
    };
}

macro_rules! slices {
    (unary $($k:ident)*) => {$(
        impl UnarySlices for $k {
            fn map_f32(x: &[f32], out: &mut [MaybeUninit<f32>]) {
                map::<f32, $k>(x, out)
            }
            fn map_f64(x: &[f64], out: &mut [MaybeUninit<f64>]) {
                map::<f64, $k>(x, out)
            }
        }
    )*};
    (fold $($k:ident)*) => {$(
        impl FoldSlices for $k {
            fn fold_f32(x: &[f32]) -> Option<f32> {
                fold::<f32, $k>(x)
            }
            fn fold_f64(x: &[f64]) -> Option<f64> {
                fold::<f64, $k>(x)
            }
        }
    )*};
    (arg $($k:ident $max:literal)*) => {$(
        impl ArgSlices for $k {
            fn arg_f32_at(level: Level, x: &[f32]) -> Option<usize> {
                let plain = extreme::arg_f32::<$max, Unfused>;
                arg_at!(level, $max, (x), plain, arg_f32_avx512, arg_f32_avx2)
            }
            fn arg_f64_at(level: Level, x: &[f64]) -> Option<usize> {
                let plain = extreme::arg_f64::<$max, Unfused>;
                arg_at!(level, $max, (x), plain, arg_f64_avx512, arg_f64_avx2)
            }
            fn arg_rows_f32_at(level: Level, x: &[f32], best: &mut [f32], at: &mut [i64]) {
                let plain = extreme::arg_rows_f32::<$max>;
                arg_at!(level, $max, (x, best, at), plain, arg_rows_f32_avx512, arg_rows_f32_avx2)
            }
            fn arg_rows_f64_at(level: Level, x: &[f64], best: &mut [f64], at: &mut [i64]) {
                let plain = extreme::arg_rows_f64::<$max>;
                arg_at!(level, $max, (x, best, at), plain, arg_rows_f64_avx512, arg_rows_f64_avx2)
            }
        }
    )*};
    (binary $($k:ident)*) => {$(
        impl BinarySlices for $k {
            fn zip_f32(a: &[f32], b: &[f32], out: &mut [MaybeUninit<f32>]) {
                zip::<f32, $k>(a, b, out)
            }
            fn zip_f64(a: &[f64], b: &[f64], out: &mut [MaybeUninit<f64>]) {
                zip::<f64, $k>(a, b, out)
            }
        }
    )*};
}
slices!(unary Exp Expm1 Log Log1p Log2 Log10 Sin Cos Tan Sinh Cosh Tanh Asin Acos Atan Asinh
    Acosh Atanh Softplus Sigmoid Gelu GeluTanh Mish Silu Floor Ceil Trunc RoundEven Sqrt);
slices!(binary Atan2 Hypot Pow Logaddexp Maximum Minimum Divide);
slices!(fold Maximum Minimum);
slices!(arg Maximum true Minimum false);

/// `K` of each element of `x` into `out` (of `x`'s length; extra elements of either are
/// ignored), at [`level`].
///
/// ```
/// use std::mem::MaybeUninit;
/// let mut out = [MaybeUninit::<f64>::uninit(); 2];
/// ivy_vecmath::map::<f64, ivy_vecmath::Log>(&[1.0, std::f64::consts::E], &mut out);
/// assert_eq!(unsafe { out[0].assume_init() }, 0.0);
/// ```
#[inline]
pub fn map<T: Copy + PartialEq + std::ops::Add<Output = T>, K: Unary<T>>(
    x: &[T],
    out: &mut [MaybeUninit<T>],
) {
    map_at::<T, K>(level(), x, out)
}

/// [`map`] at a given level, lowered to [`detected`] when the CPU lacks it.
///
/// ```
/// use std::mem::MaybeUninit;
/// use ivy_vecmath::{Level, Sin};
/// let x = [0.5f32; 3];
/// for l in Level::ALL {
///     let mut out = [MaybeUninit::<f32>::uninit(); 3];
///     ivy_vecmath::map_at::<f32, Sin>(l, &x, &mut out);
///     assert_eq!(unsafe { out[2].assume_init() }, 0.5f32.sin());
/// }
/// ```
#[inline]
pub fn map_at<T: Copy + PartialEq + std::ops::Add<Output = T>, K: Unary<T>>(
    level: Level,
    x: &[T],
    out: &mut [MaybeUninit<T>],
) {
    match level.min(detected()) {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `detected` found AVX-512 F/DQ/VL/BW, AVX2 and FMA on this CPU.
        Level::Avx512 => unsafe { x86::map_avx512::<T, K>(x, out) },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `detected` found AVX2 and FMA on this CPU.
        Level::Avx2 => unsafe { x86::map_avx2::<T, K>(x, out) },
        Level::Scalar => {
            for (o, &v) in out.iter_mut().zip(x) {
                o.write(K::exact(v));
            }
        }
        _ => map_blocks::<T, K, Unfused>(x, out),
    }
}

/// `K` of each pair of elements of `a` and `b` into `out` (extra elements are ignored), at
/// [`level`].
///
/// ```
/// use std::mem::MaybeUninit;
/// let mut out = [MaybeUninit::<f64>::uninit(); 2];
/// ivy_vecmath::zip::<f64, ivy_vecmath::Atan2>(&[1.0, -1.0], &[0.0, 0.0], &mut out);
/// assert_eq!(unsafe { out[1].assume_init() }, -std::f64::consts::FRAC_PI_2);
/// ```
#[inline]
pub fn zip<T: Copy, K: Binary<T>>(a: &[T], b: &[T], out: &mut [MaybeUninit<T>]) {
    zip_at::<T, K>(level(), a, b, out)
}

/// [`zip`] at a given level, lowered to [`detected`] when the CPU lacks it.
///
/// ```
/// use std::mem::MaybeUninit;
/// use ivy_vecmath::{Atan2, Level};
/// for l in Level::ALL {
///     let mut out = [MaybeUninit::<f32>::uninit(); 1];
///     ivy_vecmath::zip_at::<f32, Atan2>(l, &[1.0], &[1.0], &mut out);
///     assert_eq!(unsafe { out[0].assume_init() }, std::f32::consts::FRAC_PI_4);
/// }
/// ```
#[inline]
pub fn zip_at<T: Copy, K: Binary<T>>(level: Level, a: &[T], b: &[T], out: &mut [MaybeUninit<T>]) {
    match level.min(detected()) {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `detected` found AVX-512 F/DQ/VL/BW, AVX2 and FMA on this CPU.
        Level::Avx512 => unsafe { x86::zip_avx512::<T, K>(a, b, out) },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `detected` found AVX2 and FMA on this CPU.
        Level::Avx2 => unsafe { x86::zip_avx2::<T, K>(a, b, out) },
        Level::Scalar => {
            for ((o, &x), &y) in out.iter_mut().zip(a).zip(b) {
                o.write(K::exact(x, y));
            }
        }
        _ => zip_blocks::<T, K, Unfused, false>(a, b, out),
    }
}

/// `K2(K1(x, a), b)` of each element of `x` into `out` in one pass (`clip` with scalar
/// bounds: [`Maximum`] then [`Minimum`]), each element as [`zip`] with `a` then with `b`
/// would give it, at [`level`].
///
/// ```
/// use std::mem::MaybeUninit;
/// use ivy_vecmath::{Maximum, Minimum};
/// let mut out = [MaybeUninit::<f32>::uninit(); 3];
/// ivy_vecmath::zip_scalars::<f32, Maximum, Minimum>(&[-2.0, 0.5, f32::NAN], -1.0, 1.0, &mut out);
/// let out = out.map(|v| unsafe { v.assume_init() });
/// assert_eq!(out[..2], [-1.0, 0.5]);
/// assert!(out[2].is_nan());
/// ```
#[inline]
pub fn zip_scalars<T: Copy, K1: Binary<T>, K2: Binary<T>>(
    x: &[T],
    a: T,
    b: T,
    out: &mut [MaybeUninit<T>],
) {
    zip_scalars_at::<T, K1, K2>(level(), x, a, b, out)
}

/// [`zip_scalars`] at a given level, lowered to [`detected`] when the CPU lacks it.
///
/// ```
/// use std::mem::MaybeUninit;
/// use ivy_vecmath::{Level, Maximum, Minimum};
/// for l in Level::ALL {
///     let mut out = [MaybeUninit::<f64>::uninit(); 1];
///     ivy_vecmath::zip_scalars_at::<f64, Maximum, Minimum>(l, &[5.0], 0.0, 2.0, &mut out);
///     assert_eq!(unsafe { out[0].assume_init() }, 2.0);
/// }
/// ```
#[inline]
pub fn zip_scalars_at<T: Copy, K1: Binary<T>, K2: Binary<T>>(
    level: Level,
    x: &[T],
    a: T,
    b: T,
    out: &mut [MaybeUninit<T>],
) {
    match level.min(detected()) {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `detected` found AVX-512 F/DQ/VL/BW, AVX2 and FMA on this CPU.
        Level::Avx512 => unsafe { x86::pair_avx512::<T, K1, K2>(x, a, b, out) },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `detected` found AVX2 and FMA on this CPU.
        Level::Avx2 => unsafe { x86::pair_avx2::<T, K1, K2>(x, a, b, out) },
        Level::Scalar => {
            for (o, &v) in out.iter_mut().zip(x) {
                o.write(K2::exact(K1::exact(v, a), b));
            }
        }
        _ => pair_blocks::<T, K1, K2, Unfused>(x, a, b, out),
    }
}

/// `x` folded with `K` (an associative, idempotent kernel whose fast path takes every lane:
/// [`Maximum`], [`Minimum`]) at [`level`]: `None` for an empty slice. 64 interleaved
/// accumulators, combined pairwise, then the values past the last whole 64 in order.
///
/// ```
/// assert_eq!(ivy_vecmath::fold::<f64, ivy_vecmath::Minimum>(&[2.0, -1.0, 3.0]), Some(-1.0));
/// ```
#[inline]
pub fn fold<T: Copy, K: Binary<T>>(x: &[T]) -> Option<T> {
    fold_at::<T, K>(level(), x)
}

/// [`fold`] at a given level, lowered to [`detected`] when the CPU lacks it.
///
/// ```
/// use ivy_vecmath::{Level, Maximum};
/// let x: Vec<f32> = (0..1000).map(|i| (i as f32 * 0.37).sin()).collect();
/// let m = ivy_vecmath::fold_at::<f32, Maximum>(Level::Scalar, &x);
/// for l in Level::ALL {
///     assert_eq!(ivy_vecmath::fold_at::<f32, Maximum>(l, &x), m);
/// }
/// ```
#[inline]
pub fn fold_at<T: Copy, K: Binary<T>>(level: Level, x: &[T]) -> Option<T> {
    match level.min(detected()) {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `detected` found AVX-512 F/DQ/VL/BW, AVX2 and FMA on this CPU.
        Level::Avx512 => unsafe { x86::fold_avx512::<T, K>(x) },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `detected` found AVX2 and FMA on this CPU.
        Level::Avx2 => unsafe { x86::fold_avx2::<T, K>(x) },
        _ => fold_lanes::<T, K, Unfused>(x),
    }
}

/// `1.5 · 2^52`: adding it to `v` (|v| < 2^51) rounds `v` to an integer, held in the low
/// bits of the sum.
pub(crate) const SHIFT: f64 = 6_755_399_441_055_744.0;

/// The integer `t - SHIFT` where `t = v + SHIFT` (two's complement, wrapping).
#[inline(always)]
pub(crate) fn shifted_int(t: f64) -> u64 {
    t.to_bits().wrapping_sub(SHIFT.to_bits())
}
