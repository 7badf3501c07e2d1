"""Golden vectors of the fft extension (a plug-in of golden.py): numpy's pocketfft, computed in
complex128 / float64 and rounded once; tolerances scale with the transform length and the
input's magnitude: |got - expected| <= 4·log2(n)·eps(dtype)·sum|x|."""

from golden import (A, COMPLEX, ERR, F, I, INTLIST, STR, Arr, case, cx, grid, mk, rng_for, round_to, EPS,
                    as_float)
import numpy as np

REAL = ["float32", "float64"]
NORMS = ["backward", "ortho", "forward"]


def atol(d, x, n):
    mag = float(np.sum(np.abs(as_float(x)))) if x.a.size else 1.0
    return float(8 * max(np.log2(max(n, 2)), 1.0) * EPS[d] * max(mag, 1.0))


def cvec(rng, d, shape):
    n = int(np.prod(shape))
    return cx(d, list(zip(grid(rng, n), grid(rng, n))), shape)


def one_d(op, f, in_dtypes, out_of, make, lengths=(8, 5, 1)):
    rng = rng_for(op)
    cases = []
    for d in in_dtypes:
        for m in lengths:
            x = make(rng, d, (m,))
            for norm in NORMS:
                e = round_to(out_of(d), np.asarray(f(as_float(x), norm=norm)))
                cases.append(case(f"{d}/{m}_{norm}", [A(x)], e, "sum", atol=atol(out_of(d), x, m),
                                  kwargs={"norm": STR(norm)}, signed_zeros=False))
        x = make(rng, d, (2, 6))
        for n in (4, 9):
            e = round_to(out_of(d), np.asarray(f(as_float(x), n=n, axis=0)))
            cases.append(case(f"{d}/2x6_axis0_n{n}", [A(x)], e, "sum", atol=atol(out_of(d), x, n),
                              kwargs={"n": I(n), "axis": I(0)}, signed_zeros=False,
                              note="n crops or zero-pads along the axis"))
    return cases


def real_make(rng, d, shape):
    return mk(d, grid(rng, int(np.prod(shape))), shape)


def cplx(d):
    return {"float32": "complex64", "float64": "complex128"}.get(d, d)


def real(d):
    return {"complex64": "float32", "complex128": "float64"}.get(d, d)


def gen_fft():
    return one_d("fft", np.fft.fft, COMPLEX, lambda d: d, cvec) + [
        case("error/n0", [A(cx("complex64", [(1.0, 0.0)]))], ERR("InvalidArgument"), kwargs={"n": I(0)},
             note="numpy raises ValueError too"),
        case("error/norm", [A(cx("complex64", [(1.0, 0.0)]))], ERR("InvalidArgument"),
             kwargs={"norm": STR("unitary")}, note="numpy raises ValueError too"),
        case("error/axis", [A(cx("complex64", [(1.0, 0.0)]))], ERR("Axis"), kwargs={"axis": I(1)},
             note="numpy raises AxisError too"),
    ]


def gen_ifft():
    return one_d("ifft", np.fft.ifft, COMPLEX, lambda d: d, cvec)


def gen_rfft():
    return one_d("rfft", np.fft.rfft, REAL, cplx, real_make)


def gen_irfft():
    cases = one_d("irfft", np.fft.irfft, COMPLEX, real, cvec, lengths=(5, 4, 2))
    x = cx("complex128", [(1.0, 3.0), (2.0, -1.0), (0.5, 7.0)])
    cases.append(case("complex128/ignored_imaginary", [A(x)], Arr("float64", np.fft.irfft(x.a)), "sum",
                      atol=1e-14, signed_zeros=False,
                      note="the imaginary parts of the zero and Nyquist bins are ignored, as numpy"))
    cases.append(case("error/one_value", [A(cx("complex64", [(1.0, 0.0)]))], ERR("InvalidArgument"),
                      note="the default n = 2·(1 - 1) = 0: numpy raises ValueError too"))
    return cases


def gen_hfft():
    return one_d("hfft", np.fft.hfft, COMPLEX, real, cvec, lengths=(5, 4, 2))


