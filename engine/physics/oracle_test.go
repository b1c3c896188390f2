package physics

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// The oracle's definition (oracle.go), checked on hand-made centre paths: the
// body is moved by setting its start and end centre for each step and running
// the oracle alone, so each case is exactly the path it names.
func TestOracleDefinition(t *testing.T) {
	type path []mgl64.Vec3 // centre after each step, starting with the initial one
	v := func(x, y, z float64) mgl64.Vec3 { return mgl64.Vec3{x, y, z} }
	// A 1 cm wall from x = 20 to x = 20.01, y 0..6, z -5..5.
	cases := []struct {
		name              string
		path              path
		tunnels, embedded uint64
	}{
		{"straight through in one step", path{v(0, 1, 0), v(40, 1, 0)}, 1, 0},
		{"straight through backwards", path{v(40, 1, 0), v(0, 1, 0)}, 1, 0},
		{"lands exactly on the face, then backs off", path{v(19, 1, 0), v(20, 1, 0), v(19.5, 1, 0)}, 0, 0},
		{"slides along the face", path{v(20, 1, 0), v(20, 3, 0), v(20, 5, 1)}, 0, 0},
		{"pushed through slowly over three steps", path{v(19.99, 1, 0), v(20.003, 1, 0), v(20.007, 1, 0), v(20.02, 1, 0)}, 1, 1},
		{"pushed in and back out the same face", path{v(19.99, 1, 0), v(20.005, 1, 0), v(19.99, 1, 0)}, 0, 1},
		{"in the front face, out of the top", path{v(19.999, 5, 0), v(20.005, 7, 0)}, 0, 0},
		{"in the front, stays, pops out of the top", path{v(19.99, 5.9, 0), v(20.005, 5.95, 0), v(20.005, 6.5, 0)}, 0, 1},
		{"around the top edge", path{v(19, 5, 0), v(20.005, 6.5, 0), v(21, 5, 0)}, 0, 0},
		{"around the side edge", path{v(19, 1, 4.9), v(20.005, 1, 5.5), v(21, 1, 4.9)}, 0, 0},
		{"through twice, both ways", path{v(0, 1, 0), v(40, 1, 0), v(0, 1, 0)}, 2, 0},
		{"down through the top and out of the bottom", path{v(20.005, 7, 0), v(20.005, 3, 0), v(20.005, -1, 0)}, 1, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := mustWorld(t, DefaultWorldDef())
			mustStatic(t, w, "wall", v(20, 0, -5), v(20.01, 6, 5))
			d := cube("shot", c.path[0])
			d.Half = mgl64.Vec3{0.001, 0.001, 0.001}
			mustBody(t, w, d)
			b := &w.bodies[0]
			for s := 1; s < len(c.path); s++ {
				w.events.reset(uint64(s))
				b.prevPos, b.pos = c.path[s-1], c.path[s]
				w.markOracle()
				w.detectTunnels()
			}
			cn := w.Counters()
			if cn.Tunnels != c.tunnels || cn.Embedded != c.embedded {
				t.Errorf("tunnels %d embedded %d, want %d and %d", cn.Tunnels, cn.Embedded, c.tunnels, c.embedded)
			}
		})
	}
}

// A teleport is not motion: teleporting into a wall embeds the body, and
// leaving it on the far side afterwards is not a tunnel (the body never came
// from a side).
func TestOracleTeleportInside(t *testing.T) {
	v := func(x, y, z float64) mgl64.Vec3 { return mgl64.Vec3{x, y, z} }
	w := mustWorld(t, DefaultWorldDef())
	mustStatic(t, w, "wall", v(20, 0, -5), v(20.01, 6, 5))
	mustBody(t, w, cube("b", v(0, 1, 0)))
	b := &w.bodies[0]
	b.prevPos, b.pos = v(0, 1, 0), v(20.005, 1, 0)
	b.flags |= flagTeleported
	w.markOracle()
	w.detectTunnels()
	b.flags &^= flagTeleported
	if w.NumEmbedded() != 1 {
		t.Fatalf("NumEmbedded %d after teleporting into the wall, want 1", w.NumEmbedded())
	}
	b.prevPos, b.pos = b.pos, v(25, 1, 0)
	w.markOracle()
	w.detectTunnels()
	if c := w.Counters(); c.Tunnels != 0 || c.Embedded != 1 || w.NumEmbedded() != 0 {
		t.Errorf("counters %+v, embedded now %d; want 0 tunnels, 1 embedded, 0 now", c, w.NumEmbedded())
	}
}

// markOracle marks every body for detectTunnels without the guard, for
// these tests, which move bodies by hand (Step marks them in checkMotion).
func (w *World) markOracle() {
	w.oracleMarks = grow(w.oracleMarks, len(w.bodies))
	for i := range w.bodies {
		w.oracleMarks[i] = w.oracleMark(i)
	}
}
