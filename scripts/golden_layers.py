"""Golden vectors of `softmax`, `log_softmax`, `logsumexp`, `linear`, `relu`, `sigmoid`,
`leaky_relu`, `silu`, `hardswish` and `mish` (a plug-in of golden.py), and the numpy vectors
of `multi_head_attention` (``spec/golden_attention.json``: the op takes Rust closures, so it
is not called by name; ``tests/tests/suite/layers.rs`` reads this file). That file is written only
when asked for: ``scripts/golden.py multi_head_attention`` (see ``FILES``).

References are computed in float64 and rounded once to the result dtype; the tolerance is
the ``sum`` class with an absolute bound from the reductions involved."""

import json
import os

from golden import (A, B, EPS, ERR, F, FLOAT_EDGE, INT_EDGE, INTS, REALS, Arr, I, case, cx, grid,
                    int_float, mk, promote, rng_for, round_to)
import numpy as np


def softmax64(x, axis=-1):
    x = np.asarray(x, dtype=np.float64)
    m = np.max(x, axis=axis, keepdims=True)
    e = np.exp(x - m)
    return e / np.sum(e, axis=axis, keepdims=True)


def gen_softmax():
    rng = rng_for("softmax")
    cases = []
    for d in REALS:
        x = mk(d, grid(rng, 12, -4, 4, 8), (3, 4))
        for cid, kw, axis in (("last", {}, -1), ("axis0", {"axis": I(0)}, 0)):
            r = round_to(d, softmax64(x.a.astype(np.float64), axis))
            atol = float(8 * x.a.shape[axis] * EPS[d])
            cases.append(case(f"{d}/{cid}", [A(x)], r, "sum", kwargs=kw, atol=atol))
    big = mk("float32", [[1000.0, 1000.0, 999.0], [-1000.0, 0.0, 1000.0]])
    cases.append(case("float32/large_no_overflow", [A(big)],
                      round_to("float32", softmax64(big.a.astype(np.float64))), "sum",
                      atol=float(24 * EPS["float32"])))
    ints = mk("int32", [[1, 2, 3], [0, 0, 0]])
    cases.append(case("int32/default_float", [A(ints)],
                      round_to("float32", softmax64(ints.a.astype(np.float64))), "sum",
                      atol=float(24 * EPS["float32"]),
                      note="integers are computed in the default float dtype (float32)"))
    one = mk("float64", [2.5])
    cases.append(case("float64/single", [A(one)], Arr("float64", np.array([1.0])), "exact"))
    return cases


def gen_linear():
    rng = rng_for("linear")
    cases = []
    for d in REALS:
        x = mk(d, grid(rng, 6, -4, 4, 8), (2, 3))
        w = mk(d, grid(rng, 12, -4, 4, 8), (4, 3))
        b = mk(d, grid(rng, 4, -4, 4, 8), (4,))
        y = x.a.astype(np.float64) @ w.a.astype(np.float64).T
        scale = float(np.max(np.abs(x.a.astype(np.float64))) * np.max(np.abs(w.a.astype(np.float64))))
        atol = float(8 * 3 * EPS[d] * max(scale, 1.0) + 8 * EPS[d] * 4)
        cases.append(case(f"{d}/bias", [A(x), A(w), A(b)],
                          round_to(d, y + b.a.astype(np.float64)), "sum", atol=atol,
                          signed_zeros=False))
        cases.append(case(f"{d}/no_bias", [A(x), A(w), {"none": None}], round_to(d, y), "sum",
                          atol=atol, signed_zeros=False))
    x = mk("float32", grid(rng, 12, -4, 4, 8), (2, 2, 3))
    w = mk("float32", grid(rng, 6, -4, 4, 8), (2, 3))
    y = x.a.astype(np.float64) @ w.a.astype(np.float64).T
    cases.append(case("float32/batched", [A(x), A(w), {"none": None}], round_to("float32", y),
                      "sum", atol=float(8 * 3 * EPS["float32"] * 16), signed_zeros=False))
    xi, wi = mk("int8", [[1, 2]]), mk("float32", [[0.5, 0.25]])
    d = promote("int8", "float32")
    cases.append(case("int8+float32/promoted", [A(xi), A(wi), {"none": None}],
                      round_to(d, xi.a.astype(np.float64) @ wi.a.astype(np.float64).T), "exact"))
    cases.append(case("error/features", [A(mk("float32", np.zeros((2, 3)))),
                                         A(mk("float32", np.zeros((4, 2)))), {"none": None}],
                      ERR("Shape"), note="numpy raises ValueError too"))
    return cases


