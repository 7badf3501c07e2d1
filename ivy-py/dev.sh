#!/usr/bin/env bash
# ivy-rs for Python, from a clone:
#   bash ivy-py/dev.sh build   # a venv in target/pyenv with the pinned tools, the extension built (the
#                              # `wheel` profile: release with fat LTO, ~9 min from scratch on 2 cores) and installed
#   bash ivy-py/dev.sh test    # ivy-py's own tests, the Array API standard's suite (../shared/array-api-tests),
#                              # then 100 000 seeded random calls (no panic)
# Environment: IVY_PY_VENV (default target/pyenv), ARRAY_API_TESTS_DIR (default ../shared/array-api-tests),
# SUITE_ARGS (extra pytest arguments for the suite, e.g. "--max-examples 20"), HYPOTHESIS_SEED
# (default 0: CI's run is reproducible; another seed explores other examples), IVY_PY_PROFILE
# (default `wheel`; `release` skips the whole-program LTO step: a faster build, ~8 % slower per call at n = 1).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
venv="${IVY_PY_VENV:-$root/target/pyenv}"
suite="${ARRAY_API_TESTS_DIR:-$root/../shared/array-api-tests}"
py="$venv/bin/python"

build() {
  if [ ! -x "$py" ]; then
    python3 -m venv "$venv"
  fi
  "$py" -m pip install -q --disable-pip-version-check -r "$root/ivy-py/requirements-dev.txt"
  rm -rf "$root/target/wheels"
  (cd "$root/ivy-py" && "$venv/bin/maturin" build --profile "${IVY_PY_PROFILE:-wheel}" --locked -q -i "$py" -o "$root/target/wheels")
  "$py" -m pip install -q --disable-pip-version-check --force-reinstall --no-deps "$root"/target/wheels/ivy_rs-*.whl
  "$py" -c 'import ivy_rs; print("ivy_rs", ivy_rs.__array_api_version__, "installed in", "'"$venv"'")'
}

suite() {
  # $1: backend; the rest: extra pytest arguments
  local backend="$1"; shift
  [ -d "$suite/array_api_tests" ] || {
    echo "no Array API test suite at $suite: set ARRAY_API_TESTS_DIR to a checkout of" \
      "data-apis/array-api-tests (with its array-api/ spec stubs)" >&2
    exit 2
  }
  (cd "$suite" && IVY_RS_BACKEND="$backend" ARRAY_API_TESTS_MODULE=ivy_rs ARRAY_API_TESTS_VERSION=2023.12 \
    "$py" -m pytest array_api_tests -q -p no:cacheprovider \
      --skips-file "$root/ivy-py/skips.txt" \
      --xfails-file "$root/ivy-py/xfails-$backend.txt" \
      --hypothesis-seed "${HYPOTHESIS_SEED:-0}" \
      "$@")
}

test() {
  [ -x "$py" ] || { echo "no venv at $venv: run 'bash ivy-py/dev.sh build' first" >&2; exit 2; }
  echo "== ivy-py's own tests"
  "$py" -m pytest "$root/ivy-py/tests" -q -p no:cacheprovider
  echo "== the Array API suite on ndarray (default settings)"
  # shellcheck disable=SC2086
  suite ndarray ${SUITE_ARGS:-}
  # candle: the pinned suite (55fcc60) cannot import a namespace without a complex dtype,
  # and candle holds none. array_api_tests/dtype_helpers.py calls xp.asarray(complex()) at
  # import unless ARRAY_API_TESTS_SKIP_DTYPES names both complex dtypes, and with both named
  # it takes max() over the (then empty) complex dtypes, a ValueError. ivy-py's own tests
  # above and the random calls below run on candle too.
  echo "== 100 000 seeded random calls from Python, both backends: no panic"
  "$py" "$root/ivy-py/tests/fuzz_calls.py" --calls 100000 --seed 1
}

case "${1:-}" in
  build) build ;;
  test) test ;;
  *) echo "usage: bash ivy-py/dev.sh build|test" >&2; exit 2 ;;
esac
