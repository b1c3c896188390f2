package session

import "sandbox/engine/physics"

// touchedTicks is how far back Touched looks for remote inputs: long
// enough that a body a late input moved stays marked for a second after
// its input arrived.
const touchedTicks = 60

// Confirmed is the newest tick whose state every input is known for: the
// state the session would have without predictions.
func (r *Rollback) Confirmed() uint64 { return min(r.confirmed, r.s.Tick()) }

// Touched appends to dst the creation index of every body that a remote
// input of the recent ticks (from touchedTicks before the confirmed tick
// to the present) names or fires, once each, and returns it. It allocates
// only if dst is too small.
func (r *Rollback) Touched(dst []int) []int {
	w := r.s.World()
	from := uint64(0)
	if c := r.Confirmed(); c > touchedTicks {
		from = c - touchedTicks
	}
	ins := r.tl.Inputs
	lo, hi := 0, len(ins)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if ins[m].Tick < from {
			lo = m + 1
		} else {
			hi = m
		}
	}
	for i := lo; i < len(ins) && ins[i].Tick < r.present; i++ {
		pi := &ins[i]
		if pi.Player == LocalPlayer {
			continue
		}
		if b := touchedBody(w, pi); b >= 0 && !hasInt(dst, b) {
			dst = append(dst, b)
		}
	}
	return dst
}

// touchedBody is the creation index of the body pi names or fires in w,
// or -1.
func touchedBody(w *physics.World, pi *PlayerInput) int {
	name := pi.BodyName
	switch pi.Input.Kind {
	case physics.InputFire:
		name = pi.Input.Fire.Name
	case physics.InputTeleport, physics.InputDrag:
		if name == "" {
			if i := pi.Input.Body.Index(); i < w.NumBodies() {
				return i
			}
			return -1
		}
	default:
		return -1
	}
	if id, ok := w.FindBody(name); ok {
		return id.Index()
	}
	return -1
}

func hasInt(s []int, v int) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// ConfirmedPose is body i's pose in the confirmed state (Confirmed), from
// the rewind ring; false when that state has no such body (a shot fired
// after it) or the ring no longer holds it.
func (r *Rollback) ConfirmedPose(i int) (physics.Pose, bool) {
	rw := r.s.rewind
	c := r.Confirmed()
	if rw == nil || c < rw.oldest || c > rw.newest {
		return physics.Pose{}, false
	}
	sl := rw.slot(c)
	if i >= sl.NumBodies() {
		return physics.Pose{}, false
	}
	return sl.BodyPose(i), true
}
