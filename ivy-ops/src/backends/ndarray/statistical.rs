//! ndarray: reductions. The `reduce` family ops need nothing here: they run through
//! [`Kernels::fold`](crate::family::Kernels::fold), the shared host loops of
//! [`crate::reduce`].

use super::NdarrayBackend;
use crate::functional::statistical::StatisticalBackend;

#[ivy_macros::backend_impl]
impl StatisticalBackend for NdarrayBackend {}
