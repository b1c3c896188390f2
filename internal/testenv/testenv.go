// Package testenv holds what the tests of several packages share: the
// display they need and the checks on the files a run leaves.
package testenv

import (
	"os"
	"testing"
)

// RequireDisplayEnv, when set (make test sets it under xvfb-run), turns a
// missing display from a skip into a failure, so CI cannot pass by skipping
// every window test.
const RequireDisplayEnv = "SANDBOX_REQUIRE_DISPLAY"

// NeedDisplay skips a test or benchmark that opens a window when there is no
// X display, or fails it when RequireDisplayEnv is set. Only DISPLAY counts:
// go-gl/glfw is built for X11 here, so a Wayland session works through
// XWayland's DISPLAY or not at all.
func NeedDisplay(t testing.TB) {
	t.Helper()
	if os.Getenv("DISPLAY") != "" {
		return
	}
	if os.Getenv(RequireDisplayEnv) != "" {
		t.Fatalf("no DISPLAY, but %s is set: run under xvfb-run", RequireDisplayEnv)
	}
	t.Skip("no display: run under xvfb-run")
}
