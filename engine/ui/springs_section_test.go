package ui

import "testing"

// A spring's line gives its extension and energy with their units, in four
// significant digits whether it rests or has blown up.
func TestSpringLine(t *testing.T) {
	l := newLine()
	for _, c := range []struct {
		r    SpringRow
		want string
	}{
		{SpringRow{Name: "spring-1", Extension: 0.123456, Energy: 4.5}, "spring-1  extension 0.1235 m  energy 4.5 J"},
		{SpringRow{Name: "stiff", Extension: -2.5e26, Energy: 3.8e56}, "stiff  extension -2.5e+26 m  energy 3.8e+56 J"},
	} {
		if got := springLine(&l, c.r).str(); got != c.want {
			t.Errorf("springLine(%+v) = %q, want %q", c.r, got, c.want)
		}
	}
}
