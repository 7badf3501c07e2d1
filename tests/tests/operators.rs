//! Operators on `&Array`: `+ - * /` and unary `-`, with arrays and every Rust scalar type,
//! on every backend. An operator is its op: same dtype (Ivy's scalar promotion), same values.

use ivy::prelude::*;
use ivy::{Error, Result};
use ivy_tests::{f32s, test_backends, typed};

/// For each scalar `v` (of its own Rust type): `&x OP v` equals the op called directly, for
/// all four operators.
macro_rules! rhs_matches_the_op {
    ($x:expr; $($v:expr),* $(,)?) => {$(
        assert_eq!((&$x + $v)?, ivy::add(&$x, $v)?, "{} + {:?}", $x, $v);
        assert_eq!((&$x - $v)?, ivy::subtract(&$x, $v)?, "{} - {:?}", $x, $v);
        assert_eq!((&$x * $v)?, ivy::multiply(&$x, $v)?, "{} * {:?}", $x, $v);
        assert_eq!((&$x / $v)?, ivy::divide(&$x, $v)?, "{} / {:?}", $x, $v);
    )*};
}

/// The same, with the scalar on the left.
macro_rules! lhs_matches_the_op {
    ($x:expr; $($v:expr),* $(,)?) => {$(
        assert_eq!(($v + &$x)?, ivy::add($v, &$x)?, "{:?} + {}", $v, $x);
        assert_eq!(($v - &$x)?, ivy::subtract($v, &$x)?, "{:?} - {}", $v, $x);
        assert_eq!(($v * &$x)?, ivy::multiply($v, &$x)?, "{:?} * {}", $v, $x);
        assert_eq!(($v / &$x)?, ivy::divide($v, &$x)?, "{:?} / {}", $v, $x);
    )*};
}

test_backends! {
    fn int_scalars_join_float_arrays(b) {
        let x = f32s(&[1.0, 2.0])?;
        let y = (2 * &x)?;
        assert_eq!(y.dtype(), Dtype::Float32);
        assert_eq!(y, f32s(&[2.0, 4.0])?);
        assert_eq!((&x + 2)?, f32s(&[3.0, 4.0])?);
        assert_eq!((&x - 1u8)?, f32s(&[0.0, 1.0])?);
        assert_eq!((&x * 3i16)?, f32s(&[3.0, 6.0])?);
        assert_eq!((&x / 2u32)?, f32s(&[0.5, 1.0])?);
        assert_eq!((ivy::Scalar::from(1u8) - &x)?, f32s(&[0.0, -1.0])?);
    }

    fn float_scalars_of_either_width(b) {
        let x = f32s(&[1.0, 2.0])?;
        assert_eq!((&x + 2.0f32)?, f32s(&[3.0, 4.0])?);
        assert_eq!((&x + 2.0f64)?, f32s(&[3.0, 4.0])?);
        assert_eq!((2.0 * &x)?, f32s(&[2.0, 4.0])?);
        assert_eq!((1.0 / &x)?, f32s(&[1.0, 0.5])?);
        assert_eq!((ivy::Scalar::from(0.5f32) * &x)?, f32s(&[0.5, 1.0])?);
        let d = typed(&[1.0, 2.0], Dtype::Float64)?;
        assert_eq!((&d * 0.5f32)?.dtype(), Dtype::Float64);
    }

    fn int_arrays_with_int_and_float_scalars(b) {
        let i = typed(&[6.0, -8.0], Dtype::Int32)?;
        assert_eq!((&i + 2)?, typed(&[8.0, -6.0], Dtype::Int32)?);
        assert_eq!((&i * 2i64)?, typed(&[12.0, -16.0], Dtype::Int32)?);
        assert_eq!((10 - &i)?, typed(&[4.0, 18.0], Dtype::Int32)?);
        // true division of integers gives floats; a float scalar makes an int array float
        assert!((&i / 4)?.dtype().is_float());
        assert_eq!((&i / 4)?, ivy::divide(&i, 4)?);
        assert!((&i + 0.5)?.dtype().is_float());
        assert_eq!((&i + 0.5f32)?, ivy::add(&i, 0.5f32)?);
        let u = typed(&[1.0, 2.0], Dtype::Uint8)?;
        assert_eq!((&u + 1u8)?, typed(&[2.0, 3.0], Dtype::Uint8)?);
        assert_eq!((&u * 3)?.dtype(), Dtype::Uint8);
    }

    fn every_scalar_type_on_the_right(b) {
        for x in [f32s(&[1.0, 2.0])?, typed(&[3.0, 4.0], Dtype::Int32)?, typed(&[5.0, 6.0], Dtype::Float64)?] {
            rhs_matches_the_op!(x; 2.5f32, 2.5f64, 2i8, 2i16, 2i32, 2i64, 2u8, 2u16, 2u32, true,
                ivy::Scalar::Int(3), ivy::Scalar::Float(0.25));
        }
    }

    fn left_hand_scalars(b) {
        for x in [f32s(&[1.0, 2.0])?, typed(&[3.0, 4.0], Dtype::Int32)?] {
            lhs_matches_the_op!(x; 3, 3i64, 1.5, 1.5f64, true, ivy::Scalar::from(2u8),
                ivy::Scalar::from(0.5f32));
        }
    }

    fn arrays_and_negation(b) {
        let x = f32s(&[6.0, 8.0])?;
        let y = f32s(&[3.0, 2.0])?;
        assert_eq!((&x + &y)?, f32s(&[9.0, 10.0])?);
        assert_eq!((&x / &y)?, f32s(&[2.0, 4.0])?);
        assert_eq!((-&x)?, f32s(&[-6.0, -8.0])?);
        let mut m = f32s(&[1.0, 1.0])?;
        assert_eq!((&x - &mut m)?, f32s(&[5.0, 7.0])?);
        let bad = f32s(&[1.0, 2.0, 3.0])?;
        assert!(matches!(&x + &bad, Err(Error::Shape { .. })));
    }

    fn results_chain_without_annotations(b) {
        // an unsuffixed literal on either side still types the result: these compile
        let x = f32s(&[1.0, 2.0])?;
        assert_eq!((2 * &x)?.dtype(), Dtype::Float32);
        assert_eq!((2.0 * &x)?.to_f64_vec()?, [2.0, 4.0]);
        assert_eq!((&x + 1)?.shape(), &[2]);
        let y = (&(&x * 2)? - 1.5)?;
        assert_eq!(y.to_f64_vec()?, [0.5, 2.5]);
    }
}

