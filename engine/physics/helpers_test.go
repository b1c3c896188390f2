package physics

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// mustWorld builds a world or fails the test.
func mustWorld(t testing.TB, def WorldDef) *World {
	t.Helper()
	w, err := NewWorld(def)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func mustStatic(t testing.TB, w *World, name string, min, max mgl64.Vec3) StaticID {
	t.Helper()
	id, err := w.AddStatic(StaticDef{Name: name, Min: min, Max: max})
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func mustBody(t testing.TB, w *World, d BodyDef) BodyID {
	t.Helper()
	id, err := w.AddBody(d)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// ground adds the usual ground slab: top face at y = 0.
func ground(t testing.TB, w *World) StaticID {
	return mustStatic(t, w, "ground", mgl64.Vec3{-100, -1, -100}, mgl64.Vec3{100, 0, 100})
}

func cube(name string, c mgl64.Vec3) BodyDef {
	d := DefaultBodyDef()
	d.Name = name
	d.Center = c
	return d
}

func run(w *World, steps int, dt float64) {
	for i := 0; i < steps; i++ {
		w.Step(dt, nil)
	}
}

// solvedManifolds returns the manifolds (indices in the contact list)
// that w's last step solved, in list order: the solver's own list holds
// them in its plan's order, with room between (colorRoom).
func solvedManifolds(w *World) []int32 { return w.sol.bs.actTmp }
