package physics

import "math"

// The contact cache: one manifold per candidate pair of the broadphase,
// sorted by pair key; a pair further apart than the margin has an empty
// one (mfEmpty), which nothing solves. Each step's narrowphase merges the
// broadphase's sorted pairs with last step's list, so matching a pair to
// its old manifold (for warm starting and begin/end events) costs nothing
// extra and no map is needed; when the pairs are exactly last step's, each
// manifold is rebuilt in its own slot. Pairs whose bodies are all asleep
// are carried over unchanged, so a woken stack restarts warm.

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
	list []manifold // this step's manifolds, sorted by key
	// heads holds what the serial walks over the whole list read of each
	// manifold, beside it (see manifoldHead); kept by emitContacts, and
	// rebuilt by World.Restore (a snapshot does not keep it).
	heads []manifoldHead
	next  []manifold // scratch for the next list
	slots []manifold // where collide builds: next, or list itself in place
	wake  []int32    // bodies to wake after the narrowphase
	jobs  []pairJob  // the merge of candidate pairs and old manifolds
	// fillJobs: the pairs are last step's, and narrowJob writes each job
	// (collide).
	fillJobs bool
	// attn[j]: in place, job j's manifold changed its flags or its
	// number of points, or wakes a body, so the serial walk must look at
	// it (noted by narrowJob; see emitInPlace).
	attn []bool
	// place[j]: where job j's manifold goes in the new list when it is not
	// built in place (placeJobs), or -1 for an old manifold that ends.
	place []int32
}

// pairJob is one entry of the merged sequence of this step's candidate pairs
// and last step's manifolds, in key order: a pair to collide (key, with its
// old manifold prev or -1), or an old manifold with no pair (retire).
type pairJob struct {
	key    uint64
	prev   int32
	retire bool
	// The old manifold's flags and normal, for the events (the manifold
	// itself may be overwritten when the list is updated in place), and
	// its points, for its head.
	prevFlags, prevCount uint8
	prevN                sv
	// What emitContacts needs of the built manifold, noted by narrowJob
	// (in parallel) so that emitContacts' serial walk reads these 48-byte
	// jobs and not the 672-byte manifolds: its flags (whether it is empty,
	// whether it touches), its points (for its head), and the sleeping
	// body its touch wakes (-1: none).
	flags, count uint8
	wake         int32
}

// manifoldHead is a manifold's key, flags and number of points (its bodies
// are in the key), in a dense array beside the list. The step walks the
// whole list serially three times: the narrowphase's merge with the new
// pairs (the keys), the solver's collection of the active manifolds
// (bodies and flags) and its placing of them (bodies and points, which
// order each colour's constraints: solver_places.go). Reading those from
// the 672-byte manifolds fetched a cache line per manifold, on a walk
// that stays serial with any number of workers.
type manifoldHead struct {
	key          uint64
	flags, count uint8
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

func headOf(m *manifold) manifoldHead {
	return manifoldHead{key: m.key, flags: m.flags, count: uint8(m.count)}
}

func (c *contactSet) copyFrom(o *contactSet) {
	c.list = append(c.list[:0], o.list...)
}

// syncHeads rebuilds heads from the list.
func (c *contactSet) syncHeads() {
	c.heads = grow(c.heads, len(c.list))
	for k := range c.list {
		c.heads[k] = headOf(&c.list[k])
	}
}

// collide runs the narrowphase on every candidate pair and rebuilds the
// contact list, in three passes: merge the sorted pairs with last step's
// sorted manifolds (sequential, unless they are the same pairs), build
// every manifold into its own slot
// (independent, so it may run on several workers), then compact the slots in
// key order and emit the events (sequential), so that the result and the
// event order do not depend on how the middle pass was scheduled.
func (w *World) collide(dt float64) {
	cs := &w.contacts
	old := cs.list
	heads := cs.heads[:len(old)]
	// In place: the pairs are exactly last step's (the usual case once
	// things settle), so each manifold is rebuilt in its own slot instead of
	// copied to the other buffer, and each job is its old manifold's, which
	// narrowJob notes itself, in parallel (fillJobs), as it notes the old
	// normals.
	inPlace := sameKeys(w.bp.keys, heads)
	cs.fillJobs = inPlace
	if inPlace {
		cs.jobs = grow(cs.jobs, len(heads))
		cs.attn = grow(cs.attn, len(heads))
	} else {
		cs.jobs = mergeJobs(cs.jobs[:0], w.bp.keys, heads)
		w.placeJobs()
	}
	jobs := cs.jobs
	// The other buffer is made ready even when this step builds in place,
	// so that the first step whose pairs change (a settling stack's, long
	// after it began) allocates nothing.
	if cap(cs.next) < len(jobs) {
		cs.next = make([]manifold, len(jobs), len(jobs)+len(jobs)/2)
	}
	if inPlace {
		cs.slots = old
	} else {
		cs.slots = cs.next[:len(jobs)]
	}
	w.par.begin()
	w.par.run(len(jobs), narrowChunk, w.fnNarrow)
	w.par.end()
	out := w.emitContacts()
	if inPlace {
		cs.list = out
	} else {
		cs.list, cs.next = out, old[:0]
	}
	cs.slots = nil
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
			jobs = append(jobs, pairJob{key: heads[oi].key, prev: int32(oi), retire: true, prevFlags: heads[oi].flags})
			oi++
		}
		job := pairJob{key: key, prev: -1}
		if oi < len(heads) && heads[oi].key == key {
			job.prev, job.prevFlags = int32(oi), heads[oi].flags
			oi++
		}
		jobs = append(jobs, job)
	}
	for ; oi < len(heads); oi++ {
		jobs = append(jobs, pairJob{key: heads[oi].key, prev: int32(oi), retire: true, prevFlags: heads[oi].flags})
	}
	return jobs
}

