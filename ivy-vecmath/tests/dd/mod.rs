//! Double-double references (`hi + lo`, about 100 correct bits) for the `f64` sweeps of the
//! functions whose glibc result is itself up to 0.7–1.9 ULP off (`expm1`, `log1p`, `log10`,
//! `sinh`, `cosh`, `tanh`, `asinh`, `acosh`, `atanh`, measured against mpmath): against
//! glibc, an accurate kernel would be seen up to ~2.5 ULP off. Each is the textbook
//! formula evaluated in double-double, from `exp` and `log` computed here by Taylor series
//! and Newton's method; `reference_values` checks them against mpmath.
//!
//! Slow (≈ 1 µs a value) and plain: references only.

#![allow(dead_code)]

/// An unevaluated sum `hi + lo`, |lo| ≤ ulp(hi) / 2.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Dd {
    pub hi: f64,
    pub lo: f64,
}

fn fast_two_sum(a: f64, b: f64) -> Dd {
    let s = a + b;
    Dd {
        hi: s,
        lo: b - (s - a),
    }
}

fn two_sum(a: f64, b: f64) -> Dd {
    let s = a + b;
    let bb = s - a;
    Dd {
        hi: s,
        lo: (a - (s - bb)) + (b - bb),
    }
}

fn two_prod(a: f64, b: f64) -> Dd {
    let p = a * b;
    Dd {
        hi: p,
        lo: a.mul_add(b, -p),
    }
}

impl Dd {
    pub const fn new(hi: f64, lo: f64) -> Dd {
        Dd { hi, lo }
    }
    pub fn from(x: f64) -> Dd {
        Dd { hi: x, lo: 0.0 }
    }
    pub fn add(self, o: Dd) -> Dd {
        let s = two_sum(self.hi, o.hi);
        let t = two_sum(self.lo, o.lo);
        let v = fast_two_sum(s.hi, s.lo + t.hi);
        fast_two_sum(v.hi, v.lo + t.lo)
    }
    pub fn addf(self, o: f64) -> Dd {
        self.add(Dd::from(o))
    }
    pub fn neg(self) -> Dd {
        Dd::new(-self.hi, -self.lo)
    }
    pub fn sub(self, o: Dd) -> Dd {
        self.add(o.neg())
    }
    pub fn mul(self, o: Dd) -> Dd {
        let p = two_prod(self.hi, o.hi);
        fast_two_sum(p.hi, p.lo + (self.hi * o.lo + self.lo * o.hi))
    }
    pub fn mulf(self, o: f64) -> Dd {
        self.mul(Dd::from(o))
    }
    pub fn div(self, o: Dd) -> Dd {
        let q1 = self.hi / o.hi;
        let r = self.sub(o.mulf(q1));
        let q2 = r.hi / o.hi;
        let r = r.sub(o.mulf(q2));
        let q3 = r.hi / o.hi;
        fast_two_sum(q1, q2).addf(q3)
    }
    pub fn divf(self, o: f64) -> Dd {
        self.div(Dd::from(o))
    }
    pub fn sqrt(self) -> Dd {
        if self.hi <= 0.0 {
            return Dd::from(self.hi.sqrt());
        }
        let s = self.hi.sqrt();
        let r = self.sub(two_prod(s, s));
        fast_two_sum(s, r.hi / (2.0 * s))
    }
    /// Times a power of two.
    pub fn scale(self, p: f64) -> Dd {
        Dd::new(self.hi * p, self.lo * p)
    }
    pub fn abs(self) -> Dd {
        if self.hi < 0.0 {
            self.neg()
        } else {
            self
        }
    }
}

use std::f64::consts::{LN_2, LOG10_E, LOG2_E};

pub const LN2: Dd = Dd::new(LN_2, 2.3190468138462996e-17);
pub const INV_LN2: Dd = Dd::new(LOG2_E, 2.0355273740931033e-17);
pub const INV_LN10: Dd = Dd::new(LOG10_E, 1.098319650216765e-17);

/// 1/n! for n = 0..=13, in double-double (computed once).
fn inv_factorials() -> &'static [Dd; 14] {
    static T: std::sync::OnceLock<[Dd; 14]> = std::sync::OnceLock::new();
    T.get_or_init(|| {
        let mut t = [Dd::from(1.0); 14];
        for n in 1..14 {
            t[n] = t[n - 1].divf(n as f64);
        }
        t
    })
}

