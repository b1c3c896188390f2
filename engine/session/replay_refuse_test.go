package session

import (
	"bytes"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"sandbox/engine/scene"
)

// splitLines is a recording's lines, without the last newline.
func splitLines(data []byte) []string {
	return strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
}

// insertAfter puts extra after the first line that starts with prefix.
func insertAfter(t *testing.T, lines []string, prefix, extra string) ([]byte, int) {
	t.Helper()
	for i, l := range lines {
		if strings.HasPrefix(l, prefix) {
			out := append(append(append([]string(nil), lines[:i+1]...), extra), lines[i+1:]...)
			return []byte(strings.Join(out, "\n") + "\n"), i + 2
		}
	}
	t.Fatalf("no line starts with %s", prefix)
	return nil, 0
}

// replace puts repl in place of the first line that starts with prefix.
func replace(t *testing.T, lines []string, prefix, repl string) ([]byte, int) {
	t.Helper()
	for i, l := range lines {
		if strings.HasPrefix(l, prefix) {
			out := append([]string(nil), lines...)
			out[i] = repl
			return []byte(strings.Join(out, "\n") + "\n"), i + 1
		}
	}
	t.Fatalf("no line starts with %s", prefix)
	return nil, 0
}

// wantFileError asserts that ParseReplay refuses data at line n with a
// message containing want, on one line.
func wantFileError(t *testing.T, name string, data []byte, n int, want string) {
	t.Helper()
	_, err := ParseReplay("rec.jsonl", data)
	var fe *FileError
	if !errors.As(err, &fe) || fe.Line != n || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "\n") {
		t.Errorf("%s: %v; want rec.jsonl:%d: ... %s", name, err, n, want)
	}
}

// shotIndex is the creation index of the recording's user shot (fired at
// tick 100) and the number of bodies before it.
func shotIndex(t *testing.T, data []byte) int {
	t.Helper()
	rp, err := ParseReplay("rec.jsonl", data)
	if err != nil {
		t.Fatal(err)
	}
	s := mustSession(t, Options{Scene: rp.Scene, StopTick: 101})
	if err := rp.Start(s); err != nil {
		t.Fatal(err)
	}
	for !s.Done() {
		if _, err := s.Advance(1.0 / 60); err != nil {
			t.Fatal(err)
		}
	}
	id, ok := s.World().FindBody("user-shot")
	if !ok {
		t.Fatal("no user-shot at tick 101")
	}
	return id.Index()
}

