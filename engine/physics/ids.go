package physics

// BodyID names a dynamic body: its creation index plus a generation, so that a
// handle kept across World.Restore to a snapshot taken before the body existed
// is recognised as stale instead of silently naming another body.
// The zero BodyID names no body.
type BodyID uint64

// NoBody is the zero BodyID; it never names a body.
const NoBody BodyID = 0

func makeBodyID(index int, gen uint32) BodyID {
	return BodyID(uint64(gen)<<32 | uint64(uint32(index+1)))
}

// Index is the body's creation index (the i of World.Body(i)), or -1 for NoBody.
func (id BodyID) Index() int { return int(uint32(id)) - 1 }

func (id BodyID) gen() uint32 { return uint32(id >> 32) }

// StaticID names a static slab by its creation index (statics are never removed).
type StaticID int32

// NoStatic is the StaticID used where no slab is meant.
const NoStatic StaticID = -1
