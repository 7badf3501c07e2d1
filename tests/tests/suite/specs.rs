//! Support specs resolved against the real backend versions: version keys, classes, the
//! last-key fallback, block-level specs refined per method.

use ivy::prelude::*;
use ivy::{Device, Error};
use ivy_tests::typed;

/// Demo ops for the specs below.
#[ivy::category]
pub mod specdemo {
    use ivy::{Array, Result};

    /// Identity.
    #[primary]
    pub fn first(x: &Array) -> Result<Array>;
    /// Identity.
    #[primary]
    pub fn second(x: &Array) -> Result<Array>;
    /// Identity.
    #[primary]
    pub fn third(x: &Array) -> Result<Array>;
}

// Block-level spec (float64 everywhere in the block), refined per method.
#[ivy::backend_impl]
#[with_unsupported_dtypes({"0.17.2 and below": ("float64",)})]
impl specdemo::SpecdemoBackend for ivy::NdarrayBackend {
    #[with_unsupported_dtypes({"0.17.2 and below": ("unsigned",)})]
    fn first(x: &Array) -> ivy::Result<Array> {
        Ok(x.clone())
    }
    fn second(x: &Array) -> ivy::Result<Array> {
        Ok(x.clone())
    }
    // "0.17 and below" does not cover 0.17.2 (versions compare as integer triples), and no
    // other key matches: the last key's value applies (Ivy's fallback).
    #[with_unsupported_dtypes({"0.17 and below": ("int16",), "0.18 and above": ("int32",)})]
    fn third(x: &Array) -> ivy::Result<Array> {
        Ok(x.clone())
    }
}

#[ivy::backend_impl]
impl specdemo::SpecdemoBackend for ivy::CandleBackend {
    #[with_supported_dtypes({"0.11.1 and below": ("float",), "0.12 and above": ("valid",)})]
    fn first(x: &Array) -> ivy::Result<Array> {
        Ok(x.clone())
    }
    #[with_unsupported_dtypes({"0.11.1 and above": ("int16", "float16")})]
    fn second(x: &Array) -> ivy::Result<Array> {
        Ok(x.clone())
    }
    #[with_unsupported_dtypes({"0.11.0": ("int32",), "0.11.1": ("int64",)})]
    fn third(x: &Array) -> ivy::Result<Array> {
        Ok(x.clone())
    }
}

fn rejects(b: Backend, f: impl Fn(&Array) -> ivy::Result<Array>, d: Dtype) -> bool {
    ivy::with_backend(b, || {
        let x = typed(&[1.0], d).unwrap();
        match f(&x) {
            Ok(_) => false,
            Err(Error::UnsupportedDtype { .. }) => true,
            Err(e) => panic!("{e}"),
        }
    })
}

#[test]
fn block_spec_refined_per_method_on_ndarray() {
    let b = Backend::Ndarray;
    assert!(rejects(b, |x| specdemo::first(x), Dtype::Float64), "block");
    assert!(rejects(b, |x| specdemo::first(x), Dtype::Uint8), "method");
    assert!(!rejects(b, |x| specdemo::first(x), Dtype::Int8));
    assert!(
        rejects(b, |x| specdemo::second(x), Dtype::Float64),
        "block only"
    );
    assert!(!rejects(b, |x| specdemo::second(x), Dtype::Uint8));
}

#[test]
fn version_keys_and_fallback() {
    // ndarray 0.17.2: "0.17 and below" misses, "0.18 and above" misses → last value (int32)
    assert!(rejects(
        Backend::Ndarray,
        |x| specdemo::third(x),
        Dtype::Int32
    ));
    assert!(!rejects(
        Backend::Ndarray,
        |x| specdemo::third(x),
        Dtype::Int16
    ));
    // candle 0.11.1: the exact key "0.11.1" matches
    assert!(rejects(
        Backend::Candle,
        |x| specdemo::third(x),
        Dtype::Int64
    ));
    assert!(!rejects(
        Backend::Candle,
        |x| specdemo::third(x),
        Dtype::Int32
    ));
    assert!(
        rejects(Backend::Candle, |x| specdemo::second(x), Dtype::Float16),
        "and above"
    );
}