def gen_relu():
    rng = rng_for("relu")
    cases = []
    for d in REALS:
        for cid, vals in (("edge", FLOAT_EDGE + [-20.0, 20.0]), ("random", grid(rng, 8))):
            x = mk(d, vals)
            # numpy's own maximum loses -0.0's sign in its SIMD loops: zeros compare unsigned
            cases.append(case(f"{d}/{cid}", [A(x)], Arr(d, np.maximum(x.a, 0)),
                              signed_zeros=False))
    for d in INTS:
        x = mk(d, INT_EDGE[d])
        cases.append(case(f"{d}/same_dtype", [A(x)], Arr(d, np.maximum(x.a, 0))))
    x = mk("float32", grid(rng, 6), (2, 3))
    cases.append(case("float32/2d", [A(x)], Arr("float32", np.maximum(x.a, 0)),
                      signed_zeros=False))
    cases.append(case("bool/unsupported", [A(mk("bool", [True, False]))],
                      ERR("UnsupportedDtype"), note="Ivy's relu takes real numbers"))
    cases.append(case("complex64/unsupported", [A(cx("complex64", [(1.0, -1.0)]))],
                      ERR("UnsupportedDtype"),
                      note="Ivy's complex_mode is not taken: complex inputs are refused"))
    return cases


def sigmoid64(x):
    with np.errstate(all="ignore"):
        return 1.0 / (1.0 + np.exp(-np.asarray(x, np.float64)))


def gen_sigmoid():
    rng = rng_for("sigmoid")
    cases = []
    for d in REALS:
        for cid, vals in (("edge", FLOAT_EDGE + [-20.0, 20.0, -80.0, 80.0, -1000.0]),
                          ("random", grid(rng, 12, -12, 12, 8))):
            x = mk(d, vals)
            cases.append(case(f"{d}/{cid}", [A(x)], round_to(d, sigmoid64(x.a)),
                              "transcendental"))
    for d in INTS:
        x = mk(d, INT_EDGE[d][:3] + [5, 100])
        fd = int_float(d)
        cases.append(case(f"{d}/as_{fd}", [A(x)], round_to(fd, sigmoid64(x.a)),
                          "transcendental",
                          note="integers are computed in the default float dtype (float64 "
                               "for int64 and uint64)"))
    cases.append(case("bool/unsupported", [A(mk("bool", [True, False]))],
                      ERR("UnsupportedDtype"), note="Ivy's sigmoid takes real numbers"))
    return cases


def shifted_lse64(x, axis=-1):
    """`(m, log(sum(exp(x - m))))` in float64, axis kept, a non-finite max taken as 0
    (Ivy's numpy backend)."""
    x = np.asarray(x, dtype=np.float64)
    m = np.max(x, axis=axis, keepdims=True)
    m = np.where(np.isfinite(m), m, 0.0)
    with np.errstate(all="ignore"):
        return m, np.log(np.sum(np.exp(x - m), axis=axis, keepdims=True))


def log_softmax64(x, axis=-1):
    m, lse = shifted_lse64(x, axis)
    with np.errstate(all="ignore"):
        return np.asarray(x, np.float64) - m - lse


def logsumexp64(x, axis=-1, keepdims=False):
    m, lse = shifted_lse64(x, axis)
    r = lse + m
    return r if keepdims else np.squeeze(r, axis=axis)


