package physics

import "math"

// The contact cache: one manifold per candidate pair of the broadphase,
// listed by pair key; a pair further apart than the margin has an empty
// one (mfEmpty), which nothing solves. Each step's narrowphase merges the
// broadphase's sorted pairs with last step's list, so matching a pair to
// its old manifold (for warm starting and begin/end events) costs nothing
// extra and no map is needed. A pair's manifold stays in one slot of a
// pool from the step the pair comes to the step it ends, and is rebuilt
// there; the list in key order is the heads, each naming its manifold's
// slot. Pairs whose bodies are all asleep are carried over unchanged, so a
// woken stack restarts warm.

const (
	// touchDistance: a manifold with a point at most this far apart counts
	// as touching for events, islands and the tunnelling oracle, m.
	touchDistance = 0.001
	// warmRadius: an old point this close (m) to a new one whose feature id
	// is new passes its impulse on.
	warmRadius = 0.05
)

// Manifold flags.
const (
	mfTouching uint8 = 1 << iota
	mfAsleep         // carried over while its bodies sleep; not solved
	mfReused         // this step's points are last step's, moved (manifold_reuse.go)
	// mfEmpty: a candidate pair with no points this step (its boxes are
	// further apart than the margin). Kept in the list, as Box2D keeps a
	// contact from the moment its fat boxes overlap, so that the list keeps
	// its order from step to step and collide can build in place; never
	// solved, drawn or warm-started from.
	mfEmpty
)

// cachePoint is one contact point as the cache keeps it between steps
// (104 bytes): where it is. Its depth is in its manifold's sep and the
// impulse it carried in its impulse block (manifold.normalI).
type cachePoint struct {
	rA, rB sv     // anchors from each body's centre, world, m
	id     uint32 // feature id
	// The point on each surface in its body's own frame (a slab's frame
	// is the world's, from its centre), for reusing the manifold.
	la, lb sv
}

// manifold is the cached contact between body a and body b (or slab static):
// the narrowphase result plus the impulses that warm-start the next step
// (672 bytes). Everything else the solver needs is derived from it
// each step into the compact constraint array (contact_solver.go), so the
// cache stays small enough to be merged and copied every step.
type manifold struct {
	key      uint64
	a, b     int32 // b = -1 for a slab
	static   int32 // slab index, or -1
	count    int32
	n        sv // unit normal from a toward b (or the slab)
	flags    uint8
	apart    sepFace // an empty one's separating face (rawManifold.apart)
	friction float64
	// The impulses, together at bytes 64-127 (one cache line, or halves of
	// two in every other manifold, which is 10.5 lines long), since the
	// solver's store writes nothing else of a manifold: kept in the points,
	// they were six lines to fetch and write back per manifold, scattered
	// over a list that outgrows the cache (10,000 bodies).
	//   - ft: friction impulse as a world vector (N s), so that it can be
	//     re-projected on the next step's tangents;
	//   - twistI: twist impulse about the normal (N m s);
	//   - normalI: accumulated normal impulse of each point (N s).
	ft      sv
	twistI  float64
	normalI [4]float64
	// Each point's separation at narrowphase time, m (< 0: penetrating),
	// beside the impulses: prepare reads both for every manifold, and
	// kept in the points they were four more lines to fetch.
	sep         [4]float64
	restitution float64
	// The pose of b in a's frame (for a slab: of a in the world) and a's
	// orientation when the points were last computed: see poseClose.
	relP sv
	relQ quat
	qA   quat
	pts  [4]cachePoint
}

type contactSet struct {
	// pool holds the manifolds by slot, a pair's in one slot while it
	// stays (contact_pool.go); next is where a relayout builds the list
	// afresh, in key order, and build is the buffer this step's
	// narrowphase writes: pool, or next.
	pool, next, build []manifold
	slots             slotSet // the pool's free slots and their bookkeeping
	// heads is this step's list of manifolds in key order: each one's
	// key, flags, points and slot (see manifoldHead); kept by
	// emitContacts, made again by World.Restore (loadList).
	heads     []manifoldHead
	nextHeads []manifoldHead // scratch for the next heads
	wake      []int32        // bodies to wake after the narrowphase
	jobs      []pairJob      // the merge of candidate pairs and old manifolds
	// fillJobs: the pairs are last step's, and narrowJob writes each job
	// (collide).
	fillJobs bool
	// attn[j]: in place, job j's manifold changed its flags or its
	// number of points, or wakes a body, so the serial walk must look at
	// it (noted by narrowJob; see emitInPlace).
	attn []bool
}

