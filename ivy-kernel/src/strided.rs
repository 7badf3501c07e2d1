//! The one element-wise loop of the host backends: a slice kernel over arrays of any layout
//! (ndarray's views; candle's CPU storage, read in place).
//!
//! Every family op is a *slice kernel* ([`SliceFn`]): one kernel row on one element type,
//! over contiguous slices of one length. [`run`] applies one to views of any layout, with
//! numpy's broadcasting, into an output of any layout. It is generic over the element
//! types only, never over the op: one copy of this loop serves every op, so an op costs
//! its slice kernels and nothing else (in compile time as in code).
//!
//! How it walks the arrays (as numpy's strided loops do):
//! - axes of length 1 are dropped, the rest ordered by the output's strides (innermost:
//!   the smallest), and neighbours merged where every operand steps through them as
//!   through one axis: standard-layout operands become one contiguous lane;
//! - each lane (the innermost axis, at each position of the others) goes to the kernel
//!   as slices: a contiguous lane as it is, a broadcast lane (stride 0) as a buffer filled
//!   once with its one value, any other lane gathered into (and the output scattered
//!   from) stack buffers of `CHUNK` elements.
//!
//! [`update`] runs a binary slice kernel in place, the output being its first input
//! (`out = f(out, y)`: `x.add_assign(&y)`), and [`map_in_place`] a unary one (`out =
//! f(out)`): the same walk, with each chunk of the output
//! copied to a stack buffer before the kernel overwrites it, so a slice kernel never sees
//! its output alias one of its inputs.
//!
//! Walks that move `par::PAR_MIN_BYTES` or more are split (`par::parts`) along the walk's
//! outermost axis (a flat buffer: into ranges), run on rayon's
//! threads by `rayon::join`. Each part writes its own elements and each element is computed
//! as it would be by one thread, so the result does not depend on the split.
//!
//! Nothing here allocates the output or any buffer: the stack holds the chunk buffers.

use crate::class::SliceFn;
use crate::par::parts;
#[cfg(feature = "ndarray")]
use ::ndarray::{ArrayBase, Data, DataMut, IxDyn, RawData};
use std::marker::PhantomData;
use std::mem::MaybeUninit;

/// Elements per gathered chunk (a few KiB of stack per operand).
const CHUNK: usize = 256;

/// The most axes a walk keeps: every kept axis has at least 2 elements and an array holds
/// at most `isize::MAX` bytes, so no array needs more than 63.
const MAX_AXES: usize = 64;

/// An input operand: a read-only view's first element, shape and strides (in elements).
/// Borrowed from the array, so making one costs nothing (an `ArrayViewD` clones its shape
/// and strides, which is most of a small op's time).
#[derive(Clone, Copy)]
pub struct Src<'a, T> {
    ptr: *const T,
    shape: &'a [usize],
    strides: &'a [isize],
    _data: PhantomData<&'a T>,
}

impl<'a, T> Src<'a, T> {
    /// Row-major values `xs` of `shape`, `strides` its row-major strides
    /// ([`row_major_strides`]); `None` when `xs` does not hold `shape`'s elements or the
    /// strides are not those.
    #[inline]
    pub fn row_major(xs: &'a [T], shape: &'a [usize], strides: &'a [isize]) -> Option<Self> {
        // SAFETY: checked just now
        is_row_major(xs.len(), shape, strides)
            .then(|| unsafe { Self::row_major_unchecked(xs, shape, strides) })
    }

    /// [`row_major`](Self::row_major) without its check, for a storage whose type keeps
    /// the layout (re-checking costs a one-element binary op about 5 % of its instructions).
    ///
    /// # Safety
    /// `xs` holds exactly `shape`'s elements (a product that does not overflow `isize`) and
    /// `strides` are `shape`'s row-major strides ([`row_major_strides`]).
    #[inline(always)]
    pub unsafe fn row_major_unchecked(
        xs: &'a [T],
        shape: &'a [usize],
        strides: &'a [isize],
    ) -> Self {
        debug_assert!(is_row_major(xs.len(), shape, strides));
        Src {
            ptr: xs.as_ptr(),
            shape,
            strides,
            _data: PhantomData,
        }
    }

    /// The shape.
    #[inline]
    pub fn shape(&self) -> &'a [usize] {
        self.shape
    }
}

#[cfg(feature = "ndarray")]
impl<'a, T, S: Data<Elem = T>> From<&'a ArrayBase<S, IxDyn>> for Src<'a, T> {
    fn from(a: &'a ArrayBase<S, IxDyn>) -> Self {
        Src {
            ptr: a.as_ptr(),
            shape: a.shape(),
            strides: a.strides(),
            _data: PhantomData,
        }
    }
}

/// The output: a mutable array of `O`, initialised or not (the loop only writes whole,
/// valid `O`s into it, so either is sound).
pub struct Dst<'a, O> {
    ptr: *mut O,
    shape: &'a [usize],
    strides: &'a [isize],
    _data: PhantomData<&'a mut O>,
}

