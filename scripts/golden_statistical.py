"""Golden vectors of the reductions and statistics (`sum`, `nansum`, `prod`, `max`, `min`, `all`,
`any`, `mean`, `var`, `std`, `cumulative_sum`, `argmax`, `argmin`): the statistical family's
generator module of golden.py."""

from golden import *  # noqa: F401,F403
from golden import (A, ACC_INT, B, COMPLEX, ERR, INTS, INT_SUM, REALS, Arr, I, INTLIST, case, cx, grid, mk,
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
        # complex: numpy's lexicographic order (the standard orders real numbers only; numpy
        # and Ivy agree), the first number with a NaN component winning
        c = cx("complex64", [(1.0, 2.0), (1.0, 3.0), (0.0, 9.0)], None)
        cases.append(case("complex64/lexicographic", [A(c)], Arr("complex64", np.asarray(f(c.a)))))
        c = cx("complex128", [(3.0, 0.0), (1.0, float("nan")), (2.0, 0.0), (float("nan"), 1.0)], None)
        cases.append(case("complex128/nan", [A(c)], Arr("complex128", np.asarray(f(c.a)))))
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


STAT_INT = ("integers are computed in the default float dtype (float32); numpy gives float64 "
            "(Ivy 1.0.0.5 keeps the integer dtype)")


def stat_dtype(d):
    # integers: ivy_core::int_float_dtype (float64 for int64 / uint64, else the default float)
    if d in ("int64", "uint64"):
        return "float64"
    return "float32" if d in INTS or d == "bool" else d


def stat_atol(x: Arr, d):
    from golden import EPS, as_float
    xf = np.abs(as_float(x))
    n = max(xf.size, 1)
    return float(8 * n * EPS[d if d in EPS else "float32"] * max(1.0, float(xf.max()) if xf.size else 1.0) ** 2)


def stat_gen(op):
    def ref(x: Arr, axis=None, keepdims=False, correction=0.0):
        d = stat_dtype(x.dtype)
        src = x.a.astype(np.complex128 if d in COMPLEX else np.float64)
        with np.errstate(all="ignore"):
            if op == "mean":
                r = np.mean(src, axis=ax_of(axis), keepdims=keepdims)
            else:
                f = np.var if op == "var" else np.std
                r = f(src, axis=ax_of(axis), keepdims=keepdims, ddof=correction)
                d = {"complex64": "float32", "complex128": "float64"}.get(d, d)
        return round_to(d, np.asarray(r))

    def kw(axis=None, keepdims=None, correction=None):
        k = sum_kwargs(axis, keepdims)
        if correction is not None:
            from golden import F
            k["correction"] = F(correction)
        return k

    def gen():
        rng = rng_for(op)
        cases = []
        m = mk("float32", [[1.0, 2.0, 3.5], [4.0, -5.0, 6.5]])
        for cid, axis, keep in (("all", None, None), ("axis0", 0, None), ("axis1", 1, None),
                                ("axis-1_keepdims", -1, True), ("axes01", [0, 1], None)):
            cases.append(case(f"float32/{cid}", [A(m)], ref(m, axis, bool(keep)), "sum",
                              kwargs=kw(axis, keep), atol=stat_atol(m, "float32")))
        for d in REALS:
            x = mk(d, grid(rng, 20, -8, 8, 64), (4, 5))
            for axis in (None, 1):
                cases.append(case(f"{d}/random_{'all' if axis is None else 'axis1'}", [A(x)],
                                  ref(x, axis), "sum", kwargs=kw(axis), atol=stat_atol(x, d),
                                  signed_zeros=False))
        for d in ("int8", "int64", "uint8") + (("bool",) if op == "mean" else ()):
            x = mk(d, [[1, 0, 1], [1, 1, 1]] if d == "bool" else [[1, 2, 4], [7, 0, 3]])
            exp = ref(x, 1)
            # int64: float64, numpy's answer; narrower ints and bool: the default float
            differs = None if d == "int64" else STAT_INT
            cases.append(case(f"{d}/axis1", [A(x)], exp, "sum", kwargs=kw(1),
                              atol=stat_atol(x, stat_dtype(d)), ivy_differs=differs,
                              numpy=np_answer(lambda: getattr(np, op)(x.a, axis=1)) if differs else None))
        # int32 values whose float32 partial sums round: accumulated in float64, rounded once
        x = mk("int32", (np.arange(1024, dtype=np.int64) * 7919993) % 16777213)
        exp = ref(x)
        cases.append(case("int32/float64_accumulation", [A(x)], exp, "sum",
                          atol=float(np.abs(exp.a).max()) * 2.0 ** -23, ivy_differs=STAT_INT,
                          numpy=np_answer(lambda: getattr(np, op)(x.a))))
        for d in COMPLEX:
            x = cx(d, [(1.0, 2.0), (-0.5, 0.25), (3.0, -1.0), (0.0, 4.0)], None)
            cases.append(case(f"{d}/all", [A(x)], ref(x), "sum", atol=stat_atol(x, d)))
        x = mk("float64", [[1.0, NAN], [INF, 1.0], [2.0, 3.0]])
        cases.append(case("float64/nonfinite", [A(x)], ref(x, 1), kwargs=kw(1)))
        e = mk("float32", np.zeros((0, 3)))
        cases.append(case("float32/empty_axis0", [A(e)], ref(e, 0), kwargs=kw(0),
                          note="0 / 0: NaN, as numpy (which also warns)"))
        s = mk("float64", 2.5)
        cases.append(case("float64/0d", [A(s)], ref(s)))
        if op != "mean":
            x = mk("float64", [[1.0, 2.0, 4.0], [3.0, 3.0, 9.0]])
            for c in (1.0, 0.5, 3.0, 4.0):
                cases.append(case(f"float64/correction_{c}", [A(x)], ref(x, 1, False, c), "sum",
                                  kwargs=kw(1, None, c), atol=1e-12,
                                  note="n - correction is clamped at 0, as numpy" if c >= 3 else None))
            cases.append(case("error/negative_correction", [A(x)], ERR("InvalidArgument"),
                              kwargs=kw(None, None, -1.0), note="the standard requires correction >= 0"))
        return cases

    return gen


def cumsum_expected(x: Arr, axis=None, dtype=None, include_initial=False):
    d = dtype or widen(x.dtype)
    src = x.a if x.a.ndim else x.a.reshape(1)
    with np.errstate(all="ignore"):
        if d in ("bfloat16", "float16", "float32", "complex64"):
            # a running sum rounds at every step in its accumulation dtype (float32 for a
            # half-float result; float64, exact here, for integer or bool input), and each
            # output once to the dtype
            step = None if x.dtype in INTS or x.dtype == "bool" else (
                "complex64" if d in COMPLEX else "float32")
            ax = axis or 0
            acc = np.moveaxis(src, ax, 0).astype(np.complex128 if d in COMPLEX else np.float64)
            rows, run = [], None
            for row in acc:
                run = row if run is None else run + row
                if step:
                    run = round_to(step, run).a.astype(acc.dtype)
                rows.append(run)
            r = np.stack(rows) if rows else acc
            if include_initial:
                r = np.concatenate([np.zeros_like(r[:1]) if r.shape[0] else np.zeros((1,) + r.shape[1:]), r])
            return round_to(d, np.moveaxis(r, 0, ax))
        r = np.cumulative_sum(src, axis=axis, dtype=np_type(d), include_initial=include_initial)
        return Arr(d, r)


ACC_HALF = ("a float16/bfloat16 running sum accumulates in float32 and rounds each result once "
            "to the dtype; numpy's float16 running sum rounds at every step")


def gen_cumulative_sum():
    from golden import D
    cases = []
    x = mk("float64", [[1.5, 2.0, -3.0], [4.0, 5.0, 0.25]])
    for ax in (0, 1, -1):
        for inc in (False, True):
            cases.append(case(f"float64/axis{ax}{'_initial' if inc else ''}", [A(x)],
                              cumsum_expected(x, ax, None, inc),
                              kwargs={"axis": I(ax), "include_initial": B(inc)}))
    v = mk("float32", [1.0, 2.0, 0.5, NAN, 3.0])
    cases.append(case("float32/1d_nan", [A(v)], cumsum_expected(v)))
    for d in INTS:
        info = np.iinfo(np_type(d))
        y = mk(d, [info.max, 1, 2])
        exp = cumsum_expected(y)
        npr = np_answer(lambda: np.cumulative_sum(y.a))
        differs = INT_SUM if json.dumps(npr) != json.dumps(enc(exp)) else None
        cases.append(case(f"{d}/1d", [A(y)], exp, ivy_differs=differs, numpy=npr if differs else None))
    b = mk("bool", [True, False, True])
    cases.append(case("bool/1d", [A(b)], cumsum_expected(b), ivy_differs=INT_SUM,
                      numpy=np_answer(lambda: np.cumulative_sum(b.a))))
    for d in ("float16", "bfloat16"):
        h = mk(d, [0.1, 0.2, 0.3, 1000.0, 0.1])
        exp = cumsum_expected(h)
        # numpy (float16 only: it has no bfloat16) rounds its running sum at every step
        npr = np_answer(lambda: np.cumulative_sum(h.a)) if d == "float16" else None
        differs = ACC_HALF if npr is not None and json.dumps(npr) != json.dumps(enc(exp)) else None
        cases.append(case(f"{d}/1d", [A(h)], exp, "sum", atol=float(4 * 1024 * 2.0 ** -7),
                          ivy_differs=differs, numpy=npr if differs else None))
    c = cx("complex64", [(1.0, 2.0), (-0.5, 0.25), (3.0, -1.0)], None)
    cases.append(case("complex64/1d", [A(c)], cumsum_expected(c)))
    big = mk("int32", [16777216, 1, 1])
    exp = cumsum_expected(big, None, "float32")
    cases.append(case("int32/dtype_float32", [A(big)], exp, kwargs={"dtype": D("float32")},
                      ivy_differs=ACC_INT,
                      numpy=np_answer(lambda: np.cumulative_sum(big.a, dtype=np.float32))))
    i8 = mk("int8", [100, 100, 100])
    cases.append(case("int8/dtype_int8", [A(i8)], cumsum_expected(i8, None, "int8"),
                      kwargs={"dtype": D("int8")}))
    s = mk("float32", 2.5)
    cases.append(case("float32/0d", [A(s)], cumsum_expected(s), note="a 0-d array is treated as 1-d, as numpy"))
    e = mk("float32", np.zeros((0, 2)))
    cases.append(case("float32/empty_initial", [A(e)], cumsum_expected(e, 0, None, True),
                      kwargs={"axis": I(0), "include_initial": B(True)}))
    cases.append(case("error/axis_needed", [A(x)], ERR("InvalidArgument"),
                      note="numpy raises ValueError too"))
    return cases


def arg_gen(op):
    f = np.argmax if op == "argmax" else np.argmin

    def expected(x: Arr, axis=None, keepdims=False):
        return Arr("int64", np.asarray(f(x.a, axis=axis, keepdims=keepdims)))

    def gen():
        cases = []
        m = mk("float32", [[1.0, 7.0, 7.0, -2.0], [NAN, 0.0, 2.0, NAN], [3.0, -INF, INF, 3.0]])
        for cid, axis, keep in (("all", None, False), ("axis0", 0, False), ("axis1", 1, False),
                                ("axis-1_keepdims", -1, True), ("all_keepdims", None, True)):
            k = {"keepdims": B(keep)} if keep else {}
            if axis is not None:
                k["axis"] = I(axis)
            cases.append(case(f"float32/{cid}", [A(m)], expected(m, axis, keep), kwargs=k))
        for d in INTS + ["float16", "bfloat16", "float64", "bool"]:
            x = mk(d, [[1, 0, 1], [0, 0, 1]] if d == "bool" else [[3, 1, 3], [0, 5, 5]])
            cases.append(case(f"{d}/axis1", [A(x)], expected(x, 1), kwargs={"axis": I(1)}))
        s = mk("int32", 4)
        cases.append(case("int32/0d", [A(s)], expected(s)))
        e = mk("float32", np.zeros((2, 0)))
        cases.append(case("float32/empty_kept_axis", [A(e)], expected(e, 0), kwargs={"axis": I(0)}))
        cases.append(case("error/empty_axis", [A(e)], ERR("InvalidArgument"), kwargs={"axis": I(1)},
                          note="numpy raises ValueError too"))
        return cases

    return gen


GENERATORS.update({
    "mean": stat_gen("mean"), "var": stat_gen("var"), "std": stat_gen("std"),
    "cumulative_sum": gen_cumulative_sum, "argmax": arg_gen("argmax"), "argmin": arg_gen("argmin"),
})
ABOUT.update({"mean": "np.mean", "var": "np.var (ddof = correction)", "std": "np.std (ddof = correction)",
              "cumulative_sum": "np.cumulative_sum", "argmax": "np.argmax", "argmin": "np.argmin"})


# ------------------------------------------------------------------ sum, nansum



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


GENERATORS.update({"sum": gen_sum, "nansum": gen_nansum})
ABOUT.update({"sum": "np.sum", "nansum": "np.nansum"})
