// A plan (`#[check(f -> Plan)]`) goes to the backends of a primary op; a mixed op also runs
// its body, which takes no plan.

#[ivy::category]
pub mod demo {
    use ivy::{Array, Result};

    fn rows(_op: &'static str, x: &&Array) -> Result<usize> {
        Ok(x.shape().first().copied().unwrap_or(1))
    }

    /// Doubles.
    #[mixed]
    #[check(rows -> usize)]
    pub fn double(x: &Array) -> Result<Array> {
        ivy::add(x, x)
    }
}

#[ivy::backend_impl]
impl demo::DemoBackend for ivy::NdarrayBackend {}
#[ivy::backend_impl]
impl demo::DemoBackend for ivy::CandleBackend {}

fn main() {}
