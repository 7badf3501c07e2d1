#!/usr/bin/env bash
# The benchmark environment: target/benchenv, a venv beside the test one (target/pyenv, whose
# numpy the Array API suite pins) with numpy, JAX on the CPU and Ivy-Python, and the ivy_rs
# wheel `bash ivy-py/dev.sh build` made. Then, from the repository root:
#   target/benchenv/bin/python scripts/bench_beyond.py   # issue 38's table, numpy and JAX
#   target/benchenv/bin/python ivy-py/bench/percall.py   # per-call time, numpy and Ivy-Python
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
venv="$root/target/benchenv"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/pip" install -q --disable-pip-version-check numpy==2.4.6 "jax[cpu]==0.10.2" ivy==1.0.0.5
"$venv/bin/pip" install -q --disable-pip-version-check --force-reinstall --no-deps "$root"/target/wheels/ivy_rs-*.whl
"$venv/bin/python" -c 'import numpy, jax, ivy_rs; print("numpy", numpy.__version__, "jax", jax.__version__, "ivy_rs", ivy_rs.__array_api_version__)'
