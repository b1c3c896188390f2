package scene

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/physics"
)

const badFile = "scenes/bad.json"

const (
	ground = `{"name": "ground", "min": [-10, -1, -10], "max": [10, 0, 10]}`
	box    = `{"name": "box", "center": [0, 1, 0], "half": [0.5, 0.5, 0.5]}`
	shot   = `{"tick": 5, "fire": {"name": "shot", "from": [0, 1, 0], "direction": [1, 0, 0], "speed": 100, "half": [0.1, 0.1, 0.1]}}`
)

// doc builds a small scene: extra top-level fields (with a trailing comma
// when not empty), then the statics, bodies and events arrays' contents.
func doc(extra, statics, bodies, events string) string {
	return fmt.Sprintf(`{%s "statics": [%s], "bodies": [%s], "events": [%s]}`, extra, statics, bodies, events)
}

func bodyWith(fields string) string {
	return `{"name": "box", "center": [0, 1, 0], "half": [0.5, 0.5, 0.5], ` + fields + `}`
}

func fireWith(tick int, fields string) string {
	return fmt.Sprintf(`{"tick": %d, "fire": {"name": "shot", "from": [0, 1, 0], "direction": [1, 0, 0], "speed": 100, "half": [0.1, 0.1, 0.1], %s}}`, tick, fields)
}

func teleportOf(tick int, body string) string {
	return fmt.Sprintf(`{"tick": %d, "teleport": {"body": %q, "center": [0, 2, 0]}}`, tick, body)
}

