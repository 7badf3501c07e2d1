"""Golden vectors of `where`, `matmul`, `tensordot`, `vecdot` and the linalg extension (a plug-in of
golden.py)."""

from golden import (A, B, COMPLEX, ERR, INTS, INT_SUM, REALS, Arr, D, F, I, INTLIST, LIST, STR, case, cx, enc_array, grid, mk,
                    np_type, promote, rng_for, round_to, widen, EPS, as_float, NAN, INF)
import numpy as np


def gen_where():
    cases = []
    c = mk("bool", [[True, False, True], [False, False, True]])
    for d in INTS + REALS + ["bool"] + COMPLEX:
        if d in COMPLEX:
            x, y = cx(d, [(1.0, 2.0), (NAN, 0.0), (3.0, -1.0)], None), cx(d, [(0.0, 0.0)], None)
        elif d == "bool":
            x, y = mk(d, [True, True, False]), mk(d, [False])
        else:
            x, y = mk(d, [1, 2, 3]), mk(d, [7])
        cases.append(case(f"{d}/broadcast", [A(c), A(x), A(y)], Arr(d, np.where(c.a, x.a, y.a))))
    x = mk("float32", [-0.0, NAN, INF])
    cases.append(case("float32/specials", [A(mk("bool", [True, True, False])), A(x), F(2.5)],
                      Arr("float32", np.where([True, True, False], x.a, np.float32(2.5)))))
    a, b = mk("int8", [1, -2, 3]), mk("float32", [0.5, 0.25, 0.125])
    d = promote("int8", "float32")
    cases.append(case("int8+float32/promoted", [A(mk("bool", [False, True, False])), A(a), A(b)],
                      Arr(d, np.where([False, True, False], a.a.astype(np_type(d)), b.a))))
    n = mk("float32", [0.0, 2.0, NAN])
    cases.append(case("float32_condition/nonzero_is_true", [A(n), A(mk("int32", [1, 1, 1])), A(mk("int32", [0]))],
                      Arr("int32", np.where(n.a, 1, 0).astype(np.int32)),
                      note="a non-bool condition counts nonzero (and NaN) as true, as numpy"))
    s = mk("bool", True)
    cases.append(case("float64/0d", [A(s), A(mk("float64", 1.5)), A(mk("float64", 2.5))], Arr("float64", np.where(True, 1.5, 2.5))))
    cases.append(case("error/shapes", [A(c), A(mk("float32", [1.0, 2.0])), A(mk("float32", [0.0]))], ERR("Shape"),
                      note="numpy raises ValueError too"))
    return cases


def mm_ref(a: Arr, b: Arr):
    d = promote(a.dtype, b.dtype)
    if d in INTS:
        r = np.matmul(a.a.astype(np.int64), b.a.astype(np.int64))
        return Arr(d, np.asarray(r).astype(np_type(d)))
    wide = np.complex128 if d in COMPLEX else np.float64
    return round_to(d, np.asarray(np.matmul(a.a.astype(wide), b.a.astype(wide))))


def mm_atol(a: Arr, b: Arr, k):
    d = promote(a.dtype, b.dtype)
    if d in INTS:
        return None
    scale = float(np.max(np.abs(as_float(a)), initial=1.0) * np.max(np.abs(as_float(b)), initial=1.0))
    return float(4 * max(k, 1) * EPS.get(d, 2.0 ** -23) * scale)


def mm_case(cid, a, b, k):
    atol = mm_atol(a, b, k)
    if atol is None:
        return case(cid, [A(a), A(b)], mm_ref(a, b))
    return case(cid, [A(a), A(b)], mm_ref(a, b), "sum", atol=atol, signed_zeros=False)


