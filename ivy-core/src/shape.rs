//! [`Shape`]: what shape parameters accept (`impl Into<Shape>`).

/// The dimensions of an array, as a shape parameter takes them: a slice, an array, a `Vec`,
/// a tuple of up to six dimensions, `()` for a 0-d array, or one `usize` for a 1-d array
/// (candle's `Into<Shape>` and ndarray's `IntoDimension` accept the same).
///
/// Ops declare a shape parameter as `shape: Shape`; the generated functions take
/// `impl Into<Shape>` and backends receive `&[usize]`.
///
/// ```
/// use ivy_core::Shape;
/// assert_eq!(Shape::from((2, 3)).dims(), &[2, 3]);
/// assert_eq!(Shape::from([2, 3]), Shape::from(&[2usize, 3][..]));
/// assert_eq!(Shape::from(vec![4]), Shape::from(4));
/// assert_eq!(Shape::from(()).dims(), &[] as &[usize]);
/// assert_eq!(Shape::from((2, 3, 4)).to_string(), "(2, 3, 4)");
/// // however it was made: inline (up to six dimensions) or a `Vec` taken as it is
/// assert_eq!(Shape::from(vec![1; 7]).dims(), Shape::from([1; 7]).dims());
/// assert_eq!(Shape::from(vec![2, 3]), Shape::from((2, 3)));
/// ```
#[derive(Clone)]
pub struct Shape(Repr);

/// Up to [`INLINE`] dimensions are held inline: a shape argument allocates nothing (a
/// one-element `zeros` made two heap allocations for its shape alone).
const INLINE: usize = 6;

#[derive(Clone)]
enum Repr {
    Inline(u8, [usize; INLINE]),
    Heap(Vec<usize>),
}

impl Shape {
    /// Inline (no allocation) up to six dimensions. Inlined, so that a length known where it
    /// is called (a `usize`, a tuple, an array) folds to plain stores.
    #[inline]
    fn from_slice(v: &[usize]) -> Shape {
        if v.len() <= INLINE {
            // a fixed six reads, each a select (no call to `memcpy`, which cost a copied
            // one-dimension shape 78 instructions)
            let d = core::array::from_fn(|i| v.get(i).copied().unwrap_or(0));
            Shape(Repr::Inline(v.len() as u8, d))
        } else {
            Shape(Repr::Heap(v.to_vec()))
        }
    }

    /// The dimensions.
    #[inline]
    pub fn dims(&self) -> &[usize] {
        match &self.0 {
            Repr::Inline(n, d) => &d[..usize::from(*n)],
            Repr::Heap(v) => v,
        }
    }

    /// The number of dimensions.
    #[inline]
    pub fn ndim(&self) -> usize {
        self.dims().len()
    }

    /// The dimensions, owned.
    #[inline]
    pub fn into_vec(self) -> Vec<usize> {
        match self.0 {
            Repr::Heap(v) => v,
            Repr::Inline(..) => self.dims().to_vec(),
        }
    }
}

impl Default for Shape {
    #[inline]
    fn default() -> Self {
        Shape(Repr::Inline(0, [0; INLINE]))
    }
}

impl PartialEq for Shape {
    #[inline]
    fn eq(&self, other: &Shape) -> bool {
        self.dims() == other.dims()
    }
}

impl Eq for Shape {}

impl core::hash::Hash for Shape {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.dims().hash(state)
    }
}

/// `Shape([2, 3])`, however the dimensions are held.
impl core::fmt::Debug for Shape {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_tuple("Shape").field(&self.dims()).finish()
    }
}

impl core::ops::Deref for Shape {
    type Target = [usize];
    #[inline]
    fn deref(&self) -> &[usize] {
        self.dims()
    }
}

impl AsRef<[usize]> for Shape {
    #[inline]
    fn as_ref(&self) -> &[usize] {
        self.dims()
    }
}

/// Python's tuple notation, as Ivy prints shapes: `(2, 3)`, `(4,)`, `()`.
impl core::fmt::Display for Shape {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("(")?;
        for (i, d) in self.dims().iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{d}")?;
        }
        f.write_str(if self.ndim() == 1 { ",)" } else { ")" })
    }
}

impl From<Vec<usize>> for Shape {
    #[inline]
    fn from(v: Vec<usize>) -> Self {
        Shape(Repr::Heap(v))
    }
}

impl From<&Vec<usize>> for Shape {
    #[inline]
    fn from(v: &Vec<usize>) -> Self {
        Shape::from_slice(v)
    }
}

impl From<&[usize]> for Shape {
    #[inline]
    fn from(v: &[usize]) -> Self {
        Shape::from_slice(v)
    }
}

impl<const N: usize> From<[usize; N]> for Shape {
    #[inline]
    fn from(v: [usize; N]) -> Self {
        Shape::from_slice(&v)
    }
}

impl<const N: usize> From<&[usize; N]> for Shape {
    #[inline]
    fn from(v: &[usize; N]) -> Self {
        Shape::from_slice(v)
    }
}

impl From<&Shape> for Shape {
    #[inline]
    fn from(v: &Shape) -> Self {
        v.clone()
    }
}

impl From<usize> for Shape {
    #[inline]
    fn from(n: usize) -> Self {
        Shape::from_slice(&[n])
    }
}

/// Collects inline up to six dimensions, into a `Vec` beyond.
///
/// ```
/// use ivy_core::Shape;
/// let s: Shape = [2usize, 3].into_iter().chain([4]).collect();
/// assert_eq!(s, Shape::from((2, 3, 4)));
/// assert_eq!((0..8).collect::<Shape>().ndim(), 8);
/// ```
impl FromIterator<usize> for Shape {
    fn from_iter<I: IntoIterator<Item = usize>>(iter: I) -> Self {
        let mut d = [0; INLINE];
        let mut iter = iter.into_iter();
        for (n, slot) in d.iter_mut().enumerate() {
            match iter.next() {
                None => return Shape(Repr::Inline(n as u8, d)),
                Some(x) => *slot = x,
            }
        }
        match iter.next() {
            None => Shape(Repr::Inline(INLINE as u8, d)),
            Some(x) => {
                let mut v = d.to_vec();
                v.push(x);
                v.extend(iter);
                Shape(Repr::Heap(v))
            }
        }
    }
}

impl From<()> for Shape {
    #[inline]
    fn from((): ()) -> Self {
        Shape::default()
    }
}

macro_rules! shape_from_tuples {
    ($(($($v:ident),+)),+ $(,)?) => {$(
        impl From<($(shape_from_tuples!(@usize $v),)+)> for Shape {
            #[inline]
            fn from(($($v,)+): ($(shape_from_tuples!(@usize $v),)+)) -> Self {
                Shape::from_slice(&[$($v),+])
            }
        }
    )+};
    (@usize $v:ident) => { usize };
}

shape_from_tuples!(
    (a),
    (a, b),
    (a, b, c),
    (a, b, c, d),
    (a, b, c, d, e),
    (a, b, c, d, e, f)
);
