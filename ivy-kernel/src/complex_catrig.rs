//! Complex inverse trigonometric and hyperbolic functions with the special values of C99
//! Annex G (what numpy's `arcsin`, `arccos`, `arctan` and their hyperbolic forms give):
//! [`casinh`], [`casin`], [`cacosh`], [`cacos`], [`catanh`] and [`catan`].
//! One generic definition over [`num_traits::Float`] serves complex64 and complex128.
//!
//! Ported from FreeBSD's msun, `lib/msun/src/catrig.c` (double) with the float thresholds
//! checked against `lib/msun/src/catrigf.c`. The algorithms for casinh, casin, cacos and
//! cacosh follow T. E. Hull, T. F. Fairgrieve and P. T. P. Tang, "Implementing the complex
//! arcsine and arccosine functions using exception handling", ACM TOMS 23(3), 1997,
//! pp. 299-335. The FreeBSD files are under the BSD 2-clause license; their notice:
//!
//! ```text
//! catrig.c, catrigf.c: Copyright (c) 2012 Stephen Montgomery-Smith <stephen@FreeBSD.ORG>
//! All rights reserved.
//!
//! Redistribution and use in source and binary forms, with or without
//! modification, are permitted provided that the following conditions
//! are met:
//! 1. Redistributions of source code must retain the above copyright
//!    notice, this list of conditions and the following disclaimer.
//! 2. Redistributions in binary form must reproduce the above copyright
//!    notice, this list of conditions and the following disclaimer in the
//!    documentation and/or other materials provided with the distribution.
//!
//! THIS SOFTWARE IS PROVIDED BY THE AUTHOR AND CONTRIBUTORS ``AS IS'' AND
//! ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE
//! IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE
//! ARE DISCLAIMED.  IN NO EVENT SHALL THE AUTHOR OR CONTRIBUTORS BE LIABLE
//! FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL
//! DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS
//! OR SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION)
//! HOWEVER CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT
//! LIABILITY, OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY
//! OUT OF THE USE OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF
//! SUCH DAMAGE.
//! ```
//!
//! Changes from the C: the bit tests on the IEEE words are predicates of `Float`
//! (`is_nan`, `is_infinite`, `is_sign_negative`, `copysign`, `abs`); `raise_inexact` is
//! dropped (no floating-point exception flags are kept), and `nan_mix(x, y)` is `x + y`.
//! The constants that the C spells per format are derived from the type: `RECIP_EPSILON`
//! is `1/ε`, `SQRT_3_EPSILON` and `SQRT_6_EPSILON` are `√(3ε)` and `√(6ε)`, `SQRT_MIN` is
//! `√MIN` and `FOUR_SQRT_MIN` four times that, `QUARTER_SQRT_MAX` is `1/FOUR_SQRT_MIN`
//! (all exact: 2⁻⁵¹¹, 2⁻⁵⁰⁹, 2⁵⁰⁹ for double and 2⁻⁶³, 2⁻⁶¹, 2⁶¹ for float, as in the
//! C); `m_e`, `m_ln2` and `π/2` are the f64 constants rounded to `T`, with `π/2` split
//! into `hi + lo` where `lo` carries what `hi` misses of the double-double value.
//! The real `atanh` that catanh calls on the real segment is a local port of `e_atanh.c`'s
//! formula (`Float::atanh` is inaccurate near −1).
//! `real_part_reciprocal` reads the binary exponents with `integer_decode` instead of the
//! high word, and builds its power-of-two scale with `powi` (exact for the range used).

use num_complex::Complex;
use num_traits::Float;

/// `v` (an f64 constant well inside `T`'s range) rounded to `T`.
fn cst<T: Float>(v: f64) -> T {
    T::from(v).unwrap_or_else(T::nan)
}

fn two<T: Float>() -> T {
    T::one() + T::one()
}

/// Hull et al suggest 1.5, but 10 works better.
fn a_crossover<T: Float>() -> T {
    cst(10.0)
}

/// Suggested by Hull et al.
fn b_crossover<T: Float>() -> T {
    cst(0.6417)
}

/// `1/ε`: beyond it `z` is "large" (`DBL_EPSILON` is `ε`).
fn recip_epsilon<T: Float>() -> T {
    T::one() / T::epsilon()
}

