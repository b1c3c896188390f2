package physics

// The wide contact solver (after Box2D v3's b2ContactConstraintWide and
// Box3D's). Constraints of one graph colour share no body, so wideLanes of
// them can be solved at once, lane by lane in step, as if by one SIMD
// instruction each: the group gathers its bodies' velocities into lanes,
// runs the rows on the lanes, and scatters the velocities back. The group is
// laid out as structure of arrays, so a pass streams exactly the fields it
// reads.
//
// Groups hold the face-on-face manifolds (four points) of two bodies whose
// inertia is the same about every axis (cubes, and slabs), with friction:
// nearly every constraint of a stack or a pile. Every other constraint of the
// colour is solved one by one as before (contact_rows.go); both kinds of one
// colour run in the same parallel stage. Each lane runs the very operations,
// in the very order, of the one-by-one solver, so a constraint gives the same
// bits whichever way it is solved, in either build of floatW.
//
// The groups are planned per colour of each solver block, after the
// blocks (planWide, solver_blocks.go); each grouped constraint is prepared
// one by one and packed into its lane (prepareCons, packLane), solved wide
// through the substeps (a small block's whole on one worker, a big block's
// colour by colour on all, runGroups), and its impulses stored from its lane
// to the cache (storeLane). A step with last step's plan keeps the lanes,
// and only refreshes those whose manifolds were reused (refreshLane).
//
// Planned over the colours of the whole world instead (the layout before
// the blocks), the groups were no faster on one worker and slower on two:
// the blocks need no barrier between a colour's passes (solver_blocks.go).
//
// Which build solves in groups (options.wide, wideDefault): the AVX2 build (GOEXPERIMENT=simd
// on amd64, floatw_simd.go) does, where the processor has AVX2; there the
// velocity passes are faster than one by one while the machine is quiet,
// but they read more memory, and on a busy machine they slow to the
// one-by-one speed (docs/speed-notes.md). The default build does not: on
// scalar lanes (floatw.go) a group pass keeps four times the live values
// of a one-by-one pass and spills them.
// Its groups are still built and checked bit for bit (TestWideSameBits).

// wideLanes is the number of constraints in a group.
const wideLanes = 4

// lanes holds one float per lane; lanes3 a vector per lane, by axis.
type (
	lanes  = [wideLanes]float64
	lanes3 [3]lanes
)

// bodyRows is the start of a solver body (v w dp dth, 12 floats) as three
// rows of four, as the AVX2 build reads and writes it.
type bodyRows = [3][wideLanes]float64

// widePoint is point q of every lane (see solverPoint; a group has no
// restitution, so no maxI).
type widePoint struct {
	rAn                 lanes3
	sep, nMass, normalI lanes
}

// wideCons is a group of wideLanes constraints (2,080 bytes).
type wideCons struct {
	// a and b are the lanes' solver bodies: -1 for none (b: a slab; a: an
	// empty lane, at the end of a colour).
	a, b [wideLanes]int32
	// slab is 1 in the lanes whose b is a slab, else 0.
	slab lanes
	// mA, mB: inverse masses; iA, iB: inverse inertias (a scale).
	mA, mB, iA, iB lanes
	// ms, mb, is: the soft contact's mass scale, mass scale times bias
	// rate, and impulse scale (a slab contact is softer than a body pair).
	ms, mb, is lanes

	n, en, t0, t1, rAc, rBc lanes3
	fI0, fI1, twistI        lanes
	tMass0, tMass1          lanes
	twistMass, twistRng     lanes
	friction                lanes
	k                       [6]lanes
	pts                     [4]widePoint
}

// wideEligible reports whether manifold m is solved in a group: four
// points; friction (the one-by-one solver skips a frictionless
// constraint's friction rows, which a lane cannot); no restitution (whose
// passes read the one-by-one constraints); and two bodies whose inertia is
// a scale.
func (w *World) wideEligible(m *manifold) bool {
	if !w.opt.wide || m.count != 4 || m.friction == 0 || m.restitution != 0 || !w.sb[m.a].iso {
		return false
	}
	return m.b < 0 || w.sb[m.b].iso
}

// sameGroups reports whether every active manifold is as eligible for a
// group as when the last plan placed it.
func (w *World) sameGroups() bool {
	sol := &w.sol
	list := w.contacts.list
	for j, k := range w.scratch.active {
		if sol.canGroup[sol.slotOf[j]] != w.wideEligible(&list[k]) {
			return false
		}
	}
	return true
}

// refreshLane is refreshConstraint for the constraint in lane l of g,
// whose manifold m was reused: the lane was packed or refreshed from m
// last step, so only the separations, the impulses it starts from (with
// startFriction's arithmetic) and the softness (the step's dt may differ)
// are written.
func (w *World) refreshLane(g *wideCons, l int, m *manifold) {
	g.putSoft(l, w.sol.softOf(g.b[l]))
	t0 := sv{g.t0[0][l], g.t0[1][l], g.t0[2][l]}
	t1 := sv{g.t1[0][l], g.t1[1][l], g.t1[2][l]}
	g.fI0[l], g.fI1[l], g.twistI[l] = frictionStart(m, t0, t1)
	for q := range g.pts {
		p := &g.pts[q]
		p.sep[l], p.normalI[l] = m.pts[q].sep, m.normalI[q]
	}
}

