//! Seeded random-call fuzzing of every op in the registry (issue 6, "Done when").
//!
//! No row per op: every op of `ivy::registry::ops()` is called by name
//! (`ivy::registry::call`) with random arguments drawn from its parameter metadata ([`Fz`],
//! a [`Source`] of `ivy_tests`), so an op is fuzzed the moment it is declared. Call `i` of
//! a run draws its op (round-robin over the callable ops of the registry), its backend
//! (ndarray / candle), its main dtype (all 15) and then random arguments from a PRNG seeded
//! by `(seed, i)`, so any single call can be replayed alone. Arguments, by parameter type:
//! - arrays: 0-d and empty arrays, zero-length axes next to huge axes (`[0, usize::MAX]`,
//!   `[0, 1 << 40]`), NaN / ±inf / -0.0 / huge values, every dtype, arrays of the other
//!   backend, candle `Var`s, candle arrays on `cuda:0` (a quarter of them, only where a
//!   CUDA GPU is usable: elsewhere nothing is drawn for it); an operand is sometimes a
//!   scalar (any value);
//! - Containers: mixed leaves (dtypes, shapes, backends) at random key chains, sometimes an
//!   array or a scalar instead;
//! - shapes (`&[usize]`): small, empty with huge axes, with an element count that
//!   overflows, huge (`[1 << 40]`, see [`min_huge`]), or one the call's first array
//!   broadcasts to; axes and ints: in range, out of range (positive and negative),
//!   `i64::MIN`/`MAX`, repeated; usizes: small or huge;
//! - scalars: small (|v| ≤ 16) or beyond any size (NaN, ±inf, ±1e300, 5e-324, `i64::MIN`/`MAX`)
//!   — a scalar may set a result's size (`arange`), and sizes between 4096 elements and
//!   huge are never drawn (see below); `Data`: nested lists of any values, sometimes ragged,
//!   or an array (a quarter of the time);
//! - indices (a list of index items, `get_item` / `set_item`'s `query`): three in four
//!   valid for the call's first array — ints in range (either sign), slices
//!   `"start:stop:step"` (bounds out of range, negative steps), `":"`, integer arrays of
//!   several int dtypes (sharing a length, so they broadcast), masks over one or two axes,
//!   an ellipsis splitting the items between leading and trailing axes, new axes (`None`,
//!   `"newaxis"`), one item sometimes given alone; else one mistake — an out-of-range int
//!   or array entry, a mask of another shape, a step of 0, a float array, arrays that do
//!   not broadcast, one item too many, two ellipses (the op's typed errors), or a malformed
//!   item (`"1:x"`, a float, a bool, a nested list, a dtype: a mistake of kind, so
//!   `ArgumentKind` is expected);
//! - floats (bounds): NaN, ±inf, -0.0, huge and tiny values, the second of a call mostly
//!   the first plus 0..3 (ordered bounds); dtypes: all 15; devices: `cpu`, `cuda:0`,
//!   `cuda:usize::MAX`; text: a key chain of the call's Containers, dtype names and kinds,
//!   other key chains, junk; native dtype names of both backends and junk; options: `None`
//!   30% of the time;
//! - keywords: each passed half of the time, with a value of its type;
//! - mistakes: a value of another kind for a parameter (2% per parameter), one positional
//!   argument too few or too many (1%), an unknown keyword (1%);
//! - scoped settings: defaults of every dtype (`with_default_float_dtype(int8, ..)` must be
//!   an error, not a panic later), casting and precise modes, no backend set.
//!
//! Asserted for every call:
//! - no panic (each call runs under `catch_unwind`; a panic is reported with the op, the
//!   arguments and the panic message), including when the result is read back
//!   (`to_f64_vec`) or printed (`Display`, which must not fail either);
//! - no abort and no hang: the calls run in a child process (this same test binary), so an
//!   abort ("memory allocation of N bytes failed", a stack overflow) or a call still running
//!   after `IVY_FUZZ_HANG_SECS` (default 5) is reported with the call that caused it, and
//!   the run goes on after it (the child restarts at its last checkpoint, skipping that
//!   call, so no other result is lost);
//! - the inputs are unchanged (backend, dtype, shape, device and every value, bitwise,
//!   NaN-aware, via a debug dump of an ndarray copy): every input array and Container leaf
//!   after any call, and a `&mut` array (`inplace_update`'s `x`) when the call returns
//!   `Err`; on `Ok`, the array a `&mut` parameter returns keeps its backend and shape, with
//!   the dtype of one of the call's input arrays;
//! - the error is never `ivy::Error::Backend { .. }`: every argument drawn here is one ivy
//!   can check before calling a backend (shapes, axes, dtypes, devices, sizes, values);
//! - an error that names an op ([`Error::op`]) names the op called, not one it runs
//!   inside (a promotion's `astype`, the `clip` a loss is written with);
//! - the error is not `ArgumentKind`, `Arity` or `UnknownKeyword` unless a mistake was
//!   drawn on purpose (else the generator's rule for some parameter type is wrong);
//! - an error message is at most 4 lines (no backend backtrace copied in: run with
//!   `RUST_BACKTRACE=1` to check that, as candle then captures backtraces).
//!
//! The other forms, by name too:
//! - `_out`: a quarter of the calls of an op with an `out` form go through it
//!   ([`DynEntry::call_out`](ivy::registry::DynEntry::call_out)) with a random `out` (half
//!   the time shaped like the call's own result, found by a call without `out`; else mostly
//!   the first array's shape, any dtype): on `Ok` it keeps its backend, dtype and shape; on
//!   `Err` it is unchanged, bitwise;
//! - nested: an array argument of a nestable op is a Container 10% of the time, which runs
//!   the `nested::` form (the leaves of mixed dtypes, shapes and backends);
//! - the operators (`&a + &b`), compound assignments (`a.add_assign(b)`) and comparison
//!   methods (`a.lt(b)`) are not reachable by name; [`operators_are_their_ops`] checks
//!   each row of `ivy::ops::OPERATORS` against the op it names, with operands drawn by
//!   this generator from that op's metadata: the operator's result is the op's by name
//!   (bitwise, or the same error), and `x ⊕= y` leaves in `x` what the op's `out` form
//!   writes into a copy of `x` (or both fail and `x` is unchanged; an update wrong in two
//!   ways — a dtype the op lacks, and `y` not broadcasting to `x` — may name either).
//!
//! [`huge_allocations_are_errors`] runs, for every callable op on both backends, each in the
//! child process too, calls needing ≥ 2^40 elements built by parameter type: shapes of
//! [`ALLOC_HUGE_SHAPES`] for shape parameters (creation ops in four dtypes), arrays empty
//! with a huge axis (with axis 0 or 1 for axis parameters: keeping the huge axis needs a
//! huge result), two 2^20-element arrays broadcasting against each other (ops taking two
//! arrays), and scalars spanning a huge range (`0, 1 << 44, 1`, …; `arange`). Each must
//! return an error (`OutOfMemory` or any non-`Backend` error), or `Ok` with a result that
//! is not huge — never an abort, a panic, a hang or a huge `Ok`.
//!
//! Valid calls are not left to the seed: [`every_form_has_a_valid_call`] builds, for every
//! callable op on both backends, a valid call of each of its forms from its parameter
//! types alone ([`constructed_calls`]: the small call of `ivy_tests::Small` in float32, or
//! the first dtype the op's support answer includes; its `_out` form into zeros shaped
//! and typed like the plain result; its nested form with each array argument wrapped in a
//! Container) and asserts each returns `Ok`, naming the op, form, backend and arguments
//! otherwise. The fuzz only reports the forms its run never got `Ok` for.
//! [`every_op_is_exercised`] fails for an op whose constructed call is never `Ok`, unless
//! the registry declares it not callable by name (printed with the reason, and checked to
//! answer `NotCallable` to random arguments); and for an op whose parameter types the
//! generator has no rule for (teach `Ty` in `tests/src/lib.rs`).
//!
//! Rules this file relies on where the issue leaves the choice to the implementation
//! (the lead's choices):
//! - a shape whose element count (product of the dims, checked) times the element size
//!   exceeds `isize::MAX` is an error on both backends, never a panic; a shape that is valid
//!   but cannot be allocated is `Error::OutOfMemory { op, bytes }` (any non-`Backend` error
//!   is accepted here);
//! - "huge" means ≥ 2^40 elements, or ≥ 2^57 where `vm.overcommit_memory = 1` (see
//!   [`min_huge`]); element counts between 4096 and that are never drawn (they may succeed
//!   slowly, or meet the OOM killer, neither of which is a bug);
//! - a NaN clip bound is an `InvalidArgument` (checked in `agreement.rs`);
//! - float → integer conversion is Rust's saturating `as`, NaN → 0 (`agreement.rs`).
//!
//! Running (debug build):
//! - `cargo test -p ivy-tests --test suite random_calls::` runs `DEFAULT_CALLS` calls (a few
//!   seconds) and the huge-allocation list;
//! - `IVY_FUZZ_CALLS=1000000 cargo test -p ivy-tests --test suite random_calls::fuzz -- --nocapture`
//!   runs any number; `IVY_FUZZ_SEED=N` picks the seed (default `DEFAULT_SEED`);
//! - `IVY_FUZZ_FROM=i IVY_FUZZ_CALLS=1 IVY_FUZZ_VERBOSE=1` replays call `i` alone and prints
//!   its arguments (a failure report names `i` and the seed);
//! - `IVY_FUZZ_HUGE=0` draws only huge dims ≥ 2^63 (beyond `isize::MAX` bytes whatever the
//!   dtype), so no allocation that could abort is ever attempted: to collect the other
//!   failures first when huge allocations abort the process;
//! - `IVY_FUZZ_INPROCESS=1` runs the calls in the test process itself (no abort isolation).
//!
//! A summary line is printed: calls made, `Ok` count, `Err` counts by variant.

