// A mixed family op runs its kernel row on some backends: without the row, the one error
// names the row to add.

#[ivy::category]
pub mod demo {
    use ivy::{Array, Result};

    #[mixed]
    #[family(unary)]
    pub fn twice(x: &Array, out: Option<&mut Array>) -> Result<Array> {
        ivy::add_into(x, x, out)
    }
}

#[ivy::backend_impl]
impl demo::DemoBackend for ivy::NdarrayBackend {}

#[ivy::backend_impl]
impl demo::DemoBackend for ivy::CandleBackend {}

fn main() {}
