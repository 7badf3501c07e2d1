//! ivy-rs's dense linear-algebra kernels: one matrix at a time, row-major slices in and
//! out, on [faer](https://docs.rs/faer) (pure Rust, SIMD, rayon-parallel).
//!
//! Each decomposition is written once, generic over faer's `ComplexField`, and reached
//! through [`Dense`], implemented for `f32`, `f64`, `Complex<f32>` and `Complex<f64>`: the
//! impls monomorphise faer here, in a crate the workspace builds optimised in every
//! profile, so ivy-ops (built at opt-level 0 in tests) calls compiled kernels. The array
//! layer (batches, dtypes, backends, shapes, error messages) is ivy-ops's
//! `engine::dense`; nothing here knows an array.
//!
//! Failures are values ([`Failure`]), never panics: a singular matrix (an exactly zero
//! pivot, LAPACK's `info > 0`), a matrix that is not positive definite, an iteration that
//! did not converge.
//!
//! ```
//! use ivy_linalg::Dense;
//! // [[2, 1], [1, 3]] x = [3, 5]  →  x = [0.8, 1.4]
//! let mut x = [0.0f64; 2];
//! f64::solve(2, 1, &[2.0, 1.0, 1.0, 3.0], &[3.0, 5.0], &mut x).unwrap();
//! assert!((x[0] - 0.8).abs() < 1e-12 && (x[1] - 1.4).abs() < 1e-12);
//! assert_eq!(f64::inv(2, &[1.0, 2.0, 2.0, 4.0], &mut [0.0; 4]), Err(ivy_linalg::Failure::Singular));
//! ```

use faer::dyn_stack::{MemBuffer, MemStack};
use faer::perm::PermRef;
use faer::traits::math_utils::{abs, conj, from_f64, is_finite, mul_real, real, recip, sqrt};
use faer::traits::ComplexField;
use faer::{Conj, Mat, MatMut, MatRef, Par, Side};
use num_complex::Complex;
use std::mem::MaybeUninit;

/// Why a kernel produced no result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The matrix is singular: its LU factorisation has an exactly zero pivot.
    Singular,
    /// The matrix is not (numerically) positive definite: Cholesky met a pivot that is not
    /// positive.
    NotPositiveDefinite,
    /// The iterative eigenvalue or singular-value algorithm did not converge.
    NoConvergence,
}

impl core::fmt::Display for Failure {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            Failure::Singular => "the matrix is singular",
            Failure::NotPositiveDefinite => "the matrix is not positive definite",
            Failure::NoConvergence => "the algorithm did not converge",
        })
    }
}

impl std::error::Error for Failure {}

