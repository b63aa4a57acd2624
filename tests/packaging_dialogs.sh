#!/usr/bin/env bash
# Runs inside the minimal Debian of tests/packaging_test.sh, under xvfb-run: opens the installed
# podplanner on a copy of an example and uses its file dialogs with the keyboard, as a person
# would (xdotool): Save As, Open, Export report, Export image, Export CSV, each with a path
# typed into the dialog (Ctrl+L). Checks every file was written, the program stayed up, and Qt
# logged no missing module. Screenshots (X window dumps) go to WORK/*.xwd.
# Usage: packaging_dialogs.sh WORK
set -euo pipefail
work="$1"
rm -rf "$work" && mkdir -p "$work"
cp /usr/share/podplanner/examples/v4-pod-gpt3.podplanner "$work/plan.podplanner"
export HOME="$work/home" XDG_RUNTIME_DIR="$work/run"
mkdir -p "$HOME" "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"

podplanner "$work/plan.podplanner" >"$work/podplanner.log" 2>&1 &
app=$!
fail() {
  echo "FAIL: $*"
  cat "$work/podplanner.log"
  kill "$app" 2>/dev/null || true
  exit 1
}
shot() { xwd -root -silent >"$work/$1.xwd"; }
# Qt only logs a QML module it cannot find (and the dialog then never opens, or crashes).
modules_found() {
  ! grep -qE "is not installed|module .* not found|Cannot load library|Failed to load" \
    "$work/podplanner.log" || fail "Qt could not load a module or plugin ($1)"
}
alive() {
  modules_found "$1"
  kill -0 "$app" 2>/dev/null || fail "podplanner ended (crashed?) after $1"
}
written() {
  for _ in $(seq 1 240); do
    [[ -s "$1" ]] && return 0
    alive "writing $1"
    sleep 0.5
  done
  fail "$1 was not written"
}
title_is() {
  for _ in $(seq 1 20); do
    [[ "$(xdotool getwindowname "$window")" == "$1" ]] && return 0
    sleep 0.5
  done
  fail "the window's title is \"$(xdotool getwindowname "$window")\", not \"$1\""
}
# KEYS open a file dialog (none: it is open already); the path goes into its path field; Return accepts.
use_file_dialog() {
  local keys="$1" name="$2" path="$3"
  [[ -z "$keys" ]] || xdotool key --clearmodifiers $keys
  sleep 2
  alive "opening the $name dialog"
  xdotool key ctrl+l
  sleep 0.5
  xdotool key ctrl+a
  xdotool type --delay 15 "$path"
  sleep 0.5
  shot "$name"
  xdotool key Return
  sleep 1
  alive "accepting the $name dialog"
}

window=$(timeout 60 xdotool search --sync --name 'plan\.podplanner') || fail "no window appeared"
window=$(head -1 <<<"$window")
xdotool windowfocus --sync "$window"
sleep 3 # the first analysis and frame
shot main-window

# File › Export CSV › Dashboard from the keyboard: Alt+F, down past the launch-config entries
# to Export CSV (Open Recent is
# greyed out until a file was opened or saved), right into the submenu.
for keys in alt+f Down Down Down Down Down Down Down Down Down Right Return; do
  xdotool key --clearmodifiers "$keys"
  sleep 0.7
done
use_file_dialog "" export-csv "$work/dashboard.csv"
written "$work/dashboard.csv"
head -1 "$work/dashboard.csv" | grep -q "^job,chips," || fail "dashboard.csv has no header"

use_file_dialog ctrl+shift+s save-as "$work/saved.podplanner"
written "$work/saved.podplanner"
title_is "saved.podplanner — PodPlanner"

use_file_dialog ctrl+o open "$work/plan.podplanner"
title_is "plan.podplanner — PodPlanner"

use_file_dialog ctrl+e export-report "$work/report.html"
written "$work/report.html"
grep -q "<!DOCTYPE html>" "$work/report.html" || fail "report.html is not the HTML report"

# The image export asks for the size first (Return takes it), then for the file.
xdotool key --clearmodifiers ctrl+shift+e
sleep 1.5
shot export-image-size
xdotool key Return
sleep 1
use_file_dialog "" export-image "$work/view.png"
written "$work/view.png"

modules_found "the last dialog"
xdotool key --clearmodifiers ctrl+q
for _ in $(seq 1 20); do kill -0 "$app" 2>/dev/null || break; sleep 0.5; done
kill "$app" 2>/dev/null || true
echo "dialogs of the installed podplanner: ok"
