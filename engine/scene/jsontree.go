package scene

import (
	"encoding/json"
	"iter"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The loader reads a scene in two passes: jsonscan.go turns the bytes into
// an ordered tree of JSON values, and decode.go walks that tree against
// the schema. Decoding straight into Go structs with
// json.Decoder.DisallowUnknownFields was the first choice and was rejected
// because its errors cannot meet the one-line contract: an unknown field is
// reported as `json: unknown field "x"` with no path, a type error names
// "bodies.half" without the index, and a duplicate key silently wins. The
// tree keeps keys in file order, so the first problem in the file is the
// one reported, and keeps number literals as written, so the message can
// quote `1e999` instead of `+Inf`.
//
// The tree is one flat slice of 8-byte cells pointing into the file's
// bytes, not an object per value: a level of a million slabs is some
// thirteen million values, and a heap object for each, with its own
// string and slices, cost gigabytes and most of the load time.

type jkind uint8

const (
	jNull jkind = iota
	jBool
	jNumber
	jString
	jArray
	jObject
)

func (k jkind) String() string {
	return [...]string{"null", "a boolean", "a number", "a string", "an array", "an object"}[k]
}

// jtree is a parsed JSON document: its values and object keys as cells in
// document order (a container's cell comes before its contents, an
// object's key before its value), over the text they were read from.
type jtree struct {
	text  []byte // the file, or the text the Token reader copied out
	cells []jcell
}

// jcell is one JSON value or object key. head holds the kind in its low
// bits, a flag for a string that needs decoding, and the offset into the
// text of a number's literal or a string's contents (between the quotes);
// size is the text's length, or 1 for true, or for an array or object the
// index of the first cell after its contents.
type jcell struct {
	head uint32
	size uint32
}

const (
	cellKindBits = 3
	cellRawFlag  = 1 << cellKindBits // a string with escapes or non-ASCII bytes: decode before use
	cellOffShift = cellKindBits + 1
	// maxTextBytes is what a cell's offset can address; MaxFileBytes is
	// well within it.
	maxTextBytes = 1 << (32 - cellOffShift)
)

func (c jcell) kind() jkind { return jkind(c.head & (1<<cellKindBits - 1)) }
func (c jcell) off() int    { return int(c.head >> cellOffShift) }

// scalarCell is the cell of a null, boolean, number or string.
func scalarCell(k jkind, off, size int, raw bool) jcell {
	head := uint32(k) | uint32(off)<<cellOffShift
	if raw {
		head |= cellRawFlag
	}
	return jcell{head: head, size: uint32(size)}
}

// skip returns the index of the cell after cell i and its contents.
func (t *jtree) skip(i int) int {
	if c := t.cells[i]; c.kind() == jArray || c.kind() == jObject {
		return int(c.size)
	}
	return i + 1
}

// jnode is a value in a tree, as the decoder reads it; the zero jnode is
// an absent field.
type jnode struct {
	t *jtree
	i int
}

func (n jnode) present() bool { return n.t != nil }
func (n jnode) cell() jcell   { return n.t.cells[n.i] }
func (n jnode) kind() jkind   { return n.cell().kind() }
func (n jnode) isTrue() bool  { return n.cell().size == 1 }

// bytes is a number's literal as written or a string's contents between
// the quotes (escapes undecoded); the tree's, not a copy.
func (n jnode) bytes() []byte {
	c := n.cell()
	return n.t.text[c.off() : c.off()+int(c.size)]
}

// lit is a number's literal as written.
func (n jnode) lit() string { return string(n.bytes()) }

// float parses a number's literal; the conversion to string does not
// escape, so it allocates nothing.
func (n jnode) float() (float64, error) { return strconv.ParseFloat(string(n.bytes()), 64) }

// str is a string's value, decoded, in memory of its own (a name outlives
// the file's bytes).
func (n jnode) str() string {
	c := n.cell()
	if c.head&cellRawFlag == 0 {
		return string(n.bytes())
	}
	// The reader has checked the string with json.Unmarshal already;
	// decoding it the same way again cannot fail.
	var s string
	if err := json.Unmarshal(n.t.text[c.off()-1:c.off()+int(c.size)+1], &s); err != nil {
		panic("scene: a string the reader accepted does not decode: " + err.Error())
	}
	return s
}

// is reports whether a string equals s, without allocating when it has no
// escapes (object keys are compared with the schema's names by the million).
func (n jnode) is(s string) bool {
	if n.cell().head&cellRawFlag == 0 {
		return string(n.bytes()) == s
	}
	return n.str() == s
}

// items are an array's values with their indices.
func (n jnode) items() iter.Seq2[int, jnode] {
	return func(yield func(int, jnode) bool) {
		end := int(n.cell().size)
		for k, i := 0, n.i+1; i < end; k, i = k+1, n.t.skip(i) {
			if !yield(k, jnode{n.t, i}) {
				return
			}
		}
	}
}

// members are an object's keys (string nodes) and values in file order.
func (n jnode) members() iter.Seq2[jnode, jnode] {
	return func(yield func(jnode, jnode) bool) {
		end := int(n.cell().size)
		for i := n.i + 1; i < end; i = n.t.skip(i + 1) {
			if !yield(jnode{n.t, i}, jnode{n.t, i + 1}) {
				return
			}
		}
	}
}

// len is how many values an array holds.
func (n jnode) len() int {
	count := 0
	for range n.items() {
		count++
	}
	return count
}

// joinPath appends an object key to a field path. A key that is not a
// plain name is quoted, so that the path stays one unambiguous line.
func joinPath(path, key string) string {
	plain := key != ""
	for _, c := range key {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
			plain = false
			break
		}
	}
	switch {
	case !plain:
		return path + "[" + strconv.Quote(key) + "]"
	case path == "":
		return key
	}
	return path + "." + key
}

// indexPath appends an array index to a field path: statics[3].
func indexPath(path string, i int) string {
	return path + "[" + strconv.Itoa(i) + "]"
}

// render quotes a value for an error message the way it appears in the
// file (numbers as written), on one line and at most about 80 bytes.
func render(n jnode) string {
	var b strings.Builder
	renderTo(&b, n)
	s := b.String()
	if len(s) > 80 {
		cut := 77
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "..."
	}
	return s
}

func renderTo(b *strings.Builder, n jnode) {
	if b.Len() > 80 {
		return
	}
	switch n.kind() {
	case jNull:
		b.WriteString("null")
	case jBool:
		b.WriteString(strconv.FormatBool(n.isTrue()))
	case jNumber:
		b.Write(n.bytes())
	case jString:
		b.WriteString(strconv.Quote(n.str()))
	case jArray:
		b.WriteByte('[')
		for i, it := range n.items() {
			if i > 0 {
				b.WriteByte(' ')
			}
			renderTo(b, it)
		}
		b.WriteByte(']')
	case jObject:
		b.WriteByte('{')
		first := true
		for k, v := range n.members() {
			if !first {
				b.WriteString(", ")
			}
			first = false
			b.WriteString(strconv.Quote(k.str()))
			b.WriteString(": ")
			renderTo(b, v)
		}
		b.WriteByte('}')
	}
}
