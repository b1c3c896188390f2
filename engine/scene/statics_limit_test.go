package scene

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"
)

// pillarLevel is a scene of a ground and n-1 pillars on a 4 m grid (the
// layout of scripts/scale-scenes.py) with one box falling among them.
func pillarLevel(n int) string {
	var b strings.Builder
	b.Grow(70 * n)
	side := 1
	for side*side < n-1 {
		side++
	}
	half := float64(side)*2 + 10
	fmt.Fprintf(&b, `{"name":"ground","min":[%g,-1,%g],"max":[%g,0,%g]}`, -half, -half, half, half)
	for k := 0; k < n-1; k++ {
		x := (float64(k%side) - float64(side-1)/2) * 4
		z := (float64(k/side) - float64(side-1)/2) * 4
		fmt.Fprintf(&b, `,{"name":"p%d","min":[%g,0,%g],"max":[%g,4,%g]}`, k, x-0.5, z-0.5, x+0.5, z+0.5)
	}
	return doc("", b.String(), `{"name":"box","center":[2,9,2],"half":[0.5,0.5,0.5]}`, "")
}

// TestStaticsLimit: a level of MaxStatics slabs loads, makes its world and
// steps, its heap within 1 GB after the load; one slab more is refused
// naming the field and the limit. The load and step times are logged, not
// asserted (they are benchmarks' business: BenchmarkLargeWorld). Loading
// a million slabs takes seconds and hundreds of megabytes: not in -short
// runs.
func TestStaticsLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("a million slabs: seconds and gigabytes")
	}
	data := []byte(pillarLevel(MaxStatics))
	if len(data) > MaxFileBytes {
		t.Fatalf("the level is %d bytes, over MaxFileBytes", len(data))
	}
	start := time.Now()
	s, err := Parse("level.json", data)
	if err != nil {
		t.Fatal(err)
	}
	w, err := s.NewWorld(nil)
	if err != nil {
		t.Fatal(err)
	}
	w.Step(1.0/60, nil) // the first step builds the slabs' tree
	load := time.Since(start)
	data, s = nil, nil
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	start = time.Now()
	const steps = 30
	for i := 0; i < steps; i++ {
		w.Step(1.0/60, nil)
	}
	step := time.Since(start) / steps
	t.Logf("%d slabs: loaded and first step in %v, heap after %d MB, then %v a step", w.NumStatics(), load, m.HeapInuse>>20, step)
	if w.NumStatics() != MaxStatics {
		t.Fatalf("%d slabs", w.NumStatics())
	}
	if m.HeapInuse > 1<<30 {
		t.Errorf("a million slabs: heap %d MB after the load, over 1 GB", m.HeapInuse>>20)
	}
	if y := w.Body(0).Curr.Center[1]; y > 9 || y < 4 {
		t.Errorf("the box is at y = %g: it should be falling toward its pillar (top at 4)", y)
	}
	runtime.KeepAlive(w)
	_, err = Parse("level.json", []byte(pillarLevel(MaxStatics+1)))
	if err == nil || !strings.Contains(err.Error(), "level.json: statics: ") || !strings.Contains(err.Error(), fmt.Sprint(MaxStatics)) {
		t.Fatalf("%d slabs: %v; want a refusal naming statics and the limit", MaxStatics+1, err)
	}
}
