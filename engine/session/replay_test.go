package session

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/physics"
	"sandbox/engine/scene"
)

// recording is a session being recorded as the window records one.
type recording struct {
	s     *Session
	rec   *Recorder
	out   *bytes.Buffer
	frame func(f *Frame) // what records a frame (the recorder, or an older writer)
}

func newRecording(t testing.TB, name string) *recording {
	t.Helper()
	sc, src, err := scene.LoadSource(name)
	if err != nil {
		t.Fatal(err)
	}
	s := mustSession(t, Options{Scene: sc})
	s.SetFingerprints(true)
	s.EnableRewind(RewindTicks(s.StepSeconds()))
	out := new(bytes.Buffer)
	rec, err := NewRecorder(out, sc.File, src, s.World().CCD(), Rate{})
	if err != nil {
		t.Fatal(err)
	}
	return &recording{s: s, rec: rec, out: out, frame: rec.Frame}
}

func (r *recording) advance(t testing.TB, seconds float64) *Frame {
	t.Helper()
	f, err := r.s.Advance(seconds)
	if err != nil {
		t.Fatal(err)
	}
	r.frame(f)
	return f
}

func (r *recording) end(t testing.TB) []byte {
	t.Helper()
	if err := r.rec.End(r.s.World()); err != nil {
		t.Fatal(err)
	}
	return r.out.Bytes()
}

// userSession records what a user does on the range with a slow display
// (10 Hz at a time scale of 2: frames of 8 steps, the loop's cap): a drag
// held across frames, two shots, CCD switched off and on, a rewind while
// paused and a resumption with another drag, to tick 900.
func userSession(t testing.TB, r *recording) []byte {
	s := r.s
	crate, _ := s.World().FindBody("crate-1")
	if err := s.Loop().SetTimeScale(2); err != nil {
		t.Fatal(err)
	}
	multi, rewound := 0, false
	for s.Tick() < 900 {
		tick := s.Tick()
		switch {
		case tick >= 40 && tick < 200:
			target := mgl64.Vec3{4, 3 + float64(tick)/100, -14}
			s.Hold(physics.Input{Kind: physics.InputDrag, Body: crate, Point: mgl64.Vec3{0, 0.5, 0}, Target: target})
		case tick >= 640 && tick < 760:
			s.Hold(physics.Input{Kind: physics.InputDrag, Body: crate, Point: mgl64.Vec3{0.5, 0, 0}, Target: mgl64.Vec3{2, 4, -10}})
		default:
			s.Release()
		}
		if tick >= 100 && tick < 108 && len(s.Pending()) == 0 {
			s.Queue(userShot(fmt.Sprintf("user-shot-%d", tick)))
		}
		if tick >= 250 && tick < 258 && s.World().CCD() {
			s.Queue(physics.Input{Kind: physics.InputSetCCD, Enabled: false})
		}
		if tick >= 330 && tick < 338 && !s.World().CCD() {
			s.Queue(physics.Input{Kind: physics.InputSetCCD, Enabled: true})
		}
		if tick >= 500 && !rewound {
			// Pause, step back 130 ticks and resume with another shot.
			rewound = true
			s.Loop().SetPaused(true)
			for i := 0; i < 130; i++ {
				s.StepBack()
			}
			s.Loop().SetPaused(false)
			s.Queue(userShot("after-rewind"))
		}
		if f := r.advance(t, 0.1); f.Steps > 1 {
			multi++
		}
	}
	if multi < 50 {
		t.Fatalf("only %d frames ran more than one step: the recording does not test that", multi)
	}
	return r.end(t)
}

// play replays data on a display of hz, as headless and window runs do:
// Start, then per frame Advance and Check, and Finish.
func play(t testing.TB, data []byte, hz float64) (*Replay, error) {
	t.Helper()
	rp, err := ParseReplay("rec.jsonl", data)
	if err != nil {
		return nil, err
	}
	s := mustSession(t, Options{Scene: rp.Scene})
	if err := rp.Start(s); err != nil {
		return rp, err
	}
	for frames := 0; !rp.Done(s); frames++ {
		if frames > 1_000_000 {
			t.Fatal("the replay never ends")
		}
		f, err := s.Advance(1 / hz)
		if err != nil {
			return rp, err
		}
		if err := rp.Check(s, f); err != nil {
			return rp, err
		}
	}
	return rp, rp.Finish(s)
}

// A recording made with several steps per frame, drags, shots, CCD
// switches and a rewind replays with every hash equal at other display
// rates; its lines are in tick order (inputs of tick T, then the hash of
// T+1), as the steps ran.
func TestReplayOfSeveralStepsPerFrame(t *testing.T) {
	data := userSession(t, newRecording(t, "range"))
	for _, want := range []string{`"kind":"drag"`, `"kind":"fire"`, `"kind":"ccd"`, `"t":"rewind"`} {
		if !bytes.Contains(data, []byte(want)) {
			t.Fatalf("the recording has no %s line", want)
		}
	}
	checkTickOrder(t, data)
	for _, hz := range []float64{144, 60, 7} {
		rp, err := play(t, data, hz)
		if err != nil {
			t.Fatalf("replay at %v Hz: %v", hz, err)
		}
		if rp.Checked() < 15 {
			t.Fatalf("replay at %v Hz compared only %d hashes", hz, rp.Checked())
		}
	}
}

