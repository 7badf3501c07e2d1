//! The linalg extension's dense decompositions, the one body of every backend's method:
//! a stack of matrices (`(..., M, N)`) read to the host, one [`ivy_linalg::Dense`] kernel
//! (faer) per matrix, the results made on the input's backend and device
//! ([`Kernels::from_host`]). Float32, float64, complex64 and complex128; a backend computes
//! the dtypes it holds. The plans ([`StackPlan`], [`SolvePlan`]) are the ops' `#[check]`
//! results, computed once by the generated code.

use crate::engine::family::Kernels;
use crate::kernel::alloc;
use crate::kernel::elem::Elem;
use crate::Array;
use ivy_core::{Dtype, Error, Result};
use ivy_linalg::{Dense, Failure};
use num_complex::Complex;

/// A stack of `m × n` matrices: the batch dimensions and the matrix shape (the plan of the
/// one-matrix linalg ops: `inv`, `det`, `cholesky`, `qr`, `svd`, …).
///
/// ```
/// ivy::set_backend(ivy::Backend::Ndarray);
/// // a (2, 3, 3) stack: two 3 × 3 matrices, two determinants
/// let x = ivy::reshape(&ivy::eye_with(3, ivy::prelude::EyeKw::default())?, &[1, 3, 3])?;
/// let x = ivy::concat(&[x.clone(), x])?;
/// assert_eq!(ivy::det(&x)?.shape(), &[2]);
/// # Ok::<(), ivy::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StackPlan {
    /// The batch dimensions (`shape[..ndim - 2]`).
    pub batch: Vec<usize>,
    /// Rows of each matrix.
    pub m: usize,
    /// Columns of each matrix.
    pub n: usize,
}

impl StackPlan {
    /// How many matrices the stack holds.
    pub fn count(&self) -> usize {
        self.batch.iter().product()
    }
    fn shape(&self, tail: &[usize]) -> Vec<usize> {
        self.batch.iter().chain(tail).copied().collect()
    }
}

/// `solve`'s plan: the broadcast batch, `x1`'s order `n`, the right-hand sides `k` per
/// system, and whether `x2` was one vector (`(M,)`: the result is `(..., M)`).
///
/// ```
/// ivy::set_backend(ivy::Backend::Ndarray);
/// let a = ivy::asarray([[2.0f64, 1.0], [1.0, 3.0]])?;
/// let x = ivy::solve(&a, &ivy::asarray([3.0f64, 5.0])?)?; // a vector right-hand side
/// assert_eq!(x.shape(), &[2]);
/// # Ok::<(), ivy::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolvePlan {
    /// The broadcast batch dimensions of `x1` and `x2`.
    pub batch: Vec<usize>,
    /// The order of each system.
    pub n: usize,
    /// The right-hand sides of each system.
    pub k: usize,
    /// `x2` was a vector `(M,)`.
    pub vector: bool,
}

/// The stack plan of `shape`, an error for fewer than two dimensions or (with `square`) a
/// non-square matrix: `Error::LinAlg` (Python's `LinAlgError`, a ValueError, as numpy's).
pub(crate) fn stack_plan(op: &'static str, shape: &[usize], square: bool) -> Result<StackPlan> {
    let [batch @ .., m, n] = shape else {
        return Err(Error::LinAlg {
            op,
            message: format!(
                "takes a matrix or a stack of matrices (at least 2 dimensions), got shape {shape:?}"
            ),
        });
    };
    if square && m != n {
        return Err(Error::LinAlg {
            op,
            message: format!(
                "takes square matrices (the last two dimensions equal), got shape {shape:?}"
            ),
        });
    }
    Ok(StackPlan {
        batch: batch.to_vec(),
        m: *m,
        n: *n,
    })
}

/// `solve`'s plan for `x1` of shape `a` and `x2` of shape `b`.
pub(crate) fn solve_plan(op: &'static str, a: &[usize], b: &[usize]) -> Result<SolvePlan> {
    let s = stack_plan(op, a, true)?;
    let (bb, rows, k, vector) =
        match b {
            [m] => (&[][..], *m, 1, true),
            [bb @ .., m, k] => (bb, *m, *k, false),
            [] => return Err(Error::InvalidArgument {
                op,
                message:
                    "x2 must be a vector (M,) or a stack of matrices (..., M, K), got a 0-d array"
                        .into(),
            }),
        };
    if rows != s.n {
        return Err(Error::Shape {
            op,
            lhs: a.to_vec(),
            rhs: b.to_vec(),
            reason: "do not align: x2's rows (its only or second-to-last dimension) must equal x1's order",
        });
    }
    let batch = crate::engine::checks::broadcast_shapes(op, &s.batch, bb)?;
    Ok(SolvePlan {
        batch,
        n: s.n,
        k,
        vector,
    })
}

