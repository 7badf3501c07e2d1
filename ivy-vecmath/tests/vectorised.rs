//! `vectorised` runs a loop at each level with the same bits: a multiply then an add is not
//! fused into one rounding at the FMA levels, divisions, square roots, conversions and
//! wrapping integer arithmetic are exact everywhere.

mod common;

use ivy_vecmath::{vectorised_at, Level, VectorLoop};

/// Element-wise `x * s + a`, `x / y`, `sqrt(|x|)`, `(x * s) as f32` and a wrapping
/// `i * j + k` of the inputs, into the outputs.
struct Ops<'a> {
    x: &'a [f64],
    y: &'a [f64],
    ints: &'a [i32],
    out: &'a mut [[f64; 3]],
    narrow: &'a mut [f32],
    wrapped: &'a mut [i32],
}

impl VectorLoop for Ops<'_> {
    type Output = ();
    #[inline(always)]
    fn run(self) {
        let (s, a) = (1.000_000_1, -0.333_333_333_333);
        for ((o, &x), &y) in self.out.iter_mut().zip(self.x).zip(self.y) {
            *o = [x * s + a, x / y, x.abs().sqrt()];
        }
        for (o, &x) in self.narrow.iter_mut().zip(self.x) {
            *o = (x * s) as f32;
        }
        for (o, &i) in self.wrapped.iter_mut().zip(self.ints) {
            *o = i.wrapping_mul(i).wrapping_add(7);
        }
    }
}

#[test]
fn every_level_gives_the_scalar_bits() {
    let mut next = common::xorshift(0x9e37_79b9_7f4a_7c15);
    let n = 10_007;
    let x: Vec<f64> = (0..n).map(|_| f64::from_bits(next() >> 2) - 1.5).collect();
    let y: Vec<f64> = (0..n).map(|_| (next() >> 11) as f64 / 7.0 + 0.5).collect();
    let ints: Vec<i32> = (0..n).map(|_| next() as i32).collect();
    let run = |level: Level| {
        let mut out = vec![[0.0; 3]; n];
        let mut narrow = vec![0.0f32; n];
        let mut wrapped = vec![0i32; n];
        vectorised_at(
            level,
            Ops {
                x: &x,
                y: &y,
                ints: &ints,
                out: &mut out,
                narrow: &mut narrow,
                wrapped: &mut wrapped,
            },
        );
        let bits: Vec<u64> = out.iter().flatten().map(|v| v.to_bits()).collect();
        let narrow: Vec<u32> = narrow.iter().map(|v| v.to_bits()).collect();
        (bits, narrow, wrapped)
    };
    let scalar = run(Level::Scalar);
    // the fused result differs from the two roundings for some of these inputs: a loop that
    // fused would fail below
    let fused = x
        .iter()
        .filter(|&&v| {
            v.mul_add(1.000_000_1, -0.333_333_333_333) != v * 1.000_000_1 - 0.333_333_333_333
        })
        .count();
    assert!(fused > 0);
    for level in Level::ALL {
        assert!(run(level) == scalar, "{level:?}");
    }
}
