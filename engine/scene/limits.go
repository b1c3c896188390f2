package scene

import "fmt"

// Limits of what a scene file may ask for, refused at load with one line
// (README, "Limits"). They are far beyond any scene built to be watched and
// keep a hostile or mistaken file from exhausting memory or time.
const (
	// MaxFileBytes bounds a scene file's size, and so the memory parsing
	// takes (the file and its tree, a cell of 8 bytes per value read;
	// maxValues bounds it more tightly). 128 MiB holds MaxBodies bodies
	// written out in full, or MaxStatics slabs with names of a dozen
	// characters.
	MaxFileBytes = 128 << 20
	// MaxBodies bounds the dynamic bodies a scene makes: its bodies plus the
	// projectiles its events fire. 10^6 bodies took 4.4 GB and 36 s a tick.
	MaxBodies = 100_000
	// MaxStatics bounds the static slabs, for the same reason. The step
	// costs the same for any number of them (the physics keeps them in a
	// tree), so the bound is what loading them costs: the file, its JSON
	// tree, and the scene's slabs and names (docs/speed-notes.md,
	// "Loading and the window").
	MaxStatics = 1_000_000
)

// Limits of the JSON itself, checked while the file is read, before the
// schema. The tree costs more per value than the file does (a cell of 8
// bytes for the two of `0,`), and a refused file is read a second time,
// by the Token reader, to say where: without these limits a file of bare
// zeros once took gigabytes and tens of seconds before it was refused
// (docs/limits.md has the figures). MaxBodies bodies written out in full
// (28 values each) and MaxStatics slabs (10 each) fit in maxValues; no
// object of the format has more than 13 keys. Raised with MaxStatics,
// which a level of a million slabs needs.
// (maxValues is a variable only so that a test can lower it.)
var maxValues = 13_000_000

const maxKeys = 64

// checkCount refuses a list longer than limit before any of it is decoded.
func (d *decoder) checkCount(path string, n jnode, count, limit int, what string) {
	if count > limit {
		d.failValue(path, fmt.Sprintf("(%d %s)", count, what), "more than the limit of %d %s", limit, what)
	}
}

// checkBodyTotal refuses a scene whose bodies and fired projectiles together
// pass MaxBodies.
func (d *decoder) checkBodyTotal(s *Scene) {
	total := len(s.Bodies)
	for _, e := range s.Events {
		if e.Kind == EventFire {
			total++
		}
	}
	if total > MaxBodies {
		d.failValue("events", fmt.Sprintf("(%d bodies and fired projectiles)", total),
			"more than the limit of %d dynamic bodies, projectiles included", MaxBodies)
	}
}
