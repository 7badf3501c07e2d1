//! Argument types of the generated API: operands (array or scalar), nested arguments
//! (array, scalar or Container) and array data (asarray).

use crate::custom::{CustomArray, IvyArrayFunction};
use crate::registry::Value;
use crate::Array;
use ivy_core::{Backend, Dtype, Error, Result, Scalar};
use std::borrow::Cow;

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
scalar_operand!(f32, f64, i8, i16, i32, i64, isize, u8, u16, u32, u64, usize, bool);

/// An array argument of an op: an `&Array`, or a backend's native array, converted without
/// copying its data where the backend can share it.
///
/// Every op's array parameters take `impl IntoArray`, so natives go straight in:
///
/// | argument | how it becomes an `Array` |
/// |---|---|
/// | `&Array`, `&mut Array` | borrowed |
/// | `Array` | moved |
/// | `ndarray::ArrayD<T>` (by value), `&ndarray::ArcArray<T, IxDyn>` | no copy (the buffer becomes, or already is, shared storage) |
/// | `&ndarray::ArrayD<T>`, `ndarray::ArrayViewD<T>` (or `&` it), any strides | lent to the op: read in place, no copy (see below) |
/// | `candle_core::Tensor` / `&Tensor`, `&candle_core::Var` | no copy (candle's handles share storage); a `Var` stays a `Var` |
///
/// The result is always an [`Array`]; compositional bodies see `&Array`s. `out` takes only
/// `&mut Array` (its data is replaced, which a borrowed native cannot be).
///
/// A borrowed ndarray buffer is *lent* to the call ([`NativeArray::NdarrayLent`](crate::NativeArray::NdarrayLent)):
/// element-wise ops, comparisons, reductions, casts, `where`, `matmul`, `concat`, sorting,
/// `take` and the other kernels that only read run on it in place, so an `_out`
/// form allocates nothing for it, as for an `&Array`. Nothing of it outlives the call: an op
/// whose result would share its input's buffer (`reshape` or `astype` without a copy, basic
/// indexing, `asarray`) returns a copy for a lent input, since an `Array` owns its data.
///
/// ```
/// use ivy::prelude::*;
/// let a = ndarray::ArrayD::from_shape_vec(ndarray::IxDyn(&[2]), vec![1.0f32, 4.0]).unwrap();
/// let y = ivy::sqrt(&a)?;                        // a borrowed ndarray array
/// assert_eq!(y.to_vec::<f32>()?, [1.0, 2.0]);
/// let z = ivy::add(&a, &y)?;                     // mixed with Arrays and scalars
/// assert_eq!(z.to_vec::<f32>()?, [2.0, 6.0]);
/// let t = candle_core::Tensor::new(&[1.0f32, 4.0], &candle_core::Device::Cpu).unwrap();
/// assert_eq!(ivy::sqrt(&t)?.to_vec::<f32>()?, [1.0, 2.0]); // a candle tensor
/// # Ok::<(), ivy::Error>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an array argument of an ivy op",
    label = "expected an array",
    note = "pass an `&ivy::Array`, an ndarray `ArrayD`/`ArrayViewD`/`ArcArray`, or a candle `Tensor`/`Var`; make an Array of values with `ivy::asarray(..)`; a type of your own is an argument once it implements `ivy::IvyArrayFunction` (and `Clone`, or pass it as an `ivy::custom::CustomArray`)"
)]
pub trait IntoArray<'a>: Sized {
    /// The argument as an `Array` (borrowed when it is one); `op` names the op in errors.
    fn into_array(self, op: &'static str) -> Result<ArrayArg<'a>>;

    /// Whether the argument is a custom array ([`IvyArrayFunction`]): the op hands the call
    /// to its type instead of running (see [`crate::custom`]). A constant `false` for every
    /// other argument type, so the check costs nothing there.
    #[doc(hidden)]
    #[inline(always)]
    fn is_custom(&self) -> bool {
        false
    }

    /// The argument as a dynamic value: what a custom array type's handler receives.
    #[doc(hidden)]
    #[inline]
    fn into_value(self, op: &'static str) -> Result<Value> {
        self.into_array(op)?.into_owned(op).map(Value::Array)
    }
}

/// An array argument as an op receives it ([`IntoArray::into_array`]): the `&Array` given,
/// an Array made of a native (sharing its buffer where the backend can), or an ndarray
/// buffer lent to the call (read in place, never copied by the ops that read views). It
/// dereferences to `&Array`; it cannot outlive the argument it borrows.
#[derive(Debug)]
pub struct ArrayArg<'a> {
    /// A lent Array (`NativeArray::NdarrayLent`) is always `Owned` here and never moved out
    /// (see `backends::ndarray::lent`).
    inner: Cow<'a, Array>,
}

impl<'a> ArrayArg<'a> {
    /// An `&Array` as given.
    #[inline(always)]
    pub fn borrowed(a: &'a Array) -> ArrayArg<'a> {
        ArrayArg {
            inner: Cow::Borrowed(a),
        }
    }
    /// An Array (made of a native, or moved in).
    #[inline(always)]
    pub fn owned(a: Array) -> ArrayArg<'a> {
        ArrayArg {
            inner: Cow::Owned(a),
        }
    }
    /// A lent Array: only `backends::ndarray::lend` makes one.
    #[cfg(feature = "ndarray")]
    #[inline(always)]
    pub(crate) fn lent(a: Array) -> ArrayArg<'a> {
        ArrayArg {
            inner: Cow::Owned(a),
        }
    }
    /// The Array, owned: moved out when it was made for the call, a clone (a buffer shared
    /// where the backend shares) of a given `&Array`, a (fallibly allocated) copy of a lent
    /// buffer.
    pub fn into_owned(self, op: &'static str) -> Result<Array> {
        match self.inner {
            Cow::Borrowed(a) => Ok(a.clone()),
            Cow::Owned(a) => a.into_unlent(op),
        }
    }
}

impl std::ops::Deref for ArrayArg<'_> {
    type Target = Array;
    #[inline(always)]
    fn deref(&self) -> &Array {
        &self.inner
    }
}

/// The error of a custom array asked for an Array (no op does: they hand the call to its
/// type first).
fn custom_not_array(op: &'static str, type_name: &str) -> Error {
    Error::InvalidArgument {
        op,
        message: format!(
            "a custom array ({type_name}) is not an ivy Array, and this op takes no custom arrays here (ops that update an array in place, like `set`, `add_assign` or `inplace_update`, take arrays only; other ops hand custom arrays to their type's `IvyArrayFunction` handler): convert it to an Array first, or call the op by name (`ivy::registry::call`)"
        ),
    }
}

