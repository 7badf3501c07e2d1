//! Indexing (`Array::get`, `ivy::get_item`, by name too) with numpy's meaning, on every backend:
//! integers, slices with positive and negative steps (bounds clamped as Python's
//! `slice.indices` does), the ellipsis and `NEWAXIS`. Expected values are numpy's
//! (`np.arange(24.).reshape(2, 3, 4)[...]`, computed once and written here).

use ivy::prelude::*;
use ivy::{Error, Idx, ELLIPSIS, NEWAXIS};
use ivy_tests::test_backends;

fn cube() -> ivy::Result<Array> {
    ivy::reshape(&ivy::arange(24.0)?, &[2, 3, 4])
}

fn s(start: Option<i64>, stop: Option<i64>, step: i64) -> Idx {
    Idx::slice(start, stop, step)
}

test_backends! {
    fn integers_and_steps(b) {
        let x = cube()?;
        // x[-1, ::2, 1]
        let r = x.get(&[Idx::from(-1), s(None, None, 2), Idx::from(1)])?;
        assert_eq!((r.shape(), r.to_f64_vec()?), (&[2usize][..], vec![13.0, 21.0]));
        // x[..., ::-3]
        let r = x.get(&[ELLIPSIS, s(None, None, -3)])?;
        assert_eq!(r.shape(), &[2, 3, 2]);
        assert_eq!(
            r.to_f64_vec()?,
            [3.0, 0.0, 7.0, 4.0, 11.0, 8.0, 15.0, 12.0, 19.0, 16.0, 23.0, 20.0]
        );
        assert_eq!(r.backend(), b);
        // a bool array keeps its dtype
        let m = ivy::greater(&x, 11.5)?;
        let r = m.get(&[Idx::from(1), Idx::from(0)])?;
        assert_eq!((r.dtype(), r.to_f64_vec()?), (Dtype::Bool, vec![1.0; 4]));
    }

    fn newaxis_and_ellipsis(b) {
        let x = cube()?;
        // x[:, None, 1:3, -1]
        let r = x.get(&[Idx::from(..), NEWAXIS, Idx::from(1..3), Idx::from(-1)])?;
        assert_eq!(r.shape(), &[2, 1, 2]);
        assert_eq!(r.to_f64_vec()?, [7.0, 11.0, 19.0, 23.0]);
        assert_eq!(x.get(&[Idx::from(1), ELLIPSIS, NEWAXIS])?.shape(), &[3, 4, 1]);
        assert_eq!(x.get(&[NEWAXIS, ELLIPSIS, NEWAXIS])?.shape(), &[1, 2, 3, 4, 1]);
        // the whole array: an equal array
        assert_eq!(x.get(&[])?, x);
        assert_eq!(x.get(&[ELLIPSIS])?, x);
        // a 0-d array takes new axes only
        let z = ivy::asarray(7.0f32)?;
        assert_eq!(z.get(&[NEWAXIS])?.shape(), &[1]);
        assert_eq!(z.get(&[ELLIPSIS])?.to_f64_vec()?, [7.0]);
    }

    fn slices_clamp_like_python(b) {
        let v = ivy::arange(5.0)?;
        let got = |i: Idx| v.get(&[i]).and_then(|r| r.to_f64_vec());
        assert_eq!(got(s(Some(4), Some(0), -2))?, [4.0, 2.0]);
        assert_eq!(got(s(Some(-2), None, -1))?, [3.0, 2.0, 1.0, 0.0]);
        assert_eq!(got(s(None, Some(-6), -1))?, [4.0, 3.0, 2.0, 1.0, 0.0]);
        // negative bounds (a Rust range `1..-1` is linted as empty: `Idx::slice` says it)
        assert_eq!(got(s(Some(1), Some(-1), 1))?, [1.0, 2.0, 3.0]);
        assert_eq!(got(Idx::from(-2..=-1))?, [3.0, 4.0]);
        assert_eq!(got(Idx::from(..=1))?, [0.0, 1.0]);
        assert_eq!(got(Idx::from(3..))?, [3.0, 4.0]);
        assert_eq!(got(Idx::from(..2))?, [0.0, 1.0]);
        let x = cube()?;
        // x[0, 5:1:-1, :] and x[0, 10:, -100:2]: empty selections, numpy's shapes
        assert_eq!(x.get(&[Idx::from(0), s(Some(5), Some(1), -1), Idx::from(..)])?.shape(), &[1, 4]);
        assert_eq!(x.get(&[Idx::from(0), Idx::from(10..), s(Some(-100), Some(2), 1)])?.shape(), &[0, 2]);
    }

    fn bad_indices_are_errors(b) {
        let x = cube()?;
        let bad = |index: &[Idx]| match x.get(index) {
            Err(Error::InvalidArgument { op: "get_item", message }) => message,
            other => panic!("{index:?}: {other:?}"),
        };
        assert!(bad(&[Idx::from(2)]).contains("out of range"));
        assert!(bad(&[Idx::from(0), Idx::from(-4)]).contains("out of range"));
        assert!(bad(&[Idx::from(i64::MIN)]).contains("out of range"));
        assert!(bad(&[s(None, None, 0)]).contains("step"));
        assert!(bad(&[ELLIPSIS, Idx::from(0), ELLIPSIS]).contains("ellipsis"));
        let four = [Idx::from(0), Idx::from(0), Idx::from(0), Idx::from(0)];
        assert!(bad(&four).contains("too many indices"));
        // extreme bounds clamp, without overflow
        let r = x.get(&[s(Some(i64::MIN), Some(i64::MAX), i64::MAX)])?;
        assert_eq!(r.shape(), &[1, 3, 4]);
        let r = x.get(&[s(Some(1), None, i64::MAX)])?;
        assert_eq!(r.shape(), &[1, 3, 4]);
        let r = x.get(&[s(Some(i64::MAX), Some(i64::MIN), i64::MIN)])?;
        assert_eq!(r.shape(), &[1, 3, 4]);
    }
}