/// The dense kernels of one element type. Matrices are row-major slices of the sizes the
/// arguments give (`n × n`, `m × n`, `n × k`); outputs are written into the slices passed,
/// which must have exactly those sizes (a kernel panics otherwise: callers size them).
///
/// ```
/// use ivy_linalg::Dense;
/// let a = [4.0f32, 2.0, 2.0, 3.0];
/// let (mut w, mut v) = ([0.0f32; 2], [0.0f32; 4]);
/// f32::eigh(2, &a, &mut w, Some(&mut v)).unwrap(); // ascending eigenvalues
/// assert!(w[0] < w[1] && (w[0] + w[1] - 7.0).abs() < 1e-5);
/// ```
pub trait Dense: Copy + Send + Sync + 'static {
    /// The real type of the element (`Self` for a real one).
    type Real: Copy + Send + Sync + 'static;

    /// `c = a · b`: `a` `m × k`, `b` `k × n`, `c` `m × n`, written whole and never read:
    /// it may be uninitialised (a new result's buffer, with no zero-fill first). faer's
    /// matrix multiply: SIMD microkernels, blocked, on rayon's threads where the size pays.
    ///
    /// ```
    /// use ivy_linalg::Dense;
    /// let mut c = Vec::with_capacity(4);
    /// f64::matmul(2, 3, 2, &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0], &[1.0, 0.0, 0.0, 1.0, 1.0, 1.0], &mut c.spare_capacity_mut()[..4]);
    /// unsafe { c.set_len(4) }; // every element written
    /// assert_eq!(c, [4.0, 5.0, 10.0, 11.0]);
    /// ```
    fn matmul(m: usize, k: usize, n: usize, a: &[Self], b: &[Self], c: &mut [MaybeUninit<Self>]);
    /// `x` (`n × k`) with `a · x = b`, `a` `n × n` (LU with partial pivoting).
    fn solve(n: usize, k: usize, a: &[Self], b: &[Self], x: &mut [Self]) -> Result<(), Failure>;
    /// The inverse of `a` (`n × n`) into `out`.
    fn inv(n: usize, a: &[Self], out: &mut [Self]) -> Result<(), Failure>;
    /// The determinant of `a` (`n × n`): the product of the LU pivots with the
    /// permutation's sign (0 for a singular matrix).
    fn det(n: usize, a: &[Self]) -> Self;
    /// `(sign, log|det|)` of `a` (`n × n`): `sign` has modulus 1 (`0` and `-inf` for a
    /// singular matrix).
    fn slogdet(n: usize, a: &[Self]) -> (Self, Self::Real);
    /// The Cholesky factor of the Hermitian positive-definite `a` (`n × n`, read from its
    /// lower triangle): lower `L` with `a = L·Lᴴ`, or its conjugate transpose when `upper`.
    fn cholesky(n: usize, a: &[Self], upper: bool, out: &mut [Self]) -> Result<(), Failure>;
    /// The QR factorisation of `a` (`m × n`), `k = min(m, n)`: reduced (`q` `m × k`, `r`
    /// `k × n`) or complete (`q` `m × m`, `r` `m × n`).
    fn qr(m: usize, n: usize, a: &[Self], complete: bool, q: &mut [Self], r: &mut [Self]);
    /// The eigenvalues of the Hermitian `a` (`n × n`, read from its lower triangle), in
    /// ascending order, into `w`, and with `v` the eigenvectors as its columns.
    fn eigh(
        n: usize,
        a: &[Self],
        w: &mut [Self::Real],
        v: Option<&mut [Self]>,
    ) -> Result<(), Failure>;
    /// The singular values of `a` (`m × n`) in descending order into `s`
    /// (`min(m, n)`), and with `uvh` the vectors: `u` (`m × m` when `full`, else `m × k`)
    /// and `vh` (`n × n`, else `k × n`) with `a = u · diag(s) · vh`.
    fn svd(
        m: usize,
        n: usize,
        a: &[Self],
        s: &mut [Self::Real],
        uvh: Option<(&mut [Self], &mut [Self], bool)>,
    ) -> Result<(), Failure>;
}

/// Writes `src` into the row-major `dst` (its shape).
fn store<T: ComplexField>(src: MatRef<'_, T>, dst: &mut [T]) {
    let c = src.ncols();
    for i in 0..src.nrows() {
        for j in 0..c {
            dst[i * c + j] = src[(i, j)].clone();
        }
    }
}

fn view<T>(a: &[T], m: usize, n: usize) -> MatRef<'_, T> {
    MatRef::from_row_major_slice(a, m, n)
}

fn view_mut<T>(a: &mut [T], m: usize, n: usize) -> MatMut<'_, T> {
    MatMut::from_row_major_slice_mut(a, m, n)
}

/// The threads of the panel factorisations (LU, QR): the calling thread. Measured at
/// 512 x 512 float64 on 2 cores, faer's rayon-parallel LU took 5.9 ms against 3.4–3.8 ms on
/// one thread, its QR 17–28 ms against 12–13 ms: the panels' fine-grained parallel loops
/// cost more than they save here. What follows a factorisation (forming `Q`, the inverse,
/// the matrix products) stays on faer's global parallelism, where two threads pay.
const PANEL_PAR: Par = Par::Seq;

/// The LU factorisation with partial pivoting of `aᵀ` (in faer's column-major layout:
/// `l` strictly below its diagonal, unit diagonal implied, `u` on and above it), with its
/// row permutation. The row-major `a` is `aᵀ` in faer's column-major layout, so factoring
/// the transpose starts from a contiguous copy where factoring `a` would start with a
/// transposing one (15–20 % of a 512 x 512 `solve` or `inv`, measured). Callers solve with
/// the transpose (`(aᵀ)ᵀ x = b`) and read `inv(aᵀ)` transposed; `det(aᵀ) = det(a)`.
struct LuT<T> {
    lu: Mat<T>,
    fwd: Vec<usize>,
    bwd: Vec<usize>,
}

