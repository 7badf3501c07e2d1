// An array argument must be an `ivy::Array` or a backend's native array.
fn main() {
    let v = vec![1.0f32, 2.0];
    let _ = ivy::tan(&v);
}
