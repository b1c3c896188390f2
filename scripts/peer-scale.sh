#!/usr/bin/env bash
# Times our step side by side with Box3D's on the scenes of issue 36, the
# worlds that grow with their slabs or their bullets (docs/speed-notes.md,
# "Scale with the world"): the pillar level at 10^3, 4 x 10^4 and 10^5
# slabs (1,100 bodies), 500 and 5,000 bullets in a closed box, and the
# same 5,000 boxes as plain bodies, written by scripts/scale-scenes.py. One
# pinned core (taskset -c 1), the engines alternated round by round,
# medians of the runs' median steps, the load average printed; for the
# boxes, how many bodies each engine let out of the box (ours: its tunnel
# count; Box3D: its final centres).
#
#   scripts/peer-scale.sh [ROUNDS] [TICKS]     default 5 rounds of 600 ticks
#
# SANDBOX=path times that binary instead of building ./cmd/sandbox.
set -eu
rounds=${1:-5}
ticks=${2:-600}
root=$(cd "$(dirname "$0")/.." && pwd)
box3d="$root/../shared/peers/box3d/box3d-scene"
[ -x "$box3d" ] || { echo "no $box3d: skipped"; exit 0; }
. "$root/scripts/peer-common.sh"
scenes="pillars:1000 pillars:40000 pillars:100000 bullets:500 bullets:5000 plain:5000"
for s in $scenes; do
  "$root/scripts/scale-scenes.py" "${s%%:*}" "${s##*:}" "$work/${s%%:*}-${s##*:}.json"
done
for r in $(seq "$rounds"); do
  for s in $scenes; do
    f="$work/${s%%:*}-${s##*:}.json"
    $pin "$bin" -headless -scene "$f" -ticks "$ticks" -workers 1 -report - |
      python3 -c 'import json, sys; m = json.load(sys.stdin); print(m["step_micros"]["p50"] / 1000, m["tunnels"])' >>"$work/$s.ours"
    $pin "$box3d" "$f" -n="$ticks" 2>/dev/null |
      python3 -c '
import json, sys
m = json.load(sys.stdin)
s = json.load(open(sys.argv[1]))
out = 0
if s["name"].startswith(("bullets", "plain")):
    lo = [s["statics"][0]["min"][0] + 0.4, s["statics"][0]["max"][1], s["statics"][0]["min"][2] + 0.4]
    hi = [s["statics"][3]["min"][0], s["statics"][1]["min"][1], s["statics"][5]["min"][2]]
    out = sum(1 for b in m["final"].values() if not all(lo[k] <= b["center"][k] <= hi[k] for k in range(3)))
print(m["median_ms"], out)' "$f" >>"$work/$s.peer"
  done
  echo "round $r done, load average $(cut -d' ' -f1-3 /proc/loadavg)"
done
for s in $scenes; do
  python3 - "$s" "$work/$s.ours" "$work/$s.peer" <<'PY'
import statistics, sys
name = sys.argv[1]
ours = [l.split() for l in open(sys.argv[2])]
peer = [l.split() for l in open(sys.argv[3])]
mo = statistics.median(float(x[0]) for x in ours)
mp = statistics.median(float(x[0]) for x in peer)
print(f"{name}: ours median {mo:.3f} ms ({', '.join(x[0][:6] for x in ours)}), Box3D {mp:.3f} ms ({', '.join(x[0][:6] for x in peer)}), ours/Box3D {mo/mp:.2f}; "
      f"tunnels ours {max(int(x[1]) for x in ours)}, bodies out of the box Box3D {max(int(x[1]) for x in peer)}")
PY
done
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
