//! `Container<T>`: Ivy's nested, key-sorted map of leaves, with shared-structure broadcasting.

use crate::error::{Error, Result};
use std::collections::BTreeMap;
use std::fmt;

/// A node of a [`Container`]: a leaf or a nested container.
#[derive(Clone, Debug, PartialEq)]
pub enum Node<T> {
    /// A leaf value.
    Leaf(T),
    /// A nested container.
    Nest(Container<T>),
}

/// An ordered nested map whose keys are kept sorted (Ivy's `alphabetical_keys=True`) and whose
/// key chains join with `/`.
///
/// ```
/// use ivy_core::{container, Container};
/// let c: Container<i32> = container! { d: { e: 6, f: 8 }, a: { b: 2, c: 4 } };
/// assert_eq!(c.leaf("d/e"), Some(&6));
/// let keys: Vec<String> = c.leaves().map(|(k, _)| k).collect();
/// assert_eq!(keys, ["a/b", "a/c", "d/e", "d/f"]);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Container<T> {
    items: BTreeMap<String, Node<T>>,
}

impl<T> Default for Container<T> {
    fn default() -> Self {
        Container {
            items: BTreeMap::new(),
        }
    }
}

/// An argument of a multi-container op: a leaf (broadcast to every leaf) or a container.
#[derive(Debug)]
pub enum Nest<'a, T> {
    /// A single value used at every leaf.
    Leaf(&'a T),
    /// A container.
    Container(&'a Container<T>),
}

impl<T> Clone for Nest<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Nest<'_, T> {}

/// Options of [`Container::map_with`], Ivy's `map(fn, key_chains, to_apply, prune_unapplied)`.
#[derive(Clone, Debug)]
pub struct MapOptions<'a> {
    /// Key chains selecting leaves (a chain selects every leaf below it); `None` selects all.
    pub key_chains: Option<&'a [&'a str]>,
    /// `true`: apply to the selected leaves; `false`: apply to the others.
    pub to_apply: bool,
    /// Drop the leaves the function was not applied to.
    pub prune_unapplied: bool,
}

impl Default for MapOptions<'_> {
    fn default() -> Self {
        MapOptions {
            key_chains: None,
            to_apply: true,
            prune_unapplied: false,
        }
    }
}

fn join(chain: &str, key: &str) -> String {
    if chain.is_empty() {
        key.to_string()
    } else {
        format!("{chain}/{key}")
    }
}

impl<U> Container<Vec<U>> {
    /// Splits a container whose leaves each hold `n` values into `n` containers of the
    /// same structure, the `i`-th holding every leaf's `i`-th value: how an op with several
    /// outputs is returned over Containers (Ivy unstacks them). A leaf holding another
    /// number of values is [`Error::InvalidArgument`] naming `op` and the leaf.
    ///
    /// ```
    /// use ivy_core::{container, Container};
    /// let c: Container<Vec<i32>> = container! { a: vec![1, 2], b: { c: vec![3, 4] } };
    /// let parts = c.unstack("op", 2).unwrap();
    /// assert_eq!(parts[0], container! { a: 1, b: { c: 3 } });
    /// assert_eq!(parts[1], container! { a: 2, b: { c: 4 } });
    /// ```
    pub fn unstack(self, op: &'static str, n: usize) -> Result<Vec<Container<U>>> {
        let mut parts: Vec<Container<U>> = (0..n).map(|_| Container::new()).collect();
        self.unstack_rec(op, "", n, &mut parts)?;
        Ok(parts)
    }

    fn unstack_rec(
        self,
        op: &'static str,
        chain: &str,
        n: usize,
        parts: &mut [Container<U>],
    ) -> Result<()> {
        for (k, node) in self.items {
            let kc = join(chain, &k);
            match node {
                Node::Leaf(values) => {
                    if values.len() != n {
                        return Err(Error::InvalidArgument {
                            op,
                            message: format!(
                                "the leaf at `{kc}` gave {} outputs where the others gave {n}",
                                values.len()
                            ),
                        });
                    }
                    for (part, v) in parts.iter_mut().zip(values) {
                        part.items.insert(k.clone(), Node::Leaf(v));
                    }
                }
                Node::Nest(c) => {
                    let mut subs: Vec<Container<U>> = (0..n).map(|_| Container::new()).collect();
                    c.unstack_rec(op, &kc, n, &mut subs)?;
                    for (part, sub) in parts.iter_mut().zip(subs) {
                        part.items.insert(k.clone(), Node::Nest(sub));
                    }
                }
            }
        }
        Ok(())
    }
}