// Input and hash lines a replay cannot honour are refused before anything
// runs, naming the file and the line: the replay used to drop the input
// and report that everything matched.
func TestReplayRefusesWhatItCannotHonour(t *testing.T) {
	data, _ := shortRecording(t)
	lines := splitLines(data)
	shot := shotIndex(t, data)
	fire := func(half, vel string) string {
		return `{"t":"input","tick":150,"input":{"kind":"fire","fire":{"name":"bad","center":[0,2,0],"half":` + half +
			`,"orientation":[1,0,0,0],"velocity":` + vel + `,"angular_velocity":[0,0,0],"mass":1,"friction":0.5,"restitution":0,"linear_damping":0,"angular_damping":0,"ccd_fraction":0,"bullet":true}}}`
	}
	drag := func(tick, body int) string {
		return fmt.Sprintf(`{"t":"input","tick":%d,"input":{"kind":"drag","body":%d,"point":[0,0,0],"target":[0,3,0]}}`, tick, body)
	}
	cases := []struct {
		name, after, line, want string
	}{
		{"shot of no size", `{"t":"hash","tick":120,`, fire("[0,0,0]", "[1,0,0]"), "the shot cannot be created"},
		{"shot at 1e308 m/s", `{"t":"hash","tick":120,`, fire("[0.1,0.1,0.1]", "[1e308,0,0]"), "faster than"},
		{"teleport of body 999999", `{"t":"hash","tick":120,`, `{"t":"input","tick":150,"input":{"kind":"teleport","body":999999,"center":[0,2,0]}}`, "teleport of body 999999 at tick 150"},
		{"teleport beyond the world", `{"t":"hash","tick":120,`, `{"t":"input","tick":150,"input":{"kind":"teleport","body":0,"center":[1e300,2,0]}}`, "within +-"},
		{"drag of a body not there", `{"t":"hash","tick":120,`, drag(150, shot+2), fmt.Sprintf("drag of body %d at tick 150", shot+2)},
		{"drag of the shot before it is fired", `{"t":"hash","tick":60,`, drag(99, shot), fmt.Sprintf("drag of body %d at tick 99", shot)},
	}
	for _, c := range cases {
		bad, n := insertAfter(t, lines, c.after, c.line)
		wantFileError(t, c.name, bad, n, c.want)
	}

	// The shot's body exists once it is fired: a drag of it then is
	// accepted, and replays (to a different state: it was not recorded).
	ok, _ := insertAfter(t, lines, `{"t":"hash","tick":120,`, drag(150, shot))
	var m *MismatchError
	if _, err := play(t, ok, 60); !errors.As(err, &m) {
		t.Errorf("a drag of the recorded shot after it was fired: %v; want it played (and the state to differ)", err)
	}

	// Hash lines that list bodies the world does not have.
	for i, l := range lines {
		if !strings.HasPrefix(l, `{"t":"hash","tick":120,`) {
			continue
		}
		extra := strings.Replace(l, `"bodies":[`, `"bodies":[{"name":"ghost","c":1,"o":2,"v":3,"w":4,"s":false},`, 1)
		bad, _ := replace(t, lines, `{"t":"hash","tick":120,`, extra)
		wantFileError(t, "a hash listing a body too many", bad, i+1, "lists 29 bodies; the world has 28 then")
		renamed := strings.Replace(l, `"name":"crate-1"`, `"name":"crate-9"`, 1)
		bad, _ = replace(t, lines, `{"t":"hash","tick":120,`, renamed)
		wantFileError(t, "a hash renaming a scene body", bad, i+1, `lists body 0 as "crate-9"`)
	}
}

// An end line beyond the limit of ticks names the file and the line, not a
// flag that was not given.
func TestReplayEndBeyondTheLimitNamesTheLine(t *testing.T) {
	data, _ := shortRecording(t)
	lines := splitLines(data)
	last := lines[len(lines)-1]
	bad, n := replace(t, lines, `{"t":"end",`, strings.Replace(last, `"tick":300,`, `"tick":9007199254740992,`, 1))
	wantFileError(t, "end at 2^53", bad, n, "end at tick 9007199254740992: the replay would step more than the limit of 100000000 ticks")
}

// A million rewinds (600 ticks of work each) are refused at the line that
// passes the limit of work, before anything runs.
func TestReplayBoundsTheWorkOfRewinds(t *testing.T) {
	data, _ := shortRecording(t)
	var b bytes.Buffer
	b.WriteString(splitLines(data)[0] + "\n")
	for i := 0; i < 1_000_000; i++ {
		b.WriteString(`{"t":"rewind","from":600,"to":0}` + "\n")
	}
	b.WriteString(`{"t":"end","tick":600,"state":"0000000000000000"}` + "\n")
	per := uint64(600)
	wantFileError(t, "a million rewinds", b.Bytes(), int(MaxReplayTicks/per)+2, "the replay would step more than the limit")
}

// A scene embedded in a recording is held to the scene file's size limit.
func TestReplayEmbeddedSceneLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a recording larger than a scene file may be")
	}
	data, _ := shortRecording(t)
	head := splitLines(data)[0]
	i := strings.Index(head, `"scene":{`) + len(`"scene":{`)
	for _, c := range []struct {
		pad  int
		want string
	}{
		{scene.MaxFileBytes, fmt.Sprintf("more than the limit of %d", scene.MaxFileBytes)},
		{scene.MaxFileBytes + 6<<20, fmt.Sprintf("the scene it embeds may be at most %d MiB", scene.MaxFileBytes>>20)},
	} {
		var b bytes.Buffer
		b.WriteString(head[:i])
		b.Write(bytes.Repeat([]byte(" "), c.pad))
		b.WriteString(head[i:] + "\n")
		b.WriteString(`{"t":"end","tick":1,"state":"0000000000000000"}` + "\n")
		wantFileError(t, fmt.Sprintf("a scene padded to %d MiB", c.pad>>20), b.Bytes(), 1, c.want)
	}
}

