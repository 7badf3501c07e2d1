//! How candle runs each family: candle's own kernel for float tensors when the row names
//! one, else the row's generic kernel on the host (integers, bools, and float ops candle
//! lacks). Candle's integer kernels panic on overflow in debug builds and its float kernels
//! on integer tensors, so integers never reach them; bools (u8 tensors of 0s and 1s) never
//! reach candle's arithmetic either.
//!
//! The bool-valued families (predicates, comparisons, `all`/`any`) give u8 tensors tagged
//! bool: candle's own comparisons where the row names one (they compare every dtype exactly,
//! bools as their 0s and 1s), the host otherwise.

use super::{err, host_types, tensor, wrap, CandleBackend, HostElem};
use crate::engine::family::Kernels;
use crate::kernel::class::{
    binary_scalars, binary_slices, compare_slices, predicate_slices, unary_slices, Binary, Compare,
    Predicate, Reduction, SliceFn, Unary,
};
use crate::kernel::elem::Elem;
use crate::{Array, Dtype, Result, Scalar};
use candle_core::Tensor;
use ivy_core::DtypeSet;

/// The most dimensions candle's CPU kernels iterate over (`candle_core::nditer::MAX_DIMS`);
/// larger ranks take the host path.
pub(crate) const MAX_RANK: usize = 8;

/// `t` ready for a candle element-wise kernel: candle's kernels iterate over at most
/// [`MAX_RANK`] dimensions (more is a panic), so a higher-rank tensor is flattened (the
/// caller reshapes the result back to `t.dims()`, free for a contiguous result).
pub(crate) fn flat_input<'t>(
    op: &'static str,
    t: &'t Tensor,
) -> Result<std::borrow::Cow<'t, Tensor>> {
    if t.rank() <= MAX_RANK {
        return Ok(std::borrow::Cow::Borrowed(t));
    }
    t.flatten_all()
        .map(std::borrow::Cow::Owned)
        .map_err(|e| err(op, e))
}

/// Host round-trips are the last resort, allowed on the CPU device only (the ops' support
/// constants declare their host dtypes unsupported elsewhere; this guards direct calls).
pub(crate) fn host_only(op: &'static str, t: &Tensor, d: Dtype) -> Result<()> {
    if t.device().is_cpu() {
        return Ok(());
    }
    Err(crate::Error::UnsupportedDevice {
        op,
        device: super::device_of(t.device()),
        dtype: Some(d),
        backend: crate::Backend::Candle,
        version: <CandleBackend as crate::BackendInfo>::VERSION_STR,
    })
}

/// The elements of `t` (broadcast to `shape`) on the host, in row-major order (CPU only),
/// for a result of their own dtype.
pub(crate) fn host_values<T: HostElem>(
    op: &'static str,
    t: &Tensor,
    shape: &[usize],
) -> Result<Vec<T>> {
    host_values_for(op, t, shape, T::DTYPE)
}

/// [`host_values`] for a result of dtype `result`: inside `execute_with_gradients` a tracked
/// tensor may be read for a result that cannot carry a gradient (indices, bools), never
/// for a float one ([`off_graph`](super::autograd::off_graph)).
pub(crate) fn host_values_for<T: HostElem>(
    op: &'static str,
    t: &Tensor,
    shape: &[usize],
    result: Dtype,
) -> Result<Vec<T>> {
    host_only(op, t, T::DTYPE)?;
    super::autograd::off_graph(op, t, result)?;
    let t = if t.dims() == shape {
        Ok(t.clone())
    } else {
        t.broadcast_as(shape)
    };
    t.and_then(|t| T::values(&t)).map_err(|e| err(op, e))
}

/// The slice kernel `f` over host values (of one length: the shortest bounds the result),
/// in a new vector; on both cores when large ([`crate::kernel::par`]).
pub(super) fn host_run<T: Sync, O: Send, const N: usize>(
    op: &'static str,
    ins: [&[T]; N],
    f: SliceFn<T, O, N>,
) -> Result<Vec<O>> {
    let n = ins.iter().map(|x| x.len()).min().unwrap_or(0);
    let mut v = crate::kernel::alloc::try_vec::<O>(op, n)?;
    let slots = crate::kernel::par::Shared(v.spare_capacity_mut().as_mut_ptr());
    let bytes = N * std::mem::size_of::<T>() + std::mem::size_of::<O>();
    crate::kernel::par::parts(n, bytes, &|lo, hi| {
        let xs = std::array::from_fn(|j| &ins[j][lo..hi]);
        // SAFETY: `lo..hi` is within the `n` reserved slots, and this part's alone
        f(xs, unsafe { slots.range(lo, hi) });
    });
    // SAFETY: a slice kernel writes every slot it is given, and the parts cover `0..n`.
    unsafe { v.set_len(n) };
    Ok(v)
}