impl<T: ComplexField> LuT<T> {
    fn new(n: usize, a: &[T]) -> LuT<T> {
        let mut lu = view(a, n, n).transpose().to_owned();
        let (mut fwd, mut bwd) = (vec![0usize; n], vec![0usize; n]);
        let scratch = faer::linalg::lu::partial_pivoting::factor::lu_in_place_scratch::<usize, T>(
            n,
            n,
            PANEL_PAR,
            Default::default(),
        );
        faer::linalg::lu::partial_pivoting::factor::lu_in_place(
            lu.as_mut(),
            &mut fwd,
            &mut bwd,
            PANEL_PAR,
            MemStack::new(&mut MemBuffer::new(scratch)),
            Default::default(),
        );
        LuT { lu, fwd, bwd }
    }

    fn perm(&self) -> PermRef<'_, usize> {
        PermRef::new_checked(&self.fwd, &self.bwd, self.fwd.len())
    }

    /// `u`'s diagonal.
    fn pivots(&self) -> impl Iterator<Item = T> + '_ {
        (0..self.fwd.len()).map(|i| self.lu[(i, i)].clone())
    }
}

/// [`LuT`], or `Singular` at an exactly zero pivot.
fn lu<T: ComplexField>(n: usize, a: &[T]) -> Result<LuT<T>, Failure> {
    let lu = LuT::new(n, a);
    if lu.pivots().any(|p| p == T::zero_impl()) {
        return Err(Failure::Singular);
    }
    Ok(lu)
}

fn solve<T: ComplexField>(
    n: usize,
    k: usize,
    a: &[T],
    b: &[T],
    x: &mut [T],
) -> Result<(), Failure> {
    if n == 0 || k == 0 {
        return Ok(());
    }
    let lu = lu(n, a)?;
    let mut out = view(b, n, k).to_owned();
    let par = faer::get_global_parallelism();
    let scratch = faer::linalg::lu::partial_pivoting::solve::solve_transpose_in_place_scratch::<
        usize,
        T,
    >(n, k, par);
    // (aᵀ)ᵀ x = b: the one LU matrix holds both factors (each solve reads its triangle)
    faer::linalg::lu::partial_pivoting::solve::solve_transpose_in_place_with_conj(
        lu.lu.as_ref(),
        lu.lu.as_ref(),
        lu.perm(),
        Conj::No,
        out.as_mut(),
        par,
        MemStack::new(&mut MemBuffer::new(scratch)),
    );
    store(out.as_ref(), x);
    Ok(())
}

fn inv<T: ComplexField>(n: usize, a: &[T], out: &mut [T]) -> Result<(), Failure> {
    if n == 0 {
        return Ok(());
    }
    let lu = lu(n, a)?;
    let par = faer::get_global_parallelism();
    let mut inv = Mat::<T>::zeros(n, n);
    let scratch = faer::linalg::lu::partial_pivoting::inverse::inverse_scratch::<usize, T>(n, par);
    faer::linalg::lu::partial_pivoting::inverse::inverse(
        inv.as_mut(),
        lu.lu.as_ref(),
        lu.lu.as_ref(),
        lu.perm(),
        par,
        MemStack::new(&mut MemBuffer::new(scratch)),
    );
    // inv(aᵀ) = inv(a)ᵀ
    store(inv.transpose(), out);
    Ok(())
}

/// The LU pivots and the permutation's parity (`true`: odd).
fn pivots<T: ComplexField>(n: usize, a: &[T]) -> (Vec<T>, bool) {
    // `aᵀ`'s LU: the same determinant
    let lu = LuT::new(n, a);
    let d = lu.pivots().collect();
    let fwd = &lu.fwd;
    // parity: n minus the number of cycles
    let mut seen = vec![false; n];
    let mut swaps = 0usize;
    for s in 0..n {
        let mut i = s;
        let mut len = 0usize;
        while !seen[i] {
            seen[i] = true;
            i = fwd[i];
            len += 1;
        }
        swaps += len.saturating_sub(1);
    }
    (d, swaps % 2 == 1)
}

fn det<T: ComplexField>(n: usize, a: &[T]) -> T {
    // entries far from 1 (1e-310: the LU divided by them, to NaN): the LU of `a / m`, its
    // determinant scaled back by `m` once per row (underflowing to 0 or overflowing to inf
    // only where the determinant itself does)
    let scaled = rescaled(a);
    let (d, odd) = pivots(n, scaled.as_ref().map_or(a, |(s, _)| s));
    // a zero pivot: the matrix is singular. The LU divides by it (LAPACK's getrf skips that
    // division), so the later pivots can be NaN: +0.0 whatever the parity and the other
    // values, as `slogdet`'s (0, -inf) and numpy's det (`sign * exp(logdet)`, sign 0)
    if d.iter().any(|x| abs(x) == T::Real::zero_impl()) {
        return T::zero_impl();
    }
    let mut p = d.iter().fold(T::one_impl(), |p, x| p * x.clone());
    if let Some((_, m)) = &scaled {
        for _ in 0..n {
            p = mul_real(&p, m);
        }
    }
    if odd {
        // `0 - p`, not `-p`: a real determinant's imaginary part stays +0 (numpy's -1+0j)
        T::zero_impl() - p
    } else {
        p
    }
}

