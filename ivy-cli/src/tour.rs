//! `ivy tour`: the seed examples, run and printed.

/// The tour's `outln!`: lines wider than 80 columns are wrapped at spaces, the rest of a
/// line indented four columns past its own indent.
macro_rules! outln {
    () => {
        crate::tour::print_wrapped("")
    };
    ($($arg:tt)*) => {
        crate::tour::print_wrapped(&format!($($arg)*))
    };
}

/// Prints `text` wrapped at 80 columns (see the tour's `outln!`).
pub(crate) fn print_wrapped(text: &str) {
    use std::io::Write as _;
    let mut out = String::new();
    for line in text.split('\n') {
        for piece in wrap_line(line) {
            out.push_str(&piece);
            out.push('\n');
        }
    }
    if std::io::stdout().lock().write_all(out.as_bytes()).is_err() {
        std::process::exit(0);
    }
}

/// One line as lines of at most 80 columns where it can be: a trailing comment
/// (`  (…)`) goes on its own line, then a result (` = …`, ` -> …`), then words; each
/// continuation indented four columns past the line's own indent.
fn wrap_line(line: &str) -> Vec<String> {
    const WIDTH: usize = 80;
    if line.chars().count() <= WIDTH {
        return vec![line.to_string()];
    }
    let indent = line.len() - line.trim_start().len();
    let hang = " ".repeat(indent + 4);
    for sep in ["  (", " = ", " -> "] {
        if let Some(i) = line[indent..].rfind(sep).map(|i| i + indent) {
            if i > indent {
                let mut v = wrap_line(&line[..i]);
                let rest = line[i..].trim_start();
                v.extend(wrap_line(&format!("{hang}{rest}")));
                return v;
            }
        }
    }
    let mut v = Vec::new();
    let mut cur = line[..indent].to_string();
    let mut fresh = true;
    for word in line.trim_start().split(' ') {
        if !fresh && cur.chars().count() + 1 + word.chars().count() > WIDTH {
            v.push(cur.trim_end().to_string());
            cur = format!("{hang}{word}");
        } else {
            if !fresh {
                cur.push(' ');
            }
            cur.push_str(word);
        }
        fresh = false;
    }
    v.push(cur);
    v
}

use crate::{CliError, CliResult};
use ivy::backends::{CandleArray, NdArray};
use ivy::custom::{ArrayFunctionCall, HandledFunctions, IvyArrayFunction};
use ivy::prelude::*;
use ivy::{registry, NativeArray};

fn heading(title: &str) {
    if crate::colour(false) {
        outln!("\n\x1b[1;36m== {title} ==\x1b[0m");
    } else {
        outln!("\n== {title} ==");
    }
}

/// Prints a Container under a label, indented as Ivy prints it.
fn show_container(label: &str, c: &Container) {
    outln!("{label} = {c}");
}

/// An example that must fail: prints the error, or fails the tour if it succeeded.
fn expect_err<T>(what: &str, r: ivy::Result<T>) -> CliResult {
    match r {
        Err(e) => {
            outln!("{what} -> error: {e}");
            Ok(())
        }
        Ok(_) => Err(CliError::Other(format!(
            "tour: `{what}` was expected to fail but succeeded"
        ))),
    }
}

/// A tour section: its name (for `ivy tour NAME`), what it shows, and the code.
type Section = (&'static str, &'static str, fn() -> CliResult);

/// The tour's sections, in order.
const SECTIONS: &[Section] = &[
    ("backends", "tan on both backends", tan_on_both_backends),
    ("out", "the out= forms", out_form),
    (
        "compositional",
        "cross_entropy, a compositional op",
        cross_entropy,
    ),
    ("mixed", "softplus, a mixed op", softplus),
    (
        "containers",
        "Containers: shared-structure broadcasting",
        containers,
    ),
    (
        "container-dependent",
        "execute_with_gradients, multi_head_attention, cache_fn",
        container_dependent,
    ),
    (
        "inplace",
        "inplace_update, copy rules, out",
        inplace_updates,
    ),
    ("arrays", "native arrays, indexing, operators", arrays),
    ("custom", "custom array types", custom_arrays),
    ("dtypes", "promotion, defaults, casting modes", data_types),
    ("numpy", "for numpy users", for_numpy_users),
];

/// `ivy tour --list`.
pub fn list() {
    let w = SECTIONS.iter().map(|(n, _, _)| n.len()).max().unwrap_or(0);
    for (name, what, _) in SECTIONS {
        outln!("{name:<w$}  {what}");
    }
}