/// Custom array types (see [`crate::custom`]): by reference when they are `Clone` (the
/// handler gets a copy), or as a shared [`CustomArray`] handle.
impl<'a, T: IvyArrayFunction + Clone> IntoArray<'a> for &'a T {
    fn into_array(self, op: &'static str) -> Result<ArrayArg<'a>> {
        Err(custom_not_array(op, std::any::type_name::<T>()))
    }
    #[inline(always)]
    fn is_custom(&self) -> bool {
        true
    }
    fn into_value(self, _op: &'static str) -> Result<Value> {
        Ok(Value::custom(self.clone()))
    }
}
impl<'a> IntoArray<'a> for &'a CustomArray {
    fn into_array(self, op: &'static str) -> Result<ArrayArg<'a>> {
        Err(custom_not_array(op, self.type_name()))
    }
    #[inline(always)]
    fn is_custom(&self) -> bool {
        true
    }
    fn into_value(self, _op: &'static str) -> Result<Value> {
        Ok(Value::Custom(self.clone()))
    }
}
impl<'a> IntoArray<'a> for CustomArray {
    fn into_array(self, op: &'static str) -> Result<ArrayArg<'a>> {
        Err(custom_not_array(op, self.type_name()))
    }
    #[inline(always)]
    fn is_custom(&self) -> bool {
        true
    }
    fn into_value(self, _op: &'static str) -> Result<Value> {
        Ok(Value::Custom(self))
    }
}
/// Custom arrays are operands too.
macro_rules! custom_operand {
    ($([$($g:tt)*] $t:ty),* $(,)?) => {$(
        impl<'a, $($g)*> IntoOperand<'a> for $t {
            fn into_operand(self, op: &'static str) -> Result<OperandArg<'a>> {
                IntoArray::into_array(self, op).map(OperandArg::Native)
            }
            #[inline(always)]
            fn is_custom(&self) -> bool {
                true
            }
            fn into_value(self, op: &'static str) -> Result<Value> {
                IntoArray::into_value(self, op)
            }
        }
    )*};
}
custom_operand!([T: IvyArrayFunction + Clone] &'a T, [] &'a CustomArray, [] CustomArray);

impl<'a> IntoArray<'a> for &'a Array {
    #[inline(always)]
    fn into_array(self, _op: &'static str) -> Result<ArrayArg<'a>> {
        Ok(ArrayArg::borrowed(self))
    }
}
impl<'a> IntoArray<'a> for &'a mut Array {
    #[inline(always)]
    fn into_array(self, _op: &'static str) -> Result<ArrayArg<'a>> {
        Ok(ArrayArg::borrowed(self))
    }
}
impl<'a> IntoArray<'a> for &&'a Array {
    #[inline(always)]
    fn into_array(self, _op: &'static str) -> Result<ArrayArg<'a>> {
        Ok(ArrayArg::borrowed(self))
    }
}
impl<'a> IntoArray<'a> for &'a Cow<'_, Array> {
    #[inline(always)]
    fn into_array(self, _op: &'static str) -> Result<ArrayArg<'a>> {
        Ok(ArrayArg::borrowed(self))
    }
}
impl<'a> IntoArray<'a> for Array {
    #[inline(always)]
    fn into_array(self, _op: &'static str) -> Result<ArrayArg<'a>> {
        Ok(ArrayArg::owned(self))
    }
}

/// A sequence-of-arrays argument (`concat`'s, `stack`'s): a reference to a slice, an array
/// or a `Vec` of `&Array`s (passed on as they are, nothing copied or allocated), `Array`s
/// (borrowed), or one backend's natives, each converted as [`IntoArray`] converts a
/// reference to it: candle handles and `ArcArray`s shared, ndarray `ArrayD`s and views lent
/// (read in place). The items of one sequence are of one type (Rust's slices are), and an empty
/// literal names it: `ivy::meshgrid(&[] as &[&Array])`.
///
/// ```
/// use ivy::prelude::*;
/// ivy::set_backend(Backend::Ndarray);
/// let x = ivy::asarray([1.0f32, 2.0])?;
/// assert_eq!(ivy::concat(&[&x, &x])?.shape(), &[4]);                 // &Arrays
/// assert_eq!(ivy::stack(&vec![x.clone(), x.clone()])?.shape(), &[2, 2]); // Arrays
/// let a = ndarray::ArrayD::from_shape_vec(ndarray::IxDyn(&[2]), vec![3.0f32, 4.0]).unwrap();
/// assert_eq!(ivy::concat(&[&a, &a])?.to_vec::<f32>()?, [3.0, 4.0, 3.0, 4.0]); // natives
/// let t = candle_core::Tensor::new(&[5.0f32], &candle_core::Device::Cpu).unwrap();
/// assert_eq!(ivy::concat(&[t.clone(), t])?.to_vec::<f32>()?, [5.0, 5.0]);
/// # Ok::<(), ivy::Error>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a sequence of arrays for an ivy op",
    label = "expected a sequence of arrays",
    note = "pass a reference to a slice, an array or a `Vec` of `&ivy::Array`s, `ivy::Array`s, or one backend's native arrays: `&[&x, &y]`, `&vec_of_arrays`"
)]
pub trait IntoArrays<'a> {
    /// The arrays; `op` names the op in errors.
    fn into_arrays(self, op: &'static str) -> Result<ArraysArg<'a>>;
}

/// A converted sequence argument: [`ArraysArg::refs`] borrows it as `&[&Array]`.
#[derive(Debug)]
pub enum ArraysArg<'a> {
    /// `&Array`s as given.
    Given(&'a [&'a Array]),
    /// Converted (or lent) arrays.
    Converted(Vec<ArrayArg<'a>>),
}

impl ArraysArg<'_> {
    /// The arrays, borrowed; `Vec` holds the references of converted ones.
    #[inline]
    pub fn refs<'s>(&'s self, holder: &'s mut Vec<&'s Array>) -> &'s [&'s Array] {
        match self {
            ArraysArg::Given(s) => s,
            ArraysArg::Converted(v) => {
                holder.extend(v.iter().map(|a| &**a));
                holder
            }
        }
    }
}

/// One item of a sequence argument ([`IntoArrays`]).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an array, so a sequence of it is not an ivy op's sequence of arrays",
    label = "expected a sequence of arrays",
    note = "the items may be `&ivy::Array`, `ivy::Array`, or one backend's native arrays"
)]
pub trait SeqItem<'a>: Sized {
    /// The items as they are, when they are `&Array`s (no conversion).
    #[doc(hidden)]
    #[inline(always)]
    fn given(_items: &'a [Self]) -> Option<&'a [&'a Array]> {
        None
    }
    /// One item as an array argument.
    fn to_array(item: &'a Self, op: &'static str) -> Result<ArrayArg<'a>>;
}

impl<'a> SeqItem<'a> for &'a Array {
    #[inline(always)]
    fn given(items: &'a [Self]) -> Option<&'a [&'a Array]> {
        Some(items)
    }
    #[inline]
    fn to_array(item: &'a Self, _op: &'static str) -> Result<ArrayArg<'a>> {
        Ok(ArrayArg::borrowed(item))
    }
}
impl<'a> SeqItem<'a> for Array {
    #[inline]
    fn to_array(item: &'a Self, _op: &'static str) -> Result<ArrayArg<'a>> {
        Ok(ArrayArg::borrowed(item))
    }
}
/// Natives as sequence items: each converted as [`IntoArray`] converts a reference to it
/// (`$via` turns `&item` into an argument `IntoArray` takes).
macro_rules! seq_item_native {
    ($([$($g:tt)*] $t:ty => |$x:ident| $via:expr),* $(,)?) => {$(
        impl<'a, $($g)*> $crate::SeqItem<'a> for $t {
            fn to_array(item: &'a Self, op: &'static str) -> $crate::Result<$crate::ArrayArg<'a>> {
                let $x = item;
                $crate::IntoArray::into_array($via, op)
            }
        }
    )*};
}
pub(crate) use seq_item_native;

fn seq_of<'a, E: SeqItem<'a>>(items: &'a [E], op: &'static str) -> Result<ArraysArg<'a>> {
    if let Some(given) = E::given(items) {
        return Ok(ArraysArg::Given(given));
    }
    items
        .iter()
        .map(|e| E::to_array(e, op))
        .collect::<Result<Vec<_>>>()
        .map(ArraysArg::Converted)
}

