package scene

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The loader reads a scene in two passes: this file turns the bytes into an
// ordered tree of JSON values, and decode.go walks that tree against the
// schema. Decoding straight into Go structs with
// json.Decoder.DisallowUnknownFields was the first choice and was rejected
// because its errors cannot meet the one-line contract: an unknown field is
// reported as `json: unknown field "x"` with no path, a type error names
// "bodies.half" without the index, and a duplicate key silently wins. The
// tree keeps keys in file order, so the first problem in the file is the
// one reported, and keeps number literals as written, so the message can
// quote `1e999` instead of `+Inf`.

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

// jnode is one JSON value.
type jnode struct {
	kind  jkind
	b     bool
	lit   string   // jNumber: the literal as written; jString: the decoded string
	items []*jnode // jArray
	keys  []string // jObject, in file order (no duplicates)
	vals  []*jnode // jObject, parallel to keys
}

// maxDepth bounds nesting; a scene needs 4 levels, and a bound keeps a
// hostile file from exhausting the stack.
const maxDepth = 32

// readTree parses data as exactly one JSON value. Errors are one line:
// syntax errors name the line and column, duplicate keys the field path.
func readTree(file string, data []byte) (*jnode, error) {
	r := treeReader{file: file, data: data, d: json.NewDecoder(bytes.NewReader(data))}
	r.d.UseNumber()
	root, err := r.value("", 0)
	if err != nil {
		return nil, err
	}
	if _, err := r.d.Token(); err != io.EOF {
		return nil, r.syntaxErr(errors.New("unexpected data after the top-level object"))
	}
	return root, nil
}

type treeReader struct {
	file   string
	data   []byte
	d      *json.Decoder
	values int // read so far, against maxValues
}

func (r *treeReader) value(path string, depth int) (*jnode, error) {
	if depth > maxDepth {
		return nil, r.syntaxErr(fmt.Errorf("nested deeper than %d levels", maxDepth))
	}
	if r.values++; r.values > maxValues {
		return nil, r.syntaxErr(fmt.Errorf("more than %d JSON values, the limit of a scene file", maxValues))
	}
	tok, err := r.d.Token()
	if err != nil {
		return nil, r.syntaxErr(err)
	}
	switch v := tok.(type) {
	case nil:
		return &jnode{kind: jNull}, nil
	case bool:
		return &jnode{kind: jBool, b: v}, nil
	case json.Number:
		return &jnode{kind: jNumber, lit: string(v)}, nil
	case string:
		return &jnode{kind: jString, lit: v}, nil
	case json.Delim:
		switch v {
		case '[':
			n := &jnode{kind: jArray}
			for r.d.More() {
				item, err := r.value(fmt.Sprintf("%s[%d]", path, len(n.items)), depth+1)
				if err != nil {
					return nil, err
				}
				n.items = append(n.items, item)
			}
			return n, r.closing()
		case '{':
			n := &jnode{kind: jObject}
			for r.d.More() {
				tok, err := r.d.Token()
				if err != nil {
					return nil, r.syntaxErr(err)
				}
				key := tok.(string) // the decoder only yields string keys here
				kp := joinPath(path, key)
				if len(n.keys) == maxKeys {
					// The duplicate check below is quadratic in the keys.
					return nil, r.syntaxErr(fmt.Errorf("%s: an object with more than %d keys", kp, maxKeys))
				}
				for _, k := range n.keys {
					if k == key {
						return nil, &Error{File: r.file, Path: kp, Value: strconv.Quote(key), Msg: "duplicate key"}
					}
				}
				val, err := r.value(kp, depth+1)
				if err != nil {
					return nil, err
				}
				n.keys = append(n.keys, key)
				n.vals = append(n.vals, val)
			}
			return n, r.closing()
		}
	}
	return nil, r.syntaxErr(fmt.Errorf("unexpected %v", tok))
}

// closing consumes the ']' or '}' that ends an array or object.
func (r *treeReader) closing() error {
	if _, err := r.d.Token(); err != nil {
		return r.syntaxErr(err)
	}
	return nil
}

// syntaxErr turns a decoder error into one line naming the line and column.
func (r *treeReader) syntaxErr(err error) error {
	off := r.d.InputOffset()
	var se *json.SyntaxError
	if errors.As(err, &se) {
		off = se.Offset
	}
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		err, off = errors.New("unexpected end of file"), int64(len(r.data))
	}
	if off > int64(len(r.data)) {
		off = int64(len(r.data))
	}
	before := r.data[:off]
	line := 1 + bytes.Count(before, []byte{'\n'})
	col := 1 + len(before) - (bytes.LastIndexByte(before, '\n') + 1)
	msg := strings.TrimPrefix(err.Error(), "json: ")
	return &Error{File: r.file, Path: fmt.Sprintf("line %d, column %d", line, col), Msg: "invalid JSON: " + msg}
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

// render quotes a value for an error message the way it appears in the
// file (numbers as written), on one line and at most about 80 bytes.
func render(n *jnode) string {
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

func renderTo(b *strings.Builder, n *jnode) {
	if b.Len() > 80 {
		return
	}
	switch n.kind {
	case jNull:
		b.WriteString("null")
	case jBool:
		b.WriteString(strconv.FormatBool(n.b))
	case jNumber:
		b.WriteString(n.lit)
	case jString:
		b.WriteString(strconv.Quote(n.lit))
	case jArray:
		b.WriteByte('[')
		for i, it := range n.items {
			if i > 0 {
				b.WriteByte(' ')
			}
			renderTo(b, it)
		}
		b.WriteByte(']')
	case jObject:
		b.WriteByte('{')
		for i, k := range n.keys {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(strconv.Quote(k))
			b.WriteString(": ")
			renderTo(b, n.vals[i])
		}
		b.WriteByte('}')
	}
}
