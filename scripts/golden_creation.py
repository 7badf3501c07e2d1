"""Golden generators of the Array API creation functions added after the first creation
ops: empty, empty_like, eye, linspace, meshgrid, tril, triu (a plug-in of golden.py:
``python3 scripts/golden.py eye linspace ...``)."""

from golden import *  # noqa: F401,F403 (the case format and value helpers)
from golden import np, ALL, COMPLEX, INTS, NAN, INF, DEFAULT_FLOAT  # noqa: F401

ZERO_FILLED = ("the standard leaves the values unspecified; ivy-rs never exposes "
               "uninitialised memory and zero-fills (the case checks shape, dtype and zeros)")
KW_N_COLS = ("`n_cols` is a keyword argument in ivy-rs (Rust has no optional positional "
             "arguments)")


def gen_empty():
    cases = []
    for d in ALL:
        cases.append(case(f"{d}/2x3", [shape_arg((2, 3))], Arr(d, np.zeros((2, 3), np_type(d))),
                          kwargs={"dtype": D(d)}, note=ZERO_FILLED))
    cases.append(case("default/2x2", [shape_arg((2, 2))], Arr("float32", np.zeros((2, 2), np.float32)),
                      ivy_differs=DEFAULT_FLOAT,
                      numpy=np_answer(lambda: np.zeros((2, 2)))))
    cases.append(case("float32/0d", [shape_arg(())], Arr("float32", np.zeros((), np.float32)),
                      kwargs={"dtype": D("float32")}, note=ZERO_FILLED))
    cases.append(case("int64/0x2", [shape_arg((0, 2))], Arr("int64", np.zeros((0, 2), np.int64)),
                      kwargs={"dtype": D("int64")}))
    return cases


def gen_empty_like():
    cases = []
    for d in ALL:
        x = mk(d, [[1, 0], [1, 1]]) if d not in COMPLEX else cx(d, [(1, 2), (0, 1)], (1, 2))
        cases.append(case(f"{d}/same_dtype", [A(x)], Arr(d, np.zeros(x.a.shape, np_type(d))),
                          note=ZERO_FILLED))
    x = mk("int32", [[1, 2, 3], [4, 5, 6]])
    cases.append(case("int32/dtype_float16", [A(x)], Arr("float16", np.zeros((2, 3), np.float16)),
                      kwargs={"dtype": D("float16")}, note=ZERO_FILLED))
    e = mk("float64", np.zeros((0, 3)))
    cases.append(case("float64/empty", [A(e)], Arr("float64", np.zeros((0, 3)))))
    return cases


def gen_eye():
    cases = []
    for d in ALL:
        cases.append(case(f"{d}/3", [I(3)], Arr(d, np.eye(3, dtype=np_type(d))), kwargs={"dtype": D(d)}))
    cases.append(case("default/2", [I(2)], Arr("float32", np.eye(2, dtype=np.float32)),
                      ivy_differs=DEFAULT_FLOAT, numpy=np_answer(lambda: np.eye(2))))
    rows = [(3, 4, 0), (3, 4, 1), (3, 4, -1), (4, 3, 2), (4, 3, -3), (3, 3, 5), (3, 3, -5),
            (2, 5, 4), (0, 0, 0), (0, 3, 0), (3, 0, 1), (1, 1, 0)]
    for r, c, k in rows:
        exp = Arr("int64", np.eye(r, c, k=k, dtype=np.int64))
        cases.append(case(f"int64/{r}x{c}_k{k}", [I(r)], exp,
                          kwargs={"n_cols": I(c), "k": I(k), "dtype": D("int64")}, note=KW_N_COLS))
    cases.append(case("float64/square_k-1", [I(3)], Arr("float64", np.eye(3, k=-1)),
                      kwargs={"k": I(-1), "dtype": D("float64")}))
    cases.append(case("error/too_large", [I(10**12)], ERR("InvalidArgument"),
                      note="10^24 elements: more than an array can hold (numpy raises MemoryError "
                           "or ValueError)"))
    return cases


