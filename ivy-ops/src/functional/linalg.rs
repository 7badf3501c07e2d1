//! Linear algebra: `matmul` (a primitive: ndarray's general matrix multiply, candle's
//! `matmul`), and `tensordot` and `vecdot` as compositional bodies over it and the
//! manipulation and element-wise ops.

/// Linear algebra.
#[ivy_macros::category(support_docs = "docs/support")]
pub mod linalg {
    use crate::functional::elementwise::{conj, multiply};
    use crate::functional::manipulation::{permute_dims, reshape};
    use crate::functional::statistical::{sum_with, SumKw};
    use crate::{Array, Operand, Result};

    /// The matrix product of `x1` and `x2`, promoted to one dtype (numeric dtypes; integers
    /// wrap). The Array API's rules: 1-d operands are a row (first) or a column (second)
    /// vector whose added axis is dropped from the result; higher ranks are stacks of
    /// matrices whose leading (batch) dimensions broadcast; 0-d operands are an error.
    /// Floats and complex numbers multiply with ndarray's general matrix multiply (BLAS-like
    /// kernels; float16 and bfloat16 in float32, rounded once) and with candle's `matmul`.
    ///
    /// ```
    /// ivy::set_backend(ivy::Backend::Ndarray);
    /// let a = ivy::asarray(vec![vec![1.0f32, 2.0], vec![3.0, 4.0]])?;
    /// let v = ivy::asarray(vec![1.0f32, -1.0])?;
    /// assert_eq!(ivy::matmul(&a, &v)?.to_f64_vec()?, [-1.0, -1.0]);
    /// assert_eq!(ivy::matmul(&a, &a)?.shape(), &[2, 2]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[check(super::matmul_args -> super::MatmulPlan)]
    pub fn matmul(x1: Operand, x2: Operand, out: Option<&mut Array>) -> Result<Array>;

    /// Sums products over the last `axes` axes of `x1` and the first `axes` axes of `x2`
    /// (the standard's integer form, default 2), or over the axes `axes` names pairwise
    /// (the standard's `(x1_axes, x2_axes)` form, negative axes allowed; two empty lists are
    /// the outer product): a [`TensordotAxes`](crate::TensordotAxes). Compositional: both
    /// operands permuted and reshaped to matrices, one `matmul`.
    ///
    /// ```
    /// ivy::set_backend(ivy::Backend::Ndarray);
    /// let a = ivy::reshape(&ivy::arange(6.0)?, &[2, 3])?;
    /// let kw = ivy::prelude::TensordotKw { axes: 1.into() };
    /// let t = ivy::tensordot_with(&a, &ivy::matrix_transpose(&a)?, kw)?;
    /// assert_eq!(t.to_f64_vec()?, [5.0, 14.0, 14.0, 50.0]);
    /// let kw = ivy::prelude::TensordotKw { axes: ([1], [1]).into() }; // a · aᵀ again
    /// assert_eq!(ivy::tensordot_with(&a, &a, kw)?, t);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[nestable]
    pub fn tensordot(
        x1: &Array,
        x2: &Array,
        #[kw(default = crate::TensordotAxes::Count(2))] axes: crate::TensordotAxes,
    ) -> Result<Array> {
        let plan = super::tensordot_plan(x1.shape(), x2.shape(), &axes)?;
        let a = reshape(&permute_dims(x1, &plan.perm1)?, &plan.mat1)?;
        let b = reshape(&permute_dims(x2, &plan.perm2)?, &plan.mat2)?;
        reshape(&matmul(&a, &b)?, &plan.result)
    }

    /// The dot product of vectors along `axis` (negative: from the end of the broadcast
    /// shape), the other dimensions broadcast: `sum(conj(x1) * x2, axis)` in the promoted
    /// dtype (the standard's shape, not Ivy 1.0.0.5's `tensordot` one). The two operands
    /// must have the same length along `axis`.
    ///
    /// ```
    /// ivy::set_backend(ivy::Backend::Ndarray);
    /// let x = ivy::asarray(vec![vec![1.0f32, 2.0], vec![3.0, 4.0]])?;
    /// let y = ivy::asarray(vec![1.0f32, 1.0])?;
    /// assert_eq!(ivy::vecdot(&x, &y)?.to_f64_vec()?, [3.0, 7.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[nestable]
    pub fn vecdot(x1: &Array, x2: &Array, #[kw(default = -1)] axis: i64) -> Result<Array> {
        let axis = super::vecdot_axis(x1.shape(), x2.shape(), axis)?;
        let p = multiply(&conj(x1)?, x2)?;
        let kw = SumKw {
            axis: Some(vec![axis]),
            keepdims: false,
            dtype: Some(p.dtype()),
        };
        sum_with(&p, kw)
    }

