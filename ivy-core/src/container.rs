//! `Container<T>`: Ivy's nested, key-sorted map of leaves, with shared-structure broadcasting.

use crate::error::{Error, Result};
use std::fmt;

/// A node of a [`Container`]: a leaf or a nested container.
#[derive(Clone, Debug, PartialEq)]
pub enum Node<T> {
    /// A leaf value.
    Leaf(T),
    /// A nested container.
    Nest(Container<T>),
}

/// A nested map of leaves whose key chains join with `/`. Keys are kept sorted by default
/// (Ivy's `alphabetical_keys=True`); [`Container::insertion_ordered`] keeps them in the order
/// they were first inserted instead (Ivy's `alphabetical_keys=False`). Two containers are equal
/// when they hold the same keys with equal nodes, whatever their key order.
///
/// ```
/// use ivy_core::{container, Container};
/// let c: Container<i32> = container! { d: { e: 6, f: 8 }, a: { b: 2, c: 4 } };
/// assert_eq!(c.leaf("d/e"), Some(&6));
/// let keys: Vec<String> = c.leaves().map(|(k, _)| k).collect();
/// assert_eq!(keys, ["a/b", "a/c", "d/e", "d/f"]);
/// // insertion order, nested levels too
/// let o: Container<i32> = container! { @ordered d: { f: 8, e: 6 }, a: 2 };
/// assert_eq!(o.all_key_chains(), ["d/f", "d/e", "a"]);
/// assert_eq!(o, container! { a: 2, d: { e: 6, f: 8 } });
/// ```
#[derive(Clone, Debug)]
pub struct Container<T> {
    items: Vec<(String, Node<T>)>,
    order: KeyOrder,
}

/// How a [`Container`] orders its keys.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum KeyOrder {
    /// Sorted (Ivy's default, `alphabetical_keys=True`).
    #[default]
    Sorted,
    /// In the order keys were first inserted (`alphabetical_keys=False`).
    Insertion,
}

impl<T> Default for Container<T> {
    fn default() -> Self {
        Container::with_key_order(KeyOrder::Sorted)
    }
}

impl<T: PartialEq> PartialEq for Container<T> {
    /// Same keys, equal nodes under each; the key order is not compared.
    fn eq(&self, other: &Self) -> bool {
        self.items.len() == other.items.len()
            && self
                .items
                .iter()
                .all(|(k, n)| other.node(k).is_some_and(|m| m == n))
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
///
/// Ivy's fourth option, `map_sequences`, has no field: ivy-rs leaves are never sequences. A
/// list of values is a sub-Container ([`Container::from_sequence`]), which every map
/// reaches, so Ivy's `map_sequences=True` is the behaviour; its `False` (a list leaf passed
/// whole to the function) is a sequence argument (`&[&Array]`) of the op instead.
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

impl MapOptions<'_> {
    /// Whether the leaf at `key_chain` is mapped: selected by `key_chains` (a chain selects
    /// its leaf and every leaf below it; `None` selects all) as `to_apply` asks.
    fn applies_to(&self, key_chain: &str) -> bool {
        let selected = self.key_chains.is_none_or(|kcs| {
            kcs.iter().any(|s| {
                key_chain
                    .strip_prefix(s)
                    .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
            })
        });
        selected == self.to_apply
    }
}

/// `chain/key`, or `key` at the top (`None`): an empty key keeps its place (`"/a"` is the
/// key `a` under the empty key).
fn join(chain: Option<&str>, key: &str) -> String {
    match chain {
        None => key.to_string(),
        Some(c) => format!("{c}/{key}"),
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
        let order = self.order;
        let mut parts: Vec<Container<U>> =
            (0..n).map(|_| Container::with_key_order(order)).collect();
        self.unstack_rec(op, None, n, &mut parts)?;
        Ok(parts)
    }

    fn unstack_rec(
        self,
        op: &'static str,
        chain: Option<&str>,
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
                        part.put(k.clone(), Node::Leaf(v));
                    }
                }
                Node::Nest(c) => {
                    let order = c.order;
                    let mut subs: Vec<Container<U>> =
                        (0..n).map(|_| Container::with_key_order(order)).collect();
                    c.unstack_rec(op, Some(&kc), n, &mut subs)?;
                    for (part, sub) in parts.iter_mut().zip(subs) {
                        part.put(k.clone(), Node::Nest(sub));
                    }
                }
            }
        }
        Ok(())
    }
}

