//! `ivy`: the op catalog, the dtype support matrix, type promotion, calls of any op by name
//! and a tour of ivy-rs.
//!
//! Exit codes: 0 on success, 1 when an ivy call fails (or an op cannot be called by name),
//! 2 for bad arguments (unknown op, dtype or backend, the wrong number or kind of arguments
//! of `ivy call`, or a command line clap rejects).

/// `println!` that ends the program quietly when stdout is closed (`ivy ops | head`)
/// instead of panicking on the broken pipe.
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if let Err(e) = writeln!(std::io::stdout().lock(), $($arg)*) {
            crate::stdout_failed(e);
        }
    }};
}

/// A write to stdout failed: a closed pipe (`ivy ops | head`) ends the command quietly with
/// success; any other error (a full disk, a closed descriptor) is reported, exit code 1.
pub(crate) fn stdout_failed(e: std::io::Error) -> ! {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    use std::io::Write as _;
    // best effort: stderr may be unwritable too
    let _ = writeln!(std::io::stderr(), "error: cannot write the output: {e}");
    std::process::exit(1);
}

mod call;
mod catalog;
mod coverage;
mod json;
mod matrix;
mod promotion;
mod tour;

use clap::{CommandFactory, Parser, Subcommand};
use std::fmt;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "ivy",
    version,
    about = "ivy-rs: op catalog, dtype support, type promotion, calls by name, Array API coverage and a tour"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Every op with its category, kind, flags and per-backend implementation.
    Ops {
        /// Print JSON instead of a table.
        #[arg(long)]
        json: bool,
        /// Print what a backend implements instead: per category, its trait's required
        /// methods (the primary ops) and overridable ones (the mixed ops), as Markdown.
        #[arg(long, conflicts_with = "json")]
        backend_api: bool,
    },
    /// The Array API 2023.12 main namespace and its `linalg` and `fft` extensions: which
    /// functions exist and how each backend runs them (native, host, compositional,
    /// standalone).
    Coverage {
        /// Print JSON.
        #[arg(long)]
        json: bool,
        /// Only the functions missing on some backend.
        #[arg(long)]
        missing: bool,
    },
    /// The dtypes an op supports and does not support on each backend; with `--matrix`,
    /// every op at once.
    #[command(
        override_usage = "ivy support <OP> [--backend B] [--dtype D] [--json]\n       \
                                ivy support --matrix [--json | --markdown | --fragments DIR]"
    )]
    Support {
        /// The op's name (see `ivy ops`); leave it out with `--matrix`.
        op: Option<String>,
        /// Every op × backend × dtype (supported, not supported, not held by the backend)
        /// and device, with the implementation kind (`docs/SUPPORT.md` is its Markdown).
        #[arg(long, conflicts_with_all = ["op", "backend", "dtype"])]
        matrix: bool,
        /// With `--matrix`: print Markdown (the page committed as `docs/SUPPORT.md`).
        #[arg(long, requires = "matrix", conflicts_with = "json")]
        markdown: bool,
        /// With `--matrix`: write one Markdown support table per op, `DIR/<op>.md`, the
        /// pages each op's rustdoc includes (`ivy-ops/docs/support`).
        #[arg(long, value_name = "DIR", requires = "matrix", conflicts_with_all = ["json", "markdown"])]
        fragments: Option<std::path::PathBuf>,
        #[arg(long, help = format!("Only this backend ({})", backend_names(&[])))]
        backend: Option<String>,
        /// Also say whether this dtype is supported (e.g. `float32`).
        #[arg(long)]
        dtype: Option<String>,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// The dtypes a backend can hold (`none`: every dtype).
    Dtypes {
        #[arg(long, help = format!("{}; every backend when left out", backend_names(&["none"])))]
        backend: Option<String>,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// The dtype Ivy promotes two dtypes to, or the whole promotion table.
    Promote {
        /// First dtype (e.g. `int32`).
        #[arg(required_unless_present = "table", value_name = "DTYPE1")]
        a: Option<String>,
        /// Second dtype (e.g. `float32`).
        #[arg(required_unless_present = "table", value_name = "DTYPE2")]
        b: Option<String>,
        /// Print the table of all 15×15 pairs instead.
        #[arg(long, conflicts_with_all = ["a", "b"])]
        table: bool,
        /// Use the non-precise table (precise mode is Ivy's default).
        #[arg(long)]
        non_precise: bool,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Whether FROM casts safely to TO (`promote_types(FROM, TO) == TO`), or the whole table.
    CanCast {
        /// The dtype cast from.
        #[arg(required_unless_present = "table")]
        from: Option<String>,
        /// The dtype cast to.
        #[arg(required_unless_present = "table")]
        to: Option<String>,
        /// Print the table of all 15×15 pairs (rows: FROM, columns: TO) instead.
        #[arg(long, conflicts_with_all = ["from", "to"])]
        table: bool,
        /// Use the non-precise promotion table.
        #[arg(long)]
        non_precise: bool,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Runs any op on literal inputs and prints the result (dtype, shape, values).
    ///
    /// Arguments are literals: numbers (`3`, `-2.5`, `nan`, `-inf`, `1+2j`), `true`/`false`,
    /// `null`, (nested) lists (`"[[1, 2], [3, 4]]"`), words (dtypes `float32`, devices `cpu`,
    /// backends `candle`, text) or objects for Containers (`'{"a": [1, 2]}'`). Each becomes
    /// what its parameter takes (`ivy ops --json` lists them): an array where an array goes
    /// (Ivy's default dtypes, or `--dtype`), a scalar or an array (a list) for an operand, a
    /// list of ints for a shape or axes, … Examples: `ivy call add "[1, 2]" 3 --backend
    /// candle`, `ivy call sum "[[1,2],[3,4]]" --kw axis=[0] --kw keepdims=true`, `ivy call
    /// astype "[1.5, 2]" int32`, `ivy call finfo float32`.
    Call {
        /// The op's name (see `ivy ops`).
        op: String,
        /// The positional arguments, as literals (`-1`, `-inf` and `-2j` included); the
        /// options may come before or after them, and nothing after `--` is an option.
        #[arg(allow_hyphen_values = true, trailing_var_arg = true)]
        args: Vec<String>,
        /// A keyword argument, `NAME=VALUE` (repeatable): `--kw axis=[0]`, `--kw dtype=int64`.
        #[arg(long = "kw", value_name = "NAME=VALUE")]
        kws: Vec<String>,
        #[arg(long, help = format!("The backend to run on ({}; ndarray when left out)", backend_names(&[])))]
        backend: Option<String>,
        /// The dtype of array literals (Ivy's default dtypes when left out).
        #[arg(long)]
        dtype: Option<String>,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Runs the seed examples: backends, `out=`, compositional and mixed ops, Containers,
    /// in-place updates. Give section names to run only those (`ivy tour containers`).
    Tour {
        /// The sections to run, in the tour's order (all when none is given; see `--list`).
        sections: Vec<String>,
        /// List the sections and exit.
        #[arg(long, conflicts_with = "sections")]
        list: bool,
    },
    /// Prints a shell completion script: `ivy completions bash > ~/.local/share/bash-completion/completions/ivy`.
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
}

/// The backend names for `--backend` help, from [`ivy::Backend::NAMES`] and then `extra`:
/// "`ndarray` or `candle`".
fn backend_names(extra: &[&str]) -> String {
    let names: Vec<String> = ivy::Backend::NAMES
        .iter()
        .chain(extra)
        .map(|n| format!("`{n}`"))
        .collect();
    match names.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// Why a command failed.
#[derive(Debug)]
pub enum CliError {
    /// A bad argument (exit code 2).
    Usage(String),
    /// An ivy call failed (exit code 1).
    Ivy(ivy::Error),
    /// Anything else (exit code 1).
    Other(String),
}

impl CliError {
    fn exit_code(&self) -> ExitCode {
        match self {
            CliError::Usage(_) => ExitCode::from(2),
            CliError::Ivy(_) | CliError::Other(_) => ExitCode::FAILURE,
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Usage(m) | CliError::Other(m) => f.write_str(m),
            CliError::Ivy(e) => write!(f, "{e}"),
        }
    }
}

impl From<ivy::Error> for CliError {
    fn from(e: ivy::Error) -> Self {
        CliError::Ivy(e)
    }
}

impl From<serde_json::Error> for CliError {
    fn from(e: serde_json::Error) -> Self {
        CliError::Other(format!("cannot write JSON: {e}"))
    }
}

/// `Result` of a command.
pub type CliResult<T = ()> = Result<T, CliError>;

fn run(cli: Cli) -> CliResult {
    match cli.command {
        Command::Ops {
            backend_api: true, ..
        } => matrix::backend_api(),
        Command::Ops { json, .. } => catalog::ops(json),
        Command::Coverage { json, missing } => coverage::coverage(json, missing),
        Command::Support {
            matrix: false,
            markdown,
            fragments,
            ..
        } if markdown || fragments.is_some() => Err(CliError::Usage(
            "`--markdown` and `--fragments` go with `--matrix`".into(),
        )),
        Command::Support {
            matrix: true,
            op: Some(op),
            ..
        } => Err(CliError::Usage(format!(
            "`--matrix` covers every op: give `{op}` without it, or `--matrix` alone"
        ))),
        Command::Support {
            matrix: true,
            fragments: Some(dir),
            ..
        } => matrix::fragments(&dir),
        Command::Support {
            matrix: true,
            markdown,
            json,
            ..
        } => matrix::matrix(if json {
            matrix::Format::Json
        } else if markdown {
            matrix::Format::Markdown
        } else {
            matrix::Format::Text
        }),
        Command::Support {
            op,
            backend,
            dtype,
            json,
            ..
        } => {
            let op = op.ok_or_else(|| {
                CliError::Usage(
                    "`ivy support` needs an op (`ivy support tan`; `ivy ops` lists them), \
                     or `--matrix` for every op at once (`ivy support --matrix`)"
                        .into(),
                )
            })?;
            catalog::support(&op, backend.as_deref(), dtype.as_deref(), json)
        }
        Command::Dtypes { backend, json } => catalog::dtypes(backend.as_deref(), json),
        Command::Promote {
            a,
            b,
            table,
            non_precise,
            json,
        } => match (a, b) {
            (Some(a), Some(b)) if !table => promotion::promote(&a, &b, non_precise, json),
            _ => promotion::promote_table(non_precise, json),
        },
        Command::CanCast {
            from,
            to,
            table,
            non_precise,
            json,
        } => match (from, to) {
            (Some(from), Some(to)) if !table => promotion::cast(&from, &to, non_precise, json),
            _ => promotion::cast_table(non_precise, json),
        },
        Command::Call {
            op,
            mut args,
            kws,
            backend,
            dtype,
            json,
        } => call::run(call::Request {
            args: {
                // clap takes a `--` right after the op as its own end of options, and drops
                // it: handed back, `ivy call exp -- --json` reads `--json` as a literal, as
                // `ivy call add 1 -- --json` does
                let raw: Vec<String> = std::env::args().collect();
                let at = raw.iter().position(|a| a == "call");
                let after_op = at.and_then(|i| {
                    raw[i + 1..]
                        .iter()
                        .position(|a| *a == op)
                        .map(|j| i + 1 + j + 1)
                });
                if after_op.is_some_and(|k| raw.get(k).is_some_and(|a| a == "--")) {
                    args.insert(0, "--".into());
                }
                args
            },
            op,
            kws,
            backend,
            dtype,
            json,
        }),
        Command::Tour { list: true, .. } => {
            tour::list();
            Ok(())
        }
        Command::Tour { sections, .. } => tour::run(&sections),
        Command::Completions { shell } => {
            use std::io::Write as _;
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "ivy", &mut script);
            // a closed pipe (`ivy completions bash | head`) ends the program quietly
            if let Err(e) = std::io::stdout().lock().write_all(&script) {
                stdout_failed(e);
            }
            Ok(())
        }
    }
}

/// Whether to colour what goes to stdout (`stderr`: to stderr): only on a terminal, and
/// never with `NO_COLOR` set (<https://no-color.org>).
pub(crate) fn colour(stderr: bool) -> bool {
    use std::io::IsTerminal;
    let tty = if stderr {
        std::io::stderr().is_terminal()
    } else {
        std::io::stdout().is_terminal()
    };
    tty && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

fn main() -> ExitCode {
    // SAFETY: the first thing in main: no other thread exists yet
    unsafe { ivy::backends::candle::pin_thread_count() };
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            let label = if colour(true) {
                "\x1b[1;31merror\x1b[0m"
            } else {
                "error"
            };
            use std::io::Write as _;
            // not `eprintln!`, which panics when stderr cannot be written (`2>/dev/full`)
            let _ = writeln!(std::io::stderr(), "{label}: {e}");
            e.exit_code()
        }
    }
}
