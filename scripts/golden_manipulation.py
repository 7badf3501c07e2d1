"""Golden vectors of the manipulation ops (`reshape`, `permute_dims`, `take`, `concat`,
`broadcast_to`, ...): a generator module of golden.py."""

from golden import *  # noqa: F401,F403 (the case format and value helpers)

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
    cases.append(case("error/float_indices", [A(x), A(mk("float32", [1.0]))], ERR("ArgumentKind"),
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
    cases.append(case("error/repeated_axis", [A(x)], ERR("InvalidArgument"),
                      kwargs={"axis": INTLIST([0, -2])}, note="numpy raises ValueError (repeated axis)"))
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
    # shifts at the ends of int64: reduced modulo the length exactly (not wrapped modulo 2^64)
    cases.append(case("float32/flat_min_shift", [A(x), INTLIST([-2**63])], Arr("float32", np.roll(x.a, -2**63))))
    cases.append(case("float32/flat_summed_max_shifts", [A(x), INTLIST([2**63 - 1, 2**63 - 1])],
                      Arr("float32", np.roll(x.a, [2**63 - 1, 2**63 - 1]))))
    cases.append(case("float32/axis1_min_shift", [A(x), INTLIST([-2**63])],
                      Arr("float32", np.roll(x.a, -2**63, axis=1)), kwargs={"axis": INTLIST([1])}))
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
    z = mk("float32", np.zeros((2, 2)))
    cases.append(case("float32/empty_beside_huge_reps", [A(z), INTLIST([0, 2**40])],
                      Arr("float32", np.tile(z.a, (0, 2**40)))))
    cases.append(case("error/too_large", [A(x), INTLIST([2**62, 2**62])], ERR("InvalidArgument"),
                      note="more elements than an array can hold (numpy raises ValueError or "
                           "MemoryError)"))
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
    cases.append(case("error/float_array", [A(x), A(r)], ERR("ArgumentKind"), kwargs={"axis": I(0)},
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


GENERATORS = {
    "broadcast_to": gen_broadcast_to,
    "broadcast_arrays": gen_broadcast_arrays,
    "concat": gen_concat,
    **{op: gen for op, (gen, _) in MANIPULATION.items()},
}

ABOUT = {
    "broadcast_to": "np.broadcast_to", "broadcast_arrays": "np.broadcast_arrays",
    "concat": "np.concatenate",
    **{op: about for op, (_, about) in MANIPULATION.items()},
}