def gen_matmul():
    rng = rng_for("matmul")
    cases = []
    shapes = [((2, 3), (3, 4)), ((3,), (3,)), ((3,), (3, 2)), ((2, 3), (3,)), ((2, 2, 3), (3, 2)),
              ((1, 2, 3), (4, 3, 2)), ((2, 1, 2, 3), (3, 3, 1)), ((0, 3), (3, 2)), ((2, 0), (0, 3))]
    for sa, sb in shapes:
        a = mk("float32", grid(rng, int(np.prod(sa)), -4, 4, 8), sa)
        b = mk("float32", grid(rng, int(np.prod(sb)), -4, 4, 8), sb)
        cid = f"float32/{'x'.join(map(str, sa))}@{'x'.join(map(str, sb))}"
        cases.append(mm_case(cid, a, b, sa[-1]))
    for d in INTS + ["float16", "bfloat16", "float64"] + COMPLEX:
        if d in COMPLEX:
            a = cx(d, [(1.0, 2.0), (-0.5, 0.25), (3.0, -1.0), (0.0, 4.0)], (2, 2))
            b = cx(d, [(0.5, 0.0), (1.0, -1.0), (2.0, 2.0), (0.0, -3.0)], (2, 2))
        elif d in INTS:
            hi = int(np.iinfo(np_type(d)).max)
            a = mk(d, [[hi, 2], [3, 4]])
            b = mk(d, [[2, 1], [5, 7]])
        else:
            a = mk(d, grid(rng, 6, -4, 4, 8), (2, 3))
            b = mk(d, grid(rng, 6, -4, 4, 8), (3, 2))
        cases.append(mm_case(f"{d}/2d", a, b, a.a.shape[-1]))
    a, b = mk("int8", [[1, 2]]), mk("float32", [[0.5], [0.25]])
    cases.append(mm_case("int8+float32/promoted", a, b, 2))
    x = mk("float64", [[INF, 1.0], [NAN, 0.0]])
    y = mk("float64", [[1.0, 0.0], [0.0, 1.0]])
    cases.append(case("float64/nonfinite", [A(x), A(y)], Arr("float64", np.matmul(x.a, y.a))))
    cases.append(case("error/align", [A(mk("float32", np.zeros((2, 3)))), A(mk("float32", np.zeros((2, 3))))],
                      ERR("Shape"), note="numpy raises ValueError too"))
    cases.append(case("error/0d", [A(mk("float32", 1.0)), A(mk("float32", [1.0]))], ERR("InvalidArgument"),
                      note="numpy raises ValueError too"))
    cases.append(case("error/batch", [A(mk("float32", np.zeros((2, 1, 2)))), A(mk("float32", np.zeros((3, 2, 1))))],
                      ERR("Shape"), note="numpy raises ValueError too"))
    return cases


def gen_tensordot():
    rng = rng_for("tensordot")
    cases = []
    a = mk("float64", grid(rng, 24), (2, 3, 4))
    b = mk("float64", grid(rng, 24), (3, 4, 2))
    for n in (0, 1, 2):
        bb = b if n != 1 else mk("float64", grid(rng, 8), (4, 2))
        cases.append(case(f"float64/axes{n}", [A(a), A(bb)], Arr("float64", np.tensordot(a.a, bb.a, n)),
                          "sum", kwargs={"axes": I(n)}, atol=1e-9, signed_zeros=False))
    c = mk("float64", grid(rng, 12), (4, 3))
    cases.append(case("float64/pairs", [A(a), A(c)], Arr("float64", np.tensordot(a.a, c.a, ([1, 2], [1, 0]))),
                      "sum", kwargs={"axes": LIST([INTLIST([1, -1]), INTLIST([1, 0])])}, atol=1e-9,
                      signed_zeros=False))
    cases.append(case("float64/pairs_empty", [A(c), A(c)], Arr("float64", np.tensordot(c.a, c.a, ([], []))),
                      kwargs={"axes": LIST([INTLIST([]), INTLIST([])])},
                      note="two empty axis lists: the outer product"))
    i = mk("int32", [[1, 2], [3, 4]])
    cases.append(case("int32/axes1", [A(i), A(i)], Arr("int32", np.tensordot(i.a, i.a, 1).astype(np.int32)),
                      kwargs={"axes": I(1)}))
    cases.append(case("error/mismatch", [A(a), A(a)], ERR("Shape"), kwargs={"axes": I(1)},
                      note="numpy raises ValueError too"))
    cases.append(case("error/too_many", [A(i), A(i)], ERR("InvalidArgument"), kwargs={"axes": I(3)},
                      note="numpy raises an error too"))
    return cases


