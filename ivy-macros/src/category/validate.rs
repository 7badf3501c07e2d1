//! The checks of an op declaration that span several helper attributes and parameters
//! (kind against body, `#[nestable]`, `#[container_dependent]`, `#[infer_*]`, `#[check]`).

use super::model::{kind_name, Class, DeclFn, Kind, Param};
use super::parse::Helpers;
use crate::ctxt::Ctxt;
use syn::ext::IdentExt;

/// The kind against the body and the other helpers. Returns whether `#[nestable]` was
/// reported as not applying: its own requirements (an array parameter, an Array result)
/// are then not checked, to report one error.
pub(super) fn check_kind(cx: &mut Ctxt, decl: &DeclFn, kind: Kind, helpers: &Helpers) -> bool {
    let name = decl.sig.ident.unraw().to_string();
    match (kind, &decl.body) {
        (Kind::Primary, Some(b)) => cx.error_spanned_by(
            b,
            format!("primary op `{name}` has no body: its implementations live in the backends (use `#[mixed]` for a compositional fallback)"),
        ),
        (Kind::Compositional | Kind::Mixed | Kind::Standalone, None) => cx.error_spanned_by(
            &decl.sig,
            format!(
                "`#[{}]` op `{name}` needs a body (`{{ … }}`) written with other ivy ops",
                kind_name(kind)
            ),
        ),
        _ => {}
    }
    let mut nestable_misplaced = false;
    if let (Some(n), Some(_)) = (&helpers.nestable, &helpers.container_dependent) {
        nestable_misplaced = true;
        cx.error_spanned_by(
            n,
            format!("container-dependent op `{name}` cannot be `#[nestable]`: its Container argument is consumed whole, not mapped over"),
        );
    }
    if let (Kind::Standalone, Some(n)) = (kind, &helpers.nestable) {
        nestable_misplaced = true;
        cx.error_spanned_by(
            n,
            "`#[nestable]` does not apply to a `#[standalone]` function",
        );
    }
    if let Some(g) = &helpers.global_state {
        if !matches!(g.meta, syn::Meta::Path(_)) {
            cx.error_spanned_by(
                g,
                "`#[global_state]` takes no arguments: it marks an op that changes process-wide state",
            );
        }
        if let Some(n) = &helpers.nestable {
            nestable_misplaced = true;
            cx.error_spanned_by(
                n,
                format!("`#[global_state]` op `{name}` cannot be `#[nestable]`: mapping a change of process-wide state over a Container's leaves would apply it once per leaf"),
            );
        }
    }
    nestable_misplaced
}

