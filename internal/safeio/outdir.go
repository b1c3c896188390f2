package safeio

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// PrepareDir makes dir ready for a command's report files (compare, sweep,
// frames): it is created when missing; an existing folder must be empty
// unless force is set, so earlier results are never clobbered by accident.
// With force, files the command writes replace same-named ones atomically
// and every other file is left alone.
func PrepareDir(dir string, force bool) error {
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if err := os.MkdirAll(dir, 0o777); err != nil {
			return unwrapPath(err)
		}
		return writableDir(dir)
	case err != nil:
		return unwrapPath(err)
	case !fi.IsDir():
		return errors.New("is not a folder")
	}
	if !force {
		entries, err := os.ReadDir(dir)
		if err != nil {
			return unwrapPath(err)
		}
		if len(entries) > 0 {
			return fmt.Errorf("is not empty (%d entries; -force writes into it anyway)", len(entries))
		}
	}
	return writableDir(dir)
}
