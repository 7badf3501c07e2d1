//! Creation's host values, the one body of every backend's creation kernels: each backend
//! only picks the element type for the dtype (`arange`, `full`, `eye`, `tril`/`triu`'s
//! mask) and the copy rule of `asarray` over values.

use crate::kernel::alloc;
use crate::kernel::elem::Elem;
use ivy_core::{Backend, Dtype, Error, Result, Scalar};

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

/// `shape` filled with `s`, fallibly allocated.
pub(crate) fn filled_values<T: Elem>(
    op: &'static str,
    shape: &[usize],
    s: Scalar,
    dtype: Dtype,
) -> Result<Vec<T>> {
    let n = alloc::shape_size_of(op, shape, dtype)?;
    let fill = T::from_scalar(s);
    // SAFETY: `fill` is a plain value of `size_of::<T>()` bytes (element types have no padding)
    let bytes = unsafe {
        std::slice::from_raw_parts((&raw const fill).cast::<u8>(), std::mem::size_of::<T>())
    };
    if bytes.iter().all(|&b| b == 0) {
        // zeros (not -0.0): the allocator's zeroed pages
        return alloc::try_zeroed(op, n);
    }
    let mut v = alloc::try_vec::<T>(op, n)?;
    v.resize(n, fill);
    Ok(v)
}

/// The values of `arange(start, stop, step)` in `dtype` (exact integers when all three
/// are ints), fallibly allocated; with no `stop`, `start` is the stop and 0 the start.
pub(crate) fn arange_values<T: Elem>(
    start: Scalar,
    stop: Option<Scalar>,
    step: Scalar,
    dtype: Dtype,
) -> Result<Vec<T>> {
    let (start, stop) = match stop {
        Some(stop) => (start, stop),
        None => (Scalar::Int(0), start),
    };
    let n = arange_len(start, stop, step)?;
    alloc::shape_size_of("arange", &[n], dtype)?;
    // each element computed in its own type (no `Scalar` per element)
    match (start, stop, step) {
        (Scalar::Int(a), Scalar::Int(_), Scalar::Int(s)) => {
            let last = a as i128 + n.saturating_sub(1) as i128 * s as i128;
            let exact = |v: i128| v.unsigned_abs() <= 1 << 53;
            let float = T::DTYPE.is_float() || T::DTYPE.is_complex();
            let exact32 = |v: i128| v.unsigned_abs() <= 1 << 24;
            if T::DTYPE == Dtype::Float32
                && exact32(a as i128)
                && exact32(last)
                && exact32(s as i128 * BLOCK as i128)
            {
                // the same, in float32 (4 lanes a vector, not 2): within ±2^24 each value
                // and offset is exact there too (float32 -> float64 -> float32 is the identity)
                let sf = s as f32;
                indexed("arange", n, |b| {
                    let base = (a + b as i64 * s) as f32;
                    move |j| T::from_f64(f64::from(base + j as f32 * sf))
                })
            } else if float && exact(a as i128) && exact(last) && exact(s as i128 * BLOCK as i128) {
                // every value, and each block's offset j * s, within ±2^53 is exact in
                // f64, so one rounding to `T` (as from i128, which compiles to a slow
                // software conversion); j is a u32 (a vector conversion, not i64's)
                let sf = s as f64;
                indexed("arange", n, |b| {
                    let base = (a + b as i64 * s) as f64;
                    move |j| T::from_f64(base + f64::from(j) * sf)
                })
            } else {
                indexed("arange", n, |b| {
                    move |j| {
                        let i = (b + j as usize) as i64;
                        T::from_i128(a.wrapping_add(i.wrapping_mul(s)) as i128)
                    }
                })
            }
        }
        _ => {
            // numpy's `start + i * step` in float64, `i` exact (< 2^53)
            let (a, s) = (start.to_f64(), step.to_f64());
            indexed("arange", n, |b| {
                let b = b as f64;
                move |j| T::from_f64(a + (b + f64::from(j)) * s)
            })
        }
    }
}

/// The blocks [`indexed`] computes over (`j < BLOCK`).
const BLOCK: usize = 1 << 16;

/// `n` values, element `b + j` being `f(b)(j)` for blocks starting at `b` (`j < BLOCK`, an
/// `i32`, so a loop over it converts to floats in vector registers; `f(b)` computes the
/// block's constants once), fallibly allocated and written on both cores when large
/// (`arange`; `linspace` too).
pub(crate) fn indexed<T: Elem, G: Fn(i32) -> T>(
    op: &'static str,
    n: usize,
    f: impl Fn(usize) -> G + Sync,
) -> Result<Vec<T>> {
    let mut v = alloc::try_vec::<T>(op, n)?;
    let slots = crate::kernel::par::Shared(v.spare_capacity_mut().as_mut_ptr());
    crate::kernel::par::parts(n, std::mem::size_of::<T>(), &|lo, hi| {
        let mut b = lo;
        while b < hi {
            let end = (b + BLOCK).min(hi);
            // SAFETY: slots b..end are this part's, within n
            let out = unsafe { slots.range(b, end) };
            let g = f(b);
            for (j, o) in (0..out.len() as i32).zip(out.iter_mut()) {
                o.write(g(j));
            }
            b = end;
        }
    });
    // SAFETY: every one of the n slots was written
    unsafe { v.set_len(n) };
    Ok(v)
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
    for i in 0..rows {
        let j = i as i128 + k as i128;
        if (0..cols as i128).contains(&j) {
            v[i * cols + j as usize] = T::from_i128(1);
        }
    }
    Ok((v, shape))
}

/// Number of elements of `arange(start, stop, step)`, or an error for a zero or
/// non-finite step, non-finite bounds, or a count beyond `usize`.
pub(crate) fn arange_len(start: Scalar, stop: Scalar, step: Scalar) -> Result<usize> {
    let (a, b, s) = (start.to_f64(), stop.to_f64(), step.to_f64());
    if s == 0.0 || !s.is_finite() {
        return Err(Error::InvalidArgument {
            op: "arange",
            message: "`step` must be a finite non-zero number".into(),
        });
    }
    let too_many = |n: String| Error::InvalidArgument {
        op: "arange",
        message: format!("{n} elements are more than an array can hold"),
    };
    if let (Scalar::Int(a), Scalar::Int(b), Scalar::Int(s)) = (start, stop, step) {
        // exact for integers: ceil((b - a) / s) in i128
        let (a, b, s) = (a as i128, b as i128, s as i128);
        let n = (((b - a) + s - s.signum()) / s).max(0);
        return usize::try_from(n)
            .ok()
            .filter(|n| *n <= isize::MAX as usize)
            .ok_or_else(|| too_many(n.to_string()));
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
