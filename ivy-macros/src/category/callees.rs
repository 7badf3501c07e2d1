//! The ops a compositional body calls, recorded in the op's metadata.

use syn::ext::IdentExt;
use syn::visit::Visit;
use syn::{Block, Expr};

/// Names of the functions and methods a body calls, and the ops its operators call.
pub(super) fn callees(body: &Block) -> Vec<String> {
    struct V(Vec<String>);
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
            let op = match b.op {
                syn::BinOp::Add(_) => Some("add"),
                syn::BinOp::Sub(_) => Some("subtract"),
                syn::BinOp::Mul(_) => Some("multiply"),
                syn::BinOp::Div(_) => Some("divide"),
                _ => None,
            };
            self.0.extend(op.map(String::from));
            syn::visit::visit_expr_binary(self, b);
        }
        fn visit_expr_unary(&mut self, u: &'ast syn::ExprUnary) {
            if let syn::UnOp::Neg(_) = u.op {
                self.0.push("negative".into());
            }
            syn::visit::visit_expr_unary(self, u);
        }
    }
    let mut v = V(Vec::new());
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