fn ints(v: &[i64]) -> ivy::Result<Array> {
    ivy::asarray(v.to_vec())?.cast(Dtype::Int64)
}

/// `(shape, values)` of `r`, for comparing with numpy's answers.
fn got(r: Array) -> ivy::Result<(Vec<usize>, Vec<f64>)> {
    Ok((r.shape().to_vec(), r.to_f64_vec()?))
}

test_backends! {
    fn the_s_macro(b) {
        let x = cube()?;
        // x[-1, ::2, 1], x[..., ::-3], x[:, None, 1:3, -1]
        assert_eq!(got(x.get(ivy::s![-1, ..;2, 1])?)?, (vec![2], vec![13.0, 21.0]));
        assert_eq!(x.get(ivy::s![..., ..;-3])?, x.get(&[ELLIPSIS, s(None, None, -3)])?);
        assert_eq!(got(x.get(ivy::s![.., NEWAXIS, 1..3, -1])?)?, (vec![2, 1, 2], vec![7.0, 11.0, 19.0, 23.0]));
        // ndarray's range;step: the range first, walked from its end for a negative step
        let v = ivy::arange(6.0)?;
        assert_eq!(v.get(ivy::s![1..4;-1])?.to_f64_vec()?, [3.0, 2.0, 1.0]);
        assert_eq!(v.get(ivy::s![..;-2])?.to_f64_vec()?, [5.0, 3.0, 1.0]);
        assert_eq!(v.get(ivy::s![0..0;-1])?.shape(), &[0]);
        assert_eq!(v.get(ivy::s![-2..;-1])?.to_f64_vec()?, [5.0, 4.0]);
        // a step on a non-range is reported, not ignored
        assert!(v.get(ivy::s![2;2]).is_err());
    }

    fn integer_arrays_and_masks(b) {
        let x = cube()?;
        let i = |v: &[i64]| ints(v);
        assert_eq!(got(x.get(ivy::s![&i(&[1, 0])?, &i(&[2, 1])?])?)?,
            (vec![2, 4], vec![20.0, 21.0, 22.0, 23.0, 4.0, 5.0, 6.0, 7.0]));
        assert_eq!(got(x.get(ivy::s![.., &i(&[2, 0])?, 1])?)?, (vec![2, 2], vec![9.0, 1.0, 21.0, 13.0]));
        // an integer and an array apart: the array's axes go first (numpy's rule)
        assert_eq!(got(x.get(ivy::s![0, .., &i(&[1, 3])?])?)?,
            (vec![2, 3], vec![1.0, 5.0, 9.0, 3.0, 7.0, 11.0]));
        let col = ivy::reshape(&i(&[0, 1])?, &[2, 1])?;
        assert_eq!(got(x.get(ivy::s![&col, .., &i(&[0, 3])?])?)?, (vec![2, 2, 3],
            vec![0.0, 4.0, 8.0, 3.0, 7.0, 11.0, 12.0, 16.0, 20.0, 15.0, 19.0, 23.0]));
        assert_eq!(got(x.get(ivy::s![..., &i(&[-1])?])?)?, (vec![2, 3, 1], vec![3.0, 7.0, 11.0, 15.0, 19.0, 23.0]));
        assert_eq!(got(x.get(ivy::s![NEWAXIS, &i(&[1])?, 0])?)?, (vec![1, 1, 4], vec![12.0, 13.0, 14.0, 15.0]));
        // masks: all of x, or the axes they cover
        let m = ivy::greater(&x, 20)?;
        assert_eq!(got(x.get(ivy::s![&m])?)?, (vec![3], vec![21.0, 22.0, 23.0]));
        let m0 = ivy::greater(&x.get(ivy::s![0])?, 9)?;
        assert_eq!(got(x.get(ivy::s![1, &m0])?)?, (vec![2], vec![22.0, 23.0]));
        assert_eq!(x.get(ivy::s![&m])?.backend(), b);
        // a mask in another layout (a transposed view), and one on the other backend, select
        // alike: row-major order of the mask, x's backend
        let sq = ivy::reshape(&ivy::arange(4.0)?, &[2, 2])?;
        let mt = ivy::permute_dims(&ivy::greater(&sq, 1.5)?, &[1, 0])?; // [[F, T], [F, T]]
        assert_eq!(got(sq.get(ivy::s![&mt])?)?, (vec![2], vec![1.0, 3.0]));
        let other = if b == Backend::Ndarray { Backend::Candle } else { Backend::Ndarray };
        let mo = mt.to_backend(other)?;
        assert_eq!(got(sq.get(ivy::s![&mo])?)?, (vec![2], vec![1.0, 3.0]));
        assert_eq!(sq.get(ivy::s![&mo])?.backend(), b);
        // a mask of the leading axis selects rows, of x in either layout (a transposed x
        // takes the general route on ndarray: its buffer is not read in row-major order)
        let rows = ivy::asarray(vec![false, true])?;
        assert_eq!(got(sq.get(ivy::s![&rows])?)?, (vec![1, 2], vec![2.0, 3.0]));
        let xt = ivy::permute_dims(&sq, &[1, 0])?; // [[0, 2], [1, 3]]
        assert_eq!(got(xt.get(ivy::s![&rows])?)?, (vec![1, 2], vec![1.0, 3.0]));
        let none = ivy::asarray(vec![false, false])?;
        assert_eq!(got(xt.get(ivy::s![&none])?)?, (vec![0, 2], vec![]));
    }

    fn bad_array_indices_are_errors(b) {
        let x = cube()?;
        let bad = |index: &[Idx]| match x.get(index) {
            Err(Error::InvalidArgument { op: "get_item", message }) => message,
            Err(Error::Shape { op: "get_item", .. }) => "broadcast".into(),
            other => panic!("{index:?}: {other:?}"),
        };
        assert!(bad(ivy::s![&ints(&[2])?]).contains("out of range"));
        assert!(bad(ivy::s![0, &ints(&[-4])?]).contains("out of range"));
        let wrong = ivy::greater(&ivy::arange(3.0)?, 1)?;
        assert!(bad(ivy::s![&wrong]).contains("mask"));
        assert!(bad(ivy::s![&ivy::arange(2.0)?]).contains("integers"));
        assert_eq!(bad(ivy::s![&ints(&[0, 1])?, &ints(&[0, 1, 2])?]), "broadcast");
        assert!(bad(ivy::s![0, 0, 0, &ints(&[0])?]).contains("too many"));
        // an item of the other kind's dtype: one message on both backends, with the fix
        // (ndarray once spoke of promotion, candle of `Array::cast`)
        let m = bad(&[Idx::Mask(ints(&[1, 0])?)]);
        assert!(m.contains("a boolean mask must be a bool array, not int64"), "{m}");
        let m = bad(&[Idx::Array(ivy::asarray(vec![true, false])?)]);
        assert!(m.contains("not bool") && m.contains("`Idx::Mask`"), "{m}");
        // and for `set`, before anything is written
        let mut y = cube()?;
        let e = y.set(&[Idx::Mask(ints(&[1, 0])?)], 0.0).unwrap_err();
        assert!(e.to_string().contains("bool array"), "{e}");
        assert_eq!(y.to_f64_vec()?, cube()?.to_f64_vec()?);
    }

    fn index_arrays_of_every_integer_dtype_select_alike(b) {
        let x = cube()?;
        let want = got(x.get(ivy::s![.., &ints(&[2, 0, 1])?])?)?;
        let want_take = ivy::take(&ivy::arange(5.0)?, &ints(&[4, 0, 1])?)?.to_f64_vec()?;
        for d in ivy::valid_dtypes().iter().filter(|d| d.is_int()) {
            let i = ints(&[2, 0, 1])?.astype(d)?;
            assert_eq!(got(x.get(ivy::s![.., &i])?)?, want, "{d}");
            let i = ints(&[4, 0, 1])?.astype(d)?;
            assert_eq!(ivy::take(&ivy::arange(5.0)?, &i)?.to_f64_vec()?, want_take, "{d}");
            // take's indices and repeat's counts read the same conversion
            let counts = ints(&[1, 0, 2])?.astype(d)?;
            let r = ivy::repeat(&ivy::arange(3.0)?, &counts)?;
            assert_eq!(r.to_f64_vec()?, [0.0, 2.0, 2.0], "{d}");
        }
        if ivy::valid_dtypes().contains(Dtype::Uint64) {
            // beyond int64's range: out of range (numpy's IndexError), never wrapped to a
            // negative index counting from the end
            let huge = ivy::asarray(vec![u64::MAX])?;
            assert_eq!(huge.dtype(), Dtype::Uint64);
            for r in [x.get(ivy::s![0, 0, &huge]), ivy::take(&ivy::arange(4.0)?, &huge)] {
                let e = r.unwrap_err().to_string();
                assert!(e.contains("index 18446744073709551615 (uint64) is out of range"), "{e}");
            }
            // and as a count, too large (not a negative count)
            let e = ivy::repeat(&ivy::arange(1.0)?, &huge).unwrap_err();
            assert!(matches!(&e, Error::InvalidArgument { op: "repeat", message }
                if message.starts_with("count 18446744073709551615 (uint64) is too large")), "{e:?}");
        }
        let e = ivy::repeat(&ivy::arange(1.0)?, usize::MAX).unwrap_err();
        assert!(!e.to_string().contains("non-negative"), "{e}");
    }

    fn set_writes_the_selection(b) {
        let mut y = cube()?;
        y.set(ivy::s![.., 1, ..;2], &ivy::asarray([100.0f32, 200.0])?)?;
        let want: Vec<f64> = (0..24).map(|v| match v {
            4 | 16 => 100.0,
            6 | 18 => 200.0,
            v => v as f64,
        }).collect();
        assert_eq!(y.to_f64_vec()?, want);
        // integer arrays, a scalar value (cast to y's dtype)
        let mut y = cube()?;
        y.set(ivy::s![&ints(&[0, 1])?, &ints(&[2, 0])?], -1)?;
        assert_eq!(y.to_f64_vec()?[8..16], [-1.0; 8]);
        assert_eq!(y.dtype(), Dtype::Float32);
        // a mask
        let mut y = cube()?;
        let m = ivy::greater(&y, 20)?;
        y.set(ivy::s![&m], 0.0)?;
        assert_eq!(y.to_f64_vec()?[20..], [20.0, 0.0, 0.0, 0.0]);
        // ints into a float selection are cast; floats into an int array truncate (numpy)
        let mut k = ivy::asarray([1, 2, 3])?;
        k.set(ivy::s![1..], &ivy::asarray([7.9f32, -2.5])?)?;
        assert_eq!((k.dtype(), k.to_f64_vec()?), (Dtype::Int32, vec![1.0, 7.0, -2.0]));
        // a failed call changes nothing
        let mut y = cube()?;
        let before = y.clone();
        assert!(y.set(ivy::s![.., 1], &ivy::asarray([1.0f32, 2.0])?).is_err()); // (2,) onto (2, 4)
        assert!(y.set(ivy::s![5], 0).is_err());
        assert!(y.set(ivy::s![&ints(&[9])?], 0).is_err());
        assert_eq!(y, before);
    }

    fn set_checks_the_value_against_new_axes(b) {
        // before: ndarray dropped the new axes of a write, so `x[..., None] = [-5, 6, -7, 8]`
        // filled every row; numpy (and candle) refuse: (4,) does not broadcast to (3, 4, 1)
        let mut x = ivy::reshape(&ivy::arange(12.0)?, &[3, 4])?;
        let before = x.clone();
        let row = ivy::asarray([-5.0f32, 6.0, -7.0, 8.0])?;
        let e = x.set(ivy::s![..., NEWAXIS], &row).unwrap_err();
        assert!(matches!(e, Error::Shape { op: "set_item", .. }), "{e:?}");
        let e = x.set(ivy::s![..., NEWAXIS, NEWAXIS], &ivy::ones([3, 4])?).unwrap_err();
        assert!(e.to_string().contains("set_item"), "{e}");
        let col = ivy::asarray([[-5.0f32], [6.0], [7.0]])?;
        assert!(x.set(ivy::s![..., NEWAXIS], &col).is_err(), "(3, 1) onto (3, 4, 1)");
        assert_eq!(x, before, "a failed call changes nothing");
        // what does broadcast is written: (3, 4, 1), and (1, 3, 4, 1) with its leading 1
        let v = ivy::reshape(&ivy::negative(&before)?, &[3, 4, 1])?;
        x.set(ivy::s![..., NEWAXIS], &v)?;
        assert_eq!(x.to_f64_vec()?, (0..12).map(|i| -f64::from(i)).collect::<Vec<_>>());
        x.set(ivy::s![NEWAXIS, .., 1..3, NEWAXIS], &ivy::ones([1, 3, 2, 1])?)?;
        assert_eq!(x.to_f64_vec()?[..4], [0.0, 1.0, 1.0, -3.0]);
        x.set(ivy::s![..., NEWAXIS], 2.0)?;
        assert_eq!(x.to_f64_vec()?, vec![2.0; 12]);
    }

    fn empty_selections_of_huge_axes_cost_nothing(b) {
        // nothing is selected, so no position along the huge axis is ever listed (candle
        // gathers and scatters by offsets)
        let x = ivy::zeros([0, 1 << 40])?;
        assert_eq!(x.get(ivy::s![.., 1..])?.shape(), &[0, (1 << 40) - 1]);
        assert_eq!(x.get(ivy::s![NEWAXIS, .., ..;-3])?.shape(), &[1, 0, 366503875926]);
        assert_eq!(x.get(ivy::s![&ints(&[])?])?.shape(), &[0, 1 << 40]);
        let mut y = x.clone();
        y.set(ivy::s![.., ..;2], 1)?;
        assert_eq!((y.shape(), y.backend()), (x.shape(), b));
        // rejected items are still rejected
        assert!(x.get(ivy::s![0]).is_err());
        assert!(x.get(ivy::s![.., 1 << 41]).is_err());
    }

    fn by_name_is_get_and_set(b) {
        use ivy::registry::{call, Value};
        let x = cube()?;
        let q = |items: Vec<Value>| Value::List(items);
        let by_name = |query: Value| {
            call("get_item", &[Value::from(&x), query], &[]).map(|v| v.as_array().cloned())
        };
        // x[-1, ::2, 1], x[..., None, 1:3], x[[1, 0], mask]
        let want = x.get(&[Idx::from(-1), s(None, None, 2), Idx::from(1)])?;
        assert_eq!(by_name(q(vec![(-1).into(), "::2".into(), 1.into()]))?, Some(want));
        let want = x.get(&[ELLIPSIS, NEWAXIS, Idx::from(1..3)])?;
        assert_eq!(by_name(q(vec!["...".into(), Value::None, " 1 : 3 ".into()]))?, Some(want.clone()));
        assert_eq!(by_name(q(vec!["...".into(), "newaxis".into(), "1:3:1".into()]))?, Some(want));
        let m = ivy::greater(&ivy::arange(3.0)?, 0.5)?;
        let want = x.get(ivy::s![&ints(&[1, 0])?, &m])?;
        assert_eq!(by_name(q(vec![Value::from(&ints(&[1, 0])?), Value::from(&m)]))?, Some(want));
        // one item alone is a list of one; no item is the whole array
        assert_eq!(by_name(Value::from(1))?, Some(x.get(ivy::s![1])?));
        assert_eq!(by_name(q(vec![]))?, Some(x.clone()));
        // set_item by name returns the updated array and leaves the argument as it was
        let mut want = x.clone();
        want.set(ivy::s![.., 1], 0.5)?;
        let v = call("set_item", &[Value::from(&x), q(vec![":".into(), 1.into()]), 0.5.into()], &[])?;
        assert_eq!(v.as_array(), Some(&want));
        assert_eq!(x, cube()?);
        // malformed items: `ArgumentKind` naming the op, the parameter and the item
        for bad in [Value::from("1:x"), "1:2:3:4".into(), "abc".into(), 1.5.into(), true.into(),
                    q(vec![0.into(), q(vec![0.into(), 1.into()])]), Value::Dtype(Dtype::Int8)] {
            match by_name(bad.clone()) {
                Err(Error::ArgumentKind { op: "get_item", param: "query", .. }) => {}
                other => panic!("{bad:?}: {other:?}"),
            }
        }
        // well-formed items the array rejects: the op's errors
        for bad in [q(vec![2.into()]), "::0".into(), q(vec![0.into(), 0.into(), 0.into(), 0.into()]),
                    q(vec!["...".into(), "...".into()])] {
            match by_name(bad.clone()) {
                Err(Error::InvalidArgument { op: "get_item", .. }) => {}
                other => panic!("{bad:?}: {other:?}"),
            }
        }
    }

    fn basic_indexing_is_a_view_on_ndarray(b) {
        let x = cube()?;
        let v = x.get(ivy::s![1, ..;-1, 1..3])?;
        assert_eq!(got(v.clone())?, (vec![3, 2], vec![21.0, 22.0, 17.0, 18.0, 13.0, 14.0]));
        assert_eq!(v.may_share_memory(&x), b == Backend::Ndarray);
        // advanced indexing copies everywhere
        assert!(!x.get(ivy::s![&ints(&[0])?])?.may_share_memory(&x));
    }
}

