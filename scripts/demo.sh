#!/usr/bin/env bash
# The main job on a bundled example: installs what is needed (apt-get, as root), builds, and
# opens the GUI where a display exists. Without a display it evaluates the example headless,
# writes a screenshot of the window (through Xvfb) and the example's info, and says where.
set -euo pipefail
cd "$(dirname "$0")/.."
example="${1:-resources/examples/ironwood-shared.podplanner}"

scripts/install-deps.sh
scripts/build.sh release
bin=build/release/app/podplanner

if [[ -n "${DISPLAY:-}" || -n "${WAYLAND_DISPLAY:-}" ]]; then
  exec "$bin" "$example"
fi

out="${PODPLANNER_DEMO_DIR:-build/demo}"
mkdir -p "$out"
"$bin" info "$example" --json > "$out/info.json"
xvfb-run -a -s "-screen 0 1600x1000x24" "$bin" "$example" --screenshot "$out/main-window.png" \
  --size 1280x800 >/dev/null
echo "Example: $example"
"$bin" validate "$example"
echo
echo "Summary of the example (podplanner info --json):"
cat "$out/info.json"
echo
echo "Wrote $out/info.json and $out/main-window.png"
