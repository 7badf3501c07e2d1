//! Operators on `&Array`: `+ - * / %`, `& | ^ << >>`, unary `-` and `!`, with arrays and
//! every Rust scalar type, on every backend. An operator is its op: same dtype (Ivy's scalar
//! promotion), same values, same typed errors. Compound assignment (`add_assign`, …: Ivy's
//! `out=` into the array itself) and the comparison methods (`lt`, `le`, `gt`, `ge`); the
//! same ops as Container methods.

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
            ivy::subtract(&bools, true),
            Err(Error::UnsupportedDtype { op: "subtract", .. })
        ));
        assert!(matches!(
            &bools - true,
            Err(Error::UnsupportedDtype { op: "subtract", .. })
        ));
        // bool `+` is numpy's logical or (add takes bool, as numpy and Ivy)
        assert_eq!((&bools + true)?, typed(&[1.0, 1.0], Dtype::Bool)?);
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

// ------------------------------------------------------------ `% & | ^ << >>` and `!`

/// The same result: equal arrays (NaN where the other has NaN), or the same error.
fn same(a: &Result<Array>, b: &Result<Array>) -> bool {
    let nan_eq = |x: &Array, y: &Array| {
        x.dtype() == y.dtype()
            && x.shape() == y.shape()
            && match (x.to_f64_vec(), y.to_f64_vec()) {
                (Ok(u), Ok(v)) => u
                    .iter()
                    .zip(&v)
                    .all(|(p, q)| p == q || (p.is_nan() && q.is_nan())),
                _ => false,
            }
    };
    match (a, b) {
        (Ok(x), Ok(y)) => x == y || nan_eq(x, y),
        (Err(e), Err(f)) => e == f,
        _ => false,
    }
}

/// Asserts [`same`].
macro_rules! assert_same {
    ($a:expr, $b:expr, $($msg:tt)*) => {{
        let (a, b) = (&$a, &$b);
        assert!(same(a, b), "{}: {:?} vs {:?}", format!($($msg)*), a, b);
    }};
}

/// Every operator, `&x OP v`, against its op called directly: the same value, or the same
/// error (an operator never panics where its op returns an error).
macro_rules! every_operator_matches_the_op {
    ($x:expr; $($v:expr),* $(,)?) => {$(
        assert_same!(&$x + $v, ivy::add(&$x, $v), "{} + {:?}", $x, $v);
        assert_same!(&$x - $v, ivy::subtract(&$x, $v), "{} - {:?}", $x, $v);
        assert_same!(&$x * $v, ivy::multiply(&$x, $v), "{} * {:?}", $x, $v);
        assert_same!(&$x / $v, ivy::divide(&$x, $v), "{} / {:?}", $x, $v);
        assert_same!(&$x % $v, ivy::remainder(&$x, $v), "{} % {:?}", $x, $v);
        assert_same!(&$x & $v, ivy::bitwise_and(&$x, $v), "{} & {:?}", $x, $v);
        assert_same!(&$x | $v, ivy::bitwise_or(&$x, $v), "{} | {:?}", $x, $v);
        assert_same!(&$x ^ $v, ivy::bitwise_xor(&$x, $v), "{} ^ {:?}", $x, $v);
        assert_same!(&$x << $v, ivy::bitwise_left_shift(&$x, $v), "{} << {:?}", $x, $v);
        assert_same!(&$x >> $v, ivy::bitwise_right_shift(&$x, $v), "{} >> {:?}", $x, $v);
    )*};
}

/// The same with the scalar on the left.
macro_rules! every_lhs_operator_matches_the_op {
    ($x:expr; $($v:expr),* $(,)?) => {$(
        assert_same!($v % &$x, ivy::remainder($v, &$x), "{:?} % {}", $v, $x);
        assert_same!($v & &$x, ivy::bitwise_and($v, &$x), "{:?} & {}", $v, $x);
        assert_same!($v | &$x, ivy::bitwise_or($v, &$x), "{:?} | {}", $v, $x);
        assert_same!($v ^ &$x, ivy::bitwise_xor($v, &$x), "{:?} ^ {}", $v, $x);
        assert_same!($v << &$x, ivy::bitwise_left_shift($v, &$x), "{:?} << {}", $v, $x);
        assert_same!($v >> &$x, ivy::bitwise_right_shift($v, &$x), "{:?} >> {}", $v, $x);
    )*};
}

