//go:build cgo

package window

import (
	"path/filepath"
	"sync/atomic"

	"github.com/fsnotify/fsnotify"
)

// fileWatcher reports saves of one file. It watches the file's directory
// rather than the file: editors save by writing a new file and renaming it
// over the old one, which ends a watch on the file itself. Events arrive
// on fsnotify's goroutine and are folded into one pending flag (a channel
// of one), which the frame loop polls, so a burst of events from one save
// reloads once.
type fileWatcher struct {
	w       *fsnotify.Watcher
	file    string       // absolute path watched, "" for none (main thread)
	watched atomic.Value // file, as fsnotify's goroutine reads it
	changed chan struct{}
	done    chan struct{}
}

// newFileWatcher starts watching nothing; follow names the file.
func newFileWatcher() (*fileWatcher, error) {
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, err
	}
	fw := &fileWatcher{w: w, changed: make(chan struct{}, 1), done: make(chan struct{})}
	go fw.loop(w.Events, w.Errors)
	return fw, nil
}

// follow watches path ("" stops watching).
func (fw *fileWatcher) follow(path string) {
	if fw == nil {
		return
	}
	abs := ""
	if path != "" {
		var err error
		if abs, err = filepath.Abs(path); err != nil {
			abs = ""
		}
	}
	if abs == fw.file {
		return
	}
	if fw.file != "" {
		_ = fw.w.Remove(filepath.Dir(fw.file)) // already gone: nothing to undo
	}
	fw.file = ""
	if abs != "" && fw.w.Add(filepath.Dir(abs)) == nil {
		fw.file = abs
	}
	fw.watched.Store(fw.file)
	// A save seen for the old file is not one of the new.
	select {
	case <-fw.changed:
	default:
	}
}

func (fw *fileWatcher) loop(events <-chan fsnotify.Event, errs <-chan error) {
	defer close(fw.done)
	for {
		select {
		case ev, ok := <-events:
			if !ok {
				return
			}
			if ev.Has(fsnotify.Write) || ev.Has(fsnotify.Create) || ev.Has(fsnotify.Rename) {
				fw.notify(ev.Name)
			}
		case _, ok := <-errs:
			if !ok {
				return
			}
		}
	}
}

// notify flags a change when name is the watched file.
func (fw *fileWatcher) notify(name string) {
	abs, err := filepath.Abs(name)
	file, _ := fw.watched.Load().(string)
	if err != nil || file == "" || abs != file {
		return
	}
	select {
	case fw.changed <- struct{}{}:
	default:
	}
}

// saved reports (once) whether the file was saved since the last call.
func (fw *fileWatcher) saved() bool {
	if fw == nil {
		return false
	}
	select {
	case <-fw.changed:
		return true
	default:
		return false
	}
}

// close stops the watcher and waits for its goroutine.
func (fw *fileWatcher) close() {
	if fw == nil {
		return
	}
	_ = fw.w.Close() // nothing to do about a failed close at exit
	<-fw.done
}
