// Package frametrace pushes a frame-time trace through the real fixed-step
// loop (engine/loop, the code the window runs) and measures what the loop
// policy does with it: the time it drops (clamped by MaxFrameSeconds, capped
// by MaxStepsPerFrame), the steps it runs per frame, how long it goes without
// a step or keeps catching up, and how far the trace is from the spiral of
// death. It is the engine of `sandbox frames`.
//
// A trace is a list of frame seconds: read from a -trace file (one JSON
// object per frame with "frame_seconds", as headless and window runs write),
// or made up (Synthetic: 60hz, 144hz, 240hz with jitter, hitches, stall,
// background, vsync-miss).
//
// # The feedback model
//
// With a step cost C (seconds of wall time per physics step), frame i lasts
//
//	f[i] = d[i] + C * s[i-1]
//
// where d[i] is the trace's frame (everything else the frame does: input,
// render, present) and s[i-1] the steps the previous frame ran: running the
// steps takes wall time, which lengthens the next frame. With d = 0 after
// the first frame the next frame's time is just steps x cost: at C = 2h (each step costs two steps of wall time) the steps
// go 1, 2, 4, 8, ... until MaxStepsPerFrame holds them. An alternative,
// f[i] = max(d[i], C*s[i-1]) (work hidden in the vsync wait), was rejected:
// under it the onset is C = h whatever the trace and the loop's cap, so it
// cannot say how much a given trace and config can take. A recorded trace
// already holds the steps' cost at the time of recording, so for one C is
// the cost added on top of that.
//
// # The spiral-of-death margin
//
// Let h be the step, N = MaxStepsPerFrame, M = MaxFrameSeconds. One frame
// can run at most s_max = min(N, M/h) steps on average (N by the cap; M/h
// because a frame adds at most M to the accumulator). Over many frames with
// nothing dropped, wall time equals physics time: sum(d) + C*sum(s) =
// h*sum(s), so the mean steps per frame is
//
//	s_mean = d_mean / (h - C)
//
// with d_mean the trace's mean frame, each frame first clamped to M (a
// longer frame's excess is dropped whatever the cost). The loop keeps up
// while s_mean <= s_max, which gives the margin
//
//	C* = h - d_mean / s_max
//
// Below C* a hitch is worked off (each extra step adds C/h < 1 of a step
// to the next frame, so the excess shrinks geometrically); above it the
// steps climb to the cap and stay there, every frame dropping time: the
// spiral, held at N steps by the cap. Example: a steady 60 Hz trace, 60 Hz
// physics, N = 8, M = 0.25 s: s_max = 8 and C* = (1/60)(1 - 1/8) = 14.58 ms.
// A C* of 0 or less means the trace alone already outruns the loop. The
// margin is a long-run criterion: a trace whose rate changes part-way is
// judged by its mean, and a stretch of slower frames can spiral for a while
// below C*; the -step-cost-ms simulation shows what actually happens.
package frametrace
