#!/usr/bin/env python3
# requires: numpy==2.1.3
"""Generates the numpy golden vectors of ivy-rs: ``spec/golden/<op>.json``, one file per op.

Run from anywhere (``pip install numpy==2.1.3`` first):

- ``python3 scripts/golden.py`` writes every ``spec/golden/<op>.json``;
- ``python3 scripts/golden.py OP [OP ...]`` writes the files of these ops only (an unknown
  name is an error that lists the known ones);
- ``python3 scripts/golden.py multi_head_attention`` writes ``spec/golden_attention.json``
  (``FILES`` of ``golden_layers.py``). Files outside ``spec/golden/`` are written only when
  named: their float64 matmuls' last digits depend on the CPU, so a plain run leaves them.

The output is deterministic (every random draw comes from a generator seeded by the op's
name), so regenerating with the pinned numpy gives byte-identical files. The Rust test
``tests/tests/suite/golden.rs`` reads only these JSON files: running it needs no Python.

Reference values
----------------
numpy computes every expected value. Where numpy has no such dtype or no such loop:
- bfloat16: numpy has none. Inputs are exact bfloat16 values; transcendental results are
  computed in float64 and rounded by hand to bfloat16 (round to nearest, ties to even), and
  arithmetic is computed in float32 and rounded to bfloat16 (what `half::bf16` does), both in
  this script (``bf16_round``);
- transcendental functions (tan, sin, cos, sinh, cosh, tanh, log, exp, softplus) of
  float16, bfloat16, float32 and complex64 are computed in float64 (complex128) and rounded once to the result dtype: a
  correctly rounded reference that does not depend on which SIMD kernel numpy picks for the
  CPU; float64 and complex128 results are numpy's own;
- softplus is ``np.logaddexp(0, x)``; complex softplus is ``log(1 + exp(z))`` (numpy's
  logaddexp has no complex loop);
- predicates (isnan, isinf, isfinite, signbit) and comparisons (equal, not_equal, less,
  less_equal, greater, greater_equal) are numpy's own bool results; comparisons of two
  integer dtypes (int64 with uint64, an int scalar outside the array's dtype) are exact in
  numpy 2, and in ivy-rs;
- cross_entropy is Ivy's definition written in numpy:
  ``-sum(log(clip(pred, eps, 1 - eps)) * true, axis)``, with the bounds converted to pred's
  dtype and every step in Ivy's dtype (the log in float64 rounded to the dtype).

Ivy's deliberate differences from numpy (see the README's rules and the ops' docs) are
encoded per case (among them the Array API's complex special cases that numpy does not
follow, ``STANDARD_COMPLEX``; the ``standard`` complex cases hold the conditions of the
standard's complex special cases): such a case carries ``"ivy_differs": "<reason>"``, its ``expected`` is
Ivy's answer (still computed with numpy, by Ivy's rule) and ``"numpy"`` holds numpy's own
answer (a result, or the error numpy raises) for the record.

JSON format
-----------
A file: ``{"op": NAME, "numpy": VERSION, "about": TEXT, "reasons": {KEY: TEXT},
"cases": [CASE, ...]}``, one case per line. ``reasons`` holds the texts that cases refer to
by key (they repeat across cases). A CASE:

- ``"id"``: unique within the file (``"float32/edge"``, ``"mixed/int8+uint8"``);
- ``"args"``: the positional arguments, in the op's order, each an ARG;
- ``"kwargs"`` (optional, default none): keyword arguments, ``{name: ARG}``;
- ``"expected"``: a RESULT;
- ``"tol"`` (optional, default ``"exact"``): the tolerance class: ``"exact"``,
  ``"transcendental"``, ``"sum"`` (with ``"atol"``, an absolute bound for float results:
  n·eps·Σ|xᵢ| over the reduced elements); the ULP table is in
  ``tests/tests/suite/golden.rs``;
- optional ``"signed_zeros": false``: +0.0 and -0.0 compare equal (default: a zero's sign
  must match);
- optional ``"ivy_differs"`` (a reason key) and ``"numpy"`` (numpy's own answer), see above;
- optional ``"note"`` (a reason key): a remark (numpy rejects it too, wrapping, …);
- optional ``"backend_differs": {BACKEND: {"reason": KEY, "expected"?: RESULT,
  "tol"?: CLASS}}``: a documented per-backend behaviour (a promotion to a dtype the backend
  cannot hold);
- optional ``"xfail": {BACKEND: TEXT}``: a suspected ivy-rs bug (``expected`` is numpy's,
  the right answer); the test prints the mismatch without failing, and fails once the case
  passes so that the marker (``XFAIL`` below) gets removed.

An ARG is one of ``{"array": ARRAY}``, ``{"int": N}``, ``{"float": X}``, ``{"bool": B}``,
``{"complex": [RE, IM]}``, ``{"dtype": NAME}``, ``{"ints": [N, ...]}`` (a shape or axes),
``{"list": [ARG, ...]}`` (nested data, several arrays), ``{"str": TEXT}`` or
``{"none": null}``.

An ARRAY is ``{"dtype": NAME, "shape": [..], "values": [..]}``, values flat in row-major
order: floats as strings, ``"nan"``, ``"inf"``, ``"-inf"`` or the shortest decimal that a
correctly rounding parser turns back into exactly the value — parsed as a binary32 for
float32 and complex64 data (``"0.1"`` is float32's 0.1), as a binary64 otherwise (float16
and bfloat16 values are exact binary64 values: ``"0.0999755859375"``); strings because
serde_json's default number parsing is not correctly rounded. Complex values are
``[re, im]`` pairs of such strings; ints are JSON ints (uint64 up to 2**64 - 1); bools
true/false. A ``{"float": X}`` argument (a Python float) holds a binary64 string.

A RESULT is an ARRAY, ``{"list": [RESULT, ...]}`` (ops returning several arrays) or
``{"error": VARIANT}``: the call fails with that ``ivy::Error`` variant.
"""

