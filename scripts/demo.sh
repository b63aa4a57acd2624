#!/usr/bin/env bash
# The main job on a bundled example: installs what is needed (apt-get, as root), builds, and
# opens the GUI where a display exists. Without a display it evaluates the example headless
# (step time, MFU, memory and goodput of every job; the planner's best layouts for the first
# job), writes a report (PDF with its 3D views through Xvfb, HTML and Markdown), a screenshot of
# the window (through Xvfb) and the JSON results, and says where they are.
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
echo "Example: $example"
"$bin" validate "$example"
echo
"$bin" info "$example" --json > "$out/info.json"
"$bin" evaluate "$example" --json > "$out/evaluate.json"
"$bin" plan "$example" --top 3 --json > "$out/plan.json"
"$bin" report "$example" -o "$out/report.html" >/dev/null
"$bin" report "$example" -o "$out/report.md" >/dev/null
echo "== Performance of each job (podplanner evaluate)"
"$bin" evaluate "$example"
echo
echo "== Best layouts for the first job (podplanner plan)"
"$bin" plan "$example" --top 3
xvfb-run -a -s "-screen 0 1600x1000x24" "$bin" "$example" --screenshot "$out/main-window.png" \
  --size 1280x800 >/dev/null
xvfb-run -a -s "-screen 0 1600x1000x24" "$bin" report "$example" -o "$out/report.pdf" &>/dev/null
echo
echo "Wrote $out/report.pdf, $out/report.html, $out/report.md, $out/info.json, $out/evaluate.json,"
echo "$out/plan.json"
echo "and $out/main-window.png"