// checkTickOrder holds every line after the header to the writing rule:
// within a branch, an input's tick is at least the last hash's, and a hash
// comes after every input of an earlier tick.
func checkTickOrder(t *testing.T, data []byte) {
	t.Helper()
	var lastHash, lastInput uint64
	for i, raw := range bytes.Split(bytes.TrimSpace(data), []byte("\n"))[1:] {
		var l recLine
		if err := json.Unmarshal(raw, &l); err != nil {
			t.Fatal(err)
		}
		switch l.T {
		case "input":
			if l.Tick < lastHash {
				t.Fatalf("line %d: input at tick %d after the hash of tick %d", i+2, l.Tick, lastHash)
			}
			lastInput = l.Tick
		case "hash":
			if lastInput >= l.Tick {
				t.Fatalf("line %d: hash of tick %d after an input at tick %d", i+2, l.Tick, lastInput)
			}
			lastHash = l.Tick
		case "rewind":
			lastHash, lastInput = 0, 0
		}
	}
}

// oldFrame is how earlier versions recorded a frame: the rewind line, all
// the frame's inputs, then all its hashes.
func oldFrame(r *Recorder) func(f *Frame) {
	return func(f *Frame) {
		if f.HasRewound {
			to := f.Rewound.To
			r.line(recLine{T: "rewind", From: f.Rewound.From, To: &to})
		}
		for _, in := range f.Inputs {
			r.input(in)
		}
		for _, cp := range f.Checkpoints {
			r.line(recLine{T: "hash", Tick: cp.Tick, State: hex(cp.Hash), Bodies: encodePrints(cp.Bodies)})
		}
		if f.Steps > 0 || f.HasRewound {
			r.newest = f.Tick
		}
	}
}

// Recordings written by earlier versions (a frame's inputs before its
// hashes) still replay: their order is unambiguous.
func TestReplayOfOlderFrameOrder(t *testing.T) {
	r := newRecording(t, "range")
	r.frame = oldFrame(r.rec)
	data := userSession(t, r)
	for _, hz := range []float64{60, 144} {
		if _, err := play(t, data, hz); err != nil {
			t.Fatalf("older recording at %v Hz: %v", hz, err)
		}
	}
}

// shortRecording is 300 ticks of the range at 60 Hz with a shot queued to
// apply at tick 100; it returns the file and the shot's tick as the frame
// reported it.
func shortRecording(t *testing.T) ([]byte, uint64) {
	r := newRecording(t, "range")
	var shotTick uint64
	for r.s.Tick() < 300 {
		if r.s.Tick() == 100 {
			r.s.Queue(userShot("user-shot"))
		}
		f := r.advance(t, 1.0/60)
		for _, in := range f.Inputs {
			shotTick = in.Tick
		}
	}
	if shotTick != 100 {
		t.Fatalf("the shot applied at tick %d, want 100", shotTick)
	}
	return r.end(t), shotTick
}

// The recorder writes each input with the tick it applied at, and the
// replay applies it there: a recording stamped a tick late would replay
// to a different state.
func TestRecordedInputsKeepTheirTick(t *testing.T) {
	data, shotTick := shortRecording(t)
	if !bytes.Contains(data, []byte(fmt.Sprintf(`{"t":"input","tick":%d,`, shotTick))) {
		t.Fatalf("no input line at tick %d:\n%.600s", shotTick, data)
	}
	if _, err := play(t, data, 60); err != nil {
		t.Fatal(err)
	}
	late := bytes.Replace(data, []byte(fmt.Sprintf(`{"t":"input","tick":%d,`, shotTick)), []byte(fmt.Sprintf(`{"t":"input","tick":%d,`, shotTick+1)), 1)
	var m *MismatchError
	if _, err := play(t, late, 60); !errors.As(err, &m) || m.Tick != 120 {
		t.Fatalf("the shot a tick late: %v; want a mismatch at tick 120", err)
	}
}

// Every checkpoint hash is compared: one changed hash line, or one
// changed fingerprint with the hash left as it was, is a mismatch at its
// tick.
func TestReplayComparesEveryCheckpoint(t *testing.T) {
	data, _ := shortRecording(t)
	lines := strings.Split(string(data), "\n")
	for _, tick := range []int{60, 180, 240} {
		for _, field := range []string{`"state":"`, `"c":`} {
			bad := append([]string(nil), lines...)
			for i, l := range bad {
				if strings.HasPrefix(l, fmt.Sprintf(`{"t":"hash","tick":%d,`, tick)) {
					j := strings.Index(l, field) + len(field)
					c := byte('1')
					if l[j] == '1' {
						c = '2'
					}
					bad[i] = l[:j] + string(c) + l[j+1:]
				}
			}
			var m *MismatchError
			_, err := play(t, []byte(strings.Join(bad, "\n")), 60)
			if !errors.As(err, &m) || m.Tick != uint64(tick) {
				t.Errorf("%s changed at tick %d: %v; want a mismatch at that tick", field, tick, err)
			}
		}
	}
}

// A recording that ends while rewound (paused, stepped back, then quit)
// replays to the tick it was left at.
func TestReplayEndingRewound(t *testing.T) {
	r := newRecording(t, "range")
	for r.s.Tick() < 300 {
		r.advance(t, 1.0/60)
	}
	r.s.Loop().SetPaused(true)
	for i := 0; i < 100; i++ {
		r.s.StepBack()
	}
	data := r.end(t)
	if !bytes.Contains(data, []byte(`{"t":"rewind","from":300,"to":200}`)) || !bytes.Contains(data, []byte(`{"t":"end","tick":200,`)) {
		t.Fatalf("the recording does not end rewound at tick 200:\n%s", data[len(data)-400:])
	}
	rp, err := play(t, data, 144)
	if err != nil || rp.Checked() != 5 {
		t.Fatalf("replay of a recording ending rewound: %v (%d hashes compared, want 5)", err, rp.Checked())
	}
}
