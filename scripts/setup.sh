#!/bin/sh
# Installs what building and testing the sandbox needs on a fresh Debian or
# Ubuntu machine, and nothing when it is already there. On macOS it does
# nothing: GLFW builds against the system frameworks.
#   scripts/setup.sh run    headers GLFW builds against (X11, GL)
#   scripts/setup.sh test   the same, plus Xvfb for the tests that open a window
#                           and qemu-user-static, which runs the arm64 build
#                           for the cross-architecture determinism test
set -eu
mode=${1:-run}

[ "$(uname -s)" = "Linux" ] || exit 0
command -v apt-get >/dev/null 2>&1 || { echo "setup: not a Debian/Ubuntu machine; install the X11, Xrandr, Xinerama, Xcursor, Xi, Xxf86vm and GL development headers and Xvfb yourself" >&2; exit 0; }

# Debian package names; each is checked on its own so a partly set-up machine
# only installs what it lacks.
pkgs="libx11-dev libxrandr-dev libxinerama-dev libxcursor-dev libxi-dev libxxf86vm-dev libgl1-mesa-dev pkg-config gcc"
[ "$mode" = test ] && pkgs="$pkgs xvfb xauth libgl1-mesa-dri qemu-user-static"

missing=""
for p in $pkgs; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "setup: installing$missing"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing
