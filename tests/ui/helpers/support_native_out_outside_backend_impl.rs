// `#[support_native_out]` on a method of an impl that is not a `#[backend_impl]`.

struct S;

impl S {
    #[ivy::support_native_out]
    fn double_out(&self, x: &ivy::Array, out: &mut ivy::Array) {
        *out = x.clone();
    }
}

fn main() {
    let _ = S::double_out;
}
