#!/usr/bin/env bash
# Writes cmd/sandbox/default.pgo, the CPU profile that `go build ./cmd/sandbox`
# optimises the sandbox with (profile-guided optimisation: Go 1.21 and later
# pick up a default.pgo in the main package's folder by themselves).
#
#   scripts/pgo-profile.sh        (make pgo)
#
# The profile is what the sandbox spends its time on: the physics
# benchmarks (the awake 1,000 and 4,000 piles, the 5,050 pyramid, both on 1
# and 2 workers, and on amd64 with AVX2 the pile and pyramid again in the
# wide solver's build), a headless run of the range (CCD, the session, the
# report) and the default sweep, merged into one. With it the compiler
# inlines along the step's hot calls and lays its code out by them: the
# 1,000 pile's headless step took 0.95 of its time and the pyramid's 0.93
# (alternating on one core), with the same state hashes.
#
# The profile names functions and line offsets within them, so it stays
# useful as the code changes; run this again after large changes to the
# step. It changes how fast the step runs, never what it computes: the
# compiler changes no floating-point operation for a profile, and
# internal/archcheck builds with it and compares the bits.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
out="$root/cmd/sandbox/default.pgo"

# bench NAME PKG PATTERN TIMES [ENV...]: one benchmark run with a CPU profile.
bench() {
  local name=$1 pkg=$2 pattern=$3 times=$4
  shift 4
  echo "profiling $pkg ($pattern)${*:+ with $*}"
  env "$@" go test -run '^$' -bench "$pattern" -benchtime "$times" \
    -cpuprofile "$work/$name.prof" -o "$work/$name.test" "$pkg" >/dev/null
}

bench physics ./engine/physics 'Pile/(1000|4000)$|Pyramid$|Workers/(Pile4000|Pyramid)/2$' 300x
if [ "$(go env GOARCH)" = amd64 ] && grep -qw avx2 /proc/cpuinfo 2>/dev/null; then
  bench physics-avx2 ./engine/physics 'Pile/1000$|Pyramid$' 300x GOEXPERIMENT=simd
fi
bench headless ./engine/headless 'HeadlessRange' 20x
bench sweep ./engine/sweep 'DefaultSweep$' 1x

go tool pprof -proto "$work"/*.prof >"$work/default.pgo"
mv "$work/default.pgo" "$out"
echo "wrote $out ($(wc -c <"$out") bytes)"
