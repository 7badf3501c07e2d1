//! Linear algebra: `matmul` (a primitive: ndarray's general matrix multiply, candle's
//! `matmul`), and `tensordot` and `vecdot` as compositional bodies over it and the
//! manipulation and element-wise ops.

/// Linear algebra.
#[ivy_macros::category(support_docs = "docs/support")]
pub mod linalg {
    use crate::functional::creation::{eye_with, full_with, EyeKw, FullKw};
    use crate::functional::data_type::{astype, astype_with, AstypeKw};
    use crate::functional::elementwise::{
        abs, add, conj, divide, greater, multiply, not_equal, pow, r#where, sqrt, square, subtract,
    };
    use crate::functional::manipulation::{
        matrix_transpose, permute_dims, reshape, stack_with, take_with, unstack_with, StackKw,
        TakeKw, UnstackKw,
    };
    use crate::functional::statistical::{max_with, min_with, sum_with, MaxKw, MinKw, SumKw};
    use crate::{Array, ClipBound, Dtype, Error, MatrixNormOrd, Operand, Result};

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
    /// [`Error::LinAlg`] naming which matrix of the stack.
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
    /// [`Error::LinAlg`].
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
    /// promoted to one dtype. A singular system is [`Error::LinAlg`].
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

    /// The diagonal of each matrix of `x` (`(..., M, N)`, result `(..., L)`): the main one,
    /// or the one `offset` places above it (positive) or below it (negative). An offset
    /// past the matrix gives an empty diagonal. Compositional: one `take` of the flattened
    /// matrices.
    ///
    /// ```
    /// ivy::set_backend(ivy::Backend::Ndarray);
    /// let a = ivy::reshape(&ivy::arange(9.0)?, &[3, 3])?;
    /// assert_eq!(ivy::diagonal(&a)?.to_f64_vec()?, [0.0, 4.0, 8.0]);
    /// let kw = ivy::prelude::DiagonalKw { offset: -1 };
    /// assert_eq!(ivy::diagonal_with(&a, kw)?.to_f64_vec()?, [3.0, 7.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[nestable]
    pub fn diagonal(x: &Array, #[kw] offset: i64, out: Option<&mut Array>) -> Result<Array> {
        let plan = super::diagonal_plan("diagonal", x.shape(), offset)?;
        let flat = reshape(x, &plan.flat)?;
        let idx = crate::functional::manipulation::index_array_of("diagonal", x, plan.indices)?;
        let d = take_with(
            &flat,
            &idx,
            TakeKw {
                axis: Some(super::LAST),
            },
        )?;
        super::finish("diagonal", d, out)
    }

    /// The sum of the diagonal (`offset` as in [`diagonal`]) of each matrix of `x`: shape
    /// `x`'s batch dimensions, dtype as [`sum`](crate::sum)'s (`dtype` given, or the
    /// standard's default). Compositional: `sum(diagonal(x))`.
    ///
    /// ```
    /// ivy::set_backend(ivy::Backend::Ndarray);
    /// let a = ivy::reshape(&ivy::arange(9i64)?, &[3, 3])?;
    /// assert_eq!(ivy::trace(&a)?.to_f64_vec()?, [12.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[nestable]
    pub fn trace(
        x: &Array,
        #[kw] offset: i64,
        #[kw] dtype: Option<Dtype>,
        out: Option<&mut Array>,
    ) -> Result<Array> {
        let d = diagonal_with(x, DiagonalKw { offset })?;
        let kw = SumKw {
            axis: Some(vec![super::LAST]),
            keepdims: false,
            dtype,
        };
        super::finish("trace", sum_with(&d, kw)?, out)
    }

