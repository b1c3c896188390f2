package scene

import (
	"fmt"
	"strings"
	"testing"
)

// scanOnly runs the scanner alone, without the Token reader behind it;
// rawKey says it stopped at a key it leaves to the Token reader.
func scanOnly(data []byte) (n jnode, ok, rawKey bool) {
	s := scanner{data: data, t: &jtree{text: data}}
	if !s.document() {
		return jnode{}, false, s.rawKey
	}
	return jnode{t: s.t}, true, false
}

// dump writes a tree out in full, strings decoded and numbers as written,
// for comparing two trees.
func dump(b *strings.Builder, n jnode) {
	switch n.kind() {
	case jNull, jBool:
		fmt.Fprintf(b, "%v:%v ", n.kind(), n.isTrue())
	case jNumber:
		fmt.Fprintf(b, "num:%s ", n.lit())
	case jString:
		fmt.Fprintf(b, "str:%q ", n.str())
	case jArray:
		b.WriteString("[ ")
		for _, it := range n.items() {
			dump(b, it)
		}
		b.WriteString("] ")
	case jObject:
		b.WriteString("{ ")
		for k, v := range n.members() {
			fmt.Fprintf(b, "key:%q ", k.str())
			dump(b, v)
		}
		b.WriteString("} ")
	}
}

func dumped(n jnode) string {
	var b strings.Builder
	dump(&b, n)
	return b.String()
}

// checkSameTree: the scanner accepts data exactly when the Token reader
// does (but for the keys it leaves to the Token reader), and both build
// the same tree.
func checkSameTree(t *testing.T, data []byte) {
	t.Helper()
	fast, ok, rawKey := scanOnly(data)
	slow, err := readTokens("x.json", data)
	switch {
	case ok && err != nil:
		t.Fatalf("%q: the scanner accepts what the Token reader refuses: %v", data, err)
	case !ok && err == nil && !rawKey:
		t.Fatalf("%q: the scanner refuses what the Token reader accepts", data)
	case ok:
		if f, s := dumped(fast), dumped(slow); f != s {
			t.Fatalf("%q: the trees differ:\nscanner %s\ntokens  %s", data, f, s)
		}
	}
}

// TestScannerMatchesTokenReader on the built-in scenes, the refusal goldens'
// cases, and values at the edges of the grammar.
func TestScannerMatchesTokenReader(t *testing.T) {
	for _, name := range BuiltinNames() {
		data, err := builtinFS.ReadFile("builtin/" + name + ".json")
		if err != nil {
			t.Fatal(err)
		}
		checkSameTree(t, data)
		if _, ok, _ := scanOnly(data); !ok {
			t.Errorf("%s: the scanner leaves a built-in scene to the Token reader", name)
		}
	}
	for _, c := range refusalCases {
		checkSameTree(t, []byte(c))
	}
	for _, c := range edgeValues {
		checkSameTree(t, []byte(c))
		checkSameTree(t, []byte(`{"a": [`+c+`], "b": `+c+`}`))
	}
	// A key with an escape goes to the Token reader, which reads it once.
	data := []byte(`{"\u0061": 1, "b": "\u0062"}`)
	if _, ok, rawKey := scanOnly(data); ok || !rawKey {
		t.Errorf("%s: the scanner read it (%v) or stopped elsewhere (%v)", data, ok, rawKey)
	}
	if n, err := readTree("x.json", data); err != nil || dumped(n) != `{ key:"a" num:1 key:"b" str:"b" } ` {
		t.Errorf("%s: %v, %q", data, err, dumped(n))
	}
}

// edgeValues are single JSON texts, valid and not, at the grammar's edges.
var edgeValues = []string{
	`0`, `-0`, `-`, `00`, `-01`, `1.0`, `1.`, `1.e5`, `1e5`, `1E+5`, `1e-05`, `1e`, `1e+`, `-.5`,
	`123456789012345678901234567890`, `1e999`, `4.9e-324`, `0.1e1`, `1x`, `0x1`, `Infinity`,
	`true`, `false`, `null`, `tru`, `nul`, `True`, `truee`, `nulltrue`,
	`""`, `"a"`, `"\""`, `"\\"`, `"\/"`, `"\b\f\n\r\t"`, `"\u0041"`, `"\u00e9"`, `"\ud83d\ude00"`,
	`"\ud800"`, `"\udc00x"`, `"\u004"`, `"\x"`, `"é"`, "\"\xff\"", "\"\xc3\"", "\"\x7f\"", "\"\x1f\"",
	`"a`, `"\`, `"\"`, `[]`, `{}`, `[ ]`, "{ \t\r\n}", `[[]]`, `[1,]`, `[,]`, `{"a"}`, `{"a":}`,
	`{"a":1,}`, `{"a":1 "b":2}`, `{"a":1,"a":2}`, `{"a":1,"\u0061":2}`, `{"é":1,"\u00e9":2}`,
	`{"\ud800":1,"\ud801":2}`, "{\"\xff\":1,\"\xfe\":2}", ` 1 `, "\ufeff1", `1 2`, `[1]]`, `{}}`,
	"\x00", "[\x00]", `[1,2,3`, `{"a":[1,{"b":null}],"c":{"d":[true,false]}}`,
}
