#!/bin/bash
# Build ivy-rs's behaviour suite with the `cuda` feature on a machine with no GPU and no system
# CUDA (pip's CUDA 13.0 toolkit in a venv, a generated stub libcuda for linking), check it here
# against the stub, and pack it into .gpu/ for a GPU machine to run with .gpu/run.sh.
# See scripts/cuda/README.md.
#
# Usage: bash scripts/cuda/build.sh [--no-local-check] [--no-glibc-fallback] [--setup-only]
#   --no-local-check     skip running devices::, support_calls:: and random_calls::fuzz here
#   --no-glibc-fallback  do not pack this machine's glibc/libstdc++ (for an older GPU image)
#   --setup-only         make the venv, its lib64 links and the stub, then stop
# Environment: CUDA_COMPUTE_CAP (default 90: H100/H200), CARGO_TARGET_DIR (default target/),
#   IVY_CUDA_VENV (default target/cuda/venv), CARGO_BUILD_JOBS etc. as cargo reads them.
set -euo pipefail

usage() { sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; }
LOCAL_CHECK=1 FALLBACK=1 SETUP_ONLY=0
for a in "$@"; do
  case "$a" in
    --no-local-check) LOCAL_CHECK=0 ;;
    --no-glibc-fallback) FALLBACK=0 ;;
    --setup-only) SETUP_ONLY=1 ;;
    -h | --help) usage; exit 0 ;;
    *) echo "build.sh: unknown argument '$a'" >&2; usage >&2; exit 2 ;;
  esac
done

die() { echo "build.sh: $*" >&2; exit 1; }
step() { echo; echo "==== build.sh: $* ($((SECONDS))s)"; }

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd -P)
cd "$ROOT"
if [ ! -f Cargo.toml ] || [ ! -f tests/Cargo.toml ] || [ ! -f scripts/cuda/run.sh ]; then
  die "run it from an ivy-rs checkout ($ROOT does not look like one)"
fi
for t in cargo python3 gcc xz sha256sum git readelf ldd timeout; do
  command -v "$t" >/dev/null || die "needs '$t' on the PATH"
done

# The CUDA 13.0 toolkit from PyPI: what cudarc (nvcc --version, link search under CUDA_HOME)
# and candle-kernels (nvcc, PTX for CUDA_COMPUTE_CAP) need. One set, pinned together.
CUDA_RELEASE=13.0
PINS=(
  nvidia-cuda-nvcc==13.0.88 nvidia-cuda-crt==13.0.88 nvidia-nvvm==13.0.88
  nvidia-cuda-runtime==13.0.96 nvidia-cuda-nvrtc==13.0.88 nvidia-cublas==13.1.0.3
  nvidia-curand==10.4.0.35 nvidia-cuda-cccl==13.0.85
)
CUDA_DIR=$ROOT/target/cuda
VENV=${IVY_CUDA_VENV:-$CUDA_DIR/venv}
STUB_DIR=$CUDA_DIR/stub
mkdir -p "$CUDA_DIR" "$STUB_DIR"

# ---- 1. the venv with the toolkit ------------------------------------------------------------
step "CUDA $CUDA_RELEASE venv at $VENV"
pins_ok() {
  "$VENV/bin/python" - "${PINS[@]}" <<'EOF'
import sys
from importlib import metadata
bad = []
for pin in sys.argv[1:]:
    name, want = pin.split("==")
    try:
        have = metadata.version(name)
    except metadata.PackageNotFoundError:
        have = None
    if have != want:
        bad.append(f"{name} {have or 'missing'} (want {want})")
if bad:
    print("venv lacks: " + ", ".join(bad))
    sys.exit(1)
EOF
}
if [ ! -x "$VENV/bin/python" ]; then
  python3 -m venv "$VENV" || die "python3 -m venv failed (Debian: apt-get install python3-venv)"
fi
if ! pins_ok; then
  echo "pip install (about 1.2 GB to download the first time)"
  "$VENV/bin/python" -m pip install --disable-pip-version-check --no-input -q "${PINS[@]}"
  pins_ok || die "the venv still lacks the pinned wheels"
