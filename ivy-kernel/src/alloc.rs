//! The one fallible path for result buffers.
//!
//! No ivy call aborts the process on a size it cannot allocate. Two rules, shared by every
//! op and backend:
//!
//! - **Shape validity** ([`shape_size`]): a shape is valid when the product of its non-zero
//!   dimensions, times the element size, fits in `isize::MAX` bytes (Rust's and ndarray's
//!   limit). An invalid shape is `Error::InvalidArgument` on every backend, even when a zero
//!   dimension makes the array empty (`[0, usize::MAX]`), because ndarray cannot represent it.
//! - **Allocation** ([`try_vec`]): buffers ivy builds are reserved with `try_reserve_exact`;
//!   a refusal is `Error::OutOfMemory { op, bytes }`. Buffers of at most 4 KiB take the
//!   infallible path (the heap's free lists; a process that cannot find 4 KiB cannot run
//!   the error path either). Where a backend allocates a result itself
//!   (candle's kernels), [`probe`] asks the allocator for the same bytes first whenever the
//!   result can be larger than the inputs (creation, broadcasting, widening casts).
//! - **Huge pages**: buffers of 4 MiB or more are advised onto transparent huge pages
//!   (Linux; numpy's rule), one fault per 2 MiB instead of one per 4 KiB;
//!   `IVY_MADVISE_HUGEPAGE=0` turns the advice off.

use ivy_core::{Dtype, Error, Result};

/// The element count of `shape` for elements of `itemsize` bytes, or an error when the shape
/// cannot exist (see the module doc).
#[inline]
pub fn shape_size(op: &'static str, shape: &[usize], itemsize: usize) -> Result<usize> {
    // the product of the non-zero lengths must fit (an empty array's other axes too)
    let mut nonzero = Some(1usize);
    let mut empty = false;
    for &d in shape {
        if d == 0 {
            empty = true;
        } else {
            nonzero = nonzero.and_then(|n| n.checked_mul(d));
        }
    }
    match nonzero {
        Some(n)
            if n.checked_mul(itemsize.max(1))
                .is_some_and(|b| b <= isize::MAX as usize) =>
        {
            Ok(if empty { 0 } else { n })
        }
        _ => Err(too_large(op, shape)),
    }
}

#[cold]
fn too_large(op: &'static str, shape: &[usize]) -> Error {
    let message = match shape.contains(&0) {
        // empty, but its other lengths would not make an array (numpy's rule too)
        true => format!(
            "shape {shape:?} is too large: the product of its non-zero lengths would need \
             more than isize::MAX bytes (an empty array's other lengths must make an array \
             that could be allocated, as numpy's)"
        ),
        false => format!(
            "shape {shape:?} is too large: its elements would need more than isize::MAX bytes"
        ),
    };
    Error::InvalidArgument { op, message }
}

/// [`shape_size`] for elements of `dtype`.
#[inline]
pub fn shape_size_of(op: &'static str, shape: &[usize], dtype: Dtype) -> Result<usize> {
    shape_size(op, shape, (dtype.bits() / 8) as usize)
}

/// The bytes of `n` elements of `dtype` (saturating: only used in messages and probes).
#[cfg_attr(not(feature = "candle"), allow(dead_code))]
#[inline]
pub fn bytes_of(n: usize, dtype: Dtype) -> usize {
    n.saturating_mul((dtype.bits() / 8) as usize)
}

/// `n` elements of all-zero bytes, or `Error::OutOfMemory`: the allocator's zeroed memory
/// (`calloc`: fresh pages come zeroed from the kernel, not written by us). Small buffers
/// come from the heap's free lists and are zeroed here: glibc's `calloc` bypasses its
/// per-thread cache (131 instructions for a one-element `zeros`, 78 fewer this way) and
/// clears a small chunk with `memset` all the same.
pub fn try_zeroed<T: crate::elem::Elem>(op: &'static str, n: usize) -> Result<Vec<T>> {
    if n.saturating_mul(std::mem::size_of::<T>()) <= SMALL_BYTES {
        let mut v = Vec::<T>::with_capacity(n);
        // SAFETY: the capacity is `n` elements; all-zero bytes are a value of every
        // element type (numbers, `false`, complex zeros)
        unsafe {
            std::ptr::write_bytes(v.as_mut_ptr(), 0, n);
            v.set_len(n);
        }
        return Ok(v);
    }
    let oom = || Error::OutOfMemory {
        op,
        bytes: n.saturating_mul(std::mem::size_of::<T>()),
    };
    let layout = std::alloc::Layout::array::<T>(n).map_err(|_| oom())?;
    if layout.size() == 0 {
        return Ok(Vec::new());
    }
    // SAFETY: the layout's size is not zero
    let p = unsafe { std::alloc::alloc_zeroed(layout) }.cast::<T>();
    if p.is_null() {
        return Err(oom());
    }
    huge_pages(p.cast(), layout.size());
    // SAFETY: `p` is the global allocator's, for `n` elements of `T` (this layout); all-zero
    // bytes are a value of every element type (numbers, `false`, complex zeros)
    Ok(unsafe { Vec::from_raw_parts(p, n, n) })
}

