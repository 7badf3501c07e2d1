//! Reductions.

/// Reductions.
#[ivy_macros::category]
pub mod statistical {
    use crate::{Array, Dtype, Result};

    /// Sum over `axis` (all axes when `None`), keeping reduced axes as 1 with `keepdims`,
    /// computed in `dtype` when given (bool sums in the default int dtype).
    #[primary]
    #[nestable]
    #[check(super::reduction_axes)]
    pub fn sum(
        x: &Array,
        #[kw] axis: Option<Vec<i64>>,
        #[kw] keepdims: bool,
        #[kw] dtype: Option<Dtype>,
        out: Option<&mut Array>,
    ) -> Result<Array>;
}

pub use statistical::*;

/// The shared check of reductions: every axis in range (before any backend runs).
pub(crate) fn reduction_axes(
    op: &'static str,
    x: &&crate::Array,
    axis: &Option<Vec<i64>>,
    _keepdims: &bool,
    _dtype: &Option<crate::Dtype>,
) -> crate::Result<()> {
    normalize_axes(op, axis, x.ndim()).map(drop)
}

/// Normalises `axis` against `ndim`: sorted, unique, non-negative; errors name the op.
pub(crate) fn normalize_axes(
    op: &'static str,
    axis: &Option<Vec<i64>>,
    ndim: usize,
) -> crate::Result<Vec<usize>> {
    let mut v = Vec::new();
    match axis {
        None => v.extend(0..ndim),
        Some(axes) => {
            for &a in axes {
                let n = ndim as i64;
                if a < -n || a >= n {
                    return Err(crate::Error::Axis { op, axis: a, ndim });
                }
                v.push(if a < 0 { (a + n) as usize } else { a as usize });
            }
        }
    }
    v.sort_unstable();
    v.dedup();
    Ok(v)
}

/// The dtype a sum accumulates in.
pub(crate) fn sum_dtype(x: crate::Dtype, dtype: Option<crate::Dtype>) -> crate::Dtype {
    dtype.unwrap_or(if x == crate::Dtype::Bool {
        ivy_core::default_int_dtype()
    } else {
        x
    })
}
