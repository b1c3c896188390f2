package outdir

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"syscall"

	"sandbox/internal/safeio"
)

// Dir is a command's output folder, taken for one run (Open) until Finish
// or Abandon.
type Dir struct {
	path, command string
	lock          *os.File // the folder, held with flock for the run
	old           []Entry  // what the previous run of the command wrote

	mu      sync.Mutex
	begun   bool // the previous run's files are gone, the manifest is ours
	done    bool
	wrote   []Entry
	pending map[*File]bool // temporary files neither committed nor aborted
}

// ErrBusy is Open's error when another command holds the folder.
var ErrBusy = errors.New("another sandbox command is writing into this folder now")

// Open takes dir for one run of command: it creates the folder when it is
// missing, locks it (ErrBusy when another run holds it), refuses a folder
// that is not empty unless force is set, proves that files can be created
// in it, and reads the manifest of the command's previous run there.
// Errors do not name the folder: the caller's message does, with its flag.
func Open(dir, command string, force bool) (*Dir, error) {
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if err := os.MkdirAll(dir, 0o777); err != nil {
			return nil, unwrapPath(err)
		}
	case err != nil:
		return nil, unwrapPath(err)
	case !fi.IsDir():
		return nil, errors.New("is not a folder")
	}
	lock, err := os.Open(dir)
	if err != nil {
		return nil, unwrapPath(err)
	}
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		lock.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, ErrBusy
		}
		return nil, fmt.Errorf("cannot lock it: %v", err)
	}
	d := &Dir{path: dir, command: command, lock: lock, pending: map[*File]bool{}}
	// Under the lock: a folder another run has just filled is seen full.
	if err := d.check(force); err != nil {
		lock.Close()
		return nil, err
	}
	return d, nil
}

func (d *Dir) check(force bool) error {
	manifest := filepath.Join(d.path, ManifestName(d.command))
	if !force {
		entries, err := os.ReadDir(d.path)
		if err != nil {
			return unwrapPath(err)
		}
		if len(entries) > 0 && readManifest(manifest, d.command) != nil {
			return fmt.Errorf("is not empty: it holds an earlier %s run (%d entries; -force replaces that run's files and keeps the rest)", d.command, len(entries))
		}
		if len(entries) > 0 {
			return fmt.Errorf("is not empty (%d entries; -force writes into it anyway)", len(entries))
		}
	}
	if err := safeio.CheckOutput(manifest); err != nil {
		return err
	}
	d.old = readManifest(manifest, d.command)
	return nil
}

// Path is the path of name in the folder.
func (d *Dir) Path(name string) string { return filepath.Join(d.path, name) }

// Check refuses, before anything runs, an output name that cannot be
// written: a folder, FIFO, device or socket standing at its path.
func (d *Dir) Check(names ...string) error {
	for _, n := range names {
		if err := checkName(n); err != nil {
			return err
		}
		if err := safeio.CheckOutput(d.Path(n)); err != nil {
			return fmt.Errorf("%s: %v", n, err)
		}
	}
	return nil
}

// checkName refuses an output name that is not a plain file name.
func checkName(n string) error {
	if n == "" || n == "." || n == ".." || filepath.Base(n) != n {
		return fmt.Errorf("%q is not a file name", n)
	}
	return nil
}

// Create starts output name: a temporary file in the folder that becomes
// name on Commit (or Close). The first Create clears the previous run.
func (d *Dir) Create(name string) (*File, error) {
	if err := checkName(name); err != nil {
		return nil, err
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.done {
		return nil, fmt.Errorf("%s: the output folder is closed", name)
	}
	if err := d.begin(); err != nil {
		return nil, err
	}
	f, err := safeio.Create(d.Path(name))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	file := &File{d: d, name: name, f: f}
	d.pending[file] = true
	return file, nil
}

// WriteFile writes name whole (Create, Write, Commit).
func (d *Dir) WriteFile(name string, data []byte) error {
	f, err := d.Create(name)
	if err != nil {
		return err
	}
	defer f.Abort()
	if _, err := f.Write(data); err != nil {
		return fmt.Errorf("%s: %v", name, unwrapPath(err))
	}
	return f.Commit()
}

// Written lists the names the run has committed, in order.
func (d *Dir) Written() []string {
	d.mu.Lock()
	defer d.mu.Unlock()
	names := make([]string, len(d.wrote))
	for i, e := range d.wrote {
		names[i] = e.Name
	}
	return names
}

// Touched reports whether the run has changed the folder: once it starts
// writing, the previous run's files are gone and the manifest is this
// run's. Before, the folder is as the run found it.
func (d *Dir) Touched() bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.begun
}

// Finish records the run as complete and releases the folder.
func (d *Dir) Finish() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.done {
		return errors.New("the output folder is closed")
	}
	err := d.begin()
	if err == nil {
		err = d.writeManifest(true, "")
	}
	d.release()
	return err
}

// Abandon ends a run that did not finish: its temporary files are removed,
// the manifest (when the run wrote anything) says the run is partial and
// why, and the folder is released. It does nothing after Finish, so a
// deferred Abandon is always safe.
func (d *Dir) Abandon(note string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.done {
		return
	}
	for f := range d.pending {
		f.f.Abort()
	}
	clear(d.pending)
	if d.begun {
		d.writeManifest(false, note) // best effort: the run has failed already
	}
	d.release()
}

func (d *Dir) release() {
	d.done = true
	d.lock.Close() // closing the descriptor drops the flock
}

// unwrapPath drops the operation and path *fs.PathError adds: the caller's
// message names the folder already.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
