//! candle: layers and activations, each its composition of candle ops (so each
//! differentiates, `sigmoid` included).

use super::CandleBackend;
use crate::functional::layers::LayersBackend;

#[ivy_macros::backend_impl]
impl LayersBackend for CandleBackend {}
