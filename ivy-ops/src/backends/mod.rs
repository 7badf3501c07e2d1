//! The backends: each one's native array type, its implementations of the categories' backend
//! traits and of the family contract ([`Kernels`](crate::engine::family::Kernels)). The
//! table that picks one by value is [`crate::native`].

#[cfg(feature = "candle")]
pub mod candle;
#[cfg(feature = "ndarray")]
pub mod ndarray;

#[cfg(feature = "candle")]
pub use self::candle::{CandleArray, CandleBackend};
#[cfg(feature = "ndarray")]
pub use self::ndarray::{NdArray, NdLent, NdarrayBackend};
pub use crate::native::{devices, is_compiled, valid_dtypes};

/// Stand-in for the ndarray data when the `ndarray` feature is off (no value exists).
#[cfg(not(feature = "ndarray"))]
#[derive(Clone, Debug)]
pub enum NdArray {}
/// Stand-in for a lent ndarray buffer when the `ndarray` feature is off (no value exists).
#[cfg(not(feature = "ndarray"))]
#[derive(Debug)]
pub enum NdLent {}
/// Stand-in for candle data when the `candle` feature is off (no value exists).
#[cfg(not(feature = "candle"))]
#[derive(Clone, Debug)]
pub enum CandleArray {}
