package main

import (
	"flag"
	"strings"
)

// A mistyped flag or command gets the nearest real one suggested: -headles
// names -headless, comapre names compare.

// flagParseError is the program's line for an error of fs.Parse: an
// undefined flag names the nearest defined one, when one is near.
func flagParseError(fs *flag.FlagSet, err error) error {
	name, ok := strings.CutPrefix(err.Error(), "flag provided but not defined: -")
	if !ok {
		return usageError{err}
	}
	var names []string
	fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	if s := nearest(name, names); s != "" {
		return usagef("-%s: no such flag; did you mean -%s? (-h lists them)", name, s)
	}
	return usagef("-%s: no such flag (-h lists them)", name)
}

// unexpectedArgument is the line for a word where a flag was expected: a
// word near a command's name names it.
func unexpectedArgument(arg string, commands []string) error {
	if s := nearest(arg, commands); s != "" {
		return usagef("unexpected argument %q: did you mean %q? (flags start with -; -h lists the commands)", arg, s)
	}
	return usagef("unexpected argument %q (flags start with -; see -h)", arg)
}

// nearest returns the candidate closest to word by edit distance (a swap
// of two neighbours counts as one edit), or that word abbreviates, when it
// is close enough to be the one meant; "" otherwise.
func nearest(word string, candidates []string) string {
	word = strings.ToLower(strings.TrimLeft(word, "-"))
	if i := strings.IndexByte(word, '='); i >= 0 {
		word = word[:i]
	}
	best, bestD := "", 0
	for _, c := range candidates {
		d := editDistance(word, strings.ToLower(c))
		if best == "" || d < bestD {
			best, bestD = c, d
		}
	}
	limit := max(1, min(3, len(word)/3))
	if best != "" && bestD <= limit {
		return best
	}
	// An abbreviation of exactly one candidate (-head for -headless).
	var prefixed []string
	for _, c := range candidates {
		if len(word) >= 3 && strings.HasPrefix(strings.ToLower(c), word) {
			prefixed = append(prefixed, c)
		}
	}
	if len(prefixed) == 1 {
		return prefixed[0]
	}
	return ""
}

// editDistance is the optimal-string-alignment distance of a and b:
// insertions, deletions, substitutions and swaps of neighbours.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	rows := make([][]int, len(ra)+1)
	for i := range rows {
		rows[i] = make([]int, len(rb)+1)
		rows[i][0] = i
	}
	for j := range rows[0] {
		rows[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d := min(rows[i-1][j]+1, rows[i][j-1]+1, rows[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d = min(d, rows[i-2][j-2]+1)
			}
			rows[i][j] = d
		}
	}
	return rows[len(ra)][len(rb)]
}
