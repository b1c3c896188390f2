package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"
)

// interrupts catches SIGINT and SIGTERM while a run is on, so that the run
// can end at its next frame boundary with its outputs in order (finished
// ones committed, unfinished ones never replacing a good file, temporary
// files removed) instead of dying wherever the signal finds it. Nothing is
// done in a signal handler and nothing calls os.Exit: the run asks
// interrupted once per frame and returns an interruptedError, which main
// turns into exit status 128 + the signal's number (130, 143).
//
// A run that catches signals must ask interrupted, or Ctrl-C would do
// nothing: catch only around such a loop, and stop when it is over.
type interrupts struct {
	ch  chan os.Signal
	got atomic.Int32 // the first signal's number, 0 before one
}

// catchInterrupts starts catching SIGINT and SIGTERM.
func catchInterrupts() *interrupts {
	s := &interrupts{ch: make(chan os.Signal, 1)}
	signal.Notify(s.ch, syscall.SIGINT, syscall.SIGTERM)
	return s
}

// stop gives the signals back to their default action.
func (s *interrupts) stop() { signal.Stop(s.ch) }

// interrupted reports whether a signal has come; it never blocks.
func (s *interrupts) interrupted() bool {
	if s.got.Load() != 0 {
		return true
	}
	select {
	case sig := <-s.ch:
		s.got.Store(int32(sig.(syscall.Signal)))
		return true
	default:
		return false
	}
}

// context returns a context cancelled when a signal comes, for work that
// stops on a context (a sweep's workers), and its release.
func (s *interrupts) context() (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		select {
		case sig := <-s.ch:
			s.got.CompareAndSwap(0, int32(sig.(syscall.Signal)))
			cancel()
		case <-ctx.Done():
		}
	}()
	return ctx, cancel
}

// signal is the signal that came, or 0.
func (s *interrupts) signal() syscall.Signal {
	s.interrupted()
	return syscall.Signal(s.got.Load())
}

// interruptedError ends a run cut short by a signal; what says what became
// of the outputs.
type interruptedError struct {
	sig  syscall.Signal
	what string
}

func (e interruptedError) Error() string {
	return fmt.Sprintf("interrupted by %s: %s", signalName(e.sig), e.what)
}

// signalName spells SIGINT and SIGTERM as a shell user knows them.
func signalName(sig syscall.Signal) string {
	if name := map[syscall.Signal]string{syscall.SIGINT: "SIGINT", syscall.SIGTERM: "SIGTERM"}[sig]; name != "" {
		return name
	}
	return sig.String()
}

// exitCode is the shell's convention for a process ended by a signal.
func (e interruptedError) exitCode() int { return 128 + int(e.sig) }
