// Package oneline keeps an error message to the one line the program's
// contract promises (one "sandbox:" line on stderr), and keeps the terminal
// from obeying what a file name or a flag value holds.
package oneline

import (
	"strconv"
	"strings"
	"unicode"
)

// Escape returns s with line breaks and every other character a terminal
// would not print as itself (ESC, BEL, ...) escaped as in a Go string.
func Escape(s string) string {
	if !strings.ContainsFunc(s, unprintable) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if unprintable(r) {
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// unprintable is a rune a terminal would not print as itself.
func unprintable(r rune) bool { return r != ' ' && !unicode.IsPrint(r) }
