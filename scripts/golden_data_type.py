"""Golden vectors of `astype`: a generator module of golden.py."""

from golden import *  # noqa: F401,F403 (the case format and value helpers)

# ------------------------------------------------------------------ astype



def ivy_astype(x: Arr, to):
    """Ivy's astype: numpy's rules, except float → int is Rust's saturating `as`."""
    src = x.dtype
    a = x.a
    if to in INTS and src in REALS + COMPLEX:
        info = np.iinfo(np_type(to))
        vals = []
        for v in (a.real if src in COMPLEX else a).astype(np.float64).ravel().tolist():
            if math.isnan(v):
                vals.append(0)
            elif v >= info.max:
                vals.append(int(info.max))
            elif v <= info.min:
                vals.append(int(info.min))
            else:
                vals.append(math.trunc(v))
        return Arr(to, np.array(vals, dtype=object).astype(np_type(to)).reshape(a.shape))
    if to == "bfloat16":
        if src in INTS:
            return Arr(to, np.array([bf16_round(int(v)) for v in a.ravel().tolist()], np.float32))
        if src == "bool":
            return Arr(to, a.astype(np.float32))
        v = a.real if src in COMPLEX else a
        return round_to(to, v.astype(np.float64))
    if src == "bfloat16":
        return Arr(to, a.astype(np_type(to)))
    with np.errstate(all="ignore"):
        if src in COMPLEX and to not in COMPLEX:
            if to == "bool":
                return Arr(to, a != 0)
            return Arr(to, a.real.astype(np_type(to)))
        return Arr(to, a.astype(np_type(to)))


def gen_astype():
    cases = []
    for src in ALL:
        vals = ASTYPE_SRC[src]
        x = cx(src, vals) if src in COMPLEX else mk(src, vals)
        for to in ALL:
            if to == src and src not in ("bfloat16", "int64"):
                continue  # same-dtype copies: a few are enough (and float32/copy_false)
            exp = ivy_astype(x, to)
            differs, npr = None, None
            if to in INTS and src in REALS + COMPLEX:
                npa = np_answer(lambda: (x.a.real if src in COMPLEX else x.a).astype(np_type(to)))
                if src == "bfloat16" or json.dumps(npa) != json.dumps(enc_array(exp)):
                    differs = ("float → integer conversion is Rust's saturating `as`: truncation "
                               "toward zero, NaN → 0, ±inf and out-of-range values → the "
                               "dtype's min/max (README); numpy's result is undefined there")
                    npr = npa if src != "bfloat16" else None
                    if src == "bfloat16":
                        differs = None  # numpy has no bfloat16: nothing to differ from
            cases.append(case(f"{src}->{to}", [A(x), D(to)], exp, ivy_differs=differs, numpy=npr,
                              note="complex → real keeps the real part (numpy: the same, with "
                              "a ComplexWarning)" if src in COMPLEX and to not in COMPLEX + ["bool"]
                              else None))
    x = mk("float32", [[1.5, -2.0], [NAN, 4.0]])
    cases.append(case("float32->float32/copy_false", [A(x), D("float32")], x,
                      kwargs={"copy": B(False)}))
    return cases


GENERATORS = {"astype": gen_astype}

ABOUT = {"astype": "ndarray.astype"}
