//! The helper attributes the two main macros read, found by their last path segment
//! (`#[primary]` or `#[ivy::primary]`), and removed from the output.

use syn::Attribute;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Helper {
    Primary,
    Compositional,
    Mixed,
    Standalone,
    Nestable,
    ContainerDependent,
    GlobalState,
    InferDtype,
    InferDevice,
    SupportNativeOut,
    WithUnsupportedDtypes,
    WithSupportedDtypes,
    UnsupportedDtypes,
    SupportedDtypes,
    WithUnsupportedDevices,
    WithSupportedDevices,
    WithUnsupportedDeviceAndDtypes,
    Check,
    Family,
    HostDtypes,
}

impl Helper {
    pub fn name(self) -> &'static str {
        match self {
            Helper::Primary => "primary",
            Helper::Compositional => "compositional",
            Helper::Mixed => "mixed",
            Helper::Standalone => "standalone",
            Helper::Nestable => "nestable",
            Helper::ContainerDependent => "container_dependent",
            Helper::GlobalState => "global_state",
            Helper::InferDtype => "infer_dtype",
            Helper::InferDevice => "infer_device",
            Helper::SupportNativeOut => "support_native_out",
            Helper::WithUnsupportedDtypes => "with_unsupported_dtypes",
            Helper::WithSupportedDtypes => "with_supported_dtypes",
            Helper::UnsupportedDtypes => "unsupported_dtypes",
            Helper::SupportedDtypes => "supported_dtypes",
            Helper::WithUnsupportedDevices => "with_unsupported_devices",
            Helper::WithSupportedDevices => "with_supported_devices",
            Helper::WithUnsupportedDeviceAndDtypes => "with_unsupported_device_and_dtypes",
            Helper::Check => "check",
            Helper::Family => "family",
            Helper::HostDtypes => "host_dtypes",
        }
    }

    fn from_name(s: &str) -> Option<Helper> {
        Some(match s {
            "primary" => Helper::Primary,
            "compositional" => Helper::Compositional,
            "mixed" => Helper::Mixed,
            "standalone" => Helper::Standalone,
            "nestable" => Helper::Nestable,
            "container_dependent" => Helper::ContainerDependent,
            "global_state" => Helper::GlobalState,
            "infer_dtype" => Helper::InferDtype,
            "infer_device" => Helper::InferDevice,
            "support_native_out" => Helper::SupportNativeOut,
            "with_unsupported_dtypes" => Helper::WithUnsupportedDtypes,
            "with_supported_dtypes" => Helper::WithSupportedDtypes,
            "unsupported_dtypes" => Helper::UnsupportedDtypes,
            "supported_dtypes" => Helper::SupportedDtypes,
            "with_unsupported_devices" => Helper::WithUnsupportedDevices,
            "with_supported_devices" => Helper::WithSupportedDevices,
            "with_unsupported_device_and_dtypes" => Helper::WithUnsupportedDeviceAndDtypes,
            "check" => Helper::Check,
            "family" => Helper::Family,
            "host_dtypes" => Helper::HostDtypes,
            _ => return None,
        })
    }
}

fn helper_of(attr: &Attribute) -> Option<Helper> {
    let seg = attr.path().segments.last()?;
    let n = attr.path().segments.len();
    let first = attr.path().segments.first()?.ident.to_string();
    if n == 1 || (n == 2 && (first == "ivy" || first == "ivy_macros")) {
        Helper::from_name(&seg.ident.to_string())
    } else {
        None
    }
}

/// Removes the helper attributes from `attrs` and returns them in order.
pub fn take_helpers(attrs: &mut Vec<Attribute>) -> Vec<(Helper, Attribute)> {
    let mut out = Vec::new();
    attrs.retain(|a| match helper_of(a) {
        Some(h) => {
            out.push((h, a.clone()));
            false
        }
        None => true,
    });
    out
}

/// Removes `#[kw]` / `#[kw(default = expr)]` from a parameter's attributes.
pub fn take_kw(attrs: &mut Vec<Attribute>) -> Option<Attribute> {
    take_param_attr(attrs, "kw")
}

/// Removes the parameter attribute `#[name…]` (the first one) from `attrs`.
pub fn take_param_attr(attrs: &mut Vec<Attribute>, name: &str) -> Option<Attribute> {
    let pos = attrs.iter().position(|a| a.path().is_ident(name))?;
    Some(attrs.remove(pos))
}
