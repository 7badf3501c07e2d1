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

# ------------------------------------------------------------------ unary float ops

UNARY = {
    "tan": np.tan,
    "sin": np.sin,
    "cos": np.cos,
    "sinh": np.sinh,
    "cosh": np.cosh,
    "tanh": np.tanh,
    "log": np.log,
    "exp": np.exp,
}


def ref_unary(f, x: Arr, out_dtype):
    with np.errstate(all="ignore"):
        return round_to(out_dtype, f(as_float(x)))


def gen_unary(op):
    f = UNARY[op]
    rng = rng_for(op)
    cases = []
    for d in REALS:
        x = mk(d, FLOAT_EDGE + FLOAT_EXTRA[d])
        cases.append(case(f"{d}/edge", [A(x)], ref_unary(f, x, d), "transcendental"))
        x = mk(d, grid(rng, 8, -6, 6, 16), (2, 4))
        cases.append(case(f"{d}/random", [A(x)], ref_unary(f, x, d), "transcendental"))
    for d in COMPLEX:
        x = cx(d, COMPLEX_VALUES)
        cases.append(case(f"{d}/values", [A(x)], ref_unary(f, x, d), "transcendental"))
        for cid, pool in (("special", COMPLEX_SPECIAL), ("standard", COMPLEX_STANDARD)):
            x = cx(d, pool)
            r, extra = standard_complex(op, x, ref_unary(f, x, d))
            cases.append(case(f"{d}/{cid}", [A(x)], r, "transcendental", **extra))
    for d in INTS + ["bool"]:
        x = mk(d, [True, False] if d == "bool" else INT_EDGE[d])
        fd = int_float(d)
        xf = Arr(fd, x.a.astype(np_type(fd)))
        cases.append(case(f"{d}/as_{fd}", [A(x)], ref_unary(f, xf, fd), "transcendental",
                          **int_case_extra(d, np_answer(lambda: f(x.a)))))
    x = mk("float32", 0.5)
    cases.append(case("float32/0d", [A(x)], ref_unary(f, x, "float32"), "transcendental"))
    x = mk("float32", np.zeros((0, 3)))
    cases.append(case("float32/empty", [A(x)], ref_unary(f, x, "float32"), "transcendental"))
    return cases


def gen_negative():
    cases = []
    for d in REALS:
        x = mk(d, FLOAT_EDGE + FLOAT_EXTRA[d])
        cases.append(case(f"{d}/edge", [A(x)], Arr(d, -x.a)))
    for d in COMPLEX:
        x = cx(d, COMPLEX_VALUES + COMPLEX_SPECIAL)
        cases.append(case(f"{d}/values", [A(x)], Arr(d, -x.a)))
    for d in INTS:
        x = mk(d, INT_EDGE[d])
        with np.errstate(all="ignore"):
            r = Arr(d, np.negative(x.a))
        cases.append(case(f"{d}/wrap", [A(x)], r,
                          note="integer negation wraps (-min == min; unsigned: 2**n - x)"))
    x = mk("bool", [True, False])
    cases.append(case("bool/unsupported", [A(x)], ERR("UnsupportedDtype"),
                      note="numpy rejects negative on bool too",
                      numpy=np_answer(lambda: np.negative(x.a))))
    x = mk("int32", np.arange(6).reshape(2, 3) - 3)
    cases.append(case("int32/2d", [A(x)], Arr("int32", -x.a)))
    return cases


# ------------------------------------------------------------------ softplus


def softplus_ref(x: Arr, out_dtype):
    xf = as_float(x)
    with np.errstate(all="ignore"):
        if x.dtype in COMPLEX:
            return round_to(out_dtype, np.log(1 + np.exp(xf)))
        return round_to(out_dtype, np.logaddexp(0, xf))


def gen_softplus():
    rng = rng_for("softplus")
    cases = []
    for d in REALS:
        for cid, vals in (("edge", FLOAT_EDGE + FLOAT_EXTRA[d] + [-20.0, 20.0, 100.0]),
                          ("random", grid(rng, 8, -12, 12, 8))):
            x = mk(d, vals)
            cases.append(case(f"{d}/{cid}", [A(x)], softplus_ref(x, d), "transcendental"))
    for d in COMPLEX:
        x = cx(d, COMPLEX_VALUES)
        cases.append(case(f"{d}/values", [A(x)], softplus_ref(x, d), "transcendental",
                          note="numpy's logaddexp has no complex loop: reference log(1 + exp(z))"))
    for d in INTS + ["bool"]:
        x = mk(d, [True, False] if d == "bool" else INT_EDGE[d][:3] + [5, 100])
        fd = int_float(d)
        xf = Arr(fd, x.a.astype(np_type(fd)))
        cases.append(case(f"{d}/as_{fd}", [A(x)], softplus_ref(xf, fd), "transcendental",
                          **int_case_extra(d, np_answer(lambda: np.logaddexp(0, x.a)))))
    return cases


# ------------------------------------------------------------------ gelu

# pi to 50 digits: the tanh form's sqrt(2/pi), in Decimal
_PI50 = "3.14159265358979323846264338327950288419716939937510"


def gelu_exact_ref(v):
    """x * Phi(x) = x/2 * erfc(-x/sqrt(2)) for one float64 `v`, to ~1 ULP of float64: the
    rounding of -x/sqrt(2) is corrected to first order (math.erfc is ~1 ULP; in the negative
    tail the argument's rounding alone would cost |x|^2 ULP)."""
    from decimal import Decimal, localcontext
    if not math.isfinite(v):
        return v if v > 0 or math.isnan(v) else -0.0  # the limit at -inf
    zf = -v / math.sqrt(2.0)
    e = math.erfc(zf)
    if e == 0.0:
        return v * 0.0
    with localcontext() as ctx:
        ctx.prec = 50
        delta = Decimal(-v) / Decimal(2).sqrt() - Decimal(zf)
        r = Decimal(2.0 / math.sqrt(math.pi) * math.exp(-zf * zf) / e)
        return float(Decimal(v) * Decimal(e) * (1 - delta * r) / 2)


def gelu_tanh_ref(v):
    """x/2 * (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))) = x * sigmoid(2u) for one float64 `v`,
    in 50-digit Decimal (no cancellation, no rounding of the polynomial)."""
    from decimal import Decimal, localcontext
    if not math.isfinite(v):
        return v if v > 0 or math.isnan(v) else -0.0  # the limit at -inf
    if abs(v) > 1e60:
        return v if v > 0 else v * 0.0
    with localcontext() as ctx:
        ctx.prec = 50
        x = Decimal(v)
        w = 2 * (2 / Decimal(_PI50)).sqrt() * (x + Decimal("0.044715") * x * x * x)
        if w >= 0:
            sg = 1 / (1 + (-w).exp())
        else:
            ew = w.exp()
            sg = ew / (1 + ew)
        return float(x * sg)


GELU_TAIL = [-3.25, -4.0, -5.5, -7.0, -8.25, -9.5, -10.0, -20.0, -38.0, -41.0, 30.0, 1e4]
GELU_F64 = ("float64: one case per value, within 4 ULP or 4 (1 + cond) eps |e|, cond = "
            "|x g'(x) / g(x)| the relative condition number (about x^2 in the negative tail, "
            "where any float64 evaluation from a rounded x is off by that much)")


def gelu_cond(v, approx):
    """|x g'(x) / g(x)|, the relative condition number of gelu at `v` (float64, approximate)."""
    if not math.isfinite(v) or v == 0.0 or abs(v) > 1e60:
        return 1.0
    if approx:
        c = math.sqrt(2.0 / math.pi)
        w = 2 * c * (v + 0.044715 * v ** 3)
        s = 1 / (1 + math.exp(-w)) if w > -700 else 0.0
        return abs(1 + v * (1 - s) * 2 * c * (1 + 3 * 0.044715 * v * v))
    big_phi = math.erfc(-v / math.sqrt(2.0)) / 2
    if big_phi == 0.0:
        return v * v
    return abs(1 + v * math.exp(-v * v / 2) / math.sqrt(2 * math.pi) / big_phi)


def gen_gelu():
    rng = rng_for("gelu")
    cases = []
    eps64 = float(np.finfo(np.float64).eps)
    for approx, ref in ((False, gelu_exact_ref), (True, gelu_tanh_ref)):
        kw = {"approximate": B(approx)}
        form = "tanh" if approx else "exact"
        for d in REALS:
            for cid, vals in (("edge", FLOAT_EDGE + FLOAT_EXTRA[d] + GELU_TAIL),
                              ("random", grid(rng, 12, -10, 10, 8))):
                x = mk(d, vals)
                r = np.array([ref(float(v)) for v in x.a.astype(np.float64).ravel()])
                if d != "float64":
                    cases.append(case(f"{form}/{d}/{cid}", [A(x)], round_to(d, r),
                                      "transcendental", kwargs=kw))
                    continue
                for i, (v, e) in enumerate(zip(x.a.ravel().tolist(), r.tolist())):
                    atol = 4 * (1 + gelu_cond(v, approx)) * eps64 * abs(e) if math.isfinite(e) else 0.0
                    cases.append(case(f"{form}/float64/{cid}/{i}", [A(mk(d, [v]))],
                                      Arr("float64", np.array([e])), "sum", kwargs=kw,
                                      atol=atol, note=GELU_F64 if i == 0 else None))
        for d in ("int8", "int64", "uint8"):
            x = mk(d, INT_EDGE[d][:3] + ([5] if d == "uint8" else [5, -4]))
            fd = int_float(d)
            r = np.array([ref(float(v)) for v in x.a.ravel()])
            cases.append(case(f"{form}/{d}/as_{fd}", [A(x)], round_to(fd, r), "sum",
                              kwargs=kw, atol=float(np.max(np.abs(r))) * 4 * 10 * eps64,
                              note="integers are computed in the default float dtype (float64 "
                                   "for int64 and uint64; float64's tolerance as above)"))
        cases.append(case(f"{form}/bool/unsupported", [A(mk("bool", [True, False]))],
                          ERR("UnsupportedDtype"), kwargs=kw, note="Ivy's gelu takes real numbers"))
        x = cx("complex64", COMPLEX_VALUES)
        cases.append(case(f"{form}/complex64/unsupported", [A(x)], ERR("UnsupportedDtype"),
                          kwargs=kw, note="Ivy's complex_mode is not taken: complex inputs are "
                                          "refused"))
    x = mk("float32", [-1.5, 0.5])
    cases.append(case("float32/default_exact", [A(x)],
                      round_to("float32", np.array([gelu_exact_ref(v) for v in (-1.5, 0.5)])),
                      "transcendental"))
    return cases


# ------------------------------------------------------------------ binary ops

BIN_REAL_X1 = [0.0, -0.0, 1.5, -2.25, INF, INF, -INF, NAN, 3e38, 1e-45, 7.0, -0.0, 0.0, 5.0]
BIN_REAL_X2 = [0.0, 0.0, -0.75, 4.0, INF, -INF, 2.0, 1.0, 3e38, 0.5, 0.0, -0.0, -0.0, NAN]
BIN_F16_SUB = {3e38: 60000.0, 1e-45: 6e-8}

BIN_INT = {
    "int8": ([0, 1, -1, 127, -128, 127, 7, -100, 100], [0, 1, 1, 1, -1, 127, -3, 3, -2]),
    "int16": ([0, 1, -1, 32767, -32768, 32767, 7, -100, 300], [0, 1, 1, 1, -1, 32767, -3, 3, 200]),
    "int32": ([0, 1, -1, 2**31 - 1, -(2**31), 2**31 - 1, 7, -100, 65536],
              [0, 1, 1, 1, -1, 2**31 - 1, -3, 3, 65536]),
    "int64": ([0, 1, -1, 2**63 - 1, -(2**63), 2**63 - 1, 7, -100, 2**32],
              [0, 1, 1, 1, -1, 2**63 - 1, -3, 3, 2**32]),
    "uint8": ([0, 1, 2, 255, 0, 255, 7, 100, 16], [0, 1, 1, 1, 1, 255, 3, 200, 16]),
    "uint16": ([0, 1, 2, 65535, 0, 65535, 7, 100, 256], [0, 1, 1, 1, 1, 65535, 3, 200, 256]),
    "uint32": ([0, 1, 2, 2**32 - 1, 0, 2**32 - 1, 7, 100, 65536],
               [0, 1, 1, 1, 1, 2**32 - 1, 3, 200, 65536]),
    "uint64": ([0, 1, 2, 2**64 - 1, 0, 2**64 - 1, 7, 100, 2**32],
               [0, 1, 1, 1, 1, 2**64 - 1, 3, 200, 2**32]),
}

BIN_NP = {
    "add": np.add, "subtract": np.subtract, "multiply": np.multiply, "divide": np.divide,
    "maximum": np.maximum, "minimum": np.minimum,
}

MAXMIN_ZERO = ("the sign of a zero maximum/minimum of +0.0 and -0.0 is left to the "
               "implementation (Array API): numpy returns x2, Ivy x1")

INT_DIVIDE = ("integer and bool operands divide in the default float dtype, float32: "
              "float32(x1) / float32(x2) (the op's doc); numpy divides in float64")


def binary_ref(op, x1: Arr, x2: Arr, out_dtype):
    """numpy's `op` of two arrays (or numpy scalars) computed in `out_dtype`."""
    f = BIN_NP[op]
    with np.errstate(all="ignore"):
        if out_dtype == "bfloat16":
            return via_f32_bf16(f(x1.a.astype(np.float32), x2.a.astype(np.float32)))
        t = np_type(out_dtype)
        return Arr(out_dtype, np.asarray(f(x1.a.astype(t), x2.a.astype(t))).astype(t))


