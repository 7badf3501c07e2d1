//! Manipulation: joining, reshaping, permuting and gathering arrays. Three primitives each
//! backend implements (`reshape`, `permute_dims`, `take`, plus `concat`); every other
//! manipulation op is a compositional body over them, so it runs on every backend with
//! that backend's own kernels.

/// Joining, splitting and reshaping arrays.
#[ivy_macros::category(support_docs = "docs/support")]
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
    #[check(super::concat_args -> Vec<usize>)]
    pub fn concat(
        arrays: &[&Array],
        #[kw(default = Some(0))]
        #[axis]
        axis: Option<i64>,
        out: Option<&mut Array>,
    ) -> Result<Array>;

    /// `x` with a new `shape` of the same size; one entry may be `-1` (inferred). With
    /// `copy = Some(false)` the result must share `x`'s memory: it does for a row-major
    /// ndarray array (copy-on-write storage) and a contiguous candle tensor, and is
    /// `Error::CopyNotAvoidable` otherwise. `None` copies only where needed (a candle `Var`
    /// is not shared), `Some(true)` always; with `out`, `out` wins.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::arange(6.0)?;
    /// let y = ivy::reshape(&x, &[2, -1])?;
    /// assert_eq!(y.shape(), &[2, 3]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[check(super::reshape_args -> super::Dims)]
    pub fn reshape(
        x: &Array,
        shape: &[i64],
        #[kw] copy: Option<bool>,
        out: Option<&mut Array>,
    ) -> Result<Array>;

    /// The axes of `x` reordered: axis `i` of the result is axis `axes[i]` of `x` (a
    /// permutation of `0..ndim`, negative axes counting from the end).
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::reshape(&ivy::arange(6.0)?, &[2, 3])?;
    /// let t = ivy::permute_dims(&x, &[1, 0])?;
    /// assert_eq!(t.shape(), &[3, 2]);
    /// assert_eq!(t.to_f64_vec()?, [0.0, 3.0, 1.0, 4.0, 2.0, 5.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[check(super::permute_args -> Vec<usize>)]
    pub fn permute_dims(x: &Array, axes: &[i64], out: Option<&mut Array>) -> Result<Array>;

    /// The elements of `x` at `indices` along `axis` (numpy's `take`): the result's shape is
    /// `x`'s with that axis replaced by `indices`' shape. Negative indices count from the
    /// end; an index out of range is `Error::InvalidArgument`. With `axis: None`, `x` is
    /// flattened first.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray(vec![10.0f32, 20.0, 30.0])?;
    /// let i = ivy::asarray(vec![2i64, 0, -1])?;
    /// assert_eq!(ivy::take(&x, &i)?.to_f64_vec()?, [30.0, 10.0, 30.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[check(super::take_args -> super::TakePlan)]
    pub fn take(
        x: &Array,
        #[index] indices: &Array,
        #[kw]
        #[axis]
        axis: Option<i64>,
        out: Option<&mut Array>,
    ) -> Result<Array>;

    /// `x` with a new axis of length 1 inserted at `axis` (in the result's axes: `-1`
    /// appends).
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::zeros(&[2, 3])?;
    /// assert_eq!(ivy::expand_dims(&x, -1)?.shape(), &[2, 3, 1]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[nestable]
    pub fn expand_dims(x: &Array, axis: i64, out: Option<&mut Array>) -> Result<Array> {
        let shape = super::expanded_shape("expand_dims", x.shape(), axis)?;
        reshape_into(x, &shape, ReshapeKw::default(), out)
    }

    /// `x` without the given axes, each of which must have length 1 and be named once.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::zeros(&[1, 3, 1])?;
    /// assert_eq!(ivy::squeeze(&x, &[0, -1])?.shape(), &[3]);
    /// assert!(ivy::squeeze(&x, &[0, -3]).is_err()); // axis 0 twice
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[nestable]
    pub fn squeeze(x: &Array, axis: &[i64], out: Option<&mut Array>) -> Result<Array> {
        let shape = super::squeezed_shape("squeeze", x.shape(), axis)?;
        reshape_into(x, &shape, ReshapeKw::default(), out)
    }

    /// The last two axes of `x` swapped (a stack of matrices transposed).
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::zeros(&[4, 2, 3])?;
    /// assert_eq!(ivy::matrix_transpose(&x)?.shape(), &[4, 3, 2]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[nestable]
    pub fn matrix_transpose(x: &Array, out: Option<&mut Array>) -> Result<Array> {
        let axes = super::transposed_axes("matrix_transpose", x.ndim())?;
        permute_dims_into(x, &axes, out)
    }

    /// The axes `source` of `x` moved to the positions `destination` (the other axes keep
    /// their order).
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::zeros(&[2, 3, 4])?;
    /// assert_eq!(ivy::moveaxis(&x, &[0], &[-1])?.shape(), &[3, 4, 2]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[nestable]
    pub fn moveaxis(
        x: &Array,
        source: &[i64],
        destination: &[i64],
        out: Option<&mut Array>,
    ) -> Result<Array> {
        let axes = super::moved_axes("moveaxis", x.ndim(), source, destination)?;
        permute_dims_into(x, &axes, out)
    }

    /// `x` with the order of elements reversed along `axis` (every axis when `None`).
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::arange(3.0)?;
    /// assert_eq!(ivy::flip(&x)?.to_f64_vec()?, [2.0, 1.0, 0.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[nestable]
    pub fn flip(x: &Array, #[kw] axis: Option<Vec<i64>>, out: Option<&mut Array>) -> Result<Array> {
        let axes: Vec<usize> = match axis {
            None => (0..x.ndim()).collect(),
            // a repeated axis is an error (numpy's), not two flips that cancel
            Some(v) => super::distinct_axes("flip", x.ndim(), &v)?,
        };
        let mut y: Option<Array> = None;
        for ax in axes.into_iter().filter(|_| x.size() > 0) {
            let n = x.shape()[ax];
            let idx = super::flipped_indices("flip", x, n)?;
            y = Some(take_with(
                y.as_ref().unwrap_or(x),
                &idx,
                TakeKw {
                    axis: Some(ax as i64),
                },
            )?);
        }
        super::finish("flip", x, y, out)
    }

    /// `x` shifted by `shift` along `axis` (each shift with its axis), elements rolling over
    /// the end; with `axis: None` the flattened array is rolled and the shape restored.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::arange(4.0)?;
    /// assert_eq!(ivy::roll(&x, &[1])?.to_f64_vec()?, [3.0, 0.0, 1.0, 2.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[nestable]
    pub fn roll(
        x: &Array,
        shift: &[i64],
        #[kw] axis: Option<Vec<i64>>,
        out: Option<&mut Array>,
    ) -> Result<Array> {
        let Some(axes) = axis else {
            let flat = reshape(x, &super::FLAT)?;
            let shape: Vec<i64> = x.shape().iter().map(|&d| d as i64).collect();
            let idx = super::rolled_indices("roll", x, flat.size(), super::total_shift(shift))?;
            return reshape_into(&take(&flat, &idx)?, &shape, ReshapeKw::default(), out);
        };
        let pairs = super::roll_pairs("roll", x.ndim(), shift, &axes)?;
        let mut y: Option<Array> = None;
        for (ax, s) in pairs.into_iter().filter(|_| x.size() > 0) {
            let idx = super::rolled_indices("roll", x, x.shape()[ax], s.into())?;
            y = Some(take_with(
                y.as_ref().unwrap_or(x),
                &idx,
                TakeKw {
                    axis: Some(ax as i64),
                },
            )?);
        }
        super::finish("roll", x, y, out)
    }

    /// Joins arrays of one shape along a new axis `axis` (promoted to one dtype, as
    /// `concat` promotes).
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let (a, b) = (ivy::zeros(&[3])?, ivy::ones(&[3])?);
    /// assert_eq!(ivy::stack(&[&a, &b])?.shape(), &[2, 3]);
    /// assert_eq!(ivy::stack_with(&[&a, &b], StackKw { axis: 1 })?.shape(), &[3, 2]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[nestable]
    pub fn stack(
        arrays: &[&Array],
        #[kw(default = 0)] axis: i64,
        out: Option<&mut Array>,
    ) -> Result<Array> {
        let first = arrays.first().ok_or(crate::Error::InvalidArgument {
            op: "stack",
            message: "needs at least one array".into(),
        })?;
        for a in arrays.iter() {
            if a.shape() != first.shape() {
                return Err(crate::Error::Shape {
                    op: "stack",
                    lhs: first.shape().to_vec(),
                    rhs: a.shape().to_vec(),
                    reason: "differ (stacked arrays need one shape)",
                });
            }
        }
        let expanded = arrays
            .iter()
            .map(|a| expand_dims(a, axis))
            .collect::<Result<Vec<Array>>>()?;
        let refs: Vec<&Array> = expanded.iter().collect();
        let ax = super::expanded_axis("stack", first.ndim(), axis)?;
        concat_into(
            &refs,
            ConcatKw {
                axis: Some(ax as i64),
            },
            out,
        )
    }

    /// The arrays along `axis` of `x`, that axis removed (the inverse of `stack`).
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::reshape(&ivy::arange(6.0)?, &[2, 3])?;
    /// let rows = ivy::unstack(&x)?;
    /// assert_eq!(rows.len(), 2);
    /// assert_eq!(rows[1].to_f64_vec()?, [3.0, 4.0, 5.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[nestable]
    pub fn unstack(x: &Array, #[kw(default = 0)] axis: i64) -> Result<Vec<Array>> {
        let axis = super::normalize_axis("unstack", axis, x.ndim())?;
        let n = x.shape()[axis];
        let mut parts = crate::kernel::alloc::try_vec::<Array>("unstack", n)?;
        for i in 0..n {
            let idx = super::index_array_of("unstack", x, vec![i as i64])?;
            let kw = TakeKw {
                axis: Some(axis as i64),
            };
            parts.push(squeeze(&take_with(x, &idx, kw)?, &[axis as i64])?);
        }
        Ok(parts)
    }

    /// `x` repeated `repetitions[i]` times along axis `i` (numpy's `tile`): with more
    /// repetitions than axes, `x` gains leading axes of length 1 first; with fewer, the
    /// repetitions gain leading 1s.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray(vec![1.0f32, 2.0])?;
    /// assert_eq!(ivy::tile(&x, &[2])?.to_f64_vec()?, [1.0, 2.0, 1.0, 2.0]);
    /// assert_eq!(ivy::tile(&x, &[2, 1])?.shape(), &[2, 2]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[nestable]
    pub fn tile(x: &Array, repetitions: &[i64], out: Option<&mut Array>) -> Result<Array> {
        let (shape, reps) = super::tile_plan("tile", x.shape(), repetitions)?;
        // the result's size checked first, as the creation ops check theirs: a shape too
        // large to hold is a ValueError naming it, not an index array's failed allocation
        let result: Vec<usize> = shape
            .iter()
            .zip(&reps)
            .map(|(&d, &r)| (d as usize).saturating_mul(r))
            .collect();
        crate::kernel::alloc::shape_size_of("tile", &result, x.dtype())?;
        if result.contains(&0) {
            // an empty result: no index arrays (a huge repetition beside an empty axis
            // would allocate one), just its shape on x's backend, dtype and device
            let kw = crate::prelude::ZerosKw {
                dtype: Some(x.dtype()),
                device: Some(x.device()),
            };
            let y = ivy_core::with_backend(x.backend(), || crate::zeros_with(&result[..], kw))?;
            return super::finish("tile", x, Some(y), out);
        }
        let mut y = reshape(x, &shape)?;
        for (ax, &r) in reps.iter().enumerate() {
            if r == 1 {
                continue;
            }
            let idx = super::tiled_indices("tile", x, y.shape()[ax], r)?;
            y = take_with(
                &y,
                &idx,
                TakeKw {
                    axis: Some(ax as i64),
                },
            )?;
        }
        super::finish("tile", x, Some(y), out)
    }

    /// Each element of `x` repeated `repeats` times along `axis` (the flattened `x` when
    /// `None`): `repeats` (the Array API's `int | array`, [`Repeats`](crate::Repeats)) is one
    /// count for every element (an int, a list of one, a 0-d or one-element array) or one
    /// per element along the axis (a list of ints, a 1-D integer array).
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray(vec![1.0f32, 2.0])?;
    /// assert_eq!(ivy::repeat(&x, 2)?.to_f64_vec()?, [1.0, 1.0, 2.0, 2.0]);
    /// assert_eq!(ivy::repeat(&x, &[1, 3])?.to_f64_vec()?, [1.0, 2.0, 2.0, 2.0]);
    /// let counts = ivy::asarray(vec![0i64, 2])?;
    /// assert_eq!(ivy::repeat(&x, &counts)?.to_f64_vec()?, [2.0, 2.0]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[nestable]
    pub fn repeat(
        x: &Array,
        repeats: impl Into<crate::Repeats>,
        #[kw] axis: Option<i64>,
        out: Option<&mut Array>,
    ) -> Result<Array> {
        let repeats = repeats.into();
        let repeats = repeats.counts("repeat")?;
        let (src, ax) = match axis {
            Some(a) => (None, super::normalize_axis("repeat", a, x.ndim())?),
            None => (Some(reshape(x, &super::FLAT)?), 0),
        };
        let src_ref = src.as_ref().unwrap_or(x);
        let n = src_ref.shape().get(ax).copied().unwrap_or(1);
        let idx = super::repeat_indices("repeat", n, &repeats)?;
        let idx = super::index_array_of("repeat", x, idx)?;
        take_into(
            src_ref,
            &idx,
            TakeKw {
                axis: Some(ax as i64),
            },
            out,
        )
    }
}

