package outdir

import (
	"fmt"
	"os"
	"slices"

	"sandbox/internal/safeio"
)

// File is one output being written into the folder.
type File struct {
	d    *Dir
	name string
	f    *safeio.File
}

// Write writes to the temporary file.
func (f *File) Write(p []byte) (int, error) { return f.f.Write(p) }

// Commit makes the file name and records it in the manifest.
func (f *File) Commit() error {
	d := f.d
	d.mu.Lock()
	defer d.mu.Unlock()
	if !d.pending[f] {
		return fmt.Errorf("%s: already finished", f.name)
	}
	delete(d.pending, f)
	if err := f.f.Commit(); err != nil {
		return fmt.Errorf("%s: %v", f.name, err)
	}
	e := Entry{Name: f.name}
	if fi, err := os.Lstat(d.Path(f.name)); err == nil {
		e.Size, e.ModNanos = fi.Size(), fi.ModTime().UnixNano()
	}
	d.wrote = slices.DeleteFunc(d.wrote, func(o Entry) bool { return o.Name == f.name })
	d.wrote = append(d.wrote, e)
	return d.writeManifest(false, "the run is under way or did not finish")
}

// Close is Commit, so that a File is an io.WriteCloser.
func (f *File) Close() error { return f.Commit() }

// Abort removes the temporary file; it does nothing after Commit.
func (f *File) Abort() {
	d := f.d
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.pending[f] {
		delete(d.pending, f)
		f.f.Abort()
	}
}
