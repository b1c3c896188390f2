package session

// keepCheckpoints keeps the states of the checkpoints the frame reached
// since the last call, a later state of a tick replacing an earlier one.
func (r *Rollback) keepCheckpoints() {
	f := &r.s.frame
	if f.Index != r.frameIdx {
		r.frameIdx, r.scanned = f.Index, 0 // Advance began a new frame
	}
	cps := f.Checkpoints
	for ; r.scanned < len(cps); r.scanned++ {
		cp := &cps[r.scanned]
		slot := -1
		for i := range r.cps {
			if r.cps[i].live && r.cps[i].tick == cp.Tick {
				slot = i
				break
			}
			if !r.cps[i].live && slot < 0 {
				slot = i
			}
		}
		if slot < 0 {
			r.cps = append(r.cps, cpState{})
			slot = len(r.cps) - 1
		}
		c := &r.cps[slot]
		c.tick, c.hash, c.live = cp.Tick, cp.Hash, true
		c.prints = append(c.prints[:0], cp.Bodies...)
	}
}

// checkConfirmed compares, in tick order, the kept checkpoint states whose
// inputs are all known with the timeline's.
func (r *Rollback) checkConfirmed() error {
	for {
		next := -1
		for i := range r.cps {
			c := &r.cps[i]
			if c.live && c.tick <= r.confirmed && (next < 0 || c.tick < r.cps[next].tick) {
				next = i
			}
		}
		if next < 0 {
			return nil
		}
		c := &r.cps[next]
		c.live = false
		if e, ok := r.tl.expectAt(c.tick); ok {
			if err := compare(c.tick, c.hash, e, c.prints); err != nil {
				return err
			}
			r.stats.CheckedHashes++
		}
	}
}