/// The dtypes both backends hold, of each kind.
fn samples() -> Result<Vec<Array>> {
    Ok(vec![
        typed(&[7.0, -7.0, 12.0], Dtype::Int32)?,
        typed(&[7.0, -7.0, 12.0], Dtype::Int64)?,
        typed(&[7.0, -7.0, 12.0], Dtype::Int16)?,
        typed(&[7.0, 250.0, 12.0], Dtype::Uint8)?,
        typed(&[7.0, 5.0, 12.0], Dtype::Uint32)?,
        typed(&[1.0, 0.0, 1.0], Dtype::Bool)?,
        f32s(&[7.5, -7.0, 12.0])?,
        typed(&[7.5, -7.0, 12.0], Dtype::Float64)?,
    ])
}

test_backends! {
    fn new_operators_match_their_ops(b) {
        for x in samples()? {
            let i = typed(&[2.0, 3.0, 1.0], Dtype::Int32)?;
            let u = typed(&[2.0, 3.0, 1.0], Dtype::Uint8)?;
            let t = typed(&[1.0, 1.0, 0.0], Dtype::Bool)?;
            let f = f32s(&[2.0, 3.0, 0.5])?;
            every_operator_matches_the_op!(x; 3, 2i8, 2i16, 3i32, 2i64, 3u8, 2u16, 4u32, true,
                2.5f32, 2.5f64, ivy::Scalar::Int(-1), &i, &u, &t, &f);
            every_lhs_operator_matches_the_op!(x; 3, 3i64, 1.5, true, ivy::Scalar::from(2u8));
            assert_same!(!&x, if x.dtype().is_bool() { ivy::logical_not(&x) } else { ivy::bitwise_invert(&x) }, "!{x}");
        }
    }

    fn integer_values(b) {
        let i = typed(&[7.0, -7.0, 12.0, 1.0], Dtype::Int32)?;
        let int32 = |v: &[f64]| typed(v, Dtype::Int32);
        assert_eq!((&i % 3)?, int32(&[1.0, 2.0, 0.0, 1.0])?); // Python's %: the sign of 3
        assert_eq!((&i % -3)?, int32(&[-2.0, -1.0, 0.0, -2.0])?);
        assert_eq!((&i % 0)?, int32(&[0.0; 4])?); // numpy's value, no panic
        assert_eq!((&i & 6)?, int32(&[6.0, 0.0, 4.0, 0.0])?);
        assert_eq!((&i | 8)?, int32(&[15.0, -7.0, 12.0, 9.0])?);
        assert_eq!((&i ^ -1)?, int32(&[-8.0, 6.0, -13.0, -2.0])?);
        assert_eq!((&i << 2)?, int32(&[28.0, -28.0, 48.0, 4.0])?);
        assert_eq!((&i >> 1)?, int32(&[3.0, -4.0, 6.0, 0.0])?); // arithmetic shift
        assert_eq!((&i << 40)?, int32(&[0.0; 4])?); // past the width: 0 (numpy)
        assert_eq!((&i >> 40)?, int32(&[0.0, -1.0, 0.0, 0.0])?);
        assert_eq!((1 << &int32(&[0.0, 4.0, 31.0, -1.0])?)?, int32(&[1.0, 16.0, -2147483648.0, 0.0])?);
        assert_eq!((100 % &int32(&[7.0, -7.0, 3.0, 1.0])?)?, int32(&[2.0, -5.0, 1.0, 0.0])?);
        assert_eq!((!&i)?, int32(&[-8.0, 6.0, -13.0, -2.0])?);
        let u = typed(&[0.0, 255.0, 15.0], Dtype::Uint8)?;
        assert_eq!((!&u)?, typed(&[255.0, 0.0, 240.0], Dtype::Uint8)?);
        assert_eq!((&u << 4)?, typed(&[0.0, 240.0, 240.0], Dtype::Uint8)?); // wraps in uint8
        assert_eq!((&u >> 4)?, typed(&[0.0, 15.0, 0.0], Dtype::Uint8)?);
        // arrays with arrays, broadcasting a row over a matrix
        let m = ivy::asarray([[12i32, 10], [9, 4]])?;
        let row = ivy::asarray([5i32, 6])?;
        assert_eq!((&m % &row)?, ivy::asarray([[2i32, 4], [4, 4]])?);
        assert_eq!((&m & &row)?, ivy::asarray([[4i32, 2], [1, 4]])?);
        assert_eq!((&m | &row)?, ivy::asarray([[13i32, 14], [13, 6]])?);
        assert_eq!((&m ^ &row)?, ivy::asarray([[9i32, 12], [12, 2]])?);
        assert_eq!((&m >> &ivy::asarray([2i32, 1])?)?, ivy::asarray([[3i32, 5], [2, 2]])?);
        assert_eq!((&row << &m)?.shape(), &[2, 2]);
    }

    fn bool_values(b) {
        let x = typed(&[1.0, 1.0, 0.0, 0.0], Dtype::Bool)?;
        let y = typed(&[1.0, 0.0, 1.0, 0.0], Dtype::Bool)?;
        let bools = |v: &[f64]| typed(v, Dtype::Bool);
        assert_eq!((&x & &y)?, bools(&[1.0, 0.0, 0.0, 0.0])?);
        assert_eq!((&x | &y)?, bools(&[1.0, 1.0, 1.0, 0.0])?);
        assert_eq!((&x ^ &y)?, bools(&[0.0, 1.0, 1.0, 0.0])?);
        assert_eq!((&x ^ true)?, bools(&[0.0, 0.0, 1.0, 1.0])?);
        assert_eq!((false | &x)?, x);
        assert_eq!((!&x)?, bools(&[0.0, 0.0, 1.0, 1.0])?);
        assert_eq!((!&x)?.dtype(), Dtype::Bool);
    }

    fn float_remainder(b) {
        let x = f32s(&[7.5, -7.5, 1.0])?;
        assert_eq!((&x % 2)?, f32s(&[1.5, 0.5, 1.0])?);
        assert_eq!((&x % -2.0)?, f32s(&[-0.5, -1.5, -1.0])?);
        assert_eq!((&x % &f32s(&[2.0, 2.0, 0.5])?)?, f32s(&[1.5, 0.5, 0.0])?);
        assert_eq!((10.0 % &f32s(&[3.0, -3.0, 4.0])?)?, f32s(&[1.0, -2.0, 2.0])?);
        assert!((&x % 0)?.to_f64_vec()?.iter().all(|v| v.is_nan()));
    }

    fn promotion_follows_ivy(b) {
        let i32s = typed(&[6.0, 5.0], Dtype::Int32)?;
        let i64s = typed(&[3.0, 1.0], Dtype::Int64)?;
        let u8s = typed(&[3.0, 1.0], Dtype::Uint8)?;
        let i16s = typed(&[3.0, 1.0], Dtype::Int16)?;
        let bools = typed(&[1.0, 0.0], Dtype::Bool)?;
        // arrays promote by the table
        assert_eq!((&i32s & &i64s)?.dtype(), Dtype::Int64);
        assert_eq!((&i32s << &u8s)?.dtype(), Dtype::Int32);
        assert_eq!((&u8s | &i16s)?.dtype(), Dtype::Int16);
        let table = ivy_core::promote_types(Dtype::Int32, Dtype::Float32)?; // float64 when precise
        assert_eq!((&i32s % &f32s(&[4.0, 2.0])?)?.dtype(), table);
        assert_eq!((&i16s & &bools)?.dtype(), Dtype::Int16);
        // a scalar of the array's kind takes its dtype, whatever the scalar's Rust type
        assert_eq!((&u8s & 7i64)?.dtype(), Dtype::Uint8);
        assert_eq!((&i16s >> 1u32)?.dtype(), Dtype::Int16);
        assert_eq!((&u8s % 2)?, typed(&[1.0, 1.0], Dtype::Uint8)?);
        assert_eq!((&bools ^ true)?.dtype(), Dtype::Bool);
        // a float scalar with an int array: float64 (Ivy's `_get_target_dtype`)
        assert_eq!((&i32s % 2.5)?.dtype(), Dtype::Float64);
        assert_eq!((&i32s % 2.5)?.to_f64_vec()?, [1.0, 0.0]);
        // an int scalar with a float array keeps the float dtype
        assert_eq!((&f32s(&[5.0])? % 3)?.dtype(), Dtype::Float32);
    }

    fn typed_errors_not_panics(b) {
        let f = f32s(&[1.0, 2.0])?;
        let i = typed(&[1.0, 2.0], Dtype::Int32)?;
        let three = typed(&[1.0, 2.0, 3.0], Dtype::Int32)?;
        // no bitwise ops on floats: the op's error, with the op's name
        assert!(matches!(!&f, Err(Error::UnsupportedDtype { op: "bitwise_invert", dtype: Dtype::Float32, .. })));
        assert!(matches!(&f << 1, Err(Error::UnsupportedDtype { op: "bitwise_left_shift", .. })));
        assert!(matches!(&f >> &f, Err(Error::UnsupportedDtype { op: "bitwise_right_shift", .. })));
        assert!(matches!(&f & 1, Err(Error::UnsupportedDtype { op: "bitwise_and", .. })));
        assert!(matches!(true | &f, Err(Error::UnsupportedDtype { op: "bitwise_or", .. })));
        assert!(matches!(&i ^ 0.5, Err(Error::UnsupportedDtype { op: "bitwise_xor", dtype: Dtype::Float64, .. })));
        let t = typed(&[1.0], Dtype::Bool)?;
        assert!(matches!(&t << true, Err(Error::UnsupportedDtype { op: "bitwise_left_shift", dtype: Dtype::Bool, .. })));
        // shapes that do not broadcast, for every binary operator
        for r in [&i + &three, &i - &three, &i * &three, &i / &three, &i % &three, &i & &three,
            &i | &three, &i ^ &three, &i << &three, &i >> &three]
        {
            assert!(matches!(r, Err(Error::Shape { .. })), "{r:?}");
        }
    }
}