impl<'a, E: SeqItem<'a>> IntoArrays<'a> for &'a [E] {
    #[inline]
    fn into_arrays(self, op: &'static str) -> Result<ArraysArg<'a>> {
        seq_of(self, op)
    }
}
impl<'a, E: SeqItem<'a>, const N: usize> IntoArrays<'a> for &'a [E; N] {
    #[inline]
    fn into_arrays(self, op: &'static str) -> Result<ArraysArg<'a>> {
        seq_of(self, op)
    }
}
impl<'a, E: SeqItem<'a>> IntoArrays<'a> for &'a Vec<E> {
    #[inline]
    fn into_arrays(self, op: &'static str) -> Result<ArraysArg<'a>> {
        seq_of(self, op)
    }
}
/// The array an in-place op updates (`inplace_update`'s `x`): an `&mut Array`, or a native
/// array whose own buffer is written.
///
/// * `&mut Array`: as the op documents (a candle tensor is rebound, or refused under the
///   strict in-place mode).
/// * `&mut ndarray::ArrayD<T>`: its buffer is written in place, and it keeps its element
///   type (the value is cast into it).
/// * `&mut candle_core::Var`: set natively (it keeps its dtype).
/// * `&mut candle_core::Tensor`: an error — a tensor cannot be written in place (wrap it in
///   an `Array`, which can be rebound, or use a `Var`).
///
/// ```
/// use ivy::prelude::*;
/// ivy::set_backend(Backend::Ndarray);
/// let mut a = ndarray::ArrayD::<f32>::zeros(ndarray::IxDyn(&[3]));
/// let ptr = a.as_ptr();
/// ivy::inplace_update(&mut a, &ivy::asarray([1.0, 2.0, 3.0])?)?; // float64 → cast into f32
/// assert_eq!((a.as_slice().unwrap(), a.as_ptr()), (&[1.0f32, 2.0, 3.0][..], ptr));
/// # Ok::<(), ivy::Error>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be updated in place by an ivy op",
    label = "expected a mutable array",
    note = "pass an `&mut ivy::Array`, an `&mut ndarray::ArrayD<T>` or an `&mut candle_core::Var`"
)]
pub trait IntoArrayMut {
    /// Runs `f` on the target as an `&mut Array`, then writes the result back into the
    /// native array (`op` names the op in errors).
    fn with_array<R>(self, op: &'static str, f: impl FnOnce(&mut Array) -> Result<R>) -> Result<R>;
}

impl IntoArrayMut for &mut Array {
    #[inline(always)]
    fn with_array<R>(
        self,
        _op: &'static str,
        f: impl FnOnce(&mut Array) -> Result<R>,
    ) -> Result<R> {
        f(self)
    }
}

/// An operand argument: anything [`Operand`] converts from (arrays, scalars), or a
/// backend's native array (as [`IntoArray`] takes it).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an operand of an ivy op",
    label = "expected an array or a scalar",
    note = "pass an `&ivy::Array`, a native array (ndarray `ArrayD`/`ArrayViewD`/`ArcArray`, candle `Tensor`/`Var`), a Rust number, a `bool` or an `ivy::Scalar`; a type of your own is an operand once it implements `ivy::IvyArrayFunction`"
)]
pub trait IntoOperand<'a>: Sized {
    /// The operand (holding the converted array when it was a native one).
    fn into_operand(self, op: &'static str) -> Result<OperandArg<'a>>;

    /// Whether the argument is a custom array (see [`IntoArray`]'s).
    #[doc(hidden)]
    #[inline(always)]
    fn is_custom(&self) -> bool {
        false
    }

    /// The argument as a dynamic value: what a custom array type's handler receives.
    #[doc(hidden)]
    #[inline]
    fn into_value(self, op: &'static str) -> Result<Value> {
        let arg = self.into_operand(op)?;
        Ok(match arg.get() {
            Operand::Array(a) => Value::Array(a.clone()),
            Operand::Scalar(s) => Value::Scalar(s),
        })
    }
}

/// A converted operand argument: [`OperandArg::get`] borrows it as an [`Operand`].
#[derive(Debug)]
pub enum OperandArg<'a> {
    /// An operand as given.
    Given(Operand<'a>),
    /// A native array, converted (or lent: see [`ArrayArg`]).
    Native(ArrayArg<'a>),
}

impl OperandArg<'_> {
    /// The operand.
    #[inline(always)]
    pub fn get(&self) -> Operand<'_> {
        match self {
            OperandArg::Given(o) => *o,
            OperandArg::Native(a) => Operand::Array(a),
        }
    }
}

impl<'a> IntoOperand<'a> for Operand<'a> {
    #[inline(always)]
    fn into_operand(self, _op: &'static str) -> Result<OperandArg<'a>> {
        Ok(OperandArg::Given(self))
    }
}

