//go:build cgo

package window

import (
	"fmt"

	"sandbox/engine/loop"
	"sandbox/engine/scene"
	"sandbox/engine/session"
	"sandbox/engine/ui"
)

// confirmedGhostColor is the wireframe of a body's confirmed pose under a
// network delay: magenta, apart from the G key's prev and curr ghosts.
var confirmedGhostColor = [3]float32{1, 0.2, 0.9}

// cycleNetworkDelay moves to the next network delay (F4).
func (a *app) cycleNetworkDelay() {
	i := 0
	for i < len(ui.NetworkDelays) && ui.NetworkDelays[i] != a.sim.netDelay {
		i++
	}
	a.setNetworkDelay(ui.NetworkDelays[(i+1)%len(ui.NetworkDelays)])
}

// networkLocked reports whether the session must stay as it is: a
// recording or replay covers one peer's session.
func (a *app) networkLocked() bool { return a.sim.locked || a.io.rec != nil }

// setNetworkDelay restarts the scene as two peers with the remote inputs
// ticks late (0: one session, as usual); refused while recording or
// replaying.
func (a *app) setNetworkDelay(ticks int) {
	if ticks == a.sim.netDelay {
		return
	}
	if a.networkLocked() {
		a.viewer.showToast("no network delay while recording or replaying", a.shell.clock())
		return
	}
	if ticks > 0 && a.sim.policy != loop.Fixed {
		a.viewer.showToast("a network delay needs the fixed loop (J): a rollback re-simulates whole fixed steps", a.shell.clock())
		return
	}
	a.sim.netDelay = ticks
	a.resetScene()
	if ticks == 0 {
		a.viewer.showToast("network delay off", a.shell.clock())
	} else {
		a.viewer.showToast(fmt.Sprintf("network delay %d ticks: the scene restarted as two peers", ticks), a.shell.clock())
	}
}

// attachPeer makes a freshly loaded session the local peer of a two-player
// session when a network delay is set; tl is the scene's events as the
// players' inputs (its Scene is the one the session was built from).
func (s *simulation) attachPeer(tl *session.Timeline) error {
	s.rb = nil
	if tl == nil {
		return nil
	}
	rb, err := session.AttachRollback(s.sess, tl, session.Network{Delay: s.netDelay}, frameClock)
	if err != nil {
		return err
	}
	rb.Live()
	s.rb = rb
	return nil
}

// peerScene is the scene to build the session from: sc, or under a
// network delay sc without its scripted events, which become the players'
// inputs (the timeline returned, nil without a delay).
func (s *simulation) peerScene(sc *scene.Scene) (*scene.Scene, *session.Timeline) {
	if s.netDelay == 0 {
		return sc, nil
	}
	tl := session.LiveTimeline(sc)
	return tl.Scene, tl
}

// syncPeer takes the remote inputs that arrived by now after the frame's
// steps, rolling back and re-simulating when they differ from the
// prediction. A rollback that cannot be done (the user stepped back past
// the ring) turns the network delay off rather than stopping the window.
func (a *app) syncPeer() {
	rb := a.sim.rb
	if rb == nil {
		return
	}
	if err := rb.Sync(); err != nil {
		a.sim.netDelay = 0
		a.resetScene()
		a.viewer.showToast("network delay off: "+err.Error(), a.shell.clock())
		return
	}
	a.sim.touched = rb.Touched(a.sim.touched[:0])
}

// drawConfirmedGhosts draws, for each body a late input touched, its
// confirmed pose as a wireframe and a line to where the prediction has it.
func (a *app) drawConfirmedGhosts() {
	rb := a.sim.rb
	if rb == nil {
		return
	}
	w := a.sim.world
	for _, i := range a.sim.touched {
		if i >= w.NumBodies() {
			continue
		}
		p, ok := rb.ConfirmedPose(i)
		if !ok {
			continue
		}
		b := w.Body(i)
		a.viewer.lines.Box(p.Center, b.Half, p.Orientation, confirmedGhostColor)
		a.viewer.lines.Segment(p.Center, b.Curr.Center, confirmedGhostColor)
	}
}

// syncNetwork fills the panel's network section.
func (p *panel) syncNetwork(a *app) {
	n := &p.st.Network
	n.Delay = 0
	for i, d := range ui.NetworkDelays {
		if d == a.sim.netDelay {
			n.Delay = int32(i)
		}
	}
	n.Locked = a.networkLocked()
	if rb := a.sim.rb; rb != nil {
		st := rb.Stats()
		n.Rollbacks, n.Resimulated = st.Rollbacks, st.ResimulatedTicks
		n.Confirmed, n.Tick = rb.Confirmed(), a.sim.sess.Tick()
	}
}

// applyNetwork carries the section's change to the app.
func (p *panel) applyNetwork(a *app, before *ui.NetworkState) {
	if d := p.st.Network.Delay; d != before.Delay && d >= 0 && int(d) < len(ui.NetworkDelays) {
		a.setNetworkDelay(ui.NetworkDelays[d])
	}
}
