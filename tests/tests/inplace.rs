//! `inplace_update` with each backend's semantics (the inplace-updates page).

use ivy::prelude::*;
use ivy::Error;
use ivy_tests::{f32s, typed};

#[test]
fn ndarray_writes_the_buffer() {
    ivy::with_backend(Backend::Ndarray, || {
        let mut x = f32s(&[1.0, 2.0, 3.0]).unwrap();
        let val = typed(&[7.0, 8.0, 9.0], Dtype::Float64).unwrap();
        let keep = InplaceUpdateKw {
            ensure_in_backend: false,
            keep_input_dtype: true,
        };
        ivy::inplace_update_with(&mut x, &val, keep).unwrap();
        assert_eq!(
            (x.dtype(), x.to_f64_vec().unwrap()),
            (Dtype::Float32, vec![7.0, 8.0, 9.0])
        );
        // broadcasting val
        ivy::inplace_update(&mut x, f32s(&[5.0]).unwrap()).unwrap();
        assert_eq!(x.to_f64_vec().unwrap(), vec![5.0, 5.0, 5.0]);
        // ensure_in_backend is fine: ndarray buffers are mutable
        let kw = InplaceUpdateKw {
            ensure_in_backend: true,
            keep_input_dtype: true,
        };
        ivy::inplace_update_with(&mut x, &val, kw).unwrap();
        // by default (keep_input_dtype = false, as in Ivy) x takes val's dtype
        ivy::inplace_update(&mut x, &val).unwrap();
        assert_eq!(x.dtype(), Dtype::Float64);
        // the buffer itself is written: a view taken before sees the update
        let mut y = f32s(&[0.0, 0.0]).unwrap();
        let before = match y.native() {
            ivy::NativeArray::Ndarray(ivy::backends::NdArray::Float32(a)) => a.as_ptr(),
            _ => unreachable!(),
        };
        ivy::inplace_update(&mut y, f32s(&[1.0, 2.0]).unwrap()).unwrap();
        let after = match y.native() {
            ivy::NativeArray::Ndarray(ivy::backends::NdArray::Float32(a)) => a.as_ptr(),
            _ => unreachable!(),
        };
        assert_eq!(before, after);
    });
}

#[test]
fn candle_rebinds_and_refuses_ensure_in_backend() {
    ivy::with_backend(Backend::Candle, || {
        let mut x = f32s(&[1.0, 2.0]).unwrap();
        let val = f32s(&[3.0, 4.0]).unwrap();
        ivy::inplace_update(&mut x, &val).unwrap();
        assert_eq!(x.to_f64_vec().unwrap(), vec![3.0, 4.0]);
        let kw = InplaceUpdateKw {
            ensure_in_backend: true,
            keep_input_dtype: true,
        };
        let e = ivy::inplace_update_with(&mut x, f32s(&[9.0, 9.0]).unwrap(), kw).unwrap_err();
        assert!(matches!(
            e,
            Error::InplaceNotInBackend {
                backend: Backend::Candle
            }
        ));
        assert_eq!(
            x.to_f64_vec().unwrap(),
            vec![3.0, 4.0],
            "unchanged on error"
        );
    });
}

#[test]
fn candle_var_is_updated_natively() {
    let var = candle_core::Var::new(&[1.0f32, 2.0], &candle_core::Device::Cpu).unwrap();
    let mut x = Array::from(var.clone());
    let val = ivy::with_backend(Backend::Candle, || f32s(&[5.0, 6.0])).unwrap();
    let kw = InplaceUpdateKw {
        ensure_in_backend: true,
        keep_input_dtype: true,
    };
    ivy::inplace_update_with(&mut x, &val, kw).unwrap();
    // the Var itself (shared with `var`) changed
    assert_eq!(var.as_tensor().to_vec1::<f32>().unwrap(), vec![5.0, 6.0]);
}

#[test]
fn shape_mismatch_is_an_error_on_both() {
    for b in [Backend::Ndarray, Backend::Candle] {
        ivy::with_backend(b, || {
            let mut x = f32s(&[1.0, 2.0]).unwrap();
            let r = ivy::inplace_update(&mut x, f32s(&[1.0, 2.0, 3.0]).unwrap());
            assert!(
                matches!(
                    r,
                    Err(Error::Shape {
                        op: "inplace_update",
                        ..
                    })
                ),
                "{b}: {r:?}"
            );
            assert_eq!(x.to_f64_vec().unwrap(), vec![1.0, 2.0]);
        });
    }
}

#[test]
fn out_on_candle_goes_through_the_dispatcher() {
    ivy::with_backend(Backend::Candle, || {
        let x = f32s(&[0.5]).unwrap();
        let mut out = typed(&[0.0], Dtype::Float16).unwrap();
        ivy::tan_out(&x, &mut out).unwrap();
        assert_eq!(out.dtype(), Dtype::Float16);
        assert!((out.to_f64_vec().unwrap()[0] - 0.5f64.tan()).abs() < 1e-3);
        let row =
            ivy::registry::support(ivy::registry::op("tan").unwrap(), Backend::Candle).unwrap();
        assert!(!row.native_out);
        let row =
            ivy::registry::support(ivy::registry::op("tan").unwrap(), Backend::Ndarray).unwrap();
        assert!(row.native_out);
    });
}
