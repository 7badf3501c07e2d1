//! `ivy promote` and `ivy can-cast`: Ivy's type promotion table, one pair or all of it.

use crate::catalog::parse_dtype;
use crate::json::{self, value, Ordered};
use crate::CliResult;
use ivy_core::{can_cast, promote_types, with_precise_mode, Dtype, DtypeKind};

fn mode_name(precise: bool) -> &'static str {
    if precise {
        "precise"
    } else {
        "non-precise"
    }
}

/// A short name for matrix cells: `i8`, `u16`, `bf16`, `f32`, `c64`, `bool`.
fn short(d: Dtype) -> String {
    match d.kind() {
        DtypeKind::Int => format!("i{}", d.bits()),
        DtypeKind::Uint => format!("u{}", d.bits()),
        DtypeKind::Float if d == Dtype::Bfloat16 => "bf16".to_string(),
        DtypeKind::Float => format!("f{}", d.bits()),
        DtypeKind::Complex => format!("c{}", d.bits()),
        DtypeKind::Bool => "bool".to_string(),
    }
}

/// Prints `{"a": {"b": cell(a, b), …}, …}` over every pair, keys in `Dtype::ALL` order.
fn print_table_json(cell: impl Fn(Dtype, Dtype) -> CliResult<Ordered>) -> CliResult {
    let mut rows = Vec::with_capacity(Dtype::ALL.len());
    for a in Dtype::ALL {
        let mut row = Vec::with_capacity(Dtype::ALL.len());
        for b in Dtype::ALL {
            row.push((b.as_str(), cell(a, b)?));
        }
        rows.push((a.as_str(), Ordered::object(row)));
    }
    json::print(&Ordered::object(rows))
}

/// Prints a 15×15 matrix: rows and columns are the dtypes, cells `cell(row, column)`.
fn print_matrix(title: &str, cell: impl Fn(Dtype, Dtype) -> CliResult<String>) -> CliResult {
    let label_width = Dtype::ALL
        .iter()
        .map(|d| d.as_str().len())
        .max()
        .unwrap_or(0);
    let mut cells = Vec::with_capacity(Dtype::ALL.len());
    for a in Dtype::ALL {
        let row: Vec<String> = Dtype::ALL
            .iter()
            .map(|&b| cell(a, b))
            .collect::<CliResult<_>>()?;
        cells.push(row);
    }
    let widths: Vec<usize> = (0..Dtype::ALL.len())
        .map(|j| {
            cells
                .iter()
                .map(|row| row[j].len())
                .chain([short(Dtype::ALL[j]).len()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |label: &str, row: Vec<String>| {
        let padded: Vec<String> = row
            .iter()
            .zip(&widths)
            .map(|(c, w)| format!("{c:>w$}"))
            .collect();
        outln!("{label:<label_width$}  {}", padded.join(" "));
    };
    outln!("{title}");
    line("", Dtype::ALL.iter().map(|&d| short(d)).collect());
    for (a, row) in Dtype::ALL.iter().zip(cells) {
        line(a.as_str(), row);
    }
    let legend: Vec<String> = Dtype::ALL
        .iter()
        .map(|&d| format!("{}={d}", short(d)))
        .collect();
    outln!("\n{}", legend.join(" "));
    Ok(())
}

// ---------------------------------------------------------------- ivy promote

/// `ivy promote A B [--non-precise] [--json]`.
pub fn promote(a: &str, b: &str, non_precise: bool, json: bool) -> CliResult {
    let (a, b) = (parse_dtype(a)?, parse_dtype(b)?);
    let precise = !non_precise;
    let result = with_precise_mode(precise, || promote_types(a, b))?;
    if json {
        return json::print(&Ordered::object([
            ("a", value(a.as_str())),
            ("b", value(b.as_str())),
            ("mode", value(mode_name(precise))),
            ("result", value(result.as_str())),
        ]));
    }
    outln!("{result}");
    Ok(())
}

/// `ivy promote --table [--non-precise] [--json]`.
pub fn promote_table(non_precise: bool, json: bool) -> CliResult {
    let precise = !non_precise;
    with_precise_mode(precise, || {
        let promoted = |a: Dtype, b: Dtype| -> CliResult<Dtype> { Ok(promote_types(a, b)?) };
        if json {
            return print_table_json(|a, b| Ok(value(promoted(a, b)?.as_str())));
        }
        print_matrix(
            &format!("promote_types(row, column), {} mode:", mode_name(precise)),
            |a, b| Ok(short(promoted(a, b)?)),
        )
    })
}

// ---------------------------------------------------------------- ivy can-cast

/// `ivy can-cast FROM TO [--non-precise] [--json]`.
pub fn cast(from: &str, to: &str, non_precise: bool, json: bool) -> CliResult {
    let (from, to) = (parse_dtype(from)?, parse_dtype(to)?);
    let precise = !non_precise;
    let ok = with_precise_mode(precise, || can_cast(from, to));
    if json {
        return json::print(&Ordered::object([
            ("from", value(from.as_str())),
            ("to", value(to.as_str())),
            ("mode", value(mode_name(precise))),
            ("can_cast", value(ok)),
        ]));
    }
    outln!("{ok}");
    Ok(())
}

/// `ivy can-cast --table [--non-precise] [--json]`: rows are `from`, columns `to`.
pub fn cast_table(non_precise: bool, json: bool) -> CliResult {
    let precise = !non_precise;
    with_precise_mode(precise, || {
        if json {
            return print_table_json(|a, b| Ok(value(can_cast(a, b))));
        }
        print_matrix(
            &format!(
                "can_cast(row, column), {} mode (yes: promote_types(row, column) == column):",
                mode_name(precise)
            ),
            |a, b| Ok(if can_cast(a, b) { "yes" } else { "-" }.to_string()),
        )
    })
}