def gen_vecdot():
    rng = rng_for("vecdot")
    cases = []
    x = mk("float32", grid(rng, 6), (2, 3))
    y = mk("float32", grid(rng, 3), (3,))
    cases.append(case("float32/broadcast", [A(x), A(y)], Arr("float32", np.vecdot(x.a, y.a)), "sum",
                      atol=1e-5, signed_zeros=False))
    z = mk("float32", grid(rng, 6), (2, 3))
    cases.append(case("float32/same_shape", [A(x), A(z)], Arr("float32", np.vecdot(x.a, z.a)), "sum",
                      atol=1e-5, signed_zeros=False,
                      note="(2,3)·(2,3) → (2,): the standard's shape (Ivy 1.0.0.5 gives tensordot's)"))
    w = mk("float32", grid(rng, 4), (2, 2))
    cases.append(case("float32/axis0", [A(w), A(w)], Arr("float32", np.vecdot(w.a, w.a, axis=0)), "sum",
                      atol=1e-5, kwargs={"axis": I(0)}, signed_zeros=False))
    for d in COMPLEX:
        a = cx(d, [(1.0, 2.0), (-0.5, 0.25)], None)
        b = cx(d, [(0.5, 1.0), (2.0, -1.0)], None)
        cases.append(case(f"{d}/conjugates_x1", [A(a), A(b)], round_to(d, np.asarray(np.vecdot(a.a.astype(np.complex128), b.a.astype(np.complex128)))),
                          "sum", atol=1e-5, signed_zeros=False))
    i = mk("int8", [100, 100])
    cases.append(case("int8/wraps", [A(i), A(i)], Arr("int8", np.asarray(np.vecdot(i.a, i.a)).astype(np.int8)),
                      note="in the promoted dtype (int8), wrapping, as the standard's type promotion"))
    cases.append(case("error/length", [A(x), A(mk("float32", [1.0, 2.0]))], ERR("Shape"),
                      note="numpy raises ValueError too"))
    return cases


# ------------------------------------------------------------------ the linalg extension
# Inputs are random multiples of 1/8, made well conditioned (diagonally dominant, or
# B·Bᵀ + n·I where the op needs a Hermitian positive-definite matrix); numpy's answer is
# computed in float64 / complex128 and rounded once. Tolerances scale with the condition
# number: |got - expected| <= 8·n·eps(dtype)·cond(A)·max(1, |expected|).

DENSE = ["float32", "float64", "complex64", "complex128"]


def dense_matrix(rng, d, shape, spd=False):
    n = shape[-1]
    re = np.array(grid(rng, int(np.prod(shape)))).reshape(shape)
    a = re.astype(np.complex128) + 1j * np.array(grid(rng, int(np.prod(shape)))).reshape(shape) \
        if d in COMPLEX else re
    if spd:
        a = a @ np.conj(np.swapaxes(a, -1, -2)) + n * np.eye(n)
    elif shape[-1] == shape[-2]:
        a = a + 2 * n * 8 * np.eye(n)  # |entries| < 8: diagonally dominant
    a = a.round(3) if d not in COMPLEX else a.real.round(3) + 1j * a.imag.round(3)
    return round_to(d, a)


