//! Argument types of the generated API: operands (array or scalar), nested arguments
//! (array, scalar or Container) and array data (asarray).

use crate::Array;
use ivy_core::{Backend, Dtype, Scalar};

/// An array or a scalar: the operands of arithmetic ops (`ivy::add(&x, 2.0)`), promoted
/// together with `promote_types_of_inputs`.
#[derive(Clone, Copy, Debug)]
pub enum Operand<'a> {
    /// An array.
    Array(&'a Array),
    /// A Python-like scalar.
    Scalar(Scalar),
}

impl Operand<'_> {
    /// The operand's backend (scalars have none).
    #[inline]
    pub fn backend(&self) -> Option<Backend> {
        match self {
            Operand::Array(a) => Some(a.backend()),
            Operand::Scalar(_) => None,
        }
    }
}

impl<'a> From<&'a Array> for Operand<'a> {
    fn from(a: &'a Array) -> Self {
        Operand::Array(a)
    }
}
impl<'a> From<&'a mut Array> for Operand<'a> {
    fn from(a: &'a mut Array) -> Self {
        Operand::Array(a)
    }
}
macro_rules! scalar_operand {
    ($($t:ty),*) => {$(
        impl From<$t> for Operand<'_> {
            fn from(x: $t) -> Self { Operand::Scalar(Scalar::from(x)) }
        }
        impl From<$t> for NestArg<'_> {
            fn from(x: $t) -> Self { NestArg::Scalar(Scalar::from(x)) }
        }
    )*};
}
scalar_operand!(f32, f64, i8, i16, i32, i64, u8, u16, u32, bool);
impl From<Scalar> for Operand<'_> {
    fn from(s: Scalar) -> Self {
        Operand::Scalar(s)
    }
}

/// An argument of a nested (Container) call: an array, a scalar or a Container.
#[derive(Clone, Copy, Debug)]
pub enum NestArg<'a> {
    /// An array, used at every leaf.
    Array(&'a Array),
    /// A scalar, used at every leaf.
    Scalar(Scalar),
    /// A Container of arrays.
    Container(&'a crate::Container),
}

impl<'a> From<&'a Array> for NestArg<'a> {
    fn from(a: &'a Array) -> Self {
        NestArg::Array(a)
    }
}
impl<'a> From<&'a crate::Container> for NestArg<'a> {
    fn from(c: &'a crate::Container) -> Self {
        NestArg::Container(c)
    }
}
impl<'a> From<Operand<'a>> for NestArg<'a> {
    fn from(o: Operand<'a>) -> Self {
        match o {
            Operand::Array(a) => NestArg::Array(a),
            Operand::Scalar(s) => NestArg::Scalar(s),
        }
    }
}

impl<'a> Operand<'a> {
    /// The array, or an error naming the op and parameter when a scalar was given.
    pub fn array(self, op: &'static str, param: &'static str) -> ivy_core::Result<&'a Array> {
        match self {
            Operand::Array(a) => Ok(a),
            Operand::Scalar(_) => Err(ivy_core::Error::InvalidArgument {
                op,
                message: format!("`{param}` must be an array, not a scalar"),
            }),
        }
    }
}

/// Values for [`asarray`](crate::asarray): a flat list plus a shape.
///
/// ```
/// use ivy::Data;
/// let d = Data::from(vec![1i64, 2, 3, 4]).reshape(&[2, 2]).unwrap();
/// assert_eq!(d.shape(), &[2, 2]);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Data {
    pub(crate) values: Vec<Scalar>,
    pub(crate) shape: Vec<usize>,
}

impl Data {
    /// The shape.
    pub fn shape(&self) -> &[usize] {
        &self.shape
    }
    /// The same values with another shape of the same size.
    pub fn reshape(mut self, shape: &[usize]) -> ivy_core::Result<Data> {
        let n = shape.iter().try_fold(1usize, |n, &d| n.checked_mul(d));
        if n != Some(self.values.len()) {
            return Err(ivy_core::Error::InvalidArgument {
                op: "asarray",
                message: format!("cannot reshape {} values to {shape:?}", self.values.len()),
            });
        }
        self.shape = shape.to_vec();
        Ok(self)
    }
    /// The dtype Ivy infers for these values: the widest kind among them with the default
    /// dtype of that kind; an empty list gives the default float dtype.
    pub fn inferred_dtype(&self) -> Dtype {
        self.values
            .iter()
            .map(|v| crate::__private::scalar_dtype(*v))
            .reduce(crate::__private::join_item_dtypes)
            .unwrap_or_else(ivy_core::default_float_dtype)
    }
}

impl<T: Into<Scalar>> From<Vec<T>> for Data {
    fn from(v: Vec<T>) -> Data {
        let n = v.len();
        Data {
            values: v.into_iter().map(Into::into).collect(),
            shape: vec![n],
        }
    }
}
impl<T: Into<Scalar> + Copy, const N: usize> From<[T; N]> for Data {
    fn from(v: [T; N]) -> Data {
        Data::from(v.to_vec())
    }
}
impl<T: Into<Scalar> + Copy> From<&[T]> for Data {
    fn from(v: &[T]) -> Data {
        Data::from(v.to_vec())
    }
}
impl<T: Into<Scalar>> From<T> for Data
where
    T: Copy + NotVec,
{
    fn from(v: T) -> Data {
        Data {
            values: vec![v.into()],
            shape: vec![],
        }
    }
}

/// Scalar element types accepted as 0-d [`Data`].
pub trait NotVec {}
macro_rules! not_vec { ($($t:ty),*) => {$( impl NotVec for $t {} )*}; }
not_vec!(f32, f64, i8, i16, i32, i64, u8, u16, u32, bool, Scalar);