/// Every type `Operand` converts from is an operand argument as is.
macro_rules! given_operand {
    ($($t:ty),*) => {$(
        impl<'a> IntoOperand<'a> for $t {
            #[inline(always)]
            fn into_operand(self, _op: &'static str) -> Result<OperandArg<'a>> {
                Ok(OperandArg::Given(Operand::from(self)))
            }
        }
    )*};
}
given_operand!(
    &'a Array,
    &'a mut Array,
    Scalar,
    f32,
    f64,
    i8,
    i16,
    i32,
    i64,
    isize,
    u8,
    u16,
    u32,
    u64,
    usize,
    bool
);

impl<'a> IntoOperand<'a> for &&'a Array {
    #[inline(always)]
    fn into_operand(self, _op: &'static str) -> Result<OperandArg<'a>> {
        Ok(OperandArg::Given(Operand::Array(self)))
    }
}
impl<'a> IntoOperand<'a> for Array {
    #[inline]
    fn into_operand(self, _op: &'static str) -> Result<OperandArg<'a>> {
        Ok(OperandArg::Native(ArrayArg::owned(self)))
    }
}

/// Native arrays: an operand is the array [`IntoArray`] makes of them.
macro_rules! native_operand {
    ($([$($g:tt)*] $t:ty),* $(,)?) => {$(
        impl<'a, $($g)*> $crate::IntoOperand<'a> for $t {
            #[inline]
            fn into_operand(self, op: &'static str) -> $crate::Result<$crate::OperandArg<'a>> {
                $crate::IntoArray::into_array(self, op).map($crate::OperandArg::Native)
            }
        }
    )*};
}
pub(crate) use native_operand;
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
    /// A Container of arrays with Ivy's mapping options (`key_chains`, `to_apply`,
    /// `prune_unapplied`) for the whole call; made by
    /// [`ContainerArrays::with_options`](crate::ContainerArrays::with_options).
    Mapped(&'a crate::Container, &'a ivy_core::MapOptions<'a>),
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

/// What [`asarray`](crate::asarray) takes: values — a flat list plus a shape, built from a
/// scalar or from `Vec`s, arrays and slices nested to any depth (see [`IntoData`]) — or an
/// array: an [`Array`] (`&x` or `x`) or a backend's native array (an ndarray `ArrayD`,
/// `&ArcArray`, `&ArrayD`, `ArrayViewD`; a candle `Tensor`, `&Tensor`, `&Var`), converted
/// as [`IntoArray`] converts it. An array keeps its buffer: `asarray` then shares it unless
/// asked to copy (see `asarray`'s `copy`).
///
/// ```
/// use ivy::Data;
/// let d = Data::from(vec![1i64, 2, 3, 4]).reshape(&[2, 2]).unwrap();
/// assert_eq!(d.shape(), &[2, 2]);
/// assert_eq!(Data::from([[1.0f32, 2.0, 3.0], [4.0, 5.0, 6.0]]).shape(), &[2, 3]);
/// assert_eq!(Data::from(vec![vec![vec![1u8]; 4]; 3]).shape(), &[3, 4, 1]);
/// assert_eq!(Data::from(2.5).shape(), &[] as &[usize]);
/// // a ragged nesting is an error, reported by `asarray` (and by `reshape`)
/// let ragged = Data::from(vec![vec![1, 2], vec![3]]);
/// assert!(ragged.error().is_some());
/// assert!(ragged.reshape(&[3]).is_err());
/// // an array: held as is (its shape and dtype)
/// ivy::set_backend(ivy::Backend::Ndarray);
/// let x = ivy::astype(&ivy::asarray([[1, 2, 3]])?, ivy::Dtype::Int64)?;
/// let d = Data::from(&x);
/// assert_eq!((d.shape(), d.inferred_dtype()), (&[1usize, 3][..], ivy::Dtype::Int64));
/// assert!(d.array().is_some_and(|a| a.may_share_memory(&x)));
/// # Ok::<(), ivy::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Data {
    pub(crate) values: Vec<Scalar>,
    pub(crate) shape: Vec<usize>,
    /// The dtype the leaves' Rust type states ([`IntoData::DTYPE`]): `None` for the Python-like
    /// types (`f64`, `i64`, `bool`, `Complex<f64>`, [`Scalar`]), whose dtype is inferred from
    /// the values. Under `Some(Uint64)` the `Int` values are `u64`s (stored as their bit
    /// patterns: those above `i64::MAX` are negative here).
    typed: Option<Dtype>,
    /// Why these values make no array (a ragged nesting, a native array that could not be
    /// converted); reported by `asarray`.
    error: Option<Box<Error>>,
    /// An array given as the data (`values` is then empty and `shape` is its shape). Both
    /// boxed: a `Data` is moved through several layers on each `asarray` call, and inline
    /// they made it 264 bytes (about a tenth of `asarray(1.0)`'s time from Python was
    /// copying it).
    array: Option<Box<GivenArray>>,
}

/// An array given to `asarray`, and whether converting it copied the caller's buffer (a
/// borrowed ndarray array), so that no result can share it.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct GivenArray {
    pub(crate) array: Array,
    pub(crate) copied: bool,
}

impl Data {
    /// Values in row-major order with their shape (the caller checked the count).
    pub(crate) fn from_scalars(values: Vec<Scalar>, shape: Vec<usize>) -> Data {
        Data {
            values,
            shape,
            typed: None,
            error: None,
            array: None,
        }
    }
    /// Values of `dtype` (its `Int` values a `uint64`'s bit patterns for uint64), as typed
    /// Rust data is: they convert as `astype` converts.
    pub(crate) fn from_typed_scalars(values: Vec<Scalar>, shape: Vec<usize>, dtype: Dtype) -> Data {
        Data {
            typed: Some(dtype),
            ..Data::from_scalars(values, shape)
        }
    }
    /// An array as the data; `copied`: converting the caller's native array copied it.
    pub(crate) fn from_array(array: Array, copied: bool) -> Data {
        Data {
            values: Vec::new(),
            shape: array.shape().to_vec(),
            typed: None,
            error: None,
            array: Some(Box::new(GivenArray { array, copied })),
        }
    }
    /// A native array's conversion: the array, or the error `asarray` reports.
    pub(crate) fn from_converted(r: Result<Array>, copied: bool) -> Data {
        match r {
            Ok(a) => Data::from_array(a, copied),
            Err(e) => Data {
                values: Vec::new(),
                shape: vec![1],
                typed: None,
                error: Some(Box::new(e)),
                array: None,
            },
        }
    }
    /// The shape (`[1]` for a ragged nesting, which holds only its [`error`](Self::error));
    /// an array's shape when the data is an array.
    pub fn shape(&self) -> &[usize] {
        &self.shape
    }
    /// The array, when the data is one (`Data::from(&x)`, a native array).
    pub fn array(&self) -> Option<&Array> {
        self.array.as_ref().map(|g| &g.array)
    }
    /// The array the data is, as zero or one item: how the generated dispatch reads the
    /// arrays of a parameter (an array given as data decides the backend and the device).
    #[doc(hidden)]
    pub fn iter(&self) -> std::option::IntoIter<&Array> {
        self.array().into_iter()
    }
    /// The array given as the data, if any (the rest is then unused).
    pub(crate) fn into_given(self) -> Result<std::result::Result<GivenArray, Data>> {
        if let Some(e) = self.error {
            return Err(*e);
        }
        Ok(match self.array {
            Some(g) => Ok(*g),
            None => Err(self),
        })
    }
    /// Why these values make no array: a ragged nesting (lists of one depth with different
    /// lengths) is an [`Error::InvalidArgument`] of `asarray` naming the lengths.
    pub fn error(&self) -> Option<&Error> {
        self.error.as_deref()
    }
    /// The same values with another shape of the same size (an array is reshaped as
    /// [`reshape`](crate::reshape) does, sharing its buffer where it can).
    pub fn reshape(mut self, shape: &[usize]) -> Result<Data> {
        if let Some(e) = self.error {
            return Err(*e);
        }
        if let Some(g) = self.array {
            let to = shape
                .iter()
                .map(|&d| i64::try_from(d))
                .collect::<std::result::Result<Vec<i64>, _>>()
                .map_err(|_| Error::InvalidArgument {
                    op: "asarray",
                    message: format!("cannot reshape an array to {shape:?}"),
                })?;
            let r = crate::reshape(&g.array, &to).map_err(|e| e.with_op("asarray"))?;
            return Ok(Data::from_array(r, g.copied));
        }
        let n = shape.iter().try_fold(1usize, |n, &d| n.checked_mul(d));
        if n != Some(self.values.len()) {
            return Err(Error::InvalidArgument {
                op: "asarray",
                message: format!("cannot reshape {} values to {shape:?}", self.values.len()),
            });
        }
        self.shape = shape.to_vec();
        Ok(self)
    }
    /// The dtype these values make without an explicit `dtype`. Leaves of a sized Rust type
    /// keep its dtype (`f32` → float32, `u8` → uint8, `Complex<f32>` → complex64: see
    /// [`IntoData::DTYPE`]), as a native array does. Leaves of the types that stand for
    /// Python's numbers (`f64`, `i64`, `bool`, `Complex<f64>`, [`Scalar`]) take the dtype Ivy
    /// infers (`default_dtype(item=…)` over **all** of them, [`ivy_core::default_dtype_for`]):
    /// the widest kind among them with the default dtype of that kind, unless a value needs
    /// more (an int beyond the default int → int64, beyond int64 → uint64; a float that
    /// float32 cannot hold → float64); an empty list gives the default float dtype.
    ///
    /// ```
    /// use ivy::{Data, Dtype};
    /// // Python-like numbers: Ivy's defaults (float32, int32), widened where a value needs it
    /// assert_eq!(Data::from([1.0, 2.0]).inferred_dtype(), Dtype::Float32);
    /// assert_eq!(Data::from([[1.0, 2.0], [3.0, 1e300]]).inferred_dtype(), Dtype::Float64);
    /// assert_eq!(Data::from(vec![1i64, 2]).inferred_dtype(), Dtype::Int32);
    /// assert_eq!(Data::from(vec![vec![1i64], vec![1 << 40]]).inferred_dtype(), Dtype::Int64);
    /// // sized Rust types: their own dtype
    /// assert_eq!(Data::from([1.0f32, 2.0]).inferred_dtype(), Dtype::Float32);
    /// assert_eq!(Data::from(vec![1u8, 2]).inferred_dtype(), Dtype::Uint8);
    /// assert_eq!(Data::from([1u64]).inferred_dtype(), Dtype::Uint64);
    /// assert_eq!(Data::from(2i16).inferred_dtype(), Dtype::Int16);
    /// ```
    pub fn inferred_dtype(&self) -> Dtype {
        if let Some(a) = self.array() {
            return a.dtype();
        }
        if let Some(d) = self.typed {
            return d;
        }
        ivy_core::default_dtype_for(&self.values)
    }
    /// Python-number data (no Rust element type) converts to `dtype` only where numpy's
    /// `asarray(values, dtype=…)` does: an int must be a value of an integer dtype (numpy 2
    /// raises `OverflowError` rather than wrap 300 to 44 for int8), and a complex number
    /// makes no real or integer value (`TypeError`). Typed Rust data converts as `astype`.
    fn python_values_fit(&self, dtype: Dtype) -> Result<()> {
        const OP: &str = "asarray";
        // a complex value first: for an integer dtype too (its real part was taken silently)
        if !dtype.is_complex()
            && let Some(Scalar::Complex(re, im)) = self
                .values
                .iter()
                .find(|v| matches!(v, Scalar::Complex(..)))
        {
            return Err(Error::InvalidArgument {
                op: OP,
                message: format!(
                    "the complex value ({re}{im:+}j) makes no {dtype} value; choose a complex \
                         dtype, or take `real` of a complex array"
                ),
            });
        }
        if dtype.is_int() {
            for v in &self.values {
                crate::engine::checks::int_fits(
                    OP,
                    *v,
                    dtype,
                    "for the dtype",
                    "choose a wider dtype, or build the array first and `astype` it (which wraps)",
                )?;
                crate::engine::checks::float_fits(OP, *v, dtype)?;
            }
        }
        Ok(())
    }
    /// The values to build an array of `dtype` from, or the error these values carry (a
    /// ragged nesting). Backends call this instead of reading `values`.
    pub(crate) fn checked_values(&self, dtype: Dtype) -> Result<Cow<'_, [Scalar]>> {
        if let Some(e) = &self.error {
            return Err(Error::clone(e));
        }
        if self.array.is_some() {
            // backends take an array's path first (`creation::asarray_array`)
            return Err(Error::InvalidArgument {
                op: "asarray",
                message: "the data is an array, not values".into(),
            });
        }
        if self.typed.is_none() {
            self.python_values_fit(dtype)?;
        }
        Ok(Cow::Borrowed(&self.values))
    }
}

impl<T: IntoData> From<T> for Data {
    fn from(v: T) -> Data {
        let mut b = DataBuilder {
            values: Vec::new(),
            shape: vec![None; T::RANK],
            path: Vec::with_capacity(T::RANK),
            error: None,
        };
        v.visit(&mut b);
        if let Some(e) = b.error {
            return Data {
                values: Vec::new(),
                shape: vec![1],
                typed: T::DTYPE,
                error: Some(Box::new(e)),
                array: None,
            };
        }
        Data {
            values: b.values,
            // dimensions below an empty list were never seen: 0
            shape: b.shape.into_iter().map(|d| d.unwrap_or(0)).collect(),
            typed: T::DTYPE,
            error: None,
            array: None,
        }
    }
}

impl From<&Array> for Data {
    /// The array itself (its handle: the buffer is shared, not copied).
    fn from(a: &Array) -> Data {
        Data::from_array(a.clone(), false)
    }
}
impl From<Array> for Data {
    /// The array itself (moved).
    fn from(a: Array) -> Data {
        Data::from_array(a, false)
    }
}

/// Native arrays as `asarray`'s data: the array [`IntoArray`] makes of them; `copied` says
/// whether that conversion copies the caller's buffer.
macro_rules! native_data {
    ($([$($g:tt)*] $t:ty => copied: $copied:expr),* $(,)?) => {$(
        impl<$($g)*> From<$t> for $crate::Data {
            #[doc = concat!("`", stringify!($t), "` as an array (see [`IntoArray`](crate::IntoArray)).")]
            fn from(x: $t) -> $crate::Data {
                let a = $crate::IntoArray::into_array(x, "asarray").and_then(|a| a.into_owned("asarray"));
                $crate::Data::from_converted(a, $copied)
            }
        }
    )*};
}
pub(crate) use native_data;

mod sealed {
    /// What [`IntoData`](super::IntoData) fills: the leaves in order, the length seen first
    /// at each depth, the index path being visited and the first ragged length found.
    pub struct DataBuilder {
        pub(super) values: Vec<ivy_core::Scalar>,
        pub(super) shape: Vec<Option<usize>>,
        pub(super) path: Vec<usize>,
        pub(super) error: Option<ivy_core::Error>,
    }
}
use sealed::DataBuilder;

impl DataBuilder {
    /// Room for `more` values, fallibly: a size the allocator refuses is
    /// `Error::OutOfMemory` of `asarray` (reported by it), never an abort.
    fn try_room(&mut self, more: usize) {
        if self.values.try_reserve(more).is_err() {
            self.error = Some(Error::OutOfMemory {
                op: "asarray",
                bytes: (self.values.len().saturating_add(more))
                    .saturating_mul(std::mem::size_of::<Scalar>()),
            });
        }
    }

    /// Appends one leaf (growing the buffer fallibly); nothing after an error.
    #[inline]
    fn push(&mut self, v: Scalar) {
        if self.values.len() == self.values.capacity() {
            self.try_room(self.values.capacity().max(8));
            if self.error.is_some() {
                return;
            }
        }
        self.values.push(v);
    }

    /// Visits a list of `len` items at the current depth; `item(b, i)` visits item `i`.
    fn list(&mut self, len: usize, mut item: impl FnMut(&mut Self, usize)) {
        if self.error.is_some() {
            return;
        }
        let depth = self.path.len();
        match self.shape[depth] {
            None => {
                self.shape[depth] = Some(len);
                if depth == 0 {
                    // at least one value per outer item
                    self.try_room(len);
                    if self.error.is_some() {
                        return;
                    }
                }
            }
            Some(first) if first != len => {
                let at = |p: &[usize]| p.iter().map(|i| format!("[{i}]")).collect::<String>();
                // the first list of this depth is the one at index 0 of every outer list
                let first_path = vec![0; depth];
                self.error = Some(Error::InvalidArgument {
                    op: "asarray",
                    message: format!(
                        "ragged nested input: the list at obj{} has {len} elements but the \
                         list at obj{} has {first} (depth {depth}); every list at one depth \
                         must have the same length",
                        at(&self.path),
                        at(&first_path),
                    ),
                });
                return;
            }
            Some(_) => {}
        }
        for i in 0..len {
            self.path.push(i);
            item(self, i);
            self.path.pop();
            if self.error.is_some() {
                return;
            }
        }
    }
}

/// Values [`asarray`](crate::asarray) takes (through [`Data`]): Rust scalars (`bool`, every
/// integer and float type, `half::f16`/`bf16`, `Complex<f32>`/`Complex<f64>`, [`Scalar`])
/// are rank 0; a `Vec`, array or slice of an `IntoData` (or a reference to one) is one rank
/// more. Every list at one depth must have the same length: a ragged nesting is an
/// [`Error::InvalidArgument`] of `asarray` (never a panic). Without an explicit `dtype`, the
/// leaf type decides ([`DTYPE`](Self::DTYPE)): `f64`, `i64`, `bool`, `Complex<f64>` and
/// [`Scalar`] are Python's numbers and take Ivy's inferred default dtypes; every other type
/// keeps its own dtype (`u64`/`usize` values beyond `i64::MAX` are kept exactly, as uint64).
/// An unsuffixed Rust integer literal is an `i32` (int32) and a float literal an `f64` (the
/// default float dtype). The rank is the type's: an empty `Vec<Vec<f32>>` is shape `[0, 0]`.
/// Implemented for these types only (sealed).
///
/// ```
/// ivy::set_backend(ivy::Backend::Ndarray);
/// let m = ivy::asarray([[1.0f32, 2.0], [3.0, 4.0]])?;
/// assert_eq!(m.shape(), &[2, 2]);
/// let v = ivy::asarray(vec![vec![1i64, 2, 3], vec![4, 5, 6]])?;
/// assert_eq!((v.shape(), v.dtype()), (&[2usize, 3][..], ivy::Dtype::Int32));
/// let b = ivy::asarray(vec![1u8, 255])?;
/// assert_eq!(b.dtype(), ivy::Dtype::Uint8);
/// let rows: &[[u64; 2]] = &[[1, 2], [3, u64::MAX]];
/// let u = ivy::asarray(rows)?;
/// assert_eq!((u.shape(), u.dtype()), (&[2usize, 2][..], ivy::Dtype::Uint64));
/// let e = ivy::asarray(vec![vec![1.0, 2.0], vec![3.0]]).unwrap_err();
/// assert!(matches!(e, ivy::Error::InvalidArgument { op: "asarray", .. }), "{e}");
/// # Ok::<(), ivy::Error>(())
/// ```
pub trait IntoData {
    /// How deeply lists nest: 0 for a scalar.
    const RANK: usize;
    /// The dtype the leaf type states (`None`: a Python-like number, whose dtype Ivy infers
    /// from the values): `f32` → float32, `half::f16` → float16, `half::bf16` → bfloat16,
    /// `i8`…`i32` → int8…int32, `isize` → int64, `u8`…`u64` → uint8…uint64, `usize` →
    /// uint64, `Complex<f32>` → complex64; `None` for `f64`, `i64`, `bool`, `Complex<f64>`
    /// and [`Scalar`]. The one table of this rule.
    const DTYPE: Option<Dtype>;
    /// Appends the leaves to `b`, checking the lengths.
    #[doc(hidden)]
    fn visit(&self, b: &mut DataBuilder);
}

macro_rules! leaf {
    ($($t:ty => $d:expr, |$x:ident| $e:expr),* $(,)?) => {$(
        impl IntoData for $t {
            const RANK: usize = 0;
            const DTYPE: Option<Dtype> = $d;
            #[inline]
            fn visit(&self, b: &mut DataBuilder) {
                let $x = *self;
                b.push($e);
            }
        }
    )*};
}
// Python's numbers (`None`) and the sized types, which keep their dtype.
leaf!(
    bool => None, |x| Scalar::Bool(x),
    i8 => Some(Dtype::Int8), |x| Scalar::Int(x.into()),
    i16 => Some(Dtype::Int16), |x| Scalar::Int(x.into()),
    i32 => Some(Dtype::Int32), |x| Scalar::Int(x.into()),
    i64 => None, |x| Scalar::Int(x.into()),
    isize => Some(Dtype::Int64), |x| Scalar::Int(x as i128),
    u8 => Some(Dtype::Uint8), |x| Scalar::Int(x.into()),
    u16 => Some(Dtype::Uint16), |x| Scalar::Int(x.into()),
    u32 => Some(Dtype::Uint32), |x| Scalar::Int(x.into()),
    f32 => Some(Dtype::Float32), |x| Scalar::Float(x.into()),
    f64 => None, |x| Scalar::Float(x),
    half::f16 => Some(Dtype::Float16), |x| Scalar::Float(x.to_f64()),
    half::bf16 => Some(Dtype::Bfloat16), |x| Scalar::Float(x.to_f64()),
    num_complex::Complex<f32> => Some(Dtype::Complex64), |x| Scalar::Complex(x.re.into(), x.im.into()),
    num_complex::Complex<f64> => None, |x| Scalar::Complex(x.re, x.im),
    Scalar => None, |x| x,
);

macro_rules! unsigned_leaf {
    ($($t:ty),*) => {$(
        impl IntoData for $t {
            const RANK: usize = 0;
            const DTYPE: Option<Dtype> = Some(Dtype::Uint64);
            #[inline]
            fn visit(&self, b: &mut DataBuilder) {
                b.push(Scalar::Int(*self as i128));
            }
        }
    )*};
}
unsigned_leaf!(u64, usize);

impl<T: IntoData> IntoData for [T] {
    const RANK: usize = T::RANK + 1;
    const DTYPE: Option<Dtype> = T::DTYPE;
    fn visit(&self, b: &mut DataBuilder) {
        b.list(self.len(), |b, i| self[i].visit(b));
    }
}
impl<T: IntoData, const N: usize> IntoData for [T; N] {
    const RANK: usize = T::RANK + 1;
    const DTYPE: Option<Dtype> = T::DTYPE;
    fn visit(&self, b: &mut DataBuilder) {
        self.as_slice().visit(b);
    }
}
impl<T: IntoData> IntoData for Vec<T> {
    const RANK: usize = T::RANK + 1;
    const DTYPE: Option<Dtype> = T::DTYPE;
    fn visit(&self, b: &mut DataBuilder) {
        self.as_slice().visit(b);
    }
}
impl<T: IntoData + ?Sized> IntoData for &T {
    const RANK: usize = T::RANK;
    const DTYPE: Option<Dtype> = T::DTYPE;
    fn visit(&self, b: &mut DataBuilder) {
        (**self).visit(b);
    }
}

/// A dtype, or an array standing for its dtype: the argument of the dtype queries where the
/// Array API takes `Union[dtype, array]` (`can_cast`'s `from`, `finfo`, `iinfo`,
/// `result_type`). An array also names its backend, which decides where `can_cast` (a
/// primary op) runs when no backend is set; the queries read nothing else of it.
///
/// ```
/// use ivy::prelude::*;
/// ivy::set_backend(Backend::Ndarray);
/// let x = ivy::asarray([1i32, 2])?; // int32
/// assert!(ivy::can_cast(&x, Dtype::Int64)?);              // an array
/// assert!(!ivy::can_cast(Dtype::Float64, Dtype::Float32)?); // or a dtype
/// assert_eq!(ivy::iinfo(&x)?.max, i32::MAX as i128);
/// let f = ivy::asarray([1.0f32])?;
/// assert_eq!(ivy::result_type([DtypeLike::from(&x), (&f).into(), Dtype::Int8.into()])?, Dtype::Float64);
/// assert_eq!(DtypeLike::from(&x).dtype(), Dtype::Int32);
/// # Ok::<(), ivy::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DtypeLike {
    dtype: Dtype,
    backend: Option<Backend>,
}