/// `e^x − 1` for |x| ≤ 0.36: Taylor series (to x^13/13!) of `y = x / 32`, then
/// `expm1(2y) = expm1(y) (2 + expm1(y))` five times.
fn expm1_small(x: Dd) -> Dd {
    if x.hi.abs() < 1e-280 {
        return x;
    }
    let f = inv_factorials();
    let y = x.scale(1.0 / 32.0);
    let mut acc = f[13];
    for n in (1..13).rev() {
        acc = f[n].add(acc.mul(y));
    }
    let mut e = y.mul(acc);
    for _ in 0..5 {
        e = e.mul(e.addf(2.0));
    }
    e
}

/// `e^x`, for `x` below 709.7 (larger overflows).
pub fn exp(x: Dd) -> Dd {
    let k = (x.hi / LN2.hi).round();
    let r = x.sub(LN2.mulf(k));
    let e = expm1_small(r).addf(1.0);
    // 2^k in two halves (k up to 1024)
    let k1 = (k / 2.0).floor();
    e.scale(2f64.powi(k1 as i32))
        .scale(2f64.powi((k - k1) as i32))
}

/// `e^x − 1`.
pub fn expm1(x: Dd) -> Dd {
    if x.hi.abs() <= 0.34 {
        expm1_small(x)
    } else {
        exp(x).addf(-1.0)
    }
}

/// `log x` for positive finite `x`: `x = 2^e m`, `log m` by one Newton step from `m.ln()`.
pub fn log(x: Dd) -> Dd {
    if (x.hi - 1.0).abs() < 0.25 {
        // near 1, keeping relative accuracy (x − 1 is exact)
        return log1p(x.addf(-1.0));
    }
    let (mut hi, mut e) = (x.hi, 0i32);
    if hi < f64::MIN_POSITIVE {
        hi *= 2f64.powi(54);
        e -= 54;
    }
    let bits = hi.to_bits();
    let mut ex = ((bits >> 52) & 0x7ff) as i32 - 1023;
    let mut m = f64::from_bits((bits & !(0x7ff << 52)) | (1023 << 52));
    if m > std::f64::consts::SQRT_2 {
        m *= 0.5;
        ex += 1;
    }
    e += ex;
    let scale = m / hi; // exact: a power of two
    let md = Dd::new(m, x.lo * scale);
    let y0 = m.ln();
    // log m = y0 + log1p(m e^-y0 − 1), the argument ≈ 2^-52
    let t = md.mul(exp(Dd::from(-y0))).addf(-1.0);
    let l1p = t.sub(t.mul(t).scale(0.5));
    LN2.mulf(e as f64).add(Dd::from(y0).add(l1p))
}

/// `log(1 + x)` for `x > −1`: near 0 one Newton step on `expm1`, keeping relative accuracy.
pub fn log1p(x: Dd) -> Dd {
    if x.hi.abs() < 0.25 {
        if x.hi.abs() < 1e-280 {
            return x;
        }
        let y0 = x.hi.ln_1p();
        let e = expm1(Dd::from(y0));
        // 1 + x = (1 + e)(1 + t)
        let t = x.sub(e).div(e.addf(1.0));
        Dd::from(y0).add(t.sub(t.mul(t).scale(0.5)))
    } else if x.hi > 1e300 {
        log(x).add(Dd::from(1.0).div(x))
    } else {
        log(x.addf(1.0))
    }
}

pub fn f(x: f64) -> Dd {
    Dd::from(x)
}

pub fn expm1_ref(x: f64) -> Dd {
    if x > 709.7 {
        return f(f64::INFINITY);
    }
    expm1(f(x))
}

pub fn log1p_ref(x: f64) -> Dd {
    log1p(f(x))
}

pub fn log2_ref(x: f64) -> Dd {
    log(f(x)).mul(INV_LN2)
}

pub fn log10_ref(x: f64) -> Dd {
    log(f(x)).mul(INV_LN10)
}

fn signed(x: f64, v: Dd) -> Dd {
    if x < 0.0 {
        v.neg()
    } else {
        v
    }
}

pub fn sinh_ref(x: f64) -> Dd {
    let a = x.abs();
    let v = if a > 40.0 {
        // e^a / 2 (e^-a / 2 is below 2^-115 of it)
        if a > 710.5 {
            f(f64::INFINITY)
        } else {
            exp(f(a).sub(LN2))
        }
    } else {
        let e = expm1(f(a));
        e.add(e.div(e.addf(1.0))).scale(0.5)
    };
    signed(x, v)
}

