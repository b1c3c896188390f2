package physics

import (
	"fmt"
	"os"
	"runtime"
	"syscall"
	"testing"
	"time"
)

func threadCPU() int64 {
	var ru syscall.Rusage
	syscall.Getrusage(1, &ru)
	return ru.Utime.Nano() + ru.Stime.Nano()
}

func TestTmpStages(t *testing.T) {
	if os.Getenv("STAGES") == "" {
		t.Skip()
	}
	t0 := time.Now()
	clock := func() int64 { return int64(time.Since(t0)) }
	for _, sc := range []string{"pile100", "pile1000", "pile4000", "pyramid"} {
		def := DefaultWorldDef()
		def.Sleep = false
		def.Clock = clock
		if os.Getenv("WORKERS") != "" {
			fmt.Sscan(os.Getenv("WORKERS"), &def.Workers)
		}
		var w *World
		steps := 60
		switch sc {
		case "pile100":
			w = buildPile(t, def, 100)
			steps = 600
		case "pile1000":
			w = buildPile(t, def, 1000)
			steps = 200
		case "pile4000":
			w = buildPile(t, def, 4000)
		case "pyramid":
			w = buildPyramid(t, def, 100, 0.05)
			steps = 40
		}
		run(w, 10, 1.0/60)
		var sum Profile
		for i := 0; i < steps; i++ {
			w.Step(1.0/60, nil)
			p := w.Profile()
			sum.Inputs += p.Inputs
			sum.Velocities += p.Velocities
			sum.Broadphase += p.Broadphase
			sum.Narrowphase += p.Narrowphase
			sum.Solve += p.Solve
			sum.Positions += p.Positions
			sum.Sleep += p.Sleep
			sum.Oracle += p.Oracle
			sum.Total += p.Total
		}
		d := float64(steps) * 1000
		fmt.Printf("%-9s total %7.1f us: in %.1f vel %.1f bp %.1f np %.1f solve %.1f pos %.1f sleep %.1f oracle %.1f\n", sc,
			float64(sum.Total)/d, float64(sum.Inputs)/d, float64(sum.Velocities)/d, float64(sum.Broadphase)/d, float64(sum.Narrowphase)/d,
			float64(sum.Solve)/d, float64(sum.Positions)/d, float64(sum.Sleep)/d, float64(sum.Oracle)/d)
	}
}

func TestTmpCounts(t *testing.T) {
	if os.Getenv("STAGES") == "" {
		t.Skip()
	}
	def := DefaultWorldDef()
	def.Sleep = false
	w := buildPyramid(t, def, 100, 0.05)
	run(w, 20, 1.0/60)
	var hist [5]int
	for i := range w.sol.cons {
		hist[w.sol.cons[i].count]++
	}
	fmt.Println("counts", hist, "colors", w.sol.colors)
	w = buildPile(t, def, 4000)
	run(w, 20, 1.0/60)
	hist = [5]int{}
	for i := range w.sol.cons {
		hist[w.sol.cons[i].count]++
	}
	fmt.Println("counts", hist, "colors", w.sol.colors)
}

func BenchmarkTmpIterate(b *testing.B) {
	def := DefaultWorldDef()
	def.Sleep = false
	layers := 100
	if os.Getenv("LAYERS") != "" {
		fmt.Sscan(os.Getenv("LAYERS"), &layers)
	}
	w := buildPyramid(b, def, layers, 0.05)
	run(w, 20, 1.0/60)
	runtime.LockOSThread()
	if os.Getenv("WORKERS") == "2" {
		w.par.init(2)
	}
	b.ResetTimer()
	c0 := threadCPU()
	for i := 0; i < b.N; i++ {
		w.sol.useBias = i%2 == 0
		w.par.begin()
		w.runColors(w.sol.fnIterate)
		w.par.end()
	}
	b.ReportMetric(float64(threadCPU()-c0)/float64(b.N)/float64(len(w.sol.cons)), "cpuns/cons")
}

func BenchmarkTmpWarm(b *testing.B) {
	def := DefaultWorldDef()
	def.Sleep = false
	w := buildPyramid(b, def, 100, 0.05)
	run(w, 20, 1.0/60)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		w.runColors(w.sol.fnWarm)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(w.sol.cons)), "ns/cons")
}

func TestTmpIr(t *testing.T) {
	sc := os.Getenv("IRSCENE")
	if sc == "" {
		t.Skip()
	}
	def := DefaultWorldDef()
	def.Sleep = false
	var w *World
	switch sc {
	case "pile100":
		w = buildPile(t, def, 100)
	case "pile1000":
		w = buildPile(t, def, 1000)
	case "pile4000":
		w = buildPile(t, def, 4000)
	case "pyramid":
		w = buildPyramid(t, def, 100, 0.05)
	case "pyr30":
		w = buildPyramid(t, def, 30, 0.05)
	}
	warm := 60
	if sc == "pyramid" || sc == "pyr30" {
		warm = 10
	}
	run(w, warm, 1.0/60)
	measuredSteps(w)
}

//go:noinline
func measuredSteps(w *World) {
	for i := 0; i < 5; i++ {
		w.Step(1.0/60, nil)
	}
}

func BenchmarkTmpPool(b *testing.B) {
	var p pool
	p.init(2)
	data := make([]float64, 1<<16)
	fn := func(lo, hi int) {
		for i := lo; i < hi; i++ {
			x := data[i]
			for k := 0; k < 20; k++ {
				x = x*0.999 + 1
			}
			data[i] = x
		}
	}
	for i := 0; i < b.N; i++ {
		p.begin()
		for s := 0; s < 10; s++ {
			p.run(len(data), 1024, fn)
		}
		p.end()
	}
}

