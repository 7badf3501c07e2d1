//! `ivy_rs._ivy_rs`: the native half of ivy-rs's Python binding.
//!
//! The binding adds no semantics of its own: every op is called through its entry in
//! [`ivy::registry`], with Python values converted to [`Value`]s and back. The Python package
//! (`ivy-py/python/ivy_rs`) builds the Array API namespace from the table `_ops()` returns.
//!
//! ```text
//! >>> import ivy_rs
//! >>> ivy_rs.add(ivy_rs.asarray([1.0, 2.0]), 1)
//! Array([2., 3.], dtype=float32)
//! ```

use ivy::indexing::Idx;
use ivy::registry::Value;
use ivy::{Array as IArray, Backend, Dtype, Error, NativeArray, Scalar};
use pyo3::exceptions::{
    PyIndexError, PyMemoryError, PyNotImplementedError, PyOverflowError, PyRuntimeError,
    PyTypeError, PyValueError,
};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyComplex, PyDict, PyFloat, PyInt, PyList, PySlice, PyString, PyTuple};
use smallvec::SmallVec;
use std::cell::{Cell, UnsafeCell};
use std::marker::PhantomData;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::str::FromStr;

/// An op's positional arguments (on the stack up to four).
type Args = SmallVec<[Value; 4]>;
/// An op's keywords (on the stack up to four).
type Kw<'a> = SmallVec<[(&'a str, Value); 4]>;

/// The Array API standard's JSON description (signatures, positional-only and keyword-only
/// markers), embedded so the Python package builds its signatures without files on disk.
const ARRAY_API_JSON: &str = include_str!("../../spec/array_api_2023_12.json");

/// The Python exception for an ivy error: the standard's classes (IndexError for an index
/// out of range, ValueError for shapes and values and a slice step of 0, TypeError for
/// dtypes and operand types, OverflowError for a Python int its dtype cannot hold,
/// NotImplementedError where an op cannot run); the message is ivy's.
fn py_err(e: Error) -> PyErr {
    let msg = e.to_string();
    // an error at a Container's leaf (its message names the key chain) takes the exception
    // of the error there
    let e = e.root();
    // an index that selects nothing valid (too many items, a mask of the wrong shape, a
    // position out of range): IndexError, as numpy and the standard
    let indexing = matches!(e.op(), Some("get_item" | "set_item"));
    match e {
        // a value that does not broadcast to the selection: ValueError, as numpy
        Error::Shape { reason, .. } if indexing && reason.starts_with("do not broadcast") => {
            PyValueError::new_err(msg)
        }
        // numpy 2's OverflowError for a Python int its dtype cannot hold (`int8 + 300`)
        Error::InvalidArgument { message, .. }
            if (message.starts_with("the int ") || message.starts_with("the float "))
                && message.contains(" is out of range ") =>
        {
            pyo3::exceptions::PyOverflowError::new_err(msg)
        }
        // a NaN for an integer dtype (a fill, a list item, `x[i] = nan`): numpy's ValueError
        Error::InvalidArgument { message, .. }
            if message.starts_with("the float NaN has no value") =>
        {
            PyValueError::new_err(msg)
        }
        // a slice with step 0: ValueError, as Python's `slice.indices` and numpy
        Error::InvalidArgument { message, .. }
            if indexing && message.starts_with("a slice step must not be 0") =>
        {
            PyValueError::new_err(msg)
        }
        Error::InvalidArgument { .. } | Error::Shape { .. } if indexing => {
            PyIndexError::new_err(msg)
        }
        Error::Axis { .. } => Python::attach(|py| match axis_error(py) {
            Ok(cls) => PyErr::from_type(cls, msg),
            Err(err) => err,
        }),
        Error::LinAlg { .. } => Python::attach(|py| match linalg_error(py) {
            Ok(cls) => PyErr::from_type(cls, msg),
            Err(err) => err,
        }),
        Error::UnknownDtype { .. }
        | Error::UnsupportedDtype { .. }
        | Error::DtypeNotInBackend { .. }
        | Error::Promotion { .. }
        | Error::ArgumentKind { .. }
        | Error::Arity { .. }
        | Error::UnknownKeyword { .. } => PyTypeError::new_err(msg),
        // the Rust message names Rust's calls: a Python user sets the backend in Python
        Error::NoBackend { op } => PyValueError::new_err(format!(
            "`{op}` needs a backend: pass an array, or first call \
             ivy_rs.set_backend(\"ndarray\") (or \"candle\"), or use \
             `with ivy_rs.using_backend(...)`"
        )),
        Error::UnknownOp { .. }
        | Error::NotCallable { .. }
        | Error::NoArrayFunction { .. }
        | Error::BackendUnavailable { .. }
        | Error::NoAutograd { .. } => PyNotImplementedError::new_err(msg),
        Error::OutOfMemory { .. } => PyMemoryError::new_err(msg),
        Error::InvalidArgument { message, .. }
            if message.contains("out of range") || message.contains("out of bounds") =>
        {
            PyIndexError::new_err(msg)
        }
        _ => PyValueError::new_err(msg),
    }
}

/// `ivy_rs.AxisError`: an axis out of range, both a ValueError and an IndexError (numpy's
/// `AxisError`; the standard's suite expects IndexError, older code ValueError).
fn axis_error(py: Python<'_>) -> PyResult<Bound<'_, pyo3::types::PyType>> {
    static CLS: pyo3::sync::PyOnceLock<Py<pyo3::types::PyType>> = pyo3::sync::PyOnceLock::new();
    error_class(py, &CLS, "AxisError", &["ValueError", "IndexError"])
}

/// `ivy_rs.LinAlgError`: a matrix a decomposition cannot take (singular, not positive
/// definite, no convergence), a ValueError, as numpy's `LinAlgError`.
fn linalg_error(py: Python<'_>) -> PyResult<Bound<'_, pyo3::types::PyType>> {
    static CLS: pyo3::sync::PyOnceLock<Py<pyo3::types::PyType>> = pyo3::sync::PyOnceLock::new();
    error_class(py, &CLS, "LinAlgError", &["ValueError"])
}

/// An exception class of the module, `name` deriving from the builtin exceptions `bases`,
/// made once.
fn error_class<'py>(
    py: Python<'py>,
    cell: &'static pyo3::sync::PyOnceLock<Py<pyo3::types::PyType>>,
    name: &str,
    bases: &[&str],
) -> PyResult<Bound<'py, pyo3::types::PyType>> {
    cell.get_or_try_init(py, || {
        let builtins = py.import("builtins")?;
        let bases = bases
            .iter()
            .map(|b| builtins.getattr(*b))
            .collect::<PyResult<Vec<_>>>()?;
        let ns = PyDict::new(py);
        ns.set_item("__module__", "ivy_rs")?;
        let cls = builtins
            .getattr("type")?
            .call1((name, PyTuple::new(py, bases)?, ns))?
            .cast_into::<pyo3::types::PyType>()?;
        Ok::<_, PyErr>(cls.unbind())
    })
    .map(|c| c.bind(py).clone())
}

/// Runs `f` with the GIL released, catching a panic (raised as RuntimeError naming `op`).
fn run<T: Send>(
    py: Python<'_>,
    op: &str,
    f: impl FnOnce() -> ivy::Result<T> + Send,
) -> PyResult<T> {
    caught(op, py.detach(|| catch_unwind(AssertUnwindSafe(f))))
}

/// A caught call's result: a panic as RuntimeError naming `op`, an ivy error as its Python
/// exception.
fn caught<T>(op: &str, r: std::thread::Result<ivy::Result<T>>) -> PyResult<T> {
    r.map_err(|_| panicked(op))?.map_err(py_err)
}

/// The RuntimeError of a panic caught in a call of `op`.
fn panicked(op: &str) -> PyErr {
    PyRuntimeError::new_err(format!(
        "`{op}` panicked inside ivy-rs (a bug: please report it with the call)"
    ))
}

/// The one Python object of dtype `d` (the module's `ivy_rs.float32`, ...): made on first
/// use, then shared, so `x.dtype` allocates nothing and `x.dtype is ivy_rs.float32` holds.
fn dtype_object(py: Python<'_>, d: Dtype) -> PyResult<Py<PyDType>> {
    static OBJECTS: pyo3::sync::PyOnceLock<Vec<Py<PyDType>>> = pyo3::sync::PyOnceLock::new();
    let all = OBJECTS.get_or_try_init(py, || {
        Dtype::ALL
            .iter()
            .map(|&d| Py::new(py, PyDType(d)))
            .collect::<PyResult<Vec<_>>>()
    })?;
    let i = Dtype::ALL.iter().position(|&e| e == d).unwrap_or_default();
    Ok(all[i].clone_ref(py))
}

/// An ivy array (`ivy::Array`), with the Array API standard's attributes and operators.
// no pyo3 `freelist`: its mutex per allocation and per free cost more than it saved
// `frozen`: pyo3 checks no borrows; the state is borrowed through a `GilCell` (pyo3's own
// flag is atomic: two locked read-modify-writes per borrowed argument)
#[pyclass(name = "Array", module = "ivy_rs", frozen, weakref)]
pub struct PyArray {
    state: GilCell<ArrayState>,
}

/// What an `ivy_rs.Array` holds, borrowed with [`read`] and [`write`].
struct ArrayState {
    inner: IArray,
}

/// A value behind a borrow flag that is read and written with the GIL held only, so a
/// plain `Cell` suffices: the GIL orders every access (this module is built for the
/// stable ABI, which free-threaded CPython does not load), each borrow takes a `Python`
/// token, and a guard cannot leave its thread (nor enter `Python::detach`). As pyo3's
/// pyclass borrows: many readers or one writer, a conflict an error, not a wait. pyo3's own
/// flag is an atomic (for free-threaded Python): at n = 1 its locked read-modify-writes cost
/// more than the rest of a borrow.
struct GilCell<T> {
    /// Readers (> 0), a writer (-1) or none (0).
    flag: Cell<isize>,
    value: UnsafeCell<T>,
}

// SAFETY: `flag` and `value` are reached only through `borrow`/`borrow_mut` and their
// guards, with the GIL held (see the type's docs): no two threads touch them at once, and
// the GIL's release and acquire order what one thread wrote before what the next reads.
// `T: Send`: a writer on another thread may own what it moves in.
unsafe impl<T: Send> Sync for GilCell<T> {}

impl<T> GilCell<T> {
    fn new(value: T) -> Self {
        GilCell {
            flag: Cell::new(0),
            value: UnsafeCell::new(value),
        }
    }

    /// A shared borrow, or None while a writer holds it.
    #[inline]
    fn borrow(&self, _gil: Python<'_>) -> Option<GilRef<'_, T>> {
        let f = self.flag.get();
        if f < 0 {
            return None;
        }
        self.flag.set(f + 1);
        Some(GilRef {
            cell: self,
            _thread: PhantomData,
        })
    }

    /// The one borrow, or None while any other is held.
    #[inline]
    fn borrow_mut(&self, _gil: Python<'_>) -> Option<GilRefMut<'_, T>> {
        if self.flag.get() != 0 {
            return None;
        }
        self.flag.set(-1);
        Some(GilRefMut {
            cell: self,
            _thread: PhantomData,
        })
    }
}

/// A shared borrow of a [`GilCell`] (neither `Send` nor `Sync`: it stays on the thread
/// that holds the GIL).
struct GilRef<'a, T> {
    cell: &'a GilCell<T>,
    _thread: PhantomData<*const ()>,
}

impl<T> std::ops::Deref for GilRef<'_, T> {
    type Target = T;
    #[inline]
    fn deref(&self) -> &T {
        // SAFETY: the flag counts this reader: no writer exists until it is dropped
        unsafe { &*self.cell.value.get() }
    }
}

impl<T> Drop for GilRef<'_, T> {
    #[inline]
    fn drop(&mut self) {
        self.cell.flag.set(self.cell.flag.get() - 1);
    }
}

/// The exclusive borrow of a [`GilCell`] (neither `Send` nor `Sync`).
struct GilRefMut<'a, T> {
    cell: &'a GilCell<T>,
    _thread: PhantomData<*const ()>,
}

impl<T> std::ops::Deref for GilRefMut<'_, T> {
    type Target = T;
    #[inline]
    fn deref(&self) -> &T {
        // SAFETY: the flag marks this writer: no other borrow exists until it is dropped
        unsafe { &*self.cell.value.get() }
    }
}

impl<T> std::ops::DerefMut for GilRefMut<'_, T> {
    #[inline]
    fn deref_mut(&mut self) -> &mut T {
        // SAFETY: as `deref`
        unsafe { &mut *self.cell.value.get() }
    }
}

impl<T> Drop for GilRefMut<'_, T> {
    #[inline]
    fn drop(&mut self) {
        self.cell.flag.set(0);
    }
}

/// `a`'s state, shared (a RuntimeError while another thread writes it).
#[inline]
fn read<'a>(a: &'a Bound<'_, PyArray>) -> PyResult<GilRef<'a, ArrayState>> {
    a.get().state.borrow(a.py()).ok_or_else(busy)
}

/// `a`'s state, exclusive (a RuntimeError while it is read or written elsewhere).
#[inline]
fn write<'a>(a: &'a Bound<'_, PyArray>) -> PyResult<GilRefMut<'a, ArrayState>> {
    a.get().state.borrow_mut(a.py()).ok_or_else(busy)
}

impl PyArray {
    /// `x[query]` (`__getitem__`'s body).
    fn get(slf: &Bound<'_, Self>, query: &[Idx]) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        let this = read(slf)?;
        let x = &this.inner;
        // small, or a basic index of an ndarray buffer (a view: nothing is copied)
        let view = x.backend() == Backend::Ndarray
            && query
                .iter()
                .all(|i| !matches!(i, Idx::Array(_) | Idx::Mask(_)));
        if view || x.size() <= GIL_FREE_ELEMENTS {
            // the result becomes a Python object inside the catch (as in `LentArgs::call`)
            return catch_unwind(AssertUnwindSafe(move || {
                let r = ivy::get_item(&this.inner, query);
                drop(this);
                Ok(Py::new(py, PyArray::new(r.map_err(py_err)?))?.into_any())
            }))
            .unwrap_or_else(|_| Err(panicked("get_item")));
        }
        // another thread may take this array while the GIL is released: the call reads its
        // own handle (a shared buffer, not a copy)
        let x = x.clone();
        drop(this);
        let r = run(py, "get_item", || ivy::get_item(&x, query))?;
        Ok(Py::new(py, PyArray::new(r))?.into_any())
    }
    /// `x[query] = value` (`__setitem__`'s body).
    fn set(slf: &Bound<'_, Self>, query: &[Idx], value: &Bound<'_, PyAny>) -> PyResult<()> {
        let py = slf.py();
        let val = to_value(value)?;
        let mut guard = write(slf)?;
        let keep_gil = guard.inner.size() <= GIL_FREE_ELEMENTS;
        let x = &mut guard.inner;
        run_sized(py, "set_item", keep_gil, move || match val {
            Value::Array(a) => x.set(query, a),
            Value::Scalar(s) => x.set(query, s),
            other => Err(Error::ArgumentKind {
                op: "set_item",
                param: "val",
                expected: "an array or a scalar",
                got: other.kind(),
            }),
        })
    }

    fn new(inner: IArray) -> PyArray {
        PyArray {
            state: GilCell::new(ArrayState { inner }),
        }
    }
}

/// The iterator of an [`PyArray`]: `x[0]`, `x[1]`, … up to the first axis's length when
/// iteration began.
#[pyclass(name = "_ArrayIterator", module = "ivy_rs")]
pub struct PyArrayIter {
    array: Py<PyArray>,
    next: usize,
    len: usize,
}

#[pymethods]
impl PyArrayIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }
    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        if self.next >= self.len {
            return Ok(None);
        }
        let i = self.next.into_pyobject(py)?.into_any();
        self.next += 1;
        PyArray::__getitem__(self.array.bind(py), &i).map(Some)
    }
}

/// A dtype (`ivy_rs.float32`, ...): hashable, comparable, printable.
#[pyclass(name = "DType", module = "ivy_rs", frozen, eq, hash, weakref)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyDType(Dtype);