LINSPACE_INT = ("an integer dtype floors the float64 values, as numpy 2 "
                "(np.linspace(-1, -10, 4, dtype=int32) is [-1, -4, -7, -10])")


def gen_linspace():
    cases = []
    rows = [
        ("float64/0_1_5", 0.0, 1.0, 5, "float64", True),
        ("float64/0_1_5_open", 0.0, 1.0, 5, "float64", False),
        ("float64/tenth", 0.0, 1.0, 11, "float64", True),
        ("float64/reversed", 2.0, -3.0, 7, "float64", True),
        ("float64/num0", 0.0, 1.0, 0, "float64", True),
        ("float64/num1", 2.0, 3.0, 1, "float64", True),
        ("float64/num1_open", 2.0, 3.0, 1, "float64", False),
        ("float64/num2", -1.5, 2.5, 2, "float64", True),
        ("float64/same", 4.0, 4.0, 3, "float64", True),
        ("float64/thirds", 0.0, 1.0, 4, "float64", True),
        ("float64/huge_delta", 1e308, -1e308, 3, "float64", True),
        ("float64/inf", 0.0, INF, 3, "float64", True),
        ("float64/tiny_step", 0.0, 5e-324, 4, "float64", True),
        ("float32/thirds", 0.0, 1.0, 4, "float32", True),
        ("float32/tenth_open", -1.0, 1.0, 10, "float32", False),
        ("float16/quarter", 0.0, 1.0, 5, "float16", True),
        ("bfloat16/quarter", 0.0, 1.0, 5, "bfloat16", True),
        ("int32/0_10_4", 0, 10, 4, "int32", True),
        ("int32/negative", -1, -10, 4, "int32", True),
        ("uint8/0_10_4", 0, 10, 4, "uint8", True),
        ("int64/open", 0, 10, 4, "int64", False),
        ("bool/0_1_3", 0, 1, 3, "bool", True),
        ("complex128/real_bounds", 0.0, 1.0, 3, "complex128", True),
    ]
    for cid, a, b, n, d, ep in rows:
        sc_ = lambda v: I(v) if isinstance(v, int) else F(v)
        kwargs = {"dtype": D(d)}
        if not ep:
            kwargs["endpoint"] = B(False)
        if d == "bfloat16":
            exp = Arr(d, np.array([bf16_round(v) for v in np.linspace(a, b, n, endpoint=ep)], np.float32))
        else:
            exp = Arr(d, np.linspace(a, b, n, endpoint=ep, dtype=np_type(d)))
        note = LINSPACE_INT if d in INTS else None
        cases.append(case(cid, [sc_(a), sc_(b), I(n)], exp, kwargs=kwargs, note=note))
    cases.append(case("default/int_bounds", [I(0), I(1), I(5)],
                      Arr("float32", np.linspace(0, 1, 5, dtype=np.float32)),
                      ivy_differs=DEFAULT_FLOAT, numpy=np_answer(lambda: np.linspace(0, 1, 5))))
    cz = np.linspace(complex(1, 1), complex(2, -1), 3)
    cases.append(case("complex128/complex_bounds", [C(1.0, 1.0), C(2.0, -1.0), I(3)],
                      Arr("complex128", cz), kwargs={"dtype": D("complex128")}))
    cases.append(case("default/complex_bounds", [C(1.0, 1.0), C(2.0, -1.0), I(3)],
                      Arr("complex64", cz.astype(np.complex64)),
                      ivy_differs="the default complex dtype is complex64 (Ivy's default); "
                                  "numpy's is complex128",
                      numpy=np_answer(lambda: np.linspace(complex(1, 1), complex(2, -1), 3))))
    return cases