    /// The outer product of two vectors (1-d arrays of lengths `M` and `N`): the `(M, N)`
    /// array of `x1[i] * x2[j]`, in the promoted dtype.
    ///
    /// ```
    /// ivy::set_backend(ivy::Backend::Ndarray);
    /// let o = ivy::outer(&ivy::asarray(vec![1i32, 2])?, &ivy::asarray(vec![1i32, 10, 100])?)?;
    /// assert_eq!(o.shape(), &[2, 3]);
    /// assert_eq!(o.to_f64_vec()?, [1.0, 10.0, 100.0, 2.0, 20.0, 200.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[nestable]
    pub fn outer(x1: &Array, x2: &Array, out: Option<&mut Array>) -> Result<Array> {
        super::vectors_only("outer", x1, x2)?;
        let a = reshape(x1, &[x1.size() as i64, 1])?;
        let b = reshape(x2, &[1, x2.size() as i64])?;
        super::finish("outer", multiply(&a, &b)?, out)
    }

    /// The cross product of 3-element vectors along `axis` (default `-1`, counted from the
    /// end of both operands, whose other dimensions broadcast), in the promoted dtype (the
    /// Array API: numeric dtypes, complex ones included, as numpy's). Both operands need
    /// length 3 along `axis`.
    ///
    /// ```
    /// ivy::set_backend(ivy::Backend::Ndarray);
    /// let x = ivy::asarray(vec![1.0f64, 0.0, 0.0])?;
    /// let y = ivy::asarray(vec![0.0f64, 1.0, 0.0])?;
    /// assert_eq!(ivy::cross(&x, &y)?.to_f64_vec()?, [0.0, 0.0, 1.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[nestable]
    #[unsupported_dtypes(ndarray = ("bool",), candle = ("bool",))]
    pub fn cross(
        x1: &Array,
        x2: &Array,
        #[kw(default = -1)] axis: i64,
        out: Option<&mut Array>,
    ) -> Result<Array> {
        let axis = super::cross_axis(x1.shape(), x2.shape(), axis)?;
        let a = unstack_with(x1, UnstackKw { axis })?;
        let b = unstack_with(x2, UnstackKw { axis })?;
        let term = |i: usize, j: usize| -> Result<Array> {
            subtract(&multiply(&a[i], &b[j])?, &multiply(&a[j], &b[i])?)
        };
        let c = [term(1, 2)?, term(2, 0)?, term(0, 1)?];
        super::finish(
            "cross",
            stack_with(&[&c[0], &c[1], &c[2]], StackKw { axis })?,
            out,
        )
    }

    /// Each square matrix of `x` raised to the integer power `n`: repeated squaring with
    /// `matmul`; `n = 0` is the identity, a negative `n` the power of the inverse (a
    /// singular matrix is [`Error::LinAlg`]).
    ///
    /// ```
    /// ivy::set_backend(ivy::Backend::Ndarray);
    /// let a = ivy::asarray([[1.0f64, 1.0], [0.0, 1.0]])?;
    /// assert_eq!(ivy::matrix_power(&a, 3)?.to_f64_vec()?, [1.0, 3.0, 0.0, 1.0]);
    /// assert_eq!(ivy::matrix_power(&a, -1)?.to_f64_vec()?, [1.0, -1.0, 0.0, 1.0]);
    /// assert_eq!(ivy::matrix_power(&a, 0)?.to_f64_vec()?, [1.0, 0.0, 0.0, 1.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[nestable]
    pub fn matrix_power(x: &Array, n: i64, out: Option<&mut Array>) -> Result<Array> {
        crate::engine::dense::stack_plan("matrix_power", x.shape(), true)?;
        if n == 0 {
            let m = x.shape()[x.ndim() - 1];
            let kw = EyeKw {
                dtype: Some(x.dtype()),
                device: Some(x.device()),
                ..EyeKw::default()
            };
            let eye = crate::with_backend(x.backend(), || eye_with(m, kw))?;
            // a fresh array of x's shape (not a broadcast view)
            let zero = super::zeros_of(x, x.shape(), x.dtype())?;
            return super::finish("matrix_power", add(&zero, &eye)?, out);
        }
        let mut base = match n < 0 {
            true => inv(x)?,
            false => x.clone(),
        };
        // repeated squaring: the bits of |n|, lowest first
        let bits = super::bits_of(n.unsigned_abs());
        let mut acc: Option<Array> = None;
        for (i, &bit) in bits.iter().enumerate() {
            if i > 0 {
                base = matmul(&base, &base)?;
            }
            if bit {
                acc = Some(match acc {
                    Some(a) => matmul(&a, &base)?,
                    None => base.clone(),
                });
            }
        }
        let r = match acc {
            // n = 1: a copy, not a handle on x's buffer
            Some(a) if a.may_share_memory(x) => {
                let kw = AstypeKw {
                    copy: true,
                    ..AstypeKw::default()
                };
                astype_with(&a, a.dtype(), kw)?
            }
            Some(a) => a,
            None => unreachable!("n != 0 sets a bit"),
        };
        super::finish("matrix_power", r, out)
    }

