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
    #[standalone]
    pub fn index_nest<'a>(c: &'a Container, key_chain: &str) -> Result<&'a Array> {
        c.at(key_chain)
    }

    /// `x` if given, else `default_val` (Ivy's `default`).
    #[standalone]
    pub fn default<T>(x: Option<T>, default_val: T) -> T {
        x.unwrap_or(default_val)
    }

    /// `numerator / (denominator + min_denominator)`, guarding against division by zero
    /// (Ivy's `stable_divide`; `min_denominator` defaults to 1e-12).
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

pub use nest::*;
