//go:build cgo

package window

import (
	"math"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"sandbox/engine/physics"
	"sandbox/engine/scene"
	"sandbox/engine/ui"
)

// readmeKeys returns the first column of the "## Keys" table of the
// window's reference page (docs/window.md, linked from the README),
// without the backticks.
func readmeKeys(t *testing.T) []string {
	t.Helper()
	data, err := os.ReadFile("../../docs/window.md")
	if err != nil {
		t.Fatal(err)
	}
	return keyTableKeys(t, string(data))
}

// keyTableKeys returns the first column of the "## Keys" table in a
// markdown text.
func keyTableKeys(t *testing.T, text string) []string {
	t.Helper()
	_, section, ok := strings.Cut(text, "\n## Keys\n")
	if !ok {
		t.Fatal("no '## Keys' section")
	}
	if end := strings.Index(section, "\n## "); end >= 0 {
		section = section[:end]
	}
	var keys []string
	for _, line := range strings.Split(section, "\n") {
		line = strings.TrimSpace(line)
		if !strings.HasPrefix(line, "|") {
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		key := strings.TrimSpace(cells[0])
		if key == "key" || strings.Trim(key, "-: ") == "" { // header and separator rows
			continue
		}
		keys = append(keys, strings.Trim(key, "`"))
	}
	return keys
}

// The key list exists once (ui.KeyHelp, shown by F1); docs/window.md's key
// table must hold exactly its keys, so that neither drifts from the other.
func TestKeyHelpMatchesREADME(t *testing.T) {
	readme := readmeKeys(t)
	if len(readme) == 0 {
		t.Fatal("docs/window.md's key table is empty")
	}
	for _, k := range ui.KeyHelp {
		if !slices.Contains(readme, k.Key) {
			t.Errorf("docs/window.md's key table lacks `%s` (%s)", k.Key, k.Action)
		}
	}
	for _, k := range readme {
		if !slices.ContainsFunc(ui.KeyHelp, func(b ui.KeyBinding) bool { return b.Key == k }) {
			t.Errorf("docs/window.md's key table lists `%s`, which ui.KeyHelp does not have", k)
		}
	}
}

// keyTable is ui.KeyHelp as docs/window.md's markdown table.
func keyTable() string {
	var b strings.Builder
	b.WriteString("| key | what it does |\n|---|---|\n")
	for _, k := range ui.KeyHelp {
		b.WriteString("| `" + k.Key + "` | " + k.Action + " |\n")
	}
	return b.String()
}

// The table docs/window.md needs parses back to ui.KeyHelp's keys (run with
// -v to print it).
func TestKeyTableMarkdown(t *testing.T) {
	table := keyTable()
	got := keyTableKeys(t, "# x\n\n## Keys\n\n"+table+"\n## Next\n| `not a key` | |\n")
	var want []string
	for _, k := range ui.KeyHelp {
		want = append(want, k.Key)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("keys parsed from the table %q, want %q", got, want)
	}
	t.Log("\n" + table)
}

// The panel's stage plots are physics.Profile's int64 fields, in order,
// Total left out, and its solver tab SolverProfile's fields: a stage added
// to the profile must be added to the panel.
func TestStageNamesFollowProfile(t *testing.T) {
	var p physics.Profile
	stages, solver := fieldNames(t, reflect.ValueOf(&p).Elem(), 100), fieldNames(t, reflect.ValueOf(&p.SolverStages).Elem(), 200)
	gotStages, gotSolver := stageNanos(p)
	for _, c := range []struct {
		what   string
		names  []string
		fields []field
		got    [ui.MaxStages]int64
	}{{"stage", stageNames, stages, gotStages}, {"solver", solverNames, solver, gotSolver}} {
		if len(c.names) != len(c.fields) || len(c.names) > ui.MaxStages {
			t.Fatalf("%d %s names for %d fields (the panel holds %d)", len(c.names), c.what, len(c.fields), ui.MaxStages)
		}
		for k, f := range c.fields {
			if strings.ReplaceAll(c.names[k], " ", "") != strings.ToLower(f.name) {
				t.Errorf("%s name %d %q, want the field %s", c.what, k, c.names[k], f.name)
			}
			if c.got[k] != f.value {
				t.Errorf("%s %d (%s) = %d, want %d", c.what, k, f.name, c.got[k], f.value)
			}
		}
	}
}

type field struct {
	name  string
	value int64
}

// fieldNames sets v's int64 fields but Total to base, base+1, ... and
// returns their names and values in order.
func fieldNames(t *testing.T, v reflect.Value, base int64) []field {
	t.Helper()
	var out []field
	for i := 0; i < v.NumField(); i++ {
		f := v.Type().Field(i)
		if f.Type.Kind() != reflect.Int64 || f.Name == "Total" {
			continue
		}
		v.Field(i).SetInt(base + int64(i))
		out = append(out, field{f.Name, base + int64(i)})
	}
	return out
}

// The panel's slider limits agree with the app's own.
func TestPanelLimitsFollowApp(t *testing.T) {
	if minShotHalf*2 != ui.MinShotSize || maxShotHalf*2 != ui.MaxShotSize {
		t.Errorf("shot sizes %g..%g m, the panel's slider %g..%g m", minShotHalf*2, maxShotHalf*2, ui.MinShotSize, ui.MaxShotSize)
	}
}

func TestNextTimeScale(t *testing.T) {
	for _, c := range []struct {
		cur  float64
		dir  int
		want float64
	}{
		{1, 1, 2}, {1, -1, 0.5}, {2, 1, 2}, {0.05, -1, 0.05},
		{0.7, 1, 1}, {0.7, -1, 0.5}, // from a slider value between steps
		{float64(float32(0.1)), 1, 0.25}, {float64(float32(0.1)), -1, 0.05}, // float32 round trip
	} {
		if got := nextTimeScale(c.cur, c.dir); got != c.want {
			t.Errorf("nextTimeScale(%g, %d) = %g, want %g", c.cur, c.dir, got, c.want)
		}
	}
}

// The default view holds every corner of the scene's bodies and walls
// inside the view, and is as close as that allows: some corner touches
// the margin.
func TestHomeViewFitsScene(t *testing.T) {
	for _, name := range scene.BuiltinNames() {
		sc, err := scene.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		w, err := sc.NewWorld(nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, size := range [][2]int{{900, 520}, {1280, 720}, {400, 600}} {
			var c camera
			c.frameWorld(w, float64(size[0])/float64(size[1]))
			if c.target[1] < 0 || c.distance < minDistance || c.distance > maxDistance || c.fly {
				t.Errorf("%s %v: home target %v distance %g fly %v", name, size, c.target, c.distance, c.fly)
			}
			if len(c.points) < 8*w.NumBodies() {
				t.Fatalf("%s: %d points for %d bodies", name, len(c.points), w.NumBodies())
			}
			cam := c.view()
			edge := 0.0
			for _, p := range c.points {
				x, y, ok := cam.Project(p, size[0], size[1])
				nx, ny := 2*x/float64(size[0])-1, 1-2*y/float64(size[1])
				if !ok || math.Abs(nx) > homeMargin+1e-3 || math.Abs(ny) > homeMargin+1e-3 {
					t.Errorf("%s %v: corner %v at NDC (%.3f, %.3f), want within %g", name, size, p, nx, ny, homeMargin)
				}
				edge = math.Max(edge, math.Max(math.Abs(nx), math.Abs(ny)))
			}
			if edge < homeMargin-1e-3 {
				t.Errorf("%s %v: the scene reaches only %.3f of the view, want %g: the camera could be nearer", name, size, edge, homeMargin)
			}
		}
	}
}

// The default view follows the view's shape until the user moves the
// camera; then it stays where the user put it.
func TestHomeViewFollowsViewShape(t *testing.T) {
	sc, err := scene.Load("range")
	if err != nil {
		t.Fatal(err)
	}
	w, err := sc.NewWorld(nil)
	if err != nil {
		t.Fatal(err)
	}
	var c camera
	c.frameWorld(w, 2)
	wide := c.home
	c.keepFitted(1)
	if !c.atHome() || c.home == wide || c.homeAspect != 1 {
		t.Fatalf("at home, a square view kept the wide fit %+v", c.home)
	}
	c.zoom(1)
	moved := c.distance
	c.keepFitted(2)
	if c.distance != moved || c.homeAspect != 1 {
		t.Fatalf("a moved camera was refitted: distance %g -> %g", moved, c.distance)
	}
}