import json
import math
import os
import sys
import warnings
import zlib
from pathlib import Path

import numpy as np

NUMPY_VERSION = "2.1.3"
assert np.__version__ == NUMPY_VERSION, (
    f"numpy {np.__version__} found; this script pins numpy=={NUMPY_VERSION} "
    f"(pip install numpy=={NUMPY_VERSION})"
)

# numpy warns about the edge values on purpose here (overflow, NaN casts, complex → real)
warnings.simplefilter("ignore")

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "spec", "golden")

INTS = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]
REALS = ["float16", "bfloat16", "float32", "float64"]
COMPLEX = ["complex64", "complex128"]
ALL = INTS + REALS + COMPLEX + ["bool"]
NAN, INF = float("nan"), float("inf")

# Suspected ivy-rs bugs: (op, case id) -> {backend: reason}, each marked xfail in the data
# (none today: each one found was fixed at its source).
XFAIL = {
}


# ------------------------------------------------------------------ bfloat16 and rounding


def bf16_round(v):
    """The bfloat16 value nearest to `v` (a float, or an int rounded exactly), ties to even."""
    if isinstance(v, (int, np.integer)) and not isinstance(v, bool):
        return _bf16_round_int(int(v))
    v = float(v)
    if math.isnan(v) or math.isinf(v) or v == 0.0:
        return v
    m, e = math.frexp(v)  # v = m * 2**e, 0.5 <= |m| < 1
    q = max(e - 8, -133)  # 8 significant bits; subnormal quantum 2**-133
    r = round(v / 2.0**q) * 2.0**q  # exact scaling; round() ties to even
    if abs(r) > BF16_MAX:
        return math.copysign(INF, v)
    return math.copysign(r, v) if r == 0 else r


