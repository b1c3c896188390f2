package physics

import (
	"math/bits"
	"slices"
)

// Where the contact cache's manifolds live. A pair's manifold stays in one
// slot of the pool while the pair stays a candidate, and the list in key
// order is the heads, each naming its slot. A step whose pairs change
// keeps every staying pair's manifold where it is and rebuilds it there:
// in a settling pile some pair comes or goes on nearly every step, and a
// list kept in key order in one buffer was then built into a second one,
// each reused manifold (672 bytes) copied whole.
//
// The walks over the list go in key order (the narrowphase, the solver's
// prepare), so the pool is kept near that order: a new pair takes the
// first free slot after its key predecessor's, and when many pairs are new
// (things flying apart), many were placed so since, or many slots are
// free, the list is laid out afresh in key order in the other buffer (a
// relayout), as the two-buffer list did every time. Left to scatter (each
// new pair in the last freed slot), the pool soon held no two manifolds
// next in key order side by side, and those walks missed the cache on
// each.

// relayoutShare: the list is laid out afresh when more than one in
// relayoutShare of its manifolds would be in slots given out since the
// last relayout, or its pool would have more than one free slot for
// relayoutShare manifolds.
const relayoutShare = 8

// slotSet is the pool's free slots, one bit each, and how many manifolds
// were placed in free slots since the last relayout.
type slotSet struct {
	free      []uint64 // bit s: slot s is free
	nFree     int
	scattered int
	// ended: the slots of the pairs that end this step, freed once the
	// build is done (it reads an ended pair's old normal, for its event).
	ended []int32
	// relayout: this step builds the list afresh, in key order, in next.
	relayout bool
	// Steps whose pairs changed so far, and how many of them were
	// relayouts (for tests).
	changes, relayouts int
}

// at returns the manifold at place k of the list.
func (c *contactSet) at(k int32) *manifold { return &c.pool[c.heads[k].slot] }

// appendList appends the manifolds to dst in key order (a snapshot keeps
// them so, without the pool's free slots).
func (c *contactSet) appendList(dst []manifold) []manifold {
	dst = slices.Grow(dst, len(c.heads))
	for k := range c.heads {
		dst = append(dst, c.pool[c.heads[k].slot])
	}
	return dst
}

// loadList makes list, in key order, the manifolds: the k-th in slot k.
func (c *contactSet) loadList(list []manifold) {
	c.pool = append(c.pool[:0], list...)
	c.reserveList(len(list))
	clear(c.slots.free)
	c.slots.nFree, c.slots.scattered = 0, 0
	c.heads = grow(c.heads, len(list))
	for k := range list {
		m := &list[k]
		c.heads[k] = manifoldHead{key: m.key, flags: m.flags, count: uint8(m.count), slot: int32(k)}
	}
}

// reserveList gives the list's buffers room for n manifolds (growing each
// that lacks it to a quarter more): the pool, the free slots' bits, the
// ended slots, both heads' buffers (they swap on a step whose pairs
// change) and the jobs.
func (c *contactSet) reserveList(n int) {
	c.pool = reserve(c.pool, n)
	c.slots.ended = reserve(c.slots.ended, n)
	c.heads = reserve(c.heads, n)
	c.nextHeads = reserve(c.nextHeads, n)
	c.jobs = reserve(c.jobs, n)
	c.slots.cover(cap(c.pool))
}

// cover gives the free bits room for n slots.
func (sl *slotSet) cover(n int) {
	if words := (n + 63) / 64; len(sl.free) < words {
		sl.free = append(reserve(sl.free, words), make([]uint64, words-len(sl.free))...)
	}
}

// placeJobs notes the old manifolds with no pair that end (their bodies
// do not all sleep), and gives every other job the slot of the build
// buffer its manifold is built in: its own slot and a free one for a new
// pair, or, on a relayout, its place in key order in next.
func (w *World) placeJobs() {
	cs := &w.contacts
	sl := &cs.slots
	sl.ended = sl.ended[:0]
	kept, fresh := 0, 0
	for j := range cs.jobs {
		job := &cs.jobs[j]
		if job.retire && !w.keptAsleep(job) {
			job.ends = true
			sl.ended = append(sl.ended, job.from)
			continue
		}
		kept++
		if job.from < 0 {
			fresh++
		}
	}
	// Laid out afresh if many manifolds would be out of key order, or many
	// slots free (a pile's candidates thin out as it lands, and the slots
	// they leave would stay scattered among its manifolds).
	slotsAfter := len(cs.pool) + max(fresh-sl.nFree, 0)
	sl.relayout = (sl.scattered+fresh)*relayoutShare > kept || (slotsAfter-kept)*relayoutShare > kept ||
		w.opt.relayoutAlways
	if sl.relayout {
		cs.next = reserve(cs.next, kept)
		cs.build = cs.next[:kept]
		n := int32(0)
		for j := range cs.jobs {
			if job := &cs.jobs[j]; !job.ends {
				job.slot = n
				n++
			}
		}
		return
	}
	cs.reserveList(len(cs.pool) + max(fresh-sl.nFree, 0))
	after := int32(-1) // the slot of the job before, in key order
	for j := range cs.jobs {
		job := &cs.jobs[j]
		if job.ends {
			continue
		}
		if job.from < 0 {
			job.slot = cs.takeSlot(after + 1)
			sl.scattered++
		}
		after = job.slot
	}
	cs.build = cs.pool
}

// takeSlot takes the first free slot at or after s, else the first free
// one, else a new one at the pool's end (reserveList made room for it).
func (c *contactSet) takeSlot(s int32) int32 {
	sl := &c.slots
	if sl.nFree > 0 {
		f := sl.firstFree(int(s))
		if f < 0 {
			f = sl.firstFree(0)
		}
		sl.free[f>>6] &^= 1 << (f & 63)
		sl.nFree--
		return int32(f)
	}
	c.pool = c.pool[:len(c.pool)+1]
	return int32(len(c.pool) - 1)
}

// firstFree returns the first free slot at or after s, or -1.
func (sl *slotSet) firstFree(s int) int {
	for w := s >> 6; w < len(sl.free); w++ {
		word := sl.free[w]
		if w == s>>6 {
			word &^= 1<<(s&63) - 1 // the slots before s
		}
		if word != 0 {
			return w<<6 | bits.TrailingZeros64(word)
		}
	}
	return -1
}

// settle ends a step whose pairs changed, once the heads name this step's
// slots: after a relayout the list in next becomes the pool, with no free
// slot; else the ended pairs' slots are freed.
func (c *contactSet) settle() {
	sl := &c.slots
	sl.changes++
	if sl.relayout {
		sl.relayouts++
		c.pool, c.next = c.build, c.pool[:0]
		clear(sl.free)
		sl.cover(cap(c.pool))
		sl.nFree, sl.scattered, sl.relayout = 0, 0, false
	} else {
		for _, s := range sl.ended {
			sl.free[s>>6] |= 1 << (s & 63)
		}
		sl.nFree += len(sl.ended)
	}
	c.build = nil
}