/// Runs `$body` with `$T` the element type of the float or complex dtype `$d`.
macro_rules! dense_types {
    ($op:expr, $d:expr, $T:ident => $body:expr) => {
        match $d {
            Dtype::Float32 => {
                type $T = f32;
                $body
            }
            Dtype::Float64 => {
                type $T = f64;
                $body
            }
            Dtype::Complex64 => {
                type $T = Complex<f32>;
                $body
            }
            Dtype::Complex128 => {
                type $T = Complex<f64>;
                $body
            }
            d => Err(Error::InvalidArgument {
                op: $op,
                message: format!(
                    "linear algebra takes float32, float64, complex64 or complex128, got {d}: cast with astype"
                ),
            }),
        }
    };
}

/// The typed error of a kernel's failure on matrix `i` of `count`.
fn failure(op: &'static str, f: Failure, i: usize, count: usize) -> Error {
    let which = if count == 1 {
        "the matrix".to_string()
    } else {
        format!("matrix {i} of the stack (in row-major order of the batch dimensions)")
    };
    let fix = match f {
        Failure::Singular => "; it has no inverse: check its rank (matrix_rank) or use pinv for a least-squares answer",
        Failure::NotPositiveDefinite => "; cholesky takes a Hermitian positive-definite matrix (eigvalsh shows its eigenvalues)",
        Failure::NoConvergence => "; check it for NaN or infinite values",
    };
    let what = match f {
        Failure::Singular => "is singular",
        Failure::NotPositiveDefinite => "is not positive definite",
        Failure::NoConvergence => "made the iteration fail to converge",
    };
    Error::LinAlg {
        op,
        message: format!("{which} {what}{fix}"),
    }
}

/// Zeros of `T` for a buffer of shape `dims`, the size checked and fallibly allocated.
fn zeros<T: Elem>(op: &'static str, dims: &[usize]) -> Result<Vec<T>> {
    // the product checked (an empty stack's full `Vh` of 2^40 x 2^40 overflowed it)
    let n = alloc::shape_size(op, dims, std::mem::size_of::<T>())?;
    let mut v = alloc::try_vec::<T>(op, n)?;
    v.resize(n, T::from_f64(0.0));
    Ok(v)
}

/// The stack's values on the host.
fn host<T: Elem>(x: &Array) -> Result<Vec<T>> {
    x.to_vec::<T>()
}

/// `inv(x)`: the inverse of each matrix.
pub fn inv<B: Kernels + ?Sized>(x: &Array, p: &StackPlan) -> Result<Array> {
    const OP: &str = "inv";
    dense_types!(OP, x.dtype(), T => {
        let a = host::<T>(x)?;
        let mut out = zeros::<T>(OP, &[a.len()])?;
        let nn = p.n * p.n;
        if nn > 0 {
            for (i, (a, o)) in a.chunks_exact(nn).zip(out.chunks_exact_mut(nn)).enumerate() {
                <T as Dense>::inv(p.n, a, o).map_err(|f| failure(OP, f, i, p.count()))?;
            }
        }
        B::from_host(OP, out, x.shape(), x.device())
    })
}

/// `det(x)`: one determinant per matrix (shape: the batch).
pub fn det<B: Kernels + ?Sized>(x: &Array, p: &StackPlan) -> Result<Array> {
    const OP: &str = "det";
    dense_types!(OP, x.dtype(), T => {
        let a = host::<T>(x)?;
        let d: Vec<T> = per_matrix(OP, &a, p.n * p.n, p.count(), |m| <T as Dense>::det(p.n, m))?;
        B::from_host(OP, d, &p.batch, x.device())
    })
}

/// `slogdet(x)`: `(sign, logabsdet)` per matrix; `logabsdet` is real.
pub fn slogdet<B: Kernels + ?Sized>(x: &Array, p: &StackPlan) -> Result<(Array, Array)> {
    const OP: &str = "slogdet";
    dense_types!(OP, x.dtype(), T => {
        let a = host::<T>(x)?;
        let (mut s, mut l) = (alloc::try_vec::<T>(OP, p.count())?, alloc::try_vec(OP, p.count())?);
        let nn = p.n * p.n;
        for i in 0..p.count() {
            let (sign, log) = <T as Dense>::slogdet(p.n, &a[i * nn..(i + 1) * nn]);
            s.push(sign);
            l.push(log);
        }
        Ok((B::from_host(OP, s, &p.batch, x.device())?, B::from_host(OP, l, &p.batch, x.device())?))
    })
}

