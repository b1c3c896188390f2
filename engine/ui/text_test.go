package ui

import (
	"math"
	"testing"
)

// Numbers that round to zero print without a sign (issue 32, defect 15:
// the selected body's orientation showed -0.000); everything else keeps
// strconv's digits, negative ones their sign.
func TestLineFloatNoNegativeZero(t *testing.T) {
	l := newLine()
	for _, c := range []struct {
		v    float64
		prec int
		want string
	}{
		{-1e-9, 3, "0.000"},
		{math.Copysign(0, -1), 3, "0.000"},
		{-0.0004, 3, "0.000"},
		{-0.0005, 3, "-0.001"},
		{-0.4, 0, "0"},
		{-2.5e-7, 2, "0.00"},
		{-1.25, 2, "-1.25"},
		{0, 3, "0.000"},
		{12.3456, 1, "12.3"},
		{math.Inf(-1), 3, "-Inf"},
		{math.NaN(), 3, "NaN"},
	} {
		if got := l.reset().s("q ").f(c.v, c.prec).str(); got != "q "+c.want {
			t.Errorf("f(%v, %d) = %q, want %q", c.v, c.prec, got, "q "+c.want)
		}
	}
}
