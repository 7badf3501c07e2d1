//! The functional API, one file per category. Each file holds one `#[ivy::category]`
//! module; its ops are re-exported at the crate root (`ivy::tan`).

pub mod creation;
pub mod data_type;
pub mod defaults;
pub mod device;
pub mod elementwise;
pub mod fft;
pub mod general;
pub mod gradients;
pub mod layers;
pub mod linalg;
pub mod losses;
pub mod manipulation;
pub mod nest;
pub mod sorting;
pub mod statistical;

/// Every category's op registry, in one list.
pub(crate) const CATEGORIES: &[&[ivy_core::OpEntry]] = &[
    creation::CREATION_OPS,
    data_type::DATA_TYPE_OPS,
    device::DEVICE_OPS,
    elementwise::ELEMENTWISE_OPS,
    fft::FFT_OPS,
    general::GENERAL_OPS,
    gradients::GRADIENTS_OPS,
    layers::LAYERS_OPS,
    linalg::LINALG_OPS,
    losses::LOSSES_OPS,
    manipulation::MANIPULATION_OPS,
    nest::NEST_OPS,
    sorting::SORTING_OPS,
    statistical::STATISTICAL_OPS,
];

/// Every category's dynamic entries (calls by name), in one list.
pub(crate) const CALLS: &[&[crate::value::DynEntry]] = &[
    creation::CREATION_CALLS,
    data_type::DATA_TYPE_CALLS,
    device::DEVICE_CALLS,
    elementwise::ELEMENTWISE_CALLS,
    fft::FFT_CALLS,
    general::GENERAL_CALLS,
    gradients::GRADIENTS_CALLS,
    layers::LAYERS_CALLS,
    linalg::LINALG_CALLS,
    losses::LOSSES_CALLS,
    manipulation::MANIPULATION_CALLS,
    nest::NEST_CALLS,
    sorting::SORTING_CALLS,
    statistical::STATISTICAL_CALLS,
];
