package physics

import "math"

// drawSprings draws each spring from end to end: white at its rest
// length, redder as it stretches and bluer as it compresses, full colour
// at a stretch of its rest length (or 10 cm, for a short spring).
func (w *World) drawSprings(d DebugDrawer) {
	for i := range w.springs {
		sp := &w.springs[i]
		a, b := w.springEnds(sp)
		x := length(sub(b, a)) - sp.rest
		t := float32(math.Max(-1, math.Min(1, x/math.Max(sp.rest, 0.1))))
		rgb := [3]float32{1, 1 - abs32(t), 1 - abs32(t)} // stretched: red
		if t < 0 {
			rgb = [3]float32{1 + t, 1 + t, 1} // compressed: blue
		}
		d.Segment(a, b, rgb)
	}
}

func abs32(x float32) float32 {
	if x < 0 {
		return -x
	}
	return x
}