    /// The rank of each matrix of `x`: how many of its singular values exceed `rtol` times
    /// the largest one. `rtol` is none (the standard's default, `max(M, N) · eps` of `x`'s
    /// real dtype), a scalar, or an array broadcast against `x`'s batch dimensions (a
    /// [`ClipBound`]). Result: int64, shape `x`'s batch dimensions.
    ///
    /// ```
    /// ivy::set_backend(ivy::Backend::Ndarray);
    /// let a = ivy::asarray([[1.0f64, 2.0], [2.0, 4.0]])?;
    /// assert_eq!(ivy::matrix_rank(&a)?.to_f64_vec()?, [1.0]);
    /// assert_eq!(ivy::matrix_rank(&ivy::eye(3)?)?.to_f64_vec()?, [3.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[nestable]
    pub fn matrix_rank(x: &Array, #[kw] rtol: ClipBound, out: Option<&mut Array>) -> Result<Array> {
        let plan = crate::engine::dense::stack_plan("matrix_rank", x.shape(), false)?;
        let r = match plan.m.min(plan.n) {
            0 => super::zeros_of(x, &plan.batch, Dtype::Int64)?,
            _ => {
                let s = svdvals(x)?;
                let tol = super::singular_cutoff("matrix_rank", x, &s, &rtol)?;
                let kw = SumKw {
                    axis: Some(vec![-1]),
                    keepdims: false,
                    dtype: Some(Dtype::Int64),
                };
                sum_with(&greater(&s, &tol)?, kw)?
            }
        };
        super::finish("matrix_rank", r, out)
    }

    /// The Moore–Penrose pseudo-inverse of each matrix of `x` (`(..., M, N)` → `(..., N, M)`),
    /// from its SVD: singular values at most `rtol` times the largest one count as zero
    /// (`rtol` as in [`matrix_rank`]).
    ///
    /// ```
    /// ivy::set_backend(ivy::Backend::Ndarray);
    /// let a = ivy::asarray([[1.0f64, 2.0], [2.0, 4.0], [0.0, 0.0]])?; // rank 1
    /// let p = ivy::pinv(&a)?;
    /// assert_eq!(p.shape(), &[2, 3]);
    /// let apa = ivy::matmul(&ivy::matmul(&a, &p)?, &a)?.to_f64_vec()?; // A·A⁺·A = A
    /// assert!(apa.iter().zip(a.to_f64_vec()?).all(|(x, y)| (x - y).abs() < 1e-12));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[nestable]
    pub fn pinv(x: &Array, #[kw] rtol: ClipBound, out: Option<&mut Array>) -> Result<Array> {
        let plan = crate::engine::dense::stack_plan("pinv", x.shape(), false)?;
        if plan.m.min(plan.n) == 0 {
            let mut shape = plan.batch.clone();
            shape.extend([plan.n, plan.m]);
            return super::finish("pinv", super::zeros_of(x, &shape, x.dtype())?, out);
        }
        let (u, s, vh) = svd_with(
            x,
            SvdKw {
                full_matrices: false,
            },
        )?;
        let tol = super::singular_cutoff("pinv", x, &s, &rtol)?;
        let s_inv = r#where(&greater(&s, &tol)?, &divide(1.0, &s)?, 0.0)?;
        let mut k = s.shape().to_vec();
        k.insert(k.len() - 1, 1);
        let v = multiply(
            &conj(&matrix_transpose(&vh)?)?,
            &reshape(&s_inv, &super::as_i64(&k))?,
        )?;
        super::finish("pinv", matmul(&v, &conj(&matrix_transpose(&u)?)?)?, out)
    }

