package session

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/physics"
)

// The record file (JSON lines, format RecordVersion):
//
//	{"sandbox_record":1,"scene_file":"builtin/range.json","ccd":true,"physics_hz":120,"substeps":2,"scene":{...the scene file...}}
//	{"t":"input","tick":30,"input":{"kind":"fire","fire":{...}}}
//	{"t":"input","tick":31,"input":{"kind":"drag","body":2,"point":[0.5,0.5,0],"target":[1,3,0]}}
//	{"t":"input","tick":40,"player":2,"input":{"kind":"fire","fire":{...}}}
//	{"t":"hash","tick":60,"state":"8d3e...","bodies":[{"name":"crate-1","c":123,"o":45,"v":6,"w":7,"s":false}]}
//	{"t":"rewind","from":300,"to":180}
//	{"t":"end","tick":420,"state":"...","bodies":[...]}
//
// The scene is embedded whole, so a recording replays without the file it
// was made from. Inputs are the user's (shots, CCD switches, teleports);
// the scene's own scripted events come from the embedded scene. A mouse
// drag is one "drag" input per tick it was held (body by creation index,
// the grabbed point in the body's axes, the target; fields added to the
// format's first version, which older files simply never use). A "hash"
// line comes every CheckpointEvery ticks. A "rewind" line says the session
// was stepped back from tick From to To and went on from there: the lines
// after it belong to the new branch. "physics_hz" and "substeps" in the
// header (optional) override the embedded scene's rate, as -physics-hz and
// -substeps did for the run recorded; a "rate" input changes the rate from
// its tick on (the window's panel). An input line's "player" (optional, 1
// or 2, absent meaning 1) says whose input it is when `sandbox rollback`
// plays the file as two peers; a replay applies every input alike.
//
// Lines come in the order the steps ran: the inputs of tick T (applied by
// the step from T to T+1), then the hash of tick T+1 if it is a
// checkpoint. Files written before that rule put a frame's inputs before
// its hashes; a replay still reads them, since a hash can then follow only
// the inputs of its own frame's later ticks (fewer than the loop's steps
// per frame). docs/record.md describes the format and its limits.

// RecordVersion is the record format this build writes and reads.
const RecordVersion = 1

type recHeader struct {
	Version   int    `json:"sandbox_record"`
	SceneFile string `json:"scene_file"`
	CCD       bool   `json:"ccd"`
	// PhysicsHz and Substeps, when not 0, override the scene's rate.
	PhysicsHz float64 `json:"physics_hz,omitempty"`
	Substeps  int     `json:"substeps,omitempty"`
	Scene     []byte  `json:"-"`
}

type recLine struct {
	T      string     `json:"t"`
	Tick   uint64     `json:"tick,omitempty"`   // absent means 0
	Player int        `json:"player,omitempty"` // input: whose, 1 or 2 (absent means 1; see Rollback)
	From   uint64     `json:"from,omitempty"`
	To     *uint64    `json:"to,omitempty"`
	Input  *recInput  `json:"input,omitempty"`
	State  string     `json:"state,omitempty"`
	Bodies []recPrint `json:"bodies,omitempty"`
}

type recInput struct {
	Kind        string      `json:"kind"` // fire, teleport, ccd, drag, rate
	Fire        *recBody    `json:"fire,omitempty"`
	Body        *int        `json:"body,omitempty"` // teleport, drag: creation index
	Center      *[3]float64 `json:"center,omitempty"`
	Orientation *[4]float64 `json:"orientation,omitempty"`
	Velocity    *[3]float64 `json:"velocity,omitempty"`
	Enabled     *bool       `json:"enabled,omitempty"`
	Point       *[3]float64 `json:"point,omitempty"`    // drag: the grabbed point, body axes
	Target      *[3]float64 `json:"target,omitempty"`   // drag: where it is pulled, world
	Hz          *float64    `json:"hz,omitempty"`       // rate: steps per second
	Substeps    *int        `json:"substeps,omitempty"` // rate: solver substeps per step
	DT          *float64    `json:"dt,omitempty"`       // dt: the step's own dt, s
}

type recBody struct {
	Name            string     `json:"name"`
	Center          [3]float64 `json:"center"`
	Half            [3]float64 `json:"half"`
	Orientation     [4]float64 `json:"orientation"`
	Velocity        [3]float64 `json:"velocity"`
	AngularVelocity [3]float64 `json:"angular_velocity"`
	Mass            float64    `json:"mass"`
	Friction        float64    `json:"friction"`
	Restitution     float64    `json:"restitution"`
	LinearDamping   float64    `json:"linear_damping"`
	AngularDamping  float64    `json:"angular_damping"`
	CCDFraction     float64    `json:"ccd_fraction"`
	Bullet          bool       `json:"bullet"`
}

type recPrint struct {
	Name string `json:"name"`
	C    uint32 `json:"c"`
	O    uint32 `json:"o"`
	V    uint32 `json:"v"`
	W    uint32 `json:"w"`
	S    bool   `json:"s"`
}

func quat4(q mgl64.Quat) [4]float64 { return [4]float64{q.W, q.V[0], q.V[1], q.V[2]} }
func quatOf(a [4]float64) mgl64.Quat {
	return mgl64.Quat{W: a[0], V: mgl64.Vec3{a[1], a[2], a[3]}}
}

