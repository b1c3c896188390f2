package main

import (
	"fmt"

	"sandbox/engine/headless"
	"sandbox/engine/scene"
	"sandbox/engine/session"
	"sandbox/internal/safeio"
	"sandbox/internal/window"
)

// checkRecordFlags refuses -record and -replay combinations that cannot
// mean anything, before anything runs. Their files are checked with the
// run's other files (fileList in planHeadless and planWindow).
func checkRecordFlags(o *options) error {
	// "-" is standard output for the report and the trace; a recording is
	// read back later, so it must be a file (without this check a file
	// literally named "-" was written).
	for _, f := range [][2]string{{"record", o.record}, {"replay", o.replay}} {
		if f[1] == "-" {
			return usagef("-%s -: a recording is a file, give its path", f[0])
		}
	}
	if o.record != "" && o.replay != "" {
		return usagef("-record and -replay both given: replay a recording, or make one")
	}
	if o.replay != "" {
		for _, n := range []string{"scene", "ticks", "seconds", "ccd", "physics-hz", "substeps"} {
			if o.set[n] {
				return usagef("-%s with -replay: the recording holds its own scene, rate, inputs and length", n)
			}
		}
	}
	return nil
}

// loadReplay checks a recording, streaming it: every error names the file
// and the line, and is a usage error (exit 2) since nothing has run. The
// file stays open for the replay to read again as it plays (Replay.Close).
func loadReplay(path string) (*session.Replay, error) {
	f, err := safeio.OpenRegular(path, session.MaxRecordBytes)
	if err != nil {
		return nil, usagef("-replay %s:1: %v", path, err)
	}
	rp, err := session.ReadReplay(path, f)
	if err != nil {
		f.Close()
		return nil, usagef("-replay %v", err)
	}
	return rp, nil
}

// recordOutput is a -record file being written atomically (the window
// commits its own at the end of its run).
type recordOutput = window.Recording

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
	rec, err := session.NewRecorder(f, sc.File, src, ccd, rateOverride(o, sc))
	if err != nil {
		f.Abort()
		return nil, fmt.Errorf("-record %s: %v", o.record, err)
	}
	return &recordOutput{File: f, Rec: rec}, nil
}

// rateOverride is the rate a recording's header carries: sc's, when
// -physics-hz or -substeps overrode the file's; the zero Rate otherwise
// (the embedded scene's own).
func rateOverride(o *options, sc *scene.Scene) session.Rate {
	if !o.set["physics-hz"] && !o.set["substeps"] {
		return session.Rate{}
	}
	return session.SceneRate(sc)
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

// attachWindowIO opens -record, -replay and -trace for a window run,
// before the window opens: a bad file is refused (exit 2) with nothing run.
func attachWindowIO(o *options, wo *window.Options) error {
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

// replayDiffers ends a headless replay that differs from its recording
// (exit 1): the report, when asked for, is written with its replay section
// listing every body that differs, and the one-line error (which names
// only the first few) says where that list is.
func (p *headlessPlan) replayDiffers(rep *headless.Report, report *output, err error) error {
	where := "-report FILE lists every body that differs"
	if w := report.writer(); w != nil {
		if werr := rep.Write(w); werr != nil {
			return fmt.Errorf("-report %q: %w", p.report, werr)
		}
		if cerr := report.commit(); cerr != nil {
			return cerr
		}
		where = "the report lists every body that differs"
		if p.report != "-" {
			where = fmt.Sprintf("-report %s lists every body that differs", p.report)
		}
	}
	return fmt.Errorf("-replay %s: %w (%s)", p.o.replay, err, where)
}