/// `f` of each `len`-element matrix of `a` (`count` of them; `len` may be 0), into a
/// fallibly allocated `Vec`.
fn per_matrix<T, R>(
    op: &'static str,
    a: &[T],
    len: usize,
    count: usize,
    f: impl Fn(&[T]) -> R,
) -> Result<Vec<R>> {
    let mut v = alloc::try_vec(op, count)?;
    v.extend((0..count).map(|i| f(&a[i * len..(i + 1) * len])));
    Ok(v)
}

/// `cholesky(x, upper)`: the lower factor `L` (or `Lᴴ`) of each matrix.
pub fn cholesky<B: Kernels + ?Sized>(x: &Array, upper: bool, p: &StackPlan) -> Result<Array> {
    const OP: &str = "cholesky";
    dense_types!(OP, x.dtype(), T => {
        let a = host::<T>(x)?;
        let mut out = zeros::<T>(OP, &[a.len()])?;
        let nn = p.n * p.n;
        if nn > 0 {
            for (i, (a, o)) in a.chunks_exact(nn).zip(out.chunks_exact_mut(nn)).enumerate() {
                <T as Dense>::cholesky(p.n, a, upper, o).map_err(|f| failure(OP, f, i, p.count()))?;
            }
        }
        B::from_host(OP, out, x.shape(), x.device())
    })
}

/// `solve(x1, x2)`: `x` with `x1 · x = x2` per system (x1 and x2 of one dtype).
pub fn solve<B: Kernels + ?Sized>(x1: &Array, x2: &Array, p: &SolvePlan) -> Result<Array> {
    const OP: &str = "solve";
    dense_types!(OP, x1.dtype(), T => {
        let a = host::<T>(x1)?;
        let b = host::<T>(x2)?;
        let a = crate::kernel::gemm::batched(OP, &a, x1.shape(), &p.batch)?;
        let bshape: Vec<usize> = if p.vector { vec![p.n, 1] } else { x2.shape().to_vec() };
        let b = crate::kernel::gemm::batched(OP, &b, &bshape, &p.batch)?;
        let count: usize = p.batch.iter().product();
        let (nn, nk) = (p.n * p.n, p.n * p.k);
        let mut out = zeros::<T>(OP, &[count, nk])?;
        if nk > 0 {
            for i in 0..count {
                <T as Dense>::solve(p.n, p.k, &a[i * nn..(i + 1) * nn], &b[i * nk..(i + 1) * nk], &mut out[i * nk..(i + 1) * nk])
                    .map_err(|f| failure(OP, f, i, count))?;
            }
        }
        let mut shape = p.batch.clone();
        shape.push(p.n);
        if !p.vector {
            shape.push(p.k);
        }
        B::from_host(OP, out, &shape, x1.device())
    })
}

/// `eigh(x)` (with vectors) or `eigvalsh(x)`: ascending eigenvalues (real) per matrix,
/// and the eigenvectors as columns.
fn eig<B: Kernels + ?Sized>(
    x: &Array,
    vectors: bool,
    p: &StackPlan,
) -> Result<(Array, Option<Array>)> {
    let op = if vectors { "eigh" } else { "eigvalsh" };
    dense_types!(op, x.dtype(), T => {
        let a = host::<T>(x)?;
        let n = p.n;
        let count = p.count();
        let mut w = zeros::<<T as Dense>::Real>(op, &[count, n])?;
        let mut v = if vectors { Some(zeros::<T>(op, &[a.len()])?) } else { None };
        if n > 0 {
            for i in 0..count {
                let vi = v.as_mut().map(|v| &mut v[i * n * n..(i + 1) * n * n]);
                <T as Dense>::eigh(n, &a[i * n * n..(i + 1) * n * n], &mut w[i * n..(i + 1) * n], vi)
                    .map_err(|f| failure(op, f, i, count))?;
            }
        }
        let w = B::from_host(op, w, &p.shape(&[n]), x.device())?;
        let v = v.map(|v| B::from_host(op, v, x.shape(), x.device())).transpose()?;
        Ok((w, v))
    })
}

