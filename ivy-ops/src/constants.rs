//! The Array API's constants (`e`, `inf`, `nan`, `pi`), as `f64`s: pass them wherever a
//! scalar goes (they take an array's dtype there, as Python floats do). Its `newaxis` is
//! an index item, [`NEWAXIS`](crate::NEWAXIS) (see [`indexing`](crate::indexing)).
//!
//! ```
//! use ivy::prelude::*;
//! ivy::set_backend(Backend::Ndarray);
//! let x = ivy::full(&[2], ivy::PI)?;
//! assert_eq!(ivy::divide(&x, ivy::PI)?.to_f64_vec()?, [1.0, 1.0]);
//! assert!(ivy::NAN.is_nan() && ivy::INF > f64::MAX && (ivy::E.ln() - 1.0).abs() < 1e-16);
//! # Ok::<(), ivy::Error>(())
//! ```

/// Euler's number, `e = 2.71828…` (the Array API's `e`).
pub const E: f64 = std::f64::consts::E;
/// Positive infinity (the Array API's `inf`).
pub const INF: f64 = f64::INFINITY;
/// Not a number (the Array API's `nan`).
pub const NAN: f64 = f64::NAN;
/// `π = 3.14159…` (the Array API's `pi`).
pub const PI: f64 = std::f64::consts::PI;