impl<T> Container<T> {
    /// An empty container with sorted keys (Ivy's default).
    pub fn new() -> Self {
        Self::default()
    }

    /// An empty container that keeps its keys in insertion order (Ivy's
    /// `alphabetical_keys=False`); the sub-containers it creates do too.
    ///
    /// ```
    /// use ivy_core::{Container, KeyOrder};
    /// let mut c = Container::insertion_ordered();
    /// c.insert("z", 1);
    /// c.insert("a/b", 2);
    /// assert_eq!(c.key_order(), KeyOrder::Insertion);
    /// assert_eq!(c.all_key_chains(), ["z", "a/b"]);
    /// ```
    pub fn insertion_ordered() -> Self {
        Self::with_key_order(KeyOrder::Insertion)
    }

    /// A sequence of values as a Container: keys `"0"`, `"1"`, … in insertion order (so
    /// `"10"` follows `"9"`). This is how ivy-rs holds Ivy's list and tuple leaves: every
    /// map reaches each element, as Ivy's `map_sequences=True` does, and a key chain
    /// (`"layers/1"`) selects one. [`to_sequence`](Container::to_sequence) reads it back.
    ///
    /// ```
    /// use ivy_core::{container, Container, Node};
    /// let mut c: Container<i32> = container! { lr: 1 };
    /// c.insert_node("layers", Node::Nest(Container::from_sequence([10, 20, 30])));
    /// assert_eq!(c.all_key_chains(), ["layers/0", "layers/1", "layers/2", "lr"]);
    /// let doubled = c.map(|_, v| Ok::<_, ivy_core::Error>(v * 2)).unwrap();
    /// let Some(Node::Nest(layers)) = doubled.get("layers") else { panic!() };
    /// assert_eq!(layers.to_sequence(), Some(vec![&20, &40, &60]));
    /// ```
    pub fn from_sequence(items: impl IntoIterator<Item = T>) -> Self {
        Container {
            items: items
                .into_iter()
                .enumerate()
                .map(|(i, v)| (i.to_string(), Node::Leaf(v)))
                .collect(),
            order: KeyOrder::Insertion,
        }
    }

    /// The leaves in sequence order when this Container is a sequence (keys exactly `"0"`,
    /// `"1"`, … in order, every node a leaf, as [`from_sequence`](Container::from_sequence)
    /// builds), else `None`.
    pub fn to_sequence(&self) -> Option<Vec<&T>> {
        self.items
            .iter()
            .enumerate()
            .map(|(i, (k, n))| match n {
                Node::Leaf(v) if *k == i.to_string() => Some(v),
                _ => None,
            })
            .collect()
    }

    /// An empty container with the given key order.
    pub fn with_key_order(order: KeyOrder) -> Self {
        Container {
            items: Vec::new(),
            order,
        }
    }

    /// How the keys are ordered.
    pub fn key_order(&self) -> KeyOrder {
        self.order
    }

    /// Where key `k` is (`Ok`), or where it would be inserted (`Err`).
    fn position(&self, k: &str) -> std::result::Result<usize, usize> {
        match self.order {
            KeyOrder::Sorted => self.items.binary_search_by(|(key, _)| key.as_str().cmp(k)),
            KeyOrder::Insertion => self
                .items
                .iter()
                .position(|(key, _)| key == k)
                .ok_or(self.items.len()),
        }
    }

    /// The node under top-level key `k`.
    fn node(&self, k: &str) -> Option<&Node<T>> {
        self.position(k).ok().map(|i| &self.items[i].1)
    }