/// `ivy tour [SECTION...]`: every section, or the named ones in the tour's order.
pub fn run(only: &[String]) -> CliResult {
    if let Some(bad) = only
        .iter()
        .find(|n| !SECTIONS.iter().any(|(name, _, _)| name == n))
    {
        let names: Vec<&str> = SECTIONS.iter().map(|(n, _, _)| *n).collect();
        return Err(CliError::Usage(format!(
            "no tour section `{bad}`; the sections are: {}",
            names.join(", ")
        )));
    }
    outln!("A tour of ivy-rs: one op declaration, many backends.");
    for (name, _, section) in SECTIONS {
        if only.is_empty() || only.iter().any(|n| n == name) {
            section()?;
        }
    }
    if only.is_empty() {
        outln!("\nThe tour is over: every example ran as expected.");
    } else {
        outln!("\nEvery example of the sections asked for ran as expected.");
    }
    Ok(())
}

fn tan_on_both_backends() -> CliResult {
    heading("tan on both backends");
    for &b in Backend::ALL {
        let (x, y) = ivy::with_backend(b, || -> ivy::Result<_> {
            let x = ivy::asarray(vec![0.0f32, 0.5, 1.0])?;
            let y = ivy::tan(&x)?;
            Ok((x, y))
        })?;
        outln!("{:<8} ivy.tan({x})", b.as_str());
        outln!("{:<8}   = {y}", "");
    }
    Ok(())
}

/// A tour check: `what` must hold, or the tour fails (its lines are claims, not prints).
fn check(cond: bool, what: &str) -> CliResult {
    if cond {
        Ok(())
    } else {
        Err(CliError::Other(format!("tour: expected {what}")))
    }
}

fn out_form() -> CliResult {
    heading("the `out=` form: out keeps its dtype");
    outln!("(ndarray writes `out` natively; on candle the dispatcher writes it)");
    let entry =
        registry::op("tan").ok_or_else(|| CliError::Other("the registry has no `tan`".into()))?;
    for &b in Backend::ALL {
        ivy::with_backend(b, || -> CliResult {
            let x = ivy::asarray(vec![0.0f32, 0.5, 1.0])?;
            let mut out = ivy::zeros_with(
                [3],
                ZerosKw {
                    dtype: Some(Dtype::Float64),
                    device: None,
                },
            )?;
            let native = registry::support(entry, b).is_some_and(|s| s.native_out);
            outln!("-- {b} (tan: support_native_out = {native})");
            outln!("x   = {x}");
            outln!("out = {out}   (before)");
            ivy::tan_out(&x, &mut out)?;
            check(out.dtype() == Dtype::Float64, "out to keep float64")?;
            outln!("ivy.tan(x, out=out)");
            outln!("out = {out}   (after: still {})", out.dtype());
            Ok(())
        })?;
    }
    Ok(())
}

fn cross_entropy() -> CliResult {
    heading("cross_entropy, a compositional op");
    outln!("(its body: clip, log, multiply, sum, negative; `out` handled in the body)");
    for &b in Backend::ALL {
        ivy::with_backend(b, || -> CliResult {
            let true_ = ivy::asarray(vec![0.0f32, 0.0, 1.0, 0.0])?;
            let pred = ivy::asarray(vec![0.25f32, 0.25, 0.25, 0.25])?;
            let ce = ivy::cross_entropy(&true_, &pred)?;
            outln!("-- {b}");
            outln!("true = {true_}");
            outln!("pred = {pred}");
            outln!(
                "ivy.cross_entropy(true, pred) = {ce}   (ln 4 = {:.7})",
                4f64.ln()
            );
            let mut out = ivy::zeros(())?;
            ivy::cross_entropy_out(&true_, &pred, &mut out)?;
            check(out == ce, "cross_entropy(.., out=out) to equal the result")?;
            outln!("ivy.cross_entropy(true, pred, out=out) -> out = {out}");
            Ok(())
        })?;
    }
    Ok(())
}

fn softplus() -> CliResult {
    heading("softplus (mixed: compositional body, native on some backends)");
    let entry = registry::op("softplus")
        .ok_or_else(|| CliError::Other("the registry has no `softplus`".into()))?;
    let x = ivy::with_backend(Backend::Ndarray, || ivy::asarray(vec![-1.0f32, 0.0, 1.0]))?;
    outln!("x = {x}");
    // No backend set: a mixed op runs its compositional body (on x's arrays).
    let body = ivy::softplus(&x)?;
    outln!("no backend set -> compositional body: ivy.softplus(x) = {body}");
    let native = ivy::with_backend(Backend::Ndarray, || ivy::softplus(&x))?;
    outln!(
        "backend ndarray -> {}: ivy.softplus(x) = {native}",
        how(entry, Backend::Ndarray)
    );
    outln!(
        "(registry: ndarray runs softplus {}, candle {})",
        how(entry, Backend::Ndarray),
        how(entry, Backend::Candle)
    );
    outln!("(the two agree to float32 rounding: the body computes log(exp(x) + 1) step by step, the native kernel in one stable formula)");
    Ok(())
}

