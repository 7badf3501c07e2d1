//! Seeded random-call fuzzing of every op in the registry (issue 6, "Done when").
//!
//! Every op of `ivy::registry::ops()` has a row in [`row`] (a `match` on the name; an op
//! without a row fails the test with "add a row for op X"). Call `i` of a run draws its op
//! (round-robin over the registry), its backend (ndarray / candle), its main dtype (all 15)
//! and then random arguments from a PRNG seeded by `(seed, i)`, so any single call can be
//! replayed alone. Arguments cover: 0-d and empty arrays, zero-length axes next to huge axes
//! (`[0, usize::MAX]`, `[0, 1 << 40]`), shapes whose element count overflows, huge creation
//! shapes (`[1 << 40]`, `arange(0, 1 << 50, 1)`), shapes that do not broadcast, axes out of
//! range (positive and negative), NaN / ±inf / -0.0 / huge values in arrays and in scalar
//! arguments (clip bounds, fill values, arange bounds, `min_denominator`), a `dtype` keyword
//! of every dtype, devices `cuda:0` and `cuda:usize::MAX`, arrays of both backends in one
//! call, Containers (mixed leaves, mismatched structures, arrays and scalars where Containers
//! are expected) for the nestable ops, candle `Var`s, scoped defaults of every dtype
//! (`with_default_float_dtype(int8, ..)` must be an error, not a panic later), casting and
//! precise modes, and the `_out` forms with a wrong `out` (shape, dtype, backend) and a
//! right one.
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
//! - `out` (and the `x` of `inplace_update`) is unchanged when the call returns `Err`:
//!   backend, dtype, shape, device and every value (bitwise, NaN-aware, via a debug dump of
//!   an ndarray copy); on `Ok`, `out` keeps its backend, dtype and shape (and `x` of
//!   `inplace_update` its backend and shape, with its own dtype under `keep_input_dtype`,
//!   else `val`'s);
//! - the error is never `ivy::Error::Backend { .. }`: every argument drawn here is one ivy
//!   can check before calling a backend (shapes, axes, dtypes, devices, sizes, values);
//! - an error message is at most 4 lines (no backend backtrace copied in: run with
//!   `RUST_BACKTRACE=1` to check that, as candle then captures backtraces).
//!
//! [`huge_allocations_are_errors`] runs a fixed list of calls needing ≥ 2^40 elements
//! (creation ops, `broadcast_to`, `arange`, reductions of empty arrays keeping a huge axis,
//! binary ops broadcasting two 2^20-element operands) on both backends, each in the child
//! process too: each must be an error (`OutOfMemory` or any non-`Backend` error), or, where
//! the result is empty, `Ok` — never an abort, a panic or a hang.
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
//! Running (debug build; this machine: ~30 000 calls/s):
//! - `cargo test -p ivy-tests --test random_calls` runs `DEFAULT_CALLS` calls (about 2 s)
//!   and the huge-allocation list (under a second);
//! - `IVY_FUZZ_CALLS=1000000 cargo test -p ivy-tests --test random_calls fuzz -- --nocapture`
//!   runs any number (1 M: about 35 s); `IVY_FUZZ_SEED=N` picks the seed (default
//!   `DEFAULT_SEED`);
//! - `IVY_FUZZ_FROM=i IVY_FUZZ_CALLS=1 IVY_FUZZ_VERBOSE=1` replays call `i` alone and prints
//!   its arguments (a failure report names `i` and the seed);
//! - `IVY_FUZZ_HUGE=0` draws only huge dims ≥ 2^63 (beyond `isize::MAX` bytes whatever the
//!   dtype), so no allocation that could abort is ever attempted: to collect the other
//!   failures first when huge allocations abort the process;
//! - `IVY_FUZZ_INPROCESS=1` runs the calls in the test process itself (no abort isolation).
//!
//! A summary line is printed: calls made, `Ok` count, `Err` counts by variant.

use ivy::prelude::*;
use ivy::{Error, NativeDtype, NestArg};
use ivy_tests::Rng;
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::process::{Command, Stdio};

/// Calls made by a plain `cargo test` (debug build: a few seconds).
const DEFAULT_CALLS: u64 = 60_000;
/// The seed of a plain `cargo test`.
const DEFAULT_SEED: u64 = 0x1f2e_3d4c_5b6a_7988;
/// A child process that aborts is restarted after the aborting call, at most this often.
const MAX_RESTARTS: usize = 60;

// ======================================================================== PRNG

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

const DEVICES: [Option<Device>; 3] = [None, Some(Device::Cpu), Some(Device::Cuda(0))];

// ======================================================================== report

#[derive(Default)]
struct Report {
    calls: u64,
    ok: u64,
    errs: BTreeMap<String, u64>,
    /// op → calls that returned `Ok` (a row whose calls never succeed tests nothing)
    ok_by_op: BTreeMap<String, u64>,
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
        for (k, v) in o.fails {
            let e = self.fails.entry(k).or_insert((0, v.1, v.2, v.3));
            e.0 += v.0;
        }
    }

    fn summary(&self) -> String {
        let errs: Vec<String> = self.errs.iter().map(|(k, v)| format!("{k}: {v}")).collect();
        format!(
            "random_calls: {} calls, {} Ok, {} Err ({}), {} failure classes",
            self.calls,
            self.ok,
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

/// The variant name of an error (`Shape`, `InvalidArgument`, …).
fn variant(e: &Error) -> String {
    format!("{e:?}")
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect()
}

// ======================================================================== panic capture

thread_local! {
    static QUIET: RefCell<bool> = const { RefCell::new(false) };
    static LAST_PANIC: RefCell<String> = const { RefCell::new(String::new()) };
}

fn install_hook() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let prev = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if QUIET.with(|q| *q.borrow()) {
                let msg = if let Some(s) = info.payload().downcast_ref::<&str>() {
                    s.to_string()
                } else if let Some(s) = info.payload().downcast_ref::<String>() {
                    s.clone()
                } else {
                    "<non-string panic>".into()
                };
                let loc = info
                    .location()
                    .map(|l| format!(" at {}:{}", l.file(), l.line()))
                    .unwrap_or_default();
                LAST_PANIC.with(|p| *p.borrow_mut() = format!("{msg}{loc}"));
            } else {
                prev(info)
            }
        }));
    });
}

