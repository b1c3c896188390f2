package compare

import "math"

// Judder is the one definition of judder, used by compare's report and by
// the window's split view: over the frames a display presents, the
// standard deviation of the drawn velocity's departure from the true
// velocity (each the move since the previous presented frame over the
// seconds between them), divided by the mean true speed. 0 is perfectly
// even motion on screen; 1 means the on-screen speed varies by as much as
// the speed itself. It is a streaming sum: its memory does not grow with
// the frames it has seen.
type Judder struct {
	sum   vec     // departures, m/s
	sum2  float64 // squared departures
	speed float64 // true speeds, m/s
	n     uint64
}

// Add adds one presented frame: the drawn and the exact centre's moves
// since the previous presented frame, the seconds between the two, and the
// true speed. A frame of no seconds or no speed says nothing and is left out.
func (j *Judder) Add(drawnMove, exactMove vec, seconds, speed float64) {
	if !(seconds > 0) || !(speed > 0) {
		return
	}
	var d2 float64
	for a := range 3 {
		d := (drawnMove[a] - exactMove[a]) / seconds
		j.sum[a] += d
		d2 += d * d
	}
	j.sum2 += d2
	j.speed += speed
	j.n++
}

// Value is the judder of the frames added so far (0 before two of them).
func (j *Judder) Value() float64 {
	if j.n < 2 || j.speed <= 0 {
		return 0
	}
	n := float64(j.n)
	mean2 := (j.sum[0]*j.sum[0] + j.sum[1]*j.sum[1] + j.sum[2]*j.sum[2]) / (n * n)
	return math.Sqrt(math.Max(0, j.sum2/n-mean2)) / (j.speed / n)
}

// Samples is how many frames the figure is taken over.
func (j *Judder) Samples() uint64 { return j.n }