BF16_MAX = (2 - 2**-7) * 2.0**127


def _bf16_round_int(n):
    a = abs(n)
    if a == 0:
        return 0.0
    shift = max(a.bit_length() - 8, 0)
    q, rem = divmod(a, 1 << shift)
    half = (1 << shift) >> 1
    if shift and (rem > half or (rem == half and q & 1)):
        q += 1
    r = float(q << shift) if (q << shift) <= BF16_MAX else INF
    return -r if n < 0 else r


def np_type(d):
    """numpy's type for an Ivy dtype (bfloat16 values are held as float32)."""
    return {"bfloat16": np.float32, "bool": np.bool_}.get(d) or getattr(np, d)


class Arr:
    """An array of an Ivy dtype: `a` is a numpy array (float32 holding bfloat16 values)."""

    def __init__(self, dtype, a):
        self.dtype = dtype
        self.a = np.asarray(a, dtype=np_type(dtype))


def mk(dtype, values, shape=None):
    """An Arr of `dtype` from Python values (rounded to the dtype, bfloat16 by hand)."""
    if dtype == "bfloat16":
        a = np.array([bf16_round(v) for v in np.ravel(np.array(values, dtype=object))],
                     dtype=np.float32)
        a = a.reshape(np.shape(np.array(values, dtype=object)))
    elif dtype in INTS:
        a = np.array([int(v) for v in np.ravel(np.array(values, dtype=object))],
                     dtype=np_type(dtype)).reshape(np.shape(np.array(values, dtype=object)))
    else:
        a = np.array(values, dtype=np_type(dtype))
    if shape is not None:
        a = a.reshape(shape)
    return Arr(dtype, a)


def round_to(dtype, x):
    """`x` (float64/complex128 numpy values) rounded once to `dtype`."""
    x = np.asarray(x)
    if dtype == "bfloat16":
        return Arr(dtype, np.array([bf16_round(v) for v in x.ravel()], np.float32).reshape(x.shape))
    return Arr(dtype, x.astype(np_type(dtype)))


def via_f32_bf16(x32):
    """float32 results rounded to bfloat16 (how `half::bf16` arithmetic rounds)."""
    x32 = np.asarray(x32, np.float32)
    return Arr("bfloat16", np.array([bf16_round(v) for v in x32.ravel()], np.float32).reshape(x32.shape))


def as_float(x: Arr):
    """The values as float64 (complex128 for complex), exactly."""
    if x.dtype in COMPLEX:
        return x.a.astype(np.complex128)
    return x.a.astype(np.float64)


# ------------------------------------------------------------------ JSON encoding


def enc_f(v, single=False):
    """A float as a string: "nan", "inf", "-inf", or the shortest decimal that parses back
    to exactly this value: as a binary32 for float32 / complex64 data (``single``), else as
    a binary64. (Strings, not JSON numbers: serde_json's default number parser is not
    correctly rounded, so a 17-digit number could come back one ULP off.)"""
    v = float(v)
    if math.isnan(v):
        return "nan"
    if math.isinf(v):
        return "inf" if v > 0 else "-inf"
    if single:
        text = str(np.float32(v))
        assert float(np.float32(text)) == v and math.copysign(1, float(text)) == math.copysign(1, v)
        return text
    return repr(v)


def enc_values(x: Arr):
    flat = x.a.ravel()
    single = x.dtype in ("float32", "complex64")
    if x.dtype in COMPLEX:
        return [[enc_f(z.real, single), enc_f(z.imag, single)] for z in flat.tolist()]
    if x.dtype in INTS:
        return [int(v) for v in flat.tolist()]
    if x.dtype == "bool":
        return [bool(v) for v in flat.tolist()]
    return [enc_f(v, single) for v in flat.tolist()]


def enc_array(x: Arr):
    return {"dtype": x.dtype, "shape": list(x.a.shape), "values": enc_values(x)}


def A(x: Arr):
    return {"array": enc_array(x)}


