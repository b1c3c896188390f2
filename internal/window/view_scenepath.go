package window

import (
	"os"
	"path/filepath"
	"strings"
)

// maxEntryPath is the longest path, in bytes, the scene browser shows for
// a file entry; longer ones keep their last directories and the name.
const maxEntryPath = 44

// fileEntryLabel is the scene browser's entry for a scene read from file:
// its path, short, so that a file named like a built-in scene (pile.json)
// is not a second "pile"; the scene's name follows when the file names
// it otherwise.
func fileEntryLabel(name, file string) string {
	wd, _ := os.Getwd()
	home, _ := os.UserHomeDir()
	label := shortPath(file, wd, home, maxEntryPath)
	if base := strings.TrimSuffix(filepath.Base(file), filepath.Ext(file)); name != base {
		label += " (" + name + ")"
	}
	return label
}

// shortPath is p as a user would type it from wd: relative when it lies
// under wd, from ~ when under home, absolute otherwise; past max bytes,
// leading directories give way to ".../" (the file name always stays).
func shortPath(p, wd, home string, max int) string {
	abs := p
	if !filepath.IsAbs(abs) && wd != "" {
		abs = filepath.Join(wd, abs)
	}
	abs = filepath.Clean(abs)
	short := abs
	if r, ok := under(abs, wd); ok {
		short = r
	} else if r, ok := under(abs, home); ok {
		short = filepath.Join("~", r)
	}
	if len(short) <= max {
		return short
	}
	parts := strings.Split(short, string(filepath.Separator))
	keep := parts[len(parts)-1]
	for i := len(parts) - 2; i >= 0; i-- {
		next := parts[i] + string(filepath.Separator) + keep
		if len(next)+4 > max {
			break
		}
		keep = next
	}
	return "..." + string(filepath.Separator) + keep
}

// under is abs relative to dir when abs lies inside dir.
func under(abs, dir string) (string, bool) {
	if dir == "" {
		return "", false
	}
	r, err := filepath.Rel(dir, abs)
	if err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) || filepath.IsAbs(r) {
		return "", false
	}
	return r, true
}