def gen_binary(op):
    f = BIN_NP[op]
    rng = rng_for(op)
    maxmin = op in ("maximum", "minimum")
    sz = {"signed_zeros": False} if maxmin else {}
    note = MAXMIN_ZERO if maxmin else None
    cases = []
    # one dtype, every edge pair
    for d in REALS:
        v1 = [BIN_F16_SUB.get(v, v) for v in BIN_REAL_X1] if d == "float16" else BIN_REAL_X1
        v2 = [BIN_F16_SUB.get(v, v) for v in BIN_REAL_X2] if d == "float16" else BIN_REAL_X2
        x1, x2 = mk(d, v1), mk(d, v2)
        cases.append(case(f"{d}/edge", [A(x1), A(x2)], binary_ref(op, x1, x2, d), note=note, **sz))
        x1, x2 = mk(d, grid(rng, 6), (2, 3)), mk(d, grid(rng, 6), (2, 3))
        cases.append(case(f"{d}/random", [A(x1), A(x2)], binary_ref(op, x1, x2, d)))
    for d in COMPLEX:
        p1 = [(1.0, 2.0), (-1.5, 0.5), (0.0, 0.0), (3.0, -4.0), (2.0, 1.0), (1.0, 2.0), (NAN, 0.0)]
        p2 = [(0.5, -1.0), (2.0, 0.0), (1.0, 1.0), (3.0, 4.0), (2.0, 3.0), (1.0, 2.0), (1.0, 1.0)]
        x1, x2 = cx(d, p1), cx(d, p2)
        cases.append(case(f"{d}/values", [A(x1), A(x2)], binary_ref(op, x1, x2, d),
                          note="complex numbers compare lexicographically (re, im), as numpy"
                          if maxmin else None))
    for d in INTS:
        v1, v2 = BIN_INT[d]
        x1, x2 = mk(d, v1), mk(d, v2)
        if op == "divide":
            fd = int_float(d)
            r = binary_ref(op, Arr(fd, x1.a.astype(np_type(fd))),
                           Arr(fd, x2.a.astype(np_type(fd))), fd)
            extra = {} if d in WIDE_INTS else dict(ivy_differs=INT_DIVIDE,
                                                   numpy=np_answer(lambda: f(x1.a, x2.a)))
            cases.append(case(f"{d}/edge", [A(x1), A(x2)], r, **extra))
        else:
            cases.append(case(f"{d}/edge", [A(x1), A(x2)], binary_ref(op, x1, x2, d),
                              note="integer arithmetic wraps, as numpy's"
                              if op in ("add", "subtract", "multiply") else None))
    # bool
    x1, x2 = mk("bool", [True, True, False, False]), mk("bool", [True, False, True, False])
    npa = np_answer(lambda: f(x1.a, x2.a))
    if op in ("maximum", "minimum", "add", "multiply"):
        # add and multiply of bools: logical OR and AND, a bool result (numpy and Ivy)
        cases.append(case("bool/edge", [A(x1), A(x2)], Arr("bool", f(x1.a, x2.a))))
    elif op == "divide":
        r = binary_ref(op, Arr("float32", x1.a.astype(np.float32)),
                       Arr("float32", x2.a.astype(np.float32)), "float32")
        cases.append(case("bool/edge", [A(x1), A(x2)], r,
                          ivy_differs=INT_DIVIDE, numpy=npa))
    elif op == "subtract":
        cases.append(case("bool/unsupported", [A(x1), A(x2)], ERR("UnsupportedDtype"),
                          note="numpy rejects subtract on bool too", numpy=npa))
    else:
        cases.append(case("bool/unsupported", [A(x1), A(x2)], ERR("UnsupportedDtype"),
                          ivy_differs=f"Ivy's {op} does not support bool (ivy support {op}); "
                          f"numpy computes logical {'or' if op == 'add' else 'and'}",
                          numpy=npa))
    # mixed dtypes: Ivy's promotion table (numpy's, where numpy has both dtypes)
    mixed = [
        ("int8", "uint8", "int16"), ("int32", "float32", "float64"),
        ("float16", "float32", "float32"), ("bfloat16", "float16", "float32"),
        ("int64", "uint64", "float64"), ("uint8", "bool", "uint8"),
        ("float32", "complex64", "complex64"), ("int16", "float16", "float32"),
        ("uint16", "int32", "int32"), ("bfloat16", "int8", "bfloat16"),
    ]
    for d1, d2, out in mixed:
        def vals(d):
            if d == "bool":
                return [True, False, True]
            if d in INTS:
                return INT_EDGE[d][1:4] if op not in ("multiply",) else [1, 2, 3]
            if d in COMPLEX:
                return [complex(1, 2), complex(-0.5, 0), complex(0, -3)]
            return [1.5, -2.0, 0.25]
        x1, x2 = mk(d1, vals(d1)), mk(d2, vals(d2))
        if "bfloat16" not in (d1, d2):
            assert str(np.result_type(x1.a, x2.a)) == out, (d1, d2)
        if op == "divide" and out in INTS:
            r = binary_ref(op, Arr("float32", x1.a.astype(np.float32)),
                           Arr("float32", x2.a.astype(np.float32)), "float32")
            cases.append(case(f"mixed/{d1}+{d2}", [A(x1), A(x2)], r,
                              ivy_differs=INT_DIVIDE,
                              numpy=np_answer(lambda: f(x1.a, x2.a))))
            continue
        # promote exactly as Ivy does: cast both to the promoted dtype, then compute there
        p1 = Arr(out, x1.a.astype(np.float32) if out == "bfloat16" else x1.a)
        p2 = Arr(out, x2.a.astype(np.float32) if out == "bfloat16" else x2.a)
        if out == "bfloat16":
            p1, p2 = via_f32_bf16(p1.a), via_f32_bf16(p2.a)
        cases.append(case(f"mixed/{d1}+{d2}", [A(x1), A(x2)], binary_ref(op, p1, p2, out),
                          note="bfloat16 promotion follows Ivy's table (numpy has no bfloat16)"
                          if "bfloat16" in (d1, d2) else None))
    # scalar operands (Python-like scalars: numpy 2's weak scalars)
    scal = [
        ("float32+int", mk("float32", [1.5, -2.0, 0.25]), I(2), 2, None),
        ("float32+float", mk("float32", [1.5, -2.0, 0.25]), F(0.1), 0.1, None),
        ("int8+int", mk("int8", [1, 100, -128]), I(3), 3, None),
        ("uint8+int", mk("uint8", [1, 100, 250]), I(7), 7, None),
        ("int32+float", mk("int32", [1, -7, 2**31 - 1]), F(2.5), 2.5, None),
        ("float16+float_overflow", mk("float16", [1.0, -2.0]), F(1e5), 1e5, None),
        ("float64+int", mk("float64", [1.5, NAN, -INF]), I(-3), -3, None),
        ("bool+int", mk("bool", [True, False]), I(1), 1,
         "an int scalar with a bool array gives the default int dtype, int32 "
         "(Ivy's promote_types_of_inputs); numpy gives int64"),
        ("float32+complex", mk("float32", [1.5, -2.0]), C(1.0, 2.0), complex(1, 2),
         "a complex scalar with a real array gives complex128 (Ivy's _get_target_dtype); "
         "numpy 2 keeps the array's precision (complex64)"),
    ]
    for cid, x, sarg, sval, differs in scal:
        with np.errstate(all="ignore"):
            npr = np.asarray(f(x.a, sval))
        if differs is None:
            if op == "divide" and x.dtype in INTS and isinstance(sval, int):
                r = Arr("float32", f(x.a.astype(np.float32), np.float32(sval)))
                cases.append(case(f"scalar/{cid}", [A(x), sarg], r,
                                  ivy_differs=INT_DIVIDE,
                                  numpy=np_answer(lambda: f(x.a, sval))))
                continue
            exp = Arr(x.dtype if str(npr.dtype) == str(x.a.dtype) else str(npr.dtype), npr)
            cases.append(case(f"scalar/{cid}", [A(x), sarg], exp))
            if cid == "float32+float":
                cases.append(case("scalar/float-float32", [sarg, A(x)],
                                  Arr("float32", f(np.float32(sval), x.a))))
        else:
            target = "int32" if cid == "bool+int" else "complex128"
            t = np_type(target)
            if op == "divide" and target == "int32":
                r = Arr("float32", f(x.a.astype(np.float32), np.float32(sval)))
                differs = INT_DIVIDE + "; " + differs
            else:
                with np.errstate(all="ignore"):
                    r = Arr(target, f(x.a.astype(t), t(sval)))
            cases.append(case(f"scalar/{cid}", [A(x), sarg], r, ivy_differs=differs,
                              numpy=np_answer(lambda: f(x.a, sval))))
    # broadcasting
    shapes = [((2, 3), (3,)), ((2, 1), (1, 3)), ((), (2, 2)), ((0, 3), (3,)), ((4, 1, 2), (3, 1))]
    for d in ("float32", "int32"):
        for s1, s2 in shapes if d == "float32" else shapes[:2]:
            n1, n2 = int(np.prod(s1)), int(np.prod(s2))
            v1 = grid(rng, n1, 1, 9, 4) if d == "float32" else rng.integers(1, 9, n1).tolist()
            v2 = grid(rng, n2, 1, 9, 4) if d == "float32" else rng.integers(1, 9, n2).tolist()
            x1, x2 = mk(d, v1, s1), mk(d, v2, s2)
            cid = f"broadcast/{d}/{'x'.join(map(str, s1)) or '0d'}+{'x'.join(map(str, s2))}"
            if op == "divide" and d == "int32":
                r = binary_ref(op, Arr("float32", x1.a.astype(np.float32)),
                               Arr("float32", x2.a.astype(np.float32)), "float32")
                cases.append(case(cid, [A(x1), A(x2)], r,
                                  ivy_differs=INT_DIVIDE,
                                  numpy=np_answer(lambda: f(x1.a, x2.a))))
            else:
                cases.append(case(cid, [A(x1), A(x2)], binary_ref(op, x1, x2, d)))
    x1, x2 = mk("float32", [1.0, 2.0, 3.0]), mk("float32", [1.0, 2.0])
    cases.append(case("broadcast/incompatible", [A(x1), A(x2)], ERR("Shape"),
                      note="numpy raises ValueError too"))
    if op == "divide":
        # complex division is not one IEEE operation (numpy: Smith's algorithm)
        for c in cases:
            if c["expected"].get("dtype") in COMPLEX:
                c["tol"] = "transcendental"
                c["signed_zeros"] = False
                c["note"] = COMPLEX_DIVIDE
    return cases


FMOD = {"modulus": B(False)}
FMOD_NOTE = ("modulus=False is the truncated remainder, numpy's fmod (the sign of x1); Ivy's "
             "own backends compute round(x2 * frac(x1 / x2)), which rounds float results to "
             "integers (5.5, 2 gives 2.0)")


def fmod_ref(x1: Arr, x2: Arr, d):
    """numpy's fmod of two arrays computed in `d`."""
    with np.errstate(all="ignore"):
        if d == "bfloat16":
            return via_f32_bf16(np.fmod(x1.a.astype(np.float32), x2.a.astype(np.float32)))
        t = np_type(d)
        return Arr(d, np.asarray(np.fmod(x1.a.astype(t), x2.a.astype(t))).astype(t))


def fmod_cases():
    """remainder(x1, x2, modulus=False): numpy's fmod, every real and integer dtype."""
    cases = []
    signs1 = [5.5, -5.5, 5.5, -5.5, -0.0, 3.0, -7.0, 0.5, -3.0]
    signs2 = [2.0, 2.0, -2.0, -2.0, 1.0, INF, 7.0, -INF, 1.5]
    for d in REALS:
        v1 = [BIN_F16_SUB.get(v, v) for v in BIN_REAL_X1] if d == "float16" else BIN_REAL_X1
        v2 = [BIN_F16_SUB.get(v, v) for v in BIN_REAL_X2] if d == "float16" else BIN_REAL_X2
        for cid, a1, a2 in (("edge", v1, v2), ("signs", signs1, signs2)):
            x1, x2 = mk(d, a1), mk(d, a2)
            cases.append(case(f"fmod/{d}/{cid}", [A(x1), A(x2)], fmod_ref(x1, x2, d),
                              kwargs=FMOD, note=FMOD_NOTE))
    for d in INTS:
        v1, v2 = BIN_INT[d]
        x1, x2 = mk(d, v1), mk(d, v2)
        cases.append(case(f"fmod/{d}/edge", [A(x1), A(x2)], fmod_ref(x1, x2, d),
                          kwargs=FMOD, note="an integer x % 0 is 0 (numpy's value)"))
        info = np.iinfo(np_type(d))
        if info.min < 0:
            x1 = mk(d, [7, -7, 7, -7, int(info.min), 5, int(info.min), -1])
            x2 = mk(d, [3, 3, -3, -3, int(info.max), int(info.min), 2, int(info.max)])
            cases.append(case(f"fmod/{d}/signs", [A(x1), A(x2)], fmod_ref(x1, x2, d),
                              kwargs=FMOD))
    x = mk("bool", [True, False])
    c = unsupported_case("remainder", "fmod/bool/unsupported", [x, x], np.fmod)
    c["kwargs"] = FMOD
    cases.append(c)
    x = mk("int32", [-7, 7, -8])
    cases.append(case("fmod/scalar/int32+int", [A(x), I(3)],
                      fmod_ref(x, mk("int32", [3]), "int32"), kwargs=FMOD))
    x1, x2 = mk("float32", [[5.5], [-5.5]]), mk("float32", [2.0, -2.0, 0.75])
    cases.append(case("fmod/broadcast/float32/2x1+3", [A(x1), A(x2)],
                      fmod_ref(x1, x2, "float32"), kwargs=FMOD))
    x1, x2 = mk("int32", [-7, 7]), mk("float32", [2.5, -2.5])
    cases.append(case("fmod/mixed/int32+float32", [A(x1), A(x2)],
                      fmod_ref(Arr("float64", x1.a), Arr("float64", x2.a), "float64"),
                      kwargs=FMOD))
    return cases


COMPLEX_DIVIDE = ("complex division is not one correctly rounded operation (numpy uses "
                  "Smith's algorithm): tolerance of a transcendental function, and the sign "
                  "of a zero component is not compared")


# ------------------------------------------------------------------ predicates

PREDICATES = {"isnan": np.isnan, "isinf": np.isinf, "isfinite": np.isfinite, "signbit": np.signbit}

def bools_of(r):
    return Arr("bool", np.asarray(r))


def gen_predicate(op):
    f = PREDICATES[op]
    rng = rng_for(op)
    cases = []
    for d in REALS:
        x = mk(d, FLOAT_EDGE + FLOAT_EXTRA[d] + [-1e-40 if d != "float16" else -6e-8])
        cases.append(case(f"{d}/edge", [A(x)], bools_of(f(x.a))))
        x = mk(d, grid(rng, 8, -4, 4, 4), (2, 4))
        cases.append(case(f"{d}/random", [A(x)], bools_of(f(x.a))))
    for d in COMPLEX:
        x = cx(d, COMPLEX_VALUES + COMPLEX_SPECIAL
               + [(INF, NAN), (NAN, INF), (1.0, NAN), (-INF, -0.0), (-0.0, -INF)])
        if op == "signbit":
            cases.append(case(f"{d}/unsupported", [A(x)], ERR("UnsupportedDtype"),
                              note="numpy rejects signbit on complex too",
                              numpy=np_answer(lambda: f(x.a))))
        else:
            cases.append(case(f"{d}/values", [A(x)], bools_of(f(x.a))))
    for d in INTS + ["bool"]:
        x = mk(d, [True, False] if d == "bool" else INT_EDGE[d])
        # signbit of integers and bools: x < 0, as numpy and Ivy (beyond the Array API)
        cases.append(case(f"{d}/edge", [A(x)], bools_of(f(x.a))))
    x = mk("float32", NAN if op != "signbit" else -0.0)
    cases.append(case("float32/0d", [A(x)], bools_of(f(x.a))))
    x = mk("float64", np.zeros((0, 3)))
    cases.append(case("float64/empty", [A(x)], bools_of(f(x.a))))
    return cases


# ------------------------------------------------------------------ comparisons

COMPARE = {
    "equal": np.equal, "not_equal": np.not_equal, "less": np.less,
    "less_equal": np.less_equal, "greater": np.greater, "greater_equal": np.greater_equal,
}

# int64 / uint64 pairs where float64 (Ivy's promotion) rounds: exact in numpy 2 and ivy-rs
EXACT_I64 = [2**53 + 1, 2**53, -1, 2**63 - 1, 0, -(2**63), 7]
EXACT_U64 = [2**53, 2**53 + 1, 2**64 - 1, 2**63, 0, 0, 7]