/// "native" or "compositional", as the registry says for `entry` on `b`.
fn how(entry: &ivy_core::OpEntry, b: Backend) -> &'static str {
    match registry::support(entry, b) {
        Some(s) if s.native => "native",
        Some(_) => "compositional",
        None => "standalone",
    }
}

/// A Container of 0-d integer arrays (Ivy's default int dtype) from `(key_chain, value)` pairs (needs a backend set).
fn ints(leaves: &[(&str, i64)]) -> ivy::Result<Container> {
    let mut c = Container::new();
    for &(key_chain, v) in leaves {
        c.insert(key_chain, ivy::asarray(v)?);
    }
    Ok(c)
}

fn containers() -> CliResult {
    heading("Containers: shared-structure broadcasting");
    for &b in Backend::ALL {
        outln!("-- {b}");
        ivy::with_backend(b, containers_on)?;
    }
    Ok(())
}

fn containers_on() -> CliResult {
    let x = ivy::container! {
        a: { b: ivy::asarray(2i64)?, c: ivy::asarray(4i64)? },
        d: { e: ivy::asarray(6i64)?, f: ivy::asarray(8i64)? },
    };
    let y = ints(&[("a", 2), ("d", 3)])?;
    let z = ints(&[
        ("a/b", 10),
        ("a/c/g", 11),
        ("a/c/h", 12),
        ("d/e", 13),
        ("d/f", 14),
    ])?;
    show_container("x", &x);
    show_container("y", &y);
    show_container("z", &z);

    outln!("\n-- x / y  (y's leaves broadcast over x's sub-containers; e = 6/3 = 2)");
    let q = ivy::nested::divide(&x, &y)?;
    show_container("x / y", &q);
    check(
        q.at("d/e")?.to_f64_vec()? == [2.0],
        "(x / y)[d/e] = 6 / 3 = 2",
    )?;

    outln!("\n-- x + y + z  (x's leaf a/c broadcasts over z's a/c/g and a/c/h)");
    let s = x.add(&y)?.add(&z)?;
    show_container("x + y + z", &s);

    outln!("\n-- structures that are not shared");
    let y2 = ints(&[("a", 2), ("d", 3), ("g", 4)])?;
    show_container("y", &y2);
    expect_err("x / y", ivy::nested::divide(&x, &y2))
}

