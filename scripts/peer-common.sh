# Sourced by the side-by-side scripts (peer-scale.sh, peer-stages.sh):
# a scratch folder removed on exit ($work), the pinning prefix ($pin:
# taskset -c 1), the load average at the start, and our sandbox built
# into $work ($bin; SANDBOX=path times that binary instead). Needs $root.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pin="taskset -c 1"
command -v taskset >/dev/null 2>&1 || { echo "taskset not found: running unpinned"; pin=""; }
echo "nproc: $(nproc), load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
bin=${SANDBOX:-}
if [ -z "$bin" ]; then
  (cd "$root" && CGO_ENABLED=0 go build -o "$work/sandbox" ./cmd/sandbox)
  bin="$work/sandbox"
fi
