package physics

import "sandbox/engine/ccd"

// The tunnelling oracle is deliberately independent of the collision code it
// checks: it only looks at where each body's centre went this step (prev ->
// curr) and asks ccd.SegmentCrossesBox whether that path passed through a
// static slab. A crossing of a slab the body had no contact and no CCD impact
// with this step is a tunnel. It runs with CCD on or off, so the same scene
// shows tunnels without CCD and none with it.

// touchedPair records that a body had a contact or an impact with a slab this
// step; the oracle excuses crossings of touched slabs.
type touchedPair struct {
	body, static int32
}

func (w *World) detectTunnels() {
	for i := range w.bodies {
		b := &w.bodies[i]
		p0, p1 := b.prevPos, b.pos
		if b.flags&flagSleeping != 0 || p0 == p1 {
			continue
		}
		lo, hi := vmin(p0, p1), vmax(p0, p1)
		for k := range w.statics {
			st := &w.statics[k]
			if !overlapsAABB(lo, hi, st.min, st.max) {
				continue
			}
			if !ccd.SegmentCrossesBox(p0, p1, ccd.AABB{Min: st.min, Max: st.max}) {
				continue
			}
			if w.touched(i, k) {
				continue
			}
			w.events.Tunnels = append(w.events.Tunnels, TunnelEvent{Body: w.ID(i), Static: StaticID(k), From: p0, To: p1})
			w.counters.Tunnels++
		}
	}
}

// touched reports whether body i had a contact or impact with slab k this step.
// It scans the step's list; crossings are rare, so this stays cheap.
func (w *World) touched(i, k int) bool {
	for _, t := range w.scratch.touched {
		if int(t.body) == i && int(t.static) == k {
			return true
		}
	}
	return false
}