#[test]
fn set_on_candle_rebinds_a_tensor_sets_a_var_and_strict_mode_refuses_to_rebind() -> ivy::Result<()>
{
    ivy::with_backend(Backend::Candle, || {
        let mut t = ivy::zeros([3])?;
        let alias = t.clone();
        t.set(ivy::s![1], 5)?;
        assert_eq!(t.to_vec::<f32>()?, [0.0, 5.0, 0.0]);
        assert_eq!(alias.to_vec::<f32>()?, [0.0; 3]); // the tensor was rebound, not written
                                                      // strict: the rebinding is an error, nothing changes
        let e = ivy::with_inplace_mode(ivy::InplaceMode::Strict, || t.set(ivy::s![0], 1));
        assert!(
            matches!(e, Err(Error::InplaceStrict { op: "set_item", .. })),
            "{e:?}"
        );
        assert_eq!(t.to_vec::<f32>()?, [0.0, 5.0, 0.0]);
        // a Var is written natively, strict or not, and every handle sees it
        let var = candle_core::Var::zeros(3, candle_core::DType::F32, &candle_core::Device::Cpu)
            .map_err(|_| Error::NoBackend { op: "test" })?;
        let mut v = Array::from(var.clone());
        ivy::with_inplace_mode(ivy::InplaceMode::Strict, || v.set(ivy::s![2], 7))?;
        assert_eq!(var.as_tensor().to_vec1::<f32>().unwrap(), [0.0, 0.0, 7.0]);
        // by name, set_item updates a clone of its argument: a Var's clones share its storage
        use ivy::registry::{call, Value};
        let r = call(
            "set_item",
            &[Value::from(&v), Value::from(0), Value::from(3)],
            &[],
        )?;
        assert_eq!(r.as_array().unwrap().to_vec::<f32>()?, [3.0, 0.0, 7.0]);
        assert_eq!(var.as_tensor().to_vec1::<f32>().unwrap(), [3.0, 0.0, 7.0]);
        Ok(())
    })
}