fn slogdet<T: ComplexField>(n: usize, a: &[T], ln: fn(T::Real) -> T::Real) -> (T, T::Real) {
    // as `det`: `a / m`'s, its log shifted by `n ln m`
    let scaled = rescaled(a);
    let (d, odd) = pivots(n, scaled.as_ref().map_or(a, |(s, _)| s));
    let mut sign = if odd { -T::one_impl() } else { T::one_impl() };
    let mut log = T::Real::zero_impl();
    for x in d {
        let m = abs(&x);
        if m == T::Real::zero_impl() {
            return (T::zero_impl(), -T::Real::infinity_impl());
        }
        sign *= mul_real(&x, &recip(&m));
        log += ln(m);
    }
    if let Some((_, m)) = scaled {
        log += ln(m) * from_f64::<T::Real>(n as f64);
    }
    (sign, log)
}

fn cholesky<T: ComplexField>(n: usize, a: &[T], upper: bool, out: &mut [T]) -> Result<(), Failure> {
    if n == 0 {
        return Ok(());
    }
    let llt = view(a, n, n)
        .llt(Side::Lower)
        .map_err(|_| Failure::NotPositiveDefinite)?;
    let l = llt.L();
    let mut o = view_mut(out, n, n);
    for i in 0..n {
        for j in 0..n {
            o[(i, j)] = match (upper, j <= i, i <= j) {
                (false, true, _) => l[(i, j)].clone(),
                (true, _, true) => conj(&l[(j, i)]),
                _ => T::zero_impl(),
            };
        }
    }
    Ok(())
}

fn qr<T: ComplexField>(m: usize, n: usize, a: &[T], complete: bool, q: &mut [T], r: &mut [T]) {
    let k = m.min(n);
    if m == 0 || n == 0 {
        // an empty factorisation: complete Q of an m × 0 matrix is the identity
        if complete {
            store(Mat::<T>::identity(m, m).as_ref(), q);
        }
        r.iter_mut().for_each(|x| *x = T::zero_impl());
        return;
    }
    // Householder QR on the calling thread (see PANEL_PAR), then Q formed on faer's
    // global parallelism; faer's `Qr` runs both with the global one
    let mut f = view(a, m, n).to_owned();
    let bs = faer::linalg::qr::no_pivoting::factor::recommended_block_size::<T>(m, n);
    let mut coeff = Mat::<T>::zeros(bs, k);
    let scratch = faer::linalg::qr::no_pivoting::factor::qr_in_place_scratch::<T>(
        m,
        n,
        bs,
        PANEL_PAR,
        Default::default(),
    );
    faer::linalg::qr::no_pivoting::factor::qr_in_place(
        f.as_mut(),
        coeff.as_mut(),
        PANEL_PAR,
        MemStack::new(&mut MemBuffer::new(scratch)),
        Default::default(),
    );
    // the reflectors: below the diagonal of `f`'s first k columns, unit diagonal (as
    // faer's `Qr` splits them off)
    let mut basis = Mat::<T>::zeros(m, k);
    for j in 0..k {
        basis[(j, j)] = T::one_impl();
        for i in j + 1..m {
            basis[(i, j)] = f[(i, j)].clone();
        }
    }
    let qcols = if complete { m } else { k };
    let mut qm = Mat::<T>::identity(m, qcols);
    let par = faer::get_global_parallelism();
    let scratch =
        faer::linalg::householder::apply_block_householder_sequence_on_the_left_in_place_scratch::<T>(
            m, bs, qcols,
        );
    faer::linalg::householder::apply_block_householder_sequence_on_the_left_in_place_with_conj(
        basis.as_ref(),
        coeff.as_ref(),
        Conj::No,
        qm.as_mut(),
        par,
        MemStack::new(&mut MemBuffer::new(scratch)),
    );
    store(qm.as_ref(), q);
    // R: `f` on and above the diagonal (k x n reduced, m x n complete with zero rows)
    let rows = if complete { m } else { k };
    let mut o = view_mut(r, rows, n);
    for i in 0..rows {
        for j in 0..n {
            o[(i, j)] = if i < k && j >= i {
                f[(i, j)].clone()
            } else {
                T::zero_impl()
            };
        }
    }
}

