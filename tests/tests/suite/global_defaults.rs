//! Process-wide setters of the default dtypes and of precise mode. One test in its own binary,
//! because these settings are seen by every thread.

use ivy::prelude::*;
use ivy::DefaultKind;

#[test]
fn set_and_unset_process_defaults() {
    // setters are validated by kind
    assert!(ivy::set_default(DefaultKind::Float, Dtype::Int8).is_err());
    assert!(ivy::with_default(DefaultKind::Uint, Dtype::Int8, || ()).is_err());
    assert_eq!(ivy::default_uint_dtype(), Dtype::Uint32);
    for (kind, d, read) in [
        (
            DefaultKind::Complex,
            Dtype::Complex128,
            ivy::default_complex_dtype as fn() -> Dtype,
        ),
        (DefaultKind::Float, Dtype::Float16, ivy::default_float_dtype),
        (DefaultKind::Int, Dtype::Int64, ivy::default_int_dtype),
        (DefaultKind::Uint, Dtype::Uint8, ivy::default_uint_dtype),
    ] {
        let builtin = read();
        ivy::set_default(kind, d).unwrap();
        assert_eq!(read(), d);
        // other threads see the process value
        assert_eq!(std::thread::spawn(read).join().unwrap(), d);
        // a scope on this thread wins over it
        let scoped = ivy::with_default(kind, builtin, read).unwrap();
        assert_eq!(scoped, builtin);
        ivy::unset_default(kind);
        assert_eq!(read(), builtin);
    }
    // the global default dtype drives creation without an item
    ivy::set_default(DefaultKind::Dtype, Dtype::Float64).unwrap();
    let z = ivy::with_backend(Backend::Ndarray, || ivy::zeros([1])).unwrap();
    assert_eq!(z.dtype(), Dtype::Float64);
    // linked: a float global default is the default float dtype (before: float32)
    assert_eq!(ivy::default_float_dtype(), Dtype::Float64);
    let x = ivy::with_backend(Backend::Candle, || ivy::asarray([1.0, 2.0])).unwrap();
    assert_eq!(x.dtype(), Dtype::Float64);
    assert_eq!(ivy::default_int_dtype(), Dtype::Int32, "not an int");
    ivy::unset_default(DefaultKind::Dtype);
    assert_eq!(ivy::default_float_dtype(), Dtype::Float32);
    // the op form (Ivy's compositional `set_default_dtype`): checked against the current
    // backend, and not callable by name
    ivy::with_backend(Backend::Ndarray, || ivy::set_default_dtype(Dtype::Int16)).unwrap();
    assert_eq!(ivy::default_dtype(None, None).unwrap(), Dtype::Int16);
    assert_eq!(
        ivy::default_int_dtype(),
        Dtype::Int16,
        "an int global default"
    );
    let e = ivy::with_backend(Backend::Candle, || ivy::set_default_dtype(Dtype::Int8));
    assert!(
        matches!(
            e,
            Err(ivy::Error::DtypeNotInBackend {
                op: Some("set_default_dtype"),
                ..
            })
        ),
        "{e:?}"
    );
    assert_eq!(
        ivy::default_dtype(None, None).unwrap(),
        Dtype::Int16,
        "unchanged"
    );
    let by_name = ivy::registry::call("set_default_dtype", &[Dtype::Float16.into()], &[]);
    assert!(
        matches!(by_name, Err(ivy::Error::NotCallable { .. })),
        "{by_name:?}"
    );
    assert_eq!(
        ivy::default_dtype(None, None).unwrap(),
        Dtype::Int16,
        "unchanged"
    );
    ivy::unset_default_dtype();
    assert_eq!(ivy::default_dtype(None, None).unwrap(), Dtype::Float32);
    // linked: a set default float dtype is the global default while that is unset (before:
    // zeros gave float32), on every thread and both backends
    ivy::set_default_float_dtype(Dtype::Float64).unwrap();
    assert_eq!(ivy::default_dtype(None, None).unwrap(), Dtype::Float64);
    for b in [Backend::Ndarray, Backend::Candle] {
        let z = std::thread::spawn(move || ivy::with_backend(b, || ivy::zeros([2])))
            .join()
            .unwrap()
            .unwrap();
        assert_eq!(z.dtype(), Dtype::Float64, "{b}");
    }
    // a rejected setter changes nothing
    assert!(ivy::set_default_float_dtype(Dtype::Int8).is_err());
    assert_eq!(ivy::default_float_dtype(), Dtype::Float64);
    ivy::unset_default_float_dtype();
    assert_eq!(ivy::default_dtype(None, None).unwrap(), Dtype::Float32);
    // precise mode, process-wide
    ivy::set_precise_mode(false);
    assert_eq!(
        std::thread::spawn(|| ivy::promote_types(Dtype::Int32, Dtype::Float32).unwrap())
            .join()
            .unwrap(),
        Dtype::Float32
    );
    ivy::set_precise_mode(true);
    assert_eq!(
        ivy::promote_types(Dtype::Int32, Dtype::Float32).unwrap(),
        Dtype::Float64
    );
    // casting modes, process-wide: seen by other threads
    ivy::set_casting_mode(ivy::CastingMode::Crosscast, true);
    let t = std::thread::spawn(|| {
        ivy::with_backend(Backend::Candle, || {
            let i = ivy::asarray(vec![1i64]).unwrap();
            ivy::tan(&i).map(|r| r.dtype())
        })
    });
    assert_eq!(t.join().unwrap().unwrap(), Dtype::Float32);
    ivy::set_casting_mode(ivy::CastingMode::Crosscast, false);
    assert_eq!(ivy::casting_modes(), 0);
}