def gen_compare(op):
    f = COMPARE[op]
    rng = rng_for(op)
    ordering = op not in ("equal", "not_equal")
    cases = []

    def ref(x1, x2):
        return bools_of(f(x1.a, x2.a))

    for d in REALS:
        v1 = [BIN_F16_SUB.get(v, v) for v in BIN_REAL_X1] if d == "float16" else BIN_REAL_X1
        v2 = [BIN_F16_SUB.get(v, v) for v in BIN_REAL_X2] if d == "float16" else BIN_REAL_X2
        x1, x2 = mk(d, v1), mk(d, v2)
        cases.append(case(f"{d}/edge", [A(x1), A(x2)], ref(x1, x2)))
        x1 = mk(d, grid(rng, 6, -2, 2, 2), (2, 3))
        x2 = mk(d, grid(rng, 6, -2, 2, 2), (2, 3))
        cases.append(case(f"{d}/random", [A(x1), A(x2)], ref(x1, x2)))
    for d in COMPLEX:
        p1 = [(1.0, 2.0), (1.0, 2.0), (0.0, -0.0), (NAN, 0.0), (INF, 1.0), (1.0, 3.0)]
        p2 = [(1.0, 2.0), (1.0, -2.0), (-0.0, 0.0), (NAN, 0.0), (INF, 1.0), (2.0, 3.0)]
        x1, x2 = cx(d, p1), cx(d, p2)
        # ordering: lexicographic (re, then im; false with a NaN component), as numpy and Ivy
        cases.append(case(f"{d}/values", [A(x1), A(x2)], ref(x1, x2)))
        if ordering:
            q1 = [(1.0, NAN), (2.0, 0.0), (1.0, 0.0), (1.0, 1.0), (2.0, NAN), (-INF, 5.0)]
            q2 = [(2.0, 0.0), (1.0, NAN), (2.0, NAN), (1.0, 1.0), (1.0, 0.0), (-INF, 4.0)]
            y1, y2 = cx(d, q1), cx(d, q2)
            cases.append(case(f"{d}/nan", [A(y1), A(y2)], ref(y1, y2)))
    for d in INTS:
        v1, v2 = BIN_INT[d]
        x1, x2 = mk(d, v1), mk(d, v2)
        cases.append(case(f"{d}/edge", [A(x1), A(x2)], ref(x1, x2)))
    x1, x2 = mk("bool", [True, True, False, False]), mk("bool", [True, False, True, False])
    cases.append(case("bool/edge", [A(x1), A(x2)], ref(x1, x2)))
    # mixed dtypes: promoted by Ivy's table (values exact in the promoted dtype), except
    # integers of two dtypes, compared exactly
    mixed = [
        ("int8", "uint8"), ("int32", "float32"), ("float16", "float32"),
        ("bfloat16", "float16"), ("uint8", "bool"), ("int16", "float16"),
        ("uint16", "int32"), ("bfloat16", "int8"), ("float32", "complex64"),
        ("int64", "uint64"), ("uint64", "int64"), ("int8", "uint64"), ("uint64", "int32"),
    ]

    def vals(d, other):
        if d == "bool":
            return [True, False, True, False]
        if d == "int64" and other == "uint64":
            return EXACT_I64
        if d == "uint64" and other == "int64":
            return EXACT_U64
        if d in INTS:
            return [1, 2, 0, 5] if "uint64" not in (d, other) else [127, 0, 3, 1]
        if d in COMPLEX:
            return [complex(1, 0), complex(-0.5, 0), complex(2, -3), complex(0, 0)]
        return [1.0, -0.5, 2.0, 0.25]

    for d1, d2 in mixed:
        x1, x2 = mk(d1, vals(d1, d2)), mk(d2, vals(d2, d1))
        if (d1, d2) == ("uint64", "int32"):
            x1 = mk(d1, [2**64 - 1, 0, 3, 2**63])
        cid = f"mixed/{d1}+{d2}"
        if "bfloat16" in (d1, d2):
            # numpy has no bfloat16: compare the exact values (every promotion is exact here)
            r = bools_of(f(x1.a.astype(np.float64), x2.a.astype(np.float64)))
            cases.append(case(cid, [A(x1), A(x2)], r,
                              note="bfloat16 promotion follows Ivy's table (numpy has no bfloat16)"))
            continue
        cases.append(case(cid, [A(x1), A(x2)], ref(x1, x2)))
    # scalar operands (numpy 2's weak scalars; an int scalar outside an integer array's
    # dtype compares by value)
    scal = [
        ("float32+int", mk("float32", [1.5, -2.0, 2.0, NAN]), I(2), 2),
        ("float32+float", mk("float32", [0.1, -2.0, 0.25]), F(0.1), 0.1),
        ("float64+int", mk("float64", [1.5, NAN, -INF, -3.0]), I(-3), -3),
        ("int8+int", mk("int8", [1, 100, -128]), I(100), 100),
        ("uint8+int", mk("uint8", [1, 7, 250]), I(7), 7),
        ("int32+float", mk("int32", [2, -7, 3]), F(2.5), 2.5),
        ("bool+int", mk("bool", [True, False]), I(1), 1),
        ("uint8+int_outside", mk("uint8", [255, 0]), I(-1), -1),
        ("int8+int_outside", mk("int8", [44, 127, -128]), I(300), 300),
    ]
    if not ordering:
        scal.append(("float32+complex", mk("float32", [1.0, -2.0]), C(1.0, 0.0), complex(1, 0)))
    for cid, x, sarg, sval in scal:
        with np.errstate(all="ignore"):
            r = bools_of(f(x.a, sval))
        bd = None
        if cid == "float32+complex":
            bd = {"candle": {"reason": "the operands promote to complex128, which candle cannot hold",
                             "expected": ERR("DtypeNotInBackend")}}
        cases.append(case(f"scalar/{cid}", [A(x), sarg], r, backend_differs=bd))
        if cid == "float32+float":
            cases.append(case("scalar/float+float32", [sarg, A(x)], bools_of(f(sval, x.a))))
    x = mk("uint64", [0, 2**64 - 1, 5])
    cases.append(case("scalar/int_outside+uint64", [I(-1), A(x)], bools_of(f(-1, x.a))))
    # broadcasting
    shapes = [((2, 3), (3,)), ((2, 1), (1, 3)), ((), (2, 2)), ((0, 3), (3,)), ((4, 1, 2), (3, 1))]
    for s1, s2 in shapes:
        n1, n2 = int(np.prod(s1)), int(np.prod(s2))
        x1 = mk("float32", grid(rng, n1, -2, 2, 2), s1)
        x2 = mk("float32", grid(rng, n2, -2, 2, 2), s2)
        cid = f"broadcast/float32/{'x'.join(map(str, s1)) or '0d'}+{'x'.join(map(str, s2))}"
        cases.append(case(cid, [A(x1), A(x2)], ref(x1, x2)))
    x1, x2 = mk("float32", [1.0, 2.0, 3.0]), mk("float32", [1.0, 2.0])
    cases.append(case("broadcast/incompatible", [A(x1), A(x2)], ERR("Shape"),
                      note="numpy raises ValueError too"))
    return cases


# ------------------------------------------------------------------ clip


def clip_ref(x: Arr, lo, hi):
    """Ivy's clip: bounds converted to x's dtype (as astype converts), then numpy's clip."""
    d = x.dtype
    if d in INTS:
        info = np.iinfo(np_type(d))
        cv = lambda b: int(min(max(math.trunc(b), info.min), info.max)) if math.isfinite(b) else (
            info.max if b > 0 else info.min)
        lo_c, hi_c = cv(lo), cv(hi)
        return Arr(d, np.clip(x.a, np_type(d)(lo_c), np_type(d)(hi_c)))
    if d == "bfloat16":
        lo_c, hi_c = bf16_round(lo), bf16_round(hi)
        return Arr(d, np.clip(x.a, np.float32(lo_c), np.float32(hi_c)))
    t = np_type(d)
    with np.errstate(all="ignore"):
        return Arr(d, np.clip(x.a, t(lo), t(hi)))


def gen_clip():
    cases = []
    fx = [-INF, -2.0, -0.5, -0.0, 0.0, 0.25, 1.0, 5.0, INF, NAN]
    for d in REALS:
        x = mk(d, fx)
        for cid, lo, hi in (("a", -1.0, 0.5), ("equal_bounds", 0.25, 0.25),
                            ("inf_bounds", -INF, 0.0), ("wide", -1e5, 1e5), ("tenth", 0.1, 0.9)):
            cases.append(case(f"{d}/{cid}", [A(x), F(lo), F(hi)], clip_ref(x, lo, hi)))
    for d in INTS:
        x = mk(d, INT_EDGE[d])
        for cid, lo, hi in (("a", 1, 100), ("beyond_dtype", -1e30, 1e30), ("neg", -3, 0)):
            if d.startswith("uint") and cid == "neg":
                lo, hi = -3, 2
            args = [A(x), I(lo) if isinstance(lo, int) else F(lo), I(hi) if isinstance(hi, int) else F(hi)]
            cases.append(case(f"{d}/{cid}", args, clip_ref(x, lo, hi),
                              note="bounds beyond the dtype saturate to its limits (the "
                              "mathematical clip)" if cid == "beyond_dtype" else None))
    x = mk("int32", [-5, 0, 1, 2, 3, 7])
    cases.append(case("int32/float_bounds", [A(x), F(0.5), F(2.5)], clip_ref(x, 0.5, 2.5),
                      ivy_differs="clip converts its bounds to x's dtype first and keeps x's "
                      "dtype (the op's doc): [0.5, 2.5] is [0, 2] for int32; numpy returns "
                      "float64 clipped to [0.5, 2.5]",
                      numpy=np_answer(lambda: np.clip(x.a, 0.5, 2.5))))
    x = mk("float32", [1.0, 2.0, 3.0])
    cases.append(case("float32/nan_bound", [A(x), F(NAN), F(2.0)], ERR("InvalidArgument"),
                      ivy_differs="a NaN scalar bound is Error::InvalidArgument (the op's doc); "
                      "numpy propagates NaN", numpy=np_answer(lambda: np.clip(x.a, np.nan, 2.0))))
    cases.append(case("float32/min_above_max", [A(x), F(3.0), F(1.0)], ERR("InvalidArgument"),
                      ivy_differs="scalar bounds with min > max are Error::InvalidArgument (the op's doc); "
                      "numpy returns max everywhere",
                      numpy=np_answer(lambda: np.clip(x.a, 3.0, 1.0))))
    x = mk("bool", [True, False])
    cases.append(case("bool/unsupported", [A(x), F(0.0), F(1.0)], ERR("UnsupportedDtype"),
                      ivy_differs="Ivy's clip does not support bool (ivy support clip)",
                      numpy=np_answer(lambda: np.clip(x.a, 0, 1))))
    x = cx("complex64", [(1.0, 2.0), (-1.0, 0.0)])
    cases.append(case("complex64/unsupported", [A(x), F(0.0), F(1.0)], ERR("UnsupportedDtype"),
                      ivy_differs="Ivy's clip does not support complex (ivy support clip)",
                      numpy=np_answer(lambda: np.clip(x.a, 0, 1))))
    x = mk("float32", np.arange(6).reshape(2, 3) - 2.5)
    cases.append(case("float32/2d", [A(x), I(-1), I(1)], clip_ref(x, -1, 1)))
    cases += gen_clip_bounds()
    return cases


NONE = {"none": None}


def clip_bounds_ref(x: Arr, lo, hi):
    """The Array API 2023.12's clip: each bound None, a number (exact in x's dtype here) or
    an Arr of x's dtype broadcast against x; numpy's ``minimum(maximum(x, lo), hi)``."""
    r = x.a
    for b, f in ((lo, np.maximum), (hi, np.minimum)):
        if b is None:
            continue
        r = f(r, b.a if isinstance(b, Arr) else np_type(x.dtype)(b))
    return Arr(x.dtype, r)


def gen_clip_bounds():
    """Array bounds (broadcast against x, the result has their broadcast shape and x's dtype), absent
    bounds (None) and both mixed: numpy's answers where numpy keeps x's dtype."""
    rng = rng_for("clip/bounds")
    cases = []
    for d in ("float16", "bfloat16", "float32", "float64", "int8", "int32", "int64", "uint8",
              "uint64"):
        unsigned = d.startswith("uint")
        lo_v, hi_v = (0, 8) if unsigned else (-8, 8)
        val = (lambda n: rng.integers(lo_v, hi_v, size=n).tolist()) if d in INTS else (
            lambda n: grid(rng, n, lo_v, hi_v, 4))
        x = mk(d, np.array(val(6), dtype=object).reshape(2, 3))
        lo = mk(d, val(3))                                           # shape (3,)
        hi = mk(d, np.array(val(2), dtype=object).reshape(2, 1))     # shape (2, 1)
        num = (lambda v: I(v)) if d in INTS else (lambda v: F(v))
        two = 2
        for cid, lb, la, hb, ha in (
                ("arrays", lo, A(lo), hi, A(hi)),  # where they cross, max wins (numpy)
                ("array_min", lo, A(lo), None, NONE),
                ("array_max", None, NONE, hi, A(hi)),
                ("array_min_scalar_max", lo, A(lo), two, num(two)),
                ("scalar_min_array_max", 1, num(1), hi, A(hi)),
                ("none_min", None, NONE, two, num(two)),
                ("none_max", 1, num(1), None, NONE),
                ("none_both", None, NONE, None, NONE)):
            cases.append(case(f"{d}/{cid}", [A(x), la, ha], clip_bounds_ref(x, lb, hb)))
    x = mk("float32", [1.0, -2.0, 0.5])
    lo = mk("float32", [NAN, 0.0, 0.0])
    cases.append(case("float32/array_bound_nan", [A(x), A(lo), NONE], clip_bounds_ref(x, lo, None),
                      note="a NaN in an array bound is numpy's maximum: NaN (only a NaN scalar "
                      "bound is refused)"))
    x = mk("float32", [0.0, 0.2, 1.0])
    lo64 = mk("float64", [0.1, 0.1, 0.1])
    cases.append(case("float32/float64_array_bound", [A(x), A(lo64), NONE],
                      clip_bounds_ref(x, mk("float32", [0.1, 0.1, 0.1]), None),
                      ivy_differs="clip keeps x's dtype (the standard): an array bound is cast "
                      "to x's dtype first; numpy promotes to float64",
                      numpy=np_answer(lambda: np.clip(x.a, lo64.a, None))))
    x = mk("int32", [1, 5, 9])
    lof = mk("float64", [2.7, 2.7, 2.7])
    cases.append(case("int32/float64_array_bound", [A(x), A(lof), I(6)],
                      clip_bounds_ref(x, mk("int32", [2, 2, 2]), 6),
                      ivy_differs="clip keeps x's dtype (the standard): an array bound is cast "
                      "to x's dtype first (astype truncates 2.7 to 2); numpy promotes to float64",
                      numpy=np_answer(lambda: np.clip(x.a, lof.a, 6))))
    x = mk("float32", [1.0, 2.0, 3.0])
    wide = mk("float32", np.zeros((2, 3)))
    cases.append(case("float32/bound_wider_than_x", [A(x), A(wide), NONE], clip_bounds_ref(x, wide, None),
                      note="the result has the broadcast shape of x and the bounds (numpy's, "
                      "and the Array API suite's)"))
    u = mk("uint8", [3], shape=())
    e = mk("uint8", [], shape=(0,))
    cases.append(case("uint8/0d_x_empty_bound", [A(u), A(e), NONE], clip_bounds_ref(u, e, None),
                      note="an empty bound broadcasts a 0-d x to shape (0,)"))
    lo = mk("float32", [0.5, 1.5], shape=(2, 1))
    hi = mk("float32", [2.0], shape=(1, 1, 1))
    cases.append(case("float32/all_three_broadcast", [A(x), A(lo), A(hi)], clip_bounds_ref(x, lo, hi)))
    cases.append(case("float32/bounds_do_not_broadcast", [A(x), A(mk("float32", [1.0, 2.0])), NONE],
                      ERR("Shape"), numpy=np_answer(lambda: np.clip(x.a, np.ones(2, np.float32), None))))
    return cases


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


