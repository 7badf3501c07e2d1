// An index item is an integer, a range (with `;step`), `..`, `ivy::NEWAXIS`,
// `ivy::ELLIPSIS`, or an integer or bool array: a float is none of those.
fn main() {
    let x = ivy::arange(4.0).unwrap();
    let _ = x.get(ivy::s![1.5]);
}
