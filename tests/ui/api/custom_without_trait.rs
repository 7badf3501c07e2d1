// A type of your own is an op's argument only once it implements `ivy::IvyArrayFunction`
// (Ivy's `__ivy_array_function__`): without it, the op does not take it.
#[derive(Clone, Debug)]
struct MyArray {
    data: f64,
}

fn main() {
    let x = MyArray { data: -3.0 };
    let _ = x.data;
    let _ = ivy::abs(&x);
    let _ = ivy::add(&x, 1.0);
}