def sum_kwargs(axis=None, keepdims=None, dtype=None):
    kw = {}
    if axis is not None:
        kw["axis"] = INTLIST(axis) if isinstance(axis, list) else I(axis)
    if keepdims is not None:
        kw["keepdims"] = B(keepdims)
    if dtype is not None:
        kw["dtype"] = D(dtype)
    return kw


def gen_sum():
    rng = rng_for("sum")
    cases = []
    m = mk("float32", [[1.0, 2.0, 3.0], [4.0, 5.0, 6.5]])
    for cid, axis, keep in (("all", None, None), ("axis0", 0, None), ("axis1", 1, None),
                            ("axis-1_keepdims", -1, True), ("axes01", [0, 1], None),
                            ("all_keepdims", None, True), ("axes_empty", [], None)):
        cases.append(case(f"float32/{cid}", [A(m)], sum_expected(m, axis if axis != [] else [], bool(keep)),
                          kwargs=sum_kwargs(axis, keep)))
    cases.append(case("float32/dtype_float64", [A(m)], sum_expected(m, 1, False, "float64"),
                      kwargs=sum_kwargs(1, None, "float64")))
    t = mk("float32", np.arange(24).reshape(2, 3, 4) * 0.5)
    cases.append(case("float32/3d_axes02", [A(t)], sum_expected(t, [0, 2]), kwargs=sum_kwargs([0, 2])))
    cases.append(case("float32/3d_axis1_keepdims", [A(t)], sum_expected(t, [1], True),
                      kwargs=sum_kwargs([1], True)))
    z = mk("float32", 2.5)
    cases.append(case("float32/0d", [A(z)], sum_expected(z)))
    e = mk("float32", np.zeros((0, 3)))
    cases.append(case("float32/empty_axis0", [A(e)], sum_expected(e, 0), kwargs=sum_kwargs(0)))
    cases.append(case("float32/empty_all", [A(e)], sum_expected(e)))
    for d in REALS:
        x = mk(d, grid(rng, 20, -8, 8, 64), (4, 5))
        for axis in (None, 0):
            exp = sum_expected(x, axis)
            cases.append(case(f"{d}/random_{'all' if axis is None else 'axis0'}", [A(x)], exp, "sum",
                              kwargs=sum_kwargs(axis), atol=sum_atol(x, axis, d),
                              signed_zeros=False))
    x = mk("float64", [[1.0, NAN], [INF, -INF], [INF, 1.0]])
    cases.append(case("float64/nonfinite", [A(x)], sum_expected(x, 1), kwargs=sum_kwargs(1)))
    x = mk("float16", [60000.0, 10000.0, -1.0])
    cases.append(case("float16/overflow", [A(x)], sum_expected(x)))
    for d in COMPLEX:
        x = cx(d, [(1.0, 2.0), (-0.5, 0.25), (3.0, -1.0), (0.0, 4.0)], None)
        cases.append(case(f"{d}/all", [A(x)], sum_expected(x)))
    for d in INTS:
        info = np.iinfo(np_type(d))
        x = mk(d, [[info.max, 1, 2], [5, 6, info.max]])
        for cid, axis in (("all", None), ("axis1", 1)):
            npr = np_answer(lambda: np.sum(x.a, axis=axis))
            differs = None
            if json.dumps(npr) != json.dumps(enc_array(sum_expected(x, axis))):
                differs = INT_SUM
            cases.append(case(f"{d}/wrap_{cid}", [A(x)], sum_expected(x, axis), kwargs=sum_kwargs(axis),
                              ivy_differs=differs, numpy=npr if differs else None))
    x = mk("int8", [100, 100, 27])
    cases.append(case("int8/dtype_int32", [A(x)], sum_expected(x, None, False, "int32"),
                      kwargs=sum_kwargs(None, None, "int32")))
    # integers to a float dtype: accumulated in float64, rounded once (numpy: in the dtype)
    x = mk("int32", (np.arange(1024, dtype=np.int64) * 7919993) % 16777213)
    for d in ("float32", "bfloat16"):
        exp = sum_expected(x, None, False, d)
        npr = np_answer(lambda: np.sum(x.a, dtype=np.float32)) if d == "float32" else None
        differs = ACC_INT if npr is not None and json.dumps(npr) != json.dumps(enc_array(exp)) else None
        cases.append(case(f"int32/dtype_{d}", [A(x)], exp, kwargs=sum_kwargs(None, None, d),
                          ivy_differs=differs, numpy=npr if differs else None))
    x = mk("float32", [1.5, 2.5, -0.5, 7.9])
    cases.append(case("float32/dtype_int32", [A(x)], sum_expected(x, None, False, "int32"),
                      kwargs=sum_kwargs(None, None, "int32"),
                      note="each element converted (truncated) to int32 first, as numpy's "
                      "unsafe cast"))
    x = mk("bool", [[True, False, True], [True, True, True]])
    for cid, axis in (("all", None), ("axis0", 0)):
        cases.append(case(f"bool/{cid}", [A(x)], sum_expected(x, axis), kwargs=sum_kwargs(axis),
                          ivy_differs=INT_SUM,
                          numpy=np_answer(lambda: np.sum(x.a, axis=axis))))
    x = mk("float32", [[1.0, 2.0], [3.0, 4.0]])
    cases.append(case("float32/axis_out_of_range", [A(x)], ERR("Axis"), kwargs=sum_kwargs(2),
                      note="numpy raises AxisError too"))
    return cases


def nan_to_zero(x: Arr) -> Arr:
    """`x` with NaN elements (complex: either component NaN) replaced by 0, as np.nansum."""
    if x.dtype in INTS or x.dtype == "bool":
        return x
    return Arr(x.dtype, np.where(x.a != x.a, np.zeros_like(x.a), x.a))


def gen_nansum():
    """np.nansum: `sum` of the input with NaNs as 0 (sum's dtype rule, see gen_sum)."""
    rng = rng_for("nansum")
    cases = []
    m = mk("float32", [[1.0, NAN, 3.0], [NAN, NAN, 6.5]])
    for cid, axis, keep in (("all", None, None), ("axis0", 0, None), ("axis1", 1, None),
                            ("axis-1_keepdims", -1, True), ("axes01", [0, 1], None)):
        cases.append(case(f"float32/{cid}", [A(m)], sum_expected(nan_to_zero(m), axis, bool(keep)),
                          kwargs=sum_kwargs(axis, keep)))
    cases.append(case("float32/dtype_float64", [A(m)], sum_expected(nan_to_zero(m), 1, False, "float64"),
                      kwargs=sum_kwargs(1, None, "float64")))
    x = mk("float64", [NAN, NAN])
    cases.append(case("float64/all_nan", [A(x)], sum_expected(nan_to_zero(x))))
    e = mk("float32", np.zeros((0, 3)))
    cases.append(case("float32/empty_all", [A(e)], sum_expected(e)))
    for d in REALS:
        v = grid(rng, 20, -8, 8, 64)
        for i in rng.choice(20, size=5, replace=False):
            v[int(i)] = NAN
        x = mk(d, v, (4, 5))
        for axis in (None, 0):
            z = nan_to_zero(x)
            cases.append(case(f"{d}/random_{'all' if axis is None else 'axis0'}", [A(x)],
                              sum_expected(z, axis), "sum", kwargs=sum_kwargs(axis),
                              atol=sum_atol(z, axis, d), signed_zeros=False))
    x = mk("float64", [[1.0, NAN], [INF, NAN], [INF, -INF]])
    cases.append(case("float64/nonfinite", [A(x)], sum_expected(nan_to_zero(x), 1), kwargs=sum_kwargs(1)))
    for d in COMPLEX:
        x = cx(d, [(1.0, 2.0), (NAN, 0.25), (3.0, -1.0), (0.0, NAN), (0.5, 4.0)], None)
        cases.append(case(f"{d}/nan_component", [A(x)], sum_expected(nan_to_zero(x))))
    for d in INTS:
        x = mk(d, [[1, 2, 3], [5, 6, 7]])
        for cid, axis in (("all", None), ("axis1", 1)):
            exp = sum_expected(x, axis)
            npr = np_answer(lambda: np.nansum(x.a, axis=axis))
            differs = INT_SUM if json.dumps(npr) != json.dumps(enc_array(exp)) else None
            cases.append(case(f"{d}/{cid}", [A(x)], exp, kwargs=sum_kwargs(axis),
                              ivy_differs=differs, numpy=npr if differs else None))
    x = mk("bool", [[True, False, True], [True, True, True]])
    cases.append(case("bool/axis0", [A(x)], sum_expected(x, 0), kwargs=sum_kwargs(0),
                      ivy_differs=INT_SUM, numpy=np_answer(lambda: np.nansum(x.a, axis=0))))
    x = mk("float32", [[1.0, 2.0], [3.0, NAN]])
    cases.append(case("float32/axis_out_of_range", [A(x)], ERR("Axis"), kwargs=sum_kwargs(2),
                      note="numpy raises AxisError too"))
    return cases


# ------------------------------------------------------------------ cross_entropy


def ce_expected(t: Arr, p: Arr, axis=-1, eps=1e-7):
    """Ivy's definition, each step in Ivy's dtype; also the atol of the sum."""
    d = p.dtype
    pc = clip_ref(p, eps, 1.0 - eps)
    out_lp = "float32" if d in INTS else d
    lp = round_to(out_lp, np.log(as_float(Arr(out_lp, pc.a.astype(np_type(out_lp))))))
    # multiply: promotion of log_pred's and true's dtypes (Ivy's table)
    prod_d = promote(out_lp, t.dtype)
    a1 = lp.a.astype(np_type(prod_d))
    a2 = t.a.astype(np_type(prod_d))
    if prod_d == "bfloat16":
        prod = via_f32_bf16(a1.astype(np.float32) * a2.astype(np.float32))
    else:
        with np.errstate(all="ignore"):
            prod = Arr(prod_d, a1 * a2)
    s = sum_expected(prod, [axis])
    n = prod.a.shape[axis]
    atol = float((n + 8) * EPS[prod_d] * np.sum(np.abs(as_float(prod))))
    return Arr(s.dtype, -s.a), atol


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


def gen_cross_entropy():
    cases = []
    onehot = [[0.0, 1.0, 0.0], [1.0, 0.0, 0.0]]
    pred = [[0.2, 0.7, 0.1], [0.0, 0.5, 1.0]]
    for d in REALS:
        t, p = mk(d, onehot), mk(d, pred)
        for cid, kw, axis, eps in (("default", {}, -1, 1e-7), ("axis0", {"axis": I(0)}, 0, 1e-7),
                                   ("epsilon", {"epsilon": F(0.25)}, -1, 0.25)):
            exp, atol = ce_expected(t, p, axis, eps)
            cases.append(case(f"{d}/{cid}", [A(t), A(p)], exp, "sum", kwargs=kw, atol=atol))
    t, p = mk("float32", [0.3, 0.3, 0.4]), mk("float32", [0.25, 0.25, 0.5])
    exp, atol = ce_expected(t, p)
    cases.append(case("float32/soft_labels_1d", [A(t), A(p)], exp, "sum", atol=atol))
    t, p = mk("int32", [[0, 1, 0], [1, 0, 0]]), mk("float32", pred)
    exp, atol = ce_expected(t, p)
    cases.append(case("int32_true+float32_pred", [A(t), A(p)], exp, "sum", atol=atol,
                      note="log(pred) (float32) * true (int32) promotes to float64"))
    t, p = mk("float64", onehot), mk("float32", pred)
    exp, atol = ce_expected(t, p)
    cases.append(case("float64_true+float32_pred", [A(t), A(p)], exp, "sum", atol=atol))
    # reduction (Ivy's keyword; ivy-rs defaults to "sum", the seed's definition): "mean" over
    # `axis`, "none" the elementwise -log(clip(pred)) * true; references in float64
    soft = [[0.3, 0.3, 0.4], [0.0, 0.5, 0.5]]
    for d in ("float32", "float64"):
        t, p = mk(d, soft), mk(d, pred)
        terms = -(np.log(as_float(clip_ref(p, 1e-7, 1 - 1e-7))) * as_float(t))
        for red, axis, ref in (("sum", -1, np.sum(terms, axis=-1)),
                               ("mean", -1, np.mean(terms, axis=-1)),
                               ("mean", 0, np.mean(terms, axis=0)),
                               ("none", -1, terms)):
            kw = {"reduction": STR(red)}
            if axis != -1:
                kw["axis"] = I(axis)
            cases.append(case(f"{d}/reduction_{red}_axis{axis}", [A(t), A(p)], round_to(d, ref),
                              "sum", kwargs=kw, atol=_loss_atol(d, terms)))
    t, p = mk("float32", onehot), mk("float32", pred)
    cases.append(case("reduction_unknown", [A(t), A(p)], ERR("InvalidArgument"),
                      kwargs={"reduction": STR("max")},
                      note="Ivy's check_elem_in_list rejects it too"))
    return cases


def _loss_atol(d, terms):
    return float(64 * EPS[d] * (1.0 + np.sum(np.abs(terms))))


def bce_ref(t, p, from_logits=False, epsilon=0.0, pos_weight=None, d="float64"):
    """Ivy's binary_cross_entropy, elementwise, in float64: labels smoothed by epsilon,
    probabilities clipped to [1e-7, 1 - 1e-7] (the bounds in pred's dtype `d`, as Ivy's clip
    converts them); logits by the stable form, or with pos_weight by Ivy's own
    sigmoid-and-clip formula (moderate logits: the clip is inactive there)."""
    lo, hi = (float(np.asarray(b, np_type(d))) for b in (1e-7, 1 - 1e-7))
    t = t * (1.0 - epsilon) + 0.5 * epsilon
    if from_logits and pos_weight is not None:
        s = np.clip(1.0 / (1.0 + np.exp(-p)), 1e-7, 1 - 1e-7)
        return -(np.log(s) * t * pos_weight + np.log(1 - s) * (1 - t))
    if from_logits:
        return np.maximum(p, 0) - p * t + np.log1p(np.exp(-np.abs(p)))
    pc = np.clip(p, lo, hi)
    return -(np.log(pc) * t + np.log(1 - pc) * (1 - t))


