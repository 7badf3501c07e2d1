// `#[check]` only means something on an op declaration.

#[ivy::check(f)]
fn f() {}

fn main() {
    f();
}
