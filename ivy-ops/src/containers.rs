//! What Containers *of arrays* add to `ivy_core::Container`: the leaves' shapes and dtypes,
//! and saving and loading as [safetensors](https://huggingface.co/docs/safetensors) (the
//! format candle, PyTorch and the Hugging Face hub use for weights).
//!
//! A Container's key chains are the tensors' names (`"layer1/w"`); loading nests a name at
//! each `/`, so a file saved from a Container loads as the same Container (but for empty
//! sub-containers: the format holds tensors only), and a file with flat names (candle's and
//! PyTorch's `"layer1.weight"`) loads as one level of keys. Every dtype both ivy and the
//! format have round-trips exactly: bool, the eight integer types, float16, bfloat16,
//! float32, float64 and complex64 (loading onto a backend needs the backend to hold the
//! dtype: candle has no int8, uint16, uint64 or complex64). complex128 has no safetensors
//! dtype (an error says to split it with `real`/`imag`); a file's FP8/FP4/FP6 tensors have
//! no ivy dtype (an error names the tensor).

use crate::{Array, Backend, Container, Dtype, Error, MapOptions, NestArg, Result};
use half::{bf16, f16};
use num_complex::Complex;
use safetensors::Dtype as St;
use std::borrow::Cow;
use std::path::Path;