// changing is a recording that reads as one file on the first pass and as
// another from the first seek on: a file changed while it was replayed.
type changing struct {
	*bytes.Reader
	later []byte
}

func (c *changing) Seek(off int64, whence int) (int64, error) {
	if c.later != nil {
		c.Reader, c.later = bytes.NewReader(c.later), nil
	}
	return c.Reader.Seek(off, whence)
}

// The replay checks each line again as it reads it: a line that appeared
// after the first pass is refused with the file and line by the time it
// is due, not applied as if it could be.
func TestReplayChecksLinesWhenReached(t *testing.T) {
	data, _ := shortRecording(t)
	lines := splitLines(data)
	bad, n := insertAfter(t, lines, `{"t":"hash","tick":120,`, `{"t":"input","tick":150,"input":{"kind":"teleport","body":999999,"center":[0,2,0]}}`)
	rp, err := ReadReplay("rec.jsonl", &changing{Reader: bytes.NewReader(data), later: bad})
	if err != nil {
		t.Fatal(err)
	}
	s := mustSession(t, Options{Scene: rp.Scene})
	err = rp.Start(s)
	for err == nil && !rp.Done(s) {
		var f *Frame
		if f, err = s.Advance(1.0 / 60); err == nil {
			err = rp.Check(s, f)
		}
	}
	var fe *FileError
	if !errors.As(err, &fe) || fe.Line != n || s.Tick() > 150 {
		t.Fatalf("a bad line that appeared after the first pass: %v at tick %d; want rec.jsonl:%d refused by tick 150", err, s.Tick(), n)
	}
}

// A mismatch on a scene of many bodies is one line naming the first few
// and counting the rest; the error keeps the whole list.
func TestMismatchLineNamesAFew(t *testing.T) {
	e := &MismatchError{Tick: 60}
	for i := 0; i < 20000; i++ {
		e.Differs = append(e.Differs, fmt.Sprintf("box-%d (center)", i))
	}
	msg := e.Error()
	if len(msg) > 400 || !strings.Contains(msg, "box-4 (center)") || strings.Contains(msg, "box-5 ") || !strings.HasSuffix(msg, "and 19995 more") {
		t.Fatalf("mismatch line of %d bytes: %.500s", len(msg), msg)
	}
}

// A replay holds one line at a time, not the file: checking and playing a
// recording of 200,000 drag lines keeps far less than the file in memory.
func TestReplayStreamsTheFile(t *testing.T) {
	data, _ := shortRecording(t)
	lines := splitLines(data)
	var b bytes.Buffer
	b.WriteString(lines[0] + "\n")
	for tick := 0; tick < 20000; tick++ {
		for k := 0; k < 10; k++ {
			fmt.Fprintf(&b, `{"t":"input","tick":%d,"input":{"kind":"drag","body":0,"point":[0.25,0.5,0.125],"target":[4.5,3.25,-14.5]}}`+"\n", tick)
		}
	}
	b.WriteString(`{"t":"end","tick":20000,"state":"0000000000000000"}` + "\n")
	file := b.Bytes()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	rp, err := ReadReplay("big.jsonl", bytes.NewReader(file))
	if err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	held := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	if held > int64(len(file))/8 {
		t.Fatalf("checking a %d-byte recording holds %d bytes afterwards", len(file), held)
	}
	// Playing it holds no more: the lines are read again as the steps
	// need them.
	s := mustSession(t, Options{Scene: rp.Scene})
	if err := rp.Start(s); err != nil {
		t.Fatal(err)
	}
	for s.Tick() < 19000 {
		f, err := s.Advance(0.1)
		if err == nil {
			err = rp.Check(s, f)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	if held := int64(after.HeapAlloc) - int64(before.HeapAlloc); held > int64(len(file))/8 {
		t.Fatalf("replaying a %d-byte recording to tick %d holds %d bytes", len(file), s.Tick(), held)
	}
	runtime.KeepAlive(rp)
	runtime.KeepAlive(s)
}