def gen_meshgrid():
    cases = []
    x = mk("float32", [1.5, -2.0, 3.0])
    y = mk("int32", [4, 5])
    z = mk("uint8", [7, 8, 9, 10])
    b = mk("bool", [True, False])
    c = cx("complex64", [(1.0, -1.0)])
    rows = [
        ("one", [x]),
        ("two", [x, y]),
        ("three", [x, y, z]),
        ("bool+complex", [b, c]),
        ("2d_input_flattened", [mk("int16", [[1, 2], [3, 4]]), y]),
        ("empty_input", [mk("float64", np.zeros(0)), x]),
    ]
    for cid, arrs in rows:
        for ix in ("xy", "ij"):
            outs = np.meshgrid(*[a.a for a in arrs], indexing=ix)
            exp = LIST([enc_array(Arr(a.dtype, np.ascontiguousarray(o))) for a, o in zip(arrs, outs)])
            cases.append(case(f"{cid}/{ix}", [LIST([A(a) for a in arrs])], exp,
                              kwargs={"indexing": {"str": ix}} if ix != "xy" else {}))
    cases.append(case("none", [LIST([])], LIST([])))
    cases.append(case("error/indexing", [LIST([A(x)])], ERR("InvalidArgument"),
                      kwargs={"indexing": {"str": "yx"}}, note="numpy raises ValueError too"))
    return cases


def gen_tri(op):
    f = np.tril if op == "tril" else np.triu
    cases = []
    for d in ALL:
        if d in COMPLEX:
            x = cx(d, [(i + 1.0, -i - 0.5) for i in range(6)], (2, 3))
        elif d == "bool":
            x = mk(d, [[True, True, False], [True, True, True]])
        else:
            x = mk(d, [[1, 2, 3], [4, 5, 6]])
        cases.append(case(f"{d}/2x3", [A(x)], Arr(d, f(x.a))))
    s = mk("float32", np.arange(1, 17, dtype=np.float32).reshape(4, 4) * 0.5)
    for k in (-5, -2, -1, 1, 2, 5):
        cases.append(case(f"float32/4x4_k{k}", [A(s)], Arr("float32", f(s.a, k=k)), kwargs={"k": I(k)}))
    t = mk("int64", np.arange(24).reshape(2, 3, 4) - 10)
    cases.append(case("int64/batched_3d", [A(t)], Arr("int64", f(t.a))))
    cases.append(case("int64/batched_3d_k1", [A(t)], Arr("int64", f(t.a, k=1)), kwargs={"k": I(1)}))
    q = mk("float64", np.arange(2 * 1 * 2 * 3 * 2).reshape(2, 1, 2, 3, 2) + 0.25)
    cases.append(case("float64/batched_5d", [A(q)], Arr("float64", f(q.a, k=-1)), kwargs={"k": I(-1)}))
    w = mk("float32", [[NAN, INF], [-INF, NAN]])
    cases.append(case("float32/nan_inf", [A(w)], Arr("float32", f(w.a)),
                      note="values outside the triangle become 0 (a select, never a multiply: "
                           "inf * 0 would be NaN)"))
    e = mk("float32", np.zeros((2, 0, 3)))
    cases.append(case("float32/empty", [A(e)], Arr("float32", f(e.a))))
    v = mk("float32", [1.0, 2.0])
    cases.append(case("error/1d", [A(v)], ERR("InvalidArgument"),
                      ivy_differs="x needs rank 2 or more, as the standard says; numpy "
                                  "broadcasts a 1-D input to a square matrix",
                      numpy=np_answer(lambda: f(v.a))))
    return cases


GENERATORS = {
    "empty": gen_empty,
    "empty_like": gen_empty_like,
    "eye": gen_eye,
    "linspace": gen_linspace,
    "meshgrid": gen_meshgrid,
    "tril": lambda: gen_tri("tril"),
    "triu": lambda: gen_tri("triu"),
}

ABOUT = {
    "empty": "np.zeros (np.empty's values are unspecified; ivy-rs zero-fills)",
    "empty_like": "np.zeros_like (np.empty_like's values are unspecified; ivy-rs zero-fills)",
    "eye": "np.eye",
    "linspace": "np.linspace",
    "meshgrid": "np.meshgrid",
    "tril": "np.tril",
    "triu": "np.triu",
}