def gen_binary_cross_entropy():
    """Ivy's binary_cross_entropy: reduction "mean" (default), "sum" or "none" over `axis`
    (None: every axis); epsilon is label smoothing; probabilities clipped to [1e-7, 1 - 1e-7];
    logits by the stable max(x, 0) - x t + log1p(e^-|x|), weighted by pos_weight; references
    in float64."""
    cases = []
    t = [[0.0, 1.0, 1.0], [1.0, 0.0, 0.3]]
    p = [[0.2, 0.7, 0.0], [1.0, 0.5, 0.9]]
    x = [[-3.0, 0.5, 40.0], [-100.0, 100.0, 0.0]]
    xm = [[-3.0, 0.5, 4.0], [-1.5, 2.0, 0.0]]  # moderate logits (pos_weight)
    w = [1.0, 2.0, 0.5]
    for d in ("float32", "float64"):
        tt, pp, xx, xxm, ww = mk(d, t), mk(d, p), mk(d, x), mk(d, xm), mk(d, w)
        tf, pf, xf, xmf, wf = (as_float(v) for v in (tt, pp, xx, xxm, ww))
        rows = [
            ("default", pp, {}, np.mean(bce_ref(tf, pf, d=d))),
            ("none", pp, {"reduction": STR("none")}, bce_ref(tf, pf, d=d)),
            ("sum", pp, {"reduction": STR("sum")}, np.sum(bce_ref(tf, pf, d=d))),
            ("mean_axis1", pp, {"axis": INTLIST([1])}, np.mean(bce_ref(tf, pf, d=d), axis=1)),
            ("sum_axis0", pp, {"reduction": STR("sum"), "axis": INTLIST([0])},
             np.sum(bce_ref(tf, pf, d=d), axis=0)),
            ("smoothing", pp, {"epsilon": F(0.25), "reduction": STR("none")},
             bce_ref(tf, pf, epsilon=0.25, d=d)),
            ("from_logits", xx, {"from_logits": B(True), "reduction": STR("none")},
             bce_ref(tf, xf, True)),
            ("from_logits_smoothing_mean", xx, {"from_logits": B(True), "epsilon": F(0.1)},
             np.mean(bce_ref(tf, xf, True, 0.1))),
            ("pos_weight", xxm, {"from_logits": B(True), "pos_weight": A(ww),
                                 "reduction": STR("none")}, bce_ref(tf, xmf, True, 0.0, wf)),
            ("pos_weight_sum_axis0", xxm, {"from_logits": B(True), "pos_weight": A(ww),
                                           "reduction": STR("sum"), "axis": INTLIST([0])},
             np.sum(bce_ref(tf, xmf, True, 0.0, wf), axis=0)),
        ]
        for cid, pred, kw, ref in rows:
            terms = bce_ref(tf, as_float(pred), kw.get("from_logits") is not None)
            cases.append(case(f"{d}/{cid}", [A(tt), A(pred)], round_to(d, ref), "sum",
                              kwargs=kw, atol=_loss_atol(d, terms)))
    # true is cast to pred's dtype (Ivy's astype): int32 labels, a float32 result
    tt, pp = mk("int32", [[0, 1, 1], [1, 0, 0]]), mk("float32", p)
    ref = bce_ref(as_float(tt), as_float(pp), d="float32")
    cases.append(case("int32_true+float32_pred", [A(tt), A(pp)],
                      round_to("float32", np.mean(ref)), "sum", atol=_loss_atol("float32", ref)))
    tt, pp, xx = mk("float32", t), mk("float32", p), mk("float32", xm)
    for cid, pred, kw in (
            ("reduction_unknown", pp, {"reduction": STR("max")}),
            ("epsilon_above_1", pp, {"epsilon": F(1.5)}),
            ("epsilon_negative", pp, {"epsilon": F(-0.1)}),
            ("pos_weight_without_logits", pp, {"pos_weight": A(mk("float32", w))}),
            ("pos_weight_wrong_length", xx, {"from_logits": B(True),
                                             "pos_weight": A(mk("float32", [1.0, 2.0]))})):
        cases.append(case(cid, [A(tt), A(pred)], ERR("InvalidArgument"), kwargs=kw,
                          note="Ivy raises ValueError"))
    return cases


def gen_sparse_cross_entropy():
    """Ivy's definition: cross_entropy(one_hot(true, n), pred, axis), the one-hot classes on
    a new last axis (negative labels from the end, as numpy's one_hot by np.eye indexing),
    broadcast against pred; each row -log(clip(pred[true], eps, 1 - eps))."""
    cases = []
    pred = [[0.2, 0.7, 0.1], [0.0, 0.5, 0.5]]
    for d in ("float32", "float64"):
        for cid, lab, pr, kw, eps in (
                ("default", [1, 0], pred, {}, 1e-7),
                ("negative_labels", [-2, -1], pred, {}, 1e-7),
                ("broadcast_1d", [2], [0.1, 0.1, 0.7, 0.1], {}, 1e-7),
                ("epsilon", [2, 0], pred, {"epsilon": F(0.25)}, 0.25)):
            tt, pp = mk("int64", lab), mk(d, pr)
            pf = np.clip(as_float(pp), np.float64(np.asarray(eps, np_type(d))),
                         np.float64(np.asarray(1.0 - eps, np_type(d))))
            n = pf.shape[-1]
            one_hot = np.eye(n)[np.array(lab)]
            terms = np.log(pf) * one_hot
            ref = -np.sum(terms, axis=-1)
            cases.append(case(f"{d}/{cid}", [A(tt), A(pp)], round_to(d, ref), "sum", kwargs=kw,
                              atol=_loss_atol(d, terms)))
    for d in ("float32", "float64"):
        tt, pp = mk("int64", [2, 0]), mk(d, pred)
        terms = -(np.log(as_float(clip_ref(pp, 1e-7, 1 - 1e-7))) * np.eye(3)[[2, 0]])
        for red, ref in (("mean", np.mean(terms, axis=-1)), ("none", terms)):
            cases.append(case(f"{d}/reduction_{red}", [A(tt), A(pp)], round_to(d, ref), "sum",
                              kwargs={"reduction": STR(red)}, atol=_loss_atol(d, terms)))
    cases.append(case("reduction_unknown", [A(mk("int64", [1, 0])), A(mk("float32", pred))],
                      ERR("InvalidArgument"), kwargs={"reduction": STR("max")},
                      note="Ivy's check_elem_in_list rejects it too"))
    cases.append(case("label_out_of_range", [A(mk("int64", [3, 0])), A(mk("float32", pred))],
                      ERR("InvalidArgument"),
                      note="Ivy's one_hot would give a loss of 0; ivy-rs refuses"))
    return cases


# ------------------------------------------------------------------ astype

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


def ivy_astype(x: Arr, to):
    """Ivy's astype: numpy's rules, except float → int is Rust's saturating `as`."""
    src = x.dtype
    a = x.a
    if to in INTS and src in REALS + COMPLEX:
        info = np.iinfo(np_type(to))
        vals = []
        for v in (a.real if src in COMPLEX else a).astype(np.float64).ravel().tolist():
            if math.isnan(v):
                vals.append(0)
            elif v >= info.max:
                vals.append(int(info.max))
            elif v <= info.min:
                vals.append(int(info.min))
            else:
                vals.append(math.trunc(v))
        return Arr(to, np.array(vals, dtype=object).astype(np_type(to)).reshape(a.shape))
    if to == "bfloat16":
        if src in INTS:
            return Arr(to, np.array([bf16_round(int(v)) for v in a.ravel().tolist()], np.float32))
        if src == "bool":
            return Arr(to, a.astype(np.float32))
        v = a.real if src in COMPLEX else a
        return round_to(to, v.astype(np.float64))
    if src == "bfloat16":
        return Arr(to, a.astype(np_type(to)))
    with np.errstate(all="ignore"):
        if src in COMPLEX and to not in COMPLEX:
            if to == "bool":
                return Arr(to, a != 0)
            return Arr(to, a.real.astype(np_type(to)))
        return Arr(to, a.astype(np_type(to)))


def gen_astype():
    cases = []
    for src in ALL:
        vals = ASTYPE_SRC[src]
        x = cx(src, vals) if src in COMPLEX else mk(src, vals)
        for to in ALL:
            if to == src and src not in ("bfloat16", "int64"):
                continue  # same-dtype copies: a few are enough (and float32/copy_false)
            exp = ivy_astype(x, to)
            differs, npr = None, None
            if to in INTS and src in REALS + COMPLEX:
                npa = np_answer(lambda: (x.a.real if src in COMPLEX else x.a).astype(np_type(to)))
                if src == "bfloat16" or json.dumps(npa) != json.dumps(enc_array(exp)):
                    differs = ("float → integer conversion is Rust's saturating `as`: truncation "
                               "toward zero, NaN → 0, ±inf and out-of-range values → the "
                               "dtype's min/max (README); numpy's result is undefined there")
                    npr = npa if src != "bfloat16" else None
                    if src == "bfloat16":
                        differs = None  # numpy has no bfloat16: nothing to differ from
            cases.append(case(f"{src}->{to}", [A(x), D(to)], exp, ivy_differs=differs, numpy=npr,
                              note="complex → real keeps the real part (numpy: the same, with "
                              "a ComplexWarning)" if src in COMPLEX and to not in COMPLEX + ["bool"]
                              else None))
    x = mk("float32", [[1.5, -2.0], [NAN, 4.0]])
    cases.append(case("float32->float32/copy_false", [A(x), D("float32")], x,
                      kwargs={"copy": B(False)}))
    return cases


# ------------------------------------------------------------------ creation


def shape_arg(s):
    return INTLIST(s)


DEFAULT_FLOAT = "the default float dtype is float32 (Ivy's default); numpy's is float64"
DEFAULT_INT = "the default int dtype is int32 (Ivy's default); numpy's is int64"


def gen_zeros_ones(op):
    f = np.zeros if op == "zeros" else np.ones
    cases = []
    for d in ALL:
        cases.append(case(f"{d}/2x3", [shape_arg((2, 3))], Arr(d, f((2, 3), np_type(d))),
                          kwargs={"dtype": D(d)}))
    cases.append(case("default/2x2", [shape_arg((2, 2))], Arr("float32", f((2, 2), np.float32)),
                      ivy_differs=DEFAULT_FLOAT, numpy=np_answer(lambda: f((2, 2)))))
    cases.append(case("float32/0d", [shape_arg(())], Arr("float32", f((), np.float32)),
                      kwargs={"dtype": D("float32")}))
    cases.append(case("int64/empty", [shape_arg((0, 2))], Arr("int64", f((0, 2), np.int64)),
                      kwargs={"dtype": D("int64")}))
    return cases


def gen_full():
    cases = []
    fills = [
        ("int8/7", I(7), 7, "int8", None),
        ("int16/-300", I(-300), -300, "int16", None),
        ("int32/float_truncated", F(2.5), 2.5, "int32", None),
        ("int64/min", I(-(2**63)), -(2**63), "int64", None),
        ("uint8/200", I(200), 200, "uint8", None),
        ("uint16/int", I(65535), 65535, "uint16", None),
        ("uint32/int", I(2**32 - 1), 2**32 - 1, "uint32", None),
        ("uint64/int", I(2**62), 2**62, "uint64", None),
        ("float16/overflow", F(1e5), 1e5, "float16", None),
        ("float16/tenth", F(0.1), 0.1, "float16", None),
        ("bfloat16/tenth", F(0.1), 0.1, "bfloat16", None),
        ("float32/inf", F(INF), INF, "float32", None),
        ("float32/tenth", F(0.1), 0.1, "float32", None),
        ("float64/nan", F(NAN), NAN, "float64", None),
        ("float64/int", I(3), 3, "float64", None),
        ("complex64/complex", C(1.0, -2.0), complex(1, -2), "complex64", None),
        ("complex128/float", F(0.5), 0.5, "complex128", None),
        ("bool/true", B(True), True, "bool", None),
        ("bool/int", I(0), 0, "bool", None),
        ("int32/nan", F(NAN), NAN, "int32",
         "a NaN fill converts to 0 (float → int is Rust's saturating `as`, README)"),
    ]
    for cid, farg, fval, d, differs in fills:
        if d == "bfloat16":
            exp = Arr(d, np.full((2, 2), bf16_round(fval), np.float32))
        elif differs and d == "int32":
            exp = Arr(d, np.zeros((2, 2), np.int32))
        else:
            with np.errstate(all="ignore"):
                exp = Arr(d, np.full((2, 2), fval, np_type(d)))
        cases.append(case(cid, [shape_arg((2, 2)), farg], exp, kwargs={"dtype": D(d)},
                          ivy_differs=differs,
                          numpy=np_answer(lambda: np.full((2, 2), fval, np_type(d))) if differs else None))
    for cid, farg, fval, d, differs in (
        ("infer/int", I(7), 7, "int32", DEFAULT_INT),
        ("infer/big_int", I(2**40), 2**40, "int64", None),
        ("infer/float", F(2.5), 2.5, "float32", DEFAULT_FLOAT),
        ("infer/bool", B(False), False, "bool", None),
        ("infer/complex", C(1.0, 1.0), complex(1, 1), "complex64",
         "the default complex dtype is complex64 (Ivy's default); numpy's is complex128"),
    ):
        exp = Arr(d, np.full((3,), fval, np_type(d)))
        cases.append(case(cid, [shape_arg((3,)), farg], exp, ivy_differs=differs,
                          numpy=np_answer(lambda: np.full((3,), fval)) if differs else None))
    cases.append(case("float32/0d", [shape_arg(()), F(-1.5)], Arr("float32", np.float32(-1.5)),
                      kwargs={"dtype": D("float32")}))
    # an int fill out of an integer dtype's range is an error, as numpy 2 raises OverflowError
    # (and as `uint8 + 300` is refused), not wrapped into the dtype
    for cid, fval, d in (("uint8/-1", -1, "uint8"), ("int8/300", 300, "int8")):
        cases.append(case(cid, [shape_arg((2, 2)), I(fval)], ERR("InvalidArgument"),
                          kwargs={"dtype": D(d)},
                          numpy=np_answer(lambda: np.full((2, 2), fval, np_type(d)))))
    return cases


