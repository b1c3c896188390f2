package main

import (
	"sandbox/engine/frametrace"
	"sandbox/internal/safeio"
)

// readTraceFile reads the frame seconds of a -trace file (the headless or
// the window's), for `frames -trace` and the window's -frames-from: a
// regular file of at most maxTraceBytes, read as a stream (only the frame
// seconds are kept, 8 bytes a frame), every line checked. Errors are usage
// errors naming the flag, the file and the line.
func readTraceFile(flag, path string) ([]float64, error) {
	f, err := safeio.OpenStream(path, maxTraceBytes)
	if err != nil {
		return nil, usagef("%s %q: %v", flag, path, err)
	}
	defer f.Close()
	frames, err := frametrace.Read(f)
	if err != nil {
		return nil, usagef("%s %q: %v", flag, path, err)
	}
	return frames, nil
}

// readTraceSwaps is readTraceFile that also keeps a window trace's swap
// times (none for a trace without them), for `frames -trace`.
func readTraceSwaps(flag, path string) ([]float64, []frametrace.Swap, error) {
	f, err := safeio.OpenStream(path, maxTraceBytes)
	if err != nil {
		return nil, nil, usagef("%s %q: %v", flag, path, err)
	}
	defer f.Close()
	frames, swaps, err := frametrace.ReadWithSwaps(f)
	if err != nil {
		return nil, nil, usagef("%s %q: %v", flag, path, err)
	}
	return frames, swaps, nil
}