impl<T> Container<T> {
    /// An empty container.
    pub fn new() -> Self {
        Self::default()
    }

    /// Inserts `value` at `key_chain` (`"a/b"`), creating nested containers on the way;
    /// a leaf on the way is replaced.
    pub fn insert(&mut self, key_chain: &str, value: T) {
        self.insert_node(key_chain, Node::Leaf(value));
    }

    /// Inserts a node at `key_chain`.
    pub fn insert_node(&mut self, key_chain: &str, node: Node<T>) {
        match key_chain.split_once('/') {
            None => {
                self.items.insert(key_chain.to_string(), node);
            }
            Some((head, rest)) => {
                let entry = self
                    .items
                    .entry(head.to_string())
                    .or_insert_with(|| Node::Nest(Container::new()));
                if let Node::Leaf(_) = entry {
                    *entry = Node::Nest(Container::new());
                }
                if let Node::Nest(c) = entry {
                    c.insert_node(rest, node);
                }
            }
        }
    }

    /// Builder form of [`insert_node`](Self::insert_node) for one key.
    pub fn with(mut self, key: &str, node: Node<T>) -> Self {
        self.insert_node(key, node);
        self
    }

    /// The node at `key_chain`.
    pub fn get(&self, key_chain: &str) -> Option<&Node<T>> {
        let (head, rest) = match key_chain.split_once('/') {
            Some((h, r)) => (h, Some(r)),
            None => (key_chain, None),
        };
        let node = self.items.get(head)?;
        match (rest, node) {
            (None, n) => Some(n),
            (Some(r), Node::Nest(c)) => c.get(r),
            (Some(_), Node::Leaf(_)) => None,
        }
    }

    /// The leaf at `key_chain` (`None` if absent or not a leaf).
    pub fn leaf(&self, key_chain: &str) -> Option<&T> {
        match self.get(key_chain)? {
            Node::Leaf(t) => Some(t),
            Node::Nest(_) => None,
        }
    }

    /// The leaf at `key_chain`, or [`Error::KeyChain`].
    pub fn at(&self, key_chain: &str) -> Result<&T> {
        self.leaf(key_chain).ok_or_else(|| Error::KeyChain {
            key_chain: key_chain.to_string(),
        })
    }