// encodeInput turns a physics input into its record form.
func encodeInput(in physics.Input) *recInput {
	switch in.Kind {
	case physics.InputFire:
		d := in.Fire
		return &recInput{Kind: "fire", Fire: &recBody{
			Name: d.Name, Center: d.Center, Half: d.Half, Orientation: quat4(d.Orientation),
			Velocity: d.Velocity, AngularVelocity: d.AngularVelocity, Mass: d.Mass, Friction: d.Friction,
			Restitution: d.Restitution, LinearDamping: d.LinearDamping, AngularDamping: d.AngularDamping,
			CCDFraction: d.CCDFraction, Bullet: d.Bullet,
		}}
	case physics.InputTeleport:
		i := in.Body.Index()
		c := [3]float64(in.Center)
		r := &recInput{Kind: "teleport", Body: &i, Center: &c}
		if in.SetOrientation {
			q := quat4(in.Orientation)
			r.Orientation = &q
		}
		if in.SetVelocity {
			v := [3]float64(in.Velocity)
			r.Velocity = &v
		}
		return r
	case physics.InputSetCCD:
		on := in.Enabled
		return &recInput{Kind: "ccd", Enabled: &on}
	case physics.InputDrag:
		i := in.Body.Index()
		p, t := [3]float64(in.Point), [3]float64(in.Target)
		return &recInput{Kind: "drag", Body: &i, Point: &p, Target: &t}
	case physics.InputSetRate:
		hz, n := in.StepHz, in.Substeps
		return &recInput{Kind: "rate", Hz: &hz, Substeps: &n}
	case physics.InputStepDT:
		dt := in.StepDT
		return &recInput{Kind: "dt", DT: &dt}
	}
	return nil
}

// decodeInput is encodeInput's inverse; the error says which field is wrong.
func decodeInput(r *recInput) (physics.Input, string) {
	switch r.Kind {
	case "fire":
		if r.Fire == nil {
			return physics.Input{}, `a fire input needs "fire"`
		}
		f := r.Fire
		d := physics.BodyDef{
			Name: f.Name, Center: f.Center, Half: f.Half, Orientation: quatOf(f.Orientation),
			Velocity: f.Velocity, AngularVelocity: f.AngularVelocity, Mass: f.Mass, Friction: f.Friction,
			Restitution: f.Restitution, LinearDamping: f.LinearDamping, AngularDamping: f.AngularDamping,
			CCDFraction: f.CCDFraction, Bullet: f.Bullet,
		}
		return physics.Input{Kind: physics.InputFire, Fire: d}, ""
	case "teleport":
		if r.Body == nil || *r.Body < 0 || r.Center == nil {
			return physics.Input{}, `a teleport input needs "body" (a creation index >= 0) and "center"`
		}
		// The index is kept in a BodyID of generation 0; Session.resolve
		// turns it into the live id when the input applies.
		in := physics.Input{Kind: physics.InputTeleport, Body: bodyIndexID(*r.Body), Center: mgl64.Vec3(*r.Center)}
		if r.Orientation != nil {
			in.Orientation, in.SetOrientation = quatOf(*r.Orientation), true
		}
		if r.Velocity != nil {
			in.Velocity, in.SetVelocity = mgl64.Vec3(*r.Velocity), true
		}
		return in, ""
	case "ccd":
		if r.Enabled == nil {
			return physics.Input{}, `a ccd input needs "enabled"`
		}
		return physics.Input{Kind: physics.InputSetCCD, Enabled: *r.Enabled}, ""
	case "drag":
		if r.Body == nil || *r.Body < 0 || r.Point == nil || r.Target == nil {
			return physics.Input{}, `a drag input needs "body" (a creation index >= 0), "point" and "target"`
		}
		return physics.Input{Kind: physics.InputDrag, Body: bodyIndexID(*r.Body),
			Point: mgl64.Vec3(*r.Point), Target: mgl64.Vec3(*r.Target)}, ""
	case "rate":
		if r.Hz == nil || r.Substeps == nil {
			return physics.Input{}, `a rate input needs "hz" and "substeps"`
		}
		if err := (Rate{Hz: *r.Hz, Substeps: *r.Substeps}).Validate(); err != nil {
			return physics.Input{}, "a rate input's " + err.Error()
		}
		return physics.Input{Kind: physics.InputSetRate, StepHz: *r.Hz, Substeps: *r.Substeps}, ""
	case "dt":
		if r.DT == nil || !(*r.DT > 0) || *r.DT > MaxStepDT {
			return physics.Input{}, fmt.Sprintf(`a dt input needs "dt", the step's seconds, > 0 and <= %d`, MaxStepDT)
		}
		return physics.Input{Kind: physics.InputStepDT, StepDT: *r.DT}, ""
	}
	return physics.Input{}, "unknown input kind " + quote(r.Kind) + " (want fire, teleport, ccd, drag, rate or dt)"
}

// bodyIndexID is a BodyID that carries only a creation index (see
// physics.BodyID.Index: the low 32 bits hold index+1).
func bodyIndexID(i int) physics.BodyID { return physics.BodyID(uint64(uint32(i + 1))) }

func encodePrints(ps []BodyPrint) []recPrint {
	out := make([]recPrint, len(ps))
	for i, p := range ps {
		out[i] = recPrint{Name: p.Name, C: p.Center, O: p.Orientation, V: p.Velocity, W: p.AngularVelo, S: p.Sleeping}
	}
	return out
}

func decodePrints(ps []recPrint) []BodyPrint {
	out := make([]BodyPrint, len(ps))
	for i, p := range ps {
		out[i] = BodyPrint{Name: p.Name, Center: p.C, Orientation: p.O, Velocity: p.V, AngularVelo: p.W, Sleeping: p.S}
	}
	return out
}
