"""Golden vectors of the element-wise families (unary, binary, predicate, compare) and the other
element-wise ops (`clip`, `softplus`, `gelu`, the `ELEMENTWISE` table): a generator module of
golden.py (``python3 scripts/golden.py sin add ...``)."""

from golden import *  # noqa: F401,F403 (the case format and value helpers)

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
                      ivy_differs="clip converts its bounds to x's dtype first, rounded "
                      "inwards, and keeps x's dtype (the op's doc): [0.5, 2.5] is [1, 2] for "
                      "int32; numpy returns float64 clipped to [0.5, 2.5]",
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
                      clip_bounds_ref(x, mk("int32", [3, 3, 3]), 6),
                      ivy_differs="clip keeps x's dtype (the standard): a float array bound of "
                      "an integer x is rounded inwards, then cast (the lower bound 2.7 is 3); "
                      "numpy promotes to float64",
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


GENERATORS = {
    **{op: (lambda op=op: gen_unary(op)) for op in UNARY},
    "negative": gen_negative,
    "softplus": gen_softplus,
    "gelu": gen_gelu,
    **{op: (lambda op=op: gen_binary(op)) for op in BIN_NP},
    **{op: (lambda op=op: gen_predicate(op)) for op in PREDICATES},
    **{op: (lambda op=op: gen_compare(op)) for op in COMPARE},
    "clip": gen_clip,
    **{op: (lambda op=op: gen_elementwise(op)) for op in ELEMENTWISE},
}

ABOUT = {
    "tan": "np.tan", "sin": "np.sin", "cos": "np.cos", "sinh": "np.sinh", "cosh": "np.cosh",
    "tanh": "np.tanh", "log": "np.log", "exp": "np.exp",
    "negative": "np.negative", "softplus": "np.logaddexp(0, x)",
    "add": "np.add", "subtract": "np.subtract", "multiply": "np.multiply",
    "divide": "np.divide (true division)", "maximum": "np.maximum", "minimum": "np.minimum",
    "clip": "np.clip",
    **{op: f"np.{row[0].__name__}" for op, row in ELEMENTWISE.items()},
    "remainder": "np.remainder (np.fmod for modulus=False)",
    "erf": "math.erf (numpy has no erf), element-wise in float64",
    "erfc": "math.erfc (numpy has no erfc), element-wise in float64",
    "gelu": "x/2 erfc(-x/sqrt(2)) (math.erfc, the argument's rounding corrected); approximate: x sigmoid(2 sqrt(2/pi) (x + 0.044715 x^3)) in 50-digit Decimal",
    **{op: f"np.{op}" for op in ("isnan", "isinf", "isfinite", "signbit", "equal",
                                  "not_equal", "less", "less_equal", "greater",
                                  "greater_equal")},
}