/// `√MIN` (2⁻⁵¹¹ for double, 2⁻⁶³ for float; exact, MIN being an even power of two).
fn sqrt_min<T: Float>() -> T {
    T::min_positive_value().sqrt()
}

/// `4·√MIN` (2⁻⁵⁰⁹, 2⁻⁶¹). `ε²/128` must be larger than this, which holds for both.
fn four_sqrt_min<T: Float>() -> T {
    sqrt_min::<T>() * cst(4.0)
}

/// `1/FOUR_SQRT_MIN` (2⁵⁰⁹, 2⁶¹), which is `≤ √MAX / 4`.
fn quarter_sqrt_max<T: Float>() -> T {
    T::one() / four_sqrt_min::<T>()
}

fn sqrt_3_epsilon<T: Float>() -> T {
    (T::epsilon() * cst(3.0)).sqrt()
}

fn sqrt_6_epsilon<T: Float>() -> T {
    (T::epsilon() * cst(6.0)).sqrt()
}

fn m_e<T: Float>() -> T {
    cst(core::f64::consts::E)
}

fn m_ln2<T: Float>() -> T {
    cst(core::f64::consts::LN_2)
}

/// `π/2` rounded to `T`.
fn pio2_hi<T: Float>() -> T {
    cst(core::f64::consts::FRAC_PI_2)
}

/// `π/2 − pio2_hi` rounded to `T` (6.123233995736766e-17 for double, where `hi` is the
/// double nearest `π/2`; for float, the f32 `hi`'s miss, exact in f64, plus that).
fn pio2_lo<T: Float>() -> T {
    const PIO2_LO_F64: f64 = 6.123_233_995_736_766e-17;
    let pi2 = core::f64::consts::FRAC_PI_2;
    let hi = pio2_hi::<T>().to_f64().unwrap_or(pi2);
    cst((pi2 - hi) + PIO2_LO_F64)
}

/*
 * casinh, casin, cacos, cacosh
 *
 * Throughout we use the convention z = x + I*y.
 *
 * casinh(z) = sign(x)*log(A+sqrt(A*A-1)) + I*asin(B)
 * where
 * A = (|z+I| + |z-I|) / 2
 * B = (|z+I| - |z-I|) / 2 = y/A
 *
 * These formulas become numerically unstable:
 *   (a) for Re(casinh(z)) when z is close to the line segment [-I, I] (that
 *       is, Re(casinh(z)) is close to 0);
 *   (b) for Im(casinh(z)) when z is close to either of the intervals
 *       [I, I*infinity) or (-I*infinity, -I] (that is, |Im(casinh(z))| is
 *       close to PI/2).
 *
 * These numerical problems are overcome by defining
 * f(a, b) = (hypot(a, b) - b) / 2 = a*a / (hypot(a, b) + b) / 2
 * Then if A < A_crossover, we use
 *   log(A + sqrt(A*A-1)) = log1p((A-1) + sqrt((A-1)*(A+1)))
 *   A-1 = f(x, 1+y) + f(x, 1-y)
 * and if B > B_crossover, we use
 *   asin(B) = atan2(y, sqrt(A*A - y*y)) = atan2(y, sqrt((A+y)*(A-y)))
 *   A-y = f(x, y+1) + f(x, y-1)
 * where without loss of generality we have assumed that x and y are
 * non-negative.
 *
 * Much of the difficulty comes because the intermediate computations may
 * produce overflows or underflows.  This is dealt with in the paper by Hull
 * et al by using exception handling.  We do this by detecting when
 * computations risk underflow or overflow.  The hardest part is handling the
 * underflows when computing f(a, b).
 */

/// `f(a, b, hypot_a_b) = (hypot(a, b) − b) / 2`; pass `hypot(a, b)` as the third argument.
fn f<T: Float>(a: T, b: T, hypot_a_b: T) -> T {
    let zero = T::zero();
    if b < zero {
        return (hypot_a_b - b) / two();
    }
    if b == zero {
        return a / two();
    }
    a * a / (hypot_a_b + b) / two()
}

/// What [`do_hard_work`] hands back.
/// `rx = Re(casinh(z)) = −Im(cacos(y + I·x))`. If `b_is_usable`, `b` is `B`; otherwise
/// `sqrt_a2my2 = √(A² − y²)` and `new_y = y`, both rescaled alike where returning them as
/// they are could underflow.
struct HardWork<T> {
    rx: T,
    b_is_usable: bool,
    b: T,
    sqrt_a2my2: T,
    new_y: T,
}

