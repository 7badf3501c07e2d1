//! Nest utilities: standalone functions.

/// Nest utilities.
#[ivy_macros::category(support_docs = "docs/support")]
pub mod nest {
    use crate::{Array, Container, Operand, Result};

    /// Applies `f` to every leaf of `c` (Ivy's `nested_map`), keeping the structure.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let c: Container = ivy::container! { a: ivy::asarray(vec![1.0f32])? };
    /// let d = ivy::nested_map(&c, |x| x.exp())?;
    /// assert!((d.at("a")?.to_f64_vec()?[0] - 1f64.exp()).abs() < 1e-5);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[standalone]
    pub fn nested_map(
        c: &Container,
        mut f: impl FnMut(&Array) -> Result<Array>,
    ) -> Result<Container> {
        c.map(|_, x| f(x))
    }

    /// The leaf at `key_chain` (Ivy's `index_nest`), or an error naming the chain.
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([1.0f32, 2.0])?;
    /// let c: Container = ivy::container! { a: { b: x.clone() }, d: ivy::asarray(3)? };
    /// assert_eq!(ivy::index_nest(&c, "a/b")?, &x);
    /// assert_eq!(ivy::index_nest(&c, "d")?.to_vec::<i32>()?, [3]);
    /// let e = ivy::index_nest(&c, "a/z").unwrap_err(); // names the chain
    /// assert!(matches!(&e, ivy::Error::KeyChain { key_chain } if key_chain == "a/z"));
    /// assert!(ivy::index_nest(&c, "a").is_err()); // a sub-container, not a leaf
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[standalone]
    pub fn index_nest<'a>(c: &'a Container, key_chain: &str) -> Result<&'a Array> {
        c.at(key_chain)
    }

    /// `x` if given, else `default_val` (Ivy's `default`).
    ///
    /// ```
    /// use ivy::prelude::*;
    /// assert_eq!(ivy::default(Some(3), 7), 3);
    /// assert_eq!(ivy::default(None, 7), 7); // the fallback
    /// assert_eq!(ivy::default(None, Dtype::Float32), Dtype::Float32);
    /// ivy::set_backend(Backend::Ndarray);
    /// let fallback = ivy::zeros([2])?;
    /// assert_eq!(ivy::default(None::<Array>, fallback.clone()), fallback);
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[standalone]
    pub fn default<T>(x: Option<T>, default_val: T) -> T {
        x.unwrap_or(default_val)
    }

    /// `numerator / (denominator + min_denominator)`, guarding against division by zero
    /// (Ivy's `stable_divide`; `min_denominator` defaults to 1e-12).
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Ndarray);
    /// let x = ivy::asarray([1.0f32, 2.0])?;
    /// let y = ivy::stable_divide(&x, 0.0, None)?.to_f64_vec()?; // x / (0 + 1e-12): finite
    /// assert!((y[0] / 1e12 - 1.0).abs() < 1e-6 && (y[1] / 2e12 - 1.0).abs() < 1e-6);
    /// let d = ivy::asarray([1.0f32, 3.0])?;
    /// assert_eq!(ivy::stable_divide(&x, &d, Some(1.0))?.to_vec::<f32>()?, [0.5, 0.5]); // x / (d + 1)
    /// assert_eq!(ivy::divide(&x, 0.0)?.to_vec::<f32>()?, [f32::INFINITY; 2]); // plain divide
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[standalone]
    pub fn stable_divide<'a>(
        numerator: impl crate::IntoOperand<'a>,
        denominator: impl crate::IntoOperand<'a>,
        min_denominator: Option<f64>,
    ) -> Result<Array> {
        let den = crate::add(denominator, min_denominator.unwrap_or(1e-12))?;
        crate::divide(numerator, &den)
    }
}

#[doc(inline)]
pub use nest::*;
