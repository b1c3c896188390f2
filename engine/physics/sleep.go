package physics

import "math"

// Sleep: a body is at rest while its speed and the speed of its corners
// from spin stay below WorldDef.SleepSpeed; an island (bodies linked by
// touching contacts, slabs excluded) falls asleep when all its bodies have
// been at rest for WorldDef.SleepSeconds. Sleeping bodies are not integrated or solved and
// their pairs are not tested. A touch from an awake body, a bullet impact or a
// teleport wakes the whole island, which is kept as a ring (body.sleepNext).
// Islands are found each step by union-find over the solved manifolds that
// touch, with the smallest index as root, so the result does not depend on
// visiting order; the solver's planning finds them on its way to its own
// islands (linkIslands), so they are built once a step.

func (w *World) updateSleep(dt float64) {
	if !w.def.Sleep {
		return
	}
	n := len(w.bodies)
	sc := &w.scratch
	// The islands of touching contacts, which the solver's planning found
	// (linkIslands).
	root := sc.sleepRoot
	sc.islandMin = grow(sc.islandMin, n)
	sc.islandHead = grow(sc.islandHead, n)
	for i := range w.bodies {
		sc.islandMin[i] = math.Inf(1)
		sc.islandHead[i] = -1
		b := &w.bodies[i]
		if b.flags&flagSleeping != 0 {
			continue
		}
		s := &w.sb[i]
		h := svAt(&b.half)
		r2 := h.dot(h)
		lim2 := float64(w.def.SleepSpeed * w.def.SleepSpeed)
		if s.v.dot(s.v) > lim2 || float64(s.w.dot(s.w)*r2) > lim2 {
			b.sleepTime = 0
		} else {
			b.sleepTime += dt
		}
	}
	w.keepRidersAwake()
	for i := range w.bodies {
		if w.bodies[i].flags&flagSleeping != 0 {
			continue
		}
		r := root[i]
		sc.islandMin[r] = min(sc.islandMin[r], w.bodies[i].sleepTime)
	}
	for i := range w.bodies {
		b := &w.bodies[i]
		if b.flags&flagSleeping != 0 {
			continue
		}
		r := root[i]
		if sc.islandMin[r] < w.def.SleepSeconds {
			continue
		}
		// Link into the island's ring: head -> ... -> i -> head.
		b.flags |= flagSleeping
		w.sb[i].v, w.sb[i].w = sv{}, sv{}
		h := sc.islandHead[r]
		if h < 0 {
			sc.islandHead[r] = int32(i)
			b.sleepNext = int32(i)
			w.events.Slept = append(w.events.Slept, SleepEvent{Body: w.ID(i)})
		} else {
			b.sleepNext = w.bodies[h].sleepNext
			w.bodies[h].sleepNext = int32(i)
		}
	}
	w.sizeSleptIslands()
}

// wakeBody wakes body i and every body of its sleeping island.
func (w *World) wakeBody(i int) {
	if w.bodies[i].flags&flagSleeping == 0 {
		w.bodies[i].sleepTime = 0
		return
	}
	j := int32(i)
	n := 0
	for j >= 0 {
		n++
		b := &w.bodies[j]
		b.flags &^= flagSleeping
		if int(j) < len(w.bp.asleep) {
			w.bp.asleep[j] = false // read by the solver after the narrowphase wakes
		}
		b.sleepTime = 0
		w.invI[j] = worldInvInertia(b.q, b.invILocal)
		b.flags &^= flagDiagInertia
		next := b.sleepNext
		b.sleepNext = -1
		if next == int32(i) {
			break
		}
		j = next
	}
	w.events.Woke = append(w.events.Woke, SleepEvent{Body: w.ID(i), Bodies: n})
}

func find(parent []int32, i int32) int32 {
	for parent[i] != i {
		parent[i] = parent[parent[i]]
		i = parent[i]
	}
	return i
}

func union(parent []int32, a, b int32) {
	ra, rb := find(parent, a), find(parent, b)
	if ra == rb {
		return
	}
	if ra < rb {
		parent[rb] = ra
	} else {
		parent[ra] = rb
	}
}
