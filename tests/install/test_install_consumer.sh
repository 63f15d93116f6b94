#!/usr/bin/env bash
# Installs fourfold into a scratch prefix, builds a consumer project with find_package(fourfold)
# against it (tests/install/consumer: a training loop on an in-memory corpus through the Trainer
# API) and runs it on 2 ranks: the package config, the exported targets and the installed
# headers are enough to train, checkpoint and resume.
set -eu
build=$1
source_dir=$2
extra_prefix=${3:-}   # the build's CMAKE_PREFIX_PATH, ":"-separated
mpiexec=${MPIEXEC:-mpiexec}
scratch=$build/install-test
rm -rf "$scratch"
cmake --install "$build" --prefix "$scratch/prefix" >/dev/null
cmake -S "$source_dir/tests/install/consumer" -B "$scratch/build" -G Ninja \
      -DCMAKE_PREFIX_PATH="$scratch/prefix;${extra_prefix//:/;}" >"$scratch.log" 2>&1 || { cat "$scratch.log"; exit 1; }
cmake --build "$scratch/build" >>"$scratch.log" 2>&1 || { cat "$scratch.log"; exit 1; }
# Only the installed headers: the consumer's compile lines name no source folder.
if grep -rq -- "$source_dir/\(core\|comm\|layers\|checkpoint\|drivers\)" "$scratch/build/build.ninja"; then
  echo "the consumer build reaches into the source tree:" >&2
  grep -o -- "-I$source_dir[^ ]*" "$scratch/build/build.ninja" | sort -u >&2
  exit 1
fi
timeout 300 "$mpiexec" -n 2 "$scratch/build/consumer" "$scratch/run"
test -f "$scratch/run/metrics.jsonl"
echo "consumer metrics: $(wc -l <"$scratch/run/metrics.jsonl") records"
