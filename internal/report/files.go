package report

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"

	"sandbox/internal/safeio"
)

// WriteJSON writes v as indented JSON with a final newline. encoding/json
// writes struct fields in declaration order and floats in their shortest
// exact form, so equal values give byte-identical files.
func WriteJSON(path string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return write(path, append(data, '\n'))
}

// WriteCSV writes a header line and the rows (RFC 4180 quoting).
func WriteCSV(path string, header []string, rows [][]string) error {
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	w.Write(header)
	w.WriteAll(rows) // flushes
	if err := w.Error(); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return write(path, buf.Bytes())
}

// WriteCSVRows streams a header line and n rows, row(i, rec) filling rec
// (reused, so a long trace is never held as strings in memory) with row i.
func WriteCSVRows(path string, header []string, n int, row func(i int, rec []string) []string) error {
	f, err := safeio.Create(path)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	defer f.Abort()
	buf := bufio.NewWriterSize(f, 1<<16)
	w := csv.NewWriter(buf)
	w.Write(header)
	rec := make([]string, 0, len(header))
	for i := 0; i < n; i++ {
		if err := w.Write(row(i, rec[:0])); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
	}
	w.Flush()
	if err := w.Error(); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if err := buf.Flush(); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if err := f.Commit(); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// WriteText writes s as it is (a Markdown report).
func WriteText(path, s string) error { return write(path, []byte(s)) }

func write(path string, data []byte) error {
	if err := safeio.WriteFile(path, data); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}
