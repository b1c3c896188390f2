package sweep

import (
	"fmt"
	"strconv"

	"sandbox/internal/outdir"
	"sandbox/internal/report"
)

// Files a sweep writes into its folder (besides one heat map per physics
// rate and CCD setting, HeatMapFile).
const (
	MarkdownFile   = "sweep.md"
	JSONFile       = "sweep.json"
	CSVFile        = "sweep.csv"
	RateVsSpeedPNG = "tunnel-rate-vs-speed.png"
)

// HeatMapFile names the heat map of one physics rate and CCD setting.
func HeatMapFile(hz float64, ccd bool) string {
	return fmt.Sprintf("heatmap-%ghz-ccd-%s.png", hz, onOff(ccd))
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

// OutputNames lists every file a sweep of g writes (Write), so that each
// path can be checked before the sweep runs.
func OutputNames(g *Grid) []string {
	names := []string{CSVFile, RateVsSpeedPNG, MarkdownFile, JSONFile}
	for _, hz := range g.Hz {
		for _, ccd := range g.CCD {
			names = append(names, HeatMapFile(hz, ccd))
		}
	}
	return names
}

// Write writes every output of r into d: the CSV, the plots, the Markdown
// table, and sweep.json last, so that a sweep.json is never beside the
// files of another run. Each file is written atomically.
func Write(d *outdir.Dir, r *Result) error {
	if err := report.WriteCSV(d, CSVFile, csvHeader, csvRows(r)); err != nil {
		return err
	}
	if err := writePlots(d, r); err != nil {
		return err
	}
	if err := report.WriteText(d, MarkdownFile, Markdown(r)); err != nil {
		return err
	}
	return report.WriteJSON(d, JSONFile, toJSON(r))
}

// jsonSweep is sweep.json: the grid, then every finished cell in cell order.
// Nothing in it depends on timing or on the worker count.
type jsonSweep struct {
	Partial        bool       `json:"partial"`
	CellsDone      int        `json:"cells_done"`
	CellsTotal     int        `json:"cells_total"`
	Speeds         []float64  `json:"speeds"`
	Thickness      []float64  `json:"thickness"`
	Hz             []float64  `json:"hz"`
	Spin           []float64  `json:"spin"`
	Shapes         []Shape    `json:"shapes"`
	CCD            []bool     `json:"ccd"`
	Size           float64    `json:"size"`
	Trials         int        `json:"trials"`
	Seed           uint64     `json:"seed"`
	SettleSteps    int        `json:"settle_steps"`
	MaxTiltDegrees float64    `json:"max_tilt_degrees"`
	CCDTunnelCells int        `json:"ccd_on_cells_with_tunnels"`
	Cells          []jsonCell `json:"cells"`
}

type jsonCell struct {
	Index            int     `json:"index"`
	Speed            float64 `json:"speed"`
	Thickness        float64 `json:"thickness"`
	Hz               float64 `json:"hz"`
	Spin             float64 `json:"spin"`
	Shape            Shape   `json:"shape"`
	CCD              bool    `json:"ccd"`
	Trials           int     `json:"trials"`
	Tunnelled        int     `json:"tunnelled"`
	Stopped          int     `json:"stopped"`
	Embedded         int     `json:"embedded"`
	TunnelRate       float64 `json:"tunnel_rate"`
	WorstPenetration float64 `json:"worst_penetration"`
	WorldTunnels     uint64  `json:"world_tunnels"`
	CCDHits          uint64  `json:"ccd_hits"`
	Steps            int     `json:"steps"`
}

func toJSON(r *Result) jsonSweep {
	g := r.Grid
	out := jsonSweep{
		Partial: r.Partial, CellsDone: len(r.Cells), CellsTotal: r.Total,
		Speeds: g.Speeds, Thickness: g.Thickness, Hz: g.Hz, Spin: g.Spin, Shapes: g.Shapes, CCD: g.CCD,
		Size: g.Size, Trials: g.Trials, Seed: g.Seed, SettleSteps: SettleSteps, MaxTiltDegrees: MaxTiltDegrees,
		CCDTunnelCells: len(r.CCDTunnels()),
		Cells:          make([]jsonCell, 0, len(r.Cells)),
	}
	for _, c := range r.Cells {
		out.Cells = append(out.Cells, jsonCell{
			Index: c.Index, Speed: c.Speed, Thickness: c.Thickness, Hz: c.Hz, Spin: c.Spin, Shape: c.Shape, CCD: c.CCD,
			Trials: c.Trials, Tunnelled: c.Tunnelled, Stopped: c.Stopped, Embedded: c.Embedded,
			TunnelRate: c.TunnelRate, WorstPenetration: c.WorstPenetration,
			WorldTunnels: c.WorldTunnels, CCDHits: c.CCDHits, Steps: c.Steps,
		})
	}
	return out
}

var csvHeader = []string{"index", "speed", "thickness", "hz", "spin", "shape", "ccd", "trials",
	"tunnelled", "stopped", "embedded", "tunnel_rate", "worst_penetration", "world_tunnels", "ccd_hits"}

func num(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

func csvRows(r *Result) [][]string {
	rows := make([][]string, 0, len(r.Cells))
	for _, c := range r.Cells {
		rows = append(rows, []string{
			strconv.Itoa(c.Index), num(c.Speed), num(c.Thickness), num(c.Hz), num(c.Spin), string(c.Shape),
			strconv.FormatBool(c.CCD), strconv.Itoa(c.Trials), strconv.Itoa(c.Tunnelled), strconv.Itoa(c.Stopped),
			strconv.Itoa(c.Embedded), num(c.TunnelRate), num(c.WorstPenetration),
			strconv.FormatUint(c.WorldTunnels, 10), strconv.FormatUint(c.CCDHits, 10),
		})
	}
	return rows
}
