//! `Display` of arrays: Ivy's (numpy's) repr, on every backend. Every expected string here is
//! what numpy 2.4's `array_repr` prints for the same values under an `ivy.array(` prefix
//! with the dtype always shown.

use ivy::prelude::*;
use ivy::{Array, Result};
use ivy_tests::test_backends;

/// An array of `v` reshaped to `shape`, with `dtype`, on the current backend.
fn arr(v: &[f64], shape: &[usize], dtype: Dtype) -> Result<Array> {
    ivy::asarray_with(
        ivy::Data::from(v.to_vec()).reshape(shape)?,
        AsarrayKw {
            dtype: Some(dtype),
            device: None,
            copy: None,
        },
    )
}

fn range(n: usize) -> Vec<f64> {
    (0..n).map(|i| i as f64).collect()
}

test_backends! {
    fn zero_d(b) {
        assert_eq!(arr(&[1.5], &[], Dtype::Float32)?.to_string(), "ivy.array(1.5, dtype=float32)");
        assert_eq!(arr(&[2.0], &[], Dtype::Float32)?.to_string(), "ivy.array(2., dtype=float32)");
        assert_eq!(arr(&[-7.0], &[], Dtype::Int32)?.to_string(), "ivy.array(-7, dtype=int32)");
    }

    fn one_d_floats_align_on_the_point(b) {
        assert_eq!(
            arr(&[0.0, 1.5, -2.0, 3.0], &[4], Dtype::Float32)?.to_string(),
            "ivy.array([ 0. ,  1.5, -2. ,  3. ], dtype=float32)"
        );
        assert_eq!(
            arr(&[1.0 / 3.0, 2.0], &[2], Dtype::Float64)?.to_string(),
            "ivy.array([0.33333333, 2.        ], dtype=float64)"
        );
    }

    fn two_d_rows_align_under_the_first_row(b) {
        assert_eq!(
            arr(&[0.0, 1.0, 2.0, 3.0], &[2, 2], Dtype::Float32)?.to_string(),
            "ivy.array([[0., 1.],\n           [2., 3.]], dtype=float32)"
        );
        assert_eq!(
            arr(&[1.5, -2.0, -30.25, 4.0], &[2, 2], Dtype::Float32)?.to_string(),
            "ivy.array([[  1.5 ,  -2.  ],\n           [-30.25,   4.  ]], dtype=float32)"
        );
        assert_eq!(
            arr(&[0.0, 255.0, 7.0, 10.0], &[2, 2], Dtype::Uint8)?.to_string(),
            "ivy.array([[  0, 255],\n           [  7,  10]], dtype=uint8)"
        );
    }

    fn three_d_ints_with_minus_signs(b) {
        let v = [1.0, -20.0, 3.0, 4.0, 5.0, -6.0, 7.0, 8.0, 9.0, -100.0, 11.0, 12.0];
        assert_eq!(
            arr(&v, &[2, 2, 3], Dtype::Int32)?.to_string(),
            "ivy.array([[[   1,  -20,    3],\n            [   4,    5,   -6]],\n\n           \
             [[   7,    8,    9],\n            [-100,   11,   12]]], dtype=int32)"
        );
    }

    fn long_rows_wrap_at_75_columns(b) {
        let v: Vec<f64> = (-15..15).map(|i| f64::from(i) * 1000.0).collect();
        assert_eq!(
            arr(&v, &[30], Dtype::Int64)?.to_string(),
            "ivy.array([-15000, -14000, -13000, -12000, -11000, -10000,  -9000,  -8000,\n            \
             -7000,  -6000,  -5000,  -4000,  -3000,  -2000,  -1000,      0,\n             \
             1000,   2000,   3000,   4000,   5000,   6000,   7000,   8000,\n             \
             9000,  10000,  11000,  12000,  13000,  14000], dtype=int64)"
        );
    }

    fn scientific_and_non_finite_floats(b) {
        assert_eq!(
            arr(&[1e-5, 1.0, 1e5], &[3], Dtype::Float64)?.to_string(),
            "ivy.array([1.e-05, 1.e+00, 1.e+05], dtype=float64)"
        );
        assert_eq!(
            arr(&[f64::NAN, f64::NEG_INFINITY, 1.5], &[3], Dtype::Float32)?.to_string(),
            "ivy.array([ nan, -inf,  1.5], dtype=float32)"
        );
        // float16 prints its own shortest digits (0.1, not 0.0999755859375)
        assert_eq!(
            arr(&[0.1, 1000.0], &[2], Dtype::Float16)?.to_string(),
            "ivy.array([1.e-01, 1.e+03], dtype=float16)"
        );
    }

    fn empty_arrays(b) {
        assert_eq!(arr(&[], &[0], Dtype::Float32)?.to_string(), "ivy.array([], dtype=float32)");
        assert_eq!(
            arr(&[], &[2, 0], Dtype::Int32)?.to_string(),
            "ivy.array([], shape=(2, 0), dtype=int32)"
        );
    }

    fn large_arrays_are_summarised(b) {
        assert_eq!(
            arr(&range(2000), &[2000], Dtype::Int64)?.to_string(),
            "ivy.array([   0,    1,    2, ..., 1997, 1998, 1999],\n          \
             shape=(2000,), dtype=int64)"
        );
        assert_eq!(
            arr(&range(6000), &[3, 400, 5], Dtype::Int32)?.to_string(),
            "ivy.array([[[   0,    1,    2,    3,    4],\n            [   5,    6,    7,    8,    9],\n            \
             [  10,   11,   12,   13,   14],\n            ...,\n            [1985, 1986, 1987, 1988, 1989],\n            \
             [1990, 1991, 1992, 1993, 1994],\n            [1995, 1996, 1997, 1998, 1999]],\n\n           \
             [[2000, 2001, 2002, 2003, 2004],\n            [2005, 2006, 2007, 2008, 2009],\n            \
             [2010, 2011, 2012, 2013, 2014],\n            ...,\n            [3985, 3986, 3987, 3988, 3989],\n            \
             [3990, 3991, 3992, 3993, 3994],\n            [3995, 3996, 3997, 3998, 3999]],\n\n           \
             [[4000, 4001, 4002, 4003, 4004],\n            [4005, 4006, 4007, 4008, 4009],\n            \
             [4010, 4011, 4012, 4013, 4014],\n            ...,\n            [5985, 5986, 5987, 5988, 5989],\n            \
             [5990, 5991, 5992, 5993, 5994],\n            [5995, 5996, 5997, 5998, 5999]]],\n          \
             shape=(3, 400, 5), dtype=int32)"
        );
        // only the shown corners are read: a million elements print at once
        let z = ivy::zeros_with([1000, 1000], ZerosKw { dtype: Some(Dtype::Float32), device: None })?;
        let row = "[0., 0., 0., ..., 0., 0., 0.]";
        let rows = [row; 3].join(",\n           ");
        assert_eq!(
            z.to_string(),
            format!(
                "ivy.array([{rows},\n           ...,\n           {rows}],\n          \
                 shape=(1000, 1000), dtype=float32)"
            )
        );
    }
}