// wideSeg is where one colour of one block has its groups, [g0, g1) of
// sol.wide, and its other constraints, [r0, r1) of sol.rest; n of its
// constraints are grouped.
type wideSeg struct{ g0, g1, r0, r1, n int32 }

// planWide splits each colour of each block (but the overflow sets) into
// groups of eligible constraints and the rest, before the constraints are
// prepared: sol.laneOf places each constraint in a group lane (or -1),
// sol.rest lists the others, and sol.segs holds where each block's colours
// have theirs. A group that a colour leaves part empty is zeroed with its
// empty lanes marked; every other lane is written whole by packLane. A step
// with last step's plan (planBlocks) keeps it, and its lanes.
func (w *World) planWide() {
	sol := &w.sol
	nc := len(sol.slotOf)
	sol.laneOf = grow(sol.laneOf, nc)
	// The lists grow with the constraint array and the blocks' room, not
	// on their own, so that a settling world allocates nothing in its
	// steps.
	if cap(sol.rest) < nc {
		sol.rest = make([]int32, 0, cap(sol.cons))
	}
	sol.rest = sol.rest[:0]
	nb := len(sol.blocks)
	sol.segs = reserve(sol.segs[:0], cap(sol.blocks)*numColors)[:nb*numColors]
	groups := int32(0)
	for b := range sol.blocks {
		cols := sol.blockCols[sol.blocks[b].cols:][:stride]
		for col := 0; col < numColors; col++ {
			sg := wideSeg{g0: groups, r0: int32(len(sol.rest))}
			for i := cols[col]; i < cols[col+1]; i++ {
				if !sol.canGroup[i] {
					sol.laneOf[i] = -1
					sol.rest = append(sol.rest, i)
					continue
				}
				sol.laneOf[i] = groups*wideLanes + sg.n%wideLanes
				if sg.n++; sg.n%wideLanes == 0 {
					groups++
				}
			}
			if sg.n%wideLanes != 0 {
				groups++
			}
			sg.g1, sg.r1 = groups, int32(len(sol.rest))
			sol.segs[b*numColors+col] = sg
		}
		for i := cols[numColors]; i < cols[numColors+1]; i++ {
			sol.laneOf[i] = -1 // the overflow set: one by one
		}
	}
	if cap(sol.wide) < int(groups) {
		sol.wide = make([]wideCons, groups, groups+groups/2+16)
		sol.sinks = make([][2]bodyRows, groups, cap(sol.wide))
	}
	sol.wide, sol.sinks = sol.wide[:groups], sol.sinks[:groups]
	for _, sg := range sol.segs {
		if used := sg.n % wideLanes; used != 0 {
			g := &sol.wide[sg.g1-1]
			*g = wideCons{}
			for l := used; l < wideLanes; l++ {
				g.a[l], g.b[l] = -1, -1
			}
		}
	}
}

// packLane writes prepared constraint c (for a body pair or slab whose
// bodies are iso) into lane l of g: every field of the lane.
func (w *World) packLane(g *wideCons, l int, c *constraint) {
	g.a[l], g.b[l] = c.a, c.b
	g.slab[l] = 0
	if c.b < 0 {
		g.slab[l] = 1
	}
	g.mA[l], g.mB[l], g.iA[l], g.iB[l] = c.mA, c.mB, c.iA, c.iB
	g.putSoft(l, w.sol.softFor(c))
	putLane3(&g.n, l, c.n)
	putLane3(&g.en, l, c.en)
	putLane3(&g.t0, l, c.t0)
	putLane3(&g.t1, l, c.tangent1())
	putLane3(&g.rAc, l, c.rAc)
	putLane3(&g.rBc, l, c.rBc)
	g.fI0[l], g.fI1[l], g.twistI[l] = c.fI0, c.fI1, c.twistI
	g.tMass0[l], g.tMass1[l] = c.tMass0, c.tMass1
	g.twistMass[l], g.twistRng[l] = c.twistMass, c.twistRange
	g.friction[l] = c.friction
	for j := range g.k {
		g.k[j][l] = c.k[j]
	}
	for q := range g.pts {
		p, cp := &g.pts[q], &c.pts[q]
		putLane3(&p.rAn, l, cp.rAn)
		p.sep[l], p.nMass[l], p.normalI[l] = c.sep[q], c.nMass[q], cp.normalI
	}
}

// storeLane writes the impulses of lane l back to its manifold for the
// next step's warm start, as storeCons does for the others.
func (g *wideCons) storeLane(l int, m *manifold) {
	for q := range m.normalI {
		m.normalI[q] = g.pts[q].normalI[l]
	}
	t0 := sv{g.t0[0][l], g.t0[1][l], g.t0[2][l]}
	t1 := sv{g.t1[0][l], g.t1[1][l], g.t1[2][l]}
	m.ft = t0.scale(g.fI0[l]).madd(t1, g.fI1[l])
	m.twistI = g.twistI[l]
}

// putSoft writes soft contact coefficients sf into lane l.
func (g *wideCons) putSoft(l int, sf *softness) {
	g.ms[l], g.mb[l], g.is[l] = sf.massScale, sf.massBias, sf.impulseScale
}

func putLane3(p *lanes3, l int, v sv) { p[0][l], p[1][l], p[2][l] = v.x, v.y, v.z }

// wideChunk is the number of groups or constraints per claim.
const wideChunk = 8