impl<'a, O> Dst<'a, O> {
    /// Row-major elements `xs` of `shape`, `strides` its row-major strides
    /// ([`row_major_strides`]); `None` when `xs` does not hold `shape`'s elements or the
    /// strides are not those.
    #[inline]
    pub fn row_major(xs: &'a mut [O], shape: &'a [usize], strides: &'a [isize]) -> Option<Self> {
        if !is_row_major(xs.len(), shape, strides) {
            return None;
        }
        // SAFETY: checked just now
        Some(unsafe { Self::row_major_unchecked(xs, shape, strides) })
    }

    /// [`row_major`](Self::row_major) without its check (as
    /// [`Src::row_major_unchecked`]).
    ///
    /// # Safety
    /// `xs` holds exactly `shape`'s elements (a product that does not overflow `isize`) and
    /// `strides` are `shape`'s row-major strides ([`row_major_strides`]).
    #[inline(always)]
    pub unsafe fn row_major_unchecked(
        xs: &'a mut [O],
        shape: &'a [usize],
        strides: &'a [isize],
    ) -> Self {
        debug_assert!(is_row_major(xs.len(), shape, strides));
        Dst {
            ptr: xs.as_mut_ptr(),
            shape,
            strides,
            _data: PhantomData,
        }
    }

    /// The output read as an input (same pointer, shape and strides): an in-place walk's
    /// first operand.
    fn as_src(&self) -> Src<'a, O> {
        Src {
            ptr: self.ptr.cast_const(),
            shape: self.shape,
            strides: self.strides,
            _data: PhantomData,
        }
    }
}

#[cfg(feature = "ndarray")]
impl<'a, O> Dst<'a, O> {
    /// An initialised array (an `out` argument).
    pub fn init<S: DataMut<Elem = O>>(a: &'a mut ArrayBase<S, IxDyn>) -> Self {
        let ptr = a.as_mut_ptr();
        Self::at(ptr, a)
    }

    /// A new, uninitialised array: every element is written by [`run`].
    pub fn uninit<S: DataMut<Elem = MaybeUninit<O>>>(a: &'a mut ArrayBase<S, IxDyn>) -> Self {
        // `MaybeUninit<O>` has `O`'s layout
        let ptr = a.as_mut_ptr().cast::<O>();
        Self::at(ptr, a)
    }

    /// `a`'s layout, written through `ptr` (its first element, taken mutably).
    fn at<S: RawData>(ptr: *mut O, a: &'a ArrayBase<S, IxDyn>) -> Self {
        Dst {
            ptr,
            shape: a.shape(),
            strides: a.strides(),
            _data: PhantomData,
        }
    }
}

/// One kept axis: its length, each input's stride and the output's stride.
#[derive(Clone, Copy)]
struct Axis<const N: usize> {
    len: usize,
    ins: [isize; N],
    out: isize,
}