/// `a` scaled by `1 / max|aᵢⱼ|` when its largest entry is far from 1 (beyond 1e±12), and
/// that largest entry, the factor the singular values or eigenvalues are scaled back by:
/// LAPACK's range check before an iterative decomposition, whose squares of huge entries
/// overflow (a complex64 entry of 1e19 made faer's SVD fail to converge) and of tiny ones
/// underflow. `None`: `a` is used as it is.
fn rescaled<T: ComplexField>(a: &[T]) -> Option<(Vec<T>, T::Real)> {
    let mut m = T::Real::zero_impl();
    for x in a {
        let v = abs(x);
        if !is_finite(&v) {
            return None;
        }
        if v > m {
            m = v;
        }
    }
    let (big, small) = (from_f64::<T::Real>(1e12), from_f64::<T::Real>(1e-12));
    if m == T::Real::zero_impl() || (m <= big && m >= small) {
        return None;
    }
    let inv = recip(&m);
    if is_finite(&inv) {
        return Some((a.iter().map(|x| mul_real(x, &inv)).collect(), m));
    }
    // a subnormal `m`: its reciprocal overflows (1 / 1e-310 = inf made every entry NaN), so
    // the scaling is two steps of `1 / sqrt(m)`, each finite
    let half = recip(&sqrt(&m));
    Some((
        a.iter()
            .map(|x| mul_real(&mul_real(x, &half), &half))
            .collect(),
        m,
    ))
}

fn eigh<T: ComplexField>(
    n: usize,
    a: &[T],
    w: &mut [T::Real],
    v: Option<&mut [T]>,
) -> Result<(), Failure> {
    if n == 0 {
        return Ok(());
    }
    let scaled = rescaled(a);
    let a = view(scaled.as_ref().map_or(a, |(s, _)| s), n, n);
    let r = eigh_of(a, w, v);
    if let Some((_, m)) = scaled {
        w.iter_mut().for_each(|x| *x = x.clone() * m.clone());
    }
    r
}

fn eigh_of<T: ComplexField>(
    a: MatRef<'_, T>,
    w: &mut [T::Real],
    v: Option<&mut [T]>,
) -> Result<(), Failure> {
    match v {
        None => {
            let s = a
                .self_adjoint_eigenvalues(Side::Lower)
                .map_err(|_| Failure::NoConvergence)?;
            w.clone_from_slice(&s);
        }
        Some(v) => {
            let e = a
                .self_adjoint_eigen(Side::Lower)
                .map_err(|_| Failure::NoConvergence)?;
            let s = e.S();
            for (i, x) in w.iter_mut().enumerate() {
                *x = real(&s[i]);
            }
            store(e.U(), v);
        }
    }
    Ok(())
}

fn svd<T: ComplexField>(
    m: usize,
    n: usize,
    a: &[T],
    s: &mut [T::Real],
    uvh: Option<(&mut [T], &mut [T], bool)>,
) -> Result<(), Failure> {
    let scaled = rescaled(a);
    let a = view(scaled.as_ref().map_or(a, |(s, _)| s), m, n);
    let r = svd_of(a, s, uvh);
    if let Some((_, f)) = scaled {
        s.iter_mut().for_each(|x| *x = x.clone() * f.clone());
    }
    r
}

fn svd_of<T: ComplexField>(
    a: MatRef<'_, T>,
    s: &mut [T::Real],
    uvh: Option<(&mut [T], &mut [T], bool)>,
) -> Result<(), Failure> {
    let (m, n) = (a.nrows(), a.ncols());
    match uvh {
        None => {
            if m.min(n) == 0 {
                return Ok(());
            }
            let v = a.singular_values().map_err(|_| Failure::NoConvergence)?;
            s.clone_from_slice(&v);
        }
        Some((u, vh, full)) => {
            if m.min(n) == 0 {
                // no singular values; full U and Vh of an empty matrix are identities
                if full {
                    store(Mat::<T>::identity(m, m).as_ref(), u);
                    store(Mat::<T>::identity(n, n).as_ref(), vh);
                }
                return Ok(());
            }
            let f =
                if full { a.svd() } else { a.thin_svd() }.map_err(|_| Failure::NoConvergence)?;
            let d = f.S();
            for (i, x) in s.iter_mut().enumerate() {
                *x = real(&d[i]);
            }
            store(f.U(), u);
            // vh = Vᴴ
            let v = f.V();
            let (vr, vc) = (v.nrows(), v.ncols());
            for i in 0..vc {
                for j in 0..vr {
                    vh[i * vr + j] = conj(&v[(j, i)]);
                }
            }
        }
    }
    Ok(())
}