/// `f` of a contiguous CPU tensor's values, read in place from candle's storage (one read
/// guard, released before the result is built from `f`'s answer): `None` when `t` is not
/// such a tensor. The one reader of candle's storage for the host paths (`cpu_*`).
pub(super) fn in_place<T: candle_core::WithDType, R>(
    t: &Tensor,
    f: impl FnOnce(&[T]) -> R,
) -> Option<R> {
    let (storage, layout) = t.storage_and_layout();
    let candle_core::Storage::Cpu(cpu) = &*storage else {
        return None;
    };
    let (start, end) = layout.contiguous_offsets()?;
    Some(f(cpu.as_slice::<T>().ok()?.get(start..end)?))
}

/// The row `K` on a contiguous CPU tensor of f32 or f64 by its `ivy-vecmath` kernel, read
/// in place from candle's storage (no copy in): `None` when `t` is not such a tensor.
fn cpu_simd<T: HostElem + candle_core::WithDType, K: Unary>(t: &Tensor) -> Option<Result<Array>> {
    let v = in_place(t, |xs: &[T]| host_run(K::NAME, [xs], unary_slices::<T, K>))?;
    Some(v.and_then(|v| T::array(K::NAME, v, t.dims(), t.device())))
}

/// `K2(K1(x, a), b)` (clip with scalar bounds) on a contiguous CPU tensor of f32 or f64 by
/// the rows' vectorised kernels, read in place from candle's storage: `None` when `t` is
/// not such a tensor (or a row has no vectorised kernel).
fn cpu_scalar_pair<T: HostElem + candle_core::WithDType, K1: Binary, K2: Binary>(
    t: &Tensor,
    a: Scalar,
    b: Scalar,
) -> Option<Result<Array>> {
    let v = in_place(t, |xs: &[T]| {
        let mut v = match crate::kernel::alloc::try_vec::<T>(K1::NAME, xs.len()) {
            Ok(v) => v,
            Err(e) => return Some(Err(e)),
        };
        let (a, b) = (T::from_scalar(a), T::from_scalar(b));
        let out = &mut v.spare_capacity_mut()[..xs.len()];
        if !crate::kernel::class::scalar_pair_slices::<T, K1, K2>(xs, a, b, out) {
            return None;
        }
        // SAFETY: every slot was written
        unsafe { v.set_len(xs.len()) };
        Some(Ok(v))
    })??;
    Some(v.and_then(|v| T::array(K1::NAME, v, t.dims(), t.device())))
}

/// `K` folded over `axes` of the CPU tensor `t` by the shared host loops of `ivy-kernel/src/reduce.rs`
/// (pairwise, as ndarray's), as an array of `shape`: the values read in place from candle's
/// storage when contiguous (one read guard, released before the result is built), else
/// copied out.
fn cpu_fold<T: HostElem + candle_core::WithDType, K: Reduction>(
    t: &Tensor,
    axes: &[usize],
    shape: &[usize],
) -> Result<Array> {
    let read = in_place(t, |xs: &[T]| {
        crate::kernel::class::fold_host::<T, K>(xs, t.dims(), axes)
    });
    let r = match read {
        Some(r) => r?,
        None => {
            let xs = host_values::<T>(K::NAME, t, t.dims())?;
            crate::kernel::class::fold_host::<T, K>(&xs, t.dims(), axes)?
        }
    };
    T::array(K::NAME, r, shape, t.device())
}

/// The slice kernel `f` over the host values of `t`, as a new array of `t`'s shape.
fn host_map<T: HostElem, O: HostElem>(
    op: &'static str,
    t: &Tensor,
    f: SliceFn<T, O, 1>,
) -> Result<Array> {
    let xs = host_values_for::<T>(op, t, t.dims(), O::DTYPE)?;
    let v = host_run(op, [&xs], f)?;
    O::array(op, v, t.dims(), t.device())
}

