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
