//! ivy-rs's kernel layer: element types and the math, folds, sorts and loops over plain
//! slices. Nothing here knows `Array`, a backend's ops or an op's declaration: `ivy-ops`
//! (the `ivy` crate) builds on this crate, re-exports it as `ivy::kernel`, and this crate
//! cannot name anything of `ivy`'s (the dependency goes one way, so the compiler keeps the
//! layering). Its unit tests compile this crate alone, not the whole of `ivy`.
//!
//! - [`elem`]: the element types (`Elem`, `IntElem`, `RealElem`) and their conversions;
//! - [`class`]: the element classes of the families (`Unary`, `Binary`, `Predicate`,
//!   `Compare`, `Reduction`), their slice kernels and the row macros;
//! - [`rows`]: the kernel rows, one per family op (`ivy::kernels`);
//! - real and complex math (`real_math`, `complex_math`, `complex_catrig`), reductions
//!   (`reduce`), integer division by a broadcast divisor (`divisor`), sorting (`sort`), the
//!   parallel splitter (`par`), fallible allocation
//!   (`alloc`), gathers at indices (`gather`), the host matrix product (`gemm`) and the
//!   element-wise walk over any layout with broadcasting (`strided`). These are public for
//!   `ivy`'s use, hidden from the docs, with no stability promise.
//!
//! ```
//! use ivy_kernel::class::Kernel;
//! assert_eq!(ivy_kernel::rows::Exp::NAME, "exp");
//! ```

#![warn(missing_docs)]
// A one-backend build of `ivy` keeps arms and helpers the other backend alone uses.
#![cfg_attr(
    not(all(feature = "ndarray", feature = "candle")),
    allow(dead_code, unused_variables, unreachable_code)
)]

/// The vector-math crate, for the rows' `simd(..)` kernels (the row macros name it).
#[doc(hidden)]
pub use ivy_vecmath as __vecmath;

#[doc(hidden)]
pub mod alloc;
#[cfg(feature = "candle")]
#[doc(hidden)]
pub mod candle_ops;
pub mod class;
#[doc(hidden)]
pub mod complex_catrig;
#[doc(hidden)]
pub mod complex_math;
#[doc(hidden)]
pub mod divisor;
pub mod elem;
#[doc(hidden)]
pub mod gather;
#[doc(hidden)]
pub mod gemm;
#[doc(hidden)]
pub mod par;
#[doc(hidden)]
pub mod real_math;
#[doc(hidden)]
pub mod reduce;
pub mod rows;
#[doc(hidden)]
pub mod sort;
#[doc(hidden)]
pub mod strided;

/// `s` as the initialised values it holds (the kernels write every slot of a result or an
/// accumulator, then work on it as values).
///
/// # Safety
/// Every element of `s` is initialised.
pub(crate) unsafe fn init_mut<T>(s: &mut [std::mem::MaybeUninit<T>]) -> &mut [T] {
    // SAFETY: the caller's; `MaybeUninit<T>` has `T`'s layout
    unsafe { &mut *(s as *mut [std::mem::MaybeUninit<T>] as *mut [T]) }
}

/// Two shapes are equal. Shapes are a few lengths: comparing them inline costs less than
/// the `memcmp` call that slice equality makes.
#[doc(hidden)]
#[inline]
pub fn same_shape(a: &[usize], b: &[usize]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x == y)
}

/// The kernels' tests' seeded random numbers: xorshift64 from `state` (not zero).
#[cfg(test)]
pub fn xorshift(mut state: u64) -> impl FnMut() -> u64 {
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }
}
