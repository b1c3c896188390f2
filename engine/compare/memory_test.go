//go:build linux

package compare

import (
	"bufio"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"sandbox/engine/interp"
)

// memoryHeadroom is the address space a compare may add to what the test
// process holds before it starts: the bound the README's Limits state is
// far below it (Go reserves its heap 64 MiB at a time, so less would not
// do), and keeping every frame (as compare once did) took about 280 MB for
// this run.
const memoryHeadroom = 128 << 20

// A compare's memory does not grow with its ticks: 10^5 ticks of the
// glider at 240 Hz (400,000 frames, a 50 MB CSV streamed away) run in a
// child process whose address space is capped at what it holds at the
// start plus memoryHeadroom. Go dies with "out of memory" past the cap.
func TestCompareMemoryIsBounded(t *testing.T) {
	if raceDetector {
		t.Skip("under the race detector no address-space cap can apply")
	}
	if os.Getenv("SANDBOX_COMPARE_MEMORY_CHILD") == "1" {
		memoryChild(t)
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestCompareMemoryIsBounded$")
	cmd.Env = append(os.Environ(), "SANDBOX_COMPARE_MEMORY_CHILD=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		s := string(out)
		if len(s) > 2000 {
			s = s[:2000]
		}
		t.Fatalf("the compare under an address-space cap of its start + %d MiB failed: %v\n%s", memoryHeadroom>>20, err, s)
	}
}

// memoryChild caps its own address space, then runs the long compare.
func memoryChild(t *testing.T) {
	vm := vmSize(t)
	lim := &syscall.Rlimit{Cur: vm + memoryHeadroom, Max: vm + memoryHeadroom}
	if err := syscall.Setrlimit(syscall.RLIMIT_AS, lim); err != nil {
		t.Fatalf("setrlimit: %v", err)
	}
	sc := mustScene(t, "glider")
	var written int64
	res := mustCompare(t, Config{Scene: sc, Rates: []float64{240}, Modes: []interp.Mode{interp.Lerp}, Ticks: 100_000,
		Open: func(string) (io.WriteCloser, error) { return countingDiscard{&written}, nil }})
	if _, err := res.Files(); err != nil {
		t.Fatal(err)
	}
	if f := res.Runs[0].Frames; f != 400_000 || written < int64(f)*50 {
		t.Fatalf("%d frames, %d CSV bytes: the run did not stream a line per frame", f, written)
	}
}

// vmSize is the process's address space now, bytes (VmSize in /proc).
func vmSize(t *testing.T) uint64 {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		t.Skipf("no /proc/self/status: %v", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmSize:"); ok {
			kb, err := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			return kb << 10
		}
	}
	t.Fatal("no VmSize in /proc/self/status")
	return 0
}

type countingDiscard struct{ n *int64 }

func (c countingDiscard) Write(p []byte) (int, error) { *c.n += int64(len(p)); return len(p), nil }
func (c countingDiscard) Close() error                { return nil }
