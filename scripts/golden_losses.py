"""Golden vectors of the losses (`cross_entropy`, `binary_cross_entropy`,
`sparse_cross_entropy`): a generator module of golden.py."""

from golden import *  # noqa: F401,F403 (the case format and value helpers)

# ------------------------------------------------------------------ cross_entropy


def ce_expected(t: Arr, p: Arr, axis=-1, eps=1e-7):
    """Ivy's definition, each step in Ivy's dtype; also the atol of the sum."""
    d = p.dtype
    pc = clip_ref(p, eps, 1.0 - eps)
    out_lp = "float32" if d in INTS else d
    lp = round_to(out_lp, np.log(as_float(Arr(out_lp, pc.a.astype(np_type(out_lp))))))
    # multiply: promotion of log_pred's and true's dtypes (Ivy's table)
    prod_d = promote(out_lp, t.dtype)
    a1 = lp.a.astype(np_type(prod_d))
    a2 = t.a.astype(np_type(prod_d))
    if prod_d == "bfloat16":
        prod = via_f32_bf16(a1.astype(np.float32) * a2.astype(np.float32))
    else:
        with np.errstate(all="ignore"):
            prod = Arr(prod_d, a1 * a2)
    s = sum_expected(prod, [axis])
    n = prod.a.shape[axis]
    atol = float((n + 8) * EPS[prod_d] * np.sum(np.abs(as_float(prod))))
    return Arr(s.dtype, -s.a), atol


def gen_cross_entropy():
    cases = []
    onehot = [[0.0, 1.0, 0.0], [1.0, 0.0, 0.0]]
    pred = [[0.2, 0.7, 0.1], [0.0, 0.5, 1.0]]
    for d in REALS:
        t, p = mk(d, onehot), mk(d, pred)
        for cid, kw, axis, eps in (("default", {}, -1, 1e-7), ("axis0", {"axis": I(0)}, 0, 1e-7),
                                   ("epsilon", {"epsilon": F(0.25)}, -1, 0.25)):
            exp, atol = ce_expected(t, p, axis, eps)
            cases.append(case(f"{d}/{cid}", [A(t), A(p)], exp, "sum", kwargs=kw, atol=atol))
    t, p = mk("float32", [0.3, 0.3, 0.4]), mk("float32", [0.25, 0.25, 0.5])
    exp, atol = ce_expected(t, p)
    cases.append(case("float32/soft_labels_1d", [A(t), A(p)], exp, "sum", atol=atol))
    t, p = mk("int32", [[0, 1, 0], [1, 0, 0]]), mk("float32", pred)
    exp, atol = ce_expected(t, p)
    cases.append(case("int32_true+float32_pred", [A(t), A(p)], exp, "sum", atol=atol,
                      note="log(pred) (float32) * true (int32) promotes to float64"))
    t, p = mk("float64", onehot), mk("float32", pred)
    exp, atol = ce_expected(t, p)
    cases.append(case("float64_true+float32_pred", [A(t), A(p)], exp, "sum", atol=atol))
    # reduction (Ivy's keyword; ivy-rs defaults to "sum", the seed's definition): "mean" over
    # `axis`, "none" the elementwise -log(clip(pred)) * true; references in float64
    soft = [[0.3, 0.3, 0.4], [0.0, 0.5, 0.5]]
    for d in ("float32", "float64"):
        t, p = mk(d, soft), mk(d, pred)
        terms = -(np.log(as_float(clip_ref(p, 1e-7, 1 - 1e-7))) * as_float(t))
        for red, axis, ref in (("sum", -1, np.sum(terms, axis=-1)),
                               ("mean", -1, np.mean(terms, axis=-1)),
                               ("mean", 0, np.mean(terms, axis=0)),
                               ("none", -1, terms)):
            kw = {"reduction": STR(red)}
            if axis != -1:
                kw["axis"] = I(axis)
            cases.append(case(f"{d}/reduction_{red}_axis{axis}", [A(t), A(p)], round_to(d, ref),
                              "sum", kwargs=kw, atol=_loss_atol(d, terms)))
    t, p = mk("float32", onehot), mk("float32", pred)
    cases.append(case("reduction_unknown", [A(t), A(p)], ERR("InvalidArgument"),
                      kwargs={"reduction": STR("max")},
                      note="Ivy's check_elem_in_list rejects it too"))
    return cases


