//! Data types: casting, broadcasting, promotion queries, dtype info, dtype lookup.

/// Data-type functions (the Data Types page).
#[ivy_macros::category(support_docs = "docs/support")]
pub mod data_type {
    use crate::{
        Array, Backend, Dtype, DtypeKinds, DtypeLike, DtypeSet, Error, Operand, Result, Shape,
    };

    /// A copy of `x` cast to `dtype` (numpy `astype` rules). With `copy = false` (the
    /// default) and the same dtype the result shares `x`'s buffer (ndarray's copy-on-write
    /// storage, the same candle storage — a candle `Var`'s too); `copy = true` is always a
    /// new buffer; with `out`, `out` wins. `device` (the Array API's; `#[infer_device]`)
    /// places the result there (`None`: `x`'s device), as [`to_device`](crate::to_device)
    /// would.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([1.7f32, -2.5])?;
    /// assert_eq!(ivy::astype(&x, Dtype::Int32)?.to_vec::<i32>()?, [1, -2]); // truncated, as numpy
    /// assert!(ivy::astype(&x, Dtype::Float32)?.may_share_memory(&x)); // same dtype, copy = false: shared
    /// let kw = AstypeKw { copy: true, ..Default::default() };
    /// assert!(!ivy::astype_with(&x, Dtype::Float32, kw)?.may_share_memory(&x));
    /// assert!(!ivy::astype(&x, Dtype::Float64)?.may_share_memory(&x)); // a cast: a new buffer
    /// let mut out = ivy::zeros_with([2], ZerosKw { dtype: Some(Dtype::Float64), device: None })?;
    /// ivy::astype_out(&x, Dtype::Int32, &mut out)?; // out wins, and keeps its dtype
    /// assert_eq!((out.dtype(), out.to_vec::<f64>()?), (Dtype::Float64, vec![1.0, -2.0]));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[infer_device]
    pub fn astype(
        x: &Array,
        dtype: Dtype,
        #[kw] copy: bool,
        #[kw] device: Option<crate::Device>,
        out: Option<&mut Array>,
    ) -> Result<Array>;

    /// `x` broadcast to `shape` (numpy rules), materialised.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([1.0f32, 2.0])?;
    /// let y = ivy::broadcast_to(&x, [3, 2])?; // a new leading axis, the trailing ones match
    /// assert_eq!((y.shape(), y.to_vec::<f32>()?), (&[3usize, 2][..], vec![1.0, 2.0, 1.0, 2.0, 1.0, 2.0]));
    /// let col = ivy::reshape(&x, &[2, 1])?; // a length-1 axis stretches
    /// assert_eq!(ivy::broadcast_to(&col, (2, 3))?.to_vec::<f32>()?, [1.0, 1.0, 1.0, 2.0, 2.0, 2.0]);
    /// let e = ivy::broadcast_to(&x, [3]).unwrap_err(); // 2 against 3: numpy's error
    /// assert!(matches!(e, ivy::Error::Shape { op: "broadcast_to", .. }));
    /// assert!(ivy::broadcast_to(&y, [2]).is_err()); // an axis is never dropped
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    #[nestable]
    #[check(super::broadcast_target)]
    pub fn broadcast_to(x: &Array, shape: Shape, out: Option<&mut Array>) -> Result<Array>;

    /// Broadcasts every array to their common shape. Nestable: any array of the list may
    /// be a Container, and the result is then one Container per output.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray(vec![1.0f32, 2.0])?;
    /// let y = ivy::asarray(vec![vec![3.0f32], vec![4.0]])?;
    /// let [a, b] = <[Array; 2]>::try_from(ivy::broadcast_arrays(&[&x, &y])?).unwrap();
    /// assert_eq!((a.shape(), b.shape()), (&[2usize, 2][..], &[2usize, 2][..]));
    /// let c = ivy::container! { p: x.clone(), q: y.clone() };
    /// let outs = ivy::nested::broadcast_arrays(&[(&c).into(), (&x).into()])?;
    /// assert_eq!(outs.len(), 2); // one Container per output
    /// assert_eq!(outs[1].at("q")?.shape(), &[2, 2]);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[nestable]
    pub fn broadcast_arrays(arrays: &[&Array]) -> Result<Vec<Array>> {
        let mut shape: Vec<usize> = Vec::new();
        for a in arrays {
            shape = crate::engine::checks::broadcast_shapes("broadcast_arrays", &shape, a.shape())?;
        }
        arrays.iter().map(|a| broadcast_to(a, &shape)).collect()
    }

