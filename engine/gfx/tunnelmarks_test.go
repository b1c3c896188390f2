package gfx

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"sandbox/engine/ccd"
	"sandbox/engine/physics"
)

// A 1 mm wall at x = 20 crossed in one step by a shot along +x: the mark's
// entry is on the wall's near face, its exit on the far face, both on the
// path, with the faces' outward normals; a path that began inside gets its
// entry on the face opposite its exit.
func TestTunnelCrossingOnTheFaces(t *testing.T) {
	wall := ccd.AABB{Min: mgl64.Vec3{20, 0, -9.75}, Max: mgl64.Vec3{20.001, 8, -5.25}}
	from, to := mgl64.Vec3{0, 4, -7.5}, mgl64.Vec3{50, 4.5, -7.5}
	m, ok := TunnelCrossing(from, to, wall)
	if !ok {
		t.Fatal("a path through the wall does not cross it")
	}
	wantIn := mgl64.Vec3{20, 4 + 0.5*20/50, -7.5}
	wantOut := mgl64.Vec3{20.001, 4 + 0.5*20.001/50, -7.5}
	if !m.Entry.ApproxEqualThreshold(wantIn, 1e-9) || !m.Exit.ApproxEqualThreshold(wantOut, 1e-9) {
		t.Errorf("entry %v exit %v, want %v and %v", m.Entry, m.Exit, wantIn, wantOut)
	}
	if m.EntryNormal != (mgl64.Vec3{-1, 0, 0}) || m.ExitNormal != (mgl64.Vec3{1, 0, 0}) {
		t.Errorf("normals %v %v, want -x and +x", m.EntryNormal, m.ExitNormal)
	}
	if m.From != from || m.To != to {
		t.Errorf("segment %v -> %v, want %v -> %v", m.From, m.To, from, to)
	}

	// Pushed through slowly: began the step inside.
	m, ok = TunnelCrossing(mgl64.Vec3{20.0005, 1, -7}, mgl64.Vec3{20.01, 1, -7}, wall)
	if !ok || m.Entry[0] != 20 || m.Exit[0] != 20.001 {
		t.Errorf("from inside: %v %+v, want entry on x = 20 and exit on x = 20.001", ok, m)
	}
	if _, ok := TunnelCrossing(mgl64.Vec3{0, 1, 0}, mgl64.Vec3{10, 1, 0}, wall); ok {
		t.Error("a path short of the wall crosses it")
	}
}

// Tunnel marks draw in red for Seconds of simulation time, then expire;
// the view records one per tunnel event and draws them with the hit markers.
func TestTunnelMarksDrawAndExpire(t *testing.T) {
	v := NewWorldView(0)
	wall := ccd.AABB{Min: mgl64.Vec3{20, 0, -1}, Max: mgl64.Vec3{20.01, 8, 1}}
	for i := 0; i < 3; i++ {
		e := physics.TunnelEvent{From: mgl64.Vec3{10, float64(1 + i), 0}, To: mgl64.Vec3{30, float64(1 + i), 0}}
		v.AddTunnel(e, wall, 1)
	}
	if v.Tunnels.Len() != 3 {
		t.Fatalf("%d marks after 3 tunnels", v.Tunnels.Len())
	}
	var l LineBatch
	v.Tunnels.Draw(&l, 1)
	perMark := l.Len() / 3
	if perMark < 4 || l.Len() != 3*perMark {
		t.Fatalf("%d segments for 3 marks", l.Len())
	}
	vs := l.Vertices()
	if vs[3] != TunnelMarkColor[0] || vs[4] != TunnelMarkColor[1] || vs[5] != TunnelMarkColor[2] {
		t.Errorf("a fresh mark is drawn in %v, want %v", vs[3:6], TunnelMarkColor)
	}
	l.Reset()
	v.Tunnels.Draw(&l, 1+v.Tunnels.Seconds+0.01)
	if l.Len() != 0 || v.Tunnels.Len() != 0 {
		t.Errorf("%d segments, %d marks after they expired", l.Len(), v.Tunnels.Len())
	}
	v.Reset()
}
