//! `op_out` on ndarray with `#[support_native_out]` writes into the existing buffer: zero
//! allocations, counted by a global allocator (per thread, so parallel tests don't interfere).

use ivy::prelude::*;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    static ALLOCS: Cell<usize> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        ALLOCS.with(|c| c.set(c.get() + 1));
        unsafe { System.alloc(l) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        unsafe { System.dealloc(p, l) }
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, n: usize) -> *mut u8 {
        ALLOCS.with(|c| c.set(c.get() + 1));
        unsafe { System.realloc(p, l, n) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations(f: impl FnOnce()) -> usize {
    let before = ALLOCS.with(Cell::get);
    f();
    ALLOCS.with(Cell::get) - before
}

/// `f` allocates nothing (`name` says which call did).
fn no_allocation(name: &str, f: impl FnOnce()) {
    assert_eq!(allocations(f), 0, "{name}");
}

fn arr(n: usize) -> Array {
    Array::from(ndarray::ArrayD::<f32>::from_elem(ndarray::IxDyn(&[n]), 0.5))
}

#[test]
fn native_out_does_not_allocate() {
    let x = arr(1000);
    let y = arr(1000);
    let mut out = arr(1000);
    // warm up thread-locals of the backend config
    ivy::tan_out(&x, &mut out).unwrap();
    no_allocation("tan_out", || {
        ivy::tan_out(&x, &mut out).unwrap();
    });
    no_allocation("exp_out", || {
        ivy::exp_out(&x, &mut out).unwrap();
    });
    no_allocation("add_out", || {
        ivy::add_out(&x, &y, &mut out).unwrap();
    });
    no_allocation("multiply_out", || {
        ivy::multiply_out(&x, &y, &mut out).unwrap();
    });
    no_allocation("method form", || {
        x.tan_out(&mut out).unwrap();
    });
    // broadcasting into out: still in place
    let row = arr(1);
    no_allocation("broadcast add_out", || {
        ivy::add_out(&x, &row, &mut out).unwrap();
    });
    // the bool-valued families, into a bool `out` (a comparison broadcasting a row)
    let mut bools = Array::from(ndarray::ArrayD::<bool>::from_elem(
        ndarray::IxDyn(&[1000]),
        false,
    ));
    no_allocation("isnan_out", || {
        ivy::isnan_out(&x, &mut bools).unwrap();
    });
    no_allocation("broadcast less_out", || {
        ivy::less_out(&x, &row, &mut bools).unwrap();
    });
    // any layout: a transposed (F-order) operand, a column broadcast across a matrix
    let xt_f = Array::from(
        ndarray::ArrayD::<f32>::from_elem(ndarray::IxDyn(&[25, 40]), 0.5).reversed_axes(),
    );
    let col = Array::from(ndarray::ArrayD::<f32>::from_elem(
        ndarray::IxDyn(&[40, 1]),
        2.0,
    ));
    let mut out2 = Array::from(ndarray::ArrayD::<f32>::zeros(ndarray::IxDyn(&[40, 25])));
    no_allocation("tan_out of a transposed array", || {
        ivy::tan_out(&xt_f, &mut out2).unwrap();
    });
    no_allocation("add_out, transposed and broadcast column", || {
        ivy::add_out(&xt_f, &col, &mut out2).unwrap();
    });
    assert_eq!(out2.to_f64_vec().unwrap(), vec![2.5; 1000]);
    // mixed op with a native override on ndarray (needs a backend set to dispatch)
    ivy::with_backend(Backend::Ndarray, || {
        ivy::softplus_out(&x, &mut out).unwrap();
        no_allocation("softplus_out", || {
            ivy::softplus_out(&x, &mut out).unwrap();
        });
    });
}

#[test]
fn the_allocating_forms_allocate_the_result_only() {
    let x = arr(1000);
    let n = allocations(|| {
        let _ = ivy::tan(&x).unwrap();
    });
    // the buffer, and the shared-ownership header of ndarray's `ArcArray` (the storage that
    // makes clones, views and reshapes without copy O(1))
    assert_eq!(n, 2, "one buffer for the result, plus its Arc header");
}

#[test]
fn rejecting_an_unsupported_dtype_does_not_allocate() {
    let i = Array::from(ndarray::ArrayD::<bool>::from_elem(
        ndarray::IxDyn(&[4]),
        true,
    ));
    let mut out = arr(4);
    let _ = ivy::negative_out(&i, &mut out);
    assert_eq!(
        allocations(|| assert!(ivy::negative_out(&i, &mut out).is_err())),
        0
    );
}

#[test]
fn views_reshapes_and_basic_setitem_allocate_nothing() {
    let mut x = Array::from(ndarray::ArrayD::<f32>::from_elem(
        ndarray::IxDyn(&[4, 6]),
        0.5,
    ));
    let v = Array::from(ndarray::ArrayD::<f32>::from_elem(ndarray::IxDyn(&[6]), 2.0));
    let n = allocations(|| x.set(ivy::s![..], &v).unwrap());
    assert_eq!(n, 0, "x.set(s![..], &v)");
    let n = allocations(|| {
        x.set(ivy::s![1..3, ..;2], v.get(ivy::s![..3]).unwrap())
            .unwrap()
    });
    assert!(n <= 1, "a strided write, with a view as the value: {n}");
    let n = allocations(|| drop(ivy::reshape(&x, &[6, 4]).unwrap()));
    assert_eq!(n, 0, "reshape without copy");
    let n = allocations(|| drop(x.get(ivy::s![1, 2..]).unwrap()));
    assert_eq!(n, 0, "a basic index: a view");
    assert_eq!(x.to_vec::<f32>().unwrap()[6..12], [2.0; 6]);
}