/// Operators on dtypes only ndarray holds: int8 and uint64 (uint64 with a signed int
/// promotes to float64, which has no shifts).
#[test]
fn int8_and_uint64_on_ndarray() -> Result<()> {
    ivy::with_backend(Backend::Ndarray, || {
        let i8s = typed(&[-128.0, 127.0], Dtype::Int8)?;
        assert_eq!((!&i8s)?, typed(&[127.0, -128.0], Dtype::Int8)?);
        assert_eq!((&i8s >> 7)?, typed(&[-1.0, 0.0], Dtype::Int8)?);
        assert_eq!((&i8s % 10)?, typed(&[2.0, 7.0], Dtype::Int8)?);
        let u64s = ivy::asarray([u64::MAX, 1])?;
        assert_eq!((&u64s >> 63)?, typed(&[1.0, 0.0], Dtype::Uint64)?);
        assert_eq!((&u64s & &u64s)?, u64s);
        assert!(matches!(
            &u64s << &i8s,
            Err(Error::UnsupportedDtype {
                op: "bitwise_left_shift",
                dtype: Dtype::Float64,
                ..
            })
        ));
        let u8s = typed(&[1.0, 2.0], Dtype::Uint8)?;
        assert_eq!((&u8s | &i8s)?.dtype(), Dtype::Int16);
        Ok(())
    })
}