/// The Function Types page's container-dependent examples and `cache_fn`.
fn container_dependent() -> CliResult {
    heading("container-dependent: execute_with_gradients, multi_head_attention");
    for name in ["execute_with_gradients", "multi_head_attention"] {
        let m = registry::op(name)
            .ok_or_else(|| CliError::Other(format!("the registry has no `{name}`")))?
            .meta;
        outln!(
            "{name}: {}, container-dependent: {}, nestable: {}",
            m.kind.as_str(),
            m.container_dependent,
            m.nestable
        );
        check(
            m.container_dependent && !m.nestable,
            "a container-dependent, non-nestable op",
        )?;
    }

    outln!("\n-- gradients of y = sum(w * w) + 3 b, a Container of two variables, one backward pass (candle)");
    ivy::with_backend(Backend::Candle, || -> CliResult {
        let xs: Container = ivy::container! {
            w: ivy::asarray([1.0f32, 2.0])?,
            b: ivy::asarray(0.5f32)?,
        };
        show_container("xs", &xs);
        let f = |v: &Container| &ivy::sum(&(v.at("w")? * v.at("w")?)?)? + &(v.at("b")? * 3.0)?;
        let (y, grads, ()) = ivy::execute_with_gradients(f, &xs)?;
        outln!("y = {y}");
        show_container("dy/dxs", &grads);
        check(
            grads.at("w")?.to_vec::<f32>()? == [2.0, 4.0] && grads.at("b")?.item::<f32>()? == 3.0,
            "dy/dw = 2w and dy/db = 3",
        )
    })?;
    let nd = ivy::with_backend(Backend::Ndarray, || -> ivy::Result<Container> {
        Ok(ivy::container! { w: ivy::asarray([1.0f32])? })
    })?;
    expect_err(
        "execute_with_gradients on ndarray",
        ivy::execute_with_gradients(|v: &Container| Ok(v.at("w")?.clone()), &nd),
    )?;

    outln!(
        "\n-- multi-head attention: 2 heads over 3 tokens, projections from a Container of weights"
    );
    ivy::with_backend(Backend::Ndarray, || -> CliResult {
        let x = ivy::asarray([
            [1.0f32, 0.0, 0.5, -0.5],
            [0.0, 1.0, -1.0, 0.25],
            [0.5, 0.5, 0.0, 1.0],
        ])?;
        let eye = ivy::asarray([
            [1.0f32, 0.0, 0.0, 0.0],
            [0.0, 1.0, 0.0, 0.0],
            [0.0, 0.0, 1.0, 0.0],
            [0.0, 0.0, 0.0, 1.0],
        ])?;
        let weights: Container = ivy::container! { w: ivy::multiply(&eye, 0.5)? };
        show_container("to_q_v", &weights);
        let project = |t: &Array, v: Option<&Container>| -> ivy::Result<Array> {
            match v {
                Some(v) => ivy::linear(t, v.at("w")?, None),
                None => Ok(t.clone()),
            }
        };
        let y = ivy::multi_head_attention(
            &x,
            0.5,
            2,
            None,
            None,
            Some(&project),
            None,
            None,
            Some(&weights),
            None,
            None,
        )?;
        outln!("attention = {y}");
        check(y.shape() == [3, 4], "one row of 4 features per token")
    })?;

    outln!("\n-- cache_fn: a cached function (thread-safe, bounded)");
    let calls = std::cell::Cell::new(0);
    let slow_square = ivy::cache_fn(|n: &u64| {
        calls.set(calls.get() + 1);
        n * n
    });
    let (a, b) = (slow_square.call(12), slow_square.call(12));
    outln!(
        "square(12) = {a}, again = {b}, computed {} time(s)",
        calls.get()
    );
    check(
        a == 144 && b == 144 && calls.get() == 1,
        "the second call to come from the cache",
    )
}

/// Where an array's data lives: the ndarray buffer address or the candle tensor id.
fn storage(a: &Array) -> Option<String> {
    match a.native() {
        NativeArray::Ndarray(NdArray::Float32(d)) => Some(format!("{:p}", d.as_ptr())),
        NativeArray::Candle(CandleArray::Tensor(t)) => Some(format!("{:?}", t.id())),
        NativeArray::Candle(CandleArray::Var(v)) => Some(format!("{:?}", v.as_tensor().id())),
        _ => None,
    }
}