/// The slice kernel `f` over `a` and `b` broadcast to `shape` by the strided walk
/// ([`crate::kernel::strided`], numpy's broadcasting: no input is copied to `shape`), as
/// ndarray's arrays are: the larger input read in place from candle's storage when it is
/// contiguous (one read guard), the other copied out in its own shape.
fn host_zip<T: HostElem, O: HostElem>(
    op: &'static str,
    a: &Tensor,
    b: &Tensor,
    shape: &[usize],
    f: SliceFn<T, O, 2>,
    scalars: bool,
) -> Result<Array> {
    for t in [a, b] {
        host_only(op, t, T::DTYPE)?;
        super::autograd::off_graph(op, t, O::DTYPE)?;
    }
    let swap = a.elem_count() < b.elem_count();
    let (big, small) = if swap { (b, a) } else { (a, b) };
    let ys = T::values(small).map_err(|e| err(op, e))?;
    let walk = |xs: &[T]| {
        let ins = if swap { [&ys[..], xs] } else { [xs, &ys[..]] };
        host_walk(op, ins, [a.dims(), b.dims()], shape, f, scalars)
    };
    let v = match T::read(big, walk) {
        Some(v) => v?,
        None => walk(&T::values(big).map_err(|e| err(op, e))?)?,
    };
    O::array(op, v, shape, a.device())
}

/// `f` over the row-major values `ins` (of shapes `dims`) broadcast to `shape`, in a new
/// vector: ndarray's loop ([`crate::kernel::strided::run_new`]: a broadcast lane is filled
/// once, large walks split over the cores; `scalars`: [`crate::kernel::strided::run_new_scalars`]).
fn host_walk<T: Copy + Sync, O: Copy + Send>(
    op: &'static str,
    ins: [&[T]; 2],
    dims: [&[usize]; 2],
    shape: &[usize],
    f: SliceFn<T, O, 2>,
    scalars: bool,
) -> Result<Vec<O>> {
    use crate::kernel::strided::{row_major_strides, run_new, run_new_scalars, Src};
    let n = crate::kernel::alloc::shape_size(op, shape, std::mem::size_of::<O>())?;
    let mut v = crate::kernel::alloc::try_vec::<O>(op, n)?;
    let strides = dims.map(|d| {
        let mut s = vec![0isize; d.len()];
        row_major_strides(d, &mut s);
        s
    });
    let mismatch = || crate::Error::InvalidArgument {
        op,
        message: format!(
            "operands of shapes {:?} and {:?} do not broadcast to {shape:?}",
            dims[0], dims[1]
        ),
    };
    let (Some(sa), Some(sb)) = (
        Src::row_major(ins[0], dims[0], &strides[0]),
        Src::row_major(ins[1], dims[1], &strides[1]),
    ) else {
        return Err(mismatch());
    };
    let out = &mut v.spare_capacity_mut()[..n];
    let run = if scalars { run_new_scalars } else { run_new };
    if !run([sa, sb], shape, out, f) {
        return Err(mismatch());
    }
    // SAFETY: `run_new` wrote all `n` elements
    unsafe { v.set_len(n) };
    Ok(v)
}

impl Kernels for CandleBackend {
    const NATIVE_OUT: bool = false;
    // candle's integer kernels panic on overflow in debug builds: integers never reach
    // them; nor do bools (u8 arithmetic is not bool arithmetic)
    const HOST_WITH_OP: DtypeSet = DtypeSet::INTEGER.union(DtypeSet::BOOL);
    const HOST_WITHOUT_OP: DtypeSet = DtypeSet::VALID;
    const MIXED_ROWS: bool = false;

    fn from_host<T: crate::kernel::elem::Elem>(
        op: &'static str,
        v: Vec<T>,
        shape: &[usize],
        device: ivy_core::Device,
    ) -> Result<Array> {
        let dev = super::candle_device(op, device)?;
        super::host_types!(op, T::DTYPE, S => {
            let v: Vec<S> = crate::kernel::elem::same_vec(v).ok_or_else(|| ivy_core::Error::InvalidArgument {
                op,
                message: "host values of another element type than their dtype's".into(),
            })?;
            S::array(op, v, shape, &dev)
        })
    }