#[test]
fn supported_spec_with_classes() {
    // candle: only the float class is supported by `first`
    assert!(!rejects(
        Backend::Candle,
        |x| specdemo::first(x),
        Dtype::Bfloat16
    ));
    assert!(rejects(
        Backend::Candle,
        |x| specdemo::first(x),
        Dtype::Int32
    ));
    // a category declared outside ivy has its own op table, queried the same way
    let first = &specdemo::SPECDEMO_OPS[0];
    assert_eq!(first.meta.name, "first");
    let s = ivy::registry::support(first, Backend::Candle)
        .unwrap()
        .supported;
    assert_eq!(s, DtypeSet::FLOAT);
    // block + method on ndarray
    let s = ivy::registry::support(first, Backend::Ndarray)
        .unwrap()
        .supported;
    assert_eq!(
        DtypeSet::VALID.difference(s),
        DtypeSet::UNSIGNED.union(DtypeSet::of(&[Dtype::Float64]))
    );
}

/// Compositional and mixed declarations with per-backend specs (the seed's `einops_reduce`
/// case).
#[ivy::category]
pub mod declared {
    use ivy::{Array, Result};

    /// `x / 2`, declared unsupported for float16 on candle.
    #[compositional]
    #[unsupported_dtypes(candle = ("float16",))]
    pub fn halve(x: &Array) -> Result<Array> {
        ivy::divide(x, 2.0)
    }

    /// `exp(x)`, returning the value even when given `out` (the dispatcher writes it).
    #[compositional]
    pub fn exp_plain(x: &Array, out: Option<&mut Array>) -> Result<Array> {
        let _ = out;
        Ok(Some(ivy::exp(x)?))
    }

    /// `x * 3`, supporting only float32 and float64 on candle when its body runs there.
    #[mixed]
    #[supported_dtypes(candle = ("float32", "float64"))]
    pub fn triple(x: &Array) -> Result<Array> {
        ivy::multiply(x, 3.0)
    }

    /// `int64(x) & 1`: the body casts first, so it would run on floats, but `bitwise_and`
    /// supports no float dtype and the op's support is its callees' intersection.
    #[compositional]
    pub fn parity(x: &Array) -> Result<Array> {
        ivy::bitwise_and(&ivy::astype(x, ivy::Dtype::Int64)?, 1)
    }

    /// `parity` as a mixed op with no backend override: its body runs on every backend.
    #[mixed]
    pub fn parity_mixed(x: &Array) -> Result<Array> {
        ivy::bitwise_and(&ivy::astype(x, ivy::Dtype::Int64)?, 1)
    }
}

#[ivy::backend_impl]
impl declared::DeclaredBackend for ivy::NdarrayBackend {
    // ndarray overrides `triple` natively: the declaration's candle spec does not apply here
    fn triple(x: &Array) -> ivy::Result<Array> {
        ivy::add(&ivy::add(x, x)?, x)
    }
}

#[ivy::backend_impl]
impl declared::DeclaredBackend for ivy::CandleBackend {}

#[test]
fn compositional_declared_unsupported_per_backend() {
    assert!(rejects(
        Backend::Candle,
        |x| declared::halve(x),
        Dtype::Float16
    ));
    assert!(!rejects(
        Backend::Candle,
        |x| declared::halve(x),
        Dtype::Float32
    ));
    assert!(!rejects(
        Backend::Ndarray,
        |x| declared::halve(x),
        Dtype::Float16
    ));
    let e = ivy::with_backend(Backend::Candle, || {
        declared::halve(typed(&[1.0], Dtype::Float16).unwrap()).unwrap_err()
    });
    assert!(
        e.to_string().contains("halve") && e.to_string().contains("0.11"),
        "{e}"
    );
    // a casting mode applies as for primary ops
    let r = ivy::with_backend(Backend::Candle, || {
        let h = typed(&[3.0], Dtype::Float16).unwrap();
        ivy::with_casting_mode(ivy::CastingMode::Upcast, || declared::halve(&h))
    })
    .unwrap();
    assert_eq!(
        (r.dtype(), r.to_f64_vec().unwrap()),
        (Dtype::Float32, vec![1.5])
    );
    let halve = &declared::DECLARED_OPS[0];
    assert!(!ivy::registry::support(halve, Backend::Candle)
        .unwrap()
        .supported
        .contains(Dtype::Float16));
    assert!(ivy::registry::support(halve, Backend::Ndarray)
        .unwrap()
        .supported
        .contains(Dtype::Float16));
}

