//! Casting modes: applied only when an op receives a dtype it does not support on the
//! backend. Real candle gaps (its float kernels reject integers) plus a demo category whose
//! spec leaves gaps inside a kind (for upcast and downcast).

use ivy::prelude::*;
use ivy::{CastingMode, Error};
use ivy_tests::{test_backends, typed};

/// Demo ops with spec gaps on both backends: `twice` lacks some floats (bfloat16, float16,
/// float64: upcast and downcast fill the gap, crosscast must not), `twice_int` lacks every
/// float and `twice_float` every integer (crosscast's cases).
#[ivy::category]
pub mod demo {
    use ivy::{Array, Result};

    /// `x + x`.
    #[primary]
    #[nestable]
    pub fn twice(x: &Array, out: Option<&mut Array>) -> Result<Array>;

    /// `x + x`, integers and bool only.
    #[primary]
    pub fn twice_int(x: &Array) -> Result<Array>;

    /// `x + x`, no integers.
    #[primary]
    pub fn twice_float(x: &Array) -> Result<Array>;
}

#[ivy::backend_impl]
impl demo::DemoBackend for ivy::NdarrayBackend {
    #[with_unsupported_dtypes({"0.17.2 and below": ("bfloat16", "float16", "float64")})]
    fn twice(x: &Array) -> ivy::Result<Array> {
        ivy::add(x, x)
    }
    #[with_unsupported_dtypes({"0.17.2 and below": ("float",)})]
    fn twice_int(x: &Array) -> ivy::Result<Array> {
        ivy::add(x, x)
    }
    #[with_unsupported_dtypes({"0.17.2 and below": ("integer",)})]
    fn twice_float(x: &Array) -> ivy::Result<Array> {
        ivy::add(x, x)
    }
}

#[ivy::backend_impl]
impl demo::DemoBackend for ivy::CandleBackend {
    #[with_unsupported_dtypes({"0.11.1 and below": ("bfloat16", "float16", "float64")})]
    fn twice(x: &Array) -> ivy::Result<Array> {
        ivy::add(x, x)
    }
    #[with_unsupported_dtypes({"0.11.1 and below": ("float",)})]
    fn twice_int(x: &Array) -> ivy::Result<Array> {
        ivy::add(x, x)
    }
    #[with_unsupported_dtypes({"0.11.1 and below": ("integer",)})]
    fn twice_float(x: &Array) -> ivy::Result<Array> {
        ivy::add(x, x)
    }
}

