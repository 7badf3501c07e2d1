//! Sorting, searching and set functions beyond the golden vectors, on every backend: the
//! nested forms (one Container per output), the Array methods, `stable = false`, `out`,
//! searchsorted's batched rows and its errors.

use ivy::prelude::*;
use ivy::{container, Error};
use ivy_tests::test_backends;

fn arr(v: Vec<f64>) -> Array {
    ivy::astype(ivy::asarray(v).expect("backend set"), Dtype::Float32).expect("cast")
}

test_backends! {
    fn unique_counts_maps_over_containers(b) {
        let c: Container = container! { a: arr(vec![2.0, 1.0, 2.0]), b: arr(vec![5.0]) };
        let (values, counts) = ivy::nested::unique_counts(&c)?;
        assert_eq!(values.at("a")?.to_f64_vec()?, [1.0, 2.0]);
        assert_eq!(counts.at("a")?.to_f64_vec()?, [1.0, 2.0]);
        assert_eq!(counts.at("b")?.dtype(), Dtype::Int64);
        let nz = ivy::nested::nonzero(&c)?;
        assert_eq!(nz.len(), 1);
        assert_eq!(nz[0].at("a")?.to_f64_vec()?, [0.0, 1.0, 2.0]);
    }

    fn methods_out_and_unstable_flag(b) {
        let x = arr(vec![3.0, 1.0, 3.0, 2.0]);
        let kw = ArgsortKw { descending: true, stable: false, ..Default::default() };
        // `stable = false` still sorts stably
        assert_eq!(x.argsort_with(kw)?.to_f64_vec()?, [0.0, 2.0, 3.0, 1.0]);
        let mut out = arr(vec![0.0; 4]);
        ivy::sort_out(&x, &mut out)?;
        assert_eq!((out.dtype(), out.to_f64_vec()?), (Dtype::Float32, vec![1.0, 2.0, 3.0, 3.0]));
        assert_eq!(x.unique_values()?.to_f64_vec()?, [1.0, 2.0, 3.0]);
    }

    fn searchsorted_rows_and_errors(b) {
        let x1 = ivy::reshape(arr(vec![1.0, 2.0, 3.0, -1.0, 0.0, 10.0]), &[2, 3])?;
        let x2 = ivy::reshape(arr(vec![2.0, 9.0, 0.0, 20.0]), &[2, 2])?;
        let r = ivy::searchsorted(&x1, &x2)?;
        assert_eq!((r.shape(), r.to_f64_vec()?), (&[2usize, 2][..], vec![1.0, 3.0, 1.0, 3.0]));
        let bad = ivy::searchsorted(&x1, arr(vec![1.0]));
        assert!(matches!(bad, Err(Error::Shape { op: "searchsorted", .. })), "{bad:?}");
        let kw = SearchsortedKw { side: "up".into(), ..Default::default() };
        let bad = ivy::searchsorted_with(&x1, &x2, kw);
        assert!(matches!(bad, Err(Error::InvalidArgument { op: "searchsorted", .. })), "{bad:?}");
        let sorter = ivy::astype(&ivy::asarray(vec![0i64, 3])?, Dtype::Int64)?;
        let kw = SearchsortedKw { sorter: Some(sorter), ..Default::default() };
        let x = arr(vec![1.0, 2.0]);
        let bad = ivy::searchsorted_with(&x, &x, kw);
        assert!(matches!(bad, Err(Error::InvalidArgument { op: "searchsorted", .. })), "{bad:?}");
    }

    fn zero_d_inputs(b) {
        let z = ivy::asarray(1.5f64)?;
        assert!(matches!(ivy::sort(&z), Err(Error::Axis { .. })));
        assert!(matches!(ivy::nonzero(&z), Err(Error::InvalidArgument { op: "nonzero", .. })));
        let (values, inverse) = ivy::unique_inverse(&z)?;
        assert_eq!((values.shape(), inverse.shape()), (&[1usize][..], &[][..]));
    }
}
