//! The ops a compositional body calls, recorded in the op's metadata.

use syn::ext::IdentExt;
use syn::visit::Visit;
use syn::{Block, Expr};

/// The callees of an op's body (empty without one): [`callees`] with the op's `bool`
/// parameters known to be Rust bools.
pub(super) fn op_callees(op: &super::model::Op) -> Vec<String> {
    let bools: Vec<String> = op
        .params
        .iter()
        .filter(|p| is_bool_type(&p.ty))
        .map(|p| p.ident.unraw().to_string())
        .collect();
    op.decl
        .body
        .as_ref()
        .map(|b| callees(b, &bools))
        .unwrap_or_default()
}

/// Names of the functions and methods a body calls, and the ops its operators call.
/// `bool_params` are parameters typed `bool`: `!flag` on one is Rust's `!`, as it is on a
/// local bound by `let flag: bool = …` or `let flag = <a Rust bool>` (see [`is_rust_bool`]).
pub(super) fn callees(body: &Block, bool_params: &[String]) -> Vec<String> {
    let mut bools: Vec<String> = bool_params.to_vec();
    // locals known to be Rust bools, collected first (names only: a later `let` shadowing
    // one with an array is not told apart, so keep such names distinct)
    struct L<'a>(&'a mut Vec<String>);
    impl<'ast> Visit<'ast> for L<'_> {
        fn visit_local(&mut self, l: &'ast syn::Local) {
            let (pat, ty) = match &l.pat {
                syn::Pat::Type(t) => (&*t.pat, Some(&*t.ty)),
                p => (p, None),
            };
            if let syn::Pat::Ident(i) = pat {
                let init_bool = l
                    .init
                    .as_ref()
                    .is_some_and(|i| i.diverge.is_none() && is_rust_bool(&i.expr, self.0));
                if ty.is_some_and(is_bool_type) || (ty.is_none() && init_bool) {
                    self.0.push(i.ident.unraw().to_string());
                }
            }
            syn::visit::visit_local(self, l);
        }
    }
    L(&mut bools).visit_block(body);
    struct V(Vec<String>, Vec<String>);
    impl<'ast> Visit<'ast> for V {
        fn visit_expr_call(&mut self, c: &'ast syn::ExprCall) {
            if let Expr::Path(p) = &*c.func {
                if let Some(s) = p.path.segments.last() {
                    let n = s.ident.unraw().to_string();
                    if n.starts_with(|c: char| c.is_ascii_lowercase()) {
                        self.0.push(n);
                    }
                }
            }
            syn::visit::visit_expr_call(self, c);
        }
        fn visit_expr_method_call(&mut self, m: &'ast syn::ExprMethodCall) {
            self.0.push(m.method.to_string());
            syn::visit::visit_expr_method_call(self, m);
        }
        fn visit_expr_binary(&mut self, b: &'ast syn::ExprBinary) {
            if !is_scalar(&b.left) && !is_scalar(&b.right) {
                self.0.extend(binary_op(&b.op).map(String::from));
            }
            syn::visit::visit_expr_binary(self, b);
        }
        /// A macro's arguments, when they parse as comma-separated expressions, are visited
        /// like the body (`map_owned!(var_with(x, kw)?, sqrt, Sqrt, SQRT)` calls `var`); and
        /// `map_owned!`'s second argument names the op it runs (`sqrt`).
        fn visit_macro(&mut self, m: &'ast syn::Macro) {
            use syn::punctuated::Punctuated;
            let parser = Punctuated::<Expr, syn::Token![,]>::parse_terminated;
            if let Ok(args) = m.parse_body_with(parser) {
                let is_map_owned = m
                    .path
                    .segments
                    .last()
                    .is_some_and(|s| s.ident == "map_owned");
                for (i, a) in args.iter().enumerate() {
                    if let (true, 1, Expr::Path(p)) = (is_map_owned, i, a) {
                        if let Some(op) = p.path.get_ident() {
                            self.0.push(op.unraw().to_string());
                        }
                    }
                    self.visit_expr(a);
                }
            }
        }
        fn visit_expr_unary(&mut self, u: &'ast syn::ExprUnary) {
            let bool_not = matches!(u.op, syn::UnOp::Not(_)) && is_rust_bool(&u.expr, &self.1);
            if !bool_not {
                self.0
                    .extend(unary_ops(&u.op).iter().map(|s| s.to_string()));
            }
            syn::visit::visit_expr_unary(self, u);
        }
    }
    let mut v = V(Vec::new(), bools);
    v.visit_block(body);
    // The generated forms (`sum_with`, `log_into`, …) belong to their op.
    for name in &mut v.0 {
        if let Some(base) = ["_with_out", "_with", "_out", "_into"]
            .iter()
            .find_map(|s| name.strip_suffix(s))
        {
            *name = base.to_string();
        }
    }
    v.0.sort();
    v.0.dedup();
    v.0
}