/// All the hard work: `x` and `y` are non-negative and below `RECIP_EPSILON`.
fn do_hard_work<T: Float>(x: T, y: T) -> HardWork<T> {
    let one = T::one();
    let eps = T::epsilon();
    let c128: T = cst(128.0);

    let r = x.hypot(y + one); // |z+I|
    let s = x.hypot(y - one); // |z-I|

    // A = (|z+I| + |z-I|) / 2; mathematically A >= 1, rounding may say otherwise
    let mut a = (r + s) / two();
    if a < one {
        a = one;
    }

    let rx = if a < a_crossover() {
        // Am1 = fp + fm, where fp = f(x, 1+y), and fm = f(x, 1-y).
        // rx = log1p(Am1 + sqrt(Am1*(A+1)))
        if y == one && x < eps * eps / c128 {
            // fp is of order x^2, and fm = x/2; A = 1 (inexactly)
            x.sqrt()
        } else if x >= eps * (y - one).abs() {
            // underflow will not occur because x >= eps^2/128 >= FOUR_SQRT_MIN
            let am1 = f(x, one + y, r) + f(x, one - y, s);
            (am1 + (am1 * (a + one)).sqrt()).ln_1p()
        } else if y < one {
            // fp = x*x/(1+y)/4, fm = x*x/(1-y)/4, and A = 1 (inexactly)
            x / ((one - y) * (one + y)).sqrt()
        } else {
            // y > 1: A-1 = y-1 (inexactly)
            ((y - one) + ((y - one) * (y + one)).sqrt()).ln_1p()
        }
    } else {
        (a + (a * a - one).sqrt()).ln()
    };

    let mut w = HardWork {
        rx,
        b_is_usable: false,
        b: T::zero(),
        sqrt_a2my2: T::zero(),
        new_y: y,
    };

    if y < four_sqrt_min() {
        // Avoid a possible underflow caused by y/A. For casinh this would be legitimate,
        // but will be picked up by invoking atan2 later on. For cacos it would not be.
        w.sqrt_a2my2 = a * (two::<T>() / eps);
        w.new_y = y * (two::<T>() / eps);
        return w;
    }

    // B = (|z+I| - |z-I|) / 2 = y/A
    w.b = y / a;
    w.b_is_usable = true;

    if w.b > b_crossover() {
        w.b_is_usable = false;
        // Amy = fp + fm, where fp = f(x, y+1), and fm = f(x, y-1).
        // sqrt_A2my2 = sqrt(Amy*(A+y))
        if y == one && x < eps / c128 {
            // fp is of order x^2, and fm = x/2; A = 1 (inexactly)
            w.sqrt_a2my2 = x.sqrt() * ((a + y) / two()).sqrt();
        } else if x >= eps * (y - one).abs() {
            // underflow will not occur: x >= eps/128 >= FOUR_SQRT_MIN and
            // x >= eps^2 >= FOUR_SQRT_MIN
            let amy = f(x, y + one, r) + f(x, y - one, s);
            w.sqrt_a2my2 = (amy * (a + y)).sqrt();
        } else if y > one {
            // fp = x*x/(y+1)/4, fm = x*x/(y-1)/4, and A = y (inexactly).
            // y < RECIP_EPSILON, so this scaling avoids any underflow problems.
            let scale = cst::<T>(4.0) / eps / eps;
            w.sqrt_a2my2 = x * scale * y / ((y + one) * (y - one)).sqrt();
            w.new_y = y * scale;
        } else {
            // y < 1: fm = 1-y >= eps, fp is of order x^2, and A = 1 (inexactly)
            w.sqrt_a2my2 = ((one - y) * (one + y)).sqrt();
        }
    }
    w
}

