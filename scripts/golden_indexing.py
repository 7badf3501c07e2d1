"""Golden vectors of indexing (get_item, set_item): a plug-in of golden.py
(``python3 scripts/golden.py get_item set_item``).

Reference: numpy 2.1.3's ``x[query]`` and ``x[query] = val`` (on a copy of ``x``: by name,
``set_item`` returns the updated array). A query is written here as the Python tuple numpy
takes and encoded as ivy-rs reads an index by name: an int, a ``"start:stop:step"`` string,
``"..."``, none (a new axis), an array (integers, or a bool mask)."""

from golden import *  # noqa: F401,F403
from golden import np, INTS, COMPLEX, Arr, mk, cx, A, I, F, LIST, ERR, STR, case, grid, rng_for

E = Ellipsis
NOT_AN_ITEM = ("a malformed index item is a call-by-name argument error in ivy-rs "
               "(`ArgumentKind`); numpy raises its own IndexError / ValueError")


def enc_item(q):
    """One index item as an ARG."""
    if q is E:
        return STR("...")
    if q is None:
        return {"none": None}
    if isinstance(q, slice):
        part = lambda v: "" if v is None else str(v)  # noqa: E731
        step = "" if q.step is None else f":{q.step}"
        return STR(f"{part(q.start)}:{part(q.stop)}{step}")
    if isinstance(q, Arr):
        return A(q)
    if isinstance(q, (int, np.integer)):
        return I(int(q))
    return q  # already an ARG (a malformed item)


def enc_query(query):
    """A query as an ARG: a list of items (a tuple in numpy)."""
    return LIST([enc_item(q) for q in query])


def np_query(query):
    return tuple(q.a if isinstance(q, Arr) else q for q in query)


def gen_get_item():
    x = mk("float32", grid(rng_for("get_item"), 24), (2, 3, 4))
    m = mk("bool", (x.a > 0).tolist())
    row_mask = mk("bool", [[True, False, True, False], [False, False, True, True], [True] * 4])
    queries = {
        "int": (1,),
        "negative_ints": (-1, -2, -3),
        "steps": (slice(None, None, 2), slice(1, None), slice(None, None, -1)),
        "negative_step_bounds": (slice(-1, None, -1), slice(-2, None, -2)),
        "clamped_bounds": (slice(-10, 10), slice(5, None)),
        "empty_slice": (slice(2, 1),),
        "ellipsis_newaxis": (E, None, slice(1, 3)),
        "newaxis_first": (None, 1, E),
        "none": (),
        "int_array": (mk("int64", [1, 0, 1]), 0),
        "int_arrays_adjacent": (slice(None), mk("int32", [0, 2]), mk("int64", [1, 3])),
        "int_arrays_apart": (mk("int64", [0, 1]), slice(None), mk("int16", [[1], [3]])),
        "int_and_array_apart": (0, slice(None), mk("int64", [3, -4])),
        "negative_array": (mk("int64", [-1, -2]),),
        "2d_array": (mk("uint8", [[0, 1], [1, 0]]), E),
        "mask_all": (m,),
        "mask_trailing": (1, row_mask),
        "mask_and_array": (mk("bool", [True, False]), slice(None), mk("int64", [0, 3])),
        "empty_array": (mk("int64", np.zeros(0, np.int64)),),
    }
    cases = []
    for cid, q in queries.items():
        cases.append(case(f"float32/{cid}", [A(x), enc_query(q)], Arr("float32", x.a[np_query(q)])))
    # one item alone is a list of one
    cases.append(case("float32/one_item_alone", [A(x), STR("::-1")], Arr("float32", x.a[::-1])))
    for d in ("int8", "uint16", "int64", "bool", "float16", "bfloat16", "float64", "complex64"):
        y = (cx(d, [(i, -i) for i in range(6)], (2, 3)) if d in COMPLEX
             else mk(d, [[True, False, True], [False, True, True]] if d == "bool" else [[1, 2, 3], [4, 5, 6]]))
        for cid, q in (("basic", (slice(None, None, -1), 1)), ("advanced", (mk("int64", [1, 1, 0]), slice(0, 2)))):
            cases.append(case(f"{d}/{cid}", [A(y), enc_query(q)], Arr(d, y.a[np_query(q)])))
    z = mk("float32", 2.5)
    cases.append(case("float32/0d_newaxis", [A(z), enc_query((None,))], Arr("float32", z.a[None])))
    cases.append(case("float32/0d_ellipsis", [A(z), enc_query((E,))], Arr("float32", z.a[...])))
    errors = {
        "out_of_range": ((2,), "InvalidArgument"),
        "negative_out_of_range": ((0, -4), "InvalidArgument"),
        "step_0": ((slice(None, None, 0),), "InvalidArgument"),
        "too_many": ((0, 0, 0, 0), "InvalidArgument"),
        "two_ellipses": ((E, E), "InvalidArgument"),
        "array_out_of_range": ((mk("int64", [0, 2]),), "InvalidArgument"),
        "mask_shape": ((mk("bool", [True, False, True]),), "InvalidArgument"),
        "float_array": ((mk("float32", [0.0]),), "InvalidArgument"),
        "arrays_do_not_broadcast": ((mk("int64", [0, 1]), mk("int64", [0, 1, 2])), "Shape"),
    }
    for cid, (q, variant) in errors.items():
        cases.append(case(f"error/{cid}", [A(x), enc_query(q)], ERR(variant),
                          note="numpy raises IndexError too"))
    for cid, bad in (("slice_text", STR("1:x")), ("float", F(1.5)), ("nested_list", LIST([I(0), I(1)]))):
        cases.append(case(f"error/malformed_{cid}", [A(x), LIST([bad])], ERR("ArgumentKind"), note=NOT_AN_ITEM))
    return cases