// ------------------------------------------------------------------ compound assignment

/// `x.m(v)` against `op(x, v)` cast into `x`'s dtype (Ivy's `out=` with `out = x`): the same
/// value; or the op's error, with `x` unchanged.
macro_rules! assign_matches_the_op {
    ($x:expr; $($v:expr),* $(,)?) => {$(
        assign_matches_the_op!(@each $x, $v;
            add_assign => add, sub_assign => subtract, mul_assign => multiply,
            div_assign => divide, rem_assign => remainder, bitand_assign => bitwise_and,
            bitor_assign => bitwise_or, bitxor_assign => bitwise_xor,
            shl_assign => bitwise_left_shift, shr_assign => bitwise_right_shift);
    )*};
    (@each $x:expr, $v:expr; $($m:ident => $f:ident),*) => {$(
        let mut y = $x.clone();
        let got = y.$m($v);
        match ivy::$f(&$x, $v).and_then(|r| r.cast($x.dtype())) {
            Ok(want) => {
                assert_eq!(got, Ok(()), "{}.{}({:?})", $x, stringify!($m), $v);
                assert_same!(Ok(y), Ok(want), "{}.{}({:?})", $x, stringify!($m), $v);
            }
            Err(e) => {
                assert_eq!(got, Err(e), "{}.{}({:?})", $x, stringify!($m), $v);
                assert_eq!(y, $x, "{}.{}({:?}) failed: unchanged", $x, stringify!($m), $v);
            }
        }
    )*};
}

