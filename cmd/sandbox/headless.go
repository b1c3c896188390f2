package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"sandbox/engine/headless"
	"sandbox/engine/scene"
)

func listScenes(stdout io.Writer) error {
	for _, name := range scene.BuiltinNames() {
		fmt.Fprintln(stdout, name)
	}
	return nil
}

// loadScene reads -scene and applies the flags that override the scene file.
func loadScene(o *options) (*scene.Scene, error) {
	sc, err := scene.Load(o.scene)
	if err != nil {
		return nil, usageError{err}
	}
	if o.set["ccd"] {
		sc.CCD = o.ccd
	}
	return sc, nil
}

// outputFile opens a file the run writes at the end. It is created before the
// run so that a path that cannot be written is refused before any work.
type outputFile struct {
	flag, path string
	f          *os.File
}

func openOutput(flagName, path string, stdout io.Writer) (*outputFile, io.Writer, error) {
	if path == "" {
		return nil, nil, nil
	}
	if path == "-" {
		return nil, stdout, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, nil, usagef("-%s: %v", flagName, err)
	}
	return &outputFile{flag: flagName, path: path, f: f}, f, nil
}

// finish closes the file; when the run failed it removes it, so a failed
// run leaves no half-written report behind.
func (of *outputFile) finish(failed bool) error {
	if of == nil {
		return nil
	}
	err := of.f.Close()
	if failed {
		os.Remove(of.path)
		return nil
	}
	if err != nil {
		return fmt.Errorf("-%s: %v", of.flag, err)
	}
	return nil
}

func runHeadless(o *options, stdout io.Writer) (err error) {
	sc, err := loadScene(o)
	if err != nil {
		return err
	}
	start := time.Now()
	ho := headless.Options{
		Scene: sc,
		Display: headless.DisplayDef{
			Hz: o.displayHz, Jitter: o.jitter, HitchEvery: o.hitchEvery,
			HitchSeconds: o.hitchSeconds, Seed: o.seed,
		},
		Ticks:   o.ticks,
		Seconds: o.seconds,
		Interp:  o.interp,
		Clock:   func() int64 { return int64(time.Since(start)) },
	}
	finishRecord, err := attachRecordReplay(o, &ho, stdout)
	if err != nil {
		return err
	}
	if err := ho.Validate(); err != nil {
		finishRecord(true)
		return usageError{err}
	}
	reportFile, reportW, err := openOutput("report", o.report, stdout)
	if err != nil {
		finishRecord(true)
		return err
	}
	traceFile, traceW, err := openOutput("trace", o.trace, stdout)
	if err != nil {
		reportFile.finish(true)
		finishRecord(true)
		return err
	}
	failed := true
	defer func() {
		if e := finishRecord(failed); err == nil {
			err = e
		}
		if e := traceFile.finish(failed); err == nil {
			err = e
		}
		if e := reportFile.finish(failed); err == nil {
			err = e
		}
	}()
	ho.Trace = traceW
	rep, err := headless.Run(ho)
	if err != nil {
		return fmt.Errorf("%s: run failed: %w", sc.Name, err)
	}
	if reportW != nil {
		if err := rep.Write(reportW); err != nil {
			return fmt.Errorf("-report: %w", err)
		}
	}
	failed = false
	if o.report != "-" && o.trace != "-" {
		fmt.Fprintf(stdout, "%s: %d ticks in %d frames at %g Hz, dropped %.4g s, max %d steps/frame, ccd hits %d, tunnels %d, state %s\n",
			rep.Scene, rep.Ticks, rep.Frames, rep.DisplayHz, rep.DroppedSeconds, rep.MaxStepsInAFrame, rep.CCDHits, rep.Tunnels, rep.StateHash)
	}
	return nil
}

func runWindowed(o *options) error {
	sc, err := loadScene(o)
	if err != nil {
		return err
	}
	ccd := sc.CCD
	wo := windowOptions{
		Scene: sc, DisplayHz: o.displayHz, VSync: o.vsync, CCD: ccd, Interp: o.interp,
		Frames: o.frames, Screenshot: o.screenshot, Stats: o.stats, FireAtFrame: o.fireAtFrame,
		Width: o.windowW, Height: o.windowH,
	}
	if err := attachWindowIO(o, &wo); err != nil {
		return err
	}
	return runWindow(wo)
}
