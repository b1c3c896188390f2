package main

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"sandbox/engine/frametrace"
	"sandbox/engine/scene"
)

// The README's Scenes section lists the built-in scenes in the order keys
// 1-9 load them (the browser's order, scene.BuiltinNames), numbered by
// their key, and links the scene format, which lives in the project.
func TestREADMEScenesInKeyOrder(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(data), "\n## Scenes\n")
	if !ok {
		t.Fatal("README.md has no '## Scenes' section")
	}
	if end := strings.Index(section, "\n## "); end >= 0 {
		section = section[:end]
	}
	var got []string
	for _, m := range regexp.MustCompile("(?m)^([0-9]+)\\. `([a-z0-9-]+)`").FindAllStringSubmatch(section, -1) {
		if want := strconv.Itoa(len(got) + 1); m[1] != want {
			t.Errorf("scene %s is numbered %s, want %s", m[2], m[1], want)
		}
		got = append(got, m[2])
	}
	if want := scene.BuiltinNames(); !slices.Equal(got, want) {
		t.Errorf("README's Scenes list %v, want the key order %v", got, want)
	}
	if !strings.Contains(section, "(docs/scenes.md)") {
		t.Error("the Scenes section does not link docs/scenes.md")
	}
	if _, err := os.Stat("../../docs/scenes.md"); err != nil {
		t.Error(err)
	}
	if strings.Contains(string(data), "shared/DESIGN.md") {
		t.Error("README.md points at ../shared/DESIGN.md, which a clone does not have")
	}
}

// The figures the docs quote beside frames-stall.png are what the command
// under the picture gives: the stall trace's spiral margin, and the margin
// of exact 60 Hz frames on 60 Hz physics.
func TestDocsFramesFiguresCurrent(t *testing.T) {
	data, err := os.ReadFile("../../docs/frames.md")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := scene.Load("drop")
	if err != nil {
		t.Fatal(err)
	}
	cfg := sc.LoopConfig()
	stall, err := frametrace.Synthetic("stall", frametrace.SyntheticDef{Seconds: 4, Jitter: 0.1, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	steady := make([]float64, 240)
	for i := range steady {
		steady[i] = 1.0 / 60
	}
	for _, c := range []struct {
		what  string
		trace []float64
		quote string
	}{
		{"the stall trace's margin", stall, "the %.2f ms margin of this trace"},
		{"60 Hz frames' margin", steady, "defaults that is %.2f ms"},
	} {
		want := fmt.Sprintf(c.quote, 1000*frametrace.Margin(c.trace, cfg))
		if !strings.Contains(strings.Join(strings.Fields(string(data)), " "), want) {
			t.Errorf("docs/frames.md does not say %q (%s, as the command gives it now)", want, c.what)
		}
	}
}
