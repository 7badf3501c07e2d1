"""ivy_rs: ivy-rs as an Array API 2023.12 namespace.

Every function here is made from ivy-rs's op table (``_ivy_rs._ops()``), none is written
per op: an op added to a category in Rust appears here with no Python-side edit. Where an
op is in the standard, its Python signature is the standard's (names, positional-only and
keyword-only markers, defaults, read from the standard's JSON description embedded in the
extension); otherwise it is derived from the Rust declaration (positional parameters
positional-only, keyword parameters keyword-only with their Rust defaults).

>>> import ivy_rs as xp
>>> xp.sum(xp.asarray([1.0, 2.0, 3.0]))
Array(6., dtype=float32)
"""

import ast as _ast
import collections as _collections
import contextlib as _contextlib
import json as _json
import keyword as _keyword
import math as _math

from . import _ivy_rs
from ._ivy_rs import (  # noqa: F401
    Array,
    AxisError,
    DType,
    current_backend,
    set_backend,
    set_default_backend,
    unset_backend,
)

__array_api_version__ = "2023.12"

e = _math.e
inf = _math.inf
nan = _math.nan
pi = _math.pi
newaxis = None

bool = _ivy_rs.bool  # noqa: A001 - the standard's name for the bool dtype
int8 = _ivy_rs.int8
int16 = _ivy_rs.int16
int32 = _ivy_rs.int32
int64 = _ivy_rs.int64
uint8 = _ivy_rs.uint8
uint16 = _ivy_rs.uint16
uint32 = _ivy_rs.uint32
uint64 = _ivy_rs.uint64
float16 = _ivy_rs.float16
bfloat16 = _ivy_rs.bfloat16
float32 = _ivy_rs.float32
float64 = _ivy_rs.float64
complex64 = _ivy_rs.complex64
complex128 = _ivy_rs.complex128

_STANDARD_DTYPES = (
    "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "float32", "float64", "complex64", "complex128",
)


@_contextlib.contextmanager
def using_backend(name):
    """Runs the ``with`` block on backend ``name`` in this thread (as ``ivy::with_backend``).

    >>> import ivy_rs
    >>> with ivy_rs.using_backend("candle"):
    ...     ivy_rs.current_backend()
    'candle'
    """
    set_backend(name)
    try:
        yield
    finally:
        unset_backend()


class Container(dict):
    """Ivy's Container: a nested mapping of arrays with attribute access.

    Nestable ops take a Container wherever an array goes and return Containers.

    >>> import ivy_rs
    >>> c = ivy_rs.Container(a=ivy_rs.asarray([1.0]), b={"c": ivy_rs.asarray([2.0])})
    >>> ivy_rs.add(c, 1).b.c
    Array([3.], dtype=float32)
    """

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for k, v in list(self.items()):
            if isinstance(v, dict) and not isinstance(v, Container):
                self[k] = Container(v)

    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None

    def __setattr__(self, name, value):
        self[name] = Container(value) if isinstance(value, dict) else value

    def _ivy_flat_items(self, prefix=""):
        for k, v in self.items():
            key = f"{prefix}{k}"
            if isinstance(v, dict):
                yield from Container._ivy_flat_items(v, key + "/")
            else:
                yield key, v

    @classmethod
    def _from_flat_items(cls, items):
        root = cls()
        for key, leaf in items:
            node = root
            *path, last = key.split("/")
            for part in path:
                node = dict.setdefault(node, part, cls())
            node[last] = leaf
        return root

    def __repr__(self):
        return f"Container({dict.__repr__(self)})"


def _spec_params(sig):
    """The standard's parameters of ``sig`` (``"sum(x, /, *, axis=None)"``): a list of
    (name, kind, default) with kind one of "posonly", "pos", "var", "kwonly"."""
    tree = _ast.parse("def f" + sig[sig.index("("):] + ": pass").body[0].args
    out = []
    positional = [(a, "posonly") for a in tree.posonlyargs] + [(a, "pos") for a in tree.args]
    pad = [None] * (len(positional) - len(tree.defaults)) + list(tree.defaults)
    for (a, kind), d in zip(positional, pad):
        out.append((a.arg, kind, _NO if d is None else _ast.literal_eval(d)))
    if tree.vararg is not None:
        out.append((tree.vararg.arg, "var", _NO))
    for a, d in zip(tree.kwonlyargs, tree.kw_defaults):
        out.append((a.arg, "kwonly", _NO if d is None else _ast.literal_eval(d)))
    return out


