package layering

import (
	"bufio"
	"bytes"
	"fmt"
	"os/exec"
	"sort"
	"strings"
	"testing"
)

const (
	module = "sandbox/"
	window = "sandbox/internal/window"
)

// bottom are the packages at the bottom of the layering: pure Go, free of
// GL and cgo, importing no sandbox package but each other.
var bottom = map[string]bool{
	"sandbox/engine/loop":    true,
	"sandbox/engine/ccd":     true,
	"sandbox/engine/physics": true,
}

// testSupport are the packages any package's tests may import: they hold
// test helpers only and import nothing of the sandbox.
var testSupport = map[string]bool{
	"sandbox/internal/allocprof": true,
	"sandbox/internal/testenv":   true,
}

// pkg is one package of the module and the sandbox packages it imports:
// from its code, and from its tests.
type pkg struct {
	path        string
	imports     []string
	testImports []string
}

// violations lists every import that breaks the layering, one line each.
func violations(pkgs []pkg) []string {
	var bad []string
	for _, p := range pkgs {
		check := func(imp, what string, test bool) {
			switch {
			case strings.HasPrefix(imp, module+"cmd/"):
				bad = append(bad, fmt.Sprintf("%s %s %s: nothing imports a command", p.path, what, imp))
			case strings.HasPrefix(p.path, module+"engine/") && imp == window:
				bad = append(bad, fmt.Sprintf("%s %s %s: the engine sits below the window", p.path, what, imp))
			case bottom[p.path] && !bottom[imp] && !(test && testSupport[imp]):
				bad = append(bad, fmt.Sprintf("%s %s %s: loop, ccd and physics import only each other", p.path, what, imp))
			}
		}
		for _, imp := range p.imports {
			check(imp, "imports", false)
		}
		for _, imp := range p.testImports {
			check(imp, "tests import", true)
		}
	}
	return bad
}

// modulePackages reads the module's import graph from go list: each
// package with the sandbox packages its code and its tests import.
func modulePackages(t *testing.T) []pkg {
	t.Helper()
	cmd := exec.Command("go", "list", "-e", "-f",
		"{{.ImportPath}}\t{{join .Imports \" \"}}\t{{join .TestImports \" \"}} {{join .XTestImports \" \"}}", "sandbox/...")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.String())
	}
	own := func(list string) []string {
		var r []string
		for _, f := range strings.Fields(list) {
			if strings.HasPrefix(f, module) {
				r = append(r, f)
			}
		}
		sort.Strings(r)
		return r
	}
	var pkgs []pkg
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		if len(f) != 3 {
			t.Fatalf("go list line %q: want 3 tab-separated fields", sc.Text())
		}
		pkgs = append(pkgs, pkg{path: f[0], imports: own(f[1]), testImports: own(f[2])})
	}
	return pkgs
}

// The module keeps its layering: no package imports one above it.
func TestLayering(t *testing.T) {
	pkgs := modulePackages(t)
	seen := map[string]bool{}
	for _, p := range pkgs {
		seen[p.path] = true
	}
	for _, want := range []string{"sandbox/cmd/sandbox", window, "sandbox/engine/loop", "sandbox/engine/ccd", "sandbox/engine/physics"} {
		if !seen[want] {
			t.Fatalf("go list does not list %s: the layering is checked over the wrong packages", want)
		}
	}
	for _, v := range violations(pkgs) {
		t.Error(v)
	}
}

// Each rule catches the import it forbids, and allows what it allows.
func TestLayeringRules(t *testing.T) {
	for _, c := range []struct {
		name string
		p    pkg
		bad  bool
	}{
		{"engine imports the window", pkg{path: "sandbox/engine/ui", imports: []string{window}}, true},
		{"engine tests import the window", pkg{path: "sandbox/engine/gfx", testImports: []string{window}}, true},
		{"window imports the command", pkg{path: window, imports: []string{"sandbox/cmd/sandbox"}}, true},
		{"engine imports the command", pkg{path: "sandbox/engine/session", imports: []string{"sandbox/cmd/sandbox"}}, true},
		{"physics imports scene", pkg{path: "sandbox/engine/physics", imports: []string{"sandbox/engine/scene"}}, true},
		{"loop imports internal", pkg{path: "sandbox/engine/loop", imports: []string{"sandbox/internal/oneline"}}, true},
		{"ccd imports test support outside tests", pkg{path: "sandbox/engine/ccd", imports: []string{"sandbox/internal/testenv"}}, true},
		{"physics imports ccd", pkg{path: "sandbox/engine/physics", imports: []string{"sandbox/engine/ccd"}}, false},
		{"physics tests import test support", pkg{path: "sandbox/engine/physics", testImports: []string{"sandbox/internal/allocprof"}}, false},
		{"the command imports the window", pkg{path: "sandbox/cmd/sandbox", imports: []string{window, "sandbox/engine/loop"}}, false},
		{"the window imports the engine", pkg{path: window, imports: []string{"sandbox/engine/ui", "sandbox/engine/physics"}}, false},
	} {
		if got := violations([]pkg{c.p}); (len(got) > 0) != c.bad {
			t.Errorf("%s: violations %q; want bad = %v", c.name, got, c.bad)
		}
	}
}