/// Methods of a Container of arrays (a trait, in the prelude: `Container` lives in
/// `ivy-core`).
///
/// ```
/// use ivy::prelude::*;
/// ivy::set_backend(Backend::Ndarray);
/// let c: Container = ivy::container! { w: ivy::zeros(vec![2, 3])?, b: ivy::asarray([1i32])? };
/// assert_eq!(c.shapes(), ivy::container! { w: vec![2usize, 3], b: vec![1usize] });
/// assert_eq!(c.dtypes().at("b")?, &Dtype::Int32);
/// let bytes = c.to_safetensors()?;
/// assert_eq!(ivy::from_safetensors(&bytes)?, c);
/// # Ok::<(), ivy::Error>(())
/// ```
pub trait ContainerArrays {
    /// Every leaf's shape (Ivy's `cont_shape` per leaf).
    fn shapes(&self) -> Container<Vec<usize>>;
    /// Every leaf's dtype.
    fn dtypes(&self) -> Container<Dtype>;
    /// Every leaf on backend `b` (Ivy's `to_native` across frameworks): a leaf already
    /// there is shared, another is copied ([`Array::to_backend`]). An error names its leaf
    /// ([`Error::Leaf`]).
    ///
    /// ```
    /// use ivy::prelude::*;
    /// let c: Container = ivy::with_backend(Backend::Candle, || -> ivy::Result<_> {
    ///     Ok(ivy::container! { w: ivy::ones([2])? })
    /// })?;
    /// let n = c.to_backend(Backend::Ndarray)?;
    /// assert_eq!(n.at("w")?.backend(), Backend::Ndarray);
    /// assert_eq!(n.at("w")?.to_vec::<f32>()?, [1.0, 1.0]);
    /// // candle holds no int8: the error names the leaf
    /// let i: Container = ivy::with_backend(Backend::Ndarray, || -> ivy::Result<_> {
    ///     Ok(ivy::container! { a: { b: ivy::ones([2])?.astype(Dtype::Int8)? } })
    /// })?;
    /// let e = i.to_backend(Backend::Candle).unwrap_err();
    /// assert!(matches!(&e, ivy::Error::Leaf { key_chain, .. } if key_chain == "a/b"), "{e}");
    /// # Ok::<(), ivy::Error>(())
    /// ```
    fn to_backend(&self, b: Backend) -> Result<Container>;
    /// The leaves as one safetensors buffer, each named by its key chain (row-major,
    /// little-endian; arrays on any backend).
    fn to_safetensors(&self) -> Result<Vec<u8>>;
    /// [`to_safetensors`](Self::to_safetensors) written to `path`.
    fn save_safetensors(&self, path: impl AsRef<Path>) -> Result<()>;
    /// This Container as the argument of a nested call (`ivy::nested::op`, a Container
    /// method's argument) that carries Ivy's mapping options for the whole call: the op
    /// runs at the leaves `opts` selects (a key chain selects its leaf, or every leaf below
    /// it where it names a sub-container: Ivy matches leaf chains only; `to_apply: false`
    /// inverts the selection); the other leaves keep the first Container argument's leaf
    /// (as Ivy's `multi_map` does), or are dropped with `prune_unapplied`.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x: Container = ivy::container! {
    ///     a: { b: ivy::asarray([0.0f32])?, c: ivy::asarray([1.0f32])? },
    ///     d: ivy::asarray([2.0f32])?,
    /// };
    /// let opts = MapOptions { key_chains: Some(&["a/b", "d"]), ..Default::default() };
    /// let e = ivy::nested::exp(x.with_options(&opts))?;
    /// assert_eq!(e.at("a/b")?.to_vec::<f32>()?, [1.0]); // e^0
    /// assert_eq!(e.at("a/c")?.to_vec::<f32>()?, [1.0]); // kept
    /// let pruned = MapOptions { prune_unapplied: true, ..opts };
    /// let s = ivy::nested::add(x.with_options(&pruned), 10.0)?;
    /// assert_eq!(s.all_key_chains(), ["a/b", "d"]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    fn with_options<'a>(&'a self, opts: &'a MapOptions<'a>) -> NestArg<'a>;
    /// Writes `value`'s leaves into this Container's by the `out` rules of arrays (Ivy's
    /// `out=` of a nested call): the same key chains, and at each the result's shape and
    /// backend, cast to the leaf's dtype, written in place (an ndarray buffer is
    /// overwritten; a candle tensor is rebound, a `Var` set). Every leaf is checked and cast
    /// before any is written: on error this Container is unchanged.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x: Container = ivy::container! { a: ivy::asarray([0.0f32, 1.0])? };
    /// let mut out: Container = ivy::container! { a: ivy::zeros([2])?.cast(Dtype::Float64)? };
    /// out.assign(ivy::nested::exp(&x)?)?;
    /// assert_eq!(out.at("a")?.dtype(), Dtype::Float64); // out keeps its dtype
    /// assert!((out.at("a")?.to_vec::<f64>()?[1] - 1f64.exp()).abs() < 1e-6);
    /// let wrong: Container = ivy::container! { b: ivy::asarray([0.0f32, 1.0])? };
    /// // the error names the side lacking a leaf: here the result has no `a`
    /// let e = out.assign(wrong).unwrap_err();
    /// assert!(matches!(&e, ivy::Error::OutStructure { key_chain, in_out: true, .. } if key_chain == "a"));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    fn assign(&mut self, value: Container) -> Result<()>;
}

impl ContainerArrays for Container {
    fn shapes(&self) -> Container<Vec<usize>> {
        self.clone().into_map(|a| a.shape().to_vec())
    }

    fn dtypes(&self) -> Container<Dtype> {
        self.clone().into_map(|a| a.dtype())
    }

    fn to_backend(&self, b: Backend) -> Result<Container> {
        // an error names the leaf (a dtype the backend cannot hold is one leaf's)
        self.map(|kc, a| {
            a.to_backend(b).map_err(|e| Error::Leaf {
                key_chain: kc.to_string(),
                source: Box::new(e),
            })
        })
    }

    fn to_safetensors(&self) -> Result<Vec<u8>> {
        to_bytes("to_safetensors", self)
    }

    fn save_safetensors(&self, path: impl AsRef<Path>) -> Result<()> {
        const OP: &str = "save_safetensors";
        let bytes = to_bytes(OP, self)?;
        let path = path.as_ref();
        std::fs::write(path, bytes).map_err(|e| io_err(OP, "write", path, &e))
    }

