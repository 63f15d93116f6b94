#!/usr/bin/env bash
# CI stage: every libFuzzer harness for 60 s (scripts/fuzz.sh) from the checked-in seeds, in a
# fresh build folder. Installs clang and libFuzzer from Debian's archive when missing.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
seconds=${1:-60}
fuzzer_lib=$(ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a 2>/dev/null | head -1 || true)
if ! command -v clang++ >/dev/null || [ -z "$fuzzer_lib" ]; then
  [ "$(id -u)" -eq 0 ] || { echo "ci fuzz: clang/libFuzzer missing and not root to install them" >&2; exit 1; }
  log=$(mktemp)
  if ! { apt-get update -qq && apt-get install -y -qq --no-install-recommends clang libclang-rt-14-dev; } >"$log" 2>&1; then
    tail -20 "$log" >&2
    echo "ci fuzz: apt-get install clang libclang-rt-14-dev failed" >&2
    exit 1
  fi
fi
export FOURFOLD_FUZZ_BUILD=$root/build-fuzz
rm -rf "$FOURFOLD_FUZZ_BUILD"
exec "$root/scripts/fuzz.sh" "$seconds"
