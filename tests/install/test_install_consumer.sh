#!/usr/bin/env bash
# Installs fourfold into a scratch prefix and builds a consumer project with
# find_package(fourfold) against it: the package config and exported targets work.
set -eu
build=$1
source_dir=$2
extra_prefix=${3:-}   # the build's CMAKE_PREFIX_PATH, ":"-separated
scratch=$build/install-test
rm -rf "$scratch"
cmake --install "$build" --prefix "$scratch/prefix" >/dev/null
cmake -S "$source_dir/tests/install/consumer" -B "$scratch/build" -G Ninja \
      -DCMAKE_PREFIX_PATH="$scratch/prefix;${extra_prefix//:/;}" >"$scratch.log" 2>&1 || { cat "$scratch.log"; exit 1; }
cmake --build "$scratch/build" >>"$scratch.log" 2>&1 || { cat "$scratch.log"; exit 1; }
"$scratch/build/consumer"
