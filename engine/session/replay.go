package session

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"sandbox/engine/physics"
	"sandbox/engine/scene"
)

// Replay is a record file checked by a first pass and played by a second:
// both stream it, one line at a time, so that a replay holds the header's
// scene, one line and the few lines a frame reads ahead, whatever the
// file's length. Lines are read as the session needs them: a tick's inputs
// when its step starts, a hash when the step that reaches its tick is
// checked, a rewind or end line when the branch before it is done.
type Replay struct {
	File  string
	Scene *scene.Scene
	CCD   bool // the world's CCD switch at tick 0

	src     io.ReadSeeker
	body    int64  // offset of the line after the header
	end     expect // from the first pass
	work    uint64 // ticks the replay steps, rewinds included
	rewinds int

	// The second pass, from Start on.
	rd       *lineReader
	chk      *checker
	ahead    item // the next line, read but not used (valid when hasAhead)
	hasAhead bool
	inputs   []item   // inputs read ahead of their tick (an older file's hash came after them)
	hashes   []expect // hashes read but not yet compared
	checked  int      // checkpoint hashes compared so far, all equal
	failed   error    // the first error of the second pass (Err)
}

type expect struct {
	tick   uint64
	hash   uint64
	bodies []BodyPrint
	listed bool // the line had a "bodies" list
	line   int
}

// FileError is a record file refused: one line naming the file and the
// line. Before Start, nothing has run.
type FileError struct {
	File string
	Line int
	Msg  string
}

func (e *FileError) Error() string { return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg) }

// MismatchError is a replay whose state differs from the recording's.
type MismatchError struct {
	Tick uint64
	Got  uint64
	Want uint64
	// Differs is every body that differs, "name (field, field)"; the error's
	// line names the first few and counts the rest.
	Differs []string
	// NoPrints: the expected state lists no fingerprints, so no body can be
	// named.
	NoPrints bool
}

func (e *MismatchError) Error() string {
	return fmt.Sprintf("replay differs from the recording at tick %d: %s", e.Tick, e.Detail())
}

// Detail is the error's line after the tick: the two hashes and the bodies
// that differ (a rollback words its own error around it).
func (e *MismatchError) Detail() string {
	d := "every body's fingerprint matches the recording's (the recorded hash itself differs)"
	if e.NoPrints {
		d = "the expected state lists no fingerprints to name the bodies that differ"
	}
	if n := len(e.Differs); n > 0 {
		d = "bodies that differ: " + strings.Join(e.Differs[:min(n, mismatchNamed)], ", ")
		if n > mismatchNamed {
			d += fmt.Sprintf(" and %d more", n-mismatchNamed)
		}
	}
	return fmt.Sprintf("state hash %016x, recorded %016x; %s", e.Got, e.Want, d)
}

// ParseReplay checks a record file held in memory (tests); see ReadReplay.
func ParseReplay(file string, data []byte) (*Replay, error) {
	if len(data) > MaxRecordBytes {
		return nil, &FileError{File: file, Line: 1, Msg: fmt.Sprintf("the file is larger than a recording may be (%d MiB)", MaxRecordBytes>>20)}
	}
	return ReadReplay(file, bytes.NewReader(data))
}