/// Complex inverse hyperbolic sine, Annex G special values (FreeBSD's `casinh`).
///
/// `casinh(z) = z + O(z³)` as `z → 0`;
/// `casinh(z) = sign(x)·clog(sign(x)·z) + O(1/z²)` as `z → ∞` (the imaginary part too,
/// because `Im(casinh(z)) = sign(x)·atan2(sign(x)·y, |x|) + O(y/z³)` uniformly in `y`).
pub fn casinh<T: Float>(z: Complex<T>) -> Complex<T> {
    let (x, y) = (z.re, z.im);
    let (ax, ay) = (x.abs(), y.abs());
    let zero = T::zero();

    if x.is_nan() || y.is_nan() {
        // casinh(+-Inf + I*NaN) = +-Inf + I*NaN
        if x.is_infinite() {
            return Complex::new(x, y + y);
        }
        // casinh(NaN + I*+-Inf) = opt(+-)Inf + I*NaN
        if y.is_infinite() {
            return Complex::new(y, x + x);
        }
        // casinh(NaN + I*0) = NaN + I*0
        if y == zero {
            return Complex::new(x + x, y);
        }
        // all other cases involving NaN return NaN + I*NaN
        return Complex::new(x + y, x + y);
    }

    if ax > recip_epsilon() || ay > recip_epsilon() {
        let w = if x.is_sign_negative() {
            clog_for_large_values(-z)
        } else {
            clog_for_large_values(z)
        };
        return Complex::new((w.re + m_ln2()).copysign(x), w.im.copysign(y));
    }

    if x == zero && y == zero {
        return z;
    }

    let small = sqrt_6_epsilon::<T>() / cst(4.0);
    if ax < small && ay < small {
        return z;
    }

    let w = do_hard_work(ax, ay);
    let ry = if w.b_is_usable {
        w.b.asin()
    } else {
        w.new_y.atan2(w.sqrt_a2my2)
    };
    Complex::new(w.rx.copysign(x), ry.copysign(y))
}

/// Complex inverse sine: `casin(z) = reverse(casinh(reverse(z)))` where
/// `reverse(x + I·y) = y + I·x` (FreeBSD's `casin`).
pub fn casin<T: Float>(z: Complex<T>) -> Complex<T> {
    let w = casinh(Complex::new(z.im, z.re));
    Complex::new(w.im, w.re)
}

/// Complex inverse cosine, Annex G special values (FreeBSD's `cacos`):
/// `π/2 − casin(z)`, computed so that it stays accurate near `z = 1`.
///
/// `cacos(z) = π/2 − z + O(z³)` as `z → 0`;
/// `cacos(z) = −sign(y)·I·clog(z) + O(1/z²)` as `z → ∞` (the real part too, because
/// `Re(cacos(z)) = atan2(|y|, x) + O(y/z³)` uniformly in `y`).
pub fn cacos<T: Float>(z: Complex<T>) -> Complex<T> {
    let (x, y) = (z.re, z.im);
    let (sx, sy) = (x.is_sign_negative(), y.is_sign_negative());
    let (ax, ay) = (x.abs(), y.abs());
    let zero = T::zero();
    let one = T::one();

    if x.is_nan() || y.is_nan() {
        // cacos(+-Inf + I*NaN) = NaN + I*opt(-)Inf
        if x.is_infinite() {
            return Complex::new(y + y, T::neg_infinity());
        }
        // cacos(NaN + I*+-Inf) = NaN + I*-+Inf
        if y.is_infinite() {
            return Complex::new(x + x, -y);
        }
        // cacos(0 + I*NaN) = PI/2 + I*NaN with inexact
        if x == zero {
            return Complex::new(pio2_hi::<T>() + pio2_lo(), y + y);
        }
        // all other cases involving NaN return NaN + I*NaN
        return Complex::new(x + y, x + y);
    }

    if ax > recip_epsilon() || ay > recip_epsilon() {
        let w = clog_for_large_values(z);
        let rx = w.im.abs();
        let mut ry = w.re + m_ln2();
        if !sy {
            ry = -ry;
        }
        return Complex::new(rx, ry);
    }

    if x == one && y == zero {
        return Complex::new(zero, -y);
    }

    let small = sqrt_6_epsilon::<T>() / cst(4.0);
    if ax < small && ay < small {
        return Complex::new(pio2_hi::<T>() - (x - pio2_lo()), -y);
    }

    let w = do_hard_work(ay, ax);
    let (b, sqrt_a2mx2, new_x) = (w.b, w.sqrt_a2my2, w.new_y);
    let rx = if w.b_is_usable {
        if sx {
            (-b).acos()
        } else {
            b.acos()
        }
    } else if sx {
        sqrt_a2mx2.atan2(-new_x)
    } else {
        sqrt_a2mx2.atan2(new_x)
    };
    let ry = if sy { w.rx } else { -w.rx };
    Complex::new(rx, ry)
}