// pairJob is one entry of the merged sequence of this step's candidate pairs
// and last step's manifolds, in key order: a pair to collide (key, with its
// old manifold's slot in the pool from, or -1 for a new pair),
// or an old manifold with no pair (retire), which ends unless its bodies
// sleep (ends). Its manifold is built in slot of the build buffer
// (placeJobs).
type pairJob struct {
	key        uint64
	from, slot int32
	retire     bool
	ends       bool
	// The old manifold's flags and normal, for the events (the manifold
	// itself may be overwritten when the list is updated in place), and
	// its points, for its head.
	prevFlags, prevCount uint8
	prevN                sv
	// What emitContacts needs of the built manifold, noted by narrowJob
	// (in parallel) so that emitContacts' serial walk reads these 56-byte
	// jobs and not the 672-byte manifolds: its flags (whether it is empty,
	// whether it touches), its points (for its head), and the sleeping
	// body its touch wakes (-1: none).
	flags, count uint8
	wake         int32
}

// manifoldHead is a manifold's key, flags, number of points (its bodies
// are in the key) and slot in the pool, in a dense array in key order.
// The step walks the whole list serially three times: the narrowphase's
// merge with the new pairs (the keys), the solver's collection of the
// active manifolds (bodies and flags) and its placing of them (bodies and
// points, which order each colour's constraints: solver_places.go).
// Reading those from the 672-byte manifolds fetched a cache line per
// manifold, on a walk that stays serial with any number of workers.
type manifoldHead struct {
	key          uint64
	flags, count uint8
	slot         int32
}

// bodies returns the manifold's bodies: a, and b or -1 for a slab.
func (h *manifoldHead) bodies() (a, b int32) { return keyBodies(h.key) }

// keyBodies returns the bodies of pair key: a, and b or -1 for a slab.
func keyBodies(key uint64) (a, b int32) {
	a, tag := int32(key>>32), uint32(key)
	if tag&pairBodyBit == 0 {
		return a, -1
	}
	return a, int32(tag &^ pairBodyBit)
}

// collide runs the narrowphase on every candidate pair and rebuilds the
// contact list, in three passes: merge the sorted pairs with last step's
// sorted manifolds and give each its slot (sequential, unless they are
// the same pairs; placeJobs), build every manifold in its slot
// (independent, so it may run on several workers), then make the heads in
// key order and emit the events (sequential), so that the result and the
// event order do not depend on how the middle pass was scheduled.
func (w *World) collide(dt float64) {
	cs := &w.contacts
	// Room for a quarter more manifolds than the pool holds, and the other
	// buffer made ready for a relayout, on every step, also when the pairs
	// stay last step's: so the first step whose pairs change (a settling
	// stack's, long after it began) allocates nothing. (On the first step,
	// nothing: the list is built in the other buffer, the only one then.)
	room := len(cs.pool) + len(cs.pool)/4 + 16
	cs.reserveList(room)
	cs.next = reserve(cs.next, room)
	heads := cs.heads
	// The pairs exactly last step's (the usual case once things settle):
	// the list keeps its order, and each job is its old manifold's, which
	// narrowJob notes itself, in parallel (fillJobs), as it notes the old
	// normals.
	inPlace := sameKeys(w.bp.keys, heads)
	cs.fillJobs = inPlace
	if inPlace {
		cs.jobs = grow(cs.jobs, len(heads))
		cs.attn = grow(cs.attn, len(heads))
		cs.build = cs.pool
	} else {
		cs.jobs = mergeJobs(cs.jobs[:0], w.bp.keys, heads)
		w.placeJobs()
	}
	w.par.begin()
	w.par.run(len(cs.jobs), narrowChunk, w.fnNarrow)
	w.par.end()
	w.emitContacts()
	for _, i := range cs.wake {
		w.wakeBody(int(i))
	}
}

// sameKeys reports whether the candidate pairs are exactly the old
// manifolds', in the same order.
func sameKeys(keys []uint64, heads []manifoldHead) bool {
	if len(keys) != len(heads) {
		return false
	}
	for j, key := range keys {
		if heads[j].key != key {
			return false
		}
	}
	return true
}

// mergeJobs appends to jobs the merge of this step's candidate pairs (keys)
// and last step's manifolds (heads), both sorted by key: a pair with its
// old manifold or none, or an old manifold that no pair has (retire).
func mergeJobs(jobs []pairJob, keys []uint64, heads []manifoldHead) []pairJob {
	oi := 0
	for _, key := range keys {
		for oi < len(heads) && heads[oi].key < key {
			jobs = append(jobs, retireJob(heads, oi))
			oi++
		}
		job := pairJob{key: key, from: -1, slot: -1}
		if oi < len(heads) && heads[oi].key == key {
			job.prevFlags = heads[oi].flags
			job.from, job.slot = heads[oi].slot, heads[oi].slot
			oi++
		}
		jobs = append(jobs, job)
	}
	for ; oi < len(heads); oi++ {
		jobs = append(jobs, retireJob(heads, oi))
	}
	return jobs
}