// ReadReplay checks a whole record file, streaming it, before anything
// runs: every line's JSON and fields, the order of ticks, the bodies each
// input and hash names, the inputs a world would refuse and the work the
// replay would take. Every error is a *FileError. src stays in use until
// the replay ends (Close closes it if it is an io.Closer).
func ReadReplay(file string, src io.ReadSeeker) (*Replay, error) {
	rp := &Replay{File: file, src: src}
	rd := newLineReader(src, 1)
	raw, err := rd.next()
	if err == io.EOF {
		return nil, rp.fail(1, "empty: not a sandbox recording")
	}
	if err == errLineTooLong {
		return nil, rp.fail(1, "the header is longer than %d MiB: the scene it embeds may be at most %d MiB, as a scene file", MaxRecordLineBytes>>20, scene.MaxFileBytes>>20)
	}
	if err != nil {
		return nil, rp.fail(1, "%v", err)
	}
	var head header
	if err := strictJSON(raw, &head); err != nil || head.Version == nil {
		return nil, rp.fail(1, "not a sandbox recording header (%s)", errText(err, `no "sandbox_record" version`))
	}
	if *head.Version != RecordVersion {
		return nil, rp.fail(1, "record format version %d; this build reads version %d", *head.Version, RecordVersion)
	}
	if head.CCD == nil || len(head.Scene) == 0 {
		return nil, rp.fail(1, `the header needs "ccd" and "scene"`)
	}
	sc, err := scene.Parse(head.SceneFile+" (embedded)", head.Scene)
	if err != nil {
		return nil, rp.fail(1, "the embedded scene: %v", err)
	}
	if head.PhysicsHz != nil || head.Substeps != nil {
		// The run overrode the scene's rate (-physics-hz, -substeps).
		r := SceneRate(sc)
		if head.PhysicsHz != nil {
			r.Hz = *head.PhysicsHz
		}
		if head.Substeps != nil {
			r.Substeps = *head.Substeps
		}
		if err := r.Validate(); err != nil {
			return nil, rp.fail(1, "the header's %v", err)
		}
		sc.SetRate(r.Hz, r.Substeps)
	}
	rp.Scene, rp.CCD, rp.body = sc, *head.CCD, rd.bytes
	chk := newChecker(sc, sc.LoopConfig().StepSeconds)
	for {
		// Past the end line too: the checker refuses whatever follows it.
		if _, err := rp.read(rd, chk); err == io.EOF {
			break
		} else if err != nil {
			return nil, err
		}
	}
	if !chk.ended {
		return nil, rp.fail(rd.line+1, "the recording ends without its end line (truncated?)")
	}
	rp.end, rp.work, rp.rewinds = chk.end, chk.work, chk.rewinds
	return rp, nil
}

func (rp *Replay) fail(line int, format string, a ...any) error {
	return &FileError{File: rp.File, Line: line, Msg: fmt.Sprintf(format, a...)}
}

// read decodes and checks the next line; io.EOF after the last.
func (rp *Replay) read(rd *lineReader, chk *checker) (item, error) {
	raw, err := rd.next()
	if err == io.EOF {
		return item{}, io.EOF
	}
	if err != nil {
		return item{}, rp.fail(rd.line, "%v", err)
	}
	it, msg := decodeItem(raw, rd.line)
	if msg == "" {
		msg = chk.add(&it)
	}
	if msg != "" {
		return item{}, rp.fail(rd.line, "%s", msg)
	}
	return it, nil
}

func strictJSON(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("more than one JSON value on the line")
	}
	return nil
}