    /// The inverse of each square matrix of `x` (`(..., M, M)`: a stack inverts matrix by
    /// matrix): LU with partial pivoting (faer), float32, float64, complex64 and complex128.
    /// A singular matrix (an exactly zero pivot, where numpy raises `LinAlgError`) is
    /// [`Error::LinAlg`](crate::Error::LinAlg) naming which matrix of the stack.
    ///
    /// ```
    /// ivy::set_backend(ivy::Backend::Ndarray);
    /// let a = ivy::asarray([[4.0f64, 7.0], [2.0, 6.0]])?;
    /// let i = ivy::inv(&a)?;
    /// assert_eq!(i.to_f64_vec()?.iter().map(|v| (v * 10.0).round() / 10.0).collect::<Vec<_>>(), [0.6, -0.7, -0.2, 0.4]);
    /// assert!(ivy::inv(&ivy::asarray([[1.0f64, 2.0], [2.0, 4.0]])?).is_err()); // singular
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[check(super::square_args -> crate::StackPlan)]
    pub fn inv(x: &Array) -> Result<Array>;

    /// The determinant of each square matrix of `x` (shape: `x`'s batch dimensions): the
    /// product of the LU pivots (faer) with the permutation's sign; 0 for a singular matrix.
    ///
    /// ```
    /// ivy::set_backend(ivy::Backend::Ndarray);
    /// let a = ivy::asarray([[1.0f64, 2.0], [3.0, 4.0]])?;
    /// assert!((ivy::det(&a)?.to_f64_vec()?[0] + 2.0).abs() < 1e-5); // float32, ivy's default
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[check(super::square_args -> crate::StackPlan)]
    pub fn det(x: &Array) -> Result<Array>;

    /// The sign and the natural logarithm of the absolute determinant of each square matrix
    /// of `x`: `(sign, logabsdet)`, `logabsdet` real (float32 for complex64); a singular
    /// matrix gives `(0, -inf)`. Overflow-free where `det` overflows.
    ///
    /// ```
    /// ivy::set_backend(ivy::Backend::Ndarray);
    /// let a = ivy::asarray([[0.0f64, 2.0], [3.0, 0.0]])?; // det = -6
    /// let (sign, logabsdet) = ivy::slogdet(&a)?;
    /// assert_eq!(sign.to_f64_vec()?, [-1.0]);
    /// assert!((logabsdet.to_f64_vec()?[0] - 6f64.ln()).abs() < 1e-6);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[check(super::square_args -> crate::StackPlan)]
    pub fn slogdet(x: &Array) -> Result<(Array, Array)>;

