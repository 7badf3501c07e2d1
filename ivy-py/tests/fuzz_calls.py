"""Seeded random calls of every function of the ``ivy_rs`` namespace: no panic reaches Python.

    python ivy-py/tests/fuzz_calls.py [--calls N] [--seed S] [--verbose]

Every function made from the op table is called ``N`` times in all (round robin over the
functions, so every op gets about N / #ops calls), half on each backend, with arguments drawn
for its signature (``inspect.signature``): arrays of every dtype and of odd shapes (0-d,
empty, 1-element, a few elements) holding NaN, infinities, zeros and large values; Python
scalars (bool, int, float, complex, ints beyond int64); None; strings; dtypes; tuples and
lists of ints (axes, shapes, some negative or huge); Containers; wrong kinds. Keyword
arguments are added at random.

A call may raise any exception (a typed ivy error is the expected answer to a bad argument)
except a ``RuntimeError`` saying that a Rust panic was caught, which fails the run; a Rust
abort would end the process, which fails it too. Exits 1 naming the first failing calls.
"""

import argparse
import inspect
import random
import sys

import ivy_rs

DTYPES = [
    ivy_rs.bool, ivy_rs.int8, ivy_rs.int16, ivy_rs.int32, ivy_rs.int64, ivy_rs.uint8,
    ivy_rs.uint16, ivy_rs.uint32, ivy_rs.uint64, ivy_rs.float16, ivy_rs.bfloat16,
    ivy_rs.float32, ivy_rs.float64, ivy_rs.complex64, ivy_rs.complex128,
]
SHAPES = [(), (0,), (1,), (3,), (2, 3), (1, 2, 1), (2, 0), (4,)]
FLOATS = [0.0, -0.0, 1.0, -1.5, 2.5, float("nan"), float("inf"), -float("inf"), 1e300, 1e-300, 3.0]
# sizes are small or impossible (2**62 and up), never large-but-possible: the run must not
# fill the machine's memory
INTS = [0, 1, -1, 2, 3, -2, 7, 127, -128, 255, 2**62, 2**63 - 1, -(2**63), 2**63, 2**64, 2**70]


class Gen:
    def __init__(self, rng):
        self.r = rng

    def values(self, n):
        return [self.r.choice(FLOATS) for _ in range(n)]

    def array(self):
        r = self.r
        shape = r.choice(SHAPES)
        n = 1
        for s in shape:
            n *= s
        dtype = r.choice(DTYPES)
        vals = self.values(n)
        try:
            x = ivy_rs.asarray(vals, dtype=ivy_rs.float64)
            x = ivy_rs.reshape(x, shape) if shape != (n,) else x
            return ivy_rs.astype(x, dtype)
        except Exception:  # noqa: BLE001 - a dtype the backend cannot hold
            return ivy_rs.asarray(r.choice(FLOATS))

    def int_tuple(self):
        r = self.r
        k = r.randrange(0, 4)
        pool = [0, 1, 2, 3, -1, -2, 5] * 3 + [2**40, -(2**40), 2**63]
        return tuple(r.choice(pool) for _ in range(k))

    def container(self):
        return ivy_rs.Container(a=self.array(), b={"c": self.array()})

    def value(self):
        r = self.r
        kind = r.random()
        if kind < 0.45:
            return self.array()
        if kind < 0.55:
            return r.choice(FLOATS)
        if kind < 0.65:
            return r.choice(INTS)
        if kind < 0.70:
            return r.choice([True, False, 1 + 2j, complex("nan+1j")])
        if kind < 0.78:
            return self.int_tuple()
        if kind < 0.83:
            return list(self.int_tuple())
        if kind < 0.87:
            return r.choice(DTYPES)
        if kind < 0.90:
            return r.choice(["left", "right", "mean", "sum", "none", "", "real floating", "integral"])
        if kind < 0.94:
            return None
        if kind < 0.97:
            return self.container()
        return r.choice([object(), {"x": 1}, [self.array(), self.array()], b"bytes"])


def calls(n, seed, verbose):
    rng = random.Random(seed)
    g = Gen(rng)
    funcs = sorted(
        (name, f) for name, f in vars(ivy_rs).items()
        if callable(f) and not name.startswith("_") and name in ivy_rs._FUNCTIONS
    )
    failures = []
    ok = 0
    for i in range(n):
        name, f = funcs[i % len(funcs)]
        backend = "ndarray" if (i // len(funcs)) % 2 == 0 else "candle"
        try:
            sig = inspect.signature(f)
        except (TypeError, ValueError):
            continue
        args, kwargs = [], {}
        for p in sig.parameters.values():
            if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD):
                if p.default is p.empty or rng.random() < 0.5:
                    args.append(g.value())
            elif p.kind == p.VAR_POSITIONAL:
                args.extend(g.value() for _ in range(rng.randrange(0, 3)))
            elif p.kind == p.KEYWORD_ONLY and (p.default is p.empty or rng.random() < 0.3):
                kwargs[p.name] = g.value()
        desc = f"#{i} {name}(*{args!r:.300}, **{kwargs!r:.200}) on {backend}"
        if verbose:
            print(desc, flush=True)
        try:
            with ivy_rs.using_backend(backend):
                r = f(*args, **kwargs)
                repr(r)
            ok += 1
        except RuntimeError as e:
            if "panic" in str(e):
                failures.append(f"{desc}\n    {e}")
        except Exception:  # noqa: BLE001 - typed errors are the expected answers
            pass
    return ok, failures, len(funcs)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--calls", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--verbose", action="store_true")
    a = ap.parse_args()
    ok, failures, nf = calls(a.calls, a.seed, a.verbose)
    print(f"fuzz_calls: {a.calls} calls over {nf} functions (seed {a.seed}): {ok} returned, "
          f"{len(failures)} panics")
    for f in failures[:20]:
        print(f)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