/// The fewest multiply-adds (`m·k·n`) a matrix product splits over threads for.
const MATMUL_PAR_MIN: usize = 128 * 128 * 128;

fn matmul<T: ComplexField>(
    m: usize,
    k: usize,
    n: usize,
    a: &[T],
    b: &[T],
    c: &mut [MaybeUninit<T>],
) {
    // small products on the calling thread: handing one to rayon's pool costs more than it
    // saves below about 128³ multiply-adds (measured with faer alone, float64 on 2 cores:
    // 32³ 20.5 µs on two threads vs 1.3 µs on one, 64³ 21–32 vs 9.7, 128³ 60–81 vs 76,
    // 192³ 174–181 vs 251–257)
    let work = m.saturating_mul(k).saturating_mul(n);
    if work < MATMUL_PAR_MIN {
        return matmul_with(m, k, n, a, b, c, Par::Seq);
    }
    // mid-sized products (and tall ones) in row blocks, one sequential product a thread:
    // faer's own split shares the packing of `b` across threads and pays for it in
    // synchronisation below about 512³ (2 cores, µs, faer's split vs row blocks: float32
    // 128³ 38–45 vs 25–27, 256³ 187–195 vs 156–162; float64 256³ 349 vs 307–311, 512³
    // 2 473–2 481 vs 2 396–2 458; 1024³ faer's 2–3 % faster)
    if m >= 2 * MATMUL_ROWS_MIN && work <= MATMUL_ROWS_MAX {
        return matmul_rows(m, k, n, a, b, c, rayon::current_num_threads());
    }
    matmul_with(m, k, n, a, b, c, faer::get_global_parallelism())
}

/// The most multiply-adds a real product takes [`Tiny`]'s plain loop for: below it faer's
/// setup (its dispatch, packing decisions and SIMD entry) costs more than the arithmetic.
const MATMUL_SMALL_MAX: usize = 64;

/// The tiny products of a real type, without faer's setup (complex ones go to faer).
trait Tiny: Sized {
    /// `c = a · b` when the product has at most [`MATMUL_SMALL_MAX`] multiply-adds (`true`:
    /// `c` written), else nothing (`false`).
    fn tiny(
        _m: usize,
        _k: usize,
        _n: usize,
        _a: &[Self],
        _b: &[Self],
        _c: &mut [MaybeUninit<Self>],
    ) -> bool {
        false
    }
}
impl Tiny for Complex<f32> {}
impl Tiny for Complex<f64> {}

macro_rules! tiny_real {
    ($($t:ty),*) => {$(
        impl Tiny for $t {
            fn tiny(m: usize, k: usize, n: usize, a: &[$t], b: &[$t], c: &mut [MaybeUninit<$t>]) -> bool {
                if m.saturating_mul(k).saturating_mul(n) > MATMUL_SMALL_MAX {
                    return false;
                }
                #[cfg(target_arch = "x86_64")]
                if std::arch::is_x86_feature_detected!("fma") {
                    #[target_feature(enable = "fma")]
                    fn fused(k: usize, n: usize, a: &[$t], b: &[$t], c: &mut [MaybeUninit<$t>]) {
                        dots(k, n, a, b, c, |s, x, y| x.mul_add(y, s))
                    }
                    // SAFETY: the CPU has FMA (checked above)
                    unsafe { fused(k, n, a, b, c) };
                    return true;
                }
                #[cfg(target_arch = "aarch64")]
                dots(k, n, a, b, c, |s, x, y| x.mul_add(y, s));
                #[cfg(not(target_arch = "aarch64"))]
                dots(k, n, a, b, c, |s, x, y| s + x * y);
                true
            }
        }
    )*};
}
tiny_real!(f32, f64);