test_backends! {
    fn no_mode_no_cast(b) {
        let h = typed(&[1.0], Dtype::Float16)?;
        assert!(matches!(demo::twice(&h), Err(Error::UnsupportedDtype { .. })));
        if b == Backend::Ndarray {
            assert!(matches!(ivy::negative(&ivy::asarray(vec![true])?), Err(Error::UnsupportedDtype { .. })));
        } else {
            let r = ivy::zeros_with([1], ZerosKw { dtype: Some(Dtype::Uint16), device: None });
            assert!(matches!(r, Err(Error::DtypeNotInBackend { .. })));
        }
    }

    fn upcast(b) {
        let h = typed(&[1.5], Dtype::Float16)?;
        let r = ivy::with_casting_mode(CastingMode::Upcast, || demo::twice(&h))?;
        assert_eq!((r.dtype(), r.to_f64_vec()?), (Dtype::Float32, vec![3.0]));
        // no wider float32-or-above candidate for float64 when upcasting
        let d = typed(&[1.5], Dtype::Float64)?;
        assert!(ivy::with_casting_mode(CastingMode::Upcast, || demo::twice(&d)).is_err());
    }

    fn downcast(b) {
        let d = typed(&[1.5], Dtype::Float64)?;
        let r = ivy::with_casting_mode(CastingMode::Downcast, || demo::twice(&d))?;
        assert_eq!((r.dtype(), r.to_f64_vec()?), (Dtype::Float32, vec![3.0]));
    }

    fn real_backend_gaps(b) {
        if b == Backend::Candle {
            // candle has no uint16 and no uint64: creation under a casting mode picks a
            // dtype candle has
            let up = ivy::with_casting_mode(CastingMode::Upcast, || {
                ivy::zeros_with([2], ZerosKw { dtype: Some(Dtype::Uint16), device: None })
            })?;
            assert_eq!(up.dtype(), Dtype::Uint32);
            let down = ivy::with_casting_mode(CastingMode::Downcast, || {
                ivy::ones_with([1], OnesKw { dtype: Some(Dtype::Uint64), device: None })
            })?;
            assert_eq!((down.dtype(), down.to_f64_vec()?), (Dtype::Uint32, vec![1.0]));
            let cross = ivy::with_casting_mode(CastingMode::Crosscast, || ivy::full([1], true))?;
            assert_eq!((cross.dtype(), cross.to_f64_vec()?), (Dtype::Bool, vec![1.0]));
        }
        // no backend negates bools: crosscast computes them in the default int dtype
        let x = ivy::asarray(vec![true])?;
        let n = ivy::with_casting_mode(CastingMode::Crosscast, || ivy::negative(&x))?;
        assert_eq!((n.dtype(), n.to_f64_vec()?), (Dtype::Int32, vec![-1.0]));
    }

    fn crosscast_only_when_the_whole_kind_is_missing(b) {
        // `twice` lacks float16 but has float32: crosscasting float16 to an int would
        // silently truncate 1.5 to 1 (it did), so crosscast finds nothing
        let h = typed(&[1.5], Dtype::Float16)?;
        let r = ivy::with_casting_mode(CastingMode::Crosscast, || demo::twice(&h));
        assert!(matches!(r, Err(Error::UnsupportedDtype { .. })), "{r:?}");
        // every float unsupported → the default int
        let r = ivy::with_casting_mode(CastingMode::Crosscast, || demo::twice_int(&h))?;
        assert_eq!((r.dtype(), r.to_f64_vec()?), (Dtype::Int32, vec![2.0]));
        let r = ivy::with_default_int_dtype(Dtype::Int64, || {
            ivy::with_casting_mode(CastingMode::Crosscast, || demo::twice_int(&h))
        })??;
        assert_eq!(r.dtype(), Dtype::Int64, "the default int dtype in force");
        // every integer unsupported → the default float, for signed and unsigned inputs
        for d in [Dtype::Int64, Dtype::Uint8] {
            let i = typed(&[3.0], d)?;
            assert!(demo::twice_float(&i).is_err());
            let r = ivy::with_casting_mode(CastingMode::Crosscast, || demo::twice_float(&i))?;
            assert_eq!((r.dtype(), r.to_f64_vec()?), (Dtype::Float32, vec![6.0]), "{d}");
            // an op with integers is not crosscast: upcast/downcast stay within the kind
            let r = ivy::with_casting_mode(CastingMode::Crosscast, || demo::twice_int(&i))?;
            assert_eq!(r.dtype(), d, "supported: no cast at all");
        }
    }

    fn cast_tries_crosscast_first(b) {
        let h = typed(&[2.0], Dtype::Float16)?;
        // crosscast first where it applies ...
        let r = ivy::with_casting_mode(CastingMode::Cast, || demo::twice_int(&h))?;
        assert_eq!(r.dtype(), Dtype::Int32);
        // ... else upcast (float16 → float32 keeps 1.5), then downcast
        let r = ivy::with_casting_mode(CastingMode::Cast, || demo::twice(&typed(&[1.5], Dtype::Float16)?))?;
        assert_eq!((r.dtype(), r.to_f64_vec()?), (Dtype::Float32, vec![3.0]));
        let r = ivy::with_casting_mode(CastingMode::Cast, || demo::twice(&typed(&[1.5], Dtype::Float64)?))?;
        assert_eq!((r.dtype(), r.to_f64_vec()?), (Dtype::Float32, vec![3.0]));
        // with the default int unsupported too, cast falls back to upcast
        let r = ivy::with_default(ivy::DefaultKind::Int, Dtype::Int64, || {
            ivy::with_casting_mode(CastingMode::Cast, || ivy::tan(&h))
        })??;
        assert_eq!(r.dtype(), Dtype::Float16, "tan supports float16: no cast at all");
    }

    fn casting_applies_to_out_and_nested_forms(b) {
        let h = typed(&[1.5], Dtype::Float16)?;
        let mut out = typed(&[0.0], Dtype::Float64)?;
        ivy::with_casting_mode(CastingMode::Upcast, || demo::twice_out(&h, &mut out))?;
        assert_eq!((out.dtype(), out.to_f64_vec()?), (Dtype::Float64, vec![3.0]), "out keeps its dtype");
        let c: Container = ivy::container! { a: h.clone() };
        let e = ivy::with_casting_mode(CastingMode::Upcast, || demo::nested::twice(&c))?;
        assert_eq!(e.at("a")?.dtype(), Dtype::Float32);
        assert!(demo::twice_out(&h, &mut out).is_err(), "no mode: error, out untouched");
        assert_eq!(out.to_f64_vec()?, vec![3.0]);
    }
}

#[test]
fn scoped_mode() {
    // A scope restores the thread to the process setting (none; the process-wide setter is
    // tested in global_defaults.rs, alone in its binary).
    assert_eq!(ivy::casting_modes(), 0);
    ivy::with_casting_mode(CastingMode::Upcast, || {
        assert!(ivy::casting_mode(CastingMode::Upcast));
        assert!(!ivy::casting_mode(CastingMode::Downcast));
    });
    assert_eq!(ivy::casting_modes(), 0);
}