def gen_log_softmax():
    rng = rng_for("log_softmax")
    cases = []
    cases.append(case("bool/unsupported", [A(mk("bool", [True, False]))],
                      ERR("UnsupportedDtype"), note="Ivy's log_softmax takes real numbers"))
    cases.append(case("complex64/unsupported", [A(cx("complex64", [(1.0, -1.0)]))],
                      ERR("UnsupportedDtype"),
                      note="Ivy's complex_mode is not taken: complex inputs are refused"))
    for d in REALS:
        x = mk(d, grid(rng, 12, -4, 4, 8), (3, 4))
        for cid, kw, axis in (("last", {}, -1), ("axis0", {"axis": I(0)}, 0)):
            r = round_to(d, log_softmax64(x.a.astype(np.float64), axis))
            # |result| <= 8 + log(4): the sum class with an absolute bound from the log
            atol = float(16 * x.a.shape[axis] * EPS[d] * 12)
            cases.append(case(f"{d}/{cid}", [A(x)], r, "sum", kwargs=kw, atol=atol))
    big = mk("float32", [[1000.0, 1000.0, 999.0], [-1000.0, 0.0, 1000.0]])
    cases.append(case("float32/large_no_overflow", [A(big)],
                      round_to("float32", log_softmax64(big.a)), "sum",
                      atol=float(24 * 2000 * EPS["float32"])))
    inf = mk("float64", [[-np.inf, 0.0, 1.0]])
    cases.append(case("float64/minus_inf", [A(inf)], round_to("float64", log_softmax64(inf.a)),
                      "sum", atol=float(24 * EPS["float64"])))
    ints = mk("int32", [[1, 2, 3], [0, 0, 0]])
    cases.append(case("int32/default_float", [A(ints)],
                      round_to("float32", log_softmax64(ints.a)), "sum",
                      atol=float(24 * 4 * EPS["float32"]),
                      note="integers are computed in the default float dtype (float32)"))
    one = mk("float64", [2.5])
    cases.append(case("float64/single", [A(one)], Arr("float64", np.array([0.0])), "exact"))
    return cases


def gen_logsumexp():
    rng = rng_for("logsumexp")
    cases = []
    cases.append(case("bool/unsupported", [A(mk("bool", [True, False]))],
                      ERR("UnsupportedDtype"), note="Ivy's logsumexp takes real numbers"))
    cases.append(case("complex64/unsupported", [A(cx("complex64", [(1.0, -1.0)]))],
                      ERR("UnsupportedDtype"),
                      note="Ivy's complex_mode is not taken: complex inputs are refused"))
    for d in REALS:
        x = mk(d, grid(rng, 12, -4, 4, 8), (3, 4))
        for cid, kw, axis, keep in (("last", {}, -1, False),
                                    ("axis0/keepdims", {"axis": I(0), "keepdims": B(True)},
                                     0, True)):
            r = round_to(d, logsumexp64(x.a, axis, keep))
            atol = float(16 * x.a.shape[axis] * EPS[d] * 12)
            cases.append(case(f"{d}/{cid}", [A(x)], r, "sum", kwargs=kw, atol=atol))
    big = mk("float32", [[1000.0, 1000.0, 999.0], [-1000.0, 0.0, 1000.0]])
    cases.append(case("float32/large_no_overflow", [A(big)],
                      round_to("float32", logsumexp64(big.a)), "sum",
                      atol=float(24 * 1000 * EPS["float32"])))
    inf = mk("float64", [[-np.inf, -np.inf], [-np.inf, 0.0]])
    cases.append(case("float64/minus_inf", [A(inf)], round_to("float64", logsumexp64(inf.a)),
                      "sum", atol=float(24 * EPS["float64"]),
                      note="an axis of -inf only gives -inf (its maximum is taken as 0)"))
    ints = mk("int64", [[1, 2, 3], [0, 0, 0]])
    cases.append(case("int64/default_float", [A(ints)],
                      round_to("float64", logsumexp64(ints.a)), "sum",
                      atol=float(24 * 4 * EPS["float64"]),
                      note="integers are computed in the default float dtype (float64 for "
                           "int64)"))
    return cases


def gen_leaky_relu():
    rng = rng_for("leaky_relu")
    cases = []
    for d in REALS:
        for cid, vals in (("edge", FLOAT_EDGE + [-20.0, 20.0]), ("random", grid(rng, 8))):
            x = mk(d, vals)
            x64 = x.a.astype(np.float64)
            cases.append(case(f"{d}/{cid}", [A(x)], round_to(d, np.where(x64 > 0, x64, x64 * 0.2)),
                              "transcendental"))
    x = mk("float64", grid(rng, 6), (2, 3))
    cases.append(case("float64/alpha", [A(x)], Arr("float64", np.where(x.a > 0, x.a, x.a * 0.5)),
                      "transcendental", kwargs={"alpha": F(0.5)}))
    cases.append(case("int32/unsupported", [A(mk("int32", [-1, 2]))], ERR("UnsupportedDtype"),
                      note="alpha * x of an integer has no integer dtype to keep: cast first"))
    cases.append(case("bool/unsupported", [A(mk("bool", [True, False]))],
                      ERR("UnsupportedDtype"), note="Ivy's leaky_relu takes real numbers"))
    return cases


