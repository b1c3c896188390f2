package session

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"sandbox/engine/scene"
)

// Replay is a parsed record file: the embedded scene and, per branch of the
// session (a rewind starts a new one), its inputs and checkpoint hashes.
type Replay struct {
	File  string
	Scene *scene.Scene
	CCD   bool // the world's CCD switch at tick 0
	segs  []segment
	end   expect

	seg     int // the segment being replayed
	next    int // its next expected hash
	done    bool
	checked int // checkpoint hashes compared so far
}

// segment is one branch: inputs and hashes from its first tick to Until,
// after which the session is rewound to RewindTo (the last has none).
type segment struct {
	inputs   []Stamped
	hashes   []expect
	until    uint64
	rewindTo uint64
	last     bool
}

type expect struct {
	tick   uint64
	hash   uint64
	bodies []BodyPrint
	line   int
}

// FileError is a record file refused before anything runs: one line naming
// the file and the line.
type FileError struct {
	File string
	Line int
	Msg  string
}

func (e *FileError) Error() string { return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg) }

// MismatchError is a replay whose state differs from the recording's.
type MismatchError struct {
	Tick    uint64
	Got     uint64
	Want    uint64
	Differs []string // "name (field, field)" for each body that differs
}

func (e *MismatchError) Error() string {
	d := "every body's fingerprint matches the recording's (the recorded hash itself differs)"
	if len(e.Differs) > 0 {
		d = "bodies that differ: " + strings.Join(e.Differs, ", ")
	}
	return fmt.Sprintf("replay differs from the recording at tick %d: state hash %016x, recorded %016x; %s", e.Tick, e.Got, e.Want, d)
}

// ParseReplay reads a record file's bytes; every error is a *FileError.
func ParseReplay(file string, data []byte) (*Replay, error) {
	fail := func(line int, format string, a ...any) (*Replay, error) {
		return nil, &FileError{File: file, Line: line, Msg: fmt.Sprintf(format, a...)}
	}
	if len(data) > MaxRecordBytes {
		return fail(1, "the file is larger than a recording may be (%d MiB)", MaxRecordBytes>>20)
	}
	lines := bytes.Split(data, []byte("\n"))
	if n := len(lines); n > 0 && len(lines[n-1]) == 0 {
		lines = lines[:n-1]
	}
	if len(lines) == 0 {
		return fail(1, "empty: not a sandbox recording")
	}
	var head struct {
		Version   *int            `json:"sandbox_record"`
		SceneFile string          `json:"scene_file"`
		CCD       *bool           `json:"ccd"`
		PhysicsHz *float64        `json:"physics_hz"`
		Substeps  *int            `json:"substeps"`
		Scene     json.RawMessage `json:"scene"`
	}
	if err := strictJSON(lines[0], &head); err != nil || head.Version == nil {
		return fail(1, "not a sandbox recording header (%s)", errText(err, `no "sandbox_record" version`))
	}
	if *head.Version != RecordVersion {
		return fail(1, "record format version %d; this build reads version %d", *head.Version, RecordVersion)
	}
	if head.CCD == nil || len(head.Scene) == 0 {
		return fail(1, `the header needs "ccd" and "scene"`)
	}
	sc, err := scene.Parse(head.SceneFile+" (embedded)", head.Scene)
	if err != nil {
		return fail(1, "the embedded scene: %v", err)
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
			return fail(1, "the header's %v", err)
		}
		sc.SetRate(r.Hz, r.Substeps)
	}
	rp := &Replay{File: file, Scene: sc, CCD: *head.CCD}
	seg := segment{}
	var lastTick uint64
	ended := false
	for i, raw := range lines[1:] {
		n := i + 2
		if ended {
			return fail(n, "a line after the end line")
		}
		var l recLine
		if err := strictJSON(raw, &l); err != nil {
			return fail(n, "%v", errText(err, ""))
		}
		switch l.T {
		case "input":
			if l.Input == nil {
				return fail(n, `an input line needs "input"`)
			}
			if l.Tick < lastTick {
				return fail(n, "input at tick %d comes after tick %d", l.Tick, lastTick)
			}
			in, msg := decodeInput(l.Input)
			if msg != "" {
				return fail(n, "%s", msg)
			}
			seg.inputs = append(seg.inputs, Stamped{Tick: l.Tick, Input: in})
			lastTick = l.Tick
		case "hash", "end":
			h, err := strconv.ParseUint(l.State, 16, 64)
			if err != nil || len(l.State) != 16 {
				return fail(n, "state %q: want 16 hex digits", l.State)
			}
			if l.T == "hash" && (l.Tick == 0 || l.Tick%CheckpointEvery != 0) {
				return fail(n, "hash at tick %d: checkpoints come every %d ticks", l.Tick, CheckpointEvery)
			}
			if l.Tick < lastTick {
				return fail(n, "%s at tick %d comes after tick %d", l.T, l.Tick, lastTick)
			}
			e := expect{tick: l.Tick, hash: h, bodies: decodePrints(l.Bodies), line: n}
			lastTick = l.Tick
			if l.T == "hash" {
				seg.hashes = append(seg.hashes, e)
				continue
			}
			if l.Tick == 0 {
				return fail(n, "the recording ends at tick 0: nothing to replay")
			}
			seg.until, seg.last = l.Tick, true
			rp.segs = append(rp.segs, seg)
			rp.end, ended = e, true
		case "rewind":
			if l.To == nil || *l.To > l.From || l.From < lastTick {
				return fail(n, `a rewind line needs "from" (>= the last tick so far) and "to" (<= from)`)
			}
			seg.until, seg.rewindTo = l.From, *l.To
			rp.segs = append(rp.segs, seg)
			seg = segment{}
			lastTick = *l.To
		default:
			return fail(n, `unknown line type %q (want input, hash, rewind or end)`, l.T)
		}
	}
	if !ended {
		return fail(len(lines)+1, "the recording ends without its end line (truncated?)")
	}
	return rp, nil
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

