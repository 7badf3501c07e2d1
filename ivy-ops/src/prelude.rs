//! `use ivy::prelude::*;`: the types and the method traits of every category.
//!
//! Each `#[category]` module generates its own `prelude` module (its `Array<Cat>` /
//! `Container<Cat>` method traits and every `<Op>Kw` keyword struct), glob-imported here
//! once per category: a new op's keyword struct reaches this prelude with no edit here.

pub use crate::functional::creation::prelude::*;
pub use crate::functional::data_type::prelude::*;
pub use crate::functional::device::prelude::*;
pub use crate::functional::elementwise::prelude::*;
pub use crate::functional::fft::prelude::*;
pub use crate::functional::general::prelude::*;
pub use crate::functional::gradients::prelude::*;
pub use crate::functional::gradients::GradOutput;
pub use crate::functional::layers::prelude::*;
pub use crate::functional::linalg::prelude::*;
pub use crate::functional::losses::prelude::*;
pub use crate::functional::manipulation::prelude::*;
#[allow(unused_imports)] // no nest op has keyword arguments or methods today
pub use crate::functional::nest::prelude::*;
pub use crate::functional::sorting::prelude::*;
pub use crate::functional::statistical::prelude::*;
pub use crate::{
    Array, Backend, ClipBound, Container, Data, Device, Dtype, DtypeLike, DtypeSet, MapOptions,
    Operand, Scalar, Shape, ELLIPSIS, NEWAXIS,
};
pub use crate::{ContainerArrays, ContainerCompare};
