package physics

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// Parallel stages, deterministic by construction. A stage that runs on
// several workers is a loop over independent items (pairs for the
// narrowphase, bodies, the solver's blocks of islands (solver_blocks.go),
// or the constraints of one graph colour, which share no
// dynamic body): every item reads only what no other item of the stage
// writes, and writes only its own slots. Items are handed out in chunks to
// whichever worker asks first, so the result is the same bit for bit whatever
// the split, whether the helpers join or not, and with 1 or 16 workers; only
// the wall time changes.
//
// Each worker owns a contiguous share of every stage's chunks and takes from
// it first, stealing from the other shares only when its own is done. Items
// are in body order in every stage, so a worker keeps meeting the same bodies
// stage after stage and their cache lines stay on its core: with chunks
// dealt to whoever came first, a body's record moved between the cores on
// nearly every stage, and two workers were no faster than one.
//
// Helpers are goroutines of the world's own, WorldDef.Workers-1 of them,
// started by its first step that can use them and stopped by World.Close
// (or, for a world dropped without it, once the world is collected). A
// world opens a region, offers it to its idle helpers without waiting (one
// not yet running simply does not join), runs its stages through it, and
// closes it. Between stages
// the workers spin briefly, then sleep (see spinLimit); between steps a
// helper polls the closed region for a while (see lingerLimit), so that
// the next step has it from its first stage. Rejected
// alternatives: helpers shared by every world of the process (they never
// stopped), a channel handshake per stage (a futex wake-up per stage is
// microseconds, and the solver runs about a hundred stages a step), and
// spinning only (on a machine with more threads than cores, the workers
// burnt whole time slices waiting for one that was not running: two workers
// took twice as long as one).
//
// With free cores, more workers step a big scene faster (the figures are in
// docs/speed-notes.md); on a machine whose cores are busy with other work
// they can be slower than one, which is why WorldDef.Workers defaults to 1.

// maxWorkers bounds WorldDef.Workers.
const maxWorkers = 16

// Each share's claim word packs the stage number (bits 40..63, wrapping),
// the share's next chunk (bits 20..39) and its end (bits 0..19). A worker
// claims a chunk by compare-and-swap on that word and reads the stage
// description (fn, n, chunk) only after a successful claim: the owner writes
// the description before publishing the stage and changes it only when every
// chunk is done, so a successful claim proves that what is read belongs to
// the claimed stage.
const (
	claimEndBits  = 20
	claimNextBits = 20
	maxChunks     = 1<<claimEndBits - 1
	claimNextOne  = 1 << claimEndBits
	claimStageSh  = claimEndBits + claimNextBits
)

// region is one parallel section of a step.
type region struct {
	stage  atomic.Uint64 // last published stage
	done   atomic.Int64  // chunks finished in the current stage
	open   atomic.Bool
	joined atomic.Int32 // helpers that joined (their share index is 1..)
	helped atomic.Int64 // chunks run by helpers, ever (for tests)
	shares int          // how many shares each stage is split into; set once
	claim  [maxWorkers]paddedWord

	// The current stage, written by the owner before it publishes the stage.
	fn     func(lo, hi int)
	n      int
	chunk  int
	chunks int64

	// Sleeping instead of spinning (see spinLimit).
	mu         sync.Mutex
	wake       sync.Cond // helpers: a new stage, or the region closed
	doneCond   sync.Cond // owner: the stage's last chunk is done
	sleepers   atomic.Int32
	ownerWaits atomic.Bool

	// lingering counts the helpers polling this closed region for its
	// next opening (linger); offered counts the helpers begin offered it
	// (pool.offer), ever (for tests); stopped tells lingering helpers that
	// the pool is closing.
	lingering atomic.Int32
	offered   atomic.Int64
	stopped   atomic.Bool
}

// paddedWord keeps each share's claim word on its own cache line.
type paddedWord struct {
	w atomic.Uint64
	_ [56]byte
}

// pool is a world's workers: the caller and its helpers.
type pool struct {
	workers int // as asked for by WorldDef.Workers
	r       region
	active  bool // inside a region with helpers offered
	nest    int  // begin calls not yet ended: only the outermost pair acts
	// offer hands r to one more helper and reports whether one took it;
	// nil means the pool's own helpers (helperSet.offer). The package's
	// tests set it to drive the pool with helpers of their own.
	offer func(r *region) bool
	// helpers: nil until the first region that can use them; closed
	// after close.
	helpers *helperSet
	closed  bool
}