test_backends! {
    fn compound_assignment_is_the_op_written_into_self(b) {
        for x in samples()? {
            let i = typed(&[2.0, 3.0, 1.0], Dtype::Int32)?;
            let i64s = typed(&[2.0, 3.0, 1.0], Dtype::Int64)?;
            let u = typed(&[2.0, 3.0, 1.0], Dtype::Uint8)?;
            let t = typed(&[1.0, 1.0, 0.0], Dtype::Bool)?;
            let f = f32s(&[2.0, 3.0, 0.5])?;
            let d = typed(&[2.0, 3.0, 0.5], Dtype::Float64)?;
            let row = typed(&[2.0], Dtype::Int32)?;
            let same = x.clone();
            assign_matches_the_op!(x; &same, 3, 2i8, 2u16, 1u32, true, 2.5f32, 0.5,
                ivy::Scalar::Int(-1), &i, &i64s, &u, &t, &f, &d, &row);
        }
    }

    fn compound_assignment_values_and_dtypes(b) {
        let mut x = f32s(&[1.0, 2.0])?;
        x.add_assign(&f32s(&[0.5, 0.25])?)?;
        x.sub_assign(1)?;
        x.mul_assign(4.0)?;
        x.div_assign(&typed(&[2.0, 0.5], Dtype::Float64)?)?; // computed in float64, kept float32
        assert_eq!(x, f32s(&[1.0, 10.0])?);
        x.rem_assign(3)?;
        assert_eq!(x, f32s(&[1.0, 1.0])?);
        // an int array keeps its dtype: a float result is cast back (truncated)
        let mut i = typed(&[7.0, -7.0], Dtype::Int32)?;
        i.add_assign(0.5)?;
        assert_eq!(i, typed(&[7.0, -6.0], Dtype::Int32)?);
        i.div_assign(2)?;
        assert_eq!(i, typed(&[3.0, -3.0], Dtype::Int32)?);
        i.shl_assign(&typed(&[2.0, 1.0], Dtype::Int64)?)?; // promoted to int64, kept int32
        assert_eq!(i, typed(&[12.0, -6.0], Dtype::Int32)?);
        i.shr_assign(1)?;
        i.bitand_assign(0xff)?;
        i.bitor_assign(256)?;
        i.bitxor_assign(1)?;
        assert_eq!(i, typed(&[263.0, 508.0], Dtype::Int32)?);
        // a row broadcast over a matrix, in place
        let mut m = ivy::asarray([[1i64, 2], [3, 4]])?;
        m.mul_assign(&ivy::asarray([10i64, 100])?)?;
        assert_eq!(m, ivy::asarray([[10i64, 200], [30, 400]])?);
        let mut bools = typed(&[1.0, 0.0], Dtype::Bool)?;
        bools.bitor_assign(&typed(&[0.0, 1.0], Dtype::Bool)?)?;
        assert_eq!(bools, typed(&[1.0, 1.0], Dtype::Bool)?);
        bools.bitxor_assign(true)?;
        assert_eq!(bools, typed(&[0.0, 0.0], Dtype::Bool)?);
    }

    fn failed_compound_assignment_leaves_self_unchanged(b) {
        let x = typed(&[1.0, 2.0, 3.0], Dtype::Int32)?;
        let f = f32s(&[1.0, 2.0, 3.0])?;
        let mut y = x.clone();
        // shapes that do not broadcast
        let two = typed(&[1.0, 2.0], Dtype::Int32)?;
        assert!(matches!(y.add_assign(&two), Err(Error::Shape { op: "add", .. })));
        assert!(matches!(y.bitand_assign(&two), Err(Error::Shape { op: "bitwise_and", .. })));
        // a result larger than `self`: `self` keeps its shape
        let column = ivy::asarray([[1i32], [2]])?;
        assert!(ivy::add(&y, &column).is_ok());
        assert!(matches!(y.add_assign(&column), Err(Error::Shape { op: "add", .. })));
        assert!(matches!(y.rem_assign(&column), Err(Error::Shape { op: "remainder", .. })));
        assert_eq!(y, x);
        // a float operand of a bitwise op; a float `self` of a shift
        assert!(matches!(y.shl_assign(0.5), Err(Error::UnsupportedDtype { op: "bitwise_left_shift", .. })));
        assert!(matches!(y.bitor_assign(&f), Err(Error::UnsupportedDtype { op: "bitwise_or", .. })));
        assert_eq!(y, x);
        let mut g = f.clone();
        assert!(matches!(g.shl_assign(1), Err(Error::UnsupportedDtype { op: "bitwise_left_shift", .. })));
        assert!(matches!(g.bitxor_assign(&f), Err(Error::UnsupportedDtype { op: "bitwise_xor", .. })));
        assert_eq!(g, f);
        // a bool `self` the op does not take
        let t = typed(&[1.0, 0.0], Dtype::Bool)?;
        let mut u = t.clone();
        assert!(matches!(u.rem_assign(true), Err(Error::UnsupportedDtype { op: "remainder", .. })));
        assert!(matches!(u.sub_assign(&t), Err(Error::UnsupportedDtype { op: "subtract", .. })));
        assert_eq!(u, t);
    }

    fn comparison_methods(b) {
        let x = f32s(&[1.0, 2.0, 3.0])?;
        let y = f32s(&[3.0, 2.0, 1.0])?;
        let bools = |v: &[f64]| typed(v, Dtype::Bool);
        assert_eq!(x.lt(&y)?, bools(&[1.0, 0.0, 0.0])?);
        assert_eq!(x.le(&y)?, bools(&[1.0, 1.0, 0.0])?);
        assert_eq!(x.gt(&y)?, bools(&[0.0, 0.0, 1.0])?);
        assert_eq!(x.ge(&y)?, bools(&[0.0, 1.0, 1.0])?);
        assert_eq!(x.equal(&y)?, bools(&[0.0, 1.0, 0.0])?);
        assert_eq!(x.not_equal(&y)?, bools(&[1.0, 0.0, 1.0])?);
        assert_eq!(x.lt(2)?, ivy::less(&x, 2)?);
        assert_eq!(x.le(2.0f32)?, ivy::less_equal(&x, 2.0f32)?);
        assert_eq!(x.gt(1u8)?, ivy::greater(&x, 1u8)?);
        assert_eq!(x.ge(ivy::Scalar::Float(2.5))?, bools(&[0.0, 0.0, 1.0])?);
        // integers compare exactly; a scalar outside the dtype is not wrapped
        let u = typed(&[0.0, 255.0], Dtype::Uint8)?;
        assert_eq!(u.gt(-1)?, bools(&[1.0, 1.0])?);
        assert_eq!(u.lt(256)?, bools(&[1.0, 1.0])?);
        // `PartialEq` stays whole-array: `eq`/`ne` give one bool
        assert!(x.ne(&y));
        assert!(x.eq(&x.clone()));
        // errors are the ops' own
        assert!(matches!(x.lt(&f32s(&[1.0, 2.0])?), Err(Error::Shape { op: "less", .. })));
        // bools order as numpy's (false < true)
        assert_eq!(bools(&[1.0, 0.0])?.lt(true)?, bools(&[0.0, 1.0])?);
    }

    fn container_methods(b) {
        let c: Container = ivy::container! {
            a: ivy::asarray([7i32, -7])?,
            b: { c: ivy::asarray([12i32, 5])? }
        };
        let d: Container = ivy::container! { a: ivy::asarray([3i32, 3])?, b: ivy::asarray([4i32, 1])? };
        let leaf = |x: &Container, k: &str| x.at(k).unwrap().clone();
        let r = c.remainder(3)?;
        assert_eq!(leaf(&r, "a"), ivy::asarray([1i32, 2])?);
        assert_eq!(leaf(&r, "b/c"), ivy::asarray([0i32, 2])?);
        let r = c.remainder(&d)?;
        assert_eq!(leaf(&r, "b/c"), ivy::asarray([0i32, 0])?);
        assert_eq!(leaf(&c.bitwise_and(&d)?, "a"), ivy::asarray([3i32, 1])?);
        assert_eq!(leaf(&c.bitwise_or(6)?, "b/c"), ivy::asarray([14i32, 7])?);
        assert_eq!(leaf(&c.bitwise_xor(&d)?, "b/c"), ivy::asarray([8i32, 4])?);
        assert_eq!(leaf(&c.bitwise_left_shift(1)?, "a"), ivy::asarray([14i32, -14])?);
        assert_eq!(leaf(&c.bitwise_right_shift(&d)?, "a"), ivy::asarray([0i32, -1])?);
        assert_eq!(leaf(&c.bitwise_invert()?, "a"), ivy::asarray([-8i32, 6])?);
        assert_eq!(leaf(&c.less(&d)?, "b/c"), ivy::asarray([false, false])?);
        assert_eq!(leaf(&c.less_equal(5)?, "b/c"), ivy::asarray([false, true])?);
        assert_eq!(leaf(&c.greater(0)?, "a"), ivy::asarray([true, false])?);
        assert_eq!(leaf(&c.greater_equal(&d)?, "a"), ivy::asarray([true, false])?);
        assert_eq!(leaf(&c.equal(5)?, "b/c"), ivy::asarray([false, true])?);
        assert_eq!(leaf(&c.not_equal(5)?, "b/c"), ivy::asarray([true, false])?);
        let t: Container = ivy::container! { a: ivy::asarray([true, false])? };
        assert_eq!(leaf(&t.logical_not()?, "a"), ivy::asarray([false, true])?);
        // typed errors, leaf by leaf
        let f: Container = ivy::container! { a: ivy::asarray([1.0f32])? };
        let e = f.bitwise_left_shift(1).unwrap_err();
        assert!(matches!(e.root(), Error::UnsupportedDtype { op: "bitwise_left_shift", .. }), "{e}");
        // naming the leaf
        assert!(e.to_string().starts_with("at leaf `a`: "), "{e}");
    }
}