#[doc(inline)]
pub use manipulation::*;

use crate::{Array, Dtype, Error, Result};

/// `reshape` into `out` on backend `B`: `out` wins over `copy` (the seed's rule), so the
/// values are reshaped as `copy = None` would (a view where the layout allows) and written
/// into `out`'s buffer, cast to its dtype; `out` is unchanged on error.
pub(crate) fn reshape_on_out<B: manipulation::ManipulationBackend>(
    x: &Array,
    shape: &[i64],
    to: Dims,
    out: &mut Array,
) -> Result<()> {
    crate::engine::out::write_out("reshape", B::reshape(x, shape, None, to)?, out)
}

/// `concat`'s check and plan (before any backend runs, the arrays promoted, the axis
/// normalised against the first array): at least one array, one rank and every dimension
/// but `axis` equal; the plan is the result's shape, whose allocation is probed first.
pub(crate) fn concat_args(
    op: &'static str,
    arrays: &&[&Array],
    axis: &Option<usize>,
) -> Result<Vec<usize>> {
    let first = *arrays.first().ok_or(Error::InvalidArgument {
        op,
        message: "needs at least one array".into(),
    })?;
    if let Some(ax) = *axis {
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
    }
    let shape = concat_shape(arrays, *axis);
    crate::kernel::alloc::reserve(op, &shape, first.dtype())?;
    Ok(shape)
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

/// An axis of a rank-`ndim` array, negative counting from the end (`Error::Axis` out of
/// range): the normaliser of `#[axis]` parameters.
pub(crate) use crate::engine::checks::normalize_axis;

/// `i` wrapped into `0..n` (0 when `n` is 0).
pub(crate) fn wrap_index(i: i64, n: i64) -> i64 {
    if n == 0 {
        0
    } else {
        i.rem_euclid(n)
    }
}

/// `reshape`'s target shape: one `-1` inferred, every other entry non-negative, the same
/// number of elements as `from`.
/// A shape held inline up to 8 axes (no allocation on the hot path of `reshape`): the plan
/// `reshape`'s backends get (the target shape, `-1` inferred), read as a `&[usize]`.
///
/// ```
/// use ivy::prelude::*;
/// ivy::set_backend(Backend::Ndarray);
/// // what a backend's `reshape` receives for `reshape(&x, &[2, -1])` of 6 elements: [2, 3]
/// assert_eq!(ivy::reshape(&ivy::arange(6.0)?, &[2, -1])?.shape(), &[2, 3]);
/// # Ok::<(), ivy::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Dims {
    inline: [usize; 8],
    heap: Vec<usize>,
    len: usize,
}

