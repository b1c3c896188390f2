package scene

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"sandbox/internal/safeio"
)

// builtinFS holds the built-in scenes, one NAME.json each, in the same
// format as scene files on disk.
//
//go:embed builtin/*.json
var builtinFS embed.FS

// DefaultName is the scene the sandbox starts with.
const DefaultName = "range"

// BuiltinNames lists the built-in scenes: the default first, then the rest
// in alphabetical order.
func BuiltinNames() []string {
	entries, err := builtinFS.ReadDir("builtin")
	if err != nil {
		panic(err) // the directory is embedded: it cannot be missing
	}
	names := []string{DefaultName}
	for _, e := range entries {
		if n, ok := strings.CutSuffix(e.Name(), ".json"); ok && n != DefaultName {
			names = append(names, n)
		}
	}
	return names
}

// Builtin parses the built-in scene called name.
func Builtin(name string) (*Scene, error) {
	if !slices.Contains(BuiltinNames(), name) {
		return nil, fmt.Errorf("%q: no such built-in scene (built-in scenes: %s)", name, strings.Join(BuiltinNames(), ", "))
	}
	file := path.Join("builtin", name+".json")
	data, err := builtinFS.ReadFile(file)
	if err != nil {
		return nil, err
	}
	return Parse(file, data)
}

// IsBuiltin reports whether Load takes nameOrPath as a built-in scene rather
// than a file.
func IsBuiltin(nameOrPath string) bool { return slices.Contains(BuiltinNames(), nameOrPath) }

// Load reads a built-in scene by name, or else a scene file by path. A bare
// built-in name wins over a file of the same name in the working directory;
// write ./range to load such a file. A file must be a regular file of at
// most MaxFileBytes: a FIFO or a device is refused without blocking, and a
// huge file without reading it. Every error is one line naming the file,
// quoted when its name holds characters a terminal would not print.
func Load(nameOrPath string) (*Scene, error) {
	if IsBuiltin(nameOrPath) {
		return Builtin(nameOrPath)
	}
	data, err := safeio.ReadRegular(nameOrPath, MaxFileBytes)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%s: no such scene file, and not a built-in scene (built-in scenes: %s)",
				oneLine(nameOrPath), strings.Join(BuiltinNames(), ", "))
		}
		return nil, fmt.Errorf("%s: cannot read the scene file: %v", oneLine(nameOrPath), err)
	}
	return Parse(nameOrPath, data)
}
