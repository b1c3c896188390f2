package gfx

import (
	"sandbox/engine/interp"
	"sandbox/engine/physics"
)

// MoverColor is every mover (kinematic platform): a saturated teal, apart
// from the crates' oranges, the walls' greys and the bullets' red.
var MoverColor = [4]float32{0.05, 0.55, 0.50, 0.25}

// moverPathColor is a mover's path (lanes key): the mover's hue, lighter.
var moverPathColor = [3]float32{0.30, 0.95, 0.85}

// addMovers appends every mover to Dynamic after the bodies, drawn where
// the display shows it: blended between its last two steps with the
// view's mode (in the per-frame mode the two are the same: where the
// frame put it), and with Debug.MoverPaths its path to lines.
func (v *WorldView) addMovers(w *physics.World, alpha, stepSeconds float64, lines *LineBatch) {
	for i := 0; i < w.NumMovers(); i++ {
		m := w.Mover(i)
		p := interp.Blend(v.Mode, m.Prev, m.Curr, m.Velocity, m.AngularVelocity, alpha, stepSeconds)
		v.Dynamic = append(v.Dynamic, MakeInstance(p.Center, m.Half, p.Orientation, MoverColor))
		if lines == nil || !v.Debug.MoverPaths {
			continue
		}
		v.pathPts = m.Def.Path.AppendPoints(v.pathPts[:0], m.Def.Center, 48)
		pts := v.pathPts
		for k := 0; k+1 < len(pts); k++ {
			lines.Segment(pts[k], pts[k+1], moverPathColor)
		}
		if sp := m.Def.Path; sp.Kind == physics.PathSpin && sp.AngularVelocity.Len() > 0 {
			// The circle its furthest corner sweeps.
			lines.Ring(p.Center, sp.AngularVelocity.Normalize(), m.Half.Len(), 48, moverPathColor)
		}
	}
}
