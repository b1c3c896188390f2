package scene

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"sandbox/engine/physics"
)

// manyBodies is a scene with n small bodies (and a ground), n*45 bytes.
func manyBodies(n int, events string) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"name":"b%d","center":[0,%d,0],"half":[1,1,1]}`, i, 2*i+1)
	}
	return doc("", ground, b.String(), events)
}

// TestBodyLimit: a scene with more than MaxBodies bodies, or with bodies and
// fired projectiles together past it, is refused at load, naming the field
// and the limit. (One parse of 100,001 bodies; the at-limit load is the
// same work and runs with SANDBOX_HEAVY_TESTS=1.)
func TestBodyLimit(t *testing.T) {
	_, err := Parse("many.json", []byte(manyBodies(MaxBodies+1, "")))
	if err == nil || !strings.Contains(err.Error(), "many.json: bodies: ") || !strings.Contains(err.Error(), fmt.Sprint(MaxBodies)) {
		t.Fatalf("%d bodies: %v; want a refusal naming bodies and the limit", MaxBodies+1, err)
	}
	if os.Getenv("SANDBOX_HEAVY_TESTS") == "" {
		return
	}
	if _, err := Parse("many.json", []byte(manyBodies(MaxBodies, ""))); err != nil {
		t.Fatalf("%d bodies refused: %v", MaxBodies, err)
	}
	// Projectiles count: MaxBodies bodies and one fire event are one too many.
	_, err = Parse("many.json", []byte(manyBodies(MaxBodies, shot)))
	if err == nil || !strings.Contains(err.Error(), "projectiles") {
		t.Fatalf("%d bodies and a fire event: %v; want a refusal", MaxBodies, err)
	}
}

// TestBodyTotalCountsProjectiles is the light version of the heavy case
// above: the check itself, on a scene of MaxBodies bodies and one fire event.
func TestBodyTotalCountsProjectiles(t *testing.T) {
	check := func(s *Scene) (err error) {
		defer func() {
			if r := recover(); r != nil {
				err = r.(*Error)
			}
		}()
		(&decoder{file: "shots.json"}).checkBodyTotal(s)
		return nil
	}
	s := &Scene{Bodies: make([]physics.BodyDef, MaxBodies-1), Events: []Event{{Kind: EventTeleport}, {Kind: EventFire}}}
	if err := check(s); err != nil {
		t.Fatalf("at the limit: %v", err)
	}
	s.Events = append(s.Events, Event{Kind: EventFire})
	if err := check(s); err == nil || !strings.Contains(err.Error(), "100001 bodies and fired projectiles") {
		t.Fatalf("one past the limit: %v", err)
	}
}

// TestJSONValueAndKeyLimits: the reader stops a file of millions of tiny
// values, and an object of thousands of keys, before building the tree
// (the limit is lowered here; at 4,000,000 values the refusal took 3.6 s
// and 670 MB, against 38 s and 5.5 GB for the 64 MiB file without it).
func TestJSONValueAndKeyLimits(t *testing.T) {
	defer func(n int) { maxValues = n }(maxValues)
	maxValues = 1000
	zeros := strings.Repeat("0,", 2000)
	_, err := Parse("zeros.json", []byte(`{"statics": [`+zeros+`0], "bodies": []}`))
	if err == nil || !strings.Contains(err.Error(), "more than 1000 JSON values") {
		t.Fatalf("2001 values: %v", err)
	}
	var keys strings.Builder
	for i := 0; i < 100; i++ {
		fmt.Fprintf(&keys, `"k%d": 0, `, i)
	}
	_, err = Parse("keys.json", []byte(`{`+keys.String()+`"statics": [], "bodies": []}`))
	if err == nil || !strings.Contains(err.Error(), "more than 64 keys") {
		t.Fatalf("102 keys: %v", err)
	}
}

// TestTickBeyond2To53Refused: ticks are read exactly, not through float64,
// which would take 2^53 + 1 for 2^53 and 1.0000000000000000001 for 1.
func TestTickBeyond2To53Refused(t *testing.T) {
	event := func(tick string) string {
		return `{"tick": ` + tick + `, "teleport": {"body": "box", "center": [0, 2, 0]}}`
	}
	for _, tick := range []string{"9007199254740993", "9007199254740994", "18446744073709551616", "1e16",
		"1.0000000000000000001", "2251799813685248.25", "30.5", "-1", "1e-99999999", "1e99999999"} {
		_, err := Parse(badFile, []byte(doc("", ground, box, event(tick))))
		if err == nil || !strings.Contains(err.Error(), "events[0].tick: "+tick+": must be a whole number in 0..9007199254740992") {
			t.Errorf("tick %s: %v; want it refused", tick, err)
		}
	}
	for tick, want := range map[string]uint64{"9007199254740992": 1 << 53, "30": 30, "3e1": 30, "30.0": 30, "0": 0, "9.007199254740992e15": 1 << 53} {
		s, err := Parse(badFile, []byte(doc("", ground, box, event(tick))))
		if err != nil || s.Events[0].Tick != want {
			t.Errorf("tick %s: %v; want tick %d", tick, err, want)
		}
	}
}

// TestLoadRefusesNonRegularAndHugeFiles: a FIFO (or a device) as a scene
// would block for ever or read until memory runs out; a file over
// MaxFileBytes is refused without being read.
func TestLoadRefusesNonRegularAndHugeFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "scene.fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	paths := map[string]string{fifo: "FIFO", dir: "directory"}
	if os.Geteuid() == 0 {
		// A zero device of the test's own (the numbers of /dev/zero), never a system path.
		zero := filepath.Join(dir, "zero")
		if err := syscall.Mknod(zero, syscall.S_IFCHR|0o644, 1<<8|5); err != nil {
			t.Fatal(err)
		}
		paths[zero] = "device"
	} else {
		t.Log("not root: the device case is skipped")
	}
	huge := filepath.Join(dir, "huge.json")
	f, err := os.Create(huge)
	if err != nil {
		t.Fatal(err)
	}
	// Sparse: MaxFileBytes + 1 of nothing on disk.
	if err := f.Truncate(MaxFileBytes + 1); err != nil {
		t.Fatal(err)
	}
	f.Close()
	paths[huge] = fmt.Sprintf("limit of %d", MaxFileBytes)
	for path, want := range paths {
		done := make(chan error, 1)
		go func() { _, err := Load(path); done <- err }()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), want) || !strings.HasPrefix(err.Error(), path+": ") {
				t.Errorf("Load(%s) = %v; want a refusal naming the file and %q", path, err, want)
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("Load(%s) did not return: it blocks on a %s", path, want)
		}
	}
}

// TestFileNamesWithControlCharactersEscaped: ESC and BEL in a file name
// reach the terminal escaped, never raw.
func TestFileNamesWithControlCharactersEscaped(t *testing.T) {
	name := filepath.Join(t.TempDir(), "evil\x1b[2J\a.json")
	for _, write := range []bool{false, true} {
		if write {
			if err := os.WriteFile(name, []byte("{"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		_, err := Load(name)
		if err == nil || strings.ContainsAny(err.Error(), "\x1b\a") || !strings.Contains(err.Error(), `evil\x1b[2J\a.json`) {
			t.Fatalf("Load of a name with ESC and BEL (file exists: %v): %q", write, err)
		}
	}
}
