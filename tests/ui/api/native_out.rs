// `out` takes only `&mut ivy::Array`: a native array's data cannot be replaced by an op's
// result (convert it with `ivy::Array::from` and take the native back afterwards).
fn main() {
    let x = ndarray::ArrayD::<f32>::zeros(ndarray::IxDyn(&[2]));
    let mut out = ndarray::ArrayD::<f32>::zeros(ndarray::IxDyn(&[2]));
    let _ = ivy::tan_out(&x, &mut out);
}
