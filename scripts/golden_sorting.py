"""Golden vectors of the sorting, searching and set functions (sort, argsort, searchsorted,
nonzero, unique_all, unique_counts, unique_inverse, unique_values): a plug-in of
golden.py (``python3 scripts/golden.py sort argsort ...``).

Reference: numpy 2.1.3. numpy has no descending sort: the descending reference is a stable
sort written here (numbers reversed, equal elements in their original order, NaNs last),
and the ascending one is checked against ``np.argsort(kind="stable")``."""

from golden import *  # noqa: F401,F403
from golden import np, NAN, INF, INTS, REALS, COMPLEX, Arr, mk, cx, A, I, B, LIST, ERR, STR, case, enc_array, np_answer

SORT_DTYPES = ["int8", "uint8", "int16", "int64", "uint64", "float16", "bfloat16", "float32", "float64", "bool"]

COMPLEX_NOT_REAL = ("sort, argsort and searchsorted take real dtypes and bool only (the Array "
                    "API's real-valued inputs); numpy also orders complex numbers "
                    "lexicographically")
ZERO_SIGN = ("-0.0 and +0.0 are one value; ivy-rs keeps the first occurring one in every unique_* "
             "op (the one unique_all's stable sort keeps, and numpy's unique_all too); numpy's "
             "unique_values and unique_counts sort unstably, so their zero's sign can differ")
SORTER_RANGE = ("a sorter position outside 0..n is an error; numpy reads outside the array "
                "(undefined result)")


def ref_argsort(a, axis=-1, descending=False):
    """Stable argsort of numpy array `a` along `axis`: NaNs last in both directions."""
    m = np.moveaxis(a, axis, -1)
    out = np.empty(m.shape, np.int64)
    for idx in np.ndindex(m.shape[:-1]):
        lane = m[idx].tolist()

        def key(i):
            v = lane[i]
            nan = v != v
            if nan:
                return (True, 0)
            return (False, -v if descending else v)
        out[idx] = sorted(range(len(lane)), key=key)
    if not descending and a.ndim:
        assert (out == np.moveaxis(np.argsort(a, axis=axis, kind="stable"), axis, -1)).all()
    return np.moveaxis(out, -1, axis)


def sort_values(d):
    """Values with duplicates and the edge values of dtype `d`."""
    if d == "bool":
        return [True, False, True, False, False, True]
    if d in INTS:
        info = np.iinfo(getattr(np, d))
        return [3, int(info.max), 0, 1, int(info.min), 3, 1, int(info.max)]
    return [2.0, NAN, -0.0, 1.0, 0.0, -INF, 2.0, INF, NAN, -1.5]


def kw(axis=None, descending=None, stable=None):
    k = {}
    if axis is not None:
        k["axis"] = I(axis)
    if descending is not None:
        k["descending"] = B(descending)
    if stable is not None:
        k["stable"] = B(stable)
    return k or None


def gen_sorting(op):
    def expected(x, axis=-1, descending=False):
        idx = ref_argsort(x.a, axis, descending)
        if op == "argsort":
            return Arr("int64", idx)
        return Arr(x.dtype, np.take_along_axis(x.a, idx, axis=axis))

    cases = []
    for d in SORT_DTYPES:
        x = mk(d, sort_values(d))
        for desc in (False, True):
            cases.append(case(f"{d}/{'desc' if desc else 'asc'}", [A(x)], expected(x, -1, desc),
                              kwargs=kw(descending=desc)))
    m = mk("float32", [[3.0, 1.0, 2.0, 1.0], [NAN, -0.0, 0.0, -7.5], [5.0, 5.0, -INF, 4.0]])
    for axis in (0, 1, -1, -2):
        for desc in (False, True):
            cases.append(case(f"float32/2d_axis{axis}_{'desc' if desc else 'asc'}", [A(m)],
                              expected(m, axis, desc), kwargs=kw(axis, desc)))
    t = mk("int32", np.arange(24).reshape(2, 3, 4) % 5)
    cases.append(case("int32/3d_axis1", [A(t)], expected(t, 1), kwargs=kw(1)))
    cases.append(case("int32/3d_axis0_desc", [A(t)], expected(t, 0, True), kwargs=kw(0, True)))
    u = mk("uint8", [5, 5, 5])
    cases.append(case("uint8/unstable_flag", [A(u)], expected(u, -1, True), kwargs=kw(descending=True, stable=False)))
    e = mk("float64", np.zeros((0, 3)))
    cases.append(case("float64/empty", [A(e)], expected(e, 0), kwargs=kw(0)))
    cases.append(case("float64/empty_axis-1", [A(e)], expected(e)))
    z = mk("float32", 3.0)
    cases.append(case("error/0d", [A(z)], ERR("Axis"), note="numpy raises AxisError too"))
    cases.append(case("error/axis", [A(m)], ERR("Axis"), kwargs=kw(2), note="numpy raises AxisError too"))
    c = cx("complex64", [(1.0, 2.0), (0.0, 1.0)])
    np_sorted = np_answer(lambda: np.sort(c.a) if op == "sort" else np.argsort(c.a))
    cases.append(case("complex64/unsupported", [A(c)], ERR("UnsupportedDtype"),
                      ivy_differs=COMPLEX_NOT_REAL, numpy=np_sorted))
    return cases