#[pymethods]
impl PyDType {
    /// The dtype's name (`"float32"`).
    #[getter]
    fn name(&self) -> &'static str {
        self.0.as_str()
    }
    fn __repr__(&self) -> String {
        format!("ivy_rs.{}", self.0.as_str())
    }
    fn __str__(&self) -> &'static str {
        self.0.as_str()
    }
    /// Pickles (and copies) as the module attribute of its name, `ivy_rs.float32`: the
    /// same object back.
    fn __reduce__(&self) -> &'static str {
        self.0.as_str()
    }
}

/// The `Value` of a Python object: arrays, dtypes, scalars, strings, sequences, slices and
/// Ellipsis (as index items), Containers, numpy arrays (copied) and objects with
/// `__index__`/`__float__`.
fn to_value(obj: &Bound<'_, PyAny>) -> PyResult<Value> {
    to_value_at(obj, 0)
}

/// numpy's limit of dimensions (`NPY_MAXDIMS`): the most nested sequences [`to_value`]
/// reads (deeper or self-containing lists are a ValueError, not a stack overflow), and the
/// most dimensions handed to numpy or DLPack ([`numpy_ndim`]).
const NUMPY_MAX_NDIM: usize = 64;

/// [`to_value`] of an object `depth` sequences deep.
fn to_value_at(obj: &Bound<'_, PyAny>, depth: usize) -> PyResult<Value> {
    if obj.is_none() {
        return Ok(Value::None);
    }
    // the builtin types of shapes, axes and scalars first, each by one compare of the type
    // pointer (the checks below pass through about ten type tests, some of them calls into
    // CPython, before they reach a tuple); their subclasses take the general way below
    if obj.is_exact_instance_of::<PyInt>() {
        return Ok(Value::Scalar(Scalar::Int(py_int(obj)?)));
    }
    if obj.is_exact_instance_of::<PyFloat>() {
        return Ok(Value::Scalar(Scalar::Float(obj.extract()?)));
    }
    if let Ok(t) = obj.cast_exact::<PyTuple>() {
        return sequence_value(t.iter(), depth);
    }
    if let Ok(l) = obj.cast_exact::<PyList>() {
        return sequence_value(l.iter(), depth);
    }
    if let Ok(a) = obj.cast::<PyArray>() {
        return Ok(Value::Array(read(a)?.inner.clone()));
    }
    if let Ok(d) = obj.cast::<PyDType>() {
        return Ok(Value::Dtype(d.get().0));
    }
    if obj.is_instance_of::<PyBool>() {
        return Ok(Value::Scalar(Scalar::Bool(obj.extract()?)));
    }
    if obj.is_instance_of::<PyInt>() {
        return Ok(Value::Scalar(Scalar::Int(py_int(obj)?)));
    }
    // a numpy scalar is a 0-d array of its dtype, as numpy reads it (below): `np.float64`
    // subclasses `float` and `np.complex128` `complex`, but is no weakly typed Python number
    let number = |obj: &Bound<'_, PyAny>| -> PyResult<bool> { Ok(!numpy_like(obj)?) };
    if obj.is_exact_instance_of::<PyFloat>() || (obj.is_instance_of::<PyFloat>() && number(obj)?) {
        return Ok(Value::Scalar(Scalar::Float(obj.extract()?)));
    }
    if let Ok(c) = obj.cast::<PyComplex>() {
        if c.is_exact_instance_of::<PyComplex>() || number(obj)? {
            return Ok(Value::Scalar(Scalar::Complex(c.real(), c.imag())));
        }
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(Value::Str(s.to_string()));
    }
    if let Ok(s) = obj.cast::<PySlice>() {
        return Ok(Value::Str(slice_text(s)?));
    }
    if obj.is(obj.py().Ellipsis()) {
        return Ok(Value::Str("...".into()));
    }
    if let Ok(t) = obj.cast::<PyTuple>() {
        return sequence_value(t.iter(), depth);
    }
    if let Ok(l) = obj.cast::<PyList>() {
        return sequence_value(l.iter(), depth);
    }
    // a numpy array (or the like) first, found on its type: the instance's
    // `__array_interface__` is a dict numpy builds on each access, and the failed attribute
    // probes below (`_ivy_flat_items`, a dtype's `kind`) each format an AttributeError
    if numpy_like(obj)? {
        return from_interface(obj).map(Value::Array);
    }
    if obj.hasattr(pyo3::intern!(obj.py(), "_ivy_flat_items"))? {
        let mut c = ivy::Container::new();
        for item in obj.call_method0("_ivy_flat_items")?.try_iter()? {
            let (key, leaf): (String, Bound<'_, PyAny>) = item?.extract()?;
            match to_value(&leaf)? {
                Value::Array(a) => c.insert(&key, a),
                other => {
                    return Err(PyTypeError::new_err(format!(
                        "a Container leaf must be an array, `{key}` is {}",
                        other.kind()
                    )))
                }
            }
        }
        return Ok(Value::Container(c));
    }
    if let Some(d) = numpy_dtype(obj)? {
        return Ok(Value::Dtype(d));
    }
    if obj.hasattr(pyo3::intern!(obj.py(), "__array_interface__"))? {
        return from_interface(obj).map(Value::Array);
    }
    if let Ok(t) = obj.cast::<pyo3::types::PyType>() {
        // `dtype=float`: a type is no value (its `__float__` and `__index__` are unbound)
        return Err(PyTypeError::new_err(format!(
            "the Python type `{}` is not a dtype or a value: pass an ivy_rs dtype \
             (ivy_rs.float64, ivy_rs.int64, ivy_rs.bool, ...) or a numpy dtype",
            t.name()?
        )));
    }
    if obj.hasattr(pyo3::intern!(obj.py(), "__index__"))? {
        return Ok(Value::Scalar(Scalar::Int(py_int(
            &obj.call_method0("__index__")?,
        )?)));
    }
    if obj.hasattr(pyo3::intern!(obj.py(), "__float__"))? {
        return Ok(Value::Scalar(Scalar::Float(obj.extract()?)));
    }
    if !obj.is_instance_of::<PyString>() {
        if let Some(x) = from_buffer(obj)? {
            return Ok(Value::Array(x));
        }
        // any other sequence (`range`, a `collections.abc.Sequence` of one's own): its items,
        // as a list's (the standard's `NestedSequence`; numpy reads them too)
        let abc = obj
            .py()
            .import(pyo3::intern!(obj.py(), "collections.abc"))?;
        if obj.is_instance(&abc.getattr(pyo3::intern!(obj.py(), "Sequence"))?)? {
            let items =
                pyo3::types::PyList::new(obj.py(), obj.try_iter()?.collect::<PyResult<Vec<_>>>()?)?;
            return sequence_value(items.iter(), depth);
        }
    }
    Err(PyTypeError::new_err(format!(
        "ivy_rs cannot take a value of type `{}`",
        obj.get_type().name()?
    )))
}

/// The `Value::List` of a tuple's or list's `items`, the sequence `depth` sequences deep.
fn sequence_value<'py>(
    items: impl Iterator<Item = Bound<'py, PyAny>>,
    depth: usize,
) -> PyResult<Value> {
    if depth >= NUMPY_MAX_NDIM {
        return Err(PyValueError::new_err(format!(
            "sequences nested more than {NUMPY_MAX_NDIM} deep (or a list that contains itself): \
             ivy_rs reads at most {NUMPY_MAX_NDIM} dimensions from nested lists, as numpy"
        )));
    }
    items
        .map(|i| to_value_at(&i, depth + 1))
        .collect::<PyResult<_>>()
        .map(Value::List)
}

/// Whether `obj`'s type has `__array_interface__` (numpy arrays and scalars, and the like):
/// looked up on the type, as the instance's attribute is a dict built on each access.
fn numpy_like(obj: &Bound<'_, PyAny>) -> PyResult<bool> {
    obj.get_type()
        .hasattr(pyo3::intern!(obj.py(), "__array_interface__"))
}

/// A numpy dtype (`np.dtype("float32")`) or scalar type (`np.float64`) as ivy's dtype of the
/// same name, so numpy code can pass its dtypes; `None` for anything else.
fn numpy_dtype(obj: &Bound<'_, PyAny>) -> PyResult<Option<Dtype>> {
    let of_numpy = |o: &Bound<'_, PyAny>| -> PyResult<bool> {
        Ok(o.getattr("__module__")
            .and_then(|m| m.extract::<String>())
            .is_ok_and(|m| m == "numpy" || m.starts_with("numpy.")))
    };
    let name = if obj.is_instance_of::<pyo3::types::PyType>() && of_numpy(obj)? {
        // a scalar type: `np.float64.__name__` is "float64" (`np.bool_`'s is "bool")
        obj.getattr("__name__")?.extract::<String>()?
    } else if of_numpy(&obj.get_type().into_any())?
        && obj.hasattr(pyo3::intern!(obj.py(), "kind"))?
        && obj.hasattr(pyo3::intern!(obj.py(), "itemsize"))?
        && !obj.hasattr(pyo3::intern!(obj.py(), "__array_interface__"))?
    {
        // a dtype instance (numpy.dtypes.Float32DType)
        obj.getattr("name")?.extract::<String>()?
    } else {
        return Ok(None);
    };
    Ok(Dtype::from_str(name.trim_end_matches('_')).ok())
}

/// A Python int as ivy's `Scalar::Int` (an i128), whose value must then fit the dtype it
/// meets, as in numpy 2: a float target takes any (`ones(1) + 2**64`, `asarray([10**30],
/// dtype=float64)`), an integer one only its own values (OverflowError: ivy's "the int … is
/// out of range"), and data of no dtype infers int64, then uint64, then refuses. Beyond
/// i128 (2**127), OverflowError here.
fn py_int(obj: &Bound<'_, PyAny>) -> PyResult<i128> {
    if let Ok(i) = obj.extract::<i64>() {
        return Ok(i.into());
    }
    obj.extract::<i128>()
        .map_err(|_| int_overflow(obj, "-2**127 to 2**127 - 1"))
}

/// A Python int as i64 (OverflowError past its range, as numpy raises).
fn int_value(obj: &Bound<'_, PyAny>) -> PyResult<i64> {
    obj.extract::<i64>()
        .map_err(|_| int_overflow(obj, "int64: -2**63 to 2**63 - 1"))
}

/// OverflowError for a Python int beyond `range` (a long one shown by its digit count).
fn int_overflow(obj: &Bound<'_, PyAny>, range: &str) -> PyErr {
    let s = obj.to_string();
    let digits = s.trim_start_matches('-').len();
    let shown = if digits > 24 {
        format!("of {digits} digits")
    } else {
        s
    };
    PyOverflowError::new_err(format!(
        "Python int {shown} is out of the range ivy-rs takes here ({range})"
    ))
}

fn opt_int(obj: &Bound<'_, PyAny>) -> PyResult<Option<i64>> {
    if obj.is_none() {
        Ok(None)
    } else if obj.is_instance_of::<PyInt>() {
        int_value(obj).map(Some)
    } else if obj.hasattr(pyo3::intern!(obj.py(), "__index__"))? {
        int_value(&obj.call_method0(pyo3::intern!(obj.py(), "__index__"))?).map(Some)
    } else {
        Err(PyTypeError::new_err(format!(
            "slice bounds and steps are integers, None or objects with __index__, not `{}`",
            obj.get_type().name()?
        )))
    }
}

/// A slice as ivy's `"start:stop:step"` index text.
fn slice_text(s: &Bound<'_, PySlice>) -> PyResult<String> {
    let part = |name: &str| -> PyResult<String> {
        Ok(opt_int(&s.getattr(name)?)?
            .map(|i| i.to_string())
            .unwrap_or_default())
    };
    Ok(format!(
        "{}:{}:{}",
        part("start")?,
        part("stop")?,
        part("step")?
    ))
}

/// A slice's bounds read by CPython itself (`PySlice_Unpack`: ints and `__index__`
/// objects, `None` as the bounds Python's own sequences take, values past the machine range
/// clamped, as for a list): one C call instead of three attribute reads. `None` (the error
/// dropped) for what it refuses, a step of 0 among them; [`idx_item`]'s reading then names
/// the problem in ivy's words.
fn unpacked_slice(s: &Bound<'_, PySlice>) -> Option<Idx> {
    let (mut start, mut stop, mut step) = (0, 0, 0);
    // SAFETY: `s` is a live slice object and the GIL is held (the `Bound`); the three
    // out-pointers are valid locals.
    let r = unsafe { pyo3::ffi::PySlice_Unpack(s.as_ptr(), &mut start, &mut stop, &mut step) };
    if r < 0 {
        drop(PyErr::take(s.py()));
        return None;
    }
    // the sentinels PySlice_Unpack gives `None` (`isize::MAX`, `isize::MIN`) clamp in
    // ivy's slice reading exactly as `None` does
    Some(Idx::slice(
        Some(start as i64),
        Some(stop as i64),
        step as i64,
    ))
}

/// One index item of `x[key]`.
fn idx_item(obj: &Bound<'_, PyAny>) -> PyResult<Idx> {
    if obj.is_none() {
        return Ok(Idx::NewAxis);
    }
    if obj.is(obj.py().Ellipsis()) {
        return Ok(Idx::Ellipsis);
    }
    if let Ok(s) = obj.cast::<PySlice>() {
        if let Some(idx) = unpacked_slice(s) {
            return Ok(idx);
        }
        let py = obj.py();
        let step = opt_int(&s.getattr(pyo3::intern!(py, "step"))?)?.unwrap_or(1);
        return Ok(Idx::slice(
            opt_int(&s.getattr(pyo3::intern!(py, "start"))?)?,
            opt_int(&s.getattr(pyo3::intern!(py, "stop"))?)?,
            step,
        ));
    }
    if obj.is_instance_of::<PyBool>() {
        let b: bool = obj.extract()?;
        let mask = ivy::asarray(b).map_err(py_err)?;
        return Ok(Idx::Mask(mask));
    }
    if let Ok(a) = obj.cast::<PyArray>() {
        return Ok(Idx::from(&read(a)?.inner));
    }
    // an int beyond int64 is beyond every axis: IndexError, as numpy's (not OverflowError)
    let index_int = |i: &Bound<'_, PyAny>| {
        i.extract::<i64>()
            .map(Idx::Int)
            .map_err(|_| PyIndexError::new_err(format!("index {i} is out of range of any axis")))
    };
    if obj.is_instance_of::<PyInt>() {
        return index_int(obj);
    }
    // a numpy bool scalar is a 0-d mask, as numpy takes it (its `__index__` would make it
    // the integer 0 or 1: `x[np.False_] = 9` would write element 0)
    if numpy_like(obj)? {
        let py = obj.py();
        let zero_d = obj
            .getattr(pyo3::intern!(py, "ndim"))
            .and_then(|n| n.extract::<usize>())
            .is_ok_and(|n| n == 0);
        let bool_kind = || {
            obj.getattr(pyo3::intern!(py, "dtype"))
                .and_then(|d| d.getattr(pyo3::intern!(py, "kind")))
                .and_then(|k| k.extract::<String>())
                .is_ok_and(|k| k == "b")
        };
        if zero_d && bool_kind() {
            let mask = ivy::asarray(obj.is_truthy()?).map_err(py_err)?;
            return Ok(Idx::Mask(mask));
        }
    }
    // a numpy integer scalar is an int; a numpy array (whose `__index__` refuses) and a
    // list are index arrays or masks, as numpy takes them
    if obj.hasattr(pyo3::intern!(obj.py(), "__index__"))? {
        if let Ok(i) = obj.call_method0("__index__") {
            return index_int(&i);
        }
    }
    let value = match to_value(obj)? {
        Value::List(items) => {
            let asarray = entry_of("asarray")?;
            // an empty list selects nothing: an empty int64 index array, as numpy's (a list
            // of no numbers is float32 elsewhere)
            let kw: &[(&str, Value)] = if items.is_empty() {
                &[("dtype", Value::Dtype(Dtype::Int64))]
            } else {
                &[]
            };
            Value::Array(
                match asarray.call(&[Value::List(items)], kw).map_err(py_err)? {
                    Value::Array(a) => a,
                    other => {
                        return Err(PyIndexError::new_err(format!(
                            "a list index must make an integer or bool array, got {}",
                            other.kind()
                        )))
                    }
                },
            )
        }
        v => v,
    };
    match value {
        Value::Array(a) => Ok(Idx::from(&a)),
        other => Err(PyIndexError::new_err(format!(
            "only integers, slices, `...`, None, bool masks and integer arrays index an array, got {}",
            other.kind()
        ))),
    }
}

