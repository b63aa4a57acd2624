#!/usr/bin/env bash
# Builds the .deb (CPack) and installs it with `apt-get install ./podplanner_*.deb` into a
# minimal Debian 12 (debootstrap --variant=minbase, kept in BUILD/deb-test for the next run), so
# that nothing is there but what its Depends pull in (Recommends left out). Then runs the
# installed program there: the command line with no display, and (after adding xvfb, xauth,
# xdotool and x11-apps as test tools) its file dialogs, tests/packaging_dialogs.sh. Screenshots
# land in BUILD/screenshots/deb-*.png. Needs root (chroot, mounts); skipped (exit 77) otherwise.
# Usage: packaging_test.sh BUILD
set -euo pipefail
build="$(cd "$1" && pwd)"
here="$(cd "$(dirname "$0")" && pwd)"
[[ $(id -u) == 0 ]] || { echo "not root: skipped"; exit 77; }
command -v debootstrap >/dev/null || { echo "FAIL: no debootstrap (scripts/install-deps.sh)"; exit 1; }
started=$SECONDS
cache="$build/deb-test"
root="$cache/root"
mkdir -p "$cache/archives"

cd "$build"
rm -f podplanner_*.deb
cpack -G DEB >"$cache/cpack.log" 2>&1 || { tail -30 "$cache/cpack.log"; exit 1; }
deb=$(ls podplanner_*.deb)

# The host's Debian 12 sources (deb822 or one-line), as one-line entries for the new system.
debian_sources() {
  cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
    awk '$1 == "deb" && $3 ~ /^bookworm/ && $2 ~ /debian/ { print "deb", $2, $3, "main" }'
  for f in /etc/apt/sources.list.d/*.sources; do
    [[ -f "$f" ]] || continue
    awk 'tolower($1) == "uris:" { uri = $2 } tolower($1) == "suites:" { for (i = 2; i <= NF; i++) s[i] = $i; n = NF }
         /^$/ { flush() } END { flush() }
         function flush() { if (uri ~ /debian/) for (i = 2; i <= n; i++) if (s[i] ~ /^bookworm/) print "deb", uri, s[i], "main"; uri = ""; n = 0 }' "$f"
  done
}
sources=$(debian_sources | sort -u)
mirror=$(awk '$3 == "bookworm" { print $2; exit }' <<<"$sources")
mirror="${mirror:-http://deb.debian.org/debian}"

if [[ ! -f "$cache/minbase.tar" ]]; then
  echo "debootstrap --variant=minbase bookworm from $mirror"
  rm -rf "$cache/fresh"
  debootstrap --variant=minbase bookworm "$cache/fresh" "$mirror" >"$cache/debootstrap.log" 2>&1 ||
    { tail -20 "$cache/debootstrap.log"; exit 1; }
  tar -C "$cache/fresh" -cf "$cache/minbase.tar.part" . && mv "$cache/minbase.tar.part" "$cache/minbase.tar"
  rm -rf "$cache/fresh"
fi
rm -rf "$root" && mkdir -p "$root" && tar -C "$root" -xf "$cache/minbase.tar"
printf '%s\n' "${sources:-deb $mirror bookworm main}" | tee "$root/etc/apt/sources.list"
cp "$cache"/archives/*.deb "$root/var/cache/apt/archives/" 2>/dev/null || true
cp "$deb" "$here/packaging_dialogs.sh" "$root/tmp/"

# A command in the new system: its own /proc and /dev, a clean environment, no display.
in_root() {
  unshare -m sh -c 'mount -t proc proc "$0/proc" && mount --rbind /dev "$0/dev" && exec chroot "$0" "$@"' \
    "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
    DEBIAN_FRONTEND=noninteractive "$@"
}
keep_downloads() { cp -n "$root"/var/cache/apt/archives/*.deb "$cache/archives/" 2>/dev/null || true; }

before=$(in_root dpkg-query -W | wc -l)
in_root sh -c "apt-get update -qq && cd /tmp && apt-get install -y -qq --no-install-recommends ./$deb" \
  >"$cache/install.log" 2>&1 || { tail -30 "$cache/install.log"; exit 1; }
keep_downloads
after=$(in_root dpkg-query -W | wc -l)
echo "installed $deb into minbase bookworm: $((after - before)) packages on top of $before"

# The command line, with no display: nothing here needs one, and the GUI says so.
in_root podplanner --version
# Captured before grep: `grep -q` stops reading at its match, and a writer still writing (output
# over one 4 KB buffer) would die of SIGPIPE and fail the pipeline under pipefail.
evaluated=$(in_root sh -c 'podplanner evaluate /usr/share/podplanner/examples/v4-pod-gpt3.podplanner --json')
grep -q '"mfu"' <<<"$evaluated"
render_help=$(in_root podplanner render --help)
grep -q "^Usage: podplanner render" <<<"$render_help"
for f in applications/podplanner.desktop mime/packages/podplanner.xml \
  icons/hicolor/scalable/apps/podplanner.svg; do
  test -f "$root/usr/share/$f" || { echo "FAIL: /usr/share/$f is not installed"; exit 1; }
done
set +e
gui=$(in_root podplanner 2>&1)
gui_status=$?
in_root podplanner frobnicate >/dev/null 2>&1
word_status=$?
set -e
[[ $gui_status == 1 && "$gui" == "no display:"* ]] || { echo "FAIL: without a display: $gui"; exit 1; }
[[ $word_status == 2 ]] || { echo "FAIL: an unknown command exits $word_status, not 2"; exit 1; }

# The dialogs, in a real window: Xvfb and the tools that drive it are test tools, added last.
in_root apt-get install -y -qq --no-install-recommends xvfb xauth xdotool x11-apps \
  >"$cache/tools.log" 2>&1 || { tail -30 "$cache/tools.log"; exit 1; }
keep_downloads
status=0
in_root xvfb-run -a -s "-screen 0 1600x1000x24" /tmp/packaging_dialogs.sh /tmp/dialogs || status=$?
mkdir -p "$build/screenshots"
if command -v convert >/dev/null; then
  for shot in "$root"/tmp/dialogs/*.xwd; do
    [[ -f "$shot" ]] && convert "xwd:$shot" "$build/screenshots/deb-$(basename "$shot" .xwd).png"
  done
fi
((status == 0)) || exit "$status"
rm -rf "$root"
echo "the .deb in a minimal Debian: ok ($((SECONDS - started)) s)"
