package session

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/physics"
	"sandbox/engine/scene"
)

// duelFile is the recorded two-player session the README's rollback
// example plays.
const duelFile = "../../examples/duel.jsonl"

var updateDuel = flag.Bool("update-duel", false, "write "+duelFile+" from duelTimeline")

// duelTimeline is two players on the range for 8 s: player 1 shoots at the
// tower and the pyramid, player 2 drags crates about and shoots too.
func duelTimeline(t testing.TB) (*Timeline, []byte) {
	t.Helper()
	sc, src, err := scene.LoadSource("range")
	if err != nil {
		t.Fatal(err)
	}
	tl := &Timeline{File: sc.File, Scene: sc, CCD: sc.CCD, Ticks: 480}
	shot := func(tick uint64, player int, name string, from, vel mgl64.Vec3) {
		d := physics.DefaultBodyDef()
		d.Name, d.Center, d.Velocity, d.Half, d.Mass = name, from, vel, mgl64.Vec3{0.1, 0.1, 0.1}, 0.5
		tl.Inputs = append(tl.Inputs, PlayerInput{Tick: tick, Player: player, Input: physics.Input{Kind: physics.InputFire, Fire: d}})
	}
	drag := func(from, to uint64, body int, start, step mgl64.Vec3) {
		for k := from; k < to; k++ {
			target := start.Add(step.Mul(float64(k - from)))
			tl.Inputs = append(tl.Inputs, PlayerInput{Tick: k, Player: 2, Input: physics.Input{
				Kind: physics.InputDrag, Body: bodyIndexID(body), Target: target}})
		}
	}
	for i := 0; i < 9; i++ { // player 1: the tower (x 10, z -15), then the pyramid
		tick := uint64(20 + 50*i)
		to := mgl64.Vec3{10, 1 + float64(i%5), -15}
		if i >= 5 {
			to = mgl64.Vec3{16, 1, 0}
		}
		from := mgl64.Vec3{-2, 1.5, -4}
		shot(tick, 1, "p1-shot-"+string(rune('a'+i)), from, to.Sub(from).Normalize().Mul(40))
	}
	drag(60, 130, 0, mgl64.Vec3{4, 2, -14}, mgl64.Vec3{0.06, 0.01, 0.05})    // crate-1 up and over
	drag(230, 300, 2, mgl64.Vec3{3, 1.5, 12}, mgl64.Vec3{0.05, 0, -0.08})    // crate-3 across the lane
	shot(150, 2, "p2-shot-a", mgl64.Vec3{-2, 1, 4}, mgl64.Vec3{45, 0, -1})   // into the pyramid
	shot(330, 2, "p2-shot-b", mgl64.Vec3{-2, 2, -12}, mgl64.Vec3{30, 0, -7}) // the tower's side
	shot(400, 2, "p2-shot-c", mgl64.Vec3{0, 0.6, -13}, mgl64.Vec3{25, 0, -0.5})
	sortInputs(tl.Inputs)
	return tl, src
}

// sortInputs orders inputs by tick, stably.
func sortInputs(in []PlayerInput) {
	for i := 1; i < len(in); i++ {
		for j := i; j > 0 && in[j].Tick < in[j-1].Tick; j-- {
			in[j], in[j-1] = in[j-1], in[j]
		}
	}
}

// writeDuel records tl played with every input on time, each input line
// carrying its player.
func writeDuel(t testing.TB, tl *Timeline, src []byte) []byte {
	t.Helper()
	r, err := NewRollback(tl, Network{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var raw bytes.Buffer
	rec, err := NewRecorder(&raw, tl.Scene.File, src, tl.CCD, Rate{})
	if err != nil {
		t.Fatal(err)
	}
	for !r.Done() {
		if err := r.Tick(); err != nil {
			t.Fatal(err)
		}
		rec.Frame(r.Session().Last())
	}
	if err := rec.End(r.Session().World()); err != nil {
		t.Fatal(err)
	}
	// The recorder writes the inputs in the order they applied, which is
	// the timeline's: give each its player.
	var out bytes.Buffer
	sc := bufio.NewScanner(&raw)
	sc.Buffer(nil, MaxRecordLineBytes)
	k := 0
	for n := 0; sc.Scan(); n++ {
		line := sc.Bytes()
		var l recLine
		if n > 0 && json.Unmarshal(line, &l) == nil && l.T == "input" {
			if k >= len(tl.Inputs) || tl.Inputs[k].Tick != l.Tick {
				t.Fatalf("input line %d (tick %d) does not match the timeline's input %d", n+1, l.Tick, k)
			}
			if p := tl.Inputs[k].Player; p != LocalPlayer {
				l.Player = p
				if line, err = json.Marshal(l); err != nil {
					t.Fatal(err)
				}
			}
			k++
		}
		out.Write(line)
		out.WriteByte('\n')
	}
	if k != len(tl.Inputs) {
		t.Fatalf("%d input lines for %d inputs", k, len(tl.Inputs))
	}
	return out.Bytes()
}

// TestDuelRecording: the shipped two-player recording is what duelTimeline
// records today, replays as any recording does, and played over a delay of
// 8 ticks with jitter it rolls back and ends with the recording's hash.
func TestDuelRecording(t *testing.T) {
	tl, src := duelTimeline(t)
	want := writeDuel(t, tl, src)
	if *updateDuel {
		if err := os.WriteFile(duelFile, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(duelFile)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s differs from what duelTimeline records (go test ./engine/session -run TestDuelRecording -update-duel writes it)", duelFile)
	}
	rp, err := ParseReplay(duelFile, got)
	if err != nil {
		t.Fatal(err)
	}
	replayWhole(t, rp)
	rtl, err := RecordingTimeline(rp, false)
	if err != nil {
		t.Fatal(err)
	}
	if p := rtl.Players(); p[1] == 0 || p[2] == 0 {
		t.Fatalf("players' inputs %v: want both players", p)
	}
	st := playRollback(t, rtl, Network{Delay: 8, Jitter: 3, Seed: 1})
	if st.Rollbacks == 0 || st.StateHash != rtl.EndHash() || st.CheckedHashes != 8 {
		t.Fatalf("%d rollbacks, hash %016x (recorded %016x), %d hashes checked: want rollbacks, the recorded hash and 8 checks",
			st.Rollbacks, st.StateHash, rtl.EndHash(), st.CheckedHashes)
	}
}

// replayWhole replays rp as -replay does and checks it to its end.
func replayWhole(t *testing.T, rp *Replay) {
	t.Helper()
	s, err := New(Options{Scene: rp.Scene})
	if err != nil {
		t.Fatal(err)
	}
	if err := rp.Start(s); err != nil {
		t.Fatal(err)
	}
	for !rp.Done(s) {
		f, err := s.Advance(1.0 / 60)
		if err == nil {
			err = rp.Check(s, f)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := rp.Finish(s); err != nil {
		t.Fatal(err)
	}
}
