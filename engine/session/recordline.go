package session

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"

	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/physics"
	"sandbox/engine/scene"
)

// lineReader reads a record file one line at a time, holding one line: a
// replay streams its recording rather than reading it whole.
type lineReader struct {
	br    *bufio.Reader
	buf   []byte
	line  int   // the number of the line last read (1-based)
	bytes int64 // read so far
}

func newLineReader(r io.Reader, firstLine int) *lineReader {
	return &lineReader{br: bufio.NewReaderSize(r, 1<<16), line: firstLine - 1}
}

// errLineTooLong is a line longer than MaxRecordLineBytes.
var errLineTooLong = fmt.Errorf("the line is longer than a recording's lines may be (%d MiB)", MaxRecordLineBytes>>20)

// next returns the next line without its newline (valid until the next
// call), io.EOF after the last, errLineTooLong or a read error.
func (lr *lineReader) next() ([]byte, error) {
	lr.buf = lr.buf[:0]
	for {
		chunk, err := lr.br.ReadSlice('\n')
		lr.bytes += int64(len(chunk))
		if lr.bytes > MaxRecordBytes {
			lr.line++
			return nil, fmt.Errorf("the file is larger than a recording may be (%d MiB)", MaxRecordBytes>>20)
		}
		if len(lr.buf)+len(chunk) > MaxRecordLineBytes+1 {
			lr.line++
			return nil, errLineTooLong
		}
		lr.buf = append(lr.buf, chunk...)
		switch {
		case err == nil:
			lr.line++
			return lr.buf[:len(lr.buf)-1], nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case err == io.EOF && len(lr.buf) > 0:
			lr.line++
			return lr.buf, nil // the last line has no newline
		default:
			return nil, err
		}
	}
}

// itemKind is what a record line says.
type itemKind uint8

const (
	itemInput itemKind = iota + 1
	itemHash
	itemRewind
	itemEnd
)

// item is one decoded line after the header.
type item struct {
	kind itemKind
	line int
	tick uint64        // input, hash, end: the tick; rewind: the tick rewound from
	to   uint64        // rewind: the tick rewound to
	in   physics.Input // input; a teleport's or drag's body holds a creation index
	// player is the input's player, 1 or 2 (the line's "player", 1 when absent).
	player int
	exp    expect // hash, end
}

// decodeItem reads one line on its own: its JSON, its fields and whatever
// a world would refuse in an input. What depends on the lines before it
// (order, bodies, work) is the checker's.
func decodeItem(raw []byte, n int) (item, string) {
	var l recLine
	if err := strictJSON(raw, &l); err != nil {
		return item{}, errText(err, "")
	}
	it := item{line: n, tick: l.Tick}
	if l.Player != 0 && l.T != "input" {
		return it, `"player" belongs on input lines only`
	}
	switch l.T {
	case "input":
		if l.Input == nil {
			return it, `an input line needs "input"`
		}
		it.player = 1
		if l.Player != 0 {
			if l.Player < 1 || l.Player > scene.MaxPlayers {
				return it, fmt.Sprintf("player %d: want 1 or 2 (absent means 1)", l.Player)
			}
			it.player = l.Player
		}
		in, msg := decodeInput(l.Input)
		if msg == "" {
			msg = checkInput(in)
		}
		if msg != "" {
			return it, msg
		}
		it.kind, it.in = itemInput, in
	case "hash", "end":
		h, err := strconv.ParseUint(l.State, 16, 64)
		if err != nil || len(l.State) != 16 {
			return it, fmt.Sprintf("state %q: want 16 hex digits", l.State)
		}
		if l.T == "hash" && (l.Tick == 0 || l.Tick%CheckpointEvery != 0) {
			return it, fmt.Sprintf("hash at tick %d: checkpoints come every %d ticks", l.Tick, CheckpointEvery)
		}
		it.kind, it.exp = itemHash, expect{tick: l.Tick, hash: h, bodies: decodePrints(l.Bodies), listed: l.Bodies != nil, line: n}
		if l.T == "end" {
			it.kind = itemEnd
		}
	case "rewind":
		if l.To == nil || *l.To >= l.From {
			return it, `a rewind line needs "from" and "to" (< from)`
		}
		it.kind, it.tick, it.to = itemRewind, l.From, *l.To
	default:
		return it, fmt.Sprintf(`unknown line type %q (want input, hash, rewind or end)`, l.T)
	}
	return it, ""
}

// checkInput says why a world would refuse in (a shot it cannot create, a
// teleport beyond the bounds a scene is held to); "" when it would not.
// Whether the body of a teleport or drag exists depends on the tick.
func checkInput(in physics.Input) string {
	switch in.Kind {
	case physics.InputFire:
		d := in.Fire
		d.Bullet = true
		if err := d.Check(); err != nil {
			return "the shot cannot be created: " + err.Error()
		}
	case physics.InputTeleport:
		if !within(in.Center, physics.MaxCoordinate) {
			return fmt.Sprintf("teleport center %v: every component must be within +-%g m", in.Center, float64(physics.MaxCoordinate))
		}
		if in.SetVelocity && !(in.Velocity.Len() <= physics.MaxSpeed) {
			return fmt.Sprintf("teleport velocity %v: must be no longer than %g m/s", in.Velocity, float64(physics.MaxSpeed))
		}
	}
	return ""
}

func within(v mgl64.Vec3, lim float64) bool {
	return math.Abs(v[0]) <= lim && math.Abs(v[1]) <= lim && math.Abs(v[2]) <= lim
}

// header is a record file's first line, decoded.
type header struct {
	Version   *int            `json:"sandbox_record"`
	SceneFile string          `json:"scene_file"`
	CCD       *bool           `json:"ccd"`
	PhysicsHz *float64        `json:"physics_hz"` // -physics-hz of the run recorded, over the scene's
	Substeps  *int            `json:"substeps"`   // -substeps of the run recorded
	Scene     json.RawMessage `json:"scene"`
}