    /// The vector norm of `x` over `axis` (none: every element, as one vector; an int or
    /// several axes), `keepdims` as for reductions. `ord`: `2` (the default, Euclidean),
    /// `1`, `inf` (the largest absolute value), `-inf` (the smallest), `0` (the number of
    /// non-zeros) or any other `p` (`sum(|x|^p)^(1/p)`). The result has `x`'s real dtype
    /// (float32 for complex64).
    ///
    /// ```
    /// ivy::set_backend(ivy::Backend::Ndarray);
    /// let x = ivy::asarray(vec![3.0f64, -4.0])?;
    /// assert_eq!(ivy::vector_norm(&x)?.to_f64_vec()?, [5.0]);
    /// let kw = |ord: f64| ivy::prelude::VectorNormKw { ord, ..Default::default() };
    /// assert_eq!(ivy::vector_norm_with(&x, kw(1.0))?.to_f64_vec()?, [7.0]);
    /// assert_eq!(ivy::vector_norm_with(&x, kw(f64::INFINITY))?.to_f64_vec()?, [4.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[nestable]
    #[unsupported_dtypes(ndarray = ("integer", "bool"), candle = ("integer", "bool"))]
    pub fn vector_norm(
        x: &Array,
        #[kw] axis: Option<Vec<i64>>,
        #[kw] keepdims: bool,
        #[kw(default = 2.0)] ord: f64,
        out: Option<&mut Array>,
    ) -> Result<Array> {
        let a = abs(x)?;
        let sum = |v: &Array| {
            let kw = SumKw {
                axis: axis.clone(),
                keepdims,
                dtype: Some(a.dtype()),
            };
            sum_with(v, kw)
        };
        let r = if ord == f64::INFINITY {
            max_with(&a, MaxKw { axis, keepdims })?
        } else if ord == f64::NEG_INFINITY {
            min_with(&a, MinKw { axis, keepdims })?
        } else if ord == 0.0 {
            sum(&astype(&not_equal(&a, 0.0)?, a.dtype())?)?
        } else if ord == 1.0 {
            sum(&a)?
        } else if ord == 2.0 {
            sqrt(&sum(&square(&a)?)?)?
        } else if ord.is_nan() {
            return Err(Error::InvalidArgument {
                op: "vector_norm",
                message: "`ord` is NaN; give a number or ±inf".into(),
            });
        } else {
            pow(&sum(&pow(&a, ord)?)?, 1.0 / ord)?
        };
        super::finish("vector_norm", r, out)
    }

