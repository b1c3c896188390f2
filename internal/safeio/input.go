package safeio

import (
	"fmt"
	"io"
	"os"
	"syscall"
)

// ReadRegular reads a whole input file of at most limit bytes. The file must
// be a regular file: it is opened without blocking (a FIFO would otherwise
// wait for a writer for ever) and checked on the open descriptor, so a path
// swapped for a FIFO or device after a check is refused all the same.
func ReadRegular(path string, limit int64) ([]byte, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, unwrapPath(err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, unwrapPath(err)
	}
	if kind := notRegular(fi.Mode()); kind != "" {
		return nil, fmt.Errorf("is a %s, not a regular file", kind)
	}
	if fi.Size() > limit {
		return nil, fmt.Errorf("is %d bytes, more than the limit of %d", fi.Size(), limit)
	}
	// The size can grow while reading; read one byte past the limit to tell.
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, unwrapPath(err)
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("is more than the limit of %d bytes", limit)
	}
	return data, nil
}