/// `c = a · b` (row-major, `m × k` by `k × n`, `c` holding the `m × n`; its length was
/// checked by `Dense::matmul`) as one dot product per element of `c`, each written once,
/// accumulated with `madd(s, x, y)` from its first product: with a fused multiply-add where
/// the CPU has one, as faer's kernels do, it gives faer's results bit for bit (checked on
/// random 1 x 1 to 4 x 4 x 4 and 2 x 7 x 3 products), and a lone `-0` product stays `-0`.
#[inline(always)]
fn dots<T: Copy + Default + std::ops::Mul<Output = T>>(
    k: usize,
    n: usize,
    a: &[T],
    b: &[T],
    c: &mut [MaybeUninit<T>],
    madd: impl Fn(T, T, T) -> T,
) {
    for (i, row) in c.chunks_exact_mut(n.max(1)).enumerate() {
        let ar = &a[i * k..(i + 1) * k];
        for (j, o) in row.iter_mut().enumerate() {
            let s = match ar.split_first() {
                Some((&x, rest)) => rest
                    .iter()
                    .enumerate()
                    .fold(x * b[j], |s, (p, &x)| madd(s, x, b[(p + 1) * n + j])),
                None => T::default(),
            };
            o.write(s);
        }
    }
}

/// The fewest rows of a row block (a multiple of faer's register block of rows).
const MATMUL_ROWS_MIN: usize = 16;

/// The most multiply-adds a product splits by rows for (faer's own split above).
const MATMUL_ROWS_MAX: usize = 512 * 512 * 512;

/// `c = a · b` over `parts` threads: the rows of `a` and `c` halved (at a multiple of
/// [`MATMUL_ROWS_MIN`]) until each part is one thread's, each a sequential product.
fn matmul_rows<T: ComplexField>(
    m: usize,
    k: usize,
    n: usize,
    a: &[T],
    b: &[T],
    c: &mut [MaybeUninit<T>],
    parts: usize,
) {
    if parts < 2 || m < 2 * MATMUL_ROWS_MIN {
        return matmul_with(m, k, n, a, b, c, Par::Seq);
    }
    let top = (m / 2).next_multiple_of(MATMUL_ROWS_MIN).min(m);
    let (a1, a2) = a.split_at(top * k);
    let (c1, c2) = c.split_at_mut(top * n);
    rayon::join(
        || matmul_rows(top, k, n, a1, b, c1, parts / 2),
        || matmul_rows(m - top, k, n, a2, b, c2, parts - parts / 2),
    );
}

/// `c = a · b` by faer with `par`.
fn matmul_with<T: ComplexField>(
    m: usize,
    k: usize,
    n: usize,
    a: &[T],
    b: &[T],
    c: &mut [MaybeUninit<T>],
    par: Par,
) {
    // SAFETY: `c` holds `m * n` elements, row-major (row stride `n`, column stride 1), and
    // is borrowed mutably for the call. faer's `Accum::Replace` writes every element of the
    // destination and reads none (its microkernels store `alpha · (a · b)`; `k = 0` fills
    // zeros), so uninitialised elements are never read.
    let c = unsafe { MatMut::from_raw_parts_mut(c.as_mut_ptr().cast::<T>(), m, n, n as isize, 1) };
    faer::linalg::matmul::matmul(
        c,
        faer::Accum::Replace,
        view(a, m, k),
        view(b, k, n),
        from_f64::<T>(1.0),
        par,
    );
}

/// Held through each [`Dense`] method: on drop it clears the upper halves of the vector
/// registers (`vzeroupper`) where the CPU has AVX. faer's x86 matrix kernels (AVX-512
/// assembly) can return with them dirty, and then every SSE instruction after them (the
/// callers are compiled for baseline x86-64) waits on a false dependency until something
/// clears them: a 32 x 32 float32 product from Python took 1.67 µs, 1.16 µs with this
/// (numpy 1.27), most of the difference in a few 16-byte moves of the result's shape.
struct CleanUpperState;

impl Drop for CleanUpperState {
    #[inline]
    fn drop(&mut self) {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx") {
            #[target_feature(enable = "avx")]
            fn zero_upper() {
                std::arch::x86_64::_mm256_zeroupper()
            }
            // SAFETY: AVX is available (checked above)
            unsafe { zero_upper() }
        }
    }
}

