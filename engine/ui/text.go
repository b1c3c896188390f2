package ui

import (
	"strconv"
	"unsafe"
)

// line builds one line of panel text in a buffer allocated once, so that
// numbers can be shown every frame without fmt.Sprintf's allocations.
// imgui.Text is printf-style (a '%' in a value would be read as a verb),
// so lines are always drawn with TextUnformatted.
type line struct {
	b []byte
}

func newLine() line { return line{b: make([]byte, 0, 256)} }

// reset starts a new line.
func (l *line) reset() *line {
	l.b = l.b[:0]
	return l
}

// s appends a string.
func (l *line) s(v string) *line {
	l.b = append(l.b, v...)
	return l
}

// i appends a signed integer.
func (l *line) i(v int64) *line {
	l.b = strconv.AppendInt(l.b, v, 10)
	return l
}

// u appends an unsigned integer.
func (l *line) u(v uint64) *line {
	l.b = strconv.AppendUint(l.b, v, 10)
	return l
}

// f appends a float with prec digits after the point. A value that rounds
// to zero is printed without a sign: -1e-9 is "0.000", not "-0.000".
func (l *line) f(v float64, prec int) *line {
	n := len(l.b)
	l.b = strconv.AppendFloat(l.b, v, 'f', prec, 64)
	if l.b[n] == '-' && allZero(l.b[n+1:]) {
		l.b = append(l.b[:n], l.b[n+1:]...)
	}
	return l
}

// allZero reports whether digits holds only zeros and a point.
func allZero(digits []byte) bool {
	for _, c := range digits {
		if c != '0' && c != '.' {
			return false
		}
	}
	return true
}

// str views the line as a string without copying. The string is only
// valid until the next reset; ImGui renders it before the call returns.
func (l *line) str() string {
	if len(l.b) == 0 {
		return ""
	}
	return unsafe.String(&l.b[0], len(l.b))
}

// text draws the line.
func (l *line) text() {
	textUnformatted(l.str())
}