class _NoDefault:
    def __repr__(self):
        return "<required>"


_NO = _NoDefault()
_SPEC = {f["name"]: f for f in _json.loads(_ivy_rs._array_api_json())["functions"]}
_OPS = {op["name"]: op for op in _ivy_rs._ops()}
_call = _ivy_rs._call


def _py_name(name):
    return name + "_" if _keyword.iskeyword(name) else name


def _make(op, public_name):
    """The Python function of one op of the table."""
    rust = op["params"]
    rust_names = {p["name"] for p in rust}
    spec = _SPEC.get(public_name)
    params = []  # (python name, kind, default)
    if spec is not None and "(" in spec["signature"]:
        params = _spec_params(spec["signature"])
    else:
        for p in rust:
            if not p["keyword"]:
                params.append((p["name"], "posonly", _NO))
    names = {n for n, _, _ in params}

    def rust_of(pyname):
        if pyname in rust_names:
            return pyname
        if pyname.rstrip("_") in rust_names:
            return pyname.rstrip("_")
        return None

    mapped = {rust_of(n) for n, _, _ in params} - {None}
    # Rust positional params the standard lacks: required keyword-only
    for p in rust:
        if p["name"] not in mapped and not p["keyword"]:
            params.append((p["name"], "kwonly", _NO))
            names.add(p["name"])
    # Rust keyword params the standard lacks: keyword-only with the Rust default
    for p in rust:
        if p["name"] not in mapped and p["keyword"] and p["name"] not in names:
            params.append((p["name"], "kwonly", op["kw_defaults"].get(p["name"])))
            names.add(p["name"])
    if op["has_out"] and "out" not in names:
        params.append(("out", "kwonly", None))

    # the call plan: Rust positional params in order, then keywords
    positional = [p["name"] for p in rust if not p["keyword"]]
    keywords = [p["name"] for p in rust if p["keyword"]]
    by_rust = {rust_of(n): (n, kind, d) for n, kind, d in params if rust_of(n) is not None}
    extra = [(n, d) for n, kind, d in params if rust_of(n) is None and n != "out"]

    # the signature's source
    order = {"posonly": 0, "pos": 1, "var": 2, "kwonly": 3}
    params.sort(key=lambda t: order[t[1]])
    src, defaults, seen_slash, seen_star = [], {}, False, False
    for n, kind, d in params:
        pn = _py_name(n)
        if kind != "posonly" and not seen_slash and any(k == "posonly" for _, k, _ in params):
            src.append("/")
            seen_slash = True
        if kind == "kwonly" and not seen_star and not any(k == "var" for _, k, _ in params):
            src.append("*")
            seen_star = True
        if kind == "var":
            src.append("*" + pn)
            continue
        if d is _NO:
            src.append(pn)
        else:
            defaults[pn] = d
            src.append(f"{pn}=_d[{pn!r}]")
    if params and params[-1][1] == "posonly":
        src.append("/")
    body = [f"def {public_name.split('.')[-1]}({', '.join(src)}):"]
    args = []
    for r in positional:
        n, kind, _ = by_rust[r]
        args.append(f"list({_py_name(n)})" if kind == "var" else _py_name(n))
    kw = [f"{r!r}: {_py_name(by_rust[r][0])}" for r in keywords if r in by_rust]
    has_k = (kw or extra or op["has_out"]) and True or False  # `bool` is the dtype here
    body.append(f"    _a = ({''.join(a + ', ' for a in args)})")
    if has_k:
        body.append(f"    _k = {{{', '.join(kw)}}}")
    for n, d in extra:
        # a standard parameter ivy lacks: passed only when not at its default
        body.append(f"    if {_py_name(n)} is not _d.get({_py_name(n)!r}):")
        body.append(f"        if {_py_name(n)} != _d.get({_py_name(n)!r}):")
        body.append(f"            _k[{n!r}] = {_py_name(n)}")
    if op["has_out"]:
        body.append("    if out is not None:")
        body.append("        _k['out'] = out")
    # the standard's result type, read from its description: a namedtuple or a list
    returns = spec["returns"] if spec else ""
    post = None
    if returns.startswith("namedtuple ("):
        fields = returns[returns.index("(") + 1 : returns.index(")")].replace(" ", "").split(",")
        result_type = _collections.namedtuple(f"{public_name.split('.')[-1]}_result", fields)
        post = lambda r, t=result_type: t(*r)  # noqa: E731
    elif returns.startswith("List["):
        post = list
    # the op resolved once: a call looks no name up
    call = "_e(_a, _k)" if has_k else "_e(_a)"
    body.append(f"    return {'_post(' + call + ')' if post else call}")
    ns = {"_d": defaults, "_e": _ivy_rs._entry(op["name"]), "_post": post}
    exec("\n".join(body), ns)  # noqa: S102 - generated from the op table
    f = ns[public_name.split(".")[-1]]
    f.__module__ = __name__
    f.__qualname__ = public_name.split(".")[-1]
    f.__doc__ = _docstring(op)
    return f