    /// The dtype all the given dtypes and arrays promote to (Ivy's `result_type`, the Array
    /// API's `result_type(*arrays_and_dtypes)`): each item a [`Dtype`] or an array (its
    /// dtype; mix them as [`DtypeLike`]s). Pure dtype logic: every dtype, with or without a
    /// backend.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// use ivy::Dtype::*;
    /// assert_eq!(ivy::result_type([Int8, Uint8])?, Int16);
    /// assert_eq!(ivy::result_type([Int8, Uint8, Float16])?, Float32);
    /// assert!(ivy::result_type([] as [Dtype; 0]).is_err());
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([1])?.astype(Uint8)?;
    /// let y = x.astype(Int8)?;
    /// assert_eq!(ivy::result_type([&x, &y])?, Int16);
    /// assert_eq!(ivy::result_type([DtypeLike::from(&x), Float32.into()])?, Float32);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[standalone]
    pub fn result_type(
        arrays_and_dtypes: impl IntoIterator<Item = impl Into<DtypeLike>>,
    ) -> Result<Dtype> {
        let mut it = arrays_and_dtypes.into_iter().map(|d| d.into().dtype());
        let first = it.next().ok_or_else(|| Error::InvalidArgument {
            op: "result_type",
            message: "needs at least one dtype or array".into(),
        })?;
        it.try_fold(first, ivy_core::promote_types)
    }

    /// The dtype `a` and `b` promote to (Ivy's table, precise or not per the current mode);
    /// pure dtype logic, the same with or without a backend.
    ///
    /// ```
    /// use ivy::Dtype::*;
    /// assert_eq!(ivy::promote_types(Int32, Float32).unwrap(), Float64);
    /// assert_eq!(ivy::promote_types(Bfloat16, Float16).unwrap(), Float32);
    /// ```
    #[standalone]
    pub fn promote_types(a: Dtype, b: Dtype) -> Result<Dtype> {
        ivy_core::promote_types(a, b)
    }