fn inplace_updates() -> CliResult {
    heading("inplace_update: a buffer written, or an Array rebound");
    for &b in Backend::ALL {
        ivy::with_backend(b, || -> CliResult {
            let mut x = ivy::asarray(vec![1.0f32, 2.0, 3.0])?;
            let val = ivy::asarray(vec![7.0f32, 8.0, 9.0])?;
            let before = storage(&x);
            outln!("{b}: x = {x}");
            ivy::inplace_update(&mut x, &val)?;
            let written = before.is_some() && before == storage(&x);
            // ndarray buffers are mutable (numpy's case); candle tensors are not (jax's)
            check(
                written == (b == Backend::Ndarray),
                "ndarray to write, candle to rebind",
            )?;
            let what = if written {
                "same storage: the buffer was written"
            } else {
                "new storage: x was rebound to new data"
            };
            outln!("{b}: ivy.inplace_update(x, val) -> x = {x}  ({what})");
            Ok(())
        })?;
    }
    ivy::with_backend(Backend::Candle, || -> CliResult {
        let mut x = ivy::asarray(vec![1.0f32, 2.0, 3.0])?;
        let val = ivy::asarray(vec![7.0f32, 8.0, 9.0])?;
        let kw = InplaceUpdateKw {
            ensure_in_backend: true,
            keep_input_dtype: true,
        };
        expect_err(
            "candle: ivy.inplace_update(x, val, ensure_in_backend=True)",
            ivy::inplace_update_with(&mut x, &val, kw.clone()),
        )?;
        outln!("candle: x is unchanged: {x}");
        // tensorflow's case: a Variable is assigned natively (`x_native.assign(val)`)
        let var = candle_core::Var::new(&[1.0f32, 2.0, 3.0], &candle_core::Device::Cpu)
            .map_err(|e| CliError::Other(format!("{e}")))?;
        let mut v = Array::from(var.clone());
        let before = storage(&v);
        ivy::inplace_update_with(&mut v, &val, kw)?;
        let seen = var.as_tensor().to_vec1::<f32>().unwrap_or_default();
        check(
            storage(&v) == before && seen == [7.0, 8.0, 9.0],
            "the Var to be set natively",
        )?;
        outln!("candle: x = ivy.Array(Var); ivy.inplace_update(x, val, ensure_in_backend=True) -> the Var holds {seen:?} (set natively)");
        Ok(())
    })?;
    // natives as x: an ndarray buffer is written (numpy), a candle Tensor cannot be (jax)
    let mut nd = ndarray::ArrayD::<f32>::zeros(ndarray::IxDyn(&[2, 2]));
    let ptr = nd.as_ptr();
    let row = ivy::with_backend(Backend::Ndarray, || ivy::asarray([1.0f64, 2.0]))?;
    ivy::inplace_update(&mut nd, &row)?;
    check(
        nd.as_ptr() == ptr,
        "the native ndarray buffer to be written",
    )?;
    outln!(
        "ivy.inplace_update(<&mut ndarray ArrayD f32>, [1., 2.] float64) -> {:?}  (broadcast, cast, the same buffer)",
        nd.as_slice().unwrap_or(&[])
    );
    let mut t = candle_core::Tensor::zeros(2, candle_core::DType::F32, &candle_core::Device::Cpu)
        .map_err(|e| CliError::Other(format!("{e}")))?;
    let val = ivy::with_backend(Backend::Candle, || ivy::asarray([1.0f32, 2.0]))?;
    expect_err(
        "ivy.inplace_update(<&mut candle Tensor>, val)",
        ivy::inplace_update(&mut t, &val),
    )?;
    // Containers: every leaf updated, the Container itself the same value
    for &b in Backend::ALL {
        ivy::with_backend(b, || -> CliResult {
            let mut c: Container =
                ivy::container! { a: ivy::zeros([2])?, b: { c: ivy::zeros(())? } };
            let v = ivy::container! { a: ivy::asarray([1.0f32, 2.0])?, b: { c: ivy::asarray(3.0f32)? } };
            ivy::inplace_update_container(&mut c, &v, InplaceUpdateKw::default())?;
            check(
                c.at("a")?.to_vec::<f32>()? == [1.0, 2.0],
                "leaf a to be updated",
            )?;
            show_container(&format!("{b}: ivy.inplace_update(c, v) -> c"), &c);
            Ok(())
        })?;
    }
    special_path()?;
    copy_rules()
}

/// The seed's special path: `remainder` writes `out` natively (modulus=True) on ndarray, and
/// its modulus=False path, composed of other ops, ends in an `inplace_update` of `out`.
fn special_path() -> CliResult {
    heading("the special path: remainder(modulus=False) into out through inplace_update");
    for &b in Backend::ALL {
        ivy::with_backend(b, || -> CliResult {
            let (x1, x2) = (ivy::asarray([7.0f32, -7.0])?, ivy::asarray([3.0f32, 3.0])?);
            let mut out = ivy::zeros([2])?;
            let before = storage(&out);
            for modulus in [true, false] {
                ivy::remainder_with_out(&x1, &x2, RemainderKw { modulus }, &mut out)?;
                let same = storage(&out) == before;
                check(!same || b == Backend::Ndarray, "candle's out to be rebound")?;
                check(
                    same || b == Backend::Candle,
                    "ndarray's out buffer to be kept",
                )?;
                let same = if same {
                    "same buffer"
                } else {
                    "rebound: candle tensors are immutable"
                };
                outln!("{b}: ivy.remainder(x1, x2, modulus={modulus}, out=out) -> out = {out}  ({same})");
            }
            Ok(())
        })?;
    }
    Ok(())
}

