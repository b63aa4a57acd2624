#!/usr/bin/env bash
# Every test: installs what is needed (apt-get, as root), checks the C++ formatting, builds the
# release preset (Release, warnings as errors) and runs the whole suite under Xvfb (GUI tests draw
# in a real window; the .deb is installed into a minimal Debian and its dialogs used there), builds
# the model, CLI and their tests again as RelWithDebInfo, then with AddressSanitizer +
# UndefinedBehaviorSanitizer and runs them, then fuzzes the loaders for a minute each
# (scripts/fuzz.sh; FUZZ_SECONDS changes it).
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh

echo "== formatting of every C++ file (.clang-format)"
scripts/check-format.sh

echo "== release build (-O3, as a plain CMAKE_BUILD_TYPE=Release) and full test suite"
scripts/build.sh release
xvfb-run -a -s "-screen 0 1600x1000x24" ctest --preset release -j2

# -O2 -g warns differently from -O3: the model, CLI and their tests build clean there too.
echo "== RelWithDebInfo build of the model, CLI and their tests"
scripts/build.sh relwithdebinfo-cli

echo "== asan + ubsan build and model/CLI tests"
scripts/build.sh asan
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
  ctest --preset asan -j2

echo "== fuzzing the project loader, topology strings and sweep parameters"
scripts/fuzz.sh "${FUZZ_SECONDS:-60}"