/// Complex inverse hyperbolic cosine, Annex G special values (FreeBSD's `cacosh`):
/// `I·cacos(z)` or `−I·cacos(z)`, the sign chosen so that `Re(cacosh(z)) ≥ 0`; except
/// `cacosh(±0 + I·NaN) = NaN + I·π/2`, the Array API's (C99 and numpy: `NaN + I·NaN`).
pub fn cacosh<T: Float>(z: Complex<T>) -> Complex<T> {
    let w = cacos(z);
    let (rx, ry) = (w.re, w.im);
    // cacosh(NaN + I*NaN) = NaN + I*NaN
    if rx.is_nan() && ry.is_nan() {
        return Complex::new(ry, rx);
    }
    // cacosh(NaN + I*+-Inf) = +Inf + I*NaN; cacosh(+-Inf + I*NaN) = +Inf + I*NaN
    if rx.is_nan() {
        return Complex::new(ry.abs(), rx);
    }
    // cacosh(±0 + I*NaN) = NaN + I*PI/2: the Array API's `NaN ± πj/2` (I times
    // cacos(±0 + I*NaN) = PI/2 + I*NaN; FreeBSD, C99 and numpy give NaN + I*NaN)
    if ry.is_nan() {
        return Complex::new(ry, rx);
    }
    Complex::new(ry.abs(), rx.copysign(z.im))
}

/// `clog(z)` for `|z|` finite and larger than about `RECIP_EPSILON` (or infinite).
fn clog_for_large_values<T: Float>(z: Complex<T>) -> Complex<T> {
    let (x, y) = (z.re, z.im);
    let (mut ax, mut ay) = (x.abs(), y.abs());
    if ax < ay {
        core::mem::swap(&mut ax, &mut ay);
    }

    // Avoid overflow in hypot() when x and y are both very large: divide them by e and
    // add 1 to the logarithm (hypot cannot overflow when neither argument exceeds
    // MAX/√2 in magnitude; the threshold used is MAX/2, which is simpler).
    if ax > T::max_value() / two() {
        return Complex::new((x / m_e()).hypot(y / m_e()).ln() + T::one(), y.atan2(x));
    }

    // avoid overflow when x or y is large, and underflow when x or y is small
    if ax > quarter_sqrt_max() || ay < sqrt_min() {
        return Complex::new(x.hypot(y).ln(), y.atan2(x));
    }

    Complex::new((ax * ax + ay * ay).ln() / two(), y.atan2(x))
}

/*
 * catanh, catan
 */

/// `x·x + y·y` (or just `x·x` where `y·y` would underflow). Assumes `x·x` and `y·y` do not
/// overflow, `x` and `y` finite, `y ≥ 0`, and `|x| ≥ ε`.
fn sum_squares<T: Float>(x: T, y: T) -> T {
    // avoid underflow when y is small
    if y < sqrt_min() {
        return x * x;
    }
    x * x + y * y
}

/// Binary digits in `T`'s significand (53, 24): `ε = 2^(1 − MANT_DIG)`.
fn mant_dig<T: Float>() -> i32 {
    let (_, e, _) = T::epsilon().integer_decode();
    (2 - i32::from(e)) / 2
}

/// The unbiased exponent field of `v` as the C reads it from the word: `⌊log₂|v|⌋` for
/// normal `v`, `MIN_EXP − 2` for zero and subnormals, `MAX_EXP` for infinities.
fn exponent<T: Float>(v: T) -> i32 {
    let (_, e, _) = v.integer_decode();
    i32::from(e) + mant_dig::<T>() - 1
}

/// `Re(1/(x + I·y)) = x/(x² + y²)` without unwarranted underflow (inspired by C99 n1124
/// G.5.1 example 2). Assumes `x` and `y` are not NaN and one of them is larger than
/// `RECIP_EPSILON`. `creal(1/z)` is not used, as its imaginary part may underflow.
fn real_part_reciprocal<T: Float>(x: T, y: T) -> T {
    let ix = exponent(x);
    let iy = exponent(y);
    let max_exp = exponent(T::max_value()) + 1;
    // more guard digits are useful iff there is extra precision
    let cutoff = mant_dig::<T>() / 2 + 1; // just half or 1 guard digit
    if ix - iy >= cutoff || x.is_infinite() {
        return T::one() / x; // +-Inf -> +-0 is special
    }
    if iy - ix >= cutoff {
        return x / y / y; // should avoid double div, but hard
    }
    if ix <= max_exp / 2 - cutoff {
        return x / (x * x + y * y);
    }
    // 2^(1 - ilogb(x)): 1 - ix lies in [2 - MAX_EXP, 0), a normal power of two
    let scale = two::<T>().powi(1 - ix);
    let (x, y) = (x * scale, y * scale);
    x / (x * x + y * y) * scale
}