def gen_silu():
    rng = rng_for("silu")
    cases = []
    for d in REALS:
        for cid, vals in (("edge", FLOAT_EDGE + [-20.0, 20.0, -80.0, 80.0, -1000.0]),
                          ("random", grid(rng, 12, -12, 12, 8))):
            x = mk(d, vals)
            x64 = x.a.astype(np.float64)
            with np.errstate(all="ignore"):
                r = np.where(np.isinf(x64) & (x64 > 0), x64, x64 * sigmoid64(x64))
            cases.append(case(f"{d}/{cid}", [A(x)], round_to(d, r), "transcendental"))
    for d in INTS:
        x = mk(d, INT_EDGE[d][:3] + [5, 100])
        fd = int_float(d)
        x64 = x.a.astype(np.float64)
        cases.append(case(f"{d}/as_{fd}", [A(x)], round_to(fd, x64 * sigmoid64(x64)),
                          "transcendental",
                          note="integers are computed in the default float dtype (float64 "
                               "for int64 and uint64)"))
    cases.append(case("bool/unsupported", [A(mk("bool", [True, False]))],
                      ERR("UnsupportedDtype"), note="Ivy's silu takes real numbers"))
    return cases


def gen_hardswish():
    rng = rng_for("hardswish")
    cases = []
    for d in REALS:
        for cid, vals in (("edge", [-4.0, -3.0, -1.5, 0.0, 1.0, 3.0, 6.0, -20.0, 20.0]),
                          ("random", grid(rng, 12, -6, 6, 8))):
            x = mk(d, vals)
            x64 = x.a.astype(np.float64)
            r = x64 * np.minimum(np.maximum(x64 + 3, 0), 6) / 6
            atol = float(8 * EPS[d] * max(np.max(np.abs(x64)), 1.0))
            cases.append(case(f"{d}/{cid}", [A(x)], round_to(d, r), "sum", atol=atol,
                              signed_zeros=False))
    cases.append(case("int32/unsupported", [A(mk("int32", [-1, 2]))], ERR("UnsupportedDtype"),
                      note="integers are refused: cast first"))
    return cases


def mish64(x):
    x = np.asarray(x, np.float64)
    with np.errstate(all="ignore"):
        # softplus computed stably (np.logaddexp(0, x)), as ivy's mish
        return x * np.tanh(np.logaddexp(0.0, x))


def gen_unary_float_act(name, ref, kwargs=None, int_note=True):
    """The rows of an activation computed in float64 (float16/bfloat16 in float32 and
    rounded once, integers in the default float dtype): edge values, random values,
    integers, bool refused."""
    rng = rng_for(name)
    cases = []
    for d in REALS:
        for cid, vals in (("edge", FLOAT_EDGE + [-20.0, 20.0, -80.0, 80.0, -1000.0]),
                          ("random", grid(rng, 12, -12, 12, 8))):
            x = mk(d, vals)
            cases.append(case(f"{d}/{cid}", [A(x)], round_to(d, ref(x.a)), "transcendental",
                              kwargs=kwargs))
    for d in INTS:
        x = mk(d, INT_EDGE[d][:3] + [5, 100])
        fd = int_float(d)
        cases.append(case(f"{d}/as_{fd}", [A(x)], round_to(fd, ref(x.a)), "transcendental",
                          kwargs=kwargs,
                          note="integers are computed in the default float dtype (float64 "
                               "for int64 and uint64)"))
    cases.append(case("bool/unsupported", [A(mk("bool", [True, False]))],
                      ERR("UnsupportedDtype"), kwargs=kwargs,
                      note=f"Ivy's {name} takes real numbers"))
    return cases


def gen_mish():
    return gen_unary_float_act("mish", mish64)


GENERATORS = {"softmax": gen_softmax, "linear": gen_linear, "relu": gen_relu,
              "sigmoid": gen_sigmoid, "log_softmax": gen_log_softmax,
              "logsumexp": gen_logsumexp, "leaky_relu": gen_leaky_relu, "silu": gen_silu,
              "hardswish": gen_hardswish, "mish": gen_mish}
