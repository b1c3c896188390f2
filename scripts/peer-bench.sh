#!/usr/bin/env bash
# Times our physics step side by side with the peer engines, the way speed
# claims are made here: one pinned core (taskset -c 1), the engines
# alternated round by round, medians compared, the load average printed
# (shared machines move absolute times by 10-25%; ratios from one run hold).
#
#   scripts/peer-bench.sh [ROUNDS]       default 7 rounds
#
# Box3D: ../shared/peers/box3d/box3d-pyramid (its own large_pyramid scene)
# against `sandbox -headless -scene pyramid` (the same layout, 600 steps,
# median step from the report's step_micros.p50).
# Bullet: ../shared/peers/bullet (built into a temporary folder when
# libbullet-dev is installed) `bulletpeer pile 1000 --no-sleep` against the
# same 1,000-box pile (10 iterations, sleeping off) as a scene file.
# Then the pyramid again on 2 workers (ours -workers 2, Box3D -w=2), unpinned
# on cores 0 and 1 (taskset -c 0,1), alternating with 1-worker runs on the
# same two cores, printing each engine's speedup of 2 workers over 1: a
# speedup needs a free second core, so nproc and the load average are
# printed at the start and at the end.
# On amd64 with AVX2, each pinned round also times the AVX2 build
# (GOEXPERIMENT=simd: the wide contact solver), column avx2_ms.
# Then our 4,000 pile on 1 and 2 workers the same way, and what the two
# cores give two runs at once: one 1-worker pile alone on core 1, then two
# side by side on cores 0 and 1, whose slowdown bounds what 2 workers can
# gain on this machine (a shared host's cores slow each other through its
# caches and memory, and its other tenants). The hypervisor's steal time
# over the whole run is printed at the end (/proc/stat).
# Peers that are not present are skipped with a note.
set -eu
rounds=${1:-7}
root=$(cd "$(dirname "$0")/.." && pwd)
peers="$root/../shared/peers"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pin="taskset -c 1"
pin2="taskset -c 0,1"
command -v taskset >/dev/null 2>&1 || { echo "taskset not found: running unpinned"; pin=""; pin2=""; }
echo "nproc: $(nproc), load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
# cpu_ticks: the total and the steal ticks of all CPUs so far (/proc/stat).
cpu_ticks() { awk '/^cpu /{t=0; for (i=2; i<=NF; i++) t+=$i; print t, $9; exit}' /proc/stat 2>/dev/null || echo "0 0"; }
ticks0=$(cpu_ticks)

echo "building ./cmd/sandbox (with its profile, cmd/sandbox/default.pgo, as go build does) ..."
(cd "$root" && CGO_ENABLED=0 go build -o "$work/sandbox" ./cmd/sandbox)
# The AVX2 build (GOEXPERIMENT=simd, amd64): the wide contact solver. Its
# state is bit-identical to the default build's; only the time differs.
avx2=""
if [ "$(cd "$root" && go env GOARCH)" = amd64 ] && grep -qw avx2 /proc/cpuinfo 2>/dev/null &&
  (cd "$root" && CGO_ENABLED=0 GOEXPERIMENT=simd go build -o "$work/sandbox-avx2" ./cmd/sandbox) 2>/dev/null; then
  avx2="$work/sandbox-avx2"
  echo "and the AVX2 build (GOEXPERIMENT=simd): its times are the avx2_ms column"
fi

# ours SCENE TICKS [WORKERS [PIN [P10FILE]]]: our median step in ms from one
# headless run (1 worker on the pinned core unless told); with P10FILE, the
# run's 10th-percentile step (ms) is appended to it.
ours() {
  ${4-$pin} "${BIN:-$work/sandbox}" -headless -scene "$1" -ticks "$2" -workers "${3:-1}" -report - |
    python3 -c '
import json, sys
m = json.load(sys.stdin)["step_micros"]
print(m["p50"] / 1000)
if len(sys.argv) > 1:
    open(sys.argv[1], "a").write(str(m["p10"] / 1000) + "\n")' ${5:+"$5"}
}

# speedup NAME FILE-1-WORKER FILE-2-WORKERS: medians and 1-worker / 2-worker.
speedup() {
  python3 - "$@" <<'PY'
import statistics, sys
name, a, b = sys.argv[1], [float(x) for x in open(sys.argv[2])], [float(x) for x in open(sys.argv[3])]
ma, mb = statistics.median(a), statistics.median(b)
print(f"{name}: 1 worker median {ma:.3f} ms, 2 workers median {mb:.3f} ms, speedup {ma/mb:.2f}x over {len(a)} rounds")
PY
}

