//! Manipulation: joining arrays.

/// Joining, splitting and reshaping arrays.
#[ivy_macros::category]
pub mod manipulation {
    use crate::{Array, Result};

    /// Joins arrays along an existing `axis` (the Array API's `concat`); with `axis: None`
    /// they are flattened first. The arrays are promoted to one dtype (Ivy's table, as
    /// operands are); every dimension but `axis` must agree. Nestable: any array of the
    /// list may be a Container.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray(vec![vec![1.0f32, 2.0]])?;
    /// let y = ivy::astype(&ivy::asarray(vec![vec![3.0, 4.0]])?, Dtype::Float64)?;
    /// let z = ivy::concat(&[&x, &y])?; // axis 0, promoted to float64
    /// assert_eq!((z.shape(), z.dtype()), (&[2usize, 2][..], Dtype::Float64));
    /// let w = ivy::concat_with(&[&x, &y], ConcatKw { axis: Some(-1) })?;
    /// assert_eq!(w.to_f64_vec()?, [1.0, 2.0, 3.0, 4.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[check(super::concat_args)]
    pub fn concat(
        arrays: &[&Array],
        #[kw(default = Some(0))]
        #[axis]
        axis: Option<i64>,
        out: Option<&mut Array>,
    ) -> Result<Array>;
}

pub use manipulation::*;

use crate::{Array, Error, Result};

/// `concat`'s shared check (before any backend runs, the axis already normalised against
/// the first array, so the list is not empty): one rank and every dimension but `axis`
/// equal.
pub(crate) fn concat_args(
    op: &'static str,
    arrays: &&[&Array],
    axis: &Option<usize>,
) -> Result<()> {
    let (Some(first), Some(ax)) = (arrays.first(), *axis) else {
        return Ok(()); // flattened: any shapes
    };
    for x in arrays.iter() {
        let same = x.ndim() == first.ndim()
            && x.shape()
                .iter()
                .zip(first.shape())
                .enumerate()
                .all(|(i, (a, b))| i == ax || a == b);
        if !same {
            return Err(Error::Shape {
                op,
                lhs: first.shape().to_vec(),
                rhs: x.shape().to_vec(),
                reason: "do not join (the arrays need one rank and equal dimensions except along `axis`)",
            });
        }
    }
    Ok(())
}

/// What every backend's `concat` starts from: the first array, the normalised axis (`None`:
/// flatten) and the result's shape, whose allocation is probed first.
pub(crate) fn concat_plan<'a>(
    arrays: &[&'a Array],
    ax: Option<usize>,
) -> Result<(&'a Array, Option<usize>, Vec<usize>)> {
    const OP: &str = "concat";
    let first = *arrays.first().ok_or(Error::InvalidArgument {
        op: OP,
        message: "needs at least one array".into(),
    })?;
    let shape = concat_shape(arrays, ax);
    let n = crate::alloc::shape_size_of(OP, &shape, first.dtype())?;
    crate::alloc::probe(OP, crate::alloc::bytes_of(n, first.dtype()))?;
    Ok((first, ax, shape))
}

/// The shape of `concat`'s result (the arguments checked).
fn concat_shape(arrays: &[&Array], axis: Option<usize>) -> Vec<usize> {
    match (axis, arrays.first()) {
        (None, _) => vec![arrays.iter().map(|x| x.size()).sum()],
        (Some(ax), Some(first)) => {
            let mut s = first.shape().to_vec();
            if let Some(d) = s.get_mut(ax) {
                *d = arrays
                    .iter()
                    .map(|x| x.shape().get(ax).copied().unwrap_or(0))
                    .sum();
            }
            s
        }
        (Some(_), None) => vec![0],
    }
}