// TestParseRefuses has one case per kind of bad input. Each checks that
// the scene is refused as a whole, with one line that names the file, the
// field path and the offending value.
func TestParseRefuses(t *testing.T) {
	cases := []struct {
		name, json  string
		path, value string // path "" skips the path check; value "" skips the value check
		msg         string // a fragment of the explanation
	}{
		// Unknown fields, at every level.
		{"unknown top-level field", doc(`"gravty": [0, -9.81, 0],`, ground, box, ""), "gravty", "[0 -9.81 0]", "unknown field"},
		{"unknown static field", doc("", `{"name": "g", "min": [0, 0, 0], "max": [1, 1, 1], "colour": "red"}`, box, ""), "statics[0].colour", `"red"`, "unknown field"},
		{"unknown body field", doc("", ground, box+`, {"name": "b2", "center": [0, 1, 0], "half": [0.5, 0.5, 0.5], "spin": [0, 1, 0]}`, ""), "bodies[1].spin", "[0 1 0]", "unknown field"},
		{"unknown fire field", doc("", ground, box, fireWith(1, `"sped": 3`)), "events[0].fire.sped", "3", "unknown field"},
		{"unknown teleport field", doc("", ground, box, `{"tick": 1, "teleport": {"body": "box", "center": [0, 2, 0], "spin": 1}}`), "events[0].teleport.spin", "1", "unknown field"},
		{"unknown event field", doc("", ground, box, `{"tick": 1, "when": 2, "teleport": {"body": "box", "center": [0, 2, 0]}}`), "events[0].when", "2", "unknown field"},
		{"odd key quoted", doc(`"a b": 1,`, ground, box, ""), `["a b"]`, "1", "unknown field"},
		// Numbers that overflow float64, wrong types and lengths.
		{"overflowing hz", doc(`"physics_hz": 1e999,`, ground, box, ""), "physics_hz", "1e999", "finite"},
		{"overflowing vector", doc("", ground, `{"name": "box", "center": [0, -1e999, 0], "half": [0.5, 0.5, 0.5]}`, ""), "bodies[0].center", "[0 -1e999 0]", "finite"},
		{"overflowing mass", doc("", ground, bodyWith(`"mass": 2e400`), ""), "bodies[0].mass", "2e400", "finite"},
		{"short vector", doc("", ground, `{"name": "box", "center": [0, 1, 0], "half": [1, 1]}`, ""), "bodies[0].half", "[1 1]", "3 numbers"},
		{"long vector", doc(`"gravity": [0, -9.81, 0, 1],`, ground, box, ""), "gravity", "[0 -9.81 0 1]", "3 numbers"},
		{"string in vector", doc("", `{"name": "g", "min": [0, "0", 0], "max": [1, 1, 1]}`, box, ""), "statics[0].min", `[0 "0" 0]`, "3 numbers"},
		{"short quaternion", doc("", ground, bodyWith(`"orientation": [1, 0, 0]`), ""), "bodies[0].orientation", "[1 0 0]", "4 numbers"},
		{"bool as number", doc(`"max_frame_seconds": true,`, ground, box, ""), "max_frame_seconds", "true", "number"},
		{"string as bool", doc(`"ccd": "yes",`, ground, box, ""), "ccd", `"yes"`, "true or false"},
		{"number as name", doc("", ground, `{"name": 7, "center": [0, 1, 0], "half": [0.5, 0.5, 0.5]}`, ""), "bodies[0].name", "7", "string"},
		{"null value", doc("", ground, bodyWith(`"mass": null`), ""), "bodies[0].mass", "null", "number"},
		{"statics not an array", `{"statics": {}, "bodies": []}`, "statics", "{}", "array"},
		{"body not an object", doc("", ground, `[1, 2]`, ""), "bodies[0]", "[1 2]", "object"},
		{"root not an object", `[1, 2, 3]`, "", "[1 2 3]", "object"},
		// Sizes, masses and materials.
		{"zero half extent", doc("", ground, `{"name": "box", "center": [0, 1, 0], "half": [1, 0, 1]}`, ""), "bodies[0].half", "[1 0 1]", "every half extent must be > 0"},
		{"negative half extent", doc("", ground, `{"name": "box", "center": [0, 1, 0], "half": [1, 1, -0.5]}`, ""), "bodies[0].half", "[1 1 -0.5]", "> 0"},
		{"projectile half extent", doc("", ground, box, `{"tick": 1, "fire": {"name": "s", "from": [0, 1, 0], "direction": [1, 0, 0], "speed": 1, "half": [0, 0.1, 0.1]}}`), "events[0].fire.half", "[0 0.1 0.1]", "> 0"},
		{"zero mass", doc("", ground, bodyWith(`"mass": 0`), ""), "bodies[0].mass", "0", "> 0"},
		{"absurdly small half extent", doc("", ground, `{"name": "box", "center": [0, 1, 0], "half": [1e-300, 1, 1]}`, ""), "bodies[0].half", "[1e-300 1 1]", "[0.0001, 10000] m"},
		{"absurdly large half extent", doc("", ground, `{"name": "box", "center": [0, 1, 0], "half": [1, 1e9, 1]}`, ""), "bodies[0].half", "[1 1e9 1]", "[0.0001, 10000] m"},
		// Solver settings out of range (issue 12).
		{"zero contact hertz", doc(`"contact_hertz": 0,`, ground, box, ""), "contact_hertz", "0", "must be in (0, 1000] Hz"},
		{"negative damping ratio", doc(`"contact_damping_ratio": -1,`, ground, box, ""), "contact_damping_ratio", "-1", "must be in [0, 100]"},
		{"push velocity of 1e9", doc(`"max_push_velocity": 1e9,`, ground, box, ""), "max_push_velocity", "1e9", "(0, 1000] m/s"},
		{"slop of 1 m", doc(`"linear_slop": 1,`, ground, box, ""), "linear_slop", "1", "[1e-06, 0.1] m"},
		{"sleep speed as a string", doc(`"sleep_speed": "fast",`, ground, box, ""), "sleep_speed", `"fast"`, "number"},
		{"ccd fraction of 2", doc(`"ccd_fraction": 2,`, ground, box, ""), "ccd_fraction", "2", "(0, 1]"},
		// Physical limits (issue 12): positions, speeds, spins.
		{"velocity of 1e308 m/s", doc("", ground, bodyWith(`"velocity": [1e308, 0, 0]`), ""), "bodies[0].velocity", "[1e308 0 0]", "no longer than 100000 m/s"},
		{"just too fast", doc("", ground, bodyWith(`"velocity": [60000, 80001, 0]`), ""), "bodies[0].velocity", "[60000 80001 0]", "no longer than 100000 m/s"},
		{"spin of 2e4 rad/s", doc("", ground, bodyWith(`"angular_velocity": [0, 2e4, 0]`), ""), "bodies[0].angular_velocity", "[0 2e4 0]", "no longer than 10000 rad/s"},
		{"body beyond 1e6 m", doc("", ground, `{"name": "box", "center": [0, 1, 1.0000001e6], "half": [0.5, 0.5, 0.5]}`, ""), "bodies[0].center", "[0 1 1.0000001e6]", "within +-1e+06 m"},
		{"static of 1e308 m", doc("", `{"name": "g", "min": [-1e308, -1, -10], "max": [10, 0, 10]}`, box, ""), "statics[0].min", "[-1e308 -1 -10]", "within +-1e+06 m"},
		{"static max beyond 1e6 m", doc("", `{"name": "g", "min": [-10, -1, -10], "max": [2e6, 0, 10]}`, box, ""), "statics[0].max", "[2e6 0 10]", "within +-1e+06 m"},
		{"fire from beyond 1e6 m", doc("", ground, box, `{"tick": 5, "fire": {"name": "shot", "from": [-3e6, 1, 0], "direction": [1, 0, 0], "speed": 100, "half": [0.1, 0.1, 0.1]}}`), "events[0].fire.from", "[-3e6 1 0]", "within +-1e+06 m"},
		{"fire at 1e6 m/s", doc("", ground, box, `{"tick": 5, "fire": {"name": "shot", "from": [0, 1, 0], "direction": [1, 0, 0], "speed": 1e6, "half": [0.1, 0.1, 0.1]}}`), "events[0].fire.speed", "1e6", "at most 100000 m/s"},
		{"fire spin of 1e5 rad/s", doc("", ground, box, fireWith(5, `"spin": [1e5, 0, 0]`)), "events[0].fire.spin", "[1e5 0 0]", "no longer than 10000 rad/s"},
		{"teleport to 1e7 m", doc("", ground, box, `{"tick": 1, "teleport": {"body": "box", "center": [1e7, 2, 0]}}`), "events[0].teleport.center", "[1e7 2 0]", "within +-1e+06 m"},
		{"teleport velocity of 1e6 m/s", doc("", ground, box, `{"tick": 1, "teleport": {"body": "box", "center": [0, 2, 0], "velocity": [0, 1e6, 0]}}`), "events[0].teleport.velocity", "[0 1e6 0]", "no longer than 100000 m/s"},
		{"gravity of 1e5 m/s^2", doc(`"gravity": [0, -1e5, 0],`, ground, box, ""), "gravity", "[0 -1e5 0]", "no longer than 10000 m/s^2"},
		{"absurdly small mass", doc("", ground, bodyWith(`"mass": 1e-300`), ""), "bodies[0].mass", "1e-300", "[1e-06, 1e+09] kg"},
		{"negative mass", doc("", ground, bodyWith(`"mass": -2.5`), ""), "bodies[0].mass", "-2.5", "> 0"},
		{"projectile mass", doc("", ground, box, fireWith(1, `"mass": -1`)), "events[0].fire.mass", "-1", "> 0"},
		{"negative friction", doc("", ground, bodyWith(`"friction": -0.1`), ""), "bodies[0].friction", "-0.1", ">= 0"},
		{"restitution above 1", doc("", ground, bodyWith(`"restitution": 1.5`), ""), "bodies[0].restitution", "1.5", "[0, 1]"},
		{"negative restitution", doc("", ground, box, fireWith(1, `"restitution": -0.01`)), "events[0].fire.restitution", "-0.01", "[0, 1]"},
		{"negative damping", doc("", ground, bodyWith(`"angular_damping": -1`), ""), "bodies[0].angular_damping", "-1", ">= 0"},
		{"zero quaternion", doc("", ground, bodyWith(`"orientation": [0, 0, 0, 0]`), ""), "bodies[0].orientation", "[0 0 0 0]", "zero"},
		{"zero teleport quaternion", doc("", ground, box, `{"tick": 1, "teleport": {"body": "box", "center": [0, 2, 0], "orientation": [0, 0, 0, 0]}}`), "events[0].teleport.orientation", "[0 0 0 0]", "zero"},
		// Statics.
		{"static min above max", doc("", `{"name": "w", "min": [20, 0, -5], "max": [19.999, 6, 5]}`, box, ""), "statics[0].max", "[19.999 6 5]", "above min [20 0 -5]"},
		{"static min equals max", doc("", `{"name": "w", "min": [0, 0, 0], "max": [1, 0, 1]}`, box, ""), "statics[0].max", "[1 0 1]", "(y:"},
		// Names.
		{"empty name", doc("", ground, `{"name": " ", "center": [0, 1, 0], "half": [0.5, 0.5, 0.5]}`, ""), "bodies[0].name", `" "`, "empty"},
		{"duplicate body", doc("", ground, box+", "+box, ""), "bodies[1].name", `"box"`, "bodies[0].name"},
		{"body named like a static", doc("", ground, `{"name": "ground", "center": [0, 1, 0], "half": [0.5, 0.5, 0.5]}`, ""), "bodies[0].name", `"ground"`, "statics[0].name"},
		{"projectile named like a body", doc("", ground, box, `{"tick": 1, "fire": {"name": "box", "from": [0, 1, 0], "direction": [1, 0, 0], "speed": 1, "half": [0.1, 0.1, 0.1]}}`), "events[0].fire.name", `"box"`, "bodies[0].name"},
		{"two projectiles, one name", doc("", ground, box, shot+", "+shot), "events[1].fire.name", `"shot"`, "events[0].fire.name"},
		{"empty scene name", doc(`"name": "",`, ground, box, ""), "name", `""`, "empty"},
		// Events.
		{"teleport of nobody", doc("", ground, box, teleportOf(3, "crate-9")), "events[0].teleport.body", `"crate-9"`, "no body"},
		{"teleport of a static", doc("", ground, box, teleportOf(3, "ground")), "events[0].teleport.body", `"ground"`, "static"},
		{"teleport before the fire", doc("", ground, box, teleportOf(3, "shot")+", "+shot), "events[0].teleport.body", `"shot"`, "fired at tick 5"},
		{"teleport at the fire's tick", doc("", ground, box, shot+", "+teleportOf(5, "shot")), "events[1].teleport.body", `"shot"`, "later tick"},
		{"negative tick", doc("", ground, box, `{"tick": -1, "teleport": {"body": "box", "center": [0, 2, 0]}}`), "events[0].tick", "-1", "whole number"},
		{"fractional tick", doc("", ground, box, `{"tick": 2.5, "teleport": {"body": "box", "center": [0, 2, 0]}}`), "events[0].tick", "2.5", "whole number"},
		{"missing tick", doc("", ground, box, `{"teleport": {"body": "box", "center": [0, 2, 0]}}`), "events[0].tick", "(missing)", "tick"},
		{"fire and teleport", doc("", ground, box, `{"tick": 1, "teleport": {"body": "box", "center": [0, 2, 0]}, "fire": {}}`), "events[0]", `{"tick": 1`, "not both"},
		{"neither fire nor teleport", doc("", ground, box, `{"tick": 1}`), "events[0]", `{"tick": 1}`, "neither"},
		{"zero direction", doc("", ground, box, `{"tick": 1, "fire": {"name": "s", "from": [0, 1, 0], "direction": [0, 0, 0], "speed": 1, "half": [0.1, 0.1, 0.1]}}`), "events[0].fire.direction", "[0 0 0]", "zero"},
		{"negative speed", doc("", ground, box, `{"tick": 1, "fire": {"name": "s", "from": [0, 1, 0], "direction": [1, 0, 0], "speed": -5, "half": [0.1, 0.1, 0.1]}}`), "events[0].fire.speed", "-5", ">= 0"},
		{"fire without speed", doc("", ground, box, `{"tick": 1, "fire": {"name": "s", "from": [0, 1, 0], "direction": [1, 0, 0], "half": [0.1, 0.1, 0.1]}}`), "events[0].fire.speed", "(missing)", "speed"},
		// Required fields.
		{"body without half", doc("", ground, `{"name": "box", "center": [0, 1, 0]}`, ""), "bodies[0].half", "(missing)", "half"},
		{"no bodies", `{"statics": []}`, "bodies", "(missing)", "bodies"},
		{"no statics", `{"bodies": []}`, "statics", "(missing)", "statics"},
		// World and loop settings.
		{"zero hz", doc(`"physics_hz": 0,`, ground, box, ""), "physics_hz", "0", "1..1000"},
		{"negative hz", doc(`"physics_hz": -60,`, ground, box, ""), "physics_hz", "-60", "1..1000"},
		{"huge hz", doc(`"physics_hz": 5000,`, ground, box, ""), "physics_hz", "5000", "1..1000"},
		{"zero max steps", doc(`"max_steps_per_frame": 0,`, ground, box, ""), "max_steps_per_frame", "0", "whole number"},
		{"fractional max steps", doc(`"max_steps_per_frame": 2.5,`, ground, box, ""), "max_steps_per_frame", "2.5", "whole number"},
		{"negative frame clamp", doc(`"max_frame_seconds": -0.25,`, ground, box, ""), "max_frame_seconds", "-0.25", ">= 0"},
		{"zero solver iterations", doc(`"solver_iterations": 0,`, ground, box, ""), "solver_iterations", "0", "1..64"},
		{"too many solver iterations", doc(`"solver_iterations": 65,`, ground, box, ""), "solver_iterations", "65", "1..64"},
		{"other version", doc(`"version": 2,`, ground, box, ""), "version", "2", "version 1"},
		// Syntax.
		{"duplicate key", `{"statics": [], "bodies": [{"name": "a", "name": "b", "center": [0, 0, 0], "half": [1, 1, 1]}]}`, "bodies[0].name", `"name"`, "duplicate key"},
		{"truncated", "{\n  \"statics\": [\n", "line 3, column 1", "", "invalid JSON"},
		{"bad token", "{\n \"statics\": [},\n}", "line 2, column 14", "", "invalid JSON"},
		{"trailing data", doc("", ground, box, "") + " {}", "", "", "after the top-level object"},
		{"empty file", "", "line 1, column 1", "", "invalid JSON"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, err := Parse(badFile, []byte(c.json))
			if err == nil || s != nil {
				t.Fatalf("accepted:\n%s", c.json)
			}
			msg := err.Error()
			var se *Error
			if !errors.As(err, &se) {
				t.Errorf("error %T is not a *scene.Error", err)
			}
			if strings.ContainsAny(msg, "\n\r") {
				t.Errorf("message is not one line: %q", msg)
			}
			if !strings.HasPrefix(msg, badFile+": ") {
				t.Errorf("message does not start with the file: %q", msg)
			}
			if c.path != "" && !strings.HasPrefix(msg, badFile+": "+c.path+": ") {
				t.Errorf("message does not name the field %q: %q", c.path, msg)
			}
			if c.value != "" && !strings.Contains(msg, ": "+c.value) {
				t.Errorf("message does not quote the value %s: %q", c.value, msg)
			}
			if !strings.Contains(msg, c.msg) {
				t.Errorf("message does not say %q: %q", c.msg, msg)
			}
		})
	}
}