/// `copy` on reshape, astype and asarray: unspecified = no new buffer where the backend can
/// avoid one; true = always a new buffer; with out, out wins.
fn copy_rules() -> CliResult {
    heading("copy: unspecified shares, copy=True copies, out wins over copy");
    for &b in Backend::ALL {
        ivy::with_backend(b, || -> CliResult {
            let x = ivy::arange(4.0)?;
            let shares = |r: ivy::Result<Array>| r.map(|y| y.may_share_memory(&x));
            let r = [
                shares(ivy::reshape(&x, &[2, 2]))?,
                shares(ivy::reshape_with(
                    &x,
                    &[2, 2],
                    ReshapeKw { copy: Some(true) },
                ))?,
                shares(ivy::astype(&x, Dtype::Float32))?,
                shares(ivy::astype_with(
                    &x,
                    Dtype::Float32,
                    AstypeKw { copy: true },
                ))?,
                shares(ivy::asarray(&x))?,
                shares(ivy::asarray_with(
                    &x,
                    AsarrayKw {
                        copy: Some(true),
                        ..Default::default()
                    },
                ))?,
            ];
            check(r == [true, false, true, false, true, false], "copy's rules")?;
            outln!("{b}: shares x's buffer: reshape {} / copy=True {}; astype {} / copy=True {}; asarray {} / copy=True {}",
                r[0], r[1], r[2], r[3], r[4], r[5]);
            let mut out = ivy::zeros([2, 2])?;
            ivy::reshape_with_out(&x, &[2, 2], ReshapeKw { copy: Some(false) }, &mut out)?;
            let own = !out.may_share_memory(&x);
            check(
                own || b == Backend::Candle,
                "ndarray's out to keep its own buffer",
            )?;
            outln!("{b}: ivy.reshape(x, [2, 2], copy=False, out=out) -> out = {out}  (out wins: the result is written into out; out kept its own buffer: {own})");
            Ok(())
        })?;
    }
    Ok(())
}

/// The Arrays page: native arrays in, `Array`s out, indexing and setitem with one meaning
/// on both backends (views on ndarray), operators, and the strict in-place mode.
fn arrays() -> CliResult {
    heading("arrays: native arrays in, indexing, setitem, operators, in-place modes");
    let a = ndarray::ArrayD::from_shape_vec(ndarray::IxDyn(&[2, 2]), vec![1.0f32, 4.0, 9.0, 16.0])
        .map_err(|e| CliError::Other(format!("{e}")))?;
    let r = ivy::sqrt(&a)?; // a borrowed ndarray array goes straight in
    outln!("ivy.sqrt(<ndarray ArrayD>) = {r:?}");
    let back: ndarray::ArrayD<f32> = r.to_ndarray()?;
    outln!(
        "  .to_ndarray() -> ndarray {:?}",
        back.as_slice().unwrap_or(&[])
    );
    let t = candle_core::Tensor::new(&[1.0f32, -2.0], &candle_core::Device::Cpu)
        .map_err(|e| CliError::Other(format!("{e}")))?;
    outln!("ivy.abs(<candle Tensor>) = {:?}", ivy::abs(&t)?);
    for &b in Backend::ALL {
        ivy::with_backend(b, || -> CliResult {
            outln!("-- {b}");
            let mut x = ivy::reshape(&ivy::arange(6.0)?, &[2, 3])?;
            let v = x.get(ivy::s![.., 1..;-1])?;
            // basic indexing: a view on ndarray, a copy on candle
            check(
                v.may_share_memory(&x) == (b == Backend::Ndarray),
                "a view on ndarray, a copy on candle",
            )?;
            let kind = if v.may_share_memory(&x) {
                "a view: no copy"
            } else {
                "a copy"
            };
            outln!("x.get(s![.., 1..;-1])       # x[:, :0:-1] = {v}  ({kind})");
            let mask = ivy::greater(&x, 3.5)?;
            outln!(
                "x.get(s![&mask])            # x[x > 3.5]  = {}",
                x.get(ivy::s![&mask])?
            );
            let rows = ivy::asarray([1, 0])?;
            outln!(
                "x.get(s![&rows, -1])        # x[[1, 0], -1] = {}",
                x.get(ivy::s![&rows, -1])?
            );
            x.set(ivy::s![0, ..], 9)?;
            x.set(ivy::s![&mask], &ivy::asarray([-1.0f32, -2.0])?)?;
            outln!("x.set(s![0, ..], 9); x.set(s![&mask], [-1, -2]) -> x = {x}");
            x.add_assign(1)?;
            outln!("x.add_assign(1)             # x += 1 (fallible: a method) -> {x}");
            let i = ivy::asarray([6, -3])?;
            outln!("i = {i}");
            outln!(
                "(&i % 4, !&i, 1 << &i)      = {}, {}, {}",
                (&i % 4)?,
                (!&i)?,
                (1 << &i)?
            );
            let strict =
                ivy::with_inplace_mode(ivy::InplaceMode::Strict, || x.set(ivy::s![0, 0], 0));
            // strict: a buffer write is fine (ndarray), a rebinding is refused (candle)
            check(
                strict.is_ok() == (b == Backend::Ndarray),
                "strict mode to refuse candle's rebinding only",
            )?;
            match strict {
                Ok(()) => outln!("strict in-place mode: x.set(..) wrote the buffer"),
                Err(e) => outln!("strict in-place mode: x.set(..) refused: {e}"),
            }
            Ok(())
        })?;
    }
    Ok(())
}

