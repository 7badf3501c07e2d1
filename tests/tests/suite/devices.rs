//! Devices on every backend: `dev`, `to_device` / `Array::into_device`, the default device
//! (set / unset / scoped), `#[infer_device]`'s order (explicit → first array → default
//! device), and arrays of one call on different devices.
//!
//! Tests that need a GPU ask candle for `cuda:0` first ([`gpu`]) and return early, printing
//! `skipped: …` and the reason, when there is none (a build without the `cuda` feature, or
//! no GPU the driver can open).

use ivy::prelude::*;
use ivy::registry::Value;
use ivy::{Error, NativeArray, Result};
use ivy_tests::{fill, is_creation, plan, test_backends, Plan, Small};

/// A float32 array `[1, 2, 3]` on candle's `cuda:0`, or `None` after printing why there is
/// none (the caller returns: the test is skipped).
fn gpu(test: &str) -> Option<Array> {
    let r = ivy::with_backend(Backend::Candle, || {
        ivy::to_device(&ivy::asarray([1.0f32, 2.0, 3.0])?, Device::Cuda(0))
    });
    match r {
        Ok(x) => Some(x),
        Err(e) => {
            // straight to stderr, past the test harness's capture (which would hide an
            // `eprintln!` of a passing test), so `cargo test` shows every skip
            use std::io::Write;
            let _ = writeln!(
                std::io::stderr(),
                "skipped: {test} needs a CUDA GPU through candle: {e}"
            );
            None
        }
    }
}

/// The address of an ndarray array's first element (ndarray float32 arrays only).
fn nd_ptr(x: &Array) -> *const f32 {
    match x.native() {
        NativeArray::Ndarray(ivy::backends::NdArray::Float32(a)) => a.as_ptr(),
        other => panic!("not an ndarray float32 array: {other:?}"),
    }
}

/// The id of a candle array's tensor (shared by clones, new for a copy).
fn tensor_id(x: &Array) -> candle_core::TensorId {
    match x.native() {
        NativeArray::Candle(c) => c.tensor().id(),
        other => panic!("not a candle array: {other:?}"),
    }
}

/// The error a backend gives for a CUDA device it cannot use in this build (no GPU needed):
/// ndarray never has one; candle without the `cuda` feature neither.
fn assert_no_cuda(b: Backend, op: &str, r: Result<Array>) {
    match r {
        Err(Error::DeviceUnavailable {
            op: o,
            device,
            backend,
        }) => {
            assert_eq!((o, device, backend), (op, Device::Cuda(0), b));
            let fix = match b {
                Backend::Ndarray => "ndarray is CPU only",
                _ => "`cuda` feature",
            };
            let msg = Error::DeviceUnavailable {
                op: o,
                device,
                backend,
            }
            .to_string();
            assert!(msg.contains(op) && msg.contains(fix), "{msg}");
        }
        other => panic!("{op} on {b}: expected DeviceUnavailable, got {other:?}"),
    }
}

/// Whether this build and machine can put candle arrays on `cuda:0`.
fn cuda_here(b: Backend) -> bool {
    b == Backend::Candle && cfg!(feature = "cuda") && gpu("(probe)").is_some()
}

