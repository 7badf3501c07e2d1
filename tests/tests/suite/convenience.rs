//! The Function Types page's convenience and container-dependent functions: `cache_fn`,
//! `get_backend`, `get_all_arrays_on_dev`, and how the registry classifies them.

use ivy::prelude::*;
use ivy::{container, registry, Error, OpKind};
use std::sync::atomic::{AtomicUsize, Ordering};

#[test]
fn cache_fn_is_shared_across_threads_and_bounded() {
    let calls = AtomicUsize::new(0);
    let f = ivy::cache_fn(|n: &u32| {
        calls.fetch_add(1, Ordering::Relaxed);
        u64::from(*n) * 3
    });
    std::thread::scope(|s| {
        for _ in 0..4 {
            s.spawn(|| {
                for n in 0..50u32 {
                    assert_eq!(f.call(n), u64::from(n) * 3);
                }
            });
        }
    });
    // each key computed at least once, and far fewer times than it was asked for
    let n = calls.load(Ordering::Relaxed);
    assert!((50..200).contains(&n), "{n} calls");
    assert_eq!(f.len(), 50);
    f.clear();
    assert!(f.is_empty());
    // bounded: the oldest results go first
    let small = ivy::CachedFn::with_capacity(|s: &String| s.len(), 3);
    for w in ["a", "bb", "ccc", "dddd"] {
        small.call(w.to_string());
    }
    assert_eq!(small.len(), 3);
    let none = ivy::CachedFn::with_capacity(|s: &String| s.len(), 0);
    assert_eq!(none.call("xyz".into()), 3);
    assert!(none.is_empty());
}

#[test]
fn get_backend_names_a_backend_to_branch_on() {
    for &b in Backend::ALL {
        assert_eq!(ivy::get_backend(Some(b.as_str())).unwrap(), b);
        assert_eq!(ivy::with_backend(b, || ivy::get_backend(None)).unwrap(), b);
    }
    assert!(matches!(
        ivy::get_backend(Some("jax")),
        Err(Error::UnknownBackend { .. })
    ));
    let none = std::thread::spawn(|| {
        ivy::unset_backend();
        ivy::get_backend(None)
    })
    .join()
    .unwrap();
    // no backend set on a fresh thread: an error, unless a process default is set
    if ivy::current_backend().is_none() {
        assert!(matches!(none, Err(Error::NoBackend { .. })));
    }
}

#[test]
fn arrays_on_a_device_keep_their_key_chains_and_order() {
    ivy::with_backend(Backend::Ndarray, || {
        let c: Container =
            container! { @ordered z: ivy::zeros([1]).unwrap(), a: { b: ivy::ones([2]).unwrap() } };
        let cpu = ivy::get_all_arrays_on_dev(Device::Cpu, &c).unwrap();
        assert_eq!(cpu.all_key_chains(), ["z", "a/b"]);
        assert_eq!(cpu, c);
        assert!(ivy::get_all_arrays_on_dev(Device::Cuda(0), &c)
            .unwrap()
            .is_empty());
    });
}

/// `ivy ops` classifies the page's examples as the page does.
#[test]
fn the_page_examples_are_classified_as_the_page_does() {
    let kind = |name: &str| {
        registry::op(name)
            .unwrap_or_else(|| panic!("no op `{name}`"))
            .meta
    };
    for name in ["execute_with_gradients", "multi_head_attention"] {
        let m = kind(name);
        assert!(m.container_dependent && !m.nestable, "{name}");
        assert_eq!(m.kind, OpKind::Compositional, "{name}");
    }
    // candle runs execute_with_gradients; ndarray (no autograd) runs it on no dtype
    let e = registry::op("execute_with_gradients").unwrap();
    let nd = registry::support(e, Backend::Ndarray).unwrap();
    let ca = registry::support(e, Backend::Candle).unwrap();
    assert!(nd.supported.is_empty() && nd.implementation() == "unsupported");
    assert!(ca.supported.contains(Dtype::Float32));
    for name in [
        "cache_fn",
        "get_backend",
        "nested_map",
        "index_nest",
        "default",
        "stable_divide",
    ] {
        assert_eq!(kind(name).kind, OpKind::Standalone, "{name}");
    }
    assert_eq!(kind("get_all_arrays_on_dev").kind, OpKind::Compositional);
    // the page's primary convenience functions
    for name in ["can_cast", "dtype", "dev"] {
        assert_eq!(kind(name).kind, OpKind::Primary, "{name}");
    }
    assert_eq!(kind("cross_entropy").kind, OpKind::Compositional);
    assert_eq!(kind("tan").kind, OpKind::Primary);
}