def _docstring(op):
    """The op's docstring from its rustdoc: the first paragraph and the first example (Rust)."""
    doc = op.get("doc") or ""
    paragraphs = [p.strip() for p in doc.split("\n\n") if p.strip()]
    head = paragraphs[0] if paragraphs else f"ivy-rs `{op['name']}`."
    out = [head, "", f"ivy-rs op `{op['name']}` ({op['category']}, {op['kind']})."]
    if "```" in doc:
        example = doc.split("```", 2)[1]
        example = example.split("\n", 1)[1] if "\n" in example else example
        lines = [ln for ln in example.splitlines() if not ln.lstrip().startswith("# ")]
        out += ["", "Example (ivy-rs, Rust)::", ""] + ["    " + ln for ln in lines]
    return "\n".join(out)


def _build():
    made = {}
    for name, op in _OPS.items():
        if not op["callable"] or name.startswith("_"):
            continue
        try:
            made[name] = _make(op, name)
        except Exception as err:  # pragma: no cover - reported, never silently missing
            raise RuntimeError(f"ivy_rs: cannot make `{name}` from the op table: {err}") from err
    return made


_FUNCTIONS = _build()
globals().update({k: v for k, v in _FUNCTIONS.items() if k not in globals() or k in _SPEC})


def from_dlpack(x, /, *, device=None, copy=None):
    """An ivy array of a DLPack producer's data, read through numpy (a copy).

    >>> import ivy_rs, numpy
    >>> ivy_rs.from_dlpack(numpy.arange(3))
    Array([0, 1, 2], dtype=int64)
    """
    import numpy

    if isinstance(x, Array):
        return asarray(x, copy=copy)  # noqa: F821 - made from the op table
    if copy is False:
        raise ValueError("from_dlpack: ivy_rs copies the producer's data; pass copy=None or True")
    if device is not None and device != "cpu":
        raise ValueError(f"from_dlpack: ivy_rs arrays live on the cpu, not {device!r}")
    return asarray(numpy.from_dlpack(x))  # noqa: F821 - made from the op table


class _Info:
    """What ``__array_namespace_info__()`` returns."""

    def capabilities(self):
        return {"boolean indexing": True, "data-dependent shapes": True, "max dimensions": None}

    def default_device(self):
        return "cpu"

    def devices(self):
        return ["cpu"]

    def default_dtypes(self, *, device=None):
        # what ivy-rs infers for Python numbers, on the current backend (the defaults are
        # ivy's settings, not constants); None where the backend holds no such dtype
        return {
            "real floating": _inferred(0.0),
            "complex floating": _inferred(0j),
            "integral": _inferred(0),
            "indexing": _inferred_index(),
        }

    def dtypes(self, *, device=None, kind=None):
        out = {}
        for name in _STANDARD_DTYPES:
            d = globals()[name]
            if kind is None or isdtype(d, kind):  # noqa: F821 - made from the op table
                if _supported_by_backend(d):
                    out[name] = d
        return out


def _inferred(value):
    try:
        return asarray(value).dtype  # noqa: F821 - made from the op table
    except Exception:  # noqa: BLE001 - a dtype the backend cannot hold
        return None


def _inferred_index():
    try:
        return argsort(asarray([0])).dtype  # noqa: F821 - made from the op table
    except Exception:  # noqa: BLE001
        return None


def _supported_by_backend(d):
    try:
        _call("zeros", ((1,),), {"dtype": d})
        return True
    except Exception:  # noqa: BLE001
        return False


def __array_namespace_info__():
    """The inspection API: capabilities, default_device, default_dtypes, devices, dtypes."""
    return _Info()


def __dir__():
    return sorted(globals())
