//! Basic indexing (`Array::get`, `ivy::get_item`) with numpy's meaning, on every backend:
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