/// Runs `f` catching panics; the panic's message and location on `Err`.
fn guarded<R>(f: impl FnOnce() -> R) -> Result<R, String> {
    let was = QUIET.with(|q| std::mem::replace(&mut *q.borrow_mut(), true));
    let r = catch_unwind(AssertUnwindSafe(f));
    QUIET.with(|q| *q.borrow_mut() = was);
    r.map_err(|_| LAST_PANIC.with(|p| p.borrow().clone()))
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

/// Reads a result back the way a user would (values, printing), so panics there count.
trait Inspect {
    fn inspect(&self) -> Result<(), String>;
}

fn checked_size(shape: &[usize]) -> Option<usize> {
    shape.iter().try_fold(1usize, |n, &d| n.checked_mul(d))
}

impl Inspect for Array {
    fn inspect(&self) -> Result<(), String> {
        let size = checked_size(self.shape())
            .ok_or_else(|| format!("result has shape {:?}: its size overflows", self.shape()))?;
        if size <= 1 << 16 {
            let v = self
                .to_f64_vec()
                .map_err(|e| format!("result unreadable: {e}"))?;
            if v.len() != size {
                return Err(format!("shape {:?} but {} values", self.shape(), v.len()));
            }
        }
        let _ = format!("{self}");
        Ok(())
    }
}
impl Inspect for Container {
    fn inspect(&self) -> Result<(), String> {
        for (_, l) in self.leaves() {
            l.inspect()?;
        }
        let _ = format!("{self}");
        Ok(())
    }
}
impl<T: Inspect> Inspect for Vec<T> {
    fn inspect(&self) -> Result<(), String> {
        self.iter().try_for_each(Inspect::inspect)
    }
}
impl<A: Inspect, B: Inspect> Inspect for (A, B) {
    fn inspect(&self) -> Result<(), String> {
        self.0.inspect()?;
        self.1.inspect()
    }
}
impl<T: Inspect> Inspect for &T {
    fn inspect(&self) -> Result<(), String> {
        (*self).inspect()
    }
}
macro_rules! inspect_debug {
    ($($t:ty),*) => {$(
        impl Inspect for $t {
            fn inspect(&self) -> Result<(), String> {
                let _ = format!("{self:?}");
                Ok(())
            }
        }
    )*};
}
inspect_debug!(
    (),
    bool,
    Dtype,
    DtypeSet,
    NativeDtype,
    ivy::Finfo,
    ivy::Iinfo,
    i64
);

// ======================================================================== argument values

/// An operand owned by the generator.
enum Opd {
    A(Array),
    S(Scalar),
}
impl Opd {
    fn get(&self) -> Operand<'_> {
        match self {
            Opd::A(a) => Operand::Array(a),
            Opd::S(s) => Operand::Scalar(*s),
        }
    }
}

/// A nested-form argument owned by the generator.
enum Na {
    A(Array),
    S(Scalar),
    C(Container),
}
impl Na {
    fn get(&self) -> NestArg<'_> {
        match self {
            Na::A(a) => NestArg::Array(a),
            Na::S(s) => NestArg::Scalar(*s),
            Na::C(c) => NestArg::Container(c),
        }
    }
}

/// A scoped setting a call runs under.
#[derive(Clone, Copy, Debug)]
enum Ctx {
    None,
    NoBackend,
    Default(ivy::DefaultKind, Dtype),
    Casting(ivy::CastingMode),
    Precise(bool),
}

// ======================================================================== the fuzzer

struct Fz {
    rng: Rng,
    /// The call's backend.
    b: Backend,
    /// The call's main dtype.
    d: Dtype,
    huge: bool,
    index: u64,
    verbose: bool,
    report: Report,
    /// `out` keeps its backend, dtype and shape on `Ok` (not so for `inplace_update`).
    out_kind_fixed: bool,
}

fn other(b: Backend) -> Backend {
    match b {
        Backend::Ndarray => Backend::Candle,
        _ => Backend::Ndarray,
    }
}

