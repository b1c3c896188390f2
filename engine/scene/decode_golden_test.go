package scene

import (
	"crypto/sha256"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var updateDecodeGolden = flag.Bool("update-decode", false, "rewrite testdata/builtin-decoded.sha256 and testdata/refusals.golden from this build's reader")

// The goldens below were written by the reader that built a heap object per
// JSON value, before the compact tree replaced it: a change of how the file
// is read must not change what it decodes to, or a single refusal line.

// TestBuiltinScenesDecodeAsBefore: every built-in scene decodes to the same
// Scene value, compared by a hash of its Go-syntax printing (floats in the
// shortest form that reads back exactly, so the hash sees every bit).
func TestBuiltinScenesDecodeAsBefore(t *testing.T) {
	var got strings.Builder
	for _, name := range BuiltinNames() {
		s := mustLoad(t, name)
		if s.Solver.Clock != nil {
			t.Fatalf("%s: a scene sets no clock", name)
		}
		fmt.Fprintf(&got, "%s %x\n", name, sha256.Sum256(fmt.Appendf(nil, "%#v", *s)))
	}
	compareGolden(t, "builtin-decoded.sha256", got.String())
}

// refusalCases are malformed scenes, one per way the reader refuses a file
// (and several places in the file for each), for TestRefusalsAsBefore.
var refusalCases = []string{
	``,
	` `,
	"\n\n  ",
	`{`,
	`[`,
	`"`,
	`{"statics"`,
	`{"statics":`,
	`{"statics": [`,
	`{"statics": [1,`,
	`{"statics": [], "bodies": []`,
	`{"statics": [], "bodies": []}}`,
	`{"statics": [], "bodies": []} x`,
	`{"statics": [], "bodies": []} {}`,
	`{"statics": [], "bodies": []} 1`,
	`{"statics": [], "bodies": []}` + "\n\n  ]",
	`{"statics": [], "bodies": [],}`,
	`{"statics": [1,], "bodies": []}`,
	`{"statics": [,1], "bodies": []}`,
	`{"statics": [1 2], "bodies": []}`,
	`{"statics": [] "bodies": []}`,
	`{"statics" [], "bodies": []}`,
	`{"statics":: [], "bodies": []}`,
	`{statics: [], "bodies": []}`,
	`{'statics': [], "bodies": []}`,
	`{1: [], "bodies": []}`,
	`{"statics": [}, "bodies": []}`,
	`{"statics": {], "bodies": []}`,
	`{"statics": [], "bodies": [], "x": tru}`,
	`{"statics": [], "bodies": [], "x": truex}`,
	`{"statics": [], "bodies": [], "x": nul}`,
	`{"statics": [], "bodies": [], "x": nulll}`,
	`{"statics": [], "bodies": [], "x": False}`,
	`{"statics": [], "bodies": [], "x": -}`,
	`{"statics": [], "bodies": [], "x": -a}`,
	`{"statics": [], "bodies": [], "x": 01}`,
	`{"statics": [], "bodies": [], "x": 1.}`,
	`{"statics": [], "bodies": [], "x": .5}`,
	`{"statics": [], "bodies": [], "x": 1e}`,
	`{"statics": [], "bodies": [], "x": 1e+}`,
	`{"statics": [], "bodies": [], "x": 1.5.2}`,
	`{"statics": [], "bodies": [], "x": +1}`,
	`{"statics": [], "bodies": [], "x": 0x10}`,
	`{"statics": [], "bodies": [], "x": NaN}`,
	`{"statics": [], "bodies": [], "x": "a` + "\t" + `b"}`,
	`{"statics": [], "bodies": [], "x": "a` + "\n" + `b"}`,
	`{"statics": [], "bodies": [], "x": "a\qb"}`,
	`{"statics": [], "bodies": [], "x": "\u12"}`,
	`{"statics": [], "bodies": [], "x": "\u12g4"}`,
	`{"statics": [], "bodies": [], "x": "abc`,
	`{"statics": [], "bodies": [], "x": "abc\`,
	"\ufeff{\"statics\": [], \"bodies\": []}",
	"{\"statics\": [], \"bodies\": [], \"x\": \"\xff\", \"y\": \x01}",
	`{"statics": [], "bodies": [{"name": "a", "name": "b", "center": [0, 0, 0], "half": [1, 1, 1]}]}`,
	`{"statics": [], "bodies": [], "a b": 1, "a b": 2}`,
	`{"statics": [], "bodies": [], "a": 1, "\u0061": 2}`,
	`{"statics": [], "bodies": [], "\u00e9": 1, "é": 2}`,
	`{"statics": [], "bodies": [], "x": {"k": [{"q": 1, "q": 2}]}}`,
	`{"statics": [], "bodies": [], "x": ` + strings.Repeat("[", 40) + strings.Repeat("]", 40) + `}`,
	`{"statics": [], "bodies": [], "x": ` + strings.Repeat(`{"a":`, 40) + "1" + strings.Repeat("}", 40) + `}`,
	`{"statics": [], "bodies": [], "x": ` + strings.Repeat("[", 31) + "1" + strings.Repeat("]", 31) + `}`,
	`{"statics": [], "bodies": [], "x": ` + strings.Repeat("[", 32) + "1" + strings.Repeat("]", 32) + `}`,
	`{"statics": [], "bodies": [], "x": ` + strings.Repeat("[", 32) + strings.Repeat("]", 32) + `}`,
	`{"statics": [], "bodies": [], "x": {` + manyKeys(64) + `}}`,
	`{"statics": [], "bodies": [], "x": {` + manyKeys(65) + `}}`,
	`{"statics": [], "bodies": [], "x": {` + manyKeys(65) + `,"k0":1}}`,
	"{\n\t\"statics\": [\n\t\t{\"name\": \"a\", \"min\": [0, 0, 0], \"max\": [1, 1, 1]}\n\t],\n\t\"bodies\": [\n\t\t{\"name\": \"b\", \"center\": [0, 0, 0] \"half\": [1, 1, 1]}\n\t]\n}\n",
	"{\r\n\"statics\": [],\r\n\"bodies\": [?]\r\n}",
	"{\"statics\": [], \"bodies\": [], \"é\": [1, 2, ü]}",
	`[]`,
	`1`,
	`"scene"`,
	`null`,
	`{"statics": [], "bodies": [], "x": "\ud800"}`,
	`{"statics": [], "bodies": [], "name": "a\u0000b"}`,
	`{"statics": [], "bodies": [], "name": "caf\u00e9 \"x\"", "y": 1}`,
	`{"statics": [], "bodies": [], "version": 1e999}`,
	`{"statics": [], "bodies": [], "physics_hz": -0}`,
	`{"statics": [], "bodies": [{"name": "b", "center": [1e400, 0, 0], "half": [1, 1, 1]}]}`,
	`{"statics": [{"name": "caf\u00e9\t", "min": [0,0,0], "max": [1,1,1]}, {"name": "café\t", "min": [0,0,0], "max": [1,1,1]}], "bodies": []}`,
	`{"statics": [{"name": "s", "min": [1.50e0, -0.0, 2E+1], "max": [1, 1, 1]}], "bodies": []}`,
	"{\"statics\": [], \"bodies\": [{\"name\": \"\xff\xfe\", \"center\": [0, 0, 0], \"half\": [1, 1, -1]}]}",
}

// manyKeys is n object members "k0":0, "k1":1, ...
func manyKeys(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"k%d":%d`, i, i)
	}
	return b.String()
}

