package gfx

// Colours are linear RGB (the box shader converts to sRGB); the alpha of a
// static's colour is its checker strength.
var (
	// GroundColor is the largest horizontal slab: a grey-green with a strong
	// checker so that motion and judder across it are easy to see.
	GroundColor = [4]float32{0.12, 0.14, 0.11, 0.6}
	// WallColor is every other static: light concrete with a faint grid.
	WallColor = [4]float32{0.62, 0.62, 0.64, 0.30}
	// ThinWallColor is a static under 5 cm thick (the CCD targets): pale blue.
	ThinWallColor = [4]float32{0.40, 0.58, 0.80, 0.30}
	// BulletColor is every projectile: hot red.
	BulletColor = [4]float32{0.95, 0.10, 0.04, 0}
	// FlaggedColor marks a body caught teleporting without the flag.
	FlaggedColor = [4]float32{0.95, 0.10, 0.85, 0}
	// crateColors are the dynamic bodies' colours, picked by creation index.
	crateColors = [...][4]float32{
		{0.80, 0.40, 0.12, 0},
		{0.72, 0.46, 0.20, 0},
		{0.86, 0.55, 0.16, 0},
		{0.66, 0.33, 0.13, 0},
		{0.78, 0.50, 0.26, 0},
	}

	ghostPrevColor = [3]float32{0.25, 0.55, 1.0}
	ghostCurrColor = [3]float32{1.0, 0.65, 0.15}
	trailNewColor  = [3]float32{1.0, 0.85, 0.25}
	trailOldColor  = [3]float32{0.55, 0.10, 0.05}
	// HitMarkerColor is the wall-hit marker colour (sRGB-ish, lines are not lit).
	HitMarkerColor = [3]float32{1.0, 0.95, 0.0}
	// TunnelMarkColor marks where a body tunnelled through a slab: pure
	// red, apart from the bullets' shaded red and the hit markers' yellow.
	TunnelMarkColor = [3]float32{1.0, 0.0, 0.0}
	// SelectedColor is the outline of the picked body, drawn on top
	// (cyan: no crate, wall, trail or marker has it).
	SelectedColor = [3]float32{0.0, 1.0, 1.0}
)

// islandColors are the islands' colours (the debug draw's islands):
// saturated hues far apart, none of them the bullets' red or the
// selection's cyan.
var islandColors = [...][4]float32{
	{0.90, 0.55, 0.05, 0}, // orange
	{0.20, 0.70, 0.15, 0}, // green
	{0.15, 0.35, 0.90, 0}, // blue
	{0.85, 0.80, 0.10, 0}, // yellow
	{0.60, 0.20, 0.85, 0}, // violet
	{0.90, 0.35, 0.60, 0}, // pink
	{0.45, 0.30, 0.15, 0}, // brown
	{0.55, 0.85, 0.45, 0}, // light green
	{0.35, 0.55, 0.95, 0}, // light blue
	{0.75, 0.75, 0.75, 0}, // grey
}

// IslandColor is the colour of the island whose lowest body index is
// root: a hash of it, so an island keeps its colour while it keeps its
// lowest body, and neighbouring roots differ.
func IslandColor(root int) [4]float32 {
	// MurmurHash3's finaliser: every bit of the index moves the pick.
	h := uint32(root)
	h ^= h >> 16
	h *= 0x85ebca6b
	h ^= h >> 13
	h *= 0xc2b2ae35
	h ^= h >> 16
	return islandColors[h%uint32(len(islandColors))]
}

// CrateColor is the colour of the dynamic body with creation index i.
func CrateColor(i int) [4]float32 {
	// Multiplicative hashing spreads neighbours in a stack over the palette.
	return crateColors[(uint32(i)*2654435761>>16)%uint32(len(crateColors))]
}

// sleepTint darkens a sleeping body's colour and cools it a little: the
// hue stays recognisable, and a stack that falls asleep visibly dims.
func sleepTint(c [4]float32) [4]float32 {
	return [4]float32{c[0]*0.55 + 0.02, c[1]*0.55 + 0.04, c[2]*0.55 + 0.10, c[3]}
}

func mix3(a, b [3]float32, t float32) [3]float32 {
	return [3]float32{a[0] + (b[0]-a[0])*t, a[1] + (b[1]-a[1])*t, a[2] + (b[2]-a[2])*t}
}
