package safeio

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Stdout is the output path that means standard output.
const Stdout = "-"

// Resolve returns the file an output path will really write: the path itself,
// or, when it is a symbolic link, the file the link points to (a link to a
// missing file resolves to that missing file's path). It does not require the
// file to exist, only its directory.
func Resolve(path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	for hops := 0; hops < 40; hops++ {
		fi, err := os.Lstat(abs)
		if errors.Is(err, fs.ErrNotExist) {
			dir, err := filepath.EvalSymlinks(filepath.Dir(abs))
			if err != nil {
				return "", fmt.Errorf("folder %q: %w", filepath.Dir(path), unwrapPath(err))
			}
			return filepath.Join(dir, filepath.Base(abs)), nil
		}
		if err != nil {
			return "", unwrapPath(err)
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			dir, err := filepath.EvalSymlinks(filepath.Dir(abs))
			if err != nil {
				return "", unwrapPath(err)
			}
			return filepath.Join(dir, filepath.Base(abs)), nil
		}
		link, err := os.Readlink(abs)
		if err != nil {
			return "", unwrapPath(err)
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(filepath.Dir(abs), link)
		}
		abs = filepath.Clean(link)
	}
	return "", errors.New("too many levels of symbolic links")
}

// CheckOutput refuses, before anything runs, an output path the program must
// not or cannot write: a directory, device, FIFO or socket (or a link to
// one), or a folder that does not exist or cannot be written. "" (no output)
// and Stdout are accepted. It creates and removes one temporary file of its
// own in the target's folder to prove that the folder is writable; the
// target itself is not touched.
func CheckOutput(path string) error {
	if path == "" || path == Stdout {
		return nil
	}
	target, err := Resolve(path)
	if err != nil {
		return err
	}
	if err := checkKind(target); err != nil {
		return err
	}
	return writableDir(filepath.Dir(target))
}

// writableDir proves that files can be created in dir by creating one
// temporary file of the program's own there and removing it again.
func writableDir(dir string) error {
	f, err := createTemp(filepath.Join(dir, "probe"))
	if err != nil {
		return err
	}
	name := f.Name()
	f.Close()
	return os.Remove(name)
}

// checkKind refuses an existing target that is not a regular file.
func checkKind(target string) error {
	fi, err := os.Stat(target)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return unwrapPath(err)
	}
	if kind := notRegular(fi.Mode()); kind != "" {
		return fmt.Errorf("is a %s, not a regular file", kind)
	}
	return nil
}

// notRegular names what a non-regular file is, or returns "".
func notRegular(m fs.FileMode) string {
	switch {
	case m.IsRegular():
		return ""
	case m.IsDir():
		return "directory"
	case m&fs.ModeNamedPipe != 0:
		return "FIFO"
	case m&fs.ModeSocket != 0:
		return "socket"
	case m&fs.ModeDevice != 0:
		return "device"
	default:
		return "special file"
	}
}

// unwrapPath drops the operation and path that *fs.PathError adds, since the
// caller's message names the path (quoted) already.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
