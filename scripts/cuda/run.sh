#!/bin/bash
# Run ivy-rs's behaviour suite, built with the `cuda` feature by scripts/cuda/build.sh on another
# machine (pip's CUDA 13.0 toolkit, a stub driver), on this GPU machine. build.sh copies this
# file to .gpu/run.sh beside the packed binary (suite.xz, suite.sha256, built_at, build-info.txt,
# glibc-fallback.tar.xz).
# Usage, from the repo root:  bash .gpu/run.sh
# Logs go to "$OUT" (7 files: env.txt, summary.txt, one .log per step). Everything, discovery
# included, stays within IVY_GPU_BUDGET_S seconds (default 540: the device call's limit is 600).
# IVY_GPU_STEPS picks steps (default "devices support_calls agreement fuzz suite");
# FORCE_SYS_FALLBACK=1 uses the carried glibc even where this system's would do; IVY_GPU_WORK is
# the scratch folder (default /tmp/ivy-gpu, emptied first).
# Exit status: the number of steps that failed (0: all passed); 2 for a broken .gpu/.
set -x
export RUST_BACKTRACE=1
ROOT=$(pwd -P)
GPU_DIR="$ROOT/.gpu"
OUT=${OUT:-/tmp/ivy-gpu-out}
mkdir -p "$OUT"
T0=$(date +%s)
DEADLINE=$((T0 + ${IVY_GPU_BUDGET_S:-540}))
STEPS=${IVY_GPU_STEPS:-devices support_calls agreement fuzz suite}
# seconds for a step that wants $1: what is left before the deadline (keeping 15 s for the
# kill grace and the summary), at most $1
cap() { local left=$((DEADLINE - $(date +%s) - 15)); [ "$left" -lt "$1" ] && echo "$left" || echo "$1"; }

# ---- 1. the machine -------------------------------------------------------------------------
{
  date -u
  uname -a
  (. /etc/os-release 2>/dev/null && echo "OS: $PRETTY_NAME")
  ldd --version 2>&1 | head -1
  nproc
  timeout 20 nvidia-smi -L
  timeout 20 nvidia-smi --query-gpu=name,driver_version,compute_cap,memory.total --format=csv
  timeout 20 nvidia-smi | head -5
  cat /proc/driver/nvidia/version 2>/dev/null
  for n in nvcc /usr/local/cuda/bin/nvcc; do command -v "$n" >/dev/null && timeout 20 "$n" --version | tail -2; done
  ls -ld /usr/local/cuda* 2>/dev/null
  echo "---- build-info.txt"
  cat "$GPU_DIR/build-info.txt" 2>/dev/null
} 2>&1 | tee "$OUT/env.txt"

# ---- 2. unpack ------------------------------------------------------------------------------
# W's path is part of the loader path patched in below ($W/sys/ld.so): at most 20 characters.
W=${IVY_GPU_WORK:-/tmp/ivy-gpu}
rm -rf "$W"; mkdir -p "$W"
timeout 120 xz -dc "$GPU_DIR/suite.xz" > "$W/suite" && chmod +x "$W/suite"
cp "$GPU_DIR/suite.sha256" "$W/" 2>/dev/null
if ! (cd "$W" && sha256sum -c suite.sha256); then
  echo "the unpacked suite does not match .gpu/suite.sha256 (or .gpu/ is incomplete): rebuild" | tee "$OUT/summary.txt"
  exit 2
fi
SYS_OK=0
if [ -f "$GPU_DIR/glibc-fallback.tar.xz" ]; then
  # the build machine's loader, glibc and libstdc++: used only if this system's are older than
  # the binary needs (it needs GLIBC_2.35: hypot; GLIBC_2.34: __libc_start_main, pthread_*)
  mkdir -p "$W/sys" && xz -dc "$GPU_DIR/glibc-fallback.tar.xz" | tar -C "$W/sys" -xf - && SYS_OK=1
fi
ls -la "$W" "$W/sys" 2>/dev/null
BIN="$W/suite"

# The binary reads the source tree through the path it was built at (CARGO_MANIFEST_DIR's
# parent, recorded by build.sh in .gpu/built_at): point that path at this checkout.
BUILT_AT=$(cat "$GPU_DIR/built_at" 2>/dev/null)
if [ -z "$BUILT_AT" ]; then
  echo "no .gpu/built_at: tests that read the tree may fail"