def ss_kw(side=None, sorter=None):
    k = {}
    if side is not None:
        k["side"] = STR(side)
    if sorter is not None:
        k["sorter"] = A(sorter)
    return k or None


def gen_searchsorted():
    cases = []

    def ss(x1, x2, side="left", sorter=None):
        return Arr("int64", np.searchsorted(x1.a, x2.a, side=side,
                                            sorter=None if sorter is None else sorter.a))
    for d in ("int8", "uint8", "int64", "float16", "bfloat16", "float32", "float64", "bool"):
        if d == "bool":
            x1, x2 = mk(d, [False, False, True]), mk(d, [[True, False], [False, True]])
        elif d in INTS:
            x1, x2 = mk(d, [0, 1, 1, 3, 7, 7, 9]), mk(d, [[1, 7], [0, 10], [4, 9]])
        else:
            x1 = mk(d, [-INF, -1.5, 0.0, 0.0, 2.0, 2.0, INF, NAN])
            x2 = mk(d, [[2.0, -0.0], [NAN, INF], [-INF, 5.0]])
        for side in ("left", "right"):
            cases.append(case(f"{d}/{side}", [A(x1), A(x2)], ss(x1, x2, side),
                              kwargs=ss_kw(side if side == "right" else None)))
    x1 = mk("float32", [3.0, 1.0, 2.0, 2.0])
    s = mk("int64", np.argsort(x1.a, kind="stable"))
    x2 = mk("float32", [2.0, 0.5, 9.0])
    for side in ("left", "right"):
        cases.append(case(f"float32/sorter_{side}", [A(x1), A(x2)], ss(x1, x2, side, s),
                          kwargs=ss_kw(side, s)))
    s32 = mk("int32", s.a)
    cases.append(case("float32/sorter_int32", [A(x1), A(x2)], ss(x1, x2, "left", s32), kwargs=ss_kw(sorter=s32)))
    z2 = mk("float64", 1.5)
    x1 = mk("float64", [1.0, 2.0])
    cases.append(case("float64/0d_values", [A(x1), A(z2)], ss(x1, z2)))
    e1 = mk("float64", [])
    cases.append(case("float64/empty_x1", [A(e1), A(mk("float64", [1.0, 2.0]))],
                      ss(e1, mk("float64", [1.0, 2.0]))))
    cases.append(case("float64/empty_x2", [A(x1), A(e1)], ss(x1, e1)))
    # mixed dtypes: promoted (Ivy's table) before the search
    a, b = mk("int16", [1, 3, 5]), mk("float32", [2.5, 3.0])
    cases.append(case("mixed/int16+float32", [A(a), A(b)], Arr("int64", np.searchsorted(a.a, b.a))))
    a, b = mk("uint8", [1, 200, 255]), mk("int8", [-1, 127])
    cases.append(case("mixed/uint8+int8", [A(a), A(b)], Arr("int64", np.searchsorted(a.a.astype(np.int16), b.a))))
    # Ivy's batched form: each last-axis row of x1 with the same row of x2
    x1 = mk("float32", [[1.0, 2.0, 3.0], [-1.0, 0.0, 10.0]])
    x2 = mk("float32", [[2.0, 9.0], [0.0, 20.0]])
    rows = np.stack([np.searchsorted(x1.a[i], x2.a[i]) for i in range(2)])
    cases.append(case("float32/batched_rows", [A(x1), A(x2)], Arr("int64", rows),
                      ivy_differs="Ivy's extension: an N-D x1 searches each last-axis row with "
                                  "the row of x2 of the same leading index (torch's "
                                  "searchsorted); numpy and the standard take a 1-D x1 only",
                      numpy=np_answer(lambda: np.searchsorted(x1.a, x2.a))))
    x1 = mk("float32", [1.0, 2.0])
    cases.append(case("error/side", [A(x1), A(x1)], ERR("InvalidArgument"), kwargs=ss_kw("middle"),
                      note="numpy raises ValueError too"))
    cases.append(case("error/0d_x1", [A(z2), A(x1)], ERR("InvalidArgument"),
                      note="numpy raises ValueError too"))
    cases.append(case("error/sorter_float", [A(x1), A(x1)], ERR("ArgumentKind"),
                      kwargs=ss_kw(sorter=mk("float32", [0.0, 1.0])), note="numpy raises TypeError too"))
    cases.append(case("error/sorter_shape", [A(x1), A(x1)], ERR("InvalidArgument"),
                      kwargs=ss_kw(sorter=mk("int64", [0])), note="numpy raises ValueError too"))
    bad = mk("int64", [0, 5])
    cases.append(case("error/sorter_range", [A(x1), A(x1)], ERR("InvalidArgument"),
                      kwargs=ss_kw(sorter=bad), ivy_differs=SORTER_RANGE,
                      numpy=np_answer(lambda: np.searchsorted(x1.a, x1.a, sorter=bad.a))))
    c = cx("complex128", [(1.0, 0.0), (2.0, 0.0)])
    cases.append(case("complex128/unsupported", [A(c), A(c)], ERR("UnsupportedDtype"),
                      ivy_differs=COMPLEX_NOT_REAL, numpy=np_answer(lambda: np.searchsorted(c.a, c.a))))
    return cases


