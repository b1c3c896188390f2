#!/bin/sh
# make docs: makes every picture in README.md and docs/ again from the
# commands the README shows beside it, so that a figure in a picture is what
# the same command gives today. Window pictures are taken under Xvfb.
set -eu
cd "$(dirname "$0")/.."
GO=${GO:-go}
XVFB='xvfb-run -a -s "-screen 0 1280x800x24 -noreset"'
PGO="-pgo=$PWD/cmd/sandbox/default.pgo"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "docs: building the sandbox"
$GO build "$PGO" -o "$tmp/sandbox" ./cmd/sandbox

echo "docs: docs/sweep-heatmap.png (sandbox sweep -out out/sweep)"
"$tmp/sandbox" sweep -out "$tmp/sweep" >/dev/null
cp "$tmp/sweep/heatmap-60hz-ccd-off.png" docs/sweep-heatmap.png

echo "docs: docs/frames-stall.png (sandbox frames -synthetic stall -seconds 4 -step-cost-ms 14)"
"$tmp/sandbox" frames -synthetic stall -seconds 4 -step-cost-ms 14 -out "$tmp/frames" >/dev/null
cp "$tmp/frames/frames-stall.png" docs/frames-stall.png

echo "docs: docs/compare-glider-x.png (sandbox compare -scene glider -rates 60,144,240)"
"$tmp/sandbox" compare -scene glider -rates 60,144,240 -out "$tmp/compare" >/dev/null
cp "$tmp/compare/x_t.png" docs/compare-glider-x.png

echo "docs: docs/latency-glider.png (sandbox compare -scene glider -rates 60,144,vrr:48-144 -inputs-at random)"
"$tmp/sandbox" compare -scene glider -rates 60,144,vrr:48-144 -interp off,lerp -inputs-at random -out "$tmp/latency" >/dev/null
cp "$tmp/latency/latency.png" docs/latency-glider.png

echo "docs: docs/loops-spring-variable.png (sandbox compare -scene springs -loops fixed,variable,semi-fixed ...)"
"$tmp/sandbox" compare -scene springs -loops fixed,variable,semi-fixed -rates 60,144 \
  -hitch-every 30 -hitch-seconds 0.05 -ticks 600 -out "$tmp/loops" >/dev/null
cp "$tmp/loops/spring_variable.png" docs/loops-spring-variable.png

echo "docs: docs/range.png (the window on range, 1280x720, after 240 frames)"
eval "$XVFB" "$tmp/sandbox" -scene range -vsync=false -frames 240 -screenshot docs/range.png

echo "docs: docs/elevator.png (the window on elevator, after 240 frames)"
eval "$XVFB" "$tmp/sandbox" -scene elevator -vsync=false -frames 240 -screenshot docs/elevator.png

echo "docs: docs/range-lane.png (the lane test's last frame)"
export SANDBOX_DOCS_SHOT="$PWD/docs/range-lane.png" SANDBOX_REQUIRE_DISPLAY=1
eval "$XVFB" $GO test "$PGO" -count=1 ./internal/window -run TestWindowLaneShotReachesWall >/dev/null

echo "docs: docs/loops-split.png (the split view by policy, 10 frames after a 50 ms stall)"
export SANDBOX_LOOPS_SHOT="$PWD/docs/loops-split.png"
eval "$XVFB" $GO test "$PGO" -count=1 ./internal/window -run TestWindowSplitByPolicy >/dev/null
echo "docs: docs/rollback-ghost.png (network delay 8 ticks: the confirmed ghost of a late shot)"
export SANDBOX_ROLLBACK_SHOT="$PWD/docs/rollback-ghost.png"
eval "$XVFB" $GO test "$PGO" -count=1 ./internal/window -run TestWindowNetworkDelay >/dev/null
echo "docs: done; look at the pictures (git diff --stat docs/) before committing them"
