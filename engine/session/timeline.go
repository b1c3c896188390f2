package session

import (
	"errors"
	"fmt"
	"io"
	"sort"

	"sandbox/engine/physics"
	"sandbox/engine/scene"
)

// PlayerInput is one input of a two-player session: its tick, whose it is
// and what it does.
type PlayerInput struct {
	Tick   uint64
	Player int // 1 (local) or 2 (remote)
	// Input is what it does. A teleport's or drag's Body holds a creation
	// index (as in a record file) unless BodyName is set.
	Input physics.Input
	// BodyName is the body a scene's teleport moves, looked up by name
	// when it applies (it may be a projectile fired earlier).
	BodyName string
}

// sameInput compares two inputs as a step would apply them (their tick
// aside: a prediction is compared with the input of the tick it stood in for).
func sameInput(a, b *PlayerInput) bool {
	return a.Player == b.Player && a.Input == b.Input && a.BodyName == b.BodyName
}

// Timeline is the whole input of a rollback session, every player's, in
// the order a plain run applies it, and the states that run reaches: the
// checkpoint hashes and the end a rollback session must reach bit for bit.
type Timeline struct {
	// File names the source in errors (the recording, or the scene).
	File string
	// Scene is the world's scene. A scene's scripted events are the players'
	// inputs here, so they are taken out of the script; a recording's scene
	// keeps its script, which is the scene's and no player's.
	Scene *scene.Scene
	CCD   bool   // the world's CCD switch at tick 0
	Ticks uint64 // the session runs from tick 0 to Ticks
	// Inputs is every input, sorted by tick, in file order within a tick.
	Inputs []PlayerInput

	hashes []expect // checkpoint states by tick (hash and fingerprints)
	end    expect
}

// at is the inputs of tick t (a sub-slice of Inputs).
func (tl *Timeline) at(t uint64) []PlayerInput {
	in := tl.Inputs
	lo, hi := 0, len(in)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if in[m].Tick < t {
			lo = m + 1
		} else {
			hi = m
		}
	}
	end := lo
	for end < len(in) && in[end].Tick == t {
		end++
	}
	return in[lo:end]
}

