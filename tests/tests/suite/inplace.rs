//! `inplace_update` with each backend's semantics (the inplace-updates page).

use ivy::prelude::*;
use ivy::Error;
use ivy_tests::{f32s, test_backends, typed};

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

#[test]
fn a_native_ndarray_buffer_is_written_and_keeps_its_type() -> ivy::Result<()> {
    let mut a = ndarray::ArrayD::<f32>::zeros(ndarray::IxDyn(&[2, 2]));
    let ptr = a.as_ptr();
    let v = ivy::with_backend(Backend::Ndarray, || ivy::asarray([1.0f64, 2.0]))?;
    ivy::inplace_update(&mut a, &v)?; // broadcast over rows, cast into f32
    assert_eq!(a.as_slice().unwrap(), &[1.0f32, 2.0, 1.0, 2.0]);
    assert_eq!(a.as_ptr(), ptr);
    // a failed update leaves it as it was
    let bad = ivy::with_backend(Backend::Ndarray, || ivy::asarray([1.0f32, 2.0, 3.0]))?;
    assert!(ivy::inplace_update(&mut a, &bad).is_err());
    assert_eq!(
        (a.as_slice().unwrap(), a.as_ptr()),
        (&[1.0f32, 2.0, 1.0, 2.0][..], ptr)
    );
    Ok(())
}

#[test]
fn a_native_candle_tensor_cannot_be_updated_a_var_is_set() -> ivy::Result<()> {
    let dev = candle_core::Device::Cpu;
    let val = ivy::with_backend(Backend::Candle, || ivy::asarray([4.0f32, 5.0]))?;
    let mut t = candle_core::Tensor::zeros(2, candle_core::DType::F32, &dev).unwrap();
    let e = ivy::inplace_update(&mut t, &val).unwrap_err();
    assert!(
        matches!(
            e,
            Error::InvalidArgument {
                op: "inplace_update",
                ..
            }
        ),
        "{e:?}"
    );
    let mut var = candle_core::Var::zeros(2, candle_core::DType::F32, &dev).unwrap();
    let alias = var.clone();
    ivy::inplace_update(&mut var, &val)?;
    assert_eq!(alias.as_tensor().to_vec1::<f32>().unwrap(), [4.0, 5.0]);
    Ok(())
}

#[test]
fn strict_mode_refuses_every_rebinding_and_nothing_else() -> ivy::Result<()> {
    use ivy::InplaceMode::Strict;
    let val = ivy::with_backend(Backend::Candle, || ivy::asarray([4.0f32, 5.0]))?;
    let mut t = ivy::with_backend(Backend::Candle, || ivy::zeros([2]))?;
    ivy::with_inplace_mode(Strict, || {
        let e = ivy::inplace_update(&mut t, &val).unwrap_err();
        assert!(
            matches!(
                e,
                Error::InplaceStrict {
                    op: "inplace_update",
                    ..
                }
            ),
            "{e}"
        );
        let e = ivy::tan_out(&val, &mut t).unwrap_err();
        assert!(matches!(e, Error::InplaceStrict { .. }), "{e}");
    });
    assert_eq!(t.to_vec::<f32>()?, [0.0, 0.0]);
    // lenient (the default): rebound
    ivy::inplace_update(&mut t, &val)?;
    assert_eq!(t.to_vec::<f32>()?, [4.0, 5.0]);
    // process-wide, by name
    ivy::set_inplace_mode("strict")?;
    let r = ivy::inplace_update(&mut t, &val);
    ivy::unset_inplace_mode();
    assert!(matches!(r, Err(Error::InplaceStrict { .. })));
    assert!(ivy::set_inplace_mode("sometimes").is_err());
    // buffers that are written are unaffected: ndarray, a candle Var
    ivy::with_inplace_mode(Strict, || -> ivy::Result<()> {
        let mut x = ivy::with_backend(Backend::Ndarray, || ivy::zeros([2]))?;
        let v = ivy::with_backend(Backend::Ndarray, || ivy::asarray([1.0f32, 2.0]))?;
        ivy::inplace_update(&mut x, &v)?;
        ivy::tan_out(&v, &mut x)?;
        let var =
            candle_core::Var::zeros(2, candle_core::DType::F32, &candle_core::Device::Cpu).unwrap();
        let mut w = Array::from(var);
        ivy::inplace_update(&mut w, &val)?;
        ivy::tan_out(&val, &mut w)
    })?;
    Ok(())
}

#[test]
fn containers_update_every_leaf_in_place() -> ivy::Result<()> {
    ivy::with_backend(Backend::Ndarray, || {
        let mut c: Container =
            ivy::container! { a: ivy::zeros([2])?, b: { c: ivy::zeros([2, 2])? } };
        let before = c.at("b/c")?.clone();
        let v =
            ivy::container! { a: ivy::asarray([1.0f32, 2.0])?, b: { c: ivy::asarray(3.0f32)? } };
        ivy::inplace_update_container(&mut c, &v, InplaceUpdateKw::default())?;
        assert_eq!(c.at("a")?.to_vec::<f32>()?, [1.0, 2.0]);
        assert_eq!(c.at("b/c")?.to_vec::<f32>()?, [3.0; 4]);
        assert_eq!(before.to_vec::<f32>()?, [0.0; 4]); // a clone taken before: copy-on-write
                                                       // a leaf that does not broadcast: nothing changes
        let bad = ivy::container! { a: ivy::asarray([9.0f32, 9.0])?, b: { c: ivy::asarray([1.0f32, 2.0, 3.0])? } };
        assert!(ivy::inplace_update_container(&mut c, &bad, InplaceUpdateKw::default()).is_err());
        assert_eq!(c.at("a")?.to_vec::<f32>()?, [1.0, 2.0]);
        // a missing key chain: an error, nothing changes
        let short = ivy::container! { a: ivy::asarray(0.0f32)? };
        assert!(ivy::inplace_update_container(&mut c, &short, InplaceUpdateKw::default()).is_err());
        ivy::inplace_update_container(&mut c, 7, InplaceUpdateKw::default())?;
        assert_eq!(c.at("b/c")?.to_vec::<f32>()?, [7.0; 4]);
        Ok(())
    })
}

