package physics

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// turnBy turns an orientation by a step's rotation vector: exactly above
// smallTurn (a fast spin keeps its rate: first order, a turn of 0.5 rad
// would come out 2% short), and to first order below it within the bound
// its comment gives.
func TestTurnByTurnsByTheAngle(t *testing.T) {
	start := mgl64.QuatRotate(0.3, mgl64.Vec3{1, 2, 3}.Normalize())
	axis := mgl64.Vec3{-2, 1, 0.5}.Normalize()
	for _, angle := range []float64{0, 1e-7, 1e-4, 0.9 * smallTurn, 1.1 * smallTurn, 0.1, 0.5, 2, 6} {
		q := sqAt(&start)
		turnBy(&q, toSV(axis.Mul(angle)))
		want := mgl64.QuatRotate(angle, axis).Mul(start)
		got := q.quat()
		// The angle between the two orientations.
		d := math.Min(math.Abs(got.Dot(want)), 1)
		err := 2 * math.Acos(d)
		tol := 1e-7 // acos near 1 resolves about 1e-8 rad
		if angle < smallTurn {
			tol = math.Max(tol, angle*angle*angle/12*1.01)
		}
		if err > tol {
			t.Errorf("turned by %.3g rad: %.3g rad off the exact rotation", angle, err)
		}
		if n := got.Len(); math.Abs(n-1) > 1e-15 {
			t.Errorf("turned by %.3g rad: |q| = %.17g", angle, n)
		}
	}
}