/// The items of `x[key]` (on the stack up to four).
type Query = SmallVec<[Idx; 4]>;

/// `f` of the items of the index `key`. One item (`x[1:3]`, `x[0]`) is read in place, not
/// collected into a `Query`: an `Idx` has an array's room, and moving a `Query` of them out
/// of a function cost more than a view (`x[1:3]` 235 -> 192 ns).
#[inline(always)]
fn with_index<R>(key: &Bound<'_, PyAny>, f: impl FnOnce(&[Idx]) -> PyResult<R>) -> PyResult<R> {
    match key.cast::<PyTuple>() {
        Ok(t) => f(&t
            .iter()
            .map(|i| idx_item(&i))
            .collect::<PyResult<Query>>()?),
        Err(_) => f(&[idx_item(key)?]),
    }
}

/// The numpy typestr of a dtype (`None` for bfloat16, which numpy lacks).
fn typestr(d: Dtype) -> Option<&'static str> {
    Some(match d {
        Dtype::Bool => "|b1",
        Dtype::Int8 => "|i1",
        Dtype::Int16 => "<i2",
        Dtype::Int32 => "<i4",
        Dtype::Int64 => "<i8",
        Dtype::Uint8 => "|u1",
        Dtype::Uint16 => "<u2",
        Dtype::Uint32 => "<u4",
        Dtype::Uint64 => "<u8",
        Dtype::Float16 => "<f2",
        Dtype::Float32 => "<f4",
        Dtype::Float64 => "<f8",
        Dtype::Complex64 => "<c8",
        Dtype::Complex128 => "<c16",
        _ => return None,
    })
}

/// An array of more than [`NUMPY_MAX_NDIM`] dimensions is refused before numpy reads it
/// (numpy 2.1 crashes on an interface of 136 dimensions or more).
fn numpy_ndim(x: &IArray) -> PyResult<()> {
    if x.ndim() > NUMPY_MAX_NDIM {
        return Err(PyValueError::new_err(format!(
            "numpy and DLPack consumers take at most {NUMPY_MAX_NDIM} dimensions; this array has {}",
            x.ndim()
        )));
    }
    Ok(())
}

/// numpy's `PyArrayInterface`: the C struct in the capsule that `__array_struct__` returns
/// (the array interface protocol's C side, version 3).
#[repr(C)]
struct ArrayStruct {
    two: std::ffi::c_int,
    nd: std::ffi::c_int,
    typekind: std::ffi::c_char,
    itemsize: std::ffi::c_int,
    flags: std::ffi::c_int,
    shape: *const isize,
    strides: *const isize,
    data: *const std::ffi::c_void,
    descr: *mut ffi::PyObject,
}

/// `ArrayStruct::flags`: the data is C-contiguous, and in native byte order.
const STRUCT_C_CONTIGUOUS: std::ffi::c_int = 0x1;
const STRUCT_NOTSWAPPED: std::ffi::c_int = 0x200;

/// The ivy dtype of a numpy typestr's kind and size (`"f4"`: byte order aside).
fn dtype_of_code(code: &str) -> Option<Dtype> {
    Dtype::ALL
        .into_iter()
        .find(|&d| typestr(d).and_then(|t| t.get(1..)) == Some(code))
}

/// An array of dtype `d` and `shape` copied from the C-contiguous little-endian buffer at
/// `ptr`, kept alive by the caller, on the current backend (errors name `asarray`).
///
/// # Safety
/// `ptr` points to the array's `itemsize · Π shape` readable bytes (any alignment), or the
/// array is empty.
unsafe fn copied_in(
    d: Dtype,
    ptr: *const u8,
    itemsize: usize,
    shape: &[usize],
) -> PyResult<IArray> {
    let n = shape.iter().try_fold(itemsize, |n, &l| n.checked_mul(l));
    let n = n.ok_or_else(|| PyValueError::new_err("ivy_rs.asarray: the shape overflows"))?;
    let bytes: &[u8] = if n == 0 || ptr.is_null() {
        &[]
    } else {
        // SAFETY: the caller's buffer of `n` bytes, read as bytes (alignment does not matter)
        unsafe { std::slice::from_raw_parts(ptr, n) }
    };
    let arr = from_le_bytes("ivy_rs.asarray", d, bytes, shape)?;
    match ivy_core::current_backend() {
        Some(b) if b != Backend::Ndarray => {
            arr.to_backend(b).map_err(|e| py_err(e.with_op("asarray")))
        }
        _ => Ok(arr),
    }
}

/// An ivy array copied from an object's `__array_struct__` (numpy arrays and scalars): its
/// fields read from a C struct, where `__array_interface__` is a dict of Python objects that
/// numpy builds on each access (a 4-element float32 array: 2.7 µs through the dict, 0.8
/// through the struct). `None` (the caller takes the dict's path) when there is no such
/// capsule, or the data is not C-contiguous in native little-endian byte order, or not of a
/// dtype ivy has (that path converts it, or names the dtype).
fn from_array_struct(obj: &Bound<'_, PyAny>) -> PyResult<Option<IArray>> {
    use pyo3::types::{PyCapsule, PyCapsuleMethods};
    let Ok(capsule) = obj.getattr(pyo3::intern!(obj.py(), "__array_struct__")) else {
        return Ok(None);
    };
    let Ok(capsule) = capsule.cast::<PyCapsule>() else {
        return Ok(None);
    };
    // numpy's capsules are unnamed
    let Ok(p) = capsule.pointer_checked(None) else {
        return Ok(None);
    };
    // SAFETY: an array-interface capsule points to a `PyArrayInterface`, which lives as long
    // as the capsule (held here); `two == 2` is the protocol's own check of that
    let s = unsafe { &*(p.as_ptr() as *const ArrayStruct) };
    let want = STRUCT_C_CONTIGUOUS | STRUCT_NOTSWAPPED;
    let usable = cfg!(target_endian = "little")
        && s.two == 2
        && s.flags & want == want
        && s.nd >= 0
        && s.itemsize > 0
        && (s.nd == 0 || !s.shape.is_null());
    if !usable {
        return Ok(None);
    }
    let Some(d) = dtype_of_code(&format!("{}{}", s.typekind as u8 as char, s.itemsize)) else {
        return Ok(None);
    };
    let shape: Vec<usize> = if s.nd == 0 {
        Vec::new()
    } else {
        // SAFETY: `shape` holds `nd` lengths (non-null, checked above)
        let lengths = unsafe { std::slice::from_raw_parts(s.shape, s.nd as usize) };
        lengths.iter().map(|&n| n as usize).collect()
    };
    // SAFETY: a C-contiguous buffer of the array's bytes, kept alive by the capsule (numpy's
    // holds a reference to its array)
    unsafe { copied_in(d, s.data as *const u8, s.itemsize as usize, &shape) }.map(Some)
}

/// An ivy array copied from an object's `__array_interface__` (numpy arrays and the like),
/// on the current backend: from `__array_struct__` where that can be read directly.
fn from_interface(obj: &Bound<'_, PyAny>) -> PyResult<IArray> {
    if let Some(a) = from_array_struct(obj)? {
        return Ok(a);
    }
    let py = obj.py();
    let mut obj = obj.clone();
    let mut iface = obj.getattr("__array_interface__")?;
    let given: String = iface.get_item("typestr")?.extract()?;
    // ivy-rs holds native byte order: a big-endian array is converted by numpy first (its
    // bytes read as little-endian would be other numbers)
    let swapped = given.starts_with('>');
    // `strides` and `data` are optional keys (absent: C-contiguous, and the buffer protocol)
    let absent = |key: &str| -> PyResult<bool> { Ok(iface.call_method1("get", (key,))?.is_none()) };
    if swapped || !absent("strides")? || absent("data")? {
        let np = py.import("numpy")?;
        // `asarray(order="C")`, not `ascontiguousarray`, which makes a 0-d array 1-d
        let kw = PyDict::new(py);
        kw.set_item("order", "C")?;
        if swapped {
            let native = np
                .call_method1("dtype", (given.as_str(),))?
                .call_method1("newbyteorder", ("=",))?;
            kw.set_item("dtype", native)?;
        }
        obj = np.call_method("asarray", (obj,), Some(&kw))?;
        iface = obj.getattr("__array_interface__")?;
    }
    let (ptr, _readonly): (usize, bool) = iface.get_item("data")?.extract()?;
    let shape: Vec<usize> = iface.get_item("shape")?.extract()?;
    let ts: String = iface.get_item("typestr")?.extract()?;
    // the dtype whose typestr this is, byte order aside (big-endian was converted above)
    let code = ts.get(1..).unwrap_or_default();
    let Some(d) = dtype_of_code(code) else {
        let name = obj
            .getattr("dtype")
            .and_then(|t| t.str())
            .map(|t| t.to_string())
            .unwrap_or_else(|_| ts.clone());
        return Err(PyTypeError::new_err(format!(
            "ivy_rs.asarray: numpy's dtype `{name}` (typestr `{ts}`) has no ivy dtype; ivy \
             holds bool, int8-64, uint8-64, float16/32/64 and complex64/128: convert it first \
             (`a.astype(numpy.float64)`)"
        )));
    };
    let itemsize: usize = code.get(1..).and_then(|n| n.parse().ok()).unwrap_or(1);
    // SAFETY: the interface's C-contiguous buffer (made so above), kept alive by `obj`
    unsafe { copied_in(d, ptr as *const u8, itemsize, &shape) }
}

/// The Python object of a `Value`: arrays, Python scalars, dtypes, device names, tuples
/// (lists), `types.SimpleNamespace` (records: finfo, iinfo) and `ivy_rs.Container`s.
fn from_value(py: Python<'_>, v: Value) -> PyResult<Py<PyAny>> {
    Ok(match v {
        Value::None => py.None(),
        Value::Scalar(Scalar::Bool(b)) => PyBool::new(py, b).to_owned().into_any().unbind(),
        Value::Scalar(Scalar::Int(i)) => i.into_pyobject(py)?.into_any().unbind(),
        Value::Scalar(Scalar::Float(f)) => f.into_pyobject(py)?.into_any().unbind(),
        Value::Scalar(Scalar::Complex(re, im)) => {
            PyComplex::from_doubles(py, re, im).into_any().unbind()
        }
        Value::Array(a) => Py::new(py, PyArray::new(a))?.into_any(),
        Value::Dtype(d) => dtype_object(py, d)?.into_any(),
        Value::Device(d) => d.to_string().into_pyobject(py)?.into_any().unbind(),
        Value::Backend(b) => b.as_str().into_pyobject(py)?.into_any().unbind(),
        Value::Str(s) => s.into_pyobject(py)?.into_any().unbind(),
        Value::List(items) => {
            let items = items
                .into_iter()
                .map(|i| from_value(py, i))
                .collect::<PyResult<Vec<_>>>()?;
            PyTuple::new(py, items)?.into_any().unbind()
        }
        Value::Record(fields) => {
            let kw = PyDict::new(py);
            for (k, v) in fields {
                match v {
                    // an integer past i64 (iinfo(uint64).max) comes as its digits
                    Value::Str(s) if s.parse::<u64>().is_ok() => {
                        kw.set_item(k, s.parse::<u64>().unwrap_or_default())?
                    }
                    v => kw.set_item(k, from_value(py, v)?)?,
                }
            }
            py.import("types")?
                .getattr("SimpleNamespace")?
                .call((), Some(&kw))?
                .unbind()
        }
        Value::Container(c) => {
            let items = PyList::empty(py);
            for (key, leaf) in c.leaves() {
                items.append((key, Py::new(py, PyArray::new(leaf.clone()))?))?;
            }
            py.import("ivy_rs")?
                .getattr("Container")?
                .call_method1("_from_flat_items", (items,))?
                .unbind()
        }
        other => {
            return Err(PyTypeError::new_err(format!(
                "ivy_rs cannot return {} to Python",
                other.kind()
            )))
        }
    })
}

/// The error of an array being written (an in-place operator, `__setitem__` or `out=`
/// running on it: in another thread with the GIL released, or further up this thread's
/// stack, where converting an argument ran Python code that reads it): an ordinary
/// exception, never a panic.
fn busy() -> PyErr {
    PyRuntimeError::new_err(
        "ivy_rs.Array: this array is being written (an in-place operator, __setitem__ or \
         out= on it is running, in another thread or in a caller of this code); synchronise \
         the threads that share it, or read it after the write",
    )
}

/// Whether a call on these arguments is small enough to run holding the GIL: releasing
/// and taking it back costs about as much as a one-element kernel, so only calls with more
/// than [`GIL_FREE_ELEMENTS`] input elements (or a Container) release it.
fn small(args: &[Value]) -> bool {
    let mut total = 0usize;
    for a in args {
        match a {
            Value::Array(x) => total = total.saturating_add(x.size()),
            Value::Container(_) | Value::Custom(_) => return false,
            Value::List(items) if !small(items) => return false,
            _ => {}
        }
    }
    total <= GIL_FREE_ELEMENTS
}

/// See [`small`].
const GIL_FREE_ELEMENTS: usize = 4096;

/// The arguments of one call, where `ivy_rs.Array` arguments are *lent*: the op reads the
/// Python object's own array handle instead of a clone of it. A clone of an ndarray handle
/// is an atomic reference-count increment and two shape copies, and dropping it a decrement:
/// at n = 1 more than the rest of the arguments' handling.
///
/// # Why this is sound
/// A lent value is a bitwise copy of the handle in a `PyArray` that this list keeps borrowed
/// (`guards`) for as long as the copy exists: the handle cannot be rebound or dropped
/// meanwhile (that takes a mutable borrow), so the copy stays valid. The copy is never
/// dropped (`ManuallyDrop`, skipped by `Drop`), so no reference count changes; the op sees
/// it only as `&Value` and may clone it (a real new reference).
///
/// The borrows are taken last ([`LentArgs::call`]), after every other argument is converted
/// (which may run Python code: a number class's `__float__`, a Container's items, where
/// Python may switch threads), and released before the result becomes a Python object: in
/// between only Rust runs, holding the GIL, so no other thread is refused a mutable borrow
/// because of a lent argument. A call that releases the GIL clones its arrays instead.
struct LentArgs<'a, 'py> {
    values: SmallVec<[std::mem::ManuallyDrop<Value>; 4]>,
    /// Bit `i`: `values[i]` is lent (arguments past the 64th are cloned).
    lent: u64,
    /// The arrays to lend, by position (`values` holds `None` there until [`LentArgs::call`]).
    arrays: SmallVec<[(usize, &'a Bound<'py, PyArray>); 4]>,
    guards: SmallVec<[GilRef<'a, ArrayState>; 4]>,
}

impl<'a, 'py> LentArgs<'a, 'py> {
    fn new() -> Self {
        LentArgs {
            values: SmallVec::new(),
            lent: 0,
            arrays: SmallVec::new(),
            guards: SmallVec::new(),
        }
    }

    /// Appends `obj` converted ([`to_value`]); an `ivy_rs.Array` is lent when the call runs.
    #[inline]
    fn push(&mut self, obj: &'a Bound<'py, PyAny>) -> PyResult<()> {
        let i = self.values.len();
        if i < 64 {
            if let Ok(a) = obj.cast::<PyArray>() {
                self.arrays.push((i, a));
                self.push_value(Value::None);
                return Ok(());
            }
        }
        self.push_value(to_value(obj)?);
        Ok(())
    }

    /// Appends a value the list owns.
    fn push_value(&mut self, v: Value) {
        self.values.push(std::mem::ManuallyDrop::new(v));
    }