use ivy::ops::OperatorForm;
use ivy::prelude::*;
use ivy::registry::Value;
use ivy::Error;
use ivy_core::OpEntry;
use ivy_tests::{
    describe as describe_args, fill, guarded, is_argument_error, native_name, plans, value,
    variant, Args, Param, Plan, Rng, Small, Source, Ty,
};
use std::collections::{BTreeMap, BTreeSet};
use std::io::{BufRead, BufReader, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::process::{Command, Stdio};

/// Calls made by a plain `cargo test` (debug build: a few seconds). Valid calls of every
/// form are asserted by construction ([`every_form_has_a_valid_call`]), so the count need
/// not grow with the op list.
const DEFAULT_CALLS: u64 = 60_000;
/// The seed of a plain `cargo test`.
const DEFAULT_SEED: u64 = 0x1f2e_3d4c_5b6a_7988;
/// A child process that aborts is restarted after the aborting call, at most this often.
const MAX_RESTARTS: usize = 60;
/// The chance that a parameter gets a value of another kind.
const WRONG_KIND: f64 = 0.02;
/// The chance that an array argument of a nestable op is a Container (its nested form).
const NESTED: f64 = 0.1;
/// The chance that an op with an `out` form is called through it.
const OUT: f64 = 0.25;

// ======================================================================== value pools

/// Huge dims: next to a zero-length axis (empty arrays) or in products that overflow.
/// With `IVY_FUZZ_HUGE=0` only those ≥ 2^63 are used (any result with one of them is
/// beyond `isize::MAX` bytes, so no allocation is ever attempted).
const HUGE_DIMS: [usize; 7] = [
    1 << 40,
    1 << 41,
    1 << 58,
    1 << 62,
    isize::MAX as usize,
    isize::MAX as usize + 1,
    usize::MAX,
];

/// Non-empty shapes of at least 2^40 elements whose byte count fits `isize` (so only an
/// allocation can refuse them).
const ALLOC_HUGE_SHAPES: &[&[usize]] = &[
    &[1 << 40],
    &[1 << 41],
    &[1 << 21, 1 << 21],
    &[1 << 40, 1],
    &[3, 1 << 40],
    &[1 << 50],
    &[1 << 58],
    &[1 << 57, 2],
    &[(isize::MAX as usize) / 16 + 1],
];

/// The fewest elements a "huge" shape has: 2^40 (terabytes: beyond RAM + swap, which
/// Linux's default overcommit heuristic refuses), or 2^57 where the kernel grants any size
/// (`vm.overcommit_memory = 1`; then only sizes beyond any address space fail). Sizes in
/// between are never drawn: they may succeed, slowly, or be killed by the OOM killer.
fn min_huge() -> usize {
    static M: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *M.get_or_init(|| {
        if ivy_tests::overcommit_always() {
            1 << 57
        } else {
            1 << 40
        }
    })
}

fn alloc_huge_shapes() -> Vec<Vec<usize>> {
    ALLOC_HUGE_SHAPES
        .iter()
        .filter(|s| s.iter().product::<usize>() >= min_huge())
        .map(|s| s.to_vec())
        .collect()
}

fn float_pool() -> [f64; 27] {
    [
        0.0,
        -0.0,
        1.0,
        -1.0,
        0.5,
        -2.5,
        3.0,
        100.0,
        1e-30,
        65504.0,
        65520.0,
        3.4e38,
        3.5e38,
        1e300,
        -1e300,
        f64::MAX,
        f64::MIN_POSITIVE,
        5e-324,
        f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
        2147483648.0,
        -2147483649.0,
        9.3e18,
        255.0,
        256.0,
        -129.0,
    ]
}

const INT_POOL: [i64; 18] = [
    0,
    1,
    -1,
    2,
    127,
    128,
    -128,
    255,
    256,
    32767,
    -32768,
    65535,
    i32::MAX as i64,
    i32::MIN as i64,
    u32::MAX as i64,
    i64::MAX,
    i64::MIN,
    -7,
];

// ======================================================================== report

#[derive(Default)]
struct Report {
    calls: u64,
    ok: u64,
    errs: BTreeMap<String, u64>,
    /// op → calls that returned `Ok` (a row whose calls never succeed tests nothing)
    ok_by_op: BTreeMap<String, u64>,
    /// `"op out"` / `"op nested"` → calls of that form that returned `Ok`
    ok_by_form: BTreeMap<String, u64>,
    /// failure class → (count, first call index, first arguments, first message)
    fails: BTreeMap<String, (u64, u64, String, String)>,
}

impl Report {
    fn fail(&mut self, class: &str, op: &str, msg: &str, index: u64, desc: &str) {
        let key = format!("[{class}] {op}: {}", normalize(msg));
        let e = self
            .fails
            .entry(key)
            .or_insert_with(|| (0, index, desc.to_string(), msg.to_string()));
        e.0 += 1;
    }

    fn merge(&mut self, o: Report) {
        self.calls += o.calls;
        self.ok += o.ok;
        for (k, v) in o.errs {
            *self.errs.entry(k).or_default() += v;
        }
        for (k, v) in o.ok_by_op {
            *self.ok_by_op.entry(k).or_default() += v;
        }
        for (k, v) in o.ok_by_form {
            *self.ok_by_form.entry(k).or_default() += v;
        }
        for (k, v) in o.fails {
            let e = self.fails.entry(k).or_insert((0, v.1, v.2, v.3));
            e.0 += v.0;
        }
    }

    fn summary(&self) -> String {
        let errs: Vec<String> = self.errs.iter().map(|(k, v)| format!("{k}: {v}")).collect();
        let form_ok = |f: &str| -> u64 {
            self.ok_by_form
                .iter()
                .filter(|(k, _)| k.ends_with(f))
                .map(|(_, v)| v)
                .sum()
        };
        format!(
            "random_calls: {} calls, {} Ok ({} through `_out`, {} nested), {} Err ({}), {} failure classes",
            self.calls,
            self.ok,
            form_ok(" out"),
            form_ok(" nested"),
            self.errs.values().sum::<u64>(),
            errs.join(", "),
            self.fails.len()
        )
    }

    fn failures(&self) -> String {
        let mut s = String::new();
        for (k, (n, i, desc, msg)) in &self.fails {
            let lines = msg.lines().count();
            let mut m: String = msg.lines().take(3).collect::<Vec<_>>().join("\n        ");
            if lines > 3 {
                m += &format!("\n        … ({lines} lines in all)");
            }
            s += &format!("\n{k}\n    {n}× — first at call {i}: {desc}\n    message: {m}\n");
        }
        s
    }

    /// One line per record, for the parent process.
    fn emit(&self) {
        let mut o = std::io::stdout().lock();
        writeln!(o, "@@STATS\t{}\t{}", self.calls, self.ok).unwrap();
        for (k, v) in &self.errs {
            writeln!(o, "@@ERR\t{k}\t{v}").unwrap();
        }
        for (k, v) in &self.ok_by_op {
            writeln!(o, "@@OKOP\t{k}\t{v}").unwrap();
        }
        for (k, v) in &self.ok_by_form {
            writeln!(o, "@@OKFORM\t{k}\t{v}").unwrap();
        }
        for (k, (n, i, d, m)) in &self.fails {
            writeln!(o, "@@FAIL\t{}\t{n}\t{i}\t{}\t{}", esc(k), esc(d), esc(m)).unwrap();
        }
        o.flush().unwrap();
    }

    fn parse_line(&mut self, line: &str) {
        let f: Vec<&str> = line.split('\t').collect();
        match f[0] {
            "@@STATS" => {
                self.calls += f[1].parse::<u64>().unwrap();
                self.ok += f[2].parse::<u64>().unwrap();
            }
            "@@ERR" => {
                *self.errs.entry(f[1].to_string()).or_default() += f[2].parse::<u64>().unwrap()
            }
            "@@OKOP" => {
                *self.ok_by_op.entry(f[1].to_string()).or_default() += f[2].parse::<u64>().unwrap()
            }
            "@@OKFORM" => {
                *self.ok_by_form.entry(f[1].to_string()).or_default() +=
                    f[2].parse::<u64>().unwrap()
            }
            "@@FAIL" => {
                let e = self.fails.entry(unesc(f[1])).or_insert((
                    0,
                    f[3].parse().unwrap(),
                    unesc(f[4]),
                    unesc(f[5]),
                ));
                e.0 += f[2].parse::<u64>().unwrap();
            }
            _ => {}
        }
    }
}

fn esc(s: &str) -> String {
    s.replace('\\', "\\\\")
        .replace('\t', "\\t")
        .replace('\n', "\\n")
}
fn unesc(s: &str) -> String {
    let mut o = String::new();
    let mut it = s.chars();
    while let Some(c) = it.next() {
        if c == '\\' {
            match it.next() {
                Some('t') => o.push('\t'),
                Some('n') => o.push('\n'),
                Some(c) => o.push(c),
                None => {}
            }
        } else {
            o.push(c);
        }
    }
    o
}

/// A message with digit runs collapsed and cut, so one failure class is one key.
fn normalize(msg: &str) -> String {
    let first = msg.lines().next().unwrap_or("");
    let mut o = String::new();
    let mut last_digit = false;
    let mut depth = 0;
    for c in first.chars() {
        match c {
            '[' | '(' | '{' => {
                depth += 1;
                if depth == 1 {
                    o.push(c);
                    o.push('…');
                }
                continue;
            }
            ']' | ')' | '}' if depth > 0 => {
                depth -= 1;
                if depth == 0 {
                    o.push(c);
                }
                continue;
            }
            _ if depth > 0 => continue,
            _ => {}
        }
        if c.is_ascii_digit() {
            if !last_digit {
                o.push('N');
            }
            last_digit = true;
        } else {
            last_digit = false;
            o.push(c);
        }
    }
    o.chars().take(110).collect()
}

// ======================================================================== snapshots

/// Everything observable of an array: backend, dtype, shape, device and exact values.
#[derive(Debug, PartialEq)]
struct Snap {
    backend: Backend,
    dtype: Dtype,
    shape: Vec<usize>,
    device: Device,
    values: String,
}

fn snap(a: &Array) -> Snap {
    let values = match a.to_backend(Backend::Ndarray) {
        // {:#?}: every element, floats round-trip exactly, NaN equals NaN
        Ok(n) => format!("{:#?}", n.native()),
        Err(e) => format!("<unreadable: {e}>"),
    };
    Snap {
        backend: a.backend(),
        dtype: a.dtype(),
        shape: a.shape().to_vec(),
        device: a.device(),
        values,
    }
}

// ======================================================================== result checks

fn checked_size(shape: &[usize]) -> Option<usize> {
    shape.iter().try_fold(1usize, |n, &d| n.checked_mul(d))
}

/// Reads an array back the way a user would (values, printing), so panics there count.
fn inspect_array(a: &Array) -> Result<(), String> {
    let size = checked_size(a.shape())
        .ok_or_else(|| format!("result has shape {:?}: its size overflows", a.shape()))?;
    if size <= 1 << 16 {
        let v = a
            .to_f64_vec()
            .map_err(|e| format!("result unreadable: {e}"))?;
        if v.len() != size {
            return Err(format!("shape {:?} but {} values", a.shape(), v.len()));
        }
    }
    let _ = format!("{a}");
    Ok(())
}

/// Reads a result back: its arrays, Container leaves, list items; prints it.
fn inspect(v: &Value) -> Result<(), String> {
    match v {
        Value::Array(a) => inspect_array(a),
        Value::Container(c) => {
            for (_, l) in c.leaves() {
                inspect_array(l)?;
            }
            let _ = format!("{c}");
            Ok(())
        }
        Value::List(l) => l.iter().try_for_each(inspect),
        Value::Record(r) => r.iter().try_for_each(|(_, x)| inspect(x)),
        other => {
            let _ = format!("{other:?}");
            Ok(())
        }
    }
}

// ======================================================================== the generator

/// A scoped setting a call runs under.
#[derive(Clone, Copy, Debug)]
enum Ctx {
    None,
    NoBackend,
    Default(ivy::DefaultKind, Dtype),
    Casting(ivy::CastingMode),
    Precise(bool),
}

fn other(b: Backend) -> Backend {
    match b {
        Backend::Ndarray => Backend::Candle,
        _ => Backend::Ndarray,
    }
}

/// The random arguments of one call (see the file's top comment), by parameter type.
struct Fz {
    rng: Rng,
    /// The call's backend.
    b: Backend,
    /// The call's main dtype.
    d: Dtype,
    huge: bool,
    /// What each generated array or Container holds, in generation order (for reports).
    notes: Vec<String>,
    /// The shape of the call's first array (shapes and axes relate to it).
    first_shape: Option<Vec<usize>>,
    /// The floats drawn so far (bounds are mostly ordered).
    floats: Vec<f64>,
    /// A mistake was drawn on purpose: argument errors are expected.
    wrong: bool,
    /// A parameter was given a value of a valid kind that some ops refuse by its value (a
    /// complex scalar where only real ones make sense: `arange`'s bounds, `set_item` of a
    /// real array; a bool dtype for more than two values; a non-integer optional array,
    /// which may be indices: `searchsorted`'s `sorter`): an `ArgumentKind` error is then
    /// expected (it may name another parameter: `arange(start)` alone is `stop`).
    edgy: bool,
    /// The key chains of the call's Containers.
    keys: Vec<String>,
    /// The op is nestable: a Container is a valid value for its array parameters.
    nestable: bool,
}

impl Fz {
    fn new(seed: u64, i: u64, b: Backend, d: Dtype, huge: bool) -> Fz {
        Fz {
            rng: Rng::new(seed ^ i.wrapping_mul(0xA076_1D64_78BD_642F)),
            b,
            d,
            huge,
            notes: Vec::new(),
            first_shape: None,
            floats: Vec::new(),
            wrong: false,
            edgy: false,
            keys: Vec::new(),
            nestable: false,
        }
    }

    // ---------------------------------------------------------------- dtypes, devices

    fn dtype(&mut self) -> Dtype {
        self.rng.pick(&Dtype::ALL)
    }
    /// Mostly the call's dtype, else any.
    fn main_dtype(&mut self) -> Dtype {
        if self.rng.chance(0.6) {
            self.d
        } else {
            self.dtype()
        }
    }
    fn device(&mut self) -> Device {
        if self.rng.chance(0.03) {
            Device::Cuda(usize::MAX)
        } else if self.rng.chance(0.85) {
            Device::Cpu
        } else {
            Device::Cuda(0)
        }
    }

    // ---------------------------------------------------------------- shapes

    fn small_shape(&mut self) -> Vec<usize> {
        let ndim = self.rng.pick(&[0, 1, 1, 1, 2, 2, 3]);
        (0..ndim)
            .map(|_| self.rng.pick(&[0, 1, 1, 2, 2, 3, 4]))
            .collect()
    }
    fn huge_dim(&mut self) -> usize {
        let dims: Vec<usize> = HUGE_DIMS
            .iter()
            .copied()
            .filter(|&d| d >= if self.huge { min_huge() } else { 1 << 63 })
            .collect();
        self.rng.pick(&dims)
    }
    /// Zero elements, with huge axes next to the zero-length one.
    fn empty_huge_shape(&mut self) -> Vec<usize> {
        let mut s: Vec<usize> = (0..self.rng.range_i64(1, 3))
            .map(|_| self.huge_dim())
            .collect();
        let at = self.rng.below(s.len() + 1);
        s.insert(at, 0);
        s
    }
    /// Non-zero dims whose product overflows `usize`.
    fn overflow_shape(&mut self) -> Vec<usize> {
        let mut s = vec![self.huge_dim(), self.huge_dim()];
        if self.rng.chance(0.3) {
            s.push(self.rng.pick(&[2, 3]));
        }
        if checked_size(&s).is_some() {
            s.push(usize::MAX);
        }
        s
    }
    /// A shape argument: small, empty with huge axes, overflowing, or huge.
    fn create_shape(&mut self) -> Vec<usize> {
        let r = self.rng.below(100);
        if r < 60 {
            self.small_shape()
        } else if r < 78 {
            self.empty_huge_shape()
        } else if r < 88 {
            self.overflow_shape()
        } else if self.huge {
            self.rng.pick(&alloc_huge_shapes())
        } else {
            self.small_shape()
        }
    }
    /// A shape `x` broadcasts to (sometimes with a huge leading axis).
    fn target_shape(&mut self, x: &[usize]) -> Vec<usize> {
        let mut s: Vec<usize> = x
            .iter()
            .map(|&d| if d == 1 { self.rng.pick(&[1, 2, 3]) } else { d })
            .collect();
        for _ in 0..self.rng.below(3) {
            let lead = if self.huge && self.rng.chance(0.2) {
                self.rng.pick(&[min_huge(), 2 * min_huge()])
            } else {
                self.rng.pick(&[0, 1, 2])
            };
            s.insert(0, lead);
        }
        match checked_size(&s) {
            Some(n) if n <= 4096 || (self.huge && n >= min_huge()) => s,
            _ => self.small_shape(),
        }
    }
    /// More dimensions than candle's CPU kernels iterate over (8), few elements.
    fn high_rank_shape(&mut self) -> Vec<usize> {
        let ndim = 9 + self.rng.below(4);
        (0..ndim).map(|_| self.rng.pick(&[1, 1, 1, 2])).collect()
    }
    /// A shape for input arrays: small, sometimes empty with huge axes, or of rank above 8.
    fn in_shape(&mut self) -> Vec<usize> {
        if self.rng.chance(0.12) {
            self.empty_huge_shape()
        } else if self.rng.chance(0.04) {
            self.high_rank_shape()
        } else {
            self.small_shape()
        }
    }

    // ---------------------------------------------------------------- values

    fn float(&mut self) -> f64 {
        if self.rng.chance(0.3) {
            self.rng.range_i64(-40, 40) as f64 / 4.0
        } else {
            self.rng.pick(&float_pool())
        }
    }
    fn int(&mut self) -> i64 {
        if self.rng.chance(0.3) {
            self.rng.range_i64(-100, 100)
        } else {
            self.rng.pick(&INT_POOL)
        }
    }
    /// Any scalar (array values, operands).
    fn scalar(&mut self) -> Scalar {
        match self.rng.below(10) {
            0..=3 => Scalar::Float(self.float()),
            4..=7 => Scalar::Int(self.int().into()),
            8 => Scalar::Bool(self.rng.chance(0.5)),
            _ => Scalar::Complex(self.float(), self.float()),
        }
    }
    /// A scalar argument: small (|v| ≤ 16, steps ≥ 0.25) or beyond any size, so a size it
    /// sets (`(stop - start) / step`) is small or huge, never in between: the large values
    /// are ±1e300 and `i64::MIN`/`MAX` (no two whose ratio is between 4096 and 2^57), the
    /// tiny ones 5e-324 and 1e-30.
    fn size_scalar(&mut self) -> Scalar {
        let small = |r: &mut Rng| r.range_i64(-64, 64) as f64 / 4.0;
        match self.rng.below(10) {
            0..=3 => Scalar::Float(small(&mut self.rng)),
            4..=6 => Scalar::Int(self.rng.range_i64(-16, 16).into()),
            7 => Scalar::Bool(self.rng.chance(0.5)),
            8 => Scalar::Complex(small(&mut self.rng), small(&mut self.rng)),
            _ => self.rng.pick(&[
                Scalar::Float(f64::NAN),
                Scalar::Float(f64::INFINITY),
                Scalar::Float(f64::NEG_INFINITY),
                Scalar::Float(1e300),
                Scalar::Float(-1e300),
                Scalar::Float(5e-324),
                Scalar::Float(1e-30),
                Scalar::Int(i64::MAX.into()),
                Scalar::Int(i64::MIN.into()),
            ]),
        }
    }
    /// Values fitting `d`'s kind, sometimes of another kind.
    fn values(&mut self, d: Dtype, n: usize) -> Vec<Scalar> {
        let mixed = self.rng.chance(0.1);
        (0..n)
            .map(|_| {
                if mixed {
                    return self.scalar();
                }
                if d.is_bool() {
                    Scalar::Bool(self.rng.chance(0.5))
                } else if d.is_int() {
                    Scalar::Int(self.int().into())
                } else if d.is_complex() {
                    Scalar::Complex(self.float(), self.float())
                } else {
                    Scalar::Float(self.float())
                }
            })
            .collect()
    }
    /// An axis for the call's first array: mostly in range, sometimes out of it.
    fn axis(&mut self) -> i64 {
        let n = self.first_shape.as_ref().map_or(2, Vec::len) as i64;
        let r = &mut self.rng;
        match r.below(10) {
            0..=5 => r.range_i64(-n.max(1), (n - 1).max(0)),
            6 | 7 => r.range_i64(-n - 3, n + 3),
            8 => r.pick(&[i64::MIN, i64::MAX, -n - 1, n]),
            _ => r.pick(&[0, -1]),
        }
    }
    fn axes(&mut self) -> Vec<i64> {
        match self.rng.below(5) {
            0 => vec![],
            1 | 2 => vec![self.axis()],
            3 => vec![self.axis(), self.axis()],
            _ => {
                let a = self.axis();
                vec![a, a]
            }
        }
    }
    /// Nested lists of values (`Data`), sometimes ragged.
    fn data(&mut self) -> Value {
        if self.rng.chance(0.25) {
            // an array as `asarray`'s data (any backend, dtype, shape; a candle `Var`)
            return self.array_value();
        }
        let d = self.main_dtype();
        let shape = self.small_shape();
        let n = checked_size(&shape).unwrap_or(0);
        let vals = self.values(d, n);
        let mut v = ivy_tests::nested(&vals, &shape);
        if self.rng.chance(0.1) {
            // ragged (a mistake: not `Data`): one more value in the first row
            if let Value::List(rows) = &mut v {
                self.wrong = true;
                match rows.first_mut() {
                    Some(Value::List(r)) => r.push(Value::Scalar(self.scalar())),
                    _ => rows.push(Value::List(vec![])),
                }
            }
        }
        v
    }
    /// Text: a key chain of the call's Containers, a dtype name or kind, a key chain,
    /// junk.
    fn text(&mut self) -> String {
        if !self.keys.is_empty() && self.rng.chance(0.5) {
            return self.rng.pick(&self.keys);
        }
        match self.rng.below(4) {
            0 => self.dtype().to_string(),
            1 => self
                .rng
                .pick(&[
                    "bool",
                    "signed integer",
                    "unsigned integer",
                    "integral",
                    "real floating",
                    "complex floating",
                    "numeric",
                    "floating",
                    "int",
                ])
                .into(),
            2 => self
                .rng
                .pick(&["a", "a/x", "b/z/w", "c", "", "/", "a//x", "zz", "a/x/"])
                .into(),
            _ => self
                .rng
                .pick(&["Float32", "float32 ", "uint128", "\u{0}", "ü"])
                .into(),
        }
    }
    /// A native dtype name: candle's, ndarray's, the current backend's name of a dtype, or
    /// no native dtype's (a mistake: not a `NativeDtype`).
    fn native_dtype(&mut self) -> String {
        match self.rng.below(4) {
            0 => self
                .rng
                .pick(&[
                    "U8", "U32", "I16", "I32", "I64", "BF16", "F16", "F32", "F64",
                ])
                .into(),
            1 => self
                .rng
                .pick(&["i8", "f32", "half::bf16", "Complex<f64>", "bool"])
                .into(),
            2 => {
                self.wrong = true;
                self.rng.pick(&["F8E4M3", "u128", ""]).into()
            }
            _ => {
                let d = self.main_dtype();
                ivy::with_backend(self.b, || native_name(d)).unwrap_or_else(|_| "f64".into())
            }
        }
    }

    // ---------------------------------------------------------------- arrays

    /// An array of `dtype` and `shape` on `backend` with random values; falls back to
    /// zeros, then to ndarray, then to a float32 `[2]` array. Creation panics are reported.
    fn array_of(&mut self, backend: Backend, dtype: Dtype, shape: &[usize]) -> (Array, String) {
        let n = checked_size(shape).unwrap_or(0);
        let vals = if n <= 256 {
            self.values(dtype, n)
        } else {
            vec![]
        };
        let vdesc = if vals.is_empty() {
            String::new()
        } else {
            format!(" {}", fmt_vals(&vals))
        };
        let try_make = |b: Backend, d: Dtype, s: &[usize], vals: &[Scalar]| -> Option<Array> {
            let s = s.to_vec();
            let vals = vals.to_vec();
            guarded(move || {
                ivy::with_backend(b, || {
                    if checked_size(&s) == Some(vals.len()) && !vals.is_empty() {
                        let data = Data::from(vals).reshape(&s)?;
                        ivy::asarray_with(
                            data,
                            AsarrayKw {
                                dtype: Some(d),
                                device: None,
                                copy: None,
                            },
                        )
                    } else {
                        ivy::zeros_with(
                            &s,
                            ZerosKw {
                                dtype: Some(d),
                                device: None,
                            },
                        )
                    }
                })
            })
            .ok()
            .and_then(Result::ok)
        };
        if let Some(a) = try_make(backend, dtype, shape, &vals) {
            let d = format!("{backend}:{dtype}{shape:?}{vdesc}");
            return (a, d);
        }
        if let Some(a) = try_make(Backend::Ndarray, dtype, shape, &vals) {
            let d = format!("ndarray:{dtype}{shape:?}{vdesc}");
            return (a, d);
        }
        let a = ivy::with_backend(backend, || ivy::asarray(vec![0.5f32, -1.0])).unwrap();
        (a, format!("{backend}:float32[2] [0.5, -1.0]"))
    }

    /// A random input array: mostly the call's backend and dtype; sometimes a candle Var.
    fn array(&mut self) -> (Array, String) {
        let b = if self.rng.chance(0.92) {
            self.b
        } else {
            other(self.b)
        };
        let d = self.main_dtype();
        let s = self.in_shape();
        let (a, desc) = self.array_of(b, d, &s);
        // sometimes a strided candle tensor (its axes reversed, not copied: candle's
        // kernels walk such layouts with their own iterators)
        let (a, desc) = if a.backend() == Backend::Candle && a.ndim() >= 2 && self.rng.chance(0.1) {
            let axes: Vec<usize> = (0..a.ndim()).rev().collect();
            let t = candle_core::Tensor::try_from(a.clone()).ok();
            match t.and_then(|t| t.permute(axes).ok()) {
                Some(t) => (Array::from(t), format!("candle-permuted({desc}, reversed)")),
                None => (a, desc),
            }
        } else {
            (a, desc)
        };
        // on a machine where candle reaches a CUDA GPU, a quarter of candle's inputs are on
        // `cuda:0` (no draw elsewhere: CPU-only runs replay as before)
        let (a, desc) = if a.backend() == Backend::Candle
            && ivy_tests::candle_cuda().is_ok()
            && self.rng.chance(0.25)
        {
            match ivy::to_device(&a, Device::Cuda(0)) {
                Ok(g) => (g, format!("cuda:0({desc})")),
                Err(_) => (a, desc),
            }
        } else {
            (a, desc)
        };
        if self.first_shape.is_none() {
            self.first_shape = Some(a.shape().to_vec());
        }
        if a.backend() == Backend::Candle && self.rng.chance(0.05) {
            if let Ok(t) = candle_core::Tensor::try_from(a.clone()) {
                if let Ok(v) = candle_core::Var::from_tensor(&t) {
                    return (Array::from(v), format!("Var({desc})"));
                }
            }
        }
        (a, desc)
    }
    /// An index array argument: an integer dtype, one time in ten any dtype (a mistake
    /// drawn when not an integer one).
    fn index_array(&mut self) -> Value {
        const INTS: [Dtype; 8] = [
            Dtype::Int8,
            Dtype::Int16,
            Dtype::Int32,
            Dtype::Int64,
            Dtype::Uint8,
            Dtype::Uint16,
            Dtype::Uint32,
            Dtype::Uint64,
        ];
        let d = if self.rng.chance(0.9) {
            self.rng.pick(&INTS)
        } else {
            self.dtype()
        };
        self.wrong |= !d.is_int();
        let s = self.in_shape();
        let (mut a, mut desc) = self.array_of(self.b, d, &s);
        if d.is_int() && !a.dtype().is_int() {
            // a dtype or shape the backend cannot make (`array_of` fell back to float32):
            // int64, which both backends hold
            (a, desc) = self.array_of(self.b, Dtype::Int64, &s);
        }
        self.wrong |= !a.dtype().is_int();
        self.notes.push(desc);
        Value::Array(a)
    }
    /// An array argument (its description noted).
    fn array_value(&mut self) -> Value {
        let (a, d) = self.array();
        self.notes.push(d);
        Value::Array(a)
    }
    /// A Container of random leaves (mixed dtypes, shapes and backends) at random keys.
    fn container(&mut self) -> Value {
        const KEYS: [&str; 6] = ["a", "b", "a/x", "a/y", "b/z/w", "c"];
        let n = self.rng.pick(&[0, 1, 2, 2, 3, 4]);
        let mut c = Container::new();
        let mut desc = Vec::new();
        for _ in 0..n {
            let k = self.rng.pick(&KEYS);
            let (a, d) = self.array();
            c.insert(k, a);
            self.keys.push(k.to_string());
            desc.push(format!("{k}: {d}"));
        }
        self.notes.push(format!("container{{{}}}", desc.join(", ")));
        Value::Container(c)
    }
    /// A value of some kind, for a parameter that may take another (a mistake on purpose).
    fn wrong_kind(&mut self) -> Value {
        self.wrong = true;
        match self.rng.below(9) {
            0 => Value::None,
            1 => Value::from("x"),
            2 => Value::Dtype(self.dtype()),
            3 => Value::from(1.5),
            4 => Value::from(true),
            5 => Value::List(vec![]),
            6 => Value::List(vec![Value::from(-1i64), Value::from("y")]),
            7 => self.array_value(),
            _ => self.container(),
        }
    }

    // ---------------------------------------------------------------- indices

    /// An array of `vals` in `shape` and dtype `d` on the call's backend (else ndarray),
    /// with its description.
    fn make(&mut self, vals: Vec<Scalar>, shape: &[usize], d: Dtype) -> Item {
        let desc = format!("{}:{d}{shape:?} {}", self.b, fmt_vals(&vals));
        let build = |b: Backend| {
            ivy::with_backend(b, || {
                ivy::asarray_with(
                    Data::from(vals.clone()).reshape(shape)?,
                    AsarrayKw {
                        dtype: Some(d),
                        ..Default::default()
                    },
                )
            })
        };
        let a = build(self.b)
            .or_else(|_| build(Backend::Ndarray))
            .expect("index arrays are small");
        (Value::Array(a), Some(desc))
    }
    /// A position along an axis of length `n > 0`, either sign.
    fn position(&mut self, n: usize) -> i64 {
        let n = n as i64;
        if n <= 64 {
            self.rng.range_i64(-n, n - 1)
        } else {
            self.rng.pick(&[0, 1, -1, n - 1, -n])
        }
    }
    /// An out-of-range position for an axis of length `n`.
    fn bad_position(&mut self, n: usize) -> i64 {
        let n = i64::try_from(n).unwrap_or(i64::MAX);
        self.rng.pick(&[
            n,
            -n.saturating_add(1),
            i64::MAX,
            i64::MIN,
            n.saturating_add(5),
        ])
    }
    /// `start:stop:step` text for an axis of length `n` (bounds out of range too: they
    /// clamp), with a step of 0 when `zero_step`.
    fn slice_text(&mut self, n: usize, zero_step: bool) -> String {
        let n = n.min(64) as i64;
        let bound = |r: &mut Rng| {
            if r.chance(0.4) {
                String::new()
            } else {
                r.range_i64(-n - 2, n + 2).to_string()
            }
        };
        let (a, b) = (bound(&mut self.rng), bound(&mut self.rng));
        let step = if zero_step {
            0
        } else {
            self.rng.pick(&[1, 1, 1, 2, 3, -1, -1, -2])
        };
        match (step, self.rng.chance(0.5)) {
            (1, true) => format!("{a}:{b}"),
            (1, false) => format!("{a}:{b}:"),
            (s, _) => format!("{a}:{b}:{s}"),
        }
    }
    /// A bool mask of `shape` (random values).
    fn mask(&mut self, shape: &[usize]) -> Item {
        let n = checked_size(shape).unwrap_or(0);
        let vals = (0..n).map(|_| Scalar::Bool(self.rng.chance(0.5))).collect();
        self.make(vals, shape, Dtype::Bool)
    }
    /// An integer array of `len` positions along an axis of length `n > 0`.
    fn positions(&mut self, n: usize, len: usize) -> Item {
        let vals = (0..len)
            .map(|_| Scalar::Int(self.position(n).into()))
            .collect();
        let d = if n > 100 {
            Dtype::Int64
        } else {
            self.rng
                .pick(&[Dtype::Int64, Dtype::Int64, Dtype::Int32, Dtype::Int16])
        };
        self.make(vals, &[len], d)
    }
    /// A valid item for an axis of length `n`; integer arrays have `len` entries.
    fn index_item(&mut self, n: usize, len: usize) -> Item {
        match self.rng.below(12) {
            0..=2 if n > 0 => (Value::from(self.position(n)), None),
            3..=5 => (Value::Str(self.slice_text(n, false)), None),
            6 | 7 if n > 0 => self.positions(n, len),
            8 if n <= 16 => self.mask(&[n]),
            _ => (Value::from(":"), None),
        }
    }
    /// An index for the call's first array (see the file's top comment): mostly valid
    /// (integers, slices, `...`, new axes, integer arrays, masks over one or two axes),
    /// else one mistake — a rejected item (out of range, a step of 0, a mask of another
    /// shape, a float array, arrays that do not broadcast, too many items, two ellipses)
    /// or a malformed one (a mistake of kind: `"1:x"`, a float, a nested list, …).
    fn index(&mut self) -> Value {
        let shape = self.first_shape.clone().unwrap_or_else(|| vec![3]);
        let items = if self.rng.chance(0.25) {
            self.bad_index(&shape)
        } else {
            self.good_index(&shape)
        };
        if items.len() == 1 && self.rng.chance(0.5) {
            // one item alone: a list of one
            let (v, note) = items.into_iter().next().expect("one item");
            self.notes.extend(note);
            return v;
        }
        let mut values = Vec::with_capacity(items.len());
        for (v, note) in items {
            self.notes.extend(note);
            values.push(v);
        }
        Value::List(values)
    }
    fn good_index(&mut self, shape: &[usize]) -> Vec<Item> {
        let nd = shape.len();
        let k = self.rng.below(nd + 1);
        // the ellipsis splits the indexed axes: the first `e` and the last `k - e`
        let ellipsis = self.rng.chance(0.3);
        let e = if ellipsis { self.rng.below(k + 1) } else { k };
        let axes: Vec<usize> = (0..e).chain(nd - (k - e)..nd).collect();
        let len = self.rng.pick(&[1, 2, 2, 3]);
        let mut items = Vec::new();
        let mut at_ellipsis = 0;
        let mut i = 0;
        while i < axes.len() {
            if i == e {
                at_ellipsis = items.len();
            }
            let ax = axes[i];
            let same_side = i + 1 < e || (i >= e && i + 1 < axes.len());
            if same_side && shape[ax] <= 8 && shape[ax + 1] <= 8 && self.rng.chance(0.08) {
                items.push(self.mask(&shape[ax..ax + 2]));
                i += 2;
                continue;
            }
            items.push(self.index_item(shape[ax], len));
            i += 1;
        }
        if e == axes.len() {
            at_ellipsis = items.len();
        }
        if ellipsis {
            items.insert(at_ellipsis, (Value::from("..."), None));
        }
        for _ in 0..self.rng.pick(&[0, 0, 0, 1, 2]) {
            let at = self.rng.below(items.len() + 1);
            let new_axis = if self.rng.chance(0.5) {
                Value::None
            } else {
                Value::from("newaxis")
            };
            items.insert(at, (new_axis, None));
        }
        items
    }
    fn bad_index(&mut self, shape: &[usize]) -> Vec<Item> {
        let nd = shape.len();
        let full = |k: usize| -> Vec<Item> { (0..k).map(|_| (Value::from(":"), None)).collect() };
        let j = if nd > 0 { self.rng.below(nd) } else { 0 };
        let n = shape.get(j).copied().unwrap_or(0);
        let mut items = full(j);
        match self.rng.below(11) {
            0 if nd > 0 => items.push((Value::from(self.bad_position(n)), None)),
            1 if nd > 0 => {
                let mut vals = vec![Scalar::Int(self.bad_position(n).into())];
                if n > 0 {
                    vals.push(Scalar::Int(self.position(n).into()));
                }
                items.push(self.make(vals, &[vals_len(n)], Dtype::Int64));
            }
            2 if nd > 0 => {
                let wrong = if n <= 16 {
                    self.rng.pick(&[vec![n + 1], vec![n, 2], vec![n + 2]])
                } else {
                    vec![2]
                };
                items.push(self.mask(&wrong));
            }
            3 => items.push((Value::Str(self.slice_text(n, true)), None)),
            4 => items = (0..=nd).map(|_| (Value::from(0i64), None)).collect(),
            5 => items = vec![(Value::from("..."), None), (Value::from("..."), None)],
            6 if nd > 0 => {
                let vals = vec![Scalar::Float(0.0), Scalar::Float(1.0)];
                items.push(self.make(vals, &[2], Dtype::Float32));
            }
            7 if nd >= 2 && shape[0] > 0 && shape[1] > 0 => {
                items = vec![self.positions(shape[0], 2), self.positions(shape[1], 3)];
            }
            // malformed: mistakes of kind
            r => {
                self.wrong = true;
                let bad = match r % 5 {
                    0 => Value::Str(self.rng.pick(&["1:x", "1:2:3:4", "abc", "", ": :-"]).into()),
                    1 => Value::from(self.rng.pick(&[1.5, f64::NAN])),
                    2 => Value::from(true),
                    3 => Value::List(vec![Value::from(0i64), Value::from(1i64)]),
                    _ => Value::Dtype(self.dtype()),
                };
                items.push((bad, None));
            }
        }
        items
    }

    // ---------------------------------------------------------------- a call

    fn ctx(&mut self) -> Ctx {
        use ivy::{CastingMode as C, DefaultKind as K};
        match self.rng.below(40) {
            0 => Ctx::NoBackend,
            1..=2 => {
                let k = self
                    .rng
                    .pick(&[K::Dtype, K::Float, K::Int, K::Uint, K::Complex]);
                Ctx::Default(k, self.dtype())
            }
            3 => Ctx::Casting(
                self.rng
                    .pick(&[C::Upcast, C::Downcast, C::Crosscast, C::Cast]),
            ),
            4 => Ctx::Precise(self.rng.chance(0.5)),
            _ => Ctx::None,
        }
    }

    /// The arguments of a call of `entry`, with the mistakes drawn on purpose.
    fn args(&mut self, entry: &OpEntry, params: &[Param]) -> Args {
        let b = self.b;
        self.nestable = entry.meta.nestable;
        let mut args = ivy::with_backend(b, || fill(entry.meta, params, self))
            .expect("the fuzz generator does not fail");
        match self.rng.below(100) {
            0 => {
                self.wrong = true;
                if args.positional.pop().is_none() {
                    args.positional.push(Value::None);
                }
            }
            1 => {
                self.wrong = true;
                args.positional.push(Value::from(0i64));
            }
            2 => {
                self.wrong = true;
                args.keywords.push(("no_such_keyword", Value::from(1i64)));
            }
            _ => {}
        }
        args
    }
}

impl Source for Fz {
    fn leaf(&mut self, ty: &Ty, p: &Param) -> ivy::Result<Value> {
        if self.rng.chance(WRONG_KIND) {
            return Ok(self.wrong_kind());
        }
        // an owned `Array` parameter (kind `Other`, e.g. a keyword) is passed through, not
        // mapped over Containers
        let nests = p.meta.kind != ivy_core::ParamKind::Other;
        Ok(match ty {
            // a nestable op runs its nested form when given a Container
            Ty::Array | Ty::Operand if self.nestable && nests && self.rng.chance(NESTED) => {
                self.container()
            }
            // `#[index]`: integer indices (sometimes another dtype: a mistake drawn)
            Ty::Array if p.meta.kind == ivy_core::ParamKind::Index => self.index_array(),
            Ty::Array | Ty::ArrayMut => {
                let v = self.array_value();
                let optional = matches!(p.ty, Ty::Opt(_));
                if optional && v.as_array().is_some_and(|a| !a.dtype().is_int()) {
                    self.edgy = true;
                }
                v
            }
            Ty::Operand if self.rng.chance(0.25) => {
                let v = self.scalar();
                if matches!(v, Scalar::Complex(..)) {
                    self.edgy = true;
                }
                Value::Scalar(v)
            }
            Ty::Operand => self.array_value(),
            Ty::Container => match self.rng.below(10) {
                0..=6 => self.container(),
                7 | 8 => {
                    self.wrong = true;
                    self.array_value()
                }
                _ => {
                    self.wrong = true;
                    Value::Scalar(self.scalar())
                }
            },
            Ty::Scalar => {
                let v = self.size_scalar();
                if matches!(v, Scalar::Complex(..)) {
                    self.edgy = true;
                }
                Value::Scalar(v)
            }
            Ty::Data => self.data(),
            Ty::Dtype => {
                let d = self.main_dtype();
                if d == Dtype::Bool {
                    self.edgy = true;
                }
                Value::Dtype(d)
            }
            // a dtype query's `Union[dtype, array]`: either
            Ty::DtypeLike if self.rng.chance(0.5) => self.array_value(),
            Ty::DtypeLike => Value::Dtype(self.main_dtype()),
            Ty::Device => Value::Device(self.device()),
            Ty::Backend => Value::Backend(self.rng.pick(Backend::ALL)),
            Ty::NativeDtype => Value::Str(self.native_dtype()),
            Ty::Str => Value::Str(self.text()),
            Ty::Float => {
                let v = match self.floats.last() {
                    Some(&lo) if self.rng.chance(0.7) => lo + self.rng.below(4) as f64,
                    _ => self.float(),
                };
                self.floats.push(v);
                Value::from(v)
            }
            Ty::Int => Value::from(self.axis()),
            Ty::Usize => Value::from(if self.rng.chance(0.8) {
                self.rng.below(5)
            } else {
                self.huge_dim()
            }),
            Ty::Bool => Value::from(self.rng.chance(0.5)),
            Ty::Index => {
                let n = self.first_shape.as_ref().and_then(|s| s.first().copied());
                let (v, note) = self.index_item(n.unwrap_or(3), 2);
                self.notes.extend(note);
                v
            }
            Ty::List(_) | Ty::Opt(_) => unreachable!("not a leaf"),
        })
    }
    fn list(&mut self, of: &Ty, p: &Param) -> ivy::Result<Value> {
        if self.rng.chance(WRONG_KIND) {
            return Ok(self.wrong_kind());
        }
        Ok(match of {
            // an index: items related to the call's first array
            Ty::Index => self.index(),
            Ty::Usize => {
                let s = match self.first_shape.clone() {
                    Some(x) if self.rng.chance(0.5) => self.target_shape(&x),
                    _ => self.create_shape(),
                };
                Value::from(&s[..])
            }
            Ty::Int => Value::from(self.axes()),
            _ => {
                let n = self.rng.below(4);
                Value::List(
                    (0..n)
                        .map(|_| value(self, of, p))
                        .collect::<ivy::Result<_>>()?,
                )
            }
        })
    }
    fn option(&mut self, of: &Ty, p: &Param) -> ivy::Result<Value> {
        if self.rng.chance(0.3) {
            Ok(Value::None)
        } else {
            value(self, of, p)
        }
    }
    fn keyword(&mut self, p: &Param, _creation: bool) -> Option<ivy::Result<Value>> {
        self.rng.chance(0.5).then(|| value(self, &p.ty, p))
    }
}

impl Fz {
    /// An `out` array for an op with an `out` form (a quarter of its calls): mostly the
    /// shape of the call's first array (an element-wise result's), any dtype.
    fn out(&mut self, entry: &OpEntry) -> Option<Array> {
        if !entry.meta.has_out || !self.rng.chance(OUT) {
            return None;
        }
        let shape = match self.first_shape.clone() {
            Some(s) if self.rng.chance(0.7) => s,
            _ => self.small_shape(),
        };
        let d = if self.rng.chance(0.5) {
            self.d
        } else {
            self.dtype()
        };
        let (a, desc) = self.array_of(self.b, d, &shape);
        self.notes.push(format!("out={desc}"));
        Some(a)
    }
}

/// An index item and the description of the array it holds.
type Item = (Value, Option<String>);

/// The length of an index array holding a bad position (and a good one on a non-empty axis).
fn vals_len(n: usize) -> usize {
    if n > 0 {
        2
    } else {
        1
    }
}

fn fmt_vals(v: &[Scalar]) -> String {
    let parts: Vec<String> = v
        .iter()
        .take(12)
        .map(|s| match s {
            Scalar::Float(f) => format!("{f:?}"),
            Scalar::Int(i) => format!("{i}"),
            Scalar::Bool(b) => format!("{b}"),
            Scalar::Complex(r, i) => format!("{r:?}{i:+?}j"),
        })
        .collect();
    let more = if v.len() > 12 { ", …" } else { "" };
    format!("[{}{more}]", parts.join(", "))
}

// ======================================================================== calling

/// The ops the fuzz calls (those callable by name), with their parameters; panics naming
/// every op whose parameter types the generator has no rule for.
fn callable() -> Vec<(&'static OpEntry, Vec<Param>)> {
    let mut v = Vec::new();
    let mut missing = Vec::new();
    for (e, plan) in plans() {
        match plan {
            Ok(Plan::Call(params)) => v.push((e, params)),
            Ok(Plan::NotCallable(_)) => {}
            Err(msg) => missing.push(msg),
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
    v
}

/// Call `i` of the run with `seed`: its op, its generator (arguments drawn) and context.
struct Call {
    op: &'static str,
    params: Vec<Param>,
    fz: Fz,
    ctx: Ctx,
    args: Args,
    /// The `out` array of a call of the op's `_out` form.
    out: Option<Array>,
    desc: String,
}

/// Call `i` of the run with `seed`. `dry_run`: an `out` of the result's shape may be drawn,
/// found by making the call without it first (off when only describing a call: that call
/// may be the one that hangs or aborts).
fn draw(
    ops: &[(&'static OpEntry, Vec<Param>)],
    seed: u64,
    i: u64,
    huge: bool,
    dry_run: bool,
) -> Call {
    let n = ops.len() as u64;
    let (entry, params) = &ops[(i % n) as usize];
    let b = Backend::ALL[((i / n) % 2) as usize];
    let d = Dtype::ALL[((i / (2 * n)) % 15) as usize];
    let mut fz = Fz::new(seed, i, b, d, huge);
    let ctx = fz.ctx();
    let args = fz.args(entry, params);
    let mut out = fz.out(entry);
    // half the time `out` takes the shape of the call's own result (found by a call without
    // `out`), so that ops whose result is not shaped like their first input (`stack`,
    // `take`, reductions) reach their `out` form too; never for ops that mutate an input
    let pure = params.iter().all(|p| p.ty != Ty::ArrayMut);
    if let Some(d) = out
        .as_ref()
        .map(Array::dtype)
        .filter(|_| pure && fz.rng.chance(0.5))
    {
        let dry = if dry_run {
            Some(catch_unwind(AssertUnwindSafe(|| {
                ivy::with_backend(b, || args.call(entry.meta.name))
            })))
        } else {
            fz.notes
                .push("out of the result's shape (not drawn while describing)".into());
            None
        };
        if let Some(Ok(Ok(Value::Array(r)))) = dry {
            let (o, desc) = fz.array_of(b, d, r.shape());
            fz.notes.push(format!("out (the result's shape)={desc}"));
            out = Some(o);
        }
    }
    let call = describe_args(entry.meta.name, &args, &fz.notes);
    let desc = match ctx {
        Ctx::None => format!("[{b}] {call}"),
        c => format!("[{b}, {c:?}] {call}"),
    };
    Call {
        op: entry.meta.name,
        params: params.clone(),
        fz,
        ctx,
        args,
        out,
        desc,
    }
}

/// Snapshots of a call's input arrays: whether each belongs to a `&mut` parameter.
fn input_snaps(c: &Call) -> Vec<(bool, Snap)> {
    let positional = c.params.iter().filter(|p| !p.meta.keyword);
    let mut v = Vec::new();
    for (val, p) in c.args.positional.iter().zip(positional) {
        for a in val.arrays() {
            v.push((p.ty == Ty::ArrayMut, snap(a)));
        }
    }
    for (_, val) in &c.args.keywords {
        for a in val.arrays() {
            v.push((false, snap(a)));
        }
    }
    v
}

/// Makes call `c` under `catch_unwind`, in its backend and scoped setting, and checks it.
fn make_call(c: Call, index: u64, verbose: bool, report: &mut Report) {
    let op = c.op;
    let desc = &c.desc;
    if verbose {
        println!("call {index}: {op}: {desc}");
    }
    let before = match guarded(|| input_snaps(&c)) {
        Ok(s) => s,
        Err(p) => {
            report.fail("panic reading inputs", op, &p, index, desc);
            return;
        }
    };
    let (b, ctx) = (c.fz.b, c.ctx);
    let mut out = c.out.clone();
    let out_before = out.as_ref().map(snap);
    let r = guarded(|| {
        let mut f = || match out.as_mut() {
            None => c.args.call(op),
            Some(o) => c.args.call_out(op, o).map(|()| Value::Array(o.clone())),
        };
        let r = match ctx {
            Ctx::None => ivy::with_backend(b, f),
            Ctx::NoBackend => f(),
            Ctx::Default(k, d) => {
                ivy::with_backend(b, || ivy::with_default(k, d, f)).and_then(|r| r)
            }
            Ctx::Casting(m) => ivy::with_backend(b, || ivy::with_casting_mode(m, f)),
            Ctx::Precise(p) => ivy::with_backend(b, || ivy::with_precise_mode(p, f)),
        };
        // reading the result back (values, Display) must not panic either
        let inspected = guarded(|| match &r {
            Ok(v) => inspect(v),
            Err(e) => {
                let _ = e.to_string();
                Ok(())
            }
        })
        .unwrap_or_else(|p| Err(format!("panic reading or printing the result: {p}")));
        (r, inspected)
    });
    report.calls += 1;
    let (r, inspected) = match r {
        Ok(x) => x,
        Err(p) => {
            report.fail("panic", op, &p, index, desc);
            return;
        }
    };
    if let Err(m) = inspected {
        let class = if m.starts_with("panic") {
            "panic reading result"
        } else {
            "bad result"
        };
        report.fail(class, op, &m, index, desc);
    }
    let after = guarded(|| input_snaps(&c)).unwrap_or_default();
    // `out` keeps its backend, dtype and shape; a failed call leaves it as it was
    if let (Some(x), Some(o)) = (&out_before, &out) {
        let y = snap(o);
        let changed = match &r {
            Ok(_) => (y.backend, y.dtype, &y.shape) != (x.backend, x.dtype, &x.shape),
            Err(_) => &y != x,
        };
        if changed {
            let class = if r.is_ok() {
                "out changed kind"
            } else {
                "out changed on error"
            };
            report.fail(class, op, &format!("out was {x:?}, is {y:?}"), index, desc);
        }
    }
    match &r {
        Ok(v) => {
            report.ok += 1;
            *report.ok_by_op.entry(op.to_string()).or_default() += 1;
            if out.is_some() {
                *report.ok_by_form.entry(format!("{op} out")).or_default() += 1;
            }
            if c.fz.nestable && c.args.positional.iter().any(Value::holds_container) {
                *report.ok_by_form.entry(format!("{op} nested")).or_default() += 1;
            }
            for ((is_mut, x), (_, y)) in before.iter().zip(&after) {
                if !is_mut && x != y {
                    report.fail(
                        "input changed",
                        op,
                        &format!("an input array was {x:?}, is {y:?}"),
                        index,
                        desc,
                    );
                }
            }
            // the array a `&mut` parameter returns keeps its backend and shape, and has
            // the dtype of one of the inputs
            let dtypes: Vec<Dtype> = before.iter().map(|(_, s)| s.dtype).collect();
            if let (Some((_, x)), Value::Array(y)) = (before.iter().find(|s| s.0), v) {
                if y.backend() != x.backend || y.shape() != x.shape || !dtypes.contains(&y.dtype())
                {
                    report.fail(
                        "in-place result kind",
                        op,
                        &format!(
                            "the &mut array was {} {} {:?}, is {} {} {:?} (input dtypes {dtypes:?})",
                            x.backend,
                            x.dtype,
                            x.shape,
                            y.backend(),
                            y.dtype(),
                            y.shape()
                        ),
                        index,
                        desc,
                    );
                }
            }
        }
        Err(e) => {
            *report.errs.entry(variant(e)).or_default() += 1;
            if before != after {
                report.fail(
                    "input changed on error",
                    op,
                    &format!("{e}; inputs before {before:?}, after {after:?}"),
                    index,
                    desc,
                );
            }
            let msg = e.to_string();
            if matches!(e, Error::Backend { .. }) {
                report.fail("Error::Backend", op, &msg, index, desc);
            }
            // an error naming an op names the op called, not one it runs inside (the
            // `astype` of a promotion, the `clip` of a loss); a scoped default the call
            // runs in refuses a dtype under its own name (`with_default_float_dtype`)
            let scope_refused = matches!(c.ctx, Ctx::Default(..))
                && e.op().is_some_and(|o| o.starts_with("with_default_"));
            if e.op().is_some_and(|o| o != op) && !scope_refused {
                report.fail("error names another op", op, &msg, index, desc);
            }
            let edgy = matches!(e, Error::ArgumentKind { .. }) && c.fz.edgy;
            if is_argument_error(e) && !c.fz.wrong && !edgy {
                report.fail(
                    "generated arguments rejected",
                    op,
                    &format!(
                        "{msg} (no mistake was drawn: fix the generator's rule for this \
                         parameter type)"
                    ),
                    index,
                    desc,
                );
            }
            if msg.lines().count() > 4 {
                report.fail(
                    "multi-line message",
                    op,
                    &format!(
                        "{} lines: {}",
                        msg.lines().count(),
                        msg.lines().next().unwrap_or("")
                    ),
                    index,
                    desc,
                );
            }
        }
    }
}

// ======================================================================== driver

struct Config {
    seed: u64,
    from: u64,
    calls: u64,
    huge: bool,
    verbose: bool,
}

fn env_u64(name: &str) -> Option<u64> {
    let v = std::env::var(name).ok()?;
    let v = v.trim();
    let r = if let Some(h) = v.strip_prefix("0x") {
        u64::from_str_radix(h, 16)
    } else {
        v.parse()
    };
    Some(r.unwrap_or_else(|_| panic!("{name}={v} is not a number")))
}

fn config() -> Config {
    Config {
        seed: env_u64("IVY_FUZZ_SEED").unwrap_or(DEFAULT_SEED),
        from: env_u64("IVY_FUZZ_FROM").unwrap_or(0),
        calls: env_u64("IVY_FUZZ_CALLS").unwrap_or(DEFAULT_CALLS),
        huge: env_u64("IVY_FUZZ_HUGE").unwrap_or(1) != 0,
        verbose: env_u64("IVY_FUZZ_VERBOSE").unwrap_or(0) != 0,
    }
}

/// Calls `from .. from + calls` of the run with `seed`. With `announce`, writes
/// `@@CALL i` to stderr before each call, so a parent can name a call that aborts.
fn run_calls(cfg: &Config, announce: bool) -> Report {
    let ops = callable();
    let mut report = Report::default();
    let mut err = std::io::stderr();
    let skip = skipped();
    let end = cfg.from.saturating_add(cfg.calls);
    for i in cfg.from..end {
        if announce && i > cfg.from && (i - cfg.from).is_multiple_of(256) {
            std::mem::take(&mut report).emit();
            println!("@@UPTO\t{i}");
        }
        if skip.contains(&i) {
            continue;
        }
        if announce {
            let _ = writeln!(err, "@@CALL\t{i}");
        }
        // drawing the arguments may panic too (making an array)
        match guarded(|| draw(&ops, cfg.seed, i, cfg.huge, true)) {
            Ok(c) => make_call(c, i, cfg.verbose, &mut report),
            Err(p) => {
                let op = ops[(i % ops.len() as u64) as usize].0.meta.name;
                report.calls += 1;
                report.fail("panic drawing arguments", op, &p, i, "");
            }
        }
    }
    if announce {
        std::mem::take(&mut report).emit();
        println!("@@UPTO\t{end}");
    }
    report
}

/// Runs the calls in child processes (this test binary, `child_test`). A call that kills
/// the child (abort, stack overflow) or runs longer than `IVY_FUZZ_HANG_SECS` (default 5)
/// is a failure naming the call; the child is restarted after its last reported call, with
/// the killing calls skipped, so no other result is lost.
/// `child` as the test harness names it for `--exact`: its path in the suite crate
/// (`random_calls::fuzz_child`; a bare `fuzz_child` matches no test, and the child then
/// runs nothing).
fn child_path(child: &str) -> String {
    let module = module_path!().split_once("::").map_or("", |(_, m)| m);
    format!("{module}::{child}")
}

fn run_isolated(child_test: &str, cfg: &Config, extra_env: &[(&str, String)]) -> Report {
    let child_name = child_path(child_test);
    use std::sync::{mpsc, Arc, Mutex};
    use std::time::{Duration, Instant};
    let hang = Duration::from_secs(env_u64("IVY_FUZZ_HANG_SECS").unwrap_or(5));
    let exe = std::env::current_exe().unwrap();
    let mut total = Report::default();
    let mut from = cfg.from;
    let end = cfg.from.saturating_add(cfg.calls);
    let mut skip: Vec<u64> = Vec::new();
    while from < end {
        let skip_s: Vec<String> = skip.iter().map(u64::to_string).collect();
        let mut cmd = Command::new(&exe);
        cmd.args([
            child_name.as_str(),
            "--exact",
            "--ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .env("IVY_FUZZ_CHILD", "1")
        .env("IVY_FUZZ_SEED", cfg.seed.to_string())
        .env("IVY_FUZZ_FROM", from.to_string())
        .env("IVY_FUZZ_CALLS", (end - from).to_string())
        .env("IVY_FUZZ_HUGE", (cfg.huge as u8).to_string())
        .env("IVY_FUZZ_SKIP", skip_s.join(","))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
        for (k, v) in extra_env {
            cmd.env(k, v);
        }
        let mut child = cmd.spawn().expect("spawn the test binary");
        // stderr: the call in progress (and when it started), and the lines after it
        let state = Arc::new(Mutex::new((
            None::<u64>,
            Instant::now(),
            Vec::<String>::new(),
        )));
        let st = Arc::clone(&state);
        let stderr = child.stderr.take().unwrap();
        let err_thread = std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines() {
                let Ok(line) = line else { break };
                let mut s = st.lock().unwrap();
                if let Some(i) = line.strip_prefix("@@CALL\t") {
                    *s = (i.parse().ok(), Instant::now(), Vec::new());
                } else if s.2.len() < 6 {
                    // the first lines after the call's announcement, less backtrace frames
                    let t = line.trim_start();
                    let frame = t.starts_with("at ")
                        || t.split_once(": ")
                            .is_some_and(|(n, _)| n.parse::<u32>().is_ok())
                        || t.starts_with("stack backtrace")
                        || t.starts_with("note: ");
                    if !frame && !t.is_empty() {
                        s.2.push(line);
                    }
                }
            }
        });
        let (tx, rx) = mpsc::channel::<String>();
        let stdout = child.stdout.take().unwrap();
        let out_thread = std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut upto = from;
        let mut seg = Report::default();
        let handle = |line: String, seg: &mut Report, total: &mut Report, upto: &mut u64| {
            // the harness prints `test fuzz_child ... ` before the child's first line
            let line = match line.find("@@") {
                Some(at) => line[at..].to_string(),
                None => line,
            };
            if let Some(i) = line.strip_prefix("@@UPTO\t") {
                // a checkpoint: everything before `i` is reported
                total.merge(std::mem::take(seg));
                *upto = i.parse().unwrap();
            } else if line.starts_with("@@") {
                seg.parse_line(&line);
            } else if cfg.verbose {
                println!("{line}");
            }
        };
        let mut hung = None;
        let status = loop {
            while let Ok(line) = rx.recv_timeout(Duration::from_millis(50)) {
                handle(line, &mut seg, &mut total, &mut upto);
            }
            if let Some(st) = child.try_wait().unwrap() {
                break st;
            }
            let (call, since, _) = state.lock().unwrap().clone();
            if since.elapsed() > hang {
                if let Some(i) = call {
                    let _ = child.kill();
                    hung = Some((i, since.elapsed()));
                }
            }
        };
        out_thread.join().unwrap();
        err_thread.join().unwrap();
        while let Ok(line) = rx.try_recv() {
            handle(line, &mut seg, &mut total, &mut upto);
        }
        if status.success() && hung.is_none() {
            total.merge(seg);
            break;
        }
        // the child died or hung in the call it announced last
        let (last, _, tail) = state.lock().unwrap().clone();
        let at = last.unwrap_or(upto);
        let (op, desc) = describe(child_test, cfg.seed, at, extra_env);
        total.calls += 1;
        match hung {
            Some((_, t)) => total.fail(
                "hang",
                &op,
                &format!("still running after {:.0} s; killed", t.as_secs_f64()),
                at,
                &desc,
            ),
            None => total.fail(
                "abort",
                &op,
                &format!(
                    "{} (process killed: {status})",
                    tail.join(" | ").chars().take(300).collect::<String>()
                ),
                at,
                &desc,
            ),
        }
        skip.push(at);
        if skip.len() > MAX_RESTARTS {
            total.fail(
                "abort",
                "*",
                "too many killing calls; the rest of the run was skipped",
                at,
                "",
            );
            break;
        }
        from = upto;
    }
    // every call asked for was made (or failed): a child that ran no test reports nothing,
    // which must not read as a pass
    if total.fails.is_empty() {
        assert_eq!(
            total.calls, cfg.calls,
            "the child test `{child_name}` made {} of the {} calls asked",
            total.calls, cfg.calls
        );
    }
    total
}

/// The calls a parent asked a child to skip (they kill the process).
fn skipped() -> Vec<u64> {
    std::env::var("IVY_FUZZ_SKIP")
        .unwrap_or_default()
        .split(',')
        .filter_map(|s| s.parse().ok())
        .collect()
}

/// The op and arguments of call `i` (a child describes it without making the call).
fn describe(child_test: &str, seed: u64, i: u64, extra_env: &[(&str, String)]) -> (String, String) {
    use std::time::{Duration, Instant};
    let exe = std::env::current_exe().unwrap();
    let mut cmd = Command::new(exe);
    cmd.args([
        child_path(child_test).as_str(),
        "--exact",
        "--ignored",
        "--nocapture",
        "--test-threads=1",
    ])
    .env("IVY_FUZZ_CHILD", "1")
    .env("IVY_FUZZ_DESCRIBE", "1")
    .env("IVY_FUZZ_SEED", seed.to_string())
    .env("IVY_FUZZ_FROM", i.to_string())
    .env("IVY_FUZZ_CALLS", "1")
    .env(
        "IVY_FUZZ_HUGE",
        std::env::var("IVY_FUZZ_HUGE").unwrap_or("1".into()),
    );
    for (k, v) in extra_env {
        cmd.env(k, v);
    }
    // the description is drawn without making the call, but drawing is code too: a
    // describing child that runs past the hang limit is killed, not waited for
    let limit = Duration::from_secs(2 * env_u64("IVY_FUZZ_HANG_SECS").unwrap_or(5));
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return (
                "?".into(),
                format!("call {i} (describing it ran past {limit:?})"),
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let mut text = String::new();
    let _ = std::io::Read::read_to_string(&mut child.stdout.take().unwrap(), &mut text);
    for line in text.lines() {
        let line = line.find("@@").map_or(line, |at| &line[at..]);
        if let Some(rest) = line.strip_prefix("@@DESC\t") {
            let (op, d) = rest.split_once('\t').unwrap_or((rest, ""));
            return (op.to_string(), d.to_string());
        }
    }
    ("?".into(), format!("call {i} (not described)"))
}

fn finish(report: &Report, replay: &str) {
    println!("{}", report.summary());
    assert!(
        report.fails.is_empty(),
        "{} failure classes:{}\n{}\nreplay call i alone: {replay}",
        report.fails.len(),
        report.failures(),
        report.summary()
    );
}

/// The seeded random-call fuzz (child processes; `IVY_FUZZ_INPROCESS=1`: this process).
#[test]
fn fuzz() {
    let cfg = config();
    let ops = callable(); // an op the generator cannot fill fails here, before any child runs
    let report = if env_u64("IVY_FUZZ_INPROCESS").unwrap_or(0) != 0 {
        run_calls(&cfg, false)
    } else {
        run_isolated("fuzz_child", &cfg, &[])
    };
    // reported only: that every form of every op has a valid call is asserted by
    // construction (`every_form_has_a_valid_call`), not left to the seed
    let mut never = Vec::new();
    for (e, _) in &ops {
        let name = e.meta.name;
        if !report.ok_by_op.contains_key(name) {
            never.push(name.to_string());
        }
        let forms = [("out", e.meta.has_out), ("nested", e.meta.nestable)];
        for (form, has) in forms {
            let key = format!("{name} {form}");
            if has && !report.ok_by_form.contains_key(&key) {
                never.push(key);
            }
        }
    }
    if !never.is_empty() {
        println!(
            "note: no Ok call in this run for {} op forms (each has one in \
             `every_form_has_a_valid_call`): {}",
            never.len(),
            never.join(", ")
        );
    }
    println!(
        "seed {:#x}, calls {}..{}, huge shapes {}",
        cfg.seed,
        cfg.from,
        cfg.from + cfg.calls,
        if cfg.huge { "on" } else { "off" }
    );
    let replay = format!(
        "IVY_FUZZ_SEED={} IVY_FUZZ_HUGE={} IVY_FUZZ_FROM=i IVY_FUZZ_CALLS=1 IVY_FUZZ_VERBOSE=1 cargo test -p ivy-tests --test suite random_calls::fuzz -- --nocapture",
        cfg.seed, cfg.huge as u8
    );
    finish(&report, &replay);
}

/// The child side of [`fuzz`] (run by it; ignored on its own).
#[test]
#[ignore = "run by `fuzz` in a child process"]
fn fuzz_child() {
    if std::env::var("IVY_FUZZ_CHILD").is_err() {
        return;
    }
    let cfg = config();
    if std::env::var("IVY_FUZZ_DESCRIBE").is_ok() {
        describe_call(&cfg, false);
        return;
    }
    run_calls(&cfg, true);
}

/// Prints `@@DESC op args` for call `cfg.from` without making it.
fn describe_call(cfg: &Config, huge_list: bool) {
    let i = cfg.from;
    let (op, desc) = if huge_list {
        let cases = huge_cases();
        let c = &cases[i as usize % cases.len()];
        (c.op.to_string(), c.desc.clone())
    } else {
        let ops = callable();
        match guarded(|| draw(&ops, cfg.seed, i, cfg.huge, false)) {
            Ok(c) => (c.op.to_string(), c.desc),
            Err(p) => (
                ops[(i % ops.len() as u64) as usize].0.meta.name.to_string(),
                format!("(drawing the arguments panics: {p})"),
            ),
        }
    };
    println!("@@DESC\t{op}\t{}", desc.replace(['\t', '\n'], " "));
}

/// Every op of the registry has a call that returns `Ok` — its constructed valid call
/// ([`constructed_calls`], on either backend) — or is declared not callable by name:
/// printed with the reason, and then it must answer `NotCallable` to random arguments too.
/// Fails naming an op whose parameter types the generator has no rule for.
#[test]
fn every_op_is_exercised() {
    let ops = plans();
    let exercised: BTreeSet<String> = if ops.iter().any(|(_, p)| p.is_err()) {
        BTreeSet::new() // `assert_every_op_covered` names the ops the generator cannot fill
    } else {
        constructed_calls()
            .into_iter()
            .filter(|c| c.form == Form::Plain && c.result.is_ok())
            .map(|c| c.op.to_string())
            .collect()
    };
    let mut rng = Rng::new(DEFAULT_SEED);
    for (e, plan) in &ops {
        if let Ok(Plan::NotCallable(_)) = plan {
            let name = e.meta.name;
            let mut fz = Fz::new(
                DEFAULT_SEED,
                rng.next(),
                Backend::Ndarray,
                Dtype::Float32,
                false,
            );
            let args: Vec<Value> = (0..rng.below(4)).map(|_| fz.wrong_kind()).collect();
            let r = guarded(|| ivy::registry::call(name, &args, &[]));
            assert!(
                matches!(r, Ok(Err(Error::NotCallable { .. }))),
                "{name} is declared not callable, but a call with {} arguments gave {r:?}",
                args.len()
            );
        }
    }
    ivy_tests::assert_every_op_covered("random_calls.rs", &exercised, &BTreeMap::new());
}

// ======================================================================== constructed valid calls

/// A form of an op reached by name: the plain call, its `_out` form, its nested form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Form {
    Plain,
    Out,
    Nested,
}

/// One constructed call: its op, backend, form and description, and what it returned
/// (`Err`: the error or the panic, for the failure message).
struct Constructed {
    op: &'static str,
    backend: Backend,
    form: Form,
    desc: String,
    result: Result<(), String>,
}

/// The dtypes to build `entry`'s constructed calls on `b` with, in order: float32 where
/// its support answer on `b` (on `cpu`) includes it, else the first dtype of `Dtype::ALL`
/// the answer includes (none: the op cannot run on `b`); for an op with no support answer
/// (standalone: `iinfo` takes integer dtypes only, which no metadata says), float32 then
/// every dtype of `Dtype::ALL`, the first whose plain call returns `Ok` being used — the
/// rule of `support_calls.rs`, which asks a standalone op for `Ok` on some dtype.
/// Whether `entry` supports some dtype on the CPU of some backend.
fn supported_somewhere(entry: &OpEntry) -> bool {
    Backend::ALL
        .iter()
        .any(|&b| !valid_dtypes(entry, b).is_empty())
}

fn valid_dtypes(entry: &OpEntry, b: Backend) -> Vec<Dtype> {
    let all = std::iter::once(Dtype::Float32).chain(Dtype::ALL);
    let Some(r) = ivy::registry::support(entry, b) else {
        return all.collect();
    };
    let cpu = ivy_core::DeviceSet::index(Device::Cpu);
    let runs = |d: &Dtype| {
        r.compiled
            && r.supported.contains(*d)
            && r.devices.contains(Device::Cpu)
            && !r.device_dtypes[cpu].contains(*d)
    };
    all.filter(runs).take(1).collect()
}

/// `args` with every array argument of an array or operand parameter that nests (not an
/// owned `Array` of kind `Other`, as the fuzz's rule) replaced by a Container holding that
/// array at keys `a` and `b` (inside lists too): the arguments of the nested form.
fn nest_args(args: &Args, params: &[Param]) -> Args {
    fn wrap(v: &Value) -> Value {
        match v {
            Value::Array(a) => {
                let mut c = Container::new();
                c.insert("a", a.clone());
                c.insert("b", a.clone());
                Value::Container(c)
            }
            Value::List(l) => Value::List(l.iter().map(wrap).collect()),
            other => other.clone(),
        }
    }
    let nests = |p: &Param| {
        let arrays = match &p.ty {
            Ty::List(t) => &**t,
            t => t,
        };
        p.meta.kind != ivy_core::ParamKind::Other && matches!(arrays, Ty::Array | Ty::Operand)
    };
    let positional = params.iter().filter(|p| !p.meta.keyword);
    Args {
        positional: args
            .positional
            .iter()
            .zip(positional)
            .map(|(v, p)| if nests(p) { wrap(v) } else { v.clone() })
            .collect(),
        keywords: args.keywords.clone(),
    }
}

/// For every callable op on both backends, a valid call of each of its forms built from
/// its parameter types alone, never by op name: the small call of [`ivy_tests::Small`]
/// (arrays `[1, 1]` of the op's dtype on `cpu` — float32, or the first dtype its support
/// answer on that backend includes —, in-range axes, keywords at their defaults); for an op
/// with an `out` form whose plain call returns one array, the same call writing into zeros
/// of that result's shape and dtype; for a nestable op, the same call with each array
/// argument wrapped in a Container of two leaves ([`nest_args`]).
fn constructed_calls() -> Vec<Constructed> {
    let mut v = Vec::new();
    for (entry, params) in callable() {
        let op = entry.meta.name;
        for &b in Backend::ALL {
            let mut push = |form: Form, desc: String, result: Result<(), String>| {
                v.push(Constructed {
                    op,
                    backend: b,
                    form,
                    desc,
                    result,
                })
            };
            let run = |f: &dyn Fn() -> ivy::Result<Value>| -> Result<Value, String> {
                match guarded(|| ivy::with_backend(b, f)) {
                    Ok(Ok(r)) => Ok(r),
                    Ok(Err(e)) => Err(e.to_string()),
                    Err(p) => Err(format!("panic: {p}")),
                }
            };
            // the plain call with the first dtype that gives `Ok` (else the first failure)
            let mut first: Option<(String, String)> = None;
            let mut found = None;
            let shapes_and_dtypes = Small::SHAPES
                .iter()
                .flat_map(|s| valid_dtypes(entry, b).into_iter().map(move |d| (*s, d)));
            for (shape, d) in shapes_and_dtypes {
                let made = guarded(|| {
                    ivy::with_backend(b, || {
                        fill(
                            entry.meta,
                            &params,
                            &mut Small::with_shape(d, Device::Cpu, shape),
                        )
                    })
                });
                let (desc, args, plain) = match made {
                    Ok(Ok(args)) => {
                        let plain = run(&|| args.call(op));
                        (describe_args(op, &args, &[]), Some(args), plain)
                    }
                    Ok(Err(e)) => (
                        format!("{op}(..) in {d}"),
                        None,
                        Err(format!("building the arguments: {e}")),
                    ),
                    Err(p) => (
                        format!("{op}(..) in {d}"),
                        None,
                        Err(format!("panic building the arguments: {p}")),
                    ),
                };
                match (args, plain) {
                    (Some(args), Ok(r)) => {
                        found = Some((desc, args, r));
                        break;
                    }
                    (_, Err(e)) => {
                        first.get_or_insert((desc, e));
                    }
                    (None, Ok(_)) => unreachable!("no call without arguments"),
                }
            }
            let (desc, args, plain) = match (found, first) {
                (Some(x), _) => x,
                (None, Some((desc, e))) => {
                    push(Form::Plain, desc, Err(e));
                    continue;
                }
                // the op supports no dtype on this backend (candle's fft: it holds no complex
                // dtype): there is no valid call to make; support_calls checks that every
                // call is refused with a dtype error. An op whose support is empty on every
                // backend still fails here.
                (None, None) if supported_somewhere(entry) => {
                    println!(
                        "random_calls.rs: `{op}` supports no dtype on {b}: no valid call there"
                    );
                    continue;
                }
                (None, None) => {
                    let why = "its support answer includes no dtype on cpu on any backend".into();
                    push(Form::Plain, format!("{op}(..)"), Err(why));
                    continue;
                }
            };
            push(Form::Plain, desc, Ok(()));
            // the `out` form: only ops returning one array have one (docs/DESIGN.md)
            if let (true, r) = (entry.meta.has_out, &plain) {
                let Value::Array(r) = r else {
                    let why =
                        format!("has an `out` form, but its call returned {r:?}, not an array");
                    push(Form::Out, describe_args(op, &args, &[]), Err(why));
                    continue;
                };
                let (shape, dt) = (r.shape().to_vec(), r.dtype());
                let result = run(&|| {
                    let mut o = ivy::zeros_with(
                        &shape,
                        ZerosKw {
                            dtype: Some(dt),
                            device: None,
                        },
                    )?;
                    args.call_out(op, &mut o)?;
                    Ok(Value::Array(o))
                });
                let desc = format!(
                    "{} with out = zeros {dt}{shape:?}",
                    describe_args(&format!("{op}_out"), &args, &[])
                );
                push(Form::Out, desc, result.map(|_| ()));
            }
            if entry.meta.nestable {
                let nested = nest_args(&args, &params);
                let result = run(&|| nested.call(op)).and_then(|r| {
                    if r.holds_container() {
                        Ok(())
                    } else {
                        Err(format!(
                            "returned {r:?}, not Containers: the nested form did not run"
                        ))
                    }
                });
                push(Form::Nested, describe_args(op, &nested, &[]), result);
            }
        }
    }
    v
}

/// Every form of every callable op — the plain call, its `_out` form, its nested form —
/// returns `Ok` on both backends for a valid call constructed from its parameter types
/// ([`constructed_calls`]): so the fuzz, whose seeded draws may or may not hit a valid
/// call, never leaves a form tested on error paths only.
#[test]
fn every_form_has_a_valid_call() {
    let calls = constructed_calls();
    let failed: Vec<String> = calls
        .iter()
        .filter_map(|c| {
            let e = c.result.as_ref().err()?;
            Some(format!(
                "op `{}`, {:?} form, on {}: {}\n    error: {}",
                c.op,
                c.form,
                c.backend,
                c.desc,
                e.lines().next().unwrap_or("")
            ))
        })
        .collect();
    let count = |f: Form| calls.iter().filter(|c| c.form == f).count();
    println!(
        "constructed calls: {} plain, {} out, {} nested",
        count(Form::Plain),
        count(Form::Out),
        count(Form::Nested)
    );
    assert!(
        failed.is_empty(),
        "{} constructed valid calls failed (the op errs on a valid call, or the rule of \
         `Small` / `nest_args` for a parameter type is wrong):\n{}",
        failed.len(),
        failed.join("\n")
    );
}

// ======================================================================== operators

/// Draws per row of `ivy::ops::OPERATORS` (alternately on each backend, over every dtype).
const OPERATOR_DRAWS: u64 = 300;

/// An independent copy of `a` to update in place: a candle `Var` shares its storage with
/// its clones (`Var::set` writes it), so it gets a new `Var`; other arrays are values.
fn independent(a: &Array) -> Array {
    if let ivy::NativeArray::Candle(ivy::backends::CandleArray::Var(v)) = a.native() {
        if let Ok(nv) = v
            .as_tensor()
            .copy()
            .and_then(|t| candle_core::Var::from_tensor(&t))
        {
            return Array::from(nv);
        }
    }
    a.clone()
}

/// Whether an array of shape `from` broadcasts to shape `to` (numpy's rule).
fn broadcasts_to(from: &[usize], to: &[usize]) -> bool {
    from.len() <= to.len()
        && from
            .iter()
            .rev()
            .zip(to.iter().rev())
            .all(|(&f, &t)| f == t || f == 1)
}

/// An operator's operand: an array or a scalar.
fn operand(v: &Value) -> Option<Operand<'_>> {
    match v {
        Value::Array(a) => Some(Operand::Array(a)),
        Value::Scalar(s) => Some(Operand::Scalar(*s)),
        _ => None,
    }
}

/// The array of a call by name's result (an error for any other value).
fn array_result(r: ivy::Result<Value>) -> ivy::Result<Array> {
    match r? {
        Value::Array(a) => Ok(a),
        other => Err(Error::InvalidArgument {
            op: "operators_are_their_ops",
            message: format!("the op returned {}, not an array", other.kind()),
        }),
    }
}

/// Why two outcomes differ, if they do: results by snapshot (backend, dtype, shape,
/// device, every value bitwise), errors by their message (or by variant only).
fn differ(
    a: &Result<ivy::Result<Array>, String>,
    b: &Result<ivy::Result<Array>, String>,
    messages: bool,
) -> Option<String> {
    match (a, b) {
        (Err(p), _) | (_, Err(p)) => Some(format!("panic: {p}")),
        (Ok(Ok(x)), Ok(Ok(y))) => {
            let (sx, sy) = (snap(x), snap(y));
            (sx != sy).then(|| format!("{sx:?} vs {sy:?}"))
        }
        (Ok(Err(x)), Ok(Err(y))) => {
            let same = if messages {
                x.to_string() == y.to_string()
            } else {
                variant(x) == variant(y)
            };
            (!same).then(|| format!("errors differ: {x} / {y}"))
        }
        (Ok(x), Ok(y)) => Some(format!("one fails: {x:?} / {y:?}")),
    }
}

/// Every operator, compound assignment and comparison method on `Array` is its op
/// (`ivy::ops::OPERATORS`): for random operands drawn by the fuzz generator from the op's
/// own parameter metadata, on both backends and every dtype, the operator gives what
/// `registry::call(op, ..)` gives (the same result, bitwise, or the same error), and
/// `x ⊕= y` leaves in `x` what the op's `out` form writes into a copy of `x` (or both
/// fail with the same error variant, `x` unchanged — except an update wrong in two ways,
/// a dtype the op lacks and a `y` that does not broadcast to `x`, where `x ⊕= y` reports
/// the shape and the out form the dtype). Operands are arrays and scalars; a scalar on
/// the left runs the scalar-left form (`2 * &x`).
#[test]
fn operators_are_their_ops() {
    let ops = callable();
    let mut fails: BTreeMap<String, (u64, String)> = BTreeMap::new();
    let mut fail = |row: &str, what: String, desc: &str| {
        let e = fails
            .entry(format!("{row}: {}", normalize(&what)))
            .or_insert((0, format!("{desc}\n    {what}")));
        e.0 += 1;
    };
    let (mut compared, mut ok, mut assigned) = (0u64, 0u64, 0u64);
    for (r, row) in ivy::ops::OPERATORS.iter().enumerate() {
        let mut row_ok = [0u64; 2];
        let mut row_assigned = 0u64;
        for name in std::iter::once(row.op).chain(row.bool_op) {
            assert!(
                ivy::registry::op(name).is_some(),
                "`{}` names op `{name}`, which is not in the registry",
                row.rust
            );
        }
        let (entry, params) = ops
            .iter()
            .find(|(e, _)| e.meta.name == row.op)
            .unwrap_or_else(|| panic!("`{}`: op `{}` is not callable by name", row.rust, row.op));
        for i in 0..OPERATOR_DRAWS {
            let b = Backend::ALL[(i % 2) as usize];
            let d = Dtype::ALL[((i / 2) % 15) as usize];
            // no huge allocation is ever attempted here (in-process): only dims ≥ 2^63
            let mut fz = Fz::new(DEFAULT_SEED ^ ((r as u64 + 1) << 40), i, b, d, false);
            let Ok(Ok(args)) =
                guarded(|| ivy::with_backend(b, || fill(entry.meta, params, &mut fz)))
            else {
                continue;
            };
            let desc = format!("[{b}] {}", describe_args(row.op, &args, &fz.notes));
            let pos = &args.positional;
            let by_name = |name: &'static str| {
                guarded(|| {
                    array_result(ivy::with_backend(b, || ivy::registry::call(name, pos, &[])))
                })
            };
            // (the operator's outcome, the op's)
            let (got, want) = match (row.form, &pos[..]) {
                (OperatorForm::Unary(f), [Value::Array(x)]) => (
                    guarded(|| ivy::with_backend(b, || f(x))),
                    by_name(row.op_for(x.dtype())),
                ),
                (OperatorForm::Method(f), [Value::Array(a), y]) => match operand(y) {
                    Some(y) => (
                        guarded(|| ivy::with_backend(b, || f(a, y))),
                        by_name(row.op),
                    ),
                    None => continue,
                },
                (
                    OperatorForm::Binary {
                        apply,
                        assign,
                        assign_name,
                        ..
                    },
                    [Value::Array(a), y],
                ) => {
                    let Some(y) = operand(y) else { continue };
                    // `a ⊕= y` against the `out` form writing into a copy of `a`
                    let mut x = independent(a);
                    let mut out = independent(a);
                    let before = snap(a);
                    let r1 = guarded(|| ivy::with_backend(b, || assign(&mut x, y)));
                    let r2 = guarded(|| {
                        let entry = ivy::registry::dyn_entry(row.op).expect("in the registry");
                        ivy::with_backend(b, || entry.call_out(pos, &[], &mut out))
                    });
                    let as_array = |r: &Result<ivy::Result<()>, String>, v: &Array| match r {
                        Ok(Ok(())) => Ok(Ok(v.clone())),
                        Ok(Err(e)) => Ok(Err(e.clone())),
                        Err(p) => Err(p.clone()),
                    };
                    let (o1, o2) = (as_array(&r1, &x), as_array(&r2, &out));
                    // wrong in two ways (a dtype the op lacks, and `y` not broadcasting to
                    // `x`): `x ⊕= y` names the shape (checked before any work), the out
                    // form the dtype (checked before the backend sees `out`)
                    let two_ways = match (&r1, &r2) {
                        (Ok(Err(Error::Shape { .. })), Ok(Err(e))) => {
                            matches!(
                                e,
                                Error::UnsupportedDtype { .. } | Error::DtypeNotInBackend { .. }
                            ) && matches!(y, Operand::Array(y) if !broadcasts_to(y.shape(), a.shape()))
                        }
                        _ => false,
                    };
                    if two_ways {
                        if snap(&x) != before || snap(&out) != before {
                            fail(assign_name, "a failed update changed x".into(), &desc);
                        }
                    } else if let Some(why) = differ(&o1, &o2, false) {
                        fail(
                            assign_name,
                            format!("x.{assign_name}(y) vs the out form: {why}"),
                            &desc,
                        );
                    } else if matches!(r1, Ok(Ok(()))) {
                        row_assigned += 1;
                    } else if snap(&x) != before || snap(&out) != before {
                        fail(assign_name, "a failed update changed x".into(), &desc);
                    }
                    (
                        guarded(|| ivy::with_backend(b, || apply(a, y))),
                        by_name(row.op),
                    )
                }
                (OperatorForm::Binary { scalar_lhs, .. }, [Value::Scalar(s), Value::Array(a)]) => (
                    guarded(|| ivy::with_backend(b, || scalar_lhs(*s, a))),
                    by_name(row.op),
                ),
                _ => continue,
            };
            compared += 1;
            if let Some(why) = differ(&got, &want, true) {
                fail(
                    row.rust,
                    format!("operator vs `{}` by name: {why}", row.op),
                    &desc,
                );
            } else if matches!(got, Ok(Ok(_))) {
                row_ok[(i % 2) as usize] += 1;
            }
        }
        for (k, &n) in row_ok.iter().enumerate() {
            if n == 0 {
                fail(row.rust, format!("no Ok call on {}", Backend::ALL[k]), "");
            }
        }
        if matches!(row.form, OperatorForm::Binary { .. }) && row_assigned == 0 {
            fail(row.rust, "no Ok compound assignment".into(), "");
        }
        ok += row_ok.iter().sum::<u64>();
        assigned += row_assigned;
    }
    println!(
        "operators: {} rows, {compared} compared, {ok} Ok, {assigned} compound assignments Ok",
        ivy::ops::OPERATORS.len()
    );
    let report: Vec<String> = fails
        .iter()
        .map(|(k, (n, first))| format!("{k} — {n}×, first: {first}"))
        .collect();
    assert!(
        report.is_empty(),
        "operators differ from their ops:\n{}",
        report.join("\n")
    );
}

// ======================================================================== huge allocations

/// What the arguments of a huge-allocation call are made of (by parameter type).
#[derive(Clone, Debug)]
enum Huge {
    /// Shape parameters take this shape (arrays are `[1.0f32]`); a creation op's dtype.
    Shape(Vec<usize>, Option<Dtype>),
    /// Arrays are zeros of this shape, with a zero-length axis next to a huge one; shape
    /// parameters take it too, axes the axis.
    Empty(Vec<usize>, i64),
    /// Arrays alternate `zeros([1 << 20, 1])` and `zeros([1, 1 << 20])`.
    Broadcast,
    /// The scalar parameters, in order, take these values (then `1`).
    Range([Scalar; 3]),
}

/// The arguments of a huge-allocation call, by parameter type.
struct HugeSrc {
    huge: Huge,
    scalars: usize,
}

impl HugeSrc {
    fn array(&self, slot: usize) -> ivy::Result<Array> {
        match &self.huge {
            Huge::Empty(s, _) => ivy::zeros(s),
            Huge::Broadcast if slot.is_multiple_of(2) => ivy::zeros([1 << 20, 1]),
            Huge::Broadcast => ivy::zeros([1, 1 << 20]),
            _ => ivy::asarray(vec![1.0f32]),
        }
    }
    fn axis(&self) -> i64 {
        match self.huge {
            Huge::Empty(_, a) => a,
            _ => 0,
        }
    }
}

impl Source for HugeSrc {
    fn leaf(&mut self, ty: &Ty, p: &Param) -> ivy::Result<Value> {
        let slot = p.slot.unwrap_or(0);
        Ok(match ty {
            Ty::Array | Ty::ArrayMut | Ty::Operand => Value::Array(self.array(slot)?),
            Ty::Container => {
                let mut c = Container::new();
                c.insert("a", self.array(slot)?);
                c.insert("b", self.array(slot + 1)?);
                Value::Container(c)
            }
            Ty::Scalar => {
                self.scalars += 1;
                match &self.huge {
                    Huge::Range(r) if self.scalars <= 3 => Value::Scalar(r[self.scalars - 1]),
                    _ => Value::from(1i64),
                }
            }
            Ty::Data => Value::from(vec![1.0]),
            Ty::Dtype | Ty::DtypeLike => Value::Dtype(Dtype::Float32),
            Ty::Device => Value::Device(Device::Cpu),
            Ty::Backend => ivy::current_backend().map_or(Value::None, Value::Backend),
            Ty::NativeDtype => Value::Str(native_name(Dtype::Float32)?),
            Ty::Str => Value::from("a"),
            Ty::Float => Value::from(0.5),
            Ty::Int => Value::from(self.axis()),
            Ty::Usize => Value::from(1usize),
            Ty::Bool => Value::from(false),
            // every position of an axis: keeps the huge axis of an empty array
            Ty::Index => Value::from(":"),
            Ty::List(_) | Ty::Opt(_) => unreachable!("not a leaf"),
        })
    }
    fn list(&mut self, of: &Ty, p: &Param) -> ivy::Result<Value> {
        Ok(match (of, &self.huge) {
            (Ty::Usize, Huge::Shape(s, _) | Huge::Empty(s, _)) => Value::from(&s[..]),
            (Ty::Usize, _) => Value::from(vec![1usize]),
            (Ty::Int, _) => Value::from(vec![self.axis()]),
            _ => {
                let mut q = p.clone();
                let mut v = Vec::new();
                for k in 0..2 {
                    q.slot = Some(p.slot.unwrap_or(0) + k);
                    v.push(value(self, of, &q)?);
                }
                Value::List(v)
            }
        })
    }
    fn keyword(&mut self, p: &Param, creation: bool) -> Option<ivy::Result<Value>> {
        use ivy_core::ParamKind as K;
        match (&self.huge, p.meta.kind, &p.ty) {
            (Huge::Shape(_, Some(d)), K::Dtype, _) if creation => Some(Ok(Value::Dtype(*d))),
            // axes keep the huge axis or reduce it
            (Huge::Empty(..), _, Ty::Int) => Some(Ok(Value::from(self.axis()))),
            (Huge::Empty(..), _, Ty::Opt(t)) if **t == Ty::List(Box::new(Ty::Int)) => {
                Some(Ok(Value::from(vec![self.axis()])))
            }
            _ => None,
        }
    }
}

/// A call whose arguments are built by parameter type from a [`Huge`] (see the file's top
/// comment): it must return an error, or `Ok` with a result that is not huge.
struct HugeCase {
    op: &'static str,
    desc: String,
    f: Box<dyn Fn() -> ivy::Result<Value>>,
}

fn huge_cases() -> Vec<HugeCase> {
    let h = min_huge();
    let hi = h as i64;
    let mut v = Vec::new();
    for (entry, params) in callable() {
        let meta = entry.meta;
        let creation = ivy_tests::is_creation(meta, &params);
        let takes = |f: &dyn Fn(&Ty) -> bool| {
            fn walk(t: &Ty, f: &dyn Fn(&Ty) -> bool) -> bool {
                f(t) || matches!(t, Ty::List(x) | Ty::Opt(x) if walk(x, f))
            }
            params.iter().any(|p| walk(&p.ty, f))
        };
        let mut scenarios = Vec::new();
        if takes(&|t| *t == Ty::List(Box::new(Ty::Usize))) {
            let dtypes = if creation {
                vec![
                    Some(Dtype::Float32),
                    Some(Dtype::Uint8),
                    Some(Dtype::Int64),
                    Some(Dtype::Float16),
                ]
            } else {
                vec![None]
            };
            for s in alloc_huge_shapes() {
                for d in &dtypes {
                    scenarios.push(Huge::Shape(s.clone(), *d));
                }
            }
        }
        let arrays: usize = params
            .iter()
            .map(|p| match &p.ty {
                Ty::List(t) if t.is_array_like() => 2,
                t if t.is_array_like() => 1,
                _ => 0,
            })
            .sum();
        if arrays > 0 {
            let axes = takes(&|t| *t == Ty::Int);
            // reductions of empty arrays: keeping the huge axis needs a huge result;
            // reducing it gives an empty one (and must not loop over it)
            for (shape, axis) in [
                (vec![0usize, h], 0i64),
                (vec![0, 2 * h, 1], 0),
                (vec![0, h], 1),
                (vec![h, 0], 0),
                (vec![0, usize::MAX], 1),
                (vec![usize::MAX, 0], 0),
            ] {
                if axes || axis == 0 {
                    scenarios.push(Huge::Empty(shape, axis));
                }
            }
        }
        // two small operands broadcasting into a huge result (inputs of 4 MiB each; only
        // where 2^40 elements is huge)
        if arrays >= 2 && h == 1 << 40 {
            scenarios.push(Huge::Broadcast);
        }
        if takes(&|t| *t == Ty::Scalar) {
            for r in [
                [
                    Scalar::Int(0),
                    Scalar::Int(i128::from(hi) << 4),
                    Scalar::Int(1),
                ],
                [Scalar::Int(0), Scalar::Int(hi.into()), Scalar::Int(1)],
                [
                    Scalar::Float(0.0),
                    Scalar::Float(h as f64 * 2.0),
                    Scalar::Float(1.0),
                ],
                [
                    Scalar::Int(i64::MIN.into()),
                    Scalar::Int(i64::MAX.into()),
                    Scalar::Int(1),
                ],
                [
                    Scalar::Float(0.0),
                    Scalar::Float(1.0),
                    Scalar::Float(1e-300),
                ],
            ] {
                scenarios.push(Huge::Range(r));
            }
        }
        for &b in Backend::ALL {
            for s in &scenarios {
                let (s, params) = (s.clone(), params.clone());
                v.push(HugeCase {
                    op: meta.name,
                    desc: format!("[{b}] {} with {s:?}", meta.name),
                    f: Box::new(move || {
                        ivy::with_backend(b, || {
                            let mut src = HugeSrc {
                                huge: s.clone(),
                                scalars: 0,
                            };
                            fill(meta, &params, &mut src)?.call(meta.name)
                        })
                    }),
                });
            }
        }
    }
    v
}

/// Every huge-allocation case returns an error (or a result that is not huge), not an
/// abort (each case runs in a child process; an abort is reported with the case and the run
/// goes on).
#[test]
fn huge_allocations_are_errors() {
    let cfg = Config {
        seed: 0,
        from: 0,
        calls: huge_cases().len() as u64,
        huge: true,
        verbose: false,
    };
    let report = run_isolated("huge_child", &cfg, &[]);
    finish(
        &report,
        "the cases of `huge_cases` are listed in order; each names its call",
    );
}

/// The child side of [`huge_allocations_are_errors`].
#[test]
#[ignore = "run by `huge_allocations_are_errors` in a child process"]
fn huge_child() {
    if std::env::var("IVY_FUZZ_CHILD").is_err() {
        return;
    }
    let cfg = config();
    if std::env::var("IVY_FUZZ_DESCRIBE").is_ok() {
        describe_call(&cfg, true);
        return;
    }
    let cases = huge_cases();
    let mut report = Report::default();
    let mut err = std::io::stderr();
    let skip = skipped();
    let end = (cfg.from + cfg.calls).min(cases.len() as u64);
    for i in cfg.from..end {
        if skip.contains(&i) {
            continue;
        }
        let _ = writeln!(err, "@@CALL\t{i}");
        let HugeCase { op, desc, f } = &cases[i as usize];
        report.calls += 1;
        match guarded(f) {
            Err(p) => report.fail("panic", op, &p, i, desc),
            Ok(Ok(v)) => {
                report.ok += 1;
                let huge: Vec<Vec<usize>> = v
                    .arrays()
                    .iter()
                    .map(|a| a.shape().to_vec())
                    .filter(|s| checked_size(s).is_none_or(|n| n >= min_huge()))
                    .collect();
                if !huge.is_empty() {
                    report.fail(
                        "huge result is Ok",
                        op,
                        &format!("returned shapes {huge:?} (cannot hold that many elements)"),
                        i,
                        desc,
                    );
                } else {
                    match guarded(|| inspect(&v)) {
                        Err(p) => report.fail("panic reading result", op, &p, i, desc),
                        Ok(Err(m)) => report.fail("bad result", op, &m, i, desc),
                        Ok(Ok(())) => {}
                    }
                }
            }
            Ok(Err(e)) => {
                *report.errs.entry(variant(&e)).or_default() += 1;
                if matches!(e, Error::Backend { .. }) {
                    report.fail("Error::Backend", op, &e.to_string(), i, desc);
                }
            }
        }
    }
    report.emit();
    println!("@@UPTO\t{end}");
}