/// `qr(x, complete)`: `(Q, R)` per matrix.
pub fn qr<B: Kernels + ?Sized>(x: &Array, mode: &str, p: &StackPlan) -> Result<(Array, Array)> {
    let complete = mode == "complete";
    const OP: &str = "qr";
    dense_types!(OP, x.dtype(), T => {
        let a = host::<T>(x)?;
        let (m, n) = (p.m, p.n);
        let k = m.min(n);
        let (qc, rr) = if complete { (m, m) } else { (k, k) };
        let count = p.count();
        let mut q = zeros::<T>(OP, &[count, m, qc])?;
        let mut r = zeros::<T>(OP, &[count, rr, n])?;
        // matrices whose factors are empty (a batch of 0 x n with reduced factors): no
        // work, however many of them
        let work = if q.is_empty() && r.is_empty() { 0 } else { count };
        for i in 0..work {
            <T as Dense>::qr(m, n, &a[i * m * n..(i + 1) * m * n], complete,
                &mut q[i * m * qc..(i + 1) * m * qc], &mut r[i * rr * n..(i + 1) * rr * n]);
        }
        Ok((
            B::from_host(OP, q, &p.shape(&[m, qc]), x.device())?,
            B::from_host(OP, r, &p.shape(&[rr, n]), x.device())?,
        ))
    })
}

/// `svd(x, full)` (with vectors) or `svdvals(x)`: descending singular values (real) per
/// matrix, and `(U, Vh)`.
fn singular<B: Kernels + ?Sized>(
    x: &Array,
    vectors: Option<bool>,
    p: &StackPlan,
) -> Result<(Array, Option<(Array, Array)>)> {
    let op = if vectors.is_some() { "svd" } else { "svdvals" };
    dense_types!(op, x.dtype(), T => {
        let a = host::<T>(x)?;
        let (m, n) = (p.m, p.n);
        let k = m.min(n);
        let count = p.count();
        let mut s = zeros::<<T as Dense>::Real>(op, &[count, k])?;
        let (uc, vr) = match vectors {
            Some(true) => (m, n),
            _ => (k, k),
        };
        let mut uv = match vectors {
            Some(_) => Some((zeros::<T>(op, &[count, m, uc])?, zeros::<T>(op, &[count, vr, n])?)),
            None => None,
        };
        // matrices without singular values or vectors (a batch of 0 x 0): no work
        let empty = s.is_empty() && uv.as_ref().is_none_or(|(u, vh)| u.is_empty() && vh.is_empty());
        let work = if empty { 0 } else { count };
        for i in 0..work {
            let uvh = uv.as_mut().map(|(u, vh)| {
                (&mut u[i * m * uc..(i + 1) * m * uc], &mut vh[i * vr * n..(i + 1) * vr * n], vectors == Some(true))
            });
            <T as Dense>::svd(m, n, &a[i * m * n..(i + 1) * m * n], &mut s[i * k..(i + 1) * k], uvh)
                .map_err(|f| failure(op, f, i, count))?;
        }
        let s = B::from_host(op, s, &p.shape(&[k]), x.device())?;
        let uv = match uv {
            Some((u, vh)) => Some((
                B::from_host(op, u, &p.shape(&[m, uc]), x.device())?,
                B::from_host(op, vh, &p.shape(&[vr, n]), x.device())?,
            )),
            None => None,
        };
        Ok((s, uv))
    })
}

/// The broken invariant of a kernel that returned fewer results than asked.
fn missing(op: &'static str) -> Error {
    Error::InvalidArgument {
        op,
        message: "the kernel returned no vectors (a bug in ivy: please report it)".into(),
    }
}

/// `eigh(x)`: `(eigenvalues, eigenvectors)`.
pub fn eigh<B: Kernels + ?Sized>(x: &Array, p: &StackPlan) -> Result<(Array, Array)> {
    let (w, v) = eig::<B>(x, true, p)?;
    Ok((w, v.ok_or_else(|| missing("eigh"))?))
}

/// `eigvalsh(x)`: the eigenvalues.
pub fn eigvalsh<B: Kernels + ?Sized>(x: &Array, p: &StackPlan) -> Result<Array> {
    eig::<B>(x, false, p).map(|(w, _)| w)
}

/// `svd(x, full_matrices)`: `(U, S, Vh)`.
pub fn svd<B: Kernels + ?Sized>(
    x: &Array,
    full_matrices: bool,
    p: &StackPlan,
) -> Result<(Array, Array, Array)> {
    let (s, uv) = singular::<B>(x, Some(full_matrices), p)?;
    let (u, vh) = uv.ok_or_else(|| missing("svd"))?;
    Ok((u, s, vh))
}

/// `svdvals(x)`: the singular values.
pub fn svdvals<B: Kernels + ?Sized>(x: &Array, p: &StackPlan) -> Result<Array> {
    singular::<B>(x, None, p).map(|(s, _)| s)
}
