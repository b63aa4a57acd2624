#!/usr/bin/env bash
# Installs the Debian 12 packages PodPlanner needs to build, test and run (as root).
set -euo pipefail
packages=(
  cmake ninja-build g++ pkg-config
  qt6-base-dev qt6-declarative-dev qt6-quick3d-dev qt6-shadertools-dev libxkbcommon-dev
  qt6-charts-dev qt6-svg-dev
  qml6-module-quick3d qml6-module-quick3d-helpers qml6-module-qtquick
  qml6-module-qtquick-controls qml6-module-qtquick-layouts qml6-module-qtquick-window
  qml6-module-qtquick-templates qml6-module-qtquick-dialogs qml6-module-qtqml
  qml6-module-qtqml-workerscript qml6-module-qtcharts qml6-module-qttest
  libboost-graph-dev nlohmann-json3-dev libbenchmark-dev
  fonts-dejavu-core xvfb xauth libgl1-mesa-dri libglx-mesa0 libegl-mesa0 imagemagick poppler-utils
)
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