    /// The matrix norm of each matrix of `x` (`(..., M, N)`; result: `x`'s batch
    /// dimensions, or `(..., 1, 1)` with `keepdims`), of `x`'s real dtype. `ord`: a
    /// [`MatrixNormOrd`]: `"fro"` (the default), `"nuc"`, `1`, `-1`, `2`, `-2`, `inf`,
    /// `-inf`.
    ///
    /// ```
    /// ivy::set_backend(ivy::Backend::Ndarray);
    /// let a = ivy::asarray([[3.0f64, 0.0], [0.0, -4.0]])?;
    /// assert_eq!(ivy::matrix_norm(&a)?.to_f64_vec()?, [5.0]);
    /// let kw = ivy::prelude::MatrixNormKw { ord: "nuc".into(), keepdims: true };
    /// let n = ivy::matrix_norm_with(&a, kw)?;
    /// assert_eq!((n.shape(), n.to_f64_vec()?), (&[1, 1][..], vec![7.0]));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[nestable]
    #[unsupported_dtypes(ndarray = ("integer", "bool"), candle = ("integer", "bool"))]
    pub fn matrix_norm(
        x: &Array,
        #[kw] keepdims: bool,
        #[kw] ord: MatrixNormOrd,
        out: Option<&mut Array>,
    ) -> Result<Array> {
        const OP: &str = "matrix_norm";
        let plan = crate::engine::dense::stack_plan(OP, x.shape(), false)?;
        let sum_over = |v: &Array, axis: Vec<i64>| {
            let kw = SumKw {
                axis: Some(axis),
                keepdims: false,
                dtype: Some(v.dtype()),
            };
            sum_with(v, kw)
        };
        let last = |v: &Array, largest: bool| {
            let axis = Some(vec![-1]);
            match largest {
                true => max_with(
                    v,
                    MaxKw {
                        axis,
                        keepdims: false,
                    },
                ),
                false => min_with(
                    v,
                    MinKw {
                        axis,
                        keepdims: false,
                    },
                ),
            }
        };
        let r = match ord {
            MatrixNormOrd::Frobenius => sqrt(&sum_over(&square(&abs(x)?)?, vec![-2, -1])?)?,
            MatrixNormOrd::Nuclear => sum_over(&svdvals(x)?, vec![-1])?,
            MatrixNormOrd::Number(p) if p.abs() == 2.0 => last(&svdvals(x)?, p > 0.0)?,
            MatrixNormOrd::Number(p) if p.abs() == 1.0 => {
                last(&sum_over(&abs(x)?, vec![-2])?, p > 0.0)?
            }
            MatrixNormOrd::Number(p) if p.is_infinite() => {
                last(&sum_over(&abs(x)?, vec![-1])?, p > 0.0)?
            }
            MatrixNormOrd::Number(p) => {
                return Err(Error::InvalidArgument {
                    op: OP,
                    message: format!(
                        "`ord` must be \"fro\", \"nuc\", 1, -1, 2, -2, inf or -inf, got {p}"
                    ),
                });
            }
        };
        let r = match keepdims {
            true => {
                let mut shape = plan.batch.clone();
                shape.extend([1, 1]);
                reshape(&r, &super::as_i64(&shape))?
            }
            false => r,
        };
        super::finish(OP, r, out)
    }
}

#[doc(inline)]
pub use linalg::*;

pub use crate::engine::dense::{SolvePlan, StackPlan};

/// The end of a body: `y`, or written into `out` when given (statistical's).
use crate::functional::statistical::finish;

/// The last axis (a constant: a `-1` literal in a body would be read as a call of
/// `negative`, which bool arrays lack).
const LAST: i64 = -1;

/// The bits of `k`, lowest first, up to its highest set bit.
fn bits_of(k: u64) -> Vec<bool> {
    (0..u64::BITS - k.leading_zeros())
        .map(|i| k >> i & 1 == 1)
        .collect()
}

fn as_i64(shape: &[usize]) -> Vec<i64> {
    shape.iter().map(|&d| d as i64).collect()
}

/// A fresh zero-filled array of `shape` and `dtype` on `like`'s backend and device.
fn zeros_of(like: &Array, shape: &[usize], dtype: crate::Dtype) -> Result<Array> {
    let kw = crate::prelude::FullKw {
        dtype: Some(dtype),
        device: Some(like.device()),
    };
    crate::with_backend(like.backend(), || {
        crate::full_with(shape.to_vec(), ivy_core::Scalar::Int(0), kw)
    })
}

/// How `diagonal` reads a stack of matrices: the shape that flattens each matrix, and the
/// flat indices of the diagonal.
struct DiagonalPlan {
    flat: Vec<i64>,
    indices: Vec<i64>,
}