#[test]
fn set_on_ndarray_writes_the_buffer() -> ivy::Result<()> {
    let mut x = ivy::with_backend(Backend::Ndarray, || ivy::zeros([2, 3]))?;
    let before = x.get(ivy::s![..])?; // a view: shares x's buffer
    assert!(before.may_share_memory(&x));
    ivy::with_inplace_mode(ivy::InplaceMode::Strict, || x.set(ivy::s![0, ..], 1))?;
    // x was shared with the view: copy-on-write gave x its own buffer, the view kept its values
    assert_eq!(before.to_vec::<f32>()?, [0.0; 6]);
    assert_eq!(x.to_vec::<f32>()?, [1.0, 1.0, 1.0, 0.0, 0.0, 0.0]);
    Ok(())
}

test_backends! {
    fn get_item_over_containers(b) {
        let x = ivy::reshape(&ivy::arange(6.0)?, &[2, 3])?;
        let c = ivy::container! { a: x.clone(), b: { c: ivy::reshape(&ivy::arange(4.0)?, &[2, 2])? } };
        // one index at every leaf: the nested form, the Container method, and by name
        let cols = ivy::nested::get_item(&c, ivy::s![.., -1])?;
        assert_eq!(cols.at("a")?.to_f64_vec()?, [2.0, 5.0]);
        assert_eq!(cols.at("b/c")?.to_f64_vec()?, [1.0, 3.0]);
        assert_eq!(c.get_item(ivy::s![1])?.at("b/c")?.to_f64_vec()?, [2.0, 3.0]);
        let r = ivy::registry::call("get_item", &[ivy::registry::Value::from(&c), ivy::registry::Value::from(0)], &[])?;
        assert!(matches!(r, ivy::registry::Value::Container(ref r) if r.at("a")?.to_f64_vec()? == [0.0, 1.0, 2.0]));
        // an index one leaf rejects: the op's error
        let e = c.get_item(ivy::s![.., 2]).unwrap_err();
        assert!(matches!(e.root(), Error::InvalidArgument { .. }), "{e}");
    }
}

