package main

import (
	"fmt"
	"io"
	"os"

	"sandbox/engine/scene"
	"sandbox/internal/safeio"
)

// fileList is every file one run reads and writes, each named by its flag.
// A run (the window, -headless, each subcommand) lists its files and calls
// check before anything runs, so that a path that must not or cannot be
// written, or two flags naming one file, cost nothing but one line and exit
// status 2. Adding a flag that names a file is one line: l.output("-record",
// path) or l.input("-replay", path).
type fileList struct {
	inputs, outputs []safeio.Named
}

// input lists a file the run reads ("" is skipped).
func (l *fileList) input(flag, path string) {
	l.inputs = append(l.inputs, safeio.Named{Flag: flag, Path: path})
}

// scene lists -scene as an input unless it names a built-in scene.
func (l *fileList) scene(flag, nameOrPath string) {
	if !scene.IsBuiltin(nameOrPath) {
		l.input(flag, nameOrPath)
	}
}

// output lists a file the run writes ("" is skipped, "-" is stdout).
func (l *fileList) output(flag, path string) {
	l.outputs = append(l.outputs, safeio.Named{Flag: flag, Path: path})
}

// check refuses, as a usage error naming the flag and the quoted path: an
// output that is a directory, device, FIFO or socket, or whose folder is
// missing or not writable; two outputs on stdout; and any two listed files,
// outputs or inputs, that are one file (by path, symbolic link or hard link).
// Inputs themselves are checked where they are read (scene.Load).
func (l *fileList) check() error {
	var stdout *safeio.Named
	for i, o := range l.outputs {
		if o.Path == safeio.Stdout {
			if stdout != nil {
				return usagef("%s - and %s - both write to standard output: give one of them a file", stdout.Flag, o.Flag)
			}
			stdout = &l.outputs[i]
		}
		if err := safeio.CheckOutput(o.Path); err != nil {
			return usagef("%s %q: %v", o.Flag, o.Path, err)
		}
	}
	if err := safeio.Distinct(append(append([]safeio.Named(nil), l.outputs...), l.inputs...)...); err != nil {
		return usagef("%v: refusing to overwrite one with the other", err)
	}
	return nil
}

// output is one output being written: standard output, or a safeio.File
// that becomes the target only on commit.
type output struct {
	flag, path string
	file       *safeio.File // nil for stdout
	w          io.Writer
	written    int64 // bytes so far
}

// createOutput starts writing the output path names; "" gives nil (no
// output) and "-" standard output.
func createOutput(flag, path string, stdout io.Writer) (*output, error) {
	switch path {
	case "":
		return nil, nil
	case safeio.Stdout:
		return &output{flag: flag, path: path, w: stdout}, nil
	}
	f, err := safeio.Create(path)
	if err != nil {
		return nil, usagef("%s %q: %v", flag, path, err)
	}
	return &output{flag: flag, path: path, file: f, w: f}, nil
}

// writer is where the output's bytes go; nil for no output.
func (o *output) writer() io.Writer {
	if o == nil {
		return nil
	}
	return o
}

// Write writes to the output and counts the bytes.
func (o *output) Write(p []byte) (int, error) {
	n, err := o.w.Write(p)
	o.written += int64(n)
	return n, err
}

// commit makes a finished output its target.
func (o *output) commit() error {
	if o == nil || o.file == nil {
		return nil
	}
	if err := o.file.Commit(); err != nil {
		return fmt.Errorf("%s %q: %v", o.flag, o.path, err)
	}
	return nil
}

// abort drops an unfinished output: its temporary file goes, its target
// is never touched. Safe after commit and on nil.
func (o *output) abort() {
	if o != nil && o.file != nil {
		o.file.Abort()
	}
}

// keepPartial commits an output cut short (a trace whose run was
// interrupted) as TARGET.partial, or TARGET.N.partial when that exists, so
// that it never replaces the good file, nor an earlier partial one. It
// returns the name used; with nothing written it keeps nothing.
func (o *output) keepPartial() (string, error) {
	if o == nil || o.file == nil {
		return "", nil
	}
	if o.written == 0 {
		o.file.Abort()
		return "", nil
	}
	target := o.file.Target()
	for n := 1; n <= 100; n++ {
		name := target + ".partial"
		if n > 1 {
			name = fmt.Sprintf("%s.%d.partial", target, n)
		}
		if _, err := os.Lstat(name); err == nil {
			continue
		}
		if err := o.file.CommitAs(name); err != nil {
			return "", fmt.Errorf("%s %q: %v", o.flag, name, err)
		}
		return name, nil
	}
	o.file.Abort()
	return "", fmt.Errorf("%s: %s.partial to %s.100.partial all exist: the partial output was not kept", o.flag, target, target)
}
