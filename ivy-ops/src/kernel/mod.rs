//! The kernel layer: element types and the math, folds, sorts and loops over plain slices.
//! Nothing here knows `Array`, a backend or an op's declaration; every
//! other layer may import it, and it imports nothing of theirs (a test reads the sources:
//! `tests/tests/suite/layering.rs`).
//!
//! - [`elem`]: the element types (`Elem`, `IntElem`, `RealElem`) and their conversions;
//! - [`class`]: the element classes of the families (`Unary`, `Binary`, `Predicate`,
//!   `Compare`, `Reduction`), their slice kernels and the row macros;
//! - [`rows`]: the kernel rows, one per family op;
//! - real and complex math (`real_math`, `complex_math`, `complex_catrig`), reductions
//!   (`reduce`), sorting (`sort`), the parallel splitter (`par`), fallible allocation
//!   (`alloc`), gathers at indices (`gather`), the host matrix product (`gemm`) and the
//!   element-wise walk over any layout with broadcasting (`strided`).

pub(crate) mod alloc;
#[cfg(feature = "candle")]
pub(crate) mod candle_ops;
pub mod class;
pub(crate) mod complex_catrig;
pub(crate) mod complex_math;
pub mod elem;
pub(crate) mod gather;
pub(crate) mod gemm;
pub(crate) mod par;
pub(crate) mod real_math;
pub(crate) mod reduce;
pub mod rows;
pub(crate) mod sort;
pub(crate) mod strided;

/// Two shapes are equal. Shapes are a few lengths: comparing them inline costs less than
/// the `memcmp` call that slice equality makes.
#[inline]
pub(crate) fn same_shape(a: &[usize], b: &[usize]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x == y)
}

/// The kernels' tests' seeded random numbers: xorshift64 from `state` (not zero).
#[cfg(test)]
pub(crate) fn xorshift(mut state: u64) -> impl FnMut() -> u64 {
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }
}