impl Dims {
    fn new(it: impl ExactSizeIterator<Item = usize>) -> Dims {
        let len = it.len();
        let mut d = Dims {
            inline: [0; 8],
            heap: Vec::new(),
            len,
        };
        if len <= 8 {
            for (slot, v) in d.inline.iter_mut().zip(it) {
                *slot = v;
            }
        } else {
            d.heap = it.collect();
        }
        d
    }
}

impl std::ops::Deref for Dims {
    type Target = [usize];
    fn deref(&self) -> &[usize] {
        if self.len <= 8 {
            &self.inline[..self.len]
        } else {
            &self.heap
        }
    }
}

pub(crate) fn reshape_shape(op: &'static str, from: &[usize], shape: &[i64]) -> Result<Dims> {
    let size: usize = from.iter().product();
    let bad = |why: &str| Error::InvalidArgument {
        op,
        message: format!(
            "cannot reshape an array of shape {from:?} (size {size}) to {shape:?}: {why}"
        ),
    };
    if shape.iter().filter(|&&d| d == -1).count() > 1 {
        return Err(bad("at most one dimension may be -1"));
    }
    if shape.iter().any(|&d| d < -1) {
        return Err(bad("dimensions must be non-negative (or -1, inferred)"));
    }
    let known = shape
        .iter()
        .filter(|&&d| d != -1)
        .try_fold(1usize, |acc, &d| acc.checked_mul(d as usize))
        .ok_or_else(|| bad("the size overflows"))?;
    let out = if shape.contains(&-1) {
        if known == 0 || !size.is_multiple_of(known) {
            return Err(bad("the inferred dimension is not a whole number"));
        }
        Dims::new(
            shape
                .iter()
                .map(|&d| if d == -1 { size / known } else { d as usize }),
        )
    } else {
        if known != size {
            return Err(bad("the sizes differ"));
        }
        Dims::new(shape.iter().map(|&d| d as usize))
    };
    Ok(out)
}