def I(n):
    return {"int": int(n)}


def F(v):
    return {"float": enc_f(v)}


def B(b):
    return {"bool": bool(b)}


def C(re, im):
    return {"complex": [enc_f(re), enc_f(im)]}


def D(name):
    return {"dtype": name}


def INTLIST(v):
    return {"ints": [int(i) for i in v]}


def STR(text):
    return {"str": str(text)}


def LIST(items):
    return {"list": items}


def ERR(variant):
    return {"error": variant}


def np_answer(f):
    """numpy's own answer, for the record: a result, or the error numpy raises."""
    try:
        with np.errstate(all="ignore"):
            r = f()
    except Exception as e:  # noqa: BLE001 - recorded, not raised
        return f"{type(e).__name__}: {e}"
    if isinstance(r, Arr):
        return enc_array(r)
    r = np.asarray(r)
    name = "bool" if r.dtype == np.bool_ else str(r.dtype)
    return enc_array(Arr(name, r))


def case(cid, args, expected, tol="exact", kwargs=None, **extra):
    c = {"id": cid, "args": args}
    if kwargs:
        c["kwargs"] = kwargs
    c["expected"] = enc_array(expected) if isinstance(expected, Arr) else expected
    if tol != "exact":
        c["tol"] = tol
    for k in ("atol", "signed_zeros", "ivy_differs", "numpy", "backend_differs", "note"):
        if k in extra and extra[k] is not None:
            c[k] = extra[k]
    return c


def rng_for(op):
    return np.random.default_rng(zlib.crc32(op.encode()))


def grid(rng, n, lo=-8, hi=8, denom=8):
    """n random multiples of 1/denom in [lo, hi): exact in every float dtype."""
    return (rng.integers(lo * denom, hi * denom, size=n) / denom).tolist()


# ------------------------------------------------------------------ value pools

INT_EDGE = {
    "int8": [0, 1, -1, 127, -128, 5, -100],
    "int16": [0, 1, -1, 32767, -32768, 300, -129],
    "int32": [0, 1, -1, 2**31 - 1, -(2**31), 65537, -1000],
    "int64": [0, 1, -1, 2**63 - 1, -(2**63), 2**40 + 3, -1000],
    "uint8": [0, 1, 2, 255, 128, 7, 200],
    "uint16": [0, 1, 2, 65535, 256, 300, 40000],
    "uint32": [0, 1, 2, 2**32 - 1, 2**31, 65537, 7],
    "uint64": [0, 1, 2, 2**64 - 1, 2**63, 2**40 + 3, 7],
}

FLOAT_EDGE = [0.0, -0.0, 1.0, -1.0, 0.5, 2.0, -3.5, 10.0, NAN, INF, -INF]
FLOAT_EXTRA = {
    "float16": [11.0, 11.125, -17.0, 6e-8, 1.5703125, 3.140625, 1000.0],
    "bfloat16": [88.5, 89.0, -104.0, 1e-40, 1.5703125, 3.140625, 1e30],
    "float32": [88.5, 89.0, -104.0, 1e-40, 1.5707964, 3.1415927, 1e10, 1e30],
    "float64": [709.0, 710.0, -745.0, 1e-310, 1.5707963267948966, math.pi, 1e10, 1e300],
}
COMPLEX_VALUES = [(0.0, 0.0), (1.0, 1.0), (-1.5, 0.5), (0.5, -2.0), (3.0, 0.0), (0.0, 3.0),
                  (-1.5, 0.0), (-1.5, -0.0), (2.0, 10.0)]
