package session

import (
	"os"
	"testing"
)

// TestRecordPlayerField: an input line's "player" is read (1 when absent,
// as in every older file), and a player other than 1 or 2, or one on a line
// that is not an input, is refused naming the line.
func TestRecordPlayerField(t *testing.T) {
	data, err := os.ReadFile(duelFile)
	if err != nil {
		t.Fatal(err)
	}
	rp, err := ParseReplay(duelFile, data)
	if err != nil {
		t.Fatal(err)
	}
	tl, err := RecordingTimeline(rp, false)
	if err != nil {
		t.Fatal(err)
	}
	if p := tl.Players(); p[1] != 9 || p[2] != 143 {
		t.Fatalf("players' inputs %v: want 9 of player 1 and 143 of player 2", p)
	}
	lines := splitLines(data)
	bad, n := replace(t, lines, `{"t":"input","tick":20,`,
		`{"t":"input","tick":20,"player":3,"input":{"kind":"ccd","enabled":true}}`)
	wantFileError(t, "player 3", bad, n, "player 3: want 1 or 2")
	bad, n = replace(t, lines, `{"t":"hash","tick":60,`, `{"t":"hash","tick":60,"player":2,"state":"0000000000000000"}`)
	wantFileError(t, "player on a hash line", bad, n, `"player" belongs on input lines only`)
}