func TestTmpHeap(t *testing.T) {
	if os.Getenv("STAGES") == "" {
		t.Skip()
	}
	seed := uint64(7)
	if os.Getenv("SEED") != "" {
		fmt.Sscan(os.Getenv("SEED"), &seed)
	}
	w := heapWorldSeed(t, seed)
	for k := 0; k < 1500; k++ {
		w.Step(1.0/60, nil)
		if k%100 == 99 {
			fmt.Println("tick", k, "awake", w.NumAwake())
		}
	}
	for i := 0; i < w.NumBodies(); i++ {
		b := w.Body(i)
		if !b.Sleeping && w.bodies[i].sleepTime < 1 {
			fmt.Printf("%s v %.3g w %.3g half %v sleepTime %.2f\n", b.Name, b.Velocity.Len(), b.AngularVelocity.Len(), b.Half, w.bodies[i].sleepTime)
		}
	}
	watch := 130
	if os.Getenv("WATCH") != "" {
		fmt.Sscan(os.Getenv("WATCH"), &watch)
	}
	for s := 0; s < 12; s++ {
		w.Step(1.0/60, nil)
		b := w.Body(watch)
		fmt.Printf("step %d pos %.5f v %.4f w %.4f\n", s, b.Curr.Center, b.Velocity, b.AngularVelocity)
		for k := range w.contacts.list {
			m := &w.contacts.list[k]
			if m.a == int32(watch) || m.b == int32(watch) {
				fmt.Printf("   manifold %d-%d static %d count %d n %.3f sep", m.a, m.b, m.static, m.count, m.n)
				for q := 0; q < int(m.count); q++ {
					fmt.Printf(" %.5f(%.3g)", m.pts[q].sep, m.pts[q].normalI)
				}
				fmt.Println()
			}
		}
	}
}

func TestTmpHeapSeeds(t *testing.T) {
	if os.Getenv("STAGES") == "" {
		t.Skip()
	}
	tot := 0
	for seed := uint64(1); seed <= 12; seed++ {
		w := heapWorldSeed(t, seed)
		run(w, 1500, 1.0/60)
		moving := 0
		for i := 0; i < w.NumBodies(); i++ {
			if w.Body(i).Velocity.Len() > 0.1 {
				moving++
			}
		}
		fmt.Printf("seed %d awake %d moving %d\n", seed, w.NumAwake(), moving)
		tot += w.NumAwake()
	}
	fmt.Println("total awake", tot)
}

func TestTmpCount30(t *testing.T) {
	if os.Getenv("STAGES") == "" {
		t.Skip()
	}
	def := DefaultWorldDef()
	def.Sleep = false
	w := buildPyramid(t, def, 30, 0.05)
	run(w, 15, 1.0/60)
	fmt.Println("pyr30 cons", len(w.sol.cons), "bodies", w.NumBodies(), "substeps", w.substeps())
}

func BenchmarkTmpSceneCPU(b *testing.B) {
	def := DefaultWorldDef()
	def.Sleep = false
	var w *World
	switch os.Getenv("SCENE") {
	case "pile4000":
		w = buildPile(b, def, 4000)
		run(w, 60, 1.0/60)
	case "pile1000":
		w = buildPile(b, def, 1000)
		run(w, 60, 1.0/60)
	case "pile100":
		w = buildPile(b, def, 100)
		run(w, 60, 1.0/60)
	default:
		w = buildPyramid(b, def, 100, 0.05)
		run(w, 10, 1.0/60)
	}
	runtime.LockOSThread()
	b.ResetTimer()
	c0 := threadCPU()
	for i := 0; i < b.N; i++ {
		w.Step(1.0/60, nil)
	}
	b.ReportMetric(float64(threadCPU()-c0)/float64(b.N)/1000, "cpuus/step")
}

func TestTmpReuse(t *testing.T) {
	if os.Getenv("STAGES") == "" {
		t.Skip()
	}
	def := DefaultWorldDef()
	def.Sleep = false
	w := buildPile(t, def, 4000)
	run(w, 60, 1.0/60)
	for s := 0; s < 5; s++ {
		prevKeys := make([]uint64, len(w.contacts.list))
		rel := make([]sv, len(w.contacts.list))
		for i := range w.contacts.list {
			prevKeys[i] = w.contacts.list[i].key
			rel[i] = w.contacts.list[i].relP
		}
		w.Step(1.0/60, nil)
		same := len(prevKeys) == len(w.contacts.list)
		reused := 0
		for i := range w.contacts.list {
			if same && w.contacts.list[i].key != prevKeys[i] {
				same = false
			}
			if i < len(rel) && w.contacts.list[i].relP == rel[i] {
				reused++
			}
		}
		fmt.Println("step", s, "same keys", same, "n", len(w.contacts.list), "reused", reused, "bpkeys", len(w.bp.keys))
	}
}

func TestTmpAllocW2(t *testing.T) {
	def := DefaultWorldDef()
	def.Workers = 2
	w := buildPile(t, def, 300)
	run(w, 100, 1.0/60)
	a := testing.AllocsPerRun(100, func() { w.Step(1.0/60, nil) })
	fmt.Println("allocs per step with 2 workers", a)
}