/// `reshape`'s shared check (before any backend runs).
/// `reshape`'s check and plan: the target shape (`-1` inferred).
pub(crate) fn reshape_args(
    op: &'static str,
    x: &&Array,
    shape: &&[i64],
    _copy: &Option<bool>,
) -> Result<Dims> {
    let dims = reshape_shape(op, x.shape(), shape)?;
    // an empty array's other lengths too must make an array that could be allocated, as
    // for every new array (numpy's "array is too big"; ndarray refuses such a shape, candle
    // took it and failed later)
    crate::kernel::alloc::shape_size_of(op, &dims, x.dtype())?;
    Ok(dims)
}

/// `axes` as a permutation of `0..ndim` (negative axes from the end).
pub(crate) fn permutation(op: &'static str, ndim: usize, axes: &[i64]) -> Result<Vec<usize>> {
    let perm = distinct_axes(op, ndim, axes)?;
    if perm.len() != ndim {
        return Err(Error::InvalidArgument {
            op,
            message: format!("axes {axes:?} are not a permutation of the {ndim} axes of the array"),
        });
    }
    Ok(perm)
}

/// `permute_dims`'s check and plan: the permutation (axes normalised).
pub(crate) fn permute_args(op: &'static str, x: &&Array, axes: &&[i64]) -> Result<Vec<usize>> {
    permutation(op, x.ndim(), axes)
}

