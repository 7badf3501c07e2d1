//! candle: the matrix product. Float products on the CPU run faer's kernels on the host
//! ([`crate::kernel::gemm::dense_matmul`], ndarray's), integers and bools the shared host loop
//! of [`crate::kernel::gemm`] (CPU only: candle's CPU matmul takes floats only); float
//! products on another device, or on a recorded gradient graph, run candle's `matmul` (batch
//! dimensions broadcast first).

use super::kernels::host_only;
use super::{err, host_types, tensor, wrap, CandleBackend, HostElem};
use crate::engine::dense;
use crate::functional::linalg::{LinalgBackend, MatmulPlan, SolvePlan, StackPlan};
use crate::kernel::gemm::batched;
use crate::{Array, Dtype, Result};
use candle_core::Tensor;

/// A host product's kernel: [`gemm::matmul`](crate::kernel::gemm::matmul) or
/// [`gemm::dense_matmul`](crate::kernel::gemm::dense_matmul).
type Product<T> = fn(&'static str, &[T], &[T], usize, [usize; 3]) -> Result<Vec<T>>;

/// `a · b` (1-d operands already made matrices) on the host by `product`, as a tensor on
/// `device`: the larger operand read in place from candle's storage when it is contiguous
/// (one read guard, as `host_zip`'s), the other copied out; the result moved in, not copied.
fn host_product<T: HostElem>(
    op: &'static str,
    a: &Tensor,
    b: &Tensor,
    p: &MatmulPlan,
    device: &candle_core::Device,
    product: Product<T>,
) -> Result<Array> {
    for t in [a, b] {
        host_only(op, t, T::DTYPE)?;
        super::autograd::off_graph(op, t, T::DTYPE)?;
    }
    let swap = a.elem_count() < b.elem_count();
    let (big, small) = if swap { (b, a) } else { (a, b) };
    // both checked above (as `host_zip` does): read without `host_values`' checks again
    let ys = T::values(small).map_err(|e| err(op, e))?;
    let ys = batched(op, &ys, small.dims(), &p.batch)?;
    let run = |xs: &[T]| {
        let xs = batched(op, xs, big.dims(), &p.batch)?;
        let (l, r) = if swap { (&ys, &xs) } else { (&xs, &ys) };
        product(op, l, r, p.batch.iter().product(), [p.m, p.k, p.n])
    };
    let r = match T::read(big, run) {
        Some(r) => r?,
        None => run(&T::values(big).map_err(|e| err(op, e))?)?,
    };
    T::array(op, r, &p.result, device)
}

#[ivy_macros::backend_impl]
impl LinalgBackend for CandleBackend {
    #[host_dtypes({"0.11.1 and below": ("integer", "bool")})]
    fn matmul(x1: &Array, x2: &Array, p: MatmulPlan) -> Result<Array> {
        const OP: &str = "matmul";
        let (a, b) = (tensor(OP, x1)?, tensor(OP, x2)?);
        // the 1-d rules: a row vector, a column vector
        let a2 = if a.rank() == 1 {
            a.unsqueeze(0)
        } else {
            Ok(a.clone())
        };
        let b2 = if b.rank() == 1 {
            b.unsqueeze(1)
        } else {
            Ok(b.clone())
        };
        let (a2, b2) = (a2.map_err(|e| err(OP, e))?, b2.map_err(|e| err(OP, e))?);
        let d = x1.dtype();
        // a float32 or float64 product on the CPU runs on the host, by the kernels ndarray's
        // runs (so the two agree bit for bit), outside a recorded gradient graph. Small ones:
        // candle's own took 1.09 µs from Python for 1 x 1 (its six tensor ops and gemm's
        // setup), 2.8x ndarray's; on the host 0.65 (one copy of each operand out, one of the
        // result in). Large ones: candle's own was 1.6-2.0x ndarray's at 128-1024 (float32
        // and float64, from Python, 2 cores): the copies cost less than that.
        let work = [p.m, p.k, p.n]
            .into_iter()
            .fold(p.batch.iter().product::<usize>(), usize::saturating_mul);
        let host = a.device().is_cpu()
            && !super::autograd::on_recorded_graph(a)
            && !super::autograd::on_recorded_graph(b);
        use crate::kernel::gemm::dense_matmul;
        match d {
            Dtype::Float32 if host => {
                return host_product::<f32>(OP, &a2, &b2, &p, a.device(), dense_matmul)
            }
            Dtype::Float64 if host => {
                return host_product::<f64>(OP, &a2, &b2, &p, a.device(), dense_matmul)
            }
            _ => {}
        }
        if d.is_float() && work > 0 {
            // the batch broadcast, then flattened to one batch dimension: candle's CPU
            // matmul takes at most one (a rank-5 product fails on its striding check)
            let batch: usize = p.batch.iter().product();
            let full = |t: &Tensor, r: usize, c: usize| {
                let mut s = p.batch.clone();
                s.extend([r, c]);
                t.broadcast_as(s)
                    .and_then(|t| t.contiguous())
                    .and_then(|t| t.reshape((batch, r, c)))
            };
            let r = full(&a2, p.m, p.k)
                .and_then(|a| Ok((a, full(&b2, p.k, p.n)?)))
                .and_then(|(a, b)| a.matmul(&b))
                .and_then(|r| r.reshape(p.result.dims()));
            return wrap(OP, d, r);
        }
        host_types!(OP, d, T => {
            host_product::<T>(OP, &a2, &b2, &p, a.device(), crate::kernel::gemm::matmul)
        })
    }

    #[with_supported_dtypes({"0.11.1 and below": ("float32", "float64")})]
    #[host_dtypes({"0.11.1 and below": ("float32", "float64")})]
    fn inv(x: &Array, p: StackPlan) -> Result<Array> {
        dense::inv::<Self>(x, &p)
    }
    #[with_supported_dtypes({"0.11.1 and below": ("float32", "float64")})]
    #[host_dtypes({"0.11.1 and below": ("float32", "float64")})]
    fn det(x: &Array, p: StackPlan) -> Result<Array> {
        dense::det::<Self>(x, &p)
    }
    #[with_supported_dtypes({"0.11.1 and below": ("float32", "float64")})]
    #[host_dtypes({"0.11.1 and below": ("float32", "float64")})]
    fn slogdet(x: &Array, p: StackPlan) -> Result<(Array, Array)> {
        dense::slogdet::<Self>(x, &p)
    }
    #[with_supported_dtypes({"0.11.1 and below": ("float32", "float64")})]
    #[host_dtypes({"0.11.1 and below": ("float32", "float64")})]
    fn cholesky(x: &Array, upper: bool, p: StackPlan) -> Result<Array> {
        dense::cholesky::<Self>(x, upper, &p)
    }
    #[with_supported_dtypes({"0.11.1 and below": ("float32", "float64")})]
    #[host_dtypes({"0.11.1 and below": ("float32", "float64")})]
    fn solve(x1: &Array, x2: &Array, p: SolvePlan) -> Result<Array> {
        dense::solve::<Self>(x1, x2, &p)
    }
    #[with_supported_dtypes({"0.11.1 and below": ("float32", "float64")})]
    #[host_dtypes({"0.11.1 and below": ("float32", "float64")})]
    fn eigh(x: &Array, p: StackPlan) -> Result<(Array, Array)> {
        dense::eigh::<Self>(x, &p)
    }
    #[with_supported_dtypes({"0.11.1 and below": ("float32", "float64")})]
    #[host_dtypes({"0.11.1 and below": ("float32", "float64")})]
    fn eigvalsh(x: &Array, p: StackPlan) -> Result<Array> {
        dense::eigvalsh::<Self>(x, &p)
    }
    #[with_supported_dtypes({"0.11.1 and below": ("float32", "float64")})]
    #[host_dtypes({"0.11.1 and below": ("float32", "float64")})]
    fn qr(x: &Array, mode: String, p: StackPlan) -> Result<(Array, Array)> {
        dense::qr::<Self>(x, &mode, &p)
    }
    #[with_supported_dtypes({"0.11.1 and below": ("float32", "float64")})]
    #[host_dtypes({"0.11.1 and below": ("float32", "float64")})]
    fn svd(x: &Array, full_matrices: bool, p: StackPlan) -> Result<(Array, Array, Array)> {
        dense::svd::<Self>(x, full_matrices, &p)
    }
    #[with_supported_dtypes({"0.11.1 and below": ("float32", "float64")})]
    #[host_dtypes({"0.11.1 and below": ("float32", "float64")})]
    fn svdvals(x: &Array, p: StackPlan) -> Result<Array> {
        dense::svdvals::<Self>(x, &p)
    }
}
