#!/usr/bin/env bash
# Sets our step beside Box3D's stage by stage on one scene file: our
# report's stage_micros (docs/headless.md) and Box3D's own profile from
# bin/box3d-stages (scripts/box3d-stages.sh builds it), each the mean per
# step over the run, ms. One pinned core (taskset -c 1), the engines
# alternated round by round, medians of the rounds, the load average
# printed. Box3D's stages are matched to ours by what they do; the rows
# with no match in the other engine show a dash.
#
#   scripts/peer-stages.sh SCENE.json [ROUNDS] [TICKS]   default 3 rounds of 600 ticks
#
# SANDBOX=path times that binary instead of building ./cmd/sandbox;
# BOX3D_STAGES=path names the Box3D runner (default bin/box3d-stages).
set -eu
scene=${1:?usage: scripts/peer-stages.sh SCENE.json [ROUNDS] [TICKS]}
rounds=${2:-3}
ticks=${3:-600}
root=$(cd "$(dirname "$0")/.." && pwd)
box3d=${BOX3D_STAGES:-$root/bin/box3d-stages}
[ -r "$scene" ] || { echo "peer-stages.sh: cannot read $scene" >&2; exit 2; }
[ -x "$box3d" ] || { echo "peer-stages.sh: no $box3d: build it with scripts/box3d-stages.sh" >&2; exit 2; }
. "$root/scripts/peer-common.sh"
for r in $(seq "$rounds"); do
  $pin "$bin" -headless -scene "$scene" -ticks "$ticks" -workers 1 -report - >"$work/ours.$r.json"
  $pin "$box3d" "$scene" -n="$ticks" 2>&1 >/dev/null | sed -n 's/^box3d-stages: //p' >"$work/box3d.$r.json"
  echo "round $r done, load average $(cut -d' ' -f1-3 /proc/loadavg)"
done
python3 - "$work" "$rounds" <<'PY'
import json, statistics, sys
work, rounds = sys.argv[1], int(sys.argv[2])
ours = [json.load(open(f"{work}/ours.{r}.json"))["stage_micros"] for r in range(1, rounds + 1)]
peer = [json.load(open(f"{work}/box3d.{r}.json")) for r in range(1, rounds + 1)]
def o(*keys):
    def get(m):
        s = m["solver_stages"]
        return sum((s[k] if k in s else m[k]) for k in keys) / 1000
    return statistics.median(get(m) for m in ours)
def p(*keys):
    return statistics.median(sum(m[k] for k in keys) for m in peer)
rows = [
    ("broadphase (pairs, refit)", o("broadphase"), p("pairs", "refit")),
    ("narrowphase (collide)", o("narrowphase"), p("collide")),
    ("prepare contacts", o("prepare_contacts"), p("prepareConstraints")),
    ("integrate velocities + warm start + positions", o("integrate_velocities", "warm_start", "integrate_positions"),
     p("integrateVelocities", "warmStart", "integratePositions")),
    ("solve (biased)", o("solve_contacts"), p("solveImpulses")),
    ("relax", o("relax_contacts"), p("relaxImpulses")),
    ("restitution", o("restitution"), p("applyRestitution")),
    ("store impulses", o("store_impulses"), p("storeImpulses")),
    ("continuous (bullets)", o("continuous"), p("bullets")),
    ("body transforms", None, p("transforms")),
    ("prepare bodies", o("prepare_bodies"), None),
    ("sleep, islands", o("sleep"), p("sleepIslands", "splitIslands")),
    ("tunnelling oracle", o("oracle"), None),
    ("step", o("total"), p("step")),
]
print(f"mean ms per step, medians of {rounds} rounds")
print(f"{'stage':48s} {'ours':>8s} {'Box3D':>8s} {'ours/Box3D':>10s}")
for name, a, b in rows:
    fa = f"{a:8.3f}" if a is not None else f"{'-':>8s}"
    fb = f"{b:8.3f}" if b is not None else f"{'-':>8s}"
    ratio = f"{a / b:10.2f}" if a is not None and b else f"{'-':>10s}"
    print(f"{name:48s} {fa} {fb} {ratio}")
PY
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