def _loss_atol(d, terms):
    return float(64 * EPS[d] * (1.0 + np.sum(np.abs(terms))))


def bce_ref(t, p, from_logits=False, epsilon=0.0, pos_weight=None, d="float64"):
    """Ivy's binary_cross_entropy, elementwise, in float64: labels smoothed by epsilon,
    probabilities clipped to [1e-7, 1 - 1e-7] (the bounds in pred's dtype `d`, as Ivy's clip
    converts them); logits by the stable form, or with pos_weight by Ivy's own
    sigmoid-and-clip formula (moderate logits: the clip is inactive there)."""
    lo, hi = (float(np.asarray(b, np_type(d))) for b in (1e-7, 1 - 1e-7))
    t = t * (1.0 - epsilon) + 0.5 * epsilon
    if from_logits and pos_weight is not None:
        s = np.clip(1.0 / (1.0 + np.exp(-p)), 1e-7, 1 - 1e-7)
        return -(np.log(s) * t * pos_weight + np.log(1 - s) * (1 - t))
    if from_logits:
        return np.maximum(p, 0) - p * t + np.log1p(np.exp(-np.abs(p)))
    pc = np.clip(p, lo, hi)
    return -(np.log(pc) * t + np.log(1 - pc) * (1 - t))


def gen_binary_cross_entropy():
    """Ivy's binary_cross_entropy: reduction "mean" (default), "sum" or "none" over `axis`
    (None: every axis); epsilon is label smoothing; probabilities clipped to [1e-7, 1 - 1e-7];
    logits by the stable max(x, 0) - x t + log1p(e^-|x|), weighted by pos_weight; references
    in float64."""
    cases = []
    t = [[0.0, 1.0, 1.0], [1.0, 0.0, 0.3]]
    p = [[0.2, 0.7, 0.0], [1.0, 0.5, 0.9]]
    x = [[-3.0, 0.5, 40.0], [-100.0, 100.0, 0.0]]
    xm = [[-3.0, 0.5, 4.0], [-1.5, 2.0, 0.0]]  # moderate logits (pos_weight)
    w = [1.0, 2.0, 0.5]
    for d in ("float32", "float64"):
        tt, pp, xx, xxm, ww = mk(d, t), mk(d, p), mk(d, x), mk(d, xm), mk(d, w)
        tf, pf, xf, xmf, wf = (as_float(v) for v in (tt, pp, xx, xxm, ww))
        rows = [
            ("default", pp, {}, np.mean(bce_ref(tf, pf, d=d))),
            ("none", pp, {"reduction": STR("none")}, bce_ref(tf, pf, d=d)),
            ("sum", pp, {"reduction": STR("sum")}, np.sum(bce_ref(tf, pf, d=d))),
            ("mean_axis1", pp, {"axis": INTLIST([1])}, np.mean(bce_ref(tf, pf, d=d), axis=1)),
            ("sum_axis0", pp, {"reduction": STR("sum"), "axis": INTLIST([0])},
             np.sum(bce_ref(tf, pf, d=d), axis=0)),
            ("smoothing", pp, {"epsilon": F(0.25), "reduction": STR("none")},
             bce_ref(tf, pf, epsilon=0.25, d=d)),
            ("from_logits", xx, {"from_logits": B(True), "reduction": STR("none")},
             bce_ref(tf, xf, True)),
            ("from_logits_smoothing_mean", xx, {"from_logits": B(True), "epsilon": F(0.1)},
             np.mean(bce_ref(tf, xf, True, 0.1))),
            ("pos_weight", xxm, {"from_logits": B(True), "pos_weight": A(ww),
                                 "reduction": STR("none")}, bce_ref(tf, xmf, True, 0.0, wf)),
            ("pos_weight_sum_axis0", xxm, {"from_logits": B(True), "pos_weight": A(ww),
                                           "reduction": STR("sum"), "axis": INTLIST([0])},
             np.sum(bce_ref(tf, xmf, True, 0.0, wf), axis=0)),
        ]
        for cid, pred, kw, ref in rows:
            terms = bce_ref(tf, as_float(pred), kw.get("from_logits") is not None)
            cases.append(case(f"{d}/{cid}", [A(tt), A(pred)], round_to(d, ref), "sum",
                              kwargs=kw, atol=_loss_atol(d, terms)))
    # true is cast to pred's dtype (Ivy's astype): int32 labels, a float32 result
    tt, pp = mk("int32", [[0, 1, 1], [1, 0, 0]]), mk("float32", p)
    ref = bce_ref(as_float(tt), as_float(pp), d="float32")
    cases.append(case("int32_true+float32_pred", [A(tt), A(pp)],
                      round_to("float32", np.mean(ref)), "sum", atol=_loss_atol("float32", ref)))
    tt, pp, xx = mk("float32", t), mk("float32", p), mk("float32", xm)
    for cid, pred, kw in (
            ("reduction_unknown", pp, {"reduction": STR("max")}),
            ("epsilon_above_1", pp, {"epsilon": F(1.5)}),
            ("epsilon_negative", pp, {"epsilon": F(-0.1)}),
            ("pos_weight_without_logits", pp, {"pos_weight": A(mk("float32", w))}),
            ("pos_weight_wrong_length", xx, {"from_logits": B(True),
                                             "pos_weight": A(mk("float32", [1.0, 2.0]))})):
        cases.append(case(cid, [A(tt), A(pred)], ERR("InvalidArgument"), kwargs=kw,
                          note="Ivy raises ValueError"))
    return cases