    /// The values, for the op.
    fn values(&self) -> &[Value] {
        // SAFETY: `ManuallyDrop<Value>` has `Value`'s layout (`repr(transparent)`)
        unsafe {
            std::slice::from_raw_parts(self.values.as_ptr().cast::<Value>(), self.values.len())
        }
    }

    /// `entry` called with these arguments and keywords `kw` (holding the GIL for a
    /// [`small`] call), its result as a Python object.
    #[inline]
    fn call(
        &mut self,
        py: Python<'py>,
        entry: &'static ivy::registry::DynEntry,
        kw: &[(&str, Value)],
    ) -> PyResult<Py<PyAny>> {
        // from here to the end of the op only Rust runs (see the type's docs)
        for k in 0..self.arrays.len() {
            let (i, a) = self.arrays[k];
            let guard = read(a)?;
            // SAFETY: a bitwise copy of the borrowed handle, kept valid and never dropped
            // (see the type's docs); it replaces a `None`, which needs no drop
            let handle = unsafe { std::ptr::read(&guard.inner) };
            self.guards.push(guard);
            self.values[i] = std::mem::ManuallyDrop::new(Value::Array(handle));
            self.lent |= 1 << i;
        }
        if !self.settle() {
            let values = self.values();
            let result = run(py, entry.name(), || entry.call(values, kw))?;
            return from_value(py, result);
        }
        // SAFETY: as `values()` (a field of its own, so the borrows can be released below)
        let values = unsafe {
            std::slice::from_raw_parts(self.values.as_ptr().cast::<Value>(), self.values.len())
        };
        let guards = &mut self.guards;
        // the result becomes a Python object inside the catch: only a pointer comes out of
        // it, not a `Value` moved through the layers of results (~10 ns at n = 1)
        catch_unwind(AssertUnwindSafe(|| {
            let result = entry.call(values, kw);
            // the borrows end before Python code can run again (the result's conversion);
            // the lent copies are not read again (nor dropped)
            guards.clear();
            from_value(py, result.map_err(py_err)?)
        }))
        .unwrap_or_else(|_| Err(panicked(entry.name())))
    }

    /// Whether the call may keep the GIL ([`small`]); if not, the lent values are replaced
    /// by clones and the borrows released first.
    fn settle(&mut self) -> bool {
        if small(self.values()) {
            return true;
        }
        for i in 0..self.values.len() {
            if self.is_lent(i) {
                // the lent copy is overwritten, not dropped
                let v = &mut self.values[i];
                *v = std::mem::ManuallyDrop::new(Value::clone(v));
            }
        }
        self.lent = 0;
        self.guards.clear();
        false
    }

    /// Whether `values[i]` is lent.
    fn is_lent(&self, i: usize) -> bool {
        i < 64 && self.lent & (1 << i) != 0
    }
}

impl Drop for LentArgs<'_, '_> {
    fn drop(&mut self) {
        for i in 0..self.values.len() {
            if !self.is_lent(i) {
                // SAFETY: an owned value, dropped once, here
                unsafe { std::mem::ManuallyDrop::drop(&mut self.values[i]) }
            }
        }
        // then the fields: the borrows end after the last use of the lent copies
    }
}

/// Runs `f`, releasing the GIL unless the call is [`small`], catching a panic (raised as
/// RuntimeError naming `op`).
fn run_sized<T: Send>(
    py: Python<'_>,
    op: &str,
    keep_gil: bool,
    f: impl FnOnce() -> ivy::Result<T> + Send,
) -> PyResult<T> {
    if keep_gil {
        caught(op, catch_unwind(AssertUnwindSafe(f)))
    } else {
        run(py, op, f)
    }
}

/// Calls `entry` with Python positional arguments and keywords. A keyword `out` (an
/// `ivy_rs.Array`) is written (its dtype and shape kept) and returned.
fn call_entry(
    py: Python<'_>,
    entry: &'static ivy::registry::DynEntry,
    args: &Bound<'_, PyTuple>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<PyAny>> {
    let first = args.iter().next();
    let args = args
        .iter()
        .map(|a| to_value(&a))
        .collect::<PyResult<Args>>()?;
    let mut kw: Vec<(String, Value)> = Vec::new();
    let mut out: Option<Bound<'_, PyAny>> = None;
    if let Some(kwargs) = kwargs {
        for (k, v) in kwargs.iter() {
            let k: String = k.extract()?;
            if k == "out" {
                out = Some(v);
                continue;
            }
            kw.push((k, to_value(&v)?));
        }
    }
    let mut kw: Kw<'_> = kw.iter().map(|(k, v)| (k.as_str(), v.clone())).collect();
    let first_is_out = matches!((&first, &out), (Some(f), Some(o)) if f.is(o));
    call_with_out(py, entry, args, &mut kw, out, first_is_out)
}

/// Calls `entry` with converted values and, where `out` is an `ivy_rs.Array`, writes it (its
/// dtype and shape kept) and returns it; any other `out` but None is a TypeError (a numpy
/// array would be converted, written as the copy, and left as it was; a Container `out`
/// has no form by name). `first_is_out`: the first argument is the `out` object itself
/// (`add(x, y, out=x)`), which a binary op on ndarray then computes in `x`'s own buffer, as
/// `x += y` does ([`in_own_buffer`]), where the result keeps `x`'s dtype and shape.
fn call_with_out(
    py: Python<'_>,
    entry: &'static ivy::registry::DynEntry,
    mut args: Args,
    kw: &mut Kw<'_>,
    out: Option<Bound<'_, PyAny>>,
    first_is_out: bool,
) -> PyResult<Py<PyAny>> {
    let out = match out {
        Some(o) if !o.is_none() => match o.cast_into::<PyArray>() {
            Ok(o) => Some(o),
            Err(e) => {
                let o = e.into_inner();
                return Err(PyTypeError::new_err(format!(
                    "`{}`: `out` must be an ivy_rs.Array, got {}: ivy_rs writes its own \
                     arrays only (a numpy array would be left as it was; with Container \
                     arguments, call without `out`: the result is a new Container)",
                    entry.meta.name,
                    o.get_type().name()?
                )));
            }
        },
        _ => None,
    };
    let Some(out) = out else {
        return call_values(py, entry, &args, kw);
    };
    {
        let mut guard = write(&out)?;
        let keep_gil = small(&args) && guard.inner.size() <= GIL_FREE_ELEMENTS;
        let mut done = false;
        if first_is_out && kw.is_empty() && args.len() == 2 {
            // our handle on `x` goes first, so that its buffer is `out`'s alone
            args[0] = Value::None;
            let (target, y) = (&mut guard.inner, &args[1]);
            let op = entry.name();
            done = run_sized(py, op, keep_gil, move || in_own_buffer(target, op, y))?;
            if !done {
                args[0] = Value::Array(guard.inner.clone());
            }
        }
        if !done {
            let target = &mut guard.inner;
            let (args, kw) = (&args[..], &*kw);
            run_sized(py, entry.name(), keep_gil, move || {
                entry.call_out(args, kw, target)
            })?;
        }
    }
    Ok(out.into_any().unbind())
}

/// Calls op `name` with values already converted (the Array's operators and methods).
fn call_op(py: Python<'_>, name: &str, args: &[Value]) -> PyResult<Py<PyAny>> {
    call_values(py, entry_of(name)?, args, &[])
}

/// Calls `entry` with converted values, keeping the GIL for a [`small`] call.
fn call_values(
    py: Python<'_>,
    entry: &'static ivy::registry::DynEntry,
    args: &[Value],
    kw: &[(&str, Value)],
) -> PyResult<Py<PyAny>> {
    let result = run_sized(py, entry.name(), small(args), || entry.call(args, kw))?;
    from_value(py, result)
}

/// FNV-1a, the hash of [`entry_of`]'s table: op names are a few bytes, and the operators
/// look their op up on every use (std's SipHash cost more than the lookup's other work).
#[derive(Default)]
struct Fnv(u64);

impl std::hash::Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut h = if self.0 == 0 {
            0xcbf2_9ce4_8422_2325
        } else {
            self.0
        };
        for &b in bytes {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
        self.0 = h;
    }
}

/// The entry of op `name`, or NotImplementedError (a hash lookup: the operators call it on
/// every use).
fn entry_of(name: &str) -> PyResult<&'static ivy::registry::DynEntry> {
    use std::collections::HashMap;
    use std::hash::BuildHasherDefault;
    use std::sync::OnceLock;
    type Table = HashMap<&'static str, &'static ivy::registry::DynEntry, BuildHasherDefault<Fnv>>;
    static ENTRIES: OnceLock<Table> = OnceLock::new();
    let entries = ENTRIES.get_or_init(|| {
        ivy::registry::ops()
            .into_iter()
            .filter_map(|e| ivy::registry::dyn_entry(e.meta.name))
            .map(|d| (d.name(), d))
            .collect()
    });
    entries.get(name).copied().ok_or_else(|| {
        py_err(Error::UnknownOp {
            name: name.to_string(),
            suggestion: None,
        })
    })
}

/// One op's entry, looked up once ([`cached_entry`]): an operator's call site keeps its own.
type EntryCell = std::sync::OnceLock<&'static ivy::registry::DynEntry>;

/// The entry of op `name`, from `cell` after the first lookup ([`entry_of`] hashes the name).
fn cached_entry(cell: &EntryCell, name: &str) -> PyResult<&'static ivy::registry::DynEntry> {
    if let Some(e) = cell.get() {
        return Ok(e);
    }
    let e = entry_of(name)?;
    Ok(cell.get_or_init(|| e))
}

/// `_call(name, args, kwargs)`: the op `name` of ivy's op table, called with Python values
/// (see [`call_entry`]).
#[pyfunction]
#[pyo3(signature = (name, args, kwargs=None))]
fn _call(
    py: Python<'_>,
    name: &str,
    args: &Bound<'_, PyTuple>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<PyAny>> {
    call_entry(py, entry_of(name)?, args, kwargs)
}

/// Where a bound Python parameter goes in the op's call.
enum Target {
    /// The op's positional argument `i` (a `*args` parameter: its items as one list).
    Pos(usize),
    /// The op's keyword of this name.
    Kw(String),
    /// A standard parameter the op lacks: passed as keyword `name` only when not at its
    /// default (the op then says what it does with it).
    Extra(String),
    /// `out=`.
    Out,
}

/// The kind of a Python parameter, as `inspect.Parameter.kind` numbers them.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    PosOnly,
    Pos,
    Var,
    KwOnly,
}

/// One Python parameter of a [`PyFunction`].
struct Param {
    name: String,
    /// `name` as an interned Python str: CPython interns the keyword names a call written in
    /// Python passes, so a keyword is found by pointer first ([`PyFunction::param_named`]).
    py_name: Py<PyString>,
    kind: Kind,
    /// The default (`None`: required).
    default: Option<Py<PyAny>>,
    target: Target,
}

/// An op of ivy's table as a Python function with the standard's signature: the arguments
/// are bound to parameters here, in Rust (Python's own rules and error messages), so a call
/// runs no Python code. The package sets `__signature__`, `__doc__`, `__name__` on it.
#[pyclass(name = "_Function", module = "ivy_rs", frozen, dict)]
pub struct PyFunction {
    entry: &'static ivy::registry::DynEntry,
    /// The Python name (`exp`, `linalg.matmul`'s `matmul`), for messages.
    name: String,
    params: Vec<Param>,
    /// How many parameters take positional arguments (before any `*args`).
    n_positional: usize,
    /// The op's positional arity.
    n_rust: usize,
    /// The `*args` parameter, if any.
    var: Option<usize>,
    /// A Python callable applied to the result (the standard's namedtuples and lists).
    post: Option<Py<PyAny>>,
    /// The binding of a call with positional arguments only, prepared once (`None` where the
    /// function has `*args`, a required keyword-only parameter, or a default that is not a
    /// plain value).
    fast: Option<Fast>,
    /// The method definition of [`PyFunction::builtin`]'s function object, once made.
    builtin: std::sync::OnceLock<Box<BuiltinDef>>,
    /// The parameter the op updates in place (`&mut Array`: `inplace_update`'s `x`), if
    /// any: a call given an `ivy_rs.Array` there leaves the result in that object and
    /// returns it, as the Rust call leaves it in the `&mut Array`.
    updates: Option<usize>,
    /// Whether the function has a `copy` parameter ([`PyFunction::refuse_foreign_copy`]).
    takes_copy: bool,
}

/// CPython's `METH_FASTCALL` flag (0x80): the vectorcall convention of builtin functions,
/// in the stable ABI from Python 3.10 and the same since 3.7 (pyo3-ffi names it for abi3
/// builds from 3.10 only).
const METH_FASTCALL: std::ffi::c_int = 0x0080;

/// A `METH_FASTCALL | METH_KEYWORDS` function: `self`, the arguments in place (positional,
/// then the keywords' values), the positional count, the keywords' names (a tuple or NULL).
type FastCall = unsafe extern "C" fn(
    *mut ffi::PyObject,
    *const *mut ffi::PyObject,
    ffi::Py_ssize_t,
    *mut ffi::PyObject,
) -> *mut ffi::PyObject;

/// [`PyFunction::builtin`]'s method definition with the strings it points to.
struct BuiltinDef {
    def: ffi::PyMethodDef,
    _name: std::ffi::CString,
    _doc: std::ffi::CString,
}

impl BuiltinDef {
    /// The `METH_FASTCALL | METH_KEYWORDS` definition of `name` calling `call`, whose
    /// docstring starts with `text_signature` (CPython's `__text_signature__` convention).
    fn new(name: &str, text_signature: &str, doc: &str, call: FastCall) -> PyResult<BuiltinDef> {
        let text = |s: String| {
            std::ffi::CString::new(s).map_err(|_| PyValueError::new_err("a NUL character"))
        };
        let name = text(name.to_owned())?;
        let doc = text(format!("{text_signature}\n--\n\n{doc}"))?;
        let def = ffi::PyMethodDef {
            ml_name: name.as_ptr(),
            // SAFETY: CPython casts the pointer back to the `METH_FASTCALL | METH_KEYWORDS`
            // signature that `ml_flags` names (C extensions store it the same way)
            ml_meth: ffi::PyMethodDefPointer {
                PyCFunctionWithKeywords: unsafe {
                    std::mem::transmute::<FastCall, ffi::PyCFunctionWithKeywords>(call)
                },
            },
            ml_flags: METH_FASTCALL | ffi::METH_KEYWORDS,
            ml_doc: doc.as_ptr(),
        };
        // the strings move with their pointers (a CString's bytes are on the heap)
        Ok(BuiltinDef {
            def,
            _name: name,
            _doc: doc,
        })
    }
}

// SAFETY: never written after it is made; CPython reads it (its pointers lead only to the
// two strings beside it)
unsafe impl Send for BuiltinDef {}
// SAFETY: as above
unsafe impl Sync for BuiltinDef {}

/// The C function of every [`PyFunction::builtin`] function: pyo3's own trampoline (the
/// thread's attachment, panics as `PanicException`) around [`call_builtin`]. (pyo3 builds its
/// `#[pyfunction]`s with it; its convention is fixed by the `Cargo.lock` pin.)
const CALL_BUILTIN: FastCall = pyo3::impl_::trampoline::get_trampoline_function!(
    fastcall_cfunction_with_keywords,
    call_builtin
);

