//! The 15 Ivy dtypes, dtype sets (bitmasks) and the dtype classes of support specs.

use crate::error::{Error, Result};
use std::fmt;
use std::str::FromStr;

macro_rules! dtypes {
    ($($variant:ident = $name:literal, $kind:ident, $bits:literal;)*) => {
        /// An Ivy data type.
        ///
        /// Names follow Ivy (`"float32"`, `"complex64"`, …) through [`FromStr`](std::str::FromStr) and
        /// [`Display`](std::fmt::Display).
        ///
        /// ```
        /// use ivy_core::Dtype;
        /// let d: Dtype = "bfloat16".parse().unwrap();
        /// assert_eq!(d, Dtype::Bfloat16);
        /// assert_eq!(d.to_string(), "bfloat16");
        /// assert!("float8".parse::<Dtype>().is_err());
        /// ```
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        #[repr(u8)]
        pub enum Dtype {
            $(
                #[doc = concat!("`", $name, "`")]
                $variant,
            )*
        }

        impl Dtype {
            /// Every dtype, in the order of `spec/ivy_promotion_tables.json`.
            pub const ALL: [Dtype; 15] = [$(Dtype::$variant),*];

            /// Ivy's name of the dtype.
            pub const fn as_str(self) -> &'static str {
                match self { $(Dtype::$variant => $name,)* }
            }

            /// The dtype's kind.
            pub const fn kind(self) -> DtypeKind {
                match self { $(Dtype::$variant => DtypeKind::$kind,)* }
            }

            /// Width in bits.
            pub const fn bits(self) -> u32 {
                match self { $(Dtype::$variant => $bits,)* }
            }
        }

        impl FromStr for Dtype {
            type Err = Error;
            fn from_str(s: &str) -> Result<Dtype> {
                match s {
                    $($name => Ok(Dtype::$variant),)*
                    _ => Err(Error::UnknownDtype { name: s.to_string() }),
                }
            }
        }
    };
}

dtypes! {
    Int8 = "int8", Int, 8;
    Int16 = "int16", Int, 16;
    Int32 = "int32", Int, 32;
    Int64 = "int64", Int, 64;
    Uint8 = "uint8", Uint, 8;
    Uint16 = "uint16", Uint, 16;
    Uint32 = "uint32", Uint, 32;
    Uint64 = "uint64", Uint, 64;
    Bfloat16 = "bfloat16", Float, 16;
    Float16 = "float16", Float, 16;
    Float32 = "float32", Float, 32;
    Float64 = "float64", Float, 64;
    Complex64 = "complex64", Complex, 64;
    Complex128 = "complex128", Complex, 128;
    Bool = "bool", Bool, 8;
}

/// The kind of a dtype.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DtypeKind {
    /// Signed integers.
    Int,
    /// Unsigned integers.
    Uint,
    /// Real floating point.
    Float,
    /// Complex floating point.
    Complex,
    /// Booleans.
    Bool,
}

impl Dtype {
    /// Bit of this dtype in a [`DtypeSet`].
    pub const fn bit(self) -> u16 {
        1 << (self as u8)
    }
    /// `int*` or `uint*`.
    pub const fn is_int(self) -> bool {
        matches!(self.kind(), DtypeKind::Int | DtypeKind::Uint)
    }
    /// `bfloat16`, `float16`, `float32`, `float64`.
    pub const fn is_float(self) -> bool {
        matches!(self.kind(), DtypeKind::Float)
    }
    /// `complex64`, `complex128`.
    pub const fn is_complex(self) -> bool {
        matches!(self.kind(), DtypeKind::Complex)
    }
    /// `bool`.
    pub const fn is_bool(self) -> bool {
        matches!(self.kind(), DtypeKind::Bool)
    }
}

