package session

import "fmt"

// MaxNetworkLag bounds Network.Delay + Network.Jitter, ticks: the rewind
// ring keeps that many states, and a big scene's ring is held to
// RewindBudgetBytes (at least minRewindTicks states).
const MaxNetworkLag = minRewindTicks

// Network is how the remote player's inputs reach the local peer: the
// inputs of tick t arrive DelayOf(t) ticks late.
type Network struct {
	Delay  int // ticks, >= 0
	Jitter int // ticks: each tick's delay is Delay plus or minus up to Jitter (never below 0)
	Seed   uint64
}

// Validate says what is wrong with n, naming the flag it comes from.
func (n Network) Validate() error {
	switch {
	case n.Delay < 0:
		return fmt.Errorf("-delay %d: must be >= 0 ticks", n.Delay)
	case n.Jitter < 0:
		return fmt.Errorf("-jitter-ticks %d: must be >= 0", n.Jitter)
	case n.Delay+n.Jitter > MaxNetworkLag:
		return fmt.Errorf("-delay %d with -jitter-ticks %d: at most %d ticks late in all (the rewind ring's length)", n.Delay, n.Jitter, MaxNetworkLag)
	}
	return nil
}

// MaxLag is the latest any input arrives, ticks.
func (n Network) MaxLag() int { return n.Delay + n.Jitter }

// DelayOf is how late tick t's remote inputs arrive: a function of the
// seed and t alone, so that a run is the same every time.
func (n Network) DelayOf(t uint64) uint64 {
	d := n.Delay
	if n.Jitter > 0 {
		d += int(mix64(n.Seed^(t*0x9e3779b97f4a7c15))%uint64(2*n.Jitter+1)) - n.Jitter
	}
	return uint64(max(d, 0))
}

// mix64 is splitmix64's finaliser: a well-spread hash of x.
func mix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}