/// A call of a [`PyFunction::builtin`] function: `slf` is its `_Function`.
///
/// # Safety
/// The thread is attached; `slf` is the `_Function` the function object was made with (its
/// `__self__`); `kwnames` is NULL or a tuple of str; `args` holds `nargs` positional arguments
/// followed by one value per keyword name (CPython's `METH_FASTCALL | METH_KEYWORDS` call).
unsafe fn call_builtin(
    py: Python<'_>,
    slf: *mut ffi::PyObject,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> PyResult<*mut ffi::PyObject> {
    // SAFETY: as the function's contract says
    unsafe {
        let f = Borrowed::from_ptr(py, slf).cast_unchecked::<PyFunction>();
        let names = (!kwnames.is_null())
            .then(|| Borrowed::from_ptr(py, kwnames).cast_unchecked::<PyTuple>());
        let nargs = usize::try_from(nargs).unwrap_or(0);
        let n = nargs + names.map_or(0, |t| t.len());
        let all: SmallVec<[Borrowed<'_, '_, PyAny>; 8]> = (0..n)
            .map(|i| Borrowed::from_ptr(py, *args.add(i)))
            .collect();
        f.get()
            .call(py, &all[..nargs], names, &all[nargs..])
            .map(Py::into_ptr)
    }
}

/// [`PyFunction`]'s prepared binding for positional-only calls: the op's arguments with
/// every default already converted, so a call converts only the arguments it is given.
struct Fast {
    /// The op's positional arguments at their defaults (`None` where required).
    pos: Args,
    /// The op's keywords at their defaults, in signature order.
    kw: Vec<(String, Value)>,
    /// How many positional arguments a call must give (the required parameters).
    min_args: usize,
    /// How many it may give (the leading positional parameters that are the op's
    /// positionals, in order).
    max_args: usize,
}

impl Fast {
    /// The op's keywords at their defaults, for one call.
    fn kw_defaults(&self) -> Kw<'_> {
        if self.kw.is_empty() {
            return Kw::new();
        }
        self.kw
            .iter()
            .map(|(k, v)| (k.as_str(), v.clone()))
            .collect()
    }

    /// The prepared binding of `params`, if there is no `*args` and every parameter past
    /// the positional ones has a default that converts to a plain value.
    fn new(py: Python<'_>, params: &[Param], n_rust: usize) -> Option<Fast> {
        if params.iter().any(|p| p.kind == Kind::Var) {
            return None;
        }
        let mut pos: Args = (0..n_rust).map(|_| Value::None).collect();
        let mut kw = Vec::new();
        let (mut min_args, mut max_args, mut leading) = (0, 0, true);
        for (i, p) in params.iter().enumerate() {
            leading = leading
                && matches!(p.kind, Kind::PosOnly | Kind::Pos)
                && matches!(p.target, Target::Pos(j) if j == i);
            if leading {
                max_args = i + 1;
            }
            let Some(d) = &p.default else {
                if !leading {
                    return None;
                }
                min_args = i + 1;
                continue;
            };
            let plain = |d: &Py<PyAny>| match to_value(d.bind(py)) {
                Ok(Value::Array(_) | Value::Container(_) | Value::Custom(_)) | Err(_) => None,
                Ok(v) => Some(v),
            };
            match &p.target {
                Target::Pos(j) => pos[*j] = plain(d)?,
                Target::Kw(k) => kw.push((k.clone(), plain(d)?)),
                // at its default an extra parameter is not passed
                Target::Extra(_) => {}
                Target::Out if d.is_none(py) => {}
                Target::Out => return None,
            }
        }
        Some(Fast {
            pos,
            kw,
            min_args,
            max_args,
        })
    }
}

#[pymethods]
impl PyFunction {
    /// `params`: (name, kind as `inspect.Parameter`'s number, default or `_NO`, target) in
    /// signature order; target is `("pos", i)`, `("kw", name)`, `("extra", name)` or
    /// `("out",)`.
    #[new]
    fn new(
        name: String,
        op: &str,
        params: Vec<(String, u8, Py<PyAny>, Bound<'_, PyTuple>)>,
        required: Bound<'_, PyAny>,
        post: Option<Py<PyAny>>,
    ) -> PyResult<Self> {
        let entry = entry_of(op)?;
        let mut out = Vec::with_capacity(params.len());
        let mut n_rust = 0;
        for (pname, kind, default, target) in params {
            let kind = match kind {
                0 => Kind::PosOnly,
                1 => Kind::Pos,
                2 => Kind::Var,
                3 => Kind::KwOnly,
                k => return Err(PyValueError::new_err(format!("bad parameter kind {k}"))),
            };
            let what: String = target.get_item(0)?.extract()?;
            let target = match what.as_str() {
                "pos" => {
                    let i: usize = target.get_item(1)?.extract()?;
                    n_rust = n_rust.max(i + 1);
                    Target::Pos(i)
                }
                "kw" => Target::Kw(target.get_item(1)?.extract()?),
                "extra" => Target::Extra(target.get_item(1)?.extract()?),
                "out" => Target::Out,
                t => return Err(PyValueError::new_err(format!("bad parameter target {t}"))),
            };
            let default = (!default.bind(required.py()).is(&required)).then_some(default);
            out.push(Param {
                py_name: PyString::intern(required.py(), &pname).unbind(),
                name: pname,
                kind,
                default,
                target,
            });
        }
        let n_positional = out
            .iter()
            .take_while(|p| matches!(p.kind, Kind::PosOnly | Kind::Pos))
            .count();
        let var = out.iter().position(|p| p.kind == Kind::Var);
        let fast = Fast::new(required.py(), &out, n_rust);
        // the op's positional parameters are its non-keyword ones, in order
        let updates = entry
            .meta
            .params
            .iter()
            .filter(|p| !p.keyword)
            .position(|p| p.arg == ivy::registry::ArgType::ArrayMut)
            .and_then(|r| {
                out.iter()
                    .position(|p| matches!(p.target, Target::Pos(i) if i == r))
            });
        let takes_copy = out.iter().any(|p| p.name == "copy");
        Ok(PyFunction {
            takes_copy,
            updates,
            entry,
            name,
            params: out,
            n_positional,
            n_rust,
            var,
            post,
            fast,
            builtin: std::sync::OnceLock::new(),
        })
    }

    /// This function as a Python builtin function (`__self__` is this object) whose
    /// `__text_signature__`, `__doc__` and `__module__` are `text_signature` (`exp(x, /)`),
    /// `doc` and `module`. CPython calls it with the arguments in place (its `METH_FASTCALL
    /// | METH_KEYWORDS` convention): no argument tuple is built and pyo3 extracts nothing.
    /// At most once per object.
    fn builtin(
        slf: &Bound<'_, Self>,
        text_signature: &str,
        doc: &str,
        module: &Bound<'_, PyString>,
    ) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        let this = slf.get();
        let made = BuiltinDef::new(&this.name, text_signature, doc, CALL_BUILTIN)?;
        if this.builtin.get().is_some() {
            return Err(PyValueError::new_err(format!(
                "`{}` has a builtin already",
                this.name
            )));
        }
        let def = &this.builtin.get_or_init(|| Box::new(made)).def;
        // SAFETY: the definition lives in this object, which the function object keeps alive
        // (it is its `__self__`); CPython only reads it
        unsafe {
            let f = ffi::PyCFunction_NewEx(
                std::ptr::from_ref(def).cast_mut(),
                slf.as_ptr(),
                module.as_ptr(),
            );
            Ok(Bound::from_owned_ptr_or_err(py, f)?.unbind())
        }
    }

    /// This function as an instance method of `cls` (a method descriptor: `x.exp()` is
    /// `exp(x)`, CPython's own method call with no bound object made), whose
    /// `__text_signature__` and `__doc__` are `text_signature` (`exp($self, /)`) and `doc`.
    /// A method descriptor passes its C function the instance, not itself: each method has a
    /// C function of its own, one of [`METHOD_SLOTS`], which knows its `_Function`.
    fn method(
        slf: &Bound<'_, Self>,
        cls: &Bound<'_, pyo3::types::PyType>,
        text_signature: &str,
        doc: &str,
    ) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        let i = NEXT_METHOD.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let Some(call) = METHOD_CALLS.get(i / 64).map(|m| m[i / 8 % 8][i % 8]) else {
            return Err(PyValueError::new_err(format!(
                "ivy_rs: more than {METHOD_SLOTS} instance methods; raise METHOD_SLOTS"
            )));
        };
        let made = BuiltinDef::new(&slf.get().name, text_signature, doc, call)?;
        // the slot's function and definition live as long as the process (the module is
        // never unloaded; a descriptor keeps a pointer to its definition)
        let def: &'static BuiltinDef = Box::leak(Box::new(made));
        if METHOD_FUNCTIONS[i].set(slf.clone().unbind()).is_err() {
            return Err(PyValueError::new_err(
                "ivy_rs: an instance method slot is taken",
            ));
        }
        // SAFETY: `cls` is a type object; the definition is never freed or written
        unsafe {
            let d = ffi::PyDescr_NewMethod(
                cls.as_ptr().cast::<ffi::PyTypeObject>(),
                std::ptr::from_ref(&def.def).cast_mut(),
            );
            Ok(Bound::from_owned_ptr_or_err(py, d)?.unbind())
        }
    }

    fn __repr__(&self) -> String {
        format!("<ivy_rs function {}>", self.name)
    }
}

/// How many instance methods (of `ivy_rs.Array` and `ivy_rs.Container` together) can be
/// made: the C functions of [`METHOD_CALLS`].
const METHOD_SLOTS: usize = 512;

/// The `_Function` of each instance method's slot, set once by [`PyFunction::method`].
static METHOD_FUNCTIONS: [std::sync::OnceLock<Py<PyFunction>>; METHOD_SLOTS] =
    [const { std::sync::OnceLock::new() }; METHOD_SLOTS];