/// A single-precision element and its double-precision twin: `eigh` of float32 and
/// complex64 runs in double precision and rounds once, as numpy's LAPACK calls do (faer's
/// single-precision tridiagonal solver was slower than its double one, and 60x less accurate
/// than numpy's answer).
trait Widen: Copy {
    type Wide: ComplexField + Copy;
    type WideReal: Copy;
    fn widen(self) -> Self::Wide;
    fn narrow(w: Self::Wide) -> Self;
    fn narrow_real(w: Self::WideReal) -> f32;
}
impl Widen for f32 {
    type Wide = f64;
    type WideReal = f64;
    fn widen(self) -> f64 {
        self as f64
    }
    fn narrow(w: f64) -> f32 {
        w as f32
    }
    fn narrow_real(w: f64) -> f32 {
        w as f32
    }
}
impl Widen for Complex<f32> {
    type Wide = Complex<f64>;
    type WideReal = f64;
    fn widen(self) -> Complex<f64> {
        Complex::new(self.re as f64, self.im as f64)
    }
    fn narrow(w: Complex<f64>) -> Complex<f32> {
        Complex::new(w.re as f32, w.im as f32)
    }
    fn narrow_real(w: f64) -> f32 {
        w as f32
    }
}

fn eigh_wide<T: Widen>(n: usize, a: &[T], w: &mut [f32], v: Option<&mut [T]>) -> Result<(), Failure>
where
    T::Wide: ComplexField<Real = T::WideReal>,
    T::WideReal: Default,
{
    let aw: Vec<T::Wide> = a.iter().map(|&x| x.widen()).collect();
    let mut ww = vec![T::WideReal::default(); w.len()];
    match v {
        Some(v) => {
            let mut vw: Vec<T::Wide> = v.iter().map(|&x| x.widen()).collect();
            eigh(n, &aw, &mut ww, Some(&mut vw))?;
            v.iter_mut().zip(vw).for_each(|(o, x)| *o = T::narrow(x));
        }
        None => eigh(n, &aw, &mut ww, None)?,
    }
    w.iter_mut()
        .zip(ww)
        .for_each(|(o, x)| *o = T::narrow_real(x));
    Ok(())
}

macro_rules! dense {
    ($($t:ty => $r:ty, $eigh:ident),*) => {$(
        impl Dense for $t {
            type Real = $r;
            fn matmul(m: usize, k: usize, n: usize, a: &[Self], b: &[Self], c: &mut [MaybeUninit<Self>]) {
                // checked once here, for both paths (the tiny loop and faer's)
                assert_eq!(
                    Some(c.len()),
                    m.checked_mul(n),
                    "matmul: c must hold m * n elements"
                );
                if <$t as Tiny>::tiny(m, k, n, a, b, c) {
                    return;
                }
                let _clean = CleanUpperState;
                matmul(m, k, n, a, b, c)
            }
            fn solve(n: usize, k: usize, a: &[Self], b: &[Self], x: &mut [Self]) -> Result<(), Failure> {
                let _clean = CleanUpperState;
                solve(n, k, a, b, x)
            }
            fn inv(n: usize, a: &[Self], out: &mut [Self]) -> Result<(), Failure> {
                let _clean = CleanUpperState;
                inv(n, a, out)
            }
            fn det(n: usize, a: &[Self]) -> Self {
                let _clean = CleanUpperState;
                det(n, a)
            }
            fn slogdet(n: usize, a: &[Self]) -> (Self, $r) {
                let _clean = CleanUpperState;
                slogdet(n, a, <$r>::ln)
            }
            fn cholesky(n: usize, a: &[Self], upper: bool, out: &mut [Self]) -> Result<(), Failure> {
                let _clean = CleanUpperState;
                cholesky(n, a, upper, out)
            }
            fn qr(m: usize, n: usize, a: &[Self], complete: bool, q: &mut [Self], r: &mut [Self]) {
                let _clean = CleanUpperState;
                qr(m, n, a, complete, q, r)
            }
            fn eigh(n: usize, a: &[Self], w: &mut [$r], v: Option<&mut [Self]>) -> Result<(), Failure> {
                let _clean = CleanUpperState;
                $eigh(n, a, w, v)
            }
            fn svd(
                m: usize,
                n: usize,
                a: &[Self],
                s: &mut [$r],
                uvh: Option<(&mut [Self], &mut [Self], bool)>,
            ) -> Result<(), Failure> {
                let _clean = CleanUpperState;
                svd(m, n, a, s, uvh)
            }
        }
    )*};
}

dense!(
    f32 => f32, eigh_wide,
    f64 => f64, eigh,
    Complex<f32> => f32, eigh_wide,
    Complex<f64> => f64, eigh
);