impl Fz {
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
    fn opt_dtype(&mut self) -> Option<Dtype> {
        if self.rng.chance(0.3) {
            None
        } else {
            Some(self.main_dtype())
        }
    }
    fn opt_device(&mut self) -> Option<Device> {
        if self.rng.chance(0.03) {
            Some(Device::Cuda(usize::MAX))
        } else if self.rng.chance(0.85) {
            self.rng.pick(&DEVICES[..2])
        } else {
            self.rng.pick(&DEVICES)
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
        if s.iter()
            .try_fold(1usize, |n, &d| n.checked_mul(d))
            .is_some()
        {
            s.push(usize::MAX);
        }
        s
    }
    /// A shape for creation ops and `broadcast_to`.
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
    /// A shape for input arrays: small, sometimes empty with huge axes.
    fn in_shape(&mut self) -> Vec<usize> {
        if self.rng.chance(0.12) {
            self.empty_huge_shape()
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
    fn scalar(&mut self) -> Scalar {
        match self.rng.below(10) {
            0..=3 => Scalar::Float(self.float()),
            4..=7 => Scalar::Int(self.int()),
            8 => Scalar::Bool(self.rng.chance(0.5)),
            _ => Scalar::Complex(self.float(), self.float()),
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
                    Scalar::Int(self.int())
                } else if d.is_complex() {
                    Scalar::Complex(self.float(), self.float())
                } else {
                    Scalar::Float(self.float())
                }
            })
            .collect()
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
        if a.backend() == Backend::Candle && self.rng.chance(0.05) {
            if let Ok(t) = candle_core::Tensor::try_from(a.clone()) {
                if let Ok(v) = candle_core::Var::from_tensor(&t) {
                    return (Array::from(v), format!("Var({desc})"));
                }
            }
        }
        (a, desc)
    }

    fn operand(&mut self) -> (Opd, String) {
        if self.rng.chance(0.25) {
            let s = self.scalar();
            (Opd::S(s), format!("{s:?}"))
        } else {
            let (a, d) = self.array();
            (Opd::A(a), d)
        }
    }

    /// A Container of random leaves (mixed dtypes, shapes and backends) at random keys.
    fn container(&mut self) -> (Container, String) {
        const KEYS: [&str; 6] = ["a", "b", "a/x", "a/y", "b/z/w", "c"];
        let n = self.rng.pick(&[0, 1, 2, 2, 3, 4]);
        let mut c = Container::new();
        let mut desc = Vec::new();
        for _ in 0..n {
            let k = self.rng.pick(&KEYS);
            let (a, d) = self.array();
            c.insert(k, a);
            desc.push(format!("{k}: {d}"));
        }
        (c, format!("container{{{}}}", desc.join(", ")))
    }

    /// A nested-form argument: mostly a Container, sometimes an array or a scalar.
    fn nest_arg(&mut self) -> (Na, String) {
        match self.rng.below(10) {
            0..=6 => {
                let (c, d) = self.container();
                (Na::C(c), d)
            }
            7 | 8 => {
                let (a, d) = self.array();
                (Na::A(a), d)
            }
            _ => {
                let s = self.scalar();
                (Na::S(s), format!("{s:?}"))
            }
        }
    }

    /// An `out` array: right shape and dtype, or wrong shape, wrong dtype, wrong backend.
    fn out(&mut self, shape: &[usize], dtype: Dtype) -> (Array, String) {
        let (b, d, s) = match self.rng.below(8) {
            0..=2 => (self.b, dtype, shape.to_vec()),
            3 => (self.b, self.dtype(), shape.to_vec()),
            4 => (other(self.b), dtype, shape.to_vec()),
            5 => (self.b, dtype, self.small_shape()),
            6 => (self.b, self.dtype(), self.small_shape()),
            _ => (self.b, dtype, vec![]),
        };
        // outs are small: an out with huge axes is made small instead
        let s = if checked_size(&s).is_some_and(|n| n <= 256) && s.iter().all(|&d| d < 1 << 20) {
            s
        } else {
            self.small_shape()
        };
        self.array_of(b, d, &s)
    }

    fn axis(&mut self, ndim: usize) -> Option<Vec<i64>> {
        let n = ndim as i64;
        let one = |r: &mut Rng| -> i64 {
            match r.below(10) {
                0..=5 => r.range_i64(-n.max(1), (n - 1).max(0)),
                6 | 7 => r.range_i64(-n - 3, n + 3),
                8 => r.pick(&[i64::MIN, i64::MAX, -n - 1, n]),
                _ => r.pick(&[0, -1]),
            }
        };
        match self.rng.below(8) {
            0..=2 => None,
            3 => Some(vec![]),
            4..=5 => Some(vec![one(&mut self.rng)]),
            6 => Some(vec![one(&mut self.rng), one(&mut self.rng)]),
            _ => {
                let a = one(&mut self.rng);
                Some(vec![a, a])
            }
        }
    }

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

    // ---------------------------------------------------------------- calling

    /// Runs one call: under `catch_unwind`, in the call's backend and a random scoped
    /// setting, with `out` checked before and after.
    fn call<T: Inspect>(
        &mut self,
        op: &str,
        desc: String,
        mut out: Option<&mut Array>,
        f: impl FnOnce(Option<&mut Array>) -> ivy::Result<T>,
    ) {
        let ctx = self.ctx();
        let desc = match ctx {
            Ctx::None => format!("[{}] {desc}", self.b),
            c => format!("[{}, {c:?}] {desc}", self.b),
        };
        if DESCRIBE.with(|d| d.borrow().is_some()) {
            DESCRIBE.with(|d| *d.borrow_mut() = Some(desc));
            return;
        }
        if self.verbose {
            println!("call {}: {op}: {desc}", self.index);
        }
        let before = out.as_deref().map(snap);
        let b = self.b;
        let r = guarded(|| {
            let run = |out: Option<&mut Array>| -> ivy::Result<T> {
                match ctx {
                    Ctx::None => ivy::with_backend(b, || f(out)),
                    Ctx::NoBackend => f(out),
                    Ctx::Default(k, d) => {
                        ivy::with_backend(b, || ivy::with_default(k, d, || f(out)))?
                    }
                    Ctx::Casting(m) => {
                        ivy::with_backend(b, || ivy::with_casting_mode(m, || f(out)))
                    }
                    Ctx::Precise(p) => {
                        ivy::with_backend(b, || ivy::with_precise_mode(p, || f(out)))
                    }
                }
            };
            let r = run(out.as_deref_mut());
            // reading the result back (values, Display) must not panic either
            let inspected = guarded(|| match &r {
                Ok(v) => v.inspect(),
                Err(e) => {
                    let _ = e.to_string();
                    Ok(())
                }
            })
            .unwrap_or_else(|p| Err(format!("panic reading or printing the result: {p}")));
            (r, inspected)
        });
        self.report.calls += 1;
        let (r, inspected) = match r {
            Ok(x) => x,
            Err(p) => {
                self.report.fail("panic", op, &p, self.index, &desc);
                return;
            }
        };
        if let Err(m) = inspected {
            let class = if m.starts_with("panic") {
                "panic reading result"
            } else {
                "bad result"
            };
            self.report.fail(class, op, &m, self.index, &desc);
        }
        let after = out.as_deref().map(snap);
        match &r {
            Ok(_) => {
                self.report.ok += 1;
                *self.report.ok_by_op.entry(op.to_string()).or_default() += 1;
                if !self.out_kind_fixed {
                } else if let (Some(b), Some(a)) = (&before, &after) {
                    if (b.backend, b.dtype, &b.shape) != (a.backend, a.dtype, &a.shape) {
                        self.report.fail(
                            "out changed kind",
                            op,
                            &format!(
                                "out was {} {} {:?}, is {} {} {:?}",
                                b.backend, b.dtype, b.shape, a.backend, a.dtype, a.shape
                            ),
                            self.index,
                            &desc,
                        );
                    }
                }
            }
            Err(e) => {
                *self.report.errs.entry(variant(e)).or_default() += 1;
                if before != after {
                    self.report.fail(
                        "out changed on error",
                        op,
                        &format!("{e}; out before {before:?}, after {after:?}"),
                        self.index,
                        &desc,
                    );
                }
                let msg = e.to_string();
                if matches!(e, Error::Backend { .. }) {
                    self.report
                        .fail("Error::Backend", op, &msg, self.index, &desc);
                }
                if msg.lines().count() > 4 {
                    self.report.fail(
                        "multi-line message",
                        op,
                        &format!(
                            "{} lines: {}",
                            msg.lines().count(),
                            msg.lines().next().unwrap_or("")
                        ),
                        self.index,
                        &desc,
                    );
                }
            }
        }
    }

    /// A call of the `inplace_update` kind: `x` is the array the call changes.
    fn call_inplace(
        &mut self,
        desc: String,
        x: &mut Array,
        keep_input_dtype: bool,
        val_dtype: Dtype,
        f: impl FnOnce(&mut Array) -> ivy::Result<()>,
    ) {
        let before = snap(x);
        let mut sink = None;
        self.out_kind_fixed = false;
        self.call("inplace_update", desc.clone(), Some(x), |x| {
            let x = x.unwrap();
            let r = f(x);
            if r.is_ok() {
                sink = Some((x.backend(), x.dtype(), x.shape().to_vec()));
            }
            r
        });
        self.out_kind_fixed = true;
        // on Ok: x keeps its backend and shape; its dtype is its own (keep_input_dtype) or val's
        if let Some((b, d, s)) = sink {
            let want = if keep_input_dtype {
                before.dtype
            } else {
                val_dtype
            };
            if d != want || b != before.backend || s != before.shape {
                self.report.fail(
                    "inplace_update result kind",
                    "inplace_update",
                    &format!(
                        "x was {} {} {:?}, is {b} {d} {s:?}; expected {} {want} {:?}",
                        before.backend, before.dtype, before.shape, before.backend, before.shape
                    ),
                    self.index,
                    &desc,
                );
            }
        }
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

// ======================================================================== rows

type Row = fn(&mut Fz);

/// The row of every op of the registry, by name. `None`: no row (the test fails).
fn row(name: &str) -> Option<Row> {
    Some(match name {
        // creation
        "zeros" => |f| creation(f, "zeros"),
        "ones" => |f| creation(f, "ones"),
        "full" => |f| creation(f, "full"),
        "arange" => arange,
        "asarray" => asarray,
        "zeros_like" => |f| like(f, "zeros_like"),
        "ones_like" => |f| like(f, "ones_like"),
        "full_like" => |f| like(f, "full_like"),
        // data types
        "astype" => astype,
        "broadcast_to" => broadcast_to,
        "broadcast_arrays" => broadcast_arrays,
        "result_type" => |f| {
            let n = f.rng.below(4);
            let ds: Vec<Dtype> = (0..n).map(|_| f.dtype()).collect();
            f.call("result_type", format!("result_type({ds:?})"), None, |_| {
                ivy::result_type(ds)
            })
        },
        "promote_types" => |f| {
            let (a, b) = (f.dtype(), f.dtype());
            f.call(
                "promote_types",
                format!("promote_types({a}, {b})"),
                None,
                |_| ivy::promote_types(a, b),
            )
        },
        "can_cast" => |f| {
            let (a, b) = (f.dtype(), f.dtype());
            f.call("can_cast", format!("can_cast({a}, {b})"), None, |_| {
                Ok(ivy::can_cast(a, b))
            })
        },
        "default_dtype" => |f| {
            let d = f.opt_dtype();
            let s = if f.rng.chance(0.7) {
                Some(f.scalar())
            } else {
                None
            };
            f.call(
                "default_dtype",
                format!("default_dtype({d:?}, {s:?})"),
                None,
                |_| Ok(ivy::default_dtype(d, s)),
            )
        },
        "as_native_dtype" => |f| {
            let d = f.main_dtype();
            f.call(
                "as_native_dtype",
                format!("as_native_dtype({d})"),
                None,
                |_| ivy::as_native_dtype(d),
            )
        },
        "from_native_dtype" => |f| {
            use candle_core::DType as C;
            let n = match f.rng.below(3) {
                0 => NativeDtype::Candle(f.rng.pick(&[
                    C::U8,
                    C::U32,
                    C::I16,
                    C::I32,
                    C::I64,
                    C::BF16,
                    C::F16,
                    C::F32,
                    C::F64,
                    C::F8E4M3,
                ])),
                1 => NativeDtype::Ndarray(f.rng.pick(&[
                    "i8",
                    "f32",
                    "half::bf16",
                    "Complex<f64>",
                    "bool",
                    "u128",
                    "",
                ])),
                _ => {
                    let d = f.main_dtype();
                    match ivy::with_backend(f.b, || ivy::as_native_dtype(d)) {
                        Ok(n) => n,
                        Err(_) => NativeDtype::Ndarray("f64"),
                    }
                }
            };
            f.call(
                "from_native_dtype",
                format!("from_native_dtype({n:?})"),
                None,
                |_| ivy::from_native_dtype(n),
            )
        },
        "dtype" => |f| {
            let (x, xd) = f.array();
            f.call("dtype", format!("dtype({xd})"), None, |_| {
                Ok(ivy::dtype(&x))
            })
        },
        "finfo" => |f| {
            let d = f.main_dtype();
            f.call("finfo", format!("finfo({d})"), None, |_| ivy::finfo(d))
        },
        "iinfo" => |f| {
            let d = f.main_dtype();
            f.call("iinfo", format!("iinfo({d})"), None, |_| ivy::iinfo(d))
        },
        "isdtype" => |f| {
            let d = f.main_dtype();
            let kind = f.rng.pick(&[
                "bool",
                "signed integer",
                "unsigned integer",
                "integral",
                "real floating",
                "complex floating",
                "numeric",
                "float16",
                "floating",
                "",
                "int",
                "uint64",
            ]);
            f.call("isdtype", format!("isdtype({d}, {kind:?})"), None, |_| {
                ivy::isdtype(d, kind)
            })
        },
        "type_promote_arrays" => |f| {
            let (a, ad) = f.array();
            let (b, bd) = f.array();
            f.call(
                "type_promote_arrays",
                format!("type_promote_arrays({ad}, {bd})"),
                None,
                |_| ivy::type_promote_arrays(&a, &b),
            )
        },
        "promote_types_of_inputs" => |f| {
            let (a, ad) = f.operand();
            let (b, bd) = f.operand();
            f.call(
                "promote_types_of_inputs",
                format!("promote_types_of_inputs({ad}, {bd})"),
                None,
                |_| ivy::promote_types_of_inputs(a.get(), b.get()),
            )
        },
        "valid_dtypes" => |f| {
            f.call("valid_dtypes", "valid_dtypes()".into(), None, |_| {
                Ok(ivy::valid_dtypes())
            })
        },
        "invalid_dtypes" => |f| {
            f.call("invalid_dtypes", "invalid_dtypes()".into(), None, |_| {
                Ok(ivy::invalid_dtypes())
            })
        },
        "backend_valid_dtypes" => |f| {
            let b = f
                .rng
                .pick(&[None, Some(Backend::Ndarray), Some(Backend::Candle)]);
            f.call(
                "backend_valid_dtypes",
                format!("backend_valid_dtypes({b:?})"),
                None,
                |_| Ok(ivy::backend_valid_dtypes(b)),
            )
        },
        "as_ivy_dtype" => |f| {
            let name: String = if f.rng.chance(0.8) {
                f.dtype().to_string()
            } else {
                f.rng
                    .pick(&["", "float", "Float32", "int", "float32 ", "uint128"])
                    .to_string()
            };
            f.call(
                "as_ivy_dtype",
                format!("as_ivy_dtype({name:?})"),
                None,
                |_| ivy::as_ivy_dtype(&name),
            )
        },
        // elementwise
        "tan" => |f| unary(f, "tan", ivy::tan, ivy::tan_out, |x| ivy::nested::tan(x)),
        "sin" => |f| unary(f, "sin", ivy::sin, ivy::sin_out, |x| ivy::nested::sin(x)),
        "maximum" => |f| {
            binary(
                f,
                "maximum",
                |a, b| ivy::maximum(a, b),
                |a, b, o| ivy::maximum_out(a, b, o),
                |a, b| ivy::nested::maximum(a, b),
                |a, b| ivy::maximum(a, b),
            )
        },
        "minimum" => |f| {
            binary(
                f,
                "minimum",
                |a, b| ivy::minimum(a, b),
                |a, b, o| ivy::minimum_out(a, b, o),
                |a, b| ivy::nested::minimum(a, b),
                |a, b| ivy::minimum(a, b),
            )
        },
        "log" => |f| unary(f, "log", ivy::log, ivy::log_out, |x| ivy::nested::log(x)),
        "exp" => |f| unary(f, "exp", ivy::exp, ivy::exp_out, |x| ivy::nested::exp(x)),
        "negative" => |f| {
            unary(f, "negative", ivy::negative, ivy::negative_out, |x| {
                ivy::nested::negative(x)
            })
        },
        "softplus" => |f| {
            unary(f, "softplus", ivy::softplus, ivy::softplus_out, |x| {
                ivy::nested::softplus(x)
            })
        },
        "add" => |f| {
            binary(
                f,
                "add",
                |a, b| ivy::add(a, b),
                |a, b, o| ivy::add_out(a, b, o),
                |a, b| ivy::nested::add(a, b),
                |a, b| a + b,
            )
        },
        "subtract" => |f| {
            binary(
                f,
                "subtract",
                |a, b| ivy::subtract(a, b),
                |a, b, o| ivy::subtract_out(a, b, o),
                |a, b| ivy::nested::subtract(a, b),
                |a, b| a - b,
            )
        },
        "multiply" => |f| {
            binary(
                f,
                "multiply",
                |a, b| ivy::multiply(a, b),
                |a, b, o| ivy::multiply_out(a, b, o),
                |a, b| ivy::nested::multiply(a, b),
                |a, b| a * b,
            )
        },
        "divide" => |f| {
            binary(
                f,
                "divide",
                |a, b| ivy::divide(a, b),
                |a, b, o| ivy::divide_out(a, b, o),
                |a, b| ivy::nested::divide(a, b),
                |a, b| a / b,
            )
        },
        "clip" => clip,
        // statistical, losses, general, nest
        "sum" => sum,
        "cross_entropy" => cross_entropy,
        "inplace_update" => inplace_update,
        "nested_map" => |f| {
            let (c, cd) = f.container();
            let which = f.rng.below(3);
            f.call(
                "nested_map",
                format!("nested_map({cd}, [exp, sum, negative][{which}])"),
                None,
                |_| {
                    ivy::nested_map(&c, |x| match which {
                        0 => x.exp(),
                        1 => x.sum(),
                        _ => x.negative(),
                    })
                },
            )
        },
        "index_nest" => |f| {
            let (c, cd) = f.container();
            let k = f
                .rng
                .pick(&["a", "a/x", "b/z/w", "", "/", "a//x", "zz", "a/x/"]);
            f.call(
                "index_nest",
                format!("index_nest({cd}, {k:?})"),
                None,
                |_| ivy::index_nest(&c, k).cloned(),
            )
        },
        "default" => |f| {
            let x = if f.rng.chance(0.5) {
                Some(f.int())
            } else {
                None
            };
            let d = f.int();
            f.call("default", format!("default({x:?}, {d})"), None, |_| {
                Ok(ivy::default(x, d))
            })
        },
        "stable_divide" => |f| {
            let (a, ad) = f.operand();
            let (b, bd) = f.operand();
            let m = if f.rng.chance(0.5) {
                Some(f.float())
            } else {
                None
            };
            f.call(
                "stable_divide",
                format!("stable_divide({ad}, {bd}, {m:?})"),
                None,
                |_| ivy::stable_divide(a.get(), b.get(), m),
            )
        },
        "sum_leaves" => |f| {
            let (c, cd) = f.container();
            f.call("sum_leaves", format!("sum_leaves({cd})"), None, |_| {
                ivy::sum_leaves(&c)
            })
        },
        _ => return None,
    })
}

fn creation(f: &mut Fz, op: &'static str) {
    let shape = f.create_shape();
    let dtype = f.opt_dtype();
    let device = f.opt_device();
    let fill = f.scalar();
    let desc = match op {
        "full" => format!("{op}_with(&{shape:?}, {fill:?}, dtype {dtype:?}, device {device:?})"),
        _ => format!("{op}_with(&{shape:?}, dtype {dtype:?}, device {device:?})"),
    };
    f.call(op, desc, None, |_| match op {
        "zeros" => ivy::zeros_with(&shape, ZerosKw { dtype, device }),
        "ones" => ivy::ones_with(&shape, OnesKw { dtype, device }),
        _ => ivy::full_with(&shape, fill, FullKw { dtype, device }),
    });
}

fn arange(f: &mut Fz) {
    let bound = |f: &mut Fz| -> Scalar {
        match f.rng.below(10) {
            0..=3 => Scalar::Int(f.rng.range_i64(-5, 12)),
            4 => Scalar::Int(f.rng.pick(&[i64::MIN, i64::MAX, 1 << 50, -(1 << 50)])),
            5..=7 => Scalar::Float(f.rng.range_i64(-20, 40) as f64 / 4.0),
            8 => Scalar::Float(f.rng.pick(&[
                f64::NAN,
                f64::INFINITY,
                f64::NEG_INFINITY,
                -0.0,
                1e300,
                -1e300,
                1e15,
            ])),
            _ => f.scalar(),
        }
    };
    let start = bound(f);
    let stop = bound(f);
    let step = match f.rng.below(8) {
        0..=2 => Scalar::Int(f.rng.pick(&[1, 1, 2, 3, -1, -2])),
        3 | 4 => Scalar::Float(f.rng.pick(&[0.5, 1.5, -0.25, 1.0])),
        5 => Scalar::Int(f.rng.pick(&[0, i64::MAX, i64::MIN])),
        6 => Scalar::Float(
            f.rng
                .pick(&[0.0, -0.0, f64::NAN, f64::INFINITY, 1e-300, 1e300]),
        ),
        _ => f.scalar(),
    };
    // a small count, or a huge one (only when huge shapes are on), never in between
    let n = ((stop.to_f64() - start.to_f64()) / step.to_f64()).abs();
    let huge_ok = f.huge && n >= min_huge() as f64;
    let (start, stop) = if n > 4096.0 && n.is_finite() && !huge_ok {
        (Scalar::Int(0), Scalar::Int(5))
    } else {
        (start, stop)
    };
    let dtype = f.opt_dtype();
    let device = f.opt_device();
    f.call(
        "arange",
        format!("arange_with({start:?}, {stop:?}, {step:?}, dtype {dtype:?}, device {device:?})"),
        None,
        |_| ivy::arange_with(start, stop, step, ArangeKw { dtype, device }),
    );
}

fn asarray(f: &mut Fz) {
    if f.rng.chance(0.3) {
        return asarray_nested(f);
    }
    let d = f.main_dtype();
    let shape = f.small_shape();
    let n = checked_size(&shape).unwrap();
    let mut vals = f.values(d, n);
    if f.rng.chance(0.1) {
        vals.push(f.scalar()); // ragged: more values than the shape holds
    }
    let dtype = f.opt_dtype();
    let device = f.opt_device();
    f.call(
        "asarray",
        format!(
            "asarray_with(Data::from({}).reshape(&{shape:?}), dtype {dtype:?}, device {device:?})",
            fmt_vals(&vals)
        ),
        None,
        |_| {
            let data = Data::from(vals).reshape(&shape)?;
            ivy::asarray_with(data, AsarrayKw { dtype, device })
        },
    );
}

/// `asarray` of nested `Vec`s: rows of random (sometimes different: ragged) lengths, of
/// scalars or of `u64`s up to `u64::MAX`.
fn asarray_nested(f: &mut Fz) {
    let rows = f.rng.below(4);
    let len = f.rng.below(4);
    let ragged = f.rng.chance(0.3);
    let lens: Vec<usize> = (0..rows)
        .map(|_| if ragged { f.rng.below(4) } else { len })
        .collect();
    let dtype = f.opt_dtype();
    let device = f.opt_device();
    if f.rng.chance(0.3) {
        let v: Vec<Vec<u64>> = lens
            .iter()
            .map(|&n| {
                (0..n)
                    .map(|_| {
                        f.rng.pick(&[
                            0,
                            1,
                            255,
                            1 << 40,
                            i64::MAX as u64,
                            i64::MAX as u64 + 1,
                            u64::MAX,
                        ])
                    })
                    .collect()
            })
            .collect();
        f.call(
            "asarray",
            format!("asarray_with({v:?}, dtype {dtype:?}, device {device:?})"),
            None,
            |_| ivy::asarray_with(v, AsarrayKw { dtype, device }),
        );
    } else {
        let d = f.main_dtype();
        let v: Vec<Vec<Scalar>> = lens.iter().map(|&n| f.values(d, n)).collect();
        let vd: Vec<String> = v.iter().map(|r| fmt_vals(r)).collect();
        f.call(
            "asarray",
            format!(
                "asarray_with([{}], dtype {dtype:?}, device {device:?})",
                vd.join(", ")
            ),
            None,
            |_| ivy::asarray_with(v, AsarrayKw { dtype, device }),
        );
    }
}

fn like(f: &mut Fz, op: &'static str) {
    let dtype = f.opt_dtype();
    let device = f.opt_device();
    let fill = f.scalar();
    let nested = f.rng.chance(0.3);
    if nested {
        let (x, xd) = f.nest_arg();
        f.call(
            op,
            format!("nested::{op}_with({xd}, fill {fill:?}, dtype {dtype:?}, device {device:?})"),
            None,
            |_| match op {
                "zeros_like" => {
                    ivy::nested::zeros_like_with(x.get(), ZerosLikeKw { dtype, device })
                }
                "ones_like" => ivy::nested::ones_like_with(x.get(), OnesLikeKw { dtype, device }),
                _ => ivy::nested::full_like_with(x.get(), fill, FullLikeKw { dtype, device }),
            },
        );
    } else {
        let (x, xd) = f.array();
        f.call(
            op,
            format!("{op}_with({xd}, fill {fill:?}, dtype {dtype:?}, device {device:?})"),
            None,
            |_| match op {
                "zeros_like" => ivy::zeros_like_with(&x, ZerosLikeKw { dtype, device }),
                "ones_like" => ivy::ones_like_with(&x, OnesLikeKw { dtype, device }),
                _ => ivy::full_like_with(&x, fill, FullLikeKw { dtype, device }),
            },
        );
    }
}

fn astype(f: &mut Fz) {
    let to = f.dtype();
    let copy = f.rng.chance(0.5);
    match f.rng.below(4) {
        0 | 1 => {
            let (x, xd) = f.array();
            f.call(
                "astype",
                format!("astype_with({xd}, {to}, copy {copy})"),
                None,
                |_| ivy::astype_with(&x, to, AstypeKw { copy }),
            );
        }
        2 => {
            let (x, xd) = f.array();
            let (mut o, od) = f.out(x.shape(), to);
            f.call(
                "astype",
                format!("astype_with_out({xd}, {to}, copy {copy}, out {od})"),
                Some(&mut o),
                |o| ivy::astype_with_out(&x, to, AstypeKw { copy }, o.unwrap()),
            );
        }
        _ => {
            let (x, xd) = f.nest_arg();
            f.call(
                "astype",
                format!("nested::astype_with({xd}, {to}, copy {copy})"),
                None,
                |_| ivy::nested::astype_with(x.get(), to, AstypeKw { copy }),
            );
        }
    }
}

fn broadcast_to(f: &mut Fz) {
    let (x, xd) = f.array();
    // a shape x broadcasts to, or any shape
    let shape = if f.rng.chance(0.5) {
        let mut s: Vec<usize> = x
            .shape()
            .iter()
            .map(|&d| if d == 1 { f.rng.pick(&[1, 2, 3]) } else { d })
            .collect();
        for _ in 0..f.rng.below(3) {
            let lead = if f.huge && f.rng.chance(0.2) {
                f.rng.pick(&[min_huge(), 2 * min_huge()])
            } else {
                f.rng.pick(&[0, 1, 2])
            };
            s.insert(0, lead);
        }
        let n = s.iter().try_fold(1usize, |n, &d| n.checked_mul(d));
        if n.is_none_or(|n| n > 4096 && (!f.huge || n < min_huge())) {
            f.small_shape()
        } else {
            s
        }
    } else {
        f.create_shape()
    };
    match f.rng.below(4) {
        0 | 1 => f.call(
            "broadcast_to",
            format!("broadcast_to({xd}, &{shape:?})"),
            None,
            |_| ivy::broadcast_to(&x, &shape),
        ),
        2 => {
            let (mut o, od) = f.out(&shape, x.dtype());
            f.call(
                "broadcast_to",
                format!("broadcast_to_out({xd}, &{shape:?}, out {od})"),
                Some(&mut o),
                |o| ivy::broadcast_to_out(&x, &shape, o.unwrap()),
            )
        }
        _ => {
            let (c, cd) = f.nest_arg();
            f.call(
                "broadcast_to",
                format!("nested::broadcast_to({cd}, &{shape:?})"),
                None,
                |_| ivy::nested::broadcast_to(c.get(), &shape),
            )
        }
    }
}

fn broadcast_arrays(f: &mut Fz) {
    let n = f.rng.below(4);
    let arrs: Vec<(Array, String)> = (0..n).map(|_| f.array()).collect();
    let desc: Vec<&str> = arrs.iter().map(|a| a.1.as_str()).collect();
    f.call(
        "broadcast_arrays",
        format!("broadcast_arrays(&[{}])", desc.join(", ")),
        None,
        |_| {
            let refs: Vec<&Array> = arrs.iter().map(|a| &a.0).collect();
            ivy::broadcast_arrays(&refs)
        },
    );
}

type Unary = fn(&Array) -> ivy::Result<Array>;
type UnaryOut = fn(&Array, &mut Array) -> ivy::Result<()>;
type Nested1 = fn(NestArg<'_>) -> ivy::Result<Container>;

fn unary(f: &mut Fz, op: &'static str, plain: Unary, out: UnaryOut, nested: Nested1) {
    match f.rng.below(5) {
        0 | 1 => {
            let (x, xd) = f.array();
            f.call(op, format!("{op}({xd})"), None, |_| plain(&x));
        }
        2 | 3 => {
            let (x, xd) = f.array();
            let od = if f.rng.chance(0.5) {
                x.dtype()
            } else {
                f.dtype()
            };
            let (mut o, ods) = f.out(x.shape(), od);
            f.call(
                op,
                format!("{op}_out({xd}, out {ods})"),
                Some(&mut o),
                |o| out(&x, o.unwrap()),
            );
        }
        _ => {
            let (x, xd) = f.nest_arg();
            f.call(op, format!("nested::{op}({xd})"), None, |_| nested(x.get()));
        }
    }
}

fn broadcast_shape(a: &[usize], b: &[usize]) -> Vec<usize> {
    let n = a.len().max(b.len());
    (0..n)
        .map(|i| {
            let da = if i + a.len() >= n {
                a[i + a.len() - n]
            } else {
                1
            };
            let db = if i + b.len() >= n {
                b[i + b.len() - n]
            } else {
                1
            };
            if da == 1 {
                db
            } else {
                da
            }
        })
        .collect()
}

type Binary = for<'a, 'b> fn(Operand<'a>, Operand<'b>) -> ivy::Result<Array>;
type BinaryOut = for<'a, 'b> fn(Operand<'a>, Operand<'b>, &mut Array) -> ivy::Result<()>;
type Nested2 = for<'a, 'b> fn(NestArg<'a>, NestArg<'b>) -> ivy::Result<Container>;
type Operator = fn(&Array, &Array) -> ivy::Result<Array>;

fn binary(
    f: &mut Fz,
    op: &'static str,
    plain: Binary,
    out: BinaryOut,
    nested: Nested2,
    operator: Operator,
) {
    match f.rng.below(6) {
        0 | 1 => {
            let (a, ad) = f.operand();
            let (b, bd) = f.operand();
            f.call(op, format!("{op}({ad}, {bd})"), None, |_| {
                plain(a.get(), b.get())
            });
        }
        2 | 3 => {
            let (a, ad) = f.operand();
            let (b, bd) = f.operand();
            let sa = match &a {
                Opd::A(x) => x.shape().to_vec(),
                _ => vec![],
            };
            let sb = match &b {
                Opd::A(x) => x.shape().to_vec(),
                _ => vec![],
            };
            let d = match (&a, &b) {
                (Opd::A(x), _) | (_, Opd::A(x)) => x.dtype(),
                _ => Dtype::Float32,
            };
            let (mut o, od) = f.out(&broadcast_shape(&sa, &sb), d);
            f.call(
                op,
                format!("{op}_out({ad}, {bd}, out {od})"),
                Some(&mut o),
                |o| out(a.get(), b.get(), o.unwrap()),
            );
        }
        4 => {
            let (a, ad) = f.nest_arg();
            let (b, bd) = f.nest_arg();
            f.call(op, format!("nested::{op}({ad}, {bd})"), None, |_| {
                nested(a.get(), b.get())
            });
        }
        _ => {
            let (a, ad) = f.array();
            let (b, bd) = f.array();
            f.call(op, format!("operator {op}(&{ad}, &{bd})"), None, |_| {
                operator(&a, &b)
            });
        }
    }
}

fn clip(f: &mut Fz) {
    let lo = f.float();
    let hi = if f.rng.chance(0.3) {
        f.float()
    } else {
        lo + f.rng.below(4) as f64
    };
    match f.rng.below(4) {
        0 | 1 => {
            let (x, xd) = f.array();
            f.call("clip", format!("clip({xd}, {lo:?}, {hi:?})"), None, |_| {
                ivy::clip(&x, lo, hi)
            });
        }
        2 => {
            let (x, xd) = f.array();
            let od = if f.rng.chance(0.5) {
                x.dtype()
            } else {
                f.dtype()
            };
            let (mut o, ods) = f.out(x.shape(), od);
            f.call(
                "clip",
                format!("clip_out({xd}, {lo:?}, {hi:?}, out {ods})"),
                Some(&mut o),
                |o| ivy::clip_out(&x, lo, hi, o.unwrap()),
            );
        }
        _ => {
            let (x, xd) = f.nest_arg();
            f.call(
                "clip",
                format!("nested::clip({xd}, {lo:?}, {hi:?})"),
                None,
                |_| ivy::nested::clip(x.get(), lo, hi),
            );
        }
    }
}

fn reduced_shape(shape: &[usize], axis: &Option<Vec<i64>>, keepdims: bool) -> Vec<usize> {
    let n = shape.len() as i64;
    let axes: Vec<usize> = match axis {
        None => (0..shape.len()).collect(),
        Some(v) => v
            .iter()
            .filter(|&&a| a >= -n && a < n)
            .map(|&a| if a < 0 { (a + n) as usize } else { a as usize })
            .collect(),
    };
    shape
        .iter()
        .enumerate()
        .filter_map(|(i, &d)| {
            if axes.contains(&i) {
                keepdims.then_some(1)
            } else {
                Some(d)
            }
        })
        .collect()
}

fn sum(f: &mut Fz) {
    let keepdims = f.rng.chance(0.3);
    let dtype = if f.rng.chance(0.4) {
        Some(f.dtype())
    } else {
        None
    };
    match f.rng.below(5) {
        0 | 1 => {
            let (x, xd) = f.array();
            let axis = f.axis(x.ndim());
            let kw = SumKw {
                axis: axis.clone(),
                keepdims,
                dtype,
            };
            f.call("sum", format!("sum_with({xd}, {kw:?})"), None, |_| {
                ivy::sum_with(&x, kw)
            });
        }
        2 | 3 => {
            let (x, xd) = f.array();
            let axis = f.axis(x.ndim());
            let shape = reduced_shape(x.shape(), &axis, keepdims);
            let (mut o, od) = f.out(&shape, dtype.unwrap_or(x.dtype()));
            let kw = SumKw {
                axis,
                keepdims,
                dtype,
            };
            f.call(
                "sum",
                format!("sum_with_out({xd}, {kw:?}, out {od})"),
                Some(&mut o),
                |o| ivy::sum_with_out(&x, kw, o.unwrap()),
            );
        }
        _ => {
            let (x, xd) = f.nest_arg();
            let axis = f.axis(2);
            let kw = SumKw {
                axis,
                keepdims,
                dtype,
            };
            f.call(
                "sum",
                format!("nested::sum_with({xd}, {kw:?})"),
                None,
                |_| ivy::nested::sum_with(x.get(), kw),
            );
        }
    }
}

fn cross_entropy(f: &mut Fz) {
    let epsilon = if f.rng.chance(0.7) { 1e-7 } else { f.float() };
    match f.rng.below(4) {
        0 | 1 => {
            let (t, td) = f.array();
            let (p, pd) = f.array();
            let axis = f
                .axis(p.ndim())
                .and_then(|v| v.first().copied())
                .unwrap_or(-1);
            let kw = CrossEntropyKw { axis, epsilon };
            f.call(
                "cross_entropy",
                format!("cross_entropy_with({td}, {pd}, {kw:?})"),
                None,
                |_| ivy::cross_entropy_with(&t, &p, kw),
            );
        }
        2 => {
            let (t, td) = f.array();
            let (p, pd) = f.array();
            let axis = f
                .axis(p.ndim())
                .and_then(|v| v.first().copied())
                .unwrap_or(-1);
            let shape = reduced_shape(
                &broadcast_shape(t.shape(), p.shape()),
                &Some(vec![axis]),
                false,
            );
            let (mut o, od) = f.out(&shape, p.dtype());
            let kw = CrossEntropyKw { axis, epsilon };
            f.call(
                "cross_entropy",
                format!("cross_entropy_with_out({td}, {pd}, {kw:?}, out {od})"),
                Some(&mut o),
                |o| ivy::cross_entropy_with_out(&t, &p, kw, o.unwrap()),
            );
        }
        _ => {
            let (t, td) = f.nest_arg();
            let (p, pd) = f.nest_arg();
            let axis = f.axis(1).and_then(|v| v.first().copied()).unwrap_or(-1);
            let kw = CrossEntropyKw { axis, epsilon };
            f.call(
                "cross_entropy",
                format!("nested::cross_entropy_with({td}, {pd}, {kw:?})"),
                None,
                |_| ivy::nested::cross_entropy_with(t.get(), p.get(), kw),
            );
        }
    }
}

fn inplace_update(f: &mut Fz) {
    let (mut x, xd) = f.array();
    let (v, vd) = if f.rng.chance(0.5) {
        let d = f.main_dtype();
        let s = if f.rng.chance(0.7) {
            x.shape().to_vec()
        } else {
            f.small_shape()
        };
        let b = if f.rng.chance(0.9) {
            x.backend()
        } else {
            other(x.backend())
        };
        f.array_of(b, d, &s)
    } else {
        f.array()
    };
    let ensure_in_backend = f.rng.chance(0.3);
    let keep_input_dtype = f.rng.chance(0.5);
    let kw = InplaceUpdateKw {
        ensure_in_backend,
        keep_input_dtype,
    };
    let vdt = v.dtype();
    f.call_inplace(
        format!("inplace_update_with(&mut {xd}, {vd}, {kw:?})"),
        &mut x,
        keep_input_dtype,
        vdt,
        |x| ivy::inplace_update_with(x, &v, kw),
    );
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

/// The registry's ops with their rows; panics naming every op without a row.
fn rows() -> Vec<(&'static str, Row)> {
    let ops = ivy::registry::ops();
    ivy_tests::assert_row_for_every_op(
        "random_calls.rs",
        "the fuzz must call every op of the registry",
        |n| row(n).is_some(),
    );
    ops.iter()
        .map(|e| (e.meta.name, row(e.meta.name).unwrap()))
        .collect()
}

/// Calls `from .. from + calls` of the run with `seed`. With `announce`, writes
/// `@@CALL i` to stderr before each call, so a parent can name a call that aborts.
fn run_calls(cfg: &Config, announce: bool) -> Report {
    install_hook();
    let rows = rows();
    let n = rows.len() as u64;
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
        let (_, r) = rows[(i % n) as usize];
        let b = Backend::ALL[((i / n) % 2) as usize];
        let d = Dtype::ALL[((i / (2 * n)) % 15) as usize];
        let mut fz = Fz {
            rng: Rng::new(cfg.seed ^ i.wrapping_mul(0xA076_1D64_78BD_642F)),
            b,
            d,
            huge: cfg.huge,
            index: i,
            verbose: cfg.verbose,
            report: std::mem::take(&mut report),
            out_kind_fixed: true,
        };
        r(&mut fz);
        report = fz.report;
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
fn run_isolated(child_test: &str, cfg: &Config, extra_env: &[(&str, String)]) -> Report {
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
            child_test,
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
    let exe = std::env::current_exe().unwrap();
    let mut cmd = Command::new(exe);
    cmd.args([
        child_test,
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
    let out = cmd.output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
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
    let rows = rows(); // a missing row fails here, before any child runs
    let mut report = if env_u64("IVY_FUZZ_INPROCESS").unwrap_or(0) != 0 {
        run_calls(&cfg, false)
    } else {
        run_isolated("fuzz_child", &cfg, &[])
    };
    // every row must produce valid calls too, or it tests only error paths
    if cfg.calls >= 40 * rows.len() as u64 {
        for (name, _) in &rows {
            if report.ok_by_op.get(*name).copied().unwrap_or(0) == 0 {
                report.fail(
                    "never Ok",
                    name,
                    "no call of this op returned Ok: its row draws no valid arguments",
                    cfg.from,
                    "",
                );
            }
        }
    }
    println!(
        "seed {:#x}, calls {}..{}, huge shapes {}",
        cfg.seed,
        cfg.from,
        cfg.from + cfg.calls,
        if cfg.huge { "on" } else { "off" }
    );
    let replay = format!(
        "IVY_FUZZ_SEED={} IVY_FUZZ_HUGE={} IVY_FUZZ_FROM=i IVY_FUZZ_CALLS=1 IVY_FUZZ_VERBOSE=1 cargo test -p ivy-tests --test random_calls fuzz -- --nocapture",
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
        install_hook();
        let rows = rows();
        let n = rows.len() as u64;
        let (name, r) = rows[(i % n) as usize];
        // run the generator with a call that records instead of calling
        DESCRIBE.with(|d| *d.borrow_mut() = Some(String::new()));
        let mut fz = Fz {
            rng: Rng::new(cfg.seed ^ i.wrapping_mul(0xA076_1D64_78BD_642F)),
            b: Backend::ALL[((i / n) % 2) as usize],
            d: Dtype::ALL[((i / (2 * n)) % 15) as usize],
            huge: cfg.huge,
            index: i,
            verbose: false,
            report: Report::default(),
            out_kind_fixed: true,
        };
        r(&mut fz);
        let d = DESCRIBE.with(|d| d.borrow_mut().take()).unwrap_or_default();
        (name.to_string(), d)
    };
    println!("@@DESC\t{op}\t{}", desc.replace(['\t', '\n'], " "));
}

thread_local! {
    /// `Some`: describing, not calling (the description of the last call lands here).
    static DESCRIBE: RefCell<Option<String>> = const { RefCell::new(None) };
}

// ======================================================================== huge allocations

/// Calls whose result needs ≥ 2^40 elements (see [`min_huge`]): each must return an
/// error (`OutOfMemory`, or any non-`Backend` error), never abort the process. Cases marked
/// `may_be_ok` have an empty result (a huge axis reduced away, or next to a zero-length
/// one): `Ok` or an error, but no abort, no panic and no hang.
struct HugeCase {
    op: &'static str,
    desc: String,
    may_be_ok: bool,
    f: Box<dyn Fn() -> ivy::Result<Array>>,
}

fn huge_cases() -> Vec<HugeCase> {
    let mut v: Vec<HugeCase> = Vec::new();
    let mut push = |op: &'static str,
                    desc: String,
                    may_be_ok: bool,
                    f: Box<dyn Fn() -> ivy::Result<Array>>| {
        v.push(HugeCase {
            op,
            desc,
            may_be_ok,
            f,
        })
    };
    let h = min_huge();
    for &b in Backend::ALL {
        for s in alloc_huge_shapes() {
            for d in [Dtype::Float32, Dtype::Uint8, Dtype::Int64, Dtype::Float16] {
                let s2 = s.clone();
                push(
                    "zeros",
                    format!("[{b}] zeros_with(&{s:?}, dtype {d})"),
                    false,
                    Box::new(move || {
                        ivy::with_backend(b, || {
                            ivy::zeros_with(
                                &s2,
                                ZerosKw {
                                    dtype: Some(d),
                                    device: None,
                                },
                            )
                        })
                    }),
                );
            }
            let s2 = s.clone();
            push(
                "ones",
                format!("[{b}] ones(&{s:?})"),
                false,
                Box::new(move || ivy::with_backend(b, || ivy::ones(&s2))),
            );
            let s2 = s.clone();
            push(
                "full",
                format!("[{b}] full(&{s:?}, 1.0)"),
                false,
                Box::new(move || ivy::with_backend(b, || ivy::full(&s2, Scalar::Float(1.0)))),
            );
            let s2 = s.clone();
            push(
                "broadcast_to",
                format!("[{b}] broadcast_to(asarray([1.0f32]), &{s:?})"),
                false,
                Box::new(move || {
                    ivy::with_backend(b, || {
                        let x = ivy::asarray(vec![1.0f32])?;
                        ivy::broadcast_to(&x, &s2)
                    })
                }),
            );
        }
        let hi = h as i64;
        for (start, stop, step) in [
            (Scalar::Int(0), Scalar::Int(hi << 4), Scalar::Int(1)),
            (Scalar::Int(0), Scalar::Int(hi), Scalar::Int(1)),
            (
                Scalar::Float(0.0),
                Scalar::Float(h as f64 * 2.0),
                Scalar::Float(1.0),
            ),
            (Scalar::Int(i64::MIN), Scalar::Int(i64::MAX), Scalar::Int(1)),
            (
                Scalar::Float(0.0),
                Scalar::Float(1.0),
                Scalar::Float(1e-300),
            ),
        ] {
            push(
                "arange",
                format!("[{b}] arange({start:?}, {stop:?}, {step:?})"),
                false,
                Box::new(move || ivy::with_backend(b, || ivy::arange(start, stop, step))),
            );
        }
        // reductions of empty arrays: keeping the huge axis needs a huge result; reducing
        // it gives an empty one (and must not loop over it)
        for (shape, axis, may_be_ok) in [
            (vec![0usize, h], 0i64, false),
            (vec![0, 2 * h, 1], 0, false),
            (vec![0, h], 1, true),
            (vec![h, 0], 0, true),
            (vec![0, usize::MAX], 1, true),
            (vec![usize::MAX, 0], 0, true),
        ] {
            let s = shape.clone();
            push(
                "sum",
                format!("[{b}] sum_with(zeros(&{s:?}), axis [{axis}])"),
                may_be_ok,
                Box::new(move || {
                    ivy::with_backend(b, || {
                        let x = ivy::zeros(&shape)?;
                        ivy::sum_with(
                            &x,
                            SumKw {
                                axis: Some(vec![axis]),
                                ..Default::default()
                            },
                        )
                    })
                }),
            );
            let s = s.clone();
            let s2 = s.clone();
            push(
                "cross_entropy",
                format!("[{b}] cross_entropy_with(zeros(&{s:?}), zeros(&{s:?}), axis {axis})"),
                may_be_ok,
                Box::new(move || {
                    ivy::with_backend(b, || {
                        let x = ivy::zeros(&s2)?;
                        ivy::cross_entropy_with(
                            &x,
                            &x,
                            CrossEntropyKw {
                                axis,
                                epsilon: 1e-7,
                            },
                        )
                    })
                }),
            );
        }
        // two small operands broadcasting into a huge result (inputs of 4 MiB each; only
        // where 2^40 elements is huge)
        if h == 1 << 40 {
            for op in ["add", "subtract", "multiply", "divide"] {
                push(
                    op,
                    format!("[{b}] {op}(zeros(&[1 << 20, 1]), zeros(&[1, 1 << 20]))"),
                    false,
                    Box::new(move || {
                        ivy::with_backend(b, || {
                            let col = ivy::zeros(&[1 << 20, 1])?;
                            let row = ivy::zeros(&[1, 1 << 20])?;
                            match op {
                                "add" => ivy::add(&col, &row),
                                "subtract" => ivy::subtract(&col, &row),
                                "multiply" => ivy::multiply(&col, &row),
                                _ => ivy::divide(&col, &row),
                            }
                        })
                    }),
                );
            }
        }
    }
    v
}

/// Every huge-allocation case returns an error, not an abort (each case runs in a child
/// process; an abort is reported with the case and the run goes on).
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
    install_hook();
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
        let HugeCase {
            op,
            desc,
            may_be_ok,
            f,
        } = &cases[i as usize];
        report.calls += 1;
        match guarded(f) {
            Err(p) => report.fail("panic", op, &p, i, desc),
            Ok(Ok(a)) => {
                report.ok += 1;
                if !may_be_ok {
                    report.fail(
                        "huge result is Ok",
                        op,
                        &format!(
                            "returned shape {:?} (cannot hold that many elements)",
                            a.shape()
                        ),
                        i,
                        desc,
                    );
                } else if checked_size(a.shape()) != Some(0) {
                    report.fail(
                        "bad result",
                        op,
                        &format!("shape {:?}, expected empty", a.shape()),
                        i,
                        desc,
                    );
                } else if let Err(p) = guarded(|| format!("{a}")) {
                    report.fail("panic reading result", op, &p, i, desc);
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
