"""Golden vectors of the reductions beyond `sum` (a plug-in of golden.py)."""

from golden import *  # noqa: F401,F403
from golden import (A, B, COMPLEX, ERR, INTS, INT_SUM, REALS, Arr, I, INTLIST, case, cx, grid, mk,
                    np_answer, np_type, rng_for, round_to, sum_atol, sum_kwargs, widen, NAN, INF)
import json
import numpy as np


def reduce_kwargs(axis=None, keepdims=None):
    return sum_kwargs(axis, keepdims)


def ax_of(axis):
    return tuple(axis) if isinstance(axis, list) else axis


def prod_expected(x: Arr, axis=None, keepdims=False):
    d = widen(x.dtype)
    ax = ax_of(axis)
    with np.errstate(all="ignore"):
        if d in ("bfloat16", "float16", "float32", "complex64"):
            wide = np.complex128 if d == "complex64" else np.float64
            r = np.prod(x.a.astype(wide), axis=ax, keepdims=keepdims)
            return round_to(d, np.asarray(r))
        return Arr(d, np.asarray(np.prod(x.a, axis=ax, keepdims=keepdims, dtype=np_type(d))))


def prod_atol(exp: Arr, n, d):
    from golden import EPS, as_float
    return float(4 * n * EPS[d] * max(1.0, float(np.max(np.abs(as_float(exp))))))


def gen_prod():
    rng = rng_for("prod")
    cases = []
    m = mk("float32", [[1.0, 2.0, 3.0], [4.0, 0.5, -6.5]])
    for cid, axis, keep in (("all", None, None), ("axis0", 0, None), ("axis-1_keepdims", -1, True),
                            ("axes_empty", [], None)):
        cases.append(case(f"float32/{cid}", [A(m)], prod_expected(m, axis, bool(keep)),
                          kwargs=reduce_kwargs(axis, keep)))
    e = mk("float64", np.zeros((0, 3)))
    cases.append(case("float64/empty_axis0", [A(e)], prod_expected(e, 0), kwargs=reduce_kwargs(0)))
    cases.append(case("float64/empty_all", [A(e)], prod_expected(e)))
    for d in REALS:
        x = mk(d, grid(rng, 12, -2, 2, 8), (3, 4))
        exp = prod_expected(x, 1)
        cases.append(case(f"{d}/random_axis1", [A(x)], exp, "sum", kwargs=reduce_kwargs(1),
                          signed_zeros=False, atol=prod_atol(exp, 4, d)))
    x = mk("float64", [[1.0, NAN], [INF, 0.0], [-INF, 2.0]])
    cases.append(case("float64/nonfinite", [A(x)], prod_expected(x, 1), kwargs=reduce_kwargs(1)))
    for d in COMPLEX:
        x = cx(d, [(1.0, 2.0), (-0.5, 0.25), (3.0, -1.0)], None)
        exp = prod_expected(x)
        cases.append(case(f"{d}/all", [A(x)], exp, "sum", atol=prod_atol(exp, 3, d)))
    for d in INTS:
        info = np.iinfo(np_type(d))
        x = mk(d, [[info.max, 2, 1], [3, 1, 2]])
        exp = prod_expected(x, 1)
        npr = np_answer(lambda: np.prod(x.a, axis=1))
        differs = INT_SUM if json.dumps(npr) != json.dumps(enc(exp)) else None
        cases.append(case(f"{d}/wrap_axis1", [A(x)], exp, kwargs=reduce_kwargs(1),
                          ivy_differs=differs, numpy=npr if differs else None))
    b = mk("bool", [True, True, False])
    cases.append(case("bool/all", [A(b)], prod_expected(b), ivy_differs=INT_SUM,
                      numpy=np_answer(lambda: np.prod(b.a))))
    return cases


def enc(a):
    from golden import enc_array
    return enc_array(a)