impl DtypeLike {
    /// The dtype (an array's own).
    #[inline]
    pub fn dtype(&self) -> Dtype {
        self.dtype
    }
    /// The array's backend (`None` for a dtype).
    #[inline]
    pub fn backend(&self) -> Option<Backend> {
        self.backend
    }
}

impl From<Dtype> for DtypeLike {
    fn from(dtype: Dtype) -> Self {
        DtypeLike {
            dtype,
            backend: None,
        }
    }
}
impl From<&Array> for DtypeLike {
    fn from(a: &Array) -> Self {
        DtypeLike {
            dtype: a.dtype(),
            backend: Some(a.backend()),
        }
    }
}
impl From<&&Array> for DtypeLike {
    fn from(a: &&Array) -> Self {
        DtypeLike::from(*a)
    }
}
impl From<&mut Array> for DtypeLike {
    fn from(a: &mut Array) -> Self {
        DtypeLike::from(&*a)
    }
}
impl From<Array> for DtypeLike {
    fn from(a: Array) -> Self {
        DtypeLike::from(&a)
    }
}

/// The kinds `isdtype` asks about: one kind (`"integral"`, a dtype or its name) or several
/// (the Array API 2023.12's `Union[str, dtype, Tuple[Union[str, dtype], ...]]`, any of which
/// matches; a dtype matches exactly): a `&str` or a [`Dtype`], or a slice, an array or a
/// `Vec` of either (mix them with [`Dtype::as_str`]). By name: a string, a dtype, or a list
/// mixing them.
///
/// ```
/// use ivy::{Dtype, DtypeKinds};
/// assert!(ivy::isdtype(Dtype::Int8, ["integral", "real floating"])?);
/// assert!(ivy::isdtype(Dtype::Float16, &["bool", "float16"][..])?);
/// assert!(!ivy::isdtype(Dtype::Bool, vec!["numeric"])?);
/// assert!(ivy::isdtype(Dtype::Float16, Dtype::Float16)?);
/// assert!(!ivy::isdtype(Dtype::Float16, [Dtype::Float32, Dtype::Int8])?);
/// assert!(ivy::isdtype(Dtype::Int8, ["bool", Dtype::Int8.as_str()])?);
/// assert_eq!(DtypeKinds::from("bool").kinds(), ["bool"]);
/// assert_eq!(DtypeKinds::from(Dtype::Uint8).kinds(), ["uint8"]);
/// # Ok::<(), ivy::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DtypeKinds<'a>(Vec<&'a str>);

