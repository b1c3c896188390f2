package physics

import (
	"runtime"
	"strings"
	"testing"
	"time"
)

// A world's helper goroutines end with it: World.Close stops them and
// waits for them, and a world dropped without Close has them stopped once
// it is collected. Before, the helpers were shared by the process and ran
// for ever. A closed world still steps, alone, to the same bits.
func TestWorldCloseEndsHelpers(t *testing.T) {
	atLeastTwoProcs(t)
	def := DefaultWorldDef()
	def.Workers = 4
	base := helperGoroutines()

	w := buildPile(t, def, 200)
	ref := buildPile(t, DefaultWorldDef(), 200)
	run(w, 5, 1.0/60)
	run(ref, 5, 1.0/60)
	if w.par.helpers == nil {
		t.Fatal("a 4-worker world started no helper")
	}
	w.Close()
	if n := helperGoroutines(); n > base {
		t.Fatalf("%d helper goroutines after Close, %d before the world", n, base)
	}
	w.Close() // again: nothing
	run(w, 5, 1.0/60)
	run(ref, 5, 1.0/60)
	if a, b := w.StateHash(), ref.StateHash(); a != b {
		t.Fatalf("closed world hash %016x, one worker %016x", a, b)
	}
	if n := helperGoroutines(); n > base {
		t.Fatalf("a closed world's steps started helpers: %d helper goroutines, %d before", n, base)
	}

	dropped := buildPile(t, def, 200)
	run(dropped, 5, 1.0/60)
	dropped = nil
	deadline := time.Now().Add(10 * time.Second)
	for helperGoroutines() > base {
		if time.Now().After(deadline) {
			t.Fatalf("%d helper goroutines 10 s after a world was dropped, %d before it", helperGoroutines(), base)
		}
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
	}
}

// helperGoroutines counts the goroutines running a pool's helper loop.
// Counting every goroutine instead would catch the runtime's own, such as
// the one it starts to run cleanups the first time a world registers one.
func helperGoroutines() int {
	buf := make([]byte, 1<<20)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) {
			return strings.Count(string(buf[:n]), "physics.(*helperSet).loop(")
		}
		buf = make([]byte, 2*len(buf))
	}
}
