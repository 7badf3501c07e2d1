//! `use ivy::prelude::*;`: the types and the method traits of every category.

pub use crate::functional::creation::{
    ArangeKw, ArrayCreation, AsarrayKw, ContainerCreation, FullKw, FullLikeKw, OnesKw, OnesLikeKw,
    ZerosKw, ZerosLikeKw,
};
pub use crate::functional::data_type::{ArrayDataType, AstypeKw, ContainerDataType};
pub use crate::functional::elementwise::{ArrayElementwise, ContainerElementwise};
pub use crate::functional::general::InplaceUpdateKw;
pub use crate::functional::losses::{ArrayLosses, ContainerLosses, CrossEntropyKw};
pub use crate::functional::manipulation::{
    ArrayManipulation, ConcatKw, ContainerManipulation, FlipKw, RepeatKw, ReshapeKw, RollKw,
    StackKw, TakeKw, UnstackKw,
};
pub use crate::functional::sorting::{
    ArgsortKw, ArraySorting, ContainerSorting, SearchsortedKw, SortKw,
};
pub use crate::functional::statistical::{ArrayStatistical, ContainerStatistical, SumKw};
pub use crate::{Array, Backend, Container, Data, Device, Dtype, DtypeSet, Operand, Scalar, Shape};