/// bool and int8 arrays live on ndarray only.
#[test]
fn bool_and_int8_on_ndarray() -> Result<()> {
    ivy::with_backend(Backend::Ndarray, || {
        let i8s = typed(&[1.0, -2.0], Dtype::Int8)?;
        assert_eq!((&i8s * 2i8)?, typed(&[2.0, -4.0], Dtype::Int8)?);
        assert_eq!((3 - &i8s)?, typed(&[2.0, 5.0], Dtype::Int8)?);
        let bools = typed(&[1.0, 0.0], Dtype::Bool)?;
        // where the op refuses a dtype, so does its operator, with the op's error
        assert!(matches!(
            ivy::add(&bools, true),
            Err(Error::UnsupportedDtype { op: "add", .. })
        ));
        assert!(matches!(
            &bools + true,
            Err(Error::UnsupportedDtype { op: "add", .. })
        ));
        Ok(())
    })
}

test_backends! {
    fn arrays_compare_by_dtype_shape_and_values(b) {
        let x = f32s(&[1.0, 2.0, 3.0, 4.0])?;
        assert_eq!(x, f32s(&[1.0, 2.0, 3.0, 4.0])?);
        assert_ne!(x, f32s(&[1.0, 2.0, 3.0, 5.0])?, "values");
        assert_ne!(x, typed(&[1.0, 2.0, 3.0, 4.0], Dtype::Float64)?, "dtype");
        assert_ne!(x, typed(&[1.0, 2.0, 3.0, 4.0], Dtype::Int32)?, "dtype");
        let square = ivy::asarray(Data::from(vec![1.0f32, 2.0, 3.0, 4.0]).reshape(&[2, 2])?)?;
        assert_ne!(x, square, "shape");
        assert_ne!(f32s(&[])?, f32s(&[0.0])?);
        assert_eq!(f32s(&[])?, f32s(&[])?);
        // exact, as ndarray's `==`: NaN is unequal to itself, -0 equals 0
        let nan = f32s(&[f64::NAN])?;
        assert_ne!(nan, nan.clone());
        assert_eq!(f32s(&[-0.0])?, f32s(&[0.0])?);
        // integers compare exactly, beyond what f64 holds
        let big = ivy::asarray([i64::MAX])?;
        assert_ne!(big, ivy::asarray([i64::MAX - 1])?);
        assert_eq!(big, ivy::asarray([i64::MAX])?);
    }
}

#[test]
fn arrays_of_different_backends_compare_by_value() -> Result<()> {
    let on = |b: Backend, v: &[f64], d: Dtype| ivy::with_backend(b, || typed(v, d));
    for d in [Dtype::Float32, Dtype::Int64, Dtype::Uint8, Dtype::Float16] {
        let nd = on(Backend::Ndarray, &[1.0, 2.0], d)?;
        let cd = on(Backend::Candle, &[1.0, 2.0], d)?;
        assert_eq!(nd, cd, "{d}");
        assert_eq!(cd, nd, "{d}");
        assert_ne!(nd, on(Backend::Candle, &[1.0, 3.0], d)?, "{d}");
    }
    let nd = on(Backend::Ndarray, &[1.0, 2.0], Dtype::Int32)?;
    assert_ne!(nd, on(Backend::Candle, &[1.0, 2.0], Dtype::Int64)?);
    Ok(())
}