    /// The Cholesky factor of each Hermitian positive-definite matrix of `x`, read from its
    /// lower triangle: lower-triangular `L` with `x = L·Lᴴ`, or the upper `U = Lᴴ` with
    /// `upper` (the standard's keyword). A matrix that is not positive definite is
    /// [`Error::LinAlg`](crate::Error::LinAlg).
    ///
    /// ```
    /// ivy::set_backend(ivy::Backend::Ndarray);
    /// let a = ivy::asarray([[4.0f64, 2.0], [2.0, 5.0]])?;
    /// assert_eq!(ivy::cholesky(&a)?.to_f64_vec()?, [2.0, 0.0, 1.0, 2.0]);
    /// let kw = ivy::prelude::CholeskyKw { upper: true };
    /// assert_eq!(ivy::cholesky_with(&a, kw)?.to_f64_vec()?, [2.0, 1.0, 0.0, 2.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[check(super::cholesky_args -> crate::StackPlan)]
    pub fn cholesky(x: &Array, #[kw] upper: bool) -> Result<Array>;

    /// The solution `x` of `x1 · x = x2` for each square system of `x1` (`(..., M, M)`):
    /// `x2` is a vector `(M,)` (the result is `(..., M)`) or a stack `(..., M, K)` whose batch
    /// dimensions broadcast with `x1`'s. LU with partial pivoting (faer); the operands are
    /// promoted to one dtype. A singular system is [`Error::LinAlg`](crate::Error::LinAlg).
    ///
    /// ```
    /// ivy::set_backend(ivy::Backend::Ndarray);
    /// let a = ivy::asarray([[3.0f64, 1.0], [1.0, 2.0]])?;
    /// let x = ivy::solve(&a, &ivy::asarray([9.0f64, 8.0])?)?;
    /// assert!(x.to_f64_vec()?.iter().zip([2.0, 3.0]).all(|(a, b)| (a - b).abs() < 1e-12));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[check(super::solve_args -> crate::SolvePlan)]
    pub fn solve(x1: Operand, x2: Operand) -> Result<Array>;

    /// The eigenvalues (ascending, real) and eigenvectors (the columns) of each Hermitian
    /// matrix of `x`, read from its lower triangle (numpy's default): `(eigenvalues,
    /// eigenvectors)`.
    ///
    /// ```
    /// ivy::set_backend(ivy::Backend::Ndarray);
    /// let a = ivy::asarray([[2.0f64, 1.0], [1.0, 2.0]])?;
    /// let (w, v) = ivy::eigh(&a)?;
    /// assert!(w.to_f64_vec()?.iter().zip([1.0, 3.0]).all(|(a, b)| (a - b).abs() < 1e-12));
    /// assert_eq!(v.shape(), &[2, 2]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[check(super::square_args -> crate::StackPlan)]
    pub fn eigh(x: &Array) -> Result<(Array, Array)>;

    /// The eigenvalues (ascending, real) of each Hermitian matrix of `x` (see [`eigh`]).
    ///
    /// ```
    /// ivy::set_backend(ivy::Backend::Ndarray);
    /// let a = ivy::asarray([[2.0f32, 0.0], [0.0, -1.0]])?;
    /// assert_eq!(ivy::eigvalsh(&a)?.to_f64_vec()?, [-1.0, 2.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[check(super::square_args -> crate::StackPlan)]
    pub fn eigvalsh(x: &Array) -> Result<Array>;

    /// The QR factorisation of each matrix of `x` (`(..., M, N)`, `K = min(M, N)`):
    /// `(Q, R)` with orthonormal columns in `Q` and upper-triangular `R`. `mode` is
    /// `"reduced"` (`Q` `(..., M, K)`, `R` `(..., K, N)`, the default) or `"complete"` (`Q`
    /// `(..., M, M)`, `R` `(..., M, N)`). Householder reflections (faer).
    ///
    /// ```
    /// ivy::set_backend(ivy::Backend::Ndarray);
    /// let a = ivy::asarray([[1.0f64, 2.0], [3.0, 4.0], [5.0, 6.0]])?;
    /// let (q, r) = ivy::qr(&a)?;
    /// assert_eq!((q.shape(), r.shape()), (&[3, 2][..], &[2, 2][..]));
    /// let back = ivy::matmul(&q, &r)?.to_f64_vec()?;
    /// assert!(back.iter().zip(a.to_f64_vec()?).all(|(x, y)| (x - y).abs() < 1e-5));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[check(super::qr_args -> crate::StackPlan)]
    pub fn qr(
        x: &Array,
        #[kw(default = String::from("reduced"))] mode: String,
    ) -> Result<(Array, Array)>;

    /// The singular value decomposition of each matrix of `x`: `(U, S, Vh)` with
    /// `x = U · diag(S) · Vh`, `S` real and descending. `full_matrices` (default true): `U`
    /// `(..., M, M)` and `Vh` `(..., N, N)`; false: `(..., M, K)` and `(..., K, N)`.
    ///
    /// ```
    /// ivy::set_backend(ivy::Backend::Ndarray);
    /// let a = ivy::asarray([[3.0f64, 0.0], [0.0, -2.0]])?;
    /// let (u, s, vh) = ivy::svd(&a)?;
    /// assert_eq!(s.to_f64_vec()?, [3.0, 2.0]);
    /// assert_eq!((u.shape(), vh.shape()), (&[2, 2][..], &[2, 2][..]));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[check(super::svd_args -> crate::StackPlan)]
    pub fn svd(
        x: &Array,
        #[kw(default = true)] full_matrices: bool,
    ) -> Result<(Array, Array, Array)>;

    /// The singular values (real, descending) of each matrix of `x` (see [`svd`]).
    ///
    /// ```
    /// ivy::set_backend(ivy::Backend::Ndarray);
    /// let a = ivy::asarray([[0.0f64, 2.0], [1.0, 0.0]])?;
    /// assert_eq!(ivy::svdvals(&a)?.to_f64_vec()?, [2.0, 1.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[check(super::matrix_args -> crate::StackPlan)]
    pub fn svdvals(x: &Array) -> Result<Array>;
}

#[doc(inline)]
pub use linalg::*;

pub use crate::engine::dense::{SolvePlan, StackPlan};

/// The check and plan of the square-matrix ops (`inv`, `det`, `eigh`, …).
pub(crate) fn square_args(op: &'static str, x: &&Array) -> Result<StackPlan> {
    crate::engine::dense::stack_plan(op, x.shape(), true)
}

/// The check and plan of the ops on any matrix (`svdvals`).
pub(crate) fn matrix_args(op: &'static str, x: &&Array) -> Result<StackPlan> {
    crate::engine::dense::stack_plan(op, x.shape(), false)
}

/// `svd`'s check and plan.
pub(crate) fn svd_args(op: &'static str, x: &&Array, _full: &bool) -> Result<StackPlan> {
    crate::engine::dense::stack_plan(op, x.shape(), false)
}

/// `cholesky`'s check and plan.
pub(crate) fn cholesky_args(op: &'static str, x: &&Array, _upper: &bool) -> Result<StackPlan> {
    crate::engine::dense::stack_plan(op, x.shape(), true)
}

/// `qr`'s check (its `mode`) and plan.
pub(crate) fn qr_args(op: &'static str, x: &&Array, mode: &String) -> Result<StackPlan> {
    if mode != "reduced" && mode != "complete" {
        return Err(Error::InvalidArgument {
            op,
            message: format!("`mode` must be \"reduced\" or \"complete\", got {mode:?}"),
        });
    }
    crate::engine::dense::stack_plan(op, x.shape(), false)
}

/// `solve`'s check and plan.
pub(crate) fn solve_args(op: &'static str, x1: &&Array, x2: &&Array) -> Result<SolvePlan> {
    crate::engine::dense::solve_plan(op, x1.shape(), x2.shape())
}

use crate::{Array, Error, Result};

/// The shapes of a matmul, the plan `matmul`'s backends get: the broadcast batch
/// dimensions, `m`, `k`, `n` and the result's shape (the Array API's 1-d rules applied; its
/// allocation probed).
///
/// ```
/// ivy::set_backend(ivy::Backend::Ndarray);
/// // the plan of a (2, 3) @ (3,) product: no batch, m = 2, k = 3, n = 1, result (2,)
/// let a = ivy::ones(&[2, 3])?;
/// assert_eq!(ivy::matmul(&a, &ivy::ones(&[3])?)?.shape(), &[2]);
/// # Ok::<(), ivy::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatmulPlan {
    /// The broadcast batch dimensions.
    pub batch: Vec<usize>,
    /// Rows of each product.
    pub m: usize,
    /// The contracted length.
    pub k: usize,
    /// Columns of each product.
    pub n: usize,
    /// The result's shape.
    pub result: Vec<usize>,
}

