package session

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"sandbox/engine/physics"
)

// Recorder writes a record file as a session runs: the header at once,
// then after every frame a rewind line when the frame resumed from a
// rewound tick, the frame's inputs and checkpoint hashes in tick order,
// and End's line.
type Recorder struct {
	out    *bufio.Writer
	err    error
	newest uint64 // the furthest tick recorded on the current branch
	ended  bool
}

// NewRecorder writes the header: the format version, where the scene came
// from, the CCD switch the world starts with, the rate when the run
// overrides the scene's (the zero Rate: the scene's own), and sceneJSON
// (the scene file's bytes, embedded as they are). Call
// s.SetFingerprints(true) on the session so that hash lines name each
// body's state.
func NewRecorder(out io.Writer, sceneFile string, sceneJSON []byte, ccd bool, rate Rate) (*Recorder, error) {
	var compact bytes.Buffer
	if err := json.Compact(&compact, sceneJSON); err != nil {
		return nil, fmt.Errorf("the scene is not JSON: %v", err)
	}
	r := &Recorder{out: bufio.NewWriterSize(out, 1<<16)}
	head, err := json.Marshal(recHeader{Version: RecordVersion, SceneFile: sceneFile, CCD: ccd, PhysicsHz: rate.Hz, Substeps: rate.Substeps})
	if err != nil {
		return nil, err
	}
	// The scene goes in as raw JSON after the other header fields.
	head = append(head[:len(head)-1], `,"scene":`...)
	head = append(head, compact.Bytes()...)
	head = append(head, '}', '\n')
	_, r.err = r.out.Write(head)
	return r, r.err
}

func (r *Recorder) line(l recLine) {
	if r.err != nil {
		return
	}
	b, err := json.Marshal(l)
	if err != nil {
		r.err = err
		return
	}
	_, r.err = r.out.Write(append(b, '\n'))
}

// Frame records what the frame applied and hashed.
func (r *Recorder) Frame(f *Frame) {
	if r.ended {
		return
	}
	if f.HasRewound {
		to := f.Rewound.To
		r.line(recLine{T: "rewind", From: f.Rewound.From, To: &to})
	}
	// In the order the steps ran: the inputs of the ticks before a
	// checkpoint, then its hash (a frame of several steps used to write all
	// its inputs first, which put later ticks before an earlier hash).
	ins := f.Inputs
	for _, cp := range f.Checkpoints {
		for len(ins) > 0 && ins[0].Tick < cp.Tick {
			r.input(ins[0])
			ins = ins[1:]
		}
		r.line(recLine{T: "hash", Tick: cp.Tick, State: hex(cp.Hash), Bodies: encodePrints(cp.Bodies)})
	}
	for _, in := range ins {
		r.input(in)
	}
	if f.Steps > 0 || f.HasRewound {
		r.newest = f.Tick
	}
}

func (r *Recorder) input(in Stamped) {
	if e := encodeInput(in.Input); e != nil {
		r.line(recLine{T: "input", Tick: in.Tick, Input: e})
	}
}

// End writes the end line with w's state (after a rewind line if the world
// was stepped back and not resumed) and flushes. Nothing is recorded after.
func (r *Recorder) End(w *physics.World) error {
	if r.ended {
		return r.err
	}
	r.ended = true
	if t := w.Tick(); t < r.newest {
		r.line(recLine{T: "rewind", From: r.newest, To: &t})
	}
	r.line(recLine{T: "end", Tick: w.Tick(), State: hex(w.StateHash()), Bodies: encodePrints(Prints(w, nil))})
	if r.err != nil {
		return r.err
	}
	return r.out.Flush()
}

func hex(h uint64) string { return fmt.Sprintf("%016x", h) }

func quote(s string) string { return strconv.Quote(s) }