/// bool and complex: ndarray only (candle holds neither).
#[test]
fn bool_and_complex_on_ndarray() -> Result<()> {
    ivy::with_backend(Backend::Ndarray, || {
        let b = |v: &[f64], shape: &[usize]| arr(v, shape, Dtype::Bool);
        assert_eq!(
            b(&[1.0, 0.0, 1.0], &[3])?.to_string(),
            "ivy.array([ True, False,  True], dtype=bool)"
        );
        assert_eq!(b(&[1.0], &[])?.to_string(), "ivy.array(True, dtype=bool)");
        assert_eq!(
            b(&[1.0, 0.0, 0.0, 0.0], &[2, 2])?.to_string(),
            "ivy.array([[ True, False],\n           [False, False]], dtype=bool)"
        );
        let c = ivy::asarray_with(
            ivy::Data::from(vec![
                ivy::Scalar::Complex(1.0, 2.0),
                ivy::Scalar::Complex(-2.5, 0.0),
            ]),
            AsarrayKw {
                dtype: Some(Dtype::Complex64),
                device: None,
                copy: None,
            },
        )?;
        assert_eq!(
            c.to_string(),
            "ivy.array([ 1. +2.j, -2.5+0.j], dtype=complex64)"
        );
        Ok(())
    })
}

test_backends! {
    fn container_leaves_of_one_size_print_alike(b) {
        // a leaf prints as the array prints on its own: a [4, 3] gradient beside a [2, 4]
        // one, both in full, whatever their shapes; only the element count decides
        let w = arr(&range(12), &[4, 3], Dtype::Float32)?;
        let v = arr(&range(8), &[2, 4], Dtype::Float32)?;
        let c: ivy::Container = ivy::container! { w: w.clone(), v: v.clone() };
        assert_eq!(
            c.to_string(),
            "{\n    v: ivy.array([[0., 1., 2., 3.],\n                  [4., 5., 6., 7.]], dtype=float32),\n    \
             w: ivy.array([[ 0.,  1.,  2.],\n                  [ 3.,  4.,  5.],\n                  \
             [ 6.,  7.,  8.],\n                  [ 9., 10., 11.]], dtype=float32)\n}"
        );
        for shape in [&[12][..], &[3, 4], &[2, 2, 3], &[1000], &[10, 100]] {
            let x = arr(&range(shape.iter().product()), shape, Dtype::Float32)?;
            assert_eq!(format!("{x:#}"), x.to_string(), "{shape:?}");
        }
        // past the size at which an array's own repr is summarised: its shape, any shape
        for shape in [&[1001][..], &[7, 143], &[1000, 1000]] {
            let x = ivy::zeros_with(shape, ZerosKw { dtype: Some(Dtype::Float32), device: None })?;
            assert_eq!(format!("{x:#}"), format!("ivy.array(shape={shape:?}, dtype=float32)"));
        }
    }
}
