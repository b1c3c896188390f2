package oneline

import "testing"

func TestEscape(t *testing.T) {
	for in, want := range map[string]string{
		"plain file.json": "plain file.json",
		"a\nb\r":          `a\nb\r`,
		"x\x1b[31mred\a":  `x\x1b[31mred\a`,
		"tab\there, é ok": `tab\there, é ok`,
	} {
		if got := Escape(in); got != want {
			t.Errorf("Escape(%q) = %q, want %q", in, got, want)
		}
	}
}