/// The next free slot.
static NEXT_METHOD: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// A call of slot `I`'s instance method: its `_Function` called with the instance first.
///
/// # Safety
/// As [`call_builtin`]'s, with `slf` the instance (CPython's method-descriptor call).
unsafe fn call_method<const I: usize>(
    py: Python<'_>,
    slf: *mut ffi::PyObject,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> PyResult<*mut ffi::PyObject> {
    let Some(f) = METHOD_FUNCTIONS[I].get() else {
        return Err(PyTypeError::new_err(
            "ivy_rs: an instance method without its function",
        ));
    };
    // SAFETY: as the function's contract says: `args` holds the positional arguments and
    // then one value per keyword name
    unsafe {
        let n_pos = usize::try_from(nargs).unwrap_or(0);
        let n_kw = if kwnames.is_null() {
            0
        } else {
            Borrowed::from_ptr(py, kwnames)
                .cast_unchecked::<PyTuple>()
                .len()
        };
        let mut all: SmallVec<[*mut ffi::PyObject; 8]> = SmallVec::with_capacity(1 + n_pos + n_kw);
        all.push(slf);
        all.extend((0..n_pos + n_kw).map(|i| *args.add(i)));
        call_builtin(py, f.as_ptr(), all.as_ptr(), nargs + 1, kwnames)
    }
}

/// The C function of slot `I` (pyo3's trampoline around [`call_method::<I>`]).
macro_rules! method_call {
    ($i:expr) => {
        pyo3::impl_::trampoline::get_trampoline_function!(
            fastcall_cfunction_with_keywords,
            call_method::<{ $i }>
        )
    };
}
/// `[$m!($base), $m!($base + $step), …]`: eight of them, each level of [`METHOD_CALLS`].
macro_rules! eight {
    ($m:ident, $base:expr, $step:expr) => {
        [
            $m!($base),
            $m!($base + $step),
            $m!($base + 2 * $step),
            $m!($base + 3 * $step),
            $m!($base + 4 * $step),
            $m!($base + 5 * $step),
            $m!($base + 6 * $step),
            $m!($base + 7 * $step),
        ]
    };
}
macro_rules! method_calls8 {
    ($base:expr) => {
        eight!(method_call, $base, 1)
    };
}
macro_rules! method_calls64 {
    ($base:expr) => {
        eight!(method_calls8, $base, 8)
    };
}

/// Slot `i`'s C function is `METHOD_CALLS[i / 64][i / 8 % 8][i % 8]`.
const METHOD_CALLS: [[[FastCall; 8]; 8]; METHOD_SLOTS / 64] = eight!(method_calls64, 0, 64);

impl PyFunction {
    /// A call with positional arguments `args` and keyword arguments `names` (a tuple of str)
    /// with values `values`, as [`call_builtin`] receives them.
    fn call(
        &self,
        py: Python<'_>,
        args: &[Borrowed<'_, '_, PyAny>],
        names: Option<Borrowed<'_, '_, PyTuple>>,
        values: &[Borrowed<'_, '_, PyAny>],
    ) -> PyResult<Py<PyAny>> {
        if self.takes_copy {
            self.refuse_foreign_copy(py, args, names, values)?;
        }
        let result = match self.fast_call(py, args, names, values) {
            Ok(Some(r)) => Ok(r),
            Ok(None) => self.bound_call(py, args, names, values),
            Err(e) => Err(e),
        }
        .map_err(|e| self.named(py, e))?;
        let result = match self.updates {
            Some(j) => self.update(py, j, args, names, values, result)?,
            None => result,
        };
        match &self.post {
            Some(post) => Ok(post.call1(py, (result,))?),
            None => Ok(result),
        }
    }

    /// `copy=False` with an argument that is a foreign buffer (a numpy array, anything with
    /// `__array_interface__`, `__array__` or `__dlpack__`, a buffer-protocol object): its
    /// data is copied into an ivy array (ivy-rs arrays own their memory), so the standard's
    /// ValueError. Ivy arrays and Containers share their buffers: not refused here.
    fn refuse_foreign_copy(
        &self,
        py: Python<'_>,
        args: &[Borrowed<'_, '_, PyAny>],
        names: Option<Borrowed<'_, '_, PyTuple>>,
        values: &[Borrowed<'_, '_, PyAny>],
    ) -> PyResult<()> {
        let Some(names) = names else { return Ok(()) };
        let copy_false = names
            .iter()
            .zip(values)
            .any(|(n, v)| v.is(PyBool::new(py, false)) && n.eq("copy").unwrap_or(false));
        if !copy_false {
            return Ok(());
        }
        let foreign = |a: &Borrowed<'_, '_, PyAny>| -> PyResult<bool> {
            // an ivy array, a Container (a dict), nothing, and the Python values that hold
            // no buffer (`copy=False` itself, a dtype, a shape): no probe below (each failed
            // one raises and clears an AttributeError, about 0.8 µs)
            if a.cast::<PyArray>().is_ok()
                || a.is_instance_of::<PyDict>()
                || a.is_none()
                || a.is_instance_of::<PyBool>()
                || a.is_exact_instance_of::<PyInt>()
                || a.is_exact_instance_of::<PyFloat>()
                || a.is_exact_instance_of::<PyComplex>()
                || a.is_exact_instance_of::<PyString>()
                || a.is_exact_instance_of::<PyTuple>()
                || a.is_exact_instance_of::<PyList>()
                || a.cast::<PyDType>().is_ok()
            {
                return Ok(false);
            }
            for attr in ["__array_interface__", "__array__", "__dlpack__"] {
                if a.hasattr(attr)? {
                    return Ok(true);
                }
            }
            // the buffer protocol (`memoryview`, `bytes`, `array.array`), as `from_buffer` reads it
            let memoryview = py.import("builtins")?.getattr("memoryview")?;
            Ok(memoryview.call1((a,)).is_ok())
        };
        for a in args.iter().chain(values) {
            if foreign(a)? {
                let t = a.get_type();
                return Err(PyValueError::new_err(format!(
                    "`{}`: copy=False cannot share the memory of a {}.{} (ivy-rs arrays own \
                     their buffers, so it would be copied in); pass copy=None or copy=True",
                    self.name,
                    t.module()?,
                    t.qualname()?
                )));
            }
        }
        Ok(())
    }

    /// After a call of an op that updates parameter `j` in place: the `ivy_rs.Array` given
    /// there takes the updated array (`result`) and is returned. (The op ran on a handle
    /// sharing that array's buffer, so it wrote a copy; the object now holds it. No other
    /// handle could see the write either way: a write copies a shared buffer.)
    fn update(
        &self,
        py: Python<'_>,
        j: usize,
        args: &[Borrowed<'_, '_, PyAny>],
        names: Option<Borrowed<'_, '_, PyTuple>>,
        values: &[Borrowed<'_, '_, PyAny>],
        result: Py<PyAny>,
    ) -> PyResult<Py<PyAny>> {
        let given = if j < self.n_positional && j < args.len() {
            Some(args[j])
        } else {
            let name = self.params[j].name.as_str();
            names.and_then(|names| {
                names
                    .iter_borrowed()
                    .position(|k| k.cast::<PyString>().is_ok_and(|k| k == name))
                    .and_then(|i| values.get(i).copied())
            })
        };
        let r = result.bind(py);
        let (Some(Ok(x)), Ok(updated)) = (given.map(|g| g.cast::<PyArray>()), r.cast::<PyArray>())
        else {
            return Ok(result);
        };
        if !x.is(updated) {
            let new = read(updated)?.inner.clone();
            write(&x)?.inner = new;
        }
        Ok(x.to_owned().into_any().unbind())
    }

    /// An argument's conversion error with the function's name in front ([`named`]).
    fn named(&self, py: Python<'_>, e: PyErr) -> PyErr {
        named(py, &self.name, e)
    }

    /// A call bound by [`Fast`]: positional arguments for the leading parameters, keywords
    /// for parameters that are the op's positionals or keywords (`None`: the call needs the
    /// full binding, which also gives Python's errors: a missing argument, an unknown or
    /// repeated keyword, a positional-only parameter named, `out=`).
    fn fast_call(
        &self,
        py: Python<'_>,
        args: &[Borrowed<'_, '_, PyAny>],
        names: Option<Borrowed<'_, '_, PyTuple>>,
        values: &[Borrowed<'_, '_, PyAny>],
    ) -> PyResult<Option<Py<PyAny>>> {
        let Some(fast) = &self.fast else {
            return Ok(None);
        };
        let n = args.len();
        if n > fast.max_args {
            return Ok(None);
        }
        let Some(names) = names else {
            if n < fast.min_args {
                return Ok(None);
            }
            // the leading parameters are the op's positionals in order (`Fast::new`)
            let mut pos = LentArgs::new();
            for (j, default) in fast.pos.iter().enumerate() {
                if j < n {
                    pos.push(&args[j])?;
                } else {
                    pos.push_value(default.clone());
                }
            }
            return pos.call(py, self.entry, &fast.kw_defaults()).map(Some);
        };
        // the op's positionals: the leading parameters are the first ones, in order
        // (`Fast::new`); a keyword may give any later one
        let mut slots: SmallVec<[Option<&Borrowed<'_, '_, PyAny>>; 8]> =
            (0..fast.pos.len()).map(|j| args.get(j)).collect();
        let mut kw = fast.kw_defaults();
        for (k, v) in names.iter_borrowed().zip(values) {
            let Some(p) = self.param_named(&k)? else {
                return Ok(None);
            };
            match (&p.kind, &p.target) {
                (Kind::PosOnly | Kind::Var, _) => return Ok(None),
                (_, Target::Pos(j)) if matches!(slots.get(*j), Some(None)) => slots[*j] = Some(v),
                (_, Target::Kw(name)) => match kw.iter_mut().find(|(k, _)| *k == name) {
                    Some(slot) => slot.1 = to_value(v)?,
                    None => return Ok(None),
                },
                _ => return Ok(None),
            }
        }
        if slots[..fast.min_args].iter().any(Option::is_none) {
            return Ok(None);
        }
        let mut pos = LentArgs::new();
        for (given, default) in slots.iter().zip(&fast.pos) {
            match given {
                Some(a) => pos.push(a)?,
                None => pos.push_value(default.clone()),
            }
        }
        pos.call(py, self.entry, &kw).map(Some)
    }

    /// The parameter a keyword `k` names: by pointer (an interned name, as CPython passes the
    /// keywords written in a call), else by text; `None` for no parameter or a key that is no
    /// str.
    #[inline]
    fn param_named(&self, k: &Borrowed<'_, '_, PyAny>) -> PyResult<Option<&Param>> {
        if let Some(p) = self.params.iter().find(|p| k.is(&p.py_name)) {
            return Ok(Some(p));
        }
        let Ok(k) = k.cast::<PyString>() else {
            return Ok(None);
        };
        let k = k.to_cow()?;
        Ok(self.params.iter().find(|p| p.name == *k))
    }

    /// A call bound parameter by parameter, with Python's rules and messages.
    fn bound_call(
        &self,
        py: Python<'_>,
        args: &[Borrowed<'_, '_, PyAny>],
        names: Option<Borrowed<'_, '_, PyTuple>>,
        values: &[Borrowed<'_, '_, PyAny>],
    ) -> PyResult<Py<PyAny>> {
        let f = &self.name;
        let mut slots: SmallVec<[Option<Bound<'_, PyAny>>; 8]> =
            (0..self.params.len()).map(|_| None).collect();
        let mut rest: SmallVec<[Bound<'_, PyAny>; 4]> = SmallVec::new();
        for (i, a) in args.iter().enumerate() {
            if i < self.n_positional {
                slots[i] = Some(Borrowed::to_owned(*a));
            } else if self.var.is_some() {
                rest.push(Borrowed::to_owned(*a));
            } else {
                let n = self.n_positional;
                return Err(PyTypeError::new_err(format!(
                    "{f}() takes {n} positional argument{} but {} were given",
                    if n == 1 { "" } else { "s" },
                    args.len()
                )));
            }
        }
        if let Some(names) = names {
            for (k, v) in names.iter_borrowed().zip(values) {
                let v = Borrowed::to_owned(*v);
                let k = k.cast::<PyString>()?;
                let k = k.to_cow()?;
                let k: &str = &k;
                let Some(j) = self.params.iter().position(|p| p.name == k) else {
                    return Err(PyTypeError::new_err(format!(
                        "{f}() got an unexpected keyword argument '{k}'"
                    )));
                };
                match self.params[j].kind {
                    Kind::PosOnly => {
                        return Err(PyTypeError::new_err(format!(
                            "{f}() got some positional-only arguments passed as keyword \
                             arguments: '{k}'"
                        )))
                    }
                    Kind::Var => {
                        return Err(PyTypeError::new_err(format!(
                            "{f}() got an unexpected keyword argument '{k}'"
                        )))
                    }
                    _ if slots[j].is_some() => {
                        return Err(PyTypeError::new_err(format!(
                            "{f}() got multiple values for argument '{k}'"
                        )))
                    }
                    _ => slots[j] = Some(v),
                }
            }
        }
        let mut pos: Args = (0..self.n_rust).map(|_| Value::None).collect();
        let mut kw: Kw<'_> = SmallVec::new();
        let mut out = None;
        let mut first = None;
        for (p, slot) in self.params.iter().zip(slots) {
            if p.kind == Kind::Var {
                let items = rest.iter().map(to_value).collect::<PyResult<Vec<_>>>()?;
                if let Target::Pos(i) = p.target {
                    pos[i] = Value::List(items);
                }
                continue;
            }
            let v = match (slot, &p.default) {
                (Some(v), _) => v,
                (None, Some(d)) => d.bind(py).clone(),
                (None, None) => {
                    return Err(PyTypeError::new_err(format!(
                        "{f}() missing required argument '{}'",
                        p.name
                    )))
                }
            };
            match &p.target {
                Target::Pos(i) => {
                    pos[*i] = to_value(&v)?;
                    if *i == 0 {
                        first = Some(v);
                    }
                }
                Target::Kw(k) => kw.push((k.as_str(), to_value(&v)?)),
                Target::Extra(k) => {
                    let at_default = match &p.default {
                        Some(d) => v.is(d) || v.eq(d)?,
                        None => false,
                    };
                    if !at_default {
                        kw.push((k.as_str(), to_value(&v)?));
                    }
                }
                Target::Out => out = Some(v),
            }
        }
        let first_is_out = matches!((&first, &out), (Some(f), Some(o)) if f.is(o));
        call_with_out(py, self.entry, pos, &mut kw, out, first_is_out)
    }
}

/// Python's value of a metadata `Value` (keyword defaults).
fn default_value(py: Python<'_>, v: Value) -> Py<PyAny> {
    from_value(py, v).unwrap_or_else(|_| py.None())
}

/// `_ops()`: each op of ivy's table with its metadata (name, category, kind, nestable,
/// has_out, doc (the declaration's rustdoc), callable, params with name/keyword/kind/ty/arg, keyword defaults).
#[pyfunction]
fn _ops(py: Python<'_>) -> PyResult<Py<PyList>> {
    let list = PyList::empty(py);
    for e in ivy::registry::ops() {
        let m = e.meta;
        let d = PyDict::new(py);
        d.set_item("name", m.name)?;
        d.set_item("category", m.category)?;
        d.set_item("kind", m.kind.as_str())?;
        d.set_item("nestable", m.nestable)?;
        d.set_item("has_out", m.has_out)?;
        d.set_item("doc", m.doc)?;
        let entry = ivy::registry::dyn_entry(m.name);
        d.set_item("callable", entry.is_some_and(|e| e.callable))?;
        let params = PyList::empty(py);
        for p in m.params {
            let pd = PyDict::new(py);
            pd.set_item("name", p.name)?;
            pd.set_item("keyword", p.keyword)?;
            pd.set_item("kind", format!("{:?}", p.kind))?;
            pd.set_item("ty", p.ty)?;
            pd.set_item("arg", format!("{:?}", p.arg))?;
            params.append(pd)?;
        }
        d.set_item("params", params)?;
        let defaults = PyDict::new(py);
        if let Some(entry) = entry {
            if let Ok(kw) = catch_unwind(entry.kw_defaults) {
                for (k, v) in kw {
                    defaults.set_item(k, default_value(py, v))?;
                }
            }
        }
        d.set_item("kw_defaults", defaults)?;
        list.append(d)?;
    }
    Ok(list.unbind())
}

/// `_array_api_json()`: the embedded Array API 2023.12 JSON description.
#[pyfunction]
fn _array_api_json() -> &'static str {
    ARRAY_API_JSON
}

fn parse_backend(name: &str) -> PyResult<Backend> {
    Backend::from_str(name).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// `set_backend(name)`: pushes a backend onto this thread's stack (`"ndarray"`, `"candle"`).
#[pyfunction]
fn set_backend(name: &str) -> PyResult<()> {
    ivy_core::set_backend(parse_backend(name)?);
    Ok(())
}

/// `unset_backend()`: pops this thread's backend stack; returns the backend removed.
#[pyfunction]
fn unset_backend() -> Option<&'static str> {
    ivy_core::unset_backend().map(Backend::as_str)
}

/// `current_backend()`: this thread's backend (else the process default), by name.
#[pyfunction]
fn current_backend() -> Option<&'static str> {
    ivy_core::current_backend().map(Backend::as_str)
}

/// `set_default_backend(name)`: the process-wide default backend, seen by threads without
/// their own (`None` for none).
#[pyfunction]
#[pyo3(signature = (name=None))]
fn set_default_backend(name: Option<&str>) -> PyResult<()> {
    ivy_core::set_default_backend(name.map(parse_backend).transpose()?);
    Ok(())
}

/// Two dtypes of one kind (bool, signed or unsigned integer, real float, complex).
fn same_kind(a: Dtype, b: Dtype) -> bool {
    let kind = |d: Dtype| {
        if d == Dtype::Bool {
            0
        } else if d.is_complex() {
            4
        } else if d.is_float() {
            3
        } else if d.is_int() && ivy::iinfo(d).is_ok_and(|i| i.min < 0) {
            1
        } else {
            2
        }
    };
    kind(a) == kind(b)
}

/// The Python operator of a binary op, for messages: ivy's operator table
/// (`ivy::ops::OPERATORS`), and the three Python has beyond Rust's.
fn symbol(op: &str) -> &'static str {
    match op {
        "floor_divide" => "//",
        "pow" => "**",
        "matmul" => "@",
        _ => ivy::ops::OPERATORS
            .iter()
            .find(|o| o.op == op && matches!(o.form, ivy::ops::OperatorForm::Binary { .. }))
            .map_or("op", |o| o.symbol),
    }
}

/// The Array's `#[pymethods]` (one block): the binary operators, each with its reflected
/// and in-place form, from one table, then the methods written out.
macro_rules! array_methods {
    ([$($op:literal: $f:ident $r:ident $i:ident;)*] $($rest:tt)*) => {
        #[pymethods]
        impl PyArray {
            $(
                fn $f(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
                    static ENTRY: EntryCell = EntryCell::new();
                    operator(slf, other, cached_entry(&ENTRY, $op)?, false)
                }
                fn $r(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
                    static ENTRY: EntryCell = EntryCell::new();
                    operator(slf, other, cached_entry(&ENTRY, $op)?, true)
                }
                fn $i(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<()> {
                    write(slf)?.inplace($op, other)
                }
            )*
            $($rest)*
        }
    };
}

/// An argument's conversion error (a value of a type ivy-rs does not take, an int out of
/// range) with the function's or operator's op `name` in front, as the ops' own errors have
/// it; any other error as it is.
fn named(py: Python<'_>, name: &str, e: PyErr) -> PyErr {
    let msg = e.value(py).to_string();
    let ours = msg.starts_with("ivy_rs cannot take") || msg.starts_with("Python int ");
    let named = match ours {
        true if e.is_instance_of::<PyTypeError>(py) => {
            PyTypeError::new_err(format!("`{name}`: {msg}"))
        }
        true if e.is_instance_of::<PyOverflowError>(py) => {
            PyOverflowError::new_err(format!("`{name}`: {msg}"))
        }
        _ => return e,
    };
    // the conversion's own error stays reachable (`__cause__`, its traceback)
    named.set_cause(py, Some(e));
    named
}

/// `x op y` (`reflected`: `y op x`) by op `entry`: NotImplemented for an operand ivy-rs does
/// not take (Python then asks the other operand).
fn operator<'py>(
    slf: &Bound<'py, PyArray>,
    other: &Bound<'py, PyAny>,
    entry: &'static ivy::registry::DynEntry,
    reflected: bool,
) -> PyResult<Py<PyAny>> {
    let py = slf.py();
    let mut args = LentArgs::new();
    let (first, second) = if reflected {
        (other, slf.as_any())
    } else {
        (slf.as_any(), other)
    };
    for a in [first, second] {
        if let Err(e) = args.push(a) {
            // a refused borrow is the error, not NotImplemented
            read(slf)?;
            // an int beyond ivy-rs's range is the right kind with a wrong value: an
            // OverflowError naming the op (numpy's too), not NotImplemented (which Python
            // turns into "unsupported operand type(s)")
            if e.is_instance_of::<PyOverflowError>(py) {
                return Err(named(py, entry.meta.name, e));
            }
            return Ok(py.NotImplemented());
        }
    }
    args.call(py, entry, &[])
}

/// `x op= y` in `x`'s own buffer on ndarray (`Array::add_assign` and its kind: the family's
/// in-place walk, nothing allocated, nothing copied back), where the op's result has `x`'s
/// dtype and shape: `y` an array of `x`'s dtype that broadcasts to `x`, or a scalar that
/// joins it, and an op that computes `x`'s dtype itself (not `divide` of integers). Then
/// the value is the op's own, as [`ArrayState::inplace`]'s general path computes it.
/// `Ok(false)`: not such a call, nothing done. (1 M float32 `x += 1`: 674 -> about 190 µs,
/// numpy's in-place 187.)
fn in_own_buffer(x: &mut IArray, op: &str, y: &Value) -> ivy::Result<bool> {
    type Assign = for<'b> fn(&mut IArray, ivy::Operand<'b>) -> ivy::Result<()>;
    let d = x.dtype();
    let (int, inexact, bool) = (d.is_int(), d.is_float() || d.is_complex(), d.is_bool());
    let assign: Assign = match op {
        "add" if int || inexact => |x, y| x.add_assign(y),
        "subtract" if int || inexact => |x, y| x.sub_assign(y),
        "multiply" if int || inexact => |x, y| x.mul_assign(y),
        "divide" if inexact => |x, y| x.div_assign(y),
        "floor_divide" if int || inexact => |x, y| x.floor_divide_assign(y),
        "remainder" if int || inexact => |x, y| x.rem_assign(y),
        "bitwise_and" if int || bool => |x, y| x.bitand_assign(y),
        "bitwise_or" if int || bool => |x, y| x.bitor_assign(y),
        "bitwise_xor" if int || bool => |x, y| x.bitxor_assign(y),
        "bitwise_left_shift" if int => |x, y| x.shl_assign(y),
        "bitwise_right_shift" if int => |x, y| x.shr_assign(y),
        _ => return Ok(false),
    };
    if x.backend() != Backend::Ndarray {
        return Ok(false);
    }
    let y = match y {
        Value::Array(a)
            if a.dtype() == d
                && a.backend() == x.backend()
                && ivy::engine::checks::broadcasts_to(x.shape(), a.shape(), x.shape()) =>
        {
            ivy::Operand::Array(a)
        }
        Value::Scalar(s) if s.joins(d) => ivy::Operand::Scalar(*s),
        _ => return Ok(false),
    };
    assign(x, y).map(|()| true)
}