def dense_atol(d, a, expected):
    wide = as_float(a)
    cond = float(np.max(np.linalg.cond(wide))) if wide.size and wide.shape[-1] == wide.shape[-2] else 1.0
    n = max(wide.shape[-1] if wide.ndim else 1, 1)
    eps = EPS.get(d, 2.0 ** -23)
    return float(8 * n * eps * cond * max(1.0, float(np.max(np.abs(expected), initial=1.0))))


def dense_cases(op, f, real_result=False, spd=False, shapes=((3, 3), (2, 2, 2), (1, 1)), kwargs=None):
    rng = rng_for(op)
    cases = []
    for d in DENSE:
        for shape in shapes:
            a = dense_matrix(rng, d, shape, spd)
            wide = f(as_float(a))
            rd = ("float32" if d == "complex64" else "float64") if real_result and d in COMPLEX else d
            e = round_to(rd, np.asarray(wide))
            cases.append(case(f"{d}/{'x'.join(map(str, shape))}", [A(a)], e, "sum",
                              atol=dense_atol(d, a, wide), kwargs=kwargs, signed_zeros=False))
    return cases


def square_errors(op):
    return [
        case("error/not_square", [A(mk("float64", [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]))], ERR("LinAlg"),
             note="numpy raises LinAlgError too (last 2 dimensions must be square)"),
        case("error/1d", [A(mk("float64", [1.0, 2.0]))], ERR("LinAlg"),
             note="numpy raises LinAlgError too (at least two-dimensional)"),
        case("error/int", [A(mk("int32", [[1, 0], [0, 1]]))], ERR("UnsupportedDtype"),
             note="numpy casts integers to float64; the standard asks for a floating-point dtype"),
    ]


SINGULAR = mk("float64", [[1.0, 2.0], [2.0, 4.0]])


def gen_inv():
    return dense_cases("inv", np.linalg.inv) + square_errors("inv") + [
        case("error/singular", [A(SINGULAR)], ERR("LinAlg"), note="numpy raises LinAlgError (Singular matrix)")]


def gen_det():
    return dense_cases("det", np.linalg.det) + square_errors("det") + [
        case("float64/singular", [A(SINGULAR)], Arr("float64", np.float64(0.0)), signed_zeros=False),
        # a zero pivot before the last: an LU that divides by it fills the rest with NaN
        case("float64/zeros", [A(mk("float64", np.zeros((3, 3))))], Arr("float64", np.float64(0.0))),
        case("float32/zero_first_column", [A(mk("float32", [[0.0, 0.0], [1.0, 1.0]]))],
             Arr("float32", np.float32(0.0))),
        case("float64/stack_one_singular",
             [A(mk("float64", [[[0.0, 0.0], [1.0, 1.0]], [[1.0, 2.0], [3.0, 4.0]]]))],
             Arr("float64", np.linalg.det(np.array([[[0.0, 0.0], [1.0, 1.0]], [[1.0, 2.0], [3.0, 4.0]]]))),
             "sum", atol=1e-12)]


def gen_slogdet():
    rng = rng_for("slogdet")
    cases = []
    for d in DENSE:
        for shape in ((3, 3), (2, 2, 2)):
            a = dense_matrix(rng, d, shape)
            sign, logdet = np.linalg.slogdet(as_float(a))
            rd = ("float32" if d == "complex64" else "float64") if d in COMPLEX else d
            tol = dense_atol(d, a, logdet)
            cases.append(case(f"{d}/{'x'.join(map(str, shape))}", [A(a)],
                              LIST([enc_array(round_to(d, np.asarray(sign))), enc_array(round_to(rd, np.asarray(logdet)))]),
                              "sum", atol=tol, signed_zeros=False))
    cases.append(case("float64/singular", [A(SINGULAR)],
                      LIST([enc_array(Arr("float64", np.float64(0.0))), enc_array(Arr("float64", np.float64(-np.inf)))]),
                      signed_zeros=False, note="(0, -inf), as numpy"))
    return cases + square_errors("slogdet")