test_backends! {
    fn dev_of_every_creation_op(b) {
        let x = ivy::asarray([[1.0f32, 2.0], [3.0, 4.0]])?;
        let made: Vec<(&str, Array)> = vec![
            ("zeros", ivy::zeros([2])?),
            ("ones", ivy::ones([2])?),
            ("full", ivy::full([2], 3)?),
            ("arange", ivy::arange(4)?),
            ("empty", ivy::empty([2])?),
            ("eye", ivy::eye(2)?),
            ("linspace", ivy::linspace(0, 1, 3)?),
            ("asarray", ivy::asarray(vec![1, 2])?),
            ("zeros_like", ivy::zeros_like(&x)?),
            ("ones_like", ivy::ones_like(&x)?),
            ("full_like", ivy::full_like(&x, 2)?),
            ("empty_like", ivy::empty_like(&x)?),
            ("tril", ivy::tril(&x)?),
            ("triu", ivy::triu(&x)?),
            ("meshgrid", ivy::meshgrid(&[&x, &x])?.remove(0)),
        ];
        for (op, a) in &made {
            assert_eq!((ivy::dev(a)?, a.device(), a.backend()), (Device::Cpu, Device::Cpu, b), "{op}");
        }
        // `dev` by name
        let v = ivy::registry::call("dev", &[Value::Array(x.clone())], &[])?;
        assert!(matches!(v, Value::Device(Device::Cpu)), "{v:?}");
    }

    fn every_creation_op_infers_its_device(b) {
        // every op with a `device` keyword declares `#[infer_device]`, and each creation op
        // called by name with `device = cpu` makes an array on the CPU
        let mut creation = 0;
        for e in ivy::registry::ops() {
            let m = e.meta;
            let has_device_kw = m.params.iter().any(|p| p.keyword && p.name == "device");
            assert_eq!(has_device_kw, m.infer_device, "`{}`: a `device` keyword goes with #[infer_device]", m.name);
            let Ok(Plan::Call(params)) = plan(e) else { continue };
            if !m.infer_device || !is_creation(m, &params) {
                continue;
            }
            creation += 1;
            let mut args = fill(m, &params, &mut Small::new(Dtype::Float32, Device::Cpu))?;
            match args.call(m.name)? {
                Value::Array(a) => assert_eq!(ivy::dev(&a)?, Device::Cpu, "{}", m.name),
                other => panic!("{}: {other:?}", m.name),
            }
            // with no `device` argument, the default device: `cuda:0` where this build and
            // machine have it, else an error saying it is unavailable, never a CPU array
            // (`linspace`'s float path once wrote to the CPU)
            args.keywords.retain(|(k, _)| *k != "device");
            let r = ivy::with_default_device(Device::Cuda(0), || args.call(m.name));
            match r {
                Ok(Value::Array(a)) if cuda_here(b) => assert_eq!(a.device(), Device::Cuda(0), "{}", m.name),
                Err(Error::DeviceUnavailable { device: Device::Cuda(0), .. } | Error::NoSuchDevice { .. })
                    if !cuda_here(b) => {}
                other => panic!("{} with the default device cuda:0 on {b}: {other:?}", m.name),
            }
        }
        assert!(creation >= 8, "only {creation} creation ops found");
    }

    fn default_device_set_unset_scoped(b) {
        assert_eq!(ivy::default_device(), Device::Cpu);
        // scoped
        let z = ivy::with_default_device(Device::Cpu, || ivy::zeros([2]))?;
        assert_eq!(z.device(), Device::Cpu);
        let r = ivy::with_default_device(Device::Cuda(0), || {
            assert_eq!(ivy::default_device(), Device::Cuda(0));
            ivy::zeros([2])
        });
        assert_eq!(ivy::default_device(), Device::Cpu);
        if cuda_here(b) {
            assert_eq!(r?.device(), Device::Cuda(0));
        } else if b == Backend::Ndarray || !cfg!(feature = "cuda") {
            assert_no_cuda(b, "zeros", r);
        }
        // set / unset: a stack
        ivy::set_default_device(Device::Cuda(0));
        ivy::set_default_device(Device::Cpu);
        let on_cpu = ivy::ones([1]);
        assert_eq!(ivy::unset_default_device(), Some(Device::Cpu));
        let on_gpu = ivy::asarray([1.0f32]);
        assert_eq!(ivy::unset_default_device(), Some(Device::Cuda(0)));
        assert_eq!(ivy::unset_default_device(), None);
        assert_eq!(on_cpu?.device(), Device::Cpu);
        if cuda_here(b) {
            assert_eq!(on_gpu?.device(), Device::Cuda(0));
        } else if b == Backend::Ndarray || !cfg!(feature = "cuda") {
            assert_no_cuda(b, "asarray", on_gpu);
        }
        assert_eq!(ivy::default_device(), Device::Cpu);
        assert_eq!(ivy::zeros([1])?.device(), Device::Cpu);
    }

    fn infer_device_order(b) {
        let x = ivy::asarray([1.0f32, 2.0])?;
        ivy::with_default_device(Device::Cuda(0), || -> Result<()> {
            // 1. an explicit device wins over the default
            let kw = ZerosKw { dtype: None, device: Some(Device::Cpu) };
            assert_eq!(ivy::zeros_with([2], kw)?.device(), Device::Cpu);
            let kw = FullKw { dtype: None, device: Some(Device::Cpu) };
            assert_eq!(ivy::full_with([2], 1, kw)?.device(), Device::Cpu);
            let kw = AsarrayKw { dtype: None, device: Some(Device::Cpu), copy: None };
            assert_eq!(ivy::asarray_with(vec![1, 2], kw)?.device(), Device::Cpu);
            // 2. else the first array's device wins over the default
            assert_eq!(ivy::zeros_like(&x)?.device(), Device::Cpu);
            assert_eq!(ivy::ones_like(&x)?.device(), Device::Cpu);
            assert_eq!(ivy::full_like(&x, 3)?.device(), Device::Cpu);
            assert_eq!(ivy::empty_like(&x)?.device(), Device::Cpu);
            // and scalar operands join their array on its device
            assert_eq!((&x + 1.0)?.device(), Device::Cpu);
            // 3. else the default device
            let r = ivy::full([2], 1);
            if cuda_here(b) {
                assert_eq!(r?.device(), Device::Cuda(0));
            } else if b == Backend::Ndarray || !cfg!(feature = "cuda") {
                assert_no_cuda(b, "full", r);
            }
            Ok(())
        })?;
        // an explicit device wins over the first array too
        let kw = ZerosLikeKw { dtype: None, device: Some(Device::Cuda(0)) };
        let r = ivy::zeros_like_with(&x, kw);
        if cuda_here(b) {
            assert_eq!(r?.device(), Device::Cuda(0));
        } else if b == Backend::Ndarray || !cfg!(feature = "cuda") {
            // (the error names `full`, which zeros_like is written over)
            assert!(matches!(r, Err(Error::DeviceUnavailable { device: Device::Cuda(0), .. })), "{r:?}");
        }
    }

    fn to_device_cpu_keeps_the_array(b) {
        let x = ivy::asarray([1.0f32, 2.0, 3.0])?;
        let y = ivy::to_device(&x, Device::Cpu)?;
        assert_eq!((y.backend(), y.device(), y.dtype(), y.shape()), (b, Device::Cpu, Dtype::Float32, &[3usize][..]));
        assert_eq!(y, x);
        // the method forms
        assert_eq!(x.to_device(Device::Cpu)?, x);
        let c = ivy::container! { a: x.clone(), b: ivy::zeros([2])? };
        let moved = ivy::nested::to_device(&c, Device::Cpu)?;
        assert_eq!(moved.at("a")?, &x);
        assert_eq!(c.to_device(Device::Cpu)?.at("b")?.device(), Device::Cpu);
        // by name
        let v = ivy::registry::call("to_device", &[Value::Array(x.clone()), Value::Str("cpu".into())], &[])?;
        assert!(matches!(v, Value::Array(ref a) if *a == x), "{v:?}");
        // every dtype the backend holds keeps its dtype (candle's bool tag included)
        for d in ivy::valid_dtypes().iter() {
            let a = ivy::asarray_with(vec![1, 0], AsarrayKw { dtype: Some(d), device: None, copy: None })?;
            let m = ivy::to_device(&a, Device::Cpu)?;
            assert_eq!((m.dtype(), &m), (d, &a), "{d}");
        }
        match b {
            Backend::Ndarray => {
                // moving the Array keeps the very buffer
                let p = nd_ptr(&x);
                let z = x.clone().into_device(Device::Cpu)?;
                assert_eq!(nd_ptr(&z), p, "a clone shares the buffer (copy-on-write)");
                assert!(ivy::to_device(&x, Device::Cpu)?.may_share_memory(&x));
                let x2 = x;
                let p2 = nd_ptr(&x2);
                assert_eq!(nd_ptr(&x2.into_device(Device::Cpu)?), p2);
            }
            _ => {
                // candle: the same tensor, shared
                assert_eq!(tensor_id(&y), tensor_id(&x));
                assert_eq!(tensor_id(&x.clone().into_device(Device::Cpu)?), tensor_id(&x));
            }
        }
    }

    fn to_device_cuda_without_one_is_a_typed_error(b) {
        let x = ivy::asarray([1.0f32, 2.0])?;
        let r = ivy::to_device(&x, Device::Cuda(0));
        if b == Backend::Ndarray || !cfg!(feature = "cuda") {
            assert_no_cuda(b, "to_device", r);
            assert_no_cuda(b, "to_device", x.clone().into_device(Device::Cuda(0)));
            let c = ivy::container! { a: x.clone() };
            let e = ivy::nested::to_device(&c, Device::Cuda(0)).unwrap_err();
            assert!(matches!(e.root(), Error::DeviceUnavailable { op: "to_device", .. }), "{e}");
            assert!(matches!(&e, Error::Leaf { key_chain, .. } if key_chain == "a"), "{e}");
        } else {
            // the feature without a GPU: no such device, and how many the driver sees
            if let Err(e) = r {
                assert!(matches!(e, Error::NoSuchDevice { op: "to_device", visible: 0, .. }), "{e}");
                assert!(e.to_string().contains("sees no GPU"), "{e}");
            }
            // an ordinal beyond the GPUs there are, with or without one
            for n in [64, usize::MAX] {
                let e = ivy::to_device(&x, Device::Cuda(n)).unwrap_err();
                assert!(
                    matches!(e, Error::NoSuchDevice { op: "to_device", device, .. } if device == Device::Cuda(n)),
                    "{e}"
                );
            }
        }
        // a device string that does not parse, by name
        let e = ivy::registry::call("to_device", &[Value::Array(x), Value::Str("tpu".into())], &[]).unwrap_err();
        assert!(matches!(e, Error::InvalidArgument { op: "to_device", .. }), "{e}");
        assert!(e.to_string().contains("unknown device `tpu`"), "{e}");
    }

    fn support_answers_for_devices(b) {
        let e = ivy::registry::op("to_device").unwrap();
        let s = ivy::registry::support(e, b).unwrap();
        assert!(s.devices.contains(Device::Cpu));
        assert_eq!(s.devices.contains(Device::Cuda(0)), b == Backend::Candle && cfg!(feature = "cuda"));
        assert_eq!(ivy::backends::devices(b), s.devices);
        assert_eq!(b.all_devices().contains(Device::Cuda(0)), b == Backend::Candle);
        // every dtype the backend holds
        assert_eq!(s.supported, ivy::backends::valid_dtypes(b));
        // `dev` is primary (the Function Types page): every backend answers for every dtype
        let d = ivy::registry::support(ivy::registry::op("dev").unwrap(), b).unwrap();
        assert_eq!((d.supported, d.implementation()), (ivy::backends::valid_dtypes(b), "native"));
    }
}