/// `matmul`'s plan for operands of shapes `a` and `b`.
pub(crate) fn matmul_plan(a: &[usize], b: &[usize]) -> Result<MatmulPlan> {
    const OP: &str = "matmul";
    if a.is_empty() || b.is_empty() {
        return Err(Error::InvalidArgument {
            op: OP,
            message: "0-d operands have no matrix product; use `multiply`".into(),
        });
    }
    let (m, k1) = match a {
        [k] => (1, *k),
        [.., m, k] => (*m, *k),
        [] => unreachable!("checked above"),
    };
    let (k2, n) = match b {
        [k] => (*k, 1),
        [.., k, n] => (*k, *n),
        [] => unreachable!("checked above"),
    };
    if k1 != k2 {
        return Err(Error::Shape {
            op: OP,
            lhs: a.to_vec(),
            rhs: b.to_vec(),
            reason: "do not align for a matrix product (x1's last dimension must equal x2's second-to-last, or its only one)",
        });
    }
    let ba = &a[..a.len().saturating_sub(2)];
    let bb = &b[..b.len().saturating_sub(2)];
    let batch = crate::engine::checks::broadcast_shapes(OP, ba, bb)?;
    let mut result = batch.clone();
    if a.len() > 1 {
        result.push(m);
    }
    if b.len() > 1 {
        result.push(n);
    }
    Ok(MatmulPlan {
        batch,
        m,
        k: k1,
        n,
        result,
    })
}

