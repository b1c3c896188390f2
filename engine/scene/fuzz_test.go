package scene

import (
	"errors"
	"strings"
	"testing"
)

// FuzzParse: whatever the bytes, Parse either refuses them with one
// *Error line that starts with the file name, or returns a scene that
// builds a world and a script without error (the loader's promise that
// nothing is half-loaded and a validated scene cannot fail later).
func FuzzParse(f *testing.F) {
	for _, name := range BuiltinNames() {
		data, err := builtinFS.ReadFile("builtin/" + name + ".json")
		if err != nil {
			f.Fatal(err)
		}
		if len(data) > 16<<10 {
			continue // the 1,000- to 5,050-body scenes: mutating them is slow and finds nothing new
		}
		f.Add(data)
	}
	f.Add([]byte(scriptScene))
	f.Add([]byte(doc(`"physics_hz": 1e999,`, ground, box, shot)))
	f.Add([]byte(doc("", ground, bodyWith(`"orientation": [1e-300, 0, 0, 0]`), teleportOf(9, "shot")+", "+shot)))
	f.Add([]byte(`{"statics": [], "bodies": [], "events": [{"tick": 0, "fire": {"name": "a\n", "from": [0,0,0], "direction": [0,0,1e-320], "speed": 1e308, "half": [1e-300,1,1]}}]}`))
	f.Add([]byte(`{"statics":[],"bodies":[],"x\u0000":[[[[[[[[1]]]]]]]]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Parse("fuzz.json", data)
		if err != nil {
			var e *Error
			msg := err.Error()
			if s != nil || !errors.As(err, &e) || strings.ContainsAny(msg, "\n\r") || !strings.HasPrefix(msg, "fuzz.json: ") {
				t.Fatalf("bad refusal %T %q (scene %v)", err, msg, s != nil)
			}
			return
		}
		w, err := s.NewWorld(nil)
		if err != nil {
			t.Fatalf("a validated scene failed to build: %v", err)
		}
		sc := s.NewScript(w)
		if sc.Len() != len(s.Events) {
			t.Fatalf("script holds %d of %d events", sc.Len(), len(s.Events))
		}
	})
}

// FuzzScanner: the scanner accepts exactly what the Token reader accepts,
// and builds the same tree (checkSameTree), so a file is read the same way
// and refused with the same line whichever reads it.
func FuzzScanner(f *testing.F) {
	for _, name := range BuiltinNames() {
		data, err := builtinFS.ReadFile("builtin/" + name + ".json")
		if err != nil {
			f.Fatal(err)
		}
		if len(data) <= 16<<10 {
			f.Add(data)
		}
	}
	for _, c := range refusalCases {
		f.Add([]byte(c))
	}
	for _, c := range edgeValues {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, data []byte) { checkSameTree(t, data) })
}