// spinLimit is how many times a worker polls for what it waits for (the
// next stage, or the last chunks of this one) before it sleeps on a
// condition variable. Spinning keeps the hand-over between stages to a
// fraction of a microsecond when every worker has a core; sleeping keeps a
// busy machine (more threads than cores) from losing whole time slices to
// workers spinning for one that is not running. With few polls a worker
// slept many times a step, mostly while the other finished its last chunk
// of a colour, and each sleep cost a futex wake-up. The price of more is
// on a machine with fewer free cores than workers (and WorldDef.Workers
// defaults to 1).
//
// The limit is long enough for a helper to wait out the step's serial
// parts between its stages (pair updates, colouring, the solver's plan)
// instead of sleeping through them: a woken goroutine can take far longer
// to run again than those parts last, and a helper that slept ran only a
// small share of the next stage's chunks.
const spinLimit = 1 << 16

func (p *pool) init(workers int) {
	p.workers = min(max(workers, 1), maxWorkers)
	p.r.shares = p.workers
	p.r.wake.L = &p.r.mu
	p.r.doneCond.L = &p.r.mu
}

// helperSet is a pool's helper goroutines. It holds nothing of the world,
// and an idle helper holds only its channel, so that a world dropped
// without Close can be collected, and its helpers stopped then.
type helperSet struct {
	ch   chan *region
	once sync.Once
	done sync.WaitGroup
}

// startHelpers starts n helpers waiting for regions.
func startHelpers(n int) *helperSet {
	hs := &helperSet{ch: make(chan *region)}
	hs.done.Add(n)
	for range n {
		go hs.loop()
	}
	return hs
}

func (hs *helperSet) loop() {
	defer hs.done.Done()
	for r := range hs.ch {
		r.help()
		for r.linger(lingerLimit) {
			r.help()
		}
	}
}

// offer offers r to an idle helper, without waiting.
func (hs *helperSet) offer(r *region) bool {
	select {
	case hs.ch <- r:
		return true
	default:
		return false // nobody idle
	}
}

// stop ends the helpers (once they leave the region they are in).
func (hs *helperSet) stop() { hs.once.Do(func() { close(hs.ch) }) }

// close stops the pool's helpers and waits for them to end; the pool then
// runs everything on the caller.
func (p *pool) close() {
	p.closed = true
	if p.helpers == nil {
		return
	}
	p.r.stopped.Store(true) // a lingering helper stops polling
	p.helpers.stop()
	p.helpers.done.Wait()
	p.helpers = nil
}

// lingerLimit is how many times a helper polls the region it helped, once
// it has closed, for the world's next step before it goes back to the
// channel: about as long as the work between two steps of a headless run.
// A helper woken through the channel is slow to run (an idle virtual core
// is slow to wake), while the step's first stages go on without it; one
// still polling joins at once. The price: a window stepping once a frame
// with WorldDef.Workers above 1 keeps the helper's core busy for that long
// a frame.
const lingerLimit = 1 << 20

// lingerYield is how often (in polls) a lingering helper lets other
// goroutines have its processor.
const lingerYield = 1 << 12

// linger polls the closed region r until it opens again (it reports true:
// the helper joins it) or limit polls have passed (false). While it
// polls, the helper is counted in r.lingering, so that begin offers the
// channel to that many fewer helpers. A helper that gives up just as the
// region opens leaves the step one helper short, and one that begin did
// not count (it began lingering after begin looked) joins beside those
// begin offered: either way only the time changes, never the result (any
// number of workers gives the same bits).
func (r *region) linger(limit int) bool {
	r.lingering.Add(1)
	defer r.lingering.Add(-1)
	for polls := 1; polls <= limit && !r.stopped.Load(); polls++ {
		if r.open.Load() {
			return true
		}
		if polls%lingerYield == 0 {
			runtime.Gosched()
		}
	}
	return false
}

// begin opens a region and offers it to up to workers-1 idle helpers.
// With one worker, or one CPU, everything runs on the caller. Regions nest:
// Step opens one for the whole step, so that its stages' own regions do not
// hand the helpers over again each time (a channel send, and a wake-up of a
// parked goroutine, five times a step).
func (p *pool) begin() {
	if p.nest++; p.nest > 1 {
		return
	}
	procs := runtime.GOMAXPROCS(0)
	if p.workers <= 1 || procs <= 1 || p.closed {
		return
	}
	offer := p.offer
	if offer == nil {
		if p.helpers == nil {
			p.helpers = startHelpers(p.workers - 1)
			// A world dropped without Close: its idle helpers hold only
			// their channel, so it is collected, and they end.
			runtime.AddCleanup(p, (*helperSet).stop, p.helpers)
		}
		offer = p.helpers.offer
	}
	r := &p.r
	r.joined.Store(0)
	want := min(p.workers, procs)
	// Helpers still polling since the last step (linger) join as soon as
	// the region opens: the channel is for the rest.
	have := 1 + int(r.lingering.Load())
	r.open.Store(true)
	p.active = true
	for i := have; i < want; i++ {
		if !offer(r) {
			break // nobody idle: go on without
		}
		r.offered.Add(1)
	}
}

