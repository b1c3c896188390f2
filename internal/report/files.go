package report

import (
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

// WriteText writes s as it is (a Markdown report).
func WriteText(path, s string) error { return write(path, []byte(s)) }

func write(path string, data []byte) error {
	if err := safeio.WriteFile(path, data); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}
