package physics

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// Parallel stages, deterministic by construction. A stage that runs on
// several workers is a loop over independent items (pairs for the
// narrowphase, bodies, or the constraints of one graph colour, which share no
// dynamic body): every item reads only what no other item of the stage
// writes, and writes only its own slots. The items are handed out in chunks
// from an atomic counter to whichever worker asks first, so the result is the
// same bit for bit whatever the split, whether the helpers join or not, and
// with 1 or 16 workers; only the wall time changes.
//
// Helpers are a few goroutines shared by every World in the process (the
// step is what is deterministic, not who runs it). A world opens a region,
// offers it to idle helpers without waiting (a helper busy with another world
// simply does not join), runs its stages through it with the helpers spinning
// between stages, and closes it. Rejected alternatives: a goroutine per
// world (nothing would stop it when the world is dropped) and a channel
// handshake per stage (a futex wake-up per stage is microseconds, and the
// solver runs about a hundred stages a step).

// maxWorkers bounds WorldDef.Workers.
const maxWorkers = 16

// region is one parallel section of a step. state packs the stage number
// (bits 32..63), the stage's chunk count (16..31) and the next unclaimed
// chunk (0..15). Workers claim a chunk by compare-and-swap on that word, and
// read the stage description (fn, n, chunk) only after a successful claim:
// the owner writes the description before publishing the stage and changes
// it only when every chunk is done, so a successful claim proves that what is
// read belongs to the claimed stage.
type region struct {
	state atomic.Uint64
	done  atomic.Int64 // chunks finished in the current stage
	open  atomic.Bool

	// The current stage, written by the owner before it publishes the stage.
	fn    func(lo, hi int)
	n     int
	chunk int
}

// maxChunks is the most chunks one stage is split into (16 bits of state).
const maxChunks = 1<<16 - 1

// pool is a world's handle on the shared helpers.
type pool struct {
	workers int // as asked for by WorldDef.Workers
	r       region
	active  bool // inside a region with helpers offered
}

var helpers struct {
	once sync.Once
	ch   chan *region
}

func startHelpers() {
	helpers.ch = make(chan *region)
	for i := 0; i < maxWorkers-1; i++ {
		go helperLoop(helpers.ch)
	}
}

func helperLoop(ch chan *region) {
	for r := range ch {
		r.help()
	}
}

// begin opens a region and offers it to up to workers-1 idle helpers.
// With one worker, or one CPU, everything runs on the caller.
func (p *pool) begin() {
	procs := runtime.GOMAXPROCS(0)
	if p.workers <= 1 || procs <= 1 {
		return
	}
	helpers.once.Do(startHelpers)
	p.r.state.Store(p.r.state.Load() &^ (1<<32 - 1)) // same stage, no chunks
	p.r.open.Store(true)
	p.active = true
	want := min(p.workers, procs) - 1
	for i := 0; i < want; i++ {
		select {
		case helpers.ch <- &p.r:
		default:
			i = want // nobody idle: go on without
		}
	}
}

// end closes the region; helpers go back to waiting.
func (p *pool) end() {
	if !p.active {
		return
	}
	p.r.open.Store(false)
	p.active = false
}

// run calls fn over [0, n) in chunks of about chunk items, on the caller
// and any helpers of the open region, and returns when all of it is done.
// Outside a region, or for a single chunk, it is a plain loop on the caller.
func (p *pool) run(n, chunk int, fn func(lo, hi int)) {
	if n <= 0 {
		return
	}
	if !p.active || n <= chunk {
		fn(0, n)
		return
	}
	if n > chunk*maxChunks {
		chunk = (n + maxChunks - 1) / maxChunks
	}
	r := &p.r
	chunks := (n + chunk - 1) / chunk
	stage := r.state.Load()>>32 + 1
	r.fn, r.n, r.chunk = fn, n, chunk
	r.done.Store(0)
	r.state.Store(stage<<32 | uint64(chunks)<<16) // publish
	for r.claim() {
	}
	for r.done.Load() < int64(chunks) {
	}
}

// claim runs one chunk of the current stage. It returns false when no chunk
// is left to claim.
func (r *region) claim() bool {
	s := r.state.Load()
	next, chunks := int(s&0xffff), int(s>>16&0xffff)
	if next >= chunks {
		return false
	}
	if !r.state.CompareAndSwap(s, s+1) {
		return true // someone else claimed it: try the next
	}
	fn, n, chunk := r.fn, r.n, r.chunk
	lo := next * chunk
	fn(lo, min(lo+chunk, n))
	r.done.Add(1)
	return true
}

// help is a helper's side of a region: claim chunks of every stage
// published until the region closes.
func (r *region) help() {
	idle := 0
	for r.open.Load() {
		if r.claim() {
			idle = 0
			continue
		}
		if idle++; idle > 1<<16 {
			// The owner is in a long sequential part: let others run.
			runtime.Gosched()
			idle = 0
		}
	}
}
