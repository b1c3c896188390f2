package safeio

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// stepLog records what a File does to its temporary file and to the file
// system, in order, and does it.
type stepLog struct {
	steps []string
}

type loggedTemp struct {
	tempFile
	log *stepLog
}

func (l loggedTemp) Write(p []byte) (int, error) {
	l.log.steps = append(l.log.steps, "write")
	return l.tempFile.Write(p)
}

func (l loggedTemp) Sync() error {
	l.log.steps = append(l.log.steps, "sync")
	return l.tempFile.Sync()
}

func (l loggedTemp) Close() error {
	l.log.steps = append(l.log.steps, "close")
	return l.tempFile.Close()
}

type loggedFS struct {
	fileSystem
	log *stepLog
}

func (l loggedFS) Rename(oldpath, newpath string) error {
	l.log.steps = append(l.log.steps, "rename")
	return l.fileSystem.Rename(oldpath, newpath)
}

func (l loggedFS) Link(oldpath, newpath string) error {
	l.log.steps = append(l.log.steps, "link")
	return l.fileSystem.Link(oldpath, newpath)
}

func (l loggedFS) Remove(name string) error {
	l.log.steps = append(l.log.steps, "remove")
	return l.fileSystem.Remove(name)
}

// createLogged is Create with every step of the output recorded.
func createLogged(t *testing.T, path string) (*File, *stepLog) {
	t.Helper()
	f, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	log := &stepLog{}
	f.f = loggedTemp{f.f, log}
	f.fs = loggedFS{f.fs, log}
	return f, log
}

// A commit is durable only if the data reaches the disk before the name
// does: write, fsync, close, then rename (or link, for CommitNew). Without
// the fsync a crash just after the rename can leave an empty or partial
// file under the target's name, and nothing else would show it.
func TestCommitSyncsBeforeRename(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name   string
		commit func(*File) error
		want   []string
	}{
		{"Commit", (*File).Commit, []string{"write", "sync", "close", "rename"}},
		{"CommitAs", func(f *File) error { return f.CommitAs(filepath.Join(dir, "out.partial")) }, []string{"write", "sync", "close", "rename"}},
		{"CommitNew", (*File).CommitNew, []string{"write", "sync", "close", "link", "remove"}},
		{"Abort", func(f *File) error { f.Abort(); return nil }, []string{"write", "close", "remove"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := filepath.Join(dir, c.name+".out")
			f, log := createLogged(t, p)
			if _, err := f.Write([]byte("data")); err != nil {
				t.Fatal(err)
			}
			if err := c.commit(f); err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(log.steps, c.want) {
				t.Errorf("steps %v, want %v", log.steps, c.want)
			}
			if c.name == "Commit" || c.name == "CommitNew" {
				if got, _ := os.ReadFile(p); string(got) != "data" {
					t.Errorf("target holds %q, want %q", got, "data")
				}
			}
		})
	}
}
