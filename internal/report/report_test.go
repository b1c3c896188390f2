package report

import (
	"fmt"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"testing"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"sandbox/internal/outdir"
)

func TestTable(t *testing.T) {
	tb := Table{Header: []string{"name", "n"}, Right: []int{1}}
	tb.Add("a|b", "3")
	want := "| name | n |\n| --- | ---: |\n| a\\|b | 3 |\n"
	if got := tb.String(); got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
}

func openDir(t *testing.T, dir string) *outdir.Dir {
	t.Helper()
	d, err := outdir.Open(dir, "test", true)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Abandon("test over") })
	return d
}

func TestWriteJSONAndCSV(t *testing.T) {
	dir := t.TempDir()
	d := openDir(t, dir)
	v := struct {
		B float64 `json:"b"`
		A []int   `json:"a"`
	}{0.1, []int{1, 2}}
	if err := WriteJSON(d, "r.json", v); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(filepath.Join(dir, "r.json"))
	if string(got) != "{\n  \"b\": 0.1,\n  \"a\": [\n    1,\n    2\n  ]\n}\n" {
		t.Fatalf("%q", got)
	}
	if err := WriteCSV(d, "r.csv", []string{"x", "name"}, [][]string{{"1", "a,b"}}); err != nil {
		t.Fatal(err)
	}
	got, _ = os.ReadFile(filepath.Join(dir, "r.csv"))
	if string(got) != "x,name\n1,\"a,b\"\n" {
		t.Fatalf("%q", got)
	}
	s, err := CreateCSV(d, "rows.csv", []string{"i", "sq"})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		s.Row(func(rec []string) []string { return append(rec, fmt.Sprint(i), fmt.Sprint(i*i)) })
	}
	if err := s.Commit(); err != nil {
		t.Fatal(err)
	}
	if got, _ = os.ReadFile(filepath.Join(dir, "rows.csv")); string(got) != "i,sq\n0,0\n1,1\n2,4\n" {
		t.Fatalf("%q", got)
	}
	if err := WriteJSON(d, "missing/r.json", v); err == nil {
		t.Fatal("a name with a folder was accepted")
	}
}

func pngSize(t *testing.T, path string) (int, int) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	b := img.Bounds()
	return b.Dx(), b.Dy()
}

// TestPlotsArePNGs draws a heat map with a missing cell, a line plot and a
// stack: each must decode as a PNG of the asked size at DPI.
func TestPlotsArePNGs(t *testing.T) {
	dir := t.TempDir()
	d := openDir(t, dir)
	hm := HeatMap{Title: "t", XTicks: []string{"1", "2"}, YTicks: []string{"a"},
		Values: [][]float64{{0.25, math.NaN()}}, Min: 0, Max: 1, Percent: true,
		Label: func(v float64) string { return "x" }}
	p := NewPlot("lines", "x", "y")
	if err := AddLines(p, Series{Name: "s", XYs: plotter.XYs{{X: 1, Y: 1}, {X: 2, Y: 3}}, Points: true, Dashed: true}); err != nil {
		t.Fatal(err)
	}
	q := NewPlot("", "x", "y")
	AddLines(q, Series{XYs: plotter.XYs{{X: 1, Y: 2}, {X: 2, Y: 1}}})
	for name, fig := range map[string]Figure{"h.png": hm.Figure(), "l.png": Single(p), "s.png": Stack(p, q)} {
		path := filepath.Join(dir, name)
		if err := SavePNG(d, name, vg.Points(300), vg.Points(150), fig); err != nil {
			t.Fatal(err)
		}
		if w, h := pngSize(t, path); w != 300*DPI/72 || h != 150*DPI/72 {
			t.Errorf("%s: %dx%d, want %dx%d", name, w, h, 300*DPI/72, 150*DPI/72)
		}
	}
}