/// The in-place path on any layout: a transposed (F-order) `self`, a reversed one, a
/// broadcast column; the values as the op computes them.
#[test]
fn compound_assignment_on_any_layout() -> Result<()> {
    let m = |v: Vec<i64>, shape: &[usize]| {
        ndarray::ArrayD::from_shape_vec(ndarray::IxDyn(shape), v).expect("shape")
    };
    let base = m((0..12).collect(), &[3, 4]);
    let mut t = Array::from(base.clone().reversed_axes()); // 4 x 3, F order
    let col = Array::from(m(vec![100, 200, 300, 400], &[4, 1]));
    let want = ivy::add(Array::from(base.clone().reversed_axes()), &col)?;
    t.add_assign(&col)?;
    assert_eq!(t, want);
    let mut r = base.clone();
    r.invert_axis(ndarray::Axis(1));
    let mut r = Array::from(r);
    let before = r.clone();
    r.sub_assign(Array::from(m((0..12).collect(), &[3, 4])))?;
    assert_eq!(r, ivy::subtract(&before, Array::from(base))?);
    Ok(())
}

/// An operand on another backend: the op's `BackendMismatch`, `self` unchanged.
#[test]
fn compound_assignment_across_backends_is_an_error() -> Result<()> {
    let on = |b: Backend| ivy::with_backend(b, || f32s(&[1.0, 2.0]));
    let (nd, cd) = (on(Backend::Ndarray)?, on(Backend::Candle)?);
    let mut x = nd.clone();
    assert!(matches!(
        x.add_assign(&cd),
        Err(Error::BackendMismatch { op: "add", .. })
    ));
    assert!(matches!(
        x.shl_assign(&cd),
        Err(Error::BackendMismatch { .. })
    ));
    assert_eq!(x, nd);
    let mut y = cd.clone();
    assert!(matches!(
        y.mul_assign(&nd),
        Err(Error::BackendMismatch { .. })
    ));
    assert_eq!(y, cd);
    Ok(())
}