    fn with_options<'a>(&'a self, opts: &'a MapOptions<'a>) -> NestArg<'a> {
        NestArg::Mapped(self, opts)
    }

    fn assign(&mut self, value: Container) -> Result<()> {
        crate::engine::out::write_container_out("assign", value, self)
    }
}

/// A Container from a safetensors buffer, its arrays on the current backend (a name's `/`
/// nests it; see the [module docs](self)). Reading needs the `ndarray` feature (the
/// buffers are decoded into ndarray arrays, then moved to the current backend).
///
/// ```
/// use ivy::prelude::*;
/// ivy::set_backend(Backend::Candle);
/// let c: Container = ivy::container! { a: { b: ivy::asarray([1.5f32, -2.0])? } };
/// let back = ivy::from_safetensors(&c.to_safetensors()?)?;
/// assert_eq!(back.at("a/b")?.backend(), Backend::Candle);
/// assert_eq!(back, c);
/// assert!(ivy::from_safetensors(b"not a safetensors file").is_err());
/// # Ok::<(), ivy::Error>(())
/// ```
#[cfg(feature = "ndarray")]
pub fn from_safetensors(bytes: &[u8]) -> Result<Container> {
    from_bytes("from_safetensors", bytes)
}

/// [`from_safetensors`] of the file at `path`.
#[cfg(feature = "ndarray")]
pub fn load_safetensors(path: impl AsRef<Path>) -> Result<Container> {
    const OP: &str = "load_safetensors";
    let path = path.as_ref();
    let bytes = std::fs::read(path).map_err(|e| io_err(OP, "read", path, &e))?;
    from_bytes(OP, &bytes)
}

fn io_err(op: &'static str, action: &'static str, path: &Path, e: &std::io::Error) -> Error {
    Error::Io {
        op,
        action,
        path: path.display().to_string(),
        reason: e.to_string(),
    }
}

/// An element type as safetensors stores it: little-endian bytes.
trait StElem: crate::kernel::elem::Elem {
    const ST: St;
    const SIZE: usize;
    fn put(self, out: &mut Vec<u8>);
    fn get(b: &[u8]) -> Self;
}

macro_rules! le_elem {
    ($($t:ty => $st:ident),* $(,)?) => {$(
        impl StElem for $t {
            const ST: St = St::$st;
            const SIZE: usize = std::mem::size_of::<$t>();
            fn put(self, out: &mut Vec<u8>) {
                out.extend_from_slice(&self.to_le_bytes());
            }
            fn get(b: &[u8]) -> Self {
                let mut a = [0u8; std::mem::size_of::<$t>()];
                a.copy_from_slice(b);
                <$t>::from_le_bytes(a)
            }
        }
    )*};
}
le_elem!(
    u8 => U8, i8 => I8, i16 => I16, u16 => U16, i32 => I32, u32 => U32, i64 => I64,
    u64 => U64, f32 => F32, f64 => F64, f16 => F16, bf16 => BF16,
);

impl StElem for bool {
    const ST: St = St::BOOL;
    const SIZE: usize = 1;
    fn put(self, out: &mut Vec<u8>) {
        out.push(u8::from(self));
    }
    fn get(b: &[u8]) -> Self {
        b[0] != 0
    }
}

impl StElem for Complex<f32> {
    const ST: St = St::C64;
    const SIZE: usize = 8;
    fn put(self, out: &mut Vec<u8>) {
        self.re.put(out);
        self.im.put(out);
    }
    fn get(b: &[u8]) -> Self {
        Complex::new(f32::get(&b[..4]), f32::get(&b[4..]))
    }
}

