// The helper attributes only mean something inside the macro that reads them.

#[ivy::nestable]
fn f() {}

fn main() {
    f();
}