#[test]
fn cuda_round_trip() {
    let Some(g) = gpu("cuda_round_trip") else {
        return;
    };
    assert_eq!(ivy::dev(&g).unwrap(), Device::Cuda(0));
    assert_eq!(g.to_f64_vec().unwrap(), [1.0, 2.0, 3.0]);
    // already there: the same tensor
    let same = ivy::to_device(&g, Device::Cuda(0)).unwrap();
    assert_eq!(tensor_id(&same), tensor_id(&g));
    let back = ivy::to_device(&g, Device::Cpu).unwrap();
    assert_eq!(
        (back.device(), back.to_f64_vec().unwrap()),
        (Device::Cpu, vec![1.0, 2.0, 3.0])
    );
    // arrays put on cuda:0 by different calls share candle's device: they combine
    ivy::with_backend(Backend::Candle, || {
        let h = ivy::with_default_device(Device::Cuda(0), || ivy::ones([3])).unwrap();
        assert_eq!(h.device(), Device::Cuda(0));
        let s = (&g + &h).unwrap();
        assert_eq!(
            (s.device(), s.to_f64_vec().unwrap()),
            (Device::Cuda(0), vec![2.0, 3.0, 4.0])
        );
        // scalars join the array on its device
        assert_eq!((&g * 2.0).unwrap().device(), Device::Cuda(0));
        // creation like an array: its device
        assert_eq!(ivy::zeros_like(&g).unwrap().device(), Device::Cuda(0));
    });
}

