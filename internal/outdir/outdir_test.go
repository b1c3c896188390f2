package outdir

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func names(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out
}

func run(t *testing.T, dir string, force bool, files ...string) {
	t.Helper()
	d, err := Open(dir, "compare", force)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if err := d.WriteFile(f, []byte("data of "+f)); err != nil {
			t.Fatal(err)
		}
	}
	if err := d.Finish(); err != nil {
		t.Fatal(err)
	}
}

func readManifestFile(t *testing.T, dir, command string) manifest {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, ManifestName(command)))
	if err != nil {
		t.Fatal(err)
	}
	var m manifest
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// TestForceLeavesOneRun: a second run with force removes the files the first
// wrote and it does not (issue 32 #10), and keeps every other file: the
// user's own, another command's, and one of the first run's that was
// changed since.
func TestForceLeavesOneRun(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	run(t, dir, false, "a.csv", "b.csv", "changed.csv", "report.json")
	os.WriteFile(filepath.Join(dir, "mine.txt"), []byte("user"), 0o644)
	os.WriteFile(filepath.Join(dir, "changed.csv"), []byte("edited by the user"), 0o644)
	// Another command's run in the same folder is not this command's.
	sw, err := Open(dir, "sweep", true)
	if err != nil {
		t.Fatal(err)
	}
	sw.WriteFile("sweep.json", []byte("{}"))
	sw.Finish()

	run(t, dir, true, "a.csv", "report.json")
	want := []string{".sandbox-compare.json", ".sandbox-sweep.json", "a.csv", "changed.csv", "mine.txt", "report.json", "sweep.json"}
	if got := names(t, dir); !slices.Equal(got, want) {
		t.Fatalf("folder holds %v, want %v", got, want)
	}
	m := readManifestFile(t, dir, "compare")
	if !m.Complete || len(m.Files) != 2 {
		t.Fatalf("manifest %+v", m)
	}
}

func TestEmptyUnlessForce(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "x"), nil, 0o644)
	if _, err := Open(dir, "frames", false); err == nil || !strings.Contains(err.Error(), "not empty") {
		t.Fatalf("a non-empty folder without force: %v", err)
	}
	f := filepath.Join(dir, "x")
	if _, err := Open(f, "frames", true); err == nil {
		t.Fatal("a file was taken as a folder")
	}
}

// TestSecondRunRefused: two runs at once on one folder (issue 33): the
// second is refused while the first holds it, and may run after.
func TestSecondRunRefused(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "new")
	a, err := Open(dir, "compare", false)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Open(dir, "compare", true); !errors.Is(err, ErrBusy) {
		t.Fatalf("second run: %v, want ErrBusy", err)
	}
	if _, err := Open(dir, "sweep", false); !errors.Is(err, ErrBusy) {
		t.Fatalf("another command: %v, want ErrBusy", err)
	}
	a.WriteFile("report.json", []byte("{}"))
	a.Finish()
	if _, err := Open(dir, "compare", false); err == nil || errors.Is(err, ErrBusy) {
		t.Fatalf("after the first run, without force: %v, want not empty", err)
	}
	b, err := Open(dir, "compare", true)
	if err != nil {
		t.Fatal(err)
	}
	b.Abandon("test")
}

func TestCheckRefusesFolderAtOutput(t *testing.T) {
	dir := t.TempDir()
	os.Mkdir(filepath.Join(dir, "report.json"), 0o755)
	d, err := Open(dir, "compare", true)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Abandon("test")
	err = d.Check("a.csv", "report.json")
	if err == nil || !strings.Contains(err.Error(), "report.json") || !strings.Contains(err.Error(), "directory") {
		t.Fatalf("Check: %v", err)
	}
	if err := d.Check("../x"); err == nil {
		t.Fatal("a path outside the folder was accepted")
	}
}

// TestAbandonLeavesNoTemporaries: a run cut short removes its temporary
// files and its manifest says partial, with what it did write.
func TestAbandonLeavesNoTemporaries(t *testing.T) {
	dir := t.TempDir()
	d, err := Open(dir, "frames", false)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.WriteFile("done.csv", []byte("x")); err != nil {
		t.Fatal(err)
	}
	f, err := d.Create("half.csv")
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte("half"))
	d.Abandon("interrupted by SIGINT")
	if got := names(t, dir); !slices.Equal(got, []string{".sandbox-frames.json", "done.csv"}) {
		t.Fatalf("folder holds %v", got)
	}
	m := readManifestFile(t, dir, "frames")
	if m.Complete || m.Note != "interrupted by SIGINT" || len(m.Files) != 1 || m.Files[0].Name != "done.csv" {
		t.Fatalf("manifest %+v", m)
	}
	if _, err := d.Create("late.csv"); err == nil {
		t.Fatal("Create after Abandon")
	}
}

// TestNothingWrittenLeavesFolderAlone: a run that fails before writing
// leaves the previous run's files and manifest as they were.
func TestNothingWrittenLeavesFolderAlone(t *testing.T) {
	dir := t.TempDir()
	run(t, dir, false, "a.csv")
	d, err := Open(dir, "compare", true)
	if err != nil {
		t.Fatal(err)
	}
	d.Abandon("failed")
	if got := names(t, dir); !slices.Equal(got, []string{".sandbox-compare.json", "a.csv"}) {
		t.Fatalf("folder holds %v", got)
	}
	if m := readManifestFile(t, dir, "compare"); !m.Complete {
		t.Fatalf("the previous run's manifest changed: %+v", m)
	}
}