def gen_sparse_cross_entropy():
    """Ivy's definition: cross_entropy(one_hot(true, n), pred, axis), the one-hot classes on
    a new last axis (negative labels from the end, as numpy's one_hot by np.eye indexing),
    broadcast against pred; each row -log(clip(pred[true], eps, 1 - eps))."""
    cases = []
    pred = [[0.2, 0.7, 0.1], [0.0, 0.5, 0.5]]
    for d in ("float32", "float64"):
        for cid, lab, pr, kw, eps in (
                ("default", [1, 0], pred, {}, 1e-7),
                ("negative_labels", [-2, -1], pred, {}, 1e-7),
                ("broadcast_1d", [2], [0.1, 0.1, 0.7, 0.1], {}, 1e-7),
                ("epsilon", [2, 0], pred, {"epsilon": F(0.25)}, 0.25)):
            tt, pp = mk("int64", lab), mk(d, pr)
            pf = np.clip(as_float(pp), np.float64(np.asarray(eps, np_type(d))),
                         np.float64(np.asarray(1.0 - eps, np_type(d))))
            n = pf.shape[-1]
            one_hot = np.eye(n)[np.array(lab)]
            terms = np.log(pf) * one_hot
            ref = -np.sum(terms, axis=-1)
            cases.append(case(f"{d}/{cid}", [A(tt), A(pp)], round_to(d, ref), "sum", kwargs=kw,
                              atol=_loss_atol(d, terms)))
    for d in ("float32", "float64"):
        tt, pp = mk("int64", [2, 0]), mk(d, pred)
        terms = -(np.log(as_float(clip_ref(pp, 1e-7, 1 - 1e-7))) * np.eye(3)[[2, 0]])
        for red, ref in (("mean", np.mean(terms, axis=-1)), ("none", terms)):
            cases.append(case(f"{d}/reduction_{red}", [A(tt), A(pp)], round_to(d, ref), "sum",
                              kwargs={"reduction": STR(red)}, atol=_loss_atol(d, terms)))
    cases.append(case("reduction_unknown", [A(mk("int64", [1, 0])), A(mk("float32", pred))],
                      ERR("InvalidArgument"), kwargs={"reduction": STR("max")},
                      note="Ivy's check_elem_in_list rejects it too"))
    cases.append(case("label_out_of_range", [A(mk("int64", [3, 0])), A(mk("float32", pred))],
                      ERR("InvalidArgument"),
                      note="Ivy's one_hot would give a loss of 0; ivy-rs refuses"))
    return cases


GENERATORS = {
    "cross_entropy": gen_cross_entropy,
    "binary_cross_entropy": gen_binary_cross_entropy,
    "sparse_cross_entropy": gen_sparse_cross_entropy,
}

ABOUT = {
    "cross_entropy": "-sum(log(clip(pred, eps, 1 - eps)) * true, axis)",
    "binary_cross_entropy": "mean/sum over axis of -(t log(clip(p)) + (1 - t) log(1 - clip(p))), t smoothed; logits: max(x, 0) - x t + log1p(exp(-|x|)), pos_weight: Ivy's sigmoid form",
    "sparse_cross_entropy": "-log(clip(take_along_axis(pred, true, axis), eps, 1 - eps))",
}
