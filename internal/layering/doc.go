// Package layering holds the test of the project's import layering
// (docs/layout.md): engine/loop, engine/ccd and engine/physics at the
// bottom, the other engine and internal packages above them, the window
// (internal/window) above those, and cmd/sandbox at the top. A package may
// import only packages below it; the test reads the import graph from
// go list.
package layering
