//! ndarray: the matrix product. Floats and complex numbers run faer's matrix multiply
//! (through `ivy_linalg`) per batch; float16 and bfloat16 run it in
//! float32 and round once; integers and bools (OR of ANDs, as numpy) run the shared host loop of [`crate::kernel::gemm`]
//! (wrapping, where ndarray's generic `dot` would panic on overflow in debug builds).

use super::kernels::{cast_view_cow, nd_view, row_major, shaped, typed};
use super::{NdArray, NdElem, NdView, NdarrayBackend};
use crate::engine::dense;
use crate::functional::linalg::{LinalgBackend, MatmulPlan, SolvePlan, StackPlan};
use crate::kernel::gemm::batched;
use crate::{Array, Dtype, Result};
use ::ndarray::LinalgScalar;

#[ivy_macros::backend_impl]
impl LinalgBackend for NdarrayBackend {
    fn matmul(x1: &Array, x2: &Array, p: MatmulPlan) -> Result<Array> {
        const OP: &str = "matmul";
        // floats and complex numbers: the operands' buffers read in place (no view built)
        match x1.dtype() {
            Dtype::Float32 => return dense_array::<f32>(OP, x1, x2, &p),
            Dtype::Float64 => return dense_array::<f64>(OP, x1, x2, &p),
            Dtype::Complex64 => return dense_array::<num_complex::Complex<f32>>(OP, x1, x2, &p),
            Dtype::Complex128 => return dense_array::<num_complex::Complex<f64>>(OP, x1, x2, &p),
            _ => {}
        }
        let (a, b) = (nd_view(OP, x1)?, nd_view(OP, x2)?);
        let d = a.dtype();
        let r = match d {
            Dtype::Float16 | Dtype::Bfloat16 => {
                let (a, b) = (
                    cast_view_cow(OP, a, Dtype::Float32)?,
                    cast_view_cow(OP, b, Dtype::Float32)?,
                );
                let r = gemm_nd(OP, &a.view(), &b.view(), &p)?;
                super::kernels::cast(OP, &r, d)?
            }
            _ => gemm_nd(OP, &a, &b, &p)?,
        };
        Ok(Array::from_nd(r))
    }

    #[with_supported_dtypes({"0.17.2 and below": ("float32", "float64", "complex64", "complex128")})]
    fn inv(x: &Array, p: StackPlan) -> Result<Array> {
        dense::inv::<Self>(x, &p)
    }
    #[with_supported_dtypes({"0.17.2 and below": ("float32", "float64", "complex64", "complex128")})]
    fn det(x: &Array, p: StackPlan) -> Result<Array> {
        dense::det::<Self>(x, &p)
    }
    #[with_supported_dtypes({"0.17.2 and below": ("float32", "float64", "complex64", "complex128")})]
    fn slogdet(x: &Array, p: StackPlan) -> Result<(Array, Array)> {
        dense::slogdet::<Self>(x, &p)
    }
    #[with_supported_dtypes({"0.17.2 and below": ("float32", "float64", "complex64", "complex128")})]
    fn cholesky(x: &Array, upper: bool, p: StackPlan) -> Result<Array> {
        dense::cholesky::<Self>(x, upper, &p)
    }
    #[with_supported_dtypes({"0.17.2 and below": ("float32", "float64", "complex64", "complex128")})]
    fn solve(x1: &Array, x2: &Array, p: SolvePlan) -> Result<Array> {
        dense::solve::<Self>(x1, x2, &p)
    }
    #[with_supported_dtypes({"0.17.2 and below": ("float32", "float64", "complex64", "complex128")})]
    fn eigh(x: &Array, p: StackPlan) -> Result<(Array, Array)> {
        dense::eigh::<Self>(x, &p)
    }
    #[with_supported_dtypes({"0.17.2 and below": ("float32", "float64", "complex64", "complex128")})]
    fn eigvalsh(x: &Array, p: StackPlan) -> Result<Array> {
        dense::eigvalsh::<Self>(x, &p)
    }
    #[with_supported_dtypes({"0.17.2 and below": ("float32", "float64", "complex64", "complex128")})]
    fn qr(x: &Array, mode: String, p: StackPlan) -> Result<(Array, Array)> {
        dense::qr::<Self>(x, &mode, &p)
    }
    #[with_supported_dtypes({"0.17.2 and below": ("float32", "float64", "complex64", "complex128")})]
    fn svd(x: &Array, full_matrices: bool, p: StackPlan) -> Result<(Array, Array, Array)> {
        dense::svd::<Self>(x, full_matrices, &p)
    }
    #[with_supported_dtypes({"0.17.2 and below": ("float32", "float64", "complex64", "complex128")})]
    fn svdvals(x: &Array, p: StackPlan) -> Result<Array> {
        dense::svdvals::<Self>(x, &p)
    }
}