def gen_nonzero():
    cases = []
    for d in ("int8", "uint8", "int64", "float16", "bfloat16", "float32", "float64", "complex64", "bool"):
        if d == "bool":
            x = mk(d, [[True, False, True], [False, False, True]])
        elif d in COMPLEX:
            x = cx(d, [(0, 0), (0, 1), (1, 0), (0, -0.0), (NAN, 0), (0, 0)], (2, 3))
        elif d in INTS:
            x = mk(d, [[0, 3, 0], [1, 0, 7]])
        else:
            x = mk(d, [[0.0, -0.0, NAN], [INF, 0.0, 1.5]])
        cases.append(case(f"{d}/2d", [A(x)], LIST([enc_array(Arr("int64", i)) for i in np.nonzero(x.a)])))
    x = mk("float32", [0.0, 2.0, 0.0, 3.0])
    cases.append(case("float32/1d", [A(x)], LIST([enc_array(Arr("int64", i)) for i in np.nonzero(x.a)])))
    t = mk("int32", np.arange(24).reshape(2, 3, 4) % 3)
    cases.append(case("int32/3d", [A(t)], LIST([enc_array(Arr("int64", i)) for i in np.nonzero(t.a)])))
    z = mk("float64", np.zeros((2, 0)))
    cases.append(case("float64/empty", [A(z)], LIST([enc_array(Arr("int64", i)) for i in np.nonzero(z.a)])))
    n = mk("int64", [0, 0])
    cases.append(case("int64/none", [A(n)], LIST([enc_array(Arr("int64", i)) for i in np.nonzero(n.a)])))
    cases.append(case("error/0d", [A(mk("float32", 1.0))], ERR("InvalidArgument"),
                      note="numpy 2 raises ValueError too"))
    return cases


UNIQUE_FIELDS = {
    "unique_all": ("values", "indices", "inverse_indices", "counts"),
    "unique_counts": ("values", "counts"),
    "unique_inverse": ("values", "inverse_indices"),
    "unique_values": ("values",),
}


def gen_unique(op):
    fields = UNIQUE_FIELDS[op]

    def expected(x):
        r = getattr(np, op)(x.a)
        parts = [r] if op == "unique_values" else [getattr(r, f) for f in fields]
        arrs = [Arr(x.dtype if f == "values" else "int64", p) for f, p in zip(fields, parts)]
        return arrs[0] if op == "unique_values" else LIST([enc_array(a) for a in arrs])

    def zeros(x):
        """Both signed zeros in `x`: which one stands for their value is not compared."""
        if x.dtype in REALS and (x.a == 0).any() and len(set(np.signbit(x.a[x.a == 0]).tolist())) == 2:
            return {"signed_zeros": False, "note": ZERO_SIGN}
        return {}

    cases = []
    for d in ("int8", "uint8", "int16", "int64", "uint64", "float16", "bfloat16", "float32", "float64", "bool"):
        x = mk(d, sort_values(d))
        cases.append(case(f"{d}/1d", [A(x)], expected(x), **zeros(x)))
    m = mk("float32", [[3.0, NAN, 1.0], [1.0, NAN, 3.0]])
    cases.append(case("float32/2d_nans", [A(m)], expected(m)))
    zs = mk("float64", [0.0, -0.0, 0.0, 1.0])
    cases.append(case("float64/zeros", [A(zs)], expected(zs), **zeros(zs)))
    c = cx("complex128", [(1.0, 1.0), (NAN, 0.0), (1.0, NAN), (1.0, 1.0), (-2.0, 5.0), (NAN, 0.0)])
    cases.append(case("complex128/1d", [A(c)], expected(c)))
    z = mk("int32", 7)
    cases.append(case("int32/0d", [A(z)], expected(z)))
    e = mk("float32", np.zeros((0, 3)))
    cases.append(case("float32/empty", [A(e)], expected(e)))
    t = mk("uint8", np.arange(24).reshape(2, 3, 4) % 4)
    cases.append(case("uint8/3d", [A(t)], expected(t)))
    return cases


ABOUT = {
    "sort": "np.take_along_axis(x, stable argsort) (descending: a stable sort by -x, NaNs last)",
    "argsort": "np.argsort(kind='stable') (descending: a stable sort by -x, NaNs last)",
    "searchsorted": "np.searchsorted",
    "nonzero": "np.nonzero",
    **{op: f"np.{op}" for op in UNIQUE_FIELDS},
}

GENERATORS = {
    "sort": lambda: gen_sorting("sort"),
    "argsort": lambda: gen_sorting("argsort"),
    "searchsorted": gen_searchsorted,
    "nonzero": gen_nonzero,
    **{op: (lambda op=op: gen_unique(op)) for op in UNIQUE_FIELDS},
}
