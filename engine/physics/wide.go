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
	if m.static < -1 {
		return false // a mover's side is not the zero state a group's slab lanes read
	}
	return m.b < 0 || w.sb[m.b].iso
}

// sameGroups reports whether every active manifold is as eligible for a
// group as when the last plan placed it.
func (w *World) sameGroups() bool {
	sol := &w.sol
	cs := &w.contacts
	for j, k := range w.scratch.active {
		if sol.canGroup[sol.slotOf[j]] != w.wideEligible(cs.at(k)) {
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
		p.sep[l], p.normalI[l] = m.sep[q], m.normalI[q]
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

// The passes of the wide solver (wide.go) over one group: the same
// operations, in the same order, as warmCons, gatherRows, solveRows,
// applyRows and friction do for one constraint, on every lane at once.

// bodyW is a group's bodies on one side, velocities by axis and lane (or,
// for the deltas, position change in v and rotation change in w).
type bodyW struct{ vx, vy, vz, wx, wy, wz floatW }

// On AVX2, scalar floating-point code while the upper halves of the vector
// registers are in use costs a state switch per instruction (tens of times
// slower on the machines this was measured on). A pass therefore loads its
// bodies (loadSides), runs on floatW only, and stores them (storeSides,
// which ends the vector part); everything it uses is declared before, and
// nothing is copied as a struct (Go copies structs with scalar moves).

// sidePtrs points at the bodies of a group's lanes, to read (ra, rb) and
// to write (wa, wb); the AVX2 build's loadSides fills it, before the vector
// part of a pass, for storeSides to use after it; the lanes with no body
// write to the group's sink (solverState.sinks).
type sidePtrs struct{ ra, rb, wa, wb [wideLanes]*bodyRows }

// Lanes of constants, loaded rather than broadcast from a scalar register.
var (
	zeroLanes     lanes
	minusOneLanes = lanes{-1, -1, -1, -1}
)

func load3(p *lanes3) (x, y, z floatW) { return loadW(&p[0]), loadW(&p[1]), loadW(&p[2]) }

// dotW is sv.dot per lane.
func dotW(ax, ay, az, bx, by, bz floatW) floatW {
	return addW(addW(mulW(ax, bx), mulW(ay, by)), mulW(az, bz))
}

// crossW is sv.cross per lane.
func crossW(ax, ay, az, bx, by, bz floatW) (x, y, z floatW) {
	return subW(mulW(ay, bz), mulW(az, by)), subW(mulW(az, bx), mulW(ax, bz)), subW(mulW(ax, by), mulW(ay, bx))
}

// rowW is row per lane.
func rowW(v, acc, a, b, c floatW) floatW {
	imp := subW(negW(addW(mulW(a, v), b)), mulW(c, acc))
	return subW(maxW(addW(acc, imp), loadW(&zeroLanes)), acc)
}

// wideScratch is where a group pass keeps its bodies' lanes and its rows'
// values. A caller declares one for all the groups it runs: declared in the
// pass, their 1.7 KB were zeroed at every group, about a hundred stores, a
// seventh of the pass's instructions.
type wideScratch struct {
	A, B, dA, dB             bodyW
	v, acc, ra, rb, rc, newI [4]floatW
	sp                       sidePtrs
}

// warmWide is warmCons for a group.
func (w *World) warmWide(g *wideCons, sink *[2]bodyRows, ws *wideScratch) {
	A, B, p := &ws.A, &ws.B, &ws.sp
	loadSides(w.sol.state, &w.sol.zero, g, sink, p, A, B, nil, nil)
	nx, ny, nz := load3(&g.n)
	t0x, t0y, t0z := load3(&g.t0)
	t1x, t1y, t1z := load3(&g.t1)
	// The points' angular impulses (as warmImpulses sums them).
	sum := loadW(&zeroLanes)
	tnx, tny, tnz := sum, sum, sum
	for q := range g.pts {
		p := &g.pts[q]
		ni := loadW(&p.normalI)
		sum = addW(sum, ni)
		rx, ry, rz := load3(&p.rAn)
		tnx, tny, tnz = addW(tnx, mulW(rx, ni)), addW(tny, mulW(ry, ni)), addW(tnz, mulW(rz, ni))
	}
	fI0, fI1, tw := loadW(&g.fI0), loadW(&g.fI1), loadW(&g.twistI)
	// Friction at the centroid, twist about the normal.
	Fx := addW(mulW(t0x, fI0), mulW(t1x, fI1))
	Fy := addW(mulW(t0y, fI0), mulW(t1y, fI1))
	Fz := addW(mulW(t0z, fI0), mulW(t1z, fI1))
	ax, ay, az := load3(&g.rAc)
	tAx, tAy, tAz := crossW(ax, ay, az, Fx, Fy, Fz)
	tAx, tAy, tAz = addW(tAx, mulW(nx, tw)), addW(tAy, mulW(ny, tw)), addW(tAz, mulW(nz, tw))
	tAx, tAy, tAz = addW(tAx, tnx), addW(tAy, tny), addW(tAz, tnz)
	bx, by, bz := load3(&g.rBc)
	tBx, tBy, tBz := crossW(bx, by, bz, Fx, Fy, Fz)
	tBx, tBy, tBz = addW(tBx, mulW(nx, tw)), addW(tBy, mulW(ny, tw)), addW(tBz, mulW(nz, tw))
	ex, ey, ez := load3(&g.en)
	tnx, tny, tnz = addW(tnx, mulW(ex, sum)), addW(tny, mulW(ey, sum)), addW(tnz, mulW(ez, sum))
	tBx, tBy, tBz = addW(tBx, tnx), addW(tBy, tny), addW(tBz, tnz)
	iA, iB := loadW(&g.iA), loadW(&g.iB)
	Px, Py, Pz := addW(Fx, mulW(nx, sum)), addW(Fy, mulW(ny, sum)), addW(Fz, mulW(nz, sum))
	mA, mB := negW(loadW(&g.mA)), loadW(&g.mB)
	A.vx, A.vy, A.vz = addW(A.vx, mulW(Px, mA)), addW(A.vy, mulW(Py, mA)), addW(A.vz, mulW(Pz, mA))
	A.wx, A.wy, A.wz = subW(A.wx, mulW(tAx, iA)), subW(A.wy, mulW(tAy, iA)), subW(A.wz, mulW(tAz, iA))
	B.vx, B.vy, B.vz = addW(B.vx, mulW(Px, mB)), addW(B.vy, mulW(Py, mB)), addW(B.vz, mulW(Pz, mB))
	B.wx, B.wy, B.wz = addW(B.wx, mulW(tBx, iB)), addW(B.wy, mulW(tBy, iB)), addW(B.wz, mulW(tBz, iB))
	storeSides(w.sol.state, g, p, A, B)
}

// iterateWide is one velocity pass over a group: the four normal rows of
// each lane (gatherRows, solveRows, applyRows), then its friction
// (friction).
func (w *World) iterateWide(g *wideCons, sink *[2]bodyRows, useBias bool, ws *wideScratch) {
	// Everything is in ws, so that nothing is declared (and zeroed, with
	// scalar moves) once the vector part begins; every field is written
	// before it is read.
	A, B, dA, dB := &ws.A, &ws.B, &ws.dA, &ws.dB
	v, acc, ra, rb, rc, newI := &ws.v, &ws.acc, &ws.ra, &ws.rb, &ws.rc, &ws.newI
	sp := &ws.sp
	loadSides(w.sol.state, &w.sol.zero, g, sink, sp, A, B, dA, dB)
	inv, negPush := loadW(&w.sol.invLanes), loadW(&w.sol.negPushLanes)
	nx, ny, nz := load3(&g.n)
	ex, ey, ez := load3(&g.en)
	// As updateSeparations and gatherRowsAt: through en (constraint.en).
	vn := addW(dotW(subW(B.vx, A.vx), subW(B.vy, A.vy), subW(B.vz, A.vz), nx, ny, nz), dotW(B.wx, B.wy, B.wz, ex, ey, ez))
	dp := addW(dotW(subW(dB.vx, dA.vx), subW(dB.vy, dA.vy), subW(dB.vz, dA.vz), nx, ny, nz), dotW(dB.wx, dB.wy, dB.wz, ex, ey, ez))
	// The relative rotation (dth) and angular velocity (wr).
	dthx, dthy, dthz := subW(dB.wx, dA.wx), subW(dB.wy, dA.wy), subW(dB.wz, dA.wz)
	wrx, wry, wrz := subW(B.wx, A.wx), subW(B.wy, A.wy), subW(B.wz, A.wz)
	ms, mb, is := loadW(&g.ms), loadW(&g.mb), loadW(&g.is)

	// gatherRows: velocity, impulse and row coefficients of each point.
	for q := range g.pts {
		p := &g.pts[q]
		ax, ay, az := load3(&p.rAn)
		s := addW(addW(loadW(&p.sep), dp), dotW(dthx, dthy, dthz, ax, ay, az))
		v[q] = addW(vn, dotW(wrx, wry, wrz, ax, ay, az))
		acc[q] = loadW(&p.normalI)
		ra[q], rb[q], rc[q] = rowCoefW(loadW(&p.nMass), s, inv, useBias, ms, mb, is, negPush)
	}

	// solveRows: the chain of rows through the coupling matrix.
	k0, k1, k2 := loadW(&g.k[0]), loadW(&g.k[1]), loadW(&g.k[2])
	k3, k4, k5 := loadW(&g.k[3]), loadW(&g.k[4]), loadW(&g.k[5])
	i0, i1, i2, i3 := acc[0], acc[1], acc[2], acc[3]
	v1, v2, v3 := v[1], v[2], v[3]
	imp := rowW(v[0], i0, ra[0], rb[0], rc[0])
	i0 = addW(i0, imp)
	v1, v2, v3 = addW(v1, mulW(k0, imp)), addW(v2, mulW(k1, imp)), addW(v3, mulW(k2, imp))
	imp = rowW(v1, i1, ra[1], rb[1], rc[1])
	i1 = addW(i1, imp)
	v2, v3 = addW(v2, mulW(k3, imp)), addW(v3, mulW(k4, imp))
	imp = rowW(v2, i2, ra[2], rb[2], rc[2])
	i2 = addW(i2, imp)
	v3 = addW(v3, mulW(k5, imp))
	i3 = addW(i3, rowW(v3, i3, ra[3], rb[3], rc[3]))
	newI[0], newI[1], newI[2], newI[3] = i0, i1, i2, i3

	// applyRows: the net impulse change onto the bodies.
	lin := loadW(&zeroLanes)
	tAx, tAy, tAz := lin, lin, lin
	for q := range g.pts {
		p := &g.pts[q]
		d := subW(newI[q], acc[q])
		storeW(newI[q], &p.normalI)
		lin = addW(lin, d)
		ax, ay, az := load3(&p.rAn)
		tAx, tAy, tAz = addW(tAx, mulW(ax, d)), addW(tAy, mulW(ay, d)), addW(tAz, mulW(az, d))
	}
	ex, ey, ez = load3(&g.en)
	tBx, tBy, tBz := addW(tAx, mulW(ex, lin)), addW(tAy, mulW(ey, lin)), addW(tAz, mulW(ez, lin))
	iA, iB := loadW(&g.iA), loadW(&g.iB)
	mA, mB := loadW(&g.mA), loadW(&g.mB)
	sA, sB := negW(mulW(lin, mA)), mulW(lin, mB)
	A.vx, A.vy, A.vz = addW(A.vx, mulW(nx, sA)), addW(A.vy, mulW(ny, sA)), addW(A.vz, mulW(nz, sA))
	A.wx, A.wy, A.wz = subW(A.wx, mulW(tAx, iA)), subW(A.wy, mulW(tAy, iA)), subW(A.wz, mulW(tAz, iA))
	// A slab lane's B stays the zero body, as the one-by-one solver leaves it.
	z := loadW(&zeroLanes)
	slab := gtW(loadW(&g.slab), z)
	B.vx = selectW(slab, z, addW(B.vx, mulW(nx, sB)))
	B.vy = selectW(slab, z, addW(B.vy, mulW(ny, sB)))
	B.vz = selectW(slab, z, addW(B.vz, mulW(nz, sB)))
	B.wx = selectW(slab, z, addW(B.wx, mulW(tBx, iB)))
	B.wy = selectW(slab, z, addW(B.wy, mulW(tBy, iB)))
	B.wz = selectW(slab, z, addW(B.wz, mulW(tBz, iB)))

	frictionWide(g, A, B, newI, nx, ny, nz, iA, iB, mA, mB)
	storeSides(w.sol.state, g, sp, A, B)
}

// frictionWide is friction for a group, at normal impulses ni.
func frictionWide(g *wideCons, A, B *bodyW, ni *[4]floatW, nx, ny, nz, iA, iB, mA, mB floatW) {
	total := loadW(&zeroLanes)
	for q := range ni {
		total = addW(total, ni[q])
	}
	maxF := mulW(loadW(&g.friction), total)
	ax, ay, az := load3(&g.rAc)
	bx, by, bz := load3(&g.rBc)
	cBx, cBy, cBz := crossW(B.wx, B.wy, B.wz, bx, by, bz)
	cAx, cAy, cAz := crossW(A.wx, A.wy, A.wz, ax, ay, az)
	dvx := subW(addW(B.vx, cBx), addW(A.vx, cAx))
	dvy := subW(addW(B.vy, cBy), addW(A.vy, cAy))
	dvz := subW(addW(B.vz, cBz), addW(A.vz, cAz))
	t0x, t0y, t0z := load3(&g.t0)
	t1x, t1y, t1z := load3(&g.t1)
	fI0, fI1 := loadW(&g.fI0), loadW(&g.fI1)
	n0 := subW(fI0, mulW(loadW(&g.tMass0), dotW(dvx, dvy, dvz, t0x, t0y, t0z)))
	n1 := subW(fI1, mulW(loadW(&g.tMass1), dotW(dvx, dvy, dvz, t1x, t1y, t1z)))
	// The friction disc: scale back onto it where outside.
	s2 := addW(mulW(n0, n0), mulW(n1, n1))
	out := gtW(s2, mulW(maxF, maxF))
	f := divW(maxF, sqrtW(s2))
	n0, n1 = selectW(out, mulW(n0, f), n0), selectW(out, mulW(n1, f), n1)
	l0, l1 := subW(n0, fI0), subW(n1, fI1)
	storeW(n0, &g.fI0)
	storeW(n1, &g.fI1)
	Px := addW(mulW(t0x, l0), mulW(t1x, l1))
	Py := addW(mulW(t0y, l0), mulW(t1y, l1))
	Pz := addW(mulW(t0z, l0), mulW(t1z, l1))
	nmA := negW(mA)
	A.vx, A.vy, A.vz = addW(A.vx, mulW(Px, nmA)), addW(A.vy, mulW(Py, nmA)), addW(A.vz, mulW(Pz, nmA))
	B.vx, B.vy, B.vz = addW(B.vx, mulW(Px, mB)), addW(B.vy, mulW(Py, mB)), addW(B.vz, mulW(Pz, mB))
	tAx, tAy, tAz := crossW(ax, ay, az, Px, Py, Pz)
	tBx, tBy, tBz := crossW(bx, by, bz, Px, Py, Pz)
	// The tangent impulse's turn first, as friction applies it.
	A.wx, A.wy, A.wz = subW(A.wx, mulW(tAx, iA)), subW(A.wy, mulW(tAy, iA)), subW(A.wz, mulW(tAz, iA))
	B.wx, B.wy, B.wz = addW(B.wx, mulW(tBx, iB)), addW(B.wy, mulW(tBy, iB)), addW(B.wz, mulW(tBz, iB))
	// Twist about the normal, bounded by maxF times the points' spread.
	maxT := mulW(maxF, loadW(&g.twistRng))
	wn := dotW(subW(B.wx, A.wx), subW(B.wy, A.wy), subW(B.wz, A.wz), nx, ny, nz)
	twI := loadW(&g.twistI)
	tw := subW(twI, mulW(loadW(&g.twistMass), wn))
	tw = clampW(tw, negW(maxT), maxT)
	lt := subW(tw, twI)
	storeW(tw, &g.twistI)
	la, lb := mulW(lt, iA), mulW(lt, iB)
	A.wx, A.wy, A.wz = subW(A.wx, mulW(nx, la)), subW(A.wy, mulW(ny, la)), subW(A.wz, mulW(nz, la))
	B.wx, B.wy, B.wz = addW(B.wx, mulW(nx, lb)), addW(B.wy, mulW(ny, lb)), addW(B.wz, mulW(nz, lb))
}
