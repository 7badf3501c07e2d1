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
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Shape(Vec<usize>);

impl Shape {
    /// The dimensions.
    #[inline]
    pub fn dims(&self) -> &[usize] {
        &self.0
    }

    /// The number of dimensions.
    #[inline]
    pub fn ndim(&self) -> usize {
        self.0.len()
    }

    /// The dimensions, owned.
    #[inline]
    pub fn into_vec(self) -> Vec<usize> {
        self.0
    }
}

impl core::ops::Deref for Shape {
    type Target = [usize];
    #[inline]
    fn deref(&self) -> &[usize] {
        &self.0
    }
}

impl AsRef<[usize]> for Shape {
    #[inline]
    fn as_ref(&self) -> &[usize] {
        &self.0
    }
}

/// Python's tuple notation, as Ivy prints shapes: `(2, 3)`, `(4,)`, `()`.
impl core::fmt::Display for Shape {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("(")?;
        for (i, d) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{d}")?;
        }
        f.write_str(if self.0.len() == 1 { ",)" } else { ")" })
    }
}

impl From<Vec<usize>> for Shape {
    #[inline]
    fn from(v: Vec<usize>) -> Self {
        Shape(v)
    }
}

impl From<&Vec<usize>> for Shape {
    #[inline]
    fn from(v: &Vec<usize>) -> Self {
        Shape(v.clone())
    }
}

impl From<&[usize]> for Shape {
    #[inline]
    fn from(v: &[usize]) -> Self {
        Shape(v.to_vec())
    }
}

impl<const N: usize> From<[usize; N]> for Shape {
    #[inline]
    fn from(v: [usize; N]) -> Self {
        Shape(v.to_vec())
    }
}

impl<const N: usize> From<&[usize; N]> for Shape {
    #[inline]
    fn from(v: &[usize; N]) -> Self {
        Shape(v.to_vec())
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
        Shape(vec![n])
    }
}

impl From<()> for Shape {
    #[inline]
    fn from((): ()) -> Self {
        Shape(Vec::new())
    }
}

macro_rules! shape_from_tuples {
    ($(($($v:ident),+)),+ $(,)?) => {$(
        impl From<($(shape_from_tuples!(@usize $v),)+)> for Shape {
            #[inline]
            fn from(($($v,)+): ($(shape_from_tuples!(@usize $v),)+)) -> Self {
                Shape(vec![$($v),+])
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
