//! Containers of arrays saved and loaded as safetensors, on every backend, and files shared
//! with candle's own `safetensors::save` / `load`.

use candle_core::{DType, Device as CDevice, Tensor};
use ivy::prelude::*;
use ivy::{container, Error};
use ivy_tests::{counting, test_backends};
use std::collections::HashMap;

fn tmp(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("ivy-{}-{name}.safetensors", std::process::id()))
}

test_backends! {
    /// Every dtype the backend holds (complex128 aside) round-trips exactly, with its shape
    /// (0-d and empty arrays included), under nested key chains.
    fn every_dtype_round_trips(b) {
        let mut c = Container::new();
        for d in ivy::valid_dtypes().iter().filter(|d| *d != Dtype::Complex128) {
            c.insert(&format!("{d}/m"), counting(&[2, 3], d, None)?);
            c.insert(&format!("{d}/s"), counting(&[], d, None)?);
            c.insert(&format!("{d}/e"), counting(&[0, 4], d, None)?);
        }
        let back = ivy::from_safetensors(&c.to_safetensors()?)?;
        assert_eq!(back, c);
        assert_eq!(back.shapes(), c.shapes());
        assert_eq!(back.dtypes(), c.dtypes());
        assert!(back.leaves().all(|(_, a)| a.backend() == b));
        let path = tmp(&format!("round-trip-{b}"));
        c.save_safetensors(&path)?;
        let loaded = ivy::load_safetensors(&path);
        std::fs::remove_file(&path).ok();
        assert_eq!(loaded?, c);
        // an empty Container is an empty file
        assert_eq!(ivy::from_safetensors(&Container::new().to_safetensors()?)?, Container::new());
    }

    /// Files written by candle load (flat names stay flat, `/` nests), and files written by
    /// ivy load in candle, with the same values.
    fn candle_files_load_and_back(b) {
        let w = Tensor::new(&[[1.0f32, 2.0], [3.0, 4.0]], &CDevice::Cpu).unwrap();
        let n = Tensor::new(&[7i64, -8], &CDevice::Cpu).unwrap();
        let h = Tensor::new(&[0.5f32, -1.5], &CDevice::Cpu).unwrap().to_dtype(DType::BF16).unwrap();
        let tensors: HashMap<String, Tensor> = [
            ("layer1.weight".to_string(), w.clone()),
            ("enc/n".to_string(), n.clone()),
            ("enc/h".to_string(), h.clone()),
        ]
        .into();
        let path = tmp(&format!("from-candle-{b}"));
        candle_core::safetensors::save(&tensors, &path).unwrap();
        let c = ivy::load_safetensors(&path);
        std::fs::remove_file(&path).ok();
        let c = c?;
        assert_eq!(c.all_key_chains(), ["enc/h", "enc/n", "layer1.weight"]);
        assert_eq!(c.at("layer1.weight")?.to_vec::<f32>()?, [1.0, 2.0, 3.0, 4.0]);
        assert_eq!(c.at("layer1.weight")?.shape(), &[2, 2]);
        assert_eq!(c.at("enc/n")?.to_vec::<i64>()?, [7, -8]);
        assert_eq!(c.at("enc/h")?.dtype(), Dtype::Bfloat16);
        assert_eq!(c.at("enc/h")?.to_f64_vec()?, [0.5, -1.5]);

        let path = tmp(&format!("to-candle-{b}"));
        c.save_safetensors(&path)?;
        let back = candle_core::safetensors::load(&path, &CDevice::Cpu);
        std::fs::remove_file(&path).ok();
        let back = back.unwrap();
        assert_eq!(back.len(), 3);
        for (name, t) in &tensors {
            let got = &back[name];
            assert_eq!(got.dtype(), t.dtype(), "{name}");
            assert_eq!(got.dims(), t.dims(), "{name}");
            let (g, w) = (got.flatten_all().unwrap(), t.flatten_all().unwrap());
            let (g, w) = (g.to_dtype(DType::F64).unwrap(), w.to_dtype(DType::F64).unwrap());
            assert_eq!(g.to_vec1::<f64>().unwrap(), w.to_vec1::<f64>().unwrap(), "{name}");
        }
    }

    /// What cannot be saved or loaded is a typed error naming the op and the leaf or tensor.
    fn what_does_not_fit_is_an_error(b) {
        if ivy::valid_dtypes().contains(Dtype::Complex128) {
            let c: Container = container! { z: ivy::asarray(1.0)?.cast(Dtype::Complex128)? };
            match c.to_safetensors() {
                Err(Error::InvalidArgument { op: "to_safetensors", message }) => {
                    assert!(message.contains("`z`") && message.contains("complex64"), "{message}")
                }
                other => panic!("{other:?}"),
            }
        }
        // the header's reserved name is no tensor name
        let reserved: Container = container! { "__metadata__": ivy::zeros([1])? };
        assert!(matches!(reserved.to_safetensors(), Err(Error::InvalidArgument { op: "to_safetensors", .. })));
        for bad in [&b""[..], b"\x08\0\0\0\0\0\0\0{\"a\": 1}", b"\xff\xff\xff\xff\xff\xff\xff\xff"] {
            assert!(matches!(
                ivy::from_safetensors(bad),
                Err(Error::InvalidArgument { op: "from_safetensors", .. })
            ));
        }
        let missing = tmp(&format!("missing-{b}"));
        match ivy::load_safetensors(&missing) {
            Err(Error::Io { op: "load_safetensors", action: "read", path, .. }) => {
                assert!(path.ends_with(".safetensors"))
            }
            other => panic!("{other:?}"),
        }
        // an empty key and a nested key with the same text stay two tensors
        let c: Container = container! { "": { b: ivy::asarray([1.0f32])? }, b: ivy::asarray([2.0f32])? };
        assert_eq!(ivy::from_safetensors(&c.to_safetensors()?)?, c);
        // an empty tensor may declare lengths whose product overflows: a typed error
        let header = r#"{"a":{"dtype":"F32","shape":[0,1099511627776,1099511627776],"data_offsets":[0,0]}}"#;
        let mut raw = (header.len() as u64).to_le_bytes().to_vec();
        raw.extend_from_slice(header.as_bytes());
        match ivy::from_safetensors(&raw) {
            Err(Error::InvalidArgument { message, .. }) => assert!(message.contains("too large") || message.contains("bytes"), "{message}"),
            other => panic!("{other:?}"),
        }
        // a dtype the backend cannot hold: the error names the tensor
        if !ivy::valid_dtypes().contains(Dtype::Int8) {
            let nd = ivy::with_backend(Backend::Ndarray, || -> ivy::Result<Vec<u8>> {
                let c: Container = container! { layer: { q: ivy::asarray([1i32, -2])?.astype(Dtype::Int8)? } };
                c.to_safetensors()
            })?;
            match ivy::from_safetensors(&nd) {
                Err(Error::InvalidArgument { message, .. }) => {
                    assert!(message.contains("`layer/q`") && message.contains("int8"), "{message}")
                }
                other => panic!("{other:?}"),
            }
        }
        // FP8 has no ivy dtype; `a` and `a/b` cannot both be key chains
        let f8 = Tensor::new(&[1.0f32], &CDevice::Cpu).unwrap().to_dtype(DType::F8E4M3).unwrap();
        let one = Tensor::new(&[1.0f32], &CDevice::Cpu).unwrap();
        for (tensors, needle) in [
            (vec![("q", f8)], "`q`"),
            (vec![("a", one.clone()), ("a/b", one.clone())], "`a` and `a/b` clash"),
            (vec![("a/b/c", one.clone()), ("a/b", one)], "`a/b` and `a/b/c` clash"),
        ] {
            let map: HashMap<&str, Tensor> = tensors.into_iter().collect();
            let path = tmp(&format!("bad-{b}-{}", needle.len()));
            candle_core::safetensors::save(&map, &path).unwrap();
            let r = ivy::load_safetensors(&path);
            std::fs::remove_file(&path).ok();
            match r {
                Err(Error::InvalidArgument { op: "load_safetensors", message }) => {
                    assert!(message.contains(needle), "{message}")
                }
                other => panic!("{other:?}"),
            }
        }
    }
}