    fn map<K: Unary>(x: &Array) -> Result<Array> {
        let t = tensor(K::NAME, x)?;
        // ivy's vectorised kernel, where the row has one, beats candle's scalar loop on CPU;
        // a tensor in an autograd graph takes candle's op, which keeps the graph
        if K::SIMD && t.device().is_cpu() && !t.track_op() {
            let r = match x.dtype() {
                Dtype::Float32 => cpu_simd::<f32, K>(t),
                Dtype::Float64 => cpu_simd::<f64, K>(t),
                _ => None,
            };
            if let Some(r) = r {
                return r;
            }
        }
        if x.dtype().is_float() {
            let flat = flat_input(K::NAME, t)?;
            if let Some(r) = K::candle(&flat) {
                return wrap(K::NAME, x.dtype(), r.and_then(|r| r.reshape(t.dims())));
            }
        }
        host_types!(K::NAME, x.dtype(), T => host_map(K::NAME, t, unary_slices::<T, K>))
    }

    fn map_into<K: Unary>(_x: &Array, _out: &mut Array) -> Result<bool> {
        Ok(false) // tensors are immutable: the family writes the result into `out`
    }

    fn map_real<K: Unary>(x: &Array) -> Result<Array> {
        // candle holds no complex dtype: a complex array cannot be a candle array
        Err(crate::array::not_in_backend(
            Some(K::NAME),
            x.dtype(),
            crate::Backend::Candle,
        ))
    }

    fn map_real_into<K: Unary>(_x: &Array, _out: &mut Array) -> Result<bool> {
        Ok(false)
    }

    fn zip_scalars<K1: Binary, K2: Binary>(x: &Array, a: Scalar, b: Scalar) -> Result<Array> {
        let t = tensor(K1::NAME, x)?;
        // floats: candle's own ops where both rows name one (`clip`'s maximum then minimum),
        // which run on every device and keep an autograd graph; the scalars become
        // rank-0 tensors of `x`'s dtype (rounded as the host kernels round them)
        // off an autograd graph on the CPU: ivy's vectorised kernels, in place
        if t.device().is_cpu() && !t.track_op() {
            let r = match x.dtype() {
                Dtype::Float32 => cpu_scalar_pair::<f32, K1, K2>(t, a, b),
                Dtype::Float64 => cpu_scalar_pair::<f64, K1, K2>(t, a, b),
                _ => None,
            };
            if let Some(r) = r {
                return r;
            }
        }
        if x.dtype().is_float() {
            let flat = flat_input(K1::NAME, t)?;
            let (sa, sb) = host_types!(K1::NAME, x.dtype(), T => {
                let c = |s| T::tensor(vec![T::from_scalar(s)], &[], t.device());
                c(a).and_then(|a| Ok((a, c(b)?))).map_err(|e| err(K1::NAME, e))
            })?;
            let r = match K1::candle(&flat, &sa) {
                Some(Ok(r)) => K2::candle(&r, &sb),
                other => other,
            };
            if let Some(r) = r {
                return wrap(K1::NAME, x.dtype(), r.and_then(|r| r.reshape(t.dims())));
            }
        }
        host_types!(K1::NAME, x.dtype(), T => {
            let (a, b) = (T::from_scalar(a), T::from_scalar(b));
            let xs = host_values::<T>(K1::NAME, t, t.dims())?;
            let mut v = crate::kernel::alloc::try_vec::<T>(K1::NAME, xs.len())?;
            v.extend(xs.into_iter().map(|e| T::binary::<K2>(T::binary::<K1>(e, a), b)));
            T::array(K1::NAME, v, t.dims(), t.device())
        })
    }

    fn zip<K: Binary>(shape: &[usize], x: &Array, y: &Array) -> Result<Array> {
        let (a, b) = (tensor(K::NAME, x)?, tensor(K::NAME, y)?);
        let broadcast = a.dims() != shape || b.dims() != shape;
        if broadcast {
            // broadcasting: the result is larger than an input, and candle aborts on OOM
            super::reserve(K::NAME, shape, x.dtype())?;
        }
        // a broadcast on the CPU, off an autograd graph: the host walk (ndarray's loop), which
        // reads each input once in its own shape; candle's broadcast kernels index every
        // element through the broadcast layout (4x ndarray's time for (1000, 1) + (1, 1000))
        let host = broadcast && [a, b].iter().all(|t| t.device().is_cpu() && !t.track_op());
        if x.dtype().is_float()
            && !host
            && shape.len() <= MAX_RANK
            && let Some(r) = K::candle(a, b)
        {
            return wrap(K::NAME, x.dtype(), r);
        }
        host_types!(K::NAME, x.dtype(), T => {
            host_zip(K::NAME, a, b, shape, binary_slices::<T, K>, binary_scalars::<T, K>())
        })
    }

