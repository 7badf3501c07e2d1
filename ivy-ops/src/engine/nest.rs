//! Nesting: an op called with Containers maps over their leaves ([`nest_call`]).

use crate::{Array, Container, NestArg, Operand};
use ivy_core::Nest;
use ivy_core::{Error, Result};

/// A nested call: maps `f` over the leaves with shared-structure broadcasting; scalars and
/// plain arrays are used at every leaf.
#[inline]
pub fn nest_call<R: NestOutput>(
    op: &'static str,
    args: &[NestArg<'_>],
    mut f: impl FnMut(&[Operand<'_>]) -> Result<R>,
) -> Result<R::Nested> {
    nest_call_dyn(op, args, &mut f)
}

/// [`nest_call`]'s walk, generic over the result type only: one copy serves every op. A
/// [`NestArg::Mapped`] argument's options select the leaves (at most one argument may carry
/// options).
fn nest_call_dyn<R: NestOutput>(
    op: &'static str,
    args: &[NestArg<'_>],
    f: &mut dyn FnMut(&[Operand<'_>]) -> Result<R>,
) -> Result<R::Nested> {
    let mut opts = None;
    for a in args {
        if let NestArg::Mapped(_, o) = a
            && opts.replace(*o).is_some()
        {
            return Err(Error::InvalidArgument {
                op,
                message: "mapping options are given on two arguments: give them on one".into(),
            });
        }
    }
    let nests: Vec<Nest<'_, Array>> = args
        .iter()
        .filter_map(|a| match a {
            NestArg::Array(x) => Some(Nest::Leaf(*x)),
            NestArg::Container(c) | NestArg::Mapped(c, _) => Some(Nest::Container(*c)),
            NestArg::Scalar(_) => None,
        })
        .collect();
    let default = ivy_core::MapOptions::default();
    Container::multi_map_with(
        op,
        &nests,
        opts.unwrap_or(&default),
        |leaves| {
            let mut j = 0;
            let ops: Vec<Operand<'_>> = args
                .iter()
                .map(|a| match a {
                    NestArg::Scalar(s) => Operand::Scalar(*s),
                    _ => {
                        j += 1;
                        Operand::Array(leaves[j - 1])
                    }
                })
                .collect();
            f(&ops)
        },
        |leaf| R::keep(op, leaf),
    )
    .and_then(|c| R::nest(op, c))
}

/// What an op returns, and what its nested form returns: one Container per output (Ivy
/// unstacks an op's several outputs over Containers).
pub trait NestOutput: Sized {
    /// The nested form's result.
    type Nested;
    /// The nested result from the container of per-leaf results.
    fn nest(op: &'static str, c: ivy_core::Container<Self>) -> Result<Self::Nested>;
    /// The result at a leaf the mapping options leave unapplied: the leaf itself, in every
    /// output.
    fn keep(op: &'static str, leaf: &Array) -> Result<Self>;
}

impl NestOutput for Array {
    type Nested = Container;
    #[inline]
    fn nest(_: &'static str, c: Container) -> Result<Container> {
        Ok(c)
    }
    fn keep(_: &'static str, leaf: &Array) -> Result<Array> {
        Ok(leaf.clone())
    }
}

/// A variable number of outputs: every leaf must give the same number.
impl NestOutput for Vec<Array> {
    type Nested = Vec<Container>;
    fn nest(op: &'static str, c: ivy_core::Container<Vec<Array>>) -> Result<Vec<Container>> {
        let n = c.leaves().next().map_or(0, |(_, v)| v.len());
        c.unstack(op, n)
    }
    /// A variable number of outputs cannot keep a leaf (how many copies?): an error.
    fn keep(op: &'static str, _: &Array) -> Result<Vec<Array>> {
        Err(Error::InvalidArgument {
            op,
            message: "an op with a variable number of outputs maps every leaf: give no key chains, or prune the unapplied leaves".into(),
        })
    }
}

macro_rules! nest_output_tuple {
    ($($n:literal: ($($v:ident),*)),*) => {$(
        impl NestOutput for ($(nest_output_tuple!(@t $v),)*) {
            type Nested = ($(nest_output_tuple!(@c $v),)*);
            fn nest(op: &'static str, c: ivy_core::Container<Self>) -> Result<Self::Nested> {
                let c = c.into_map(|($($v,)*)| vec![$($v),*]);
                let mut it = c.unstack(op, $n)?.into_iter();
                Ok(($(nest_output_tuple!(@next it $v),)*))
            }
            fn keep(_: &'static str, leaf: &Array) -> Result<Self> {
                Ok(($(nest_output_tuple!(@keep leaf $v),)*))
            }
        }
    )*};
    (@t $v:ident) => { Array };
    (@c $v:ident) => { Container };
    (@next $it:ident $v:ident) => { $it.next().unwrap_or_default() };
    (@keep $leaf:ident $v:ident) => { $leaf.clone() };
}
nest_output_tuple!(2: (a, b), 3: (a, b, c), 4: (a, b, c, d));