// end closes the region; helpers go back to waiting.
func (p *pool) end() {
	if p.nest--; p.nest > 0 || !p.active {
		return
	}
	p.r.open.Store(false)
	p.r.wakeHelpers()
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
	stage := (r.stage.Load() + 1) & (1<<(64-claimStageSh) - 1)
	r.fn, r.n, r.chunk = fn, n, chunk
	r.done.Store(0)
	for s := 0; s < r.shares; s++ {
		lo, hi := s*chunks/r.shares, (s+1)*chunks/r.shares
		r.claim[s].w.Store(stage<<claimStageSh | uint64(lo)<<claimEndBits | uint64(hi))
	}
	r.chunks = int64(chunks)
	r.stage.Store(stage) // publish
	r.wakeHelpers()
	r.work(stage, 0)
	for polls := 0; r.done.Load() < int64(chunks); polls++ {
		if polls > spinLimit {
			r.mu.Lock()
			r.ownerWaits.Store(true)
			for r.done.Load() < int64(chunks) {
				r.doneCond.Wait()
			}
			r.ownerWaits.Store(false)
			r.mu.Unlock()
			break
		}
	}
}

// wakeHelpers wakes the helpers sleeping for the next stage (or the end of
// the region). A helper counts itself in sleepers, under mu, before it
// checks the stage for the last time, so one that has not yet seen the new
// stage is either woken here or sees it.
func (r *region) wakeHelpers() {
	if r.sleepers.Load() > 0 {
		r.mu.Lock()
		r.wake.Broadcast()
		r.mu.Unlock()
	}
}

// work runs chunks of stage, from share own first and then from the others,
// until none is left to claim, and returns how many it ran.
func (r *region) work(stage uint64, own int) (ran int) {
	var chunks int64 // the stage's, read after a successful claim
shares:
	for k := 0; k < r.shares; k++ {
		c := &r.claim[(own+k)%r.shares].w
		for {
			s := c.Load()
			if s>>claimStageSh != stage {
				break shares // the stage is over
			}
			next, end := int(s>>claimEndBits&maxChunks), int(s&maxChunks)
			if next >= end {
				break
			}
			if !c.CompareAndSwap(s, s+claimNextOne) {
				continue
			}
			fn, n, chunk := r.fn, r.n, r.chunk
			chunks = r.chunks
			lo := next * chunk
			fn(lo, min(lo+chunk, n))
			ran++
		}
	}
	r.finish(ran, chunks)
	return ran
}

// finish counts ran chunks of a stage of chunks as done, once per worker
// and stage: counted chunk by chunk, the counter's cache line went back and
// forth between the cores several hundred times a solver pass. Once they
// are counted the owner may publish the next stage, so nothing of the
// region's stage description is read here.
func (r *region) finish(ran int, chunks int64) {
	if ran == 0 {
		return
	}
	if r.done.Add(int64(ran)) == chunks && r.ownerWaits.Load() {
		// The owner fell asleep waiting for these last chunks.
		r.mu.Lock()
		r.doneCond.Signal()
		r.mu.Unlock()
	}
}

// help is a helper's side of a region: work on every stage published until
// the region closes.
func (r *region) help() {
	own := int(r.joined.Add(1))
	if own >= r.shares {
		own = r.shares - 1
	}
	// The stage running when the helper joins is joined too: a region's
	// first stage is usually published before any helper has woken up,
	// and waiting for the next one left all of it to the owner (the
	// narrowphase is one stage, so it never ran on two workers; the
	// solver's constraint preparation neither).
	seen := r.stage.Load()
	r.helped.Add(int64(r.work(seen, own)))
	polls := 0
	for r.open.Load() {
		if s := r.stage.Load(); s != seen {
			seen = s
			r.helped.Add(int64(r.work(s, own)))
			polls = 0
			continue
		}
		if polls++; polls > spinLimit {
			r.mu.Lock()
			r.sleepers.Add(1)
			for r.open.Load() && r.stage.Load() == seen {
				r.wake.Wait()
			}
			r.sleepers.Add(-1)
			r.mu.Unlock()
			polls = 0
		}
	}
}
