package main

import "testing"

// TestWindowInterruptNote (issue 32 #12): Ctrl-C on a window run names only
// the outputs that were asked for; `make run` asked for none.
func TestWindowInterruptNote(t *testing.T) {
	cases := []struct {
		o    options
		want string
	}{
		{options{}, "window closed"},
		{options{stats: "s.json"}, "window closed; -stats not written"},
		{options{stats: "s.json", screenshot: "s.png"}, "window closed; -stats and -screenshot not written"},
		{options{screenshot: "s.png", trace: "t.jsonl", record: "r.jsonl"}, "window closed; -screenshot, -trace and -record not written"},
	}
	for _, c := range cases {
		if got := windowInterruptNote(&c.o); got != c.want {
			t.Errorf("%+v: %q, want %q", c.o, got, c.want)
		}
	}
}