/// `$body` with `$T` the element type of `dtype`, or `$none` for complex128 (the one dtype
/// safetensors lacks).
macro_rules! st_type {
    ($dtype:expr, $T:ident => $body:expr, $none:expr) => {
        match $dtype {
            Dtype::Bool => {
                type $T = bool;
                $body
            }
            Dtype::Int8 => {
                type $T = i8;
                $body
            }
            Dtype::Int16 => {
                type $T = i16;
                $body
            }
            Dtype::Int32 => {
                type $T = i32;
                $body
            }
            Dtype::Int64 => {
                type $T = i64;
                $body
            }
            Dtype::Uint8 => {
                type $T = u8;
                $body
            }
            Dtype::Uint16 => {
                type $T = u16;
                $body
            }
            Dtype::Uint32 => {
                type $T = u32;
                $body
            }
            Dtype::Uint64 => {
                type $T = u64;
                $body
            }
            Dtype::Float16 => {
                type $T = f16;
                $body
            }
            Dtype::Bfloat16 => {
                type $T = bf16;
                $body
            }
            Dtype::Float32 => {
                type $T = f32;
                $body
            }
            Dtype::Float64 => {
                type $T = f64;
                $body
            }
            Dtype::Complex64 => {
                type $T = Complex<f32>;
                $body
            }
            _ => $none,
        }
    };
}

/// One leaf, ready for the format.
struct Tensor {
    dtype: St,
    shape: Vec<usize>,
    data: Vec<u8>,
}

impl safetensors::View for &Tensor {
    fn dtype(&self) -> St {
        self.dtype
    }
    fn shape(&self) -> &[usize] {
        &self.shape
    }
    fn data(&self) -> Cow<'_, [u8]> {
        Cow::Borrowed(&self.data)
    }
    fn data_len(&self) -> usize {
        self.data.len()
    }
}

fn tensor_of<T: StElem>(op: &'static str, a: &Array) -> Result<Tensor> {
    let values = a.to_vec::<T>().map_err(|e| e.with_op(op))?;
    let bytes = values.len().saturating_mul(T::SIZE);
    let mut data = Vec::new();
    data.try_reserve_exact(bytes)
        .map_err(|_| Error::OutOfMemory { op, bytes })?;
    for v in values {
        v.put(&mut data);
    }
    Ok(Tensor {
        dtype: T::ST,
        shape: a.shape().to_vec(),
        data,
    })
}

fn to_bytes(op: &'static str, c: &Container) -> Result<Vec<u8>> {
    let mut tensors = Vec::new();
    for (kc, a) in c.leaves() {
        let t = st_type!(a.dtype(), T => tensor_of::<T>(op, a)?, {
            return Err(Error::InvalidArgument {
                op,
                message: format!(
                    "the leaf `{kc}` is complex128, which safetensors has no dtype for: save `ivy::real` and `ivy::imag` of it, or cast it to complex64"
                ),
            });
        });
        tensors.push((kc, t));
    }
    let mut names: Vec<&str> = tensors.iter().map(|(k, _)| k.as_str()).collect();
    // the header's reserved entry: a tensor of that name makes a file no reader loads
    if names.contains(&"__metadata__") {
        return Err(Error::InvalidArgument {
            op,
            message: "the key chain `__metadata__` is reserved by the safetensors header: rename that leaf".into(),
        });
    }
    names.sort_unstable();
    if let Some(w) = names.windows(2).find(|w| w[0] == w[1]) {
        return Err(Error::InvalidArgument {
            op,
            message: format!(
                "two leaves have the key chain `{}`: tensor names must be unique",
                w[0]
            ),
        });
    }
    safetensors::serialize(tensors.iter().map(|(k, t)| (k.as_str(), t)), None).map_err(|e| {
        Error::InvalidArgument {
            op,
            message: format!("the Container cannot be written as safetensors ({e:?})"),
        }
    })
}

#[cfg(feature = "ndarray")]
fn dtype_of(st: St) -> Option<Dtype> {
    Some(match st {
        St::BOOL => Dtype::Bool,
        St::U8 => Dtype::Uint8,
        St::I8 => Dtype::Int8,
        St::I16 => Dtype::Int16,
        St::U16 => Dtype::Uint16,
        St::F16 => Dtype::Float16,
        St::BF16 => Dtype::Bfloat16,
        St::I32 => Dtype::Int32,
        St::U32 => Dtype::Uint32,
        St::F32 => Dtype::Float32,
        St::C64 => Dtype::Complex64,
        St::F64 => Dtype::Float64,
        St::I64 => Dtype::Int64,
        St::U64 => Dtype::Uint64,
        _ => return None,
    })
}

