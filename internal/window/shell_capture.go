//go:build cgo

package window

import (
	"fmt"
	"image"
	"os"
	"sync"
	"time"

	"sandbox/engine/gfx"
)

// F12 screenshots: the pixels are read on the main thread right after the
// frame is drawn (glReadPixels must run there), then encoded and written
// on a goroutine, so that the PNG encoder's tens of milliseconds do not
// stall the frame. The result comes back on a channel that the frame loop
// polls: the path is printed on stdout and "saved FILE" shows over the
// view for toastSeconds.

// captures are the screenshots being written. Finished ones wait in a
// list under a lock rather than in a channel, so a writer never blocks on
// a frame loop that has stopped polling (at exit, wait would deadlock).
type captures struct {
	wg   sync.WaitGroup
	mu   sync.Mutex
	done []captureResult
}

type captureResult struct {
	path string
	err  error
}

// start writes img to path on a goroutine, refusing to replace a file
// that is already there.
func (c *captures) start(path string, img *image.RGBA) {
	c.wg.Add(1)
	go func() {
		defer c.wg.Done()
		r := captureResult{path: path, err: gfx.SaveNewPNG(path, img)}
		c.mu.Lock()
		c.done = append(c.done, r)
		c.mu.Unlock()
	}()
}

// poll returns a finished capture, if any, oldest first.
func (c *captures) poll() (captureResult, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.done) == 0 {
		return captureResult{}, false
	}
	r := c.done[0]
	c.done = c.done[1:]
	return r, true
}

// wait blocks until every capture is written (at exit).
func (c *captures) wait() { c.wg.Wait() }

// captureNow reads the drawn frame and starts writing it to path.
func (s *shell) captureNow(path string, fw, fh int) error {
	img, err := gfx.ReadPixels(fw, fh)
	if err != nil {
		return err
	}
	s.shots.start(path, img)
	return nil
}

// pollCaptures reports finished screenshots: the path on stdout and a
// message over the view; an error on stderr and in the message.
func (a *app) pollCaptures(nowNs int64) {
	for {
		r, ok := a.shell.shots.poll()
		if !ok {
			break
		}
		if r.err != nil {
			fmt.Fprintln(os.Stderr, "sandbox:", r.err)
			a.viewer.showToast("screenshot failed: "+r.err.Error(), nowNs)
			continue
		}
		fmt.Println(r.path)
		a.viewer.showToast("saved "+r.path, nowNs)
	}
	if a.viewer.toastUntil != 0 && nowNs >= a.viewer.toastUntil {
		a.viewer.panel.st.Toast, a.viewer.toastUntil = "", 0
	}
}

// requestScreenshot asks for a PNG of the next drawn frame, panel included
// (F12 and the panel's button).
func (s *shell) requestScreenshot() {
	s.screenshotPending = "sandbox-" + time.Now().Format("20060102-150405.000") + ".png"
}