/// The seed's `MyArray`: a class of its own that ivy ops hand over to it.
#[derive(Clone, Debug)]
struct MyArray {
    data: Array,
}

/// The seed's `HANDLED_FUNCTIONS`, filled by `implements`.
static HANDLED: std::sync::LazyLock<ivy::Result<HandledFunctions<MyArray>>> =
    std::sync::LazyLock::new(|| {
        // @implements(ivy.abs): my_abs(my_array) -> MyArray(abs(my_array.data))
        HandledFunctions::new()
            .implements("abs", |call| {
                let me = call.arg::<MyArray>(0)?;
                Ok(registry::Value::custom(MyArray {
                    data: ivy::abs(&me.data)?,
                }))
            })
            .and_then(|h| {
                h.implements("sqrt", |call| {
                    let me = call.arg::<MyArray>(0)?;
                    ivy::sqrt(&me.data).map(registry::Value::Array)
                })
            })
    });

impl IvyArrayFunction for MyArray {
    // def __ivy_array_function__(self, func, types, args, kwargs)
    fn ivy_array_function(
        &self,
        call: &ArrayFunctionCall<'_>,
    ) -> Option<ivy::Result<registry::Value>> {
        match &*HANDLED {
            Ok(h) => h.handle(call), // None: NotImplemented
            Err(e) => Some(Err(e.clone())),
        }
    }
}

fn custom_arrays() -> CliResult {
    heading("custom array types: __ivy_array_function__ (IvyArrayFunction)");
    for &b in Backend::ALL {
        ivy::with_backend(b, || -> CliResult {
            outln!("-- {b}");
            let x = MyArray {
                data: ivy::asarray([-3.0f32, 4.0])?,
            };
            // X = ivy.abs(X): by name, the handler's MyArray comes back
            let y = registry::call("abs", &[registry::Value::custom(x.clone())], &[])?;
            let y = y
                .downcast_ref::<MyArray>()
                .cloned()
                .ok_or_else(|| CliError::Other("tour: abs of a MyArray gave no MyArray".into()))?;
            outln!(
                "X = MyArray(data={}); X = ivy.abs(X)  # by name: MyArray(data={})",
                x.data,
                y.data
            );
            outln!("ivy.sqrt(&X)  # handled, an Array back: {}", ivy::sqrt(&y)?);
            expect_err("ivy.tan(&MyArray) (no handler)", ivy::tan(&x))?;
            Ok(())
        })?;
    }
    Ok(())
}

fn data_types() -> CliResult {
    heading("data types: promotion, defaults, superset support, casting modes");
    let (i32_, f32_) = (Dtype::Int32, Dtype::Float32);
    outln!(
        "promote_types(int32, float32) = {} (precise mode); {} (non-precise)",
        ivy::promote_types(i32_, f32_)?,
        ivy::with_precise_mode(false, || ivy::promote_types(i32_, f32_))?
    );
    outln!(
        "default_dtype(item=7) = {}; item=2**40 -> {}; item=0.5 -> {}; item=1e300 -> {}",
        ivy::default_dtype(None, Some(Scalar::Int(7).into()))?,
        ivy::default_dtype(None, Some(Scalar::Int(1 << 40).into()))?,
        ivy::default_dtype(None, Some(Scalar::Float(0.5).into()))?,
        ivy::default_dtype(None, Some(Scalar::Float(1e300).into()))?
    );
    outln!(
        "with_default_float_dtype(float64): default_dtype() = {}   (the defaults are linked)",
        ivy::with_default_float_dtype(Dtype::Float64, || ivy::default_dtype(None, None))??
    );
    ivy::with_backend(Backend::Ndarray, || -> CliResult {
        // Rust data: f64, i64, bool, Complex<f64> are Python's numbers; sized types keep theirs
        let d = |r: ivy::Result<Array>| r.map(|a| a.dtype());
        outln!(
            "asarray(vec![1.0, 2.0]) -> {}, vec![1i64] -> {}   (f64, i64: Python's numbers, Ivy's defaults)",
            d(ivy::asarray(vec![1.0, 2.0]))?,
            d(ivy::asarray(vec![1i64]))?
        );
        outln!(
            "asarray(vec![1.0f32]) -> {}, vec![1u8] -> {}, vec![1i16] -> {}   (a sized Rust type keeps its dtype)",
            d(ivy::asarray(vec![1.0f32]))?,
            d(ivy::asarray(vec![1u8]))?,
            d(ivy::asarray(vec![1i16]))?
        );
        Ok(())
    })?;
    ivy::with_backend(Backend::Candle, || -> CliResult {
        let i = ivy::asarray(vec![1i64, 2])?;
        let t = ivy::tan(&i)?;
        outln!(
            "candle: tan(int32 array) = {t}   (superset: integers promoted to the default float)"
        );
        let u = ivy::asarray_with(
            vec![250, 3],
            AsarrayKw {
                dtype: Some(Dtype::Uint8),
                device: None,
                copy: None,
            },
        )?;
        outln!(
            "candle: negative(uint8 [250, 3]) = {}   (wraps, as on ndarray)",
            ivy::negative(&u)?
        );
        let kw = || ZerosKw {
            dtype: Some(Dtype::Uint16),
            device: None,
        };
        expect_err("candle: zeros(2, dtype=uint16)", ivy::zeros_with([2], kw()))?;
        let z = ivy::with_casting_mode(ivy::CastingMode::Upcast, || ivy::zeros_with([2], kw()))?;
        outln!("candle, upcast_data_types: zeros(2, dtype=uint16) = {z}");
        expect_err(
            "candle: as_ivy_dtype(\"uint16\")",
            ivy::as_ivy_dtype("uint16"),
        )?;
        Ok(())
    })?;
    // the README's casting-mode example: a real gap (ndarray's `negative` has no bool) that
    // crosscast resolves, since the op lacks the input's whole kind
    ivy::with_backend(Backend::Ndarray, || -> CliResult {
        let x = ivy::asarray([true, false])?;
        expect_err("ndarray: negative([True, False])", ivy::negative(&x))?;
        let n = ivy::with_casting_mode(ivy::CastingMode::Crosscast, || ivy::negative(&x))?;
        outln!(
            "ndarray, crosscast_data_types: negative([True, False]) = {n}   (bool computed in the default int dtype)"
        );
        Ok(())
    })?;
    Ok(())
}