#[cfg(feature = "ndarray")]
/// One tensor as an Array on `backend`: an ndarray array over the decoded buffer (no
/// copy), moved to `backend` when that is another.
fn array_of<T: StElem + crate::backends::ndarray::NdElem>(
    op: &'static str,
    backend: ivy_core::Backend,
    shape: &[usize],
    data: &[u8],
) -> Result<Array> {
    let n = data.len() / T::SIZE;
    let mut values = Vec::new();
    values
        .try_reserve_exact(n)
        .map_err(|_| Error::OutOfMemory {
            op,
            bytes: data.len(),
        })?;
    values.extend(data.chunks_exact(T::SIZE).map(T::get));
    // a shape whose non-zero lengths overflow (an empty tensor may declare one) is refused
    // with its reason before ndarray sees it
    crate::kernel::alloc::shape_size(op, shape, T::SIZE)?;
    let nd = ::ndarray::ArrayD::from_shape_vec(::ndarray::IxDyn(shape), values).map_err(|_| {
        Error::InvalidArgument {
            op,
            message: format!("shape {shape:?} does not match the tensor's {n} elements"),
        }
    })?;
    Array::from(nd)
        .to_backend(backend)
        .map_err(|e| e.with_op(op))
}

#[cfg(feature = "ndarray")]
fn from_bytes(op: &'static str, bytes: &[u8]) -> Result<Container> {
    let st = safetensors::SafeTensors::deserialize(bytes).map_err(|e| Error::InvalidArgument {
        op,
        message: format!("not a valid safetensors buffer ({e:?})"),
    })?;
    let backend = ivy_core::current_backend().ok_or(Error::NoBackend { op })?;
    let mut c = Container::new();
    // in name order (the file's header is a map): errors do not depend on hashing
    let mut views: Vec<(&str, safetensors::tensor::TensorView<'_>)> = st.iter().collect();
    views.sort_unstable_by(|a, b| a.0.cmp(b.0));
    for (name, view) in views {
        let dtype = dtype_of(view.dtype()).ok_or_else(|| Error::InvalidArgument {
            op,
            message: format!(
                "tensor `{name}` has safetensors dtype {:?}, which ivy has no dtype for (ivy reads bool, integers, float16, bfloat16, float32, float64 and complex64)",
                view.dtype()
            ),
        })?;
        if !crate::native::valid_dtypes(backend).contains(dtype) {
            return Err(Error::InvalidArgument {
                op,
                message: format!(
                    "tensor `{name}` is {dtype}, which backend {backend} cannot hold: load the file with another backend set (`ivy::with_backend(Backend::Ndarray, ..)` holds every dtype), then cast"
                ),
            });
        }
        let a = st_type!(dtype, T => array_of::<T>(op, backend, view.shape(), view.data())?, {
            return Err(Error::InvalidArgument {
                op,
                message: format!("tensor `{name}`: complex128 is not a safetensors dtype"),
            });
        });
        // a name nests at each `/`: it must not land on or under another tensor
        let clash = name
            .match_indices('/')
            .map(|(i, _)| &name[..i])
            .chain([name])
            .find(|prefix| c.leaf(prefix).is_some());
        let under = || match c.get(name) {
            Some(ivy_core::Node::Nest(sub)) => {
                sub.all_key_chains().first().map(|k| format!("{name}/{k}"))
            }
            _ => None,
        };
        if let Some(other) = clash.map(str::to_string).or_else(under) {
            return Err(Error::InvalidArgument {
                op,
                message: format!(
                    "tensor names `{other}` and `{name}` clash: a Container cannot hold a leaf at a key chain and under it (rename one of them)"
                ),
            });
        }
        c.insert(name, a);
    }
    Ok(c)
}