def gen_arange():
    cases = []
    rows = [
        ("int/default", (0, 5, 1), None, DEFAULT_INT),
        ("int/int64", (0, 5, 1), "int64", None),
        ("int/negative_step", (5, 0, -2), "int64", None),
        ("int/empty", (3, 3, 1), "int32", None),
        ("int/reversed_empty", (3, 0, 1), "int32", None),
        ("uint8/step3", (0, 10, 3), "uint8", None),
        ("int8/neg", (-3, 3, 1), "int8", None),
        ("float/default", (0.0, 1.0, 0.25), None, DEFAULT_FLOAT),
        ("float/float64_tenth", (0.0, 1.0, 0.1), "float64", None),
        ("float/float32_negative_step", (1.5, -1.5, -0.5), "float32", None),
        ("float/int32_dtype", (0.5, 3.5, 1.0), "int32", None),
        ("float16/int_args", (0, 5, 1), "float16", None),
        ("float64/mixed_args", (1, 2.0, 0.25), "float64", None),
    ]
    # arange(start, /, stop=None, step=1): ivy-rs takes `stop` and `step` as keywords (Rust
    # has no optional positional arguments); `None` stands for an argument left out
    rows += [
        ("start_only/int", (5, None, None), None, DEFAULT_INT),
        ("start_only/float", (3.0, None, None), None, DEFAULT_FLOAT),
        ("start_only/negative", (-2, None, None), "int64", None),
        ("default_step/int", (2, 6, None), "int16", None),
        ("default_step/float", (0.5, 3.0, None), "float64", None),
    ]
    sc_ = lambda v: I(v) if isinstance(v, int) else F(v)
    for cid, (a, b, s), d, differs in rows:
        args = [sc_(a)]
        kwargs = {k: sc_(v) for k, v in (("stop", b), ("step", s)) if v is not None}
        pos = [v for v in (a, b, s) if v is not None]
        if b is None and s is None:
            call = lambda: np.arange(a, dtype=np_type(d) if d else None)
        elif s is None:
            call = lambda: np.arange(a, b, dtype=np_type(d) if d else None)
        else:
            call = lambda: np.arange(a, b, s, dtype=np_type(d) if d else None)
        npr = call()
        out = d or ("int32" if all(isinstance(v, int) for v in pos) else "float32")
        exp = Arr(out, npr.astype(np_type(out)))
        if d:
            kwargs["dtype"] = D(d)
        cases.append(case(cid, args, exp, kwargs=kwargs,
                          ivy_differs=differs, numpy=np_answer(lambda: np.arange(*pos)) if differs else None))
    exp = Arr("bfloat16", np.array([bf16_round(v) for v in np.arange(0, 2, 0.25)], np.float32))
    cases.append(case("bfloat16/quarter", [F(0.0)], exp,
                      kwargs={"stop": F(2.0), "step": F(0.25), "dtype": D("bfloat16")}))
    return cases


def sc(v):
    if isinstance(v, bool):
        return B(v)
    if isinstance(v, int):
        return I(v)
    if isinstance(v, complex):
        return C(v.real, v.imag)
    return F(v)


def nested(v):
    if isinstance(v, list):
        return LIST([nested(i) for i in v])
    return sc(v)


def gen_asarray():
    cases = []
    rows = [
        ("float/default", [[1.5, -2.0], [0.25, 3.0]], None, "float32", DEFAULT_FLOAT),
        ("int/default", [1, -2, 3], None, "int32", DEFAULT_INT),
        ("bool", [True, False, True], None, "bool", None),
        ("mixed_int_float", [1, 2.5], None, "float32", DEFAULT_FLOAT),
        ("big_int", [1, 2**40], None, "int64", None),
        ("float_beyond_float32", [1.0, 1e300], None, "float64", None),
        ("complex", [complex(1, 2), complex(0, -1)], None, "complex64",
         "the default complex dtype is complex64 (Ivy's default); numpy's is complex128"),
        ("scalar", 3.0, None, "float32", DEFAULT_FLOAT),
        ("float->int32", [1.5, -2.7, 300.2], "int32", "int32", None),
        ("int->float16", [1, 2049, 70000], "float16", "float16", None),
        ("float->bfloat16", [0.1, 1.0, 3e38], "bfloat16", "bfloat16", None),
        ("float->float32", [0.1, 1e-40, 1e39], "float32", "float32", None),
        ("int->uint64", [0, 2**63 - 1, 5], "uint64", "uint64", None),
        ("nan->int32", [NAN, 1.0], "int32", "int32",
         "a NaN converts to 0 (float → int is Rust's saturating `as`, README); numpy raises"),
        ("3d", [[[1, 2]], [[3, 4]]], "int16", "int16", None),
    ]
    for cid, obj, d, out, differs in rows:
        if out == "bfloat16":
            exp = Arr(out, np.array([bf16_round(v) for v in obj], np.float32))
        elif cid == "nan->int32":
            exp = Arr(out, np.array([0, 1], np.int32))
        else:
            with np.errstate(all="ignore"):
                exp = Arr(out, np.asarray(obj, dtype=np_type(out)))
        cases.append(case(cid, [nested(obj)], exp, kwargs={"dtype": D(d)} if d else {},
                          ivy_differs=differs,
                          numpy=np_answer(lambda: np.asarray(obj, dtype=np_type(d) if d else None))
                          if differs else None))
    # a Python int out of an integer dtype's range is an error, as numpy 2 raises
    # OverflowError (and as `full` refuses such a fill), not wrapped into the dtype
    for cid, obj, d in (("int->uint8/300", [300, 2], "uint8"), ("int->uint8/-1", [-1], "uint8")):
        cases.append(case(cid, [nested(obj)], ERR("InvalidArgument"), kwargs={"dtype": D(d)},
                          numpy=np_answer(lambda: np.asarray(obj, dtype=np_type(d)))))
    cases.append(case("empty", [LIST([])], Arr("float32", np.zeros((0,), np.float32)),
                      ivy_differs=DEFAULT_FLOAT, numpy=np_answer(lambda: np.asarray([]))))
    return cases


def gen_like(op):
    cases = []
    for d in ALL:
        vals = ASTYPE_SRC[d][:4]
        x = cx(d, vals, (2, 2)) if d in COMPLEX else mk(d, vals[:4] if len(vals) >= 4 else vals)
        if op == "full_like":
            fill, fval = (I(3), 3)
            exp = Arr(d, np.full_like(x.a, fval)) if d != "bfloat16" else Arr(d, np.full(x.a.shape, 3.0, np.float32))
            cases.append(case(f"{d}/int_fill", [A(x), fill], exp))
        else:
            f = np.zeros_like if op == "zeros_like" else np.ones_like
            cases.append(case(f"{d}/same_dtype", [A(x)], Arr(d, f(x.a))))
    x = mk("int32", [[1, 2, 3], [4, 5, 6]])
    if op == "full_like":
        cases.append(case("int32/float_fill", [A(x), F(2.5)], Arr("int32", np.full_like(x.a, 2.5)),
                          note="the array decides the dtype; 2.5 truncates to 2, as numpy"))
        cases.append(case("int32/dtype_float64", [A(x), F(2.5)], Arr("float64", np.full(x.a.shape, 2.5)),
                          kwargs={"dtype": D("float64")}))
        y = mk("float32", [1.0, 2.0])
        cases.append(case("float32/nan_fill", [A(y), F(NAN)], Arr("float32", np.full(2, np.nan, np.float32))))
        u = mk("uint8", [1, 2])
        cases.append(case("uint8/-1_fill", [A(u), I(-1)], ERR("InvalidArgument"),
                          numpy=np_answer(lambda: np.full_like(u.a, -1))))
    else:
        f = np.zeros_like if op == "zeros_like" else np.ones_like
        cases.append(case("int32/dtype_float16", [A(x)], Arr("float16", f(x.a, np.float16)),
                          kwargs={"dtype": D("float16")}))
        e = mk("float64", np.zeros((0, 2)))
        cases.append(case("float64/empty", [A(e)], Arr("float64", f(e.a))))
    return cases


def gen_broadcast_to():
    cases = []
    for d in ALL:
        vals = ASTYPE_SRC[d][:3] if d != "bool" else [True, False, True]
        x = cx(d, vals) if d in COMPLEX else mk(d, vals)
        cases.append(case(f"{d}/3->2x3", [A(x), shape_arg((2, 3))], Arr(d, np.broadcast_to(x.a, (2, 3)))))
    rows = [((2, 1), (2, 2, 3)), ((), (2, 2)), ((1,), (0,)), ((1, 3), (1, 3)), ((3, 1, 1), (3, 2, 2))]
    for s, t in rows:
        x = mk("float32", np.arange(int(np.prod(s)), dtype=np.float32).reshape(s) + 0.5)
        cid = f"float32/{'x'.join(map(str, s)) or '0d'}->{'x'.join(map(str, t))}"
        cases.append(case(cid, [A(x), shape_arg(t)], Arr("float32", np.broadcast_to(x.a, t))))
    x = mk("float32", [1.0, 2.0, 3.0])
    cases.append(case("float32/incompatible", [A(x), shape_arg((2, 2))], ERR("Shape"),
                      note="numpy raises ValueError too"))
    x = mk("float32", [[1.0], [2.0]])
    cases.append(case("float32/not_exactly_target", [A(x), shape_arg((3,))], ERR("Shape"),
                      note="numpy raises ValueError too"))
    return cases


def gen_broadcast_arrays():
    cases = []
    rows = [
        ("float32+int32", [mk("float32", [1.5, 2.5, -3.0]), mk("int32", [[1], [2]])]),
        ("0d+2x2+1x2", [mk("float64", 7.0), mk("int64", [[1, 2], [3, 4]]), mk("uint8", [[9, 8]])]),
        ("bool+complex", [mk("bool", [True, False]), cx("complex128", [(1.0, -1.0)], (1, 1))]),
        ("one", [mk("float16", [[1.0, 2.0]])]),
        ("empty", [mk("float32", np.zeros((0, 1))), mk("int16", [1, 2, 3])]),
    ]
    for cid, arrs in rows:
        outs = np.broadcast_arrays(*[a.a for a in arrs])
        exp = {"list": [enc_array(Arr(a.dtype, np.ascontiguousarray(o))) for a, o in zip(arrs, outs)]}
        cases.append(case(cid, [LIST([A(a) for a in arrs])], exp))
    arrs = [mk("float32", [1.0, 2.0, 3.0]), mk("float32", [1.0, 2.0])]
    cases.append(case("incompatible", [LIST([A(a) for a in arrs])], ERR("Shape"),
                      note="numpy raises ValueError too"))
    return cases


def gen_concat():
    cases = []
    rows = [
        ("float32/axis0", [mk("float32", [[1.5, 2.0]]), mk("float32", [[3.0, -4.0], [5.0, 6.0]])], 0),
        ("int8+uint8/promoted", [mk("int8", [[-1], [2]]), mk("uint8", [[200], [7]])], -1),
        ("float32+float64/promoted", [mk("float32", [0.1]), mk("float64", [0.2, 0.3])], 0),
        ("complex64+bool", [cx("complex64", [(1.0, -2.0)]), mk("bool", [True, False])], 0),
        ("flatten", [mk("int32", [[1, 2], [3, 4]]), mk("int32", [5, 6, 7])], None),
        ("empty_part", [mk("float16", np.zeros((0, 2))), mk("float16", [[1.0, 2.0]])], 0),
        ("one", [mk("uint16", [[1, 2, 3]])], 1),
    ]
    for cid, arrs, axis in rows:
        d = arrs[0].dtype
        for a in arrs[1:]:
            d = promote(d, a.dtype)
        r = np.concatenate([a.a.astype(np_type(d)) for a in arrs], axis=axis)
        kw = {"axis": I(axis) if axis is not None else {"none": None}}
        cases.append(case(cid, [LIST([A(a) for a in arrs])], Arr(d, r), kwargs=kw))
    bad = [mk("float32", [[1.0, 2.0]]), mk("float32", [[1.0, 2.0, 3.0]])]
    cases.append(case("shapes_differ", [LIST([A(a) for a in bad])], ERR("Shape"), kwargs={"axis": I(0)},
                      note="numpy raises ValueError too"))
    cases.append(case("axis_out_of_range", [LIST([A(bad[0])])], ERR("Axis"), kwargs={"axis": I(2)},
                      note="numpy raises AxisError too"))
    cases.append(case("no_arrays", [LIST([])], ERR("InvalidArgument"),
                      note="numpy raises ValueError too"))
    return cases



# ------------------------------------------------------------------ the other element-wise ops
#
# One generator for every remaining element-wise op: a row of ELEMENTWISE says which dtype
# classes the op computes (as its kernel row does), how exact its results are and what they
# are; the cases (every dtype, special values, 0-d, empty, and for binary ops mixed dtypes,
# scalars and broadcasting) follow from it.

UNIT = [-1.0, -0.75, -0.5, -0.125, 0.0, 0.25, 0.5, 0.875, 1.0]


def bits_of(d):
    return np.iinfo(np_type(d)).bits


def wrap_int(v, d):
    """A Python int wrapped into integer dtype `d` (two's complement)."""
    info, n = np.iinfo(np_type(d)), bits_of(d)
    v %= 1 << n
    return v - (1 << n) if info.min < 0 and v >= 1 << (n - 1) else v


def ipow(a, b, d):
    """ivy-rs's integer power: wrapping; a negative exponent truncates toward zero."""
    a, b = int(a), int(b)
    if b < 0:
        return 1 if a == 1 else ((-1 if b % 2 else 1) if a == -1 else 0)
    return wrap_int(pow(a, b, 1 << bits_of(d)), d)


def int_pow_ref(x1: Arr, x2: Arr):
    d = x1.dtype
    a1, a2 = np.broadcast_arrays(x1.a, x2.a)
    return Arr(d, np.array([ipow(a, b, d) for a, b in zip(a1.ravel(), a2.ravel())],
                           dtype=np_type(d)).reshape(a1.shape))


NEG_INT_POW = ("an integer raised to a negative integer power is the real result truncated "
               "toward zero (1 for base 1, +-1 for base -1, else 0; the Array API leaves it "
               "unspecified); numpy raises ValueError")

# op -> (numpy function, arity, classes computed, result, tol for float classes, unary
#        real pool ("unit" adds values in [-1, 1]))
ELEMENTWISE = {
    "acos": (np.arccos, 1, "real complex", "same", "transcendental"),
    "asin": (np.arcsin, 1, "real complex", "same", "transcendental"),
    "atan": (np.arctan, 1, "real complex", "same", "transcendental"),
    "acosh": (np.arccosh, 1, "real complex", "same", "transcendental"),
    "asinh": (np.arcsinh, 1, "real complex", "same", "transcendental"),
    "atanh": (np.arctanh, 1, "real complex", "same", "transcendental"),
    "expm1": (np.expm1, 1, "real complex", "same", "transcendental"),
    "log1p": (np.log1p, 1, "real complex", "same", "transcendental"),
    "erf": (np.vectorize(math.erf, otypes=[np.float64]), 1, "real", "same", "transcendental"),
    "erfc": (np.vectorize(math.erfc, otypes=[np.float64]), 1, "real", "same", "transcendental"),
    "log2": (np.log2, 1, "real complex", "same", "transcendental"),
    "log10": (np.log10, 1, "real complex", "same", "transcendental"),
    "sqrt": (np.sqrt, 1, "real complex", "same", "transcendental"),
    "square": (np.square, 1, "int real complex", "same", "arith"),
    "sign": (np.sign, 1, "int real complex", "same", "exact"),
    "positive": (np.positive, 1, "int real complex", "same", "exact"),
    "conj": (np.conj, 1, "int real complex", "same", "exact"),
    "ceil": (np.ceil, 1, "int real bool", "same", "exact"),
    "floor": (np.floor, 1, "int real bool", "same", "exact"),
    "trunc": (np.trunc, 1, "int real bool", "same", "exact"),
    "round": (np.round, 1, "int real complex", "same", "exact"),
    "bitwise_invert": (np.invert, 1, "int bool", "same", "exact"),
    "abs": (np.abs, 1, "int real complex bool", "to_real", "exact"),
    "real": (np.real, 1, "int real complex bool", "to_real", "exact"),
    "imag": (np.imag, 1, "int real complex bool", "to_real", "exact"),
    "logical_not": (np.logical_not, 1, "int real complex bool", "bool", "exact"),
    "atan2": (np.arctan2, 2, "real", "same", "transcendental"),
    "copysign": (np.copysign, 2, "real", "same", "exact"),
    "hypot": (np.hypot, 2, "real", "same", "transcendental"),
    "logaddexp": (np.logaddexp, 2, "real", "same", "transcendental"),
    "heaviside": (np.heaviside, 2, "real", "same", "exact"),
    "pow": (np.power, 2, "int real complex", "same", "transcendental"),
    "remainder": (np.remainder, 2, "int real", "same", "arith"),
    "floor_divide": (np.floor_divide, 2, "int real", "same", "arith"),
    "bitwise_and": (np.bitwise_and, 2, "int bool", "same", "exact"),
    "bitwise_or": (np.bitwise_or, 2, "int bool", "same", "exact"),
    "bitwise_xor": (np.bitwise_xor, 2, "int bool", "same", "exact"),
    "bitwise_left_shift": (np.left_shift, 2, "int", "same", "exact"),
    "bitwise_right_shift": (np.right_shift, 2, "int", "same", "exact"),
    "logical_and": (np.logical_and, 2, "int real complex bool", "bool", "exact"),
    "logical_or": (np.logical_or, 2, "int real complex bool", "bool", "exact"),
    "logical_xor": (np.logical_xor, 2, "int real complex bool", "bool", "exact"),
}