/// Real `atanh(x)` for `|x| ≤ 1` by FreeBSD's `e_atanh.c` formula on `|x|`, the sign put
/// back after. (`Float::atanh` computes `ln_1p(2x/(1−x))/2` on the signed `x`, which loses
/// all accuracy as `x → −1`.)
fn atanh<T: Float>(x: T) -> T {
    let one = T::one();
    let half = one / two();
    let a = x.abs();
    let t = if a < half {
        let t = a + a;
        half * (t + t * a / (one - a)).ln_1p()
    } else {
        half * ((a + a) / (one - a)).ln_1p()
    };
    t.copysign(x)
}

/// Complex inverse hyperbolic tangent, Annex G special values (FreeBSD's `catanh`):
///
/// `catanh(z) = log((1+z)/(1−z)) / 2
///            = log1p(4x / |z−1|²) / 4 + I·atan2(2y, (1−x)(1+x) − y²) / 2`;
/// `catanh(z) = z + O(z³)` as `z → 0`;
/// `catanh(z) = 1/z + sign(y)·I·π/2 + O(1/z³)` as `z → ∞` (the real part too, because
/// `Re(catanh(z)) = x/|z|² + O(x/z⁴)` uniformly in `x`).
pub fn catanh<T: Float>(z: Complex<T>) -> Complex<T> {
    let (x, y) = (z.re, z.im);
    let (ax, ay) = (x.abs(), y.abs());
    let zero = T::zero();
    let one = T::one();
    let eps = T::epsilon();
    let four: T = cst(4.0);

    // this helps handle many cases
    if y == zero && ax <= one {
        return Complex::new(atanh(x), y);
    }

    // to ensure the same accuracy as atan(), and to filter out z = 0
    if x == zero {
        return Complex::new(x, y.atan());
    }

    if x.is_nan() || y.is_nan() {
        // catanh(+-Inf + I*NaN) = +-0 + I*NaN
        if x.is_infinite() {
            return Complex::new(zero.copysign(x), y + y);
        }
        // catanh(NaN + I*+-Inf) = sign(NaN)0 + I*+-PI/2
        if y.is_infinite() {
            return Complex::new(zero.copysign(x), (pio2_hi::<T>() + pio2_lo()).copysign(y));
        }
        // all other cases involving NaN return NaN + I*NaN
        return Complex::new(x + y, x + y);
    }

    if ax > recip_epsilon() || ay > recip_epsilon() {
        return Complex::new(
            real_part_reciprocal(x, y),
            (pio2_hi::<T>() + pio2_lo()).copysign(y),
        );
    }

    let small = sqrt_3_epsilon::<T>() / two();
    if ax < small && ay < small {
        return z;
    }

    let rx = if ax == one && ay < eps {
        (m_ln2::<T>() - ay.ln()) / two()
    } else {
        (four * ax / sum_squares(ax - one, ay)).ln_1p() / four
    };

    let ry = if ax == one {
        two::<T>().atan2(-ay) / two()
    } else if ay < eps {
        (two::<T>() * ay).atan2((one - ax) * (one + ax)) / two()
    } else {
        (two::<T>() * ay).atan2((one - ax) * (one + ax) - ay * ay) / two()
    };

    Complex::new(rx.copysign(x), ry.copysign(y))
}

