"""Golden generators of the creation functions (zeros, ones, full, arange, asarray, the
`_like` forms, empty, empty_like, eye, linspace, meshgrid, tril, triu): the creation
family's generator module of golden.py (``python3 scripts/golden.py eye linspace ...``)."""

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



# ------------------------------------------------------------------ creation




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
    ]
    for cid, farg, fval, d, differs in fills:
        if d == "bfloat16":
            exp = Arr(d, np.full((2, 2), bf16_round(fval), np.float32))
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
    # a float fill with no value of an integer dtype (NaN, infinite, beyond its range) is an
    # error; other floats truncate
    for cid, fval, d in (("int32/nan", NAN, "int32"), ("int16/inf", INF, "int16"),
                         ("uint8/-1.5", -1.5, "uint8")):
        cases.append(case(cid, [shape_arg((2, 2)), F(fval)], ERR("InvalidArgument"),
                          kwargs={"dtype": D(d)},
                          ivy_differs="a float fill with no value of the integer dtype is an "
                          "error, as numpy's asarray and x[i] = v raise; numpy's full casts it "
                          "unsafely (values that depend on the platform)",
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
        # numpy's fill: `v0 + i * (v1 - v0)` in the dtype, not `start + i * step`
        ("float/float64_from_one", (1, 2, 0.1), "float64", None),
        ("float/float64_offset", (-5, 5, 0.7), "float64", None),
        ("float/float32_tenth", (0.0, 1.0, 0.1), "float32", None),
        ("float/float32_offset", (0.3, 7.1, 0.37), "float32", None),
        ("float/float16_offset", (0.3, 7.1, 0.37), "float16", None),
        ("float/complex64_offset", (0.3, 7.1, 0.37), "complex64", None),
        ("float/int32_fractional_step", (0.5, 5.0, 1.5), "int32", None),
        # the first two values must fit an integer dtype; the later ones wrap (numpy's fill)
        ("uint8/wrapping_fill", (0, 500, 200), "uint8", None),
        ("uint8/one_value", (250, 251, 10), "uint8", None),
        ("int16/float_args_truncated", (-2.5, 10.0, 2.5), "int16", None),
        # an int beyond 2^53 rounds twice (through float64, as numpy)
        ("float32/int_beyond_2_53", (2**54 + 2**30 + 1, 2**54 + 2**30 + 11, 3), "float32", None),
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
    cases.append(case("error/uint8_negative_start", [I(-5)], ERR("InvalidArgument"),
                      kwargs={"stop": I(5), "step": I(3), "dtype": D("uint8")},
                      note="numpy 2 raises OverflowError (a Python int out of bounds for uint8)"))
    cases.append(case("error/uint8_float_negative_start", [I(-5)], ERR("InvalidArgument"),
                      kwargs={"stop": I(10), "step": F(0.3), "dtype": D("uint8")},
                      note="numpy 2 raises OverflowError (the truncated start is out of bounds)"))
    cases.append(case("error/uint8_float_second_value", [I(200)], ERR("InvalidArgument"),
                      kwargs={"stop": I(400), "step": F(100.0), "dtype": D("uint8")},
                      note="numpy 2 raises OverflowError (300 is out of bounds for uint8)"))
    cases.append(case("error/complex_start", [C(1.0, 1.0)], ERR("ArgumentKind"),
                      kwargs={"stop": I(5), "dtype": D("float32")},
                      note="the standard's bounds are int or float"))
    cases.append(case("error/bool_three_values", [I(0)], ERR("ArgumentKind"),
                      kwargs={"stop": I(3), "dtype": D("bool")},
                      note="numpy raises TypeError (a bool arange has at most 2 values)"))
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
        ("3d", [[[1, 2]], [[3, 4]]], "int16", "int16", None),
    ]
    for cid, obj, d, out, differs in rows:
        if out == "bfloat16":
            exp = Arr(out, np.array([bf16_round(v) for v in obj], np.float32))
        else:
            with np.errstate(all="ignore"):
                exp = Arr(out, np.asarray(obj, dtype=np_type(out)))
        cases.append(case(cid, [nested(obj)], exp, kwargs={"dtype": D(d)} if d else {},
                          ivy_differs=differs,
                          numpy=np_answer(lambda: np.asarray(obj, dtype=np_type(d) if d else None))
                          if differs else None))
    # a Python int out of an integer dtype's range is an error, as numpy 2 raises
    # OverflowError (and as `full` refuses such a fill), not wrapped into the dtype
    for cid, obj, d in (("int->uint8/300", [300, 2], "uint8"), ("int->uint8/-1", [-1], "uint8"),
                        ("nan->int32", [NAN, 1.0], "int32"), ("1e20->int32", [1e20], "int32")):
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

GENERATORS.update({
    "zeros": lambda: gen_zeros_ones("zeros"),
    "ones": lambda: gen_zeros_ones("ones"),
    "full": gen_full,
    "arange": gen_arange,
    "asarray": gen_asarray,
    "zeros_like": lambda: gen_like("zeros_like"),
    "ones_like": lambda: gen_like("ones_like"),
    "full_like": lambda: gen_like("full_like"),
})
ABOUT.update({
    "zeros": "np.zeros", "ones": "np.ones", "full": "np.full", "arange": "np.arange",
    "asarray": "np.asarray", "zeros_like": "np.zeros_like", "ones_like": "np.ones_like",
    "full_like": "np.full_like",
})