// TestErrorLine pins the exact format of the brief's example.
func TestErrorLine(t *testing.T) {
	_, err := Parse(badFile, []byte(doc("", ground, `{"name": "box", "center": [0, 1, 0], "half": [1, 0, 1]}`, "")))
	want := "scenes/bad.json: bodies[0].half: [1 0 1]: every half extent must be > 0"
	if err == nil || err.Error() != want {
		t.Fatalf("got  %v\nwant %s", err, want)
	}
}

func TestParseDefaults(t *testing.T) {
	s, err := Parse("dir/mini.json", []byte(doc("", ground, box, "")))
	if err != nil {
		t.Fatal(err)
	}
	if s.Name != "mini" || s.File != "dir/mini.json" || s.PhysicsHz != 60 || s.MaxStepsPerFrame != 8 ||
		s.MaxFrameSeconds != 0.25 || s.Gravity != (mgl64.Vec3{0, -9.81, 0}) || !s.CCD || !s.Sleep || s.SolverIterations != 8 {
		t.Errorf("defaults: %+v", s)
	}
	b := s.Bodies[0]
	if b.Mass != 1 || b.Friction != 0.5 || b.Restitution != 0 || b.LinearDamping != 0 || b.AngularDamping != 0 ||
		b.Orientation != mgl64.QuatIdent() || b.Velocity != (mgl64.Vec3{}) || b.Bullet {
		t.Errorf("body defaults: %+v", b)
	}
	cfg := s.LoopConfig()
	if cfg.StepSeconds != 1.0/60 || cfg.MaxStepsPerFrame != 8 || cfg.MaxFrameSeconds != 0.25 {
		t.Errorf("LoopConfig %+v", cfg)
	}
}

