// Package latency is the bookkeeping of input-to-screen latency on a
// simulated display (docs/latency.md): an input arrives at a display-clock
// time, is applied at the next step boundary, and first shows in the first
// presented frame whose drawn state includes the tick that applied it. Each
// input's latency splits into waiting for the step boundary, waiting for a
// frame to present the step's result, and the interpolation delay, which add
// up to the whole. It needs no GL and no session: it is fed the loop's
// numbers frame by frame.
package latency
