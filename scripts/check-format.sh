#!/usr/bin/env bash
# Fails when a tracked C++ file differs from what .clang-format makes of it (clang-format 14,
# Debian 12). Fix with: git ls-files '*.cpp' '*.h' | xargs clang-format -i
set -euo pipefail
cd "$(dirname "$0")/.."
git ls-files -z '*.cpp' '*.h' | xargs -0 clang-format --dry-run --Werror
echo "clang-format: every tracked .cpp and .h file is formatted"