// placeJobs gives every job that leaves a manifold in the new list its
// place there (cs.place), in job order: each pair, and each old manifold
// with no pair that is kept because its bodies sleep (emitContacts).
// narrowJob then builds (or carries over) each one where it stays: built
// in job order and compacted afterwards, every manifold after the first
// that ended was copied again, serially, 672 bytes each.
func (w *World) placeJobs() {
	cs := &w.contacts
	cs.place = grow(cs.place, len(cs.jobs))
	n := int32(0)
	for j := range cs.jobs {
		job := &cs.jobs[j]
		if job.retire && !w.keptAsleep(job) {
			cs.place[j] = -1
			continue
		}
		cs.place[j] = n
		n++
	}
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

// narrowJob builds the manifolds of jobs [lo, hi) into their slots; a slot
// with no points gets count 0. It reads only state that no other job
// writes.
func (w *World) narrowJob(lo, hi int) {
	cs := &w.contacts
	old := cs.list
	for j := lo; j < hi; j++ {
		job := &cs.jobs[j]
		if cs.fillJobs {
			// In place: pair j is old manifold j (collide), whose key and
			// flags are its head's. Read from the manifold, which the build
			// reads anyway, not from the heads, which emitContacts wrote
			// on the step's own goroutine: on two workers the helper's half
			// of them came from the other core's cache, and with the jobs
			// going the other way (emitContacts read them all) each of the
			// two workers' chunks was slower than one worker's whole.
			o := &old[j]
			*job = pairJob{key: o.key, prev: int32(j), prevFlags: o.flags, prevCount: uint8(o.count)}
		}
		var prev *manifold
		if job.prev >= 0 {
			// Before the build, which may overwrite it (in place).
			prev = &old[job.prev]
			job.prevN = prev.n
		}
		at := j
		if !cs.fillJobs {
			at = int(cs.place[j])
		}
		if job.retire {
			if at >= 0 { // carried over asleep (placeJobs)
				m := &cs.slots[at]
				*m = *prev
				m.flags |= mfAsleep
				job.flags, job.count = m.flags, uint8(m.count)
			}
			continue
		}
		apart := sepNone
		if prev != nil && prev.flags&mfEmpty != 0 {
			apart = prev.apart
			prev = nil // nothing to warm-start from (its impulses are stale)
		}
		m := &cs.slots[at]
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

// emitContacts emits contact events, wakes and slab touches in key order,
// notes the heads, and returns the new list: the slots, where narrowJob
// built each manifold at its place.
func (w *World) emitContacts() []manifold {
	cs := &w.contacts
	cs.wake = cs.wake[:0]
	// At most one begin or end event per job: room for them with the jobs.
	e := &w.events
	e.ContactsBegun = reserve(e.ContactsBegun, len(cs.jobs))
	e.ContactsEnded = reserve(e.ContactsEnded, len(cs.jobs))
	slots := cs.slots
	if cs.fillJobs {
		return w.emitInPlace(slots)
	}
	// Every manifold is already at its place in the new list (placeJobs).
	cs.heads = grow(cs.heads, len(cs.jobs))[:0]
	for j := range cs.jobs {
		job := &cs.jobs[j]
		wasTouching := job.prev >= 0 && job.prevFlags&mfTouching != 0
		if job.retire {
			// An old manifold with no candidate pair this step: kept asleep
			// when its bodies sleep (if it has points), otherwise ended.
			if cs.place[j] >= 0 {
				cs.heads = append(cs.heads, manifoldHead{key: job.key, flags: job.flags, count: job.count})
			} else if wasTouching {
				w.events.ContactsEnded = append(w.events.ContactsEnded, w.endEvent(job))
			}
			continue
		}
		// An empty manifold (mfEmpty) never touches, and is kept all the
		// same, so that the next step's list has the same keys in the
		// same places and is built in place: dropping it shifted every
		// later manifold.
		w.noteTouch(job, &slots[cs.place[j]], wasTouching)
		cs.heads = append(cs.heads, manifoldHead{key: job.key, flags: job.flags, count: job.count})
	}
	return slots[:len(cs.heads)]
}

// emitInPlace is emitContacts when the pairs are last step's (fillJobs):
// every manifold was built in its own slot and stays there, and the heads
// keep their keys, so the walk looks only at the jobs narrowJob marked
// (cs.attn): a manifold whose flags or points changed (its head, and a
// contact that begins or ends) or that wakes a body, in key order as the full walk
// would. The full walk read every job, and on two workers the helper's
// half of them from the other core's cache.
func (w *World) emitInPlace(slots []manifold) []manifold {
	cs := &w.contacts
	for j, need := range cs.attn[:len(cs.jobs)] {
		if !need {
			continue
		}
		job := &cs.jobs[j]
		m := &slots[j]
		wasTouching := job.prevFlags&mfTouching != 0
		w.noteTouch(job, m, wasTouching)
		cs.heads[j] = manifoldHead{key: job.key, flags: job.flags, count: job.count}
	}
	return slots[:len(cs.jobs)]
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