    /// Sets top-level key `k`, keeping its place when present; the node it replaced.
    fn put(&mut self, k: String, node: Node<T>) -> Option<Node<T>> {
        match self.position(&k) {
            Ok(i) => Some(std::mem::replace(&mut self.items[i].1, node)),
            Err(i) => {
                self.items.insert(i, (k, node));
                None
            }
        }
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
                self.put(key_chain.to_string(), node);
            }
            Some((head, rest)) => {
                let i = match self.position(head) {
                    Ok(i) => i,
                    Err(i) => {
                        let sub = Node::Nest(Container::with_key_order(self.order));
                        self.items.insert(i, (head.to_string(), sub));
                        i
                    }
                };
                let entry = &mut self.items[i].1;
                if let Node::Leaf(_) = entry {
                    *entry = Node::Nest(Container::with_key_order(self.order));
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
        let node = self.node(head)?;
        match (rest, node) {
            (None, n) => Some(n),
            (Some(r), Node::Nest(c)) => c.get(r),
            (Some(_), Node::Leaf(_)) => None,
        }
    }

    /// The node at `key_chain`, mutably.
    pub fn get_mut(&mut self, key_chain: &str) -> Option<&mut Node<T>> {
        let (head, rest) = match key_chain.split_once('/') {
            Some((h, r)) => (h, Some(r)),
            None => (key_chain, None),
        };
        let i = self.position(head).ok()?;
        match (rest, &mut self.items[i].1) {
            (None, n) => Some(n),
            (Some(r), Node::Nest(c)) => c.get_mut(r),
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

    /// The leaf at `key_chain`, mutably (`None` if absent or not a leaf).
    ///
    /// ```
    /// use ivy_core::{container, Container};
    /// let mut c: Container<i32> = container! { a: { b: 1 } };
    /// *c.leaf_mut("a/b").unwrap() += 1;
    /// assert_eq!(c.leaf("a/b"), Some(&2));
    /// ```
    pub fn leaf_mut(&mut self, key_chain: &str) -> Option<&mut T> {
        match self.get_mut(key_chain)? {
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

    /// Removes the node at `key_chain` and returns it (Ivy's `cont_prune_key_chain`); the
    /// containers above it stay, empty or not.
    ///
    /// ```
    /// use ivy_core::{container, Container, Node};
    /// let mut c: Container<i32> = container! { a: { b: 1, c: 2 }, d: 3 };
    /// assert_eq!(c.remove("a/b"), Some(Node::Leaf(1)));
    /// assert_eq!(c.remove("a/x"), None);
    /// assert_eq!(c, container! { a: { c: 2 }, d: 3 });
    /// ```
    pub fn remove(&mut self, key_chain: &str) -> Option<Node<T>> {
        match key_chain.split_once('/') {
            None => {
                let i = self.position(key_chain).ok()?;
                Some(self.items.remove(i).1)
            }
            Some((head, rest)) => match self.get_mut(head)? {
                Node::Nest(c) => c.remove(rest),
                Node::Leaf(_) => None,
            },
        }
    }

    /// The container without the nodes at `key_chains` (Ivy's `cont_prune_key_chains`);
    /// chains that are absent are ignored.
    ///
    /// ```
    /// use ivy_core::{container, Container};
    /// let c: Container<i32> = container! { a: { b: 1, c: 2 }, d: 3 };
    /// assert_eq!(c.prune_key_chains(&["a/c", "d"]), container! { a: { b: 1 } });
    /// ```
    pub fn prune_key_chains(mut self, key_chains: &[&str]) -> Self {
        for kc in key_chains {
            self.remove(kc);
        }
        self
    }

    /// Top-level keys and nodes, in the container's key order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Node<T>)> {
        self.items.iter().map(|(k, v)| (k.as_str(), v))
    }

    /// The top-level keys and nodes, by value (a nested map: each [`Node::Nest`] holds the
    /// next level), in the container's key order; [`FromIterator`] builds one back.
    ///
    /// ```
    /// use ivy_core::{container, Container, Node};
    /// let c: Container<i32> = container! { a: 1, b: { c: 2 } };
    /// let items = c.clone().into_items();
    /// assert_eq!(items[0], ("a".to_string(), Node::Leaf(1)));
    /// assert_eq!(items.into_iter().collect::<Container<i32>>(), c);
    /// ```
    pub fn into_items(self) -> Vec<(String, Node<T>)> {
        self.items
    }

    /// Every leaf with its key chain, depth first in key order.
    pub fn leaves(&self) -> impl Iterator<Item = (String, &T)> {
        let mut out = Vec::new();
        self.collect_leaves(None, &mut out);
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
        self.collect_leaves_mut(None, &mut out);
        out.into_iter()
    }

    fn collect_leaves_mut<'a>(
        &'a mut self,
        chain: Option<&str>,
        out: &mut Vec<(String, &'a mut T)>,
    ) {
        for (k, n) in &mut self.items {
            let kc = join(chain, k);
            match n {
                Node::Leaf(t) => out.push((kc, t)),
                Node::Nest(c) => c.collect_leaves_mut(Some(&kc), out),
            }
        }
    }

    fn collect_leaves<'a>(&'a self, chain: Option<&str>, out: &mut Vec<(String, &'a T)>) {
        for (k, n) in &self.items {
            let kc = join(chain, k);
            match n {
                Node::Leaf(t) => out.push((kc, t)),
                Node::Nest(c) => c.collect_leaves(Some(&kc), out),
            }
        }
    }

    /// The key chain of every leaf, depth first in key order (Ivy's `cont_all_key_chains`).
    ///
    /// ```
    /// use ivy_core::{container, Container};
    /// let c: Container<i32> = container! { b: { d: 1, c: 2 }, a: 3, e: {} };
    /// assert_eq!(c.all_key_chains(), ["a", "b/c", "b/d"]);
    /// ```
    pub fn all_key_chains(&self) -> Vec<String> {
        self.leaves().map(|(k, _)| k).collect()
    }

    /// The leaf key chains that contain `sub` (Ivy's `cont_key_chains_containing`).
    ///
    /// ```
    /// use ivy_core::{container, Container};
    /// let c: Container<i32> = container! { layer1: { w: 1, b: 2 }, layer2: { w: 3 } };
    /// assert_eq!(c.key_chains_containing("/w"), ["layer1/w", "layer2/w"]);
    /// ```
    pub fn key_chains_containing(&self, sub: &str) -> Vec<String> {
        self.leaves()
            .map(|(k, _)| k)
            .filter(|k| k.contains(sub))
            .collect()
    }

    /// One level: every leaf at the top, keyed by its key chain with `/` replaced by `__`
    /// (Ivy's `cont_flatten_key_chains`); empty sub-containers are dropped.
    ///
    /// ```
    /// use ivy_core::{container, Container};
    /// let c: Container<i32> = container! { a: { b: 1, c: { d: 2 } }, e: 3 };
    /// let flat = c.flatten_key_chains();
    /// assert_eq!(flat.all_key_chains(), ["a__b", "a__c__d", "e"]);
    /// assert_eq!(flat.leaf("a__c__d"), Some(&2));
    /// ```
    pub fn flatten_key_chains(&self) -> Container<T>
    where
        T: Clone,
    {
        let mut flat = Container::with_key_order(self.order);
        for (kc, t) in self.leaves() {
            flat.put(kc.replace('/', "__"), Node::Leaf(t.clone()));
        }
        flat
    }

    /// The leaf key chains every one of `containers` has (Ivy's `cont_common_key_chains`),
    /// in the first container's order; none for no containers.
    ///
    /// ```
    /// use ivy_core::{container, Container};
    /// let x: Container<i32> = container! { a: { b: 1, c: 2 }, d: 3 };
    /// let y: Container<i32> = container! { a: { c: 5 }, d: 6, e: 7 };
    /// assert_eq!(Container::common_key_chains(&[&x, &y]), ["a/c", "d"]);
    /// ```
    pub fn common_key_chains(containers: &[&Container<T>]) -> Vec<String> {
        let Some((first, rest)) = containers.split_first() else {
            return Vec::new();
        };
        first
            .leaves()
            .map(|(k, _)| k)
            .filter(|k| rest.iter().all(|c| c.leaf(k).is_some()))
            .collect()
    }

    /// Whether `containers` have one structure: the same keys at every level, with leaves
    /// in the same places (Ivy's `cont_identical_structure`); key order does not matter.
    /// [`identical_structure_by`](Self::identical_structure_by) also compares the leaves.
    ///
    /// ```
    /// use ivy_core::{container, Container};
    /// let x: Container<i32> = container! { a: { b: 1 }, c: 2 };
    /// let y: Container<i32> = container! { a: { b: 5 }, c: 6 };
    /// let z: Container<i32> = container! { a: 1, c: 2 };
    /// assert!(Container::identical_structure(&[&x, &y]));
    /// assert!(!Container::identical_structure(&[&x, &z]));
    /// ```
    pub fn identical_structure(containers: &[&Container<T>]) -> bool {
        Self::identical_structure_by(containers, |_, _| true)
    }

    /// [`identical_structure`](Self::identical_structure), with `same(a, b)` also true of
    /// the first container's leaf and each other's at every key chain (for arrays: same
    /// shapes, same dtypes).
    ///
    /// ```
    /// use ivy_core::{container, Container};
    /// let x: Container<i32> = container! { a: 1, b: 2 };
    /// let y: Container<i32> = container! { a: -1, b: 3 };
    /// assert!(!Container::identical_structure_by(&[&x, &y], |a, b| a.signum() == b.signum()));
    /// ```
    pub fn identical_structure_by(
        containers: &[&Container<T>],
        mut same: impl FnMut(&T, &T) -> bool,
    ) -> bool {
        let Some((first, rest)) = containers.split_first() else {
            return true;
        };
        rest.iter().all(|c| first.same_structure(c, &mut same))
    }

    fn same_structure(&self, other: &Container<T>, same: &mut impl FnMut(&T, &T) -> bool) -> bool {
        self.items.len() == other.items.len()
            && self.items.iter().all(|(k, n)| match (n, other.node(k)) {
                (Node::Leaf(a), Some(Node::Leaf(b))) => same(a, b),
                (Node::Nest(a), Some(Node::Nest(b))) => a.same_structure(b, same),
                _ => false,
            })
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
        self.map_rec(None, &mut f)
    }

    fn map_rec<U>(
        &self,
        chain: Option<&str>,
        f: &mut impl FnMut(&str, &T) -> Result<U>,
    ) -> Result<Container<U>> {
        let mut items = Vec::with_capacity(self.items.len());
        for (k, n) in &self.items {
            let kc = join(chain, k);
            let node = match n {
                Node::Leaf(t) => Node::Leaf(f(&kc, t)?),
                Node::Nest(c) => Node::Nest(c.map_rec(Some(&kc), f)?),
            };
            items.push((k.clone(), node));
        }
        Ok(Container {
            items,
            order: self.order,
        })
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
        Container {
            items,
            order: self.order,
        }
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
        self.map_with_rec(None, &mut f, opts)
    }

    fn map_with_rec(
        &self,
        chain: Option<&str>,
        f: &mut impl FnMut(&str, &T) -> Result<T>,
        opts: &MapOptions<'_>,
    ) -> Result<Container<T>>
    where
        T: Clone,
    {
        let mut out = Container::with_key_order(self.order);
        for (k, n) in &self.items {
            let kc = join(chain, k);
            match n {
                Node::Leaf(t) => {
                    if opts.applies_to(&kc) {
                        out.items.push((k.clone(), Node::Leaf(f(&kc, t)?)));
                    } else if !opts.prune_unapplied {
                        out.items.push((k.clone(), Node::Leaf(t.clone())));
                    }
                }
                Node::Nest(c) => {
                    let sub = c.map_with_rec(Some(&kc), f, opts)?;
                    if !(sub.is_empty() && opts.prune_unapplied) {
                        out.items.push((k.clone(), Node::Nest(sub)));
                    }
                }
            }
        }
        Ok(out)
    }

    /// Applies `f` leaf-wise over several arguments with Ivy's shared-structure broadcasting:
    /// the keys walked are the union of the containers' keys; a leaf (or a leaf argument) is
    /// broadcast to every leaf below the matching key of a deeper container; a key missing
    /// from a container that is not a leaf there is [`Error::ContainerStructure`]. The
    /// result has the first container's key order (insertion order: first appearance
    /// across the containers).
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
        f: impl FnMut(&[&T]) -> Result<U>,
    ) -> Result<Container<U>> {
        // the default options select every leaf: `keep` never runs
        Self::multi_map_with(op, args, &MapOptions::default(), f, |_| {
            Err(Error::InvalidArgument {
                op,
                message: "a leaf was left unapplied under the default options".into(),
            })
        })
    }

    /// [`multi_map`](Self::multi_map) with Ivy's mapping options: `f` runs at the leaves
    /// `opts` selects; an unselected leaf becomes `keep(leaf)` of the first container
    /// argument's leaf there, or is dropped with `prune_unapplied` (and so is a
    /// sub-container left empty).
    ///
    /// ```
    /// use ivy_core::{container, Container, MapOptions, Nest};
    /// let x: Container<i32> = container! { a: { b: 1, c: 2 }, d: 3 };
    /// let opts = MapOptions { key_chains: Some(&["a/c", "d"]), ..Default::default() };
    /// let add = |v: &[&i32]| Ok(v[0] + v[1]);
    /// let keep = |t: &i32| Ok(*t);
    /// let y = Container::multi_map_with("add", &[Nest::Container(&x), Nest::Leaf(&10)], &opts, add, keep);
    /// assert_eq!(y.unwrap(), container! { a: { b: 1, c: 12 }, d: 13 });
    /// let opts = MapOptions { to_apply: false, prune_unapplied: true, ..opts };
    /// let y = Container::multi_map_with("add", &[Nest::Container(&x), Nest::Leaf(&10)], &opts, add, keep);
    /// assert_eq!(y.unwrap(), container! { a: { b: 11 } });
    /// ```
    pub fn multi_map_with<U>(
        op: &'static str,
        args: &[Nest<'_, T>],
        opts: &MapOptions<'_>,
        mut f: impl FnMut(&[&T]) -> Result<U>,
        mut keep: impl FnMut(&T) -> Result<U>,
    ) -> Result<Container<U>> {
        let Some(first) = args.iter().position(|a| matches!(a, Nest::Container(_))) else {
            return Err(Error::InvalidArgument {
                op,
                message: "a nested call needs at least one Container argument".into(),
            });
        };
        let mut walk = Walk {
            op,
            opts,
            first,
            f: &mut f,
            keep: &mut keep,
            leaves: Vec::with_capacity(args.len()),
            _out: std::marker::PhantomData,
        };
        // a Container argument makes the top a sub-container; `None`: every leaf pruned
        match walk.node(args, None)? {
            Some(Node::Nest(c)) => Ok(c),
            _ => Ok(Container::with_key_order(match args[first] {
                Nest::Container(c) => c.order,
                Nest::Leaf(_) => KeyOrder::Sorted,
            })),
        }
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
                    let s = format!("{t:#}");
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
    /// later lines indented to start under its first character. Leaves are printed with
    /// the alternate flag (`{:#}`), which ivy's arrays read as "summarise when large": an
    /// array prints in full as it does on its own, and one of more than 1000 elements (the
    /// size at which an array's own repr is summarised) as its shape and dtype.
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

/// The state of one [`Container::multi_map_with`] walk.
struct Walk<'o, 'a, T, U, F, K> {
    op: &'static str,
    opts: &'o MapOptions<'o>,
    /// The first container argument, whose leaves unselected leaves keep.
    first: usize,
    f: &'o mut F,
    keep: &'o mut K,
    leaves: Vec<&'a T>,
    _out: std::marker::PhantomData<fn() -> U>,
}

impl<'a, T, U, F, K> Walk<'_, 'a, T, U, F, K>
where
    F: FnMut(&[&T]) -> Result<U>,
    K: FnMut(&T) -> Result<U>,
{
    /// The result node at `chain` (`None`: pruned).
    fn node(&mut self, args: &[Nest<'a, T>], chain: Option<&str>) -> Result<Option<Node<U>>> {
        if args.iter().all(|a| matches!(a, Nest::Leaf(_))) {
            self.leaves.clear();
            self.leaves.extend(args.iter().filter_map(|a| match a {
                Nest::Leaf(t) => Some(*t),
                Nest::Container(_) => None,
            }));
            return Ok(if self.opts.applies_to(chain.unwrap_or("")) {
                Some(Node::Leaf(
                    (self.f)(&self.leaves).map_err(|e| at_leaf(chain, e))?,
                ))
            } else if self.opts.prune_unapplied {
                None
            } else {
                Some(Node::Leaf((self.keep)(self.leaves[self.first])?))
            });
        }
        let mut order = None;
        let mut keys: Vec<&'a str> = Vec::new();
        for a in args {
            if let Nest::Container(c) = a {
                order.get_or_insert(c.order);
                keys.extend(c.items.iter().map(|(k, _)| k.as_str()));
            }
        }
        let order = order.unwrap_or_default();
        match order {
            KeyOrder::Sorted => {
                keys.sort_unstable();
                keys.dedup();
            }
            KeyOrder::Insertion => {
                let mut seen = std::collections::HashSet::new();
                keys.retain(|k| seen.insert(*k));
            }
        }
        let mut out = Container::with_key_order(order);
        let mut sub: Vec<Nest<'a, T>> = Vec::with_capacity(args.len());
        for k in keys {
            let kc = join(chain, k);
            sub.clear();
            for a in args {
                sub.push(match a {
                    Nest::Leaf(t) => Nest::Leaf(*t),
                    Nest::Container(c) => match c.node(k) {
                        Some(Node::Leaf(t)) => Nest::Leaf(t),
                        Some(Node::Nest(c)) => Nest::Container(c),
                        None => {
                            return Err(Error::ContainerStructure {
                                op: self.op,
                                key_chain: kc,
                            })
                        }
                    },
                });
            }
            let args_k = sub.clone();
            match self.node(&args_k, Some(&kc))? {
                Some(Node::Nest(c)) if c.is_empty() && self.opts.prune_unapplied => {}
                Some(node) => out.items.push((k.to_string(), node)),
                None => {}
            }
        }
        Ok(Some(Node::Nest(out)))
    }
}

/// An error at the leaf `chain` of a nested call, naming its key chain ([`Error::Leaf`];
/// an error that names one already, from a nested call inside, is kept as it is).
fn at_leaf(chain: Option<&str>, e: Error) -> Error {
    match (chain, e) {
        (_, e @ Error::Leaf { .. }) | (None, e) => e,
        (Some(kc), e) => Error::Leaf {
            key_chain: kc.to_string(),
            source: Box::new(e),
        },
    }
}

impl<T> FromIterator<(String, Node<T>)> for Container<T> {
    /// A sorted container of top-level keys and nodes (a later duplicate key replaces an
    /// earlier one; a key holding `/` is a key chain, nested as [`Container::insert_node`]
    /// nests it; nested containers keep their own key order); see [`Container::into_items`].
    fn from_iter<I: IntoIterator<Item = (String, Node<T>)>>(iter: I) -> Self {
        let mut c = Container::new();
        for (k, n) in iter {
            // a `/` in a key is a key-chain separator, as everywhere else
            c.insert_node(&k, n);
        }
        c
    }
}

impl<T> From<T> for Node<T> {
    fn from(t: T) -> Self {
        Node::Leaf(t)
    }
}

/// Builds a [`Container`]: `container! { a: { b: x, c: y }, d: z }`; leaves go through
/// `Into<T>`. Keys are identifiers or string literals (`"key 1": x`). Keys are sorted (Ivy's
/// default); `container! { @ordered ... }` keeps them, nested levels included, in the order
/// written.
///
/// ```
/// use ivy_core::{container, Container};
/// let c: Container<i32> = container! { b: 1, "a key": { x: 2 } };
/// assert_eq!(c.all_key_chains(), ["a key/x", "b"]);
/// let o: Container<i32> = container! { @ordered b: 1, a: { y: 2, x: 3 } };
/// assert_eq!(o.all_key_chains(), ["b", "a/y", "a/x"]);
/// ```
#[macro_export]
macro_rules! container {
    (@acc $c:ident;) => {};
    (@acc $c:ident; $key:tt : { $($inner:tt)* } $(, $($rest:tt)*)?) => {
        {
            #[allow(unused_mut)]
            let mut sub = $crate::Container::with_key_order($c.key_order());
            $crate::container!(@acc sub; $($inner)*);
            $c.insert_node($crate::container!(@key $key), $crate::Node::Nest(sub));
        }
        $crate::container!(@acc $c; $($($rest)*)?);
    };
    (@acc $c:ident; $key:tt : $val:expr $(, $($rest:tt)*)?) => {
        $c.insert_node($crate::container!(@key $key), $crate::Node::Leaf(::core::convert::Into::into($val)));
        $crate::container!(@acc $c; $($($rest)*)?);
    };
    (@key $key:ident) => { stringify!($key) };
    (@key $key:literal) => { $key };
    (@ordered $($body:tt)*) => {{
        #[allow(unused_mut)]
        let mut c = $crate::Container::insertion_ordered();
        $crate::container!(@acc c; $($body)*);
        c
    }};
    ($($body:tt)*) => {{
        #[allow(unused_mut)]
        let mut c = $crate::Container::new();
        $crate::container!(@acc c; $($body)*);
        c
    }};
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insertion_order_is_kept_through_inserts_maps_and_multi_maps() {
        let mut c: Container<i32> = Container::insertion_ordered();
        c.insert("z/y", 1);
        c.insert("a", 2);
        c.insert("z/b", 3);
        // replacing a key keeps its place
        c.insert("z/y", 4);
        assert_eq!(c.all_key_chains(), ["z/y", "z/b", "a"]);
        let m = c.map(|_, x| Ok(x * 2)).unwrap();
        assert_eq!(m.key_order(), KeyOrder::Insertion);
        assert_eq!(m.all_key_chains(), ["z/y", "z/b", "a"]);
        let d: Container<i32> = container! { @ordered a: 1, q: 5, z: 1 };
        let s = Container::multi_map("add", &[Nest::Container(&c), Nest::Container(&d)], |v| {
            Ok(v[0] + v[1])
        });
        // `q` is missing from `c`: a structure error names it
        assert!(
            matches!(s, Err(Error::ContainerStructure { ref key_chain, .. }) if key_chain == "q")
        );
        let d = d.prune_key_chains(&["q"]);
        let s = Container::multi_map("add", &[Nest::Container(&c), Nest::Container(&d)], |v| {
            Ok(v[0] + v[1])
        })
        .unwrap();
        assert_eq!(s.all_key_chains(), ["z/y", "z/b", "a"]);
        assert_eq!(s.leaf("z/b"), Some(&4));
        let parts = s
            .map(|_, x| Ok(vec![*x, -x]))
            .unwrap()
            .unstack("op", 2)
            .unwrap();
        assert_eq!(parts[1].all_key_chains(), ["z/y", "z/b", "a"]);
        assert_eq!(parts[1].leaf("a"), Some(&-3));
    }

    #[test]
    fn sorted_containers_stay_sorted_and_equality_ignores_order() {
        let mut c: Container<i32> = Container::new();
        for k in ["m", "c/x", "a", "c/b", "z"] {
            c.insert(k, 0);
        }
        assert_eq!(c.all_key_chains(), ["a", "c/b", "c/x", "m", "z"]);
        let o: Container<i32> = container! { @ordered z: 0, m: 0, c: { x: 0, b: 0 }, a: 0 };
        assert_eq!(c, o);
        assert!(Container::identical_structure(&[&c, &o]));
        let built: Container<i32> = o.clone().into_items().into_iter().collect();
        assert_eq!(built.key_order(), KeyOrder::Sorted);
        // the top level is sorted; the nested containers keep their own order
        assert_eq!(built.all_key_chains(), ["a", "c/x", "c/b", "m", "z"]);
        assert_ne!(c, container! { a: 0, c: { b: 0, x: 0 }, m: 0 });
    }

    #[test]
    fn structure_queries_on_leaves_and_sub_containers() {
        let x: Container<i32> = container! { a: { b: 1 }, c: 2 };
        // a leaf where the other has a sub-container, an extra key, an empty level
        for y in [
            container! { a: 1, c: 2 },
            container! { a: { b: 1 }, c: 2, d: 3 },
            container! { a: { b: 1, e: {} }, c: 2 },
        ] {
            assert!(!Container::identical_structure(&[&x, &y]), "{y:?}");
            assert!(!Container::identical_structure(&[&y, &x]), "{y:?}");
        }
        assert!(Container::<i32>::identical_structure(&[]));
        assert!(Container::<i32>::common_key_chains(&[]).is_empty());
        let mut y = x.clone();
        assert!(y.remove("a/b/c").is_none());
        assert!(y.remove("a").is_some());
        assert_eq!(y.all_key_chains(), ["c"]);
        assert!(y.leaf_mut("a").is_none());
        assert!(y.get_mut("c/d").is_none());
    }

    /// An empty key keeps its place in key chains (`"/a"` is `a` under the empty key, not
    /// `a`), and a `/` in a collected key nests it: every key chain names one leaf.
    #[test]
    fn key_chains_are_unique_and_reach_their_leaves() {
        let c: Container<i32> = container! { "": { b: 1 }, b: 2 };
        assert_eq!(c.all_key_chains(), ["/b", "b"]);
        assert_eq!(c.leaf("/b"), Some(&1));
        assert_eq!(Container::common_key_chains(&[&c, &c]), ["/b", "b"]);
        let flat = c.flatten_key_chains();
        assert_eq!(flat.leaf("__b"), Some(&1));
        let collected: Container<i32> = vec![
            ("a/b".to_string(), Node::Leaf(1)),
            ("a".to_string(), Node::Nest(container! { c: 2 })),
        ]
        .into_iter()
        .collect();
        // the later `a` replaces the sub-container `a/b` was nested in
        assert_eq!(collected.all_key_chains(), ["a/c"]);
        let nested: Container<i32> = vec![("x/y".to_string(), Node::Leaf(3))]
            .into_iter()
            .collect();
        assert_eq!(nested.leaf("x/y"), Some(&3));
        for kc in c.all_key_chains().iter().chain(&nested.all_key_chains()) {
            assert!(c.leaf(kc).is_some() || nested.leaf(kc).is_some(), "{kc}");
        }
    }
}
