package safeio

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func write(t *testing.T, path, data string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// onlyFiles fails when dir holds anything but want (a left-over temporary).
func onlyFiles(t *testing.T, dir string, want ...string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		got = append(got, e.Name())
	}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Fatalf("%s holds %v, want %v", dir, got, want)
	}
}

func TestCommitReplacesAbortKeeps(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "r.json")
	write(t, p, "good")

	f, err := Create(p)
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte("half"))
	if got := read(t, p); got != "good" {
		t.Fatalf("target changed before commit: %q", got)
	}
	f.Abort()
	if got := read(t, p); got != "good" {
		t.Fatalf("abort changed the target: %q", got)
	}
	onlyFiles(t, dir, "r.json")

	if err := WriteFile(p, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if got := read(t, p); got != "new" {
		t.Fatalf("after commit %q", got)
	}
	onlyFiles(t, dir, "r.json")
}

func TestCommitKeepsPermissions(t *testing.T) {
	p := filepath.Join(t.TempDir(), "r.json")
	write(t, p, "x")
	if err := os.Chmod(p, 0o640); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(p, []byte("y")); err != nil {
		t.Fatal(err)
	}
	fi, _ := os.Stat(p)
	if fi.Mode().Perm() != 0o640 {
		t.Fatalf("mode %v, want 0640", fi.Mode().Perm())
	}
}

func TestSymlinkIsFollowedAndKept(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real.json")
	link := filepath.Join(dir, "link.json")
	write(t, real, "old")
	if err := os.Symlink("real.json", link); err != nil {
		t.Fatal(err)
	}
	f, err := Create(link)
	if err != nil {
		t.Fatal(err)
	}
	f.Abort()
	if got := read(t, real); got != "old" {
		t.Fatalf("abort through a link truncated its target: %q", got)
	}
	if err := WriteFile(link, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link was replaced: %v %v", fi, err)
	}
	if got := read(t, real); got != "new" {
		t.Fatalf("target %q", got)
	}
}

func TestNonRegularOutputsRefused(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	cases := map[string]string{dir: "directory", fifo: "FIFO"}
	if os.Geteuid() == 0 {
		// A device node of the test's own, never a system path: /dev/null's numbers.
		dev := filepath.Join(dir, "null")
		if err := syscall.Mknod(dev, syscall.S_IFCHR|0o666, 1<<8|3); err != nil {
			t.Fatal(err)
		}
		cases[dev] = "device"
	} else {
		t.Log("not root: the device-node case is skipped")
	}
	for path, kind := range cases {
		if err := CheckOutput(path); err == nil || !strings.Contains(err.Error(), kind) {
			t.Errorf("CheckOutput(%s) = %v, want a %s refusal", path, err, kind)
		}
		if f, err := Create(path); err == nil {
			f.Abort()
			t.Errorf("Create(%s) accepted a %s", path, kind)
		}
		if _, err := os.Lstat(path); err != nil {
			t.Errorf("%s is gone after the refusal: %v", path, err)
		}
	}
	if err := CheckOutput(filepath.Join(dir, "missing", "r.json")); err == nil {
		t.Error("a missing folder was accepted")
	}
	for _, p := range []string{"", Stdout} {
		if err := CheckOutput(p); err != nil {
			t.Errorf("CheckOutput(%q) = %v", p, err)
		}
	}
}

func TestReadRegular(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "s.json")
	write(t, p, "0123456789")
	if b, err := ReadRegular(p, 10); err != nil || string(b) != "0123456789" {
		t.Fatalf("got %q, %v", b, err)
	}
	if _, err := ReadRegular(p, 9); err == nil || !strings.Contains(err.Error(), "limit") {
		t.Fatalf("over the limit: %v", err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { _, err := ReadRegular(fifo, 10); done <- err }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "FIFO") {
			t.Fatalf("FIFO: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("reading a FIFO blocked")
	}
	if _, err := ReadRegular(dir, 10); err == nil {
		t.Fatal("a directory was read")
	}
}

func TestDistinct(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.json")
	write(t, a, "x")
	hard := filepath.Join(dir, "hard.json")
	if err := os.Link(a, hard); err != nil {
		t.Fatal(err)
	}
	soft := filepath.Join(dir, "soft.json")
	if err := os.Symlink(a, soft); err != nil {
		t.Fatal(err)
	}
	same := [][2]string{
		{a, a},
		{a, filepath.Join(dir, ".", "a.json")},
		{a, hard},
		{a, soft},
		{filepath.Join(dir, "new.json"), filepath.Join(dir, "sub", "..", "new.json")},
	}
	os.Mkdir(filepath.Join(dir, "sub"), 0o755)
	for _, c := range same {
		if err := Distinct(Named{"-report", c[0]}, Named{"-trace", c[1]}); err == nil {
			t.Errorf("%s and %s were taken as distinct", c[0], c[1])
		}
	}
	if err := Distinct(Named{"-report", a}, Named{"-trace", filepath.Join(dir, "b.json")},
		Named{"-stats", Stdout}, Named{"-x", Stdout}, Named{"-y", ""}); err != nil {
		t.Errorf("distinct files refused: %v", err)
	}
}

func TestCommitNewNeverReplaces(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "shot.png")
	f, err := Create(p)
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte("first"))
	if err := f.CommitNew(); err != nil {
		t.Fatal(err)
	}
	f, err = Create(p)
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte("second"))
	if err := f.CommitNew(); err == nil {
		t.Fatal("CommitNew replaced an existing file")
	}
	if got := read(t, p); got != "first" {
		t.Fatalf("target %q", got)
	}
	onlyFiles(t, dir, "shot.png")
}

// TestOpenStream: a stream of a regular file within the limit reads whole;
// a larger file, a FIFO and a folder are refused at open.
func TestOpenStream(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "t.jsonl")
	write(t, p, "0123456789")
	r, err := OpenStream(p, 10)
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(r)
	r.Close()
	if err != nil || string(b) != "0123456789" {
		t.Fatalf("got %q, %v", b, err)
	}
	if _, err := OpenStream(p, 9); err == nil || !strings.Contains(err.Error(), "limit") {
		t.Fatalf("over the limit: %v", err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := OpenStream(fifo, 10); err == nil || !strings.Contains(err.Error(), "FIFO") {
		t.Fatalf("FIFO: %v", err)
	}
	if _, err := OpenStream(dir, 10); err == nil {
		t.Fatal("a folder was opened")
	}
}
