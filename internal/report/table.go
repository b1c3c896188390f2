package report

import "strings"

// Table is a Markdown table: a header row, then rows of cells. Cells are
// written as given except that '|' is escaped, so a name cannot break the
// table.
type Table struct {
	Header []string
	// Right lists the columns (by index) that hold numbers: right-aligned.
	Right []int
	Rows  [][]string
}

// Add appends one row.
func (t *Table) Add(cells ...string) { t.Rows = append(t.Rows, cells) }

// String renders the table, one line per row, ending in a newline.
func (t *Table) String() string {
	var b strings.Builder
	row := func(cells []string) {
		b.WriteString("|")
		for _, c := range cells {
			b.WriteString(" ")
			b.WriteString(strings.ReplaceAll(c, "|", `\|`))
			b.WriteString(" |")
		}
		b.WriteString("\n")
	}
	row(t.Header)
	b.WriteString("|")
	for i := range t.Header {
		sep := " --- |"
		for _, r := range t.Right {
			if r == i {
				sep = " ---: |"
			}
		}
		b.WriteString(sep)
	}
	b.WriteString("\n")
	for _, r := range t.Rows {
		row(r)
	}
	return b.String()
}