def gen_cholesky():
    cases = dense_cases("cholesky", np.linalg.cholesky, spd=True)
    rng = rng_for("cholesky_upper")
    a = dense_matrix(rng, "float64", (3, 3), spd=True)
    u = np.linalg.cholesky(a.a, upper=True)
    cases.append(case("float64/upper", [A(a)], Arr("float64", u), "sum", atol=dense_atol("float64", a, u),
                      kwargs={"upper": B(True)}, signed_zeros=False))
    cases.append(case("error/not_positive_definite", [A(mk("float64", [[1.0, 2.0], [2.0, 1.0]]))], ERR("LinAlg"),
                      note="numpy raises LinAlgError (Matrix is not positive definite)"))
    return cases + square_errors("cholesky")


def gen_solve():
    rng = rng_for("solve")
    cases = []
    for d in DENSE:
        for ashape, bshape in (((3, 3), (3, 2)), ((2, 2, 2), (2, 2, 1)), ((3, 3), (3,)), ((2, 2, 2), (2, 1))):
            a = dense_matrix(rng, d, ashape)
            b = dense_matrix(rng, d, bshape + (1,))
            b = Arr(d, b.a.reshape(bshape))
            wide_b = as_float(b)
            if len(bshape) == 1:
                wide = np.linalg.solve(as_float(a), wide_b[..., None])[..., 0]
            else:
                wide = np.linalg.solve(as_float(a), wide_b)
            cases.append(case(f"{d}/{'x'.join(map(str, ashape))}_{'x'.join(map(str, bshape))}", [A(a), A(b)],
                              round_to(d, wide), "sum", atol=dense_atol(d, a, wide), signed_zeros=False))
    cases.append(case("error/singular", [A(SINGULAR), A(mk("float64", [1.0, 1.0]))], ERR("LinAlg"),
                      note="numpy raises LinAlgError (Singular matrix)"))
    cases.append(case("error/rows", [A(mk("float64", [[1.0, 0.0], [0.0, 1.0]])), A(mk("float64", [1.0, 2.0, 3.0]))],
                      ERR("Shape"), note="numpy raises ValueError too"))
    return cases


def gen_eigvalsh():
    return dense_cases("eigvalsh", np.linalg.eigvalsh, real_result=True, spd=True) + square_errors("eigvalsh")


def gen_svdvals():
    return dense_cases("svdvals", lambda a: np.linalg.svd(a, compute_uv=False), real_result=True,
                       shapes=((3, 3), (2, 3), (2, 3, 2), (1, 1)))


def gen_diagonal():
    rng = rng_for("diagonal")
    cases = []
    x = mk("float32", grid(rng, 24), (2, 3, 4))
    for k in (0, 1, -1, 3, -3, 9):
        cases.append(case(f"float32/2x3x4_offset{k}", [A(x)], Arr("float32", np.linalg.diagonal(x.a, offset=k)),
                          kwargs={"offset": I(k)}, note="an offset past the matrix: an empty diagonal" if abs(k) > 2 else None))
    for d in INTS + ["bool", "float16", "bfloat16", "float64"] + COMPLEX:
        if d in COMPLEX:
            a = cx(d, [(1.0, 2.0), (-0.5, 0.25), (3.0, -1.0), (0.0, 4.0)], (2, 2))
        elif d == "bool":
            a = mk(d, [[True, False], [False, False]])
        else:
            a = mk(d, [[1, 2], [3, 4]])
        cases.append(case(f"{d}/2x2", [A(a)], Arr(d, np.linalg.diagonal(a.a))))
    cases.append(case("error/1d", [A(mk("float32", [1.0, 2.0]))], ERR("InvalidArgument"),
                      note="numpy raises ValueError too"))
    return cases


