// Axes are counted against the op's first array argument: an op without one cannot
// normalise them.

#[ivy::category]
pub mod demo {
    use ivy::{Array, Result, Shape};

    #[compositional]
    pub fn eye_at(shape: Shape, #[axis] axis: i64) -> Result<Array> {
        let _ = axis;
        ivy::zeros(shape)
    }
}

fn main() {}