impl<'a> DtypeKinds<'a> {
    /// The kinds, in order.
    pub fn kinds(&self) -> &[&'a str] {
        &self.0
    }
}
impl<'a> From<&'a str> for DtypeKinds<'a> {
    fn from(k: &'a str) -> Self {
        DtypeKinds(vec![k])
    }
}
impl<'a> From<&'a String> for DtypeKinds<'a> {
    fn from(k: &'a String) -> Self {
        DtypeKinds(vec![k.as_str()])
    }
}
impl<'a> From<&[&'a str]> for DtypeKinds<'a> {
    fn from(k: &[&'a str]) -> Self {
        DtypeKinds(k.to_vec())
    }
}
impl<'a, const N: usize> From<[&'a str; N]> for DtypeKinds<'a> {
    fn from(k: [&'a str; N]) -> Self {
        DtypeKinds(k.to_vec())
    }
}
impl<'a, const N: usize> From<&[&'a str; N]> for DtypeKinds<'a> {
    fn from(k: &[&'a str; N]) -> Self {
        DtypeKinds(k.to_vec())
    }
}
impl<'a> From<Vec<&'a str>> for DtypeKinds<'a> {
    fn from(k: Vec<&'a str>) -> Self {
        DtypeKinds(k)
    }
}
/// A dtype as a kind: that dtype exactly (its name, which `isdtype` reads as the dtype).
impl<'a> From<Dtype> for DtypeKinds<'a> {
    fn from(d: Dtype) -> Self {
        DtypeKinds(vec![d.as_str()])
    }
}
impl<'a> From<&[Dtype]> for DtypeKinds<'a> {
    fn from(k: &[Dtype]) -> Self {
        DtypeKinds(k.iter().map(|d| d.as_str()).collect())
    }
}
impl<'a, const N: usize> From<[Dtype; N]> for DtypeKinds<'a> {
    fn from(k: [Dtype; N]) -> Self {
        DtypeKinds::from(&k[..])
    }
}
impl<'a> From<Vec<Dtype>> for DtypeKinds<'a> {
    fn from(k: Vec<Dtype>) -> Self {
        DtypeKinds::from(&k[..])
    }
}