TRANSCENDENTAL_REF = ("float16, bfloat16, float32 and complex64 results are computed in float64 "
                      "(complex128) and rounded once to the dtype")


def class_of(d):
    return "int" if d in INTS else "real" if d in REALS else "complex" if d in COMPLEX else "bool"


def real_of(d):
    return {"complex64": "float32", "complex128": "float64"}.get(d, d)


def ew_ref(op, xs, d):
    """The expected result of `op` on arrays `xs` (all of dtype `d`, which the op computes)."""
    f, _, _, result, tol = ELEMENTWISE[op]
    cls = class_of(d)
    with np.errstate(all="ignore"):
        if result == "bool":
            return bools_of(f(*[x.a for x in xs]))
        if op == "pow" and cls == "int":
            return int_pow_ref(*xs)
        if cls in ("int", "bool"):
            r = np.asarray(f(*[x.a for x in xs]))
            return Arr(d, r.astype(np_type(d)))
        out = real_of(d) if result == "to_real" else d
        if tol == "transcendental" and d not in ("float64", "complex128"):
            return round_to(out, f(*[as_float(x) for x in xs]))
        if d == "bfloat16":
            return via_f32_bf16(f(*[x.a.astype(np.float32) for x in xs]))
        return Arr(out, np.asarray(f(*[x.a for x in xs])).astype(np_type(out)))


def ew_tol(op, d):
    tol = ELEMENTWISE[op][4]
    if class_of(d) in ("int", "bool") or ELEMENTWISE[op][3] == "bool":
        return "exact"
    if op == "abs" and class_of(d) == "complex":
        # |z| = hypot(re, im) is not correctly rounded in every libm (numpy's |2 + 10j| is
        # 1 ULP from sqrt(104), ivy-rs's is the nearest double)
        return "transcendental"
    if tol == "arith":
        # one rounding of an exact result (square, remainder, floor_divide): exact, except
        # complex square (a product, not one correctly rounded operation)
        return "transcendental" if class_of(d) == "complex" else "exact"
    return tol


def computes(op, d):
    return class_of(d) in ELEMENTWISE[op][2].split()


def int_as_float(op):
    cl = ELEMENTWISE[op][2].split()
    return "int" not in cl and "bool" not in cl and ELEMENTWISE[op][3] != "bool"


def unary_pool(op, d, rng):
    """(case id, values) pairs of dtype `d` for a unary op."""
    if d in REALS:
        return [("edge", FLOAT_EDGE + FLOAT_EXTRA[d]), ("unit", UNIT),
                ("random", grid(rng, 8, -6, 6, 16))]
    if d in COMPLEX:
        return [(cid, [complex(*p) for p in pool]) for cid, pool in
                (("values", COMPLEX_VALUES), ("special", COMPLEX_SPECIAL),
                 ("standard", COMPLEX_STANDARD))]
    if d in INTS:
        return [("edge", INT_EDGE[d])]
    return [("edge", [True, False])]


def shift_pool(d):
    n = bits_of(d)
    return [0, 1, 2, 7, n - 1, n, n + 5, -1 if np.iinfo(np_type(d)).min < 0 else 3, 3]


def binary_pool(op, d, rng):
    if d in REALS:
        v1 = [BIN_F16_SUB.get(v, v) for v in BIN_REAL_X1] if d == "float16" else BIN_REAL_X1
        v2 = [BIN_F16_SUB.get(v, v) for v in BIN_REAL_X2] if d == "float16" else BIN_REAL_X2
        return [("edge", v1, v2), ("random", grid(rng, 6), grid(rng, 6))]
    if d in COMPLEX:
        p1 = [(1.0, 2.0), (-1.5, 0.5), (0.0, 0.0), (3.0, -4.0), (2.0, 1.0), (0.5, 0.0), (NAN, 0.0)]
        p2 = [(0.5, -1.0), (2.0, 0.0), (1.0, 1.0), (3.0, 0.0), (-2.0, 0.0), (1.0, 2.0), (1.0, 1.0)]
        return [("values", [complex(*p) for p in p1], [complex(*p) for p in p2])]
    if d in INTS:
        v1, v2 = BIN_INT[d]
        if op.startswith("bitwise_") and op.endswith("shift"):
            v2 = shift_pool(d)
        return [("edge", v1, v2)]
    return [("edge", [True, True, False, False], [True, False, True, False])]


def unsupported_case(op, cid, xs, f):
    npa = np_answer(lambda: f(*[x.a for x in xs]))
    if isinstance(npa, str):
        return case(cid, [A(x) for x in xs], ERR("UnsupportedDtype"),
                    note=f"numpy rejects {op} on this dtype too", numpy=npa)
    return case(cid, [A(x) for x in xs], ERR("UnsupportedDtype"),
                ivy_differs=f"{op} is defined for {ELEMENTWISE[op][2].replace(' ', ', ')} "
                            "dtypes only (the Array API; ivy support " + op + "); numpy also "
                            "takes this one", numpy=npa)


def gen_elementwise(op):
    f, arity, _, _, _ = ELEMENTWISE[op]
    rng = rng_for(op)
    cases = []
    ref_note = TRANSCENDENTAL_REF if ELEMENTWISE[op][4] == "transcendental" else None
    for d in ALL:
        pools = unary_pool(op, d, rng) if arity == 1 else binary_pool(op, d, rng)
        for pool in pools:
            cid = f"{d}/{pool[0]}"
            if d in COMPLEX:
                xs = [mk(d, v) for v in pool[1:]]
            else:
                xs = [mk(d, v) for v in pool[1:]]
            if computes(op, d):
                extra = {}
                if op == "pow" and d in INTS and any(int(v) < 0 for v in xs[1].a.ravel()):
                    extra = dict(ivy_differs=NEG_INT_POW,
                                 numpy=np_answer(lambda: f(xs[0].a, xs[1].a)))
                if class_of(d) == "complex" and ew_tol(op, d) != "exact":
                    extra["signed_zeros"] = False
                ref = ew_ref(op, xs, d)
                if class_of(d) == "complex" and arity == 1:
                    ref, std = standard_complex(op, xs[0], ref)
                    extra.update(std)
                cases.append(case(cid, [A(x) for x in xs], ref, ew_tol(op, d),
                                  note=ref_note if d not in INTS + ["bool"] else None, **extra))
            elif int_as_float(op) and d in INTS + ["bool"]:
                fd = int_float(d)
                xf = [Arr(fd, x.a.astype(np_type(fd))) for x in xs]
                cases.append(case(cid + f"_as_{fd}", [A(x) for x in xs],
                                  ew_ref(op, xf, fd), ew_tol(op, fd),
                                  **int_case_extra(d, np_answer(lambda: f(*[x.a for x in xs])))))
            else:
                cases.append(unsupported_case(op, cid, xs, f))
                break
    # shapes: 0-d and empty, in the first dtype the op computes
    d0 = next(d for d in ("float32", "int32", "bool") if computes(op, d))
    v = {"float32": 0.5, "int32": 3, "bool": True}[d0]
    xs = [mk(d0, v) for _ in range(arity)]
    cases.append(case(f"{d0}/0d", [A(x) for x in xs], ew_ref(op, xs, d0), ew_tol(op, d0)))
    xs = [mk(d0, np.zeros((0, 3)).astype(np_type(d0))) for _ in range(arity)]
    cases.append(case(f"{d0}/empty", [A(x) for x in xs], ew_ref(op, xs, d0), ew_tol(op, d0)))
    if arity == 2:
        # broadcasting, a scalar operand and mixed dtypes (Ivy's promotion)
        vals = {"float32": grid(rng, 6, 1, 5, 4), "int32": [1, 2, 3, 4, 5, 6],
                "bool": [True, False, True, True, False, False]}
        x1 = mk(d0, vals[d0], (2, 3))
        x2 = mk(d0, vals[d0][:3], (3,))
        cases.append(case(f"broadcast/{d0}/2x3+3", [A(x1), A(x2)], ew_ref(op, [x1, x2], d0),
                          ew_tol(op, d0)))
        x1, x2 = mk(d0, vals[d0][:3]), mk(d0, vals[d0][:2])
        cases.append(case("broadcast/incompatible", [A(x1), A(x2)], ERR("Shape"),
                          note="numpy raises ValueError too"))
        if d0 != "bool":
            sval = 2 if d0 == "int32" else 1.5
            x1 = mk(d0, vals[d0][:4])
            cases.append(case(f"scalar/{d0}+{type(sval).__name__}", [A(x1), I(sval) if isinstance(sval, int) else F(sval)],
                              ew_ref(op, [x1, mk(d0, [sval] * 4)], d0), ew_tol(op, d0)))
        mixed = [("int8", "uint8", "int16"), ("float16", "float32", "float32"),
                 ("int32", "float32", "float64"), ("uint8", "bool", "uint8")]
        for a, b, out in mixed:
            if not computes(op, out) and not (int_as_float(op) and out in INTS):
                continue
            pv = {"int8": [1, 3, 5], "uint8": [2, 1, 7], "float16": [1.5, -2.0, 0.25],
                  "float32": [0.5, 3.0, -1.25], "int32": [1, 2, 3], "bool": [True, False, True]}
            x1, x2 = mk(a, pv[a]), mk(b, pv[b])
            p1, p2 = Arr(out, x1.a.astype(np_type(out))), Arr(out, x2.a.astype(np_type(out)))
            if computes(op, out):
                r, differs = ew_ref(op, [p1, p2], out), None
            else:
                p1, p2 = Arr("float32", p1.a.astype(np.float32)), Arr("float32", p2.a.astype(np.float32))
                r, differs = ew_ref(op, [p1, p2], "float32"), INT_AS_F32
            cases.append(case(f"mixed/{a}+{b}", [A(x1), A(x2)], r,
                              ew_tol(op, out if computes(op, out) else "float32"),
                              ivy_differs=differs,
                              numpy=np_answer(lambda: f(x1.a, x2.a)) if differs else None))
    if op == "remainder":
        cases += fmod_cases()
    return cases



# ------------------------------------------------------------------ manipulation


def none_or(v, enc):
    return {"none": None} if v is None else enc(v)


def gen_reshape():
    cases = []
    x = mk("float32", grid(rng_for("reshape"), 6), (2, 3))
    for cid, shape in (("2x3_to_3x2", [3, 2]), ("infer", [-1]), ("infer_middle", [1, -1, 2]),
                       ("same", [2, 3])):
        cases.append(case(f"float32/{cid}", [A(x), INTLIST(shape)], Arr("float32", x.a.reshape(shape))))
    for d in ("int8", "uint64", "bool", "complex128", "bfloat16"):
        y = mk(d, [True, False, True, True] if d == "bool" else [1, 2, 3, 4], (4,)) if d not in COMPLEX \
            else cx(d, [(1, 2), (3, 4), (5, 6), (7, 8)])
        cases.append(case(f"{d}/2x2", [A(y), INTLIST([2, 2])], Arr(d, y.a.reshape(2, 2))))
    z = mk("float64", 2.5)
    cases.append(case("float64/0d_to_1", [A(z), INTLIST([1, 1])], Arr("float64", z.a.reshape(1, 1))))
    e = mk("int32", np.zeros((0, 3), np.int32))
    cases.append(case("int32/empty", [A(e), INTLIST([3, 0])], Arr("int32", e.a.reshape(3, 0))))
    for cid, shape in (("size_differs", [4, 2]), ("two_inferred", [-1, -1]), ("negative", [-2, -3])):
        cases.append(case(f"error/{cid}", [A(x), INTLIST(shape)], ERR("InvalidArgument"),
                          note="numpy raises ValueError too"))
    return cases


def gen_permute_dims():
    x = mk("float32", grid(rng_for("permute_dims"), 24), (2, 3, 4))
    cases = [case(f"float32/{'_'.join(map(str, p))}", [A(x), INTLIST(p)],
                  Arr("float32", np.transpose(x.a, p)))
             for p in ([2, 0, 1], [0, 1, 2], [-1, 0, 1])]
    b = mk("bool", [[True, False, True], [False, False, True]])
    cases.append(case("bool/2d", [A(b), INTLIST([1, 0])], Arr("bool", b.a.T)))
    c = cx("complex64", [(1, 2), (3, 4)], (1, 2))
    cases.append(case("complex64/2d", [A(c), INTLIST([1, 0])], Arr("complex64", c.a.T)))
    cases.append(case("error/repeated", [A(x), INTLIST([0, 0, 1])], ERR("InvalidArgument"),
                      note="numpy raises ValueError too"))
    cases.append(case("error/too_few", [A(x), INTLIST([1, 0])], ERR("InvalidArgument"),
                      note="numpy raises ValueError too"))
    cases.append(case("error/out_of_range", [A(x), INTLIST([0, 1, 3])], ERR("Axis"),
                      note="numpy raises AxisError too"))
    return cases