// expectAt is the recorded state of checkpoint tick t, if there is one.
func (tl *Timeline) expectAt(t uint64) (expect, bool) {
	lo, hi := 0, len(tl.hashes)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if tl.hashes[m].tick < t {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(tl.hashes) && tl.hashes[lo].tick == t {
		return tl.hashes[lo], true
	}
	return expect{}, false
}

// EndHash is the state hash the session must end with.
func (tl *Timeline) EndHash() uint64 { return tl.end.hash }

// Players counts the inputs of each player (index 1 and 2).
func (tl *Timeline) Players() [scene.MaxPlayers + 1]int {
	var n [scene.MaxPlayers + 1]int
	for i := range tl.Inputs {
		n[tl.Inputs[i].Player]++
	}
	return n
}

// SceneTimeline makes the scene's scripted events the players' inputs
// (each event's "player", else alternating, scene.EventPlayer) for a run of
// ticks, and runs the scene plainly (script and all, as a headless run
// does) for the states the rollback session must reach.
func SceneTimeline(sc *scene.Scene, ticks uint64) (*Timeline, error) {
	if ticks == 0 {
		return nil, errors.New("session: a rollback runs at least 1 tick")
	}
	tl := sceneInputs(sc, ticks)
	if err := tl.expectPlain(sc); err != nil {
		return nil, err
	}
	return tl, nil
}

// sceneInputs is the timeline of sc's events as inputs, without the states.
func sceneInputs(sc *scene.Scene, ticks uint64) *Timeline {
	bare := *sc
	bare.Events = nil
	tl := &Timeline{File: sc.File, Scene: &bare, CCD: sc.CCD, Ticks: ticks}
	for i, ev := range sc.Events {
		pi := PlayerInput{Tick: ev.Tick, Player: sc.EventPlayer(i)}
		switch ev.Kind {
		case scene.EventFire:
			pi.Input = physics.Input{Kind: physics.InputFire, Fire: ev.Fire}
		case scene.EventTeleport:
			t := ev.Teleport
			pi.BodyName = t.Body
			pi.Input = physics.Input{Kind: physics.InputTeleport, Center: t.Center,
				Orientation: t.Orientation, SetOrientation: t.SetOrientation,
				Velocity: t.Velocity, SetVelocity: t.SetVelocity}
		default:
			continue
		}
		tl.Inputs = append(tl.Inputs, pi)
	}
	// The script's order: by tick, file order within a tick.
	sort.SliceStable(tl.Inputs, func(i, j int) bool { return tl.Inputs[i].Tick < tl.Inputs[j].Tick })
	return tl
}

// maxKeptPrints bounds the body fingerprints a scene's timeline keeps of
// its plain run's checkpoints (about 40 bytes each): a long run of a big
// scene keeps the hashes of the later checkpoints only, and a difference
// there is named by its tick and hash alone.
const maxKeptPrints = 1 << 20

// expectPlain runs sc as a plain session to tl.Ticks and keeps its
// checkpoint states and its end.
func (tl *Timeline) expectPlain(sc *scene.Scene) error {
	s, err := New(Options{Scene: sc})
	if err != nil {
		return err
	}
	s.World().SetCCD(tl.CCD)
	s.SetFingerprints(true)
	s.SetStopTick(tl.Ticks)
	kept := 0
	for !s.Done() {
		f, err := s.Advance(s.StepSeconds())
		if err != nil {
			return err
		}
		for _, cp := range f.Checkpoints {
			e := expect{tick: cp.Tick, hash: cp.Hash}
			if kept+len(cp.Bodies) <= maxKeptPrints {
				e.bodies, e.listed = append([]BodyPrint(nil), cp.Bodies...), true
				kept += len(cp.Bodies)
			}
			tl.hashes = append(tl.hashes, e)
		}
	}
	w := s.World()
	tl.end = expect{tick: tl.Ticks, hash: w.StateHash(), bodies: Prints(w, nil), listed: true}
	return nil
}

// RecordingTimeline reads a checked recording's inputs, hashes and end
// into a Timeline. Each input's player is its line's "player" (1 when
// absent); with remoteHalf, a recording of one player's inputs is split:
// every second input is player 2's, a drag held over consecutive ticks
// counting as one input. A recording that was rewound is refused (its
// branches are not one timeline), as is remoteHalf on a recording that
// has player 2's inputs already.
func RecordingTimeline(rp *Replay, remoteHalf bool) (*Timeline, error) {
	if rp.rewinds > 0 {
		return nil, &FileError{File: rp.File, Line: 1, Msg: "the recording was rewound: a rollback plays one timeline, record one without rewinding"}
	}
	if _, err := rp.src.Seek(rp.body, io.SeekStart); err != nil {
		return nil, fmt.Errorf("%s: %v", rp.File, err)
	}
	rd := newLineReader(rp.src, 2)
	rd.bytes = rp.body
	chk := newChecker(rp.Scene, rp.Scene.LoopConfig().StepSeconds)
	tl := &Timeline{File: rp.File, Scene: rp.Scene, CCD: rp.CCD, Ticks: rp.end.tick}
	for {
		it, err := rp.read(rd, chk)
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		switch it.kind {
		case itemInput:
			tl.Inputs = append(tl.Inputs, PlayerInput{Tick: it.tick, Player: it.player, Input: it.in})
		case itemHash:
			tl.hashes = append(tl.hashes, it.exp)
		case itemEnd:
			tl.end = it.exp
		}
	}
	if remoteHalf {
		if tl.Players()[2] > 0 {
			return nil, &FileError{File: rp.File, Line: 1, Msg: "the recording has player 2's inputs already: -remote half splits a one-player recording"}
		}
		splitHalf(tl.Inputs)
	}
	return tl, nil
}

// splitHalf gives every second input to player 2; a drag continuing a drag
// of the tick before on the same body keeps that drag's player, so that a
// held drag is one player's gesture.
func splitHalf(ins []PlayerInput) {
	n := 0
	var last PlayerInput // the last drag seen
	for i := range ins {
		in := &ins[i]
		if in.Input.Kind == physics.InputDrag && last.Input.Kind == physics.InputDrag &&
			last.Tick+1 == in.Tick && last.Input.Body == in.Input.Body {
			in.Player = last.Player
		} else {
			in.Player = 1 + n%scene.MaxPlayers
			n++
		}
		if in.Input.Kind == physics.InputDrag {
			last = *in
		}
	}
}
