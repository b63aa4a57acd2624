#!/usr/bin/env bash
# Builds the .deb from the build folder, installs it with apt-get, and runs the installed
# podplanner: --version and evaluate on an installed example. Needs root (CI and the test script
# run as root); skipped (exit 77) otherwise.
set -euo pipefail
build="$1"
[[ $(id -u) == 0 ]] || { echo "not root: skipped"; exit 77; }
cd "$build"
rm -f podplanner_*.deb
cpack -G DEB >/dev/null
deb=$(ls podplanner_*.deb)
export DEBIAN_FRONTEND=noninteractive
apt-get install -y -qq "./$deb" >/dev/null
trap 'apt-get remove -y -qq podplanner >/dev/null 2>&1 || true' EXIT
/usr/bin/podplanner --version
/usr/bin/podplanner evaluate /usr/share/podplanner/examples/v4-pod-gpt3.podplanner --json \
  | grep -q '"mfu"'
test -f /usr/share/applications/podplanner.desktop
test -f /usr/share/mime/packages/podplanner.xml
test -f /usr/share/icons/hicolor/scalable/apps/podplanner.svg
dpkg-deb -f "$deb" Depends | grep -q qml6-module-quick3d
echo "installed $deb: ok"
