#!/usr/bin/env bash
# Installs the Debian 12 packages PodPlanner needs to build, test and run (as root).
set -euo pipefail
cd "$(dirname "$0")/.."
packages=(
  cmake ninja-build g++ pkg-config clang-format git
  qt6-base-dev qt6-declarative-dev qt6-quick3d-dev qt6-shadertools-dev libxkbcommon-dev
  qt6-charts-dev qt6-svg-dev
  qml6-module-qttest
  libboost-graph-dev nlohmann-json3-dev libyaml-cpp-dev libbenchmark-dev
  fonts-dejavu-core xvfb xauth libglx-mesa0 libegl-mesa0 imagemagick poppler-utils
  debootstrap # tests/packaging_test.sh installs the .deb into a minimal Debian
)
# What the program needs at run time, as the .deb declares it.
mapfile -t runtime < <(grep -E '^[a-z0-9]' packaging/runtime-depends.txt)
packages+=("${runtime[@]}")
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "Installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
fi
