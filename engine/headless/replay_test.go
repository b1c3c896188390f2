package headless

import (
	"bytes"
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/physics"
	"sandbox/engine/scene"
	"sandbox/engine/session"
)

func sceneSource(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile("../scene/builtin/" + name + ".json")
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func shot(name string, vx float64) physics.Input {
	d := physics.DefaultBodyDef()
	d.Name, d.Center, d.Velocity, d.Half, d.Mass = name, mgl64.Vec3{-2, 1.5, 0}, mgl64.Vec3{vx, 0, 0.5}, mgl64.Vec3{0.1, 0.1, 0.1}, 0.1
	return physics.Input{Kind: physics.InputFire, Fire: d}
}

// recordingRange opens a session of the built-in range scene with
// fingerprints on, and a recorder writing it to the returned buffer.
func recordingRange(t *testing.T) (*session.Session, *session.Recorder, *bytes.Buffer) {
	t.Helper()
	src := sceneSource(t, "range")
	sc, err := scene.Parse("builtin/range.json", src)
	if err != nil {
		t.Fatal(err)
	}
	s, err := session.New(session.Options{Scene: sc})
	if err != nil {
		t.Fatal(err)
	}
	s.SetFingerprints(true)
	out := new(bytes.Buffer)
	rec, err := session.NewRecorder(out, sc.File, src, s.World().CCD(), session.Rate{})
	if err != nil {
		t.Fatal(err)
	}
	return s, rec, out
}

// record runs the range scene at 144 Hz as a user would: a shot queued at
// tick 100, CCD off at 130, then paused at 300, stepped back to 200 and
// resumed with another shot, to tick 420. It returns the record file.
func record(t *testing.T) []byte {
	t.Helper()
	s, rec, out := recordingRange(t)
	s.EnableRewind(session.RewindTicks(s.StepSeconds()))
	queued := map[uint64]bool{}
	at := func(tick uint64, in physics.Input) {
		if s.Tick() >= tick-2 && !queued[tick] && s.Tick() <= tick {
			queued[tick] = true
			s.Queue(in)
		}
	}
	frame := func() {
		f, err := s.Advance(1.0 / 144)
		if err != nil {
			t.Fatal(err)
		}
		rec.Frame(f)
	}
	for s.Tick() < 300 {
		at(100, shot("user-shot-1", 900))
		at(130, physics.Input{Kind: physics.InputSetCCD, Enabled: false})
		frame()
	}
	s.Loop().SetPaused(true)
	for s.Tick() > 200 {
		s.StepBack()
	}
	s.Loop().SetPaused(false)
	delete(queued, 260)
	for s.Tick() < 420 {
		at(260, shot("user-shot-2", 1500))
		frame()
	}
	if err := rec.End(s.World()); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

func replay(t *testing.T, data []byte, d DisplayDef) (*Report, error) {
	t.Helper()
	rp, err := session.ParseReplay("rec.jsonl", data)
	if err != nil {
		t.Fatal(err)
	}
	s, err := session.New(session.Options{Scene: rp.Scene})
	if err != nil {
		t.Fatal(err)
	}
	return RunSession(s, Options{Scene: rp.Scene, Display: d, Ticks: rp.EndTick(), Replay: rp})
}

// A recording with shots, a CCD switch and a rewind replays with every
// hash equal on other displays, jittered and hitching.
func TestReplayReproducesEveryHash(t *testing.T) {
	data := record(t)
	if !bytes.Contains(data, []byte(`"t":"rewind","from":300,"to":200`)) || bytes.Count(data, []byte(`"kind":"fire"`)) != 2 {
		t.Fatalf("the recording lacks the rewind or the two shots (one before the rewind, one after):\n%.2000s", data)
	}
	for _, d := range []DisplayDef{{Hz: 60}, {Hz: 144, Jitter: 0.5, Seed: 3}, {Hz: 30, HitchEvery: 7, HitchSeconds: 0.1}} {
		rep, err := replay(t, data, d)
		if err != nil {
			t.Fatalf("%+v: %v", d, err)
		}
		if rep.Ticks != 420 {
			t.Fatalf("%+v: replay ended at tick %d, want 420", d, rep.Ticks)
		}
	}
}

// A tampered input makes the replay fail at the first checkpoint after it,
// naming the tick and the body and fields that differ.
func TestTamperedReplayFailsAtItsTick(t *testing.T) {
	data := record(t)
	bad := bytes.Replace(data, []byte(`"velocity":[900,`), []byte(`"velocity":[901,`), 1)
	if bytes.Equal(bad, data) {
		t.Fatal("no shot at 900 m/s to tamper with")
	}
	_, err := replay(t, bad, DisplayDef{Hz: 60})
	var m *session.MismatchError
	if !errors.As(err, &m) || m.Tick != 120 {
		t.Fatalf("error %v; want a mismatch at tick 120, the first checkpoint after the shot at 100", err)
	}
	if msg := m.Error(); !strings.Contains(msg, "user-shot-1 (center") || !strings.Contains(msg, "tick 120") {
		t.Fatalf("mismatch %q does not name the shot and its centre", msg)
	}
	// A tampered hash: the mismatch is at that hash's tick.
	lines := strings.Split(string(data), "\n")
	for i, l := range lines {
		if strings.Contains(l, `"t":"hash","tick":240`) {
			j := strings.Index(l, `"state":"`) + len(`"state":"`)
			c := "0"
			if l[j] == '0' {
				c = "1"
			}
			lines[i] = l[:j] + c + l[j+1:]
		}
	}
	_, err = replay(t, []byte(strings.Join(lines, "\n")), DisplayDef{Hz: 144})
	if !errors.As(err, &m) || m.Tick != 240 {
		t.Fatalf("tampered hash at tick 240: error %v", err)
	}
}

// Corrupt, truncated, wrong-version and oversized files are refused with the
// line that is wrong, before anything runs.
func TestCorruptReplayNamesTheLine(t *testing.T) {
	data := string(record(t))
	lines := strings.Split(strings.TrimSuffix(data, "\n"), "\n")
	with := func(i int, l string) string {
		c := append([]string(nil), lines...)
		c[i] = l
		return strings.Join(c, "\n") + "\n"
	}
	cases := []struct {
		name, data, want string
	}{
		{"bad JSON", with(2, `{"t":"input","tick":`), "rec.jsonl:3:"},
		{"unknown line", with(3, `{"t":"teleport","tick":5}`), "rec.jsonl:4: unknown line type"},
		{"unknown field", with(2, `{"t":"hash","tick":60,"state":"0000000000000000","extra":1}`), "rec.jsonl:3:"},
		{"wrong version", with(0, strings.Replace(lines[0], `"sandbox_record":1`, `"sandbox_record":2`, 1)), "rec.jsonl:1: record format version 2"},
		{"truncated", strings.Join(lines[:len(lines)-1], "\n") + "\n", "without its end line"},
		{"cut mid-line", data[:len(data)-20], "rec.jsonl:" + itoa(len(lines)) + ":"},
		{"bad hash", with(len(lines)-1, `{"t":"end","tick":420,"state":"xyz"}`), "want 16 hex digits"},
		{"ticks backwards", with(3, lines[3]+"\n"+`{"t":"input","tick":1,"input":{"kind":"ccd","enabled":true}}`), "rec.jsonl:5: input at tick 1 comes after"},
		{"bad input", with(2, `{"t":"input","tick":70,"input":{"kind":"explode"}}`), "rec.jsonl:3: unknown input kind"},
		{"not a recording", "hello\n", "rec.jsonl:1: not a sandbox recording"},
		{"oversized", data + strings.Repeat(" ", session.MaxRecordBytes), "larger than a recording may be"},
	}
	for _, c := range cases {
		_, err := session.ParseReplay("rec.jsonl", []byte(c.data))
		var fe *session.FileError
		if !errors.As(err, &fe) || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error %v, want one line containing %q", c.name, err, c.want)
		}
	}
}

func itoa(i int) string { return strconv.Itoa(i) }
