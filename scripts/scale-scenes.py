#!/usr/bin/env python3
"""Writes the scenes of issue 36 as scene files (docs/scenes.md), the same
layouts as engine/physics's BenchmarkLargeWorld and BenchmarkBullets
(scale_scenes_test.go), for `sandbox -headless -scene FILE` and for
../shared/peers/box3d/box3d-scene side by side (docs/speed-notes.md).

  scripts/scale-scenes.py pillars N OUT.json   a ground and N-1 pillars
      (1 x 4 x 1 m, 4 m apart on a square grid) with 1,000 falling and
      100 fast (120 m/s) 1 m cubes among them
  scripts/scale-scenes.py bullets N OUT.json   N boxes (half 0.25 m) fired
      at 250 m/s (fire events at tick 0: bullets) in a closed box of
      0.4 m walls, 8 layers of a 2 m lattice high, as wide as N needs
  scripts/scale-scenes.py plain N OUT.json     the same boxes at the same
      velocities as plain bodies, not bullets (swept against the walls,
      not against each other)

Sleep is off, as in the benchmarks. The directions of the bullets come
from a seeded generator of this script's own (not Go's), so they differ
from the benchmark's draw; the layout is the same.
"""
import json
import math
import random
import sys

SPACING = 4.0
LAYERS = 8


def base(name, description):
    return {"version": 1, "name": name, "description": description,
            "physics_hz": 60, "gravity": [0, -9.81, 0], "ccd": True,
            "sleep": False, "solver_iterations": 8, "statics": [],
            "bodies": [], "events": []}


def pillars(n):
    s = base(f"pillars-{n}", f"a ground and {n - 1} pillars, 1,000 falling and 100 fast boxes")
    count = n - 1
    side = math.ceil(math.sqrt(count))
    half = side * SPACING / 2 + 10
    s["statics"].append({"name": "ground", "min": [-half, -1, -half], "max": [half, 0, half]})
    for k in range(count):
        x = (k % side - (side - 1) / 2) * SPACING
        z = (k // side - (side - 1) / 2) * SPACING
        s["statics"].append({"name": f"p{k}", "min": [x - 0.5, 0, z - 0.5], "max": [x + 0.5, 4, z + 0.5]})
    for k in range(1000):
        a, c, layer = k % 10, k // 10 % 10, k // 100
        s["bodies"].append({"name": f"fall{k}",
                            "center": [(a - 5) * SPACING / 2 + 0.1 * (layer % 3), 6 + 1.5 * layer, (c - 5) * SPACING / 2],
                            "half": [0.5, 0.5, 0.5], "angular_velocity": [0, 0.2 * (k % 5), 0]})
    fast = 100
    for k in range(fast):
        lane = (k // 4 - fast // 8) * SPACING
        along = (k % 4) * 3
        v = 120.0
        center, vel = [([-along, 1, lane], [-v, 0, 0]), ([along, 1, lane], [v, 0, 0]),
                       ([lane, 1, -along], [0, 0, -v]), ([lane, 1, along], [0, 0, v])][k % 4]
        s["bodies"].append({"name": f"fast{k}", "center": center, "half": [0.5, 0.5, 0.5], "velocity": vel})
    return s


def bullets(n):
    s = base(f"bullets-{n}", f"{n} boxes fired at 250 m/s in a closed box of 0.4 m walls")
    c = math.ceil(math.sqrt(n / LAYERS))
    L, H, th = 2.0 * c, 2.0 * LAYERS, 0.4
    for name, lo, hi in [("floor", [-th, -th, -th], [L + th, 0, L + th]),
                         ("ceiling", [-th, H, -th], [L + th, H + th, L + th]),
                         ("wall-x0", [-th, 0, -th], [0, H, L + th]),
                         ("wall-x1", [L, 0, -th], [L + th, H, L + th]),
                         ("wall-z0", [0, 0, -th], [L, H, 0]),
                         ("wall-z1", [0, 0, L], [L, H, L + th])]:
        s["statics"].append({"name": name, "min": lo, "max": hi})
    rng = random.Random(36)
    for k in range(n):
        d = [rng.gauss(0, 1) for _ in range(3)]
        s["events"].append({"tick": 0, "fire": {
            "name": f"b{k}", "from": [1 + 2 * (k % c), 1 + 2 * (k // (c * c)), 1 + 2 * (k // c % c)],
            "direction": d, "speed": 250, "half": [0.25, 0.25, 0.25]}})
    return s


def plain(n):
    s = bullets(n)
    s["name"] = f"plain-{n}"
    s["description"] = f"{n} boxes at 250 m/s in a closed box of 0.4 m walls, plain bodies"
    for e in s.pop("events"):
        f = e["fire"]
        norm = math.sqrt(sum(x * x for x in f["direction"]))
        s["bodies"].append({"name": f["name"], "center": f["from"], "half": f["half"],
                            "velocity": [x / norm * f["speed"] for x in f["direction"]]})
    s["events"] = []
    return s


KINDS = {"pillars": pillars, "bullets": bullets, "plain": plain}


def main():
    if len(sys.argv) != 4 or sys.argv[1] not in KINDS:
        print("usage: scale-scenes.py pillars|bullets|plain N OUT.json", file=sys.stderr)
        sys.exit(2)
    n = int(sys.argv[2])
    scene = KINDS[sys.argv[1]](n)
    with open(sys.argv[3], "w") as f:
        json.dump(scene, f, separators=(",", ":"))


main()