// retireJob is the job of old manifold k, which no pair has this step.
func retireJob(heads []manifoldHead, k int) pairJob {
	h := &heads[k]
	return pairJob{key: h.key, from: h.slot, slot: h.slot, retire: true, prevFlags: h.flags}
}

// keptAsleep reports whether retired job's old manifold stays in the list,
// carried over: it has points and all its bodies sleep.
func (w *World) keptAsleep(job *pairJob) bool {
	a, b := keyBodies(job.key)
	return job.prevFlags&mfEmpty == 0 && w.bodies[a].flags&flagSleeping != 0 &&
		(b < 0 || w.bodies[b].flags&flagSleeping != 0)
}

// narrowChunk is the number of pairs a worker takes at a time.
const narrowChunk = 64

// narrowJob builds the manifolds of jobs [lo, hi) in their slots; one
// with no points gets count 0. It reads only state that no other job
// writes.
func (w *World) narrowJob(lo, hi int) {
	cs := &w.contacts
	pool, build := cs.pool, cs.build
	for j := lo; j < hi; j++ {
		if a := j + prefetchAhead; a < hi {
			// Last step's manifold of the pair a few jobs on (prefetch.go).
			if s := cs.prevSlot(a); s >= 0 {
				prefetchManifold(&pool[s])
			}
		}
		job := &cs.jobs[j]
		if cs.fillJobs {
			// Pair j is old manifold j (collide), whose key and flags are
			// its head's. Read from the manifold, which the build reads
			// anyway, not from the heads, which emitContacts wrote on the
			// step's own goroutine: on two workers the helper's half of
			// them came from the other core's cache, and with the jobs
			// going the other way (emitContacts read them all) each of the
			// two workers' chunks was slower than one worker's whole. The
			// slot is in the heads only. Field by field: as one composite
			// literal the job was built on the stack and copied over in
			// 16-byte loads of its smaller stores, which the processor
			// cannot forward.
			slot := cs.heads[j].slot
			o := &pool[slot]
			key, flags, count := o.key, o.flags, uint8(o.count)
			job.key, job.from, job.slot = key, slot, slot
			job.retire, job.ends, job.prevFlags, job.prevCount = false, false, flags, count
		}
		var prev *manifold
		if job.from >= 0 {
			// The pair's manifold of last step: where it is built, unless
			// the list is laid out afresh (placeJobs).
			prev = &pool[job.from]
			job.prevN = prev.n
		}
		if job.ends {
			continue
		}
		m := &build[job.slot]
		if job.retire { // carried over asleep
			if m != prev {
				*m = *prev
			}
			m.flags |= mfAsleep
			job.flags, job.count = m.flags, uint8(m.count)
			continue
		}
		apart := sepNone
		if prev != nil && prev.flags&mfEmpty != 0 {
			apart = prev.apart
			prev = nil // nothing to warm-start from (its impulses are stale)
		}
		w.buildManifold(job.key, prev, apart, m)
		job.flags, job.count = m.flags, uint8(m.count)
		job.wake = -1
		if m.flags&mfTouching != 0 && m.b >= 0 {
			// A touch between an awake and a sleeping body wakes the
			// sleeper. (No job writes a body's flags.)
			sa := w.bodies[m.a].flags&flagSleeping != 0
			sb := w.bodies[m.b].flags&flagSleeping != 0
			if sa != sb {
				job.wake = m.a
				if sb {
					job.wake = m.b
				}
			}
		}
		if cs.fillJobs {
			// A contact begins or ends only where the touching flag
			// changes; the head changes with the flags or the points.
			cs.attn[j] = job.flags != job.prevFlags || job.count != job.prevCount || job.wake >= 0
		}
	}
}

// prevSlot returns the slot of job j's manifold of last step, or -1 for a
// new pair.
func (cs *contactSet) prevSlot(j int) int32 {
	if cs.fillJobs {
		return cs.heads[j].slot // pair j is old manifold j
	}
	return cs.jobs[j].from
}