/// The position of an axis inserted into a rank-`ndim` array (`-1` appends).
pub(crate) fn expanded_axis(op: &'static str, ndim: usize, axis: i64) -> Result<usize> {
    normalize_axis(op, axis, ndim + 1)
}

/// `shape` with a 1 inserted at `axis` (as `i64`s, for `reshape`).
pub(crate) fn expanded_shape(op: &'static str, shape: &[usize], axis: i64) -> Result<Vec<i64>> {
    let ax = expanded_axis(op, shape.len(), axis)?;
    let mut s: Vec<i64> = shape.iter().map(|&d| d as i64).collect();
    s.insert(ax, 1);
    Ok(s)
}

/// `shape` without `axes`, each of which must have length 1 and be named once (numpy's
/// `squeeze` refuses `axis=(0, 0)`, as `permute_dims` and the reductions do).
pub(crate) fn squeezed_shape(op: &'static str, shape: &[usize], axes: &[i64]) -> Result<Vec<i64>> {
    let mut drop = vec![false; shape.len()];
    for (&a, ax) in axes.iter().zip(distinct_axes(op, shape.len(), axes)?) {
        if shape[ax] != 1 {
            return Err(Error::InvalidArgument {
                op,
                message: format!("cannot squeeze axis {a}: it has length {} (only axes of length 1 can be removed)", shape[ax]),
            });
        }
        drop[ax] = true;
    }
    Ok(shape
        .iter()
        .zip(drop)
        .filter(|(_, d)| !d)
        .map(|(&s, _)| s as i64)
        .collect())
}