def gen_trace():
    rng = rng_for("trace")
    cases = []
    x = mk("float64", grid(rng, 24), (2, 3, 4))
    for k in (0, 1, -2, 5):
        cases.append(case(f"float64/2x3x4_offset{k}", [A(x)], Arr("float64", np.linalg.trace(x.a, offset=k)),
                          kwargs={"offset": I(k)}))
    i = mk("int8", [[100, 1], [2, 100]])
    cases.append(case("int8/2x2", [A(i)], Arr(widen("int8"), np.asarray(np.linalg.trace(i.a, dtype=np.int32))),
                      note=INT_SUM))
    cases.append(case("int8/dtype_int64", [A(i)], Arr("int64", np.asarray(np.linalg.trace(i.a, dtype=np.int64))),
                      kwargs={"dtype": D("int64")}))
    c = cx("complex64", [(1.0, 2.0), (-0.5, 0.25), (3.0, -1.0), (0.0, 4.0)], (2, 2))
    cases.append(case("complex64/2x2", [A(c)], Arr("complex64", np.asarray(np.linalg.trace(c.a)))))
    return cases


def gen_outer():
    rng = rng_for("outer")
    cases = []
    for d in INTS + REALS + COMPLEX:
        if d in COMPLEX:
            a, b = cx(d, [(1.0, 2.0), (-0.5, 0.25)], None), cx(d, [(0.5, 1.0), (2.0, -1.0), (0.0, 1.0)], None)
            e = round_to(d, np.outer(a.a.astype(np.complex128), b.a.astype(np.complex128)))
        else:
            a, b = mk(d, [1, 2]), mk(d, [3, 4, 5])
            e = Arr(d, np.outer(a.a, b.a).astype(np_type(d))) if d != "bfloat16" else round_to(d, np.outer(as_float(a), as_float(b)))
        cases.append(case(f"{d}/2x3", [A(a), A(b)], e))
    a, b = mk("int8", [1, 2]), mk("float32", grid(rng, 3))
    cases.append(case("int8+float32/promoted", [A(a), A(b)], Arr("float32", np.outer(a.a.astype(np.float32), b.a))))
    e = mk("float32", np.zeros(0))
    cases.append(case("float32/empty", [A(e), A(b)], Arr("float32", np.outer(e.a, b.a))))
    cases.append(case("error/2d", [A(mk("float32", [[1.0]])), A(b)], ERR("Shape"),
                      note="numpy flattens; the standard's outer takes 1-d arrays"))
    return cases


def gen_cross():
    rng = rng_for("cross")
    cases = []
    for d in ["int16", "int64", "float32", "float64"]:
        a, b = mk(d, grid(rng, 6, -4, 4, 1), (2, 3)), mk(d, grid(rng, 3, -4, 4, 1), (3,))
        cases.append(case(f"{d}/broadcast", [A(a), A(b)], Arr(d, np.cross(a.a, b.a))))
    a, b = mk("float64", grid(rng, 12), (3, 4)), mk("float64", grid(rng, 12), (3, 4))
    cases.append(case("float64/axis0", [A(a), A(b)], Arr("float64", np.cross(a.a, b.a, axis=0)),
                      kwargs={"axis": I(-2)}))
    cases.append(case("float64/axis_nonnegative", [A(a), A(b)], Arr("float64", np.cross(a.a, b.a, axis=0)),
                      kwargs={"axis": I(0)}, note="a non-negative axis when the ranks agree"))
    cases.append(case("error/length", [A(mk("float64", [1.0, 2.0])), A(mk("float64", [1.0, 2.0]))], ERR("Shape"),
                      note="numpy computes a 2-d cross product; the standard needs length 3"))
    cases.append(case("error/axis", [A(a), A(b)], ERR("Axis"), kwargs={"axis": I(-3)},
                      note="numpy raises AxisError too"))
    return cases