test_backends! {
    fn zero_d_masks_cover_no_axis_and_add_one(b) {
        // before: "too many indices: 1 for an array of 0 dimensions"; numpy:
        // `np.asarray(False)[np.asarray(True)]` is `array([False])`, a False mask gives shape (0,)
        let x = ivy::asarray(false)?;
        let yes = ivy::asarray(true)?;
        let no = ivy::asarray(false)?;
        let r = x.get(ivy::s![&yes])?;
        assert_eq!((r.shape(), r.dtype(), r.to_f64_vec()?), (&[1usize][..], Dtype::Bool, vec![0.0]));
        assert_eq!(x.get(ivy::s![&no])?.shape(), &[0]);
        // on an array: a new leading axis (numpy: `np.arange(3.)[np.True_].shape == (1, 3)`)
        let v = ivy::arange(3.0)?;
        assert_eq!(got(v.get(ivy::s![&yes])?)?, (vec![1, 3], vec![0.0, 1.0, 2.0]));
        assert_eq!(v.get(ivy::s![&no])?.shape(), &[0, 3]);
        assert_eq!(v.get(ivy::s![.., &yes])?.shape(), &[3, 1]);
        // x[mask] = v
        let mut z = ivy::asarray(1.5f32)?;
        z.set(ivy::s![&no], 9.0)?;
        assert_eq!(z.to_f64_vec()?, [1.5]);
        z.set(ivy::s![&yes], 9.0)?;
        assert_eq!((z.shape(), z.to_f64_vec()?), (&[][..], vec![9.0]));
        let mut w = ivy::arange(3.0)?;
        w.set(ivy::s![&yes], &ivy::asarray([7.0f32, 8.0, 9.0])?)?;
        assert_eq!((w.to_f64_vec()?, w.backend()), (vec![7.0, 8.0, 9.0], b));
    }

    fn masks_select_the_same_below_and_above_the_one_pass_size(b) {
        // up to 2^14 elements a mask selects in one pass (ndarray's `compress`), beyond that
        // through `take`: both give every third element, and whole rows for a mask of the
        // leading axis
        for n in [10usize, (1 << 14) + 3] {
            let x = ivy::arange(n as f64)?;
            let m = ivy::equal(&ivy::remainder(&x, 3.0)?, 0.0)?;
            let want: Vec<f64> = (0..n).filter(|i| i % 3 == 0).map(|i| i as f64).collect();
            let y = x.get(ivy::s![&m])?;
            assert_eq!((y.to_f64_vec()?, y.backend()), (want.clone(), b));
            let rows = ivy::reshape(&ivy::arange(2.0 * n as f64)?, &[n as i64, 2])?;
            let r = rows.get(ivy::s![&m])?;
            let pairs: Vec<f64> = want.iter().flat_map(|&i| [2.0 * i, 2.0 * i + 1.0]).collect();
            assert_eq!((r.shape(), r.to_f64_vec()?), (&[want.len(), 2][..], pairs));
        }
    }

    fn mask_axes_of_length_0_select_nothing(b) {
        // before: "a boolean mask of shape [2, 0] ... must be equal"; numpy (and the Array API
        // suite) let a mask axis of length 0 stand for any length:
        // `np.arange(6).reshape(2, 3)[np.zeros((2, 0), bool)].shape == (0,)`
        let x = ivy::reshape(&ivy::arange(6.0)?, &[2, 3])?;
        let empty = |s: &[usize]| ivy::zeros_with(s.to_vec(), ZerosKw { dtype: Some(Dtype::Bool), device: None });
        assert_eq!(x.get(ivy::s![&empty(&[2, 0])?])?.shape(), &[0]);
        assert_eq!(x.get(ivy::s![&empty(&[0, 3])?])?.shape(), &[0]);
        assert_eq!(x.get(ivy::s![&empty(&[0])?])?.shape(), &[0, 3]);
        let mut y = x.clone();
        y.set(ivy::s![&empty(&[0, 0])?], 5.0)?;
        assert_eq!((&y, y.backend()), (&x, b));
        // other lengths still must match, and a mask may not cover more axes than there are
        assert!(x.get(ivy::s![&empty(&[1])?]).is_err());
        assert!(ivy::asarray(3)?.get(ivy::s![&empty(&[0])?]).is_err());
    }
}