/// A body that promotes runs on dtypes outside its callees' support (`parity` of float32),
/// yet the registry declares them unsupported: the generated dispatch refuses them by
/// itself (or casts them under a casting mode), for compositional ops and for mixed ops
/// whose body runs, with or without a backend set.
#[test]
fn a_body_is_refused_outside_its_callees_support() {
    let parity = |name: &str| {
        declared::DECLARED_OPS
            .iter()
            .find(|e| e.meta.name == name)
            .unwrap()
    };
    for b in [Backend::Ndarray, Backend::Candle] {
        for name in ["parity", "parity_mixed"] {
            let sup = ivy::registry::support(parity(name), b).unwrap().supported;
            assert!(
                !sup.contains(Dtype::Float32) && sup.contains(Dtype::Int64),
                "{name} {b}"
            );
        }
        let (f, i) = ivy::with_backend(b, || {
            let f = typed(&[3.0, 4.0], Dtype::Float32).unwrap();
            let i = typed(&[3.0, 4.0], Dtype::Int64).unwrap();
            for r in [declared::parity(&f), declared::parity_mixed(&f)] {
                let e = r.unwrap_err();
                assert!(
                    matches!(&e, Error::UnsupportedDtype { op, dtype: Dtype::Float32, .. } if op.starts_with("parity")),
                    "{e:?}"
                );
            }
            assert_eq!(
                declared::parity(&i).unwrap().to_f64_vec().unwrap(),
                [1.0, 0.0]
            );
            assert_eq!(
                declared::parity_mixed(&i).unwrap().to_f64_vec().unwrap(),
                [1.0, 0.0]
            );
            // a casting mode casts the input, as for a primary op
            let r = ivy::with_casting_mode(ivy::CastingMode::Crosscast, || declared::parity(&f));
            assert_eq!(r.unwrap().to_f64_vec().unwrap(), [1.0, 0.0], "{b}");
            (f, i)
        });
        // no backend set: the mixed op's body runs, and refuses the same dtypes
        assert!(ivy::current_backend().is_none());
        let e = declared::parity_mixed(&f).unwrap_err();
        assert!(
            matches!(
                &e,
                Error::UnsupportedDtype {
                    op: "parity_mixed",
                    dtype: Dtype::Float32,
                    ..
                }
            ),
            "{e:?}"
        );
        assert_eq!(
            declared::parity_mixed(&i).unwrap().to_f64_vec().unwrap(),
            [1.0, 0.0]
        );
    }
    // `var` has no hand-written bool check: the mechanism refuses bool (subtract's gap)
    let x = ivy::with_backend(Backend::Ndarray, || {
        ivy::asarray(vec![true, false]).unwrap()
    });
    for r in [
        ivy::var(&x),
        ivy::with_backend(Backend::Ndarray, || ivy::var(&x)),
    ] {
        let e = r.unwrap_err();
        assert!(
            matches!(
                &e,
                Error::UnsupportedDtype {
                    op: "var",
                    dtype: Dtype::Bool,
                    ..
                }
            ),
            "{e:?}"
        );
    }
}

#[test]
fn a_body_returning_its_value_still_fills_out() {
    for b in [Backend::Ndarray, Backend::Candle] {
        ivy::with_backend(b, || {
            let x = typed(&[0.0, 1.0], Dtype::Float32).unwrap();
            let mut out = typed(&[9.0, 9.0], Dtype::Float64).unwrap();
            declared::exp_plain_out(&x, &mut out).unwrap();
            assert_eq!(out.dtype(), Dtype::Float64);
            assert!(
                (out.to_f64_vec().unwrap()[1] - 1f64.exp()).abs() < 1e-6,
                "{b}"
            );
        });
    }
}

