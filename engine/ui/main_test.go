package ui

import (
	"sandbox/internal/testenv"

	"os"
	"runtime"
	"testing"

	"github.com/go-gl/glfw/v3.3/glfw"
)

// mainQueue carries work that must run on the main OS thread (GLFW and GL).
var mainQueue = make(chan func())

// glfwReady records whether glfw.Init has run (on the main thread).
var glfwReady bool

// TestMain keeps the main goroutine on the main OS thread and serves
// onMain requests there while the tests run in their own goroutines.
func TestMain(m *testing.M) {
	runtime.LockOSThread()
	done := make(chan int)
	go func() { done <- m.Run() }()
	for {
		select {
		case f := <-mainQueue:
			f()
		case code := <-done:
			if glfwReady {
				glfw.Terminate()
			}
			os.Exit(code)
		}
	}
}

// onMain runs f on the main OS thread and waits for it. f must not call
// t.Fatal (that would end the main goroutine); it returns an error instead.
func onMain(f func() error) error {
	errc := make(chan error, 1)
	mainQueue <- func() { errc <- f() }
	return <-errc
}

// needDisplay skips a window test without a display (see testenv).
func needDisplay(t testing.TB) { t.Helper(); testenv.NeedDisplay(t) }