test_backends! {
    fn a_complex_scalar_is_not_set_into_a_real_array(b) {
        // numpy raises TypeError for `x[0] = 1 + 2j` on a float array; dropping the imaginary
        // part silently (as before) loses data
        let mut x = ivy::asarray([1.0f32, 2.0])?;
        let r = x.set(ivy::s![0], Scalar::Complex(3.0, 2.0));
        assert!(matches!(r, Err(Error::ArgumentKind { op: "set_item", .. })), "{r:?}");
        assert_eq!(x.to_vec::<f32>()?, [1.0, 2.0]); // unchanged
        // a complex scalar with no imaginary part, too (the rule is the scalar's kind)
        assert!(x.set(ivy::s![1], Scalar::Complex(3.0, 0.0)).is_err());
        // a bool array takes its truth (numpy's)
        let mut t = ivy::asarray([false, false])?;
        t.set(ivy::s![0], Scalar::Complex(0.0, 2.0))?;
        assert_eq!(t.to_vec::<bool>()?, [true, false]);
        // into a complex array it is set
        if b == Backend::Ndarray {
            let mut z = ivy::asarray([1.0f32, 2.0])?.cast(Dtype::Complex64)?;
            z.set(ivy::s![0], Scalar::Complex(3.0, 2.0))?;
            assert_eq!(z.to_vec::<num_complex::Complex<f32>>()?[0], num_complex::Complex::new(3.0, 2.0));
        }
    }
}