    /// Top-level keys and nodes, in sorted order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Node<T>)> {
        self.items.iter().map(|(k, v)| (k.as_str(), v))
    }

    /// Every leaf with its key chain, depth first in key order.
    pub fn leaves(&self) -> impl Iterator<Item = (String, &T)> {
        let mut out = Vec::new();
        self.collect_leaves("", &mut out);
        out.into_iter()
    }

    /// Every leaf with its key chain, mutably, depth first in key order (the structure is
    /// unchanged: a leaf is updated where it is).
    ///
    /// ```
    /// use ivy_core::Container;
    /// let mut c: Container<i32> = Container::new();
    /// c.insert("a/b", 1);
    /// c.insert("c", 2);
    /// for (_, v) in c.leaves_mut() {
    ///     *v *= 10;
    /// }
    /// assert_eq!(c.leaves().map(|(_, v)| *v).collect::<Vec<_>>(), [10, 20]);
    /// ```
    pub fn leaves_mut(&mut self) -> impl Iterator<Item = (String, &mut T)> {
        let mut out = Vec::new();
        self.collect_leaves_mut("", &mut out);
        out.into_iter()
    }

    fn collect_leaves_mut<'a>(&'a mut self, chain: &str, out: &mut Vec<(String, &'a mut T)>) {
        for (k, n) in &mut self.items {
            let kc = join(chain, k);
            match n {
                Node::Leaf(t) => out.push((kc, t)),
                Node::Nest(c) => c.collect_leaves_mut(&kc, out),
            }
        }
    }

    fn collect_leaves<'a>(&'a self, chain: &str, out: &mut Vec<(String, &'a T)>) {
        for (k, n) in &self.items {
            let kc = join(chain, k);
            match n {
                Node::Leaf(t) => out.push((kc, t)),
                Node::Nest(c) => c.collect_leaves(&kc, out),
            }
        }
    }

    /// Number of top-level keys.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether the container has no keys.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// Applies `f(key_chain, leaf)` to every leaf.
    pub fn map<U>(&self, mut f: impl FnMut(&str, &T) -> Result<U>) -> Result<Container<U>> {
        self.map_rec("", &mut f)
    }

    fn map_rec<U>(
        &self,
        chain: &str,
        f: &mut impl FnMut(&str, &T) -> Result<U>,
    ) -> Result<Container<U>> {
        let mut items = BTreeMap::new();
        for (k, n) in &self.items {
            let kc = join(chain, k);
            let node = match n {
                Node::Leaf(t) => Node::Leaf(f(&kc, t)?),
                Node::Nest(c) => Node::Nest(c.map_rec(&kc, f)?),
            };
            items.insert(k.clone(), node);
        }
        Ok(Container { items })
    }

    /// Applies `f` to every leaf, consuming the container.
    ///
    /// ```
    /// use ivy_core::{container, Container};
    /// let c: Container<i32> = container! { a: 1, b: { c: 2 } };
    /// assert_eq!(c.into_map(|x| x * 10), container! { a: 10, b: { c: 20 } });
    /// ```
    pub fn into_map<U>(self, mut f: impl FnMut(T) -> U) -> Container<U> {
        self.into_map_rec(&mut f)
    }

    fn into_map_rec<U>(self, f: &mut impl FnMut(T) -> U) -> Container<U> {
        let items = self
            .items
            .into_iter()
            .map(|(k, n)| {
                let node = match n {
                    Node::Leaf(t) => Node::Leaf(f(t)),
                    Node::Nest(c) => Node::Nest(c.into_map_rec(f)),
                };
                (k, node)
            })
            .collect();
        Container { items }
    }

    /// Ivy's `map` with key-chain selection: unselected leaves are kept (cloned) unless
    /// `prune_unapplied`.
    ///
    /// ```
    /// use ivy_core::{container, Container, MapOptions};
    /// let c: Container<i32> = container! { a: { b: 1, c: 2 }, d: 3 };
    /// let opts = MapOptions { key_chains: Some(&["a"]), ..Default::default() };
    /// let m = c.map_with(|_, x| Ok(x * 10), &opts).unwrap();
    /// assert_eq!(m, container! { a: { b: 10, c: 20 }, d: 3 });
    /// ```
    pub fn map_with(
        &self,
        mut f: impl FnMut(&str, &T) -> Result<T>,
        opts: &MapOptions<'_>,
    ) -> Result<Container<T>>
    where
        T: Clone,
    {
        self.map_with_rec("", &mut f, opts)
    }

    fn map_with_rec(
        &self,
        chain: &str,
        f: &mut impl FnMut(&str, &T) -> Result<T>,
        opts: &MapOptions<'_>,
    ) -> Result<Container<T>>
    where
        T: Clone,
    {
        let mut items = BTreeMap::new();
        for (k, n) in &self.items {
            let kc = join(chain, k);
            match n {
                Node::Leaf(t) => {
                    let selected = opts.key_chains.is_none_or(|kcs| {
                        kcs.iter()
                            .any(|s| kc == *s || kc.starts_with(&format!("{s}/")))
                    });
                    if selected == opts.to_apply {
                        items.insert(k.clone(), Node::Leaf(f(&kc, t)?));
                    } else if !opts.prune_unapplied {
                        items.insert(k.clone(), Node::Leaf(t.clone()));
                    }
                }
                Node::Nest(c) => {
                    let sub = c.map_with_rec(&kc, f, opts)?;
                    if !(sub.is_empty() && opts.prune_unapplied) {
                        items.insert(k.clone(), Node::Nest(sub));
                    }
                }
            }
        }
        Ok(Container { items })
    }

    /// Applies `f` leaf-wise over several arguments with Ivy's shared-structure broadcasting:
    /// the keys walked are the union of the containers' keys; a leaf (or a leaf argument) is
    /// broadcast to every leaf below the matching key of a deeper container; a key missing
    /// from a container that is not a leaf there is [`Error::ContainerStructure`].
    ///
    /// ```
    /// use ivy_core::{container, Container, Nest};
    /// let x: Container<f64> = container! { a: { b: 2.0, c: 4.0 }, d: { e: 6.0, f: 8.0 } };
    /// let y: Container<f64> = container! { a: 2.0, d: 3.0 };
    /// let q = Container::multi_map("divide", &[Nest::Container(&x), Nest::Container(&y)],
    ///     |v| Ok(v[0] / v[1])).unwrap();
    /// assert_eq!(q.leaf("d/e"), Some(&2.0));
    /// ```
    pub fn multi_map<U>(
        op: &'static str,
        args: &[Nest<'_, T>],
        mut f: impl FnMut(&[&T]) -> Result<U>,
    ) -> Result<Container<U>> {
        if !args.iter().any(|a| matches!(a, Nest::Container(_))) {
            return Err(Error::InvalidArgument {
                op,
                message: "a nested call needs at least one Container argument".into(),
            });
        }
        let mut leaves = Vec::with_capacity(args.len());
        match Self::multi_rec(op, args, "", &mut f, &mut leaves)? {
            Node::Nest(c) => Ok(c),
            Node::Leaf(_) => unreachable!("a container argument yields a container"),
        }
    }

    fn multi_rec<'a, U>(
        op: &'static str,
        args: &[Nest<'a, T>],
        chain: &str,
        f: &mut impl FnMut(&[&T]) -> Result<U>,
        leaves: &mut Vec<&'a T>,
    ) -> Result<Node<U>> {
        if args.iter().all(|a| matches!(a, Nest::Leaf(_))) {
            leaves.clear();
            leaves.extend(args.iter().map(|a| match a {
                Nest::Leaf(t) => *t,
                Nest::Container(_) => unreachable!(),
            }));
            return Ok(Node::Leaf(f(leaves)?));
        }
        let mut keys: Vec<&'a str> = Vec::new();
        for a in args {
            if let Nest::Container(c) = a {
                keys.extend(c.items.keys().map(String::as_str));
            }
        }
        keys.sort_unstable();
        keys.dedup();
        let mut items = BTreeMap::new();
        let mut sub: Vec<Nest<'a, T>> = Vec::with_capacity(args.len());
        for k in keys {
            let kc = join(chain, k);
            sub.clear();
            for a in args {
                sub.push(match a {
                    Nest::Leaf(t) => Nest::Leaf(*t),
                    Nest::Container(c) => match c.items.get(k) {
                        Some(Node::Leaf(t)) => Nest::Leaf(t),
                        Some(Node::Nest(c)) => Nest::Container(c),
                        None => return Err(Error::ContainerStructure { op, key_chain: kc }),
                    },
                });
            }
            let args_k = sub.clone();
            items.insert(k.to_string(), Self::multi_rec(op, &args_k, &kc, f, leaves)?);
        }
        Ok(Node::Nest(Container { items }))
    }

    fn fmt_indented(&self, f: &mut fmt::Formatter<'_>, indent: usize) -> fmt::Result
    where
        T: fmt::Display,
    {
        if self.items.is_empty() {
            return f.write_str("{}");
        }
        writeln!(f, "{{")?;
        let n = self.items.len();
        for (i, (k, node)) in self.items.iter().enumerate() {
            write!(f, "{:width$}{k}: ", "", width = indent + 4)?;
            match node {
                Node::Leaf(t) => {
                    // a multi-line leaf keeps its own alignment: its later lines start
                    // under its first character, after `key: `
                    let s = t.to_string();
                    let pad = format!("\n{:width$}", "", width = indent + 4 + k.len() + 2);
                    write!(f, "{}", s.replace('\n', &pad))?;
                }
                Node::Nest(c) => c.fmt_indented(f, indent + 4)?,
            }
            writeln!(f, "{}", if i + 1 < n { "," } else { "" })?;
        }
        write!(f, "{:width$}}}", "", width = indent)
    }
}

impl<T: fmt::Display> fmt::Display for Container<T> {
    /// Ivy's layout: nested braces, 4-space indent, `key: value`; an empty Container (or
    /// sub-container) is `{}`, and a leaf printing on several lines (a 2-D array) has its
    /// later lines indented to start under its first character.
    ///
    /// ```
    /// use ivy_core::{container, Container};
    /// let empty: Container<i32> = Container::new();
    /// assert_eq!(empty.to_string(), "{}");
    /// let c: Container<i32> = container! { a: 1, b: {} };
    /// assert_eq!(c.to_string(), "{\n    a: 1,\n    b: {}\n}");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.fmt_indented(f, 0)
    }
}

impl<T> From<T> for Node<T> {
    fn from(t: T) -> Self {
        Node::Leaf(t)
    }
}

/// Builds a [`Container`]: `container! { a: { b: x, c: y }, d: z }`; leaves go through
/// `Into<T>`.
#[macro_export]
macro_rules! container {
    (@acc $c:ident;) => {};
    (@acc $c:ident; $key:ident : { $($inner:tt)* } $(, $($rest:tt)*)?) => {
        $c.insert_node(stringify!($key), $crate::Node::Nest($crate::container!($($inner)*)));
        $crate::container!(@acc $c; $($($rest)*)?);
    };
    (@acc $c:ident; $key:ident : $val:expr $(, $($rest:tt)*)?) => {
        $c.insert_node(stringify!($key), $crate::Node::Leaf(::core::convert::Into::into($val)));
        $crate::container!(@acc $c; $($($rest)*)?);
    };
    ($($body:tt)*) => {{
        #[allow(unused_mut)]
        let mut c = $crate::Container::new();
        $crate::container!(@acc c; $($body)*);
        c
    }};
}
