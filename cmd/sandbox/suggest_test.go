package main

import (
	"strings"
	"testing"
)

// TestTyposSuggested (issue 32 #14): a mistyped flag or command names the
// nearest real one, and every command's errors have one prefix, "sandbox:"
// and the command's name.
func TestTyposSuggested(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"-headles"}, "sandbox: -headles: no such flag; did you mean -headless?"},
		{[]string{"-headless", "-tick", "5"}, "did you mean -ticks?"},
		{[]string{"-scnee", "drop"}, "did you mean -scene?"},
		{[]string{"comapre"}, `sandbox: unexpected argument "comapre": did you mean "compare"?`},
		{[]string{"sweeep"}, `did you mean "sweep"?`},
		{[]string{"compare", "-rats", "60"}, "sandbox: compare: -rats: no such flag; did you mean -rates?"},
		{[]string{"sweep", "-speds", "10"}, "sandbox: sweep: -speds: no such flag; did you mean -speeds?"},
		{[]string{"frames", "-synthtic", "60hz"}, "sandbox: frames: -synthtic: no such flag; did you mean -synthetic?"},
		{[]string{"frames", "-synthetic", "60hz"}, "sandbox: frames: -out: required"},
		{[]string{"sweep", "-speeds", "x", "-out", "o"}, "sandbox: sweep: -speeds"},
	}
	for _, c := range cases {
		_, stderr, code := sandbox(t, c.args...)
		line := strings.TrimRight(stderr, "\n")
		if code != 2 || strings.Contains(line, "\n") || !strings.Contains(line, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and one line with %q", c.args, code, stderr, c.want)
		}
	}
	// Far from every flag: no guess.
	_, stderr, _ := sandbox(t, "-zzzzzzzz")
	if strings.Contains(stderr, "did you mean") {
		t.Errorf("-zzzzzzzz: %q guesses", stderr)
	}
}

func TestNearest(t *testing.T) {
	names := []string{"headless", "scene", "seconds", "seed", "screenshot", "stats"}
	for word, want := range map[string]string{
		"headles": "headless", "hedaless": "headless", "--headless": "headless", "scene=x": "scene",
		"secnods": "seconds", "screensh": "screenshot", "xyz": "", "": "", "stat": "stats",
	} {
		if got := nearest(word, names); got != want {
			t.Errorf("nearest(%q) = %q, want %q", word, got, want)
		}
	}
}