ABOUT = {
    "relu": "`np.maximum(x, 0)` (Ivy's numpy backend), the input's dtype",
    "sigmoid": "`1 / (1 + np.exp(-x))` in float64, rounded to the dtype",
    "softmax": "`e / e.sum(axis, keepdims=True)` with `e = np.exp(x - x.max(axis, keepdims=True))` "
               "in float64, rounded to the dtype",
    "linear": "`x @ weight.T + bias` in float64, rounded to the dtype",
    "leaky_relu": "`np.where(x > 0, x, x * alpha)` in float64, rounded to the dtype",
    "silu": "`x / (1 + np.exp(-x))` in float64, rounded to the dtype",
    "hardswish": "`x * np.minimum(np.maximum(x + 3, 0), 6) / 6` in float64, rounded to the dtype",
    "mish": "`x * np.tanh(np.logaddexp(0, x))` in float64, rounded to the dtype",
    "log_softmax": "`x - m - np.log(np.sum(np.exp(x - m), axis, keepdims=True))` with `m` the "
                   "max along axis (non-finite taken as 0, Ivy's numpy backend) in float64, "
                   "rounded to the dtype",
    "logsumexp": "`m + np.log(np.sum(np.exp(x - m), axis, keepdims=True))` with `m` the max "
                 "along axis (non-finite taken as 0, Ivy's numpy backend) in float64, "
                 "rounded to the dtype",
}


# ------------------------------------------------------------ multi_head_attention

def mha64(x, scale, h, context=None, mask=None, wq=None, wkv=None, wo=None):
    """Ivy's multi_head_attention in numpy (float64); `wq`, `wkv`, `wo` the weights of
    linear projections (`t @ w.T`), or None for none."""
    x = np.asarray(x, np.float64)
    q = x if wq is None else x @ wq.T
    c = x if context is None else np.asarray(context, np.float64)
    if wkv is None:
        k, v = c, c
    else:
        kv = c @ wkv.T
        half = kv.shape[-1] // 2
        k, v = kv[..., :half], kv[..., half:]

    def heads(t):
        *b, n, hf = t.shape
        return np.moveaxis(t.reshape(*b, n, h, hf // h), -2, -3)

    q, k, v = heads(q), heads(k), heads(v)
    sim = (q @ np.swapaxes(k, -1, -2)) * scale
    if mask is not None:
        sim = np.where(np.expand_dims(mask, -3), sim, -np.finfo(np.float64).max)
    attn = softmax64(sim)
    o = attn @ v
    *b, hh, n, f = o.shape
    o = np.moveaxis(o, -3, -2).reshape(*b, n, hh * f)
    return o if wo is None else o @ wo.T


def attention_cases():
    rng = np.random.default_rng(20261128)
    r = lambda *s: np.round(rng.uniform(-1, 1, s) * 8) / 8
    cases = []
    x = r(2, 3, 4)
    cases.append({"id": "plain/2heads", "x": x.tolist(), "scale": 0.5, "num_heads": 2,
                  "expected": mha64(x, 0.5, 2).tolist()})
    ctx = r(2, 5, 4)
    mask = rng.uniform(0, 1, (2, 3, 5)) < 0.7
    mask[..., 0] = True
    wq, wkv, wo = r(4, 4), r(8, 4), r(3, 4)
    cases.append({"id": "projected/context/mask", "x": x.tolist(), "scale": 0.25,
                  "num_heads": 2, "context": ctx.tolist(), "mask": mask.tolist(),
                  "wq": wq.tolist(), "wkv": wkv.tolist(), "wo": wo.tolist(),
                  "expected": mha64(x, 0.25, 2, ctx, mask, wq, wkv, wo).tolist()})
    x1 = r(3, 6)
    cases.append({"id": "unbatched/3heads", "x": x1.tolist(), "scale": 1.0, "num_heads": 3,
                  "expected": mha64(x1, 1.0, 3).tolist()})
    return cases


def write_attention():
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "spec",
                       "golden_attention.json")
    head = {"op": "multi_head_attention", "numpy": np.__version__,
            "about": "Ivy's multi_head_attention written in numpy (float64), projections as "
                     "`t @ w.T` (generated by scripts/golden_layers.py: do not edit by hand)",
            "cases": attention_cases()}
    with open(out, "w", encoding="utf-8", newline="\n") as fh:
        json.dump(head, fh, indent=1)
        fh.write("\n")
    return os.path.getsize(out)


# Written only when asked by name (`scripts/golden.py multi_head_attention`): the float64
# matmuls' last digits depend on the CPU's BLAS kernels, so a plain run leaves the file alone.
FILES = {"multi_head_attention": write_attention}
