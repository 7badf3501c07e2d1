//! The behaviour suite, one test binary: each file a module (one link of ivy and candle
//! instead of one per file). Run one part with `cargo test -p ivy-tests --test suite -- golden::`.

mod agreement;
mod alloc;
mod arrays;
mod casting;
mod conformance;
mod containers;
mod convenience;
mod creation;
mod custom_arrays;
mod data_types;
mod devices;
mod display;
mod docs;
mod elementwise;
mod fft;
mod global_defaults;
mod golden;
mod gradients;
mod indexing;
mod inplace;
mod layering;
mod layers;
mod linalg;
mod operators;
mod params;
mod random_calls;
mod reductions_losses;
mod regressions;
mod robustness;
mod safetensors;
mod semantics;
mod sorting;
mod specs;
mod support_calls;
mod ui;