impl ArrayState {
    /// `x op= y`: the op's `_out` form writing into `x` (its dtype and shape kept: ivy's
    /// in-place rules; an ndarray buffer not shared is written in place).
    fn inplace(&mut self, op: &'static str, other: &Bound<'_, PyAny>) -> PyResult<()> {
        let py = other.py();
        let y = to_value(other)?;
        let entry = entry_of(op)?;
        let target = &mut self.inner;
        run(py, op, move || {
            if in_own_buffer(target, op, &y)? {
                return Ok(());
            }
            let args = [Value::Array(target.clone()), y];
            let result = entry.call(&args, &[])?;
            // our handle on the buffer goes first, so an unshared buffer is written in place
            drop(args);
            let Value::Array(r) = result else {
                return Err(Error::InvalidArgument {
                    op: "inplace",
                    message: "the op returned no array".into(),
                });
            };
            if r.shape() != target.shape() {
                return Err(Error::Shape {
                    op,
                    lhs: target.shape().to_vec(),
                    rhs: r.shape().to_vec(),
                    reason: "differ: an in-place operator keeps the left operand's shape",
                });
            }
            // the left operand keeps its dtype (the standard): a result of the same kind is
            // cast into it (numpy's same_kind: float32 += float64), another kind is refused
            let (from, to) = (r.dtype(), target.dtype());
            let r = if from == to {
                r
            } else if same_kind(from, to) {
                r.cast(to)?
            } else {
                // a dtype error: TypeError, as numpy's same_kind refusal (`int32 += 1.5`)
                return Err(Error::ArgumentKind {
                    op,
                    param: "x2",
                    expected: "a value whose result keeps the left operand's dtype (an \
                               in-place operator does not change it)",
                    got: format!(
                        "a {from} result for {to} `x1`: write `x = x {sym} y` for a new array \
                         of the promoted dtype",
                        sym = symbol(op)
                    ),
                });
            };
            ivy::inplace_update(target, &r)
        })
    }

    /// The one element as a Value of `dtype` (for `__bool__`, `__int__`, ...).
    fn scalar(&self, what: &str) -> PyResult<IArray> {
        if self.inner.size() != 1 && what == "bool" {
            // numpy's error for `if x:` of an array of many elements (or none)
            return Err(PyValueError::new_err(format!(
                "the truth value of an array of {} elements is ambiguous (shape {:?}): use any() or all()",
                self.inner.size(),
                self.inner.shape()
            )));
        }
        if self.inner.size() != 1 {
            return Err(PyTypeError::new_err(format!(
                "only an array of one element converts to a Python {what}; this one has shape {:?}",
                self.inner.shape()
            )));
        }
        Ok(self.inner.clone())
    }

    fn to_bool(&self) -> PyResult<bool> {
        let x = self.scalar("bool")?;
        x.cast(Dtype::Bool)
            .and_then(|b| b.item::<bool>())
            .map_err(py_err)
    }

    fn to_int(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let x = self.scalar("int")?;
        if x.dtype().is_complex() {
            return Err(PyTypeError::new_err(
                "int() of a complex array: take its real part first",
            ));
        }
        if x.dtype().is_float() {
            // Python's own int() of the value: NaN is ValueError, infinity OverflowError
            let f = x
                .cast(Dtype::Float64)
                .and_then(|b| b.item::<f64>())
                .map_err(py_err)?;
            return Ok(PyFloat::new(py, f).call_method0("__int__")?.unbind());
        }
        let i: i128 = if x.dtype() == Dtype::Uint64 {
            x.item::<u64>().map_err(py_err)?.into()
        } else {
            x.cast(Dtype::Int64)
                .and_then(|b| b.item::<i64>())
                .map_err(py_err)?
                .into()
        };
        Ok(i.into_pyobject(py)?.into_any().unbind())
    }

    fn to_float(&self) -> PyResult<f64> {
        let x = self.scalar("float")?;
        if x.dtype().is_complex() {
            return Err(PyTypeError::new_err(
                "float() of a complex array: take its real part first",
            ));
        }
        x.cast(Dtype::Float64)
            .and_then(|b| b.item::<f64>())
            .map_err(py_err)
    }

    fn to_complex(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let x = self.scalar("complex")?;
        if !x.dtype().is_complex() {
            // a real value through float64, which every backend holds (candle no complex)
            let re = self.to_float()?;
            return Ok(PyComplex::from_doubles(py, re, 0.0).into_any().unbind());
        }
        let c = x
            .cast(Dtype::Complex128)
            .and_then(|b| b.item::<num_complex::Complex<f64>>())
            .map_err(py_err)?;
        Ok(PyComplex::from_doubles(py, c.re, c.im).into_any().unbind())
    }
}

impl PyArray {
    fn unary(slf: &Bound<'_, Self>, op: &str) -> PyResult<Py<PyAny>> {
        let mut args = LentArgs::new();
        args.push(slf.as_any())?;
        args.call(slf.py(), entry_of(op)?, &[])
    }
}

array_methods! {
[
    "add": __add__ __radd__ __iadd__;
    "subtract": __sub__ __rsub__ __isub__;
    "multiply": __mul__ __rmul__ __imul__;
    "divide": __truediv__ __rtruediv__ __itruediv__;
    "floor_divide": __floordiv__ __rfloordiv__ __ifloordiv__;
    "remainder": __mod__ __rmod__ __imod__;
    "matmul": __matmul__ __rmatmul__ __imatmul__;
    "bitwise_and": __and__ __rand__ __iand__;
    "bitwise_or": __or__ __ror__ __ior__;
    "bitwise_xor": __xor__ __rxor__ __ixor__;
    "bitwise_left_shift": __lshift__ __rlshift__ __ilshift__;
    "bitwise_right_shift": __rshift__ __rrshift__ __irshift__;
]
    /// The dtype: the module's dtype object (`x.dtype is ivy_rs.float32`), made once.
    #[getter]
    fn dtype(slf: &Bound<'_, Self>) -> PyResult<Py<PyDType>> {
        dtype_object(slf.py(), read(slf)?.inner.dtype())
    }
    /// The device, by name (`"cpu"`).
    #[getter]
    fn device(slf: &Bound<'_, Self>) -> PyResult<String> {
        Ok(read(slf)?.inner.device().to_string())
    }
    /// The backend holding the data, by name.
    #[getter]
    fn backend(slf: &Bound<'_, Self>) -> PyResult<&'static str> {
        Ok(read(slf)?.inner.backend().as_str())
    }
    /// The same values on backend `name` ("ndarray" or "candle"): the array itself when it
    /// is already there (`ivy::Array::to_backend`).
    fn to_backend(slf: &Bound<'_, Self>, name: &str) -> PyResult<Py<PyAny>> {
        let b = parse_backend(name)?;
        let x = read(slf)?.inner.clone();
        let keep_gil = x.size() <= GIL_FREE_ELEMENTS;
        let y = run_sized(slf.py(), "to_backend", keep_gil, move || x.to_backend(b))?;
        Ok(Py::new(slf.py(), PyArray::new(y))?.into_any())
    }
    /// The number of axes.
    #[getter]
    fn ndim(slf: &Bound<'_, Self>) -> PyResult<usize> {
        Ok(read(slf)?.inner.ndim())
    }
    /// The shape, a tuple.
    #[getter]
    fn shape<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(slf.py(), read(slf)?.inner.shape())
    }
    /// The number of elements.
    #[getter]
    fn size(slf: &Bound<'_, Self>) -> PyResult<usize> {
        Ok(read(slf)?.inner.size())
    }
    /// The transpose of a 2-d array.
    #[getter(T)]
    fn t(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
        let x = read(slf)?.inner.clone();
        if x.ndim() != 2 {
            return Err(PyValueError::new_err(format!(
                "`T` is the transpose of a 2-d array, this one has {} dimensions; use `permute_dims` or `mT`",
                x.ndim()
            )));
        }
        call_op(slf.py(), "permute_dims", &[Value::Array(x), Value::from(vec![1i64, 0])])
    }
    /// The transpose of each matrix (the last two axes).
    #[getter(mT)]
    fn m_t(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
        Self::unary(slf, "matrix_transpose")
    }
    /// The same array on `device` (`"cpu"` here).
    #[pyo3(signature = (device, /, *, stream=None))]
    fn to_device(slf: &Bound<'_, Self>, device: &Bound<'_, PyAny>, stream: Option<&Bound<'_, PyAny>>) -> PyResult<Py<PyAny>> {
        if stream.is_some_and(|s| !s.is_none()) {
            return Err(PyValueError::new_err("to_device: ivy_rs has no streams; pass stream=None"));
        }
        let x = Value::Array(read(slf)?.inner.clone());
        let d = to_value(device)?;
        if ivy::registry::dyn_entry("to_device").is_some() {
            return call_op(slf.py(), "to_device", &[x, d]);
        }
        Ok(slf.clone().into_any().unbind())
    }
    /// Pickling: the values as little-endian bytes with the dtype, shape, backend and device
    /// (`pickle`, `copy.deepcopy`, `multiprocessing`); unpickled by `ivy_rs._rebuild`.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let x = read(slf)?.inner.clone();
        let mut bytes = Vec::new();
        by_dtype!(x.dtype(), T => {
            let values = x.to_vec::<T>().map_err(py_err)?;
            bytes.reserve(values.len() * <T as Raw>::SIZE);
            values.iter().for_each(|v| v.put(&mut bytes));
        });
        let args = (
            pyo3::types::PyBytes::new(py, &bytes),
            x.dtype().as_str(),
            PyTuple::new(py, x.shape())?,
            x.backend().as_str(),
            x.device().to_string(),
        );
        Ok((
            py.import("ivy_rs")?.getattr("_rebuild")?,
            args.into_pyobject(py)?,
        ))
    }
    /// The `ivy_rs` module.
    #[pyo3(signature = (*, api_version=None))]
    fn __array_namespace__(&self, py: Python<'_>, api_version: Option<&str>) -> PyResult<Py<PyAny>> {
        if let Some(v) = api_version {
            if v != "2023.12" && v != "2022.12" && v != "2021.12" {
                return Err(PyValueError::new_err(format!("ivy_rs implements Array API 2023.12, not {v}")));
            }
        }
        Ok(py.import("ivy_rs")?.into_any().unbind())
    }
    fn __neg__(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
        Self::unary(slf, "negative")
    }
    fn __pos__(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
        Self::unary(slf, "positive")
    }
    fn __abs__(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
        Self::unary(slf, "abs")
    }
    fn __invert__(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
        Self::unary(slf, "bitwise_invert")
    }
    fn __pow__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>, modulo: Option<&Bound<'_, PyAny>>) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        if modulo.is_some_and(|m| !m.is_none()) {
            return Ok(py.NotImplemented());
        }
        static ENTRY: EntryCell = EntryCell::new();
        operator(slf, other, cached_entry(&ENTRY, "pow")?, false)
    }
    fn __rpow__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>, modulo: Option<&Bound<'_, PyAny>>) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        if modulo.is_some_and(|m| !m.is_none()) {
            return Ok(py.NotImplemented());
        }
        static ENTRY: EntryCell = EntryCell::new();
        operator(slf, other, cached_entry(&ENTRY, "pow")?, true)
    }
    fn __ipow__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>, _modulo: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        write(slf)?.inplace("pow", other)
    }
    fn __eq__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        Self::compare(slf, "equal", other)
    }
    fn __ne__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        Self::compare(slf, "not_equal", other)
    }
    fn __lt__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        Self::compare(slf, "less", other)
    }
    fn __le__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        Self::compare(slf, "less_equal", other)
    }
    fn __gt__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        Self::compare(slf, "greater", other)
    }
    fn __ge__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        Self::compare(slf, "greater_equal", other)
    }
    fn __getitem__(slf: &Bound<'_, Self>, key: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        with_index(key, |query| Self::get(slf, query))
    }
    fn __setitem__(slf: &Bound<'_, Self>, key: &Bound<'_, PyAny>, value: &Bound<'_, PyAny>) -> PyResult<()> {
        with_index(key, |query| Self::set(slf, query, value))
    }
    fn __bool__(slf: &Bound<'_, Self>) -> PyResult<bool> {
        read(slf)?.to_bool()
    }
    fn __int__(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
        read(slf)?.to_int(slf.py())
    }
    fn __index__(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
        let this = read(slf)?;
        let d = this.inner.dtype();
        if !d.is_int() || d.is_bool() {
            return Err(PyTypeError::new_err(format!(
                "only integer arrays convert to an index, this one is {d}"
            )));
        }
        this.to_int(slf.py())
    }
    fn __float__(slf: &Bound<'_, Self>) -> PyResult<f64> {
        read(slf)?.to_float()
    }
    fn __complex__(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
        read(slf)?.to_complex(slf.py())
    }
    /// `format(x, spec)`: with a spec, a 0-d array formats its value (`f"{x:.2f}"`), as
    /// numpy's; without one, `str(x)`.
    fn __format__(slf: &Bound<'_, Self>, spec: &str) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        if spec.is_empty() {
            return Ok(slf.str()?.into_any().unbind());
        }
        let this = read(slf)?;
        if this.inner.ndim() != 0 {
            return Err(PyTypeError::new_err(format!(
                "unsupported format string passed to ivy_rs.Array.__format__: only a 0-d array formats with a spec (this one has shape {:?}); format its elements",
                this.inner.shape()
            )));
        }
        let d = this.inner.dtype();
        let value = if d.is_bool() {
            PyBool::new(py, this.to_bool()?).to_owned().into_any().unbind()
        } else if d.is_complex() {
            this.to_complex(py)?
        } else if d.is_float() {
            PyFloat::new(py, this.to_float()?).into_any().unbind()
        } else {
            this.to_int(py)?
        };
        drop(this);
        Ok(value.bind(py).call_method1("__format__", (spec,))?.unbind())
    }
    /// Rows along the first axis, as numpy's; a 0-d array is not iterable (without this,
    /// Python's fallback through `__getitem__` would give a 0-d array no items at all).
    fn __iter__(slf: &Bound<'_, Self>) -> PyResult<PyArrayIter> {
        let n = read(slf)?.inner.shape().first().copied();
        let n = n.ok_or_else(|| PyTypeError::new_err("iteration over a 0-d array"))?;
        Ok(PyArrayIter {
            array: slf.clone().unbind(),
            next: 0,
            len: n,
        })
    }
    fn __len__(slf: &Bound<'_, Self>) -> PyResult<usize> {
        read(slf)?
            .inner
            .shape()
            .first()
            .copied()
            .ok_or_else(|| PyTypeError::new_err("len() of a 0-d array"))
    }
    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let s = read(slf)?.inner.to_string();
        match s.strip_prefix("ivy.array(") {
            Some(rest) => {
                // keep the continuation lines aligned under the new prefix
                // ("ivy.array(" is 10 characters, "Array(" 6)
                let body = rest.replace("\n           ", "\n       ");
                Ok(format!("Array({body}"))
            }
            None => Ok(s),
        }
    }
    fn __str__(slf: &Bound<'_, Self>) -> PyResult<String> {
        Self::__repr__(slf)
    }
    /// DLPack export, through numpy: the view numpy takes without a copy (ndarray-backed
    /// arrays), or a copy where the consumer cannot take a read-only tensor (DLPack < 1.0)
    /// or the array is not ndarray-backed.
    #[pyo3(signature = (*, stream=None, max_version=None, dl_device=None, copy=None))]
    fn __dlpack__<'py>(
        slf: &Bound<'py, Self>,
        stream: Option<&Bound<'py, PyAny>>,
        max_version: Option<&Bound<'py, PyAny>>,
        dl_device: Option<&Bound<'py, PyAny>>,
        copy: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        // the CPU has no streams (the standard: `None` for the CPU), refused in ivy's words
        // rather than numpy's
        if let Some(s) = stream.filter(|s| !s.is_none()) {
            return Err(PyValueError::new_err(format!(
                "`__dlpack__`: `stream` must be None for an array on the CPU, got {s}"
            )));
        }
        // `copy=False`: only an ndarray buffer numpy can view is exported without a copy
        // (candle's data and bfloat16, which numpy lacks, come out copied)
        let no_copy = match copy.filter(|c| !c.is_none()) {
            Some(c) => !c.is_truthy()?,
            None => false,
        };
        if no_copy {
            let x = &read(slf)?.inner;
            if x.backend() != Backend::Ndarray || x.dtype() == Dtype::Bfloat16 {
                return Err(pyo3::exceptions::PyBufferError::new_err(format!(
                    "`__dlpack__`: copy=False, but a {} array on {:?} is exported only as a \
                     copy (an ndarray-backed array of a numpy dtype is not): pass copy=None",
                    x.dtype(),
                    x.backend()
                )));
            }
        }
        numpy_ndim(&read(slf)?.inner)?;
        let np = py.import("numpy")?;
        let kw = PyDict::new(py);
        kw.set_item("stream", stream)?;
        kw.set_item("max_version", max_version)?;
        kw.set_item("dl_device", dl_device)?;
        kw.set_item("copy", copy)?;
        let view = np.call_method1("asarray", (slf,))?;
        match view.call_method("__dlpack__", (), Some(&kw)) {
            // numpy's view cannot be exported (a read-only buffer, which DLPack before 1.0
            // cannot signal): a copy, even under copy=False (the Array API suite asks the
            // export to succeed; ivy's buffers are never handed out writable)
            Err(e) if e.is_instance_of::<pyo3::exceptions::PyBufferError>(py) => np
                .call_method1("array", (slf,))?
                .call_method("__dlpack__", (), Some(&kw)),
            r => r,
        }
    }
    /// The DLPack device: (1, 0), the CPU.
    fn __dlpack_device__(&self) -> (i32, i32) {
        (1, 0)
    }
    /// A numpy array of the values: a read-only view of an ndarray-backed array's buffer
    /// (no copy), else a copy (candle's data, bfloat16, which numpy lacks, or another
    /// `dtype`). numpy 2's `copy`: `True` always copies, `False` raises ValueError where a
    /// copy is needed. The view holds the buffer, not this Array: writing to the Array later
    /// (copy-on-write) leaves the view as it was and pins nothing once the view is gone.
    #[pyo3(signature = (dtype=None, copy=None))]
    fn __array__(slf: &Bound<'_, Self>, dtype: Option<&Bound<'_, PyAny>>, copy: Option<bool>) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        let np = py.import("numpy")?;
        let x = read(slf)?.inner.clone();
        numpy_ndim(&x)?;
        let viewable = x.backend() == Backend::Ndarray && typestr(x.dtype()).is_some();
        let same_dtype = match dtype {
            None => true,
            Some(d) if d.is_none() => true,
            Some(d) => match typestr(x.dtype()) {
                Some(t) => np.call_method1("dtype", (d,))?.eq(np.call_method1("dtype", (t,))?)?,
                None => false,
            },
        };
        if copy == Some(false) && !(viewable && same_dtype) {
            return Err(PyValueError::new_err(format!(
                "`__array__`: copy=False, but a {} {} array{} is converted to numpy only by \
                 copying (pass copy=None or copy=True)",
                x.backend(),
                x.dtype(),
                if same_dtype { "" } else { " into another dtype" },
            )));
        }
        // what numpy can view: the buffer itself, else an ndarray copy in a dtype it has
        let x = if viewable {
            x
        } else if x.dtype() == Dtype::Bfloat16 {
            x.cast(Dtype::Float32).and_then(|x| x.to_backend(Backend::Ndarray)).map_err(py_err)?
        } else {
            x.to_backend(Backend::Ndarray).map_err(py_err)?
        };
        let holder = Bound::new(py, NumpyExport { inner: x })?;
        let kw = PyDict::new(py);
        kw.set_item("dtype", dtype)?;
        // `np.array` copies by default: `None` views where it can
        kw.set_item("copy", if copy == Some(true) { Some(true) } else { None })?;
        np.call_method("array", (holder,), Some(&kw)).map(|a| a.unbind())
    }
}

