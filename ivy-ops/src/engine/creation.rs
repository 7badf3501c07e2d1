//! Creation's host values, the one body of every backend's creation kernels: each backend
//! only picks the element type for the dtype (`arange`, `full`, `eye`, `tril`/`triu`'s
//! mask) and the copy rule of `asarray` over values.

use crate::kernel::alloc;
use crate::kernel::elem::Elem;
use ivy_core::{Backend, Dtype, Error, Result, Scalar};
use std::mem::MaybeUninit;

/// A buffer of `n` elements `value(i)`, fallibly allocated: the one body of every
/// creation kernel (each backend only picks `T` for the dtype).
pub(crate) fn typed_values<T: Elem>(
    op: &'static str,
    n: usize,
    value: impl Fn(usize) -> Scalar,
) -> Result<Vec<T>> {
    let mut v = alloc::try_vec::<T>(op, n)?;
    v.extend((0..n).map(|i| T::from_scalar(value(i))));
    Ok(v)
}

/// Writes `s` in `T` into every element of `out`.
pub(crate) fn fill_into<T: Elem>(out: &mut [std::mem::MaybeUninit<T>], s: Scalar) {
    let fill = match s {
        // all-zero bytes are a value of every element type: no conversion
        Scalar::Int(0) | Scalar::Bool(false) => {
            // SAFETY: `out` is `out.len()` elements of `T`; writing their bytes to 0
            // initialises each to a zero (numbers, `false`, complex zeros)
            unsafe { std::ptr::write_bytes(out.as_mut_ptr(), 0, out.len()) };
            return;
        }
        s => T::from_scalar(s),
    };
    out.fill(std::mem::MaybeUninit::new(fill));
}

/// `n` elements `s`, fallibly allocated (`n` is `full`'s plan: the shape's element count,
/// checked); an all-zero fill from zeroed pages.
pub(crate) fn filled_values<T: Elem>(op: &'static str, n: usize, s: Scalar) -> Result<Vec<T>> {
    // `zeros` (an int 0) without converting it; other fills whose value is all-zero bytes in
    // `T` (not -0.0) too: the allocator's zeroed pages
    if matches!(s, Scalar::Int(0) | Scalar::Bool(false)) {
        return alloc::try_zeroed(op, n);
    }
    let fill = T::from_scalar(s);
    // SAFETY: `fill` is a plain value of `size_of::<T>()` bytes (element types have no padding)
    let bytes = unsafe {
        std::slice::from_raw_parts((&raw const fill).cast::<u8>(), std::mem::size_of::<T>())
    };
    if bytes.iter().all(|&b| b == 0) {
        return alloc::try_zeroed(op, n);
    }
    let mut v = alloc::try_vec::<T>(op, n)?;
    v.resize(n, fill);
    Ok(v)
}

/// The values of `arange(start, stop, step)` in `dtype`, fallibly allocated; with no
/// `stop`, `start` is the stop and 0 the start. numpy's values, bit for bit: the first two
/// are `start` and `start + step` converted to the dtype (the sum exact for ints, in
/// float64 otherwise; floats truncated for an integer dtype, which must hold both), and
/// element `i` is `v0 + i * (v1 - v0)` in the dtype's own arithmetic (float32's for
/// float16, bfloat16 and complex64; wrapping for integers), as numpy's `fill` computes it.
/// A bool dtype takes at most two values (numpy's rule); complex bounds are refused.
pub(crate) fn arange_values<T: Elem>(
    start: Scalar,
    stop: Option<Scalar>,
    step: Scalar,
    dtype: Dtype,
) -> Result<Vec<T>> {
    let plan = arange_plan::<T>(start, stop, step, dtype)?;
    let mut v = alloc::try_vec::<T>("arange", plan.len)?;
    plan.fill(&mut v.spare_capacity_mut()[..plan.len]);
    // SAFETY: `fill` wrote every one of the `len` slots
    unsafe { v.set_len(plan.len) };
    Ok(v)
}

/// [`arange_values`]' checks and constants: its length and first two values, which
/// [`Arange::fill`] writes into any buffer of that length (a backend's own, without a
/// `Vec` between).
pub(crate) struct Arange<T> {
    /// The number of values.
    pub(crate) len: usize,
    v0: T,
    v1: T,
}