COMPLEX_SPECIAL = [(INF, 0.0), (-INF, 0.0), (0.0, INF), (NAN, 0.0), (NAN, NAN), (INF, INF)]
# the conditions of the Array API's complex special cases that COMPLEX_SPECIAL leaves out
COMPLEX_STANDARD = [(-0.0, 0.0), (0.0, NAN), (-0.0, NAN), (1.5, INF), (1.5, NAN), (INF, 2.0),
                    (-INF, 2.0), (INF, -2.0), (-INF, INF), (-INF, NAN), (INF, NAN), (NAN, 2.0),
                    (NAN, INF), (-1.0, 0.0), (1.0, 0.0)]

# The Array API's complex special cases (2023.12, "Special cases" of each element-wise
# function) where numpy 2.1.3 answers otherwise: op -> [((re, im), the standard's result)].
# ivy-rs follows the standard (tests/tests/suite/elementwise.rs checks every case it lists);
# a case holding one of these inputs expects the standard's value and records numpy's.
STANDARD_COMPLEX = {
    # numpy's expm1(x)·cos(y) - 2·sin²(y/2) + i·exp(x)·sin(y) makes NaNs of 0·inf, inf - inf
    "expm1": [((INF, 0.0), (INF, 0.0)), ((NAN, 0.0), (NAN, 0.0)), ((INF, INF), (INF, NAN)),
              ((-INF, INF), (-1.0, 0.0)), ((-INF, NAN), (-1.0, 0.0)), ((INF, NAN), (INF, NAN)),
              ((-0.0, 0.0), (0.0, 0.0)), ((-INF, 2.0), (-1.0, 0.0))],
    # NaN ± πj/2 (numpy, like C99: NaN + NaN j)
    "acosh": [((0.0, NAN), (NAN, math.pi / 2)), ((-0.0, NAN), (NAN, math.pi / 2))],
    # 1 + 0j for every positive finite imaginary part (C99 and numpy: i0·sin(2y))
    "tanh": [((INF, 2.0), (1.0, 0.0)), ((-INF, 2.0), (-1.0, 0.0)), ((INF, -2.0), (1.0, -0.0))],
    # a NaN component gives NaN + NaN j (numpy: ±1 + 0j for ±inf + NaN j, as |z| = inf)
    "sign": [((INF, NAN), (NAN, NAN)), ((-INF, NAN), (NAN, NAN)), ((NAN, INF), (NAN, NAN))],
}
STANDARD_WINS = ("the Array API standard's complex special cases (2023.12), which ivy-rs "
                 "follows where numpy does not (scripts/golden.py STANDARD_COMPLEX)")


def standard_complex(op, x: "Arr", ref: "Arr"):
    """`ref` (numpy's answers for complex `x`) with the standard's values where
    STANDARD_COMPLEX says numpy differs, and the case's ivy_differs/numpy extras (none when
    no element changed)."""
    table = STANDARD_COMPLEX.get(op, [])  # pairs: a dict would merge (0.0, y) and (-0.0, y)
    key = lambda z: (repr(float(z.real)), repr(float(z.imag)))  # noqa: E731 - NaN-safe
    table = {key(complex(*k)): complex(*v) for k, v in table}
    out = ref.a.copy()
    for i, z in enumerate(x.a.ravel().tolist()):
        if key(z) in table:
            out.ravel()[i] = table[key(z)]
    parts = lambda a: np.concatenate([a.real.ravel(), a.imag.ravel()])  # noqa: E731
    u, v = parts(out), parts(ref.a)
    if np.all((np.isnan(u) & np.isnan(v)) | ((u == v) & (np.signbit(u) == np.signbit(v)))):
        return ref, {}
    return Arr(ref.dtype, out), dict(ivy_differs=STANDARD_WINS, numpy=enc_array(ref))


def cx(dtype, pairs, shape=None):
    return mk(dtype, [complex(a, b) for a, b in pairs], shape)


INT_AS_F32 = ("integer and bool inputs are computed in the default float dtype, float32 "
              "(Ivy's superset behaviour); numpy picks float16, float32 or float64 by the "
              "input's width")

