package report

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"

	"sandbox/internal/outdir"
)

// WriteJSON writes v as indented JSON with a final newline. encoding/json
// writes struct fields in declaration order and floats in their shortest
// exact form, so equal values give byte-identical files.
func WriteJSON(d *outdir.Dir, name string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return d.WriteFile(name, append(data, '\n'))
}

// WriteCSV writes a header line and the rows (RFC 4180 quoting).
func WriteCSV(d *outdir.Dir, name string, header []string, rows [][]string) error {
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	w.Write(header)
	w.WriteAll(rows) // flushes
	if err := w.Error(); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return d.WriteFile(name, buf.Bytes())
}

// CSVStream is a CSV file written row by row, so that a long trace is never
// held in memory: Commit makes it the file, Abort discards it.
type CSVStream struct {
	f    *outdir.File
	name string
	buf  *bufio.Writer
	w    *csv.Writer
	rec  []string
}

// CreateCSV starts a CSV stream with its header line.
func CreateCSV(d *outdir.Dir, name string, header []string) (*CSVStream, error) {
	f, err := d.Create(name)
	if err != nil {
		return nil, err
	}
	s := &CSVStream{f: f, name: name, buf: bufio.NewWriterSize(f, 1<<16)}
	s.w = csv.NewWriter(s.buf)
	s.rec = make([]string, 0, len(header))
	if err := s.w.Write(header); err != nil {
		f.Abort()
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return s, nil
}

// Row writes one row that fill appends to rec (reused between rows).
func (s *CSVStream) Row(fill func(rec []string) []string) error {
	if err := s.w.Write(fill(s.rec[:0])); err != nil {
		return fmt.Errorf("%s: %w", s.name, err)
	}
	return nil
}

// Commit flushes the rows and makes the file.
func (s *CSVStream) Commit() error {
	s.w.Flush()
	if err := s.w.Error(); err != nil {
		s.f.Abort()
		return fmt.Errorf("%s: %w", s.name, err)
	}
	if err := s.buf.Flush(); err != nil {
		s.f.Abort()
		return fmt.Errorf("%s: %w", s.name, err)
	}
	return s.f.Commit()
}

// Abort discards the file; it does nothing after Commit.
func (s *CSVStream) Abort() { s.f.Abort() }

// WriteText writes s as it is (a Markdown report).
func WriteText(d *outdir.Dir, name, s string) error { return d.WriteFile(name, []byte(s)) }