// Start prepares s (a session of rp.Scene at tick 0) to replay: the
// recording's CCD switch, its first branch's inputs and stop tick,
// fingerprints on, and a rewind ring if the recording was rewound.
func (rp *Replay) Start(s *Session) error {
	s.World().SetCCD(rp.CCD)
	s.SetFingerprints(true)
	if len(rp.segs) > 1 {
		s.EnableRewind(RewindTicks(s.StepSeconds()))
	}
	rp.seg, rp.next, rp.done, rp.checked = 0, 0, false, 0
	if err := s.SetSchedule(rp.segs[0].inputs); err != nil {
		return err
	}
	s.SetStopTick(rp.segs[0].until)
	return rp.advanceSegments(s)
}

// Check compares the frame's checkpoint hashes with the recording's, and
// moves on to the next branch when the session reached the end of one. The
// first difference is a *MismatchError naming the tick and the bodies.
func (rp *Replay) Check(s *Session, f *Frame) error {
	sg := &rp.segs[rp.seg]
	for _, cp := range f.Checkpoints {
		for rp.next < len(sg.hashes) && sg.hashes[rp.next].tick < cp.Tick {
			rp.next++ // cannot happen for a file this program wrote
		}
		if rp.next < len(sg.hashes) && sg.hashes[rp.next].tick == cp.Tick {
			e := sg.hashes[rp.next]
			rp.next++
			rp.checked++
			if e.hash != cp.Hash {
				return mismatch(cp.Tick, cp.Hash, e, cp.Bodies)
			}
		}
	}
	return rp.advanceSegments(s)
}

// advanceSegments rewinds into the next branch for as long as the session
// has reached the end of the current one.
func (rp *Replay) advanceSegments(s *Session) error {
	for s.Done() && !rp.segs[rp.seg].last {
		sg := rp.segs[rp.seg]
		if err := s.SeekTick(sg.rewindTo); err != nil {
			return fmt.Errorf("%s: the recording rewinds from tick %d to %d: %v", rp.File, sg.until, sg.rewindTo, err)
		}
		rp.seg++
		rp.next = 0
		next := rp.segs[rp.seg]
		if err := s.SetSchedule(next.inputs); err != nil {
			return err
		}
		s.SetStopTick(next.until)
	}
	return nil
}

// Checked is how many checkpoint hashes have been compared so far.
func (rp *Replay) Checked() int { return rp.checked }

// Done reports whether the whole recording has been replayed.
func (rp *Replay) Done(s *Session) bool { return rp.segs[rp.seg].last && s.Done() }

// Finish checks the end: the session is at the recording's last tick with
// its state hash.
func (rp *Replay) Finish(s *Session) error {
	if !rp.Done(s) || s.Tick() != rp.end.tick {
		return fmt.Errorf("replay stopped at tick %d before the recording's end at tick %d", s.Tick(), rp.end.tick)
	}
	w := s.World()
	if h := w.StateHash(); h != rp.end.hash {
		return mismatch(rp.end.tick, h, rp.end, Prints(w, nil))
	}
	rp.done = true
	return nil
}

// mismatch names the bodies whose fingerprints differ.
func mismatch(tick, got uint64, want expect, have []BodyPrint) error {
	e := &MismatchError{Tick: tick, Got: got, Want: want.hash}
	for i := 0; i < max(len(have), len(want.bodies)); i++ {
		switch {
		case i >= len(have):
			e.Differs = append(e.Differs, want.bodies[i].Name+" (missing from the replay)")
		case i >= len(want.bodies):
			e.Differs = append(e.Differs, have[i].Name+" (not in the recording)")
		default:
			if f := have[i].Fields(want.bodies[i]); len(f) > 0 {
				e.Differs = append(e.Differs, fmt.Sprintf("%s (%s)", want.bodies[i].Name, strings.Join(f, ", ")))
			}
		}
	}
	return e
}