test_backends! {
    /// `val` broadcast and cast, `keep_input_dtype` both ways, a failed update leaving `x` as
    /// it was: one meaning on both backends (ndarray writes the buffer, candle rebinds).
    fn update_broadcasts_casts_and_keeps_the_dtype(b) {
        let keep = InplaceUpdateKw { ensure_in_backend: false, keep_input_dtype: true };
        let mut x = ivy::zeros([2, 2])?; // float32
        let val = typed(&[1.5, 2.0], Dtype::Float64)?;
        ivy::inplace_update_with(&mut x, &val, keep.clone())?;
        assert_eq!((x.dtype(), x.shape()), (Dtype::Float32, &[2usize, 2][..]));
        assert_eq!(x.to_vec::<f32>()?, [1.5, 2.0, 1.5, 2.0]);
        // keep_input_dtype = false (Ivy's default): x takes val's dtype
        let mut y = ivy::zeros([2])?;
        ivy::inplace_update(&mut y, &val)?;
        assert_eq!((y.dtype(), y.to_vec::<f64>()?), (Dtype::Float64, vec![1.5, 2.0]));
        // kept as an integer dtype: the float val is cast (truncated) into it
        let mut i = ivy::zeros_with([2], ZerosKw { dtype: Some(Dtype::Int64), device: None })?;
        ivy::inplace_update_with(&mut i, &typed(&[1.5, -2.5], Dtype::Float32)?, keep.clone())?;
        assert_eq!((i.dtype(), i.to_vec::<i64>()?), (Dtype::Int64, vec![1, -2]));
        // a 0-d int val fills every element, cast
        ivy::inplace_update_with(&mut x, &ivy::asarray(7)?, keep.clone())?;
        assert_eq!(x.to_vec::<f32>()?, [7.0; 4]);
        // a val that does not broadcast: an error, x as it was (dtype, shape and values)
        let e = ivy::inplace_update(&mut x, f32s(&[1.0, 2.0, 3.0])?).unwrap_err();
        assert!(e.to_string().contains("inplace_update"), "{e}");
        assert_eq!((x.dtype(), x.to_vec::<f32>()?), (Dtype::Float32, vec![7.0; 4]));
        // nor may val change x's shape by broadcasting x up to it
        let e = ivy::inplace_update(&mut y, f32s(&[1.0, 2.0, 3.0, 4.0])?.reshape(&[2, 2])?);
        assert!(e.is_err());
        assert_eq!(y.shape(), &[2]);
    }

    /// Containers: every leaf updated (each by the Array rules), the Container keeps its
    /// structure; a leaf that fails leaves every leaf as it was.
    fn containers_update_every_leaf(b) {
        let mut c: Container = ivy::container! { a: ivy::zeros([2])?, b: { c: ivy::zeros([2, 2])? } };
        let v = ivy::container! { a: ivy::asarray([1.0f32, 2.0])?, b: { c: ivy::asarray(3.0f32)? } };
        ivy::inplace_update_container(&mut c, &v, InplaceUpdateKw::default())?;
        assert_eq!(c.at("a")?.to_vec::<f32>()?, [1.0, 2.0]);
        assert_eq!(c.at("b/c")?.to_vec::<f32>()?, [3.0; 4]);
        let bad = ivy::container! { a: ivy::asarray([9.0f32, 9.0])?, b: { c: ivy::asarray([1.0f32, 2.0, 3.0])? } };
        assert!(ivy::inplace_update_container(&mut c, &bad, InplaceUpdateKw::default()).is_err());
        assert_eq!(c.at("a")?.to_vec::<f32>()?, [1.0, 2.0]);
        ivy::inplace_update_container(&mut c, 7, InplaceUpdateKw::default())?;
        assert_eq!(c.at("b/c")?.to_vec::<f32>()?, [7.0; 4]);
        assert_eq!(c.leaves().map(|(k, _)| k).collect::<Vec<_>>(), ["a", "b/c"]);
    }

    /// Compound assignment under strict mode: a buffer write (ndarray) is allowed, a
    /// rebinding (candle tensor) is refused and leaves x as it was.
    fn strict_mode_and_compound_assignment(b) {
        let mut x = f32s(&[1.0, 2.0])?;
        let r = ivy::with_inplace_mode(ivy::InplaceMode::Strict, || x.add_assign(1));
        match b {
            Backend::Ndarray => assert_eq!((r.is_ok(), x.to_vec::<f32>()?), (true, vec![2.0, 3.0])),
            _ => {
                assert!(matches!(r, Err(Error::InplaceStrict { .. })), "{r:?}");
                assert_eq!(x.to_vec::<f32>()?, [1.0, 2.0]);
            }
        }
        x.add_assign(&f32s(&[1.0, 1.0])?)?; // lenient: both backends
        assert_eq!(x.to_vec::<f32>()?.iter().sum::<f32>(), if b == Backend::Ndarray { 7.0 } else { 5.0 });
    }
}