#[test]
fn mixed_declared_spec_applies_only_where_the_body_runs() {
    assert!(rejects(
        Backend::Candle,
        |x| declared::triple(x),
        Dtype::Float16
    ));
    assert!(rejects(
        Backend::Candle,
        |x| declared::triple(x),
        Dtype::Int32
    ));
    assert!(!rejects(
        Backend::Candle,
        |x| declared::triple(x),
        Dtype::Float32
    ));
    assert!(
        !rejects(Backend::Ndarray, |x| declared::triple(x), Dtype::Float16),
        "native override"
    );
    let triple = &declared::DECLARED_OPS[2];
    let candle = ivy::registry::support(triple, Backend::Candle).unwrap();
    assert_eq!(
        candle.supported,
        DtypeSet::of(&[Dtype::Float32, Dtype::Float64])
    );
    assert!(!candle.native);
    assert!(
        ivy::registry::support(triple, Backend::Ndarray)
            .unwrap()
            .native
    );
}

/// Device specs.
#[ivy::category]
pub mod devdemo {
    use ivy::{Array, Device, Dtype, Result};

    /// Identity.
    #[primary]
    pub fn ident(x: &Array) -> Result<Array>;

    /// Zeros.
    #[primary]
    #[infer_dtype]
    #[infer_device]
    pub fn make(
        shape: &[usize],
        #[kw] dtype: Option<Dtype>,
        #[kw] device: Option<Device>,
    ) -> Result<Array>;
}

#[ivy::backend_impl]
impl devdemo::DevdemoBackend for ivy::NdarrayBackend {
    #[with_unsupported_device_and_dtypes({"0.17.2 and below": {"cpu": ("int16",), "gpu": ("float16",)}})]
    fn ident(x: &Array) -> ivy::Result<Array> {
        Ok(x.clone())
    }
    #[with_unsupported_devices({"0.17.2 and below": ("cpu",)})]
    fn make(shape: &[usize], dtype: Dtype, device: ivy::Device) -> ivy::Result<Array> {
        ivy::zeros_with(
            shape,
            ZerosKw {
                dtype: Some(dtype),
                device: Some(device),
            },
        )
    }
}

#[ivy::backend_impl]
impl devdemo::DevdemoBackend for ivy::CandleBackend {
    #[with_supported_devices({"0.11.1 and below": ("cuda",)})]
    fn ident(x: &Array) -> ivy::Result<Array> {
        Ok(x.clone())
    }
    fn make(shape: &[usize], dtype: Dtype, device: ivy::Device) -> ivy::Result<Array> {
        ivy::zeros_with(
            shape,
            ZerosKw {
                dtype: Some(dtype),
                device: Some(device),
            },
        )
    }
}

#[test]
fn device_specs() {
    ivy::with_backend(Backend::Ndarray, || {
        let i = typed(&[1.0], Dtype::Int16).unwrap();
        match devdemo::ident(&i) {
            Err(Error::UnsupportedDevice {
                op: "ident",
                device: Device::Cpu,
                dtype: Some(Dtype::Int16),
                ..
            }) => {}
            other => panic!("{other:?}"),
        }
        assert!(
            devdemo::ident(typed(&[1.0], Dtype::Float16).unwrap()).is_ok(),
            "float16 is a gpu gap only"
        );
        let e = devdemo::make(&[1]).unwrap_err();
        assert!(
            matches!(
                e,
                Error::UnsupportedDevice {
                    op: "make",
                    dtype: None,
                    ..
                }
            ),
            "{e:?}"
        );
        assert!(e.to_string().contains("cpu"));
    });
    ivy::with_backend(Backend::Candle, || {
        let x = typed(&[1.0], Dtype::Float32).unwrap();
        assert!(matches!(
            devdemo::ident(&x),
            Err(Error::UnsupportedDevice {
                device: Device::Cpu,
                ..
            })
        ));
        assert_eq!(devdemo::make(&[2]).unwrap().shape(), &[2]);
    });
    let ident = &devdemo::DEVDEMO_OPS[0];
    let nd = ivy::registry::support(ident, Backend::Ndarray).unwrap();
    // ndarray runs on the CPU only: its support rows never name cuda
    assert_eq!(nd.devices, ivy_core::DeviceSet::CPU);
    assert_eq!(nd.device_dtypes[0], DtypeSet::of(&[Dtype::Int16]));
    assert_eq!(nd.device_dtypes[1], DtypeSet::of(&[Dtype::Float16]));
    let c = ivy::registry::support(ident, Backend::Candle).unwrap();
    // cuda only by its spec, and only in a build with the `cuda` feature
    let cuda = if cfg!(feature = "cuda") {
        ivy_core::DeviceSet::CUDA
    } else {
        ivy_core::DeviceSet::EMPTY
    };
    assert_eq!(c.devices, cuda);
}

