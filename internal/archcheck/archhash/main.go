// Command archhash prints the state hash of several scenes after a fixed
// number of ticks, one "name ticks hash" line each. The archcheck tests run
// it built for amd64 and for arm64 and compare the lines.
package main

import (
	"fmt"
	"os"

	"sandbox/engine/scene"
	"sandbox/engine/session"
)

// maxBodies is the largest built-in scene compared.
const maxBodies = 300

func main() {
	for _, name := range scene.BuiltinNames() {
		sc, err := scene.Builtin(name)
		if err != nil {
			fail(err)
		}
		// The stress scenes (thousands of boxes) would take many minutes
		// under an emulator; the 200-box pile covers what they exercise.
		if len(sc.Bodies) > maxBodies {
			continue
		}
		run(sc.Name, sc, 600)
	}
	run("pile-200-volley", pileScene(), 600)
}

// run plays sc for ticks ticks in a session, as headless runs do, and
// prints the hash.
func run(name string, sc *scene.Scene, ticks uint64) {
	s, err := session.New(session.Options{Scene: sc, StopTick: ticks})
	if err != nil {
		fail(err)
	}
	for !s.Done() {
		if _, err := s.Advance(sc.StepSeconds()); err != nil {
			fail(err)
		}
	}
	fmt.Printf("%s %d %016x\n", name, s.Tick(), s.World().StateHash())
}

// pileScene is 200 boxes in columns of 10 with a volley of spinning shots:
// the case where the hashes once differed between amd64 and arm64.
func pileScene() *scene.Scene {
	src := `{"name": "pile-200", "statics": [{"name": "ground", "min": [-60, -1, -60], "max": [60, 0, 60]},
	  {"name": "wall", "min": [12, 0, -10], "max": [12.01, 8, 10]}], "bodies": [`
	n := 0
	for col := 0; col < 20; col++ {
		x, z := float64(col%5)*1.1-2.5, float64(col/5)*1.1-2
		for k := 0; k < 10; k++ {
			if n > 0 {
				src += ","
			}
			src += fmt.Sprintf(`{"name": "b%d", "center": [%g, %g, %g], "half": [0.5, 0.5, 0.5], "orientation": [1, 0, %g, 0]}`,
				n, x, 0.5+float64(k)*1.02, z, 0.01*float64(n%7))
			n++
		}
	}
	src += `], "events": [`
	for i := 0; i < 12; i++ {
		if i > 0 {
			src += ","
		}
		src += fmt.Sprintf(`{"tick": %d, "fire": {"name": "shot-%d", "from": [-30, %g, %g], "direction": [1, 0.03, 0.01],
		  "speed": %d, "half": [0.1, 0.1, 0.1], "mass": 2, "spin": [3, 40, 7]}}`,
			30+35*i, i, 1+float64(i%6), float64(i%3)-1, 60+450*i)
	}
	src += `]}`
	sc, err := scene.Parse("pile-200.json", []byte(src))
	if err != nil {
		fail(err)
	}
	return sc
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "archhash:", err)
	os.Exit(1)
}