/// Complex inverse tangent: `catan(z) = reverse(catanh(reverse(z)))` where
/// `reverse(x + I·y) = y + I·x` (FreeBSD's `catan`).
pub fn catan<T: Float>(z: Complex<T>) -> Complex<T> {
    let w = catanh(Complex::new(z.im, z.re));
    Complex::new(w.im, w.re)
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::f64::consts::{FRAC_PI_2, FRAC_PI_4, PI};

    type F64 = fn(Complex<f64>) -> Complex<f64>;
    type F32 = fn(Complex<f32>) -> Complex<f32>;

    /// `got` is `want`: NaN matches NaN; infinities and zeros exactly, sign included;
    /// other values within 4 ε (of `got`'s type) of `want`, relatively.
    fn same(got: f64, want: f64, eps: f64) -> bool {
        if want.is_nan() || got.is_nan() {
            return want.is_nan() && got.is_nan();
        }
        if want == 0.0 || want.is_infinite() {
            return got == want && got.is_sign_negative() == want.is_sign_negative();
        }
        (got - want).abs() <= 4.0 * eps * want.abs()
    }

    /// `f` of `z` is `want` in both precisions (values from numpy 2.1.3).
    fn check((f, g): (F64, F32), z: (f64, f64), want: (f64, f64)) {
        let w = f(Complex::new(z.0, z.1));
        assert!(
            same(w.re, want.0, f64::EPSILON) && same(w.im, want.1, f64::EPSILON),
            "{z:?} gave {w:?}, expected {want:?}"
        );
        let w = g(Complex::new(z.0 as f32, z.1 as f32));
        let eps = f64::from(f32::EPSILON);
        assert!(
            same(w.re.into(), want.0, eps) && same(w.im.into(), want.1, eps),
            "{z:?} (f32) gave {w:?}, expected {want:?}"
        );
    }

    const ASINH: (F64, F32) = (casinh, casinh);
    const ASIN: (F64, F32) = (casin, casin);
    const ACOSH: (F64, F32) = (cacosh, cacosh);
    const ACOS: (F64, F32) = (cacos, cacos);
    const ATANH: (F64, F32) = (catanh, catanh);
    const ATAN: (F64, F32) = (catan, catan);

    const INF: f64 = f64::INFINITY;
    const NAN: f64 = f64::NAN;

    #[test]
    fn casinh_casin_annex_g() {
        check(ASINH, (0.0, 0.0), (0.0, 0.0));
        check(ASINH, (-0.0, -0.0), (-0.0, -0.0));
        check(ASINH, (INF, NAN), (INF, NAN));
        check(ASINH, (NAN, INF), (INF, NAN));
        check(ASINH, (NAN, 0.0), (NAN, 0.0));
        check(ASINH, (NAN, -0.0), (NAN, -0.0));
        check(ASINH, (0.0, NAN), (NAN, NAN));
        check(ASINH, (-INF, INF), (-INF, FRAC_PI_4));
        check(ASINH, (-INF, 1.0), (-INF, 0.0));
        check(ASINH, (1.0, -INF), (INF, -FRAC_PI_2));
        check(ASINH, (-0.0, 2.0), (-1.3169578969248166, FRAC_PI_2));
        check(ASINH, (-0.0, -2.0), (-1.3169578969248166, -FRAC_PI_2));
        check(ASIN, (-0.0, NAN), (-0.0, NAN));
        check(ASIN, (INF, NAN), (NAN, INF));
        check(ASIN, (-2.0, 0.0), (-FRAC_PI_2, 1.3169578969248166));
        check(ASIN, (-2.0, -0.0), (-FRAC_PI_2, -1.3169578969248166));
        check(ASIN, (1.0, -INF), (0.0, -INF));
        check(ASIN, (-INF, INF), (-FRAC_PI_4, INF));
    }

    #[test]
    fn cacos_cacosh_annex_g() {
        check(ACOS, (0.0, NAN), (FRAC_PI_2, NAN));
        check(ACOS, (-0.0, NAN), (FRAC_PI_2, NAN));
        check(ACOS, (NAN, INF), (NAN, -INF));
        check(ACOS, (INF, NAN), (NAN, -INF));
        check(ACOS, (1.0, 0.0), (0.0, -0.0));
        check(ACOS, (-0.0, -0.0), (FRAC_PI_2, 0.0));
        check(ACOS, (-INF, 1.0), (PI, -INF));
        check(ACOS, (-INF, INF), (3.0 * FRAC_PI_4, -INF));
        check(ACOS, (2.0, 0.0), (0.0, -1.3169578969248166));
        check(ACOS, (2.0, -0.0), (0.0, 1.3169578969248166));
        check(ACOS, (-2.0, -0.0), (PI, 1.3169578969248166));
        check(ACOSH, (0.0, NAN), (NAN, FRAC_PI_2));
        check(ACOSH, (-0.0, NAN), (NAN, FRAC_PI_2));
        check(ACOSH, (NAN, INF), (INF, NAN));
        check(ACOSH, (INF, NAN), (INF, NAN));
        check(ACOSH, (1.0, 0.0), (0.0, 0.0));
        check(ACOSH, (-0.0, -0.0), (0.0, -FRAC_PI_2));
        check(ACOSH, (-INF, INF), (INF, 3.0 * FRAC_PI_4));
        check(ACOSH, (-INF, 1.0), (INF, PI));
        check(ACOSH, (-2.0, 0.0), (1.3169578969248166, PI));
        check(ACOSH, (-2.0, -0.0), (1.3169578969248166, -PI));
        check(ACOSH, (NAN, NAN), (NAN, NAN));
    }

    #[test]
    fn catanh_catan_annex_g() {
        check(ATANH, (0.0, 0.0), (0.0, 0.0));
        check(ATANH, (-0.0, -0.0), (-0.0, -0.0));
        check(ATANH, (1.0, 0.0), (INF, 0.0));
        check(ATANH, (-1.0, -0.0), (-INF, -0.0));
        check(ATANH, (NAN, INF), (0.0, FRAC_PI_2));
        check(ATANH, (INF, NAN), (0.0, NAN));
        check(ATANH, (-0.0, NAN), (-0.0, NAN));
        check(ATANH, (NAN, 0.0), (NAN, NAN));
        check(ATANH, (-INF, INF), (-0.0, FRAC_PI_2));
        check(ATANH, (1.0, -INF), (0.0, -FRAC_PI_2));
        check(ATANH, (-2.0, 0.0), (-0.5493061443340549, FRAC_PI_2));
        check(ATANH, (-2.0, -0.0), (-0.5493061443340549, -FRAC_PI_2));
        check(ATAN, (NAN, INF), (NAN, 0.0));
        check(ATAN, (INF, NAN), (FRAC_PI_2, 0.0));
        check(ATAN, (NAN, -0.0), (NAN, -0.0));
        check(ATAN, (-INF, 1.0), (-FRAC_PI_2, 0.0));
        check(ATAN, (-0.0, 2.0), (-FRAC_PI_2, 0.5493061443340549));
        check(ATAN, (-0.0, -2.0), (-FRAC_PI_2, -0.5493061443340549));
        check(ATAN, (0.0, 0.0), (0.0, 0.0));
    }

    #[test]
    fn finite_values() {
        check(ASINH, (1.0, 1.0), (1.0612750619050357, 0.6662394324925152));
        check(
            ASINH,
            (-1.5, 0.5),
            (-1.226456871251406, 0.27348729014155687),
        );
        check(ASINH, (2.0, 10.0), (3.0131175744705696, 1.3724700129600576));
        check(
            ASIN,
            (0.5, -2.0),
            (0.22101863562288385, -1.4657153519472905),
        );
        check(ASIN, (-1.5, -0.0), (-FRAC_PI_2, -0.9624236501192069));
        check(ACOS, (-1.5, 0.5), (2.741953586253269, -1.0693110431581105));
        check(ACOS, (0.0, 3.0), (FRAC_PI_2, -1.8184464592320668));
        check(
            ACOSH,
            (0.5, -2.0),
            (1.4657153519472905, -1.3497776911720127),
        );
        check(ACOSH, (3.0, 0.0), (1.7627471740390859, 0.0));
        check(
            ATANH,
            (-1.5, 0.5),
            (-0.6412373393653842, 1.2767950250211129),
        );
        check(ATANH, (2.0, 10.0), (0.01905684134697106, 1.474902255801544));
        check(ATAN, (0.5, -2.0), (1.421546861001807, -0.5003700000525311));
        check(ATAN, (-1.5, -0.0), (-0.982793723247329, -0.0));
        // tiny and huge (f64 only: these are outside f32's range)
        let z = Complex::new(1e300, 1e300);
        let w = casinh(z);
        assert!(same(w.re, 691.8152486690535, f64::EPSILON) && same(w.im, FRAC_PI_4, f64::EPSILON));
        let w = catanh(z);
        assert!(
            same(w.re, 4.999999999999999e-301, f64::EPSILON) && same(w.im, FRAC_PI_2, f64::EPSILON)
        );
        let w = cacos(Complex::new(1e-300, 1e-300));
        assert!(same(w.re, FRAC_PI_2, f64::EPSILON) && same(w.im, -1e-300, f64::EPSILON));
    }
}
