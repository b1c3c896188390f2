package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestKeepPartial: a cut-short output is kept beside its target under a
// name of its own, never over the target nor an earlier partial one, and
// an output with nothing written leaves nothing behind.
func TestKeepPartial(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "t.jsonl")
	writeFile(t, target, "good\n")

	empty, err := createOutput("-trace", target, nil)
	if err != nil {
		t.Fatal(err)
	}
	if name, err := empty.keepPartial(); name != "" || err != nil {
		t.Fatalf("nothing written: kept %q, %v", name, err)
	}
	for _, want := range []string{"t.jsonl.partial", "t.jsonl.2.partial"} {
		o, err := createOutput("-trace", target, nil)
		if err != nil {
			t.Fatal(err)
		}
		o.writer().Write([]byte(want + "\n"))
		name, err := o.keepPartial()
		if err != nil || name != filepath.Join(dir, want) {
			t.Fatalf("kept %q, %v; want %s", name, err, want)
		}
		wantContent(t, name, want+"\n")
	}
	wantContent(t, target, "good\n")
	wantContent(t, filepath.Join(dir, "t.jsonl.partial"), "t.jsonl.partial\n")
	entries, _ := os.ReadDir(dir)
	if len(entries) != 3 {
		t.Fatalf("%d files, want the target and two partial traces", len(entries))
	}
}

// TestFileListStdoutOnce: only one output may be standard output.
func TestFileListStdoutOnce(t *testing.T) {
	var l fileList
	l.output("-report", "-")
	l.output("-trace", "")
	if err := l.check(); err != nil {
		t.Fatal(err)
	}
	l.output("-record", "-")
	if err := l.check(); err == nil || !strings.Contains(err.Error(), "-report - and -record -") {
		t.Fatalf("two outputs on stdout: %v", err)
	}
}
