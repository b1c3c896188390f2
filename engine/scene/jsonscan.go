package scene

import (
	"bytes"
	"encoding/json"
	"unicode/utf8"
)

// maxDepth bounds nesting; a scene needs 4 levels, and a bound keeps a
// hostile file from exhausting the stack.
const maxDepth = 32

// readTree parses data as exactly one JSON value. Errors are one line:
// syntax errors name the line and column, duplicate keys the field path.
//
// The scanner below reads a valid file in one pass without allocating per
// value. It does not explain refusals: on anything it does not accept it
// hands the file to the Token reader (jsontoken.go), whose messages (the
// line and column encoding/json's decoder stops at, its wording) are the
// format's, so they stay exactly what they were. The Token reader also
// builds the tree, should it accept a file the scanner did not. FuzzScanner
// holds the two to accepting the same files and building the same trees.
func readTree(file string, data []byte) (jnode, error) {
	s := scanner{data: data, t: &jtree{text: data}}
	if s.document() {
		return jnode{t: s.t}, nil
	}
	return readTokens(file, data)
}

// A cell addresses any file Parse accepts (this fails to compile if not).
const _ uint = maxTextBytes - MaxFileBytes

// scanner reads JSON by the grammar of RFC 8259, and enforces maxDepth,
// maxValues, maxKeys and unique keys as the Token reader does.
type scanner struct {
	data   []byte
	pos    int
	t      *jtree
	values int // read so far, against maxValues
	// rawKey: it stopped at a key with escapes or bytes beyond ASCII. No
	// schema name has them, and comparing such keys means decoding them,
	// once per pair: the Token reader decodes each key once instead.
	rawKey bool
}

// document reads one value and then nothing but white space.
func (s *scanner) document() bool {
	// A level of slabs holds a cell per five bytes or so; room for one
	// per four saves regrowing the slice (a copy, with both copies live).
	// No file has more cells than twice maxValues (a key per value at most).
	s.t.cells = make([]jcell, 0, min(len(s.data)/4+1, 2*maxValues))
	if !s.value(0) {
		return false
	}
	s.space()
	return s.pos == len(s.data)
}

func (s *scanner) space() {
	for s.pos < len(s.data) {
		switch s.data[s.pos] {
		case ' ', '\t', '\n', '\r':
			s.pos++
		default:
			return
		}
	}
}

// next skips white space and returns the next byte, or 0 at the end.
func (s *scanner) next() byte {
	s.space()
	if s.pos == len(s.data) {
		return 0
	}
	return s.data[s.pos]
}

func (s *scanner) value(depth int) bool {
	if depth > maxDepth {
		return false
	}
	if s.values++; s.values > maxValues {
		return false
	}
	switch s.next() {
	case '{':
		return s.object(depth)
	case '[':
		return s.array(depth)
	case '"':
		return s.string()
	case 't':
		return s.word("true", jBool, 1)
	case 'f':
		return s.word("false", jBool, 0)
	case 'n':
		return s.word("null", jNull, 0)
	}
	return s.number()
}

// open appends a container's cell, to be closed when its contents are read.
func (s *scanner) open(k jkind) int {
	s.pos++
	s.t.cells = append(s.t.cells, scalarCell(k, 0, 0, false))
	return len(s.t.cells) - 1
}

func (s *scanner) close(at int) bool {
	s.pos++
	s.t.cells[at].size = uint32(len(s.t.cells))
	return true
}

func (s *scanner) array(depth int) bool {
	at := s.open(jArray)
	if s.next() == ']' {
		return s.close(at)
	}
	for {
		if !s.value(depth + 1) {
			return false
		}
		switch s.next() {
		case ',':
			s.pos++
		case ']':
			return s.close(at)
		default:
			return false
		}
	}
}

func (s *scanner) object(depth int) bool {
	at := s.open(jObject)
	if s.next() == '}' {
		return s.close(at)
	}
	for keys := 0; ; keys++ {
		key := len(s.t.cells)
		if keys == maxKeys || s.next() != '"' || !s.string() {
			return false
		}
		if s.t.cells[key].head&cellRawFlag != 0 {
			s.rawKey = true
			return false
		}
		if s.duplicate(at, key) {
			return false
		}
		if s.next() != ':' {
			return false
		}
		s.pos++
		if !s.value(depth + 1) {
			return false
		}
		switch s.next() {
		case ',':
			s.pos++
		case '}':
			return s.close(at)
		default:
			return false
		}
	}
}

// duplicate reports whether the key at cell key repeats one before it in
// the object at cell at (at most maxKeys, so the quadratic walk is short;
// the keys are plain, so their bytes are their values).
func (s *scanner) duplicate(at, key int) bool {
	k := jnode{s.t, key}.bytes()
	for i := at + 1; i < key; i = s.t.skip(i + 1) {
		if bytes.Equal(k, jnode{s.t, i}.bytes()) {
			return true
		}
	}
	return false
}

// string reads a string. One with escapes or bytes beyond ASCII is checked
// by decoding it as encoding/json does, and marked to be decoded when read.
func (s *scanner) string() bool {
	start := s.pos + 1
	raw := false
	i := start
	for ; i < len(s.data); i++ {
		c := s.data[i]
		if c == '"' {
			break
		}
		switch {
		case c < 0x20:
			return false
		case c == '\\':
			raw = true
			i++
		case c >= utf8.RuneSelf:
			raw = true
		}
	}
	if i >= len(s.data) {
		return false
	}
	s.pos = i + 1
	if raw {
		var v string
		if json.Unmarshal(s.data[start-1:s.pos], &v) != nil {
			return false
		}
	}
	s.t.cells = append(s.t.cells, scalarCell(jString, start, i-start, raw))
	return true
}

func (s *scanner) word(w string, k jkind, size int) bool {
	if !bytes.HasPrefix(s.data[s.pos:], []byte(w)) {
		return false
	}
	s.pos += len(w)
	s.t.cells = append(s.t.cells, scalarCell(k, 0, size, false))
	return true
}

// number reads -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?; what follows
// it is the caller's to check, as after any value.
func (s *scanner) number() bool {
	d, i := s.data, s.pos
	if i < len(d) && d[i] == '-' {
		i++
	}
	switch {
	case i < len(d) && d[i] == '0':
		i++
	case i < len(d) && d[i] >= '1' && d[i] <= '9':
		i = digits(d, i)
	default:
		return false
	}
	if i < len(d) && d[i] == '.' {
		if i++; i == digits(d, i) {
			return false
		}
		i = digits(d, i)
	}
	if i < len(d) && (d[i] == 'e' || d[i] == 'E') {
		if i++; i < len(d) && (d[i] == '+' || d[i] == '-') {
			i++
		}
		if i == digits(d, i) {
			return false
		}
		i = digits(d, i)
	}
	s.t.cells = append(s.t.cells, scalarCell(jNumber, s.pos, i-s.pos, false))
	s.pos = i
	return true
}

// digits returns the index after the run of decimal digits at i.
func digits(d []byte, i int) int {
	for i < len(d) && d[i] >= '0' && d[i] <= '9' {
		i++
	}
	return i
}
