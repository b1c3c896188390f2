package scene

import (
	"fmt"
	"os"
	"path"
	"slices"
)

// LoadSource is Load that also returns the bytes the scene was parsed
// from, so that a recording can embed the scene exactly as it was read.
func LoadSource(nameOrPath string) (*Scene, []byte, error) {
	if slices.Contains(BuiltinNames(), nameOrPath) {
		data, err := builtinFS.ReadFile(path.Join("builtin", nameOrPath+".json"))
		if err != nil {
			return nil, nil, err
		}
		sc, err := Builtin(nameOrPath)
		return sc, data, err
	}
	data, err := os.ReadFile(nameOrPath)
	if err != nil {
		if _, lerr := Load(nameOrPath); lerr != nil {
			return nil, nil, lerr // Load's one-line message naming the file
		}
		return nil, nil, fmt.Errorf("%s: cannot read the scene file: %v", oneLine(nameOrPath), err)
	}
	// Parsed from these very bytes: the scene and what is embedded agree.
	sc, err := Parse(nameOrPath, data)
	return sc, data, err
}