# summary NAME FILE-OF-OURS FILE-OF-PEER: medians and the ratio.
summary() {
  python3 - "$@" <<'PY'
import statistics, sys
name, a, b = sys.argv[1], [float(x) for x in open(sys.argv[2])], [float(x) for x in open(sys.argv[3])]
ma, mb = statistics.median(a), statistics.median(b)
print(f"{name}: ours median {ma:.3f} ms, peer median {mb:.3f} ms, ratio ours/peer {ma/mb:.2f} over {len(a)} rounds")
PY
}

box3d="$peers/box3d/box3d-pyramid"
if [ -x "$box3d" ] && ! "$work/sandbox" -list-scenes | grep -qx pyramid; then
  echo "this build has no built-in pyramid scene: the Box3D comparison is skipped"
elif [ -x "$box3d" ]; then
  echo
  echo "== 5,050-box pyramid, 600 steps, 1 worker (Box3D large_pyramid)"
  echo "round  ours_ms  box3d_ms  avx2_ms"
  for r in $(seq "$rounds"); do
    o=$(ours pyramid 600)
    b=$($pin "$box3d" -n=600 | python3 -c 'import json,sys; print(json.load(sys.stdin)["median_ms"])')
    a=-
    if [ -n "$avx2" ]; then a=$(BIN=$avx2 ours pyramid 600); echo "$a" >>"$work/pyr-avx2"; a=$(printf "%.3f" "$a"); fi
    echo "$o" >>"$work/pyr-ours"; echo "$b" >>"$work/pyr-box3d"
    printf "%5d  %7.3f  %8.3f  %7s\n" "$r" "$o" "$b" "$a"
  done
  summary "pyramid vs Box3D" "$work/pyr-ours" "$work/pyr-box3d"
  [ -z "$avx2" ] || summary "pyramid, AVX2 build, vs Box3D" "$work/pyr-avx2" "$work/pyr-box3d"

  echo
  echo "== the same pyramid on cores 0 and 1 (unpinned within them): 1 and 2 workers"
  echo "round  ours1_ms  ours2_ms  box3d1_ms  box3d2_ms"
  for r in $(seq "$rounds"); do
    o1=$(ours pyramid 600 1 "$pin2" "$work/w-ours1-p10")
    o2=$(ours pyramid 600 2 "$pin2" "$work/w-ours2-p10")
    b1=$($pin2 "$box3d" -n=600 -w=1 | python3 -c 'import json,sys; print(json.load(sys.stdin)["median_ms"])')
    b2=$($pin2 "$box3d" -n=600 -w=2 | python3 -c 'import json,sys; print(json.load(sys.stdin)["median_ms"])')
    echo "$o1" >>"$work/w-ours1"; echo "$o2" >>"$work/w-ours2"
    echo "$b1" >>"$work/w-box3d1"; echo "$b2" >>"$work/w-box3d2"
    printf "%5d  %8.3f  %8.3f  %9.3f  %9.3f\n" "$r" "$o1" "$o2" "$b1" "$b2"
  done
  speedup "ours, pyramid" "$work/w-ours1" "$work/w-ours2"
  # The fast tenth of each run's steps: what two workers do with both
  # cores to themselves, when other tenants stall the median steps.
  speedup "ours, pyramid, 10th-percentile steps" "$work/w-ours1-p10" "$work/w-ours2-p10"
  speedup "Box3D, pyramid" "$work/w-box3d1" "$work/w-box3d2"
  summary "pyramid on 2 workers vs Box3D on 2" "$work/w-ours2" "$work/w-box3d2"
else
  echo "Box3D peer not found at $box3d: skipped"
fi

# The 4,000 pile (built in, sleep off) on 1 and 2 workers: the issue's
# other worker scene. Box3D has no pile, so ours alone.
echo
echo "== our 4,000 pile, 300 steps, on cores 0 and 1 (unpinned within them): 1 and 2 workers"
echo "round  ours1_ms  ours2_ms"
for r in $(seq "$rounds"); do
  o1=$(ours pile-4000 300 1 "$pin2" "$work/p-ours1-p10")
  o2=$(ours pile-4000 300 2 "$pin2" "$work/p-ours2-p10")
  echo "$o1" >>"$work/p-ours1"; echo "$o2" >>"$work/p-ours2"
  printf "%5d  %8.3f  %8.3f\n" "$r" "$o1" "$o2"
done
speedup "ours, 4,000 pile" "$work/p-ours1" "$work/p-ours2"
speedup "ours, 4,000 pile, 10th-percentile steps" "$work/p-ours1-p10" "$work/p-ours2-p10"

