package physics

import "math/bits"

// Graph colouring of the contact constraints (after Box2D v3's constraint
// graph). Constraints of one colour share no dynamic body, so within a colour
// the order of solving does not change a single bit: each constraint reads and
// writes only its own two bodies. The solver walks the colours in a fixed
// order, on one worker or several, which is what makes one and two workers
// give the same bits; it also lets the 4-point rows of a batch of constraints
// be solved phase by phase (contact_rows.go).
//
// Colours are assigned greedily in key order each step (no state is carried,
// so Snapshot and Restore need nothing). A slab contact involves one dynamic
// body and never takes colour 0, as in Box2D, which keeps colour 0 for the
// body-body pairs; a constraint that fits no colour goes to the overflow
// set, solved last and on one worker.

// numColors is the number of colours before the overflow set.
const numColors = 24

// Colouring runs in two parts: beginColors, then colorNext for each active
// manifold in list order as solve collects them, then planBlocks
// (solver_blocks.go), which places each active manifold's constraint in
// sol.slotOf: block by block, each block's colour by colour.
//
// Each body keeps the colours its manifolds took so far as bits of one
// word (sol.taken), so a manifold's colour is the lowest bit clear in both
// of its bodies' words: one step, where a row of bits per colour was
// tested colour by colour (most pyramid contacts found theirs at the fourth
// to eighth try). The word's top bit (touchedBit) marks a body with a
// manifold at all, overflow included: that is flagTouching, which
// loadStates sets, so the serial walk writes nothing to the bodies.

// touchedBit is the bit of sol.taken that marks a body with an active
// manifold; numColors stays below it.
const touchedBit = 1 << 31

// beginColors clears the colouring for a step with n bodies and at most
// most manifolds (room for all of them, so that colorNext never allocates).
func (w *World) beginColors(n, most int) {
	sol := &w.sol
	sol.taken = grow(sol.taken, n)
	clear(sol.taken)
	sol.colorCount = [numColors + 1]int32{}
	sol.colorOf = grow(sol.colorOf, most)[:0]
}

// colorNext gives the next active manifold, between bodies a and b (b < 0:
// a slab), the first colour in which neither of its dynamic bodies is
// taken yet. A slab contact never takes colour 0, as in Box2D, which keeps
// colour 0 for the body-body pairs.
func (w *World) colorNext(a, b int32) {
	sol := &w.sol
	ta := &sol.taken[a]
	var free uint32
	if b < 0 {
		free = ^*ta &^ 1
	} else {
		free = ^(*ta | sol.taken[b])
	}
	c := min(bits.TrailingZeros32(free), numColors) // numColors: overflow
	bit := uint32(touchedBit)
	if c < numColors {
		bit |= 1 << c
	}
	*ta |= bit
	if b >= 0 {
		sol.taken[b] |= bit
	}
	sol.colorOf = append(sol.colorOf, int32(c)) // numColors: overflow
	sol.colorCount[c]++
}
