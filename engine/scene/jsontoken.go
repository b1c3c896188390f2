package scene

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// readTokens reads data with encoding/json's Decoder.Token, for the files
// the scanner refuses: its errors are the ones a scene file has always
// been refused with (wording, line and column), so they are kept as they
// were. It builds the same tree as the scanner, over a text of its own
// (the decoded strings and the number literals) since tokens do not say
// where they were in the file.
func readTokens(file string, data []byte) (jnode, error) {
	r := treeReader{file: file, data: data, d: json.NewDecoder(bytes.NewReader(data)), t: &jtree{}}
	r.d.UseNumber()
	if err := r.value("", 0); err != nil {
		return jnode{}, err
	}
	if _, err := r.d.Token(); err != io.EOF {
		return jnode{}, r.syntaxErr(errors.New("unexpected data after the top-level object"))
	}
	return jnode{t: r.t}, nil
}

type treeReader struct {
	file   string
	data   []byte
	d      *json.Decoder
	t      *jtree
	values int // read so far, against maxValues
}

// add appends a scalar's cell, its text copied into the tree's.
func (r *treeReader) add(k jkind, text string, size int) {
	off := len(r.t.text)
	if k == jNumber || k == jString {
		r.t.text = append(r.t.text, text...)
		size = len(text)
	}
	r.t.cells = append(r.t.cells, scalarCell(k, off, size, false))
}

func (r *treeReader) value(path string, depth int) error {
	if depth > maxDepth {
		return r.syntaxErr(fmt.Errorf("nested deeper than %d levels", maxDepth))
	}
	if r.values++; r.values > maxValues {
		return r.syntaxErr(fmt.Errorf("more than %d JSON values, the limit of a scene file", maxValues))
	}
	tok, err := r.d.Token()
	if err != nil {
		return r.syntaxErr(err)
	}
	switch v := tok.(type) {
	case nil:
		r.add(jNull, "", 0)
		return nil
	case bool:
		size := 0
		if v {
			size = 1
		}
		r.add(jBool, "", size)
		return nil
	case json.Number:
		r.add(jNumber, string(v), 0)
		return nil
	case string:
		r.add(jString, v, 0)
		return nil
	case json.Delim:
		switch v {
		case '[':
			at := len(r.t.cells)
			r.add(jArray, "", 0)
			for i := 0; r.d.More(); i++ {
				if err := r.value(indexPath(path, i), depth+1); err != nil {
					return err
				}
			}
			r.t.cells[at].size = uint32(len(r.t.cells))
			return r.closing()
		case '{':
			at := len(r.t.cells)
			r.add(jObject, "", 0)
			var keys []string
			for r.d.More() {
				tok, err := r.d.Token()
				if err != nil {
					return r.syntaxErr(err)
				}
				key := tok.(string) // the decoder only yields string keys here
				kp := joinPath(path, key)
				if len(keys) == maxKeys {
					// The duplicate check below is quadratic in the keys.
					return r.syntaxErr(fmt.Errorf("%s: an object with more than %d keys", kp, maxKeys))
				}
				for _, k := range keys {
					if k == key {
						return &Error{File: r.file, Path: kp, Value: strconv.Quote(key), Msg: "duplicate key"}
					}
				}
				keys = append(keys, key)
				r.add(jString, key, 0)
				if err := r.value(kp, depth+1); err != nil {
					return err
				}
			}
			r.t.cells[at].size = uint32(len(r.t.cells))
			return r.closing()
		}
	}
	return r.syntaxErr(fmt.Errorf("unexpected %v", tok))
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