# Two 1-worker runs at once, one per core, against one alone: if each of
# the pair is s times slower than the run alone, 2 workers can be at most
# 2/s times as fast as 1 on this machine, however well they split the step.
if [ -n "$pin" ]; then
  echo
  echo "== what two cores give two runs at once: the 4,000 pile on 1 worker, alone on core 1, then one on each of cores 0 and 1"
  echo "round  alone_ms  pair0_ms  pair1_ms"
  for r in $(seq "$rounds"); do
    a=$(ours pile-4000 300 1 "$pin")
    ours pile-4000 300 1 "taskset -c 0" >"$work/pair0" &
    c1=$(ours pile-4000 300 1 "$pin")
    wait
    c0=$(cat "$work/pair0")
    echo "$a" >>"$work/alone"; echo "$c0" >>"$work/pair"; echo "$c1" >>"$work/pair"
    printf "%5d  %8.3f  %8.3f  %8.3f\n" "$r" "$a" "$c0" "$c1"
  done
  python3 - "$work/alone" "$work/pair" <<'PY'
import statistics, sys
a, p = [float(x) for x in open(sys.argv[1])], [float(x) for x in open(sys.argv[2])]
s = statistics.median(p) / statistics.median(a)
print(f"two at once: median {statistics.median(p):.3f} ms against {statistics.median(a):.3f} ms alone, "
      f"each {s:.2f}x slower: at most {2/s:.2f}x from 2 workers on this machine")
PY
fi

bullet=""
if [ -f "$peers/bullet/Makefile" ] && pkg-config --exists bullet 2>/dev/null; then
  cp -r "$peers/bullet" "$work/bullet" && make -s -C "$work/bullet" bulletpeer >/dev/null && bullet="$work/bullet/bulletpeer"
fi
if [ -n "$bullet" ]; then
  # The peer's pile: columns of 10 on a square grid, 1.1 m apart, the lowest
  # layer 5 cm above the ground, mass 1, friction 0.5, 10 iterations.
  python3 - "$work/pile-1000.json" <<'PY'
import json, math, sys
n, per = 1000, 100
nx = max(1, math.ceil(math.sqrt(per))); nz = max(1, (per + nx - 1) // nx)
bodies = []
for i in range(n):
    layer, slot = divmod(i, per)
    ix, iz = slot % nx, slot // nx
    bodies.append({"name": f"b{i}", "center": [(ix - (nx - 1) / 2) * 1.1, 0.55 + layer * 1.1, (iz - (nz - 1) / 2) * 1.1],
                   "half": [0.5, 0.5, 0.5], "mass": 1, "friction": 0.5})
json.dump({"name": "bullet-pile-1000", "sleep": False, "solver_iterations": 10,
           "statics": [{"name": "ground", "min": [-50, -1, -50], "max": [50, 0, 50]}], "bodies": bodies}, open(sys.argv[1], "w"))
PY
  echo
  echo "== awake 1,000-box pile, 600 steps (Bullet 3.24, steps 60..599)"
  echo "round  ours_ms  bullet_ms  avx2_ms"
  for r in $(seq "$rounds"); do
    o=$(ours "$work/pile-1000.json" 600)
    b=$($pin "$bullet" pile 1000 --no-sleep | python3 -c 'import json,sys; print(json.load(sys.stdin)["median_step_us"]/1000)')
    a=-
    if [ -n "$avx2" ]; then a=$(BIN=$avx2 ours "$work/pile-1000.json" 600); echo "$a" >>"$work/pile-avx2"; a=$(printf "%.3f" "$a"); fi
    echo "$o" >>"$work/pile-ours"; echo "$b" >>"$work/pile-bullet"
    printf "%5d  %7.3f  %9.3f  %7s\n" "$r" "$o" "$b" "$a"
  done
  summary "pile vs Bullet" "$work/pile-ours" "$work/pile-bullet"
  [ -z "$avx2" ] || summary "pile, AVX2 build, vs Bullet" "$work/pile-avx2" "$work/pile-bullet"
else
  echo "Bullet peer not built (needs ../shared/peers/bullet and libbullet-dev, g++, make, pkg-config): skipped"
fi
echo
echo "nproc: $(nproc), load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
read -r t0 s0 <<<"$ticks0"
read -r t1 s1 <<<"$(cpu_ticks)"
if [ "$t1" -gt "$t0" ]; then
  echo "steal time (the hypervisor running others on our cores): $(( (s1 - s0) * 1000 / (t1 - t0) ))/1000 of the CPU time during the run"
fi