/// The permutation that moves `source` axes to `destination`.
pub(crate) fn moved_axes(
    op: &'static str,
    ndim: usize,
    source: &[i64],
    destination: &[i64],
) -> Result<Vec<i64>> {
    if source.len() != destination.len() {
        return Err(Error::InvalidArgument {
            op,
            message: format!(
                "`source` ({source:?}) and `destination` ({destination:?}) must have one length"
            ),
        });
    }
    let src = distinct_axes(op, ndim, source)?;
    let dst = distinct_axes(op, ndim, destination)?;
    let mut order: Vec<i64> = (0..ndim)
        .filter(|a| !src.contains(a))
        .map(|a| a as i64)
        .collect();
    let mut pairs: Vec<(usize, usize)> = dst.into_iter().zip(src).collect();
    pairs.sort_unstable();
    for (d, s) in pairs {
        order.insert(d, s as i64);
    }
    Ok(order)
}

/// Distinct normalised axes, in their given order.
pub(crate) fn distinct_axes(op: &'static str, ndim: usize, axes: &[i64]) -> Result<Vec<usize>> {
    let v = axes
        .iter()
        .map(|&a| normalize_axis(op, a, ndim))
        .collect::<Result<Vec<usize>>>()?;
    let mut sorted = v.clone();
    sorted.sort_unstable();
    sorted.dedup();
    if sorted.len() != v.len() {
        return Err(Error::InvalidArgument {
            op,
            message: format!("axes {axes:?} repeat an axis"),
        });
    }
    Ok(v)
}

/// `roll`'s (axis, shift) pairs: one shift for every axis, or one each.
pub(crate) fn roll_pairs(
    op: &'static str,
    ndim: usize,
    shift: &[i64],
    axes: &[i64],
) -> Result<Vec<(usize, i64)>> {
    let shifts: Vec<i64> = match (shift.len(), axes.len()) {
        (1, n) => vec![shift[0]; n],
        (a, b) if a == b => shift.to_vec(),
        _ => {
            return Err(Error::InvalidArgument {
                op,
                message: format!(
                    "`shift` ({shift:?}) needs one value, or one per axis of `axis` ({axes:?})"
                ),
            })
        }
    };
    axes.iter()
        .zip(shifts)
        .map(|(&a, s)| Ok((normalize_axis(op, a, ndim)?, s)))
        .collect()
}

/// `tile`'s plan: the shape `x` is reshaped to (leading 1s added) and the repetitions per
/// axis (leading 1s added), both of one length.
pub(crate) fn tile_plan(
    op: &'static str,
    shape: &[usize],
    reps: &[i64],
) -> Result<(Vec<i64>, Vec<usize>)> {
    if let Some(r) = reps.iter().find(|&&r| r < 0) {
        return Err(Error::InvalidArgument {
            op,
            message: format!("repetitions must be non-negative, got {r}"),
        });
    }
    let n = shape.len().max(reps.len());
    let mut s = vec![1i64; n - shape.len()];
    s.extend(shape.iter().map(|&d| d as i64));
    let mut r = vec![1usize; n - reps.len()];
    r.extend(reps.iter().map(|&x| x as usize));
    Ok((s, r))
}

