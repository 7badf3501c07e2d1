//! `maximum`, `minimum`: NaN from either side (numpy's, the standard's), else the larger
//! (smaller) value, the first of two equal ones (so `max(0.0, −0.0)` is `0.0` and
//! `max(−0.0, 0.0)` is `−0.0`, as ivy's own loops give): a compare and a select a lane, for
//! element-wise calls ([`crate::zip`]) and for folds ([`crate::fold`]).

use crate::{Binary, Fma};

/// The larger of two values, NaN if either is NaN.
///
/// ```
/// # use std::mem::MaybeUninit;
/// let mut o = [MaybeUninit::uninit(); 2];
/// ivy_vecmath::zip::<f32, ivy_vecmath::Maximum>(&[1.0, f32::NAN], &[2.0, 0.0], &mut o);
/// assert_eq!(unsafe { o[0].assume_init() }, 2.0);
/// assert!(unsafe { o[1].assume_init() }.is_nan());
/// ```
#[derive(Debug)]
pub enum Maximum {}

/// The smaller of two values, NaN if either is NaN.
///
/// ```
/// assert_eq!(ivy_vecmath::fold::<f32, ivy_vecmath::Minimum>(&[3.0, -2.0]), Some(-2.0));
/// ```
#[derive(Debug)]
pub enum Minimum {}

/// `$K` for each float type: `a` where `a $cmp b` or `a` is NaN, else `b` (NaN `b` too).
macro_rules! extreme {
    ($K:ident $cmp:tt: $($t:ty),*) => {$(
        impl Binary<$t> for $K {
            #[inline(always)]
            fn fast<M: Fma>(a: $t, b: $t) -> ($t, bool) {
                (Self::exact(a, b), true)
            }
            #[inline(always)]
            fn exact(a: $t, b: $t) -> $t {
                if a $cmp b || a.is_nan() { a } else { b }
            }
        }
    )*};
}
extreme!(Maximum >=: f32, f64);
extreme!(Minimum <=: f32, f64);

/// [`crate::ArgSlices`]' loop for one float type, compiled at each level: the extreme
/// (`MAX`: the largest, else the smallest; NaN if there is one) by [`crate::fold_leaf`]'s
/// vectorised fold, then the first element equal to it (or NaN), found a chunk of 64 at a
/// time (a compare per vector, no branch inside a chunk). A masked-select loop keeping an
/// index per lane ran 3x slower: the compiler kept its lanes in memory.
macro_rules! arg_two_pass {
    ($name:ident, $t:ty) => {
        #[inline(always)]
        pub(crate) fn $name<const MAX: bool, M: Fma>(x: &[$t]) -> Option<usize> {
            let first = *x.first()?;
            let m = crate::fold_leaf::<$t, $t, { crate::FOLD_LANES }>(
                x,
                first,
                |v| v,
                |a, b| {
                    if MAX {
                        Maximum::fast::<M>(a, b).0
                    } else {
                        Minimum::fast::<M>(a, b).0
                    }
                },
            );
            #[allow(clippy::eq_op)]
            let nan = m != m;
            #[allow(clippy::eq_op)]
            let hit = |v: $t| if nan { v != v } else { v == m };
            let mut at = 0;
            for c in x.chunks(64) {
                if c.iter().fold(false, |a, &v| a | hit(v)) {
                    return c.iter().position(|&v| hit(v)).map(|j| at + j);
                }
                at += c.len();
            }
            // the fold's result is one of the elements
            Some(0)
        }
    };
}
arg_two_pass!(arg_f32, f32);
arg_two_pass!(arg_f64, f64);

/// [`crate::ArgSlices`]' loop along a strided axis for one float type: `x` is rows of
/// `best.len()` values; each row compared with the best so far, element-wise (unconditional
/// stores of selects: a vector loop where the level has masked 64-bit lanes).
macro_rules! arg_rows {
    ($name:ident, $t:ty) => {
        #[inline(always)]
        pub(crate) fn $name<const MAX: bool>(x: &[$t], best: &mut [$t], at: &mut [i64]) {
            let inner = best.len().min(at.len());
            if inner == 0 {
                return;
            }
            let (best, at) = (&mut best[..inner], &mut at[..inner]);
            #[allow(clippy::eq_op)]
            let better = |v: $t, b: $t| (if MAX { v > b } else { v < b }) | ((v != v) & (b == b));
            let mut rows = x.chunks_exact(inner);
            let Some(first) = rows.next() else { return };
            best.copy_from_slice(first);
            at.fill(0);
            for (i, row) in rows.enumerate() {
                let i = i as i64 + 1;
                for ((b, o), &v) in best.iter_mut().zip(at.iter_mut()).zip(row) {
                    let t = better(v, *b);
                    *b = if t { v } else { *b };
                    *o = if t { i } else { *o };
                }
            }
        }
    };
}
arg_rows!(arg_rows_f32, f32);
arg_rows!(arg_rows_f64, f64);