    /// Ivy's `default_dtype(dtype=…, item=…)`: the explicit `dtype` if given; else, for an
    /// array `item`, its dtype (through [`dtype`](fn@dtype): compositional, as the Function
    /// Types page classifies it); for a number, that number's default dtype (complex,
    /// float, int — int64 beyond int32 — or bool); with no item, the global default dtype
    /// ([`set_default_dtype`](fn@set_default_dtype)). With a backend set, an answer it
    /// cannot hold is a [`DtypeNotInBackend`](Error::DtypeNotInBackend) error. The
    /// backend-free, infallible rule over numbers is [`ivy_core::default_dtype`].
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// assert_eq!(ivy::default_dtype(None, Some(7.into()))?, Dtype::Int32);
    /// assert_eq!(ivy::default_dtype(None, None)?, Dtype::Float32);
    /// let x = ivy::asarray([1, 2])?.astype(Dtype::Uint8)?;
    /// assert_eq!(ivy::default_dtype(None, Some((&x).into()))?, Dtype::Uint8);
    /// assert_eq!(ivy::default_dtype(Some(Dtype::Int16), Some((&x).into()))?, Dtype::Int16);
    /// assert!(ivy::with_backend(Backend::Candle, || ivy::default_dtype(Some(Dtype::Int8), None)).is_err());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    pub fn default_dtype(dtype: Option<Dtype>, item: Option<Operand>) -> Result<Dtype> {
        let d = match (dtype, item) {
            (Some(d), _) => d,
            (None, Some(Operand::Array(a))) => self::dtype(a)?,
            (None, Some(Operand::Scalar(s))) => ivy_core::default_dtype(None, Some(s)),
            (None, None) => ivy_core::default_dtype(None, None),
        };
        // a dtype the current backend cannot hold is no default there
        if ivy_core::current_backend().is_some() {
            as_native_dtype(d).map_err(|e| e.with_op("default_dtype"))?;
        }
        Ok(d)
    }

    /// Sets the process-wide default dtype (Ivy's `set_default_dtype`; compositional, as
    /// the Function Types page classifies it): what [`default_dtype`](fn@default_dtype)
    /// answers with no item, and the default float (or int, complex) dtype when it is of
    /// that kind. A dtype the current backend cannot hold is a
    /// [`DtypeNotInBackend`](Error::DtypeNotInBackend) error and changes nothing (with no
    /// backend set, every dtype is accepted). It changes state every thread sees, so it
    /// is not callable by name (`#[global_state]`); `with_default_dtype` scopes a default
    /// to one thread, and `unset_default_dtype` restores the builtin one.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// ivy::set_default_dtype(Dtype::Float64)?;
    /// assert_eq!(ivy::default_dtype(None, None)?, Dtype::Float64);
    /// assert_eq!(ivy::zeros([2])?.dtype(), Dtype::Float64);
    /// ivy::unset_default_dtype();
    /// assert_eq!(ivy::default_dtype(None, None)?, Dtype::Float32);
    /// // candle holds no int8
    /// assert!(ivy::with_backend(Backend::Candle, || ivy::set_default_dtype(Dtype::Int8)).is_err());
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[global_state]
    pub fn set_default_dtype(dtype: Dtype) -> Result<()> {
        if ivy_core::current_backend().is_some() {
            as_native_dtype(dtype).map_err(|e| e.with_op("set_default_dtype"))?;
        }
        ivy_core::set_default(ivy_core::DefaultKind::Dtype, dtype)
    }

    /// The backend-native dtype of `d` on the current backend (Ivy's `as_native_dtype`); an
    /// error when the backend cannot hold `d`, or when no backend is set.
    ///
    /// ```
    /// use ivy::{Backend, Dtype, NativeDtype};
    /// let n = ivy::with_backend(Backend::Candle, || ivy::as_native_dtype(Dtype::Bfloat16)).unwrap();
    /// assert_eq!(n, NativeDtype::Candle(candle_core::DType::BF16));
    /// assert_eq!(ivy::from_native_dtype(n).unwrap(), Dtype::Bfloat16);
    /// ```
    #[standalone]
    pub fn as_native_dtype(d: Dtype) -> Result<crate::NativeDtype> {
        let b = ivy_core::current_backend().ok_or(Error::NoBackend {
            op: "as_native_dtype",
        })?;
        crate::native::native_dtype(b, d)
    }

    /// The ivy dtype of a backend-native dtype.
    ///
    /// ```
    /// use ivy::{Backend, Dtype, NativeDtype};
    /// assert_eq!(ivy::from_native_dtype(NativeDtype::Ndarray("half::bf16"))?, Dtype::Bfloat16);
    /// assert_eq!(ivy::from_native_dtype(NativeDtype::Candle(candle_core::DType::U32))?, Dtype::Uint32);
    /// assert_eq!(ivy::from_native_dtype(NativeDtype::CandleBool)?, Dtype::Bool); // candle's tagged u8
    /// assert!(ivy::from_native_dtype(NativeDtype::Ndarray("usize")).is_err());
    /// assert!(ivy::from_native_dtype(NativeDtype::Candle(candle_core::DType::F8E4M3)).is_err());
    /// let n = ivy::with_backend(Backend::Ndarray, || ivy::as_native_dtype(Dtype::Complex64))?;
    /// assert_eq!((n, ivy::from_native_dtype(n)?), (NativeDtype::Ndarray("Complex<f32>"), Dtype::Complex64));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[standalone]
    pub fn from_native_dtype(n: crate::NativeDtype) -> Result<Dtype> {
        crate::native::from_native_dtype(n)
    }

    /// Whether `from` (a dtype, or an array: its dtype) casts to `to` without loss, under
    /// Ivy's promotion (`promote_types(from, to) == to`). Primary, as the Function Types
    /// page classifies it: the backend of `from_` when it is an array, else the current one,
    /// answers. It is pure dtype logic, so every backend answers for every dtype, those it
    /// cannot hold included, and `ivy support can_cast` says so. The table alone, with no
    /// backend, is `ivy_core::can_cast`.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// assert!(ivy::can_cast(Dtype::Int8, Dtype::Int32)?);
    /// assert!(!ivy::can_cast(Dtype::Float64, Dtype::Float32)?);
    /// let x = ivy::asarray([1.0f32])?;
    /// assert!(ivy::can_cast(&x, Dtype::Float64)? && !ivy::can_cast(&x, Dtype::Float16)?);
    /// // candle holds no int8, and still answers
    /// assert!(ivy::with_backend(Backend::Candle, || ivy::can_cast(Dtype::Int8, Dtype::Int32))?);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    pub fn can_cast(from_: DtypeLike, to: Dtype) -> Result<bool>;

    /// The dtype of `x` (Ivy's `dtype`): primary, as the Function Types page classifies
    /// it (each backend reads its native array's dtype). [`Array::dtype`] is the same
    /// answer, infallibly.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Candle);
    /// assert_eq!(ivy::dtype(&ivy::asarray([1i64])?.astype(Dtype::Int64)?)?, Dtype::Int64);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[primary]
    pub fn dtype(x: &Array) -> Result<Dtype>;

    /// Machine limits of a float dtype, or of an array's (the Array API's `finfo(type)`):
    /// a complex dtype gives its real component's (`complex64` → float32's, with `dtype`
    /// `float32`), as the standard, numpy and Ivy do. Every dtype, on any backend.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// let f = ivy::finfo(Dtype::Float16)?;
    /// assert_eq!((f.bits, f.max), (16, 65504.0));
    /// assert_eq!(ivy::finfo(Dtype::Complex64)?, ivy::finfo(Dtype::Float32)?);
    /// assert!(ivy::finfo(Dtype::Int8).is_err());
    /// ivy::set_backend(Backend::Ndarray);
    /// assert_eq!(ivy::finfo(&ivy::asarray([1.0f32])?)?.dtype, Dtype::Float32);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[standalone]
    pub fn finfo(r#type: impl Into<DtypeLike>) -> Result<Finfo> {
        use half::{bf16, f16};
        // a complex dtype: its real component's limits (numpy's `finfo(complex64).dtype`
        // is float32)
        let d = match r#type.into().dtype() {
            Dtype::Complex64 => Dtype::Float32,
            Dtype::Complex128 => Dtype::Float64,
            d => d,
        };
        let (bits, eps, max, smallest_normal) = match d {
            Dtype::Float16 => (
                16,
                f16::EPSILON.to_f64(),
                f16::MAX.to_f64(),
                f16::MIN_POSITIVE.to_f64(),
            ),
            Dtype::Bfloat16 => (
                16,
                bf16::EPSILON.to_f64(),
                bf16::MAX.to_f64(),
                bf16::MIN_POSITIVE.to_f64(),
            ),
            Dtype::Float32 => (
                32,
                f32::EPSILON as f64,
                f32::MAX as f64,
                f32::MIN_POSITIVE as f64,
            ),
            Dtype::Float64 => (64, f64::EPSILON, f64::MAX, f64::MIN_POSITIVE),
            other => {
                return Err(Error::InvalidArgument {
                    op: "finfo",
                    message: format!(
                        "{other} is not a float or complex dtype; use `iinfo` for integers"
                    ),
                })
            }
        };
        Ok(Finfo {
            bits,
            eps,
            max,
            min: -max,
            smallest_normal,
            dtype: d,
        })
    }

    /// Machine limits of an integer dtype, or of an array's (the Array API's
    /// `iinfo(type)`). Every dtype, on any backend.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// let i = ivy::iinfo(Dtype::Uint8)?;
    /// assert_eq!((i.min, i.max), (0, 255));
    /// assert_eq!(ivy::with_backend(Backend::Candle, || ivy::iinfo(Dtype::Int8))?.min, -128);
    /// ivy::set_backend(Backend::Ndarray);
    /// assert_eq!(ivy::iinfo(&ivy::asarray([1])?.astype(Dtype::Int64)?)?.bits, 64);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[standalone]
    pub fn iinfo(r#type: impl Into<DtypeLike>) -> Result<Iinfo> {
        let d = r#type.into().dtype();
        let crate::engine::checks::IntRange { min, max } = crate::engine::checks::int_range(d)?;
        Ok(Iinfo {
            bits: d.bits(),
            min,
            max,
            dtype: d,
        })
    }

    /// Whether `dtype` is of the Array API kind `kind`: `bool`, `signed integer`,
    /// `unsigned integer`, `integral`, `real floating`, `complex floating`, `numeric`, or a
    /// dtype or its name (exact match); or of any of several kinds (the standard's tuple: a
    /// slice, an array or a `Vec` of kinds or of dtypes, by name a list mixing them; none is
    /// false). Every kind is checked: an unknown one
    /// is an error, as in numpy. Every dtype, on any backend.
    ///
    /// ```
    /// use ivy::Dtype::*;
    /// assert!(ivy::isdtype(Uint8, "integral").unwrap());
    /// assert!(!ivy::isdtype(Bool, "numeric").unwrap());
    /// assert!(ivy::isdtype(Float16, "float16").unwrap());
    /// assert!(ivy::isdtype(Float16, [Float32, Float16]).unwrap());
    /// assert!(ivy::isdtype(Float16, "floating").is_err());
    /// assert!(ivy::isdtype(Int8, ["integral", "real floating"]).unwrap());
    /// assert!(!ivy::isdtype(Int8, [] as [&str; 0]).unwrap());
    /// ```
    #[standalone]
    pub fn isdtype<'k>(dtype: Dtype, kind: impl Into<DtypeKinds<'k>>) -> Result<bool> {
        let mut any = false;
        for k in kind.into().kinds() {
            any |= is_kind(dtype, k)?;
        }
        Ok(any)
    }

    fn is_kind(d: Dtype, kind: &str) -> Result<bool> {
        use ivy_core::DtypeKind as K;
        Ok(match kind {
            "bool" => d.kind() == K::Bool,
            "signed integer" => d.kind() == K::Int,
            "unsigned integer" => d.kind() == K::Uint,
            "integral" => d.is_int(),
            "real floating" => d.is_float(),
            "complex floating" => d.is_complex(),
            "numeric" => !d.is_bool(),
            other => match other.parse::<Dtype>() {
                Ok(k) => k == d,
                Err(_) => {
                    return Err(Error::InvalidArgument {
                        op: "isdtype",
                        message: format!(
                            "unknown kind `{other}`; use bool, signed integer, unsigned integer, integral, real floating, complex floating, numeric or a dtype name"
                        ),
                    })
                }
            },
        })
    }

    /// Both arrays cast to their promoted dtype (Ivy's `type_promote_arrays`).
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let (i, f) = (ivy::asarray([1, 2])?, ivy::asarray([0.5f32, 1.5])?); // int32, float32
    /// let (a, b) = ivy::type_promote_arrays(&i, &f)?;
    /// assert_eq!((a.dtype(), b.dtype()), (Dtype::Float64, Dtype::Float64)); // Ivy's precise table
    /// assert_eq!((a.to_vec::<f64>()?, b.to_vec::<f64>()?), (vec![1.0, 2.0], vec![0.5, 1.5]));
    /// let (u, s) = (i.astype(Dtype::Uint8)?, i.astype(Dtype::Int8)?);
    /// assert_eq!(ivy::type_promote_arrays(&u, &s)?.0.dtype(), Dtype::Int16);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[standalone]
    pub fn type_promote_arrays(x1: &Array, x2: &Array) -> Result<(Array, Array)> {
        let d = ivy_core::promote_types(x1.dtype(), x2.dtype())?;
        Ok((x1.cast(d)?, x2.cast(d)?))
    }

    /// Both operands as arrays of one dtype, with the scalar rules of
    /// `promote_types_of_inputs` (a scalar joins an array of a kind that holds it).
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray(vec![1.0f32])?;
    /// let (a, b) = ivy::promote_types_of_inputs(&x, 2)?;
    /// assert_eq!((a.dtype(), b.dtype()), (Dtype::Float32, Dtype::Float32));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[standalone]
    pub fn promote_types_of_inputs<'a>(
        x1: impl Into<Operand<'a>>,
        x2: impl Into<Operand<'a>>,
    ) -> Result<(Array, Array)> {
        let ops = [x1.into(), x2.into()];
        let backend = crate::engine::checks::backend_of(
            "promote_types_of_inputs",
            &[ops[0].backend(), ops[1].backend()],
        )?;
        let mut store = Default::default();
        let [a, b] = crate::engine::checks::promote_operands(
            "promote_types_of_inputs",
            backend,
            ops,
            &mut store,
        )?;
        Ok((a.clone(), b.clone()))
    }

    /// The dtypes the current backend can hold (every dtype with no backend set).
    ///
    /// ```
    /// use ivy::{Backend, Dtype, DtypeSet};
    /// assert_eq!(ivy::valid_dtypes(), DtypeSet::VALID); // no backend set: every dtype
    /// ivy::set_backend(Backend::Ndarray);
    /// assert_eq!(ivy::valid_dtypes().iter().count(), 15); // ndarray holds all 15
    /// let c = ivy::with_backend(Backend::Candle, ivy::valid_dtypes);
    /// assert_eq!(c.iter().count(), 10);
    /// assert!(c.contains(Dtype::Bfloat16) && c.contains(Dtype::Bool) && !c.contains(Dtype::Int8));
    /// ```
    #[standalone]
    pub fn valid_dtypes() -> DtypeSet {
        backend_valid_dtypes(ivy_core::current_backend())
    }

    /// The dtypes the current backend cannot hold (none with no backend set).
    ///
    /// ```
    /// use ivy::{Backend, DtypeSet};
    /// assert!(ivy::invalid_dtypes().is_empty()); // no backend set: none
    /// ivy::set_backend(Backend::Ndarray);
    /// assert!(ivy::invalid_dtypes().is_empty()); // ndarray holds all 15
    /// let c = ivy::with_backend(Backend::Candle, ivy::invalid_dtypes);
    /// assert_eq!(c.names(), ["int8", "uint16", "uint64", "complex64", "complex128"]);
    /// assert_eq!(c.union(ivy::with_backend(Backend::Candle, ivy::valid_dtypes)), DtypeSet::VALID);
    /// ```
    #[standalone]
    pub fn invalid_dtypes() -> DtypeSet {
        DtypeSet::VALID.difference(valid_dtypes())
    }

    /// The dtypes backend `b` can hold (`None`: every dtype).
    ///
    /// ```
    /// use ivy::{Backend, Dtype, DtypeSet};
    /// assert_eq!(ivy::backend_valid_dtypes(Some(Backend::Ndarray)), DtypeSet::VALID);
    /// assert_eq!(ivy::backend_valid_dtypes(None), DtypeSet::VALID); // no backend: every dtype
    /// let c = ivy::backend_valid_dtypes(Some(Backend::Candle));
    /// assert!(c.contains(Dtype::Uint32) && !c.contains(Dtype::Uint16) && !c.contains(Dtype::Complex64));
    /// ivy::set_backend(Backend::Ndarray); // the answer is for `b`, whatever the current backend
    /// assert_eq!(ivy::backend_valid_dtypes(Some(Backend::Candle)), c);
    /// ```
    #[standalone]
    pub fn backend_valid_dtypes(b: Option<Backend>) -> DtypeSet {
        b.map_or(DtypeSet::VALID, crate::native::valid_dtypes)
    }

    /// The dtype named `name`, if the current backend has it: with candle set, `"uint16"` is
    /// an error naming the backend (Ivy removes unsupported dtypes from its namespace).
    ///
    /// ```
    /// use ivy::{Backend, Dtype};
    /// assert_eq!(ivy::as_ivy_dtype("uint16").unwrap(), Dtype::Uint16);
    /// let e = ivy::with_backend(Backend::Candle, || ivy::as_ivy_dtype("uint16")).unwrap_err();
    /// assert!(e.to_string().contains("candle"));
    /// ```
    #[standalone]
    pub fn as_ivy_dtype(name: &str) -> Result<Dtype> {
        let d: Dtype = name.parse()?;
        match ivy_core::current_backend() {
            Some(b) if !crate::native::valid_dtypes(b).contains(d) => {
                Err(crate::array::not_in_backend(Some("as_ivy_dtype"), d, b))
            }
            _ => Ok(d),
        }
    }

    /// Machine limits of a float dtype ([`finfo`]).
    #[derive(Clone, Copy, Debug, PartialEq)]
    pub struct Finfo {
        /// Width in bits.
        pub bits: u32,
        /// Difference between 1 and the next representable value.
        pub eps: f64,
        /// Largest finite value.
        pub max: f64,
        /// Smallest (most negative) finite value.
        pub min: f64,
        /// Smallest positive normal value.
        pub smallest_normal: f64,
        /// The dtype asked about.
        pub dtype: Dtype,
    }

    /// Machine limits of an integer dtype ([`iinfo`]).
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub struct Iinfo {
        /// Width in bits.
        pub bits: u32,
        /// Smallest value.
        pub min: i128,
        /// Largest value.
        pub max: i128,
        /// The dtype asked about.
        pub dtype: Dtype,
    }
}

#[doc(inline)]
pub use data_type::*;

/// `broadcast_to`'s shared check: `shape` can exist and `x` broadcasts to exactly it.
pub(crate) fn broadcast_target(
    op: &'static str,
    x: &&crate::Array,
    shape: &&[usize],
) -> crate::Result<()> {
    crate::kernel::alloc::shape_size_of(op, shape, x.dtype())?;
    let b = crate::engine::checks::broadcast_shapes(op, x.shape(), shape)?;
    if b != *shape {
        return Err(crate::Error::Shape {
            op,
            lhs: x.shape().to_vec(),
            rhs: shape.to_vec(),
            reason: "do not broadcast (the array must broadcast to exactly the target shape)",
        });
    }
    Ok(())
}
