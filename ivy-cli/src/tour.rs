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
    if let Err(e) = std::io::stdout().lock().write_all(out.as_bytes()) {
        crate::stdout_failed(e);
    }
}

/// One line as lines of at most 80 columns where it can be: a trailing comment
/// (`  (…)`) goes on its own line, then a result (` = …`, ` -> …`; not within a line that
/// is itself a result, nor after a short left part such as `let x`), then words; each
/// continuation indented four columns past the line's own indent (a comment's after its
/// `//`, which it keeps).
fn wrap_line(line: &str) -> Vec<String> {
    const WIDTH: usize = 80;
    if line.chars().count() <= WIDTH {
        return vec![line.to_string()];
    }
    let indent = line.len() - line.trim_start().len();
    let body = line.trim_start();
    // a comment's continuations stay comments (the tour's code can be pasted)
    let hang = if body.starts_with("// ") {
        format!("{}//{}", " ".repeat(indent), " ".repeat(5))
    } else {
        " ".repeat(indent + 4)
    };
    let result = body.starts_with("= ") || body.starts_with("-> ");
    for sep in ["  (", " = ", " -> "] {
        if sep != "  (" && result {
            continue;
        }
        if let Some(i) = line[indent..].rfind(sep).map(|i| i + indent) {
            if i > indent && (sep == "  (" || i - indent >= 24) {
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

/// Evaluates a Rust expression and pairs it with its own source text, so that the tour
/// prints the very call it runs: `let (code, y) = rust!(ivy::tan(&x)?);` gives
/// `("ivy::tan(&x)?", y)`.
macro_rules! rust {
    ($e:expr) => {
        (crate::tour::code(stringify!($e)), $e)
    };
}

/// Source text from `stringify!` on one line: the pretty-printer's line breaks become
/// single spaces (the tour wraps long lines itself).
pub(crate) fn code(text: &str) -> String {
    let flat = text
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        // a multi-line source's trailing commas, and `?` before a method call
        .replace(", }", " }")
        .replace(",)", ")")
        .replace("? .", "?.");
    let mut pieces = flat.split("|| { ");
    let first = pieces.next().unwrap_or_default().to_string();
    pieces.fold(first, unbrace)
}

/// Joins the text around a `|| { ` that `code` split at: a closure body of one expression
/// loses the braces that rustfmt gave it (`|| { f(x) }` reads `|| f(x)`).
fn unbrace(done: String, rest: &str) -> String {
    let mut depth = 0usize;
    for (i, ch) in rest.char_indices() {
        match ch {
            '{' => depth += 1,
            '}' if depth == 0 => {
                let body = rest[..i].trim_end();
                if !body.contains(';') {
                    return format!("{done}|| {body}{}", &rest[i + 1..]);
                }
                break;
            }
            '}' => depth -= 1,
            _ => {}
        }
    }
    format!("{done}|| {{ {rest}")
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
            outln!("{what}\n    -> error: {e}");
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
    outln!("(each block runs inside `ivy::with_backend(Backend::Ndarray, || …)`, then Candle)");
    for &b in Backend::ALL {
        outln!("-- {b}");
        ivy::with_backend(b, || -> CliResult {
            let (code, x) = rust!(ivy::asarray(vec![0.0f32, 0.5, 1.0])?);
            outln!("let x = {code};");
            let (code, y) = rust!(ivy::tan(&x)?);
            outln!("{code}\n    = {y}");
            Ok(())
        })?;
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
    heading("the `_out` form: out keeps its dtype");
    outln!("(ndarray writes `out` natively; on candle the dispatcher writes it)");
    let entry =
        registry::op("tan").ok_or_else(|| CliError::Other("the registry has no `tan`".into()))?;
    for &b in Backend::ALL {
        ivy::with_backend(b, || -> CliResult {
            let native = registry::support(entry, b).is_some_and(|s| s.native_out);
            outln!("-- {b} (tan: support_native_out = {native})");
            let (code, x) = rust!(ivy::asarray(vec![0.0f32, 0.5, 1.0])?);
            outln!("let x = {code};");
            let (code, kw) = rust!(ZerosKw {
                dtype: Some(Dtype::Float64),
                device: None,
            });
            outln!("let kw = {code};");
            let (code, mut out) = rust!(ivy::zeros_with([3], kw)?);
            outln!("let mut out = {code};");
            outln!("// out = {out}  (before)");
            let (code, ()) = rust!(ivy::tan_out(&x, &mut out)?);
            check(out.dtype() == Dtype::Float64, "out to keep float64")?;
            outln!("{code};");
            outln!("// out = {out}  (after: still {})", out.dtype());
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
            outln!("-- {b}");
            let (code, true_) = rust!(ivy::asarray(vec![0.0f32, 0.0, 1.0, 0.0])?);
            outln!("let true_ = {code};");
            let (code, pred) = rust!(ivy::asarray(vec![0.25f32, 0.25, 0.25, 0.25])?);
            outln!("let pred = {code};");
            let (code, ce) = rust!(ivy::cross_entropy(&true_, &pred)?);
            outln!("{code}\n    = {ce}  (ln 4 = {:.7})", 4f64.ln());
            let (code, mut out) = rust!(ivy::zeros(())?);
            outln!("let mut out = {code};");
            let (code, ()) = rust!(ivy::cross_entropy_out(&true_, &pred, &mut out)?);
            check(out == ce, "cross_entropy_out to write the result")?;
            outln!("{code};\n// out = {out}");
            Ok(())
        })?;
    }
    Ok(())
}

fn softplus() -> CliResult {
    heading("softplus (mixed: compositional body, native on some backends)");
    let entry = registry::op("softplus")
        .ok_or_else(|| CliError::Other("the registry has no `softplus`".into()))?;
    let (code, x) = rust!(ivy::with_backend(Backend::Ndarray, || ivy::asarray(vec![
        -1.0f32, 0.0, 1.0
    ]))?);
    outln!("let x = {code};");
    // No backend set: a mixed op runs its compositional body (on x's arrays).
    let (code, body) = rust!(ivy::softplus(&x)?);
    outln!("// no backend set: the compositional body runs\n{code}\n    = {body}");
    let (code, native) = rust!(ivy::with_backend(Backend::Ndarray, || ivy::softplus(&x))?);
    outln!(
        "// backend ndarray: {}\n{code}\n    = {native}",
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
    outln!("let x = ivy::container! {{ a: {{ b: ivy::asarray(2i64)?, c: … }}, d: … }};");
    show_container("x", &x);
    show_container("y", &y);
    show_container("z", &z);

    outln!("\n-- y's leaves broadcast over x's sub-containers (e = 6 / 3 = 2)");
    let (code, q) = rust!(ivy::nested::divide(&x, &y)?);
    show_container(&code, &q);
    check(
        q.at("d/e")?.to_f64_vec()? == [2.0],
        "(x / y)[d/e] = 6 / 3 = 2",
    )?;

    outln!("\n-- x's leaf a/c broadcasts over z's a/c/g and a/c/h");
    let (code, s) = rust!(x.add(&y)?.add(&z)?);
    show_container(&code, &s);

    outln!("\n-- structures that are not shared");
    let y2 = ints(&[("a", 2), ("d", 3), ("g", 4)])?;
    show_container("y2", &y2);
    let (code, r) = rust!(ivy::nested::divide(&x, &y2));
    expect_err(&code, r)
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
        let (code, xs): (_, Container) = rust!(ivy::container! {
            w: ivy::asarray([1.0f32, 2.0])?,
            b: ivy::asarray(0.5f32)?,
        });
        outln!("let xs = {code};");
        show_container("// xs", &xs);
        let (code, f) =
            rust!(|v: &Container| &ivy::sum(&(v.at("w")? * v.at("w")?)?)? + &(v.at("b")? * 3.0)?);
        outln!("let f = {code};");
        let (code, (y, grads, ())) = rust!(ivy::execute_with_gradients(f, &xs)?);
        outln!("let (y, grads, ()) = {code};");
        outln!("// y = {y}");
        show_container("// grads", &grads);
        check(
            grads.at("w")?.to_vec::<f32>()? == [2.0, 4.0] && grads.at("b")?.item::<f32>()? == 3.0,
            "dy/dw = 2w and dy/db = 3",
        )
    })?;
    let nd = ivy::with_backend(Backend::Ndarray, || -> ivy::Result<Container> {
        Ok(ivy::container! { w: ivy::asarray([1.0f32])? })
    })?;
    let (code, r) = rust!(ivy::execute_with_gradients(
        |v: &Container| Ok(v.at("w")?.clone()),
        &nd
    ));
    outln!("-- the same on ndarray, nd = {{ w: [1.] }}");
    expect_err(&code, r)?;

    outln!(
        "\n-- multi-head attention: 2 heads over 3 tokens, projections from a Container of weights"
    );
    ivy::with_backend(Backend::Ndarray, || -> CliResult {
        let x = ivy::asarray([
            [1.0f32, 0.0, 0.5, -0.5],
            [0.0, 1.0, -1.0, 0.25],
            [0.5, 0.5, 0.0, 1.0],
        ])?;
        outln!("let x = ivy::asarray([[1.0f32, 0.0, 0.5, -0.5], [0.0, 1.0, -1.0, 0.25], …])?;");
        let (code, weights): (_, Container) =
            rust!(ivy::container! { w: ivy::multiply(&ivy::eye(4)?, 0.5)? });
        outln!("let weights = {code};");
        show_container("// weights", &weights);
        let (code, project) = rust!(|t: &Array, v: Option<&Container>| -> ivy::Result<Array> {
            match v {
                Some(v) => ivy::linear(t, v.at("w")?, None),
                None => Ok(t.clone()),
            }
        });
        outln!("let project = {code};");
        let (code, y) = rust!(ivy::multi_head_attention(
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
        )?);
        outln!("let attention = {code};");
        outln!("attention = {y}");
        check(y.shape() == [3, 4], "one row of 4 features per token")
    })?;

    outln!("\n-- cache_fn: a cached function (thread-safe, bounded)");
    let calls = std::cell::Cell::new(0);
    let (code, slow_square) = rust!(ivy::cache_fn(|n: &u64| {
        calls.set(calls.get() + 1);
        n * n
    }));
    outln!("let slow_square = {code};");
    let (a, b) = (slow_square.call(12), slow_square.call(12));
    outln!(
        "slow_square.call(12) = {a}, again = {b}, computed {} time(s)",
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
            outln!("-- {b}");
            let (code, mut x) = rust!(ivy::asarray(vec![1.0f32, 2.0, 3.0])?);
            outln!("let mut x = {code};");
            let (code, val) = rust!(ivy::asarray(vec![7.0f32, 8.0, 9.0])?);
            outln!("let val = {code};");
            let before = storage(&x);
            let (code, ()) = rust!(ivy::inplace_update(&mut x, &val)?);
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
            outln!("{code};\n// x = {x}  ({what})");
            Ok(())
        })?;
    }
    ivy::with_backend(Backend::Candle, || -> CliResult {
        outln!("-- candle: ensure_in_backend");
        let mut x = ivy::asarray(vec![1.0f32, 2.0, 3.0])?;
        let val = ivy::asarray(vec![7.0f32, 8.0, 9.0])?;
        let (code, kw) = rust!(InplaceUpdateKw {
            ensure_in_backend: true,
            keep_input_dtype: true,
        });
        outln!("let kw = {code};");
        let (code, r) = rust!(ivy::inplace_update_with(&mut x, &val, kw.clone()));
        expect_err(&code, r)?;
        outln!("// x is unchanged: {x}");
        // tensorflow's case: a Variable is assigned natively (`x_native.assign(val)`)
        let (code, var) = rust!(candle_core::Var::new(
            &[1.0f32, 2.0, 3.0],
            &candle_core::Device::Cpu
        ));
        let var = var.map_err(|e| CliError::Other(format!("{e}")))?;
        outln!("let var = {code}?;");
        let (code, mut v) = rust!(Array::from(var.clone()));
        outln!("let mut v = {code};");
        let before = storage(&v);
        let (code, ()) = rust!(ivy::inplace_update_with(&mut v, &val, kw)?);
        let seen = var.as_tensor().to_vec1::<f32>().unwrap_or_default();
        check(
            storage(&v) == before && seen == [7.0, 8.0, 9.0],
            "the Var to be set natively",
        )?;
        outln!("{code};\n// the Var holds {seen:?}  (set natively)");
        Ok(())
    })?;
    // natives as x: an ndarray buffer is written (numpy), a candle Tensor cannot be (jax)
    outln!("-- native arrays as x");
    let (code, mut nd) = rust!(ndarray::ArrayD::<f32>::zeros(ndarray::IxDyn(&[2, 2])));
    outln!("let mut nd = {code};");
    let ptr = nd.as_ptr();
    let (code, row) = rust!(ivy::with_backend(Backend::Ndarray, || ivy::asarray([
        1.0f64, 2.0
    ]))?);
    outln!("let row = {code};");
    let (code, ()) = rust!(ivy::inplace_update(&mut nd, &row)?);
    check(
        nd.as_ptr() == ptr,
        "the native ndarray buffer to be written",
    )?;
    outln!(
        "{code};\n// nd holds {:?}  (broadcast, cast, the same buffer)",
        nd.as_slice().unwrap_or(&[])
    );
    let (code, t) = rust!(candle_core::Tensor::zeros(
        2,
        candle_core::DType::F32,
        &candle_core::Device::Cpu
    ));
    let mut t = t.map_err(|e| CliError::Other(format!("{e}")))?;
    outln!("let mut t = {code}?;");
    let val = ivy::with_backend(Backend::Candle, || ivy::asarray([1.0f32, 2.0]))?;
    let (code, r) = rust!(ivy::inplace_update(&mut t, &val));
    expect_err(&code, r)?;
    // Containers: every leaf updated, the Container itself the same value
    for &b in Backend::ALL {
        ivy::with_backend(b, || -> CliResult {
            outln!("-- {b}: Containers");
            let mut c: Container =
                ivy::container! { a: ivy::zeros([2])?, b: { c: ivy::zeros(())? } };
            let v = ivy::container! { a: ivy::asarray([1.0f32, 2.0])?, b: { c: ivy::asarray(3.0f32)? } };
            let (code, ()) = rust!(ivy::inplace_update_container(
                &mut c,
                &v,
                InplaceUpdateKw::default()
            )?);
            check(
                c.at("a")?.to_vec::<f32>()? == [1.0, 2.0],
                "leaf a to be updated",
            )?;
            outln!("{code};");
            show_container("// c", &c);
            Ok(())
        })?;
    }
    special_path()?;
    copy_rules()
}

/// The seed's special path: `remainder` writes `out` natively (modulus=True) on ndarray, and
/// its modulus=False path, composed of other ops, ends in an `inplace_update` of `out`.
fn special_path() -> CliResult {
    heading("the special path: remainder with modulus: false, into out by inplace_update");
    for &b in Backend::ALL {
        ivy::with_backend(b, || -> CliResult {
            let (x1, x2) = (ivy::asarray([7.0f32, -7.0])?, ivy::asarray([3.0f32, 3.0])?);
            let mut out = ivy::zeros([2])?;
            let before = storage(&out);
            for modulus in [true, false] {
                let (code, ()) = rust!(ivy::remainder_with_out(
                    &x1,
                    &x2,
                    RemainderKw { modulus },
                    &mut out
                )?);
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
                outln!("{b}: let modulus = {modulus};\n{code};\n// out = {out}  ({same})");
            }
            Ok(())
        })?;
    }
    Ok(())
}

/// `copy` on reshape, astype and asarray: unspecified = no new buffer where the backend can
/// avoid one; true = always a new buffer; with out, out wins.
fn copy_rules() -> CliResult {
    heading("copy: unspecified shares, copy: true copies, out wins over copy");
    for &b in Backend::ALL {
        ivy::with_backend(b, || -> CliResult {
            outln!("-- {b}");
            let (code, x) = rust!(ivy::arange(4.0)?);
            outln!("let x = {code};");
            let r = [
                rust!(ivy::reshape(&x, &[2, 2])?.may_share_memory(&x)),
                rust!(
                    ivy::reshape_with(&x, &[2, 2], ReshapeKw { copy: Some(true) })?
                        .may_share_memory(&x)
                ),
                rust!(ivy::astype(&x, Dtype::Float32)?.may_share_memory(&x)),
                rust!(ivy::astype_with(
                    &x,
                    Dtype::Float32,
                    AstypeKw {
                        copy: true,
                        device: None
                    }
                )?
                .may_share_memory(&x)),
                rust!(ivy::asarray(&x)?.may_share_memory(&x)),
                rust!(ivy::asarray_with(
                    &x,
                    AsarrayKw {
                        copy: Some(true),
                        ..Default::default()
                    },
                )?
                .may_share_memory(&x)),
            ];
            let shares: Vec<bool> = r.iter().map(|(_, s)| *s).collect();
            check(
                shares == [true, false, true, false, true, false],
                "copy's rules",
            )?;
            for (code, s) in &r {
                outln!("{code}\n    = {s}");
            }
            let mut out = ivy::zeros([2, 2])?;
            let (code, ()) = rust!(ivy::reshape_with_out(
                &x,
                &[2, 2],
                ReshapeKw { copy: Some(false) },
                &mut out
            )?);
            let own = !out.may_share_memory(&x);
            check(
                own || b == Backend::Candle,
                "ndarray's out to keep its own buffer",
            )?;
            outln!("let mut out = ivy::zeros([2, 2])?;\n{code};");
            outln!("// out = {out}");
            outln!("(out wins: the result is written into out; out kept its own buffer: {own})");
            Ok(())
        })?;
    }
    Ok(())
}

/// The Arrays page: native arrays in, `Array`s out, indexing and setitem with one meaning
/// on both backends (views on ndarray), operators, and the strict in-place mode.
fn arrays() -> CliResult {
    heading("arrays: native arrays in, indexing, setitem, operators, in-place modes");
    let (code, a) = rust!(ndarray::ArrayD::from_shape_vec(
        ndarray::IxDyn(&[2, 2]),
        vec![1.0f32, 4.0, 9.0, 16.0]
    ));
    let a = a.map_err(|e| CliError::Other(format!("{e}")))?;
    outln!("let a = {code}?;");
    let (code, r) = rust!(ivy::sqrt(&a)?); // a borrowed ndarray array goes straight in
    outln!("{code}\n    = {r:?}");
    let (code, back): (_, ndarray::ArrayD<f32>) = rust!(r.to_ndarray()?);
    outln!("{code} -> ndarray {:?}", back.as_slice().unwrap_or(&[]));
    let (code, t) = rust!(candle_core::Tensor::new(
        &[1.0f32, -2.0],
        &candle_core::Device::Cpu
    ));
    let t = t.map_err(|e| CliError::Other(format!("{e}")))?;
    outln!("let t = {code}?;");
    let (code, y) = rust!(ivy::abs(&t)?);
    outln!("{code}\n    = {y:?}");
    for &b in Backend::ALL {
        ivy::with_backend(b, || -> CliResult {
            outln!("-- {b}");
            let (code, mut x) = rust!(ivy::reshape(&ivy::arange(6.0)?, &[2, 3])?);
            outln!("let mut x = {code};");
            let (code, v) = rust!(x.get(ivy::s![.., 1..;-1])?);
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
            outln!("{code}  // x[:, :0:-1]\n    = {v}  ({kind})");
            let (code, mask) = rust!(ivy::greater(&x, 3.5)?);
            outln!("let mask = {code};");
            let (code, y) = rust!(x.get(ivy::s![&mask])?);
            outln!("{code}  // x[x > 3.5]\n    = {y}");
            let (code, rows) = rust!(ivy::asarray([1, 0])?);
            outln!("let rows = {code};");
            let (code, y) = rust!(x.get(ivy::s![&rows, -1])?);
            outln!("{code}  // x[[1, 0], -1]\n    = {y}");
            let (code, ()) = rust!(x.set(ivy::s![0, ..], 9)?);
            outln!("{code};  // x[0, :] = 9");
            let (code, ()) = rust!(x.set(ivy::s![&mask], &ivy::asarray([-1.0f32, -2.0])?)?);
            outln!("{code};\n// x = {x}");
            let (code, ()) = rust!(x.add_assign(1)?);
            outln!("{code};  // x += 1 (fallible: a method)\n// x = {x}");
            let (code, i) = rust!(ivy::asarray([6, -3])?);
            outln!("let i = {code};");
            for (code, y) in [rust!((&i % 4)?), rust!((!&i)?), rust!((1 << &i)?)] {
                outln!("{code} = {y}");
            }
            let (code, strict) =
                rust!(ivy::with_inplace_mode(ivy::InplaceMode::Strict, || x.set(ivy::s![0, 0], 0)));
            // strict: a buffer write is fine (ndarray), a rebinding is refused (candle)
            check(
                strict.is_ok() == (b == Backend::Ndarray),
                "strict mode to refuse candle's rebinding only",
            )?;
            match strict {
                Ok(()) => outln!("{code}\n    -> Ok: the buffer was written"),
                Err(e) => outln!("{code}\n    -> refused: {e}"),
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
            let (code, x) = rust!(MyArray {
                data: ivy::asarray([-3.0f32, 4.0])?,
            });
            outln!("let x = {code};");
            // X = ivy.abs(X): by name, the handler's MyArray comes back
            let (code, y) = rust!(registry::call(
                "abs",
                &[registry::Value::custom(x.clone())],
                &[]
            )?);
            let y = y
                .downcast_ref::<MyArray>()
                .cloned()
                .ok_or_else(|| CliError::Other("tour: abs of a MyArray gave no MyArray".into()))?;
            outln!(
                "{code}\n    = MyArray {{ data: {} }}  (by name: the handler's MyArray)",
                y.data
            );
            let (code, z) = rust!(ivy::sqrt(&y)?);
            outln!("{code}  // handled, an Array back\n    = {z}");
            let (code, r) = rust!(ivy::tan(&x));
            expect_err(&format!("{code}  // no handler for tan"), r)?;
            Ok(())
        })?;
    }
    Ok(())
}

fn data_types() -> CliResult {
    heading("data types: promotion, defaults, superset support, casting modes");
    let (code, p) = rust!(ivy::promote_types(Dtype::Int32, Dtype::Float32)?);
    outln!("{code} = {p}  (precise mode)");
    let (code, p) = rust!(ivy::with_precise_mode(false, || ivy::promote_types(
        Dtype::Int32,
        Dtype::Float32
    ))?);
    outln!("{code} = {p}");
    for (code, d) in [
        rust!(ivy::default_dtype(None, Some(Scalar::Int(7).into()))?),
        rust!(ivy::default_dtype(None, Some(Scalar::Int(1 << 40).into()))?),
        rust!(ivy::default_dtype(None, Some(Scalar::Float(0.5).into()))?),
        rust!(ivy::default_dtype(None, Some(Scalar::Float(1e300).into()))?),
    ] {
        outln!("{code} = {d}");
    }
    let (code, d) = rust!(ivy::with_default_float_dtype(Dtype::Float64, || {
        ivy::default_dtype(None, None)
    })??);
    outln!("{code} = {d}  (the defaults are linked)");
    ivy::with_backend(Backend::Ndarray, || -> CliResult {
        // Rust data: f64, i64, bool, Complex<f64> are Python's numbers; sized types keep theirs
        let d = |r: ivy::Result<Array>| r.map(|a| a.dtype());
        outln!(
            "ivy::asarray(vec![1.0, 2.0]) -> {}, vec![1i64] -> {}   (f64, i64: Python's numbers, Ivy's defaults)",
            d(ivy::asarray(vec![1.0, 2.0]))?,
            d(ivy::asarray(vec![1i64]))?
        );
        outln!(
            "ivy::asarray(vec![1.0f32]) -> {}, vec![1u8] -> {}, vec![1i16] -> {}   (a sized Rust type keeps its dtype)",
            d(ivy::asarray(vec![1.0f32]))?,
            d(ivy::asarray(vec![1u8]))?,
            d(ivy::asarray(vec![1i16]))?
        );
        Ok(())
    })?;
    ivy::with_backend(Backend::Candle, || -> CliResult {
        outln!("-- candle");
        let (code, t) = rust!(ivy::tan(&ivy::asarray(vec![1i64, 2])?)?);
        outln!("{code}\n    = {t}  (superset: integers promoted to the default float)");
        let (code, u) = rust!(ivy::asarray_with(
            vec![250, 3],
            AsarrayKw {
                dtype: Some(Dtype::Uint8),
                ..Default::default()
            },
        )?);
        outln!("let u = {code};");
        let (code, n) = rust!(ivy::negative(&u)?);
        outln!("{code} = {n}  (wraps, as on ndarray)");
        let (code, kw) = rust!(ZerosKw {
            dtype: Some(Dtype::Uint16),
            device: None,
        });
        outln!("let kw = {code};");
        let (code, r) = rust!(ivy::zeros_with([2], kw.clone()));
        expect_err(&code, r)?;
        let (code, z) = rust!(ivy::with_casting_mode(ivy::CastingMode::Upcast, || {
            ivy::zeros_with([2], kw.clone())
        })?);
        outln!("{code}\n    = {z}");
        let (code, r) = rust!(ivy::as_ivy_dtype("uint16"));
        expect_err(&code, r)?;
        Ok(())
    })?;
    // the README's casting-mode example: a real gap (ndarray's `negative` has no bool) that
    // crosscast resolves, since the op lacks the input's whole kind
    ivy::with_backend(Backend::Ndarray, || -> CliResult {
        outln!("-- ndarray");
        let (code, x) = rust!(ivy::asarray([true, false])?);
        outln!("let x = {code};");
        let (code, r) = rust!(ivy::negative(&x));
        expect_err(&code, r)?;
        let (code, n) = rust!(ivy::with_casting_mode(ivy::CastingMode::Crosscast, || {
            ivy::negative(&x)
        })?);
        outln!("{code}\n    = {n}  (bool computed in the default int dtype)");
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
            let (code, x) = rust!(ivy::reshape(&ivy::arange(6.0)?, &[2, 3])?);
            outln!("// numpy: x = np.arange(6.).reshape(2, 3)\nlet x = {code};");
            outln!("// x = {x}");
            let (code, rows) = rust!(ivy::asarray(vec![1i64])?);
            outln!("let rows = {code};");
            let (code, row) = rust!(ivy::take_with(&x, &rows, TakeKw { axis: Some(0) })?);
            outln!("// numpy: x[[1]]\n{code}\n    = {row}");
            let (code, cols) = rust!(ivy::asarray(vec![0i64, 2])?);
            outln!("let cols = {code};");
            let (code, picked) = rust!(ivy::take_with(&x, &cols, TakeKw { axis: Some(1) })?);
            outln!("// numpy: x[:, [0, 2]]\n{code}\n    = {picked}");
            let (code, col) = rust!(x.get(ivy::s![.., -1, ivy::NEWAXIS])?);
            outln!("// numpy: x[:, -1, None]\n{code}\n    = {col}");
            let (code, gram) = rust!(ivy::matmul(&x, &ivy::matrix_transpose(&x)?)?);
            outln!("// numpy: x @ x.T\n{code}\n    = {gram}");
            let (code, mean) = rust!(ivy::mean_with(
                &x,
                MeanKw {
                    axis: Some(vec![0]),
                    keepdims: false,
                },
            )?);
            outln!("// numpy: x.mean(axis=0)\n{code}\n    = {mean}");
            let (code, max) = rust!(ivy::max_with(
                &x,
                MaxKw {
                    axis: Some(vec![-1]),
                    keepdims: true,
                },
            )?);
            outln!("// numpy: x.max(-1, keepdims=True)\n{code}\n    = {max}");
            let (code, mask) = rust!(ivy::greater(&x, 2.5)?);
            outln!("// numpy: mask = x > 2.5\nlet mask = {code};\n// mask = {mask}");
            let (code, kept) = rust!(ivy::r#where(&mask, &x, 0.0)?);
            outln!("// numpy: np.where(x > 2.5, x, 0)\n{code}\n    = {kept}");
            Ok(())
        })?;
    }
    Ok(())
}