/// `repeat`'s gather indices along an axis of length `n`.
pub(crate) fn repeat_indices(op: &'static str, n: usize, repeats: &[i64]) -> Result<Vec<i64>> {
    if let Some(r) = repeats.iter().find(|&&r| r < 0) {
        return Err(Error::InvalidArgument {
            op,
            message: format!("repeats must be non-negative, got {r}"),
        });
    }
    // one count per element, without materialising the list (`n` may be huge for an empty
    // array: the index is then allocated fallibly below, or refused)
    let count = |i: usize| match repeats.len() {
        1 => repeats[0] as usize,
        _ => repeats[i] as usize,
    };
    if repeats.len() != 1 && repeats.len() != n {
        return Err(Error::InvalidArgument {
            op,
            message: format!(
                "`repeats` has {} counts for an axis of length {n}: give one, or one per element",
                repeats.len()
            ),
        });
    }
    let total = match repeats {
        // n loop steps only when the buffer of n * r indices (r > 0) was allocated
        [0] => return Ok(Vec::new()),
        [r] => n.checked_mul(*r as usize),
        _ => (0..n).try_fold(0usize, |a, i| a.checked_add(count(i))),
    }
    .ok_or(Error::InvalidArgument {
        op,
        message: "the result's size overflows".into(),
    })?;
    // the largest buffer the take path makes of these indices is the index array's data
    // (a `Scalar` each): asked for first, so a size the machine cannot hold is refused
    // before `total` indices are written
    crate::kernel::alloc::probe(
        op,
        total.saturating_mul(std::mem::size_of::<crate::Scalar>()),
    )?;
    let mut v = crate::kernel::alloc::try_vec::<i64>(op, total)?;
    for i in 0..n {
        v.extend(std::iter::repeat_n(i as i64, count(i)));
    }
    Ok(v)
}

// The scalar arithmetic of the compositional bodies lives in these helpers: a body's calls
// are its callees (its dtype support is theirs), and `n - 1` in a body would read as a call
// of `subtract`.

/// `reshape`'s shape that flattens.
pub(crate) const FLAT: [i64; 1] = [-1];

/// The axes of a rank-`ndim` array with the last two swapped.
pub(crate) fn transposed_axes(op: &'static str, ndim: usize) -> Result<Vec<i64>> {
    if ndim < 2 {
        return Err(Error::InvalidArgument {
            op,
            message: format!("needs an array of rank 2 or more, got rank {ndim}"),
        });
    }
    let mut axes: Vec<i64> = (0..ndim as i64).collect();
    axes.swap(ndim - 2, ndim - 1);
    Ok(axes)
}

/// The sum of `roll`'s shifts, exact (a sum wrapped modulo 2^64 is not the sum modulo the
/// length).
pub(crate) fn total_shift(shift: &[i64]) -> i128 {
    shift.iter().map(|&s| s as i128).sum()
}

/// `n - 1, …, 0`: the gather that flips an axis of length `n`.
pub(crate) fn flipped_indices(op: &'static str, like: &Array, n: usize) -> Result<Array> {
    index_array(op, like, n, |i| n as i64 - 1 - i)
}

/// The gather that rolls an axis of length `n` by `s` (any `s`: reduced modulo `n` first,
/// so `i - s` cannot overflow).
pub(crate) fn rolled_indices(op: &'static str, like: &Array, n: usize, s: i128) -> Result<Array> {
    let s = s.rem_euclid((n as i128).max(1)) as i64;
    index_array(op, like, n, |i| wrap_index(i - s, n as i64))
}

/// The gather that tiles an axis of length `n` `r` times.
pub(crate) fn tiled_indices(op: &'static str, like: &Array, n: usize, r: usize) -> Result<Array> {
    let len = n.checked_mul(r).ok_or(Error::InvalidArgument {
        op,
        message: "the result's size overflows".into(),
    })?;
    index_array(op, like, len, |i| i % n.max(1) as i64)
}

