package physics

import "sandbox/engine/ccd"

// The tunnelling oracle is deliberately independent of the collision code it
// checks: it only looks at where each body's centre went (prev -> curr each
// step) and never at what touched what. Its definition is what a user means
// by "went through the wall":
//
//   - A body has tunnelled through a slab when its centre, having been
//     outside the slab on one side, is later outside it on the opposite side
//     and its path in between passed through the slab's interior. The path
//     may take one step (a fast shot) or many (a body pushed slowly through
//     by a pile): while the centre is inside, the oracle remembers the face
//     it came in by (insideRec). Coming back out the same face, or out of a
//     side face (cutting a corner), is not a tunnel; going around an edge
//     never enters the interior. Each crossing counts once per (body, slab).
//   - A centre that lands exactly on a face is not inside (the interior is
//     open), so a shot stopping on the face is never counted.
//   - A body whose centre is inside a slab at the end of a step is embedded;
//     each (body, slab) counts once per stay (Counters.Embedded) and is
//     reported once, on the step it became embedded (StepEvents.Embedded). A body
//     created or teleported inside has no side it came from: it is embedded
//     but leaving can never be a tunnel. A teleport is not motion.
//
// It runs with CCD on or off, so the same scene shows tunnels without CCD
// and none with it.

// The oracle's marks of a body (oracleMark).
const (
	markMoved    uint8 = 1 << iota // moved this step, or was teleported
	markNearSlab                   // its path's box meets a slab's
	// markDecided: storeStates made the mark and checkMotion need not
	// look (it clears the bit before the oracle reads the mark).
	markDecided
)

// oracleMark returns body i's mark for detectTunnels, from its own
// records (checkMotion makes them over the workers). The serial pass then
// reads a byte of each body instead of two lines of its record.
func (w *World) oracleMark(i int) uint8 {
	b := &w.bodies[i]
	mark := clearPathMark(&b.prevPos, &b.pos, b.flags)
	p0 := &b.prevPos
	if b.flags&flagTeleported != 0 {
		p0 = &b.pos // not motion: only where it ended matters
	}
	if mark != 0 && !w.pathClear(p0, &b.pos) {
		mark |= markNearSlab
	}
	return mark
}

// insideRec records that a body's centre is inside a slab and which face it
// entered through (ccd.NoFace when it was placed there).
type insideRec struct {
	body, static int32
	face         ccd.Face
}

func (w *World) detectTunnels() {
	// Which bodies to look at was marked over the workers (checkMotion);
	// the records and events, in body order, on one.
	old := w.inside
	next := w.insideNext[:0]
	oi := 0
	for i := range w.bodies {
		// This body's records from last step (old is sorted by body, then slab).
		lo := oi
		for oi < len(old) && int(old[oi].body) == i {
			oi++
		}
		mine := old[lo:oi]
		mark := w.oracleMarks[i]
		if mark&markMoved == 0 {
			next = append(next, mine...) // did not move: nothing changes
			continue
		}
		if mark&markNearSlab == 0 && len(mine) == 0 {
			continue // outside every slab all step
		}
		b := &w.bodies[i]
		p0, p1 := b.prevPos, b.pos
		teleported := b.flags&flagTeleported != 0
		if teleported {
			p0 = p1 // not motion: only where it ended matters
		}
		seg := segmentBox(&p0, &p1)
		r := 0
		// The slabs in order that either hold a record of this body or
		// meet its path's box: the next of each, whichever comes first.
		onPath := w.nextStaticOn(&seg, -1)
		for k := -1; ; {
			if onPath >= 0 && onPath <= k {
				onPath = w.nextStaticOn(&seg, k)
			}
			for r < len(mine) && int(mine[r].static) <= k {
				r++
			}
			k = onPath
			var rec *insideRec
			if !teleported && r < len(mine) && int(mine[r].static) < len(w.statics) {
				if s := int(mine[r].static); k < 0 || s <= k {
					k, rec = s, &mine[r]
				}
			}
			if k < 0 {
				break
			}
			st := &w.statics[k]
			box := ccd.AABB{Min: st.min, Max: st.max}
			in, out, crosses := ccd.SegmentFaces(p0, p1, box)
			if !crosses {
				continue // a record implies p0 inside, so this cannot drop one
			}
			entry := in
			if rec != nil {
				entry = rec.face
			} else if in == ccd.NoFace {
				entry = ccd.NoFace // was inside without a record: placed there
			}
			if out == ccd.NoFace {
				// Ends the step inside.
				if rec == nil {
					w.counters.Embedded++
					w.events.Embedded = append(w.events.Embedded, EmbeddedEvent{Body: w.ID(i), Static: StaticID(k), Center: p1})
				}
				next = append(next, insideRec{body: int32(i), static: int32(k), face: entry})
				continue
			}
			if entry != ccd.NoFace && out == entry.Opposite() {
				w.events.Tunnels = append(w.events.Tunnels, TunnelEvent{Body: w.ID(i), Static: StaticID(k), From: b.prevPos, To: p1})
				w.counters.Tunnels++
			}
		}
	}
	w.inside, w.insideNext = next, old[:0]
}

// NumEmbedded returns how many bodies have their centre inside a static slab
// after the last step.
func (w *World) NumEmbedded() int {
	n, last := 0, int32(-1)
	for _, r := range w.inside {
		if r.body != last {
			n++
			last = r.body
		}
	}
	return n
}