impl fmt::Display for Dtype {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

/// A set of dtypes as a bitmask: the representation of every support spec, so a dtype check
/// is one `and`.
///
/// ```
/// use ivy_core::{Dtype, DtypeSet};
/// let s = DtypeSet::FLOAT.union(DtypeSet::of(&[Dtype::Int8]));
/// assert!(s.contains(Dtype::Float16) && s.contains(Dtype::Int8));
/// assert!(!s.contains(Dtype::Int16));
/// assert_eq!(s.to_string(), "(int8, bfloat16, float16, float32, float64)");
/// // `{:?}` names the dtypes too (an error's `Debug` shows its sets this way)
/// assert_eq!(format!("{s:?}"), "{int8, bfloat16, float16, float32, float64}");
/// assert_eq!(format!("{:?}", DtypeSet::EMPTY), "{}");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct DtypeSet(pub u16);

/// The dtype names, as a set: `{float16, bfloat16}` (not the bitmask).
impl fmt::Debug for DtypeSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        struct Name(Dtype);
        impl fmt::Debug for Name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.0.as_str())
            }
        }
        f.debug_set().entries(self.iter().map(Name)).finish()
    }
}

impl DtypeSet {
    /// No dtype.
    pub const EMPTY: DtypeSet = DtypeSet(0);
    /// Class `valid`: every dtype.
    pub const VALID: DtypeSet = DtypeSet((1 << 15) - 1);
    /// Class `numeric`: every dtype but `bool`.
    pub const NUMERIC: DtypeSet = DtypeSet(Self::VALID.0 & !Dtype::Bool.bit());
    /// Class `integer`: signed and unsigned integers.
    pub const INTEGER: DtypeSet = DtypeSet(0xff);
    /// Class `unsigned`.
    pub const UNSIGNED: DtypeSet = DtypeSet(0xf0);
    /// Class `float`.
    pub const FLOAT: DtypeSet = DtypeSet(0xf00);
    /// Class `complex`.
    pub const COMPLEX: DtypeSet = DtypeSet(0x3000);
    /// Bool.
    pub const BOOL: DtypeSet = DtypeSet(Dtype::Bool.bit());

    /// The set of the given dtypes.
    pub const fn of(dtypes: &[Dtype]) -> DtypeSet {
        let mut bits = 0;
        let mut i = 0;
        while i < dtypes.len() {
            bits |= dtypes[i].bit();
            i += 1;
        }
        DtypeSet(bits)
    }
    /// Whether `d` is in the set.
    #[inline]
    pub const fn contains(self, d: Dtype) -> bool {
        self.0 & d.bit() != 0
    }
    /// Set union.
    pub const fn union(self, o: DtypeSet) -> DtypeSet {
        DtypeSet(self.0 | o.0)
    }
    /// Set intersection.
    pub const fn intersection(self, o: DtypeSet) -> DtypeSet {
        DtypeSet(self.0 & o.0)
    }
    /// Set difference.
    pub const fn difference(self, o: DtypeSet) -> DtypeSet {
        DtypeSet(self.0 & !o.0)
    }
    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// The dtypes in the set, in [`Dtype::ALL`] order.
    pub fn iter(self) -> impl Iterator<Item = Dtype> {
        Dtype::ALL.into_iter().filter(move |d| self.contains(*d))
    }
    /// The dtype names in the set.
    pub fn names(self) -> Vec<&'static str> {
        self.iter().map(Dtype::as_str).collect()
    }
    /// A dtype class of support specs by name (`valid`, `numeric`, `integer`, `unsigned`,
    /// `float`, `complex`).
    pub fn class(name: &str) -> Option<DtypeSet> {
        Some(match name {
            "valid" => Self::VALID,
            "numeric" => Self::NUMERIC,
            "integer" => Self::INTEGER,
            "unsigned" => Self::UNSIGNED,
            "float" => Self::FLOAT,
            "complex" => Self::COMPLEX,
            _ => return None,
        })
    }
    /// Names of the dtype classes.
    pub const CLASS_NAMES: [&'static str; 6] = [
        "valid", "numeric", "integer", "unsigned", "float", "complex",
    ];

    /// A dtype name or a class name, as used in support specs.
    pub fn dtype_or_class(name: &str) -> Option<DtypeSet> {
        match name.parse::<Dtype>() {
            Ok(d) => Some(DtypeSet(d.bit())),
            Err(_) => Self::class(name),
        }
    }
}

impl fmt::Display for DtypeSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({})", self.names().join(", "))
    }
}

/// All the valid dtype names, for error messages.
pub fn valid_dtype_names() -> String {
    DtypeSet::VALID.names().join(", ")
}