def extreme(op):
    f = np.max if op == "max" else np.min

    def expected(x: Arr, axis=None, keepdims=False):
        return Arr(x.dtype, np.asarray(f(x.a, axis=ax_of(axis), keepdims=keepdims)))

    def gen():
        rng = rng_for(op)
        cases = []
        m = mk("float32", [[1.0, 5.0, -3.0], [4.0, -0.5, 6.5]])
        for cid, axis, keep in (("all", None, None), ("axis0", 0, None), ("axis1", 1, None),
                                ("axis-1_keepdims", -1, True), ("axes01", [0, 1], None),
                                ("axes_empty", [], None)):
            cases.append(case(f"float32/{cid}", [A(m)], expected(m, axis, bool(keep)),
                              kwargs=reduce_kwargs(axis, keep)))
        t = mk("float64", grid(rng, 24), (2, 3, 4))
        for axis in ([0, 2], [1], [-1, 0]):
            cases.append(case(f"float64/3d_{'_'.join(map(str, axis))}", [A(t)], expected(t, axis),
                              kwargs=reduce_kwargs(axis)))
        for d in REALS:
            x = mk(d, [[1.0, NAN, 2.0], [-INF, 3.0, INF], [0.5, -1.0, NAN]])
            for axis in (None, 0, 1):
                cases.append(case(f"{d}/nan_{'all' if axis is None else f'axis{axis}'}", [A(x)],
                                  expected(x, axis), kwargs=reduce_kwargs(axis)))
        z = mk("float64", [[0.0, -0.0], [-0.0, 0.0]])
        cases.append(case("float64/signed_zeros", [A(z)], expected(z, 1), kwargs=reduce_kwargs(1),
                          signed_zeros=False, note="which zero max/min returns among equal zeros is "
                          "unspecified"))
        for d in INTS:
            info = np.iinfo(np_type(d))
            x = mk(d, [[info.max, 0, info.min], [1, 2, 3]])
            for axis in (None, 1):
                cases.append(case(f"{d}/{'all' if axis is None else 'axis1'}", [A(x)], expected(x, axis),
                                  kwargs=reduce_kwargs(axis)))
        b = mk("bool", [[True, False], [False, False]])
        cases.append(case("bool/axis1", [A(b)], expected(b, 1), kwargs=reduce_kwargs(1)))
        s = mk("int32", 7)
        cases.append(case("int32/0d", [A(s)], expected(s)))
        e = mk("float32", np.zeros((0, 3)))
        cases.append(case("float32/empty_kept_axis", [A(e)], expected(e, 1), kwargs=reduce_kwargs(1)))
        cases.append(case("error/empty_axis", [A(e)], ERR("InvalidArgument"), kwargs=reduce_kwargs(0),
                          note="numpy raises ValueError (no identity) too"))
        c = cx("complex64", [(1.0, 2.0)], None)
        cases.append(case("error/complex", [A(c)], ERR("UnsupportedDtype"),
                          note="the standard orders real numbers only; numpy orders complex "
                          "lexicographically", numpy=np_answer(lambda: f(c.a))))
        return cases

    return gen


def truth(op):
    f = np.all if op == "all" else np.any

    def expected(x: Arr, axis=None, keepdims=False):
        return Arr("bool", np.asarray(f(x.a, axis=ax_of(axis), keepdims=keepdims)))

    def gen():
        cases = []
        m = mk("float32", [[1.0, 0.0, NAN], [-0.0, 0.0, 0.0], [2.0, 3.0, -1.0]])
        for cid, axis, keep in (("all", None, None), ("axis0", 0, None), ("axis1", 1, None),
                                ("axis-1_keepdims", -1, True), ("axes_empty", [], None)):
            cases.append(case(f"float32/{cid}", [A(m)], expected(m, axis, bool(keep)),
                              kwargs=reduce_kwargs(axis, keep)))
        for d in INTS + ["bool", "float16", "bfloat16", "float64"]:
            x = mk(d, [[1, 0], [0, 0], [1, 1]] if d != "bool" else [[True, False], [False, False], [True, True]])
            cases.append(case(f"{d}/axis1", [A(x)], expected(x, 1), kwargs=reduce_kwargs(1)))
        for d in COMPLEX:
            x = cx(d, [(0.0, 1.0), (0.0, 0.0), (NAN, 0.0)], None)
            cases.append(case(f"{d}/all", [A(x)], expected(x)))
        e = mk("float32", np.zeros((0, 3)))
        cases.append(case("float32/empty_axis0", [A(e)], expected(e, 0), kwargs=reduce_kwargs(0)))
        cases.append(case("float32/empty_all", [A(e)], expected(e)))
        s = mk("int64", 0)
        cases.append(case("int64/0d", [A(s)], expected(s)))
        return cases

    return gen


GENERATORS = {
    "prod": gen_prod,
    "max": extreme("max"),
    "min": extreme("min"),
    "all": truth("all"),
    "any": truth("any"),
}

ABOUT = {"prod": "np.prod", "max": "np.max", "min": "np.min", "all": "np.all", "any": "np.any"}
