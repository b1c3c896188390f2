package allocprof

import (
	"strings"
	"testing"
)

var sink []byte

//go:noinline
func allocate(n int) {
	for i := 0; i < n; i++ {
		sink = make([]byte, 64+i)
	}
}

func TestMeasureCreditsTheAllocatingFunction(t *testing.T) {
	// allocate lives in a _test.go file: credited to the test.
	r, err := Measure(10, func() error { allocate(3); return nil }, "sandbox/")
	if err != nil {
		t.Fatal(err)
	}
	if got := r.PerRun(Test); got != 3 {
		t.Fatalf("%v allocations per run credited to the test, want 3 (%v)", got, r.Sites(5, ""))
	}
	if s := r.Sites(1, Test); len(s) != 1 || !strings.Contains(s[0], "allocate") {
		t.Fatalf("busiest site %v, want allocate", s)
	}
	if r.ByOwner[Other] != 0 || r.ByOwner[Ours] != 0 {
		t.Fatalf("the measurement's own bookkeeping was credited to others: %v", r.Sites(5, ""))
	}
	// strings.Repeat is a non-test function: credited to Ours by prefix.
	r, err = Measure(10, func() error { sink = []byte(strings.Repeat("ab", 40)); return nil }, "strings.")
	if err != nil {
		t.Fatal(err)
	}
	if r.PerRun(Ours) < 1 {
		t.Fatalf("strings.Repeat not credited to ours: %v", r.Sites(5, ""))
	}
	r, err = Measure(10, func() error { return nil }, "sandbox/")
	if err != nil {
		t.Fatal(err)
	}
	if r.ByOwner[Ours] != 0 {
		t.Fatalf("an empty run allocated %d objects of ours", r.ByOwner[Ours])
	}
}