def gen_ihfft():
    return one_d("ihfft", np.fft.ihfft, REAL, cplx, real_make)


def n_d(op, f, in_dtypes, out_of, make):
    rng = rng_for(op)
    cases = []
    for d in in_dtypes:
        x = make(rng, d, (2, 3, 4))
        for label, kw, npkw in (("all", {}, {}),
                                ("axes", {"axes": INTLIST([0, 2])}, {"axes": (0, 2)}),
                                ("s", {"s": INTLIST([4, 6])}, {"s": (4, 6)}),
                                ("s_axes", {"s": INTLIST([3, -1]), "axes": INTLIST([2, 0])},
                                 {"s": (3, 2), "axes": (2, 0)}),
                                ("ortho", {"norm": STR("ortho")}, {"norm": "ortho"})):
            e = round_to(out_of(d), np.asarray(f(as_float(x), **npkw)))
            cases.append(case(f"{d}/2x3x4_{label}", [A(x)], e, "sum", atol=atol(out_of(d), x, 24),
                              kwargs=kw, signed_zeros=False,
                              note="s[i] = -1 keeps the input's length" if label == "s_axes" else None))
    return cases


def gen_fftn():
    return n_d("fftn", np.fft.fftn, COMPLEX, lambda d: d, cvec) + [
        case("error/axes_twice", [A(cvec(rng_for("fftn_e"), "complex64", (2, 2)))], ERR("InvalidArgument"),
             kwargs={"axes": INTLIST([0, 0])},
             note="the standard leaves repeated axes unspecified; numpy transforms twice")]


def gen_ifftn():
    return n_d("ifftn", np.fft.ifftn, COMPLEX, lambda d: d, cvec)


def gen_rfftn():
    return n_d("rfftn", np.fft.rfftn, REAL, cplx, real_make)


def gen_irfftn():
    return n_d("irfftn", np.fft.irfftn, COMPLEX, real, cvec)


def gen_fftfreq():
    cases = []
    for n, d in ((1, 1.0), (4, 1.0), (5, 0.1), (8, 2.5)):
        cases.append(case(f"n{n}_d{d}", [I(n)], round_to("float32", np.fft.fftfreq(n, d)), kwargs={"d": F(d)}))
    cases.append(case("error/d0", [I(4)], ERR("InvalidArgument"), kwargs={"d": F(0.0)},
                      note="numpy divides by zero (inf and nan); a zero spacing is an error here"))
    return cases


def gen_rfftfreq():
    return [case(f"n{n}_d{d}", [I(n)], round_to("float32", np.fft.rfftfreq(n, d)), kwargs={"d": F(d)})
            for n, d in ((1, 1.0), (4, 1.0), (5, 0.1), (9, 2.5))]


def shift_cases(op, f):
    cases = []
    x = mk("int32", np.arange(15).reshape(3, 5))
    cases.append(case("int32/3x5_all", [A(x)], Arr("int32", f(x.a))))
    cases.append(case("int32/3x5_axis1", [A(x)], Arr("int32", f(x.a, axes=1)), kwargs={"axes": INTLIST([1])}))
    c = cx("complex64", [(1.0, 2.0), (3.0, 4.0), (5.0, 6.0)])
    cases.append(case("complex64/3", [A(c)], Arr("complex64", f(c.a))))
    return cases


def gen_fftshift():
    return shift_cases("fftshift", np.fft.fftshift)


def gen_ifftshift():
    return shift_cases("ifftshift", np.fft.ifftshift)


GENERATORS = {"fft": gen_fft, "ifft": gen_ifft, "rfft": gen_rfft, "irfft": gen_irfft, "hfft": gen_hfft,
              "ihfft": gen_ihfft, "fftn": gen_fftn, "ifftn": gen_ifftn, "rfftn": gen_rfftn, "irfftn": gen_irfftn,
              "fftfreq": gen_fftfreq, "rfftfreq": gen_rfftfreq, "fftshift": gen_fftshift,
              "ifftshift": gen_ifftshift}
ABOUT = {op: f"np.fft.{op}" for op in GENERATORS}