def gen_matrix_power():
    rng = rng_for("matrix_power")
    cases = []
    for d in DENSE:
        a = dense_matrix(rng, d, (2, 3, 3))
        a = round_to(d, as_float(a) / 24)  # entries ~1/3: powers stay in range
        for n in (0, 1, 2, 5, -1, -3):
            wide = np.linalg.matrix_power(as_float(a), n)
            cases.append(case(f"{d}/2x3x3_n{n}", [A(a), I(n)], round_to(d, wide), "sum",
                              atol=dense_atol(d, a, wide) * max(abs(n), 1), signed_zeros=False))
    cases.append(case("error/singular", [A(SINGULAR), I(-1)], ERR("LinAlg"), note="numpy raises LinAlgError"))
    cases.append(case("error/not_square", [A(mk("float64", np.zeros((2, 3)))), I(2)], ERR("LinAlg"),
                      note="numpy raises LinAlgError too"))
    return cases


def gen_matrix_rank():
    rng = rng_for("matrix_rank")
    cases = []
    for d in DENSE:
        for shape, r in (((4, 3), 2), ((3, 5), 3), ((2, 3, 3), 1)):
            m, n = shape[-2:]
            lhs = dense_matrix(rng, d, shape[:-1] + (r,))
            rhs = dense_matrix(rng, d, shape[:-2] + (r, n))
            a = round_to(d, as_float(lhs) @ as_float(rhs))
            e = np.asarray(np.linalg.matrix_rank(as_float(a), rtol=max(m, n) * EPS[d]))
            cases.append(case(f"{d}/{'x'.join(map(str, shape))}_rank{r}", [A(a)], Arr("int64", e.astype(np.int64))))
    a = mk("float64", [[1.0, 0.0], [0.0, 1e-3]])
    cases.append(case("float64/rtol", [A(a)], Arr("int64", np.asarray(np.linalg.matrix_rank(a.a, rtol=1e-2))),
                      kwargs={"rtol": F(1e-2)}))
    s = mk("float64", [[[1.0, 0.0], [0.0, 1e-3]], [[1.0, 0.0], [0.0, 1e-3]]])
    t = mk("float64", [1e-2, 1e-4])
    cases.append(case("float64/rtol_array", [A(s)], Arr("int64", np.asarray(np.linalg.matrix_rank(s.a, rtol=t.a))),
                      kwargs={"rtol": A(t)}, note="an array rtol broadcasts against the batch dimensions"))
    return cases


def gen_pinv():
    rng = rng_for("pinv")
    cases = []
    for d in DENSE:
        for shape in ((3, 3), (4, 2), (2, 2, 3)):
            a = dense_matrix(rng, d, shape)
            wide = np.linalg.pinv(as_float(a))
            cases.append(case(f"{d}/{'x'.join(map(str, shape))}", [A(a)], round_to(d, wide), "sum",
                              atol=dense_atol(d, a, wide), signed_zeros=False))
    a = mk("float64", [[1.0, 2.0], [2.0, 4.0], [0.0, 0.0]])
    wide = np.linalg.pinv(a.a)
    cases.append(case("float64/rank_deficient", [A(a)], Arr("float64", wide), "sum", atol=1e-12, signed_zeros=False))
    b = mk("float64", [[1.0, 0.0], [0.0, 1e-3]])
    cases.append(case("float64/rtol", [A(b)], Arr("float64", np.linalg.pinv(b.a, rtol=1e-2)), "sum", atol=1e-12,
                      kwargs={"rtol": F(1e-2)}, signed_zeros=False))
    return cases


