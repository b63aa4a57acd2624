#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (ASan + UBSan) and runs each for SECONDS (default 60)
# on a corpus seeded from resources/examples, tests/data/bad and tests/data/validation. A crash
# leaves its input in build/fuzz/crashes/ and fails the script: add it to tests/data/bad/.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
export DEBIAN_FRONTEND=noninteractive
command -v clang++ >/dev/null && dpkg -s libclang-rt-14-dev >/dev/null 2>&1 ||
  { apt-get update -qq && apt-get install -y -qq clang libclang-rt-14-dev >/dev/null; }

build=build/fuzz
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
  -DPODPLANNER_BUILD_GUI=OFF -DPODPLANNER_BUILD_TESTS=OFF -DPODPLANNER_BUILD_BENCH=OFF \
  -DPODPLANNER_BUILD_FUZZERS=ON -DPODPLANNER_WERROR=ON \
  "-DCMAKE_CXX_FLAGS=-fsanitize=fuzzer-no-link,address,undefined" >/dev/null
cmake --build "$build" -j2 --target fuzz_project_loader fuzz_topology_string fuzz_sweep_param \
  fuzz_launch_import

mkdir -p "$build/corpus/project" "$build/corpus/topology" "$build/corpus/sweep" "$build/crashes" \
  "$build/corpus/launch"
cp resources/examples/*.podplanner tests/data/bad/*.json tests/data/validation/tpu-dense/*.podplanner tests/data/validation/gpu-dense/korthikanti*.podplanner \
  "$build/corpus/project/"
for s in 4x4x4 4x4x8 2x2x1 16x16 8x16 16x16x24 4x8x8 2x4x4; do
  printf '%s' "$s" > "$build/corpus/topology/$s"
done
printf '%s' "/jobs/0/parallelism/tp=1:8:1" > "$build/corpus/sweep/range"
printf '%s' "/jobs/0/training/global_batch_tokens=1048576,2097152" > "$build/corpus/sweep/list"
printf '%s' "3/16" > "$build/corpus/sweep/shard"
# Launch configs and InfraGraph documents; the first byte picks the reader (fuzz_launch_import).
seed() { { printf "\\x$(printf %02x "$1")"; cat "$2"; } > "$build/corpus/launch/$1-$(basename "$2")"; }
for f in tests/data/interop/golden/*.maxtext.sh; do seed 0 "$f"; done
for f in tests/data/interop/golden/*.megatron.sh; do seed 1 "$f"; done
for f in tests/data/interop/golden/*.toml; do seed 2 "$f"; done
for f in resources/examples/infragraph/*.json; do seed 3 "$f"; done
for f in resources/examples/infragraph/*.yaml; do seed 4 "$f"; done
# Inputs that once crashed a reader, kept so that every run tries them again.
cp tests/data/fuzz/launch/* "$build/corpus/launch/"

status=0
for target in project_loader:project topology_string:topology sweep_param:sweep \
  launch_import:launch; do
  name="${target%%:*}"; corpus="${target##*:}"
  echo "== fuzz_$name for ${seconds}s"
  "$build/fuzz/fuzz_$name" "$build/corpus/$corpus" -max_total_time="$seconds" -max_len=65536 -timeout=10 \
    -rss_limit_mb=2048 -artifact_prefix="$build/crashes/${name}-" -print_final_stats=1 \
    2>&1 | grep -E "^(#[0-9]+.*DONE|stat::number_of_executed_units|==[0-9]+==ERROR|SUMMARY)" || true
  [[ "${PIPESTATUS[0]}" == 0 ]] || status=1
done
if ls "$build"/crashes/* >/dev/null 2>&1; then
  echo "fuzzing found crashes: $(ls "$build"/crashes)"
  status=1
fi
exit $status
