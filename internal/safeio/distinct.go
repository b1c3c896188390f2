package safeio

import (
	"fmt"
	"os"
)

// Named is one file a run reads or writes, with the flag that names it.
type Named struct {
	Flag string // for messages, e.g. "-report"
	Path string // "" (unused) and Stdout are skipped
}

// Distinct refuses two files that resolve to the same file: a report written
// over its own trace, or over the scene it was made from. It compares
// resolved paths and, for files that exist, their identity (hard links).
func Distinct(files ...Named) error {
	type seen struct {
		Named
		target string
		info   os.FileInfo
	}
	var all []seen
	for _, f := range files {
		if f.Path == "" || f.Path == Stdout {
			continue
		}
		target, err := Resolve(f.Path)
		if err != nil {
			continue // the flag's own check reports it, naming the flag
		}
		s := seen{Named: f, target: target}
		s.info, _ = os.Stat(target)
		for _, o := range all {
			if o.target == s.target || (o.info != nil && s.info != nil && os.SameFile(o.info, s.info)) {
				return fmt.Errorf("%s %q and %s %q are the same file", o.Flag, o.Path, f.Flag, f.Path)
			}
		}
		all = append(all, s)
	}
	return nil
}