#[test]
fn support_queries_for_current_backend_and_mixed_ops() {
    let sp = ivy::registry::op("softplus").unwrap();
    let (body, native) = ivy::registry::mixed_support(sp, Backend::Ndarray).unwrap();
    assert!(native.is_some() && body.contains(Dtype::Float32));
    // candle overrides it too (the kernel row's candle expression)
    let (body, native) = ivy::registry::mixed_support(sp, Backend::Candle).unwrap();
    assert!(native.is_some_and(|n| n.contains(Dtype::Bool)) && body.contains(Dtype::Float32));
    let candle_devices = if cfg!(feature = "cuda") {
        ivy_core::DeviceSet::ALL
    } else {
        ivy_core::DeviceSet::CPU
    };
    assert_eq!(
        ivy::registry::function_supported_devices("tan", Backend::Candle),
        Some(candle_devices)
    );
    assert_eq!(
        ivy::registry::function_supported_devices("tan", Backend::Ndarray),
        Some(ivy_core::DeviceSet::CPU)
    );
    let neg = ivy::with_backend(Backend::Ndarray, || {
        ivy::registry::current_supported_dtypes("negative")
    })
    .unwrap();
    assert!(!neg.contains(Dtype::Bool) && neg.contains(Dtype::Uint8));
    // no backend set: what every compiled backend supports
    let all = ivy::registry::current_supported_dtypes("negative").unwrap();
    let candle = ivy::backends::valid_dtypes(Backend::Candle);
    assert_eq!(all, candle.difference(DtypeSet::BOOL));
}

/// The backend versions support specs resolve against are the ones built: the workspace
/// `Cargo.toml` pins each backend crate to exactly that version (`=`, so a build as a
/// dependency has it too), and `Cargo.lock` holds it.
#[test]
fn backend_versions_are_the_pinned_and_locked_ones() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let toml = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    let lock = std::fs::read_to_string(root.join("Cargo.lock")).unwrap();
    for (krate, version, numbers) in [
        (
            "ndarray",
            <ivy::NdarrayBackend as ivy::BackendInfo>::VERSION_STR,
            <ivy::NdarrayBackend as ivy::BackendInfo>::VERSION,
        ),
        (
            "candle-core",
            <ivy::CandleBackend as ivy::BackendInfo>::VERSION_STR,
            <ivy::CandleBackend as ivy::BackendInfo>::VERSION,
        ),
    ] {
        let [major, minor, patch] = numbers.0;
        assert_eq!(format!("{major}.{minor}.{patch}"), version, "{krate}");
        let pinned = toml
            .lines()
            .find(|l| l.starts_with(&format!("{krate} = ")))
            .unwrap_or_else(|| panic!("{krate} is not a workspace dependency"));
        assert!(
            pinned.contains(&format!("\"={version}\"")),
            "Cargo.toml must pin {krate} to ={version} (ivy-ops/src/lib.rs `versions`): {pinned}"
        );
        let locked = format!("name = \"{krate}\"\nversion = \"{version}\"\n");
        assert!(
            lock.contains(&locked),
            "Cargo.lock does not hold {krate} {version}: update ivy-ops/src/lib.rs `versions` and the pin together"
        );
    }
}