func TestParseEveryField(t *testing.T) {
	src := `{
  "version": 1, "name": "full", "description": "all fields",
  "physics_hz": 120, "max_steps_per_frame": 4, "max_frame_seconds": 0, "gravity": [0, -1.62, 0],
  "ccd": false, "sleep": false, "solver_iterations": 12,
  "statics": [{"name": "g", "min": [-1, -1, -1], "max": [1, 0, 1]}],
  "bodies": [{"name": "b", "center": [1, 2, 3], "half": [0.1, 0.2, 0.3], "orientation": [2, 0, 0, 0],
    "velocity": [1, 0, 0], "angular_velocity": [0, 3, 0], "mass": 2, "friction": 0.8, "restitution": 0.25,
    "linear_damping": 0.1, "angular_damping": 0.2}],
  "events": [
    {"tick": 9, "teleport": {"body": "p", "center": [0, 5, 0], "orientation": [0, 0, 3, 0], "velocity": [0, 0, 0]}},
    {"tick": 4, "fire": {"name": "p", "from": [0, 1, 0], "direction": [0, 3, 4], "speed": 10, "spin": [5, 0, 0],
      "half": [0.01, 0.2, 0.3], "orientation": [1, 1, 0, 0], "mass": 0.5, "friction": 0, "restitution": 1,
      "linear_damping": 0.5, "angular_damping": 0.25}},
    {"tick": 4, "teleport": {"body": "b", "center": [7, 8, 9]}}
  ]
}`
	s, err := Parse("full.json", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if s.Name != "full" || s.Description != "all fields" || s.PhysicsHz != 120 || s.MaxStepsPerFrame != 4 ||
		s.MaxFrameSeconds != 0 || s.Gravity[1] != -1.62 || s.CCD || s.Sleep || s.SolverIterations != 12 {
		t.Errorf("scene: %+v", s)
	}
	if got := s.LoopConfig().StepSeconds; got != 1.0/120 {
		t.Errorf("step %v", got)
	}
	b := s.Bodies[0]
	if b.Center != (mgl64.Vec3{1, 2, 3}) || b.Half != (mgl64.Vec3{0.1, 0.2, 0.3}) || b.Orientation != mgl64.QuatIdent() ||
		b.Velocity != (mgl64.Vec3{1, 0, 0}) || b.AngularVelocity != (mgl64.Vec3{0, 3, 0}) || b.Mass != 2 ||
		b.Friction != 0.8 || b.Restitution != 0.25 || b.LinearDamping != 0.1 || b.AngularDamping != 0.2 {
		t.Errorf("body: %+v", b)
	}
	if len(s.Events) != 3 || s.Events[0].Kind != EventTeleport || s.Events[1].Kind != EventFire {
		t.Fatalf("events: %+v", s.Events)
	}
	tp := s.Events[0].Teleport
	if tp.Body != "p" || tp.Center != (mgl64.Vec3{0, 5, 0}) || !tp.SetOrientation || tp.Orientation != (mgl64.Quat{W: 0, V: mgl64.Vec3{0, 1, 0}}) ||
		!tp.SetVelocity || tp.Velocity != (mgl64.Vec3{}) {
		t.Errorf("teleport: %+v", tp)
	}
	if tp := s.Events[2].Teleport; tp.SetOrientation || tp.SetVelocity {
		t.Errorf("teleport without optional fields sets them: %+v", tp)
	}
	f := s.Events[1].Fire
	if s.Events[1].Tick != 4 || f.Name != "p" || f.Center != (mgl64.Vec3{0, 1, 0}) || !f.Bullet || f.Mass != 0.5 ||
		f.Friction != 0 || f.Restitution != 1 || f.LinearDamping != 0.5 || f.AngularDamping != 0.25 ||
		f.AngularVelocity != (mgl64.Vec3{5, 0, 0}) || f.Half != (mgl64.Vec3{0.01, 0.2, 0.3}) {
		t.Errorf("fire: %+v", f)
	}
	if v := f.Velocity; math.Abs(v[0]) > 1e-15 || math.Abs(v[1]-6) > 1e-12 || math.Abs(v[2]-8) > 1e-12 {
		t.Errorf("fire velocity %v, want (0, 6, 8)", v)
	}
	if q := f.Orientation; math.Abs(q.W-math.Sqrt2/2) > 1e-15 || math.Abs(q.V[0]-math.Sqrt2/2) > 1e-15 {
		t.Errorf("fire orientation %v not normalised", q)
	}
}

// TestUnitExtremes: normalising must survive components whose squares
// underflow or overflow.
func TestUnitExtremes(t *testing.T) {
	for _, v := range [][]float64{{1e-200, 0, 0}, {0, 1e300, 1e300}, {3, 4, 0}, {-5e-324, 0, 0}} {
		u, ok := unit(v)
		if !ok {
			t.Fatalf("unit(%v) refused", v)
		}
		l := math.Sqrt(u[0]*u[0] + u[1]*u[1] + u[2]*u[2])
		if math.Abs(l-1) > 1e-15 {
			t.Errorf("unit(%v) = %v, length %v", v, u, l)
		}
	}
	if _, ok := unit([]float64{0, 0, 0, 0}); ok {
		t.Error("unit of zero accepted")
	}
}

// designExample is the scene printed in DESIGN.md; it must load as is.
const designExample = `{
  "name": "range",
  "physics_hz": 60,
  "max_steps_per_frame": 8,
  "max_frame_seconds": 0.25,
  "gravity": [0, -9.81, 0],
  "ccd": true,
  "sleep": true,
  "solver_iterations": 8,
  "statics": [
    {"name": "ground", "min": [-50, -1, -50], "max": [50, 0, 50]},
    {"name": "wall-1mm", "min": [20, 0, -5], "max": [20.001, 6, 5]}
  ],
  "bodies": [
    {"name": "crate-1", "center": [0, 0.5, 0], "half": [0.5, 0.5, 0.5],
     "orientation": [1, 0, 0, 0], "velocity": [0, 0, 0],
     "angular_velocity": [0, 0, 0], "mass": 1, "friction": 0.5,
     "restitution": 0.1}
  ],
  "events": [
    {"tick": 30, "fire": {"name": "shot-1", "from": [0, 1, 0],
      "direction": [1, 0, 0], "speed": 3000, "half": [0.05, 0.05, 0.05],
      "mass": 0.1}},
    {"tick": 90, "teleport": {"body": "crate-1", "center": [0, 5, 0]}}
  ]
}`

func TestDesignExample(t *testing.T) {
	s, err := Parse("design.json", []byte(designExample))
	if err != nil {
		t.Fatal(err)
	}
	if s.Name != "range" || len(s.Statics) != 2 || len(s.Bodies) != 1 || len(s.Events) != 2 ||
		s.Events[0].Fire.Velocity != (mgl64.Vec3{3000, 0, 0}) || s.Events[1].Teleport.Body != "crate-1" {
		t.Fatalf("parsed %+v", s)
	}
}

// The solver settings are optional top-level fields: absent ones keep the
// physics defaults, present ones reach the world definition.
func TestParseSolverSettings(t *testing.T) {
	s, err := Parse("s.json", []byte(doc(`"contact_hertz": 30, "contact_damping_ratio": 5, "max_push_velocity": 2, "restitution_threshold": 0.5,
		"linear_slop": 0.001, "speculative_distance": 0.02, "sleep_seconds": 1, "sleep_speed": 0.1, "ccd_fraction": 0.25,`, ground, box, "")))
	if err != nil {
		t.Fatal(err)
	}
	def := s.WorldDef(nil)
	want := [...]float64{30, 5, 2, 0.5, 0.001, 0.02, 1, 0.1, 0.25}
	got := [...]float64{def.ContactHertz, def.ContactDampingRatio, def.MaxPushVelocity, def.RestitutionThreshold,
		def.LinearSlop, def.SpeculativeDistance, def.SleepSeconds, def.SleepSpeed, def.CCDFraction}
	if got != want {
		t.Errorf("settings %v, want %v", got, want)
	}
	plain, err := Parse("p.json", []byte(doc("", ground, box, "")))
	if err != nil {
		t.Fatal(err)
	}
	d, dd := plain.WorldDef(nil), physics.DefaultWorldDef()
	for _, set := range physics.SolverSettings() {
		if *set.Get(&d) != *set.Get(&dd) {
			t.Errorf("%s: %v without the field, default %v", set.Key, *set.Get(&d), *set.Get(&dd))
		}
	}
}

// TestEventPlayer: an event's "player" is 1 or 2; events without one
// alternate 1, 2, 1, ... in file order (a rollback's players).
func TestEventPlayer(t *testing.T) {
	src := `{"statics": [], "bodies": [{"name": "a", "center": [0, 1, 0], "half": [0.5, 0.5, 0.5]}], "events": [
		{"tick": 5, "teleport": {"body": "a", "center": [0, 2, 0]}},
		{"tick": 6, "player": 1, "teleport": {"body": "a", "center": [0, 2, 0]}},
		{"tick": 7, "teleport": {"body": "a", "center": [0, 2, 0]}},
		{"tick": 8, "player": 2, "teleport": {"body": "a", "center": [0, 2, 0]}}]}`
	sc, err := Parse("p.json", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var got []int
	for i := range sc.Events {
		got = append(got, sc.EventPlayer(i))
	}
	if fmt.Sprint(got) != "[1 1 1 2]" {
		t.Fatalf("players %v, want [1 1 1 2] (the third event is the third in file order: player 1)", got)
	}
	bad := strings.Replace(src, `"player": 2`, `"player": 3`, 1)
	if _, err := Parse("p.json", []byte(bad)); err == nil || !strings.Contains(err.Error(), "events[3].player") || !strings.Contains(err.Error(), "1..2") {
		t.Fatalf("player 3: %v; want an error naming events[3].player", err)
	}
}