fn diagonal_plan(op: &'static str, shape: &[usize], offset: i64) -> Result<DiagonalPlan> {
    if shape.len() < 2 {
        return Err(Error::InvalidArgument {
            op,
            message: format!(
                "needs a matrix or a stack of matrices (at least 2 dimensions), got shape {shape:?}"
            ),
        });
    }
    let (m, n) = (
        shape[shape.len() - 2] as i128,
        shape[shape.len() - 1] as i128,
    );
    let k = offset as i128;
    // the diagonal starts at (max(0, -k), max(0, k)) and runs while both stay inside
    let (r0, c0) = (0i128.max(-k), 0i128.max(k));
    let len = (m - r0).min(n - c0).max(0) as usize;
    let mut indices = crate::kernel::alloc::try_vec::<i64>(op, len)?;
    indices.extend((0..len as i128).map(|i| ((r0 + i) * n + c0 + i) as i64));
    let mut flat = as_i64(&shape[..shape.len() - 2]);
    flat.push((m * n) as i64);
    Ok(DiagonalPlan { flat, indices })
}

/// `outer`'s check: two vectors.
fn vectors_only(op: &'static str, x1: &Array, x2: &Array) -> Result<()> {
    if x1.ndim() != 1 || x2.ndim() != 1 {
        return Err(Error::Shape {
            op,
            lhs: x1.shape().to_vec(),
            rhs: x2.shape().to_vec(),
            reason: "must both be 1-d (vectors)",
        });
    }
    Ok(())
}

/// `cross`'s axis, as a negative axis (from the end) valid for both operands, each of
/// length 3 there.
fn cross_axis(a: &[usize], b: &[usize], axis: i64) -> Result<i64> {
    const OP: &str = "cross";
    let nd = a.len().min(b.len());
    // a non-negative axis counts from the front, which names the same axis of both only
    // when they have the same rank
    let from_end = match axis {
        a_ if a_ < 0 => a_,
        a_ if a.len() == b.len() => a_ - a.len() as i64,
        _ => i64::MIN,
    };
    if from_end < -(nd as i64) || from_end >= 0 {
        return Err(Error::Axis {
            op: OP,
            axis,
            ndim: nd,
        });
    }
    let at = |s: &[usize]| s[(s.len() as i64 + from_end) as usize];
    if at(a) != 3 || at(b) != 3 {
        return Err(Error::Shape {
            op: OP,
            lhs: a.to_vec(),
            rhs: b.to_vec(),
            reason: "need length 3 along `axis` for a cross product",
        });
    }
    Ok(from_end)
}

/// The singular-value cutoff of `matrix_rank` and `pinv` (shape `(..., 1)` against `s`'s
/// `(..., K)`): `rtol` (none: `max(M, N) · eps`) times the largest singular value.
fn singular_cutoff(op: &'static str, x: &Array, s: &Array, rtol: &ClipBound) -> Result<Array> {
    use crate::functional::statistical::{max_with, MaxKw};
    let largest = max_with(
        s,
        MaxKw {
            axis: Some(vec![-1]),
            keepdims: true,
        },
    )?;
    let (m, n) = (x.shape()[x.ndim() - 2], x.shape()[x.ndim() - 1]);
    match rtol {
        ClipBound::None => {
            let eps = crate::finfo(s.dtype())?.eps;
            crate::multiply(&largest, m.max(n) as f64 * eps)
        }
        ClipBound::Scalar(r) => crate::multiply(&largest, *r),
        ClipBound::Array(r) => {
            // rtol broadcasts against the batch dimensions: one more axis for K
            let mut shape = as_i64(r.shape());
            shape.push(1);
            let r = crate::reshape(r, &shape).map_err(|e| e.with_op(op))?;
            crate::multiply(&largest, &r)
        }
    }
}

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

use crate::{Array, ClipBound, Error, Result};

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
    /// The result's shape (inline: a plan of up to six dimensions allocates nothing).
    pub result: crate::Shape,
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
    // the product's own dimensions: a 1-d operand has none of its side
    let own = match (a.len() > 1, b.len() > 1) {
        (true, true) => &[m, n][..],
        (true, false) => &[m][..],
        (false, true) => &[n][..],
        (false, false) => &[][..],
    };
    let result = match batch.as_slice() {
        [] => crate::Shape::from(own),
        batch => batch.iter().chain(own).copied().collect(),
    };
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
