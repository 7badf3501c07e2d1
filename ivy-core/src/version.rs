//! Backend versions and the version-key grammar of support specs.

use crate::dtype::DtypeSet;
use crate::error::{Error, Result};

/// A version as an integer triple; missing parts are 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Version(pub [u32; 3]);

impl Version {
    /// Parses `"0.11"` or `"0.11.1"`.
    ///
    /// ```
    /// use ivy_core::Version;
    /// assert_eq!(Version::parse("0.11").unwrap(), Version([0, 11, 0]));
    /// assert!(Version::parse("0.x").is_err());
    /// ```
    pub fn parse(s: &str) -> Result<Version> {
        let bad = |reason| Error::VersionKey {
            key: s.to_string(),
            reason,
        };
        let mut parts = [0u32; 3];
        for (n, p) in s.trim().split('.').enumerate() {
            let slot = parts
                .get_mut(n)
                .ok_or_else(|| bad("a version has at most three parts"))?;
            *slot = p
                .parse()
                .map_err(|_| bad("a version is dot-separated integers"))?;
        }
        Ok(Version(parts))
    }
}

/// A parsed version key: the versions it covers, both ends inclusive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VersionRange {
    /// Lowest version covered.
    pub lo: Version,
    /// Highest version covered.
    pub hi: Version,
}

impl VersionRange {
    /// Every version.
    pub const ANY: VersionRange = VersionRange {
        lo: Version([0, 0, 0]),
        hi: Version([u32::MAX, u32::MAX, u32::MAX]),
    };

    /// Parses `"X and below"`, `"X and above"`, `"X to Y"` or an exact `"X"`.
    ///
    /// ```
    /// use ivy_core::{Version, VersionRange};
    /// let r = VersionRange::parse("0.11 and below").unwrap();
    /// assert!(!r.contains(Version([0, 11, 1]))); // "0.11" is 0.11.0
    /// assert!(VersionRange::parse("0.9 to 0.11.1").unwrap().contains(Version([0, 10, 3])));
    /// assert!(VersionRange::parse("below 0.11").is_err());
    /// ```
    pub fn parse(key: &str) -> Result<VersionRange> {
        let err = |reason| Error::VersionKey {
            key: key.to_string(),
            reason,
        };
        let key_t = key.trim();
        let r = if let Some(v) = key_t.strip_suffix(" and below") {
            VersionRange {
                lo: Self::ANY.lo,
                hi: Version::parse(v).map_err(|_| err("bad version before `and below`"))?,
            }
        } else if let Some(v) = key_t.strip_suffix(" and above") {
            VersionRange {
                lo: Version::parse(v).map_err(|_| err("bad version before `and above`"))?,
                hi: Self::ANY.hi,
            }
        } else if let Some((a, b)) = key_t.split_once(" to ") {
            let r = VersionRange {
                lo: Version::parse(a).map_err(|_| err("bad version before `to`"))?,
                hi: Version::parse(b).map_err(|_| err("bad version after `to`"))?,
            };
            if r.lo > r.hi {
                return Err(err(
                    "the range is empty (X must not exceed Y in \"X to Y\")",
                ));
            }
            r
        } else {
            let v = Version::parse(key_t).map_err(|_| err("not a version or a range"))?;
            VersionRange { lo: v, hi: v }
        };
        Ok(r)
    }

    /// Whether `v` is in the range.
    pub const fn contains(&self, v: Version) -> bool {
        le(self.lo, v) && le(v, self.hi)
    }

    /// Whether two ranges share a version.
    pub const fn overlaps(&self, o: &VersionRange) -> bool {
        le(self.lo, o.hi) && le(o.lo, self.hi)
    }
}

const fn le(a: Version, b: Version) -> bool {
    let mut i = 0;
    while i < 3 {
        if a.0[i] != b.0[i] {
            return a.0[i] < b.0[i];
        }
        i += 1;
    }
    true
}

/// Resolves a support spec (`{key: dtypes}`) for a backend version: the first key that
/// covers `v`; when none does, the last key's value (Ivy's fallback, kept and documented).
/// Evaluated at compile time by the generated metadata consts.
pub const fn resolve_spec(spec: &[(VersionRange, DtypeSet)], v: Version) -> DtypeSet {
    let mut i = 0;
    while i < spec.len() {
        if spec[i].0.contains(v) {
            return spec[i].1;
        }
        i += 1;
    }
    if spec.is_empty() {
        DtypeSet::EMPTY
    } else {
        spec[spec.len() - 1].1
    }
}

/// [`resolve_spec`] for device specs (`{key: devices}`), with the same last-key fallback.
pub const fn resolve_device_spec(
    spec: &[(VersionRange, crate::DeviceSet)],
    v: Version,
) -> crate::DeviceSet {
    let mut i = 0;
    while i < spec.len() {
        if spec[i].0.contains(v) {
            return spec[i].1;
        }
        i += 1;
    }
    if spec.is_empty() {
        crate::DeviceSet::EMPTY
    } else {
        spec[spec.len() - 1].1
    }
}