    fn zip_into<K: Binary>(_x: &Array, _y: &Array, _out: &mut Array) -> Result<bool> {
        Ok(false)
    }

    fn zip_in_place<K: Binary>(_out: &mut Array, _y: &Array) -> Result<bool> {
        Ok(false) // the family computes the result and rebinds `out` to it
    }

    fn map_bool<K: Predicate>(x: &Array) -> Result<Array> {
        let t = tensor(K::NAME, x)?;
        // the result (u8) is no larger than `x`: nothing to reserve
        if K::HAS_CANDLE
            && let Some(r) = K::candle(&*flat_input(K::NAME, t)?)
        {
            return wrap(K::NAME, Dtype::Bool, r.and_then(|r| r.reshape(t.dims())));
        }
        host_types!(K::NAME, x.dtype(), T => host_map(K::NAME, t, predicate_slices::<T, K>))
    }

    fn map_bool_into<K: Predicate>(_x: &Array, _out: &mut Array) -> Result<bool> {
        Ok(false)
    }

    fn zip_bool<K: Compare>(shape: &[usize], x: &Array, y: &Array) -> Result<Array> {
        let (a, b) = (tensor(K::NAME, x)?, tensor(K::NAME, y)?);
        if a.dims() != shape || b.dims() != shape {
            // broadcasting: the host path holds both operands at the result's shape
            super::reserve(K::NAME, shape, x.dtype())?;
        }
        if shape.len() <= MAX_RANK
            && let Some(r) = K::candle(a, b)
        {
            return wrap(K::NAME, Dtype::Bool, r);
        }
        // candle holds no uint64: its operands always have one dtype
        host_types!(K::NAME, x.dtype(), T => host_zip(K::NAME, a, b, shape, compare_slices::<T, K>, false))
    }

    fn zip_bool_into<K: Compare>(_x: &Array, _y: &Array, _out: &mut Array) -> Result<bool> {
        Ok(false)
    }

    fn fold<K: Reduction>(x: &Array, axes: &[usize], keepdims: bool) -> Result<Array> {
        let t = tensor(K::NAME, x)?;
        let d = x.dtype();
        let shape = crate::kernel::reduce::reduced_shape(t.dims(), axes, keepdims);
        // on the CPU, floats fold in ivy's pairwise host loops (candle's CPU sum adds
        // sequentially: relative error ~1e-3 at 1e7 float32s), read in place when
        // contiguous; a tensor in an autograd graph keeps candle's op (which keeps the
        // graph), and CUDA candle's tree reduction
        if d.is_float() && t.device().is_cpu() && !t.track_op() {
            return match d {
                Dtype::Float32 => cpu_fold::<f32, K>(t, axes, &shape),
                Dtype::Float64 => cpu_fold::<f64, K>(t, axes, &shape),
                Dtype::Float16 => cpu_fold::<half::f16, K>(t, axes, &shape),
                _ => cpu_fold::<half::bf16, K>(t, axes, &shape),
            };
        }
        // candle's own reduction: floats (integers and bools too for `NATIVE_INTS` rows);
        // empty and high-rank tensors take the host loop, which candle's kernels are not
        // written for
        if (d.is_float() || K::NATIVE_INTS)
            && t.elem_count() > 0
            && t.rank() <= MAX_RANK
            && let Some(r) = K::candle(t, axes)
        {
            return wrap(K::NAME, d, r.and_then(|r| r.reshape(shape.as_slice())));
        }
        host_types!(K::NAME, d, T => {
            let xs = host_values::<T>(K::NAME, t, t.dims())?;
            let r = crate::kernel::class::fold_host::<T, K>(&xs, t.dims(), axes)?;
            T::array(K::NAME, r, &shape, t.device())
        })
    }
}