/// What a numpy user writes first, on both backends: reshape, gathering rows and columns,
/// a matrix product, reductions over an axis, a comparison and `where`.
fn for_numpy_users() -> CliResult {
    heading("for numpy users: reshape, take, matmul, mean/max, where");
    for &b in Backend::ALL {
        ivy::with_backend(b, || -> CliResult {
            outln!("-- {b}");
            let x = ivy::reshape(&ivy::arange(6.0)?, &[2, 3])?;
            outln!(
                "x = ivy.reshape(ivy.arange(6.0), [2, 3])          # np.arange(6.).reshape(2, 3)"
            );
            outln!("  = {x}");
            let rows = ivy::asarray(vec![1i64])?;
            let row = ivy::take_with(&x, &rows, TakeKw { axis: Some(0) })?;
            outln!("ivy.take(x, [1], axis=0)                          # x[[1]]");
            outln!("  = {row}");
            let cols = ivy::asarray(vec![0i64, 2])?;
            let picked = ivy::take_with(&x, &cols, TakeKw { axis: Some(1) })?;
            outln!("ivy.take(x, [0, 2], axis=1)                       # x[:, [0, 2]]");
            outln!("  = {picked}");
            let col = x.get(ivy::s![.., -1, ivy::NEWAXIS])?;
            outln!("x.get(s![.., -1, NEWAXIS])                        # x[:, -1, None]");
            outln!("  = {col}");
            let gram = ivy::matmul(&x, &ivy::matrix_transpose(&x)?)?;
            outln!("ivy.matmul(x, ivy.matrix_transpose(x))            # x @ x.T");
            outln!("  = {gram}");
            let mean = ivy::mean_with(
                &x,
                MeanKw {
                    axis: Some(vec![0]),
                    keepdims: false,
                },
            )?;
            outln!("ivy.mean(x, axis=0)                               # x.mean(axis=0)");
            outln!("  = {mean}");
            let max = ivy::max_with(
                &x,
                MaxKw {
                    axis: Some(vec![-1]),
                    keepdims: true,
                },
            )?;
            outln!("ivy.max(x, axis=-1, keepdims=True)                # x.max(-1, keepdims=True)");
            outln!("  = {max}");
            let big = ivy::greater(&x, 2.5)?;
            outln!("mask = ivy.greater(x, 2.5)                        # x > 2.5");
            outln!("  = {big}");
            let kept = ivy::r#where(&big, &x, 0.0)?;
            outln!("ivy.where(mask, x, 0.0)                           # np.where(x > 2.5, x, 0)");
            outln!("  = {kept}");
            Ok(())
        })?;
    }
    Ok(())
}