/// An int64 index array of `f(0), …, f(n - 1)` on `like`'s backend and device (the gathers
/// of the compositional bodies), its buffer allocated fallibly.
pub(crate) fn index_array(
    op: &'static str,
    like: &Array,
    n: usize,
    f: impl Fn(i64) -> i64,
) -> Result<Array> {
    let mut v = crate::kernel::alloc::try_vec::<i64>(op, n)?;
    v.extend((0..n as i64).map(f));
    index_array_of(op, like, v)
}

/// An int64 index array holding `v`, on `like`'s backend and device.
pub(crate) fn index_array_of(op: &'static str, like: &Array, v: Vec<i64>) -> Result<Array> {
    // straight from the buffer (no element-wise conversion)
    let len = v.len();
    crate::__for_backend!(like.backend(), __B =>
        <__B as crate::engine::family::Kernels>::from_host(op, v, &[len], like.device()),
        else => Err(Error::BackendUnavailable { backend: like.backend() }))
}

/// The end of a body that computed `y` (`None`: `x` unchanged, copied): written into `out`
/// when given.
pub(crate) fn finish(
    op: &'static str,
    x: &Array,
    y: Option<Array>,
    out: Option<&mut Array>,
) -> Result<Option<Array>> {
    let y = match y {
        Some(y) => y,
        None => x.clone(),
    };
    match out {
        Some(o) => crate::engine::out::write_out(op, y, o).map(|_| None),
        None => Ok(Some(y)),
    }
}

/// `take`'s indices for an axis of length `n`: `None` for an int64 array (the backend reads
/// it as it is, and the gather wraps and checks each index as it reads it: no pass here),
/// else the indices in int64, made non-negative and checked.
pub(crate) fn take_indices(
    op: &'static str,
    indices: &Array,
    n: usize,
) -> Result<Option<Vec<i64>>> {
    if indices.dtype() == Dtype::Int64 {
        return Ok(None);
    }
    let mut v = crate::native::int_values(op, indices, crate::native::IntRole::Index)?;
    crate::kernel::gather::wrap_indices(op, &mut v, n)?;
    Ok(Some(v))
}

/// `take`'s result shape: `x`'s shape (flattened when `axis` is `None`) with the axis
/// replaced by the indices' shape.
pub(crate) fn take_shape(x: &[usize], indices: &[usize], axis: Option<usize>) -> Vec<usize> {
    match axis {
        None => indices.to_vec(),
        Some(ax) => {
            let mut s = x[..ax].to_vec();
            s.extend_from_slice(indices);
            s.extend_from_slice(&x[ax + 1..]);
            s
        }
    }
}

/// `take`'s plan: the indices, wrapped into the axis and checked, and the result's shape
/// (its allocation probed).
///
/// ```
/// use ivy::prelude::*;
/// ivy::set_backend(Backend::Ndarray);
/// // the plan of this call: indices `None` (the int64 array as given), shape [2]
/// let x = ivy::asarray(vec![10.0f32, 20.0, 30.0])?;
/// assert_eq!(ivy::take(&x, &ivy::asarray(vec![-1i64, 0])?)?.to_f64_vec()?, [30.0, 10.0]);
/// # Ok::<(), ivy::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct TakePlan {
    /// The indices into the axis (or the flattened array), each in range (non-negative);
    /// `None`: the indices array itself (int64, not yet checked: the gather wraps negative
    /// ones and rejects any out of range, as it reads them).
    pub indices: Option<Vec<i64>>,
    /// The result's shape.
    pub shape: Vec<usize>,
}

/// `take`'s check and plan.
pub(crate) fn take_args(
    op: &'static str,
    x: &&Array,
    indices: &&Array,
    axis: &Option<usize>,
) -> Result<TakePlan> {
    let n = axis.map_or(x.size(), |ax| x.shape()[ax]);
    let idx = take_indices(op, indices, n)?;
    let shape = take_shape(x.shape(), indices.shape(), *axis);
    crate::kernel::alloc::reserve(op, &shape, x.dtype())?;
    Ok(TakePlan {
        indices: idx,
        shape,
    })
}