def gen_vector_norm():
    rng = rng_for("vector_norm")
    cases = []
    x = mk("float64", grid(rng, 12), (3, 4))
    for ord_ in (2, 1, 0, INF, -INF, 3, 0.5, -1):
        e = np.asarray(np.linalg.vector_norm(x.a, ord=ord_))
        cases.append(case(f"float64/ord{ord_}", [A(x)], Arr("float64", e), "sum", atol=1e-12,
                          kwargs={"ord": F(float(ord_))}, signed_zeros=False))
    for axis, keep in ((1, False), (0, True)):
        e = np.asarray(np.linalg.vector_norm(x.a, axis=axis, keepdims=keep))
        cases.append(case(f"float64/axis{axis}_keepdims{keep}", [A(x)], Arr("float64", e), "sum", atol=1e-12,
                          kwargs={"axis": INTLIST([axis]), "keepdims": B(keep)}, signed_zeros=False))
    for d in ["float16", "bfloat16", "float32"] + COMPLEX:
        a = cx(d, [(3.0, 4.0), (0.0, -1.0)], None) if d in COMPLEX else mk(d, [3.0, -4.0])
        rd = {"complex64": "float32", "complex128": "float64"}.get(d, d)
        e = round_to(rd, np.asarray(np.linalg.vector_norm(as_float(a))))
        cases.append(case(f"{d}/2", [A(a)], e, "sum", atol=4 * EPS[rd] * 5, signed_zeros=False,
                          note="the result has x's real dtype"))
    return cases


def gen_matrix_norm():
    rng = rng_for("matrix_norm")
    cases = []
    for d in DENSE:
        a = dense_matrix(rng, d, (2, 3, 4))
        rd = {"complex64": "float32", "complex128": "float64"}.get(d, d)
        for ord_, enc in (("fro", STR("fro")), ("nuc", STR("nuc")), (1, I(1)), (-1, I(-1)), (2, I(2)), (-2, I(-2)),
                          (INF, F(INF)), (-INF, F(-INF))):
            wide = np.asarray(np.linalg.matrix_norm(as_float(a), ord=ord_))
            cases.append(case(f"{d}/2x3x4_{ord_}", [A(a)], round_to(rd, wide), "sum",
                              atol=float(64 * EPS[rd] * max(1.0, float(np.max(wide)))),
                              kwargs={"ord": enc}, signed_zeros=False))
    a = dense_matrix(rng, "float64", (2, 2))
    cases.append(case("float64/keepdims", [A(a)], Arr("float64", np.linalg.matrix_norm(a.a, keepdims=True)), "sum",
                      atol=1e-12, kwargs={"keepdims": B(True)}, signed_zeros=False))
    cases.append(case("error/ord", [A(a)], ERR("InvalidArgument"), kwargs={"ord": I(3)},
                      note="numpy raises ValueError (Invalid norm order for matrices)"))
    return cases


GENERATORS = {"where": gen_where, "matmul": gen_matmul, "tensordot": gen_tensordot, "vecdot": gen_vecdot,
              "inv": gen_inv, "det": gen_det, "slogdet": gen_slogdet, "cholesky": gen_cholesky,
              "solve": gen_solve, "eigvalsh": gen_eigvalsh, "svdvals": gen_svdvals,
              "diagonal": gen_diagonal, "trace": gen_trace, "outer": gen_outer, "cross": gen_cross,
              "matrix_power": gen_matrix_power, "matrix_rank": gen_matrix_rank, "pinv": gen_pinv,
              "vector_norm": gen_vector_norm, "matrix_norm": gen_matrix_norm}
ABOUT = {"where": "np.where", "matmul": "np.matmul", "tensordot": "np.tensordot", "vecdot": "np.vecdot",
         "inv": "np.linalg.inv", "det": "np.linalg.det", "slogdet": "np.linalg.slogdet",
         "cholesky": "np.linalg.cholesky", "solve": "np.linalg.solve", "eigvalsh": "np.linalg.eigvalsh",
         "svdvals": "np.linalg.svd(compute_uv=False)", "diagonal": "np.linalg.diagonal",
         "trace": "np.linalg.trace", "outer": "np.outer", "cross": "np.cross",
         "matrix_power": "np.linalg.matrix_power", "matrix_rank": "np.linalg.matrix_rank",
         "pinv": "np.linalg.pinv", "vector_norm": "np.linalg.vector_norm", "matrix_norm": "np.linalg.matrix_norm"}
