//! Gradients: the seed's container-dependent `execute_with_gradients`.

/// Gradients.
#[ivy_macros::category(support_docs = "docs/support")]
pub mod gradients {
    use crate::{Array, Container, Result};

    /// Calls `func` with the Container of variables `xs` and returns its first output `y`,
    /// the gradients `dy/dx` as a Container of `xs`'s structure, and `func`'s other
    /// outputs (Ivy's `execute_with_gradients`).
    ///
    /// Container-dependent, never nestable: the whole Container goes through one backward
    /// pass of the backend's autograd, not one per leaf (the seed's reason). `func` returns
    /// `y` alone (`Array`) or `(y, rest)` with any `rest`. Each leaf becomes a variable
    /// (a candle `Var` stays itself); a variable `y` does not depend on gets a zero
    /// gradient; a `y` with several elements is differentiated as its sum (candle's
    /// `backward` seeds ones). `retain_grads` (default false) keeps `y` attached to the
    /// graph; otherwise it is detached.
    ///
    /// Backends: candle (float dtypes). ndarray has no autograd: an [`Error::NoAutograd`]
    /// naming candle. Inside `func`, an op that candle would compute on the host (cutting
    /// the graph) is an error naming it, never a silently zero gradient.
    ///
    /// [`Error::NoAutograd`]: crate::Error::NoAutograd
    ///
    /// ```
    /// use ivy::prelude::*;
    /// ivy::set_backend(Backend::Candle);
    /// let xs: Container = ivy::container! {
    ///     w: ivy::asarray([1.0f32, 2.0])?,
    ///     b: ivy::asarray(0.5f32)?,
    /// };
    /// // y = sum(w * w) + 3 b: dy/dw = 2 w, dy/db = 3
    /// let (y, grads, ()) = ivy::execute_with_gradients(
    ///     |v: &Container| &ivy::sum(&(v.at("w")? * v.at("w")?)?)? + &(v.at("b")? * 3.0)?,
    ///     &xs,
    /// )?;
    /// assert_eq!(y.item::<f32>()?, 6.5);
    /// assert_eq!(grads.at("w")?.to_vec::<f32>()?, [2.0, 4.0]);
    /// assert_eq!(grads.at("b")?.item::<f32>()?, 3.0);
    /// // ndarray has no autograd
    /// let nd = ivy::with_backend(Backend::Ndarray, || ivy::container! { w: ivy::asarray([1.0f32]).unwrap() });
    /// let e = ivy::execute_with_gradients(|v: &Container| Ok(v.at("w")?.clone()), &nd);
    /// assert!(matches!(e, Err(ivy::Error::NoAutograd { .. })));
    /// # Ok::<(), ivy::Error>(())
    /// ```
    #[compositional]
    #[container_dependent]
    #[unsupported_dtypes(ndarray = ("valid",))]
    #[supported_dtypes(candle = ("float",))]
    pub fn execute_with_gradients<O: GradOutput>(
        func: impl FnOnce(&Container) -> Result<O>,
        xs: &Container,
        #[kw] retain_grads: bool,
    ) -> Result<(Array, Container, O::Rest)> {
        crate::native::execute_with_gradients("execute_with_gradients", func, xs, retain_grads)
    }

    /// What a function given to [`execute_with_gradients`] returns: `y` alone, or `y` and
    /// the rest of its outputs.
    pub trait GradOutput {
        /// The outputs after `y` (`()` for `y` alone).
        type Rest;
        /// `y` and the rest.
        fn split(self) -> (Array, Self::Rest);
    }

    impl GradOutput for Array {
        type Rest = ();
        fn split(self) -> (Array, ()) {
            (self, ())
        }
    }

    impl<R> GradOutput for (Array, R) {
        type Rest = R;
        fn split(self) -> (Array, R) {
            self
        }
    }
}

#[doc(inline)]
pub use gradients::*;