/// An empty `Vec` with room for `n` elements, or `Error::OutOfMemory`.
pub fn try_vec<T>(op: &'static str, n: usize) -> Result<Vec<T>> {
    // below a page of elements the heap's free lists answer (`with_capacity`'s inlined
    // path, a third of a small op's allocation cost less than `try_reserve_exact`'s)
    if n.saturating_mul(std::mem::size_of::<T>()) <= SMALL_BYTES {
        return Ok(Vec::with_capacity(n));
    }
    let mut v = Vec::<T>::new();
    v.try_reserve_exact(n).map_err(|_| Error::OutOfMemory {
        op,
        bytes: n.saturating_mul(std::mem::size_of::<T>()),
    })?;
    huge_pages(
        v.as_mut_ptr().cast(),
        v.capacity() * std::mem::size_of::<T>(),
    );
    Ok(v)
}

/// Buffers from this size up are backed by transparent huge pages where the kernel
/// offers them on request (numpy's rule and threshold: `madvise(MADV_HUGEPAGE)` from
/// 4 MiB). A fresh 4 KiB page costs a fault each; at 1 M float64 values that was 2 048
/// faults per buffer, a fifth of a `sort`'s time on this machine.
const HUGE_BYTES: usize = 1 << 22;

/// Asks the kernel for huge pages over the whole 2 MiB pages of `bytes` at `p` (Linux; a
/// hint: nothing changes where the kernel declines or has them off). `IVY_MADVISE_HUGEPAGE=0`
/// turns it off, as `NUMPY_MADVISE_HUGEPAGE=0` does numpy's (huge pages of a heap that
/// keeps freed memory can raise a process's resident size).
#[inline]
fn huge_pages(p: *mut u8, bytes: usize) {
    #[cfg(target_os = "linux")]
    if bytes >= HUGE_BYTES && huge_pages_on() {
        // a multiple of every base page size Linux has (4, 16, 64 KiB)
        const HUGE: usize = 2 << 20;
        let start = (p as usize).next_multiple_of(HUGE);
        let end = (p as usize).saturating_add(bytes) & !(HUGE - 1);
        if end > start {
            // SAFETY: the range lies inside the allocation at `p`, page-aligned; the
            // advice changes no content, only how its pages are backed
            unsafe { libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE) };
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (p, bytes);
}

/// Whether [`huge_pages`] advises (`IVY_MADVISE_HUGEPAGE`, read once: any value but `0`, or
/// unset, is on).
#[cfg(target_os = "linux")]
fn huge_pages_on() -> bool {
    static ON: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ON.get_or_init(|| std::env::var_os("IVY_MADVISE_HUGEPAGE").is_none_or(|v| v != "0"))
}

/// Buffers up to this size are allocated without the fallible path (see [`try_vec`]), and
/// zeroed ones by `memset`, not `calloc` ([`try_zeroed`]); the ndarray backend holds results
/// up to this size in one allocation.
pub const SMALL_BYTES: usize = 4096;

/// Asks the allocator for `bytes` and gives them back: the check made before a backend
/// allocates a result itself, so a size it cannot have is an error, not an abort.
#[cfg_attr(not(feature = "candle"), allow(dead_code))]
pub fn probe(op: &'static str, bytes: usize) -> Result<()> {
    // Small buffers come from the heap's free lists; only sizes that could fail are probed.
    if bytes >= 1 << 20 {
        drop(try_vec::<u8>(op, bytes)?);
    }
    Ok(())
}

/// Fails cleanly (`Error::OutOfMemory`, or `InvalidArgument` when the size overflows) when a
/// result of `shape` and `dtype` cannot be allocated: for kernels whose own allocation would
/// abort (candle's, ndarray's `select`).
pub fn reserve(op: &'static str, shape: &[usize], dtype: Dtype) -> Result<()> {
    let n = shape_size_of(op, shape, dtype)?;
    probe(op, bytes_of(n, dtype))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes() {
        assert_eq!(shape_size("t", &[2, 3], 4).unwrap(), 6);
        assert_eq!(shape_size("t", &[], 4).unwrap(), 1);
        assert_eq!(shape_size("t", &[0, 1 << 40], 16).unwrap(), 0);
        assert!(shape_size("t", &[0, usize::MAX], 1).is_err());
        assert!(shape_size("t", &[1 << 62, 2], 2).is_err());
        assert!(shape_size("t", &[usize::MAX, usize::MAX], 1).is_err());
    }

    /// Buffers past the huge-page threshold (advised: a hint that changes no content) are
    /// zeroed and writable end to end.
    #[test]
    fn large_buffers() {
        let n = (HUGE_BYTES + 3 * 4096 + 8) / 8;
        let z = try_zeroed::<u64>("t", n).unwrap();
        assert_eq!(z.len(), n);
        assert!(z.iter().all(|&v| v == 0));
        let mut v = try_vec::<u64>("t", n).unwrap();
        v.extend(0..n as u64);
        assert!(v.iter().enumerate().all(|(i, &x)| x == i as u64));
    }

    #[test]
    fn oom_is_an_error() {
        let e = try_vec::<u64>("t", usize::MAX / 16).unwrap_err();
        assert!(matches!(e, Error::OutOfMemory { op: "t", .. }), "{e}");
        assert!(probe("t", isize::MAX as usize).is_err());
    }
}
