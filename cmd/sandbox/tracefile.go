package main

import (
	"io"

	"sandbox/engine/frametrace"
	"sandbox/internal/safeio"
)

// readTraceFile reads the frame seconds of a -trace file (the headless or
// the window's), for `frames -trace` and the window's -frames-from: a
// regular file of at most maxTraceBytes, read as a stream (only the frame
// seconds are kept, 8 bytes a frame), every line checked. Errors are usage
// errors naming the flag, the file and the line.
func readTraceFile(flag, path string) ([]float64, error) {
	var frames []float64
	err := readTraceStream(flag, path, func(r io.Reader) (err error) {
		frames, err = frametrace.Read(r)
		return err
	})
	return frames, err
}

// readTraceSwaps is readTraceFile that also keeps a window trace's swap
// times (none for a trace without them), for `frames -trace`.
func readTraceSwaps(flag, path string) ([]float64, []frametrace.Swap, error) {
	var frames []float64
	var swaps []frametrace.Swap
	err := readTraceStream(flag, path, func(r io.Reader) (err error) {
		frames, swaps, err = frametrace.ReadWithSwaps(r)
		return err
	})
	return frames, swaps, err
}

// readTraceStream opens path as a stream for read; its errors become usage
// errors naming the flag and the file.
func readTraceStream(flag, path string, read func(io.Reader) error) error {
	f, err := safeio.OpenStream(path, maxTraceBytes)
	if err != nil {
		return usagef("%s %q: %v", flag, path, err)
	}
	defer f.Close()
	if err := read(f); err != nil {
		return usagef("%s %q: %v", flag, path, err)
	}
	return nil
}
