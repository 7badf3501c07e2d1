//! `op_out` on ndarray with `#[support_native_out]` writes into the existing buffer: zero
//! allocations, counted by a global allocator (per thread, so parallel tests don't interfere).

use ivy::prelude::*;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    static ALLOCS: Cell<usize> = const { Cell::new(0) };
    /// Allocations of at least [`LARGE`] bytes (array buffers, not shapes or headers).
    static LARGE_ALLOCS: Cell<usize> = const { Cell::new(0) };
}

/// What counts as a large allocation: 64 KiB.
const LARGE: usize = 1 << 16;

/// Counts one allocation of `bytes`.
fn count(bytes: usize) {
    ALLOCS.with(|c| c.set(c.get() + 1));
    if bytes >= LARGE {
        LARGE_ALLOCS.with(|c| c.set(c.get() + 1));
    }
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        count(l.size());
        unsafe { System.alloc(l) }
    }
    /// The system's `calloc`, as the library gets it outside this suite: the trait's default
    /// (`alloc`, then writing every byte) made each huge `zeros` of the random calls touch
    /// every page (`zeros` of 2^31 float32: 9-18 s of page faults, a "hang" under the
    /// fuzz's 5 s limit; calloc's fresh pages cost nothing until read).
    unsafe fn alloc_zeroed(&self, l: Layout) -> *mut u8 {
        count(l.size());
        unsafe { System.alloc_zeroed(l) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        unsafe { System.dealloc(p, l) }
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, n: usize) -> *mut u8 {
        count(n);
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

/// How many buffers of at least [`LARGE`] bytes `f` allocates.
fn large_allocations(f: impl FnOnce()) -> usize {
    let before = LARGE_ALLOCS.with(Cell::get);
    f();
    LARGE_ALLOCS.with(Cell::get) - before
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

/// Above the parallel threshold the walk is split over rayon's threads. Nothing the size
/// of an operand is allocated: the parts are `rayon::join` stack jobs. What remains is
/// rayon's hand-off from a thread outside its pool: the injector queue takes a new block of
/// 63 slots once every 63 hand-offs (one allocation of a fixed ~1.5 KiB, amortised over the
/// calls), so a long run of calls allocates at most one block per 63 of them.
#[test]
fn native_out_of_a_large_array_allocates_no_buffer() {
    let n = 1 << 20;
    let (x, y, mut out) = (arr(n), arr(n), arr(n));
    ivy::add_out(&x, &y, &mut out).unwrap(); // starts the pool
    let calls = 126;
    let total = allocations(|| {
        for _ in 0..calls {
            ivy::add_out(&x, &y, &mut out).unwrap();
            ivy::exp_out(&x, &mut out).unwrap();
        }
    });
    assert!(
        total <= 2 * calls / 63 + 1,
        "{total} allocations in {calls} calls"
    );
    let mut z = arr(n);
    z.add_assign(&y).unwrap();
    assert_eq!(z.to_f64_vec().unwrap()[n - 1], 1.0);
    assert_eq!(out.to_f64_vec().unwrap()[n - 1], 0.5f32.exp() as f64);
}

/// An `out` whose buffer is shared (a clone of it alive, as Python's `op(x, y, out=x)` holds
/// one among its arguments) gets one new buffer, the result's, moved in: not a
/// copy-on-write copy of `out` first (and, on the paths that compute a new array, a copy of
/// the result into that copy). The clone keeps its values.
#[test]
fn a_shared_out_gets_one_new_buffer() {
    let n = 1 << 16; // 256 KiB of float32: a large allocation
    let (x, y) = (arr(n), arr(n));
    let b = Array::from(ndarray::ArrayD::<bool>::from_elem(
        ndarray::IxDyn(&[n]),
        false,
    ));
    type Call<'a> = &'a dyn Fn(&mut Array) -> ivy::Result<()>;
    let wide = ivy::astype(&x, Dtype::Float64).unwrap();
    let calls: [(&str, Call<'_>, &Array, usize); 7] = [
        ("add_out", &|o| ivy::add_out(&x, &y, o), &x, 1),
        ("exp_out", &|o| ivy::exp_out(&x, o), &x, 1),
        ("isnan_out", &|o| ivy::isnan_out(&x, o), &b, 1),
        ("less_out", &|o| ivy::less_out(&x, &y, o), &b, 1),
        ("add_assign", &|o| o.add_assign(&y), &x, 1),
        // a result of another dtype: the result, and its cast to `out`'s dtype
        (
            "add_out into float64",
            &|o| ivy::add_out(&x, &y, o),
            &wide,
            2,
        ),
        ("inplace_update", &|o| ivy::inplace_update(o, &y), &x, 1),
    ];
    for (name, call, like, buffers) in calls {
        let mut out = like.clone();
        let keep = out.clone();
        let was = keep.to_f64_vec().unwrap();
        assert_eq!(
            large_allocations(|| call(&mut out).unwrap()),
            buffers,
            "{name}"
        );
        assert_eq!(keep.to_f64_vec().unwrap(), was, "{name}: the clone changed");
        assert!(!out.may_share_memory(&keep), "{name}");
        assert_eq!(
            (out.dtype(), out.shape()),
            (like.dtype(), like.shape()),
            "{name}"
        );
    }
}

#[test]
fn the_allocating_forms_allocate_the_result_only() {
    // up to 4 KiB (1 000 float32): one allocation, the buffer and its shared-ownership
    // count together (`Arc<[T]>`)
    let x = arr(1000);
    let n = allocations(|| {
        let _ = ivy::tan(&x).unwrap();
    });
    assert_eq!(n, 1, "a small result: one allocation");
    // larger: the buffer, and the shared-ownership header of ndarray's `ArcArray` (the
    // storage that makes clones, views and reshapes without copy O(1))
    let x = arr(1025);
    let n = allocations(|| {
        let _ = ivy::tan(&x).unwrap();
    });
    assert_eq!(n, 2, "one buffer for the result, plus its Arc header");
}

/// A shape argument and a matmul plan's result shape are held inline (`ivy::Shape`, up to
/// six dimensions): the calls allocate their result only (at n = 1 two heap allocations
/// for the shape were a quarter of `zeros`' instructions).
#[test]
fn shapes_and_plans_allocate_nothing() {
    ivy::set_backend(Backend::Ndarray);
    // `expected`: 1 for a result written into its one allocation (`Arc<[T]>`, at most
    // 4 KiB), 2 for a buffer made first and held by ndarray's `ArcArray`
    let allocates = |name: &str, expected: usize, f: &dyn Fn()| {
        f(); // warm: thread-local defaults and caches
        assert_eq!(
            allocations(f),
            expected,
            "{name}: the result's storage only"
        );
    };
    let result_only = |name: &str, f: &dyn Fn()| allocates(name, 2, f);
    allocates("zeros(1)", 1, &|| drop(ivy::zeros(1).unwrap()));
    allocates("zeros((2, 3))", 1, &|| drop(ivy::zeros((2, 3)).unwrap()));
    allocates("ones([2, 3, 4])", 1, &|| {
        drop(ivy::ones([2, 3, 4]).unwrap())
    });
    allocates("full(&[2, 2][..], 7)", 1, &|| {
        drop(ivy::full(&[2usize, 2][..], 7).unwrap())
    });
    allocates("zeros(1025)", 2, &|| drop(ivy::zeros(1025).unwrap()));
    let kw = ArangeKw {
        dtype: Some(Dtype::Float32),
        ..Default::default()
    };
    // written into its one allocation (`arange_plan`'s fill), as `zeros`
    allocates("arange(5, float32)", 1, &|| {
        drop(ivy::arange_with(5, kw.clone()).unwrap())
    });
    allocates("arange(1025, float32)", 2, &|| {
        drop(ivy::arange_with(1025, kw.clone()).unwrap())
    });
    let (a, b) = (arr(6), arr(6));
    let (m, v) = (
        ivy::reshape(&a, &[2, 3]).unwrap(),
        ivy::reshape(&b, &[3, 2]).unwrap(),
    );
    result_only("matmul (2, 3) @ (3, 2)", &|| {
        drop(ivy::matmul(&m, &v).unwrap())
    });
    let w = arr(3);
    result_only("matmul (2, 3) @ (3,)", &|| {
        drop(ivy::matmul(&m, &w).unwrap())
    });
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

/// Compound assignment on ndarray updates `self`'s buffer in place: no allocation for an
/// array operand of `self`'s dtype (same shape, broadcast, any layout), as `op_out`.
#[test]
fn compound_assignment_does_not_allocate() {
    let mut x = arr(1000);
    let y = arr(1000);
    x.add_assign(&y).unwrap(); // warm up thread-locals of the backend config
    no_allocation("add_assign", || x.add_assign(&y).unwrap());
    no_allocation("sub_assign", || x.sub_assign(&y).unwrap());
    no_allocation("mul_assign", || x.mul_assign(&y).unwrap());
    no_allocation("div_assign", || x.div_assign(&y).unwrap());
    no_allocation("rem_assign", || x.rem_assign(&y).unwrap());
    assert_eq!(x.to_f64_vec().unwrap(), vec![0.0; 1000]); // ((0.5+0.5-0.5)*0.5/0.5) % 0.5
    let row = arr(1);
    no_allocation("add_assign, a broadcast row", || {
        x.add_assign(&row).unwrap()
    });
    // a transposed (F-order) `self` and a column broadcast across it
    let mut t = Array::from(
        ndarray::ArrayD::<f32>::from_elem(ndarray::IxDyn(&[25, 40]), 0.5).reversed_axes(),
    );
    let col = Array::from(ndarray::ArrayD::<f32>::from_elem(
        ndarray::IxDyn(&[40, 1]),
        2.0,
    ));
    no_allocation("add_assign, transposed self", || {
        t.add_assign(&col).unwrap()
    });
    assert_eq!(t.to_f64_vec().unwrap(), vec![2.5; 1000]);
    // integers: the bitwise ops and shifts
    let ints = |v: i32| Array::from(ndarray::ArrayD::<i32>::from_elem(ndarray::IxDyn(&[64]), v));
    let (mut i, j) = (ints(12), ints(2));
    no_allocation("bitand_assign", || i.bitand_assign(&j).unwrap());
    no_allocation("bitor_assign", || i.bitor_assign(&j).unwrap());
    no_allocation("bitxor_assign", || i.bitxor_assign(&j).unwrap());
    no_allocation("shl_assign", || i.shl_assign(&j).unwrap());
    no_allocation("shr_assign", || i.shr_assign(&j).unwrap());
    // (((12 & 2) | 2) ^ 2) << 2 >> 2
    assert_eq!(i.to_f64_vec().unwrap(), vec![0.0; 64]);
    // a rejected call computes nothing (its allocations are the error's shapes and the
    // broadcast shape it tried) and leaves `self` as it was
    let f = arr(3);
    let (mut g, two) = (f.clone(), arr(2));
    let n = allocations(|| assert!(g.add_assign(&two).is_err()));
    assert!(n <= 3, "{n}: shapes only");
    let n = allocations(|| assert!(g.shl_assign(&f).is_err()));
    assert!(n <= 1, "{n}: the error only");
    assert_eq!(g, f);
}

/// What the other compound assignments allocate (the documented costs): a scalar operand is
/// one 0-d array; an operand promoted to another dtype than `self`'s means the op's result
/// and its cast into `self`.
#[test]
fn compound_assignment_allocations() {
    let mut x = arr(1000);
    x.mul_assign(1.0f32).unwrap();
    let n = allocations(|| x.mul_assign(1.0f32).unwrap());
    assert!(n <= 2, "a scalar: its 0-d array ({n})");
    let wide = Array::from(ndarray::ArrayD::<f64>::from_elem(
        ndarray::IxDyn(&[1000]),
        1.0,
    ));
    let n = allocations(|| x.mul_assign(&wide).unwrap());
    assert!(
        n >= 2,
        "a float64 operand: a float64 result, cast into float32 ({n})"
    );
}

/// A borrowed ndarray argument (`&ArrayD`, `ArrayViewD`) is lent to the op, not copied: an
/// element-wise op, a comparison, a reduction or a cast allocates its result only, and an
/// `_out` form nothing, as with an `&Array`.
#[test]
fn borrowed_ndarray_natives_are_read_in_place() {
    let a = ndarray::ArrayD::<f32>::from_elem(ndarray::IxDyn(&[1000]), 0.5);
    let b = ndarray::ArrayD::<f32>::from_elem(ndarray::IxDyn(&[1000]), 2.0);
    let x = arr(1000);
    let mut out = arr(1000);
    ivy::tan_out(&a, &mut out).unwrap(); // warm up
    no_allocation("tan_out(&ArrayD)", || {
        ivy::tan_out(&a, &mut out).unwrap();
    });
    no_allocation("add_out(&ArrayD, ArrayViewD)", || {
        ivy::add_out(&a, b.view(), &mut out).unwrap();
    });
    no_allocation("multiply_out(&Array, &ArrayD)", || {
        ivy::multiply_out(&x, &b, &mut out).unwrap();
    });
    // a strided view: still read in place
    let wide = ndarray::ArrayD::<f32>::from_elem(ndarray::IxDyn(&[2000]), 1.0);
    let strided = wide.slice_each_axis(|_| ndarray::Slice::new(0, None, 2));
    no_allocation("exp_out(strided view)", || {
        ivy::exp_out(&strided, &mut out).unwrap();
    });
    let n = allocations(|| {
        let _ = ivy::tan(&a).unwrap();
    });
    assert_eq!(n, 1, "tan(&ArrayD): the result's one allocation only");
    let n = allocations(|| {
        let _ = ivy::less(&a, &b).unwrap();
    });
    assert_eq!(n, 1, "less(&ArrayD, &ArrayD): the result only");
    let n = allocations(|| {
        let _ = ivy::astype(&a, Dtype::Float64).unwrap();
    });
    assert_eq!(n, 2, "astype(&ArrayD): the result only");
    let n = allocations(|| {
        let _ = (&x + &a).unwrap();
    });
    assert_eq!(n, 1, "&Array + &ArrayD: the result only");
}

/// Compositional bodies chain their steps through one temporary: `cross_entropy` clips
/// `pred` into a new buffer, then takes its log and multiplies by `true_` in that buffer,
/// and negates its (small) sum into `out`; `softplus`'s body (run with no backend set) adds 1 to
/// `exp(x)` in place and takes the log into `out`.
#[test]
fn compositional_bodies_hold_one_temporary() {
    let (rows, cols) = (64, 1000); // 256 KB a buffer: one thread, above `LARGE`
    let f = |v: f32| {
        Array::from(ndarray::ArrayD::<f32>::from_elem(
            ndarray::IxDyn(&[rows, cols]),
            v,
        ))
    };
    let (t, p) = (f(1.0), f(0.5));
    let mut out = Array::from(ndarray::ArrayD::<f32>::zeros(ndarray::IxDyn(&[rows])));
    ivy::set_backend(Backend::Ndarray);
    ivy::cross_entropy_out(&t, &p, &mut out).unwrap();
    let n = large_allocations(|| ivy::cross_entropy_out(&t, &p, &mut out).unwrap());
    assert_eq!(n, 1, "cross_entropy_out: the clipped copy of `pred` only");
    let want = -(0.5f32.ln()) * cols as f32;
    for v in out.to_f64_vec().unwrap() {
        assert!((v as f32 - want).abs() <= want * 1e-5, "{v} vs {want}");
    }
    // without `out`: the temporary and the (small) result
    let n = large_allocations(|| drop(ivy::cross_entropy(&t, &p).unwrap()));
    assert_eq!(n, 1, "cross_entropy");
    // a `true_` of a wider dtype: the product is float64, a new buffer (as `multiply` gives)
    let t64 = t.cast(Dtype::Float64).unwrap();
    let r = ivy::cross_entropy(&t64, &p).unwrap();
    assert_eq!(r.dtype(), Dtype::Float64);
    ivy::unset_backend();

    let x = f(0.25);
    let mut sp = f(0.0);
    ivy::softplus_out(&x, &mut sp).unwrap();
    let n = large_allocations(|| ivy::softplus_out(&x, &mut sp).unwrap());
    assert_eq!(n, 1, "softplus body: exp(x) only");
    let want = 0.25f64.exp().ln_1p();
    for v in sp.to_f64_vec().unwrap() {
        assert!((v - want).abs() <= 1e-6, "{v} vs {want}");
    }
}
