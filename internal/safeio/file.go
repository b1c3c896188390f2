package safeio

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync/atomic"
)

// File is an output being written: a temporary file beside its target that
// becomes the target only on Commit. Until then the target (if any) is
// untouched, whatever happens to the run.
type File struct {
	f      tempFile
	fs     fileSystem
	target string // the resolved path Commit renames onto
	done   bool
}

// tempFile is what File does with its temporary file: an *os.File, which
// the package's tests wrap to see the order of the steps (a missing fsync
// is invisible otherwise).
type tempFile interface {
	Write(p []byte) (int, error)
	Sync() error
	Close() error
	Name() string
}

// fileSystem is how File publishes and removes its temporary file: osFS,
// or in the package's tests a recorder of the steps.
type fileSystem interface {
	Rename(oldpath, newpath string) error
	Link(oldpath, newpath string) error
	Remove(name string) error
}

// osFS is the real file system.
type osFS struct{}

func (osFS) Rename(oldpath, newpath string) error { return os.Rename(oldpath, newpath) }
func (osFS) Link(oldpath, newpath string) error   { return os.Link(oldpath, newpath) }
func (osFS) Remove(name string) error             { return os.Remove(name) }

// Create starts an output for path (see Resolve: a symbolic link is
// followed). The temporary file is created in the target's folder, so the
// final rename is atomic, with the target's permissions when it exists and
// 0666 less the umask otherwise.
func Create(path string) (*File, error) {
	target, err := Resolve(path)
	if err != nil {
		return nil, err
	}
	if err := checkKind(target); err != nil {
		return nil, err
	}
	f, err := createTemp(target)
	if err != nil {
		return nil, err
	}
	if fi, err := os.Stat(target); err == nil {
		// Keep the user's permissions on the file being replaced.
		if err := f.Chmod(fi.Mode().Perm()); err != nil {
			f.Close()
			os.Remove(f.Name())
			return nil, unwrapPath(err)
		}
	}
	return &File{f: f, fs: osFS{}, target: target}, nil
}

var tempSerial atomic.Uint64

// createTemp makes a new, empty file named .BASE.PID-N.tmp beside target.
// O_EXCL guarantees that the file is the program's own, and mode 0666 lets
// the umask apply as it does for any file the user creates.
func createTemp(target string) (*os.File, error) {
	dir, base := filepath.Dir(target), filepath.Base(target)
	for {
		name := filepath.Join(dir, fmt.Sprintf(".%s.%d-%d.tmp", base, os.Getpid(), tempSerial.Add(1)))
		f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return nil, unwrapPath(err)
		}
		return f, nil
	}
}

// Write writes to the temporary file.
func (o *File) Write(p []byte) (int, error) { return o.f.Write(p) }

// Target is the resolved path Commit writes.
func (o *File) Target() string { return o.target }

// Commit makes the output the target: fsync, close, rename, fsync the
// folder. After Commit, Abort does nothing.
func (o *File) Commit() error { return o.CommitAs(o.target) }

// CommitAs is Commit under another name in the same folder, such as
// NAME.partial for an output cut short by a signal.
func (o *File) CommitAs(target string) error {
	if o.done {
		return errors.New("output already finished")
	}
	o.done = true
	err := o.f.Sync()
	if cerr := o.f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = o.fs.Rename(o.f.Name(), target)
	}
	if err != nil {
		o.fs.Remove(o.f.Name())
		return unwrapPath(err)
	}
	syncDir(filepath.Dir(target))
	return nil
}

// CommitNew is Commit for a target that must not exist yet (an F12
// screenshot named by the time): the complete file is hard-linked to the
// target, which fails if anything is there, and the temporary name is
// removed. An existing file is never replaced.
func (o *File) CommitNew() error {
	if o.done {
		return errors.New("output already finished")
	}
	o.done = true
	err := o.f.Sync()
	if cerr := o.f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = o.fs.Link(o.f.Name(), o.target)
	}
	o.fs.Remove(o.f.Name())
	if err != nil {
		return unwrapPath(err)
	}
	syncDir(filepath.Dir(o.target))
	return nil
}

// Abort discards the output: it closes and removes the temporary file, which
// the program created, and nothing else. It does nothing after Commit, so a
// deferred Abort is always safe.
func (o *File) Abort() {
	if o == nil || o.done {
		return
	}
	o.done = true
	o.f.Close()
	o.fs.Remove(o.f.Name())
}

// syncDir makes a rename durable. Errors are ignored: some file systems do
// not support fsync on a folder, and the rename itself has succeeded.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// WriteFile writes data to path atomically (Create, Write, Commit).
func WriteFile(path string, data []byte) error {
	f, err := Create(path)
	if err != nil {
		return err
	}
	defer f.Abort()
	if _, err := f.Write(data); err != nil {
		return unwrapPath(err)
	}
	return f.Commit()
}