# int64 and uint64 inputs of float-only functions compute in float64 (ivy_core::int_float_dtype),
# as numpy and Ivy's jax backend; narrower integers and bools in the default float dtype
WIDE_INTS = ("int64", "uint64")


def int_float(d):
    """The float dtype a float-only function computes integer / bool dtype `d` in."""
    return "float64" if d in WIDE_INTS else "float32"


def int_case_extra(d, npa):
    """A case's ivy_differs/numpy for an integer input computed as a float: none for int64 and
    uint64 (numpy's float64 too)."""
    return {} if d in WIDE_INTS else dict(ivy_differs=INT_AS_F32, numpy=npa)


# ------------------------------------------------------------------ sum

EPS = {"float16": 2.0**-10, "bfloat16": 2.0**-7, "float32": 2.0**-23, "float64": 2.0**-52,
       "complex64": 2.0**-23, "complex128": 2.0**-52}


def sum_atol(x: Arr, axis, out_dtype):
    xf = np.abs(as_float(x))
    n = xf.size if axis is None else int(np.prod([x.a.shape[a] for a in np.atleast_1d(axis)]))
    return float(max(n, 1) * EPS[out_dtype] * (xf.sum() if xf.size else 0.0))


INT_SUM = ("an integer sum is in the standard's dtype: x's, or for a narrower one the default "
           "int / uint dtype (int32 / uint32; bool: int32), and wraps; numpy accumulates in "
           "int64 / uint64 (Ivy 1.0.0.5 keeps x's dtype)")


ACC_INT = ("a float reduction of integers accumulates in float64 and rounds once to the result "
           "dtype (float16/bfloat16 results: in float32); numpy accumulates in the result dtype")


def widen(d):
    """The standard's sum/prod dtype with ivy's defaults (int32, uint32)."""
    return {"bool": "int32", "int8": "int32", "int16": "int32",
            "uint8": "uint32", "uint16": "uint32"}.get(d, d)


def sum_kwargs(axis=None, keepdims=None, dtype=None):
    kw = {}
    if axis is not None:
        kw["axis"] = INTLIST(axis) if isinstance(axis, list) else I(axis)
    if keepdims is not None:
        kw["keepdims"] = B(keepdims)
    if dtype is not None:
        kw["dtype"] = D(dtype)
    return kw


PROMOTE = {("float32", "float32"): "float32", ("float64", "float64"): "float64",
           ("float16", "float16"): "float16", ("bfloat16", "bfloat16"): "bfloat16",
           ("float32", "int32"): "float64", ("float32", "float64"): "float64",
           ("float64", "float32"): "float64", ("float16", "float32"): "float32"}


def _ivy_table():
    """Ivy's default (precise) promotion table, from the spec copy of Ivy's tables."""
    spec = json.loads((Path(__file__).resolve().parent.parent / "spec" / "ivy_promotion_tables.json").read_text())
    t = {}
    for name in ("array_api_promotion_table", "common_extra_promotion_table", "precise_extra_promotion_table"):
        for a, b, r in spec[name]:
            t[(a, b)] = t[(b, a)] = r
    return t


IVY_PROMOTE = _ivy_table()


def promote(a, b):
    return PROMOTE.get((a, b)) or IVY_PROMOTE[(a, b)]


