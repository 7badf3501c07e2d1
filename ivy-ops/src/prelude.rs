//! `use ivy::prelude::*;`: the types and the method traits of every category.

pub use crate::functional::creation::{
    ArangeKw, ArrayCreation, AsarrayKw, ContainerCreation, EmptyKw, EmptyLikeKw, EyeKw, FullKw,
    FullLikeKw, LinspaceKw, MeshgridKw, OnesKw, OnesLikeKw, TrilKw, TriuKw, ZerosKw, ZerosLikeKw,
};
pub use crate::functional::data_type::{ArrayDataType, AstypeKw, ContainerDataType};
pub use crate::functional::device::{ArrayDevice, ContainerDevice};
pub use crate::functional::elementwise::{ArrayElementwise, ContainerElementwise, RemainderKw};
pub use crate::functional::general::{ContainerGeneral, InplaceUpdateKw};
pub use crate::functional::gradients::{ExecuteWithGradientsKw, GradOutput};
pub use crate::functional::layers::{ArrayLayers, ContainerLayers, SoftmaxKw};
pub use crate::functional::linalg::{ArrayLinalg, ContainerLinalg, TensordotKw, VecdotKw};
pub use crate::functional::losses::{ArrayLosses, ContainerLosses, CrossEntropyKw};
pub use crate::functional::manipulation::{
    ArrayManipulation, ConcatKw, ContainerManipulation, FlipKw, RepeatKw, ReshapeKw, RollKw,
    StackKw, TakeKw, UnstackKw,
};
pub use crate::functional::sorting::{
    ArgsortKw, ArraySorting, ContainerSorting, SearchsortedKw, SortKw,
};
pub use crate::functional::statistical::{
    AllKw, AnyKw, ArgmaxKw, ArgminKw, ArrayStatistical, ContainerStatistical, CumulativeSumKw,
    MaxKw, MeanKw, MinKw, ProdKw, StdKw, SumKw, VarKw,
};
pub use crate::{
    Array, Backend, ClipBound, Container, Data, Device, Dtype, DtypeLike, DtypeSet, MapOptions,
    Operand, Scalar, Shape, ELLIPSIS, NEWAXIS,
};
pub use crate::{ContainerArrays, ContainerCompare};
