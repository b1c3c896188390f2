package headless

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"sandbox/engine/session"
)

// A replay stopped by SIGINT or SIGTERM (Interrupted) ends as any other
// interrupted run: the report so far and ErrInterrupted, which the program
// turns into exit 130 or 143 with the partial trace kept. It used to fail
// with "replay stopped at tick ... before the recording's end" (exit 1).
func TestInterruptedReplayIsAnInterruption(t *testing.T) {
	data := record(t)
	rp, err := session.ParseReplay("rec.jsonl", data)
	if err != nil {
		t.Fatal(err)
	}
	s, err := session.New(session.Options{Scene: rp.Scene})
	if err != nil {
		t.Fatal(err)
	}
	frames := 0
	var trace bytes.Buffer
	rep, err := RunSession(s, Options{Scene: rp.Scene, Display: DisplayDef{Hz: 60}, Ticks: rp.EndTick(), Replay: rp, Trace: &trace,
		Interrupted: func() bool { frames++; return frames > 100 }})
	if !errors.Is(err, ErrInterrupted) || rep == nil || rep.Ticks != 100 {
		t.Fatalf("replay interrupted after 100 frames: report %v, error %v; want the report at tick 100 and ErrInterrupted", rep != nil, err)
	}
	if n := strings.Count(trace.String(), "\n"); n != 100 {
		t.Fatalf("the trace holds %d lines, want the 100 frames run", n)
	}
}

// A replay that differs returns the report so far with every body that
// differs, while the error's one line names only a few.
func TestMismatchReportListsEveryBody(t *testing.T) {
	data := record(t)
	// Gravity's sign flipped in the embedded scene: every moving body differs.
	bad := bytes.Replace(data, []byte(`"gravity":[0,-9.81,0]`), []byte(`"gravity":[0,-9.8,0]`), 1)
	if bytes.Equal(bad, data) {
		t.Fatal("no gravity to change")
	}
	_, err := replay(t, bad, DisplayDef{Hz: 60})
	var m *session.MismatchError
	if !errors.As(err, &m) || len(m.Differs) <= 5 {
		t.Fatalf("error %v; want a mismatch of more than 5 bodies", err)
	}
	rp, _ := session.ParseReplay("rec.jsonl", bad)
	s, _ := session.New(session.Options{Scene: rp.Scene})
	rep, err := RunSession(s, Options{Scene: rp.Scene, Display: DisplayDef{Hz: 60}, Ticks: rp.EndTick(), Replay: rp})
	if !errors.As(err, &m) || rep == nil || rep.Replay == nil || rep.Replay.Matches || len(rep.Replay.Differs) != len(m.Differs) || rep.Replay.MismatchTick != m.Tick {
		t.Fatalf("report %+v, error %v; want the report's replay section to list all %d bodies", rep, err, len(m.Differs))
	}
	if msg := err.Error(); !strings.Contains(msg, "more") || strings.Count(msg, "(") > 7 {
		t.Fatalf("mismatch line %q names more than a few bodies", msg)
	}
}

// The display-frame bound of a replay counts every branch of the
// recording, and names the recording rather than -ticks.
func TestReplayWorkBoundNamesTheRecording(t *testing.T) {
	rp, err := session.ParseReplay("rec.jsonl", record(t))
	if err != nil {
		t.Fatal(err)
	}
	if rp.Work() != 420+100 {
		t.Fatalf("work %d ticks; want 520 (300 to the rewind, 220 from tick 200 to 420)", rp.Work())
	}
	o := Options{Scene: rp.Scene, Display: DisplayDef{Hz: 60}, Ticks: rp.EndTick(), Replay: rp}
	if err := o.Validate(); err != nil {
		t.Fatal(err)
	}
	if o.framesFor(rp.Work()) <= o.framesFor(rp.EndTick()) {
		t.Fatal("the frames of the work are not more than those of the end tick")
	}
	// 9x10^7 ticks (within the replay's limit) at 10^5 Hz: 1.5x10^11 frames.
	head := bytes.SplitAfter(record(t), []byte("\n"))[0]
	long := append(append([]byte{}, head...), `{"t":"end","tick":90000000,"state":"0000000000000000"}`+"\n"...)
	if rp, err = session.ParseReplay("long.jsonl", long); err != nil {
		t.Fatal(err)
	}
	o = Options{Scene: rp.Scene, Display: DisplayDef{Hz: MaxDisplayHz}, Ticks: rp.EndTick(), Replay: rp}
	if err := o.Validate(); err == nil || !strings.Contains(err.Error(), "-replay long.jsonl: 90000000 ticks") || strings.Contains(err.Error(), "-ticks") {
		t.Fatalf("a replay beyond the frame bound: %v; want an error naming the recording", err)
	}
}
