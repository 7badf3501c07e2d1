// A mixed op's `#[check]` also runs before its body (no backend set), where operands are
// not promoted yet: it cannot take them.

#[ivy::category]
pub mod demo {
    use ivy::{Array, Operand, Result};

    #[mixed]
    #[check(super::never)]
    pub fn plus(x1: Operand, x2: Operand) -> Result<Array> {
        ivy::add(x1, x2)
    }
}

fn never(_: &'static str, _: &&ivy::Array, _: &&ivy::Array) -> ivy::Result<()> {
    Ok(())
}

#[ivy::backend_impl]
impl demo::DemoBackend for ivy::NdarrayBackend {}
#[ivy::backend_impl]
impl demo::DemoBackend for ivy::CandleBackend {}

fn main() {}