pub fn cosh_ref(x: f64) -> Dd {
    let a = x.abs();
    if a > 40.0 {
        if a > 710.5 {
            f(f64::INFINITY)
        } else {
            exp(f(a).sub(LN2))
        }
    } else {
        let e = exp(f(a));
        e.add(Dd::from(1.0).div(e)).scale(0.5)
    }
}

pub fn tanh_ref(x: f64) -> Dd {
    let a = x.abs();
    let v = if a > 40.0 {
        f(1.0)
    } else {
        let e = expm1(f(2.0 * a));
        e.div(e.addf(2.0))
    };
    signed(x, v)
}

pub fn asinh_ref(x: f64) -> Dd {
    let a = x.abs();
    let v = if a > 2f64.powi(30) {
        // log 2a + 1/4a² − 3/32a⁴ + …
        log(f(a)).add(LN2).addf(0.25 / a / a)
    } else {
        let a2 = f(a).mul(f(a));
        log1p(f(a).add(a2.div(a2.addf(1.0).sqrt().addf(1.0))))
    };
    signed(x, v)
}

pub fn acosh_ref(x: f64) -> Dd {
    if x > 2f64.powi(30) {
        // log 2x − 1/4x² − 3/32x⁴ − …
        log(f(x)).add(LN2).addf(-0.25 / x / x)
    } else {
        let t = f(x).addf(-1.0);
        log1p(t.add(t.mul(t.addf(2.0)).sqrt()))
    }
}

pub fn atanh_ref(x: f64) -> Dd {
    let a = x.abs();
    let one_minus = f(1.0).sub(f(a));
    signed(x, log1p(f(2.0 * a).div(one_minus)).scale(0.5))
}

/// `max(x, 0) + log1p(e^-|x|)`.
pub fn softplus_ref(x: f64) -> Dd {
    let l = if x.abs() > 745.0 {
        f(0.0)
    } else {
        log1p(exp(f(-x.abs())))
    };
    l.addf(x.max(0.0))
}

/// `1 / (1 + e^-x)`, from `z = e^-|x|`: `1 / (1 + z)` for `x ≥ 0`, `z / (1 + z)` below.
pub fn sigmoid_ref(x: f64) -> Dd {
    if x < -745.0 {
        return f(0.0);
    }
    let z = exp(f(-x.abs().min(745.0)));
    let d = z.addf(1.0);
    if x >= 0.0 {
        f(1.0).div(d)
    } else {
        z.div(d)
    }
}

/// GELU's tanh form `x σ(u)`, `u = 2 √(2/π) (x + 0.044715 x³)` (the kernel's `f64`
/// constants), with `u` and `σ` in double-double.
pub fn gelu_tanh_ref(x: f64) -> Dd {
    let xd = f(x);
    let u = xd
        .add(xd.mul(xd).mul(xd).mulf(0.044_715))
        .mulf(2.0 * 0.797_884_560_802_865_4);
    let z = exp(f(0.0).sub(u.abs()));
    let d = z.addf(1.0);
    xd.mul(if u.hi >= 0.0 { f(1.0).div(d) } else { z.div(d) })
}

/// SiLU, `x σ(x)`, in double-double.
pub fn silu_ref(x: f64) -> Dd {
    f(x).mul(sigmoid_ref(x))
}

/// Mish, `x tanh(softplus(x))`, from `z = e^-|x|` in double-double.
pub fn mish_ref(x: f64) -> Dd {
    let z = exp(f(-x.abs().min(745.0)));
    let t = if x >= 0.0 {
        let n = z.mulf(2.0).addf(1.0);
        n.div(n.add(z.mul(z).mulf(2.0)))
    } else {
        let m = z.mul(z.addf(2.0));
        m.div(m.addf(2.0))
    };
    f(x).mul(t)
}

/// numpy's `logaddexp`: `a + ln 2` (rounded, as numpy computes it) where `a == b`, else
/// `max + log1p(e^-|a − b|)` with the exact difference.
pub fn logaddexp_ref(a: f64, b: f64) -> Dd {
    if a == b {
        return f(a + std::f64::consts::LN_2);
    }
    let d = two_sum(a, -b).abs();
    let l = if d.hi > 745.0 {
        f(0.0)
    } else {
        log1p(exp(d.neg()))
    };
    l.addf(a.max(b))
}
