package archcheck

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"
)

// stepPackages are the packages whose code runs inside a physics step.
const stepPackages = `^sandbox/engine/(physics|ccd)\.`

var (
	binDir  string
	binMu   sync.Mutex
	binPath = map[string]string{}
)

// TestMain gives the tests one folder for the binaries they build, so each
// architecture is built once.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "archcheck")
	if err != nil {
		panic(err)
	}
	binDir = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// sandboxProfile is the profile the sandbox is built with (its
// default.pgo, scripts/pgo-profile.sh). With it the compiler inlines more
// along the step's hot calls, and an inlined product next to a sum is
// where arm64 could fuse; so each check runs on the plain build and on the
// one built with the sandbox's profile, whose step is the sandbox's.
const sandboxProfile = "../../cmd/sandbox/default.pgo"

// builds are the two ways the step is compiled: without a profile, and
// with the sandbox's.
var builds = []struct{ name, pgo string }{{"plain", "off"}, {"pgo", sandboxProfile}}

// build compiles ./archhash for goarch with profile pgo ("off": none),
// once, and returns the binary's path.
func build(t *testing.T, goarch, pgo string) string {
	t.Helper()
	binMu.Lock()
	defer binMu.Unlock()
	key := goarch + " " + pgo
	if p, ok := binPath[key]; ok {
		return p
	}
	out := filepath.Join(binDir, fmt.Sprintf("archhash-%s-%d", goarch, len(binPath)))
	cmd := exec.Command("go", "build", "-pgo="+pgo, "-o", out, "./archhash")
	cmd.Env = append(os.Environ(), "GOARCH="+goarch, "CGO_ENABLED=0")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build for %s (-pgo=%s): %v\n%s", goarch, pgo, err, b)
	}
	binPath[key] = out
	return out
}

var (
	textLine  = regexp.MustCompile(`^TEXT (\S+)\(SB\)`)
	fusedOp   = regexp.MustCompile(`\tF(N?M(ADD|SUB))D\b`)
	mathCall  = regexp.MustCompile(`\tCALL math\.(\w+)\(SB\)`)
	sourcePos = regexp.MustCompile(`^\s+(\S+:\d+)`)
)

// TestNoFusedArithmeticInStep reads the arm64 machine code of every function
// of the step's packages (with what is inlined into them, mathgl included):
// a fused multiply-add there, or a call into package math other than exact
// ones, makes arm64 results differ from amd64's.
func TestNoFusedArithmeticInStep(t *testing.T) {
	if testing.Short() {
		t.Skip("cross-builds for arm64")
	}
	for _, b := range builds {
		t.Run(b.name, func(t *testing.T) { checkNoFused(t, build(t, "arm64", b.pgo)) })
	}
}

// checkNoFused reads the step's functions in arm64 binary bin.
func checkNoFused(t *testing.T, bin string) {
	out, err := exec.Command("go", "tool", "objdump", "-s", stepPackages, bin).Output()
	if err != nil {
		t.Fatalf("objdump: %v", err)
	}
	// Sqrt, Abs, Copysign, Floor, Ceil, Trunc, Float64bits and friends are
	// exact (correctly rounded or bit manipulation) on every architecture.
	exact := map[string]bool{"Sqrt": true, "sqrt": true, "Abs": true, "Copysign": true, "Floor": true, "floor": true,
		"Ceil": true, "ceil": true, "Trunc": true, "trunc": true, "IsNaN": true, "IsInf": true, "Inf": true,
		"NaN": true, "Float64bits": true, "Float64frombits": true, "Nextafter": true, "Max": true, "Min": true,
		"Frexp": true, "frexp": true, "Ldexp": true, "ldexp": true, "Modf": true, "modf": true, "Mod": true, "mod": true}
	var bad []string
	fn := ""
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if m := textLine.FindStringSubmatch(line); m != nil {
			fn = m[1]
			continue
		}
		pos := ""
		if m := sourcePos.FindStringSubmatch(line); m != nil {
			pos = m[1]
		}
		if fusedOp.MatchString(line) {
			bad = append(bad, pos+" fused multiply-add in "+fn)
		}
		if m := mathCall.FindStringSubmatch(line); m != nil && !exact[m[1]] {
			bad = append(bad, pos+" calls math."+m[1]+" in "+fn)
		}
	}
	if len(bad) > 0 {
		t.Errorf("arm64 code of the step would round differently from amd64 (%d sites; wrap products in float64(...) or use an exact function):\n%s",
			len(bad), strings.Join(dedupe(bad), "\n"))
	}
}

func dedupe(s []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, x := range s {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

// qemu returns the qemu-user binary for arm64, or "".
func qemu() string {
	for _, n := range []string{"qemu-aarch64-static", "qemu-aarch64"} {
		if p, err := exec.LookPath(n); err == nil {
			return p
		}
	}
	return ""
}

// TestHashesMatchArm64 runs the same scenes natively and as an arm64 binary
// under qemu-user, each built plain and with the sandbox's profile, and
// compares every state hash with the plain native build's.
func TestHashesMatchArm64(t *testing.T) {
	if testing.Short() {
		t.Skip("runs several scenes under an emulator")
	}
	if runtime.GOARCH == "arm64" {
		t.Skip("this machine is arm64: nothing to compare the native build with")
	}
	q := qemu()
	if q == "" {
		if os.Getenv("SANDBOX_REQUIRE_QEMU") != "" {
			t.Fatal("qemu-aarch64-static not found (Debian: qemu-user-static; make test installs it)")
		}
		t.Skip("qemu-aarch64-static not installed (Debian: qemu-user-static; make test installs it): arm64 hashes not compared")
	}
	want, err := exec.Command(build(t, runtime.GOARCH, "off")).Output()
	if err != nil {
		t.Fatalf("native run: %v", err)
	}
	wl := strings.Split(string(want), "\n")
	if len(wl) < 3 {
		t.Fatalf("native output too short:\n%s", want)
	}
	for _, run := range []struct {
		name string
		cmd  *exec.Cmd
	}{
		{"native, pgo", exec.Command(build(t, runtime.GOARCH, sandboxProfile))},
		{"arm64, plain", exec.Command(q, build(t, "arm64", "off"))},
		{"arm64, pgo", exec.Command(q, build(t, "arm64", sandboxProfile))},
	} {
		got, err := run.cmd.Output()
		if err != nil {
			t.Fatalf("%s run: %v", run.name, err)
		}
		gl := strings.Split(string(got), "\n")
		for i := range wl {
			if i >= len(gl) || wl[i] != gl[i] {
				g := ""
				if i < len(gl) {
					g = gl[i]
				}
				t.Errorf("native plain %q, %s %q", wl[i], run.name, g)
			}
		}
	}
}