/// [`arange_values`]' plan (its errors included).
pub(crate) fn arange_plan<T: Elem>(
    start: Scalar,
    stop: Option<Scalar>,
    step: Scalar,
    dtype: Dtype,
) -> Result<Arange<T>> {
    let (start, stop) = match stop {
        Some(stop) => (start, stop),
        None => (Scalar::Int(0), start),
    };
    let n = arange_len(start, stop, step)?;
    alloc::shape_size_of("arange", &[n], dtype)?;
    if dtype.is_bool() && n > 2 {
        return Err(Error::ArgumentKind {
            op: "arange",
            param: "dtype",
            expected: "a numeric dtype for more than two values (numpy's rule: a bool \
                       sequence has no step)",
            got: format!("bool for {n} values"),
        });
    }
    // the first two values as numpy converts them: `start` and `start + step`, ints (and
    // their sum) exactly, floats (their sum in float64) truncated for an integer dtype and
    // through float64 for a float one (as numpy: two roundings for an int beyond 2^53)
    let int = |s: Scalar| match s {
        Scalar::Int(v) => Some(v),
        Scalar::Bool(b) => Some(b as i128),
        _ => None,
    };
    let firsts = match (int(start), int(step)) {
        // saturating: a sum beyond i128 is beyond every dtype too
        (Some(a), Some(s)) => [First::Int(a), First::Int(a.saturating_add(s))],
        _ => [
            First::Float(start.to_f64()),
            First::Float(start.to_f64() + step.to_f64()),
        ],
    };
    let [v0, v1] = if dtype.is_int() {
        // an integer dtype must hold both (numpy 2's OverflowError); later values wrap
        let mut vs = [0i128; 2];
        for (k, (v, f)) in vs.iter_mut().zip(firsts).enumerate() {
            *v = match f {
                First::Int(i) => i,
                // saturating: beyond i128 is out of range too
                First::Float(x) => x.trunc() as i128,
            };
            if k < n {
                crate::engine::checks::int_value_fits(
                    "arange",
                    *v,
                    dtype,
                    "for the dtype",
                    "choose a wider dtype",
                )?;
            }
        }
        vs.map(T::from_i128)
    } else if dtype.is_bool() {
        firsts.map(|f| match f {
            First::Int(i) => T::from_i128(i),
            First::Float(x) => T::from_i128((x != 0.0) as i128),
        })
    } else {
        firsts.map(|f| match f {
            First::Int(i) => T::from_f64(Scalar::Int(i).to_f64()),
            First::Float(x) => T::from_f64(x),
        })
    };
    Ok(Arange { len: n, v0, v1 })
}

impl<T: Elem> Arange<T> {
    /// The values into `out` (of [`len`](Arange::len) elements), every one written.
    pub(crate) fn fill(&self, out: &mut [MaybeUninit<T>]) {
        debug_assert_eq!(out.len(), self.len, "arange: a buffer of the plan's length");
        let (v0, v1) = (self.v0, self.v1);
        // each element computed in its own type (no `Scalar` per element)
        match T::DTYPE {
            d if d.is_int() || d.is_bool() => {
                // modulo 2^64, then wrapped into `T` (uint64 beyond i64::MAX included)
                let a = v0.to_i128() as i64;
                let d = (v1.to_i128() as i64).wrapping_sub(a);
                indexed_into(out, |b| {
                    move |j| {
                        let i = (b + j as usize) as i64;
                        T::from_i128(a.wrapping_add(i.wrapping_mul(d)) as i128)
                    }
                })
            }
            Dtype::Float64 | Dtype::Complex128 => {
                fill::<T, f64>(out, v0.to_f64(), v1.to_f64(), 1 << 53)
            }
            // float32, complex64 and the 16-bit floats (exactly float32 values)
            _ => fill::<T, f32>(out, v0.to_f64() as f32, v1.to_f64() as f32, 1 << 24),
        }
        // numpy stores the first two as converted (`v0 + 1 * (v1 - v0)` need not round to `v1`)
        for (o, x) in out.iter_mut().zip([v0, v1]) {
            o.write(x);
        }
    }
}

/// `arange`'s first two values before conversion to the dtype.
#[derive(Clone, Copy)]
enum First {
    Int(i128),
    Float(f64),
}