# Source values per dtype (astype, broadcast_to and others draw from them).
ASTYPE_SRC = {
    "int8": [0, 1, -1, 127, -128, 5],
    "int16": [0, 1, -1, 32767, -32768, 300, -129],
    "int32": [0, 1, -1, 2**31 - 1, -(2**31), 65537, 16777217],
    "int64": [0, -1, 2**63 - 1, -(2**63), 2**55 + 2**31 + 1, 2**60 + 2**52 + 1, 16777217],
    "uint8": [0, 1, 255, 128, 7],
    "uint16": [0, 1, 65535, 256, 300],
    "uint32": [0, 1, 2**32 - 1, 2**31, 16777217],
    "uint64": [0, 1, 2**64 - 1, 2**63, 2**63 + 2**39 + 1],
    "float16": [0.0, -0.0, 1.5, -2.5, 65504.0, -65504.0, 6e-8, 300.0, NAN, INF, -INF],
    "bfloat16": [0.0, -0.0, 1.5, -2.5, 3.0e38, -129.0, 1e-40, 300.0, NAN, INF, -INF],
    "float32": [0.0, -0.0, 1.5, -2.5, 300.75, -129.875, 3e9, 1e20, 65520.0, 1e-40, NAN, INF,
                -INF],
    "float64": [-0.0, 1.5, -2.5, 300.75, -129.875, 3e9, 1e300, 0.1, 1e-320, 2.0**63, NAN, INF,
                -INF],
    "complex64": [(1.5, -2.5), (0.0, 1.0), (-300.75, 0.0), (0.0, 0.0), (NAN, 0.0), (0.0, INF)],
    "complex128": [(1.5, -2.5), (0.0, 1.0), (-300.75, 0.0), (0.0, 0.0), (1e300, 1e-300),
                   (NAN, 0.0)],
    "bool": [True, False],
}


def shape_arg(s):
    return INTLIST(s)


def clip_ref(x: Arr, lo, hi):
    """Ivy's clip: bounds converted to x's dtype (as astype converts; for an integer x a
    float bound rounded inwards first: the lower one up, the upper one down), then numpy's
    clip."""
    d = x.dtype
    if d in INTS:
        info = np.iinfo(np_type(d))
        cv = lambda b, r: int(min(max(r(b), info.min), info.max)) if math.isfinite(b) else (
            info.max if b > 0 else info.min)
        lo_c, hi_c = cv(lo, math.ceil), cv(hi, math.floor)
        return Arr(d, np.clip(x.a, np_type(d)(lo_c), np_type(d)(hi_c)))
    if d == "bfloat16":
        lo_c, hi_c = bf16_round(lo), bf16_round(hi)
        return Arr(d, np.clip(x.a, np.float32(lo_c), np.float32(hi_c)))
    t = np_type(d)
    with np.errstate(all="ignore"):
        return Arr(d, np.clip(x.a, t(lo), t(hi)))


def sum_expected(x: Arr, axis=None, keepdims=False, dtype=None):
    """ivy's sum: in `dtype`, else the standard's widened dtype."""
    d = dtype or widen(x.dtype)
    ax = tuple(axis) if isinstance(axis, list) else axis
    if d == "bfloat16":
        r = np.sum(x.a.astype(np.float64), axis=ax, keepdims=keepdims)
        return round_to(d, r)
    src = x.a
    if d in INTS and x.dtype in REALS:  # float -> int: saturating `as` first (finite here)
        src = np.trunc(src)
    with np.errstate(all="ignore"):
        if d in ("float16", "float32", "complex64"):
            # reference: accumulate in float64 / complex128, round once
            wide = np.complex128 if d == "complex64" else np.float64
            return Arr(d, np.asarray(np.sum(src.astype(wide), axis=ax, keepdims=keepdims)).astype(np_type(d)))
        return Arr(d, np.asarray(np.sum(src, axis=ax, keepdims=keepdims, dtype=np_type(d))))


DEFAULT_FLOAT = "the default float dtype is float32 (Ivy's default); numpy's is float64"
DEFAULT_INT = "the default int dtype is int32 (Ivy's default); numpy's is int64"

# ------------------------------------------------------------------ driver

# op -> the numpy call its file records; filled by the generator modules
ABOUT = {}

# op -> function returning its cases; filled by the generator modules (one per family)
GENERATORS = {}


# Files outside spec/golden/ that plug-ins write on request: name -> function writing the
# file and returning its size. Filled from the plug-ins' optional `FILES`.
FILES = {}


