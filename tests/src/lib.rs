//! Shared helpers of the behaviour suite: `test_backends!` runs each test body once per
//! compiled-in backend, with that backend set (burn's backend tests, candle's `test_device!`).

use ivy::{Array, Result};

/// Declares tests that run on every backend: `test_backends! { fn name(b) { body } }`
/// generates `name::ndarray` and `name::candle`, each running `body` under
/// `ivy::with_backend(b, ..)` and failing on `Err`.
#[macro_export]
macro_rules! test_backends {
    ($(fn $name:ident($b:ident) $body:block)*) => {$(
        mod $name {
            #[allow(unused_imports)]
            use super::*;
            #[allow(unused_variables)]
            fn run($b: ::ivy::Backend) -> ::ivy::Result<()> {
                ::ivy::with_backend($b, || -> ::ivy::Result<()> { $body Ok(()) })
            }
            #[test]
            fn ndarray() {
                run(::ivy::Backend::Ndarray).unwrap()
            }
            #[test]
            fn candle() {
                run(::ivy::Backend::Candle).unwrap()
            }
        }
    )*};
}

/// A float32 array of `v` on the current backend.
pub fn f32s(v: &[f64]) -> Result<Array> {
    ivy::asarray_with(
        ivy::Data::from(v.to_vec()),
        ivy::prelude::AsarrayKw {
            dtype: Some(ivy::Dtype::Float32),
            device: None,
        },
    )
}

/// An array of `v` with `dtype` on the current backend.
pub fn typed(v: &[f64], dtype: ivy::Dtype) -> Result<Array> {
    ivy::asarray_with(
        ivy::Data::from(v.to_vec()),
        ivy::prelude::AsarrayKw {
            dtype: Some(dtype),
            device: None,
        },
    )
}

/// Asserts two float slices are equal within `tol`.
#[track_caller]
pub fn assert_close(got: &[f64], want: &[f64], tol: f64) {
    assert_eq!(got.len(), want.len(), "lengths differ: {got:?} vs {want:?}");
    for (g, w) in got.iter().zip(want) {
        assert!(
            (g - w).abs() <= tol * (1.0 + w.abs()),
            "{got:?} != {want:?}"
        );
    }
}

/// A small deterministic generator (splitmix64) for the seeded tests: no crate, and the same
/// sequence on every machine.
#[derive(Clone, Debug)]
pub struct Rng(pub u64);

impl Rng {
    /// A generator from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }
    /// The next 64 random bits.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// A value in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    /// `true` with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }
    /// One element of `s` (non-empty).
    pub fn pick<T: Clone>(&mut self, s: &[T]) -> T {
        s[self.below(s.len())].clone()
    }
    /// A value in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
    /// A value in `[lo, hi)`.
    pub fn uniform(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }
    /// A value in `lo..=hi`.
    pub fn range_i64(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }
}

/// Fails, naming every op of the registry for which `has_row` is false: the registry-driven
/// suites keep a row per op, and a new op without one must not go untested.
#[track_caller]
pub fn assert_row_for_every_op(file: &str, what: &str, has_row: impl Fn(&str) -> bool) {
    let missing: Vec<&str> = ivy::registry::ops()
        .iter()
        .map(|e| e.meta.name)
        .filter(|n| !has_row(n))
        .collect();
    assert!(
        missing.is_empty(),
        "{file} has no row for: {}; add a row for op {} to `row` ({what})",
        missing.join(", "),
        missing[0]
    );
}

/// Whether the kernel grants any allocation size (`vm.overcommit_memory = 1`); then only
/// sizes beyond the address space fail, and the huge-size tests use those.
pub fn overcommit_always() -> bool {
    std::fs::read_to_string("/proc/sys/vm/overcommit_memory")
        .map(|s| s.trim() == "1")
        .unwrap_or(false)
}