#[test]
fn arrays_on_two_devices_are_a_typed_error() {
    let Some(g) = gpu("arrays_on_two_devices_are_a_typed_error") else {
        return;
    };
    ivy::with_backend(Backend::Candle, || {
        let c = ivy::asarray([1.0f32, 2.0, 3.0]).unwrap();
        let e = ivy::add(&c, &g).unwrap_err();
        assert_eq!(
            e,
            Error::DeviceMismatch {
                op: "add",
                a: Device::Cpu,
                b: Device::Cuda(0)
            }
        );
        assert!(e.to_string().contains("to_device"), "{e}");
        let e = ivy::concat(&[&g, &c]).unwrap_err();
        assert!(
            matches!(e, Error::DeviceMismatch { op: "concat", .. }),
            "{e}"
        );
        let mut out = ivy::zeros([3]).unwrap();
        let e = ivy::tan_out(&g, &mut out).unwrap_err();
        assert!(matches!(e, Error::DeviceMismatch { op: "tan", .. }), "{e}");
        assert_eq!(out.device(), Device::Cpu);
        // moved together, they combine
        let s = ivy::add(ivy::to_device(&c, Device::Cuda(0)).unwrap(), &g).unwrap();
        assert_eq!(s.to_f64_vec().unwrap(), [2.0, 4.0, 6.0]);
    });
}