/// `e` is certainly not an array: an `as` cast (`i as usize % n`). The analysis has no
/// types, so `i % n` on Rust integers is recorded like `&x % 2` (as `n - 1` is recorded as
/// `subtract`): keep integer arithmetic out of op bodies, in helper functions.
fn is_scalar(e: &Expr) -> bool {
    matches!(strip_parens(e), Expr::Cast(_))
}

/// `e` is certainly a Rust `bool`, so `!e` is Rust's `!`, not an op: a method or macro call
/// (`!x.is_empty()`, `!matches!(..)`), a comparison, `&&`, `||`, another `!`, a `bool`
/// literal, or a name in `bools` (a `bool` parameter or local). (An array's `!` takes
/// `&Array`: `!&x`, `!x` for `x: &Array`, `!&f(x)?`.)
fn is_rust_bool(e: &Expr, bools: &[String]) -> bool {
    use syn::BinOp as B;
    match strip_parens(e) {
        Expr::MethodCall(_) | Expr::Macro(_) => true,
        Expr::Path(p) => p
            .path
            .get_ident()
            .is_some_and(|i| bools.iter().any(|b| i.unraw() == b)),
        Expr::Lit(l) => matches!(l.lit, syn::Lit::Bool(_)),
        Expr::Unary(u) => matches!(u.op, syn::UnOp::Not(_)),
        Expr::Binary(b) => matches!(
            b.op,
            B::Eq(_) | B::Ne(_) | B::Lt(_) | B::Le(_) | B::Gt(_) | B::Ge(_) | B::And(_) | B::Or(_)
        ),
        _ => false,
    }
}

/// `ty` is `bool`.
fn is_bool_type(ty: &syn::Type) -> bool {
    matches!(ty, syn::Type::Path(p) if p.qself.is_none() && p.path.is_ident("bool"))
}

fn strip_parens(mut e: &Expr) -> &Expr {
    while let Expr::Paren(p) = e {
        e = &p.expr;
    }
    e
}

/// The op a binary operator on `&Array` calls (`ivy-ops/src/ops.rs`): the arithmetic and
/// bitwise operators. `&&` and `||` (Rust bools only), comparisons (Rust's traits give one
/// `bool`: arrays compare with methods) and compound assignments (methods on `Array`) call
/// none.
fn binary_op(op: &syn::BinOp) -> Option<&'static str> {
    use syn::BinOp as B;
    Some(match op {
        B::Add(_) => "add",
        B::Sub(_) => "subtract",
        B::Mul(_) => "multiply",
        B::Div(_) => "divide",
        B::Rem(_) => "remainder",
        B::BitAnd(_) => "bitwise_and",
        B::BitOr(_) => "bitwise_or",
        B::BitXor(_) => "bitwise_xor",
        B::Shl(_) => "bitwise_left_shift",
        B::Shr(_) => "bitwise_right_shift",
        _ => return None,
    })
}

/// The ops a unary operator on `&Array` may call: `-` is `negative`; `!` is `logical_not`
/// of a bool array and `bitwise_invert` of an integer one (the dtype decides at run time,
/// so both are recorded); `*` (a dereference) calls none.
fn unary_ops(op: &syn::UnOp) -> &'static [&'static str] {
    match op {
        syn::UnOp::Neg(_) => &["negative"],
        syn::UnOp::Not(_) => &["bitwise_invert", "logical_not"],
        _ => &[],
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn macro_arguments_are_visited() {
        let body: syn::Block = syn::parse_quote!({
            let v = map_owned!(var_with(x, kw)?, sqrt, Sqrt, SQRT)?;
            let n = vec![abs(&v)?];
            assert!(matches!(n.first(), Some(_)));
            finish(v, out)
        });
        assert_eq!(
            super::callees(&body, &[]),
            ["abs", "finish", "first", "sqrt", "var"]
        );
    }

    /// `!flag` on a `bool` parameter or a `bool` local is Rust's `!`, not `logical_not`
    /// (which would drop every float dtype from the op's support); `!x` on anything else
    /// still records both ops an array's `!` may call.
    #[test]
    fn not_of_a_rust_bool_calls_no_op() {
        let body: syn::Block = syn::parse_quote!({
            let exact = !approximate;
            let wide: bool = x.ndim() > 2;
            if !exact || !wide || !r#approximate {
                return abs(x);
            }
            Ok(x.clone())
        });
        let bools = ["approximate".to_string()];
        assert_eq!(super::callees(&body, &bools), ["abs", "clone", "ndim"]);
        let body: syn::Block = syn::parse_quote!({ !y });
        assert_eq!(
            super::callees(&body, &bools),
            ["bitwise_invert", "logical_not"]
        );
    }
}