def set_ref(x, query, val):
    y = x.a.copy()
    y[np_query(query)] = val.a if isinstance(val, Arr) else val
    return Arr(x.dtype, y)


def gen_set_item():
    x = mk("float32", grid(rng_for("set_item"), 12), (3, 4))
    row = mk("float32", [10.5, 20.0, -30.0, 40.0])
    col = mk("float32", [[1.0], [2.0], [3.0]])
    cases = []
    sets = {
        "int_scalar": ((1,), 7),
        "slice_row": ((slice(None, None, 2),), row),
        "column_broadcast": ((slice(None), slice(1, 3)), col),
        "negative_step": ((slice(None, None, -1), -1), mk("float32", [1.0, 2.0, 3.0])),
        "ellipsis_newaxis": ((E, None, 0), 0.5),
        "int_arrays": ((mk("int64", [0, 2]), mk("int32", [3, -1])), mk("float32", [-1.0, -2.0])),
        "mask": ((mk("bool", (x.a > 0).tolist()),), 0.0),
        "mask_row": ((1, mk("bool", [True, False, False, True])), mk("float32", [8.0, 9.0])),
        "leading_ones_dropped": ((0,), mk("float32", [[1.0, 2.0, 3.0, 4.0]])),
        "float64_value_cast": ((0, 0), mk("float64", [0.1])),
        "empty_selection": ((slice(2, 1),), 5),
    }
    for cid, (q, v) in sets.items():
        val = A(v) if isinstance(v, Arr) else (F(v) if isinstance(v, float) else I(v))
        cases.append(case(f"float32/{cid}", [A(x), enc_query(q), val], set_ref(x, q, v)))
    k = mk("int32", [[1, 2, 3], [4, 5, 6]])
    cases.append(case("int32/float_value_truncates", [A(k), enc_query((slice(None), 1)), A(mk("float32", [7.9, -2.5]))],
                      set_ref(k, (slice(None), 1), mk("float32", [7.9, -2.5]))))
    cases.append(case("int32/float_scalar", [A(k), enc_query((0,)), F(-3.75)], set_ref(k, (0,), -3.75)))
    b = mk("bool", [True, False, True])
    cases.append(case("bool/mask", [A(b), enc_query((b,)), I(0)], set_ref(b, (b,), False)))
    for d in ("int8", "uint8", "int64", "float16", "bfloat16", "float64", "complex128"):
        y = (cx(d, [(1, 2), (3, 4), (5, 6)]) if d in COMPLEX else mk(d, [1, 2, 3]))
        cases.append(case(f"{d}/scalar", [A(y), enc_query((slice(1, None),)), I(9)], set_ref(y, (slice(1, None),), 9)))
    errors = {
        "out_of_range": ((3,), 0, "InvalidArgument"),
        "step_0": ((slice(None, None, 0),), 0, "InvalidArgument"),
        "too_many": ((0, 0, 0), 0, "InvalidArgument"),
        "value_does_not_broadcast": ((0,), mk("float32", [1.0, 2.0]), "Shape"),
    }
    for cid, (q, v, variant) in errors.items():
        val = A(v) if isinstance(v, Arr) else I(v)
        cases.append(case(f"error/{cid}", [A(x), enc_query(q), val], ERR(variant),
                          note="numpy raises IndexError / ValueError too"))
    cases.append(case("error/malformed_item", [A(x), LIST([STR("abc")]), I(0)], ERR("ArgumentKind"), note=NOT_AN_ITEM))
    return cases


GENERATORS = {"get_item": gen_get_item, "set_item": gen_set_item}
ABOUT = {"get_item": "numpy's x[query]", "set_item": "numpy's x[query] = val (on a copy of x)"}
