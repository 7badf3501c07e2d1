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
import inspect as _inspect
import json as _json
import keyword as _keyword
import math as _math

from . import _ivy_rs
from ._ivy_rs import (  # noqa: F401
    Array,
    AxisError,
    LinAlgError,
    DType,
    _rebuild,
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


def _ivy_check_key(key):
    """Container keys are strings (Ivy's key chains name leaves by them): any other key would
    come back as its text from the first op (``{1: x} + 1`` has the key ``'1'``)."""
    if not isinstance(key, str):
        raise TypeError(
            f"Container keys are strings (Ivy's key chains), not {type(key).__name__}: "
            f"use str({key!r}) as the key"
        )


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
            _ivy_check_key(k)
            if isinstance(k, str) and "/" in k:
                dict.__delitem__(self, k)
                self[k] = v
            elif isinstance(v, dict) and not isinstance(v, Container):
                dict.__setitem__(self, k, Container(v))
        self._ivy_sort()

    def _ivy_sort(self):
        """Keys in sorted order, as Ivy keeps them (its default ``alphabetical_keys``) and as
        the Containers the ops return have them."""
        keys = list(dict.keys(self))
        order = sorted(keys, key=str)
        if keys != order:
            items = [(k, dict.__getitem__(self, k)) for k in order]
            dict.clear(self)
            dict.update(self, items)

    def _ivy_insert(self, key, value):
        _ivy_check_key(key)
        new = not dict.__contains__(self, key)
        dict.__setitem__(self, key, value)
        if new:
            self._ivy_sort()

    def _ivy_parent(self, key, create=False):
        """The Container holding the last key of chain ``key`` ("a/b/c": ``self["a"]["b"]``)
        and that key; with ``create``, missing Containers on the way are made."""
        *path, last = key.split("/")
        node = self
        for i, part in enumerate(path):
            if create and not dict.__contains__(node, part):
                Container._ivy_insert(node, part, Container())
            try:
                node = dict.__getitem__(node, part)
            except KeyError:
                raise KeyError(key) from None
            if not isinstance(node, dict):
                raise KeyError(f"{key} ({'/'.join(path[:i + 1])} is a leaf, not a Container)")
        return node, last

    def __getitem__(self, key):
        # a key chain, as Ivy's: c["a/b"] is c["a"]["b"]
        if isinstance(key, str) and "/" in key:
            node, last = self._ivy_parent(key)
            try:
                return dict.__getitem__(node, last)
            except KeyError:
                raise KeyError(key) from None
        return dict.__getitem__(self, key)

    def __setitem__(self, key, value):
        if isinstance(value, dict) and not isinstance(value, Container):
            value = Container(value)
        if isinstance(key, str) and "/" in key:
            node, last = self._ivy_parent(key, create=True)
            Container._ivy_insert(node, last, value)
        else:
            self._ivy_insert(key, value)

    def setdefault(self, key, default=None):
        if key not in self:
            self[key] = default
        return self[key]

    def update(self, *args, **kwargs):
        for k, v in dict(*args, **kwargs).items():
            self[k] = v

    def __delitem__(self, key):
        if isinstance(key, str) and "/" in key:
            node, last = self._ivy_parent(key)
            try:
                dict.__delitem__(node, last)
            except KeyError:
                raise KeyError(key) from None
        else:
            dict.__delitem__(self, key)

    def __contains__(self, key):
        try:
            self[key]
        except KeyError:
            return False
        return True

    def get(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            return default

    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None

    def __setattr__(self, name, value):
        self[name] = value

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
                if not dict.__contains__(node, part):
                    Container._ivy_insert(node, part, cls())
                node = dict.__getitem__(node, part)
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
        # trailing optional parameters (Rust `Option<..>`) default to None, as Ivy's do
        optional = {p["name"] for p in rust if p["ty"].replace(" ", "").startswith("Option<")}
        for i in reversed(range(len(params))):
            if params[i][0] not in optional:
                break
            params[i] = (params[i][0], "posonly", None)
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

    # where each parameter goes in the op's call: Rust positional params by index, Rust
    # keywords by name, `out`, and standard parameters the op lacks ("extra": passed only
    # when not at their default, so the op says what it does with them)
    positional = [p["name"] for p in rust if not p["keyword"]]
    keywords = [p["name"] for p in rust if p["keyword"]]

    def target(n):
        r = rust_of(n)
        if r in positional:
            return ("pos", positional.index(r))
        if r in keywords:
            return ("kw", r)
        if n == "out" and op["has_out"]:
            return ("out",)
        return ("extra", n)

    order = {"posonly": 0, "pos": 1, "var": 2, "kwonly": 3}
    params.sort(key=lambda t: order[t[1]])
    kinds = {
        "posonly": _inspect.Parameter.POSITIONAL_ONLY,
        "pos": _inspect.Parameter.POSITIONAL_OR_KEYWORD,
        "var": _inspect.Parameter.VAR_POSITIONAL,
        "kwonly": _inspect.Parameter.KEYWORD_ONLY,
    }
    short = public_name.split(".")[-1]
    sig = _inspect.Signature(
        [
            _inspect.Parameter(
                _py_name(n), kinds[kind], default=_inspect.Parameter.empty if d is _NO else d
            )
            for n, kind, d in params
        ]
    )
    plan = [(_py_name(n), int(kinds[kind]), d, target(n)) for n, kind, d in params]
    # the standard's result type, read from its description: a namedtuple or a list
    returns = spec["returns"] if spec else ""
    post = None
    if returns.startswith("namedtuple ("):
        fields = returns[returns.index("(") + 1 : returns.index(")")].replace(" ", "").split(",")
        result_type = _collections.namedtuple(f"{short}_result", fields)
        post = lambda r, t=result_type: t(*r)  # noqa: E731
    elif returns.startswith("List["):
        post = list
    # the op resolved once, the arguments bound in Rust: a call runs no Python code. The
    # function is a builtin (CPython's vectorcall convention: no argument tuple per call);
    # its signature is read from the text signature, so that must give `sig` back
    bound = _ivy_rs._Function(short, op["name"], plan, _NO, post)
    f = bound.builtin(f"{short}{sig}", _docstring(op), __name__)
    if _inspect.signature(f) != sig:
        raise ValueError(f"the text signature {short}{sig} reads back as {_inspect.signature(f)}")
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


def _extension(prefix):
    """The standard's extension namespace ``prefix`` (``linalg``, ``fft``): each of its
    functions that the op table has (``linalg.solve`` is the op ``solve``, ``linalg.matmul``
    the core ``matmul``), with the extension's own signature. Functions the table lacks are
    absent, so ``hasattr`` tells what is there."""
    import types

    module = types.ModuleType(f"{__name__}.{prefix}", f"The Array API's {prefix} extension.")
    for name in _SPEC:
        if name.startswith(prefix + "."):
            short = name[len(prefix) + 1:]
            op = _OPS.get(short)
            if op is not None and op["callable"]:
                try:
                    setattr(module, short, _make(op, name))
                except Exception as err:  # pragma: no cover - reported, never silently missing
                    raise RuntimeError(f"ivy_rs: cannot make `{name}` from the op table: {err}") from err
    return module


linalg = _extension("linalg")
fft = _extension("fft")




def _container_operators():
    """Container's arithmetic, bitwise and ordering operators: the nestable ops, leaf by leaf
    (``c + 1``, ``1 - c``, ``c @ d``, ``-c``), and ``==``/``!=`` as Ivy's: Containers of bool
    arrays (``equal``, ``not_equal``), so a Container is unhashable."""
    binary = {
        "add": "add", "sub": "subtract", "mul": "multiply", "truediv": "divide",
        "floordiv": "floor_divide", "mod": "remainder", "pow": "pow", "matmul": "matmul",
        "and": "bitwise_and", "or": "bitwise_or", "xor": "bitwise_xor",
        "lshift": "bitwise_left_shift", "rshift": "bitwise_right_shift",
    }
    for dunder, name in binary.items():
        f = _FUNCTIONS[name]
        setattr(Container, f"__{dunder}__", lambda self, other, f=f: f(self, other))
        setattr(Container, f"__r{dunder}__", lambda self, other, f=f: f(other, self))
    for dunder, name in {"lt": "less", "le": "less_equal", "gt": "greater",
                         "ge": "greater_equal", "eq": "equal", "ne": "not_equal"}.items():
        f = _FUNCTIONS[name]
        setattr(Container, f"__{dunder}__", lambda self, other, f=f: f(self, other))
    for dunder, name in {"neg": "negative", "pos": "positive", "abs": "abs",
                         "invert": "bitwise_invert"}.items():
        f = _FUNCTIONS[name]
        setattr(Container, f"__{dunder}__", lambda self, f=f: f(self))
    Container.__hash__ = None


_container_operators()


def _instance_methods():
    """Ivy's instance methods, made from the op table as the functions are: every op whose
    first parameter is an array (or an array-or-scalar operand, or an index array) is a
    method of ``Array`` with the array as ``self`` (``x.sum(axis=0)`` is ``sum(x, axis=0)``),
    the rule the Rust ``Array`` methods follow; a nestable one is also a method of
    ``Container`` (``c.exp()``, leaf by leaf). Attributes the classes have already (the
    standard's ``shape``, ``dtype``, ``device``, ``to_device``, dict's ``copy``, ``get``, ...)
    are kept. Each method is a method descriptor calling the op's builtin: ``x.exp()`` costs
    what ``exp(x)`` does."""
    receivers = {"Array", "Operand", "Index"}
    taken = {Array: set(dir(Array)), Container: set(dir(Container))}
    made = {Array: [], Container: []}
    for name, f in _FUNCTIONS.items():
        op = _OPS.get(name)
        bound = getattr(f, "__self__", None)
        if op is None or op["category"] == "nest" or not isinstance(bound, _ivy_rs._Function):
            continue
        positional = [p for p in op["params"] if not p["keyword"]]
        if not positional or positional[0]["kind"] not in receivers:
            continue
        params = list(_inspect.signature(f).parameters.values())
        if not params or params[0].name.rstrip("_") != positional[0]["name"]:
            continue  # the Python signature's first parameter is not the receiver
        self_param = _inspect.Parameter("self", _inspect.Parameter.POSITIONAL_ONLY)
        sig = _inspect.signature(f).replace(parameters=[self_param] + params[1:])
        text = f"{name}{sig}".replace(f"{name}(self", f"{name}($self", 1)
        for cls in (Array, Container):
            if name in taken[cls] or (cls is Container and not op["nestable"]):
                continue
            try:
                method = bound.method(cls, text, f.__doc__ or "")
            except ValueError:
                # the native slots are spent (the package imported again: `importlib.reload`
                # makes a new Container class): a Python method, the same call, slower
                method = _python_method(f, name, sig)
            setattr(cls, name, method)
            made[cls].append(name)
    return made


def _python_method(f, name, sig):
    def method(self, /, *args, **kwargs):
        return f(self, *args, **kwargs)

    method.__name__ = method.__qualname__ = name
    method.__doc__ = f.__doc__
    method.__signature__ = sig
    return method


_METHODS = _instance_methods()  # the methods each class got, by name


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
    if not hasattr(x, "__dlpack__"):
        raise TypeError(f"from_dlpack: a DLPack producer (an object with __dlpack__) is needed, got {type(x).__name__}")
    return asarray(numpy.from_dlpack(x))  # noqa: F821 - made from the op table


class _Info:
    """What ``__array_namespace_info__()`` returns."""

    def capabilities(self):
        return {"boolean indexing": True, "data-dependent shapes": True, "max dimensions": None}

    def default_device(self):
        return "cpu"

    def devices(self):
        return ["cpu"]

    def _device(self, device):
        # numpy's rule: an unknown device is a ValueError, not an answer for the cpu
        if device is not None and device not in self.devices():
            raise ValueError(f"device {device!r} is not one of ivy_rs's devices {self.devices()}")

    def default_dtypes(self, *, device=None):
        self._device(device)
        # what ivy-rs infers for Python numbers, on the current backend (the defaults are
        # ivy's settings, not constants); None where the backend holds no such dtype
        return {
            "real floating": _inferred(0.0),
            "complex floating": _inferred(0j),
            "integral": _inferred(0),
            "indexing": _inferred_index(),
        }

    def dtypes(self, *, device=None, kind=None):
        self._device(device)
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
