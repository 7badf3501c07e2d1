// `#[family]` only means something on an op declaration of a category.

#[ivy::family(unary)]
pub fn sin(x: f32) -> f32 {
    x.sin()
}

fn main() {}