def load_plugins():
    """The generator modules beside this file, one per family (`golden_<family>.py`:
    elementwise, statistical, losses, data_type, creation, manipulation, sorting, linalg,
    layers, indexing, inplace): each defines `GENERATORS`
    (op -> function returning cases) and `ABOUT` (op -> the numpy call it records), and
    imports what it needs from this module (`from golden import *`). A plug-in may also
    define `FILES` (name -> writer of a file outside spec/golden/), run only when named.
    Importing a plug-in writes nothing."""
    import glob
    import importlib
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, here)
    for path in sorted(glob.glob(os.path.join(here, "golden_*.py"))):
        m = importlib.import_module(os.path.basename(path)[:-3])
        clash = set(m.GENERATORS) & set(GENERATORS)
        assert not clash, f"{path}: generators already defined: {sorted(clash)}"
        GENERATORS.update(m.GENERATORS)
        ABOUT.update(m.ABOUT)
        extra = getattr(m, "FILES", {})
        clash = set(extra) & (set(FILES) | set(GENERATORS))
        assert not clash, f"{path}: file names already defined: {sorted(clash)}"
        FILES.update(extra)


def slug(text):
    words = [w for w in "".join(ch if ch.isalnum() else " " for ch in text.lower()).split()
             if w not in ("a", "an", "the", "is", "are", "s", "of", "in", "to", "as")]
    return "_".join(words[:4])


def keyed(cases):
    """Replaces the texts of ivy_differs / note / backend_differs reasons by short keys into
    the file's "reasons" table (the texts repeat across cases)."""
    table = {}

    def key(text):
        for k, v in table.items():
            if v == text:
                return k
        k, i = slug(text), 2
        while k in table:
            k, i = f"{slug(text)}_{i}", i + 1
        table[k] = text
        return k

    for c in cases:
        for f in ("ivy_differs", "note"):
            if f in c:
                c[f] = key(c[f])
        for row in c.get("backend_differs", {}).values():
            row["reason"] = key(row["reason"])
    return table


def write(op, cases):
    ids = [c["id"] for c in cases]
    assert len(ids) == len(set(ids)), f"{op}: duplicate case ids"
    for (xop, cid), marks in XFAIL.items():
        if xop == op:
            hit = [c for c in cases if c["id"] == cid]
            assert hit, f"XFAIL names a missing case {op} {cid}"
            hit[0]["xfail"] = marks
    head = {"op": op, "numpy": NUMPY_VERSION,
            "about": f"Golden vectors of `{op}`, computed by {ABOUT[op]} "
                     "(generated by scripts/golden.py: do not edit by hand)",
            "reasons": keyed(cases)}
    lines = [json.dumps(c, separators=(",", ":"), allow_nan=False) for c in cases]
    text = (json.dumps(head, indent=1, ensure_ascii=False)[:-2] + ',\n "cases": [\n'
            + ",\n".join(lines) + "\n ]\n}\n")
    with open(os.path.join(OUT, f"{op}.json"), "w", encoding="utf-8", newline="\n") as fh:
        fh.write(text)
    return len(text)


def main():
    load_plugins()
    os.makedirs(OUT, exist_ok=True)
    total = 0
    only = sys.argv[1:]
    unknown = sorted(set(only) - set(GENERATORS) - set(FILES))
    if unknown:
        sys.exit(f"golden.py: unknown op(s) {', '.join(unknown)}; known: "
                 f"{', '.join(sorted(GENERATORS))}; on request: {', '.join(sorted(FILES))}")
    ops = [op for op in sorted(GENERATORS) if not only or op in only]
    for op in ops:
        total += write(op, GENERATORS[op]())
    extra = [name for name in sorted(FILES) if name in only]
    for name in extra:
        total += FILES[name]()
    also = "".join(f" and the {name} file" for name in extra)
    print(f"wrote {len(ops)} files to {os.path.normpath(OUT)}{also} ({total} bytes)")


if __name__ == "__main__":
    main()