func errText(err error, fallback string) string {
	if err == nil {
		return fallback
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}

// EndTick is the tick the recording ends at.
func (rp *Replay) EndTick() uint64 { return rp.end.tick }

// Work is the number of ticks the replay steps, every branch of a rewound
// recording counted (at most MaxReplayTicks).
func (rp *Replay) Work() uint64 { return rp.work }

// Close closes the recording's source if it is an io.Closer. Safe on nil.
func (rp *Replay) Close() error {
	if rp == nil {
		return nil
	}
	if c, ok := rp.src.(io.Closer); ok {
		return c.Close()
	}
	return nil
}

// Start prepares s (a session of rp.Scene at tick 0) to replay: the
// recording's CCD switch, its inputs fed to the steps as they run,
// fingerprints on, and a rewind ring if the recording was rewound.
func (rp *Replay) Start(s *Session) error {
	if _, err := rp.src.Seek(rp.body, io.SeekStart); err != nil {
		return fmt.Errorf("%s: %v", rp.File, err)
	}
	rp.rd = newLineReader(rp.src, 2)
	rp.rd.bytes = rp.body
	rp.chk = newChecker(rp.Scene, s.StepSeconds())
	rp.hasAhead, rp.inputs, rp.hashes = false, rp.inputs[:0], rp.hashes[:0]
	rp.checked, rp.failed = 0, nil
	s.World().SetCCD(rp.CCD)
	s.SetFingerprints(true)
	if rp.rewinds > 0 {
		s.EnableRewind(RewindTicks(s.StepSeconds()))
	}
	s.feed = rp
	s.SetStopTick(0)
	if err := rp.learnStop(s); err != nil {
		return err
	}
	return rp.advanceSegments(s)
}

// peek is the next line of the second pass.
func (rp *Replay) peek() (*item, error) {
	if !rp.hasAhead {
		it, err := rp.read(rp.rd, rp.chk)
		if err == io.EOF {
			return nil, rp.fail(rp.rd.line+1, "the recording ends without its end line (changed while it was replayed?)")
		}
		if err != nil {
			return nil, err
		}
		rp.ahead, rp.hasAhead = it, true
	}
	return &rp.ahead, nil
}

// learnStop sets the session's stop tick when the next line ends the
// branch. It is called whenever a step has read what it needed: a branch's
// end is always known before its last step, since every line before the
// rewind or end line has a tick at or below it.
func (rp *Replay) learnStop(s *Session) error {
	it, err := rp.peek()
	if err != nil {
		return err
	}
	if it.kind == itemRewind || it.kind == itemEnd {
		s.SetStopTick(it.tick)
	}
	return nil
}

// inputsAt is the session's step asking for the recorded inputs of the
// step from tick, resolved against w: bodies by creation index, refused
// (with the line) when the world has no such body.
func (rp *Replay) inputsAt(s *Session, tick uint64, buf []physics.Input) ([]physics.Input, error) {
	w := s.World()
	var err error
	for len(rp.inputs) > 0 && rp.inputs[0].tick <= tick && err == nil {
		buf, err = rp.apply(w, &rp.inputs[0], tick, buf)
		rp.inputs = rp.inputs[1:]
	}
	for err == nil && len(rp.inputs) == 0 {
		var it *item
		if it, err = rp.peek(); err != nil {
			break
		}
		if it.kind == itemInput && it.tick <= tick {
			buf, err = rp.apply(w, it, tick, buf)
		} else if it.kind == itemHash && it.tick <= tick+1 {
			rp.hashes = append(rp.hashes, it.exp)
		} else {
			break
		}
		rp.hasAhead = false
	}
	if err == nil {
		err = rp.learnStop(s)
	}
	if err != nil && rp.failed == nil {
		rp.failed = err
	}
	return buf, err
}

// apply appends the input of it, due at tick, to buf.
func (rp *Replay) apply(w *physics.World, it *item, tick uint64, buf []physics.Input) ([]physics.Input, error) {
	if it.tick != tick {
		return buf, rp.fail(it.line, "input at tick %d was not applied: the replay is at tick %d", it.tick, tick)
	}
	in := it.in
	if in.Kind == physics.InputTeleport || in.Kind == physics.InputDrag {
		i := in.Body.Index()
		if i >= w.NumBodies() {
			return buf, rp.fail(it.line, "%s", noBody(&in, tick, w.NumBodies()))
		}
		in.Body = w.ID(i)
	}
	return append(buf, in), nil
}

// hashFor returns the recorded hash of tick t, reading on as far as an
// older file may have put it (after the inputs of its frame's later ticks);
// ok is false when the recording has none.
func (rp *Replay) hashFor(t uint64) (e expect, ok bool, err error) {
	for {
		if len(rp.hashes) > 0 {
			e = rp.hashes[0]
			if e.tick < t {
				return e, false, rp.fail(e.line, "hash at tick %d was not reached: the replay is at tick %d", e.tick, t)
			}
			if e.tick > t {
				return e, false, nil
			}
			rp.hashes = rp.hashes[1:]
			return e, true, nil
		}
		it, err := rp.peek()
		if err != nil {
			return e, false, err
		}
		switch {
		case it.kind == itemHash:
			rp.hashes = append(rp.hashes, it.exp)
		case it.kind == itemInput && it.tick < t+rp.chk.maxSteps:
			rp.inputs = append(rp.inputs, *it)
		default:
			return e, false, nil
		}
		rp.hasAhead = false
	}
}

// Check compares the frame's checkpoint hashes and fingerprints with the
// recording's, and moves on to the next branch when the session reached
// the end of one. The first difference is a *MismatchError naming the tick
// and the bodies; a line the replay cannot honour is a *FileError.
func (rp *Replay) Check(s *Session, f *Frame) error {
	if rp.failed != nil {
		return rp.failed
	}
	for _, cp := range f.Checkpoints {
		e, ok, err := rp.hashFor(cp.Tick)
		if err == nil && ok {
			if err = compare(cp.Tick, cp.Hash, e, cp.Bodies); err == nil {
				rp.checked++
			}
		}
		if err != nil {
			rp.failed = err
			return err
		}
	}
	if err := rp.advanceSegments(s); err != nil {
		rp.failed = err
		return err
	}
	return nil
}

// advanceSegments rewinds into the next branch for as long as the session
// has reached the end of the current one.
func (rp *Replay) advanceSegments(s *Session) error {
	for s.Done() {
		it, err := rp.peek()
		if err != nil || it.kind != itemRewind {
			return err
		}
		if err := s.SeekTick(it.to); err != nil {
			return rp.fail(it.line, "the recording rewinds from tick %d to %d: %v", it.tick, it.to, err)
		}
		rp.hasAhead = false
		s.SetStopTick(0)
		if err := rp.learnStop(s); err != nil {
			return err
		}
	}
	return nil
}

// Err is the error that ended the replay (a mismatch, a line it could not
// honour), or nil.
func (rp *Replay) Err() error { return rp.failed }

// Checked is how many checkpoint hashes have been compared so far, all
// equal (a mismatch ends the replay).
func (rp *Replay) Checked() int { return rp.checked }

// Done reports whether the whole recording has been replayed: the session
// stopped at the end line's tick.
func (rp *Replay) Done(s *Session) bool {
	return rp.failed == nil && rp.hasAhead && rp.ahead.kind == itemEnd && s.Done()
}

// Finish checks the end: the session is at the recording's last tick with
// its state hash and fingerprints, and nothing follows the end line.
func (rp *Replay) Finish(s *Session) error {
	if rp.failed != nil {
		return rp.failed
	}
	if !rp.Done(s) || s.Tick() != rp.ahead.tick {
		return fmt.Errorf("replay stopped at tick %d before the recording's end at tick %d", s.Tick(), rp.end.tick)
	}
	end := rp.ahead.exp
	w := s.World()
	if err := compare(end.tick, w.StateHash(), end, Prints(w, nil)); err != nil {
		rp.failed = err
		return err
	}
	rp.hasAhead = false
	if _, err := rp.read(rp.rd, rp.chk); err != io.EOF {
		if err == nil {
			err = rp.fail(rp.rd.line, "a line after the end line")
		}
		rp.failed = err
		return err
	}
	return nil
}

// compare is a checkpoint's verdict: the hash and, when the line lists
// them, every body's fingerprint must be equal.
func compare(tick, got uint64, want expect, have []BodyPrint) error {
	e := &MismatchError{Tick: tick, Got: got, Want: want.hash, NoPrints: !want.listed}
	if want.listed || got != want.hash {
		for i := 0; i < max(len(have), len(want.bodies)); i++ {
			switch {
			case i >= len(have):
				e.Differs = append(e.Differs, want.bodies[i].Name+" (missing from the replay)")
			case i >= len(want.bodies):
				if want.listed {
					e.Differs = append(e.Differs, have[i].Name+" (not in the recording)")
				}
			default:
				if f := have[i].Fields(want.bodies[i]); len(f) > 0 {
					e.Differs = append(e.Differs, fmt.Sprintf("%s (%s)", want.bodies[i].Name, strings.Join(f, ", ")))
				}
			}
		}
	}
	if got == want.hash && len(e.Differs) == 0 {
		return nil
	}
	return e
}
