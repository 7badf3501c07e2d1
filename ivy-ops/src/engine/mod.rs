//! The engine layer: what every op shares, computed once for every backend: checks, dtype
//! and device inference, `out` writing, support answers, nesting over Containers, the
//! family drivers, creation's host values and the indexing engine. It imports the kernel
//! layer (the `ivy-kernel` crate) and the array types (`Array`, `Value`, the registry),
//! never `functional/` (declarations) or `backends/` (a test reads the sources:
//! `tests/tests/suite/layering.rs`).
//! An op's own plan (`MatmulPlan`, `TakePlan`, …) stays beside its declaration in
//! `functional/`: the generated code computes it once and hands it to the backend.

pub mod checks;
pub mod creation;
pub mod dense;
pub mod family;
pub mod fft;
pub mod indexing;
pub mod nest;
pub mod out;
pub mod support;