/// numpy's float `fill` of `n` elements: element `i` is `c0 + i * (c1 - c0)` in `C`, `i`
/// converted to `C` whole (as C's `i * delta` does), rounded once to `T`. Below `exact`
/// (2^mantissa digits of `C`) each block's start plus its `i32` offset is that conversion,
/// and the loop converts in vector registers.
fn fill<T: Elem, C>(out: &mut [MaybeUninit<T>], c0: C, c1: C, exact: usize)
where
    C: num_traits::Float + Into<f64> + Send + Sync + 'static,
    usize: num_traits::AsPrimitive<C>,
    i32: num_traits::AsPrimitive<C>,
{
    use num_traits::AsPrimitive;
    let d = c1 - c0;
    if out.len() <= exact {
        indexed_into(out, |b| {
            let b: C = b.as_();
            move |j| T::from_f64((c0 + (b + j.as_()) * d).into())
        })
    } else {
        indexed_into(out, |b| {
            move |j| T::from_f64((c0 + (b + j as usize).as_() * d).into())
        })
    }
}

/// The blocks [`indexed`] computes over (`j < BLOCK`).
const BLOCK: usize = 1 << 16;

/// `n` values, element `b + j` being `f(b)(j)` for blocks starting at `b` (`j < BLOCK`, an
/// `i32`, so a loop over it converts to floats in vector registers; `f(b)` computes the
/// block's constants once), fallibly allocated and written on both cores when large
/// (`linspace`; [`indexed_into`] writes a given buffer).
pub(crate) fn indexed<T: Elem, G: Fn(i32) -> T>(
    op: &'static str,
    n: usize,
    f: impl Fn(usize) -> G + Sync,
) -> Result<Vec<T>> {
    let mut v = alloc::try_vec::<T>(op, n)?;
    indexed_into(&mut v.spare_capacity_mut()[..n], f);
    // SAFETY: `indexed_into` wrote every one of the n slots
    unsafe { v.set_len(n) };
    Ok(v)
}

/// [`indexed`] into `out`, every element written.
pub(crate) fn indexed_into<T: Elem, G: Fn(i32) -> T>(
    out: &mut [MaybeUninit<T>],
    f: impl Fn(usize) -> G + Sync,
) {
    let n = out.len();
    let slots = crate::kernel::par::Shared(out.as_mut_ptr());
    crate::kernel::par::parts(n, std::mem::size_of::<T>(), &|lo, hi| {
        ivy_vecmath::vectorised(FillBlocks {
            f: &f,
            slots,
            parts: lo..hi,
        })
    });
}

/// [`indexed`]'s slots `parts`, block by block, at the CPU's vector width
/// ([`ivy_vecmath::vectorised`]).
struct FillBlocks<'a, T, F> {
    /// Block `b`'s element function.
    f: &'a F,
    /// The result's slots.
    slots: crate::kernel::par::Shared<T>,
    /// The slots to fill.
    parts: std::ops::Range<usize>,
}

impl<T: Elem, G: Fn(i32) -> T, F: Fn(usize) -> G> ivy_vecmath::VectorLoop for FillBlocks<'_, T, F> {
    type Output = ();
    #[inline(always)]
    fn run(self) {
        let FillBlocks { f, slots, parts } = self;
        let (lo, hi) = (parts.start, parts.end);
        let mut b = lo;
        while b < hi {
            let end = (b + BLOCK).min(hi);
            // SAFETY: slots b..end are this part's (the caller's), within the buffer
            let out = unsafe { slots.range(b, end) };
            let g = f(b);
            for (j, o) in (0..out.len() as i32).zip(out.iter_mut()) {
                o.write(g(j));
            }
            b = end;
        }
    }
}

/// The values of `eye(n_rows, n_cols, k)` in row-major order, fallibly allocated (the
/// shape was checked by `eye_shape`).
pub(crate) fn eye_values<T: Elem>(
    n_rows: usize,
    n_cols: Option<usize>,
    k: i64,
    dtype: Dtype,
) -> Result<(Vec<T>, [usize; 2])> {
    let shape = [n_rows, n_cols.unwrap_or(n_rows)];
    let n = alloc::shape_size_of("eye", &shape, dtype)?;
    // zeros, then the ones of diagonal `k`: element (i, i + k) of each row that has it
    let (rows, cols) = (shape[0], shape[1]);
    let mut v = alloc::try_zeroed::<T>("eye", n)?;
    // only the rows that meet diagonal `k`: `max(0, -k) <= i < min(rows, cols - k)` (no
    // loop over the rows of `eye(2**40, 0)`, which has none)
    let (k, rows, cols) = (i128::from(k), rows as i128, cols as i128);
    for i in (-k).max(0)..rows.min(cols - k) {
        v[(i * cols + i + k) as usize] = T::from_i128(1);
    }
    Ok((v, shape))
}