/// The helpers against the collected parameters and result. Returns whether a
/// `#[family]` attribute is valid (an invalid one is reported and then ignored, and the
/// op's backend method gets a stub default, so the expansion adds no second error).
pub(super) fn check_params(
    cx: &mut Ctxt,
    decl: &DeclFn,
    kind: Kind,
    helpers: &Helpers,
    params: &[Param],
    nests_ret: bool,
    nestable_misplaced: bool,
) -> bool {
    let name = decl.sig.ident.unraw().to_string();
    // A family op's parameters are its family's: when they do not fit, that is the one
    // error (reported below), and the checks that follow from the parameters are skipped.
    let family_shape_bad = helpers
        .family
        .as_ref()
        .is_some_and(|(f, _)| matches!(kind, Kind::Primary | Kind::Mixed) && !f.fits(params));
    if let Some(a) = &helpers.infer_dtype {
        if !params.iter().any(|p| p.class == Class::InferDtype) {
            cx.error_spanned_by(
                a,
                "`#[infer_dtype]` needs a parameter `#[kw] dtype: Option<Dtype>`",
            );
        }
    }
    if let Some(a) = &helpers.infer_device {
        if !params.iter().any(|p| p.class == Class::InferDevice) {
            cx.error_spanned_by(
                a,
                "`#[infer_device]` needs a parameter `#[kw] device: Option<Device>`",
            );
        }
    }
    if let Some(a) = helpers.nestable.as_ref().filter(|_| !nestable_misplaced) {
        if !nests_ret {
            cx.error_spanned_by(a, "a `#[nestable]` op must return `Result<Array>`, `Result<Vec<Array>>` or a tuple of two to four Arrays (one Container per output)");
        }
        if !family_shape_bad
            && !params
                .iter()
                .any(|p| p.class.is_array_like() || p.class.is_array_many())
        {
            cx.error_spanned_by(
                a,
                "a `#[nestable]` op needs an array parameter (`&Array`, `Operand` or `&[&Array]`)",
            );
        }
    }
    if let Some(a) = &helpers.container_dependent {
        let container = |p: &&Param| {
            p.class == Class::Container
                || super::model::option_inner(&p.ty).is_some_and(|t| {
                    super::model::is_ref(t, false)
                        && super::model::type_last_ident(t).as_deref() == Some("Container")
                })
        };
        if !params.iter().any(|p| container(&p)) {
            cx.error_spanned_by(
                a,
                "a `#[container_dependent]` op needs a `&Container` parameter",
            );
        }
    }
    if kind != Kind::Standalone
        && params.iter().any(|p| p.class == Class::Container)
        && helpers.container_dependent.is_none()
    {
        cx.error_spanned_by(
            &decl.sig.ident,
            "an op taking a `&Container` parameter must be marked `#[container_dependent]`",
        );
    }
    if let Some(ax) = params
        .iter()
        .find(|p| matches!(p.class, Class::Axes | Class::Axis { .. }))
    {
        let has_array = params
            .iter()
            .any(|p| p.class.is_array_like() || matches!(p.class, Class::ArrayMut | Class::Arrays));
        if !has_array {
            cx.error_spanned_by(
                &ax.ident,
                format!("axes are counted against the op's first array argument, and `{name}` has none: declare `{}` without `#[axis]`/`#[axes]`", ax.ident),
            );
        }
    }
    let mut family_ok = true;
    if let Some((family, attr)) = &helpers.family {
        family_ok = false;
        if !matches!(kind, Kind::Primary | Kind::Mixed) {
            cx.error_spanned_by(
                attr,
                format!(
                    "`#[family]` gives backends the op's kernel row: the op is `#[primary]` (every backend runs the row) or `#[mixed]` (the backends whose `Kernels::MIXED_ROWS` is set run it, the others the body), not `#[{}]`",
                    kind_name(kind),
                ),
            );
        } else if family_shape_bad {
            let want = family.params();
            cx.error_spanned_by(
                attr,
                format!("a `#[family({})]` op takes {want} (and `out: Option<&mut Array>`), nothing else: `{name}` does not", family.name()),
            );
        } else if helpers.check.is_some() {
            cx.error_spanned_by(
                attr,
                "a `#[family]` op's checks are its family's; drop `#[check]` or declare the op without `#[family]`",
            );
        } else {
            family_ok = true;
        }
    }
    if let (Some((_, Some(_), attr)), Kind::Mixed) = (&helpers.check, kind) {
        cx.error_spanned_by(
            attr,
            format!(
                "a plan (`#[check(f -> Plan)]`) is passed to the backends of a primary op; mixed op `{name}` also runs its body, which takes no plan: return `Result<()>` from the check, or make `{name}` `#[primary]`"
            ),
        );
    }
    if let (Some((_, _, attr)), Kind::Mixed) = (&helpers.check, kind) {
        let per_backend = params.iter().find(|p| {
            matches!(
                p.class,
                Class::Operand | Class::InferDtype | Class::InferDevice
            )
        });
        if let Some(prm) = per_backend {
            cx.error_spanned_by(
                attr,
                format!(
                    "a mixed op's `#[check]` also runs before its body (no backend set), where `{}` is not yet promoted or inferred: check it in the body and in the backends, or make `{name}` `#[primary]`",
                    prm.ident
                ),
            );
        }
    }
    if let (Some((_, _, attr)), Kind::Compositional | Kind::Standalone) = (&helpers.check, kind) {
        cx.error_spanned_by(
            attr,
            format!(
                "`#[check]` runs before backend dispatch, and `#[{}]` op `{name}` has none: check the arguments in its body",
                kind_name(kind)
            ),
        );
    }
    family_ok
}