def gen_take():
    x = mk("float32", grid(rng_for("take"), 12), (3, 4))
    cases = []
    i = mk("int64", [2, 0, -1])
    cases.append(case("float32/flat", [A(x), A(i)], Arr("float32", np.take(x.a, i.a)),
                      kwargs={"axis": {"none": None}}))
    for ax in (0, 1, -1):
        j = mk("int32", [1, -1, 0, 1][: 3 if ax == 0 else 4])
        cases.append(case(f"float32/axis{ax}", [A(x), A(j)], Arr("float32", np.take(x.a, j.a, axis=ax)),
                          kwargs={"axis": I(ax)}))
    j2 = mk("uint8", [[0, 1], [2, 2]])
    cases.append(case("float32/2d_indices", [A(x), A(j2)], Arr("float32", np.take(x.a, j2.a, axis=0)),
                      kwargs={"axis": I(0)}))
    for d in ("int16", "bool", "complex128", "float16"):
        y = (cx(d, [(1, 2), (3, 4), (5, 6)]) if d in COMPLEX
             else mk(d, [True, False, True] if d == "bool" else [1, 2, 3]))
        k = mk("int64", [2, 2, 0])
        cases.append(case(f"{d}/gather", [A(y), A(k)], Arr(d, np.take(y.a, k.a)), kwargs={"axis": I(0)}))
    empty = mk("int64", np.zeros(0, np.int64))
    cases.append(case("float32/no_indices", [A(x), A(empty)], Arr("float32", np.take(x.a, empty.a, axis=1)),
                      kwargs={"axis": I(1)}))
    cases.append(case("error/out_of_range", [A(x), A(mk("int64", [3]))], ERR("InvalidArgument"),
                      kwargs={"axis": I(0)}, note="numpy raises IndexError too"))
    cases.append(case("error/float_indices", [A(x), A(mk("float32", [1.0]))], ERR("InvalidArgument"),
                      kwargs={"axis": I(0)}, note="numpy raises TypeError too"))
    return cases


def gen_expand_dims():
    x = mk("float32", [[1.5, 2.0, -3.0]])
    cases = [case(f"float32/axis{ax}", [A(x), I(ax)], Arr("float32", np.expand_dims(x.a, ax)))
             for ax in (0, 1, 2, -1, -3)]
    z = mk("int8", 7)
    cases.append(case("int8/0d", [A(z), I(0)], Arr("int8", np.expand_dims(z.a, 0))))
    cases.append(case("error/axis", [A(x), I(3)], ERR("Axis"), note="numpy raises AxisError too"))
    return cases


def gen_squeeze():
    x = mk("float32", grid(rng_for("squeeze"), 3), (1, 3, 1))
    cases = [case(f"float32/{'_'.join(map(str, a))}", [A(x), INTLIST(a)],
                  Arr("float32", np.squeeze(x.a, tuple(a)))) for a in ([0], [-1], [0, 2])]
    b = mk("bool", [[True]])
    cases.append(case("bool/all", [A(b), INTLIST([0, 1])], Arr("bool", np.squeeze(b.a))))
    cases.append(case("error/not_one", [A(x), INTLIST([1])], ERR("InvalidArgument"),
                      note="numpy raises ValueError too"))
    cases.append(case("error/axis", [A(x), INTLIST([3])], ERR("Axis"), note="numpy raises AxisError too"))
    return cases


def gen_matrix_transpose():
    rng = rng_for("matrix_transpose")
    cases = []
    for shape in ((2, 3), (4, 2, 3), (1, 2, 1, 3)):
        x = mk("float64", grid(rng, int(np.prod(shape))), shape)
        cases.append(case(f"float64/{'x'.join(map(str, shape))}", [A(x)],
                          Arr("float64", np.swapaxes(x.a, -1, -2))))
    x = mk("int32", [1, 2, 3])
    cases.append(case("error/1d", [A(x)], ERR("InvalidArgument"),
                      note="numpy's matrix_transpose raises ValueError too"))
    return cases


def gen_moveaxis():
    x = mk("float32", grid(rng_for("moveaxis"), 24), (2, 3, 4))
    cases = []
    for src, dst in (([0], [-1]), ([0, 1], [-1, -2]), ([2], [0]), ([0, 1, 2], [2, 1, 0])):
        cases.append(case(f"float32/{src}_to_{dst}".replace(" ", ""), [A(x), INTLIST(src), INTLIST(dst)],
                          Arr("float32", np.moveaxis(x.a, src, dst))))
    cases.append(case("error/lengths", [A(x), INTLIST([0]), INTLIST([1, 2])], ERR("InvalidArgument"),
                      note="numpy raises ValueError too"))
    cases.append(case("error/repeated", [A(x), INTLIST([0, 0]), INTLIST([1, 2])], ERR("InvalidArgument"),
                      note="numpy raises ValueError too"))
    return cases


def gen_flip():
    x = mk("float32", grid(rng_for("flip"), 6), (2, 3))
    cases = [case(f"float32/{cid}", [A(x)], Arr("float32", np.flip(x.a, ax)),
                  kwargs={"axis": none_or(ax, INTLIST)})
             for cid, ax in (("all", None), ("axis0", [0]), ("axis-1", [-1]), ("both", [0, 1]))]
    for d in ("int64", "bool", "complex64"):
        y = (cx(d, [(1, 2), (3, 4)]) if d in COMPLEX else mk(d, [True, False] if d == "bool" else [1, 2]))
        cases.append(case(f"{d}/1d", [A(y)], Arr(d, np.flip(y.a))))
    z = mk("float32", 1.5)
    cases.append(case("float32/0d", [A(z)], Arr("float32", np.flip(z.a))))
    return cases


def gen_roll():
    x = mk("float32", grid(rng_for("roll"), 6), (2, 3))
    cases = [case("float32/flat", [A(x), INTLIST([1])], Arr("float32", np.roll(x.a, 1)))]
    cases.append(case("float32/flat_negative", [A(x), INTLIST([-7])], Arr("float32", np.roll(x.a, -7))))
    cases.append(case("float32/axis1", [A(x), INTLIST([5])], Arr("float32", np.roll(x.a, 5, axis=1)),
                      kwargs={"axis": INTLIST([1])}))
    cases.append(case("float32/two_axes", [A(x), INTLIST([1, -1])],
                      Arr("float32", np.roll(x.a, (1, -1), axis=(0, 1))), kwargs={"axis": INTLIST([0, 1])}))
    cases.append(case("float32/one_shift_two_axes", [A(x), INTLIST([1])],
                      Arr("float32", np.roll(x.a, 1, axis=(0, 1))), kwargs={"axis": INTLIST([0, 1])}))
    cases.append(case("error/shift_count", [A(x), INTLIST([1, 2])], ERR("InvalidArgument"),
                      kwargs={"axis": INTLIST([0, 1, 0])}, note="numpy raises ValueError too"))
    return cases


def gen_stack():
    cases = []
    a, b = mk("float32", [1.5, 2.0, -3.0]), mk("float32", [4.0, 5.0, 6.0])
    for ax in (0, 1, -1):
        cases.append(case(f"float32/axis{ax}", [LIST([A(a), A(b)])], Arr("float32", np.stack([a.a, b.a], ax)),
                          kwargs={"axis": I(ax)}))
    c = mk("int8", [1, -2, 3])
    d = promote("int8", "float32")
    cases.append(case("int8+float32/promoted", [LIST([A(c), A(a)])],
                      Arr(d, np.stack([c.a.astype(np_type(d)), a.a.astype(np_type(d))])), kwargs={"axis": I(0)}))
    cases.append(case("error/shapes", [LIST([A(a), A(mk("float32", [1.0]))])], ERR("Shape"),
                      kwargs={"axis": I(0)}, note="numpy raises ValueError too"))
    return cases


def gen_unstack():
    x = mk("float32", grid(rng_for("unstack"), 6), (2, 3))
    cases = []
    for ax in (0, 1, -1):
        parts = [Arr("float32", p) for p in np.unstack(x.a, axis=ax)]
        cases.append(case(f"float32/axis{ax}", [A(x)], LIST([enc_array(p) for p in parts]),
                          kwargs={"axis": I(ax)}))
    cases.append(case("error/axis", [A(x)], ERR("Axis"), kwargs={"axis": I(2)},
                      note="numpy raises AxisError too"))
    return cases


def gen_tile():
    x = mk("float32", [[1.5, 2.0], [-3.0, 4.0]])
    cases = [case(f"float32/{'_'.join(map(str, r))}", [A(x), INTLIST(r)], Arr("float32", np.tile(x.a, r)))
             for r in ([2], [2, 1], [1, 3], [2, 1, 2], [0])]
    y = mk("uint8", [1, 2, 3])
    cases.append(case("uint8/2d_reps", [A(y), INTLIST([2, 2])], Arr("uint8", np.tile(y.a, (2, 2)))))
    cases.append(case("error/negative", [A(x), INTLIST([-1])], ERR("InvalidArgument"),
                      note="numpy raises ValueError too"))
    return cases


def gen_repeat():
    x = mk("float32", [[1.5, 2.0], [-3.0, 4.0]])
    cases = [case("float32/flat", [A(x), INTLIST([2])], Arr("float32", np.repeat(x.a, 2))),
             case("float32/axis0", [A(x), INTLIST([1, 3])], Arr("float32", np.repeat(x.a, [1, 3], axis=0)),
                  kwargs={"axis": I(0)}),
             case("float32/axis-1_zero", [A(x), INTLIST([0])], Arr("float32", np.repeat(x.a, 0, axis=-1)),
                  kwargs={"axis": I(-1)})]
    b = mk("bool", [True, False])
    cases.append(case("bool/1d", [A(b), INTLIST([2, 1])], Arr("bool", np.repeat(b.a, [2, 1]))))
    cases.append(case("error/counts", [A(x), INTLIST([1, 2, 3])], ERR("InvalidArgument"),
                      kwargs={"axis": I(0)}, note="numpy raises ValueError too"))
    cases.append(case("error/negative", [A(x), INTLIST([-1])], ERR("InvalidArgument"),
                      note="numpy raises ValueError too"))
    # repeats as an int and as an integer array (the Array API's `int | array`)
    cases.append(case("float32/int", [A(x), I(2)], Arr("float32", np.repeat(x.a, 2))))
    r = mk("int64", [2, 0])
    cases.append(case("float32/array_axis0", [A(x), A(r)], Arr("float32", np.repeat(x.a, r.a, axis=0)),
                      kwargs={"axis": I(0)}))
    r = mk("int32", [1, 0, 2, 3])
    cases.append(case("float32/array_flat", [A(x), A(r)], Arr("float32", np.repeat(x.a, r.a))))
    r = mk("int64", [3])
    cases.append(case("bool/array_one", [A(b), A(r)], Arr("bool", np.repeat(b.a, r.a))))
    r = mk("float32", [1.0, 2.0])
    cases.append(case("error/float_array", [A(x), A(r)], ERR("InvalidArgument"), kwargs={"axis": I(0)},
                      note="numpy raises TypeError too"))
    return cases


MANIPULATION = {
    "reshape": (gen_reshape, "np.reshape"), "permute_dims": (gen_permute_dims, "np.transpose"),
    "take": (gen_take, "np.take"), "expand_dims": (gen_expand_dims, "np.expand_dims"),
    "squeeze": (gen_squeeze, "np.squeeze"), "matrix_transpose": (gen_matrix_transpose, "np.swapaxes(x, -1, -2)"),
    "moveaxis": (gen_moveaxis, "np.moveaxis"), "flip": (gen_flip, "np.flip"), "roll": (gen_roll, "np.roll"),
    "stack": (gen_stack, "np.stack"), "unstack": (gen_unstack, "np.unstack"), "tile": (gen_tile, "np.tile"),
    "repeat": (gen_repeat, "np.repeat"),
}

# ------------------------------------------------------------------ driver

ABOUT = {
    "tan": "np.tan", "sin": "np.sin", "cos": "np.cos", "sinh": "np.sinh", "cosh": "np.cosh",
    "tanh": "np.tanh", "log": "np.log", "exp": "np.exp",
    "negative": "np.negative", "softplus": "np.logaddexp(0, x)",
    "add": "np.add", "subtract": "np.subtract", "multiply": "np.multiply",
    "divide": "np.divide (true division)", "maximum": "np.maximum", "minimum": "np.minimum",
    "clip": "np.clip", "sum": "np.sum", "cross_entropy": "-sum(log(clip(pred, eps, 1 - eps)) * true, axis)",
    "nansum": "np.nansum",
    "binary_cross_entropy": "mean/sum over axis of -(t log(clip(p)) + (1 - t) log(1 - clip(p))), t smoothed; logits: max(x, 0) - x t + log1p(exp(-|x|)), pos_weight: Ivy's sigmoid form",
    "sparse_cross_entropy": "-log(clip(take_along_axis(pred, true, axis), eps, 1 - eps))",
    "astype": "ndarray.astype", "zeros": "np.zeros", "ones": "np.ones", "full": "np.full",
    "arange": "np.arange", "asarray": "np.asarray", "zeros_like": "np.zeros_like",
    "ones_like": "np.ones_like", "full_like": "np.full_like", "broadcast_to": "np.broadcast_to",
    "broadcast_arrays": "np.broadcast_arrays", "concat": "np.concatenate",
    **{op: f"np.{row[0].__name__}" for op, row in ELEMENTWISE.items()},
    "remainder": "np.remainder (np.fmod for modulus=False)",
    "erf": "math.erf (numpy has no erf), element-wise in float64",
    "erfc": "math.erfc (numpy has no erfc), element-wise in float64",
    "gelu": "x/2 erfc(-x/sqrt(2)) (math.erfc, the argument's rounding corrected); approximate: x sigmoid(2 sqrt(2/pi) (x + 0.044715 x^3)) in 50-digit Decimal",
    **{op: about for op, (_, about) in MANIPULATION.items()},
    **{op: f"np.{op}" for op in ("isnan", "isinf", "isfinite", "signbit", "equal",
                                  "not_equal", "less", "less_equal", "greater",
                                  "greater_equal")},
}

GENERATORS = {
    **{op: (lambda op=op: gen_unary(op)) for op in UNARY},
    "negative": gen_negative,
    "softplus": gen_softplus,
    "gelu": gen_gelu,
    **{op: (lambda op=op: gen_binary(op)) for op in BIN_NP},
    **{op: (lambda op=op: gen_predicate(op)) for op in PREDICATES},
    **{op: (lambda op=op: gen_compare(op)) for op in COMPARE},
    "clip": gen_clip,
    "sum": gen_sum,
    "nansum": gen_nansum,
    "cross_entropy": gen_cross_entropy,
    "binary_cross_entropy": gen_binary_cross_entropy,
    "sparse_cross_entropy": gen_sparse_cross_entropy,
    "astype": gen_astype,
    "zeros": lambda: gen_zeros_ones("zeros"),
    "ones": lambda: gen_zeros_ones("ones"),
    "full": gen_full,
    "arange": gen_arange,
    "asarray": gen_asarray,
    "zeros_like": lambda: gen_like("zeros_like"),
    "ones_like": lambda: gen_like("ones_like"),
    "full_like": lambda: gen_like("full_like"),
    "broadcast_to": gen_broadcast_to,
    "broadcast_arrays": gen_broadcast_arrays,
    "concat": gen_concat,
    **{op: (lambda op=op: gen_elementwise(op)) for op in ELEMENTWISE},
    **{op: gen for op, (gen, _) in MANIPULATION.items()},
}


# Files outside spec/golden/ that plug-ins write on request: name -> function writing the
# file and returning its size. Filled from the plug-ins' optional `FILES`.
FILES = {}


def load_plugins():
    """Generator modules beside this file, `golden_<group>.py`: each defines `GENERATORS`
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