/// Number of elements of `arange(start, stop, step)`, or an error for a zero or
/// non-finite step, non-finite bounds, or a count beyond `usize`.
pub(crate) fn arange_len(start: Scalar, stop: Scalar, step: Scalar) -> Result<usize> {
    // the standard's `int | float` (a complex bound has no order)
    let args = [("start", start), ("stop", stop), ("step", step)];
    if let Some((param, Scalar::Complex(re, im))) = args
        .into_iter()
        .find(|(_, s)| matches!(s, Scalar::Complex(..)))
    {
        return Err(Error::ArgumentKind {
            op: "arange",
            param,
            expected: "an int or a float",
            got: format!("the complex number ({re}{im:+}j)"),
        });
    }
    let bad_step = || Error::InvalidArgument {
        op: "arange",
        message: "`step` must be a finite non-zero number".into(),
    };
    let too_many = |n: String| Error::InvalidArgument {
        op: "arange",
        message: format!("{n} elements are more than an array can hold"),
    };
    if let (Scalar::Int(a), Scalar::Int(b), Scalar::Int(s)) = (start, stop, step) {
        if s == 0 {
            return Err(bad_step());
        }
        // exact for integers: ceil((b - a) / s) in i128 (`Scalar::Int` is an i128: a
        // difference beyond it is too many elements as well); divided as i64 where both
        // fit (a 128-bit division is a library call)
        let div = |d: i128| match (i64::try_from(d), i64::try_from(s)) {
            (Ok(d), Ok(s)) if (d, s) != (i64::MIN, -1) => Some(i128::from(d / s)),
            _ => d.checked_div(s),
        };
        let n = b
            .checked_sub(a)
            .and_then(|d| d.checked_add(s - s.signum()))
            .and_then(div)
            .map(|q| q.max(0));
        return n
            .and_then(|n| usize::try_from(n).ok())
            .filter(|n| *n <= isize::MAX as usize)
            .ok_or_else(|| {
                too_many(n.map_or_else(|| format!("beyond {}", i128::MAX), |n| n.to_string()))
            });
    }
    let (a, b, s) = (start.to_f64(), stop.to_f64(), step.to_f64());
    if s == 0.0 || !s.is_finite() {
        return Err(bad_step());
    }
    if !a.is_finite() || !b.is_finite() {
        return Err(Error::InvalidArgument {
            op: "arange",
            message: format!("`start` and `stop` must be finite, got {a} and {b}"),
        });
    }
    let n = ((b - a) / s).ceil().max(0.0);
    if n >= isize::MAX as f64 {
        return Err(too_many(n.to_string()));
    }
    Ok(n as usize)
}

/// `asarray`'s `copy = Some(false)` with values: they are always copied into the new array.
pub(crate) fn asarray_values_copy(copy: Option<bool>, backend: Backend) -> Result<()> {
    match copy {
        Some(false) => Err(Error::CopyNotAvoidable {
            op: "asarray",
            backend,
            reason: "Rust values are always copied into a new array: pass an Array or a native array to share its buffer",
        }),
        _ => Ok(()),
    }
}

/// Whether `tril` (`upper = false`) or `triu` (`upper = true`) keeps element (`i`, `j`) of
/// a matrix: the one rule of both backends.
pub(crate) fn tri_keep(upper: bool, k: i64, i: usize, j: usize) -> bool {
    let d = j as i128 - i as i128;
    if upper {
        d >= k as i128
    } else {
        d <= k as i128
    }
}

/// The keep-mask of a `rows` × `cols` matrix for `tril`/`triu` (1 kept, 0 zeroed), row-major,
/// fallibly allocated.
pub(crate) fn tri_mask(
    op: &'static str,
    upper: bool,
    k: i64,
    rows: usize,
    cols: usize,
) -> Result<Vec<u8>> {
    let n = alloc::shape_size(op, &[rows, cols], 1)?;
    let mut v = alloc::try_vec::<u8>(op, n)?;
    let c = cols.max(1);
    v.extend((0..n).map(|i| tri_keep(upper, k, i / c, i % c) as u8));
    Ok(v)
}
