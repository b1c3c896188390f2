package main

import (
	"fmt"
	"io"

	"sandbox/engine/headless"
	"sandbox/engine/scene"
	"sandbox/engine/session"
	"sandbox/internal/safeio"
)

// checkRecordFlags refuses -record and -replay combinations that cannot
// mean anything, before anything runs.
func checkRecordFlags(o *options) error {
	if o.record != "" && o.replay != "" {
		return usagef("-record and -replay both given: replay a recording, or make one")
	}
	if o.replay != "" {
		for _, n := range []string{"scene", "ticks", "seconds", "ccd"} {
			if o.set[n] {
				return usagef("-%s with -replay: the recording holds its own scene, inputs and length", n)
			}
		}
	}
	if o.record != "" {
		if err := safeio.CheckOutput(o.record); err != nil {
			return usagef("-record %s: %v", o.record, err)
		}
	}
	files := []safeio.Named{{Flag: "-record", Path: o.record}, {Flag: "-replay", Path: o.replay},
		{Flag: "-trace", Path: o.trace}, {Flag: "-report", Path: o.report}}
	var given []safeio.Named
	for _, f := range files {
		if f.Path != "" && f.Path != "-" {
			given = append(given, f)
		}
	}
	if err := safeio.Distinct(given...); err != nil {
		return usageError{err}
	}
	return nil
}

// loadReplay reads and checks a recording: every error names the file and
// the line, and is a usage error (exit 2) since nothing has run.
func loadReplay(path string) (*session.Replay, error) {
	data, err := safeio.ReadRegular(path, session.MaxRecordBytes)
	if err != nil {
		return nil, usagef("-replay %s:1: %v", path, err)
	}
	rp, err := session.ParseReplay(path, data)
	if err != nil {
		return nil, usagef("-replay %v", err)
	}
	return rp, nil
}

// recordOutput is a -record file being written atomically.
type recordOutput struct {
	f   *safeio.File
	rec *session.Recorder
}

// openRecord starts the recording of sc (read again from o.scene for the
// bytes to embed) whose world starts with CCD ccd.
func openRecord(o *options, sc *scene.Scene, ccd bool) (*recordOutput, error) {
	if o.record == "" {
		return nil, nil
	}
	src, err := sceneSource(o, sc)
	if err != nil {
		return nil, err
	}
	f, err := safeio.Create(o.record)
	if err != nil {
		return nil, usagef("-record %s: %v", o.record, err)
	}
	rec, err := session.NewRecorder(f, sc.File, src, ccd)
	if err != nil {
		f.Abort()
		return nil, fmt.Errorf("-record %s: %v", o.record, err)
	}
	return &recordOutput{f: f, rec: rec}, nil
}

// sceneSource returns the bytes of the scene file sc was loaded from,
// checking that they still parse to the same scene name.
func sceneSource(o *options, sc *scene.Scene) ([]byte, error) {
	again, src, err := scene.LoadSource(o.scene)
	if err != nil {
		return nil, usageError{err}
	}
	if again.Name != sc.Name || len(again.Bodies) != len(sc.Bodies) || len(again.Events) != len(sc.Events) {
		return nil, fmt.Errorf("-record: the scene file %s changed while loading", o.scene)
	}
	return src, nil
}

// finish commits the recording (its end line is already written) or, when
// the run failed, discards it.
func (r *recordOutput) finish(failed bool) error {
	if r == nil {
		return nil
	}
	if failed {
		r.f.Abort()
		return nil
	}
	if err := r.f.Commit(); err != nil {
		return fmt.Errorf("-record: %v", err)
	}
	return nil
}

// attachRecordReplay adds -record or -replay to a headless run; the
// returned finish commits or discards the recording.
func attachRecordReplay(o *options, ho *headless.Options, stdout io.Writer) (func(failed bool) error, error) {
	none := func(bool) error { return nil }
	if o.replay != "" {
		rp, err := loadReplay(o.replay)
		if err != nil {
			return none, err
		}
		ho.Scene, ho.Ticks, ho.Replay = rp.Scene, rp.EndTick(), rp
		return func(failed bool) error {
			if !failed && o.report != "-" && o.trace != "-" {
				fmt.Fprintf(stdout, "replay %s: %d checkpoint hashes and the end state at tick %d equal to the recording\n",
					o.replay, rp.Checked(), rp.EndTick())
			}
			return nil
		}, nil
	}
	if o.record == "" {
		return none, nil
	}
	out, err := openRecord(o, ho.Scene, ho.Scene.CCD)
	if err != nil {
		return none, err
	}
	ho.Record = out.rec
	return out.finish, nil
}

// attachWindowIO opens -record, -replay and -trace for a window run,
// before the window opens: a bad file is refused (exit 2) with nothing run.
func attachWindowIO(o *options, wo *windowOptions) error {
	if o.replay != "" {
		rp, err := loadReplay(o.replay)
		if err != nil {
			return err
		}
		wo.Scene, wo.Replay, wo.CCD = rp.Scene, rp, rp.CCD
	}
	if o.trace != "" {
		if o.trace == "-" {
			return usagef("-trace -: a window run writes its trace to a file")
		}
		f, err := safeio.Create(o.trace)
		if err != nil {
			return usagef("-trace %s: %v", o.trace, err)
		}
		wo.Trace = f
	}
	rec, err := openRecord(o, wo.Scene, wo.CCD)
	if err != nil {
		if wo.Trace != nil {
			wo.Trace.Abort()
		}
		return err
	}
	wo.Record = rec
	return nil
}