elif [ "$(readlink -f "$BUILT_AT")" = "$ROOT" ]; then
  echo "built at $BUILT_AT: this checkout"
else
  case "$ROOT/" in
    "$BUILT_AT/"*) echo "this checkout ($ROOT) lies inside $BUILT_AT: cannot link it there" ;;
    *)
      case "$BUILT_AT/" in
        "$ROOT/"*) echo "$BUILT_AT lies inside this checkout ($ROOT): cannot link it there" ;;
        *)
          mkdir -p "$(dirname "$BUILT_AT")"
          if [ -e "$BUILT_AT" ] || [ -L "$BUILT_AT" ]; then mv "$BUILT_AT" "$BUILT_AT.moved.$$"; fi
          ln -sfn "$ROOT" "$BUILT_AT"
          ;;
      esac
      ;;
  esac
fi
ls -ld "$BUILT_AT"; ls "$BUILT_AT/tests/Cargo.toml" "$BUILT_AT/spec/ivy_promotion_tables.json"

# ---- 3. CUDA 13 libraries -------------------------------------------------------------------
# Only what the loader cannot find already: look in torch's venv (pip's nvidia/cu13/lib), then
# under /usr/local/cuda and the usual roots, then the whole file system. Never stubs or compat.
LIBDIRS=""
SYS_LDP=${LD_LIBRARY_PATH:-}
ldp() { echo "$1${1:+${2:+:}}$2"; } # $1:$2 without an empty entry (that would be the cwd)
add_dir() { case ":$LIBDIRS:" in *":$1:"*) ;; *) LIBDIRS="${LIBDIRS:+$LIBDIRS:}$1" ;; esac; }
missing() { LD_LIBRARY_PATH=$(ldp "$LIBDIRS" "$SYS_LDP") ldd "$BIN" 2>/dev/null | awk '/=> not found/ { print $1 }'; }
find_libs() { # $1 = seconds, then roots; the names come from missing()
  local secs=$1 names args=() n
  shift
  names=$(missing)
  [ -n "$names" ] || return 0
  for n in $names; do args+=(-o -name "$n"); done
  timeout "$secs" find "$@" \( -path /proc -o -path /sys -o -path /dev -o -path /tmp \) -prune \
    -o \( -type f -o -type l \) \( "${args[@]:1}" \) -print 2>/dev/null |
    grep -v -e '/stubs/' -e '/compat/' | xargs -r -n1 dirname | sort -u
}
echo "missing before: $(missing | tr '\n' ' ')"
for d in $(timeout 20 python3 -c 'import nvidia, os; [print(os.path.join(p, "cu13", "lib")) for p in nvidia.__path__]' 2>/dev/null); do
  for n in $(missing); do [ -e "$d/$n" ] && { add_dir "$d"; break; }; done