/// `matmul`'s shared check.
pub(crate) fn matmul_args(op: &'static str, x1: &&Array, x2: &&Array) -> Result<MatmulPlan> {
    let p = matmul_plan(x1.shape(), x2.shape()).map_err(|e| e.with_op(op))?;
    crate::kernel::alloc::reserve(op, &p.result, x1.dtype())?;
    Ok(p)
}

/// How `tensordot` maps onto one `matmul`.
pub(crate) struct TensordotPlan {
    perm1: Vec<i64>,
    perm2: Vec<i64>,
    mat1: Vec<i64>,
    mat2: Vec<i64>,
    result: Vec<i64>,
}

fn tensordot_plan(a: &[usize], b: &[usize], axes: &crate::TensordotAxes) -> Result<TensordotPlan> {
    const OP: &str = "tensordot";
    let (ca, cb): (Vec<usize>, Vec<usize>) = match axes {
        crate::TensordotAxes::Pairs(p1, p2) => {
            if p1.len() != p2.len() {
                return Err(Error::InvalidArgument {
                    op: OP,
                    message: format!(
                        "`axes` names {} axes of x1 but {} of x2; name as many of each",
                        p1.len(),
                        p2.len()
                    ),
                });
            }
            let norm = |p: &[i64], n| {
                p.iter()
                    .map(|&x| crate::engine::checks::normalize_axis(OP, x, n))
                    .collect::<Result<Vec<usize>>>()
            };
            (norm(p1, a.len())?, norm(p2, b.len())?)
        }
        &crate::TensordotAxes::Count(axes) => {
            let n = usize::try_from(axes)
                .ok()
                .filter(|&n| n <= a.len() && n <= b.len())
                .ok_or_else(|| Error::InvalidArgument {
                    op: OP,
                    message: format!(
                        "`axes` must be between 0 and the smaller rank ({} and {}), got {axes}",
                        a.len(),
                        b.len()
                    ),
                })?;
            ((a.len() - n..a.len()).collect(), (0..n).collect())
        }
    };
    let distinct = |v: &[usize]| v.iter().enumerate().all(|(i, x)| !v[..i].contains(x));
    if !distinct(&ca) || !distinct(&cb) {
        return Err(Error::InvalidArgument {
            op: OP,
            message: "each contracted axis may be named once".into(),
        });
    }
    for (&i, &j) in ca.iter().zip(&cb) {
        if a[i] != b[j] {
            return Err(Error::Shape {
                op: OP,
                lhs: a.to_vec(),
                rhs: b.to_vec(),
                reason: "differ along a contracted axis pair",
            });
        }
    }
    let free_a: Vec<usize> = (0..a.len()).filter(|i| !ca.contains(i)).collect();
    let free_b: Vec<usize> = (0..b.len()).filter(|j| !cb.contains(j)).collect();
    let k: usize = ca.iter().map(|&i| a[i]).product();
    let m: usize = free_a.iter().map(|&i| a[i]).product();
    let n: usize = free_b.iter().map(|&j| b[j]).product();
    let to_i64 = |v: &[usize]| v.iter().map(|&x| x as i64).collect::<Vec<i64>>();
    let perm1: Vec<usize> = free_a.iter().chain(&ca).copied().collect();
    let perm2: Vec<usize> = cb.iter().chain(&free_b).copied().collect();
    let result: Vec<usize> = free_a
        .iter()
        .map(|&i| a[i])
        .chain(free_b.iter().map(|&j| b[j]))
        .collect();
    Ok(TensordotPlan {
        perm1: to_i64(&perm1),
        perm2: to_i64(&perm2),
        mat1: to_i64(&[m, k]),
        mat2: to_i64(&[k, n]),
        result: to_i64(&result),
    })
}

/// `vecdot`'s axis as a negative axis of the broadcast shape (the operands must agree
/// along it).
fn vecdot_axis(a: &[usize], b: &[usize], axis: i64) -> Result<i64> {
    const OP: &str = "vecdot";
    let shape = crate::engine::checks::broadcast_shapes(OP, a, b)?;
    let ax = crate::engine::checks::normalize_axis(OP, axis, shape.len())?;
    let neg = ax as i64 - shape.len() as i64;
    let along = |s: &[usize]| usize::try_from(s.len() as i64 + neg).ok().map(|i| s[i]);
    if along(a) != along(b) {
        return Err(Error::Shape {
            op: OP,
            lhs: a.to_vec(),
            rhs: b.to_vec(),
            reason: "differ along the contracted axis (vecdot does not broadcast it)",
        });
    }
    Ok(neg)
}