/// `repeat`'s `repeats` (the Array API's `int | array`): one count for every element, a
/// count per element along the axis, or an integer array of counts (1-D, or 0-d for one
/// count). Made from an int (`2`), a list of ints (`&[1, 3]`, `vec![1, 3]`) or an array
/// (`&counts`); by name, an int, a list of ints or an array.
///
/// ```
/// use ivy::prelude::*;
/// ivy::set_backend(Backend::Ndarray);
/// let x = ivy::asarray(vec![1.0f32, 2.0])?;
/// assert_eq!(ivy::repeat(&x, 2)?.to_f64_vec()?, [1.0, 1.0, 2.0, 2.0]);
/// let counts = ivy::asarray(vec![1i64, 3])?;
/// assert_eq!(ivy::repeat(&x, &counts)?.to_f64_vec()?, [1.0, 2.0, 2.0, 2.0]);
/// # Ok::<(), ivy::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum Repeats {
    /// Counts: one for every element, or one per element along the axis.
    Counts(Vec<i64>),
    /// An integer array of counts (read on the host by `repeat`).
    Array(Array),
}

impl Repeats {
    /// The counts, checked: an array must hold integers and have at most one axis.
    pub(crate) fn counts(&self, op: &'static str) -> Result<Cow<'_, [i64]>> {
        let a = match self {
            Repeats::Counts(c) => return Ok(Cow::Borrowed(c)),
            Repeats::Array(a) => a,
        };
        if !a.dtype().is_int() {
            return Err(Error::ArgumentKind {
                op,
                param: "repeats",
                expected: "an int or a 1-D integer array (convert it with `astype`)",
                got: format!("an array of dtype {}", a.dtype()),
            });
        }
        if a.ndim() > 1 {
            return Err(Error::InvalidArgument {
                op,
                message: format!(
                    "`repeats` must be an int or a 1-D integer array, got a {} array of shape \
                     {:?}: cast it with `astype` or flatten it",
                    a.dtype(),
                    a.shape()
                ),
            });
        }
        Ok(Cow::Owned(crate::native::int_values(
            op,
            a,
            crate::native::IntRole::Count,
        )?))
    }
}

macro_rules! repeats_from_int {
    ($($t:ty),*) => {$(
        // beyond i64::MAX (a usize): saturated, so that `repeat` refuses it as too large
        // (its result's size overflows), not as a negative count
        impl From<$t> for Repeats {
            fn from(r: $t) -> Repeats {
                Repeats::Counts(vec![i64::try_from(r).unwrap_or(i64::MAX)])
            }
        }
        impl From<&[$t]> for Repeats {
            fn from(r: &[$t]) -> Repeats {
                Repeats::Counts(r.iter().map(|&c| i64::try_from(c).unwrap_or(i64::MAX)).collect())
            }
        }
        impl<const N: usize> From<&[$t; N]> for Repeats {
            fn from(r: &[$t; N]) -> Repeats {
                Repeats::from(&r[..])
            }
        }
        impl<const N: usize> From<[$t; N]> for Repeats {
            fn from(r: [$t; N]) -> Repeats {
                Repeats::from(&r[..])
            }
        }
        impl From<Vec<$t>> for Repeats {
            fn from(r: Vec<$t>) -> Repeats {
                Repeats::from(&r[..])
            }
        }
        impl From<&Vec<$t>> for Repeats {
            fn from(r: &Vec<$t>) -> Repeats {
                Repeats::from(&r[..])
            }
        }
    )*};
}
repeats_from_int!(i32, i64, u32, usize);

impl From<&Array> for Repeats {
    /// The array's handle (its buffer is shared, not copied).
    fn from(a: &Array) -> Repeats {
        Repeats::Array(a.clone())
    }
}
impl From<Array> for Repeats {
    fn from(a: Array) -> Repeats {
        Repeats::Array(a)
    }
}

/// By name: an int, a list of ints or an array.
impl<'v> crate::registry::FromValue<'v> for Repeats {
    const EXPECTED: &'static str = "an int, a list of ints or an integer array";
    fn from_value(v: &'v Value) -> Option<Self> {
        match v {
            Value::Array(a) => Some(Repeats::Array(a.clone())),
            v => <Vec<i64> as crate::registry::FromValue>::from_value(v).map(Repeats::Counts),
        }
    }
}
impl From<Repeats> for Value {
    /// A list of ints, or the array.
    fn from(r: Repeats) -> Value {
        match r {
            Repeats::Counts(c) => Value::from(&c[..]),
            Repeats::Array(a) => Value::Array(a),
        }
    }
}

/// [`tensordot`](crate::tensordot)'s `axes` (the Array API's `Union[int,
/// Tuple[Sequence[int], Sequence[int]]]`): a count `n` (the last `n` axes of `x1` with the
/// first `n` of `x2`), or a pair of axis lists contracted pairwise (negative axes allowed;
/// two empty lists are the outer product). Made from an int (`1`), or a pair of lists,
/// arrays or `Vec`s of ints (`([1, 2], [1, 0])`); by name an int or a list of two lists.
///
/// ```
/// use ivy::prelude::*;
/// use ivy::TensordotAxes;
/// ivy::set_backend(Backend::Ndarray);
/// let a = ivy::reshape(&ivy::arange(6.0)?, &[2, 3])?;
/// let t = ivy::tensordot_with(&a, &a, TensordotKw { axes: ([0, 1], [0, 1]).into() })?;
/// assert_eq!(t.to_f64_vec()?, [55.0]); // sum(a * a)
/// let outer = ivy::tensordot_with(&a, &a, TensordotKw { axes: TensordotAxes::pairs([], []) })?;
/// assert_eq!(outer.shape(), &[2, 3, 2, 3]);
/// assert_eq!(TensordotAxes::from(1), TensordotAxes::Count(1));
/// # Ok::<(), ivy::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TensordotAxes {
    /// The last `n` axes of `x1` with the first `n` of `x2`.
    Count(i64),
    /// `x1`'s axes, contracted pairwise with `x2`'s.
    Pairs(Vec<i64>, Vec<i64>),
}

impl TensordotAxes {
    /// The pair form from two lists of axes.
    pub fn pairs(x1_axes: impl AsRef<[i64]>, x2_axes: impl AsRef<[i64]>) -> TensordotAxes {
        TensordotAxes::Pairs(x1_axes.as_ref().to_vec(), x2_axes.as_ref().to_vec())
    }
}
impl Default for TensordotAxes {
    /// The standard's default, 2.
    fn default() -> Self {
        TensordotAxes::Count(2)
    }
}
impl From<i64> for TensordotAxes {
    fn from(n: i64) -> Self {
        TensordotAxes::Count(n)
    }
}
impl From<i32> for TensordotAxes {
    fn from(n: i32) -> Self {
        TensordotAxes::Count(n.into())
    }
}
impl From<usize> for TensordotAxes {
    fn from(n: usize) -> Self {
        TensordotAxes::Count(i64::try_from(n).unwrap_or(i64::MAX))
    }
}
impl<A: AsRef<[i64]>, B: AsRef<[i64]>> From<(A, B)> for TensordotAxes {
    fn from((a, b): (A, B)) -> Self {
        TensordotAxes::pairs(a, b)
    }
}
/// By name: an int, or a list of two lists of ints.
impl<'v> crate::registry::FromValue<'v> for TensordotAxes {
    const EXPECTED: &'static str = "an int, or a list of two lists of axes";
    fn from_value(v: &'v Value) -> Option<Self> {
        match v {
            Value::List(items) => match &items[..] {
                [a, b] => Some(TensordotAxes::Pairs(
                    Vec::<i64>::from_value(a)?,
                    Vec::<i64>::from_value(b)?,
                )),
                _ => None,
            },
            v => i64::from_value(v).map(TensordotAxes::Count),
        }
    }
}
impl From<TensordotAxes> for Value {
    /// An int, or a list of two lists of ints.
    fn from(a: TensordotAxes) -> Value {
        match a {
            TensordotAxes::Count(n) => Value::from(n),
            TensordotAxes::Pairs(a, b) => {
                Value::List(vec![Value::from(&a[..]), Value::from(&b[..])])
            }
        }
    }
}