done
for d in $(find_libs 40 /usr/local/cuda/ /usr/local /opt /usr/lib /usr/lib64 /lib /root); do add_dir "$d"; done
for d in $(find_libs 60 /); do add_dir "$d"; done
LD_LIBRARY_PATH=$(ldp "$LIBDIRS" "$SYS_LDP")
export LD_LIBRARY_PATH
echo "LD_LIBRARY_PATH=$LD_LIBRARY_PATH; still missing: $(missing | tr '\n' ' ')"
# Too old a glibc/libstdc++ here: run the binary with the carried loader and libs (its
# PT_INTERP rewritten in place to $W/sys/ld.so, padded with NULs to the same length, so that
# the suite's re-executions of itself use it too).
if [ -n "$FORCE_SYS_FALLBACK" ] || ldd "$BIN" 2>&1 | grep -q "version \`GLIB"; then
  echo "system glibc/libstdc++ too old for the binary (or FORCE_SYS_FALLBACK): using the carried ones"
  ldd "$BIN" 2>&1 | grep "version \`" | head -5
  old=/lib64/ld-linux-x86-64.so.2 new=$W/sys/ld.so
  off=$(grep -obUaF "$old" "$BIN" | head -1 | cut -d: -f1)
  if [ "$SYS_OK" = 1 ] && [ -n "$off" ] && [ "$off" -lt 4096 ] && [ ${#new} -le ${#old} ]; then
    { printf '%s' "$new"; head -c $((${#old} - ${#new})) /dev/zero; } |
      dd of="$BIN" bs=1 seek="$off" conv=notrunc status=none
    # the driver: the carried loader may not read this system's cache the same way
    for d in $(timeout 40 find /usr/lib /usr/lib64 /usr/local /lib -name libcuda.so.1 2>/dev/null |
      grep -v -e '/stubs/' -e '/compat/' | xargs -r -n1 dirname | sort -u); do add_dir "$d"; done
    LD_LIBRARY_PATH=$(ldp "$W/sys" "$(ldp "$LIBDIRS" "$SYS_LDP")")
    export LD_LIBRARY_PATH
  else
    echo "cannot switch loaders (fallback unpacked: $SYS_OK, PT_INTERP offset '$off')"
  fi
fi
{
  echo "LD_LIBRARY_PATH=$LD_LIBRARY_PATH"
  ldd "$BIN"
  for d in ${LD_LIBRARY_PATH//:/ }; do ls -la "$d"/libcu* "$d"/libnvrtc* 2>/dev/null; done
  echo "setup took $(($(date +%s) - T0))s"
} 2>&1 | tee -a "$OUT/env.txt"

# ---- 4. run ---------------------------------------------------------------------------------
set +x
summary() { # $1 = log, $2 = rc, $3 = seconds
  echo "===== $1: rc=$2 in $3s"
  grep -E '^test result|^running [0-9]+ tests|^skipped:|^note:' "$OUT/$1" | sort | uniq -c | sort -rn | head -20
  grep -E -A3 '^failures:$' "$OUT/$1" | head -5
  grep -E '^    [a-z_0-9:]+$' "$OUT/$1" | head -60
  grep -oE "panicked at [^ ]+|CUDA_ERROR_[A-Z_]+|CUBLAS_STATUS_[A-Z_]+|Segmentation|SIGSEGV|signal: [0-9]+" "$OUT/$1" | sort | uniq -c | sort -rn | head -20
  tail -n 5 "$OUT/$1"
}
FAILED=0
run_step() { # $1 = name, $2 = seconds wanted, $3 = "VAR=value ..." for the environment, then
  # the binary's arguments. Logs to "$OUT/$1.log", appends its summary to summary.txt.
  local name=$1 want=$2 envs=$3 secs rc s0
  shift 3
  case " $STEPS " in *" $name "*) ;; *) return 0 ;; esac
  secs=$(cap "$want")
  if [ "$secs" -lt 10 ]; then
    echo "===== $name.log: not run, out of time (budget ${IVY_GPU_BUDGET_S:-540}s)" | tee -a "$OUT/summary.txt"
    FAILED=$((FAILED + 1))
    return 0
  fi
  echo "+ [$name] $envs timeout -k 10 $secs $BIN $*"
  s0=$(date +%s)
  # shellcheck disable=SC2086 # $envs: words on purpose
  env $envs timeout -k 10 "$secs" "$BIN" "$@" > "$OUT/$name.log" 2>&1
  rc=$?
  [ "$rc" = 0 ] || FAILED=$((FAILED + 1))
  # a log past 15 MiB would not come back: keep its head and tail
  if [ "$(stat -c %s "$OUT/$name.log")" -gt 15000000 ]; then
    { head -c 7000000 "$OUT/$name.log"; echo; echo "[... cut ...]"; tail -c 7000000 "$OUT/$name.log"; } > "$OUT/$name.cut"
    mv "$OUT/$name.cut" "$OUT/$name.log"
  fi
  summary "$name.log" "$rc" "$(($(date +%s) - s0))" 2>&1 | tee -a "$OUT/summary.txt"
}

cd "$ROOT" || exit 2
run_step devices 60 "" devices:: --test-threads 1 --nocapture
run_step support_calls 100 "" support_calls:: --nocapture
run_step agreement 100 "" agreement::candle_on_cuda_agrees --nocapture
run_step fuzz 90 "IVY_FUZZ_CALLS=40000" random_calls::fuzz --nocapture
run_step suite 170 "" --skip ui:: --skip agreement::candle_on_cuda_agrees --skip random_calls::fuzz \
  --test-threads 8

timeout 10 nvidia-smi --query-gpu=memory.used --format=csv
echo "total $(($(date +%s) - T0))s, $FAILED step(s) failed" | tee -a "$OUT/summary.txt"
ls -la "$OUT"
echo "==================== SUMMARY ===================="
grep -E '^=====|^test result|^total .*s,' "$OUT/summary.txt"
exit "$FAILED"