fi
SITE=$("$VENV/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
C=$SITE/nvidia/cu13
[ -x "$C/bin/nvcc" ] || die "no nvcc at $C/bin/nvcc"
"$C/bin/nvcc" --version | grep -q "release $CUDA_RELEASE," ||
  die "$C/bin/nvcc is not CUDA $CUDA_RELEASE: $("$C/bin/nvcc" --version | tail -2)"

# cudarc links -lcuda -lnvrtc -lcurand -lcublas -lcublasLt, searching $CUDA_HOME/lib64 among
# others; the wheels ship only versioned names in lib/. libcuda.so is the stub (step 2).
mkdir -p "$C/lib64"
for f in libcublas.so.13 libcublasLt.so.13 libcudart.so.13 libcurand.so.10 libnvrtc.so.13; do
  [ -e "$C/lib/$f" ] || die "no $C/lib/$f"
  ln -sfn "../lib/$f" "$C/lib64/$f"
  ln -sfn "../lib/$f" "$C/lib64/${f%%.so.*}.so"
done
ln -sfn "$STUB_DIR/libcuda.so.1" "$C/lib64/libcuda.so"

# ---- 2. the stub driver, generated from cudarc's bindings -----------------------------------
step "stub libcuda.so.1 at $STUB_DIR"
python3 scripts/cuda/stub_libcuda.py --workspace "$ROOT" --out "$STUB_DIR/libcuda_stub.c"
gcc -shared -fPIC -O1 -Wall -Werror -Wl,-soname,libcuda.so.1 \
  -o "$STUB_DIR/libcuda.so.1" "$STUB_DIR/libcuda_stub.c"
ln -sfn libcuda.so.1 "$STUB_DIR/libcuda.so"

export CUDA_HOME=$C
export PATH=$C/bin:$PATH
export CUDA_COMPUTE_CAP=${CUDA_COMPUTE_CAP:-90}
export CARGO_PROFILE_DEV_DEBUG=0
export LD_LIBRARY_PATH=$C/lib:$STUB_DIR${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
if [ "$SETUP_ONLY" = 1 ]; then
  echo "setup done: CUDA_HOME=$CUDA_HOME, stub $STUB_DIR/libcuda.so.1"
  exit 0
fi

# ---- 3. build ---------------------------------------------------------------------------------
step "cargo test -p ivy-tests --test suite --features cuda --no-run --locked" \
  "(CUDA_COMPUTE_CAP=$CUDA_COMPUTE_CAP, target dir ${CARGO_TARGET_DIR:-target})"
JSON=$CUDA_DIR/build-messages.json
B0=$SECONDS
cargo test -p ivy-tests --test suite --features cuda --no-run --locked \
  --message-format=json-render-diagnostics > "$JSON"
BUILD_S=$((SECONDS - B0))
# The suite's executable and the ivy-tests manifest it was built from (CARGO_MANIFEST_DIR is
# compiled in: the suite reads the tree through it, so the GPU side needs that path).
read -r EXE MANIFEST < <(python3 - "$JSON" <<'EOF'
import json, sys
exe = manifest = None
with open(sys.argv[1], encoding="utf-8") as fh:
    for line in fh:
        try:
            m = json.loads(line)
        except ValueError:
            continue
        t = m.get("target") or {}
        if m.get("reason") == "compiler-artifact" and t.get("name") == "suite" \
                and "test" in t.get("kind", []) and m.get("executable"):
            exe, manifest = m["executable"], m["manifest_path"]
if not exe:
    sys.exit("build.sh: no executable for the `suite` test in cargo's messages")
print(exe, manifest)
EOF
)
[ -x "$EXE" ] || die "the suite binary '$EXE' is not there"
BUILT_AT=$(dirname "$(dirname "$MANIFEST")")
echo "built in ${BUILD_S}s: $EXE (from $BUILT_AT)"
echo "needs $(objdump -T "$EXE" 2>/dev/null | grep -oE 'GLIBC_[0-9.]+' | sort -uV | tail -1)" \
  "$(objdump -T "$EXE" 2>/dev/null | grep -oE 'GLIBCXX_[0-9.]+' | sort -uV | tail -1)"

# ---- 4. the local check: a cuda build with no GPU -------------------------------------------
if [ "$LOCAL_CHECK" = 1 ]; then
  step "local check against the stub driver (no GPU here)"
  FAILED=0
  check() { # $1 = filter
    local log rc
    log=$CUDA_DIR/check-${1//[:]/_}.log
    set +e
    timeout -k 10 900 "$EXE" "$1" > "$log" 2>&1
    rc=$?
    set -e
    echo "-- $1: rc=$rc ($log)"
    grep -E '^test result' "$log" || true
    grep -ohE '^(skipped|note): .{0,110}' "$log" | sort | uniq -c | sort -rn | head -3 || true
    if [ "$rc" != 0 ]; then
      FAILED=1
      grep -E -A12 '^failures:$' "$log" | head -40 || true
      tail -n 5 "$log"
    fi
  }
  check devices::
  check support_calls::
  check random_calls::fuzz
  [ "$FAILED" = 0 ] || die "the local check failed (logs under $CUDA_DIR)"
fi

# ---- 5. pack .gpu/ ----------------------------------------------------------------------------
step "pack .gpu/"
PACK=$CUDA_DIR/pack
rm -rf "$PACK"
mkdir -p "$PACK"
xz -6 -T0 -c "$EXE" > "$PACK/suite.xz"
printf '%s  suite\n' "$(sha256sum "$EXE" | cut -d' ' -f1)" > "$PACK/suite.sha256"
cp scripts/cuda/run.sh "$PACK/run.sh"
printf '%s\n' "$BUILT_AT" > "$PACK/built_at"
if [ "$FALLBACK" = 1 ]; then
  # This machine's loader, glibc and libstdc++, for a GPU image whose own are older than the
  # binary needs; .gpu/run.sh uses them only then (ldd names a missing GLIBC_/GLIBCXX_ version).
  SYS=$PACK/sys
  mkdir -p "$SYS"
  INTERP=$(readelf -l "$EXE" | sed -n 's/.*Requesting program interpreter: \(.*\)\]$/\1/p')
  [ -n "$INTERP" ] || die "no PT_INTERP in $EXE"
  cp -L "$INTERP" "$SYS/ld.so"
  ldd "$EXE" | awk '$2 == "=>" && $3 ~ /^\/(usr\/)?lib(64)?\// { print $1, $3 }' |
    while read -r name path; do cp -L "$path" "$SYS/$name"; done
  tar -C "$SYS" --owner=0 --group=0 -cf - . | xz -6 -T0 > "$PACK/glibc-fallback.tar.xz"
  rm -rf "$SYS"
fi
{
  echo "commit: $(git rev-parse HEAD 2>/dev/null || echo '?')$([ -z "$(git status --porcelain 2>/dev/null)" ] || echo ' (+ uncommitted changes)')"
  echo "built: $(date -u +%Y-%m-%dT%H:%M:%SZ) on $(uname -n), $(. /etc/os-release && echo "$PRETTY_NAME"), $(ldd --version | head -1)"
  echo "built at: $BUILT_AT"
  echo "binary: $EXE"
  echo "rustc: $(rustc --version)"
  echo "CUDA: pip toolkit $CUDA_RELEASE (${PINS[*]}), CUDA_COMPUTE_CAP=$CUDA_COMPUTE_CAP"
  echo "glibc fallback packed: $([ "$FALLBACK" = 1 ] && echo yes || echo no)"
} > "$PACK/build-info.txt"
rm -rf "$ROOT/.gpu"
mv "$PACK" "$ROOT/.gpu"
EXCLUDE=$(git rev-parse --git-path info/exclude)
mkdir -p "$(dirname "$EXCLUDE")"
grep -qxF '/.gpu/' "$EXCLUDE" 2>/dev/null || echo '/.gpu/' >> "$EXCLUDE"

GPU_MIB=$(du -sm "$ROOT/.gpu" | cut -f1)
TREE_MIB=$(git ls-files -z -c -o --exclude-standard | du -cb --files0-from=- 2>/dev/null | tail -1 |
  awk '{ printf "%d", $1 / 1048576 + 0.5 }')
ls -la "$ROOT/.gpu"
echo
echo "==== .gpu/ is ${GPU_MIB} MiB; with the working tree (${TREE_MIB} MiB) the device call sends" \
  "$((GPU_MIB + TREE_MIB)) MiB of its 64 MiB. Build ${BUILD_S}s, all ${SECONDS}s."
[ $((GPU_MIB + TREE_MIB)) -lt 64 ] || echo "WARNING: over the device tool's 64 MiB limit"
cat <<EOF
On a GPU machine, from this checkout (the one the session's device tool sends), call:
  run  command: bash .gpu/run.sh   carry: [".gpu"]   timeout_s: 600
It writes its logs into \$OUT (env.txt, summary.txt and one log per step) and takes at most
about 9 minutes.
EOF