fn gemm_nd(op: &'static str, a: &NdView<'_>, b: &NdView<'_>, p: &MatmulPlan) -> Result<NdArray> {
    let (sa, sb) = (
        vector_as_matrix(NdView::shape(a), true),
        vector_as_matrix(NdView::shape(b), false),
    );
    let (sa, sb) = (&sa[..], &sb[..]);
    use NdView as V;
    Ok(match (a, b) {
        // float16 and bfloat16, cast to float32 by the caller (the other float and
        // complex dtypes take `dense_array` before any view is made)
        (V::Float32(x), V::Float32(y)) => NdArray::from(blas(op, x, y, sa, sb, p)?),
        _ => super::nd_view_all!(a, x, T => {
            let y = T::view_ref(b).ok_or_else(|| mixed(op, a, b))?;
            let (xr, yr) = (row_major(op, x)?, row_major(op, y)?);
            let xs = batched(op, &xr, sa, &p.batch)?;
            let ys = batched(op, &yr, sb, &p.batch)?;
            let r = crate::kernel::gemm::matmul(op, &xs, &ys, p.batch.iter().product(), [p.m, p.k, p.n])?;
            T::wrap_shared(super::shaped_data(op, &p.result, r)?)
        }),
    })
}

/// [`blas`] of two arrays of element type `T`, read through the family accessor (an
/// array's own buffer, or one lent to the op, in place where it is row-major).
fn dense_array<T: LinalgScalar + NdElem + ivy_linalg::Dense>(
    op: &'static str,
    x1: &Array,
    x2: &Array,
    p: &MatmulPlan,
) -> Result<Array> {
    let (a, b) = (typed::<T>(op, x1)?, typed::<T>(op, x2)?);
    let (sa, sb) = (
        vector_as_matrix(a.shape(), true),
        vector_as_matrix(b.shape(), false),
    );
    let (xr, yr) = (a.row_major(op)?, b.row_major(op)?);
    let out = dense_rows(op, &xr, &yr, &sa, &sb, p)?;
    Ok(Array::from_nd(T::wrap_shared(super::shaped_data(
        op, &p.result, out,
    )?)))
}

/// A 1-d operand's shape as a matrix's (numpy's rules: a row vector on the left, a column
/// vector on the right); any other shape as it is.
fn vector_as_matrix(s: &[usize], left: bool) -> crate::Shape {
    match (s, left) {
        ([k], true) => crate::Shape::from([1, *k]),
        ([k], false) => crate::Shape::from([*k, 1]),
        _ => crate::Shape::from(s),
    }
}

/// faer's matrix multiply per batch of row-major operands `xr` (shape `sa`) and `yr` (`sb`).
fn dense_rows<T: ivy_linalg::Dense + Copy + Send + Sync>(
    op: &'static str,
    xr: &[T],
    yr: &[T],
    sa: &[usize],
    sb: &[usize],
    p: &MatmulPlan,
) -> Result<Vec<T>> {
    let xs = batched(op, xr, sa, &p.batch)?;
    let ys = batched(op, yr, sb, &p.batch)?;
    let nb: usize = p.batch.iter().product();
    crate::kernel::gemm::dense_matmul(op, &xs, &ys, nb, [p.m, p.k, p.n])
}

/// faer's matrix multiply per batch (`ivy_linalg::Dense::matmul`: SIMD, blocked, parallel;
/// ndarray's `general_mat_mul`, the `matrixmultiply` crate, is single-threaded and was 3.7x
/// numpy's OpenBLAS at 1024 x 1024 on 2 cores).
fn blas<T: LinalgScalar + NdElem + ivy_linalg::Dense>(
    op: &'static str,
    x: &::ndarray::ArrayViewD<'_, T>,
    y: &::ndarray::ArrayViewD<'_, T>,
    sa: &[usize],
    sb: &[usize],
    p: &MatmulPlan,
) -> Result<::ndarray::ArrayD<T>> {
    // the operands in place where they are row-major and need no broadcast copy
    let (xr, yr) = (row_major(op, x)?, row_major(op, y)?);
    let out = dense_rows(op, &xr, &yr, sa, sb, p)?;
    shaped(op, &p.result, out)
}

fn mixed(op: &'static str, a: &NdView<'_>, b: &NdView<'_>) -> crate::Error {
    crate::Error::InvalidArgument {
        op,
        message: format!(
            "operands must have one dtype after promotion, got {} and {}",
            a.dtype(),
            b.dtype()
        ),
    }
}