/// A bound of [`clip`](crate::clip) (the Array API 2023.12's `min`/`max`: `int | float |
/// array | None`): absent, a scalar, or an array broadcast against `x` (it must broadcast
/// to `x`'s shape, which the result keeps). Made from a number (`0.5`, `2`), an array
/// (`&lo`), an `Option` of either (`None::<f64>` for no bound) or [`ClipBound::None`]; by
/// name, `None`, a scalar or an array. An array bound also decides the backend and
/// takes part in the device check, as an `&Array` argument does.
///
/// ```
/// use ivy::prelude::*;
/// ivy::set_backend(Backend::Ndarray);
/// let x = ivy::asarray(vec![-2.0f32, 0.5, 3.0])?;
/// let hi = ivy::asarray(vec![1.0f32, 0.0, 2.0])?;
/// assert_eq!(ivy::clip(&x, 0.0, &hi)?.to_f64_vec()?, [0.0, 0.0, 2.0]);
/// assert_eq!(ivy::clip(&x, None::<f64>, 1.0)?.to_f64_vec()?, [-2.0, 0.5, 1.0]);
/// let none = ivy::ClipBound::None;
/// assert_eq!(ivy::clip(&x, none.clone(), none)?.to_f64_vec()?, [-2.0, 0.5, 3.0]);
/// assert!(ivy::ClipBound::from(&hi).array().is_some() && ivy::ClipBound::from(2).array().is_none());
/// # Ok::<(), ivy::Error>(())
/// ```
#[derive(Clone, Debug, Default)]
pub enum ClipBound {
    /// No bound (`None`).
    #[default]
    None,
    /// A scalar, converted to `x`'s dtype.
    Scalar(Scalar),
    /// An array (a shared handle), broadcast against `x` and cast to its dtype.
    Array(Array),
}

impl ClipBound {
    /// The array bound, if this is one.
    #[inline]
    pub fn array(&self) -> Option<&Array> {
        match self {
            ClipBound::Array(a) => Some(a),
            _ => None,
        }
    }
    /// The array it holds (none or one): what decides the backend and the device, as the
    /// arrays of an optional-array argument do.
    #[inline]
    pub fn iter(&self) -> std::option::IntoIter<&Array> {
        self.array().into_iter()
    }
}

macro_rules! clip_bound_from_scalar {
    ($($t:ty),*) => {$(
        impl From<$t> for ClipBound {
            fn from(v: $t) -> ClipBound {
                ClipBound::Scalar(Scalar::from(v))
            }
        }
    )*};
}
clip_bound_from_scalar!(i8, i16, i32, i64, u8, u16, u32, f32, f64, bool, Scalar);

impl From<&Array> for ClipBound {
    /// The array's handle (its buffer is shared, not copied).
    fn from(a: &Array) -> ClipBound {
        ClipBound::Array(a.clone())
    }
}
impl From<&&Array> for ClipBound {
    fn from(a: &&Array) -> ClipBound {
        ClipBound::Array((*a).clone())
    }
}
impl From<Array> for ClipBound {
    fn from(a: Array) -> ClipBound {
        ClipBound::Array(a)
    }
}
impl<T: Into<ClipBound>> From<Option<T>> for ClipBound {
    /// `None` is no bound.
    fn from(v: Option<T>) -> ClipBound {
        v.map_or(ClipBound::None, Into::into)
    }
}
impl From<Operand<'_>> for ClipBound {
    fn from(o: Operand<'_>) -> ClipBound {
        match o {
            Operand::Array(a) => ClipBound::Array(a.clone()),
            Operand::Scalar(s) => ClipBound::Scalar(s),
        }
    }
}

/// By name: `None`, a scalar or an array.
impl<'v> crate::registry::FromValue<'v> for ClipBound {
    const EXPECTED: &'static str = "None, a scalar or an array";
    fn from_value(v: &'v Value) -> Option<Self> {
        match v {
            Value::None => Some(ClipBound::None),
            Value::Scalar(s) => Some(ClipBound::Scalar(*s)),
            Value::Array(a) => Some(ClipBound::Array(a.clone())),
            _ => None,
        }
    }
}
impl From<ClipBound> for Value {
    /// `None`, the scalar, or the array.
    fn from(b: ClipBound) -> Value {
        match b {
            ClipBound::None => Value::None,
            ClipBound::Scalar(s) => Value::Scalar(s),
            ClipBound::Array(a) => Value::Array(a),
        }
    }
}

/// [`matrix_norm`](crate::matrix_norm)'s `ord` (the Array API's `int | float | inf | -inf |
/// 'fro' | 'nuc'`): the Frobenius norm (the default), the nuclear norm (the sum of the
/// singular values), or a number: `1` / `-1` (the largest / smallest column sum of absolute
/// values), `2` / `-2` (the largest / smallest singular value), `inf` / `-inf` (the largest
/// / smallest row sum). Made from `"fro"`, `"nuc"` or a number; by name a string or a
/// number. Any other number is refused by `matrix_norm`.
///
/// ```
/// use ivy::prelude::*;
/// use ivy::MatrixNormOrd;
/// ivy::set_backend(Backend::Ndarray);
/// let a = ivy::asarray([[1.0f64, -2.0], [3.0, 4.0]])?;
/// let norm = |ord: MatrixNormOrd| ivy::matrix_norm_with(&a, MatrixNormKw { ord, keepdims: false });
/// assert_eq!(norm(1.into())?.to_f64_vec()?, [6.0]); // the largest column sum
/// assert_eq!(norm(f64::INFINITY.into())?.to_f64_vec()?, [7.0]); // the largest row sum
/// assert!((norm("fro".into())?.to_f64_vec()?[0] - 30f64.sqrt()).abs() < 1e-5); // float32
/// assert_eq!(MatrixNormOrd::from("nuc"), MatrixNormOrd::Nuclear);
/// # Ok::<(), ivy::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum MatrixNormOrd {
    /// `'fro'`: the square root of the sum of squared absolute values.
    #[default]
    Frobenius,
    /// `'nuc'`: the sum of the singular values.
    Nuclear,
    /// A number: `1`, `-1`, `2`, `-2`, `inf` or `-inf`.
    Number(f64),
}

impl From<&str> for MatrixNormOrd {
    /// `"fro"` and `"nuc"`; any other string is kept as `Number(NaN)`, which
    /// `matrix_norm` refuses.
    fn from(s: &str) -> Self {
        match s {
            "fro" => MatrixNormOrd::Frobenius,
            "nuc" => MatrixNormOrd::Nuclear,
            _ => MatrixNormOrd::Number(f64::NAN),
        }
    }
}
macro_rules! matrix_norm_ord_from_number {
    ($($t:ty),*) => {$(
        impl From<$t> for MatrixNormOrd {
            fn from(v: $t) -> Self {
                MatrixNormOrd::Number(v as f64)
            }
        }
    )*};
}
matrix_norm_ord_from_number!(i32, i64, f32, f64);

/// By name: `"fro"`, `"nuc"` or a number.
impl<'v> crate::registry::FromValue<'v> for MatrixNormOrd {
    const EXPECTED: &'static str = "\"fro\", \"nuc\" or a number";
    fn from_value(v: &'v Value) -> Option<Self> {
        match v {
            Value::Str(s) if s == "fro" => Some(MatrixNormOrd::Frobenius),
            Value::Str(s) if s == "nuc" => Some(MatrixNormOrd::Nuclear),
            v => f64::from_value(v).map(MatrixNormOrd::Number),
        }
    }
}
impl From<MatrixNormOrd> for Value {
    /// A string (`"fro"`, `"nuc"`) or a float.
    fn from(o: MatrixNormOrd) -> Value {
        match o {
            MatrixNormOrd::Frobenius => Value::Str("fro".into()),
            MatrixNormOrd::Nuclear => Value::Str("nuc".into()),
            MatrixNormOrd::Number(n) => Value::from(n),
        }
    }
}