// TestRefusalsAsBefore: every malformed scene above is refused with the
// same line, word for word, line and column included.
func TestRefusalsAsBefore(t *testing.T) {
	var got strings.Builder
	for i, c := range refusalCases {
		_, err := Parse("bad.json", []byte(c))
		fmt.Fprintf(&got, "%d: %v\n", i, err)
	}
	// The value limit, lowered as TestJSONValueAndKeyLimits lowers it.
	defer func(n int) { maxValues = n }(maxValues)
	maxValues = 1000
	zeros := strings.Repeat("0,\n", 2000)
	_, err := Parse("bad.json", []byte(`{"statics": [`+zeros+`0], "bodies": []}`))
	fmt.Fprintf(&got, "values: %v\n", err)
	compareGolden(t, "refusals.golden", got.String())
}

// compareGolden compares got with testdata/name, or writes it there under
// -update-decode.
func compareGolden(t *testing.T, name, got string) {
	t.Helper()
	file := filepath.Join("testdata", name)
	if *updateDecodeGolden {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
		for i := range max(len(gl), len(wl)) {
			g, w := "", ""
			if i < len(gl) {
				g = gl[i]
			}
			if i < len(wl) {
				w = wl[i]
			}
			if g != w {
				t.Errorf("%s line %d:\n got %s\nwant %s", file, i+1, g, w)
			}
		}
	}
}
