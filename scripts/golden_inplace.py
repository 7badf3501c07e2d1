"""Golden vectors of inplace_update: a plug-in of golden.py
(``python3 scripts/golden.py inplace_update``).

Reference: numpy 2.1.3's ``x[...] = val`` on a copy of ``x`` (by name, ``inplace_update``
returns the updated array): ``val`` broadcast to ``x``'s shape; ``x`` takes ``val``'s dtype
(Ivy's default, ``keep_input_dtype=False``), or keeps its own with ``keep_input_dtype`` and
``val`` cast into it (numpy's ``astype``: floats truncate toward zero, nonzero is true)."""

from golden import *  # noqa: F401,F403
from golden import np, Arr, mk, A, B, ERR, case

KEEP = {"keep_input_dtype": B(True)}


def update_ref(x: Arr, val: Arr, keep: bool) -> Arr:
    d, target = (x.dtype, x.a.dtype) if keep else (val.dtype, val.a.dtype)
    return Arr(d, np.broadcast_to(val.a, x.a.shape).astype(target))


def gen_inplace_update():
    cases = []
    x = mk("float32", [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    same = mk("float32", [[-1.5, 0.0, 2.5], [7.0, -8.0, 9.25]])
    cases.append(case("float32/same_shape", [A(x), A(same)], update_ref(x, same, False)))
    row = mk("float32", [10.0, 20.0, 30.0])
    cases.append(case("float32/broadcast_row", [A(x), A(row)], update_ref(x, row, False)))
    scalar = mk("float32", 0.5)
    cases.append(case("float32/broadcast_0d", [A(x), A(scalar)], update_ref(x, scalar, False)))
    v64 = mk("float64", [0.1, 0.2, 0.3])
    cases.append(case("float32/takes_float64", [A(x), A(v64)], update_ref(x, v64, False),
                      note="x takes val's dtype (Ivy's keep_input_dtype=False)"))
    cases.append(case("float32/keeps_float32", [A(x), A(v64)], update_ref(x, v64, True), kwargs=KEEP))
    k = mk("int32", [1, 2, 3, 4])
    fv = mk("float32", [1.75, -2.5, 0.0, 3.99])
    cases.append(case("int32/keeps_int32_truncates", [A(k), A(fv)], update_ref(k, fv, True), kwargs=KEEP))
    b = mk("bool", [True, True, False])
    iv = mk("int64", [0, 2, -1])
    cases.append(case("bool/keeps_bool_nonzero", [A(b), A(iv)], update_ref(b, iv, True), kwargs=KEEP))
    for d in ("int8", "uint8", "int64", "float16", "bfloat16", "float64"):
        y = mk(d, [1, 2, 3])
        v = mk(d, [7, 8, 9])
        cases.append(case(f"{d}/same_dtype", [A(y), A(v)], update_ref(y, v, False)))
    bad = mk("float32", [1.0, 2.0])
    cases.append(case("error/does_not_broadcast", [A(x), A(bad)], ERR("Shape"),
                      note="numpy raises ValueError (could not broadcast)"))
    return cases


GENERATORS = {"inplace_update": gen_inplace_update}
ABOUT = {"inplace_update": "numpy's x[...] = val on a copy of x (astype for keep_input_dtype)"}