/// What numpy views for [`PyArray::__array__`]: one ndarray buffer (shared, copy-on-write),
/// owned for as long as numpy's view (its `base`) lives.
#[pyclass(name = "_NumpyExport", module = "ivy_rs", frozen, weakref)]
struct NumpyExport {
    inner: IArray,
}

#[pymethods]
impl NumpyExport {
    /// numpy's read-only view of the buffer (no copy).
    #[getter]
    fn __array_interface__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let this = self;
        numpy_ndim(&this.inner)?;
        let d = this.inner.dtype();
        let (ptr, strides) = match (this.inner.native(), typestr(d)) {
            (NativeArray::Ndarray(a), Some(_)) => nd_ptr_strides(a),
            _ => {
                return Err(pyo3::exceptions::PyAttributeError::new_err(
                    "__array_interface__: only ndarray-backed arrays of numpy's dtypes are viewed; numpy uses __array__ for the others",
                ))
            }
        };
        let item = (d.bits() as isize / 8).max(1);
        let dict = PyDict::new(py);
        dict.set_item("version", 3)?;
        dict.set_item("typestr", typestr(d))?;
        dict.set_item("shape", PyTuple::new(py, this.inner.shape())?)?;
        let strides: Vec<isize> = strides.iter().map(|s| s * item).collect();
        dict.set_item("strides", PyTuple::new(py, strides)?)?;
        dict.set_item("data", (ptr, true))?;
        Ok(dict)
    }
}

impl PyArray {
    fn compare(slf: &Bound<'_, Self>, op: &str, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        let x = Value::Array(read(slf)?.inner.clone());
        let Ok(y) = to_value(other) else {
            return Ok(py.NotImplemented());
        };
        match y {
            Value::Array(_) | Value::Scalar(_) => call_op(py, op, &[x, y]),
            // a list or tuple is an error, as in the arithmetic operators, not Python's
            // identity comparison (`x == [1, 2]` would be a silent False)
            Value::List(_) => Err(PyTypeError::new_err(format!(
                "`{op}`: the other operand must be an array or a Python scalar, got a {} \
                 (make it an array with ivy_rs.asarray)",
                other.get_type().name()?
            ))),
            _ => Ok(py.NotImplemented()),
        }
    }
}

/// The data pointer and element strides of an ndarray-backed array.
fn nd_ptr_strides(a: &ivy::backends::NdArray) -> (usize, Vec<isize>) {
    use ivy::backends::NdArray as N;
    macro_rules! each {
        ($($v:ident),*) => {
            match a {
                $(N::$v(x) => (x.as_ptr() as usize, x.strides().to_vec()),)*
            }
        };
    }
    each!(
        Bool, Int8, Int16, Int32, Int64, Uint8, Uint16, Uint32, Uint64, Bfloat16, Float16, Float32,
        Float64, Complex64, Complex128
    )
}

/// The native module: the Array and DType classes, the op table and the calls by name,
/// and the thread-scoped backend control. The default backend comes from `IVY_RS_BACKEND`
/// (else ndarray).
/// An element type as little-endian bytes, both ways (pickling).
trait Raw: Sized {
    /// Bytes per element.
    const SIZE: usize;
    /// Appends the element's bytes.
    fn put(&self, out: &mut Vec<u8>);
    /// The element of `SIZE` bytes.
    fn get(b: &[u8]) -> Self;
}

macro_rules! raw_le {
    ($($t:ty),*) => {$(
        impl Raw for $t {
            const SIZE: usize = std::mem::size_of::<$t>();
            fn put(&self, out: &mut Vec<u8>) {
                out.extend_from_slice(&self.to_le_bytes());
            }
            fn get(b: &[u8]) -> Self {
                b.try_into().map_or(<$t>::default(), <$t>::from_le_bytes)
            }
        }
    )*};
}
raw_le!(
    i8,
    i16,
    i32,
    i64,
    u8,
    u16,
    u32,
    u64,
    f32,
    f64,
    half::f16,
    half::bf16
);

impl Raw for bool {
    const SIZE: usize = 1;
    fn put(&self, out: &mut Vec<u8>) {
        out.push(u8::from(*self));
    }
    fn get(b: &[u8]) -> Self {
        b.first().is_some_and(|&v| v != 0)
    }
}

impl<T: Raw> Raw for num_complex::Complex<T> {
    const SIZE: usize = 2 * T::SIZE;
    fn put(&self, out: &mut Vec<u8>) {
        self.re.put(out);
        self.im.put(out);
    }
    fn get(b: &[u8]) -> Self {
        let (re, im) = b.split_at(T::SIZE.min(b.len()));
        num_complex::Complex::new(T::get(re), T::get(im))
    }
}

/// Runs `$e` with `$T` the element type of dtype `$d` (in a function returning `PyResult`).
macro_rules! by_dtype {
    ($d:expr, $T:ident => $e:expr) => {
        match $d {
            Dtype::Bool => {
                type $T = bool;
                $e
            }
            Dtype::Int8 => {
                type $T = i8;
                $e
            }
            Dtype::Int16 => {
                type $T = i16;
                $e
            }
            Dtype::Int32 => {
                type $T = i32;
                $e
            }
            Dtype::Int64 => {
                type $T = i64;
                $e
            }
            Dtype::Uint8 => {
                type $T = u8;
                $e
            }
            Dtype::Uint16 => {
                type $T = u16;
                $e
            }
            Dtype::Uint32 => {
                type $T = u32;
                $e
            }
            Dtype::Uint64 => {
                type $T = u64;
                $e
            }
            Dtype::Float16 => {
                type $T = half::f16;
                $e
            }
            Dtype::Bfloat16 => {
                type $T = half::bf16;
                $e
            }
            Dtype::Float32 => {
                type $T = f32;
                $e
            }
            Dtype::Float64 => {
                type $T = f64;
                $e
            }
            Dtype::Complex64 => {
                type $T = num_complex::Complex<f32>;
                $e
            }
            Dtype::Complex128 => {
                type $T = num_complex::Complex<f64>;
                $e
            }
            other => {
                return Err(PyTypeError::new_err(format!(
                    "ivy_rs: no element type for {other}"
                )))
            }
        }
    };
}
use by_dtype;

/// An ndarray-backed array of dtype `d` and `shape` from its row-major little-endian bytes
/// (pickles and buffer-protocol objects); ValueError when the sizes disagree.
fn from_le_bytes(what: &str, d: Dtype, data: &[u8], shape: &[usize]) -> PyResult<IArray> {
    let n = shape.iter().try_fold(1usize, |n, &s| n.checked_mul(s));
    Ok(by_dtype!(d, T => {
        if n.and_then(|n| n.checked_mul(<T as Raw>::SIZE)) != Some(data.len()) {
            return Err(PyValueError::new_err(format!(
                "{what}: {} bytes are not a {d} array of shape {shape:?}",
                data.len()
            )));
        }
        let v: Vec<T> = data.chunks_exact(<T as Raw>::SIZE).map(T::get).collect();
        let a = ndarray::ArrayD::from_shape_vec(ndarray::IxDyn(shape), v)
            .map_err(|_| PyValueError::new_err(format!("{what}: the shape does not fit the data")))?;
        IArray::from_native(NativeArray::Ndarray(a.into()))
    }))
}

/// An object of the buffer protocol (`memoryview`, `bytes`, `array.array`, …) as an array
/// on the current backend: its format's dtype (struct codes in native order: `?`, `b`, `B`,
/// `h` … `q`, `Q`, `e`, `f`, `d`, `Zf`, `Zd`), its shape, its bytes in C order (a copy).
/// `None` when `obj` is not a buffer.
fn from_buffer(obj: &Bound<'_, PyAny>) -> PyResult<Option<IArray>> {
    let py = obj.py();
    let Ok(mv) = py.import("builtins")?.getattr("memoryview")?.call1((obj,)) else {
        return Ok(None);
    };
    let format: String = mv.getattr("format")?.extract()?;
    let code = format.trim_start_matches(['@', '=']);
    let little = cfg!(target_endian = "little");
    let code = match code.strip_prefix('<') {
        Some(c) if little => c,
        Some(_) => "",
        None => code,
    };
    let d = match (code, mv.getattr("itemsize")?.extract::<usize>()?) {
        ("?", 1) => Dtype::Bool,
        ("b", 1) => Dtype::Int8,
        ("B" | "c", 1) => Dtype::Uint8,
        ("h", 2) => Dtype::Int16,
        ("H", 2) => Dtype::Uint16,
        ("i" | "l" | "q", 4) => Dtype::Int32,
        ("i" | "l" | "q", 8) => Dtype::Int64,
        ("I" | "L" | "Q", 4) => Dtype::Uint32,
        ("I" | "L" | "Q", 8) => Dtype::Uint64,
        ("e", 2) => Dtype::Float16,
        ("f", 4) => Dtype::Float32,
        ("d", 8) => Dtype::Float64,
        ("Zf", 8) => Dtype::Complex64,
        ("Zd", 16) => Dtype::Complex128,
        _ => {
            return Err(PyTypeError::new_err(format!(
                "ivy_rs.asarray: no ivy dtype for the buffer format `{format}` (native-order \
                 bools, ints, float16/32/64 and complex are read)"
            )))
        }
    };
    let shape: Vec<usize> = mv.getattr("shape")?.extract()?;
    let bytes: Vec<u8> = mv.call_method0("tobytes")?.extract()?;
    let x = from_le_bytes("ivy_rs.asarray", d, &bytes, &shape)?;
    match ivy_core::current_backend() {
        Some(b) if b != Backend::Ndarray => x.to_backend(b).map(Some).map_err(py_err),
        _ => Ok(Some(x)),
    }
}

/// `_rebuild(data, dtype, shape, backend, device)`: the array `Array.__reduce__` pickled.
#[pyfunction]
fn _rebuild(
    data: &[u8],
    dtype: &str,
    shape: Vec<usize>,
    backend: &str,
    device: &str,
) -> PyResult<PyArray> {
    let d = Dtype::from_str(dtype).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let b = parse_backend(backend)?;
    let dev = ivy::Device::from_str(device).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let x = from_le_bytes("ivy_rs._rebuild", d, data, &shape)?;
    let x = x.to_backend(b).map_err(py_err)?;
    let x = match x.device() == dev {
        true => x,
        false => ivy::to_device(&x, dev).map_err(py_err)?,
    };
    Ok(PyArray::new(x))
}

#[pymodule]
fn _ivy_rs(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // SAFETY: on import, under the GIL: no Python thread runs, and the module has started
    // none of its own (what else might touch the environment now is the interpreter's)
    unsafe { ivy::backends::candle::pin_thread_count() };
    let default = std::env::var("IVY_RS_BACKEND").unwrap_or_else(|_| "ndarray".into());
    ivy_core::set_default_backend(Some(parse_backend(&default)?));
    m.add_class::<PyArray>()?;
    m.add_class::<PyDType>()?;
    for d in Dtype::ALL {
        m.add(d.as_str(), dtype_object(m.py(), d)?)?;
    }
    m.add_class::<PyFunction>()?;
    m.add("AxisError", axis_error(m.py())?)?;
    m.add("LinAlgError", linalg_error(m.py())?)?;
    m.add_function(wrap_pyfunction!(_call, m)?)?;
    m.add_function(wrap_pyfunction!(_rebuild, m)?)?;
    m.add_function(wrap_pyfunction!(_ops, m)?)?;
    m.add_function(wrap_pyfunction!(_array_api_json, m)?)?;
    m.add_function(wrap_pyfunction!(set_backend, m)?)?;
    m.add_function(wrap_pyfunction!(unset_backend, m)?)?;
    m.add_function(wrap_pyfunction!(current_backend, m)?)?;
    m.add_function(wrap_pyfunction!(set_default_backend, m)?)?;
    Ok(())
}