/// `f` over `ins` (each broadcast to `out`'s shape, numpy's rules) into every element of
/// `out`. `false` (nothing written) when an input does not broadcast to `out`'s shape.
pub fn run<T: Copy + Sync, O: Copy + Send, const N: usize>(
    ins: [Src<'_, T>; N],
    out: Dst<'_, O>,
    f: SliceFn<T, O, N>,
) -> bool {
    walk(ins, out, f, false, false)
}

/// [`run`] for a kernel that takes a broadcast operand as a slice of its one value
/// ([`run_new_scalars`]).
pub fn run_scalars<T: Copy + Sync, O: Copy + Send, const N: usize>(
    ins: [Src<'_, T>; N],
    out: Dst<'_, O>,
    f: SliceFn<T, O, N>,
) -> bool {
    walk(ins, out, f, false, true)
}

/// [`run`] into a new row-major buffer of `shape` (`out`: its element count, uninitialised),
/// before the buffer becomes an array. `false` (nothing written) when an input does not
/// broadcast to `shape`. Inputs of `shape` in standard layout (the common case) go straight
/// to `flat`; only the others need the output's strides, built here on the stack.
pub fn run_new<T: Copy + Sync, O: Copy + Send, const N: usize>(
    ins: [Src<'_, T>; N],
    shape: &[usize],
    out: &mut [MaybeUninit<O>],
    f: SliceFn<T, O, N>,
) -> bool {
    run_new_with(ins, shape, out, f, false)
}

/// [`run_new`] for a kernel that takes a broadcast operand as a slice of its one value
/// (length 1) beside the lane's other slices (`binary_slices` of a row without a vectorised
/// kernel): a lane with one broadcast input and the rest contiguous goes to it whole, with
/// no buffer filled with the value (numpy's scalar-vector loops).
pub fn run_new_scalars<T: Copy + Sync, O: Copy + Send, const N: usize>(
    ins: [Src<'_, T>; N],
    shape: &[usize],
    out: &mut [MaybeUninit<O>],
    f: SliceFn<T, O, N>,
) -> bool {
    run_new_with(ins, shape, out, f, true)
}

fn run_new_with<T: Copy + Sync, O: Copy + Send, const N: usize>(
    ins: [Src<'_, T>; N],
    shape: &[usize],
    out: &mut [MaybeUninit<O>],
    f: SliceFn<T, O, N>,
    scalars: bool,
) -> bool {
    let ptr = out.as_mut_ptr().cast::<O>();
    if all_standard(&ins, shape) {
        flat(ins, ptr, out.len(), f);
        return true;
    }
    let mut small = [0isize; 8];
    let mut big = Vec::new();
    let strides = if shape.len() <= small.len() {
        &mut small[..shape.len()]
    } else {
        big.resize(shape.len(), 0);
        &mut big[..]
    };
    row_major_strides(shape, strides);
    let dst = Dst {
        ptr,
        shape,
        strides,
        _data: PhantomData,
    };
    walk(ins, dst, f, false, scalars)
}

/// Whether `len` elements are exactly `shape`'s (the product checked for overflow) and
/// `strides` are its row-major strides ([`row_major_strides`]): what makes a walk over a
/// slice stay inside it.
#[inline]
fn is_row_major(len: usize, shape: &[usize], strides: &[isize]) -> bool {
    if strides.len() != shape.len() {
        return false;
    }
    // an empty shape: no element, all strides 0 (however long its other axes)
    if shape.contains(&0) {
        return len == 0 && strides.iter().all(|&s| s == 0);
    }
    let mut step = 1usize;
    for (&s, &d) in strides.iter().zip(shape).rev() {
        if s != step as isize {
            return false;
        }
        step = match step.checked_mul(d) {
            Some(x) if x <= isize::MAX as usize => x,
            _ => return false,
        };
    }
    step == len
}

/// Writes `shape`'s row-major strides into `strides` (ndarray's default strides: all 0
/// for an empty shape).
#[inline]
pub fn row_major_strides(shape: &[usize], strides: &mut [isize]) {
    let empty = shape.contains(&0);
    let mut step = 1usize;
    for (s, &len) in strides.iter_mut().zip(shape).rev() {
        *s = if empty { 0 } else { step as isize };
        step = step.wrapping_mul(len);
    }
}

/// Every input one standard-layout buffer of `shape`: the walk is then one contiguous run.
#[inline]
fn all_standard<T, const N: usize>(ins: &[Src<'_, T>; N], shape: &[usize]) -> bool {
    ins.iter()
        .all(|a| crate::same_shape(a.shape, shape) && standard(a.shape, a.strides))
}

/// `f` over `n` contiguous elements from each input's first into `n` from `out` (split over
/// rayon's threads when large, `par::parts`).
fn flat<T: Copy + Sync, O: Copy + Send, const N: usize>(
    ins: [Src<'_, T>; N],
    out: *mut O,
    n: usize,
    f: SliceFn<T, O, N>,
) {
    let at = Ptrs {
        ins: ins.map(|a| a.ptr),
        out,
    };
    parts(n, traffic::<T, O, N>(), &|lo, hi| {
        // SAFETY: the callers pass standard-layout inputs of `n` elements, `n` contiguous
        // elements from their first (a valid, aligned pointer even when `n` is 0), and an
        // output of `n` elements that overlaps no input; `lo..hi` is within `0..n`, and
        // parts write disjoint ranges.
        unsafe {
            let (ins, out) = at.get();
            let xs = std::array::from_fn(|j| std::slice::from_raw_parts(ins[j].add(lo), hi - lo));
            f(
                xs,
                std::slice::from_raw_parts_mut(out.add(lo).cast(), hi - lo),
            );
        }
    });
}

/// `out = f(out, y)` in place: `f` over `out` itself as its first input and `y` (broadcast
/// to `out`'s shape) as its second, written back into `out`. `false` (nothing written) when
/// `y` does not broadcast to `out`'s shape. Each chunk of `out` is read into a stack buffer
/// before `f` writes it (as a gathered lane is), so `f`'s input and output slices never
/// overlap; nothing is allocated. `scalars`: `f` takes a broadcast `y` as a slice of its
/// one value ([`run_new_scalars`]), beside each chunk.
pub fn update<T: Copy + Send + Sync>(
    out: Dst<'_, T>,
    y: Src<'_, T>,
    f: SliceFn<T, T, 2>,
    scalars: bool,
) -> bool {
    walk([out.as_src(), y], out, f, true, scalars)
}

/// `out = f(out)` in place: a unary slice kernel over `out` itself, read chunk by chunk
/// into a stack buffer before `f` overwrites the chunk (as [`update`] reads its first
/// input). Nothing is allocated.
pub fn map_in_place<T: Copy + Send + Sync>(out: Dst<'_, T>, f: SliceFn<T, T, 1>) -> bool {
    walk([out.as_src()], out, f, true, false)
}

/// [`run`]'s walk. `aliased`: input 0 is `out` itself (same pointer, shape and strides;
/// `T` is `O`), so it is always read through the chunk buffers, one chunk ahead of the
/// kernel's writes to that chunk. `scalars`: `f` takes a broadcast operand as a slice of
/// length 1 ([`run_new_scalars`]), whole lanes and chunks alike (a chunk of one element
/// then pairs two slices of length 1).
fn walk<T: Copy + Sync, O: Copy + Send, const N: usize>(
    ins: [Src<'_, T>; N],
    out: Dst<'_, O>,
    f: SliceFn<T, O, N>,
    aliased: bool,
    scalars: bool,
) -> bool {
    // the common case first: every operand one standard-layout buffer of the output's shape
    if !aliased && standard(out.shape, out.strides) && all_standard(&ins, out.shape) {
        flat(ins, out.ptr, out.shape.iter().product(), f);
        return true;
    }
    let rank = out.shape.len();
    if ins.iter().any(|a| !broadcasts(a.shape, out.shape)) {
        return false;
    }
    if out.shape.contains(&0) {
        return true;
    }
    // the axes of length > 1, with each operand's stride (0 where an input broadcasts), in
    // a buffer of 8 axes unless more are kept (zeroing all `MAX_AXES` every call cost a small
    // op more than its kernel)
    let zero = Axis {
        len: 0,
        ins: [0; N],
        out: 0,
    };
    let kept = out.shape.iter().filter(|&&len| len != 1).count();
    let mut small = [zero; 8];
    let mut big;
    let axes: &mut [Axis<N>] = if kept <= small.len() {
        &mut small
    } else {
        big = [zero; MAX_AXES];
        &mut big
    };
    let mut k = 0;
    for (i, (&len, &out_stride)) in out.shape.iter().zip(out.strides).enumerate() {
        if len == 1 {
            continue;
        }
        let Some(slot) = axes.get_mut(k) else {
            return false; // more axes than any allocatable array has
        };
        *slot = Axis {
            len,
            ins: std::array::from_fn(|j| {
                let a = &ins[j];
                match (i + a.shape.len()).checked_sub(rank) {
                    Some(ai) if a.shape[ai] == len => a.strides[ai],
                    _ => 0,
                }
            }),
            out: out_stride,
        };
        k += 1;
    }
    let axes = &mut axes[..k];
    // innermost last: the output's strides decreasing (insertion sort: stable, no allocation)
    for i in 1..axes.len() {
        let mut j = i;
        while j > 0 && axes[j - 1].out.unsigned_abs() < axes[j].out.unsigned_abs() {
            axes.swap(j - 1, j);
            j -= 1;
        }
    }
    // merge an axis into the next where every operand steps through both as through one
    let mut m = 0;
    for i in 0..axes.len() {
        if m > 0 {
            let (outer, inner) = (axes[m - 1], axes[i]);
            let merges = |so: isize, si: isize| Some(so) == si.checked_mul(inner.len as isize);
            if merges(outer.out, inner.out) && (0..N).all(|j| merges(outer.ins[j], inner.ins[j])) {
                axes[m - 1] = Axis {
                    len: outer.len * inner.len,
                    ..inner
                };
                continue;
            }
        }
        axes[m] = axes[i];
        m += 1;
    }
    let axes = &axes[..m];
    let at = Ptrs {
        ins: ins.map(|a| a.ptr),
        out: out.ptr,
    };
    let Some((first, rest)) = axes.split_first() else {
        // a single element: a contiguous lane of one
        let one = Axis {
            len: 1,
            ins: [1; N],
            out: 1,
        };
        // SAFETY: each operand has this one element.
        unsafe { odometer(at, &[], one, f, aliased, scalars) };
        return true;
    };
    // split along the outermost axis: a part is the walk over `lo..hi` of it
    let unit = rest.iter().map(|a| a.len).product::<usize>();
    parts(
        first.len,
        unit.saturating_mul(traffic::<T, O, N>()),
        &|lo, hi| {
            let mut own = [*first; MAX_AXES];
            own[0].len = hi - lo;
            own[1..m].copy_from_slice(rest);
            let (inner, outer) = own[..m].split_last().expect("m >= 1");
            let step = lo as isize;
            // SAFETY: `lo..hi` is within the first axis, so the offsets stay within each
            // operand and the part's walk addresses elements of the whole walk's; parts write
            // disjoint elements of the output (`first.out` is not 0: an output axis longer than
            // 1 has a stride).
            unsafe {
                let (ins, out) = at.get();
                let part = Ptrs {
                    ins: std::array::from_fn(|j| ins[j].offset(first.ins[j] * step)),
                    out: out.offset(first.out * step),
                };
                odometer(part, outer, *inner, f, aliased, scalars);
            }
        },
    );
    true
}

/// The operands' first elements, handed to the threads of a split walk.
#[derive(Clone, Copy)]
struct Ptrs<T, O, const N: usize> {
    ins: [*const T; N],
    out: *mut O,
}

impl<T, O, const N: usize> Ptrs<T, O, N> {
    /// The pointers (a method, so that a closure captures the whole `Send` value rather than
    /// its fields).
    fn get(&self) -> ([*const T; N], *mut O) {
        (self.ins, self.out)
    }
}

// SAFETY: the inputs are only read (`T: Sync`); each part of a walk writes its own
// elements of the output (`O: Send`), and the walk returns once every part is done.
unsafe impl<T: Sync, O: Send, const N: usize> Send for Ptrs<T, O, N> {}
// SAFETY: as above: the parts share the pointers, not the elements they write.
unsafe impl<T: Sync, O: Send, const N: usize> Sync for Ptrs<T, O, N> {}

/// The bytes a walk moves per output element: `N` inputs read, one output written.
const fn traffic<T, O, const N: usize>() -> usize {
    N * std::mem::size_of::<T>() + std::mem::size_of::<O>()
}

/// The walk's loop: `inner` lanes at every position of the `outer` axes.
///
/// # Safety
/// `at` addresses each operand's first element of the walk, and the axes' lengths and
/// strides stay within each operand (as [`Lanes::run`] needs, lane by lane).
unsafe fn odometer<T: Copy, O: Copy, const N: usize>(
    at: Ptrs<T, O, N>,
    outer: &[Axis<N>],
    inner: Axis<N>,
    f: SliceFn<T, O, N>,
    aliased: bool,
    scalars: bool,
) {
    let mut lanes = Lanes::<T, O, N>::new();
    // an odometer over the outer axes, moving every operand's offset with it
    let mut index = [0usize; MAX_AXES];
    let (mut in_off, mut out_off) = ([0isize; N], 0isize);
    loop {
        // SAFETY: the offsets address an element of each operand (the index is within the
        // outer axes, and each input's strides are its own or 0 where it broadcasts), and a
        // lane of `inner.len` elements at its strides stays within each operand.
        unsafe {
            let (ins, out) = at.get();
            let srcs = std::array::from_fn(|j| ins[j].offset(in_off[j]));
            lanes.run(srcs, &inner, out.offset(out_off), f, aliased, scalars);
        }
        let mut ax = outer.len();
        loop {
            if ax == 0 {
                return;
            }
            ax -= 1;
            let a = &outer[ax];
            index[ax] += 1;
            if index[ax] < a.len {
                out_off += a.out;
                (0..N).for_each(|j| in_off[j] += a.ins[j]);
                break;
            }
            let back = (a.len - 1) as isize;
            out_off -= a.out * back;
            (0..N).for_each(|j| in_off[j] -= a.ins[j] * back);
            index[ax] = 0;
        }
    }
}

/// Row-major and contiguous (ndarray's `is_standard_layout`: axes of length 1 may have any
/// stride; an empty array is standard).
fn standard(shape: &[usize], strides: &[isize]) -> bool {
    if shape.contains(&0) {
        return true;
    }
    let mut expect = 1isize;
    for (&len, &s) in shape.iter().zip(strides).rev() {
        if len != 1 {
            if s != expect {
                return false;
            }
            expect *= len as isize;
        }
    }
    true
}

/// `a` broadcasts to `to` (numpy's rules: aligned at the last axis, each length equal or 1).
fn broadcasts(a: &[usize], to: &[usize]) -> bool {
    a.len() <= to.len()
        && a.iter()
            .rev()
            .zip(to.iter().rev())
            .all(|(&x, &y)| x == y || x == 1)
}

/// The stack buffers of one walk: a chunk per input and one for the output.
struct Lanes<T, O, const N: usize> {
    bufs: [[MaybeUninit<T>; CHUNK]; N],
    out: [MaybeUninit<O>; CHUNK],
}

impl<T: Copy, O: Copy, const N: usize> Lanes<T, O, N> {
    fn new() -> Self {
        Lanes {
            bufs: [[MaybeUninit::uninit(); CHUNK]; N],
            out: [MaybeUninit::uninit(); CHUNK],
        }
    }

    /// `f` over one lane of `lane.len` elements.
    ///
    /// # Safety
    /// Each `src[j]` and `dst` address a lane of `lane.len` elements at the lane's strides
    /// within their arrays; `dst`'s lane overlaps no input, except input 0 when `aliased`
    /// (then `src[0]` is `dst`, at the same strides: it is read chunk by chunk into its
    /// buffer before `f` writes that chunk). `scalars`: `f` takes a broadcast input as a
    /// slice of its one value.
    unsafe fn run(
        &mut self,
        src: [*const T; N],
        lane: &Axis<N>,
        dst: *mut O,
        f: SliceFn<T, O, N>,
        aliased: bool,
        scalars: bool,
    ) {
        unsafe {
            let len = lane.len;
            // an input read through its chunk buffer: gathered (neither broadcast nor
            // contiguous), or the output itself
            let buffered = |j: usize| {
                let s = lane.ins[j];
                s != 0 && (s != 1 || (aliased && j == 0))
            };
            // the whole lane at once when every operand is contiguous (and none is the output)
            if !aliased && lane.out == 1 && lane.ins.iter().all(|&s| s == 1) {
                let xs = std::array::from_fn(|j| std::slice::from_raw_parts(src[j], len));
                f(xs, std::slice::from_raw_parts_mut(dst.cast(), len));
                return;
            }
            // one broadcast input, the others and the output contiguous: the whole lane at
            // once, the broadcast input as its one value (a lane is at least 2 long)
            if scalars
                && !aliased
                && lane.out == 1
                && lane.ins.iter().filter(|&&s| s == 0).count() == 1
                && lane.ins.iter().all(|&s| s == 0 || s == 1)
            {
                let xs = std::array::from_fn(|j| {
                    std::slice::from_raw_parts(src[j], if lane.ins[j] == 0 { 1 } else { len })
                });
                f(xs, std::slice::from_raw_parts_mut(dst.cast(), len));
                return;
            }
            // broadcast inputs: a buffer of their one value, filled once for the lane; where
            // `f` takes scalars, one broadcast input is passed as a slice of its value
            let single = scalars && lane.ins.iter().filter(|&&s| s == 0).count() == 1;
            for ((buf, &s), &p) in self.bufs.iter_mut().zip(&lane.ins).zip(&src) {
                if s == 0 && !single {
                    buf[..len.min(CHUNK)].fill(MaybeUninit::new(*p));
                }
            }
            let mut start = 0;
            while start < len {
                let n = CHUNK.min(len - start);
                let at = start as isize;
                for (j, (buf, &p)) in self.bufs.iter_mut().zip(&src).enumerate() {
                    if buffered(j) {
                        let s = lane.ins[j];
                        for (i, b) in buf[..n].iter_mut().enumerate() {
                            b.write(*p.offset((at + i as isize) * s));
                        }
                    }
                }
                let xs: [&[T]; N] = std::array::from_fn(|j| match lane.ins[j] {
                    0 if single => std::slice::from_raw_parts(src[j], 1),
                    1 if !buffered(j) => std::slice::from_raw_parts(src[j].offset(at), n),
                    // written above (gathered, or filled for the lane): initialised `T`s
                    _ => std::slice::from_raw_parts(self.bufs[j].as_ptr().cast::<T>(), n),
                });
                if lane.out == 1 {
                    f(xs, std::slice::from_raw_parts_mut(dst.offset(at).cast(), n));
                } else {
                    f(xs, &mut self.out[..n]);
                    for (i, v) in self.out[..n].iter().enumerate() {
                        // the kernel wrote all `n` slots
                        dst.offset((at + i as isize) * lane.out)
                            .write(v.assume_init());
                    }
                }
                start += n;
            }
        }
    }
}

#[cfg(all(test, feature = "ndarray"))]
mod tests {
    use super::*;
    use ::ndarray::{ArrayD, Axis as Ax, IxDyn, ShapeBuilder, Slice};

    fn weighted([xs, ys]: [&[i64]; 2], out: &mut [MaybeUninit<i64>]) {
        for (o, (&x, &y)) in out.iter_mut().zip(xs.iter().zip(ys)) {
            o.write(x * 1000 + y);
        }
    }

    fn negate([xs]: [&[i64]; 1], out: &mut [MaybeUninit<i64>]) {
        for (o, &x) in out.iter_mut().zip(xs) {
            o.write(-x);
        }
    }

    /// `Src::row_major` and `Dst::row_major` take a slice only with its shape's row-major
    /// strides and length: anything else would let the walk leave the slice.
    #[test]
    fn row_major_operands_check_strides_and_length() {
        let xs = [1i64, 2, 3, 4, 5, 6];
        let mut out = [0i64; 6];
        assert!(Src::row_major(&xs, &[2, 3], &[3, 1]).is_some());
        assert!(Dst::row_major(&mut out, &[2, 3], &[3, 1]).is_some());
        assert!(Src::row_major(&xs, &[], &[]).is_none()); // a 0-d array is one element
        assert!(Src::row_major(&xs[..1], &[], &[]).is_some());
        // an empty shape: zero strides and no element, whatever its other lengths
        assert!(Src::row_major(&xs[..0], &[0, usize::MAX, 3], &[0, 0, 0]).is_some());
        assert!(Src::row_major(&xs[..0], &[0, 3], &[3, 1]).is_none());
        for (shape, strides) in [
            (&[2, 3][..], &[1, 2][..]), // column-major
            (&[2, 3], &[3, 1 << 20]),   // beyond the slice
            (&[6], &[0]),               // one element six times
            (&[2, 3], &[3]),            // too few strides
            (&[3, 2], &[2, 1][..]),     // right strides...
        ] {
            let n = if shape == [3, 2] { 5 } else { 6 }; // ...wrong length
            assert!(
                Src::row_major(&xs[..n], shape, strides).is_none(),
                "{shape:?} {strides:?}"
            );
            assert!(Dst::row_major(&mut out[..n], shape, strides).is_none());
        }
        // a length product that overflows
        let big = [1usize << 32, 1 << 32];
        assert!(Src::row_major(&xs[..0], &big, &[1 << 32, 1]).is_none());
    }

    /// A small deterministic generator (the walk's cases, reproducible by seed).
    struct Lcg(u64);
    impl Lcg {
        fn below(&mut self, n: usize) -> usize {
            self.0 = self
                .0
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            ((self.0 >> 33) % n as u64) as usize
        }
    }

    /// An array of `shape` with distinct values, in a random layout: C or F order, some
    /// axes reversed, some taken every other element from a larger array.
    fn laid_out(g: &mut Lcg, shape: &[usize], base: i64) -> ArrayD<i64> {
        let stepped: Vec<usize> = shape
            .iter()
            .map(|&n| if g.below(3) == 0 { 2 * n } else { n })
            .collect();
        let len: usize = stepped.iter().product();
        let values = (0..len as i64).map(|v| base + v).collect();
        let mut a = if g.below(2) == 0 {
            ArrayD::from_shape_vec(IxDyn(&stepped), values).unwrap()
        } else {
            ArrayD::from_shape_vec(IxDyn(&stepped).f(), values).unwrap()
        };
        for (i, &n) in shape.iter().enumerate() {
            if stepped[i] != n {
                a.slice_axis_inplace(Ax(i), Slice::new(0, None, 2));
            }
            if g.below(3) == 0 {
                a.invert_axis(Ax(i));
            }
        }
        assert_eq!(a.shape(), shape);
        a
    }

    /// `shape` as an input may see it: some axes 1 (broadcast), maybe fewer leading axes.
    fn broadcast_shape(g: &mut Lcg, shape: &[usize]) -> Vec<usize> {
        let drop = if shape.is_empty() {
            0
        } else {
            g.below(shape.len() + 1) / 2
        };
        shape[drop..]
            .iter()
            .map(|&n| if g.below(4) == 0 { 1 } else { n })
            .collect()
    }

    /// Every layout, broadcast and `out` layout agrees with ndarray's own arithmetic.
    #[test]
    fn any_layout_agrees_with_ndarray() {
        let mut g = Lcg(7);
        for case in 0..3000 {
            let rank = g.below(5);
            let shape: Vec<usize> = (0..rank)
                .map(|_| match g.below(10) {
                    0 => 0,
                    1 => 300 + g.below(300), // longer than a chunk
                    _ => 1 + g.below(4),
                })
                .collect();
            if shape.iter().product::<usize>() > 200_000 {
                continue;
            }
            let (sa, sb) = (
                broadcast_shape(&mut g, &shape),
                broadcast_shape(&mut g, &shape),
            );
            let a = laid_out(&mut g, &sa, 0);
            let b = laid_out(&mut g, &sb, 1 << 40);
            let expected = &a * 1000 + &b;
            let expected = expected.broadcast(IxDyn(&shape)).unwrap().to_owned();
            // a new array
            let mut out = ArrayD::<i64>::uninit(IxDyn(&shape));
            assert!(run(
                [Src::from(&a), Src::from(&b)],
                Dst::uninit(&mut out),
                weighted
            ));
            let out = unsafe { out.assume_init() };
            assert_eq!(out, expected, "case {case}: {sa:?} {sb:?} → {shape:?}");
            // into an `out` of any layout
            let mut into = laid_out(&mut g, &shape, -1);
            assert!(run(
                [Src::from(&a), Src::from(&b)],
                Dst::init(&mut into),
                weighted
            ));
            assert_eq!(into, expected, "case {case}: into");
            // a new buffer, a broadcast lane given to the kernel as its one value (the
            // binary rows' own slice kernel, which takes it so)
            let n = shape.iter().product::<usize>();
            let mut v = Vec::<i64>::with_capacity(n);
            let add = crate::class::binary_slices::<i64, crate::rows::Add>;
            assert!(run_new_scalars(
                [Src::from(&a), Src::from(&b)],
                &shape,
                &mut v.spare_capacity_mut()[..n],
                add
            ));
            unsafe { v.set_len(n) };
            let sum = (&a + &b).broadcast(IxDyn(&shape)).unwrap().to_owned();
            assert_eq!(
                v,
                sum.as_standard_layout().as_slice().unwrap(),
                "case {case}: scalars"
            );
            // into an `out` of any layout, so
            let mut into_sum = laid_out(&mut g, &shape, -2);
            assert!(run_scalars(
                [Src::from(&a), Src::from(&b)],
                Dst::init(&mut into_sum),
                add
            ));
            assert_eq!(into_sum, sum, "case {case}: into, scalars");
            // in place: `acc = f(acc, b)`, `acc` of any layout (its own first input)
            let mut acc = laid_out(&mut g, &shape, 3);
            let want = &acc * 1000 + &b;
            assert!(update(Dst::init(&mut acc), Src::from(&b), weighted, false));
            assert_eq!(acc, want, "case {case}: update {sb:?} into {shape:?}");
            // in place, a broadcast `b` as its one value beside each chunk: floor division,
            // whose rows divide a chunk by it through a reciprocal (`crate::divisor`)
            let mut acc = laid_out(&mut g, &shape, 7);
            let want = ::ndarray::Zip::from(&acc)
                .and_broadcast(&b)
                .map_collect(|&x, &y| crate::real_math::int_floor_divide(x, y));
            let floor_divide = crate::class::binary_slices::<i64, crate::rows::FloorDivide>;
            assert!(update(
                Dst::init(&mut acc),
                Src::from(&b),
                floor_divide,
                true
            ));
            assert_eq!(
                acc, want,
                "case {case}: update {sb:?} into {shape:?}, scalars"
            );
            // unary, in place of a copy
            let mut neg = laid_out(&mut g, &shape, 5);
            assert!(run([Src::from(&into)], Dst::init(&mut neg), negate));
            assert_eq!(neg, -&expected, "case {case}: unary");
        }
    }

    static ON_A_WORKER: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

    /// [`weighted`], noting whether a part ran on one of rayon's threads.
    fn weighted_noting([xs, ys]: [&[i64]; 2], out: &mut [MaybeUninit<i64>]) {
        if rayon::current_thread_index().is_some() {
            ON_A_WORKER.store(true, std::sync::atomic::Ordering::Relaxed);
        }
        weighted([xs, ys], out)
    }

    /// Walks above the threshold are split (flat buffers into ranges, others along the
    /// outermost axis) and give what one thread gives, in every layout.
    #[test]
    fn split_walks_agree_with_ndarray() {
        let mut g = Lcg(11);
        for shape in [
            vec![1 << 18],
            vec![3, 1 << 16],
            vec![1 << 16, 3],
            vec![700, 1, 400],
            vec![2, 2, 300, 300],
        ] {
            for case in 0..4 {
                let sb = broadcast_shape(&mut g, &shape);
                let a = laid_out(&mut g, &shape, 0);
                let b = laid_out(&mut g, &sb, 1 << 40);
                let want = (&a * 1000 + &b)
                    .broadcast(IxDyn(&shape))
                    .unwrap()
                    .to_owned();
                let mut out = laid_out(&mut g, &shape, -1);
                ON_A_WORKER.store(false, std::sync::atomic::Ordering::Relaxed);
                assert!(run(
                    [Src::from(&a), Src::from(&b)],
                    Dst::init(&mut out),
                    weighted_noting
                ));
                assert_eq!(out, want, "{shape:?} {sb:?} case {case}");
                if rayon::current_num_threads() > 1 {
                    assert!(
                        ON_A_WORKER.load(std::sync::atomic::Ordering::Relaxed),
                        "{shape:?}: not split"
                    );
                }
                let mut acc = laid_out(&mut g, &shape, 3);
                let want = &acc * 1000 + &b;
                assert!(update(Dst::init(&mut acc), Src::from(&b), weighted, false));
                assert_eq!(acc, want, "{shape:?} update case {case}");
            }
        }
    }

    #[test]
    fn mismatched_shapes_write_nothing() {
        let a = ArrayD::<i64>::zeros(IxDyn(&[2, 3]));
        let b = ArrayD::<i64>::zeros(IxDyn(&[4]));
        let mut out = ArrayD::<i64>::from_elem(IxDyn(&[2, 3]), 9);
        assert!(!run(
            [Src::from(&a), Src::from(&b)],
            Dst::init(&mut out),
            weighted
        ));
        let big = ArrayD::<i64>::zeros(IxDyn(&[3, 2, 3]));
        assert!(!run([Src::from(&big)], Dst::init(&mut out), negate));
        // an in-place update keeps `out`'s shape: `y` must broadcast to it
        assert!(!update(Dst::init(&mut out), Src::from(&b), weighted, false));
        assert!(!update(
            Dst::init(&mut out),
            Src::from(&big),
            weighted,
            false
        ));
        assert!(out.iter().all(|&v| v == 9));
    }
}
