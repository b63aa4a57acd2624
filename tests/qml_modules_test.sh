#!/usr/bin/env bash
# Every QML module the program can load at run time is installed and declared: qmlimportscanner
# finds the imports of qml/, then of every Qt module those reach (the .qml files Qt's own
# components are made of: the file dialog imports Qt.labs.folderlistmodel), until nothing new
# turns up. Each module's Debian package must be in packaging/runtime-depends.txt (the .deb's
# Depends, and what scripts/install-deps.sh installs).
# Usage: qml_modules_test.sh SOURCE_DIR QMLIMPORTSCANNER QT_QML_DIR
set -euo pipefail
source_dir="$1" scanner="$2" qml_dir="$3"
declared=$(grep -E '^[a-z0-9]' "$source_dir/packaging/runtime-depends.txt")
# Styles and platforms Linux never loads (QtQuick.Controls names them as optional imports).
other_platforms="QtQuick.Controls.Windows QtQuick.Controls.macOS QtQuick.Controls.iOS"

# "name path" of each module the given .qml files import ("-" when it is not installed).
imports_of() {
  "$scanner" -qmlFiles "$@" -importPath "$qml_dir" | tr -d '\n' | grep -o '{[^{}]*}' |
    grep '"type": *"module"' | while read -r entry; do
      name=$(sed -E 's/.*"name": *"([^"]*)".*/\1/' <<<"$entry")
      path=$(grep -oE '"path": *"[^"]*"' <<<"$entry" | sed -E 's/.*"([^"]*)"$/\1/' || true)
      echo "$name ${path:--}"
    done
}
# The implementation modules inside a module's folder, which its plugin loads by itself
# (QtQuick.Dialogs loads QtQuick.Dialogs.quickimpl for its non-native dialogs).
impl_modules_of() {
  for qmldir in "$1"/*/qmldir; do
    [[ -f "$qmldir" ]] || continue
    name=$(sed -nE 's/^module +([^ ]+).*/\1/p' "$qmldir")
    [[ "$name" == *impl ]] && echo "$name $(dirname "$qmldir")"
  done
}
# The .qml files of a module itself, not of the modules in its subfolders nor the property
# sheets for Qt Design Studio (designer/), which are never loaded at run time.
own_qml_files() {
  find "$1" -name designer -prune -o -name '*.qml' -print | while read -r f; do
    d=$(dirname "$f")
    while [[ "$d" != "$1" && ! -f "$d/qmldir" ]]; do d=$(dirname "$d"); done
    [[ "$d" == "$1" ]] && echo "$f"
  done
}

declare -A seen=()
queue=("$source_dir/qml")
status=0
while ((${#queue[@]})); do
  folder="${queue[0]}"
  queue=("${queue[@]:1}")
  mapfile -t files < <(own_qml_files "$folder")
  while read -r name path; do
    [[ -n "${seen[$name]:-}" ]] && continue
    seen[$name]="$path"
    [[ "$name" == PodPlanner.* ]] && continue
    if [[ "$path" == - || ! -f "$path/qmldir" ]]; then
      [[ " $other_platforms " == *" $name "* ]] && continue
      echo "FAIL: QML module $name (imported from $folder) is not installed"
      status=1
      continue
    fi
    package=$(dpkg -S "$path/qmldir" | cut -d: -f1)
    if ! grep -qx "$package" <<<"$declared"; then
      echo "FAIL: $name comes from $package, which packaging/runtime-depends.txt does not list"
      status=1
    fi
    echo "$name: $package"
    queue+=("$path")
  done < <(
    ((${#files[@]} == 0)) || imports_of "${files[@]}"
    [[ "$folder" == "$source_dir/qml" ]] || impl_modules_of "$folder"
  )
done
exit $status
