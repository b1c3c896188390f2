#!/usr/bin/env bash
# Builds box3d-stages: the Box3D peer's scene runner (../shared/peers/box3d/
# box3d-scene.c) that also prints Box3D's own profile (b3World_GetProfile),
# the mean per step of each stage, so that our report's stage_micros can be
# set beside it stage by stage (scripts/peer-stages.sh).
#
#   scripts/box3d-stages.sh BOX3D_GIT_DIR [OUT]
#
# BOX3D_GIT_DIR: a git dir holding Box3D's commit below (the peer's), e.g.
#   git clone --bare https://github.com/erincatto/box3d box3d.git
# OUT: the binary (default bin/box3d-stages).
#
# Box3D's library is compiled file by file with the flags its CMake build
# uses (the peer's build-box3d-scene.sh lists them: -O3 -DNDEBUG
# -ffp-contract=off, SSE2, single precision), without CMake. The runner is
# the peer's source with one addition after each step: the step's profile
# is added up, and at the end one JSON line goes to stderr,
#   box3d-stages: {"pairs": ..., "collide": ..., ...}
# with the mean of each b3Profile field over the steps the runner times
# (step 0 is not), in ms. Its stdout is the peer's.
# Needs: git, gcc, python3.
set -eu
COMMIT=30c67b5e6d0a3a66f0f506c69ce9e9e0587e3b7c
root=$(cd "$(dirname "$0")/.." && pwd)
gitdir=${1:?usage: scripts/box3d-stages.sh BOX3D_GIT_DIR [OUT]}
out=${2:-$root/bin/box3d-stages}
harness="$root/../shared/peers/box3d/box3d-scene.c"
[ -r "$harness" ] || { echo "box3d-stages.sh: no $harness" >&2; exit 2; }
git --git-dir="$gitdir" cat-file -e "$COMMIT^{commit}" 2>/dev/null || {
  echo "box3d-stages.sh: $gitdir lacks Box3D commit $COMMIT" >&2
  exit 2
}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/src" "$work/obj" "$(dirname "$out")"
git --git-dir="$gitdir" --work-tree="$work/src" checkout "$COMMIT" -- include src extern 2>/dev/null ||
  git --git-dir="$gitdir" --work-tree="$work/src" checkout "$COMMIT" -- include src
flags="-O3 -DNDEBUG -ffp-contract=off -std=gnu17"
for f in "$work"/src/src/*.c; do
  gcc -c $flags -fvisibility=hidden -I"$work/src/include" -I"$work/src/src" "$f" -o "$work/obj/$(basename "$f" .c).o" &
done
wait
ar rcs "$work/libbox3d.a" "$work"/obj/*.o
python3 - "$harness" "$work/stages.c" <<'PY'
import sys
src = open(sys.argv[1]).read()
step = "\t\tcpu[s] = cpums() - ca;\n"
assert src.count(step) == 1, "box3d-scene.c changed: no single step timing line to follow"
fields = ["step", "pairs", "collide", "solve", "prepareConstraints", "integrateVelocities", "warmStart",
          "solveImpulses", "integratePositions", "relaxImpulses", "applyRestitution", "storeImpulses",
          "splitIslands", "transforms", "refit", "bullets", "sleepIslands"]
add = "".join(f"\t\t\tg_stage[{i}] += p.{f};\n" for i, f in enumerate(fields))
src = src.replace(step, step + "\t\tif ( s > 0 )\n\t\t{\n\t\t\tb3Profile p = b3World_GetProfile( world );\n" + add
                  + "\t\t\tg_stageSteps++;\n\t\t}\n")
decl = f"static double g_stage[{len(fields)}];\nstatic long g_stageSteps;\n"
src = src.replace("static double nowms( void )", decl + "static double nowms( void )", 1)
body = ", ".join(f'\\"{f}\\": %.4f' for f in fields)
args = ", ".join(f"g_stage[{i}] / n" for i in range(len(fields)))
dump = ("static void printStages( void )\n{\n\tdouble n = g_stageSteps > 0 ? (double)g_stageSteps : 1;\n"
        f'\tfprintf( stderr, "box3d-stages: {{{body}}}\\n", {args} );\n}}\n')
src = src.replace("int main(", dump + "int main(", 1)
ret = "\treturn 0;\n}"
at = src.rindex(ret)
src = src[:at] + "\tprintStages();\n" + src[at:]
open(sys.argv[2], "w").write(src)
PY
gcc $flags -I"$work/src/include" "$work/stages.c" "$work/libbox3d.a" -lm -lpthread -o "$out"
echo "built $out"