// emitContacts emits contact events, wakes and slab touches in key order,
// and makes this step's heads, the list in key order.
func (w *World) emitContacts() {
	cs := &w.contacts
	cs.wake = cs.wake[:0]
	// At most one begin or end event per job: room for them with the jobs.
	e := &w.events
	e.ContactsBegun = reserve(e.ContactsBegun, len(cs.jobs))
	e.ContactsEnded = reserve(e.ContactsEnded, len(cs.jobs))
	if cs.fillJobs {
		w.emitInPlace()
		return
	}
	heads := cs.nextHeads[:0]
	for j := range cs.jobs {
		job := &cs.jobs[j]
		wasTouching := job.from >= 0 && job.prevFlags&mfTouching != 0
		if job.retire {
			// An old manifold with no candidate pair this step: kept asleep
			// when its bodies sleep (if it has points), otherwise ended.
			if !job.ends {
				heads = append(heads, manifoldHead{key: job.key, flags: job.flags, count: job.count, slot: job.slot})
			} else if wasTouching {
				w.events.ContactsEnded = append(w.events.ContactsEnded, w.endEvent(job))
			}
			continue
		}
		// An empty manifold (mfEmpty) never touches, and is kept all the
		// same, so that the next step's list has the same keys in the
		// same places and the list keeps its order: dropping it changed
		// the pairs, and so the plan, every time it came and went.
		w.noteTouch(job, &cs.build[job.slot], wasTouching)
		heads = append(heads, manifoldHead{key: job.key, flags: job.flags, count: job.count, slot: job.slot})
	}
	cs.heads, cs.nextHeads = heads, cs.heads[:0]
	cs.settle()
}

// emitInPlace is emitContacts when the pairs are last step's (fillJobs):
// every manifold was built in its own slot and stays there, and the heads
// keep their keys, so the walk looks only at the jobs narrowJob marked
// (cs.attn): a manifold whose flags or points changed (its head, and a
// contact that begins or ends) or that wakes a body, in key order as the full walk
// would. The full walk read every job, and on two workers the helper's
// half of them from the other core's cache.
func (w *World) emitInPlace() {
	cs := &w.contacts
	for j, need := range cs.attn[:len(cs.jobs)] {
		if !need {
			continue
		}
		job := &cs.jobs[j]
		wasTouching := job.prevFlags&mfTouching != 0
		w.noteTouch(job, &cs.pool[job.slot], wasTouching)
		cs.heads[j] = manifoldHead{key: job.key, flags: job.flags, count: job.count, slot: job.slot}
	}
}

// noteTouch emits the begin or end event of job's contact, whose built
// manifold is m, and notes the body its touch wakes.
func (w *World) noteTouch(job *pairJob, m *manifold, wasTouching bool) {
	if job.flags&mfTouching != 0 {
		if !wasTouching {
			w.events.ContactsBegun = append(w.events.ContactsBegun, w.contactEvent(m, true))
			w.counters.ContactsBegun++
		}
		if job.wake >= 0 {
			w.contacts.wake = append(w.contacts.wake, job.wake)
		}
	} else if wasTouching {
		w.events.ContactsEnded = append(w.events.ContactsEnded, w.endEvent(job))
	}
}

// endEvent describes the end of job's old contact; the normal points toward A.
func (w *World) endEvent(job *pairJob) ContactEvent {
	a, b := keyBodies(job.key)
	e := ContactEvent{A: w.ID(int(a)), B: NoBody, Static: NoStatic, Normal: job.prevN.neg().vec()}
	if b >= 0 {
		e.B = w.ID(int(b))
	} else if k, ok := keyMover(job.key); ok {
		e.Mover = MoverID(k + 1)
	} else {
		e.Static = StaticID(uint32(job.key))
	}
	return e
}

// tangentsSV returns a fixed orthonormal basis of the plane normal to n.
func tangentsSV(n sv) (sv, sv) {
	var t sv
	if math.Abs(n.x) >= 0.57735 {
		t = sv{n.y, -n.x, 0}
	} else {
		t = sv{0, n.z, -n.y}
	}
	if l := math.Sqrt(t.dot(t)); l > 0 {
		t = t.scale(1 / l)
	} else {
		t = sv{1, 0, 0}
	}
	return t, n.cross(t)
}

// contactEvent describes m for the event lists; the normal points toward A.
func (w *World) contactEvent(m *manifold, begin bool) ContactEvent {
	e := ContactEvent{A: w.ID(int(m.a)), B: NoBody, Static: NoStatic, Normal: m.n.neg().vec()}
	if m.b >= 0 {
		e.B = w.ID(int(m.b))
	} else if m.static < -1 {
		e.Mover = MoverID(-1 - m.static)
	} else {
		e.Static = StaticID(m.static)
	}
	if begin && m.count > 0 {
		e.Point = add(w.bodies[m.a].pos, m.pts[0].rA.vec())
	}
	return e
}
